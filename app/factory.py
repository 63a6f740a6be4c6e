"""The application factory."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from flask import Flask, g, request
from flask_babel import get_locale

from app import config as cfg
from app import database, hashing, i18n, inputs, ops, profiles, security, sessions, ui
from app.extensions import babel, csrf, db, htmx, limiter, login_manager, migrate
from app.redirects import current_path
from app.text import catalog, languages
from app.ui import locale as locale_choice
from app.ui.environment import Environment


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app. ``config`` overrides what the environment gives (tests use it)."""
    app = Flask(
        "app",
        root_path=str(cfg.ROOT / "app"),
        template_folder=str(cfg.ROOT / "templates"),
        static_folder=str(cfg.ROOT / "static"),
        instance_path=str(
            (config or {}).get("INSTANCE_PATH")
            or os.environ.get("INSTANCE_PATH")
            or cfg.ROOT / "instance"
        ),
    )
    app.jinja_environment = Environment  # before anything draws app.jinja_env
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(cfg.from_env(Path(app.instance_path)))
    if config:
        app.config.from_mapping(config)
        if "SQLALCHEMY_DATABASE_URI" in config:
            app.config["SQLALCHEMY_DATABASE_URI"] = cfg.normalize_db_url(
                config["SQLALCHEMY_DATABASE_URI"]
            )

    # the languages offered: translations/languages.toml, unless a deployment names fewer
    app.config.setdefault("LANGUAGES", languages.codes())
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = i18n.compiled_catalogs(
        Path(app.config["BABEL_TRANSLATION_DIRECTORIES"]), Path(app.instance_path) / "translations"
    )
    db.init_app(app)
    database.init_app(app)  # first of the request hooks: before any query
    inputs.init_app(app)  # <int:…> bounded, NUL refused: before any view reads a value
    migrate.init_app(app, db, directory=str(cfg.ROOT / "migrations"), render_as_batch=True)
    babel.init_app(app, locale_selector=locale_choice.choose_locale)
    i18n.install_template_gettext(app)
    csrf.init_app(app)
    sessions.init_app(app)
    limiter.init_app(app)
    htmx.init_app(app)
    login_manager.init_app(app)
    login_manager.login_view = "accounts.signin"
    login_manager.session_protection = "strong"
    security.init_app(app)
    hashing.init_app(app)
    profiles.init_app(app)
    ui.init_app(app)
    ops.init_app(app)

    from app.accounts import bp as accounts_bp
    from app.accounts.service import load_user
    from app.api import bp as api_bp
    from app.errors import bp as errors_bp
    from app.main import bp as main_bp

    login_manager.user_loader(load_user)
    app.register_blueprint(main_bp)
    app.register_blueprint(accounts_bp, url_prefix="/account")
    app.register_blueprint(api_bp, url_prefix="/api")
    app.register_blueprint(errors_bp)
    from app.cards import bp as cards_bp

    app.register_blueprint(cards_bp, url_prefix="/cards")
    from app.practice import bp as practice_bp

    app.register_blueprint(practice_bp, url_prefix="/practice")
    from app.exercises import bp as exercises_bp

    app.register_blueprint(exercises_bp, url_prefix="/exercises")
    from app.lessons import bp as lessons_bp

    app.register_blueprint(lessons_bp)
    from app.quiz import bp as quiz_bp

    app.register_blueprint(quiz_bp)
    from app.progress import bp as progress_bp

    app.register_blueprint(progress_bp, url_prefix="/progress")
    from app.play import bp as play_bp

    app.register_blueprint(play_bp, url_prefix="/play")
    from app.rules import bp as rules_bp

    app.register_blueprint(rules_bp)
    from app import admin, classes

    classes.init_app(app)  # /classes/…, /assignments (issue 15)
    admin.init_app(app)  # /admin/roles, `academy user …`
    csrf.exempt(api_bp)  # read-only JSON endpoints; every POST form lives elsewhere

    from app import cli

    cli.init_app(app)

    names_by_locale: dict[str, dict[str, Any]] = {}

    def _names(locale: str) -> dict[str, Any]:
        """The names every page shows, per language (content: made once per process)."""
        names = names_by_locale.get(locale)
        if names is None:
            from app.content import game_texts, games_structure
            from app.text.cards import families
            from app.text.results import EXERCISE_KINDS

            texts = game_texts(locale)
            zh_form = languages.chinese_form(locale)
            names = names_by_locale[locale] = {
                "nav_games": [(g["id"], texts[g["id"]]["name"]) for g in games_structure()],
                "game_names": {g["id"]: texts[g["id"]]["name"] for g in games_structure()},
                "kind_names": {k: str(v) for k, v in EXERCISE_KINDS.items()},
                "family_names": {k: v.title.get(locale) for k, v in families().items()},
                "html_lang": locale_choice.html_lang(locale),
                # a Chinese page; the language Chinese words show in on this page (an
                # English page quotes them in Simplified), and its <html lang> tag
                "chinese": languages.chinese(locale),
                "zh_form": zh_form,
                "zh_html": languages.get(zh_form).html,
                "brand_zh": catalog.gettext(zh_form, "Long Card Academy"),
            }
        return names

    @app.context_processor
    def _globals() -> dict[str, Any]:
        locale = i18n.page_locale()
        offered = app.config["LANGUAGES"]
        return {
            **_names(locale),
            "locale": locale,
            "languages": [lang for lang in languages.all_languages() if lang.code in offered],
            "csrf_token": sessions.csrf_token,
            "is_htmx": bool(getattr(request, "htmx", False)),
        }

    from app.ui.fragments import fragment, put

    app.jinja_env.globals["get_locale"] = get_locale
    app.jinja_env.globals["fragment"] = fragment
    app.jinja_env.globals["put_fragment"] = put
    app.jinja_env.globals["current_path"] = current_path

    @app.teardown_request
    def _rollback(exc: BaseException | None) -> None:
        if exc is not None:
            db.session.rollback()
        g.pop("profile", None)

    return app
