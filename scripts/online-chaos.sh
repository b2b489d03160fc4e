#!/usr/bin/env bash
# AI against AI between two processes in the local mode, the connection
# cut at random moments (each side drops it after --cut-chance percent of
# its own moves, the move still unsent). Reports how many games finished
# with the same GameString on both sides, were lost (a side failed or
# hung), or diverged (different GameStrings, or a side that did not show
# each move exactly once); the logs of those games are kept and named.
#
#   scripts/online-chaos.sh [GAMES] [CUT_PERCENT] [path/to/hive-online]
#
# Defaults: 100 games, 10 percent, the release binary
# (`cargo build --release -p hive-net --features cli --bin hive-online`).
set -uo pipefail

cd "$(dirname "$0")/.."
games=${1:-100}
cut=${2:-10}
bin=${3:-target/release/hive-online}
[[ -x $bin ]] || cargo build -q --release -p hive-net --features cli --bin hive-online

work=$(mktemp -d)
kept=$(mktemp -d -t hive-chaos-XXXX)
trap 'rm -rf "$work"' EXIT
finished=0 lost=0 diverged=0 cuts=0
started=$(date +%s)
for ((i = 1; i <= games; i++)); do
    # The last game's files go first: the invitation read must be this game's.
    rm -f "$work"/*
    "$bin" host --local --ai beginner --white --turn-limit 30 --cut-chance "$cut" --seed "$i" --wait 30 \
        >"$work/host.out" 2>"$work/host.err" &
    host_pid=$!
    for _ in $(seq 100); do
        [[ -s $work/host.out ]] && break
        sleep 0.05
    done
    invitation=$(head -n 1 "$work/host.out")
    timeout 120 "$bin" join "$invitation" --local --ai beginner --cut-chance "$cut" --seed $((i + 1000)) --wait 30 \
        >"$work/join.out" 2>"$work/join.err"
    join_status=$?
    wait "$host_pid"
    host_status=$?
    cuts=$((cuts + $(cat "$work/host.err" "$work/join.err" | grep -c '^cutting')))
    host_end=$(tail -n 1 "$work/host.out")
    join_end=$(tail -n 1 "$work/join.out")
    if ((host_status != 0 || join_status != 0)); then
        lost=$((lost + 1))
        mkdir -p "$kept/$i" && cp "$work"/* "$kept/$i/"
        echo "game $i lost (host $host_status, joiner $join_status): logs in $kept/$i" >&2
        continue
    fi
    # Plies in the GameString: fields after the type, state and turn.
    plies=$(($(tr -cd ';' <<<"$host_end" | wc -c) - 2))
    host_moves=$(($(wc -l <"$work/host.out") - 2))
    join_moves=$(($(wc -l <"$work/join.out") - 1))
    if [[ $host_end != "$join_end" ]] || ((host_moves != plies || join_moves != plies)); then
        diverged=$((diverged + 1))
        mkdir -p "$kept/$i" && cp "$work"/* "$kept/$i/"
        echo "game $i diverged (plies $plies, shown $host_moves and $join_moves): logs in $kept/$i" >&2
        continue
    fi
    finished=$((finished + 1))
done
echo "$games games, cut chance $cut%: $finished finished, $lost lost, $diverged diverged; $cuts connections cut; $(($(date +%s) - started)) s"
