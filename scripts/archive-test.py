#!/usr/bin/env python3
"""Checks that each release archive holds what it must: the binary (built
with cargo auditable), every man page of man/, every completion of
completions/, README.md, CHANGELOG.md, LICENSE-MIT and LICENSE-APACHE,
each byte for byte as committed, and that its .sha256 file beside it is
its checksum; and that the release's CycloneDX bill of materials is there.

    scripts/archive-test.py [ARCHIVE...]   (target/distrib/*.tar.gz and *.zip by default)
"""

import glob
import hashlib
import os
import sys
import tarfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def expected():
    """The files every archive holds, beside the binary, as committed."""
    names = ["README.md", "CHANGELOG.md", "LICENSE-MIT", "LICENSE-APACHE"]
    for folder in ["man", "completions"]:
        names += sorted(f"{folder}/{n}" for n in os.listdir(os.path.join(ROOT, folder)))
    return names


def members(path):
    """The archive's regular files, by name inside it, with their bytes."""
    files = {}
    if path.endswith(".zip"):
        with zipfile.ZipFile(path) as z:
            for info in z.infolist():
                if not info.is_dir():
                    files[info.filename] = z.read(info)
    else:
        with tarfile.open(path) as t:
            for info in t.getmembers():
                if info.isfile():
                    files[info.name] = t.extractfile(info).read()
    return files


def check(path):
    problems = []
    name = os.path.basename(path)
    for suffix in [".tar.gz", ".tar.xz", ".zip"]:
        if name.endswith(suffix):
            stem = name[: -len(suffix)]
    windows = "windows" in name
    files = members(path)
    # A tarball keeps its files in a folder named as the archive; a zip
    # keeps them at the top.
    prefix = "" if name.endswith(".zip") else stem + "/"
    outside = [f for f in files if not f.startswith(prefix)]
    if outside:
        problems.append(f"files outside {prefix}: {outside}")
    binary = prefix + ("three13.exe" if windows else "three13")
    if binary not in files:
        problems.append(f"no binary {binary}")
    elif not windows and not files[binary].startswith(b"\x7fELF") and "apple" not in name:
        problems.append(f"{binary} is not an ELF binary")
    elif windows and not files[binary].startswith(b"MZ"):
        problems.append(f"{binary} is not a Windows binary")
    # cargo auditable's dependency list, in a section of its own.
    if binary in files and b".dep-v0" not in files[binary]:
        problems.append(f"{binary} carries no dependency list (.dep-v0): not built with cargo auditable")
    for want in expected():
        inside = prefix + want
        if inside not in files:
            problems.append(f"no {want}")
        else:
            with open(os.path.join(ROOT, want), "rb") as f:
                if f.read() != files[inside]:
                    problems.append(f"{want} differs from the committed one")
    sums = path + ".sha256"
    if not os.path.exists(sums):
        problems.append(f"no checksum file {os.path.basename(sums)}")
    else:
        with open(sums) as f:
            words = f.read().split()
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        if not words or words[0] != digest:
            problems.append(f"{os.path.basename(sums)} is not the archive's SHA-256")
    return len(files), problems


def main():
    paths = sys.argv[1:] or sorted(
        glob.glob(os.path.join(ROOT, "target/distrib/*.tar.gz"))
        + glob.glob(os.path.join(ROOT, "target/distrib/*.zip"))
    )
    paths = [p for p in paths if not os.path.basename(p).startswith("source")]
    if not paths:
        print("error: no archive to check (build them with scripts/dist-build.sh)", file=sys.stderr)
        return 1
    failed = 0
    # The release's bill of materials: CycloneDX, naming the binary's crate.
    sbom = os.path.join(ROOT, "target/distrib/three-thirteen.cdx.xml")
    if not sys.argv[1:]:
        with open(sbom) as f:
            text = f.read()
        if "cyclonedx" not in text or "three-thirteen" not in text:
            print("FAIL three-thirteen.cdx.xml is not a CycloneDX bill of materials of three-thirteen")
            failed += 1
        else:
            print("ok   three-thirteen.cdx.xml: a CycloneDX bill of materials")
    for path in paths:
        count, problems = check(path)
        if problems:
            failed += 1
            print(f"FAIL {os.path.basename(path)}:")
            for p in problems:
                print(f"  {p}")
        else:
            print(f"ok   {os.path.basename(path)}: the binary and {count - 1} files")
    print(f"{len(paths) + (0 if sys.argv[1:] else 1) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
