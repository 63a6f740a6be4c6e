"""Misconceptions: what a wrong answer reveals, as a code with parameters.

One catalog per game (:data:`CATALOGS`), each code with the skill it belongs to and,
the lesson step that teaches it; the messages live in ``app/text/messages/mc_<game>.py``
(both languages). A game's ``misconceptions`` module in its teaching folder
(``app/teaching/<game>/``) diagnoses answers with "buggy models": it
recomputes the answer the way a learner holding a wrong belief would, and names the
belief whose answer equals the learner's. What no buggy model explains gets the shared
exact reason: a number beside the engine's count (the line left out or added twice, the
line where the two part, the cards in sight, the fact the query states), why a
true-false statement is true or false (the engine's reason, or the authored one), the
rule that refuses a move (``mc-refused``), the missed or extra cards (every way to
complete). Only what none of these can say falls back to the generic codes listed in
:data:`FALLBACKS` (``mc-count-high``, ``mc-wrong-truth``, ...); a test keeps them rare.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from app.engine.core.actions import Action, CountLine
from app.engine.core.reason import Reason
from app.learning.exercise import Exercise, written_out
from app.learning.verdict import Solution


@dataclass(frozen=True, slots=True)
class Misconception:
    code: str  # "mc-..." (its message in app/text/messages/mc_<game>.py)
    skill: str
    lesson: str | None = None  # "<lesson-id>#<step-id>"


Diagnosis = Callable[[Exercise, Solution, str], Reason | None]

#: game id → its catalog, code → misconception
CATALOGS: dict[str, dict[str, Misconception]] = {}
#: game → its diagnosis (tried before the generic fallbacks)
DIAGNOSES: dict[str, Diagnosis] = {}
#: engine reason code (an illegal action) → misconception code, per game
REASONS: dict[str, dict[str, str]] = {}

#: the generic codes: a wrong answer that no buggy model, authored mistake, count line
#: or rule explains (each still true, none exact about the mistake)
FALLBACKS: frozenset[str] = frozenset(
    {
        "mc-count-high",
        "mc-count-low",
        "mc-illegal-action",
        "mc-not-best",
        "mc-wrong",
        "mc-wrong-choice",
        "mc-wrong-reason",
        "mc-wrong-truth",
    }
)


#: the shared codes that name the exact reason where no game's belief does, with one real
#: wrong answer each (code, exercise id, answer), judged in the tests
SHARED_EXAMPLES: tuple[tuple[str, str, str], ...] = (
    ("mc-count-cards-left", "chuanpai.demo-unseen", "1"),
    ("mc-count-left-out", "chuanpai-08-counting.count-ex3", "31"),
    ("mc-count-twice", "chuanpai-08-counting.best-ex", "11"),
    ("mc-count-parts", "hunan-09-huxi.count-big", "13"),
    ("mc-count-never", "hunan-09-huxi.count-big", "16"),
    ("mc-count-fact", "hunan-01-cards.count-red", "8"),
    ("mc-tf-true", "hunan-06-memory.lost-to-peng-check", "false a"),
    ("mc-tf-false", "hunan-01-cards.big-not-red", "true b"),
    ("mc-tf-other-reason", "hunan-01-cards.big-not-red", "false c"),
    ("mc-refused", "hunan-03-turn.chi-one", "b"),
    ("mc-missing-cards-ways", "hunan-05-chi-bi.bi-two", "x6 x6 x7 x7 x8"),
)


def register(
    game: str,
    catalog: tuple[Misconception, ...],
    diagnosis: Diagnosis,
    reasons: dict[str, str],
) -> None:
    CATALOGS[game] = {m.code: m for m in catalog}
    DIAGNOSES[game] = diagnosis
    REASONS[game] = reasons


def catalog(game: str) -> dict[str, Misconception]:
    _load()
    return CATALOGS.get(game, {})


_LOADED = False


def _load() -> None:
    """Every game's catalog, once, from its teaching folder (app/learning/teaching.py)."""
    global _LOADED
    if not _LOADED:
        _LOADED = True
        from app.learning import teaching

        for t in teaching.every():
            if t.diagnose is not None:
                register(t.game, tuple(t.misconceptions), t.diagnose, dict(t.reasons))


def diagnose(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    """The misconception a wrong ``answer`` reveals, or the exact fallback."""
    _load()
    specific = DIAGNOSES.get(ex.game)
    if specific is not None:
        found = specific(ex, sol, answer)
        if found is not None:
            return found
    return fallback(ex, sol, answer)


# -- the generic fallbacks ------------------------------------------------------------


def _choice(ex: Exercise, cid: str) -> Any:
    return next((c for c in ex.choices if c.id == cid), None)


def authored(choice: Any) -> Reason | None:
    """The misconception an authored wrong choice names, with its parameters."""
    if choice is None or not choice.misconception:
        return None
    return Reason(choice.misconception, dict(choice.params))


def action_reason(ex: Exercise, sol: Solution, cid: str) -> Reason | None:
    """A chosen action: refused by the rules (its reason mapped to a misconception), or
    legal but not what was asked (``mc-missed-forced`` names the forced action)."""
    note = next((n for n in sol.proof.notes if n.choice == cid), None)
    if note is None:
        return None
    if not note.legal and note.reason is not None:
        code = REASONS.get(ex.game, {}).get(note.reason.code)
        if code is None:  # no misconception of its own: the rule that refuses it
            return Reason("mc-refused", {"because": nested(note.reason)})
        return Reason(code, {"action": note.action.text(), **dict(note.reason.params)})
    if ex.query is not None and ex.query.name == "forced":
        forced = [n for n in sol.proof.notes if n.choice in sol.accepted]
        return Reason("mc-missed-forced", {"action": forced[0].action.text() if forced else ""})
    return None


def fallback(ex: Exercise, sol: Solution, answer: str) -> Reason | None:
    if ex.source.startswith("reading:"):  # the reading trainer: name both cards
        given = [t for t in answer.split() if t != sol.shown] or answer.split()
        return Reason("mc-read-wrong", {"card": sol.shown, "given_card": given[0] if given else ""})
    chosen = _choice(ex, answer.split()[0]) if answer.split() else None
    if ex.kind == "choice" and chosen is not None and chosen.misconception:
        return authored(chosen)
    if ex.kind == "choice" and chosen is not None:  # no mistake authored for it
        if sol.proof.facts:  # the fact that makes another choice the right one
            return Reason("mc-choice-because", {"because": nested(sol.proof.facts[0])})
        return Reason("mc-wrong-choice", {"chosen": chosen.id})
    if ex.kind == "choose-action":
        return action_reason(ex, sol, answer.strip()) or Reason("mc-not-best", {})
    if ex.kind == "number":
        right_n = int(sol.shown)
        try:
            given_n = int(answer)
        except ValueError:
            given_n = 0
        found = count_reason(ex, sol, given_n, right_n)
        if found is not None:
            return found
        code = "mc-count-high" if given_n > right_n else "mc-count-low"
        return Reason(code, {"given": given_n})
    if ex.kind == "pick-cards":
        held, wanted = Counter(answer.split()), Counter(sol.shown.split())
        if ex.query is not None and ex.query.name == "waits":
            missed = sorted(set(wanted) - set(held))
            extra = sorted(set(held) - set(wanted))
            if extra:
                return Reason("mc-extra-waits", {"cards": extra})
            return Reason("mc-missed-waits", {"cards": missed})
        answers = [Counter(a.split()) for a in sol.accepted] or [wanted]
        ways: list[
            list[str]
        ] = []  # every way of completing the learner's cards, when there are several
        for a in answers:
            lack = sorted((a - held).elements())
            if not held - a and lack not in ways:
                ways.append(lack)
        if len(ways) > 1:
            alternatives = [{"code": "cards-way", "params": {"cards": w}} for w in ways]
            return Reason("mc-missing-cards-ways", {"ways": alternatives})
        best = min(answers, key=lambda a: sum(((a - held) + (held - a)).values()))
        missing = sorted((best - held).elements())
        extra = sorted((held - best).elements())
        if not extra:
            return Reason("mc-missing-cards", {"missing_cards": missing})
        if not missing:
            return Reason("mc-extra-cards", {"extra_cards": extra})
        return Reason("mc-wrong-cards", {"missing_cards": missing, "extra_cards": extra})
    if ex.kind == "true-false":
        truth, _, why = answer.partition(" ")
        right_truth = sol.shown.split()[0]
        because = truth_reason(ex, sol)
        if truth == right_truth:
            if because is not None:
                return Reason("mc-tf-other-reason", {"because": nested(because)})
            return Reason("mc-wrong-reason", {"why": why})
        if because is not None:
            code = "mc-tf-true" if right_truth == "true" else "mc-tf-false"
            return Reason(code, {"because": nested(because)})
        return Reason("mc-wrong-truth", {"truth": right_truth})
    if ex.kind == "order":
        right_order = sol.shown.split()
        return Reason("mc-wrong-order", {"first": right_order[0] if right_order else ""})
    return Reason("mc-wrong", {})


def nested(reason: Reason) -> dict[str, Any]:
    """A reason as the parameter of another (rendered in its place, same language)."""
    return {"code": reason.code, "params": dict(reason.params)}


def truth_reason(ex: Exercise, sol: Solution) -> Reason | None:
    """Why a true-false statement is true or false, from the engine's proof: the rule
    that refuses the action (or that it is allowed), why the holding is or is not a win,
    or the fact the game's query states."""
    proof = sol.proof
    if ex.query is not None and ex.query.name == "is-legal" and len(proof.notes) == 1:
        note = proof.notes[0]
        if note.legal and note.action.kind == "hu":
            return Reason("tf-legal-hu", {})
        if note.legal:
            return Reason("tf-legal", {"forced": note.forced})
        return note.reason or Reason("not-offered")
    if proof.facts:
        return proof.facts[0]
    a = proof.analysis
    if a is not None:
        if a.reason is not None:
            return a.reason
        if a.win:
            return Reason("tf-win", {"points": a.points})
        if not a.complete:
            return Reason("tf-not-complete", {})
    # an authored statement: the reason the right answer gives, in both languages
    truth, _, why = sol.shown.partition(" ")
    chosen = _choice(ex, why)
    text = chosen.text if chosen is not None and chosen.text is not None else ex.explanation
    if text is not None:
        return Reason("tf-text", {"text": written_out(text)})
    return None


def _walk(lines: Sequence[CountLine], drop: int = -1, double: int = -1) -> list[int]:
    """The running value of a count after each line (one line left out or added twice)."""
    value, out = 0, []
    for i, ln in enumerate(lines):
        if ln.op == "+":
            value += ln.points * (0 if i == drop else 2 if i == double else 1)
        elif ln.op == "x":
            value *= ln.points
        elif ln.op == "=":
            value = ln.points
        out.append(value)
    return out


def count_reason(ex: Exercise, sol: Solution, given: int, right: int) -> Reason | None:
    """A wrong number beside the engine's, line by line.

    - cards in sight: the deal's copies, those seen, those left;
    - a count (the engine's lines): a line left out or added twice when that gives the
      learner's number exactly, else the line where the two part (after it, the count
      never comes back to the learner's number), or that no line takes it that high;
    - otherwise the fact the query states, beside the learner's number."""
    proof = sol.proof
    for fact in proof.facts:
        if fact.code == "fact-cards-left":
            total, left = int(fact.params["total"]), int(fact.params["left"])
            return Reason(
                "mc-count-cards-left",
                {
                    "given": given,
                    "right": right,
                    "card": fact.params["card"],
                    "total": total,
                    "seen": total - left,
                },
            )
    a = proof.analysis
    counts = [c for c in (a.count, a.settlement) if c is not None] if a is not None else []
    for count in counts:
        lines = count.lines
        if not lines or _walk(lines)[-1] != right:
            continue
        for i, ln in enumerate(lines):
            if ln.op != "+" or not ln.points:
                continue
            line = nested(Reason(ln.code, dict(ln.params)))
            params = {"given": given, "right": right, "line": line, "points": ln.points}
            if _walk(lines, drop=i)[-1] == given:
                return Reason("mc-count-left-out", params)
            if _walk(lines, double=i)[-1] == given:
                return Reason("mc-count-twice", params)
        values = _walk(lines)
        befores = [0, *values[:-1]]
        parted = None
        for i, (before, after) in enumerate(zip(befores, values, strict=True)):
            if min(before, after) <= given <= max(before, after) and before != after:
                parted = i
        if parted is not None:
            ln = lines[parted]
            return Reason(
                "mc-count-parts",
                {
                    "given": given,
                    "right": right,
                    "line": nested(Reason(ln.code, dict(ln.params))),
                    "before": befores[parted],
                    "after": values[parted],
                },
            )
        if given > max(values):
            return Reason("mc-count-never", {"given": given, "right": right, "most": max(values)})
    if proof.facts:
        return Reason(
            "mc-count-fact", {"given": given, "right": right, "fact": nested(proof.facts[0])}
        )
    if ex.explanation is not None:  # an authored count: its worked answer
        authored_fact = nested(Reason("tf-text", {"text": written_out(ex.explanation)}))
        return Reason("mc-count-fact", {"given": given, "right": right, "fact": authored_fact})
    return None


def parse_action(ex: Exercise, cid: str, seat: int) -> Action | None:
    ch = _choice(ex, cid)
    if ch is None or ch.action is None:
        return None
    return Action.parse(ch.action, seat)
