#!/usr/bin/env bash
# The ARM64 Linux build, cross-compiled here (linked by Debian's AArch64
# cross linker) and run under QEMU's user-mode emulator with Debian's
# ARM64 C library: checked to be an AArch64 program, then the smoke tests
# of tests/it/smoke.rs against it.
#
#     scripts/aarch64-test.sh [three13]
#
# Without a binary named, the release build is made here as
# `scripts/dist-build.sh --arm64` makes it for the ARM64 archive (with
# cargo auditable, which must be installed). Installs what it needs where
# it is missing: the Rust target and Debian's gcc-aarch64-linux-gnu,
# libc6-dev-arm64-cross and qemu-user packages. .ci/run leaves it out: a
# release build more (about five minutes of one core's time) and a
# minute of tests, for a build that release.yml makes on an ARM64 runner.
set -euo pipefail
cd "$(dirname "$0")/.."
target=aarch64-unknown-linux-gnu
need=()
command -v aarch64-linux-gnu-gcc >/dev/null || need+=(gcc-aarch64-linux-gnu libc6-dev-arm64-cross)
command -v qemu-aarch64 >/dev/null || need+=(qemu-user)
command -v readelf >/dev/null || need+=(binutils)
if [ ${#need[@]} -gt 0 ]; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
# The binary named, or the release build made here.
if [ $# -gt 0 ]; then
  bin=$(realpath "$1")
else
  rustup target add "$target"
  CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc \
    cargo auditable build --locked --release --target "$target"
  bin=$PWD/target/$target/release/three13
fi

# An AArch64 program, for the GNU C library's loader.
header=$(readelf --file-header "$bin")
if ! grep -q 'Machine: *AArch64' <<<"$header"; then
  echo "error: $bin is not an AArch64 program:" >&2
  echo "$header" >&2
  exit 1
fi
readelf --program-headers "$bin" | grep -q 'ld-linux-aarch64.so.1' || {
  echo "error: $bin does not ask for the AArch64 loader" >&2
  exit 1
}

# The emulator with the ARM64 C library of libc6-arm64-cross as its root
# for libraries; the smoke tests run the binary through it.
sysroot=/usr/aarch64-linux-gnu
runner=$PWD/target/qemu-aarch64
cat >"$runner" <<SH
#!/bin/sh
exec qemu-aarch64 -L $sysroot "\$@"
SH
chmod +x "$runner"
"$runner" "$bin" --version

THREE13_BIN=$bin THREE13_RUNNER=$runner \
  cargo test --locked --test it -- --ignored smoke::
