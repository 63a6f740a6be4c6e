"""What the card macros draw: pictures with their names in the page language, hands,
groups on the table, and whole tables as plain data (built here, drawn by
``templates/components/cards.html``). Every area uses these; no blueprint owns them.

Every card is addressed as ``(family, token)`` with the engine's canonical tokens.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from flask import request, url_for
from flask_babel import gettext as _
from markupsafe import Markup, escape

from app.i18n import page_locale
from app.text import terms
from app.text.cards import family
from app.ui.svg import W, height

MELD_STATES = ("up", "down", "one")


def _locale() -> str:
    return page_locale()


@dataclass(frozen=True)
class Pic:
    """One picture to draw: its static file, size and accessible name."""

    token: str  # "" for a card back
    src: str
    label: str
    width: int
    height: int
    red: bool = False
    checked: bool = False


#: pictures already made: (script root, family, token, checked, locale, game) → Pic. A Pic is
#: frozen and names only static content, so one table serves every request; a page
#: draws dozens of cards and each ``url_for`` with its fingerprint is not free.
_PICS: dict[tuple[str, str, str, bool, str, str | None], Pic] = {}


def _root() -> str:
    return request.script_root if request else ""


def _page_game() -> str | None:
    """The game a page is about, when its address names one (``/lessons/<game>/…``)."""
    args = (request.view_args or {}) if request else {}
    game = args.get("game") or args.get("variant")
    return game if isinstance(game, str) else None


def face(family_id: str, token: str, checked: bool = False) -> Pic:
    """The face of a card, named in the page language, by the page's game's own name
    for it where it has one (meizi in the pairing game)."""
    locale = _locale()
    game = _page_game()
    key = (_root(), family_id, token, checked, locale, game)
    pic = _PICS.get(key)
    if pic is None:
        c = family(family_id).card(token)
        word = terms.card_word(token, game, locale) if game else None
        pic = _PICS[key] = Pic(
            token=token,
            src=url_for("static", filename=c.svg_path),
            label=c.label_as(locale, word),
            width=W,
            height=height(family(family_id)),
            red=c.red_mark,
            checked=checked,
        )
    return pic


_IMGS: dict[tuple[Pic, str], Markup] = {}


def img(p: Pic, cls: str = "") -> Markup:
    """The ``<img>`` of a picture (made once per picture and class; a hand is dozens)."""
    key = (p, cls)
    html = _IMGS.get(key)
    if html is None:
        label = escape(p.label)
        html = _IMGS[key] = Markup(
            f'<img class="card{" " + escape(cls) if cls else ""}" src="{escape(p.src)}"'
            f' alt="{label}" title="{label}" width="{p.width}" height="{p.height}">'
        )
    return html


def back(family_id: str) -> Pic:
    """A face-down card."""
    key = (_root(), family_id, "", False, _locale(), None)
    pic = _PICS.get(key)
    if pic is None:
        pic = _PICS[key] = Pic(
            token="",
            src=url_for("static", filename=f"cards/{family_id}/back.svg"),
            label=_("Face-down card"),
            width=W,
            height=height(family(family_id)),
        )
    return pic


def hand_groups(
    family_id: str,
    tokens: Iterable[str] = (),
    groups: Sequence[Sequence[str]] | None = None,
    checked: Iterable[str] = (),
    sort: bool = True,
) -> list[list[Pic]]:
    """A hand as groups of pictures: its groups (menzi) when ``groups`` is given, else one group
    (sorted unless ``sort`` is false). ``checked`` tokens (a multiset) come out ticked."""
    fam = family(family_id)
    if groups is None:
        toks = list(tokens)
        groups = [fam.sort(toks) if sort else toks]
    left = Counter(checked)
    out: list[list[Pic]] = []
    for g in groups:
        row: list[Pic] = []
        for t in g:
            tick = left[t] > 0
            if tick:
                left[t] -= 1
            row.append(face(family_id, t, checked=tick))
        out.append(row)
    return out


def meld_pics(family_id: str, tokens: Sequence[str], state: str = "up") -> list[Pic]:
    """A group on the table: ``up`` (all shown), ``down`` (all hidden) or ``one`` (the
    first card shown, the rest face down, as for chouwei and ti)."""
    if state not in MELD_STATES:
        raise ValueError(f"meld state must be one of {MELD_STATES}, not {state!r}")
    if state == "up":
        return [face(family_id, t) for t in tokens]
    if state == "down":
        return [back(family_id) for _ in tokens]
    return [face(family_id, tokens[0])] + [back(family_id) for _ in tokens[1:]]


# ---------------------------------------------------------------------------
# A whole table


@dataclass
class Meld:
    tokens: list[str]
    state: str = "up"  # up | down | one
    label: str = ""  # peng, wei …: the kind, in the page language


@dataclass
class Seat:
    name: str
    hand: list[str] | None = None  # the cards, when this viewer may see them
    hand_count: int = 0  # otherwise only how many
    melds: list[Meld] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    you: bool = False
    dealer: bool = False
    dealer_word: str = ""  # the game's own word for the dealer (toujia in the pairing game)
    badges: list[str] = field(default_factory=list)  # baoting, sits out … in the page language
    groups: list[list[str]] | None = None  # the hand grouped into its groups (menzi)

    @property
    def count(self) -> int:
        return len(self.hand) if self.hand is not None else self.hand_count


@dataclass
class Table:
    family: str
    seats: list[Seat]  # the viewer first, then in turn order
    stock: int
    shown: str | None = None  # a card turned face up in the middle (the liangzhang, the general…)
    # what the card on offer is: "Turned up", or "Discarded by Left" (a discard)
    shown_label: str = ""
    select: str | None = None  # input name: the viewer's hand is selectable
    checked: list[str] = field(default_factory=list)
    fan: bool = False  # the viewer's hand in overlapping rows (see the hand macro)
    # the trick game: the plays on the table, (who, cards face up, cards face down)
    trick: list[tuple[str, list[str], int]] = field(default_factory=list)
    turned: list[str] = field(default_factory=list)  # Nantong's turned generals

    def __post_init__(self) -> None:
        if not 2 <= len(self.seats) <= 7:
            raise ValueError("a table has 2 to 7 seats")
