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
#   the other (a flat zip with the same files, and its .sha256).
#
# Needs dist, cargo-auditable and cargo-cyclonedx (cargo install --locked),
# the two targets and MinGW-w64; .ci/run installs them.
set -euo pipefail
cd "$(dirname "$0")/.."

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
dist build --artifacts=all --target x86_64-unknown-linux-musl
# The bill of materials, made as release.yml makes it, into target/distrib.
cargo cyclonedx -v
mv three-thirteen.cdx.xml crates/core/three13-core.cdx.xml target/distrib/

# The Windows archive, laid out as dist lays out the MSVC one.
target=x86_64-pc-windows-gnu
cargo auditable build --locked --release --target "$target"
python3 - "$target" <<'PY'
import hashlib, os, sys, zipfile
target = sys.argv[1]
name = f"three-thirteen-{target}.zip"
path = os.path.join("target/distrib", name)
files = [(f"target/{target}/release/three13.exe", "three13.exe")]
for top in ["README.md", "CHANGELOG.md", "LICENSE-MIT", "LICENSE-APACHE"]:
    files.append((top, top))
for folder in ["man", "completions"]:
    for f in sorted(os.listdir(folder)):
        files.append((f"{folder}/{f}", f"{folder}/{f}"))
with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
    for src, inside in files:
        z.write(src, inside)
digest = hashlib.sha256(open(path, "rb").read()).hexdigest()
with open(path + ".sha256", "w") as f:
    f.write(f"{digest} *{name}\n")
print(f"built {path}")
PY
ls -l target/distrib
