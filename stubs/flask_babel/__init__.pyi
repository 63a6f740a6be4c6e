# Type information for the part of Flask-Babel the app uses (the package ships none).
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from babel import Locale
from babel.support import NullTranslations
from flask import Flask

# Not a str subclass at run time, but it stands wherever a str is taken (form labels,
# validators' messages, templates), turned into text in the language of the moment.
class LazyString(str):
    def __init__(self, func: Callable[..., str], *args: Any, **kwargs: Any) -> None: ...
    def __html__(self) -> str: ...

class Babel:
    def __init__(
        self,
        app: Flask | None = ...,
        locale_selector: Callable[[], str | None] | None = ...,
        timezone_selector: Callable[[], str | None] | None = ...,
        **kwargs: Any,
    ) -> None: ...
    def init_app(
        self,
        app: Flask,
        locale_selector: Callable[[], str | None] | None = ...,
        timezone_selector: Callable[[], str | None] | None = ...,
        **kwargs: Any,
    ) -> None: ...

def gettext(string: str, **variables: Any) -> str: ...
def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str: ...
def lazy_gettext(string: str, **variables: Any) -> LazyString: ...
def get_locale() -> Locale | None: ...
def get_translations() -> NullTranslations: ...
@contextmanager
def force_locale(locale: str) -> Iterator[None]: ...
