"""Engine queries of chuanpai beyond the shared ones (registered into ``QUERIES`` under
names prefixed ``chuanpai:``)."""

from __future__ import annotations
