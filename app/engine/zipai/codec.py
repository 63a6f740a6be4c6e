"""The one-line position code of a 字牌 deal (the frame is :mod:`app.engine.core.codec`).

Body, version 1 (sections separated by ``~``; cards are tokens run together, ``-`` for
none; ``h`` + a number stands for cards a seat view hides)::

    body   = table "~" seat "~" seat "~" seat "~" stock "~" offer "~" result
    table  = phase ".turn" N ".dealer" N ".liang" card ".moves" N [".streak" N]
             [".discard"] [".hu"] [".act" N] [".stage-" stage]
    seat   = hand "." groups "." pile *("." memo)
    hand   = cards (sorted) | "h" N
    groups = "-" | group *("_" group)
    group  = kind "-" cards          three or four alike (and a 将): the card once
           | kind "-h"               face down, in a seat view
    memo   = "thrown-" cards | "chou-" cards | "nopeng-" cards | "chouhu-" card "-" N
    stock  = cards (drawing order) | "h" N
    offer  = "-" | (card | "h") "." source seat *(".passed-" stage seat)
    result = "-" | "huang"
           | "win" seat "." how [".card-" card] [".zimo"] *("." special) ".groups-" groups

``phase`` is ``offer``, ``play``, ``draw`` or ``over``; ``.discard`` and ``.hu`` are set
when the player to play must discard or may declare a win; ``act`` and ``stage`` (whose
decision is due, at which stage) are written only in a seat view, where they cannot be
worked out. A group's kind is the game's own name (``sao``, ``kaiduo``, ... in Guilin);
``source`` is ``liang``, ``draw`` or ``discard``; ``memo`` items follow in that order.
The result holds what happened (winner, counted groups, card, 自摸, special wins); its
count is worked out again when the code is read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, NamedTuple, NoReturn

from app.engine.core.codec import EMPTY, Frame, about, bad, join_code, split_code
from app.engine.core.errors import EngineError
from app.engine.core.results import OfferView, View
from app.engine.zipai.cards import COPIES, KINDS, TOKEN_INDEX, TOKENS, Card
from app.engine.zipai.melds import (
    JIANG,
    KIND_ALIASES,
    QUADS,
    SIZES,
    TRIPLES,
    Meld,
    every_meld,
    valid,
)
from app.engine.zipai.offers import decider, to_move
from app.engine.zipai.rules import GUILIN, GUILIN_NAMES, ZipaiRules
from app.engine.zipai.settle import win_result
from app.engine.zipai.state import (
    HUANG,
    SEATS,
    SOURCES,
    STAGES,
    Offer,
    Result,
    Seat,
    State,
    all_cards,
)
from app.engine.zipai.view import face_down, offer_shown, outcome, seat_view, table_extra

_CARD = re.compile(r"[xd](?:10|[1-9])")
_TABLE = re.compile(
    r"(offer|play|draw|over)\.turn([0-2])\.dealer([0-2])\.liang([xd](?:10|[1-9]))"
    r"\.moves(\d{1,6})(?:\.streak(\d{1,6}))?(\.discard)?(\.hu)?"
    r"(?:\.act([0-2]))?(?:\.stage-(self|hu|pao|peng|chi))?"
)
_TABLE_FORM = "phase.turnN.dealerN.liangC.movesN[.streakN][.discard][.hu][.actN][.stage-S]"
_ALIKE = TRIPLES | QUADS | {JIANG}
_SPECIALS = ("tianhu", "dihu", "sanlong", "wukan")


def _bad(detail: str, why: str, **params: Any) -> NoReturn:
    raise bad(detail, why, **params)


# --------------------------------------------------------------------------- groups as text


def _spell(m: Meld, names: dict[str, str]) -> str:
    """``kind-cards``; a group of alike cards (and a 将) names its card once."""
    cards = TOKENS[m.cards[0]] if m.kind in _ALIKE else "".join(TOKENS[c] for c in m.cards)
    return f"{names.get(m.kind, m.kind)}-{cards}"


#: every group's text, per game (Guilin's own names), made once
_TEXT: dict[bool, dict[Meld, str]] = {
    guilin: {m: _spell(m, GUILIN_NAMES if guilin else {}) for m in every_meld()}
    for guilin in (False, True)
}
#: every valid group by its text in either game's names, per ``yiwushi``
_GROUP_OF: dict[bool, dict[str, Meld]] = {
    yiwushi: {
        text: m
        for table in _TEXT.values()
        for m, text in table.items()
        if valid(m.kind, m.cards, yiwushi)
    }
    for yiwushi in (False, True)
}


# --------------------------------------------------------------------------- writing


def _cards(cards: Sequence[Card]) -> str:
    return "".join(map(TOKENS.__getitem__, cards)) or EMPTY


def _hand(hand: Sequence[int]) -> str:
    return "".join([TOKENS[c] * n for c, n in enumerate(hand) if n]) or EMPTY


def _mask(mask: int) -> str:
    out = []
    while mask:
        low = mask & -mask
        out.append(TOKENS[low.bit_length() - 1])
        mask ^= low
    return "".join(out)


def _groups(melds: Sequence[Meld], rules: ZipaiRules, hide: bool = False) -> str:
    """The groups as text; with ``hide``, face-down ones show only their kind."""
    guilin = rules.game == GUILIN
    text = _TEXT[guilin]
    out = []
    for m in melds:
        if hide and face_down(m.kind, rules):
            out.append(f"{GUILIN_NAMES.get(m.kind, m.kind) if guilin else m.kind}-h")
        else:
            out.append(text.get(m) or _spell(m, rules.names))
    return "_".join(out) or EMPTY


def _table(state: State, extra: Sequence[str] = ()) -> str:
    items = [
        state.phase,
        f"turn{state.turn}",
        f"dealer{state.dealer}",
        f"liang{TOKENS[state.liang]}",
        f"moves{state.moves}",
    ]
    if state.streak:
        items.append(f"streak{state.streak}")
    if state.must_discard:
        items.append("discard")
    if state.may_hu:
        items.append("hu")
    return ".".join(items + list(extra))


def _seat(seat: Seat, rules: ZipaiRules, sees: bool) -> str:
    hand = _hand(seat.hand) if sees else f"h{sum(seat.hand)}"
    items = [hand, _groups(seat.melds, rules, not sees), _cards(seat.pile)]
    if seat.thrown:
        items.append("thrown-" + _mask(seat.thrown))
    if sees:
        if seat.chou:
            items.append("chou-" + _mask(seat.chou))
        if seat.refused_peng:
            items.append("nopeng-" + _mask(seat.refused_peng))
        items.extend(f"chouhu-{TOKENS[c]}-{h}" for c, h in seat.chou_hu)
    return ".".join(items)


def _offer(offer: Offer | None, shown: bool = True, viewer: int | None = None) -> str:
    if offer is None:
        return EMPTY
    items = [TOKENS[offer.card] if shown else "h", f"{offer.source}{offer.seat}"]
    items.extend(f"passed-{st}{s}" for st, s in offer.passed if viewer is None or s == viewer)
    return ".".join(items)


def _result(r: Result | None, rules: ZipaiRules) -> str:
    if r is None:
        return EMPTY
    if r.winner is None:
        return "huang"
    items = [f"win{r.winner}", r.how]
    if r.card is not None:
        items.append(f"card-{TOKENS[r.card]}")
    if r.zimo:
        items.append("zimo")
    items.extend(r.specials)
    items.append("groups-" + _groups(r.melds, rules))
    return ".".join(items)


def _options(rules: ZipaiRules, base: ZipaiRules) -> dict[str, str]:
    return {} if rules == base else rules.to_options(base)


def encode(state: State, base: ZipaiRules) -> str:
    """The position code of ``state`` (``base``: the game's default rules)."""
    rules = state.rules
    body = [
        _table(state),
        *(_seat(s, rules, True) for s in state.seats),
        _cards(state.stock),
        _offer(state.offer),
        _result(state.result, rules),
    ]
    return join_code(rules.game, _options(rules, base), body)


def encode_view(state: State, seat: int, base: ZipaiRules) -> str:
    """The seat-view code: what ``seat`` may see, decoding to ``view(state, seat)``."""
    sees_all = state.phase == "over"
    rules = state.rules
    act = to_move(state)
    extra = [] if act is None else [f"act{act}"]
    d = decider(state) if state.phase == "offer" else None
    if d is not None:
        extra.append(f"stage-{d[0]}")
    body = [
        _table(state, extra),
        *(_seat(s, rules, sees_all or i == seat) for i, s in enumerate(state.seats)),
        _cards(state.stock) if sees_all else f"h{len(state.stock)}",
        _offer(state.offer, offer_shown(state, seat), None if sees_all else seat),
        _result(state.result, rules),
    ]
    return join_code(rules.game, _options(rules, base), body, viewer=seat)


# --------------------------------------------------------------------------- reading


def _found(text: str, where: str) -> list[str]:
    found = _CARD.findall(text)
    if "".join(found) != text:
        _bad(f"{where}: {text[:12]!r} is not a run of cards", why="detail-cards")
    return found


def read_cards(text: str, where: str) -> tuple[Card, ...]:
    if text == EMPTY:
        return ()
    return tuple(map(TOKEN_INDEX.__getitem__, _found(text, where)))


def _one_card(text: str, where: str) -> Card:
    card = TOKEN_INDEX.get(text)
    if card is None:
        _bad(f"{where}: {text!r} is not one card", why="detail-cards")
    return card


def _number(text: str, where: str, high: int = 10**6) -> int:
    if not text.isdigit() or len(text) > 7 or int(text) > high:
        _bad(f"{where}: {text!r} is not a number up to {high}", **about(where))
    return int(text)


def _read_group(text: str, rules: ZipaiRules, where: str) -> Meld:
    """A group not spelled as the writer spells it (those are found in
    :data:`_GROUP_OF`); one lying face down (``kind-h``) is its kind without cards."""
    name, sep, cards_text = text.partition("-")
    kind = KIND_ALIASES.get(name)
    if not sep or kind is None:
        _bad(f"{where}: {text!r} is not kind-cards", why="detail-meld")
    if cards_text == "h" and face_down(kind, rules):
        return Meld(kind, ())
    cards = read_cards(cards_text, where)
    if kind in _ALIKE and len(cards) == 1:
        cards = cards * SIZES[kind]
    if not valid(kind, cards, rules.yiwushi):
        _bad(f"{where}: {text!r} is not a {name}", **about(where))
    return Meld.make(kind, cards)


def _read_groups(text: str, rules: ZipaiRules, where: str) -> tuple[Meld, ...]:
    if text == EMPTY:
        return ()
    known = _GROUP_OF[rules.yiwushi]
    return tuple(known.get(g) or _read_group(g, rules, where) for g in text.split("_"))


def _read_mask(text: str, where: str) -> int:
    mask = 0
    for t in _found(text, where):
        mask |= 1 << TOKEN_INDEX[t]
    return mask


class _SeatRead(NamedTuple):
    """A seat section: the seat (a hidden hand empty), whether its hand is shown, its size."""

    seat: Seat
    shown: bool
    size: int


@lru_cache(maxsize=8192)  # a pure function of immutable values: most seats are read again
def _read_seat(text: str, rules: ZipaiRules, where: str) -> _SeatRead:
    parts = text.split(".")
    if len(parts) < 3:
        _bad(f"{where}: a seat is hand.groups.pile", **about(where))
    hand_text, groups_text, pile_text = parts[0], parts[1], parts[2]
    hand = [0] * KINDS
    shown = not hand_text.startswith("h")
    if not shown:
        size = _number(hand_text[1:], where, 80)
    elif hand_text == EMPTY:
        size = 0
    else:
        found = _found(hand_text, where)
        for t in found:
            hand[TOKEN_INDEX[t]] += 1
        size = len(found)
    if groups_text == EMPTY:
        groups: tuple[Meld, ...] = ()
    else:
        known = _GROUP_OF[rules.yiwushi]
        groups = tuple(known.get(g) or _read_group(g, rules, where) for g in groups_text.split("_"))
        if shown and "-h" in groups_text and any(not m.cards for m in groups):
            _bad(f"{where}: a seat whose hand is shown shows its groups", why="detail-meld")
    memo = _read_memo(parts[3:], where) if len(parts) > 3 else _NO_MEMO
    if not shown and (memo[1] or memo[2] or memo[3]):
        _bad(f"{where}: the memory of a hidden seat is not shown", **about(where))
    seat = Seat(tuple(hand), groups, read_cards(pile_text, where), *memo)
    return _SeatRead(seat, shown, size)


_Memo = tuple[int, int, int, tuple[tuple[Card, int], ...]]  # thrown, chou, nopeng, chou_hu
_NO_MEMO: _Memo = (0, 0, 0, ())
_MEMO_ITEMS = ("thrown", "chou", "nopeng")


def _read_memo(items: Sequence[str], where: str) -> _Memo:
    masks = [0, 0, 0]
    chou_hu = []
    for item in items:
        name, _, value = item.partition("-")
        if name == "chouhu":
            card, _, huxi = value.partition("-")
            chou_hu.append((_one_card(card, where), _number(huxi, where)))
        elif name in _MEMO_ITEMS:
            masks[_MEMO_ITEMS.index(name)] = _read_mask(value, where)
        else:
            _bad(f"{where}: unknown item {item!r}", **about(where))
    return masks[0], masks[1], masks[2], tuple(chou_hu)


class _Table(NamedTuple):
    phase: str
    turn: int
    dealer: int
    liang: Card
    moves: int
    streak: int
    must_discard: bool
    may_hu: bool
    act: int | None
    stage: str | None

    def state(
        self,
        rules: ZipaiRules,
        seats: tuple[Seat, ...],
        stock: tuple[Card, ...],
        offer: Offer | None,
        result: Result | None,
    ) -> State:
        """The state this table section describes, with the other sections read."""
        return State(
            rules,
            self.dealer,
            seats,
            stock,
            self.liang,
            self.phase,
            self.turn,
            offer,
            self.must_discard,
            self.may_hu,
            self.streak,
            self.moves,
            result,
        )


@lru_cache(maxsize=4096)  # a pure function of the text: a table section is read again
def _read_table(text: str) -> _Table:
    m = _TABLE.fullmatch(text)
    if m is None:
        _bad(f"table: {text[:40]!r} is not {_TABLE_FORM}", why="detail-moment")
    phase, turn, dealer, liang, moves, streak, discard, hu, act, stage = m.groups()
    return _Table(
        phase,
        int(turn),
        int(dealer),
        TOKEN_INDEX[liang],
        int(moves),
        int(streak or 0),
        discard is not None,
        hu is not None,
        None if act is None else int(act),
        stage,
    )


@lru_cache(maxsize=4096)  # a pure function of the text: an offer section is read again
def _read_offer(text: str) -> tuple[Card | None, int, str, tuple[tuple[str, int], ...]] | None:
    if text == EMPTY:
        return None
    parts = text.split(".")
    if len(parts) < 2:
        _bad("offer: card.source-seat", why="detail-moment")
    card = None if parts[0] == "h" else _one_card(parts[0], "offer")
    source = parts[1][:-1]
    if source not in SOURCES:
        _bad(f"offer: unknown source {parts[1]!r}", why="detail-moment")
    seat = _number(parts[1][-1:], "offer", SEATS - 1)
    passed = []
    for item in parts[2:]:
        stage = item[7:-1]
        if not item.startswith("passed-") or stage not in STAGES:
            _bad(f"offer: {item!r} is not passed-<stage><seat>", why="detail-moment")
        passed.append((stage, _number(item[-1:], "offer", SEATS - 1)))
    return card, seat, source, tuple(passed)


def _read_result(
    text: str, rules: ZipaiRules, seats: Sequence[Seat], stock: Sequence[Card]
) -> Result | None:
    if text == EMPTY:
        return None
    if text == "huang":
        return HUANG
    parts = text.split(".")
    if not parts[0].startswith("win") or len(parts) < 3 or parts[1] not in ("hu", "tianhu"):
        _bad("result: huang, or win<seat>.<hu|tianhu>...groups-...", why="detail-meld")
    winner = _number(parts[0][3:], "result", SEATS - 1)
    card = None
    zimo = False
    specials: list[str] = []
    melds: tuple[Meld, ...] = ()
    for item in parts[2:]:
        if item.startswith("card-"):
            card = _one_card(item[5:], "result")
        elif item == "zimo":
            zimo = True
        elif item in _SPECIALS:
            specials.append(item)
        elif item.startswith("groups-"):
            melds = _read_groups(item[7:], rules, "result")
        else:
            _bad(f"result: unknown item {item!r}", why="detail-moment")
    if any(not m.cards for m in melds):
        _bad("result: its groups are shown", why="detail-meld")
    return win_result(
        rules,
        winner,
        seats[winner].counts(),
        melds,
        how=parts[1],
        card=card,
        specials=tuple(specials),
        zimo=zimo,
        stock=stock,
    )


def _frame(code: str, variant: str, view: bool) -> Frame:
    frame = split_code(code)
    if frame.version != 1:
        _bad(f"version {frame.version} is not known", why="detail-version")
    if frame.variant != variant:
        _bad(
            f"the code is for {frame.variant}, not {variant}",
            why="detail-wrong-game",
            variant=frame.variant,
        )
    if (frame.viewer is not None) != view:
        _bad(
            "a seat view is not a whole position" if not view else "not a seat view",
            why="detail-seat-view",
        )
    if len(frame.body) != 7:
        _bad(f"the body has {len(frame.body)} sections, not 7", why="detail-sections")
    return frame


def _rules(frame: Frame, base: ZipaiRules) -> ZipaiRules:
    try:
        return base.with_options(frame.options)
    except EngineError as exc:
        option, value = exc.params.get("option"), exc.params.get("value")
        _bad(f"option {option}: {value!r}", why="detail-option", option=option, value=str(value))


def _guard(read: Callable[[], Any]) -> Any:
    """Anything unexpected while reading is a ``bad-code``, never another exception."""
    try:
        return read()
    except EngineError:
        raise
    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
        _bad(f"{type(exc).__name__}: {exc}", why="detail-other")


def decode(code: str, base: ZipaiRules) -> State:
    """The state of a position code (``bad-code`` naming what is wrong)."""
    state: State = _guard(lambda: _decode(code, base))
    return state


def _decode(code: str, base: ZipaiRules) -> State:
    frame = _frame(code, base.game, view=False)
    rules = _rules(frame, base)
    table = _read_table(frame.body[0])
    seats = []
    for i in range(SEATS):
        read = _read_seat(frame.body[1 + i], rules, f"seat {i}")
        if not read.shown:
            _bad(f"seat {i}: a full position shows every card", why="detail-seat-view")
        seats.append(read.seat)
    if frame.body[4].startswith("h"):
        _bad("stock: a full position shows the stock", why="detail-seat-view")
    stock = read_cards(frame.body[4], "stock")
    offer_parts = _read_offer(frame.body[5])
    offer = None
    if offer_parts is not None:
        card, seat, source, passed = offer_parts
        if card is None:
            _bad("offer: a full position shows the card", why="detail-seat-view")
        offer = Offer(card, seat, source, passed)
    result = _read_result(frame.body[6], rules, seats, stock)
    state = table.state(rules, tuple(seats), stock, offer, result)
    _check(state)
    return state


def _check(state: State) -> None:
    if (state.phase == "offer") != (state.offer is not None):
        _bad("an offer is given exactly in the offer phase", why="detail-moment")
    if (state.phase == "over") != (state.result is not None):
        _bad("a result is given exactly when the deal is over", why="detail-moment")
    counts = all_cards(state)
    most = max(counts)
    if most > COPIES:
        _bad(f"{most} copies of {TOKENS[counts.index(most)]}", why="detail-deck")


def decode_view(code: str, base: ZipaiRules) -> View:
    """The :class:`View` a seat-view code stands for."""
    v: View = _guard(lambda: _decode_view(code, base))
    return v


def _decode_view(code: str, base: ZipaiRules) -> View:
    frame = _frame(code, base.game, view=True)
    viewer = frame.viewer
    assert viewer is not None
    if viewer >= SEATS:
        _bad(f"there is no seat {viewer}", why="detail-no-seat", seat=viewer)
    rules = _rules(frame, base)
    table = _read_table(frame.body[0])
    reads = [_read_seat(frame.body[1 + i], rules, f"seat {i}") for i in range(SEATS)]
    seats = tuple(r.seat for r in reads)
    hidden_stock = frame.body[4].startswith("h")
    stock = () if hidden_stock else read_cards(frame.body[4], "stock")
    over = table.phase == "over"
    result = _read_result(frame.body[6], rules, seats, stock) if over else None
    state = table.state(rules, seats, stock, None, result)
    return View(
        rules.game,
        viewer,
        table.phase,
        table.act,
        table.dealer,
        tuple(seat_view(r.seat, i, rules, r.shown, r.size) for i, r in enumerate(reads)),
        _number(frame.body[4][1:], "stock", 80) if hidden_stock else len(stock),
        None if hidden_stock else tuple(TOKENS[c] for c in stock),
        _view_offer(frame.body[5]),
        outcome(state),
        table_extra(state, table.stage),
    )


def _view_offer(text: str) -> OfferView | None:
    parts = _read_offer(text)
    if parts is None:
        return None
    card, seat, source, passed = parts
    return OfferView(None if card is None else TOKENS[card], seat, source, {"passed": passed})
