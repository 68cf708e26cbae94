import os

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
