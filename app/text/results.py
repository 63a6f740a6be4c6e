"""Engine results in words: card names in running text, count lines, group kinds.

Layer 2 (with the card catalog and the messages): no Flask request, no learning.

The engine speaks in codes with parameters; these helpers turn them into what a page
shows, in the page's language: card tokens become card names (with pictures beside
them in the templates), count lines become sentences with their points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from flask_babel import lazy_gettext as _l

from app.engine.core.actions import Count
from app.text import languages, terms
from app.text.cards import card as catalog_card
from app.text.localized import Text
from app.text.messages import MESSAGES, SEAT_PARAMS, render


def card_name(family: str, token: str, locale: str, game: str | None = None) -> str:
    """A card's name for running text: tian pai / "Heaven (six-six)", by ``game``'s own
    name where it has one (meizi / "meizi (five-five)" in the pairing game); the token if
    unknown."""
    try:
        c = catalog_card(family, token)
    except KeyError:
        return token
    word = terms.card_word(token, game, locale) if game else None
    if languages.chinese(locale):
        return word or c.name.get(locale)
    return c.label_as(locale, word)


def cards_text(family: str, tokens: Sequence[Any], locale: str, game: str | None = None) -> str:
    """``small eight ×3, big nine``: repeated cards counted, not repeated."""
    runs: list[tuple[str, int]] = []
    for t in tokens:
        name = card_name(family, str(t), locale, game)
        if runs and runs[-1][0] == name:
            runs[-1] = (name, runs[-1][1] + 1)
        else:
            runs.append((name, 1))
    parts = [name if n == 1 else f"{name} ×{n}" for name, n in runs]
    return list_separator(locale).join(parts)


def list_separator(locale: str) -> str:
    """Between the items of a list in running text: the enumeration comma on a Chinese
    page, a comma and a space on an English one."""
    return "、" if languages.chinese(locale) else ", "


def humanize(
    family: str,
    params: Mapping[str, Any],
    locale: str,
    game: str | None = None,
    *,
    viewer: int | None = None,
    seats: int = 0,
) -> dict[str, Any]:
    """Parameters ready for a message: card tokens become card names; seats are named
    from ``viewer``'s chair at a table of ``seats`` (you, Right, Left, Across), else
    counted from 1 (the engine counts them from 0); a reason inside is said in the
    words of ``game``."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if isinstance(value, Mapping) and _is_prose(value):  # prose, in every written language
            out[key] = Text.of(value).get(locale)  # type: ignore[union-attr]
        elif isinstance(value, Mapping) and "code" in value:  # a reason inside a reason
            inner = humanize(
                family, value.get("params") or {}, locale, game, viewer=viewer, seats=seats
            )
            out[key] = render(str(value["code"]), inner, locale, game).rstrip("。.")
        elif (
            isinstance(value, list | tuple)
            and value
            and all(isinstance(v, Mapping) and "code" in v for v in value)
        ):  # alternatives, each a reason
            out[key] = " / ".join(
                humanize(family, {"r": v}, locale, game, viewer=viewer, seats=seats)["r"]
                for v in value
            )
        elif key in SEAT_PARAMS and isinstance(value, int) and not isinstance(value, bool):
            out[key] = terms.seat_word(value, viewer, seats, locale)
        elif key in ("kind", "action_kind") and isinstance(value, str):
            out[key] = action_label(value, game)  # a group or action kind in words, not its id
        elif key == "as" and isinstance(value, str):  # a group kind a count line counts as
            out[key] = kind_label(value, game or family, locale)
        elif key == "term" and isinstance(value, str):  # a concept of the term table
            out[key] = terms.word(value, game or family, locale) or value
        elif key.endswith("card") and isinstance(value, str):
            out[key] = card_name(family, value, locale, game)
        elif key.endswith("cards") and isinstance(value, list | tuple):
            out[key] = cards_text(family, value, locale, game)
        elif key.endswith("cards") and isinstance(value, str):  # tokens written out
            out[key] = cards_text(family, value.split(), locale, game)
        elif key == "group" and family == "chuanpai" and not languages.chinese(locale):
            out[key] = chuanpai_group_words().get(value, value)  # peng on an English page
        else:
            out[key] = value
    return out


def _is_prose(value: Mapping[str, Any]) -> bool:
    """A parameter that is prose written per language (``{"zh": ..., "en": ...}``)."""
    return set(languages.written()) <= set(value) <= set(languages.codes())


#: the pairing game's groups its verdicts name (a ``group`` parameter carries the Chinese
#: word): their concepts in the term table
CHUANPAI_GROUPS = ("an", "peng", "yan", "qi", "liang", "gang", "bai", "jier")


@cache
def chuanpai_group_words() -> dict[str, str]:
    """The pairing game's group words as its verdicts carry them (Chinese) → the term
    table's English word for it."""
    out: dict[str, str] = {}
    for concept in CHUANPAI_GROUPS:
        zh, en = terms.word(concept, "chuanpai", "zh"), terms.word(concept, "chuanpai", "en")
        if zh and en:
            out[zh] = en
    return out


def count_lines(
    family: str, count: Count | None, locale: str, game: str | None = None
) -> list[dict[str, Any]]:
    """An itemized count as lines of text, in the engine's order, in the words of
    ``game`` (Guilin's hu and shunzi where Hunan says huxi and yijuhua)."""
    if count is None:
        return []
    out = []
    for ln in count.lines:
        cards = ln.params.get("cards")
        out.append(
            {
                "code": ln.code,
                "op": ln.op,
                "points": ln.points,
                "text": render(ln.code, humanize(family, ln.params, locale, game), locale, game),
                "detail": _row_detail(ln.code, ln.params, locale),
                "cards": list(cards) if isinstance(cards, list | tuple) else None,
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


#: The engines' group and action kinds → the term table's concept (content/terms.yaml).
KIND_CONCEPTS: dict[str, str] = {
    "hu": "hupai",  # the action of winning: hupai / Win in every game
    "shun": "yijuhua",
    "jiao": "jiao",
    "jiang": "jiang",
    "kan": "kan",
    "chi": "chi",
    "peng": "peng",
    "wei": "wei",
    "chouwei": "chouwei",
    "pao": "pao",
    "ti": "ti",
    "sao": "wei",
    "guosao": "chouwei",
    "kaiduo": "pao",
    "saochuan": "ti",
    "jier": "jier",
    "an": "an",
    "yan": "yan",
    "liang": "liang",
    "qi": "qi",
    "kang": "gang",
    "fan-set": "fan",
    "pair": "jiang",
    "dazi": "yijuhua",
    "wenqian": "wenqian",
    "an-ke": "anke",
    "ming-gang": "minggang",
    "an-gang": "angang",
    "long": "long",
    "gang": "gang",
    "jia-gang": "jiagang",
    "baoting": "baoting",
    "bai": "bai",
    "tuoshou": "tuoshou",
}
#: the game a kind belongs to when its name says so (Guilin's names of the word-card groups)
KIND_GAMES: dict[str, str] = {
    "sao": "guilin",
    "guosao": "guilin",
    "kaiduo": "guilin",
    "saochuan": "guilin",
    "wei": "hunan",
    "chouwei": "hunan",
    "pao": "hunan",
    "ti": "hunan",
    "shun": "hunan",
    "jiao": "hunan",
    "pair": "nantong",
    "dazi": "nantong",
    "kang": "chuanpai",
    "an": "chuanpai",
    "gang": "nantong",
    "jia-gang": "nantong",
    "fan-set": "chuanpai-tricks",
}


def _page_locale() -> str:
    from flask import has_request_context

    if not has_request_context():
        return "en"
    from app.i18n import page_locale

    return str(page_locale())


def kind_label(kind: str, game: str | None = None, locale: str | None = None) -> str:
    """A group or action kind by the term table's word in the page's language (the
    word of ``game`` when given): pao / Pao, kaiduo / Kaiduo; a kind the table does not
    name is shown by its id."""
    concept = KIND_CONCEPTS.get(kind)
    loc = locale or _page_locale()
    if concept is not None:
        word = terms.word(concept, game or KIND_GAMES.get(kind, ""), loc) or terms.word(
            concept, KIND_GAMES.get(kind, "hunan"), loc
        )
        c = terms.concept(concept)
        word = word or (c.words[0].get(loc) if c else None)
        if word:
            return word if languages.chinese(loc) else word[:1].upper() + word[1:]
    return kind


def unit_word(unit: str, game: str | None = None) -> str:
    """A count's unit in the page language, by the word of ``game`` when given (the
    word-card unit is huxi in Hunan, hu in Guilin: content/terms.yaml, concept huxi)."""
    concept = "huxi" if unit == "huxi" else "hu"
    word = terms.word(concept, game, _page_locale()) if game else None
    # TRANSLATORS: "huxi" and "hu" are units of points (of the word-card games), not the
    # verb "to win"
    return word or str(_l("huxi") if unit == "huxi" else _l("hu"))


def reason_text(
    family: str,
    code: str,
    params: Mapping[str, Any],
    locale: str,
    game: str | None = None,
    *,
    viewer: int | None = None,
    seats: int = 0,
) -> str:
    """A reason or misconception code as a sentence, card tokens named and seats named
    from ``viewer``'s chair, in the words of ``game`` when given."""
    return render(
        code, humanize(family, params, locale, game, viewer=viewer, seats=seats), locale, game
    )


def action_label(action_kind: str, game: str | None = None) -> str:
    """An action kind in the page language (a group kind's label, or the verb itself)."""
    verbs = {
        "pass": _l("Pass"),
        "discard": _l("Discard"),
        "draw": _l("Draw"),
        "lead": _l("Lead"),
        "beat": _l("Beat"),
        "cover": _l("Cover"),
        "tuoshou": _l("Get clear"),
        "bai": _l("Lay out"),
        # TRANSLATORS: guo in the Sichuan pairing game: keep a card back to play later
        "guo": _l("Hold back"),
        "done": _l("Done"),
        "keep": _l("Keep"),
    }
    if action_kind in verbs:
        return str(verbs[action_kind])
    return kind_label(action_kind, game)


#: The exercise kinds, in the learner's language.
EXERCISE_KINDS: dict[str, object] = {
    "pick-cards": _l("Pick the cards"),
    "choose-action": _l("Choose the action"),
    # TRANSLATORS: a kind of exercise: type a number (a count of points or cards)
    "number": _l("Count"),
    "choice": _l("Choose the statement"),
    "order": _l("Put in order"),
    "true-false": _l("True or false, and why"),
}
