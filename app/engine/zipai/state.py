"""A whole 字牌 deal as an immutable state machine.

:func:`deal` starts a deal; :func:`legal_actions` lists what a seat may do (forced
actions carry ``forced=True``); :func:`apply` returns a NEW state, or raises
:class:`IllegalAction` carrying a :class:`Reason` (``must-bi``, ``chou-card``,
``breaks-kan``, ``lower-priority``, ...; see ``reasons.REASON_CODES``).
:func:`app.engine.zipai.reasons.why_illegal` gives the same reason without raising;
:mod:`app.engine.zipai.serial` writes and reads states as JSON.

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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from app.engine.core.actions import Action, Count
from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason
from app.engine.zipai.bi import chi_options
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
    valid,
)
from app.engine.zipai.rules import GUILIN, ZipaiRules
from app.engine.zipai.settle import WinContext, scores, settle

SEATS = 3
HAND = 20


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


def hu_arrangement(state: State, t: int, offer: Offer) -> Arrangement | None:
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


def chou_hu_blocked(state: State, t: int, card: Card) -> bool:
    if not state.rules.chou_hu:
        return False
    seat = state.seats[t]
    now = seat.table_huxi(state.rules.yiwushi)
    return any(c == card and h == now for c, h in seat.chou_hu)


def can_hu(state: State, t: int, offer: Offer) -> Arrangement | None:
    arr = hu_arrangement(state, t, offer)
    if arr is None or arr.points < state.rules.min_huxi:
        return None
    if chou_hu_blocked(state, t, offer.card):
        return None
    return arr


# --------------------------------------------------------------------------- whose decision


def blocked(state: State, t: int, card: Card, kind: str) -> str | None:
    """The reason code if seat ``t`` may not 吃 (``kind`` CHI) or 碰 ``card``: a card it
    discarded itself, or its 臭牌 (Hunan: both for 吃 and 碰; Guilin: 吃 only)."""
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
        if t == offer.seat or seat.hand[c] != 2 or blocked(state, t, c, PENG):
            return []
        after = _sub(seat.hand, (c, c))
        if not any(0 < n < 3 for n in after):
            return []
        return [Action(PENG, t, (TOKENS[c],) * 3)]
    # chi
    if blocked(state, t, c, CHI):
        return []
    return [
        Action(
            CHI,
            t,
            tuple(TOKENS[x] for x in group),
            False,
            {"bi": [list(token(x) for x in g) for g in bis]} if bis else {},
        )
        for group, bis in chi_options(seat.hand, c, rules.yiwushi)
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
    bi = tuple(sorted(tuple(sorted(action_cards(g))) for g in action.params.get("bi", ()) or ()))
    return kind, action.seat, tuple(sorted(action_cards(action.cards))), bi


def action_cards(items: Any) -> tuple[Card, ...]:
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
        from app.engine.zipai.reasons import why_illegal  # only on the refusing path

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
        return _discard(state, a.seat, action_cards(a.cards)[0])
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
        group = tuple(sorted(action_cards(a.cards)))
        own = list(group)
        own.remove(c)
        bis = [tuple(sorted(action_cards(g))) for g in a.params.get("bi", ())]
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
