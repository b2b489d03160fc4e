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
#   HIVE=path/to/hive        our binary (default: $CARGO_TARGET_DIR or target, release)
#   NOKAMUTE=path/to/nokamute (default: ../shared/peers/bin/nokamute)
#   RUNS=3                   runs of each engine per row
#   --quick                  start position to depth 5, mid-game rows to depth 3
#   --deep                   once each (RUNS=1 unless set): the start position of all
#                            eight game types to depth 7, and Base to depth 8 (minutes)
# Build ours first: cargo build --release --no-default-features
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
hive=${HIVE:-${CARGO_TARGET_DIR:-$here/target}/release/hive}
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
[[ -f $table ]] || table=$here/tests/data/perft.tsv

if [[ ! -x $nokamute ]]; then
    echo "nokamute not found at $nokamute: nothing to compare (set NOKAMUTE=...)" >&2
    exit 0
fi
if [[ ! -x $hive ]]; then
    echo "our binary not found at $hive: run cargo build --release --no-default-features (or set HIVE=...)" >&2
    exit 1
fi

# Seconds our perft took for its last depth (hive prints depth, count, seconds, rate).
ours() {
    "$hive" perft "$1" "$2" | awk -v d="$2" -F'\t' '$1 == d { print $3, $2 }'
}

# Seconds nokamute took for depth $2 (it counts on deeper until stopped).
theirs() {
    local line pid result=""
    exec {fd}< <(exec "$nokamute" perft "$1" 2>/dev/null)
    pid=$!
    while IFS= read -r line <&"$fd"; do
        # "    4        69590216     771.2ms     90239.6"
        if [[ $line =~ ^[[:space:]]*$2[[:space:]]+([0-9]+)[[:space:]]+([0-9.]+)(ns|µs|us|ms|s)[[:space:]] ]]; then
            result=$(awk -v t="${BASH_REMATCH[2]}" -v u="${BASH_REMATCH[3]}" -v c="${BASH_REMATCH[1]}" 'BEGIN {
                f = (u == "ns") ? 1e-9 : (u == "µs" || u == "us") ? 1e-6 : (u == "ms") ? 1e-3 : 1
                printf "%.4f %s\n", t * f, c }')
            break
        fi
    done
    kill "$pid" 2>/dev/null || true
    exec {fd}<&-
    wait "$pid" 2>/dev/null || true
    echo "$result"
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

echo "| Position | Depth | Count | hive (s) | nokamute (s) | ratio |"
echo "|---|---|---|---|---|---|"
ratios=()
for row in "${rows[@]}"; do
    game=${row%	*}
    depth=${row##*	}
    best_ours="" best_theirs="" count="" their_count=""
    for ((i = 0; i < runs; i++)); do
        read -r t c < <(ours "$game" "$depth")
        count=$c
        if [[ -z $best_ours ]] || awk -v a="$t" -v b="$best_ours" 'BEGIN { exit !(a < b) }'; then best_ours=$t; fi
        read -r t c < <(theirs "$game" "$depth")
        their_count=$c
        if [[ -z $best_theirs ]] || awk -v a="$t" -v b="$best_theirs" 'BEGIN { exit !(a < b) }'; then best_theirs=$t; fi
    done
    if [[ $count != "$their_count" ]]; then
        echo "count mismatch on $game depth $depth: hive $count, nokamute $their_count" >&2
        exit 1
    fi
    ratio=$(awk -v a="$best_ours" -v b="$best_theirs" 'BEGIN { printf "%.2f", a / b }')
    ratios+=("$ratio")
    name=$(awk -F';' '{ print $1 " " $3 }' <<< "$game")
    [[ -n $deep ]] && name=$(awk -F';' '{ print $1 " start" }' <<< "$game")
    echo "| $name | $depth | $count | $best_ours | $best_theirs | ${ratio}x |"
done
printf '%s\n' "${ratios[@]}" | awk '{ s += log($1); n++ } END { printf "\nGeometric mean of the ratios: %.2fx over %d positions (best of '"$runs"' alternating runs each).\n", exp(s / n), n }'
