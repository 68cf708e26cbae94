"""Sound effects and music: one small object the scenes call, backed by assets/acquire8.pyxres.

Music plays on channels 0-2 and effects on channel 3, so an effect never cuts the tune.
The sounds themselves are built by tools/make_sounds.py (and stay editable with `pyxel edit`);
the index tables below are the contract between that script and this module.

A tune is started as one `pyxel.play` per channel, never with `pyxel.playm`: from Pyxel 2.9.8
`playm` holds Pyxel's channel lock while it waits for SDL's audio lock, the opposite order to
SDL's audio thread, and the two can wait for each other for ever (docs/DESIGN.md, Sound).
`play` and `stop` take SDL's lock first, as the audio thread does.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import assert_never

import pyxel

from acquire8.rules import events as ev

RESOURCE = Path(__file__).resolve().parents[2] / "assets" / "acquire8.pyxres"

EFFECT_CHANNEL = 3
MUSIC_CHANNELS = (0, 1, 2)

# Effect name -> sound index in the pyxres.
EFFECTS: dict[str, int] = {
    "move": 0,
    "confirm": 1,
    "refuse": 2,
    "place": 3,
    "found": 4,
    "merge": 5,
    "bonus": 6,
    "buy": 7,
    "declare": 8,
    "win": 9,
    "turn": 10,
}

# Tune name -> (music index in the pyxres, loops?).
MUSICS: dict[str, tuple[int, bool]] = {
    "title": (0, True),
    "play": (1, True),
    "gameover": (2, False),
}


def effect_for(evts: Iterable[ev.Event]) -> str | None:
    """The one effect a batch of rules events deserves: the most important thing that happened."""
    best: tuple[int, str] | None = None
    for e in evts:
        cand = _effect_of(e)
        if cand is not None and (best is None or cand[0] > best[0]):
            best = cand
    return best[1] if best else None


def _effect_of(e: ev.Event) -> tuple[int, str] | None:
    # Higher rank wins: the end of the game outranks the money, which outranks the board.
    match e:
        case ev.GameOver():
            return 70, "win"
        case ev.EndDeclared():
            return 60, "declare"
        case ev.BonusPaid():
            return 50, "bonus"
        case ev.MergerStarted():
            return 40, "merge"
        case ev.ChainFounded():
            return 30, "found"
        case ev.SharesBought():
            return (20, "buy") if e.chains else None
        case ev.TilePlaced():
            return 10, "place"
        case (
            ev.StartTiles()
            | ev.ChainGrew()
            | ev.MarketHolds()
            | ev.MarketBonus()
            | ev.SharesSold()
            | ev.SharesTraded()
            | ev.SharesKept()
            | ev.ChainDefunct()
            | ev.NoPlayableTile()
            | ev.HandReplaced()
            | ev.DeadTilesReplaced()
            | ev.TilesDrawn()
            | ev.TurnStarted()
            | ev.Stalemate()
        ):
            return None  # silent: part of a bigger moment that has its sound, or too small for one
        case _:
            assert_never(e)


def score(music: int) -> list[list[int]]:
    """The sound indices music `music` plays on each music channel (an empty list: silent)."""
    seqs = pyxel.musics[music].seqs
    return [list(seqs[ch]) if ch < len(seqs) else [] for ch in MUSIC_CHANNELS]


class Audio:
    """Plays effects and music; silent (never failing) when the resource file is missing or broken."""

    def __init__(self, music: bool = True, effects: bool = True) -> None:
        self._music_on = music
        self._effects_on = effects
        self._tune: str | None = None  # the tune asked for, playing or not (music off)
        # Each tune's sound sequence per music channel, read once: starting a tune reads no
        # Pyxel music object (see the module's docstring).
        self._scores: dict[str, list[list[int]]] = {}
        self.ready = False
        if RESOURCE.is_file():
            try:
                # Sounds and musics only: the front end owns the image banks and tilemaps.
                pyxel.load(str(RESOURCE), exclude_images=True, exclude_tilemaps=True)
                self._scores = {name: score(index) for name, (index, _) in MUSICS.items()}
                self.ready = True
            except Exception:  # a corrupt resource must not stop the game: run silent
                self.ready = False

    def effect(self, name: str) -> None:
        """Play one effect on the effect channel (cutting the previous effect). Unknown names are ignored."""
        snd = EFFECTS.get(name)
        if snd is None or not (self.ready and self._effects_on):
            return
        pyxel.play(EFFECT_CHANNEL, snd)

    def events(self, evts: list[ev.Event]) -> None:
        """Play the effect for the most important of these rules events (at most one)."""
        name = effect_for(evts)
        if name is not None:
            self.effect(name)

    def music(self, name: str | None) -> None:
        """Switch tune ("title", "play", "gameover") or stop with None; asking again for the same tune
        does nothing (a finished game-over tune is not restarted)."""
        if name is not None and name not in MUSICS:
            return
        if name == self._tune:
            return
        self._tune = name
        self._stop_music()
        if name is not None and self._music_on:
            self._start(name)

    def set_music(self, on: bool) -> None:
        if on == self._music_on:
            return
        self._music_on = on
        if not on:
            self._stop_music()
        elif self._tune is not None and MUSICS[self._tune][1]:
            # Back on: resume a looping tune; a one-shot game-over tune is not replayed.
            self._start(self._tune)

    def set_effects(self, on: bool) -> None:
        self._effects_on = on
        if not on and self.ready:
            pyxel.stop(EFFECT_CHANNEL)

    def _start(self, name: str) -> None:
        if not self.ready:
            return
        loop = MUSICS[name][1]
        for ch, seq in zip(MUSIC_CHANNELS, self._scores[name], strict=True):
            if seq:
                pyxel.play(ch, seq, loop=loop)

    def _stop_music(self) -> None:
        if not self.ready:
            return
        for ch in MUSIC_CHANNELS:
            pyxel.stop(ch)
