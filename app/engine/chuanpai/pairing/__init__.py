"""挤儿 · The Sichuan pairing game (variant ``chuanpai``).

Pair the cards two by two into 挤儿 (sums of 10 or 20), lay groups of alike cards
(暗, 碰, 亮, 起, 扛) and the 燕 of three sevens; the first player whose every card
is in a group goes out (和牌) and is paid its 胡 plus a base of 1 by each other
player. With the rule option ``fouls=end-deal`` an action that breaks an obligation
of the source is not refused but ends the deal as a foul (犯规), as at a real table.

``GAME`` is the game on the one :class:`~app.engine.core.game.Game` interface. The
modules, along the game's seams:

================  ====================================================================
``rules``         the rule options (:class:`PairingRules`) and the deal sizes
``state``         the immutable deal (:class:`PairingState`), the fresh deal, checks
``offers``        the legal actions and their obligations
``moves``         the state machine: what each action does
``reasons``       why an action is refused, why a seat has nothing to do
``settle``        ``analyze``, ``waits``, the settlement and the outcome
``players``       the engine's players
``view``          what a seat may see
``codec``         the one-line position code
``serial``        the position JSON (whole state and the one-seat short form)
``game``          :class:`PairingGame`, the interface
================  ====================================================================
"""

from app.engine.chuanpai.pairing.game import GAME, PairingGame
from app.engine.chuanpai.pairing.rules import PairingRules
from app.engine.chuanpai.pairing.state import PairingState, SeatState

__all__ = ["GAME", "PairingGame", "PairingRules", "PairingState", "SeatState"]
