"""How a finished deal settles: the winner's count, the others' 底胡, the payments.

When someone wins, all three players count: the winner by the full count (how the hand
went out is read from the final state: 自摸 or a discard, 杠开, 海底捞月, 天成, 地胡,
天听), the others their 底胡, 三老会齐 and 喜 (:func:`~.count.count_hand`). Each pair of
players settles the difference (:func:`~.count.settle`); the 定醒 seat scores 0. A
drawn deal (荒庄) settles nothing.
"""

from __future__ import annotations

from typing import Any

from app.engine.core.actions import Count, CountLine
from app.engine.core.reason import Reason
from app.engine.core.results import Outcome
from app.engine.nantong.cards import token
from app.engine.nantong.count import WinContext, count_hand, settle
from app.engine.nantong.judge import judge
from app.engine.nantong.state import OVER, SEATS, State


def win_card(s: State) -> int | None:
    """The card the winner went out on: the discard, or the card drawn (None: 天成)."""
    return s.discard if s.discard is not None else s.last_drawn


def win_context(s: State, seat: int) -> WinContext:
    """How ``seat`` went out, read from the final state."""
    zimo = s.discard is None
    card = win_card(s)
    dealer = s.dealer
    first_discard = not zimo and s.discarder == dealer and not s.discards[dealer]
    others_silent = not any(s.has_discarded[x] for x in s.players if x != dealer)
    return WinContext(
        win_card=card,
        zimo=zimo,
        gangkai=zimo and s.replacement,
        haidi=zimo and not s.stock,
        tiancheng=seat == dealer and not s.has_discarded[seat] and card is None,
        dihu=first_discard and others_silent,
        tianting=s.baoting[seat],
        qishou=s.qishou(seat),
    )


def player_counts(s: State, winner: int) -> dict[int, Count]:
    """The count of each player: the winner's full count, the others' 底胡."""
    gen = s.gen
    out: dict[int, Count] = {}
    for x in s.players:
        if x == winner:
            v = judge(s.hands[x], s.melds[x], gen, s.rules, win_context(s, x))
            assert v.count is not None, "a declared 胡 always counts"
            out[x] = v.count
        else:
            out[x] = count_hand(s.hands[x], s.melds[x], gen, s.rules, s.qishou(x))
    return out


def outcome(s: State) -> Outcome | None:
    """The :class:`Outcome` of a finished deal (``None`` while it goes on)."""
    if s.phase != OVER:
        return None
    if s.winner is None:
        return Outcome(None, "huang", (0,) * SEATS, reason=Reason("nt-huang"))
    counts = player_counts(s, s.winner)
    totals = [counts[x].total for x in s.players]
    net, pay = settle(totals)
    scores = [0] * SEATS
    for x, n in zip(s.players, net, strict=True):
        scores[x] = n
    lines = [
        CountLine(ln.code, ln.points, _seats(s, ln.params), ln.op) for ln in pay
    ]  # player indexes become seats
    card = win_card(s)
    return Outcome(
        winner=s.winner,
        how="discard" if s.discard is not None else "zimo",
        scores=tuple(scores),
        count=counts[s.winner],
        settlement=Count.of(lines, scores[s.winner]),
        extra={
            "win_card": None if card is None else token(card),
            "counts": {str(x): c for x, c in counts.items()},
            "totals": {str(x): c.total for x, c in counts.items()},
        },
    )


def _seats(s: State, params: Any) -> dict[str, int]:
    return {"from": s.players[params["from"]], "to": s.players[params["to"]]}


def result_json(s: State) -> dict[str, Any] | None:
    """The ``result`` field of the position JSON (as the engine has always written it)."""
    out = outcome(s)
    if out is None:
        return None
    if out.winner is None:
        return {"winner": None, "scores": list(out.scores)}
    assert out.settlement is not None
    return {
        "winner": out.winner,
        "win_card": out.extra["win_card"],
        "zimo": out.how == "zimo",
        "counts": {k: c.to_json() for k, c in out.extra["counts"].items()},
        "totals": dict(out.extra["totals"]),
        "payments": [
            {"from": ln.params["from"], "to": ln.params["to"], "amount": ln.points}
            for ln in out.settlement.lines
        ],
        "scores": list(out.scores),
    }
