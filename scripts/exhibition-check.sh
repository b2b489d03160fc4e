#!/usr/bin/env bash
# Runs an AI vs AI exhibition in the built game under a virtual X server,
# screenshots it while it plays, and fails unless the game played its
# moves, exited by itself, and the last screenshot shows pieces.
#
#   scripts/exhibition-check.sh          # hive exhibition --white easy --black easy --moves 10 --exit
#   HIVE_PROFILE=debug scripts/exhibition-check.sh
#   HIVE_EXHIBITION_MOVES=20 scripts/exhibition-check.sh
#
# Screenshots go to shots/exhibition.png (the last one, taken at most a
# second before the exit) and shots/exhibition-first.png (the first with a
# move played); the game's log to shots/exhibition-game.log.
#
# "Shows pieces": in the board area (below the floating exhibition bar,
# between the side panels), pixels that differ from the background are
# eroded by a 7x7 square, which wipes out the grid's thin lines and text
# but leaves the inside of filled tiles; at least one tile's worth of
# pixels per two moves must remain.
#
# Needs Xvfb, a Vulkan driver (mesa-vulkan-drivers: llvmpipe), xwd and
# ImageMagick: `scripts/install-deps.sh --window-check`. Build first.
set -euo pipefail
cd "$(dirname "$0")/.."

moves=${HIVE_EXHIBITION_MOVES:-10}
timeout_secs=${HIVE_WINDOW_TIMEOUT:-180}
shot=shots/exhibition.png
# The board area: right of White's panel, left of Black's, below the bar,
# above the message line.
crop=820x560+230+150
# Pixels a tile keeps after erosion (a tile is about 60 px across at the
# default zoom, about 1,500 px inside once eroded).
min_tile_pixels=1000

# shellcheck source=scripts/lib/window.sh
source scripts/lib/window.sh
keep_log=shots/exhibition-game.log
window_setup exhibition-check
mkdir -p shots
start_xvfb

start=$SECONDS
start_game "$workdir/game.log" exhibition --white easy --black easy --moves "$moves" --exit

played() { grep -c 'move played' "$workdir/game.log" || true; }

# Screenshot while the game runs; keep the latest one taken with a move on
# the board (a capture can fail as the window closes: skip it).
shot_moves=0
while game_running; do
    ((SECONDS - start < timeout_secs)) || {
        show_game_log
        fail "still running after ${timeout_secs}s"
    }
    before=$(played)
    if ((before > 0)) && screenshot "$workdir/shot.png" 2>/dev/null; then
        # Only count the shot if the game was still running when it finished.
        if game_running; then
            ((shot_moves > 0)) || cp "$workdir/shot.png" shots/exhibition-first.png
            cp "$workdir/shot.png" "$shot"
            shot_moves=$before
        fi
    fi
    sleep 0.3
done
status=0
wait "$game_pid" || status=$?
game_pid=
elapsed=$((SECONDS - start))

((status == 0)) || {
    show_game_log
    fail "the game exited with status $status"
}
count=$(played)
((count == moves)) || {
    show_game_log
    fail "expected $moves moves played, the log shows $count"
}
grep -q "exhibition: stopped after $moves moves" "$workdir/game.log" || {
    show_game_log
    fail "no 'stopped after $moves moves' in the log"
}
((shot_moves >= moves - 2)) || fail "the last screenshot was taken after only $shot_moves moves"

colours=$(count_colours "$shot")
# The board's background: the commonest colour in the board area.
background=$(convert "$shot" -crop "$crop" +repage -format %c histogram:info:- |
    sort -rn | awk 'NR == 1' | grep -o '#[0-9A-Fa-f]\{6\}')
[[ -n $background ]] || fail "could not read the background colour of $shot"
tile_pixels=$(convert "$shot" -crop "$crop" +repage -fuzz 3% -fill black -opaque "$background" \
    -fill white +opaque black -morphology Erode Square:3 -colorspace Gray -format '%[fx:int(mean*w*h)]' info:)
need=$((min_tile_pixels * (moves / 2)))
echo "exhibition-check: $count moves in ${elapsed}s, exit status 0; $shot (after $shot_moves moves):" \
    "$colours colours, $tile_pixels tile pixels in the board area (need $need)" >&2
((colours > 10)) || fail "$shot has only $colours colours"
((tile_pixels >= need)) || fail "$shot shows too little of the pieces ($tile_pixels < $need)"
