"""``analyze`` and ``waits``: a holding read from text, judged into typed results.

The answer is built once, from values made at import: every group the engine can
count has its :class:`ScoredMeld` and its count line ready (:data:`_VIEWS`), so an
analysis only looks them up. ``analyze`` adds to the contract's fields ``min`` (the
variant's minimum) and, for a win, ``settlement`` (the count of the win with no
context: no 自摸, 醒 or special win); a holding that is not a win says why (``reason``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.engine.core.actions import Count, CountLine
from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason
from app.engine.core.results import Analysis, Holding, MeldSpec, ScoredMeld, Wait
from app.engine.zipai import decompose
from app.engine.zipai.cards import TOKENS, cards_of, check_deck, counts_of, parse_cards
from app.engine.zipai.decompose import (
    KAN_MELDS,
    ONE,
    TI_MELDS,
    decomposer,
    expected_size,
    fills,
)
from app.engine.zipai.melds import (
    GUILIN_NAMES,
    JIANG,
    JIAO,
    KAN,
    SHUN,
    Meld,
    every_meld,
    meld_of,
)
from app.engine.zipai.rules import GUILIN, ZipaiRules
from app.engine.zipai.settle import WinContext, settle

#: groups that live in the concealed hand: given as ``--meld``, their cards join the hand
CONCEALED = (SHUN, JIAO, JIANG, KAN)
UNIT = "huxi"

#: input errors the 字牌 engine raises (messages in the reasons catalog, :mod:`app.text.messages`)
ERROR_CODES = (
    "unknown-card",
    "too-many-copies",
    "bad-hand-size",
    "unknown-meld-kind",
    "bad-meld",
    "bad-option",
    "bad-position",
    "bad-code",
)

#: the empty extras shared by every scored group and wait (values: never changed)
_NONE: Mapping[str, Any] = {}
_View = tuple[ScoredMeld, CountLine]


# --------------------------------------------------------------------------- reading


def read_holding(
    hand: str, melds: Sequence[tuple[str, str]], rules: ZipaiRules
) -> tuple[list[int], list[Meld]]:
    """Concealed counts and table groups from text; concealed groups join the hand."""
    cards = list(parse_cards(hand))
    table = []
    for kind, text in melds:
        meld = meld_of(kind, text, rules.yiwushi)
        if meld.kind in CONCEALED:
            cards.extend(meld.cards)
        else:
            table.append(meld)
    check_deck(cards + [c for m in table for c in m.cards])
    return counts_of(cards), table


def holding_of(counts: Sequence[int], table: Sequence[Meld], rules: ZipaiRules) -> Holding:
    """The :class:`Holding` of concealed ``counts`` and ``table`` groups (parsed once)."""
    names = rules.names
    specs = tuple(
        MeldSpec(names.get(m.kind, m.kind), tuple(TOKENS[c] for c in m.cards)) for m in table
    )
    hand = tuple(TOKENS[c] for c in cards_of(counts))
    return Holding(hand, specs, {}, (tuple(counts), tuple(table)))


def read(hand: str, melds: Sequence[tuple[str, str]], rules: ZipaiRules) -> Holding:
    counts, table = read_holding(hand, melds, rules)
    return holding_of(counts, table, rules)


def _data(h: Holding, rules: ZipaiRules) -> tuple[Sequence[int], Sequence[Meld]]:
    if h.data is not None:
        data: tuple[Sequence[int], Sequence[Meld]] = h.data
        return data
    counts, table = read_holding(
        " ".join(h.hand), [(m.kind, " ".join(m.cards)) for m in h.melds], rules
    )
    return counts, table


def _check_size(counts: Sequence[int], table: Sequence[Meld], short: int) -> None:
    size = sum(counts) + sum(len(m.cards) for m in table)
    expected = expected_size(table, counts) - short
    if size != expected:
        raise EngineError("bad-hand-size", count=size, expected=expected)


# --------------------------------------------------------------------------- the groups, made once


def _view(meld: Meld, names: Mapping[str, str]) -> _View:
    kind = names.get(meld.kind, meld.kind)
    cards = tuple(TOKENS[c] for c in meld.cards)
    points = meld.points(True)  # 一五十 is a group only where the option counts it
    params = {"cards": cards}
    return ScoredMeld(kind, cards, points, _NONE), CountLine("zp-" + kind, points, params, "+")


_VIEWS: dict[bool, dict[Meld, _View]] = {
    guilin: {m: _view(m, GUILIN_NAMES if guilin else {}) for m in every_meld()}
    for guilin in (False, True)
}
_GROUP_VIEWS: dict[decompose.Group, _View] = {
    g: _VIEWS[False][g.meld]
    for dec in (decomposer(False), decomposer(True))
    for groups in dec.table
    for g in groups
}
_KAN_VIEWS = tuple(_VIEWS[False][m] for m in KAN_MELDS)
_TI_VIEWS = {guilin: tuple(_VIEWS[guilin][m] for m in TI_MELDS) for guilin in (False, True)}


def meld_view(meld: Meld, rules: ZipaiRules) -> _View:
    """The scored group and its count line, as this game names it."""
    got = _VIEWS[rules.game == GUILIN].get(meld)
    return got if got is not None else _view(meld, rules.names)


# --------------------------------------------------------------------------- analyze


def size_gap(h: Holding, rules: ZipaiRules) -> int:
    """Cards the holding lacks to be a whole hand (0: ``analyze``, 1: ``waits``)."""
    counts, table = _data(h, rules)
    return expected_size(table, counts) - (sum(counts) + sum(len(m.cards) for m in table))


def analyze(h: Holding, rules: ZipaiRules) -> Analysis:
    """The ``analyze`` answer for a holding (see the CLI contract and the docs)."""
    counts, table = _data(h, rules)
    guilin = rules.game == GUILIN
    views = [meld_view(m, rules) for m in table]
    quads = sum(1 for m in table if m.is_quad)
    size = sum(len(m.cards) for m in table)
    key = free = 0
    for c, n in enumerate(counts):  # 坎 and 提 fixed, the rest packed
        if n >= 3:
            views.append(_TI_VIEWS[guilin][c] if n == 4 else _KAN_VIEWS[c])
            size += n
            quads += n == 4
        elif n:
            key += n * ONE[c]
            free += n
    expected = 20 + quads if quads else 21
    if size + free != expected:
        raise EngineError("bad-hand-size", count=size + free, expected=expected)
    dec = decomposer(rules.yiwushi)
    pair = quads > 0
    pts = dec.points(key, pair) if fills(free, pair, len(views)) else -1
    if pts < 0:
        return Analysis(
            rules.game, False, False, None, UNIT, (), None, None,
            Reason("zp-not-complete"), {"min": rules.min_huxi},
        )  # fmt: skip
    for v in views:
        pts += v[0].points
    views.extend(_GROUP_VIEWS[g] for g in dec.groups(key, pair))
    lines = tuple(v[1] for v in views) + (CountLine("zp-huxi", pts, {"min": rules.min_huxi}, "="),)
    win = pts >= rules.min_huxi
    return Analysis(
        rules.game,
        True,
        win,
        pts,
        UNIT,
        tuple(v[0] for v in views),
        Count(lines, pts),
        _settlement(pts, counts, table, rules) if win else None,
        None if win else Reason("zp-below-minimum", {"huxi": pts, "min": rules.min_huxi}),
        {"min": rules.min_huxi},
    )


def _settlement(
    points: int, counts: Sequence[int], table: Sequence[Meld], rules: ZipaiRules
) -> Count:
    every = list(counts)
    for m in table:
        for c in m.cards:
            every[c] += 1
    return settle(points, every, rules, WinContext())


def waits(h: Holding, rules: ZipaiRules) -> list[Wait]:
    """Every card completing a holding one card short, with its best 胡息 and whether
    that reaches the minimum (deck order)."""
    counts, table = _data(h, rules)
    _check_size(counts, table, 1)
    low = rules.min_huxi
    return [
        Wait(TOKENS[c], pts, pts >= low, _NONE)
        for c, pts in decompose.waits(counts, table, rules.yiwushi)
    ]
