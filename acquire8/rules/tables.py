"""Fixed facts of the game: chains, tiers, the price chart, board geometry (their words are
the front end's, in acquire8/app/text.py)."""

CHAINS = "TLAWFIC"  # Tower, Luxor, American, Worldwide, Festival, Imperial, Continental
CHAIN_COUNT = len(CHAINS)  # chains are numbered 0 to CHAIN_COUNT - 1, in the order of CHAINS
TIER_OF = (0, 0, 1, 1, 1, 2, 2)  # each chain's tier: 0 the cheapest, 2 the dearest


COLS, ROWS = 12, 9
ROW_LETTERS = "ABCDEFGHI"
SQUARES = COLS * ROWS
START_CASH = 6000
SHARES_PER_CHAIN = 25
HAND_SIZE = 6
SAFE_SIZE = 11
END_SIZE = 41
MAX_BUY = 3

EMPTY = -1
LOOSE = CHAIN_COUNT  # an unincorporated tile: the number after the chains'

# Price chart of RULES §2: (lowest size, cheap price); medium +100, expensive +200.
_CHART = ((41, 1000), (31, 900), (21, 800), (11, 700), (6, 600), (5, 500), (4, 400), (3, 300), (2, 200))
CHART_SIZES = tuple(low for low, _ in reversed(_CHART))  # the smallest size of each row


def tile_name(square: int) -> str:
    """Square index (row-major) to its name: 0 -> '1A', 107 -> '12I'."""
    row, col = divmod(square, COLS)
    return f"{col + 1}{ROW_LETTERS[row]}"


TILE_NAMES = tuple(tile_name(s) for s in range(SQUARES))
SQUARE_OF = {name: s for s, name in enumerate(TILE_NAMES)}


def _neighbours(square: int) -> tuple[int, ...]:
    row, col = divmod(square, COLS)
    out = []
    if row > 0:
        out.append(square - COLS)
    if col > 0:
        out.append(square - 1)
    if col < COLS - 1:
        out.append(square + 1)
    if row < ROWS - 1:
        out.append(square + COLS)
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(s) for s in range(SQUARES))


def chain_price(chain: int, size: int) -> int:
    if size < 2:
        return 0
    for low, cheap in _CHART:
        if size >= low:
            return cheap + 100 * TIER_OF[chain]
    return 0


# PRICES[chain][size] for every possible size, so the hot paths index instead of search.
PRICES = tuple(tuple(chain_price(c, s) for s in range(SQUARES + 1)) for c in range(CHAIN_COUNT))


def price(chain: str, size: int) -> int:
    """Share price of `chain` (a letter of CHAINS) at `size` tiles; 0 below 2 tiles."""
    return PRICES[CHAINS.index(chain)][size]


def bonuses(chain: str, size: int) -> tuple[int, int]:
    """(majority, minority) bonus of `chain` at `size` tiles: 10x and 5x the price."""
    p = price(chain, size)
    return 10 * p, 5 * p


def split_bonuses(holdings: list[int], majority: int, minority: int) -> list[int]:
    """Bonus paid to each holder (RULES §7.1), given each holder's share count."""
    pay = [0] * len(holdings)
    counts = sorted({h for h in holdings if h > 0}, reverse=True)
    if not counts:
        return pay
    first = [i for i, h in enumerate(holdings) if h == counts[0]]
    if len(first) > 1 or len(counts) == 1:
        each = _share(majority + minority, len(first))
        for i in first:
            pay[i] = each
        return pay
    pay[first[0]] = majority
    second = [i for i, h in enumerate(holdings) if h == counts[1]]
    each = _share(minority, len(second))
    for i in second:
        pay[i] = each
    return pay


def _share(amount: int, ways: int) -> int:
    """An even split rounded up to the next $100."""
    return -(-amount // (100 * ways)) * 100
