"""Practice themes of chuanpai-tricks (besides the ones every game has): each a ``Theme`` whose
``ask(game, state, seat)`` turns a moment of a deal into a question with an exact answer,
or says it does not fit (see app/learning/practice.py).

The generic ``forced`` theme never fits the trick game (when a seat can beat, every
action it has is a forced beat), and ``waits`` does not exist here, so this module
drops ``forced`` and registers the game's own themes:

================  ===============  ==========================================================
theme             kind             the judgement
================  ===============  ==========================================================
``beat-or-cover`` choose-action    which play the rules allow: beat if you can, else cover
                                   as many cards as were led
``beaters``       pick-cards       the cards of a play that beats the best play so far
``beats-best``    true-false       does this play of your hand beat the best play, and why
``rank-order``    order            plays of one suit and shape from your hand, highest first
``lead``          choose-action    which leads are plays at all (pairs, combinations)
``first-lead``    choose-action    the deal's first lead that does not make you baopai
``sure``          true-false       can anybody still beat this lead (the cards in sight)
``cards-left``    number           copies of a card you have not seen
``level``         choice           your laid-out pile: short, tuoshou, xiaohu, yijia or liangjia
``pile-value``    number           what each loser pays the winner (level × 2^fan)
``score``         number           what a seat wins or pays at the end (baopai, huangpai, tuoshou)
================  ===============  ==========================================================

Each theme is written as an *examiner*: ``(game, state, seat)`` → ``(question,
category)`` or ``None``; the category (the kind of answer) lets the direct builder,
which plays deals and looks at every seat at every moment, draw the rarer kinds of
answer as often as the common ones. Choices are drawn with a generator seeded by the
position's code, so a position always asks the same question.
"""

from __future__ import annotations

import random
import zlib
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from app.engine.chuanpai.cards import INDEX, KINDS, POINTS, REGIONAL_NAMES, counts_of, deck
from app.engine.chuanpai.tricks.offers import lead_size
from app.engine.chuanpai.tricks.plays import (
    COMBOS,
    HARD,
    RANK,
    SUIT,
    N,
    classify,
    in_order,
    leads_in,
)
from app.engine.chuanpai.tricks.state import TrickState, no_tian_no_jiu
from app.engine.core.actions import Action
from app.engine.core.registry import find_game
from app.learning import practice
from app.learning.exercise import Choice, Query, Text
from app.learning.practice import Question, Theme
from app.teaching.chuanpai_tricks.queries import (
    COPIES,
    best_play,
    compare,
    first_lead,
    level_tag,
    possible_beaters,
    seen_by,
)
from app.teaching.wording import listed, per_language, said
from app.text import terms
from app.text.catalog import NP_, Msg

GAME = "chuanpai-tricks"
#: the game's own practice themes, in the order the practice page lists them
OWN: list[Theme] = []
P = "chuanpai-tricks:"
SEATS = 3
NAMES = REGIONAL_NAMES["tianjiu-000"]
#: the combinations, by their concept in the term table (tianjiu: Heaven-nine, ...)
COMBO_NAMES = ("tianjiu", "diba", "renqi", "hewu")
#: each face's concept in the term table: its English word on the trick game's pages
_CARD_CONCEPTS = {
    "66": "tianpai",
    "11": "dipai-earth",
    "44": "renpai",
    "13": "hepai",
    "55": "card-55",
    "33": "changsan",
    "22": "changer",
    "56": "futou",
    "46": "siliu",
    "16": "gaojiao",
    "15": "maomao",
    "45": "hongjiu",
    "34": "sansi",
    "14": "hongwu-card",
    "36": "heijiu",
    "26": "pingba",
    "35": "sanwu",
    "25": "erwu",
    "23": "card-23",
    "12": "card-12",
    "24": "card-24",
}
NAMES_EN = {t: terms.word(c, GAME, "en") or NAMES[t] for t, c in _CARD_CONCEPTS.items()}
COMBO_EN = {n: terms.word(n, GAME, "en") or n for n in COMBO_NAMES}
#: the faces of the dice, as a card's dice are named (one-one; yao for one in Chinese)
DIE = {
    "1": NP_("die", "one"),
    "2": NP_("die", "two"),
    "3": NP_("die", "three"),
    "4": NP_("die", "four"),
    "5": NP_("die", "five"),
    "6": NP_("die", "six"),
}
Examined = tuple[Question, Any]
Examiner = Callable[[Any, TrickState, int], Examined | None]


# --------------------------------------------------------------------------- helpers


def keyed(game: Any, state: TrickState, seat: int) -> random.Random:
    """A generator fixed by the position and the seat (the same position, the same
    question)."""
    return random.Random(zlib.crc32(f"{seat}:{game.encode(state)}".encode()))


def hand_of(state: TrickState, seat: int) -> list[str]:
    return [KINDS[k] for k in range(N) for _ in range(state.hands[seat][k])]


_FACE_EN = dict(zip("123456", ("one", "two", "three", "four", "five", "six"), strict=True))


def dice(t: str) -> str:
    """The dice of a card as the English card pictures name it: four-five."""
    return f"{_FACE_EN[t[0]]}-{_FACE_EN[t[1]]}"


def dice_text(t: str) -> Text:
    """The dice of a card as the card pictures name it: four-five (siwu), one-one (yaoyao)."""
    return said(NP_("dice", "{a}-{b}"), a=DIE[t[0]], b=DIE[t[1]])


def card_name(t: str) -> Text:
    """A card's name in the trick game (the term table's word: Heaven, meizi, red nine)."""
    return per_language(lambda code: terms.word(_CARD_CONCEPTS[t], GAME, code) or NAMES[t])


def _combo_name(combo: str) -> Text:
    return per_language(lambda code: terms.word(combo, GAME, code) or combo)


def play_text(cards: Sequence[str], article: bool = True) -> Text:
    """A play in words, with the trick game's card names: Heaven, a pair of meizi,
    Heaven-nine (Heaven with red nine) (in English "a pair of …", or "pair of …" without
    the ``article``)."""
    cards = in_order(cards)
    p = classify(cards)
    if p is not None and p.shape == "combo":
        top = next(t for t in cards if any(t == c[1] for c in COMBOS))
        mate = next(t for t in cards if t != top)
        combo = next(n for n, t, ms in COMBOS if t == top and mate in ms)
        return said(
            NP_("chuanpai-tricks", "{combo}: {top} ({top_dice}) with {mate} ({mate_dice})"),
            combo=_combo_name(combo),
            top=card_name(top),
            top_dice=dice_text(top),
            mate=card_name(mate),
            mate_dice=dice_text(mate),
        )
    if len(cards) == 2 and cards[0] == cards[1]:
        t = cards[0]
        pair = NP_("chuanpai-tricks", "a pair of {name} ({dice})")
        if not article:
            pair = NP_("chuanpai-tricks", "pair of {name} ({dice})")
        return said(pair, name=card_name(t), dice=dice_text(t))
    if len(cards) == 1:
        t = cards[0]
        return said(NP_("chuanpai-tricks", "{name} ({dice})"), name=card_name(t), dice=dice_text(t))
    return listed(card_name(t) for t in cards)


def lettered(actions: Sequence[Action]) -> tuple[Choice, ...]:
    return tuple(Choice(chr(97 + i), action=a.text()) for i, a in enumerate(actions))


def reasons(*items: tuple[str, Msg]) -> tuple[Choice, ...]:
    """Reason choices ``(reason, text)`` of a true-false question, lettered."""
    return tuple(Choice(chr(97 + i), said(text), reason=why) for i, (why, text) in enumerate(items))


def following(state: TrickState, seat: int) -> bool:
    return state.phase == "play" and bool(state.trick) and state.turn == seat


def leading(state: TrickState, seat: int) -> bool:
    return state.phase == "play" and not state.trick and state.turn == seat


def pick(rng: random.Random, items: Sequence[Any], n: int) -> list[Any]:
    return rng.sample(list(items), min(n, len(items)))


# --------------------------------------------------------------------------- deals


def stacked_deal(game: Any, rng: random.Random) -> TrickState | None:
    """A deal where one seat is dealt strong cards (it will lay out more, so wins with fan
    and yijia come up): the deal itself is then played by the engine's players."""
    cards = list(deck(False))
    rng.shuffle(cards)
    strong = rng.randrange(SEATS)

    def weight(t: str) -> float:
        if t in HARD:
            return 1.0
        top = max(RANK[u] for u in SUIT if SUIT[u] == SUIT[t])
        return 1.0 + 3.0 * RANK[t] / top

    ranked = sorted(cards, key=lambda t: -(rng.random() ** (1 / weight(t))))
    rest = ranked[28:]
    rng.shuffle(rest)
    others = [s for s in range(SEATS) if s != strong]
    dealt: dict[int, list[str]] = {strong: ranked[:28], others[0]: rest[:28], others[1]: rest[28:]}
    hands = tuple(tuple(counts_of(c for c in dealt[s] if c not in HARD))[:N] for s in range(SEATS))
    if any(no_tian_no_jiu(h) for h in hands):
        return None
    piles = tuple(in_order([c for c in dealt[s] if c in HARD]) for s in range(SEATS))
    dealer = rng.randrange(SEATS)
    return TrickState(game.default_rules, dealer, hands, piles, leader=dealer, turn=dealer)


def play(game: Any, rng: random.Random, stacked: bool = False, bold: bool = False) -> Iterator[Any]:
    """Every state of one deal the engine plays, the finished one last. ``stacked``: one
    seat is dealt strong cards; ``bold``: the dealer's first lead holds tianpai or a nine
    (baopai) when it can."""
    rules = game.default_rules
    state = stacked_deal(game, rng) if stacked else None
    if state is None:
        state = game.new_deal(rules, rng, rng.randrange(SEATS))
    player = game.player()
    for _ in range(400):
        yield state
        if game.is_over(state):
            return
        seat = game.to_act(state)
        legal = game.legal_actions(state, seat)
        top = [a for a in legal if a.params.get("baopai")]
        if bold and top and state.tricks_done == 0:
            state = game.apply(state, rng.choice(top))
        else:
            state = game.apply(state, player.choose(state, seat, legal, rng))


def builder(
    examine: Examiner,
    kinds: tuple[Any, ...] = (),
    deals: int = 6,
    stacked: float = 0.0,
    bold: Callable[[Any], bool] = lambda kind: False,
    at_end: bool = False,
) -> Callable[[random.Random], tuple[Any, int] | None]:
    """A theme's direct builder: play deals, examine every seat at every moment (only the
    finished deal with ``at_end``), and return one that fits. A kind of answer is drawn
    first from ``kinds`` so rare answers come up as often as common ones; when no deal
    has it, one of the kinds found is drawn instead (each kind alike, however common)."""

    def direct(rng: random.Random) -> tuple[Any, int] | None:
        game = find_game(GAME)
        wanted = rng.choice(kinds) if kinds else None
        seen: dict[Any, tuple[Any, int]] = {}  # a fallback of each kind found
        for _ in range(deals):
            found: dict[Any, list[tuple[Any, int]]] = {}
            for state in play(game, rng, rng.random() < stacked, bold(wanted)):
                if at_end and state.phase != "over":
                    continue
                for seat in range(SEATS):
                    got = examine(game, state, seat)
                    if got is not None:
                        found.setdefault(got[1], []).append((state, seat))
            if wanted is None and found:
                wanted = rng.choice(sorted(found, key=repr))
            if wanted in found:
                return rng.choice(found[wanted])
            for kind, fits in found.items():
                seen.setdefault(kind, rng.choice(fits))
        return seen[rng.choice(sorted(seen, key=repr))] if seen else None

    return direct


def theme(
    tid: str,
    title: Msg,
    about: Msg,
    examine: Examiner,
    **build: Any,
) -> Theme:
    own = Theme(
        tid, GAME, said(title), said(about), practice.asking(examine), builder(examine, **build)
    )
    OWN.append(own)
    return own


# --------------------------------------------------------------------------- beat or cover

#: a play that does not beat the best one, in the order that teaches most
_TRAPS = ("lead-only", "equal", "other-colour", "lower", "other-shape", "other-suit")


def non_beats(state: TrickState, seat: int) -> dict[str, list[tuple[str, ...]]]:
    """Plays of the seat's hand with as many cards as the lead that do not beat the best
    play so far, by why (``lead-only``: it beats the lead, which was beaten since)."""
    lead, best = tuple(state.trick[0][1]), best_play(state)
    k = len(lead)
    out: dict[str, list[tuple[str, ...]]] = {}
    for cards in leads_in(state.hands[seat]):
        if len(cards) != k:
            continue
        why = compare(best, cards)
        if why == "beats":
            continue
        if best != lead and compare(lead, cards) == "beats":
            why = "lead-only"
        out.setdefault(why, []).append(cards)
    return out


def _beat_or_cover(game: Any, state: TrickState, seat: int) -> Examined | None:
    if not following(state, seat):
        return None
    k = lead_size(state)
    if sum(state.hands[seat]) < k:
        return None
    rng = keyed(game, state, seat)
    legal = game.legal_actions(state, seat)
    traps = non_beats(state, seat)
    trap_kinds = [w for w in _TRAPS if w in traps]
    wrong: list[Action] = []
    for why in trap_kinds[:2]:
        wrong.append(Action("beat", seat, rng.choice(traps[why])))
    rating = 1250 + (100 if k == 2 else 0) + (100 if len(state.trick) == 2 else 0)
    if legal[0].kind == "beat":
        ranked = sorted(legal, key=lambda a: classify(a.cards).rank)  # type: ignore[union-attr]  # a legal play is a lead
        right = [ranked[0]] + pick(rng, ranked[1:], 1)
        low = sorted(hand_of(state, seat), key=lambda t: RANK[t])[:k]
        wrong.append(Action("cover", seat, in_order(low)))
        kind = "beat-after" if state.best else "beat"
        rating += 100 if {"lead-only", "equal"} & set(trap_kinds) else 0
    else:
        right = pick(rng, legal, 2)
        if sum(state.hands[seat]) > 1:
            other = 1 if k == 2 else 2
            wrong.append(Action("cover", seat, in_order(pick(rng, hand_of(state, seat), other))))
        if not trap_kinds:
            return None
        kind = "cover"
        rating += 150 if {"lead-only", "equal", "other-colour"} & set(trap_kinds) else 50
    actions = right + wrong[:3]
    rng.shuffle(actions)
    return (
        Question(
            "choose-action",
            said(
                NP_(
                    "chuanpai-tricks",
                    "Your turn to follow. Which of these plays do the rules allow?",
                )
            ),
            Query("legal"),
            ("plays",),
            lettered(actions),
            rating=rating,
        ),
        kind,
    )


# --------------------------------------------------------------------------- beaters


def _beaters(game: Any, state: TrickState, seat: int) -> Examined | None:
    if not following(state, seat):
        return None
    legal = game.legal_actions(state, seat)
    if legal[0].kind != "beat":
        return None
    traps = non_beats(state, seat)
    after = bool(state.best)
    near = {"lead-only", "equal", "lower"} & set(traps)
    if not after and not near:
        return None
    kind = "after" if after else ("equal" if "equal" in traps else "lower")
    rating = 1200 + (150 if after else 0) + (100 if "equal" in traps else 0)
    rating += (100 if lead_size(state) == 2 else 0) - (50 if len(legal) > 3 else 0)
    return (
        Question(
            "pick-cards",
            said(
                NP_(
                    "chuanpai-tricks",
                    "Your turn in this trick. Pick the cards of a play that beats the best play "
                    "on the table so far.",
                )
            ),
            Query(P + "beaters"),
            ("plays",),
            rating=rating,
        ),
        kind,
    )


# --------------------------------------------------------------------------- beats-best

_WHY = {
    "beats": NP_("chuanpai-tricks", "The same shape and suit, and higher"),
    "lower": NP_("chuanpai-tricks", "The same shape and suit, but lower"),
    "equal": NP_("chuanpai-tricks", "It ranks the same, and a tie does not beat"),
    "other-colour": NP_("chuanpai-tricks", "Red and black military cards never beat each other"),
    "other-suit": NP_("chuanpai-tricks", "Civil and military cards are separate suits"),
    "other-shape": NP_("chuanpai-tricks", "It is not the same shape"),
}
_WHY_RATING = {
    "beats": 1250,
    "lower": 1250,
    "equal": 1450,
    "other-colour": 1350,
    "other-suit": 1150,
    "other-shape": 1300,
}


def _beats_best(game: Any, state: TrickState, seat: int) -> Examined | None:
    if not following(state, seat):
        return None
    best = best_play(state)
    k = len(best)
    by: dict[str, list[tuple[str, ...]]] = {}
    for cards in leads_in(state.hands[seat]):
        if len(cards) == k:
            by.setdefault(compare(best, cards), []).append(cards)
    kinds = sorted(w for w in by if w != "other-suit") or sorted(by)
    if not kinds:
        return None
    rng = keyed(game, state, seat)
    why = rng.choice(kinds)
    cards = rng.choice(by[why])
    offered = [w for w in _WHY if w != why and (k == 2 or w != "other-shape")]
    shown = {why, "beats"} | set(pick(rng, [w for w in offered if w != "beats"], 2))
    rating = _WHY_RATING[why] + (100 if state.best else 0)
    if why == "lower" and sum(POINTS[INDEX[t]] for t in cards) > sum(
        POINTS[INDEX[t]] for t in best
    ):
        rating += 100
    words = play_text(cards, article=False)
    return (
        Question(
            "true-false",
            said(
                NP_(
                    "chuanpai-tricks",
                    "True or false: your {play} beats the best play on the table so far.",
                ),
                play=words,
            ),
            Query(P + "beats-best", {"action": " ".join(cards)}),
            ("ranks", "plays"),
            reasons(*((w, _WHY[w]) for w in _WHY if w in shown)),
            rating=rating,
        ),
        why,
    )


# --------------------------------------------------------------------------- rank-order


def _rank_order(game: Any, state: TrickState, seat: int) -> Examined | None:
    if state.phase != "play" or state.turn != seat:
        return None
    groups: dict[tuple[str, str], dict[int, list[tuple[str, ...]]]] = {}
    for cards in leads_in(state.hands[seat]):
        p = classify(cards)
        if p is not None:
            groups.setdefault((p.shape, p.suit), {}).setdefault(p.rank, []).append(cards)
    eligible = sorted(g for g, ranks in groups.items() if len(ranks) >= 3)
    if not eligible:
        return None
    rng = keyed(game, state, seat)
    group = rng.choice(eligible)
    ranks = pick(rng, sorted(groups[group]), rng.choice((3, 4)))
    plays = [rng.choice(groups[group][r]) for r in ranks]
    rng.shuffle(plays)
    pips = {cards: sum(POINTS[INDEX[t]] for t in cards) for cards in plays}
    rank = {cards: classify(cards).rank for cards in plays}  # type: ignore[union-attr]  # plays classify
    misleading = any(rank[a] > rank[b] and pips[a] < pips[b] for a in plays for b in plays)
    rating = 1150 + 100 * (len(plays) - 3) + (100 if group[0] != "single" else 0)
    rating += 150 if misleading else 0
    choices = tuple(
        Choice(chr(97 + i), play_text(cards), action=" ".join(cards))
        for i, cards in enumerate(plays)
    )
    return (
        Question(
            "order",
            said(NP_("chuanpai-tricks", "Put these plays from your hand in order, highest first.")),
            Query(P + "rank-order"),
            ("ranks",),
            choices,
            rating=rating,
        ),
        group[0],
    )


# --------------------------------------------------------------------------- lead


def _not_plays(hand: Sequence[str]) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """Two-card sets of the hand that are no play: (two different cards of one rank,
    an honour card with a dianzi that is not its partner)."""
    kinds = sorted(set(hand), key=INDEX.__getitem__)
    mixed = [
        (a, b)
        for i, a in enumerate(kinds)
        for b in kinds[i + 1 :]
        if SUIT[a] == SUIT[b] and RANK[a] == RANK[b]
    ]
    partner = [
        in_order((top, m))
        for _, top, mates in COMBOS
        if top in kinds
        for m in kinds
        if SUIT[m] in ("red", "black") and m not in mates
    ]
    return mixed, partner  # type: ignore[return-value]  # in_order of two cards is a pair


def _lead(game: Any, state: TrickState, seat: int) -> Examined | None:
    if not leading(state, seat):
        return None
    mixed, partner = _not_plays(hand_of(state, seat))
    if not mixed and not partner:
        return None
    rng = keyed(game, state, seat)
    legal = [a for a in game.legal_actions(state, seat) if a.kind == "lead"]
    two = [a for a in legal if len(a.cards) == 2]
    one = [a for a in legal if len(a.cards) == 1]
    right = pick(rng, two, 1) + pick(rng, one, 1 if rng.random() < 0.5 or not two else 0)
    wrong = pick(rng, mixed, 1) + pick(rng, partner, 2 if not mixed else 1)
    actions = [Action("lead", seat, tuple(a.cards)) for a in right]
    actions += [Action("lead", seat, tuple(cards)) for cards in wrong]
    rng.shuffle(actions)
    kind = "both" if mixed and partner else ("mixed" if mixed else "partner")
    rating = 1250 + (100 if kind == "both" else 0) + (100 if not two else 0)
    return (
        Question(
            "choose-action",
            said(NP_("chuanpai-tricks", "It is your lead. Which of these may you lead?")),
            Query("legal"),
            ("combos", "plays"),
            lettered(actions),
            rating=rating,
        ),
        kind,
    )


# --------------------------------------------------------------------------- first lead


def _first_lead(game: Any, state: TrickState, seat: int) -> Examined | None:
    if not first_lead(state, seat) or state.rules.first_lead != "baopai":
        return None
    legal = [a for a in game.legal_actions(state, seat) if a.kind == "lead"]
    top = [a for a in legal if a.params.get("baopai")]
    safe = [a for a in legal if not a.params.get("baopai")]
    if not top or not safe:
        return None
    rng = keyed(game, state, seat)
    right = pick(rng, safe, rng.choice((1, 1, 2)))
    tempting = [a for a in top if len(a.cards) == 2]
    wrong = pick(rng, tempting, 2)
    wrong += pick(rng, [a for a in top if a not in wrong], 4 - len(right) - len(wrong))
    actions = [Action("lead", seat, tuple(a.cards)) for a in right + wrong]
    rng.shuffle(actions)
    rating = 1200 + (100 if len(right) == 1 else 0) + (100 if tempting else 0)
    return (
        Question(
            "choose-action",
            said(
                NP_(
                    "chuanpai-tricks",
                    "You are the dealer and the deal's first lead is yours. Which of these "
                    "leads does not make you liable?",
                )
            ),
            Query(P + "no-baopai"),
            ("plays", "settlement"),
            lettered(actions),
            rating=rating,
        ),
        "one-safe" if len(right) == 1 else "two-safe",
    )


# --------------------------------------------------------------------------- sure

_EVERY = Counter(dict.fromkeys(SUIT, COPIES))


def _sure(game: Any, state: TrickState, seat: int) -> Examined | None:
    if not leading(state, seat):
        return None
    seen = seen_by(state, seat)
    unseen = Counter({t: COPIES - seen[t] for t in SUIT if COPIES - seen[t] > 0})
    covered = set(state.covered)
    by: dict[str, list[tuple[tuple[str, ...], int]]] = {}
    for cards in leads_in(state.hands[seat]):
        p = classify(cards)
        assert p is not None
        could = possible_beaters(_EVERY, p)
        if not could or covered & {t for play_ in could for t in play_}:
            continue
        threats = possible_beaters(unseen, p)
        by.setdefault("can-be-beaten" if threats else "sure", []).append((cards, len(threats)))
    if not by:
        return None
    rng = keyed(game, state, seat)
    kind = rng.choice(sorted(by))
    fewest = min(n for _, n in by[kind])
    picked, n_threats = rng.choice([c for c in by[kind] if c[1] <= max(fewest, 2)])
    rating = (1550 if kind == "sure" else 1300 + (100 if n_threats <= 2 else 0)) + (
        100 if len(picked) == 2 else 0
    )
    words = play_text(picked)
    return (
        Question(
            "true-false",
            said(
                NP_(
                    "chuanpai-tricks",
                    "It is your lead, and you plan to play {play}. True or false: nobody can "
                    "beat it.",
                ),
                play=words,
            ),
            Query(P + "sure", {"action": " ".join(picked)}),
            ("plays",),
            reasons(
                (
                    "sure",
                    NP_(
                        "chuanpai-tricks",
                        "Every card that could beat it is in your hand or already in sight",
                    ),
                ),
                (
                    "can-be-beaten",
                    NP_("chuanpai-tricks", "Something that beats it may still be in another hand"),
                ),
            ),
            rating=rating,
        ),
        kind,
    )


# --------------------------------------------------------------------------- cards left


def _cards_left(game: Any, state: TrickState, seat: int) -> Examined | None:
    if state.phase != "play" or state.turn != seat:
        return None
    hand = state.hands[seat]
    laid = Counter(t for pile in state.piles for t in pile)
    table = Counter(t for s, cards, cov in state.trick if not cov or s == seat for t in cards)
    parts = {
        t: (hand[INDEX[t]] > 0) + (laid[t] > 0) + (table[t] > 0)
        for t in SUIT
        if t not in state.covered
    }
    candidates = [t for t, n in parts.items() if n]
    if not candidates:
        return None
    rng = keyed(game, state, seat)
    left = {t: COPIES - hand[INDEX[t]] - laid[t] - table[t] for t in candidates}
    candidates = [t for t in candidates if left[t]] or candidates
    most = max(parts[t] for t in candidates)
    card = rng.choice([t for t in candidates if parts[t] >= min(most, 2)])
    rating = 1150 + 100 * (parts[card] - 1) + (100 if table[card] else 0)
    return (
        Question(
            "number",
            said(
                NP_(
                    "chuanpai-tricks",
                    "The deck holds four {name} cards ({dice}). How many have you not seen yet?",
                ),
                name=card_name(card),
                dice=dice_text(card),
            ),
            Query(P + "cards-left", {"card": card}),
            ("plays",),
            rating=rating,
        ),
        parts[card],
    )


# --------------------------------------------------------------------------- level

LEVEL_CHOICES = (
    Choice(
        "a", said(NP_("chuanpai-tricks", "Short of a win, and I cannot get clear")), reason="short"
    ),
    Choice("b", said(NP_("chuanpai-tricks", "I may get clear")), reason="tuoshou"),
    Choice(
        "c",
        said(NP_("chuanpai-tricks", "Enough to win: a small win as it stands")),
        reason="xiaohu",
    ),
    Choice(
        "d", said(NP_("chuanpai-tricks", "Enough to win: first grade as it stands")), reason="yijia"
    ),
    Choice(
        "e",
        said(NP_("chuanpai-tricks", "Enough to win: second grade as it stands")),
        reason="liangjia",
    ),
)
_LEVEL_RATING = {"short": 1150, "tuoshou": 1450, "xiaohu": 1250, "yijia": 1400, "liangjia": 1450}


def _level(game: Any, state: TrickState, seat: int) -> Examined | None:
    over = state.phase == "over"
    if not (over or leading(state, seat)) or state.foul is not None:
        return None
    n = len(state.piles[seat])
    if n < 13 or (n >= 16 and state.first_to_16 != seat):
        return None
    in_hand = sum(state.hands[seat])
    a = game.analyze(game.seat_holding(state, seat), game.rules_of(state))
    tag = level_tag(a)
    if over and tag == "tuoshou":
        return None
    if tag == "short" and not (n == 15 or (n == 14 and 4 <= in_hand <= 6)):
        return None  # a pile far from 16 teaches nothing: only the near misses of tuoshou
    rating = _LEVEL_RATING[tag] + (100 if n == 15 else 0)
    rating += 50 if set(state.piles[seat]) & set(HARD) else 0
    return (
        Question(
            "choice",
            said(
                NP_(
                    "chuanpai-tricks",
                    "Count the cards you have laid out, and look at how many are left in your "
                    "hand: where do you stand?",
                )
            ),
            Query(P + "level"),
            ("going-out", "counting"),
            LEVEL_CHOICES,
            rating=rating,
        ),
        tag,
    )


# --------------------------------------------------------------------------- the end


def _pile_value(game: Any, state: TrickState, seat: int) -> Examined | None:
    if state.phase != "over" or state.winner != seat:
        return None
    if state.baopai is not None and state.baopai != seat:
        return None
    a = game.analyze(game.seat_holding(state, seat), game.rules_of(state))
    fan, level = int(a.extra["fan"]), int(a.extra["level"])
    rating = 1150 + 150 * min(fan, 3) + (100 if level > 1 else 0)
    rating += 50 if set(state.piles[seat]) & set(HARD) else 0
    return (
        Question(
            "number",
            said(
                NP_(
                    "chuanpai-tricks",
                    "The deal is over, and you were the first to lay out sixteen. How much does "
                    "each loser pay you?",
                )
            ),
            Query(P + "value"),
            ("counting",),
            rating=rating,
        ),
        "fan" if fan else ("level" if level > 1 else "plain"),
    )


_SCORE_RATING = {
    "winner": 1300,
    "loser": 1200,
    "baopai-winner": 1500,
    "baopai-payer": 1500,
    "baopai-free": 1550,
    "huang": 1150,
    "tuoshou": 1300,
}


def _score(game: Any, state: TrickState, seat: int) -> Examined | None:
    if state.phase != "over" or state.foul is not None:
        return None
    out = game.outcome(state)
    fan = 0
    if out.how == "win":
        w, b = out.winner, state.baopai
        if b is not None and b != w:
            kind = (
                "baopai-winner" if seat == w else ("baopai-payer" if seat == b else "baopai-free")
            )
        else:
            kind = "winner" if seat == w else "loser"
        a = game.analyze(game.seat_holding(state, w), game.rules_of(state))
        fan = int(a.extra["fan"])
    else:
        kind = out.how
    return (
        Question(
            "number",
            said(
                NP_(
                    "chuanpai-tricks",
                    "The deal is over. What do you win or lose? Write a win as a positive number, "
                    "a loss as a negative one, and 0 if you neither win nor lose.",
                )
            ),
            Query(P + "score"),
            ("settlement",),
            rating=_SCORE_RATING[kind] + 100 * min(fan, 2),
        ),
        kind,
    )


# --------------------------------------------------------------------------- registry

DROP = frozenset({"forced"})  # every beat is forced: the shared theme never fits

theme(
    "beat-or-cover",
    NP_("chuanpai-tricks", "Beat when you can"),
    NP_(
        "chuanpai-tricks",
        "Tell the allowed plays from the others: you must beat when you can, else cover with as "
        "many cards as were led.",
    ),
    _beat_or_cover,
    kinds=("beat", "beat-after", "cover"),
)
theme(
    "beaters",
    NP_("chuanpai-tricks", "What beats it"),
    NP_(
        "chuanpai-tricks",
        "Find a play in your hand that beats the best play so far, not just the lead.",
    ),
    _beaters,
    kinds=("after", "equal", "lower"),
)
theme(
    "beats-best",
    NP_("chuanpai-tricks", "Does it beat?"),
    NP_(
        "chuanpai-tricks",
        "Compare a play of your hand with the best play so far: same shape, same suit, higher.",
    ),
    _beats_best,
    kinds=("beats", "lower", "equal", "other-colour", "other-shape"),
)
theme(
    "rank-order",
    NP_("chuanpai-tricks", "Highest to lowest"),
    NP_("chuanpai-tricks", "Order plays of one suit and shape from your hand, highest first."),
    _rank_order,
    kinds=("single", "pair", "combo"),
)
theme(
    "lead",
    NP_("chuanpai-tricks", "What may you lead?"),
    NP_(
        "chuanpai-tricks",
        "A lead is a single card, a pair of identical cards or a combination: spot the sets "
        "that are none of these.",
    ),
    _lead,
    kinds=("mixed", "partner", "both"),
)
theme(
    "first-lead",
    NP_("chuanpai-tricks", "The first lead and being liable"),
    NP_(
        "chuanpai-tricks",
        "A first lead holding a Heaven or a nine makes the dealer liable: find one that does not.",
    ),
    _first_lead,
    kinds=("one-safe", "two-safe"),
    deals=3,
)
theme(
    "sure",
    NP_("chuanpai-tricks", "Can it be beaten?"),
    NP_("chuanpai-tricks", "Before you lead, count: could anyone still hold a play that beats it?"),
    _sure,
    kinds=("sure", "can-be-beaten"),
)
theme(
    "cards-left",
    NP_("chuanpai-tricks", "Cards not yet seen"),
    NP_(
        "chuanpai-tricks",
        "Four copies, less those in your hand, laid out or face up: how many are unseen.",
    ),
    _cards_left,
    kinds=(1, 2, 3),
)
theme(
    "level",
    NP_("chuanpai-tricks", "Where you stand"),
    NP_(
        "chuanpai-tricks",
        "Count your laid-out cards: short, getting clear, a small win, first or second grade.",
    ),
    _level,
    kinds=("short", "tuoshou", "xiaohu"),
    deals=8,
    stacked=0.5,
)
theme(
    "pile-value",
    NP_("chuanpai-tricks", "What the win is worth"),
    NP_(
        "chuanpai-tricks",
        "The level and the fan of the winner's laid-out cards: what each loser pays.",
    ),
    _pile_value,
    kinds=("plain", "fan"),
    deals=12,
    stacked=0.7,
    at_end=True,
)
theme(
    "score",
    NP_("chuanpai-tricks", "Who pays whom"),
    NP_(
        "chuanpai-tricks",
        "Each player's result at the end of a deal, with liable players, drawn deals and "
        "getting clear.",
    ),
    _score,
    kinds=("winner", "loser", "winner", "loser", "baopai-payer", "baopai-free", "huang"),
    deals=10,
    stacked=0.6,
    bold=lambda kind: str(kind).startswith("baopai"),
    at_end=True,
)


# --------------------------------------------------------------------------- the library


def build_library(per_theme: int = 20, seed: int = 1) -> list[dict[str, Any]]:
    """Positions for content/practice/chuanpai-tricks.yaml: each from its own deal, found by
    the theme's direct builder (so the kinds of answer come up evenly).
    ``scripts/build_practice.py`` keeps the first moments that fit, which in this game
    means many positions of one theme from the same deal and hand."""
    game = find_game(GAME)
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    for tid, th in practice.themes(GAME).items():
        found: dict[str, dict[str, Any]] = {}
        for _ in range(per_theme * 5):
            if len(found) >= per_theme or th.direct is None:
                break
            made = th.direct(rng)
            if made is None:
                continue
            state, seat = made
            q = th.ask(game, state, seat)
            if q is not None:
                code = game.encode(state)
                item = {"theme": tid, "seat": seat, "code": code, "rating": round(q.rating)}
                found.setdefault(f"{seat}:{code}", item)
        out += found.values()
    return out


def main() -> None:  # pragma: no cover - run by hand to rebuild the library
    import argparse

    import yaml

    from app.config import ROOT

    ap = argparse.ArgumentParser()
    ap.add_argument("--per-theme", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    positions = build_library(args.per_theme, args.seed)
    path = ROOT / "content" / "practice" / f"{GAME}.yaml"
    head = (
        f"# Built by .venv/bin/python -m app.teaching.chuanpai_tricks.themes "
        f"--per-theme {args.per_theme} --seed {args.seed}: each position from its own "
        "self-played deal\n"
    )
    body = yaml.safe_dump(
        {"game": GAME, "positions": positions}, allow_unicode=True, sort_keys=False, width=1000
    )
    path.write_text(head + body, encoding="utf-8")
    print(f"{len(positions)} positions → {path.relative_to(ROOT)}")


if __name__ == "__main__":  # pragma: no cover
    main()
