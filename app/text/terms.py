"""The term table (``content/terms.yaml``): one word per concept, per game and language.

Every page a learner reads takes its words from here: the glossary, lessons, exercises,
messages, labels, the comparison and the rules pages (docs/content.md, "Terms"). A
concept has its preferred word in each game (one per game and language), the other names
real tables use (shown only inside a variant note), and words never to use for it. The
written languages (:func:`app.text.languages.written`: ``zh``, ``en``) are columns; a
derived one (``zh-Hant``) is converted from its source (:class:`~app.text.localized.Text`),
and a word may carry its own ``zh-Hant`` column where the conversion would be wrong.

Pure Python (pydantic and YAML, no Flask): the messages, the rules pages, the renderer
and the content checks all read the same table. Pinyin and meanings stay in the glossary
(``content/glossary.yaml``), which each word names by its entry id.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, model_validator

from app.config import ROOT
from app.text import languages
from app.text.localized import Text, derive
from app.yamlfile import load_yaml

TERMS = ROOT / "content" / "terms.yaml"
SLUG = r"^[a-z0-9][a-z0-9-]*$"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class _Said(_Strict):
    """A text per language: ``zh`` and ``en`` columns, and an authored ``zh-Hant``
    where the derived Traditional would be wrong."""

    zh: str = Field(min_length=1)
    en: str | None = None
    zh_hant: str | None = Field(default=None, alias="zh-Hant")

    def text(self) -> Text:
        return Text.of({"zh": self.zh, "en": self.en, "zh-Hant": self.zh_hant}) or Text()

    def get(self, lang: str) -> str:
        return self.text().get(lang)

    def said(self, lang: str) -> str | None:
        """The text in ``lang`` or along its chain; None where no language of the chain
        (nor the source of a derived one) has it (a regional name without English)."""
        text = self.text()
        for code in languages.chain(lang):
            source = languages.get(code).derive_from
            if text.own(code) is not None or (source and text.own(source) is not None):
                return text.get(code)
        return None


class WhereDoc(_Said):
    """Where a regional name is used, in the learner's words, per language."""

    en: str = Field(min_length=1)


class WordDoc(_Said):
    """The preferred word of a concept in some games."""

    games: list[str] = Field(min_length=1)
    glossary: str | None = None  # the glossary entry with its pinyin and meaning
    en: str = Field(min_length=1)
    gloss: str | None = None  # English gloss at the first use, for a romanized word


class RegionalDoc(_Said):
    """Another name some tables use: learner text shows it inside a variant note only."""

    glossary: str | None = None
    games: list[str] = []  # where it is met (empty: the concept's games)
    where: WhereDoc


class AvoidDoc(_Strict):
    zh: list[str] = []
    en: list[str] = []
    zh_hant: list[str] | None = Field(default=None, alias="zh-Hant")

    def get(self, lang: str) -> list[str]:
        """The words in ``lang``, along its chain; a derived language's converted."""
        own = {"zh": self.zh, "en": self.en}
        if self.zh_hant is not None:
            own["zh-Hant"] = self.zh_hant
        for code in languages.chain(lang):
            if code in own:
                return own[code]
            source = languages.get(code).derive_from
            if source in own:
                return [derive(code, word) for word in own[source]]
        return []


class ConceptDoc(_Strict):
    id: str = Field(pattern=SLUG)
    card: str | None = None  # the card (a dice-card token) this concept names, if one
    words: list[WordDoc] = Field(min_length=1)
    regional: list[RegionalDoc] = []
    avoid: AvoidDoc = AvoidDoc()


class TableDoc(_Strict):
    languages: list[str]
    groups: dict[str, list[str]]
    concepts: list[ConceptDoc]
    provenance: AvoidDoc
    # per derived language, the forms its generation keeps (scripts/derive_languages.py)
    script_forms: dict[str, list[dict[str, str]]] = {}

    @model_validator(mode="after")
    def _consistent(self) -> TableDoc:
        if tuple(self.languages) != languages.written():
            raise ValueError(f"languages must be {list(languages.written())}, not {self.languages}")
        seen: set[str] = set()
        for c in self.concepts:
            if c.id in seen:
                raise ValueError(f"concept {c.id!r} is listed twice")
            seen.add(c.id)
            games: set[str] = set()
            for w in c.words:
                mine = set(self.expand(w.games))
                if games & mine:
                    raise ValueError(
                        f"{c.id}: two preferred words for {sorted(games & mine)} (one per game)"
                    )
                games |= mine
        return self

    def expand(self, names: list[str]) -> list[str]:
        out: list[str] = []
        for n in names:
            for g in self.groups.get(n, [n]):
                if g not in out:
                    out.append(g)
        return out


@dataclass(frozen=True)
class Name:
    """A name met in learner text: the word, its concept, and why it is there."""

    text: str
    concept: str
    kind: str  # "word" (preferred here), "regional", "other-game", "avoid", "provenance"
    where: str = ""  # for a regional name: where it is used, in the text's language


@cache
def table() -> TableDoc:
    return read(TERMS)


def read(path: Path) -> TableDoc:
    return TableDoc.model_validate(load_yaml(path.read_text(encoding="utf-8")))


def games() -> list[str]:
    return list(table().groups["all"])


def concept(concept_id: str) -> ConceptDoc | None:
    return next((c for c in table().concepts if c.id == concept_id), None)


def word(concept_id: str, game: str, lang: str) -> str | None:
    """The preferred word of a concept in a game and language (None: not in that game)."""
    c = concept(concept_id)
    w = _word_in(c, game) if c else None
    return w.get(lang) if w else None


def _word_in(c: ConceptDoc, game: str) -> WordDoc | None:
    return next((w for w in c.words if game in table().expand(w.games)), None)


@cache
def entries() -> dict[str, list[tuple[ConceptDoc, WordDoc | RegionalDoc]]]:
    """Glossary entry id → the concepts and words (or regional names) that name it."""
    out: dict[str, list[tuple[ConceptDoc, WordDoc | RegionalDoc]]] = {}
    for c in table().concepts:
        items: list[WordDoc | RegionalDoc] = [*c.words, *c.regional]
        for item in items:
            if item.glossary:
                out.setdefault(item.glossary, []).append((c, item))
    return out


def entry_word(entry_id: str, game: str | None, lang: str) -> WordDoc | RegionalDoc | None:
    """The table's word for a glossary entry on a page of ``game``: the word of that
    game when the entry names one there, else the entry's first word or name."""
    found = entries().get(entry_id, [])
    for _c, item in found:
        if isinstance(item, WordDoc) and game in table().expand(item.games):
            return item
    return found[0][1] if found else None


def entry_text(entry_id: str, game: str | None, lang: str) -> str | None:
    item = entry_word(entry_id, game, lang)
    if item is None:
        return None
    if isinstance(item, WordDoc):
        return item.get(lang)
    return item.said(lang) or item.get(languages.written()[0])


@cache
def names(game: str, lang: str) -> tuple[Name, ...]:
    """Every name the table knows for a page of ``game`` in ``lang``, longest first:
    the game's own words; for a concept of this game, the names allowed only in a
    variant note (its regional names, and the words other games use for it); the words
    to avoid; and the source citations."""
    t = table()
    own: dict[str, Name] = {}
    other: dict[str, Name] = {}
    mine = [c for c in t.concepts if _word_in(c, game) is not None]
    for c in mine:
        w = _word_in(c, game)
        assert w is not None
        own[w.get(lang)] = Name(w.get(lang), c.id, "word")
    faces = _card_faces(game, lang)
    for c in mine:
        for w in c.words:
            text = w.get(lang)
            if text in own or game in t.expand(w.games) or text in faces:
                continue
            if not languages.chinese(lang) and (not w.gloss or text.lower() in ENGLISH_WORDS):
                continue  # an English word is not another game's name
            other.setdefault(text, Name(text, c.id, "other-game"))
        for r in c.regional:
            text = r.said(lang) or ""
            if text and text not in own:
                other[text] = Name(text, c.id, "regional", r.where.get(lang))
    out = list(own.values()) + list(other.values())
    for c in mine:
        out += [Name(a, c.id, "avoid") for a in c.avoid.get(lang)]
    out += [Name(p, "provenance", "provenance") for p in t.provenance.get(lang)]
    return tuple(sorted(out, key=lambda n: -len(n.text)))


def _card_faces(game: str, lang: str) -> frozenset[str]:
    """The plain names of the cards of a game's deck (the two-six): every game may
    name a card by its face, whatever its own word for it."""
    from app.engine.core.registry import find_game
    from app.text.cards import family

    out: set[str] = set()
    for c in family(find_game(game).info.family).cards:
        out.add(c.face.get(lang))
        out.add(c.name.get(lang))
    out.discard("")
    return frozenset(out)


# romanized words that are also everyday English: never taken for a term
ENGLISH_WORDS = frozenset({"an", "bai", "fan", "long", "hu", "qi", "yan", "tou", "fu"})


HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


@cache
def _patterns(game: str, lang: str) -> tuple[tuple[Name, re.Pattern[str]], ...]:
    """Each name :func:`finds` looks for, longest first, with its pattern compiled once
    (a page's check asks for hundreds of them, far more than ``re`` keeps compiled)."""
    chinese = languages.chinese(lang)
    out: list[tuple[Name, re.Pattern[str]]] = []
    for n in names(game, lang):
        if chinese and len(n.text) < 2 and HAN.match(n.text):
            continue
        if not chinese or not HAN.search(n.text):
            pattern = r"(?<![\w-])" + re.escape(n.text) + r"(?![\w-])"
            flags = re.IGNORECASE if n.kind in ("avoid", "provenance") else 0
        else:
            pattern, flags = re.escape(n.text), 0
        out.append((n, re.compile(pattern, flags)))
    return tuple(out)


def finds(text: str, game: str, lang: str) -> list[tuple[Name, int]]:
    """The names of :func:`names` that stand in ``text``, each with its offset; a longer
    name wins over the names inside it (saochuan is not sao). Chinese names of one
    character are too common inside other words to be told apart, and are not looked
    for."""
    hits: list[tuple[Name, int]] = []
    taken = [False] * len(text)
    for n, pattern in _patterns(game, lang):
        for m in pattern.finditer(text):
            if any(taken[m.start() : m.end()]):
                continue
            for i in range(m.start(), m.end()):
                taken[i] = True
            hits.append((n, m.start()))
    return sorted(hits, key=lambda h: h[1])


@cache
def _cards() -> dict[str, ConceptDoc]:
    return {c.card: c for c in table().concepts if c.card is not None}


def card_word(token: str, game: str, lang: str) -> str | None:
    """A card's own name in ``game`` (meizi in the pairing game for the five-five), or
    ``None`` where the game calls it by its face."""
    c = _cards().get(token)
    w = _word_in(c, game) if c is not None else None
    return w.get(lang) if w is not None else None


def seat_word(seat: int, viewer: int | None, seats: int, lang: str) -> str:
    """A seat as tables, prompts, messages and reviews name it: from the viewer's chair,
    you (ni), Right (xiajia, the next), Left (shangjia, the previous) and Across (duijia) at tables
    of three and four; otherwise Seat N, counted from 1 (also for a seat the table does
    not have)."""
    if viewer is not None and seats in (3, 4) and 0 <= seat < seats:
        if seat == viewer:
            return concept_word("you", lang)
        offset = (seat - viewer) % seats
        ids = ("xiajia", "shangjia") if seats == 3 else ("xiajia", "duijia", "shangjia")
        c = concept(ids[offset - 1])
        if c is not None:
            return c.words[0].get(lang)
    return concept_word("seat-number", lang).format(n=seat + 1)


def concept_word(concept_id: str, lang: str) -> str:
    """A concept's first word (the same in every game: seats, the computer, the coach)."""
    c = concept(concept_id)
    if c is None:
        raise KeyError(concept_id)
    return c.words[0].get(lang)
