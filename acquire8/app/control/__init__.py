"""Controllers: pure Python, no Pyxel. What each press does (scene.py: what a screen is;
menus.py: the pages around a game; decisions.py: the person's decision screens; play.py: a
game on screen, its stage one value; app.py: the scene stack and the outbox)."""
