"""The play table's pages: choose a game, set up a deal, play it, review it.

Every move is a POST to the deal's own address; htmx swaps the table (``#play-table``),
without script the form posts and the page is redirected back (or answers 422 with the
engine's reason when the move is refused).
"""

from __future__ import annotations

from typing import Any

from flask import abort, current_app, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from app.database import writable
from app.engine import EngineError
from app.engine.core.actions import Action
from app.engine.core.reason import Reason
from app.engine.core.registry import find_game, find_variant
from app.extensions import db
from app.htmx_utils import is_htmx, page
from app.i18n import page_locale
from app.inputs import int_or
from app.learning import on_cards
from app.learning import play as service
from app.learning.models import PlayDeal
from app.play import bp
from app.profiles import current_profile
from app.text import languages
from app.text.messages import render
from app.text.results import action_label, cards_text, count_lines, humanize
from app.ui.rule_options import describe, read_form, readable, rule_fields
from app.ui.tables import from_view, seat_name


def _locale() -> str:
    return page_locale()


def _game(game_id: str) -> Any:
    if game_id not in service.GAMES:
        abort(404)
    return find_game(game_id)


def _pace() -> int:
    return int(current_app.config.get("PLAY_PACE_MS", 800))


def _mine(deal: PlayDeal) -> bool:
    prof = current_profile()
    return prof is not None and prof.id == deal.profile_id


def _deal(game_id: str, deal_id: str, own: bool = True) -> PlayDeal:
    """The deal; someone else's is 404 while active (and always for a change, ``own``),
    and one played for an assignment also while it is private to the class
    (:data:`app.learning.play.assigned_visible`)."""
    _game(game_id)
    deal = service.find(deal_id, game_id)
    if deal is None:
        abort(404)
    if not _mine(deal) and (
        own
        or deal.status != "over"
        or (deal.assignment_id is not None and not service.assigned_visible(deal))
    ):
        abort(404)
    return deal


# -- words ---------------------------------------------------------------------------------


def move_text(
    family: str, action: Action, locale: str, hidden: bool = False, game: str | None = None
) -> str:
    """A move in words, saying what tells it from the other moves of the moment: the
    bi cards a chi lays out with it, the card on offer a bai pairs, a lead that makes
    the leader liable (baopai)."""
    if hidden:
        return f"{action_label(action.kind)} ({_n_down(len(action.cards))})"
    cards = list(action.cards)
    card = action.params.get("card")
    card = str(card) if card is not None else None
    if action.kind == "bai" and card in cards:
        partner = list(cards)
        partner.remove(card)
        return _(
            "%(action)s: %(partner)s with %(card)s",
            action=action_label(action.kind),
            partner=cards_text(family, partner, locale),
            card=cards_text(family, [card], locale),
        )
    text = f"{action_label(action.kind)} {cards_text(family, cards, locale)}".strip()
    groups = [g for g in on_cards.groups(action.params.get("bi")) if g]
    if groups:
        sep = "；" if languages.chinese(locale) else "; "
        text = _(
            "%(move)s, %(bi)s: %(cards)s",
            move=text,
            bi=_term("bi", game or family, locale),
            cards=sep.join(cards_text(family, g, locale) for g in groups),
        )
    if action.params.get("baopai") in ("yes", True, "true", 1):
        text = _("%(move)s (%(term)s)", move=text, term=_term("baopai", game or family, locale))
    return text


def _term(concept: str, game: str, locale: str) -> str:
    """A term's word in the page's language (content/terms.yaml) in ``game`` (or the
    first game of a card family that has it)."""
    from app.text import terms

    games = {"zipai": ("hunan", "guilin"), "chuanpai": ("chuanpai", "chuanpai-tricks")}
    for each in games.get(game, (game,)):
        word = terms.word(concept, each, locale)
        if word:
            return word
    return concept


def _n_down(n: int) -> str:
    from flask_babel import ngettext

    return ngettext("%(num)s card face down", "%(num)s cards face down", n)


def reason_text(
    family: str,
    reason: Reason,
    locale: str,
    action: Action | None = None,
    game: str | None = None,
    *,
    viewer: int | None = None,
    seats: int = 0,
) -> str:
    """A reason in words, seats named from ``viewer``'s chair (you, Right, Left, Across)."""
    params = humanize(family, reason.params, locale, game, viewer=viewer, seats=seats)
    if action is not None and "action" in params:
        params["action"] = move_text(family, action, locale, game=game)
    return render(reason.code, params, locale, game)


def _waits_text(family: str, waits: list[Any] | None, locale: str) -> list[str] | None:
    if waits is None:
        return None
    return [
        f"{cards_text(family, [w.card], locale)}"
        + (f" ({w.points})" if w.points is not None else "")
        for w in waits
    ]


# -- moves on the cards --------------------------------------------------------------------


def _hand_part(action: Action, hand: list[str], offer: str | None) -> tuple[list[str], bool]:
    """The cards a move takes from the learner's hand and whether it claims the card on
    offer (:func:`app.learning.on_cards.hand_part`)."""
    part, claim, _held = on_cards.hand_part(action, hand, offer)
    return part, claim


def card_moves(
    game: Any, state: Any, seat: int, hand: list[str], offer: str | None, family: str, game_id: str
) -> list[dict[str, Any]]:
    """The legal moves as the cards show them: each with the hand cards it takes (a tap or
    a selection plays it), whether it claims the offered card, and the cards to draw on
    its button (its own, then each bi group)."""
    locale = _locale()
    out = []
    for a in game.legal_actions(state, seat):
        part, claim = _hand_part(a, hand, offer)
        out.append(
            {
                "value": a.text(),
                "label": move_text(family, a, locale, game=game_id),
                "kind": a.kind,
                "hand": part,
                "claim": claim,
                "draw": [list(a.cards), *(g for g in on_cards.groups(a.params.get("bi")) if g)]
                if a.cards
                else [],
            }
        )
    return out


# -- the table -----------------------------------------------------------------------------


def table_context(
    deal: PlayDeal, error: str = "", picked: list[str] | None = None
) -> dict[str, Any]:
    game = service.game_of(deal)
    family = game.info.family
    locale = _locale()
    state = service.state_of(deal)
    over = game.is_over(state)
    n = game.seats(state)
    view = game.view(state, None if over else deal.seat)
    table = from_view(view, family, deal.seat)
    table.fan = True  # the hand in overlapping rows: the table fits one screen
    deciding = service.learner_to_decide(deal, state)
    if deciding:
        table.select = "cards"
        table.checked = list(picked or [])
    moves = []
    kinds: list[tuple[str, str]] = []
    tapped: list[dict[str, Any]] = []
    offer = view.offer.card if view.offer is not None and view.offer.card else None
    if deciding:
        tapped = card_moves(
            game, state, deal.seat, list(view.seats[deal.seat].hand or []), offer, family, deal.game
        )
        for a in game.legal_actions(state, deal.seat):
            moves.append((a.text(), move_text(family, a, locale, game=deal.game), a.kind))
            if a.kind not in (k for k, _l in kinds):
                kinds.append((a.kind, action_label(a.kind)))
    show_coach = deal.coach or request.args.get("help") == "1" or request.form.get("help") == "1"
    coach = None
    if deciding and show_coach:
        c = service.coach(deal, state)
        coach = {
            "advice": move_text(family, c.advice.action, locale, game=deal.game)
            if c.advice
            else "",
            "why": reason_text(
                family,
                c.advice.reason,
                locale,
                c.advice.action,
                deal.game,
                viewer=deal.seat,
                seats=n,
            )
            if c.advice
            else "",
            "waits": [
                (
                    move_text(family, w.action, locale, game=deal.game),
                    _waits_text(family, w.waits, locale),
                )
                for w in c.waits
            ],
        }
    last_decision = max((i for i, m in enumerate(deal.moves) if m.get("decision")), default=-1)
    recent = service.log(deal)[last_decision + 1 :][-40:] if not over else service.log(deal)
    log = [
        {
            "who": seat_name(ln.seat, deal.seat, n),
            "text": move_text(family, ln.action, locale, ln.hidden, game=deal.game),
            "forced": ln.forced,
        }
        for ln in recent
    ]
    end = None
    if over:
        out = game.outcome(state)
        first = service._first_state(game, deal)
        end = {
            "winner": seat_name(out.winner, deal.seat, n)
            if out and out.winner is not None
            else None,
            "how": out.how if out else "",
            "reason": reason_text(
                family, out.reason, locale, game=deal.game, viewer=deal.seat, seats=n
            )
            if out and out.reason
            else "",
            "count": count_lines(family, out.count if out else None, locale, deal.game),
            "settlement": count_lines(family, out.settlement if out else None, locale, deal.game),
            "scores": [
                (seat_name(s, deal.seat, n), score, s == deal.seat)
                for s, score in enumerate(out.scores if out else ())
            ],
            "code": deal.code,
            "start": game.encode(first),
        }
    waiting = not over and not deciding
    return {
        "deal": deal,
        "game": deal.game,
        "family": family,
        "table": table,
        "moves": moves,
        "kinds": kinds,
        "claims": [m for m in tapped if m["claim"]],
        "plain": [m for m in tapped if not m["claim"] and not m["hand"]],
        "card_moves": [
            {"v": m["value"], "l": m["label"], "h": m["hand"], "c": m["claim"]} for m in tapped
        ],
        "offer": offer,
        "coach": coach,
        "show_coach": show_coach,
        "log": log,
        "end": end,
        "over": over,
        "deciding": deciding,
        "waiting": waiting,
        "to_act": seat_name(view.to_act, deal.seat, n) if view.to_act is not None else "",
        "pace": _pace(),
        "error": error,
        "mine": _mine(deal),
        "can_take_back": _mine(deal) and any(m.get("decision") for m in deal.moves),
        "url": url_for("play.table", game=deal.game, deal_id=deal.id),
        "played_under": describe(game.rules(deal.rules or {}), game.default_rules),
        "share": request.url_root.rstrip("/")
        + url_for("play.table", game=deal.game, deal_id=deal.id),
    }


def _table_page(deal: PlayDeal, status: int = 200, **kw: Any) -> ResponseReturnValue:
    return page("play/table.html", "play/_table.html", status=status, **table_context(deal, **kw))


def _after_change(deal: PlayDeal) -> ResponseReturnValue:
    """htmx: the table itself; without script, back to the table's address (PRG)."""
    if is_htmx():
        return _table_page(deal)
    help_arg: dict[str, Any] = {"help": "1"} if request.form.get("help") == "1" else {}
    return redirect(url_for("play.table", game=deal.game, deal_id=deal.id, **help_arg), code=303)


# -- pages ---------------------------------------------------------------------------------


@bp.get("/")
def index() -> ResponseReturnValue:
    return render_template("play/index.html", games=service.GAMES)


#: The cookie keeping a learner's last choice of strength and coach for one game's deals.
SETUP_COOKIE = "play-{game}"


def _remembered(game_id: str, game: Any) -> tuple[str, bool]:
    """The strength and coach setting of the learner's last deal of this game (a cookie);
    before their first deal: the simple players, with the coach on."""
    names = service.strengths(game)
    strength, _sep, coach = request.cookies.get(SETUP_COOKIE.format(game=game_id), "").partition(
        ":"
    )
    if strength in names:
        return strength, coach == "on"
    return ("simple" if "simple" in names else service.default_strength(game)), True


def _setup_context(
    game_id: str, error: str = "", chosen: dict[str, str] | None = None
) -> dict[str, Any]:
    """The setup form; ``chosen`` (after a refused setup) keeps what the learner chose."""
    game = _game(game_id)
    n = service.table_size(game)
    prof = current_profile()
    mine = (
        db.session.scalars(
            db.select(PlayDeal)
            .filter_by(profile_id=prof.id, game=game_id, assignment_id=None)
            .order_by(PlayDeal.updated_at.desc())
            .limit(10)
        ).all()
        if prof is not None
        else []
    )
    strength, coach = _remembered(game_id, game)
    return {
        "game": game_id,
        "seats": [(s, _("Seat %(n)s", n=s + 1)) for s in range(n)],
        "strengths": service.strengths(game),
        "default_strength": strength,
        "default_coach": coach,
        "rules": rule_fields(game.default_rules),
        "chosen": chosen or {},
        "deals": mine,
        "error": error,
    }


@bp.get("/<game>/")
def setup(game: str) -> ResponseReturnValue:
    return render_template("play/setup.html", **_setup_context(game))


@bp.post("/<game>/")
def new_deal(game: str) -> ResponseReturnValue:
    g = _game(game)
    seat = int_or(request.form.get("seat"), 0, high=99)
    rules = read_form(g.default_rules, request.form)
    setup_ = service.Setup(
        seat=seat,
        strength=request.form.get("strength", ""),
        coach=request.form.get("coach") == "on",
        rules=rules,
    )
    prof = current_profile(create=True)
    assert prof is not None
    try:
        deal = service.start(prof.id, game, setup_)
    except EngineError as exc:
        msg = render(exc.code, readable(exc.params), _locale())
        chosen = {**rules, **{k: request.form.get(k, "") for k in ("seat", "strength", "coach")}}
        return render_template("play/setup.html", **_setup_context(game, msg, chosen)), 422
    if _pace() == 0:
        service.advance(deal)
    db.session.commit()
    response = redirect(url_for("play.table", game=game, deal_id=deal.id), code=303)
    response.set_cookie(
        SETUP_COOKIE.format(game=game),
        f"{deal.strength}:{'on' if deal.coach else 'off'}",
        max_age=365 * 24 * 3600,
        httponly=True,
        samesite="Lax",
        secure=current_app.config["SESSION_COOKIE_SECURE"],
    )
    return response


@bp.get("/<game>/<deal_id>")
def table(game: str, deal_id: str) -> ResponseReturnValue:
    deal = _deal(game, deal_id, own=False)
    return _table_page(deal)


@bp.post("/<game>/<deal_id>")
def move(game: str, deal_id: str) -> ResponseReturnValue:
    deal = _deal(game, deal_id)
    if deal.status == "over":
        return _after_change(deal)
    picked = [c for c in request.form.getlist("cards") if c][:30]
    # a move chosen in the list ("move") or on the cards ("play": a claim's button, a tap)
    text = request.form.get("move") or request.form.get("play") or ""
    action = service.parse(deal, text, request.form.get("kind", ""), picked)
    refused = service.play(deal, action)
    if refused is not None:
        db.session.rollback()
        family = find_variant(game).family
        g = service.game_of(deal)
        return _table_page(
            deal,
            status=422,
            error=reason_text(
                family,
                refused,
                _locale(),
                action,
                deal.game,
                viewer=deal.seat,
                seats=g.seats(service.state_of(deal)),
            ),
            picked=picked,
        )
    if _pace() == 0:
        service.advance(deal)
    db.session.commit()
    return _after_change(deal)


@bp.get("/<game>/<deal_id>/why")
def why(game: str, deal_id: str) -> ResponseReturnValue:
    """Why the cards ticked in the hand make no move now, in the rules' words (the table's
    script asks before the learner confirms); empty when they make one."""
    from flask_babel import ngettext

    deal = _deal(game, deal_id)
    picked = [c[:8] for c in request.args.getlist("cards") if c][:30]
    g = service.game_of(deal)
    state = service.state_of(deal)
    if not picked or not service.learner_to_decide(deal, state):
        return {"reasons": []}
    view = g.view(state, deal.seat)
    hand = list(view.seats[deal.seat].hand or [])
    offer = view.offer.card if view.offer is not None and view.offer.card else None
    family = g.info.family
    moves = [(a, *_hand_part(a, hand, offer)) for a in g.legal_actions(state, deal.seat)]
    if any(sorted(part) == sorted(picked) for _a, part, _c in moves):
        return {"reasons": []}
    sized = [(a, claim) for a, part, claim in moves if part and len(part) == len(picked)]
    if not sized:
        n = len(picked)
        return {
            "reasons": [
                ngettext(
                    "No move of yours takes %(num)s card now.",
                    "No move of yours takes %(num)s cards now.",
                    n,
                )
            ]
        }
    reasons: list[str] = []
    for kind in dict.fromkeys(a.kind for a, _c in sized):
        a, claim = next((a, c) for a, c in sized if a.kind == kind)
        cards = list(picked)
        params: dict[str, Any] = {}
        if claim and offer is not None:
            cards.append(offer)
            if "card" in a.params:
                params["card"] = offer
        tried = Action(kind, deal.seat, tuple(cards), False, params)
        reason = g.why_illegal(state, tried) or Reason("play-not-a-move", {"action": tried.text()})
        text = reason_text(family, reason, _locale(), tried, viewer=deal.seat, seats=g.seats(state))
        if text not in reasons:
            reasons.append(text)
    return {"reasons": reasons[:3]}


@bp.post("/<game>/<deal_id>/step")
def step(game: str, deal_id: str) -> ResponseReturnValue:
    """The engine seats move: one move (htmx at the table's pace), or all of them up to
    the learner's next decision (the "Continue" button without script)."""
    deal = _deal(game, deal_id)
    if request.form.get("one") == "1":
        service.step(deal)
    else:
        service.advance(deal)
    db.session.commit()
    return _after_change(deal)


@bp.post("/<game>/<deal_id>/takeback")
def takeback(game: str, deal_id: str) -> ResponseReturnValue:
    deal = _deal(game, deal_id)
    if deal.assignment_id is None and service.takeback(deal):
        db.session.commit()
    return _after_change(deal)


@bp.post("/<game>/<deal_id>/again")
def again(game: str, deal_id: str) -> ResponseReturnValue:
    old = _deal(game, deal_id, own=False)
    if old.status != "over":
        abort(404)
    prof = current_profile(create=True)
    assert prof is not None
    deal = service.again(old, prof.id)
    deal.assignment_id = None
    if _pace() == 0:
        service.advance(deal)
    db.session.commit()
    return redirect(url_for("play.table", game=game, deal_id=deal.id), code=303)


@bp.get("/<game>/<deal_id>/review")
def review(game: str, deal_id: str) -> ResponseReturnValue:
    deal = _deal(game, deal_id, own=False)
    if deal.status != "over":
        abort(404)
    family = find_variant(game).family
    locale = _locale()
    rows = []
    writable()  # the engine's answers are kept with the deal the first time
    consequences = service.what_if(deal)
    n = service.game_of(deal).seats(service.state_of(deal))
    if db.session.is_modified(deal):
        db.session.commit()
    for d in service.decisions(deal):
        rows.append(
            {
                "index": d.index,
                "played": move_text(family, d.played, locale, game=game),
                "engine": move_text(family, d.engine, locale, game=game) if d.engine else "",
                "agrees": d.agrees,
                "why": reason_text(
                    family,
                    service.shown_reason(d.why),
                    locale,
                    d.engine,
                    game,
                    viewer=deal.seat,
                    seats=n,
                )
                if d.why
                else "",
                "played_waits": _waits_text(family, d.played_waits, locale),
                "engine_waits": _waits_text(family, d.engine_waits, locale),
                "what_if": consequences.get(d.index),
                "theme": url_for("practice.next_position", game=game, theme=d.theme)
                if d.theme
                else url_for("practice.dashboard", game=game),
            }
        )
    unit = find_variant(game).unit
    scores = (deal.result or {}).get("scores") or []
    score = scores[deal.seat] if deal.seat < len(scores) else None
    return render_template(
        "play/review.html", deal=deal, game=game, rows=rows, unit=unit, score=score
    )
