#!/usr/bin/env bash
# The static Linux build (musl): built, checked to need no shared library,
# and run through the smoke tests of tests/it/smoke.rs.
#
#     scripts/static-test.sh [three13]
#
# Needs the target (rustup target add x86_64-unknown-linux-musl); .ci/run
# installs it.
set -euo pipefail
cd "$(dirname "$0")/.."
target=x86_64-unknown-linux-musl
# The binary named, or the release build made here.
if [ $# -gt 0 ]; then
  bin=$(realpath "$1")
else
  cargo build --release --locked --target "$target"
  bin=$PWD/target/$target/release/three13
fi

# No interpreter and no shared library: it runs on any Linux.
if readelf --program-headers --dynamic "$bin" | grep -E 'INTERP|NEEDED'; then
  echo "error: $bin is not static" >&2
  exit 1
fi
"$bin" --version

THREE13_BIN=$bin cargo test --locked --test it -- --ignored smoke::
