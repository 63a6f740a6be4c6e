"""The play table (issue 16): whole deals against the engine, stored, coached, reviewed.

Service and pages on SQLite and PostgreSQL (the ``app`` fixture); the pace is 0 in tests,
so after each decision every engine move up to the learner's next one is applied.
"""

from __future__ import annotations

import dataclasses
import html as htmllib
import random
import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest
from conftest import csrf_from, dispose, make_test_app
from flask import Flask
from flask.testing import FlaskClient

from app.engine.core.actions import Action
from app.engine.core.registry import find_game
from app.extensions import db
from app.learning import play as service
from app.learning.models import PlayDeal

GAMES = ["hunan", "guilin", "chuanpai", "chuanpai-tricks", "nantong"]


def text(r: Any) -> str:
    return str(r.get_data(as_text=True))


def start(client: FlaskClient, game: str, want: str = "deciding", **form: str) -> str:
    """A new deal whose page is in the state ``want`` (the learner's decision; with a pace,
    "waiting"): a few deals (about one in 500) end before the learner decides anything,
    and then a new one is dealt, as a person would (the seed is random: a test does not
    pass or fail by it)."""
    for _ in range(20):
        token = csrf_from(text(client.get(f"/play/{game}/")))
        r = client.post(f"/play/{game}/", data={"csrf_token": token, **form})
        assert r.status_code == 303, text(r)[:1000]
        url = str(r.headers["Location"])
        if state_of(text(client.get(url))) == want:
            return url
    raise AssertionError(f"twenty {game} deals in a row were not {want!r} at first")


def moves_of(body: str) -> list[str]:
    return [htmllib.unescape(m) for m in re.findall(r'name="move" value="([^"]+)"', body)]


def state_of(body: str) -> str:
    m = re.search(r'id="play-table" class="play" data-state="(\w+)"', body)
    assert m, body[:2000]
    return m.group(1)


def decide(client: FlaskClient, url: str, body: str, pick: int = 0) -> str:
    moves = moves_of(body)
    assert moves, body[-2000:]
    r = client.post(url, data={"csrf_token": csrf_from(body), "move": moves[pick % len(moves)]})
    assert r.status_code == 303, text(r)[-2000:]
    return text(client.get(url))


def play_out(client: FlaskClient, url: str, limit: int = 400) -> tuple[str, int]:
    body = text(client.get(url))
    n = 0
    while state_of(body) != "over":
        body = decide(client, url, body)
        n += 1
        assert n < limit
    return body, n


def deal_row(app: Flask, url: str) -> PlayDeal:
    deal_id = url.rstrip("/").rsplit("/", 1)[-1]
    with app.app_context():
        row = db.session.get(PlayDeal, deal_id)
        assert row is not None
        db.session.expunge(row)
        return row


# -- the service ---------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_service_plays_and_replays(app, game_id):
    """The engine's advice played at every decision ends the deal; the log replays from
    the seed to the stored code; the same seed gives the same first position."""
    with app.app_context():
        pid = _profile(app)
        deal = service.start(pid, game_id, service.Setup(seat=1, strength="simple"), seed=7)
        service.advance(deal)
        n = 0
        while deal.status != "over":
            state = service.state_of(deal)
            assert service.learner_to_decide(deal, state)
            assert service.play(deal, service.advice(deal, state, len(deal.moves)).action) is None
            service.advance(deal)
            n += 1
            assert n < 300
        game = find_game(game_id)
        assert game.encode(service.replay(deal, deal.moves)) == deal.code
        assert deal.result is not None and len(deal.result["scores"]) == game.seats(
            game.decode(deal.code)
        )
        decisions = service.decisions(deal)
        assert len(decisions) == n
        assert all(d.agrees for d in decisions)  # the advice was played each time
        other = service.start(deal.profile_id, game_id, service.Setup(seat=1), seed=7)
        assert game.encode(service._first_state(game, other)) == game.encode(
            service._first_state(game, deal)
        )
        db.session.rollback()


def _profile(app: Flask) -> int:
    from app.models import LearnerProfile

    prof = LearnerProfile(token=LearnerProfile.new_token())
    db.session.add(prof)
    db.session.flush()
    return int(prof.id)


def _tokens(x: Any, deck: set[str], out: Counter[str]) -> None:
    """Every card token anywhere in a view (its dataclasses, mappings and sequences)."""
    if isinstance(x, str):
        out[x] += x in deck
    elif dataclasses.is_dataclass(x) and not isinstance(x, type):
        for f in dataclasses.fields(x):
            _tokens(getattr(x, f.name), deck, out)
    elif isinstance(x, Mapping):
        for v in x.values():
            _tokens(v, deck, out)
    elif isinstance(x, (list, tuple)):
        for v in x:
            _tokens(v, deck, out)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_log_shows_no_card_the_learners_view_hides(game_id):
    """Another seat's move is written out in the log only when the learner's own view,
    right after it, shows its cards on the table (the learner's hand aside): cards laid
    face down stay hidden, as the engine's view hides them."""
    game = find_game(game_id)
    rules = game.default_rules
    deck = set(game.deck(rules))
    learner = 0
    shown = hidden = 0
    for seed in range(12):
        state = game.new_deal(rules, random.Random(seed), seed % game.table_size(rules))
        rng = random.Random(seed)
        while not game.is_over(state):
            seat = game.to_act(state)
            action = game.player("simple").choose(state, seat, game.legal_actions(state, seat), rng)
            state = game.apply(state, action)
            if action.seat == learner or not action.cards or game.is_over(state):
                continue
            if service.face_down(game_id, learner, action):
                hidden += 1
                continue
            view = game.view(state, learner)
            public: Counter[str] = Counter()
            _tokens(view, deck, public)
            public.subtract(view.seats[learner].hand or ())
            missing = Counter(action.cards) - public
            assert not missing, (seed, action, "is in the log but not on the table")
            shown += 1
    assert shown > 0
    assert hidden > 0 or not service.FACE_DOWN[game_id]


# -- the pages -----------------------------------------------------------------------------


def test_index_and_setup_pages(client):
    client.set_cookie("lang", "en")
    body = text(client.get("/play/"))
    for g in GAMES:
        assert f"/play/{g}/" in body
    setup = text(client.get("/play/chuanpai-tricks/"))
    assert 'name="seat"' in setup and 'name="strength"' in setup and 'name="coach"' in setup
    assert 'name="first_lead"' in setup  # a rule option with choices
    assert client.get("/play/nope/").status_code == 404
    assert 'href="/play/"' in text(client.get("/"))  # the nav link


def _visible(body: str) -> str:
    """The page's text as a reader sees it (tags, attribute values and scripts dropped)."""
    return htmllib.unescape(re.sub(r"<[^>]+>", " ", body))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game_id", GAMES)
def test_every_rule_option_is_offered_in_words(client, game_id, lang):
    """Every rule option of the game (flags too) is on the setup form under a label in
    the learner's language; no engine name (``fouls``, ``end-deal``) shows."""
    from app.engine.core.rules import text_of
    from app.ui.rule_options import CHOICES, LABELS

    client.set_cookie("lang", lang)
    body = text(client.get(f"/play/{game_id}/"))
    shown = _visible(body)
    rules = find_game(game_id).default_rules
    for f in type(rules).option_fields():
        assert f'name="{f.name}"' in body, f.name
        assert f.name in LABELS, f.name
        assert f">{f.name}<" not in body and f"<code>{f.name}</code>" not in body, f.name
        if lang == "en":
            # the msgid is the English, with its terms' characters (app/ui/hanzi.py) filled in
            label = LABELS[f.name]
            english = label._args[0] % {k: str(v) for k, v in label._kwargs.items()}
            assert english in shown, f.name
        for c in f.metadata.get("choices", ()):
            value = text_of(c)
            if not value.isdigit():
                assert (f.name, value) in CHOICES, (f.name, value)
                assert f">{value}<" not in body, (f.name, value)


def test_rule_options_chosen_at_setup_are_the_deals_and_shown_on_the_table(
    app, client, monkeypatch
):
    """A ticked-off flag and a changed choice reach the engine's rules and the table
    says so in words; a refused setup keeps what was chosen."""
    client.set_cookie("lang", "en")
    url = start(
        client,
        "hunan",
        seat="1",
        strength="simple",
        min_huxi="10",
        tun="standard",
        mingtang="changde",
        chou_hu="no",  # the box's hidden "no", the box left unticked
        yiwushi=["no", "yes"],  # the hidden "no", then the ticked box
    )
    with app.app_context():
        deal = db.session.get(PlayDeal, url.rstrip("/").split("/")[-1])
        assert deal is not None
        rules = find_game("hunan").rules(deal.rules or {})
        assert rules.min_huxi == 10 and rules.chou_hu is False and rules.yiwushi is True
        assert rules.win_on_discard is False  # a flag the form did not name keeps its default
    page = _visible(text(client.get(url)))
    assert "Rule options of this deal:" in page and "Minimum huxi (胡息) to win: 10" in page
    assert "Stale win (臭胡, chouhu)" in page
    from app.engine import EngineError

    def refuse(*_a: Any, **_k: Any) -> Any:
        raise EngineError("bad-option", option="players", value="2")

    monkeypatch.setattr(service, "start", refuse)
    token = csrf_from(text(client.get("/play/chuanpai/")))
    form = {"csrf_token": token, "seat": "2", "players": "2", "qitou": "tied", "coach": "on"}
    r = client.post("/play/chuanpai/", data=form)
    assert r.status_code == 422  # refused with the engine's reason, the choices kept
    body = text(r)
    assert 'role="alert"' in body and "players" not in _visible(body)
    assert '<option value="tied" selected>' in body and '<option value="2" selected>' in body
    assert 'name="coach" id="coach" checked' in body
    assert 'id="rule-jing" name="jing" value="yes" checked' in body  # not named: the default


@pytest.mark.slow  # a sweep of every route, page or sample: the whole suite only
@pytest.mark.parametrize("game_id", GAMES)
def test_whole_deal_through_the_pages(app, client, game_id):
    url = start(client, game_id, seat="0")
    body, n = play_out(client, url)
    assert n >= 1
    assert "The deal is over" in body or "牌局结束" in body
    deal = deal_row(app, url)
    assert deal.status == "over" and deal.result is not None
    assert deal.code in body  # the final code, now that it is over
    game = find_game(game_id)
    assert game.encode(service.replay(deal, deal.moves)) == deal.code
    assert client.get(url + "/review").status_code == 200
    # the whole deal's log at the end: every move, each forced one marked as forced
    assert body.count('<ol class="log-lines"') == 1
    log = body.split('<ol class="log-lines"', 1)[1].split("</ol>", 1)[0]
    assert log.count("<li>") == len(deal.moves)
    assert log.count('class="badge forced"') == sum(bool(m.get("forced")) for m in deal.moves)


def test_code_hidden_while_active_and_others_get_404(app, client):
    url = start(client, "hunan", seat="1")
    body = text(client.get(url))
    deal = deal_row(app, url)
    game = find_game("hunan")
    assert deal.status == "active"
    assert deal.code not in body
    assert game.encode(service._first_state(game, deal)) not in body
    other = app.test_client()
    assert other.get(url).status_code == 404
    token = csrf_from(text(other.get("/play/hunan/")))
    assert other.post(url, data={"csrf_token": token, "move": "pass"}).status_code == 404
    assert other.post(url + "/takeback", data={"csrf_token": token}).status_code == 404
    assert other.get(url + "/review").status_code == 404
    assert client.get(url + "/review").status_code == 404  # not before the end
    final, _n = play_out(client, url)
    assert other.get(url).status_code == 200  # a finished deal can be shared
    assert other.post(url, data={"csrf_token": token, "move": "pass"}).status_code == 404


@pytest.mark.parametrize(("lang", "words"), [("en", "not"), ("zh", "不")])
def test_illegal_move_refused_with_the_reason(app, client, lang, words):
    client.set_cookie("lang", lang)
    url = start(client, "chuanpai-tricks", seat="0")
    body = text(client.get(url))
    assert state_of(body) == "deciding"
    before = deal_row(app, url)
    kind = re.search(r'<select id="pick-kind" name="kind"><option value="([^"]+)"', body)
    assert kind
    r = client.post(url, data={"csrf_token": csrf_from(body), "kind": kind.group(1), "pick": "1"})
    assert r.status_code == 422
    refused = text(r)
    err = re.search(r'<p class="form-error play-error" role="alert">([^<]+)</p>', refused)
    assert err, refused[:3000]
    with app.app_context():
        deal = db.session.get(PlayDeal, before.id)
        state = service.state_of(deal)
        why = find_game("chuanpai-tricks").why_illegal(state, Action(kind.group(1), 0, ()))
    assert why is not None
    assert words in htmllib.unescape(err.group(1))
    after = deal_row(app, url)
    assert after.moves == before.moves and after.code == before.code  # nothing stored
    # the same through htmx: the partial, 422
    r = client.post(
        url,
        data={"csrf_token": csrf_from(body), "kind": kind.group(1), "pick": "1"},
        headers={"HX-Request": "true"},
    )
    assert r.status_code == 422 and text(r).lstrip().startswith('<div id="play-table"')


def test_a_deal_survives_a_restart(app, client, tmp_path):
    url = start(client, "nantong", seat="2")
    body = decide(client, url, text(client.get(url)))
    while state_of(body) != "deciding":  # (the deal may end at the first decision)
        url = start(client, "nantong", seat="2")
        body = decide(client, url, text(client.get(url)))
    before = deal_row(app, url)
    second = make_test_app(app.config["SQLALCHEMY_DATABASE_URI"], tmp_path / "second")
    try:
        c2 = second.test_client()
        cookie = client.get_cookie("learner")
        assert cookie is not None
        c2.set_cookie("learner", cookie.value)
        again = text(c2.get(url))
        assert moves_of(again) == moves_of(body)
        assert state_of(again) == "deciding"
        decide(c2, url, again)
    finally:
        dispose(second)
    after = deal_row(app, url)
    assert len(after.moves) > len(before.moves)


def test_coach_and_take_back(app, client):
    client.set_cookie("lang", "en")
    url = start(client, "hunan", seat="0", coach="on")
    body = text(client.get(url))
    assert "The computer would play" in body
    first = deal_row(app, url)
    # a decision, then take it back: the same position, the same log
    body = decide(client, url, body)
    while state_of(body) != "deciding":  # (the deal may end at the first decision)
        url = start(client, "hunan", seat="0", coach="on")
        first = deal_row(app, url)
        body = decide(client, url, text(client.get(url)))
    assert len(deal_row(app, url).moves) > len(first.moves)
    r = client.post(url + "/takeback", data={"csrf_token": csrf_from(body)})
    assert r.status_code == 303
    back = deal_row(app, url)
    assert back.moves == first.moves and back.code == first.code
    # the coach on request (?help=1) for a deal without it
    url2 = start(client, "guilin", seat="0")
    plain = text(client.get(url2))
    if state_of(plain) == "deciding":
        assert "The computer would play" not in plain
        assert "The computer would play" in text(client.get(url2 + "?help=1"))


def test_waits_after_each_discard_in_the_coach(app):
    """Where the game has waits, the coach lists them after each possible discard."""
    with app.app_context():
        pid = _profile(app)
        found = False
        for seed in range(40):
            deal = service.start(pid, "hunan", service.Setup(seat=0), seed=seed)
            service.advance(deal)
            while deal.status != "over" and not found:
                c = service.coach(deal)
                if c.waits and any(w.waits for w in c.waits):
                    found = True
                    break
                service.play(deal, c.advice.action)  # type: ignore[union-attr]
                service.advance(deal)
            if found:
                break
        db.session.rollback()
    assert found


def test_review_and_play_again(app, client):
    client.set_cookie("lang", "en")
    url = start(client, "chuanpai", seat="1")
    body, n = play_out(client, url)
    review = text(client.get(url + "/review"))
    assert review.count('<li class="review-row ') == n
    assert "/practice/chuanpai/" in review
    deal = deal_row(app, url)
    r = client.post(url + "/again", data={"csrf_token": csrf_from(body)})
    assert r.status_code == 303
    url2 = str(r.headers["Location"])
    assert url2 != url
    again = deal_row(app, url2)
    assert again.seed == deal.seed and again.seat == deal.seat
    game = find_game("chuanpai")
    assert game.encode(service._first_state(game, again)) == game.encode(
        service._first_state(game, deal)
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_what_a_decision_changed(app, game_id):
    """Where the learner did not play the engine's move, the review gives both endings
    (the coach's advice played on for the learner): after a first decision of their own
    and the advice from then on, the learner's ending is the deal itself; kept."""
    with app.app_context():
        pid = _profile(app)
        for seed in range(20):
            deal = service.start(pid, game_id, service.Setup(seat=0, strength="simple"), seed=seed)
            service.advance(deal)
            first = True
            while deal.status != "over":
                state = service.state_of(deal)
                moves = service.legal(deal, state)
                tip = service.advice(deal, state, len(deal.moves)).action
                other = next((a for a in moves if not a.same_move(tip)), tip)
                assert service.play(deal, other if first else tip) is None
                first = False
                service.advance(deal)
            if not service.decisions(deal)[0].agrees:
                break
        else:
            pytest.skip("no deal offered a choice the engine would not make")
        found = service.what_if(deal)
        assert set(found) == {1}  # only the first decision differed
        mine, theirs = found[1]
        # the learner's move, then the coach's advice: the deal as it was played
        assert mine == deal.result["scores"][0]
        assert isinstance(theirs, int)
        assert deal.result["what_if"] == {"1": [mine, theirs]}
        assert service.what_if(deal) == found  # kept
        db.session.rollback()


def test_the_review_shows_what_a_decision_changed(app, client):
    client.set_cookie("lang", "en")
    for _ in range(10):
        url = start(client, "nantong", seat="0", strength="simple")
        body = text(client.get(url))
        n = 0
        while state_of(body) != "over":
            body = decide(client, url, body, pick=-1)  # the last button: often not the advice
            n += 1
            assert n < 400
        deal = deal_row(app, url)
        if any(not d.agrees for d in service.decisions(deal)):
            break
    review = text(client.get(url + "/review"))
    assert "Your score in this deal" in review
    shown = review.count('class="review-what-if"')
    kept = deal_row(app, url).result.get("what_if")  # kept for the next visit
    assert kept and shown == len(kept)
    # each differing decision up to the limit gets its "what if" (two play-outs each)
    assert 0 < shown <= min(review.count("review-row differs"), service.WHAT_IF_LIMIT)


def test_pace_without_script_continue(app, tmp_path):
    """With a pace, the engine seats wait for the page: the "Continue" button (no script)
    plays them up to the learner's decision; htmx asks for one move at a time."""
    paced = make_test_app(
        app.config["SQLALCHEMY_DATABASE_URI"], tmp_path / "paced", PLAY_PACE_MS=800
    )
    try:
        c = paced.test_client()
        url = start(c, "nantong", "waiting", seat="3")
        body = text(c.get(url))
        assert 'hx-trigger="load delay:800ms, submit"' in body
        r = c.post(
            url + "/step",
            data={"csrf_token": csrf_from(body), "one": "1"},
            headers={"HX-Request": "true"},
        )
        assert r.status_code == 200
        assert len(deal_row(app, url).moves) == 1
        r = c.post(url + "/step", data={"csrf_token": csrf_from(body)})
        assert r.status_code == 303
        assert state_of(text(c.get(url))) in ("deciding", "over")
    finally:
        dispose(paced)


def _decides(game_id: str, seed: int, seat: int, strength: str) -> bool:
    game = find_game(game_id)
    deal = PlayDeal(
        id="", game=game_id, rules={}, seed=seed, dealer=0, seat=seat, strength=strength,
        coach=False, moves=[], status="active",
    )  # fmt: skip
    deal.code = game.encode(service._first_state(game, deal))
    service.advance(deal)
    return service.learner_to_decide(deal)


def test_a_shared_deal_gives_the_seat_a_decision():
    """Hunan seed 394 ends (a win off the first cards) before seat 1 decides anything: the
    seed a class's shared deal draws skips it, and the seat it takes has a decision."""
    assert not _decides("hunan", 394, 1, "strong") and _decides("hunan", 7, 1, "strong")
    assert service.seed_with_a_decision("hunan", 1, "strong", seeds=[394, 7]) == 7
    assert service.seed_with_a_decision("hunan", 1, "strong", seeds=[394]) == 394  # no better
    for game_id in GAMES:
        names = list(find_game(game_id).players())
        strength = "strong" if "strong" in names else names[0]
        seed = service.seed_with_a_decision(game_id, 1, strength)
        assert 0 <= seed < 2**31 and _decides(game_id, seed, 1, strength), game_id
