#!/usr/bin/env bash
# Builds and opens the game (optimised). Arguments go to `hive`, e.g.
# `scripts/play.sh play --expansions MLP` to skip the menu.
set -euo pipefail
cd "$(dirname "$0")/.."

# True when a library package is not installed (or dpkg cannot tell).
libs_missing() {
    local package
    for package in pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || return 0
    done
    return 1
}

# Only reach for apt (and sudo) when something is missing.
if command -v dpkg-query >/dev/null && libs_missing; then
    scripts/install-deps.sh
fi
exec cargo run --release -- "$@"
