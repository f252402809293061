#!/usr/bin/env python3
"""Checks that each release archive holds what it must: the binary (built
with cargo auditable, for the archive's system), every man page of man/,
every completion of completions/, README.md, CHANGELOG.md, LICENSE-MIT
and LICENSE-APACHE, each byte for byte as committed, and the CycloneDX
bill of materials of the archive's target (three-thirteen.cdx.xml); and
that its .sha256 file beside it is its checksum. Then, unless archives
are named, that the release's own bill of materials is there, and that
the Debian package holds the static Linux build and the files
Cargo.toml's [package.metadata.deb] names, in the system's places.

    scripts/archive-test.py [ARCHIVE...]   (target/distrib/*.tar.gz and *.zip by default)
"""

import glob
import gzip
import hashlib
import io
import os
import re
import subprocess
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


# The first bytes of an ELF header that name the machine (e_machine, at
# offset 18, little-endian): x86-64 and AArch64.
MACHINES = {"x86_64": 62, "aarch64": 183}


def bom_problems(text, target):
    """What is wrong with `text` as the CycloneDX bill of materials of
    three-thirteen built for `target` (None: any target)."""
    problems = []
    if 'xmlns="http://cyclonedx.org/schema/bom/' not in text:
        problems.append("three-thirteen.cdx.xml is not a CycloneDX bill of materials")
    if "<name>three-thirteen</name>" not in text:
        problems.append("three-thirteen.cdx.xml does not describe three-thirteen")
    if "<name>three13-core</name>" not in text:
        problems.append("three-thirteen.cdx.xml does not list the game's crate, three13-core")
    if target is not None:
        found = re.search(r'<property name="cdx:rustc:sbom:target:triple">([^<]*)<', text)
        if not found or found.group(1) != target:
            named = found.group(1) if found else "none"
            problems.append(f"three-thirteen.cdx.xml is the bill of {named}, not of {target}")
    return problems


def check(path):
    problems = []
    name = os.path.basename(path)
    for suffix in [".tar.gz", ".tar.xz", ".zip"]:
        if name.endswith(suffix):
            stem = name[: -len(suffix)]
    target = stem[len("three-thirteen-") :]
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
    elif not windows and "apple" not in name:
        data = files[binary]
        machine = MACHINES[target.split("-")[0]]
        if not data.startswith(b"\x7fELF"):
            problems.append(f"{binary} is not an ELF binary")
        elif int.from_bytes(data[18:20], "little") != machine:
            problems.append(f"{binary} is not built for {target.split('-')[0]}")
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
    bom = prefix + "three-thirteen.cdx.xml"
    if bom not in files:
        problems.append("no three-thirteen.cdx.xml (the bill of materials)")
    else:
        problems += bom_problems(files[bom].decode("utf-8", "replace"), target)
    return len(files), problems + checksum_problems(path)


def checksum_problems(path):
    """Whether the .sha256 file beside `path` is its checksum."""
    sums = path + ".sha256"
    if not os.path.exists(sums):
        return [f"no checksum file {os.path.basename(sums)}"]
    with open(sums) as f:
        words = f.read().split()
    with open(path, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()
    if not words or words[0] != digest:
        return [f"{os.path.basename(sums)} is not the SHA-256 of {os.path.basename(path)}"]
    return []


def check_deb(path, archive):
    """The Debian package: its control data, and the static build of
    `archive` with the files [package.metadata.deb] names, in the
    system's places (man pages compressed, as Debian's policy wants)."""
    problems = []
    fields = {}
    control = subprocess.run(["dpkg-deb", "--field", path], capture_output=True, text=True, check=True)
    for line in control.stdout.splitlines():
        if ": " in line and not line.startswith(" "):
            key, value = line.split(": ", 1)
            fields[key] = value
    with open(os.path.join(ROOT, "Cargo.toml")) as f:
        version = re.search(r'^version = "([^"]+)"', f.read(), re.M).group(1)
    want = {"Package": "three13", "Version": f"{version}-1", "Architecture": "amd64", "Section": "games"}
    for key, value in want.items():
        if fields.get(key) != value:
            problems.append(f"control field {key} is {fields.get(key)!r}, not {value!r}")
    # A static binary needs no library.
    if fields.get("Depends"):
        problems.append(f"depends on {fields['Depends']}, the static build on nothing")
    data = subprocess.run(["dpkg-deb", "--fsys-tarfile", path], capture_output=True, check=True).stdout
    files = {}
    with tarfile.open(fileobj=io.BytesIO(data)) as t:
        for info in t.getmembers():
            if info.isfile():
                files[info.name.removeprefix("./")] = (info.mode, t.extractfile(info).read())
    stem = os.path.basename(archive)[: -len(".tar.gz")]
    with tarfile.open(archive) as t:
        binary = t.extractfile(f"{stem}/three13").read()
    wanted = {"usr/bin/three13": (0o755, binary)}
    man = os.path.join(ROOT, "man")
    for name in sorted(os.listdir(man)):
        section = name.rsplit(".", 1)[-1]
        with open(os.path.join(man, name), "rb") as f:
            wanted[f"usr/share/man/man{section}/{name}.gz"] = (0o644, f.read())
    places = {
        "completions/three13.bash": "usr/share/bash-completion/completions/three13",
        "completions/_three13": "usr/share/zsh/vendor-completions/_three13",
        "completions/three13.fish": "usr/share/fish/vendor_completions.d/three13.fish",
        "README.md": "usr/share/doc/three13/README.md",
        "docs/rules.md": "usr/share/doc/three13/rules.md",
    }
    for source, place in places.items():
        with open(os.path.join(ROOT, source), "rb") as f:
            wanted[place] = (0o644, f.read())
    for place, (mode, content) in wanted.items():
        if place not in files:
            problems.append(f"no /{place}")
            continue
        got_mode, got = files[place]
        if place.endswith(".gz"):
            got = gzip.decompress(got)
        if got != content:
            problems.append(f"/{place} differs from what it is made from")
        if got_mode & 0o777 != mode:
            problems.append(f"/{place} has mode {got_mode & 0o777:o}, not {mode:o}")
    if "usr/share/doc/three13/copyright" not in files:
        problems.append("no /usr/share/doc/three13/copyright")
    return len(files), problems + checksum_problems(path)


# The archives built here (scripts/dist-build.sh; the ARM64 one too, with
# --arm64, and then checked as the others) and the Debian package.
LOCAL = [
    "three-thirteen-x86_64-unknown-linux-musl.tar.gz",
    "three-thirteen-x86_64-pc-windows-gnu.zip",
]
DEB = "three13_amd64.deb"


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
    checked = len(paths)
    distrib = os.path.join(ROOT, "target/distrib")
    if not sys.argv[1:]:
        # Every archive built here is there.
        names = [os.path.basename(p) for p in paths]
        for name in LOCAL:
            if name not in names:
                print(f"FAIL {name}: not built")
                failed += 1
                checked += 1
        # The release's bill of materials: CycloneDX, of the whole
        # workspace, as the release's global job makes it.
        checked += 1
        with open(os.path.join(distrib, "three-thirteen.cdx.xml")) as f:
            problems = bom_problems(f.read(), None)
        if problems:
            failed += 1
            print("FAIL three-thirteen.cdx.xml (the release's):")
            for p in problems:
                print(f"  {p}")
        else:
            print("ok   three-thirteen.cdx.xml: the release's CycloneDX bill of materials")
        # The Debian package, from the static Linux archive.
        checked += 1
        deb = os.path.join(distrib, DEB)
        if not os.path.exists(deb):
            problems = ["not built (scripts/deb-build.sh)"]
        else:
            count, problems = check_deb(deb, os.path.join(distrib, LOCAL[0]))
        if problems:
            failed += 1
            print(f"FAIL {DEB}:")
            for p in problems:
                print(f"  {p}")
        else:
            print(f"ok   {DEB}: the static build and {count - 1} files, in the system's places")
    for path in paths:
        count, problems = check(path)
        if problems:
            failed += 1
            print(f"FAIL {os.path.basename(path)}:")
            for p in problems:
                print(f"  {p}")
        else:
            print(f"ok   {os.path.basename(path)}: the binary and {count - 1} files")
    print(f"{checked - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
