"""YAML read the safe way, with libyaml's C parser when PyYAML was built with it (about
ten times faster than the pure-Python parser: the content is a few hundred files read at
every start), the pure-Python one otherwise. Errors are ``yaml.YAMLError`` either way."""

from __future__ import annotations

from typing import Any

import yaml

_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def load_yaml(text: str) -> Any:
    """The document in ``text`` (plain data only: no Python objects or tags)."""
    return yaml.load(text, Loader=_LOADER)  # noqa: S506 (a safe loader)
