//! The questions asked on the terminal: a yes or no, a menu, a list to
//! mark, a line of text. Each is drawn on stderr and read a key at a time;
//! Escape, Ctrl-C and Ctrl-D cancel any of them (an answer of None). Once
//! answered, the question is left on the screen with its answer, wrapped
//! to the width.
//!
//! The text given is laid out already: a menu's items wrapped to fit after
//! their marker, a question short enough to leave room for its answer
//! (see `ui`). Each question is drawn whole again after every key, from
//! its first line, so that nothing of an earlier drawing stays behind.

use std::io;

use console::{Key, Term};

use crate::text::{display_width, wrap_to};

/// Where a key that moves through a list of `len` items takes the
/// highlight from `chosen`: the arrows, j and k, Tab, Home and End.
fn moved(key: &Key, chosen: usize, len: usize) -> Option<usize> {
    match key {
        Key::ArrowDown | Key::Tab | Key::Char('j') => Some((chosen + 1) % len),
        Key::ArrowUp | Key::BackTab | Key::Char('k') => Some((chosen + len - 1) % len),
        Key::Home => Some(0),
        Key::End => Some(len - 1),
        _ => None,
    }
}

/// What a question reads and where it draws.
pub(crate) struct Prompt {
    term: Term,
    /// The columns of the terminal: to wrap the answer, and to know where
    /// typing runs past the edge.
    width: Option<usize>,
    /// The rows the last drawing took below its first line, and the row of
    /// the cursor among them.
    drawn: std::cell::Cell<(usize, usize)>,
}

/// How a question ended.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) enum Answer<T> {
    Given(T),
    /// Escape (or `q` at a menu).
    Escaped,
    /// Ctrl-C or Ctrl-D.
    Cancelled,
}

/// How a key ends any question, if it does: Escape, Ctrl-C (read as a
/// key, or as the signal it raises), Ctrl-D.
fn stops<T>(key: &io::Result<Key>) -> Option<Answer<T>> {
    match key {
        Err(e) if e.kind() == io::ErrorKind::Interrupted => Some(Answer::Cancelled),
        Ok(Key::CtrlC | Key::Char('\u{4}')) => Some(Answer::Cancelled),
        Ok(Key::Escape) => Some(Answer::Escaped),
        _ => None,
    }
}

/// A question ending in its own `?` or `:` gets no colon after it.
pub(crate) fn punctuated(prompt: &str) -> String {
    if prompt.is_empty() || prompt.ends_with(['?', ':']) { prompt.to_string() } else { format!("{prompt}:") }
}

impl Prompt {
    pub(crate) fn new(width: Option<usize>) -> Prompt {
        Prompt { term: Term::stderr(), width, drawn: std::cell::Cell::new((0, 0)) }
    }

    /// The columns to lay out for.
    fn columns(&self) -> usize {
        self.width.unwrap_or_else(|| usize::from(self.term.size().1)).max(1)
    }

    /// A question and its answer as they stay on the screen; a menu item's
    /// own line breaks are undone first.
    pub(crate) fn answered(&self, prompt: &str, answer: &str) -> String {
        let answer = answer.split('\n').map(str::trim).collect::<Vec<_>>().join(" ");
        let text = format!("{} {answer}", punctuated(prompt)).trim_end().to_string();
        match self.width {
            Some(width) => wrap_to(&text, 2, width),
            None => text,
        }
    }

    /// Back to the first line of the last drawing, which is cleared with
    /// all below it.
    fn clear(&self) -> io::Result<()> {
        let (_, cursor) = self.drawn.replace((0, 0));
        if cursor > 0 {
            self.term.write_str(&format!("\u{1b}[{cursor}A"))?;
        }
        self.term.write_str("\r\u{1b}[J")
    }

    /// Draws `lines` in place of the last drawing, the cursor left at the
    /// end of the last.
    fn draw(&self, lines: &[String]) -> io::Result<()> {
        self.clear()?;
        let text = lines.join("\n");
        self.term.write_str(&text)?;
        let rows = text.split('\n').count() - 1;
        self.drawn.set((rows, rows));
        self.term.flush()
    }

    /// Clears the question and leaves `answer` in its place, on a line of
    /// its own.
    fn finish(&self, answer: &str) -> io::Result<()> {
        self.clear()?;
        self.term.write_line(answer)?;
        self.term.show_cursor()?;
        self.term.flush()
    }

    /// Clears the question: cancelled, it leaves nothing.
    fn abandon(&self) -> io::Result<()> {
        self.clear()?;
        self.term.show_cursor()?;
        self.term.flush()
    }

    /// Yes or no: `y` or `n` shown, then Enter to answer (Enter alone for
    /// `default`), so that the Enter typed after the key is this
    /// question's and never falls through to the next one. Backspace takes
    /// the key back.
    pub(crate) fn confirm(&self, prompt: &str, default: bool) -> io::Result<Answer<bool>> {
        let choices = if default { "[Y/n]" } else { "[y/N]" };
        self.term.hide_cursor()?;
        let mut chosen: Option<bool> = None;
        loop {
            let typed = match chosen {
                Some(true) => "y",
                Some(false) => "n",
                None => "",
            };
            self.draw(&[format!("{prompt} {choices} {typed}")])?;
            let key = self.term.read_key();
            if let Some(stop) = stops(&key) {
                self.abandon()?;
                return Ok(stop);
            }
            match key? {
                Key::Char('y' | 'Y') => chosen = Some(true),
                Key::Char('n' | 'N') => chosen = Some(false),
                Key::Backspace | Key::Del => chosen = None,
                Key::Enter => {
                    let yes = chosen.unwrap_or(default);
                    self.finish(&self.answered(prompt, if yes { "yes" } else { "no" }))?;
                    return Ok(Answer::Given(yes));
                }
                Key::Char('q') => {
                    self.abandon()?;
                    return Ok(Answer::Escaped);
                }
                _ => {}
            }
        }
    }

    /// The first item of a menu to show, and how many, so that the one
    /// chosen is among them and they fit the terminal's rows.
    fn page(&self, items: &[String], chosen: usize) -> (usize, usize) {
        let rows = usize::from(self.term.size().0).max(4);
        let lines = |i: usize| items[i].split('\n').count();
        if items.iter().map(|i| i.split('\n').count()).sum::<usize>() < rows {
            return (0, items.len());
        }
        let room = rows - 2;
        let mut first = chosen;
        let mut used = lines(chosen);
        while first > 0 && used + lines(first - 1) <= room / 2 {
            first -= 1;
            used += lines(first);
        }
        let mut count = chosen - first + 1;
        while first + count < items.len() && used + lines(first + count) <= room {
            used += lines(first + count);
            count += 1;
        }
        while first > 0 && used + lines(first - 1) <= room {
            first -= 1;
            used += lines(first);
            count += 1;
        }
        (first, count)
    }

    /// The lines of a menu: the question, then each item shown behind its
    /// marker (`>` on the one chosen), a mark saying more are above or below.
    fn menu(
        &self,
        prompt: &str,
        items: &[String],
        chosen: usize,
        marker: impl Fn(usize) -> String,
    ) -> Vec<String> {
        let (first, count) = self.page(items, chosen);
        let question = punctuated(prompt);
        let mut lines = vec![if count < items.len() {
            let more = format!("({} of {}; more with the arrows)", chosen + 1, items.len());
            // On the question's last line where it fits, else on its own.
            let last = question.rsplit('\n').next().unwrap_or_default();
            if crate::text::display_width(last) + 1 + crate::text::display_width(&more) <= self.columns() {
                format!("{question} {more}")
            } else {
                crate::text::wrap_to(&format!("{question}\n  {more}"), 2, self.columns())
            }
        } else {
            question
        }];
        // The count on lines of its own leaves that much less room.
        let (mut first, mut count) = (first, count);
        let question_lines = punctuated(prompt).split('\n').count();
        for _ in question_lines..lines[0].split('\n').count() {
            if count <= 1 {
                break;
            }
            if first + count - 1 > chosen {
                count -= 1;
            } else {
                first += 1;
                count -= 1;
            }
        }
        for (i, item) in items.iter().enumerate().skip(first).take(count) {
            lines.push(format!("{}{item}", marker(i)));
        }
        lines
    }

    /// A menu: the arrows (or j, k, Tab) move, Enter or Space chooses.
    pub(crate) fn select(&self, prompt: &str, items: &[String], default: usize) -> io::Result<Answer<usize>> {
        let mut chosen = default.min(items.len().saturating_sub(1));
        self.term.hide_cursor()?;
        loop {
            let marker = |i: usize| if i == chosen { "> " } else { "  " }.to_string();
            self.draw(&self.menu(prompt, items, chosen, marker))?;
            let key = self.term.read_key();
            if let Some(stop) = stops(&key) {
                self.abandon()?;
                return Ok(stop);
            }
            let key = key?;
            if let Some(to) = moved(&key, chosen, items.len()) {
                chosen = to;
                continue;
            }
            match key {
                Key::Char('q') => {
                    self.abandon()?;
                    return Ok(Answer::Escaped);
                }
                Key::Enter | Key::Char(' ') => {
                    self.finish(&self.answered(prompt, &items[chosen]))?;
                    return Ok(Answer::Given(chosen));
                }
                _ => {}
            }
        }
    }

    /// A list to mark: Space marks or unmarks, `a` marks all (or none),
    /// Enter goes on. The items marked, in the order they were marked;
    /// with `numbered`, each shows its place in that order.
    pub(crate) fn multi_select(
        &self,
        prompt: &str,
        items: &[String],
        numbered: bool,
    ) -> io::Result<Answer<Vec<usize>>> {
        let mut chosen = 0;
        let mut marked: Vec<usize> = Vec::new();
        self.term.hide_cursor()?;
        loop {
            let marker = |i: usize| {
                let at = if i == chosen { ">" } else { " " };
                match marked.iter().position(|&m| m == i) {
                    Some(k) if numbered => format!("{at} [{}] ", k + 1),
                    Some(_) => format!("{at} [x] "),
                    None => format!("{at} [ ] "),
                }
            };
            self.draw(&self.menu(prompt, items, chosen, marker))?;
            let key = self.term.read_key();
            if let Some(stop) = stops(&key) {
                self.abandon()?;
                return Ok(stop);
            }
            let key = key?;
            if let Some(to) = moved(&key, chosen, items.len()) {
                chosen = to;
                continue;
            }
            match key {
                Key::Char(' ') => match marked.iter().position(|&m| m == chosen) {
                    Some(k) => {
                        marked.remove(k);
                    }
                    None => marked.push(chosen),
                },
                Key::Char('a') => {
                    if marked.len() == items.len() {
                        marked.clear();
                    } else {
                        marked.extend((0..items.len()).filter(|i| !marked.contains(i)).collect::<Vec<_>>());
                    }
                }
                Key::Char('q') => {
                    self.abandon()?;
                    return Ok(Answer::Escaped);
                }
                Key::Enter => {
                    let names: Vec<String> = marked
                        .iter()
                        .map(|&i| items[i].split('\n').map(str::trim).collect::<Vec<_>>().join(" "))
                        .collect();
                    self.finish(&self.answered(prompt, &names.join(", ")))?;
                    return Ok(Answer::Given(marked));
                }
                _ => {}
            }
        }
    }

    /// A line of text: typed, with Backspace, Delete, the arrows left and
    /// right, Home and End; `offered` is taken by Enter on an empty line;
    /// `up`, when given, is put in the line by the Up arrow. An empty line
    /// is taken only when `empty` allows it.
    pub(crate) fn input(
        &self,
        prompt: &str,
        offered: Option<&str>,
        empty: bool,
        up: Option<&str>,
    ) -> io::Result<Answer<String>> {
        let head = match offered {
            Some(offered) => format!("{} [{offered}] ", punctuated(prompt)),
            None => format!("{} ", punctuated(prompt)),
        };
        let mut typed: Vec<char> = Vec::new();
        let mut at = 0;
        loop {
            self.draw_line(&head, &typed, at)?;
            let key = self.term.read_key();
            if let Some(stop) = stops(&key) {
                self.abandon()?;
                return Ok(stop);
            }
            match key? {
                Key::Char(c) if !c.is_control() => {
                    typed.insert(at, c);
                    at += 1;
                }
                Key::Backspace if at > 0 => {
                    at -= 1;
                    typed.remove(at);
                }
                Key::Del if at < typed.len() => {
                    typed.remove(at);
                }
                Key::ArrowLeft if at > 0 => at -= 1,
                Key::ArrowRight if at < typed.len() => at += 1,
                Key::Home => at = 0,
                Key::End => at = typed.len(),
                Key::ArrowUp => {
                    if let Some(up) = up {
                        typed = up.chars().collect();
                        at = typed.len();
                    }
                }
                Key::Enter => {
                    let text: String = typed.iter().collect();
                    let answer = match offered {
                        Some(offered) if text.is_empty() => offered.to_string(),
                        _ => text,
                    };
                    if answer.is_empty() && !empty {
                        continue;
                    }
                    self.finish(&self.answered(prompt, &answer))?;
                    return Ok(Answer::Given(answer));
                }
                _ => {}
            }
        }
    }

    /// Draws a line being typed, which may run on past the edge, with the
    /// cursor at `at`.
    fn draw_line(&self, head: &str, typed: &[char], at: usize) -> io::Result<()> {
        self.clear()?;
        let text: String = typed.iter().collect();
        self.term.write_str(head)?;
        self.term.write_str(&text)?;
        let (last, row, column) = placed(head, typed, at, self.columns());
        if row < last {
            self.term.write_str(&format!("\u{1b}[{}A", last - row))?;
        }
        if at < typed.len() {
            self.term.write_str(&format!("\r\u{1b}[{}G", column + 1))?;
        }
        self.drawn.set((last, row));
        self.term.flush()
    }
}

/// Where a line being typed ends and where its cursor is, `columns` wide:
/// the last row it takes (from 0), and the row and column of the cursor
/// at `at`. A full last row keeps the cursor at its end until the next
/// character comes: its row is the one written on.
fn placed(head: &str, typed: &[char], at: usize, columns: usize) -> (usize, usize, usize) {
    let width = |chars: &[char]| display_width(&chars.iter().collect::<String>());
    let end = display_width(head) + width(typed);
    let last = end.saturating_sub(1) / columns;
    if at == typed.len() {
        return (last, last, 0);
    }
    let to = display_width(head) + width(&typed[..at]);
    (last, to / columns, to % columns)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_typed_past_the_edge_is_placed_row_by_row() {
        let typed: Vec<char> = "Friday Night At Annabelles 40".chars().collect();
        let head = "Session name: [2026-11-22] ";
        // 27 columns of question and 29 typed: two rows at 40 columns.
        assert_eq!(placed(head, &typed, typed.len(), 40).0, 1);
        // The cursor on the first row, back at the start of the typing.
        assert_eq!(placed(head, &typed, 0, 40), (1, 0, 27));
        assert_eq!(placed(head, &typed, 20, 40), (1, 1, 7));
        // A row filled to the edge: the cursor stays on it.
        assert_eq!(placed("12345", &typed[..5], 5, 10), (0, 0, 0));
        assert_eq!(placed("", &[], 0, 10), (0, 0, 0));
    }
}
