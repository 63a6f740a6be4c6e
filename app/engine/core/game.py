"""The one interface every game implements (python-chess's one ``Board`` across variants).

A :class:`Game` is a stateless object: states and rule sets are immutable values it
is handed and returns. The same names and signatures for all five games:

======================  ==============================================================
``rules(options)``      the game's default rule set with some options changed
``holding(...)``        read a player's cards (text tokens) into a :class:`Holding`
``analyze(h, rules)``   :class:`Analysis`: complete? a win? the best count, line by line
``waits(h, rules)``     the :class:`Wait` list of a holding one card short
``new_deal``            a fresh deal at its first decision
``to_act(state)``       the seat the deal waits for (``None`` when over)
``legal_actions``       a seat's legal :class:`Action` list (forced ones marked)
``why_illegal``         the :class:`Reason` an action is refused, or ``None``
``apply``               the next state, or :class:`IllegalAction` carrying the reason
``outcome(state)``      the :class:`Outcome` of a finished deal
``view(state, seat)``   the :class:`View` that seat may see (``None``: everything)
``encode``/``decode``   the one-line position code (:mod:`app.engine.core.codec`)
``players``             the engine's players by name
``to_json``/``read_position``   the position JSON of the CLI's ``options``/``apply``
======================  ==============================================================
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from app.engine.core.actions import Action
from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason
from app.engine.core.registry import VariantInfo
from app.engine.core.results import Analysis, Holding, Outcome, SelfplayStats, View, Wait
from app.engine.core.rules import RuleSet

S = TypeVar("S")
R = TypeVar("R", bound=RuleSet)


class IllegalAction(ValueError):
    """An action the rules refuse at this moment; ``reason`` says which rule."""

    def __init__(self, reason: Reason) -> None:
        self.reason = reason
        super().__init__(f"{reason.code}: {dict(reason.params)}")


class Player(Protocol):
    """An engine player: picks one of the legal actions of ``seat``."""

    name: str

    def choose(
        self, state: Any, seat: int, legal: Sequence[Action], rng: random.Random
    ) -> Action: ...


@dataclass(frozen=True, slots=True)
class Advice:
    """What an engine player would do at a decision, and why (a coach's hint as data).

    ``reason`` is a code with parameters (``coach-*``), rendered by :mod:`app.text.messages`;
    ``considered`` optionally lists other moves with their own reasons, best first.
    """

    action: Action
    reason: Reason
    considered: tuple[tuple[Action, Reason], ...] = ()


def advise(
    player: Player, state: Any, seat: int, legal: Sequence[Action], rng: random.Random
) -> Advice:
    """``player.advise`` when the player explains itself, else its choice, unexplained.

    A player that does not explain gets ``coach-only-move`` when there is one legal
    action and ``coach-engine-choice`` otherwise.
    """
    explain = getattr(player, "advise", None)
    if explain is not None:
        made: Advice = explain(state, seat, legal, rng)
        return made
    action = player.choose(state, seat, legal, rng)
    code = "coach-only-move" if len(legal) == 1 else "coach-engine-choice"
    return Advice(action, Reason(code, {"action": action.text()}))


class Game(ABC, Generic[S, R]):
    """One game. Subclasses set ``info``, ``default_rules`` and implement the methods."""

    info: ClassVar[VariantInfo]
    default_rules: R
    #: option names that describe the holding, not the table (``analyze``'s context)
    context_options: ClassVar[frozenset[str]] = frozenset()
    #: scores of a finished deal sum to zero
    zero_sum: ClassVar[bool] = True

    # -- rules ---------------------------------------------------------------------

    @property
    def id(self) -> str:
        return self.info.id

    def rules(self, options: Mapping[str, object] | None = None) -> R:
        """The default rule set with ``options`` changed (``bad-option`` when unknown)."""
        return self.default_rules.with_options(options or {})

    @abstractmethod
    def table_size(self, rules: R) -> int:
        """How many seats a deal under ``rules`` has."""

    #: a card just drawn, shown as the view's offer, is already in the drawer's hand
    #: (Nantong); elsewhere a drawn card on offer lies on the table, in no hand
    drawn_offer_in_hand: ClassVar[bool] = False
    #: the field of the ``selfplay`` answer that holds the rule set played
    rules_field: ClassVar[str] = "rules"

    def cli_rules(self, options: Mapping[str, object], flags: Mapping[str, object]) -> R:
        """The rule set of a command line: ``--option`` values and the flags
        ``--generals N`` / ``--xi`` (as ``generals``/``xi``; only Nantong reads them)."""
        return self.rules(options)

    def split_options(self, options: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str]]:
        """Options given together (the CLI's ``--option``): (rule options, context)."""
        rules = {k: v for k, v in options.items() if k.strip().lower() not in self.context_options}
        context = {k.strip().lower(): v for k, v in options.items() if k not in rules}
        return rules, context

    # -- holdings ------------------------------------------------------------------

    @abstractmethod
    def holding(
        self,
        hand: str,
        melds: Sequence[tuple[str, str]] = (),
        context: Mapping[str, str] | None = None,
        rules: R | None = None,
    ) -> Holding:
        """Read a holding from text (any accepted spelling); ``EngineError`` naming the
        offending token when it cannot be read or the deck has no such cards."""

    def deck(self, rules: R) -> tuple[str, ...]:
        """Every card of a deal under ``rules`` (tokens, repeated, sorted), read off a
        fresh deal's full view: what the cards of any deal add up to."""
        view = self.view(self.new_deal(rules, random.Random(0)), None)
        cards: list[str] = [*(view.stock or ()), *view.shown]
        for s in view.seats:
            cards.extend(s.hand or ())
            cards.extend(s.discards)
            for m in s.melds:
                cards.extend(m.cards)
        if view.offer is not None and view.offer.card:
            cards.append(view.offer.card)
        return tuple(sorted(cards))

    def parse_cards(self, text: str, rules: R | None = None) -> tuple[str, ...]:
        """Canonical tokens of ``text`` (any accepted spelling, in order) under ``rules``
        (the default ones if none); ``unknown-card`` names the offending token,
        ``too-many-copies`` a card the deck has fewer of."""
        return self.holding(text, (), None, rules).hand

    def size_gap(self, holding: Holding, rules: R) -> int | None:
        """How many cards ``holding`` lacks to be judged as a whole hand: 0 for the
        size ``analyze`` judges, 1 for the size ``waits`` judges, ``None`` when the
        rules fix no size (the trick game's pile)."""
        return None

    @abstractmethod
    def analyze(self, holding: Holding, rules: R) -> Analysis: ...

    @abstractmethod
    def waits(self, holding: Holding, rules: R) -> list[Wait]: ...

    # -- deals ---------------------------------------------------------------------

    @abstractmethod
    def new_deal(self, rules: R, rng: random.Random, dealer: int = 0) -> S: ...

    @abstractmethod
    def seats(self, state: S) -> int: ...

    @abstractmethod
    def to_act(self, state: S) -> int | None: ...

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[Action]: ...

    @abstractmethod
    def why_illegal(self, state: S, action: Action) -> Reason | None: ...

    @abstractmethod
    def apply(self, state: S, action: Action) -> S:
        """The state after ``action``; :class:`IllegalAction` when the rules refuse it."""

    def is_legal(self, state: S, action: Action) -> bool:
        return self.why_illegal(state, action) is None

    @abstractmethod
    def is_over(self, state: S) -> bool: ...

    def phase(self, state: S) -> str:
        """The stage of the deal, a game-documented slug (``over`` once finished)."""
        return self.view(state, None).phase

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    @abstractmethod
    def view(self, state: S, seat: int | None) -> View: ...

    @abstractmethod
    def rules_of(self, state: S) -> R: ...

    def seat_holding(self, state: S, seat: int) -> Holding | None:
        """The seat's cards as a holding (hand + groups), for ``analyze``/``waits``."""
        return None

    def check_invariants(self, state: S) -> str | None:
        """What is wrong with ``state`` (card conservation, ...), or ``None``."""
        return None

    # -- players -------------------------------------------------------------------

    @abstractmethod
    def players(self) -> Mapping[str, type[Player] | Any]:
        """The engine players by name (``simple`` at least); each a factory of a Player."""

    def selfplay(self, rules: R, games: int, seed: int) -> SelfplayStats:
        """The ``selfplay`` verb: ``games`` deals from ``seed``, invariants checked."""
        from app.engine.core.selfplay import selfplay

        return selfplay(self, rules, games, seed)

    def player(self, name: str = "simple") -> Player:
        try:
            factory = self.players()[name]
        except KeyError:
            raise EngineError("bad-option", option="player", value=name) from None
        made: Player = factory()
        return made

    # -- position code and JSON ----------------------------------------------------

    @abstractmethod
    def encode(self, state: S) -> str: ...

    @abstractmethod
    def decode(self, code: str) -> S: ...

    @abstractmethod
    def encode_view(self, state: S, seat: int) -> str: ...

    @abstractmethod
    def decode_view(self, code: str) -> View: ...

    @abstractmethod
    def to_json(self, state: S) -> dict[str, Any]: ...

    @abstractmethod
    def read_position(self, data: Mapping[str, Any], options: Mapping[str, str]) -> S:
        """A state from the position JSON (full, or the game's documented short forms)."""

    def describe(self, state: S) -> Any:
        """Facts of the moment the ``options`` answer adds (a game's own frozen
        dataclass, documented per game; its fields become JSON fields), or ``None``."""
        return None

    def no_action_reason(self, state: S, seat: int) -> Reason:
        """Why ``seat`` has no legal action now, in words a learner understands."""
        if self.is_over(state):
            return Reason("game-over")
        return Reason("not-your-turn", {"seat": seat, "to_act": self.to_act(state)})
