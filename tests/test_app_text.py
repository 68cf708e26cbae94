"""The front end's sentences about the rules' facts: the log's lines, who "you" are, verbs
agreeing with their names, and the story's deciding turns on one 32-character line."""

from __future__ import annotations

import re
import typing

import pytest
from test_rules_record import NAMES, Played, margins

from acquire8.app.text import (
    CHAIN_NAMES,
    CHART_ROWS,
    LINE_CHARS,
    YOU,
    brief,
    end_line,
    key_moments,
    log_line,
    log_lines,
    moment_line,
    money,
    own_draw_line,
    tier_name,
    verb,
)
from acquire8.rules import CHAINS, BuyShares, FoundChain, PlaceTile
from acquire8.rules import events as ev
from acquire8.rules.record import net_worth_series, turns
from acquire8.rules.tables import CHART_SIZES, TIER_OF

from positions import fill, load, play, player

ENDED = ev.Ending("all safe")  # why the games over of these tests ended: the log line leaves it out


@pytest.fixture(scope="module")
def four() -> Played:
    return Played(4, 7)


def test_the_chains_tiers_chart_and_money_in_words():
    assert CHAIN_NAMES == ("Tower", "Luxor", "American", "Worldwide", "Festival", "Imperial", "Continental")
    assert len(CHAIN_NAMES) == len(CHAINS)
    assert [tier_name(c) for c in CHAINS] == ["cheap"] * 2 + ["medium"] * 3 + ["expensive"] * 2
    assert [TIER_OF[CHAINS.index(c)] for c in "TAC"] == [0, 1, 2]
    # Each chart row's label starts at the size the rules' price row starts at (RULES §2's
    # chart, which the end size does not move).
    assert [int(label.split("-")[0].rstrip("+")) for label in CHART_ROWS] == list(CHART_SIZES)
    assert CHART_ROWS == ("2", "3", "4", "5", "6-10", "11-20", "21-30", "31-40", "41+")
    assert money(12300) == "$12,300" and money(0) == "$0"


def test_one_verb_agreement_for_every_line():
    assert [verb("Ana", w) for w in ("sell", "go", "discard", "buy", "touch", "mix", "wish")] == [
        "Ana sells",
        "Ana goes",
        "Ana discards",
        "Ana buys",
        "Ana touches",
        "Ana mixes",
        "Ana wishes",
    ]
    assert verb(YOU, "go") == "You go" and verb(YOU, "sell") == "You sell"


@pytest.mark.parametrize(
    ("event", "line"),
    [  # events the rules tests find the rules making (tests/test_rules_*.py), as the log words them
        (ev.SharesBought(0, "P1", (), 0), "P1 buys nothing"),
        (ev.DeadTilesReplaced(0, "P1", ("1B", "2B")), "P1 discards dead 1B 2B"),
        (ev.HandReplaced(1, "P2", ("1B", "2B", "3B", "4B", "5B", "6B")), "P2: no playable tile, new hand"),
        (ev.NoPlayableTile(1, "P2"), "P2 cannot place a tile"),
        (ev.TilesDrawn(0, "P1", ("7A", "9A")), "P1 draws 2 tiles"),
        (ev.TilesDrawn(0, "P1", ("7A",)), "P1 draws 1 tile"),
        (ev.EndDeclared(0, "P1"), "P1 declares the end"),
        (
            ev.GameOver(-1, "", (20000, 20000, 8000), (0, 1), ("P1", "P2", "P3"), ENDED),
            "Game over: P1 & P2 win",
        ),
        (
            ev.GameOver(-1, "", (6000, 17200, 6000), (1,), ("You", "Ana", "Bo"), ENDED),
            "Game over: Ana wins",
        ),
        (
            ev.GameOver(-1, "", (9000, 6000), (0,), ("You", "Ana"), ENDED),
            "Game over: You win",
        ),
        (ev.SharesSold(2, "P3", "T", 2, 2000), "P3 sells 2 Tower for $2,000"),
        (ev.BonusPaid(1, "Ana", "T", 10500, "both"), "Ana gets $10,500 majority+minority bonus in Tower"),
        (ev.BonusPaid(0, "P1", "T", 5000, "majority"), "P1 gets $5,000 majority bonus in Tower"),
        (ev.Stalemate(-1, ""), "No one can place a tile: game ends"),
        (ev.MarketHolds(-1, "", "T", 4), "Market holds 4 Tower"),
        (ev.MarketBonus(-1, "", "T", 7000, "majority"), "Market takes $7,000 majority in Tower"),
        (ev.TilePlaced(0, "P1", "6F", "lone"), "P1 places 6F"),
        (ev.SharesBought(0, "P1", ("T",), 200), "P1 buys 1 T for $200"),
        (ev.ChainFounded(0, "P1", "W", 5, True), "P1 founds Worldwide"),
        (ev.ChainGrew(0, "P1", "A", 7), "American grows to 7"),
        (ev.DeadTilesReplaced(0, "P1", ("1B",)), "P1 discards dead 1B"),
    ],
)
def test_the_turns_events_in_the_log(event, line):
    assert log_line(event) == line


def lines(events: list[ev.Event]) -> list[str]:
    return [log_line(e) for e in events]


def test_a_turns_events_read_as_log_lines():
    g = load(
        cells={**fill("L", "1A-2A"), "6E": "#", **fill("T", "1I-2I")},
        players=[player(name="You", hand=["3A"]), player(name="Ana", hand=["6F"]), player(name="Bo")],
        pool=["12A", "10A", "8A"],
    )
    text = lines(play(g, PlaceTile("3A"), BuyShares(("L", "L", "T"))))
    assert text[:3] == ["You place 3A", "Luxor grows to 3", "You buy 1 T, 2 L for $800"]
    assert "You draw 3 tiles" in text and "Ana's turn" in text
    text = lines(play(g, PlaceTile("6F"), FoundChain("W")))
    assert text == ["Ana places 6F", "Ana founds Worldwide"]


def test_a_mergers_bonus_events_read_as_log_lines():
    g = load(
        cells={**fill("T", "1A-6A"), **fill("L", "8A-12A")},
        players=[
            player(name="You", shares={"L": 3}, hand=["7A"]),
            player(name="Ana", shares={"L": 5}),
            player(name="Bo", shares={"L": 3}),
        ],
        pool=["12I"],
    )
    text = lines(g.apply(PlaceTile("7A")))
    assert "Tower takes over Luxor" in text
    assert "Ana gets $5,000 majority bonus in Luxor" in text
    assert "You get $1,300 minority bonus in Luxor" in text
    assert "Bo gets $1,300 minority bonus in Luxor" in text


def test_the_persons_own_draw_names_its_tiles():
    assert own_draw_line(ev.TilesDrawn(0, YOU, ("7A", "9A"))) == "You draw 7A 9A"
    assert log_line(ev.TilesDrawn(0, YOU, ("7A", "9A"))) == "You draw 2 tiles"  # as the others see it


def test_start_tiles_read_you_go_first():
    e = ev.StartTiles(0, "You", ("2A", "5C"), ("You", "Ana"))
    assert log_line(e) == "Start tiles: You 2A, Ana 5C. You go first: 2A is nearest 1A"
    e = ev.StartTiles(1, "Ana", ("5C", "2A"), ("You", "Ana"))
    assert log_line(e) == "Start tiles: You 5C, Ana 2A. Ana goes first: 2A is nearest 1A"


def test_turns_and_results_speak_to_you():
    assert log_line(ev.TurnStarted(0, "You")) == "Your turn"
    assert log_line(ev.TurnStarted(1, "Ana")) == "Ana's turn"
    assert log_line(ev.GameOver(-1, "", (1, 2), (0,), ("You", "Ana"), ENDED)) == "Game over: You win"
    assert log_line(ev.GameOver(-1, "", (2, 1), (1,), ("You", "Ana"), ENDED)) == "Game over: Ana wins"
    assert log_line(ev.GameOver(-1, "", (2, 2), (0, 1), ("You", "Ana"), ENDED)) == "Game over: You & Ana win"


# One of each event, as the rules build them.
ONE_OF_EACH = [
    ev.StartTiles(0, YOU, ("2A", "5C"), (YOU, "Ana")),
    ev.TilePlaced(0, YOU, "5E", "lone"),
    ev.ChainFounded(0, YOU, "T", 2, True),
    ev.ChainGrew(0, YOU, "T", 3),
    ev.MergerStarted(0, YOU, "C", ("L", "W")),
    ev.MarketHolds(-1, "", "L", 4),
    ev.BonusPaid(1, "Ana", "L", 3000, "majority"),
    ev.MarketBonus(-1, "", "L", 1500, "minority"),
    ev.SharesSold(1, "Ana", "C", 13, 12000),
    ev.SharesTraded(0, YOU, "W", "C", 12, 6),
    ev.SharesKept(0, YOU, "L", 2),
    ev.ChainDefunct(-1, "", "W", "C", 41),
    ev.SharesBought(0, YOU, ("T", "T", "L"), 900),
    ev.NoPlayableTile(1, "Ana"),
    ev.HandReplaced(1, "Ana", ("1A", "2A", "3A", "4A", "5A", "6A")),
    ev.DeadTilesReplaced(0, YOU, ("6D", "9F")),
    ev.TilesDrawn(0, YOU, ("7A",)),
    ev.TurnStarted(1, "Ana"),
    ev.EndDeclared(0, YOU),
    ev.Stalemate(-1, ""),
    ev.GameOver(-1, "", (6000, 5000), (0,), (YOU, "Ana"), ENDED),
]


def test_every_kind_of_event_has_a_log_line_and_a_brief():
    assert [type(e) for e in ONE_OF_EACH] == list(typing.get_args(ev.Event))
    for e in ONE_OF_EACH:
        line = log_line(e)
        assert line and "(" not in line.split(" ")[0], line  # a sentence, not a dataclass repr
        short = brief(e)
        if isinstance(e, ev.TilesDrawn):
            assert short is None  # the draw is in the log only: secret, and no news
        else:
            assert short and len(short) <= LINE_CHARS, short


def test_every_event_of_a_game_has_a_log_line(four):
    kinds = {type(e) for events in four.events for e in events}
    assert {ev.TilePlaced, ev.ChainFounded, ev.BonusPaid, ev.SharesBought, ev.GameOver} <= kinds
    for events in four.events:
        for e in events:
            line = log_line(e)
            assert line and "(" not in line.split(" ")[0], line  # a sentence, not a dataclass repr


def test_the_log_has_a_header_per_turn_and_every_event(four):
    lines = log_lines(four.record)
    headers = [line for line in lines if line.startswith("-- Turn ")]
    assert len(headers) == len(net_worth_series(four.record)[0]) - 1
    assert headers[0] == f"-- Turn 1: {NAMES[four.record.start().turn]} --"
    said = [log_line(e) for events in four.events for e in events if not isinstance(e, ev.TurnStarted)]
    assert [line for line in lines if not line.startswith("-- Turn ")] == said
    assert lines[-1].startswith("Game over: ")


@pytest.mark.parametrize("seat", range(4))
def test_key_moments_are_the_largest_swings_against_the_best_opponent(four, seat):
    lines = key_moments(four.record, seat)
    assert len(lines) == 3
    assert all(len(line) <= LINE_CHARS for line in lines), lines
    m = margins(four.worth, seat)
    swings = {t: m[t] - m[t - 1] for t in range(1, len(m))}
    numbers = [int(re.match(r"(?:Turn |T)(\d+)", line).group(1)) for line in lines]
    assert numbers == sorted(numbers)  # told in the order they happened
    smallest_kept = min(abs(swings[t]) for t in numbers)
    assert all(abs(s) <= smallest_kept for t, s in swings.items() if t not in numbers)
    by_number = {t.number: t for t in turns(four.record)}
    for line, number in zip(lines, numbers, strict=True):
        change = swings[number]
        assert line.endswith(("lead +" if change > 0 else "lead -") + f"${abs(change):,}")  # of what
        kinds = {type(e) for e in by_number[number].events}
        if "merged" in line:
            assert ev.MergerStarted in kinds
        if "final scoring" in line:
            assert ev.GameOver in kinds
        if "founded" in line:
            assert ev.ChainFounded in kinds
        who = "you" if by_number[number].seat == seat else NAMES[by_number[number].seat]
        assert who in line or "final scoring" in line


def test_key_moments_of_one_seat_n_and_bad_seat(four):
    assert len(key_moments(four.record, 0, n=1)) == 1
    assert len(key_moments(four.record, 0, n=10)) == 10
    with pytest.raises(ValueError, match="no seat 4"):  # the rules' key_turns says so
        key_moments(four.record, 4)


@pytest.mark.parametrize(
    ("args", "line"),
    [
        ((3, "final scoring", "final scoring", -500), "T3 final scoring lead -$500"),
        ((14, "you merged L into T", "you merged L>T", 6000), "T14 you merged L>T lead +$6,000"),
        ((5, "you founded Tower", "you founded T", 600), "T5 you founded T lead +$600"),
        ((29, "Ana merged F into I", "Ana merged F>I", -4400), "T29 Ana merged F>I lead -$4,400"),
        ((104, "you merged L+W into T", "you merged L+W>T", 12000), "T104 you L+W>T lead +$12,000"),
        (
            (104, "Bartholomew merged L+W into T", "Bartholomew merged L+W>T", -12000),
            "T104 Bartholomew lead -$12,000",
        ),
        ((7, "you founded Tower", "you founded T", 600, "worth"), "T7 you founded T worth +$600"),
    ],
)
def test_a_moment_fits_one_line(args, line):
    assert moment_line(*args) == line
    assert len(line) <= LINE_CHARS


def test_a_whole_game_on_screen_logs_sentences_never_event_values():
    """Events carry no words of their own: every line the front end logs went through
    log_line (a str() of an event would read "TilePlaced(seat=0, ...)")."""
    from acquire8.app.control.app import App
    from acquire8.app.demo import game_over

    app = App(seed=3)
    over = game_over(app)
    log = over.play.log
    assert len(log) > 50 and log[-1].startswith("Game over: ")
    assert [line for line in log if re.search(r"\w\(\w+=", line)] == []


@pytest.mark.parametrize(
    ("ending", "line"),
    [
        (ev.Ending("end size", 3, "F", 41), "Cy ended it: Festival 41 tiles"),
        (ev.Ending("end size", 0, "C", 43), "You ended: Continental 43 tiles"),
        (ev.Ending("all safe", 0), "You ended it: all chains safe"),
        (ev.Ending("all safe"), "All chains safe"),
        (ev.Ending("end size", -1, "I", 45), "Imperial 45 tiles"),
        (ev.Ending("pool empty"), "The last tile was drawn"),
        (ev.Ending("no tile"), "No tile could be played"),
        (ev.Ending("end size", 1, "C", 41), "Bartholomew ended: C 41 tiles"),
    ],
)
def test_the_standings_say_who_ended_the_game_and_why_in_one_whole_line(ending, line):
    """The rules say why (the Ending); the line only words it, whatever the end rule's sizes."""
    assert end_line(ending, ("You", "Bartholomew", "Ana", "Cy")) == line and len(line) <= LINE_CHARS
