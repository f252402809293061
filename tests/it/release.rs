//! The install lines of the README and of docs/release.md agree with the
//! release's configuration: the repository of `Cargo.toml` (the one place
//! the address is set), the tap and formula of `dist-workspace.toml`, and
//! the Debian package the release workflow attaches.

use std::path::Path;

fn read(path: &str) -> String {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{}: {e}", full.display()))
}

/// The value of `key = "..."` in a TOML file's text.
fn setting(text: &str, key: &str) -> String {
    let line = text
        .lines()
        .find(|l| l.split('=').next().is_some_and(|k| k.trim() == key))
        .unwrap_or_else(|| panic!("no {key} in\n{text}"));
    line.split('"').nth(1).unwrap_or_else(|| panic!("{line}")).to_owned()
}

/// The README's section on installing, up to the next section.
fn install_section() -> String {
    let readme = read("README.md");
    let start = readme.find("## Install and test").expect("the README says how to install");
    let end = readme[start + 2..].find("\n## ").map_or(readme.len(), |e| start + 2 + e);
    readme[start..end].to_owned()
}

/// Every address of a release's file in the README and docs/release.md is
/// under the repository that `Cargo.toml` names.
#[test]
fn release_addresses_are_under_the_manifests_repository() {
    let repository = env!("CARGO_PKG_REPOSITORY");
    assert!(repository.starts_with("https://github.com/"), "{repository}");
    let mut seen = 0;
    for doc in ["README.md", "docs/release.md"] {
        let text = read(doc);
        for (at, _) in text.match_indices("/releases/") {
            let start = text[..at].rfind("https://").expect("an address");
            let address = &text[start..at];
            assert_eq!(address, repository, "{doc}: a release's file under {address}");
            seen += 1;
        }
    }
    assert!(seen >= 3, "only {seen} addresses of a release's files");
}

/// The README leads with the prebuilt ways, in this order, and only then
/// builds from source; each line is right for the configuration.
#[test]
fn the_readme_installs_prebuilt_first() {
    let section = install_section();
    let dist = read("dist-workspace.toml");
    let repository = env!("CARGO_PKG_REPOSITORY");
    // The tap `owner/homebrew-NAME` is `owner/NAME` to brew.
    let tap = setting(&dist, "tap");
    let (owner, name) = tap.split_once('/').expect("owner/name");
    let name = name.strip_prefix("homebrew-").expect("a tap's repository starts homebrew-");
    let formula = setting(&dist, "formula");
    let app = env!("CARGO_PKG_NAME");
    let deb = "three13_amd64.deb";
    let ways = [
        format!("{repository}/releases/latest/download/{app}-installer.sh | sh"),
        format!("{repository}/releases/latest/download/{app}-installer.ps1 | iex"),
        format!("cargo binstall {app}\n"),
        format!("brew install {owner}/{name}/{formula}\n"),
        format!("curl -LO {repository}/releases/latest/download/{deb}\nsudo apt install ./{deb}\n"),
        format!("cargo install --locked {app} "),
        "cargo install --locked --path .".to_owned(),
    ];
    let mut last = 0;
    for way in &ways {
        let at = section.find(way.as_str()).unwrap_or_else(|| panic!("no {way:?} in\n{section}"));
        assert!(at > last, "{way:?} comes before the ways listed above it");
        last = at;
    }
    // The package the README fetches is the one the release workflow makes.
    let workflow = read(".github/workflows/build-deb.yml");
    assert!(workflow.contains(&format!("target/distrib/{deb}\n")), "{workflow}");
    assert!(read("scripts/deb-build.sh").contains(&format!("deb=target/distrib/{deb}\n")));
}

/// `cargo binstall` takes the release's archives from the repository, by
/// the names dist gives them.
#[test]
fn binstall_takes_the_archives_dist_names() {
    let manifest = read("Cargo.toml");
    let url = setting(&manifest, "pkg-url");
    let app = env!("CARGO_PKG_NAME");
    assert_eq!(
        url,
        format!("{{ repo }}/releases/download/v{{ version }}/{app}-{{ target }}{{ archive-suffix }}")
    );
    let dist = read("dist-workspace.toml");
    assert_eq!(setting(&dist, "unix-archive"), ".tar.gz");
    assert_eq!(setting(&dist, "windows-archive"), ".zip");
}
