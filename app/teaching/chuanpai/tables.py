"""Sichuan chuanpai, the pairing game: the numbers of its rules page's tables, worked out by the engine when the
page is drawn (:mod:`app.learning.rules_tables` draws them)."""

from __future__ import annotations

from app.engine.chuanpai.melds import Meld
from app.engine.chuanpai.pairing import settle as pairing_settle
from app.engine.core.registry import find_game
from app.learning.rules_tables import GenCell, TableMaker


def meld_worth(text: str, game: str) -> int:
    """What the group ``"kind: cards"`` is worth (hu)."""
    kind, _, cards = text.replace("\uff1a", ":").partition(":")  # a full-width colon too
    return int(Meld.make(kind.strip(), cards.split()).points)


def _chuanpai_pay() -> list[list[GenCell]]:
    """What each loser pays and the winner gets, at the default table, for a few counts."""
    players = find_game("chuanpai").default_rules.players
    out: list[list[GenCell]] = []
    for hu in (0, 4, 8):
        scores = pairing_settle.settle(hu, 0, players)
        out.append([hu, -scores[1], scores[0]])
    return out


#: table name (the rules page's ``generate``) → the table
TABLES: dict[str, TableMaker] = {"chuanpai-pay": _chuanpai_pay}
