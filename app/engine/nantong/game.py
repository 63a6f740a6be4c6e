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
from typing import Any, ClassVar, Final

from app.engine.core.actions import Action
from app.engine.core.errors import Detail
from app.engine.core.game import Game
from app.engine.core.reason import Reason
from app.engine.core.registry import VariantInfo, find_game, find_variant
from app.engine.core.results import Analysis, Holding, Outcome, View, Wait
from app.engine.nantong import (
    analyze,
    cards,
    codec,
    count,
    holding,
    judge,
    play,
    position,
    refusals,
)
from app.engine.nantong import rules as rules_
from app.engine.nantong.cards import tokens
from app.engine.nantong.count import WinContext
from app.engine.nantong.holding import Parsed as Parsed  # a holding's data, for the teaching
from app.engine.nantong.outcome import outcome, win_context
from app.engine.nantong.players import PLAYERS
from app.engine.nantong.rules import Generals as Generals  # the turned generals, for the teaching
from app.engine.nantong.rules import Row as Row  # a row of the 胡 table, for the teaching
from app.engine.nantong.rules import Rules as Rules
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

    # ---------------------------------------------- the teaching surface (read-only)
    # What the game's teaching (``app/teaching/nantong/``) asks of the game beyond the
    # ``Game`` interface, typed; each delegates to the module that does the work.

    #: the cards: token → kind index, the number of plain kinds (the 喜 follow), the
    #: 喜 kinds, a kind's rank and token
    card_index: Final = cards.INDEX
    plain_kinds: Final = cards.NPLAIN
    xi_cards: Final = cards.XI_CARDS
    rank_of: Final = staticmethod(cards.rank_of)
    token: Final = staticmethod(cards.token)
    #: a concealed hand (counts by kind): whether it is complete, or one card short of
    #: it (waiting); the hand size that goes with some laid-down groups
    complete: Final = staticmethod(analyze.complete)
    is_waiting: Final = staticmethod(judge.is_waiting)
    hand_size: Final = staticmethod(analyze.hand_size)
    #: a win: its context for a seat of a position, the arrangement that counts most,
    #: the hand type's code (清胡, 飘胡, 搭子胡) by arrangement type
    win_context: Final = staticmethod(win_context)
    judge_win: Final = staticmethod(judge.judge)
    hand_types: Final = count.TYPES
    #: the count of a hand that did not go out, and one laid-down group's count line
    count_hand: Final = staticmethod(count.count_hand)
    meld_line: Final = staticmethod(count.meld_line)
    #: the turned generals: read from their text under some rules, or from their cards;
    #: the 双将 situations
    parse_generals: Final = staticmethod(rules_.parse_generals)
    generals_of: Final = staticmethod(rules_.generals_of)
    putong_jiang: Final = rules_.PUTONG_JIANG
    shuang_jiang: Final = rules_.SHUANG_JIANG
    banbian_jiang: Final = rules_.BANBIAN_JIANG
    shuanglong_hui: Final = rules_.SHUANGLONG_HUI
    #: the 胡 table: its rows (the 双将 ones first), the ways a group is made (columns),
    #: and 文钱's 胡 by how many
    general_rows: Final = rules_.ROWS
    double_general_rows: Final = (
        rules_.S_PUTONG,
        rules_.S_ZAIJIANG,
        rules_.S_SHUANG,
        rules_.S_BANBIAN,
        rules_.S_SHUANGLONG,
    )
    made_ways: Final = rules_.MADE
    wenqian_hu: Final = count.WENQIAN_HU

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


def nantong_game() -> NantongGame:
    """The registry's Nantong game, typed as what it is."""
    game = find_game("nantong")
    assert isinstance(game, NantongGame)
    return game
