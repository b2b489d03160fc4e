#!/usr/bin/env bash
# Opens the built game under a virtual X server, screenshots it to
# shots/window.png and fails unless something was drawn.
#
#   scripts/window-check.sh                  # target/release/hive play
#   HIVE_PROFILE=debug scripts/window-check.sh
#   scripts/window-check.sh play --expansions MLP   # other arguments
#
# Needs Xvfb, a Vulkan driver (mesa-vulkan-drivers: llvmpipe), xdotool, xwd
# and ImageMagick: `scripts/install-deps.sh --window-check`. Build first.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=${HIVE_PROFILE:-release}
binary=target/$profile/hive
# Software rendering is slow to show its first frame; be generous.
timeout_secs=${HIVE_WINDOW_TIMEOUT:-60}
shot=shots/window.png
# A blank or single-colour window has a handful of colours; the menu,
# the top bar and antialiased text have hundreds.
min_colours=10
args=("$@")
if [[ ${#args[@]} -eq 0 ]]; then
    args=(play)
fi

fail() {
    echo "window-check: $*" >&2
    exit 1
}

case $profile in
    debug) build="cargo build" ;;
    release) build="cargo build --release" ;;
    *) build="cargo build --profile $profile" ;;
esac
[[ -x $binary ]] || fail "$binary not found; build it first ($build)"
for tool in Xvfb xdotool xwd convert; do
    command -v "$tool" >/dev/null || fail "$tool not found; run scripts/install-deps.sh --window-check"
done

workdir=$(mktemp -d)
xvfb_pid=
game_pid=
cleanup() {
    local pid
    for pid in "$game_pid" "$xvfb_pid"; do
        if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then
            kill "$pid" 2>/dev/null || true
            wait "$pid" 2>/dev/null || true
        fi
    done
    rm -rf "$workdir"
}
trap cleanup EXIT

show_game_log() {
    echo "--- game output (last 30 lines) ---" >&2
    tail -n 30 "$workdir/game.log" >&2 || true
}

# -displayfd makes Xvfb pick a free display and write its number once ready.
Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$workdir/display" 2>"$workdir/xvfb.log" &
xvfb_pid=$!
for _ in $(seq 100); do
    [[ -s $workdir/display ]] && break
    kill -0 "$xvfb_pid" 2>/dev/null || fail "Xvfb exited: $(cat "$workdir/xvfb.log")"
    sleep 0.1
done
[[ -s $workdir/display ]] || fail "Xvfb did not start"
export DISPLAY=:$(tr -d '[:space:]' <"$workdir/display")
# Under Xvfb, skip Wayland even if the host session has it.
unset WAYLAND_DISPLAY

start=$SECONDS
"$binary" "${args[@]}" >"$workdir/game.log" 2>&1 &
game_pid=$!

# Poll rather than `xdotool search --sync`, to notice a game that exits early.
until xdotool search --name '^Hive$' >/dev/null 2>&1; do
    kill -0 "$game_pid" 2>/dev/null || {
        show_game_log
        fail "the game exited before opening a window"
    }
    ((SECONDS - start < timeout_secs)) || {
        show_game_log
        fail "no window named Hive within ${timeout_secs}s"
    }
    sleep 0.2
done
echo "window-check: window open after $((SECONDS - start))s on $DISPLAY" >&2

# The window exists before its first frame is drawn: poll until the
# screenshot has content, or give up at the deadline.
mkdir -p "$(dirname "$shot")"
colours=0
while true; do
    kill -0 "$game_pid" 2>/dev/null || {
        show_game_log
        fail "the game exited"
    }
    xwd -root -silent | convert xwd:- "$shot"
    colours=$(convert "$shot" -format %k info:)
    ((colours > min_colours)) && break
    ((SECONDS - start < timeout_secs)) || {
        show_game_log
        fail "$shot has only $colours colours after ${timeout_secs}s: nothing drawn"
    }
    sleep 1
done
# Let a frame or two more land so the shot is not caught mid-layout.
sleep 2
xwd -root -silent | convert xwd:- "$shot"
colours=$(convert "$shot" -format %k info:)
((colours > min_colours)) || fail "$shot has only $colours colours"
echo "window-check: $shot has $colours colours after $((SECONDS - start))s" >&2
