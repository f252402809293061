//! The terminal edge: colour, card symbols, prompts, and where output goes.

use std::io::{IsTerminal, Write};

use anstyle::{AnsiColor, Style};
use three13_core::card::Card;

use crate::error::{Error, Result};
use crate::interrupt::CANCELLED;
use crate::prompt::Answer;
pub(crate) use crate::stderr::{ColorWhen, Stderr, visible};
use crate::stderr::{MIN_WIDTH, width};
pub(crate) use crate::text::{display_width, wrap_to};

/// How to write for the person or program reading stdout.
pub(crate) struct Ui {
    /// Colour stdout.
    color: bool,
    /// Where notes, errors and prompts go.
    err: Stderr,
    /// Write suits as ♣ ♦ ♥ ♠ and tables with box lines.
    pub(crate) unicode: bool,
    /// A person is there to answer prompts (stdin and stderr are terminals).
    pub(crate) can_prompt: bool,
    /// stdin is a terminal.
    pub(crate) stdin_tty: bool,
    /// The columns output must fit: the terminal's, else COLUMNS when
    /// stdout is not a terminal; None for the full layout.
    pub(crate) width: Option<usize>,
    /// The rows output may take (the chart's height follows it): the
    /// terminal's, else LINES when stdout is not a terminal.
    pub(crate) height: Option<usize>,
    pub(crate) out: Box<dyn Write>,
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
    pub(crate) fn detect(color: ColorWhen, ascii: bool) -> Ui {
        let out_tty = std::io::stdout().is_terminal();
        let err_tty = std::io::stderr().is_terminal();
        let stdin_tty = std::io::stdin().is_terminal();
        if stdin_tty && err_tty {
            crate::interrupt::watch(color.colours(err_tty));
        }
        Ui {
            color: color.colours(out_tty),
            err: Stderr::detect(color),
            unicode: out_tty && !ascii,
            can_prompt: stdin_tty && err_tty,
            stdin_tty,
            width: width(terminal_size::terminal_size_of(std::io::stdout())),
            height: height(terminal_size::terminal_size_of(std::io::stdout())),
            out: Box::new(std::io::BufWriter::new(std::io::stdout())),
        }
    }

    /// Writes for a script from here on: stdout carries JSON, with cards
    /// in ASCII and no colour, whatever the terminal, and nothing is asked.
    pub(crate) fn for_json(&mut self) {
        self.color = false;
        self.unicode = false;
        self.can_prompt = false;
    }

    /// Plain text at `width` columns, written nowhere: for what is not
    /// shown on a terminal (a chart's caption in a file), and for tests of
    /// what is laid out.
    pub(crate) fn plain(width: Option<usize>) -> Ui {
        Ui {
            color: false,
            err: Stderr::plain(),
            unicode: false,
            can_prompt: false,
            stdin_tty: false,
            width,
            height: None,
            out: Box::new(std::io::sink()),
        }
    }

    /// Whether stdout is coloured.
    pub(crate) fn colours(&self) -> bool {
        self.color
    }

    /// Whether `text` fits the width given (always, without one).
    pub(crate) fn fits(&self, text: &str) -> bool {
        self.width.is_none_or(|w| text.lines().all(|l| display_width(l) <= w))
    }

    /// The first of the layouts that fits, else the last; layouts are
    /// made only as they are tried.
    pub(crate) fn first_fitting(&self, layouts: impl IntoIterator<Item = String>) -> String {
        let mut last = String::new();
        for text in layouts {
            if self.fits(&text) {
                return text;
            }
            last = text;
        }
        last
    }

    /// Words wrapped to the width given, continuation lines indented by `indent`.
    pub(crate) fn wrap(&self, text: &str, indent: usize) -> String {
        match self.width {
            Some(width) => wrap_to(text, indent, width),
            None => text.to_string(),
        }
    }

    /// A card as the reader should see it: `7♦` on a terminal (red suits in
    /// red when colouring), `7d` otherwise.
    pub(crate) fn card(&self, card: Card) -> String {
        let text = if self.unicode { card.symbol() } else { card.ascii() };
        let red = card.suit().is_some_and(|s| s.is_red());
        if self.color && red {
            self.paint(Style::new().fg_color(Some(AnsiColor::Red.into())), &text)
        } else {
            text
        }
    }

    /// Cards separated by spaces.
    pub(crate) fn cards(&self, cards: &[Card]) -> String {
        cards.iter().map(|&c| self.card(c)).collect::<Vec<_>>().join(" ")
    }

    /// `text` in `style` when colouring stdout.
    pub(crate) fn paint(&self, style: Style, text: &str) -> String {
        if self.color { format!("{style}{text}{style:#}") } else { text.to_string() }
    }

    pub(crate) fn bold(&self, text: &str) -> String {
        self.paint(Style::new().bold(), text)
    }

    pub(crate) fn good(&self, text: &str) -> String {
        self.paint(Style::new().bold().fg_color(Some(AnsiColor::Green.into())), text)
    }

    pub(crate) fn warn(&self, text: &str) -> String {
        self.paint(Style::new().bold().fg_color(Some(AnsiColor::Yellow.into())), text)
    }

    /// A table in the house style: box lines on a terminal, plain text when piped.
    pub(crate) fn table(&self) -> comfy_table::Table {
        let mut t = comfy_table::Table::new();
        if self.unicode {
            t.load_style(comfy_table::presets::UTF8_FULL_CONDENSED);
        } else {
            t.load_style(comfy_table::presets::ASCII_MARKDOWN);
        }
        t.set_content_arrangement(comfy_table::ContentArrangement::Disabled);
        t
    }

    /// Where notes, errors and prompts go, to hand to what says things
    /// on its own (the server's threads, the data folder's lock).
    pub(crate) fn stderr(&self) -> Stderr {
        self.err
    }

    /// A note for the person on stderr (never on stdout, so scripts can
    /// read stdout undisturbed).
    pub(crate) fn note(&self, text: &str) {
        self.err.note(text);
    }

    /// A line for the person at a prompt, on stderr.
    pub(crate) fn say(&self, text: &str) {
        self.err.say(text);
    }

    /// An error on stderr as `error: …`; nothing for one already reported
    /// or a closed pipe.
    pub(crate) fn error(&self, e: &Error) {
        self.err.error(e);
    }

    /// An error about one line of input, as `error: line N: …`.
    pub(crate) fn line_error(&self, line: usize, e: &Error) {
        self.err.line_error(line, e);
    }

    /// Asks `question` and gives the answer, unless `yes` answers it
    /// already; where nobody can answer, the error `unasked` says to use
    /// --yes. Escape answers no; Ctrl-C and Ctrl-D cancel.
    pub(crate) fn confirm(
        &self,
        yes: bool,
        question: impl FnOnce() -> String,
        unasked: impl FnOnce() -> Error,
    ) -> Result<bool> {
        if yes {
            return Ok(true);
        }
        if !self.can_prompt {
            return Err(unasked());
        }
        let _cursor = CursorShown::new();
        let prompt = self.ask_line(&question(), CONFIRM_ROOM);
        match self.prompter().confirm(&prompt, false).map_err(prompt_failed)? {
            Answer::Given(sure) => Ok(sure),
            Answer::Escaped => Ok(false),
            Answer::Cancelled => Err(cancelled()),
        }
    }

    /// A yes-or-no question; Enter gives `default`. Escape, Ctrl-C and
    /// Ctrl-D cancel.
    pub(crate) fn ask_yes(&self, question: &str, default: bool) -> Result<bool> {
        let _cursor = CursorShown::new();
        let prompt = self.ask_line(question, CONFIRM_ROOM);
        self.prompter().confirm(&prompt, default).map_err(prompt_failed).and_then(given)
    }

    /// A menu of `items`; gives the index chosen. Escape, Ctrl-C and
    /// Ctrl-D cancel.
    pub(crate) fn select(&self, prompt: &str, items: &[String], default: usize) -> Result<usize> {
        let _cursor = CursorShown::new();
        let prompt = self.ask_line(prompt, MENU_ROOM);
        let items = self.menu_items(items, "> ".len());
        self.prompter().select(&prompt, &items, default).map_err(prompt_failed).and_then(given)
    }

    /// A list of `items` to mark (Space) and confirm (Enter); gives the
    /// indexes marked, in the order they were marked. Escape, Ctrl-C and
    /// Ctrl-D cancel. With `numbered`, each item marked shows its place in
    /// that order.
    pub(crate) fn multi_select(&self, prompt: &str, items: &[String], numbered: bool) -> Result<Vec<usize>> {
        let _cursor = CursorShown::new();
        let prompt = self.ask_line(prompt, MENU_ROOM);
        let items = self.menu_items(items, "> [x] ".len());
        self.prompter().multi_select(&prompt, &items, numbered).map_err(prompt_failed).and_then(given)
    }

    /// A line of text typed at a prompt. Escape, Ctrl-C and Ctrl-D cancel.
    pub(crate) fn input(&self, prompt: &str, allow_empty: bool) -> Result<String> {
        let _cursor = CursorShown::new();
        let prompt = self.ask_line(prompt, INPUT_ROOM);
        self.prompter().input(&prompt, None, allow_empty, None).map_err(prompt_failed).and_then(given)
    }

    /// A line of text where `-` means "back to the previous question": the
    /// Up arrow puts it in the line, Enter then goes back.
    pub(crate) fn input_or_back(&self, prompt: &str) -> Result<String> {
        let _cursor = CursorShown::new();
        let prompt = self.ask_line(prompt, INPUT_ROOM);
        self.prompter().input(&prompt, None, false, Some("-")).map_err(prompt_failed).and_then(given)
    }

    /// A line of text with an answer offered: Enter takes `default`.
    pub(crate) fn input_or(&self, prompt: &str, default: &str) -> Result<String> {
        let _cursor = CursorShown::new();
        let room = INPUT_ROOM + display_width(default) + " []".len();
        let prompt = self.ask_line(prompt, room);
        self.prompter().input(&prompt, Some(default), false, None).map_err(prompt_failed).and_then(given)
    }

    /// The questions, drawn on stderr at its width.
    fn prompter(&self) -> crate::prompt::Prompt {
        crate::prompt::Prompt::new(self.err.columns())
    }

    /// The last line of `prompt`, for the prompt to show, once the lines
    /// before it are written: a question left for the terminal to wrap
    /// would be cut mid-word, and (cleared one line short once answered)
    /// seen twice. `room` is kept free after it for the answer.
    fn ask_line(&self, prompt: &str, room: usize) -> String {
        let (lead, last) = prompt_lines(&visible(prompt), self.err.columns(), room);
        if !lead.is_empty() {
            let _ = writeln!(std::io::stderr(), "{}", lead.join("\n"));
        }
        last
    }

    /// A menu's items, each wrapped to the width left after the marker
    /// (`> `, `> [x] `) that the menu writes before it.
    fn menu_items(&self, items: &[String], marker: usize) -> Vec<String> {
        items.iter().map(|item| menu_item(&visible(item), self.err.columns(), marker)).collect()
    }
}

/// What a question keeps free after its last line: the colon of a menu's
/// prompt, the ` [y/N] ` of a yes-or-no question (its answer takes less),
/// and some of the answer typed at an input.
const MENU_ROOM: usize = 1;
const CONFIRM_ROOM: usize = " [y/N] y".len();
const INPUT_ROOM: usize = 12;

/// A prompt's lines before the last, and its last line: `prompt` wrapped
/// between words to `width` less `room`, its later lines indented.
fn prompt_lines(prompt: &str, width: Option<usize>, room: usize) -> (Vec<String>, String) {
    let Some(width) = width else { return (Vec::new(), prompt.to_string()) };
    let room = room.min(width / 2);
    let wrapped = wrap_to(prompt, 2, width - room);
    let mut lines: Vec<String> = wrapped.split('\n').map(str::to_string).collect();
    let mut last = lines.pop().unwrap_or_default();
    // A word too long to leave the room (and with nowhere to break) keeps
    // its line among the first, and the prompt's own line is left empty.
    if display_width(&last) > width - room {
        lines.push(std::mem::take(&mut last));
    }
    (lines, last)
}

/// A menu item wrapped to what is left of `width` after the `marker`,
/// its later lines indented past the marker.
fn menu_item(item: &str, width: Option<usize>, marker: usize) -> String {
    let Some(width) = width else { return item.to_string() };
    let wrapped = wrap_to(item, 2, width.saturating_sub(marker).max(MIN_WIDTH / 2));
    wrapped.replace('\n', &format!("\n{}", " ".repeat(marker)))
}

/// Shows the terminal's cursor when dropped (a menu hides it, and a menu
/// left by Ctrl-C or Escape would leave it hidden), and marks that the
/// person has been asked something.
struct CursorShown;

impl CursorShown {
    fn new() -> CursorShown {
        crate::interrupt::asking();
        CursorShown
    }
}

impl Drop for CursorShown {
    fn drop(&mut self) {
        let _ = console::Term::stderr().show_cursor();
    }
}

/// The width stdout is to fit (see [`Ui::width`]), before a `Ui` is made.
pub(crate) fn stdout_width() -> Option<usize> {
    width(terminal_size::terminal_size_of(std::io::stdout()))
}

/// The rows to fit on stdout: its terminal's (`terminal`, when it is
/// one), else a positive LINES.
fn height(terminal: Option<(terminal_size::Width, terminal_size::Height)>) -> Option<usize> {
    if let Some((_, terminal_size::Height(h))) = terminal {
        return Some(usize::from(h));
    }
    let lines = std::env::var("LINES").ok()?.trim().parse::<usize>().ok()?;
    (lines > 0).then_some(lines)
}

/// A prompt that could not be answered: a terminal gone.
fn prompt_failed(e: std::io::Error) -> Error {
    if e.kind() == std::io::ErrorKind::Interrupted {
        cancelled()
    } else {
        Error::data(format!("cannot ask on the terminal: {e}"))
    }
}

/// The answer given, or the question cancelled.
fn given<T>(answer: Answer<T>) -> Result<T> {
    match answer {
        Answer::Given(value) => Ok(value),
        Answer::Escaped | Answer::Cancelled => Err(cancelled()),
    }
}

/// The person backed out of a prompt.
fn cancelled() -> Error {
    Error::data(CANCELLED)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_are_made_visible_and_line_breaks_kept() {
        assert_eq!(
            visible("a\u{1b}]0;pwned\u{7}\u{1b}[2J\nb\tc"),
            "a\\u{1b}]0;pwned\\u{7}\\u{1b}[2J\nb\\u{9}c"
        );
        assert_eq!(visible("x\u{202e}y\r"), "x\\u{202e}y\\u{d}");
        assert_eq!(visible("Zoë 7♦ → ok"), "Zoë 7♦ → ok");
    }

    #[test]
    fn words_wrap_whole_and_long_ones_break_after_a_hyphen() {
        assert_eq!(wrap_to("a bb ccc dddd", 2, 6), "a bb\n  ccc\n  dddd");
        // Each line of the text on its own, and colour codes take no room.
        assert_eq!(wrap_to("\u{1b}[1mab\u{1b}[0m cd\nef gh", 0, 5), "\u{1b}[1mab\u{1b}[0m cd\nef gh");
        assert_eq!(wrap_to("名前 名前", 0, 4), "名前\n名前");
        assert_eq!(wrap_to("see the-longest-evening-of-all", 2, 16), "see the-longest-\n  evening-of-all");
        assert_eq!(wrap_to("see /a/long/path/to/a/file.toml", 0, 12), "see /a/long/\npath/to/a/\nfile.toml");
        // Nowhere to break: whole, past the edge.
        assert_eq!(wrap_to("a Featherstonehaugh", 2, 10), "a\n  Featherstonehaugh");
    }

    #[test]
    fn a_long_prompt_leaves_its_last_line_to_the_question() {
        let question =
            "Who declared out with a hand that does not meld (+20 each)? Space marks, Enter goes on";
        let (lead, last) = prompt_lines(question, Some(40), MENU_ROOM);
        assert_eq!(lead, ["Who declared out with a hand that does", "  not meld (+20 each)? Space marks,"]);
        assert_eq!(last, "  Enter goes on");
        for width in [40, 60, 80, 120] {
            for room in [MENU_ROOM, CONFIRM_ROOM, INPUT_ROOM] {
                let (lead, last) = prompt_lines(question, Some(width), room);
                assert!(lead.iter().all(|l| display_width(l) <= width), "{lead:?}");
                assert!(display_width(&last) + room <= width, "{last:?} at {width}");
                let joined = format!("{} {last}", lead.join(" "));
                assert_eq!(joined.split_whitespace().collect::<Vec<_>>().join(" "), question);
            }
        }
        // Fits: all of it is the prompt's own line.
        assert_eq!(
            prompt_lines("Save this round?", Some(40), CONFIRM_ROOM),
            (vec![], "Save this round?".into())
        );
        assert_eq!(prompt_lines(question, None, MENU_ROOM), (vec![], question.into()));
        // A word that leaves no room takes its line among the first.
        let (lead, last) = prompt_lines("Remove Bartholomewcholmondeleysmythehay?", Some(40), CONFIRM_ROOM);
        assert_eq!(
            (lead, last.as_str()),
            (vec!["Remove".to_string(), "  Bartholomewcholmondeleysmythehay?".to_string()], "")
        );
    }

    #[test]
    fn menu_items_wrap_under_their_text() {
        let item = "strict: standard with every meld needing a natural card, and laying off allowed";
        assert_eq!(
            menu_item(item, Some(40), 2),
            "strict: standard with every meld\n    needing a natural card, and laying\n    off allowed"
        );
        assert_eq!(menu_item("Ann", Some(40), 6), "Ann");
        let prompt = crate::prompt::Prompt::new(Some(40));
        assert_eq!(
            prompt.answered("Rules", "strict: standard with every meld\n    needing a natural card"),
            "Rules: strict: standard with every meld\n  needing a natural card"
        );
    }
}
