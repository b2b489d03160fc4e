#!/usr/bin/env bash
# Every check CI runs, cheapest first: formatting, lints, then the tests of
# the whole workspace (the engine crates and the game).
set -euo pipefail
cd "$(dirname "$0")/.."

step() {
    echo "==> $*" >&2
    "$@"
}

# The system libraries Bevy builds against (apt only when one is missing).
scripts/install-deps.sh --if-missing
step cargo fmt --all -- --check
step cargo clippy --workspace --all-targets -- -D warnings
step cargo test --workspace
