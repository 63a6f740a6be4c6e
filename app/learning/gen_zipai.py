"""Exercise generators of the zipai games (besides the five every game has)."""

from __future__ import annotations
