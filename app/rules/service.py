"""What a rules page shows: its sections with each line's words and lesson link, and
its tables with the engine's numbers, in one language (worked out once per game and
language: content does not change while the process runs)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from flask import request
from flask_babel import gettext as _
from markupsafe import Markup

from app.engine.core.registry import find_game
from app.learning import rules_tables
from app.learning.lessons import get
from app.learning.rules_pages import (
    CountCell,
    Line,
    MeldCell,
    RulesPage,
    TableDoc,
    WordsCell,
    page_of,
)
from app.ui.markup import render_prose, step_url


@dataclass(frozen=True)
class LineView:
    html: Markup
    href: str | None
    lesson: int | None  # the lesson's place in the game's path


@dataclass(frozen=True)
class TableView:
    caption: str
    head: tuple[str, ...]
    rows: tuple[tuple[Markup | str, ...], ...]
    numeric: tuple[bool, ...]  # per column: numbers (right-aligned)


@dataclass(frozen=True)
class SectionView:
    id: str
    title: str
    lines: tuple[LineView, ...]
    tables: tuple[TableView, ...]
    notes: tuple[LineView, ...]


@dataclass(frozen=True)
class PageView:
    game: str
    intro: Markup
    sections: tuple[SectionView, ...]


class _Page:
    """Draws one page's prose in order, so a term's first use shows its reading."""

    def __init__(self, game: str, locale: str) -> None:
        self.game = game
        self.family = find_game(game).info.family
        self.locale = locale
        self.seen: set[str] = set()

    def words(self, text: str) -> Markup:
        """One run of prose (a line, a cell) without its paragraph."""
        html = str(render_prose(text, self.family, self.locale, self.seen, game=self.game))
        if html.startswith("<p>") and html.endswith("</p>") and html.count("<p>") == 1:
            html = html[3:-4]
        return Markup(html)

    def line(self, ln: Line) -> LineView:
        html = self.words(ln.text.get(self.locale))
        lesson = get(ln.step.partition("#")[0]) if ln.step else None
        if ln.step is None or lesson is None:
            return LineView(html, None, None)
        return LineView(html, step_url(ln.step), lesson.order)

    def cell(self, c: object) -> Markup | str:
        if isinstance(c, WordsCell):
            if c.words is not None:
                return self.words(c.words)
            assert c.text is not None  # a words cell has its words or its text
            return self.words(c.text.text().get(self.locale))
        if isinstance(c, MeldCell):
            return " / ".join(str(rules_tables.meld_worth(self.game, m)) for m in c.meld)
        if isinstance(c, CountCell):
            ln = rules_tables.count_line(c.count, c.line)
            return f"×{ln.points}" if ln.op == "x" else str(ln.points)
        if isinstance(c, rules_tables.Key):
            raise KeyError(c.key)
        if isinstance(c, rules_tables.Span):
            if c.high is None:
                return _("%(low)s or more", low=c.low)
            return str(c.low) if c.high == c.low else f"{c.low}–{c.high}"
        if isinstance(c, rules_tables.Times):
            return f"×{c.n}"
        if isinstance(c, rules_tables.Plus):
            return f"+{c.n}"
        return str(c)

    def table(self, t: TableDoc) -> TableView:
        head = tuple(h.text().get(self.locale) for h in t.head)
        if t.generate is None:
            rows = tuple(tuple(self.cell(c) for c in r) for r in t.rows)
            numeric = tuple(not isinstance(c, WordsCell) for c in t.rows[0])
        else:
            gen = rules_tables.generated(t.generate)
            rows = tuple(
                tuple(
                    self.cell(t.labels[c.key]) if isinstance(c, rules_tables.Key) else self.cell(c)
                    for c in r
                )
                for r in gen
            )
            numeric = tuple(not isinstance(c, rules_tables.Key) for c in gen[0])
        return TableView(t.caption.text().get(self.locale), head, rows, numeric)


def view(page: RulesPage, locale: str) -> PageView:
    return _view(page.game, locale, request.script_root)


@lru_cache(maxsize=64)
def _view(game: str, locale: str, script_root: str) -> PageView:
    page = page_of(game)
    assert page is not None
    draw = _Page(game, locale)
    intro = draw.words(page.intro.get(locale))
    sections = tuple(
        SectionView(
            s.id,
            s.title.get(locale),
            tuple(draw.line(ln) for ln in s.lines),
            tuple(draw.table(t) for t in s.tables),
            tuple(draw.line(ln) for ln in s.notes),
        )
        for s in page.sections
    )
    return PageView(game, intro, sections)
