"""Practice themes of hunan (besides the ones every game has): each a ``Theme`` whose
``ask(game, state, seat)`` turns a moment of a deal into a question with an exact answer,
or says it does not fit (see app/learning/practice.py).

Every theme is written as an *examiner*: ``(game, state, seat)`` → ``(question,
category)`` or ``None``; the category is the kind of answer (a forced wei or a pao from a
kan, a legal chi or a choupai, ...). A theme's direct builder plays one deal with the engine's
player and looks at every moment of it, and also at *variants* of those moments that a
real deal could as well have produced: the seat about to draw turns up another card of
the stock (the stock's order is hidden, so any card in it could come next), or a seat
carries the memory of an earlier pass on the card (its choupai, its refused peng, its
chouhu, when a copy of the card has been on the table). It then picks a kind of answer at
random, so the rarer answers come up as often as the common ones, and one moment of
that kind.

The generic ``forced`` and ``waits`` themes are replaced by Hunan's own under the same
ids: a forced ti, wei or pao is the seat's only action (the generic theme looks for a forced
action among others and never finds one), and a card that completes the hand below the
table's minimum is not a win.

The questions' words are catalog entries (``NP_("hunan", ...)``; the themes' names
``NP_("hunan theme", ...)``), put together in each language (:func:`said`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from app.engine.core.actions import Action
from app.engine.zipai.game import Offer, State, ZipaiGame, zipai_game
from app.learning import practice
from app.learning.exercise import Choice, Query, Text
from app.learning.practice import Question, Theme
from app.teaching.hunan.queries import (
    discard_after,
    discard_waits,
    unseen,
    win_draws,
    win_now,
)
from app.teaching.wording import fill_in, list_in, per_language, said, sentences_in
from app.text.catalog import NP_, Msg

#: the game this teaching reaches the engine through
HUNAN: ZipaiGame = zipai_game("hunan")

GAME = "hunan"
#: the game's own practice themes, in the order the practice page lists them
OWN: list[Theme] = []
SEATS = 3
Examined = tuple[Question, Any]
Examiner = Callable[[ZipaiGame, State, int], Examined | None]
Variants = Callable[[State, random.Random], Iterator[State]]


# --------------------------------------------------------------------------- helpers


def _shuffled(items: list[Any], key: int) -> list[Any]:
    """``items`` in an order fixed by ``key`` (the same position, the same order)."""
    out = list(items)
    random.Random(key).shuffle(out)
    return out


def _key(state: State, seat: int) -> int:
    card = state.offer.card if state.offer is not None else 0
    return state.moves * 97 + seat * 31 + card + 1000 * len(state.stock)


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


def _tokens(cards: Any) -> tuple[str, ...]:
    return tuple(HUNAN.cards.TOKENS[c] for c in cards)


def _two(group: tuple[int, ...], card: int) -> list[str]:
    own = list(group)
    own.remove(card)
    return [HUNAN.cards.TOKENS[c] for c in own]


def card_zh(token: str) -> str:
    """The card's Chinese character (the small cards' numerals, the big cards' formal
    ones), as the engine writes it."""
    return HUNAN.cards.chinese(HUNAN.cards.TOKEN_INDEX[token])


def cards_zh(tokens: Any) -> str:
    return "".join(card_zh(t) for t in tokens)


#: a seat relative to the learner (0 the learner, 1 the next seat, 2 the one before):
#: the subject inside a sentence, and at its start
_WHO = (
    (NP_("hunan", "you"), NP_("hunan", "You")),
    (NP_("hunan", "your xiajia (Right)"), NP_("hunan", "Your xiajia (Right)")),
    (NP_("hunan", "your shangjia (Left)"), NP_("hunan", "Your shangjia (Left)")),
)


def who(me: int, other: int, start: bool = False) -> Msg:
    """Seat ``other`` seen from seat ``me``, as the subject of a sentence (``start``: at
    its start)."""
    return _WHO[(other - me) % SEATS][start]


def _listed(mask: int) -> list[str]:
    return [HUNAN.cards.TOKENS[c] for c in range(20) if mask >> c & 1]


#: memory items: (the sentence with the list, the sentence when it is empty)
_MEMORY = {
    "thrown": (
        NP_("hunan", "In this deal you have discarded {items}."),
        NP_("hunan", "You have not discarded any card in this deal."),
    ),
    "chou": (
        NP_("hunan", "Your stale cards: {items}."),
        NP_("hunan", "You have no stale card."),
    ),
    "nopeng": (
        NP_("hunan", "In this deal you have let a peng of {items} go."),
        NP_("hunan", "You have not let any peng go in this deal."),
    ),
    "chouhu": (
        NP_("hunan", "Wins you passed: {items}."),
        NP_("hunan", "You have not passed a win."),
    ),
}
#: a passed win in the memory: the card and the seat's table huxi then
_PASSED_WIN = NP_("hunan", "{name} (your current huxi was {huxi})")


def memory_text(state: State, seat: int, *what: str) -> Text:
    """The seat's own memory, as sentences (the table drawn on the page does not show
    it): ``thrown`` (its discards), ``chou`` (its choupai), ``nopeng`` (refused peng),
    ``chouhu`` (passed wins and the table huxi then)."""
    s = state.seats[seat]

    def one(item: str, lang: str) -> str:
        if item == "chouhu":
            items = [
                fill_in(
                    _PASSED_WIN.get(lang), lang, name=card_zh(HUNAN.cards.TOKENS[c]), huxi=str(h)
                )
                for c, h in s.chou_hu
            ]
        else:
            mask = {"thrown": s.thrown, "chou": s.chou, "nopeng": s.refused_peng}[item]
            items = [card_zh(t) for t in _listed(mask)]
        full, empty = _MEMORY[item]
        return (
            fill_in(full.get(lang), lang, items=list_in(lang, items)) if items else empty.get(lang)
        )

    return per_language(lambda lang: sentences_in(lang, *(one(item, lang) for item in what)))


_SHOWN = NP_("hunan", "The dealer has shown {card}")
#: how a card came (the seat's own draw or discard, another's), at a sentence's start
_CAME = {
    ("draw", True): NP_("hunan", "You turn up {card}"),
    ("discard", True): NP_("hunan", "You discard {card}"),
    ("draw", False): NP_("hunan", "{who} turns up {card}"),
    ("discard", False): NP_("hunan", "{who} discards {card}"),
}


def came(me: int, offer: Offer) -> Text:
    """How the card on offer came, as the start of a sentence (``{card}`` left open)."""
    if offer.source == "liang":
        return said(_SHOWN)
    return said(_CAME[(offer.source, offer.seat == me)], who=who(me, offer.seat, start=True))


def _visible(state: State, card: int) -> bool:
    """A copy of ``card`` has been on the table: in a pile or in a group laid face up."""
    for s in state.seats:
        if card in s.pile:
            return True
        for m in s.melds:
            if card in m.cards and m.kind != HUNAN.melds.WEI:
                return True
    return False


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


def turn_up(state: State, card: int) -> State:
    """The seat about to draw turns up ``card``, a card of the stock (its order is hidden:
    any card in it could come next)."""
    stock = list(state.stock)
    stock.remove(card)
    return HUNAN.do(HUNAN.evolve(state, stock=(card, *stock)), Action("draw", state.turn, (), True))


def draws(state: State, rng: random.Random, most: int = 4) -> Iterator[State]:
    """The seat about to draw turns up another card of the stock instead: up to ``most``
    of them."""
    if state.phase != "draw" or not state.stock:
        return
    kinds = list(dict.fromkeys(state.stock[1:]))
    rng.shuffle(kinds)
    for card in kinds[:most]:
        yield turn_up(state, card)


def discards(state: State, rng: random.Random, most: int = 3) -> Iterator[State]:
    """The seat to discard throws another of its free cards."""
    if state.phase != "play" or not state.must_discard:
        return
    cards = state.seats[state.turn].discardable()
    rng.shuffle(cards)
    for card in cards[:most]:
        yield HUNAN.do(state, Action("discard", state.turn, (HUNAN.cards.TOKENS[card],)))


def moves(state: State, rng: random.Random) -> Iterator[State]:
    """Other draws and other discards from this moment."""
    yield from draws(state, rng)
    yield from discards(state, rng)


def builder(
    examine: Examiner,
    every_seat: bool = True,
    deals: int = 3,
    kinds: tuple[Any, ...] = (),
    kind_of: Callable[[Any], Any] = lambda cat: cat,
    variants: Variants | None = None,
) -> Callable[[random.Random], tuple[State, int] | None]:
    """A theme's direct builder: play deals, collect every (state, seat) that fits (among
    the deal's moments and their ``variants``) and return one. With ``kinds`` (the kinds
    of answer, ``kind_of`` reading one from a category) it first picks the kind at random
    and plays up to ``deals`` deals to find it, so rare answers come up as often as
    common ones; otherwise it picks a kind among those the first fitting deal has."""

    def direct(rng: random.Random) -> tuple[State, int] | None:
        game = HUNAN
        wanted = rng.choice(kinds) if kinds else None
        fallback: tuple[State, int] | None = None
        for _ in range(deals):
            found: dict[Any, list[tuple[State, int]]] = {}
            for natural in play(game, rng):
                more = variants(natural, rng) if variants is not None else ()
                for state in (natural, *more):
                    seats = range(SEATS) if every_seat else (game.to_act(state),)
                    for seat in seats:
                        if seat is None:
                            continue
                        got = examine(game, state, seat)
                        if got is not None:
                            found.setdefault(kind_of(got[1]), []).append((state, seat))
                if wanted is not None and wanted in found and len(found[wanted]) >= 3:
                    break
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
    deals: int = 3,
    kinds: tuple[Any, ...] = (),
    kind_of: Callable[[Any], Any] = lambda cat: cat,
    variants: Variants | None = None,
) -> Theme:
    direct = builder(examine, every_seat, deals, kinds, kind_of, variants)
    own = Theme(tid, GAME, said(title), said(about), practice.asking(examine), direct)
    OWN.append(own)
    return own


def _first(cat: Any) -> Any:
    return cat[0]


def _memo(state: State, seat: int, **kw: Any) -> State:
    """``state`` with seat ``seat``'s memory changed (a new state, no caches)."""
    s = HUNAN.seat_evolve(state.seats[seat], **kw)
    return HUNAN.evolve(state, seats=HUNAN.with_seat(state, seat, s))


#: how the fourth copy came (the seat's own draw or discard, another's), at the end
#: of a sentence
_FOURTH = {
    ("draw", True): NP_("hunan", "you turn up the fourth {card}"),
    ("discard", True): NP_("hunan", "you discard the fourth {card}"),
    ("draw", False): NP_("hunan", "{who} turns up the fourth {card}"),
    ("discard", False): NP_("hunan", "{who} discards the fourth {card}"),
}


def _fourth(me: int, offer: Offer) -> Text:
    """How the fourth copy came, as the end of a sentence (``{card}`` left open)."""
    return said(_FOURTH[(offer.source, offer.seat == me)], who=who(me, offer.seat))


# --------------------------------------------------------------------------- forced


_FORCED_RATING = {
    "wei": 1150,
    "pao-kan": 1200,
    "ti": 1250,
    "pao-peng": 1300,
    "pao-wei": 1350,
    "chouwei": 1450,
}
_FORCED_KINDS = tuple(_FORCED_RATING)


def _own_groups(hand: tuple[int, ...], card: int, yiwushi: bool) -> list[tuple[int, ...]]:
    """Chi-shaped groups with ``card`` whose two other cards are free cards of the hand
    (not of a kan), in the engine's order."""
    avail = HUNAN.cards.usable(hand)
    out: list[tuple[int, ...]] = []
    for group in HUNAN.melds.chi_shapes(card, yiwushi):
        own = list(group)
        own.remove(card)
        if HUNAN.cards.take(avail, own) is not None:
            out.append(group)
    return out


def forced(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    offer = _offer(state)
    d = HUNAN.decider(state) if offer is not None else None
    if offer is None or d is None or d[1] != seat or d[0] not in ("self", "pao"):
        return None
    a = d[2][0]
    c = offer.card
    card = HUNAN.cards.TOKENS[c]
    three, four = " ".join([card] * 3), " ".join([card] * 4)
    s = state.seats[seat]
    cat = a.kind
    opts: list[tuple[str, str | None]] = [(a.text(), None), ("pass", None)]
    if a.kind == "wei":
        opts.append((f"peng {three}", "mc-hn-wei-as-peng"))
    elif a.kind == "chouwei":
        opts.append((f"wei {three}", "mc-hn-chouwei-as-wei"))
        opts.append((f"peng {three}", "mc-hn-wei-as-peng"))
    elif a.kind == "ti":
        opts.append((f"pao {four}", "mc-hn-four-origin"))
        if s.hand[c] == 3:
            opts.append((f"wei {three}", None))
    else:
        if s.hand[c] == 3:
            cat = "pao-kan"
        elif s.meld_of(c, (HUNAN.melds.PENG,)) is not None:
            cat = "pao-peng"
        else:
            cat = "pao-wei"
        opts.append((f"ti {four}", "mc-hn-four-origin"))
        if seat in HUNAN.stage_seats(state, "chi"):
            groups = _own_groups(s.hand, c, state.rules.yiwushi)
            if groups:
                opts.append((" ".join(["chi", *_tokens(groups[0])]), None))
    memory = memory_text(state, seat, "nopeng") if a.kind in ("wei", "chouwei") else None
    q = Question(
        "choose-action",
        _with_memory(memory, said(_FORCED_ASK, came=came(seat, offer))),
        Query("forced"),
        ("forced",),
        _lettered(_shuffled(opts, _key(state, seat))),
        {"card": card},
        _FORCED_RATING[cat] + (50 if offer.seat != seat else 0),
    )
    return q, cat


_FORCED_ASK = NP_("hunan", "{came}. What do you do now?")


def _with_memory(memory: Text | None, question: Text) -> Text:
    """The question after the seat's memory (when it is told)."""
    if memory is None:
        return question
    return per_language(lambda lang: sentences_in(lang, memory.get(lang), question.get(lang)))


def stale_wei(state: State, rng: random.Random) -> Iterator[State]:
    """The seat about to draw once let a peng of a pair it holds go (the card has been on
    the table), and now turns that card up: a chouwei."""
    if state.phase != "draw" or not state.stock:
        return
    t = state.turn
    s = state.seats[t]
    pairs = [c for c in set(state.stock) if s.hand[c] == 2 and _visible(state, c)]
    if not pairs:
        return
    c = rng.choice(sorted(pairs))
    bit = 1 << c
    yield turn_up(_memo(state, t, refused_peng=s.refused_peng | bit, chou=s.chou | bit), c)


def own_fours(state: State, rng: random.Random) -> Iterator[State]:
    """The seat about to draw turns up the fourth card of its kan or wei from the stock."""
    if state.phase != "draw" or not state.stock:
        return
    s = state.seats[state.turn]
    fours = [
        c
        for c in set(state.stock[1:])
        if s.hand[c] == 3 or s.meld_of(c, (HUNAN.melds.WEI, HUNAN.melds.CHOUWEI)) is not None
    ]
    if fours:
        yield turn_up(state, rng.choice(sorted(fours)))


def _forced_variants(state: State, rng: random.Random) -> Iterator[State]:
    yield from moves(state, rng)
    yield from own_fours(state, rng)
    yield from stale_wei(state, rng)


# --------------------------------------------------------------------------- peng/wei to pao


_PAO_REASONS: tuple[Reason, ...] = (
    ("yes", "legal", NP_("hunan", "Yes: this fourth card turns it into a pao")),
    (
        "draw",
        "zp-pao-on-draw-only",
        NP_("hunan", "No: a peng becomes a pao only with a fourth card turned from the stock"),
    ),
    (
        "own",
        "wei-own-draw-only",
        NP_("hunan", "No: a wei grows to four only with your own draw"),
        "mc-hn-wei-needs-own-draw",
    ),
)
_PAO_RATING = {
    ("peng", "draw"): 1250,
    ("peng", "discard"): 1400,
    ("wei", "draw"): 1350,
    ("wei", "discard"): 1450,
}


_PAO_ASK = {
    "peng": NP_(
        "hunan", "You have a peng of {card} on the table, and {fourth}. Does it make your pao?"
    ),
    "wei": NP_(
        "hunan", "You have a wei of {card} on the table, and {fourth}. Does it make your pao?"
    ),
}


def peng_pao(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    offer = _offer(state)
    if offer is None or offer.source == "liang":
        return None
    s = state.seats[seat]
    c = offer.card
    i = s.meld_of(c, (HUNAN.melds.PENG, HUNAN.melds.WEI, HUNAN.melds.CHOUWEI))
    if i is None:
        return None
    group = "peng" if s.melds[i].kind == HUNAN.melds.PENG else "wei"
    if group == "wei" and offer.seat == seat:
        return None  # the own draw makes a ti: the forced theme
    card = HUNAN.cards.TOKENS[c]
    why = _why(game, state, Action("pao", seat, (card,) * 4))
    if why not in ("legal", "zp-pao-on-draw-only"):
        return None
    q = Question(
        "true-false",
        said(_PAO_ASK[group], fourth=_fourth(seat, offer)),
        Query("is-legal", {"action": f"pao {card} {card} {card} {card}"}),
        ("forced",),
        _reasons(_PAO_REASONS),
        {"card": card},
        _PAO_RATING[(group, offer.source)],
    )
    return q, (why, group, offer.source)


def fourth_cards(state: State, rng: random.Random) -> Iterator[State]:
    """The fourth card of a seat's peng or wei comes: the seat to discard throws it, or the
    seat about to draw turns it up."""
    groups = {
        m.cards[0]
        for s in state.seats
        for m in s.melds
        if m.kind in (HUNAN.melds.PENG, HUNAN.melds.WEI, HUNAN.melds.CHOUWEI)
    }
    if not groups:
        return
    if state.phase == "play" and state.must_discard:
        free = [c for c in state.seats[state.turn].discardable() if c in groups]
        if free:
            yield HUNAN.do(
                state, Action("discard", state.turn, (HUNAN.cards.TOKENS[rng.choice(free)],))
            )
    elif state.phase == "draw" and state.stock:
        cards = sorted(groups & set(state.stock[1:]))
        if cards:
            yield turn_up(state, rng.choice(cards))


# --------------------------------------------------------------------------- bakuai


_BAKUAI_REASONS: tuple[Reason, ...] = (
    ("discard", "discard", NP_("hunan", "Yes: you discard as usual after this intake")),
    (
        "bakuai",
        "bakuai",
        NP_("hunan", "No: it is a second pao or ti (bakuai), so there is no discard"),
    ),
    (
        "never",
        "never",
        NP_("hunan", "No: nobody ever discards after a pao or a ti"),
        "mc-hn-no-discard-after-four",
    ),
)
_BAKUAI_ASK = {
    "pao": NP_("hunan", "{came}, and you must make a pao. Do you discard a card after it?"),
    "ti": NP_("hunan", "{came}, and you must make a ti. Do you discard a card after it?"),
}


def bakuai(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    offer = _offer(state)
    d = HUNAN.decider(state) if offer is not None else None
    if offer is None or d is None or d[1] != seat or d[0] not in ("self", "pao"):
        return None
    a = d[2][0]
    if a.kind not in ("pao", "ti"):
        return None
    why, _after = discard_after(state, a)
    if why not in ("discard", "bakuai"):
        return None
    q = Question(
        "true-false",
        said(_BAKUAI_ASK[a.kind], came=came(seat, offer)),
        Query("hunan:bakuai", {"action": a.text()}),
        ("forced",),
        _reasons(_BAKUAI_REASONS),
        {"card": HUNAN.cards.TOKENS[offer.card]},
        {"discard": 1250, "bakuai": 1450}[why] + (50 if a.kind == "ti" else 0),
    )
    return q, (why, a.kind)


# --------------------------------------------------------------------------- which chi


_CHI_REFUSED = ("breaks-kan", "zp-cannot-bi", "zp-no-discard-left")


def chi_legal(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    d = HUNAN.decider(state) if state.phase == "offer" else None
    if d is None or d[0] != "chi" or d[1] != seat:
        return None
    offer = state.offer
    assert offer is not None
    c = offer.card
    hand = state.seats[seat].hand
    legal_groups = {tuple(sorted(a.cards)) for a in d[2]}
    good: list[str] = []
    bad: list[tuple[str, str]] = []
    for group in HUNAN.melds.chi_shapes(c, state.rules.yiwushi):
        own = list(group)
        own.remove(c)
        if HUNAN.cards.take(list(hand), own) is None:
            continue  # the seat does not even hold the two cards
        text = " ".join(["chi", *_tokens(group)])
        if tuple(sorted(_tokens(group))) in legal_groups:
            good.append(text)
            continue
        why = _why(game, state, Action("chi", seat, _tokens(group)))
        if why in _CHI_REFUSED:
            bad.append((text, why))
    if not good or not bad:
        return None
    key = _key(state, seat)
    pick = _shuffled(good, key)[0]
    bad = _shuffled(bad, key + 2)[:3]
    opts = [(pick, None)] + [(t, None) for t, _ in bad]
    whys = tuple(sorted({w for _, w in bad}))
    q = Question(
        "choose-action",
        said(
            NP_(
                "hunan",
                "{came}, and it is your turn to eat it. Which of these ways of eating is allowed?",
            ),
            came=came(seat, offer),
        ),
        Query("legal"),
        ("chi-bi",),
        _lettered(_shuffled(opts, key + 1)),
        {"card": HUNAN.cards.TOKENS[c]},
        1300 + 80 * len(opts) + (100 if "zp-cannot-bi" in whys else 0),
    )
    main = next((w for w in ("zp-no-discard-left", "zp-cannot-bi") if w in whys), whys[0])
    return q, main


# --------------------------------------------------------------------------- bi cards


def bi_cards(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    d = HUNAN.decider(state) if state.phase == "offer" else None
    if d is None or d[0] != "chi" or d[1] != seat:
        return None
    offer = state.offer
    assert offer is not None
    c = offer.card
    forms: dict[tuple[str, ...], list[Action]] = {}
    for a in d[2]:
        forms.setdefault(tuple(sorted(a.cards)), []).append(a)
    with_bi = sorted(g for g, acts in forms.items() if all(a.params.get("bi") for a in acts))
    if not with_bi:
        return None
    group = with_bi[_key(state, seat) % len(with_bi)]
    acts = forms[group]
    n_bi = max(len(a.params["bi"]) for a in acts)
    cards = list(group)
    cards.remove(HUNAN.cards.TOKENS[c])
    q = Question(
        "pick-cards",
        said(
            NP_(
                "hunan",
                "{came}, and you eat it with {cards}. Which cards of your hand must come out "
                "with it as bi? Pick every one.",
            ),
            came=came(seat, offer),
        ),
        Query("hunan:bi-cards", {"action": " ".join(["chi", *group])}),
        ("chi-bi",),
        (),
        {"card": HUNAN.cards.TOKENS[c], "cards": cards},
        1400 + 150 * (n_bi - 1) + (60 if len(acts) > 1 else 0),
    )
    return q, (n_bi, len(acts) > 1)


# --------------------------------------------------------------------------- may you eat


_EAT_REASONS: tuple[Reason, ...] = (
    ("yes", "legal", NP_("hunan: may you eat it", "Yes")),
    ("seat", "zp-not-next-seat", NP_("hunan", "No: this card is not yours to eat")),
    (
        "bi",
        "zp-cannot-bi",
        NP_("hunan", "No: the copies left in your hand could not be laid out (bi)"),
    ),
    ("kan", "breaks-kan", NP_("hunan", "No: it would break up a kan")),
)
_EAT_WITH = NP_("hunan", "{came}. May you eat it with {cards}?")
_EAT_RATING = {"legal": 1250, "zp-not-next-seat": 1200, "zp-cannot-bi": 1550, "breaks-kan": 1400}


def _one_reason(state: State, seat: int, group: tuple[int, ...], c: int, why: str) -> bool:
    """Only the engine's reason refuses the chi: the seat order alone (the cards are free
    and the bi can be made), or a kan broken with no copy of the card left to lay out."""
    s = state.seats[seat]
    if s.chou >> c & 1 or s.thrown >> c & 1:
        return False  # its memory would refuse it too
    if why == "zp-not-next-seat":
        own = list(group)
        own.remove(c)
        rest = HUNAN.cards.take(HUNAN.cards.usable(s.hand), own)
        return rest is not None and bool(HUNAN.melds.bi_options(rest, c, state.rules.yiwushi))
    if why == "breaks-kan":
        return s.hand[c] == 0
    return True


def may_eat(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    offer = _offer(state)
    if offer is None or offer.source == "liang" or state.seats[seat].hand[offer.card] >= 3:
        return None
    if seat == offer.seat and offer.source == "discard":
        return None
    d = HUNAN.decider(state)
    if d is None or d[0] == "self":
        return None  # the card goes face down into the drawer's own group
    c = offer.card
    hand = state.seats[seat].hand
    groups = []
    for group in HUNAN.melds.chi_shapes(c, state.rules.yiwushi):
        own = list(group)
        own.remove(c)
        if HUNAN.cards.take(list(hand), own) is not None:
            groups.append(group)
    if not groups:
        return None
    group = groups[_key(state, seat) % len(groups)]
    action = Action("chi", seat, _tokens(group))
    why = _why(game, state, action)
    if why not in _EAT_RATING or not _one_reason(state, seat, group, c, why):
        return None
    q = Question(
        "true-false",
        said(_EAT_WITH, came=came(seat, offer)),
        Query("is-legal", {"action": action.text()}),
        ("chi-bi",),
        _reasons(_EAT_REASONS),
        {"card": HUNAN.cards.TOKENS[c], "cards": _two(group, c)},
        _EAT_RATING[why],
    )
    return q, why


# --------------------------------------------------------------------------- choupai


_CHOU_REASONS: tuple[Reason, ...] = (
    ("yes", "legal", NP_("hunan: may you take it", "Yes")),
    ("chou", "chou-card", NP_("hunan", "No: it is a stale card (choupai) for me")),
    ("own", "zp-own-discard", NP_("hunan", "No: I discarded this card earlier")),
)
_CHOU_RATING = {"legal": 1300, "chou-card": 1400, "zp-own-discard": 1450}


def choupai(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    offer = _offer(state)
    if offer is None or offer.source == "liang" or seat == offer.seat:
        return None
    d = HUNAN.decider(state)
    if d is None or d[0] == "self":
        return None
    c = offer.card
    card = HUNAN.cards.TOKENS[c]
    s = state.seats[seat]
    bit = 1 << c
    if s.hand[c] >= 3 or (s.chou & bit and s.thrown & bit):
        return None  # (both memories at once would make two right reasons)
    acts: list[tuple[Action, list[str]]] = []
    if s.hand[c] == 2:
        acts.append((Action("peng", seat, (card,) * 3), []))
    if seat in HUNAN.stage_seats(state, "chi"):
        for group in _own_groups(s.hand, c, state.rules.yiwushi):
            acts.append((Action("chi", seat, _tokens(group)), _two(group, c)))
    if not acts:
        return None
    action, own = acts[_key(state, seat) % len(acts)]
    why = _why(game, state, action)
    if why not in _CHOU_RATING:
        return None
    ask = NP_("hunan", "{came}. May you peng it?") if action.kind == "peng" else _EAT_WITH
    q = Question(
        "true-false",
        _with_memory(memory_text(state, seat, "thrown", "chou"), said(ask, came=came(seat, offer))),
        Query("is-legal", {"action": action.text()}),
        ("chou",),
        _reasons(_CHOU_REASONS),
        {"card": card, "cards": own},
        _CHOU_RATING[why] + (50 if action.kind == "peng" else 0),
    )
    return q, (why, action.kind)


def stale_memory(state: State, rng: random.Random) -> Iterator[State]:
    """A seat that could peng or chi the card passed it once (choupai) or threw it away before,
    when a copy of it has been on the table; a seat is still to decide on the card."""
    offer = _offer(state)
    if offer is None or offer.source == "liang" or not _visible(state, offer.card):
        return
    bit = 1 << offer.card
    takers = sorted(
        {t for stage, t, _ in HUNAN.candidates(state, True) if stage in ("peng", "chi")}
        - {offer.seat}
    )
    for t in takers:
        s = state.seats[t]
        for changed in (_memo(state, t, chou=s.chou | bit), _memo(state, t, thrown=s.thrown | bit)):
            if HUNAN.decider(changed) is not None:
                yield changed


def _chou_variants(state: State, rng: random.Random) -> Iterator[State]:
    yield from stale_memory(state, rng)
    for drawn in draws(state, rng, 3):
        yield drawn
        yield from stale_memory(drawn, rng)


# --------------------------------------------------------------------------- chouhu


_HU_REASONS: tuple[Reason, ...] = (
    ("yes", "legal", NP_("hunan", "Yes, I may win on it")),
    (
        "chouhu",
        "zp-chou-hu",
        NP_(
            "hunan",
            "No: I passed a win on this card and my current huxi has not changed since (chouhu)",
        ),
    ),
    ("chou", "chou-card", NP_("hunan", "No: it is a stale card for me"), "mc-hn-chou-blocks-win"),
)
_CHOU_HU_RATING = {"blocked": 1450, "changed": 1550, "stale-card": 1400}


def chou_hu(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    offer = _offer(state)
    if offer is None or offer.source != "draw" or seat not in HUNAN.stage_seats(state, "hu"):
        return None
    if _hidden_from(state, seat):
        return None
    c = offer.card
    s = state.seats[seat]
    memo = [h for x, h in s.chou_hu if x == c]
    stale = bool(s.chou & (1 << c))
    if bool(memo) == stale:
        return None  # one memory at a time: a passed win, or a stale card
    if HUNAN.hu_points(state, seat, offer) < state.rules.min_huxi:
        return None
    card = HUNAN.cards.TOKENS[c]
    why = _why(game, state, Action("hu", seat, (card,)))
    if why == "zp-chou-hu":
        cat = "blocked"
    elif why == "legal":
        cat = "changed" if memo else "stale-card"
    else:
        return None
    ask = NP_(
        "hunan",
        "{came}, and with it you would have seven groups and enough huxi. May you win now?",
    )
    q = Question(
        "true-false",
        _with_memory(memory_text(state, seat, "chouhu", "chou"), said(ask, came=came(seat, offer))),
        Query("is-legal", {"action": f"hu {card}"}),
        ("chou",),
        _reasons(_HU_REASONS),
        {"card": card},
        _CHOU_HU_RATING[cat],
    )
    return q, cat


def passed_wins(state: State, rng: random.Random) -> Iterator[State]:
    """A seat that may win on the drawn card now passed a win on that card before
    (chouhu): with its table huxi as it is now, or as it was before its last group; or
    the card is a choupai for it."""
    offer = _offer(state)
    d = HUNAN.decider(state) if offer is not None else None
    if offer is None or d is None or d[0] != "hu" or offer.source != "draw":
        return
    t, c = d[1], offer.card
    s = state.seats[t]
    if any(x == c for x, _ in s.chou_hu) or not _visible(state, c):
        return
    now = s.table_huxi(state.rules.yiwushi)
    yield _memo(state, t, chou_hu=(*s.chou_hu, (c, now)))
    if s.melds and s.melds[-1].points(state.rules.yiwushi) > 0:
        before = now - s.melds[-1].points(state.rules.yiwushi)
        yield _memo(state, t, chou_hu=(*s.chou_hu, (c, before)))
    yield _memo(state, t, chou=s.chou | (1 << c))


def _hu_variants(state: State, rng: random.Random) -> Iterator[State]:
    yield from passed_wins(state, rng)
    for drawn in draws(state, rng, 6):
        yield from passed_wins(drawn, rng)


# --------------------------------------------------------------------------- priority


#: a seat's claim on the card: what it would do
_CLAIMS = {
    "hu": NP_("hunan", "{who}: win on it"),
    "chi": NP_("hunan", "{who}: eat it with {names}"),
    "peng": NP_("hunan", "{who}: peng it"),
    "pao": NP_("hunan", "{who}: pao"),
}


def _claim_text(me: int, a: Action, card: int) -> Text:
    own = list(a.cards)
    if a.kind == "chi":
        own.remove(HUNAN.cards.TOKENS[card])
    return said(_CLAIMS[a.kind], who=who(me, a.seat, start=True), names=cards_zh(own))


def priority(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    offer = _offer(state)
    if offer is None or offer.passed or game.to_act(state) != seat:
        return None  # asked as the card comes, before anyone has decided on it
    claims: dict[int, tuple[str, Action]] = {}
    for stage, t, acts in HUNAN.candidates(state):
        if stage == "self":
            return None
        claims.setdefault(t, (stage, acts[0]))
    if len(claims) < 2:
        return None
    key = _key(state, seat)
    items = _shuffled(sorted(claims.items()), key)
    choices = tuple(
        Choice(chr(97 + i), _claim_text(seat, a, offer.card), action=f"{t}: {a.text()}")
        for i, (t, (_stage, a)) in enumerate(items)
    )
    stages = tuple(sorted(stage for stage, _ in claims.values()))
    ask = NP_(
        "hunan",
        "{came}, and more than one player wants it. In what order do the rules ask them?",
    )
    q = Question(
        "order",
        said(ask, came=came(seat, offer)),
        Query("priority"),
        ("priority",),
        choices,
        {"card": HUNAN.cards.TOKENS[offer.card]},
        1250
        + 150 * (len(claims) - 2)
        + (100 if len(set(stages)) < len(stages) else 0)
        + (150 if {"hu", "pao"} <= set(stages) else 0),
    )
    return q, stages


# --------------------------------------------------------------------------- a win?


_WIN_REASONS: tuple[Reason, ...] = (
    ("win", "legal", NP_("hunan", "Yes: seven groups, and the huxi reach the table's minimum")),
    (
        "low",
        "zp-below-minimum",
        NP_("hunan", "No: the groups are complete, but the huxi fall short of the minimum"),
    ),
    ("discard", "zp-no-win-on-discard", NP_("hunan", "No: nobody wins on a discard")),
)
_WIN_RATING = {"legal": 1300, "zp-below-minimum": 1450, "zp-no-win-on-discard": 1400}


def _hidden_from(state: State, seat: int) -> bool:
    """The drawn card goes face down into the drawer's own wei or ti: the seat never
    sees it."""
    d = HUNAN.decider(state)
    return d is not None and d[0] == "self" and d[1] != seat


def win_minimum(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    offer = _offer(state)
    if offer is None or offer.source == "liang" or _hidden_from(state, seat):
        return None
    if offer.source == "discard":
        if seat == offer.seat:
            return None
        pts = HUNAN.points_with(
            state.seats[seat], offer.card, False, False, True, state.rules.yiwushi
        )
        if pts < state.rules.min_huxi:
            return None  # below the minimum as well: the discard must be the one reason
    else:
        if seat not in HUNAN.stage_seats(state, "hu"):
            return None
        pts = HUNAN.hu_points(state, seat, offer)
    if pts < 0:
        return None
    card = HUNAN.cards.TOKENS[offer.card]
    why = _why(game, state, Action("hu", seat, (card,)))
    if why not in _WIN_RATING:
        return None
    ask = NP_(
        "hunan",
        "This table plays to a minimum of {min} huxi. {came}, and it completes your seven "
        "groups. May you win on it?",
    )
    q = Question(
        "true-false",
        said(ask, came=came(seat, offer)),
        Query("is-legal", {"action": f"hu {card}"}),
        ("going-out", "counting"),
        _reasons(_WIN_REASONS),
        {"card": card, "min": state.rules.min_huxi},
        _WIN_RATING[why],
    )
    return q, why


# --------------------------------------------------------------------------- waits


def _may_win_drawing(state: State, seat: int) -> bool:
    """A quick bound: some card, drawn by the seat, scores the minimum in some reading."""
    s = state.seats[seat]
    counts = s.counts()
    low, yiwushi = state.rules.min_huxi, state.rules.yiwushi
    return any(
        counts[c] < 4 and HUNAN.points_with(s, c, True, True, True, yiwushi) >= low
        for c in range(20)
    )


def waits(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    if state.phase != "draw" or state.turn != seat or not state.stock:
        return None
    s = state.seats[seat]
    if s.size != s.complete_size() - 1 or not _may_win_drawing(state, seat):
        return None
    ws = win_draws(state, seat)
    wins = [w.card for w in ws if w.win]
    if not wins:
        return None
    view = game.view(state, seat)
    if any(unseen(view, t) == 0 for t in wins):
        return None  # every winning card must be one the seat may still turn up
    traps = len(ws) - len(wins)
    q = Question(
        "pick-cards",
        said(
            NP_(
                "hunan",
                "You are about to turn up a card from the stock. Which cards would let you win "
                "(at least {min} huxi) if you turned them up? Pick every one.",
            )
        ),
        Query("hunan:win-draws"),
        ("waits",),
        prompt_params={"min": state.rules.min_huxi},
        rating=1300 + 80 * len(wins) + 120 * min(traps, 2),
        pool="deck",
    )
    return q, (min(len(wins), 3), traps > 0)


# --------------------------------------------------------------------------- current huxi


def table_huxi(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    if game.to_act(state) != seat:
        return None
    s = state.seats[seat]
    yiwushi = state.rules.yiwushi
    scoring = [m for m in s.melds if m.points(yiwushi) > 0]
    if len(s.melds) < 3 or len(scoring) < 2:
        return None
    big = any(HUNAN.cards.is_big(m.cards[0]) for m in scoring)
    quad = any(m.is_quad for m in s.melds)
    hidden = any(m.kind in (HUNAN.melds.WEI, HUNAN.melds.CHOUWEI) for m in s.melds)
    q = Question(
        "number",
        said(
            NP_("hunan", "How many huxi do your groups on the table make now (your current huxi)?")
        ),
        Query("hunan:table-huxi"),
        ("counting",),
        rating=1100 + 40 * len(s.melds) + 60 * quad + 60 * hidden + 40 * big,
    )
    return q, (quad, hidden)


# --------------------------------------------------------------------------- a win now


def _win_now(game: ZipaiGame, state: State, seat: int) -> State | None:
    if game.to_act(state) != seat:
        return None
    if state.phase == "offer":
        d = HUNAN.decider(state)
        if d is None or d[0] != "hu":
            return None
    elif state.phase != "play" or not state.may_hu:
        return None
    return win_now(state, seat)


def count_huxi(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    after = _win_now(game, state, seat)
    if after is None or after.result is None:
        return None
    r = after.result
    fours = sum(1 for m in r.melds if m.is_quad)
    q = Question(
        "number",
        said(NP_("hunan", "You can win now. How many huxi does this win count?")),
        Query("hunan:hu-huxi"),
        ("counting",),
        rating=1300 + 8 * max(0, r.huxi - 15) + 60 * fours,
    )
    return q, (min(r.huxi // 6, 4), fours > 0)


def count_tun(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    after = _win_now(game, state, seat)
    if after is None or after.result is None:
        return None
    r = after.result
    q = Question(
        "number",
        said(
            NP_("hunan", "You can win now. How many tun is this win worth (before any mingtang)?")
        ),
        Query("hunan:hu-tun"),
        ("settlement", "counting"),
        rating=1400 + 8 * max(0, r.huxi - 15),
    )
    return q, min((r.huxi - state.rules.min_huxi) // 3, 3)


def settle(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    after = _win_now(game, state, seat)
    if after is None or after.result is None:
        return None
    r = after.result
    named = HUNAN.mingtang(HUNAN.red_count(after.seats[seat].counts()))
    q = Question(
        "number",
        said(
            NP_(
                "hunan",
                "You can win now. With any mingtang, how many tun does each of the other two "
                "players pay you?",
            )
        ),
        Query("hunan:hu-total"),
        ("settlement",),
        rating=1450 + 8 * max(0, r.huxi - 15) + (150 if named else 0),
    )
    return q, ("mingtang" if named else "plain")


def _win_variants(state: State, rng: random.Random) -> Iterator[State]:
    yield from draws(state, rng, 6)


# --------------------------------------------------------------------------- the discard


def best_discard(game: ZipaiGame, state: State, seat: int) -> Examined | None:
    if state.phase != "play" or not state.must_discard or state.turn != seat:
        return None
    s = state.seats[seat]
    if s.size != s.complete_size():
        return None  # after the discard the hand must be one card short
    free = s.discardable()
    if len(free) < 3:
        return None
    low, yiwushi = state.rules.min_huxi, state.rules.yiwushi
    maybe = []  # discards after which some card may still win (a quick upper bound)
    for x in free:
        after = HUNAN.seat_evolve(s, hand=HUNAN.cards.without(s.hand, (x,)))
        held = after.counts()
        if any(
            held[c] < 4 and HUNAN.points_with(after, c, True, True, True, yiwushi) >= low
            for c in range(20)
        ):
            maybe.append(x)
    if not maybe:
        return None
    cards = [HUNAN.cards.TOKENS[c] for c in free]
    seen = game.view(state, seat)
    counts = {HUNAN.cards.TOKENS[x]: 0 for x in free}
    for x in maybe:
        counts[HUNAN.cards.TOKENS[x]] = len(discard_waits(state, seat, HUNAN.cards.TOKENS[x], seen))
    ranked = sorted(counts.values(), reverse=True)
    best, second = ranked[0], ranked[1]
    if best == 0 or not (second == 0 or best >= second + 2):
        return None
    top = next(t for t in cards if counts[t] == best)
    others = _shuffled([t for t in cards if t != top], _key(state, seat))[:5]
    opts = _shuffled([top, *others], _key(state, seat) + 1)
    q = Question(
        "choose-action",
        said(
            NP_(
                "hunan",
                "You must discard. Which discard leaves you the most different cards to win on "
                "when you turn them up yourself (counting only cards not all in sight)?",
            )
        ),
        Query("hunan:keep-waits"),
        ("discard", "waits"),
        _lettered([(f"discard {t}", None) for t in opts]),
        rating=1500 + 40 * len(opts) + (0 if second == 0 else 150),
    )
    return q, (second > 0, min(best, 3))


# --------------------------------------------------------------------------- registration

#: the shared themes of these ids give way to the game's own, listed in the game's order
DROP = frozenset({"forced", "waits"})

theme(
    "forced",
    NP_("hunan theme", "Wei, ti and pao"),
    NP_(
        "hunan theme",
        "The move you must make the moment the card comes: spot it and name it right.",
    ),
    forced,
    every_seat=False,
    kinds=_FORCED_KINDS,
    variants=_forced_variants,
)
theme(
    "peng-pao",
    NP_("hunan theme", "A peng or wei meets its fourth card"),
    NP_(
        "hunan theme",
        "Your peng or wei meets the fourth card: where the card came from decides the pao.",
    ),
    peng_pao,
    kinds=("legal", "zp-pao-on-draw-only"),
    kind_of=_first,
    variants=fourth_cards,
)
theme(
    "bakuai",
    NP_("hunan theme", "Bakuai: discard or not"),
    NP_("hunan theme", "After a pao or a ti, do you discard? Not after the second one (bakuai)."),
    bakuai,
    every_seat=False,
    kinds=("discard", "bakuai"),
    kind_of=_first,
    variants=moves,
)
theme(
    "chi-legal",
    NP_("hunan theme", "Which chi is allowed"),
    NP_(
        "hunan theme",
        "Pick the allowed way to eat: no kan broken, every bi laid out, a card left to throw.",
    ),
    chi_legal,
    every_seat=False,
    variants=moves,
)
theme(
    "bi-cards",
    NP_("hunan theme", "Bi: which cards come out"),
    NP_(
        "hunan theme",
        "Eat a card and its other copies must come out with it: name every card of the bi.",
    ),
    bi_cards,
    every_seat=False,
    variants=moves,
)
theme(
    "may-eat",
    NP_("hunan theme", "May you eat it?"),
    NP_("hunan theme", "The seating, the bi and the kan: may you eat this card this way?"),
    may_eat,
    kinds=("legal", "zp-not-next-seat", "zp-cannot-bi", "breaks-kan"),
    variants=moves,
)
theme(
    "choupai",
    NP_("hunan theme", "Stale cards"),
    NP_(
        "hunan theme",
        "A card you let go or threw away cannot be eaten or peng'd again: may you take this one?",
    ),
    choupai,
    deals=4,
    kinds=("legal", "chou-card", "zp-own-discard"),
    kind_of=_first,
    variants=_chou_variants,
)
theme(
    "chou-hu",
    NP_("hunan theme", "Stale wins"),
    NP_(
        "hunan theme",
        "A win you passed stays barred until your current huxi changes; a stale card can still "
        "be won on.",
    ),
    chou_hu,
    kinds=("blocked", "changed", "stale-card"),
    variants=_hu_variants,
)
theme(
    "priority",
    NP_("hunan theme", "Priority between seats"),
    NP_(
        "hunan theme",
        "Several players want one card: a win first, then pao and peng, then chi, and the "
        "seating between equals.",
    ),
    priority,
    every_seat=False,
    variants=draws,
)
theme(
    "win-minimum",
    NP_("hunan theme", "Is it a win?"),
    NP_(
        "hunan theme",
        "The card completes your hand: do the huxi reach the minimum, and was it a discard?",
    ),
    win_minimum,
    kinds=("legal", "zp-below-minimum", "zp-no-win-on-discard"),
    variants=moves,
)
theme(
    "waits",
    NP_("hunan theme", "Which cards win"),
    NP_(
        "hunan theme",
        "A hand one card short: find every card that wins when you turn it up, none below the "
        "minimum.",
    ),
    waits,
    every_seat=False,
)
theme(
    "table-huxi",
    NP_("hunan theme", "Current huxi"),
    NP_(
        "hunan theme",
        "Add up the huxi of your groups on the table: peng, wei, pao, ti and eaten yi-er-san "
        "or er-qi-shi.",
    ),
    table_huxi,
    every_seat=False,
)
theme(
    "count-huxi",
    NP_("hunan theme", "Count the huxi"),
    NP_(
        "hunan theme",
        "You can win now: see how the card joins your groups and count the huxi group by group.",
    ),
    count_huxi,
    every_seat=False,
    variants=_win_variants,
)
theme(
    "tun",
    NP_("hunan theme", "Count the tun"),
    NP_(
        "hunan theme",
        "Reaching the minimum is one tun, and every three huxi above it add one more.",
    ),
    count_tun,
    every_seat=False,
    variants=_win_variants,
)
theme(
    "settle",
    NP_("hunan theme", "Tun and mingtang"),
    NP_(
        "hunan theme",
        "Multiply the tun by the red-and-black mingtang: count every red card of the winner.",
    ),
    settle,
    every_seat=False,
    deals=8,
    kinds=("plain", "mingtang"),
    variants=_win_variants,
)
theme(
    "best-discard",
    NP_("hunan theme", "The discard that keeps the most waits"),
    NP_(
        "hunan theme",
        "Your discard leaves you ready: throw the card that keeps the most winning cards, by a "
        "clear margin.",
    ),
    best_discard,
    every_seat=False,
)
