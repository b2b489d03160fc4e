#!/usr/bin/env bash
# Instructions (not seconds) of perft and of a fixed-depth search, counted by
# valgrind's callgrind: the same count on every run of the same binary,
# whatever else the machine is doing, so two builds can be compared on a
# busy machine.
#
# Usage: scripts/instructions.sh [OLD] NEW
#   each a `hive` or `hive-engine` binary (default NEW:
#   target/release/hive-engine, built by
#   `cargo build --release -p hive-uhp --features cli --bin hive-engine`).
# Prints a markdown table: millions of instructions per row, and NEW/OLD.
# Needs valgrind (Debian: apt-get install valgrind).
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
table=$here/crates/hive-rules/tests/data/perft.tsv
if [[ $# -ge 2 ]]; then
    binaries=("$1" "$2")
else
    binaries=("${1:-$here/target/release/hive-engine}")
fi
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is not installed" >&2; exit 1; }

# The GameString of the perft table's row whose state is $1 (e.g. Base+MLP;InProgress;White[9]).
row() {
    grep -F "$1;" "$table" | head -n 1 | cut -f 1
}

# Instructions of one run: $1 binary, then the command's arguments; stdin passes through.
count() {
    local out
    out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null) || {
        echo "instructions.sh: $* failed" >&2
        exit 1
    }
    grep -oE 'Collected : [0-9]+' <<<"$out" | grep -oE '[0-9]+$'
}

perft_rows=(
    "start Base+MLP, perft 5|Base+MLP|5"
    "Base+MLP White[6], perft 3|$(row 'Base+MLP;InProgress;White[6]')|3"
    "Base+MLP White[9], perft 3|$(row 'Base+MLP;InProgress;White[9]')|3"
    "Base+MLP White[12], perft 3|$(row 'Base+MLP;InProgress;White[12]')|3"
    "Base+P White[13], perft 3|$(row 'Base+P;InProgress;White[13]')|3"
    "Base White[7], perft 3|$(row 'Base;InProgress;White[7]')|3"
)
search_rows=(
    "Base+MLP White[9], bestmove depth 4|$(row 'Base+MLP;InProgress;White[9]')|4"
    "Base+MLP White[12], bestmove depth 4|$(row 'Base+MLP;InProgress;White[12]')|4"
    "Base+P White[13], bestmove depth 4|$(row 'Base+P;InProgress;White[13]')|4"
)

if [[ ${#binaries[@]} -eq 2 ]]; then
    echo "| Row | Old (M instructions) | New (M instructions) | New / old |"
    echo "|---|---:|---:|---:|"
else
    echo "| Row | M instructions |"
    echo "|---|---:|"
fi
measure() {
    local name=$1
    shift
    local counts=()
    for binary in "${binaries[@]}"; do
        counts+=("$("$@" "$binary")")
    done
    if [[ ${#counts[@]} -eq 2 ]]; then
        awk -v n="$name" -v a="${counts[0]}" -v b="${counts[1]}" \
            'BEGIN { printf "| %s | %.1f | %.1f | %.3f |\n", n, a / 1e6, b / 1e6, b / a }'
    else
        awk -v n="$name" -v a="${counts[0]}" 'BEGIN { printf "| %s | %.1f |\n", n, a / 1e6 }'
    fi
}
perft() { count "$3" perft "$1" "$2" </dev/null; }
search() {
    printf 'options set NumThreads 1\nnewgame %s\nbestmove depth %s\nexit\n' "$1" "$2" | count "$3" uhp
}
for spec in "${perft_rows[@]}"; do
    IFS='|' read -r name game depth <<<"$spec"
    measure "$name" perft "$game" "$depth"
done
for spec in "${search_rows[@]}"; do
    IFS='|' read -r name game depth <<<"$spec"
    measure "$name" search "$game" "$depth"
done
