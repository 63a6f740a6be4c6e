"""The deal as an immutable value: who holds what, whose decision it is, what is on offer.

Four sit, three play: the dealer (庄家), the dealer's 下家 and the seat opposite; the
dealer's 上家 sits out (定醒 / 消醒). A :class:`State` holds every card (the stock, the
turned generals, each seat's concealed hand, laid-down groups and discards), what each
seat was dealt (起手 matters for the count), and the memory the rules need: who declared
ready (报听), who has discarded, the card just drawn (and whether it replaced a four),
the discard on offer with the seats still to answer and the claims so far.

``dealt`` is what each seat was dealt, in full until its first discard (a four laid down
before then is a 龙 when all four were dealt); from then on only the turned generals'
kinds dealt three or more (三张翻将 with the turned card are a 龙 in the count): the
rules need nothing else of the deal, and the position code stays short.

The phases: ``ting`` (a non-dealer decides on 报听), ``turn`` (a seat holding a full hand
goes out, lays down a four or discards), ``respond`` (a seat answers a discard), ``over``.
Once over, ``winner`` is set (``None``: 荒庄) and the card won on stays where the win
found it: ``discard``/``discarder`` for a discard, ``last_drawn`` for 自摸.

The state machine is :mod:`.play`; its refusals :mod:`.refusals`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from app.engine.core.errors import Detail
from app.engine.nantong.analyze import hand_size
from app.engine.nantong.melds import Meld
from app.engine.nantong.rules import Generals, Rules, generals_of

SEATS = 4
TING, TURN, RESPOND, OVER = "ting", "turn", "respond", "over"
PHASES = (TING, TURN, RESPOND, OVER)

Counts = tuple[int, ...]  # cards per kind (35 kinds)


@dataclass(frozen=True)
class State:
    rules: Rules
    dealer: int
    stock: tuple[int, ...]  # drawing order: play draws the front, replacements the back
    generals: tuple[int, ...]  # the turned general cards (翻将)
    hands: tuple[Counts, ...]
    dealt: tuple[Counts, ...]  # the deal, as far as the rules still need it (see below)
    melds: tuple[tuple[Meld, ...], ...]
    discards: tuple[tuple[int, ...], ...]  # in order; a claimed discard leaves the pile
    phase: str
    turn: int  # the seat to act (-1 once over)
    baoting: tuple[bool, ...]  # 报听 declared
    has_discarded: tuple[bool, ...]
    last_drawn: int | None = None
    replacement: bool = False  # the turn's card came from a 杠 / 叫牌 replacement
    discard: int | None = None  # the card on offer while responding
    discarder: int | None = None
    responders: tuple[int, ...] = ()  # seats still to answer after ``turn``
    claims: tuple[tuple[int, str], ...] = ()  # (seat, kind) of the answers so far
    winner: int | None = None

    # -- seats -----------------------------------------------------------
    @property
    def out_seat(self) -> int:
        """定醒: the dealer's 上家 sits this deal out."""
        return (self.dealer + 3) % SEATS

    @property
    def players(self) -> tuple[int, int, int]:
        d = self.dealer
        return (d, (d + 1) % SEATS, (d + 2) % SEATS)

    def next_player(self, seat: int) -> int:
        n = (seat + 1) % SEATS
        return (n + 1) % SEATS if n == self.out_seat else n

    @property
    def gen(self) -> Generals:
        return generals_of(self.generals, self.rules.shuang)

    def qishou(self, seat: int) -> frozenset[int]:
        """Kinds of which ``seat`` was dealt three or more (起手), as far as they matter."""
        return _qishou(self.dealt[seat])

    def total_cards(self) -> int:
        n = len(self.stock) + len(self.generals)
        n += sum(map(sum, self.hands))
        n += sum(m.held for ms in self.melds for m in ms)
        n += sum(map(len, self.discards))
        return n


@lru_cache(maxsize=4096)
def _qishou(dealt: Counts) -> frozenset[int]:
    """:meth:`State.qishou` of one deal, made once."""
    return frozenset(k for k in range(30) if dealt[k] >= 3)


def evolve(s: State, **kw: Any) -> State:
    """``dataclasses.replace`` without its checks (the hot path of self-play)."""
    new = object.__new__(State)
    d = new.__dict__
    d.update(s.__dict__)
    d.update(kw)
    return new


def put(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    """``t`` with item ``i`` replaced by ``v``."""
    return t[:i] + (v,) + t[i + 1 :]


def check_invariants(s: State) -> Detail | None:
    """What is wrong with ``s`` (cards not conserved, a hand of the wrong size), or None."""
    total = s.total_cards()
    if total != s.rules.deck_size:
        return Detail(f"cards not conserved: {total} != {s.rules.deck_size}", "detail-deck")
    sizes = [sum(h) for h in s.hands]
    if sizes[s.out_seat] or s.melds[s.out_seat]:
        return Detail("the 定醒 seat holds cards", "detail-sitting-out")
    if s.phase == OVER:
        return None
    for seat in s.players:
        full = hand_size(s.melds[seat])
        if sizes[seat] not in (full, full - 1):
            return Detail(f"seat {seat}: hand size {sizes[seat]}", "detail-hand-size", seat=seat)
        if seat == s.turn and s.phase == TURN and sizes[seat] != full:
            return Detail(f"seat {seat} on turn without a full hand", "detail-hand-size", seat=seat)
    return None
