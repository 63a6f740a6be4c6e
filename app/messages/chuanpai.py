"""Messages for the chuanpai engine codes (filled in by that engine)."""

MESSAGES: dict[str, dict[str, str]] = {}
