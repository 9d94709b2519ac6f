#!/usr/bin/env bash
# Dev-time tool, needs ffmpeg: regenerates resources/sample-media/sample.mp4, the clip the sandbox returns
# for video jobs. Run it from anywhere: scripts/make-sample-media.sh
# The app never runs ffmpeg; it only rewrites this file's metadata (electron/sandbox/outputs/mp4-boxes.ts),
# which relies on the moov box coming after mdat, so do not add -movflags +faststart.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$root/resources/sample-media/sample.mp4"
mkdir -p "$(dirname "$out")"

# -bitexact and -map_metadata -1 keep the file reproducible and free of encoder tags we would have to strip.
ffmpeg -hide_banner -loglevel error -y \
  -f lavfi -i "testsrc2=size=320x180:rate=15:duration=2" \
  -f lavfi -i "sine=frequency=440:sample_rate=22050:duration=2" \
  -map 0:v -map 1:a \
  -c:v libx264 -preset veryslow -profile:v baseline -pix_fmt yuv420p -crf 32 -g 30 \
  -c:a aac -b:a 24k -ac 1 \
  -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
  -shortest "$out"

# The runtime code rewrites moov in place, so moov must be the last top-level box, after mdat.
last_box="$(ffprobe -v trace "$out" 2>&1 | grep -o "type:'[a-z]*' parent:'root'" | tail -n 1)"
if [[ "$last_box" != "type:'moov' parent:'root'" ]]; then
  echo "error: moov is not the last box of $out ($last_box)" >&2
  exit 1
fi
echo "wrote $out ($(wc -c <"$out") bytes)"
