"""Stored answers read as sentences wherever they are shown again (issue 36, point 4):
rendered from the stored code and parameters in the viewer's language, never a raw
move, a code or ``true``/``false``; a code the catalog cannot render shows the kind's
plain sentence; no line repeats. Answers stored before the change are inserted as rows
of the old shape (a move in notation, a raw truth, a retired code, missing parameters).
"""

from __future__ import annotations

import re
import secrets
from datetime import timedelta
from html import unescape
from typing import Any

import pytest
from classes_help import form_of
from conftest import csrf_from

from app.extensions import db
from app.learning import bank, clock
from app.learning.models import Attempt
from app.learning.queries import solve

CHOOSE = "hunan.chi-which-way"  # a choose-action exercise of Hunan
TRUTH = "quiz.hunan.tables.no-chouhu"  # a true-false one with reasons
LANGS = ("zh", "en")

#: rows as answers stored before the change may hold them: (exercise, answer, correct,
#: code, params)
OLD_ROWS: list[tuple[str, str, bool, str | None, dict[str, Any]]] = [
    (CHOOSE, "c", False, "mc-illegal-action", {"action": "chi x8 x8 x9"}),
    (TRUTH, "true a", False, "mc-wrong-truth", {"truth": "false"}),
    (TRUTH, "false b", False, "mc-retired-code-never-made", {"card": "x3"}),
    (CHOOSE, "b", False, "mc-count-high", {}),  # a sentence missing its parameter
    (CHOOSE, "a", False, None, {}),  # wrong, with no code
]

#: what a page must never show of a stored answer
RAW = re.compile(r"chi x8|'chi|\bx8\b|mc-[a-z]|\btrue\b|\bfalse\b|对：对|错：错|\{[a-z_]+\}")


def _text(html: str) -> str:
    """The page's visible text, one line per element (tags dropped)."""
    body = re.sub(r"<(script|style)\b.*?</\1>", "", html, flags=re.S)
    return unescape(re.sub(r"<[^>]+>", "\n", body))


def _no_raw(html: str, where: str) -> None:
    found = RAW.findall(_text(html))
    assert not found, (where, found)


@pytest.mark.parametrize("lang", LANGS)
def test_old_rows_render_as_sentences_in_the_viewers_language(app, lang):
    from app.ui.stored import PLAIN, shown

    with app.test_request_context(headers={"Cookie": f"lang={lang}"}):
        for eid, answer, correct, code, params in OLD_ROWS:
            ex = bank.get(eid)
            said = shown(ex, "hunan", answer, correct, code, params, lang)
            assert said.words and said.reason, (eid, code)
            assert not RAW.findall(said.words + "\n" + said.reason), (eid, code, said)
            assert said.reason != said.words
            if code in ("mc-retired-code-never-made", "mc-count-high", None):
                from flask_babel import force_locale

                with force_locale(lang):
                    assert said.reason == str(PLAIN[ex.kind])
        # the illegal move is named in words, in the language asked for
        said = shown(bank.get(CHOOSE), "hunan", "c", False, *OLD_ROWS[0][3:], lang)
        assert ("吃" in said.reason) == (lang == "zh")
        assert ("Chi" in said.reason or "chi" in said.reason) == (lang == "en")
        truth = shown(bank.get(TRUTH), "hunan", "true a", False, *OLD_ROWS[1][3:], lang)
        assert ("错" if lang == "zh" else "False") in truth.reason
        # an exercise gone from the bank: the answer still in words
        gone = shown(None, "hunan", "chi x8 x8 x9", False, "mc-x", {}, lang)
        assert not RAW.findall(gone.words + gone.reason) and gone.words


def test_a_truth_is_not_said_twice_in_an_answer():
    """A reason that starts with the truth itself ("True: combinations are rare")
    is not put after the truth again ("True: True: …")."""
    from app import create_app

    application = create_app({"TESTING": True, "SECRET_KEY": "x"})
    from app.ui.present import answer_words

    with application.test_request_context():
        for ex in bank.authored().values():
            if ex.kind != "true-false":
                continue
            for c in ex.choices:
                for truth in ("true", "false"):
                    for lang in LANGS:
                        from flask_babel import force_locale

                        with force_locale(lang):
                            words = answer_words(ex, f"{truth} {c.id}", lang)
                        assert not re.match(r"(对|错|True|False)[：:]\s*(对|错|True|False)", words)


def _insert(profile_id: int, context: str, ref: str, rows=OLD_ROWS) -> None:
    now = clock.now()
    for i, (eid, answer, correct, code, params) in enumerate(rows):
        db.session.add(
            Attempt(
                profile_id=profile_id,
                exercise_id=eid,
                game="hunan",
                context=context,
                context_ref=ref,
                answer=answer,
                correct=correct,
                misconception=code,
                params=params,
                hints=0,
                shown=False,
                time_ms=1000,
                nonce=secrets.token_urlsafe(12),
                created_at=now + timedelta(seconds=i),
            )
        )
    db.session.commit()


def _answer_once(app, client) -> int:
    """Answer one exercise (the visitor's profile is made); the profile's id."""
    from app.models import LearnerProfile

    with app.app_context():
        ex = bank.get(CHOOSE)
        data = form_of(ex, solve(ex).shown)
    page = client.get(f"/exercises/{CHOOSE}").get_data(as_text=True)
    data["token"] = re.search(r'name="token" value="([^"]+)"', page)[1]
    data["csrf_token"] = csrf_from(page)
    assert client.post(f"/exercises/{CHOOSE}/answer", data=data).status_code in (200, 303)
    with app.app_context():
        last = db.select(LearnerProfile.id).order_by(LearnerProfile.id.desc())
        return int(db.session.scalar(last))


def _lines(html: str, cls: str) -> list[str]:
    return [unescape(m) for m in re.findall(rf'class="{cls}">([^<]+)<', html)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_progress_page_reads_old_answers_as_sentences(app, client, lang):
    pid = _answer_once(app, client)
    with app.app_context():
        _insert(pid, "exercise", "")
    html = client.get("/progress/hunan", headers={"Cookie": f"lang={lang}"}).get_data(as_text=True)
    _no_raw(html, "progress")
    items = re.findall(r'<li class="(?:right|wrong)">.*?</li>', html, re.S)
    assert len(items) == len(OLD_ROWS) + 1
    for item in items:
        if 'class="wrong"' in item:
            assert 'class="history-mc"' in item  # every wrong answer says why
        texts = [t.strip() for t in _text(item).split("\n") if t.strip()]
        assert len(texts) == len(set(texts)), texts  # no line repeats
    if lang == "zh":
        assert "你的答案" in html and "这里不能" in html


@pytest.mark.parametrize("lang", LANGS)
def test_quiz_results_read_old_answers_as_sentences(app, client, lang):
    from app.learning.models import QuizSession

    pid = _answer_once(app, client)
    with app.app_context():
        sid = secrets.token_urlsafe(9)
        db.session.add(
            QuizSession(
                id=sid,
                profile_id=pid,
                game="hunan",
                mode="practice",
                unit="all",
                items=[CHOOSE, TRUTH],
                started_at=clock.now(),
            )
        )
        db.session.commit()
        _insert(pid, "quiz", sid, [OLD_ROWS[0], OLD_ROWS[1]])
    html = client.get(f"/quiz/hunan/s/{sid}?q=2", headers={"Cookie": f"lang={lang}"}).get_data(
        as_text=True
    )
    assert 'class="quiz-results"' in html
    _no_raw(html, "quiz results")
    mcs = _lines(html, "history-mc")
    assert len(mcs) == 2 and len(set(mcs)) == 2
