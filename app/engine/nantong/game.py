"""南通长牌·笃子胡 as a :class:`~app.engine.core.game.Game`: ``GAME``, the registry's entry.

Each hook hands over to the module that does the work (see the package docstring).
Beyond the interface (documented in ``docs/engine.md``, Nantong):

- the rule option ``generals`` (1 单将 | 2 双将) and ``xi`` also come from the command
  line's ``--generals N`` and ``--xi`` (:meth:`NantongGame.cli_rules`), while
  ``--option generals=hh,3t`` names the turned general cards: a holding's context
  (:data:`~.holding.CONTEXT_OPTIONS`), never a rule;
- ``describe`` adds ``generals`` (the turned cards), ``stock_size`` and ``sits_out``
  (the 定醒 seat) to the ``options`` answer.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from app.engine.core.actions import Action
from app.engine.core.errors import Detail
from app.engine.core.game import Game
from app.engine.core.reason import Reason
from app.engine.core.registry import VariantInfo, find_variant
from app.engine.core.results import Analysis, Holding, Outcome, View, Wait
from app.engine.nantong import codec, holding, play, position, refusals
from app.engine.nantong.cards import tokens
from app.engine.nantong.count import WinContext
from app.engine.nantong.outcome import outcome
from app.engine.nantong.players import PLAYERS
from app.engine.nantong.rules import Rules
from app.engine.nantong.state import OVER, SEATS, State, check_invariants
from app.engine.nantong.view import view


@dataclass(frozen=True, slots=True)
class TableFacts:
    """The turned generals, the stock's size and the seat sitting out (四人 tables)."""

    generals: tuple[str, ...]
    stock_size: int
    sits_out: int | None


class NantongGame(Game[State, Rules]):
    info: ClassVar[VariantInfo] = find_variant("nantong")
    default_rules = Rules()
    context_options: ClassVar[frozenset[str]] = holding.CONTEXT_OPTIONS
    drawn_offer_in_hand: ClassVar[bool] = True

    def table_size(self, rules: Rules) -> int:
        return SEATS

    def cli_rules(self, options: Mapping[str, object], flags: Mapping[str, object]) -> Rules:
        changes = dict(options)
        if flags.get("generals") is not None:
            changes["generals"] = flags["generals"]
        if flags.get("xi"):
            changes["xi"] = True
        return self.rules(changes)

    # -- holdings ------------------------------------------------------------------

    def holding(
        self,
        hand: str,
        melds: Sequence[tuple[str, str]] = (),
        context: Mapping[str, str] | None = None,
        rules: Rules | None = None,
    ) -> Holding:
        return holding.read_holding(hand, melds, context, rules or self.default_rules)

    def size_gap(self, holding_: Holding, rules: Rules) -> int | None:
        return holding.size_gap(holding_, rules)

    def analyze(self, holding_: Holding, rules: Rules) -> Analysis:
        return holding.analyze(holding_, rules)

    def waits(self, holding_: Holding, rules: Rules) -> list[Wait]:
        return holding.wait_list(holding_, rules)

    def seat_holding(self, state: State, seat: int) -> Holding | None:
        if seat not in state.players:
            return None
        ctx = WinContext(qishou=state.qishou(seat))
        s = state
        return holding.make_holding(s.rules, s.hands[seat], s.melds[seat], s.gen, ctx)

    # -- deals ---------------------------------------------------------------------

    def new_deal(self, rules: Rules, rng: random.Random, dealer: int = 0) -> State:
        return play.new_deal(rules, rng, dealer)

    def seats(self, state: State) -> int:
        return SEATS

    def to_act(self, state: State) -> int | None:
        return None if state.phase == OVER else state.turn

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return play.legal_actions(state, seat)

    def why_illegal(self, state: State, action: Action) -> Reason | None:
        return refusals.why_illegal(state, action)

    def apply(self, state: State, action: Action) -> State:
        return refusals.apply(state, action)

    def is_over(self, state: State) -> bool:
        return state.phase == OVER

    def phase(self, state: State) -> str:
        return state.phase

    def outcome(self, state: State) -> Outcome | None:
        return outcome(state)

    def view(self, state: State, seat: int | None) -> View:
        return view(state, seat)

    def rules_of(self, state: State) -> Rules:
        return state.rules

    def check_invariants(self, state: State) -> Detail | None:
        return check_invariants(state)

    def no_action_reason(self, state: State, seat: int) -> Reason:
        return refusals.no_action_reason(state, seat)

    def players(self) -> Mapping[str, Any]:
        return PLAYERS

    # -- position code and JSON ----------------------------------------------------

    def encode(self, state: State) -> str:
        return codec.encode(state)

    def decode(self, code: str) -> State:
        return codec.decode(code)

    def encode_view(self, state: State, seat: int) -> str:
        return codec.encode_view(state, seat)

    def decode_view(self, code: str) -> View:
        return codec.decode_view(code)

    def to_json(self, state: State) -> dict[str, Any]:
        return position.to_json(state)

    def read_position(self, data: Mapping[str, Any], options: Mapping[str, str]) -> State:
        return position.from_json(data, options)

    def describe(self, state: State) -> TableFacts:
        return TableFacts(tuple(tokens(state.generals)), len(state.stock), state.out_seat)


GAME = NantongGame()
