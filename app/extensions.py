"""Flask extensions, created unbound and attached in :func:`app.factory.create_app`."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from flask import session
from flask_babel import Babel
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_login import LoginManager
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf.csrf import CSRFProtect
from htmx_flask import Htmx
from sqlalchemy import MetaData, Table
from sqlalchemy.orm import DeclarativeBase

from app.database import AcademySession

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)
    if TYPE_CHECKING:
        # every model is mapped to a table (SQLAlchemy allows any FROM clause)
        __table__: ClassVar[Table]


class AcademyLoginManager(LoginManager):
    """Flask-Login whose "strong" session protection leaves a visitor's session alone.

    Flask-Login checks the protection on any non-empty session; a visitor's session holds
    only the CSRF token, so it was rewritten (and a remember-cookie deletion sent) on
    every response. With no signed-in user there is nothing to protect.
    """

    def _session_protection_failed(self) -> bool:
        if "_user_id" not in session:
            return False
        return bool(super()._session_protection_failed())


db = SQLAlchemy(model_class=Base, session_options={"class_": AcademySession})
migrate = Migrate()
babel = Babel()
login_manager = AcademyLoginManager()
csrf = CSRFProtect()
limiter = Limiter(key_func=get_remote_address, default_limits=[])
htmx = Htmx()

# What the models subclass. At run time Flask-SQLAlchemy's ``db.Model``, which it builds
# from ``Base`` (same metadata and registry) with its query and bind-key mixins; mypy
# cannot see through that, and sees the typed ``Base`` it is made from.
if TYPE_CHECKING:
    Model = Base
else:
    Model = db.Model
