"""Long Card Academy (changpai xuetang).

``app.engine`` is the rules engine (pure Python). ``create_app`` builds the web app;
it is imported lazily so that ``python -m app.engine`` never loads Flask.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from flask import Flask


def create_app(config: dict[str, Any] | None = None) -> Flask:
    from app.factory import create_app as _create_app

    return _create_app(config)
