"""Practice themes of nantong (besides the ones every game has): each a ``Theme`` whose
``ask(game, state, seat)`` turns a moment of a deal into a question with an exact answer,
or says it does not fit (see app/learning/practice.py).

Each theme is an *examiner* ``(game, state, seat) → (question, category) | None``; the
category names the kind of answer (a piaohu or a qinghu, a legal baoting or a refused one, ...),
so that a theme's direct builder can pick the kind first and make rare answers as
common as frequent ones. Direct builders play deals with the engine and, where deals
rarely reach the moment (a hand ready from the deal, a qinghu, two claims on one discard),
steer cards into a seat's hand through the engine's own position JSON
(:func:`steer`: ``to_json`` → new hands → ``read_position``, checked by the engine's
invariants and the position code's round trip).

The turned generals are named in every prompt (the table shows only the card on offer),
and so is the rule set (shuangjiang / danjiang, with or without the xi).

Replaced generic themes: ``forced`` (Nantong forces one thing only, the discard of a
drawn card after baoting, and the engine lists it as the only legal action, which the
generic theme never asks) and ``waits`` (its prompt must name the turned generals,
whose copies can never be drawn).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from app.engine.core.actions import Action
from app.engine.core.errors import EngineError
from app.engine.core.game import IllegalAction
from app.engine.core.registry import find_game
from app.engine.nantong.analyze import hand_size
from app.engine.nantong.cards import INDEX, NPLAIN, XI_CARDS, rank_of, token
from app.engine.nantong.judge import is_waiting
from app.engine.nantong.outcome import win_context
from app.engine.nantong.rules import (
    BANBIAN_JIANG,
    PUTONG_JIANG,
    SHUANG_JIANG,
    SHUANGLONG_HUI,
    generals_of,
)
from app.learning import practice
from app.learning.exercise import Choice, Query
from app.learning.practice import Question, Theme
from app.teaching.wording import CLAUSE_SEP, Localized, joined, listed, said
from app.text.catalog import NP_, Msg

GAME = "nantong"
#: the game's own practice themes, in the order the practice page lists them
OWN: list[Theme] = []
Examined = tuple[Question, Any]
Examiner = Callable[[Any, Any, int], Examined | None]
TRIES = 8  # a direct builder's attempts before it gives up

#: the other players as a seat sees them (offset from the seat), as the table names them
NAMES = {1: NP_("nantong", "Right"), 2: NP_("nantong", "Across"), 3: NP_("nantong", "Left")}


def _game() -> Any:
    return find_game(GAME)


def rules(generals: int = 2, xi: bool = False) -> Any:
    return _game().rules({"generals": str(generals), "xi": "yes" if xi else "no"})


def _rule_words(r: Any) -> Msg:
    if r.xi:
        if r.shuang:
            return NP_("nantong", "Two-general rules, with the xi cards")
        return NP_("nantong", "Single-general rules, with the xi cards")
    return (
        NP_("nantong", "Two-general rules") if r.shuang else NP_("nantong", "Single-general rules")
    )


def _who(seat: int, other: int) -> Msg:
    return NAMES[(other - seat) % 4]


def _ask(
    kind: str,
    state: Any,
    text: Localized,
    query: Query,
    skills: tuple[str, ...],
    rating: float,
    choices: tuple[Choice, ...] = (),
    pool: str = "hand",
    params: dict[str, Any] | None = None,
) -> Question:
    """A question whose prompt starts with the rule set and the turned generals."""
    gen = [token(k) for k in state.generals]
    if len(gen) > 1:
        head = NP_("nantong", "{rules}; the turned generals: {gen_cards}.")
    elif gen:
        head = NP_("nantong", "{rules}; the turned general: {gen_cards}.")
    else:
        head = NP_("nantong", "{rules}.")
    return Question(
        kind,
        joined([said(head, rules=_rule_words(state.rules)), text]),
        query,
        skills,
        choices,
        prompt_params={"gen_cards": gen, **(params or {})},
        rating=float(max(800, min(2300, rating))),
        pool=pool,
    )


# --------------------------------------------------------------------------- dealing


def play_on(game: Any, state: Any, rng: random.Random, limit: int = 600) -> Iterator[Any]:
    """``state`` and every later state of the deal, the engine's player choosing."""
    player = game.player()
    for _ in range(limit):
        yield state
        if game.is_over(state):
            return
        seat = game.to_act(state)
        if seat is None:
            return
        state = game.apply(state, player.choose(state, seat, game.legal_actions(state, seat), rng))


def deal(rng: random.Random, r: Any, generals: Sequence[str] | None = None) -> Any:
    """A fresh deal under ``r``, its turned generals steered to ``generals`` if given."""
    game = _game()
    state = game.new_deal(r, rng, rng.randrange(4))
    if generals is None:
        return state
    return steer(game, state, rng, generals=list(generals))


def played_to_end(rng: random.Random, r: Any, tries: int = 8) -> Any | None:
    """A deal the engine plays to a win (``None``: only drawn deals in ``tries``)."""
    game = _game()
    for _ in range(tries):
        *_, last = play_on(game, deal(rng, r), rng)
        if last.winner is not None:
            return last
    return None


def steer(
    game: Any,
    state: Any,
    rng: random.Random,
    hands: dict[int, list[str]] | None = None,
    generals: list[str] | None = None,
    changes: dict[str, Any] | None = None,
) -> Any | None:
    """``state`` with the given seats holding ``hands`` (and the turned ``generals``), the
    cards taken from the stock or swapped out of the other players' hands; the stock keeps
    its order where it can. Written through the engine's position JSON and read back by
    it; ``None`` when the cards are not to be had (in groups or discards) or the engine
    refuses the position."""
    hands = hands or {}
    data = game.to_json(state)
    for seat, cards in hands.items():
        if len(cards) != len(data["hands"][seat]):
            return None
    if generals is not None and len(generals) != len(data["generals"]):
        return None
    pool = Counter(data["stock"])
    need: Counter[str] = Counter()
    for seat, cards in hands.items():
        pool.update(data["hands"][seat])
        need.update(cards)
    if generals is not None:
        pool.update(data["generals"])
        need.update(generals)
    spare = pool - need
    changed = set(hands)
    donors = [s for s in state.players if s not in hands]
    for card in sorted((need - pool).elements()):
        donor = next((s for s in donors if card in data["hands"][s]), None)
        if donor is None or not spare:
            return None
        give = rng.choice(sorted(spare.elements()))
        spare[give] -= 1
        spare = +spare
        data["hands"][donor].remove(card)
        data["hands"][donor].append(give)
        changed.add(donor)
    left = Counter(spare)
    stock: list[str | None] = []
    holes = []
    for i, card in enumerate(data["stock"]):
        if left[card] > 0:
            left[card] -= 1
            stock.append(card)
        else:
            stock.append(None)
            holes.append(i)
    rest = sorted(left.elements())
    rng.shuffle(rest)
    for i, card in zip(holes, rest, strict=True):
        stock[i] = card
    data["stock"] = stock
    for seat, cards in hands.items():
        data["hands"][seat] = list(cards)
    if generals is not None:
        data["generals"] = list(generals)
    for seat in changed:
        data["dealt"][seat] = [] if data["has_discarded"][seat] else list(data["hands"][seat])
    data.update(changes or {})
    try:
        new = game.read_position(data, {})
        if game.check_invariants(new) is not None:
            return None
        return game.decode(game.encode(new))
    except EngineError:
        return None


def free_copies(state: Any) -> Counter[int]:
    """Copies of each kind a steered hand may use: those in the stock and the hands."""
    out: Counter[int] = Counter()
    for k in state.stock:
        out[k] += 1
    for seat in state.players:
        for k, n in enumerate(state.hands[seat]):
            out[k] += n
    return out


def make_hand(
    rng: random.Random,
    size: int,
    shape: str,
    free: Counter[int],
    must: int | None = None,
    xi: int = 0,
) -> list[str] | None:
    """Tokens of a complete concealed hand of ``size`` cards (a pair and groups) of
    ``shape`` (``qing``: runs only; ``piao``: three alike only, a wenqian allowed; ``tazi``:
    both; ``any``), holding ``must``, with ``xi`` xi cards standing in for some cards;
    ``None`` when the copies ``free`` do not allow it."""
    groups = (size - 2) // 3
    if 2 + 3 * groups != size:
        return None
    for _ in range(40):
        c: Counter[int] = Counter()
        k = rng.randrange(NPLAIN)
        if free[k] < 2:
            continue
        c[k] += 2
        kinds = ["run" if shape == "qing" else "alike" if shape == "piao" else ""] * groups
        if shape == "piao" and groups and rng.random() < 0.3:
            kinds[0] = "wenqian"
        if shape == "tazi" and groups >= 2:
            kinds[0], kinds[1] = "run", "alike"
        ok = True
        for kind in kinds:
            kind = kind or rng.choice(("run", "alike"))
            for _ in range(30):
                if kind == "alike":
                    k = rng.randrange(NPLAIN)
                    cards = [k, k, k]
                elif kind == "wenqian":
                    cards = [9, 10, 11]
                else:
                    s, r = rng.randrange(3), rng.randrange(7)
                    cards = [9 * s + r, 9 * s + r + 1, 9 * s + r + 2]
                if all(c[x] + cards.count(x) <= free[x] for x in cards):
                    c.update(cards)
                    break
            else:
                ok = False
                break
        if not ok or (must is not None and not c[must]):
            continue
        out = sorted(c.elements())
        wild = [x for x in XI_CARDS if free[x]]
        rng.shuffle(wild)
        for w in wild[:xi]:
            spots = [i for i, x in enumerate(out) if x != must and x < NPLAIN]
            out[rng.choice(spots)] = w
        return [token(x) for x in out]
    return None


def _moments(game: Any, state: Any) -> Iterator[tuple[Any, int]]:
    """Every (state, seat) of a state worth examining: each of the three players."""
    for seat in state.players:
        yield state, seat


def scan(
    examine: Examiner,
    rng: random.Random,
    make: Callable[[random.Random], Any | None],
    want: Any = None,
    deals: int = 4,
    every_seat: bool = False,
) -> tuple[Any, int] | None:
    """Play deals from ``make(rng)`` and return a random fitting moment, of the category
    ``want`` when a deal has one (else of any category found)."""
    game = _game()
    fallback = None
    for _ in range(deals):
        start = make(rng)
        if start is None:
            continue
        found: dict[Any, list[tuple[Any, int]]] = {}
        for state in play_on(game, start, rng):
            seats = state.players if every_seat else (game.to_act(state),)
            for seat in seats:
                if seat is None:
                    continue
                got = examine(game, state, seat)
                if got is not None:
                    found.setdefault(got[1], []).append((state, seat))
        if not found:
            continue
        if want is None or want in found:
            cat = want if want is not None else rng.choice(sorted(found, key=repr))
            return rng.choice(found[cat])
        if fallback is None:
            fallback = rng.choice(found[rng.choice(sorted(found, key=repr))])
    return fallback


def theme(
    tid: str,
    title: Msg,
    about: Msg,
    examine: Examiner,
    direct: Callable[[random.Random], tuple[Any, int] | None] | None,
) -> Theme:
    def built(rng: random.Random) -> tuple[Any, int] | None:
        """The builder, tried again until what it makes fits the theme."""
        assert direct is not None
        for _ in range(TRIES):
            made = direct(rng)
            if made is not None and examine(_game(), made[0], made[1]) is not None:
                return made
        return None

    own = Theme(
        tid,
        GAME,
        said(title),
        said(about),
        practice.asking(examine, GAME),
        built if direct else None,
    )
    OWN.append(own)
    return own


def _legal(game: Any, state: Any, action: Action) -> Action | None:
    legal: list[Action] = game.legal_actions(state, action.seat)
    for a in legal:
        if a.matches(action):
            return a
    return None


def _why(game: Any, state: Any, action: Action) -> str:
    if _legal(game, state, action) is not None:
        return "legal"
    reason = game.why_illegal(state, action)
    return reason.code if reason is not None else "not-offered"


def _reasons(*items: tuple[Any, ...]) -> tuple[Choice, ...]:
    """True-false reasons ``(id, reason, text[, misconception])``."""
    out = []
    for item in items:
        cid, reason, text = item[:3]
        mc = item[3] if len(item) > 3 else None
        out.append(Choice(cid, said(text), reason=reason, misconception=mc))
    return tuple(out)


def _one_short(state: Any, seat: int) -> bool:
    return bool(sum(state.hands[seat]) == hand_size(state.melds[seat]) - 1)


# =========================================================================== counting


def _how_won(state: Any, seat: int) -> tuple[list[Localized], dict[str, Any]]:
    """How the winner went out, in words (what the count needs and the table may not
    show: baoting, a replacement card, the dealer's first discard)."""
    wc = win_context(state, seat)
    params: dict[str, Any] = {}
    lines: list[Localized] = []
    if wc.tiancheng:
        lines.append(
            NP_("nantong", "You are the dealer, and your 23 dealt cards were already a win.")
        )
    elif wc.zimo:
        assert wc.win_card is not None  # a win on a card names it
        params["win_card"] = token(wc.win_card)
        if wc.gangkai and wc.haidi:
            msg = NP_(
                "nantong",
                "You laid down a four and drew the last card of the stock as its replacement, "
                "the {win_card}, and won.",
            )
        elif wc.gangkai:
            msg = NP_(
                "nantong",
                "You laid down a four, and the replacement card, the {win_card}, made your hand.",
            )
        elif wc.haidi:
            msg = NP_("nantong", "You drew the last card of the stock, the {win_card}, and won.")
        else:
            msg = NP_("nantong", "You drew the {win_card} yourself and won.")
        lines.append(msg)
    else:
        assert wc.win_card is not None
        params["win_card"] = token(wc.win_card)
        msg = NP_("nantong", "{seat} discarded the {win_card} and you won on it.")
        lines.append(said(msg, seat=_who(seat, state.discarder)))
        if wc.dihu:
            lines.append(NP_("nantong", "It was the dealer's first discard."))
    if wc.tianting:
        lines.insert(0, NP_("nantong", "You declared ready from the deal."))
    return lines, params


def _count_rating(count: Any) -> float:
    lines = count.lines
    groups = sum(1 for ln in lines if ln.code.startswith("nt-") and ln.params.get("row"))
    mult = sum(1 for ln in lines if ln.op == "x")
    extras = sum(1 for ln in lines if ln.op == "+" and not ln.params.get("row"))
    return 1250 + 35 * groups + 110 * mult + 40 * extras


def _winner_count(game: Any, state: Any, seat: int, want: Callable[[Any], bool]) -> Examined | None:
    if not game.is_over(state) or state.winner is None or seat != state.winner:
        return None
    if not want(state.rules):
        return None
    out = game.outcome(state)
    lines, params = _how_won(state, seat)
    ask = NP_("nantong", "Counting how you went out, how many hu is your hand worth?")
    q = _ask(
        "number",
        state,
        joined([*lines, ask]),
        Query("nantong:total"),
        ("counting",) if not state.rules.xi else ("xi", "counting"),
        _count_rating(out.count),
        params=params,
    )
    return q, _shape(game, state)


def _shape(game: Any, state: Any) -> str:
    from app.engine.nantong.judge import judge

    s = state
    v = judge(s.hands[s.winner], s.melds[s.winner], s.gen, s.rules, win_context(s, s.winner))
    from app.engine.nantong.count import TYPES

    return TYPES[v.arrangement.hand_type] if v.arrangement is not None else "none"


SHAPES = {"qinghu": "qing", "piaohu": "piao", "tazihu": "tazi"}


def steered_win(
    rng: random.Random, r: Any, shape: str, zimo: bool | None = None, xi: int = 0
) -> Any | None:
    """A deal the engine plays until a random turn, where a player's hand is steered into
    a complete one of ``shape`` (with ``xi`` xi) and wins: on the card just drawn
    (zimo), or on the next discard of the player before (dianpao)."""
    game = _game()
    zimo = rng.random() < 0.5 if zimo is None else zimo
    stop = rng.randrange(4, 40)
    for state in play_on(game, deal(rng, r), rng):
        if game.is_over(state) or state.phase != "turn":
            continue
        stop -= 1
        if stop > 0:
            continue
        p = state.turn
        if not state.has_discarded[p]:
            continue
        winner = p if zimo else state.next_player(p)
        if state.baoting[winner] or (shape == "qing" and state.melds[winner]):
            stop = 3
            continue
        if zimo and state.last_drawn is None:
            stop = 2
            continue
        free = free_copies(state)
        if zimo:
            must = state.last_drawn
            size = sum(state.hands[p])
        else:
            must = rng.choice([k for k in range(NPLAIN) if state.hands[p][k]])
            size = sum(state.hands[winner]) + 1
            free[must] -= 1
        hand = make_hand(rng, size, shape, free, must, xi)
        if hand is None:
            return None
        if not zimo:
            hand.remove(token(must))
        fixed = {winner: hand}
        if not zimo:
            fixed[p] = [
                token(k) for k in range(len(state.hands[p])) for _ in range(state.hands[p][k])
            ]
        s = steer(game, state, rng, fixed)
        if s is None:
            return None
        try:
            if zimo:
                return game.apply(s, Action("hu", p))
            s = game.apply(s, Action("discard", p, (token(must),)))
            for _ in range(2):
                if game.is_over(s) or s.phase != "respond":
                    break
                seat = game.to_act(s)
                act = Action("hu", seat, (token(must),)) if seat == winner else Action("pass", seat)
                s = game.apply(s, act)
        except IllegalAction:
            return None
        return s if game.is_over(s) and s.winner == winner else None
    return None


def won_deal(rng: random.Random, r: Any, shape: str | None = None, xi: int = 0) -> Any | None:
    """A won deal under ``r``: played out by the engine, or (``shape`` given, or one time
    in three) steered into a win of a chosen shape."""
    if shape is None and rng.random() < 0.6:
        return played_to_end(rng, r)
    for _ in range(6):
        s = steered_win(rng, r, shape or rng.choice(("qing", "piao", "tazi")), xi=xi)
        if s is not None:
            return s
    return None


def _count_direct(want_rules: Callable[[random.Random], Any]) -> Callable[[random.Random], Any]:
    def direct(rng: random.Random) -> tuple[Any, int] | None:
        r = want_rules(rng)
        xi = rng.choice((0, 0, 1, 2)) if r.xi else 0
        s = won_deal(rng, r, xi=xi)
        return (s, s.winner) if s is not None else None

    return direct


theme(
    "count-win",
    NP_("nantong", "Count a winning hand"),
    NP_(
        "nantong",
        "Two-general rules: count the winner's hand from its groups to the total, the way the deal ended.",
    ),
    lambda g, s, seat: _winner_count(g, s, seat, lambda r: r.shuang and not r.xi),
    _count_direct(lambda rng: rules(2)),
)

theme(
    "count-dan",
    NP_("nantong", "Counting under one general"),
    NP_(
        "nantong",
        "One-general rules: the standing generals, the turned card's group and the one-general table, to the winner's total.",
    ),
    lambda g, s, seat: _winner_count(g, s, seat, lambda r: not r.shuang and not r.xi),
    _count_direct(lambda rng: rules(1)),
)

theme(
    "count-xi",
    NP_("nantong", "Counting with the xi cards"),
    NP_(
        "nantong",
        "Deals with the xi cards: wild in the hand, worth hu of their own, and a doubling when you hold none.",
    ),
    lambda g, s, seat: _winner_count(g, s, seat, lambda r: r.xi),
    _count_direct(lambda rng: rules(rng.choice((1, 2)), True)),
)


def _nonwinner(game: Any, state: Any, seat: int) -> Examined | None:
    if not game.is_over(state) or state.winner is None or seat == state.winner:
        return None
    if seat not in state.players:
        return None
    out = game.outcome(state)
    count = out.extra["counts"][str(seat)]
    if count.total <= 0:
        return None
    groups = sum(1 for ln in count.lines if ln.params.get("row"))
    ask = NP_(
        "nantong", "{seat} went out in this deal; you did not. How many hu does your hand count?"
    )
    q = _ask(
        "number",
        state,
        said(ask, seat=_who(seat, state.winner)),
        Query("nantong:total"),
        ("settlement", "counting"),
        1200
        + 45 * groups
        + (120 if any(ln.code == "nt-sanlao-huiqi" for ln in count.lines) else 0),
    )
    return q, "groups" if groups else "none"


def _any_rules(rng: random.Random) -> Any:
    return rules(rng.choice((2, 2, 2, 1)), rng.random() < 0.2)


def _nonwinner_direct(rng: random.Random) -> tuple[Any, int] | None:
    game = _game()
    for _ in range(4):
        s = won_deal(rng, _any_rules(rng))
        if s is None:
            continue
        seats = [x for x in s.players if _nonwinner(game, s, x) is not None]
        if seats:
            return s, rng.choice(seats)
    return None


theme(
    "nonwinner",
    NP_("nantong", "The others count too"),
    NP_(
        "nantong",
        "Someone else went out: count only your groups, on the table and in your hand, rounded up, with no 20 for going out.",
    ),
    _nonwinner,
    _nonwinner_direct,
)


def _net(game: Any, state: Any, seat: int) -> Examined | None:
    if not game.is_over(state) or state.winner is None or seat not in state.players:
        return None
    out = game.outcome(state)
    totals = {int(x): t for x, t in out.extra["totals"].items()}
    others = [x for x in state.players if x != seat]
    parts = [said(NP_("nantong", "you {n}"), n=totals[seat])] + [
        said(NP_("nantong", "{seat} {n}"), seat=_who(seat, x), n=totals[x]) for x in others
    ]
    if seat == state.winner:
        won = said(NP_("nantong", "You went out in this deal."))
    else:
        won = said(NP_("nantong", "{seat} went out in this deal."), seat=_who(seat, state.winner))
    counts = NP_(
        "nantong",
        "The three counts: {counts}. What do you win or lose in all? Write a win as a positive "
        "number, a loss as a negative one.",
    )
    poorer = any(totals[x] > totals[state.winner] for x in state.players)
    rating = 1250 + (250 if poorer else 0) + (60 if seat != state.winner else 0)
    q = _ask(
        "number",
        state,
        joined([won, said(counts, counts=listed(parts, CLAUSE_SEP))]),
        Query("nantong:net"),
        ("settlement",),
        rating,
    )
    return q, ("daofu" if poorer else "plain", seat == state.winner)


def _net_direct(rng: random.Random) -> tuple[Any, int] | None:
    game = _game()
    want_poorer = rng.random() < 0.4
    fallback = None
    for _ in range(12):
        s = played_to_end(rng, _any_rules(rng), tries=3)
        if s is None:
            continue
        seat = rng.choice(s.players)
        got = _net(game, s, seat)
        if got is None:
            continue
        if (got[1][0] == "daofu") == want_poorer:
            return s, seat
        fallback = fallback or (s, seat)
    return fallback


theme(
    "net",
    NP_("nantong", "Settling up"),
    NP_(
        "nantong",
        "The three counts are given: each pair settles the difference; work out what you win or lose.",
    ),
    _net,
    _net_direct,
)


def _dihu(game: Any, state: Any, seat: int) -> Examined | None:
    if not game.is_over(state) or state.winner is None or seat != state.winner:
        return None
    out = game.outcome(state)
    line = next((ln for ln in out.count.lines if ln.code == "nt-dihu"), None)
    if line is None:
        return None
    s = int(line.params.get("sum", 0))
    groups = sum(1 for ln in out.count.lines if ln.params.get("row"))
    sanlao = any(ln.code == "nt-sanlao-huiqi" for ln in out.count.lines)
    rating = 1150 + 35 * groups + (150 if sanlao else 0) + (60 if s % 10 == 0 else 0)
    q = _ask(
        "number",
        state,
        NP_(
            "nantong",
            "You went out in this deal. Look only at your threes and fours for now: what is your "
            "dihu, the base? (Leave out the 20 for going out and every extra.)",
        ),
        Query("nantong:dihu"),
        ("counting", "tables"),
        rating,
    )
    return q, ("sanlao" if sanlao else "round" if s % 10 else "exact")


def _dihu_direct(rng: random.Random) -> tuple[Any, int] | None:
    game = _game()
    for _ in range(4):
        r = rules(rng.choice((2, 2, 1)))
        s = won_deal(rng, r, shape=rng.choice((None, "piao", "tazi")))
        if s is not None and _dihu(game, s, s.winner) is not None:
            return s, s.winner
    return None


theme(
    "dihu",
    NP_("nantong", "The base, rounded up"),
    NP_(
        "nantong",
        "Look up each three and four of the winning hand, add them, and round up to the base.",
    ),
    _dihu,
    _dihu_direct,
)


def _hand_type(game: Any, state: Any, seat: int) -> Examined | None:
    if not game.is_over(state) or state.winner is None or seat != state.winner:
        return None
    shape = _shape(game, state)
    if shape not in SHAPES:
        return None
    coin = shape == "piaohu" and any(
        ln.code == "nt-wenqian" for ln in game.outcome(state).count.lines
    )
    choices = (
        Choice(
            "a",
            said(NP_("nantong", "Piao hu (threes alike only)")),
            reason="piaohu",
            misconception="mc-nt-runs-not-piao" if shape == "tazihu" else None,
        ),
        Choice(
            "b",
            said(NP_("nantong", "Qing hu (runs only)")),
            reason="qinghu",
            misconception="mc-nt-alike-not-qing" if shape == "tazihu" else None,
        ),
        Choice(
            "c",
            said(NP_("nantong", "Tazi hu (runs and threes)")),
            reason="tazihu",
            misconception="mc-nt-wenqian-not-run" if coin else None,
        ),
    )
    rating = {"piaohu": 1150, "qinghu": 1250, "tazihu": 1100}[shape]
    if any(m.made == "peng" for m in state.melds[seat]) and shape == "tazihu":
        rating += 80
    q = _ask(
        "choice",
        state,
        NP_("nantong", "You went out in this deal. Which kind of win is it?"),
        Query("nantong:hand-type"),
        ("going-out", "special"),
        rating,
        choices,
    )
    return q, shape


def _hand_type_direct(rng: random.Random) -> tuple[Any, int] | None:
    shape = rng.choice(("qing", "piao", "tazi"))
    for _ in range(6):
        s = steered_win(rng, rules(rng.choice((2, 2, 1))), shape)
        if s is not None:
            return s, s.winner
    return None


theme(
    "hand-type",
    NP_("nantong", "Piao, qing or tazi hu"),
    NP_(
        "nantong",
        "Look at the winner's groups: all threes alike make a piao hu, all runs a qing hu, both a tazi hu.",
    ),
    _hand_type,
    _hand_type_direct,
)


# =========================================================================== the generals


def _groups(game: Any, state: Any, seat: int) -> Examined | None:
    """Asked of a player waiting for a turn: the hu of the groups on the table."""
    if game.is_over(state) or seat == game.to_act(state) or seat not in state.players:
        return None
    if len(state.melds[seat]) < 2:
        return None
    gen = state.gen
    rows = {gen.row(m.card).code for m in state.melds[seat]}
    turned = any(gen.turned[m.card] for m in state.melds[seat])
    rating = 1150 + 40 * len(state.melds[seat]) + 90 * (len(rows) - 1) + (150 if turned else 0)
    if not state.rules.shuang:
        rating += 80
    q = _ask(
        "number",
        state,
        NP_(
            "nantong",
            "It is not your turn yet. How many hu are the groups you have laid on the table "
            "worth together? (Just add them up; do not round.)",
        ),
        Query("nantong:meld-hu"),
        ("tables", "jiang"),
        rating,
    )
    return q, ("turned" if turned else "rows" if len(rows) > 1 else "plain")


GENERAL_CASES = ("putong", "shuang", "banbian", "shuanglong", "dan")


def random_generals(rng: random.Random, case: str) -> list[str]:
    """Turned generals of a chosen case (``dan``: the one card of danjiang)."""
    lao = ["qz", "hh", "bh", "9t"]
    plain = [token(k) for k in range(27) if token(k) != "9t"]
    if case == "dan":
        return [rng.choice([token(k) for k in range(30)])]
    if case == "shuanglong":
        return [rng.choice(lao), rng.choice(lao)]
    if case == "banbian":
        return [rng.choice(lao), rng.choice(plain)]
    a = rng.choice(plain)
    if case == "shuang":
        mates = [t for t in plain if rank_of(INDEX[t]) == rank_of(INDEX[a])]
        return [a, rng.choice(mates)]
    b = rng.choice([t for t in plain if rank_of(INDEX[t]) != rank_of(INDEX[a])])
    return [a, b]


def deal_with_generals(rng: random.Random, case: str | None = None, xi: bool = False) -> Any | None:
    case = case or rng.choice(GENERAL_CASES)
    r = rules(1 if case == "dan" else 2, xi)
    return deal(rng, r, random_generals(rng, case))


def _groups_direct(rng: random.Random) -> tuple[Any, int] | None:
    return scan(_groups, rng, deal_with_generals, deals=3, every_seat=True)


theme(
    "groups",
    NP_("nantong", "What the groups are worth"),
    NP_(
        "nantong",
        "Read the table under this deal's generals: what each pong and gang on the table is worth, added up.",
    ),
    _groups,
    _groups_direct,
)


def _zaijiang(game: Any, state: Any, seat: int) -> Examined | None:
    """Asked of a player waiting for a turn (not the one to act): which cards of the
    hand count as generals."""
    if game.is_over(state) or seat == game.to_act(state) or seat not in state.players:
        return None
    gen = state.gen
    hand = [k for k in range(NPLAIN) for _ in range(state.hands[seat][k])]
    inside = [k for k in hand if gen.row(k).code != "putong"]
    if not inside or len(inside) == len(hand):
        return None
    ranks = {rank_of(k) for k in gen.cards if k < 27}
    other_suit = any(k < 27 and rank_of(k) in ranks and k not in gen.cards for k in inside)
    rating = 1150 + (120 if other_suit else 0) + (150 if not state.rules.shuang else 0)
    rating += {PUTONG_JIANG: 0, SHUANG_JIANG: 80, BANBIAN_JIANG: 120, SHUANGLONG_HUI: 120}.get(
        gen.situation, 0
    )
    q = _ask(
        "pick-cards",
        state,
        NP_(
            "nantong",
            "It is not your turn yet. Look at your hand: which cards count as generals? Pick "
            "every copy.",
        ),
        Query("nantong:zaijiang"),
        ("jiang",),
        rating,
    )
    return q, gen.situation


def _zaijiang_direct(rng: random.Random) -> tuple[Any, int] | None:
    case = rng.choice(GENERAL_CASES)
    return scan(_zaijiang, rng, lambda r: deal_with_generals(r, case), deals=2, every_seat=True)


theme(
    "zaijiang",
    NP_("nantong", "Which cards are generals"),
    NP_(
        "nantong",
        "From the turned generals, pick every card of your hand that is a general: old ones, standing ones, and those the turned cards bring in.",
    ),
    _zaijiang,
    _zaijiang_direct,
)


SITUATION_CHOICES = (
    ("a", PUTONG_JIANG, NP_("nantong", "Ordinary generals")),
    ("b", SHUANG_JIANG, NP_("nantong", "Double generals")),
    ("c", BANBIAN_JIANG, NP_("nantong", "Half generals")),
    ("d", SHUANGLONG_HUI, NP_("nantong", "Two dragons meeting")),
)


def _misread(gen_cards: Sequence[int], swap: dict[int, int]) -> str:
    return generals_of(tuple(swap.get(k, k) for k in gen_cards), True).situation


def _situation(game: Any, state: Any, seat: int) -> Examined | None:
    """Asked at the start of a shuangjiang deal (no discard yet), of a player not to act."""
    if game.is_over(state) or not state.rules.shuang or any(state.has_discarded):
        return None
    if seat == game.to_act(state) or seat not in state.players:
        return None
    gen = state.gen
    truth = gen.situation
    if truth not in {c[1] for c in SITUATION_CHOICES}:
        return None
    nine_t, nine_b = INDEX["9t"], INDEX["9b"]
    wrong: dict[str, str] = {}
    if nine_t in gen.cards:  # the nine of strings read as an ordinary card
        wrong[_misread(gen.cards, {nine_t: nine_b})] = "mc-nt-jiutiao-forgotten"
    nines = {k: nine_t for k in gen.cards if k < 27 and rank_of(k) == 9 and k != nine_t}
    if nines:  # a nine of coins or myriads read as an old general
        wrong.setdefault(_misread(gen.cards, nines), "mc-nt-changjiang-in-shuang")
    if truth == SHUANG_JIANG:
        wrong.setdefault(PUTONG_JIANG, "mc-nt-shuang-same-value")
    if truth in (BANBIAN_JIANG, SHUANGLONG_HUI):
        wrong.setdefault(PUTONG_JIANG, "mc-nt-laojiang-turned")
    wrong.pop(truth, None)
    choices = tuple(
        Choice(cid, said(text), reason=code, misconception=wrong.get(code))
        for cid, code, text in SITUATION_CHOICES
    )
    rating = {PUTONG_JIANG: 1050, SHUANG_JIANG: 1200, BANBIAN_JIANG: 1250, SHUANGLONG_HUI: 1300}[
        truth
    ]
    if nine_t in gen.cards or nines:
        rating += 150
    q = _ask(
        "choice",
        state,
        NP_(
            "nantong",
            "The cards are dealt and the generals turned. Which case do these two turned cards make?",
        ),
        Query("nantong:situation"),
        ("jiang",),
        rating,
        choices,
    )
    return q, truth


def _situation_direct(rng: random.Random) -> tuple[Any, int] | None:
    """A case chosen evenly; one time in three a nine is among the turned cards."""
    game = _game()
    case = rng.choice(("putong", "shuang", "banbian", "shuanglong"))
    gens = random_generals(rng, case)
    if rng.random() < 0.35:
        nine = {"putong": "9b", "shuang": "9b", "banbian": "9t", "shuanglong": "9t"}[case]
        if case == "putong":
            nine = rng.choice(("9b", "9w"))
            gens = [nine, rng.choice([t for t in gens if rank_of(INDEX[t]) != 9] or ["3t"])]
        elif case == "shuang":
            gens = rng.sample(["9b", "9w", "9w", "9b"], 2)
        elif case == "banbian":
            gens = ["9t", rng.choice([token(k) for k in range(27) if rank_of(k) != 9])]
        else:
            gens = ["9t", rng.choice(["qz", "hh", "bh", "9t"])]
        rng.shuffle(gens)
    s = deal(rng, rules(2), gens)
    if s is None:
        return None
    seats = [x for x in s.players if _situation(game, s, x) is not None]
    return (s, rng.choice(seats)) if seats else None


theme(
    "situation",
    NP_("nantong", "Reading the turned generals"),
    NP_(
        "nantong",
        "Two cards are turned under two-general rules: tell ordinary, double, half generals and two dragons meeting apart.",
    ),
    _situation,
    _situation_direct,
)


# =========================================================================== actions


def _claim(game: Any, state: Any, seat: int) -> Examined | None:
    if state.phase != "respond" or seat != game.to_act(state) or state.discard is None:
        return None
    if not state.stock:  # no replacement card left: a rule of its own, not this theme's
        return None
    k = state.discard
    card = token(k)
    acts = []
    if k < 27:
        r = rank_of(k)
        lo, hi = (k + 1, k + 2) if r == 1 else (k - 2, k - 1) if r == 9 else (k - 1, k + 1)
        acts.append(Action("chi", seat, (token(lo), token(hi))))
    acts += [
        Action("peng", seat, (card,) * 3),
        Action("ming-gang", seat, (card,) * 4),
        Action("hu", seat, (card,)),
    ]
    legal = {a.kind for a in acts if _legal(game, state, a) is not None}
    waiting = _one_short(state, seat) and is_waiting(state.hands[seat], state.rules.xi)
    if "hu" in legal:
        cat = "hu"
    elif "ming-gang" in legal:
        cat = "gang"
    elif waiting and "peng" in legal:
        cat = "near"  # ready, yet this card does not win: a peng is what is left
    else:
        return None  # a plain peng (the common case) is left to play
    right = {"hu": "hu", "gang": "ming-gang", "near": "peng"}[cat]
    shown = [a for a in acts if a.kind == right or a.kind not in legal]
    random.Random(97 * len(state.stock) + 7 * k + seat).shuffle(shown)
    choices = tuple(Choice(chr(97 + i), action=a.text()) for i, a in enumerate(shown))
    rating = {"hu": 1300, "gang": 1200, "near": 1350}[cat] + 40 * (len(shown) - 3)
    q = _ask(
        "choose-action",
        state,
        said(
            NP_(
                "nantong",
                "{seat} has discarded the {card} and it is your turn to answer. Only one of "
                "these may you do: which?",
            ),
            seat=_who(seat, state.discarder),
        ),
        Query("legal"),
        ("actions",),
        rating,
        choices,
        params={"card": card},
    )
    return q, cat


def _claim_direct(rng: random.Random) -> tuple[Any, int] | None:
    want = rng.choice(("hu", "gang", "near"))
    return scan(_claim, rng, lambda r: deal(r, _any_rules(r)), want=want, deals=6)


theme(
    "claim",
    NP_("nantong", "Pong, gang or win"),
    NP_(
        "nantong",
        "A discard on offer: no chi; a pong needs two in hand, an open gang three, and a win a pair and seven groups.",
    ),
    _claim,
    _claim_direct,
)


def _claim_of(game: Any, state: Any, seat: int) -> Action | None:
    card = token(state.discard)
    for a in (Action("hu", seat, (card,)), Action("peng", seat, (card,) * 3)):
        if _legal_claim(game, state, a):
            return a
    return None


def _legal_claim(game: Any, state: Any, a: Action) -> bool:
    """Whether seat ``a.seat`` may make the claim ``a`` on the discard (asked now or later)."""
    k = state.discard
    hand = state.hands[a.seat]
    if a.kind == "peng":
        return not state.baoting[a.seat] and k < 30 and hand[k] >= 2
    from app.engine.nantong.analyze import complete

    c = list(hand)
    c[k] += 1
    return complete(c)


def _priority(game: Any, state: Any, seat: int) -> Examined | None:
    if state.phase != "respond" or state.claims or seat != game.to_act(state):
        return None
    if len(state.responders) != 1:
        return None
    first, second = state.turn, state.responders[0]
    a, b = _claim_of(game, state, first), _claim_of(game, state, second)
    if a is None or b is None or "hu" not in (a.kind, b.kind):
        return None
    words = {"hu": NP_("nantong", "win on it"), "peng": NP_("nantong", "peng it")}
    choices = []
    for cid, seat_x, act in (("a", first, a), ("b", second, b)):
        if seat_x == seat:
            text = said(NP_("nantong", "You: {claim}"), claim=words[act.kind])
        else:
            text = said(
                NP_("nantong", "{seat}: {claim}"), seat=_who(seat, seat_x), claim=words[act.kind]
            )
        choices.append(Choice(cid, text, action=f"{seat_x}: {act.text()}"))
    cat = "hu-hu" if a.kind == b.kind else "peng-first" if a.kind == "peng" else "hu-first"
    rating = {"hu-hu": 1400, "peng-first": 1300, "hu-first": 1150}[cat]
    ask = NP_(
        "nantong",
        "{seat} has discarded the {card} and both claims below want it. Put them in the order "
        "the card is served.",
    )
    q = _ask(
        "order",
        state,
        said(ask, seat=_who(seat, state.discarder)),
        Query("nantong:priority"),
        ("priority",),
        rating,
        tuple(choices),
        params={"card": token(state.discard)},
    )
    return q, cat


def priority_position(rng: random.Random, cat: str) -> tuple[Any, int] | None:
    """A deal played to a random turn, then the next two players' hands steered so that
    both claim the card the player on turn discards: a hu and a peng, or two hu."""
    game = _game()
    r = _any_rules(rng)
    stop = rng.randrange(2, 40)
    for state in play_on(game, deal(rng, r), rng):
        if game.is_over(state) or state.phase != "turn":
            continue
        stop -= 1
        if stop > 0:
            continue
        p = state.turn
        if state.baoting[p]:
            continue
        a, b = state.next_player(p), state.next_player(state.next_player(p))
        if state.baoting[a] or state.baoting[b]:
            return None
        kinds = [k for k in range(NPLAIN) if state.hands[p][k]]
        if state.baoting[p] and state.last_drawn is not None:
            kinds = [state.last_drawn]
        k = rng.choice(kinds)
        free = free_copies(state)
        free[k] -= 1  # the card discarded
        roles = {"hu-hu": ("hu", "hu"), "peng-first": ("peng", "hu"), "hu-first": ("hu", "peng")}[
            cat
        ]
        hands: dict[int, list[str]] = {}
        for seat, role in zip((a, b), roles, strict=True):
            size = sum(state.hands[seat])
            if role == "hu":
                h = make_hand(rng, size + 1, "any", free, k)
                if h is None:
                    return None
                h.remove(token(k))
            else:
                if free[k] < 2:
                    return None
                own = [
                    token(x)
                    for x in range(len(state.hands[seat]))
                    for _ in range(state.hands[seat][x])
                    if x != k
                ]
                rng.shuffle(own)
                h = own[: size - 2] + [token(k)] * 2
            for t in h:
                free[INDEX[t]] -= 1
            if min(free.values(), default=0) < 0:
                return None
            hands[seat] = h
        hands[p] = [token(x) for x in range(len(state.hands[p])) for _ in range(state.hands[p][x])]
        s = steer(game, state, rng, hands)
        if s is None:
            return None
        try:
            s = game.apply(s, Action("discard", p, (token(k),)))
        except IllegalAction:
            return None
        seat = game.to_act(s)
        if seat is None or _priority(game, s, seat) is None:
            return None
        return s, seat
    return None


def _priority_direct(rng: random.Random) -> tuple[Any, int] | None:
    cat = rng.choice(("hu-hu", "peng-first", "hu-first"))
    for _ in range(8):
        got = priority_position(rng, cat)
        if got is not None:
            return got
    return None


theme(
    "priority",
    NP_("nantong", "Two claims on one discard"),
    NP_(
        "nantong",
        "Two players want one discard: a win beats a pong; of two wins, the first in turn after the discarder takes it.",
    ),
    _priority,
    _priority_direct,
)


def _gang(game: Any, state: Any, seat: int) -> Examined | None:
    if state.phase != "turn" or seat != game.to_act(state):
        return None
    gangs = [a for a in game.legal_actions(state, seat) if a.kind == "gang"]
    if len(gangs) != 1:
        return None
    held = len(gangs[0].cards)
    k = INDEX[gangs[0].cards[0]]
    cat = "jiaopai" if held < 4 else "four"
    rating = 1150 + (250 if held < 4 else 0) + (100 if held == 2 else 0)
    rating += 60 * sum(1 for x in range(NPLAIN) if state.hands[seat][x] == 3 and x != k)
    q = _ask(
        "pick-cards",
        state,
        NP_(
            "nantong",
            "Your turn. You may now lay down a four (or declare one with the turned generals): "
            "pick the cards you would put down.",
        ),
        Query("action-cards", {"kind": "gang"}),
        ("actions", "jiang"),
        rating,
    )
    return q, cat


def jiaopai_position(rng: random.Random) -> tuple[Any, int] | None:
    """A deal played to a random turn, then the player's hand steered to hold the copies
    of a turned general's kind that make four with the turned ones (jiaopai)."""
    game = _game()
    case = rng.choice(("putong", "shuang", "banbian", "shuanglong", "dan"))
    start = deal_with_generals(rng, case)
    if start is None:
        return None
    stop = rng.randrange(1, 30)
    for state in play_on(game, start, rng):
        if game.is_over(state) or state.phase != "turn" or not state.stock:
            continue
        stop -= 1
        if stop > 0:
            continue
        p = state.turn
        if state.baoting[p]:
            continue
        k = rng.choice([x for x in state.generals if x < NPLAIN] or [None])
        if k is None:
            return None
        need = 4 - state.gen.turned[k]
        hand = [x for x in range(NPLAIN) for _ in range(state.hands[p][x]) if x != k]
        keep = [x for x in range(NPLAIN, 35) for _ in range(state.hands[p][x])]
        rng.shuffle(hand)
        size = sum(state.hands[p])
        new = hand[: size - need - len(keep)] + keep + [k] * need
        if state.last_drawn is not None and state.last_drawn not in new:
            new[0] = state.last_drawn
        s = steer(game, state, rng, {p: [token(x) for x in new]})
        if s is None or _gang(game, s, p) is None:
            return None
        return s, p
    return None


def _gang_direct(rng: random.Random) -> tuple[Any, int] | None:
    if rng.random() < 0.5:
        for _ in range(6):
            got = jiaopai_position(rng)
            if got is not None:
                return got
    return scan(_gang, rng, lambda r: deal(r, _any_rules(r)), want="four", deals=4)


theme(
    "gang",
    NP_("nantong", "Laying down a four"),
    NP_(
        "nantong",
        "Four alike may be laid down; the turned generals count too, so three in hand and one turned can be declared.",
    ),
    _gang,
    _gang_direct,
)


# =========================================================================== going out


def wait_kinds(counts: Sequence[int]) -> list[int]:
    """The kinds that complete a hand one card short (its shape only)."""
    from app.engine.nantong.analyze import complete

    c = list(counts)
    out = []
    for k in range(len(c)):
        c[k] += 1
        if complete(c):
            out.append(k)
        c[k] -= 1
    return out


def _near(counts: Sequence[int], card: int) -> bool:
    """A card that looks as if it could win: next to a wait in its suit, or held."""
    if card < 27 and any(
        w < 27 and w // 9 == card // 9 and abs(w - card) <= 2 for w in wait_kinds(counts)
    ):
        return True
    return bool(counts[card])


def _is_win(game: Any, state: Any, seat: int) -> Examined | None:
    """A ready hand and a card: the discard on offer, or the card just drawn."""
    if seat != game.to_act(state) or state.baoting[seat]:
        return None
    if state.phase == "respond" and state.discard is not None:
        card = state.discard
        before = state.hands[seat]
        action = Action("hu", seat, (token(card),))
        ask = NP_("nantong", "The {card} has been discarded. Can you win on it? Why?")
    elif state.phase == "turn" and state.last_drawn is not None and not state.replacement:
        card = state.last_drawn
        c = list(state.hands[seat])
        c[card] -= 1
        before = tuple(c)
        action = Action("hu", seat)
        ask = NP_("nantong", "You have just drawn the {card}. Can you win now? Why?")
    else:
        return None
    if not is_waiting(before, state.rules.xi):
        return None
    why = _why(game, state, action)
    if why not in ("legal", "nt-not-complete"):
        return None
    if why == "nt-not-complete" and not _near(before, card):
        return None  # a card far from every wait teaches little
    choices = _reasons(
        (
            "a",
            "legal",
            NP_("nantong", "Yes: with this card the hand is a pair and seven groups."),
        ),
        (
            "b",
            "nt-not-complete",
            NP_("nantong", "No: even with this card there is no pair and seven groups."),
        ),
        (
            "c",
            "nt-no-minimum",
            NP_("nantong", "No: the hand does not count enough hu to go out."),
        ),
    )
    rating = 1250 + (80 if state.phase == "turn" else 0) + (100 if why == "nt-not-complete" else 0)
    q = _ask(
        "true-false",
        state,
        said(ask),
        Query("is-legal", {"action": action.text()}),
        ("going-out", "waits"),
        rating,
        choices,
        params={"card": token(card)},
    )
    return q, why


def _is_win_direct(rng: random.Random) -> tuple[Any, int] | None:
    want = rng.choice(("legal", "nt-not-complete"))
    return scan(_is_win, rng, lambda r: deal(r, _any_rules(r)), want=want, deals=4)


theme(
    "is-win",
    NP_("nantong", "Does this card win"),
    NP_(
        "nantong",
        "Your hand is ready: does this card, discarded or drawn, make a pair and seven groups?",
    ),
    _is_win,
    _is_win_direct,
)


def _pickable(game: Any, state: Any, seat: int, card: str) -> bool:
    """Whether the deck picker offers ``card`` to the seat (a copy it has not seen)."""
    from app.learning.queries import visible_copies

    seen = visible_copies(game.view(state, seat), card, drawn_in_hand=True)
    return seen < (4 if INDEX[card] < NPLAIN else 1)


def _waits(game: Any, state: Any, seat: int) -> Examined | None:
    if game.is_over(state) or seat not in state.players or not _one_short(state, seat):
        return None
    if state.phase == "turn" and seat == state.turn:
        return None
    h = game.seat_holding(state, seat)
    try:
        waits = game.waits(h, state.rules)
    except EngineError:
        return None
    if not waits or len(waits) > 7:
        return None
    cards = {w.card for w in waits}
    if not all(_pickable(game, state, seat, t) for t in cards):
        return None  # the card picker offers only the copies the seat has not seen
    turned = any(state.gen.turned[INDEX[t]] for t in cards | {token(k) for k in state.generals})
    rating = 1250 + 70 * len(cards) + (80 if state.melds[seat] else 0) + (60 if turned else 0)
    q = _ask(
        "pick-cards",
        state,
        NP_(
            "nantong",
            "Your hand is one card short of a win. Which cards would complete it? Pick them all.",
        ),
        Query("waits"),
        ("waits",),
        rating,
        pool="deck",
    )
    return q, min(len(cards), 3)


def _waits_direct(rng: random.Random) -> tuple[Any, int] | None:
    return scan(_waits, rng, lambda r: deal(r, _any_rules(r)), want=rng.choice((1, 2, 3)), deals=3)


theme(
    "waits",
    NP_("nantong", "Reading waits"),
    NP_(
        "nantong",
        "A hand one card short: find every card that completes it, counting the turned generals and your own copies.",
    ),
    _waits,
    _waits_direct,
)


BAOTING_REASONS = _reasons(
    (
        "a",
        "legal",
        NP_(
            "nantong",
            "Yes: you are not the dealer, your dealt cards are ready, and the dealer has not discarded yet.",
        ),
    ),
    (
        "b",
        "nt-dealer-no-baoting",
        NP_("nantong", "No: the dealer may never declare ready."),
    ),
    (
        "c",
        "nt-baoting-too-late",
        NP_("nantong", "No: the dealer has made his first discard; it is too late."),
    ),
    ("d", "nt-not-waiting", NP_("nantong", "No: your hand is not ready.")),
)


def _baoting(game: Any, state: Any, seat: int) -> Examined | None:
    if game.is_over(state) or seat not in state.players or state.baoting[seat]:
        return None
    why = _why(game, state, Action("baoting", seat))
    dealer = state.dealer
    if why == "legal":
        cat = "legal"
    elif why == "nt-dealer-no-baoting" and state.phase == "ting":
        cat = "dealer"
    elif why == "nt-not-waiting" and state.phase == "ting":
        cat = "not-waiting"
    elif (
        why == "nt-baoting-too-late"
        and seat != game.to_act(state)
        and state.has_discarded[dealer]
        and _one_short(state, seat)
        and is_waiting(state.hands[seat], state.rules.xi)
    ):
        cat = "late"
    else:
        return None
    choices = tuple(
        Choice(c.id, c.text, reason=c.reason, misconception=c.misconception)
        for c in BAOTING_REASONS
    )
    rating = {"legal": 1250, "dealer": 1100, "not-waiting": 1350, "late": 1300}[cat]
    turn = game.to_act(state)
    if state.phase == "ting":
        now = said(NP_("nantong", "The cards are dealt and nobody has discarded yet."))
    elif turn == seat:
        now = said(NP_("nantong", "The deal is under way, and it is your turn."))
    elif turn is not None:
        now = said(
            NP_("nantong", "The deal is under way, and {seat} is to play."), seat=_who(seat, turn)
        )
    else:
        return None
    q = _ask(
        "true-false",
        state,
        joined([now, NP_("nantong", "May you declare ready now? Why?")]),
        Query("is-legal", {"action": "baoting"}),
        ("actions", "waits"),
        rating,
        choices,
    )
    return q, cat


def ting_position(rng: random.Random, r: Any, first: bool) -> Any | None:
    """A fresh deal steered so that a non-dealer (the dealer's next player when
    ``first``, else the one opposite) holds a hand ready from the deal, at the baoting
    decision (the seats before it not ready: their forced pass is played)."""
    game = _game()
    s = deal(rng, r)
    w = s.players[1] if first else s.players[2]
    free = free_copies(s)
    hand = make_hand(
        rng, 23, rng.choice(("any", "tazi", "piao")), free, xi=rng.choice((0, 1)) if r.xi else 0
    )
    if hand is None:
        return None
    hand.remove(rng.choice([t for t in hand if t not in ("fu", "lu", "sh", "xi", "cai")]))
    s = steer(
        game, s, rng, {w: hand}, changes={"phase": "ting", "turn": s.players[1], "last_drawn": None}
    )
    if s is None:
        return None
    for _ in range(2):
        if s.phase != "ting" or s.turn == w:
            break
        legal = game.legal_actions(s, s.turn)
        if len(legal) != 1:
            return None
        s = game.apply(s, legal[0])
    return s if s.phase == "ting" and s.turn == w else None


def late_position(rng: random.Random) -> tuple[Any, int] | None:
    """A deal under way; a non-dealer waiting for a turn is steered into a ready hand."""
    game = _game()
    r = _any_rules(rng)
    stop = rng.randrange(3, 30)
    for state in play_on(game, deal(rng, r), rng):
        if game.is_over(state) or state.phase != "turn" or not state.has_discarded[state.dealer]:
            continue
        stop -= 1
        if stop > 0:
            continue
        seats = [x for x in state.players[1:] if x != state.turn and not state.baoting[x]]
        if not seats:
            return None
        x = rng.choice(seats)
        size = sum(state.hands[x])
        hand = make_hand(rng, size + 1, "any", free_copies(state))
        if hand is None:
            return None
        hand.remove(rng.choice(hand))
        s = steer(game, state, rng, {x: hand, state.turn: _tokens_of(state.hands[state.turn])})
        if s is None or _baoting(game, s, x) is None:
            return None
        return s, x
    return None


def _tokens_of(counts: Sequence[int]) -> list[str]:
    return [token(k) for k in range(len(counts)) for _ in range(counts[k])]


def _baoting_direct(rng: random.Random) -> tuple[Any, int] | None:
    game = _game()
    cat = rng.choice(("legal", "dealer", "not-waiting", "late"))
    for _ in range(8):
        if cat == "late":
            got = late_position(rng)
            if got is not None:
                return got
            continue
        s = ting_position(rng, _any_rules(rng), rng.random() < 0.5)
        if s is None:
            continue
        seat = {"legal": s.turn, "dealer": s.dealer}.get(cat)
        if seat is None:
            seat = next((x for x in s.players[1:] if x != s.turn), s.turn)
        if _baoting(game, s, seat) is not None:
            return s, seat
    return None


theme(
    "baoting",
    NP_("nantong", "May you declare ready"),
    NP_(
        "nantong",
        "Only a non-dealer may declare ready, only before the dealer's first discard, and only with a ready hand.",
    ),
    _baoting,
    _baoting_direct,
)


def _forced(game: Any, state: Any, seat: int) -> Examined | None:
    """After baoting: a drawn card that does not win must go straight back out."""
    if state.phase != "turn" or seat != game.to_act(state) or not state.baoting[seat]:
        return None
    if state.last_drawn is None:
        return None
    legal = game.legal_actions(state, seat)
    if len(legal) != 1 or not legal[0].forced or legal[0].kind != "discard":
        return None
    drawn = state.last_drawn
    others = [k for k in range(NPLAIN) if state.hands[seat][k] and k != drawn]
    if not others:
        return None
    pick = random.Random(sum(state.stock[:5]) + 31 * drawn).sample(others, min(2, len(others)))
    acts = [legal[0].text(), *(f"discard {token(k)}" for k in pick), "hu"]
    fours = [k for k in range(NPLAIN) if state.hands[seat][k] == 4]
    if fours:
        acts.append(f"gang {' '.join([token(fours[0])] * 4)}")
    order = random.Random(drawn * 7 + len(state.stock)).sample(acts, len(acts))
    choices = tuple(Choice(chr(97 + i), action=a) for i, a in enumerate(order))
    q = _ask(
        "choose-action",
        state,
        NP_(
            "nantong",
            "You have declared ready and just drawn the {card}, which does not win. What do the "
            "rules make you do?",
        ),
        Query("forced"),
        ("actions",),
        1150 + 50 * len(acts),
        choices,
        params={"card": token(drawn)},
    )
    return q, "forced"


def _forced_direct(rng: random.Random) -> tuple[Any, int] | None:
    game = _game()
    for _ in range(8):
        s = ting_position(rng, _any_rules(rng), rng.random() < 0.5)
        if s is None:
            continue
        w = s.turn
        s = game.apply(s, Action("baoting", w))
        for state in play_on(game, s, rng, limit=80):
            if game.is_over(state):
                break
            if _forced(game, state, w) is not None:
                return state, w
    return None


theme(
    "forced",
    NP_("nantong", "After declaring ready"),
    NP_(
        "nantong",
        "Once you have declared ready your hand is fixed: a drawn card that does not win must go straight out.",
    ),
    _forced,
    _forced_direct,
)


def _unseen(game: Any, state: Any, seat: int) -> Examined | None:
    if game.is_over(state) or seat != game.to_act(state):
        return None
    view = game.view(state, seat)
    seen: Counter[str] = Counter()
    for sv in view.seats:
        seen.update(sv.discards)
        for m in sv.melds:
            seen.update(m.cards)
    turned = [token(k) for k in state.generals if k < NPLAIN]
    pool = sorted(set(turned) | {t for t, n in seen.items() if n})
    if not pool:
        return None
    card = pool[(7 * len(state.stock) + seat) % len(pool)]
    is_turned = card in turned
    rating = 1150 + (150 if is_turned else 0) + 30 * len(view.seats[seat].melds)
    q = _ask(
        "number",
        state,
        NP_(
            "nantong",
            "How many copies of the {card} have you not seen yet? (Your own, those discarded or "
            "laid down, and the turned generals are all seen.)",
        ),
        Query("cards-left", {"card": card}),
        ("cards",),
        rating,
        params={"card": card},
    )
    return q, "turned" if is_turned else "seen"


def _unseen_direct(rng: random.Random) -> tuple[Any, int] | None:
    return scan(
        _unseen, rng, lambda r: deal(r, _any_rules(r)), want=rng.choice(("turned", "seen")), deals=2
    )


theme(
    "unseen",
    NP_("nantong", "Cards still unseen"),
    NP_(
        "nantong",
        "Four of each card: take away your own, the discarded and laid-down ones, and the turned generals.",
    ),
    _unseen,
    _unseen_direct,
)
