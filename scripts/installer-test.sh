#!/usr/bin/env bash
# The Linux archive installed as a person would: the shell installer that
# `dist build` generated fetches it from a mirror of target/distrib served
# on 127.0.0.1 (the installer's download-URL override), checks its
# checksum and installs it into a temporary prefix; the installed binary
# then plays the README's first example.
#
# Run after `dist build` (scripts/dist-build.sh); needs python3 and curl.
set -euo pipefail
cd "$(dirname "$0")/.."
distrib=$PWD/target/distrib
installer=$distrib/three-thirteen-installer.sh
if [ ! -f "$installer" ]; then
  echo "error: no $installer; build the archive and installers first (scripts/dist-build.sh)" >&2
  exit 1
fi

work=$(mktemp -d)
server=
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

# The mirror, on a free port of the loopback address only.
python3 -u -m http.server --bind 127.0.0.1 --directory "$distrib" 0 >"$work/server.log" 2>&1 &
server=$!
port=
for _ in $(seq 100); do
  port=$(sed -n 's/.*port \([0-9]*\).*/\1/p' "$work/server.log" | head -n 1)
  [ -n "$port" ] && break
  sleep 0.1
done
if [ -z "$port" ]; then
  echo "error: the mirror did not start:" >&2
  cat "$work/server.log" >&2
  exit 1
fi

# A home of its own: the installer touches no profile (the PATH is left
# alone) and writes its receipt there.
mkdir -p "$work/home" "$work/prefix"
env -i PATH="$PATH" HOME="$work/home" \
  THREE_THIRTEEN_DOWNLOAD_URL="http://127.0.0.1:$port" \
  THREE_THIRTEEN_INSTALL_DIR="$work/prefix" \
  THREE_THIRTEEN_NO_MODIFY_PATH=1 \
  sh "$installer"
bin=$work/prefix/bin/three13
test -x "$bin"
grep -q 'GET /three-thirteen-x86_64-unknown-linux-musl.tar.gz' "$work/server.log"

# The README's first example, with the installed binary.
export THREE13_DATA_DIR=$work/data NO_COLOR=1
"$bin" --version
out=$("$bin" new --player Ann --player Bob --player Cy friday)
grep -qx 'Started session friday with Ann, Bob and Cy (rules: standard); it is the current session.' <<<"$out"
"$bin" round 12 0 35 --out Bob >/dev/null
out=$("$bin" round Ann=0 Bob=8 Cy="9h 4d Kh 5s" --out Ann 2>&1)
grep -qx '  Cy: 9h 4d Kh 5s: no meld; left over Kh 9h 5s 4d; deadwood 31' <<<"$out"
grep -qx 'Leader: Bob, with 8' <<<"$out"
out=$("$bin" check 7d 10c KS QS 5c 2>/dev/null)
grep -qx 'Melds     run 5c Qs Ks  (5c as Js)' <<<"$out"
grep -qx 'Deadwood 17' <<<"$out"
echo "installer-test: installed from http://127.0.0.1:$port into a temporary prefix; the README's example runs"
