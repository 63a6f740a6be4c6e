"""Exercise generators of guilin (besides the five every game has; see
app/learning/generators.py)."""

from __future__ import annotations
