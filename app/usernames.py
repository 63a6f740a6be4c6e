"""Usernames: the form a name is shown in, the key it is found by, look-alikes refused.

A name is shown as typed, after NFKC (full-width ``ｍｅｉ`` is ``mei``, ``ℌ`` is ``H``).
It is found by its key, NFKC + casefold: the same in Python and in every database, so
``Ädmin``, ``İstanbul`` and ``ΣΑΣ`` sign in as they signed up, and ``Meimei`` and
``meimei`` are one name. The key is unique in the database (``users.username_key``).

Look-alikes: a name may mix scripts only the way people write, as in Unicode's
"highly restrictive" level (UTS #39): one script, or Latin with Han and the scripts
written beside Han (kana, Bopomofo, Hangul): ``xiao`` followed by a Han character, or Han with kana, is fine,
``аlice`` (a Cyrillic а) is refused. The script of each character comes from
``confusable_homoglyphs`` (Unicode's Scripts.txt).
"""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs import categories

# Characters every script uses (digits, "_", ".", "-", combining marks): they mix freely.
_NEUTRAL = frozenset({"COMMON", "INHERITED"})
_ALLOWED_MIXES = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)


def display_form(raw: str | None) -> str:
    """How a typed name is stored and shown: NFKC, without surrounding spaces."""
    return unicodedata.normalize("NFKC", raw or "").strip()


def name_key(raw: str | None) -> str:
    """The key a name is compared by: NFKC, casefold, NFKC again (casefold can undo it)."""
    folded = display_form(raw).casefold()
    return unicodedata.normalize("NFKC", folded)


def scripts(name: str) -> frozenset[str]:
    """The scripts ``name`` is written in, leaving out the characters all scripts share."""
    return frozenset(categories.alias(ch) for ch in name) - _NEUTRAL


def is_mixed_script(name: str) -> bool:
    """True when ``name`` mixes scripts as no one writes them (``аlice``, ``pаypal``)."""
    found = scripts(name)
    return len(found) > 1 and not any(found <= mix for mix in _ALLOWED_MIXES)
