"""What the two 川牌 games do alike on the :class:`~app.engine.core.game.Game` interface.

Each game hands :class:`ChuanpaiGame` its :class:`Parts` (its modules' functions); the
base class answers the interface with them once: the acting seat's legal actions
(kept for the ``apply`` that follows), one verdict shared by ``why_illegal`` and
``apply`` (:meth:`ChuanpaiGame.judge`), the view, the codes, the JSON.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Generic, Protocol, TypeVar

from app.engine.chuanpai import cards
from app.engine.chuanpai.common import match_legal
from app.engine.core.actions import Action
from app.engine.core.errors import Detail, EngineError
from app.engine.core.game import Game, IllegalAction
from app.engine.core.reason import Reason
from app.engine.core.results import Outcome, View
from app.engine.core.rules import RuleSet


class Deal(Protocol):
    """A deal of either game: its phase (``over`` once finished) and its rules."""

    @property
    def phase(self) -> str: ...

    @property
    def rules(self) -> Any: ...


D = TypeVar("D", bound=Deal)
R = TypeVar("R", bound=RuleSet)


@dataclass(frozen=True, slots=True)
class Foul:
    """An action that breaks an obligation, accepted with ``fouls=end-deal``: it ends
    the deal (犯规, 罚牌) instead of being refused."""

    seat: int
    reason: Reason


@dataclass(frozen=True, slots=True)
class Parts(Generic[D]):
    """A game's own functions, along its modules' seams."""

    acting: Callable[[D], int]  # the seat the deal waits for (not over)
    offers: Callable[[D], list[Action]]  # that seat's legal actions
    explain: Callable[[D, Action, list[Action]], Reason]  # why not legal (the acting seat)
    refuse_other: Callable[[D, Action], Reason]  # why not (another seat)
    idle: Callable[[D, int], Reason]  # why a seat has nothing to do
    foul_codes: frozenset[str]  # refusals accepted as fouls with fouls=end-deal
    do: Callable[[D, Action | Foul], D]  # the state machine
    outcome: Callable[[D], Outcome | None]
    view: Callable[[D, int | None], View]
    broken: Callable[[D], Detail | None]  # the self-play check
    encode: Callable[[D], str]
    decode: Callable[[str], D]
    encode_view: Callable[[D, int], str]
    decode_view: Callable[[str], View]
    to_json: Callable[[D], dict[str, Any]]
    whole_key: str  # the key that tells a whole state's JSON from the short form
    from_json: Callable[[Mapping[str, Any]], D]  # a whole state
    one_seat: Callable[[Mapping[str, Any], Any], D]  # the short form, under these rules
    problems: Callable[[D, bool], Detail | None]  # what makes a (whole) position impossible
    ended: Callable[[D], D]  # a finished deal's settlement, recomputed


class ChuanpaiGame(Game[D, R]):
    """The interface answered from a game's :class:`Parts`."""

    parts: Parts[D]

    # ------------------------------------------------- the teaching surface: the cards
    # What a game's teaching (``app/teaching/<game>/``) reads of the 川牌 cards, read-only
    # and typed, so that it reaches the cards through the game and not the modules.
    #: the card kinds in order (the 21 faces, then the two 经 cards), and kind → index
    kinds: Final = cards.KINDS
    card_index: Final = cards.INDEX
    #: the two 经 cards (``cs``, ``ty``), and the pips of each kind by index (经: 0)
    jing: Final = cards.JING
    points: Final = cards.POINTS
    #: each card's regional names, by token
    regional_names: Final = cards.REGIONAL_NAMES
    #: copies of a card in a deck, with or without the 经 cards
    copy_limit: Final = staticmethod(cards.copy_limit)
    #: the whole deck, with or without the 经 cards
    full_deck: Final = staticmethod(cards.deck)
    #: tokens → counts by kind index, and back
    counts_of: Final = staticmethod(cards.counts_of)
    tokens_of: Final = staticmethod(cards.tokens_of)
    #: whether a card counts as red
    is_red: Final = staticmethod(cards.is_red)

    def __init__(self) -> None:
        self._memo: tuple[D, list[Action]] | None = None

    rules_field: ClassVar[str] = "options"

    def rules_of(self, state: D) -> R:
        rules: R = state.rules
        return rules

    def is_over(self, state: D) -> bool:
        return state.phase == "over"

    def phase(self, state: D) -> str:
        return state.phase

    def to_act(self, state: D) -> int | None:
        return None if self.is_over(state) else self.parts.acting(state)

    def _legal(self, state: D) -> list[Action]:
        """The acting seat's legal actions (the last answer is kept: ``apply`` after
        ``legal_actions`` does not compute them twice)."""
        memo = self._memo
        if memo is not None and memo[0] is state:
            return memo[1]
        legal = self.parts.offers(state)
        self._memo = (state, legal)
        return legal

    def legal_actions(self, state: D, seat: int) -> list[Action]:
        if seat != self.to_act(state):
            return []
        return list(self._legal(state))

    def judge(self, state: D, action: Action) -> Action | Foul | Reason:
        """The legal action ``action`` stands for, a foul the rules accept, or the
        :class:`Reason` it is refused."""
        if self.is_over(state):
            return Reason("cp-deal-over")
        n = self.seats(state)
        if not 0 <= action.seat < n:
            return Reason("cp-no-such-seat", {"seat": action.seat, "seats": n})
        if action.seat != self.parts.acting(state):
            return self.parts.refuse_other(state, action)
        legal = self._legal(state)
        chosen = match_legal(action, legal)
        if chosen is not None:
            return chosen
        reason = self.parts.explain(state, action, legal)
        if state.rules.fouls == "end-deal" and reason.code in self.parts.foul_codes:
            return Foul(action.seat, reason)
        return reason

    def why_illegal(self, state: D, action: Action) -> Reason | None:
        verdict = self.judge(state, action)
        return verdict if isinstance(verdict, Reason) else None

    def apply(self, state: D, action: Action) -> D:
        verdict = self.judge(state, action)
        if isinstance(verdict, Reason):
            raise IllegalAction(verdict)
        return self.parts.do(state, verdict)

    def no_action_reason(self, state: D, seat: int) -> Reason:
        if self.is_over(state):
            return Reason("cp-deal-over")
        return self.parts.idle(state, seat)

    def outcome(self, state: D) -> Outcome | None:
        return self.parts.outcome(state)

    def view(self, state: D, seat: int | None) -> View:
        return self.parts.view(state, seat)

    def check_invariants(self, state: D) -> Detail | None:
        return self.parts.broken(state)

    def encode(self, state: D) -> str:
        return self.parts.encode(state)

    def decode(self, code: str) -> D:
        return self.parts.decode(code)

    def encode_view(self, state: D, seat: int) -> str:
        return self.parts.encode_view(state, seat)

    def decode_view(self, code: str) -> View:
        return self.parts.decode_view(code)

    def to_json(self, state: D) -> dict[str, Any]:
        return self.parts.to_json(state)

    def read_position(self, data: Mapping[str, Any], options: Mapping[str, str]) -> D:
        """A whole state (the JSON of ``to_json``, holding exactly the deck) or the
        game's short form (one seat, under the rules of ``options``)."""
        parts = self.parts
        whole = parts.whole_key in data
        if whole:
            state = parts.from_json(data)
        else:
            state = parts.one_seat(data, self.default_rules.with_options(options))
        problem = parts.problems(state, whole)
        if problem:
            raise EngineError("bad-position", **problem.fields())
        return parts.ended(state) if self.is_over(state) else state
