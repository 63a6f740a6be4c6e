"""The app's Jinja environment: Flask's, with template globals whose keys are a set.

Jinja works out, on every ``{% from ... import ... %}``, which of the importing
template's globals the imported one lacks: the difference of a set of names and the
imported template's ``globals.keys()``. Jinja's globals are a ``ChainMap`` (the
template's own over the environment's), whose key view answers that difference one name
at a time through the chain, for this app's ~40 globals on each of a page's few imports
(a few percent of a page's time, measured in paired runs). Here the keys
come as one set, and the difference is a set operation; the map itself stays a
``ChainMap``, so a template's own globals still overlay the environment's and changes to
the environment's still show through.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import MutableMapping
from typing import Any

from flask.templating import Environment as FlaskEnvironment


class TemplateGlobals(ChainMap[str, Any]):
    def keys(self) -> set[str]:  # type: ignore[override]  # a set (of every map), not a KeysView
        return set().union(*self.maps)


class Environment(FlaskEnvironment):
    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return TemplateGlobals({} if d is None else d, self.globals)
