"""Audio: rules events trigger the right effect, settings silence it, music switches, the asset is complete.

Calls into Pyxel are recorded by wrapping pyxel.play/stop (the real functions still run, on
the dummy SDL audio driver; pyxel.playm fails the test: it can deadlock, see audio.py), and some
checks read the real channel state with pyxel.play_pos.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from test_app_text import ONE_OF_EACH

from acquire8.app import audio as audio_mod
from acquire8.app.audio import EFFECT_CHANNEL, EFFECTS, MUSIC_CHANNELS, MUSICS, RESOURCE, Audio, effect_for
from acquire8.rules import events as ev

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def calls(pyxel_headless, monkeypatch):
    """Every play/stop call, in order, as tuples."""
    pyxel = pyxel_headless
    pyxel.stop()
    log: list[tuple] = []
    real_play, real_stop = pyxel.play, pyxel.stop

    def play(ch, snd, *args, loop=False, **kw):
        log.append(("play", ch, snd) if ch == EFFECT_CHANNEL else ("play", ch, snd, loop))
        real_play(ch, snd, *args, loop=loop, **kw)

    def playm(*args, **kw):
        raise AssertionError("pyxel.playm can deadlock with SDL's audio thread (Pyxel 2.9.8+)")

    def stop(ch=None):
        log.append(("stop", ch))
        real_stop() if ch is None else real_stop(ch)

    monkeypatch.setattr(pyxel, "play", play)
    monkeypatch.setattr(pyxel, "playm", playm)
    monkeypatch.setattr(pyxel, "stop", stop)
    yield log
    real_stop()


def plays(log: list[tuple]) -> list[tuple]:
    return [c for c in log if c[0] == "play"]


def tune(name: str) -> list[tuple]:
    """The calls that start tune `name`: one play per music channel with a part, in step."""
    import pyxel

    index, loop = MUSICS[name]
    seqs = pyxel.musics[index].seqs
    parts = [(ch, list(seqs[ch])) for ch in MUSIC_CHANNELS if ch < len(seqs) and len(seqs[ch])]
    assert len(parts) >= 2, name
    return [("play", ch, seq, loop) for ch, seq in parts]


# A sample of each event the game emits, built like the rules core builds them.
PLACED = ev.TilePlaced(0, "You", "5E", "lone")
FOUNDED = ev.ChainFounded(0, "You", "T", 2, True)
MERGER = ev.MergerStarted(0, "You", "T", ("L",))
BONUS = ev.BonusPaid(1, "Ana", "L", 3000, "majority")
BOUGHT = ev.SharesBought(0, "You", ("T", "T"), 600)
BOUGHT_NOTHING = ev.SharesBought(0, "You", (), 0)
DECLARED = ev.EndDeclared(0, "You")
OVER = ev.GameOver(-1, "", (6000, 5000), (0,), ("You", "Ana"), ev.Ending("all safe"))
TURN = ev.TurnStarted(1, "Ana")
DRAWN = ev.TilesDrawn(0, "You", ("1A",))
SOUNDED = {type(e) for e in (PLACED, FOUNDED, MERGER, BONUS, BOUGHT, DECLARED, OVER)}


@pytest.mark.parametrize(
    ("event", "name"),
    [
        (PLACED, "place"),
        (FOUNDED, "found"),
        (MERGER, "merge"),
        (BONUS, "bonus"),
        (BOUGHT, "buy"),
        (DECLARED, "declare"),
        (OVER, "win"),
    ],
)
def test_each_event_plays_its_effect_on_the_effect_channel(calls, event, name):
    Audio().events([event])
    assert plays(calls) == [("play", EFFECT_CHANNEL, EFFECTS[name])]
    assert audio_mod.pyxel.play_pos(EFFECT_CHANNEL) is not None  # really sounding


@pytest.mark.parametrize("batch", [[], [BOUGHT_NOTHING], [TURN, DRAWN], [ev.Stalemate(-1, "")]])
def test_events_without_a_sound_play_nothing(calls, batch):
    Audio().events(batch)
    assert plays(calls) == []


# Every event reaches the sounds' dispatch (one that forgot an event would fail in it): the
# ones above play their effect, any other plays nothing.
@pytest.mark.parametrize("event", ONE_OF_EACH, ids=lambda e: type(e).__name__)
def test_every_event_plays_its_effect_or_nothing(calls, event):
    Audio().events([event])
    assert (plays(calls) != []) == (type(event) in SOUNDED)


@pytest.mark.parametrize(
    ("batch", "name"),
    [
        ([PLACED, FOUNDED, BOUGHT, DRAWN, TURN], "found"),
        ([PLACED, MERGER, BONUS, BONUS, BOUGHT], "bonus"),
        ([PLACED, MERGER], "merge"),
        ([PLACED, BOUGHT, DRAWN], "buy"),
        ([PLACED, DECLARED, BONUS, OVER], "win"),
        ([BONUS, DECLARED], "declare"),
    ],
)
def test_a_batch_plays_only_its_most_important_effect(calls, batch, name):
    assert effect_for(batch) == name
    Audio().events(batch)
    assert plays(calls) == [("play", EFFECT_CHANNEL, EFFECTS[name])]


def test_effect_by_name_and_unknown_names_ignored(calls):
    audio = Audio()
    for name in EFFECTS:
        audio.effect(name)
    audio.effect("no-such-sound")
    assert plays(calls) == [("play", EFFECT_CHANNEL, EFFECTS[n]) for n in EFFECTS]


def test_effects_off_plays_nothing_and_silences_the_channel(calls, pyxel_headless):
    audio = Audio(effects=False)
    audio.effect("win")
    audio.events([OVER, PLACED])
    assert plays(calls) == []
    audio.set_effects(True)
    audio.effect("win")
    assert pyxel_headless.play_pos(EFFECT_CHANNEL) is not None
    audio.set_effects(False)
    assert pyxel_headless.play_pos(EFFECT_CHANNEL) is None
    audio.effect("move")
    assert plays(calls) == [("play", EFFECT_CHANNEL, EFFECTS["win"])]


def test_music_switches_and_does_not_restart_the_same_tune(calls, pyxel_headless):
    audio = Audio()
    audio.music("title")
    audio.music("title")
    assert plays(calls) == tune("title")
    assert all(pyxel_headless.play_pos(ch) is not None for _, ch, *_ in tune("title"))
    audio.music("play")
    audio.music("gameover")
    audio.music("gameover")
    assert plays(calls) == tune("title") + tune("play") + tune("gameover")
    audio.music(None)
    assert all(pyxel_headless.play_pos(ch) is None for ch in MUSIC_CHANNELS)
    audio.music("gameover")  # after silence the same tune is asked for anew
    assert plays(calls)[-len(tune("gameover")) :] == tune("gameover")


def test_music_leaves_the_effect_channel_alone(calls, pyxel_headless):
    audio = Audio()
    audio.effect("win")
    audio.music("title")
    audio.music(None)
    assert pyxel_headless.play_pos(EFFECT_CHANNEL) is not None
    assert ("stop", None) not in calls[1:] and ("stop", EFFECT_CHANNEL) not in calls


def test_music_off_plays_nothing_and_resumes_a_loop_when_turned_back_on(calls, pyxel_headless):
    audio = Audio(music=False)
    audio.music("play")
    assert plays(calls) == []
    audio.set_music(True)  # the tune asked for while music was off
    assert plays(calls) == tune("play")
    audio.set_music(False)
    assert all(pyxel_headless.play_pos(ch) is None for ch in MUSIC_CHANNELS)
    audio.music("gameover")
    audio.set_music(True)  # a finished-or-not one-shot tune is not replayed out of context
    assert plays(calls) == tune("play")


@pytest.mark.parametrize("content", [None, b"not a zip", b"PK\x03\x04truncated"])
def test_missing_or_corrupt_resource_runs_silent(calls, monkeypatch, tmp_path, content):
    path = tmp_path / "acquire8.pyxres"
    if content is not None:
        path.write_bytes(content)
    monkeypatch.setattr(audio_mod, "RESOURCE", path)
    audio = Audio()
    assert not audio.ready
    audio.effect("win")
    audio.events([OVER])
    audio.music("title")
    audio.set_music(False)
    audio.set_music(True)
    audio.set_effects(False)
    assert plays(calls) == []


def _snapshot(pyxel) -> tuple:
    sounds = tuple(
        (list(s.notes), list(s.tones), list(s.volumes), list(s.effects), s.speed) for s in pyxel.sounds
    )
    # Saving drops a tune's trailing unused channels, so compare without them.
    musics = []
    for m in pyxel.musics:
        seqs = [list(seq) for seq in m.seqs]
        while seqs and not seqs[-1]:
            seqs.pop()
        musics.append(seqs)
    return sounds, tuple(musics)


def _seconds(pyxel, index: int) -> float:
    s = pyxel.sounds[index]
    return len(s.notes) * s.speed / 120


def test_resource_has_every_effect_and_tune(pyxel_headless):
    pyxel = pyxel_headless
    assert Audio().ready
    for name, index in EFFECTS.items():
        snd = pyxel.sounds[index]
        assert snd.notes and any(v > 0 for v in snd.volumes), name
        # Effects stay short so they never lag behind play; only the winner's fanfare lingers.
        assert _seconds(pyxel, index) <= (2.0 if name == "win" else 0.7), name
    assert _seconds(pyxel, EFFECTS["move"]) <= 0.1  # the cursor blip sounds on every step
    for name, (index, _) in MUSICS.items():
        seqs = [list(seq) for seq in pyxel.musics[index].seqs]
        used = [seq for seq in seqs if seq]
        assert len(used) >= 2, name
        assert not (len(seqs) > EFFECT_CHANNEL and seqs[EFFECT_CHANNEL]), f"{name} uses the effect channel"
        lengths = {sum(_seconds(pyxel, i) for i in seq) for seq in used}
        assert len(lengths) == 1, f"{name}: channels out of step {lengths}"
        assert all(pyxel.sounds[i].notes for seq in used for i in seq)
        seconds = lengths.pop()
        if name == "gameover":
            assert 3 <= seconds <= 12
        else:
            assert seconds >= 15  # a loop long enough not to grate (8+ bars)


def test_resource_is_what_make_sounds_builds(pyxel_headless):
    """The committed asset is reproducible: rebuilding in memory gives the same sounds and musics."""
    pyxel = pyxel_headless
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_sounds
    finally:
        sys.path.remove(str(ROOT / "tools"))
    Audio()
    loaded = _snapshot(pyxel)
    try:
        make_sounds.build()
        assert _snapshot(pyxel) == loaded, "assets/acquire8.pyxres is stale: run `make sounds`"
    finally:
        pyxel.load(str(RESOURCE), exclude_images=True, exclude_tilemaps=True)
