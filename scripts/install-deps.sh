#!/usr/bin/env bash
# Installs the system libraries the game builds against (Debian/Ubuntu):
# ALSA, udev (gamepads), Wayland and xkbcommon, found through pkg-config.
#
# With --window-check, also installs what scripts/window-check.sh needs:
# a virtual X server, a software Vulkan driver and the screenshot tools.
# With --sounds, also installs sox, which scripts/make-sounds.sh and
# scripts/check-sounds.sh need.
# With --if-missing, does nothing when all of them are installed already.
set -euo pipefail

packages=(pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev)
if_missing=false
for arg in "$@"; do
    case $arg in
        --window-check) packages+=(xvfb mesa-vulkan-drivers xdotool x11-apps imagemagick) ;;
        --sounds) packages+=(sox) ;;
        # Do nothing when every package is already installed (no apt, no sudo).
        --if-missing) if_missing=true ;;
        *) echo "install-deps: unknown option $arg" >&2; exit 2 ;;
    esac
done

all_installed() {
    command -v dpkg-query >/dev/null || return 1
    local package
    for package in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || return 1
    done
}

if $if_missing && all_installed; then
    exit 0
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
