"""Play a whole deal against the engine's players: the deal's life, with no request code.

A :class:`~app.learning.models.PlayDeal` row is the deal: its seed and dealer make the
cards, ``moves`` is the log (every action with its seat and whether the rules forced it;
for the learner's decisions also what the engine would have done and why), ``code`` the
position now. The log replays from the seed (take back, review); the code alone is
enough to go on (a page load decodes it, nothing is replayed).

The engine seats choose with the player named by ``strength``; their random choices are
seeded from the deal's seed and the move's number, so the same decisions by the learner
give the same deal again (the class kind compares students on this).
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.engine import EngineError
from app.engine.core.actions import Action
from app.engine.core.game import Advice, Game, IllegalAction, advise
from app.engine.core.reason import Reason
from app.engine.core.registry import all_variants, find_game
from app.engine.core.results import Wait
from app.extensions import db
from app.learning import clock
from app.learning.models import PlayDeal

GAMES = tuple(v.id for v in all_variants())


def _nobody(deal: PlayDeal) -> bool:
    return False


#: whether this request's user, not its player, may see a finished deal played for an
#: assignment (its table, review and "play again"); the classes area sets it (the
#: class's teachers, and everyone once the last student's time is up), else nobody
assigned_visible: Callable[[PlayDeal], bool] = _nobody

#: the practice theme that trains a kind of decision, per game (first one the game has)
THEME_OF_KIND: dict[str, tuple[str, ...]] = {
    "discard": ("best-discard", "discard", "waits"),
    "chi": ("chi-legal", "may-eat", "must-eat", "claim"),
    "peng": ("peng-pao", "priority", "claim"),
    "bai": ("pairs-with", "must-eat"),
    "hu": ("win-minimum", "can-hu", "is-win"),
    "pass": ("may-eat", "guo", "claim"),
    "guo": ("guo",),
    "lead": ("lead", "first-lead"),
    "beat": ("beat-or-cover", "beats-best"),
    "cover": ("beat-or-cover",),
}
FALLBACK_THEMES = ("waits", "priority", "beat-or-cover", "forced")

#: per game, the action kinds that lay cards face down (as each game's view hides them):
#: another seat's cards of these stay hidden in the log until the deal is over. Hunan's
#: wei; Guilin's sao and saochuan (its names for wei and ti); the pairing game's an and
#: guopai; the trick game's covers. Chouwei/guosao, Hunan's ti and every Nantong group are
#: laid face up.
#: ``tests/play/test_play.py`` checks this against the engine's views over whole deals.
FACE_DOWN: dict[str, frozenset[str]] = {
    "hunan": frozenset({"wei"}),
    "guilin": frozenset({"sao", "saochuan"}),
    "chuanpai": frozenset({"an", "guo"}),
    "chuanpai-tricks": frozenset({"cover"}),
    "nantong": frozenset(),
}


class NotAllowed(Exception):
    """The deal is over, or it is not the learner's turn."""


@dataclass(frozen=True)
class Setup:
    seat: int = 0
    strength: str = "simple"
    coach: bool = False
    rules: Mapping[str, str] = field(default_factory=dict)


def strengths(game: Game[Any, Any]) -> list[str]:
    return list(game.players())


def default_strength(game: Game[Any, Any]) -> str:
    names = strengths(game)
    return "strong" if "strong" in names else names[0]


def table_size(game: Game[Any, Any], rules: Mapping[str, str] | None = None) -> int:
    return game.table_size(game.rules(rules or {}))


def new_seed() -> int:
    return secrets.randbelow(2**31)


def _first_state(game: Game[Any, Any], deal: PlayDeal) -> Any:
    return game.new_deal(game.rules(deal.rules or {}), random.Random(deal.seed), deal.dealer)


def start(
    profile_id: int,
    game_id: str,
    setup: Setup,
    seed: int | None = None,
    assignment_id: int | None = None,
) -> PlayDeal:
    """A new deal (not committed); ``EngineError`` for bad rule options."""
    deal = _new(profile_id, game_id, setup, seed, assignment_id)
    db.session.add(deal)
    return deal


def _new(
    profile_id: int,
    game_id: str,
    setup: Setup,
    seed: int | None = None,
    assignment_id: int | None = None,
) -> PlayDeal:
    """The row of a new deal at its first position, not in the session."""
    game = find_game(game_id)
    rules = game.rules(setup.rules)  # refuses bad options
    seats = game.table_size(rules)
    strength = setup.strength if setup.strength in strengths(game) else default_strength(game)
    deal = PlayDeal(
        id=secrets.token_urlsafe(12),
        profile_id=profile_id,
        game=game.id,
        rules=dict(rules.to_options(game.default_rules)),
        seed=new_seed() if seed is None else seed,
        dealer=0,
        seat=max(0, min(seats - 1, setup.seat)),
        strength=strength,
        coach=setup.coach,
        moves=[],
        status="active",
        assignment_id=assignment_id,
    )
    deal.code = game.encode(_first_state(game, deal))
    return deal


def seed_with_a_decision(
    game_id: str, seat: int, strength: str, seeds: Sequence[int] | None = None
) -> int:
    """A seed whose deal (default rules) gives ``seat`` a decision before it ends: a few
    deals end before then (in Hunan about one in 200: a win off the first cards), and a
    deal shared by a class is for comparing decisions. ``seeds`` are tried in order (40
    fresh ones by default); the last is taken if none gives one."""
    candidates = list(seeds) if seeds is not None else [new_seed() for _ in range(40)]
    for seed in candidates:
        trial = _new(0, game_id, Setup(seat=seat, strength=strength), seed)  # never stored
        advance(trial)
        if learner_to_decide(trial):
            return seed
    return candidates[-1]


def again(deal: PlayDeal, profile_id: int) -> PlayDeal:
    """The same cards, seat, strength and coach setting, from the start."""
    return start(
        profile_id,
        deal.game,
        Setup(deal.seat, deal.strength, deal.coach, deal.rules or {}),
        seed=deal.seed,
        assignment_id=deal.assignment_id,
    )


def assigned(
    profile_id: int, assignment_id: int, game_id: str, spec: Mapping[str, Any]
) -> tuple[PlayDeal, bool]:
    """The learner's deal of a "same deal for everyone" assignment part (``spec``: its
    seed, seat and strength), and whether it is new (not committed); one per assignment."""
    deal = db.session.scalar(
        db.select(PlayDeal).filter_by(
            profile_id=profile_id, assignment_id=assignment_id, game=game_id
        )
    )
    if deal is not None:
        return deal, False
    setup = Setup(seat=int(spec.get("seat", 0)), strength=str(spec.get("strength", "")))
    return start(profile_id, game_id, setup, int(spec["seed"]), assignment_id), True


def find(deal_id: str, game_id: str) -> PlayDeal | None:
    deal: PlayDeal | None = db.session.get(PlayDeal, deal_id)
    if deal is None or deal.game != game_id:
        return None
    return deal


# -- the state and whose turn -------------------------------------------------------------


def game_of(deal: PlayDeal) -> Game[Any, Any]:
    return find_game(deal.game)


def state_of(deal: PlayDeal) -> Any:
    return game_of(deal).decode(deal.code)


def _auto(game: Game[Any, Any], state: Any, seat: int) -> Action | None:
    """The learner's only action when the rules force it (a draw): applied for them."""
    legal = game.legal_actions(state, seat)
    if len(legal) == 1 and legal[0].forced:
        return legal[0]
    return None


def learner_to_decide(deal: PlayDeal, state: Any | None = None) -> bool:
    """The deal waits for a decision of the learner (not a forced action)."""
    game = game_of(deal)
    state = state_of(deal) if state is None else state
    if game.is_over(state) or game.to_act(state) != deal.seat:
        return False
    return _auto(game, state, deal.seat) is None


def _rng(deal: PlayDeal, n: int, what: str = "") -> random.Random:
    return random.Random(f"{deal.seed}/{n}{what}")


def _player(game: Game[Any, Any], deal: PlayDeal) -> Any:
    name = deal.strength if deal.strength in strengths(game) else default_strength(game)
    return game.player(name)


def _record(
    deal: PlayDeal,
    game: Game[Any, Any],
    state: Any,
    action: Action,
    entry: dict[str, Any],
    only: bool = False,
) -> Any:
    """Apply and log ``action``; ``only``: it was the one legal move (then, and only
    then, the log calls a move the rules force "forced")."""
    new = game.apply(state, action)
    entry.update(seat=action.seat, action=action.to_json(), forced=action.forced and only)
    deal.moves = [*deal.moves, entry]
    deal.code = game.encode(new)
    if game.is_over(new):
        _finish(deal, game, new)
    return new


def _finish(deal: PlayDeal, game: Game[Any, Any], state: Any) -> None:
    deal.status = "over"
    out = game.outcome(state)
    deal.result = {"winner": out.winner, "how": out.how, "scores": list(out.scores)} if out else {}
    deal.ended_at = clock.now()
    deal.decisions, deal.agreed = agreement(deal.moves)


def agreement(moves: Sequence[Mapping[str, Any]]) -> tuple[int, int]:
    """The learner's decisions in a deal's log and how many were the engine's advice."""
    made = agreed = 0
    for m in moves:
        if not m.get("decision"):
            continue
        made += 1
        tip = m.get("advice")
        if tip and Action.from_json(tip).same_move(Action.from_json(m["action"])):
            agreed += 1
    return made, agreed


def step(deal: PlayDeal) -> bool:
    """Apply one move that is not the learner's decision (an engine seat's, or the
    learner's forced one). ``False`` when the deal waits for the learner or is over."""
    game = game_of(deal)
    state = state_of(deal)
    if game.is_over(state):
        return False
    seat = game.to_act(state)
    assert seat is not None
    n = len(deal.moves)
    if seat == deal.seat:
        action = _auto(game, state, seat)
        if action is None:
            return False
        _record(deal, game, state, action, {"learner": True}, only=True)
        return True
    legal = game.legal_actions(state, seat)
    action = _player(game, deal).choose(state, seat, legal, _rng(deal, n))
    _record(deal, game, state, action, {}, only=len(legal) == 1)
    return True


def advance(deal: PlayDeal, limit: int = 2000) -> int:
    """Every move up to the learner's next decision (or the end); how many."""
    n = 0
    while n < limit and step(deal):
        n += 1
    return n


# -- the learner's moves ------------------------------------------------------------------


def legal(deal: PlayDeal, state: Any | None = None) -> list[Action]:
    state = state_of(deal) if state is None else state
    if not learner_to_decide(deal, state):
        return []
    return game_of(deal).legal_actions(state, deal.seat)


def advice(deal: PlayDeal, state: Any, n: int) -> Advice:
    """The computer's advice for the learner's decision, its reason checked against the
    position (:func:`checked_reason`)."""
    game = game_of(deal)
    moves = game.legal_actions(state, deal.seat)
    tip = advise(_player(game, deal), state, deal.seat, moves, _rng(deal, n, "advice"))
    why = checked_reason(game, state, deal.seat, moves, tip.action, tip.reason)
    return Advice(tip.action, why, tip.considered)


#: the coach's reasons that tell of the search (cards re-dealt, an average) or say only
#: what the computer would play: shown as "did better over sampled deals", no numbers
SAMPLED = frozenset({"coach-tj-lead", "coach-tj-beat", "coach-tj-tuoshou", "coach-engine-choice"})
#: the coach's reasons that say a move is the only one
ONLY = frozenset({"coach-forced", "coach-only-move"})
#: reasons that say a discard keeps the hand ready: true only where the waits after it,
#: computed here, are not empty
KEEPS_WAITS = frozenset({"coach-zp-keep-waits", "coach-nt-keep-waits", "coach-keeps-waits"})
#: the action kinds that go out
GOING_OUT = frozenset({"hu"})
_TAKE = frozenset({"pass", "done", "discard"})
#: what each of the strong players' other reasons says of its move, checked before it
#: is shown: (legal moves, the move) → true for the position
CLAIMS: dict[str, Callable[[Sequence[Action], Action], bool]] = {
    "coach-zp-pass": lambda legal, a: a.kind == "pass",
    "coach-cp-pass": lambda legal, a: a.kind in ("pass", "done"),
    "coach-cp-skip-bai": lambda legal, a: (
        a.kind in ("pass", "done") and any(x.kind == "bai" for x in legal)
    ),
    "coach-zp-no-discard": lambda legal, a: not any(x.kind == "discard" for x in legal),
    "coach-zp-take": lambda legal, a: a.kind not in _TAKE,
    "coach-nt-take": lambda legal, a: a.kind not in _TAKE,
    "coach-cp-group": lambda legal, a: a.kind not in _TAKE and a.kind != "bai",
    "coach-cp-bai-out": lambda legal, a: a.kind == "bai",
    "coach-cp-discard": lambda legal, a: a.kind == "discard",
    "coach-zp-tighten": lambda legal, a: a.kind == "discard",
    "coach-nt-tighten": lambda legal, a: a.kind == "discard",
    "coach-nt-baoting": lambda legal, a: a.kind == "baoting",
    "coach-tj-cover-low": lambda legal, a: (
        a.kind == "cover" and not any(x.kind == "beat" for x in legal)
    ),
}


def checked_reason(
    game: Game[Any, Any],
    state: Any,
    seat: int,
    legal: Sequence[Action],
    action: Action,
    reason: Reason,
) -> Reason:
    """The coach's reason for ``action``, each code checked true for the position by the
    engine before it is shown: "forced" or "the only move" only when it is the one legal
    move; "go out" only on a move that goes out; "stays ready" only when the waits after
    the discard, computed here, are not empty; each other code only where its claim on
    the move holds (:data:`CLAIMS`). Any other reason (one that tells of the search, or
    none) becomes a checked one where one holds (the waits a discard keeps), else "this
    did better over sampled deals", without numbers."""
    text = action.text()
    code = reason.code
    if len(legal) == 1:
        return Reason("coach-forced" if action.forced else "coach-only-move", {"action": text})
    if action.kind in GOING_OUT:
        return Reason("coach-win", {"action": text})
    claim = CLAIMS.get(code)
    if claim is not None and claim(legal, action):
        return reason
    # any other reason (the search's, none, or one its check refutes): a checked one
    waits = waits_after(game, state, action) if action.kind == "discard" else None
    if waits:
        if code in KEEPS_WAITS:
            return reason
        cards = [w.card for w in waits]
        return Reason("coach-keeps-waits", {"action": text, "count": len(cards), "cards": cards})
    fewest = fewest_eaters(game, state, seat, legal, action)
    if fewest is not None:
        return Reason("coach-few-eaters", {"action": text, "count": fewest})
    return Reason("coach-sampled", {"action": text})


def zipai_partners(card: str) -> set[str]:
    """The cards that make a group with ``card`` in a word-card (zipai) game, so that a seat holding
    two of them (or one with a second copy) could eat it: the same card (peng), the same
    number in the other case (jiao), the neighbours within two (a run) and two-seven-ten."""
    case, number = card[:1], int(card[1:])
    other = "d" if case == "x" else "x"
    out = {card, f"{other}{number}"}
    out |= {f"{case}{n}" for n in range(number - 2, number + 3) if 1 <= n <= 10}
    if number in (2, 7, 10):
        out |= {f"{case}{n}" for n in (2, 7, 10)}
    return out


def eaters(game: Game[Any, Any], state: Any, seat: int, card: str) -> int | None:
    """How many of the cards ``seat`` cannot see could make a group with ``card`` (the
    cards the next player would need to eat it); ``None`` where this is not counted
    (games other than the word-card ones)."""
    if game.info.family != "zipai" or len(card) < 2 or not card[1:].isdigit():
        return None
    from app.learning.queries import visible_copies

    view = game.view(state, seat)
    deck = Counter(game.deck(game.rules_of(state)))
    drawn = game.drawn_offer_in_hand
    return sum(
        max(0, deck[t] - visible_copies(view, t, drawn)) for t in zipai_partners(card) if t in deck
    )


def fewest_eaters(
    game: Game[Any, Any], state: Any, seat: int, legal: Sequence[Action], action: Action
) -> int | None:
    """The cards the next player could eat ``action``'s discard with, counted, when no
    other discard of the moment leaves fewer; else ``None`` (the claim would be false)."""
    if action.kind != "discard" or len(action.cards) != 1:
        return None
    mine = eaters(game, state, seat, action.cards[0])
    if mine is None:
        return None
    others = [
        eaters(game, state, seat, a.cards[0])
        for a in legal
        if a.kind == "discard" and len(a.cards) == 1 and a.cards[0] != action.cards[0]
    ]
    if any(n is not None and n < mine for n in others):
        return None
    return mine


def shown_reason(reason: Reason) -> Reason:
    """A reason stored with a decision, as the review shows it: one that tells of the
    search (kept by deals played before) says only that the move did better."""
    if reason.code in SAMPLED:
        return Reason("coach-sampled", {"action": reason.params.get("action", "")})
    return reason


def parse(deal: PlayDeal, text: str, kind: str = "", cards: Sequence[str] = ()) -> Action:
    """The learner's move: a legal move's notation, or a kind with the picked cards (the
    same cards as a legal move of that kind when there is one, else as picked)."""
    if text.strip():
        return Action.parse(text.strip()[:400], deal.seat)
    wanted = Action(kind.strip()[:20] or "discard", deal.seat, tuple(c[:8] for c in cards[:30]))
    for a in legal(deal):
        if a.kind == wanted.kind and sorted(a.cards) == sorted(wanted.cards):
            return a
    return wanted


def play(deal: PlayDeal, action: Action) -> Reason | None:
    """The learner's decision: applied and logged, or the engine's reason it is refused
    (nothing changes then)."""
    game = game_of(deal)
    state = state_of(deal)
    if game.is_over(state):
        return game.no_action_reason(state, deal.seat)
    if not learner_to_decide(deal, state):
        return game.no_action_reason(state, deal.seat)
    chosen = next((a for a in game.legal_actions(state, deal.seat) if a.matches(action)), None)
    if chosen is None:
        why = game.why_illegal(state, action)
        if why is None:  # matches no legal move, yet no rule named: say which moves are
            why = Reason("play-not-a-move", {"action": action.text()})
        return why
    n = len(deal.moves)
    tip = advice(deal, state, n)
    entry = {
        "learner": True,
        "decision": True,
        "advice": tip.action.to_json(),
        "why": {"code": tip.reason.code, "params": dict(tip.reason.params)},
    }
    try:
        _record(deal, game, state, chosen, entry)
    except IllegalAction as exc:  # the engine listed it yet refuses it
        return exc.reason
    return None


def replay(deal: PlayDeal, moves: Sequence[Mapping[str, Any]]) -> Any:
    game = game_of(deal)
    state = _first_state(game, deal)
    for m in moves:
        state = game.apply(state, Action.from_json(m["action"]))
    return state


def takeback(deal: PlayDeal) -> bool:
    """Undo the learner's last decision and everything after it (replayed from the seed)."""
    last = max((i for i, m in enumerate(deal.moves) if m.get("decision")), default=None)
    if last is None:
        return False
    game = game_of(deal)
    kept = list(deal.moves[:last])
    deal.moves = kept
    deal.code = game.encode(replay(deal, kept))
    deal.status, deal.result = "active", None
    deal.ended_at = deal.decisions = deal.agreed = None
    return True


# -- coach ---------------------------------------------------------------------------------


@dataclass
class AfterDiscard:
    action: Action
    waits: list[Wait]


@dataclass
class Coach:
    legal: list[Action]
    advice: Advice | None
    waits: list[AfterDiscard]


def waits_after(game: Game[Any, Any], state: Any, action: Action) -> list[Wait] | None:
    """The waits of the learner's holding after ``action``, where the game has waits."""
    try:
        after = game.apply(state, action)
        holding = game.seat_holding(after, action.seat)
        if holding is None:
            return None
        rules = game.rules_of(after)
        if game.size_gap(holding, rules) != 1:
            return None
        return game.waits(holding, rules)
    except (EngineError, IllegalAction, ValueError, KeyError):
        return None


def coach(deal: PlayDeal, state: Any | None = None) -> Coach:
    state = state_of(deal) if state is None else state
    moves = legal(deal, state)
    if not moves:
        return Coach([], None, [])
    game = game_of(deal)
    tip = advice(deal, state, len(deal.moves))
    waits = []
    for a in moves:
        if a.kind == "discard":
            found = waits_after(game, state, a)
            if found is not None:
                waits.append(AfterDiscard(a, found))
    return Coach(moves, tip, waits)


# -- review and the class's comparison ----------------------------------------------------


@dataclass
class Decision:
    index: int  # the learner's n-th decision, from 1
    played: Action
    engine: Action | None
    why: Reason | None
    played_waits: list[Wait] | None = None
    engine_waits: list[Wait] | None = None
    theme: str | None = None

    @property
    def agrees(self) -> bool:
        return self.engine is not None and self.engine.same_move(self.played)


def theme_for(game_id: str, kind: str) -> str | None:
    from app.learning import practice

    have = practice.themes(game_id)
    for t in (*THEME_OF_KIND.get(kind, ()), *FALLBACK_THEMES):
        if t in have:
            return t
    return None


def decisions(deal: PlayDeal, consequences: bool = True) -> list[Decision]:
    """The learner's decisions in order, each beside the engine's advice at that moment;
    with ``consequences``, the waits after each where the game has waits."""
    game = game_of(deal)
    state = _first_state(game, deal) if consequences else None
    out: list[Decision] = []
    for m in deal.moves:
        action = Action.from_json(m["action"])
        if m.get("decision"):
            engine = Action.from_json(m["advice"]) if m.get("advice") else None
            why = Reason(m["why"]["code"], m["why"].get("params", {})) if m.get("why") else None
            if consequences and state is not None and engine is not None and why is not None:
                # checked again for the position (a deal kept from before the checks)
                legal = game.legal_actions(state, deal.seat)
                why = checked_reason(game, state, deal.seat, legal, engine, why)
            d = Decision(len(out) + 1, action, engine, why, theme=theme_for(deal.game, action.kind))
            if consequences and state is not None:
                d.played_waits = waits_after(game, state, action)
                if engine is not None and not d.agrees:
                    d.engine_waits = waits_after(game, state, engine)
            out.append(d)
        if state is not None:
            state = game.apply(state, action)
    return out


#: at most this many of the learner's decisions get a "what if" (two play-outs each)
WHAT_IF_LIMIT = 20


def _play_on(game: Game[Any, Any], deal: PlayDeal, state: Any, n: int) -> tuple[int, ...] | None:
    """The scores when the deal goes on from ``state`` (the ``n``-th move next) to the
    end as the table would: the engine seats choose as they do, the learner's seat plays
    its forced moves and the coach's advice (the same seeded choices as at the table)."""
    player = _player(game, deal)
    for _ in range(5000):
        if game.is_over(state):
            out = game.outcome(state)
            return tuple(out.scores) if out is not None else None
        seat = game.to_act(state)
        assert seat is not None  # a deal not over has a seat to act
        legal = game.legal_actions(state, seat)
        if seat != deal.seat:
            action = player.choose(state, seat, legal, _rng(deal, n))
        else:
            action = (
                _auto(game, state, seat)
                or advise(player, state, seat, legal, _rng(deal, n, "advice")).action
            )
        state = game.apply(state, action)
        n += 1
    return None


def what_if(deal: PlayDeal) -> dict[int, tuple[int, int]]:
    """The consequence of each decision where the learner did not play the engine's move:
    decision index → (the learner's score at the end after their move, after the
    engine's), the deal going on from there with the coach's advice for the learner and
    the engine seats as they play, so the two differ by that decision alone. Kept in the
    finished deal's ``result`` once worked out."""
    kept = (deal.result or {}).get("what_if")
    if kept is not None:
        return {int(k): (int(v[0]), int(v[1])) for k, v in kept.items()}
    game = game_of(deal)
    state = _first_state(game, deal)
    out: dict[int, tuple[int, int]] = {}
    index = tried = 0
    for n, m in enumerate(deal.moves):
        action = Action.from_json(m["action"])
        if m.get("decision"):
            index += 1
            engine = Action.from_json(m["advice"]) if m.get("advice") else None
            if engine is not None and not engine.same_move(action) and tried < WHAT_IF_LIMIT:
                tried += 1
                try:
                    mine = _play_on(game, deal, game.apply(state, action), n + 1)
                    theirs = _play_on(game, deal, game.apply(state, engine), n + 1)
                except (EngineError, IllegalAction):
                    mine = theirs = None
                if mine is not None and theirs is not None:
                    out[index] = (mine[deal.seat], theirs[deal.seat])
        state = game.apply(state, action)
    if deal.status == "over":
        deal.result = {**(deal.result or {}), "what_if": {str(k): list(v) for k, v in out.items()}}
    return out


def class_deals(assignment_id: int) -> list[PlayDeal]:
    return list(
        db.session.scalars(
            db.select(PlayDeal)
            .filter_by(assignment_id=assignment_id)
            .order_by(PlayDeal.created_at, PlayDeal.id)
        )
    )


@dataclass
class Step:
    index: int
    engine: Action | None
    choices: list[tuple[Action, list[int]]]  # each distinct move and who played it

    @property
    def split(self) -> bool:
        return len(self.choices) > 1


def compare(deals: Sequence[PlayDeal], names: Mapping[int, int | None]) -> list[Step]:
    """The class's decisions by index: what each student did, with the engine's advice
    (same cards: the same positions as long as their decisions agree). ``names``: the
    profile id of each deal → an index into the caller's list of students."""
    by_index: dict[int, Step] = {}
    for deal in deals:
        who = names.get(deal.profile_id)
        if who is None:
            continue
        for d in decisions(deal, consequences=False):
            st = by_index.setdefault(d.index, Step(d.index, d.engine, []))
            for a, people in st.choices:
                if a.same_move(d.played):
                    people.append(int(who))
                    break
            else:
                st.choices.append((d.played, [int(who)]))
    return [by_index[i] for i in sorted(by_index)]


# -- the log, as the learner may see it ----------------------------------------------------


@dataclass
class LogLine:
    seat: int
    action: Action
    forced: bool
    hidden: bool  # cards laid face down by another seat, shown at the end


def face_down(game_id: str, learner: int, action: Action) -> bool:
    """Cards another seat laid face down: not for the learner's eyes while the deal goes on."""
    down = action.kind in FACE_DOWN.get(game_id, frozenset())
    return action.seat != learner and down and bool(action.cards)


def log(deal: PlayDeal, last: int | None = None) -> list[LogLine]:
    over = deal.status == "over"
    rows = deal.moves if last is None else deal.moves[-last:]
    out = []
    for m in rows:
        a = Action.from_json(m["action"])
        hidden = not over and face_down(deal.game, deal.seat, a)
        # a decision of the learner's had a choice: never "forced" (deals logged before)
        forced = bool(m.get("forced")) and not m.get("decision")
        out.append(LogLine(a.seat, a, forced, hidden))
    return out
