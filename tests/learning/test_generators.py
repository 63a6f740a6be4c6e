"""Generated questions: made again from their ids, solved by the engine over many seeds,
the engine's answer judged right; the answers of the shared queries asked again of the
engine directly (the count, the win, legal and forced actions, unseen copies) over 40
more seeds; at least five generators per game, each for a different skill (issue 14)."""

from __future__ import annotations

from collections import Counter

import pytest

from app.engine.core.actions import Action
from app.engine.core.registry import all_variants, find_game
from app.learning import bank, generators
from app.learning.judge import judge
from app.learning.queries import solve, visible_copies

GAMES = [v.id for v in all_variants()]
SEEDS = range(8)


def _cases():
    for game in GAMES:
        for gen_id in generators.of_game(game):
            yield pytest.param(game, gen_id, id=f"{game}-{gen_id}")


@pytest.mark.parametrize(("game", "gen_id"), list(_cases()))
def test_generated_questions_are_solved_by_the_engine(game, gen_id):
    made = 0
    for seed in SEEDS:
        ex = generators.generate(game, gen_id, seed)
        if ex is None:
            continue
        made += 1
        assert bank.get(ex.id) == ex  # the id makes it again
        sol = solve(ex)
        assert sol.accepted
        assert judge(ex, sol.shown).correct
        if ex.kind == "number":
            assert not judge(ex, str(int(sol.shown) + 1)).correct
    assert made >= len(SEEDS) // 2, (
        f"{game}/{gen_id}: only {made} of {len(SEEDS)} seeds made a question"
    )


@pytest.mark.parametrize("game", GAMES)
def test_five_generators_per_game_each_for_another_skill(game):
    gens = generators.of_game(game).values()
    skills = {g.skills[0] for g in gens}
    assert len(gens) >= 5 and len(skills) >= 5, sorted((g.id, g.skills) for g in gens)


MANY_SEEDS = range(100, 140)
GENERIC = ("points", "win", "legal", "forced", "is-legal", "cards-left")


def _engine_says(ex) -> str:  # type: ignore[no-untyped-def]
    """The answer asked of the engine directly, through the Game interface (not through
    the exercise queries): the count, the win, the legal or forced choices, the truth
    of "is this legal", the unseen copies."""
    g = find_game(ex.game)
    name = ex.query.name
    if name in ("points", "win"):
        rules = g.rules(ex.rules)
        if ex.setup.position:
            state = g.decode(ex.setup.position)
            rules = g.rules_of(state)
            seat = ex.setup.seat if ex.setup.seat is not None else g.to_act(state)
            holding = g.seat_holding(state, seat)
        else:
            holding = g.holding(ex.setup.hand, ex.setup.melds, ex.setup.context, rules)
        a = g.analyze(holding, rules)
        return str(a.points) if name == "points" else ("true" if a.win else "false")
    state = g.decode(ex.setup.position)
    seat = ex.setup.seat if ex.setup.seat is not None else g.to_act(state)
    legal = g.legal_actions(state, seat)

    def offered(text: str) -> Action | None:
        wanted = Action.parse(text, seat)
        return next((a for a in legal if a.matches(wanted)), None)

    if name in ("legal", "forced"):
        ok = [
            c.id
            for c in ex.choices
            if (a := offered(c.action)) is not None and (name == "legal" or a.forced)
        ]
        return " ".join(ok)
    if name == "is-legal":
        return "true" if offered(str(ex.query.args["action"])) else "false"
    card = str(ex.query.args["card"])
    deck = Counter(g.deck(g.rules_of(state)))[card]
    return str(deck - visible_copies(g.view(state, seat), card))


@pytest.mark.slow
@pytest.mark.parametrize(("game", "gen_id"), list(_cases()))
def test_generated_answers_agree_with_the_engine_over_many_seeds(game, gen_id):
    checked = 0
    for seed in MANY_SEEDS:
        ex = generators.generate(game, gen_id, seed)
        if ex is None or ex.query is None or ex.query.name not in GENERIC:
            continue
        sol = solve(ex)
        says = _engine_says(ex)
        if ex.query.name in ("legal", "forced"):
            assert set(sol.accepted) == set(says.split()), (ex.id, sol.accepted, says)
        elif ex.kind == "true-false":
            assert sol.shown.split()[0] == says, (ex.id, sol.shown, says)
        else:
            assert sol.shown == says, (ex.id, sol.shown, says)
        if ex.query.name == "cards-left":  # the proof's "the deal holds N" is the deal's
            g = find_game(game)
            copies = list(g.deck(g.rules_of(g.decode(ex.setup.position)))).count(
                ex.query.args["card"]
            )
            assert sol.proof.facts[0].params["total"] == copies, ex.id
        assert judge(ex, sol.shown).correct
        checked += 1
    if checked == 0:
        pytest.skip(f"{game}/{gen_id} asks a question of its own (checked by solve above)")
