"""The CLI hooks for ``nantong`` (see ``shared/contracts/engine-cli.md``).

Beyond the contract (documented in ``docs/engine.md (Nantong)``):

- ``--option generals=hh,3t`` (alias ``general``): the turned general cards (翻将), two
  for 双将, one for 单将; none given: no card turned (only 老将 / 常将 count as 将).
- meld kinds say how each laid-down group was made: ``peng``, ``an-ke``, ``ming-gang``
  (``gang``), ``an-gang`` (``houmo``), ``long`` (``long-qishou``, ``jiaopai``).
- ``--option qishou=hh,5t``: concealed groups of these kinds were dealt (起手), not
  drawn later (后摸) (matters for the turned general's kind).
- ``--option win=5t`` the last card; ``zimo``, ``gangkai``, ``haidi``, ``tiancheng``,
  ``dihu``, ``tianting`` (``zhezhuang``) = yes/no; ``wenqian_four`` = 0|200;
  ``qionghen``, ``final_round`` = yes/no.
"""

from __future__ import annotations

from typing import Any

from app.engine.core.errors import EngineError
from app.engine.nantong.analyze import hand_size
from app.engine.nantong.cards import check_deck, counts_of, parse_card, parse_cards, token
from app.engine.nantong.count import WinContext, count_hand
from app.engine.nantong.judge import judge, verdict_json, waits
from app.engine.nantong.melds import Meld, parse_meld
from app.engine.nantong.rules import Generals, Rules, parse_bool, parse_generals, rules_from_options

VARIANT = "nantong"
FLAG_OPTIONS = {
    "zimo": "zimo",
    "gangkai": "gangkai",
    "haidi": "haidi",
    "tiancheng": "tiancheng",
    "dihu": "dihu",
    "tianting": "tianting",
    "zhezhuang": "tianting",
    "baoting": "tianting",
}
KNOWN_OPTIONS = set(FLAG_OPTIONS) | {
    "generals",
    "general",
    "win",
    "qishou",
    "wenqian_four",
    "qionghen",
    "final_round",
}


def _setting(req: Any) -> tuple[Rules, Generals, WinContext]:
    opts = {str(k).strip().lower(): str(v) for k, v in dict(req.options).items()}
    for k in opts:
        if k not in KNOWN_OPTIONS:
            raise EngineError("bad-option", option=k, value=opts[k])
    rules = rules_from_options(req.generals, bool(req.xi), opts)
    gen = parse_generals(opts.get("generals", opts.get("general")), rules)
    flags = {attr: False for attr in set(FLAG_OPTIONS.values())}
    for name, attr in FLAG_OPTIONS.items():
        if name in opts:
            flags[attr] = flags[attr] or parse_bool(name, opts[name])
    win = parse_card(opts["win"], rules.xi) if opts.get("win", "").strip() else None
    qishou = frozenset(parse_cards(opts.get("qishou", ""), rules.xi))
    ctx = WinContext(win_card=win, qishou=qishou, **flags)
    return rules, gen, ctx


def _read(req: Any, short: int) -> tuple[Rules, Generals, WinContext, list[int], tuple[Meld, ...]]:
    rules, gen, ctx = _setting(req)
    hand = parse_cards(req.hand or "", rules.xi)
    melds = tuple(parse_meld(k, v, rules.xi, gen.turned) for k, v in req.melds)
    everything = list(hand) + list(gen.cards) + [c for m in melds for c in m.cards]
    check_deck(everything)
    expected = hand_size(melds) - short
    if len(hand) != expected:
        raise EngineError("bad-hand-size", count=len(hand), expected=expected)
    if ctx.win_card is not None and ctx.win_card not in hand:
        raise EngineError("bad-option", option="win", value=token(ctx.win_card))
    return rules, gen, ctx, counts_of(hand), melds


def cli_analyze(req: Any) -> dict[str, Any]:
    rules, gen, ctx, counts, melds = _read(req, 0)
    v = judge(counts, melds, gen, rules, ctx)
    out: dict[str, Any] = {
        "variant": VARIANT,
        "complete": v.complete,
        "win": v.complete,
        "points": v.points,
        "unit": "hu",
    }
    body = verdict_json(v, gen, ctx, counts)
    out["melds"] = body.pop("melds")
    body.pop("complete")
    body.pop("points")
    out.update(body)
    if not v.complete:
        out["reason"] = {"code": "nt-not-complete", "params": {}}
        # 不管是否胡牌都可以有胡算: what these cards count for a player who did not go out
        out["nonwinner_count"] = count_hand(counts, melds, gen, rules, ctx.qishou).to_json()
    out["rules"] = rules.to_json()
    out["generals"] = gen.to_json()
    return out


def cli_waits(req: Any) -> dict[str, Any]:
    rules, gen, ctx, counts, melds = _read(req, 1)
    ws = waits(counts, melds, gen, rules, ctx)
    return {
        "variant": VARIANT,
        "waits": [{"card": token(k), "points": p} for k, p in ws],
        "unit": "hu",
    }


def cli_selfplay(req: Any) -> dict[str, Any]:
    import random

    from app.engine.core.selfplay import DealResult, run_selfplay
    from app.engine.nantong.players import deal_result

    opts = {str(k).strip().lower(): str(v) for k, v in dict(req.options).items()}
    for k in opts:
        if k not in ("wenqian_four", "qionghen", "final_round"):
            raise EngineError("bad-option", option=k, value=opts[k])
    rules = rules_from_options(req.generals, bool(req.xi), opts)

    def play(rng: random.Random, index: int) -> DealResult:
        return deal_result(rules, rng, index)

    out = run_selfplay(VARIANT, 4, int(req.games), int(req.seed), play)
    out["rules"] = rules.to_json()
    return out


def cli_options(req: Any) -> dict[str, Any]:
    """Legal actions of the seat on turn in the position (a :class:`State` JSON)."""
    from app.engine.nantong.state import State, legal_actions

    pos = dict(req.position or {})
    state = State.from_json(pos)
    seat = state.turn
    if "seat" in req.options:
        try:
            seat = int(req.options["seat"])
        except ValueError:
            raise EngineError("bad-option", option="seat", value=req.options["seat"]) from None
    return {
        "variant": VARIANT,
        "seat": seat,
        "phase": state.phase,
        "actions": [a.to_json() for a in legal_actions(state, seat)],
    }
