"""The Chinese words interface labels show beside their pinyin or English
("Minimum huxi (...) to win", "Pong (...)"): each a catalog entry of context ``hanzi``
whose msgid is its pinyin, so that no Python file spells them.

A label names the word by a placeholder (``_l("Minimum huxi (%(huxi)s) to win",
huxi=hanzi("huxi"))``); the word is shown in the page's Chinese on a Chinese page (a
Traditional page gets the Traditional), and in the first written Chinese (Simplified) on
any other page, as it always was.
"""

from __future__ import annotations

from flask import has_request_context
from flask_babel import LazyString

from app.i18n import page_locale
from app.text import languages
from app.text.catalog import NP_, Msg

#: the words, by their pinyin (the glossary's ids where it has them)
WORDS: dict[str, Msg] = {
    "an": NP_("hanzi", "an"),
    "angang": NP_("hanzi", "angang"),
    "anke": NP_("hanzi", "anke"),
    "baopai": NP_("hanzi", "baopai"),
    "chi": NP_("hanzi", "chi"),
    "chouhu": NP_("hanzi", "chouhu"),
    "chouwei": NP_("hanzi", "chouwei"),
    "danjiang": NP_("hanzi", "danjiang"),
    "fan": NP_("hanzi", "fan"),
    "gang": NP_("hanzi", "gang"),
    "genxing": NP_("hanzi", "genxing"),
    "guosao": NP_("hanzi", "guosao"),
    "hongheidian": NP_("hanzi", "hongheidian"),
    "houmo": NP_("hanzi", "houmo"),
    "huxi": NP_("hanzi", "huxi"),
    "jiang": NP_("hanzi", "jiang"),
    "jier": NP_("hanzi", "jier"),
    "jingpai": NP_("hanzi", "jingpai"),
    "kaiduo": NP_("hanzi", "kaiduo"),
    "kang": NP_("hanzi", "kang"),
    "ku": NP_("hanzi", "ku"),
    "liang": NP_("hanzi", "liang"),
    "long": NP_("hanzi", "long"),
    "mingtang": NP_("hanzi", "mingtang"),
    "minggang": NP_("hanzi", "minggang"),
    "pao": NP_("hanzi", "pao"),
    "peng": NP_("hanzi", "peng"),
    "qi": NP_("hanzi", "qi"),
    "qionghen": NP_("hanzi", "qionghen"),
    "qishou": NP_("hanzi", "qishou"),
    "qitou": NP_("hanzi", "qitou"),
    "sao": NP_("hanzi", "sao"),
    "saochuan": NP_("hanzi", "saochuan"),
    "shangxia-xing": NP_("hanzi", "shangxia-xing"),
    "shuangjiang": NP_("hanzi", "shuangjiang"),
    "ti": NP_("hanzi", "ti"),
    "tun": NP_("hanzi", "tun"),
    "wei": NP_("hanzi", "wei"),
    "wenqian": NP_("hanzi", "wenqian"),
    "xi": NP_("hanzi", "xi"),
    "xing": NP_("hanzi", "xing"),
    "yan": NP_("hanzi", "yan"),
    "yiwushi": NP_("hanzi", "yiwushi"),
    "yixi-yitun": NP_("hanzi", "yixi-yitun"),
}


def chinese_of(locale: object) -> str:
    """The Chinese a page shows Chinese words in (:func:`app.text.languages.chinese_form`)."""
    return languages.chinese_form(locale)


def word(pinyin: str, locale: object) -> str:
    """The characters of ``pinyin`` (a key of :data:`WORDS`) for a page in ``locale``."""
    return WORDS[pinyin].get(chinese_of(locale))


def hanzi(pinyin: str) -> LazyString:
    """:func:`word` in the page's language, when the label is shown."""
    if pinyin not in WORDS:
        raise KeyError(pinyin)
    return LazyString(lambda: word(pinyin, _page_locale()))


def _page_locale() -> str:
    """The page's language; outside a request (a script, a test), English, as the
    interface's own texts are there."""
    return str(page_locale()) if has_request_context() else "en"
