"""Messages of the hunan misconceptions (codes in app/learning/misconceptions/hunan.py)."""

MESSAGES: dict[str, dict[str, str]] = {}
