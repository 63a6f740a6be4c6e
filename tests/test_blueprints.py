"""Blueprints use ``learning/``, ``ui/`` and ``engine/``, never each other
(docs/development.md): no module of one area imports another area's package."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parent.parent / "app"


def _areas() -> set[str]:
    return {
        p.name
        for p in APP.iterdir()
        if p.is_dir() and any("Blueprint(" in f.read_text() for f in p.glob("*.py"))
    }


def _imported(path: Path) -> set[str]:
    """The ``app.<name>`` packages a module imports (at the top or inside functions)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "app" and len(parts) > 1:
                found.add(parts[1])
    return found


def test_no_blueprint_imports_another():
    areas = _areas()
    assert {"classes", "play", "practice", "admin", "rules"} <= areas
    wrong = []
    for area in sorted(areas):
        for module in sorted((APP / area).rglob("*.py")):
            for other in sorted(_imported(module) & (areas - {area})):
                wrong.append(f"{module.relative_to(APP.parent)} imports app.{other}")
    assert not wrong, "\n".join(wrong)
