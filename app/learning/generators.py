"""Exercise generators: the engine deals and asks, so a learner never runs out.

A generator makes an exercise from a seed, deterministically: the exercise id
``gen:<game>:<generator>:<seed>`` is enough to make it again (that is how an answer to a
generated exercise is judged and how the attempt log names it). Each generator names
the skills it trains; the review queue draws from the generators of a due skill.

Five generators work for every game through the :class:`Game` interface (they play
deals with the engine's players and stop at a moment that fits); each game family adds
its own in ``app/teaching/<game>/generators.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from app.engine.core.errors import EngineError
from app.engine.core.registry import all_variants, find_game
from app.engine.core.results import Holding
from app.learning.exercise import Choice, Exercise, Query, Said, Setup
from app.text.catalog import N_

PREFIX = "gen"
MAX_DEALS = 40  # deals tried before a generator gives up on a seed (and takes seed + 1)


@dataclass(frozen=True, slots=True)
class Generator:
    id: str
    game: str
    kind: str
    skills: tuple[str, ...]
    title: Said
    make: Callable[[random.Random, str], Exercise | None]


GENERATORS: dict[str, dict[str, Generator]] = {}
#: game → ids of the generic generators it does without (whatever the order of imports)
WITHOUT_GENERIC: dict[str, set[str]] = {}


def register(gen: Generator) -> Generator:
    GENERATORS.setdefault(gen.game, {})[gen.id] = gen
    return gen


def drop_generic(game: str, gen_id: str) -> None:
    WITHOUT_GENERIC.setdefault(game, set()).add(gen_id)
    GENERATORS.get(game, {}).pop(gen_id, None)


_LOADED = False


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    for v in all_variants():
        whole_hands = _judges_hands(v.id)
        for make in GENERIC:
            if whole_hands or make not in HAND_GENERATORS:
                gen = make(v.id)
                if gen.id not in WITHOUT_GENERIC.get(v.id, set()):
                    GENERATORS.setdefault(v.id, {}).setdefault(gen.id, gen)
    from app.learning import teaching

    for t in teaching.every():  # each game's own, found by its folder
        for gen_id in t.drop_generators:
            drop_generic(t.game, gen_id)
        for gen in t.generators:
            register(gen)


def from_theme(
    game: str,
    gen_id: str,
    theme_id: str,
    kind: str,
    skills: tuple[str, ...],
    title: Said,
    lesson: str | None = None,
) -> Generator:
    """A generator that asks a practice theme's question on a moment the theme's own
    builder deals (``Theme.direct``): a game's teaching names its themes, this makes
    them exercises. ``lesson`` is the lesson step that teaches the question."""

    def make(rng: random.Random, eid: str) -> Exercise | None:
        from app.learning import practice

        th = practice.theme(game, theme_id)
        if th is None or th.direct is None:
            return None
        made = th.direct(rng)
        if made is None:
            return None
        state, seat = made
        g = find_game(game)
        q = th.ask(g, state, seat)
        if q is None:
            return None
        return Exercise(
            eid,
            game,
            q.kind,
            q.prompt,
            q.skills,
            Setup(position=g.encode(state), seat=seat, pool=q.pool),
            {},
            q.query,
            choices=q.choices,
            lesson=lesson,
            source=f"generator:{gen_id}",
            prompt_params=q.prompt_params or {},
        )

    return Generator(gen_id, game, kind, skills, title, make)


def of_game(game: str) -> dict[str, Generator]:
    _load()
    return GENERATORS.get(game, {})


def for_skill(game: str, skill: str) -> list[Generator]:
    return [g for g in of_game(game).values() if skill in g.skills]


def exercise_id(game: str, gen_id: str, seed: int) -> str:
    return f"{PREFIX}:{game}:{gen_id}:{seed}"


def generate(game: str, gen_id: str, seed: int) -> Exercise | None:
    """The exercise of this generator and seed (the same every time, so kept: quizzes,
    reviews, histories and dashboards name generated exercises by id again and again)."""
    return _made(game, gen_id, seed, exercise_id(game, gen_id, seed))


#: the prefix of the exercises generated for one teacher's assignment: seeds of 13 to
#: 16 digits, beyond the public ``gen:`` ids' 12, and no public page serves them
PRIVATE = "exam"
PRIVATE_SEEDS = (10**12, 10**16)


def private_id(game: str, gen_id: str, seed: int) -> str:
    return f"{PRIVATE}:{game}:{gen_id}:{seed}"


def provide_private(eid: str) -> Exercise | None:
    """The bank's provider for ``exam:`` ids (an assignment's own positions)."""
    parts = eid.split(":")
    if len(parts) != 4 or parts[0] != PRIVATE or not parts[3].isdigit():
        return None
    seed = int(parts[3])
    if not PRIVATE_SEEDS[0] <= seed < PRIVATE_SEEDS[1]:
        return None
    return _made(parts[1], parts[2], seed, eid)


@lru_cache(maxsize=4096)
def _made(game: str, gen_id: str, seed: int, eid: str) -> Exercise | None:
    gen = of_game(game).get(gen_id)
    if gen is None:
        return None
    from app.engine.core.game import IllegalAction
    from app.learning.queries import BadExercise, solve

    for attempt in range(5):  # a seed whose deals never fit moves to the next seed
        try:
            ex = gen.make(random.Random(seed * 7919 + attempt), eid)
        except (EngineError, IllegalAction, BadExercise):  # a moment it cannot ask about
            continue
        if ex is None:
            continue
        try:
            solve(ex)  # the engine must be able to answer what was made
        except BadExercise:
            continue
        return ex
    return None


def provide(eid: str) -> Exercise | None:
    """The bank's provider for ``gen:`` ids."""
    parts = eid.split(":")
    if len(parts) != 4 or not parts[3].isdigit() or len(parts[3]) > 12:
        return None
    return generate(parts[1], parts[2], int(parts[3]))


def fresh(game: str, gen_id: str, rng: random.Random | None = None) -> Exercise | None:
    seed = (rng or random.Random()).randrange(10**9)
    return generate(game, gen_id, seed)


# -- deals played until a moment fits ---------------------------------------------------


def _moments(game_id: str, rng: random.Random) -> Any:
    """(game, rules, state, seat) at every decision of deals played by the engine."""
    game = find_game(game_id)
    rules = game.default_rules
    player = game.player()
    for _ in range(MAX_DEALS):
        state = game.new_deal(rules, rng, rng.randrange(game.table_size(rules)))
        steps = 0
        while not game.is_over(state) and steps < 2000:
            seat = game.to_act(state)
            if seat is None:
                break
            legal = game.legal_actions(state, seat)
            yield game, rules, state, seat, legal
            state = game.apply(state, player.choose(state, seat, legal, rng))
            steps += 1
        yield game, rules, state, None, []


def _setup_of(h: Holding, pool: str = "hand") -> Setup:
    melds = tuple((m.kind, " ".join(m.cards)) for m in h.melds)
    context = {
        k: (" ".join(v) if isinstance(v, list | tuple) else str(v)) for k, v in h.context.items()
    }
    return Setup(" ".join(h.hand), melds, context, None, None, pool)


def _holding_text(game: Any, rules: Any, h: Holding) -> Holding | None:
    """The holding read back from its text (so the exercise's setup reproduces it)."""
    setup = _setup_of(h)
    try:
        return game.holding(setup.hand, setup.melds, setup.context, rules)  # type: ignore[no-any-return]  # game is Any here
    except EngineError:
        return None


def _count_hand(game_id: str) -> Generator:
    def make(rng: random.Random, eid: str) -> Exercise | None:
        for game, rules, state, seat, _legal in _moments(game_id, rng):
            if seat is not None:
                continue
            out = game.outcome(state)
            if out is None or out.winner is None:
                continue
            h = game.seat_holding(state, out.winner)
            if h is None or _holding_text(game, rules, h) is None:
                continue
            a = game.analyze(_holding_text(game, rules, h), rules)
            if not a.complete:
                continue
            return Exercise(
                eid,
                game_id,
                "number",
                _COUNT,
                ("counting",),
                _setup_of(h),
                {},
                Query("points"),
                source=f"generator:{eid.split(':')[2]}",
            )
        return None

    return Generator("count-hand", game_id, "number", ("counting",), _COUNT, make)


def _waits(game_id: str) -> Generator:
    def make(rng: random.Random, eid: str) -> Exercise | None:
        for game, rules, state, seat, _legal in _moments(game_id, rng):
            if seat is None:
                continue
            h = game.seat_holding(state, seat)
            if h is None:
                continue
            gap = game.size_gap(h, rules)
            h2 = _holding_text(game, rules, h)
            if h2 is None or gap not in (1, None):
                continue
            if gap is None and game.analyze(h2, rules).complete:
                continue
            if not game.waits(h2, rules):
                continue
            return Exercise(
                eid,
                game_id,
                "pick-cards",
                _WAITS,
                ("waits",),
                _setup_of(h, "deck"),
                {},
                Query("waits"),
                source=f"generator:{eid.split(':')[2]}",
            )
        return None

    return Generator("waits", game_id, "pick-cards", ("waits",), _WAITS, make)


def _is_win(game_id: str) -> Generator:
    reasons = (
        Choice(
            "a",
            N_("It makes the winning shape and reaches the minimum"),
            reason="win",
        ),
        Choice(
            "b",
            N_("It cannot be arranged into the winning shape"),
            reason="not-complete",
        ),
        Choice(
            "c",
            N_("The shape is complete, but the count is below the minimum"),
            reason="below-minimum",
        ),
    )

    def make(rng: random.Random, eid: str) -> Exercise | None:
        want_win = rng.random() < 0.5
        for game, rules, state, seat, _legal in _moments(game_id, rng):
            if seat is None:
                continue
            h = game.seat_holding(state, seat)
            if h is None or game.size_gap(h, rules) not in (0, None):
                continue
            h2 = _holding_text(game, rules, h)
            if h2 is None or game.analyze(h2, rules).win != want_win:
                continue
            return Exercise(
                eid,
                game_id,
                "true-false",
                _IS_WIN,
                ("going-out",),
                _setup_of(h),
                {},
                Query("win"),
                choices=reasons,
                source=f"generator:{eid.split(':')[2]}",
            )
        return None

    return Generator("is-win", game_id, "true-false", ("going-out",), _IS_WIN, make)


def _forced(game_id: str) -> Generator:
    def make(rng: random.Random, eid: str) -> Exercise | None:
        for game, _rules, state, seat, legal in _moments(game_id, rng):
            if seat is None or len(legal) < 2 or not any(a.forced for a in legal):
                continue
            if all(a.forced for a in legal):
                continue
            choices = tuple(Choice(chr(97 + i), action=a.text()) for i, a in enumerate(legal[:6]))
            if not any(a.forced for a in legal[:6]):
                continue
            setup = Setup(position=game.encode(state), seat=seat)
            return Exercise(
                eid,
                game_id,
                "choose-action",
                _FORCED,
                ("forced",),
                setup,
                {},
                Query("forced"),
                choices=choices,
                source=f"generator:{eid.split(':')[2]}",
            )
        return None

    return Generator("forced", game_id, "choose-action", ("forced",), _FORCED, make)


def _cards_left(game_id: str) -> Generator:
    def make(rng: random.Random, eid: str) -> Exercise | None:
        skip = rng.randrange(8, 30)
        for game, _rules, state, seat, _legal in _moments(game_id, rng):
            if seat is None:
                continue
            skip -= 1
            if skip > 0:
                continue
            view = game.view(state, seat)
            seen = [t for s in view.seats for m in s.melds for t in m.cards] + [
                t for s in view.seats for t in s.discards
            ]
            if not seen:
                continue
            card = rng.choice(seen)
            setup = Setup(position=game.encode(state), seat=seat)
            return Exercise(
                eid,
                game_id,
                "number",
                _LEFT,
                ("cards",),
                setup,
                {},
                Query("cards-left", {"card": card}),
                prompt_params={"card": card},
                source=f"generator:{eid.split(':')[2]}",
            )
        return None

    return Generator("cards-left", game_id, "number", ("cards",), _LEFT, make)


_COUNT = N_("What is the most this hand counts?")
_WAITS = N_("This hand is one card short: which cards complete it? Pick them all.")
_IS_WIN = N_("Is this hand a win? Why?")
_FORCED = N_("Your move: which action do the rules force here?")
_LEFT = N_("How many copies of {card} have you not seen yet?")

GENERIC: tuple[Callable[[str], Generator], ...] = (
    _count_hand,
    _waits,
    _is_win,
    _forced,
    _cards_left,
)
HAND_GENERATORS = (_count_hand, _waits, _is_win)  # for games that judge whole hands


def _judges_hands(game_id: str) -> bool:
    """Whether the game judges a hand and its waits (the trick game counts a pile)."""
    game = find_game(game_id)
    try:
        game.waits(game.holding(""), game.default_rules)
    except EngineError as exc:
        return exc.code != "unsupported-verb"
    return True
