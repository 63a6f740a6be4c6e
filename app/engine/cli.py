"""``python -m app.engine``: the command-line contract of ``shared/contracts/engine-cli.md``.

The CLI reads arguments, finds the variant, and calls that variant module's hooks:

- ``cli_analyze(req) -> dict``
- ``cli_waits(req) -> dict``
- ``cli_selfplay(req) -> dict``
- ``cli_options(req) -> dict`` (``req.position`` holds the parsed position JSON)

Every hook returns a JSON-serializable dict (printed as one object on stdout) or
raises :class:`EngineError`, which becomes ``{"error": {"code", "message"}}`` on
stdout with exit status 2. The message is rendered at this edge from the code and
its parameters (:mod:`app.messages`), in ``--lang en`` (default) or ``zh``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from app.engine.core.errors import EngineError
from app.engine.core.registry import VariantInfo, all_variants, find_variant

VERBS = ("variants", "analyze", "waits", "selfplay", "options")


@dataclass(frozen=True)
class CliRequest:
    """What the command line asked for, already split but not yet interpreted."""

    verb: str
    variant: VariantInfo
    hand: str | None = None
    melds: tuple[tuple[str, str], ...] = ()
    options: Mapping[str, str] = field(default_factory=dict)
    games: int = 1
    seed: int = 0
    position: Mapping[str, Any] | None = None
    generals: int | None = None
    xi: bool = False
    lang: str = "en"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise EngineError("bad-arguments", detail=message)


def _parser() -> argparse.ArgumentParser:
    p = _Parser(prog="python -m app.engine", add_help=True)
    p.add_argument("verb", help="|".join(VERBS))
    p.add_argument("variant", nargs="?")
    p.add_argument("--hand")
    p.add_argument("--meld", action="append", default=[], help="KIND:CARDS, repeatable")
    p.add_argument("--option", action="append", default=[], help="NAME=VALUE, repeatable")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--position", help="a JSON file, or - for stdin")
    p.add_argument("--generals", type=int, choices=(1, 2))
    p.add_argument("--xi", action="store_true")
    p.add_argument("--lang", default="en", choices=("en", "zh"))
    return p


def _lang_of(argv: Sequence[str]) -> str:
    for i, a in enumerate(argv):
        if a == "--lang" and i + 1 < len(argv) and argv[i + 1] in ("en", "zh"):
            return argv[i + 1]
        if a in ("--lang=zh", "--lang=en"):
            return a.split("=", 1)[1]
    return "en"


def _split_pairs(items: Sequence[str], sep: str, what: str) -> tuple[tuple[str, str], ...]:
    out = []
    for item in items:
        if sep not in item:
            raise EngineError("bad-option", option=what, value=item)
        k, v = item.split(sep, 1)
        out.append((k.strip(), v.strip()))
    return tuple(out)


def _read_position(src: str) -> Mapping[str, Any]:
    try:
        if src == "-":
            text = sys.stdin.read()
        else:
            with open(src, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        raise EngineError("bad-position", detail=f"{src}: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise EngineError("bad-position", detail=f"line {exc.lineno}: {exc.msg}") from None
    if not isinstance(data, dict):
        raise EngineError("bad-position", detail="the position must be a JSON object")
    return data


def run(argv: Sequence[str]) -> dict[str, Any]:
    """Interpret ``argv`` and return the JSON answer (raises :class:`EngineError`)."""
    args = _parser().parse_args(list(argv))
    if args.verb not in VERBS:
        raise EngineError("unknown-verb", verb=args.verb)
    if args.verb == "variants":
        return {"variants": [v.to_json() for v in all_variants()]}
    if not args.variant:
        raise EngineError("bad-arguments", detail="VARIANT is required")
    variant = find_variant(args.variant)
    if args.games < 1:
        raise EngineError("bad-option", option="--games", value=str(args.games))
    req = CliRequest(
        verb=args.verb,
        variant=variant,
        hand=args.hand,
        melds=_split_pairs(args.meld, ":", "--meld"),
        options=dict(_split_pairs(args.option, "=", "--option")),
        games=args.games,
        seed=args.seed,
        position=_read_position(args.position) if args.position else None,
        generals=args.generals,
        xi=args.xi,
        lang=args.lang,
    )
    if args.verb in ("analyze", "waits") and req.hand is None:
        raise EngineError("bad-arguments", detail="--hand is required")
    if args.verb == "options" and req.position is None:
        raise EngineError("bad-arguments", detail="--position FILE (or -) is required")
    try:
        module = variant.load()
    except ModuleNotFoundError:
        raise EngineError("unsupported-verb", verb=args.verb, variant=variant.id) from None
    hook = getattr(module, f"cli_{args.verb}", None)
    if hook is None:
        raise EngineError("unsupported-verb", verb=args.verb, variant=variant.id)
    result: dict[str, Any] = hook(req)
    return result


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = _lang_of(argv)
    out = sys.stdout
    try:
        result = run(argv)
    except EngineError as exc:
        from app.messages import render

        err = {"code": exc.code, "message": render(exc.code, exc.params, lang)}
        out.write(json.dumps({"error": err}, ensure_ascii=False) + "\n")
        return 2
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    except Exception as exc:  # never a traceback for any input
        from app.messages import render

        err = {
            "code": "internal-error",
            "message": render("internal-error", {"detail": type(exc).__name__}, lang),
        }
        out.write(json.dumps({"error": err}, ensure_ascii=False) + "\n")
        return 2
    out.write(json.dumps(result, ensure_ascii=False) + "\n")
    return 0
