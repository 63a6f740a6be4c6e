"""Our words, not the sources': fingerprints of 12-character runs of Chinese text.

The rule sources may not be pasted into the lessons. ``tests/data/seed_windows.txt``
holds, for every run of 12 consecutive Chinese characters of the seed pages, the first
10 hex digits of its SHA-1 (made by ``scripts/seed_fingerprints.py``); content whose
runs hit one of them copies a source.

Runs are taken after :func:`normalize`: punctuation, spaces and line breaks are dropped
(a copied sentence stays a copy whatever its commas and however a YAML block wraps it),
and so are the pinyin readings some pages put in brackets after a character
(a character, then ``（guì）``). Letters and digits still end a run. The script adds the simplified
form of every seed (seed 003 is written in traditional characters).
"""

from __future__ import annotations

import hashlib
import re

RUN = 12
CJK_CHARS = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
CJK = re.compile(f"[{CJK_CHARS}]+")
# a reading in brackets: letters with or without tone marks, nothing else
READING = re.compile(r"[（(]\s*[A-Za-z\u00c0-\u024f\u01cd-\u01dc\u1e3f\s']+\s*[)）]")
DROPPED = re.compile(f"[^{CJK_CHARS}A-Za-z0-9]+")


def normalize(text: str) -> str:
    """The text as the comparison sees it: no bracketed readings, no punctuation or
    white space; Chinese characters, ASCII letters and digits only."""
    return DROPPED.sub("", READING.sub("", text))


def windows(text: str) -> dict[str, str]:
    """Fingerprint → the 12-character run it stands for, for every run in ``text``."""
    out = {}
    for m in CJK.finditer(normalize(text)):
        run = m.group()
        for i in range(len(run) - RUN + 1):
            piece = run[i : i + RUN]
            out[hashlib.sha1(piece.encode("utf-8")).hexdigest()[:10]] = piece
    return out
