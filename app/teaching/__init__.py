"""Each game's teaching, one folder per game (``app/teaching/<game>/``), found by
:mod:`app.learning.teaching`. Shared by the two word-card (zipai) games: :mod:`.zipai_common`."""
