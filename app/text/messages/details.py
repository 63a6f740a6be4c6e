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
from app.text.messages import has


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
    if not isinstance(why, str) or not why.startswith("detail-") or not has(why):
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
