"""The engine's memos, emptied at once: the families keep bounded ``functools`` caches
on pure functions of immutable values (hands, groups, code texts), which a cold
benchmark must start without. Unbounded caches (``functools.cache``) hold tables built
once per process (a deck, a rule set's fields), which no request ever finds cold: they
are kept."""

from __future__ import annotations

import sys


def clear_caches(prefix: str = "app.engine") -> int:
    """Empty every bounded ``functools`` cache of the loaded modules under ``prefix``;
    how many."""
    emptied = 0
    for name, module in list(sys.modules.items()):
        if module is None or not (name == prefix or name.startswith(prefix + ".")):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if not callable(clear) or getattr(value, "__module__", None) != name:
                continue
            if value.cache_parameters().get("maxsize") is not None:
                clear()
                emptied += 1
    return emptied
