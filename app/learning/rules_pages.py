"""Rules pages as data: one YAML file per game, both languages side by side.

``content/rules/<game>.yaml`` (schema: :class:`RulesDoc`) is a game's whole rule set on
one page (``/rules/<game>``): short sections in a fixed order, each a list of lines in
our own words, tables and variant notes (where tables differ). Every line and every
note names the checklist point it states (``point``); the page links it to the lesson
step that teaches that point (the point's ``taught_in``), so a line can never link to a
step that does not exist (a test walks every link).

A table's numbers never come from the YAML: a cell is words, or a value the engine
works out when the page is drawn (:mod:`app.learning.rules_tables`): a group's worth
(``meld``), a count line of a lesson's worked example (``count`` + ``line``), or a whole
table the engine generates (``generate``). A text cell holding a digit is refused, so a
page cannot disagree with the engine's count.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from app.config import ROOT
from app.learning.bank import TextDoc
from app.learning.compare import taught_in
from app.learning.exercise import Text
from app.yamlfile import load_yaml

RULES = ROOT / "content" / "rules"
SLUG = r"^[a-z0-9][a-z0-9-]*$"
#: The sections of every rules page, in this order (the issue's list).
SECTIONS = ("players", "deck", "deal", "turn", "groups", "going-out", "count", "variants")
#: Words of a table never carry a number: numbers are the engine's.
_DIGIT = re.compile(r"[0-9]")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class WordsCell(_Strict):
    """Words, the same in both languages (a term link such as ``[[peng]]``) or per language."""

    words: str | None = None
    text: TextDoc | None = None

    @model_validator(mode="after")
    def _no_numbers(self) -> WordsCell:
        if (self.words is None) == (self.text is None):
            raise ValueError("a words cell has either words or text")
        texts = [self.words or ""] + ([self.text.zh, self.text.en] if self.text else [])
        for s in texts:
            if _DIGIT.search(re.sub(r"\[\[[^]]*\]\]|\{[a-z0-9]+\}", "", s)):
                raise ValueError(f"a table's number comes from the engine, not the YAML: {s!r}")
        return self


class MeldCell(_Strict):
    """The worth of one or more groups, e.g. ``["peng: x3 x3 x3", "peng: d3 d3 d3"]``."""

    meld: list[str] = Field(min_length=1)


class CountCell(_Strict):
    """The points of one count line of a lesson step's worked example."""

    count: str = Field(pattern=r"^[a-z0-9-]+#[a-z0-9-]+$")  # "<lesson>#<step>"
    line: str = Field(pattern=r"^[a-z]+-[a-z0-9-]+$")


Cell = WordsCell | MeldCell | CountCell


class TableDoc(_Strict):
    caption: TextDoc
    generate: str | None = None  # a table the engine makes whole (rules_tables.generated)
    head: list[TextDoc] = Field(min_length=1)
    rows: list[list[Cell]] = []
    labels: dict[str, WordsCell] = {}  # the words for a generated table's row names
    point: str | None = None  # the checklist point the table states

    @model_validator(mode="after")
    def _shape(self) -> TableDoc:
        if self.generate is None:
            if not self.rows or self.labels:
                raise ValueError("a table needs rows (labels belong to a generated table)")
            if any(len(r) != len(self.head) for r in self.rows):
                raise ValueError("every row needs one cell per column")
        elif self.rows:
            raise ValueError("a generated table has no rows of its own")
        return self


class LineDoc(_Strict):
    text: TextDoc
    point: str = Field(pattern=SLUG)  # the checklist point this line states


class SectionDoc(_Strict):
    id: str = Field(pattern=SLUG)
    title: TextDoc
    lines: list[LineDoc] = Field(min_length=1)
    tables: list[TableDoc] = []
    notes: list[LineDoc] = []  # where tables differ


class RulesDoc(_Strict):
    game: str
    intro: TextDoc
    sections: list[SectionDoc]

    @field_validator("sections")
    @classmethod
    def _order(cls, sections: list[SectionDoc]) -> list[SectionDoc]:
        if tuple(s.id for s in sections) != SECTIONS:
            raise ValueError(f"the sections are, in order: {', '.join(SECTIONS)}")
        return sections


@dataclass(frozen=True, slots=True)
class Line:
    text: Text
    point: str
    step: str | None  # "<lesson>#<step>" teaching the point


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    title: Text
    lines: tuple[Line, ...]
    tables: tuple[TableDoc, ...]
    notes: tuple[Line, ...]


@dataclass(frozen=True, slots=True)
class RulesPage:
    game: str
    intro: Text
    sections: tuple[Section, ...]
    source: str

    @property
    def all_lines(self) -> tuple[Line, ...]:
        return tuple(ln for s in self.sections for ln in (*s.lines, *s.notes))


def _line(doc: LineDoc, links: dict[str, str]) -> Line:
    return Line(doc.text.text(), doc.point, links.get(doc.point))


def read_rules(path: Path) -> RulesPage:
    doc = RulesDoc.model_validate(load_yaml(path.read_text(encoding="utf-8")))
    rel = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
    if path.stem != doc.game:
        raise ValueError(f"{rel}: the file of game {doc.game!r} is named {doc.game}.yaml")
    links = taught_in()
    sections = tuple(
        Section(
            s.id,
            s.title.text(),
            tuple(_line(ln, links) for ln in s.lines),
            tuple(s.tables),
            tuple(_line(ln, links) for ln in s.notes),
        )
        for s in doc.sections
    )
    return RulesPage(doc.game, doc.intro.text(), sections, rel)


def rules_files() -> list[Path]:
    return sorted(RULES.glob("*.yaml"))


@cache
def all_pages() -> dict[str, RulesPage]:
    return {p.game: p for p in map(read_rules, rules_files())}


def page_of(game: str) -> RulesPage | None:
    return all_pages().get(game)


def problems() -> list[str]:
    """What ``academy content check`` reports about the rules pages: a file that cannot
    be read, a game without a page, a line whose point no lesson step teaches, a table
    the engine cannot fill."""
    from app.engine.core.registry import all_variants
    from app.learning import rules_tables

    out: list[str] = []
    pages: dict[str, RulesPage] = {}
    for path in rules_files():
        try:
            page = read_rules(path)
        except (ValueError, OSError, yaml.YAMLError) as exc:
            first = str(exc).strip().splitlines()
            out.append(f"{path.relative_to(ROOT)}: {first[0] if first else exc}")
            continue
        pages[page.game] = page
        for ln in page.all_lines:
            if ln.step is None:
                out.append(f"{page.source}: {ln.point!r} is taught by no lesson step")
        for s in page.sections:
            for t in s.tables:
                try:
                    if t.generate is not None:
                        rows = rules_tables.generated(t.generate)
                        keys = {c.key for r in rows for c in r if isinstance(c, rules_tables.Key)}
                        if keys - set(t.labels):
                            out.append(
                                f"{page.source}: {t.generate}: no words for {sorted(keys - set(t.labels))}"
                            )
                    for row in t.rows:
                        for c in row:
                            if isinstance(c, MeldCell):
                                for m in c.meld:
                                    rules_tables.meld_worth(page.game, m)
                            elif isinstance(c, CountCell):
                                rules_tables.count_line(c.count, c.line)
                except Exception as exc:  # the engine's refusal, named with its table
                    out.append(f"{page.source}: {s.id}: {t.caption.en}: {exc}")
    for v in all_variants():
        if v.id not in pages:
            out.append(f"content/rules: no rules page for {v.id}")
    return out


def page_urls() -> list[tuple[str, str, str]]:
    """(source file, game, address) of every rules page, for whatever reads every page a
    learner reads (a scan of the learner's words)."""
    return [(p.source, p.game, f"/rules/{p.game}") for p in all_pages().values()]
