"""acquire8: Sid Sackson's Acquire as a PICO-8-style game on the Pyxel engine."""

# The one place the version is written: pyproject.toml reads it from here (so the package's
# metadata agrees), and it ships inside the .pyxapp, where no package metadata exists.
__version__ = "0.1.0"
