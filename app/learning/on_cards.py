"""A move as the cards show it: the cards it takes from the hand (a tap or a selection
makes it), and whether it claims the card on offer (a claim is made on the offered card,
shown beside it). Shared by the play table and the exercises that ask for a move."""

from __future__ import annotations

from collections import Counter
from typing import Any

#: Moves that take the card on offer whenever there is one.
CLAIMS = ("chi", "peng", "pass", "guo", "hu", "ming-gang")


def groups(value: Any) -> list[list[str]]:
    """A parameter holding groups of cards (``bi=x1.x2.x3/``) as lists of tokens."""
    if not value:
        return []
    if isinstance(value, str):
        return [[value]]
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return [[str(v) for v in value]]
    if isinstance(value, list | tuple):
        return [[str(c) for c in g] if isinstance(g, list | tuple) else [str(g)] for g in value]
    return []


def hand_part(action: Any, hand: list[str], offer: str | None) -> tuple[list[str], bool, bool]:
    """The cards ``action`` takes from ``hand`` (with a chi's bi groups), whether it
    claims the card on offer (a claiming kind, a move naming the card, or one using the
    offer more often than the hand holds it), and whether the hand holds every other card
    it names (a refused move may name cards the hand does not hold)."""
    cards = list(action.cards) + [c for g in groups(action.params.get("bi")) for c in g]
    named = action.params.get("card")
    claim = False
    if named is not None and str(named) in cards:
        cards.remove(str(named))
        claim = True
    elif offer is not None and (action.kind in CLAIMS or cards.count(offer) > hand.count(offer)):
        claim = True
        if offer in cards:
            cards.remove(offer)
    left = Counter(hand)
    part = []
    for c in cards:
        if left[c] > 0:
            left[c] -= 1
            part.append(c)
    return part, claim, len(part) == len(cards)
