//! The files shipped beside the binary, made from the command line's clap
//! definitions: the completion scripts (which the binary also prints) and
//! the man pages (made here only, so that clap_mangen is no runtime
//! dependency). A test fails while the committed copies are stale; see
//! [`REGENERATE`].

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap_mangen::Man;
use clap_mangen::roff::{Roff, bold, italic, roman};
use three13::assets::{BIN, completion, rules_explained};
pub use three13::assets::{COMPLETIONS, RULES_PAGE};

/// The command that rewrites every generated file, run from the repository:
/// the test that compares them writes them instead when this variable is set.
pub const REGENERATE: &str = "THREE13_UPDATE_ASSETS=1 cargo test --test it generated_files";

/// The variable of [`REGENERATE`].
pub const UPDATE_VAR: &str = "THREE13_UPDATE_ASSETS";

/// The folder of the man pages, relative to the repository.
pub const MAN_DIR: &str = "man";

/// One generated file: its path relative to the repository ('/'-separated)
/// and its contents.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Asset {
    pub path: String,
    pub bytes: Vec<u8>,
}

/// The command line, built: bin names and global flags in place, and no
/// `help` subcommand (it gets no page of its own).
fn built() -> clap::Command {
    let mut cmd = three13::command().disable_help_subcommand(true);
    cmd.build();
    cmd
}

/// The names of the subcommands a user sees (not hidden, not `help`).
pub fn subcommands() -> Vec<String> {
    visible_subcommands(&built()).into_iter().map(|s| s.get_name().to_string()).collect()
}

/// The man pages: `three13.1` and one `three13-SUB.1` per subcommand (and
/// `three13-SUB-SUBSUB.1` should a subcommand have its own).
pub fn man_pages() -> Vec<Asset> {
    let mut pages = Vec::new();
    add_pages(&built(), None, &mut pages);
    pages
}

/// The page of `cmd` and of every subcommand below it.
fn add_pages(cmd: &clap::Command, parent: Option<&str>, pages: &mut Vec<Asset>) {
    let name = page_name(cmd);
    let subs = visible_subcommands(cmd);
    pages.push(Asset { path: format!("{MAN_DIR}/{name}.1"), bytes: man_page(cmd, &subs, parent) });
    for sub in subs {
        add_pages(sub, Some(&name), pages);
    }
}

/// `three13`, `three13-check`: the page's name, as clap names the command.
fn page_name(cmd: &clap::Command) -> String {
    cmd.get_display_name().unwrap_or(cmd.get_name()).to_string()
}

fn visible_subcommands(cmd: &clap::Command) -> Vec<&clap::Command> {
    cmd.get_subcommands().filter(|s| !s.is_hide_set() && s.get_name() != "help").collect()
}

/// Every generated file, completions first.
pub fn all() -> Vec<Asset> {
    let mut out: Vec<Asset> = COMPLETIONS
        .iter()
        .map(|&(shell, path)| Asset { path: path.to_string(), bytes: completion(shell) })
        .collect();
    out.extend(man_pages());
    out.push(Asset { path: RULES_PAGE.to_string(), bytes: rules_page() });
    out.push(Asset { path: RULES_DOC.to_string(), bytes: rules_doc() });
    out
}

/// The page on how to play (section 7), made from the text `three13 rules
/// --explain` shows for the standard rules.
pub fn rules_page() -> Vec<u8> {
    use three13::assets::Block;
    let mut roff = Roff::new();
    let source = format!("{BIN} {}", env!("CARGO_PKG_VERSION"));
    let title = format!(".TH THREE13-RULES 7  \"{source}\" \"Miscellaneous Information\"\n");
    roff.control("SH", ["NAME"]);
    roff.text([roman("three13-rules - how to play Three Thirteen, as three13 plays it")]);
    roff.control("SH", ["DESCRIPTION"]);
    roff.text([roman(
        "This page explains the game under the standard rules. The command three13 rules --explain gives \
         the same text for the rules of a game (the current one, or --session NAME), of a preset \
         (three13 rules tens --explain) or with settings of your own (--set KEY=VALUE); three13 rules \
         lists every setting.",
    )]);
    for block in rules_explained() {
        match block {
            Block::Heading(h) => {
                roff.control("SH", [h.to_uppercase().as_str()]);
            }
            Block::Para(p) => {
                roff.control("PP", []);
                roff.text([roman(p)]);
            }
            Block::Items(items) => {
                for item in items {
                    roff.control("IP", ["\\(bu", "2"]);
                    roff.text([roman(item)]);
                }
            }
            Block::Table(header, rows) => {
                let widths: Vec<usize> = (0..header.len())
                    .map(|c| rows.iter().chain([&header]).map(|r| r[c].chars().count()).max().unwrap_or(0))
                    .collect();
                let line = |row: &[String]| {
                    let cells: Vec<String> =
                        row.iter().zip(&widths).map(|(cell, w)| format!("{cell:<w$}")).collect();
                    cells.join("   ").trim_end().to_string()
                };
                roff.control("PP", []);
                roff.control("RS", ["4"]);
                roff.control("nf", []);
                roff.text([bold(line(&header))]);
                for row in &rows {
                    roff.text([roman(line(row))]);
                }
                roff.control("fi", []);
                roff.control("RE", []);
            }
        }
    }
    roff.control("SH", ["SEE ALSO"]);
    roff.text([roman("three13(1), three13-rules(1), three13-check(1), three13-round(1)")]);
    roff.control("PP", []);
    roff.text([roman(
        "The sources of the rules, every setting and preset, and the choices three13 makes where the \
         rule books are silent: docs/rules.md in the source.",
    )]);
    // The title line as clap_mangen writes one (an empty date), after the preamble.
    let text = roff.render();
    let preamble = Roff::new().render();
    format!("{preamble}{title}{}", &text[preamble.len()..]).into_bytes()
}

/// The rules page, whose table of settings is made from their declarations.
const RULES_DOC: &str = "docs/rules.md";

/// The rules page as committed, with the table of settings made anew
/// between its two marker lines.
fn rules_doc() -> Vec<u8> {
    use three13_core::rules::{Rules, SETTINGS};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(RULES_DOC);
    let text = std::fs::read_to_string(path).expect("docs/rules.md");
    let start = text.find("<!-- settings:").expect("the start marker of the settings table");
    let start = start + text[start..].find('\n').expect("a marker line") + 1;
    let end = text.find("<!-- end of settings -->").expect("the end marker of the settings table");
    let mut table = String::from("| setting | values | default | what it does |\n|---|---|---|---|\n");
    let standard = Rules::default();
    for s in &SETTINGS {
        let values = s.allowed.to_string().replace('|', " or ");
        table.push_str(&format!("| `{}` | {values} | {} | {} |\n", s.key, s.get(&standard), s.about));
    }
    format!("{}{table}{}", &text[..start], &text[end..]).into_bytes()
}

/// Whether `name` (a file in `man/`) looks like one of our generated pages.
pub fn is_man_page(name: &str) -> bool {
    name.starts_with(BIN) && (name.ends_with(".1") || name.ends_with(".7"))
}

/// Writes every generated file under `root` (the repository), creating the
/// folders, and removes man pages of subcommands that no longer exist.
/// Returns the files written.
pub fn write(root: &Path) -> io::Result<Vec<PathBuf>> {
    let assets = all();
    let man_dir = root.join(MAN_DIR);
    if let Ok(entries) = std::fs::read_dir(&man_dir) {
        for entry in entries {
            let entry = entry?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = format!("{MAN_DIR}/{name}");
            if is_man_page(&name) && !assets.iter().any(|a| a.path == path) {
                std::fs::remove_file(entry.path())?;
            }
        }
    }
    let mut written = Vec::new();
    for asset in assets {
        let path = root.join(&asset.path);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        // Through a temporary file, so a reader never sees half a file.
        let mut name = path.file_name().unwrap_or_default().to_os_string();
        name.push(".tmp");
        let temporary = path.with_file_name(name);
        std::fs::write(&temporary, &asset.bytes)?;
        std::fs::rename(&temporary, &path)?;
        written.push(path);
    }
    Ok(written)
}

/// One man page. The sections clap knows (name, synopsis, description,
/// options, subcommands) come from clap_mangen; the rest are ours.
fn man_page(cmd: &clap::Command, subs: &[&clap::Command], parent: Option<&str>) -> Vec<u8> {
    let name = page_name(cmd);
    let source = format!("{BIN} {}", env!("CARGO_PKG_VERSION"));
    let man = Man::new(cmd.clone()).title(name.to_uppercase()).source(source).manual("User Commands");
    let mut page = Page::default();
    page.add(|w| man.render_title(w));
    page.add(|w| man.render_name_section(w));
    let mut synopsis_roff = Roff::new();
    synopsis(&mut synopsis_roff, cmd, !subs.is_empty());
    page.add(|w| synopsis_roff.to_writer(w));
    page.add(|w| man.render_description_section(w));
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        page.add(|w| man.render_options_section(w));
    }
    if !subs.is_empty() {
        page.add(|w| man.render_subcommands_section(w));
    }
    let mut roff = Roff::new();
    exit_status(&mut roff);
    environment(&mut roff);
    files(&mut roff);
    let help = cmd.get_after_long_help().or(cmd.get_after_help()).map(|h| h.to_string()).unwrap_or_default();
    let examples = examples(&help);
    if !examples.is_empty() {
        roff.control("SH", ["EXAMPLES"]);
        for example in &examples {
            render_example(&mut roff, example);
        }
    }
    see_also(&mut roff, subs, parent);
    page.add(|w| roff.to_writer(w));
    page.bytes
}

/// The SYNOPSIS: the command, then each flag with its value's name
/// (`[--round N]`), repeatable ones marked `...`, then the arguments.
fn synopsis(roff: &mut Roff, cmd: &clap::Command, has_subcommands: bool) {
    roff.control("SH", ["SYNOPSIS"]);
    let mut line = vec![bold(cmd.get_bin_name().unwrap_or(cmd.get_name()).to_string())];
    let value = |arg: &clap::Arg| -> String {
        let names: Vec<String> =
            arg.get_value_names().unwrap_or_default().iter().map(|n| n.to_string()).collect();
        if names.is_empty() { arg.get_id().to_string().to_uppercase() } else { names.join(" ") }
    };
    let shown = cmd.get_arguments().filter(|a| !a.is_hide_set());
    let (positionals, flags): (Vec<&clap::Arg>, Vec<&clap::Arg>) = shown.partition(|a| a.is_positional());
    for arg in flags {
        line.push(roman(" ["));
        if let Some(short) = arg.get_short() {
            line.push(bold(format!("-{short}")));
            line.push(roman("|"));
        }
        line.push(bold(format!("--{}", arg.get_long().unwrap_or_default())));
        if arg.get_action().takes_values() {
            line.push(roman(" "));
            line.push(italic(value(arg)));
        }
        line.push(roman("]"));
        if matches!(arg.get_action(), clap::ArgAction::Append) {
            line.push(roman("..."));
        }
    }
    for arg in positionals {
        let many = arg.get_num_args().is_some_and(|n| n.max_values() > 1);
        let (open, close) = if arg.is_required_set() { (" ", "") } else { (" [", "]") };
        line.push(roman(open));
        line.push(italic(value(arg)));
        line.push(roman(close));
        if many {
            line.push(roman("..."));
        }
    }
    if has_subcommands {
        line.push(roman(" "));
        line.push(italic("COMMAND"));
    }
    roff.text(line);
}

/// A man page put together from pieces each rendered with roff's preamble;
/// only the first keeps it.
#[derive(Default)]
struct Page {
    bytes: Vec<u8>,
}

impl Page {
    fn add(&mut self, render: impl FnOnce(&mut dyn Write) -> io::Result<()>) {
        let mut piece = Vec::new();
        render(&mut piece).expect("writing into memory cannot fail");
        let preamble = Roff::new().render();
        if !self.bytes.is_empty() && piece.starts_with(preamble.as_bytes()) {
            piece.drain(..preamble.len());
        }
        self.bytes.extend(piece);
    }
}

/// One example from a command's help: the command line and what it shows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Example {
    pub command: String,
    pub comment: String,
}

/// The examples in the text after an `Examples:` line. Each is indented;
/// its comment follows the command after two or more spaces, or on the
/// lines below, indented further.
pub fn examples(help: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut base = None;
    for line in help.lines().skip_while(|l| l.trim() != "Examples:").skip(1) {
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        if indent == 0 {
            break;
        }
        let base = *base.get_or_insert(indent);
        match out.last_mut() {
            Some(last) if indent > base => {
                if !last.comment.is_empty() {
                    last.comment.push(' ');
                }
                last.comment.push_str(text);
            }
            _ => {
                let (command, comment) = match text.find("  ") {
                    Some(i) => (text[..i].trim(), text[i..].trim()),
                    None => (text, ""),
                };
                out.push(Example { command: command.to_string(), comment: comment.to_string() });
            }
        }
    }
    out
}

/// An example as a sentence, then the command on a line of its own.
fn render_example(roff: &mut Roff, example: &Example) {
    roff.control("PP", []);
    if !example.comment.is_empty() {
        let mut sentence: String = example.comment.clone();
        if let Some(first) = sentence.chars().next() {
            sentence.replace_range(..first.len_utf8(), &first.to_uppercase().to_string());
        }
        if !sentence.ends_with(['.', ':', '!', '?']) {
            sentence.push(':');
        }
        roff.text([roman(sentence)]);
    }
    roff.control("RS", ["4"]);
    roff.control("nf", []);
    roff.text([bold(example.command.as_str())]);
    roff.control("fi", []);
    roff.control("RE", []);
}

/// A tagged paragraph: the tag, then the text.
fn item(roff: &mut Roff, tag: Vec<clap_mangen::roff::Inline>, text: &str) {
    roff.control("TP", []);
    roff.text(tag);
    roff.text([roman(text)]);
}

fn exit_status(roff: &mut Roff) {
    roff.control("SH", ["EXIT STATUS"]);
    item(
        roff,
        vec![bold("0")],
        "Success. Output cut short by a closed pipe (as in three13 table | head -1) also ends quietly with 0.",
    );
    item(
        roff,
        vec![bold("1")],
        "Something is wrong with the game or the data: a player, session, preset or setting that does \
         not exist, a value the rules do not allow, a hand or score that does not fit the round, a session \
         file that is damaged or from a newer version, a file that cannot be read or written. In batch \
         mode, check goes on past a bad line and exits with 1 at the end.",
    );
    item(
        roff,
        vec![bold("2")],
        "Something is wrong with the command line's shape: an unknown subcommand or flag, a missing or \
         extra argument, a confirmation that only --yes can give off a terminal.",
    );
}

fn environment(roff: &mut Roff) {
    roff.control("SH", ["ENVIRONMENT"]);
    item(
        roff,
        vec![bold("THREE13_DATA_DIR")],
        "The data folder, used when --data-dir is not given. It must be an absolute path (a \
         relative one is a usage error); an empty value counts as unset.",
    );
    item(
        roff,
        vec![bold("NO_COLOR")],
        "When set to a non-empty value, output is not coloured unless --color always asks for it. \
         Output that is not a terminal, and JSON, are never coloured.",
    );
}

fn files(roff: &mut Roff) {
    roff.control("SH", ["FILES"]);
    roff.text([roman(
        "The score sheets live in the data folder: --data-dir if given, else THREE13_DATA_DIR, else \
         the system's data folder for three13: on Linux ~/.local/share/three13 (or \
         $XDG_DATA_HOME/three13 when XDG_DATA_HOME is an absolute path), on macOS \
         ~/Library/Application Support/three13, and on Windows %APPDATA%\\three13\\data. \
         The command three13 path prints the folder in use. The hand checker only reads the \
         current session (for its rules and next round); the completions touch no files.",
    )]);
    item(
        roff,
        vec![italic("data folder"), roman("/sessions/"), italic("name"), roman(".toml")],
        "One file per session (game): its players, rules and rounds, as readable TOML with a format \
         version. Every save writes a temporary file and renames it over the old one; a file that \
         does not load is reported and never written over.",
    );
    item(
        roff,
        vec![italic("data folder"), roman("/state.toml")],
        "Names the current session, the one commands use when no session is named.",
    );
    item(
        roff,
        vec![italic("data folder"), roman("/.lock")],
        "Locked by a command while it changes the files, so two three13 processes never write at \
         once. It stays in place between commands and is harmless.",
    );
}

fn see_also(roff: &mut Roff, subs: &[&clap::Command], parent: Option<&str>) {
    roff.control("SH", ["SEE ALSO"]);
    let mut pages: Vec<String> = Vec::new();
    if let Some(parent) = parent {
        pages.push(format!("{parent}(1)"));
    }
    pages.extend(subs.iter().map(|s| format!("{}(1)", page_name(s))));
    pages.push("three13-rules(7)".to_string());
    roff.text([roman(pages.join(", "))]);
    roff.control("PP", []);
    roff.text([roman(
        "The rules three13 plays by, every setting and preset, and the choices it makes where the \
         rule books are silent: docs/rules.md in the source.",
    )]);
}

#[test]
fn examples_on_one_line_or_two() {
    let help = "Intro\n\nExamples:\n  three13 a b     does a\n  three13 c\n      does c\n      and more\n  three13 d\n";
    let got = examples(help);
    let want = [("three13 a b", "does a"), ("three13 c", "does c and more"), ("three13 d", "")];
    assert_eq!(got.len(), 3);
    for (e, (command, comment)) in got.iter().zip(want) {
        assert_eq!((e.command.as_str(), e.comment.as_str()), (command, comment));
    }
    assert!(examples("no examples here").is_empty());
}
