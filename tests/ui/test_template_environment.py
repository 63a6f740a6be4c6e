"""The app's Jinja environment (app/ui/environment.py): a template's globals keep
Jinja's meaning (its own over the environment's, later changes to the environment's
showing through), their keys come as one set, and an imported macro sees the globals
its importer has."""

from __future__ import annotations

from collections import ChainMap

import pytest

from app.ui.environment import Environment, TemplateGlobals


def test_the_app_draws_its_templates_with_this_environment(app):
    assert isinstance(app.jinja_env, Environment)
    template = app.jinja_env.get_template("base.html")
    assert isinstance(template.globals, TemplateGlobals)
    assert isinstance(template.globals, ChainMap)


def test_a_templates_own_globals_overlay_the_environments_and_changes_show_through(app):
    env = app.jinja_env
    env.globals["probe_shared"] = "shared"
    template = env.from_string("{{ probe_own }} {{ probe_shared }}", globals={"probe_own": "own"})
    assert template.render() == "own shared"
    env.globals["probe_shared"] = "changed"
    assert template.render() == "own changed"
    assert {"probe_own", "probe_shared"} <= template.globals.keys()
    assert isinstance(template.globals.keys(), set)
    assert "probe_own" not in env.globals  # the template's own stay its own


def test_an_imported_macro_sees_a_global_the_importer_was_given(app):
    env = app.jinja_env
    env.globals.pop("probe_given", None)
    lib = env.from_string("{% macro shout() %}{{ probe_given | upper }}{% endmacro %}")
    env.globals["probe_lib"] = lib
    page = env.from_string(
        "{% from probe_lib import shout %}{{ shout() }}",
        globals={"probe_given": "pung"},
    )
    assert page.render() == "PUNG"


# These tests read pages and store nothing a database treats differently: SQLite alone.
pytestmark = pytest.mark.render_only
