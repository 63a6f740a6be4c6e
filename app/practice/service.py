"""Count a hand with the engine, and turn its typed answer into what the page shows.

The web app holds no rules: it reads the form into a :class:`Holding` through the
game's own reader, asks the :class:`Game` for an :class:`Analysis` (or the waits when
the hand is one card short) and translates codes into the learner's language with
:func:`app.text.messages.render`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from app.engine import EngineError
from app.engine.core.registry import find_game
from app.engine.core.results import Analysis, Wait
from app.practice.variants import GameForm
from app.text.messages import render
from app.text.results import humanize
from app.ui.rule_options import readable

MAX_INPUT = 400  # characters per field: a hand is at most a few dozen tokens


@dataclass
class CountInput:
    """What the learner typed, kept as typed."""

    hand: str = ""
    melds: str = ""
    options: dict[str, str] = field(default_factory=dict)
    picked: list[str] = field(default_factory=list)  # the card picker's ticked boxes

    @classmethod
    def from_args(cls, form: GameForm, args: Mapping[str, str]) -> CountInput:
        opts = {}
        for opt in form.options:
            value = args.get(opt.name, opt.default if opt.kind != "check" else "")
            opts[opt.name] = str(value)[:MAX_INPUT]
        getlist = getattr(args, "getlist", None)
        picked = [str(t)[:8] for t in getlist("pick")][:MAX_PICKS] if getlist else []
        return cls(
            args.get("hand", "")[:MAX_INPUT], args.get("melds", "")[: MAX_INPUT * 2], opts, picked
        )

    @property
    def empty(self) -> bool:
        return not self.hand.strip() and not self.picked

    @property
    def cards(self) -> str:
        """The hand the engine reads: the typed cards, then the picked ones."""
        return " ".join([self.hand.strip(), *self.picked]).strip()


MAX_PICKS = 200


def deck_pool(form: GameForm) -> list[tuple[str, int]]:
    """The card picker's boxes for the count tool: every copy of every card of the
    game's deck (default rules), in the deck's order, one box each."""
    from collections import Counter

    from app.text.cards import family

    game = find_game(form.variant)
    deck = Counter(game.deck(game.rules({})))
    return [(t, 1) for t in family(form.family).tokens for _ in range(deck[t])]


@dataclass
class FieldError:
    field: str
    message: str


@dataclass(frozen=True)
class CountResult:
    """The engine's answer: an analysis, or the waits of a hand one card short."""

    mode: str  # "analyze" | "waits"
    unit: str
    analysis: Analysis | None = None
    waits: tuple[Wait, ...] = ()


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


def _options(form: GameForm, data: CountInput) -> tuple[dict[str, str], dict[str, object]]:
    """The form's option fields as engine options and command flags."""
    options: dict[str, str] = {}
    flags: dict[str, object] = {}
    for opt in form.options:
        value = data.options.get(opt.name, "").strip()
        if opt.target == "generals":
            if value in ("1", "2"):
                flags["generals"] = int(value)
        elif opt.target == "xi":
            flags["xi"] = value in ("1", "on", "yes", "true")
        elif opt.kind == "check":
            if value:
                options[opt.option_name] = "yes"
        elif value:
            options[opt.option_name] = ",".join(value.replace("，", ",").replace(",", " ").split())
    return options, flags


def _field_of(exc: EngineError) -> str:
    if exc.code in ("unknown-meld-kind", "bad-meld"):
        return "melds"
    if exc.code == "bad-option":
        return "options"
    return "hand"


def count(
    form: GameForm, data: CountInput, locale: str
) -> tuple[CountResult | None, FieldError | None]:
    """The engine's answer (analysis, or waits when one card short), or the error to show."""
    game = find_game(form.variant)
    try:
        options, flags = _options(form, data)
        rule_options, context = game.split_options(options)
        rules = game.cli_rules(rule_options, flags)
        holding = game.holding(data.cards, parse_melds(data.melds), context, rules)
        if form.waits and game.size_gap(holding, rules) == 1:
            waits = tuple(game.waits(holding, rules))
            return CountResult("waits", game.info.unit, waits=waits), None
        return CountResult("analyze", game.info.unit, analysis=game.analyze(holding, rules)), None
    except EngineError as exc:
        return None, FieldError(_field_of(exc), error_text(form, exc, locale))


def error_text(form: GameForm, exc: EngineError, locale: str) -> str:
    """The engine's refusal in the learner's words: an option by its label, cards by
    their names (an unknown card as typed)."""
    params = readable(exc.params)
    labels = {opt.option_name: opt.label for opt in form.options}
    if params.get("option") in labels:  # a count-only option (in_hand) or this form's label
        params["option"] = str(labels[params["option"]])
    if exc.code == "unknown-card":
        return render(exc.code, params, locale)  # the token as typed
    return render(
        exc.code, humanize(form.family, params, locale, form.variant), locale, form.variant
    )
