"""Practice themes of the nantong games (besides the ones every game has)."""

from __future__ import annotations
