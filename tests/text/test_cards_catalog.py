"""The card catalog and its pictures: every card of every deck has a picture and a
name in both languages, and the committed SVG files are what the generator makes."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from app.text.cards import CHUANPAI_FACES, CHUANPAI_REGIONS, RED, families, family
from app.ui.svg import render_all

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
SVG_NS = "{http://www.w3.org/2000/svg}"
ALL = [(f.id, c.token) for f in families().values() for c in f.cards]
PINYIN = re.compile(r"^[a-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü ]+$")

# The contract's tokens (engine-cli.md), written out by hand.
CONTRACT_TOKENS = {
    "zipai": [f"x{i}" for i in range(1, 11)] + [f"d{i}" for i in range(1, 11)],
    "chuanpai": [f"{a}{b}" for a in range(1, 7) for b in range(a, 7)] + ["cs", "ty"],
    "nantong": [f"{v}{s}" for s in "tbw" for v in range(1, 10)]
    + ["qz", "hh", "bh", "fu", "lu", "sh", "xi", "cai"],
}


@pytest.mark.parametrize(
    ("family_id", "deck_id", "size", "kinds"),
    [
        ("zipai", "zipai", 80, 20),
        ("chuanpai", "pairing", 84, 23),
        ("chuanpai", "tricks", 84, 21),
        ("nantong", "nantong", 120, 30),
        ("nantong", "nantong-xi", 125, 35),
    ],
)
def test_decks_hold_the_documented_number_of_cards(family_id, deck_id, size, kinds):
    deck = next(d for d in family(family_id).decks if d.id == deck_id)
    assert deck.size == size
    assert len([t for t, n in deck.counts.items() if n]) == kinds
    assert len(family(family_id).deck_list(deck_id)) == size


@pytest.mark.parametrize("family_id", sorted(CONTRACT_TOKENS))
def test_tokens_are_the_engine_contract_tokens(family_id):
    assert sorted(family(family_id).tokens) == sorted(CONTRACT_TOKENS[family_id])


@pytest.mark.parametrize(("family_id", "token"), ALL)
def test_every_card_has_names_in_both_languages_and_a_picture(family_id, token):
    c = family(family_id).card(token)
    assert c.name.zh and c.name.en and c.pinyin
    assert re.search(r"[\u4e00-\u9fff]", c.name.zh), "the Chinese name is in characters"
    assert PINYIN.match(c.pinyin), c.pinyin
    assert c.label("zh").startswith(c.name.zh) and c.pinyin not in c.label("zh")
    assert c.name.en.startswith(c.label("en").split(" (")[0])
    # an attribute stays in one language: no pinyin in the Chinese, no 汉字 in the English
    assert not re.search(r"[A-Za-z]", c.label("zh")), c.label("zh")
    assert not re.search(r"[\u3400-\u9fff]", c.label("en")), c.label("en")
    assert c.colour_note.zh and c.colour_note.en
    assert (STATIC / c.svg_path).is_file()


def test_labels_are_unique_within_a_family():
    for fam in families().values():
        for loc in ("zh", "en"):
            labels = [c.label(loc) for c in fam.cards]
            assert len(set(labels)) == len(labels), (fam.id, loc)


def test_committed_pictures_are_up_to_date():
    """Run `python scripts/gen_cards.py` when this fails."""
    spec = importlib.util.spec_from_file_location("gen_cards", ROOT / "scripts" / "gen_cards.py")
    assert spec and spec.loader
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    assert gen.stale_files() == []


@pytest.mark.parametrize("path", sorted(render_all()))
def test_pictures_are_valid_svg_in_the_family_proportion(path):
    text = render_all()[path]
    root = ET.fromstring(text)
    assert root.tag == f"{SVG_NS}svg"
    w, h = float(root.get("width")), float(root.get("height"))
    fam = family(path.split("/")[0])
    real_w, real_h = fam.ratio
    assert h / w == pytest.approx(real_h / real_w, rel=0.01)
    assert h / w > 3.5, "long and narrow"
    assert "style" not in text, "presentation attributes only (strict CSP)"
    assert "<image" not in text and 'href="http' not in text, "drawn by us, nothing fetched"


@pytest.mark.parametrize(("family_id", "token"), ALL)
def test_red_cards_carry_a_shape_cue_besides_colour(family_id, token):
    """Distinct in greyscale: red cards have a mark black cards lack."""
    c = family(family_id).card(token)
    svg = render_all()[f"{family_id}/{token}.svg"]
    has_red = "#b3261e" in svg
    assert has_red == (c.colour != "black"), "red ink exactly on the cards with red"
    if c.colour == RED or c.red_mark:
        assert c.red_mark


@pytest.mark.parametrize(
    ("token", "red_pips"), [("11", 2), ("44", 8), ("66", 6), ("14", 5), ("36", 0)]
)
def test_chuanpai_red_pips_are_the_dice_ones_and_fours(token, red_pips):
    svg = render_all()[f"chuanpai/{token}.svg"]
    # a red pip is a red oval with a paper-coloured heart
    assert svg.count('fill="#b3261e"') == red_pips
    a, b = int(token[0]), int(token[1])
    assert svg.count("<ellipse") == 2 * red_pips + (a + b - red_pips)


def test_zipai_red_values_are_two_seven_ten():
    reds = sorted(c.token for c in family("zipai").cards if c.colour == RED)
    assert reds == sorted(["x2", "x7", "x10", "d2", "d7", "d10"])


def test_every_region_names_every_dice_face():
    for region in CHUANPAI_REGIONS:
        assert sorted(region.names) == sorted(CHUANPAI_FACES), region.id
        assert region.title.zh and region.title.en and region.note.zh and region.note.en


def test_regions_disagree_where_the_sources_do():
    by_id = {r.id: r for r in CHUANPAI_REGIONS}
    assert by_id["common"].names["12"] == "拐子"
    assert by_id["tricks"].names["23"] == "拐子"
    assert by_id["common"].names["35"] == "梅子" and by_id["tricks"].names["55"] == "梅子"


def test_hands_sort_in_catalog_order():
    assert family("zipai").sort(["d1", "x10", "x1"]) == ["x1", "x10", "d1"]
    assert family("nantong").sort(["cai", "1w", "1t"]) == ["1t", "1w", "cai"]
    with pytest.raises(KeyError, match="unknown zipai card token 'zz'"):
        family("zipai").card("zz")


def test_catalog_tokens_are_the_engines():
    from app.engine.chuanpai import cards as cp
    from app.engine.nantong import cards as nt
    from app.engine.zipai import cards as zp

    assert family("zipai").tokens == zp.TOKENS
    assert family("chuanpai").tokens == cp.KINDS
    assert family("nantong").tokens == nt.TOKENS


@pytest.mark.parametrize(
    ("game", "token", "zh", "en"),
    [
        ("chuanpai", "55", "梅子", "meizi (five-five)"),
        ("chuanpai", "23", "二三", "two-three"),
        ("chuanpai-tricks", "23", "拐子", "guaizi (two-three)"),
        ("chuanpai-tricks", "12", "丁丁", "dingding (one-two)"),
        ("chuanpai", "66", "天牌", "Heaven (six-six)"),
        (None, "55", "五五", "five-five"),
    ],
)
def test_a_card_goes_by_its_games_own_name_in_running_text(app, game, token, zh, en):
    """The two Sichuan games name some faces differently, one way within each game
    (content/terms.yaml): a verdict names the card as the game's lessons do."""
    from app.text.results import card_name

    with app.test_request_context():
        assert card_name("chuanpai", token, "zh", game) == zh
        assert card_name("chuanpai", token, "en", game) == en


def test_a_card_picture_is_labelled_by_the_pages_game(client):
    """The pairing game's lesson calls the five-five 梅子; so does its picture's label."""
    page = client.get("/lessons/chuanpai/chuanpai-02-jier/what", headers={"Accept-Language": "zh"})
    assert page.status_code == 200
    assert 'alt="梅子，五五"' in page.text
    page = client.get("/lessons/chuanpai/chuanpai-02-jier/what", headers={"Accept-Language": "en"})
    assert 'alt="meizi (five-five)"' in page.text


def test_the_catalog_words_are_data_and_every_card_has_them():
    """content/cards.yaml holds every card's words and nothing else: a card in the file
    that no family has, or a note no card uses, is a mistake of the file."""
    from app.text.cards import _words

    for fam in families().values():
        words = _words()[fam.id]
        assert set(words["cards"]) == set(fam.tokens), fam.id
        assert {e["note"] for e in words["cards"].values()} == set(words["notes"]), fam.id
        assert len(words["sections"]) == len(_sections(fam.id)), fam.id


def _sections(family_id):
    from app.text.cards import gallery_sections

    return gallery_sections(family_id)


def test_a_card_name_in_every_language_along_its_chain():
    from app.text import languages

    c = family("chuanpai").card("66")
    for code in languages.codes():
        assert c.name.get(code), code
        assert c.label(code), code
    assert "，" in c.label("zh-Hant") and " (" not in c.label("zh-Hant")
