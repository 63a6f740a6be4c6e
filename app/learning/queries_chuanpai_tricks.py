"""Engine queries of chuanpai-tricks beyond the shared ones (registered into ``QUERIES`` under
names prefixed ``chuanpai-tricks:``)."""

from __future__ import annotations
