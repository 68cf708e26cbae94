"""Controllers: pure Python, no Pyxel. What each press does (scene.py: what a screen is;
menus/: the pages around a game, a module each, help_pages.py their prose; decisions.py: the
person's decision screens; play.py: a game on screen, its stage one value; app.py: the scene
stack and the outbox)."""
