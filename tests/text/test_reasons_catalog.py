"""The ``reasons`` catalogs (translations/<folder>/LC_MESSAGES/reasons.po): the sentence of
every code the engine and the exercises can produce, in every written language, with the
same placeholders; read without Flask by app.text.messages.render."""

from __future__ import annotations

import ast
import string
import subprocess
import sys
from collections.abc import Iterator
from functools import cache

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from app.config import ROOT
from app.engine.core.registry import all_variants
from app.text import catalog, languages
from app.text.messages import BY_GAME, DOMAIN, MESSAGES, region_label, render, template

ENGINE = ROOT / "app" / "engine"
#: the engine's calls whose first argument is a code with a sentence
CODE_CALLS = {"EngineError", "Reason"}

Key = tuple[str | None, str]  # (context, code)


@cache
def _po(code: str) -> Catalog:
    path = catalog.folder_of(code) / f"{DOMAIN}.po"
    with path.open("rb") as fh:
        return read_po(fh, locale=languages.get(code).folder)


def _entries(code: str) -> dict[Key, str]:
    return {(m.context, str(m.id)): str(m.string) for m in _po(code) if m.id}


def _fields(text: str) -> set[str]:
    """The parameters a template takes (a game term ``{w:...}`` is filled by render)."""
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name} - {"w"}


def _literal_codes() -> Iterator[str]:
    """The codes the engine's source names: the first argument of ``EngineError(...)``
    and ``Reason(...)``, a ``why="detail-..."`` kind, every ``*_CODES`` tuple or set."""
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                first = (
                    node.args[0].value
                    if node.args and isinstance(node.args[0], ast.Constant)
                    else None
                )
                if name in CODE_CALLS and isinstance(first, str):
                    yield first
                for kw in node.keywords:
                    if kw.arg == "why" and isinstance(kw.value, ast.Constant):
                        yield str(kw.value.value)


def _declared_codes() -> set[str]:
    from app.engine.chuanpai import common as cp_common
    from app.engine.chuanpai import melds as cp_melds
    from app.engine.chuanpai.pairing import reasons as cp_pairing
    from app.engine.chuanpai.pairing import strong as cp_pairing_strong
    from app.engine.chuanpai.tricks import reasons as cp_tricks
    from app.engine.chuanpai.tricks import settle as cp_tricks_settle
    from app.engine.chuanpai.tricks import strong as cp_tricks_strong
    from app.engine.core import coaching
    from app.engine.nantong import count as nt_count
    from app.engine.nantong import refusals as nt_refusals
    from app.engine.nantong import rules as nt_rules
    from app.engine.nantong import strong as nt_strong
    from app.engine.zipai import analysis as zp_analysis
    from app.engine.zipai import reasons as zp_reasons
    from app.engine.zipai import settle as zp_settle
    from app.engine.zipai import strong as zp_strong

    modules = (
        cp_common,
        cp_melds,
        cp_pairing,
        cp_pairing_strong,
        cp_tricks,
        cp_tricks_settle,
        cp_tricks_strong,
        coaching,
        nt_count,
        nt_refusals,
        nt_rules,
        nt_strong,
        zp_analysis,
        zp_reasons,
        zp_settle,
        zp_strong,
    )
    out: set[str] = set()
    for module in modules:
        for name, value in vars(module).items():
            if name.endswith("_CODES") and isinstance(value, tuple | frozenset | set):
                out |= {v for v in value if isinstance(v, str)}
    return out


def _misconception_codes() -> set[str]:
    from app.learning.misconceptions import catalog as misconceptions

    return {code for v in all_variants() for code in misconceptions(v.id)}


def test_every_written_language_has_the_catalog_with_the_same_entries():
    written = languages.written()
    assert len(written) >= 2
    keys = {code: set(_entries(code)) for code in written}
    first = keys[written[0]]
    for code in written[1:]:
        assert keys[code] == first, (
            code,
            sorted(first - keys[code])[:10],
            sorted(keys[code] - first)[:10],
        )


@pytest.mark.parametrize("lang", languages.written())
def test_no_empty_or_fuzzy_sentence(lang: str):
    po = _po(lang)
    assert not po.fuzzy
    for m in po:
        if m.id:
            assert str(m.string).strip(), (lang, m.context, m.id)
            assert not m.fuzzy, (lang, m.context, m.id)


def test_every_sentence_has_the_same_placeholders_in_every_language():
    written = languages.written()
    entries = {code: _entries(code) for code in written}
    for key, text in entries[written[0]].items():
        for code in written[1:]:
            assert _fields(entries[code][key]) == _fields(text), (key, code)


def test_a_game_s_own_sentence_is_a_game_s_and_takes_the_common_parameters():
    games = {v.id for v in all_variants()}
    for code in languages.written():
        entries = _entries(code)
        for (context, msgid), text in entries.items():
            if context is None:
                continue
            assert context in games, (context, msgid)
            common = entries.get((None, msgid))
            assert common is not None, f"{context} sentence of {msgid!r}, a code with no common one"
            assert _fields(text) == _fields(common), (context, msgid)


def test_the_catalog_is_sorted_by_code():
    for code in languages.written():
        ids = [(str(m.id), m.context or "") for m in _po(code) if m.id]
        assert ids == sorted(ids), code


def test_every_code_the_engine_can_produce_has_a_sentence_in_every_written_language():
    codes = set(_literal_codes()) | _declared_codes() | _misconception_codes()
    assert len(codes) > 300
    for lang in languages.written():
        entries = _entries(lang)
        missing = sorted(c for c in codes if not entries.get((None, c), "").strip())
        assert not missing, (lang, missing)


def test_the_table_view_reads_the_catalogs():
    assert set(MESSAGES) == {c for ctx, c in _entries("en") if ctx is None}
    assert MESSAGES["seat-number"] == {"zh": "{n} 号位", "en": "Seat {n}"}
    assert "zp-no-discard-needed" in BY_GAME["guilin"]
    assert "no-such-code" not in MESSAGES
    with pytest.raises(KeyError):
        MESSAGES["no-such-code"]


def test_render_reads_the_game_s_own_sentence_first():
    own = template("zp-no-discard-needed", "en", "guilin")
    common = template("zp-no-discard-needed", "en", "hunan")
    assert own and common and own != common
    assert template("zp-no-discard-needed", "en") == common
    assert template("no-such-code", "zh") is None
    assert render("no-such-code", {"a": 1}, "zh") == "no-such-code (a=1)"


def test_every_language_renders_along_its_chain():
    for code in languages.codes():
        text = render("seat-number", {"n": 2}, code)
        assert "2" in text and "{" not in text
    assert render("seat-number", {"n": 2}, "fr") == render("seat-number", {"n": 2}, "en")
    # a language without its own catalog falls back (zh-Hant: zh until generated)
    assert render("unknown-card", {"token": "zz"}, "zh-Hant") in {
        render("unknown-card", {"token": "zz"}, "zh"),
        catalog.gettext("zh-Hant", "unknown-card", domain=DOMAIN).format(token="zz"),
    }


def test_prose_parameters_are_shown_in_the_language_asked_for():
    from app.text.localized import Text

    prose = {"zh": "中文", "en": "English"}
    assert render("coach-win", {"action": prose}, "en") == "Take the win: English."
    assert "中文" in render("coach-win", {"action": prose}, "zh")
    assert "中文" in render("coach-win", {"action": Text("中文", "English")}, "zh-Hant")


def test_region_labels():
    from app.engine.chuanpai.cards import REGIONAL_NAMES

    for region in REGIONAL_NAMES:
        for lang in languages.written():
            assert not region_label(region, lang).startswith("region-"), (region, lang)


def test_render_needs_no_flask():
    code = (
        "import sys\n"
        "from app.text.messages import render\n"
        "print(render('seat-number', {'n': 3}, 'zh'))\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'flask_babel')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["3 号位", "[]"]
