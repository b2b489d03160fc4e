#!/usr/bin/env bash
# Measures the pace an AI vs AI exhibition keeps in a real window: runs
# `hive exhibition --speed SPEED --moves MOVES --exit` under a virtual X
# server with the frame-time diagnostics on, and prints the moves a minute
# played from the 5th move to the last (from the log's "move played" times)
# and the frames a second the window drew.
#
#   scripts/exhibition-pace.sh 600                  # Beginner against Beginner, 40 moves
#   scripts/exhibition-pace.sh 60 medium medium 20
#   HIVE_PROFILE=debug scripts/exhibition-pace.sh 600
#
# The pace a window can keep is capped by its frame rate (a move takes a
# few frames): compare with the headless figure, 60 frames a second,
# `cargo test --test game -- exhibition::the_pace --nocapture`.
# Needs what scripts/window-check.sh needs: `scripts/install-deps.sh --window-check`.
set -euo pipefail
cd "$(dirname "$0")/.."

speed=${1:?usage: exhibition-pace.sh SPEED [WHITE BLACK MOVES]}
white=${2:-beginner}
black=${3:-beginner}
moves=${4:-40}

# shellcheck source=scripts/lib/window.sh
source scripts/lib/window.sh
window_setup exhibition-pace python3
start_xvfb
export HIVE_FRAME_TIME=1
start_game "$workdir/game.log" --data-dir "$workdir" --config-dir "$workdir" \
    exhibition --white "$white" --black "$black" --speed "$speed" --moves "$moves" --exit
wait "$game_pid" || fail "the game exited with an error (log: $workdir/game.log)"
game_pid=
python3 - "$workdir/game.log" "$speed" <<'PY'
import datetime, re, sys
log, speed = open(sys.argv[1], encoding="utf-8", errors="replace").read(), sys.argv[2]
stamp = lambda line: datetime.datetime.fromisoformat(line.split()[0].rstrip("Z"))
times = [stamp(l) for l in log.splitlines() if "move played" in l][4:]
fps = [float(m) for m in re.findall(r"fps\s*:\s*[\d.]+\s*\(avg ([\d.]+)\)", log)]
if len(times) < 2:
    sys.exit("exhibition-pace: too few moves in the log")
span = (times[-1] - times[0]).total_seconds()
print(f"asked {speed} moves a minute: played {60 * (len(times) - 1) / span:.0f} "
      f"({len(times) - 1} moves in {span:.1f} s), "
      f"{fps[-1] if fps else float('nan'):.1f} frames a second")
PY
