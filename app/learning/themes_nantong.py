"""Practice themes of nantong (besides the ones every game has): each a ``Theme`` whose
``ask(game, state, seat)`` turns a moment of a deal into a question with an exact answer,
or says it does not fit (see app/learning/practice.py)."""

from __future__ import annotations
