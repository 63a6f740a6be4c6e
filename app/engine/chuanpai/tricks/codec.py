"""The one-line position code of the trick game (grammar: docs/engine.md (川牌)).

    v1~chuanpai-tricks~<options>~<header>~<seat 0>~<seat 1>~<seat 2>~<covered>~<trick>

The header is the phase and tagged items (``play.d0.l2.t0.n3``); a seat is its hand
and its laid-out pile (``1113…66.p1212243333``); the trick is its plays in order
(``0p66.1c14``: seat 0 played 66 face up, seat 1 covered a 14). The best play of the
trick and the settlement of a finished deal follow from the rest: decoding recomputes
them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from app.engine.chuanpai.cards import FACES, tokens_of
from app.engine.chuanpai.code import (
    join_items,
    read_cards,
    read_counts,
    read_frame,
    read_header,
    read_hidden,
    read_rules,
    read_seat_no,
    write_cards,
    write_counts,
)
from app.engine.chuanpai.tricks.plays import N
from app.engine.chuanpai.tricks.rules import DEFAULT_RULES, PLAYERS, VARIANT, TrickRules
from app.engine.chuanpai.tricks.settle import ended
from app.engine.chuanpai.tricks.state import PHASES, TrickState, best_of, problems
from app.engine.chuanpai.tricks.view import (
    Table,
    hidden_cover,
    make_view,
    play_view,
    seat_view,
    view,
)
from app.engine.core.codec import Frame, about, bad, join_code, read_int
from app.engine.core.reason import Reason
from app.engine.core.results import SeatView, View

STATE_TAGS = "dltnabrzx"
VIEW_TAGS = "dltnab"
_SEATS = {"d": "dealer", "l": "leader", "t": "turn", "a": "first_to_16", "b": "baopai"}
_SEATS |= {"z": "tuoshou"}
_INTS = {"n": ("tricks_done", 60), "r": ("redeals", 10**6)}
SECTIONS = 1 + PLAYERS + 2
FACE_SET = frozenset(FACES)
"""The cards of the trick game (no 经牌)."""


# -- writing ---------------------------------------------------------------------------


def encode(state: TrickState) -> str:
    return _code(state, None)


def encode_view(state: TrickState, seat: int) -> str:
    """What ``seat`` may see; once the deal is over, everything (the state's code)."""
    return _code(state, seat)


def _code(state: TrickState, viewer: int | None) -> str:
    full = viewer is None or state.phase == "over"
    header = _header(state) if full else _view_header(state)
    seats = [
        _seat(hand, pile, full or i == viewer)
        for i, (hand, pile) in enumerate(zip(state.hands, state.piles, strict=True))
    ]
    covered = write_cards(state.covered) if full else f"h{len(state.covered)}"
    plays = [_play(s, cards, cov, full or s == viewer) for s, cards, cov in state.trick]
    body = [header, *seats, covered, ".".join(plays) or "-"]
    return join_code(VARIANT, state.rules.to_options(DEFAULT_RULES), body, viewer)


def _header(state: TrickState) -> str:
    items = _common_items(state)
    if state.redeals:
        items.append(f"r{state.redeals}")
    if state.tuoshou is not None:
        items.append(f"z{state.tuoshou}")
    if state.foul is not None:
        items.append(f"x{state.foul_seat}_{write_cards(state.foul.params['cards'])}")
    return join_items(state.phase, items)


def _view_header(state: TrickState) -> str:
    return join_items(state.phase, _common_items(state))


def _common_items(state: TrickState) -> list[str]:
    items = [f"d{state.dealer}", f"l{state.leader}", f"t{state.turn}"]
    if state.tricks_done:
        items.append(f"n{state.tricks_done}")
    if state.first_to_16 is not None:
        items.append(f"a{state.first_to_16}")
    if state.baopai is not None:
        items.append(f"b{state.baopai}")
    return items


@lru_cache(maxsize=16384)
def _seat(hand: tuple[int, ...], pile: tuple[str, ...], visible: bool) -> str:
    first = write_counts(hand) if visible else f"h{sum(hand)}"
    return join_items(first, ["p" + write_cards(pile)] if pile else [])


def _play(seat: int, cards: tuple[str, ...], covered: bool, visible: bool) -> str:
    if not covered:
        return f"{seat}p{write_cards(cards)}"
    return f"{seat}c{write_cards(cards)}" if visible else f"{seat}ch{len(cards)}"


# -- reading ---------------------------------------------------------------------------


def decode(code: str) -> TrickState:
    frame = _frame(code, view=False)
    return _state(frame, read_rules(frame, DEFAULT_RULES))


def decode_view(code: str) -> View:
    frame = _frame(code, view=True)
    assert frame.viewer is not None
    if frame.viewer >= PLAYERS:
        raise bad(
            f"seat {frame.viewer} is not at a table of {PLAYERS}",
            why="detail-seat",
            seat=frame.viewer,
        )
    rules = read_rules(frame, DEFAULT_RULES)
    if frame.section(0).split(".")[0] == "over":
        return view(_state(frame, rules), frame.viewer)
    return _view(frame, frame.viewer)


def _frame(code: str, view: bool) -> Frame:
    frame = read_frame(code, VARIANT, view)
    if len(frame.body) != SECTIONS:
        raise bad(f"the body has {SECTIONS} sections, not {len(frame.body)}", why="detail-sections")
    return frame


def _state(frame: Frame, rules: TrickRules) -> TrickState:
    header, *seats, covered, trick_text = frame.body
    fields = _read_header(header, STATE_TAGS)
    hands, piles = zip(
        *(_read_seat(text, f"seat {i}") for i, text in enumerate(seats)), strict=True
    )
    if any(h is None for h in hands):
        raise bad("a whole position hides no hand", why="detail-seat-view")
    trick = tuple(_whole_play(p) for p in _plays(trick_text))
    state = TrickState(
        rules=rules,
        hands=tuple(h for h in hands if h is not None),
        piles=tuple(piles),
        covered=read_cards(covered, "covered", FACE_SET),
        trick=trick,
        best=best_of(trick),
        **fields,
    )
    problem = problems(state, whole=False)
    if problem:
        raise bad(problem, why=problem.why, **problem.params)
    return ended(state) if state.phase == "over" else state


def _read_header(section: str, tags: str) -> dict[str, Any]:
    known, foul = _header_fields(section, tags)
    fields = dict(known)
    if foul is not None:
        seat, _, cards = foul.partition("_")
        fields["foul_seat"] = read_seat_no(seat, "foul", PLAYERS)
        fields["foul"] = Reason("cp-tj-must-beat", {"cards": list(read_cards(cards, "foul"))})
    return fields


@lru_cache(maxsize=16384)
def _header_fields(section: str, tags: str) -> tuple[tuple[tuple[str, Any], ...], str | None]:
    """The fields a header sets but the foul, and the foul's text (read apart: its
    reason is made anew for each state)."""
    phase, items = read_header(section, PHASES, tags)
    if any(t not in items for t in "dlt"):
        raise bad(
            "header: the dealer (d), the leader (l) and the turn (t) are required",
            why="detail-moment",
        )
    fields: dict[str, Any] = {"phase": phase}
    for tag, name in _SEATS.items():
        if tag in items:
            fields[name] = read_seat_no(items[tag], f"header {tag}", PLAYERS)
    for tag, (name, high) in _INTS.items():
        if tag in items:
            fields[name] = read_int(items[tag], f"header {tag}", 0, high)
    return tuple(fields.items()), items.get("x")


@lru_cache(maxsize=16384)
def _read_seat(text: str, where: str) -> tuple[tuple[int, ...] | None, tuple[str, ...]]:
    """(hand or None when hidden, pile); a hidden hand's size is read by the view."""
    first, *items = text.split(".")
    hand = None if first.startswith("h") else read_counts(first, where, N)
    if len(items) > 1 or any(not item.startswith("p") for item in items):
        raise bad(f"{where}: a seat is its hand and p and its pile", **about(where))
    pile = read_cards(items[0][1:], where, FACE_SET) if items else ()
    return hand, pile


def _plays(text: str) -> list[str]:
    return [] if text == "-" else text.split(".")


def _read_play(text: str) -> tuple[int, bool, tuple[str, ...], int | None]:
    """A play of the trick: seat, covered, its cards, and (a view's hidden cover) how
    many cards are hidden."""
    if len(text) < 3 or text[1] not in "pc":
        raise bad(f"trick: {text!r} is not seat, p or c, and cards", why="detail-moment")
    seat = read_seat_no(text[0], "trick", PLAYERS)
    covered = text[1] == "c"
    hidden = read_hidden(text[2:], "trick") if covered else None
    cards = () if hidden is not None else read_cards(text[2:], "trick", FACE_SET)
    return seat, covered, cards, hidden


def _whole_play(text: str) -> tuple[int, tuple[str, ...], bool]:
    seat, covered, cards, hidden = _read_play(text)
    if hidden is not None:
        raise bad("trick: a whole position hides no cover", why="detail-seat-view")
    return seat, cards, covered


# -- a seat view -----------------------------------------------------------------------


def _view(frame: Frame, viewer: int) -> View:
    header, *seat_texts, covered, trick_text = frame.body
    fields = _read_header(header, VIEW_TAGS)
    seats = tuple(_seat_seen(i, text, i == viewer) for i, text in enumerate(seat_texts))
    covered_count = read_hidden(covered, "covered")
    if covered_count is None:
        raise bad(
            "covered: a seat view hides the covered cards (h and their number)",
            why="detail-seat-view",
        )
    trick = tuple(_play_seen(p, viewer) for p in _plays(trick_text))
    table = Table(
        fields["dealer"],
        fields["turn"],
        fields["leader"],
        fields.get("tricks_done", 0),
        fields.get("first_to_16"),
        fields.get("baopai"),
    )
    return make_view(viewer, fields["phase"], seats, trick, table, covered_count, None)


def _seat_seen(i: int, text: str, own: bool) -> SeatView:
    hand, pile = _read_seat(text, f"seat {i}")
    if own != (hand is not None):
        raise bad(
            f"seat {i}: a seat view shows its own hand and hides the others",
            why="detail-seat-view",
        )
    if hand is not None:
        return seat_view(i, tokens_of(hand), sum(hand), pile)
    size = read_hidden(text.split(".")[0], f"seat {i}")
    return seat_view(i, None, size or 0, pile)


def _play_seen(text: str, viewer: int) -> dict[str, Any]:
    seat, covered, cards, hidden = _read_play(text)
    if covered and (hidden is None) != (seat == viewer):
        raise bad("trick: a seat sees its own covers, not the others'", why="detail-seat-view")
    return (
        hidden_cover(seat, hidden) if hidden is not None else play_view(seat, cards, covered, True)
    )
