"""Stored answers read again: sentences from the attempt log, in the viewer's language.

An attempt keeps what the learner answered (canonical text), whether it was right, and
for a wrong answer the misconception's code with its parameters; it never keeps prose.
Wherever an answer is shown again (the progress page, a quiz's results, the teacher's
pages and CSV), :func:`shown` renders it from these in the language asked for: the
answer in words (cards named, a move in words, dui/cuo (right/wrong) for a truth, a choice's text; never
its notation or ``true``/``false``) and the misconception as a sentence (its parameters
in words, as the live verdict shows them). Codes are never renamed or reused, so a code
of an older answer still names the same mistake; one the catalog cannot render (unknown
here, or stored without a parameter its sentence needs) shows the plain sentence of the
exercise's kind instead, beside the answer in words.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from flask_babel import force_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from app.learning import queries
from app.learning.exercise import Exercise
from app.text import languages
from app.text.messages import LANGS, MESSAGES, TERM_FIELD

#: what a wrong answer of each kind is, in a plain sentence: said when the stored code
#: cannot be rendered (the answer in words is shown beside it)
PLAIN: dict[str, Any] = {
    "pick-cards": _l("These are not the cards asked for."),
    "choose-action": _l("This is not the move asked for."),
    "number": _l("This is not the number asked for."),
    "choice": _l("This is not the statement asked for."),
    "order": _l("This is not the order the rules give."),
    "true-false": _l("This is not the right judgement of the statement."),
}


@dataclass(frozen=True, slots=True)
class Shown:
    """A stored answer as a page shows it: the answer in words and, for a wrong one,
    the sentence that says what went wrong ("" for a right one)."""

    words: str
    reason: str


def _family(ex: Exercise | None, game: str) -> str:
    if ex is not None:
        return ex.family
    from app.engine.core.registry import find_variant

    try:
        return find_variant(game).family
    except (KeyError, ValueError):
        return game


def truth_word(truth: str) -> str:
    return _("True") if truth == "true" else _("False")


def reason_params(ex: Exercise | None, params: Mapping[str, Any], locale: str) -> dict[str, Any]:
    """A misconception's parameters as its sentence shows them: a truth as dui/cuo (True,
    False), a move in notation in words, a choice's id as its text."""
    from app.ui.present import action_words, answer_words

    out = dict(params)
    if out.get("truth") in ("true", "false"):
        out["truth"] = truth_word(out["truth"])
    if ex is None:
        return out
    if isinstance(out.get("action"), str):
        out["action"] = action_words(ex, out["action"], locale)
    ids = {c.id: c for c in ex.choices}
    for key in ("first", "why", "chosen"):
        value = out.get(key)
        if isinstance(value, str) and value in ids:
            choice = ids[value]
            if ex.kind == "true-false" and choice.text:
                out[key] = choice.text.get(locale)
            else:
                out[key] = answer_words(ex, value, locale)
    return out


def _needs(code: str) -> set[str]:
    texts = MESSAGES.get(code, {})
    names: set[str] = set()
    for lang in LANGS:
        for _lit, name, _spec, _conv in string.Formatter().parse(texts.get(lang, "")):
            if name:
                names.add(name.split(".")[0].split("[")[0])
    return names - {TERM_FIELD}  # game terms are filled by the renderer


def renderable(code: str | None, params: Mapping[str, Any] | None) -> bool:
    """The catalog has a sentence for ``code`` in every language, and ``params`` give
    each placeholder it needs."""
    if not code or code not in MESSAGES:
        return False
    if any(lang not in MESSAGES[code] for lang in LANGS):
        return False
    return _needs(code) <= set(params or {})


def reason_line(
    ex: Exercise | None, game: str, code: str | None, params: Mapping[str, Any] | None, locale: str
) -> str:
    """The stored misconception as a sentence in ``locale``; the kind's plain sentence
    when the catalog cannot render it."""
    from app.text.results import reason_text

    params = dict(params or {})
    with force_locale(languages.get(locale).folder):
        if code and renderable(code, params):
            try:
                return reason_text(
                    _family(ex, game),
                    code,
                    reason_params(ex, params, locale),
                    locale,
                    game,
                    **(queries.seat_frame(ex) if ex is not None else {}),
                )
            except (KeyError, ValueError, IndexError, TypeError):
                pass
        kind = ex.kind if ex is not None else ""
        return str(PLAIN.get(kind, _l("This answer is not right.")))


def answer_text(ex: Exercise | None, game: str, answer: str, locale: str) -> str:
    """The stored answer in words; without its exercise (gone from the bank), read as
    well as the text allows: a truth, a number, cards or a move in words."""
    from app.ui.present import answer_words, notation_words

    with force_locale(languages.get(locale).folder):
        if ex is not None:
            return answer_words(ex, answer, locale)
        text = answer.strip()
        head = text.split(" ", 1)[0] if text else ""
        if head in ("true", "false"):
            return truth_word(head)
        if text.lstrip("-").isdigit():
            return text
        from app.text.results import cards_text

        family = _family(None, game)
        try:
            from app.text.cards import family as catalog

            known = set(catalog(family).tokens)
        except KeyError:
            known = set()
        if text and all(t in known for t in text.split()):
            return cards_text(family, text.split(), locale)
        from app.engine.core.actions import Action

        try:
            Action.parse(text, 0)
        except ValueError:
            return text
        words = notation_words(family, game, text, locale)
        return words


def shown(
    ex: Exercise | None,
    game: str,
    answer: str,
    correct: bool,
    code: str | None,
    params: Mapping[str, Any] | None,
    locale: str,
) -> Shown:
    """A stored answer as sentences in ``locale``: its words, and for a wrong answer
    what went wrong (a right one has no reason line; a wrong one always has one). The
    reason is left out where it would only say the answer's words again."""
    words = answer_text(ex, game, answer, locale)
    if correct:
        return Shown(words, "")
    reason = reason_line(ex, game, code, params, locale)
    if reason.strip() == words.strip():
        reason = ""
    return Shown(words, reason)
