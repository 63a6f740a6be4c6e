"""The variant registry: one entry per game, found by id or by an alias.

Each variant names the module whose ``GAME`` is its :class:`~app.engine.core.game.Game`.
Modules are imported lazily so that ``variants`` is cheap and one game's module never
needs another's. :func:`find_game` is the way in: ``find_game("跑胡子").analyze(...)``.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from app.engine.core.errors import EngineError

if TYPE_CHECKING:
    from app.engine.core.game import Game


@dataclass(frozen=True, slots=True)
class VariantInfo:
    """A game the engine knows."""

    id: str
    name_zh: str
    name_en: str
    family: str  # "zipai" | "chuanpai" | "nantong": the deck family
    unit: str  # "huxi" | "hu"
    seed: str
    module: str  # dotted path of the module whose ``GAME`` implements the game
    aliases: tuple[str, ...] = ()

    def load(self) -> ModuleType:
        return importlib.import_module(self.module)

    def game(self) -> Game[Any, Any]:
        game: Game[Any, Any] = self.load().GAME
        return game

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "names": {"zh": self.name_zh, "en": self.name_en},
            "family": self.family,
            "unit": self.unit,
            "seed": self.seed,
            "aliases": list(self.aliases),
        }


VARIANTS: tuple[VariantInfo, ...] = (
    VariantInfo(
        "hunan",
        "湖南字牌·跑胡子",
        "Hunan Zipai (Paohuzi)",
        "zipai",
        "huxi",
        "000",
        "app.engine.zipai.hunan",
        ("paohuzi", "跑胡子", "湖南字牌", "字牌"),
    ),
    VariantInfo(
        "guilin",
        "桂林大字牌",
        "Guilin Dazipai",
        "zipai",
        "huxi",
        "003",
        "app.engine.zipai.guilin",
        ("dazipai", "大字牌", "桂林字牌"),
    ),
    VariantInfo(
        "chuanpai",
        "四川川牌·挤儿",
        "Sichuan Chuanpai (pairing game)",
        "chuanpai",
        "hu",
        "001",
        "app.engine.chuanpai.pairing",
        ("川牌", "挤儿", "jier"),
    ),
    VariantInfo(
        "chuanpai-tricks",
        "四川川牌·打天九",
        "Sichuan Chuanpai (trick game)",
        "chuanpai",
        "hu",
        "000",
        "app.engine.chuanpai.tricks",
        ("天九", "tianjiu", "chuanpai-trick"),
    ),
    VariantInfo(
        "nantong",
        "南通长牌·笃子胡",
        "Nantong Changpai (Duzihu)",
        "nantong",
        "hu",
        "002",
        "app.engine.nantong.game",
        ("笃子胡", "南通长牌", "duzihu", "changpai"),
    ),
)


def all_variants() -> tuple[VariantInfo, ...]:
    return VARIANTS


def find_variant(name: str) -> VariantInfo:
    """The variant whose id or alias is ``name`` (case-insensitive)."""
    key = name.strip().lower()
    for v in VARIANTS:
        if key == v.id or key in (a.lower() for a in v.aliases):
            return v
    raise EngineError("unknown-variant", variant=name)


def find_game(name: str) -> Game[Any, Any]:
    """The :class:`~app.engine.core.game.Game` whose id or alias is ``name``."""
    return find_variant(name).game()


def all_games() -> tuple[Game[Any, Any], ...]:
    return tuple(v.game() for v in VARIANTS)
