"""Sichuan chuanpai, the trick game: the numbers of its rules page's tables, worked out by the engine when the
page is drawn (:mod:`app.learning.rules_tables` draws them)."""

from __future__ import annotations

from app.engine.chuanpai.tricks.game import trick_game
from app.learning.rules_tables import GenCell, Key, TableMaker, spans


def _tricks_levels() -> list[list[GenCell]]:
    game = trick_game()
    rules = game.rules({"fan": "none"})

    def level(n: int) -> tuple[str, int]:
        # a pile of n cards without any fan set: every kind at most twice
        pile = [k for k in game.kinds for _ in range(2)][:n]
        pc = game.count_pile(pile, None, rules)
        return pc.count.lines[1].code, pc.value

    rows = spans(((n, level(n)) for n in range(16, 30)), 29)
    return [[Key(code), span, value] for span, (code, value) in rows]


#: table name (the rules page's ``generate``) → the table
TABLES: dict[str, TableMaker] = {"tricks-levels": _tricks_levels}
