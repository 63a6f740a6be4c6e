"""Every code the 字牌 engine can produce has a message in English and Chinese."""

from __future__ import annotations

import string

import pytest

from app.engine.zipai import reasons, settle, state, strong
from app.engine.zipai.analysis import ERROR_CODES
from app.text.messages import MESSAGES, render

CODES = sorted(
    set(reasons.REASON_CODES) | set(settle.COUNT_CODES) | set(ERROR_CODES) | set(strong.COACH_CODES)
)


def fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


@pytest.mark.parametrize("code", CODES)
def test_message_in_both_languages(code: str) -> None:
    texts = MESSAGES[code]
    assert texts["en"].strip() and texts["zh"].strip()
    assert fields(texts["en"]) == fields(texts["zh"])


def test_reason_params_fill_their_messages() -> None:
    # every reason produced in the state tests is rendered without leftover placeholders
    from app.engine.core.reason import Reason

    samples = [
        Reason("must-bi", {"card": "x2", "count": 2}),
        Reason("breaks-kan", {"cards": ["x5"]}),
        Reason("lower-priority", {"seat": 1, "stage": "peng"}),
        Reason("chou-card", {"card": "x3"}),
        Reason("zp-below-minimum", {"huxi": 9, "min": 15}),
    ]
    for r in samples:
        for lang in ("en", "zh"):
            assert "{" not in render(r.code, r.params, lang)


def test_every_reason_literal_is_declared() -> None:
    import pathlib
    import re

    root = pathlib.Path(state.__file__).parent
    used = set()
    for path in root.glob("*.py"):
        used |= set(re.findall(r'Reason\("([a-z-]+)"', path.read_text(encoding="utf-8")))
    assert used <= set(reasons.REASON_CODES)


# -- each game's words (content/terms.yaml) -------------------------------------------


def test_every_game_term_names_a_concept_of_the_term_table() -> None:
    from app.text import terms
    from app.text.messages import BY_GAME

    tables = [MESSAGES[c] for c in CODES] + [t for g in BY_GAME.values() for t in g.values()]
    for texts in tables:
        for lang in ("en", "zh"):
            for _, name, spec, _ in string.Formatter().parse(texts[lang]):
                if name == "w":
                    assert terms.concept(spec.lstrip("^")) is not None, (spec, texts[lang])


def test_a_games_own_sentence_has_the_common_ones_placeholders() -> None:
    from app.text.messages import BY_GAME

    for own in BY_GAME.values():
        for code, texts in own.items():
            assert fields(texts["en"]) == fields(texts["zh"]) == fields(MESSAGES[code]["en"])


@pytest.mark.parametrize(
    ("code", "params", "game", "lang", "says", "never"),
    [
        ("zp-huxi", {"min": 10}, "guilin", "en", "Total hu:", "huxi"),
        ("zp-huxi", {"min": 10}, "guilin", "zh", "10 胡才能胡", "胡息"),
        ("zp-huxi", {"min": 15}, "hunan", "zh", "15 胡息", "顺子"),
        ("zp-shun", {"cards": "x1 x2 x3"}, "guilin", "zh", "顺子", "一句话"),
        ("zp-shun", {"cards": "x1 x2 x3"}, "hunan", "zh", "一句话", "顺子"),
        ("zp-jiao", {"cards": "x1 x1 d1"}, "guilin", "en", "Dazi", "Jiao"),
        ("zp-jiao", {"cards": "x1 x1 d1"}, "guilin", "zh", "搭子", "绞"),
        ("zp-chi", {"cards": "x1 x2 x3"}, "guilin", "zh", "下比", "比牌"),
        ("zp-below-minimum", {"huxi": 8, "min": 10}, "guilin", "en", "8 hu;", "huxi"),
        ("zp-liang-unclaimed", {"card": "x1", "seat": 1}, "guilin", "zh", "挡底", "亮张"),
        ("zp-no-discard-needed", {}, "guilin", "zh", "重舵", "八块"),
        ("zp-no-discard-needed", {}, "hunan", "en", "bakuai", "Guilin"),
        ("zp-not-own-draw", {"card": "x1"}, "guilin", "zh", "扫和扫穿", "偎"),
    ],
)
def test_count_lines_and_reasons_use_the_words_of_their_game(
    code: str, params: dict[str, object], game: str, lang: str, says: str, never: str
) -> None:
    text = render(code, params, lang, game)
    assert says in text and never not in text, text


def test_without_a_game_the_first_word_stands() -> None:
    assert render("zp-huxi", {"min": 15}, "en") == "Total huxi: at least 15 are needed to win."


def test_seats_are_never_numbered_from_zero_on_a_page() -> None:
    from app.text.results import humanize

    params = humanize("zipai", {"card": "x1", "seat": 0, "next": 1}, "en", "hunan")
    text = render("zp-offer-unclaimed", params, "en", "hunan")
    assert "Seat 1" in text and "Seat 2" in text and "eat 0" not in text
    # seen from a chair, seats are named from it: the learner at seat 1 is "you"
    params = humanize(
        "zipai", {"card": "x1", "seat": 0, "next": 1}, "en", "hunan", viewer=1, seats=3
    )
    text = render("zp-offer-unclaimed", params, "en", "hunan")
    assert text == "Nobody can take small one: it goes in front of Left, and you will draw next."
    params = humanize(
        "zipai", {"card": "x1", "seat": 0, "next": 1}, "zh", "hunan", viewer=1, seats=3
    )
    assert "放到上家面前，由你摸牌" in render("zp-offer-unclaimed", params, "zh", "hunan")
    for lang in ("en", "zh"):
        assert "0" not in render("zp-no-such-seat", {"seat": 4}, lang)


def test_a_seat_that_starts_a_sentence_is_capitalized() -> None:
    from app.text.results import humanize

    for viewer, said in ((0, "You must turn"), (2, "Right must turn"), (None, "Seat 1 must turn")):
        params = humanize("zipai", {"seat": 0}, "en", "hunan", viewer=viewer, seats=3)
        assert render("zp-stock-next", params, "en", "hunan").startswith(said)
