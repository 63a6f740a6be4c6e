"""Exercise generators of the nantong games (besides the five every game has)."""

from __future__ import annotations
