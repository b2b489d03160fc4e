#!/usr/bin/env bash
# Perft speed against nokamute, side by side on this machine.
#
# Runs `hive perft` and `nokamute perft` alternately, best of RUNS (3) each,
# on the Base+MLP start position to depth 6 and on every Base+MLP mid-game row
# of the shared perft table to depth 4, and prints a markdown table of the
# times of the last depth, their ratio and the geometric mean of the ratios.
# Skips cleanly (exit 0) when nokamute is not there.
#
# Usage: scripts/perft-vs-nokamute.sh [--quick | --deep]
#   HIVE=path/to/hive-engine our binary (default: $CARGO_TARGET_DIR or target, release)
#   NOKAMUTE=path/to/nokamute (default: ../shared/peers/bin/nokamute)
#   RUNS=3                   runs of each engine per row
#   --quick                  start position to depth 5, mid-game rows to depth 3
#   --deep                   once each (RUNS=1 unless set): the start position of all
#                            eight game types to depth 7, and Base to depth 8 (minutes)
# Build ours first (no Bevy): cargo build --release -p hive-uhp --features cli --bin hive-engine
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
hive=${HIVE:-${CARGO_TARGET_DIR:-$here/target}/release/hive-engine}
nokamute=${NOKAMUTE:-$here/../shared/peers/bin/nokamute}
runs=${RUNS:-3}
start_depth=6
mid_depth=4
deep=""
case ${1:-} in
    --quick)
        start_depth=5
        mid_depth=3
        ;;
    --deep)
        deep=1
        runs=${RUNS:-1}
        ;;
esac
table=$here/../shared/testdata/perft.tsv
[[ -f $table ]] || table=$here/crates/hive-rules/tests/data/perft.tsv

if [[ ! -x $nokamute ]]; then
    echo "nokamute not found at $nokamute: nothing to compare (set NOKAMUTE=...)" >&2
    exit 0
fi
if [[ ! -x $hive ]]; then
    echo "our binary not found at $hive: run cargo build --release -p hive-uhp --features cli --bin hive-engine (or set HIVE=...)" >&2
    exit 1
fi

# "wall cpu count" for our perft: the seconds hive reports for the last depth,
# and the CPU seconds (user + system) of the whole run, depths 0 to $2.
ours() {
    local out cpu
    out=$( { time -p "$hive" perft "$1" "$2" >/tmp/perft-vs-nokamute.$$; } 2>&1 )
    cpu=$(awk '/^user|^sys/ { s += $2 } END { printf "%.3f", s }' <<< "$out")
    awk -v d="$2" -v cpu="$cpu" -F'\t' '$1 == d { print $3, cpu, $2 }' /tmp/perft-vs-nokamute.$$
    rm -f /tmp/perft-vs-nokamute.$$
}

# The same for nokamute (it counts on deeper until stopped): the seconds it
# reports for depth $2, and its CPU seconds when it has printed that depth.
theirs() {
    local line pid result="" ticks
    ticks=$(getconf CLK_TCK)
    exec {fd}< <(exec "$nokamute" perft "$1" 2>/dev/null)
    pid=$!
    while IFS= read -r line <&"$fd"; do
        # "    4        69590216     771.2ms     90239.6"
        if [[ $line =~ ^[[:space:]]*$2[[:space:]]+([0-9]+)[[:space:]]+([0-9.]+)(ns|µs|us|ms|s)[[:space:]] ]]; then
            local stat cpu
            stat=$(cat "/proc/$pid/stat" 2>/dev/null || true)
            cpu=$(awk -v t="$ticks" '{ sub(/^.*\) /, ""); printf "%.3f", ($12 + $13) / t }' <<< "$stat")
            result=$(awk -v t="${BASH_REMATCH[2]}" -v u="${BASH_REMATCH[3]}" -v c="${BASH_REMATCH[1]}" -v cpu="$cpu" 'BEGIN {
                f = (u == "ns") ? 1e-9 : (u == "µs" || u == "us") ? 1e-6 : (u == "ms") ? 1e-3 : 1
                printf "%.4f %s %s\n", t * f, cpu, c }')
            break
        fi
    done
    kill "$pid" 2>/dev/null || true
    exec {fd}<&-
    wait "$pid" 2>/dev/null || true
    echo "$result"
}

# Smaller of two numbers (the first when the second is empty).
min() {
    awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a < b) ? a : b }'
}

rows=()
if [[ -n $deep ]]; then
    for type in Base Base+M Base+L Base+P Base+ML Base+MP Base+LP Base+MLP; do
        rows+=("$type;NotStarted;White[1]	7")
    done
    rows+=("Base;NotStarted;White[1]	8")
else
    rows+=("Base+MLP;NotStarted;White[1]	$start_depth")
    while IFS=$'\t' read -r game _; do
        [[ $game == Base+MLP\;InProgress* ]] && rows+=("$game	$mid_depth")
    done < "$table"
fi

echo "| Position | Depth | Count | hive (s) | nokamute (s) | ratio | hive CPU (s) | nokamute CPU (s) | CPU ratio |"
echo "|---|---|---|---|---|---|---|---|---|"
ratios=()
cpu_ratios=()
for row in "${rows[@]}"; do
    game=${row%	*}
    depth=${row##*	}
    wall_ours="" wall_theirs="" cpu_ours="" cpu_theirs="" count="" their_count=""
    for ((i = 0; i < runs; i++)); do
        read -r w c n < <(ours "$game" "$depth")
        count=$n
        wall_ours=$(min "$w" "$wall_ours")
        cpu_ours=$(min "$c" "$cpu_ours")
        read -r w c n < <(theirs "$game" "$depth")
        their_count=$n
        wall_theirs=$(min "$w" "$wall_theirs")
        cpu_theirs=$(min "$c" "$cpu_theirs")
    done
    if [[ $count != "$their_count" ]]; then
        echo "count mismatch on $game depth $depth: hive $count, nokamute $their_count" >&2
        exit 1
    fi
    ratio=$(awk -v a="$wall_ours" -v b="$wall_theirs" 'BEGIN { printf "%.2f", a / b }')
    # (Too short to measure in clock ticks: n/a, left out of the mean.)
    cpu_ratio=$(awk -v a="$cpu_ours" -v b="$cpu_theirs" 'BEGIN { if (a > 0 && b > 0) printf "%.2f", a / b; else print "n/a" }')
    ratios+=("$ratio")
    cpu_ratios+=("$cpu_ratio")
    name=$(awk -F';' '{ print $1 " " $3 }' <<< "$game")
    [[ -n $deep ]] && name=$(awk -F';' '{ print $1 " start" }' <<< "$game")
    echo "| $name | $depth | $count | $wall_ours | $wall_theirs | ${ratio}x | $cpu_ours | $cpu_theirs | ${cpu_ratio/%[0-9]/&x} |"
done
geomean() {
    printf '%s\n' "$@" | awk '$1 != "n/a" { s += log($1); n++ } END { if (n) printf "%.2fx", exp(s / n); else print "n/a" }'
}
echo
echo "Geometric mean of the ratios over ${#ratios[@]} positions (best of $runs alternating runs each):" \
    "wall clock $(geomean "${ratios[@]}"), CPU time $(geomean "${cpu_ratios[@]}")."
echo "Wall clock: each engine's own time for the last depth. CPU time: user + system" \
    "seconds of each process for depths 0 to the last (less disturbed by other load)."
