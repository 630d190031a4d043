#!/bin/sh
# Regenerates public/alarm.mp3, the dashboard's two-tone alarm (docs/console.md), with Debian's
# sox and lame (apt-get install -y sox lame libsox-fmt-mp3).
#
# 2.0 s, mono, 64 kbps: four alternating tones (960 Hz / 770 Hz, 0.375 s each, short
# fades against clicks) in the first 1.6 s, then 0.4 s of silence. The console rewinds
# the sound when less than 0.33 s remain (the MP3 padding), so that rewind always falls
# in the silence and never cuts a tone.
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

tone() { # name frequency
  sox -n -r 44100 -c 1 -b 16 "$tmp/$1.wav" synth 0.375 triangle "$2" fade t 0.01 0.375 0.02 vol 0.7
}
silence() { # name seconds
  sox -n -r 44100 -c 1 -b 16 "$tmp/$1.wav" trim 0 "$2"
}
tone high 960
tone low 770
silence gap 0.025
silence tail 0.4
sox "$tmp/high.wav" "$tmp/gap.wav" "$tmp/low.wav" "$tmp/gap.wav" \
  "$tmp/high.wav" "$tmp/gap.wav" "$tmp/low.wav" "$tmp/gap.wav" "$tmp/tail.wav" "$tmp/alarm.wav"
lame --quiet -m m -b 64 --noreplaygain "$tmp/alarm.wav" public/alarm.mp3
echo "public/alarm.mp3: $(wc -c < public/alarm.mp3) bytes"
