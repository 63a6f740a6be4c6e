"""Messages of the chuanpai-tricks misconceptions (codes in app/learning/misconceptions/chuanpai_tricks.py)."""

MESSAGES: dict[str, dict[str, str]] = {}
