"""Messages of the nantong misconceptions (codes in app/learning/misconceptions/nantong.py)."""

MESSAGES: dict[str, dict[str, str]] = {}
