"""Engine queries of hunan beyond the shared ones (registered into ``QUERIES`` under
names prefixed ``hunan:``)."""

from __future__ import annotations
