"""南通长牌·笃子胡 · Nantong Changpai (Duzihu): 双将 and 单将, with the full 胡 count.

Modules, each depending only on the ones before it:

- :mod:`.cards` — the deck (120 cards, optionally the five 喜), tokens and names.
- :mod:`.rules` — rule options (:class:`~.rules.Rules`) and the 将 situation of the
  turned general cards (:class:`~.rules.Generals`): which row of the 胡 table a card uses.
- :mod:`.melds` — laid-down groups and how each group was made.
- :mod:`.analyze` — arranging a hand into pair + seven groups (清胡, 飘胡, 塌子胡).
- :mod:`.count` — the 胡 count as a registry of small units, every line a CountLine.
- :mod:`.state` — the deal as an immutable state: ``legal_actions`` and ``apply``.
- :mod:`.players` — engine-driven players and one self-played deal.
- :mod:`.game` — the CLI hooks.
"""
