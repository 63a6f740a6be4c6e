"""``analyze`` and ``waits`` on text input: the shared part of both games' CLI hooks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.engine.core.actions import CountLine
from app.engine.core.errors import EngineError
from app.engine.zipai.cards import TOKENS, check_deck, counts_of, parse_cards, token
from app.engine.zipai.decompose import Arrangement, arrange, expected_size, waits
from app.engine.zipai.melds import JIANG, JIAO, KAN, SHUN, Meld, meld_of
from app.engine.zipai.rules import ZipaiRules
from app.engine.zipai.settle import WinContext, settle

#: groups that live in the concealed hand: given as ``--meld``, their cards join the hand
CONCEALED = (SHUN, JIAO, JIANG, KAN)

#: input errors the 字牌 engine raises (messages in :mod:`app.messages.core`)
ERROR_CODES = (
    "unknown-card",
    "too-many-copies",
    "bad-hand-size",
    "unknown-meld-kind",
    "bad-meld",
    "bad-option",
    "bad-position",
)


def read_holding(
    hand: str, melds: Sequence[tuple[str, str]], rules: ZipaiRules
) -> tuple[list[int], list[Meld]]:
    cards = list(parse_cards(hand))
    table = []
    for kind, text in melds:
        meld = meld_of(kind, text, rules.yiwushi)
        if meld.kind in CONCEALED:  # a group of the hand itself: its cards join the hand
            cards.extend(meld.cards)
        else:
            table.append(meld)
    check_deck(cards + [c for m in table for c in m.cards])
    return counts_of(cards), table


def count_lines(arr: Arrangement, rules: ZipaiRules) -> list[CountLine]:
    names = rules.names
    lines = [
        CountLine(
            "zp-" + names.get(m.kind, m.kind),
            m.points(rules.yiwushi),
            {"cards": [token(c) for c in m.cards]},
        )
        for m in arr.melds
    ]
    lines.append(CountLine("zp-huxi", arr.points, {"min": rules.min_huxi}, "="))
    return lines


def analyze(counts: Sequence[int], table: Sequence[Meld], rules: ZipaiRules) -> dict[str, Any]:
    """The ``analyze`` answer for a holding (see the CLI contract and the docs)."""
    size = sum(counts) + sum(len(m.cards) for m in table)
    expected = expected_size(table, counts)
    if size != expected:
        raise EngineError("bad-hand-size", count=size, expected=expected)
    arr = arrange(counts, table, rules.yiwushi)
    if arr is None:
        return {
            "variant": rules.game,
            "complete": False,
            "win": False,
            "points": None,
            "unit": "huxi",
            "min": rules.min_huxi,
            "melds": [],
            "count": {"total": None, "lines": []},
        }
    names = rules.names
    melds_json: list[dict[str, Any]] = []
    lines: list[dict[str, Any]] = []
    for m in arr.melds:
        kind = names.get(m.kind, m.kind)
        toks = [TOKENS[c] for c in m.cards]
        pts = m.points(rules.yiwushi)
        melds_json.append({"kind": kind, "cards": toks, "points": pts})
        lines.append({"code": "zp-" + kind, "points": pts, "op": "+", "params": {"cards": toks}})
    lines.append(
        {"code": "zp-huxi", "points": arr.points, "op": "=", "params": {"min": rules.min_huxi}}
    )
    win = arr.points >= rules.min_huxi
    out: dict[str, Any] = {
        "variant": rules.game,
        "complete": True,
        "win": win,
        "points": arr.points,
        "unit": "huxi",
        "min": rules.min_huxi,
        "melds": melds_json,
        "count": {"total": arr.points, "lines": lines},  # the shape of Count.to_json()
    }
    if win:
        cards = [c for m in arr.melds for c in m.cards]
        out["settlement"] = settle(arr.points, cards, rules, WinContext()).to_json()
    return out


def waits_json(counts: Sequence[int], table: Sequence[Meld], rules: ZipaiRules) -> dict[str, Any]:
    size = sum(counts) + sum(len(m.cards) for m in table)
    expected = expected_size(table, counts) - 1
    if size != expected:
        raise EngineError("bad-hand-size", count=size, expected=expected)
    return {
        "variant": rules.game,
        "unit": "huxi",
        "waits": [
            {"card": token(c), "points": arr.points, "win": arr.points >= rules.min_huxi}
            for c, arr in waits(counts, table, rules.yiwushi)
        ],
    }
