#!/usr/bin/env bash
# Renders the board in each shipped theme in a real window (under a virtual
# X server) and saves shots/theme-<name>.png, then puts the default and
# high-contrast shots side by side in docs/themes.png (the README's picture).
#
#   scripts/theme-shots.sh                   # default and high-contrast
#   scripts/theme-shots.sh my-theme          # only these themes (no docs/)
#   HIVE_PROFILE=debug scripts/theme-shots.sh
#
# Each run starts from a Base+MLP position with all eight bugs on both
# sides and two beetle stacks, selects Black's ant (so its destinations
# show), points at an empty cell (the hover marker) and shows the last
# move's markers. It fails if the game logs any warning about the theme,
# so a shipped theme that names a missing file fails here too. Settings
# and autosaves go to a temporary folder, never the player's.
#
# Needs what scripts/window-check.sh needs (Xvfb, xdotool, xwd, ImageMagick,
# a Vulkan driver). Build first: cargo build --release.
set -euo pipefail
cd "$(dirname "$0")/.."

profile=${HIVE_PROFILE:-release}
binary=target/$profile/hive
timeout_secs=${HIVE_WINDOW_TIMEOUT:-90}
themes=("$@")
docs=0
if [[ ${#themes[@]} -eq 0 ]]; then
    themes=(default high-contrast)
    docs=1
fi
# All bugs of both sides; White's beetle on its queen, Black's on its
# mosquito, White's second beetle on a grasshopper; Black to move.
position='Base+MLP;InProgress;Black[11];wL;bM wL-;wQ -wL;bQ bM-;wP /wL;bP bM/;wB1 -wQ;bB1 bQ/;wA1 \wQ;bA1 bQ\;wB1 wQ;bB1 bQ;wG1 /wP;bS1 bA1/;wS1 /wG1;bG1 bP/;wM /wB1;bL bA1-;wB2 wG1\;bB1 bM;wB2 wG1'

fail() {
    echo "theme-shots: $*" >&2
    exit 1
}

[[ -x $binary ]] || fail "$binary not found; build it first (cargo build --$profile)"
for tool in Xvfb xdotool xwd convert; do
    command -v "$tool" >/dev/null || fail "$tool not found; run scripts/install-deps.sh --window-check"
done

workdir=$(mktemp -d)
xvfb_pid=
game_pid=
stop() {
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
cleanup() {
    stop
    rm -rf "$workdir"
}
trap cleanup EXIT

# Screen position of plane cell (q, r), from the latest camera fit logged.
cell_px() {
    local fit
    fit=$(grep -o 'camera fit: world centre ([-0-9.]*, [-0-9.]*) at pixel ([-0-9.]*, [-0-9.]*), scale [0-9.]*' \
        "$1" | tail -n 1)
    [[ -n $fit ]] || fail "no camera fit in the game log"
    awk -v q="$2" -v r="$3" -v fit="$fit" 'BEGIN {
        gsub(/[^-0-9. ]/, " ", fit); split(fit, n, " +");
        i = 1; while (n[i] == "") i++;
        cx = n[i]; cy = n[i+1]; px = n[i+2]; py = n[i+3]; s = n[i+4];
        size = 40; wx = size * sqrt(3) * (q + r / 2); wy = -size * 1.5 * r;
        printf "%d %d\n", px + (wx - cx) / s + 0.5, py - (wy - cy) / s + 0.5
    }'
}

shoot() {
    local theme=$1 shot=shots/theme-$1.png log=$workdir/$1.log start xy colours
    mkdir -p shots "$workdir/$theme-config" "$workdir/$theme-data"
    : >"$workdir/display"
    Xvfb -displayfd 3 -screen 0 1280x800x24 -nolisten tcp 3>"$workdir/display" 2>"$workdir/xvfb.log" &
    xvfb_pid=$!
    for _ in $(seq 100); do
        [[ -s $workdir/display ]] && break
        sleep 0.1
    done
    [[ -s $workdir/display ]] || fail "Xvfb did not start"
    export DISPLAY=:$(tr -d '[:space:]' <"$workdir/display")
    unset WAYLAND_DISPLAY
    start=$SECONDS
    HIVE_CONFIG_DIR=$workdir/$theme-config HIVE_DATA_DIR=$workdir/$theme-data \
        HIVE_START_POSITION=$position NO_COLOR=1 \
        "$binary" --theme "$theme" play --expansions MLP >"$log" 2>&1 &
    game_pid=$!
    until grep -qs "theme \"$theme\" .* applied" "$log" && grep -qs "camera fit" "$log"; do
        kill -0 "$game_pid" 2>/dev/null || { tail -n 20 "$log" >&2; fail "$theme: the game exited"; }
        ((SECONDS - start < timeout_secs)) || { tail -n 20 "$log" >&2; fail "$theme: not drawn within ${timeout_secs}s"; }
        sleep 0.5
    done
    sleep 3
    # Black's first ant, then an empty cell above the hive for the hover marker.
    xy=$(cell_px "$log" 2 1)
    # shellcheck disable=SC2086
    xdotool mousemove $xy click 1
    sleep 2
    xy=$(cell_px "$log" 3 -4)
    # shellcheck disable=SC2086
    xdotool mousemove $xy
    sleep 3
    xwd -root -silent | convert xwd:- "$shot"
    colours=$(convert "$shot" -format %k info:)
    ((colours > 100)) || fail "$shot has only $colours colours"
    cp "$log" "shots/theme-$theme.log"
    if grep -E 'WARN.*theme "' "$log" >&2; then
        fail "$theme: the game warned about the theme (above)"
    fi
    echo "theme-shots: $shot saved ($colours colours, $((SECONDS - start))s)" >&2
    stop
}

for theme in "${themes[@]}"; do
    shoot "$theme"
done

if ((docs)); then
    mkdir -p docs
    # The board area of both windows (the side panels cropped), side by side.
    convert \( shots/theme-default.png -crop 840x600+222+110 +repage \) \
        \( shots/theme-high-contrast.png -crop 840x600+222+110 +repage \) \
        -background '#000000' +append docs/themes.png
    echo "theme-shots: docs/themes.png saved" >&2
fi
