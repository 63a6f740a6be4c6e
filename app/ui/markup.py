"""Lesson prose to HTML: paragraphs, glossary terms and inline cards, escaped.

- a blank line separates paragraphs; ``**words**`` is bold;
- ``[[term-id]]`` (or ``[[term-id|shown words]]``) links a glossary term; its first use
  on a page shows the term as 汉字 with pinyin (and English, on English pages);
- ``{x1}`` draws the card ``x1`` of the lesson's deck inline.
"""

from __future__ import annotations

import re

from flask import url_for
from markupsafe import Markup, escape

from app.learning.glossary import term
from app.ui.pictures import face

_TOKEN = re.compile(r"\[\[([a-z0-9-]+)(?:\|([^\]]+))?\]\]|\{([a-z0-9]{2,3})\}|\*\*(.+?)\*\*")


def _term_html(term_id: str, shown: str | None, locale: str, seen: set[str]) -> str:
    t = term(term_id)
    if t is None:
        return str(escape(shown or term_id))
    href = url_for("lessons.glossary") + f"#term-{t.id}"
    label = shown or t.hanzi
    first = term_id not in seen
    seen.add(term_id)
    if first:
        extra = f"{t.pinyin}, {t.en}" if not locale.startswith("zh") else t.pinyin
        sep = (" (", ")") if not locale.startswith("zh") else ("（", "）")
        text = f'{escape(label)}<span class="term-reading">{sep[0]}{escape(extra)}{sep[1]}</span>'
    else:
        text = str(escape(label))
    return f'<a class="term" href="{href}" title="{escape(t.hanzi)} {escape(t.pinyin)} · {escape(t.en)}">{text}</a>'


def _card_html(family: str, token: str) -> str:
    try:
        p = face(family, token)
    except KeyError:
        return str(escape("{" + token + "}"))
    return (
        f'<img class="card card-inline" src="{p.src}" alt="{escape(p.label)}" '
        f'title="{escape(p.label)}" width="{p.width}" height="{p.height}">'
    )


def render_prose(text: str, family: str, locale: str, seen: set[str] | None = None) -> Markup:
    """Paragraphs of ``text`` as HTML; ``seen`` collects terms already introduced."""
    seen = set() if seen is None else seen
    out = []
    for para in re.split(r"\n\s*\n", text.strip()):
        pieces: list[str] = []
        pos = 0
        for m in _TOKEN.finditer(para):
            pieces.append(str(escape(para[pos : m.start()])))
            if m.group(1):
                pieces.append(_term_html(m.group(1), m.group(2), locale, seen))
            elif m.group(3):
                pieces.append(_card_html(family, m.group(3)))
            else:
                pieces.append(f"<strong>{escape(m.group(4))}</strong>")
            pos = m.end()
        pieces.append(str(escape(para[pos:])))
        out.append("<p>" + "".join(pieces).replace("\n", " ") + "</p>")
    return Markup("\n".join(out))


def term_hanzi(term_id: str) -> str:
    t = term(term_id)
    return t.hanzi if t else term_id


def step_url(ref: str) -> str:
    """The address of a lesson step named ``"<lesson>#<step>"`` (``#`` if unknown)."""
    from app.learning.lessons import get

    lesson_id, _, step_id = ref.partition("#")
    lesson = get(lesson_id)
    if lesson is None or lesson.step(step_id) is None:
        return "#"
    return url_for("lessons.step", game=lesson.game, lesson_id=lesson.id, step_id=step_id)
