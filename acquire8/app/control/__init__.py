"""Controllers: pure Python, no Pyxel. What each press does, one module per concern."""
