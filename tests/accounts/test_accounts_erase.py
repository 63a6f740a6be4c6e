"""Deleting accounts and pruning visitors remove exactly their rows, on SQLite (no
foreign-key enforcement) and PostgreSQL alike: what hangs on them goes, references
declared SET NULL are cleared, and nothing else changes."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import insert, select
from test_backup import fill_every_table

from app import erase
from app.backup import tables
from app.extensions import db

#: with one account deleted (row 0 of every table hangs on row 0 of its parents), the
#: tables whose row 0 goes with it
GOES_WITH_AN_ACCOUNT = {
    "users",
    "account_events",
    "class_departures",
    "class_invitations",
    "class_students",
    "class_teachers",
    "learner_profiles",
    "quick_codes",
    "student_accounts",
    "assignment_extensions",
    "assignment_own_positions",
    "attempts",
    "exercise_states",
    "learner_days",
    "play_deals",
    "quiz_sessions",
    "ratings",
    "skill_states",
}
#: references to the account that stay, cleared (SET NULL): table → column
CLEARED = {"assignments": "created_by_id", "positions": "author_id"}


def _snapshot() -> dict[str, dict[tuple, dict]]:
    out = {}
    for t in tables():
        pk = list(t.primary_key.columns)
        rows = db.session.execute(select(t)).mappings().all()
        out[t.name] = {tuple(r[c.name] for c in pk): dict(r) for r in rows}
    return out


def test_an_account_goes_with_exactly_its_rows(app):
    with app.app_context():
        fill_every_table()
        before = _snapshot()
        users = sorted(before["users"])
        gone_id = users[0][0]
        planned = erase.account_plan([gone_id])
        counts = erase.erase_accounts([gone_id])
        db.session.commit()
        after = _snapshot()
    assert counts == planned
    assert set(counts) == GOES_WITH_AN_ACCOUNT and set(counts.values()) == {1}
    for name, rows in before.items():
        removed = set(rows) - set(after[name])
        assert len(removed) == (1 if name in GOES_WITH_AN_ACCOUNT else 0), name
        for key, row in after[name].items():
            old = dict(rows[key])
            column = CLEARED.get(name)
            if column and old[column] == gone_id:
                old[column] = None
            assert row == old, (name, key)
    for name, column in CLEARED.items():
        assert gone_id not in {r[column] for r in after[name].values()}


def _profile(token: str, seen: datetime, user_id: int | None = None) -> int:
    t = db.metadata.tables["learner_profiles"]
    return db.session.execute(
        insert(t).values(token=token, user_id=user_id, created_at=seen, last_seen_at=seen)
    ).inserted_primary_key[0]


def _answer(profile_id: int, when: datetime, n: int) -> None:
    t = db.metadata.tables["attempts"]
    db.session.execute(
        insert(t).values(
            profile_id=profile_id,
            exercise_id="nantong.demo-count-1",
            game="nantong",
            context="exercise",
            context_ref="",
            answer="7",
            correct=True,
            params={},
            hints=0,
            shown=False,
            time_ms=0,
            nonce=f"n-{profile_id}-{n}",
            created_at=when,
        )
    )


def test_prune_removes_idle_visitors_and_nothing_else(app):
    from classes_help import make_user

    now = datetime(2026, 12, 1, 12, 0)
    old, recent = now - timedelta(days=200), now - timedelta(days=10)
    member = make_user(app, "keeper")
    app.config["NOW"] = now
    with app.app_context():
        idle = _profile("idle", old)
        idle_answers = _profile("idle-answers", old)
        _answer(idle_answers, old, 1)
        _answer(idle_answers, old + timedelta(days=1), 2)
        answered_lately = _profile("answered-lately", old)
        _answer(answered_lately, old, 5)  # kept with its profile
        _answer(answered_lately, recent, 3)
        seen_lately = _profile("seen-lately", recent)
        account = _profile("account", old, user_id=member.id)
        _answer(account, old, 4)
        db.session.commit()
    out = app.test_cli_runner().invoke(args=["prune", "--dry-run"])
    assert out.exit_code == 0 and "would remove 2 visitor profile(s)" in out.output
    out = app.test_cli_runner().invoke(args=["prune"])
    assert out.exit_code == 0, out.output
    assert "removed 2 visitor profile(s) idle for 180 days; with them, rows of attempts: 2" in (
        out.output
    )
    with app.app_context():
        profiles = db.metadata.tables["learner_profiles"]
        attempts = db.metadata.tables["attempts"]
        left = set(db.session.scalars(select(profiles.c.id)))
        assert left == {answered_lately, seen_lately, account}
        assert idle not in left and idle_answers not in left
        assert sorted(db.session.scalars(select(attempts.c.nonce))) == sorted(
            [f"n-{answered_lately}-3", f"n-{answered_lately}-5", f"n-{account}-4"]
        )
    out = app.test_cli_runner().invoke(args=["prune", "--days", "5"])
    assert "removed 2 visitor profile(s) idle for 5 days; with them, rows of attempts: 2" in (
        out.output
    )
