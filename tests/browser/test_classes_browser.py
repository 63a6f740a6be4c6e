"""A whole class in the browser, in English and in Chinese: a teacher makes a class and
five student accounts, prints the login cards, assigns practice positions and a quiz; a
student signs in with a card and does the work with one mistake; the teacher sees the
exact wrong answer and its misconception counted, and downloads the CSV."""

from __future__ import annotations

import csv
import io
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from classes_help import give, library_positions, make_user, right_answer, wrong_answer
from conftest import _setup_db, make_test_app
from playwright.sync_api import Browser, Page, expect
from werkzeug.serving import make_server

from app.classes.models import AssignmentItem
from app.extensions import db
from app.learning import bank
from app.learning.judge import judge
from app.ui import present, stored

TEXT = {
    "en": {
        "switch": "English",
        "classes": "Classes",
        "make_students": "Make student accounts",
        "cards": "Login cards",
        "back": "Back to the class",
        "new_assignment": "New assignment",
        "assigned": "Assigned to you",
        "mistakes": "Common mistakes",
        "all_csv": "All answers (CSV)",
        "names": ["Mia Chen", "Leo Wang", "Ava Li", "Max Zhou", "Zoe Wu"],
    },
    "zh": {
        "switch": "简体中文",
        "classes": "班级",
        "make_students": "建学生账号",
        "cards": "登录卡",
        "back": "回到班级",
        "new_assignment": "布置新作业",
        "assigned": "布置给你的作业",
        "mistakes": "常见错误",
        "all_csv": "全部答案（CSV）",
        "names": ["王小明", "李雷", "韩梅梅", "张伟", "刘洋"],
    },
}


@pytest.fixture(scope="module")
def school(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A server of its own: library positions whose wrong answer names a misconception."""
    tmp = tmp_path_factory.mktemp("school")
    app = make_test_app(f"sqlite:///{tmp / 'school.sqlite3'}", tmp / "instance")
    _setup_db(app)
    with app.app_context():
        for p in library_positions("chuanpai", "waits", 6, seed=3):
            ex = bank.get(f"pos:{p.theme}:{p.seat}:{p.code}")
            if judge(ex, wrong_answer(ex)).misconception is None:
                p.source = "fresh"  # keep only positions a mistake can be named on
        db.session.commit()
    for lang in TEXT:
        make_user(app, f"coach-{lang}", "teacher")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield SimpleNamespace(url=f"http://127.0.0.1:{server.server_port}", app=app)
    finally:
        server.shutdown()
        thread.join(5)


def exercise_on(school: Any, page: Page) -> Any:
    key = page.url.split("#")[0].split("?")[0].rstrip("/").rsplit("/", 1)[-1]
    with school.app.app_context():
        eid = db.session.scalar(db.select(AssignmentItem.exercise_id).filter_by(key=key))
    return bank.get(eid)


def sign_in(page: Page, url: str, username: str, password: str) -> None:
    page.goto(url + "/account/signin")
    page.locator("#username").fill(username)
    page.locator("#password").fill(password)
    page.locator("#signin-form button[type=submit]").click()
    expect(page.locator(".flash")).to_contain_text(username)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_class_from_accounts_to_the_mistakes_it_makes(
    page: Page, browser: Browser, school: Any, lang: str
):
    t = TEXT[lang]
    url = school.url
    page.goto(url + "/account/signin")
    page.get_by_role("button", name=t["switch"]).click()
    sign_in(page, url, f"coach-{lang}", "long-cards-teacher-1")

    # a class and five accounts; the cards print without the site's navigation
    page.get_by_role("navigation").get_by_role("link", name=t["classes"], exact=True).click()
    page.locator("#name").fill(f"Club {lang}")
    page.locator("#new-class-form button").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Club {lang}")
    page.get_by_role("link", name=t["make_students"]).click()
    page.locator("#names").fill("\n".join(t["names"]))
    page.locator("#students-form button").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(t["cards"])
    expect(page.locator(".login-card")).to_have_count(5)
    expect(page.locator(".login-card").first).to_contain_text(t["names"][0])
    page.emulate_media(media="print")
    expect(page.locator(".site-header")).to_be_hidden()
    expect(page.locator(".login-card").nth(4)).to_be_visible()
    page.emulate_media(media="screen")
    username = page.locator(".card-username").first.inner_text()
    password = page.locator(".card-password").first.inner_text()

    # practice positions and a quiz of two questions
    page.get_by_role("link", name=t["back"]).click()
    page.get_by_role("link", name=t["new_assignment"]).click()
    page.locator("#game").select_option("chuanpai")
    page.locator("form[method=get] button").click()
    title = f"Homework {lang}"
    page.locator("#title").fill(title)
    page.locator("details.theme-pick summary").first.click()  # positions by theme
    page.locator("input[name=position]").nth(0).check()
    page.locator("input[name=position]").nth(1).check()
    page.locator("#quiz_unit").select_option("all")
    page.locator("#quiz_count").fill("2")
    page.locator("form[method=post] button[type=submit]").last.click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(title)
    dashboard = page.url

    # the student signs in with the card and does the work, one mistake on the way
    student = browser.new_context(
        locale="zh-CN" if lang == "zh" else "en-US", viewport={"width": 360, "height": 740}
    ).new_page()
    sign_in(student, url, username, password)
    due = student.locator("#due-title")
    expect(due).to_have_text(t["assigned"])
    student.get_by_role("link", name=title).click()
    student.locator("#assignment .actions .button").click()
    mistake = None
    for n in range(4):
        ex = exercise_on(school, student)
        if n == 0:
            mistake = wrong_answer(ex)
            give(student, ex, mistake)
            expect(student.locator(".verdict-wrong")).to_be_visible()
            mistake_ex = ex
        give(student, ex, right_answer(ex))
        expect(student.locator(".verdict-right")).to_be_visible()
        student.locator(".exercise .continue a").click()
    expect(student.get_by_role("heading", level=1)).to_contain_text(title)
    assert student.evaluate("document.documentElement.scrollWidth") <= 360  # a phone
    student.context.close()

    # the teacher sees the exact wrong answer and its misconception, and takes the CSV
    verdict = judge(mistake_ex, mistake)
    code = verdict.misconception.code
    with school.app.test_request_context(headers={"Accept-Language": lang}):
        words = present.answer_words(mistake_ex, verdict.answer, lang)
        # the teacher reads the mistake as a sentence in the page's language, never its code
        said = stored.reason_line(
            mistake_ex, mistake_ex.game, code, verdict.misconception.params, lang
        )[:30]
    page.goto(dashboard)
    expect(page.locator("#mistakes-title")).to_have_text(t["mistakes"])
    expect(page.locator("table.mistakes")).to_contain_text(said)
    expect(page.locator("table.mistakes")).not_to_contain_text(code)
    page.locator("table.grid thead th.item a").first.click()
    wrong_row = page.locator("tr.wrong-answer")
    expect(wrong_row).to_have_count(1)
    expect(wrong_row.locator(".answer-given")).to_contain_text(words)
    expect(wrong_row).to_contain_text(t["names"][0])
    expect(page.locator("#mc-title + ul li")).to_contain_text(said)
    expect(page.locator("#mc-title + ul li strong")).to_have_text("1")
    page.goto(dashboard)
    if lang == "en":  # the grid, the mistakes, the forms: nothing serious for screen readers
        from axe_playwright_python.sync_playwright import Axe

        found = Axe().run(page).response["violations"]
        serious = [v["id"] for v in found if v["impact"] in ("serious", "critical")]
        assert not serious, serious
    with page.expect_download() as download:
        page.get_by_role("link", name=t["all_csv"]).first.click()
    body = Path(download.value.path()).read_text(encoding="utf-8-sig")
    rows = [r for r in csv.DictReader(io.StringIO(body)) if r["username"] == username]
    assert len(rows) == 5
    assert rows[0]["answer"] == verdict.answer and rows[0]["misconception"] == code
    assert re.search(r"\d", rows[0]["time_s"])


def test_a_co_teacher_by_invitation_and_an_exam_of_each_students_own_positions(
    page: Page, browser: Browser, school: Any
):
    """The owner invites a teacher, who sees the invitation in Chinese and in English
    and accepts it; the owner sets an exam of positions made for each student (the form
    says library exams are open-book); a student answers their own position, which is
    recorded and appears on no public page."""
    from app.classes.models import AssignmentItem, OwnPosition
    from app.models import User

    url = school.url
    make_user(school.app, "coach-owner", "teacher")
    make_user(school.app, "coach-invited", "teacher")
    sign_in(page, url, "coach-owner", "long-cards-teacher-1")
    page.goto(url + "/classes/")
    page.locator("#name").fill("Exam club")
    page.locator("#new-class-form button").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Exam club")
    class_url = page.url
    page.get_by_role("link", name="建学生账号").or_(
        page.get_by_role("link", name="Make student accounts")
    ).click()
    page.locator("#names").fill("Kai")
    page.locator("#students-form button").click()
    username = page.locator(".card-username").first.inner_text()
    password = page.locator(".card-password").first.inner_text()
    page.goto(class_url)
    page.locator("#username").fill("coach-invited")
    page.locator("form[action$='/teachers'] button").click()
    expect(page.locator(".invitation-pending")).to_contain_text("coach-invited")

    invited = browser.new_context(locale="zh-CN").new_page()
    sign_in(invited, url, "coach-invited", "long-cards-teacher-1")
    invited.goto(url + "/classes/")
    expect(invited.locator("#invited-title")).to_have_text("协同授课邀请")
    invited.get_by_role("button", name="English").click()
    expect(invited.locator("#invited-title")).to_have_text("Invitations to co-teach")
    invited.get_by_role("button", name="Accept").click()
    expect(invited.get_by_role("heading", level=1)).to_have_text("Exam club")
    invited.context.close()
    page.goto(class_url)
    expect(page.locator(".invitation-accepted")).to_contain_text("coach-invited")

    # an exam of each student's own positions
    page.goto(class_url + "assignments/new?game=chuanpai")
    expect(page.locator("#exam-open-book")).to_be_visible()
    page.locator("#title").fill("Closed exam")
    page.locator("#exam").check()
    page.locator("input[name=own_gen][value=count-hand]").check()
    page.locator("#own_count").fill("1")
    page.locator("form[method=post] button[type=submit]").last.click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Closed exam")

    student = browser.new_context(locale="en-US").new_page()
    sign_in(student, url, username, password)
    student.get_by_role("link", name="Closed exam").click()
    student.locator("#assignment .actions .button").click()
    key = student.url.split("#")[0].rstrip("/").rsplit("/", 1)[-1]
    with school.app.app_context():
        uid = db.session.scalar(db.select(User.id).filter_by(username=username))
        item = db.session.scalar(db.select(AssignmentItem.id).filter_by(key=key))
        eid = db.session.scalar(
            db.select(OwnPosition.exercise_id).filter_by(item_id=item, user_id=uid)
        )
    assert eid and eid.startswith("exam:")
    expect(student.locator(f"#ex-{key}")).to_be_visible()
    give(student, bank.get(eid), right_answer(bank.get(eid)))
    expect(student.locator("body")).to_contain_text("recorded")
    assert student.request.get(f"{url}/exercises/{eid}").status == 404
    student.context.close()
