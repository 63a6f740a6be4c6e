"""A whole deal of each game at the play table, the languages by turns, moves chosen through
the page: one illegal move refused with the engine's reason (nothing changes), a reload
in the middle (the deal is stored), every move one htmx swap (the page is never
reloaded by a move), the end with the scores and the codes, then the review."""

from __future__ import annotations

import random
from typing import Any

import pytest
from flask import Flask
from learner_steps import in_turn
from playwright.sync_api import Page, expect

from app.engine.core.actions import Action
from app.extensions import db
from app.learning import play as service
from app.learning.models import PlayDeal
from app.play.routes import reason_text

GAMES = ["hunan", "guilin", "chuanpai", "chuanpai-tricks", "nantong"]
TEXT = {
    "en": {
        "deal": "Deal the cards",
        "over": "The deal is over",
        "scores": "Scores",
        "review": "Review my decisions",
    },
    "zh": {"deal": "发牌", "over": "牌局结束", "scores": "各家得分", "review": "复盘我的决定"},
}
TABLE = "#play-table"


def _deal(app: Flask, page: Page) -> PlayDeal:
    deal_id = page.url.split("?")[0].rstrip("/").rsplit("/", 1)[-1]
    with app.app_context():
        row = db.session.get(PlayDeal, deal_id)
        assert row is not None
        db.session.expunge(row)
        return row


def _state(page: Page) -> str:
    return str(page.locator(TABLE).get_attribute("data-state"))


def _swap(page: Page, click: Any) -> None:
    """Click, then wait for htmx to put a new table in place of the old one."""
    page.evaluate("document.querySelector('#play-table').dataset.old = '1'")
    click()
    page.wait_for_selector("#play-table:not([data-old])", state="attached")
    page.wait_for_load_state()


def _open_list(page: Page) -> None:
    """The list of moves under the cards (closed by the table's script)."""
    page.evaluate("document.querySelectorAll('[data-play-list]').forEach(d => { d.open = true; })")


def _refusable_kind(app: Flask, page: Page) -> tuple[str, str] | None:
    """A kind of move offered now whose every legal move needs cards: with no card
    ticked it is refused. With the reason as the page should word it."""
    deal = _deal(app, page)
    lang = page.locator("html").get_attribute("lang") or ""
    locale = "zh" if lang.startswith("zh") else "en"
    with app.test_request_context(headers={"Cookie": f"lang={locale}"}):
        state = service.state_of(deal)
        legal = service.legal(deal, state)
        game = service.game_of(deal)
        for kind in dict.fromkeys(a.kind for a in legal):
            if all(a.cards for a in legal if a.kind == kind):
                why = game.why_illegal(state, Action(kind, deal.seat, ()))
                if why is not None:
                    words = reason_text(  # as the page words it: the game's names, its seats
                        game.info.family,
                        why,
                        locale,
                        game=deal.game,
                        viewer=deal.seat,
                        seats=game.seats(state),
                    )
                    return kind, words
    return None


@pytest.mark.parametrize(("game", "lang"), in_turn(GAMES))
def test_a_whole_deal_at_the_table(page: Page, live_server: str, live_app: Flask, game, lang):
    t = TEXT[lang]
    page.context.add_cookies([{"name": "lang", "value": lang, "url": live_server}])
    for _ in range(10):  # a few deals end before the learner decides: deal another
        page.goto(f"{live_server}/play/")
        page.locator(f'a[href="/play/{game}/"]').click()
        page.get_by_role("button", name=t["deal"]).click()
        expect(page.locator(TABLE)).to_be_visible()
        if _state(page) != "over":
            break
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans" if lang == "zh" else "en")
    table_url = page.url
    rng = random.Random(f"{game}/{lang}")
    refused = reloaded = False
    decisions = 0
    page.evaluate("window.sameDocument = true")
    while _state(page) != "over":
        assert decisions < 300, "the deal does not end"
        if _state(page) == "waiting":  # the engine seats, played without a pace here
            _swap(page, lambda: page.locator(".play-wait button").click())
            continue
        assert _state(page) == "deciding"
        _open_list(page)
        if not refused and (found := _refusable_kind(live_app, page)) is not None:
            kind, reason = found
            before = _deal(live_app, page)
            buttons = page.locator(".play-moves button").all_inner_texts()
            _open_list(page)  # again: the table's script may have closed it since
            expect(page.locator("#pick-kind")).to_be_visible()
            page.locator("#pick-kind").select_option(kind)
            _swap(page, lambda: page.locator(".play-pick button").click())
            expect(page.locator(".play-error")).to_have_text(reason)
            after = _deal(live_app, page)
            assert after.moves == before.moves and after.code == before.code
            assert page.locator(".play-moves button").all_inner_texts() == buttons
            refused = True
            continue
        if decisions == 3 and not reloaded:  # the deal is stored: a reload shows it again
            buttons = page.locator(".play-moves button").all_inner_texts()
            page.reload()
            _open_list(page)
            assert page.locator(".play-moves button").all_inner_texts() == buttons
            page.evaluate("window.sameDocument = true")
            reloaded = True
        moves = page.locator(".play-moves button.move")
        pick = moves.nth(rng.randrange(moves.count()))
        _swap(page, pick.click)
        expect(page.locator(".play-error")).to_have_count(0)
        decisions += 1
    assert refused, "no illegal move was tried"
    assert page.evaluate("window.sameDocument === true")  # every move an htmx swap
    assert page.url == table_url

    deal = _deal(live_app, page)
    assert deal.status == "over" and deal.result is not None
    expect(page.locator("#end-title")).to_have_text(t["over"])
    expect(page.locator(".play-scores tbody tr")).to_have_count(len(deal.result["scores"]))
    expect(page.locator(".play-scores tr.you")).to_have_count(1)
    expect(page.locator("#code-final")).to_have_value(deal.code)
    if deal.result.get("winner") is not None:  # a win is counted line by line
        expect(page.locator(".play-end .count-lines li").first).to_be_visible()
    page.get_by_role("link", name=t["review"]).click()
    expect(page.locator(".review-row")).to_have_count(decisions)
