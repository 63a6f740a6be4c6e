"""Built-in content: the games' structure and prose, read from ``content/``.

``content/games.json`` holds the games' structure (order, deck, players);
``content/<locale>/games.json`` their prose; the engine's registry holds the rest (one
name, one thing: a game is the engine's ``Game``). :func:`game_texts` gives the prose
for a locale.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from app.config import ROOT

CONTENT = ROOT / "content"
PROSE_FIELDS = ("name", "native", "region", "deck", "players", "summary", "points")


@cache
def games_structure() -> tuple[dict[str, Any], ...]:
    data = json.loads((CONTENT / "games.json").read_text(encoding="utf-8"))
    return tuple(data["games"])


@cache
def game_texts(locale: str) -> dict[str, dict[str, Any]]:
    path = CONTENT / locale / "games.json"
    if not path.exists():
        path = CONTENT / "zh" / "games.json"
    texts: dict[str, dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return texts


def load_builtin() -> dict[str, int]:
    """Make the built-in content ready: read and validate what the app serves from
    files (games, exercises). Idempotent; returns counts. Content kept in the database
    (practice positions with their ratings) is upserted here in one transaction."""
    from app.extensions import db
    from app.learning import bank, practice

    bank.authored.cache_clear()
    try:
        positions = practice.load_library()
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return {
        "games": len(games_structure()),
        "exercises": len(bank.authored()),
        "practice positions": positions,
    }


def games_for_page(locale: str) -> list[dict[str, Any]]:
    """The games in order, each with its structure and its prose in ``locale``."""
    texts = game_texts(locale)
    return [{**g, **texts[g["id"]]} for g in games_structure() if g["id"] in texts]
