"""A right answer gets its reason in one line (the count, the rule, from the engine's
proof) and the next step; an exam gives no feedback until it ends (issue 36, point 3)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from classes_help import form_of
from conftest import csrf_from

from app.learning import bank, generators
from app.learning.queries import solve

GAMES = ("hunan", "guilin", "chuanpai", "chuanpai-tricks", "nantong")


def _sample() -> list:
    out = list(bank.authored().values())
    for game in GAMES:
        for gid in generators.of_game(game):
            for seed in range(2):
                ex = generators.generate(game, gid, seed)
                if ex is not None:
                    out.append(ex)
    return out


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_right_answer_says_why_in_one_line(app, lang):
    from flask_babel import force_locale

    from app.learning.judge import judge
    from app.ui.present import RIGHT_BY_KIND, build, verdict_view

    kinds = 0
    particular = 0
    with app.test_request_context(headers={"Cookie": f"lang={lang}"}), force_locale(lang):
        for ex in _sample():
            verdict = judge(ex, solve(ex).shown)
            assert verdict.correct, ex.id
            view = verdict_view(ex, verdict, lang, False)
            reason = view.reason
            assert reason and "\n" not in reason and "{" not in reason, (ex.id, reason)
            assert reason != view.message
            if view.proof is not None:
                assert reason not in view.proof.facts, ex.id  # said once
            generic = {str(t) for t in RIGHT_BY_KIND.values()}
            kinds += 1
            particular += reason not in generic
            if lang == "zh":
                assert not re.search(r"[A-Za-z]{4,}", reason.replace("Right", "")), (ex.id, reason)
            # an exam: recorded, nothing said
            blk = build(ex, lang, "t", None, "exam", verdict=verdict)
            assert blk.verdict is not None and blk.verdict.recorded_only
            assert not blk.verdict.reason
    # most reasons come from the engine's proof, not the kind's sentence
    assert particular >= kinds * 0.6, (particular, kinds)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_right_answer_on_its_page_shows_the_reason_and_the_next_step(app, client, lang):
    eid = "hunan.chi-which-way"
    with app.app_context():
        ex = bank.get(eid)
        data = form_of(ex, solve(ex).shown)
    headers = {"Cookie": f"lang={lang}"}
    page = client.get(f"/exercises/{eid}", headers=headers).get_data(as_text=True)
    data["token"] = re.search(r'name="token" value="([^"]+)"', page)[1]
    data["csrf_token"] = csrf_from(page)
    html = client.post(
        f"/exercises/{eid}/answer", data=data, headers={**headers, "HX-Request": "true"}
    ).get_data(as_text=True)
    assert "verdict-right" in html
    reason = re.search(r'class="verdict-reason">([^<]+)<', html)
    assert reason and unescape(reason[1]).strip()
    nxt = re.search(r'class="verdict-next"><a href="([^"]+)">([^<]+)<', html)
    assert nxt, html[-3000:]
    assert client.get(unescape(nxt[1])).status_code == 200
