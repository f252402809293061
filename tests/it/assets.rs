//! The committed completions and man pages, and the command-line conventions
//! every subcommand follows.

use std::path::Path;

use crate::generated as assets;

use crate::common::Env;

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn committed(path: &str) -> Option<Vec<u8>> {
    std::fs::read(repo().join(path)).ok()
}

/// Fails while a committed file differs from what the command line gives;
/// with THREE13_UPDATE_ASSETS set, rewrites them instead.
#[test]
fn generated_files_are_up_to_date() {
    if std::env::var_os(assets::UPDATE_VAR).is_some_and(|v| !v.is_empty()) {
        assets::write(repo()).expect("the generated files are written");
    }
    let generated = assets::all();
    let mut problems = Vec::new();
    for asset in &generated {
        match committed(&asset.path) {
            None => problems.push(format!("{} is missing", asset.path)),
            Some(bytes) if bytes != asset.bytes => problems.push(format!("{} is stale", asset.path)),
            Some(_) => {}
        }
    }
    let man_dir = repo().join(assets::MAN_DIR);
    for entry in std::fs::read_dir(&man_dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = format!("{}/{name}", assets::MAN_DIR);
        if assets::is_man_page(&name) && !generated.iter().any(|a| a.path == path) {
            problems.push(format!("{path} is a page of no subcommand"));
        }
    }
    assert!(
        problems.is_empty(),
        "the generated completions and man pages do not match the command line:\n  {}\n\
         refresh them with `{}` and commit the result",
        problems.join("\n  "),
        assets::REGENERATE
    );
}

#[test]
fn every_subcommand_has_a_man_page() {
    let subs = assets::subcommands();
    assert!(subs.iter().any(|s| s == "check") && subs.iter().any(|s| s == "completions"), "{subs:?}");
    let missing: Vec<String> = subs
        .iter()
        .map(|sub| format!("{}/three13-{sub}.1", assets::MAN_DIR))
        .filter(|page| committed(page).is_none())
        .collect();
    assert!(missing.is_empty(), "missing: {missing:?}; refresh with `{}`", assets::REGENERATE);
}

#[test]
fn man_pages_have_the_sections_a_reader_looks_for() {
    for page in assets::man_pages() {
        let text = String::from_utf8(page.bytes).expect("UTF-8 man page");
        for section in [
            "NAME",
            "SYNOPSIS",
            "DESCRIPTION",
            "OPTIONS",
            "\"EXIT STATUS\"",
            "ENVIRONMENT",
            "FILES",
            "EXAMPLES",
        ] {
            assert!(text.contains(&format!("\n.SH {section}\n")), "{} has no {section}", page.path);
        }
        assert!(text.contains("THREE13_DATA_DIR") && text.contains("NO_COLOR"), "{}", page.path);
        assert_eq!(text.matches(".ds Aq").count(), 2, "one roff preamble in {}", page.path);
    }
}

#[test]
fn completions_subcommand_prints_the_committed_script() {
    let env = Env::new();
    for (shell, path) in [("bash", "completions/three13.bash"), ("zsh", "completions/_three13")] {
        let r = env.run(&["completions", shell]);
        assert_eq!((r.code, r.stderr.as_str()), (0, ""), "{shell}");
        let file = committed(path).unwrap_or_default();
        assert!(r.stdout.as_bytes() == file, "`three13 completions {shell}` differs from {path}");
    }
    let r = env.run(&["completions", "tcsh"]);
    assert_eq!(r.code, 2, "{r:?}");
}

#[test]
fn version_is_name_and_number() {
    let r = Env::new().run(&["--version"]);
    assert_eq!(r.code, 0);
    assert_eq!(r.stdout, format!("three13 {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn every_help_has_examples() {
    let env = Env::new();
    let mut without = Vec::new();
    let mut commands: Vec<Vec<String>> = vec![vec![]];
    commands.extend(assets::subcommands().into_iter().map(|s| vec![s]));
    for mut args in commands {
        args.push("--help".into());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = env.run(&args);
        assert_eq!(r.code, 0, "{args:?}: {r:?}");
        if !r.stdout.contains("\nExamples:\n  ") {
            without.push(args.join(" "));
        }
    }
    assert!(without.is_empty(), "help without examples: {without:?}");
}

/// The man pages show each example as a sentence, then the command: an
/// example without a comment would stand there unexplained.
#[test]
fn every_example_says_what_it_shows() {
    let root = three13::command();
    let mut commands = vec![&root];
    commands.extend(root.get_subcommands());
    let mut bare = Vec::new();
    for cmd in commands {
        let help = cmd.get_after_help().map(|h| h.to_string()).unwrap_or_default();
        for example in assets::examples(&help) {
            if example.comment.is_empty() {
                bare.push(example.command);
            }
        }
    }
    assert!(bare.is_empty(), "examples without a comment after the command: {bare:#?}");
}

/// `cargo package` ships the binary's sources with the completions, the man
/// pages, the rules page, the licences and the README, and nothing else.
#[test]
fn the_package_ships_completions_man_pages_and_licences() {
    let out = std::process::Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .args(["package", "--list", "--locked", "--allow-dirty", "--quiet", "-p", "three-thirteen"])
        .current_dir(repo())
        .output()
        .expect("cargo runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let listed = String::from_utf8(out.stdout).expect("UTF-8");
    let files: Vec<&str> = listed.lines().collect();
    for wanted in ["README.md", "LICENSE-MIT", "LICENSE-APACHE", "Cargo.lock", "docs/rules.md", "src/main.rs"]
    {
        assert!(files.contains(&wanted), "{wanted} is not shipped: {files:?}");
    }
    for (_, path) in assets::COMPLETIONS {
        assert!(files.contains(&path), "{path} is not shipped");
    }
    for page in assets::man_pages() {
        assert!(files.contains(&page.path.as_str()), "{} is not shipped", page.path);
    }
    assert!(files.contains(&assets::RULES_PAGE), "{} is not shipped", assets::RULES_PAGE);
    let unwanted = |f: &&str| f.starts_with("tests/") || f.starts_with("fuzz/") || f.starts_with("crates/");
    assert!(!files.iter().any(unwanted), "{files:?}");
}

/// The Debian package installs every man page where `man` finds it: the
/// command's pages in section 1, the page on how to play in section 7.
#[test]
fn the_debian_package_installs_every_man_page() {
    let manifest = std::fs::read_to_string(repo().join("Cargo.toml")).unwrap();
    assert!(manifest.contains("[\"man/*.1\", \"usr/share/man/man1/\", \"644\"]"), "{manifest}");
    assert!(manifest.contains("[\"man/*.7\", \"usr/share/man/man7/\", \"644\"]"), "{manifest}");
    assert!(assets::RULES_PAGE.ends_with(".7"));
}

/// The page on how to play says what `three13 rules --explain` says.
#[test]
fn the_rules_page_says_what_rules_explain_says() {
    let page = String::from_utf8(assets::rules_page()).unwrap();
    let explained = Env::new().ok_with(&[("COLUMNS", "1000")], &["rules", "standard", "--explain"]).stdout;
    assert!(page.contains("\n.TH THREE13-RULES 7  \"three13 "), "{page}");
    for line in explained.lines().skip(2).filter(|l| !l.is_empty() && !l.starts_with('|')) {
        let text = line.trim_start_matches("- ");
        // As roff writes it: dashes escaped, apostrophes as a string.
        let roff = text.replace('-', "\\-").replace('\'', "\\*(Aq");
        let upper = text.to_uppercase();
        let heading = |quoted: bool| {
            if quoted { format!(".SH \"{upper}\"\n") } else { format!(".SH {upper}\n") }
        };
        assert!(
            page.contains(&format!("{roff}\n"))
                || page.contains(&heading(true))
                || page.contains(&heading(false)),
            "{text:?} is not on the page:\n{page}"
        );
    }
}
