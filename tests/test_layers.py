"""The house's layers, checked: no module imports one of a higher layer, at the top of a
file or inside a function, and no two packages import each other.

Layers, lowest first (a module belongs to the layer of the longest prefix that names it):

0. the engine (pure Python: the rules)
1. foundations: configuration, the database and its extensions, small web helpers
2. the card catalog, the text types, messages, the term table
3. learning: the exercise, the record, the teaching scheme shared by every game
4. each game's teaching (themes, generators, queries, misconceptions)
5. ui: what pages are drawn with
6. blueprints: one per area, and the tools that check content
7. the factory, the command line, the server

``EXCEPTIONS`` lists today's imports against the layers, each to be removed (issue: the
house by game); the test also fails when an exception is no longer needed, so the list
only shrinks.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

from app.config import ROOT

pytestmark = pytest.mark.render_only

LAYERS: dict[str, int] = {
    "app.engine": 0,
    # the engine's command line prints the messages of the engine's codes: an edge tool
    "app.engine.cli": 2,
    "app.engine.__main__": 2,
    "app.config": 1,
    "app.yamlfile": 1,
    "app.extensions": 1,
    "app.database": 1,
    "app.hashing": 1,
    "app.usernames": 1,
    "app.passwords": 1,
    "app.i18n": 1,
    "app.inputs": 1,
    "app.errors": 1,
    "app.security": 1,
    "app.redirects": 1,
    "app.htmx_utils": 1,
    "app.sessions": 1,
    "app.devices": 1,
    "app.signin_limits": 1,
    "app.ops": 1,
    "app.backup": 1,
    "app.erase": 1,
    "app.signin_codes": 1,
    "app.version": 1,
    "app.zones": 1,
    "app.models": 1,
    "app.profiles": 1,
    "app.text": 2,
    "app.learning": 3,
    "app.learning.models": 1,
    "app.learning.clock": 1,
    "app.learning.misconceptions": 3,
    "app.teaching": 4,
    "app.ui": 5,
    "app.classes.models": 1,
    "app.accounts": 6,
    "app.admin": 6,
    "app.api": 6,
    "app.cards": 6,
    "app.classes": 6,
    "app.exercises": 6,
    "app.lessons": 6,
    "app.main": 6,
    "app.play": 6,
    "app.practice": 6,
    "app.progress": 6,
    "app.quiz": 6,
    "app.rules": 6,
    "app.content": 6,
    "app.factory": 7,
    "app": 7,
    "app.cli": 7,
    "app.wsgi_server": 7,
}

#: modules that import by name (importlib), each with the package it may load from: the
#: engine's registry finds each game's rules, learning's loader each game's teaching
LOADERS: dict[str, str] = {
    "app.engine.core.registry": "app.engine",
    "app.learning.teaching": "app.teaching",
}

#: (importer, imported) pairs against the layers: none left
EXCEPTIONS: set[tuple[str, str]] = set()


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def layer_of(module: str) -> int:
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        prefix = ".".join(parts[:n])
        if prefix in LAYERS:
            return LAYERS[prefix]
    raise AssertionError(f"{module} is in no layer: add it to LAYERS")


def imports_of(path: Path) -> set[str]:
    """Every app module this file imports, wherever the import statement is."""
    module = module_name(path)
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                # `from app.x import y`: y may be a module of the package x
                candidate = f"{target}.{alias.name}"
                known = ROOT / Path(*candidate.split("."))
                found.add(
                    candidate
                    if known.with_suffix(".py").exists() or (known / "__init__.py").exists()
                    else target
                )
    return {m for m in found if m == "app" or m.startswith("app.")}


def all_imports() -> dict[str, set[str]]:
    return {
        module_name(path): imports_of(path)
        for path in sorted((ROOT / "app").rglob("*.py"))
        if "__pycache__" not in path.parts
    }


def upward() -> set[tuple[str, str]]:
    return {
        (importer, imported)
        for importer, imported_all in all_imports().items()
        for imported in imported_all
        if layer_of(imported) > layer_of(importer)
    }


def test_only_declared_loaders_import_by_name():
    """An import by name hides an edge from the checks above: only the declared loaders
    may, and only from their package."""
    found = set()
    for path in sorted((ROOT / "app").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                f = node.func
                name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
                if name in ("import_module", "__import__"):
                    found.add(module_name(path))
    assert found == set(LOADERS), found
    for loader, package in LOADERS.items():
        assert layer_of(package) >= layer_of(loader), (loader, package)
        assert (ROOT / Path(*package.split(".")) / "__init__.py").exists(), package


def test_every_module_has_a_layer():
    for module in all_imports():
        layer_of(module)


def test_no_module_imports_a_higher_layer():
    found = upward()
    new = sorted(found - EXCEPTIONS)
    assert not new, "imports against the layers:\n" + "\n".join(f"{a} -> {b}" for a, b in new)


def test_the_exceptions_only_shrink():
    gone = sorted(EXCEPTIONS - upward())
    assert not gone, "no longer needed, remove from EXCEPTIONS:\n" + "\n".join(
        f"{a} -> {b}" for a, b in gone
    )


def _package(module: str) -> str:
    """The unit of the cycle check: ``app.<package>``, except a module the table puts in
    another layer than its package (the engine's command line, a package's models),
    which is a unit of its own."""
    parts = module.split(".")
    top = ".".join(parts[:2]) if len(parts) > 1 else module
    for n in range(len(parts), 2, -1):
        prefix = ".".join(parts[:n])
        if prefix in LAYERS and LAYERS[prefix] != layer_of(top):
            return prefix
    return top


#: pairs of packages that import each other: none left
CYCLE_EXCEPTIONS: set[frozenset[str]] = set()


def test_no_two_packages_import_each_other():
    edges: dict[str, set[str]] = defaultdict(set)
    for importer, imported_all in all_imports().items():
        for imported in imported_all:
            a, b = _package(importer), _package(imported)
            if a != b and a != "app" and b != "app":
                edges[a].add(b)
    pairs = {frozenset((a, b)) for a in edges for b in edges[a] if a in edges.get(b, set())}
    assert not (pairs - CYCLE_EXCEPTIONS), sorted(sorted(p) for p in pairs - CYCLE_EXCEPTIONS)
    assert not (CYCLE_EXCEPTIONS - pairs), "no longer needed: " + str(CYCLE_EXCEPTIONS - pairs)


def test_learning_keeps_no_request_state_in_flask_g():
    """The teaching core is called by pages but knows nothing of a request's ``g``."""
    for path in sorted((ROOT / "app" / "learning").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "flask":
                assert "g" not in {a.name for a in node.names}, path


FAMILIES = ("app.engine.zipai", "app.engine.chuanpai", "app.engine.nantong")


def test_only_a_games_own_teaching_and_the_card_catalog_reach_past_game():
    """Outside the engine, a game's rules are reached through ``Game`` (app.engine.core):
    only each game's own teaching folder and the card catalog read a family's modules."""
    allowed = ("app.engine", "app.teaching", "app.text.cards")
    for importer, imported_all in all_imports().items():
        if importer.startswith(allowed):
            continue
        inside = sorted(m for m in imported_all if m.startswith(FAMILIES))
        assert not inside, (importer, inside)


#: teaching that reaches its deck family through the family's ``Game`` module alone
#: (a module, or a package and everything in it → the family's game module); the other
#: games' folders join the list as their code moves behind their family's game
THROUGH_GAME: dict[str, str] = {
    "app.teaching.hunan": "app.engine.zipai.game",
    "app.teaching.guilin": "app.engine.zipai.game",
    "app.teaching.zipai_common": "app.engine.zipai.game",
}


def _through(module: str) -> str | None:
    for prefix, game in THROUGH_GAME.items():
        if module == prefix or module.startswith(prefix + "."):
            return game
    return None


def test_the_listed_teaching_imports_from_its_family_only_the_game_module():
    """Per-game teaching reaches its family through the family's ``Game`` (typed against
    it), never through the family's internals."""
    imports = all_imports()
    for prefix, game in THROUGH_GAME.items():
        assert prefix in imports, f"{prefix}: no such module"
        assert game in imports and game.startswith(FAMILIES), game
    for importer, imported_all in imports.items():
        game = _through(importer)
        if game is None:
            continue
        inside = sorted(m for m in imported_all if m.startswith(FAMILIES) and m != game)
        assert not inside, (importer, inside)
