"""Rule options of the two 字牌 games, as documented frozen dataclasses.

Each game module builds its default :class:`ZipaiRules`; the CLI's
``--option name=value`` and a position's ``"options"`` object override fields by
name (see ``docs/engine.md (字牌)``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from app.engine.core.errors import EngineError

HUNAN = "hunan"
GUILIN = "guilin"


@dataclass(frozen=True, slots=True)
class ZipaiRules:
    """The rule set of one 字牌 table.

    - ``game``: ``hunan`` (跑胡子) or ``guilin`` (大字牌).
    - ``min_huxi``: 胡息 needed to win (Hunan default 15, one of 6/10/15/18;
      Guilin 10 胡).
    - ``yiwushi``: 一五十 / 壹伍拾 count as a scoring run (off by default).
    - ``win_on_discard``: a discarded card may be won on (Hunan off, Guilin on).
    - ``chou_hu``: 臭胡, a declined win on a card is refused on that card again
      until the seat's table 胡息 changes (Hunan on; Guilin off).
    - ``chou_blocks_peng``: a declined card also may not be 碰'd later (Hunan on;
      Guilin's 过张 only blocks 吃).
    - ``peng_pao_any_draw``: a 碰 on the table turns into a 跑 on a card any seat
      draws (Hunan); Guilin: only on the owner's own draw (开舵).
    - ``wei_pao_on_discard``: a 偎 on the table turns into a 跑 on another seat's
      discard too (Hunan); Guilin's 扫 opens (开舵) only on a drawn card.
    - ``tun``: Hunan's 囤: ``standard`` ((胡息 − min) // 3 + 1) or ``yixi`` (一息一囤).
    - ``mingtang``: Hunan's 名堂 multipliers: ``changde`` (红黑点) or ``none``.
    - ``xing``: Guilin's 醒: ``shangxia`` (上醒/下醒, default), ``gen`` (跟醒) or ``none``.
    """

    game: str
    min_huxi: int
    yiwushi: bool = False
    win_on_discard: bool = False
    chou_hu: bool = True
    chou_blocks_peng: bool = True
    peng_pao_any_draw: bool = True
    wei_pao_on_discard: bool = True
    tun: str = "standard"
    mingtang: str = "changde"
    xing: str = "shangxia"

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ZipaiRules:
        return cls(**{f.name: data[f.name] for f in fields(cls) if f.name in data})

    @property
    def names(self) -> dict[str, str]:
        """Output names of group kinds for this game."""
        from app.engine.zipai.melds import GUILIN_NAMES

        return GUILIN_NAMES if self.game == GUILIN else {}


HUNAN_RULES = ZipaiRules(HUNAN, 15)
GUILIN_RULES = ZipaiRules(
    GUILIN,
    10,
    win_on_discard=True,
    chou_hu=False,
    chou_blocks_peng=False,
    peng_pao_any_draw=False,
    wei_pao_on_discard=False,
)

_CHOICES: dict[str, tuple[str, ...]] = {
    "tun": ("standard", "yixi"),
    "mingtang": ("changde", "none"),
    "xing": ("shangxia", "gen", "none"),
}
_BOOLS = {
    "1": True,
    "true": True,
    "yes": True,
    "on": True,
    "0": False,
    "false": False,
    "no": False,
    "off": False,
}
_SETTABLE = {
    HUNAN: ("min_huxi", "yiwushi", "win_on_discard", "chou_hu", "tun", "mingtang"),
    GUILIN: ("yiwushi", "xing"),
}


def with_options(base: ZipaiRules, options: Mapping[str, Any]) -> ZipaiRules:
    """``base`` with named options overridden; unknown names or values raise ``bad-option``."""
    changes: dict[str, Any] = {}
    for name, raw in options.items():
        if name not in _SETTABLE[base.game]:
            raise EngineError("bad-option", option=name, value=str(raw))
        text = str(raw).strip().lower()
        if name == "min_huxi":
            if text not in ("6", "10", "15", "18"):
                raise EngineError("bad-option", option=name, value=str(raw))
            changes[name] = int(text)
        elif name in _CHOICES:
            if text not in _CHOICES[name]:
                raise EngineError("bad-option", option=name, value=str(raw))
            changes[name] = text
        else:
            if isinstance(raw, bool):
                changes[name] = raw
            elif text in _BOOLS:
                changes[name] = _BOOLS[text]
            else:
                raise EngineError("bad-option", option=name, value=str(raw))
    return replace(base, **changes)


def settable(game: str) -> tuple[str, ...]:
    return _SETTABLE[game]
