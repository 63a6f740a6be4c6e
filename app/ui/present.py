"""What an exercise block shows: the setup with card pictures, the answer form, the
hints, and after an answer the verdict with its proof, all in the page's language.

Every area (the exercise pages, lessons, practice, quizzes, assignments) draws the same
block, ``templates/components/exercise.html``, from an :class:`ExerciseBlock` built here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from app.learning import queries
from app.learning.exercise import EXAM_CONTEXTS, Exercise
from app.learning.verdict import Proof, Verdict
from app.text import languages, terms
from app.text.results import action_label, count_lines, kind_label, reason_text
from app.ui.pictures import Table
from app.ui.tables import from_view

if TYPE_CHECKING:
    from app.learning.record import Run


@dataclass
class ChoiceView:
    id: str
    text: str = ""
    action_kind: str = ""  # a labelled action: its kind in words
    cards: list[str] = field(default_factory=list)
    # choose-action on the cards: the hand cards that make it (a tap or a selection), a
    # claim on the card on offer, the cards drawn on its button, and its words
    hand: list[str] = field(default_factory=list)
    claim: bool = False
    draw: list[list[str]] = field(default_factory=list)
    words: str = ""


@dataclass
class NoteView:
    label: str
    cards: list[str]
    legal: bool
    forced: bool
    reason: str


@dataclass
class ProofView:
    melds: list[tuple[str, list[str], int]] = field(default_factory=list)
    lines: list[dict[str, Any]] = field(default_factory=list)
    total: Any = None
    settlement: list[dict[str, Any]] = field(default_factory=list)
    settlement_total: Any = None
    waits: list[tuple[str, Any]] = field(default_factory=list)
    checks: list[tuple[str, str]] = field(default_factory=list)
    notes: list[NoteView] = field(default_factory=list)
    after: Table | None = None
    consequences: list[str] = field(default_factory=list)
    order: list[str] = field(default_factory=list)
    facts: list[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        """Nothing to show (an authored answer has no engine proof)."""
        return not any(
            (self.melds, self.lines, self.settlement, self.waits, self.checks, self.notes)
        ) and not (self.after or self.consequences or self.order or self.facts)


@dataclass
class VerdictView:
    correct: bool
    message: str
    misconception: str | None
    proof: ProofView | None  # shown once solved, revealed, or as the refutation
    refutation: ProofView | None
    answer_text: str  # the right answer in words (when it may be shown)
    recorded_only: bool = False  # exam: no feedback until the exam closes
    lesson: str | None = None  # "<lesson>#<step>" that teaches what went wrong
    reason: str = ""  # a right answer: why it is right, in one line (the count, the rule)


@dataclass
class ExerciseBlock:
    ex: Exercise
    locale: str
    family: str
    prompt: str
    token: str
    context: str
    ref: str
    hand: list[str]
    melds: list[tuple[str, list[str]]]
    table: Table | None
    pool: list[tuple[str, int]]  # pick-cards: (token, copies you may pick)
    choices: list[ChoiceView]
    stars: int
    solved: bool
    hints_shown: int
    hint_rule: str
    hint_cards: list[str]
    answer_shown: str  # hint step 3: the right answer in words
    exam: bool
    given: Mapping[str, Any] = field(default_factory=dict)  # the form as typed
    error: str = ""
    verdict: VerdictView | None = None
    unit: str = ""
    continue_url: str | None = None  # where "Continue" leads (the next step, question …)
    continue_target: str | None = None  # the element it swaps with htmx ("#quiz-question")
    # after a right answer where nothing continues (an exercise's own page): what next
    next_url: str | None = None
    next_label: str = ""
    rating_change: Any = None  # practice: how the learner's rating moved (practice.Moved)
    # where the forms post (default: /exercises/<id>/answer and /hint); an exam addresses
    # its items by opaque ids instead, so no position code shows in the page
    answer_url: str | None = None
    hint_url: str | None = None
    # what the verdict shown depends on besides the exercise and the language (the
    # answer, the solution shown, an exam's): the page draws it once per key
    verdict_key: tuple[Any, ...] = ()
    # an assignment item's random key: the page names the item by it, never by anything
    # derived from the exercise (whose id a public page may show)
    key: str = ""

    @property
    def dom_id(self) -> str:
        if self.key:
            return "ex-" + self.key
        if self.exam:  # a quiz's exam: an id may hold its position, the page shows a digest
            from app.learning.record import token_key

            return "ex-" + str(token_key(self.ex, "quiz-exam"))
        return self.anchor(self.ex.id)

    @staticmethod
    @lru_cache(maxsize=8192)
    def anchor(exercise_id: str) -> str:
        return "ex-" + "".join(c if c.isalnum() else "-" for c in exercise_id)


def default_hint(ex: Exercise, locale: str) -> str:
    """Hint step 1 for an exercise without one: the rule its engine query asks about."""
    from app.text.messages import MESSAGES, render

    name = ex.query.name if ex.query else "authored"
    # a game's own query first (hint-chuanpai-claims), then the shared name (hint-claims)
    for code in (f"hint-{name.replace(':', '-')}", f"hint-{name.split(':')[-1]}", "hint-authored"):
        if code in MESSAGES:
            return render(code, {}, locale, ex.game)
    return ""


def prompt_text(ex: Exercise, locale: str) -> str:
    """The question in ``locale``, its parameters filled in (cards named)."""
    from app.text.results import humanize

    text = ex.prompt.get(locale)
    if not ex.prompt_params:
        return text
    return text.format_map(humanize(ex.family, ex.prompt_params, locale, **queries.seat_frame(ex)))


CONTEXT_CARDS = {
    "generals": _l("The turned generals"),
    "general": _l("The turned generals"),
    "win": _l("The winning card"),
}


def _context_cards(ex: Exercise) -> list[tuple[str, list[str]]]:
    """Cards a holding's context names (Nantong's turned generals, the winning card),
    to show beside the hand."""
    out = []
    for key, label in CONTEXT_CARDS.items():
        value = ex.setup.context.get(key)
        if value:
            tokens = [t for t in str(value).replace(",", " ").split() if t]
            try:
                from app.engine.core.registry import find_game

                game = find_game(ex.game)
                tokens = list(game.parse_cards(" ".join(tokens), game.rules(ex.rules)))
            except Exception:  # noqa: BLE001 - a bad context is the content check's to report
                continue
            out.append((str(label), tokens))
    return out


def _setup(ex: Exercise) -> tuple[list[str], list[tuple[str, list[str]]], Table | None]:
    c = queries.read(ex)
    hand: list[str] = []
    melds: list[tuple[str, list[str]]] = []
    if c.holding is not None and c.state is None:  # a position's table shows its own groups
        hand = list(c.holding.hand)
        melds = [(kind_label(m.kind, ex.game), list(m.cards)) for m in c.holding.melds]
        melds += _context_cards(ex)
    table = None
    if c.state is not None:
        seat = ex.setup.seat if ex.setup.seat is not None else c.game.to_act(c.state)
        view = c.game.view(c.state, seat)
        table = from_view(view, ex.family)
        if not hand and seat is not None and view.seats[seat].hand is not None:
            hand = list(view.seats[seat].hand or ())
    return hand, melds, table


def _pool(ex: Exercise, hand: list[str]) -> list[tuple[str, int]]:
    if ex.kind != "pick-cards":
        return []
    from app.engine.core.registry import find_game
    from app.text.cards import family

    fam = family(ex.family)
    if ex.setup.pool == "hand":
        return [(t, 1) for t in fam.sort(hand)]
    game = find_game(ex.game)
    c = queries.read(ex)
    deck = Counter(game.deck(c.rules))
    if c.state is not None:  # a position: the copies the seat has not seen yet
        view = game.view(
            c.state, ex.setup.seat if ex.setup.seat is not None else game.to_act(c.state)
        )
        drawn = game.drawn_offer_in_hand
        seen = Counter({t: queries.visible_copies(view, t, drawn) for t in deck})
    else:
        seen = Counter(hand)
    return [(t, deck[t] - seen[t]) for t in fam.tokens if deck[t] - seen[t] > 0]


def _choices(
    ex: Exercise,
    locale: str,
    seat: int,
    hand: list[str] | None = None,
    offer: str | None = None,
) -> list[ChoiceView]:
    from app.engine.core.actions import Action
    from app.learning.on_cards import groups, hand_part

    out = []
    for ch in ex.choices:
        view = ChoiceView(ch.id, ch.text.get(locale) if ch.text else "")
        if ch.action and ex.kind == "choose-action":
            a = Action.parse(ch.action, seat)
            view.action_kind = action_label(a.kind, ex.game)
            view.cards = list(a.cards)
            part, view.claim, whole = hand_part(a, list(hand or ()), offer)
            view.hand = part if whole else []  # cards the hand lacks: a button of its own
            view.draw = [list(a.cards), *(g for g in groups(a.params.get("bi")) if g)]
            view.draw = [g for g in view.draw if g]
            view.words = view.text or action_words(ex, ch.action, locale)
        elif ch.action and ex.kind == "order" and not view.text:
            seat_text, _sep, act = ch.action.partition(":")
            a = Action.parse(act.strip(), int(seat_text))
            view.text = _seat_action(
                queries.seat_frame(ex), int(seat_text), action_label(a.kind, ex.game), locale
            )
            view.cards = list(a.cards)
        out.append(view)
    return out


def answer_words(ex: Exercise, answer: str, locale: str, lettered: bool = False) -> str:
    """An answer's canonical text in words (choice ids become their texts); ``lettered``
    puts each choice's letter before its words, (a), (b)..., as a printed sheet lists
    the choices (a worksheet's answer key)."""
    from app.text.results import cards_text

    if ex.kind == "pick-cards":
        return cards_text(ex.family, answer.split(), locale) or _("no card")
    if ex.kind == "number":
        return answer
    labels = {
        c.id: (c.text.get(locale) if c.text else action_words(ex, c.action or c.id, locale))
        for c in ex.choices
    }
    if lettered:
        labels = {
            cid: f"({choice_letter(i)}) {words}" for i, (cid, words) in enumerate(labels.items())
        }
    if ex.kind == "true-false":
        truth, _sep, why = answer.partition(" ")
        word = _("True") if truth == "true" else _("False")
        reason = labels.get(why, "")
        if not reason:
            return word
        if reason.casefold().startswith(word.casefold()):  # "True: combinations are rare."
            return reason  # says the truth itself: not twice
        # TRANSLATORS: a true-false answer: the truth chosen (True/False), then the reason
        return _("%(truth)s, because: %(why)s", truth=word, why=reason)
    return " → ".join(labels.get(w, w) for w in answer.split())


def choice_letter(index: int) -> str:
    """The letter of the ``index``-th choice (0: a), as ``<ol type="a">`` numbers it."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    out = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        out = letters[rest] + out
    return out


def _seat_action(frame: dict[str, Any], seat: int, words: str, locale: str) -> str:
    """A seat's action, the seat named as the exercise's table names it (``frame``, from
    :func:`queries.seat_frame`: you, Right, Left, Across from the chair it is seen from;
    Seat N without a table)."""
    if not frame:
        return _("Seat %(n)s: %(action)s", n=seat + 1, action=words)
    zh = languages.chinese(locale)
    name = terms.seat_word(seat, frame["viewer"], frame["seats"], locale)
    return f"{name}：{words}" if zh else f"{name[:1].upper()}{name[1:]}: {words}"


def action_words(ex: Exercise, notation: str, locale: str) -> str:
    """An action in notation (``discard x10``, ``1: chi x2 x3``) in words (Discard small ten), a
    seat named as the exercise's table names it."""
    return notation_words(ex.family, ex.game, notation, locale, queries.seat_frame(ex))


def notation_words(
    family: str, game: str, notation: str, locale: str, frame: dict[str, Any] | None = None
) -> str:
    """An action in notation in words, in ``game``'s words for ``family``'s cards, a seat
    named from ``frame`` (:func:`queries.seat_frame`; Seat N without one)."""
    from app.engine.core.actions import Action
    from app.text.results import cards_text

    seat_text, sep, rest = notation.partition(":")
    text = rest.strip() if sep and seat_text.strip().isdigit() else notation
    try:
        a = Action.parse(text, 0)
    except ValueError:
        return notation
    words = f"{action_label(a.kind, game)} {cards_text(family, list(a.cards), locale)}".strip()
    if sep and seat_text.strip().isdigit():
        return _seat_action(frame or {}, int(seat_text), words, locale)
    return words


def proof_view(ex: Exercise, proof: Proof, locale: str) -> ProofView:
    fam = ex.family
    frame = queries.seat_frame(ex)
    pv = ProofView()
    a = proof.analysis
    if a is not None:
        pv.melds = [(kind_label(m.kind, ex.game), list(m.cards), m.points) for m in a.melds]
        pv.lines = count_lines(fam, a.count, locale, ex.game)
        pv.total = a.count.total if a.count else None
        pv.settlement = count_lines(fam, a.settlement, locale, ex.game)
        pv.settlement_total = a.settlement.total if a.settlement else None
    pv.waits = [(w.card, w.points) for w in proof.waits]
    for card, check in proof.checks.items():
        why = reason_text(fam, "mc-extra-waits", {"cards": [card]}, locale, ex.game, **frame)
        pv.checks.append((card, why if check is None or not check.complete else ""))
    for n in proof.notes:
        reason = (
            reason_text(fam, n.reason.code, n.reason.params, locale, ex.game, **frame)
            if n.reason
            else ""
        )
        pv.notes.append(
            NoteView(
                action_label(n.action.kind, ex.game),
                list(n.action.cards),
                n.legal,
                n.forced,
                reason,
            )
        )
    if proof.after is not None:
        pv.after = from_view(proof.after, fam)
    pv.consequences = [
        reason_text(fam, r.code, r.params, locale, ex.game, **frame) for r in proof.consequences
    ]
    labels = {c.id: c for c in _choices(ex, locale, 0)}
    pv.order = [labels[i].text if i in labels else i for i in proof.order]
    pv.facts = [reason_text(fam, r.code, r.params, locale, ex.game, **frame) for r in proof.facts]
    if a is not None and not a.complete:
        pv.facts.append(_("No arrangement of these cards makes a whole hand, so it is no win."))
    elif a is not None and not a.win and a.points is not None and "min" in a.extra:
        pv.facts.append(
            _(
                "The cards make a whole hand, but %(points)s is below the minimum of %(min)s.",
                points=a.points,
                min=a.extra["min"],
            )
        )
    return pv


#: why a right answer is right, by kind, where the engine's proof says nothing more
#: particular (its count, a fact, the rule of the chosen move)
RIGHT_BY_KIND: dict[str, Any] = {
    "pick-cards": _l("These are exactly the cards asked for, no more and no fewer."),
    "choose-action": _l("The rules allow this move, and it is the one asked for."),
    "number": _l("That is the count the rules give."),
    "choice": _l("This is the statement that holds here."),
    "order": _l("This is the order the rules give."),
    "true-false": _l("That is how the rules judge the statement."),
}


def right_reason(ex: Exercise, verdict: Verdict, full: ProofView | None, locale: str) -> str:
    """Why a right answer is right, in one line, from the engine's proof: the reason
    the learner chose (true-false), the rule of the chosen move, the proof's first fact,
    the count's total, the completing cards; else the kind's sentence. A fact said here
    leaves the proof's list (said once)."""
    proof = verdict.proof
    answer = verdict.answer.strip()
    if ex.kind == "true-false":
        _truth, _sep, why = answer.partition(" ")
        chosen = next((c for c in ex.choices if c.id == why and c.text), None)
        if chosen is not None and chosen.text is not None:
            return chosen.text.get(locale)
    if ex.kind == "choose-action":
        note = next((n for n in proof.notes if n.choice == answer), None)
        if note is not None and note.forced:
            if not any(n.legal for n in proof.notes if n is not note):
                return _("The rules force this move: it is the only one allowed.")
            return _("The rules require this move here.")
        if note is not None and note.reason is not None:
            return reason_text(
                ex.family,
                note.reason.code,
                note.reason.params,
                locale,
                ex.game,
                **queries.seat_frame(ex),
            )
    if full is not None and full.facts:
        return full.facts.pop(0)
    if ex.kind == "pick-cards" and proof.waits:
        return _(
            "Each of these cards completes the hand, and no other card does: "
            "%(n)s in all, checked card by card below.",
            n=len(proof.waits),
        )
    a = proof.analysis
    if ex.kind == "number" and a is not None and (a.count or a.settlement):
        return _("The count below adds up to %(total)s, line by line.", total=answer)
    if ex.kind == "true-false" and a is not None and a.win and a.points is not None:
        return _("The cards make a whole hand worth %(total)s, enough to win.", total=a.points)
    return str(RIGHT_BY_KIND.get(ex.kind, ""))


def verdict_view(ex: Exercise, verdict: Verdict, locale: str, show_solution: bool) -> VerdictView:
    mc = verdict.misconception
    if verdict.correct:
        message = _("Right!")
    elif mc is not None:
        # the same sentence as the attempt log's code and parameters read again
        from app.ui.stored import reason_line

        message = reason_line(ex, ex.game, mc.code, mc.params, locale)
    else:
        message = _("Not right.")
    full = proof_view(ex, verdict.proof, locale) if (verdict.correct or show_solution) else None
    refutation = None if verdict.correct else refute(ex, verdict, locale)
    if full is not None and refutation is not None:
        _drop_shown(full, refutation)
    reason = right_reason(ex, verdict, full, locale) if verdict.correct else ""
    return VerdictView(
        correct=verdict.correct,
        message=message,
        misconception=mc.code if mc else None,
        proof=full,
        refutation=refutation,
        answer_text=answer_words(ex, verdict.solution.shown, locale),
        lesson=None if verdict.correct else lesson_step(ex, mc.code if mc else None),
        reason=reason,
    )


def _drop_shown(full: ProofView, refutation: ProofView) -> None:
    """The whole proof shown under the refutation says each thing once: the chosen
    action's note, what it leads to, the consequences and the checked cards stay in the
    refutation and leave the whole proof."""
    full.notes = [n for n in full.notes if n not in refutation.notes]
    full.checks = [c for c in full.checks if c not in refutation.checks]
    if refutation.consequences == full.consequences:
        full.consequences = []
    if refutation.after is not None and refutation.after == full.after:
        full.after = None


def lesson_step(ex: Exercise, misconception: str | None) -> str | None:
    """The lesson step to go over after a wrong answer: the one that teaches the
    misconception, else the exercise's own (``None`` when neither is a step)."""
    from app.learning.lessons import step_of
    from app.learning.misconceptions import catalog

    mc = catalog(ex.game).get(misconception or "")
    for ref in (mc.lesson if mc else None, ex.lesson):
        if ref and step_of(ref) is not None:
            return ref
    return None


def refute(ex: Exercise, verdict: Verdict, locale: str) -> ProofView | None:
    """The part of the proof that shows why the learner's answer fails, without giving
    the whole solution away: the refused action's reason, the picked card that does
    not complete the hand, what the chosen action leads to."""
    proof = verdict.proof
    pv = ProofView()
    if ex.kind == "choose-action":
        chosen = [n for n in proof.notes if n.choice == verdict.answer.strip()]
        after = proof.after
        if after is None and chosen and chosen[0].legal:
            after = after_view(ex, chosen[0].action)
        sub = Proof(notes=tuple(chosen), after=after, consequences=proof.consequences)
        return proof_view(ex, sub, locale)
    if ex.kind == "pick-cards" and ex.query is not None and ex.query.name == "waits":
        extra = [t for t in verdict.answer.split() if t not in verdict.solution.shown.split()]
        pv.checks = [
            (
                t,
                reason_text(
                    ex.family,
                    "mc-extra-waits",
                    {"cards": [t]},
                    locale,
                    ex.game,
                    **queries.seat_frame(ex),
                ),
            )
            for t in extra
        ]
        return pv if pv.checks else None
    return None


def after_view(ex: Exercise, action: Any) -> Any:
    """The table after a legal action, as its seat sees it (the refutation of a wrong
    but legal choice: what it leads to); ``None`` for an exercise without a position."""
    c = queries.read(ex)
    if c.state is None:
        return None
    from app.engine.core.errors import EngineError
    from app.engine.core.game import IllegalAction

    try:
        return c.game.view(c.game.apply(c.state, action), action.seat)
    except (EngineError, IllegalAction, ValueError):  # the verdict stands without it
        return None


@dataclass(frozen=True)
class _Fixed:
    """What a block shows of an exercise whoever answers it (made once per language)."""

    prompt: str
    hand: list[str]
    melds: list[tuple[str, list[str]]]
    table: Table | None
    pool: list[tuple[str, int]]
    choices: list[ChoiceView]
    hint_rule: str
    unit: str


_FIXED: dict[tuple[str, str], tuple[Exercise, _Fixed]] = {}
_FIXED_MAX = 8192


def _fixed(ex: Exercise, locale: str) -> _Fixed:
    hit = _FIXED.get((ex.id, locale))
    if hit is not None and (hit[0] is ex or hit[0] == ex):
        return hit[1]
    from app.engine.core.registry import find_game

    hand, melds, table = _setup(ex)
    seat = ex.setup.seat if ex.setup.seat is not None else 0
    if ex.kind == "choose-action" and table is not None:  # answered on the cards too
        table.select, table.fan = "on-cards", True
    fixed = _Fixed(
        prompt=prompt_text(ex, locale),
        hand=hand,
        melds=melds,
        table=table,
        pool=_pool(ex, hand),
        choices=_choices(ex, locale, seat, hand, table.shown if table else None),
        hint_rule=ex.hint.get(locale) if ex.hint else default_hint(ex, locale),
        unit=find_game(ex.game).info.unit,
    )
    if len(_FIXED) >= _FIXED_MAX:
        _FIXED.pop(next(iter(_FIXED)))
    _FIXED[(ex.id, locale)] = (ex, fixed)
    return fixed


def build(
    ex: Exercise,
    locale: str,
    token: str,
    state: Run | None,
    context: str = "exercise",
    ref: str = "",
    verdict: Verdict | None = None,
    given: Mapping[str, Any] | None = None,
    error: str = "",
    key: str = "",
) -> ExerciseBlock:

    fixed = _fixed(ex, locale)
    exam = context in EXAM_CONTEXTS
    hints = 0 if exam or state is None else (3 if state.revealed else state.hints)
    solved = bool(state and state.solved)
    sol = queries.solve(ex)
    block = ExerciseBlock(
        ex=ex,
        locale=locale,
        family=ex.family,
        prompt=fixed.prompt,
        token=token,
        context=context,
        ref=ref,
        hand=fixed.hand,
        melds=fixed.melds,
        table=fixed.table,
        pool=fixed.pool,
        choices=fixed.choices,
        stars=(state.stars if state else 0),
        solved=solved,
        hints_shown=hints,
        hint_rule=fixed.hint_rule,
        hint_cards=list(ex.hint_cards or sol.highlight),
        answer_shown=answer_words(ex, sol.shown, locale) if hints >= 3 else "",
        exam=exam,
        given=dict(given or {}),
        error=error,
        unit=fixed.unit,
        key=key,
    )
    if verdict is not None:
        show = hints >= 3
        block.verdict = _verdict(ex, verdict, locale, show, exam)
        block.verdict_key = (verdict.answer, show, exam)
    return block


# A verdict's view depends only on the exercise, the answer, the language and whether the
# solution is shown (the engine's judgement is the same every time): worked out once.
_VERDICTS: dict[tuple[str, str, str, bool, bool], tuple[Exercise, VerdictView]] = {}
_VERDICTS_MAX = 8192


def _verdict(ex: Exercise, verdict: Verdict, locale: str, show: bool, exam: bool) -> VerdictView:
    key = (ex.id, verdict.answer, locale, show, exam)
    hit = _VERDICTS.get(key)
    if hit is not None and (hit[0] is ex or hit[0] == ex):
        return hit[1]
    if exam:
        view = VerdictView(False, _("Your answer is recorded."), None, None, None, "", True)
    else:
        view = verdict_view(ex, verdict, locale, show_solution=show)
    if len(_VERDICTS) >= _VERDICTS_MAX:
        _VERDICTS.pop(next(iter(_VERDICTS)))
    _VERDICTS[key] = (ex, view)
    return view
