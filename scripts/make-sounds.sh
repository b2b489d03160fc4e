#!/usr/bin/env bash
# Synthesises the default theme's sounds with SoX into
# assets/themes/default/sounds/ (WAV, mono, 16-bit, 44100 Hz):
#
#   place.wav       a piece set down on the table: a soft woody tock
#   move.wav        a piece slid and set down: a brush of noise, then a tock
#   climb.wav       a beetle climbing onto a stack: two quick rising tocks
#   throw.wav       a pillbug throw: a swoosh up and down, then a tock
#   illegal.wav     an illegal drop: a soft low double bonk
#   ai-move.wav     the AI's move: a shorter brush and a brighter tock
#   clock-tick.wav  the clock's last ten seconds: a short tick
#   game-end.wav    the end of the game: a C5-E5-G5 chime
#
# Everything is made from sine waves and filtered noise (`sox -n ... synth`),
# no recordings. `sox -R` seeds the noise and the dither with fixed numbers,
# so running the script again writes byte-identical files.
#
#   scripts/make-sounds.sh        # from any directory
#   scripts/check-sounds.sh       # then check them
#
# Needs sox: `scripts/install-deps.sh --sounds`.
set -euo pipefail
cd "$(dirname "$0")/.."

out_dir=assets/themes/default/sounds
if ! command -v sox >/dev/null; then
    echo "make-sounds: sox not found; run scripts/install-deps.sh --sounds" >&2
    exit 1
fi
mkdir -p "$out_dir"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The parts are mixed at 32-bit float; only the finished sounds are 16-bit.
float=(-r 44100 -c 1 -b 32 -e floating-point)
final=(-r 44100 -c 1 -b 16 -e signed-integer)

# Runs sox in repeatable mode and fails on any warning (a clipped mix, say).
run_sox() {
    local err
    if ! err=$(sox -R "$@" 2>&1) || [[ -n $err ]]; then
        echo "make-sounds: sox $*" >&2
        echo "$err" >&2
        exit 1
    fi
}

# part NAME START LENGTH DECAY SYNTH... [-- EFFECTS...]
#
# Writes the part $tmp/NAME.wav: `synth SYNTH...` lowered 6 dB (room for
# the filters' overshoot) and run through EFFECTS (filters), then shaped by
# an envelope: a 2 ms fade in and an exponential decay falling 100 dB over
# DECAY seconds (SoX's logarithmic fade), cut with a 4 ms fade out at LENGTH
# seconds (or at DECAY, if sooner). It is peak-normalised to -1 dB and
# preceded by START seconds of silence, so `mix` can lay parts on a time line.
part() {
    local name=$1 start=$2 length=$3 decay=$4
    shift 4
    local synth=()
    while [[ $# -gt 0 && $1 != -- ]]; do
        synth+=("$1")
        shift
    done
    [[ $# -gt 0 ]] && shift
    local cut
    cut=$(awk -v l="$length" -v d="$decay" 'BEGIN { print (l < d ? l : d) }')
    run_sox -n "${float[@]}" "$tmp/$name.wav" \
        synth "$decay" "${synth[@]}" gain -6 "$@" \
        fade l 0 "$decay" "$decay" fade h 0.002 \
        trim 0 "$cut" fade h 0 "$cut" 0.004 \
        norm -1 pad "$start" 0
}

# mix FILE LENGTH WEIGHT PART [WEIGHT PART...]
#
# Mixes the parts, each scaled by its WEIGHT (the weights add up to at
# most 1, so the sum cannot clip), with LENGTH seconds of silence (so the
# mix is at least that long, and sox -m has two inputs even for one part),
# cuts it at LENGTH seconds with 2 ms and 10 ms fades at the ends,
# peak-normalises it to -3 dBFS and writes $out_dir/FILE as 16-bit.
mix() {
    local file=$1 length=$2
    shift 2
    run_sox -n "${float[@]}" "$tmp/silence.wav" trim 0 "$length"
    local inputs=(-v 0 "$tmp/silence.wav")
    while [[ $# -gt 0 ]]; do
        inputs+=(-v "$1" "$tmp/$2.wav")
        shift 2
    done
    run_sox -m "${inputs[@]}" "${final[@]}" "$out_dir/$file" \
        trim 0 "$length" fade h 0.002 "$length" 0.01 gain -n -3
    echo "make-sounds: $out_dir/$file"
}

# tock PREFIX START BODY KNOCK RING CLICK
#
# The parts of a piece knocking on wood, starting at START seconds:
#   PREFIX-body   a low sine (BODY Hz) bending down a little: the thump
#   PREFIX-knock  a sine (KNOCK Hz) gliding down 10 %: the wood's tone
#   PREFIX-ring   a higher sine (RING Hz), short: the hard edge
#   PREFIX-click  pink noise band-passed around CLICK Hz, very short
# Mix them with weights to set how heavy or bright the tock is.
tock() {
    local prefix=$1 start=$2 body=$3 knock=$4 ring=$5 click=$6
    local knock_end=$((knock * 9 / 10)) body_end=$((body * 8 / 10))
    part "$prefix-body" "$start" 0.12 0.25 sine "$body-$body_end"
    part "$prefix-knock" "$start" 0.1 0.15 sine "$knock-$knock_end"
    part "$prefix-ring" "$start" 0.05 0.06 sine "$ring"
    part "$prefix-click" "$start" 0.015 0.02 pinknoise -- \
        bandpass "$click" 1.0q highpass 300 lowpass 6000
}

# brush PREFIX LENGTH: pink noise low-passed and band-limited to 300-2500 Hz,
# swelling over the first 40 % of LENGTH and fading out over the rest: a
# piece sliding over the table. (No `part` decay here: an arch, not a hit.)
brush() {
    local prefix=$1 length=$2
    local swell fall
    swell=$(awk -v l="$length" 'BEGIN { printf "%.3f", l * 0.4 }')
    fall=$(awk -v l="$length" 'BEGIN { printf "%.3f", l * 0.6 }')
    run_sox -n "${float[@]}" "$tmp/$prefix-brush.wav" \
        synth "$length" pinknoise highpass 300 lowpass 2500 lowpass 2500 \
        fade h "$swell" "$length" "$fall" norm -1
}

# place: one tock, heavy on the body and the knock.
tock place 0 170 420 1130 2000
mix place.wav 0.12 0.35 place-body 0.4 place-knock 0.1 place-ring 0.15 place-click

# move: a 0.15 s brush, then a lighter tock (less body) as it lands.
brush move 0.15
tock move 0.12 190 470 1250 2200
mix move.wav 0.2 0.15 move-brush 0.15 move-body 0.35 move-knock 0.08 move-ring 0.12 move-click

# climb: two tocks 0.11 s apart, both higher than place, the second higher
# still: the beetle stepping up.
tock climb1 0 220 560 1500 2600
tock climb2 0.11 260 680 1800 3000
mix climb.wav 0.25 \
    0.1 climb1-body 0.18 climb1-knock 0.05 climb1-ring 0.07 climb1-click \
    0.12 climb2-body 0.25 climb2-knock 0.07 climb2-ring 0.1 climb2-click

# throw: a swoosh, filtered noise whose band sweeps 500 -> 2500 Hz and back,
# then a tock as the piece lands. The band comes from ring modulation: noise
# low-passed at 350 Hz is multiplied by a sine sweep (`synth sine fmod`),
# which moves it up around the sine's frequency. The second half is swept
# reversed and turned back, so it sweeps down from where the first half ends.
# The sine starts at 32 % of a cycle so that it ends on a crest: mirrored
# there, it joins smoothly (no click in the middle of the swoosh).
run_sox -n "${float[@]}" "$tmp/throw-noise.wav" \
    synth 0.3 whitenoise lowpass 350 lowpass 350
run_sox "$tmp/throw-noise.wav" "$tmp/throw-up.wav" \
    trim 0 0.15 synth 0.15 sine fmod 500:2500 0 32
run_sox "$tmp/throw-noise.wav" "$tmp/throw-down.wav" \
    trim 0.15 0.15 reverse synth 0.15 sine fmod 500:2500 0 32 reverse
run_sox "$tmp/throw-up.wav" "$tmp/throw-down.wav" "$tmp/throw-swoosh.wav" \
    lowpass 4000 fade h 0.12 0.3 0.16 norm -1
tock throw 0.27 180 440 1180 2100
mix throw.wav 0.35 0.35 throw-swoosh 0.15 throw-body 0.3 throw-knock 0.08 throw-ring 0.12 throw-click

# illegal: two soft low bonks, the second a little lower: a square wave
# low-passed to a few harmonics (a muted buzz) over a sine an octave down.
part illegal1-buzz 0 0.1 0.25 square 150 -- lowpass 600 lowpass 600
part illegal1-sine 0 0.1 0.25 sine 75
part illegal2-buzz 0.13 0.12 0.3 square 130 -- lowpass 550 lowpass 550
part illegal2-sine 0.13 0.12 0.3 sine 65
mix illegal.wav 0.25 0.3 illegal1-buzz 0.2 illegal1-sine 0.3 illegal2-buzz 0.2 illegal2-sine

# ai-move: like move with a shorter brush and a brighter tock (higher
# tones, more ring and click), so the two are told apart.
brush ai 0.1
tock ai 0.09 230 620 1650 3200
mix ai-move.wav 0.18 0.12 ai-brush 0.1 ai-body 0.3 ai-knock 0.15 ai-ring 0.2 ai-click

# clock-tick: a short high tick, a 1.9 kHz sine and a click of noise.
part tick-tone 0 0.05 0.08 sine 1900
part tick-click 0 0.015 0.02 pinknoise -- bandpass 4000 1.0q lowpass 9000
mix clock-tick.wav 0.05 0.6 tick-tone 0.4 tick-click

# game-end: C5, E5 and G5 struck 0.12 s apart, each a sine with a quiet
# octave above it (a softer bell), ringing out over the rest of the sound.
part chime-c 0 0.9 1.4 sine 523.25
part chime-c2 0 0.9 0.7 sine 1046.5
part chime-e 0.12 0.78 1.4 sine 659.26
part chime-e2 0.12 0.78 0.7 sine 1318.51
part chime-g 0.24 0.66 1.6 sine 783.99
part chime-g2 0.24 0.66 0.8 sine 1567.98
mix game-end.wav 0.9 \
    0.25 chime-c 0.05 chime-c2 0.25 chime-e 0.05 chime-e2 0.3 chime-g 0.06 chime-g2
