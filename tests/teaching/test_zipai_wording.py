"""The zipai games' questions are worded from the catalogs (issue 38): the teaching's
Python holds no Chinese, a question is put together in each language as that language
writes it, and the placeholders the page fills stay open."""

from __future__ import annotations

import re

from app.config import ROOT
from app.teaching.wording import fill_in, list_in, said, sentences_in
from app.text.catalog import NP_

CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")


def test_the_zipai_teaching_holds_no_chinese():
    files = [
        *sorted((ROOT / "app/teaching/hunan").glob("*.py")),
        *sorted((ROOT / "app/teaching/guilin").glob("*.py")),
        ROOT / "app/teaching/zipai_common.py",
    ]
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in files
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if CJK.search(line)
    ]
    assert not found, found


def test_fill_leaves_the_pages_placeholders_open():
    text = "{who} turns up {card}, and {who} again"
    assert (
        fill_in(text, "en", who="Your xiajia")
        == "Your xiajia turns up {card}, and Your xiajia again"
    )
    # what is filled in is not read again
    assert fill_in("{a} {b}", "en", a="{b}", b="x") == "{b} x"


def test_lists_and_sentences_are_written_as_the_language_writes_them():
    assert list_in("zh", ["一", "四"]) == "一\u3001四"
    assert list_in("zh-Hant", ["一", "四"]) == "一\u3001四"
    assert list_in("en", ["一", "四"]) == "一, 四"
    assert sentences_in("zh", "A。", "", "B。") == "A。B。"
    assert sentences_in("en", "A.", "", "B.") == "A. B."


def test_a_question_is_said_in_every_language():
    who = NP_("hunan", "Your xiajia (Right)")
    text = said(NP_("hunan", "{who} turns up {card}"), who=who)
    assert text.get("en") == "Your 下家 (Right) turns up {card}"
    assert text.get("zh") == "下家翻出了 {card}"
    assert text.get("zh-Hant")  # its own catalog, else the Simplified
