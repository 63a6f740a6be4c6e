"""Lesson prose to HTML: paragraphs, glossary terms, inline cards and bold, escaped, with
every run of the other script marked with its language.

- a blank line separates paragraphs; ``**words**`` is bold, and may hold terms and cards;
- ``[[term-id]]`` (or ``[[term-id|shown words]]``) links a glossary term. Its first use
  on a page introduces it: on a Chinese page the characters (hanzi) with their pinyin, on an English page the
  term table's word with hanzi, pinyin and an English gloss; after that, the table's word
  for the page's game and language (content/terms.yaml);
- ``{x1}`` draws the card ``x1`` of the lesson's deck inline;
- ``{zh:<characters>}`` shows Chinese characters as writing (a radical, a look-alike) on an English
  page, where Chinese otherwise appears only as a term's introduction or a card's name.

Authors do not mark languages: on an English page each run of Chinese characters is
wrapped in ``<span lang="zh-Hans">``, on a Chinese page each run of Latin letters in
``<span lang="en">`` (pinyin, with its tone marks, in ``lang="zh-Latn-pinyin"``), so
that screen readers and fonts get them right. Attributes (``title``, ``alt``) are in the
page's language only.
"""

from __future__ import annotations

import re

from flask import url_for
from markupsafe import Markup, escape

from app.learning.glossary import Term, term
from app.text import languages
from app.text.localized import in_chinese
from app.ui.pictures import face

_TERM = re.compile(r"\[\[([a-z0-9-]+)(?:\|([^\]]+))?\]\]")
_CARD = re.compile(r"\{([a-z0-9]{2,3})\}")
_BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
_TOKEN = re.compile(r"\[\[([a-z0-9-]+)(?:\|([^\]]+))?\]\]|\{([a-z0-9]{2,3})\}|\*\*|\{zh:([^}]+)\}")

HAN_CHARS = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3007"
# a run of Chinese: characters, with the Chinese punctuation and spaces between them
HAN_RUN = re.compile(
    f"[{HAN_CHARS}](?:[{HAN_CHARS}\u3000-\u303f\uff01-\uff0f\uff1a-\uff20·…“”‘’\\s]*[{HAN_CHARS}])?"
    f"(?:[\u3001\u3002\uff0c\uff1b\uff1a\uff01\uff1f”’）》」]+)?"
)
TONED = "āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜńňǹḿ"
# a run of Latin words: letters (with accents), and the spaces, hyphens, apostrophes and
# digits between them
LATIN_RUN = re.compile(
    r"[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e3f](?:[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e3f0-9'’\-\.,:;!?()/ ]*[A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e3f0-9.)])?"
)


def _zh(locale: str) -> bool:
    return languages.chinese(locale)


def _zh_tag(locale: str) -> str:
    """The language tag of Chinese words on a page in ``locale`` (zh-Hans on an English
    page, the page's own on a Chinese one)."""
    return languages.get(languages.chinese_form(locale)).html


def mark_runs(text: str, locale: str) -> str:
    """``text`` escaped, with each run of the other script in a ``<span lang>``."""
    if _zh(locale):
        out, pos = [], 0
        for m in LATIN_RUN.finditer(text):
            out.append(str(escape(text[pos : m.start()])))
            run = m.group()
            lang = "zh-Latn-pinyin" if set(run) & set(TONED) else "en"
            out.append(f'<span lang="{lang}">{escape(run)}</span>')
            pos = m.end()
        out.append(str(escape(text[pos:])))
        return "".join(out)
    out, pos = [], 0
    for m in HAN_RUN.finditer(text):
        out.append(str(escape(text[pos : m.start()])))
        out.append(f'<span lang="zh-Hans">{escape(m.group())}</span>')
        pos = m.end()
    out.append(str(escape(text[pos:])))
    return "".join(out)


def mark_lang(text: str, locale: str | None = None) -> Markup:
    """Plain text (no markup) for a page: escaped, other-script runs marked (``locale``:
    the page's, by default)."""
    if locale is None:
        from app.i18n import page_locale

        locale = page_locale()
    return Markup(mark_runs(str(text), locale))


def glossary_text(text: str, locale: str) -> Markup:
    """A glossary meaning or place: escaped, runs marked, and on an English page every
    glossary term written in hanzi a link to its entry (the glossary names other games'
    words on purpose)."""
    from app.learning.glossary import terms

    if _zh(locale):
        return Markup(mark_runs(text, locale))
    by_hanzi: dict[str, str] = {}
    for t in terms().values():
        by_hanzi.setdefault(t.hanzi, t.id)
    out, pos = [], 0
    for m in HAN_RUN.finditer(text):
        out.append(str(escape(text[pos : m.start()])))
        run = m.group()
        tid = by_hanzi.get(run)
        if tid:
            out.append(f'<a class="term" href="#term-{tid}" lang="zh-Hans">{escape(run)}</a>')
        else:
            out.append(f'<span lang="zh-Hans">{escape(run)}</span>')
        pos = m.end()
    out.append(str(escape(text[pos:])))
    return Markup("".join(out))


def _intro(t: Term, shown: str | None, game: str | None, locale: str) -> str:
    """A term's first use on a page: what it is called, with its characters and reading."""
    chars = in_chinese(t.hanzi, locale)
    hanzi = f'<span lang="{_zh_tag(locale)}">{escape(chars)}</span>'
    pinyin = f'<span lang="zh-Latn-pinyin">{escape(t.pinyin)}</span>'
    if _zh(locale):
        label = mark_runs(in_chinese(shown, locale), locale) if shown else escape(chars)
        return f'{label}<span class="term-reading">（{pinyin}）</span>'
    label = mark_runs(shown or t.word(game, locale), locale)
    gloss_text = t.gloss_in(game)
    gloss = f", {escape(gloss_text)}" if gloss_text else ""
    return f'{label}<span class="term-reading"> ({hanzi} {pinyin}{gloss})</span>'


def _term_html(
    term_id: str, shown: str | None, locale: str, seen: set[str], game: str | None
) -> str:
    t = term(term_id)
    if t is None:
        return mark_runs(shown or term_id, locale)
    href = url_for("lessons.glossary") + f"#term-{t.id}"
    first = term_id not in seen
    seen.add(term_id)
    if first:
        text = _intro(t, shown, game, locale)
    elif shown:
        text = mark_runs(in_chinese(shown, locale), locale)
    else:
        text = mark_runs(t.word(game, locale), locale)
    title = in_chinese(t.hanzi, locale) if _zh(locale) else t.en_in(game)
    return f'<a class="term" href="{href}" title="{escape(title)}">{text}</a>'


def _card_html(family: str, token: str) -> str:
    try:
        p = face(family, token)
    except KeyError:
        return str(escape("{" + token + "}"))
    return (
        f'<img class="card card-inline" src="{p.src}" alt="{escape(p.label)}" '
        f'title="{escape(p.label)}" width="{p.width}" height="{p.height}">'
    )


def _inline(text: str, family: str, locale: str, seen: set[str], game: str | None) -> str:
    """One paragraph's markup to HTML; bold may hold terms and cards (and bold inside
    bold is flattened)."""
    pieces: list[str] = []
    pos = 0
    bold = False
    for m in _TOKEN.finditer(text):
        pieces.append(mark_runs(text[pos : m.start()], locale))
        if m.group(1):
            pieces.append(_term_html(m.group(1), m.group(2), locale, seen, game))
        elif m.group(3):
            pieces.append(_card_html(family, m.group(3)))
        elif m.group(4):  # characters shown as writing (a radical, a look-alike)
            writing = escape(in_chinese(m.group(4), locale))
            pieces.append(f'<span lang="{_zh_tag(locale)}" class="writing">{writing}</span>')
        else:  # ** opens or closes bold; an unclosed one is kept as written
            if not bold and "**" not in text[m.end() :]:
                pieces.append("**")
            else:
                pieces.append("</strong>" if bold else "<strong>")
                bold = not bold
        pos = m.end()
    pieces.append(mark_runs(text[pos:], locale))
    if bold:
        pieces.append("</strong>")
    return "".join(pieces)


def render_prose(
    text: str, family: str, locale: str, seen: set[str] | None = None, game: str | None = None
) -> Markup:
    """Paragraphs of ``text`` as HTML; ``seen`` collects terms already introduced;
    ``game`` picks the term table's words (a lesson's game)."""
    seen = set() if seen is None else seen
    out = []
    for para in re.split(r"\n\s*\n", text.strip()):
        html = _inline(para, family, locale, seen, game)
        out.append("<p>" + html.replace("\n", " ") + "</p>")
    return Markup("\n".join(out))


def render_inline(
    text: str, family: str, locale: str, seen: set[str] | None = None, game: str | None = None
) -> Markup:
    """One line of markup (a prompt, a choice, a hint, a table cell) without a paragraph."""
    seen = set() if seen is None else seen
    return Markup(_inline(text.strip(), family, locale, seen, game).replace("\n", " "))


def term_hanzi(term_id: str, locale: str = "zh") -> str:
    """A glossary term's characters, as a page in ``locale`` shows Chinese."""
    t = term(term_id)
    return in_chinese(t.hanzi, locale) if t else term_id


def step_url(ref: str) -> str:
    """The address of a lesson step named ``"<lesson>#<step>"`` (``#`` if unknown)."""
    from app.learning.lessons import get

    if ref.startswith("cards:"):  # a regional card name: the card gallery's table of names
        return url_for("cards.gallery", family_id=ref.partition(":")[2]) + "#aliases-title"
    lesson_id, _, step_id = ref.partition("#")
    lesson = get(lesson_id)
    if lesson is None or lesson.step(step_id) is None:
        return "#"
    return url_for("lessons.step", game=lesson.game, lesson_id=lesson.id, step_id=step_id)
