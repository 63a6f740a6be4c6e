"""Self-play: 2,000 deals per game with every invariant checked at every step."""

from __future__ import annotations

import pytest

from app.engine.zipai.play import selfplay
from app.engine.zipai.rules import GUILIN_RULES, HUNAN_RULES, ZipaiRules


@pytest.mark.slow
@pytest.mark.parametrize("rules", [HUNAN_RULES, GUILIN_RULES], ids=["hunan", "guilin"])
def test_selfplay_2000_deals(rules: ZipaiRules) -> None:
    out = selfplay(rules, 2000, seed=20261129)
    assert out.games == 2000
    assert sum(out.wins_per_seat) + out.drawn == 2000
    assert sum(out.wins_per_seat) > 500  # the players do win


def test_selfplay_is_deterministic() -> None:
    a = selfplay(HUNAN_RULES, 30, seed=4)
    b = selfplay(HUNAN_RULES, 30, seed=4)
    for key in ("wins_per_seat", "drawn", "mean_actions"):
        assert getattr(a, key) == getattr(b, key)
