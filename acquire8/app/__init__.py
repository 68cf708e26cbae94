"""The Pyxel front end (a first window: the board of a computer-only game)."""

from __future__ import annotations


def run(fullscreen: bool = False, scale: int = 0) -> None:
    import pyxel

    from acquire8.ai import make_bot
    from acquire8.rules import CHAINS, Game

    game = Game.new(players=4, seed=1)
    bots = [make_bot("greedy", s) for s in range(4)]
    colors = {"#": 13, **{c: col for c, col in zip(CHAINS, (8, 9, 10, 11, 12, 14, 15), strict=True)}}

    def update() -> None:
        if pyxel.btnp(pyxel.KEY_Q):
            pyxel.quit()
        if not game.is_over and pyxel.frame_count % 6 == 0:
            game.apply(bots[game.current].choose(game.view(game.current)))

    def draw() -> None:
        pyxel.cls(1)
        for name, letter in game.board.items():
            col, row = int(name[:-1]) - 1, "ABCDEFGHI".index(name[-1])
            pyxel.rect(4 + col * 10, 4 + row * 10, 9, 9, colors[letter])
            pyxel.text(7 + col * 10, 6 + row * 10, letter, 0)
        pyxel.text(4, 100, "ACQUIRE8 - computer game (Q quits)", 7)

    pyxel.init(128, 128, title="acquire8", fps=30, display_scale=scale or None)
    if fullscreen:
        pyxel.fullscreen(True)
    pyxel.run(update, draw)
