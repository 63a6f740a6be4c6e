"""A teacher's day in the browser (issue 41), the part after the class is made: an
assignment of a position and "the same deal for everyone"; a student answers the
position and plays the deal to the end, and sees the assignment done; the teacher's grid
shows the deal done; both CSV files are downloaded and read back as a spreadsheet would
read them (dates in the zone the header names, numbers as numbers, text that looks like
a formula kept as text). Marked ``browser`` and ``slow`` like every test in this folder
(tests/conftest.py)."""

from __future__ import annotations

import csv
import io
import re
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from classes_help import give, library_positions, make_user, right_answer
from conftest import _setup_db, make_test_app
from playwright.sync_api import Browser, Page, expect
from test_classes_browser import sign_in
from test_play_browser import TABLE, _open_list, _swap
from werkzeug.serving import make_server

from app.classes.models import Assignment, AssignmentItem
from app.extensions import db
from app.learning import bank
from app.learning.models import Attempt, PlayDeal

#: how the exports write a time (app.classes.times.SHOWN), what a spreadsheet reads as a date
WHEN = "%Y-%m-%d %H:%M"
#: what a spreadsheet takes for a number
NUMBER = re.compile(r"-?\d+(\.\d+)?")
#: a real name a spreadsheet would run as a formula if it were written bare
FORMULA_NAME = "=Mia+Chen"


@pytest.fixture(scope="module")
def school(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    tmp = tmp_path_factory.mktemp("teacher-day")
    app = make_test_app(f"sqlite:///{tmp / 'day.sqlite3'}", tmp / "instance")
    _setup_db(app)
    with app.app_context():
        library_positions("chuanpai", "waits", 2, seed=5)
    make_user(app, "coach-day", "teacher")
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield SimpleNamespace(url=f"http://127.0.0.1:{server.server_port}", app=app)
    finally:
        server.shutdown()
        thread.join(5)


def play_to_the_end(page: Page) -> int:
    """The first move offered at each decision, the computer's seats let play; the
    learner's decisions made."""
    made = 0
    for _ in range(400):
        state = page.locator(TABLE).get_attribute("data-state")
        if state == "over":
            return made
        if state == "waiting":
            _swap(page, lambda: page.locator(".play-wait button").click())
            continue
        _open_list(page)  # the list of moves under the cards, closed by the table's script
        _swap(page, page.locator(".play-moves button.move").first.click)
        made += 1
    raise AssertionError("the deal does not end")


def download(page: Page, name: str) -> tuple[list[str], list[list[str]]]:
    """A CSV link's file read as a spreadsheet program reads it: UTF-8 with its mark."""
    with page.expect_download() as got:
        page.get_by_role("link", name=name).first.click()
    text = Path(got.value.path()).read_text(encoding="utf-8-sig")
    header, *rows = list(csv.reader(io.StringIO(text)))
    return header, rows


def zoned(header: list[str], name: str) -> tuple[int, ZoneInfo]:
    """The column ``name (Zone/Name)`` and the zone its header names."""
    for i, h in enumerate(header):
        m = re.fullmatch(re.escape(name) + r" \(([\w/+-]+)\)", h)
        if m:
            return i, ZoneInfo(m.group(1))
    raise AssertionError(f"no column {name!r} naming its zone in {header}")


def local(utc: datetime, zone: ZoneInfo) -> datetime:
    """A stored (naive UTC) time in ``zone``, to the minute, as the file writes it."""
    return utc.replace(tzinfo=UTC).astimezone(zone).replace(tzinfo=None, second=0, microsecond=0)


def spreadsheet_value(text: str) -> Any:
    """What a spreadsheet makes of a cell: a number, a date, or text."""
    if NUMBER.fullmatch(text):
        return float(text)
    try:
        return datetime.strptime(text, WHEN)
    except ValueError:
        return text


def test_a_deal_for_everyone_played_to_the_end_and_the_exports_read_back(
    page: Page, browser: Browser, school: Any
):
    url = school.url
    sign_in(page, url, "coach-day", "long-cards-teacher-1")
    page.goto(url + "/classes/")
    page.locator("#name").fill("Day club")
    page.locator("#new-class-form button").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Day club")
    page.get_by_role("link", name="Make student accounts").click()
    page.locator("#names").fill(FORMULA_NAME)
    page.locator("#students-form button").click()
    username = page.locator(".card-username").first.inner_text()
    password = page.locator(".card-password").first.inner_text()

    # a position and the same deal for everyone
    page.get_by_role("link", name="Back to the class").click()
    page.get_by_role("link", name="New assignment").click()
    page.locator("#game").select_option("chuanpai")
    page.locator("form[method=get] button").click()
    page.locator("#title").fill("Deal day")
    page.locator("details.theme-pick summary").first.click()
    page.locator("input[name=position]").nth(0).check()
    page.locator("input[name=deal]").check()
    page.locator("#deal_seat").select_option("0")
    page.locator("form[method=post] button[type=submit]").last.click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Deal day")
    dashboard = page.url
    aid = int(re.search(r"/assignments/(\d+)/", dashboard).group(1))  # type: ignore[union-attr]
    expect(page.locator("table.grid td.cell.deal")).to_have_text("·")

    # the student answers the position and plays the deal to the end
    student = browser.new_context(locale="en-US").new_page()
    sign_in(student, url, username, password)
    student.goto(f"{url}/assignments/{aid}/")
    expect(student.locator("#deal-title + ul")).to_contain_text("to play")
    student.locator("#assignment .actions .button").click()
    key = student.url.split("#")[0].rstrip("/").rsplit("/", 1)[-1]
    with school.app.app_context():
        ex = bank.get(db.session.scalar(db.select(AssignmentItem.exercise_id).filter_by(key=key)))
    give(student, ex, right_answer(ex))
    expect(student.locator(".verdict-right")).to_be_visible()
    student.goto(f"{url}/assignments/{aid}/")
    student.locator("#deal-title + ul a").first.click()
    expect(student.locator(TABLE)).to_be_visible()
    decisions = play_to_the_end(student)
    expect(student.locator(TABLE)).to_have_attribute("data-state", "over")
    student.goto(f"{url}/assignments/{aid}/")
    expect(student.locator("#deal-title + ul .badge.ok")).to_have_text("played")
    expect(student.locator("h1 + p")).to_contain_text("2 of 2 done")
    student.goto(f"{url}/assignments/")
    expect(student.locator("li.task.done")).to_contain_text("Deal day")
    student.context.close()
    with school.app.app_context():
        a = db.session.get(Assignment, aid)
        deal = db.session.scalar(db.select(PlayDeal).filter_by(assignment_id=aid))
        assert deal is not None and deal.status == "over" and deal.ended_at is not None
        assert deal.decisions == decisions
        ended, due, agreed = deal.ended_at, a.due_at, deal.agreed
        answered = db.session.scalar(
            db.select(Attempt.created_at).filter_by(context_ref=a.ref, exercise_id=ex.id)
        )
    percent = round(100 * agreed / decisions) if decisions else 100

    # the teacher's grid shows the deal done, at once
    page.goto(dashboard)
    cell = page.locator("table.grid td.cell.deal")
    expect(cell).to_have_class(re.compile(r"\bright\b"))
    expect(cell).to_contain_text(f"{percent}% as the computer")
    expect(cell).to_contain_text(f"{agreed} of {decisions} decisions")
    expect(page.locator("table.grid tbody tr td.num").nth(1)).to_have_text("2/2")
    expect(page.locator("table.grid tbody th[scope=row]")).to_contain_text(FORMULA_NAME)
    # and on the student's own page among the teacher's pages: the deal counts there too
    page.locator("table.grid tbody th[scope=row] a").first.click()
    expect(page.locator("#results-title + div tbody td.num").first).to_have_text("2/2")
    page.goto(dashboard)

    # this table, read back as a spreadsheet would
    header, rows = download(page, "This table (CSV)")
    assert len(rows) == 1
    row = dict(zip(header, rows[0], strict=True))
    due_col, zone = zoned(header, "due")
    assert spreadsheet_value(rows[0][due_col]) == local(due, zone)
    assert row["real_name"] == "'" + FORMULA_NAME  # text, never run as a formula
    assert isinstance(spreadsheet_value(row["real_name"]), str)
    for name in ("done", "score_percent", "passed", "late", "time_s"):
        assert isinstance(spreadsheet_value(row[name]), float), (name, row[name])
    assert spreadsheet_value(row["done"]) == 2 and spreadsheet_value(row["late"]) == 0
    share = agreed / decisions if decisions else 1  # the deal's credit, unrounded
    assert spreadsheet_value(row["score_percent"]) == round(100 * (1 + share) / 2)
    deal_cols = [h for h in header if h.startswith("deal ")]
    status = next(h for h in deal_cols if h.endswith(": status"))
    done = next(h for h in deal_cols if h.endswith(": done"))
    as_engine = next(h for h in deal_cols if h.endswith(": percent"))
    assert row[status] == "over" and spreadsheet_value(row[done]) == 1
    assert spreadsheet_value(row[as_engine]) == percent
    ended_col = next(i for i, h in enumerate(header) if h.startswith("deal ") and ": ended (" in h)
    assert header[ended_col].endswith(f"({zone.key})")
    assert spreadsheet_value(rows[0][ended_col]) == local(ended, zone)
    item_cols = [h for h in header if h.endswith(": first_right")]
    assert len(item_cols) == len(set(item_cols)) == 1 and item_cols[0].startswith("1 ")
    assert spreadsheet_value(row[item_cols[0]]) == 1

    # every answer, read back the same way
    header, rows = download(page, "All answers (CSV)")
    when_col, zone = zoned(header, "answered_at")
    by_item = {r[header.index("item")]: r for r in rows}
    assert set(by_item) == {"1", "deal"}
    answer = dict(zip(header, by_item["1"], strict=True))
    assert spreadsheet_value(by_item["1"][when_col]) == local(answered, zone)
    assert spreadsheet_value(answer["correct"]) == 1
    assert answer["real_name"] == "'" + FORMULA_NAME
    played = dict(zip(header, by_item["deal"], strict=True))
    assert spreadsheet_value(by_item["deal"][when_col]) == local(ended, zone)
    assert spreadsheet_value(played["answer"]) == agreed  # a number, never a date-like "3/5"
    credit = spreadsheet_value(played["correct"])
    assert isinstance(credit, float) and abs(credit - percent / 100) <= 0.006
