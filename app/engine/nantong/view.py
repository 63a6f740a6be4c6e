"""What a seat may see of a deal: :func:`view` builds the :class:`View` every page draws.

A seat sees its own hand, every seat's laid-down groups (all face up) and discards,
the turned generals, who declared ready (报听) and who has discarded, how many cards
each hand and the stock hold, the card on offer (a card drawn only by the seat that drew
it) and its own answer to a discard (the others answer without knowing). Once the deal
is over everything is shown. ``viewer=None`` is the whole table.

Documented extras: ``SeatView.extra`` = ``ready`` (报听), ``discarded``, ``sits_out``
(定醒); ``View.extra`` = ``generals`` (the
turned cards), ``claims`` (the answers the viewer may know, as ``(seat, kind)``), and
``responders`` (seats still to answer) where everything is shown.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from app.engine.core.results import MeldView, OfferView, SeatView, View
from app.engine.nantong.cards import hand_tokens, token, token_tuple
from app.engine.nantong.melds import Meld
from app.engine.nantong.outcome import outcome
from app.engine.nantong.state import OVER, SEATS, State

VARIANT = "nantong"


def view(s: State, viewer: int | None) -> View:
    """The table as ``viewer`` sees it (``None``: everything)."""
    shown = viewer is None or s.phase == OVER
    return View(
        variant=VARIANT,
        viewer=viewer,
        phase=s.phase,
        to_act=None if s.phase == OVER else s.turn,
        dealer=s.dealer,
        seats=tuple(_seat(s, x, shown or x == viewer) for x in range(SEATS)),
        stock_size=len(s.stock),
        stock=token_tuple(s.stock) if shown else None,
        offer=offer_view(s, shown or viewer == s.turn),
        outcome=outcome(s),
        extra=_extra(s, viewer, shown),
        shown=token_tuple(s.generals),
    )


def meld_view(m: Meld) -> MeldView:
    return MeldView(m.made, (token(m.card),) * m.held)


@lru_cache(maxsize=4096)
def meld_views(melds: tuple[Meld, ...]) -> tuple[MeldView, ...]:
    """A seat's laid-down groups as shown, made once per distinct set of groups."""
    return tuple(map(meld_view, melds))


def _seat(s: State, seat: int, sees_hand: bool) -> SeatView:
    counts = s.hands[seat]
    extra: dict[str, Any] = {
        "ready": s.baoting[seat],
        "discarded": s.has_discarded[seat],
        "sits_out": seat == s.out_seat,
    }
    return SeatView(
        seat=seat,
        hand=hand_tokens(counts) if sees_hand else None,
        hand_size=sum(counts),
        melds=meld_views(s.melds[seat]),
        discards=token_tuple(s.discards[seat]),
        extra=extra,
    )


def offer_view(s: State, sees_draw: bool) -> OfferView | None:
    """The discard on offer (or won on), or the card just drawn (shown to the drawer)."""
    if s.discard is not None:
        return OfferView(token(s.discard), s.discarder, "discard")
    if s.last_drawn is None:
        return None
    seat = s.winner if s.phase == OVER else s.turn
    card = token(s.last_drawn) if sees_draw else None
    return OfferView(card, seat, "replacement" if s.replacement else "draw")


def _extra(s: State, viewer: int | None, shown: bool) -> dict[str, Any]:
    claims = s.claims if shown else tuple(c for c in s.claims if c[0] == viewer)
    out: dict[str, Any] = {"generals": token_tuple(s.generals), "claims": claims}
    if shown:
        out["responders"] = s.responders
    return out
