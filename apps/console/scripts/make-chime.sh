#!/bin/sh
# Regenerates public/chime.mp3, the technical alarm's single chime (docs/alarm-handling.md): a device
# went silent or a deleted device sent an SOS. One short two-note ding (1320 Hz then
# 990 Hz, sine, 0.6 s in all), far quieter than the SOS alarm (vol 0.25 against 0.7), and
# never looped. Needs Debian's sox and lame (apt-get install -y sox lame libsox-fmt-mp3).
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
sox -n -r 44100 -c 1 -b 16 "$tmp/a.wav" synth 0.25 sine 1320 fade t 0.005 0.25 0.12 vol 0.25
sox -n -r 44100 -c 1 -b 16 "$tmp/b.wav" synth 0.35 sine 990 fade t 0.005 0.35 0.25 vol 0.25
sox "$tmp/a.wav" "$tmp/b.wav" "$tmp/chime.wav"
lame --quiet -m m -b 64 --noreplaygain "$tmp/chime.wav" public/chime.mp3
echo "public/chime.mp3: $(wc -c < public/chime.mp3) bytes"
