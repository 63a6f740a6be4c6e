"""A legitimate "no" (or "because"), returned as data.

``Reason("must-bi", {"card": "x3"})`` says *why* an action is refused or a hand does
not win, in a form the web app and the CLI translate at the edge. The engine never
holds user-facing prose.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Reason:
    """A stable ``code`` slug plus JSON-serializable ``params``."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": dict(self.params)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Reason:
        return cls(str(data["code"]), dict(data.get("params", {})))

    def __repr__(self) -> str:
        return f"Reason({self.code!r}, {dict(self.params)!r})"
