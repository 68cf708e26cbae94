"""How to play: the rules a player needs, in the game itself (the web and handheld builds
have nothing else to read). Pages of (title, text); the view wraps the text to 31 characters
and 14 lines, "\n" starts a new line. The numbers come from the rules' own tables."""

from __future__ import annotations

from acquire8.app.text import money
from acquire8.rules.tables import END_SIZE, HAND_SIZE, MAX_BUY, SAFE_SIZE, START_CASH

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
        "1. Place one tile from your hand (LEFT/RIGHT choose, X places).\n"
        f"2. Buy up to {MAX_BUY} shares of chains on the board, or none.\n"
        "3. When the game can end, you may end it (see THE END).\n"
        f"Then you draw back up to {HAND_SIZE} tiles.\n\n"
        "Z shows every price and who holds what.",
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
        "You pick any of the 7 chains not on the board; it takes in every loose tile joined "
        "to it, and you get one share of it free.\n\n"
        "Cheap: Tower, Luxor.\nMedium: American, Worldwide, Festival.\n"
        "Dear: Imperial, Continental.\n"
        "A dear chain's shares cost more and pay bigger bonuses; every price rises as the "
        "chain grows.",
    ),
    (
        "MERGERS: BONUSES",
        "The biggest chain survives (same size: whoever placed the tile picks). Each "
        "swallowed chain first pays its shareholders, at its price before the merger:\n"
        "most shares: 10x the price,\nsecond most: 5x the price.\n"
        "A lone holder takes both; a tie for most shares splits both, a tie for second "
        "splits the 5x.",
    ),
    (
        "MERGERS: SHARES",
        "Then every holder of the swallowed chain, whoever placed the tile first, decides "
        "what to do with its shares:\n"
        "SELL them to the bank at the price before the merger;\n"
        "TRADE 2 of them for 1 of the survivor, while the bank has some;\n"
        "KEEP them: they are worth something again only if the chain is founded anew.",
    ),
    (
        "BUYING",
        f"After your tile you may buy up to {MAX_BUY} shares, any mix of the chains on the "
        "board (one founded this turn too), at today's prices, with cash.\n\n"
        "X adds a share of the chain selected, UNDO takes one back, DONE buys the cart.\n"
        "Shares pay off in bonuses, and they are sold at the end.",
    ),
    (
        "LOCKED TILES",
        f"A chain of {SAFE_SIZE}+ tiles is SAFE: it cannot be swallowed. A tile that would "
        "merge two safe chains is DEAD: it is swapped at the end of your turn.\n\n"
        "With all 7 chains on the board, a tile that would found an 8th cannot be placed "
        "(NO 8TH CHAIN): it waits in your hand until a chain is gone. A hand with no "
        "playable tile is replaced.",
    ),
    (
        "THE END",
        f"When a chain has {END_SIZE}+ tiles, or every chain on the board is safe, a player "
        "may declare the end on their turn.\n"
        "With the End rule set to auto (Setup, Settings) the game ends by itself at the end "
        "of that turn, or of the turn that draws the last tile.\n\n"
        "SCORING: every chain pays its bonuses, all shares are sold, the most cash wins.",
    ),
    (
        "TWO PLAYERS",
        "With two players the stock market joins in every payout: a tile is drawn and its "
        "column is how many shares of the chain the market holds. It can take bonuses "
        "from you; what it wins leaves the game.",
    ),
    (
        "ON SCREEN",
        "Grey: a loose tile, in no chain. Blue outline: a square in your hand (dim: not "
        "playable now). Blinking frame: your choice, or the tile just placed. Lit corner: "
        "placed since your turn.\n"
        "Below: each chain's size, price and your shares; white frame: a safe chain.\n"
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
        "X hurries the computer players. Your turn waits while YOUR TURN flashes: let go of "
        "X a second, then play. Undo takes back your moves this turn.",
    ),
)
