"""打天九 · The Sichuan trick game (variant ``chuanpai-tricks``).

Three players, 28 cards each from the 84-card deck without 经牌. The 硬张 丁丁
(``12``) and 二红 (``24``) are never played: they are laid out at once and count.
A trick is led with a single card, a pair of identical cards or a combination
(天九 > 地八 > 人七 > 和五); each other player in turn must beat the best play
so far when able (same shape, same suit: 正门, red 点子 or black 点子 apart), else
covers the same number of cards face down. The winner of a trick lays out the
cards it played and leads the next. Whoever first has 16 cards laid out wins
(小胡; 21 一甲, 23 两甲, 翻 by 三红四黑); 15 laid out with 5 in hand may end the
deal as 脱手 (nobody wins or pays).

``GAME`` is the game on the one :class:`~app.engine.core.game.Game` interface. The
modules, along the game's seams:

================  ====================================================================
``rules``         the rule options (:class:`TrickRules`)
``plays``         suits, ranks, leads, what beats what, covers
``state``         the immutable deal (:class:`TrickState`), the fresh deal, checks
``offers``        the legal actions
``moves``         the state machine: a play, the end of a trick
``reasons``       why an action is refused, why a seat has nothing to do
``settle``        counting a pile (``analyze``), the settlement and the outcome
``players``       the engine's players
``view``          what a seat may see
``codec``         the one-line position code
``serial``        the position JSON (whole state and the short form)
``game``          :class:`TrickGame`, the interface
================  ====================================================================
"""

from app.engine.chuanpai.tricks.game import GAME, TrickGame
from app.engine.chuanpai.tricks.rules import TrickRules
from app.engine.chuanpai.tricks.state import TrickState

__all__ = ["GAME", "TrickGame", "TrickRules", "TrickState"]
