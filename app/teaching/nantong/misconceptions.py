"""Misconceptions of nantong: the catalog and the diagnosis (buggy models).

A wrong count is recomputed from the engine's own count lines the way a learner holding
a wrong belief would count (no rounding, no chenghu, a laojiang counted as an ordinary card, a
peng counted as three in hand, ...); the first belief whose count equals the learner's
answer names the misconception, with the group, card or number it concerns. Picked
cards, orders and true-false answers are read the same way against the engine's answer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.engine.core.actions import CountLine
from app.engine.core.reason import Reason
from app.engine.core.registry import find_game
from app.engine.nantong import rules as nt_rules
from app.engine.nantong.cards import INDEX, rank_of
from app.learning.exercise import Exercise
from app.learning.misconceptions import Misconception, authored
from app.learning.verdict import Solution

L_CARDS = "nantong-01-cards"
L_GROUPS = "nantong-02-groups"
L_TURN = "nantong-03-turn"
L_OUT = "nantong-04-going-out"
L_GENERALS = "nantong-05-generals"
L_TABLE = "nantong-06-group-hu"
L_TOTAL = "nantong-07-total"
L_SPECIAL = "nantong-08-special"
L_DAN = "nantong-09-danjiang"
L_XI = "nantong-10-xi"
L_SETTLE = "nantong-11-settlement"

CATALOG: tuple[Misconception, ...] = (
    # -- from groups to the total
    Misconception("mc-nt-no-rounding", "counting", f"{L_TOTAL}#dihu"),
    Misconception("mc-nt-rounded-down", "counting", f"{L_TOTAL}#dihu"),
    Misconception("mc-nt-missed-chenghu", "counting", f"{L_TOTAL}#chenghu"),
    Misconception("mc-nt-piao-not-doubled", "special", f"{L_TOTAL}#piaohu"),
    Misconception("mc-nt-piao-missed-30", "special", f"{L_TOTAL}#piaohu"),
    Misconception("mc-nt-piao-30-danjiang", "special", f"{L_DAN}#totals"),
    Misconception("mc-nt-qing-base", "special", f"{L_TOTAL}#qinghu"),
    Misconception("mc-nt-missed-sanlao", "special", f"{L_SPECIAL}#sanlao"),
    Misconception("mc-nt-wenqian-linear", "counting", f"{L_TOTAL}#wenqian"),
    Misconception("mc-nt-missed-zimo", "counting", f"{L_TOTAL}#extras"),
    Misconception("mc-nt-haidi-no-zimo", "special", f"{L_SPECIAL}#haidi"),
    Misconception("mc-nt-missed-win-card", "counting", f"{L_TOTAL}#extras"),
    Misconception("mc-nt-missed-doubling", "special", f"{L_SPECIAL}#doublings"),
    Misconception("mc-nt-xi-linear", "xi", f"{L_XI}#xi-count"),
    Misconception("mc-nt-dihu-chenghu", "counting", f"{L_TOTAL}#dihu"),
    # -- the group tables
    Misconception("mc-nt-laojiang-ordinary", "jiang", f"{L_CARDS}#laojiang"),
    Misconception("mc-nt-zaijiang-ordinary", "jiang", f"{L_GENERALS}#putongjiang"),
    Misconception("mc-nt-changjiang-ordinary", "jiang", f"{L_DAN}#changjiang"),
    Misconception("mc-nt-situation-row", "tables", f"{L_TABLE}#shuangjiang"),
    Misconception("mc-nt-not-general", "jiang", f"{L_GENERALS}#putongjiang"),
    Misconception("mc-nt-peng-as-inhand", "tables", f"{L_TABLE}#columns"),
    Misconception("mc-nt-inhand-as-peng", "tables", f"{L_TABLE}#columns"),
    Misconception("mc-nt-houmo-as-qishou", "tables", f"{L_TABLE}#houmo"),
    Misconception("mc-nt-fanjiang-peng", "tables", f"{L_TABLE}#turned-kind"),
    Misconception("mc-nt-fanjiang-three", "tables", f"{L_TABLE}#turned-kind"),
    # -- reading the generals
    Misconception("mc-nt-jiutiao-forgotten", "jiang", f"{L_CARDS}#laojiang"),
    Misconception("mc-nt-other-suits", "jiang", f"{L_GENERALS}#putongjiang"),
    Misconception("mc-nt-changjiang-in-shuang", "jiang", f"{L_GENERALS}#jiutiao"),
    Misconception("mc-nt-dan-group", "jiang", f"{L_DAN}#dan-group"),
    Misconception("mc-nt-shuang-same-value", "jiang", f"{L_GENERALS}#shuangjiang"),
    Misconception("mc-nt-laojiang-turned", "jiang", f"{L_GENERALS}#banbian"),
    Misconception("mc-nt-no-laojiang-turned", "jiang", f"{L_GENERALS}#banbian"),
    Misconception("mc-nt-shuang-not-same-value", "jiang", f"{L_GENERALS}#shuangjiang"),
    # -- groups, actions, going out
    Misconception("mc-nt-honour-run", "groups", f"{L_GROUPS}#runs"),
    Misconception("mc-nt-runs-not-piao", "going-out", f"{L_GROUPS}#hand-types"),
    Misconception("mc-nt-alike-not-qing", "going-out", f"{L_GROUPS}#hand-types"),
    Misconception("mc-nt-no-alike-not-tazi", "going-out", f"{L_GROUPS}#hand-types"),
    Misconception("mc-nt-bazi-not-tazi", "going-out", f"{L_TOTAL}#bazi"),
    Misconception("mc-nt-wenqian-other-run", "groups", f"{L_GROUPS}#wenqian"),
    Misconception("mc-nt-dealer-rests", "cards", f"{L_TURN}#seats"),
    Misconception("mc-nt-peng-then-discard", "actions", f"{L_TURN}#no-chi"),
    Misconception("mc-nt-chi", "actions", f"{L_TURN}#no-chi"),
    Misconception("mc-nt-peng-needs-two", "actions", f"{L_TURN}#no-chi"),
    Misconception("mc-nt-hu-not-complete", "going-out", f"{L_OUT}#how-to-win"),
    Misconception("mc-nt-baoting-locked", "actions", f"{L_OUT}#baoting"),
    Misconception("mc-nt-dealer-baoting", "actions", f"{L_OUT}#baoting"),
    Misconception("mc-nt-peng-before-hu", "priority", f"{L_OUT}#priority"),
    Misconception("mc-nt-hu-turn-order", "priority", f"{L_OUT}#priority"),
    Misconception("mc-nt-wait-no-copies", "waits", f"{L_OUT}#waits"),
    Misconception("mc-nt-gang-needs-three", "actions", f"{L_TURN}#fours"),
    Misconception("mc-nt-baoting-late", "actions", f"{L_OUT}#baoting"),
    Misconception("mc-nt-baoting-not-waiting", "waits", f"{L_OUT}#baoting"),
    Misconception("mc-nt-forgot-turned", "cards", f"{L_TURN}#cards-left"),
    # -- settlement
    Misconception("mc-nt-nonwinner-chenghu", "settlement", f"{L_SETTLE}#everyone-counts"),
    Misconception("mc-nt-pay-full", "settlement", f"{L_SETTLE}#pairwise"),
    Misconception("mc-nt-winner-never-pays", "settlement", f"{L_SETTLE}#daofuqian"),
    Misconception("mc-nt-only-winner-settles", "settlement", f"{L_SETTLE}#pairwise"),
    Misconception("mc-nt-dihu-round-not-local", "settlement", f"{L_SETTLE}#local"),
    Misconception("mc-nt-chenghu-not-local", "settlement", f"{L_SETTLE}#local"),
    Misconception("mc-nt-no-chi-not-local", "settlement", f"{L_SETTLE}#local"),
    Misconception("mc-nt-wenqian-not-run", "going-out", f"{L_GROUPS}#hand-types"),
    Misconception("mc-nt-piao-not-qing", "going-out", f"{L_GROUPS}#hand-types"),
    Misconception("mc-nt-piao-not-tazi", "going-out", f"{L_GROUPS}#hand-types"),
    Misconception("mc-nt-qing-not-piao", "going-out", f"{L_GROUPS}#hand-types"),
    Misconception("mc-nt-qing-not-tazi", "going-out", f"{L_GROUPS}#hand-types"),
)

#: engine reason code of a refused action → misconception code
REASONS: dict[str, str] = {
    "nt-no-chi": "mc-nt-chi",
    "nt-cannot-peng": "mc-nt-peng-needs-two",
    "nt-not-complete": "mc-nt-hu-not-complete",
    "nt-must-discard-drawn": "mc-nt-baoting-locked",
    "nt-dealer-no-baoting": "mc-nt-dealer-baoting",
    "nt-cannot-gang": "mc-nt-gang-needs-three",
    "nt-baoting-too-late": "mc-nt-baoting-late",
    "nt-not-waiting": "mc-nt-baoting-not-waiting",
}

#: (code, exercise id, wrong answer): one real wrong answer per code, judged in the tests
EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("mc-nt-no-rounding", f"{L_TOTAL}.ex-dihu", "38"),
    ("mc-nt-rounded-down", f"{L_TOTAL}.ex-dihu", "30"),
    ("mc-nt-missed-chenghu", f"{L_TOTAL}.ex-dihu", "20"),
    ("mc-nt-piao-not-doubled", f"{L_TOTAL}.ex-piao", "100"),
    ("mc-nt-piao-missed-30", f"{L_TOTAL}.ex-piao", "140"),
    ("mc-nt-piao-30-danjiang", f"{L_DAN}.ex-piao-dan", "160"),
    ("mc-nt-qing-base", f"{L_TOTAL}.ex-qing", "100"),
    ("mc-nt-missed-sanlao", f"{L_SPECIAL}.ex-sanlao", "50"),
    ("mc-nt-wenqian-linear", f"{L_TOTAL}.ex-wenqian", "90"),
    ("mc-nt-missed-zimo", f"{L_TOTAL}.ex-extras", "50"),
    ("mc-nt-haidi-no-zimo", f"{L_SPECIAL}.ex-haidi", "120"),
    ("mc-nt-missed-win-card", "nantong.count-middle-card", "50"),
    ("mc-nt-missed-doubling", f"{L_SPECIAL}.ex-tianting", "60"),
    ("mc-nt-xi-linear", f"{L_XI}.ex-xi", "50"),
    ("mc-nt-laojiang-ordinary", f"{L_TABLE}.ex-laojiang", "18"),
    ("mc-nt-zaijiang-ordinary", f"{L_TABLE}.ex-turned", "10"),
    ("mc-nt-changjiang-ordinary", f"{L_DAN}.ex-meld", "7"),
    ("mc-nt-situation-row", f"{L_TABLE}.ex-shuanglong", "36"),
    ("mc-nt-not-general", f"{L_TABLE}.ex-columns", "10"),
    ("mc-nt-peng-as-inhand", f"{L_TABLE}.ex-columns", "8"),
    ("mc-nt-inhand-as-peng", f"{L_TABLE}.ex-columns", "4"),
    ("mc-nt-houmo-as-qishou", f"{L_TABLE}.ex-houmo", "32"),
    ("mc-nt-fanjiang-peng", f"{L_TABLE}.ex-turned", "8"),
    ("mc-nt-fanjiang-three", f"{L_TABLE}.ex-banbian", "16"),
    ("mc-nt-jiutiao-forgotten", f"{L_CARDS}.pick-laojiang", "qz hh hh bh"),
    ("mc-nt-other-suits", "nantong.pick-generals-5b-7w", "5t 9t 5b 7w qz"),
    ("mc-nt-changjiang-in-shuang", f"{L_GENERALS}.pick-banbian", "5t 9t 5b 9b 5w 9w qz bh"),
    ("mc-nt-dan-group", "nantong.pick-generals-dan-2b", "2t 9t 8b 1w 8w hh"),
    ("mc-nt-honour-run", "nantong.tf-honours-no-run", "true c"),
    ("mc-nt-runs-not-piao", f"{L_GROUPS}.type-tazi", "a"),
    ("mc-nt-alike-not-qing", f"{L_GROUPS}.type-tazi", "b"),
    ("mc-nt-piao-not-qing", "gen:nantong:hand-type:0", "b"),
    ("mc-nt-piao-not-tazi", "gen:nantong:hand-type:0", "c"),
    ("mc-nt-qing-not-piao", "gen:nantong:hand-type:2", "a"),
    ("mc-nt-qing-not-tazi", "gen:nantong:hand-type:2", "c"),
    ("mc-nt-chi", "nantong.act-peng-not-chi", "a"),
    ("mc-nt-peng-needs-two", "nantong.act-hu-on-discard", "a"),
    ("mc-nt-hu-not-complete", "nantong.act-add-to-peng", "a"),
    ("mc-nt-baoting-locked", f"{L_OUT}.locked", "a"),
    ("mc-nt-dealer-baoting", f"{L_OUT}.dealer-tf", "true a"),
    ("mc-nt-peng-before-hu", "nantong.prio-peng-or-hu", "a b"),
    ("mc-nt-hu-turn-order", "nantong.prio-two-wins", "a b"),
    ("mc-nt-wait-no-copies", f"{L_OUT}.waits-turned", "2w 5w bh"),
    ("mc-nt-forgot-turned", "nantong.count-cards-left-4t", "4"),
    ("mc-nt-nonwinner-chenghu", "nantong.count-nonwinner-generals", "50"),
    ("mc-nt-pay-full", f"{L_SETTLE}.ex-net-winner", "80"),
    ("mc-nt-winner-never-pays", f"{L_SETTLE}.ex-net-winner", "30"),
    ("mc-nt-only-winner-settles", f"{L_SETTLE}.ex-net-nonwinner", "20"),
    ("mc-nt-wenqian-not-run", "quiz.nantong.basics.6", "c"),
    ("mc-nt-gang-needs-three", "quiz.nantong.play.1", "c"),
    ("mc-nt-baoting-late", "quiz.nantong.play.6", "true a"),
    ("mc-nt-baoting-not-waiting", "quiz.nantong.play.7", "true a"),
    ("mc-nt-shuang-same-value", "quiz.nantong.counting.1", "a"),
    ("mc-nt-laojiang-turned", "quiz.nantong.counting.2", "a"),
    ("mc-nt-dihu-chenghu", "quiz.nantong.counting.5", "40"),
    ("mc-nt-no-laojiang-turned", f"{L_GENERALS}.situation-2", "c"),
    ("mc-nt-shuang-not-same-value", "nantong.situation-3b-6w", "b"),
    ("mc-nt-no-alike-not-tazi", f"{L_GROUPS}.type-qing", "c"),
    ("mc-nt-bazi-not-tazi", "nantong.type-qing-handles", "c"),
    ("mc-nt-wenqian-other-run", "quiz.nantong.basics.9", "b"),
    ("mc-nt-dealer-rests", f"{L_TURN}.sit-out", "a"),
    ("mc-nt-peng-then-discard", "quiz.nantong.play.2", "a"),
    ("mc-nt-dihu-round-not-local", f"{L_SETTLE}.which-option", "a"),
    ("mc-nt-chenghu-not-local", f"{L_SETTLE}.which-option", "b"),
    ("mc-nt-no-chi-not-local", f"{L_SETTLE}.which-option", "d"),
)


# -- re-counting the engine's lines under a belief ------------------------------------

GROUP_CODES = frozenset(
    {"nt-peng", "nt-peng-fanjiang", "nt-an-ke", "nt-ming-gang", "nt-an-gang", "nt-long"}
)
HONOURS = frozenset({"qz", "hh", "bh"})
AFTER_GROUPS = frozenset({"nt-dihu", "nt-xi", "nt-xi-double"})


def up(n: int) -> int:
    return -(-n // 10) * 10


def down(n: int) -> int:
    return n // 10 * 10


def same(n: int) -> int:
    return n


@dataclass(frozen=True, slots=True)
class Belief:
    """How a learner counts: points per line (by index), lines left out, the roundings."""

    points: dict[int, int]
    drop: frozenset[int] = frozenset()
    dihu: Callable[[int], int] = up
    total: Callable[[int], int] = up


def recount(lines: Sequence[CountLine], b: Belief, final_round: bool, mode: str) -> int:
    """The total of ``lines`` counted under belief ``b``. ``mode``: ``win`` (groups,
    sanlao huiqi again, dihu rounded, the rest added, the total rounded, the doublings),
    ``base`` (a non-winner: dihu rounded right after the groups, then xi) or ``sum``
    (the groups' hu added up)."""
    t = 0
    honours: dict[str, int] = {}
    based = mode == "base"
    rounded = False
    for i, ln in enumerate(lines):
        if i in b.drop or ln.code == "nt-jinzheng" or ln.op == "info":
            continue
        p = b.points.get(i, ln.points)
        if ln.code == "nt-dihu":
            if mode == "win":
                t = b.dihu(t)
            continue
        if based and ln.code not in GROUP_CODES | {"nt-sanlao-huiqi"}:
            t, based = b.dihu(t), False
        if ln.code == "nt-sanlao-huiqi":
            t += sum(honours.values())
            continue
        if ln.op == "x":
            if not rounded and final_round:
                t = b.total(t)
            rounded = True
            t *= p
            continue
        if ln.code in GROUP_CODES and ln.params.get("card") in HONOURS:
            honours[str(ln.params["card"])] = p
        t += p
    if based:
        t = b.dihu(t)
    if mode == "win" and not rounded and final_round:
        t = b.total(t)
    return t


# -- the hu table under wrong beliefs --------------------------------------------------

SHUANG_ROWS = {r.code: r for r in nt_rules.ROWS[:5]}
DAN_ROWS = {r.code: r for r in nt_rules.ROWS[5:]}
COLUMN = {
    "nt-peng": "peng",
    "nt-peng-fanjiang": "peng",
    "nt-an-ke": "an-ke",
    "nt-ming-gang": "ming-gang",
    "nt-an-gang": "an-gang",
    "nt-long": "long",
}


def _value(ln: CountLine, row: nt_rules.Row, column: str | None = None) -> int:
    v = row.value(column or COLUMN[ln.code])
    return 2 * v if ln.code == "nt-peng-fanjiang" and column is None else v


def _ordinary_code(card: str, shuang: bool) -> str:
    if card in HONOURS or (shuang and card == "9t"):
        return "mc-nt-laojiang-ordinary"
    if not shuang and rank_of(INDEX[card]) in (1, 9):
        return "mc-nt-changjiang-ordinary"
    return "mc-nt-zaijiang-ordinary"


def group_beliefs(lines: Sequence[CountLine], shuang: bool) -> list[tuple[Reason, Belief]]:
    """Each group counted wrongly in one way (row or column), one group at a time."""
    rows = SHUANG_ROWS if shuang else DAN_ROWS
    general = rows["zaijiang" if shuang else "jiang"]
    out: list[tuple[Reason, Belief]] = []
    for i, ln in enumerate(lines):
        if ln.code not in GROUP_CODES:
            continue
        card = str(ln.params.get("card", ""))
        row = rows.get(str(ln.params.get("row", "")))
        if row is None:
            continue
        p = {"card": card}
        turned = bool(ln.params.get("turned"))
        if ln.code == "nt-peng-fanjiang":
            out.append((Reason("mc-nt-fanjiang-peng", p), Belief({i: row.peng})))
        if ln.code == "nt-an-gang" and turned and len(ln.params.get("cards", ())) < 4:
            out.append((Reason("mc-nt-fanjiang-three", p), Belief({i: row.an_ke})))
        if ln.code == "nt-peng" and not turned:
            out.append((Reason("mc-nt-peng-as-inhand", p), Belief({i: row.an_ke})))
        if ln.code == "nt-an-ke":
            out.append((Reason("mc-nt-inhand-as-peng", p), Belief({i: row.peng})))
        if ln.code == "nt-an-gang":
            out.append((Reason("mc-nt-houmo-as-qishou", p), Belief({i: row.long})))
        if row.code != "putong":
            ordinary = _value(ln, rows["putong"])
            out.append((Reason(_ordinary_code(card, shuang), p), Belief({i: ordinary})))
        if row.an_ke > general.an_ke:
            out.append((Reason("mc-nt-situation-row", p), Belief({i: _value(ln, general)})))
        if row.code == "putong":
            out.append((Reason("mc-nt-not-general", p), Belief({i: _value(ln, general)})))
    return out


XI_LINEAR = 10
#: each doubling's count line → its concept in the term table (the message names it in
#: the page's language: tiancheng in Chinese characters, or in English)
DOUBLINGS = {
    "nt-menpiao": "menpiao",
    "nt-tiancheng": "tianhu",
    "nt-dihu-win": "dihu-earth",
    "nt-tianting": "tianting",
    "nt-haidi": "haidi-laoyue",
    "nt-yihutou": "yihutour",
    "nt-qionghen": "qionghen",
    "nt-qiongqionghen": "qiongqionghen",
    "nt-piaohu-x2": "piaohu",
}


def total_beliefs(lines: Sequence[CountLine], shuang: bool) -> list[tuple[Reason, Belief]]:
    """Beliefs about the count as a whole: the shapes, chenghu, rounding, the extras and
    the doublings (the most specific first; rounding down last, as it is the vaguest)."""
    at = {ln.code: i for i, ln in enumerate(lines)}
    rounding = next((ln for ln in lines if ln.code in ("nt-dihu", "nt-jinzheng")), None)
    s = {"sum": rounding.params.get("sum", 0) if rounding is not None else 0}

    def drop(code: str) -> Belief:
        return Belief({}, frozenset({at[code]}))

    out: list[tuple[Reason, Belief]] = []
    if "nt-haidi" in at and "nt-zimo" in at:
        out.append((Reason("mc-nt-haidi-no-zimo"), drop("nt-zimo")))
    if "nt-piaohu-x2" in at:
        out.append((Reason("mc-nt-piao-not-doubled"), drop("nt-piaohu-x2")))
    if "nt-piaohu-30" in at:
        out.append((Reason("mc-nt-piao-missed-30"), drop("nt-piaohu-30")))
    if not shuang and "nt-piaohu-x2" in at and "nt-chenghu" in at:
        out.append((Reason("mc-nt-piao-30-danjiang"), Belief({at["nt-chenghu"]: 50})))
    if "nt-qinghu" in at:
        other = 80 if shuang else 100
        out.append((Reason("mc-nt-qing-base", {"base": other}), Belief({at["nt-qinghu"]: other})))
    if "nt-chenghu" in at:
        out.append((Reason("mc-nt-missed-chenghu"), drop("nt-chenghu")))
    out.append((Reason("mc-nt-no-rounding", s), Belief({}, dihu=same, total=same)))
    if "nt-sanlao-huiqi" in at:
        out.append((Reason("mc-nt-missed-sanlao"), drop("nt-sanlao-huiqi")))
    for i, ln in enumerate(lines):
        n = int(ln.params.get("count", 0))
        if ln.code == "nt-wenqian" and n > 1:
            out.append((Reason("mc-nt-wenqian-linear", {"count": n}), Belief({i: 20 * n})))
        if ln.code in ("nt-xi", "nt-xi-double") and n > 1:
            out.append((Reason("mc-nt-xi-linear", {"count": n}), Belief({i: XI_LINEAR * n})))
    for i, ln in enumerate(lines):
        if ln.code == "nt-zimo":
            out.append((Reason("mc-nt-missed-zimo"), Belief({}, frozenset({i}))))
        if ln.code in ("nt-yazi", "nt-tuowei", "nt-diaotou"):
            p = {"card": ln.params.get("card", "")}
            out.append((Reason("mc-nt-missed-win-card", p), Belief({}, frozenset({i}))))
        if ln.op == "x" and ln.code in DOUBLINGS and ln.code != "nt-piaohu-x2":
            p2 = {"term": DOUBLINGS[ln.code]}
            out.append((Reason("mc-nt-missed-doubling", p2), Belief({}, frozenset({i}))))
    out.append((Reason("mc-nt-rounded-down", s), Belief({}, dihu=down, total=down)))
    return out


def _rules(ex: Exercise) -> nt_rules.Rules:
    """The exercise's rules: its own, or those of its position."""
    if ex.setup.position:
        from app.learning.queries import read

        rules = read(ex).rules
    else:
        rules = find_game(ex.game).rules(ex.rules)
    assert isinstance(rules, nt_rules.Rules)
    return rules


def _turned(ex: Exercise) -> list[str]:
    """The turned generals: the context's, or those of the exercise's position."""
    text = ex.setup.context.get("generals", "") or ex.setup.context.get("general", "")
    if not text and ex.setup.position:
        from app.engine.nantong.cards import token
        from app.learning.queries import read

        state = read(ex).state
        return [token(k) for k in state.generals] if state is not None else []
    return [t for t in text.replace(" ", ",").split(",") if t]


def _first_match(
    lines: Sequence[CountLine],
    beliefs: list[tuple[Reason, Belief]],
    given: int,
    right: int,
    final_round: bool,
    mode: str,
) -> Reason | None:
    for reason, belief in beliefs:
        value = recount(lines, belief, final_round, mode)
        if value == given and value != right:
            return reason
    return None


def _count_answer(ex: Exercise, sol: Solution, given: int) -> Reason | None:
    a = sol.proof.analysis
    if a is None or a.count is None or ex.query is None:
        return None
    name = ex.query.name
    right = int(sol.shown)
    lines = a.count.lines
    if name == "nantong:net":
        return _settlement(ex, sol, given, right)
    rules = _rules(ex)
    if name == "nantong:total":
        name = "points" if a.win else "nantong:nonwinner"
    if name == "nantong:dihu":
        return _dihu_answer(lines, rules, given, right)
    if name == "nantong:meld-hu":
        beliefs = group_beliefs(lines, rules.shuang)
        return _first_match(lines, beliefs, given, right, False, "sum")
    if name == "nantong:nonwinner":
        if given == right + 20:
            return Reason("mc-nt-nonwinner-chenghu")
        beliefs = group_beliefs(lines, rules.shuang)
        s = {"sum": _group_sum(lines)}
        beliefs.append((Reason("mc-nt-no-rounding", s), Belief({}, dihu=same)))
        for i, ln in enumerate(lines):
            if ln.code == "nt-sanlao-huiqi":
                beliefs.append((Reason("mc-nt-missed-sanlao"), Belief({}, frozenset({i}))))
        return _first_match(lines, beliefs, given, right, False, "base")
    if name == "points":
        beliefs = total_beliefs(lines, rules.shuang) + group_beliefs(lines, rules.shuang)
        return _first_match(lines, beliefs, given, right, rules.final_round, "win")
    return None


def _dihu_answer(
    lines: Sequence[CountLine], rules: nt_rules.Rules, given: int, right: int
) -> Reason | None:
    """The winner's dihu: the lines up to the rounding, counted under each belief."""
    if given == right + 20:
        return Reason("mc-nt-dihu-chenghu")
    end = next((i for i, ln in enumerate(lines) if ln.code == "nt-dihu"), None)
    if end is None:
        return None
    head = lines[: end + 1]
    s = {"sum": int(head[-1].params.get("sum", _group_sum(head)))}
    beliefs = [
        (Reason("mc-nt-no-rounding", s), Belief({}, dihu=same)),
        *(
            (Reason("mc-nt-missed-sanlao"), Belief({}, frozenset({i})))
            for i, ln in enumerate(head)
            if ln.code == "nt-sanlao-huiqi"
        ),
        *group_beliefs(head, rules.shuang),
        (Reason("mc-nt-rounded-down", s), Belief({}, dihu=down)),
    ]
    return _first_match(head, beliefs, given, right, False, "win")


def _group_sum(lines: Sequence[CountLine]) -> int:
    return sum(ln.points for ln in lines if ln.code in GROUP_CODES or ln.code == "nt-sanlao-huiqi")


def _settlement(ex: Exercise, sol: Solution, given: int, right: int) -> Reason | None:
    from app.learning.queries import read

    c = read(ex)
    out = c.game.outcome(c.state) if c.state is not None else None
    if out is None or out.winner is None or c.seat is None:
        return None
    totals = {int(s): t for s, t in out.extra["totals"].items()}
    w, me = out.winner, c.seat
    if me == w and given == 2 * totals[w] and given != right:
        return Reason("mc-nt-pay-full", {"total": totals[w]})
    never = 0
    for a in totals:
        for b in totals:
            d = totals[b] - totals[a]
            if d > 0 and a != w and me in (a, b):  # a pays b, unless a is the winner
                never += d if me == b else -d
    if given == never and never != right:
        return Reason("mc-nt-winner-never-pays")
    only = totals[me] - totals[w]  # a player who settles with the winner alone
    if me != w and given == only and only != right:
        return Reason("mc-nt-only-winner-settles")
    return None


# -- cards, orders, true-false ---------------------------------------------------------


def _zaijiang_answer(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    rules = _rules(ex)
    given, right = Counter(answer.split()), Counter(sol.shown.split())
    missing = sorted((right - given).elements(), key=lambda t: INDEX[t])
    extra = sorted((given - right).elements(), key=lambda t: INDEX[t])
    generals = _turned(ex)
    turned_ranks = {rank_of(INDEX[t]) for t in generals if INDEX.get(t, 99) < 27}
    if extra and not missing:
        if rules.shuang and all(rank_of(INDEX[t]) in (1, 9) for t in extra):
            return Reason(
                "mc-nt-changjiang-in-shuang", {"cards": sorted(set(extra), key=INDEX.__getitem__)}
            )
        return None
    if not missing or extra:
        return None
    kinds = sorted(set(missing), key=INDEX.__getitem__)
    if rules.shuang and kinds == ["9t"]:
        return Reason("mc-nt-jiutiao-forgotten")
    if all(t in HONOURS or (rules.shuang and t == "9t") for t in kinds):
        return Reason("mc-nt-laojiang-ordinary", {"card": kinds[0]})
    if not rules.shuang and all(rank_of(INDEX[t]) in (1, 9) for t in kinds):
        return Reason("mc-nt-changjiang-ordinary", {"card": kinds[0]})
    if not rules.shuang and all(rank_of(INDEX[t]) not in turned_ranks for t in kinds):
        return Reason("mc-nt-dan-group", {"cards": kinds})
    if rules.shuang and all(rank_of(INDEX[t]) in turned_ranks for t in kinds):
        return Reason("mc-nt-other-suits", {"cards": kinds})
    return None


def _waits_answer(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    from app.learning.queries import read

    c = read(ex)
    if c.holding is None:
        return None
    p = c.holding.data
    right = set(sol.shown.split())
    for t in answer.split():
        if t in right or t not in INDEX:
            continue
        k = INDEX[t]
        used = p.counts[k] + p.gen.turned[k] + sum(m.held for m in p.melds if m.card == k)
        if used >= 4:
            return Reason("mc-nt-wait-no-copies", {"card": t, "turned": p.gen.turned[k]})
    return None


def _priority_answer(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    given = answer.split()
    right = sol.shown.split()
    if not given or given == right:
        return None
    kinds = {ch.id: (ch.action or "").partition(":")[2].split()[0] for ch in ex.choices}
    if kinds.get(right[0]) == "hu" and kinds.get(given[0]) in ("peng", "ming-gang"):
        return Reason("mc-nt-peng-before-hu")
    if kinds.get(right[0]) == "hu" and kinds.get(given[0]) == "hu":
        return Reason("mc-nt-hu-turn-order")
    return None


def _cards_left_answer(ex: Exercise, sol: Solution, given: int) -> Reason | None:
    from app.learning.queries import read

    c = read(ex)
    card = str(ex.query.args.get("card", "")) if ex.query else ""
    if c.state is None or card not in INDEX:
        return None
    turned = c.state.gen.turned[INDEX[card]]
    if turned and given == int(sol.shown) + turned:
        return Reason("mc-nt-forgot-turned", {"card": card, "count": turned})
    return None


def _true_false(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    truth, _sep, why = answer.partition(" ")
    chosen = next((ch for ch in ex.choices if ch.id == why.strip()), None)
    if chosen is not None and chosen.misconception:
        return authored(chosen)
    if ex.query is not None and ex.query.name == "is-legal" and truth == "true":
        note = sol.proof.notes[0] if sol.proof.notes else None
        if note is not None and not note.legal and note.reason is not None:
            code = REASONS.get(note.reason.code)
            if code:
                return Reason(code, {"action": note.action.text(), **dict(note.reason.params)})
    return None


def diagnose(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    name = ex.query.name if ex.query is not None else None
    if ex.kind == "number":
        try:
            given = int(answer)
        except ValueError:
            return None
        if name == "cards-left":
            return _cards_left_answer(ex, sol, given)
        return _count_answer(ex, sol, given)
    if ex.kind == "pick-cards" and name == "nantong:zaijiang":
        return _zaijiang_answer(ex, sol, answer)
    if ex.kind == "pick-cards" and name == "waits":
        return _waits_answer(ex, sol, answer)
    if ex.kind == "order" and name == "nantong:priority":
        return _priority_answer(ex, sol, answer)
    if ex.kind == "true-false":
        return _true_false(ex, sol, answer)
    if ex.kind == "choice" and name == "nantong:hand-type":
        return _hand_type_answer(ex, sol, answer)
    return None


#: (the hand's kind of win, the kind chosen) → the mistake, where no choice names one
HAND_TYPE_MISTAKES = {
    ("piaohu", "qinghu"): "mc-nt-piao-not-qing",
    ("piaohu", "tazihu"): "mc-nt-piao-not-tazi",
    ("qinghu", "piaohu"): "mc-nt-qing-not-piao",
    ("qinghu", "tazihu"): "mc-nt-qing-not-tazi",
}


def _hand_type_answer(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    chosen = next((c for c in ex.choices if c.id == answer.strip()), None)
    if chosen is None or chosen.misconception:
        return None  # an authored mistake names itself
    code = HAND_TYPE_MISTAKES.get((str(sol.value), chosen.reason or ""))
    return Reason(code, {}) if code else None
