"""Every sign-in and sign-up link carries the page it came from (issue 40, point 5)."""

from __future__ import annotations

from html import unescape

import pytest


@pytest.mark.render_only
def test_sign_in_and_up_links_carry_the_page_they_came_from(client):
    html = unescape(client.get("/lessons/hunan/?x=1").get_data(as_text=True))
    assert 'href="/account/signin?next=/lessons/hunan/?x%3D1"' in html or (
        'href="/account/signin?next=' in html and "next=/lessons/hunan/" in html
    )
    assert 'href="/account/signup?next=' in html
    page = unescape(client.get("/account/signin?next=/glossary").get_data(as_text=True))
    assert 'href="/account/signup?next=/glossary"' in page
    assert 'href="/account/signin?next=/glossary"' in page  # the header passes it on
    page = unescape(client.get("/account/signup?next=/glossary").get_data(as_text=True))
    assert 'href="/account/signin?next=/glossary"' in page
    home = client.get("/").get_data(as_text=True)
    assert 'href="/account/signin?next=/"' in home or 'href="/account/signin?next=%2F"' in home
