"""Judging a hand: is it complete, and which arrangement counts most (the 胡 count).

:func:`judge` tries every arrangement (:mod:`.analyze`), counts each distinct one
(:mod:`.count`) and keeps the highest total. :func:`waits` lists the cards that
would complete a hand one short.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from app.engine.core.actions import Count
from app.engine.core.results import ScoredMeld
from app.engine.nantong.analyze import Arrangement, arrangements, complete
from app.engine.nantong.cards import NKINDS, NPLAIN, copies, tokens
from app.engine.nantong.count import (
    Hand,
    WinContext,
    alike_points,
    concealed_made,
    count_win,
    ke_held,
    xi_held,
)
from app.engine.nantong.melds import Meld
from app.engine.nantong.rules import Generals, Rules


@dataclass(frozen=True, slots=True)
class Verdict:
    """The best way to count a complete hand (``arrangement`` None: not complete)."""

    arrangement: Arrangement | None
    count: Count | None
    concealed: tuple[int, ...] = ()

    @property
    def complete(self) -> bool:
        return self.arrangement is not None

    @property
    def points(self) -> int | None:
        return None if self.count is None else self.count.total


def _signature(arr: Arrangement) -> tuple[Any, ...]:
    return (
        arr.hand_type,
        tuple(sorted((g.shape, g.kind) for g in arr.groups)),
        arr.wild_as,
    )


def judge(
    counts: Sequence[int],
    melds: tuple[Meld, ...],
    gen: Generals,
    rules: Rules,
    ctx: WinContext,
) -> Verdict:
    """The arrangement of the concealed ``counts`` (with ``melds``) that counts most."""
    best: tuple[int, Arrangement, Count] | None = None
    seen: set[tuple[Any, ...]] = set()
    xi = xi_held(counts)
    conc = tuple(counts)
    for arr in arrangements(counts, melds):
        sig = _signature(arr)
        if sig in seen:
            continue
        seen.add(sig)
        c = count_win(Hand(arr, gen, rules, ctx, conc, xi))
        if best is None or c.total > best[0]:
            best = (c.total, arr, c)
    if best is None:
        return Verdict(None, None, conc)
    return Verdict(best[1], best[2], conc)


def available(k: int, counts: Sequence[int], melds: tuple[Meld, ...], gen: Generals) -> int:
    """Copies of ``k`` not in this hand, its melds or among the turned generals."""
    used = counts[k] + gen.turned[k] + sum(m.held for m in melds if m.card == k)
    return copies(k) - used


def could_help(k: int, counts: Sequence[int]) -> bool:
    """Whether one more ``k`` may complete ``counts``: with no 喜 held, a suited card
    alone (no copy, nothing two ranks either side) can be in no group or pair."""
    if k >= 27 or any(counts[NPLAIN:]):
        return True
    base = k - k % 9
    return any(counts[max(base, k - 2) : min(base + 9, k + 3)])


def waits(
    counts: Sequence[int],
    melds: tuple[Meld, ...],
    gen: Generals,
    rules: Rules,
    ctx: WinContext,
) -> list[tuple[int, int]]:
    """Every card completing the hand, with the points of the best count it allows."""
    return list(_waits(tuple(counts), melds, gen, rules, ctx))


@lru_cache(maxsize=16384)
def _waits(
    counts: tuple[int, ...],
    melds: tuple[Meld, ...],
    gen: Generals,
    rules: Rules,
    ctx: WinContext,
) -> tuple[tuple[int, int], ...]:
    """:func:`waits`, worked out once per distinct hand and setting."""
    out = []
    kinds = range(NKINDS) if rules.xi else range(NPLAIN)
    c = list(counts)
    for k in kinds:
        if available(k, counts, melds, gen) <= 0 or not could_help(k, counts):
            continue
        c[k] += 1
        if complete(c):
            v = judge(c, melds, gen, rules, _with_win(ctx, k))
            if v.points is not None:
                out.append((k, v.points))
        c[k] -= 1
    return tuple(out)


def _with_win(ctx: WinContext, k: int) -> WinContext:
    return WinContext(
        k,
        ctx.zimo,
        ctx.gangkai,
        ctx.haidi,
        ctx.tiancheng,
        ctx.dihu,
        ctx.tianting,
        ctx.qishou,
    )


def scored_melds(v: Verdict, gen: Generals, ctx: WinContext) -> tuple[ScoredMeld, ...]:
    """The groups of a complete hand's best arrangement with their 胡: laid-down melds
    first, then the concealed groups (``pair``, ``dazi``, ``wenqian``, ``an-ke``, and for
    the turned general's kind ``an-gang`` 后摸 or ``long`` 起手)."""
    arr = v.arrangement
    assert arr is not None
    conc = v.concealed
    out = [
        ScoredMeld(m.made, tuple(tokens(m.cards)), alike_points(m.card, m.made, m.held, gen)[1])
        for m in arr.melds
    ]
    for g in arr.groups:
        cards = tuple(tokens(g.cards))
        if g.shape != "ke":
            out.append(ScoredMeld(g.shape, cards, 0))
            continue
        held = ke_held(g, conc)
        made = concealed_made(g.kind, held, gen, ctx)
        out.append(ScoredMeld(made, cards, alike_points(g.kind, made, held, gen)[1]))
    return tuple(out)


def is_waiting(counts: Sequence[int], xi: bool = False) -> bool:
    """Whether one more card (any kind) would complete the concealed ``counts``."""
    return _is_waiting(tuple(counts), xi)


@lru_cache(maxsize=16384)
def _is_waiting(counts: tuple[int, ...], xi: bool) -> bool:
    """:func:`is_waiting`, worked out once per distinct hand."""
    c = list(counts)
    for k in range(NKINDS if xi else NPLAIN):
        if not could_help(k, counts):
            continue
        c[k] += 1
        ok = complete(c)
        c[k] -= 1
        if ok:
            return True
    return False
