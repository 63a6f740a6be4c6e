"""Rule options as frozen dataclasses: defaults, validation, text form.

A game's rule set is a frozen dataclass that inherits :class:`RuleSet`. Each field is
one named option; its metadata may give ``choices`` (the allowed values) and
``aliases`` (other spellings of the option name). Values are read from text the same
way everywhere (the CLI's ``--option name=value``, a position's options, a position
code): ``yes/no/on/off/true/false/1/0`` for booleans, integers for ``int`` fields.

``with_options`` returns a new rule set with some options changed (validated);
``to_options`` gives the options that differ from a base, as text, in field order
(the position code writes exactly these).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar, Self

from app.engine.core.errors import EngineError

TRUE = frozenset({"1", "yes", "on", "true", "y"})
FALSE = frozenset({"0", "no", "off", "false", "n", ""})


def parse_bool(name: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in TRUE:
        return True
    if text in FALSE:
        return False
    raise EngineError("bad-option", option=name, value=str(value))


def text_of(value: object) -> str:
    """The canonical text of an option value (``yes``/``no`` for booleans)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple | list):
        return ",".join(text_of(v) for v in value)
    return str(value)


#: each rule set class's option fields (:meth:`RuleSet.option_fields`), read once
_OPTION_FIELDS: dict[type, tuple[dataclasses.Field[Any], ...]] = {}


class RuleSet:
    """Mixin for a game's frozen rule-option dataclass.

    Subclasses may set ``FIXED`` to field names that are not options (the game id a
    rule set belongs to, say): they are neither read nor written as options.
    """

    FIXED: ClassVar[frozenset[str]] = frozenset()

    def __post_init__(self) -> None:
        self.validate()

    @classmethod
    def option_fields(cls) -> tuple[dataclasses.Field[Any], ...]:
        got = _OPTION_FIELDS.get(cls)
        if got is None:  # once per class
            got = tuple(f for f in dataclasses.fields(cls) if f.name not in cls.FIXED)  # type: ignore[arg-type]
            _OPTION_FIELDS[cls] = got
        return got

    @classmethod
    def option_name(cls, name: str) -> str | None:
        """The field an option name (or alias) stands for, or ``None``."""
        key = name.strip().lower().replace("-", "_")
        for f in cls.option_fields():
            if key == f.name or key in f.metadata.get("aliases", ()):
                return f.name
        return None

    def validate(self) -> None:
        """Refuse a value outside a field's ``choices`` (``bad-option``)."""
        for f in self.option_fields():
            choices = f.metadata.get("choices")
            value = getattr(self, f.name)
            if choices is not None and value not in choices:
                raise EngineError("bad-option", option=f.name, value=text_of(value))

    @classmethod
    def parse_value(cls, f: dataclasses.Field[Any], raw: object) -> Any:
        kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", "")
        if kind == "bool":
            return parse_bool(f.name, raw)
        if kind == "int":
            if isinstance(raw, int) and not isinstance(raw, bool):
                return raw
            text = str(raw).strip()
            if not text.lstrip("-").isdigit() or len(text) > 9:
                raise EngineError("bad-option", option=f.name, value=str(raw))
            return int(text)
        return str(raw).strip().lower()

    def with_options(self, options: Mapping[str, object]) -> Self:
        """A copy with the named options changed; unknown names or values: ``bad-option``."""
        if not options:
            return self
        changes: dict[str, Any] = {}
        by_name = {f.name: f for f in self.option_fields()}
        for name, raw in options.items():
            field_name = self.option_name(str(name))
            if field_name is None:
                raise EngineError("bad-option", option=str(name), value=text_of(raw))
            changes[field_name] = self.parse_value(by_name[field_name], raw)
        return dataclasses.replace(self, **changes)  # type: ignore[type-var]

    def to_options(self, base: RuleSet | None = None) -> dict[str, str]:
        """The options that differ from ``base`` (all of them without one), as text."""
        out: dict[str, str] = {}
        for f in self.option_fields():
            value = getattr(self, f.name)
            if base is None or getattr(base, f.name) != value:
                out[f.name] = text_of(value)
        return out

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}  # type: ignore[arg-type]
