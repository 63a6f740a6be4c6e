from __future__ import annotations

from flask import jsonify
from sqlalchemy import text

from app.api import bp
from app.engine import all_variants
from app.extensions import db


@bp.get("/health")
def health():  # type: ignore[no-untyped-def]
    """For load balancers and club admins: the app is up and the database answers."""
    try:
        db.session.execute(text("SELECT 1"))
        ok = True
    except Exception:
        db.session.rollback()
        ok = False
    return jsonify({"status": "ok" if ok else "degraded", "database": ok}), 200 if ok else 503


@bp.get("/variants")
def variants():  # type: ignore[no-untyped-def]
    """The games the engine knows, with their names in both languages."""
    return jsonify({"variants": [v.to_json() for v in all_variants()]})
