"""Where a ``next`` parameter may send the browser: same-site relative paths only.

Every redirect built from what the visitor sent (``?next=``, the language switch's
``next`` field, htmx's ``HX-Redirect``) goes through :func:`safe_next`. It never
raises: junk falls back to a safe default, so a view can compute its target before it
writes anything and never fail after the write.
"""

from __future__ import annotations

import re
from urllib.parse import quote, unquote, urlsplit

from flask import request, url_for

MAX_LENGTH = 2000

# A path that starts with exactly one "/" and holds printable ASCII only: no spaces,
# tabs or CR/LF (browsers drop tabs and newlines, turning "/\t/x" into "//x"), no
# full-width or other non-ASCII characters, no backslash (browsers read "/\x" as "//x").
_PATH = re.compile(r"/(?![/\\])[\x21-\x5b\x5d-\x7e]*")
_CONTROL = re.compile(r"[\x00-\x20\x7f-\x9f]")
_QUERY_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
# What request.path may hold unquoted in a URL path; the query keeps its own encoding.
_PATH_SAFE = "/:@!$&'()*+,;=-._~"
_QUERY_SAFE = _PATH_SAFE + "?%"


def is_safe_path(target: str) -> bool:
    """True for a same-site relative path that no browser can read as another host."""
    if len(target) > MAX_LENGTH or not _PATH.fullmatch(target):
        return False
    # Percent-encoded tricks: what the path means once decoded must be as clean. The
    # query may hold encoded spaces and any text (a hand of cards), never control codes.
    path, _, query = target.partition("?")
    decoded = unquote(path)
    if decoded.startswith("//") or "\\" in decoded or _CONTROL.search(decoded):
        return False
    if _QUERY_CONTROL.search(unquote(query)):
        return False
    parts = urlsplit(target)
    return not (parts.scheme or parts.netloc)


def safe_next(target: str | None, default: str | None = None) -> str:
    """``target`` if it is a safe same-site path, else ``default`` (the home page)."""
    if target and is_safe_path(target):
        return target
    return default or url_for("main.home")


def next_param() -> str:
    """The request's ``?next=`` as a safe target (the home page when missing or junk)."""
    return safe_next(request.args.get("next"))


def current_path() -> str:
    """This request's path and query, percent-encoded: what a form posts back as ``next``."""
    path = quote(request.path, safe=_PATH_SAFE)
    if request.query_string:
        return f"{path}?{quote(request.query_string, safe=_QUERY_SAFE)}"
    return path
