"""``academy content check`` and ``academy content stats`` (shared/contracts/content-cli.md).

:func:`check` loads every content file, validates it against its schema, decodes every
position, recomputes every engine-decided answer, replays every recorded deal and checks
every cross-reference (glossary terms, lesson steps, skills, misconceptions); it returns
one line per problem, ``file: place: what is wrong``. :func:`stats` counts what ships.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from app.config import ROOT
from app.content import derived
from app.engine.core.registry import all_variants
from app.text import languages
from app.yamlfile import load_yaml

LOCALES = languages.written()  # the languages content is written in (zh-Hant is derived)
GLOSSARY_PATH = ROOT / "content" / "glossary.yaml"
TERM = re.compile(r"\[\[([a-z0-9-]+)")
CARD = re.compile(r"\{([a-z0-9]{2,3})\}")


def _rel(path: Path | str) -> str:
    p = Path(path)
    return str(p.relative_to(ROOT)) if p.is_absolute() and p.is_relative_to(ROOT) else str(p)


def _schema_problems(load: Callable[[Path], Any], files: list[Path]) -> Iterator[str]:
    for path in files:
        try:
            load(path)
        except ValidationError as exc:
            for err in exc.errors():
                where = ".".join(str(x) for x in err["loc"]) or "-"
                yield f"{_rel(path)}: {where}: {err['msg']}"
        except (yaml.YAMLError, ValueError, OSError) as exc:
            yield f"{_rel(path)}: -: {exc}"


def _exercise_problems() -> Iterator[str]:
    from app.learning import bank, skills
    from app.learning.misconceptions import catalog
    from app.learning.queries import BadExercise, solve

    try:
        exercises = bank.authored()
    except (ValidationError, ValueError) as exc:
        yield f"content: -: {exc}"
        return
    for ex in exercises.values():
        for s in ex.skills:
            if skills.skill(ex.game, s) is None:
                yield f"{ex.source}: {ex.id}: unknown skill {s!r} for {ex.game}"
        ids = {c.id for c in ex.choices}
        for c in ex.choices:
            if c.misconception and c.misconception not in catalog(ex.game):
                yield f"{ex.source}: {ex.id}: unknown misconception {c.misconception!r}"
        if (
            ex.query is None
            and ex.answer is not None
            and ex.kind in ("choice",)
            and ex.answer not in ids
        ):
            yield f"{ex.source}: {ex.id}: the answer {ex.answer!r} is not a choice"
        try:
            solve(ex)
        except BadExercise as exc:
            yield f"{ex.source}: {ex.id}: {exc}"


def _lesson_problems() -> Iterator[str]:
    from app.engine.core.errors import EngineError
    from app.engine.core.registry import find_game
    from app.learning.deals import BadDeal, replay
    from app.learning.glossary import terms
    from app.learning.lessons import all_lessons, lesson_files, read_lesson

    yield from _schema_problems(read_lesson, lesson_files())
    try:
        lessons = all_lessons()
    except (ValidationError, ValueError):
        return
    known = terms()
    for lesson in lessons.values():
        game = find_game(lesson.game)
        from app.text.cards import family

        tokens = set(family(game.info.family).tokens)  # every card of the family (joy cards too)
        for step in lesson.steps:
            where = f"{lesson.source}: {step.id}"
            for loc in LOCALES:
                texts = [t.get(loc) for t in (step.text, step.variant_note) if t]
                if step.deal:
                    texts += [n.text.text().get(loc) for n in step.deal.notes]
                for t in texts:
                    for tid in TERM.findall(t):
                        if tid not in known:
                            yield f"{where}: unknown glossary term [[{tid}]]"
                    for tok in CARD.findall(t):
                        if tok not in tokens:
                            yield f"{where}: unknown card {{{tok}}}"
            for tok in step.cards:
                if tok not in tokens:
                    yield f"{where}: unknown card {tok!r}"
            if step.example is not None:
                ex = step.example
                try:
                    rules = game.rules(ex.rules)
                    melds = tuple(tuple(m.replace("：", ":").split(":", 1)) for m in ex.melds)
                    game.analyze(game.holding(ex.hand, melds, ex.context, rules), rules)  # type: ignore[arg-type]  # melds are "kind:cards"
                except EngineError as exc:
                    yield f"{where}: the example cannot be counted: {exc.code} {exc.params}"
            if step.deal is not None:
                try:
                    replay(lesson.game, step.deal)
                except (BadDeal, EngineError) as exc:
                    yield f"{where}: {exc}"
                for note in step.deal.notes:
                    if note.move > len(step.deal.moves):
                        yield f"{where}: a note for move {note.move}, after the last move"


def _first_use_problems() -> Iterator[str]:
    """A glossary term of a game is linked where its game's path first uses it: along
    the path in order, the first ``[[term]]`` must not come after the term's characters (hanzi) first
    stand in the Chinese prose unlinked (terms of two characters or more; one character
    such as chi or peng is too common inside other words to be told apart)."""
    from app.learning.glossary import terms
    from app.learning.lessons import path_of

    link = re.compile(r"\[\[([a-z0-9-]+)(?:\|[^\]]*)?\]\]")
    known = terms()
    for v in all_variants():
        mine = [t for t in known.values() if v.id in t.games and len(t.hanzi) >= 2]
        # a homograph (hepai the card, hepai the win: one spelling) counts as linked by either entry
        alike = {t.id: {u.id for u in mine if u.hanzi == t.hanzi} for t in mine}
        linked: set[str] = set()
        plain_seen: dict[str, str] = {}
        for lesson in path_of(v.id):
            for step in lesson.steps:
                texts = [step.text.zh] if step.text else []
                if step.deal:
                    texts += [n.text.zh for n in step.deal.notes]
                for text in texts:
                    plain = link.sub(lambda m: "\0" * len(m.group(0)), text)
                    firsts = {m.group(1): m.start() for m in reversed(list(link.finditer(text)))}
                    for t in mine:
                        if alike[t.id] & linked or alike[t.id] & set(plain_seen):
                            continue
                        at = plain.find(t.hanzi)
                        first = min(firsts.get(u, len(text)) for u in alike[t.id])
                        if at >= 0 and first > at:
                            plain_seen[t.id] = step.ref
                    linked |= set(firsts)
        for tid, ref in plain_seen.items():
            yield (
                f"{lesson_file(ref)}: {ref.partition('#')[2]}: {known[tid].hanzi} is first used "
                f"without its glossary link [[{tid}]]"
            )


def lesson_file(ref: str) -> str:
    from app.learning.lessons import get

    lesson = get(ref.partition("#")[0])
    return lesson.source if lesson else ref


def _glossary_problems() -> Iterator[str]:
    from app.learning.glossary import GLOSSARY, read_docs, terms
    from app.learning.lessons import step_of

    if not GLOSSARY.exists():
        return
    yield from _schema_problems(lambda p: read_docs(), [GLOSSARY])
    try:
        known = terms()
    except (ValidationError, ValueError) as exc:
        yield f"{_rel(GLOSSARY)}: -: {exc}"
        return
    games = {v.id for v in all_variants()}
    for t in known.values():
        for g in t.games:
            if g not in games:
                yield f"{_rel(GLOSSARY)}: {t.id}: unknown game {g!r}"
        if t.taught_in and t.taught_in.startswith("cards:"):
            from app.text.cards import FAMILIES

            if t.taught_in.partition(":")[2] not in FAMILIES:
                yield f"{_rel(GLOSSARY)}: {t.id}: taught_in {t.taught_in!r} is not a card gallery"
        elif t.taught_in and step_of(t.taught_in) is None:
            yield f"{_rel(GLOSSARY)}: {t.id}: taught_in {t.taught_in!r} is not a lesson step"


def _terms_problems() -> Iterator[str]:
    """The term table and the glossary agree: every glossary entry is a word or a
    regional name of a concept, with the same characters; every game is known."""
    from app.learning.glossary import read_docs
    from app.text import terms as table

    where = _rel(table.TERMS)
    yield from _schema_problems(table.read, [table.TERMS])
    try:
        doc = table.table()
        glossary = {t.id: t for t in read_docs()}
    except (ValidationError, ValueError):
        return
    games = {v.id for v in all_variants()}
    if set(doc.groups.get("all", [])) != games:
        yield f"{where}: groups.all: must be every game, {sorted(games)}"
    for name, members in doc.groups.items():
        for g in members:
            if g not in games:
                yield f"{where}: groups.{name}: unknown game {g!r}"
    named = table.entries()
    for c in doc.concepts:
        items: list[table.WordDoc | table.RegionalDoc] = [*c.words, *c.regional]
        for item in items:
            for g in item.games:
                if g not in games and g not in doc.groups:
                    yield f"{where}: {c.id}: unknown game {g!r}"
            entry = glossary.get(item.glossary) if item.glossary else None
            if item.glossary and entry is None:
                yield f"{where}: {c.id}: no glossary entry {item.glossary!r}"
            elif entry is not None and entry.hanzi != item.zh:
                yield (
                    f"{where}: {c.id}: {item.zh} names glossary entry {entry.id!r}, "
                    f"which is written {entry.hanzi}"
                )
    for gid in glossary:
        if gid not in named:
            yield f"{_rel(GLOSSARY_PATH)}: {gid}: no concept of {where} names it"


def taught_problems() -> Iterator[str]:
    """Taught before tested: every lesson exercise and quiz item names the rule points it
    uses (``points``, checklist ids of its game), and each is taught at or before the
    exercise: in an earlier step of the path (a lesson exercise), or in a lesson of the
    quiz's unit or an earlier one (a quiz item)."""
    from app.learning import lessons, quizzes

    owner: dict[str, str] = {}
    taught: dict[str, str] = {}
    for path in checklist_files():
        data = load_yaml(path.read_text(encoding="utf-8"))
        for p in data.get("points", []):
            owner[p["id"]] = data["game"]
            if p.get("taught_in"):
                taught[p["id"]] = p["taught_in"]
    for v in all_variants():
        place: dict[str, tuple[int, int]] = {}
        unit_at: dict[str, int] = {}
        for ls in lessons.path_of(v.id):
            unit_at.setdefault(ls.unit, ls.order)
            for st in ls.steps:
                place[st.ref] = (ls.order, st.index)
        last_of_unit: dict[str, tuple[int, int]] = {}
        for ls in lessons.path_of(v.id):
            last_of_unit[ls.unit] = (ls.order, len(ls.steps))
        items = [
            (st.exercise, place[st.ref], lesson.source, st.ref)
            for lesson in lessons.path_of(v.id)
            for st in lesson.steps
            if st.exercise is not None
        ]
        for unit, exs in quizzes.authored().get(v.id, {}).items():
            end = last_of_unit.get(unit)
            for ex in exs:
                items.append((ex, end or (10**6, 0), ex.source, f"the {unit} quiz"))
        for ex, at, source, where in items:
            if not ex.points:
                yield f"{source}: {ex.id}: names no rule point it uses (points)"
            for pid in ex.points:
                if pid not in owner:
                    yield f"{source}: {ex.id}: unknown rule point {pid!r}"
                elif owner[pid] != v.id:
                    yield f"{source}: {ex.id}: {pid!r} is a point of {owner[pid]}"
                elif (ref := taught.get(pid)) is None or ref not in place:
                    yield f"{source}: {ex.id}: uses {pid}, which no step of {v.id} teaches"
                elif place[ref] > at:
                    yield f"{source}: {ex.id}: uses {pid} in {where}, but it is taught later, in {ref}"


def term_order_problems() -> Iterator[str]:
    """No exercise speaks a term before the path teaches it: a word of the term table
    (of two characters or more in Chinese; a romanized word in English) in an exercise's
    prompt, choices or hint is taught (its glossary step) at or before the exercise."""
    from app.learning import lessons, quizzes
    from app.learning.glossary import taught_in
    from app.text import terms as table

    for v in all_variants():
        place = {st.ref: (ls.order, st.index) for ls in lessons.path_of(v.id) for st in ls.steps}
        unit_end: dict[str, tuple[int, int]] = {}
        for ls in lessons.path_of(v.id):
            unit_end[ls.unit] = (ls.order, len(ls.steps))
        items = [
            (st.exercise, place[st.ref], ls.source)
            for ls in lessons.path_of(v.id)
            for st in ls.steps
            if st.exercise is not None
        ]
        items += [
            (ex, unit_end.get(unit, (10**6, 0)), ex.source)
            for unit, exs in quizzes.authored().get(v.id, {}).items()
            for ex in exs
        ]
        for ex, at, source in items:
            seen: set[str] = set()
            for lang in LOCALES:
                texts = [ex.prompt.get(lang), *(c.text.get(lang) for c in ex.choices if c.text)]
                texts += [ex.hint.get(lang)] if ex.hint else []
                for text in texts:
                    for name, _at in table.finds(text, v.id, lang):
                        if name.kind != "word":
                            continue
                        c = table.concept(name.concept)
                        w = table._word_in(c, v.id) if c else None
                        if w is None or not w.glossary or w.glossary in seen:
                            continue
                        if not languages.chinese(lang) and (
                            not w.gloss or w.en in table.ENGLISH_WORDS
                        ):
                            continue  # an English word: no term to teach
                        if name.text in table._card_faces(v.id, lang):
                            continue  # a card's plain name (two-four): no term either
                        seen.add(w.glossary)
                        ref = taught_in(w.glossary)
                        if ref in place and place[ref] > at:
                            yield (
                                f"{source}: {ex.id}: says {name.text} before it is taught "
                                f"(in {ref})"
                            )


def checklist_files() -> list[Path]:
    return sorted((ROOT / "content" / "checklists").glob("*.yaml"))


def _checklist_problems() -> Iterator[str]:
    from app.learning.lessons import get, path_of, step_of

    for path in checklist_files():
        data = load_yaml(path.read_text(encoding="utf-8"))
        game = data.get("game")
        for point in data.get("points", []):
            ref = point.get("taught_in")
            where = f"{_rel(path)}: {point.get('id')}"
            if not ref:
                if path_of(game):
                    yield f"{where}: taught in no lesson step"
            elif step_of(ref) is None:
                yield f"{where}: taught_in {ref!r} is not a lesson step"
            elif (lesson := get(ref.partition("#")[0])) and lesson.game != game:
                yield f"{where}: taught_in {ref!r} is a step of {lesson.game}, not {game}"


def _misconception_problems() -> Iterator[str]:
    from app.learning.lessons import step_of
    from app.learning.misconceptions import catalog
    from app.text.messages import MESSAGES

    for v in all_variants():
        for code, mc in catalog(v.id).items():
            texts = MESSAGES.get(code)
            if not texts or not all(texts.get(loc) for loc in LOCALES):
                yield f"app/messages: {code}: no message in both languages"
            if mc.lesson and step_of(mc.lesson) is None:
                yield f"app/learning/misconceptions: {code}: lesson {mc.lesson!r} is not a step"
    yield from _authored_misconception_problems()


def _authored_misconception_problems() -> Iterator[str]:
    """An authored wrong choice names a known misconception and gives every parameter
    its message needs (else the learner would read ``{cards}``)."""
    import string

    from app.learning import bank
    from app.text.messages import MESSAGES, TERM_FIELD

    for ex in bank.authored().values():
        for ch in ex.choices:
            if not ch.misconception:
                continue
            texts = MESSAGES.get(ch.misconception)
            if texts is None:
                yield f"{ex.source}: {ex.id}: choice {ch.id}: unknown {ch.misconception!r}"
                continue
            needed = {
                name
                for text in texts.values()
                for _lit, name, _spec, _conv in string.Formatter().parse(text)
                if name
            }
            missing = sorted(needed - {k for k, _v in ch.params} - {TERM_FIELD})
            if missing:
                yield (
                    f"{ex.source}: {ex.id}: choice {ch.id}: {ch.misconception} needs params "
                    f"{', '.join(missing)}"
                )


def _compare_problems() -> Iterator[str]:
    from app.learning.compare import COMPARE, point_ids, table

    known = point_ids()
    owner = {
        p["id"]: data["game"]
        for path in checklist_files()
        for data in [load_yaml(path.read_text(encoding="utf-8"))]
        for p in data.get("points", [])
    }
    games = {v.id for v in all_variants()}
    for aspect in table().aspects:
        for game in sorted(games - set(aspect.cells)):
            yield f"{_rel(COMPARE)}: {aspect.id}: no cell for {game}"
        for game, cell in aspect.cells.items():
            if game not in games:
                yield f"{_rel(COMPARE)}: {aspect.id}: unknown game {game!r}"
            if cell.point not in known:
                yield f"{_rel(COMPARE)}: {aspect.id}.{game}: unknown rule point {cell.point!r}"
            elif owner.get(cell.point) != game:
                yield f"{_rel(COMPARE)}: {aspect.id}.{game}: {cell.point!r} is another game's point"


def check() -> list[str]:
    """Every problem, one line each; a file that cannot even be read is one problem, not
    a traceback."""
    problems: list[str] = []
    for fn in (*CHECKS, *EXTRA_CHECKS):
        try:
            problems.extend(fn())
        except (yaml.YAMLError, ValidationError, ValueError, OSError) as exc:
            first = str(exc).strip().splitlines()
            problems.append(f"content: {fn.__name__.strip('_')}: {first[0] if first else exc}")
    return problems


STATS: list[Callable[[dict[str, dict[str, Any]]], None]] = []  # more areas add their counts


def stats() -> dict[str, Any]:
    from app.learning import bank, generators, quizzes, skills
    from app.learning.exercise import KINDS
    from app.learning.glossary import terms
    from app.learning.lessons import path_of
    from app.learning.misconceptions import catalog

    exercises = list(bank.authored().values())
    demo = bank.demo_set()
    games: dict[str, dict[str, Any]] = {}
    for v in all_variants():
        mine = [e for e in exercises if e.game == v.id]
        lessons = path_of(v.id)
        games[v.id] = {
            "lessons": len(lessons),
            "lesson_steps": sum(len(ls.steps) for ls in lessons),
            "lesson_exercises": sum(len(ls.exercises) for ls in lessons),
            "exercises": {k: sum(1 for e in mine if e.kind == k) for k in KINDS},
            "demo_exercises": bank.kinds_count([e for e in demo if e.game == v.id]),
            "skills": len(skills.taxonomy().get(v.id, {})),
            "misconceptions": len(catalog(v.id)),
            "rule_points": _rule_points(v.id),
            **_practice_stats(v.id),
            "quiz_items": {
                "authored": len(quizzes.quiz_items(v.id)),
                "generators": len(generators.of_game(v.id)),
            },
        }
    for add in STATS:
        add(games)
    return {
        "games": games,
        "demo_exercises": bank.kinds_count(demo),
        "glossary_terms": len(terms()),
        "locales": sorted(languages.codes()),
    }


def _practice_stats(game: str) -> dict[str, Any]:
    from collections import Counter

    from app.learning import practice

    items = practice.library().get(game, [])
    counts = Counter(i.theme for i in items)
    return {
        "practice_positions": len(items),  # distinct (theme, seat, code): the exercises
        "practice_moments": len({(i.seat, i.code) for i in items}),  # distinct (seat, code)
        "practice_themes": len(practice.themes(game)),
        "practice_theme_counts": {t: counts.get(t, 0) for t in practice.themes(game)},
    }


def _practice_problems() -> Iterator[str]:
    from app.learning import practice

    for path in practice.library_files():
        try:
            doc = practice.LibraryFile.model_validate(load_yaml(path.read_text(encoding="utf-8")))
        except ValidationError as exc:
            yield f"{_rel(path)}: -: {exc.errors()[0]['msg']}"
            continue
        for i, item in enumerate(doc.positions):
            if practice.exercise(item.theme, item.seat, item.code) is None:
                yield f"{_rel(path)}: positions.{i}: does not fit theme {item.theme!r}"


def _quiz_problems() -> Iterator[str]:
    from app.learning import quizzes

    yield from _schema_problems(quizzes.read_quiz_file, quizzes.quiz_files())


def _rule_points(game: str) -> int:
    path = ROOT / "content" / "checklists" / f"{game}.yaml"
    if not path.exists():
        return 0
    return len((load_yaml(path.read_text(encoding="utf-8")) or {}).get("points", []))


CHECKS: tuple[Callable[[], Iterator[str]], ...] = (
    _compare_problems,
    _practice_problems,
    _quiz_problems,
    _exercise_problems,
    _lesson_problems,
    _glossary_problems,
    _terms_problems,
    _first_use_problems,
    _checklist_problems,
    taught_problems,
    term_order_problems,
    _misconception_problems,
    derived.problems,
)


def _rules_pages() -> Iterator[str]:
    from app.learning.rules_pages import problems

    yield from problems()


EXTRA_CHECKS: list[Callable[[], Iterator[str]]] = [_rules_pages]  # more areas add theirs
