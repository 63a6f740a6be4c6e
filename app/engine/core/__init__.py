"""The shared core of the rules engine: errors, reasons, the variant registry."""

from app.engine.core.errors import EngineError
from app.engine.core.reason import Reason

__all__ = ["EngineError", "Reason"]
