"""Messages of the zipai games' misconceptions (codes in app/learning/misconceptions/zipai.py)."""

MESSAGES: dict[str, dict[str, str]] = {}
