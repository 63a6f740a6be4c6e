"""Home, about, and the language switch."""

from flask import Blueprint

bp = Blueprint("main", __name__)

from app import profiles, zones  # noqa: E402

# every date and time a page shows is in the viewer's zone (app.zones)
bp.add_app_template_global(zones.names, "zone_names")
bp.add_app_template_global(profiles.shown, "viewer_time")
bp.add_app_template_global(profiles.shown_date, "viewer_date")

from app.main import routes  # noqa: E402,F401
