# shellcheck shell=bash
# Shared by the scripts that run the built game in a real window under a
# virtual X server: window-check.sh, theme-shots.sh, exhibition-check.sh.
# Source it from the repository root, after `set -euo pipefail`:
#
#   source scripts/lib/window.sh
#   window_setup my-script xdotool   # the binary and the tools, or fail
#   start_xvfb                       # an X server on a free display
#   start_game "$workdir/game.log" play --expansions MLP
#   screenshot shots/my.png; count_colours shots/my.png
#
# `window_setup` sets `binary` (target/$HIVE_PROFILE/hive, release unless
# HIVE_PROFILE says otherwise) and `workdir` (a temporary directory), and
# on exit stops the game and the X server, copies the game's log to
# `$keep_log` if that is set, and removes `workdir`. `start_xvfb` and
# `start_game` set `xvfb_pid` and `game_pid`; `stop_window` stops both
# (to start again, as theme-shots.sh does once per theme).

# Prints "NAME: message" (NAME from window_setup) and exits with status 1.
fail() {
    echo "${window_script:-window}: $*" >&2
    exit 1
}

# window_setup NAME [TOOL...]: checks that the game is built and that Xvfb,
# xwd, ImageMagick and the TOOLs are installed, makes the working
# directory and sets the exit trap.
window_setup() {
    window_script=$1
    shift
    profile=${HIVE_PROFILE:-release}
    binary=target/$profile/hive
    local build tool
    case $profile in
        debug) build="cargo build" ;;
        release) build="cargo build --release" ;;
        *) build="cargo build --profile $profile" ;;
    esac
    [[ -x $binary ]] || fail "$binary not found; build it first ($build)"
    for tool in Xvfb xwd convert "$@"; do
        command -v "$tool" >/dev/null || fail "$tool not found; run scripts/install-deps.sh --window-check"
    done
    workdir=$(mktemp -d)
    xvfb_pid=
    game_pid=
    keep_log=${keep_log:-}
    trap window_cleanup EXIT
}

# Stops the game and the X server, if running.
stop_window() {
    local pid
    for pid in "$game_pid" "$xvfb_pid"; do
        if [[ -n $pid ]] && kill -0 "$pid" 2>/dev/null; then
            kill "$pid" 2>/dev/null || true
            wait "$pid" 2>/dev/null || true
        fi
    done
    game_pid=
    xvfb_pid=
}

window_cleanup() {
    stop_window
    if [[ -n $keep_log && -f $workdir/game.log ]]; then
        mkdir -p "$(dirname "$keep_log")"
        cp "$workdir/game.log" "$keep_log"
    fi
    rm -rf "$workdir"
}

# Starts Xvfb (1280x800) on a display it picks itself (-displayfd writes
# the number once the server is ready), so several checks can run at once;
# exports DISPLAY and drops WAYLAND_DISPLAY (the game must use X here).
start_xvfb() {
    local _
    : >"$workdir/display"
    Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$workdir/display" 2>"$workdir/xvfb.log" &
    xvfb_pid=$!
    for _ in $(seq 100); do
        [[ -s $workdir/display ]] && break
        kill -0 "$xvfb_pid" 2>/dev/null || fail "Xvfb exited: $(cat "$workdir/xvfb.log")"
        sleep 0.1
    done
    [[ -s $workdir/display ]] || fail "Xvfb did not start"
    DISPLAY=:$(tr -d '[:space:]' <"$workdir/display")
    export DISPLAY
    unset WAYLAND_DISPLAY
}

# start_game LOG [ARG...]: the game in the background with ARGs, its
# output (uncoloured) in LOG. Environment assignments before the call,
# `HIVE_DATA_DIR=... start_game ...`, reach the game.
start_game() {
    local log=$1
    shift
    NO_COLOR=1 "$binary" "$@" >"$log" 2>&1 &
    game_pid=$!
}

# Whether the game started last is still running.
game_running() {
    [[ -n $game_pid ]] && kill -0 "$game_pid" 2>/dev/null
}

# show_game_log [LOG]: the last 30 lines of the game's output (by default
# $workdir/game.log), on stderr.
show_game_log() {
    echo "--- game output (last 30 lines) ---" >&2
    tail -n 30 "${1:-$workdir/game.log}" >&2 || true
}

# screenshot FILE: the whole screen as a PNG (fails if the capture does).
screenshot() {
    xwd -root -silent | convert xwd:- "$1"
}

# count_colours FILE: how many colours the image has.
count_colours() {
    convert "$1" -format %k info:
}

# cell_px LOG Q R: the screen position "x y" of plane cell (Q, R), from the
# latest camera fit the game logged in LOG ("camera fit: world centre
# (x, y) at pixel (x, y), scale s"), so it follows the camera.
cell_px() {
    local fit
    fit=$(grep -o 'camera fit: world centre ([-0-9.]*, [-0-9.]*) at pixel ([-0-9.]*, [-0-9.]*), scale [0-9.]*' \
        "$1" | tail -n 1)
    [[ -n $fit ]] || fail "no camera fit in the game log"
    awk -v q="$2" -v r="$3" -v fit="$fit" 'BEGIN {
        gsub(/[^-0-9. ]/, " ", fit); split(fit, n, " +");
        # n: "" cx cy px py scale (leading blank from the removed words)
        i = 1; while (n[i] == "") i++;
        cx = n[i]; cy = n[i+1]; px = n[i+2]; py = n[i+3]; s = n[i+4];
        size = 40; wx = size * sqrt(3) * (q + r / 2); wy = -size * 1.5 * r;
        printf "%d %d\n", px + (wx - cx) / s + 0.5, py - (wy - cy) / s + 0.5
    }'
}
