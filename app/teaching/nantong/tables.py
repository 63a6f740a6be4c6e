"""Nantong duzihu: the numbers of its rules page's tables, worked out by the engine when the
page is drawn (:mod:`app.learning.rules_tables` draws them)."""

from __future__ import annotations

from collections.abc import Callable

from app.engine.nantong import count as nantong_count
from app.engine.nantong import rules as nantong_rules
from app.learning.rules_tables import GenCell, Key, TableMaker


def _nantong_wenqian() -> list[list[GenCell]]:
    return [[n, nantong_count.WENQIAN_HU[n]] for n in range(1, len(nantong_count.WENQIAN_HU))]


def _nantong_rows(shuang: bool) -> Callable[[], list[list[GenCell]]]:
    def rows() -> list[list[GenCell]]:
        out: list[list[GenCell]] = []
        for row in nantong_rules.ROWS:
            if (row in _SHUANG_ROWS) != shuang:
                continue
            out.append([Key(row.code), *(row.value(m) for m in nantong_rules.MADE)])
        return out

    return rows


_SHUANG_ROWS = (
    nantong_rules.S_PUTONG,
    nantong_rules.S_ZAIJIANG,
    nantong_rules.S_SHUANG,
    nantong_rules.S_BANBIAN,
    nantong_rules.S_SHUANGLONG,
)

#: table name (the rules page's ``generate``) → the table
TABLES: dict[str, TableMaker] = {
    "nantong-wenqian": _nantong_wenqian,
    "nantong-rows-2": _nantong_rows(True),
    "nantong-rows-1": _nantong_rows(False),
}
