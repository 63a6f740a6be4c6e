"""Messages of the chuanpai misconceptions (codes in app/learning/misconceptions/chuanpai.py)."""

MESSAGES: dict[str, dict[str, str]] = {}
