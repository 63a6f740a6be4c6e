"""The glossary in pinyin order ignoring tones, with a search box and a filter by game
(issue 40, point 5)."""

from __future__ import annotations

import re
import unicodedata

import pytest

from app.learning.glossary import terms


def toneless(p: str) -> str:
    bare = unicodedata.normalize("NFD", p.lower())
    return "".join(c for c in bare if not unicodedata.combining(c)).replace(" ", "")


def shown(html: str) -> list[str]:
    return re.findall(r'<div class="term-entry" id="term-([a-z0-9-]+)"', html)


@pytest.mark.render_only
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_glossary_is_in_pinyin_order_and_searches_and_filters(app, client, lang):
    headers = {"Accept-Language": lang}
    every = terms()
    html = client.get("/glossary", headers=headers).get_data(as_text=True)
    ids = shown(html)
    assert len(ids) == len(every)
    keys = [toneless(every[i].pinyin) for i in ids]
    assert keys == sorted(keys)
    assert 'type="search"' in html and 'name="game"' in html
    some = every[ids[len(ids) // 2]]
    for q in (some.hanzi, toneless(some.pinyin)):
        found = shown(client.get("/glossary", query_string={"q": q}, headers=headers).text)
        assert some.id in found and len(found) < len(ids), q
    nantong = shown(client.get("/glossary?game=nantong", headers=headers).text)
    assert nantong and all("nantong" in every[i].games for i in nantong)
    assert len(nantong) < len(ids)
    none = client.get("/glossary?q=zzzzqqq", headers=headers).get_data(as_text=True)
    assert shown(none) == [] and ("没有" in none if lang == "zh" else "No term matches" in none)


@pytest.mark.render_only
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_term_english_calls_by_its_pinyin_shows_the_pinyin_once(app, client, lang):
    """板凳 bǎndèng, not 板凳 bǎndèng bǎndèng; a term with an English name keeps it."""
    html = client.get("/glossary", headers={"Accept-Language": lang}).get_data(as_text=True)
    entry = html[html.index('id="term-bandeng"') :]
    entry = entry[: entry.index("</dt>")]
    assert entry.count("bǎndèng") == 1 and 'class="term-en"' not in entry
    entry = html[html.index('id="term-banbianjiang"') :]
    assert 'class="term-en" lang="en">half generals<' in entry[: entry.index("</dt>")]
