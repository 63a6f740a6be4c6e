"""Every kind on every game through its pages (issue 11): the exercise renders with its
cards and the kind's inputs, the answer is read from the form, judged by the engine, a
wrong one named by its misconception in the page's language (with the refutation and
the lesson step), a hint shown, and the right one given its stars. Both languages."""

from __future__ import annotations

import re
from html import unescape

import pytest
from classes_help import form_of, wrong_answer
from conftest import csrf_from
from werkzeug.datastructures import MultiDict

from app.engine.core.registry import all_variants
from app.extensions import db
from app.learning import bank, queries
from app.learning.exercise import KINDS
from app.learning.judge import judge
from app.learning.models import Attempt
from app.learning.queries import solve
from app.ui.present import lesson_step, verdict_view

GAMES = [v.id for v in all_variants()]
HAN = re.compile(r"[\u4e00-\u9fff]")


def _post(client, html: str, url: str, lang: str, **data):  # type: ignore[no-untyped-def]
    form = MultiDict(data.pop("form", {}))
    form["csrf_token"] = csrf_from(html)
    form["token"] = re.search(r'name="token" value="([^"]+)"', html)[1]
    for k, v in data.items():
        form[k] = v
    resp = client.post(url, data=form, headers={"HX-Request": "true", "Accept-Language": lang})
    assert resp.status_code == 200, (url, resp.status_code)
    return resp.get_data(as_text=True)


def _inputs_of_the_kind(ex, html: str) -> None:  # type: ignore[no-untyped-def]
    if ex.kind == "pick-cards":
        assert html.count('type="checkbox" name="pick"') >= 1 and 'name="cards"' in html
        assert "<img" in html  # the cards as pictures
    elif ex.kind == "number":
        assert 'name="number"' in html
    elif ex.kind in ("choice", "choose-action"):
        assert html.count('type="radio" name="choice"') == len(ex.choices)
    elif ex.kind == "order":
        assert html.count('<select id="') == len(ex.choices)
    else:
        assert html.count('name="truth"') == 2
        assert html.count('type="radio" name="why"') == len(ex.choices)


def _cases():
    for game in GAMES:
        for kind in KINDS:
            yield pytest.param(game, kind, id=f"{game}-{kind}")


@pytest.mark.parametrize(("game", "kind"), list(_cases()))
def test_each_kind_renders_reads_judges_and_explains(app, client, game, kind):
    exercises = [e for e in bank.demo_set() if e.game == game and e.kind == kind]
    assert len(exercises) >= 3, (game, kind)
    for n, ex in enumerate(exercises[:4]):
        lang = ("zh", "en")[n % 2]
        url = f"/exercises/{ex.id}"
        resp = client.get(url, headers={"Accept-Language": lang})
        html = resp.get_data(as_text=True)
        assert resp.status_code == 200, ex.id
        # the prompt as written (runs of the other script are only wrapped in their lang)
        plain = re.sub(r'<span lang="[^"]+">([^<]*)</span>', r"\1", html)
        assert ex.prompt.get(lang) in unescape(plain), ex.id
        _inputs_of_the_kind(ex, html)

        wrong = wrong_answer(ex)
        after = _post(client, html, f"{url}/answer", lang, form=form_of(ex, wrong))
        assert "verdict-wrong" in after, (ex.id, wrong)
        shown = unescape(re.search(r'class="verdict-message">([^<]*)<', after)[1])
        verdict = judge(ex, wrong)
        with app.test_request_context(headers={"Accept-Language": lang}):
            expected = verdict_view(ex, verdict, lang, show_solution=False)
        assert shown == expected.message, ex.id
        assert "{" not in shown and "mc-" not in shown, (ex.id, shown)  # every parameter filled
        if lang == "zh":
            assert HAN.search(shown), (ex.id, shown)
        if expected.refutation is not None:
            assert 'class="proof"' in after, ex.id
        if lesson_step(ex, verdict.misconception.code if verdict.misconception else None):
            assert 'class="verdict-lesson"' in after, ex.id
        with app.app_context():
            attempt = db.session.scalars(
                db.select(Attempt).filter_by(exercise_id=ex.id).order_by(Attempt.id.desc())
            ).first()
            assert attempt is not None and not attempt.correct
            assert attempt.misconception == verdict.misconception.code, ex.id

        after = _post(client, after, f"{url}/hint", lang, step="1")
        assert 'class="hint hint-rule"' in after, ex.id

        after = _post(client, after, f"{url}/answer", lang, form=form_of(ex, solve(ex).shown))
        assert "verdict-right" in after, ex.id
        assert re.search(r'class="stars" role="img" aria-label="1\D', after), ex.id
        if solve(ex).proof != type(solve(ex).proof)():
            # the engine's proof beside the verdict: its first fact is the right answer's
            # reason line, and the rest (if any) the proof below it
            assert 'class="proof"' in after or 'class="verdict-reason"' in after, ex.id
        assert 'class="verdict-reason"' in after, ex.id  # a right answer says why


def test_seats_in_messages_count_from_one_as_the_prompts_do(app):
    """The engine counts seats from 0 and the page from 1: a query or diagnosis passes
    the engine's seat, so "seat 1, the dealer" is never shown as seat 2."""
    from app.text.results import reason_text

    with app.test_request_context(headers={"Accept-Language": "en"}):
        ex = bank.get("tj-09-fan.baopai-ex")  # the dealer is liable and loses: said, no seat
        facts = [reason_text(ex.family, f.code, f.params, "en") for f in solve(ex).proof.facts]
        mc = judge(ex, "-1").misconception
        said = [*facts, reason_text(ex.family, mc.code, mc.params, "en")]
        assert "Your result for the deal: -2." in facts, facts
        assert said[-1].startswith("The liable player alone pays"), said
        assert not any(re.search(r"[Ss]eat 0", f) for f in said), said
        ex = bank.get("nantong-12-sample-deal.ex-net")  # seat 1 went out with 260 胡
        facts = [reason_text(ex.family, f.code, f.params, "en") for f in solve(ex).proof.facts]
        assert "The count for Seat 1: 260 hu." in facts, facts
        # on the page, seen from the learner's chair (seat 1): you, Right, Across, Left
        frame = queries.seat_frame(ex)
        assert frame == {"viewer": 1, "seats": 4}
        facts = [
            reason_text(ex.family, f.code, f.params, locale, **frame)
            for f in solve(ex).proof.facts
            for locale in ("en", "zh")
        ]
        assert "The count for Left: 260 hu." in facts, facts  # the dealer, seat 0
        assert "你算得30胡。" in facts, facts
        assert "The count for Right: 20 hu." in facts, facts
        assert not any(re.search(r"[Ss]eat|号座位", f) for f in facts), facts


@pytest.mark.parametrize(("locale", "said"), [("en", "Not “five”."), ("zh", "不是“五”。")])
def test_a_wrong_choice_without_an_authored_mistake_is_named(app, locale, said):
    """A wrong option that has no misconception of its own is named in the verdict, and
    the verdict promises no explanation that the page does not show."""
    from dataclasses import replace

    ex = bank.get("hunan-01-cards.read-big")  # d6: "five" is wrong; its mistake taken away
    ex = replace(ex, choices=tuple(replace(c, misconception=None) for c in ex.choices))
    with app.test_request_context(headers={"Accept-Language": locale}):
        verdict = judge(ex, "a")
        assert verdict.misconception.code == "mc-wrong-choice"
        view = verdict_view(ex, verdict, locale, False)
        assert view.message.startswith(said) and view.proof is None


def test_the_demo_set_lists_every_exercise_by_kind(client):
    html = unescape(client.get("/exercises/").get_data(as_text=True))
    for ex in bank.demo_set():
        assert f'href="/exercises/{ex.id}"' in html, ex.id


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_cards_not_in_the_hand_are_refused_and_not_counted(app, client, lang):
    """Where the answer is chosen from the hand, naming a card the learner does not hold
    is refused as such (422, the input kept), and no attempt is recorded."""
    ex = bank.get("guilin.demo-red")  # x2 x7 x10 in the hand; no d2 there
    url = f"/exercises/{ex.id}"
    html = client.get(url, headers={"Accept-Language": lang}).get_data(as_text=True)
    form = MultiDict({"cards": "x2 x7 d2", "csrf_token": csrf_from(html)})
    form["token"] = re.search(r'name="token" value="([^"]+)"', html)[1]
    resp = client.post(
        f"{url}/answer", data=form, headers={"HX-Request": "true", "Accept-Language": lang}
    )
    assert resp.status_code == 422
    page = unescape(resp.get_data(as_text=True))
    said = {"en": "You do not hold big two", "zh": "你手里没有 大贰"}[lang]
    assert said in page, page[:2000]
    with app.app_context():
        assert db.session.scalars(db.select(Attempt).filter_by(exercise_id=ex.id)).first() is None
