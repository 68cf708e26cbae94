"""The screens after a merger and after the game: the merger summary and the final
standings (the lesson's too)."""

from __future__ import annotations

import pyxel

from acquire8.app import constants as k
from acquire8.app.control.standings import GameOver, Summary
from acquire8.app.text import fit, money
from acquire8.app.views.common import chain_box, chain_text, ctext, panel, rtext, text


def draw_summary(s: Summary) -> None:
    # Over the board's edge, leaving the turn bar and the message line in view.
    panel(0, k.SUMMARY_Y, k.WIDTH, k.SUMMARY_H)
    ctext(k.SUMMARY_HEAD_Y, "MERGER", k.ACCENT)
    for i, (line, chain) in enumerate(s.lines[s.top : s.top + s.ROWS]):
        y = k.SUMMARY_ROWS_Y + i * k.LINE
        if chain:  # a heading: the chain's box, then its line in a colour readable on the panel
            chain_box(k.SUMMARY_BOX_X, y - 1, chain)
            text(k.SUMMARY_HEAD_X, y, fit(line, k.SUMMARY_HEAD_CHARS), chain_text(chain, k.PANEL))
        else:
            text(k.SUMMARY_X, y, fit(line, k.SUMMARY_CHARS), k.TEXT)
    more = "UP/DOWN MORE  " if len(s.lines) > s.ROWS else ""
    keys = "PAYS YOU: X OK" if s.yours else "X OK, OR WAIT"  # else it goes on by itself
    ctext(k.SUMMARY_KEYS_Y, more + keys, k.ACCENT if s.yours else k.DIM)


def draw_game_over(s: GameOver) -> None:
    ctext(k.OVER_TITLE_Y, "GAME OVER", k.DIM)
    ctext(k.OVER_HEAD_Y, s.headline, k.ACCENT)
    if s.refusal:  # in place of why the game ended, until the next key
        ctext(k.OVER_END_Y, fit(s.refusal), k.BAD)
    elif s.waiting:  # an X held back: how X acts here, until it does
        ctext(k.OVER_END_Y, s.waiting, k.DIM)
    else:
        ctext(k.OVER_END_Y, fit(s.ending), k.TEXT)
    if s.teams:
        draw_teams(s)
    else:
        draw_players(s)
    # The items side by side, each as wide as its word: a lit box never touches the next word.
    items = s.menu.items
    widths = [len(item) * k.CHAR_W - 1 + 2 * k.OVER_ITEM_PAD for item in items]
    x = k.MID - (sum(widths) + k.OVER_ITEM_GAP * (len(items) - 1)) // 2
    for i, (item, w) in enumerate(zip(items, widths, strict=True)):
        sel = i == s.menu.index
        if sel:
            pyxel.rect(x, k.OVER_MENU_Y, w, k.LABEL_H, k.ACCENT)
        text(x + k.OVER_ITEM_PAD, k.OVER_MENU_Y + 2, item, k.BLACK if sel else k.TEXT)
        x += w + k.OVER_ITEM_GAP


def draw_teams(s: GameOver) -> None:
    """Each team by its place with its summed cash and, as a single player's, its end bonuses
    and sales, its players under it (yours marked)."""
    text(k.OVER_X, k.OVER_COLS_Y, "#  team / player", k.DIM)
    rtext(k.OVER_RIGHT, k.OVER_COLS_Y, "final cash", k.DIM)
    y = k.OVER_ROWS_Y
    cash = {row[1]: row[0] for row in s.rows}
    bonus = {row[1]: row[3] for row in s.rows}
    sold = {row[1]: row[4] for row in s.rows}
    names = s.play.game.names
    for team in s.teams:
        win = team.seats[0] in s.winners
        col = k.ACCENT if win else k.SKY
        mine = " (yours)" if s.play.human in team.seats else ""
        text(k.OVER_X, y, f"{team.place}  Team {team.letter}{mine}", col)
        rtext(k.OVER_RIGHT, y, money(team.cash), col)
        # the team's end bonuses and sales, as a single player's line under it
        team_bonus, team_sold = sum(bonus[st] for st in team.seats), sum(sold[st] for st in team.seats)
        text(k.OVER_SMALL_X, y + k.CHAR_H, f"bonus {money(team_bonus)} sold {money(team_sold)}", k.DIM)
        y += k.CHAR_H + k.LINE
        for seat in sorted(team.seats, key=lambda st: -cash[st]):
            col = k.TEXT if seat == s.play.human else k.DIM
            text(k.OVER_SMALL_X, y, names[seat], col)
            rtext(k.OVER_RIGHT, y, money(cash[seat]), col)
            y += k.LINE
        y += k.OVER_TEAM_GAP


def draw_players(s: GameOver) -> None:
    """Each player by place with cash, and the end bonuses and sales under it; solo's best."""
    text(k.OVER_X, k.OVER_COLS_Y, "#  player", k.DIM)
    rtext(k.OVER_RIGHT, k.OVER_COLS_Y, "final cash", k.DIM)
    y = k.OVER_ROWS_Y
    for rank, (cash, seat, name, bonus, sold) in enumerate(s.rows):
        win = seat in s.winners
        col = k.ACCENT if win else (k.TEXT if seat == s.play.human else k.SKY)
        text(k.OVER_X, y, f"{s.places[rank]}  {name}", col)
        rtext(k.OVER_RIGHT, y, money(cash), col)
        text(k.OVER_SMALL_X, y + k.CHAR_H, f"bonus {money(bonus)} sold {money(sold)}", k.DIM)
        y += k.OVER_PITCH
    if s.market:  # two players: what the stock market took, like a player's bonus line
        text(k.OVER_X, y, "   Market", k.DIM)
        text(k.OVER_SMALL_X, y + k.CHAR_H, f"bonus {money(s.market)} (leaves game)", k.DIM)
        y += k.OVER_PITCH
    if s.solo:
        draw_best(s, y + 2)
    elif y + 2 <= k.OVER_NOTE_Y:  # room left: say what the small lines are
        ctext(y + 2, "(end bonuses and shares sold)", k.FAINT)


def draw_best(s: GameOver, y: int) -> None:
    """Solo's best scores with this game's lit; those that fit, this one always among them."""
    ctext(y, "YOUR BEST SCORES", k.DIM)
    y += k.LINE
    room = (k.OVER_NOTE_Y - y) // k.LINE
    shown = list(range(min(room, len(s.best))))
    if s.best_at is not None and s.best_at not in shown:
        shown[-1] = s.best_at
    for i in shown:
        best = s.best[i]
        col = k.ACCENT if i == s.best_at else k.TEXT
        text(k.OVER_X, y, f"{i + 1:>2} {best.played[2:] or '-'}", col)
        rtext(k.OVER_RIGHT, y, money(best.score), col)
        y += k.LINE
    if s.best_at is None:
        ctext(y, s.unkept_line, k.DIM)
