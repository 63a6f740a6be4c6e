"""The sentences a game's teaching builds from the catalogs (app/teaching/wording.py)."""

from __future__ import annotations

from app.teaching.wording import CLAUSE_SEP, joined, listed, said
from app.text import languages
from app.text.catalog import NP_
from app.text.localized import Text


def test_said_fills_its_values_per_language_and_keeps_the_pages_placeholders():
    seat = Text("下家", "Right")
    text = said(NP_("chuanpai", "{seat} discards {card}."), seat=seat)
    assert text.get("zh") == "下家打出了{card}。"
    assert text.get("en") == "Right discards {card}."
    assert set(dict(text.items())) == set(languages.codes())  # every language, zh-Hant too


def test_joined_writes_chinese_sentences_without_spaces():
    text = joined(
        [
            NP_("chuanpai", "Your hand is complete and you go out."),
            None,
            NP_("chuanpai", "How much does each losing player pay you?"),
        ]
    )
    assert text.get("zh") == "你的牌齐了，要和了。每一家输家要付你多少？"
    assert text.get("en") == (
        "Your hand is complete and you go out. How much does each losing player pay you?"
    )


def test_listed_separates_items_as_the_language_writes_a_list():
    parts = [Text("你 3", "you 3"), Text("下家 -2", "Right -2")]
    assert listed(parts).get("zh") == "你 3、下家 -2"
    assert listed(parts, CLAUSE_SEP).get("zh") == "你 3，下家 -2"
    assert listed(parts).get("en") == "you 3, Right -2"
    assert listed([4, 7]).get("en") == "4, 7"
