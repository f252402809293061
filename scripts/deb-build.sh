#!/usr/bin/env bash
# The Debian package of the release, target/distrib/three13_amd64.deb with
# its .sha256: the static Linux build, taken from its archive as released,
# packed by cargo-deb with the metadata of Cargo.toml
# ([package.metadata.deb]: the binary, the man pages, the completions, the
# README and the rules page, each where the system looks for it). A static
# binary needs no library: the package runs on any Debian or Ubuntu for
# x86-64. The version in its control data is the crate's; the file's name
# has none, so that the latest release's package has one address.
#
#     scripts/deb-build.sh [ARCHIVE]
#
# The archive is target/distrib/three-thirteen-x86_64-unknown-linux-musl.tar.gz
# unless named (scripts/dist-build.sh builds it). Needs cargo-deb
# (cargo install --locked cargo-deb); nothing is compiled.
set -euo pipefail
cd "$(dirname "$0")/.."
target=x86_64-unknown-linux-musl
archive=${1:-target/distrib/three-thirteen-$target.tar.gz}
if [ ! -f "$archive" ]; then
  echo "error: no $archive; build the archives first (scripts/dist-build.sh)" >&2
  exit 1
fi

# The binary where cargo-deb looks for the dist profile's build of the
# target, in a target folder of its own (the build's own is left alone).
export CARGO_TARGET_DIR=$PWD/target/deb
rm -rf "$CARGO_TARGET_DIR"
mkdir -p "$CARGO_TARGET_DIR/$target/dist"
tar -xzf "$archive" -O "three-thirteen-$target/three13" >"$CARGO_TARGET_DIR/$target/dist/three13"
chmod 755 "$CARGO_TARGET_DIR/$target/dist/three13"

mkdir -p target/distrib
deb=target/distrib/three13_amd64.deb
cargo deb --no-build --no-strip --target "$target" --profile dist --output "$deb"
(cd target/distrib && sha256sum "$(basename "$deb")" >"$(basename "$deb").sha256")
echo "built $deb"
