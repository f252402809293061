//! The terminal edge: colour, card symbols, and where output goes.

use std::io::{IsTerminal, Write};

use anstyle::{AnsiColor, Style};

use crate::card::Card;

/// When to colour the output.
#[derive(Clone, Copy, PartialEq, Eq, Debug, clap::ValueEnum)]
pub enum ColorWhen {
    /// On a terminal, unless NO_COLOR is set.
    Auto,
    Always,
    Never,
}

/// How to write for the person or program reading stdout.
pub struct Ui {
    /// Colour stdout.
    pub color: bool,
    /// Colour stderr.
    pub color_err: bool,
    /// Write suits as ♣ ♦ ♥ ♠ and tables with box lines.
    pub unicode: bool,
    /// A person is there to answer prompts (stdin and stderr are terminals).
    pub can_prompt: bool,
    /// stdin is a terminal.
    pub stdin_tty: bool,
    pub out: Box<dyn Write>,
}

impl std::fmt::Debug for Ui {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ui")
            .field("color", &self.color)
            .field("unicode", &self.unicode)
            .finish_non_exhaustive()
    }
}

impl Ui {
    /// Reads the terminal's state and the user's choices.
    pub fn detect(color: ColorWhen, ascii: bool) -> Ui {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let out_tty = std::io::stdout().is_terminal();
        let err_tty = std::io::stderr().is_terminal();
        let stdin_tty = std::io::stdin().is_terminal();
        let pick = |tty: bool| match color {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => tty && !no_color,
        };
        Ui {
            color: pick(out_tty),
            color_err: pick(err_tty),
            unicode: out_tty && !ascii,
            can_prompt: stdin_tty && err_tty,
            stdin_tty,
            out: Box::new(std::io::BufWriter::new(std::io::stdout())),
        }
    }

    /// A plain UI writing into `out`: no colour, ASCII, no prompts.
    pub fn plain(out: Box<dyn Write>) -> Ui {
        Ui { color: false, color_err: false, unicode: false, can_prompt: false, stdin_tty: false, out }
    }

    /// A card as the reader should see it: `7♦` on a terminal (red suits in
    /// red when colouring), `7d` otherwise.
    pub fn card(&self, card: Card) -> String {
        let text = if self.unicode { card.symbol() } else { card.ascii() };
        let red = card.suit().is_some_and(|s| s.is_red());
        if self.color && red {
            self.paint(Style::new().fg_color(Some(AnsiColor::Red.into())), &text)
        } else {
            text
        }
    }

    /// Cards separated by spaces.
    pub fn cards(&self, cards: &[Card]) -> String {
        cards.iter().map(|&c| self.card(c)).collect::<Vec<_>>().join(" ")
    }

    /// `text` in `style` when colouring stdout.
    pub fn paint(&self, style: Style, text: &str) -> String {
        if self.color { format!("{style}{text}{style:#}") } else { text.to_string() }
    }

    pub fn bold(&self, text: &str) -> String {
        self.paint(Style::new().bold(), text)
    }

    pub fn good(&self, text: &str) -> String {
        self.paint(Style::new().bold().fg_color(Some(AnsiColor::Green.into())), text)
    }

    pub fn warn(&self, text: &str) -> String {
        self.paint(Style::new().bold().fg_color(Some(AnsiColor::Yellow.into())), text)
    }

    /// A table in the house style: box lines on a terminal, plain text when piped.
    pub fn table(&self) -> comfy_table::Table {
        let mut t = comfy_table::Table::new();
        if self.unicode {
            t.load_style(comfy_table::presets::UTF8_FULL_CONDENSED);
        } else {
            t.load_style(comfy_table::presets::ASCII_MARKDOWN);
        }
        t.set_content_arrangement(comfy_table::ContentArrangement::Disabled);
        t
    }

    /// A note for the person on stderr (never on stdout, so scripts can
    /// read stdout undisturbed).
    pub fn note(&self, text: &str) {
        let bold = Style::new().bold();
        let label = if self.color_err { format!("{bold}note:{bold:#}") } else { "note:".into() };
        let _ = writeln!(std::io::stderr(), "{label} {text}");
    }
}
