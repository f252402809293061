#!/usr/bin/env bash
# The release as far as this machine can build it, into target/distrib:
#
# - `dist plan` must list every archive and installer of a release (the
#   five targets' archives, the shell and PowerShell installers, the
#   Homebrew formula, the bill of materials and the checksums);
# - `dist build` makes the static Linux archive and the release's global
#   files (installers, formula, bill of materials, checksums), as the
#   release workflow does;
# - the Windows archive is made from the MinGW-w64 build: dist would
#   cross-compile the MSVC one with cargo-xwin, which downloads
#   Microsoft's libraries, so here the -gnu build is packed as dist packs
#   the other (a flat zip with the same files, and its .sha256);
# - with --arm64, the ARM64 Linux archive, made from a build linked by
#   Debian's AArch64 cross linker: release.yml builds it on an ARM64
#   runner, and dist would cross-compile it here with cargo-zigbuild,
#   which needs Zig, so here it is packed as dist packs the static one (a
#   tarball with a folder named as it, and its .sha256). It is one more
#   release build (about five minutes of one core's time), so .ci/run
#   leaves it out; scripts/aarch64-test.sh builds it and tests it;
# - the Debian package is made from the static Linux archive
#   (scripts/deb-build.sh), as release.yml's build-deb job makes it.
#
# Each archive holds the CycloneDX bill of materials of its target,
# three-thirteen.cdx.xml, made as .github/build-setup.yml makes it in the
# release's build jobs.
#
#     scripts/dist-build.sh [--arm64]
#
# Needs dist, cargo-auditable, cargo-cyclonedx and cargo-deb (cargo
# install --locked), the targets, MinGW-w64 and, for --arm64, the AArch64
# linker; .ci/run installs them (scripts/aarch64-test.sh what --arm64
# needs).
set -euo pipefail
cd "$(dirname "$0")/.."
arm64=
case "${1-}" in
  --arm64) arm64=1 ;;
  "") ;;
  *) echo "usage: scripts/dist-build.sh [--arm64]" >&2; exit 2 ;;
esac

plan=$(dist plan 2>&1) || { echo "$plan" >&2; exit 1; }
echo "$plan"
missing=0
for target in x86_64-unknown-linux-musl aarch64-unknown-linux-gnu x86_64-apple-darwin \
  aarch64-apple-darwin; do
  for want in "three-thirteen-$target.tar.gz" "three-thirteen-$target.tar.gz.sha256"; do
    grep -qF "$want" <<<"$plan" || { echo "error: dist plan has no $want" >&2; missing=1; }
  done
done
for want in three-thirteen-x86_64-pc-windows-msvc.zip three-thirteen-x86_64-pc-windows-msvc.zip.sha256 \
  three-thirteen-installer.sh three-thirteen-installer.ps1 three-thirteen.rb \
  three-thirteen.cdx.xml sha256.sum; do
  grep -qF "$want" <<<"$plan" || { echo "error: dist plan has no $want" >&2; missing=1; }
done
[ "$missing" = 0 ]

rm -rf target/distrib
# The static Linux archive, with the bill of materials of its target.
cargo cyclonedx --target x86_64-unknown-linux-musl
dist build --artifacts=all --target x86_64-unknown-linux-musl
# The release's bill of materials, made as release.yml makes it, into
# target/distrib.
cargo cyclonedx -v
mv three-thirteen.cdx.xml crates/core/three13-core.cdx.xml target/distrib/

# An archive laid out as dist lays out its own: TARGET BINARY.
pack() {
  cargo cyclonedx --target "$1"
  python3 - "$@" <<'PY'
import hashlib, os, sys, tarfile, zipfile
target, binary = sys.argv[1], sys.argv[2]
windows = binary.endswith(".exe")
name = f"three-thirteen-{target}" + (".zip" if windows else ".tar.gz")
path = os.path.join("target/distrib", name)
files = [(binary, os.path.basename(binary))]
for top in ["README.md", "CHANGELOG.md", "LICENSE-MIT", "LICENSE-APACHE", "three-thirteen.cdx.xml"]:
    files.append((top, top))
for folder in ["man", "completions"]:
    for f in sorted(os.listdir(folder)):
        files.append((f"{folder}/{f}", f"{folder}/{f}"))
if windows:
    # A flat zip.
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for src, inside in files:
            z.write(src, inside)
else:
    # A tarball with a folder named as it.
    with tarfile.open(path, "w:gz") as t:
        for src, inside in files:
            t.add(src, f"three-thirteen-{target}/{inside}")
digest = hashlib.sha256(open(path, "rb").read()).hexdigest()
with open(path + ".sha256", "w") as f:
    f.write(f"{digest} *{name}\n")
print(f"built {path}")
PY
  rm -f three-thirteen.cdx.xml crates/core/three13-core.cdx.xml
}

# The Windows archive, from the MinGW-w64 build.
target=x86_64-pc-windows-gnu
cargo auditable build --locked --release --target "$target"
pack "$target" "target/$target/release/three13.exe"

# The ARM64 Linux archive, linked by Debian's AArch64 cross linker.
if [ -n "$arm64" ]; then
  target=aarch64-unknown-linux-gnu
  CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc \
    cargo auditable build --locked --release --target "$target"
  pack "$target" "target/$target/release/three13"
fi

# The Debian package, from the static Linux archive.
scripts/deb-build.sh
ls -l target/distrib
