#!/usr/bin/env bash
# Installs the system libraries the game builds against (Debian/Ubuntu):
# ALSA, udev (gamepads), Wayland and xkbcommon, found through pkg-config.
#
# With --window-check, also installs what scripts/window-check.sh needs:
# a virtual X server, a software Vulkan driver and the screenshot tools.
set -euo pipefail

packages=(pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev)
if [[ ${1:-} == --window-check ]]; then
    packages+=(xvfb mesa-vulkan-drivers xdotool x11-apps imagemagick)
fi

if ! command -v apt-get >/dev/null; then
    echo "install-deps: no apt-get here; install the equivalents of: ${packages[*]}" >&2
    exit 1
fi

# sudo resets the environment, so pass DEBIAN_FRONTEND through `env`.
as_root=()
if [[ $(id -u) -ne 0 ]]; then
    as_root=(sudo)
fi
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${packages[@]}"
