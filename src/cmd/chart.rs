//! `three13 chart`: each player's running total as a line chart, in the
//! terminal or as an SVG file.

use std::io::Write;

use anstyle::{AnsiColor, Style};
use three13_core::sheet::Session;

use crate::cli::{ChartArgs, Cli};
use crate::error::{Error, Result};
use crate::ui::{Ui, display_width};

/// One mark per player, in seat order (at most 20 players).
const MARKS: [char; 20] =
    ['*', 'o', '+', 'x', '#', '@', '%', '&', '=', '~', '$', '?', '<', '>', '^', 'v', 'a', 'b', 'c', 'd'];
/// The terminal colours, in turn.
const COLOURS: [AnsiColor; 6] = [
    AnsiColor::Red,
    AnsiColor::Green,
    AnsiColor::Blue,
    AnsiColor::Magenta,
    AnsiColor::Cyan,
    AnsiColor::Yellow,
];
/// The SVG colours, in turn.
const SVG_COLOURS: [(u8, u8, u8); 10] = [
    (31, 119, 180),
    (255, 127, 14),
    (44, 160, 44),
    (214, 39, 40),
    (148, 103, 189),
    (140, 86, 75),
    (227, 119, 194),
    (127, 127, 127),
    (188, 189, 34),
    (23, 190, 207),
];
/// The plot's rows in the terminal.
const ROWS: usize = 12;

#[derive(Debug, serde::Serialize)]
struct ChartJson {
    session: String,
    /// The rounds played.
    rounds: usize,
    /// Each player's total before round 1 (0, or the starting total of a
    /// player who joined late) and after each round.
    totals: crate::report::Named<Vec<i32>>,
}

pub(crate) fn run(args: &ChartArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    let s = store.load(&name)?;
    let series = series(&s);
    if args.json {
        let json = ChartJson {
            session: s.name().to_string(),
            rounds: s.rounds().len(),
            totals: crate::report::Named(s.players().iter().cloned().zip(series).collect()),
        };
        writeln!(ui.out, "{}", serde_json::to_string_pretty(&json).expect("serialises"))?;
        return Ok(());
    }
    if s.rounds().is_empty() {
        return Err(Error::data(format!(
            "no round of {name} is recorded yet; the chart starts after round 1"
        )));
    }
    match &args.svg {
        Some(path) if path.as_os_str() == "-" => {
            ui.out.write_all(svg(&s, &series)?.as_bytes())?;
            return Ok(());
        }
        Some(path) => {
            store.write_output(path, &svg(&s, &series)?)?;
            ui.note(&format!("wrote {} (the running totals of {name})", path.display()));
            return Ok(());
        }
        None => {}
    }
    let text = terminal(ui, &s, &series);
    writeln!(ui.out, "{text}")?;
    Ok(())
}

/// Each player's running totals, starting from 0 before round 1 (a player
/// who joined late from their starting total).
fn series(s: &Session) -> Vec<Vec<i32>> {
    let board = s.scoreboard();
    (0..s.players().len())
        .map(|seat| {
            let mut line = vec![s.seats()[seat].start];
            line.extend((0..s.rounds().len()).map(|i| board.running(i)[seat]));
            line
        })
        .collect()
}

/// The chart in characters, fitting the width given (80 without one).
fn terminal(ui: &Ui, s: &Session, series: &[Vec<i32>]) -> String {
    let fancy = ui.unicode && ui.colours();
    let rounds = s.rounds().len();
    let low = series.iter().flatten().copied().min().unwrap_or(0);
    let high = series.iter().flatten().copied().max().unwrap_or(0);
    let labels = [high.to_string(), low.to_string(), "0".to_string()];
    let label_width = labels.iter().map(String::len).max().unwrap_or(1);
    let width = ui.width.unwrap_or(80);
    let plot = width.saturating_sub(label_width + 2).max(rounds + 1);
    let x = |i: usize| (i * (plot - 1)).checked_div(rounds).unwrap_or(0);
    let span = (high - low).max(1) as f64;
    let row = |v: f64| (((f64::from(high) - v) / span) * (ROWS - 1) as f64).round() as usize;
    let mut grid: Vec<Vec<Option<usize>>> = vec![vec![None; plot]; ROWS];
    for (seat, line) in series.iter().enumerate() {
        for i in 0..rounds {
            let (x0, x1) = (x(i), x(i + 1));
            let (v0, v1) = (f64::from(line[i]), f64::from(line[i + 1]));
            let mut prev = row(v0);
            for col in x0..=x1 {
                let t = if x1 == x0 { 1.0 } else { (col - x0) as f64 / (x1 - x0) as f64 };
                let r = row(v0 + (v1 - v0) * t);
                // A steep line fills the rows it passes in this column.
                let (from, to) = if r > prev { (prev + 1, r) } else { (r, prev.saturating_sub(1).max(r)) };
                for cell in &mut grid[from.min(to)..=to.max(from)] {
                    cell[col] = Some(seat);
                }
                grid[r][col] = Some(seat);
                prev = r;
            }
        }
    }
    let paint = |seat: usize| {
        let mark = MARKS[seat % MARKS.len()].to_string();
        if ui.colours() {
            ui.paint(Style::new().fg_color(Some(COLOURS[seat % COLOURS.len()].into())), &mark)
        } else {
            mark
        }
    };
    let (tick, bar, corner, rule) = if fancy { ('┤', '│', '└', '─') } else { ('+', '|', '+', '-') };
    let zero_row = row(0.0);
    let mut lines =
        vec![ui.bold(&ui.wrap(&format!("Running totals of {}, round by round (lowest wins)", s.name()), 2))];
    for (r, cells) in grid.iter().enumerate() {
        let label = if r == 0 {
            high.to_string()
        } else if r == ROWS - 1 {
            low.to_string()
        } else if r == zero_row {
            "0".to_string()
        } else {
            String::new()
        };
        let axis = if label.is_empty() { bar } else { tick };
        let body: String = cells.iter().map(|c| c.map_or(" ".to_string(), paint)).collect();
        lines.push(format!("{label:>label_width$} {axis}{}", body.trim_end()));
    }
    lines.push(format!("{} {corner}{}", " ".repeat(label_width), rule.to_string().repeat(plot)));
    // Round numbers under their columns, where they do not crowd.
    let mut axis = " ".repeat(label_width + 2);
    for i in 0..=rounds {
        let text = if i == 0 { "0".to_string() } else { i.to_string() };
        // The last number may sit a little left of its column, inside the width.
        let at = (label_width + 2 + x(i)).min(width.saturating_sub(text.len()));
        if at >= axis.len() + usize::from(i > 0) {
            axis.push_str(&" ".repeat(at - axis.len()));
            axis.push_str(&text);
        }
    }
    lines.push(axis);
    lines.push(format!("{}round", " ".repeat(label_width + 2)));
    let key: Vec<String> =
        s.players().iter().enumerate().map(|(seat, p)| format!("{} {p}", paint(seat))).collect();
    // Each mark stays with its name when the key wraps.
    let mut line = "Key:".to_string();
    for entry in key {
        if ui.width.is_some_and(|w| display_width(&line) + 2 + display_width(&entry) > w) && line.len() > 5 {
            lines.push(line);
            line = "    ".to_string();
        }
        line.push_str("  ");
        line.push_str(&entry);
    }
    lines.push(line);
    let text = lines.join("\n");
    debug_assert!(
        ui.width.is_none_or(|w| text.lines().all(|l| display_width(l) <= w.max(rounds + label_width + 3)))
    );
    text
}

/// The chart as an SVG document, drawn by plotters.
fn svg(s: &Session, series: &[Vec<i32>]) -> Result<String> {
    use plotters::prelude::*;
    let rounds = s.rounds().len();
    let low = series.iter().flatten().copied().min().unwrap_or(0);
    let high = series.iter().flatten().copied().max().unwrap_or(0).max(low + 1);
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (800, 500)).into_drawing_area();
        let failed = |e: &dyn std::fmt::Display| Error::data(format!("cannot draw the chart: {e}"));
        root.fill(&WHITE).map_err(|e| failed(&e))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("Running totals of {}", s.name()), ("sans-serif", 22))
            .margin(16)
            .x_label_area_size(36)
            .y_label_area_size(48)
            .build_cartesian_2d(0..rounds, low..high)
            .map_err(|e| failed(&e))?;
        chart
            .configure_mesh()
            .x_desc("round")
            .y_desc("total (lowest wins)")
            .x_labels(rounds + 1)
            .draw()
            .map_err(|e| failed(&e))?;
        for (seat, line) in series.iter().enumerate() {
            let (r, g, b) = SVG_COLOURS[seat % SVG_COLOURS.len()];
            let colour = RGBColor(r, g, b);
            chart
                .draw_series(LineSeries::new(
                    line.iter().enumerate().map(|(i, &v)| (i, v)),
                    colour.stroke_width(2),
                ))
                .map_err(|e| failed(&e))?
                .label(s.players()[seat].as_str())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2)));
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperLeft)
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(|e| failed(&e))?;
        root.present().map_err(|e| failed(&e))?;
    }
    Ok(text)
}
