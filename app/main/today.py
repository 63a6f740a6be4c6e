"""Today's practice (``/today``): one session of the due reviews, the next exercise of
the lesson under way and two practice positions at the learner's rating, across the
games the learner has started; the daily goal and the streak beside them."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from app.learning import clock, paths, practice, skills, streaks
from app.learning.lessons import Lesson, Step
from app.models import Learner

#: practice positions offered a day
POSITIONS = 2


@dataclass
class Today:
    started: list[str]  # games the learner has started, in the site's order
    due: int  # skills due for review today (across games)
    lessons: dict[str, tuple[Lesson, Step]] = field(default_factory=dict)
    positions: list[tuple[str, Any]] = field(default_factory=list)  # (game, theme)
    streak: streaks.Streak | None = None

    @property
    def empty(self) -> bool:
        return not (self.due or self.lessons or self.positions)


def _themes_for(profile: Learner, games: list[str], day: str) -> list[tuple[str, Any]]:
    """Two themes to practise, one game after another, chosen afresh each day."""
    out: list[tuple[str, Any]] = []
    for i in range(POSITIONS):
        if not games:
            break
        game = games[i % len(games)]
        themes = sorted(practice.themes(game).values(), key=lambda t: t.id)
        if not themes:
            continue
        seed = int(hashlib.sha1(f"{profile.id}:{game}:{day}:{i}".encode()).hexdigest()[:8], 16)
        out.append((game, themes[seed % len(themes)]))
    return out


def plan(profile: Learner | None, games: tuple[str, ...]) -> Today:
    if profile is None or profile.id is None:
        return Today([], 0)
    now = clock.now()
    by_game = paths.my_states_by_game()
    due = skills.due_today(profile, now)
    seen = set(by_game) | {s.game for s in skills.states(profile)}
    started = [g for g in games if g in seen]
    today = streaks.local_day(now, profile.timezone).isoformat()
    return Today(
        started,
        len(due),
        paths.resume_all(started, lessons_begun=False),
        _themes_for(profile, started, today),
        streaks.summary(profile, now),
    )
