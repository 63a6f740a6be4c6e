"""Buggy models of the zipai games (Hunan paohuzi, Guilin dazipai), shared by both catalogs,
and the way both games' questions are worded from the catalogs.

A buggy model recomputes an answer the way a learner holding one wrong belief would;
when its answer equals the learner's (and differs from the engine's), the belief is
the diagnosis. Each game's module (``hunan.py``, ``guilin.py``) names the beliefs with
its own misconception codes and messages; nothing here knows a code.

- **Counting** (:func:`count_belief`): the engine's best arrangement recounted with a
  wrong huxi table: big groups scored as small ones, a peng scored like a kan, a pao like
  a ti, 1-2-3 / 2-7-10 worth nothing, a jiao worth as much as a kan, ...
- **Shapes** (:class:`Shapes`, :func:`complete_under`, :func:`waits_under`): which
  holdings are complete, and which cards complete a holding, for a learner who mixes
  sizes in a run, forgets 2-7-10 or the jiao, or breaks up a kan.
- **Priority** (:func:`first_jump`, :func:`order_actions`): where a learner's order of
  claims first departs from the engine's, and the two actions involved.
- **Wording** (:func:`said`, :func:`worded`, :func:`fill`, :func:`listed`,
  :func:`sentences`): a question's text made of catalog entries (``NP_``), in every
  language the app offers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from app.engine.core.actions import Action
from app.engine.core.results import Analysis, ScoredMeld
from app.engine.zipai.game import Meld, ZipaiGame, zipai_game
from app.learning.exercise import Exercise

Card = int
#: the deck and the groups' kinds, the same in both games (the family's game holds them)
CARDS = ZipaiGame.cards
MELDS = ZipaiGame.melds

# --------------------------------------------------------------------------- cards


def card_of(token: str) -> Card:
    return CARDS.TOKEN_INDEX[token]


def counts_of_tokens(tokens: Iterable[str]) -> list[int]:
    out = [0] * CARDS.KINDS
    for t in tokens:
        out[CARDS.TOKEN_INDEX[t]] += 1
    return out


def tokens_of_counts(counts: Sequence[int]) -> list[str]:
    return [CARDS.TOKENS[c] for c in range(CARDS.KINDS) for _ in range(counts[c])]


def red_tokens(tokens: Iterable[str]) -> list[str]:
    """The red cards (the twos, sevens and tens of both sizes) among ``tokens``."""
    return [t for t in tokens if CARDS.is_red(CARDS.TOKEN_INDEX[t])]


def big_tokens(tokens: Iterable[str]) -> list[str]:
    """The big cards (the upper-case numerals) among ``tokens``: "red" for a learner who believes the big
    cards are the red ones."""
    return [t for t in tokens if CARDS.is_big(CARDS.TOKEN_INDEX[t])]


# --------------------------------------------------------------------------- counting

#: kinds of three or four alike, with their huxi (small, big)
ALIKE_POINTS = {
    "peng": (1, 3),
    "kan": (3, 6),
    "wei": (3, 6),
    "chouwei": (3, 6),
    "pao": (6, 9),
    "ti": (9, 12),
}
RUN_KINDS = frozenset({"shun", "chi"})


def norm_kind(kind: str) -> str:
    """The engine's one name for a group kind (Guilin's ``sao`` is ``wei``, ...)."""
    return MELDS.KIND_ALIASES.get(kind, kind)


def _alike(kind: str, big: bool) -> int:
    small, large = ALIKE_POINTS[kind]
    return large if big else small


def _special(cards: Sequence[Card]) -> bool:
    return MELDS.run_points(sorted(cards), True) > 0


def _is_jiao(cards: Sequence[Card]) -> bool:
    return len({CARDS.value(c) for c in cards}) == 1 and len({CARDS.is_big(c) for c in cards}) == 2


def _big_as_small(kind: str, cards: Sequence[Card], pts: int) -> int:
    if not all(CARDS.is_big(c) for c in cards):
        return pts
    if kind in ALIKE_POINTS:
        return _alike(kind, False)
    if kind in RUN_KINDS:
        return MELDS.run_points(sorted(c - 10 for c in cards), True)
    return pts


def _swap(frm: str, to: str) -> Callable[[str, Sequence[Card], int], int]:
    def model(kind: str, cards: Sequence[Card], pts: int) -> int:
        return _alike(to, CARDS.is_big(cards[0])) if kind in (frm,) else pts

    return model


def _kan_as_peng(kind: str, cards: Sequence[Card], pts: int) -> int:
    return _alike("peng", CARDS.is_big(cards[0])) if kind in ("kan", "wei", "chouwei") else pts


def _special_zero(kind: str, cards: Sequence[Card], pts: int) -> int:
    return 0 if kind in RUN_KINDS and _special(cards) else pts


def _eaten_special_zero(kind: str, cards: Sequence[Card], pts: int) -> int:
    return 0 if kind == "chi" and _special(cards) else pts


def _jiao_as_kan(kind: str, cards: Sequence[Card], pts: int) -> int:
    if kind in ("jiao", "chi") and _is_jiao(cards):
        return _alike("kan", sum(CARDS.is_big(c) for c in cards) >= 2)
    return pts


#: belief → how a learner holding it scores one group (kind, cards, the right points)
COUNT_BELIEFS: dict[str, Callable[[str, Sequence[Card], int], int]] = {
    "big-as-small": _big_as_small,
    "peng-as-kan": _swap("peng", "kan"),
    "kan-as-peng": _kan_as_peng,
    "pao-as-ti": _swap("pao", "ti"),
    "ti-as-pao": _swap("ti", "pao"),
    "eaten-special-zero": _eaten_special_zero,
    "special-zero": _special_zero,
    "jiao-as-kan": _jiao_as_kan,
}


@dataclass(frozen=True, slots=True)
class Recount:
    """A total recounted under a belief, and the first group it scores differently."""

    belief: str
    total: int
    meld: ScoredMeld
    wrong: int  # the points the belief gives that group


def recount(melds: Sequence[ScoredMeld], belief: str) -> Recount | None:
    """The groups ``melds`` (an arrangement, or the groups on the table) counted under
    ``belief``; None when it changes nothing."""
    model = COUNT_BELIEFS[belief]
    total = 0
    first: tuple[ScoredMeld, int] | None = None
    for m in melds:
        pts = model(norm_kind(m.kind), [CARDS.TOKEN_INDEX[t] for t in m.cards], m.points)
        if pts != m.points and first is None:
            first = (m, pts)
        total += pts
    if first is None:
        return None
    return Recount(belief, total, first[0], first[1])


def count_belief(
    analysis: Analysis | None, given: int, beliefs: Sequence[str] | None = None
) -> Recount | None:
    """The first belief (in ``beliefs`` order) whose recount equals ``given``."""
    if analysis is None or analysis.points is None or given == analysis.points:
        return None
    for belief in beliefs or tuple(COUNT_BELIEFS):
        found = recount(analysis.melds, belief)
        if found is not None and found.total == given:
            return found
    return None


# --------------------------------------------------------------------------- shapes


@dataclass(frozen=True, slots=True)
class Shapes:
    """What a learner takes for a group of the concealed hand.

    The engine's own reading is ``Shapes()``; each flag is one wrong belief (or the
    ``yiwushi`` option of the table)."""

    mixed_runs: bool = False  # three consecutive values with the sizes mixed
    no_2710: bool = False  # 2-7-10 forgotten
    no_jiao: bool = False  # the jiao forgotten
    split_kan: bool = False  # three alike in the hand broken up
    yiwushi: bool = False


SHAPE_BELIEFS: dict[str, Shapes] = {
    "mixed-runs": Shapes(mixed_runs=True),
    "no-2710": Shapes(no_2710=True),
    "no-jiao": Shapes(no_jiao=True),
    "split-kan": Shapes(split_kan=True),
}


@cache
def _groups(shapes: Shapes) -> tuple[tuple[tuple[Card, ...], ...], ...]:
    """Per lowest card, the free-card groups (sorted) a learner with ``shapes`` sees."""
    found: set[tuple[Card, ...]] = set()
    for c in range(CARDS.KINDS):
        found.add((c, c))  # the pair (used only when one is wanted)
        if shapes.split_kan:
            found.add((c, c, c))
    for a in range(CARDS.KINDS):
        for b in range(a, CARDS.KINDS):
            for d in range(b, CARDS.KINDS):
                g = (a, b, d)
                va, vb, vd = sorted(CARDS.value(x) for x in g)
                sizes = {CARDS.is_big(x) for x in g}
                if va == vb == vd:
                    if len(sizes) == 2 and not shapes.no_jiao:
                        found.add(g)
                    continue
                if (len(sizes) == 1 or shapes.mixed_runs) and va + 1 == vb and vb + 1 == vd:
                    found.add(g)
                if len(sizes) == 1:
                    if (va, vb, vd) == (2, 7, 10) and not shapes.no_2710:
                        found.add(g)
                    if (va, vb, vd) == (1, 5, 10) and shapes.yiwushi:
                        found.add(g)
    per: list[list[tuple[Card, ...]]] = [[] for _ in range(CARDS.KINDS)]
    for group in sorted(found):
        per[group[0]].append(group)
    return tuple(tuple(p) for p in per)


def _split(counts: tuple[int, ...], pair: bool, shapes: Shapes) -> int:
    """The number of groups the free ``counts`` split into (one pair among them when
    ``pair``), or -1 when they cannot be split."""
    return _split_memo(counts, pair, shapes)


@cache
def _split_memo(counts: tuple[int, ...], pair: bool, shapes: Shapes) -> int:
    low = next((c for c in range(CARDS.KINDS) if counts[c]), None)
    if low is None:
        return -1 if pair else 0
    for g in _groups(shapes)[low]:
        is_pair = len(g) == 2
        if is_pair and not pair:
            continue
        rest = list(counts)
        ok = True
        for c in g:
            rest[c] -= 1
            if rest[c] < 0:
                ok = False
                break
        if not ok:
            continue
        sub = _split_memo(tuple(rest), pair and not is_pair, shapes)
        if sub >= 0:
            return sub + 1
    return -1


def complete_under(counts: Sequence[int], table: Sequence[Meld], shapes: Shapes) -> bool:
    """Whether a learner with ``shapes`` takes the holding for seven groups (menzi):
    concealed ``counts`` and the ``table`` groups."""
    free = list(counts)
    fixed = len(table)
    quads = sum(1 for m in table if m.is_quad)
    for c, n in enumerate(counts):
        if n == 4:
            free[c], fixed, quads = 0, fixed + 1, quads + 1
        elif n == 3 and not shapes.split_kan:
            free[c], fixed = 0, fixed + 1
    groups = _split(tuple(free), quads > 0, shapes)
    return groups >= 0 and fixed + groups == 7


def waits_under(counts: Sequence[int], table: Sequence[Meld], shapes: Shapes) -> frozenset[str]:
    """The cards that complete the holding (one card short) for a learner with ``shapes``."""
    used = list(counts)
    for m in table:
        for c in m.cards:
            used[c] += 1
    out = set()
    for c in range(CARDS.KINDS):
        if used[c] >= 4:
            continue
        more = list(counts)
        more[c] += 1
        if complete_under(more, table, shapes):
            out.add(CARDS.TOKENS[c])
    return frozenset(out)


def shape_belief_of_waits(
    counts: Sequence[int],
    table: Sequence[Meld],
    given: frozenset[str],
    right: frozenset[str],
    beliefs: Sequence[str] | None = None,
) -> str | None:
    """The first shape belief whose waits are exactly the learner's (and not the right ones)."""
    if given == right:
        return None
    for belief in beliefs or tuple(SHAPE_BELIEFS):
        if waits_under(counts, table, SHAPE_BELIEFS[belief]) == given:
            return belief
    return None


def shape_belief_of_win(
    counts: Sequence[int], table: Sequence[Meld], beliefs: Sequence[str] | None = None
) -> str | None:
    """The first shape belief under which an incomplete holding looks complete."""
    for belief in beliefs or tuple(SHAPE_BELIEFS):
        if complete_under(counts, table, SHAPE_BELIEFS[belief]):
            return belief
    return None


def _arrangement(counts: tuple[int, ...], pair: bool, shapes: Shapes) -> list[tuple[Card, ...]]:
    """One split of the free ``counts`` that :func:`_split` found (it must exist)."""
    out: list[tuple[Card, ...]] = []
    while any(counts):
        low = next(c for c in range(CARDS.KINDS) if counts[c])
        for g in _groups(shapes)[low]:
            if len(g) == 2 and not pair:
                continue
            rest = list(counts)
            for c in g:
                rest[c] -= 1
            if min(rest) < 0:
                continue
            more = pair and len(g) != 2
            if _split_memo(tuple(rest), more, shapes) >= 0:
                out.append(g)
                counts, pair = tuple(rest), more
                break
    return out


def group_seen_as(counts: Sequence[int], table: Sequence[Meld], shapes: Shapes) -> tuple[str, ...]:
    """The first group a learner with ``shapes`` makes of the holding that the rules do
    not allow (for the message's parameters), or ``()``."""
    free = list(counts)
    quads = sum(1 for m in table if m.is_quad)
    for c, n in enumerate(counts):
        if n == 4 or (n == 3 and not shapes.split_kan):
            free[c] = 0
            quads += n == 4
    if _split(tuple(free), quads > 0, shapes) < 0:
        return ()
    right = {g for per in _groups(Shapes(yiwushi=shapes.yiwushi)) for g in per}
    for g in _arrangement(tuple(free), quads > 0, shapes):
        if g not in right or (len(g) == 3 and len(set(g)) == 1):
            return tuple(CARDS.TOKENS[c] for c in g)
    return ()


# --------------------------------------------------------------------------- priority


def first_jump(right: Sequence[str], given: Sequence[str]) -> tuple[str, str] | None:
    """Where ``given`` first departs from ``right``: (the item put too early, the item
    that should have come there)."""
    for r, g in zip(right, given, strict=False):
        if r != g:
            return g, r
    return None


def order_actions(ex: Exercise) -> Mapping[str, Action]:
    """The claims of an order exercise, by choice id (``"<seat>: <action>"``)."""
    out = {}
    for ch in ex.choices:
        if ch.action and ":" in ch.action:
            seat, _, act = ch.action.partition(":")
            out[ch.id] = Action.parse(act.strip(), int(seat))
    return out


def meld_worth(text: str, game: str) -> int:
    """What the group ``"kind: cards"`` is worth at ``game``'s default rules (huxi); the
    colon may be the full-width one."""
    kind, _, cards = text.replace("\uff1a", ":").partition(":")
    rules = zipai_game(game).default_rules
    return MELDS.meld_of(kind.strip(), cards, rules.yiwushi).points(rules.yiwushi)
