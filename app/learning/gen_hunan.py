"""Exercise generators of hunan (besides the five every game has; see
app/learning/generators.py)."""

from __future__ import annotations
