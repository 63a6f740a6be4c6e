from __future__ import annotations

from flask import jsonify
from flask.typing import ResponseReturnValue

from app.api import bp
from app.engine import all_variants


@bp.get("/health")
def health() -> ResponseReturnValue:
    """For load balancers and club admins: the database (and Redis, when configured)
    answer, and the academy's version. No secrets. Also at ``/healthz``."""
    from app.ops import health_response

    resp: ResponseReturnValue = health_response(jsonify)
    return resp


@bp.get("/variants")
def variants() -> ResponseReturnValue:
    """The games the engine knows, with their names in both languages."""
    return jsonify({"variants": [v.to_json() for v in all_variants()]})


@bp.get("/ping")
def ping() -> ResponseReturnValue:
    """The bare endpoint: the app's whole stack, no database, no template (the load
    benchmark measures every page against it in the same run)."""
    return "ok", 200, {"Content-Type": "text/plain; charset=utf-8"}
