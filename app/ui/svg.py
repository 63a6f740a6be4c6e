"""The card pictures (paimian): one small SVG document per card, drawn from the catalog.

Every picture is 100 units wide and as tall as the family's real proportion. Only
presentation attributes are used (no ``style``), so the files obey a strict CSP; the
characters are ``<text>`` in a CJK font stack, vector like the rest. Red cards always
carry a second cue besides colour (ringed pips, a diamond, a round frame), so every
card stays distinct in greyscale.

``scripts/gen_cards.py`` writes :func:`render_all` to ``static/cards/``; a test checks
that the committed files match.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from app.text.cards import RED, Card, Family, chuanpai_pip_colours, families, writing

W = 100
INK = "#1d1b19"
RED_INK = "#b3261e"
PAPER = "#fffcf3"
EDGE = "#4a3c2f"
FONT = (
    "'Noto Serif CJK SC','Source Han Serif SC','Songti SC','STSong','SimSun',"
    "'Noto Sans CJK SC','WenQuanYi Micro Hei','Microsoft YaHei',serif"
)
BACK_COLOURS = {"zipai": "#7a3210", "chuanpai": "#244b70", "nantong": "#335c2c"}


def height(fam: Family) -> int:
    """Picture height for a 100-unit width, from the family's real proportion."""
    w, h = fam.ratio
    return round(W * h / w)


def _n(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _doc(h: int, title: str, body: list[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {h}" width="{W}" '
        f'height="{h}">\n<title>{escape(title)}</title>\n' + "\n".join(body) + "\n</svg>\n"
    )


def _frame(h: int, fill: str = PAPER) -> list[str]:
    return [
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{h - 3}" rx="9" fill="{fill}" '
        f'stroke="{EDGE}" stroke-width="3"/>',
    ]


def _text(x: float, y: float, s: str, size: float, fill: str, rotate: bool = False) -> str:
    rot = f' transform="rotate(180 {_n(x)} {_n(y)})"' if rotate else ""
    weight = ' font-weight="700"'
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" font-family="{FONT}"{weight} '
        f'fill="{fill}" text-anchor="middle" dominant-baseline="central"{rot}>{escape(s)}</text>'
    )


def _diamond(cx: float, cy: float, r: float, fill: str) -> str:
    return (
        f'<path d="M{_n(cx)} {_n(cy - r)}L{_n(cx + r * 0.7)} {_n(cy)}L{_n(cx)} {_n(cy + r)}'
        f'L{_n(cx - r * 0.7)} {_n(cy)}Z" fill="{fill}"/>'
    )


def _ends(h: int, first: str, second: str, sizes: tuple[float, float], colour: str) -> list[str]:
    """Two characters at the top, and the same upside down at the bottom."""
    out: list[str] = []
    for rot, (y1, y2) in ((False, (50, 102)), (True, (h - 50, h - 102))):
        out.append(_text(50, y1, first, sizes[0], colour, rotate=rot))
        out.append(_text(50, y2, second, sizes[1], colour, rotate=rot))
    return out


def _box(y: float, w: float, hh: float, colour: str, rx: float = 0, sw: float = 2) -> str:
    """A rectangle centred across the card, its top at ``y``."""
    return (
        f'<rect x="{_n(50 - w / 2)}" y="{_n(y)}" width="{_n(w)}" height="{_n(hh)}" rx="{_n(rx)}" '
        f'fill="none" stroke="{colour}" stroke-width="{_n(sw)}"/>'
    )


def _title(card: Card) -> str:
    return f"{card.name.zh} {card.pinyin} · {card.name.en}"


# ---------------------------------------------------------------------------
# word cards (zipai)


def zipai_svg(card: Card, fam: Family) -> str:
    h = height(fam)
    colour = RED_INK if card.colour == RED else INK
    big = card.token.startswith("d")
    ch = card.face.zh
    body = _frame(h)
    # inner border: one line for the small (everyday) hand, two for the big (formal) hand
    body.append(_box(8, W - 16, h - 16, colour, rx=5, sw=1.6))
    if big:
        body.append(_box(12.5, W - 25, h - 25, colour, rx=3, sw=1.2))
    size = 64 if len(ch) == 1 else 50
    body.append(_text(50, 58, ch, size, colour))
    body.append(_text(50, h - 58, ch, size, colour, rotate=True))
    mid = h / 2
    # the centre panel: a lozenge; red cards get solid diamonds, black cards a hollow one
    if card.red_mark:
        body.append(_diamond(50, 112, 9, colour))
        body.append(_diamond(50, h - 112, 9, colour))
        body.append(_diamond(50, mid, 22, colour))
        body.append(_diamond(50, mid, 9, PAPER))
    else:
        body.append(
            f'<path d="M50 {_n(mid - 22)}L65.4 {_n(mid)}L50 {_n(mid + 22)}L34.6 {_n(mid)}Z" '
            f'fill="none" stroke="{colour}" stroke-width="2.4"/>'
        )
    body.append(
        f'<path d="M50 {_n(mid - 60)}V{_n(mid - 30)}M50 {_n(mid + 30)}V{_n(mid + 60)}" '
        f'stroke="{colour}" stroke-width="1.6" stroke-linecap="round"/>'
    )
    return _doc(h, _title(card), body)


# ---------------------------------------------------------------------------
# dice cards (chuanpai)

# Pip centres of a die face in a box 72 wide and 160 tall (left column first).
_C1, _C2, _C3 = 28.0, 50.0, 72.0
_R1, _R2, _R3 = 28.0, 80.0, 132.0
DIE_LAYOUT: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((_C2, _R2),),
    2: ((_C2, _R1), (_C2, _R3)),
    3: ((_C1, _R1), (_C2, _R2), (_C3, _R3)),
    4: ((_C1, _R1), (_C1, _R3), (_C3, _R1), (_C3, _R3)),
    5: ((_C1, _R1), (_C1, _R3), (_C2, _R2), (_C3, _R1), (_C3, _R3)),
    6: ((_C1, _R1), (_C1, _R2), (_C1, _R3), (_C3, _R1), (_C3, _R2), (_C3, _R3)),
}


def _pip(cx: float, cy: float, colour: str, big: bool) -> list[str]:
    """A black pip is a solid oval; a red pip a larger oval ring (a white heart)."""
    k = 1.5 if big else 1.0
    if colour == RED:
        return [
            f'<ellipse cx="{_n(cx)}" cy="{_n(cy)}" rx="{_n(14.5 * k)}" ry="{_n(19.5 * k)}" '
            f'fill="{RED_INK}"/>',
            f'<ellipse cx="{_n(cx)}" cy="{_n(cy)}" rx="{_n(5.5 * k)}" ry="{_n(8 * k)}" '
            f'fill="{PAPER}"/>',
        ]
    return [
        f'<ellipse cx="{_n(cx)}" cy="{_n(cy)}" rx="{_n(12.5 * k)}" ry="{_n(17.5 * k)}" fill="{INK}"/>'
    ]


def _die(value: int, colours: tuple[str, ...], top: float) -> list[str]:
    out: list[str] = []
    for (cx, cy), colour in zip(DIE_LAYOUT[value], colours, strict=True):
        out += _pip(cx, top + cy, colour, big=value == 1)
    return out


def _coin(cx: float, cy: float, r: float, colour: str) -> list[str]:
    """A round coin with a square hole (used on the coins (bing) and as the wild cards' (jingpai) mark)."""
    s = r * 0.42
    return [
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" fill="none" stroke="{colour}" '
        f'stroke-width="{_n(max(1.6, r * 0.16))}"/>',
        f'<rect x="{_n(cx - s / 2)}" y="{_n(cy - s / 2)}" width="{_n(s)}" height="{_n(s)}" '
        f'fill="none" stroke="{colour}" stroke-width="{_n(max(1.4, r * 0.12))}"/>',
    ]


def chuanpai_svg(card: Card, fam: Family) -> str:
    h = height(fam)
    body = _frame(h)
    body.append(_box(7, W - 14, h - 14, EDGE, rx=5, sw=1))
    if card.token in ("cs", "ty"):
        chars = card.name.zh
        body.append(_text(50, 52, chars[0], 52, RED_INK))
        body.append(_text(50, 112, chars[1], 52, RED_INK))
        body.append(_text(50, h - 52, chars[0], 52, RED_INK, rotate=True))
        body.append(_text(50, h - 112, chars[1], 52, RED_INK, rotate=True))
        body.append(
            f'<circle cx="50" cy="{_n(h / 2)}" r="34" fill="none" stroke="{RED_INK}" '
            f'stroke-width="3"/>'
        )
        body += _coin(50, h / 2, 22, RED_INK)
        return _doc(h, _title(card), body)
    a, b = int(card.token[0]), int(card.token[1])
    top_colours, bottom_colours = chuanpai_pip_colours(card.token)
    body += _die(a, top_colours, 14)
    body += _die(b, bottom_colours, h - 14 - 160)
    mid = h / 2
    body.append(
        f'<path d="M50 {_n(mid - 20)}L62 {_n(mid)}L50 {_n(mid + 20)}L38 {_n(mid)}Z" '
        f'fill="none" stroke="{EDGE}" stroke-width="1.6"/>'
    )
    body.append(
        f'<path d="M18 {_n(mid)}H34M66 {_n(mid)}H82" stroke="{EDGE}" stroke-width="1.6" '
        f'stroke-linecap="round"/>'
    )
    return _doc(h, _title(card), body)


# ---------------------------------------------------------------------------
# Nantong long cards


def _grid(n: int, top: float, bottom: float) -> list[tuple[float, float]]:
    """``n`` points in rows of three (the last row centred) inside [top, bottom]."""
    rows = [3] * (n // 3) + ([n % 3] if n % 3 else [])
    if n in (1, 2):
        rows = [1] * n
    elif n == 4:
        rows = [2, 2]
    elif n == 5:
        rows = [2, 1, 2]
    step = (bottom - top) / len(rows)
    pts: list[tuple[float, float]] = []
    for i, k in enumerate(rows):
        y = top + step * (i + 0.5)
        xs = {1: (50.0,), 2: (33.0, 67.0), 3: (24.0, 50.0, 76.0)}[k]
        pts += [(x, y) for x in xs]
    return pts


def _stick(cx: float, cy: float) -> list[str]:
    """One string (tiao): a string of cash drawn as a short bamboo-like stick."""
    return [
        f'<rect x="{_n(cx - 6.5)}" y="{_n(cy - 22)}" width="13" height="44" rx="5" fill="{INK}"/>',
        f'<path d="M{_n(cx - 6.5)} {_n(cy - 7)}H{_n(cx + 6.5)}M{_n(cx - 6.5)} {_n(cy + 7)}'
        f'H{_n(cx + 6.5)}" stroke="{PAPER}" stroke-width="2.2"/>',
    ]


def _flower(cx: float, cy: float, solid: bool) -> list[str]:
    colour = RED_INK if solid else INK
    out: list[str] = []
    for i in range(5):
        out.append(
            f'<ellipse cx="{_n(cx)}" cy="{_n(cy - 17)}" rx="10" ry="16" '
            f'transform="rotate({i * 72} {_n(cx)} {_n(cy)})" '
            + (
                f'fill="{colour}"/>'
                if solid
                else f'fill="{PAPER}" stroke="{colour}" stroke-width="2.4"/>'
            )
        )
    out.append(
        f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="7" fill="{PAPER}" stroke="{colour}" '
        f'stroke-width="2.4"/>'
    )
    return out


def nantong_svg(card: Card, fam: Family) -> str:
    h = height(fam)
    body = _frame(h)
    body.append(_box(7, W - 14, h - 14, EDGE, rx=5, sw=1))
    top, bottom = 132.0, h - 132.0
    tok = card.token
    if tok[0].isdigit():
        value, suit = int(tok[0]), tok[1]
        num, suit_ch = card.name.zh[0], card.name.zh[1]
        body += _ends(h, num, suit_ch, (54, 40), INK)
        if suit == "w":
            body.append(_box(h / 2 - 42, 60, 84, INK, rx=6))
            body.append(_text(50, h / 2, writing("nantong", "myriad"), 46, INK))
        else:
            for cx, cy in _grid(value, top, bottom):
                body += _stick(cx, cy) if suit == "t" else _coin(cx, cy, 12.5, INK)
    elif tok in ("qz", "hh", "bh"):
        colour = RED_INK if card.colour == RED else INK
        body += _ends(h, card.name.zh[0], card.name.zh[1], (48, 40), colour)
        if tok == "qz":
            body.append(_box(h / 2 - 28, 56, 56, INK, sw=2.4))
            body.append(_text(50, h / 2, writing("nantong", "thousand"), 40, INK))
        else:
            body += _flower(50, h / 2 - 36, solid=tok == "hh")
            body += _flower(50, h / 2 + 36, solid=tok == "hh")
    else:  # the five joy cards (xi)
        ch = card.name.zh
        body.append(_text(50, 58, ch, 56, RED_INK))
        body.append(_text(50, h - 58, ch, 56, RED_INK, rotate=True))
        body.append(
            f'<circle cx="50" cy="{_n(h / 2)}" r="38" fill="none" stroke="{RED_INK}" '
            f'stroke-width="3.2"/>'
        )
        body.append(
            f'<circle cx="50" cy="{_n(h / 2)}" r="32" fill="none" stroke="{RED_INK}" '
            f'stroke-width="1.2"/>'
        )
        body.append(_text(50, h / 2, ch, 42, RED_INK))
    return _doc(h, _title(card), body)


# ---------------------------------------------------------------------------
# Backs


def back_svg(fam: Family) -> str:
    """The back of every card of a family: a lattice on the family's colour."""
    h = height(fam)
    bg = BACK_COLOURS[fam.id]
    body = [
        "<defs>",
        '<pattern id="lattice" width="16" height="16" patternUnits="userSpaceOnUse">',
        '<path d="M8 0L16 8L8 16L0 8Z" fill="none" stroke="#ffffff" stroke-opacity=".35" '
        'stroke-width="1.4"/>',
        "</pattern>",
        "</defs>",
        *_frame(h, fill=bg),
        f'<rect x="9" y="9" width="{W - 18}" height="{h - 18}" rx="4" fill="url(#lattice)" '
        'stroke="#ffffff" stroke-opacity=".8" stroke-width="2"/>',
        f'<circle cx="50" cy="{_n(h / 2)}" r="22" fill="{bg}" stroke="#ffffff" stroke-width="2.4"/>',
        f'<path d="M50 {_n(h / 2 - 12)}L60 {_n(h / 2)}L50 {_n(h / 2 + 12)}L40 {_n(h / 2)}Z" '
        'fill="#ffffff"/>',
    ]
    return _doc(h, f"{fam.title.zh} {writing(fam.id, 'back')} · back of a card", body)


_DRAW = {"zipai": zipai_svg, "chuanpai": chuanpai_svg, "nantong": nantong_svg}


def card_svg(card: Card) -> str:
    fam = families()[card.family]
    return _DRAW[card.family](card, fam)


def render_all() -> dict[str, str]:
    """Every picture, as ``{path under static/cards/: SVG text}``."""
    out: dict[str, str] = {}
    for fam in families().values():
        for c in fam.cards:
            out[f"{fam.id}/{c.token}.svg"] = card_svg(c)
        out[f"{fam.id}/back.svg"] = back_svg(fam)
    return out
