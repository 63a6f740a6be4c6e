"""What the practice pages show: themes per game with the learner's results, one
position as an exercise, the history of missed positions, worksheets, the editor."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from app.engine.core.codec import split_code
from app.engine.core.errors import Detail, EngineError, detail_of
from app.engine.core.registry import find_game
from app.extensions import db
from app.learning import practice
from app.learning.exercise import Exercise
from app.learning.models import Attempt, Position
from app.learning.queries import solve
from app.models import Learner
from app.practice import editing


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


def _attempts(profile: Learner | None, game: str) -> list[Attempt]:
    """This learner's practice attempts at positions, oldest first."""
    if profile is None or profile.id is None:
        return []
    return list(
        db.session.scalars(
            db.select(Attempt)
            .filter_by(profile_id=profile.id, game=game, context="practice")
            .where(Attempt.exercise_id.like(f"{practice.PREFIX}:%"))
            .order_by(Attempt.created_at, Attempt.id)
        )
    )


def first_attempts(profile: Learner | None, game: str) -> dict[str, Attempt]:
    """Each practice position's first attempt by this learner (what ratings count)."""
    out: dict[str, Attempt] = {}
    for a in _attempts(profile, game):
        out.setdefault(a.exercise_id, a)
    return out


def theme_rows(profile: Learner | None, game: str, locale: str) -> list[ThemeRow]:
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


@dataclass
class HistoryRow:
    """One position the learner met: its first attempt (what the rating counted) and
    whether it has been answered right since."""

    first: Attempt
    ex: Exercise | None
    theme: str
    solved: bool


def history(profile: Learner | None, game: str, limit: int = 20) -> list[HistoryRow]:
    """The practice positions of this learner, newest first."""
    firsts: dict[str, Attempt] = {}
    solved: set[str] = set()
    for a in _attempts(profile, game):
        firsts.setdefault(a.exercise_id, a)
        if a.correct:
            solved.add(a.exercise_id)
    newest = sorted(firsts.values(), key=lambda a: (a.created_at, a.id), reverse=True)
    return [
        HistoryRow(
            a,
            practice.provide(a.exercise_id),
            a.exercise_id.split(":", 2)[1],
            a.exercise_id in solved,
        )
        for a in newest[:limit]
    ]


def missed(profile: Learner | None, game: str) -> list[tuple[Attempt, Exercise | None]]:
    """Positions missed at the first attempt and not answered right since, newest
    first, ready to retry."""
    return [(h.first, h.ex) for h in history(profile, game, 200) if not h.solved]


def strengths(rows: list[ThemeRow], least: int = 3) -> tuple[ThemeRow | None, ThemeRow | None]:
    """The themes answered best and worst at the first attempt (among those tried at
    least ``least`` times), or ``None`` when too few are tried to tell."""
    tried = [r for r in rows if r.tried >= least]
    if len(tried) < 2:
        return None, None
    ranked = sorted(tried, key=lambda r: (r.right / r.tried, r.tried))
    best, worst = ranked[-1], ranked[0]
    return (best, worst) if best.accuracy != worst.accuracy else (None, None)


def position_error(
    game_id: str, theme_id: str, seat: int, code: str
) -> tuple[str, dict[str, Any]] | None:
    """Why a shared position cannot open: (message code, params), or ``None``."""
    problem = _position_error(game_id, theme_id, seat, code)
    return None if problem is None else (problem[0], dict(problem[1]))


@lru_cache(maxsize=4096)  # the same answer for a code every time
def _position_error(
    game_id: str, theme_id: str, seat: int, code: str
) -> tuple[str, dict[str, Any]] | None:
    try:
        frame = split_code(code)
        if frame.variant != game_id:
            return "practice-wrong-game", {"variant": frame.variant}
        if frame.viewer is not None:
            return "practice-seat-view", {}
        game = find_game(game_id)
        state = game.decode(code)
    except EngineError as exc:
        return engine_problem(exc)
    problem = practice.impossible(game, state)
    if problem is not None:
        return problem
    if practice.theme(game_id, theme_id) is None:
        return "practice-unknown-theme", {}
    if not 0 <= seat < game.seats(state):
        return "practice-bad-seat", {"n": seat + 1}
    if practice.exercise(theme_id, seat, code) is None:
        return "practice-not-this-theme", {}
    return None


def engine_problem(exc: EngineError) -> tuple[str, dict[str, Any]]:
    """An engine error reading a position as (message code, params): a code or position
    it cannot read is ``practice-bad-code`` with the engine's detail, its English line
    with its kind (put in words by :func:`problem_text`)."""
    if exc.code in ("bad-code", "bad-position"):
        return "practice-bad-code", {"detail": detail_of(exc)}
    return exc.code, dict(exc.params)


def _detail_text(game_id: str, detail: object, locale: str) -> str:
    """The engine's detail (a :class:`Detail`: its kind and parameters) as a clause in
    ``locale`` (app.text.messages.details); plain text is ``detail-other``."""
    from app.text.messages import render
    from app.text.messages.details import explain
    from app.ui.rule_options import readable

    code, params = explain(detail if isinstance(detail, Detail) else str(detail))
    if "option" in params:
        shown = readable(params)
        if shown["option"] == params["option"]:  # not an option of any game
            code, params = "detail-unknown-option", {"option": params["option"]}
        else:
            params = shown
    return render(code, _named(params, locale), locale)


def _named(params: Mapping[str, Any], locale: str) -> dict[str, Any]:
    """``variant`` (a game's id) as the game's name, in ``locale``."""
    from app.content import game_texts

    out = dict(params)
    variant = out.get("variant")
    if isinstance(variant, str):
        out["variant"] = game_texts(locale).get(variant, {}).get("name", variant)
    return out


def problem_text(game_id: str, problem: tuple[str, Mapping[str, Any]], locale: str) -> str:
    """Why a position is refused (:func:`position_error`, ``practice.impossible``, an
    editing change), in the learner's words: the engine's detail text, option names,
    game ids and card tokens all put in words of ``locale``."""
    from app.text.messages import render
    from app.text.results import humanize
    from app.ui.rule_options import readable

    code, params = problem
    shown = _named(readable(params), locale)
    if "detail" in shown:
        shown["detail"] = _detail_text(game_id, shown["detail"], locale)
    if code == "unknown-card":  # the token as typed
        return render(code, shown, locale)
    family = find_game(game_id).info.family
    return render(code, humanize(family, shown, locale, game_id), locale, game_id)


def worksheet(
    game: str, theme_id: str | None, low: float, high: float, codes: list[str], limit: int = 12
) -> list[Exercise]:
    """The positions of a worksheet: the codes given (``theme:seat:code``, or a
    position's link), or library positions of a theme within a rating range."""
    from urllib.parse import unquote

    out: list[Exercise] = []
    for text in codes[:limit]:
        if "/p/" in text:  # a shared link: …/practice/<game>/p/<theme>/<seat>/<code>
            text = ":".join(unquote(text.split("/p/", 1)[1].split("?", 1)[0]).split("/", 2))
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
        rows = list(db.session.scalars(q.order_by(Position.rating, Position.id).limit(limit * 3)))
    else:  # every theme: each in turn, the easiest of each first
        by_theme: dict[str, list[Position]] = {}
        for p in db.session.scalars(q.order_by(Position.rating, Position.id)):
            by_theme.setdefault(p.theme, []).append(p)
        queues = [by_theme[t] for t in sorted(by_theme)]
        rows = []
        while any(queues) and len(rows) < limit * 3:
            for queue in queues:
                if queue:
                    rows.append(queue.pop(0))
    for p in rows:
        ex = practice.exercise(p.theme, p.seat, p.code)
        if ex is not None:
            out.append(ex)
        if len(out) >= limit:
            break
    return out


def answer_key(ex: Exercise) -> str:
    return solve(ex).shown


def next_for(profile: Learner | None, game: str, theme_id: str) -> tuple[str, int] | None:
    return practice.next_position(profile, game, theme_id, random.Random())


# -- the position editor ------------------------------------------------------------------


@dataclass
class EditorView:
    code: str = ""
    table: Any = None
    to_act: int | None = None
    moves: list[tuple[str, str]] = field(default_factory=list)  # (label, next code)
    seats: int = 0
    theme: str = ""
    seat: int | None = None
    fits: bool | None = None
    why_not: str = ""
    error: str = ""
    problem: str = ""  # why no deal reaches this position (the engine's check)
    pasted: str = ""
    themes: list[tuple[str, str]] = field(default_factory=list)
    over: bool = False
    hand: editing.HandPanel | None = None  # the card picker for one seat's hand
    picked: list[str] | None = None  # the picker's ticks as sent, when refused
    typed: str = ""
    next_cards: list[str] = field(default_factory=list)
    next_card: str | None = None
    mine: list[Position] = field(default_factory=list)  # the author's saved positions


def _seat_arg(text: str | None) -> int | None:
    return int(text) if text and text.isdigit() else None


def editor_view(
    game_id: str, args: Mapping[str, Any], locale: str, author_id: int | None = None
) -> EditorView:
    """The editor for ``args``: ``code`` (else a fresh deal of ``seed``), ``theme`` and
    ``seat`` to check it as practice, ``hand`` (the seat whose hand the picker shows)
    and ``from`` (where it swaps cards with)."""
    from app.text.results import action_label, cards_text
    from app.ui.tables import from_view

    game = find_game(game_id)
    ed = EditorView(themes=[(t.id, t.title.get(locale)) for t in practice.themes(game_id).values()])
    code, seed = str(args.get("code", "") or ""), args.get("seed")
    try:
        if code:
            state = game.decode(code)
        else:
            rng = random.Random(int(seed) if seed and str(seed).isdigit() else None)
            state = game.new_deal(
                game.default_rules, rng, rng.randrange(game.table_size(game.default_rules))
            )
    except EngineError as exc:
        ed.error = problem_text(game_id, engine_problem(exc), locale)
        state = game.new_deal(game.default_rules, random.Random(), 0)
    ed.code = game.encode(state)
    ed.table = from_view(game.view(state, None), game.info.family)
    ed.seats = game.seats(state)
    ed.over = game.is_over(state)
    ed.to_act = game.to_act(state)
    problem = practice.impossible(game, state)
    if problem is not None:
        ed.problem = problem_text(game_id, problem, locale)
    if ed.to_act is not None and problem is None:
        for a in game.legal_actions(state, ed.to_act):
            label = f"{action_label(a.kind)} {cards_text(game.info.family, list(a.cards), locale)}".strip()
            ed.moves.append((label, game.encode(game.apply(state, a))))
    hand_seat = _seat_arg(args.get("hand"))
    if hand_seat is None:
        hand_seat = ed.to_act if ed.to_act is not None else 0
    if not ed.over and 0 <= hand_seat < ed.seats:
        ed.hand = editing.hand_panel(game, state, hand_seat, str(args.get("from", "") or ""))
        ed.next_cards, ed.next_card = editing.next_cards(game, state)
    theme_id = str(args.get("theme", "") or "")
    if theme_id:
        ed.theme = theme_id
        ed.seat = _seat_arg(args.get("seat"))
        if ed.seat is None:
            ed.seat = ed.to_act
        problem = position_error(game_id, theme_id, ed.seat if ed.seat is not None else 0, ed.code)
        ed.fits = problem is None
        if problem is not None:
            ed.why_not = problem_text(game_id, problem, locale)
    if author_id is not None:
        ed.mine = list(
            db.session.scalars(
                db.select(Position)
                .filter_by(game=game_id, source="author", author_id=author_id)
                .order_by(Position.id.desc())
                .limit(50)
            )
        )
    return ed


def edit_error_text(game_id: str, exc: editing.EditError | EngineError, locale: str) -> str:
    """An editing change refused, in the learner's words (cards by name)."""
    if isinstance(exc, EngineError):
        return problem_text(game_id, engine_problem(exc), locale)
    return problem_text(game_id, (exc.code, exc.params), locale)


def read_pasted(game_id: str, text: str, locale: str) -> tuple[str, str]:
    """(code, "") for a pasted code or position JSON, or ("", why it is refused)."""
    import json

    game = find_game(game_id)
    text = text.strip()
    try:
        if text.startswith("{"):
            try:
                data = json.loads(text)
            except json.JSONDecodeError as exc:
                detail = Detail(f"JSON line {exc.lineno}", "detail-json", line=exc.lineno)
                return "", problem_text(game_id, ("practice-bad-code", {"detail": detail}), locale)
            if not isinstance(data, dict):
                detail = Detail("not an object", "detail-json-shape")
                return "", problem_text(game_id, ("practice-bad-code", {"detail": detail}), locale)
            state = game.read_position(data, {})
        else:
            state = game.decode(text)
    except EngineError as exc:
        return "", problem_text(game_id, engine_problem(exc), locale)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        detail = Detail("must be a JSON object", "detail-json-shape")
        return "", problem_text(game_id, ("practice-bad-code", {"detail": detail}), locale)
    problem = practice.impossible(game, state)
    if problem is not None:
        return "", problem_text(game_id, problem, locale)
    return game.encode(state), ""
