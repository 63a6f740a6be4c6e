"""Engine queries of nantong beyond the shared ones (registered into ``QUERIES`` under
names prefixed ``nantong:``)."""

from __future__ import annotations
