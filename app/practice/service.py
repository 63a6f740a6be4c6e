"""Count a hand with the engine, and turn its answer into what the page shows.

The web app holds no rules: it builds the same request the CLI would
(:class:`app.engine.cli.CliRequest`), calls the variant's hook, and translates codes
into the learner's language with :func:`app.messages.render`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from app.cards.catalog import card as catalog_card
from app.engine import EngineError, find_variant
from app.engine.cli import CliRequest
from app.messages import MESSAGES, render
from app.practice.variants import GameForm

MAX_INPUT = 400  # characters per field: a hand is at most a few dozen tokens


@dataclass
class CountInput:
    """What the learner typed, kept as typed."""

    hand: str = ""
    melds: str = ""
    options: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_args(cls, form: GameForm, args: Mapping[str, str]) -> CountInput:
        opts = {}
        for opt in form.options:
            value = args.get(opt.name, opt.default if opt.kind != "check" else "")
            opts[opt.name] = str(value)[:MAX_INPUT]
        return cls(args.get("hand", "")[:MAX_INPUT], args.get("melds", "")[: MAX_INPUT * 2], opts)

    @property
    def empty(self) -> bool:
        return not self.hand.strip()


@dataclass
class FieldError:
    field: str
    message: str


def parse_melds(text: str) -> tuple[tuple[str, str], ...]:
    """One meld a line: ``kind: cards`` (``kind cards`` and a full-width colon work too)."""
    out = []
    for raw in text.replace("：", ":").splitlines():
        line = raw.strip()
        if not line:
            continue
        if ":" in line:
            kind, cards = line.split(":", 1)
        else:
            kind, _, cards = line.partition(" ")
        out.append((kind.strip(), cards.strip()))
    return tuple(out)


def _request(form: GameForm, data: CountInput, verb: str) -> CliRequest:
    options: dict[str, str] = {}
    generals: int | None = None
    xi = False
    for opt in form.options:
        value = data.options.get(opt.name, "").strip()
        if opt.target == "generals":
            generals = int(value) if value in ("1", "2") else None
        elif opt.target == "xi":
            xi = value in ("1", "on", "yes", "true")
        elif opt.kind == "check":
            if value:
                options[opt.option_name] = "yes"
        elif value:
            options[opt.option_name] = ",".join(value.replace("，", ",").replace(",", " ").split())
    return CliRequest(
        verb=verb,
        variant=find_variant(form.variant),
        hand=data.hand,
        melds=parse_melds(data.melds),
        options=options,
        generals=generals,
        xi=xi,
    )


def _field_of(exc: EngineError) -> str:
    if exc.code in ("unknown-meld-kind", "bad-meld"):
        return "melds"
    if exc.code == "bad-option":
        return "options"
    return "hand"


def count(
    form: GameForm, data: CountInput, locale: str
) -> tuple[dict[str, Any] | None, FieldError | None]:
    """The engine's answer (analysis, or waits when one card short), or the error to show."""
    module = find_variant(form.variant).load()
    try:
        result: dict[str, Any] = module.cli_analyze(_request(form, data, "analyze"))
        result["mode"] = "analyze"
        return result, None
    except EngineError as exc:
        short_by_one = (
            exc.code == "bad-hand-size"
            and form.waits
            and int(exc.params.get("expected", -1)) == int(exc.params.get("count", -2)) + 1
        )
        if not short_by_one:
            return None, FieldError(_field_of(exc), error_text(form, exc, locale))
    try:
        result = module.cli_waits(_request(form, data, "waits"))
        result["mode"] = "waits"
        return result, None
    except EngineError as exc:
        return None, FieldError(_field_of(exc), error_text(form, exc, locale))


def card_name(family: str, token: str, locale: str) -> str:
    """A card's name for running text: 天牌 / "Heaven (six-six)"; the token if unknown."""
    try:
        c = catalog_card(family, token)
    except KeyError:
        return token
    return c.name(locale) if locale.startswith("zh") else c.label(locale)


def cards_text(family: str, tokens: list[Any] | tuple[Any, ...], locale: str) -> str:
    """``small eight ×3, big nine``: repeated cards counted, not repeated."""
    runs: list[tuple[str, int]] = []
    for t in tokens:
        name = card_name(family, str(t), locale)
        if runs and runs[-1][0] == name:
            runs[-1] = (name, runs[-1][1] + 1)
        else:
            runs.append((name, 1))
    parts = [name if n == 1 else f"{name} ×{n}" for name, n in runs]
    return ("、" if locale.startswith("zh") else ", ").join(parts)


def _humanize(family: str, params: Mapping[str, Any], locale: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in params.items():
        if key.endswith("card") and isinstance(value, str):
            out[key] = card_name(family, value, locale)
        elif key.endswith("cards") and isinstance(value, list | tuple):
            out[key] = cards_text(family, value, locale)
        else:
            out[key] = value
    return out


def error_text(form: GameForm, exc: EngineError, locale: str) -> str:
    params = dict(exc.params)
    if exc.code == "unknown-card":
        return render(exc.code, params, locale)  # the token as typed
    return render(exc.code, _humanize(form.family, params, locale), locale)


def count_lines(
    form: GameForm, result: Mapping[str, Any], locale: str, key: str = "count"
) -> list[dict[str, Any]]:
    """The itemized count (or ``key="settlement"``) as lines of text, in the engine's order."""
    lines = (result.get(key) or {}).get("lines", [])
    out = []
    for ln in lines:
        params = ln.get("params", {})
        cards = params.get("cards") if isinstance(params.get("cards"), list) else None
        out.append(
            {
                "code": ln["code"],
                "op": ln.get("op", "+"),
                "points": ln.get("points"),
                "text": render(ln["code"], _humanize(form.family, params, locale), locale),
                "detail": _row_detail(ln["code"], params, locale),
                "cards": cards,
            }
        )
    return out


def _row_detail(code: str, params: Mapping[str, Any], locale: str) -> str:
    """Which row of the game's table a line used (``nt-row-zaijiang``), when it says."""
    row = params.get("row")
    if not isinstance(row, str):
        return ""
    detail = f"{code.split('-', 1)[0]}-row-{row}"
    return render(detail, {}, locale) if detail in MESSAGES else ""


def total_of(result: Mapping[str, Any]) -> Any:
    return (result.get("count") or {}).get("total", result.get("points"))
