"""Languages as configuration, and Traditional Chinese (zh-Hant) as the third (issue 38).

- the list (translations/languages.toml) and a browser's tags;
- the switcher (简 / 繁 / EN) on every page, the choice kept by cookie and account;
- every page kind in zh-Hant: ``<html lang="zh-Hant">`` and no Simplified-only character
  (the conversion table's, translations/zh_Hant/simplified-only.txt), no 鬍;
- the generated files current (scripts/derive_languages.py --check).
"""

from __future__ import annotations

import importlib.util
import re
from functools import cache
from pathlib import Path

import pytest

from app.learning.lessons import path_of
from app.text import languages
from app.text.localized import Text

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["hunan", "guilin", "chuanpai", "chuanpai-tricks", "nantong"]


# ----------------------------------------------------------------------- the list
def test_the_languages_are_a_list_in_configuration():
    assert languages.codes() == ("zh", "zh-Hant", "en")
    assert languages.written() == ("zh", "en")
    hant = languages.get("zh-Hant")
    assert hant.chain == ("zh-Hant", "zh", "en") and hant.derive_from == "zh"
    assert languages.get("zh_Hant") is hant  # the catalogs' folder names it too
    assert languages.chinese("zh-Hant") and languages.chinese("zh") and not languages.chinese("en")
    assert [lang.short for lang in languages.all_languages()] == ["简", "繁", "EN"]


@pytest.mark.parametrize(
    ("tag", "code"),
    [
        ("zh-TW", "zh-Hant"),
        ("zh-HK", "zh-Hant"),
        ("zh-Hant", "zh-Hant"),
        ("zh-Hant-TW", "zh-Hant"),
        ("zh_hant", "zh-Hant"),
        ("zh-CN", "zh"),
        ("zh-SG", "zh"),
        ("zh", "zh"),
        ("zh-Hans-CN", "zh"),
        ("en-GB", "en"),
        ("en", "en"),
        ("fr", None),
    ],
)
def test_a_browser_tag_picks_its_language(tag, code):
    found = languages.match(tag)
    assert (found.code if found else None) == code


def test_a_text_falls_back_along_the_chain_and_zh_hant_is_derived():
    t = Text("长牌", "long cards")
    assert t.get("zh") == "长牌" and t.get("en") == "long cards"
    assert t.get("zh-Hant") == "長牌"  # generated, not Simplified
    assert Text.of({"zh": "长牌", "zh-Hant": "長牌！", "en": "x"}).get("zh-Hant") == "長牌！"
    assert Text(en="only English").get("zh-Hant") == "only English"
    assert t.get("fr") == "long cards"  # a language the app does not offer: English


# ------------------------------------------------------------------ on the pages
def _urls() -> list[str]:
    urls = [
        "/",
        "/today",
        "/lessons/",
        "/glossary",
        "/train/zipai?mode=pick",
        "/progress/",
        "/review",
        "/compare",
        "/practice/",
        "/play/",
        "/exercises/",
        "/cards/",
        "/cards/zipai",
        "/cards/chuanpai",
        "/cards/nantong",
        "/about/cards",
        "/account/signin",
        "/account/signup",
        "/exercises/",
        "/exercises/nantong.demo-count-1",
        "/practice/hunan/count",
        "/practice/hunan/editor",
        "/today",
    ]
    for game in GAMES:
        urls += [
            f"/lessons/{game}/",
            f"/rules/{game}",
            f"/practice/{game}/",
            f"/quiz/{game}/",
            f"/progress/{game}",
            f"/play/{game}/",
        ]
        for lesson in path_of(game)[:2]:
            urls += [f"/lessons/{game}/{lesson.id}/{step.id}" for step in lesson.steps]
    return urls


@cache
def simplified_only() -> frozenset[str]:
    lines = (ROOT / "translations/zh_Hant/simplified-only.txt").read_text("utf-8").splitlines()
    return frozenset("".join(line for line in lines if not line.startswith("#")))


def visible_text(html: str) -> str:
    html = re.sub(r'<form class="lang-switch".*?</form>', " ", html, flags=re.S)  # 简 itself
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r"<!--.*?-->", " ", html, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", html)
    # the attributes a person reads: labels, titles, placeholders
    text += " ".join(re.findall(r'(?:aria-label|title|alt|placeholder)="([^"]*)"', html))
    for lang in languages.all_languages():  # each language named in itself (简体中文)
        text = text.replace(lang.name, " ")
    return text


def simplified_in(html: str) -> str:
    """The Simplified-only characters of a page's prose, each with a little context."""
    text = visible_text(html)
    only = simplified_only()
    hits = [m.start() for m in re.finditer(r"[\u3400-\u9fff]", text) if m.group() in only]
    return " | ".join(text[max(0, i - 6) : i + 6].strip() for i in hits[:8])


def latin_words(html: str) -> set[str]:
    return set(re.findall(r"[A-Za-z]{3,}", visible_text(html)))


@pytest.mark.render_only
def test_every_page_kind_in_zh_hant_has_no_simplified_character(app, client):
    """Each page in Traditional: no Simplified-only character, no 鬍, and no English the
    Simplified page does not show too (a text that took English for 'not zh')."""
    failures = []
    for url in _urls():
        resp = client.get(url, headers={"Accept-Language": "zh-TW,zh;q=0.8"})
        assert resp.status_code == 200, url
        html = resp.get_data(as_text=True)
        assert '<html lang="zh-Hant">' in html, url
        found = simplified_in(html)
        if found or "鬍" in html:
            failures.append(f"{url}: {found or '鬍'}")
        simplified = client.get(url, headers={"Accept-Language": "zh-CN"}).get_data(as_text=True)
        english = latin_words(html) - latin_words(simplified)
        if english:
            failures.append(f"{url}: English on the Traditional page only: {sorted(english)[:8]}")
    assert failures == [], "\n".join(failures)


@pytest.mark.parametrize("game", GAMES)
def test_a_deal_at_the_table_in_zh_hant(app, client, csrf, game):
    client.set_cookie("lang", "zh-Hant")
    token = csrf(f"/play/{game}/")
    resp = client.post(f"/play/{game}/", data={"csrf_token": token}, follow_redirects=True)
    assert resp.status_code == 200
    html = resp.get_data(as_text=True)
    assert '<html lang="zh-Hant">' in html and "play-table" in html
    assert not simplified_in(html) and "鬍" not in html, simplified_in(html)


@pytest.mark.render_only
@pytest.mark.parametrize("tag", ["zh-TW", "zh-HK", "zh-Hant"])
def test_accept_language_picks_traditional(app, client, tag):
    html = client.get("/", headers={"Accept-Language": tag}).get_data(as_text=True)
    assert '<html lang="zh-Hant">' in html
    assert "長牌學堂" in html


@pytest.mark.render_only
def test_the_switcher_offers_three_and_keeps_the_choice(app, client, csrf):
    html = client.get("/lessons/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    buttons = re.findall(r'<button type="submit" name="lang" value="([^"]+)"[^>]*>([^<]+)<', html)
    assert buttons == [("zh", "简"), ("zh-Hant", "繁"), ("en", "EN")]
    resp = client.post(
        "/lang", data={"lang": "zh-Hant", "next": "/lessons/", "csrf_token": csrf("/lessons/")}
    )
    assert resp.status_code == 303 and "lang=zh-Hant" in resp.headers["Set-Cookie"]
    html = client.get("/lessons/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="zh-Hant">' in html
    assert re.search(r'value="zh-Hant"[^>]*aria-current="true"', html)


# ------------------------------------------------------------ the generated files
@pytest.mark.slow  # runs OpenCC over every Simplified text (7 s)
def test_the_generated_traditional_files_are_current():
    """`make catalogs` writes zh-Hant from zh; a change to the Simplified (a catalog, the
    content, the term table) without running it fails here."""
    spec = importlib.util.spec_from_file_location(
        "derive_languages", ROOT / "scripts" / "derive_languages.py"
    )
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    stale = [str(p.relative_to(ROOT)) for p in module.stale()]
    assert stale == [], f"run `make catalogs`: {stale}"


# ------------------------------------------------------------------ the engine's CLI
@pytest.mark.parametrize(
    "argv",
    [
        ["analyze", "hunan", "--hand", "x1 x2 x3"],
        ["decode", "hunan", "--code", "v1~hunan~-~garbage"],
        ["analyze", "mahjong", "--hand", "x1"],
    ],
)
def test_the_engine_cli_speaks_traditional(capsys, argv):
    """``python -m app.engine … --lang zh-Hant``: the same sentence as ``--lang zh``, in
    Traditional characters (from the generated catalogs, without Flask)."""
    import json

    from app.engine.cli import main

    main([*argv, "--lang", "zh"])
    simplified = json.loads(capsys.readouterr().out)["error"]["message"]
    main([*argv, "--lang", "zh-Hant"])
    traditional = json.loads(capsys.readouterr().out)["error"]["message"]
    assert traditional != simplified and len(traditional) == len(simplified)
    assert not [ch for ch in traditional if ch in simplified_only()], traditional


# ------------------------------------------------------------ prose in one place
#: the Python files outside the engine that may hold Chinese characters, and why
CHINESE_IN_PYTHON = {
    "app/classes/pinyin.py": "the surname readings a roster sorts by (a table of characters)",
    "app/passwords.py": "the site's own name, refused as a password",
    "app/content/scan.py": "the pattern of a seat counted from zero in Chinese prose",
    "app/classes/forms.py": "a help text's example surnames (its msgid, in the catalogs too)",
    "app/accounts/forms.py": "a comment's example of a two-character name",
}


def test_at_most_five_python_files_outside_the_engine_hold_chinese():
    """Prose lives in the catalogs and the content files (issue 38): a Python file
    outside the engine with Chinese in it is one of the listed few."""
    han = re.compile(r"[\u3400-\u9fff]")
    found = sorted(
        str(path.relative_to(ROOT))
        for folder in ("app", "scripts")
        for path in (ROOT / folder).rglob("*.py")
        if not str(path.relative_to(ROOT)).startswith("app/engine/")
        and han.search(path.read_text("utf-8"))
    )
    assert found == sorted(CHINESE_IN_PYTHON), found
    assert len(CHINESE_IN_PYTHON) <= 5


@pytest.mark.parametrize("lang", ["zh-Hant", "zh", "en"])
def test_a_wrong_then_a_right_answer_in_each_language(app, client, csrf, lang):
    """Answering is where the page's language meets the catalogs most (the verdict, the
    misconception's sentence, the stored answer in words): in zh-Hant, Traditional."""
    from test_record import answer

    client.set_cookie("lang", lang)
    for number in ("0", "1"):
        resp = answer(client, csrf, number)  # the verdict swapped in
        assert resp.status_code == 200, (lang, number, resp.status_code)
        html = resp.get_data(as_text=True)
        if lang == "zh-Hant":
            assert not simplified_in(html), simplified_in(html)
    history = client.get("/progress/").get_data(as_text=True)
    if lang == "zh-Hant":
        assert not simplified_in(history), simplified_in(history)


def test_an_account_keeps_traditional(app, client, csrf, signup):
    """The account's language may be zh-Hant: chosen in the settings, kept by the account
    (a new browser of the same member gets it without a cookie)."""
    signup("hant1")
    token = csrf("/account/")
    resp = client.post("/account/", data={"csrf_token": token, "locale": "zh-Hant"})
    assert resp.status_code in (200, 303)
    client.delete_cookie("lang")
    html = client.get("/account/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="zh-Hant">' in html
    assert re.search(r'value="zh-Hant"[^>]*checked|checked[^>]*value="zh-Hant"', html), html
    assert not simplified_in(html), simplified_in(html)
