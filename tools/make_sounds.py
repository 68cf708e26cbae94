"""Build the sounds and music of assets/acquire8.pyxres, reproducibly (`make sounds`).

Everything audible is written here as data; the result stays editable with `pyxel edit`, but
re-running this script overwrites every sound and music slot (image banks and tilemaps already in the
file are kept). Sound and music indices come from acquire8.app.audio, the module that plays them.

    python tools/make_sounds.py              # write assets/acquire8.pyxres
    python tools/make_sounds.py --wav DIR    # also render every effect and tune to DIR/*.wav, with levels

Notation: a voice is a string of tokens "NOTE:LEN" (LEN in steps, default 1), NOTE being a Pyxel
note name (c2 is middle C, a2 is 440 Hz; sharps '#', flats '-') or 'r' for a rest. An instrument
turns each note into per-step tone, volume and effect (envelopes, vibrato, fade-out articulation).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pyxel  # noqa: E402

from acquire8.app.audio import EFFECTS, MUSICS, RESOURCE  # noqa: E402

MAX_STEPS = 48  # the longest sound `pyxel edit` can show


@dataclass(frozen=True)
class Step:
    note: str  # Pyxel note name or "r"
    tone: str  # t s p n
    vol: int  # 0-7
    fx: str  # n s v f h q


Instrument = Callable[[str, int], list[Step]]


def instrument(tone: str, env: tuple[int, ...], vibrato_from: int = 0, legato: bool = False) -> Instrument:
    """A voice: volume envelope per step (last value held), vibrato on long notes, fade on the last step.

    legato: a one-step note does not fade, so quick runs stay smooth.
    """

    def play(note: str, length: int) -> list[Step]:
        if note == "r":
            return [Step("r", tone, 0, "n")] * length
        steps = []
        for i in range(length):
            vol = env[min(i, len(env) - 1)]
            fx = "v" if vibrato_from and length >= vibrato_from + 2 and i >= vibrato_from else "n"
            if i == length - 1 and not (legato and length == 1):
                fx = "f"
            steps.append(Step(note, tone, vol, fx))
        return steps

    return play


def voice(score: str, inst: Instrument) -> list[Step]:
    steps: list[Step] = []
    for token in score.split():
        note, _, length = token.partition(":")
        steps += inst(note.lower(), int(length or 1))
    return steps


def raw(notes: str, tones: str, vols: str, fxs: str) -> list[Step]:
    """Steps spelled out one by one (for effects), each field a space-separated list."""
    n, t, v, f = notes.split(), tones.split(), vols.split(), fxs.split()
    assert len(n) == len(t) == len(v) == len(f), (n, t, v, f)
    return [Step(a, b, int(c), d) for a, b, c, d in zip(n, t, v, f, strict=True)]


def store(index: int, steps: list[Step], speed: int) -> None:
    assert 0 < len(steps) <= MAX_STEPS, (index, len(steps))
    pyxel.sounds[index].set(
        " ".join(s.note for s in steps),
        "".join(s.tone for s in steps),
        "".join(str(s.vol) for s in steps),
        "".join(s.fx for s in steps),
        speed,
    )


# ---------------------------------------------------------------- instruments (music)
LEAD = instrument("p", (5, 5, 4, 4, 4, 3), vibrato_from=3, legato=True)  # pulse melody
SOFT_LEAD = instrument("s", (4, 4, 3, 3, 3, 2), vibrato_from=4, legato=True)  # mellow square melody
ARP = instrument("s", (2, 1))  # quiet square arpeggio filling the harmony
SOFT_ARP = instrument("t", (2, 1))  # triangle arpeggio, warmer, for the long in-game loop
SOFT_BASS = instrument("t", (4, 3, 3))  # in-game bass: the loop plays for long, keep it low
BASS = instrument("t", (5, 4, 3, 3))  # triangle bass (triangle is twice as loud as square at equal volume)
PAD = instrument("t", (3, 2, 2, 2))  # triangle chord tones, held


# A soft noise tick on the off-beats, kept in the bass voice so a tune needs only channels 0-2
# (channel 3 is the effects').
HAT = Step("f4", "n", 2, "f")


def bass_line(score: str, inst: Instrument = BASS) -> list[Step]:
    """Bass score whose 'HAT' tokens become noise ticks: 'c1:2 HAT r:1' is one beat."""
    steps: list[Step] = []
    for token in score.split():
        steps += [HAT] if token == "HAT" else voice(token, inst)
    return steps


def arp(chords: str, pattern: tuple[int, ...], length: int) -> str:
    """An arpeggio score: for each 'chord/beats' (e.g. 'c2.e2.g2/4') cycle the pattern over its beats."""
    out = []
    for item in chords.split():
        tones, _, beats = item.partition("/")
        notes = tones.split(".")
        n = int(beats) * 4 // length
        out += [f"{notes[pattern[i % len(pattern)] % len(notes)]}:{length}" for i in range(n)]
    return " ".join(out)


# ---------------------------------------------------------------- effects
def make_effects() -> dict[str, tuple[list[Step], int]]:
    """name -> (steps, speed). Speed is 1/120 s per step."""
    return {
        # A tiny upward tick: must stay unobtrusive, it sounds on every cursor step.
        "move": (raw("a3 e4", "p p", "4 3", "n f"), 2),
        # Bright two-note "yes".
        "confirm": (raw("e3 b3 b3", "s s s", "5 5 3", "n n f"), 4),
        # Low buzz falling a tritone: clearly "no" without being harsh.
        "refuse": (raw("c2 c2 f#1 f#1 f#1", "s s s s s", "7 5 7 6 4", "n f n v f"), 5),
        # A tile clicks onto the board: noise tap over a short low thump.
        "place": (raw("c4 c2 g1", "n t t", "4 6 4", "f n f"), 3),
        # Chain founded: rising major arpeggio with a soft echo.
        "found": (raw("c3 e3 g3 c4 c4 g3 c4", "p p p p p p p", "6 6 6 6 5 2 2", "n n n n f n f"), 5),
        # Merger: a swoosh down (slide) and a V-I punch.
        "merge": (
            raw("c4 c2 r g2 g2 c3 c3 c3", "s s s p p p p p", "5 6 0 6 5 7 6 5", "n s n n f n n f"),
            5,
        ),
        # Cash register: mechanical "ka-chunk" (two noise hits), then a shimmering bell "ching".
        "bonus": (
            raw(
                "c3 r g2 r g4 b4 g4 b4 g4 b4 g4 b4 g4 b4 g4 b4",
                "n n n n s s s s s s s s s s s s",
                "6 0 5 0 7 7 6 6 5 5 4 4 3 3 2 2",
                "f n f n n n n n n n n n n n n f",
            ),
            3,
        ),
        # Shares bought: a soft coin "plink", frequent, so kept short and quiet.
        "buy": (raw("b3 e4 e4 e4", "p p p p", "4 5 4 2", "n n n f"), 4),
        # End declared: a bugle call, last note held with vibrato.
        "declare": (
            raw(
                "g2 r c3 r e3 r g3 g3 g3 g3 g3 g3",
                "p p p p p p p p p p p p",
                "6 0 6 0 6 0 7 7 6 6 5 4",
                "f n f n f n n v v v v f",
            ),
            6,
        ),
        # Your turn: two clear rising chimes, so a player looking away hears the game wait.
        "turn": (raw("e3 r a3 a3 a3", "t t t t t", "6 0 7 5 3", "n n n n f"), 6),
        # Winner: a fanfare in C, to sit over the game-over tune's opening C chord.
        "win": (
            voice("g2:2 g2:1 g2:1 c3:4 e3:2 d3:1 e3:1 g3:4 e3:2 g3:2 c4:10", instrument("p", (6, 6, 5), 3)),
            7,
        ),
    }


# ---------------------------------------------------------------- music
@dataclass(frozen=True)
class Tune:
    speed: int
    channels: tuple[list[list[Step]], ...]  # per channel, its sounds (each a list of steps)


def split(steps: list[Step], size: int) -> list[list[Step]]:
    assert len(steps) % size == 0, (len(steps), size)
    return [steps[i : i + size] for i in range(0, len(steps), size)]


def title_tune() -> Tune:
    """Title: a bright, bouncy 8 bars in C at 120 bpm (a sixteenth per step)."""
    melody = (
        "e3:3 d3:1 c3:2 e3:2 g3:4 e3:4 "  # C
        "a3:3 g3:1 e3:2 c3:2 e3:8 "  # Am
        "f3:3 e3:1 d3:2 f3:2 a3:4 f3:4 "  # Dm
        "g3:6 f3:2 e3:2 d3:2 b2:4 "  # G
        "e3:3 d3:1 c3:2 e3:2 g3:4 c4:4 "  # C
        "a3:3 b3:1 c4:2 a3:2 e3:8 "  # Am
        "f3:2 a3:2 c4:4 b3:2 g3:2 f3:2 d3:2 "  # F G
        "c3:2 e3:2 g3:2 c4:6 r:4"  # C
    )
    chords = (
        "c2.e2.g2/4 a1.c2.e2/4 d2.f2.a2/4 g1.b1.d2/4 c2.e2.g2/4 a1.c2.e2/4 f1.a1.c2/2 g1.b1.d2/2 c2.e2.g2/4"
    )
    beats = (
        "c1 c1 g1 c1  a1 a1 e1 a1  d1 d1 a1 d1  g1 g1 d1 g1  "
        "c1 c1 g1 c1  a1 a1 e1 a1  f1 c1 g1 d1  c1 g1 c1 c1"
    )
    bass = " ".join(f"{b}:2 HAT r:1" for b in beats.split())
    return Tune(
        15,
        (
            split(voice(melody, LEAD), 32),
            split(voice(arp(chords, (0, 1, 2, 1), 2), ARP), 32),
            split(bass_line(bass), 32),
        ),
    )


def play_tune() -> Tune:
    """In-game: a calm 16-bar loop in F at 90 bpm (F Em7 Dm7 C Bb Am7 Gm7 C7, twice); soft square
    melody over a quiet triangle arpeggio, mostly consonant so it wears well over a long game."""
    melody_a = (
        "c3:4 a2:2 f2:2 g2:4 a2:4 "  # F
        "g2:6 e2:2 d2:8 "  # Em7
        "d2:2 f2:2 a2:4 c3:4 a2:4 "  # Dm7
        "g2:12 r:4 "  # C
        "b-2:4 d3:2 b-2:2 c3:4 f2:4 "  # Bb(add9)
        "a2:6 g2:2 e2:8 "  # Am7
        "g2:2 a2:2 b-2:4 d3:4 c3:4 "  # Gm7
        "c3:12 r:4"  # C7
    )
    melody_b = (
        "a2:2 c3:2 f3:4 d3:4 c3:4 "  # F
        "d3:6 c3:2 b2:4 g2:4 "  # Em7
        "a2:4 f2:2 a2:2 d3:4 c3:4 "  # Dm7
        "c3:2 a2:2 g2:4 e2:4 r:4 "  # C
        "f2:2 b-2:2 d3:4 f3:4 d3:4 "  # Bb(add9)
        "e3:6 c3:2 a2:8 "  # Am7
        "b-2:4 a2:2 g2:2 f2:4 d2:4 "  # Gm7
        "g2:4 e2:8 r:4"  # C7 (the turn back to bar 1)
    )
    chords = (
        "f2.a2.c3.f3/4 e2.g2.b2.d3/4 d2.f2.a2.c3/4 c2.e2.g2.c3/4 "
        "b-1.d2.f2.c3/4 a1.c2.e2.g2/4 g1.b-1.d2.f2/4 c2.e2.g2.b-2/4"
    )
    beats = (
        "f1 f1 c2 f1  e1 e1 b1 e1  d1 d1 a1 d1  c1 c1 g1 c1  "
        "b-1 b-1 f1 b-1  a1 a1 e1 a1  g1 g1 d1 g1  c1 c1 g1 b-1"
    )
    bass = " ".join(f"{b}:3 HAT" for b in beats.split())
    arp_steps = split(voice(arp(chords, (0, 2, 1, 3), 2), SOFT_ARP), 32)
    bass_steps = split(bass_line(bass, SOFT_BASS), 32)
    return Tune(
        20,
        (
            split(voice(melody_a + " " + melody_b, SOFT_LEAD), 32),
            arp_steps + arp_steps,  # the harmony repeats under the second melody
            bass_steps + bass_steps,
        ),
    )


def gameover_tune() -> Tune:
    """Game over: 4 bars in C, not looping. Bar 1 is a held C chord so the winner's fanfare
    (channel 3, same key) sits on top of it; then a gentle cadence."""
    melody = "r:16 a3:4 g3:4 f3:4 c3:4 d3:4 e3:2 f3:2 b2:4 d3:4 c3:16"
    harmony = "e2:16 c2:4 a1:4 f2:8 f2:8 d2:8 e2:16"
    bass = "c1:16 f1:16 g1:16 c1:16"
    return Tune(
        16,
        (
            split(voice(melody, LEAD), 32),
            split(voice(harmony, PAD), 32),
            split(voice(bass, instrument("t", (4, 4, 4, 3, 3, 3, 2))), 32),
        ),
    )


# Sounds 0-10 are the effects (see EFFECTS); tunes take the slots from here on.
FIRST_MUSIC_SOUND = 16


def build() -> dict[str, float]:
    """Fill pyxel.sounds / pyxel.musics; return each sound's length in seconds (for the report)."""
    for snd in pyxel.sounds:
        snd.set("", "", "", "", 1)
    for msc in pyxel.musics:
        msc.set([], [], [], [])

    lengths: dict[str, float] = {}
    for name, (steps, speed) in make_effects().items():
        store(EFFECTS[name], steps, speed)
        lengths[name] = len(steps) * speed / 120
    assert set(lengths) == set(EFFECTS), "every named effect needs a sound"

    tunes = {"title": title_tune(), "play": play_tune(), "gameover": gameover_tune()}
    assert set(tunes) == set(MUSICS)
    index = FIRST_MUSIC_SOUND
    for name, tune in tunes.items():
        seqs: list[list[int]] = []
        totals = {sum(len(s) for s in ch) for ch in tune.channels}
        assert len(totals) == 1, f"{name}: channels differ in length {totals}"  # they must stay in step
        for channel in tune.channels:
            seq = []
            for steps in channel:
                store(index, steps, tune.speed)
                seq.append(index)
                index += 1
            seqs.append(seq)
        assert index <= pyxel.NUM_SOUNDS, "out of sound slots"
        pyxel.musics[MUSICS[name][0]].set(*seqs, [])  # channel 3 stays free for effects
        lengths[name] = totals.pop() * tune.speed / 120
    return lengths


def wav_levels(path: Path) -> tuple[float, float]:
    """Peak and RMS (0..1) of a 16-bit WAV, to check the mix without listening."""
    import array
    import wave

    with wave.open(str(path)) as w:
        frames = array.array("h", w.readframes(w.getnframes()))
    if not frames:
        return 0.0, 0.0
    peak = max(abs(x) for x in frames) / 32768
    rms = (sum(x * x for x in frames) / len(frames)) ** 0.5 / 32768
    return peak, rms


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=RESOURCE)
    parser.add_argument("--wav", type=Path, help="also render every effect and tune to WAV files here")
    args = parser.parse_args(argv)

    pyxel.init(128, 128, headless=True)
    if args.out.is_file():
        pyxel.load(str(args.out))  # keep image banks and tilemaps someone drew with `pyxel edit`
    lengths = build()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pyxel.save(str(args.out))
    print(f"wrote {args.out}")
    for name, index in EFFECTS.items():
        print(f"  sound {index:2d}  {name:8s} {lengths[name]:.2f}s")
    for name, (index, loop) in MUSICS.items():
        print(f"  music {index}   {name:8s} {lengths[name]:.1f}s {'loop' if loop else 'once'}")

    if args.wav:
        args.wav.mkdir(parents=True, exist_ok=True)
        for name, index in EFFECTS.items():
            path = args.wav / f"effect_{index}_{name}.wav"
            pyxel.sounds[index].save(str(path), lengths[name] + 0.1)
            print(f"  {path.name}: peak %.2f rms %.3f" % wav_levels(path))
        for name, (index, _) in MUSICS.items():
            path = args.wav / f"music_{index}_{name}.wav"
            pyxel.musics[index].save(str(path), lengths[name])
            print(f"  {path.name}: peak %.2f rms %.3f" % wav_levels(path))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
