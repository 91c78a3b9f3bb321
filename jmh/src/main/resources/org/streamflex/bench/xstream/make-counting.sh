#!/usr/bin/env bash
# Makes counting.wav.gz, XStream's "nine second long, 44.1 KHz sound file of a speaker counting from one to
# five" (CountingRecording loads it). It needs espeak-ng and sox (Debian: apt-get install espeak-ng sox);
# the build does not run it and nothing in the project needs either tool: the result is committed.
# Made with espeak-ng 1.51 and sox 14.4.2. Run it from any directory; it writes next to itself.
#
#   speech: espeak-ng's default English voice at 100 words/min, 1.2 s pauses between the words (22.05 kHz)
#   then:   resampled to 44.1 kHz (sox's very high quality band-limited resampler), normalised to -3 dBFS peak,
#           0.6 s of silence in front, padded and cut to exactly 9 s = 396,900 samples
#   room:   pink noise at about -70 dBFS RMS, so that silence is a quiet room rather than digital zero
#   file:   the two mixed, 16-bit signed PCM (sox dithers the conversion), mono, gzip -9 without a time stamp
# -R (repeatable) fixes sox's random seeds, so a rerun with the same tool versions writes the same bytes.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
espeak-ng -m -s 100 -w "$tmp/speech22.wav" \
    '<speak>one<break time="1200ms"/>two<break time="1200ms"/>three<break time="1200ms"/>four<break time="1200ms"/>five</speak>'
sox -V1 -R "$tmp/speech22.wav" -r 44100 -c 1 -b 32 -e floating-point "$tmp/speech.wav" \
    rate -v gain -n -3 pad 0.6 2 trim 0 396900s
sox -V1 -R -n -r 44100 -c 1 -b 32 -e floating-point "$tmp/room.wav" synth 9 pinknoise vol 0.0015
sox -V1 -R -m -v 1 "$tmp/speech.wav" -v 1 "$tmp/room.wav" -b 16 -e signed-integer "$tmp/counting.wav"
test "$(soxi -s "$tmp/counting.wav")" = 396900
gzip -n -9 -c "$tmp/counting.wav" > "$here/counting.wav.gz"
