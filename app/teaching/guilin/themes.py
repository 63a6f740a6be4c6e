"""Practice themes of guilin (besides the ones every game has): each a ``Theme`` whose
``ask(game, state, seat)`` turns a moment of a deal into a question with an exact answer,
or says it does not fit (see app/learning/practice.py).

Every theme here is written as an *examiner*: ``(game, state, seat)`` → ``(question,
category)`` or ``None``. The category (the kind of answer: a legal chi or a refused one,
chongduo or a discard, ...) lets the direct builder, which plays one deal and looks at
every seat at every moment, pick among the kinds of answer evenly, so that a learner
meets the rarer cases as often as the common ones. The generic ``forced`` and ``waits``
themes are replaced by Guilin's own under the same ids: in Guilin a forced action is
the only action the seat has (the generic theme never fits), and a completing card
below 10 hu is not a win.

The questions' words are catalog entries (``NP_("guilin", ...)``; the themes' names
``NP_("guilin theme", ...)``), put together in each language (:func:`said`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from app.engine.core.actions import Action
from app.engine.zipai.game import Offer, State, ZipaiGame, zipai_game
from app.learning import practice
from app.learning.exercise import Choice, Query
from app.learning.practice import Question, Theme
from app.teaching.guilin.queries import (
    discard_after,
    discard_waits,
    draw_wins,
    unseen,
    xing_line,
)
from app.teaching.wording import said
from app.text.catalog import NP_, Msg

#: the game this teaching reaches the engine through
GUILIN: ZipaiGame = zipai_game("guilin")

GAME = "guilin"
#: the game's own practice themes, in the order the practice page lists them
OWN: list[Theme] = []
SEATS = 3
MAX_DEALS = 16
Examined = tuple[Question, Any]
Examiner = Callable[[ZipaiGame, State, int], Examined | None]


# --------------------------------------------------------------------------- helpers


def _shuffled(items: list[Any], key: int) -> list[Any]:
    """``items`` in an order fixed by ``key`` (the same position, the same order)."""
    out = list(items)
    random.Random(key).shuffle(out)
    return out


def _key(state: State, seat: int) -> int:
    card = state.offer.card if state.offer is not None else 0
    return int(state.moves * 97 + seat * 31 + card)


def _lettered(choices: list[tuple[str, str | None]]) -> tuple[Choice, ...]:
    """Action choices ``(action text, misconception)`` lettered a, b, c …"""
    return tuple(
        Choice(chr(97 + i), action=text, misconception=mc) for i, (text, mc) in enumerate(choices)
    )


def _legal_of(game: ZipaiGame, state: State, action: Action) -> Action | None:
    legal: list[Action] = game.legal_actions(state, action.seat)
    for a in legal:
        if a.matches(action):
            return a
    return None


def _why(game: ZipaiGame, state: State, action: Action) -> str:
    """``legal`` or the code of the rule that refuses ``action``."""
    if _legal_of(game, state, action) is not None:
        return "legal"
    reason = game.why_illegal(state, action)
    return reason.code if reason is not None else "not-offered"


def _offer(state: State) -> Offer | None:
    return state.offer if state.phase == "offer" else None


#: a true-false reason: ``(id, reason, text[, misconception])``
Reason = tuple[str, str, Msg] | tuple[str, str, Msg, str]


def _reasons(items: tuple[Reason, ...]) -> tuple[Choice, ...]:
    """The true-false reasons of a question, worded in every language."""
    out = []
    for item in items:
        cid, reason, text, *mc = item
        out.append(Choice(cid, said(text), reason=reason, misconception=mc[0] if mc else None))
    return tuple(out)


def _own_groups(hand: tuple[int, ...], card: int, yiwushi: bool) -> list[tuple[int, ...]]:
    """Chi-shaped groups with ``card`` whose two other cards are free cards of the hand
    (not of a kan), in the engine's order."""
    avail = GUILIN.cards.usable(hand)
    out: list[tuple[int, ...]] = []
    for group in GUILIN.melds.chi_shapes(card, yiwushi):
        own = list(group)
        own.remove(card)
        if GUILIN.cards.take(avail, own) is not None:
            out.append(group)
    return out


def _tokens(cards: Any) -> tuple[str, ...]:
    return tuple(GUILIN.cards.TOKENS[c] for c in cards)


def _two(group: tuple[int, ...], card: int) -> list[str]:
    own = list(group)
    own.remove(card)
    return [GUILIN.cards.TOKENS[c] for c in own]


# --------------------------------------------------------------------------- play and pick


def play(game: ZipaiGame, rng: random.Random) -> Iterator[State]:
    """Every state of one deal the engine plays where a seat is to act."""
    rules = game.default_rules
    player = game.player()
    state = game.new_deal(rules, rng, rng.randrange(SEATS))
    for _ in range(400):
        if game.is_over(state):
            return
        seat = game.to_act(state)
        if seat is None:
            return
        yield state
        legal = game.legal_actions(state, seat)
        state = game.apply(state, player.choose(state, seat, legal, rng))


def builder(
    examine: Examiner,
    every_seat: bool = True,
    deals: int = 4,
    kinds: tuple[Any, ...] = (),
    kind_of: Callable[[Any], Any] = lambda cat: cat,
) -> Any:
    """A theme's direct builder: play deals, collect every (state, seat) that fits, and
    return one. With ``kinds`` (the kinds of answer, ``kind_of`` reading one from a
    category) it first picks the kind at random and plays up to ``deals`` deals to find
    it, so rare answers come up as often as common ones; otherwise it picks a kind
    among those the first fitting deal has. A run of deals with no fitting moment at all
    goes on up to :data:`MAX_DEALS` deals."""

    def direct(rng: random.Random) -> tuple[Any, int] | None:
        game = GUILIN
        wanted = rng.choice(kinds) if kinds else None
        fallback: tuple[Any, int] | None = None
        for n in range(MAX_DEALS):
            if fallback is not None and n >= deals:
                break
            found: dict[Any, list[tuple[Any, int]]] = {}
            for state in play(game, rng):
                to_act = game.to_act(state)
                seats = range(SEATS) if every_seat else (() if to_act is None else (to_act,))
                for seat in seats:
                    got = examine(game, state, seat)
                    if got is not None:
                        found.setdefault(kind_of(got[1]), []).append((state, seat))
            if not found:
                continue
            if wanted is None:
                kind = rng.choice(sorted(found, key=repr))
                return rng.choice(found[kind])
            if wanted in found:
                return rng.choice(found[wanted])
            if fallback is None:
                fallback = rng.choice(found[rng.choice(sorted(found, key=repr))])
        return fallback

    return direct


def theme(
    tid: str,
    title: Msg,
    about: Msg,
    examine: Examiner,
    every_seat: bool = True,
    deals: int = 4,
    kinds: tuple[Any, ...] = (),
    kind_of: Callable[[Any], Any] = lambda cat: cat,
) -> Theme:
    direct = builder(examine, every_seat, deals, kinds, kind_of)
    own = Theme(tid, GAME, said(title), said(about), practice.asking(examine), direct)
    OWN.append(own)
    return own


def _first(cat: Any) -> Any:
    return cat[0]


# --------------------------------------------------------------------------- forced


#: a forced group → the wrong names a learner may give it (action kind, misconception)
_WRONG_NAMES: dict[str, tuple[tuple[str, str | None], ...]] = {
    "sao": (("peng", "mc-gl-sao-as-peng"),),
    "guosao": (("sao", "mc-gl-guosao-as-sao"), ("peng", "mc-gl-sao-as-peng")),
    "saochuan": (("kaiduo", "mc-gl-four-origin"),),
    "kaiduo": (("saochuan", "mc-gl-four-origin"),),
}
_FOUR = ("saochuan", "kaiduo")
_FORCED_RATING = {"sao": 1150, "kaiduo": 1250, "saochuan": 1300, "guosao": 1450}


def forced(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    offer = _offer(state)
    if offer is None or game.to_act(state) != seat:
        return None
    legal = game.legal_actions(state, seat)
    if len(legal) != 1 or not legal[0].forced or legal[0].kind not in _WRONG_NAMES:
        return None
    a = legal[0]
    card = a.cards[0]
    opts: list[tuple[str, str | None]] = [(a.text(), None), ("pass", None)]
    for kind, mc in _WRONG_NAMES[a.kind]:
        n = 4 if kind in _FOUR else 3
        opts.append((" ".join([kind, *[card] * n]), mc))
    s = state.seats[seat]
    from_peng = a.kind == "kaiduo" and s.meld_of(offer.card, (GUILIN.melds.PENG,)) is not None
    if a.kind == "kaiduo" and s.hand[offer.card] == 3:
        opts.append((" ".join(["peng", *[card] * 3]), None))
    rating = _FORCED_RATING[a.kind] + (150 if from_peng else 0) + (50 * (offer.seat != seat))
    q = Question(
        "choose-action",
        said(NP_("guilin", "The card that has come up is {card}. What do you do?")),
        Query("forced"),
        ("forced",),
        _lettered(_shuffled(opts, _key(state, seat))),
        {"card": card},
        rating,
    )
    return q, (a.kind, from_peng)


# --------------------------------------------------------------------------- open a four


_OPEN_REASONS: tuple[Reason, ...] = (
    ("legal", "legal", NP_("guilin", "Yes: the fourth card opens it")),
    (
        "discard",
        "zp-pao-on-draw-only",
        NP_("guilin", "No: a discard does not open it"),
        "mc-gl-missed-kaiduo",
    ),
    (
        "own",
        "zp-pao-own-draw-only",
        NP_("guilin", "No: a peng opens only on its owner's own draw"),
        "mc-gl-missed-kaiduo",
    ),
)
_OPEN_PROMPT = {
    "peng": NP_(
        "guilin",
        "You have a peng of {card} on the table, and the fourth {card} has come up. "
        "Do you open a kaiduo?",
    ),
    "sao": NP_(
        "guilin",
        "You have a sao of {card} on the table, and the fourth {card} has come up. "
        "Do you open a kaiduo?",
    ),
}


def open_four(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    offer = _offer(state)
    if offer is None or offer.source == "liang":
        return None
    s = state.seats[seat]
    i = s.meld_of(offer.card, (GUILIN.melds.PENG, GUILIN.melds.WEI, GUILIN.melds.CHOUWEI))
    if i is None:
        return None
    group = "peng" if s.melds[i].kind == GUILIN.melds.PENG else "sao"
    if seat == offer.seat and group == "sao":
        return None  # the own draw makes a saochuan: the forced theme
    card = GUILIN.cards.TOKENS[offer.card]
    why = _why(game, state, Action("kaiduo", seat, (card,) * 4))
    if why not in {reason for _, reason, *_ in _OPEN_REASONS}:
        return None
    rating = {"legal": 1350, "zp-pao-on-draw-only": 1400, "zp-pao-own-draw-only": 1550}[why]
    q = Question(
        "true-false",
        said(_OPEN_PROMPT[group]),
        Query("is-legal", {"action": f"kaiduo {card} {card} {card} {card}"}),
        ("forced",),
        _reasons(_OPEN_REASONS),
        {"card": card},
        rating + (50 if group == "sao" else 0),
    )
    return q, (why, group)


# --------------------------------------------------------------------------- which chi


_CHI_REFUSED = {"breaks-kan", "zp-cannot-bi", "zp-no-discard-left"}


def chi_legal(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    d = GUILIN.decider(state) if state.phase == "offer" else None
    if d is None or d[0] != "chi" or d[1] != seat:
        return None
    offer = state.offer
    assert offer is not None  # a chi decision is on a card on offer
    c = offer.card
    hand = state.seats[seat].hand
    legal_groups = {tuple(sorted(GUILIN.cards.TOKEN_INDEX[t] for t in a.cards)) for a in d[2]}
    good: list[str] = []
    bad: list[tuple[str, str]] = []
    for group in GUILIN.melds.chi_shapes(c, state.rules.yiwushi):
        own = list(group)
        own.remove(c)
        if GUILIN.cards.take(list(hand), own) is None:
            continue  # the seat does not even hold the two cards
        text = " ".join(["chi", *_tokens(group)])
        if group in legal_groups:
            good.append(text)
            continue
        why = _why(game, state, Action("chi", seat, _tokens(group)))
        if why in _CHI_REFUSED:
            bad.append((text, why))
    if not good or not bad:
        return None
    key = _key(state, seat)
    pick = _shuffled(good, key)[0]
    opts = [(pick, None)] + [(t, None) for t, _ in bad[:3]]
    whys = tuple(sorted({w for _, w in bad[:3]}))
    q = Question(
        "choose-action",
        said(
            NP_(
                "guilin",
                "The card on offer is {card}, and you may eat it. Which of these ways of eating "
                "is allowed?",
            )
        ),
        Query("legal"),
        ("chi-bi",),
        _lettered(_shuffled(opts, key + 1)),
        {"card": GUILIN.cards.TOKENS[c]},
        1350 + 80 * len(opts) + (100 if "zp-cannot-bi" in whys else 0),
    )
    return q, whys


# --------------------------------------------------------------------------- xiabi cards


def bi_cards(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    d = GUILIN.decider(state) if state.phase == "offer" else None
    if d is None or d[0] != "chi" or d[1] != seat:
        return None
    offer = state.offer
    assert offer is not None  # a chi decision is on a card on offer
    c = offer.card
    forms: dict[tuple[int, ...], list[Action]] = {}
    for a in d[2]:
        forms.setdefault(tuple(sorted(GUILIN.cards.TOKEN_INDEX[t] for t in a.cards)), []).append(a)
    for group, acts in forms.items():
        if len(acts) != 1 or not acts[0].params.get("bi"):
            continue
        n_bi = len(acts[0].params["bi"])
        two = _two(group, c)
        q = Question(
            "pick-cards",
            said(
                NP_(
                    "guilin",
                    "You eat {card} with {cards}. Which cards leave your hand? Pick every one.",
                )
            ),
            Query("guilin:chi-out", {"action": " ".join(["chi", *_tokens(group)])}),
            ("chi-bi",),
            (),
            {"card": GUILIN.cards.TOKENS[c], "cards": two},
            1450 + 150 * n_bi,
        )
        return q, n_bi
    return None


# --------------------------------------------------------------------------- may you eat


_EAT_REASONS: tuple[Reason, ...] = (
    ("legal", "legal", NP_("guilin", "Yes")),
    ("chou", "chou-card", NP_("guilin", "No: it is a guozhang (passed card) for you")),
    ("own", "zp-own-discard", NP_("guilin", "No: you have thrown this card before")),
    ("next", "zp-not-next-seat", NP_("guilin", "No: you are not a player who may eat this card")),
    ("bi", "zp-cannot-bi", NP_("guilin", "No: your other copies cannot be laid out (xiabi)")),
)
_EAT_RATING = {
    "legal": 1300,
    "chou-card": 1450,
    "zp-own-discard": 1500,
    "zp-not-next-seat": 1250,
    "zp-cannot-bi": 1600,
}


def may_eat(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    offer = _offer(state)
    if offer is None or offer.source == "liang" or not state.seats[seat].hand[offer.card] < 3:
        return None
    if seat == offer.seat and offer.source == "discard":
        return None
    d = GUILIN.decider(state)
    if d is None or (d[0] == "self" and d[1] != seat):
        return None  # the card goes face down into the drawer's own group
    groups = _own_groups(state.seats[seat].hand, offer.card, state.rules.yiwushi)
    if not groups:
        return None
    group = groups[_key(state, seat) % len(groups)]
    action = Action("chi", seat, _tokens(group))
    why = _why(game, state, action)
    if why not in _EAT_RATING:
        return None
    q = Question(
        "true-false",
        said(NP_("guilin", "The card on offer is {card}. May you eat it with {cards}?")),
        Query("is-legal", {"action": action.text()}),
        ("guozhang", "chi-bi"),
        _reasons(_EAT_REASONS),
        {"card": GUILIN.cards.TOKENS[offer.card], "cards": _two(group, offer.card)},
        _EAT_RATING[why],
    )
    return q, why


# --------------------------------------------------------------------------- priority


def priority(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    offer = _offer(state)
    if offer is None or game.to_act(state) != seat:
        return None
    claims: dict[int, tuple[str, Action]] = {}
    for stage, t, acts in GUILIN.candidates(state):
        if stage == "self":
            return None
        claims.setdefault(t, (stage, acts[0]))
    if len(claims) < 2:
        return None
    items = [f"{t}: {a.text()}" for t, (_, a) in sorted(claims.items())]
    items = _shuffled(items, _key(state, seat))
    stages = tuple(sorted(stage for stage, _ in claims.values()))
    q = Question(
        "order",
        said(
            NP_(
                "guilin",
                "The card on offer is {card}, and more than one player can use it. In what order "
                "do the rules ask them?",
            )
        ),
        Query("priority"),
        ("priority",),
        tuple(Choice(chr(97 + i), action=text) for i, text in enumerate(items)),
        {"card": GUILIN.cards.TOKENS[offer.card]},
        1300 + 150 * (len(claims) - 2) + (100 if len(set(stages)) == 1 else 0),
    )
    return q, stages


# --------------------------------------------------------------------------- a win?


_WIN_REASONS: tuple[Reason, ...] = (
    ("win", "legal", NP_("guilin", "Yes: seven groups, and at least 10 hu")),
    (
        "low",
        "zp-below-minimum",
        NP_("guilin", "No: seven groups, but under 10 hu"),
        "mc-gl-win-missed",
    ),
    ("open", "zp-not-complete", NP_("guilin", "No: it does not make seven groups")),
    (
        "discard",
        "zp-no-win-on-discard",
        NP_("guilin", "No: a discard cannot be won on"),
        "mc-gl-no-win-on-discard",
    ),
)


def win_minimum(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    offer = _offer(state)
    if offer is None or offer.source == "liang" or seat not in GUILIN.stage_seats(state, "hu"):
        return None
    pts = GUILIN.hu_points(state, seat, offer)
    if pts < 0:
        return None
    card = GUILIN.cards.TOKENS[offer.card]
    why = _why(game, state, Action("hu", seat, (card,)))
    if why not in ("legal", "zp-below-minimum"):
        return None
    q = Question(
        "true-false",
        said(
            NP_(
                "guilin",
                "The card on offer is {card}, and it completes your hand. Can you go out on it?",
            )
        ),
        Query("is-legal", {"action": f"hu {card}"}),
        ("going-out", "counting"),
        _reasons(_WIN_REASONS),
        {"card": card},
        1350 + (150 if why != "legal" else 0) + (50 if offer.source == "discard" else 0),
    )
    return q, (why, offer.source)


# --------------------------------------------------------------------------- chongduo


_DUO_REASONS: tuple[Reason, ...] = (
    ("discard", "discard", NP_("guilin", "Yes: a discard follows as usual")),
    (
        "chongduo",
        "chongduo",
        NP_("guilin", "No: it is a second set of four, chongduo"),
        "mc-gl-chongduo-first-four",
    ),
    ("ready", "ready", NP_("guilin", "No: the intake leaves the hand ready")),
)


def chongduo(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    if state.phase != "offer" or game.to_act(state) != seat:
        return None
    legal = game.legal_actions(state, seat)
    if len(legal) != 1 or legal[0].kind not in _FOUR:
        return None
    value, why, after = discard_after(game, state, legal[0])
    if why not in ("discard", "chongduo", "ready"):
        return None
    if any(a.kind == "hu" for a in game.legal_actions(after, seat)):
        return None  # the four itself completes the hand: a win, not this question
    a = legal[0]
    q = Question(
        "true-false",
        said(_DUO_PROMPT[a.kind]),
        Query("guilin:discards-after", {"action": a.text()}),
        ("forced",),
        _reasons(_DUO_REASONS),
        {"cards": list(a.cards)},
        {"discard": 1300, "chongduo": 1550, "ready": 1750}[why],
    )
    return q, why


_DUO_PROMPT = {
    "kaiduo": NP_("guilin", "You must open a kaiduo: {cards}. Do you throw a card afterwards?"),
    "saochuan": NP_("guilin", "You must make a saochuan: {cards}. Do you throw a card afterwards?"),
}


# --------------------------------------------------------------------------- waits


def waits(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    if state.phase != "draw" or state.turn != seat:
        return None
    s = state.seats[seat]
    if s.size != s.complete_size() - 1:
        return None
    ws = draw_wins(s, state.rules)
    wins = [w.card for w in ws if w.win]
    if not wins:
        return None
    view = game.view(state, seat)
    if any(unseen(view, t) == 0 for t in wins):
        return None  # every winning card must be one the seat may still draw
    traps = len(ws) - len(wins)
    q = Question(
        "pick-cards",
        said(
            NP_(
                "guilin",
                "You are about to draw. Which cards would let you go out if you turned them up "
                "(seven groups, at least 10 hu)? Pick every one.",
            )
        ),
        Query("guilin:draw-wins"),
        ("waits",),
        rating=1300 + 80 * len(wins) + 120 * min(traps, 2),
        pool="deck",
    )
    return q, (min(len(wins), 3), traps > 0)


# --------------------------------------------------------------------------- counting a win


def _may_go_out(game: ZipaiGame, state: State, seat: int) -> bool:
    if game.to_act(state) != seat:
        return False
    return any(a.kind == "hu" for a in game.legal_actions(state, seat))


def _won(game: ZipaiGame, state: State, seat: int) -> Any:
    hu = next(a for a in game.legal_actions(state, seat) if a.kind == "hu")
    return game.apply(state, hu)


def count_hu(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    if not _may_go_out(game, state, seat):
        return None
    after = _won(game, state, seat)
    r = after.result
    fours = sum(1 for m in r.melds if m.is_quad)
    q = Question(
        "number",
        said(NP_("guilin", "You can go out now. How many hu does this win count?")),
        Query("guilin:hu-count"),
        ("counting",),
        rating=1300 + 10 * max(0, r.huxi - 10) + 60 * fours,
    )
    return q, (min(r.huxi // 5, 5), fours > 0)


def count_duo(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    if not _may_go_out(game, state, seat) or not state.stock:
        return None
    after = _won(game, state, seat)
    r = after.result
    xing = xing_line(after)
    woke = xing.points if xing is not None else 0
    extras = int(r.zimo) + len(r.specials) + (woke > 0)
    q = Question(
        "number",
        said(
            NP_(
                "guilin",
                "You go out now, and the card turned for xing is {card}. How many duo is the win "
                "worth (what each other player pays)?",
            )
        ),
        Query("guilin:hu-duo"),
        ("settlement",),
        prompt_params={"card": GUILIN.cards.TOKENS[state.stock[0]]},
        rating=1400 + 80 * extras + 5 * max(0, r.huxi - 10),
    )
    return q, (bool(r.zimo), woke > 0, r.huxi >= 15)


def xing_count(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    if not _may_go_out(game, state, seat) or not state.stock:
        return None
    after = _won(game, state, seat)
    xing = xing_line(after)
    if xing is None:
        return None
    q = Question(
        "number",
        said(
            NP_(
                "guilin",
                "You go out now, and the card turned for xing is {card}. How many of your cards "
                "does it wake?",
            )
        ),
        Query("guilin:hu-xing"),
        ("settlement",),
        prompt_params={"card": GUILIN.cards.TOKENS[state.stock[0]]},
        rating=1350 + 60 * xing.points,
    )
    return q, min(xing.points, 2)


# --------------------------------------------------------------------------- the discard


def best_discard(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    if state.phase != "play" or not state.must_discard or state.turn != seat:
        return None
    s = state.seats[seat]
    if s.size != s.complete_size():
        return None  # after the discard the hand must be one card short
    cards = [GUILIN.cards.TOKENS[c] for c in s.discardable()]
    seen = game.view(state, seat)
    counts = {t: len(discard_waits(state, seat, t, seen)) for t in cards}
    ranked = sorted(counts.values(), reverse=True)
    best = ranked[0]
    second = ranked[1] if len(ranked) > 1 else 0
    if best == 0 or not (second == 0 or best >= second + 2):
        return None
    top = next(t for t in cards if counts[t] == best)
    others = [t for t in cards if t != top][:7]
    opts = _shuffled([top, *others], _key(state, seat))
    q = Question(
        "choose-action",
        said(
            NP_(
                "guilin",
                "You must throw a card. Which discard leaves you the most different cards to win on "
                "by your own draw (counting only cards not all in sight)?",
            )
        ),
        Query("guilin:best-discard"),
        ("discard", "waits"),
        _lettered([(f"discard {t}", None) for t in opts]),
        rating=1500 + 40 * len(opts) + (0 if second == 0 else 150),
    )
    return q, (second > 0, min(best, 3))


# --------------------------------------------------------------------------- unseen cards


def cards_unseen(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    offer = _offer(state)
    if offer is None or offer.source == "liang" or game.to_act(state) != seat:
        return None
    card = GUILIN.cards.TOKENS[offer.card]
    view = game.view(state, seat)
    mine = (view.seats[seat].hand or ()).count(card)
    left = unseen(view, card)
    q = Question(
        "number",
        said(
            NP_(
                "guilin",
                "The card on offer is {card}. How many more copies of it can you not see (in "
                "other hands or in the stock)?",
            )
        ),
        Query("cards-left", {"card": card}),
        ("discard",),
        prompt_params={"card": card},
        rating=1200 + 60 * mine + 40 * (3 - left),
    )
    return q, (left, mine > 0)


# --------------------------------------------------------------------------- registration

theme(
    "forced",
    NP_("guilin theme", "Sao, saochuan, kaiduo"),
    NP_(
        "guilin theme",
        "The step the rules make for you as soon as the card comes: spot it and name it right.",
    ),
    forced,
    every_seat=False,
    deals=6,
    kinds=("sao", "kaiduo", "saochuan", "guosao"),
    kind_of=_first,
)
theme(
    "open-four",
    NP_("guilin theme", "Does it open a kaiduo?"),
    NP_(
        "guilin theme",
        "A peng or sao on the table meets its fourth card: where the card came from decides.",
    ),
    open_four,
    kinds=("legal", "zp-pao-on-draw-only", "zp-pao-own-draw-only"),
    kind_of=_first,
)
theme(
    "chi-legal",
    NP_("guilin theme", "Which chi is allowed"),
    NP_(
        "guilin theme",
        "Pick the allowed way to eat: no kan broken, every xiabi laid out, a card left to throw.",
    ),
    chi_legal,
    every_seat=False,
)
theme(
    "bi-cards",
    NP_("guilin theme", "Xiabi: which cards leave the hand"),
    NP_(
        "guilin theme",
        "Eat a card and its other copies come out with it: name every card that leaves your hand.",
    ),
    bi_cards,
    every_seat=False,
)
theme(
    "may-eat",
    NP_("guilin theme", "May you eat it?"),
    NP_(
        "guilin theme",
        "Guozhang, your own discards, the seat order and xiabi: may you eat this card?",
    ),
    may_eat,
    deals=12,
    kinds=("legal", "chou-card", "zp-own-discard", "zp-not-next-seat", "zp-cannot-bi"),
)
theme(
    "priority",
    NP_("guilin theme", "Priority between seats"),
    NP_(
        "guilin theme",
        "Several players want one card: order them by hu, kaiduo and peng, chi, then by seat.",
    ),
    priority,
    every_seat=False,
)
theme(
    "win-minimum",
    NP_("guilin theme", "Is it ten hu?"),
    NP_(
        "guilin theme", "The card completes your hand: does it reach 10 hu, so that you may go out?"
    ),
    win_minimum,
    kinds=("legal", "zp-below-minimum"),
    kind_of=_first,
)
theme(
    "chongduo",
    NP_("guilin theme", "Chongduo: throw a card or not"),
    NP_(
        "guilin theme",
        "After a kaiduo or saochuan, do you throw a card? Only a second set of four is chongduo.",
    ),
    chongduo,
    every_seat=False,
    deals=10,
    kinds=("discard", "chongduo"),
)
theme(
    "waits",
    NP_("guilin theme", "Which draws win"),
    NP_(
        "guilin theme",
        "A hand one card short: find every card that wins on your own draw, none under 10 hu.",
    ),
    waits,
    every_seat=False,
)
theme(
    "count-hu",
    NP_("guilin theme", "Count the hu"),
    NP_(
        "guilin theme",
        "You can go out now: count the hu group by group, minding where each group came from.",
    ),
    count_hu,
    every_seat=False,
)
theme(
    "count-duo",
    NP_("guilin theme", "Count the duo"),
    NP_(
        "guilin theme",
        "Turn the hu into duo, add zimo, xing and special wins: what each player pays.",
    ),
    count_duo,
    every_seat=False,
)
theme(
    "xing-count",
    NP_("guilin theme", "How many xing"),
    NP_("guilin theme", "A card is turned for xing: count the winner's cards it wakes."),
    xing_count,
    every_seat=False,
)
theme(
    "best-discard",
    NP_("guilin theme", "The discard that keeps the most waits"),
    NP_(
        "guilin theme",
        "Your discard leaves you ready: throw the card that keeps the most winning cards, by a "
        "clear margin.",
    ),
    best_discard,
    every_seat=False,
)
theme(
    "cards-left",
    NP_("guilin theme", "Keeping count"),
    NP_(
        "guilin theme",
        "How many of the card on offer are still out of sight: four, less the ones you can see.",
    ),
    cards_unseen,
    every_seat=False,
)
