"""Guilin dazipai: the numbers of its rules page's tables, worked out by the engine when the
page is drawn (:mod:`app.learning.rules_tables` draws them)."""

from __future__ import annotations

from app.engine.zipai.game import WinContext, ZipaiGame, zipai_game
from app.learning.rules_tables import GenCell, Key, Plus, TableMaker, spans
from app.teaching.zipai_common import meld_worth

#: the game this teaching reaches the engine through
GUILIN: ZipaiGame = zipai_game("guilin")


def _guilin_duo() -> list[list[GenCell]]:
    rules = GUILIN.default_rules
    low = rules.min_huxi
    zero = [0] * 20

    def duo(h: int) -> int:
        count = GUILIN.settle(h, zero, rules, WinContext())
        return next(ln.points for ln in count.lines if ln.code == "zp-duo")

    rows = spans(((h, duo(h)) for h in range(low, low + 20)), low + 20)
    return [[span, v] for span, v in rows[:4]]


def _guilin_extras() -> list[list[GenCell]]:
    """What each extra adds to a Guilin win, as the settlement counts it."""
    rules = GUILIN.default_rules
    counts = [0] * 20
    counts[2] = 1  # one small three held; the card turned for xing below is its neighbour four

    def total(ctx: WinContext) -> int:
        return GUILIN.settle(10, counts, rules, ctx).total

    base = total(WinContext())
    out: list[list[GenCell]] = [
        [Key("zp-zimo"), Plus(total(WinContext(zimo=True)) - base)],
        [Key("zp-xing"), Plus(total(WinContext(xing_card=3)) - base)],
    ]
    for sp in ("tianhu", "dihu", "sanlong", "wukan"):
        out.append([Key(f"zp-{sp}"), Plus(total(WinContext(specials=(sp,))) - base)])
    return out


#: table name (the rules page's ``generate``) → the table
TABLES: dict[str, TableMaker] = {"guilin-duo": _guilin_duo, "guilin-extras": _guilin_extras}

__all__ = ["TABLES", "meld_worth"]
