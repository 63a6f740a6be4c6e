"""Our words, not the sources': fingerprints of 12-character runs of Chinese text.

The rule sources may not be pasted into the lessons. ``tests/data/seed_windows.txt``
holds, for every run of 12 consecutive Chinese characters of the seed pages, the first
10 hex digits of its SHA-1 (made by ``scripts/seed_fingerprints.py``); content whose
runs hit one of them copies a source.
"""

from __future__ import annotations

import hashlib
import re

RUN = 12
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")


def windows(text: str) -> dict[str, str]:
    """Fingerprint → the 12-character run it stands for, for every run in ``text``."""
    out = {}
    for m in CJK.finditer(text):
        run = m.group()
        for i in range(len(run) - RUN + 1):
            piece = run[i : i + RUN]
            out[hashlib.sha1(piece.encode("utf-8")).hexdigest()[:10]] = piece
    return out
