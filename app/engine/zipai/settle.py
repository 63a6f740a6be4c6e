"""结算 · The itemized count of a win, as :class:`CountLine` data.

Every line has a stable code (documented in ``docs/engine.md (字牌)`` and named in
:data:`COUNT_CODES`); the web app renders each with :mod:`app.text.messages` (the
reasons catalog).

Hunan (常德 family, RULES.md): 囤 = (胡息 − minimum) // 3 + 1 (or 一息一囤), times
the 红黑点 名堂: 红胡 ×2 (10–12 red), 点胡 ×3 (exactly one red), 红乌 ×4 (13+ red),
黑胡 ×5 (no red), red cards counted over all the winner's cards.

Guilin: 10 胡 minimum; 10–14 胡 = 1 舵, one more 舵 per 5 胡; +1 舵 each for 自摸,
each 醒 card, 天胡, 地胡, 三笼, 五坎.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.engine.core.actions import Count, CountLine
from app.engine.zipai.cards import KINDS, Card, is_big, is_red, token, value
from app.engine.zipai.melds import Meld
from app.engine.zipai.rules import GUILIN, ZipaiRules
from app.engine.zipai.state import Result

#: Hunan 名堂 by red count: (code, factor)
MINGTANG_CODES = ("zp-honghu", "zp-dianhu", "zp-hongwu", "zp-heihu")
SPECIAL_CODES = ("zp-tianhu", "zp-dihu", "zp-sanlong", "zp-wukan")
#: count lines naming one group: ``zp-`` + the group kind (Guilin names included)
MELD_CODES = tuple(
    f"zp-{k}"
    for k in (
        "shun",
        "jiao",
        "jiang",
        "kan",
        "chi",
        "peng",
        "wei",
        "chouwei",
        "pao",
        "ti",
        "sao",
        "guosao",
        "kaiduo",
        "saochuan",
    )
)
COUNT_CODES = (
    "zp-huxi",
    "zp-tun",
    "zp-tun-yixi",
    "zp-duo",
    "zp-zimo",
    "zp-xing",
    "zp-total",
    *MINGTANG_CODES,
    *SPECIAL_CODES,
    *MELD_CODES,
)


def mingtang(red: int) -> tuple[str, int] | None:
    """The 常德红黑点 名堂 for ``red`` red cards, or None."""
    if red == 0:
        return ("zp-heihu", 5)
    if red == 1:
        return ("zp-dianhu", 3)
    if red >= 13:
        return ("zp-hongwu", 4)
    if red >= 10:
        return ("zp-honghu", 2)
    return None


RED_KINDS: tuple[Card, ...] = tuple(c for c in range(KINDS) if is_red(c))


def red_count(counts: Sequence[int]) -> int:
    """Red cards (二七十 / 贰柒拾) in a count vector."""
    return sum(counts[c] for c in RED_KINDS)


@dataclass(frozen=True, slots=True)
class WinContext:
    """What the count needs beyond the 胡息: how and when the win came."""

    zimo: bool = False  # the winner drew the winning card (or won on the own 扫/扫穿)
    specials: tuple[str, ...] = ()  # tianhu, dihu, sanlong, wukan
    xing_card: Card | None = None  # Guilin: the card turned for 醒


def settle_hunan(huxi: int, counts: Sequence[int], rules: ZipaiRules, ctx: WinContext) -> Count:
    lines = [CountLine("zp-huxi", huxi, {"min": rules.min_huxi}, "info")]
    for sp in ctx.specials:
        lines.append(CountLine(f"zp-{sp}", 0, {}, "info"))
    tun = max(huxi, 1) if rules.tun == "yixi" else max(0, huxi - rules.min_huxi) // 3 + 1
    code = "zp-tun-yixi" if rules.tun == "yixi" else "zp-tun"
    lines.append(CountLine(code, tun, {"huxi": huxi, "min": rules.min_huxi}, "="))
    total = tun
    if rules.mingtang == "changde":
        red = red_count(counts)
        mt = mingtang(red)
        if mt is not None:
            lines.append(CountLine(mt[0], mt[1], {"red": red}, "x"))
            total = tun * mt[1]
    lines.append(CountLine("zp-total", total, {}, "="))
    return Count.of(lines, total)


def xing_matches(card: Card, counts: Sequence[int], mode: str) -> int:
    """How many of the winner's cards (a count vector) the turned ``card`` wakes (醒)."""
    if mode == "none":
        return 0
    v = value(card)
    # 跟醒: the same value; else one above and one below, 10 and 1 adjoining
    targets = {v} if mode == "gen" else {v % 10 + 1, (v - 2) % 10 + 1}
    base = 10 if is_big(card) else 0
    return sum(counts[base + t - 1] for t in targets)


def settle_guilin(hu: int, counts: Sequence[int], rules: ZipaiRules, ctx: WinContext) -> Count:
    lines = [CountLine("zp-huxi", hu, {"min": rules.min_huxi}, "info")]
    duo = 1 + max(0, hu - rules.min_huxi) // 5
    lines.append(CountLine("zp-duo", duo, {"hu": hu}, "="))
    total = duo
    if ctx.zimo:
        lines.append(CountLine("zp-zimo", 1))
        total += 1
    if ctx.xing_card is not None:
        n = xing_matches(ctx.xing_card, counts, rules.xing)
        lines.append(CountLine("zp-xing", n, {"card": token(ctx.xing_card), "mode": rules.xing}))
        total += n
    for sp in ctx.specials:
        lines.append(CountLine(f"zp-{sp}", 1))
        total += 1
    lines.append(CountLine("zp-total", total, {}, "="))
    return Count.of(lines, total)


def settle(huxi: int, counts: Sequence[int], rules: ZipaiRules, ctx: WinContext) -> Count:
    """The count of a win of ``huxi`` with the winner's cards ``counts`` (per kind)."""
    if rules.game == GUILIN:
        return settle_guilin(huxi, counts, rules, ctx)
    return settle_hunan(huxi, counts, rules, ctx)


def scores(winner: int, total: int, seats: int = 3) -> tuple[int, ...]:
    """Each other seat pays the winner the total (zero-sum)."""
    return tuple(total * (seats - 1) if s == winner else -total for s in range(seats))


def win_result(
    rules: ZipaiRules,
    winner: int,
    holding: Sequence[int],
    melds: Sequence[Meld],
    *,
    how: str = "hu",
    card: Card | None = None,
    specials: tuple[str, ...] = (),
    zimo: bool = False,
    stock: Sequence[Card] = (),
) -> Result:
    """The :class:`Result` of a win: the 胡息 of ``melds``, the count (Guilin turns the
    next stock card for 醒) and what each seat pays. ``holding`` is every card of the
    winner per kind. The same facts always give the same result (the position code
    stores only the facts)."""
    huxi = sum(m.points(rules.yiwushi) for m in melds)
    xing = stock[0] if rules.game == GUILIN and rules.xing != "none" and stock else None
    count = settle(huxi, holding, rules, WinContext(zimo, specials, xing))
    return Result(
        winner,
        how,
        scores(winner, count.total),
        huxi,
        tuple(melds),
        count,
        card,
        xing,
        zimo,
        specials,
    )
