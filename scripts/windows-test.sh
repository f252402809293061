#!/usr/bin/env bash
# The Windows build, cross-compiled here with MinGW-w64 and run under Wine:
# the smoke tests of tests/it/smoke.rs against three13.exe (the commands
# of a game, the session file edited by hand, two writers at once, a save
# cut short, colour and width off a console).
#
#     scripts/windows-test.sh [three13.exe]
#
# Needs the target (rustup target add x86_64-pc-windows-gnu) and Debian's
# gcc-mingw-w64-x86-64 and wine packages; .ci/run installs them.
set -euo pipefail
cd "$(dirname "$0")/.."
target=x86_64-pc-windows-gnu
# The binary named, or the release build made here.
if [ $# -gt 0 ]; then
  exe=$(realpath "$1")
else
  cargo build --release --locked --target "$target"
  exe=$PWD/target/$target/release/three13.exe
fi

# A Wine prefix of its own, made once, quiet, without the Mono and Gecko
# installers (no window, no download); one server for every run.
export WINEPREFIX=$PWD/target/wine
export WINEDEBUG=-all
export WINEDLLOVERRIDES="mscoree,mshtml="
unset DISPLAY WAYLAND_DISPLAY
if [ ! -f "$WINEPREFIX/system.reg" ]; then
  wine wineboot --init >/dev/null 2>&1
fi
# Wine 8.0 (Debian 12) has no bcryptprimitives.dll, where the Rust
# standard library finds ProcessPrng on Windows 10 and later: the prefix
# gets a stand-in made from Windows' RtlGenRandom (scripts/wine/).
system32=$WINEPREFIX/drive_c/windows/system32
if [ ! -f "$system32/bcryptprimitives.dll" ] || [ scripts/wine/bcryptprimitives.c -nt "$system32/bcryptprimitives.dll" ]; then
  x86_64-w64-mingw32-gcc -O2 -shared -o "$system32/bcryptprimitives.dll" \
    scripts/wine/bcryptprimitives.c -ladvapi32
fi
wineserver --persistent=60 2>/dev/null || true
trap 'wineserver --kill || true' EXIT

# The binary starts, and says what it is.
wine "$exe" --version

THREE13_BIN=$exe THREE13_RUNNER=wine \
  cargo test --locked --test it -- --ignored --test-threads=2 smoke::
