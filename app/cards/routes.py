"""The card galleries (one page per family) and the table showcase."""

from __future__ import annotations

from flask import abort, request
from flask.typing import ResponseReturnValue

from app.cards import bp
from app.htmx_utils import page
from app.text.cards import (
    CHUANPAI_DECK_NAMES,
    CHUANPAI_REGIONS,
    FAMILIES,
    families,
    family,
    gallery_sections,
)


@bp.get("/")
def index() -> ResponseReturnValue:
    return page(
        "cards/index.html", "cards/_index.html", families=list(families().values()), current="index"
    )


@bp.get("/table")
def table() -> ResponseReturnValue:
    """A whole table in mid-game: 3 or 4 seats, the viewer's hand selectable.

    The hand is a form (GET, so it needs no token): with scripts off, "Show my
    choice" reloads the page with the chosen cards ticked and listed."""
    from app.cards.demo import DEMO_GROUPS, demo_table

    fam = request.args.get("family", "zipai")
    if fam not in FAMILIES:
        abort(404)
    seats = request.args.get("seats", "3")
    if seats not in ("3", "4"):
        abort(404)
    hand_size = {"zipai": 21, "chuanpai": 16, "nantong": 23}[fam]
    view = demo_table(fam, int(seats), hand_size=hand_size)
    mine = list(view.seats[0].hand or [])
    picked = [t for t in request.args.getlist("pick") if t in mine][: len(mine)]
    view.select = "pick"
    view.checked = picked
    view.fan = request.args.get("fan") == "1"
    return page(
        "cards/table.html",
        "cards/_table.html",
        view=view,
        fam=family(fam),
        picked=picked,
        n_seats=int(seats),
        families=list(families().values()),
        grouped=DEMO_GROUPS[fam],
        fan=view.fan,
        current="table",
    )


@bp.get("/<family_id>")
def gallery(family_id: str) -> ResponseReturnValue:
    if family_id not in FAMILIES:
        abort(404)
    fam = family(family_id)
    return page(
        "cards/gallery.html",
        "cards/_gallery.html",
        fam=fam,
        families=list(families().values()),
        regions=CHUANPAI_REGIONS if family_id == "chuanpai" else (),
        deck_names=CHUANPAI_DECK_NAMES if family_id == "chuanpai" else (),
        sections=gallery_sections(family_id),
        current="gallery",
    )
