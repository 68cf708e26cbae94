"""Views: each scene drawn from its controller's state with Pyxel. Drawing only, no decisions.
common.py holds what every view uses; menus.py, play.py, chart.py (the pages Z opens),
over.py (the merger summary, the final standings), lesson.py, story.py and review.py (the
expert's review) draw the scenes."""

from __future__ import annotations

from collections.abc import Callable

import pyxel

from acquire8.app import constants as k
from acquire8.app.control.app import App
from acquire8.app.control.lesson import LessonDone, LessonOver, PartCard
from acquire8.app.control.menus import (
    Chart,
    Confirm,
    Help,
    Log,
    Pause,
    SettingsScene,
    Setup,
    StatsScene,
    Title,
)
from acquire8.app.control.play import Play
from acquire8.app.control.review import ReviewScene
from acquire8.app.control.standings import GameOver, Summary
from acquire8.app.control.story import Replay, Replays, StoryScene
from acquire8.app.views import chart, lesson, menus, over, review, story
from acquire8.app.views.common import clocks_read, use_palette
from acquire8.app.views.play import draw_play


def draw_game(p: Play) -> None:
    """A play; a guided one (the lesson) with its guide's ring and panel."""
    if p.guide is None:
        draw_play(p)
    else:
        lesson.draw_lesson(p)


DRAWERS: dict[type, Callable] = {
    Title: menus.draw_title,
    Setup: menus.draw_setup,
    SettingsScene: menus.draw_settings,
    Help: menus.draw_help,
    Pause: menus.draw_pause,
    Confirm: menus.draw_confirm,
    Log: menus.draw_log,
    StatsScene: menus.draw_stats,
    Play: draw_game,
    PartCard: lesson.draw_card,
    LessonOver: over.draw_game_over,
    LessonDone: lesson.draw_done,
    Chart: chart.draw_chart,
    Summary: over.draw_summary,
    GameOver: over.draw_game_over,
    StoryScene: story.draw_story,
    Replays: story.draw_replays,
    Replay: story.draw_replay,
    ReviewScene: review.draw_review,
}


def draw(app: App) -> None:
    """Draw the top scene, over the scenes below it when it does not fill the screen."""
    clocks_read.clear()
    use_palette(app.settings.high_contrast)
    pyxel.cls(k.BG)
    for scene in app.drawn:
        DRAWERS[type(scene)](scene)
    alpha = app.anim.fade_alpha()
    if alpha:  # a new screen fades in from black (dithered)
        pyxel.dither(alpha)
        pyxel.rect(0, 0, k.WIDTH, k.HEIGHT, k.BG)
        pyxel.dither(1.0)
