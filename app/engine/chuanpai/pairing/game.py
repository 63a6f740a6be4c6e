"""挤儿 on the one :class:`~app.engine.core.game.Game` interface (variant ``chuanpai``)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from app.engine.chuanpai import analysis as an
from app.engine.chuanpai.base import ChuanpaiGame, Parts
from app.engine.chuanpai.cards import KINDS, tokens_of
from app.engine.chuanpai.melds import Meld as Meld  # the group type, for the teaching
from app.engine.chuanpai.melds import jier_sum
from app.engine.chuanpai.pairing import codec, moves, offers, reasons, serial, settle
from app.engine.chuanpai.pairing.players import SimplePlayer
from app.engine.chuanpai.pairing.rules import DEFAULT_RULES, PairingRules
from app.engine.chuanpai.pairing.state import PairingState, broken, new_deal, problems
from app.engine.chuanpai.pairing.strong import StrongPlayer
from app.engine.chuanpai.pairing.view import view
from app.engine.core.errors import EngineError
from app.engine.core.game import Player
from app.engine.core.registry import find_game, find_variant
from app.engine.core.results import Analysis, Holding, MeldSpec, Wait

_HandData = tuple[tuple[int, ...], tuple[Meld, ...]]


def _acting(state: PairingState) -> int:
    return state.actor


PARTS: Parts[PairingState] = Parts(
    acting=_acting,
    offers=offers.legal_actions,
    explain=reasons.explain,
    refuse_other=reasons.refusal_for_other,
    idle=reasons.no_action_reason,
    foul_codes=reasons.ACCEPTED,
    do=moves.do,
    outcome=settle.outcome,
    view=view,
    broken=broken,
    encode=codec.encode,
    decode=codec.decode,
    encode_view=codec.encode_view,
    decode_view=codec.decode_view,
    to_json=serial.to_json,
    whole_key="seats",
    from_json=serial.from_json,
    one_seat=serial.one_seat,
    problems=problems,
    ended=settle.ended,
)


@dataclass(frozen=True, slots=True)
class SpareCards:
    """``spare``: the acting seat's spare cards (光棍), which it may discard."""

    spare: tuple[str, ...]


class PairingGame(ChuanpaiGame[PairingState, PairingRules]):
    """The pairing game 挤儿: legal actions, the deal, counting, codes."""

    info = find_variant("chuanpai")
    default_rules = DEFAULT_RULES
    parts = PARTS

    # ---------------------------------------------- the teaching surface (read-only)
    # What the game's teaching (``app/teaching/chuanpai/``) asks of the game beyond the
    # ``Game`` interface, typed; each delegates to the module that does the work.

    #: a hand (counts by kind index): the pairing classes, how many cards pair with
    #: another (coverage), the spare kinds (光棍), whether it pairs off whole, its best
    #: arrangement, every way of pairing it off, who pairs with a kind, whether two
    #: kinds pair, whether a group may be declined under a 齐头 rule, each family's good and bad classes
    classes: Final = staticmethod(an.classes)
    coverage: Final = staticmethod(an.coverage)
    spare_kinds: Final = staticmethod(an.spare_kinds)
    is_complete: Final = staticmethod(an.is_complete)
    best_arrangement: Final = staticmethod(an.best_arrangement)
    arrangement_choices: Final = staticmethod(an._choices)
    partners_in: Final = staticmethod(an.partners_in)
    can_pair: Final = staticmethod(an.can_pair)
    group_optional: Final = staticmethod(an.group_optional)
    good_bad: Final = an.GOOD_BAD
    #: groups: one made of its kind and cards (``Meld.make``), a 挤儿 pair's sum
    make_meld: Final = staticmethod(Meld.make)
    jier_sum: Final = staticmethod(jier_sum)
    #: a discard: who may claim it in which order, and a seat's takes of it at a tier
    claim_order: Final = staticmethod(offers.claim_order)
    take_options: Final = staticmethod(offers.take_options)
    #: 偷: how many cards follow a group of a kind; whether a seat must pass a card
    tou_count: Final = staticmethod(moves._tou_count)
    must_guo: Final = staticmethod(moves._must_guo)
    #: what each seat is paid for a win of so many hu (winner, table size)
    pay: Final = staticmethod(settle.settle)

    def table_size(self, rules: PairingRules) -> int:
        return rules.players

    def seats(self, state: PairingState) -> int:
        return len(state.seats)

    def new_deal(self, rules: PairingRules, rng: random.Random, dealer: int = 0) -> PairingState:
        return new_deal(rules, rng, dealer)

    def players(self) -> Mapping[str, type[Player] | Any]:
        return {"simple": SimplePlayer, "strong": StrongPlayer}

    def describe(self, state: PairingState) -> SpareCards:
        if self.is_over(state):
            return SpareCards(())
        hand = state.seats[state.actor].hand
        return SpareCards(tuple(KINDS[k] for k in an.spare_kinds(hand)))

    # -- holdings --------------------------------------------------------------------

    def holding(
        self,
        hand: str,
        melds: Sequence[tuple[str, str]] = (),
        context: Mapping[str, str] | None = None,
        rules: PairingRules | None = None,
    ) -> Holding:
        counts, ms = serial.read_hand(hand, melds, rules or self.default_rules)
        return _holding(counts, ms)

    def analyze(self, holding: Holding, rules: PairingRules) -> Analysis:
        counts, melds = _data(holding, rules)
        if not sum(counts) and not melds:
            raise EngineError("bad-hand-size", count=0, expected="1+")
        return settle.analyze(counts, melds, rules)

    def waits(self, holding: Holding, rules: PairingRules) -> list[Wait]:
        counts, melds = _data(holding, rules)
        return settle.waits(counts, melds, rules)

    def seat_holding(self, state: PairingState, seat: int) -> Holding:
        s = state.seats[seat]
        return _holding(s.hand, s.melds)


def _holding(counts: tuple[int, ...], melds: tuple[Meld, ...]) -> Holding:
    specs = tuple(MeldSpec(m.kind, m.cards) for m in melds)
    return Holding(tokens_of(counts), specs, {}, (counts, melds))


def _data(holding: Holding, rules: PairingRules) -> _HandData:
    """The counts and groups of a holding (read again when it was built elsewhere)."""
    if isinstance(holding.data, tuple):
        data: _HandData = holding.data
        return data
    melds = [(m.kind, " ".join(m.cards)) for m in holding.melds]
    return serial.read_hand(" ".join(holding.hand), melds, rules)


GAME = PairingGame()


def pairing_game() -> PairingGame:
    """The registry's pairing game (``chuanpai``), typed as what it is."""
    game = find_game("chuanpai")
    assert isinstance(game, PairingGame)
    return game
