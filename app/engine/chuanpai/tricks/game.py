"""打天九 on the one :class:`~app.engine.core.game.Game` interface (``chuanpai-tricks``)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from app.engine.chuanpai.base import ChuanpaiGame, Parts
from app.engine.chuanpai.cards import check_deck_copies, deck, parse_tokens
from app.engine.chuanpai.tricks import codec, moves, offers, plays, reasons, serial, settle
from app.engine.chuanpai.tricks.players import SimplePlayer
from app.engine.chuanpai.tricks.plays import Play as Play  # a play's type, for the teaching
from app.engine.chuanpai.tricks.rules import DEFAULT_RULES, HAND, PLAYERS, VARIANT, TrickRules
from app.engine.chuanpai.tricks.state import TrickState as TrickState  # the state, for the teaching
from app.engine.chuanpai.tricks.state import broken, new_deal, no_tian_no_jiu, problems
from app.engine.chuanpai.tricks.strong import StrongPlayer
from app.engine.chuanpai.tricks.view import view
from app.engine.core.errors import EngineError
from app.engine.core.game import Player
from app.engine.core.registry import find_game, find_variant
from app.engine.core.results import Analysis, Holding, Wait


def _acting(state: TrickState) -> int:
    return state.turn


PARTS: Parts[TrickState] = Parts(
    acting=_acting,
    offers=offers.legal_actions,
    explain=reasons.explain,
    refuse_other=reasons.refusal_for_other,
    idle=reasons.no_action_reason,
    foul_codes=reasons.FOUL_CODES,
    do=moves.do,
    outcome=settle.outcome,
    view=view,
    broken=broken,
    encode=codec.encode,
    decode=codec.decode,
    encode_view=codec.encode_view,
    decode_view=codec.decode_view,
    to_json=serial.to_json,
    whole_key="hands",
    from_json=serial.from_json,
    one_seat=serial.one_seat,
    problems=problems,
    ended=settle.ended,
)


class TrickGame(ChuanpaiGame[TrickState, TrickRules]):
    """The trick game 打天九: legal plays, the deal, counting a pile, codes.

    ``analyze`` counts a laid-out pile (the holding's cards); the context option
    ``in_hand`` (cards left in hand) decides 脱手 at 15. There is no ``waits``.
    """

    info = find_variant("chuanpai-tricks")
    default_rules = DEFAULT_RULES
    context_options = frozenset({"in_hand"})
    parts = PARTS

    # ---------------------------------------------- the teaching surface (read-only)
    # What the game's teaching (``app/teaching/chuanpai_tricks/``) asks of the game
    # beyond the ``Game`` interface, typed; each delegates to the module that does it.

    #: the cards: the two hard cards (硬张, laid out, never played), each card's suit
    #: (civil, red or black) and its rank in it, the red cards that count for 翻
    hard_cards: Final = plays.HARD
    suits: Final = plays.SUIT
    ranks: Final = plays.RANK
    red_cards: Final = settle.RED_CARDS
    #: the number of card kinds the game plays with (the faces, no 经 cards)
    face_count: Final = plays.N
    #: plays: the named combinations, what a set of cards plays as, a play's rank,
    #: cards in the order plays keep them, every lead a hand (counts by kind) can make
    combos: Final = plays.COMBOS
    classify: Final = staticmethod(plays.classify)
    rank_of: Final = staticmethod(plays.rank_of)
    in_order: Final = staticmethod(plays.in_order)
    leads_in: Final = staticmethod(plays.leads_in)
    #: how many cards the trick's lead has; whether a dealt hand is 无天无九 (a redeal)
    lead_size: Final = staticmethod(offers.lead_size)
    no_tian_no_jiu: Final = staticmethod(no_tian_no_jiu)
    #: a pile's count (its level and 翻), with so many cards still in hand
    count_pile: Final = staticmethod(settle.count_pile)

    def table_size(self, rules: TrickRules) -> int:
        return PLAYERS

    def deck(self, rules: TrickRules) -> tuple[str, ...]:
        """The 84 cards, no 经牌 (the laid-out 硬张 and the piles sit in the view's extras)."""
        return tuple(sorted(deck(False)))

    def seats(self, state: TrickState) -> int:
        return PLAYERS

    def new_deal(self, rules: TrickRules, rng: random.Random, dealer: int = 0) -> TrickState:
        return new_deal(rules, rng, dealer)

    def players(self) -> Mapping[str, type[Player] | Any]:
        return {"simple": SimplePlayer, "strong": StrongPlayer}

    # -- holdings: a laid-out pile ----------------------------------------------------

    def holding(
        self,
        hand: str,
        melds: Sequence[tuple[str, str]] = (),
        context: Mapping[str, str] | None = None,
        rules: TrickRules | None = None,
    ) -> Holding:
        if melds:
            raise EngineError("unknown-meld-kind", kind=melds[0][0])
        pile = parse_tokens(hand or "", "tricks")
        check_deck_copies(pile, False)
        return Holding(pile, (), {"in_hand": _in_hand(context or {})})

    def analyze(self, holding: Holding, rules: TrickRules) -> Analysis:
        return settle.analyze(holding.hand, holding.context.get("in_hand"), rules)

    def waits(self, holding: Holding, rules: TrickRules) -> list[Wait]:
        raise EngineError("unsupported-verb", verb="waits", variant=VARIANT)

    def seat_holding(self, state: TrickState, seat: int) -> Holding:
        return Holding(state.piles[seat], (), {"in_hand": sum(state.hands[seat])})


def _in_hand(context: Mapping[str, str]) -> int | None:
    value = context.get("in_hand")
    if value is None:
        return None
    text = str(value).strip()
    if not text.isdigit() or int(text) > HAND:
        raise EngineError("bad-option", option="in_hand", value=str(value))
    return int(text)


GAME = TrickGame()


def trick_game() -> TrickGame:
    """The registry's trick game (``chuanpai-tricks``), typed as what it is."""
    game = find_game("chuanpai-tricks")
    assert isinstance(game, TrickGame)
    return game
