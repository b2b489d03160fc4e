#!/usr/bin/env bash
# Checks the game's sounds and prints one row per file: name, channels,
# sample rate, bits, length, peak and RMS level.
#
#   scripts/check-sounds.sh          # assets/themes/default/sounds
#   scripts/check-sounds.sh DIR      # every .wav in DIR
#
# Fails (exit 1, naming each file and why) unless every file is a mono,
# 16-bit, 44100 Hz WAV between 0.03 and 1.5 s long, peaking at -1.0 dBFS
# or lower with no clipped samples, and not nearly silent (RMS at -40 dBFS
# or above). Prints "N sounds ok" when all pass.
#
# Needs sox (soxi and the stats effect): `scripts/install-deps.sh --sounds`.
set -euo pipefail

# The default folder is found from this script's path, so it works from
# any directory; a DIR argument is taken as given.
dir=${1:-$(dirname "$0")/../assets/themes/default/sounds}

min_length=0.03
max_length=1.5
max_peak=-1.0
min_rms=-40

if ! command -v sox >/dev/null || ! command -v soxi >/dev/null; then
    echo "check-sounds: sox not found; run scripts/install-deps.sh --sounds" >&2
    exit 1
fi
if [[ ! -d $dir ]]; then
    echo "check-sounds: no folder $dir" >&2
    exit 1
fi
shopt -s nullglob
files=("$dir"/*.wav)
if [[ ${#files[@]} -eq 0 ]]; then
    echo "check-sounds: no .wav files in $dir" >&2
    exit 1
fi

# stat_value STATS NAME: the first value on the line of `sox -n stats`
# output that starts with NAME (the overall one, if there are channels).
stat_value() {
    awk -v name="$2" 'index($0, name) == 1 { print $(split(name, words, " ") + 1); exit }' <<<"$1"
}

# is_true EXPRESSION: evaluates a numeric comparison with awk (bash has no
# floating point).
is_true() {
    awk "BEGIN { exit !($1) }"
}

failures=()
fail() {
    failures+=("$1: $2")
}

printf '%-16s %8s %6s %4s %10s %9s %8s\n' \
    file channels rate bits length_s peak_dBFS rms_dBFS
for file in "${files[@]}"; do
    name=$(basename "$file")
    if ! type=$(soxi -t "$file" 2>/dev/null); then
        printf '%-16s (not readable by sox)\n' "$name"
        fail "$name" "not an audio file sox can read"
        continue
    fi
    channels=$(soxi -c "$file")
    rate=$(soxi -r "$file")
    bits=$(soxi -b "$file")
    encoding=$(soxi -e "$file")
    length=$(soxi -D "$file")
    shown_length=$(printf '%.3f' "$length")
    stats=$(sox "$file" -n stats 2>&1)
    peak=$(stat_value "$stats" "Pk lev dB")
    rms=$(stat_value "$stats" "RMS lev dB")
    max_level=$(stat_value "$stats" "Max level")
    min_level=$(stat_value "$stats" "Min level")
    peak_count=$(stat_value "$stats" "Pk count")
    printf '%-16s %8s %6s %4s %10s %9s %8s\n' \
        "$name" "$channels" "$rate" "$bits" "$shown_length" "$peak" "$rms"
    # A silent file's levels are -inf: compare them as a very low number.
    peak_value=${peak/#-inf/-999}
    rms_value=${rms/#-inf/-999}

    [[ $type == wav ]] || fail "$name" "not a WAV file ($type)"
    [[ $channels == 1 ]] || fail "$name" "$channels channels, not mono"
    [[ $rate == 44100 ]] || fail "$name" "$rate Hz, not 44100 Hz"
    [[ $bits == 16 && $encoding == "Signed Integer PCM" ]] ||
        fail "$name" "$bits-bit $encoding, not 16-bit signed integer PCM"
    is_true "$length >= $min_length" || fail "$name" "$shown_length s long, shorter than $min_length s"
    is_true "$length <= $max_length" || fail "$name" "$shown_length s long, longer than $max_length s"
    # A 16-bit sample at full scale (32767 or -32768) has been clipped;
    # `stats` counts the samples at the peak level.
    if is_true "$max_level >= 32767 / 32768 || $min_level <= -1"; then
        fail "$name" "clipped ($peak_count samples at full scale)"
    fi
    is_true "$peak_value <= $max_peak" || fail "$name" "peaks at $peak dBFS, above $max_peak dBFS"
    is_true "$rms_value >= $min_rms" || fail "$name" "RMS $rms dBFS, nearly silent (below $min_rms dBFS)"
done

if [[ ${#failures[@]} -gt 0 ]]; then
    for failure in "${failures[@]}"; do
        echo "check-sounds: $failure" >&2
    done
    exit 1
fi
echo "${#files[@]} sounds ok"
