"""Messages of the guilin misconceptions (codes in app/learning/misconceptions/guilin.py)."""

MESSAGES: dict[str, dict[str, str]] = {}
