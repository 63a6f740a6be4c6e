"""The one-line position code of a Nantong deal, and its seat-view form.

The frame is :mod:`app.engine.core.codec` (``v1~nantong~options~body``); the body::

    body     = dealer "~" phase "~" generals "~" stock "~" seat "~" seat "~" seat "~" seat "~" offer
    dealer   = "0" | "1" | "2" | "3"
    phase    = ("ting" | "turn" | "respond") seat     the seat to act
             | "over" [seat]                          the winner; none: 荒庄
    generals = cards                                  the turned general cards
    stock    = cards                                  drawing order (the back replaces fours)
    seat     = hand "." melds "." discards "." marks "." dealt
    hand     = cards, sorted                          dealt = the cards dealt, sorted
    melds    = "-" | 1*(made cards)                   made: P 碰, K 暗刻, M 明杠, A 暗杠, L 龙
    discards = cards, in order
    marks    = "-" | ["b"] ["d"]                      b: declared ready (报听), d: has discarded
    offer    = "-" | item *("." item)
    item     = ("draw" | "replacement" | "discard") "-" card     the card drawn / on offer
             | "by-" seat                             who discarded it
             | "ask-" 1*seat                          seats still to answer (in order)
             | "claims-" 1*(seat kind)                answers so far: 1peng, 2hu, 1ming-gang

``cards`` are tokens run together (``1t1t2b``; ``-`` for none). A seat view (head
``v1s<seat>``) writes ``h`` + the count for each hand and stock the seat may not see,
a drawn card it may not see as ``h``, only its own claims, no ``ask`` and no ``dealt``
part; once the deal is over it is the whole position (everything is shown).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from itertools import product
from typing import Any

from app.engine.core.codec import (
    EMPTY,
    MAX_LENGTH,
    Frame,
    about,
    bad,
    join_code,
    read_int,
    split_code,
    wrapped,
)
from app.engine.core.errors import EngineError
from app.engine.core.results import OfferView, SeatView, View
from app.engine.nantong.cards import NKINDS, NPLAIN, TOKENS, hand_tokens, token_tuple
from app.engine.nantong.melds import Meld
from app.engine.nantong.rules import AN_GANG, AN_KE, LONG, MING_GANG, PENG, Rules
from app.engine.nantong.state import OVER, PHASES, SEATS, State
from app.engine.nantong.view import VARIANT, meld_views, view

DEFAULT = Rules()


def _every_rule_set() -> tuple[Rules, ...]:
    """The 32 rule sets (every choice of every option), for the tables below."""
    choices = [f.metadata.get("choices", (False, True)) for f in Rules.option_fields()]
    names = [f.name for f in Rules.option_fields()]
    return tuple(Rules(**dict(zip(names, values, strict=True))) for values in product(*choices))


_OPTIONS_OF = {r: r.to_options(DEFAULT) for r in _every_rule_set()}  # a rule set's text
_RULES_OF = {frozenset(o.items()): r for r, o in _OPTIONS_OF.items()}  # and back
MADE_LETTER = {PENG: "P", AN_KE: "K", MING_GANG: "M", AN_GANG: "A", LONG: "L"}
LETTER_MADE = {v: k for k, v in MADE_LETTER.items()}
_MELD = re.compile(r"[PKMAL][^PKMAL]*")
_MELD_OF = {  # every meld value by its text (the 喜 form none)
    letter + TOKENS[k] * held: Meld(made, k, held)
    for made, letter in MADE_LETTER.items()
    for k in range(NPLAIN)
    for held in (2, 3, 4)
}
_CLAIM = re.compile(r"(\d)(hu|peng|ming-gang)")
_HIDDEN = re.compile(r"h(\d{1,3})")


# -- writing --------------------------------------------------------------------------


def _options(rules: Rules) -> Mapping[str, str]:
    known = _OPTIONS_OF.get(rules)
    return known if known is not None else rules.to_options(DEFAULT)


@lru_cache(maxsize=16384)
def _run(counts: tuple[int, ...]) -> str:
    """A hand, sorted, tokens run together (made once per distinct hand)."""
    return "".join(hand_tokens(counts)) or EMPTY


@lru_cache(maxsize=16384)
def _list(cards: tuple[int, ...]) -> str:
    """Cards in order, tokens run together (made once per distinct run)."""
    return "".join(token_tuple(cards)) or EMPTY


def _phase(phase: str, seat: int | None) -> str:
    return phase if seat is None or seat < 0 else f"{phase}{seat}"


def _mark_text(ready: bool, discarded: bool) -> str:
    return ("b" if ready else "") + ("d" if discarded else "") or EMPTY


def _meld_text(melds: Sequence[tuple[str, str]]) -> str:
    return "".join(MADE_LETTER[made] + cards for made, cards in melds) or EMPTY


def _offer(items: Sequence[tuple[str, Any]]) -> str:
    return ".".join(f"{k}-{v}" for k, v in items if v is not None and v != "") or EMPTY


def _claims(claims: Sequence[tuple[int, str]]) -> str:
    return "".join(f"{seat}{kind}" for seat, kind in claims)


def encode(s: State, viewer: int | None = None) -> str:
    """The code of the whole position (with ``viewer``: the head of a finished deal's view)."""
    seat = s.winner if s.phase == OVER else s.turn
    body = [
        str(s.dealer),
        _phase(s.phase, seat),
        _list(s.generals),
        _list(s.stock),
        *(_full_seat(s, x) for x in range(SEATS)),
        _full_offer(s),
    ]
    return join_code(VARIANT, _options(s.rules), body, viewer)


@lru_cache(maxsize=4096)
def _full_melds(melds: tuple[Meld, ...]) -> str:
    return _meld_text([(m.made, TOKENS[m.card] * m.held) for m in melds])


def _full_seat(s: State, x: int) -> str:
    melds = _full_melds(s.melds[x])
    marks = _mark_text(s.baoting[x], s.has_discarded[x])
    return ".".join((_run(s.hands[x]), melds, _list(s.discards[x]), marks, _run(s.dealt[x])))


def _full_offer(s: State) -> str:
    drawn = None if s.last_drawn is None else TOKENS[s.last_drawn]
    return _offer(
        [
            ("replacement" if s.replacement else "draw", drawn),
            ("discard", None if s.discard is None else TOKENS[s.discard]),
            ("by", s.discarder),
            ("ask", "".join(map(str, s.responders))),
            ("claims", _claims(s.claims)),
        ]
    )


def encode_view(s: State, seat: int) -> str:
    """What ``seat`` may see, as a code (the whole position once the deal is over)."""
    if s.phase == OVER:
        return encode(s, seat)
    v = view(s, seat)
    body = [
        str(v.dealer),
        _phase(v.phase, v.to_act),
        "".join(v.extra["generals"]) or EMPTY,
        f"h{v.stock_size}",
        *(_view_seat(sv) for sv in v.seats),
        _view_offer(v),
    ]
    return join_code(VARIANT, _options(s.rules), body, seat)


def _view_seat(sv: SeatView) -> str:
    hand = f"h{sv.hand_size}" if sv.hand is None else "".join(sv.hand) or EMPTY
    melds = _meld_text([(m.kind, "".join(m.cards)) for m in sv.melds])
    marks = _mark_text(sv.extra["ready"], sv.extra["discarded"])
    return ".".join((hand, melds, "".join(sv.discards) or EMPTY, marks))


def _view_offer(v: View) -> str:
    o = v.offer
    items: list[tuple[str, Any]] = []
    if o is not None:
        items.append((o.source, o.card or "h"))
        if o.source == "discard":
            items.append(("by", o.seat))
    items.append(("claims", _claims(v.extra["claims"])))
    return _offer(items)


# -- reading --------------------------------------------------------------------------


def _frame(code: str, viewed: bool) -> Frame:
    frame = split_code(code)
    if frame.variant != VARIANT:
        raise bad(
            f"the code is for {frame.variant}, not {VARIANT}",
            why="detail-wrong-game",
            variant=frame.variant,
        )
    if frame.version != 1:
        raise bad(
            f"grammar version {frame.version} is unknown (this engine reads v1)",
            why="detail-version",
        )
    if viewed and frame.viewer is None:
        raise bad("a whole position, not a seat view", why="detail-seat-view")
    if not viewed and frame.viewer is not None:
        raise bad("a seat view is not a whole position", why="detail-seat-view")
    if frame.viewer is not None and not 0 <= frame.viewer < SEATS:
        raise bad(f"no seat {frame.viewer}", why="detail-no-seat", seat=frame.viewer)
    if len(frame.body) != 9:
        raise bad(f"the body has {len(frame.body)} sections, not 9", why="detail-sections")
    return frame


def _guarded(read: Callable[[], Any]) -> Any:
    """Whatever goes wrong reading a code is ``bad-code``, never another exception."""
    try:
        return read()
    except EngineError as exc:
        if exc.code == "bad-code":
            raise
        raise bad(f"{exc.code}: {exc.params}", **wrapped(exc)) from None
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        raise bad(f"{type(exc).__name__}: {exc}", why="detail-other") from None


def decode(code: str) -> State:
    """The position of a code (``bad-code`` naming what is wrong)."""
    state: State = _guarded(lambda: _state(_frame(code, viewed=False)))
    return state


def decode_view(code: str) -> View:
    """The :class:`View` of a seat-view code."""
    result: View = _guarded(lambda: _view(_frame(code, viewed=True)))
    return result


_PAIRS = tuple(slice(i, i + 2) for i in range(0, MAX_LENGTH, 2))
_XI_TOKEN = re.compile("|".join(TOKENS[NPLAIN:]))
_KIND = {t[:2]: k for k, t in enumerate(TOKENS)}  # ``cai`` is folded to ``ca`` first
_PART_NAMES = ("hand", "melds", "discards", "marks", "dealt")
_WHERE = tuple(tuple(f"seat {x} {part}" for part in _PART_NAMES) for x in range(SEATS))


@lru_cache(maxsize=16384)
def _kinds(text: str, where: str) -> tuple[int, ...]:
    """The cards of a run of two-letter tokens (``-``: none), read once per distinct text."""
    if text == EMPTY:
        return ()
    n = len(text)
    try:
        if n & 1:
            raise KeyError(text[-1])
        return tuple(map(_KIND.__getitem__, map(text.__getitem__, _PAIRS[: n >> 1])))
    except KeyError as exc:
        raise bad(f"{where}: no card at {exc.args[0]!r}", why="detail-cards") from None


@lru_cache(maxsize=16384)
def _counts(text: str, where: str) -> tuple[int, ...]:
    """A hand's counts per kind from its run of tokens, read once per distinct text."""
    c = [0] * NKINDS
    if text != EMPTY:
        try:
            for k in map(_KIND.__getitem__, map(text.__getitem__, _PAIRS[: len(text) >> 1])):
                c[k] += 1
        except KeyError as exc:
            raise bad(f"{where}: no card at {exc.args[0]!r}", why="detail-cards") from None
        if len(text) & 1:
            raise bad(f"{where}: no card at {text[-1]!r}", why="detail-cards")
    return tuple(c)


def _card(text: str, where: str) -> int:
    ks = _kinds(text, where)
    if len(ks) != 1:
        raise bad(f"{where}: {text!r} is not one card", why="detail-cards")
    return ks[0]


def _tokens(text: str, where: str) -> tuple[str, ...]:
    return token_tuple(_kinds(text, where))


@lru_cache(maxsize=4096)
def _melds(text: str, where: str) -> tuple[Meld, ...]:
    if text == EMPTY:
        return ()
    found = _MELD.findall(text)
    melds = tuple(map(_MELD_OF.get, found))
    if None in melds or "".join(found) != text:
        wrong = next((m for m in found if m not in _MELD_OF), text)
        raise bad(
            f"{where}: {wrong!r} is not a meld letter (PKMAL) and two to four alike",
            why="detail-meld",
        )
    return melds  # type: ignore[return-value]


def _marks(text: str, where: str) -> tuple[bool, bool]:
    if text not in ("-", "b", "d", "bd"):
        raise bad(f"{where}: marks are -, b, d or bd, not {text!r}", **about(where))
    return "b" in text, "d" in text


def _phase_of(text: str) -> tuple[str, int | None]:
    name = text.rstrip("0123456789")
    if name not in PHASES or (name != OVER and name == text):
        raise bad(f"phase: {text!r} is not ting/turn/respond + seat, or over", why="detail-moment")
    seat = read_int(text[len(name) :], "phase seat", 0, SEATS - 1) if name != text else None
    return name, seat


_OFFER_KEYS = ("draw", "replacement", "discard", "by", "ask", "claims")


def _offer_of(text: str) -> dict[str, str]:
    if text == EMPTY:
        return {}
    items = {}
    for item in text.split("."):
        key, sep, value = item.partition("-")
        if key not in _OFFER_KEYS or not sep:
            raise bad(
                f"offer: {item!r} is not draw/replacement/discard/by/ask/claims-value",
                why="detail-moment",
            )
        items[key] = value
    return items


def _claims_of(text: str) -> tuple[tuple[int, str], ...]:
    found = _CLAIM.findall(text)
    if "".join(a + b for a, b in found) != text:
        raise bad(f"offer: claims {text!r} are a seat and hu/peng/ming-gang", why="detail-moment")
    return tuple((int(seat), kind) for seat, kind in found)


def _opt_seat(text: str | None, where: str) -> int | None:
    return None if text is None else read_int(text, where, 0, SEATS - 1)


def _sections(frame: Frame, parts: int) -> tuple[Rules, list[str], list[list[str]]]:
    """The rules, the body (``cai`` folded to ``ca``) and each seat's parts."""
    rules = _RULES_OF.get(frozenset(frame.options.items())) or DEFAULT.with_options(frame.options)
    body = list(frame.body)
    if rules.xi:
        body = [text.replace("cai", "ca") for text in body]
    elif _XI_TOKEN.search("~".join(body[2:8])):  # no run of other tokens spells a 喜
        raise bad("a 喜 card without the xi option", why="detail-cards")
    seats = [body[4 + x].split(".") for x in range(SEATS)]
    for x, p in enumerate(seats):
        if len(p) != parts:
            raise bad(f"seat {x}: {len(p)} parts, not {parts}", why="detail-seat", seat=x)
    return rules, body, seats


def _state(frame: Frame) -> State:
    rules, body, seats = _sections(frame, 5)
    phase, seat = _phase_of(body[1])
    marks = [_marks(p[3], _WHERE[x][3]) for x, p in enumerate(seats)]
    offer = _offer_of(body[8])
    drawn = offer.get("draw", offer.get("replacement"))
    discard = offer.get("discard")
    return State(
        rules=rules,
        dealer=read_int(body[0], "dealer", 0, SEATS - 1),
        stock=_kinds(body[3], "stock"),
        generals=_kinds(body[2], "generals"),
        hands=tuple(_counts(p[0], _WHERE[x][0]) for x, p in enumerate(seats)),
        dealt=tuple(_counts(p[4], _WHERE[x][4]) for x, p in enumerate(seats)),
        melds=tuple(_melds(p[1], _WHERE[x][1]) for x, p in enumerate(seats)),
        discards=tuple(_kinds(p[2], _WHERE[x][2]) for x, p in enumerate(seats)),
        phase=phase,
        turn=-1 if phase == OVER else int(seat or 0),
        baoting=tuple(m[0] for m in marks),
        has_discarded=tuple(m[1] for m in marks),
        last_drawn=None if drawn is None else _card(drawn, "offer"),
        replacement="replacement" in offer,
        discard=None if discard is None else _card(discard, "offer"),
        discarder=_opt_seat(offer.get("by"), "offer by"),
        responders=tuple(read_int(c, "offer ask", 0, SEATS - 1) for c in offer.get("ask", "")),
        claims=_claims_of(offer.get("claims", "")),
        winner=seat if phase == OVER else None,
    )


def _view(frame: Frame) -> View:
    if frame.body[1].rstrip("0123456789") == OVER:
        return view(_state(frame), frame.viewer)
    rules, body, seats = _sections(frame, 4)
    phase, to_act = _phase_of(body[1])
    dealer = read_int(body[0], "dealer", 0, SEATS - 1)
    stock = _HIDDEN.fullmatch(body[3])
    if stock is None:
        raise bad("stock: a seat view writes the stock as h + its size", why="detail-seat-view")
    offer = _offer_of(body[8])
    v = View(
        variant=VARIANT,
        viewer=frame.viewer,
        phase=phase,
        to_act=to_act,
        dealer=dealer,
        seats=tuple(_read_view_seat(p, x, dealer) for x, p in enumerate(seats)),
        stock_size=int(stock.group(1)),
        offer=_read_view_offer(offer, to_act),
        extra={
            "generals": _tokens(body[2], "generals"),
            "claims": _claims_of(offer.get("claims", "")),
        },
        shown=_tokens(body[2], "generals"),
    )
    return v


def _read_view_seat(parts: list[str], x: int, dealer: int) -> SeatView:
    hand_text, melds_text, discards_text, marks_text = parts
    hidden = _HIDDEN.fullmatch(hand_text)
    hand = None if hidden else _tokens(hand_text, _WHERE[x][0])
    ready, discarded = _marks(marks_text, _WHERE[x][3])
    return SeatView(
        seat=x,
        hand=hand,
        hand_size=int(hidden.group(1)) if hidden else len(hand or ()),
        melds=meld_views(_melds(melds_text, _WHERE[x][1])),
        discards=_tokens(discards_text, _WHERE[x][2]),
        extra={"ready": ready, "discarded": discarded, "sits_out": x == (dealer + 3) % SEATS},
    )


def _read_view_offer(offer: dict[str, str], to_act: int | None) -> OfferView | None:
    for source in ("draw", "replacement", "discard"):
        if source in offer:
            text = offer[source]
            card = None if text == "h" else TOKENS[_card(text, "offer")]
            seat = _opt_seat(offer.get("by"), "offer by") if source == "discard" else to_act
            return OfferView(card, seat, source)
    return None
