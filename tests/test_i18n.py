"""Every catalog entry is translated; pages follow the locale rules."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from app.config import ROOT

CATALOGS = sorted((ROOT / "translations").glob("*/LC_MESSAGES/messages.po"))


def test_every_language_has_its_catalog():
    from app.text import languages

    assert {p.parts[-3] for p in CATALOGS} == {lang.folder for lang in languages.all_languages()}


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.parts[-3])
def test_no_missing_empty_or_fuzzy_entry(po: Path):
    with po.open("rb") as fh:
        catalog = read_po(fh)
    with (ROOT / "translations" / "messages.pot").open("rb") as fh:
        template = read_po(fh)
    problems = []
    for m in template:
        if m.id and catalog.get(m.id, context=m.context) is None:
            problems.append(f"missing: {m.id!r}" + (f" ({m.context})" if m.context else ""))
    for m in catalog:
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if not all(s.strip() for s in strings):
            problems.append(f"empty: {m.id!r}")
        if m.fuzzy:
            problems.append(f"fuzzy: {m.id!r}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.parts[-3])
def test_placeholders_match(po: Path):
    import re

    with po.open("rb") as fh:
        catalog = read_po(fh)
    pat = re.compile(r"%\((\w+)\)s")
    for m in catalog:
        if m.id and isinstance(m.id, str):
            assert set(pat.findall(m.id)) == set(pat.findall(m.string)), m.id


@pytest.mark.slow  # a sweep of every route, page or sample: the whole suite only
def test_template_is_current():
    """Every msgid in the code and templates is in messages.pot (run `make catalogs`)."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open() as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    found = set()
    for _fn, _ln, msg, _c, _ctx in extract_from_dir(
        str(ROOT),
        method_map,
        options_map,
        keywords={"_": None, "gettext": None, "_l": None, "lazy_gettext": None, "ngettext": (1, 2)},
    ):
        found.add(msg if isinstance(msg, str) else msg[0])
    with (ROOT / "translations" / "messages.pot").open("rb") as fh:
        known = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(fh) if m.id}
    assert not (found - known), f"run `make catalogs`: {sorted(found - known)[:5]}"


def test_compiled_catalog_gives_chinese(client):
    """Uncompiled catalogs would make pages silently English."""
    body = client.get("/", headers={"Accept-Language": "zh-CN"}).get_data(as_text=True)
    assert "学打中国长牌" in body and '<html lang="zh-Hans">' in body


@pytest.mark.parametrize(
    ("accept", "cookie", "expected"),
    [
        (None, None, "zh-Hans"),
        ("en-US,en;q=0.9", None, "en"),
        ("fr-FR", None, "zh-Hans"),
        ("zh-TW,zh;q=0.9", None, "zh-Hant"),
        ("zh-HK", None, "zh-Hant"),
        ("en-US", "zh-Hant", "zh-Hant"),
        ("en-US", "zh", "zh-Hans"),
        ("zh-CN", "en", "en"),
    ],
)
def test_locale_choice(client, accept, cookie, expected):
    headers = {"Accept-Language": accept} if accept else {}
    if cookie:
        client.set_cookie("lang", cookie)
    body = client.get("/", headers=headers).get_data(as_text=True)
    assert f'<html lang="{expected}">' in body


@pytest.mark.parametrize(
    "path", ["/", "/about/cards", "/account/signin", "/account/signup", "/no-such-page"]
)
def test_switch_on_every_page_keeps_the_page(client, csrf, path):
    body = client.get(path).get_data(as_text=True)
    assert 'action="/lang"' in body
    assert f'name="next" value="{path}"' in body
    r = client.post("/lang", data={"csrf_token": csrf(path), "lang": "en", "next": path})
    assert r.status_code == 303 and r.headers["Location"] == path
    assert '<html lang="en">' in client.get(path).get_data(as_text=True)


@pytest.mark.parametrize(
    "target", ["https://evil.example/", "//evil.example/x", "javascript:alert(1)"]
)
def test_switch_never_redirects_off_site(client, csrf, target):
    r = client.post("/lang", data={"csrf_token": csrf(), "lang": "en", "next": target})
    assert r.headers["Location"] == "/"


def test_unknown_language_is_refused(client, csrf):
    r = client.post("/lang", data={"csrf_token": csrf(), "lang": "fr", "next": "/"})
    assert r.status_code == 400


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_templates_underscore_answers_as_jinjas_new_style_gettext(app, lang):
    """``_()`` in templates (app.i18n.template_gettext, which keeps each catalog's answers)
    gives what Jinja's own new-style gettext gives: markup where the template escapes,
    variables escaped into it, ``%%`` as ``%``, plain text where it does not escape."""
    from jinja2.ext import _make_new_gettext

    from app.i18n import translations

    jinja_own = _make_new_gettext(lambda s: translations().ugettext(s))
    sources = [
        "{{ _('Lessons') }}",
        "{{ _('Step %(n)s of %(total)s', n='<b>&', total=3) }}",
        "{{ _('Your rating: %(r)s', r=1500) }}",
        "{{ _('100%% sure, a < b') }}",
        "{% autoescape false %}{{ _('Step %(n)s of %(total)s', n='<i>', total=2) }}{% endautoescape %}",
        "{% autoescape false %}{{ _('Lessons') }}{% endautoescape %}",
    ]
    for _round in range(2):  # the second time from what the catalog kept
        with app.test_request_context("/", headers={"Cookie": f"lang={lang}"}):
            for source in sources:
                ours = app.jinja_env.from_string(source).render()
                theirs = app.jinja_env.from_string(source, globals={"_": jinja_own}).render()
                assert ours == theirs, source
    with app.test_request_context("/", headers={"Cookie": "lang=zh"}):
        assert app.jinja_env.from_string("{{ _('Lessons') }}").render() == "课程"


# These tests read pages and store nothing a database treats differently: SQLite alone.
pytestmark = pytest.mark.render_only
