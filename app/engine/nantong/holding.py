"""A player's cards to judge: read from text (:func:`read_holding`), then ``analyze``/``waits``.

The context of a holding (the command line's ``--option`` that describe the hand, not
the table; :data:`CONTEXT_OPTIONS`):

- ``generals=hh,3t`` (alias ``general``): the turned general cards (翻将), two for 双将,
  one for 单将; none given: no card turned (only 老将 / 常将 count as 将).
- ``qishou=hh,5t``: concealed groups of these kinds were dealt (起手), not drawn later.
- ``win=5w``: the last card (丫子 / 拖尾 / 吊头); it must be in the hand.
- ``zimo``, ``gangkai``, ``haidi``, ``tiancheng``, ``dihu``, ``tianting`` (``zhezhuang``,
  ``baoting``) = yes/no: how the hand went out (海底捞月 and 天成 are self-drawn: 自摸 too).

``Holding.context`` holds these in canonical text; ``Holding.data`` the parsed form.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason
from app.engine.core.results import Analysis, Holding, MeldSpec, Wait
from app.engine.core.rules import parse_bool
from app.engine.nantong.analyze import hand_size
from app.engine.nantong.cards import (
    NPLAIN,
    cards_of,
    check_deck,
    counts_of,
    hand_tokens,
    parse_card,
    parse_cards,
    token,
    tokens,
)
from app.engine.nantong.count import TYPES, WinContext, count_hand
from app.engine.nantong.judge import judge, scored_melds, waits
from app.engine.nantong.melds import Meld, parse_meld
from app.engine.nantong.rules import Generals, Rules, parse_generals

VARIANT, UNIT = "nantong", "hu"
FLAGS = {
    "zimo": "zimo",
    "gangkai": "gangkai",
    "haidi": "haidi",
    "tiancheng": "tiancheng",
    "dihu": "dihu",
    "tianting": "tianting",
    "zhezhuang": "tianting",
    "baoting": "tianting",
}
FLAG_ATTRS = ("zimo", "gangkai", "haidi", "tiancheng", "dihu", "tianting")
CONTEXT_OPTIONS = frozenset(FLAGS) | {"generals", "general", "win", "qishou"}
_PLAIN = WinContext()


@dataclass(frozen=True, slots=True)
class Parsed:
    """A holding as the judge reads it (counts per kind, melds, 将 situation, context)."""

    rules: Rules
    counts: tuple[int, ...]
    melds: tuple[Meld, ...]
    gen: Generals
    ctx: WinContext


def read_holding(
    hand: str,
    melds: Sequence[tuple[str, str]] = (),
    context: Mapping[str, object] | None = None,
    rules: Rules | None = None,
) -> Holding:
    """Read a holding (``unknown-card``, ``too-many-copies``, ``bad-meld``, ``bad-option``)."""
    rules = rules or Rules()
    opts = {str(k).strip().lower(): str(v) for k, v in (context or {}).items()}
    for k, v in opts.items():
        if k not in CONTEXT_OPTIONS:
            raise EngineError("bad-option", option=k, value=v)
    gen = parse_generals(opts.get("generals", opts.get("general")), rules)
    cards = parse_cards(hand, rules.xi)
    ms = tuple(parse_meld(k, v, rules.xi, gen.turned) for k, v in melds)
    _check_copies(cards, gen.cards, ms)
    ctx = _win_context(opts, rules)
    if ctx.win_card is not None and ctx.win_card not in cards:
        raise EngineError("bad-option", option="win", value=token(ctx.win_card))
    return make_holding(rules, tuple(counts_of(cards)), ms, gen, ctx)


def _check_copies(cards: Sequence[int], turned: Sequence[int], melds: Sequence[Meld]) -> None:
    """``too-many-copies`` when the cards use a kind more often than the deck holds."""
    counts = counts_of([*cards, *turned, *(c for m in melds for c in m.cards)])
    if max(counts[:NPLAIN]) > 4 or max(counts[NPLAIN:]) > 1:
        check_deck(cards_of(counts))  # names the card


def _win_context(opts: Mapping[str, str], rules: Rules) -> WinContext:
    if not opts.keys() - {"generals", "general"}:
        return _PLAIN  # nothing said of how the hand went out
    flags = dict.fromkeys(FLAG_ATTRS, False)
    for name, attr in FLAGS.items():
        if name in opts:
            flags[attr] = flags[attr] or parse_bool(name, opts[name])
    win = parse_card(opts["win"], rules.xi) if opts.get("win", "").strip() else None
    qishou = frozenset(parse_cards(opts.get("qishou", ""), rules.xi))
    return WinContext(win_card=win, qishou=qishou, **flags)


def make_holding(
    rules: Rules, counts: tuple[int, ...], melds: tuple[Meld, ...], gen: Generals, ctx: WinContext
) -> Holding:
    """The :class:`Holding` of parsed cards, its context in canonical text."""
    context: dict[str, str] = {}
    if gen.cards:
        context["generals"] = ",".join(tokens(gen.cards))
    if ctx.qishou:
        context["qishou"] = ",".join(tokens(sorted(ctx.qishou)))
    if ctx.win_card is not None:
        context["win"] = token(ctx.win_card)
    if ctx is not _PLAIN:
        context.update((attr, "yes") for attr in FLAG_ATTRS if getattr(ctx, attr))
    return Holding(
        hand=hand_tokens(counts),
        melds=tuple(MeldSpec(m.made, tuple(tokens(m.cards))) for m in melds),
        context=context,
        data=Parsed(rules, counts, melds, gen, ctx),
    )


def size_gap(h: Holding, rules: Rules) -> int:
    """How many cards the hand lacks to be judged as a whole hand (0: analyze, 1: waits)."""
    p = h.data
    if not isinstance(p, Parsed):
        melds = [(m.kind, " ".join(m.cards)) for m in h.melds]
        p = read_holding(" ".join(h.hand), melds, h.context, rules).data
        assert isinstance(p, Parsed)
    return hand_size(p.melds) - sum(p.counts)


def _parsed(h: Holding, rules: Rules, short: int) -> Parsed:
    """The parsed holding under ``rules``, ``bad-hand-size`` unless ``short`` cards short."""
    p = h.data
    if not isinstance(p, Parsed) or (p.rules is not rules and p.rules != rules):
        melds = [(m.kind, " ".join(m.cards)) for m in h.melds]
        p = read_holding(" ".join(h.hand), melds, h.context, rules).data
        assert isinstance(p, Parsed)
    expected = hand_size(p.melds) - short
    if sum(p.counts) != expected:
        raise EngineError("bad-hand-size", count=sum(p.counts), expected=expected)
    return p


def analyze(h: Holding, rules: Rules) -> Analysis:
    """Complete? The arrangement that counts most, itemized (always a win: no minimum)."""
    p = _parsed(h, rules, 0)
    v = judge(p.counts, p.melds, p.gen, rules, p.ctx)
    setting = {"rules": rules.to_json(), "generals": p.gen.to_json()}
    if v.arrangement is None:
        # 不管是否胡牌都可以有胡算: what these cards count for a player who did not go out
        nonwinner = count_hand(p.counts, p.melds, p.gen, rules, p.ctx.qishou)
        extra = {"nonwinner_count": nonwinner, **setting}
        return Analysis(VARIANT, False, False, None, UNIT, reason=_NOT_COMPLETE, extra=extra)
    return Analysis(
        VARIANT,
        complete=True,
        win=True,
        points=v.points,
        unit=UNIT,
        melds=scored_melds(v, p.gen, p.ctx),
        count=v.count,
        extra={
            "hand_type": TYPES[v.arrangement.hand_type],
            "wild_as": tuple(tokens(v.arrangement.wild_as)),
            **setting,
        },
    )


_NOT_COMPLETE = Reason("nt-not-complete")


def wait_list(h: Holding, rules: Rules) -> list[Wait]:
    """Every card completing a hand one short, with the 胡 of the best count it allows."""
    p = _parsed(h, rules, 1)
    return [Wait(token(k), pts) for k, pts in waits(p.counts, p.melds, p.gen, rules, p.ctx)]
