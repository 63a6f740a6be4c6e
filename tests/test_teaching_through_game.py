"""The Sichuan and Nantong teaching reach their games through ``Game`` (issue 37, point 2):
the folders ``app/teaching/chuanpai``, ``chuanpai_tricks`` and ``nantong`` import nothing
of their engine family but the family's Game modules (``PairingGame``, ``TrickGame``,
``NantongGame``, their typed accessors and the value types they re-export), at the top
of a file or inside a function. Everything else they need is the typed teaching surface
of those classes (``pairing_game().spare_kinds(...)``, ``trick_game().red_cards``, ...).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from app.config import ROOT

pytestmark = pytest.mark.render_only

#: the teaching folders covered, and the engine family each may reach only through its Game
FOLDERS: dict[str, str] = {
    "app/teaching/chuanpai": "app.engine.chuanpai",
    "app/teaching/chuanpai_tricks": "app.engine.chuanpai",
    "app/teaching/nantong": "app.engine.nantong",
}
#: the family's Game modules: the only ones of the family a teaching folder imports
GAME_MODULES = frozenset(
    {
        "app.engine.chuanpai.base",
        "app.engine.chuanpai.pairing.game",
        "app.engine.chuanpai.tricks.game",
        "app.engine.nantong.game",
    }
)


def _imported(path: Path) -> list[tuple[int, str]]:
    """Every module a file imports (``from x import y``: ``x.y`` when that is a module),
    with its line, wherever the import statement stands."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                candidate = f"{node.module}.{alias.name}"
                known = ROOT / Path(*candidate.split("."))
                is_module = known.with_suffix(".py").exists() or (known / "__init__.py").exists()
                out.append((node.lineno, candidate if is_module else node.module))
    return out


@pytest.mark.parametrize("folder", sorted(FOLDERS))
def test_the_sichuan_and_nantong_teaching_reach_their_engine_through_game(folder):
    family = FOLDERS[folder]
    files = sorted((ROOT / folder).glob("*.py"))
    assert files, f"{folder}: no teaching there"
    past_game = [
        f"{path.relative_to(ROOT)}:{line}: {module}"
        for path in files
        for line, module in _imported(path)
        if (module == family or module.startswith(family + ".")) and module not in GAME_MODULES
    ]
    assert not past_game, "imports past the family's Game:\n" + "\n".join(past_game)
