"""The texts a derived language (zh-Hant, from zh) needs converted, outside the catalogs.

``scripts/derive_languages.py`` (at ``make catalogs``, with OpenCC) writes each of them with
its conversion into ``translations/<folder>/LC_MESSAGES/derived.po``; :func:`problems`
(``academy content check``, without OpenCC) reports a text that has none there yet, and a
derived language's generated files that are missing.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from typing import Any

from app.config import ROOT
from app.text import catalog, languages
from app.yamlfile import load_yaml

CJK = re.compile(r"[\u3400-\u9fff]")
CONTENT = ROOT / "content"


def _texts_in(node: Any, src: str, under: bool = False) -> Iterator[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _texts_in(value, src, under or key == src)
    elif isinstance(node, list):
        for value in node:
            yield from _texts_in(value, src, under)
    elif isinstance(node, str) and under and CJK.search(node):
        yield node


def content_texts(src: str) -> Iterator[str]:
    """Every text written under a ``src`` key of the content files (not the per-language
    folders, which are converted whole)."""
    for path in sorted(CONTENT.rglob("*")):
        rel = path.relative_to(CONTENT)
        if rel.parts[0] in languages.codes() or not path.is_file():
            continue
        if path.suffix in (".yaml", ".yml"):
            data = load_yaml(path.read_text(encoding="utf-8"))
        elif path.suffix == ".json":
            data = json.loads(path.read_text(encoding="utf-8"))
        else:
            continue
        yield from _texts_in(data, src)
        if rel.name in ("terms.yaml", "glossary.yaml"):
            yield from _texts_in(data, src, True)  # words given without a language key


def python_texts() -> Iterator[str]:
    """Chinese string constants still written in Python (outside the engine)."""
    for path in sorted((ROOT / "app").rglob("*.py")):
        if "engine" in path.relative_to(ROOT / "app").parts[:1] or path.name == "pinyin.py":
            continue  # the engine's own; the surname readings a roster sorts by (not shown)
        source = path.read_text(encoding="utf-8")
        if not CJK.search(source):
            continue  # most files: nothing to parse for
        tree = ast.parse(source)
        docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
                continue
            if CJK.search(node.value) and id(node) not in docs:
                yield node.value


def source_texts(src: str) -> set[str]:
    """Every text of ``src`` a derived language reads through its ``derived`` catalog, as
    written and stripped (the app reads most texts stripped)."""
    texts = set(content_texts(src)) | set(python_texts())
    return texts | {text.strip() for text in texts}


def problems() -> Iterator[str]:
    for lang in languages.derived():
        assert lang.derive_from is not None
        folder = catalog.TRANSLATIONS / lang.folder / "LC_MESSAGES"
        for po in sorted(catalog.folder_of(lang.derive_from).glob("*.po")):
            if not (folder / po.name).exists():
                yield f"translations/{lang.folder}: no {po.name} (run `make catalogs`)"
        if not (folder / "derived.po").exists():
            yield f"translations/{lang.folder}: no derived.po (run `make catalogs`)"
            continue
        missing = [
            text
            for text in source_texts(lang.derive_from)
            if not catalog.has(lang.code, text, domain="derived")
        ]
        for text in sorted(missing)[:20]:
            yield (
                f"translations/{lang.folder}/LC_MESSAGES/derived.po: no {lang.code} text for "
                f"{text[:30]!r} (run `make catalogs`)"
            )
        if len(missing) > 20:
            yield f"translations/{lang.folder}: {len(missing) - 20} more texts without theirs"
