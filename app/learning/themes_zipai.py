"""Practice themes of the zipai games (besides the ones every game has)."""

from __future__ import annotations
