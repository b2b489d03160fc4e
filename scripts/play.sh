#!/usr/bin/env bash
# Builds and opens the game (optimised). Arguments go to `hive`, e.g.
# `scripts/play.sh play --expansions MLP` to skip the menu.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh --if-missing
exec cargo run --release -- "$@"
