# The two commands a player or developer needs: `make run` and `make test`.
# Both create .venv and install what they need on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
READY := $(VENV)/.ready
# Tests, benchmarks and checks make no sound; `make run` keeps the player's SDL_AUDIODRIVER.
SILENT := SDL_AUDIODRIVER=dummy

.PHONY: run test bench lint format simulate clean sounds arena screenshots

# The version is read from acquire8/__init__.py: a bump must reinstall the package's metadata.
$(READY): pyproject.toml acquire8/__init__.py
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11) and "acquire8 needs Python 3.11+")'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

run: $(READY)
	$(PY) -m acquire8

test: $(READY)
	$(SILENT) $(PY) -m pytest

bench: $(READY)
	$(SILENT) $(PY) -m bench

lint: $(READY)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

format: $(READY)
	$(VENV)/bin/ruff format .
	$(VENV)/bin/ruff check --fix .

simulate: $(READY)
	$(PY) -m acquire8 simulate --games 20 --seed 1

# Every computer level in a short seat-rotated arena, then the rating ladder of all levels
# from mixed games with its intervals (minutes; the expert plays fewer games, it thinks
# 500 ms a move). Full runs: python -m acquire8.ai.arena --help, python -m acquire8.ai.ladder --help.
arena: $(READY)
	$(PY) -m acquire8.ai.arena --table --games 200 --seed 1 --jobs 2
	$(PY) -m acquire8.ai.ladder --deals 40 --expert-deals 3 --seed 1 --jobs 2

# Rebuild the sounds and music in assets/acquire8.pyxres from tools/make_sounds.py.
sounds: $(READY)
	$(PY) tools/make_sounds.py

# The key screens as PNGs (scale 4) in docs/screenshots/, for the README.
screenshots: $(READY)
	$(PY) tools/screenshots.py --out docs/screenshots --scale 4

clean:
	rm -rf $(VENV) dist build *.egg-info .pytest_cache .ruff_cache tools/web/node_modules

# --- shipping: web export, web check under Pyodide, handheld folder -------------
.PHONY: web web-check port handheld handheld-check pyxel-check
WEB_NODE := tools/web/node_modules/.ready

# dist/acquire8.pyxapp and dist/acquire8.html from the game's own files (docs/HANDHELD.md).
web: $(READY)
	$(PY) tools/build.py web

# Everything but Pyxel under Pyodide in Node: rules, computer players (decision times),
# controllers and storage (with a localStorage stand-in), from the .pyxapp that ships.
$(WEB_NODE): tools/web/package.json tools/web/package-lock.json
	@command -v npm >/dev/null || { echo "make web-check needs Node.js 18+ and npm"; exit 1; }
	cd tools/web && npm ci --no-audit --no-fund --loglevel=error
	touch $@

web-check: web $(WEB_NODE)
	$(SILENT) timeout 300 node tools/web/check.mjs dist/acquire8.pyxapp 20

# dist/port/acquire8.zip, the PortMaster port (README: On a handheld; docs/HANDHELD.md), and
# dist/port/acquire8-standalone.zip, the same with Pyxel's aarch64 and armv7l wheels (downloaded once).
port: $(READY)
	$(PY) tools/build.py port

handheld: port

# The port on emulated handhelds (needs root: builds arm64 and armhf Debian roots under ~/.cache
# once): with a stand-in PortMaster and its Pyxel runtime, without PortMaster, and on armv7l.
handheld-check: port
	$(SILENT) $(PY) tools/handheld_check.py $(HANDHELD_ARGS)

# The shipped .pyxapp played headless, title to final standings, on the oldest Pyxel the game
# supports (PortMaster's runtime's) and on the current one.
PYXEL_OLDEST := 2.9.5
PYXEL_OLDEST_DIR := build/pyxel-$(PYXEL_OLDEST)
$(PYXEL_OLDEST_DIR)/.ready:
	rm -rf $(PYXEL_OLDEST_DIR)
	$(PY) -m pip install --quiet --no-deps --target $(PYXEL_OLDEST_DIR) pyxel==$(PYXEL_OLDEST)
	touch $@

# A game that hangs is killed and fails the check: it is never run again to hide it.
pyxel-check: web $(PYXEL_OLDEST_DIR)/.ready
	timeout -s KILL 300 env $(SILENT) PYTHONPATH=$(PYXEL_OLDEST_DIR) $(PY) tools/device_drive.py dist/acquire8.pyxapp \
		--expect-pyxel $(PYXEL_OLDEST) --summary
	timeout -s KILL 300 env $(SILENT) $(PY) tools/device_drive.py dist/acquire8.pyxapp --summary
