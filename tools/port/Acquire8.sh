#!/bin/bash
# acquire8: Sid Sackson's Acquire, PICO-8 style, for Linux handhelds.
# With PortMaster it runs on PortMaster's Pyxel runtime; without it, on the device's python3
# (3.11 or newer) and the Pyxel wheel for its CPU that the standalone zip carries.
# Everything it and the game print goes to log.txt in the game's folder.

XDG_DATA_HOME=${XDG_DATA_HOME:-$HOME/.local/share}

if [ -d "/opt/system/Tools/PortMaster/" ]; then
  controlfolder="/opt/system/Tools/PortMaster"
elif [ -d "/opt/tools/PortMaster/" ]; then
  controlfolder="/opt/tools/PortMaster"
elif [ -d "$XDG_DATA_HOME/PortMaster/" ]; then
  controlfolder="$XDG_DATA_HOME/PortMaster"
else
  controlfolder="/roms/ports/PortMaster"
fi

if [ -f "$controlfolder/control.txt" ]; then
  source "$controlfolder/control.txt"
  [ -f "${controlfolder}/mod_${CFW_NAME}.txt" ] && source "${controlfolder}/mod_${CFW_NAME}.txt"
  get_controls
  GAMEDIR="/$directory/ports/acquire8"
else
  controlfolder=""  # no PortMaster: the game's folder is the one beside this script
  GAMEDIR="$(cd "$(dirname "$0")" && pwd -P)/acquire8"
fi

cd "$GAMEDIR" || exit 1
> "$GAMEDIR/log.txt" && exec > >(tee "$GAMEDIR/log.txt") 2>&1

# The game's data (settings, the saved game, stats), its compiled copy and Pyxel's unpacked
# .pyxapp all stay in the game's folder: nothing is written to the home folder, and no other
# Pyxel version's clean-up of the shared temp folder meets ours.
mkdir -p "$GAMEDIR/conf" "$GAMEDIR/tmp"
export ACQUIRE8_DATA_DIR="$GAMEDIR/conf"
export ACQUIRE8_CACHE_DIR="$GAMEDIR/cache"
export TMPDIR="$GAMEDIR/tmp"
export ACQUIRE8_ARGS="--fullscreen"
PYXAPP="$GAMEDIR/acquire8.pyxapp"

if [ -n "$controlfolder" ]; then
  runtime="pyxel_2.9.5_python_3.11"
  export pyxel_dir="$HOME/$runtime"
  mkdir -p "$pyxel_dir"

  if [ ! -f "$controlfolder/libs/${runtime}.squashfs" ]; then
    if [ ! -f "$controlfolder/harbourmaster" ]; then
      pm_message "acquire8 needs the latest PortMaster to run, please go to https://portmaster.games/ for more info."
      sleep 5
      exit 1
    fi
    $ESUDO "$controlfolder/harbourmaster" --quiet --no-check runtime_check "${runtime}.squashfs"
  fi
  if [ ! -f "$controlfolder/libs/${runtime}.squashfs" ]; then
    pm_message "acquire8 needs PortMaster's runtime ${runtime}, which could not be downloaded."
    sleep 5
    exit 1
  fi

  if [[ "$PM_CAN_MOUNT" != "N" ]]; then
    $ESUDO umount "$pyxel_dir" 2>/dev/null
  fi
  $ESUDO mount "$controlfolder/libs/${runtime}.squashfs" "$pyxel_dir"

  # libffi for ctypes, which Pyxel imports, is in the runtime's libs.<arch>.
  export LD_LIBRARY_PATH="$pyxel_dir/libs.${DEVICE_ARCH}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  export SDL_GAMECONTROLLERCONFIG="$sdl_controllerconfig"

  # The runtime's python3.11 runs the game itself (`-m pyxel`), so that is the process the
  # hotkey (Start+Select) ends.
  $GPTOKEYB "python3.11" &
  pm_platform_helper "$pyxel_dir/bin/python3.11"

  source "$pyxel_dir/bin/activate"
  export PYTHONHOME="$pyxel_dir"
  "$pyxel_dir/bin/python3.11" -m pyxel play "$PYXAPP"

  if [[ "$PM_CAN_MOUNT" != "N" ]]; then
    $ESUDO umount "$pyxel_dir"
  fi
  pm_finish
else
  PYTHON=${ACQUIRE8_PYTHON:-python3}
  if ! command -v "$PYTHON" >/dev/null 2>&1; then
    echo "acquire8: no python3 on this device: install PortMaster (portmaster.games), or Python 3.11 or newer."
    exit 1
  fi
  # One look at the Python (each start of it costs half a second on a slow handheld): new
  # enough, a Pyxel of its own (2.9.5 or newer: built for the device), its word size.
  # shellcheck disable=SC2046
  set -- $("$PYTHON" -c '
import struct, sys
try:
    import pyxel
    own = tuple(map(int, pyxel.VERSION.split(".")[:3])) >= (2, 9, 5)
except Exception:
    own = False
print(int(sys.version_info >= (3, 11)), int(own), struct.calcsize("P") * 8)' 2>/dev/null)
  if [ "$1" != 1 ]; then
    echo "acquire8: $("$PYTHON" -V 2>&1) is too old: acquire8 needs Python 3.11 or newer, or PortMaster."
    exit 1
  fi
  # Else the wheel for this CPU, unpacked once into the game's folder (a wheel is a zip: no
  # pip, venv or ensurepip).
  if [ "$2" != 1 ]; then
    arch=$(uname -m)
    case "$arch" in
      aarch64 | arm64 | armv7* | armv8*)  # the Python's word size decides: 32-bit systems run on 64-bit kernels too
        if [ "$3" = 32 ]; then arch=armv7l; else arch=aarch64; fi ;;
    esac
    wheel=""
    for found in "$GAMEDIR"/wheels/pyxel-*_"$arch".whl; do
      [ -f "$found" ] && wheel=$found
    done
    if [ -z "$wheel" ]; then
      echo "acquire8: no Pyxel for this CPU ($arch): the standalone zip has Pyxel for aarch64 and armv7l; on other devices install PortMaster or Pyxel."
      exit 1
    fi
    lib="$GAMEDIR/lib.$arch"
    if [ ! -f "$lib/$(basename "$wheel").unpacked" ]; then
      echo "acquire8: first start: unpacking $(basename "$wheel") into $lib"
      rm -rf "$lib" "$lib.new"
      if ! "$PYTHON" -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$wheel" "$lib.new"; then
        rm -rf "$lib.new"
        echo "acquire8: $(basename "$wheel") could not be unpacked into $GAMEDIR (see above)."
        exit 1
      fi
      touch "$lib.new/$(basename "$wheel").unpacked"
      mv "$lib.new" "$lib"
    fi
    export PYTHONPATH="$lib${PYTHONPATH:+:$PYTHONPATH}"
  fi
  "$PYTHON" -m pyxel play "$PYXAPP"
fi
