"""The 胡 count (算胡), itemized: a registry of small units, every line a CountLine.

A winning hand is counted in this order (each step a unit of :data:`WIN_UNITS`):

1. 胡 of every group of three or four alike, by its row (:mod:`.rules`) and by how it
   was made (碰, in hand, 明杠, 暗杠/后摸, 起手 龙); a group of the turned general's kind
   is completed to four by the turned copies (碰 of it counts double the row's 碰);
2. 三老会齐: 千字, 红花, 白花 all as three/four alike: their 胡 counts twice;
3. 底胡: the sum rounded up to the next ten (exact tens stay);
4. the shape: 清胡 100 (单将 80) instead of 底胡; 飘胡 and 塌子胡 add 成胡 20, 飘胡 in
   双将 a further 30;
5. 其他: 自摸 10 (海底捞月 and 天成 are self-drawn: they count it too), the winning
   card as 丫子 / 拖尾 / 吊头 10, 杠开 10, 把子 (清胡), 文钱 20/50/100, 喜 10/30/50/100/200;
6. the total rounded up to the next ten (option ``final_round``);
7. 飘胡 ×2, then the multipliers: 闷飘, 天成, 地胡, 天听 (折庄), 海底捞月, 一胡头儿 (单将),
   穷狠; each ×2 (穷穷狠 ×4), compounded.

Lines apply in order: ``+`` adds, ``=`` sets (rounding), ``x`` multiplies.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.engine.core.actions import Count, CountLine
from app.engine.nantong.analyze import PIAO, QING, TAZI, Arrangement, Group
from app.engine.nantong.cards import HONOURS, NPLAIN, is_xi, token
from app.engine.nantong.melds import Meld
from app.engine.nantong.rules import (
    AN_GANG,
    AN_KE,
    LONG,
    MING_GANG,
    PENG,
    Generals,
    Rules,
)

XI_HU = (0, 10, 30, 50, 100, 200)  # 喜: one to five
WENQIAN_HU = (0, 20, 50, 100)  # 文钱: one to three


@dataclass(frozen=True, slots=True)
class WinContext:
    """How the hand went out (what ``analyze`` cannot see in the cards).

    ``win_card``: the last card (丫子/拖尾/吊头); ``zimo`` 自摸; ``gangkai`` 杠开 (won on
    a replacement draw); ``haidi`` 海底捞月 (won on the last card of the stock, self-drawn);
    ``tiancheng`` 天成 (the dealer's 23 dealt cards); ``dihu`` 地胡 (won on the dealer's
    first discard); ``tianting`` 天听 / 折庄 (报听 before the first discard);
    ``qishou``: kinds whose concealed group was dealt (起手), not drawn later (后摸).
    ``haidi`` and ``tiancheng`` are self-drawn wins: they imply ``zimo``
    (:attr:`self_drawn`).
    """

    win_card: int | None = None
    zimo: bool = False
    gangkai: bool = False
    haidi: bool = False
    tiancheng: bool = False
    dihu: bool = False
    tianting: bool = False
    qishou: frozenset[int] = field(default_factory=frozenset)

    @property
    def self_drawn(self) -> bool:
        """自摸: given, or implied by 海底捞月 and 天成 (RULES.md: the option implies 自摸)."""
        return self.zimo or self.haidi or self.tiancheng


@dataclass(frozen=True, slots=True)
class Hand:
    """What the count looks at: the arrangement plus the setting."""

    arr: Arrangement
    gen: Generals
    rules: Rules
    ctx: WinContext
    concealed: tuple[int, ...]  # counts per kind, 喜 included
    xi_held: int


# -- group 胡 ----------------------------------------------------------------


def meld_line(m: Meld, gen: Generals) -> CountLine:
    return alike_line(m.card, m.made, m.held, gen)


def alike_line(k: int, made: str, held: int, gen: Generals) -> CountLine:
    """The 胡 of ``held`` alike of kind ``k`` made as ``made``, as a count line."""
    row, t = gen.row(k), gen.turned[k]
    params: dict[str, Any] = {"card": token(k), "cards": [token(k)] * held, "row": row.code}
    if t:
        params["turned"] = t
    code, points = alike_points(k, made, held, gen)
    return CountLine(code, points, params)


def alike_points(k: int, made: str, held: int, gen: Generals) -> tuple[str, int]:
    """The line code and 胡 of ``held`` alike of kind ``k`` made as ``made``: by the
    kind's row; a 碰 of the turned card's kind counts double; three in hand completed
    to four by turned generals are 后摸 (暗杠)."""
    row, t = gen.row(k), gen.turned[k]
    if made == PENG and t:
        return "nt-peng-fanjiang", 2 * row.peng
    if made == AN_KE and held + t >= 4:
        made = AN_GANG
    return f"nt-{made}", row.value(made)


def concealed_made(k: int, held: int, gen: Generals, ctx: WinContext) -> str:
    """How ``held`` concealed alike count: four held is an unlaid 窟, counted as 暗杠
    (the seed: an unlaid 龙 only counts as 暗杠); three completed to four by turned
    generals are 后摸 (暗杠) or, when dealt, 起手 (龙); three are 在手 (暗刻)."""
    if held >= 4:
        return AN_GANG
    if held + gen.turned[k] >= 4:
        return LONG if k in ctx.qishou else AN_GANG
    return AN_KE


def ke_held(g: Group, concealed: Sequence[int]) -> int:
    """Copies held of a concealed three-alike group: 4 when the fourth is in the hand
    too (used in a run or the pair), else 3 (a 喜 may stand in for some)."""
    return 4 if concealed[g.kind] >= 4 else 3


def group_lines(h: Hand) -> list[CountLine]:
    out = [meld_line(m, h.gen) for m in h.arr.melds]
    for g in h.arr.groups:
        if g.shape == "ke":
            n = ke_held(g, h.concealed)
            out.append(alike_line(g.kind, concealed_made(g.kind, n, h.gen, h.ctx), n, h.gen))
    return out


# -- the units ---------------------------------------------------------------

Unit = Callable[[Hand, list[CountLine]], list[CountLine]]


def _sum(lines: Sequence[CountLine]) -> int:
    total = 0
    for ln in lines:
        if ln.op == "+":
            total += ln.points
        elif ln.op == "=":
            total = ln.points
        elif ln.op == "x":
            total *= ln.points
    return total


def round_up(n: int) -> int:
    """Up to the next ten; exact tens stay (进整)."""
    return -(-n // 10) * 10


def u_groups(h: Hand, acc: list[CountLine]) -> list[CountLine]:
    return [] if h.arr.hand_type == QING else group_lines(h)


WENQIAN_KINDS = (9, 10, 11)  # 一丙 二丙 三丙


def u_wenqian_ke(h: Hand, acc: list[CountLine]) -> list[CountLine]:
    """三文钱与在手刻子重复算胡: three 文钱 also count as three-alike in hand (in a 清胡
    the 把子 line already does this)."""
    if h.arr.hand_type == QING or h.arr.wenqian < 3:
        return []
    out = []
    for k in WENQIAN_KINDS:
        n = min(h.concealed[k], 4)
        ln = alike_line(k, concealed_made(k, n, h.gen, h.ctx), n, h.gen)
        out.append(CountLine("nt-wenqian-ke", ln.points, {**ln.params, "as": ln.code[3:]}))
    return out


def u_sanlao(h: Hand, acc: list[CountLine]) -> list[CountLine]:
    """三老会齐: the three 老将 字 all as three/four alike count twice."""
    found = {ln.params["card"]: ln.points for ln in acc if ln.params.get("card") in _HON_T}
    if len(found) < 3:
        return []
    return [CountLine("nt-sanlao-huiqi", sum(found.values()), {"cards": sorted(found)})]


_HON_T = {token(k) for k in HONOURS}


def u_dihu(h: Hand, acc: list[CountLine]) -> list[CountLine]:
    if h.arr.hand_type == QING:
        return []
    s = _sum(acc)
    return [CountLine("nt-dihu", round_up(s), {"sum": s}, "=")]


def u_shape(h: Hand, acc: list[CountLine]) -> list[CountLine]:
    t = h.arr.hand_type
    if t == QING:
        return [CountLine("nt-qinghu", 100 if h.rules.shuang else 80)]
    out = [CountLine("nt-chenghu", 20)]
    if t == PIAO and h.rules.shuang:
        out.append(CountLine("nt-piaohu-30", 30))
    return out


def u_zimo(h: Hand, acc: list[CountLine]) -> list[CountLine]:
    return [CountLine("nt-zimo", 10)] if h.ctx.self_drawn else []


def win_role(arr: Arrangement, win: int | None) -> str | None:
    """丫子 (middle of a run), 拖尾 (the 3 of 1-2-3, the 7 of 7-8-9), 吊头 (the pair)."""
    if win is None or is_xi(win):
        return None
    roles = set()
    for g in arr.groups:
        if g.shape in ("dazi", "wenqian"):
            if win == g.kind + 1:
                roles.add("yazi")
            elif (g.kind % 9 == 0 and win == g.kind + 2) or (g.kind % 9 == 6 and win == g.kind):
                roles.add("tuowei")
        elif g.shape == "pair" and g.kind == win:
            roles.add("diaotou")
    for r in ("yazi", "tuowei", "diaotou"):
        if r in roles:
            return r
    return None


def u_role(h: Hand, acc: list[CountLine]) -> list[CountLine]:
    role = win_role(h.arr, h.ctx.win_card)
    if role is None or h.ctx.win_card is None:
        return []
    return [CountLine(f"nt-{role}", 10, {"card": token(h.ctx.win_card)})]


def u_gangkai(h: Hand, acc: list[CountLine]) -> list[CountLine]:
    return [CountLine("nt-gangkai", 10)] if h.ctx.gangkai else []


def u_bazi(h: Hand, acc: list[CountLine]) -> list[CountLine]:
    """把子 (清胡 only): three or four alike in hand, all used in runs, still count."""
    if h.arr.hand_type != QING:
        return []
    out = []
    for k in range(NPLAIN):
        n = h.concealed[k]
        if n >= 3:
            ln = alike_line(k, concealed_made(k, n, h.gen, h.ctx), n, h.gen)
            out.append(
                CountLine("nt-bazi", ln.points, {**ln.params, "as": ln.code.removeprefix("nt-")})
            )
    return out


def u_wenqian(h: Hand, acc: list[CountLine]) -> list[CountLine]:
    n = h.arr.wenqian
    if n == 0:
        return []
    pts = WENQIAN_HU[n] if n < 4 else h.rules.wenqian_four
    return [CountLine("nt-wenqian", pts, {"count": n})]


def xi_lines(h_xi: int, gen: Generals, rules: Rules) -> list[CountLine]:
    if h_xi == 0:
        return []
    out = [CountLine("nt-xi", XI_HU[h_xi], {"count": h_xi})]
    if not rules.shuang and any(is_xi(k) for k in gen.cards):
        out.append(CountLine("nt-xi-double", XI_HU[h_xi], {"count": h_xi}))
    return out


def u_xi(h: Hand, acc: list[CountLine]) -> list[CountLine]:
    return xi_lines(h.xi_held, h.gen, h.rules)


def u_jinzheng(h: Hand, acc: list[CountLine]) -> list[CountLine]:
    s = _sum(acc)
    if not h.rules.final_round or s % 10 == 0:
        return []
    return [CountLine("nt-jinzheng", round_up(s), {"sum": s}, "=")]


def u_piao_x2(h: Hand, acc: list[CountLine]) -> list[CountLine]:
    return [CountLine("nt-piaohu-x2", 2, {}, "x")] if h.arr.hand_type == PIAO else []


def u_menpiao(h: Hand, acc: list[CountLine]) -> list[CountLine]:
    """闷飘: a 飘胡 with nothing taken from a discard (no 碰, no 明杠)."""
    if h.arr.hand_type != PIAO:
        return []
    if any(m.made in (PENG, MING_GANG) for m in h.arr.melds):
        return []
    return [CountLine("nt-menpiao", 2, {}, "x")]


def _flag(code: str, attr: str) -> Unit:
    def unit(h: Hand, acc: list[CountLine]) -> list[CountLine]:
        return [CountLine(f"nt-{code}", 2, {}, "x")] if getattr(h.ctx, attr) else []

    unit.__name__ = f"u_{attr}"
    return unit


def u_yihutou(h: Hand, acc: list[CountLine]) -> list[CountLine]:
    """一胡头儿 (单将): the only three-alike are 碰 of ordinary cards (1 胡 each)."""
    if h.rules.shuang:
        return []
    alike = [g for g in h.arr.groups if g.shape == "ke"]
    if alike or not h.arr.melds:
        return []
    if any(h.concealed[k] >= 3 for k in range(NPLAIN)):
        return []
    if all(m.made == PENG and meld_line(m, h.gen).points == 1 for m in h.arr.melds):
        return [CountLine("nt-yihutou", 2, {}, "x")]
    return []


def u_qionghen(h: Hand, acc: list[CountLine]) -> list[CountLine]:
    """穷狠: with the 喜 in play, a winner holding none (穷穷狠 when a 喜 was turned, 单将)."""
    if not (h.rules.xi and h.rules.qionghen) or h.xi_held:
        return []
    if not h.rules.shuang and any(is_xi(k) for k in h.gen.cards):
        return [CountLine("nt-qiongqionghen", 4, {}, "x")]
    return [CountLine("nt-qionghen", 2, {}, "x")]


WIN_UNITS: tuple[tuple[str, Unit], ...] = (
    ("groups", u_groups),
    ("wenqian-ke", u_wenqian_ke),
    ("sanlao-huiqi", u_sanlao),
    ("dihu", u_dihu),
    ("shape", u_shape),
    ("zimo", u_zimo),
    ("role", u_role),
    ("gangkai", u_gangkai),
    ("bazi", u_bazi),
    ("wenqian", u_wenqian),
    ("xi", u_xi),
    ("jinzheng", u_jinzheng),
    ("piaohu-x2", u_piao_x2),
    ("menpiao", u_menpiao),
    ("tiancheng", _flag("tiancheng", "tiancheng")),
    ("dihu-win", _flag("dihu-win", "dihu")),
    ("tianting", _flag("tianting", "tianting")),
    ("haidi", _flag("haidi", "haidi")),
    ("yihutou", u_yihutou),
    ("qionghen", u_qionghen),
)

# Every CountLine code the count can produce (for the message table).
COUNT_CODES: tuple[str, ...] = (
    "nt-" + PENG,
    "nt-peng-fanjiang",
    "nt-" + AN_KE,
    "nt-" + MING_GANG,
    "nt-" + AN_GANG,
    "nt-" + LONG,
    "nt-sanlao-huiqi",
    "nt-dihu",
    "nt-qinghu",
    "nt-chenghu",
    "nt-piaohu-30",
    "nt-zimo",
    "nt-yazi",
    "nt-tuowei",
    "nt-diaotou",
    "nt-gangkai",
    "nt-bazi",
    "nt-wenqian",
    "nt-wenqian-ke",
    "nt-xi",
    "nt-xi-double",
    "nt-jinzheng",
    "nt-piaohu-x2",
    "nt-menpiao",
    "nt-tiancheng",
    "nt-dihu-win",
    "nt-tianting",
    "nt-haidi",
    "nt-yihutou",
    "nt-qionghen",
    "nt-qiongqionghen",
    "nt-pay",
)

TYPES = {QING: "qinghu", PIAO: "piaohu", TAZI: "tazihu"}


def count_win(h: Hand) -> Count:
    """The itemized count of a winning hand."""
    acc: list[CountLine] = []
    for _, unit in WIN_UNITS:
        acc.extend(unit(h, acc))
    return Count.of(acc, _sum(acc))


def xi_held(counts: Sequence[int]) -> int:
    return sum(counts[NPLAIN:])


def count_hand(
    counts: Sequence[int],
    melds: tuple[Meld, ...],
    gen: Generals,
    rules: Rules,
    qishou: frozenset[int] = frozenset(),
) -> Count:
    """The count of a player who did not go out: 底胡 of the groups (laid down, and three
    or four alike in hand), 三老会齐, rounded up, plus 喜."""
    ctx = WinContext(qishou=qishou)
    acc = [meld_line(m, gen) for m in melds]
    for k in range(NPLAIN):
        n = counts[k]
        if n >= 3:
            made = concealed_made(k, n, gen, ctx)
            acc.append(alike_line(k, made, n, gen))
    found = {ln.params["card"]: ln.points for ln in acc if ln.params.get("card") in _HON_T}
    if len(found) == 3:
        acc.append(CountLine("nt-sanlao-huiqi", sum(found.values()), {"cards": sorted(found)}))
    s = _sum(acc)
    if s % 10:
        acc.append(CountLine("nt-dihu", round_up(s), {"sum": s}, "="))
    acc.extend(xi_lines(xi_held(counts), gen, rules))
    return Count.of(acc, _sum(acc))


def settle(totals: Sequence[int]) -> tuple[list[int], list[CountLine]]:
    """Settlement among the players: each pays every player with more 胡 the
    difference (a winner with fewer 胡 than another pays too). Zero-sum."""
    n = len(totals)
    net = [0] * n
    lines = []
    for i in range(n):
        for j in range(n):
            d = totals[j] - totals[i]
            if i < j and d != 0:
                payer, payee = (i, j) if d > 0 else (j, i)
                amt = abs(d)
                net[payer] -= amt
                net[payee] += amt
                lines.append(CountLine("nt-pay", amt, {"from": payer, "to": payee}, "info"))
    return net, lines
