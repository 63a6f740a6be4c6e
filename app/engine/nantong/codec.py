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
from collections.abc import Callable, Sequence
from typing import Any

from app.engine.core.codec import EMPTY, Frame, bad, join_code, read_int, split_code
from app.engine.core.errors import EngineError
from app.engine.core.results import MeldView, OfferView, SeatView, View
from app.engine.nantong.cards import NKINDS, NPLAIN, TOKENS
from app.engine.nantong.melds import Meld
from app.engine.nantong.rules import AN_GANG, AN_KE, LONG, MING_GANG, PENG, Rules
from app.engine.nantong.state import OVER, PHASES, SEATS, State
from app.engine.nantong.view import VARIANT, view

DEFAULT = Rules()
MADE_LETTER = {PENG: "P", AN_KE: "K", MING_GANG: "M", AN_GANG: "A", LONG: "L"}
LETTER_MADE = {v: k for k, v in MADE_LETTER.items()}
_MELD = re.compile(r"([PKMAL])([0-9a-z]+)")
_CLAIM = re.compile(r"(\d)(hu|peng|ming-gang)")
_PAIR = {t[:2]: k for k, t in enumerate(TOKENS)}  # every token is known by two letters
_HIDDEN = re.compile(r"h(\d{1,3})")


# -- writing --------------------------------------------------------------------------


def _run(counts: Sequence[int]) -> str:
    """A hand, sorted, tokens run together."""
    return "".join([TOKENS[k] * n for k, n in enumerate(counts) if n]) or EMPTY


def _list(cards: Sequence[int]) -> str:
    return "".join([TOKENS[k] for k in cards]) or EMPTY


def _phase(phase: str, seat: int | None) -> str:
    return phase if seat is None or seat < 0 else f"{phase}{seat}"


def _marks(ready: bool, discarded: bool) -> str:
    return ("b" if ready else "") + ("d" if discarded else "") or EMPTY


def _melds(melds: Sequence[tuple[str, str]]) -> str:
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
    return join_code(VARIANT, s.rules.to_options(DEFAULT), body, viewer)


def _full_seat(s: State, x: int) -> str:
    melds = _melds([(m.made, TOKENS[m.card] * m.held) for m in s.melds[x]])
    marks = _marks(s.baoting[x], s.has_discarded[x])
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
    return join_code(VARIANT, s.rules.to_options(DEFAULT), body, seat)


def _view_seat(sv: SeatView) -> str:
    hand = f"h{sv.hand_size}" if sv.hand is None else "".join(sv.hand) or EMPTY
    melds = _melds([(m.kind, "".join(m.cards)) for m in sv.melds])
    marks = _marks(sv.extra["ready"], sv.extra["discarded"])
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
        raise bad(f"the code is for {frame.variant}, not {VARIANT}")
    if frame.version != 1:
        raise bad(f"grammar version {frame.version} is unknown (this engine reads v1)")
    if viewed and frame.viewer is None:
        raise bad("a whole position, not a seat view")
    if not viewed and frame.viewer is not None:
        raise bad("a seat view is not a whole position")
    if frame.viewer is not None and not 0 <= frame.viewer < SEATS:
        raise bad(f"no seat {frame.viewer}")
    if len(frame.body) != 9:
        raise bad(f"the body has {len(frame.body)} sections, not 9")
    return frame


def _guarded(read: Callable[[], Any]) -> Any:
    """Whatever goes wrong reading a code is ``bad-code``, never another exception."""
    try:
        return read()
    except EngineError as exc:
        if exc.code == "bad-code":
            raise
        raise bad(f"{exc.code}: {exc.params}") from None
    except (ValueError, KeyError, IndexError, TypeError) as exc:
        raise bad(f"{type(exc).__name__}: {exc}") from None


def decode(code: str) -> State:
    """The position of a code (``bad-code`` naming what is wrong)."""
    state: State = _guarded(lambda: _state(_frame(code, viewed=False)))
    return state


def decode_view(code: str) -> View:
    """The :class:`View` of a seat-view code."""
    result: View = _guarded(lambda: _view(_frame(code, viewed=True)))
    return result


class _Reader:
    """Reads the sections of one body, naming the section of any error."""

    def __init__(self, frame: Frame) -> None:
        self.body = frame.body
        self.rules = DEFAULT.with_options(frame.options)

    def cards(self, text: str, where: str) -> tuple[int, ...]:
        if text == EMPTY:
            return ()
        t = text.replace("cai", "ca")
        pairs = [t[i : i + 2] for i in range(0, len(t), 2)]
        try:
            ks = tuple([_PAIR[p] for p in pairs])
        except KeyError:
            raise bad(f"{where}: no card at {next(p for p in pairs if p not in _PAIR)!r}") from None
        if not self.rules.xi and any(k >= NPLAIN for k in ks):
            raise bad(f"{where}: a 喜 card without the xi option")
        return ks

    def counts(self, text: str, where: str) -> tuple[int, ...]:
        c = [0] * NKINDS
        for k in self.cards(text, where):
            c[k] += 1
        return tuple(c)

    def dealer(self) -> int:
        return read_int(self.body[0], "dealer", 0, SEATS - 1)

    def phase(self) -> tuple[str, int | None]:
        text = self.body[1]
        name = text.rstrip("0123456789")
        if name not in PHASES or (name != OVER and name == text):
            raise bad(f"phase: {text!r} is not ting/turn/respond + seat, or over")
        seat = read_int(text[len(name) :], "phase seat", 0, SEATS - 1) if name != text else None
        return name, seat

    def melds(self, text: str, where: str) -> tuple[Meld, ...]:
        if text == EMPTY:
            return ()
        found = _MELD.findall(text)
        if "".join(a + b for a, b in found) != text:
            raise bad(f"{where}: melds are a letter (PKMAL) and their cards")
        out = []
        for letter, cards in found:
            ks = self.cards(cards, where)
            if len(set(ks)) != 1 or not 2 <= len(ks) <= 4:
                raise bad(f"{where}: {letter}{cards} is not two to four alike")
            out.append(Meld(LETTER_MADE[letter], ks[0], len(ks)))
        return tuple(out)

    def marks(self, text: str, where: str) -> tuple[bool, bool]:
        if text not in ("-", "b", "d", "bd"):
            raise bad(f"{where}: marks are -, b, d or bd, not {text!r}")
        return "b" in text, "d" in text

    def offer(self) -> dict[str, str]:
        text = self.body[8]
        if text == EMPTY:
            return {}
        items = {}
        for item in text.split("."):
            key, sep, value = item.partition("-")
            if key not in ("draw", "replacement", "discard", "by", "ask", "claims") or not sep:
                raise bad(f"offer: {item!r} is not draw/replacement/discard/by/ask/claims-value")
            items[key] = value
        return items

    def claims(self, text: str) -> tuple[tuple[int, str], ...]:
        found = _CLAIM.findall(text)
        if "".join(a + b for a, b in found) != text:
            raise bad(f"offer: claims {text!r} are a seat and hu/peng/ming-gang")
        return tuple((int(seat), kind) for seat, kind in found)

    def seat_parts(self, x: int, n: int) -> list[str]:
        parts = self.body[4 + x].split(".")
        if len(parts) != n:
            raise bad(f"seat {x}: {len(parts)} parts, not {n}")
        return parts


def _state(frame: Frame) -> State:
    r = _Reader(frame)
    phase, seat = r.phase()
    seats = [r.seat_parts(x, 5) for x in range(SEATS)]
    marks = [r.marks(p[3], f"seat {x} marks") for x, p in enumerate(seats)]
    offer = r.offer()
    drawn = offer.get("draw", offer.get("replacement"))
    discard = offer.get("discard")
    return State(
        rules=r.rules,
        dealer=r.dealer(),
        stock=r.cards(r.body[3], "stock"),
        generals=r.cards(r.body[2], "generals"),
        hands=tuple(r.counts(p[0], f"seat {x} hand") for x, p in enumerate(seats)),
        dealt=tuple(r.counts(p[4], f"seat {x} dealt") for x, p in enumerate(seats)),
        melds=tuple(r.melds(p[1], f"seat {x} melds") for x, p in enumerate(seats)),
        discards=tuple(r.cards(p[2], f"seat {x} discards") for x, p in enumerate(seats)),
        phase=phase,
        turn=-1 if phase == OVER else int(seat or 0),
        baoting=tuple(m[0] for m in marks),
        has_discarded=tuple(m[1] for m in marks),
        last_drawn=None if drawn is None else r.cards(drawn, "offer")[0],
        replacement="replacement" in offer,
        discard=None if discard is None else r.cards(discard, "offer")[0],
        discarder=_opt_seat(offer.get("by"), "offer by"),
        responders=tuple(read_int(c, "offer ask", 0, SEATS - 1) for c in offer.get("ask", "")),
        claims=r.claims(offer.get("claims", "")),
        winner=seat if phase == OVER else None,
    )


def _opt_seat(text: str | None, where: str) -> int | None:
    return None if text is None else read_int(text, where, 0, SEATS - 1)


def _view(frame: Frame) -> View:
    phase = frame.body[1].rstrip("0123456789")
    if phase == OVER:
        return view(_state(frame), frame.viewer)
    r = _Reader(frame)
    phase, to_act = r.phase()
    dealer = r.dealer()
    stock = _HIDDEN.fullmatch(r.body[3])
    if stock is None:
        raise bad("stock: a seat view writes the stock as h + its size")
    offer = r.offer()
    return View(
        variant=VARIANT,
        viewer=frame.viewer,
        phase=phase,
        to_act=to_act,
        dealer=dealer,
        seats=tuple(_read_view_seat(r, x, dealer) for x in range(SEATS)),
        stock_size=int(stock.group(1)),
        offer=_read_view_offer(r, offer, to_act),
        extra={
            "generals": tuple(TOKENS[k] for k in r.cards(r.body[2], "generals")),
            "claims": r.claims(offer.get("claims", "")),
        },
    )


def _read_view_seat(r: _Reader, x: int, dealer: int) -> SeatView:
    hand_text, melds_text, discards_text, marks_text = r.seat_parts(x, 4)
    hidden = _HIDDEN.fullmatch(hand_text)
    hand = None if hidden else tuple(TOKENS[k] for k in r.cards(hand_text, f"seat {x} hand"))
    ready, discarded = r.marks(marks_text, f"seat {x} marks")
    return SeatView(
        seat=x,
        hand=hand,
        hand_size=int(hidden.group(1)) if hidden else len(hand or ()),
        melds=tuple(
            MeldView(m.made, (TOKENS[m.card],) * m.held)
            for m in r.melds(melds_text, f"seat {x} melds")
        ),
        discards=tuple(TOKENS[k] for k in r.cards(discards_text, f"seat {x} discards")),
        extra={"ready": ready, "discarded": discarded, "sits_out": x == (dealer + 3) % SEATS},
    )


def _read_view_offer(r: _Reader, offer: dict[str, str], to_act: int | None) -> OfferView | None:
    for source in ("draw", "replacement", "discard"):
        if source in offer:
            text = offer[source]
            card = None if text == "h" else TOKENS[r.cards(text, "offer")[0]]
            seat = _opt_seat(offer.get("by"), "offer by") if source == "discard" else to_act
            return OfferView(card, seat, source)
    return None
