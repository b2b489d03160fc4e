#!/usr/bin/env bash
# Proves the local mode of online play stays on this machine: two headless
# peers (`hive-online host --local` and `join --local`) play a short game
# with a watcher (`watch --local`) under strace, and the script fails if any
# connect() or send names a destination other than loopback.
#
#   scripts/local-only.sh [path/to/hive-online]
#
# Without an argument it builds the debug binary
# (`cargo build -p hive-net --features cli --bin hive-online`). Needs strace.
#
# One call is allowed to name another address: a UDP connect() with no
# packet after it. The network library asks the kernel which interface has
# the default route that way (connect() on a UDP socket sends nothing; it
# only picks a route and a source address). strace's -yy prints every
# socket's addresses with its fd, so a later send on such a socket would
# show its non-loopback peer ("->a.b.c.d") and fail the check.
set -euo pipefail

cd "$(dirname "$0")/.."
bin=${1:-}
if [[ -z $bin ]]; then
    cargo build -q -p hive-net --features cli --bin hive-online
    bin=target/debug/hive-online
fi
command -v strace >/dev/null || { echo "strace is needed (apt-get install strace)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trace=(strace -f -qq -yy -e trace=connect,sendto,sendmsg,sendmmsg)

"${trace[@]}" -o "$work/host.trace" "$bin" host --local --ai beginner --white --turn-limit 10 --wait 60 \
    --watchers 1 >"$work/host.out" 2>/dev/null &
host_pid=$!
for _ in $(seq 100); do
    [[ $(wc -l <"$work/host.out") -ge 2 ]] && break
    sleep 0.1
done
invitation=$(head -n 1 "$work/host.out")
watch_invitation=$(sed -n '2s/^watch //p' "$work/host.out")
"${trace[@]}" -o "$work/watch.trace" "$bin" watch "$watch_invitation" --local --wait 60 \
    >"$work/watch.out" 2>"$work/watch.err" &
watch_pid=$!
# The game starts once the watcher is in.
for _ in $(seq 300); do
    grep -q '^Welcomed' "$work/watch.err" && break
    sleep 0.1
done
"${trace[@]}" -o "$work/join.trace" "$bin" join "$invitation" --local --ai beginner --wait 60 \
    >"$work/join.out" 2>/dev/null
wait "$host_pid"
wait "$watch_pid"

host_end=$(tail -n 1 "$work/host.out")
join_end=$(tail -n 1 "$work/join.out")
watch_end=$(tail -n 1 "$work/watch.out")
if [[ $host_end != "$join_end" || $host_end != "$watch_end" || $host_end != Base* ]]; then
    echo "FAIL: the game did not end the same on both sides and the watcher's" >&2
    exit 1
fi

loopback() {
    [[ $1 == 127.* || $1 == ::1 || $1 == ::ffff:127.* ]]
}

bad=0
checked=0
while IFS= read -r line; do
    checked=$((checked + 1))
    # Destinations: the call's own socket address (sin_addr, sin6_addr; not
    # the source-address hints of IP_PKTINFO) and the socket's peer (-yy).
    addrs=$(grep -oE 'sin_addr=inet_addr\("[^"]+"\)|sin6_addr=inet_pton\(AF_INET6, "[^"]+"|->\[?[0-9a-fA-F.:]+\]?:[0-9]+' <<<"$line" |
        sed -E 's/sin_addr=inet_addr\("([^"]+)"\)/\1/; s/sin6_addr=inet_pton\(AF_INET6, "([^"]+)"/\1/; s/^->\[?//; s/\]?:[0-9]+$//' || true)
    for addr in $addrs; do
        loopback "$addr" && continue
        # The route query: a UDP connect() on an unconnected socket sends nothing.
        if [[ $line =~ ^[0-9]+\ +connect\([0-9]+\<UDP:\[[^]\>-]*\]\>, ]]; then
            continue
        fi
        echo "NOT LOCAL ($addr): ${line:0:200}" >&2
        bad=1
    done
done < <(cat "$work/host.trace" "$work/join.trace" "$work/watch.trace" | grep -E ' (connect|sendto|sendmsg|sendmmsg)\(')

if ((bad)); then
    echo "FAIL: the local mode reached beyond loopback" >&2
    exit 1
fi
echo "ok: $checked network calls, every destination loopback; the game ended the same on both sides and the watcher's"
