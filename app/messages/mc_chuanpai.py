"""Messages of the chuanpai games' misconceptions (codes in app/learning/misconceptions/chuanpai.py)."""

MESSAGES: dict[str, dict[str, str]] = {}
