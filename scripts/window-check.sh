#!/usr/bin/env bash
# Opens the built game under a virtual X server, screenshots it to
# shots/window.png and fails unless something was drawn.
#
#   scripts/window-check.sh                  # target/release/hive play
#   HIVE_PROFILE=debug scripts/window-check.sh
#   scripts/window-check.sh play --expansions MLP   # other arguments (no clicks)
#
# With the default arguments (a local base game) it then plays seven moves
# by clicking hand stacks and highlighted cells with xdotool (the last by
# dragging the grasshopper), opens Black's
# ant placements, and saves the result as shots/window.png and
# docs/screenshot.png (the README's picture); the first frame is kept as
# shots/window-start.png. Cell positions come from the game's own log
# ("camera fit: world centre ... at pixel ..."), so they follow the camera.
#
# Needs Xvfb, a Vulkan driver (mesa-vulkan-drivers: llvmpipe), xdotool, xwd
# and ImageMagick: `scripts/install-deps.sh --window-check`. Build first.
set -euo pipefail
cd "$(dirname "$0")/.."

# Software rendering is slow to show its first frame; be generous.
timeout_secs=${HIVE_WINDOW_TIMEOUT:-60}
shot=shots/window.png
# A blank or single-colour window has a handful of colours; the menu,
# the top bar and antialiased text have hundreds.
min_colours=10
args=("$@")
click_through=0
if [[ ${#args[@]} -eq 0 ]]; then
    args=(play)
    click_through=1
fi

# shellcheck source=scripts/lib/window.sh
source scripts/lib/window.sh
keep_log=shots/window-game.log
window_setup window-check xdotool
start_xvfb

start=$SECONDS
start_game "$workdir/game.log" "${args[@]}"

# Poll rather than `xdotool search --sync`, to notice a game that exits early.
until xdotool search --name '^Hive$' >/dev/null 2>&1; do
    game_running || {
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
    game_running || {
        show_game_log
        fail "the game exited"
    }
    screenshot "$shot"
    colours=$(count_colours "$shot")
    ((colours > min_colours)) && break
    ((SECONDS - start < timeout_secs)) || {
        show_game_log
        fail "$shot has only $colours colours after ${timeout_secs}s: nothing drawn"
    }
    sleep 1
done
# Let a frame or two more land so the shot is not caught mid-layout.
sleep 2
screenshot "$shot"
colours=$(count_colours "$shot")
((colours > min_colours)) || fail "$shot has only $colours colours"
echo "window-check: $shot has $colours colours after $((SECONDS - start))s" >&2

((click_through)) || exit 0

# --- Click through a few moves ------------------------------------------------
cp "$shot" shots/window-start.png
# Hand stacks (logical pixels; the side panels have a fixed width and the
# stacks a fixed size, three to a row in Bug order Q A G / S B): White's
# hand on the left, Black's on the right.
hand_x() {
    local column
    case $2 in Q | S) column=0 ;; A | B) column=1 ;; G) column=2 ;; esac
    if [[ $1 == white ]]; then echo $((38 + 64 * column)); else echo $((1108 + 64 * column)); fi
}
hand_y() {
    case $1 in
        Q | A | G) echo 105 ;; S | B) echo 170 ;;
    esac
}
click_at() {
    game_running || {
        show_game_log
        fail "the game exited while clicking"
    }
    xdotool mousemove "$1" "$2" click 1
    # Long enough for the slide and the camera to settle under llvmpipe.
    sleep "${HIVE_CLICK_PAUSE:-1.5}"
}
click_hand() { click_at "$(hand_x "$1" "$2")" "$(hand_y "$2")"; }
click_cell() {
    local xy
    xy=$(cell_px "$workdir/game.log" "$1" "$2")
    # shellcheck disable=SC2086
    click_at $xy
}

# Press on a cell, move in steps (as a hand would), release on another.
drag_cell() {
    local from to fx fy tx ty
    from=$(cell_px "$workdir/game.log" "$1" "$2")
    to=$(cell_px "$workdir/game.log" "$3" "$4")
    # shellcheck disable=SC2086
    xdotool mousemove $from mousedown 1
    sleep 0.5
    read -r fx fy <<<"$from"
    read -r tx ty <<<"$to"
    xdotool mousemove $(((fx + tx) / 2)) $(((fy + ty) / 2 - 30))
    sleep 0.5
    # shellcheck disable=SC2086
    xdotool mousemove $to
    sleep 0.5
    xdotool mouseup 1
    sleep "${HIVE_CLICK_PAUSE:-1.5}"
}

sleep 1
click_hand white A; click_cell 0 0      # wA1 in the middle
click_hand black A; click_cell 1 0      # bA1 wA1-
click_hand white G; click_cell -1 0     # wG1 -wA1
click_hand black S; click_cell 2 0      # bS1 bA1-
click_hand white Q; click_cell 0 -1     # wQ \wA1
click_hand black Q; click_cell 2 -1     # bQ bS1/
drag_cell -1 0 3 0                      # wG1 dragged over three pieces: wG1 bS1-
click_hand black A                      # Black's ant: placements highlighted
sleep 1
screenshot "$shot"
colours=$(count_colours "$shot")
((colours > min_colours)) || fail "$shot has only $colours colours after clicking"
grep -q 'camera fit' "$workdir/game.log" || fail "no camera fit logged"
moves=$(grep -c 'move played' "$workdir/game.log" || true)
((moves == 7)) || {
    show_game_log
    fail "expected 7 moves played by clicking, the log shows $moves"
}
mkdir -p docs
cp "$shot" docs/screenshot.png
echo "window-check: played $moves moves by clicking; $shot and docs/screenshot.png saved" >&2
