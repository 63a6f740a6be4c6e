"""Small charts drawn on the server as SVG (no chart library, nothing from a CDN)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from markupsafe import Markup, escape

W, H, PAD = 320, 120, 24


def accuracy_chart(days: Sequence[tuple[date, int, int]], title: str, empty: str) -> Markup:
    """Daily share of right answers (a line) over the answers given (bars): one point per
    day that has answers, oldest first. ``days``: (day, right, total)."""
    if not days:
        return Markup(f'<p class="chart-empty">{escape(empty)}</p>')
    n = len(days)
    most = max(t for _d, _r, t in days) or 1
    step = (W - 2 * PAD) / max(1, n - 1) if n > 1 else 0
    bar = max(2.0, min(14.0, (W - 2 * PAD) / max(1, n) * 0.6))
    parts = [
        f'<svg class="chart" viewBox="0 0 {W} {H}" role="img" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f'<line x1="{PAD}" y1="{H - PAD}" x2="{W - PAD}" y2="{H - PAD}" class="axis"/>',
        f'<text x="{PAD - 4}" y="{PAD + 4}" class="tick" text-anchor="end">100%</text>',
        f'<text x="{PAD - 4}" y="{H - PAD}" class="tick" text-anchor="end">0</text>',
    ]
    points = []
    for i, (d, right, total) in enumerate(days):
        x = PAD + i * step if n > 1 else W / 2
        h = (H - 2 * PAD) * total / most
        parts.append(
            f'<rect x="{x - bar / 2:.1f}" y="{H - PAD - h:.1f}" width="{bar:.1f}" height="{h:.1f}" class="bar">'
            f"<title>{d.isoformat()}: {right}/{total}</title></rect>"
        )
        y = H - PAD - (H - 2 * PAD) * right / total
        points.append(f"{x:.1f},{y:.1f}")
    parts.append(f'<polyline points="{" ".join(points)}" class="line"/>')
    for p in points:
        cx, cy = p.split(",")
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="2.5" class="dot"/>')
    parts.append(
        f'<text x="{PAD}" y="{H - 6}" class="tick">{days[0][0].isoformat()}</text>'
        f'<text x="{W - PAD}" y="{H - 6}" class="tick" text-anchor="end">{days[-1][0].isoformat()}</text>'
    )
    parts.append("</svg>")
    return Markup("".join(parts))
