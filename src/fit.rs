//! Fitting reports to the width given: tables whose headers and cells wrap
//! between words, and, where no table fits, records one under another.
//! A word is never split to make room: a layout that would need it is not
//! taken, and the next, narrower one is tried.

use comfy_table::CellAlignment;

use crate::text::{display_width, wrap_to};
use crate::ui::Ui;

/// A space that keeps the words on either side on one line (`true *`),
/// shown as a plain space.
pub(crate) const KEEP: char = '\u{a0}';

/// A table's text before it is laid out: the header, the rows, and the
/// columns of numbers, aligned right.
#[derive(Debug, Clone, Default)]
pub(crate) struct Grid {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    right: Vec<usize>,
}

/// What a table may wrap to fit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Wrap {
    /// Nothing: every header and cell on one line.
    Nothing,
    /// The headers (`Avg place` over two lines); the cells stay whole.
    Headers,
    /// Headers and cells alike.
    Cells,
}

impl Grid {
    pub(crate) fn new<S: Into<String>>(header: impl IntoIterator<Item = S>) -> Grid {
        Grid { header: header.into_iter().map(Into::into).collect(), ..Grid::default() }
    }

    pub(crate) fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    /// Aligns these columns right.
    pub(crate) fn right(&mut self, columns: impl IntoIterator<Item = usize>) {
        self.right.extend(columns);
    }

    fn columns(&self) -> usize {
        self.rows.iter().map(Vec::len).chain([self.header.len()]).max().unwrap_or(0)
    }

    fn cell(&self, row: Option<usize>, column: usize) -> &str {
        let cells = match row {
            None => &self.header,
            Some(r) => &self.rows[r],
        };
        cells.get(column).map_or("", String::as_str)
    }
}

/// The widest line of `text`.
fn widest_line(text: &str) -> usize {
    text.lines().map(display_width).max().unwrap_or(0)
}

/// The widest word of `text`: the least a column holding it can take.
/// Words are parted by spaces only: a no-break space keeps two together.
fn widest_word(text: &str) -> usize {
    text.lines().flat_map(|l| l.split(' ')).map(display_width).max().unwrap_or(0)
}

/// The lines `text` takes wrapped to `width`.
fn height(text: &str, width: usize) -> usize {
    if text.is_empty() { 1 } else { wrap_to(text, 0, width).lines().count() }
}

impl Ui {
    /// The grid as a table that fits the width given, narrowed by wrapping
    /// what `wrap` allows between words; None when it cannot fit so.
    ///
    /// Columns are narrowed one column at a time, each time the one that
    /// adds the fewest lines to the table (the widest of those): a header
    /// over two lines costs one line, a name over two lines one a row.
    pub(crate) fn grid(&self, grid: &Grid, wrap: Wrap) -> Option<String> {
        let n = grid.columns();
        let rows: Vec<Option<usize>> = [None].into_iter().chain((0..grid.rows.len()).map(Some)).collect();
        let full: Vec<usize> =
            (0..n).map(|c| rows.iter().map(|&r| widest_line(grid.cell(r, c))).max().unwrap_or(0)).collect();
        let least: Vec<usize> = (0..n)
            .map(|c| {
                rows.iter()
                    .map(|&r| {
                        let text = grid.cell(r, c);
                        match (wrap, r) {
                            (Wrap::Nothing, _) | (Wrap::Headers, Some(_)) => widest_line(text),
                            _ => widest_word(text),
                        }
                    })
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        let mut widths = full.clone();
        if let Some(width) = self.width {
            // Each column takes its padding and one border; the table one more.
            let room = width.saturating_sub(3 * n + 1);
            let mut lines: Vec<Vec<usize>> =
                rows.iter().map(|&r| (0..n).map(|c| height(grid.cell(r, c), widths[c])).collect()).collect();
            while widths.iter().sum::<usize>() > room {
                // The table's lines with column `c`'s cells taking `with`.
                let total = |c: usize, with: &[usize]| -> usize {
                    lines
                        .iter()
                        .zip(with)
                        .map(|(row, &h)| {
                            row.iter()
                                .enumerate()
                                .map(|(k, &l)| if k == c { h } else { l })
                                .max()
                                .unwrap_or(1)
                        })
                        .sum()
                };
                let (c, narrower) = (0..n)
                    .filter(|&c| widths[c] > least[c])
                    .map(|c| {
                        let narrower: Vec<usize> =
                            rows.iter().map(|&r| height(grid.cell(r, c), widths[c] - 1)).collect();
                        ((total(c, &narrower), std::cmp::Reverse(widths[c])), (c, narrower))
                    })
                    .min_by(|a, b| a.0.cmp(&b.0))
                    .map(|(_, chosen)| chosen)?;
                widths[c] -= 1;
                for (row, h) in lines.iter_mut().zip(narrower) {
                    row[c] = h;
                }
            }
        }
        let mut t = self.table();
        let wrapped = |r: Option<usize>| -> Vec<String> {
            (0..n)
                .map(|c| {
                    let text = grid.cell(r, c);
                    let text = if widest_line(text) <= widths[c] {
                        text.to_string()
                    } else {
                        wrap_to(text, 0, widths[c])
                    };
                    text.replace(KEEP, " ")
                })
                .collect()
        };
        t.set_header(wrapped(None));
        for r in 0..grid.rows.len() {
            t.add_row(wrapped(Some(r)));
        }
        for &c in &grid.right {
            if let Some(column) = t.column_mut(c) {
                column.set_cell_alignment(CellAlignment::Right);
            }
        }
        let text = t.to_string();
        self.fits(&text).then_some(text)
    }

    /// The first of `table`'s layouts that fits, wrapping nothing, then
    /// the headers; one with its cells wrapped only if it is no taller than
    /// the `records` of the same; else those records.
    pub(crate) fn table_or_records(
        &self,
        table: impl Fn(Wrap) -> Option<String>,
        records: impl FnOnce() -> String,
    ) -> String {
        if let Some(text) = table(Wrap::Nothing).or_else(|| table(Wrap::Headers)) {
            return text;
        }
        let records = records();
        match table(Wrap::Cells) {
            Some(text) if text.lines().count() <= records.lines().count() => text,
            _ => records,
        }
    }

    /// Records one under another, for a screen too narrow for their table:
    /// each record's title, then its fields (`Label: value`) as many to a
    /// line as fit, a blank line between records. A field longer than a
    /// line wraps between words, its later lines indented.
    pub(crate) fn records(&self, records: &[Record]) -> String {
        let width = self.width.unwrap_or(usize::MAX);
        let mut out: Vec<String> = Vec::new();
        for (i, record) in records.iter().enumerate() {
            if i > 0 {
                out.push(String::new());
            }
            out.push(wrap_to(&record.title, 2, width));
            let mut line = String::new();
            for (label, value) in &record.fields {
                let field = if label.is_empty() { value.clone() } else { format!("{label}: {value}") };
                let joined = format!("{line}  {field}");
                if !line.is_empty() && display_width(&joined) <= width {
                    line = joined;
                    continue;
                }
                if !line.is_empty() {
                    out.push(std::mem::take(&mut line));
                }
                line = wrap_to(&format!("  {field}"), 4, width);
                // A field over several lines has them to itself.
                if line.contains('\n') {
                    out.push(std::mem::take(&mut line));
                }
            }
            if !line.is_empty() {
                out.push(line);
            }
        }
        out.join("\n").replace(KEEP, " ")
    }
}

/// One record of [`Ui::records`]: a title, and its fields as label and
/// value (a field without a label is shown as its value alone).
#[derive(Debug, Clone)]
pub(crate) struct Record {
    pub(crate) title: String,
    pub(crate) fields: Vec<(String, String)>,
}

impl Record {
    pub(crate) fn new(title: impl Into<String>) -> Record {
        Record { title: title.into(), fields: Vec::new() }
    }

    pub(crate) fn field(mut self, label: &str, value: impl Into<String>) -> Record {
        self.fields.push((label.to_string(), value.into()));
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Grid {
        let mut grid = Grid::new(["Player", "Avg place", "Won by"]);
        grid.right([1]);
        grid.row(vec!["Annabelle Featherstonehaugh".into(), "1.5".into(), "Ann and Bob".into()]);
        grid.row(vec!["Bob".into(), "12.0".into(), format!("Ann{KEEP}*")]);
        grid
    }

    #[test]
    fn a_table_wraps_its_headers_then_its_cells_between_words() {
        let at = |width: usize, wrap: Wrap| Ui::plain(Some(width)).grid(&grid(), wrap);
        let whole = "\
| Player                      | Avg place | Won by      |
|-----------------------------|-----------|-------------|
| Annabelle Featherstonehaugh |       1.5 | Ann and Bob |
| Bob                         |      12.0 | Ann *       |";
        assert_eq!(at(57, Wrap::Nothing).as_deref(), Some(whole));
        assert_eq!(Ui::plain(None).grid(&grid(), Wrap::Nothing).as_deref(), Some(whole));
        assert_eq!(at(56, Wrap::Nothing), None);
        assert_eq!(
            at(56, Wrap::Headers).as_deref(),
            Some(
                "\
| Player                      |   Avg | Won by      |
|                             | place |             |
|-----------------------------|-------|-------------|
| Annabelle Featherstonehaugh |   1.5 | Ann and Bob |
| Bob                         |  12.0 | Ann *       |"
            )
        );
        assert_eq!(at(52, Wrap::Headers), None);
        // A row that takes two lines anyway takes the next wrapping free.
        assert_eq!(
            at(44, Wrap::Cells).as_deref(),
            Some(
                "\
| Player            | Avg place | Won by  |
|-------------------|-----------|---------|
| Annabelle         |       1.5 | Ann and |
| Featherstonehaugh |           | Bob     |
| Bob               |      12.0 | Ann *   |"
            )
        );
        // Narrower would split a word: no table.
        assert_eq!(at(36, Wrap::Cells), None);
    }

    #[test]
    fn records_pack_their_fields_to_the_width() {
        let records = [
            Record::new("Annabelle Featherstonehaugh")
                .field("Games", "2")
                .field("Wins", "1")
                .field("Won by", "Ann and Bob"),
            Record::new("Bob").field("", "(damaged: does not load)"),
        ];
        assert_eq!(
            Ui::plain(Some(24)).records(&records),
            "Annabelle\n  Featherstonehaugh\n  Games: 2  Wins: 1\n  Won by: Ann and Bob\n\nBob\n  (damaged: does not\n    load)"
        );
        assert_eq!(
            Ui::plain(Some(20)).records(&records[..1]),
            "Annabelle\n  Featherstonehaugh\n  Games: 2  Wins: 1\n  Won by: Ann and\n    Bob"
        );
    }
}
