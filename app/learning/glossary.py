"""The glossary: every term in Chinese characters (hanzi), pinyin (written by hand, with tone marks) and English,
its meaning, the games that use it, other names for the same thing, and the lesson step
that teaches it.

``content/glossary.yaml`` (schema :class:`TermDoc`) holds what only the glossary knows:
the characters with their pinyin (the app's one source of pinyin), the meaning and the
teaching step. The words themselves come from the term table (``content/terms.yaml``,
:mod:`app.text.terms`): the English word and gloss, the other names of the same
concept and where tables use them. The glossary's characters must be the table's; the
content check and ``tests/text/test_terms.py`` hold the two together.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pydantic import BaseModel, ConfigDict, Field

from app.config import ROOT
from app.learning.bank import TextDoc
from app.text import terms as table
from app.text.localized import Text
from app.yamlfile import load_yaml

GLOSSARY = ROOT / "content" / "glossary.yaml"


class TermDoc(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    hanzi: str = Field(min_length=1)
    pinyin: str = Field(min_length=1)
    meaning: TextDoc
    games: list[str] = Field(min_length=1)
    taught_in: str | None = None


@dataclass(frozen=True)
class Term:
    """A glossary entry with its words from the term table."""

    id: str
    hanzi: str
    pinyin: str
    meaning: TextDoc
    games: tuple[str, ...]
    taught_in: str | None
    concept: str | None  # the term table's concept
    word_en: str  # the table's English word for it
    gloss: str | None  # the English gloss of a romanized word
    same_as: tuple[str, ...]  # other glossary entries of the same concept
    where: tuple[Text, ...]  # where tables use this name, if regional

    @property
    def en(self) -> str:
        """The English label: the word, and its gloss when the word is a romanization."""
        return f"{self.word_en}, {self.gloss}" if self.gloss else self.word_en

    def gloss_in(self, game: str | None) -> str | None:
        """The gloss of the word a page of ``game`` uses for this entry: one name may gloss
        differently per game (guaizi is the one-two card in one game, two-three in another)."""
        item = table.entry_word(self.id, game, "en") if game else None
        return item.gloss if isinstance(item, table.WordDoc) else self.gloss

    def en_in(self, game: str | None) -> str:
        """The English label on a page of ``game``: that game's word and gloss."""
        item = table.entry_word(self.id, game, "en") if game else None
        if not isinstance(item, table.WordDoc):
            return self.en
        return f"{item.en}, {item.gloss}" if item.gloss else item.en

    def where_text(self, locale: str) -> str:
        return "; ".join(w.get(locale) for w in self.where)

    def word(self, game: str | None, locale: str) -> str:
        """What a page of ``game`` in ``locale`` calls this term after its first use."""
        return table.entry_text(self.id, game, locale) or Text(self.hanzi, self.word_en).get(locale)


def read_docs() -> list[TermDoc]:
    data = load_yaml(GLOSSARY.read_text(encoding="utf-8")) or []
    return [TermDoc.model_validate(item) for item in data]


def _term(doc: TermDoc) -> Term:
    found = table.entries().get(doc.id, [])
    concept = found[0][0] if found else None
    first = found[0][1] if found else None
    word_en = doc.hanzi
    gloss = None
    where: list[Text] = []
    if isinstance(first, table.WordDoc):
        word_en, gloss = first.en, first.gloss
    elif isinstance(first, table.RegionalDoc):
        word_en = first.en or doc.pinyin
        where.append(first.where.text())
    same: list[str] = []
    for c, _item in found:
        others: list[table.WordDoc | table.RegionalDoc] = [*c.words, *c.regional]
        for other in others:
            if other.glossary and other.glossary != doc.id and other.glossary not in same:
                same.append(other.glossary)
    return Term(
        doc.id,
        doc.hanzi,
        doc.pinyin,
        doc.meaning,
        tuple(doc.games),
        doc.taught_in,
        concept.id if concept else None,
        word_en,
        gloss,
        tuple(same),
        tuple(where),
    )


@cache
def terms() -> dict[str, Term]:
    if not GLOSSARY.exists():
        return {}
    out: dict[str, Term] = {}
    for doc in read_docs():
        if doc.id in out:
            raise ValueError(f"glossary: term id {doc.id!r} is used twice")
        out[doc.id] = _term(doc)
    return out


def term(term_id: str) -> Term | None:
    return terms().get(term_id)


@cache
def _first_links() -> dict[str, str]:
    """Term id → the first lesson step (in each game's path order) whose prose links it."""
    import re

    from app.engine.core.registry import all_variants
    from app.learning.lessons import path_of

    link = re.compile(r"\[\[([a-z0-9-]+)")
    out: dict[str, str] = {}
    for v in all_variants():
        for lesson in path_of(v.id):
            for step in lesson.steps:
                for text in (step.text, step.variant_note):
                    if text is not None:
                        for tid in link.findall(text.en + " " + text.zh):
                            out.setdefault(tid, step.ref)
    return out


GALLERY = "cards:"  # a taught_in of "cards:<family>": the card gallery shows the term


def taught_in(term_id: str) -> str | None:
    """The lesson step that teaches a term: the glossary's own ``taught_in``, else the
    first step whose prose links the term. A card's regional name is shown in the card
    gallery instead (``cards:<family>``): the lessons keep to each game's own names."""
    t = term(term_id)
    if t is not None and t.taught_in:
        return t.taught_in
    return _first_links().get(term_id)
