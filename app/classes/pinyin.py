"""The sort key of a student's real name: its pinyin, the surname read as a surname.

Rosters sort by this key when the teacher picks "by pinyin" (never by code point, which
puts 张 before 王 by accident of the encoding). The key is the name's syllables in
lower case with tone numbers (``zeng1 xiao3 ming2``), so that ``zeng`` sorts before
``zhang`` and, among equal letters, the first tone first; characters without a reading
(Latin letters, digits) pass through in lower case.

pypinyin reads each character in its commonest reading and has no surname mode, so a
name's first character (or its first two, for a compound surname) is looked up in
:data:`SURNAMES` first: 曾 is Zēng as a surname (céng elsewhere), 单 Shàn, 解 Xiè, 仇 Qiú,
区 Ōu, and so on. The teacher can correct a key the table gets wrong (a given name read
unusually); the corrected key is kept until the name changes.
"""

from __future__ import annotations

import re
import unicodedata

#: surnames whose reading as a surname is not the character's commonest reading
SURNAMES: dict[str, str] = {
    "曾": "zeng1",
    "单": "shan4",
    "解": "xie4",
    "仇": "qiu2",
    "区": "ou1",
    "查": "zha1",
    "朴": "piao2",
    "盖": "ge3",
    "乐": "yue4",
    "覃": "qin2",
    "翟": "zhai2",
    "任": "ren2",
    "华": "hua4",
    "纪": "ji3",
    "缪": "miao4",
    "种": "chong2",
    "秘": "bi4",
    "折": "she2",
    "员": "yun4",
    "重": "chong2",
    "繁": "po2",
    "过": "guo1",
    "燕": "yan1",
    "句": "gou1",
    "黑": "he4",
    "阚": "kan4",
    "隗": "wei3",
    "冼": "xian3",
    "洗": "xian3",
    "谌": "chen2",
    "薄": "bo2",
    "贲": "ben1",
    "召": "shao4",
    "祭": "zhai4",
    "相": "xiang1",
    "长孙": "zhang3 sun1",
    "尉迟": "yu4 chi2",
    "万俟": "mo4 qi2",
    "单于": "chan2 yu2",
    "澹台": "tan2 tai2",
    "令狐": "ling2 hu2",
}

MAX = 200
_SPACES = re.compile(r"\s+")


def sort_key(name: str) -> str:
    """The pinyin sort key of a real name (see the module's text)."""
    from pypinyin import Style, lazy_pinyin

    name = unicodedata.normalize("NFKC", name).strip()
    if not name:
        return ""
    head: list[str] = []
    rest = name
    for size in (2, 1):
        if name[:size] in SURNAMES:
            head = [SURNAMES[name[:size]]]
            rest = name[size:]
            break
    words: list[str] = list(head)
    for part in lazy_pinyin(rest, style=Style.TONE3, neutral_tone_with_five=True):
        part = part.strip()
        if not part:
            continue
        words.append(part.casefold())
    return _SPACES.sub(" ", " ".join(words)).strip()[:MAX]


def clean(key: str) -> str:
    """A key the teacher typed: lower case, single spaces."""
    return _SPACES.sub(" ", unicodedata.normalize("NFKC", key).casefold()).strip()[:MAX]
