//! What a shell is offered as a word is completed: subcommands and flags,
//! the sessions, the players, the presets, the settings and their values,
//! each quoted for the shell asking.
//!
//! The shell's registration script (`three13 completions SHELL`, or
//! `COMPLETE=SHELL three13`) calls back into the binary with the words typed
//! so far (`COMPLETE=SHELL three13 -- WORDS`). Each shell hands the words
//! over and reads the candidates back its own way: the adapters here read
//! the words as the shell would (quotes removed, `KEY=VALUE` in one piece),
//! run clap_complete's engine, which asks the functions here for the
//! candidates, and write each candidate as that shell must get it. A
//! candidate that cannot be written safely for the shell is not offered.
//!
//! The functions read the data folder and the session the line names
//! (`--data-dir`, `--session`), else THREE13_DATA_DIR and the current
//! session, and stay silent when nothing can be read: a completion never
//! fails loudly, and never writes a file.

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use clap::ArgMatches;
use clap_complete::engine::CompletionCandidate;
use clap_complete::env::{EnvCompleter, Shells};
use three13_core::rules::{PRESETS, SETTINGS, Setting};
use three13_core::sheet::Session;

use crate::store::Store;

// ---------------------------------------------------------------------------
// The line being completed

/// The words of the command line being completed, unquoted, the program
/// first, and which of them is being completed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Line {
    words: Vec<String>,
    index: usize,
}

/// The candidates an argument offers, read against the line being
/// completed: set on an argument in `cli.rs` as
/// `add = ArgValueCandidates::new(complete::sessions)`. It has the name
/// and the place of clap_complete's own type, whose functions are handed
/// nothing of the line: before the engine runs, [`with_line`] puts
/// clap_complete's in its place, holding the line.
#[derive(Clone, Debug)]
pub(crate) struct ArgValueCandidates(fn(&Typed) -> Vec<CompletionCandidate>);

impl ArgValueCandidates {
    pub(crate) fn new(candidates: fn(&Typed) -> Vec<CompletionCandidate>) -> ArgValueCandidates {
        ArgValueCandidates(candidates)
    }
}

impl clap::builder::ArgExt for ArgValueCandidates {}

/// The candidates for the word being completed (which the function filters
/// itself), read against the line: `add = ArgValueCompleter::new(complete::playing)`.
#[derive(Clone, Debug)]
pub(crate) struct ArgValueCompleter(fn(&Typed, &OsStr) -> Vec<CompletionCandidate>);

impl ArgValueCompleter {
    pub(crate) fn new(completer: fn(&Typed, &OsStr) -> Vec<CompletionCandidate>) -> ArgValueCompleter {
        ArgValueCompleter(completer)
    }
}

impl clap::builder::ArgExt for ArgValueCompleter {}

/// `cmd` with every argument's candidates reading `line`: clap_complete's
/// own candidates and completers, each holding the line, in place of
/// the functions the arguments name, in the command and every subcommand.
fn with_line(mut cmd: clap::Command, line: &Arc<Line>) -> clap::Command {
    let ids: Vec<clap::Id> = cmd
        .get_arguments()
        .filter(|a| a.get::<ArgValueCandidates>().is_some() || a.get::<ArgValueCompleter>().is_some())
        .map(|a| a.get_id().clone())
        .collect();
    for id in ids {
        cmd = cmd.mut_arg(id, |mut arg| {
            let candidates = arg.get::<ArgValueCandidates>().map(|c| c.0);
            let completer = arg.get::<ArgValueCompleter>().map(|c| c.0);
            if let Some(candidates) = candidates {
                let line = line.clone();
                arg = arg.add(clap_complete::engine::ArgValueCandidates::new(move || {
                    candidates(&Typed::read(&line))
                }));
            }
            if let Some(completer) = completer {
                let line = line.clone();
                arg = arg.add(clap_complete::engine::ArgValueCompleter::new(move |current: &OsStr| {
                    completer(&Typed::read(&line), current)
                }));
            }
            arg
        });
    }
    let names: Vec<String> = cmd.get_subcommands().map(|c| c.get_name().to_string()).collect();
    for name in names {
        cmd = cmd.mut_subcommand(name, |sub| with_line(sub, line));
    }
    cmd
}

/// What the other words of the line say, parsed as the command would parse
/// them, errors ignored: the line is unfinished.
#[derive(Debug)]
pub(crate) struct Typed {
    matches: Option<ArgMatches>,
}

impl Typed {
    fn read(line: &Line) -> Typed {
        let words = line.words.iter().enumerate().filter(|&(i, _)| i != line.index).map(|(_, w)| w);
        let matches = crate::command().ignore_errors(true).try_get_matches_from(words).ok();
        Typed { matches }
    }

    /// The matches of each command on the line, the program's first.
    fn levels(&self) -> Vec<(&str, &ArgMatches)> {
        let mut levels = Vec::new();
        let mut next = self.matches.as_ref().map(|m| ("", m));
        while let Some((name, m)) = next {
            levels.push((name, m));
            next = m.subcommand();
        }
        levels
    }

    /// The subcommand the line runs (`rename` for `player rename`), with its matches.
    fn command(&self) -> Option<(&str, &ArgMatches)> {
        self.levels().pop().filter(|(name, _)| !name.is_empty())
    }

    /// The value given for `id` at the deepest command that takes it.
    fn value<T: Clone + Send + Sync + 'static>(&self, id: &str) -> Option<T> {
        self.levels().iter().rev().find_map(|(_, m)| m.try_get_one::<T>(id).ok().flatten().cloned())
    }

    /// The values given for `id` by the subcommand.
    fn values(&self, id: &str) -> Vec<String> {
        let Some((_, m)) = self.command() else { return Vec::new() };
        m.try_get_many::<String>(id).ok().flatten().map(|v| v.cloned().collect()).unwrap_or_default()
    }

    /// The data folder: `--data-dir` (with `~` for the home folder, which a
    /// shell leaves to the command when it completes), else the default.
    fn store(&self) -> Option<Store> {
        let dir = self.value::<PathBuf>("data_dir").map(|dir| {
            let home = std::env::var_os("HOME").map(PathBuf::from);
            match (dir.strip_prefix("~"), home) {
                (Ok(rest), Some(home)) => home.join(rest),
                _ => dir,
            }
        });
        Store::locate(dir.as_deref()).ok()
    }

    /// The session the line acts on: `--session`, else the current one.
    fn session(&self) -> Option<Session> {
        let store = self.store()?;
        let name = match self.value::<String>("session") {
            Some(name) => store.find(&name).ok()?,
            None => store.current().ok()??,
        };
        store.load(&name).ok()
    }
}

// ---------------------------------------------------------------------------
// The candidates

/// The names that begin with what is typed; when none does as typed,
/// those that do without regard to case (`bo` for Bob, but `B` not for
/// bea, which a shell that matches case would not insert for `B`).
fn begun(names: impl IntoIterator<Item = String>, current: &OsStr) -> Vec<CompletionCandidate> {
    let typed = current.to_string_lossy();
    let names: Vec<String> = names.into_iter().collect();
    let mut begun: Vec<&String> = names.iter().filter(|n| n.starts_with(typed.as_ref())).collect();
    if begun.is_empty() {
        let typed = typed.to_lowercase();
        begun = names.iter().filter(|n| n.to_lowercase().starts_with(&typed)).collect();
    }
    begun.into_iter().map(CompletionCandidate::new).collect()
}

/// `names` with each name once, without regard to case, the first spelling kept.
fn once(names: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut kept: Vec<String> = Vec::new();
    for name in names {
        if !kept.iter().any(|k| k.to_lowercase() == name.to_lowercase()) {
            kept.push(name);
        }
    }
    kept
}

/// The sessions that load, the last changed first.
fn every_session(typed: &Typed) -> Vec<Session> {
    let Some(store) = typed.store() else { return Vec::new() };
    let mut sessions: Vec<Session> =
        store.names().unwrap_or_default().iter().filter_map(|name| store.load(name).ok()).collect();
    sessions.sort_by_key(|s| std::cmp::Reverse(s.updated()));
    sessions
}

/// The names of the players at `seats`.
fn named(session: &Session, seats: Vec<usize>) -> Vec<String> {
    seats.into_iter().map(|s| session.players()[s].clone()).collect()
}

/// The players of the round the line is about: for `edit`, the round it
/// names; else the next round. A player who left plays no more rounds.
fn round_players(typed: &Typed, session: &Session) -> Vec<String> {
    let edited = match typed.command() {
        Some(("edit", m)) => m.try_get_one::<usize>("round").ok().flatten().copied(),
        _ => None,
    };
    let round = edited.filter(|r| (1..=session.rounds().len()).contains(r));
    let playing = session.playing(round.unwrap_or(session.rounds().len() + 1));
    named(session, if playing.is_empty() { session.active() } else { playing })
}

/// Every session in the data folder, with its players as help.
pub(crate) fn sessions(typed: &Typed) -> Vec<CompletionCandidate> {
    let Some(store) = typed.store() else { return Vec::new() };
    let names = store.names().unwrap_or_default();
    names
        .into_iter()
        .map(|name| {
            let about = store.load(&name).ok().map(|s| s.players().join(", "));
            CompletionCandidate::new(name).help(about.map(Into::into))
        })
        .collect()
}

/// The players of the round being recorded or corrected: `round --out`,
/// `edit --penalty` and the like.
pub(crate) fn playing(typed: &Typed, current: &OsStr) -> Vec<CompletionCandidate> {
    let Some(session) = typed.session() else { return Vec::new() };
    begun(round_players(typed, &session), current)
}

/// The players still at the table: `player remove`.
pub(crate) fn seated(typed: &Typed, current: &OsStr) -> Vec<CompletionCandidate> {
    let Some(session) = typed.session() else { return Vec::new() };
    begun(named(&session, session.active()), current)
}

/// The players who left: `player return`.
pub(crate) fn gone(typed: &Typed, current: &OsStr) -> Vec<CompletionCandidate> {
    let Some(session) = typed.session() else { return Vec::new() };
    let seats = (0..session.players().len()).filter(|&s| session.seats()[s].left.is_some()).collect();
    begun(named(&session, seats), current)
}

/// Every player of the session, those who left too: `player rename`.
pub(crate) fn players(typed: &Typed, current: &OsStr) -> Vec<CompletionCandidate> {
    let Some(session) = typed.session() else { return Vec::new() };
    begun(session.players().to_vec(), current)
}

/// The players of the finished games, whose records `stats` keeps.
pub(crate) fn finished_players(typed: &Typed, current: &OsStr) -> Vec<CompletionCandidate> {
    let sessions = every_session(typed);
    let names = sessions.iter().filter(|s| s.finished()).flat_map(|s| s.players().to_vec());
    begun(once(names), current)
}

/// `league --season`: the seasons kept, with their dates.
pub(crate) fn seasons(typed: &Typed) -> Vec<CompletionCandidate> {
    let Some(store) = typed.store() else { return Vec::new() };
    let seasons = store.seasons().unwrap_or_default();
    seasons
        .into_iter()
        .map(|(name, s)| {
            let dates = match (s.since, s.until) {
                (Some(a), Some(b)) => Some(format!("{a} to {b}")),
                (Some(a), None) => Some(format!("from {a}")),
                (None, Some(b)) => Some(format!("until {b}")),
                (None, None) => None,
            };
            CompletionCandidate::new(name).help(dates.map(Into::into))
        })
        .collect()
}

/// `new --player`: the players of earlier games not named on the line yet.
pub(crate) fn earlier_players(typed: &Typed, current: &OsStr) -> Vec<CompletionCandidate> {
    let given: Vec<String> = typed.values("players").iter().map(|p| p.to_lowercase()).collect();
    let names = every_session(typed).into_iter().flat_map(|s| s.players().to_vec());
    begun(once(names).into_iter().filter(|n| !given.contains(&n.to_lowercase())), current)
}

/// `new --dealer`: the players named on the line, else those of the
/// session `--like` names who are still at its table.
pub(crate) fn new_players(typed: &Typed, current: &OsStr) -> Vec<CompletionCandidate> {
    let mut names = typed.values("players");
    if names.is_empty()
        && let Some(like) = typed.value::<String>("like")
        && let Some(store) = typed.store()
        && let Some(session) = store.find(&like).ok().and_then(|name| store.load(&name).ok())
    {
        names = named(&session, session.active());
    }
    begun(names, current)
}

/// The presets, with what each is.
pub(crate) fn presets(_: &Typed) -> Vec<CompletionCandidate> {
    PRESETS.iter().map(|(name, about)| CompletionCandidate::new(*name).help(Some((*about).into()))).collect()
}

/// `--set`: the setting keys (as `KEY=`), then the values the key takes.
pub(crate) fn setting(_: &Typed, current: &OsStr) -> Vec<CompletionCandidate> {
    let current = current.to_string_lossy();
    match current.split_once('=') {
        None => SETTINGS
            .iter()
            .filter(|s| s.key.starts_with(current.as_ref()))
            .map(|s| CompletionCandidate::new(format!("{}=", s.key)).help(Some(s.about.into())))
            .collect(),
        Some((key, value)) => {
            let Some(setting) = Setting::find(key) else { return Vec::new() };
            setting
                .allowed
                .candidates()
                .into_iter()
                .filter(|v| v.starts_with(value))
                .map(|v| CompletionCandidate::new(format!("{key}={v}")))
                .collect()
        }
    }
}

/// A score of `round` or `edit`: `NAME=` for each player of the round
/// whose name starts with what is typed.
pub(crate) fn score(typed: &Typed, current: &OsStr) -> Vec<CompletionCandidate> {
    if current.to_string_lossy().contains('=') {
        return Vec::new();
    }
    let Some(session) = typed.session() else { return Vec::new() };
    let names = round_players(typed, &session).into_iter().map(|p| format!("{p}="));
    begun(names, current)
}

// ---------------------------------------------------------------------------
// The shells

/// The shells three13 completes for, each reading the line and writing the
/// candidates its own way.
pub(crate) const SHELLS: Shells<'static> =
    Shells(&[&Adapter::Bash, &Adapter::Elvish, &Adapter::Fish, &Adapter::Powershell, &Adapter::Zsh]);

/// One shell's side of the protocol.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Adapter {
    Bash,
    Elvish,
    Fish,
    Powershell,
    Zsh,
}

impl Adapter {
    /// The adapter of `shell`.
    pub(crate) fn of(shell: clap_complete::Shell) -> Adapter {
        match shell {
            clap_complete::Shell::Bash => Adapter::Bash,
            clap_complete::Shell::Elvish => Adapter::Elvish,
            clap_complete::Shell::Fish => Adapter::Fish,
            clap_complete::Shell::Zsh => Adapter::Zsh,
            _ => Adapter::Powershell,
        }
    }

    /// clap_complete's own adapter, whose registration scripts (all but
    /// bash's) three13 uses as they are.
    fn clap(self) -> &'static dyn EnvCompleter {
        use clap_complete::env as clap;
        match self {
            Adapter::Bash => &clap::Bash,
            Adapter::Elvish => &clap::Elvish,
            Adapter::Fish => &clap::Fish,
            Adapter::Powershell => &clap::Powershell,
            Adapter::Zsh => &clap::Zsh,
        }
    }

    /// The line as the shell passes it: `args` after `--`, and what its
    /// script puts in the environment.
    fn read(self, mut args: Vec<String>) -> Reading {
        let index = std::env::var("_CLAP_COMPLETE_INDEX").ok().and_then(|i| i.parse::<usize>().ok());
        let last = args.len().saturating_sub(1);
        match self {
            // The words as typed, quotes and all; which one is completed;
            // the whole line; and the part of the word readline replaces.
            Adapter::Bash => read_bash(
                args,
                index.unwrap_or(last),
                std::env::var("_THREE13_COMP_LINE").ok().as_deref(),
                std::env::var("_THREE13_COMP_WORD").ok(),
            ),
            // The words as typed, and which one is completed (past the
            // last when it is still empty).
            Adapter::Zsh => {
                let index = index.unwrap_or(last);
                while args.len() <= index {
                    args.push(String::new());
                }
                let words = args.iter().map(|w| unquote(w, Quote::None, Dialect::Posix).0).collect();
                Reading::plain(words, index)
            }
            // The words before the cursor unquoted, then the word being
            // completed as typed.
            Adapter::Fish => {
                if let Some(word) = args.last_mut() {
                    *word = unquote(word, Quote::None, Dialect::Fish).0;
                }
                Reading::plain(args, last)
            }
            // The words already unquoted by the shell.
            Adapter::Elvish => Reading::plain(args, index.unwrap_or(last)),
            Adapter::Powershell => Reading::plain(args, last),
        }
    }

    /// Writes the candidates as the shell reads them; a candidate the shell
    /// could not be given safely is left out.
    fn write(
        self,
        reading: &Reading,
        candidates: &[CompletionCandidate],
        buf: &mut dyn Write,
    ) -> std::io::Result<()> {
        let ifs = std::env::var("_CLAP_IFS").unwrap_or_else(|_| "\n".to_string());
        let help = |c: &CompletionCandidate| {
            c.get_help().map(|h| h.to_string().lines().next().unwrap_or_default().to_string())
        };
        let mut lines: Vec<String> = Vec::new();
        for candidate in candidates {
            let Some(value) = candidate.get_value().to_str() else { continue };
            let line = match self {
                Adapter::Bash => {
                    let Some(rest) = value.strip_prefix(reading.kept.as_str()) else { continue };
                    quote_bash(rest, reading.open)
                }
                Adapter::Zsh => escape_zsh(value).map(|v| match help(candidate) {
                    Some(h) => format!("{v}:{}", h.replace('\\', "\\\\")),
                    None => v,
                }),
                Adapter::Fish | Adapter::Elvish => plain(value).map(|v| match (self, help(candidate)) {
                    (Adapter::Fish, Some(h)) => format!("{v}\t{h}"),
                    _ => v.to_string(),
                }),
                Adapter::Powershell => quote_powershell(value).map(|v| match help(candidate) {
                    Some(h) => format!("{v}\t{h}"),
                    None => v,
                }),
            };
            lines.extend(line);
        }
        let sep = match self {
            Adapter::Fish | Adapter::Powershell => "\n",
            _ => ifs.as_str(),
        };
        write!(buf, "{}", lines.join(sep))?;
        if matches!(self, Adapter::Fish | Adapter::Powershell) && !lines.is_empty() {
            writeln!(buf)?;
        }
        Ok(())
    }
}

impl EnvCompleter for Adapter {
    fn name(&self) -> &'static str {
        self.clap().name()
    }

    fn is(&self, name: &str) -> bool {
        self.clap().is(name)
    }

    fn write_registration(
        &self,
        var: &str,
        name: &str,
        bin: &str,
        completer: &str,
        buf: &mut dyn Write,
    ) -> std::io::Result<()> {
        match self {
            Adapter::Bash => write_bash_registration(var, bin, completer, buf),
            _ => self.clap().write_registration(var, name, bin, completer, buf),
        }
    }

    fn write_complete(
        &self,
        cmd: &mut clap::Command,
        args: Vec<OsString>,
        current_dir: Option<&std::path::Path>,
        buf: &mut dyn Write,
    ) -> std::io::Result<()> {
        // Names and flags are text: a word that is not offers nothing.
        let Some(args) = args.into_iter().map(|a| a.into_string().ok()).collect::<Option<Vec<String>>>()
        else {
            return Ok(());
        };
        let reading = self.read(args);
        let mut cmd = with_line(std::mem::take(cmd), &Arc::new(reading.line.clone()));
        let words = reading.line.words.iter().map(OsString::from).collect();
        let candidates = clap_complete::engine::complete(&mut cmd, words, reading.line.index, current_dir)?;
        self.write(&reading, &candidates, buf)
    }
}

/// The line as one shell passed it.
#[derive(Debug, PartialEq, Eq)]
struct Reading {
    line: Line,
    /// What of the word being completed the shell keeps (bash replaces only
    /// the part after a `=` or an opening quote): unquoted, so that it is
    /// cut off the front of each candidate.
    kept: String,
    /// The quote left open before the part replaced, which the candidate
    /// goes into.
    open: Quote,
}

impl Reading {
    fn plain(words: Vec<String>, index: usize) -> Reading {
        Reading { line: Line { words, index }, kept: String::new(), open: Quote::None }
    }
}

/// bash's words: `pieces` is COMP_WORDS, split at whitespace and at
/// COMP_WORDBREAKS (`--set face_cards=ra` comes as `face_cards`, `=`, `ra`)
/// with quotes and backslashes as typed; `line` is COMP_LINE, which tells
/// whether pieces touch; `text` is the part of the current piece readline
/// replaces (after an opening quote, or all of it).
fn read_bash(mut pieces: Vec<String>, cword: usize, line: Option<&str>, text: Option<String>) -> Reading {
    while pieces.len() <= cword {
        pieces.push(String::new());
    }
    let touching = line.and_then(|line| touching(&pieces, line)).unwrap_or_default();
    // Pieces that touch at a `=` or `:` are one word again.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, piece) in pieces.iter().enumerate() {
        let joins = i > 0
            && touching.get(i).copied().unwrap_or(false)
            && (piece.starts_with(['=', ':']) || pieces[i - 1].ends_with(['=', ':']));
        match groups.last_mut() {
            Some(group) if joins => group.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let current = groups.iter().position(|g| g.contains(&cword)).unwrap_or(0);
    let piece = &pieces[cword];
    let text = text.filter(|t| piece.ends_with(t.as_str())).unwrap_or_else(|| piece.clone());
    let mut before: String =
        groups[current].iter().take_while(|&&i| i < cword).map(|&i| pieces[i].as_str()).collect();
    before.push_str(&piece[..piece.len() - text.len()]);
    let (kept, open) = unquote(&before, Quote::None, Dialect::Posix);
    let word = format!("{kept}{}", unquote(&text, open, Dialect::Posix).0);
    let words = groups
        .iter()
        .enumerate()
        .map(|(g, group)| {
            if g == current {
                word.clone()
            } else {
                let raw: String = group.iter().map(|&i| pieces[i].as_str()).collect();
                unquote(&raw, Quote::None, Dialect::Posix).0
            }
        })
        .collect();
    Reading { line: Line { words, index: current }, kept, open }
}

/// For each piece, whether it touches the one before in `line` (no space
/// between); None when the pieces are not found in the line in turn.
fn touching(pieces: &[String], line: &str) -> Option<Vec<bool>> {
    let mut rest = line;
    let mut touching = Vec::with_capacity(pieces.len());
    for piece in pieces {
        let trimmed = rest.trim_start_matches([' ', '\t', '\n']);
        touching.push(trimmed.len() == rest.len());
        rest = trimmed.strip_prefix(piece.as_str())?;
    }
    Some(touching)
}

// ---------------------------------------------------------------------------
// Quoting

/// The quote a word is in at some point of its text.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Quote {
    None,
    Single,
    Double,
}

/// Whose quoting rules a word follows: inside fish's single quotes a
/// backslash escapes `\` and `'`; in bash's and zsh's it is a backslash.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dialect {
    Posix,
    Fish,
}

/// A word as typed, its quotes and backslashes taken away, starting in
/// `quote`; gives the text and the quote still open at its end (a word
/// being typed need not be finished).
fn unquote(word: &str, mut quote: Quote, dialect: Dialect) -> (String, Quote) {
    let mut out = String::with_capacity(word.len());
    let mut chars = word.chars().peekable();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Quote::None, '\\') => out.extend(chars.next().filter(|&n| n != '\n')),
            (Quote::None, '\'') => quote = Quote::Single,
            (Quote::None, '"') => quote = Quote::Double,
            (Quote::Single, '\'') | (Quote::Double, '"') => quote = Quote::None,
            (Quote::Single, '\\')
                if dialect == Dialect::Fish && matches!(chars.peek(), Some('\\' | '\'')) =>
            {
                out.extend(chars.next());
            }
            (Quote::Double, '\\') if matches!(chars.peek(), Some('$' | '`' | '"' | '\\' | '\n')) => {
                out.extend(chars.next().filter(|&n| n != '\n'));
            }
            _ => out.push(c),
        }
    }
    (out, quote)
}

/// What bash reads as something other than a plain character outside
/// quotes. `=` and `:` are not among them: they mean nothing in an
/// argument, and `KEY=VALUE` stays readable.
const BASH_SPECIAL: &str = " \t'\"\\$`!|&;()<>[]{}*?~#^%,";

/// `value` written for bash, to go where readline puts it: outside quotes
/// each special character behind a backslash (`Ann\ Lee`); inside an open
/// quote, which readline closes after it, as that quote needs. None for a
/// value holding a control character, which no quoting keeps intact
/// through readline.
fn quote_bash(value: &str, open: Quote) -> Option<String> {
    if value.chars().any(char::is_control) {
        return None;
    }
    let mut out = String::with_capacity(value.len() + 8);
    for c in value.chars() {
        match open {
            Quote::None if BASH_SPECIAL.contains(c) => {
                out.push('\\');
                out.push(c);
            }
            Quote::Single if c == '\'' => out.push_str(r"'\''"),
            Quote::Double if matches!(c, '$' | '`' | '"' | '\\') => {
                out.push('\\');
                out.push(c);
            }
            // History expansion looks inside double quotes too.
            Quote::Double if c == '!' => out.push_str(r#""'!'""#),
            _ => out.push(c),
        }
    }
    Some(out)
}

/// `value` for zsh's `_describe` (a `:` ends the value there), which zsh
/// quotes as it inserts it; None for a value a line cannot carry.
fn escape_zsh(value: &str) -> Option<String> {
    plain(value).map(|v| v.replace('\\', "\\\\").replace(':', "\\:"))
}

/// `value` for a shell that quotes what it inserts itself (fish, elvish):
/// as it is, one to a line; None for one a line cannot carry.
fn plain(value: &str) -> Option<&str> {
    (!value.chars().any(char::is_control)).then_some(value)
}

/// `value` for PowerShell, which inserts a native command's candidate as
/// it is: in single quotes unless it is a plain word, each single quote
/// doubled (PowerShell takes the typographic ones for quotes too).
fn quote_powershell(value: &str) -> Option<String> {
    let value = plain(value)?;
    let bare = |c: char| c.is_alphanumeric() || "_-./=+:".contains(c);
    if !value.is_empty() && value.chars().all(bare) {
        return Some(value.to_string());
    }
    let mut out = String::with_capacity(value.len() + 2);
    out.push('\'');
    for c in value.chars() {
        if matches!(c, '\'' | '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}') {
            out.push(c);
        }
        out.push(c);
    }
    out.push('\'');
    Some(out)
}

// ---------------------------------------------------------------------------
// bash's registration

/// The bash script: it passes the words as typed with the line and the
/// part of the word readline replaces, and reads the candidates one to a
/// line into COMPREPLY without expanding them (no globbing, no splitting
/// at spaces).
const BASH_SCRIPT: &str = r#"
_three13() {
    local IFS=$'\n'
    if compopt +o nospace 2> /dev/null; then
        local space=false
    else
        local space=true
    fi
    local out
    out=$( \
        _CLAP_IFS="$IFS" \
        _CLAP_COMPLETE_INDEX="$COMP_CWORD" \
        _THREE13_COMP_LINE="$COMP_LINE" \
        _THREE13_COMP_WORD="$2" \
        @VAR@="bash" \
        @COMPLETER@ -- "${COMP_WORDS[@]}" 2> /dev/null \
    ) || return
    COMPREPLY=()
    read -r -d '' -a COMPREPLY <<< "$out" || true
    if [[ $space == false && ${#COMPREPLY[@]} == 1 && ${COMPREPLY[0]} =~ [=/:]$ ]]; then
        compopt -o nospace
    fi
}
if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -o nospace -o bashdefault -o nosort -F _three13 @BIN@
else
    complete -o nospace -o bashdefault -F _three13 @BIN@
fi
"#;

fn write_bash_registration(
    var: &str,
    bin: &str,
    completer: &str,
    buf: &mut dyn Write,
) -> std::io::Result<()> {
    let quoted = |text: &str| {
        quote_bash(text, Quote::None)
            .ok_or_else(|| std::io::Error::other(format!("{text:?} cannot be written in a bash script")))
    };
    let script = BASH_SCRIPT
        .replace("@VAR@", var)
        .replace("@COMPLETER@", &quoted(completer)?)
        .replace("@BIN@", &quoted(bin)?);
    buf.write_all(script.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Names a person could give, and some no one should.
    const HOSTILE: [&str; 9] = [
        "B$(touch PWNED)",
        "Ann Lee",
        "O'Brien",
        "\"Ace\"",
        r"back\slash",
        "`id`",
        "Zoë 🃏",
        "a;b|c&d>e",
        "!x *?[ab] ~{c,d} #e",
    ];

    #[test]
    fn words_lose_their_quotes_as_the_shell_reads_them() {
        let posix = |w: &str| unquote(w, Quote::None, Dialect::Posix);
        assert_eq!(posix(r"Ann\ Lee"), ("Ann Lee".into(), Quote::None));
        assert_eq!(posix("'Ann L"), ("Ann L".into(), Quote::Single));
        assert_eq!(posix(r#""a\"b\$c\d"#), (r#"a"b$c\d"#.into(), Quote::Double));
        assert_eq!(posix(r"'O'\''Br'"), ("O'Br".into(), Quote::None));
        assert_eq!(unquote(r"'O\'Br'", Quote::None, Dialect::Fish), ("O'Br".into(), Quote::None));
        assert_eq!(unquote("ra", Quote::Single, Dialect::Posix), ("ra".into(), Quote::Single));
    }

    #[test]
    fn what_bash_is_given_reads_back_as_the_name() {
        for name in HOSTILE {
            for open in [Quote::None, Quote::Single, Quote::Double] {
                let quoted = quote_bash(name, open).expect("quotable");
                // readline closes the quote the word was left in.
                let closing = match open {
                    Quote::None => "",
                    Quote::Single => "'",
                    Quote::Double => "\"",
                };
                let (back, left) = unquote(&format!("{quoted}{closing}"), open, Dialect::Posix);
                assert_eq!((back.as_str(), left), (name, Quote::None), "{open:?} {quoted}");
            }
        }
        assert_eq!(quote_bash("B$(touch PWNED)", Quote::None).unwrap(), r"B\$\(touch\ PWNED\)");
        assert_eq!(quote_bash("face_cards=rank", Quote::None).unwrap(), "face_cards=rank");
        for control in ["a\nb", "a\tb", "a\u{1b}[2Jb", "a\rb"] {
            for open in [Quote::None, Quote::Single, Quote::Double] {
                assert_eq!(quote_bash(control, open), None, "{control:?}");
            }
            assert_eq!((escape_zsh(control), plain(control), quote_powershell(control)), (None, None, None));
        }
    }

    #[test]
    fn powershell_gets_plain_words_bare_and_the_rest_in_single_quotes() {
        assert_eq!(quote_powershell("Ann").unwrap(), "Ann");
        assert_eq!(quote_powershell("--json").unwrap(), "--json");
        assert_eq!(quote_powershell("face_cards=rank").unwrap(), "face_cards=rank");
        assert_eq!(quote_powershell("B$(touch PWNED)").unwrap(), "'B$(touch PWNED)'");
        assert_eq!(quote_powershell("O'Brien").unwrap(), "'O''Brien'");
        assert_eq!(quote_powershell("O\u{2019}Brien").unwrap(), "'O\u{2019}\u{2019}Brien'");
        assert_eq!(quote_powershell("a,b").unwrap(), "'a,b'");
        assert_eq!(escape_zsh(r"a:b\c").unwrap(), r"a\:b\\c");
    }

    #[test]
    fn bash_pieces_split_at_an_equals_sign_are_one_word_again() {
        let pieces = |p: &[&str]| p.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let line = "three13 rules --set face_cards=";
        let r = read_bash(
            pieces(&["three13", "rules", "--set", "face_cards", "="]),
            4,
            Some(line),
            Some(String::new()),
        );
        assert_eq!(r.line.words, ["three13", "rules", "--set", "face_cards="]);
        assert_eq!((r.line.index, r.kept.as_str(), r.open), (3, "face_cards=", Quote::None));
        let line = "three13 rules --set face_cards=r --json";
        let r = read_bash(
            pieces(&["three13", "rules", "--set", "face_cards", "=", "r", "--json"]),
            5,
            Some(line),
            Some("r".into()),
        );
        assert_eq!(r.line.words, ["three13", "rules", "--set", "face_cards=r", "--json"]);
        assert_eq!((r.line.index, r.kept.as_str()), (3, "face_cards="));
        // Apart, they stay apart.
        let line = "three13 rules --set face_cards = r";
        let r = read_bash(
            pieces(&["three13", "rules", "--set", "face_cards", "=", "r"]),
            5,
            Some(line),
            Some("r".into()),
        );
        assert_eq!((r.line.words.len(), r.line.index, r.kept.as_str()), (6, 5, ""));
        // An opened quote is kept open for the candidate.
        let line = "three13 --data-dir \"/tmp/my dir\" use 'Ann L";
        let words = pieces(&["three13", "--data-dir", "\"/tmp/my dir\"", "use", "'Ann L"]);
        let r = read_bash(words, 4, Some(line), Some("Ann L".into()));
        assert_eq!(r.line.words, ["three13", "--data-dir", "/tmp/my dir", "use", "Ann L"]);
        assert_eq!((r.kept.as_str(), r.open), ("", Quote::Single));
        // The empty word after a space.
        let r = read_bash(pieces(&["three13", "use"]), 2, Some("three13 use "), Some(String::new()));
        assert_eq!((r.line.words, r.line.index), (pieces(&["three13", "use", ""]), 2));
    }
}
