"""What the card macros draw: pictures with their names in the page language, hands,
groups on the table, and whole tables as plain data (built here, drawn by
``templates/components/cards.html``).

Every card is addressed as ``(family, token)`` with the engine's canonical tokens.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from flask import url_for
from flask_babel import get_locale
from flask_babel import gettext as _

from app.cards.catalog import families, family
from app.cards.svg import W, height

MELD_STATES = ("up", "down", "one")


def _locale() -> str:
    return str(get_locale() or "zh")


@dataclass(frozen=True)
class Pic:
    """One picture to draw: its static file, size and accessible name."""

    token: str  # "" for a card back
    src: str
    label: str
    width: int
    height: int
    red: bool = False
    checked: bool = False


def face(family_id: str, token: str, checked: bool = False) -> Pic:
    """The face of a card, named in the page language."""
    c = family(family_id).card(token)
    return Pic(
        token=token,
        src=url_for("static", filename=c.svg_path),
        label=c.label(_locale()),
        width=W,
        height=height(family(family_id)),
        red=c.red_mark,
        checked=checked,
    )


def back(family_id: str) -> Pic:
    """A face-down card."""
    return Pic(
        token="",
        src=url_for("static", filename=f"cards/{family_id}/back.svg"),
        label=_("Face-down card"),
        width=W,
        height=height(family(family_id)),
    )


def hand_groups(
    family_id: str,
    tokens: Iterable[str] = (),
    groups: Sequence[Sequence[str]] | None = None,
    checked: Iterable[str] = (),
    sort: bool = True,
) -> list[list[Pic]]:
    """A hand as groups of pictures: its 门子 when ``groups`` is given, else one group
    (sorted unless ``sort`` is false). ``checked`` tokens (a multiset) come out ticked."""
    fam = family(family_id)
    if groups is None:
        toks = list(tokens)
        groups = [fam.sort(toks) if sort else toks]
    left = Counter(checked)
    out: list[list[Pic]] = []
    for g in groups:
        row: list[Pic] = []
        for t in g:
            tick = left[t] > 0
            if tick:
                left[t] -= 1
            row.append(face(family_id, t, checked=tick))
        out.append(row)
    return out


def meld_pics(family_id: str, tokens: Sequence[str], state: str = "up") -> list[Pic]:
    """A group on the table: ``up`` (all shown), ``down`` (all hidden) or ``one`` (the
    first card shown, the rest face down, as for 臭偎 and 提)."""
    if state not in MELD_STATES:
        raise ValueError(f"meld state must be one of {MELD_STATES}, not {state!r}")
    if state == "up":
        return [face(family_id, t) for t in tokens]
    if state == "down":
        return [back(family_id) for _ in tokens]
    return [face(family_id, tokens[0])] + [back(family_id) for _ in tokens[1:]]


# ---------------------------------------------------------------------------
# A whole table


@dataclass
class Meld:
    tokens: list[str]
    state: str = "up"  # up | down | one
    label: str = ""  # 碰, 偎 …: the kind, in the page language


@dataclass
class Seat:
    name: str
    hand: list[str] | None = None  # the cards, when this viewer may see them
    hand_count: int = 0  # otherwise only how many
    melds: list[Meld] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    you: bool = False
    dealer: bool = False
    groups: list[list[str]] | None = None  # the hand grouped into 门子

    @property
    def count(self) -> int:
        return len(self.hand) if self.hand is not None else self.hand_count


@dataclass
class Table:
    family: str
    seats: list[Seat]  # the viewer first, then in turn order
    stock: int
    shown: str | None = None  # a card turned face up in the middle (亮张, the general…)
    select: str | None = None  # input name: the viewer's hand is selectable
    checked: list[str] = field(default_factory=list)
    fan: bool = False  # the viewer's hand in overlapping rows (see the hand macro)

    def __post_init__(self) -> None:
        if len(self.seats) not in (3, 4):
            raise ValueError("a table has 3 or 4 seats")


# ---------------------------------------------------------------------------
# The demo table: a deterministic deal, every card accounted for.

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
        "peng": _("Pong (碰)"),
        "chi": _("Chow (吃)"),
        "wei": _("Wei, hidden (偎)"),
        "chouwei": _("Stale wei (臭偎)"),
        "ti": _("Ti, four alike (提)"),
        "an": _("Hidden three (暗)"),
        "yan": _("Three sevens (燕)"),
        "gang": _("Kong (杠)"),
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
"""A hand grouped into its 门子, per family, for the showcase."""
