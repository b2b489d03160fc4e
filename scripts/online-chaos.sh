#!/usr/bin/env bash
# AI against AI between two processes in the local mode, with trouble:
#
# - cut mode (the default): the connection is cut at random moments (each
#   side drops it after --cut-chance percent of its own moves, the move
#   still unsent);
# - kill mode (--kill): whole processes are killed (`kill -9`) at random
#   moves, either side, and started again with the same command line (each
#   side has its own data folder, where its resume file is): KILLS kills a
#   game at most, each at a random ply on a random side.
#
# Reports how many games finished with the same GameString on both sides,
# were lost (a side failed or hung), or diverged (different GameStrings, a
# move shown that is not the game's, or a ply never shown; a side that was
# never killed must show each move exactly once); the logs of those games
# are kept and named.
#
#   scripts/online-chaos.sh [GAMES] [CUT_PERCENT] [path/to/hive-online]
#   scripts/online-chaos.sh --kill [GAMES] [KILLS] [path/to/hive-online] [TURN_LIMIT]
#
# Defaults: 100 games, 10 percent (cut) or 2 kills (kill), the release
# binary (`cargo build --release -p hive-net --features cli --bin
# hive-online`), a turn limit of 30 (60 plies).
set -uo pipefail

cd "$(dirname "$0")/.."
kill_mode=0
if [[ ${1:-} == --kill ]]; then
    kill_mode=1
    shift
fi
games=${1:-100}
if ((kill_mode)); then
    kills_max=${2:-2}
else
    cut=${2:-10}
fi
bin=${3:-target/release/hive-online}
turn_limit=${4:-30}
[[ -x $bin ]] || cargo build -q --release -p hive-net --features cli --bin hive-online

work=$(mktemp -d)
kept=$(mktemp -d -t hive-chaos-XXXX)
trap 'rm -rf "$work"' EXIT
finished=0 lost=0 diverged=0 cuts=0 kills=0
started=$(date +%s)

# Keeps the game's logs and says why.
keep_logs() {
    mkdir -p "$kept/$1" && cp -r "$work"/* "$kept/$1/"
    echo "game $1 $2: logs in $kept/$1" >&2
}

# The plies of a GameString: its fields after the type, state and turn.
plies_of() {
    echo $(($(tr -cd ';' <<<"$1" | wc -c) - 2))
}

# Checks a side's move lines (`<ply> <MoveString>`, the first N lines of
# the file skipped as not moves) against the GameString: each the game's
# move of its ply, every ply shown; with ONCE, each exactly once.
# Prints nothing when right, else what is wrong.
check_moves() {
    local file=$1 game=$2 once=$3
    # The GameString through the environment: -v would read its backslashes.
    grep -E '^[0-9]+ ' "$file" | GAME=$game awk -v once="$once" '
        BEGIN { n = split(ENVIRON["GAME"], f, ";"); plies = n - 3 }
        { mv = substr($0, index($0, " ") + 1); p = $1 + 0
          if (p < 1 || p > plies || f[p + 3] != mv) { print "ply " p " shown as " mv; bad = 1 }
          seen[p]++ }
        END { for (p = 1; p <= plies; p++) {
                  if (!seen[p]) { print "ply " p " never shown"; bad = 1 }
                  else if (once && seen[p] > 1) { print "ply " p " shown " seen[p] " times"; bad = 1 } }
              if (!bad && plies < 1) print "no moves" }'
}

# Starts the host (its command and arguments) in the background; sets
# host_pid and the invitation read from its first line.
start_host() {
    HIVE_DATA_DIR=$work/h "$@" >"$work/host.out" 2>"$work/host.err" &
    host_pid=$!
    for _ in $(seq 100); do
        [[ -s $work/host.out ]] && break
        sleep 0.05
    done
    invitation=$(head -n 1 "$work/host.out")
}

# Cut mode: one game; sets the game's statuses and files.
cut_game() {
    local i=$1 host_pid invitation
    start_host "$bin" host --local --ai beginner --white --turn-limit "$turn_limit" \
        --cut-chance "$cut" --seed "$i" --wait 30
    HIVE_DATA_DIR=$work/j timeout 120 "$bin" join "$invitation" --local --ai beginner \
        --cut-chance "$cut" --seed $((i + 1000)) --wait 30 >"$work/join.out" 2>"$work/join.err"
    join_status=$?
    wait "$host_pid"
    host_status=$?
    cuts=$((cuts + $(cat "$work/host.err" "$work/join.err" | grep -c '^cutting')))
    host_killed=0 join_killed=0
}

# Kill mode: one game with up to KILLS kills; sets the statuses and files.
kill_game() {
    local i=$1 host_pid invitation
    local host_cmd=("$bin" host --local --ai beginner --white --turn-limit "$turn_limit" --seed "$i" --wait 30)
    start_host "${host_cmd[@]}"
    local join_cmd=("$bin" join "$invitation" --local --ai beginner --seed $((i + 1000)) --wait 30)
    HIVE_DATA_DIR=$work/j "${join_cmd[@]}" >"$work/join.out" 2>"$work/join.err" &
    local join_pid=$!
    # The kills: a random number up to KILLS, each at a random ply (of the
    # game's total, shown so far on that side) of a random side, in order.
    local plies_max=$((2 * turn_limit)) n=$((RANDOM % (kills_max + 1))) k
    local -a at=() side=()
    for ((k = 0; k < n; k++)); do
        at+=($((2 + RANDOM % (plies_max - 4))))
    done
    mapfile -t at < <(printf '%s\n' "${at[@]}" | sort -n | grep .)
    for ((k = 0; k < ${#at[@]}; k++)); do
        side+=($((RANDOM % 2)))
    done
    host_killed=0 join_killed=0
    local deadline=$(($(date +%s) + 240)) next=0 shown pid
    while kill -0 "$host_pid" 2>/dev/null || kill -0 "$join_pid" 2>/dev/null; do
        if (($(date +%s) > deadline)); then
            kill -9 "$host_pid" "$join_pid" 2>/dev/null
            break
        fi
        if ((next < ${#at[@]})); then
            if ((side[next] == 0)); then
                shown=$(grep -cE '^[0-9]+ ' "$work/host.out")
                pid=$host_pid
            else
                shown=$(grep -cE '^[0-9]+ ' "$work/join.out")
                pid=$join_pid
            fi
            if ((shown >= at[next])) && kill -0 "$pid" 2>/dev/null; then
                kill -9 "$pid"
                wait "$pid" 2>/dev/null
                kills=$((kills + 1))
                if ((side[next] == 0)); then
                    echo "--- killed at $shown moves shown, started again" >>"$work/host.err"
                    HIVE_DATA_DIR=$work/h "${host_cmd[@]}" >>"$work/host.out" 2>>"$work/host.err" &
                    host_pid=$!
                    host_killed=$((host_killed + 1))
                else
                    echo "--- killed at $shown moves shown, started again" >>"$work/join.err"
                    HIVE_DATA_DIR=$work/j "${join_cmd[@]}" >>"$work/join.out" 2>>"$work/join.err" &
                    join_pid=$!
                    join_killed=$((join_killed + 1))
                fi
                next=$((next + 1))
                continue
            fi
            if ! kill -0 "$pid" 2>/dev/null; then
                next=$((next + 1)) # that side has finished: no more kills there
            fi
        fi
        sleep 0.02
    done
    wait "$host_pid"
    host_status=$?
    wait "$join_pid"
    join_status=$?
    # A restarted side that found the game over for both says so with 3.
    ((host_status == 3)) && host_status=0
    ((join_status == 3)) && join_status=0
    # The restarted host gave the same invitation.
    if grep -vE '^[0-9]+ |;' "$work/host.out" | sort -u | wc -l | grep -qv '^1$'; then
        host_status=90
    fi
}

for ((i = 1; i <= games; i++)); do
    # The last game's files go first: the invitation read must be this game's.
    rm -rf "${work:?}"/*
    mkdir -p "$work/h" "$work/j"
    if ((kill_mode)); then
        kill_game "$i"
    else
        cut_game "$i"
    fi
    host_end=$(tail -n 1 "$work/host.out")
    join_end=$(tail -n 1 "$work/join.out")
    if ((host_status != 0 || join_status != 0)); then
        lost=$((lost + 1))
        keep_logs "$i" "lost (host $host_status, joiner $join_status)"
        continue
    fi
    plies=$(plies_of "$host_end")
    host_wrong=$(check_moves "$work/host.out" "$host_end" $((host_killed == 0)))
    join_wrong=$(check_moves "$work/join.out" "$host_end" $((join_killed == 0)))
    if [[ $host_end != "$join_end" || $host_end == *";InProgress;"* || -n $host_wrong || -n $join_wrong ]]; then
        diverged=$((diverged + 1))
        keep_logs "$i" "diverged (plies $plies; host: ${host_wrong:-ok}; joiner: ${join_wrong:-ok})"
        continue
    fi
    finished=$((finished + 1))
done
wall=$(($(date +%s) - started))
if ((kill_mode)); then
    echo "$games games, up to $kills_max kills each: $finished finished, $lost lost, $diverged diverged; $kills processes killed and started again; $wall s"
else
    echo "$games games, cut chance $cut%: $finished finished, $lost lost, $diverged diverged; $cuts connections cut; $wall s"
fi
