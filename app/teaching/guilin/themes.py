"""Practice themes of guilin (besides the ones every game has): each a ``Theme`` whose
``ask(game, state, seat)`` turns a moment of a deal into a question with an exact answer,
or says it does not fit (see app/learning/practice.py).

Every theme here is written as an *examiner*: ``(game, state, seat)`` → ``(question,
category)`` or ``None``. The category (the kind of answer: a legal 吃 or a refused one,
chongduo or a discard, ...) lets the direct builder, which plays one deal and looks at
every seat at every moment, pick among the kinds of answer evenly, so that a learner
meets the rarer cases as often as the common ones. The generic ``forced`` and ``waits``
themes are replaced by Guilin's own under the same ids: in Guilin a forced action is
the only action the seat has (the generic theme never fits), and a completing card
below 10 胡 is not a win.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from app.engine.core.actions import Action
from app.engine.core.registry import find_game
from app.engine.zipai.bi import chi_shapes, take, usable
from app.engine.zipai.cards import TOKEN_INDEX, TOKENS
from app.engine.zipai.melds import CHOUWEI, PENG, WEI
from app.engine.zipai.offers import candidates, decider, stage_seats
from app.engine.zipai.winning import hu_points
from app.learning import practice
from app.learning.exercise import Choice, Query, Text
from app.learning.practice import Question, Theme
from app.teaching.guilin.queries import (
    discard_after,
    discard_waits,
    draw_wins,
    unseen,
    xing_line,
)

GAME = "guilin"
#: the game's own practice themes, in the order the practice page lists them
OWN: list[Theme] = []
SEATS = 3
MAX_DEALS = 16
Examined = tuple[Question, Any]
Examiner = Callable[[Any, Any, int], Examined | None]


# --------------------------------------------------------------------------- helpers


def _shuffled(items: list[Any], key: int) -> list[Any]:
    """``items`` in an order fixed by ``key`` (the same position, the same order)."""
    out = list(items)
    random.Random(key).shuffle(out)
    return out


def _key(state: Any, seat: int) -> int:
    card = state.offer.card if state.offer is not None else 0
    return int(state.moves * 97 + seat * 31 + card)


def _lettered(choices: list[tuple[str, str | None]]) -> tuple[Choice, ...]:
    """Action choices ``(action text, misconception)`` lettered a, b, c …"""
    return tuple(
        Choice(chr(97 + i), action=text, misconception=mc) for i, (text, mc) in enumerate(choices)
    )


def _legal_of(game: Any, state: Any, action: Action) -> Action | None:
    legal: list[Action] = game.legal_actions(state, action.seat)
    for a in legal:
        if a.matches(action):
            return a
    return None


def _why(game: Any, state: Any, action: Action) -> str:
    """``legal`` or the code of the rule that refuses ``action``."""
    if _legal_of(game, state, action) is not None:
        return "legal"
    reason = game.why_illegal(state, action)
    return reason.code if reason is not None else "not-offered"


def _offer(state: Any) -> Any:
    return state.offer if state.phase == "offer" else None


def _reasons(*items: tuple[str, ...]) -> tuple[Choice, ...]:
    """True-false reasons ``(id, reason, zh, en)`` (+ misconception)."""
    out = []
    for i in items:
        cid, reason, zh, en = i[:4]
        mc = i[4] if len(i) == 5 else None
        out.append(Choice(cid, Text(zh, en), reason=reason, misconception=mc))
    return tuple(out)


def _own_groups(hand: tuple[int, ...], card: int, yiwushi: bool) -> list[tuple[int, ...]]:
    """吃-shaped groups with ``card`` whose two other cards are free cards of the hand
    (not of a 坎), in the engine's order."""
    avail = usable(hand)
    out: list[tuple[int, ...]] = []
    for group in chi_shapes(card, yiwushi):
        own = list(group)
        own.remove(card)
        if take(avail, own) is not None:
            out.append(group)
    return out


def _tokens(cards: Any) -> tuple[str, ...]:
    return tuple(TOKENS[c] for c in cards)


def _two(group: tuple[int, ...], card: int) -> list[str]:
    own = list(group)
    own.remove(card)
    return [TOKENS[c] for c in own]


# --------------------------------------------------------------------------- play and pick


def play(game: Any, rng: random.Random) -> Iterator[Any]:
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
        game = find_game(GAME)
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
    title: Text,
    about: Text,
    examine: Examiner,
    every_seat: bool = True,
    deals: int = 4,
    kinds: tuple[Any, ...] = (),
    kind_of: Callable[[Any], Any] = lambda cat: cat,
) -> Theme:
    direct = builder(examine, every_seat, deals, kinds, kind_of)
    own = Theme(tid, GAME, title, about, practice.asking(examine), direct)
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


def forced(game: Any, state: Any, seat: int) -> Examined | None:
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
    from_peng = a.kind == "kaiduo" and s.meld_of(offer.card, (PENG,)) is not None
    if a.kind == "kaiduo" and s.hand[offer.card] == 3:
        opts.append((" ".join(["peng", *[card] * 3]), None))
    rating = _FORCED_RATING[a.kind] + (150 if from_peng else 0) + (50 * (offer.seat != seat))
    q = Question(
        "choose-action",
        Text("{card} 来了：你该怎么做？", "The card that has come up is {card}. What do you do?"),
        Query("forced"),
        ("forced",),
        _lettered(_shuffled(opts, _key(state, seat))),
        {"card": card},
        rating,
    )
    return q, (a.kind, from_peng)


# --------------------------------------------------------------------------- open a four


_OPEN_REASONS = _reasons(
    ("legal", "legal", "要：第四张来了，这组就开舵", "Yes: the fourth card opens it"),
    ("discard", "zp-pao-on-draw-only", "不要：打出来的牌不能让它开舵", "No: a discard does not open it",
     "mc-gl-missed-kaiduo"),
    ("own", "zp-pao-own-draw-only", "不要：碰只有自己摸到第四张才开舵", "No: a peng opens only on its owner's own draw",
     "mc-gl-missed-kaiduo"),
)  # fmt: skip
_OPEN_PROMPT = {
    "peng": Text(
        "你桌上碰过 {card}，现在第四张 {card} 出来了。你要开舵吗？",
        "You have a peng of {card} on the table, and the fourth {card} has come up. "
        "Do you open a kaiduo?",
    ),
    "sao": Text(
        "你桌上扫了 {card}，现在第四张 {card} 出来了。你要开舵吗？",
        "You have a sao of {card} on the table, and the fourth {card} has come up. "
        "Do you open a kaiduo?",
    ),
}


def open_four(game: Any, state: Any, seat: int) -> Examined | None:
    offer = _offer(state)
    if offer is None or offer.source == "liang":
        return None
    s = state.seats[seat]
    i = s.meld_of(offer.card, (PENG, WEI, CHOUWEI))
    if i is None:
        return None
    group = "peng" if s.melds[i].kind == PENG else "sao"
    if seat == offer.seat and group == "sao":
        return None  # the own draw makes a 扫穿: the forced theme
    card = TOKENS[offer.card]
    why = _why(game, state, Action("kaiduo", seat, (card,) * 4))
    if why not in {c.reason for c in _OPEN_REASONS}:
        return None
    rating = {"legal": 1350, "zp-pao-on-draw-only": 1400, "zp-pao-own-draw-only": 1550}[why]
    q = Question(
        "true-false",
        _OPEN_PROMPT[group],
        Query("is-legal", {"action": f"kaiduo {card} {card} {card} {card}"}),
        ("forced",),
        _OPEN_REASONS,
        {"card": card},
        rating + (50 if group == "sao" else 0),
    )
    return q, (why, group)


# --------------------------------------------------------------------------- which 吃


_CHI_REFUSED = {"breaks-kan", "zp-cannot-bi", "zp-no-discard-left"}


def chi_legal(game: Any, state: Any, seat: int) -> Examined | None:
    d = decider(state) if state.phase == "offer" else None
    if d is None or d[0] != "chi" or d[1] != seat:
        return None
    c = state.offer.card
    hand = state.seats[seat].hand
    legal_groups = {tuple(sorted(TOKEN_INDEX[t] for t in a.cards)) for a in d[2]}
    good: list[str] = []
    bad: list[tuple[str, str]] = []
    for group in chi_shapes(c, state.rules.yiwushi):
        own = list(group)
        own.remove(c)
        if take(list(hand), own) is None:
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
        Text(
            "{card} 摆在桌上，轮到你吃。下面哪一种吃法是允许的？",
            "The card on offer is {card}, and you may eat it. Which of these ways of eating "
            "is allowed?",
        ),
        Query("legal"),
        ("chi-bi",),
        _lettered(_shuffled(opts, key + 1)),
        {"card": TOKENS[c]},
        1350 + 80 * len(opts) + (100 if "zp-cannot-bi" in whys else 0),
    )
    return q, whys


# --------------------------------------------------------------------------- 下比 cards


def bi_cards(game: Any, state: Any, seat: int) -> Examined | None:
    d = decider(state) if state.phase == "offer" else None
    if d is None or d[0] != "chi" or d[1] != seat:
        return None
    c = state.offer.card
    forms: dict[tuple[int, ...], list[Action]] = {}
    for a in d[2]:
        forms.setdefault(tuple(sorted(TOKEN_INDEX[t] for t in a.cards)), []).append(a)
    for group, acts in forms.items():
        if len(acts) != 1 or not acts[0].params.get("bi"):
            continue
        n_bi = len(acts[0].params["bi"])
        two = _two(group, c)
        q = Question(
            "pick-cards",
            Text(
                "你用 {cards} 吃 {card}。吃完以后，手里哪些牌要亮出来？全部选出来。",
                "You eat {card} with {cards}. Which cards leave your hand? Pick every one.",
            ),
            Query("guilin:chi-out", {"action": " ".join(["chi", *_tokens(group)])}),
            ("chi-bi",),
            (),
            {"card": TOKENS[c], "cards": two},
            1450 + 150 * n_bi,
        )
        return q, n_bi
    return None


# --------------------------------------------------------------------------- may you eat


_EAT_REASONS = _reasons(
    ("legal", "legal", "能", "Yes"),
    ("chou", "chou-card", "不能：这是你的过张", "No: it is a guozhang (passed card) for you"),
    ("own", "zp-own-discard", "不能：这种牌你自己打出过", "No: you have thrown this card before"),
    ("next", "zp-not-next-seat", "不能：这张牌轮不到你吃", "No: you are not a player who may eat this card"),
    ("bi", "zp-cannot-bi", "不能：手里同样的牌比不出去", "No: your other copies cannot be laid out (xiabi)"),
)  # fmt: skip
_EAT_RATING = {
    "legal": 1300,
    "chou-card": 1450,
    "zp-own-discard": 1500,
    "zp-not-next-seat": 1250,
    "zp-cannot-bi": 1600,
}


def may_eat(game: Any, state: Any, seat: int) -> Examined | None:
    offer = _offer(state)
    if offer is None or offer.source == "liang" or not state.seats[seat].hand[offer.card] < 3:
        return None
    if seat == offer.seat and offer.source == "discard":
        return None
    d = decider(state)
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
        Text(
            "{card} 摆在桌上。你能用 {cards} 吃它吗？",
            "The card on offer is {card}. May you eat it with {cards}?",
        ),
        Query("is-legal", {"action": action.text()}),
        ("guozhang", "chi-bi"),
        _EAT_REASONS,
        {"card": TOKENS[offer.card], "cards": _two(group, offer.card)},
        _EAT_RATING[why],
    )
    return q, why


# --------------------------------------------------------------------------- priority


def priority(game: Any, state: Any, seat: int) -> Examined | None:
    offer = _offer(state)
    if offer is None or game.to_act(state) != seat:
        return None
    claims: dict[int, tuple[str, Action]] = {}
    for stage, t, acts in candidates(state):
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
        Text(
            "{card} 摆在桌上，好几家都用得上。按规矩，先问谁、后问谁？",
            "The card on offer is {card}, and more than one player can use it. In what order "
            "do the rules ask them?",
        ),
        Query("priority"),
        ("priority",),
        tuple(Choice(chr(97 + i), action=text) for i, text in enumerate(items)),
        {"card": TOKENS[offer.card]},
        1300 + 150 * (len(claims) - 2) + (100 if len(set(stages)) == 1 else 0),
    )
    return q, stages


# --------------------------------------------------------------------------- a win?


_WIN_REASONS = _reasons(
    ("win", "legal", "能：七组齐了，也够十胡", "Yes: seven groups, and at least 10 hu"),
    ("low", "zp-below-minimum", "不能：七组齐了，但不够十胡", "No: seven groups, but under 10 hu",
     "mc-gl-win-missed"),
    ("open", "zp-not-complete", "不能：配不齐七组", "No: it does not make seven groups"),
    ("discard", "zp-no-win-on-discard", "不能：打出来的牌不能胡", "No: a discard cannot be won on",
     "mc-gl-no-win-on-discard"),
)  # fmt: skip


def win_minimum(game: Any, state: Any, seat: int) -> Examined | None:
    offer = _offer(state)
    if offer is None or offer.source == "liang" or seat not in stage_seats(state, "hu"):
        return None
    pts = hu_points(state, seat, offer)
    if pts < 0:
        return None
    card = TOKENS[offer.card]
    why = _why(game, state, Action("hu", seat, (card,)))
    if why not in ("legal", "zp-below-minimum"):
        return None
    q = Question(
        "true-false",
        Text(
            "{card} 摆在桌上，它能把你的牌配齐。你能胡吗？",
            "The card on offer is {card}, and it completes your hand. Can you go out on it?",
        ),
        Query("is-legal", {"action": f"hu {card}"}),
        ("going-out", "counting"),
        _WIN_REASONS,
        {"card": card},
        1350 + (150 if why != "legal" else 0) + (50 if offer.source == "discard" else 0),
    )
    return q, (why, offer.source)


# --------------------------------------------------------------------------- chongduo


_DUO_REASONS = _reasons(
    ("discard", "discard", "要：进牌以后照常打一张", "Yes: a discard follows as usual"),
    ("chongduo", "chongduo", "不要：这是第二组四张，重舵", "No: it is a second set of four, chongduo",
     "mc-gl-chongduo-first-four"),
    ("ready", "ready", "不要：进牌以后已经听牌", "No: the intake leaves the hand ready"),
)  # fmt: skip


def chongduo(game: Any, state: Any, seat: int) -> Examined | None:
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
        _DUO_PROMPT[a.kind],
        Query("guilin:discards-after", {"action": a.text()}),
        ("forced",),
        _DUO_REASONS,
        {"cards": list(a.cards)},
        {"discard": 1300, "chongduo": 1550, "ready": 1750}[why],
    )
    return q, why


_DUO_PROMPT = {
    "kaiduo": Text(
        "你必须开舵：{cards}。开舵以后，你要打一张牌吗？",
        "You must open a kaiduo: {cards}. Do you throw a card afterwards?",
    ),
    "saochuan": Text(
        "你必须扫穿：{cards}。扫穿以后，你要打一张牌吗？",
        "You must make a saochuan: {cards}. Do you throw a card afterwards?",
    ),
}


# --------------------------------------------------------------------------- waits


def waits(game: Any, state: Any, seat: int) -> Examined | None:
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
        Text(
            "轮到你摸牌。摸到哪些牌你就能胡（配齐七组、够十胡）？全部选出来。",
            "You are about to draw. Which cards would let you go out if you turned them up "
            "(seven groups, at least 10 hu)? Pick every one.",
        ),
        Query("guilin:draw-wins"),
        ("waits",),
        rating=1300 + 80 * len(wins) + 120 * min(traps, 2),
        pool="deck",
    )
    return q, (min(len(wins), 3), traps > 0)


# --------------------------------------------------------------------------- counting a win


def _may_go_out(game: Any, state: Any, seat: int) -> bool:
    if game.to_act(state) != seat:
        return False
    return any(a.kind == "hu" for a in game.legal_actions(state, seat))


def _won(game: Any, state: Any, seat: int) -> Any:
    hu = next(a for a in game.legal_actions(state, seat) if a.kind == "hu")
    return game.apply(state, hu)


def count_hu(game: Any, state: Any, seat: int) -> Examined | None:
    if not _may_go_out(game, state, seat):
        return None
    after = _won(game, state, seat)
    r = after.result
    fours = sum(1 for m in r.melds if m.is_quad)
    q = Question(
        "number",
        Text(
            "你现在可以胡。这一把一共多少胡？",
            "You can go out now. How many hu does this win count?",
        ),
        Query("guilin:hu-count"),
        ("counting",),
        rating=1300 + 10 * max(0, r.huxi - 10) + 60 * fours,
    )
    return q, (min(r.huxi // 5, 5), fours > 0)


def count_duo(game: Any, state: Any, seat: int) -> Examined | None:
    if not _may_go_out(game, state, seat) or not state.stock:
        return None
    after = _won(game, state, seat)
    r = after.result
    xing = xing_line(after)
    woke = xing.points if xing is not None else 0
    extras = int(r.zimo) + len(r.specials) + (woke > 0)
    q = Question(
        "number",
        Text(
            "你现在胡牌，翻出来的牌是 {card}。这一把值几舵（每家各付几舵）？",
            "You go out now, and the card turned for xing is {card}. How many duo is the win "
            "worth (what each other player pays)?",
        ),
        Query("guilin:hu-duo"),
        ("settlement",),
        prompt_params={"card": TOKENS[state.stock[0]]},
        rating=1400 + 80 * extras + 5 * max(0, r.huxi - 10),
    )
    return q, (bool(r.zimo), woke > 0, r.huxi >= 15)


def xing_count(game: Any, state: Any, seat: int) -> Examined | None:
    if not _may_go_out(game, state, seat) or not state.stock:
        return None
    after = _won(game, state, seat)
    xing = xing_line(after)
    if xing is None:
        return None
    q = Question(
        "number",
        Text(
            "你现在胡牌，翻出来的牌是 {card}。你的牌里有几张醒牌？",
            "You go out now, and the card turned for xing is {card}. How many of your cards "
            "does it wake?",
        ),
        Query("guilin:hu-xing"),
        ("settlement",),
        prompt_params={"card": TOKENS[state.stock[0]]},
        rating=1350 + 60 * xing.points,
    )
    return q, min(xing.points, 2)


# --------------------------------------------------------------------------- the discard


def best_discard(game: Any, state: Any, seat: int) -> Examined | None:
    if state.phase != "play" or not state.must_discard or state.turn != seat:
        return None
    s = state.seats[seat]
    if s.size != s.complete_size():
        return None  # after the discard the hand must be one card short
    cards = [TOKENS[c] for c in s.discardable()]
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
        Text(
            "你要打一张牌。打哪一张，以后能胡的牌最多（只算还没全部露面的牌，靠自己摸）？",
            "You must throw a card. Which discard leaves you the most different cards to win on "
            "by your own draw (counting only cards not all in sight)?",
        ),
        Query("guilin:best-discard"),
        ("discard", "waits"),
        _lettered([(f"discard {t}", None) for t in opts]),
        rating=1500 + 40 * len(opts) + (0 if second == 0 else 150),
    )
    return q, (second > 0, min(best, 3))


# --------------------------------------------------------------------------- unseen cards


def cards_unseen(game: Any, state: Any, seat: int) -> Examined | None:
    offer = _offer(state)
    if offer is None or offer.source == "liang" or game.to_act(state) != seat:
        return None
    card = TOKENS[offer.card]
    view = game.view(state, seat)
    mine = (view.seats[seat].hand or ()).count(card)
    left = unseen(view, card)
    q = Question(
        "number",
        Text(
            "{card} 摆在桌上。还有几张 {card} 是你看不到的（在别人手里或墩里）？",
            "The card on offer is {card}. How many more copies of it can you not see (in "
            "other hands or in the stock)?",
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
    Text("扫、扫穿、开舵", "Sao, saochuan, kaiduo"),
    Text(
        "牌一来就必须做的那一步：认出它，叫对它的名字。",
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
    Text("这张牌让它开舵吗", "Does it open a kaiduo?"),
    Text(
        "桌上的碰或扫遇到第四张：看来路，判断开不开舵。",
        "A peng or sao on the table meets its fourth card: where the card came from decides.",
    ),
    open_four,
    kinds=("legal", "zp-pao-on-draw-only", "zp-pao-own-draw-only"),
    kind_of=_first,
)
theme(
    "chi-legal",
    Text("哪种吃法可以", "Which chi is allowed"),
    Text(
        "几种吃法里挑出允许的：坎不能拆，下比要比得出来，吃完要有牌打。",
        "Pick the allowed way to eat: no kan broken, every xiabi laid out, a card left to throw.",
    ),
    chi_legal,
    every_seat=False,
)
theme(
    "bi-cards",
    Text("下比：哪些牌离手", "Xiabi: which cards leave the hand"),
    Text(
        "吃进一张牌，手里同样的牌要跟着比出去：数清离手的每一张。",
        "Eat a card and its other copies come out with it: name every card that leaves your hand.",
    ),
    bi_cards,
    every_seat=False,
)
theme(
    "may-eat",
    Text("这张能吃吗", "May you eat it?"),
    Text(
        "过张、自己打过的牌、座次、下比：判断这张牌你能不能吃。",
        "Guozhang, your own discards, the seat order and xiabi: may you eat this card?",
    ),
    may_eat,
    deals=12,
    kinds=("legal", "chou-card", "zp-own-discard", "zp-not-next-seat", "zp-cannot-bi"),
)
theme(
    "priority",
    Text("先后顺序", "Priority between seats"),
    Text(
        "几家都要同一张牌：按胡、开舵和碰、吃的先后，再按座次排好。",
        "Several players want one card: order them by hu, kaiduo and peng, chi, then by seat.",
    ),
    priority,
    every_seat=False,
)
theme(
    "win-minimum",
    Text("够不够十胡", "Is it ten hu?"),
    Text(
        "这张牌能把牌配齐：算一算够不够十胡，能不能胡。",
        "The card completes your hand: does it reach 10 hu, so that you may go out?",
    ),
    win_minimum,
    kinds=("legal", "zp-below-minimum"),
    kind_of=_first,
)
theme(
    "chongduo",
    Text("重舵：打不打牌", "Chongduo: throw a card or not"),
    Text(
        "开舵、扫穿以后要不要打牌：第二组四张才是重舵。",
        "After a kaiduo or saochuan, do you throw a card? Only a second set of four is chongduo.",
    ),
    chongduo,
    every_seat=False,
    deals=10,
    kinds=("discard", "chongduo"),
)
theme(
    "waits",
    Text("摸什么能胡", "Which draws win"),
    Text(
        "差一张的牌：找出每一张自己摸到就能胡的牌，别算不够十胡的。",
        "A hand one card short: find every card that wins on your own draw, none under 10 hu.",
    ),
    waits,
    every_seat=False,
)
theme(
    "count-hu",
    Text("算胡", "Count the hu"),
    Text(
        "现在就能胡：按牌的来路一组一组算出胡数。",
        "You can go out now: count the hu group by group, minding where each group came from.",
    ),
    count_hu,
    every_seat=False,
)
theme(
    "count-duo",
    Text("算舵", "Count the duo"),
    Text(
        "胡折成舵，再加自摸、醒和特殊胡：这一把每家付几舵。",
        "Turn the hu into duo, add zimo, xing and special wins: what each player pays.",
    ),
    count_duo,
    every_seat=False,
)
theme(
    "xing-count",
    Text("有几张醒牌", "How many xing"),
    Text(
        "胡牌后翻出一张牌：数一数赢家有几张醒牌。",
        "A card is turned for xing: count the winner's cards it wakes.",
    ),
    xing_count,
    every_seat=False,
)
theme(
    "best-discard",
    Text("打哪张听得多", "The discard that keeps the most waits"),
    Text(
        "打完这张就听牌：挑出让能胡的牌最多的那一张打。",
        "Your discard leaves you ready: throw the card that keeps the most winning cards, by a "
        "clear margin.",
    ),
    best_discard,
    every_seat=False,
)
theme(
    "cards-left",
    Text("记牌", "Keeping count"),
    Text(
        "桌上这张牌还剩几张看不到：四张减去自己看得见的。",
        "How many of the card on offer are still out of sight: four, less the ones you can see.",
    ),
    cards_unseen,
    every_seat=False,
)
