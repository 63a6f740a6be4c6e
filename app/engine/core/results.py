"""Typed results, the same for every game.

Every game answers with these frozen, slotted values; JSON is made from them in one
place (:mod:`app.engine.core.serial`), and the web app renders them directly.

- :class:`Holding`: the cards of one player to judge (concealed hand, groups on the
  table, and the game's context: turned generals, the winning card, ...).
- :class:`Analysis`: is the holding complete, is it a win, the best arrangement
  (:class:`ScoredMeld`), its itemized :class:`~app.engine.core.actions.Count`.
- :class:`Wait`: one card that completes a holding one card short.
- :class:`Outcome`: how a deal ended (winner, scores, the count and the settlement).
- :class:`SelfplayStats`: what a run of self-played deals showed (the ``selfplay`` verb).
- :class:`View`: what one seat may see of a deal (or everything, for a finished deal
  or a study position): the table model every page draws.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.engine.core.actions import Count
from app.engine.core.reason import Reason

_EMPTY: Mapping[str, Any] = {}


@dataclass(frozen=True, slots=True)
class MeldSpec:
    """A group as given by a user: its kind slug and its cards (canonical tokens)."""

    kind: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Holding:
    """The cards of one player, as the game read them.

    ``hand`` is the concealed hand and ``melds`` the groups already laid down or
    declared, both as canonical tokens. ``context`` holds what else the game needs to
    judge (Nantong: the turned generals and how the last card came; the trick game:
    the cards left in hand); its keys are documented per game. ``data`` is the game's
    own parsed form (counts per kind, internal melds), built once by the game's
    ``holding`` reader so that judging does not parse twice; it takes no part in
    equality.
    """

    hand: tuple[str, ...]
    melds: tuple[MeldSpec, ...] = ()
    context: Mapping[str, Any] = field(default_factory=dict)
    data: Any = field(default=None, compare=False, repr=False)

    @property
    def size(self) -> int:
        return len(self.hand) + sum(len(m.cards) for m in self.melds)


@dataclass(frozen=True, slots=True)
class ScoredMeld:
    """One group of an arrangement with its points (胡息 / 胡)."""

    kind: str
    cards: tuple[str, ...]
    points: int
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Analysis:
    """The answer of ``analyze``: see ``shared/contracts/engine-cli.md``.

    ``points`` is ``None`` and ``melds`` empty when the holding is not complete;
    ``reason`` says why a holding is not a win (not complete, below the minimum).
    ``settlement`` is what a win is worth at the table when the game can say it from
    the holding alone. ``extra`` carries the game's own documented fields (the
    minimum, the turned generals, ...), written beside the contract's fields.
    """

    variant: str
    complete: bool
    win: bool
    points: int | None
    unit: str
    melds: tuple[ScoredMeld, ...] = ()
    count: Count | None = None
    settlement: Count | None = None
    reason: Reason | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Wait:
    """A card that completes the holding, with the points of the best arrangement."""

    card: str
    points: int | None
    win: bool | None = None  # ``None``: the game always wins on a completing card
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a deal ended: the winner (``None``: drawn, 荒庄), scores per seat, and why.

    ``how`` is a stable slug (``zimo``, ``discard``, ``huang``, ``foul``, ...);
    ``count`` the winner's itemized count and ``settlement`` the payment lines.
    """

    winner: int | None
    how: str
    scores: tuple[int, ...]
    count: Count | None = None
    settlement: Count | None = None
    reason: Reason | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class MeldView:
    """A group on the table as a seat sees it: ``hidden`` cards are face down to it."""

    kind: str
    cards: tuple[str, ...]
    hidden: int = 0
    points: int | None = None


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as the viewer sees it. ``hand`` is ``None`` when hidden from the viewer.

    ``extra`` holds the seat's public memory the game shows (臭牌, refused 碰, the
    trick game's won pile, scores so far, ...), with documented keys per game.
    """

    seat: int
    hand: tuple[str, ...] | None
    hand_size: int
    melds: tuple[MeldView, ...] = ()
    discards: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class OfferView:
    """The card on offer (turned from the stock, discarded, or played) and by whom."""

    card: str | None
    seat: int | None
    source: str
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class View:
    """What ``viewer`` may see of a deal (``viewer=None``: everything).

    ``stock`` is the stock in drawing order when the viewer may see it, else ``None``
    (``stock_size`` is always known). ``to_act`` is the seat whose decision the deal
    waits for (``None`` when over). ``shown`` holds cards face up in the middle that
    belong to no seat (Nantong's turned generals); the card on offer is ``offer``.
    """

    variant: str
    viewer: int | None
    phase: str
    to_act: int | None
    dealer: int
    seats: tuple[SeatView, ...]
    stock_size: int
    stock: tuple[str, ...] | None = None
    offer: OfferView | None = None
    outcome: Outcome | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    shown: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SelfplayStats:
    """A run of self-played deals: wins per seat, drawn deals (荒庄), mean actions per
    deal, speed, and the rule set played (every invariant held, else the run raised)."""

    variant: str
    games: int
    seed: int
    wins_per_seat: tuple[int, ...]
    drawn: int
    mean_actions: float
    games_per_second: float | None
    rules: Any = None  # the RuleSet played (a game's own class)
