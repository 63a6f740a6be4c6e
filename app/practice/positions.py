"""What the practice pages show: themes per game with the learner's results, one
position as an exercise, the history of missed positions, worksheets, the editor."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from app.engine.core.codec import split_code
from app.engine.core.errors import EngineError
from app.engine.core.registry import find_game
from app.extensions import db
from app.learning import practice
from app.learning.exercise import Exercise
from app.learning.models import Attempt, Position
from app.learning.queries import solve
from app.models import LearnerProfile


@dataclass
class ThemeRow:
    id: str
    title: str
    about: str
    tried: int
    right: int

    @property
    def accuracy(self) -> int | None:
        return round(100 * self.right / self.tried) if self.tried else None


def first_attempts(profile: LearnerProfile | None, game: str) -> dict[str, Attempt]:
    """Each practice position's first attempt by this learner (what ratings count)."""
    if profile is None or profile.id is None:
        return {}
    rows = db.session.scalars(
        db.select(Attempt)
        .filter_by(profile_id=profile.id, game=game, context="practice")
        .where(Attempt.exercise_id.like(f"{practice.PREFIX}:%"))
        .order_by(Attempt.created_at, Attempt.id)
    )
    out: dict[str, Attempt] = {}
    for a in rows:
        out.setdefault(a.exercise_id, a)
    return out


def theme_rows(profile: LearnerProfile | None, game: str, locale: str) -> list[ThemeRow]:
    firsts = first_attempts(profile, game)
    out = []
    for th in practice.themes(game).values():
        mine = [a for eid, a in firsts.items() if eid.split(":", 2)[1] == th.id]
        out.append(
            ThemeRow(
                th.id,
                th.title.get(locale),
                th.about.get(locale),
                len(mine),
                sum(a.correct for a in mine),
            )
        )
    return out


def missed(profile: LearnerProfile | None, game: str) -> list[tuple[Attempt, Exercise | None]]:
    """Positions whose first attempt was wrong, newest first, ready to retry."""
    firsts = first_attempts(profile, game)
    wrong = sorted(
        (a for a in firsts.values() if not a.correct), key=lambda a: a.created_at, reverse=True
    )
    return [(a, practice.provide(a.exercise_id)) for a in wrong]


def position_error(
    game_id: str, theme_id: str, seat: int, code: str
) -> tuple[str, dict[str, Any]] | None:
    """Why a shared position cannot open: (message code, params), or ``None``."""
    try:
        frame = split_code(code)
        if frame.variant != game_id:
            return "practice-wrong-game", {"variant": frame.variant}
        if frame.viewer is not None:
            return "practice-seat-view", {}
        game = find_game(game_id)
        state = game.decode(code)
    except EngineError as exc:
        if exc.code in ("bad-code", "bad-position"):  # the detail is the engine's, in English
            return "practice-bad-code", {"detail": exc.params.get("detail", "")}
        return exc.code, dict(exc.params)
    if practice.theme(game_id, theme_id) is None:
        return "practice-unknown-theme", {"theme": theme_id}
    if not 0 <= seat < game.seats(state):
        return "practice-bad-seat", {"seat": seat}
    if practice.exercise(theme_id, seat, code) is None:
        return "practice-not-this-theme", {}
    return None


def worksheet(
    game: str, theme_id: str | None, low: float, high: float, codes: list[str], limit: int = 12
) -> list[Exercise]:
    """The positions of a worksheet: the codes given (``theme:seat:code``), or library
    positions of a theme within a rating range."""
    out: list[Exercise] = []
    for text in codes[:limit]:
        parts = text.split(":", 2)
        if len(parts) == 3 and parts[1].isdigit():
            ex = practice.exercise(parts[0], int(parts[1]), parts[2])
            if ex is not None:
                out.append(ex)
    if codes:
        return out
    q = (
        db.select(Position)
        .filter_by(game=game)
        .where(Position.rating >= low, Position.rating <= high)
    )
    if theme_id:
        q = q.filter_by(theme=theme_id)
    for p in db.session.scalars(q.order_by(Position.rating, Position.id).limit(limit * 3)):
        ex = practice.exercise(p.theme, p.seat, p.code)
        if ex is not None:
            out.append(ex)
        if len(out) >= limit:
            break
    return out


def answer_key(ex: Exercise) -> str:
    return solve(ex).shown


def next_for(profile: LearnerProfile | None, game: str, theme_id: str) -> tuple[str, int] | None:
    return practice.next_position(profile, game, theme_id, random.Random())


# -- the position editor ------------------------------------------------------------------


@dataclass
class EditorView:
    code: str = ""
    table: Any = None
    to_act: int | None = None
    moves: list[tuple[str, str]] = None  # type: ignore[assignment]  # (label, next code)
    seats: int = 0
    theme: str = ""
    seat: int | None = None
    fits: bool | None = None
    why_not: str = ""
    error: str = ""
    pasted: str = ""
    themes: list[tuple[str, str]] = None  # type: ignore[assignment]
    over: bool = False


def editor_view(
    game_id: str, code: str, seed: str | None, theme_id: str, seat_text: str, locale: str
) -> EditorView:
    from app.messages import render
    from app.ui.tables import from_view
    from app.ui.text import action_label, cards_text

    game = find_game(game_id)
    ed = EditorView(
        moves=[], themes=[(t.id, t.title.get(locale)) for t in practice.themes(game_id).values()]
    )
    try:
        if code:
            state = game.decode(code)
        else:
            rng = random.Random(int(seed) if seed and seed.isdigit() else None)
            state = game.new_deal(
                game.default_rules, rng, rng.randrange(game.table_size(game.default_rules))
            )
    except EngineError as exc:
        ed.error = render(
            "practice-bad-code", {"detail": exc.params.get("detail", exc.code)}, locale
        )
        state = game.new_deal(game.default_rules, random.Random(), 0)
    ed.code = game.encode(state)
    ed.table = from_view(game.view(state, None), game.info.family)
    ed.seats = game.seats(state)
    ed.over = game.is_over(state)
    ed.to_act = game.to_act(state)
    if ed.to_act is not None:
        for a in game.legal_actions(state, ed.to_act):
            label = f"{action_label(a.kind)} {cards_text(game.info.family, list(a.cards), locale)}".strip()
            ed.moves.append((label, game.encode(game.apply(state, a))))
    if theme_id:
        ed.theme = theme_id
        try:
            ed.seat = int(seat_text) if seat_text else ed.to_act
        except ValueError:
            ed.seat = ed.to_act
        problem = position_error(game_id, theme_id, ed.seat if ed.seat is not None else 0, ed.code)
        ed.fits = problem is None
        if problem is not None:
            ed.why_not = render(problem[0], problem[1], locale)
    return ed


def read_pasted(game_id: str, text: str, locale: str) -> tuple[str, str]:
    """(code, "") for a pasted code or position JSON, or ("", the engine's error)."""
    import json

    from app.messages import render

    game = find_game(game_id)
    text = text.strip()
    try:
        if text.startswith("{"):
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                return "", render(
                    "bad-position", {"detail": f"JSON line {exc.lineno}: {exc.msg}"}, locale
                )
            if not isinstance(data, dict):
                return "", render("bad-position", {"detail": "not an object"}, locale)
            state = game.read_position(data, {})
        else:
            state = game.decode(text)
    except EngineError as exc:
        if exc.code in ("bad-code", "bad-position"):
            return "", render("practice-bad-code", {"detail": exc.params.get("detail", "")}, locale)
        return "", render(exc.code, dict(exc.params), locale)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        return "", render("practice-bad-code", {"detail": type(exc).__name__}, locale)
    return game.encode(state), ""
