"""Messages of the nantong games' misconceptions (codes in app/learning/misconceptions/nantong.py)."""

MESSAGES: dict[str, dict[str, str]] = {}
