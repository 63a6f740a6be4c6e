"""南通长牌·笃子胡 · Nantong Changpai (Duzihu): 双将 and 单将, with the full 胡 count.

Modules, each depending only on the ones before it:

- :mod:`.cards` — the deck (120 cards, optionally the five 喜), tokens and names.
- :mod:`.rules` — rule options (:class:`~.rules.Rules`) and the 将 situation of the
  turned general cards (:class:`~.rules.Generals`): which row of the 胡 table a card uses.
- :mod:`.melds` — laid-down groups and how each group was made.
- :mod:`.analyze` — arranging a hand into pair + seven groups (清胡, 飘胡, 塌子胡).
- :mod:`.count` — the 胡 count as a registry of small units, every line a CountLine.
- :mod:`.judge` — the best arrangement of a hand and its count; the waits.
- :mod:`.holding` — a player's cards read from text; ``analyze`` and ``waits``.
- :mod:`.state` — the deal as an immutable value, its invariants.
- :mod:`.play` — the state machine: ``new_deal``, ``legal_actions``, ``advance``.
- :mod:`.refusals` — ``why_illegal`` (the rule that forbids), the checked ``apply``.
- :mod:`.outcome` — the settlement of a finished deal.
- :mod:`.view` — what a seat may see.
- :mod:`.position` — the position JSON; :mod:`.codec` — the one-line position code.
- :mod:`.players` — the engine's players.
- :mod:`.game` — ``GAME``, the :class:`~app.engine.core.game.Game` of the registry.
"""

from __future__ import annotations


def clear_caches() -> None:
    """Empty every memo (the per-suit splits, the 将 situations, the hands judged, the
    cards written and read): for cold benchmarks."""
    from app.engine.core.memo import clear_caches as clear_memos
    from app.engine.nantong import analyze, cards, codec, judge, rules, state, view  # noqa: F401

    clear_memos("app.engine.nantong")  # every bounded memo of the modules loaded above
    rules.clear_cache()
