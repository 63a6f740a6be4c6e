"""What an assignment can hold: a registry of part kinds.

Each :class:`Kind` says how the teacher picks it (a section of the new-assignment form:
its template and the options it lists), how the picks are read into *specs* (plain
JSON, stored on :class:`~app.classes.models.AssignmentPart`), which exercises a spec
gives (fixed when the assignment is made, so every student gets the same items), and
what the part is called and where its material is.

Built in: ``lesson``, ``practice`` (positions from the library, the teacher's own, or
pasted links), ``worksheet`` (library positions of a theme in a rating range: the same
positions the printed worksheet shows), ``quiz`` (a quiz's questions, drawn once),
``own`` (positions the engine makes for this assignment alone, each student their own)
and ``deal`` (the same deal for everyone, below).

Everything but ``own`` comes from the public library, lessons and quizzes: an exam of
those is open-book unless it is supervised. An ``own`` part's items are placeholders
(``own:<game>:<generator>:<n>``); each student's exercise for one is generated when the
assignment is made (or when a student who joined later first opens it) and stored
(:class:`~app.classes.models.OwnPosition`), with a private id no public page serves.

A kind whose work is not exercises (the "same deal for everyone" kind: a
:class:`~app.learning.models.PlayDeal` per student with ``assignment_id`` set, its seed
fixed in the spec) registers here with an ``expand`` that gives no exercise ids and a
``student_link`` to where the work is done (the overview lists it under "Read first");
the dashboards count exercises only, so such a kind brings its own columns to
:mod:`app.classes.results`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit

from flask import url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from sqlalchemy import Select, select

from app import inputs
from app.extensions import db
from app.learning import generators, lessons, practice, quizzes
from app.learning.models import Position
from app.models import User

MAX_POSITIONS = 30
WORKSHEET_MAX = 12
OWN_MAX = 10  # positions of one kind per student
OWN = "own"


class Refused(ValueError):
    """A pick that cannot be assigned; the message is shown beside the kind's section."""


@dataclass(frozen=True)
class Kind:
    id: str
    label: Any  # the section's heading (lazy text)
    template: str  # the section of the new-assignment form
    options: Callable[[str, User], dict[str, Any]]  # (game, teacher) → template context
    read: Callable[[Any, str, User], list[dict[str, Any]]]  # (form, game, teacher) → specs
    expand: Callable[[Mapping[str, Any]], list[str]]  # spec → exercise ids
    title: Callable[[Mapping[str, Any], str, str], str]  # (spec, game, locale) → its name
    link: Callable[[Mapping[str, Any], str], str | None] = lambda spec, game: None
    #: (spec, game, assignment id) → where a student does or reads the part
    student_link: Callable[[Mapping[str, Any], str, int], str | None] = lambda s, g, a: None


KINDS: dict[str, Kind] = {}


def register(kind: Kind) -> Kind:
    KINDS[kind.id] = kind
    return kind


def get(kind_id: str) -> Kind | None:
    return KINDS.get(kind_id)


# -- lessons ------------------------------------------------------------------------------


def _lesson_options(game: str, teacher: User) -> dict[str, Any]:
    return {"lessons": lessons.path_of(game)}


def _lesson_read(form: Any, game: str, teacher: User) -> list[dict[str, Any]]:
    known = {ls.id for ls in lessons.path_of(game)}
    picked = [i for i in form.getlist("lesson") if i in known]
    return [{"lesson": i} for i in dict.fromkeys(picked)]


def _lesson_expand(spec: Mapping[str, Any]) -> list[str]:
    ls = lessons.get(str(spec.get("lesson")))
    return [ex.id for ex in ls.exercises] if ls else []


def _lesson_title(spec: Mapping[str, Any], game: str, locale: str) -> str:
    ls = lessons.get(str(spec.get("lesson")))
    return _("Lesson: %(title)s", title=ls.title.get(locale) if ls else spec.get("lesson"))


def _lesson_link(spec: Mapping[str, Any], game: str) -> str | None:
    ls = lessons.get(str(spec.get("lesson")))
    if ls is None:
        return None
    return url_for("lessons.lesson", game=ls.game, lesson_id=ls.id)


# -- practice positions ------------------------------------------------------------------


def _positions_query(game: str, teacher: User) -> Select[Position]:
    """Library positions of ``game`` and the teacher's own (from the position editor)."""
    return (
        select(Position)
        .filter_by(game=game)
        .where(
            (Position.source == "library")
            | ((Position.source == "author") & (Position.author_id == teacher.id))
        )
    )


PER_THEME = 40


def _practice_options(game: str, teacher: User) -> dict[str, Any]:
    """The positions by theme (easiest first, at most :data:`PER_THEME` each), each with
    a preview: its question in the page's language (cards named)."""
    from app.i18n import page_locale
    from app.ui import present

    rows = db.session.scalars(
        _positions_query(game, teacher).order_by(Position.theme, Position.rating, Position.id)
    ).all()
    by_theme: dict[str, list[Position]] = {}
    for p in rows:
        by_theme.setdefault(p.theme, [])
        if len(by_theme[p.theme]) < PER_THEME:
            by_theme[p.theme].append(p)
    locale = page_locale()
    previews: dict[int, str] = {}
    for theme_rows in by_theme.values():
        for p in theme_rows:
            ex = practice.exercise(p.theme, p.seat, p.code)
            previews[p.id] = present.prompt_text(ex, locale) if ex is not None else ""
    themes = practice.themes(game)
    return {"positions": by_theme, "themes": themes, "previews": previews}


def parse_position(text: str, game: str) -> tuple[str, int, str] | None:
    """A pasted position: a practice page's address or ``theme:seat:code``."""
    text = text.strip()
    path = unquote(urlsplit(text).path) if "/p/" in text else ""
    if path:
        head, _sep, rest = path.partition(f"/practice/{game}/p/")
        parts = rest.split("/", 2) if rest else []
        if len(parts) == 3 and inputs.digits(parts[1], 2):
            return parts[0], int(parts[1]), parts[2]
        return None
    parts = text.split(":", 2)
    if len(parts) == 3 and inputs.digits(parts[1], 2):
        return parts[0], int(parts[1]), parts[2]
    return None


def _checked(theme: str, seat: int, code: str, game: str) -> list[Any] | None:
    ex = practice.exercise(theme, seat, code)
    if ex is None or ex.game != game:
        return None
    return [theme, seat, code]


def _practice_read(form: Any, game: str, teacher: User) -> list[dict[str, Any]]:
    picked: list[list[Any]] = []
    ids = inputs.ids(str(i) for i in form.getlist("position"))
    if ids:
        rows = db.session.scalars(_positions_query(game, teacher).where(Position.id.in_(ids)))
        picked += [[p.theme, p.seat, p.code] for p in rows]
    bad = []
    for n, line in enumerate(str(form.get("codes", "") or "").splitlines(), start=1):
        if not line.strip():
            continue
        parsed = parse_position(line, game)
        found = _checked(*parsed, game) if parsed else None
        if found is None:
            bad.append(n)
        else:
            picked.append(found)
    if bad:
        raise Refused(
            _(
                "Line %(lines)s of the pasted positions is not a position of this game.",
                lines=", ".join(map(str, bad[:5])),
            )
        )
    unique = list({tuple(p): p for p in picked}.values())
    if len(unique) > MAX_POSITIONS:
        raise Refused(_("At most %(n)s positions in one assignment.", n=MAX_POSITIONS))
    return [{"positions": unique}] if unique else []


def _positions_expand(spec: Mapping[str, Any]) -> list[str]:
    return [practice.exercise_id(t, int(s), c) for t, s, c in spec.get("positions", [])]


def _practice_title(spec: Mapping[str, Any], game: str, locale: str) -> str:
    return _("Practice positions (%(n)s)", n=len(spec.get("positions", [])))


def _print_link(spec: Mapping[str, Any], game: str) -> str | None:
    codes = [f"{t}:{s}:{c}" for t, s, c in spec.get("positions", [])]
    if not codes or len(codes) > WORKSHEET_MAX:
        return None
    args: dict[str, Any] = {"code": codes}
    if spec.get("theme"):
        args["theme"] = spec["theme"]
    return url_for("practice.worksheet", game=game, **args)


# -- worksheets -------------------------------------------------------------------------


def _worksheet_options(game: str, teacher: User) -> dict[str, Any]:
    return {"themes": practice.themes(game), "worksheet_max": WORKSHEET_MAX}


def _number(form: Any, name: str, default: float) -> float:
    try:
        return inputs.finite(form.get(name, "") or default)
    except ValueError:
        raise Refused(_("Counts and ratings are numbers, such as 8 or 1200.")) from None


def _worksheet_read(form: Any, game: str, teacher: User) -> list[dict[str, Any]]:
    theme = str(form.get("ws_theme", "") or "")
    if not theme:
        return []
    if practice.theme(game, theme) is None:
        raise Refused(_("Choose a theme of this game."))
    low, high = _number(form, "ws_min", 0), _number(form, "ws_max", 4000)
    count = int(min(WORKSHEET_MAX, max(1, _number(form, "ws_count", 8))))
    rows = db.session.scalars(
        _positions_query(game, teacher)
        .filter_by(theme=theme)
        .where(Position.rating >= low, Position.rating <= high)
        .order_by(Position.rating, Position.id)
    )
    found = []
    for p in rows:
        if practice.exercise(p.theme, p.seat, p.code) is not None:
            found.append([p.theme, p.seat, p.code])
        if len(found) >= count:
            break
    if not found:
        raise Refused(_("No library position of this theme has a rating in that range."))
    return [{"theme": theme, "min": low, "max": high, "positions": found}]


def _worksheet_title(spec: Mapping[str, Any], game: str, locale: str) -> str:
    th = practice.theme(game, str(spec.get("theme")))
    return _(
        "Worksheet: %(theme)s, %(n)s positions",
        theme=th.title.get(locale) if th else spec.get("theme"),
        n=len(spec.get("positions", [])),
    )


# -- quizzes ----------------------------------------------------------------------------


def unit_title(game: str, unit: str, locale: str) -> str:
    if unit == quizzes.ALL:
        return _("the whole game")
    titles = [ls.title.get(locale) for ls in lessons.path_of(game) if ls.unit == unit]
    return " · ".join(titles) or unit


def _quiz_options(game: str, teacher: User) -> dict[str, Any]:
    return {"units": [quizzes.ALL, *quizzes.units(game)], "questions": quizzes.QUESTIONS}


def _quiz_read(form: Any, game: str, teacher: User) -> list[dict[str, Any]]:
    unit = str(form.get("quiz_unit", "") or "")
    if not unit:
        return []
    if unit != quizzes.ALL and unit not in quizzes.units(game):
        raise Refused(_("Choose a quiz of this game."))
    count = int(min(quizzes.QUESTIONS, max(1, _number(form, "quiz_count", quizzes.QUESTIONS))))
    items = quizzes.compose(game, unit, random.Random())[:count]
    if not items:
        raise Refused(_("This quiz has no questions yet."))
    return [{"unit": unit, "items": items}]


def _quiz_expand(spec: Mapping[str, Any]) -> list[str]:
    return [str(i) for i in spec.get("items", [])]


def _quiz_title(spec: Mapping[str, Any], game: str, locale: str) -> str:
    return _("Quiz: %(unit)s", unit=unit_title(game, str(spec.get("unit")), locale))


# -- positions made for this assignment alone ----------------------------------------


def _own_options(game: str, teacher: User) -> dict[str, Any]:
    return {"generators": list(generators.of_game(game).values()), "own_max": OWN_MAX}


def _own_read(form: Any, game: str, teacher: User) -> list[dict[str, Any]]:
    known = generators.of_game(game)
    picked = [g for g in dict.fromkeys(form.getlist("own_gen")) if g in known]
    if not picked:
        return []
    count = int(min(OWN_MAX, max(1, _number(form, "own_count", 3))))
    return [{"game": game, "generators": picked, "count": count}]


def own_item(game: str, gen_id: str, n: int) -> str:
    """The placeholder id of an item made for each student alone."""
    return f"{OWN}:{game}:{gen_id}:{n}"


def own_generator(item_exercise_id: str) -> tuple[str, str] | None:
    """(game, generator) of an ``own`` item's placeholder, else ``None``."""
    parts = item_exercise_id.split(":")
    if len(parts) != 4 or parts[0] != OWN:
        return None
    return parts[1], parts[2]


def _own_expand(spec: Mapping[str, Any]) -> list[str]:
    game, count = str(spec.get("game", "")), int(spec.get("count", 0))
    return [own_item(game, str(g), n) for g in spec.get("generators", []) for n in range(count)]


def _own_title(spec: Mapping[str, Any], game: str, locale: str) -> str:
    gens = generators.of_game(game)
    names = [gens[g].title.get(locale) for g in spec.get("generators", []) if g in gens]
    return _(
        "Positions made for this assignment, each student their own: %(kinds)s",
        kinds=" · ".join(names),
    )


# -- the same deal for everyone --------------------------------------------------------


def _deal_options(game: str, teacher: User) -> dict[str, Any]:
    from app.engine.core.registry import find_game

    return {"seats": find_game(game).table_size(find_game(game).default_rules)}


def _deal_read(form: Any, game: str, teacher: User) -> list[dict[str, Any]]:
    """One deal, its cards fixed now (a seed drawn once, one that gives the seat a
    decision): every student plays the same."""
    import secrets

    from app.engine.core.registry import find_game
    from app.learning import play

    if form.get("deal") != "on":
        return []
    g = find_game(game)
    names = list(g.players())
    seat = inputs.int_or(form.get("deal_seat"), 0, high=99)
    seat = max(0, min(g.table_size(g.default_rules) - 1, seat))
    strength = "strong" if "strong" in names else names[0]
    return [
        {
            "seed": play.seed_with_a_decision(game, seat, strength),
            "seat": seat,
            "strength": strength,
            "key": secrets.token_urlsafe(9),
        }
    ]


def _deal_expand(spec: Mapping[str, Any]) -> list[str]:
    return []


def _deal_title(spec: Mapping[str, Any], game: str, locale: str) -> str:
    return _("The same deal for everyone (seat %(n)s)", n=int(spec.get("seat", 0)) + 1)


def _deal_link(spec: Mapping[str, Any], game: str, assignment_id: int) -> str | None:
    return url_for("assignments.deal", aid=assignment_id, key=str(spec.get("key", "")))


register(
    Kind(
        "lesson",
        _l("Lessons"),
        "classes/kinds/_lesson.html",
        _lesson_options,
        _lesson_read,
        _lesson_expand,
        _lesson_title,
        link=_lesson_link,
        student_link=lambda spec, game, _aid: _lesson_link(spec, game),
    )
)
register(
    Kind(
        "practice",
        _l("Practice positions"),
        "classes/kinds/_practice.html",
        _practice_options,
        _practice_read,
        _positions_expand,
        _practice_title,
        link=_print_link,
    )
)
register(
    Kind(
        "worksheet",
        _l("A worksheet"),
        "classes/kinds/_worksheet.html",
        _worksheet_options,
        _worksheet_read,
        _positions_expand,
        _worksheet_title,
        link=_print_link,
    )
)
register(
    Kind(
        "quiz",
        _l("A quiz"),
        "classes/kinds/_quiz.html",
        _quiz_options,
        _quiz_read,
        _quiz_expand,
        _quiz_title,
    )
)
register(
    Kind(
        OWN,
        _l("Positions made for this assignment (each student their own)"),
        "classes/kinds/_own.html",
        _own_options,
        _own_read,
        _own_expand,
        _own_title,
    )
)
register(
    Kind(
        "deal",
        _l("The same deal for everyone"),
        "classes/kinds/_deal.html",
        _deal_options,
        _deal_read,
        _deal_expand,
        _deal_title,
        student_link=_deal_link,
    )
)
