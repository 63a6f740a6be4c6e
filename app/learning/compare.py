"""The five games side by side (``content/compare.yaml``): each cell summarizes a rule
point of the game's checklist and links to the lesson step that teaches it."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pydantic import BaseModel, ConfigDict

from app.config import ROOT
from app.learning.bank import TextDoc
from app.yamlfile import load_yaml

COMPARE = ROOT / "content" / "compare.yaml"


class CellDoc(TextDoc):
    """A game's cell: the text (``zh``, ``en``) and the checklist point it sums up."""

    point: str


class AspectDoc(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    title: TextDoc
    cells: dict[str, CellDoc]


class CompareDoc(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    aspects: list[AspectDoc]


@dataclass(frozen=True)
class Cell:
    text: str
    step: str | None  # "<lesson>#<step>" teaching the point, when a lesson does


@cache
def table() -> CompareDoc:
    return CompareDoc.model_validate(load_yaml(COMPARE.read_text(encoding="utf-8")))


@cache
def taught_in() -> dict[str, str]:
    """Checklist point id → the lesson step that teaches it."""
    out: dict[str, str] = {}
    for path in sorted((ROOT / "content" / "checklists").glob("*.yaml")):
        for p in (load_yaml(path.read_text(encoding="utf-8")) or {}).get("points", []):
            if p.get("taught_in"):
                out[p["id"]] = p["taught_in"]
    return out


def point_ids() -> set[str]:
    out: set[str] = set()
    for path in sorted((ROOT / "content" / "checklists").glob("*.yaml")):
        out.update(
            p["id"] for p in (load_yaml(path.read_text(encoding="utf-8")) or {}).get("points", [])
        )
    return out


def rows(games: list[str], locale: str) -> list[tuple[str, list[Cell | None]]]:
    links = taught_in()
    out = []
    for aspect in table().aspects:
        cells = []
        for g in games:
            c = aspect.cells.get(g)
            text = c.get(locale) if c else None
            cells.append(Cell(text, links.get(c.point)) if c and text else None)
        out.append((aspect.title.get(locale), cells))
    return out
