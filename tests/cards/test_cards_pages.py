"""The galleries, the table showcase and the card macros, through the test client."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from flask import render_template_string

from app.cards.demo import demo_table
from app.text.cards import families, family
from app.ui.pictures import Meld, Seat, Table


class _Imgs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.imgs: list[dict[str, str]] = []
        self.checkboxes: list[dict[str, str]] = []

    def handle_starttag(self, tag, attrs):  # type: ignore[no-untyped-def]
        a = {k: v or "" for k, v in attrs}
        if tag == "img":
            self.imgs.append(a)
        if tag == "input" and a.get("type") == "checkbox":
            self.checkboxes.append(a)


def parse(html: str) -> _Imgs:
    p = _Imgs()
    p.feed(html)
    return p


def get(client, url: str, lang: str):  # type: ignore[no-untyped-def]
    client.set_cookie("lang", lang)
    resp = client.get(url)
    assert resp.status_code == 200, url
    return resp.get_data(as_text=True)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("family_id", ["zipai", "chuanpai", "nantong"])
def test_gallery_shows_every_card_named_in_the_page_language(client, lang, family_id):
    html = get(client, f"/cards/{family_id}", lang)
    imgs = parse(html).imgs
    by_src = {i["src"].split("?", 1)[0]: i for i in imgs if i.get("alt")}  # less the ?v= hash
    for c in family(family_id).cards:
        img = by_src[f"/static/{c.svg_path}"]
        assert img["alt"] == c.label(lang) == img["title"]
        plain = re.sub(r'<span lang="zh-Hans">([^<]*)</span>', r"\1", html)  # runs marked
        assert f'lang="zh-Hans">{c.name.zh}<' in html and c.name.en in plain, (
            "names in both languages"
        )
    # only the alias table's small pictures go unnamed: their row names the card
    unnamed = [i for i in imgs if "/cards/" in i["src"] and not i.get("alt")]
    assert len(unnamed) == (21 if family_id == "chuanpai" else 0)


def test_gallery_zh_names_carry_pinyin(client):
    html = get(client, "/cards/chuanpai", "zh")
    assert 'alt="天牌，六六"' in html
    assert "交叉" in html  # the colour rule, in Chinese


def test_chuanpai_gallery_has_the_alias_table_and_counts(client):
    html = get(client, "/cards/chuanpai", "en")
    assert "Names by region" in html
    for name in ("虎头", "斧头 / 牦牛", "二红", "板凳"):
        assert name in html
    assert "pairing game: 2 · trick game: 4" in html  # the one-two card


def test_unknown_family_is_404(client):
    assert client.get("/cards/mahjong").status_code == 404
    assert client.get("/cards/table?family=mahjong").status_code == 404
    assert client.get("/cards/table?seats=5").status_code == 404


def test_htmx_gets_the_partial(client):
    resp = client.get("/cards/zipai", headers={"HX-Request": "true"})
    body = resp.get_data(as_text=True)
    assert resp.status_code == 200 and "<html" not in body and 'id="cards-page"' in body
    assert "HX-Request" in resp.headers["Vary"]


def test_index_links_every_gallery_and_the_table(client):
    html = get(client, "/cards/", "en")
    for f in families():
        assert f'href="/cards/{f}"' in html
    assert 'href="/cards/table"' in html


def test_about_page_links_each_family_gallery(client):
    html = get(client, "/about/cards", "en")
    for f in families():
        assert f'href="/cards/{f}"' in html


def test_three_seat_table_weighs_under_100_kb(client):
    for lang in ("zh", "en"):
        html = get(client, "/cards/table", lang)
        assert len(html.encode("utf-8")) < 100_000
        boxes = parse(html).checkboxes
        assert len(boxes) == 21 and {b["name"] for b in boxes} == {"pick"}
        assert html.count('class="seat ') == 3


def test_table_keeps_the_chosen_cards_without_script(client):
    hand = demo_table("zipai", 3).seats[0].hand
    assert hand
    picks = [hand[0], hand[5]]
    html = get(client, "/cards/table?" + "&".join(f"pick={t}" for t in picks), "en")
    checked = [b["value"] for b in parse(html).checkboxes if "checked" in b]
    assert sorted(checked) == sorted(picks)
    assert "You chose:" in html
    # a card not in the hand is ignored
    html = get(client, "/cards/table?pick=zz", "en")
    assert not [b for b in parse(html).checkboxes if "checked" in b]


@pytest.mark.parametrize(
    ("family_id", "seats"), [("chuanpai", "4"), ("nantong", "3"), ("nantong", "4")]
)
def test_every_family_has_a_table(client, family_id, seats):
    html = get(client, f"/cards/table?family={family_id}&seats={seats}", "zh")
    assert html.count('class="seat ') == int(seats)


@pytest.mark.parametrize("family_id", ["zipai", "chuanpai", "nantong"])
@pytest.mark.parametrize("n", [3, 4])
def test_demo_deal_accounts_for_every_card(family_id, n):
    t = demo_table(family_id, n)
    used = (
        t.stock
        + 1
        + sum(s.count + len(s.discards) + sum(len(m.tokens) for m in s.melds) for s in t.seats)
    )
    assert used == len(family(family_id).deck_list())


def test_a_table_has_two_to_seven_seats():
    with pytest.raises(ValueError, match="2 to 7 seats"):
        Table("zipai", [Seat("a")], stock=0)
    assert len(Table("chuanpai", [Seat(str(i)) for i in range(7)], stock=0).seats) == 7


MACROS = '{% from "components/cards.html" import card, hand, meld, discards, stock, table %}'


def render(app, src: str, **ctx) -> str:  # type: ignore[no-untyped-def]
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        return render_template_string(MACROS + src, **ctx)


def test_meld_states(app):
    up = parse(render(app, '{{ meld("zipai", ["x1","x1","x1"], "up") }}')).imgs
    down = parse(render(app, '{{ meld("zipai", ["x1","x1","x1"], "down") }}')).imgs
    one = parse(render(app, '{{ meld("zipai", ["x1","x1","x1","x1"], "one", "Ti") }}')).imgs
    assert [i["src"].split("?", 1)[0].rsplit("/", 1)[1] for i in up] == ["x1.svg"] * 3
    assert [i["src"].split("?", 1)[0].rsplit("/", 1)[1] for i in down] == ["back.svg"] * 3
    assert [i["src"].split("?", 1)[0].rsplit("/", 1)[1] for i in one] == ["x1.svg"] + [
        "back.svg"
    ] * 3
    assert {i["alt"] for i in down} == {"Face-down card"}
    with app.test_request_context("/"), pytest.raises(ValueError, match="meld state"):
        from app.ui.pictures import meld_pics

        meld_pics("zipai", ["x1"], "sideways")


def test_hand_sorted_grouped_and_selectable(app):
    html = render(app, '{{ hand("nantong", ["9w", "1t", "hh"]) }}')
    assert [i["src"].split("?", 1)[0].rsplit("/", 1)[1] for i in parse(html).imgs] == [
        "1t.svg",
        "9w.svg",
        "hh.svg",
    ]
    html = render(app, '{{ hand("nantong", ["9w", "1t"], sort=false) }}')
    assert [i["src"].split("?", 1)[0].rsplit("/", 1)[1] for i in parse(html).imgs] == [
        "9w.svg",
        "1t.svg",
    ]
    html = render(app, '{{ hand("zipai", groups=[["x1","x2","x3"],["d5","d5"]], label="Mine") }}')
    assert html.count('class="hand-group"') == 2 and 'aria-label="Group 2"' in html
    html = render(app, '{{ hand("zipai", ["x1", "x1", "x2"], select="cards", checked=["x1"]) }}')
    boxes = parse(html).checkboxes
    assert [(b["value"], "checked" in b) for b in boxes] == [
        ("x1", True), ("x1", False), ("x2", False)
    ]  # fmt: skip
    assert "<fieldset" in html and "<legend>" in html


def test_discards_stock_and_single_card(app):
    html = render(app, '{{ discards("chuanpai", ["66", "cs"]) }}{{ stock("chuanpai", 19) }}')
    assert "Stock: 19 cards left" in html
    alts = [i["alt"] for i in parse(html).imgs]
    assert "Heaven (six-six)" in alts and any(a.startswith("Caishen") for a in alts)
    html = render(app, '{{ card("zipai", "d10") }}{{ card("zipai", "d10", down=true) }}')
    assert [i["alt"] for i in parse(html).imgs] == ["big ten", "Face-down card"]


def test_table_macro_with_four_seats_and_a_grouped_hand(app):
    view = Table(
        "zipai",
        [
            Seat("Me", hand=["x1", "x2", "x3"], groups=[["x1", "x2", "x3"]], you=True),
            Seat("B", hand_count=20, melds=[Meld(["x5", "x5", "x5"], "down", "Wei")]),
            Seat("C", hand_count=20),
            Seat("D", hand_count=20, discards=["d9"]),
        ],
        stock=19,
        shown="x7",
    )
    html = render(app, "{{ table(view) }}", view=view)
    assert html.count('class="seat ') == 4 and "seats-4" in html
    assert "20 cards in hand, face down" in html
    assert not parse(html).checkboxes  # not selectable unless view.select is set
    assert re.search(r'alt="small seven[^"]*"', html)


def test_pictures_are_served_as_cacheable_svg_files(client):
    resp = client.get("/static/cards/chuanpai/66.svg")
    assert resp.status_code == 200 and resp.mimetype == "image/svg+xml"
    assert resp.headers.get("ETag") or resp.headers.get("Last-Modified")
    resp.close()


@pytest.mark.parametrize(
    ("lang", "one", "wrong"), [("en", "1 card<", "1 cards"), ("zh", "1 张<", "")]
)
def test_a_hand_of_one_card_says_one_card(client, lang, one, wrong):
    """The hand's count is a plural form: one card is "1 card", not "1 cards"."""
    html = get(client, "/lessons/hunan/hunan-01-cards/read-big", lang)
    assert one in html
    assert not wrong or wrong not in html


# These tests read pages and store nothing a database treats differently: SQLite alone.
pytestmark = pytest.mark.render_only
