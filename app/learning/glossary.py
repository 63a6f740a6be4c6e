"""The glossary: every term in 汉字, pinyin (written by hand, with tone marks) and English,
its meaning, the games that use it, other names for the same thing, and the lesson step
that teaches it (``content/glossary.yaml``, schema :class:`TermDoc`)."""

from __future__ import annotations

from functools import cache

import yaml
from pydantic import BaseModel, ConfigDict, Field

from app.config import ROOT
from app.learning.bank import TextDoc

GLOSSARY = ROOT / "content" / "glossary.yaml"


class TermDoc(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    hanzi: str = Field(min_length=1)
    pinyin: str = Field(min_length=1)
    en: str = Field(min_length=1)
    meaning: TextDoc
    games: list[str] = Field(min_length=1)
    same_as: list[str] = []
    regional: str | None = None
    taught_in: str | None = None


@cache
def terms() -> dict[str, TermDoc]:
    if not GLOSSARY.exists():
        return {}
    data = yaml.safe_load(GLOSSARY.read_text(encoding="utf-8")) or []
    out: dict[str, TermDoc] = {}
    for item in data:
        term = TermDoc.model_validate(item)
        if term.id in out:
            raise ValueError(f"glossary: term id {term.id!r} is used twice")
        out[term.id] = term
    return out


def term(term_id: str) -> TermDoc | None:
    return terms().get(term_id)


@cache
def _first_links() -> dict[str, str]:
    """Term id → the first lesson step (in each game's path order) whose prose links it."""
    import re

    from app.engine.core.registry import all_variants
    from app.learning.lessons import path_of

    link = re.compile(r"\[\[([a-z0-9-]+)")
    out: dict[str, str] = {}
    for v in all_variants():
        for lesson in path_of(v.id):
            for step in lesson.steps:
                if step.text is None:
                    continue
                for tid in link.findall(step.text.en + " " + step.text.zh):
                    out.setdefault(tid, step.ref)
    return out


def taught_in(term_id: str) -> str | None:
    """The lesson step that teaches a term: the glossary's own ``taught_in``, else the
    first step whose prose links the term."""
    t = term(term_id)
    if t is not None and t.taught_in:
        return t.taught_in
    return _first_links().get(term_id)
