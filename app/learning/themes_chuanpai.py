"""Practice themes of the chuanpai games (besides the ones every game has)."""

from __future__ import annotations
