"""Reading an answer from a form into canonical text (what the attempt log stores).

Each kind has one reader. Cards come from the card picker's checkboxes (``pick``,
repeated for several copies) or, when typed, from ``cards`` (tokens or Chinese names,
read by the engine, so an unknown card is named); the canonical text is the tokens in
the deck's order. A reader raises :class:`AnswerError` with a message code and
parameters when the answer cannot be read (the page shows it and keeps the input).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, Protocol, overload

from app.engine.core.errors import EngineError
from app.engine.core.registry import find_game
from app.learning.exercise import Exercise

MAX_ANSWER = 400


class Form(Protocol):
    """What an answer is read from: a submitted form (werkzeug's ``MultiDict``) or a
    dict-like stand-in."""

    @overload
    def get(self, key: str, /) -> Any: ...
    @overload
    def get(self, key: str, default: Any, /) -> Any: ...
    def getlist(self, key: str, /) -> list[Any]: ...


class AnswerError(ValueError):
    """An answer that cannot be read: ``code`` names the message, ``params`` fill it."""

    def __init__(self, code: str, params: Mapping[str, Any] | None = None) -> None:
        self.code = code
        self.params = dict(params or {})
        super().__init__(code)


def _sorted_tokens(ex: Exercise, tokens: list[str]) -> str:
    from app.text.cards import family

    return " ".join(family(ex.family).sort(tokens))


def parse_cards(ex: Exercise, text: str) -> list[str]:
    """Tokens from typed text (any accepted spelling); an unknown card is named."""
    game = find_game(ex.game)
    try:
        return list(game.parse_cards(text[:MAX_ANSWER], game.rules(ex.rules)))
    except EngineError as exc:
        if exc.code in ("unknown-card", "too-many-copies"):
            raise AnswerError(exc.code, exc.params) from None
        raise AnswerError("answer-unreadable") from None


def held_cards(ex: Exercise) -> list[str] | None:
    """The cards the learner holds, where a pick-cards answer comes from the hand (its
    pool is ``hand``); ``None`` where the answer may name any card of the deck."""
    if ex.kind != "pick-cards" or ex.setup.pool != "hand":
        return None
    from app.learning.queries import BadExercise, read

    try:
        c = read(ex)
    except BadExercise:
        return None
    if c.holding is not None and c.state is None:
        return list(c.holding.hand)
    if c.state is not None:
        seat = ex.setup.seat if ex.setup.seat is not None else c.game.to_act(c.state)
        if seat is not None:
            return list(c.game.view(c.state, seat).seats[seat].hand or ()) or None
    return None


def _held(ex: Exercise, tokens: list[str]) -> list[str]:
    """The tokens, refused (:class:`AnswerError`) when they name cards not in the hand."""
    held = held_cards(ex)
    if held is not None:
        lacking = Counter(tokens) - Counter(held)
        if lacking:
            raise AnswerError("answer-cards-not-held", {"cards": sorted(lacking.elements())})
    return tokens


def _pick_cards(ex: Exercise, form: Form) -> str:
    typed = str(form.get("cards", "") or "").strip()
    if typed:
        return _sorted_tokens(ex, _held(ex, parse_cards(ex, typed)))
    from app.text.cards import family

    known = set(family(ex.family).tokens)
    picked = [str(t) for t in form.getlist("pick")][:200]
    bad = [t for t in picked if t not in known]
    if bad:
        raise AnswerError("unknown-card", {"token": bad[0]})
    if not picked:
        raise AnswerError("answer-pick-cards-empty")
    return _sorted_tokens(ex, _held(ex, picked))


def _number(ex: Exercise, form: Form) -> str:
    text = str(form.get("number", "") or "").strip().translate(_FULLWIDTH)
    if not text:
        raise AnswerError("answer-number-empty")
    if not text.lstrip("-").isdigit() or len(text) > 6:
        raise AnswerError("answer-number-bad", {"text": text[:20]})
    return str(int(text))


_FULLWIDTH = str.maketrans("０１２３４５６７８９－", "0123456789-")


def _one_choice(ex: Exercise, form: Form, name: str = "choice") -> str:
    value = str(form.get(name, "") or "").strip()
    ids = {c.id for c in ex.choices}
    if value not in ids:
        raise AnswerError("answer-choice-empty" if not value else "answer-choice-bad")
    return value


def _order(ex: Exercise, form: Form) -> str:
    ranks: dict[str, int] = {}
    for c in ex.choices:
        raw = str(form.get(f"rank-{c.id}", "") or "").strip()
        if not raw.isdigit():
            raise AnswerError("answer-order-incomplete")
        ranks[c.id] = int(raw)
    if sorted(ranks.values()) != list(range(1, len(ex.choices) + 1)):
        raise AnswerError("answer-order-repeated")
    return " ".join(sorted(ranks, key=lambda cid: ranks[cid]))


def _true_false(ex: Exercise, form: Form) -> str:
    truth = str(form.get("truth", "") or "").strip()
    if truth not in ("true", "false"):
        raise AnswerError("answer-truth-empty")
    if not ex.choices:
        return truth
    return f"{truth} {_one_choice(ex, form, 'why')}"


READERS = {
    "pick-cards": _pick_cards,
    "choose-action": _one_choice,
    "number": _number,
    "choice": _one_choice,
    "order": _order,
    "true-false": _true_false,
}


def read_answer(ex: Exercise, form: Form) -> str:
    """The canonical answer text, or :class:`AnswerError`."""
    return READERS[ex.kind](ex, form)
