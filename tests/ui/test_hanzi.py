"""The Chinese words interface labels show beside their pinyin (app/ui/hanzi.py): every
one is in the Chinese catalog, and a label shows it in the page's Chinese, Simplified on
an English page."""

from __future__ import annotations

import re

from app.text import catalog
from app.ui.hanzi import WORDS, chinese_of, word

HAN = re.compile(r"^[\u4e00-\u9fff]+$")


def test_every_word_is_written_in_chinese_in_the_catalog():
    for pinyin, msg in WORDS.items():
        assert msg.context == "hanzi" and msg.msgid == pinyin
        assert HAN.match(catalog.gettext("zh", pinyin, context="hanzi")), pinyin


def test_a_word_is_shown_in_the_page_chinese():
    assert chinese_of("zh") == "zh" and chinese_of("en") == "zh"
    assert chinese_of("zh-Hant") == "zh-Hant"
    assert word("huxi", "en") == word("huxi", "zh") == "胡息"


def test_labels_keep_their_words(app):
    from flask_babel import force_locale

    from app.ui.rule_options import LABELS

    with app.test_request_context("/"), force_locale("en"):
        assert str(LABELS["min_huxi"]) == "Minimum huxi (胡息) to win"
    with app.test_request_context("/"), force_locale("zh"):
        assert "胡息" in str(LABELS["min_huxi"])
