"""Practice: themed positions without end, rated to the learner.

A **theme** (:class:`Theme`) turns a moment of a deal, seen from one seat, into a
question with an exact answer (the forced action, the waits, the count, a legal chi ...),
or says the moment does not fit. A practice exercise's id holds everything needed to
make it again, ``pos:<theme>:<seat>:<code>`` (positions are study material: their links
may carry the whole code). The **library** (``content/practice/<game>.yaml``) holds
positions found by the engine in self-played deals; :func:`fresh` finds a new one of a
theme on demand. **Ratings**: Glicko-2 for each learner per game and each position,
moved by the first attempt at a position only.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, NamedTuple

import glicko2
from pydantic import BaseModel, ConfigDict, Field

from app.config import ROOT
from app.database import utcnow
from app.engine.core.actions import Action
from app.engine.core.codec import split_code
from app.engine.core.errors import EngineError
from app.engine.core.registry import all_variants, find_game
from app.extensions import db
from app.learning import record
from app.learning.exercise import Choice, Exercise, Query, Said, Setup, Text
from app.learning.models import Attempt, Position, Rating
from app.models import Learner
from app.profiles import ProfileRows
from app.yamlfile import load_yaml

PREFIX = "pos"
LIBRARY = ROOT / "content" / "practice"
WINDOW = 200  # rating distance of a position that "fits" the learner


@dataclass(frozen=True, slots=True)
class Question:
    """What a theme asks of a position (the exercise without its id and setup)."""

    kind: str
    prompt: Said
    query: Query
    skills: tuple[str, ...]
    choices: tuple[Choice, ...] = ()
    prompt_params: dict[str, Any] | None = None
    rating: float = 1500.0  # the estimated difficulty
    pool: str = "hand"  # pick-cards: from the hand or the whole deck
    hint: Text | None = None  # hint step 1 (else the rule its query asks about)


@dataclass(frozen=True, slots=True)
class Theme:
    id: str
    game: str
    title: Said
    about: Said  # one sentence: what the theme practises
    ask: Callable[[Any, Any, int], Question | None]  # (game, state, seat) → question
    direct: Callable[[random.Random], tuple[Any, int] | None] | None = None  # rare themes


#: what a game's examiner makes of a moment: the question and the category it files it
#: under (the builders deal until they find each category)
Examined = tuple[Question, Any]
Examiner = Callable[[Any, Any, int], Examined | None]


def asking(
    examine: Examiner, game: str | None = None
) -> Callable[[Any, Any, int], Question | None]:
    """A theme's ``ask`` from its examiner: the question of what it finds (and only on a
    deal of ``game``, when given)."""

    def ask(g: Any, state: Any, seat: int) -> Question | None:
        if game is not None and g.id != game:
            return None
        got = examine(g, state, seat)
        return got[0] if got is not None else None

    return ask


THEMES: dict[str, dict[str, Theme]] = {}
#: game → ids of the generic themes it does without (whatever the order of imports)
WITHOUT_GENERIC: dict[str, set[str]] = {}


def register(theme: Theme) -> Theme:
    THEMES.setdefault(theme.game, {})[theme.id] = theme
    return theme


def register_generic(theme: Theme) -> None:
    """A theme every game has, unless the game dropped it or has its own of that id."""
    if theme.id not in WITHOUT_GENERIC.get(theme.game, set()):
        THEMES.setdefault(theme.game, {}).setdefault(theme.id, theme)


def drop_generic(game: str, theme_id: str) -> None:
    WITHOUT_GENERIC.setdefault(game, set()).add(theme_id)
    THEMES.get(game, {}).pop(theme_id, None)


_LOADED = False


def _load() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    from app.learning import practice_themes, teaching  # noqa: F401  (the shared themes)

    for t in teaching.every():  # each game's own, found by its folder
        for theme_id in t.drop_themes:
            drop_generic(t.game, theme_id)
        for th in t.themes:
            register(th)


def themes(game: str) -> dict[str, Theme]:
    _load()
    return THEMES.get(game, {})


def theme(game: str, theme_id: str) -> Theme | None:
    return themes(game).get(theme_id)


# -- exercises of positions -------------------------------------------------------------


def exercise_id(theme_id: str, seat: int, code: str) -> str:
    return f"{PREFIX}:{theme_id}:{seat}:{code}"


@lru_cache(maxsize=4096)
def exercise(theme_id: str, seat: int, code: str) -> Exercise | None:
    """The practice exercise of a position, or ``None`` when the code is unreadable or
    the position does not fit the theme (the same for a code every time: kept)."""
    try:
        frame = split_code(code)
        game = find_game(frame.variant)
        state = game.decode(code)
    except EngineError:
        return None
    th = theme(game.id, theme_id)
    if th is None or not 0 <= seat < game.seats(state):
        return None
    q = th.ask(game, state, seat)
    if q is None:
        return None
    return Exercise(
        id=exercise_id(theme_id, seat, code),
        game=game.id,
        kind=q.kind,
        prompt=q.prompt,
        skills=q.skills,
        setup=Setup(position=code, seat=seat, pool=q.pool),
        query=q.query,
        choices=q.choices,
        source=f"practice:{theme_id}",
        prompt_params=q.prompt_params or {},
        hint=q.hint,
    )


def provide(eid: str) -> Exercise | None:
    parts = eid.split(":", 3)
    if len(parts) != 4 or not (parts[2].isascii() and parts[2].isdecimal() and len(parts[2]) < 3):
        return None
    return exercise(parts[1], int(parts[2]), parts[3])


def parse_id(eid: str) -> tuple[str, int, str] | None:
    parts = eid.split(":", 3)
    if len(parts) != 4 or parts[0] != PREFIX or not (parts[2].isascii() and parts[2].isdecimal()):
        return None
    return parts[1], int(parts[2]), parts[3]


def rates(ex: Exercise) -> bool:
    """Whether an answer to ``ex`` may move ratings (a position's first one does)."""
    return parse_id(ex.id) is not None


def question_of(game: Any, state: Any, seat: int, theme_id: str) -> Question | None:
    th = theme(game.id, theme_id)
    return th.ask(game, state, seat) if th else None


def estimate(game_id: str, theme_id: str, seat: int, code: str) -> float:
    """The theme's estimate of a position's difficulty: its starting rating."""
    try:
        game = find_game(game_id)
        q = question_of(game, game.decode(code), seat, theme_id)
    except EngineError:
        q = None
    return q.rating if q is not None else 1500.0


def impossible(game: Any, state: Any) -> tuple[str, dict[str, Any]] | None:
    """Why a decoded position cannot happen in a deal, or ``None``: the engine's own
    invariants (every card of the deck once, no more copies than the deck has, valid
    groups), and, where the game can tell, every seat's cards make a hand that is
    complete or one card short before the deal is over (a seat with a card too many
    or too few cannot have been dealt and played to this moment)."""
    problem = game.check_invariants(state)
    if problem is not None:
        return "practice-impossible", {"detail": problem}
    if game.is_over(state):
        return None
    rules = game.rules_of(state)
    for seat in range(game.seats(state)):
        holding = game.seat_holding(state, seat)
        if holding is None:
            continue
        try:
            gap = game.size_gap(holding, rules)
        except EngineError:
            continue
        if gap is not None and gap not in (0, 1):
            return "practice-hand-size", {"n": seat + 1, "gap": gap}
    return None


# -- finding positions: self-played deals -----------------------------------------------


def moments(game_id: str, rng: random.Random, deals: int = 30) -> Iterator[tuple[Any, Any, int]]:
    """(game, state, seat) at every decision of deals the engine plays."""
    game = find_game(game_id)
    rules = game.default_rules
    player = game.player()
    for _ in range(deals):
        state = game.new_deal(rules, rng, rng.randrange(game.table_size(rules)))
        steps = 0
        while not game.is_over(state) and steps < 2000:
            seat = game.to_act(state)
            if seat is None:
                break
            yield game, state, seat
            legal = game.legal_actions(state, seat)
            state = game.apply(state, player.choose(state, seat, legal, rng))
            steps += 1


def fresh(
    game_id: str, theme_id: str, rng: random.Random, deals: int = 30
) -> tuple[str, int] | None:
    """A new position of the theme: built directly where the theme can, else found in
    deals the engine plays. ``(code, seat)`` or ``None``."""
    th = theme(game_id, theme_id)
    if th is None:
        return None
    if th.direct is not None:
        made = th.direct(rng)
        if made is not None:
            state, seat = made
            return find_game(game_id).encode(state), seat
    for game, state, seat in moments(game_id, rng, deals):
        if th.ask(game, state, seat) is not None:
            return game.encode(state), seat
    return None


# -- the library --------------------------------------------------------------------------


class LibraryItem(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    theme: str
    seat: int = Field(ge=0)
    code: str
    rating: float = 1500.0
    answer: str | None = None  # the engine's answer when it was stored (library_answer)


class LibraryFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    game: str
    positions: list[LibraryItem]


def library_files() -> list[Path]:
    return sorted(LIBRARY.glob("*.yaml"))


@cache
def library() -> dict[str, list[LibraryItem]]:
    out: dict[str, list[LibraryItem]] = {}
    for path in library_files():
        doc = LibraryFile.model_validate(load_yaml(path.read_text(encoding="utf-8")))
        out.setdefault(doc.game, []).extend(doc.positions)
    return out


def library_answer(ex: Exercise) -> str:
    """The engine's answer as the library stores it, for the suite to solve again and
    compare: each accepted answer, a choice of action by its action rather than its
    letter (letters follow the order the choices are shown in), joined by `` | ``."""
    from app.learning.queries import solve

    actions = {c.id: c.action for c in ex.choices if c.action}
    return " | ".join(sorted(actions.get(a, a) or a for a in solve(ex).accepted))


def digest(theme_id: str, seat: int, code: str) -> str:
    return hashlib.sha1(f"{theme_id}:{seat}:{code}".encode()).hexdigest()[:20]


def position_row(
    game: str,
    theme_id: str,
    seat: int,
    code: str,
    rating: float | None = None,
    source: str = "fresh",
    author_id: int | None = None,
) -> Position:
    """The position's row (made in the caller's transaction when new), starting at
    ``rating`` or else at the theme's estimate of its difficulty."""
    d = digest(theme_id, seat, code)
    row: Position | None = db.session.scalar(
        db.select(Position).filter_by(game=game, theme=theme_id, digest=d)
    )
    if row is None:
        if rating is None:
            rating = estimate(game, theme_id, seat, code)
        row = Position(
            game=game,
            theme=theme_id,
            digest=d,
            code=code,
            seat=seat,
            source=source,
            author_id=author_id,
            rating=rating,
            rd=350.0,
            vol=0.06,
            plays=0,
        )
        db.session.add(row)
        db.session.flush()
    return row


def load_library() -> int:
    """Upsert the library positions (idempotent; ratings already earned are kept): the
    ones already stored read in one query, the new ones written in one insert."""
    table = Position.__table__
    have: set[tuple[str, str, str]] = {
        (g, t, d)
        for g, t, d in db.session.execute(db.select(table.c.game, table.c.theme, table.c.digest))
    }
    new: list[dict[str, object]] = []
    n = 0
    for game, items in library().items():
        for item in items:
            n += 1
            d = digest(item.theme, item.seat, item.code)
            if (game, item.theme, d) in have:
                continue
            have.add((game, item.theme, d))
            rating = item.rating
            if rating is None:
                rating = estimate(game, item.theme, item.seat, item.code)
            new.append(
                {
                    "game": game,
                    "theme": item.theme,
                    "digest": d,
                    "code": item.code,
                    "seat": item.seat,
                    "source": "library",
                    "author_id": None,
                    "rating": rating,
                    "rd": 350.0,
                    "vol": 0.06,
                    "plays": 0,
                    "created_at": utcnow(),
                }
            )
    if new:
        db.session.execute(db.insert(table), new)
    return n


# -- ratings ------------------------------------------------------------------------------


_MY_RATING = db.select(Rating).where(
    Rating.profile_id == db.bindparam("profile_id"), Rating.game == db.bindparam("game")
)
_RATINGS = Rating.__table__
# a position's page: the learner's run of it and their rating, read with the profile
_MY_RUN_AND_RATING = ProfileRows(
    (*record.RUN_COLUMNS, _RATINGS.c.rating, _RATINGS.c.plays, _RATINGS.c.rd),
    record.OF_EXERCISE,
    (_RATINGS, _RATINGS.c.game == db.bindparam("game")),
)


#: a rating whose deviation is above this is still uncertain: shown as provisional,
#: without its change (Glicko-2's deviation starts at 350)
PROVISIONAL_RD = 110.0


@dataclass(frozen=True, slots=True)
class Standing:
    """A learner's rating in a game as a page shows it."""

    rating: float
    plays: int
    rd: float = 350.0

    @property
    def provisional(self) -> bool:
        return self.rd > PROVISIONAL_RD


class Moved(NamedTuple):
    """How an answer moved the learner's rating (``provisional``: still uncertain, so a
    page shows no change)."""

    old: float
    new: float
    provisional: bool


def learner_rating(profile: Learner | None, game: str) -> Rating | None:
    if profile is None or profile.id is None:
        return None
    found: Rating | None = db.session.scalar(_MY_RATING, {"profile_id": profile.id, "game": game})
    return found


def my_state_and_rating(ex: Exercise) -> tuple[record.Run | None, Standing | None]:
    """This request's learner's run of the position ``ex`` and rating in its game, read
    with the profile (then :func:`current_profile` has it)."""
    _profile, rows = _MY_RUN_AND_RATING(exercise_id=ex.id, game=ex.game)
    if not rows:
        return None, None
    row = rows[0]
    width = len(record.RUN)
    run = record.Run(*row[:width]) if row[0] is not None else None
    rating = (
        Standing(row[width], row[width + 1], row[width + 2]) if row[width] is not None else None
    )
    return run, rating


def _rating_for(profile: Learner, game: str) -> Rating:
    r = learner_rating(profile, game)
    if r is None:
        r = Rating(profile_id=profile.id, game=game, rating=1500.0, rd=350.0, vol=0.06, plays=0)
        db.session.add(r)
    return r


def update_ratings(profile: Learner, ex: Exercise, correct: bool) -> Moved | None:
    """Glicko-2 after a learner's first attempt at a position: the learner's rating
    before and after, and whether it is still provisional."""
    parsed = parse_id(ex.id)
    if parsed is None:
        return None
    theme_id, seat, code = parsed
    earlier = db.session.scalar(
        db.select(db.func.count(Attempt.id)).filter_by(profile_id=profile.id, exercise_id=ex.id)
    )
    if earlier and earlier > 1:  # this attempt is already in the session: only the first rates
        return None
    pos = position_row(ex.game, theme_id, seat, code)
    mine = _rating_for(profile, ex.game)
    me = glicko2.Player(mine.rating, mine.rd, mine.vol)
    it = glicko2.Player(pos.rating, pos.rd, pos.vol)
    old = mine.rating
    me_r, me_rd = me.getRating(), me.getRd()
    me.update_player([it.getRating()], [it.getRd()], [1.0 if correct else 0.0])
    it.update_player([me_r], [me_rd], [0.0 if correct else 1.0])
    mine.rating, mine.rd, mine.vol = me.getRating(), me.getRd(), me.vol
    mine.plays = (mine.plays or 0) + 1
    pos.rating, pos.rd, pos.vol = it.getRating(), it.getRd(), it.vol
    pos.plays = (pos.plays or 0) + 1
    return Moved(old, mine.rating, mine.rd > PROVISIONAL_RD)


def next_position(
    profile: Learner | None, game: str, theme_id: str, rng: random.Random
) -> tuple[str, int] | None:
    """A position of the theme that fits the learner: unplayed, rated near the learner;
    a fresh one when the library has none left."""
    r = learner_rating(profile, game)
    target = r.rating if r else 1500.0
    q = db.select(Position).filter_by(game=game, theme=theme_id)
    rows = list(db.session.scalars(q))
    done: set[str] = set()
    if profile is not None and profile.id is not None:
        done = set(
            db.session.scalars(
                db.select(Attempt.exercise_id)
                .filter_by(profile_id=profile.id, game=game)
                .distinct()
            )
        )
    left = [p for p in rows if exercise_id(p.theme, p.seat, p.code) not in done]
    near = [p for p in left if abs(p.rating - target) <= WINDOW] or left
    if near:
        near.sort(key=lambda p: abs(p.rating - target))
        pick = rng.choice(near[:8])
        return pick.code, pick.seat
    return fresh(game, theme_id, rng)


def games() -> tuple[str, ...]:
    return tuple(v.id for v in all_variants())


def action_choices(
    legal: Sequence[Action], extra: Sequence[Action] = (), limit: int = 8
) -> tuple[Choice, ...]:
    """Choices of a choose-action question: the legal actions and some refused ones."""
    acts = list(legal)[:limit] + list(extra)[: max(0, limit - len(legal))]
    return tuple(Choice(chr(97 + i), action=a.text()) for i, a in enumerate(acts))
