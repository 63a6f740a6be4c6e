"""One-time sign-in codes: six characters from an alphabet without look-alikes, stored
as an HMAC digest (:class:`app.models.QuickCode`), good for one sign-in until they
expire; one per account at a time. A teacher gives them to the students whose accounts
they made; an admin gives one to a member who lost their password (the member then
chooses a new password before anything else: ``User.must_set_password``).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from datetime import datetime, timedelta

from flask import current_app

from app.extensions import db
from app.learning import clock
from app.models import QuickCode, User

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


def random_code(length: int) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def normal_code(text: str | None) -> str:
    """A typed code as stored: upper case, without spaces or dashes."""
    return re.sub(r"[\s\-_.]", "", (text or "").upper())[:32]


def digest(code: str) -> str:
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, b"quick-code:" + code.encode(), hashlib.sha256).hexdigest()


def give(users: list[User], minutes: int) -> list[str]:
    """A fresh code for each of ``users``, replacing any earlier one, good for
    ``minutes``; in the caller's transaction (the caller commits)."""
    expires = clock.now() + timedelta(minutes=minutes)
    codes = []
    db.session.execute(db.delete(QuickCode).where(QuickCode.user_id.in_([u.id for u in users])))
    for u in users:
        code = random_code(CODE_LENGTH)
        while db.session.scalar(db.select(QuickCode.id).filter_by(digest=digest(code))):
            code = random_code(CODE_LENGTH)
        db.session.add(QuickCode(user_id=u.id, digest=digest(code), expires_at=expires))
        codes.append(code)
    return codes


def expiry(user_id: int) -> datetime | None:
    found: datetime | None = db.session.scalar(
        db.select(QuickCode.expires_at).filter_by(user_id=user_id)
    )
    return found


def use(typed: str) -> User | None:
    """The account a valid code opens (the code is used up), or ``None`` (a wrong or
    expired code, a disabled account). Commits."""
    code = normal_code(typed)
    if len(code) != CODE_LENGTH:
        return None
    row = db.session.scalar(db.select(QuickCode).filter_by(digest=digest(code)))
    if row is None:
        return None
    account = db.session.get(User, row.user_id)
    db.session.delete(row)
    db.session.commit()
    if row.expires_at < clock.now() or account is None or account.disabled_at is not None:
        return None
    return account
