"""A whole 字牌 deal as an immutable state machine.

:func:`deal` starts a deal; :func:`legal_actions` lists what a seat may do (forced
actions carry ``forced=True``); :func:`apply` returns a NEW state, or raises
:class:`IllegalAction` carrying a :class:`Reason` (``must-bi``, ``chou-card``,
``breaks-kan``, ``lower-priority``, ...; see :data:`REASON_CODES`).
:func:`why_illegal` gives the same reason without raising.

Phases:

- ``offer``: a card is on offer (the dealer's 亮张 at the start, a card turned
  from the stock, or a discard). Seats are asked one at a time in priority order
  (the drawer's forced 提/偎 first; then 胡, the drawer first and then in seat order;
  then a forced 跑; then 碰; then 吃, the drawer before the next seat); each either
  takes its action or passes. Passing records 臭牌 / 臭胡 memory.
- ``play``: ``turn`` must discard (``must_discard``), or may only declare a win
  after its own 提/偎 or pass on (八块/重跑: no discard).
- ``draw``: ``turn`` turns the next stock card (a forced action).
- ``over``: ``result`` holds the winner and the itemized count, or 荒庄.

Whether a seat discards after taking a card follows one structural rule that
covers 八块/重跑 and a start with two 提: a complete holding has 21 cards, or
20 + the number of 跑/提 once there is one; a seat discards only when its holding
has reached that size.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from app.engine.core.actions import Action, Count, CountLine
from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason
from app.engine.zipai.cards import (
    COPIES,
    DECK_SIZE,
    KINDS,
    TOKEN_INDEX,
    TOKENS,
    Card,
    card_from_json,
    counts_of,
    full_deck,
    token,
)
from app.engine.zipai.decompose import Arrangement, arrange_pool, split_concealed
from app.engine.zipai.melds import (
    CHI,
    CHOUWEI,
    GUILIN_NAMES,
    KAN,
    KIND_ALIASES,
    PAO,
    PENG,
    TI,
    WEI,
    Meld,
    chi_shape,
    valid,
)
from app.engine.zipai.rules import GUILIN, ZipaiRules
from app.engine.zipai.settle import WinContext, scores, settle

SEATS = 3
HAND = 20

REASON_CODES = (
    "zp-game-over",
    "zp-not-your-turn",
    "lower-priority",
    "zp-must-take-forced",
    "zp-must-draw",
    "zp-not-allowed-now",
    "zp-not-in-hand",
    "breaks-kan",
    "zp-no-discard-needed",
    "zp-must-discard",
    "zp-not-complete",
    "zp-below-minimum",
    "zp-chou-hu",
    "zp-no-win-on-discard",
    "chou-card",
    "zp-own-discard",
    "zp-not-next-seat",
    "zp-bad-chi",
    "must-bi",
    "zp-cannot-bi",
    "zp-bad-bi",
    "zp-no-discard-left",
)

STAGES = ("self", "hu", "pao", "peng", "chi")


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``reason`` says why (as data)."""

    def __init__(self, reason: Reason) -> None:
        self.reason = reason
        super().__init__(repr(reason))


# --------------------------------------------------------------------------- values


@dataclass(frozen=True, slots=True)
class Seat:
    """One player's cards and memory. Bitmasks have bit ``c`` set for card ``c``."""

    hand: tuple[int, ...]  # counts per card kind, concealed
    melds: tuple[Meld, ...] = ()  # on the table (进牌区)
    pile: tuple[Card, ...] = ()  # discards and unused turned cards in front of the seat
    thrown: int = 0  # cards this seat discarded: never 吃 (Hunan: nor 碰) them
    chou: int = 0  # 臭牌: declined to 吃/碰 them
    refused_peng: int = 0  # declined to 碰: the own draw of that card is a 臭偎
    chou_hu: tuple[tuple[Card, int], ...] = ()  # (card, table 胡息 when a win on it was declined)

    @property
    def size(self) -> int:
        return sum(self.hand) + sum(len(m.cards) for m in self.melds)

    @property
    def quads(self) -> int:
        return sum(1 for m in self.melds if m.is_quad)

    def table_huxi(self, yiwushi: bool = False) -> int:
        """当前胡息: the 胡息 of the groups on the table."""
        return sum(m.points(yiwushi) for m in self.melds)

    def complete_size(self) -> int:
        q = self.quads
        return 21 if q == 0 else 20 + q

    def needs_discard(self, quad_intake: bool = False) -> bool:
        """Whether the seat discards after an intake (八块/重跑 and a start with two 提).

        A real holding (20 cards or more) discards only when it has reached the
        size of a complete one. A partial teaching position falls back to the
        plain rule: no discard after a second 跑/提."""
        if self.size >= HAND:
            return self.size >= self.complete_size()
        return not (quad_intake and self.quads >= 2)

    def discardable(self) -> list[Card]:
        return [c for c in range(KINDS) if 0 < self.hand[c] < 3]

    def meld_of(self, card: Card, kinds: Sequence[str]) -> int | None:
        for i, m in enumerate(self.melds):
            if m.cards[0] == card and m.kind in kinds:
                return i
        return None

    def cards(self) -> list[Card]:
        out = [c for c in range(KINDS) for _ in range(self.hand[c])]
        for m in self.melds:
            out.extend(m.cards)
        return out


@dataclass(frozen=True, slots=True)
class Offer:
    """A card on offer: ``source`` is ``liang`` (亮张), ``draw`` or ``discard``."""

    card: Card
    seat: int
    source: str
    passed: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Result:
    winner: int | None
    how: str  # "hu" | "tianhu" | "huang" (荒庄)
    scores: tuple[int, ...] = (0, 0, 0)
    huxi: int = 0
    melds: tuple[Meld, ...] = ()
    count: Count | None = None
    card: Card | None = None
    xing_card: Card | None = None


@dataclass(frozen=True)
class State:
    rules: ZipaiRules
    dealer: int
    seats: tuple[Seat, ...]
    stock: tuple[Card, ...]
    liang: Card
    phase: str
    turn: int
    offer: Offer | None = None
    must_discard: bool = False
    may_hu: bool = False
    streak: int = 0  # consecutive 荒庄 before this deal (for the next dealer)
    moves: int = 0
    result: Result | None = None

    def seat(self, i: int) -> Seat:
        return self.seats[i]

    def kind_name(self, kind: str) -> str:
        return GUILIN_NAMES.get(kind, kind) if self.rules.game == GUILIN else kind


def _evolve(s: State, **kw: Any) -> State:
    """``dataclasses.replace`` for :class:`State`, without its per-call introspection."""
    g = kw.get
    return State(
        g("rules", s.rules),
        g("dealer", s.dealer),
        g("seats", s.seats),
        g("stock", s.stock),
        g("liang", s.liang),
        g("phase", s.phase),
        g("turn", s.turn),
        g("offer", s.offer),
        g("must_discard", s.must_discard),
        g("may_hu", s.may_hu),
        g("streak", s.streak),
        g("moves", s.moves),
        g("result", s.result),
    )


def _seat_evolve(s: Seat, **kw: Any) -> Seat:
    g = kw.get
    return Seat(
        g("hand", s.hand),
        g("melds", s.melds),
        g("pile", s.pile),
        g("thrown", s.thrown),
        g("chou", s.chou),
        g("refused_peng", s.refused_peng),
        g("chou_hu", s.chou_hu),
    )


def _with_seat(state: State, i: int, seat: Seat) -> tuple[Seat, ...]:
    return tuple(seat if j == i else s for j, s in enumerate(state.seats))


def _sub(hand: tuple[int, ...], cards: Sequence[Card]) -> tuple[int, ...]:
    h = list(hand)
    for c in cards:
        h[c] -= 1
    return tuple(h)


def _add(hand: tuple[int, ...], cards: Sequence[Card]) -> tuple[int, ...]:
    h = list(hand)
    for c in cards:
        h[c] += 1
    return tuple(h)


# --------------------------------------------------------------------------- deal


def deal(
    rules: ZipaiRules,
    rng: random.Random | None = None,
    dealer: int = 0,
    streak: int = 0,
    deck: Sequence[Card] | None = None,
) -> State:
    """Shuffle and deal: the dealer 20 plus the shown 亮张 (挡底), the others 20, 19 in stock.

    Four alike in a hand are laid down at once (提 / 扫穿). A seat with three 提 or
    five 坎 (提 counting as 坎) wins at once (Hunan 天胡; Guilin 三笼 / 五坎), the
    dealer first. Otherwise the 亮张 is offered for a win (天胡) and the dealer plays.
    """
    cards = list(deck) if deck is not None else full_deck()
    if deck is None:
        (rng or random.Random()).shuffle(cards)
    order = [(dealer + i) % SEATS for i in range(SEATS)]
    hands: dict[int, list[Card]] = {s: [] for s in order}
    pos = 0
    for s in order:
        hands[s] = cards[pos : pos + HAND]
        pos += HAND
    liang = cards[pos]
    pos += 1
    hands[dealer].append(liang)
    seats: list[Seat] = []
    for s in range(SEATS):
        counts = counts_of(hands[s])
        melds = []
        for c in range(KINDS):
            if counts[c] == 4:
                melds.append(Meld(TI, (c,) * 4))
                counts[c] = 0
        seats.append(Seat(tuple(counts), tuple(melds)))
    state = State(
        rules,
        dealer,
        tuple(seats),
        tuple(cards[pos:]),
        liang,
        "offer",
        dealer,
        Offer(liang, dealer, "liang"),
        streak=streak,
    )
    for s in order:
        won = _deal_win(state, s)
        if won is not None:
            return won
    return _advance(state)


def _deal_win(state: State, s: int) -> State | None:
    seat = state.seats[s]
    quads = [m for m in seat.melds if m.is_quad]
    kans = [Meld(KAN, (c,) * 3) for c in range(KINDS) if seat.hand[c] == 3]
    if len(quads) < 3 and len(quads) + len(kans) < 5:
        return None
    groups = tuple(quads + kans)
    if state.rules.game == GUILIN:
        specials = tuple(
            sp for sp, ok in (("sanlong", len(quads) >= 3), ("wukan", len(groups) >= 5)) if ok
        )
    else:
        specials = ("tianhu",)
    huxi = sum(m.points(state.rules.yiwushi) for m in groups)
    return _finish(state, s, huxi, groups, seat.cards(), None, specials, zimo=True, how="tianhu")


# --------------------------------------------------------------------------- winning


def _best(options: Iterator[Arrangement | None]) -> Arrangement | None:
    best = None
    for arr in options:
        if arr is not None and (best is None or arr.points > best.points):
            best = arr
    return best


def holding_arrangement(seat: Seat, yiwushi: bool) -> Arrangement | None:
    """The best arrangement of a seat's holding as it stands (no extra card)."""
    pool, fixed = split_concealed(seat.hand)
    return arrange_pool(pool, list(seat.melds) + fixed, yiwushi)


def arrangement_with(
    seat: Seat,
    card: Card,
    self_draw: bool,
    peng_upgrade: bool,
    yiwushi: bool,
    wei_upgrade: bool = True,
) -> Arrangement | None:
    """Best arrangement of a seat's holding plus ``card`` (破跑胡 included)."""
    pool, fixed = split_concealed(seat.hand)
    melds = list(seat.melds)

    def gen() -> Iterator[Arrangement | None]:
        p = list(pool)
        p[card] += 1
        yield arrange_pool(p, melds + fixed, yiwushi)
        n = seat.hand[card]
        if n == 2:
            p = list(pool)
            p[card] = 0
            yield arrange_pool(
                p, melds + fixed + [Meld(WEI if self_draw else PENG, (card,) * 3)], yiwushi
            )
        if n == 3:
            quad = Meld(TI if self_draw else PAO, (card,) * 4)
            yield arrange_pool(
                pool, melds + [m for m in fixed if m.cards[0] != card] + [quad], yiwushi
            )
        for i, m in enumerate(melds):
            if m.cards[0] != card:
                continue
            if (m.kind in (WEI, CHOUWEI) and wei_upgrade) or (m.kind == PENG and peng_upgrade):
                quad = Meld(TI if self_draw and m.kind != PENG else PAO, (card,) * 4)
                yield arrange_pool(pool, melds[:i] + melds[i + 1 :] + [quad] + fixed, yiwushi)

    return _best(gen())


def _hu_arrangement(state: State, t: int, offer: Offer) -> Arrangement | None:
    rules = state.rules
    seat = state.seats[t]
    if offer.source == "liang" and t == state.dealer:
        return holding_arrangement(seat, rules.yiwushi)
    if offer.source == "discard":
        if not rules.win_on_discard:
            return None
        return arrangement_with(
            seat, offer.card, False, False, rules.yiwushi, rules.wei_pao_on_discard
        )
    self_draw = offer.source == "draw" and t == offer.seat
    peng_up = self_draw or rules.peng_pao_any_draw
    if offer.source == "liang":
        peng_up = False
    return arrangement_with(seat, offer.card, self_draw, peng_up, rules.yiwushi)


def _chou_hu_blocked(state: State, t: int, card: Card) -> bool:
    if not state.rules.chou_hu:
        return False
    seat = state.seats[t]
    now = seat.table_huxi(state.rules.yiwushi)
    return any(c == card and h == now for c, h in seat.chou_hu)


def can_hu(state: State, t: int, offer: Offer) -> Arrangement | None:
    arr = _hu_arrangement(state, t, offer)
    if arr is None or arr.points < state.rules.min_huxi:
        return None
    if _chou_hu_blocked(state, t, offer.card):
        return None
    return arr


# --------------------------------------------------------------------------- 吃 and 比


_CHI_SHAPES: dict[bool, tuple[tuple[tuple[Card, Card, Card], ...], ...]] = {}


def chi_shapes(card: Card, yiwushi: bool) -> tuple[tuple[Card, Card, Card], ...]:
    """Every 吃-shaped group (sorted) that contains ``card``."""
    table = _CHI_SHAPES.get(yiwushi)
    if table is None:
        per: list[list[tuple[Card, Card, Card]]] = [[] for _ in range(KINDS)]
        for a in range(KINDS):
            for b in range(a, KINDS):
                for c in range(b, KINDS):
                    if chi_shape((a, b, c), yiwushi):
                        for x in {a, b, c}:
                            per[x].append((a, b, c))
        table = tuple(tuple(p) for p in per)
        _CHI_SHAPES[yiwushi] = table
    return table[card]


def _usable(hand: Sequence[int]) -> list[int]:
    """Hand cards that may go into a 吃 or 比: not those of a 坎."""
    return [n if n < 3 else 0 for n in hand]


def _take(avail: list[int], cards: Sequence[Card]) -> list[int] | None:
    out = list(avail)
    for c in cards:
        out[c] -= 1
        if out[c] < 0:
            return None
    return out


def bi_options(
    avail: list[int], card: Card, yiwushi: bool, start: int = 0
) -> list[tuple[tuple[Card, Card, Card], ...]]:
    """Every set of 比 groups laying out all remaining copies of ``card`` in ``avail``."""
    if avail[card] == 0:
        return [()]
    out = []
    shapes = chi_shapes(card, yiwushi)
    for i in range(start, len(shapes)):
        rest = _take(avail, shapes[i])
        if rest is None:
            continue
        for more in bi_options(rest, card, yiwushi, i):
            out.append((shapes[i],) + more)
    return out


def chi_options(
    seat: Seat, card: Card, yiwushi: bool
) -> list[tuple[tuple[Card, Card, Card], tuple[tuple[Card, Card, Card], ...]]]:
    """Every legal 吃 of ``card``: (group, 比 groups), leaving a card to discard."""
    avail = _usable(seat.hand)
    out = []
    for group in chi_shapes(card, yiwushi):
        own = list(group)
        own.remove(card)
        rest = _take(avail, own)
        if rest is None:
            continue
        for bis in bi_options(rest, card, yiwushi):
            used = own + [c for g in bis for c in g]
            after = _sub(seat.hand, used)
            if any(0 < n < 3 for n in after):
                out.append((group, bis))
    return out


# --------------------------------------------------------------------------- whose decision


def _blocked(state: State, t: int, card: Card, kind: str) -> str | None:
    seat = state.seats[t]
    bit = 1 << card
    if kind == CHI or state.rules.chou_blocks_peng:
        if seat.thrown & bit:
            return "zp-own-discard"
        if seat.chou & bit:
            return "chou-card"
    return None


def _self_forced(state: State, offer: Offer) -> Action | None:
    s = offer.seat
    seat = state.seats[s]
    c = offer.card
    if seat.hand[c] == 3 or seat.meld_of(c, (WEI, CHOUWEI)) is not None:
        return Action(state.kind_name(TI), s, (TOKENS[c],) * 4, True)
    if seat.hand[c] == 2:
        kind = CHOUWEI if seat.refused_peng & (1 << c) else WEI
        return Action(state.kind_name(kind), s, (TOKENS[c],) * 3, True)
    return None


def _pao_seat(state: State, offer: Offer) -> int | None:
    c = offer.card
    for t in range(SEATS):
        seat = state.seats[t]
        if t != offer.seat and seat.hand[c] == 3:
            return t
        if (
            t != offer.seat
            and seat.meld_of(c, (WEI, CHOUWEI)) is not None
            and (offer.source == "draw" or state.rules.wei_pao_on_discard)
        ):
            return t
        if (
            offer.source == "draw"
            and seat.meld_of(c, (PENG,)) is not None
            and (t == offer.seat or state.rules.peng_pao_any_draw)
        ):
            return t
    return None


def _stage_actions(state: State, stage: str, t: int) -> list[Action]:
    """The actions of seat ``t`` at ``stage`` of the current offer (empty if none)."""
    offer = state.offer
    assert offer is not None
    c = offer.card
    rules = state.rules
    if stage == "self":
        if t != offer.seat or offer.source != "draw":
            return []
        a = _self_forced(state, offer)
        return [a] if a is not None else []
    if stage == "hu":
        return [Action("hu", t, (TOKENS[c],))] if can_hu(state, t, offer) is not None else []
    if offer.source == "liang":
        return []
    if stage == "pao":
        return (
            [Action(state.kind_name(PAO), t, (TOKENS[c],) * 4, True)]
            if _pao_seat(state, offer) == t
            else []
        )
    seat = state.seats[t]
    if stage == "peng":
        if t == offer.seat or seat.hand[c] != 2 or _blocked(state, t, c, PENG):
            return []
        after = _sub(seat.hand, (c, c))
        if not any(0 < n < 3 for n in after):
            return []
        return [Action(PENG, t, (TOKENS[c],) * 3)]
    # chi
    if _blocked(state, t, c, CHI):
        return []
    return [
        Action(
            CHI,
            t,
            tuple(TOKENS[x] for x in group),
            False,
            {"bi": [list(token(x) for x in g) for g in bis]} if bis else {},
        )
        for group, bis in chi_options(seat, c, rules.yiwushi)
    ]


def _stage_seats(state: State, stage: str) -> list[int]:
    offer = state.offer
    assert offer is not None
    s = offer.seat
    if stage == "self":
        return [s]
    if stage == "hu":
        if offer.source == "liang":
            return [s, (s + 1) % SEATS, (s + 2) % SEATS] if state.rules.game != GUILIN else [s]
        if offer.source == "discard":
            return [(s + 1) % SEATS, (s + 2) % SEATS]
        return [s, (s + 1) % SEATS, (s + 2) % SEATS]
    if stage == "pao":
        p = _pao_seat(state, offer) if offer.source != "liang" else None
        return [] if p is None else [p]
    if stage == "peng":
        return [t for t in range(SEATS) if t != s]
    if offer.source == "discard":
        return [(s + 1) % SEATS]
    return [s, (s + 1) % SEATS]


def candidates(state: State, full: bool = False) -> Iterator[tuple[str, int, list[Action]]]:
    """(stage, seat, actions) for every seat with something to decide, in priority order.

    A forced action (the drawer's 提/偎, a 跑) ends the list unless ``full``."""
    offer = state.offer
    if offer is None:
        return
    for stage in STAGES:
        for t in _stage_seats(state, stage):
            acts = _stage_actions(state, stage, t)
            if acts:
                yield stage, t, acts
                if stage in ("self", "pao") and not full:
                    return  # forced: nobody below is asked


def decider(state: State) -> tuple[str, int, list[Action]] | None:
    """The seat whose decision on the offer is due now (passes skipped)."""
    cached = state.__dict__.get("_decider", _MISSING)
    if cached is not _MISSING:
        return cached  # type: ignore[no-any-return]
    found = _find_decider(state)
    object.__setattr__(state, "_decider", found)  # a cache, not a field: states stay immutable
    return found


_MISSING = object()


def _find_decider(state: State) -> tuple[str, int, list[Action]] | None:
    offer = state.offer
    if state.phase != "offer" or offer is None:
        return None
    for stage, t, acts in candidates(state):
        if (stage, t) not in offer.passed:
            return stage, t, acts
    return None


# --------------------------------------------------------------------------- legal actions


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (forced ones flagged); empty when not its turn."""
    if state.phase == "over":
        return []
    if state.phase == "draw":
        return [Action("draw", seat, (), True)] if seat == state.turn else []
    if state.phase == "play":
        if seat != state.turn:
            return []
        acts: list[Action] = []
        if state.may_hu and _play_hu(state) is not None:
            acts.append(Action("hu", seat, ()))
        if state.must_discard:
            acts.extend(
                Action("discard", seat, (TOKENS[c],)) for c in state.seats[seat].discardable()
            )
        else:
            acts.append(Action("pass", seat, ()))
        return acts
    d = decider(state)
    if d is None or d[1] != seat:
        return []
    stage, _t, acts = d
    if stage in ("self", "pao"):
        return acts
    return acts + [Action("pass", seat, ())]


def _play_hu(state: State) -> Arrangement | None:
    arr = holding_arrangement(state.seats[state.turn], state.rules.yiwushi)
    if arr is None or arr.points < state.rules.min_huxi:
        return None
    return arr


# --------------------------------------------------------------------------- apply


def _key(action: Action) -> tuple[str, int, tuple[Card, ...], tuple[tuple[Card, ...], ...]]:
    kind = KIND_ALIASES.get(action.kind, action.kind)
    bi = tuple(sorted(tuple(sorted(_cards(g))) for g in action.params.get("bi", ()) or ()))
    return kind, action.seat, tuple(sorted(_cards(action.cards))), bi


def _cards(items: Any) -> tuple[Card, ...]:
    out = []
    for x in items:
        if isinstance(x, int):
            out.append(x)
        else:
            c = TOKEN_INDEX.get(x) if isinstance(x, str) else None
            out.append(c if c is not None else card_from_json(x))
    return tuple(out)


def find_legal(state: State, action: Action) -> Action | None:
    """The legal action ``action`` stands for (cards as ints or tokens), or None."""
    try:
        key = _key(action)
    except (EngineError, TypeError):
        return None
    for a in legal_actions(state, action.seat):
        if _key(a) == key:
            return a
    return None


def is_legal(state: State, action: Action) -> bool:
    return find_legal(state, action) is not None


def apply(state: State, action: Action) -> State:
    """The state after ``action``; raises :class:`IllegalAction` if it is not legal now."""
    legal = find_legal(state, action)
    if legal is None:
        raise IllegalAction(
            why_illegal(state, action) or Reason("zp-not-allowed-now", {"kind": action.kind})
        )
    return _do(state, legal)


def _do(state: State, a: Action) -> State:
    kind = KIND_ALIASES.get(a.kind, a.kind)
    state = _evolve(state, moves=state.moves + 1)
    if kind == "draw":
        return _draw(state)
    if kind == "discard":
        return _discard(state, a.seat, _cards(a.cards)[0])
    if kind == "hu":
        return _hu(state, a.seat)
    if kind == "pass":
        return _pass(state, a.seat)
    return _take_card(state, a, kind)


def _draw(state: State) -> State:
    s = state.turn
    if not state.stock:
        return _evolve(state, phase="over", offer=None, result=Result(None, "huang"))
    card = state.stock[0]
    return _advance(
        _evolve(state, stock=state.stock[1:], phase="offer", offer=Offer(card, s, "draw"))
    )


def _discard(state: State, s: int, card: Card) -> State:
    seat = state.seats[s]
    seat = _seat_evolve(seat, hand=_sub(seat.hand, (card,)), thrown=seat.thrown | (1 << card))
    return _advance(
        _evolve(
            state, seats=_with_seat(state, s, seat), phase="offer", offer=Offer(card, s, "discard")
        )
    )


def _to_play(state: State, t: int, may_hu: bool, quad: bool = False) -> State:
    seat = state.seats[t]
    must = seat.needs_discard(quad) and bool(seat.discardable())
    return _advance(
        _evolve(state, phase="play", turn=t, offer=None, must_discard=must, may_hu=may_hu)
    )


def _take_card(state: State, a: Action, kind: str) -> State:
    state = _mark_chou(state)
    offer = state.offer
    assert offer is not None
    t, c = a.seat, offer.card
    seat = state.seats[t]
    melds = list(seat.melds)
    hand = seat.hand
    if kind in (TI, PAO):
        i = seat.meld_of(c, (WEI, CHOUWEI, PENG))
        if i is not None:
            melds.pop(i)
        else:
            hand = _sub(hand, (c, c, c))
        melds.append(Meld(kind, (c,) * 4))
    elif kind in (WEI, CHOUWEI, PENG):
        hand = _sub(hand, (c, c))
        melds.append(Meld(kind, (c,) * 3))
    else:  # chi
        group = tuple(sorted(_cards(a.cards)))
        own = list(group)
        own.remove(c)
        bis = [tuple(sorted(_cards(g))) for g in a.params.get("bi", ())]
        hand = _sub(hand, own + [x for g in bis for x in g])
        melds.append(Meld(CHI, group))
        melds.extend(Meld(CHI, g) for g in bis)
    seat = _seat_evolve(seat, hand=hand, melds=tuple(melds))
    state = _evolve(state, seats=_with_seat(state, t, seat))
    self_intake = offer.source == "draw" and t == offer.seat and kind in (TI, WEI, CHOUWEI)
    return _to_play(state, t, self_intake, kind in (TI, PAO))


def _pass(state: State, s: int) -> State:
    if state.phase == "play":
        return _advance(_evolve(state, phase="draw", turn=(s + 1) % SEATS, may_hu=False))
    d = decider(state)
    offer = state.offer
    assert d is not None and offer is not None
    stage = d[0]
    seat = state.seats[s]
    bit = 1 << offer.card
    if stage == "hu":
        memo = seat.chou_hu + ((offer.card, seat.table_huxi(state.rules.yiwushi)),)
        seat = _seat_evolve(seat, chou_hu=memo)
    elif stage == "peng":
        seat = _seat_evolve(seat, refused_peng=seat.refused_peng | bit)
    offer = replace(offer, passed=offer.passed + ((stage, s),))
    return _advance(_evolve(state, seats=_with_seat(state, s, seat), offer=offer))


def _advance(state: State) -> State:
    """Resolve what needs no decision: an offer nobody wants, a play with nothing to do."""
    while True:
        if state.phase == "offer" and decider(state) is None:
            state = _lapse(state)
            continue
        if (
            state.phase == "play"
            and not state.must_discard
            and not (state.may_hu and _play_hu(state) is not None)
        ):
            state = _evolve(state, phase="draw", turn=(state.turn + 1) % SEATS, may_hu=False)
            continue
        return state


def _mark_chou(state: State) -> State:
    """When an offer ends, a seat that passed a 吃 (Hunan: or a 碰) of the card keeps it
    as a 臭牌. (Marked at the end, so a seat passing its 碰 may still 吃 the card.)"""
    offer = state.offer
    assert offer is not None
    seats = list(state.seats)
    bit = 1 << offer.card
    changed = False
    for stage, s in offer.passed:
        counts = stage == "chi" or (stage == "peng" and state.rules.chou_blocks_peng)
        if counts and not seats[s].chou & bit:
            seats[s] = _seat_evolve(seats[s], chou=seats[s].chou | bit)
            changed = True
    return _evolve(state, seats=tuple(seats)) if changed else state


def _lapse(state: State) -> State:
    """Nobody took the offered card: it goes before its seat; play moves on."""
    state = _mark_chou(state)
    offer = state.offer
    assert offer is not None
    s = offer.seat
    if offer.source == "liang":
        return _to_play(_evolve(state, offer=None), s, False)
    seat = state.seats[s]
    seat = _seat_evolve(seat, pile=seat.pile + (offer.card,))
    return _evolve(
        state, seats=_with_seat(state, s, seat), offer=None, phase="draw", turn=(s + 1) % SEATS
    )


def _hu(state: State, t: int) -> State:
    rules = state.rules
    if state.phase == "play":
        arr = _play_hu(state)
        assert arr is not None
        seat = state.seats[t]
        return _finish(state, t, arr.points, arr.melds, seat.cards(), None, (), zimo=True, how="hu")
    offer = state.offer
    assert offer is not None
    arr = can_hu(state, t, offer)
    assert arr is not None
    specials: tuple[str, ...] = ()
    if offer.source == "liang":
        specials = ("tianhu",)
    elif (
        rules.game == GUILIN
        and offer.source == "discard"
        and offer.seat == state.dealer
        and len(state.stock) == DECK_SIZE - 3 * HAND - 1
        and not any(s.pile for s in state.seats)
    ):
        specials = ("dihu",)
    seats = list(state.seats)
    if offer.source == "liang" and t != state.dealer:
        seats[state.dealer] = _give_up_liang(seats[state.dealer], offer.card)
    if not (offer.source == "liang" and t == state.dealer):
        w = seats[t]
        seats[t] = _seat_evolve(w, hand=_add(w.hand, (offer.card,)))
    state = _evolve(state, seats=tuple(seats))
    zimo = (
        offer.source == "draw"
        and offer.seat == t
        or (offer.source == "liang" and t == state.dealer)
    )
    return _finish(
        state, t, arr.points, arr.melds, state.seats[t].cards(), offer.card, specials, zimo, "hu"
    )


def _give_up_liang(dealer: Seat, card: Card) -> Seat:
    """The dealer loses the 亮张 to a 天胡 winner; a 提 it had made becomes a 坎 again."""
    if dealer.hand[card]:
        return _seat_evolve(dealer, hand=_sub(dealer.hand, (card,)))
    i = dealer.meld_of(card, (TI,))
    assert i is not None
    melds = dealer.melds[:i] + dealer.melds[i + 1 :]
    return _seat_evolve(dealer, hand=_add(dealer.hand, (card,) * 3), melds=melds)


def _finish(
    state: State,
    t: int,
    huxi: int,
    melds: Sequence[Meld],
    cards: Sequence[Card],
    card: Card | None,
    specials: tuple[str, ...],
    zimo: bool,
    how: str,
) -> State:
    rules = state.rules
    xing = state.stock[0] if rules.game == GUILIN and rules.xing != "none" and state.stock else None
    ctx = WinContext(zimo=zimo, specials=specials, xing_card=xing)
    count = settle(huxi, cards, rules, ctx)
    res = Result(t, how, scores(t, count.total), huxi, tuple(melds), count, card, xing)
    return _evolve(state, phase="over", offer=None, result=res)


def next_dealer(state: State) -> tuple[int, int]:
    """(dealer, 荒庄 streak) of the next deal: the winner deals; after 荒庄 the dealer
    keeps the deal, until three 荒庄 in a row pass it to the next seat."""
    res = state.result
    if res is None:
        return state.dealer, 0
    if res.winner is not None:
        return res.winner, 0
    streak = state.streak + 1
    if streak >= 3:
        return (state.dealer + 1) % SEATS, 0
    return state.dealer, streak


# --------------------------------------------------------------------------- reasons


def why_illegal(state: State, action: Action) -> Reason | None:
    """Why ``action`` is refused now, or None if it is legal."""
    if find_legal(state, action) is not None:
        return None
    kind = KIND_ALIASES.get(action.kind, action.kind)
    t = action.seat
    if state.phase == "over":
        return Reason("zp-game-over")
    if not 0 <= t < SEATS:
        return Reason("zp-not-your-turn", {"seat": t})
    try:
        cards = _cards(action.cards)
        bis = [_cards(g) for g in action.params.get("bi", ()) or ()]
    except (EngineError, TypeError):
        return Reason("zp-not-allowed-now", {"kind": action.kind})
    if state.phase in ("draw", "play"):
        if t != state.turn:
            return Reason("zp-not-your-turn", {"seat": t})
        return _why_play(state, kind, t, cards)
    return _why_offer(state, kind, t, cards, bis)


def _why_play(state: State, kind: str, t: int, cards: Sequence[Card]) -> Reason:
    if state.phase == "draw":
        return Reason("zp-must-draw")
    seat = state.seats[t]
    if kind == "discard":
        if not state.must_discard:
            return Reason("zp-no-discard-needed")
        if len(cards) != 1 or seat.hand[cards[0]] == 0:
            return Reason("zp-not-in-hand", {"cards": [token(c) for c in cards]})
        if seat.hand[cards[0]] >= 3:
            return Reason("breaks-kan", {"cards": [token(cards[0])]})
    if kind == "hu":
        return _why_no_hu(state, t, holding_arrangement(seat, state.rules.yiwushi), None)
    if kind == "pass" and state.must_discard:
        return Reason("zp-must-discard")
    return Reason("zp-not-allowed-now", {"kind": kind})


def _why_no_hu(state: State, t: int, arr: Arrangement | None, card: Card | None) -> Reason:
    if state.phase == "play" and not state.may_hu:
        return Reason("zp-not-allowed-now", {"kind": "hu"})
    if arr is None:
        return Reason("zp-not-complete")
    if arr.points < state.rules.min_huxi:
        return Reason("zp-below-minimum", {"huxi": arr.points, "min": state.rules.min_huxi})
    if card is not None and _chou_hu_blocked(state, t, card):
        return Reason("zp-chou-hu", {"card": token(card)})
    return Reason("zp-not-allowed-now", {"kind": "hu"})


def _why_offer(
    state: State, kind: str, t: int, cards: Sequence[Card], bis: Sequence[Sequence[Card]]
) -> Reason:
    offer = state.offer
    assert offer is not None
    d = decider(state)
    c = offer.card
    if d is not None and d[1] == t and d[0] in ("self", "pao"):
        return Reason("zp-must-take-forced", {"kind": d[2][0].kind, "card": token(c)})
    if d is not None and d[1] != t:
        mine = [
            st for st, s, _ in candidates(state, True) if s == t and (st, s) not in offer.passed
        ]
        if mine:
            return Reason("lower-priority", {"seat": d[1], "stage": d[0]})
        if kind not in ("hu", "chi", PENG):
            return Reason("zp-not-your-turn", {"seat": t})
    seat = state.seats[t]
    if kind == "hu":
        if offer.source == "discard" and not state.rules.win_on_discard:
            return Reason("zp-no-win-on-discard", {"card": token(c)})
        return _why_no_hu(state, t, _hu_arrangement(state, t, offer), c)
    if offer.source == "liang":
        return Reason("zp-not-allowed-now", {"kind": kind})
    if kind == PENG:
        if t == offer.seat:
            return Reason("zp-not-allowed-now", {"kind": kind})
        if seat.hand[c] < 2:
            return Reason("zp-not-in-hand", {"cards": [token(c)] * 2})
        blocked = _blocked(state, t, c, PENG)
        if blocked:
            return Reason(blocked, {"card": token(c)})
        return Reason("zp-no-discard-left")
    if kind == CHI:
        return _why_no_chi(state, t, cards, bis)
    if d is None or d[1] != t:
        return Reason("zp-not-your-turn", {"seat": t})
    return Reason("zp-not-allowed-now", {"kind": kind})


def _why_no_chi(
    state: State, t: int, cards: Sequence[Card], bis: Sequence[Sequence[Card]]
) -> Reason:
    offer = state.offer
    assert offer is not None
    c = offer.card
    seat = state.seats[t]
    allowed = (
        [offer.seat, (offer.seat + 1) % SEATS]
        if offer.source == "draw"
        else [(offer.seat + 1) % SEATS]
    )
    if t not in allowed:
        return Reason("zp-not-next-seat", {"card": token(c)})
    blocked = _blocked(state, t, c, CHI)
    if blocked:
        return Reason(blocked, {"card": token(c)})
    if c not in cards or not chi_shape(cards, state.rules.yiwushi):
        return Reason("zp-bad-chi", {"cards": [token(x) for x in cards], "card": token(c)})
    own = list(cards)
    own.remove(c)
    if _take(list(seat.hand), own) is None:
        return Reason("zp-not-in-hand", {"cards": [token(x) for x in own]})
    avail = _take(_usable(seat.hand), own)
    if avail is None:
        return Reason("breaks-kan", {"cards": [token(x) for x in own]})
    if not bi_options(avail, c, state.rules.yiwushi):
        return Reason("zp-cannot-bi", {"card": token(c), "count": avail[c]})
    for g in bis:
        if c not in g or not chi_shape(g, state.rules.yiwushi):
            return Reason("zp-bad-bi", {"cards": [token(x) for x in g], "card": token(c)})
        nxt = _take(avail, g)
        if nxt is None:
            return Reason("zp-bad-bi", {"cards": [token(x) for x in g], "card": token(c)})
        avail = nxt
    if avail[c] > 0:
        return Reason("must-bi", {"card": token(c), "count": avail[c]})
    return Reason("zp-no-discard-left")


# --------------------------------------------------------------------------- invariants


def all_cards(state: State) -> list[int]:
    """Counts per card over hands, tables, piles, stock and the offered card."""
    a, b, c3 = (seat.hand for seat in state.seats)
    counts = [x + y + z for x, y, z in zip(a, b, c3, strict=True)]
    for seat in state.seats:
        for m in seat.melds:
            for c in m.cards:
                counts[c] += 1
        for c in seat.pile:
            counts[c] += 1
    for c in state.stock:
        counts[c] += 1
    if state.offer is not None and state.offer.source != "liang":
        counts[state.offer.card] += 1
    return counts


_FULL = [COPIES] * KINDS


def check_invariants(state: State, complete_deck: bool = True, melds: bool = True) -> str | None:
    """A description of the first broken invariant, or None."""
    counts = all_cards(state)
    if complete_deck and counts != _FULL:
        return f"cards not accounted for: {counts}"
    for i, seat in enumerate(state.seats):
        if min(seat.hand) < 0 or max(seat.hand) > 4:
            return f"seat {i} hand counts {seat.hand}"
        if not melds:
            continue
        for m in seat.melds:
            if not valid(m.kind, m.cards, state.rules.yiwushi):
                return f"seat {i} bad meld {m}"
    if (
        state.result is not None
        and state.result.winner is not None
        and sum(state.result.scores) != 0
    ):
        return "scores do not sum to zero"
    return None


# --------------------------------------------------------------------------- JSON


def _tok(cards: Sequence[Card]) -> list[str]:
    return [token(c) for c in cards]


def _bits(mask: int) -> list[str]:
    return [token(c) for c in range(KINDS) if mask >> c & 1]


def _seat_json(seat: Seat, names: Mapping[str, str]) -> dict[str, Any]:
    return {
        "hand": _tok([c for c in range(KINDS) for _ in range(seat.hand[c])]),
        "melds": [m.to_json(dict(names)) for m in seat.melds],
        "pile": _tok(seat.pile),
        "thrown": _bits(seat.thrown),
        "chou": _bits(seat.chou),
        "refused_peng": _bits(seat.refused_peng),
        "chou_hu": [[token(c), h] for c, h in seat.chou_hu],
    }


def to_json(state: State) -> dict[str, Any]:
    """The state as JSON values (the ``options`` position format)."""
    names = GUILIN_NAMES if state.rules.game == GUILIN else {}
    out: dict[str, Any] = {
        "variant": state.rules.game,
        "options": state.rules.to_json(),
        "dealer": state.dealer,
        "seats": [_seat_json(s, names) for s in state.seats],
        "stock": _tok(state.stock),
        "liang": token(state.liang),
        "phase": state.phase,
        "turn": state.turn,
        "must_discard": state.must_discard,
        "may_hu": state.may_hu,
        "streak": state.streak,
        "moves": state.moves,
    }
    if state.offer is not None:
        o = state.offer
        out["offer"] = {
            "card": token(o.card),
            "seat": o.seat,
            "source": o.source,
            "passed": [[st, s] for st, s in o.passed],
        }
    if state.result is not None:
        r = state.result
        out["result"] = {
            "winner": r.winner,
            "how": r.how,
            "scores": list(r.scores),
            "huxi": r.huxi,
            "melds": [
                dict(m.to_json(names), points=m.points(state.rules.yiwushi)) for m in r.melds
            ],
            "count": r.count.to_json() if r.count else None,
            "card": None if r.card is None else token(r.card),
            "xing_card": None if r.xing_card is None else token(r.xing_card),
        }
    return out


HIDDEN = "?"


def _hidden_meld(kind: str, game: str) -> bool:
    """Groups laid face down, whose card the other seats do not see: 偎 (Guilin 扫) and
    Guilin's 扫穿 (Hunan's 提 and both games' 臭偎/过扫 show one card)."""
    return kind == WEI or (kind == TI and game == GUILIN)


def view_json(state: State, seat: int) -> dict[str, Any]:
    """What ``seat`` may see: :func:`to_json` with the other hands, face-down groups,
    the stock and a drawn card that went straight into a 偎/提 hidden (sizes kept)."""
    out = to_json(state)
    out["viewer"] = seat
    if state.phase == "over":
        return out
    for i, data in enumerate(out["seats"]):
        if i == seat:
            continue
        data["hand"] = [HIDDEN] * len(data["hand"])
        for m, meld in zip(data["melds"], state.seats[i].melds, strict=True):
            if _hidden_meld(meld.kind, state.rules.game):
                m["cards"] = [HIDDEN] * len(m["cards"])
        data["chou_hu"] = []
        data["refused_peng"] = []
    out["stock"] = [HIDDEN] * len(out["stock"])
    d = decider(state)
    if "offer" in out and d is not None and d[0] == "self" and d[1] != seat:
        out["offer"]["card"] = HIDDEN
    return out


def _bad(detail: str) -> EngineError:
    return EngineError("bad-position", detail=detail)


def _card_list(data: Any, where: str) -> tuple[Card, ...]:
    if isinstance(data, str):
        from app.engine.zipai.cards import parse_cards

        return parse_cards(data)
    if not isinstance(data, list):
        raise _bad(f"{where} must be a list of cards")
    return tuple(card_from_json(x) for x in data)


def _mask(data: Any, where: str) -> int:
    m = 0
    for c in _card_list(data or [], where):
        m |= 1 << c
    return m


def _seat_from(data: Any, i: int, yiwushi: bool = False) -> Seat:
    if not isinstance(data, dict):
        raise _bad(f"seats[{i}] must be an object")
    hand = tuple(counts_of(_card_list(data.get("hand", []), f"seats[{i}].hand")))
    melds = []
    for m in data.get("melds", []) or []:
        if not isinstance(m, dict) or "kind" not in m:
            raise _bad(f"seats[{i}].melds: each meld is an object with kind and cards")
        from app.engine.zipai.melds import kind_of

        kind = kind_of(str(m["kind"]))
        cards = _card_list(m.get("cards", []), f"seats[{i}].melds")
        if not valid(kind, cards, yiwushi):
            raise EngineError("bad-meld", kind=str(m["kind"]), cards=" ".join(_tok(cards)))
        melds.append(Meld.make(kind, cards))
    chou_hu = []
    for item in data.get("chou_hu", []) or []:
        if not isinstance(item, list) or len(item) != 2:
            raise _bad(f"seats[{i}].chou_hu: pairs of [card, huxi]")
        chou_hu.append((card_from_json(item[0]), int(item[1])))
    return Seat(
        hand,
        tuple(melds),
        _card_list(data.get("pile", []), f"seats[{i}].pile"),
        _mask(data.get("thrown"), "thrown"),
        _mask(data.get("chou"), "chou"),
        _mask(data.get("refused_peng"), "refused_peng"),
        tuple(chou_hu),
    )


def from_json(data: Mapping[str, Any], rules: ZipaiRules | None = None) -> State:
    """Read a state (or a hand-written position: missing fields take defaults)."""
    from app.engine.zipai.rules import GUILIN_RULES, HUNAN_RULES, with_options

    try:
        if rules is None:
            game = str(data.get("variant", "hunan"))
            base = GUILIN_RULES if game == GUILIN else HUNAN_RULES
            opts = data.get("options") or {}
            rules = (
                ZipaiRules.from_json({**base.to_json(), **opts})
                if "game" in opts
                else with_options(base, opts)
            )
        seats_data = data.get("seats")
        if not isinstance(seats_data, list) or len(seats_data) != SEATS:
            raise _bad("seats must be a list of three seats")
        seats = tuple(_seat_from(s, i, rules.yiwushi) for i, s in enumerate(seats_data))
        offer = None
        if data.get("offer"):
            o = data["offer"]
            source = str(o.get("source", "draw"))
            if source not in ("liang", "draw", "discard"):
                raise _bad("offer.source is liang, draw or discard")
            passed = tuple((str(st), int(s)) for st, s in o.get("passed", []))
            offer = Offer(card_from_json(o["card"]), int(o.get("seat", 0)) % SEATS, source, passed)
        phase = str(data.get("phase", "offer" if offer else "play"))
        if phase not in ("offer", "play", "draw", "over"):
            raise _bad(f"unknown phase {phase}")
        if phase == "offer" and offer is None:
            raise _bad("phase offer needs an offer")
        stock = _card_list(data.get("stock", []), "stock")
        liang = card_from_json(data["liang"]) if data.get("liang") else 0
        state = State(
            rules,
            int(data.get("dealer", 0)) % SEATS,
            seats,
            stock,
            liang,
            phase,
            int(data.get("turn", 0)) % SEATS,
            offer,
            bool(data.get("must_discard", phase == "play")),
            bool(data.get("may_hu", False)),
            int(data.get("streak", 0)),
            int(data.get("moves", 0)),
        )
        if data.get("result"):
            r = data["result"]
            lines = [
                CountLine(
                    str(ln["code"]),
                    int(ln["points"]),
                    dict(ln.get("params", {})),
                    str(ln.get("op", "+")),
                )
                for ln in (r.get("count") or {}).get("lines", [])
            ]
            count = (
                Count.of(lines, int((r.get("count") or {}).get("total", 0)))
                if r.get("count")
                else None
            )
            melds_r = tuple(
                Meld.make(
                    KIND_ALIASES.get(str(m["kind"]), str(m["kind"])),
                    _card_list(m["cards"], "result"),
                )
                for m in r.get("melds", [])
            )
            state = _evolve(
                state,
                result=Result(
                    r.get("winner"),
                    str(r.get("how", "hu")),
                    tuple(int(x) for x in r.get("scores", (0, 0, 0))),
                    int(r.get("huxi", 0)),
                    melds_r,
                    count,
                    card_from_json(r["card"]) if r.get("card") else None,
                    card_from_json(r["xing_card"]) if r.get("xing_card") else None,
                ),
            )
    except EngineError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise _bad(f"{type(exc).__name__}: {exc}") from None
    counts = all_cards(state)
    for c, n in enumerate(counts):
        if n > COPIES:
            raise EngineError("too-many-copies", card=token(c), count=n, limit=COPIES)
    return state
