"""The term table and the scan of every page a learner reads (issue 35).

- The table (content/terms.yaml) is well formed, agrees with the glossary (which takes
  its English words, other names and their places from it) and gives one word per game.
- The renderer: markup renders however it is nested; runs of the other script carry
  their ``lang``; a term is introduced once per lesson (English: the table's word with
  汉字, pinyin and a gloss), then said by the table's word; attributes stay in one
  language; variant notes are drawn apart.
- The scan (``academy content scan``) finds each kind of problem in a drawn page, and
  finds none, in both languages, on every lesson step, exercise, glossary and comparison
  page and every page kind registered later (the rules pages), beyond the findings still
  listed in tests/data/term_findings.txt, which may only shrink.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from app.content import scan
from app.content.check import _terms_problems
from app.engine.core.registry import all_variants
from app.learning.glossary import terms as glossary
from app.text import terms

GAMES = [v.id for v in all_variants()]
BASELINE = Path(__file__).resolve().parents[1] / "data" / "term_findings.txt"


# -- the table ---------------------------------------------------------------------


def test_the_table_agrees_with_the_glossary_and_the_games():
    assert list(_terms_problems()) == []
    t = terms.table()
    assert t.languages == ["zh", "en"]
    assert set(t.groups["all"]) == set(GAMES)


def test_every_glossary_entry_is_a_word_or_a_regional_name_of_the_table():
    named = terms.entries()
    assert set(glossary()) <= set(named)
    for tid, found in named.items():
        for _concept, item in found:
            assert item.zh == glossary()[tid].hanzi, tid


def test_each_column_is_in_its_own_language():
    # an English word or gloss is shown in English text and in title attributes
    for c in terms.table().concepts:
        for w in c.words:
            assert not re.search(r"[\u3400-\u9fff]", w.en + (w.gloss or "")), (c.id, w.en)
            assert re.search(r"[\u3400-\u9fff]", w.zh), (c.id, w.zh)


@pytest.mark.parametrize("game", GAMES)
def test_one_word_per_concept_in_each_game(game):
    for c in terms.table().concepts:
        mine = [w for w in c.words if game in terms.table().expand(w.games)]
        assert len(mine) <= 1, (c.id, game)


def test_regional_names_keep_one_way_within_each_game():
    # 偎 in Hunan, 扫 in Guilin: each game's own word, the other's only in a variant note
    assert terms.word("wei", "hunan", "zh") == "偎" and terms.word("wei", "guilin", "zh") == "扫"
    assert (
        terms.word("pao", "guilin", "zh") == "开舵" and terms.word("ti", "guilin", "zh") == "扫穿"
    )
    # the 川牌 card names differ between the two games: 拐子 is 1·2 in one, 2·3 in the other
    assert terms.word("card-12", "chuanpai", "zh") == "拐子"
    assert terms.word("card-12", "chuanpai-tricks", "zh") == "丁丁"
    assert terms.word("card-23", "chuanpai-tricks", "zh") == "拐子"
    kinds = {n.text: n.kind for n in terms.names("hunan", "zh")}
    assert kinds["偎"] == "word" and kinds["扫穿"] == "other-game" and kinds["桥字牌"] == "regional"
    assert {n.text: n.kind for n in terms.names("guilin", "zh")}["扫"] == "word"


def test_the_glossary_page_says_where_a_name_is_used_in_the_pages_language(client):
    for lang, text in (("zh", "桂林也说重跑"), ("en", "Hunan players also say chongpao")):
        client.set_cookie("lang", lang)
        html = client.get("/glossary").get_data(as_text=True)
        entry = html[html.index('id="term-chongpao"') :]
        entry = entry[: entry.index("</div>")]
        expected = "湖南也说重跑" if lang == "zh" else text
        assert expected in entry, entry


@pytest.mark.parametrize(
    ("seat", "viewer", "seats", "lang", "name"),
    [
        (1, 0, 3, "en", "Right"),
        (2, 0, 3, "en", "Left"),
        (2, 0, 4, "en", "Across"),
        (3, 0, 4, "zh", "上家"),
        (1, 0, 3, "zh", "下家"),
        (0, None, 3, "en", "Seat 1"),
        (4, 0, 6, "zh", "5 号位"),
        (0, 0, 3, "zh", "你"),
        (0, 0, 4, "en", "you"),
        (5, 0, 3, "en", "Seat 6"),
    ],
)
def test_seats_are_named_from_the_learners_chair_or_counted_from_one(
    seat, viewer, seats, lang, name
):
    assert terms.seat_word(seat, viewer, seats, lang) == name


# -- the renderer -------------------------------------------------------------------


def _render(app, text: str, locale: str, game: str | None = "hunan", seen=None) -> str:
    from app.ui.markup import render_prose

    with app.test_request_context():
        return str(render_prose(text, "zipai", locale, seen, game))


def test_markup_renders_inside_bold(app):
    html = _render(app, "**[[wei]] 和 {x3}**", "zh")
    assert "[[" not in html and "**" not in html and "{x3}" not in html
    assert re.search(r"<strong><a class=\"term\"[^>]*>偎.*</a> 和 <img[^>]*></strong>", html)


def test_a_term_is_introduced_once_then_said_by_the_tables_word(app):
    html = _render(app, "A [[wei]] here, another [[wei]] there.", "en")
    first, second = re.findall(r'<a class="term"[^>]*>(.*?)</a>', html)
    assert first.startswith("wei") and "偎" in first and "wēi" in first and "draw" in first
    assert second == "wei"
    # on a Guilin page the same concept is the Guilin word
    assert "sao" in _render(app, "[[sao]]", "en", game="guilin", seen={"sao"})


def test_a_name_that_means_different_cards_is_glossed_with_its_own_games_card(app):
    # 拐子 is two-three in the trick game, one-two in the pairing game
    tricks = _render(app, "[[guaizi]]", "en", game="chuanpai-tricks")
    pairing = _render(app, "[[guaizi]]", "en", game="chuanpai")
    assert "the two-three card" in tricks and "one-two" not in tricks
    assert "the one-two card" in pairing and "two-three" not in pairing


def test_runs_of_the_other_script_carry_their_language(app):
    en = _render(app, "The small 三 and the big 叁 read alike.", "en")
    assert '<span lang="zh-Hans">三</span>' in en and '<span lang="zh-Hans">叁</span>' in en
    zh = _render(app, "陆读作 liù，跟小写的六同音，English here。", "zh")
    assert (
        '<span lang="zh-Latn-pinyin">liù</span>' in zh
        and '<span lang="en">English here</span>' in zh
    )
    for html in (en, zh):  # and the scan finds nothing unmarked
        assert not [
            f
            for f in scan.read(html, "probe", "en" if html is en else "zh", None, whole=True)
            if f.kind == "unmarked"
        ]


def test_a_term_link_keeps_its_attributes_in_one_language(app):
    for lang in ("en", "zh"):
        html = _render(app, "[[wei]]", lang)
        title = re.search(r'title="([^"]*)"', html)
        assert title is not None
        assert not (re.search(r"[A-Za-z]", title[1]) and re.search(r"[\u4e00-\u9fff]", title[1]))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_variant_note_is_drawn_apart_under_its_heading(client, lang, monkeypatch):
    from app.learning import lessons

    found = [
        (ls, st) for ls in lessons.all_lessons().values() for st in ls.steps if st.variant_note
    ]
    assert found, "no step has a variant note"
    ls, st = found[0]
    client.set_cookie("lang", lang)
    html = client.get(f"/lessons/{ls.game}/{ls.id}/{st.id}").get_data(as_text=True)
    note = re.search(r'<aside class="variant-note"[^>]*>(.*?)</aside>', html, re.S)
    assert note is not None
    assert ("各地不同" if lang == "zh" else "Tables differ") in note[1]


# -- the scan finds what it looks for -----------------------------------------------


@pytest.mark.parametrize(
    ("html", "lang", "kind"),
    [
        ("<main><p>Lay out [[wei]] now</p></main>", "en", "markup"),
        ("<main><p><strong>**bold**</strong></p></main>", "zh", "markup"),
        ("<main><p>a 偎 here</p></main>", "en", "unmarked"),
        ('<main><p>偎是 <span lang="en">wei</span>，而 peng 不是</p></main>', "zh", "unmarked"),
        ("<main><p>The source says fifteen.</p></main>", "en", "provenance"),
        ("<main><p>按原文的说法是十五胡息。</p></main>", "zh", "provenance"),
        ("<main><p>桂林把它叫扫穿。</p></main>", "zh", "regional"),
        ("<main><p>A smelly card.</p></main>", "en", "avoid"),
        ("<main><p>Play against the engine.</p></main>", "en", "provenance"),
        ("<main><p>和引擎打一局。</p></main>", "zh", "avoid"),
        ('<main><p>A <span lang="zh-Hans">碰</span> here</p></main>', "en", "chinese"),
        ("<main><p>Set first_lead to free.</p></main>", "en", "machinery"),
        ("<main><p>Seat 0 discards.</p></main>", "en", "machinery"),
        ("<main><p>see hunan.yaml</p></main>", "en", "machinery"),
        ('<main><img alt="小一（xiǎo yī）" src="x"></main>', "zh", "attribute"),
    ],
)
def test_the_scan_finds_each_kind_of_problem(html, lang, kind):
    found = {f.kind for f in scan.read(html, "probe", lang, "hunan")}
    assert kind in found, found


def test_the_scan_allows_what_belongs(app):
    ok = [
        ('<main><p>The small <span lang="zh-Hans">三</span> card.</p></main>', "en"),
        (
            '<main><aside class="variant-note"><p>Guilin says '
            '<span lang="zh-Hans">扫穿</span>; some tables cite one source.</p></aside></main>',
            "en",
        ),
        ('<main><aside class="variant-note"><p>桂林叫扫穿。</p></aside></main>', "zh"),
        (_render(app, "A [[wei]] and a [[ti]].", "en"), "en"),
    ]
    for html, lang in ok:
        found = [
            f for f in scan.read(html, "probe", lang, "hunan", whole=True) if f.kind != "avoid"
        ]
        assert found == [], (html, found)


def test_every_page_kind_is_registered_in_one_list():
    assert {"lesson-steps", "exercises", "glossary", "compare"} <= set(scan.PAGE_KINDS)
    pages = list(scan.pages(["glossary", "compare"]))
    assert {p.url for p in pages} == {"/glossary", "/compare"}


# -- every page, both languages ----------------------------------------------------


def _baseline() -> Counter[str]:
    if not BASELINE.exists():
        return Counter()
    return Counter(
        ln for ln in BASELINE.read_text(encoding="utf-8").splitlines() if ln and ln[0] != "#"
    )


@pytest.mark.slow
@pytest.mark.parametrize("game", [*GAMES, None], ids=[*GAMES, "no-game"])
def test_every_page_reads_clean_against_the_term_table(client, game):
    """Lesson steps (with their deal notes), exercises (prompts, choices, hints,
    explanations), the glossary, the comparison and every registered page kind, drawn
    in both languages. A finding not in the list fails (with the file, step and text);
    so does a listed one that is gone (take it off the list)."""
    found = scan.scan_pages(client, [p for p in scan.pages() if p.game == game])
    now = Counter(f.key() for f in found)
    listed = Counter(k for k in _baseline().elements() if _game_of(k) == game)
    new = now - listed
    gone = listed - now
    assert not new, "new findings:\n" + "\n".join(f.line() for f in found if f.key() in new)
    assert not gone, "fixed: take them off tests/data/term_findings.txt:\n" + "\n".join(gone)


def _game_of(where: str) -> str | None:
    """The game of a page, from the content file it comes from (None: no game's)."""
    m = re.search(r"content/[a-z]+/([a-z-]+)", where)
    return m.group(1) if m and m.group(1) in GAMES else None


# These tests read pages and store nothing a database treats differently: SQLite alone.
pytestmark = pytest.mark.render_only


def test_a_word_may_carry_its_own_traditional():
    """A word's zh-Hant column, where the converted Traditional would be wrong, is taken
    as written; without one the Traditional is the Simplified converted; the English
    page keeps the English (and a regional name without English says so)."""
    from app.learning.bank import TextDoc
    from app.text.terms import AvoidDoc, RegionalDoc, WordDoc

    w = WordDoc.model_validate({"games": ["hunan"], "zh": "胡息", "en": "huxi", "zh-Hant": "胡息"})
    assert (w.get("zh"), w.get("en"), w.get("zh-Hant")) == ("胡息", "huxi", "胡息")
    r = RegionalDoc.model_validate({"zh": "拐子", "where": {"zh": "四川", "en": "Sichuan"}})
    assert r.said("en") is None and r.said("zh") == "拐子" and r.where.get("en") == "Sichuan"
    a = AvoidDoc.model_validate({"zh": ["甲"], "en": ["x"], "zh-Hant": ["乙"]})
    assert (a.get("zh"), a.get("en"), a.get("zh-Hant")) == (["甲"], ["x"], ["乙"])
    t = TextDoc.model_validate({"zh": "将", "en": "general", "zh-Hant": "將"})
    assert (t.get("zh"), t.get("en"), t.get("zh-Hant")) == ("将", "general", "將")
    assert TextDoc.model_validate({"zh": "将", "en": "general"}).text().own("zh-Hant") is None
