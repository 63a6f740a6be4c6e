"""Cards · 牌: the catalog of every card, their pictures, the galleries, and the
helpers the shared card macros (``templates/components/cards.html``) draw with."""

from flask import Blueprint

bp = Blueprint("cards", __name__)


@bp.record_once
def _register_globals(state) -> None:  # type: ignore[no-untyped-def]
    from app.cards import views

    state.app.jinja_env.globals.update(
        card_face=views.face,
        card_back=views.back,
        card_hand_groups=views.hand_groups,
        card_meld_pics=views.meld_pics,
    )


from app.cards import routes  # noqa: E402,F401
