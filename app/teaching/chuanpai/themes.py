"""Practice themes of chuanpai (besides the ones every game has): each a ``Theme`` whose
``ask(game, state, seat)`` turns a moment of a deal into a question with an exact answer,
or says it does not fit (see app/learning/practice.py).

Every theme is written as an *examiner*: ``(game, state, seat)`` → ``(question,
category)`` or ``None``. The category (the kind of answer: a forced bai or a free one, a
level qitou or a bad card over, ...) lets the direct builder, which plays deals and looks
at every moment, pick among the kinds of answer evenly, so that the rarer cases come up
as often as the common ones. A builder may also play its deals under other rule options
(the other readings of qitou, no jingpai, fewer players), so a theme practises a rule "by
the option set".

The generic ``forced`` and ``waits`` themes are replaced by this game's own under the
same ids: a forced action here always shuts out the pass (or the discard), so the
question offers the refused alternatives with the engine's reasons; and the waits are
asked while a card is on offer, when the hand is one card short.

The table a position shows does not draw a seat's guopai, its memory of the cards that
went dead in front of it, or who offered the open card; prompts that need them say
them in words.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from app.engine.chuanpai import analysis as an
from app.engine.chuanpai.cards import INDEX, JING, KINDS, POINTS, copy_limit
from app.engine.chuanpai.pairing.offers import claim_order, take_options
from app.engine.core.registry import find_game
from app.learning import practice
from app.learning.exercise import Choice, Query, Text
from app.learning.practice import Question, Theme
from app.learning.queries import visible_copies
from app.teaching.chuanpai.queries import GROUPS, guo_why, qitou_why
from app.teaching.wording import Localized, joined, listed, per_language, said
from app.text import terms
from app.text.catalog import NP_, Msg

GAME = "chuanpai"
#: the game's own practice themes, in the order the practice page lists them
OWN: list[Theme] = []
Examined = tuple[Question, Any]
Examiner = Callable[[Any, Any, int], Examined | None]
RulesOf = Callable[[random.Random], Any]
SKIP = 24  # a direct builder starts looking at a random moment among the first SKIP


# --------------------------------------------------------------------------- helpers


def _key(state: Any, seat: int, salt: int = 0) -> int:
    """A number fixed by the position (the same code, the same choices and cards)."""
    card = INDEX.get(state.open_card or state.drawn or "", 23)
    hand = sum((i + 1) * n for i, n in enumerate(state.seats[seat].hand))
    return int(len(state.stock) * 7919 + seat * 131 + card * 17 + hand + salt)


def _shuffled(items: list[Any], key: int) -> list[Any]:
    out = list(items)
    random.Random(key).shuffle(out)
    return out


def _lettered(texts: list[str]) -> tuple[Choice, ...]:
    return tuple(Choice(chr(97 + i), action=t) for i, t in enumerate(texts))


def _text(a: Any) -> str:
    """An action in notation, without the engine's parameters (the guopai flag is matched
    by the cards: ``bai 13 24`` names the bai of a guopai 13 as well)."""
    return " ".join((a.kind, *a.cards))


def _reasons(*items: tuple[str, str, Msg]) -> tuple[Choice, ...]:
    """True-false reasons ``(id, reason, text)``."""
    return tuple(Choice(cid, said(text), reason=reason) for cid, reason, text in items)


def seat_word(seat: int, viewer: int, n: int) -> Text:
    """A seat as the table names it from the viewer's chair (you, xiajia / Right, duijia /
    Across, shangjia / Left), with a capital first letter where the language has one."""
    return per_language(lambda code: _cap(terms.seat_word(seat, viewer, n, code)))


def _a(kind: str) -> str:
    """A group kind with its article: "an an", "a peng"."""
    return ("an " if kind[0] in "aeiou" else "a ") + kind


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def offer_line(state: Any, seat: int) -> Text:
    """Who offered the open card ``{card}``, and how: one sentence."""
    if state.flipped:
        if state.source == seat:
            return said(NP_("chuanpai", "You turn up {card} from the stock."))
        msg = NP_("chuanpai", "{seat} turns up {card} from the stock.")
    elif state.source == seat:
        return said(NP_("chuanpai", "You discard {card}."))
    else:
        msg = NP_("chuanpai", "{seat} discards {card}.")
    return said(msg, seat=seat_word(state.source, seat, len(state.seats)))


def guo_line(state: Any, seat: int) -> Msg | None:
    """The seat's guopai laid face down (``{guo_cards}``), which the table does not draw."""
    if not state.seats[seat].guo:
        return None
    return NP_("chuanpai", "Face down in front of you as guopai: {guo_cards}.")


def _prompt(lines: Sequence[Localized | None]) -> Text:
    return joined(lines)


#: a group kind as prompts name it: the table's word in Chinese, the kind in English
GROUP = {
    "bai": NP_("chuanpai", "bai"),
    "an": NP_("chuanpai", "an"),
    "peng": NP_("chuanpai", "peng"),
    "yan": NP_("chuanpai", "yan"),
    "qi": NP_("chuanpai", "qi"),
    "liang": NP_("chuanpai", "liang"),
    "kang": NP_("chuanpai", "kang"),
}
#: a group of alike cards with its article ("an an", "a peng")
A_GROUP = {
    "an": NP_("chuanpai", "an an"),
    "peng": NP_("chuanpai", "a peng"),
    "liang": NP_("chuanpai", "a liang"),
    "kang": NP_("chuanpai", "a kang"),
}
#: a count of players as a sentence says it
COUNT = {
    1: NP_("count", "1"),
    2: NP_("count", "2"),
    3: NP_("count", "3"),
    4: NP_("count", "4"),
    5: NP_("count", "5"),
    6: NP_("count", "6"),
    7: NP_("count", "7"),
}
AND = NP_("list", "{items} and {last}")


def _params(state: Any, seat: int, **more: Any) -> dict[str, Any]:
    out: dict[str, Any] = dict(more)
    if state.seats[seat].guo:
        out["guo_cards"] = list(state.seats[seat].guo)
    return out


def _legal(game: Any, state: Any, seat: int) -> list[Any]:
    return list(game.legal_actions(state, seat))


def _plain_face(card: str, rules: Any) -> bool:
    """A face whose groups follow qitou (not a jingpai, not the guaizi of the jingpai groups)."""
    return card not in JING and not (card == "12" and rules.jing)


def _unseen(game: Any, state: Any, seat: int) -> list[str]:
    """The card kinds of which the seat has not seen every copy (its view: its hand, the
    groups laid face up, the dead cards, the open card)."""
    view = game.view(state, seat)
    seen: Counter[str] = Counter()
    for s in view.seats:
        seen.update(s.hand or ())
        for m in s.melds:
            seen.update(m.cards)
    seen.update(view.extra.get("dead", ()))
    if view.offer is not None and view.offer.card:
        seen[view.offer.card] += 1
    return [t for t in KINDS if copy_limit(t, state.rules.jing) > seen[t]]


# --------------------------------------------------------------------------- play and pick


def play(game: Any, rules: Any, rng: random.Random) -> Iterator[Any]:
    """Every state of one deal the engine plays where a seat is to act."""
    player = game.player()
    state = game.new_deal(rules, rng, rng.randrange(game.table_size(rules)))
    for _ in range(400):
        if game.is_over(state):
            return
        seat = game.to_act(state)
        if seat is None:
            return
        yield state
        state = game.apply(state, player.choose(state, seat, game.legal_actions(state, seat), rng))


def builder(
    examine: Examiner,
    kinds: tuple[Any, ...] = (),
    every_seat: bool = False,
    deals: int = 6,
    rules_of: RulesOf | None = None,
    skip: int = SKIP,
) -> Callable[[random.Random], tuple[Any, int] | None]:
    """A theme's direct builder: play deals and return a (state, seat) that fits. With ``kinds`` (the categories of answer) it first picks the kind at
    random and plays up to ``deals`` deals to find it, so rare answers come up as often
    as common ones (any fitting moment is the fallback). Each deal is looked at from a
    random moment on, and the first fitting moment is taken. ``rules_of`` picks the rule
    options of the deals (default: the game's)."""

    def direct(rng: random.Random) -> tuple[Any, int] | None:
        game = find_game(GAME)
        wanted = rng.choice(kinds) if kinds else None
        fallback: tuple[Any, int] | None = None
        for _ in range(deals):
            rules = rules_of(rng) if rules_of else game.default_rules
            start = rng.randrange(skip) if skip else 0  # start somewhere into the deal
            for i, state in enumerate(play(game, rules, rng)):
                if i < start:
                    continue
                n = len(state.seats)
                first = rng.randrange(n)
                seats = [(first + j) % n for j in range(n)] if every_seat else [state.actor]
                for seat in seats:
                    got = examine(game, state, seat)
                    if got is None:
                        continue
                    if wanted is None or got[1] == wanted:
                        return state, seat
                    if fallback is None:
                        fallback = (state, seat)
        return fallback

    return direct


def theme(
    tid: str,
    title: Msg,
    about: Msg,
    examine: Examiner,
    kinds: tuple[Any, ...] = (),
    every_seat: bool = False,
    deals: int = 6,
    rules_of: RulesOf | None = None,
    skip: int = SKIP,
) -> Theme:
    direct = builder(examine, kinds, every_seat, deals, rules_of, skip)
    own = Theme(tid, GAME, said(title), said(about), practice.asking(examine), direct)
    OWN.append(own)
    return own


def _with(**changes: Any) -> Callable[[Any], Any]:
    def make(rules: Any) -> Any:
        return dataclasses.replace(rules, **changes)

    return make


# --------------------------------------------------------------------------- forced


def _forced(game: Any, state: Any, seat: int) -> Examined | None:
    """The action an obligation requires, among the refused alternatives."""
    if state.phase == "over" or seat != state.actor:
        return None
    legal = _legal(game, state, seat)
    forced = [a for a in legal if a.forced]
    if not forced:
        return None
    key = _key(state, seat)
    lines: list[Localized | None] = []
    params: dict[str, Any] = _params(state, seat)
    texts: list[str] = []
    if state.phase == "guo":
        card = state.drawn
        texts = [f"guo {card}", f"keep {card}"]
        lines.append(NP_("chuanpai", "Your replacement card is {card}."))
        params["card"] = card
        cat, rating = "guo", 1500
    elif state.phase == "claim":
        x = state.open_card
        lines.append(offer_line(state, seat))
        params["card"] = x
        kinds = {a.kind for a in forced}
        texts = list(dict.fromkeys(_text(a) for a in forced))[:2]
        texts += [_text(a) for a in legal if not a.forced][:2]
        texts.append(f"pass {x}")
        if "qi" in {a.kind for a in legal} and "bai" in kinds:
            cat, rating = "qi-out", 1750
        elif "qi" in kinds:
            cat, rating = "qi", 1400
        elif "bai" in kinds:
            cat, rating = "bai", 1300 if len(texts) <= 2 else 1400
        else:
            cat, rating = "group", 1450
    else:
        hand = state.seats[seat].hand
        first = forced[0]
        if first.kind == "hu":
            held = [KINDS[k] for k in range(len(hand)) if hand[k]]
            texts = ["hu"] + [f"discard {t}" for t in _shuffled(held, key)[:2]]
            cat, rating = "hu", 1250
        else:
            texts = list(dict.fromkeys(_text(a) for a in forced))[:2]
            texts += [_text(a) for a in legal if not a.forced][:1]
            if state.phase == "lay":
                texts.append("done")
            else:
                group = {c for a in forced for c in a.cards}
                spare = [KINDS[k] for k in an.spare_kinds(hand) if KINDS[k] not in group]
                other = [KINDS[k] for k in range(len(hand)) if hand[k] and KINDS[k] not in group]
                for t in (spare or other)[:1]:
                    texts.append(f"discard {t}")
            cat, rating = "self-group", 1350
    texts = _shuffled(list(dict.fromkeys(texts)), key)
    if len(texts) < 2:
        return None
    lines.append(guo_line(state, seat))
    lines.append(NP_("chuanpai", "Which action do the rules force on you?"))
    q = Question(
        "choose-action",
        _prompt(lines),
        Query("forced"),
        ("forced",),
        _lettered(texts),
        prompt_params=params,
        rating=rating + 25 * (len(texts) - 2),
    )
    return q, cat


theme(
    "forced",
    NP_("chuanpai", "Forced actions"),
    NP_(
        "chuanpai",
        "Must-eat, groups laid at once, qi on the fourth card, the guopai, going out: spot the "
        "step the rules decide for you.",
    ),
    _forced,
    kinds=("bai", "group", "qi", "self-group", "guo", "hu"),
)


# --------------------------------------------------------------------------- must eat


def _must_eat(game: Any, state: Any, seat: int) -> Examined | None:
    """A card you could bai: may you let it pass (nengchi bixuchi, or a tied partner)?"""
    if state.phase != "claim" or seat != state.actor or state.queue[0][1] != "bai":
        return None
    legal = _legal(game, state, seat)
    bais = [a for a in legal if a.kind == "bai"]
    if not bais:
        return None
    forced = any(a.forced for a in bais)
    x = state.open_card
    must = NP_(
        "chuanpai", "No: a spare card of yours pairs with it, and if you can take it, you must."
    )
    if state.seats[seat].guo:
        must = NP_(
            "chuanpai",
            "No: a spare card or a guopai of yours pairs with it, and if you can take it, you must.",
        )
    reasons = _reasons(
        (
            "free",
            "legal",
            NP_(
                "chuanpai",
                "Yes: every card of yours that pairs with it is already tied in a jier, so eating "
                "is up to you.",
            ),
        ),
        ("must", "cp-must-take", must),
    )
    kinds = {a.cards[0] for a in bais}
    lines: list[Localized | None] = [
        offer_line(state, seat),
        guo_line(state, seat),
        NP_("chuanpai", "You hold a card that makes a jier with it. May you let it pass?"),
    ]
    q = Question(
        "true-false",
        _prompt(lines),
        Query("is-legal", {"action": f"pass {x}"}),
        ("forced", "jier"),
        reasons,
        prompt_params=_params(state, seat, card=x),
        rating=(1300 if forced else 1400) + 50 * (len(kinds) - 1),
    )
    return q, "forced" if forced else "free"


theme(
    "must-eat",
    NP_("chuanpai", "Must you eat?"),
    NP_(
        "chuanpai", "A card pairs with one of yours: a spare card must eat it, a tied one need not."
    ),
    _must_eat,
    kinds=("forced", "free"),
)


# --------------------------------------------------------------------------- partners


def _pairs_with(game: Any, state: Any, seat: int) -> Examined | None:
    """Which cards of your hand make a jier with the open card?"""
    if state.phase != "claim" or seat != state.actor or state.seats[seat].extra:
        return None
    x = state.open_card
    hand = state.seats[seat].hand
    kinds = an.partners_in(hand, INDEX[x])
    if not kinds:
        return None
    sums = {POINTS[k] + POINTS[INDEX[x]] for k in kinds if KINDS[k] not in JING}
    jing = any(KINDS[k] in JING for k in kinds)
    n = sum(hand[k] for k in kinds)
    lines: list[Localized | None] = [
        offer_line(state, seat),
        NP_("chuanpai", "Which cards of your hand make a jier with it? Pick every one."),
    ]
    q = Question(
        "pick-cards",
        _prompt(lines),
        Query("chuanpai:pairs-with"),
        ("jier",),
        prompt_params={"card": x},
        rating=1150 + 40 * n + 120 * (len(sums) > 1) + 120 * jing,
    )
    cat = "jing" if jing else ("several" if len(kinds) > 1 else "one")
    return q, cat


theme(
    "pairs-with",
    NP_("chuanpai", "Which cards pair with it"),
    NP_(
        "chuanpai", "A card is on offer: find every card of your hand that makes 10 or 20 with it."
    ),
    _pairs_with,
    kinds=("one", "several", "jing"),
)


# --------------------------------------------------------------------------- discards


def _discard_moment(game: Any, state: Any, seat: int) -> tuple[list[Any], list[int]] | None:
    """The seat's discards and its spare kinds, when it is to discard freely."""
    if state.phase != "self" or seat != state.actor:
        return None
    legal = _legal(game, state, seat)
    if any(a.forced for a in legal):
        return None
    discards = [a for a in legal if a.kind == "discard"]
    hand = state.seats[seat].hand
    if not discards or sum(hand) < 4 or any(a.params.get("guo") for a in discards):
        return None
    return discards, an.spare_kinds(hand)


def _spare(game: Any, state: Any, seat: int) -> Examined | None:
    """Which cards may you discard (the guanggun)?"""
    got = _discard_moment(game, state, seat)
    if got is None:
        return None
    _, spare = got
    hand = state.seats[seat].hand
    held = [k for k in range(len(hand)) if hand[k]]
    if len(spare) >= len(held) or len(spare) > 4:
        return None
    doubles = any(hand[k] > 1 for k in spare)
    lines: list[Localized | None] = [
        NP_(
            "chuanpai",
            "Your turn to discard. Which cards may go? Pick one copy of each card you may discard.",
        ),
    ]
    q = Question(
        "pick-cards",
        _prompt(lines),
        Query("chuanpai:spare"),
        ("forced", "jier"),
        rating=1200 + 60 * len(spare) + 100 * doubles,
    )
    return q, "one" if len(spare) == 1 else "several"


theme(
    "spare",
    NP_("chuanpai", "Spare cards"),
    NP_(
        "chuanpai",
        "Only a spare card may be discarded: find every card that can go without breaking a jier.",
    ),
    _spare,
    kinds=("one", "several"),
)


def _discard(game: Any, state: Any, seat: int) -> Examined | None:
    """One spare card among tied ones: which may you discard?"""
    got = _discard_moment(game, state, seat)
    if got is None:
        return None
    _, spare = got
    hand = state.seats[seat].hand
    tied = [KINDS[k] for k in range(len(hand)) if hand[k] and k not in spare]
    if len(tied) < 2 or not spare:
        return None
    key = _key(state, seat)
    right = KINDS[_shuffled(spare, key)[0]]
    wrong = _shuffled(tied, key + 1)[:3]
    texts = _shuffled([f"discard {right}"] + [f"discard {t}" for t in wrong], key + 2)
    lines: list[Localized | None] = [
        NP_("chuanpai", "Your turn to discard. Which of these may you discard?")
    ]
    q = Question(
        "choose-action",
        _prompt(lines),
        Query("legal"),
        ("forced",),
        _lettered(texts),
        rating=1250 + 50 * len(wrong),
    )
    return q, "discard"


theme(
    "discard",
    NP_("chuanpai", "Never break a jier"),
    NP_("chuanpai", "Among a few cards only one is spare: pick the one you may discard."),
    _discard,
)


# --------------------------------------------------------------------------- qitou


FAMILY_REASONS = _reasons(
    (
        "level",
        "level",
        NP_("chuanpai", "Yes: as many good cards as bad ones, level heads."),
    ),
    (
        "one-over",
        "good-one-over",
        NP_("chuanpai", "Yes: only one good card over, still level heads."),
    ),
    ("bad-over", "bad-over", NP_("chuanpai", "No: a bad card is over.")),
    ("two-over", "good-two-over", NP_("chuanpai", "No: two good cards over.")),
)
NEUTRAL_REASONS = _reasons(
    (
        "tied",
        "tied",
        NP_(
            "chuanpai", "Yes: this card has no good or bad side, and every copy is tied in a jier."
        ),
    ),
    (
        "spare",
        "spare",
        NP_("chuanpai", "No: this card has no good or bad side, and a copy is spare."),
    ),
)
TABLE_REASONS = _reasons(
    ("tied", "tied", NP_("chuanpai", "Yes: every copy is tied in a jier.")),
    ("spare", "spare", NP_("chuanpai", "No: a copy is spare.")),
    (
        "always",
        "always",
        NP_("chuanpai", "No: this table has no qitou, every group is compulsory."),
    ),
)
QITOU_TABLES = {
    "tied": NP_(
        "chuanpai", "At this table a group may be declined only when every copy is tied in a jier."
    ),
    "none": NP_("chuanpai", "This table plays without qitou."),
}


def _alike_group(game: Any, state: Any, seat: int) -> Any:
    """The an/liang (own turn) or peng/kang (a claim) of alike plain cards the seat may make."""
    if seat != state.actor:
        return None
    if state.phase in ("self", "lay"):
        kinds = ("an", "liang")
    elif state.phase == "claim" and state.queue[0][1] == "group":
        kinds = ("peng", "kang")
    else:
        return None
    for a in _legal(game, state, seat):
        if a.kind in kinds and len(set(a.cards)) == 1 and _plain_face(a.cards[0], state.rules):
            return a
    return None


def _qitou_question(game: Any, state: Any, seat: int, table: bool) -> Examined | None:
    rule = state.rules.qitou
    if (rule == "count") == table:
        return None
    a = _alike_group(game, state, seat)
    if a is None:
        return None
    card = a.cards[0]
    value, case, _params_ = qitou_why(state.seats[seat].hand, INDEX[card], rule)
    group = A_GROUP[a.kind]
    lines: list[Localized | None] = []
    if table:
        lines.append(QITOU_TABLES[rule])
    by_rule = NP_("chuanpai", "By this table's rule") if table else NP_("chuanpai", "Under qitou")
    if state.phase == "claim":
        lines.append(offer_line(state, seat))
        ask = NP_("chuanpai", "You could take it as {group}. {rule}, may you let it pass instead?")
    else:
        ask = NP_(
            "chuanpai",
            "Your {card} cards could be laid as {group}. {rule}, may you hold them back?",
        )
    lines.append(said(ask, group=group, rule=by_rule))
    family = POINTS[INDEX[card]] in an.GOOD_BAD
    reasons = TABLE_REASONS if table else (FAMILY_REASONS if family else NEUTRAL_REASONS)
    hard = case in ("good-one-over", "good-two-over")
    q = Question(
        "true-false",
        _prompt(lines),
        Query("chuanpai:optional", {"card": card}),
        ("qitou",),
        reasons,
        prompt_params={"card": card},
        rating=1450 + 150 * hard + 100 * (not value) * family,
    )
    return q, (rule, case) if table else case


def _qitou(game: Any, state: Any, seat: int) -> Examined | None:
    return _qitou_question(game, state, seat, table=False)


def _qitou_table(game: Any, state: Any, seat: int) -> Examined | None:
    return _qitou_question(game, state, seat, table=True)


theme(
    "qitou",
    NP_("chuanpai", "Level heads (qitou)"),
    NP_(
        "chuanpai",
        "When you could make an an or a peng, count the good and bad cards: may you decline, or must you?",
    ),
    _qitou,
    kinds=("level", "good-one-over", "bad-over", "good-two-over", "tied", "spare"),
    skip=8,
)


def _other_qitou(rng: random.Random) -> Any:
    rules = find_game(GAME).default_rules
    return dataclasses.replace(rules, qitou=rng.choice(("tied", "none")))


theme(
    "qitou-table",
    NP_("chuanpai", "Qitou at other tables"),
    NP_(
        "chuanpai",
        "Some tables only ask whether every copy is tied, some play no qitou at all: judge by "
        "this table's rule.",
    ),
    _qitou_table,
    kinds=(("tied", "tied"), ("tied", "spare"), ("none", "always")),
    skip=8,
    rules_of=_other_qitou,
)


# --------------------------------------------------------------------------- guopai


GUO_REASONS = _reasons(
    (
        "pairs",
        "pairs-passed",
        NP_("chuanpai", "Yes: it pairs with one of those points."),
    ),
    ("jing", "jing", NP_("chuanpai", "Yes: a jingpai pairs with anything.")),
    (
        "no-pair",
        "no-pair",
        NP_("chuanpai", "No: it pairs with none of those points."),
    ),
)


def _points_text(points: list[int]) -> Text:
    """The points in a list: 4, 7 and 9."""
    if len(points) == 1:
        return said(NP_("chuanpai", "{points}"), points=points[0])
    return said(AND, items=listed(points[:-1]), last=points[-1])


def _guo(game: Any, state: Any, seat: int) -> Examined | None:
    """Would this tou card be a guopai?"""
    if state.phase == "over":
        return None
    me = state.seats[seat]
    if me.extra or not me.passed:
        return None
    memory = said(
        NP_(
            "chuanpai",
            "Cards of these points went dead in front of you while you had nothing to pair "
            "them with: {points}.",
        ),
        points=_points_text(sorted(me.passed)),
    )
    if state.phase == "guo" and seat == state.turn:
        card = state.drawn
        lines: list[Localized | None] = [
            memory,
            NP_(
                "chuanpai",
                "Your replacement card is {card}. Is it a guopai that must go face down?",
            ),
        ]
        cat = "drawn"
    else:
        view = game.view(state, seat)
        unseen = [t for t in KINDS if copy_limit(t, state.rules.jing) > visible_copies(view, t)]
        pairs = [t for t in unseen if t not in JING and guo_why(me, t)[0]]
        lone = [t for t in unseen if t not in JING and not guo_why(me, t)[0]]
        jing = [t for t in unseen if t in JING]
        key = _key(state, seat, 5)
        pools = [p for p in (pairs, lone, jing if key % 5 == 0 else []) if p]
        if not pools:
            return None
        pool = pools[key % len(pools)]
        card = _shuffled(pool, key)[0]
        cat = "jing" if card in JING else ("pairs" if pool is pairs else "no-pair")
        lines = [
            memory,
            NP_(
                "chuanpai",
                "Suppose your next replacement card is {card}. Is it a guopai that must "
                "go face down?",
            ),
        ]
    q = Question(
        "true-false",
        _prompt(lines),
        Query("chuanpai:guo-card", {"card": card}),
        ("guo",),
        GUO_REASONS,
        prompt_params={"card": card},
        rating=1400 + 40 * len(me.passed) + 100 * (cat == "jing"),
    )
    return q, cat


theme(
    "guo",
    NP_("chuanpai", "The guopai"),
    NP_(
        "chuanpai",
        "Remember the points that went dead in front of you unpaired: a replacement card that "
        "pairs with one of them goes face down as a guopai.",
    ),
    _guo,
    kinds=("drawn", "pairs", "no-pair", "jing"),
    every_seat=True,
)


# --------------------------------------------------------------------------- priority


def _priority(game: Any, state: Any, seat: int) -> Examined | None:
    """Several seats want the open card: in what order are they asked?"""
    if state.phase != "claim" or seat != state.actor:
        return None
    x = state.open_card
    if state.queue != claim_order(state, x):
        return None  # somebody has passed already
    firsts: dict[int, str] = {}
    for s, tier in state.queue:
        firsts.setdefault(s, tier)
    if len(firsts) < 2:
        return None
    n = len(state.seats)
    texts, words = [], []
    for s, tier in firsts.items():
        acts = take_options(state, s, x, tier)
        if not acts:
            return None
        a = acts[0]
        texts.append(f"{s}: {_text(a)}")
        words.append(
            said(
                NP_("chuanpai", "{seat}: {group}"), seat=seat_word(s, seat, n), group=GROUP[a.kind]
            )
        )
    key = _key(state, seat)
    order = _shuffled(list(range(len(texts))), key)
    choices = tuple(Choice(chr(97 + i), words[j], action=texts[j]) for i, j in enumerate(order))
    start = state.source if state.flipped else state.source + 1
    by_seat = sorted(firsts, key=lambda s: (s - start) % n)
    tiers = by_seat != list(firsts)
    turned = state.flipped and state.source in firsts
    lines: list[Localized | None] = [
        offer_line(state, seat),
        NP_(
            "chuanpai",
            "These players all want the card. In what order do the rules ask them? Put them "
            "first to last.",
        ),
    ]
    q = Question(
        "order",
        _prompt(lines),
        Query("chuanpai:claims"),
        ("groups",),
        choices,
        prompt_params={"card": x},
        rating=1250 + 250 * tiers + 150 * turned + 50 * (len(texts) - 2),
    )
    return q, "tiers" if tiers else ("turned" if turned else "plain")


theme(
    "priority",
    NP_("chuanpai", "Who is asked first"),
    NP_(
        "chuanpai",
        "Several players want one card: peng, yan, qi and kang come before bai, then seat order.",
    ),
    _priority,
    kinds=("tiers", "turned", "plain"),
)


# --------------------------------------------------------------------------- tou


def _tou(game: Any, state: Any, seat: int) -> Examined | None:
    """How many replacement cards after this group?"""
    if seat != state.actor or state.phase not in ("self", "lay", "claim"):
        return None
    legal = _legal(game, state, seat)
    groups = [a for a in legal if a.kind in GROUPS]
    if not groups:
        return None
    a = sorted(groups, key=lambda g: (not g.forced, g.kind))[0]
    lines: list[Localized | None] = []
    if state.phase == "claim":
        lines.append(offer_line(state, seat))
        params: dict[str, Any] = {"card": state.open_card, "cards": list(a.cards)}
    else:
        params = {"cards": list(a.cards)}
    ask = NP_(
        "chuanpai",
        "You make this {group} ({cards}). How many replacement cards do you then draw from "
        "the stock?",
    )
    lines.append(said(ask, group=GROUP[a.kind]))
    two = a.kind in ("liang", "kang")
    q = Question(
        "number",
        _prompt(lines),
        Query("chuanpai:tou", {"kind": a.kind}),
        ("groups",),
        prompt_params=params,
        rating=1150 + 150 * two,
    )
    return q, 2 if two else 1


theme(
    "tou",
    NP_("chuanpai", "Replacement cards"),
    NP_(
        "chuanpai",
        "Every group earns replacement cards: one after an, peng, yan or qi, two after liang or kang.",
    ),
    _tou,
    kinds=(1, 2),
    deals=10,
    skip=0,
)


# --------------------------------------------------------------------------- waits


_WAITS: dict[tuple[Any, ...], tuple[Any, ...]] = {}


def _waits_of(game: Any, state: Any, seat: int) -> tuple[Any, ...]:
    """The engine's waits of the seat's holding (remembered: a hand is asked again at
    every card offered while it waits)."""
    me = state.seats[seat]
    key = (me.hand, me.melds, state.rules)
    got = _WAITS.get(key)
    if got is None:
        if len(_WAITS) > 4096:
            _WAITS.clear()
        got = _WAITS[key] = tuple(game.waits(game.seat_holding(state, seat), state.rules))
    return got


def _waits(game: Any, state: Any, seat: int) -> Examined | None:
    """While a card is on offer: which cards would complete your hand?"""
    if state.phase != "claim":
        return None
    me = state.seats[seat]
    if me.guo or me.extra or (seat == state.source and not state.flipped):
        return None
    if sum(me.hand) > 9 or sum(me.hand) - an.coverage(me.hand) > 3:
        return None  # (more than three cards unpaired: one card seldom completes it)
    if an.is_complete(me.hand, state.rules.jing):
        return None
    waits = _waits_of(game, state, seat)
    if not waits:
        return None
    view = game.view(state, seat)
    for w in waits:  # the deck pool offers only cards the seat has not seen
        if copy_limit(w.card, state.rules.jing) - visible_copies(view, w.card) <= 0:
            return None
    n = len(waits)
    q = Question(
        "pick-cards",
        said(
            NP_(
                "chuanpai",
                "Which cards would put every card of your hand in a group? Pick them all.",
            )
        ),
        Query("waits"),
        ("waits",),
        rating=1300 + 60 * n,
        pool="deck",
    )
    return q, "one" if n == 1 else ("few" if n <= 3 else "many")


theme(
    "waits",
    NP_("chuanpai", "Reading waits"),
    NP_("chuanpai", "Your hand is one card short: find every card that completes it."),
    _waits,
    every_seat=True,
)


# --------------------------------------------------------------------------- going out


HU_REASONS = _reasons(
    ("yes", "legal", NP_("chuanpai", "Yes: every card is in a group.")),
    (
        "not-complete",
        "cp-not-complete",
        NP_("chuanpai", "No: a card is not in a group yet, or a guopai is still waiting."),
    ),
    ("group-first", "cp-must-group", NP_("chuanpai", "No: a group must be laid first.")),
)


def _can_hu(game: Any, state: Any, seat: int) -> Examined | None:
    """Your turn: may you go out now?"""
    if state.phase != "self" or seat != state.actor:
        return None
    me = state.seats[seat]
    legal = _legal(game, state, seat)
    complete = an.is_complete(me.hand, state.rules.jing)
    if any(a.kind == "hu" for a in legal):
        cat, rating = "win", 1250
    elif complete and me.guo:
        cat, rating = "guo", 1650
    elif complete:
        cat, rating = "group-first", 1600
    elif sum(me.hand) <= 8:
        cat, rating = "not-complete", 1300
    else:
        return None
    lines: list[Localized | None] = [
        guo_line(state, seat),
        NP_("chuanpai", "Your turn. May you go out now?"),
    ]
    q = Question(
        "true-false",
        _prompt(lines),
        Query("is-legal", {"action": "hu"}),
        ("going-out",),
        HU_REASONS,
        prompt_params=_params(state, seat),
        rating=rating,
    )
    return q, cat


theme(
    "can-hu",
    NP_("chuanpai", "May you go out?"),
    NP_(
        "chuanpai",
        "You go out when every card is in a group, no guopai waits and no group must be laid first.",
    ),
    _can_hu,
    kinds=("win", "not-complete"),
    deals=8,
)


# --------------------------------------------------------------------------- counting


def _winner(game: Any, state: Any, seat: int) -> bool:
    return (
        state.phase == "self"
        and seat == state.actor
        and any(a.kind == "hu" for a in _legal(game, state, seat))
    )


def _has_jing(state: Any, seat: int) -> bool:
    me = state.seats[seat]
    return any(me.hand[INDEX[j]] for j in JING) or any(c in JING for m in me.melds for c in m.cards)


def _count_question(game: Any, state: Any, seat: int, jing: bool) -> Examined | None:
    if not _winner(game, state, seat) or _has_jing(state, seat) != jing:
        return None
    me = state.seats[seat]
    a = game.analyze(game.seat_holding(state, seat), state.rules)
    if a.points is None:
        return None
    alike = any(n >= 3 for n in me.hand[:21])
    prompt = NP_(
        "chuanpai",
        "Your hand is complete and you go out. How many hu is it worth (the hu only, without "
        "the base)?",
    )
    lines: list[Localized | None] = [prompt]
    if not state.rules.jing:
        lines.insert(
            0, NP_("chuanpai", "This table plays without jingpai: all four guaizi are in.")
        )
    q = Question(
        "number",
        _prompt(lines),
        Query("points"),
        ("counting", "jing") if jing else ("counting",),
        rating=1250 + 25 * len(a.melds) + 150 * alike + 150 * jing,
    )
    return q, ("jing" if jing else ("on" if state.rules.jing else "off"))


def _count(game: Any, state: Any, seat: int) -> Examined | None:
    return _count_question(game, state, seat, jing=False)


def _count_jing(game: Any, state: Any, seat: int) -> Examined | None:
    return _count_question(game, state, seat, jing=True)


def _jing_on_or_off(rng: random.Random) -> Any:
    rules = find_game(GAME).default_rules
    return dataclasses.replace(rules, jing=rng.random() < 0.5)


theme(
    "count",
    NP_("chuanpai", "Counting hu"),
    NP_(
        "chuanpai",
        "Count a winning hand the way that earns most: a jier of 20 is 1 hu, peng and yan 2, an 3, "
        "qi 5, liang and kang 7.",
    ),
    _count,
    deals=12,
    rules_of=_jing_on_or_off,
)

theme(
    "count-jing",
    NP_("chuanpai", "Counting with jingpai"),
    NP_(
        "chuanpai",
        "A winning hand with a jingpai: is its jier a 10 or a 20, and its group counts ten times.",
    ),
    _count_jing,
    deals=16,
)


def _settlement(game: Any, state: Any, seat: int) -> Examined | None:
    """You go out: what does each loser pay, or what do you collect in all?"""
    if not _winner(game, state, seat):
        return None
    n = len(state.seats)
    each = _key(state, seat, 3) % 2 == 0
    others = (
        said(NP_("chuanpai", "the other player"))
        if n == 2
        else said(NP_("chuanpai", "the {n} others"), n=COUNT[n - 1])
    )
    lines: list[Localized | None] = [NP_("chuanpai", "Your hand is complete and you go out.")]
    if n != 4:
        lines.insert(0, said(NP_("chuanpai", "This deal has {n} players."), n=COUNT[n]))
    if each:
        lines.append(NP_("chuanpai", "How much does each losing player pay you?"))
        query = "chuanpai:settlement"
    else:
        lines.append(
            said(NP_("chuanpai", "How much do you collect in all from {others}?"), others=others)
        )
        query = "chuanpai:collect"
    a = game.analyze(game.seat_holding(state, seat), state.rules)
    q = Question(
        "number",
        _prompt(lines),
        Query(query),
        ("settlement", "counting"),
        rating=1350 + 25 * len(a.melds) + 100 * (not each),
    )
    return q, "each" if each else "collect"


def _players(rng: random.Random) -> Any:
    rules = find_game(GAME).default_rules
    return dataclasses.replace(rules, players=rng.choice((2, 3, 4, 4)))


theme(
    "settlement",
    NP_("chuanpai", "Settling"),
    NP_(
        "chuanpai",
        "After a win each loser pays the hu plus a base of 1: what one pays, what you collect.",
    ),
    _settlement,
    kinds=("each", "collect"),
    deals=12,
    rules_of=_players,
)


# --------------------------------------------------------------------------- bai to go out


def _bai_out(game: Any, state: Any, seat: int) -> Examined | None:
    """Several ways to bai the card: which one lets you go out?"""
    if state.phase != "claim" or seat != state.actor:
        return None
    legal = _legal(game, state, seat)
    bais = [a for a in legal if a.kind == "bai"]
    if len({a.cards for a in bais}) < 2:
        return None
    me = state.seats[seat]
    outs, stuck = [], []
    for a in bais:
        after = game.apply(state, a)
        if any(b.kind == "hu" for b in game.legal_actions(after, seat)):
            outs.append(a)
        else:
            stuck.append(a)
    if not outs or not stuck:
        return None
    key = _key(state, seat)
    texts = list(dict.fromkeys(_text(a) for a in outs))[:2]
    texts += list(dict.fromkeys(_text(a) for a in stuck))[:3]
    qi = [a for a in legal if a.kind == "qi"]
    texts += [_text(a) for a in qi]
    texts = _shuffled(texts, key)
    lines: list[Localized | None] = [
        offer_line(state, seat),
        guo_line(state, seat),
        NP_("chuanpai", "You could bai it in several ways. Which one lets you go out?"),
    ]
    q = Question(
        "choose-action",
        _prompt(lines),
        Query("chuanpai:goes-out"),
        ("going-out", "jier"),
        _lettered(texts),
        prompt_params=_params(state, seat, card=state.open_card),
        rating=1400 + 60 * len(texts) + 100 * bool(qi) + 60 * sum(me.hand) // 4,
    )
    return q, "qi" if qi else "bai"


theme(
    "bai-out",
    NP_("chuanpai", "The bai that goes out"),
    NP_(
        "chuanpai",
        "One card pairs with several of yours: pick the bai after which every card is in a group.",
    ),
    _bai_out,
    deals=20,
)
