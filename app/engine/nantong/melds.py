"""Laid-down groups (碰, 杠/窟, 龙) and how each group was made.

A :class:`Meld` is three or four alike (fewer when the turned general cards complete
it to four: 叫牌). Its ``made`` says how it was made, which picks the column of the 胡
table: ``peng`` 碰, ``an-ke`` 暗刻 (three in hand, shown), ``ming-gang`` 明杠 (one of the
four from a discard, or a 碰 with the fourth drawn later), ``an-gang`` 暗杠 / 后摸 (all
drawn by the player during play), ``long`` 龙 / 起手 (dealt at the start).

Slots: a winning hand is a pair plus seven groups. A meld of three or four held cards
takes one of the seven places (a four, 窟, gives one replacement draw). A 叫牌 meld,
fewer than four held cards completed to four by turned generals, is laid aside and
replaced card for card (the seed: "可以放下补两张牌"), so it takes no place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from app.engine.core.errors import EngineError
from app.engine.nantong.cards import is_xi, parse_card, parse_cards, token
from app.engine.nantong.rules import AN_GANG, AN_KE, LONG, MADE, MING_GANG, PENG

MELD_KINDS: dict[str, str] = {
    "peng": PENG,
    "碰": PENG,
    "an-ke": AN_KE,
    "anke": AN_KE,
    "暗刻": AN_KE,
    "ke": AN_KE,
    "ming-gang": MING_GANG,
    "minggang": MING_GANG,
    "gang": MING_GANG,
    "ku": MING_GANG,
    "明杠": MING_GANG,
    "杠": MING_GANG,
    "窟": MING_GANG,
    "an-gang": AN_GANG,
    "angang": AN_GANG,
    "houmo": AN_GANG,
    "暗杠": AN_GANG,
    "后摸": AN_GANG,
    "long": LONG,
    "long-qishou": LONG,
    "qishou": LONG,
    "jiaopai": LONG,
    "龙": LONG,
    "龍": LONG,
    "起手": LONG,
    "叫牌": LONG,
}


@dataclass(frozen=True, slots=True)
class Meld:
    """A laid-down group: ``held`` copies of ``card``, made as ``made``."""

    made: str
    card: int
    held: int

    def __str__(self) -> str:
        return f"{self.made}:{','.join([token(self.card)] * self.held)}"

    def __repr__(self) -> str:
        return f"Meld({self.made!r}, {self.card!r}, {self.held!r})"

    @property
    def cards(self) -> tuple[int, ...]:
        return (self.card,) * self.held

    @property
    def takes_slot(self) -> bool:
        """Whether the meld is one of the seven groups (a 叫牌 meld is not)."""
        return self.held >= 3 and not (self.made in (AN_GANG, LONG) and self.held == 3)

    def to_json(self) -> dict[str, Any]:
        return {"made": self.made, "card": token(self.card), "held": self.held}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Meld:
        made, held = str(data["made"]), int(data["held"])
        if made not in MADE or not 2 <= held <= 4:
            raise EngineError("bad-position", detail=f"meld {made} of {held}", why="detail-meld")
        return cls(made, parse_card(str(data["card"]), True), held)


def check_meld(made: str, cards: tuple[int, ...], turned: int, kind_text: str) -> Meld:
    """A :class:`Meld` from its cards, or ``bad-meld``. ``turned``: copies of the kind
    among the turned generals (they complete a 叫牌 meld to four)."""
    bad = EngineError("bad-meld", kind=kind_text, cards=[token(k) for k in cards])
    if not cards or len(set(cards)) != 1 or is_xi(cards[0]):
        raise bad
    k, n = cards[0], len(cards)
    ok = {
        PENG: n == 3,
        AN_KE: n == 3 and turned == 0,
        MING_GANG: n == 4,
        AN_GANG: n == 4 or (n >= 2 and n + turned == 4),
        LONG: n == 4 or (n >= 2 and n + turned == 4),
    }[made]
    if not ok:
        raise bad
    return Meld(made, k, n)


def parse_meld(kind: str, text: str, xi: bool, turned: tuple[int, ...]) -> Meld:
    """``--meld KIND:CARDS`` → :class:`Meld` (``unknown-meld-kind``, ``bad-meld``)."""
    made = MELD_KINDS.get(kind.strip().lower()) or MELD_KINDS.get(kind.strip())
    if made is None:
        raise EngineError("unknown-meld-kind", kind=kind)
    cards = parse_cards(text, xi)
    if not cards:
        raise EngineError("bad-meld", kind=kind, cards=[])
    return check_meld(made, cards, turned[cards[0]], kind)
