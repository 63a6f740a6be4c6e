"""Exercise generators of the chuanpai games (besides the five every game has)."""

from __future__ import annotations
