"""The position JSON of the trick game: the whole state, and the one-seat short form.

A whole state is ``to_json``'s document (``hands``, ``piles``, ``trick`` …; it must hold
exactly the deck). The short form asks about the seat to play:
``{"hand", "pile", "trick": ["lead", "next play"], "first": false}``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.engine.chuanpai.cards import check_deck_copies, counts_of, parse_tokens, tokens_of
from app.engine.chuanpai.tricks.plays import HARD, N, Play, classify, in_order
from app.engine.chuanpai.tricks.rules import DEFAULT_RULES, PLAYERS, VARIANT, TrickRules
from app.engine.chuanpai.tricks.state import Trick, TrickState, best_of
from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason


def to_json(state: TrickState) -> dict[str, Any]:
    return {
        "variant": VARIANT,
        "options": state.rules.to_json(),
        "dealer": state.dealer,
        "hands": [list(tokens_of(h)) for h in state.hands],
        "piles": [list(p) for p in state.piles],
        "covered": list(state.covered),
        "leader": state.leader,
        "turn": state.turn,
        "trick": [[s, list(c), cov] for s, c, cov in state.trick],
        "best": state.best,
        "tricks_done": state.tricks_done,
        "first_to_16": state.first_to_16,
        "baopai": state.baopai,
        "phase": state.phase,
        "winner": state.winner,
        "tuoshou": state.tuoshou,
        "foul": state.foul.to_json() if state.foul else None,
        "foul_seat": state.foul_seat,
        "scores": list(state.scores),
        "count": state.count.to_json() if state.count else None,
        "redeals": state.redeals,
    }


def from_json(d: Mapping[str, Any]) -> TrickState:
    trick: Trick = tuple((int(s), tuple(c), bool(cov)) for s, c, cov in d.get("trick", ()))
    options = d.get("options", {})
    return TrickState(
        DEFAULT_RULES.with_options({k: str(v) for k, v in options.items()}),
        int(d["dealer"]),
        tuple(tuple(counts_of(h))[:N] for h in d["hands"]),
        tuple(tuple(p) for p in d["piles"]),
        tuple(d.get("covered", ())),
        int(d.get("leader", 0)),
        int(d.get("turn", 0)),
        trick,
        best_of(trick),
        int(d.get("tricks_done", 0)),
        d.get("first_to_16"),
        d.get("baopai"),
        str(d.get("phase", "play")),
        d.get("winner"),
        d.get("tuoshou"),
        _foul(d["foul"]) if d.get("foul") else None,
        d.get("foul_seat"),
        redeals=int(d.get("redeals", 0)),
    )


def _foul(data: Mapping[str, Any]) -> Reason:
    reason = Reason.from_json(data)
    if reason.code != "cp-tj-must-beat" or set(reason.params) != {"cards"}:
        raise EngineError(
            "bad-position",
            detail=f"foul {reason.code} is not a foul of this game",
            why="detail-moment",
        )
    return Reason(reason.code, {"cards": list(reason.params["cards"])})


def one_seat(pos: Mapping[str, Any], rules: TrickRules) -> TrickState:
    """The seat to play: ``hand``, optional ``pile``, ``trick`` (the plays before it,
    each a string of cards, the first the lead), ``first`` (the deal's first lead)."""
    hand = parse_tokens(str(pos.get("hand", "")), "tricks")
    pile = parse_tokens(str(pos.get("pile", "")), "tricks")
    plays = [parse_tokens(str(p), "tricks") for p in pos.get("trick", ())]
    check_deck_copies(list(hand) + list(pile) + [c for p in plays for c in p], False)
    _check_short_form(hand, plays)
    me = len(plays)  # the leader is seat 0, the plays so far are seats 0 … me-1
    hands = [(0,) * N] * PLAYERS
    hands[me] = tuple(counts_of(hand))[:N]
    piles: list[tuple[str, ...]] = [()] * PLAYERS
    piles[me] = in_order(pile)
    trick = _trick_of(plays)
    first = bool(pos.get("first", False))
    return TrickState(
        rules,
        dealer=0 if first else 1,
        hands=tuple(hands),
        piles=tuple(piles),
        leader=0,
        turn=me,
        trick=trick,
        best=best_of(trick),
        tricks_done=0 if first else 1,
    )


def _check_short_form(hand: Sequence[str], plays: Sequence[Sequence[str]]) -> None:
    for c in hand:
        if c in HARD:
            raise EngineError(
                "bad-position", detail=f"{c} is a 硬张 and is never in hand", why="detail-cards"
            )
    if plays and classify(plays[0]) is None:
        raise EngineError(
            "bad-position",
            detail="the first play of the trick is not a lead",
            why="detail-moment",
        )
    if len(plays) >= PLAYERS:
        raise EngineError(
            "bad-position", detail="the trick is already complete", why="detail-moment"
        )


def _trick_of(plays: Sequence[Sequence[str]]) -> Trick:
    """Each play after the lead is face up when it beats the best so far, else covered."""
    trick: list[tuple[int, tuple[str, ...], bool]] = []
    best: Play | None = None
    for i, cards in enumerate(plays):
        play = classify(cards)
        covered = best is not None and (play is None or not play.beats(best))
        trick.append((i, in_order(cards), covered))
        if not covered:
            best = play
    return tuple(trick)
