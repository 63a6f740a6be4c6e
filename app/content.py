"""Built-in content: structure loaded into the database, prose read per locale.

``content/games.json`` holds the games' structure; ``content/<locale>/games.json``
their prose. :func:`load_builtin` upserts the structure (idempotent);
:func:`game_texts` gives the prose for a locale.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from app.config import ROOT
from app.extensions import db
from app.models import Game

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
    """Insert or update every built-in game; returns counts. One transaction."""
    added = updated = 0
    try:
        for pos, g in enumerate(games_structure()):
            row = db.session.get(Game, g["id"])
            if row is None:
                row = Game(id=g["id"])
                db.session.add(row)
                added += 1
            else:
                updated += 1
            row.family = g["family"]
            row.position = pos
            row.deck_size = g["deck_size"]
            row.players_min = g["players_min"]
            row.players_max = g["players_max"]
        db.session.commit()
    except Exception:
        db.session.rollback()
        raise
    return {"added": added, "updated": updated}


def games_for_page(locale: str) -> list[dict[str, Any]]:
    """The games in order, each with its structure and its prose in ``locale``."""
    rows = db.session.scalars(db.select(Game).order_by(Game.position)).all()
    texts = game_texts(locale)
    return [
        {
            "id": r.id,
            "family": r.family,
            "deck_size": r.deck_size,
            "players_min": r.players_min,
            "players_max": r.players_max,
            **texts[r.id],
        }
        for r in rows
        if r.id in texts
    ]
