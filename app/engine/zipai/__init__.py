"""字牌 · The 80-card word-card games: Hunan 跑胡子 and Guilin 大字牌.

One shared engine, and one small module per game (:mod:`.hunan`, :mod:`.guilin`)
holding its ``GAME`` (:class:`~app.engine.core.game.Game`) and default rules.

- :mod:`.cards`: the deck, tokens ``x1``..``x10`` (一..十) and ``d1``..``d10`` (壹..拾).
- :mod:`.melds`: the groups (门子) and their 胡息; :mod:`.bi`: 吃 and 比.
- :mod:`.decompose`: the best arrangement of a hand, waits (听牌).
- :mod:`.analysis`: ``analyze`` and ``waits`` as typed results.
- :mod:`.rules`: the rule options of each game (:class:`ZipaiRules`).
- :mod:`.state`: the values of a deal; :mod:`.deal`: dealing; :mod:`.offers`: whose
  decision a card on offer waits for; :mod:`.winning`: wins in play; :mod:`.machine`:
  ``legal_actions`` and ``apply``; :mod:`.reasons`: why an action is refused.
- :mod:`.settle`: the itemized count of a win.
- :mod:`.view`: what a seat may see; :mod:`.serial`: the position JSON;
  :mod:`.codec`: the one-line position code.
- :mod:`.players`: engine-driven players; :mod:`.play`: self-play;
  :mod:`.game`: the two games on the :class:`Game` interface.
"""
