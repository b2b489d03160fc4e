#!/usr/bin/env bash
# Plays the AI's level matches and prints each result as a row of
# crates/hive-ai/data/levels.tsv (a, b, a's wins, draws, a's losses, date,
# commit, command), the table the levels' ratings are fitted from.
#
# Usage: scripts/level-matches.sh [--games N] [--seed S] A/B [A/B ...]
#   A and B: a level (beginner ... expert), a style being measured
#   (nodes:N or depth:N, then ,tolerance:T ,opening:P), or nokamute-dN,
#   nokamute searching to depth N on one thread (hivegame.com's bots are
#   nokamute at depths 2, 4 and 7), its games drawn at a threefold
#   repetition. NOKAMUTE names its binary (default:
#   ../shared/peers/bin/nokamute). Each match's whole log (every game's
#   GameString) goes to target/level-matches/A-B-seedS.log. A long match
#   (nokamute at depth 7) can be played in parts on different seeds
#   (--games 2 --seed 21, then 22, ... 40): the ratings and the tables
#   (cargo run -p hive-ai --example level_ratings -- --tables) add up a
#   pair's rows. Each match keeps its progress after every move in
#   target/level-matches/A-B-seedS.record: a match stopped part way (the
#   machine off, the session over) goes on from there when the same line
#   is run again, its recorded games played again first; the record goes
#   once the match's row is printed.
#
# Needs the engine binary: cargo build --release -p hive-uhp --features cli --bin hive-engine
# (ENGINE names another; COMMIT the commit it was built from, for the rows).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
engine=${ENGINE:-$here/target/release/hive-engine}
nokamute=${NOKAMUTE:-$here/../shared/peers/bin/nokamute}
games=40
seed=21
pairs=()
while [[ $# -gt 0 ]]; do
    case $1 in
        --games) games=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;;
        -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
        */*) pairs+=("$1"); shift ;;
        *) echo "level-matches.sh: '$1' is not A/B (see --help)" >&2; exit 2 ;;
    esac
done
[[ ${#pairs[@]} -gt 0 ]] || { echo "level-matches.sh: no A/B given (see --help)" >&2; exit 2; }
[[ -x $engine ]] || { echo "level-matches.sh: no engine at $engine (see --help)" >&2; exit 1; }
commit=${COMMIT:-$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo -)}
logs=$here/target/level-matches
mkdir -p "$logs"

# A player as `hive match` takes it, and the depth a nokamute player asks for.
player() {
    case $1 in
        nokamute-d*) echo "uhp:$nokamute --num-threads 1 uhp" ;;
        *) echo "$1" ;;
    esac
}
depth() {
    case $1 in
        nokamute-d*) echo "${1#nokamute-d}" ;;
        *) echo "" ;;
    esac
}

for pair in "${pairs[@]}"; do
    a=${pair%%/*}
    b=${pair#*/}
    da=$(depth "$a")
    db=$(depth "$b")
    if [[ -n $da && -n $db && $da != "$db" ]]; then
        echo "level-matches.sh: $pair: two nokamute players must search to the same depth" >&2
        exit 2
    fi
    args=(match "$(player "$a")" "$(player "$b")" --games "$games" --seed "$seed" --threads 1)
    shown="hive match $a $b --games $games --seed $seed --threads 1"
    if [[ -n $da$db ]]; then
        # nokamute has no move in a position it has seen twice before (it
        # counts that a draw), so the referee ends such a game first.
        args+=(--uhp-depth "${da:-$db}" --threefold-repetition)
        shown+=" --uhp-depth ${da:-$db} --threefold-repetition"
    fi
    name=$logs/$(tr ':,' '=_' <<<"$a-$b")-seed$seed
    log=$name.log
    "$engine" "${args[@]}" --record "$name.record" >"$log"
    result=$(grep '^result:' "$log" | tail -n 1)
    read -r wins draws losses < <(sed -E 's/^result: wins ([0-9]+) draws ([0-9]+) losses ([0-9]+).*/\1 \2 \3/' <<<"$result")
    # Forfeited games (a crash, an illegal or refused move) are not in the
    # counts; the row says how many there were.
    forfeits=$(grep -o 'forfeits: A [0-9]* B [0-9]*' <<<"$result" || true)
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s%s\n' "$a" "$b" "$wins" "$draws" "$losses" \
        "$(date +%F)" "$commit" "$shown" "${forfeits:+ ($forfeits)}"
    rm -f "$name.record"
done
