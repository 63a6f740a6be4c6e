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
from typing import Any, NoReturn

from app.engine.core.codec import EMPTY, Frame, join_code, split_code
from app.engine.core.errors import EngineError
from app.engine.core.results import OfferView, View
from app.engine.zipai.cards import COPIES, KINDS, TOKEN_INDEX, TOKENS, Card
from app.engine.zipai.melds import JIANG, KIND_ALIASES, QUADS, SIZES, TRIPLES, Meld, valid
from app.engine.zipai.offers import decider, to_move
from app.engine.zipai.rules import ZipaiRules
from app.engine.zipai.settle import win_result
from app.engine.zipai.state import (
    HUANG,
    PHASES,
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

_RUN = re.compile(r"(?:[xd](?:10|[1-9]))*")
_CARD = re.compile(r"[xd](?:10|[1-9])")
_ALIKE = TRIPLES | QUADS | {JIANG}
_SPECIALS = ("tianhu", "dihu", "sanlong", "wukan")


def _bad(detail: str) -> NoReturn:
    raise EngineError("bad-code", detail=detail)


# --------------------------------------------------------------------------- writing


def _cards(cards: Sequence[Card]) -> str:
    return "".join([TOKENS[c] for c in cards]) or EMPTY


def _hand(hand: Sequence[int]) -> str:
    return "".join([TOKENS[c] * n for c, n in enumerate(hand) if n]) or EMPTY


def _mask(mask: int) -> str:
    return "".join([TOKENS[c] for c in range(KINDS) if mask >> c & 1])


def _group(m: Meld, rules: ZipaiRules, hidden: bool = False) -> str:
    kind = rules.names.get(m.kind, m.kind)
    if hidden:
        return f"{kind}-h"
    return f"{kind}-{TOKENS[m.cards[0]] if m.kind in _ALIKE else _cards(m.cards)}"


def _groups(melds: Sequence[Meld], rules: ZipaiRules, hide: Callable[[Meld], bool]) -> str:
    return "_".join([_group(m, rules, hide(m)) for m in melds]) or EMPTY


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
    hide = (lambda m: face_down(m.kind, rules)) if not sees else (lambda m: False)
    items = [hand, _groups(seat.melds, rules, hide), _cards(seat.pile)]
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
    items.append("groups-" + _groups(r.melds, rules, lambda m: False))
    return ".".join(items)


def _options(rules: ZipaiRules, base: ZipaiRules) -> dict[str, str]:
    return rules.to_options(base)


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
    shown = offer_shown(state, seat)
    body = [
        _table(state, extra),
        *(_seat(s, rules, sees_all or i == seat) for i, s in enumerate(state.seats)),
        _cards(state.stock) if sees_all else f"h{len(state.stock)}",
        _offer(state.offer, shown, None if sees_all else seat),
        _result(state.result, rules),
    ]
    return join_code(rules.game, _options(rules, base), body, viewer=seat)


# --------------------------------------------------------------------------- reading


def read_cards(text: str, where: str) -> tuple[Card, ...]:
    if text == EMPTY:
        return ()
    if not _RUN.fullmatch(text):
        _bad(f"{where}: {text[:12]!r} is not a run of cards")
    return tuple(TOKEN_INDEX[t] for t in _CARD.findall(text))


def _one_card(text: str, where: str) -> Card:
    cards = read_cards(text, where)
    if len(cards) != 1:
        _bad(f"{where}: {text!r} is not one card")
    return cards[0]


def _number(text: str, where: str, high: int = 10**6) -> int:
    if not text.isdigit() or len(text) > 7 or int(text) > high:
        _bad(f"{where}: {text!r} is not a number up to {high}")
    return int(text)


def _seat_no(text: str, where: str) -> int:
    return _number(text, where, SEATS - 1)


def _hidden(text: str) -> bool:
    return text.startswith("h")


def _read_group(text: str, rules: ZipaiRules, where: str) -> Meld | str:
    """A group, or its kind alone when it lies face down (``kind-h``)."""
    name, sep, cards_text = text.partition("-")
    kind = KIND_ALIASES.get(name)
    if not sep or kind is None:
        _bad(f"{where}: {text!r} is not kind-cards")
    if cards_text == "h":
        if not face_down(kind, rules):
            _bad(f"{where}: {text!r}: only a face-down group hides its cards")
        return kind
    cards = read_cards(cards_text, where)
    if kind in _ALIKE:
        if len(cards) != 1:
            _bad(f"{where}: {text!r}: a group of alike cards is written with its card once")
        cards = cards * SIZES[kind]
    if not valid(kind, cards, rules.yiwushi):
        _bad(f"{where}: {text!r} is not a valid {name}")
    return Meld.make(kind, cards)


def _read_groups(text: str, rules: ZipaiRules, where: str) -> list[Meld | str]:
    if text == EMPTY:
        return []
    return [_read_group(g, rules, where) for g in text.split("_")]


class _SeatText:
    """One seat section, read: hand (counts, or the hidden size), groups, pile, memory."""

    def __init__(self, text: str, rules: ZipaiRules, where: str) -> None:
        parts = text.split(".")
        if len(parts) < 3:
            _bad(f"{where}: a seat is hand.groups.pile")
        self.hand: list[int] | None = None
        self.size = 0
        if _hidden(parts[0]):
            self.size = _number(parts[0][1:], where, 80)
        else:
            self.hand = [0] * KINDS
            for c in read_cards(parts[0], where):
                self.hand[c] += 1
            self.size = sum(self.hand)
        self.groups = _read_groups(parts[1], rules, where)
        self.pile = read_cards(parts[2], where)
        self.thrown = self.chou = self.nopeng = 0
        self.chou_hu: list[tuple[Card, int]] = []
        self.private = False  # chou, nopeng or chouhu given
        for item in parts[3:]:
            self._memo(item, where)

    def _memo(self, item: str, where: str) -> None:
        name, _, value = item.partition("-")
        if name == "chouhu":
            card, _, huxi = value.partition("-")
            self.chou_hu.append((_one_card(card, where), _number(huxi, where)))
            self.private = True
            return
        if name not in ("thrown", "chou", "nopeng"):
            _bad(f"{where}: unknown item {item!r}")
        mask = 0
        for c in read_cards(value, where):
            mask |= 1 << c
        setattr(self, name, mask)
        self.private = self.private or name != "thrown"

    def seat(self, where: str) -> Seat:
        """The seat of a full position: every card shown."""
        if self.hand is None or any(isinstance(g, str) for g in self.groups):
            _bad(f"{where}: a full position shows every card")
        return self.seen(where)

    def seen(self, where: str) -> Seat:
        """The seat as a view shows it: a hidden hand is empty, a face-down group is its
        kind alone (a group without cards)."""
        if self.hand is not None and any(isinstance(g, str) for g in self.groups):
            _bad(f"{where}: a seat whose hand is shown shows its groups")
        if self.hand is None and self.private:
            _bad(f"{where}: the memory of a hidden seat is not shown")
        melds = tuple(Meld(g, ()) if isinstance(g, str) else g for g in self.groups)
        return Seat(
            tuple(self.hand or [0] * KINDS),
            melds,
            self.pile,
            self.thrown,
            self.chou,
            self.nopeng,
            tuple(self.chou_hu),
        )


class _Table:
    """The table section, read."""

    def __init__(self, text: str) -> None:
        parts = text.split(".")
        self.phase = parts[0]
        if self.phase not in PHASES:
            _bad(f"table: unknown phase {self.phase!r}")
        self.values: dict[str, int] = {}
        self.flags: set[str] = set()
        self.liang = 0
        self.stage: str | None = None
        for item in parts[1:]:
            self._item(item)
        for need in ("turn", "dealer", "moves"):
            if need not in self.values:
                _bad(f"table: {need} is missing")

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
            self.values["dealer"],
            seats,
            stock,
            self.liang,
            self.phase,
            self.values["turn"],
            offer,
            "discard" in self.flags,
            "hu" in self.flags,
            self.values.get("streak", 0),
            self.values["moves"],
            result,
        )

    def _item(self, item: str) -> None:
        if item in ("discard", "hu"):
            self.flags.add(item)
        elif item.startswith("liang"):
            self.liang = _one_card(item[5:], "table")
        elif item.startswith("stage-") and item[6:] in STAGES:
            self.stage = item[6:]
        else:
            name = item.rstrip("0123456789")
            if name not in ("turn", "dealer", "moves", "streak", "act"):
                _bad(f"table: unknown item {item!r}")
            high = SEATS - 1 if name in ("turn", "dealer", "act") else 10**6
            self.values[name] = _number(item[len(name) :], "table", high)


def _read_offer(text: str) -> tuple[Card | None, int, str, tuple[tuple[str, int], ...]] | None:
    if text == EMPTY:
        return None
    parts = text.split(".")
    if len(parts) < 2:
        _bad("offer: card.source-seat")
    card = None if parts[0] == "h" else _one_card(parts[0], "offer")
    source = parts[1][:-1]
    if source not in SOURCES:
        _bad(f"offer: unknown source {parts[1]!r}")
    seat = _seat_no(parts[1][-1:], "offer")
    passed = []
    for item in parts[2:]:
        stage = item[7:-1]
        if not item.startswith("passed-") or stage not in STAGES:
            _bad(f"offer: {item!r} is not passed-<stage><seat>")
        passed.append((stage, _seat_no(item[-1:], "offer")))
    return card, seat, source, tuple(passed)


def _read_result(
    text: str, rules: ZipaiRules, seats: Sequence[Seat], stock: Sequence[Card]
) -> Result | None:
    if text == EMPTY:
        return None
    if text == "huang":
        return HUANG
    parts = text.split(".")
    if not parts[0].startswith("win") or len(parts) < 3:
        _bad("result: huang, or win<seat>.how...groups-...")
    winner = _seat_no(parts[0][3:], "result")
    how = parts[1]
    if how not in ("hu", "tianhu"):
        _bad(f"result: unknown way {how!r}")
    card = None
    zimo = False
    specials: list[str] = []
    melds: list[Meld] = []
    for item in parts[2:]:
        if item.startswith("card-"):
            card = _one_card(item[5:], "result")
        elif item == "zimo":
            zimo = True
        elif item in _SPECIALS:
            specials.append(item)
        elif item.startswith("groups-"):
            for g in _read_groups(item[7:], rules, "result"):
                if isinstance(g, str):
                    _bad("result: groups are shown")
                melds.append(g)
        else:
            _bad(f"result: unknown item {item!r}")
    return win_result(
        rules,
        winner,
        seats[winner].counts(),
        melds,
        how=how,
        card=card,
        specials=tuple(specials),
        zimo=zimo,
        stock=stock,
    )


def _frame(code: str, variant: str, view: bool) -> Frame:
    frame = split_code(code)
    if frame.version != 1:
        _bad(f"version {frame.version} is not known")
    if frame.variant != variant:
        _bad(f"the code is for {frame.variant}, not {variant}")
    if (frame.viewer is not None) != view:
        _bad("a seat view is not a whole position" if not view else "not a seat view")
    if len(frame.body) != 7:
        _bad(f"the body has {len(frame.body)} sections, not 7")
    return frame


def _rules(frame: Frame, base: ZipaiRules) -> ZipaiRules:
    try:
        return base.with_options(frame.options)
    except EngineError as exc:
        _bad(f"option {exc.params.get('option')}: {exc.params.get('value')!r}")


def _guard(read: Callable[[], Any]) -> Any:
    """Anything unexpected while reading is a ``bad-code``, never another exception."""
    try:
        return read()
    except EngineError:
        raise
    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
        _bad(f"{type(exc).__name__}: {exc}")


def decode(code: str, base: ZipaiRules) -> State:
    """The state of a position code (``bad-code`` naming what is wrong)."""
    state: State = _guard(lambda: _decode(code, base))
    return state


def _decode(code: str, base: ZipaiRules) -> State:
    frame = _frame(code, base.game, view=False)
    rules = _rules(frame, base)
    table = _Table(frame.body[0])
    seats = tuple(
        _SeatText(frame.body[1 + i], rules, f"seat {i}").seat(f"seat {i}") for i in range(SEATS)
    )
    if _hidden(frame.body[4]):
        _bad("stock: a full position shows the stock")
    stock = read_cards(frame.body[4], "stock")
    offer_parts = _read_offer(frame.body[5])
    offer = None
    if offer_parts is not None:
        card, seat, source, passed = offer_parts
        if card is None:
            _bad("offer: a full position shows the card")
        offer = Offer(card, seat, source, passed)
    state = table.state(
        rules, seats, stock, offer, _read_result(frame.body[6], rules, seats, stock)
    )
    _check(state)
    return state


def _check(state: State) -> None:
    if (state.phase == "offer") != (state.offer is not None):
        _bad("an offer is given exactly in the offer phase")
    if (state.phase == "over") != (state.result is not None):
        _bad("a result is given exactly when the deal is over")
    for c, n in enumerate(all_cards(state)):
        if n > COPIES:
            _bad(f"{n} copies of {TOKENS[c]}")


def decode_view(code: str, base: ZipaiRules) -> View:
    """The :class:`View` a seat-view code stands for."""
    v: View = _guard(lambda: _decode_view(code, base))
    return v


def _decode_view(code: str, base: ZipaiRules) -> View:
    frame = _frame(code, base.game, view=True)
    viewer = frame.viewer
    assert viewer is not None
    if viewer >= SEATS:
        _bad(f"there is no seat {viewer}")
    rules = _rules(frame, base)
    table = _Table(frame.body[0])
    texts = [_SeatText(frame.body[1 + i], rules, f"seat {i}") for i in range(SEATS)]
    seats = tuple(t.seen(f"seat {i}") for i, t in enumerate(texts))
    hidden_stock = _hidden(frame.body[4])
    stock = () if hidden_stock else read_cards(frame.body[4], "stock")
    over = table.phase == "over"
    result = _read_result(frame.body[6], rules, seats, stock) if over else None
    state = table.state(rules, seats, stock, None, result)
    return View(
        rules.game,
        viewer,
        table.phase,
        table.values.get("act"),
        state.dealer,
        tuple(
            seat_view(seat, i, rules, t.hand is not None, t.size)
            for i, (seat, t) in enumerate(zip(seats, texts, strict=True))
        ),
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
