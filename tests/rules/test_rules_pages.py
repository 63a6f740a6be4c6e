"""A rules page per game (/rules/<game>): every line states a checklist point of its game
and links to the lesson step that teaches it; every number of its tables is the
engine's, checked here against ``Game.analyze`` of the lessons' own holdings; the page
works in both languages with one h1 and no skipped heading level; its words are ours."""

from __future__ import annotations

import re
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path

import pydantic
import pytest

from app.config import ROOT
from app.engine.core.registry import all_variants, find_game
from app.learning import lessons, rules_tables
from app.learning.rules_pages import SECTIONS, MeldCell, RulesDoc, all_pages, read_rules
from app.text.words import windows
from app.yamlfile import load_yaml

GAMES = [v.id for v in all_variants()]
LANGS = ["zh", "en"]
SEEDS = set((ROOT / "tests" / "data" / "seed_windows.txt").read_text().split())
CHECKLISTS = ROOT / "content" / "checklists"


def _points(game: str) -> set[str]:
    data = load_yaml((CHECKLISTS / f"{game}.yaml").read_text(encoding="utf-8"))
    return {p["id"] for p in data["points"]}


class _Page(HTMLParser):
    """Headings, links, tables and the visible text of a page's main part."""

    def __init__(self) -> None:
        super().__init__()
        self.headings: list[tuple[int, str]] = []
        self.links: list[str] = []
        self.rows: list[list[str]] = []
        self.text: list[str] = []
        self._in_main = False
        self._heading: int | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "main":
            self._in_main = True
        if re.fullmatch(r"h[1-6]", tag):
            self._heading = int(tag[1])
            self.headings.append((self._heading, ""))
        if tag == "a" and "taught-in" in (a.get("class") or ""):
            self.links.append(a.get("href") or "")
        if tag == "tr":
            self.rows.append([])
        if tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "main":
            self._in_main = False
        if re.fullmatch(r"h[1-6]", tag):
            self._heading = None
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._in_main:
            self.text.append(data)
        if self._heading is not None:
            level, text = self.headings[-1]
            self.headings[-1] = (level, text + data)
        if self._cell is not None:
            self._cell.append(data)


def _read(client, game: str, lang: str) -> _Page:  # type: ignore[no-untyped-def]
    resp = client.get(f"/rules/{game}", headers={"Accept-Language": lang})
    assert resp.status_code == 200, (game, lang)
    parsed = _Page()
    parsed.feed(resp.get_data(as_text=True))
    return parsed


# -- the content ---------------------------------------------------------------------


def test_every_game_has_its_rules_page_with_every_section_in_order():
    assert sorted(all_pages()) == sorted(GAMES)
    for page in all_pages().values():
        assert tuple(s.id for s in page.sections) == SECTIONS
        assert any(s.notes for s in page.sections), page.game  # tables differ somewhere


def test_every_line_states_a_point_of_its_game_and_links_to_the_step_teaching_it():
    for game, page in all_pages().items():
        points = _points(game)
        for line in page.all_lines:
            assert line.point in points, (game, line.point)
            assert line.step is not None, (game, line.point)
            step = lessons.step_of(line.step)
            assert step is not None, (game, line.point, line.step)
            assert lessons.get(step.lesson).game == game  # type: ignore[union-attr]


@pytest.mark.parametrize("lang", LANGS)
def test_every_link_of_a_page_opens_the_lesson_step(client, lang):
    seen: set[str] = set()
    for game in GAMES:
        page = _read(client, game, lang)
        assert len(page.links) == len(all_pages()[game].all_lines), game
        for href in page.links:
            m = re.fullmatch(rf"/lessons/{re.escape(game)}/([a-z0-9-]+)/([a-z0-9-]+)", href)
            assert m, (game, href)
            lesson = lessons.get(m.group(1))
            assert lesson is not None and lesson.step(m.group(2)) is not None, href
            seen.add(href)
    for href in sorted(seen):
        assert client.get(href, headers={"Accept-Language": lang}).status_code == 200, href


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_a_page_has_one_h1_no_skipped_heading_and_the_switch(client, game, lang):
    resp = client.get(f"/rules/{game}", headers={"Accept-Language": lang})
    html = resp.get_data(as_text=True)
    page = _read(client, game, lang)
    levels = [lv for lv, _ in page.headings]
    assert levels.count(1) == 1
    assert all(b <= a + 1 for a, b in zip(levels, levels[1:], strict=False)), levels
    assert 'name="lang" value="en"' in html and 'name="lang" value="zh"' in html
    note = "各地不同" if lang == "zh" else "Tables differ"
    assert html.count('<div class="variant-note" role="note"') >= 2 and note in html
    assert "<script" not in html.split('<main id="main"')[1]  # the page needs no script


def test_an_unknown_game_has_no_rules_page(client):
    assert client.get("/rules/mahjong").status_code == 404


@pytest.mark.parametrize("game", GAMES)
def test_a_page_shares_no_run_of_twelve_characters_with_a_source(client, game):
    for lang in LANGS:
        text = "".join(_read(client, game, lang).text)
        copied = [run for fp, run in windows(text).items() if fp in SEEDS]
        assert not copied, (game, lang, copied[:3])


def test_learners_never_read_about_the_engine_or_option_keys(client):
    banned = re.compile(
        r"engine|引擎|程序|\bsource|\bseed|\boption\b|min_huxi|win_on_discard|\bfouls\b|"
        r"first_lead|wenqian_four|final_round|mingtang=|xing=|代码",
        re.I,
    )
    for game in GAMES:
        for lang in LANGS:
            text = " ".join(_read(client, game, lang).text)
            assert not banned.search(text), (game, lang, banned.search(text))


# -- the numbers are the engine's --------------------------------------------------------


def _holdings(game: str):  # type: ignore[no-untyped-def]
    """``Game.analyze`` of every holding the game's lessons show (examples, exercises)
    under the game's default rules, as the rules page states them."""
    for lesson in lessons.path_of(game):
        for step in lesson.steps:
            rules = (
                step.example.rules if step.example else step.exercise.rules if step.exercise else {}
            )
            if dict(rules).keys() - {"generals"}:
                continue
            try:
                yield rules_tables._analysis(step.ref)
            except Exception:  # a step without a whole holding (a deal, a pick from a part)
                continue


def _page_melds(game: str) -> list[str]:
    doc = RulesDoc.model_validate(
        load_yaml((Path(all_pages()[game].source)).read_text(encoding="utf-8"))
        if Path(all_pages()[game].source).is_absolute()
        else load_yaml((ROOT / all_pages()[game].source).read_text(encoding="utf-8"))
    )
    return [
        m
        for s in doc.sections
        for t in s.tables
        for row in t.rows
        for c in row
        if isinstance(c, MeldCell)
        for m in c.meld
    ]


@pytest.mark.parametrize("game", ["hunan", "guilin", "chuanpai"])
def test_the_worth_of_each_group_is_what_analyze_counts_in_the_lessons(game):
    seen: dict[tuple[str, tuple[str, ...]], set[int]] = defaultdict(set)
    for a in _holdings(game):
        for m in a.melds:
            seen[(m.kind, tuple(sorted(m.cards)))].add(m.points)
    by_shape: dict[tuple[str, str], set[int]] = defaultdict(set)
    for (kind, cards), pts in seen.items():
        by_shape[(kind, _shape(game, cards))] |= pts
    checked = 0
    for text in _page_melds(game):
        kind, _, cards = text.partition(":")
        names = {kind.strip(), *_ALIASES.get(kind.strip(), ())}
        found = set().union(
            *(by_shape.get((k, _shape(game, tuple(sorted(cards.split()))))) or set() for k in names)
        )
        if found:
            checked += 1
            assert found == {rules_tables.meld_worth(game, text)}, (game, text, found)
    assert checked >= 5, (game, checked)  # most rows meet a lesson holding


_ALIASES = {"shun": ("chi",), "jiao": ("chi",), "sao": ("wei",), "guosao": ("chouwei",),
            "kaiduo": ("pao",), "saochuan": ("ti",)}  # fmt: skip


def _shape(game: str, cards: tuple[str, ...]) -> str:
    """What decides a group's worth besides its kind: the sizes and the scoring runs
    (字牌), the 经牌 and the sum (川牌)."""
    if find_game(game).info.family == "zipai":
        values = sorted(int(c[1:]) for c in cards)
        sizes = "".join(sorted({c[0] for c in cards}))
        special = values in ([1, 2, 3], [2, 7, 10])
        return f"{sizes}{'-scoring' if special else ''}"
    if any(c in ("cs", "ty") for c in cards):
        return "jing"
    if len(cards) == 2:
        return str(sum(int(c[0]) + int(c[1]) for c in cards))  # the 挤儿's sum
    return "plain"


def _span_of(rows, x: int):  # type: ignore[no-untyped-def]
    for row in rows:
        span = next(c for c in row if isinstance(c, rules_tables.Span))
        if span.low <= x and (span.high is None or x <= span.high):
            return row
    return None


def _settlement_lines(game: str):  # type: ignore[no-untyped-def]
    for a in _holdings(game):
        for count in (a.count, a.settlement):
            yield from (count.lines if count else ())


def test_hunan_tun_and_mingtang_are_what_the_lessons_wins_are_paid():
    tun, mt = rules_tables.generated("hunan-tun"), rules_tables.generated("hunan-mingtang")
    checked = 0
    for ln in _settlement_lines("hunan"):
        if ln.code == "zp-tun" and (row := _span_of(tun, ln.params["huxi"])) is not None:
            assert row[1] == ln.points, ln
            checked += 1
        if ln.code in {k.key for k, *_ in mt}:  # type: ignore[attr-defined]
            row = next(r for r in mt if r[0] == rules_tables.Key(ln.code))
            assert row[2] == rules_tables.Times(ln.points), ln
            assert _span_of([row], ln.params["red"]) is not None, ln
            checked += 1
    assert checked >= 3


def test_guilin_duo_is_what_the_lessons_wins_are_paid():
    duo = rules_tables.generated("guilin-duo")
    checked = 0
    for ln in _settlement_lines("guilin"):
        if ln.code == "zp-duo" and (row := _span_of(duo, ln.params["hu"])) is not None:
            assert row[1] == ln.points, ln
            checked += 1
    assert checked >= 1
    assert dict((r[0].key, r[1].n) for r in rules_tables.generated("guilin-extras"))["zp-zimo"] == 1  # type: ignore[union-attr]


def test_the_trick_games_levels_are_what_analyze_counts():
    game = find_game("chuanpai-tricks")
    rules = game.rules({"fan": "none"})
    levels = rules_tables.generated("tricks-levels")
    deck = list(game.deck(rules))
    for n in range(16, 30):
        pile = sorted(deck, key=lambda c: (deck.index(c) % 21, deck.index(c)))[:n]
        a = game.analyze(game.holding(" ".join(pile), (), {}, rules), rules)
        row = _span_of(levels, n)
        assert row is not None and row[2] == a.count.lines[1].points, (n, row)  # type: ignore[union-attr]
        assert row[0] == rules_tables.Key(a.count.lines[1].code)  # type: ignore[union-attr]


def test_nantong_tables_are_what_analyze_counts_in_the_lessons():
    tables = {
        2: {r[0].key: r[1:] for r in rules_tables.generated("nantong-rows-2")},  # type: ignore[union-attr]
        1: {r[0].key: r[1:] for r in rules_tables.generated("nantong-rows-1")},  # type: ignore[union-attr]
    }
    made = ("peng", "an-ke", "ming-gang", "an-gang", "long")
    checked = 0
    for a in _holdings("nantong"):
        generals = (a.extra or {}).get("rules", {}).get("generals", 2) if hasattr(a, "extra") else 2
        for ln in a.count.lines if a.count else ():
            kind = ln.code.removeprefix("nt-")
            if kind in made and "row" in ln.params:
                for rows in tables.values():
                    if (
                        ln.params["row"] in rows
                        and rows[ln.params["row"]][made.index(kind)] == ln.points
                    ):
                        checked += 1
                        break
                else:
                    pytest.fail(f"{ln} matches no row of the page's tables ({generals})")
    assert checked >= 10
    wenqian = dict(rules_tables.generated("nantong-wenqian"))  # type: ignore[arg-type]
    found = {ln.points for ln in _settlement_lines("nantong") if ln.code == "nt-wenqian"}
    assert found and found <= set(wenqian.values())


@pytest.mark.parametrize("lang", LANGS)
def test_the_tables_on_the_page_show_the_engines_numbers(client, lang):
    rows = _read(client, "hunan", lang).rows
    small, big = (rules_tables.meld_worth("hunan", f"peng: {c} {c} {c}") for c in ("x5", "d5"))
    assert f"{small} / {big}" in [r[-1] for r in rows]  # the row of 碰
    assert ["15–17", "1"] in rows and ["18–20", "2"] in rows
    nantong = _read(client, "nantong", lang).rows
    assert any(r[1:] == ["2", "4", "8", "12", "16"] for r in nantong), nantong
    tricks = _read(client, "chuanpai-tricks", lang).rows
    assert any(r[1:] == ["16–20", "1"] for r in tricks), tricks


def test_the_minimum_a_page_states_is_the_engines_default():
    for game, point in (("hunan", "hunan-goingout-minimum"), ("guilin", "guilin-goingout-minimum")):
        minimum = str(find_game(game).default_rules.min_huxi)  # type: ignore[attr-defined]
        lines = [ln for ln in all_pages()[game].all_lines if ln.point == point]
        assert lines and all(minimum in ln.text.en for ln in lines), game


# -- the schema ------------------------------------------------------------------------


def _doc(**changes):  # type: ignore[no-untyped-def]
    text = {"zh": "一", "en": "one"}
    line = {"point": "hunan-flow-players", "text": text}
    sections = [{"id": s, "title": text, "lines": [line]} for s in SECTIONS]
    data = {"game": "hunan", "intro": text, "sections": sections, **changes}
    return RulesDoc.model_validate(data)


def test_the_schema_refuses_a_typed_number_sections_out_of_order_and_unknown_keys():
    text = {"zh": "一", "en": "one"}
    line = {"point": "hunan-flow-players", "text": text}
    ok = [{"id": s, "title": text, "lines": [line]} for s in SECTIONS]
    _doc(sections=ok)
    table = {"caption": text, "head": [text], "rows": [[{"words": "worth 3"}]]}
    with pytest.raises(pydantic.ValidationError, match="engine"):
        _doc(sections=[{**ok[0], "tables": [table]}, *ok[1:]])
    table["rows"] = [[{"meld": ["peng: x3 x3 x3"]}]]
    _doc(sections=[{**ok[0], "tables": [table]}, *ok[1:]])
    with pytest.raises(pydantic.ValidationError, match="in order"):
        _doc(sections=list(reversed(ok)))
    with pytest.raises(pydantic.ValidationError):
        _doc(sections=[{**ok[0], "colour": "red"}, *ok[1:]])


def test_a_file_is_named_after_its_game(tmp_path):
    path = tmp_path / "guilin.yaml"
    path.write_text((CHECKLISTS.parent / "rules" / "hunan.yaml").read_text(encoding="utf-8"))
    with pytest.raises(ValueError, match="named hunan.yaml"):
        read_rules(path)


@pytest.mark.slow  # a sweep of every route, page or sample: the whole suite only
def test_content_check_names_a_line_no_step_teaches_and_a_count_it_cannot_read(
    tmp_path, monkeypatch
):
    from app.content.check import check
    from app.learning import rules_pages

    assert not check()
    source = (CHECKLISTS.parent / "rules" / "nantong.yaml").read_text(encoding="utf-8")
    broken = source.replace("point: nantong-flow-first-dealer", "point: nantong-no-such-point")
    broken = broken.replace("line: nt-zimo}", "line: nt-no-such-line}")
    (tmp_path / "nantong.yaml").write_text(broken, encoding="utf-8")
    monkeypatch.setattr(rules_pages, "RULES", tmp_path)
    found = rules_pages.problems()
    assert any("'nantong-no-such-point' is taught by no lesson step" in p for p in found)
    assert any("nt-no-such-line" in p for p in found)
    assert any("no rules page for hunan" in p for p in found)


# These tests read pages and store nothing a database treats differently: SQLite alone.
pytestmark = pytest.mark.render_only
