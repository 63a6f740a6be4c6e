"""What a seat may do: the legal actions of the pairing game and their obligations.

Every action carries ``forced``: an obligation of the source requires it (能吃必须吃,
暗/亮/燕 at once, 起). When any offered action is forced the seat may not ``pass``
(or ``done``/discard before a forced group).
"""

from __future__ import annotations

from dataclasses import replace

from app.engine.chuanpai import analysis as an
from app.engine.chuanpai.cards import CS, GUAIZI, INDEX, KINDS, N_KINDS, TY, is_jing
from app.engine.chuanpai.melds import SEVENS, Meld, jier_sum
from app.engine.chuanpai.pairing.rules import PairingRules
from app.engine.chuanpai.pairing.state import PairingState, SeatState, without
from app.engine.core.actions import Action

GROUP_KINDS = frozenset({"an", "liang", "yan", "qi"})
"""Groups a seat lays from its own hand."""


def legal_actions(state: PairingState) -> list[Action]:
    """Every legal action of the seat the deal waits for (``[]`` once over)."""
    if state.phase == "over":
        return []
    s = state.actor
    if state.phase == "guo":
        assert state.drawn is not None
        return [Action("guo", s, (state.drawn,), True)]
    if state.phase == "claim":
        return claim_actions(state, s, (state.queue[0][1],))
    return own_turn_actions(state, s)


def own_turn_actions(state: PairingState, s: int) -> list[Action]:
    """Laying groups, then ``done`` (lay phase) or going out / discarding."""
    seat = state.seats[s]
    groups = self_groups(seat, state.rules, s)
    if any(a.forced for a in groups):
        return groups
    if state.phase == "lay":
        return groups + [Action("done", s)]
    if is_complete(seat, state.rules):
        return [Action("hu", s, (), True)]
    return groups + discards(seat, s)


def is_complete(seat: SeatState, rules: PairingRules) -> bool:
    """Every concealed card in a group and no 过牌 waiting: the seat goes out."""
    return not seat.guo and an.is_complete(seat.hand, rules.jing)


# -- groups from the hand --------------------------------------------------------------


def self_groups(seat: SeatState, rules: PairingRules, s: int) -> list[Action]:
    """暗/亮/燕/起 the seat can lay from its hand now (forced flag per 齐头)."""
    h = seat.hand
    return (
        _alike_groups(h, rules, s)
        + _yan_group(h, s)
        + _qi_groups(seat, s)
        + (_jing_groups(h, s) if rules.jing else [])
    )


def _alike_groups(h: tuple[int, ...], rules: PairingRules, s: int) -> list[Action]:
    """Three alike (暗) or four (亮) of a face."""
    out = []
    for k in range(N_KINDS - 2):
        n = h[k]
        if n >= 3:
            forced = not an.group_optional(h, k, rules.qitou)
            out.append(Action("liang" if n == 4 else "an", s, (KINDS[k],) * n, forced))
    return out


def _yan_group(h: tuple[int, ...], s: int) -> list[Action]:
    """The three different sevens in the hand: 燕, always laid."""
    if all(h[k] for k in an.SEVEN_IDX):
        return [Action("yan", s, SEVENS, True)]
    return []


def _qi_groups(seat: SeatState, s: int) -> list[Action]:
    """The fourth card of a laid 暗 in the hand: 起, always laid."""
    return [
        Action("qi", s, qi_cards(m), True)
        for m in seat.melds
        if m.kind == "an" and seat.hand[INDEX[fourth_of(m)]]
    ]


def _jing_groups(h: tuple[int, ...], s: int) -> list[Action]:
    """经牌 with both 拐子: 亮 of all four (forced), 暗 of three (optional)."""
    if h[GUAIZI] != 2 or not (h[CS] or h[TY]):
        return []
    out = []
    if h[CS] and h[TY]:
        out.append(Action("liang", s, ("12", "12", "cs", "ty"), True))
    out.append(Action("an", s, ("12", "12", "cs" if h[CS] else "ty"), False))
    return out


def fourth_of(an_meld: Meld) -> str:
    """The card that turns a laid 暗 into 起."""
    if an_meld.jing:
        return "ty" if "cs" in an_meld.cards else "cs"
    return an_meld.cards[0]


def qi_cards(an_meld: Meld) -> tuple[str, ...]:
    return tuple(sorted(an_meld.cards + (fourth_of(an_meld),), key=INDEX.__getitem__))


def discards(seat: SeatState, s: int) -> list[Action]:
    """Spare cards only (不能拆挤儿打); with an empty hand, a waiting 过牌."""
    h = seat.hand
    if not sum(h):
        return [Action("discard", s, (g,), params={"guo": True}) for g in dict.fromkeys(seat.guo)]
    spare = an.spare_kinds(h)
    if not spare:  # every card is tied: any card may go (cannot happen in a real deal)
        spare = [k for k in range(N_KINDS) if h[k]]
    return [Action("discard", s, (KINDS[k],)) for k in spare]


# -- taking the open card --------------------------------------------------------------


def claim_actions(state: PairingState, s: int, tiers: tuple[str, ...]) -> list[Action]:
    """What seat ``s`` may do with the open card in the claim ``tiers``; ``pass``
    unless something is forced."""
    x = state.open_card
    assert x is not None
    takes = [a for tier in tiers for a in take_options(state, s, x, tier)]
    takes = _qi_or_go_out(state, s, takes)
    if not any(a.forced for a in takes):
        takes.append(Action("pass", s, (x,)))
    return takes


def take_options(state: PairingState, s: int, x: str, tier: str) -> list[Action]:
    """What seat ``s`` may make with the open card ``x`` in one claim tier."""
    seat = state.seats[s]
    if tier == "bai":
        return [] if seat.extra else _bai_takes(seat, s, x)
    h, rules = seat.hand, state.rules
    return (
        _alike_takes(h, rules, s, x)
        + (_jing_takes(h, s, x) if rules.jing else [])
        + _yan_take(h, s, x)
        + [Action("qi", s, qi_cards(m), True, {"card": x}) for m in _an_awaiting(seat, x)]
    )


def _alike_takes(h: tuple[int, ...], rules: PairingRules, s: int, x: str) -> list[Action]:
    """碰 with two alike in hand, 扛 with three (forced unless 齐头)."""
    k = INDEX[x]
    n = h[k]
    if is_jing(k) or (k == GUAIZI and rules.jing) or n not in (2, 3):
        return []
    forced = not an.group_optional(h, k, rules.qitou)
    return [Action("peng" if n == 2 else "kang", s, (x,) * (n + 1), forced, {"card": x})]


def _jing_takes(h: tuple[int, ...], s: int, x: str) -> list[Action]:
    """The 经牌 groups by taking: all four (扛, forced), or 经 + two 拐子 (碰, optional)."""
    k = INDEX[x]
    if not (is_jing(k) or k == GUAIZI):
        return []
    held = [KINDS[j] for j in (GUAIZI, CS, TY) for _ in range(h[j])]
    group = tuple(sorted(held + [x], key=INDEX.__getitem__))
    if len(group) == 4:
        return [Action("kang", s, group, True, {"card": x})]
    if len(group) == 3 and group.count("12") == 2:
        return [Action("peng", s, group, False, {"card": x})]
    return []


def _yan_take(h: tuple[int, ...], s: int, x: str) -> list[Action]:
    """燕 with the other two sevens, forced when one of them is spare."""
    if x not in SEVENS:
        return []
    others = [INDEX[o] for o in SEVENS if o != x]
    if not all(h[o] for o in others):
        return []
    forced = any(an.is_spare(h, o) for o in others)
    return [Action("yan", s, SEVENS, forced, {"card": x})]


def _an_awaiting(seat: SeatState, x: str) -> list[Meld]:
    """The seat's laid 暗 that ``x`` turns into 起."""
    return [m for m in seat.melds if m.kind == "an" and fourth_of(m) == x]


def _bai_takes(seat: SeatState, s: int, x: str) -> list[Action]:
    """摆: a card of the hand (or a 过牌) with ``x``; forced when the partner is spare
    (能吃必须吃) or a 过牌 pairs."""
    partners = an.partners_in(seat.hand, INDEX[x])
    guo = [g for g in dict.fromkeys(seat.guo) if jier_sum(g, x) is not None]
    spare = set(an.spare_kinds(seat.hand)) if partners else set()
    forced = bool(guo) or any(k in spare for k in partners)
    own = [Action("bai", s, (KINDS[k], x), forced, {"card": x}) for k in partners]
    return own + [Action("bai", s, (g, x), forced, {"card": x, "guo": True}) for g in guo]


def _qi_or_go_out(state: PairingState, s: int, takes: list[Action]) -> list[Action]:
    """起 is compulsory unless the card lets the seat go out: then the winning 摆 is
    offered beside it (with its own obligation: a lone card must eat its partner)."""
    if not any(a.kind == "qi" for a in takes):
        return takes
    x = takes[0].params["card"]
    seat = state.seats[s]
    wins = [a for a in take_options(state, s, x, "bai") if _goes_out(seat, a, state.rules)]
    if not wins:
        return takes
    kept = [a for a in takes if a not in wins]
    return [replace(a, forced=False) if a.kind == "qi" else a for a in kept] + wins


def _goes_out(seat: SeatState, bai: Action, rules: PairingRules) -> bool:
    """Whether the seat is complete once ``bai`` is laid."""
    own = bai.cards[0]
    if bai.params.get("guo"):
        guo = list(seat.guo)
        guo.remove(own)
        return is_complete(replace(seat, guo=tuple(guo)), rules)
    return is_complete(replace(seat, hand=without(seat.hand, (own,))), rules)


def can_group(seat: SeatState, x: str, rules: PairingRules) -> bool:
    """Whether ``x`` lets the seat make a group (碰/扛/燕/起): what
    :func:`take_options` would offer in the group tier, without its obligations."""
    h, k = seat.hand, INDEX[x]
    if rules.jing and (is_jing(k) or k == GUAIZI):
        held = h[GUAIZI] + h[CS] + h[TY]
        if held == 3 or (held == 2 and h[GUAIZI] + (k == GUAIZI) == 2):
            return True
    elif not is_jing(k) and h[k] in (2, 3):
        return True
    if x in SEVENS and all(h[INDEX[o]] for o in SEVENS if o != x):
        return True
    return bool(_an_awaiting(seat, x))


def can_bai(seat: SeatState, x: str) -> bool:
    if seat.extra:
        return False
    partners = an.partners_in(seat.hand, INDEX[x])
    return bool(partners) or any(jier_sum(g, x) is not None for g in seat.guo)


def claim_order(state: PairingState, x: str) -> tuple[tuple[int, str], ...]:
    """Who may claim ``x``, in order: group claims, then 摆, each in seat order from
    the discarder's next seat (from the seat that turned it, for a turned card)."""
    n = state.rules.players
    start = state.source if state.flipped else state.source + 1
    order = [(start + i) % n for i in range(n)]
    if not state.flipped:
        order = [s for s in order if s != state.source]
    q = [(s, "group") for s in order if can_group(state.seats[s], x, state.rules)]
    q += [(s, "bai") for s in order if can_bai(state.seats[s], x)]
    return tuple(q)
