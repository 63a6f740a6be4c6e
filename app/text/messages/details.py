"""The engine's details in words: what a ``bad-code``/``bad-position`` error or a
broken invariant says, as a message code of this package.

The engine explains a code or a position it cannot read in one English line (its
``detail`` parameter: ``seat 0: no card 'zz'``, ``the body has 5 sections, not 7``),
written for the command line and its tests, and names the kind of problem with a code
of this package beside it (``why="detail-cards"``, ``why="detail-sections"``...) and the
parameters its sentence needs. A learner's page never shows the English line:
:func:`explain` turns the kind and its parameters into a sentence's code and values;
nothing reads the English. A detail with no kind is ``detail-other``, so no page is
ever left with the English text. The sentences are clauses, shown inside
``practice-bad-code`` and ``practice-impossible``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from app.engine.core.errors import Detail

MESSAGES: dict[str, dict[str, str]] = {
    "detail-not-code": {
        "en": "it is not a position code (a code is parts joined by ~: v1, the game, "
        "its options, then the position)",
        "zh": "这不是局面代码（局面代码由 ~ 连起来的几部分组成：v1、玩法、选项，然后是局面）",
    },
    "detail-too-long": {
        "en": "it is {count} characters long, far longer than any position code",
        "zh": "它有 {count} 个字符，比任何局面代码都长得多",
    },
    "detail-bad-char": {
        "en": "it holds the character {char}, which no code uses (only letters, digits "
        "and . _ ~ -)",
        "zh": "里面有字符 {char}，局面代码不用这个字符（只用字母、数字和 . _ ~ -）",
    },
    "detail-version": {
        "en": "it is written in a version this site does not read (codes begin with v1)",
        "zh": "它的写法版本本站读不了（局面代码以 v1 开头）",
    },
    "detail-wrong-game": {
        "en": "it is a position of another game ({variant})",
        "zh": "这是另一种玩法（{variant}）的局面",
    },
    "detail-seat-view": {
        "en": "it is what one seat sees, not the whole position",
        "zh": "这只是某一家看到的局面，不是完整局面",
    },
    "detail-options": {
        "en": "its rule options cannot be read",
        "zh": "里面的规则选项读不出来",
    },
    "detail-option": {
        "en": "the rule '{option}' does not take the value {value}",
        "zh": "规则“{option}”不能取值{value}",
    },
    "detail-unknown-option": {
        "en": "this game has no rule option '{option}'",
        "zh": "这种玩法没有“{option}”这个规则选项",
    },
    "detail-sections": {
        "en": "parts of it are missing or extra (copy the whole code again)",
        "zh": "缺了几部分或多了几部分（请重新复制完整的代码）",
    },
    "detail-cards": {
        "en": "it names a card this game's deck does not have",
        "zh": "里面有这副牌没有的牌",
    },
    "detail-deck": {
        "en": "its cards are not exactly one deck (some are missing, or a card has more "
        "copies than the deck holds)",
        "zh": "牌和一副牌对不上（有的牌少了，或者某张牌比整副牌里的还多）",
    },
    "detail-hand-size": {
        "en": "seat {n} holds a number of cards no deal gives at this moment",
        "zh": "第 {n} 家此时手里的张数，哪一局都不会出现",
    },
    "detail-sitting-out": {
        "en": "the seat sitting out this deal holds cards",
        "zh": "这一局定醒的那一家手里有牌",
    },
    "detail-meld": {
        "en": "a group laid out on the table is not a group of this game",
        "zh": "桌上摆出的某一组不是这种玩法的牌组",
    },
    "detail-no-seat": {
        "en": "it is seen from seat {n}, and the table has no seat {n}",
        "zh": "它是从第 {n} 家看到的局面，可是桌上没有第 {n} 家",
    },
    "detail-seat": {
        "en": "what it says about seat {n} cannot be read",
        "zh": "关于第 {n} 家的那部分读不出来",
    },
    "detail-moment": {
        "en": "what it says about the moment (the phase, whose turn it is, the card on "
        "offer) cannot be read or does not fit together",
        "zh": "关于此刻的那部分（阶段、轮到谁、等待处理的牌）读不出来，或者前后对不上",
    },
    "detail-json": {
        "en": "the position JSON is not valid (line {line})",
        "zh": "局面 JSON 的格式不对（第 {line} 行）",
    },
    "detail-json-shape": {
        "en": "the position JSON lacks a field or has one of the wrong kind",
        "zh": "局面 JSON 缺少某个字段，或者某个字段的类型不对",
    },
    "detail-other": {
        "en": "part of it does not fit this game (was it changed by hand?)",
        "zh": "有一部分和这种玩法对不上（是不是被手动改过？）",
    },
    # the command line's complaints (argparse's and the CLI's own), for --lang zh
    "args-required": {"en": "{what} is required", "zh": "缺少 {what}"},
    "args-unknown": {"en": "unrecognized arguments: {what}", "zh": "不认识的参数：{what}"},
    "args-value": {
        "en": "{arg} does not take the value {value}",
        "zh": "{arg} 不能取值 {value}",
    },
    "args-choice": {
        "en": "{arg} does not take the value {value} (one of {choices})",
        "zh": "{arg} 不能取值 {value}（可选：{choices}）",
    },
    "args-needs-value": {"en": "{arg} needs a value", "zh": "{arg} 后面要跟一个值"},
    "args-games": {
        "en": "--games must be from 1 to {max}",
        "zh": "--games 必须在 1 到 {max} 之间",
    },
}


def explain(detail: Mapping[str, Any] | str) -> tuple[str, dict[str, Any]]:
    """The message code and parameters that say in words what a ``bad-code`` or
    ``bad-position`` error names: the error's parameters (``why``, the kind, and what its
    sentence needs) or a broken invariant's :class:`~app.engine.core.errors.Detail`.
    Plain text, or a kind not known here, is ``detail-other``. Seats are counted from 1;
    ``variant`` and ``option`` are the engine's names, for the caller to put in words."""
    why: object
    if isinstance(detail, Detail):
        why, given = detail.why, detail.params
    elif isinstance(detail, Mapping):
        why = detail.get("why")
        given = {k: v for k, v in detail.items() if k not in ("why", "detail")}
    else:
        return "detail-other", {}
    if not isinstance(why, str) or not why.startswith("detail-") or why not in MESSAGES:
        return "detail-other", {}
    return why, {_NAMES.get(k, k): _SHOWN[k](v) if k in _SHOWN else v for k, v in given.items()}


#: the engine's parameter names that the sentences name otherwise
_NAMES = {"seat": "n"}
#: how a parameter's value is shown in a sentence: a seat counted from 1, a character or
#: an option's value in quotation marks
_SHOWN: dict[str, Callable[[Any], Any]] = {
    "seat": lambda v: int(v) + 1,
    "char": lambda v: f"“{v}”",
    "value": lambda v: f"“{v}”",
}

Params = Callable[[re.Match[str]], dict[str, Any]]


def _first(
    rules: tuple[tuple[re.Pattern[str], str, Params], ...], text: str
) -> tuple[str, dict[str, Any]] | None:
    """The code and parameters of the first of ``rules`` whose pattern ``text`` holds."""
    for pattern, code, params in rules:
        m = pattern.search(text)
        if m is not None:
            return code, params(m)
    return None


#: the command line's complaints: (pattern, message code, its parameters), first match
#: wins. Most are argparse's own English (``argparse`` is not ours and gives no codes),
#: so they are read from its text.
ARGUMENT_RULES: tuple[tuple[re.Pattern[str], str, Params], ...] = tuple(
    (re.compile(p), code, params)
    for p, code, params in (
        (r"^(.+) is required$", "args-required", lambda m: {"what": m.group(1)}),
        (
            r"^the following arguments are required: (.+)$",
            "args-required",
            lambda m: {"what": m.group(1)},
        ),
        (r"^unrecognized arguments: (.+)$", "args-unknown", lambda m: {"what": m.group(1)}),
        (
            r"^argument (\S+): invalid choice: (.+) \(choose from (.+)\)$",
            "args-choice",
            lambda m: {"arg": m.group(1), "value": m.group(2), "choices": m.group(3)},
        ),
        (
            r"^argument (\S+): invalid \w+ value: (.+)$",
            "args-value",
            lambda m: {"arg": m.group(1), "value": m.group(2)},
        ),
        (
            r"^argument (\S+): expected one argument$",
            "args-needs-value",
            lambda m: {"arg": m.group(1)},
        ),
        (r"^--games must be from 1 to (\d+)$", "args-games", lambda m: {"max": m.group(1)}),
    )
)


def explain_arguments(detail: str) -> tuple[str, dict[str, Any]] | None:
    """The message code and parameters of a command-line complaint (``bad-arguments``'s
    detail), or ``None`` for one not known here."""
    return _first(ARGUMENT_RULES, detail)
