"""Engine queries of guilin beyond the shared ones (registered into ``QUERIES`` under
names prefixed ``guilin:``)."""

from __future__ import annotations
