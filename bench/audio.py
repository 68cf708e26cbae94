"""Music starts: how often a tune's channels start apart (one audio tick or more).

A tune starts as one `pyxel.play` per music channel (acquire8/app/audio.py), each taking SDL's
audio lock on its own, so SDL's audio thread may render a buffer between two of them. Each run
starts the play tune STARTS times with SDL's real audio thread running (dummy driver) and reads
the channels' positions at once, the first channel first: a first channel found ahead of a later
one started apart (a read late would show the later one ahead instead).

    python -m bench.audio [--starts N]
"""

from __future__ import annotations

import argparse
import os

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def report(starts: int = 2000) -> dict:
    from acquire8.app.audio import MUSIC_CHANNELS, Audio
    from bench.frames import _pyxel

    pyxel = _pyxel()  # the one init of this process

    audio = Audio()
    apart: list[float] = []
    for _ in range(starts):
        audio.music(None)
        audio.music("play")
        secs = [(pyxel.play_pos(ch) or (0, 0.0))[1] for ch in MUSIC_CHANNELS]
        if secs[0] > min(secs[1:]):
            apart.append(1000 * (secs[0] - min(secs[1:])))
    audio.music(None)
    return {"starts": starts, "apart": len(apart), "apart_ms_max": max(apart, default=0.0)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--starts", type=int, default=2000)
    r = report(parser.parse_args().starts)
    print(
        f"music starts: {r['apart']} of {r['starts']} had a channel start apart"
        f" (by up to {r['apart_ms_max']:.1f} ms)"
    )


if __name__ == "__main__":
    main()
