"""A table to draw from the engine's :class:`View` of a deal, for any game.

The viewer's seat comes first, then the others in turn order; a seat's face-down cards
are drawn as backs; group kinds are named in the page language.
"""

from __future__ import annotations

from flask_babel import gettext as _

from app.engine.core.results import MeldView, View
from app.text.results import kind_label
from app.ui.pictures import Meld, Seat, Table


def seat_name(seat: int, viewer: int | None, seats: int) -> str:
    if viewer is None:
        return _("Seat %(n)s", n=seat + 1)
    if seat == viewer:
        return _("You")
    offset = (seat - viewer) % seats
    if seats == 4:
        # TRANSLATORS: players named by where they sit from you: the next one (xiajia),
        # the one opposite (duijia), the one before you (shangjia)
        return (_("Right"), _("Across"), _("Left"))[offset - 1]
    if seats == 3:
        return (_("Right"), _("Left"))[offset - 1]
    return _("Seat %(n)s", n=seat + 1)


def _meld(m: MeldView, game: str | None = None) -> Meld:
    """Face-down cards drawn as backs: all (``down``) or all but the first (``one``)."""
    state = "up" if not m.hidden else "down" if not m.cards else "one"
    return Meld(list(m.cards) + [""] * m.hidden, state, kind_label(m.kind, game))


def from_view(view: View, family: str, viewer: int | None = None, game: str | None = None) -> Table:
    """The table as ``viewer`` sees it (default: the view's own viewer, else seat 0 first);
    groups and the dealer go by the words of ``game`` (default: the view's own variant;
    content/terms.yaml)."""
    game = game or view.variant
    me = viewer if viewer is not None else (view.viewer if view.viewer is not None else 0)
    n = len(view.seats)
    order = [(me + i) % n for i in range(n)]
    study = view.viewer is None
    seats = []
    for i in order:
        sv = view.seats[i]
        melds = [_meld(m, game) for m in sv.melds]
        pile = sv.extra.get("pile")
        if pile:  # the trick game: the cards laid out in front of the seat
            melds.append(Meld(list(pile), "up", _("Laid out")))
        seats.append(
            Seat(
                seat_name(i, view.viewer if view.viewer is not None else viewer, n),
                hand=list(sv.hand) if sv.hand is not None and (i == me or study) else None,
                hand_count=sv.hand_size,
                melds=melds,
                discards=list(sv.discards),
                you=i == me and not study,
                dealer=i == view.dealer,
                dealer_word=_dealer_word(game),
                badges=_badges(sv.extra),
            )
        )
    shown = view.offer.card if view.offer is not None and view.offer.card else None
    shown_label = ""
    if shown is not None and view.offer is not None:
        if view.offer.source == "discard" and view.offer.seat is not None:
            who = seat_name(view.offer.seat, view.viewer if view.viewer is not None else viewer, n)
            shown_label = _("Discarded by %(seat)s", seat=who)
        else:
            shown_label = _("Turned up")
    trick = [
        (
            seat_name(int(p["seat"]), view.viewer, n),
            list(p.get("cards", ())),
            int(p.get("hidden", 0)),
        )
        for p in view.extra.get("trick", ())
        if isinstance(p, dict)
    ]
    return Table(
        family=family,
        seats=seats,
        stock=view.stock_size,
        shown=shown,
        shown_label=shown_label,
        trick=trick,
        turned=list(view.shown),
    )


def _dealer_word(game: str | None) -> str:
    """The game's own word for the dealer, when it is not the plain one (toujia)."""
    if game is None:
        return ""
    from app.i18n import page_locale
    from app.text import terms

    locale = page_locale()
    word = terms.word("zhuangjia", game, locale) or ""
    return word if word != terms.word("zhuangjia", "hunan", locale) else ""


def _badges(extra: object) -> list[str]:
    """What a seat's public memory says about it, in words (baoting, sits out)."""
    if not isinstance(extra, dict):
        return []
    out = []
    if extra.get("ready"):
        out.append(_("declared ready"))
    if extra.get("sits_out"):
        out.append(_("sits out"))
    return out
