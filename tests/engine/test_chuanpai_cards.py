"""川牌 cards: tokens, regional names, pip colours, copies."""

import pytest

from app.engine.chuanpai import cards
from app.engine.chuanpai.cards import (
    FACES,
    REGIONAL_NAMES,
    check_deck_copies,
    deck,
    parse_tokens,
    pip_colours,
)
from app.engine.core.errors import EngineError
from app.text.messages import region_label


def test_twenty_one_faces_low_die_first() -> None:
    assert len(FACES) == 21
    assert FACES[0] == "11" and FACES[-1] == "66"
    assert all(f[0] <= f[1] for f in FACES)


@pytest.mark.parametrize(
    ("with_jing", "size", "guaizi"),
    [(True, 84, 2), (False, 84, 4)],
)
def test_deck(with_jing: bool, size: int, guaizi: int) -> None:
    d = deck(with_jing)
    assert len(d) == size
    assert d.count("12") == guaizi
    assert ("cs" in d) is with_jing and ("ty" in d) is with_jing


@pytest.mark.parametrize(
    ("text", "game", "tokens"),
    [
        ("66 11 44 13", "pairing", ("66", "11", "44", "13")),
        ("天牌 地牌 人牌 和牌", "pairing", ("66", "11", "44", "13")),
        ("天牌地牌人牌", "pairing", ("66", "11", "44")),
        ("财神 听用", "pairing", ("cs", "ty")),
        ("財神聽用", "pairing", ("cs", "ty")),
        ("CS,TY", "pairing", ("cs", "ty")),
        ("拐子", "pairing", ("12",)),  # 3 pips in the pairing game (the false 经)
        ("拐子", "tricks", ("23",)),  # a black 点子 in the trick game
        ("梅子", "pairing", ("55",)),
        ("梅子", "tricks", ("55",)),
        ("丁丁 二红", "tricks", ("12", "24")),
        ("红九 黑九 弯鞭", "tricks", ("45", "36", "36")),
        ("長三 長二 紅九", "tricks", ("33", "22", "45")),
        ("斧头 虎头 牦牛", "pairing", ("56", "56", "56")),
        ("高脚 高高 幺七", "pairing", ("16", "16", "16")),
        ("铜锤 猫猫", "pairing", ("15", "15")),
        ("平八 二六", "tricks", ("26", "26")),
        ("红五 幺四 么四", "pairing", ("14", "14", "14")),
    ],
)
def test_parse(text: str, game: str, tokens: tuple[str, ...]) -> None:
    assert parse_tokens(text, game) == tokens


@pytest.mark.parametrize(
    ("text", "game"),
    [
        ("77", "pairing"),
        ("19", "pairing"),
        ("cs", "tricks"),
        ("财神", "tricks"),
        ("天x", "pairing"),
    ],
)
def test_unknown_card(text: str, game: str) -> None:
    with pytest.raises(EngineError) as exc:
        parse_tokens(text, game)
    assert exc.value.code == "unknown-card"


def test_copies() -> None:
    check_deck_copies(["12", "12", "cs", "ty"], True)
    with pytest.raises(EngineError) as exc:
        check_deck_copies(["12"] * 3, True)
    assert exc.value.params == {"card": "12", "count": 3, "limit": 2}
    check_deck_copies(["12"] * 4, False)
    with pytest.raises(EngineError):
        check_deck_copies(["66"] * 5, False)
    with pytest.raises(EngineError) as exc2:
        check_deck_copies(["cs"], False)
    assert exc2.value.code == "unknown-card"


@pytest.mark.parametrize(
    ("face", "colours"),
    [
        ("11", ("red", "red")),  # 地牌 all red
        ("44", ("red", "red")),  # 人牌 all red
        ("66", ("red", "black")),  # 天牌 half red
        ("45", ("red", "black")),  # 红九
        ("36", ("black", "black")),  # 黑九
        ("14", ("red", "red")),
        ("cs", ("word", "word")),
    ],
)
def test_pip_colours(face: str, colours: tuple[str, str]) -> None:
    assert pip_colours(face) == colours


def test_regional_tables_are_plain_data() -> None:
    for region, table in REGIONAL_NAMES.items():
        for lang in ("en", "zh"):  # a label in the reasons catalog (code region-<region>)
            assert region_label(region, lang) != f"region-{region}", (region, lang)
        for face, name in table.items():
            assert face in cards.KINDS
            assert isinstance(name, str) and name
    # the seeds disagree: 拐子 is 1·2 in one list, 2·3 in another
    assert REGIONAL_NAMES["dice-001"]["12"] == "拐子"
    assert REGIONAL_NAMES["points-001"]["23"] == "拐子"
    assert REGIONAL_NAMES["dice-001"]["35"] == "梅子"
    assert REGIONAL_NAMES["points-001"]["55"] == "梅子"


def test_every_regional_name_parses() -> None:
    for table in REGIONAL_NAMES.values():
        for face, name in table.items():
            game = "tricks" if face not in cards.JING else "pairing"
            (tok,) = parse_tokens(name, game)
            if name not in cards.AMBIGUOUS:
                assert tok == face


def test_names_of() -> None:
    assert cards.names_of("12") == {
        "points-001": "丁丁",
        "points-000": "丁丁",
        "dice-001": "拐子",
        "tianjiu-000": "丁丁",
    }
    assert "tianjiu-000" not in cards.names_of("cs")
