"""The demo table of the gallery: a deterministic deal, every card accounted for."""

from __future__ import annotations

import random
from typing import Any

from flask_babel import gettext as _

from app.text.cards import families, family
from app.ui.hanzi import hanzi
from app.ui.pictures import Meld, Seat, Table

_DEMO_MELDS: dict[str, list[list[tuple[list[str], str, str]]]] = {
    # per seat: (cards, state, kind msgid)
    "zipai": [
        [(["x3", "x3", "x3"], "up", "peng"), (["d2", "d7", "d10"], "up", "chi")],
        [(["d5", "d5", "d5"], "down", "wei"), (["x9", "x9", "x9", "x9"], "one", "ti")],
        [(["x8", "x8", "x8"], "one", "chouwei")],
        [(["d1", "d2", "d3"], "up", "chi")],
    ],
    "chuanpai": [
        [(["16", "25", "34"], "up", "yan"), (["46", "46", "46"], "up", "peng")],
        [(["33", "33", "33"], "down", "an")],
        [(["55", "55", "55", "55"], "one", "gang")],
        [(["26", "26", "26"], "up", "peng")],
    ],
    "nantong": [
        [(["5t", "5t", "5t"], "up", "peng"), (["hh", "hh", "hh"], "up", "peng")],
        [(["2w", "2w", "2w", "2w"], "up", "gang")],
        [(["9b", "9b", "9b", "9b"], "one", "gang")],
        [(["qz", "qz", "qz"], "up", "peng")],
    ],
}
_DEMO_SHOWN = {"zipai": "x10", "chuanpai": "66", "nantong": "4b"}


def meld_kind_label(kind: str) -> str:
    labels = {
        "peng": _("Pong (%(peng)s)", peng=hanzi("peng")),
        "chi": _("Chow (%(chi)s)", chi=hanzi("chi")),
        "wei": _("Wei, hidden (%(wei)s)", wei=hanzi("wei")),
        "chouwei": _("Stale wei (%(chouwei)s)", chouwei=hanzi("chouwei")),
        "ti": _("Ti, four alike (%(ti)s)", ti=hanzi("ti")),
        "an": _("Hidden three (%(an)s)", an=hanzi("an")),
        "yan": _("Three sevens (%(yan)s)", yan=hanzi("yan")),
        "gang": _("Kong (%(gang)s)", gang=hanzi("gang")),
    }
    return labels[kind]


def demo_table(family_id: str, n_seats: int = 3, hand_size: int = 21, seed: int = 6) -> Table:
    """A table in mid-game for ``n_seats`` players; the viewer holds ``hand_size`` cards."""
    fam = family(family_id)
    deck = list(fam.deck_list())
    for seat_melds in _DEMO_MELDS[family_id][:n_seats]:
        for cards, _state, _kind in seat_melds:
            for t in cards:
                deck.remove(t)
    shown = _DEMO_SHOWN[family_id]
    deck.remove(shown)
    rnd = random.Random(seed)
    rnd.shuffle(deck)
    names = [_("You"), _("Right"), _("Across"), _("Left")] if n_seats == 4 else [
        _("You"), _("Right"), _("Left")
    ]  # fmt: skip
    seats: list[Seat] = []
    for i in range(n_seats):
        melds = [
            Meld(list(cards), state, meld_kind_label(kind))
            for cards, state, kind in _DEMO_MELDS[family_id][i]
        ]
        discards = [deck.pop() for _ in range((3 if n_seats == 3 else 2) + i % 2)]
        if i == 0:
            hand = [deck.pop() for _ in range(hand_size)]
            seats.append(Seat(names[i], hand=hand, melds=melds, discards=discards, you=True))
        else:
            n = (13 if n_seats == 3 else 10) - i
            if n > len(deck):
                raise ValueError("the demo deal ran out of cards")
            del deck[-n:]
            seats.append(Seat(names[i], hand_count=n, melds=melds, discards=discards))
    seats[0].dealer = True
    return Table(family=family_id, seats=seats, stock=len(deck), shown=shown)


def all_families() -> list[Any]:
    return list(families().values())


DEMO_GROUPS: dict[str, list[list[str]]] = {
    "zipai": [["x1", "x2", "x3"], ["d2", "d7", "d10"], ["x5", "x5", "d5"], ["x9", "x9"]],
    "chuanpai": [["46", "46", "46"], ["16", "25", "34"], ["22", "24"], ["cs", "45"]],
    "nantong": [["1b", "2b", "3b"], ["5t", "5t", "5t"], ["7w", "8w", "9w"], ["hh", "hh"]],
}
"""A hand grouped into its menzi (the groups a hand is sorted into), per family, for the
showcase."""
