//! Stderr, where notes, errors and prompts go: whether it is coloured
//! and how wide it is, decided once from `--color` and the terminal, and
//! how a note, an error or a line for the person is written there, by a
//! command, the server's threads or the data folder's lock alike.

use std::io::{IsTerminal, Write};

use anstyle::{AnsiColor, Style};

use crate::error::Error;
use crate::text::wrap_to;

/// When to colour the output.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub(crate) enum ColorWhen {
    /// On a terminal, unless NO_COLOR is set.
    Auto,
    Always,
    Never,
}

/// Whether the terminal shows colour codes: a Unix terminal does; a
/// Windows console does once it is told to read them (Windows 10 on),
/// which is done here, once.
fn console_shows_colour() -> bool {
    #[cfg(windows)]
    {
        static SHOWS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *SHOWS.get_or_init(|| anstyle_query::windows::enable_ansi_colors().unwrap_or(true))
    }
    #[cfg(not(windows))]
    {
        true
    }
}

impl ColorWhen {
    /// Whether to colour a stream that is (or is not) a terminal: the one
    /// place `--color`, NO_COLOR and the terminal are weighed.
    pub(crate) fn colours(self, tty: bool) -> bool {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        match self {
            ColorWhen::Always => {
                if tty {
                    console_shows_colour();
                }
                true
            }
            ColorWhen::Never => false,
            ColorWhen::Auto => tty && !no_color && console_shows_colour(),
        }
    }

    /// The `--color` of a command line not yet parsed, so that clap's own
    /// messages follow it too; `auto` when it is absent or not understood.
    pub(crate) fn from_args(args: &[std::ffi::OsString]) -> ColorWhen {
        let mut value = None;
        let mut words = args.iter().skip(1).map(|a| a.to_str().unwrap_or_default());
        while let Some(word) = words.next() {
            match word {
                "--" => break,
                "--color" => value = words.next(),
                _ => {
                    if let Some(v) = word.strip_prefix("--color=") {
                        value = Some(v);
                    }
                }
            }
        }
        match value {
            Some("always") => ColorWhen::Always,
            Some("never") => ColorWhen::Never,
            _ => ColorWhen::Auto,
        }
    }
}

/// Text from anywhere (arguments, stdin, files, the environment) as a
/// message may show it on a terminal: control characters other than the
/// line breaks between a message's lines, and characters that turn the
/// text's direction, are written as escapes (`\u{1b}`), never sent raw.
pub(crate) fn visible(text: &str) -> String {
    let turns = |c: char| matches!(c as u32, 0x061C | 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069);
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if (c.is_control() && c != '\n') || turns(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

/// Stderr as the command line asks it written: labels coloured or not,
/// prose wrapped to its terminal or not. [`Ui`](crate::ui::Ui) holds one;
/// a copy goes to what speaks on its own (the server's threads, the data
/// folder's lock), so that every note and error follows the same rules.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stderr {
    /// Colour the labels.
    colour: bool,
    /// The columns of stderr when it is a terminal: its width, else COLUMNS
    /// when it gives none.
    width: Option<usize>,
}

impl Stderr {
    /// Stderr as `--color` and the terminal say.
    pub(crate) fn detect(color: ColorWhen) -> Stderr {
        let tty = std::io::stderr().is_terminal();
        Stderr {
            colour: color.colours(tty),
            // Only a person reads stderr wrapped: a script or a log gets
            // each message on one line.
            width: tty.then(|| width(terminal_size::terminal_size_of(std::io::stderr()))).flatten(),
        }
    }

    /// Stderr without colour or wrapping.
    pub(crate) fn plain() -> Stderr {
        Stderr { colour: false, width: None }
    }

    /// The columns prose is wrapped to, if any.
    pub(crate) fn columns(&self) -> Option<usize> {
        self.width
    }

    /// Whether stderr is coloured.
    pub(crate) fn colours(&self) -> bool {
        self.colour
    }

    /// A drawing (the address as a QR code), as it is.
    pub(crate) fn draw(&self, drawing: &str) {
        let _ = writeln!(std::io::stderr(), "{drawing}");
    }

    /// `label` in bold (red for an error) when colouring.
    fn label(&self, label: &str, style: Style) -> String {
        if self.colour { format!("{style}{label}{style:#}") } else { label.to_string() }
    }

    /// A note for the person (never on stdout, so scripts can read stdout
    /// undisturbed).
    pub(crate) fn note(&self, text: &str) {
        let text = on_stderr("note: ", &visible(text), self.width);
        let _ = writeln!(std::io::stderr(), "{} {text}", self.label("note:", Style::new().bold()));
    }

    /// A line for the person.
    pub(crate) fn say(&self, text: &str) {
        let _ = writeln!(std::io::stderr(), "{}", on_stderr("", &visible(text), self.width));
    }

    /// Lines for the person, each wrapped on its own with its continuation
    /// indented.
    pub(crate) fn say_lines(&self, text: &str) {
        let text = visible(text);
        let text = match self.width {
            Some(width) => text.lines().map(|l| wrap_to(l, 2, width)).collect::<Vec<_>>().join("\n"),
            None => text,
        };
        let _ = writeln!(std::io::stderr(), "{text}");
    }

    /// An error as `error: …`; nothing for one already reported or a
    /// closed pipe.
    pub(crate) fn error(&self, e: &Error) {
        if e.is_said() {
            return;
        }
        let red = Style::new().bold().fg_color(Some(AnsiColor::Red.into()));
        let text = on_stderr("error: ", &visible(&e.to_string()), self.width);
        let _ = writeln!(std::io::stderr(), "{} {text}", self.label("error:", red));
    }

    /// An error about one line of input, as `error: line N: …`.
    pub(crate) fn line_error(&self, line: usize, e: &Error) {
        let red = Style::new().bold().fg_color(Some(AnsiColor::Red.into()));
        let text = on_stderr(&format!("error: line {line}: "), &visible(&e.to_string()), self.width);
        let _ = writeln!(std::io::stderr(), "{} line {line}: {text}", self.label("error:", red));
    }
}

/// The narrowest width laid out for; a terminal or COLUMNS narrower still
/// gets this.
pub(crate) const MIN_WIDTH: usize = 20;

/// The width to fit on a stream: its terminal's (`terminal`, when it is
/// one), else a positive COLUMNS.
pub(crate) fn width(terminal: Option<(terminal_size::Width, terminal_size::Height)>) -> Option<usize> {
    if let Some((terminal_size::Width(w), _)) = terminal {
        return Some(usize::from(w).max(MIN_WIDTH));
    }
    let columns = std::env::var("COLUMNS").ok()?.trim().parse::<usize>().ok()?;
    (columns > 0).then(|| columns.max(MIN_WIDTH))
}

/// A message for stderr after its `label`, each line of prose wrapped to
/// the `width` given (a typed hand echoed above its caret is left whole,
/// so the caret stays under the bad card); without one, as it is.
fn on_stderr(label: &str, text: &str, width: Option<usize>) -> String {
    let Some(width) = width else { return text.to_string() };
    let lines: Vec<&str> = text.split('\n').collect();
    let caret = |i: usize| lines.get(i).is_some_and(|l| l.trim_start().starts_with('^'));
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        if caret(i) || caret(i + 1) {
            out.push(line.to_string());
        } else if i == 0 {
            let wrapped = wrap_to(&format!("{label}{line}"), 2, width);
            out.push(wrapped.strip_prefix(label).unwrap_or(&wrapped).to_string());
        } else {
            let indent = line.len() - line.trim_start().len();
            out.push(wrap_to(line, indent + 2, width));
        }
    }
    out.join("\n")
}
