"""The engine's rule options in the learner's language: a label per option, per choice.

The engine names its options (``min_huxi``, ``fouls=end-deal``); a page never shows those
names. :func:`rule_fields` lists a game's options as form fields with labels, in the
engine's order; :func:`describe` says in words which rules a deal is played under.
A test checks that every option of every game, and every choice, has a label here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import lazy_gettext as _l
from werkzeug.datastructures import MultiDict

from app.engine.core.rules import text_of
from app.ui.hanzi import hanzi

LABELS: dict[str, Any] = {
    "min_huxi": _l("Minimum huxi (%(huxi)s) to win", huxi=hanzi("huxi")),
    "yiwushi": _l("Yi-wu-shi (%(yiwushi)s) counts as a run", yiwushi=hanzi("yiwushi")),
    "win_on_discard": _l("Win on another seat's discard"),
    "chou_hu": _l(
        "Stale win (%(chouhu)s, chouhu): a win passed up is barred on that card until your huxi changes",
        chouhu=hanzi("chouhu"),
    ),
    "tun": _l("How tun (%(tun)s) are counted", tun=hanzi("tun")),
    "mingtang": _l(
        "Mingtang (%(mingtang)s): special hands that multiply the pay", mingtang=hanzi("mingtang")
    ),
    "xing": _l("Xing (%(xing)s): the card turned after a win", xing=hanzi("xing")),
    "jing": _l("Play with the jingpai (%(jingpai)s) wild cards", jingpai=hanzi("jingpai")),
    "players": _l("Players at the table"),
    "qitou": _l("Qitou (%(qitou)s): when a group may be declined", qitou=hanzi("qitou")),
    "fouls": _l("A broken obligation"),
    "first_lead": _l("Top cards in the first lead"),
    "fan": _l("Fan (%(fan)s): doubling for sets", fan=hanzi("fan")),
    "finish": _l("When the deal ends"),
    "generals": _l("Jiang (%(jiang)s) cards", jiang=hanzi("jiang")),
    "xi": _l("Play with the five xi (%(xi)s) cards", xi=hanzi("xi")),
    "wenqian_four": _l("Four wenqian (%(wenqian)s)", wenqian=hanzi("wenqian")),
    "qionghen": _l("Qionghen (%(qionghen)s) when you hold no xi", qionghen=hanzi("qionghen")),
    "final_round": _l("Round the total up to the next ten"),
}

CHOICES: dict[tuple[str, str], Any] = {
    ("tun", "standard"): _l("one tun at the minimum, one more per 3 huxi"),
    ("tun", "yixi"): _l("one huxi, one tun (%(yixi_yitun)s)", yixi_yitun=hanzi("yixi-yitun")),
    ("mingtang", "changde"): _l(
        "the Changde red-and-black extras (%(hongheidian)s)", hongheidian=hanzi("hongheidian")
    ),
    ("mingtang", "none"): _l("no extras"),
    ("xing", "shangxia"): _l(
        "shangxia xing (%(shangxia_xing)s): the cards one above and one below the turned card",
        shangxia_xing=hanzi("shangxia-xing"),
    ),
    ("xing", "gen"): _l(
        "gen xing (%(genxing)s): the cards the same as the turned card", genxing=hanzi("genxing")
    ),
    ("xing", "none"): _l("no card turned"),
    ("qitou", "count"): _l("by the good and bad cards held (the usual reading)"),
    ("qitou", "tied"): _l("only when every copy is tied in a jier (%(jier)s)", jier=hanzi("jier")),
    ("qitou", "none"): _l("never: always forced"),
    ("fouls", "refuse"): _l("is refused: play another move"),
    ("fouls", "end-deal"): _l("ends the deal as a foul"),
    ("first_lead", "baopai"): _l(
        "allowed, but the leader is liable (%(baopai)s): pays double alone if another seat wins",
        baopai=hanzi("baopai"),
    ),
    ("first_lead", "forbidden"): _l("not allowed"),
    ("first_lead", "free"): _l("allowed freely"),
    ("fan", "sets"): _l("three red or four black alike double the value"),
    ("fan", "none"): _l("no doubling"),
    ("finish", "play-out"): _l("when every card is played"),
    ("finish", "at-16"): _l("as soon as a seat has 16 cards laid out"),
    ("generals", "1"): _l(
        "one general (%(danjiang)s): one turned card", danjiang=hanzi("danjiang")
    ),
    ("generals", "2"): _l(
        "two generals (%(shuangjiang)s): two turned cards", shuangjiang=hanzi("shuangjiang")
    ),
    ("wenqian_four", "0"): _l("counts nothing extra"),
    ("wenqian_four", "200"): _l("counts 200 hu"),
}


@dataclass(frozen=True)
class RuleField:
    """One rule option as a form field: ``kind`` is ``select`` or ``check``."""

    name: str
    label: Any
    kind: str
    default: str
    choices: tuple[tuple[str, Any], ...] = ()


def _choice_label(name: str, value: str) -> Any:
    return CHOICES.get((name, value), value)  # numbers (players, minimum) are their own label


def rule_fields(defaults: Any) -> list[RuleField]:
    """The options of a game's rule set (its defaults given) that a new deal may set,
    labelled."""
    out = []
    for f in type(defaults).option_fields():
        default = text_of(getattr(defaults, f.name))
        choices = f.metadata.get("choices")
        if choices:
            labelled = tuple((text_of(c), _choice_label(f.name, text_of(c))) for c in choices)
            out.append(RuleField(f.name, LABELS.get(f.name, f.name), "select", default, labelled))
        elif f.type in (bool, "bool"):
            out.append(RuleField(f.name, LABELS.get(f.name, f.name), "check", default))
    return out


def read_form(defaults: Any, form: MultiDict[str, str]) -> dict[str, str]:
    """The rule options a setup form chose: a choice only when it is one of the field's;
    a flag from its box, which the form sends after a hidden ``no`` (so an unticked box
    says ``no``; a form that does not name the flag at all leaves the default)."""
    out: dict[str, str] = {}
    for fld in rule_fields(defaults):
        values = form.getlist(fld.name)
        raw = values[-1] if values else None
        if fld.kind == "check":
            if raw is not None:
                out[fld.name] = "yes" if raw in ("on", "yes", "1") else "no"
        elif raw in {value for value, _label in fld.choices}:
            out[fld.name] = raw
    return out


def readable(params: Mapping[str, Any]) -> dict[str, Any]:
    """An engine error's parameters with an option's name given as its label."""
    out = dict(params)
    if out.get("option") in LABELS:
        out["option"] = str(LABELS[out["option"]])
    return out


def describe(rules: Any, defaults: Any) -> list[tuple[Any, Any]]:
    """(option, value) in words for each option of ``rules`` that differs from the
    game's ``defaults``, for a table's "played under" line."""
    out = []
    for fld in rule_fields(defaults):
        value = getattr(rules, fld.name)
        if value == getattr(defaults, fld.name):
            continue
        text = text_of(value)
        shown = _l("yes") if value is True else _l("no") if value is False else None
        out.append((fld.label, shown if shown is not None else _choice_label(fld.name, text)))
    return out
