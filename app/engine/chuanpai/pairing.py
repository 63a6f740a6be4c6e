"""挤儿 · The Sichuan pairing game (variant ``chuanpai``).

Pair the cards two by two into 挤儿 (sums of 10 or 20), lay groups of alike cards
(暗, 碰, 亮, 起, 扛) and the 燕 of three sevens; the first player whose every card
is in a group goes out (和牌) and is paid its 胡 plus a base of 1 by each other
player.

The deal is a sequence of immutable :class:`PairingState` values.
:func:`legal_actions` lists every legal action of the seat to act, each with its
``forced`` flag (``forced`` means the seat may not pass or decline: one of the
forced actions must be taken). :func:`apply` returns a new state or raises
:class:`IllegalAction` carrying a :class:`Reason`. With the rule option
``fouls=end-deal`` an action that breaks an obligation of the source is not
refused but ends the deal as a foul (犯规), as at a real table.

The CLI hooks (``cli_analyze``, ``cli_waits``, ``cli_selfplay``, ``cli_options``)
implement ``shared/contracts/engine-cli.md``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from app.engine.chuanpai import analysis as an
from app.engine.chuanpai.cards import (
    CS,
    GUAIZI,
    INDEX,
    JING,
    KINDS,
    N_KINDS,
    POINTS,
    TY,
    check_deck_copies,
    counts_of,
    deck,
    is_jing,
    parse_tokens,
    tokens_of,
)
from app.engine.chuanpai.common import (
    SHARED_REASON_CODES,
    IllegalAction,
    count_from_json,
    match_legal,
)
from app.engine.chuanpai.melds import MELD_KINDS, Meld, count_lines, jier_sum
from app.engine.core.actions import Action, Count, CountLine
from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason
from app.engine.core.selfplay import DealResult, InvariantViolation, run_selfplay

VARIANT = "chuanpai"

__all__ = ["IllegalAction", "PairingOptions", "PairingState", "apply", "legal_actions"]

REASON_CODES: tuple[str, ...] = SHARED_REASON_CODES + (
    "cp-must-take",
    "cp-must-group",
    "cp-split-jier",
    "cp-must-guo",
    "cp-guo-not-laid",
    "cp-not-complete",
    "cp-extra-seat-no-bai",
)
"""Every :class:`Reason` code this module can return."""

FOUL_CODES = frozenset({"cp-must-take", "cp-must-group", "cp-split-jier", "cp-guo-not-laid"})
"""Refusals that, with ``fouls=end-deal``, end the deal as a foul instead."""

ERROR_CODES: tuple[str, ...] = (
    "unknown-card",
    "too-many-copies",
    "unknown-meld-kind",
    "bad-meld",
    "bad-option",
    "bad-position",
    "bad-hand-size",
)


# ---------------------------------------------------------------------------
# Options


@dataclass(frozen=True, slots=True)
class PairingOptions:
    """Rule options of the pairing game (see docs/engine.md (川牌)).

    - ``jing``: play with the 经牌 财神/听用 (default) or with four 拐子 (``off``).
    - ``players``: 2 … 7. Seats 5–7 are the extra seats of the source (few cards,
      no 摆).
    - ``qitou``: 齐头, when 暗/碰/扛/亮 may be declined: ``count`` (good/bad
      counting, default), ``tied`` (only when every copy is tied in a 挤儿),
      ``none`` (always forced).
    - ``fouls``: ``refuse`` (default: illegal actions are refused) or
      ``end-deal`` (breaking an obligation ends the deal as a foul).
    """

    jing: bool = True
    players: int = 4
    qitou: str = "count"
    fouls: str = "refuse"

    @classmethod
    def from_mapping(cls, opts: Mapping[str, str]) -> PairingOptions:
        o = cls()
        for name, value in opts.items():
            v = str(value).strip().lower()
            if name == "jing" and v in ("on", "off", "true", "false", "1", "0"):
                o = replace(o, jing=v in ("on", "true", "1"))
            elif name == "players" and v.isdigit() and 2 <= int(v) <= 7:
                o = replace(o, players=int(v))
            elif name == "qitou" and v in an.QITOU_RULES:
                o = replace(o, qitou=v)
            elif name == "fouls" and v in ("refuse", "end-deal"):
                o = replace(o, fouls=v)
            else:
                raise EngineError("bad-option", option=name, value=str(value))
        return o

    def to_json(self) -> dict[str, Any]:
        return {
            "jing": "on" if self.jing else "off",
            "players": self.players,
            "qitou": self.qitou,
            "fouls": self.fouls,
        }


# ---------------------------------------------------------------------------
# analyze / waits


@dataclass(frozen=True, slots=True)
class Analysis:
    """The answer of :func:`analyze`: completeness, groups and itemized count."""

    complete: bool
    melds: tuple[Meld, ...]
    points: int | None
    count: Count | None

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": VARIANT,
            "complete": self.complete,
            "win": self.complete,
            "points": self.points,
            "unit": "hu",
            "melds": [m.to_json() for m in self.melds],
            "count": self.count.to_json() if self.count else None,
        }


def read_hand(
    hand_text: str, melds: Sequence[tuple[str, str]], opts: PairingOptions
) -> tuple[list[int], tuple[Meld, ...]]:
    """Parse a hand and ``(kind, cards)`` melds; check the deck's copies."""
    hand = parse_tokens(hand_text or "", "pairing")
    ms = []
    for kind, cards in melds:
        k = kind.strip().lower()
        if k not in MELD_KINDS:
            raise EngineError("unknown-meld-kind", kind=kind)
        ms.append(Meld.make(k, parse_tokens(cards, "pairing")))
    every = list(hand) + [c for m in ms for c in m.cards]
    check_deck_copies(every, opts.jing)
    return counts_of(hand), tuple(ms)


def analyze(hand: Sequence[int], melds: Sequence[Meld], opts: PairingOptions) -> Analysis:
    """Whether the cards go out, and their best count (base not included)."""
    arr = an.best_arrangement(hand, opts.jing)
    if arr is None:
        return Analysis(False, (), None, None)
    every = tuple(melds) + arr.melds
    lines = count_lines(every)
    total = sum(m.points for m in every)
    return Analysis(True, every, total, Count.of(lines, total))


def waits(
    hand: Sequence[int], melds: Sequence[Meld], opts: PairingOptions
) -> list[tuple[str, int]]:
    """Every card that completes the hand, with the best count it allows."""
    used = list(hand)
    for m in melds:
        for c in m.cards:
            used[INDEX[c]] += 1
    laid = sum(m.points for m in melds)
    by_class: dict[int, int | None] = {}  # faces that add no new group: only pips matter
    out = []
    for k in range(N_KINDS):
        if is_jing(k) and not opts.jing:
            continue
        limit = 1 if is_jing(k) else (2 if k == GUAIZI and opts.jing else 4)
        if used[k] >= limit:
            continue
        shared = k < GUAIZI or (k > GUAIZI and not is_jing(k))
        shared = shared and hand[k] <= 1 and k not in an.SEVEN_IDX
        if shared and POINTS[k] in by_class:
            points = by_class[POINTS[k]]
        else:
            h = list(hand)
            h[k] += 1
            arr = an.best_arrangement(h, opts.jing)
            points = None if arr is None else arr.points
            if shared:
                by_class[POINTS[k]] = points
        if points is not None:
            out.append((KINDS[k], points + laid))
    return out


# ---------------------------------------------------------------------------
# The deal


@dataclass(frozen=True, slots=True)
class SeatState:
    """One seat: concealed ``hand`` (counts per kind), laid ``melds``, 过牌 ``guo``."""

    hand: tuple[int, ...]
    melds: tuple[Meld, ...] = ()
    guo: tuple[str, ...] = ()
    passed: frozenset[int] = frozenset()  # pip classes that passed with no partner
    unlaid: tuple[str, ...] = ()  # fouls=end-deal: 过牌 kept in the hand
    extra: bool = False  # seats 5–7: no 摆

    def to_json(self) -> dict[str, Any]:
        return {
            "hand": list(tokens_of(self.hand)),
            "melds": [str(m) for m in self.melds],
            "guo": list(self.guo),
            "passed": sorted(self.passed),
            "unlaid": list(self.unlaid),
            "extra": self.extra,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> SeatState:
        melds = []
        for s in d.get("melds", ()):
            kind, _, cards = str(s).partition(":")
            melds.append(Meld.make(kind, tuple(cards.split())))
        return cls(
            tuple(counts_of(d.get("hand", ()))),
            tuple(melds),
            tuple(d.get("guo", ())),
            frozenset(int(p) for p in d.get("passed", ())),
            tuple(d.get("unlaid", ())),
            bool(d.get("extra", False)),
        )


@dataclass(frozen=True, slots=True)
class PairingState:
    """A moment of the deal. ``phase``: ``lay`` (after the deal), ``self`` (the
    seat ``turn`` groups, goes out or discards), ``claim`` (``open_card`` is offered
    to ``queue[0]``), ``guo`` (``drawn`` must be laid as 过牌), ``over``."""

    options: PairingOptions
    dealer: int
    seats: tuple[SeatState, ...]
    stock: tuple[str, ...]  # drawn from the end
    dead: tuple[str, ...] = ()
    phase: str = "lay"
    turn: int = 0
    lay_done: int = 0  # lay phase: seats that have finished laying
    open_card: str | None = None
    source: int = 0
    flipped: bool = False
    queue: tuple[tuple[int, str], ...] = ()
    owed: int = 0  # 偷 still owed to ``turn`` (while a 过牌 waits)
    drawn: str | None = None
    winner: int | None = None
    foul: Reason | None = None
    foul_seat: int | None = None
    scores: tuple[int, ...] = ()
    count: Count | None = None

    @property
    def actor(self) -> int:
        if self.phase == "claim":
            return self.queue[0][0]
        return self.turn

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": VARIANT,
            "options": self.options.to_json(),
            "dealer": self.dealer,
            "seats": [s.to_json() for s in self.seats],
            "stock": list(self.stock),
            "dead": list(self.dead),
            "phase": self.phase,
            "turn": self.turn,
            "lay_done": self.lay_done,
            "open_card": self.open_card,
            "source": self.source,
            "flipped": self.flipped,
            "queue": [[s, t] for s, t in self.queue],
            "owed": self.owed,
            "drawn": self.drawn,
            "winner": self.winner,
            "foul": self.foul.to_json() if self.foul else None,
            "foul_seat": self.foul_seat,
            "scores": list(self.scores),
            "count": self.count.to_json() if self.count else None,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> PairingState:
        opts = PairingOptions.from_mapping({k: str(v) for k, v in d["options"].items()})
        return cls(
            opts,
            int(d["dealer"]),
            tuple(SeatState.from_json(s) for s in d["seats"]),
            tuple(d["stock"]),
            tuple(d.get("dead", ())),
            str(d["phase"]),
            int(d["turn"]),
            int(d.get("lay_done", 0)),
            d.get("open_card"),
            int(d.get("source", 0)),
            bool(d.get("flipped", False)),
            tuple((int(s), str(t)) for s, t in d.get("queue", ())),
            int(d.get("owed", 0)),
            d.get("drawn"),
            d.get("winner"),
            Reason.from_json(d["foul"]) if d.get("foul") else None,
            d.get("foul_seat"),
            tuple(d.get("scores", ())),
            count_from_json(d.get("count")),
        )


def deal_sizes(players: int) -> tuple[int, ...]:
    """Cards dealt per seat from the 头家: 16, then 15 each; seats 5–7 as the source."""
    main = min(players, 4)
    sizes = [16] + [15] * (main - 1)
    extra = {5: (3,), 6: (5, 3), 7: (5, 3, 1)}.get(players, ())
    return tuple(sizes) + extra


def new_deal(opts: PairingOptions, rng: random.Random, dealer: int = 0) -> PairingState:
    """Shuffle and deal: the 头家 ``dealer`` first. Starts in the ``lay`` phase."""
    cards = list(deck(opts.jing))
    rng.shuffle(cards)
    sizes = deal_sizes(opts.players)
    n = opts.players
    hands: list[SeatState] = [SeatState(())] * n
    for i in range(n):
        seat = (dealer + i) % n
        take, cards = cards[: sizes[i]], cards[sizes[i] :]
        hands[seat] = SeatState(tuple(counts_of(take)), extra=i >= 4)
    return PairingState(opts, dealer, tuple(hands), tuple(cards), turn=dealer)


# -- group helpers -----------------------------------------------------------


def _jing_in(hand: Sequence[int]) -> int:
    return hand[CS] + hand[TY]


def _self_groups(seat: SeatState, opts: PairingOptions, s: int = 0) -> list[Action]:
    """暗/亮/燕/起 the seat can lay from its hand now (forced flag per 齐头)."""
    h = seat.hand
    out: list[Action] = []
    rule = opts.qitou
    for k in range(len(h) - 2):
        n = h[k]
        if n >= 3:
            forced = not an.group_optional(h, k, rule)
            kind = "liang" if n == 4 else "an"
            out.append(Action(kind, s, (KINDS[k],) * n, forced))
    if all(h[k] for k in an.SEVEN_IDX):
        out.append(Action("yan", s, ("16", "25", "34"), True))
    for m in seat.melds:
        if m.kind == "an" and not m.jing and h[INDEX[m.cards[0]]]:
            out.append(Action("qi", s, (m.cards[0],) * 4, True))
    if opts.jing and h[GUAIZI] == 2 and _jing_in(h):
        if h[CS] and h[TY]:
            out.append(Action("liang", s, ("12", "12", "cs", "ty"), True))
        j = "cs" if h[CS] else "ty"
        out.append(Action("an", s, ("12", "12", j), False))
    for m in seat.melds:
        if m.kind == "an" and m.jing:
            rest = "ty" if "cs" in m.cards else "cs"
            if h[INDEX[rest]]:
                out.append(Action("qi", s, tuple(sorted(m.cards + (rest,))), True))
    return out


def _take_options(state: PairingState, s: int, x: str, tier: str) -> list[Action]:
    """What seat ``s`` may do with the open card ``x`` in one claim tier."""
    seat = state.seats[s]
    h = seat.hand
    xk = INDEX[x]
    opts = state.options
    out: list[Action] = []
    if tier == "group":
        if not is_jing(xk) and (xk != GUAIZI or not opts.jing):
            n = h[xk]
            if n == 2:
                forced = not an.group_optional(h, xk, opts.qitou)
                out.append(Action("peng", s, (x,) * 3, forced, {"card": x}))
            elif n == 3:
                forced = not an.group_optional(h, xk, opts.qitou)
                out.append(Action("kang", s, (x,) * 4, forced, {"card": x}))
        if opts.jing and (is_jing(xk) or xk == GUAIZI):
            have = [KINDS[k] for k in (GUAIZI, CS, TY) for _ in range(h[k])]
            four = sorted(have + [x], key=INDEX.__getitem__)
            if len(four) == 4:
                out.append(Action("kang", s, tuple(four), True, {"card": x}))
            elif len(four) == 3 and four.count("12") == 2:
                out.append(Action("peng", s, tuple(four), False, {"card": x}))
        if x in ("16", "25", "34"):
            others = [k for k in ("16", "25", "34") if k != x]
            if all(h[INDEX[o]] for o in others):
                forced = any(an.is_spare(h, INDEX[o]) for o in others)
                out.append(Action("yan", s, ("16", "25", "34"), forced, {"card": x}))
        for m in seat.melds:
            if m.kind != "an":
                continue
            fourth = ("ty" if "cs" in m.cards else "cs") if m.jing else m.cards[0]
            if x == fourth:
                cards = tuple(sorted(m.cards + (x,), key=INDEX.__getitem__))
                out.append(Action("qi", s, cards, True, {"card": x}))
    elif not seat.extra:  # extra seats (5–7 players) never 摆
        partners = an.partners_in(h, xk)
        guo = [g for g in dict.fromkeys(seat.guo) if jier_sum(g, x) is not None]
        spare = set(an.spare_kinds(h)) if partners else set()
        forced = bool(guo) or any(k in spare for k in partners)
        out = [Action("bai", s, (KINDS[k], x), forced, {"card": x}) for k in partners]
        out += [Action("bai", s, (g, x), forced, {"card": x, "guo": True}) for g in guo]
    return out


def _can_bai(seat: SeatState, x: str) -> bool:
    if seat.extra:
        return False
    return bool(an.partners_in(seat.hand, INDEX[x])) or any(
        jier_sum(g, x) is not None for g in seat.guo
    )


def _claim_order(state: PairingState, x: str) -> tuple[tuple[int, str], ...]:
    n = state.options.players
    start = state.source if state.flipped else state.source + 1
    order = [(start + i) % n for i in range(n)]
    if not state.flipped:
        order = [s for s in order if s != state.source]
    q = [(s, "group") for s in order if _take_options(state, s, x, "group")]
    q += [(s, "bai") for s in order if _can_bai(state.seats[s], x)]
    return tuple(q)


def _complete(seat: SeatState, opts: PairingOptions) -> bool:
    return not seat.guo and an.is_complete(seat.hand, opts.jing)


# -- legal actions -------------------------------------------------------------


def legal_actions(state: PairingState, seat: int | None = None) -> list[Action]:
    """Every legal action of the seat to act (``[]`` for any other seat)."""
    if state.phase == "over":
        return []
    actor = state.actor
    if seat is not None and seat != actor:
        return []
    st = state.seats[actor]
    if state.phase == "guo":
        assert state.drawn is not None
        return [Action("guo", actor, (state.drawn,), True)]
    if state.phase == "claim":
        assert state.open_card is not None
        _, tier = state.queue[0]
        takes = _take_options(state, actor, state.open_card, tier)
        takes = _qi_unless_win(state, actor, takes)
        acts = list(takes)
        if not any(a.forced for a in takes):
            acts.append(Action("pass", actor, (state.open_card,)))
        return acts
    groups = _self_groups(st, state.options, actor)
    if any(a.forced for a in groups):
        return groups
    if state.phase == "lay":
        return groups + [Action("done", actor)]
    if _complete(st, state.options):
        return [Action("hu", actor, (), True)]
    return groups + _discards(st, actor)


def _qi_unless_win(state: PairingState, s: int, takes: list[Action]) -> list[Action]:
    """起 is forced unless the card lets the seat go out another way."""
    if not any(a.kind == "qi" for a in takes):
        return takes
    seat = state.seats[s]
    x = state.open_card
    assert x is not None
    wins = False
    for k in an.partners_in(seat.hand, INDEX[x]):
        h = list(seat.hand)
        h[k] -= 1
        wins = wins or _complete(replace(seat, hand=tuple(h)), state.options)
    if not wins:
        return takes
    return [replace(a, forced=False) for a in takes]


def _discards(seat: SeatState, s: int) -> list[Action]:
    h = seat.hand
    if not sum(h):  # everything laid but a 过牌 waits: it may go
        return [Action("discard", s, (g,), params={"guo": True}) for g in dict.fromkeys(seat.guo)]
    spare = an.spare_kinds(h)
    if not spare:  # every card is tied: any card may go (cannot happen in a real deal)
        spare = [k for k in range(N_KINDS) if h[k]]
    return [Action("discard", s, (KINDS[k],)) for k in spare]


# -- applying ----------------------------------------------------------------


def explain(state: PairingState, action: Action) -> Reason:
    """Why ``action`` is not legal now (assumes it is not)."""
    if state.phase == "over":
        return Reason("cp-deal-over")
    if action.seat != state.actor:
        return Reason("cp-not-your-turn", {"seat": action.seat, "actor": state.actor})
    legal = legal_actions(state)
    k = action.kind
    if state.phase == "guo" and k == "keep":
        return Reason("cp-must-guo", {"card": state.drawn})
    if k == "pass" and any(a.forced for a in legal):
        return Reason("cp-must-take", {"card": state.open_card})
    forced_groups = [a for a in legal if a.forced and a.kind in ("an", "liang", "yan", "qi")]
    if k in ("discard", "done", "hu") and forced_groups:
        g = forced_groups[0]
        return Reason("cp-must-group", {"kind": g.kind, "cards": list(g.cards)})
    if k == "discard" and action.cards:
        c = action.cards[0]
        st = state.seats[action.seat]
        if c not in INDEX or not st.hand[INDEX[c]]:
            return Reason("cp-no-such-card", {"card": c})
        if state.phase == "self" and any(a.kind == "discard" for a in legal):
            return Reason("cp-split-jier", {"card": c})
    if k == "hu":
        return Reason("cp-not-complete")
    if k == "bai" and state.seats[action.seat].extra:
        return Reason("cp-extra-seat-no-bai")
    return Reason("cp-illegal-action", {"kind": k, "cards": list(action.cards)})


def apply(state: PairingState, action: Action, legal: list[Action] | None = None) -> PairingState:
    """The state after ``action``; raises :class:`IllegalAction` if it is refused.

    ``legal`` may pass ``legal_actions(state)`` when the caller has it already.
    """
    if legal is None:
        legal = legal_actions(state)
    chosen = match_legal(action, legal)
    if chosen is None:
        reason = explain(state, action)
        if state.options.fouls == "end-deal" and action.seat == state.actor:
            if reason.code == "cp-must-guo":
                return _keep_unlaid(state)
            if reason.code in FOUL_CODES:
                return _end_foul(state, action.seat, reason)
        raise IllegalAction(reason)
    return _do(state, chosen)


def _do(state: PairingState, a: Action) -> PairingState:
    k = a.kind
    if k == "done":
        return _next_lay(state)
    if k == "guo":
        return _lay_guo(state)
    if k == "hu":
        return _settle(state, a.seat)
    if k == "discard":
        return _discard(state, a.seat, a.cards[0])
    if k == "pass":
        return _pass(state)
    if state.phase == "claim":
        return _take(state, a)
    return _self_group(state, a)


def _set_seat(state: PairingState, s: int, seat: SeatState) -> PairingState:
    seats = list(state.seats)
    seats[s] = seat
    return replace(state, seats=tuple(seats))


def _remove(hand: tuple[int, ...], cards: Sequence[str]) -> tuple[int, ...]:
    h = list(hand)
    for c in cards:
        h[INDEX[c]] -= 1
        if h[INDEX[c]] < 0:
            raise InvariantViolation(f"card {c} not in hand")
    return tuple(h)


def _must_guo(seat: SeatState, card: str) -> bool:
    if not seat.passed:
        return False
    if card in JING:
        return True
    p = POINTS[INDEX[card]]
    return any(p + q in (10, 20) for q in seat.passed)


def _draw(state: PairingState, s: int, n: int, **changes: Any) -> PairingState:
    """偷 ``n`` cards for seat ``s`` (applying ``changes`` to the state as well); stops
    at a card that must be laid as 过牌 (phase ``guo``)."""
    stock = state.stock
    seat = state.seats[s]
    h = list(seat.hand)
    stop: dict[str, Any] = {"owed": 0}
    for i in range(n):
        if not stock:
            break
        card = stock[-1]
        stock = stock[:-1]
        if _must_guo(seat, card):
            stop = {"phase": "guo", "drawn": card, "owed": n - i - 1, "turn": s}
            break
        h[INDEX[card]] += 1
    seats = list(state.seats)
    seats[s] = replace(seat, hand=tuple(h))
    return replace(state, stock=stock, seats=tuple(seats), **{**changes, **stop})


def _resume(state: PairingState, s: int, phase: str) -> PairingState:
    if not state.owed:
        return replace(state, phase=phase, turn=s, drawn=None)
    return _draw(state, s, state.owed, phase=phase, turn=s, drawn=None)


def _lay_guo(state: PairingState) -> PairingState:
    s = state.turn
    seat = state.seats[s]
    assert state.drawn is not None
    state = _set_seat(state, s, replace(seat, guo=seat.guo + (state.drawn,)))
    return _resume(state, s, _after_draw_phase(state))


def _keep_unlaid(state: PairingState) -> PairingState:
    s = state.turn
    seat = state.seats[s]
    assert state.drawn is not None
    h = list(seat.hand)
    h[INDEX[state.drawn]] += 1
    seat = replace(seat, hand=tuple(h), unlaid=seat.unlaid + (state.drawn,))
    state = _set_seat(state, s, seat)
    return _resume(state, s, _after_draw_phase(state))


def _after_draw_phase(state: PairingState) -> str:
    return "lay" if state.lay_done < state.options.players else "self"


def _tou_count(kind: str) -> int:
    """偷: one card after 暗/碰/燕/起, two after 亮/扛."""
    return 2 if kind in ("liang", "kang") else 1


def _self_group(state: PairingState, a: Action) -> PairingState:
    s = a.seat
    seat = state.seats[s]
    if a.kind == "qi":
        old = next(m for m in seat.melds if m.kind == "an" and all(c in a.cards for c in m.cards))
        extra = list(a.cards)
        for c in old.cards:
            extra.remove(c)
        melds = tuple(m for m in seat.melds if m is not old) + (Meld.make("qi", a.cards),)
        seat = replace(seat, hand=_remove(seat.hand, extra), melds=melds)
    else:
        seat = replace(
            seat,
            hand=_remove(seat.hand, a.cards),
            melds=seat.melds + (Meld.make(a.kind, a.cards),),
        )
    state = _set_seat(state, s, seat)
    phase = state.phase
    state = replace(state, owed=_tou_count(a.kind))
    return _resume(state, s, phase)


def _next_lay(state: PairingState) -> PairingState:
    n = state.options.players
    done = state.lay_done + 1
    if done >= n:
        return replace(state, phase="self", turn=state.dealer, lay_done=done)
    return replace(state, turn=(state.turn + 1) % n, lay_done=done)


def _discard(state: PairingState, s: int, card: str) -> PairingState:
    seat = state.seats[s]
    if not sum(seat.hand):
        guo = list(seat.guo)
        guo.remove(card)
        seat = replace(seat, guo=tuple(guo))
    else:
        seat = replace(seat, hand=_remove(seat.hand, (card,)))
    state = _set_seat(state, s, seat)
    return _offer(replace(state, open_card=card, source=s, flipped=False))


def _offer(state: PairingState) -> PairingState:
    assert state.open_card is not None
    q = _claim_order(state, state.open_card)
    if not q:
        return _dead(state)
    return replace(state, phase="claim", queue=q)


def _pass(state: PairingState) -> PairingState:
    q = state.queue[1:]
    if q:
        return replace(state, queue=q)
    return _dead(replace(state, queue=()))


def _dead(state: PairingState) -> PairingState:
    """Nobody used the open card: it is dead; the next seat turns a card."""
    x = state.open_card
    assert x is not None
    xk = INDEX[x]
    seats = list(state.seats)
    if not is_jing(xk):
        for i, seat in enumerate(seats):
            if i == state.source and not state.flipped:
                continue
            has = bool(an.partners_in(seat.hand, xk))
            if not has:
                seats[i] = replace(seat, passed=seat.passed | {POINTS[xk]})
    n = state.options.players
    nxt = (state.source + 1) % n
    state = replace(state, seats=tuple(seats), dead=state.dead + (x,), open_card=None, queue=())
    return _flip(state, nxt)


def _flip(state: PairingState, s: int) -> PairingState:
    if not state.stock:
        n = state.options.players
        return replace(state, phase="over", winner=None, scores=(0,) * n, open_card=None)
    card = state.stock[-1]
    state = replace(state, stock=state.stock[:-1])
    seat = state.seats[s]
    if seat.extra:  # the extra seat's turned card is its own: it swaps and discards
        h = list(seat.hand)
        h[INDEX[card]] += 1
        state = _set_seat(state, s, replace(seat, hand=tuple(h)))
        return replace(state, phase="self", turn=s)
    return _offer(replace(state, open_card=card, source=s, flipped=True))


def _take(state: PairingState, a: Action) -> PairingState:
    s = a.seat
    seat = state.seats[s]
    x = state.open_card
    assert x is not None
    if a.kind == "bai":
        own = a.cards[0]
        if a.params.get("guo"):
            guo = list(seat.guo)
            guo.remove(own)
            seat = replace(seat, guo=tuple(guo))
        else:
            if own in seat.unlaid:
                return _end_foul(state, s, Reason("cp-guo-not-laid", {"card": own, "taken": x}))
            seat = replace(seat, hand=_remove(seat.hand, (own,)))
        seat = replace(seat, melds=seat.melds + (Meld.make("jier", (own, x)),))
        owed = 0
    elif a.kind == "qi":
        old = next(m for m in seat.melds if m.kind == "an" and all(c in a.cards for c in m.cards))
        melds = tuple(m for m in seat.melds if m is not old) + (Meld.make("qi", a.cards),)
        seat = replace(seat, melds=melds)
        owed = 1
    else:
        own_cards = list(a.cards)
        own_cards.remove(x)
        seat = replace(
            seat,
            hand=_remove(seat.hand, own_cards),
            melds=seat.melds + (Meld.make(a.kind, a.cards),),
        )
        owed = _tou_count(a.kind)
    state = _set_seat(state, s, seat)
    state = replace(state, open_card=None, queue=(), owed=owed)
    return _resume(state, s, "self")


def _end_foul(state: PairingState, s: int, reason: Reason) -> PairingState:
    n = state.options.players
    return replace(state, phase="over", foul=reason, foul_seat=s, scores=(0,) * n)


def settle(points: int, winner: int, players: int) -> tuple[int, ...]:
    """Each loser pays the winner its 胡 plus the base of 1."""
    pay = points + 1
    return tuple(pay * (players - 1) if i == winner else -pay for i in range(players))


def _settle(state: PairingState, s: int) -> PairingState:
    seat = state.seats[s]
    res = analyze(seat.hand, seat.melds, state.options)
    assert res.points is not None and res.count is not None
    lines = list(res.count.lines) + [CountLine("cp-base", 1)]
    count = Count.of(lines, res.points + 1)
    scores = settle(res.points, s, state.options.players)
    return replace(state, phase="over", winner=s, scores=scores, count=count)


# -- invariants and players ----------------------------------------------------


def _on_table(state: PairingState, counts: list[int]) -> None:
    """Add every laid-out group and the dead cards to ``counts``."""
    for seat in state.seats:
        for m in seat.melds:
            for t in m.cards:
                counts[INDEX[t]] += 1
    for t in state.dead:
        counts[INDEX[t]] += 1


def all_cards(state: PairingState) -> list[int]:
    """Counts of every card in the state (must equal the deck)."""
    c = [sum(col) for col in zip(*(seat.hand for seat in state.seats), strict=True)]
    _on_table(state, c)
    for t in [g for seat in state.seats for g in seat.guo] + list(state.stock):
        c[INDEX[t]] += 1
    for o in (state.open_card, state.drawn):
        if o is not None:
            c[INDEX[o]] += 1
    return c


_FULL = {j: tuple(counts_of(deck(j))) for j in (True, False)}


@dataclass
class SimplePlayer:
    """An engine player: forced actions first, goes out, takes greedily, discards a
    spare card with the fewest partners left."""

    rng: random.Random
    take_optional: float = 0.8

    def choose(self, state: PairingState, acts: list[Action]) -> Action:
        if len(acts) == 1:
            return acts[0]
        for a in acts:
            if a.kind == "hu":
                return a
        forced = [a for a in acts if a.forced]
        if forced:
            return max(forced, key=_take_value)
        takes = [a for a in acts if a.kind not in ("pass", "discard", "done")]
        if takes and self.rng.random() < self.take_optional:
            return max(takes, key=_take_value)
        discards = [a for a in acts if a.kind == "discard"]
        if discards:
            return self._discard(state, discards)
        rest = [a for a in acts if a.kind in ("pass", "done")]
        return self.rng.choice(rest or acts)

    def _discard(self, state: PairingState, discards: list[Action]) -> Action:
        """The spare card whose partners are least likely to come (fewest unseen)."""
        seen = list(state.seats[state.actor].hand)
        _on_table(state, seen)
        limit = _FULL[state.options.jing]

        def hope(a: Action) -> tuple[int, float]:
            k = INDEX[a.cards[0]]
            unseen = sum(limit[q] - seen[q] for q in an.PAIRS_WITH[k])
            return (unseen, self.rng.random())

        return min(discards, key=hope)


def _take_value(a: Action) -> int:
    if a.kind == "bai":
        return 1 if jier_sum(a.cards[0], a.cards[1]) == 20 else 0
    return {"peng": 2, "yan": 2, "an": 3, "qi": 5, "liang": 7, "kang": 7}.get(a.kind, 0)


def play_deal(
    opts: PairingOptions, rng: random.Random, dealer: int = 0, check: bool = True
) -> tuple[PairingState, int]:
    """One deal by :class:`SimplePlayer` seats; returns the final state and actions."""
    state = new_deal(opts, rng, dealer)
    player = SimplePlayer(rng)
    full = counts_of(deck(opts.jing))
    steps = 0
    while state.phase != "over":
        acts = legal_actions(state)
        if not acts:
            raise InvariantViolation(f"no legal action in phase {state.phase}")
        a = player.choose(state, acts)
        state = apply(state, a, acts)
        steps += 1
        if check and all_cards(state) != full:
            raise InvariantViolation(f"cards not conserved after {a}")
        if steps > 2000:
            raise InvariantViolation("deal does not end")
    return state, steps


# ---------------------------------------------------------------------------
# CLI hooks


def _opts(req: Any) -> PairingOptions:
    return PairingOptions.from_mapping(req.options)


def cli_analyze(req: Any) -> dict[str, Any]:
    opts = _opts(req)
    hand, melds = read_hand(req.hand or "", req.melds, opts)
    if not sum(hand) and not melds:
        raise EngineError("bad-hand-size", count=0, expected="1+")
    return analyze(hand, melds, opts).to_json()


def cli_waits(req: Any) -> dict[str, Any]:
    opts = _opts(req)
    hand, melds = read_hand(req.hand or "", req.melds, opts)
    return {
        "variant": VARIANT,
        "waits": [{"card": c, "points": p} for c, p in waits(hand, melds, opts)],
    }


def cli_selfplay(req: Any) -> dict[str, Any]:
    opts = _opts(req)

    def one(rng: random.Random, i: int) -> DealResult:
        state, steps = play_deal(opts, rng, dealer=i % min(opts.players, 4))
        extra = {"foul": state.foul.code} if state.foul else {}
        return DealResult(state.winner, steps, state.scores, extra)

    out = run_selfplay(VARIANT, opts.players, req.games, req.seed, one)
    out["options"] = opts.to_json()
    return out


def cli_options(req: Any) -> dict[str, Any]:
    """Legal actions of a position: a full state, or one seat's hand and a card."""
    pos = dict(req.position or {})
    try:
        full = "seats" in pos
        state = PairingState.from_json(pos) if full else position_state(pos, _opts(req))
        if full and all_cards(state) != list(_FULL[state.options.jing]):
            raise EngineError("bad-position", detail="the cards do not add up to the deck")
        acts = legal_actions(state)
    except EngineError:
        raise
    except Exception as exc:  # any malformed document is a bad position
        raise EngineError("bad-position", detail=f"{type(exc).__name__}: {exc}") from None
    return {
        "variant": VARIANT,
        "phase": state.phase,
        "seat": state.actor if state.phase != "over" else None,
        "actions": [a.to_json() for a in acts],
        "spare": [KINDS[k] for k in an.spare_kinds(state.seats[state.actor].hand)]
        if state.phase != "over"
        else [],
    }


def position_state(pos: Mapping[str, Any], opts: PairingOptions) -> PairingState:
    """A one-seat position: ``hand``, ``melds`` (``kind:cards``), ``guo``, ``passed``,
    and ``card`` with ``from`` (``discard`` | ``flip``) to ask what to do with it;
    without ``card``: what the seat may lay or discard."""
    if "options" in pos:
        opts = PairingOptions.from_mapping({k: str(v) for k, v in pos["options"].items()})
    melds = tuple((str(m).split(":", 1)[0], str(m).split(":", 1)[1]) for m in pos.get("melds", ()))
    hand, ms = read_hand(str(pos.get("hand", "")), melds, opts)
    guo = parse_tokens(" ".join(pos.get("guo", ())), "pairing") if pos.get("guo") else ()
    me = SeatState(
        tuple(hand),
        ms,
        tuple(guo),
        frozenset(int(p) for p in pos.get("passed", ())),
        extra=bool(pos.get("extra", False)),
    )
    other = SeatState((0,) * N_KINDS)
    n = max(2, opts.players)
    seats = (me,) + (other,) * (n - 1)
    state = PairingState(replace(opts, players=n), 0, seats, (), phase="self", lay_done=n)
    card = pos.get("card")
    if card is None:
        return state
    (x,) = parse_tokens(str(card), "pairing")
    flipped = pos.get("from", "discard") == "flip"
    src = 0 if flipped else n - 1
    state = replace(state, open_card=x, source=src, flipped=flipped)
    q = tuple(e for e in _claim_order(state, x) if e[0] == 0)
    return replace(state, phase="claim", queue=q or ((0, "bai"),))
