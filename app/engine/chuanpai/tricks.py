"""打天九 · The Sichuan trick game (variant ``chuanpai-tricks``).

Three players, 28 cards each from the 84-card deck without 经牌. The 硬张 丁丁
(``12``) and 二红 (``24``) are never played: they are laid out at once and count.
A trick is led with a single card, a pair of identical cards or a combination
(天九 > 地八 > 人七 > 和五); each other player in turn must beat the best play
so far when able (same shape, same suit: 正门, red 点子 or black 点子 apart), else
covers the same number of cards face down. The winner of a trick lays out the
cards it played and leads the next. Whoever first has 16 cards laid out wins
(小胡; 21 一甲, 23 两甲, 翻 by 三红四黑); 15 laid out with 5 in hand may end the
deal as 脱手 (nobody wins or pays).

:func:`legal_actions` lists every legal action with ``forced`` flags; :func:`apply`
returns a new state or raises :class:`IllegalAction` with a :class:`Reason`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import Any

from app.engine.chuanpai.cards import (
    FACES,
    INDEX,
    KINDS,
    check_deck_copies,
    counts_of,
    deck,
    parse_tokens,
    tokens_of,
)
from app.engine.chuanpai.common import (
    SHARED_REASON_CODES,
    IllegalAction,
    count_from_json,
    match_legal,
)
from app.engine.core.actions import Action, Count, CountLine
from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason
from app.engine.core.selfplay import DealResult, InvariantViolation, run_selfplay

VARIANT = "chuanpai-tricks"
PLAYERS = 3
N = len(FACES)

__all__ = ["IllegalAction", "TrickOptions", "TrickState", "apply", "legal_actions"]

REASON_CODES: tuple[str, ...] = SHARED_REASON_CODES + (
    "cp-tj-must-beat",
    "cp-tj-wrong-count",
    "cp-tj-not-a-lead",
    "cp-tj-first-lead",
    "cp-tj-no-tuoshou",
    "cp-tj-hard-card",
)
FOUL_CODES = frozenset({"cp-tj-must-beat"})
COUNT_CODES: tuple[str, ...] = (
    "cp-tj-pile",
    "cp-tj-xiaohu",
    "cp-tj-yijia",
    "cp-tj-liangjia",
    "cp-tj-fan",
    "cp-tj-tuoshou",
    "cp-tj-short",
    "cp-tj-baopai",
    "cp-tj-fapai",
)
ERROR_CODES: tuple[str, ...] = (
    "unknown-card",
    "too-many-copies",
    "unknown-meld-kind",
    "bad-option",
)

HARD: tuple[str, ...] = ("12", "24")
"""硬张: 丁丁 and 二红, laid out at once, never played."""

SUIT: dict[str, str] = {}
RANK: dict[str, int] = {}
for _suit, _ranks in (
    ("civil", (("66",), ("11",), ("44",), ("13",), ("55", "33", "22"), ("56", "46", "16", "15"))),
    ("red", (("45",), ("34",), ("14",))),
    ("black", (("36",), ("26", "35"), ("25",), ("23",))),
):
    for _i, _cls in enumerate(_ranks):
        for _f in _cls:
            SUIT[_f] = _suit
            RANK[_f] = len(_ranks) - _i

COMBOS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("tianjiu", "66", ("45", "36")),
    ("diba", "11", ("26", "35")),
    ("renqi", "44", ("34", "25")),
    ("hewu", "13", ("14", "23")),
)
"""组合 · combinations, highest first: 天九, 地八, 人七, 和五."""

RED_CARDS = frozenset({"66", "11", "44", "45", "34", "14"})
"""红牌 for 翻 (三红四黑): 天, 地, 人, 红九, 三四, 红五; the rest are black."""

TOP_CARDS = frozenset({"66", "45", "36"})
"""The first lead of a deal may not include 天牌 or a nine (包牌)."""


@dataclass(frozen=True, slots=True)
class TrickOptions:
    """Rule options of the trick game.

    - ``first_lead``: ``baopai`` (default: leading 天牌 or a nine first is allowed
      but makes the leader 包牌), ``forbidden`` (not allowed), ``free``.
    - ``fan``: ``sets`` (default: 三红四黑 as documented) or ``none``.
    - ``fouls``: ``refuse`` (default) or ``end-deal`` (not beating when able ends
      the deal: 罚牌).
    - ``finish``: ``play-out`` (default: the deal is played to the end, the first seat
      with 16 laid out wins and its final pile sets the level) or ``at-16`` (the deal
      stops as soon as a seat has 16 laid out).
    """

    first_lead: str = "baopai"
    fan: str = "sets"
    fouls: str = "refuse"
    finish: str = "play-out"

    @classmethod
    def from_mapping(cls, opts: Mapping[str, str]) -> TrickOptions:
        o = cls()
        allowed = {
            "first_lead": ("baopai", "forbidden", "free"),
            "fan": ("sets", "none"),
            "fouls": ("refuse", "end-deal"),
            "finish": ("play-out", "at-16"),
        }
        for name, value in opts.items():
            v = str(value).strip().lower()
            if name in allowed and v in allowed[name]:
                o = replace(o, **{name: v})
            elif name != "in_hand":
                raise EngineError("bad-option", option=name, value=str(value))
        return o

    def to_json(self) -> dict[str, str]:
        return {
            "first_lead": self.first_lead,
            "fan": self.fan,
            "fouls": self.fouls,
            "finish": self.finish,
        }


# ---------------------------------------------------------------------------
# Plays


@dataclass(frozen=True, slots=True)
class Play:
    """A set of cards played together: ``shape`` single | pair | combo, its suit
    (``civil``, ``red``, ``black`` or ``combo``) and rank within that suit."""

    shape: str
    suit: str
    rank: int

    def beats(self, other: Play) -> bool:
        return self.shape == other.shape and self.suit == other.suit and self.rank > other.rank


def classify(cards: Sequence[str]) -> Play | None:
    """What ``cards`` are as a lead, or None (not a single, pair or combination)."""
    return _classify(tuple(cards))


@lru_cache(maxsize=1024)
def _classify(cards: tuple[str, ...]) -> Play | None:
    if len(cards) == 1 and cards[0] in SUIT:
        return Play("single", SUIT[cards[0]], RANK[cards[0]])
    if len(cards) == 2:
        a, b = cards
        if a == b and a in SUIT:
            return Play("pair", SUIT[a], RANK[a])
        for i, (_, top, mates) in enumerate(COMBOS):
            if (a == top and b in mates) or (b == top and a in mates):
                return Play("combo", "combo", len(COMBOS) - i)
    return None


def _sorted(cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=INDEX.__getitem__))


def leads_in(hand: Sequence[int]) -> list[tuple[str, ...]]:
    """Every distinct single, pair and combination a hand can lead."""
    out: list[tuple[str, ...]] = []
    for k in range(N):
        if hand[k]:
            out.append((KINDS[k],))
        if hand[k] >= 2:
            out.append((KINDS[k], KINDS[k]))
    for _, top, mates in COMBOS:
        if hand[INDEX[top]]:
            for m in mates:
                if hand[INDEX[m]]:
                    out.append(_sorted((top, m)))
    return out


def beaters(hand: Sequence[int], best: Play) -> list[tuple[str, ...]]:
    """Plays from ``hand`` that beat ``best``."""
    out = []
    for cards in leads_in(hand):
        p = classify(cards)
        if p is not None and p.beats(best):
            out.append(cards)
    return out


def covers(hand: Sequence[int], k: int) -> list[tuple[str, ...]]:
    """Every distinct way to cover ``k`` cards face down."""
    kinds = [i for i in range(N) if hand[i]]
    if k == 1:
        return [(KINDS[i],) for i in kinds]
    if k == 2:
        return [
            (KINDS[i], KINDS[j])
            for a, i in enumerate(kinds)
            for j in kinds[a:]
            if i != j or hand[i] >= 2
        ]
    out = []
    for combo in combinations_with_replacement(kinds, k):
        if all(combo.count(c) <= hand[c] for c in set(combo)):
            out.append(tuple(KINDS[c] for c in combo))
    return out


# ---------------------------------------------------------------------------
# Counting a laid-out pile


@dataclass(frozen=True, slots=True)
class PileCount:
    """The count of a laid-out pile (摆牌): cards, level, 翻 and value."""

    cards: int
    level: int  # 0 (not a win), 1 小胡, 2 一甲, 4 两甲
    fan: int
    value: int
    sets: tuple[tuple[str, int, int], ...]  # (face, copies, 翻 it offers)
    tuoshou: bool
    count: Count


def fan_sets(pile: Sequence[str]) -> tuple[tuple[str, int, int], ...]:
    """三红四黑 (as documented): three of a red card 1 翻, four 2; four of a black 1."""
    c = counts_of(pile)
    out = []
    for k in range(N):
        face, n = KINDS[k], c[k]
        if face in RED_CARDS and n >= 3:
            out.append((face, n, n - 2))
        elif face not in RED_CARDS and n == 4:
            out.append((face, n, 1))
    return tuple(out)


def count_pile(pile: Sequence[str], in_hand: int | None, opts: TrickOptions) -> PileCount:
    """Count a laid-out pile; ``in_hand`` (cards left in hand) decides 脱手 at 15."""
    n = len(pile)
    lines = [CountLine("cp-tj-pile", n, {"cards": n}, "info")]
    tuoshou = n == 15 and in_hand == 5
    if n < 16:
        code = "cp-tj-tuoshou" if tuoshou else "cp-tj-short"
        lines.append(CountLine(code, 0, {"cards": n, "in_hand": in_hand}, "info"))
        return PileCount(n, 0, 0, 0, (), tuoshou, Count.of(lines, 0))
    level, code = (
        (4, "cp-tj-liangjia") if n >= 23 else (2, "cp-tj-yijia") if n >= 21 else (1, "cp-tj-xiaohu")
    )
    lines.append(CountLine(code, level, {"cards": n}, "="))
    sets = fan_sets(pile) if opts.fan == "sets" else ()
    fan = min(sum(s[2] for s in sets), n - 16)
    for i in range(fan):
        lines.append(CountLine("cp-tj-fan", 2, {"n": i + 1, "cards": 16 + i + 1}, "x"))
    value = level * 2**fan
    return PileCount(n, level, fan, value, sets, False, Count.of(lines, value))


# ---------------------------------------------------------------------------
# The deal


@dataclass(frozen=True, slots=True)
class TrickState:
    """A moment of the deal. ``trick`` holds the plays so far (seat, cards, covered)."""

    options: TrickOptions
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    piles: tuple[tuple[str, ...], ...]
    covered: tuple[str, ...] = ()
    leader: int = 0
    turn: int = 0
    trick: tuple[tuple[int, tuple[str, ...], bool], ...] = ()
    best: int | None = None  # index in ``trick`` of the best play so far
    tricks_done: int = 0
    first_to_16: int | None = None
    baopai: int | None = None
    phase: str = "play"
    winner: int | None = None
    tuoshou: int | None = None
    foul: Reason | None = None
    foul_seat: int | None = None
    scores: tuple[int, ...] = ()
    count: Count | None = None
    redeals: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": VARIANT,
            "options": self.options.to_json(),
            "dealer": self.dealer,
            "hands": [list(tokens_of(h)) for h in self.hands],
            "piles": [list(p) for p in self.piles],
            "covered": list(self.covered),
            "leader": self.leader,
            "turn": self.turn,
            "trick": [[s, list(c), cov] for s, c, cov in self.trick],
            "best": self.best,
            "tricks_done": self.tricks_done,
            "first_to_16": self.first_to_16,
            "baopai": self.baopai,
            "phase": self.phase,
            "winner": self.winner,
            "tuoshou": self.tuoshou,
            "foul": self.foul.to_json() if self.foul else None,
            "foul_seat": self.foul_seat,
            "scores": list(self.scores),
            "count": self.count.to_json() if self.count else None,
            "redeals": self.redeals,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> TrickState:
        return cls(
            TrickOptions.from_mapping(d.get("options", {})),
            int(d["dealer"]),
            tuple(tuple(counts_of(h))[:N] for h in d["hands"]),
            tuple(tuple(p) for p in d["piles"]),
            tuple(d.get("covered", ())),
            int(d.get("leader", 0)),
            int(d.get("turn", 0)),
            tuple((int(s), tuple(c), bool(cov)) for s, c, cov in d.get("trick", ())),
            d.get("best"),
            int(d.get("tricks_done", 0)),
            d.get("first_to_16"),
            d.get("baopai"),
            str(d.get("phase", "play")),
            d.get("winner"),
            d.get("tuoshou"),
            Reason.from_json(d["foul"]) if d.get("foul") else None,
            d.get("foul_seat"),
            tuple(d.get("scores", ())),
            count_from_json(d.get("count")),
            int(d.get("redeals", 0)),
        )


def no_tian_no_jiu(hand: Sequence[int]) -> bool:
    """无天无九: no 天牌, no 红九 and no 黑九 (then nobody plays: redeal)."""
    return not any(hand[INDEX[f]] for f in TOP_CARDS)


def new_deal(opts: TrickOptions, rng: random.Random, dealer: int = 0) -> TrickState:
    """Shuffle and deal 28 each; lay out the 硬张; redeal on 无天无九."""
    redeals = 0
    while True:
        cards = list(deck(False))
        rng.shuffle(cards)
        hands: list[tuple[int, ...]] = []
        piles: list[tuple[str, ...]] = []
        for i in range(PLAYERS):
            mine = cards[28 * i : 28 * (i + 1)]
            piles.append(_sorted([c for c in mine if c in HARD]))
            hands.append(tuple(counts_of(c for c in mine if c not in HARD))[:N])
        order = [hands[(i - dealer) % PLAYERS] for i in range(PLAYERS)]
        pl = [piles[(i - dealer) % PLAYERS] for i in range(PLAYERS)]
        if not any(no_tian_no_jiu(h) for h in order):
            first16 = next((i for i in range(PLAYERS) if len(pl[i]) >= 16), None)
            return TrickState(
                opts,
                dealer,
                tuple(order),
                tuple(pl),
                leader=dealer,
                turn=dealer,
                redeals=redeals,
                first_to_16=first16,
            )
        redeals += 1


def _lead_size(state: TrickState) -> int:
    return len(state.trick[0][1]) if state.trick else 0


def legal_actions(state: TrickState, seat: int | None = None) -> list[Action]:
    """Every legal action of the seat to act (``[]`` for any other seat)."""
    if state.phase != "play" or (seat is not None and seat != state.turn):
        return []
    s = state.turn
    hand = state.hands[s]
    if not state.trick:
        acts = []
        first = state.tricks_done == 0 and s == state.dealer
        for cards in leads_in(hand):
            params: dict[str, Any] = {}
            if first and TOP_CARDS & set(cards):
                if state.options.first_lead == "forbidden":
                    continue
                if state.options.first_lead == "baopai":
                    params = {"baopai": True}
            acts.append(Action("lead", s, cards, False, params))
        if not acts:  # only top cards and the first lead forbids them: lead anyway
            acts = [Action("lead", s, c, False, {"baopai": True}) for c in leads_in(hand)]
        if len(state.piles[s]) == 15 and sum(hand) == 5:
            acts.append(Action("tuoshou", s))
        return acts
    k = _lead_size(state)
    assert state.best is not None
    best = classify(state.trick[state.best][1])
    assert best is not None
    beat = beaters(hand, best) if sum(hand) >= k else []
    if beat:
        return [Action("beat", s, c, True) for c in beat]
    return [Action("cover", s, c) for c in covers(hand, min(k, sum(hand)))]


def explain(state: TrickState, action: Action) -> Reason:
    """Why ``action`` is not legal now (assumes it is not)."""
    if state.phase != "play":
        return Reason("cp-deal-over")
    if action.seat != state.turn:
        return Reason("cp-not-your-turn", {"seat": action.seat, "actor": state.turn})
    hand = list(state.hands[action.seat])
    for c in action.cards:
        if c in HARD:
            return Reason("cp-tj-hard-card", {"card": c})
        if c not in INDEX or INDEX[c] >= N or hand[INDEX[c]] <= 0:
            return Reason("cp-no-such-card", {"card": c})
        hand[INDEX[c]] -= 1
    if action.kind == "tuoshou":
        return Reason("cp-tj-no-tuoshou", {"cards": len(state.piles[action.seat])})
    generic = Reason("cp-illegal-action", {"kind": action.kind, "cards": list(action.cards)})
    if not state.trick:
        if action.kind != "lead":
            return generic
        if classify(action.cards) is None:
            return Reason("cp-tj-not-a-lead", {"cards": list(action.cards)})
        if TOP_CARDS & set(action.cards) and state.options.first_lead == "forbidden":
            return Reason("cp-tj-first-lead", {"cards": list(action.cards)})
        return generic
    if action.kind == "lead":
        return generic
    k = _lead_size(state)
    if len(action.cards) != min(k, sum(state.hands[action.seat])):
        return Reason("cp-tj-wrong-count", {"count": len(action.cards), "expected": k})
    legal = legal_actions(state)
    if legal and legal[0].kind == "beat" and action.kind == "cover":
        return Reason("cp-tj-must-beat", {"cards": list(legal[0].cards)})
    return generic


def apply(state: TrickState, action: Action, legal: list[Action] | None = None) -> TrickState:
    """The state after ``action``; raises :class:`IllegalAction` if refused.

    ``legal`` may pass ``legal_actions(state)`` when the caller has it already.
    """
    if legal is None:
        legal = legal_actions(state)
    chosen = match_legal(action, legal)
    if chosen is None:
        reason = explain(state, action)
        if (
            state.options.fouls == "end-deal"
            and reason.code in FOUL_CODES
            and action.seat == state.turn
        ):
            return _fapai(state, action.seat, reason)
        raise IllegalAction(reason)
    action = chosen
    s = action.seat
    if action.kind == "tuoshou":
        return _tuoshou(state, s)
    hands = list(state.hands)
    h = list(hands[s])
    for c in action.cards:
        h[INDEX[c]] -= 1
    hands[s] = tuple(h)
    covered = action.kind == "cover"
    trick = state.trick + ((s, _sorted(action.cards), covered),)
    best = state.best
    if action.kind in ("lead", "beat"):
        best = len(trick) - 1
    baopai = state.baopai
    if action.kind == "lead" and action.params.get("baopai"):
        baopai = s
    state = replace(state, hands=tuple(hands), trick=trick, best=best, baopai=baopai)
    nxt = _next_player(state, s)
    if nxt is None:
        return _close_trick(state)
    return replace(state, turn=nxt)


def _next_player(state: TrickState, s: int) -> int | None:
    played = {p for p, _, _ in state.trick}
    for i in range(1, PLAYERS):
        t = (s + i) % PLAYERS
        if t not in played and sum(state.hands[t]) > 0:
            return t
    return None


def _close_trick(state: TrickState) -> TrickState:
    assert state.best is not None
    win_seat, win_cards, _ = state.trick[state.best]
    piles = list(state.piles)
    piles[win_seat] = _sorted(piles[win_seat] + win_cards)
    covered = state.covered + tuple(
        c for i, (_, cards, _) in enumerate(state.trick) if i != state.best for c in cards
    )
    first16 = state.first_to_16
    if first16 is None and len(piles[win_seat]) >= 16:
        first16 = win_seat
    state = replace(
        state,
        piles=tuple(piles),
        covered=covered,
        trick=(),
        best=None,
        leader=win_seat,
        turn=win_seat,
        tricks_done=state.tricks_done + 1,
        first_to_16=first16,
    )
    if sum(state.hands[win_seat]) == 0 or sum(1 for h in state.hands if sum(h)) < 2:
        return _finish(state)
    if state.options.finish == "at-16" and first16 is not None:
        return _finish(state)
    return state


def _finish(state: TrickState) -> TrickState:
    """Settle: each loser pays the winner's value; a 包牌 seat pays for both."""
    w = state.first_to_16
    if w is None:
        return replace(state, phase="over", winner=None, scores=(0,) * PLAYERS)
    pc = count_pile(state.piles[w], None, state.options)
    value = pc.value
    lines = list(pc.count.lines)
    scores = [0] * PLAYERS
    b = state.baopai
    if b is not None and b != w:
        scores[b] = -2 * value
        lines.append(CountLine("cp-tj-baopai", 2 * value, {"seat": b}, "info"))
    else:
        for i in range(PLAYERS):
            if i != w:
                scores[i] = -value
    scores[w] = -sum(scores)
    count = Count.of(lines, value)
    return replace(state, phase="over", winner=w, scores=tuple(scores), count=count)


def _fapai(state: TrickState, s: int, reason: Reason) -> TrickState:
    """罚牌 (inferred amount): not beating when able ends the deal; the offender pays
    each other player 1 (the value of a 小胡)."""
    scores = tuple(-(PLAYERS - 1) if i == s else 1 for i in range(PLAYERS))
    count = Count.of([CountLine("cp-tj-fapai", 1, {"seat": s}, "info")], 1)
    return replace(state, phase="over", foul=reason, foul_seat=s, scores=scores, count=count)


def _tuoshou(state: TrickState, s: int) -> TrickState:
    """脱手: 15 laid out with 5 in hand; nobody wins or pays."""
    n = len(state.piles[s])
    line = CountLine("cp-tj-tuoshou", 0, {"cards": n, "in_hand": sum(state.hands[s])}, "info")
    return replace(state, phase="over", tuoshou=s, scores=(0,) * PLAYERS, count=Count.of([line], 0))


def all_cards(state: TrickState) -> list[int]:
    c = [sum(col) for col in zip(*state.hands, strict=True)]
    for t in [x for p in state.piles for x in p] + list(state.covered):
        c[INDEX[t]] += 1
    for _, cards, _ in state.trick:
        for t in cards:
            c[INDEX[t]] += 1
    return c


# ---------------------------------------------------------------------------
# Players and selfplay


def choose(state: TrickState, acts: list[Action], rng: random.Random) -> Action:
    """A simple engine player: lowest beater (sometimes the top one, 占张), lowest
    covers, leads its strongest pairs and combinations, else a random single."""
    if len(acts) == 1:
        return acts[0]
    kind = acts[0].kind
    if kind == "beat":
        ranked = sorted(acts, key=lambda a: (classify(a.cards) or Play("", "", 0)).rank)
        return ranked[-1] if rng.random() < 0.3 else ranked[0]
    if kind == "cover":  # the lowest-ranked cards
        hand = state.hands[state.turn]
        low = sorted((k for k in range(N) if hand[k]), key=lambda k: RANK.get(KINDS[k], 0))
        k = len(acts[0].cards)
        picked = [KINDS[i] for i in low for _ in range(hand[i])][:k]
        return Action("cover", state.turn, _sorted(picked))
    safe = [a for a in acts if a.kind == "lead" and not a.params.get("baopai")]
    if any(a.kind == "tuoshou" for a in acts) and rng.random() < 0.5:
        return next(a for a in acts if a.kind == "tuoshou")
    pool = safe or acts
    multi = [a for a in pool if len(a.cards) == 2]
    if multi and rng.random() < 0.5:
        return max(multi, key=lambda a: (classify(a.cards) or Play("", "", 0)).rank)
    return rng.choice(pool)


def play_deal(
    opts: TrickOptions, rng: random.Random, dealer: int = 0, check: bool = True
) -> tuple[TrickState, int]:
    state = new_deal(opts, rng, dealer)
    full = counts_of(deck(False))[:N]
    steps = 0
    while state.phase != "over":
        acts = legal_actions(state)
        if not acts:
            raise InvariantViolation("no legal action")
        state = apply(state, choose(state, acts, rng), acts)
        steps += 1
        if check and all_cards(state) != full:
            raise InvariantViolation("cards not conserved")
        if steps > 500:
            raise InvariantViolation("deal does not end")
    return state, steps


# ---------------------------------------------------------------------------
# CLI hooks


def _read_pile(req: Any) -> tuple[str, ...]:
    if req.melds:
        raise EngineError("unknown-meld-kind", kind=req.melds[0][0])
    pile = parse_tokens(req.hand or "", "tricks")
    check_deck_copies(pile, False)
    return pile


def _in_hand(req: Any) -> int | None:
    v = req.options.get("in_hand")
    if v is None:
        return None
    if not str(v).isdigit() or int(v) > 28:
        raise EngineError("bad-option", option="in_hand", value=str(v))
    return int(v)


def cli_analyze(req: Any) -> dict[str, Any]:
    """Count a laid-out pile (``--hand``); ``--option in_hand=N`` for 脱手."""
    opts = TrickOptions.from_mapping(req.options)
    pile = _read_pile(req)
    res = count_pile(pile, _in_hand(req), opts)
    win = res.level > 0
    return {
        "variant": VARIANT,
        "complete": win,
        "win": win,
        "points": res.cards if win else None,
        "unit": "hu",
        "melds": [{"kind": "fan-set", "cards": [face] * n, "points": f} for face, n, f in res.sets],
        "value": res.value,
        "level": res.level,
        "fan": res.fan,
        "tuoshou": res.tuoshou,
        "count": res.count.to_json(),
    }


def cli_waits(req: Any) -> dict[str, Any]:
    raise EngineError("unsupported-verb", verb="waits", variant=VARIANT)


def cli_selfplay(req: Any) -> dict[str, Any]:
    opts = TrickOptions.from_mapping(req.options)

    def one(rng: random.Random, i: int) -> DealResult:
        state, steps = play_deal(opts, rng, dealer=i % PLAYERS)
        extra = {"tuoshou": state.tuoshou is not None, "redeals": state.redeals}
        return DealResult(state.winner, steps, state.scores, extra)

    out = run_selfplay(VARIANT, PLAYERS, req.games, req.seed, one)
    out["options"] = opts.to_json()
    return out


def cli_options(req: Any) -> dict[str, Any]:
    """Legal actions of a position (a full state, or ``hand`` + ``trick``)."""
    pos = dict(req.position or {})
    opts = TrickOptions.from_mapping({k: v for k, v in req.options.items()})
    try:
        full = "hands" in pos
        state = TrickState.from_json(pos) if full else position_state(pos, opts)
        if full and all_cards(state) != counts_of(deck(False))[:N]:
            raise EngineError("bad-position", detail="the cards do not add up to the deck")
        acts = legal_actions(state)
    except EngineError:
        raise
    except Exception as exc:  # any malformed document is a bad position
        raise EngineError("bad-position", detail=f"{type(exc).__name__}: {exc}") from None
    return {
        "variant": VARIANT,
        "seat": state.turn if state.phase == "play" else None,
        "actions": [a.to_json() for a in acts],
    }


def position_state(pos: Mapping[str, Any], opts: TrickOptions) -> TrickState:
    """One seat's view: ``hand``, optional ``pile``, ``trick`` (plays before it, each
    a string of cards, the first the lead), ``first`` (the deal's first lead)."""
    hand = parse_tokens(str(pos.get("hand", "")), "tricks")
    pile = parse_tokens(str(pos.get("pile", "")), "tricks")
    plays = [parse_tokens(str(p), "tricks") for p in pos.get("trick", ())]
    check_deck_copies(list(hand) + list(pile) + [c for p in plays for c in p], False)
    for c in hand:
        if c in HARD:
            raise EngineError("bad-position", detail=f"{c} is a 硬张 and is never in hand")
    if plays and classify(plays[0]) is None:
        raise EngineError("bad-position", detail="the first play of the trick is not a lead")
    if len(plays) >= PLAYERS:
        raise EngineError("bad-position", detail="the trick is already complete")
    me = len(plays)  # the leader is seat 0, the plays so far are seats 0 … me-1
    hands = [tuple([0] * N)] * PLAYERS
    hands[me] = tuple(counts_of(hand))[:N]
    trick: list[tuple[int, tuple[str, ...], bool]] = []
    best = None
    for i, p in enumerate(plays):
        cp = classify(p)
        covered = i > 0 and (cp is None or not cp.beats(_best_play(plays, best)))
        trick.append((i, _sorted(p), covered))
        if not covered:
            best = i
    piles: list[tuple[str, ...]] = [()] * PLAYERS
    piles[me] = _sorted(pile)
    first = bool(pos.get("first", False))
    return TrickState(
        opts,
        dealer=0 if first else 1,
        hands=tuple(hands),
        piles=tuple(piles),
        leader=0,
        turn=me,
        trick=tuple(trick),
        best=best,
        tricks_done=0 if first else 1,
    )


def _best_play(plays: Sequence[Sequence[str]], best: int | None) -> Play:
    p = classify(plays[best if best is not None else 0])
    assert p is not None
    return p
