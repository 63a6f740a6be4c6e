"""The state machine of a deal: ``new_deal``, ``legal_actions`` and ``advance``.

The dealer is dealt 23 cards, the others 22; then the general cards are turned from the
bottom of the stock (two for 双将, one for 单将). Before the dealer's first discard, each
of the two others may 报听 (天听 / 折庄) when their 22 dealt cards wait for one card;
after that they may not change their hand (they discard every drawn card that does not
win).

On a turn the player holds a full hand: 胡 (自摸, 天成), lay down four alike (``gang``:
暗杠, or 龙 before the first discard when all were dealt; fewer than four held cards
completed by turned generals: 叫牌, replaced card for card), add a drawn fourth to a 碰
(``jia-gang``), or discard. After a discard the others, in turn order, may 胡 (点炮),
``peng`` or ``ming-gang`` it; no 吃. Only seats with a choice are asked. One winner
only: the first claimant in turn order after the discarder; a 胡 claim beats 碰/杠.
When no card is left to draw the deal is drawn (荒庄).

:func:`advance` applies an action already known to be legal; the checked ``apply`` and
the reasons for a refusal are in :mod:`.refusals`.
"""

from __future__ import annotations

import random
from dataclasses import replace
from itertools import compress

from app.engine.core.actions import Action
from app.engine.nantong.analyze import complete
from app.engine.nantong.cards import INDEX, NKINDS, deck, kind_of, token
from app.engine.nantong.judge import could_help, is_waiting
from app.engine.nantong.melds import Meld
from app.engine.nantong.rules import AN_GANG, LONG, MING_GANG, PENG, Rules
from app.engine.nantong.state import OVER, RESPOND, SEATS, TING, TURN, State, evolve, put

# -- the deal ------------------------------------------------------------------


def new_deal(rules: Rules, rng: random.Random, dealer: int = 0) -> State:
    """Shuffle, deal 23 to the dealer and 22 to the two others, turn the generals."""
    cards = deck(rules.xi)
    rng.shuffle(cards)
    hands: list[tuple[int, ...]] = [(0,) * NKINDS] * SEATS
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
    s = State(
        rules=rules,
        dealer=dealer,
        stock=tuple(rest[:-g]),
        generals=tuple(rest[-g:]),
        hands=tuple(hands),
        dealt=tuple(hands),
        melds=((),) * SEATS,
        discards=((),) * SEATS,
        phase=TING,
        turn=(dealer + 1) % SEATS,
        baoting=(False,) * SEATS,
        has_discarded=(False,) * SEATS,
    )
    return _skip_ting(s)


def can_baoting(s: State, seat: int) -> bool:
    """报听: a non-dealer whose dealt cards wait for one card, before the first discard."""
    return s.phase == TING and seat in s.players[1:] and is_waiting(s.hands[seat], s.rules.xi)


def _skip_ting(s: State) -> State:
    """Move past 报听 seats that are not waiting (nothing to decide)."""
    while s.phase == TING:
        if can_baoting(s, s.turn):
            return s
        s = _after_ting(s)
    return s


def _after_ting(s: State) -> State:
    if s.turn == (s.dealer + 1) % SEATS:
        return evolve(s, turn=(s.dealer + 2) % SEATS)
    return evolve(s, phase=TURN, turn=s.dealer)


# -- legal actions ----------------------------------------------------------------

# Actions are immutable values: one discard action per seat and kind, made once.
_DISCARDS = tuple(
    tuple(Action("discard", seat, (token(k),)) for k in range(NKINDS)) for seat in range(SEATS)
)


def may_hu_on_turn(s: State, seat: int) -> bool:
    """A full hand goes out on a card just drawn, or with the dealer's 23 dealt cards."""
    return s.last_drawn is not None or (seat == s.dealer and not s.has_discarded[seat])


def gang_options(s: State, seat: int) -> list[Action]:
    """Fours to lay down: four held, fewer completed by turned generals (叫牌), 加杠."""
    h = s.hands[seat]
    turned = s.gen.turned
    out = []
    for k, n in enumerate(h[:30]):
        if n >= 2 and (n == 4 or n + turned[k] == 4):
            out.append(Action("gang", seat, (token(k),) * n))
    for m in s.melds[seat]:
        if m.made == PENG and h[m.card] >= 1:
            out.append(Action("jia-gang", seat, (token(m.card),)))
    return out


def legal_actions(s: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` now (``forced`` set when it is the only one)."""
    acts = _legal(s, seat)
    if len(acts) == 1:
        return [replace(acts[0], forced=True)]
    return acts


def _legal(s: State, seat: int) -> list[Action]:
    if s.phase == OVER or seat != s.turn:
        return []
    if s.phase == TING:
        if can_baoting(s, seat):
            return [Action("baoting", seat), Action("pass", seat)]
        return [Action("pass", seat)]
    if s.phase == TURN:
        return _turn_actions(s, seat)
    return _respond_actions(s, seat)


def _turn_actions(s: State, seat: int) -> list[Action]:
    h = s.hands[seat]
    out: list[Action] = []
    if may_hu_on_turn(s, seat) and complete(h):
        out.append(Action("hu", seat))
    if s.baoting[seat] and s.last_drawn is not None:
        out.append(Action("discard", seat, (token(s.last_drawn),)))
        return out
    if s.stock:
        out.extend(gang_options(s, seat))
    acts = _DISCARDS[seat]
    out.extend(compress(acts, h))  # one discard per kind held
    return out


def _respond_actions(s: State, seat: int) -> list[Action]:
    d = s.discard
    assert d is not None
    out = []
    if wins_on(s, seat, d):
        out.append(Action("hu", seat, (token(d),)))
    if may_peng(s, seat, d):
        out.append(Action("peng", seat, (token(d),) * 3))
    if may_ming_gang(s, seat, d):
        out.append(Action("ming-gang", seat, (token(d),) * 4))
    out.append(Action("pass", seat))
    return out


def wins_on(s: State, seat: int, d: int) -> bool:
    h = s.hands[seat]
    if not could_help(d, h):
        return False
    c = list(h)
    c[d] += 1
    return complete(c)


def may_peng(s: State, seat: int, d: int) -> bool:
    return not s.baoting[seat] and d < 30 and s.hands[seat][d] >= 2


def may_ming_gang(s: State, seat: int, d: int) -> bool:
    return not s.baoting[seat] and d < 30 and s.hands[seat][d] == 3 and bool(s.stock)


def plain_discard_ok(s: State, a: Action) -> bool:
    """A plain discard is checked without listing every legal action (the hot path)."""
    if s.phase != TURN or a.seat != s.turn or a.kind != "discard" or len(a.cards) != 1:
        return False
    k = INDEX.get(a.cards[0])
    if k is None or not s.hands[a.seat][k] or a.params:
        return False
    return not s.baoting[a.seat] or s.last_drawn is None or k == s.last_drawn


# -- applying ---------------------------------------------------------------------------

_NO_OFFER = {"discard": None, "discarder": None, "responders": (), "claims": ()}


def advance(s: State, a: Action) -> State:
    """The state after the legal action ``a``."""
    if s.phase == TING:
        if a.kind == "baoting":
            s = evolve(s, baoting=put(s.baoting, a.seat, True))
        return _skip_ting(_after_ting(s))
    if s.phase == TURN:
        return _apply_turn(s, a)
    return _apply_respond(s, a)


def _draw(s: State, seat: int, from_back: bool) -> State:
    if not s.stock:
        return _finish(s, None)
    k = s.stock[-1] if from_back else s.stock[0]
    stock = s.stock[:-1] if from_back else s.stock[1:]
    h = list(s.hands[seat])
    h[k] += 1
    return evolve(
        s,
        stock=stock,
        hands=put(s.hands, seat, tuple(h)),
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
    if a.kind == "hu":
        return _win(s, a.seat)
    k = kind_of(a.cards[0])
    if a.kind == "discard":
        return _discard(s, a.seat, k)
    if a.kind == "jia-gang":
        return _jia_gang(s, a.seat, k)
    return _gang(s, a.seat, k)


def _discard(s: State, seat: int, k: int) -> State:
    h = list(s.hands[seat])
    h[k] -= 1
    dealt = s.dealt if s.has_discarded[seat] else put(s.dealt, seat, _kept(s, seat))
    s = evolve(
        s,
        hands=put(s.hands, seat, tuple(h)),
        dealt=dealt,
        discards=put(s.discards, seat, s.discards[seat] + (k,)),
        has_discarded=put(s.has_discarded, seat, True),
        last_drawn=None,
        replacement=False,
    )
    return _offer(s, seat, k)


def _kept(s: State, seat: int) -> tuple[int, ...]:
    """What the rules still need of a seat's deal after its first discard: the turned
    generals' kinds dealt three or more (起手: with the turned card a 龙), nothing else."""
    dealt, turned = s.dealt[seat], s.gen.turned
    return tuple(n if n >= 3 and turned[k] else 0 for k, n in enumerate(dealt))


def _jia_gang(s: State, seat: int, k: int) -> State:
    """A drawn fourth onto a 碰: the 碰 becomes a 明杠, one replacement draw."""
    h = list(s.hands[seat])
    h[k] -= 1
    melds = tuple(
        Meld(MING_GANG, k, 4) if (m.card == k and m.made == PENG) else m for m in s.melds[seat]
    )
    s = evolve(s, hands=put(s.hands, seat, tuple(h)), melds=put(s.melds, seat, melds))
    return _draw_n(s, seat, 1)


def _gang(s: State, seat: int, k: int) -> State:
    """Four held (暗杠, or 龙 when dealt before the first discard), or 叫牌."""
    h = list(s.hands[seat])
    n = h[k]
    dealt = s.dealt[seat][k] >= n and not s.has_discarded[seat]
    h[k] = 0
    meld = Meld(LONG if dealt else AN_GANG, k, n)
    s = evolve(
        s,
        hands=put(s.hands, seat, tuple(h)),
        melds=put(s.melds, seat, s.melds[seat] + (meld,)),
    )
    return _draw_n(s, seat, 1 if n == 4 else n)


def _offer(s: State, seat: int, k: int) -> State:
    """Offer the discard to the others in turn order (those with a choice only)."""
    order = (s.next_player(seat), s.next_player(s.next_player(seat)))
    s = evolve(s, phase=RESPOND, discard=k, discarder=seat, claims=())
    ask = tuple(r for r in order if may_answer(s, r, k))
    if not ask:
        return _draw(s, order[0], False)
    return evolve(s, responders=ask[1:], turn=ask[0])


def may_answer(s: State, seat: int, d: int) -> bool:
    """Whether ``seat`` has anything but ``pass`` on the discard ``d``."""
    return may_peng(s, seat, d) or wins_on(s, seat, d)


def _apply_respond(s: State, a: Action) -> State:
    claims = s.claims + (((a.seat, a.kind),) if a.kind != "pass" else ())
    if s.responders:
        return evolve(s, claims=claims, turn=s.responders[0], responders=s.responders[1:])
    d, p = s.discard, s.discarder
    assert d is not None and p is not None
    for seat, kind in claims:
        if kind == "hu":
            return _win(s, seat)
    if claims:  # a 碰 or 明杠: the first in turn order
        seat, kind = claims[0]
        return _claim(s, seat, kind, d, p)
    return _draw(s, s.next_player(p), False)


def _claim(s: State, seat: int, kind: str, d: int, p: int) -> State:
    """碰 (or 明杠) the discard ``d`` of seat ``p``."""
    h = list(s.hands[seat])
    n = 3 if kind == "ming-gang" else 2
    h[d] -= n
    made = MING_GANG if kind == "ming-gang" else PENG
    s = evolve(
        s,
        hands=put(s.hands, seat, tuple(h)),
        melds=put(s.melds, seat, s.melds[seat] + (Meld(made, d, n + 1),)),
        discards=put(s.discards, p, s.discards[p][:-1]),
        phase=TURN,
        turn=seat,
        last_drawn=None,
        replacement=False,
        **_NO_OFFER,
    )
    return _draw_n(s, seat, 1) if kind == "ming-gang" else s


# -- the end ----------------------------------------------------------------------------


def _finish(s: State, winner: int | None) -> State:
    """荒庄 (``winner`` None): nothing on offer; a win keeps the card it was made on."""
    if winner is None:
        s = evolve(s, last_drawn=None, replacement=False, **_NO_OFFER)
    return evolve(s, phase=OVER, winner=winner, turn=-1, responders=(), claims=())


def _win(s: State, seat: int) -> State:
    """``seat`` goes out: on the discard on offer (it joins the hand), or self-drawn."""
    if s.phase == RESPOND:
        d, p = s.discard, s.discarder
        assert d is not None and p is not None
        h = list(s.hands[seat])
        h[d] += 1
        s = evolve(
            s,
            hands=put(s.hands, seat, tuple(h)),
            discards=put(s.discards, p, s.discards[p][:-1]),
        )
    return _finish(s, seat)
