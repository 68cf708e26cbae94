"""How to play: the rules a player needs, as pages of prose (the Help scene turns them)."""

from __future__ import annotations

from acquire8.app.text import money
from acquire8.rules import MODES
from acquire8.rules.tables import CHAIN_COUNT, END_SIZE, HAND_SIZE, MAX_BUY, SAFE_SIZE, START_CASH

# How to play: the rules a player needs, in the game itself (the web and handheld builds have
# nothing else to read). (title, text) pages; the view wraps the text to the screen
# (constants.HELP_CHARS a line, 14 lines), "\n" starts a new line.
HELP_PAGES: tuple[tuple[str, str], ...] = (
    (
        "ACQUIRE",
        "Place hotel tiles on the board, found hotel chains, buy their shares and collect "
        "bonuses when they merge. The most cash at the end wins.\n\n"
        f"SETUP: everyone starts with {money(START_CASH)}. Each player puts one tile on the "
        f"board; the one nearest 1A plays first. Then everyone draws {HAND_SIZE} tiles.",
    ),
    (
        "A TURN",
        "1. Place one tile from your hand.\n"
        f"2. Buy up to {MAX_BUY} shares, or none.\n"
        "3. When the game can end, you may end it.\n"
        f"Then you draw back up to {HAND_SIZE} tiles.",
    ),
    (
        "TILES",
        "Next to loose tiles a tile FOUNDS a chain.\n"
        "Next to one chain it GROWS it.\n"
        "Next to two or more chains it MERGES them: the biggest survives.\n\n"
        "The tiles placed at the start never found a chain by themselves: a later tile next "
        "to them does.",
    ),
    (
        "FOUNDING",
        f"You pick any of the {CHAIN_COUNT} chains not on the board; it takes in every loose tile joined "
        "to it, and you get one share of it free.\n\n"
        "Cheap: Tower, Luxor.\nMedium: American, Worldwide, Festival.\n"
        "Dear: Imperial, Continental.\n"
        "Dear shares cost and pay more; prices rise as a chain grows.",
    ),
    (
        "MERGERS: BONUSES",
        "The biggest chain survives (a tie: whoever placed the tile picks). Each swallowed "
        "chain pays its holders, at its price before the merger:\n"
        "most shares: 10x the price,\nsecond most: 5x.\n"
        "A lone holder takes both; a tie for most splits both, a tie for second the 5x.",
    ),
    (
        "MERGERS: SHARES",
        "Then each holder of the swallowed chain, whoever placed the tile first, decides:\n"
        "SELL shares to the bank at that price;\n"
        "TRADE 2 for 1 of the survivor, while the bank has some;\n"
        "KEEP them for when the chain is founded again.",
    ),
    (
        "BUYING",
        f"After your tile buy up to {MAX_BUY} shares of chains on the board (one founded "
        "this turn too), at today's prices.\n\n"
        "X adds a share, UNDO takes one back, DONE buys.\n"
        "Shares earn bonuses and are sold at the end.",
    ),
    (
        "LOCKED TILES",
        f"A chain of {SAFE_SIZE}+ tiles is SAFE: it cannot be swallowed. A tile that would "
        "merge two safe chains is DEAD: it is swapped at the end of your turn.\n\n"
        f"With all {CHAIN_COUNT} chains on the board, a tile that would found an 8th cannot be placed "
        "(NO 8TH CHAIN): it waits in your hand until a chain is gone. A hand with no "
        "playable tile is replaced.",
    ),
    (
        "THE END",
        f"When a chain has {END_SIZE}+ tiles, or every chain on the board is safe, a player "
        "may declare the end on their turn.\n"
        "With the End rule set to auto (in Settings) the game ends by itself at the end "
        "of that turn, or of the turn that draws the last tile.\n\n"
        "SCORING: every chain pays its bonuses, all shares are sold, the most cash wins.",
    ),
    (
        "TWO PLAYERS",
        "With two players a stock market joins every payout: a drawn tile's column is how "
        "many shares it holds. What it wins leaves the game.",
    ),
    (  # the list of modes is their records' (RULES §14)
        "WAYS TO PLAY",
        "Set the Game row in the setup.\n"
        + "".join(f"{m.name.upper()}: {m.words[0].lower()}{m.words[1:]}.\n" for m in MODES if not m.teams)
        + f"TEAMS ({', '.join(m.name for m in MODES if m.teams)}): partners sit apart, so the "
        "teams take turns; a team's cash is its players' summed, the richest team wins. The "
        "letter by a name is its team: yours in green.",
    ),
    (
        "ON SCREEN",
        "Grey: a loose tile, in no chain. Blue outline: a square in your hand (dim: not "
        "playable now). Blinking frame: your choice, or the tile just placed. Lit corner: "
        "placed since your turn.\n"
        "Below: each chain's size (SZ), price (PR) and your shares (MY); white frame: safe.\n"
        "Right: > marks whose turn it is.\n"
        "Z: prices, chains, holdings, board.",
    ),
    (
        "CONTROLS",
        "LEFT/RIGHT choose\n"
        "X  (V, M; pad A) confirm\n"
        "Z  (C, N; pad B) price chart\n"
        "UP/DOWN adjust, scroll\n"
        "ENTER/ESC/P (pad START) menu\n"
        "U, BACKSPACE (pad L1) undo\n\n"
        "X hurries the computers; after their moves X acts once let go of for 1.1 s. Undo "
        "takes back your moves this turn.",
    ),
)
