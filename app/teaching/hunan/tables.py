"""Hunan paohuzi: the numbers of its rules page's tables, worked out by the engine when the
page is drawn (:mod:`app.learning.rules_tables` draws them)."""

from __future__ import annotations

from app.engine.zipai.game import WinContext, ZipaiGame, zipai_game
from app.learning.rules_tables import GenCell, Key, TableMaker, Times, spans
from app.teaching.zipai_common import meld_worth

#: the game this teaching reaches the engine through
HUNAN: ZipaiGame = zipai_game("hunan")


def _hunan_tun() -> list[list[GenCell]]:
    rules = HUNAN.rules({"mingtang": "none"})
    low = rules.min_huxi
    zero = [0] * 20

    def tun(h: int) -> int:
        count = HUNAN.settle(h, zero, rules, WinContext())
        return next(ln.points for ln in count.lines if ln.code == "zp-tun")

    rows = spans(((h, tun(h)) for h in range(low, low + 12)), low + 12)
    return [[span, v] for span, v in rows[:4]]


def _hunan_mingtang() -> list[list[GenCell]]:
    reds = [(r, HUNAN.mingtang(r)) for r in range(0, 21)]
    out: list[list[GenCell]] = []
    for span, found in spans(((r, m) for r, m in reds), 20):
        if found is not None:
            code, factor = found
            out.append([Key(code), span, Times(factor)])
    return out


#: table name (the rules page's ``generate``) → the table
TABLES: dict[str, TableMaker] = {"hunan-tun": _hunan_tun, "hunan-mingtang": _hunan_mingtang}

__all__ = ["TABLES", "meld_worth"]
