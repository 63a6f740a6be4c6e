"""The 字牌 games on the one :class:`~app.engine.core.game.Game` interface.

:class:`ZipaiGame` holds what both games share; :mod:`.hunan` and :mod:`.guilin` each
make one ``GAME`` with its variant entry and default rules. States are
:class:`~app.engine.zipai.state.State` values; the position JSON is
:mod:`.serial`'s, the position code :mod:`.codec`'s.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from app.engine.core.actions import Action
from app.engine.core.errors import Detail
from app.engine.core.game import Game
from app.engine.core.reason import Reason
from app.engine.core.results import Analysis, Holding, Outcome, SelfplayStats, View, Wait
from app.engine.zipai import analysis, codec, machine, reasons, serial
from app.engine.zipai.deal import deal
from app.engine.zipai.offers import decider, to_move
from app.engine.zipai.players import SimplePlayer
from app.engine.zipai.rules import ZipaiRules
from app.engine.zipai.state import SEATS, State, check_invariants
from app.engine.zipai.strong import StrongPlayer
from app.engine.zipai.view import outcome, view


@dataclass(frozen=True, slots=True)
class OfferStage:
    """``stage``: the stage of the offer decided now (``None`` when nobody may act on the
    card on offer)."""

    stage: str | None


class ZipaiGame(Game[State, ZipaiRules]):
    """Hunan 跑胡子 or Guilin 大字牌 (subclasses set ``info`` and ``default_rules``)."""

    def table_size(self, rules: ZipaiRules) -> int:
        return SEATS

    # -- holdings ------------------------------------------------------------------

    def holding(
        self,
        hand: str,
        melds: Sequence[tuple[str, str]] = (),
        context: Mapping[str, str] | None = None,
        rules: ZipaiRules | None = None,
    ) -> Holding:
        return analysis.read(hand, melds, rules or self.default_rules)

    def size_gap(self, holding: Holding, rules: ZipaiRules) -> int | None:
        return analysis.size_gap(holding, rules)

    def analyze(self, holding: Holding, rules: ZipaiRules) -> Analysis:
        return analysis.analyze(holding, rules)

    def waits(self, holding: Holding, rules: ZipaiRules) -> list[Wait]:
        return analysis.waits(holding, rules)

    # -- deals ---------------------------------------------------------------------

    def new_deal(self, rules: ZipaiRules, rng: random.Random, dealer: int = 0) -> State:
        return deal(rules, rng, dealer)

    def seats(self, state: State) -> int:
        return SEATS

    def to_act(self, state: State) -> int | None:
        return to_move(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return machine.legal_actions(state, seat)

    def why_illegal(self, state: State, action: Action) -> Reason | None:
        return reasons.why_illegal(state, action)

    def apply(self, state: State, action: Action) -> State:
        return machine.apply(state, action)

    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def phase(self, state: State) -> str:
        return state.phase

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def view(self, state: State, seat: int | None) -> View:
        return view(state, seat)

    def rules_of(self, state: State) -> ZipaiRules:
        return state.rules

    def seat_holding(self, state: State, seat: int) -> Holding | None:
        s = state.seats[seat]
        return analysis.holding_of(s.hand, s.melds, state.rules)

    def check_invariants(self, state: State) -> Detail | None:
        return check_invariants(state)

    def describe(self, state: State) -> OfferStage | None:
        """In the ``offer`` phase, the stage of the offer decided now."""
        if state.phase != "offer":
            return None
        d = decider(state)
        return OfferStage(None if d is None else d[0])

    def no_action_reason(self, state: State, seat: int) -> Reason:
        return reasons.no_action_reason(state, seat)

    # -- players -------------------------------------------------------------------

    def players(self) -> Mapping[str, type[SimplePlayer] | type[StrongPlayer]]:
        return {"simple": SimplePlayer, "strong": StrongPlayer}

    def selfplay(self, rules: ZipaiRules, games: int, seed: int) -> SelfplayStats:
        """Deals as at a table: the winner deals next (after 荒庄 the dealer keeps the
        deal, three 荒庄 in a row pass it on)."""
        from app.engine.zipai.play import selfplay

        return selfplay(rules, games, seed)

    # -- position code and JSON ----------------------------------------------------

    def encode(self, state: State) -> str:
        return codec.encode(state, self.default_rules)

    def decode(self, code: str) -> State:
        return codec.decode(code, self.default_rules)

    def encode_view(self, state: State, seat: int) -> str:
        return codec.encode_view(state, seat, self.default_rules)

    def decode_view(self, code: str) -> View:
        return codec.decode_view(code, self.default_rules)

    def to_json(self, state: State) -> dict[str, Any]:
        return serial.to_json(state)

    def read_position(self, data: Mapping[str, Any], options: Mapping[str, str]) -> State:
        """The position JSON (:func:`serial.to_json`'s, or a hand-written one where only
        ``seats`` is required); ``options`` (the CLI's) override the position's."""
        rules = serial.read_rules(self.default_rules, data.get("options"), options)
        return serial.from_json(data, rules)
