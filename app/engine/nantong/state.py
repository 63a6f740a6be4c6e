"""The deal as an immutable state: ``legal_actions`` and ``apply``.

Four sit, three play: the dealer (庄家), the dealer's 下家 and the seat opposite; the
dealer's 上家 sits out (定醒 / 消醒). The dealer is dealt 23 cards, the others 22; then
the general cards are turned from the bottom of the stock (two for 双将, one for 单将).
Before the dealer's first discard, each of the two others may 报听 (天听 / 折庄) when
their 22 dealt cards wait for one card; after that they may not change their hand
(they discard every drawn card that does not win).

On a turn the player holds a full hand: 胡 (自摸, 天成), lay down four alike
(``gang``: 暗杠, or 龙 before the first discard when all were dealt; fewer than four
held cards completed by turned generals: 叫牌, replaced card for card), add a drawn
fourth to a 碰 (``jia-gang``), or discard. After a discard the others, in turn order,
may 胡 (点炮), ``peng`` or ``ming-gang`` it; no 吃. One winner only: the first claimant
in turn order after the discarder; a 胡 claim beats 碰/杠. When no card is left to
draw the deal is drawn (荒庄).

``apply`` returns a new state, or raises :class:`IllegalAction` carrying a
:class:`~app.engine.core.reason.Reason`; ``legal_actions`` lists every legal action
with the ``forced`` flag set when it is the only one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace as dc_replace
from typing import Any

from app.engine.core.actions import Action
from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason
from app.engine.nantong.analyze import complete, hand_size
from app.engine.nantong.cards import (
    INDEX,
    NKINDS,
    cards_of,
    deck,
    kind_of,
    parse_card,
    token,
    tokens,
)
from app.engine.nantong.count import WinContext, count_hand, settle
from app.engine.nantong.judge import is_waiting, judge
from app.engine.nantong.melds import Meld
from app.engine.nantong.rules import AN_GANG, LONG, MING_GANG, PENG, Rules, make_generals

SEATS = 4
TING, TURN, RESPOND, OVER = "ting", "turn", "respond", "over"

REASON_CODES: tuple[str, ...] = (
    "nt-game-over",
    "nt-not-your-turn",
    "nt-not-legal",
    "nt-not-in-hand",
    "nt-not-complete",
    "nt-not-waiting",
    "nt-must-discard-drawn",
    "nt-cannot-peng",
    "nt-cannot-gang",
    "nt-no-chi",
)


class IllegalAction(Exception):
    """An action the rules do not allow now; ``reason`` says why."""

    def __init__(self, reason: Reason) -> None:
        self.reason = reason
        super().__init__(repr(reason))


Counts = tuple[int, ...]


@dataclass(frozen=True)
class State:
    rules: Rules
    dealer: int
    stock: tuple[int, ...]
    generals: tuple[int, ...]
    hands: tuple[Counts, ...]
    dealt: tuple[Counts, ...]
    melds: tuple[tuple[Meld, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    phase: str
    turn: int
    baoting: tuple[bool, ...]
    has_discarded: tuple[bool, ...]
    last_drawn: int | None = None
    replacement: bool = False  # the turn's card came from a 杠 / 叫牌 replacement
    discard: int | None = None  # the card on offer while responding
    discarder: int | None = None
    responders: tuple[int, ...] = ()
    claims: tuple[tuple[int, str], ...] = ()
    winner: int | None = None
    result: dict[str, Any] | None = None
    actions: int = 0

    # -- seats -----------------------------------------------------------
    @property
    def out_seat(self) -> int:
        """定醒: the dealer's 上家 sits this deal out."""
        return (self.dealer + 3) % SEATS

    @property
    def players(self) -> tuple[int, int, int]:
        d = self.dealer
        return (d, (d + 1) % SEATS, (d + 2) % SEATS)

    def next_player(self, seat: int) -> int:
        n = (seat + 1) % SEATS
        return (n + 1) % SEATS if n == self.out_seat else n

    @property
    def gen(self) -> Any:
        return _gen(self.generals, self.rules)

    def total_cards(self) -> int:
        n = len(self.stock) + len(self.generals)
        n += sum(map(sum, self.hands))
        n += sum(m.held for ms in self.melds for m in ms)
        n += sum(len(d) for d in self.discards)
        return n

    # -- JSON ----------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_json(),
            "dealer": self.dealer,
            "stock": tokens(self.stock),
            "generals": tokens(self.generals),
            "hands": [tokens(cards_of(h)) for h in self.hands],
            "dealt": [tokens(cards_of(h)) for h in self.dealt],
            "melds": [[m.to_json() for m in ms] for ms in self.melds],
            "discards": [tokens(d) for d in self.discards],
            "phase": self.phase,
            "turn": self.turn,
            "baoting": list(self.baoting),
            "has_discarded": list(self.has_discarded),
            "last_drawn": None if self.last_drawn is None else token(self.last_drawn),
            "replacement": self.replacement,
            "discard": None if self.discard is None else token(self.discard),
            "discarder": self.discarder,
            "responders": list(self.responders),
            "claims": [[s, k] for s, k in self.claims],
            "winner": self.winner,
            "result": self.result,
            "actions": self.actions,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        try:
            return _from_json(data)
        except EngineError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise EngineError("bad-position", detail=f"{type(exc).__name__}: {exc}") from None


def _card(t: Any) -> int:
    return parse_card(str(t), True)


def _counts(ts: Sequence[Any]) -> Counts:
    c = [0] * NKINDS
    for t in ts:
        c[_card(t)] += 1
    return tuple(c)


PHASES = (TING, TURN, RESPOND, OVER)


def _from_json(d: dict[str, Any]) -> State:
    rules = Rules.from_json(dict(d.get("rules", {})))
    for key in ("hands", "melds", "discards", "baoting", "has_discarded"):
        if len(d[key]) != SEATS:
            raise EngineError("bad-position", detail=f"{key} must list {SEATS} seats")
    if d["phase"] not in PHASES:
        raise EngineError("bad-position", detail=f"unknown phase {d['phase']!r}")
    if d["phase"] != OVER and int(d["turn"]) not in range(SEATS):
        raise EngineError("bad-position", detail=f"turn {d['turn']!r} is no seat")
    if rules.generals not in (1, 2):
        raise EngineError("bad-position", detail="generals must be 1 or 2")
    return State(
        rules=rules,
        dealer=int(d["dealer"]) % SEATS,
        stock=tuple(_card(t) for t in d["stock"]),
        generals=tuple(_card(t) for t in d["generals"]),
        hands=tuple(_counts(h) for h in d["hands"]),
        dealt=tuple(_counts(h) for h in d.get("dealt", d["hands"])),
        melds=tuple(tuple(Meld.from_json(m) for m in ms) for ms in d["melds"]),
        discards=tuple(tuple(_card(t) for t in ds) for ds in d["discards"]),
        phase=str(d["phase"]),
        turn=int(d["turn"]),
        baoting=tuple(bool(b) for b in d["baoting"]),
        has_discarded=tuple(bool(b) for b in d["has_discarded"]),
        last_drawn=None if d.get("last_drawn") is None else _card(d["last_drawn"]),
        replacement=bool(d.get("replacement", False)),
        discard=None if d.get("discard") is None else _card(d["discard"]),
        discarder=None if d.get("discarder") is None else int(d["discarder"]),
        responders=tuple(int(s) for s in d.get("responders", ())),
        claims=tuple((int(s), str(k)) for s, k in d.get("claims", ())),
        winner=None if d.get("winner") is None else int(d["winner"]),
        result=d.get("result"),
        actions=int(d.get("actions", 0)),
    )


_GEN_CACHE: dict[tuple[tuple[int, ...], bool], Any] = {}


def _gen(cards: tuple[int, ...], rules: Rules) -> Any:
    key = (cards, rules.shuang)
    g = _GEN_CACHE.get(key)
    if g is None:
        g = _GEN_CACHE[key] = make_generals(cards, rules.shuang)
    return g


# -- the deal ------------------------------------------------------------------


def next_dealer(dealer: int) -> int:
    """After a deal the dealer sits out (定醒) and the dealer's 下家 deals."""
    return (dealer + 1) % SEATS


def new_deal(rules: Rules, dealer: int, rng: random.Random) -> State:
    """Shuffle, deal 23 to the dealer and 22 to the two others, turn the generals."""
    cards = deck(rules.xi)
    rng.shuffle(cards)
    hands: list[Counts] = [tuple([0] * NKINDS)] * SEATS
    pos = 0
    for i, seat in enumerate((dealer, (dealer + 1) % SEATS, (dealer + 2) % SEATS)):
        n = 23 if i == 0 else 22
        c = [0] * NKINDS
        for k in cards[pos : pos + n]:
            c[k] += 1
        hands[seat] = tuple(c)
        pos += n
    rest = cards[pos:]
    g = rules.generals
    generals = tuple(rest[-g:])
    stock = tuple(rest[:-g])
    empty: tuple[()] = ()
    s = State(
        rules=rules,
        dealer=dealer,
        stock=stock,
        generals=generals,
        hands=tuple(hands),
        dealt=tuple(hands),
        melds=(empty,) * SEATS,
        discards=(empty,) * SEATS,
        phase=TING,
        turn=(dealer + 1) % SEATS,
        baoting=(False,) * SEATS,
        has_discarded=(False,) * SEATS,
    )
    return _skip_ting(s)


def _can_baoting(s: State, seat: int) -> bool:
    return is_waiting(s.hands[seat], s.rules.xi)


def _skip_ting(s: State) -> State:
    """Move past 报听 seats that are not waiting (nothing to decide)."""
    while s.phase == TING:
        if _can_baoting(s, s.turn):
            return s
        s = _after_ting(s)
    return s


def _after_ting(s: State) -> State:
    if s.turn == (s.dealer + 1) % SEATS:
        return _evolve(s, turn=(s.dealer + 2) % SEATS)
    return _evolve(s, phase=TURN, turn=s.dealer)


# -- legal actions ----------------------------------------------------------------


_NO_OFFER: dict[str, Any] = {"discard": None, "discarder": None, "responders": (), "claims": ()}


def _evolve(s: State, **kw: Any) -> State:
    """``dataclasses.replace`` without its checks (the hot path of self-play)."""
    new = object.__new__(State)
    d = new.__dict__
    d.update(s.__dict__)
    d.update(kw)
    return new


def _set(t: tuple[Any, ...], i: int, v: Any) -> tuple[Any, ...]:
    return t[:i] + (v,) + t[i + 1 :]


# Actions are immutable values: one discard action per seat and kind, made once.
_DISCARDS = tuple(
    tuple(Action("discard", seat, (token(k),)) for k in range(NKINDS)) for seat in range(SEATS)
)


def _gang_options(s: State, seat: int) -> list[Action]:
    h = s.hands[seat]
    gen = s.gen
    out = []
    for k in range(30):
        n = h[k]
        if n == 4 or (n >= 2 and n + gen.turned[k] == 4):
            out.append(Action("gang", seat, (token(k),) * n))
    for m in s.melds[seat]:
        if m.made == PENG and h[m.card] >= 1:
            out.append(Action("jia-gang", seat, (token(m.card),)))
    return out


def legal_actions(s: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` now (``forced`` set when it is the only one)."""
    acts = _legal(s, seat)
    if len(acts) == 1:
        return [dc_replace(acts[0], forced=True)]
    return acts


def _legal(s: State, seat: int) -> list[Action]:
    if s.phase == OVER or seat != s.turn:
        return []
    if s.phase == TING:
        if _can_baoting(s, seat):
            return [Action("baoting", seat), Action("pass", seat)]
        return [Action("pass", seat)]
    h = s.hands[seat]
    if s.phase == TURN:
        out: list[Action] = []
        may_hu = s.last_drawn is not None or (seat == s.dealer and not s.has_discarded[seat])
        if may_hu and complete(h):
            out.append(Action("hu", seat))
        if s.baoting[seat] and s.last_drawn is not None:
            out.append(Action("discard", seat, (token(s.last_drawn),)))
            return out
        if s.stock:
            out.extend(_gang_options(s, seat))
        acts = _DISCARDS[seat]
        out.extend(acts[k] for k in range(NKINDS) if h[k])
        return out
    # RESPOND
    d = s.discard
    assert d is not None
    out = []
    c = list(h)
    c[d] += 1
    if complete(c):
        out.append(Action("hu", seat, (token(d),)))
    if not s.baoting[seat] and d < 30:
        if h[d] >= 2:
            out.append(Action("peng", seat, (token(d),) * 3))
        if h[d] == 3 and s.stock:
            out.append(Action("ming-gang", seat, (token(d),) * 4))
    out.append(Action("pass", seat))
    return out


# -- applying ---------------------------------------------------------------------------


def apply(s: State, action: Action) -> State:
    """The state after ``action``; raises :class:`IllegalAction` when it is not legal."""
    if s.phase == OVER:
        raise IllegalAction(Reason("nt-game-over"))
    if action.seat != s.turn:
        raise IllegalAction(Reason("nt-not-your-turn", {"seat": action.seat, "turn": s.turn}))
    if not _fast_ok(s, action):
        legal = _legal(s, action.seat)
        if not any(a.same_move(action) for a in legal):
            raise IllegalAction(_why(s, action))
    s = _evolve(s, actions=s.actions + 1)
    kind = action.kind
    if s.phase == TING:
        if kind == "baoting":
            s = _evolve(s, baoting=_set(s.baoting, action.seat, True))
        return _skip_ting(_after_ting(s))
    if s.phase == TURN:
        return _apply_turn(s, action)
    return _apply_respond(s, action)


def _fast_ok(s: State, a: Action) -> bool:
    """A plain discard is checked without listing every legal action."""
    if s.phase != TURN or a.kind != "discard" or len(a.cards) != 1 or a.params:
        return False
    k = INDEX.get(a.cards[0])
    if k is None or not s.hands[a.seat][k]:
        return False
    return not s.baoting[a.seat] or s.last_drawn is None or k == s.last_drawn


def _why(s: State, a: Action) -> Reason:
    card = a.cards[0] if a.cards else ""
    if a.kind == "chi":
        return Reason("nt-no-chi")
    if a.kind == "hu":
        return Reason("nt-not-complete")
    if a.kind == "baoting":
        return Reason("nt-not-waiting")
    if a.kind == "discard":
        try:
            k = parse_card(card, True)
        except EngineError:
            return Reason("nt-not-in-hand", {"card": card})
        if s.phase == TURN and s.hands[a.seat][k] == 0:
            return Reason("nt-not-in-hand", {"card": card})
        if s.phase == TURN and s.baoting[a.seat] and s.last_drawn is not None:
            return Reason("nt-must-discard-drawn", {"card": token(s.last_drawn)})
    if a.kind == "peng":
        return Reason("nt-cannot-peng", {"card": card})
    if a.kind in ("gang", "jia-gang", "ming-gang"):
        return Reason("nt-cannot-gang", {"card": card})
    return Reason("nt-not-legal", {"kind": a.kind})


def _draw(s: State, seat: int, from_back: bool) -> State:
    if not s.stock:
        return _finish(s, None)
    k = s.stock[-1] if from_back else s.stock[0]
    stock = s.stock[:-1] if from_back else s.stock[1:]
    h = list(s.hands[seat])
    h[k] += 1
    return _evolve(
        s,
        stock=stock,
        hands=_set(s.hands, seat, tuple(h)),
        phase=TURN,
        turn=seat,
        last_drawn=k,
        replacement=from_back,
        **_NO_OFFER,
    )


def _draw_n(s: State, seat: int, n: int) -> State:
    """Replacement draws after a 杠/叫牌 (the turn's card is the last one)."""
    for _ in range(n):
        if s.phase == OVER:
            return s
        s = _draw(s, seat, True)
    return s


def _apply_turn(s: State, a: Action) -> State:
    seat = a.seat
    h = list(s.hands[seat])
    if a.kind == "hu":
        return _win(s, seat, s.last_drawn, zimo=True)
    k = kind_of(a.cards[0])
    if a.kind == "discard":
        h[k] -= 1
        return _offer(
            _evolve(
                s,
                hands=_set(s.hands, seat, tuple(h)),
                discards=_set(s.discards, seat, s.discards[seat] + (k,)),
                has_discarded=_set(s.has_discarded, seat, True),
                last_drawn=None,
                replacement=False,
            ),
            seat,
            k,
        )
    if a.kind == "jia-gang":
        h[k] -= 1
        melds = tuple(
            Meld(MING_GANG, k, 4) if (m.card == k and m.made == PENG) else m for m in s.melds[seat]
        )
        s = _evolve(s, hands=_set(s.hands, seat, tuple(h)), melds=_set(s.melds, seat, melds))
        return _draw_n(s, seat, 1)
    # gang: four held (暗杠, or 龙 when dealt before the first discard), or 叫牌
    n = h[k]
    dealt = s.dealt[seat][k] >= n and not s.has_discarded[seat]
    made = LONG if dealt else AN_GANG
    h[k] = 0
    meld = Meld(made, k, n)
    s = _evolve(
        s,
        hands=_set(s.hands, seat, tuple(h)),
        melds=_set(s.melds, seat, s.melds[seat] + (meld,)),
    )
    return _draw_n(s, seat, 1 if n == 4 else n)


def _offer(s: State, seat: int, k: int) -> State:
    """Offer the discard to the others in turn order (those with a choice only)."""
    order = (s.next_player(seat), s.next_player(s.next_player(seat)))
    s = _evolve(s, phase=RESPOND, discard=k, discarder=seat, claims=())
    ask = tuple(r for r in order if _may_respond(s, r, k))
    if not ask:
        return _draw(s, order[0], False)
    return _evolve(s, responders=ask[1:], turn=ask[0])


def _may_respond(s: State, seat: int, d: int) -> bool:
    """Whether ``seat`` has anything but ``pass`` on the discard ``d``."""
    h = s.hands[seat]
    if not s.baoting[seat] and d < 30 and h[d] >= 2:
        return True
    c = list(h)
    c[d] += 1
    return complete(c)


def _apply_respond(s: State, a: Action) -> State:
    claims = s.claims + (((a.seat, a.kind),) if a.kind != "pass" else ())
    if s.responders:
        return _evolve(s, claims=claims, turn=s.responders[0], responders=s.responders[1:])
    d, p = s.discard, s.discarder
    assert d is not None and p is not None
    for seat, kind in claims:
        if kind == "hu":
            return _win(s, seat, d, zimo=False)
    for seat, kind in claims:
        h = list(s.hands[seat])
        n = 3 if kind == "ming-gang" else 2
        h[d] -= n
        made = MING_GANG if kind == "ming-gang" else PENG
        s2 = _evolve(
            s,
            hands=_set(s.hands, seat, tuple(h)),
            melds=_set(s.melds, seat, s.melds[seat] + (Meld(made, d, n + 1),)),
            discards=_set(s.discards, p, s.discards[p][:-1]),
            phase=TURN,
            turn=seat,
            last_drawn=None,
            replacement=False,
            **_NO_OFFER,
        )
        return _draw_n(s2, seat, 1) if kind == "ming-gang" else s2
    return _draw(s, s.next_player(p), False)


# -- the end ----------------------------------------------------------------------------


def _finish(s: State, winner: int | None, result: dict[str, Any] | None = None) -> State:
    return _evolve(
        s,
        phase=OVER,
        winner=winner,
        result=result or {"winner": None, "scores": [0] * SEATS},
        turn=-1,
        **_NO_OFFER,
    )


def _win(s: State, seat: int, card: int | None, zimo: bool) -> State:
    h = list(s.hands[seat])
    p = s.discarder
    if not zimo and card is not None:
        h[card] += 1
        assert p is not None
        s = _evolve(s, discards=_set(s.discards, p, s.discards[p][:-1]))
    s = _evolve(s, hands=_set(s.hands, seat, tuple(h)))
    gen = s.gen
    qishou = frozenset(k for k in range(30) if s.dealt[seat][k] >= 3)
    first_discard = p == s.dealer and len(s.discards[s.dealer]) == 0 and not zimo
    ctx = WinContext(
        win_card=card,
        zimo=zimo,
        gangkai=zimo and s.replacement,
        haidi=zimo and not s.stock,
        tiancheng=seat == s.dealer and not s.has_discarded[seat] and card is None,
        dihu=first_discard and not any(s.has_discarded[x] for x in s.players if x != s.dealer),
        tianting=s.baoting[seat],
        qishou=qishou,
    )
    v = judge(h, s.melds[seat], gen, s.rules, ctx)
    assert v.count is not None
    totals = []
    counts: dict[int, Any] = {seat: v.count.to_json()}
    for x in s.players:
        if x == seat:
            totals.append(v.count.total)
            continue
        q = frozenset(k for k in range(30) if s.dealt[x][k] >= 3)
        c = count_hand(s.hands[x], s.melds[x], gen, s.rules, q)
        counts[x] = c.to_json()
        totals.append(c.total)
    net, pay = settle(totals)
    scores = [0] * SEATS
    for x, n in zip(s.players, net, strict=True):
        scores[x] = n
    result = {
        "winner": seat,
        "win_card": None if card is None else token(card),
        "zimo": zimo,
        "counts": {str(k): v for k, v in counts.items()},
        "totals": {str(x): t for x, t in zip(s.players, totals, strict=True)},
        "payments": [
            {
                "from": s.players[ln.params["from"]],
                "to": s.players[ln.params["to"]],
                "amount": ln.points,
            }
            for ln in pay
        ],
        "scores": scores,
    }
    return _finish(s, seat, result)


def hand_ok(s: State, seat: int) -> bool:
    """The size invariant of a seat's concealed hand for the phase."""
    n = sum(s.hands[seat])
    full = hand_size(s.melds[seat])
    return n in (full, full - 1)
