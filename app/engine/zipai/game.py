"""The 字牌 games on the one :class:`~app.engine.core.game.Game` interface.

:class:`ZipaiGame` holds what both games share; :mod:`.hunan` and :mod:`.guilin` each
make one ``GAME`` with its variant entry and default rules. States are
:class:`~app.engine.zipai.state.State` values; the position JSON is
:mod:`.serial`'s, the position code :mod:`.codec`'s.

Beyond ``Game``, :class:`ZipaiGame` offers the family's teaching (``app/teaching/hunan``,
``app/teaching/guilin``, ``app/teaching/zipai_common.py``) what it needs to build
positions and recount them, so the teaching reaches the family through its game alone
(:func:`zipai_game`): the deck's tables (``game.cards``, :class:`ZipaiCards`), the
groups' kinds (``game.melds``, :class:`ZipaiMelds`), and methods that build a position
from another, say who decides a card on offer, count 胡息 and settle a win. They delegate
to the family's modules unchanged, and every value they return is the engine's own
(states, seats and groups stay immutable). The value types they speak in (``State``,
``Seat``, ``Offer``, ``Meld``, ``WinContext``) are named here for annotations.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, final

from app.engine.core.actions import Action, Count, CountLine
from app.engine.core.errors import Detail
from app.engine.core.game import Game
from app.engine.core.reason import Reason
from app.engine.core.registry import find_game
from app.engine.core.results import (
    Analysis,
    Holding,
    Outcome,
    ScoredMeld,
    SelfplayStats,
    View,
    Wait,
)
from app.engine.zipai import (
    analysis,
    bi,
    cards,
    codec,
    machine,
    melds,
    offers,
    reasons,
    serial,
    winning,
)
from app.engine.zipai import settle as settling
from app.engine.zipai import state as states
from app.engine.zipai.deal import deal
from app.engine.zipai.melds import Meld
from app.engine.zipai.offers import Decision, decider, to_move
from app.engine.zipai.players import SimplePlayer
from app.engine.zipai.rules import ZipaiRules
from app.engine.zipai.settle import WinContext
from app.engine.zipai.state import SEATS, Offer, Seat, State, check_invariants
from app.engine.zipai.strong import StrongPlayer
from app.engine.zipai.view import outcome, view

__all__ = [
    "Decision",
    "Meld",
    "Offer",
    "OfferStage",
    "Seat",
    "State",
    "WinContext",
    "ZipaiCards",
    "ZipaiGame",
    "ZipaiMelds",
    "ZipaiRules",
    "zipai_game",
]


@final
class ZipaiCards:
    """The 字牌 deck, read-only: a card is its kind's index (0-9 the small 一-十, 10-19
    the big 壹-拾), a hand the counts of each kind."""

    __slots__ = ()

    #: kinds of card, and the copies of each in the deck
    KINDS: Final[int] = cards.KINDS
    COPIES: Final[int] = cards.COPIES
    #: each kind's token (``x1`` … ``x10``, ``d1`` … ``d10``), and a token's kind
    TOKENS: Final[tuple[str, ...]] = cards.TOKENS
    TOKEN_INDEX: Final[Mapping[str, int]] = cards.TOKEN_INDEX

    @staticmethod
    def value(card: int) -> int:
        """1-10."""
        return cards.value(card)

    @staticmethod
    def is_big(card: int) -> bool:
        return cards.is_big(card)

    @staticmethod
    def is_red(card: int) -> bool:
        """二, 七, 十 of either size."""
        return cards.is_red(card)

    @staticmethod
    def chinese(card: int) -> str:
        return cards.chinese(card)

    @staticmethod
    def parse_cards(text: str) -> tuple[int, ...]:
        """Cards (kinds) from tokens or Chinese numerals."""
        return cards.parse_cards(text)

    @staticmethod
    def counts_of(items: Iterable[int]) -> list[int]:
        """The counts of each kind among ``items``."""
        return cards.counts_of(items)

    @staticmethod
    def usable(hand: Sequence[int]) -> list[int]:
        """Hand counts that may go into a 吃 or 比: not those of a 坎."""
        return bi.usable(hand)

    @staticmethod
    def take(avail: list[int], items: Sequence[int]) -> list[int] | None:
        """``avail`` without ``items`` (new counts), ``None`` when they are not all there."""
        return bi.take(avail, items)

    @staticmethod
    def without(hand: tuple[int, ...], items: Sequence[int]) -> tuple[int, ...]:
        """The hand counts ``hand`` less ``items`` (unchecked)."""
        return states.sub(hand, items)


@final
class ZipaiMelds:
    """The groups (门子), read-only: their kinds and what they are worth."""

    __slots__ = ()

    PENG: Final[str] = melds.PENG
    WEI: Final[str] = melds.WEI
    CHOUWEI: Final[str] = melds.CHOUWEI
    TI: Final[str] = melds.TI
    #: every name of a kind (a game's own too) → the kind
    KIND_ALIASES: Final[Mapping[str, str]] = melds.KIND_ALIASES

    @staticmethod
    def meld_of(kind_name: str, text: str, yiwushi: bool = False) -> Meld:
        """The group ``KIND`` of the cards ``text``; refuses cards that do not form it."""
        return melds.meld_of(kind_name, text, yiwushi)

    @staticmethod
    def run_points(items: Sequence[int], yiwushi: bool = False) -> int:
        """胡息 of a three-card run (sorted), 0 for one that scores nothing."""
        return melds.run_points(items, yiwushi)

    @staticmethod
    def chi_shapes(card: int, yiwushi: bool) -> tuple[tuple[int, int, int], ...]:
        """Every 吃-shaped group (sorted) that contains ``card``."""
        return bi.chi_shapes(card, yiwushi)

    @staticmethod
    def bi_options(
        avail: list[int], card: int, yiwushi: bool
    ) -> list[tuple[tuple[int, int, int], ...]]:
        """Every set of 比 groups laying out all remaining copies of ``card`` in ``avail``."""
        return bi.bi_options(avail, card, yiwushi)


@dataclass(frozen=True, slots=True)
class OfferStage:
    """``stage``: the stage of the offer decided now (``None`` when nobody may act on the
    card on offer)."""

    stage: str | None


class ZipaiGame(Game[State, ZipaiRules]):
    """Hunan 跑胡子 or Guilin 大字牌 (subclasses set ``info`` and ``default_rules``)."""

    #: the deck's tables and card arithmetic, and the groups' kinds (for the teaching)
    cards: ClassVar[ZipaiCards] = ZipaiCards()
    melds: ClassVar[ZipaiMelds] = ZipaiMelds()
    #: what a holding's points are counted in
    UNIT: ClassVar[str] = analysis.UNIT

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

    # -- the teaching's surface: positions built, offers decided, 胡息 counted ---------

    def evolve(self, state: State, **fields: Any) -> State:
        """``state`` with ``fields`` replaced (a new state)."""
        return states.evolve(state, **fields)

    def seat_evolve(self, seat: Seat, **fields: Any) -> Seat:
        """``seat`` with ``fields`` replaced (a new seat)."""
        return states.seat_evolve(seat, **fields)

    def with_seat(self, state: State, i: int, seat: Seat) -> tuple[Seat, ...]:
        """``state``'s seats with seat ``i`` replaced by ``seat``."""
        return states.with_seat(state, i, seat)

    def do(self, state: State, action: Action) -> State:
        """The state after an action known to be legal (as :meth:`legal_actions` gave it),
        unchecked."""
        return machine.do(state, action)

    def decider(self, state: State) -> Decision | None:
        """``(stage, seat, its actions)`` of the decision a card on offer waits for, or
        ``None``."""
        return decider(state)

    def candidates(self, state: State, full: bool = False) -> Iterator[Decision]:
        """The ``(stage, seat, its actions)`` decisions of the card on offer, in order of
        priority."""
        return offers.candidates(state, full)

    def stage_seats(self, state: State, stage: str) -> list[int]:
        """The seats that may act at ``stage`` on the card on offer."""
        return offers.stage_seats(state, stage)

    def self_forced(self, state: State, offer: Offer) -> Action | None:
        """The 提/偎/跑 the seat that turned or drew ``offer`` must make, if any."""
        return offers.self_forced(state, offer)

    def can_hu(self, state: State, seat: int, offer: Offer) -> bool:
        return winning.can_hu(state, seat, offer)

    def hu_points(self, state: State, seat: int, offer: Offer) -> int:
        """胡息 of ``seat``'s best win on ``offer`` (-1 when it cannot win on it)."""
        return winning.hu_points(state, seat, offer)

    def points_with(
        self, seat: Seat, card: int, self_draw: bool, peng_up: bool, wei_up: bool, yiwushi: bool
    ) -> int:
        """胡息 of ``seat``'s best complete arrangement with ``card`` added (-1: none)."""
        return winning.points_with(seat, card, self_draw, peng_up, wei_up, yiwushi)

    def holding_points(self, seat: Seat, yiwushi: bool) -> int:
        """胡息 of ``seat``'s best complete arrangement as it stands (-1: none)."""
        return winning.holding_points(seat, yiwushi)

    def read_holding(
        self, hand: str, melds: Sequence[tuple[str, str]], rules: ZipaiRules
    ) -> tuple[list[int], list[Meld]]:
        """Concealed counts and table groups from text; concealed groups join the hand."""
        return analysis.read_holding(hand, melds, rules)

    def meld_view(self, meld: Meld, rules: ZipaiRules) -> tuple[ScoredMeld, CountLine]:
        """The scored group and its count line, as this game names it."""
        return analysis.meld_view(meld, rules)

    def mingtang(self, red: int) -> tuple[str, int] | None:
        """Hunan: the 名堂 ``(code, factor)`` of a win with ``red`` red cards, if any."""
        return settling.mingtang(red)

    def red_count(self, counts: Sequence[int]) -> int:
        return settling.red_count(counts)

    def xing_matches(self, card: int, counts: Sequence[int], mode: str) -> int:
        """Guilin: the cards of ``counts`` the 醒 card ``card`` matches under ``mode``."""
        return settling.xing_matches(card, counts, mode)

    def settle(self, huxi: int, counts: Sequence[int], rules: ZipaiRules, ctx: WinContext) -> Count:
        """The count of a win of ``huxi`` 胡息 with the cards ``counts``."""
        return settling.settle(huxi, counts, rules, ctx)


def zipai_game(game_id: str) -> ZipaiGame:
    """The 字牌 game ``game_id`` (an id or an alias), typed as the family's game."""
    game = find_game(game_id)
    if not isinstance(game, ZipaiGame):
        raise TypeError(f"{game_id!r} is not a 字牌 game")
    return game
