"""Sichuan chuanpai, the trick game: the numbers of its rules page's tables, worked out by the engine when the
page is drawn (:mod:`app.learning.rules_tables` draws them)."""

from __future__ import annotations

from app.engine.chuanpai.cards import KINDS as CHUANPAI_KINDS
from app.engine.chuanpai.tricks import settle as tricks_settle
from app.engine.core.registry import find_game
from app.learning.rules_tables import GenCell, Key, TableMaker, spans


def _tricks_levels() -> list[list[GenCell]]:
    rules = find_game("chuanpai-tricks").rules({"fan": "none"})

    def level(n: int) -> tuple[str, int]:
        # a pile of n cards without any fan set: every kind at most twice
        pile = [k for k in CHUANPAI_KINDS for _ in range(2)][:n]
        pc = tricks_settle.count_pile(pile, None, rules)
        return pc.count.lines[1].code, pc.value

    rows = spans(((n, level(n)) for n in range(16, 30)), 29)
    return [[Key(code), span, value] for span, (code, value) in rows]


#: table name (the rules page's ``generate``) → the table
TABLES: dict[str, TableMaker] = {"tricks-levels": _tricks_levels}
