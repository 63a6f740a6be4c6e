"""Sample hands and positions: random complete hands (benchmarks, property tests) and
a compact position builder (tests, lesson content)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from app.engine.zipai.cards import COPIES, KINDS, counts_of, parse_cards, tokens
from app.engine.zipai.decompose import arrange
from app.engine.zipai.rules import ZipaiRules

_SHAPES: list[tuple[int, ...]] = []
_TRIPLES: list[tuple[int, ...]] = [(_i,) * 3 for _i in range(KINDS)]
for _i in range(KINDS):
    if _i % 10 <= 7:
        _SHAPES.append((_i, _i + 1, _i + 2))
    if _i % 10 == 1:
        _SHAPES.append((_i, _i + 5, _i + 8))
    if _i < 10:
        _SHAPES.append((_i, _i, _i + 10))
        _SHAPES.append((_i, _i + 10, _i + 10))


def random_complete_hand(rng: random.Random, rules: ZipaiRules | None = None) -> list[int]:
    """A concealed 21-card hand that ``analyze`` finds complete (counts per card)."""
    yiwushi = rules.yiwushi if rules else False
    while True:
        counts = [0] * KINDS
        for _ in range(7):
            for _try in range(20):
                g = rng.choice(_TRIPLES if rng.random() < 0.15 else _SHAPES)
                need = counts_of(g)
                if all(counts[c] + need[c] <= COPIES - 1 for c in range(KINDS) if need[c]):
                    for c in g:
                        counts[c] += 1
                    break
        if sum(counts) == 21 and arrange(counts, (), yiwushi) is not None:
            return counts


def position(
    hands: Sequence[str],
    melds: Sequence[Sequence[tuple[str, str]]] = ((), (), ()),
    *,
    offer: tuple[str, int, str] | None = None,
    passed: Sequence[tuple[str, int]] = (),
    phase: str | None = None,
    turn: int = 0,
    stock: str = "",
    variant: str = "hunan",
    **extra: Any,
) -> dict[str, Any]:
    """A position dict for :func:`app.engine.zipai.state.from_json`, from short text."""
    seats = []
    for i in range(3):
        seat: dict[str, Any] = {"hand": tokens(parse_cards(hands[i]))}
        seat["melds"] = [{"kind": k, "cards": tokens(parse_cards(c))} for k, c in melds[i]]
        for key in ("pile", "thrown", "chou", "refused_peng"):
            if f"{key}{i}" in extra:
                seat[key] = tokens(parse_cards(extra.pop(f"{key}{i}")))
        seats.append(seat)
    out: dict[str, Any] = {"variant": variant, "seats": seats, "turn": turn}
    out["stock"] = tokens(parse_cards(stock)) if stock else []
    if offer is not None:
        card, seat_no, source = offer
        out["offer"] = {
            "card": card,
            "seat": seat_no,
            "source": source,
            "passed": [list(p) for p in passed],
        }
    out["phase"] = phase or ("offer" if offer else "play")
    out.update(extra)
    return out
