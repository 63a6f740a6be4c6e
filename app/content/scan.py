"""Reading every page a learner reads, as rendered, against the term table.

``academy content scan`` and ``tests/text/test_terms.py`` draw every page of every kind in
:data:`PAGE_KINDS` (lesson steps with their deal notes, exercises with their hints and
explanations, the glossary, the comparison, and the rules pages once they register) in
both languages, and read the text inside ``<main>``. A finding names the page, the
place and the offending text. What is looked for:

- ``markup``: raw prose markup (``[[term]]``, ``**``, ``{x1}``) that reached the page;
- ``unmarked``: a run of Chinese characters on an English page, or of Latin letters on
  a Chinese page, outside an element carrying its ``lang``;
- ``attribute``: a ``title`` or ``alt`` mixing the two scripts;
- ``provenance``: a source cited outside a variant note ("the source says", "the
  engine": the term table's ``provenance`` in each language) (the glossary's line on
  where a name is used counts as a note);
- ``regional``: a regional name, or another game's word, outside a variant note;
- ``avoid``: a word the table says never to use (stale, not smelly);
- ``chinese``: Chinese in the running text of an English page that is not a term's
  introduction, a card's own writing or inside a variant note: write the table's word;
- ``machinery``: an internal code on the page: an engine option key or action code, a
  file name, a seat counted from 0.

Page kinds register with :func:`page_kind`; each yields :class:`Page` values (a URL to
draw, or HTML already drawn, with the place it comes from).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

from app.text import languages, terms

LANGS = languages.written()  # the authored languages (a derived one is generated)
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
LATIN_WORD = re.compile(r"[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f]+")
MARKUP = re.compile(r"\[\[|\]\]|\*\*|\{[a-z0-9]{2,3}\}")
FILE_NAME = re.compile(r"\b[\w-]+\.(?:ya?ml|json|py|md|txt)\b|\bseeds?/|\bseed \d{3}\b")
SEAT_ZERO = re.compile(r"\b(?:Seat|seat|player) 0\b|座位\s*0|0\s*号位")


@dataclass(frozen=True)
class Page:
    """One page (or piece of one) to read: ``url`` to draw, or ``html`` already drawn;
    ``where`` names its source (``file: place``); ``game`` picks the term table's words."""

    where: str
    game: str | None
    url: str | None = None
    html: str | None = None
    lang: str | None = None  # only this language (None: both)


@dataclass(frozen=True)
class Finding:
    where: str
    lang: str
    kind: str
    text: str
    context: str = ""

    def key(self) -> str:
        """The finding without its context: one line of tests/data/term_findings.txt."""
        return f"{self.where}: [{self.lang}] {self.kind}: {self.text}"

    def line(self) -> str:
        ctx = f" … {self.context} …" if self.context else ""
        return f"{self.where}: [{self.lang}] {self.kind}: {self.text}{ctx}"


#: page kind → a function yielding its pages (the rules pages add theirs)
PAGE_KINDS: dict[str, Callable[[], Iterator[Page]]] = {}


def page_kind(name: str) -> Callable[[Callable[[], Iterator[Page]]], Callable[[], Iterator[Page]]]:
    def register(fn: Callable[[], Iterator[Page]]) -> Callable[[], Iterator[Page]]:
        PAGE_KINDS[name] = fn
        return fn

    return register


# --------------------------------------------------------------------- reading a page


@dataclass
class _Run:
    text: str
    lang: str | None  # the nearest lang attribute around it
    note: bool  # inside a variant note
    intro: bool  # inside a term's introduction (its reading)
    term: bool  # inside a term link
    message: bool = False  # inside a count line or a verdict: app/messages' text


@dataclass
class _Reader(HTMLParser):
    """Text runs of ``<main>`` with their context, and the attributes of its elements."""

    runs: list[_Run] = field(default_factory=list)
    attrs: list[tuple[str, str]] = field(default_factory=list)
    stack: list[tuple[str, str | None, bool, bool, bool]] = field(default_factory=list)
    depth_main: int = -1
    whole: bool = False  # read everything (a fragment without <main>)
    in_message: int = 0  # depth inside an element drawn from app/messages
    message_depth: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(convert_charrefs=True)

    VOID = frozenset({"br", "img", "input", "meta", "link", "hr", "source", "col", "wbr"})

    def _top(self) -> tuple[str | None, bool, bool, bool]:
        if not self.stack:
            return None, False, False, False
        _tag, lang, note, intro, term = self.stack[-1]
        return lang, note, intro, term

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "main":
            self.depth_main = len(self.stack)
        lang, note, intro, term = self._top()
        cls = a.get("class", "").split()
        inside = self.whole or self.depth_main >= 0
        if inside:
            for key in ("title", "alt", "aria-label"):
                if a.get(key):
                    self.attrs.append((key, a[key]))
        if tag in self.VOID:
            return
        if set(cls) & MESSAGE_CLASSES:
            self.message_depth.append(len(self.stack))
            self.in_message += 1
        self.stack.append(
            (
                tag,
                a.get("lang", lang),
                note or bool(set(cls) & NOTE_CLASSES),
                intro or "term-reading" in cls,
                term or bool(set(cls) & TERM_CLASSES),
            )
        )

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        while self.stack:
            top = self.stack.pop()[0]
            if self.message_depth and self.message_depth[-1] == len(self.stack):
                self.message_depth.pop()
                self.in_message -= 1
            if top == "main":
                self.depth_main = -1
            if top == tag:
                break

    def handle_data(self, data: str) -> None:
        if not (self.whole or self.depth_main >= 0) or not data.strip():
            return
        if any(tag == "span" and lang == "en" and term for tag, lang, _n, _i, term in self.stack):
            return  # the glossary's English column: English on purpose, marked
        if self.stack and self.stack[-1][0] in ("script", "style", "code"):
            return  # code: the card notation a learner types, no prose
        lang, note, intro, term = self._top()
        message = any(tag in MESSAGE_TAGS for tag, *_rest in self.stack) or self.in_message > 0
        self.runs.append(_Run(data, lang, note, intro, term, message))


MESSAGE_TAGS: frozenset[str] = frozenset()
#: elements that show a term or a name as such (a glossary headword, a card's own
#: name, characters shown as writing): Chinese on an English page there is no slip
TERM_CLASSES = frozenset({"term", "term-en", "term-hanzi", "writing", "native", "name-zh"})
#: elements read like a variant note: they name other names and places on purpose (the
#: glossary's line on where a name is used, the card galleries' names and history)
NOTE_CLASSES = frozenset({"variant-note", "term-regional", "aliases", "card-history"})
#: elements whose text comes from app/messages (count lines, verdicts, proofs): their
#: findings are the messages', marked as such
MESSAGE_CLASSES = frozenset({"count-lines", "verdict", "proof", "verdict-message", "reason"})


def _card_writing(family: str | None) -> set[str]:
    """Characters a page may show as a card's own writing (the numbers of the word cards in both hands, the Nantong suits …)."""
    from app.text.cards import family as card_family

    out: set[str] = set()
    fams = [family] if family else ["zipai", "chuanpai", "nantong"]
    for f in fams:
        for c in card_family(f).cards:
            out.update(HAN_RUN.sub("", "") + "".join(HAN_RUN.findall(c.name.zh + c.face.zh)))
    return out


def _own_words(game: str | None) -> set[str]:
    if game is None:
        return set()
    return {n.text for n in terms.names(game, "zh") if n.kind == "word"}


def _family(game: str | None) -> str | None:
    if game is None:
        return None
    from app.engine.core.registry import find_game

    return find_game(game).info.family


def _machinery_words() -> set[str]:
    """Engine option keys and action codes a Chinese page must never show."""
    from app.ui.rule_options import LABELS

    return set(LABELS) | {"baoting", "gang", "peng", "chi", "pass", "discard", "hu", "draw"}


def _context(text: str, start: int, end: int) -> str:
    return text[max(0, start - 15) : end + 15].replace("\n", " ").strip()


def read(html: str, where: str, lang: str, game: str | None, whole: bool = False) -> list[Finding]:
    """Every finding on one drawn page (``lang``: the page's language)."""
    r = _Reader(whole=whole)
    r.feed(html)
    r.close()
    out: list[Finding] = []
    cards = _card_writing(_family(game))
    words = _own_words(game)
    machinery = _machinery_words()

    for run in r.runs:
        t = run.text
        here = f"{where} [app/messages]" if run.message else where

        def add(kind: str, text: str, ctx: str = "", here: str = here) -> None:
            out.append(Finding(here, lang, kind, text, ctx))

        for m in MARKUP.finditer(t):
            add("markup", m.group(), _context(t, m.start(), m.end()))
        for m in FILE_NAME.finditer(t):
            add("machinery", m.group(), _context(t, m.start(), m.end()))
        for m in SEAT_ZERO.finditer(t):
            add("machinery", m.group(), _context(t, m.start(), m.end()))
        run_lang = (run.lang or lang).split("-")[0]
        if not languages.chinese(lang):
            for m in HAN_RUN.finditer(t):
                if run_lang != "zh":
                    add("unmarked", m.group(), _context(t, m.start(), m.end()))
                elif not (run.note or run.intro or run.term) and (
                    m.group() in words or not set(m.group()) <= cards
                ):
                    add("chinese", m.group(), _context(t, m.start(), m.end()))
        else:
            for m in LATIN_WORD.finditer(t):
                word = m.group()
                if run_lang == "zh" and not (run.lang or "").startswith("zh-Latn"):
                    add("unmarked", word, _context(t, m.start(), m.end()))
                if word in machinery or word.lower() in machinery:
                    add("machinery", word, _context(t, m.start(), m.end()))
        if not languages.chinese(lang):
            for m in re.finditer(
                r"\b[a-z]+_[a-z_]+\b|\b(?:baoting|jia-gang|ming-gang|an-gang|an-ke|fan-set)\b", t
            ):
                add("machinery", m.group(), _context(t, m.start(), m.end()))
        if game is not None and not run.intro:
            for name, at in terms.finds(t, game, lang):
                end = at + len(name.text)
                if name.kind in ("avoid",) or name.kind == "provenance" and not run.note:
                    add(name.kind, name.text, _context(t, at, end))
                elif name.kind in ("regional", "other-game") and not run.note:
                    add("regional", name.text, _context(t, at, end))
        elif game is None and not run.note:
            for p in terms.table().provenance.get(lang):
                for m in re.finditer(
                    r"(?<![\w-])" + re.escape(p) + r"(?![\w-])"
                    if not languages.chinese(lang)
                    else re.escape(p),
                    t,
                    re.IGNORECASE,
                ):
                    add("provenance", m.group(), _context(t, m.start(), m.end()))
    for key, value in r.attrs:
        if HAN.search(value) and re.search(r"[A-Za-z]{2,}", value):
            out.append(Finding(where, lang, "attribute", f'{key}="{value}"'))
    return out


# --------------------------------------------------------------------- the page kinds


@page_kind("lesson-steps")
def _lesson_pages() -> Iterator[Page]:
    from app.learning.lessons import all_lessons

    for lesson in all_lessons().values():
        for step in lesson.steps:
            url = f"/lessons/{lesson.game}/{lesson.id}/{step.id}"
            where = f"{lesson.source}: {step.id}"
            yield Page(where, lesson.game, url=url)
            if step.deal is not None:
                for note in step.deal.notes:
                    yield Page(
                        f"{where} (move {note.move})", lesson.game, url=f"{url}?move={note.move}"
                    )


@page_kind("exercises")
def _exercise_pages() -> Iterator[Page]:
    """Quiz items and the demo set on their own pages; the hints and explanations of
    every authored exercise (lesson ones too) drawn as the exercise block draws them."""
    from app.learning import bank

    for ex in bank.authored().values():
        where = f"{ex.source}: {ex.id}"
        if ex.lesson is None:
            yield Page(where, ex.game, url=f"/exercises/{ex.id}")
        for loc in LANGS:
            texts = [t.get(loc) for t in (ex.hint, ex.explanation) if t is not None]
            if texts:
                yield Page(
                    f"{where} (hint, explanation)",
                    ex.game,
                    html="".join(f"<p>{_marked(t, loc)}</p>" for t in texts),
                    lang=loc,
                )


def _marked(text: str, locale: str) -> str:
    from app.ui.markup import mark_runs

    return mark_runs(text, locale)


@page_kind("glossary")
def _glossary_page() -> Iterator[Page]:
    yield Page("content/glossary.yaml", None, url="/glossary")


@page_kind("cards")
def _card_galleries() -> Iterator[Page]:
    """The card galleries: the names by region and where the cards come from."""
    for family_id in ("zipai", "chuanpai", "nantong"):
        yield Page(f"app/text/cards.py ({family_id})", None, url=f"/cards/{family_id}")


@page_kind("rules")
def _rules_pages() -> Iterator[Page]:
    from app.learning.rules_pages import page_urls

    for where, game, url in page_urls():
        yield Page(where, game, url=url)


@page_kind("compare")
def _compare_page() -> Iterator[Page]:
    yield Page("content/compare.yaml", None, url="/compare")


# --------------------------------------------------------------------- running it


def pages(kinds: Iterable[str] | None = None) -> Iterator[Page]:
    for name in kinds or PAGE_KINDS:
        yield from PAGE_KINDS[name]()


def scan(client: Any, kinds: Iterable[str] | None = None, game: str | None = None) -> list[Finding]:
    """Draw every page of ``kinds`` with a Flask test ``client``, in both languages, and
    read it. ``game`` keeps one game's pages (and the pages of no game)."""
    return scan_pages(client, (p for p in pages(kinds) if game is None or p.game in (game, None)))


def scan_pages(client: Any, chosen: Iterable[Page]) -> list[Finding]:
    """Draw (or take) each page in both languages (or its one) and read it."""
    out: list[Finding] = []
    for page in chosen:
        for lang in (page.lang,) if page.lang else LANGS:
            if page.html is not None:
                out += read(page.html, page.where, lang, page.game, whole=True)
                continue
            client.set_cookie("lang", lang)  # the language a visitor chose
            res = client.get(page.url, headers={"Accept-Language": lang})
            if res.status_code != 200:
                out.append(Finding(page.where, lang, "status", f"{page.url}: {res.status_code}"))
                continue
            out += read(res.get_data(as_text=True), f"{page.where} ({page.url})", lang, page.game)
    return out
