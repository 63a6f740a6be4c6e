"""The lesson paths around the lessons themselves (issue 12): the glossary, its links at
a term's first use, the checklists and the comparison table pointing at real steps of
the right game, the home page's way in, and the reading trainers without JavaScript."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
import yaml

from app.content import check as content_check
from app.engine.core.registry import all_variants
from app.learning import lessons
from app.learning.compare import table
from app.learning.glossary import taught_in as term_taught_in
from app.learning.glossary import terms
from app.yamlfile import load_yaml

GAMES = [v.id for v in all_variants()]
LANGS = ["en", "zh"]
TONE_MARKS = set("āáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜńňǹ")


# -- the glossary --------------------------------------------------------------------


def test_every_term_names_the_step_that_teaches_it():
    missing = [t for t in terms() if term_taught_in(t) is None]
    assert not missing, missing
    for t in terms():
        where = term_taught_in(t) or ""
        if where.startswith("cards:"):  # a regional card name, shown by the card gallery
            from app.engine.core.registry import find_game

            assert {find_game(g).info.family for g in terms()[t].games} == {where[6:]}, t
            continue
        step = lessons.step_of(where)
        assert step is not None, t
        game = lessons.get(step.lesson).game  # type: ignore[union-attr]
        assert game in terms()[t].games, (t, step.ref)


def test_pinyin_is_written_with_tone_marks_and_the_games_readings():
    for t in terms().values():
        syllables = re.split(r"[\s'\-]+", unicodedata.normalize("NFC", t.pinyin))
        marked = [s for s in syllables if set(s) & TONE_MARKS]
        assert marked, (t.id, t.pinyin)  # neutral tones aside, every term carries its tones
        assert not re.search(r"[1-5]", t.pinyin), (t.id, t.pinyin)
        if "将" in t.hanzi:
            assert "jiàng" in t.pinyin, (t.id, t.pinyin)
        if t.hanzi.startswith("长牌"):
            assert t.pinyin.startswith("cháng"), (t.id, t.pinyin)
        if "和" in t.hanzi:
            assert re.search("hú|hé", t.pinyin), (t.id, t.pinyin)


def test_both_homographs_of_hepai_are_there():
    readings = {t.pinyin for t in terms().values() if t.hanzi == "和牌"}
    assert readings == {"hépái", "húpái"}


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_page_shows_every_part_of_a_term(client, lang):
    page = client.get("/glossary", headers={"Accept-Language": lang}).get_data(as_text=True)
    entry = page[page.index('id="term-wei"') :]
    entry = entry[: entry.index("</div>")]
    t = terms()["wei"]
    assert t.hanzi in entry and "wēi" in entry and t.en in entry and t.word_en == "wei"
    assert (t.meaning.zh if lang == "zh" else t.meaning.en) in entry
    assert ("游戏" in entry or "玩法" in entry) if lang == "zh" else "Games:" in entry
    assert 'href="#term-sao"' in entry  # the same thing under Guilin's name
    step = lessons.step_of(term_taught_in("wei") or "")
    assert step is not None
    assert f'href="/lessons/hunan/{step.lesson}/{step.id}"' in entry
    assert page.count('class="term-entry"') == len(terms())


# -- terms linked where they first appear ---------------------------------------------


def test_lessons_link_each_term_where_their_path_first_uses_it():
    assert list(content_check._first_use_problems()) == []


def _fake_path(tmp_path: Path, zh: str, monkeypatch) -> None:
    doc = {
        "id": "hunan-99-probe",
        "game": "hunan",
        "order": 1,
        "unit": "probe",
        "title": {"zh": "试", "en": "Probe"},
        "summary": {"zh": "试", "en": "Probe"},
        "steps": [
            {"id": f"s{i}", "kind": "text", "text": {"zh": zh if i == 0 else "好", "en": "x"}}
            for i in range(5)
        ],
    }
    path = tmp_path / "99-probe.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    probe = lessons.read_lesson(path)
    monkeypatch.setattr(lessons, "path_of", lambda game: [probe] if game == "hunan" else [])


def test_an_unlinked_first_use_is_a_problem(tmp_path, monkeypatch):
    _fake_path(tmp_path, "胡息要够十五，[[huxi]]才算数。", monkeypatch)
    problems = list(content_check._first_use_problems())
    assert len(problems) == 1 and "[[huxi]]" in problems[0] and "s0" in problems[0]


def test_a_linked_first_use_is_not(tmp_path, monkeypatch):
    _fake_path(tmp_path, "[[huxi]]要够十五，胡息才算数。", monkeypatch)
    assert list(content_check._first_use_problems()) == []


@pytest.mark.parametrize("lang", LANGS)
def test_a_terms_first_link_in_a_lesson_shows_its_reading_and_the_next_does_not(client, lang):
    html = client.get(
        "/lessons/hunan/hunan-01-cards/welcome", headers={"Accept-Language": lang}
    ).get_data(as_text=True)
    first = re.search(r'<a class="term" href="/glossary#term-paohuzi"[^>]*>(.*?)</a>', html)
    assert first is not None
    assert "pǎohúzi" in first.group(1) and "跑胡子" in first.group(1)
    if lang == "en":  # the table's word, then 汉字, pinyin and the English gloss
        t = terms()["paohuzi"]
        assert first.group(1).startswith(t.word_en) and t.gloss and t.gloss in first.group(1)
    later = re.findall(r'href="/glossary#term-paohuzi"[^>]*>(.*?)</a>', html)[1:]
    assert all("term-reading" not in x for x in later)
    if lang == "en":  # later uses: the English word, no characters
        assert all(x == "paohuzi" for x in later), later


# -- checklists and the comparison point at steps of their own game ------------------


@pytest.mark.parametrize("path", content_check.checklist_files(), ids=lambda p: p.stem)
def test_every_rule_point_is_taught_in_a_step_of_its_own_game(path):
    data = load_yaml(path.read_text(encoding="utf-8"))
    for p in data["points"]:
        assert p["id"].startswith(data["game"] + "-"), p["id"]
        step = lessons.step_of(p["taught_in"] or "")
        assert step is not None, (p["id"], p["taught_in"])
        assert lessons.get(step.lesson).game == data["game"], (p["id"], p["taught_in"])  # type: ignore[union-attr]


def test_the_comparison_has_every_game_on_every_line_with_a_point_of_that_game():
    aspects = table().aspects
    assert {a.id for a in aspects} >= {
        "deck",
        "players",
        "hand",
        "groups",
        "forced",
        "going-out",
        "counting",
        "worth",
    }
    for a in aspects:
        assert set(a.cells) == set(GAMES), a.id
        for game, cell in a.cells.items():
            assert cell.point.startswith(game + "-"), (a.id, game, cell.point)
            if game == "chuanpai":
                assert not cell.point.startswith("chuanpai-tricks-"), (a.id, cell.point)
    assert list(content_check._compare_problems()) == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_cell_of_the_comparison_links_to_a_lesson_step(client, lang):
    html = client.get("/compare", headers={"Accept-Language": lang}).get_data(as_text=True)
    body = html[html.index("<tbody>") : html.index("</tbody>")]
    cells = re.findall(r"<td>(.*?)</td>", body, re.S)
    assert len(cells) == len(table().aspects) * len(GAMES)
    for cell in cells:
        m = re.fullmatch(r'<a href="/lessons/([^/]+)/([^/]+)/([^"/]+)">.+?</a>', cell.strip())
        assert m, cell
        lesson = lessons.get(m.group(2))
        assert lesson is not None and lesson.game == m.group(1) and lesson.step(m.group(3))


# -- the sample deals ------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_each_path_ends_in_a_whole_deal_with_its_decisions_noted_move_by_move(game):
    last = lessons.path_of(game)[-1]
    deal = next(s.deal for s in last.steps if s.deal is not None)
    assert len(deal.moves) >= 20
    noted = [n.move for n in deal.notes]
    assert len(noted) >= 5 and noted == sorted(set(noted)) and noted[-1] <= len(deal.moves)


@pytest.mark.parametrize("lang", LANGS)
def test_a_deal_frame_shows_the_note_of_its_move(client, lang):
    step = lessons.get("hunan-12-sample-deal").step("the-deal")  # type: ignore[union-attr]
    note = next(n for n in step.deal.notes if n.move == 7)  # type: ignore[union-attr]
    html = client.get(
        "/lessons/hunan/hunan-12-sample-deal/the-deal?move=7", headers={"Accept-Language": lang}
    ).get_data(as_text=True)
    frame = html[html.index('id="deal-frame"') :]
    words = re.sub(r"^\*\*[^*]+\*\*[：:]\s*", "", note.text.text().get(lang)).split("{")[0]
    assert len(words) >= 6 and 'class="prose frame-note"' in frame and words in frame
    other = client.get(
        "/lessons/hunan/hunan-12-sample-deal/the-deal?move=3", headers={"Accept-Language": lang}
    ).get_data(as_text=True)
    assert "frame-note" not in other


# -- the way in -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_home_page_invites_a_newcomer_into_each_games_first_lesson(client, lang):
    html = client.get("/", headers={"Accept-Language": lang}).get_data(as_text=True)
    for game in GAMES:
        first = lessons.path_of(game)[0]
        assert f'href="/lessons/{game}/{first.id}/{first.steps[0].id}"' in html, game
    assert ("第一课" if lang == "zh" else "First lesson") in html


@pytest.mark.parametrize("lang", LANGS)
def test_each_path_lists_its_lessons_in_order_and_where_to_start(client, lang):
    for game in GAMES:
        html = client.get(f"/lessons/{game}/", headers={"Accept-Language": lang}).get_data(
            as_text=True
        )
        path = lessons.path_of(game)
        spots = [html.index(f'href="/lessons/{game}/{ls.id}/"') for ls in path]
        assert spots == sorted(spots), game
        assert f'href="/lessons/{game}/{path[0].id}/{path[0].steps[0].id}"' in html


# -- reading trainers -----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("family", ["zipai", "chuanpai", "nantong"])
@pytest.mark.parametrize("mode", ["name", "pick"])
def test_a_trainer_works_untimed_without_javascript(client, lang, family, mode):
    html = client.get(f"/train/{family}?mode={mode}", headers={"Accept-Language": lang}).get_data(
        as_text=True
    )
    # the clock is there for the script to start, hidden until it does
    assert re.search(r'<p class="trainer-clock"[^>]*\bhidden\b', html)
    assert 'action="/exercises/read:' in html
    question = {
        ("name", "zh"): "这张牌叫什么",
        ("name", "en"): "What is this card called",
        ("pick", "zh"): "找出这张牌",
        ("pick", "en"): "Find this card",
    }[(mode, lang)]
    assert question in html


@pytest.mark.parametrize(
    ("step", "caption"),
    [("pao-forced", "Discarded"), ("wei-forced", "Turned up")],
)
def test_the_card_in_the_middle_says_whether_it_was_discarded_or_turned_up(client, step, caption):
    html = client.get(
        f"/lessons/hunan/hunan-04-forced/{step}", headers={"Accept-Language": "en"}
    ).get_data(as_text=True)
    assert f"<figcaption>{caption}" in html  # "Discarded by Left" names the seat
