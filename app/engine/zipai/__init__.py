"""字牌 · The 80-card word-card games: Hunan 跑胡子 and Guilin 大字牌.

A shared core (cards, groups, decomposition, the deal state machine, settlement,
players) with one small module per game (:mod:`.hunan`, :mod:`.guilin`) holding
that game's rule set and the CLI hooks.

- :mod:`.cards`: the deck, tokens ``x1``..``x10`` (一..十) and ``d1``..``d10`` (壹..拾).
- :mod:`.melds`: the groups (门子) and their 胡息.
- :mod:`.decompose`: the best arrangement of a hand, waits (听牌).
- :mod:`.rules`: the rule options of each game (:class:`ZipaiRules`).
- :mod:`.state`: a whole deal as an immutable state machine, ``legal_actions``/``apply``;
  :mod:`.bi` (吃 and 比), :mod:`.reasons` (why an action is refused), :mod:`.serial` (JSON).
- :mod:`.settle`: the itemized count of a win.
- :mod:`.players`: engine-driven players; :mod:`.play`: self-play.
"""
