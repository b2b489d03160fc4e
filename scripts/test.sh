#!/usr/bin/env bash
# Every check CI runs, cheapest first: formatting, lints with and without the
# game, then the tests with and without the game.
set -euo pipefail
cd "$(dirname "$0")/.."

step() {
    echo "==> $*" >&2
    "$@"
}

# The system libraries Bevy builds against (apt only when one is missing).
scripts/install-deps.sh --if-missing
step cargo fmt --all -- --check
step cargo clippy --all-targets --no-default-features -- -D warnings
step cargo clippy --all-targets -- -D warnings
step cargo test --no-default-features
step cargo test
