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

# shellcheck source=scripts/lib/window.sh
source scripts/lib/window.sh
window_setup theme-shots xdotool

shoot() {
    local theme=$1 shot=shots/theme-$1.png log=$workdir/$1.log start xy colours
    mkdir -p shots "$workdir/$theme-config" "$workdir/$theme-data"
    start_xvfb
    start=$SECONDS
    HIVE_CONFIG_DIR=$workdir/$theme-config HIVE_DATA_DIR=$workdir/$theme-data \
        HIVE_START_POSITION=$position start_game "$log" --theme "$theme" play --expansions MLP
    until grep -qs "theme \"$theme\" .* applied" "$log" && grep -qs "camera fit" "$log"; do
        game_running || { show_game_log "$log"; fail "$theme: the game exited"; }
        ((SECONDS - start < timeout_secs)) || { show_game_log "$log"; fail "$theme: not drawn within ${timeout_secs}s"; }
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
    screenshot "$shot"
    colours=$(count_colours "$shot")
    ((colours > 100)) || fail "$shot has only $colours colours"
    cp "$log" "shots/theme-$theme.log"
    if grep -E 'WARN.*theme "' "$log" >&2; then
        fail "$theme: the game warned about the theme (above)"
    fi
    echo "theme-shots: $shot saved ($colours colours, $((SECONDS - start))s)" >&2
    stop_window
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
