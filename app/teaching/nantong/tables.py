"""Nantong duzihu: the numbers of its rules page's tables, worked out by the engine when the
page is drawn (:mod:`app.learning.rules_tables` draws them)."""

from __future__ import annotations

from collections.abc import Callable

from app.engine.nantong.game import nantong_game
from app.learning.rules_tables import GenCell, Key, TableMaker


def _nantong_wenqian() -> list[list[GenCell]]:
    hu = nantong_game().wenqian_hu
    return [[n, hu[n]] for n in range(1, len(hu))]


def _nantong_rows(shuang: bool) -> Callable[[], list[list[GenCell]]]:
    def rows() -> list[list[GenCell]]:
        game = nantong_game()
        out: list[list[GenCell]] = []
        for row in game.general_rows:
            if (row in game.double_general_rows) != shuang:
                continue
            out.append([Key(row.code), *(row.value(m) for m in game.made_ways)])
        return out

    return rows


#: table name (the rules page's ``generate``) → the table
TABLES: dict[str, TableMaker] = {
    "nantong-wenqian": _nantong_wenqian,
    "nantong-rows-2": _nantong_rows(True),
    "nantong-rows-1": _nantong_rows(False),
}
