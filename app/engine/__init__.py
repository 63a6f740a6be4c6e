"""长牌规则引擎 · The rules engine for the long-card games.

Pure Python: no Flask, SQLAlchemy or Babel import anywhere below this package.
The CLI (``python -m app.engine``) and the web app are clients of it.

A shared core (:mod:`app.engine.core`) holds what every game needs: the error
type for unreadable input, :class:`Reason` for a legitimate "no", and the
variant registry. Each game family lives in its own subpackage.
"""

from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason
from app.engine.core.registry import VariantInfo, all_variants, find_variant

__all__ = ["EngineError", "Reason", "VariantInfo", "all_variants", "find_variant"]
