"""``python -m app.engine``: the command-line contract of ``shared/contracts/engine-cli.md``.

A thin client of the :class:`~app.engine.core.game.Game` interface: each verb is
written once here for every game. The engine answers with typed values; JSON is made
from them by :mod:`app.engine.core.serial`, and codes become sentences only here, at
the edge (:mod:`app.text.messages`), in ``--lang en`` (default) or any other language of
``translations/languages.toml`` (``zh``, ``zh-Hant``).

Bad input raises :class:`EngineError`, printed as ``{"error": {"code", "message"}}``
with exit status 2; never a traceback, whatever the input.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NoReturn

from app.engine.core import serial
from app.engine.core.actions import Action
from app.engine.core.codec import split_code
from app.engine.core.errors import EngineError
from app.engine.core.game import Game, IllegalAction
from app.engine.core.reason import Reason
from app.engine.core.registry import all_variants, find_game

VERBS = (
    "variants",
    "analyze",
    "waits",
    "selfplay",
    "options",
    "apply",
    "deal",
    "encode",
    "decode",
)
MAX_GAMES = 1_000_000
MAX_INPUT = 1_000_000  # characters of a position document

AnyGame = Game[Any, Any]


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
    p.add_argument("--position", help="a JSON file or a code, or - for stdin")
    p.add_argument("--code", help="a one-line position code")
    p.add_argument("--generals", type=int, choices=(1, 2))
    p.add_argument("--xi", action="store_true")
    p.add_argument("--lang", default=ENGINE_LANG, choices=_langs())
    return p


#: the language of the engine's own lines (an error's ``detail``) and of the default output
ENGINE_LANG = "en"


def _langs() -> tuple[str, ...]:
    """The codes ``--lang`` takes: every language the app offers."""
    from app.text import languages  # the list only (no prose, no web library)

    return languages.codes()


def _lang_of(argv: Sequence[str]) -> str:
    langs = _langs()
    for i, a in enumerate(argv):
        if a == "--lang" and i + 1 < len(argv) and argv[i + 1] in langs:
            return argv[i + 1]
        if a.startswith("--lang=") and a.split("=", 1)[1] in langs:
            return a.split("=", 1)[1]
    return ENGINE_LANG


def _pairs(items: Sequence[str], sep: str, what: str) -> tuple[tuple[str, str], ...]:
    out = []
    for item in items:
        if sep not in item:
            raise EngineError("bad-option", option=what, value=item)
        k, v = item.split(sep, 1)
        out.append((k.strip(), v.strip()))
    return tuple(out)


def _read_text(src: str) -> str:
    try:
        if src == "-":
            text = sys.stdin.read(MAX_INPUT + 1)
        else:
            with open(src, encoding="utf-8") as fh:
                text = fh.read(MAX_INPUT + 1)
    except OSError as exc:
        raise EngineError(
            "bad-position", detail=f"{src}: {exc.strerror}", why="detail-other"
        ) from None
    except UnicodeDecodeError:
        raise EngineError(
            "bad-position", detail=f"{src}: not UTF-8 text", why="detail-other"
        ) from None
    if len(text) > MAX_INPUT:
        raise EngineError("bad-position", detail="the document is too long", why="detail-other")
    return text


def _read_document(src: str) -> Any:
    """A position document: a JSON value, or a bare one-line code (a string)."""
    text = _read_text(src).strip()
    if text.startswith("v") and "{" not in text:
        return text
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise EngineError(
            "bad-position",
            detail=f"line {exc.lineno}: {exc.msg}",
            why="detail-json",
            line=exc.lineno,
        ) from None
    except RecursionError:
        raise EngineError(
            "bad-position", detail="the document is nested too deeply", why="detail-other"
        ) from None


class Request:
    """What the command line asked for, read once."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.game: AnyGame = find_game(args.variant)
        opts = dict(_pairs(args.option, "=", "--option"))
        self.rule_options, self.context = self.game.split_options(opts)
        self.lang: str = args.lang

    def rules(self, extra: Mapping[str, object] | None = None) -> Any:
        flags: dict[str, object] = {}
        if self.args.generals is not None:
            flags["generals"] = self.args.generals
        if self.args.xi:
            flags["xi"] = True
        return self.game.cli_rules({**(extra or {}), **self.rule_options}, flags)

    def holding(self) -> tuple[Any, Any]:
        if self.args.hand is None:
            raise EngineError("bad-arguments", detail="--hand is required")
        rules = self.rules()
        melds = _pairs(self.args.meld, ":", "--meld")
        return rules, self.game.holding(self.args.hand, melds, self.context, rules)

    def state(self, doc: Any) -> Any:
        """A state from a position document: a code, ``{"code": ...}``, or position JSON."""
        if isinstance(doc, str):
            return self.decode(doc)
        if not isinstance(doc, dict):
            raise EngineError(
                "bad-position",
                detail="the position must be a JSON object",
                why="detail-json-shape",
            )
        if isinstance(doc.get("code"), str):
            return self.decode(doc["code"])
        try:
            return self.game.read_position(doc, self.rule_options)
        except (EngineError, IllegalAction):
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise EngineError(
                "bad-position", detail=f"{type(exc).__name__}: {exc}", why="detail-json-shape"
            ) from None

    def decode(self, code: str) -> Any:
        frame = split_code(code)
        if frame.variant != self.game.id:
            raise EngineError(
                "bad-code",
                detail=f"the code is for {frame.variant}",
                why="detail-wrong-game",
                variant=frame.variant,
            )
        if frame.viewer is not None:
            raise EngineError(
                "bad-code", detail="a seat view is not a whole position", why="detail-seat-view"
            )
        return self.game.decode(code)

    def position(self) -> Any:
        if not self.args.position:
            raise EngineError("bad-arguments", detail="--position FILE (or -) is required")
        return _read_document(self.args.position)

    def explain(self, reason: Reason) -> dict[str, Any]:
        from app.text.messages import SEAT_PARAMS, render  # prose only at this edge

        out = reason.to_json()
        params = {  # seats as the CLI counts them, from 0
            k: render("seat-number", {"n": v}, self.lang)
            if k in SEAT_PARAMS and isinstance(v, int) and not isinstance(v, bool)
            else v
            for k, v in reason.params.items()
        }
        out["message"] = render(reason.code, params, self.lang, self.game.id)
        return out


def _action(data: Any, what: str) -> Action:
    if not isinstance(data, dict) or "kind" not in data or "seat" not in data:
        raise EngineError(
            "bad-position",
            detail=f"{what} must be an action with kind and seat",
            why="detail-json-shape",
        )
    try:
        return Action.from_json(data)
    except (TypeError, ValueError, AttributeError) as exc:
        raise EngineError(
            "bad-position", detail=f"{what}: {exc}", why="detail-json-shape"
        ) from None


def _legal(game: AnyGame, state: Any) -> dict[str, list[dict[str, Any]]]:
    return {
        str(s): [a.to_json() for a in game.legal_actions(state, s)]
        for s in range(game.seats(state))
    }


# -- the verbs -------------------------------------------------------------------------


def _variants(_: Request | None) -> dict[str, Any]:
    return {"variants": [v.to_json() for v in all_variants()]}


def _analyze(req: Request) -> dict[str, Any]:
    rules, holding = req.holding()
    return serial.analysis_json(req.game.analyze(holding, rules))


def _waits(req: Request) -> dict[str, Any]:
    rules, holding = req.holding()
    waits = req.game.waits(holding, rules)
    return serial.waits_json(req.game.id, req.game.info.unit, waits)


def _selfplay(req: Request) -> dict[str, Any]:
    games = req.args.games
    if games < 1:
        raise EngineError("bad-option", option="--games", value=str(games))
    if games > MAX_GAMES:
        raise EngineError("bad-arguments", detail=f"--games must be from 1 to {MAX_GAMES}")
    stats = req.game.selfplay(req.rules(), games, req.args.seed)
    return serial.selfplay_json(stats, req.game.rules_field)


def _options(req: Request) -> dict[str, Any]:
    doc = req.position()
    game, state = req.game, req.state(doc)
    to_act = game.to_act(state)
    acting = game.legal_actions(state, to_act) if to_act is not None else []
    seats = []
    for s in range(game.seats(state)):
        acts = acting if s == to_act else game.legal_actions(state, s)
        entry: dict[str, Any] = {"seat": s, "actions": [a.to_json() for a in acts]}
        if not acts:
            entry["reason"] = req.explain(game.no_action_reason(state, s))
        seats.append(entry)
    out: dict[str, Any] = {
        "variant": game.id,
        "phase": game.phase(state),
        "to_move": to_act,
        "seat": to_act,
        "actions": [a.to_json() for a in acting],
        "seats": seats,
        "code": game.encode(state),
    }
    out.update(serial.fields_json(game.describe(state)))
    trial = doc.get("try") if isinstance(doc, dict) else None
    if trial is not None:
        action = _action(trial, "try")
        reason = game.why_illegal(state, action)
        out["try"] = {"action": action.to_json(), "legal": reason is None}
        if reason is not None:
            out["try"]["reason"] = req.explain(reason)
    return out


def _apply(req: Request) -> dict[str, Any]:
    doc = req.position()
    if not isinstance(doc, dict) or "position" not in doc:
        raise EngineError(
            "bad-position",
            detail='give {"position": ..., "actions": [...]}',
            why="detail-json-shape",
        )
    game, state = req.game, req.state(doc["position"])
    actions = doc.get("actions", [])
    if not isinstance(actions, list):
        raise EngineError("bad-position", detail="actions must be a list", why="detail-json-shape")
    stopped = None
    for i, data in enumerate(actions):
        action = _action(data, f"actions[{i}]")
        reason = game.why_illegal(state, action)
        if reason is None:
            try:
                state = game.apply(state, action)
            except IllegalAction as exc:
                reason = exc.reason
        if reason is not None:
            stopped = {"index": i, "reason": req.explain(reason)}
            break
    outcome = game.outcome(state)
    return {
        "position": game.to_json(state),
        "code": game.encode(state),
        "legal": _legal(game, state),
        "stopped": stopped,
        "result": None if outcome is None else serial.outcome_json(outcome),
    }


def _deal(req: Request) -> dict[str, Any]:
    game = req.game
    state = game.new_deal(req.rules(), random.Random(req.args.seed))
    return {
        "position": game.to_json(state),
        "code": game.encode(state),
        "legal": _legal(game, state),
    }


def _encode(req: Request) -> dict[str, Any]:
    state = req.state(req.position())
    return {"variant": req.game.id, "code": req.game.encode(state)}


def _decode(req: Request) -> dict[str, Any]:
    code = req.args.code
    if not code:
        raise EngineError("bad-arguments", detail="--code CODE is required")
    frame = split_code(code)
    if frame.variant != req.game.id:
        raise EngineError(
            "bad-code",
            detail=f"the code is for {frame.variant}",
            why="detail-wrong-game",
            variant=frame.variant,
        )
    if frame.viewer is not None:
        view = req.game.decode_view(code)
        return {"variant": req.game.id, "view": serial.view_json(view)}
    state = req.game.decode(code)
    return {"variant": req.game.id, "position": req.game.to_json(state)}


HANDLERS: dict[str, Callable[[Request], dict[str, Any]]] = {
    "analyze": _analyze,
    "waits": _waits,
    "selfplay": _selfplay,
    "options": _options,
    "apply": _apply,
    "deal": _deal,
    "encode": _encode,
    "decode": _decode,
}


def run(argv: Sequence[str]) -> dict[str, Any]:
    """Interpret ``argv`` and return the JSON answer (raises :class:`EngineError`)."""
    args = _parser().parse_args(list(argv))
    if args.verb not in VERBS:
        raise EngineError("unknown-verb", verb=args.verb)
    if args.verb == "variants":
        return _variants(None)
    if not args.variant:
        raise EngineError("bad-arguments", detail="VARIANT is required")
    return HANDLERS[args.verb](Request(args))


def _clean(arg: str) -> str:
    """Undecodable bytes in argv (surrogate escapes) become ``?``, so output stays UTF-8."""
    return arg.encode("utf-8", "replace").decode("utf-8")


def _error(code: str, params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    from app.text.messages import render

    if lang != ENGINE_LANG and "detail" in params:
        if code in ("bad-code", "bad-position"):
            params = {**params, "detail": _detail_words(params, lang)}
        elif code == "bad-arguments":
            params = {**params, "detail": _argument_words(str(params["detail"]), lang)}
    return {"error": {"code": code, "message": render(code, params, lang)}}


def _detail_words(error: Mapping[str, Any], lang: str) -> str:
    """The English detail line of a code or position the engine cannot read, as a
    clause in ``lang`` from its kind (``why``) and parameters (the line as it is for
    ``detail-other``: no words are better than a vague "something is wrong")."""
    from app.text.messages import render
    from app.text.messages.details import explain

    kind, params = explain(error)
    if "n" in params:  # a seat: the clauses count from 1 as a page does, the CLI from 0
        params = {**params, "n": params["n"] - 1}
    return str(error["detail"]) if kind == "detail-other" else render(kind, params, lang)


def _argument_words(detail: str, lang: str) -> str:
    """A command-line complaint (argparse's or the CLI's own) in ``lang``, when known."""
    from app.text.messages import render
    from app.text.messages.details import explain_arguments

    found = explain_arguments(detail)
    return detail if found is None else render(found[0], found[1], lang)


def main(argv: Sequence[str] | None = None) -> int:
    argv = [_clean(a) for a in (sys.argv[1:] if argv is None else argv)]
    lang = _lang_of(argv)
    try:
        result, status = run(argv), 0
    except EngineError as exc:
        result, status = _error(exc.code, exc.params, lang), 2
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    except Exception as exc:  # never a traceback for any input
        result, status = _error("internal-error", {"detail": type(exc).__name__}, lang), 2
    text = json.dumps(result, ensure_ascii=False) + "\n"
    sys.stdout.write(text.encode("utf-8", "replace").decode("utf-8"))
    return status
