//! The race: each player's running total, round by round, drawn as the
//! table saw it. A player who joined late starts at the round they joined,
//! from their starting total; one who left stops at their last round; the
//! winner is named, with the tiebreak that decided a tie. The same figures
//! go to the terminal (characters that fit the screen), to an SVG file and
//! to scripts.

use anstyle::{AnsiColor, Style};
use three13_core::sheet::Session;

use super::Named;
use crate::error::{Error, Result};
use crate::text::display_width;
use crate::ui::Ui;

/// One mark per player, in seat order (at most 20 players).
const MARKS: [char; 20] =
    ['*', 'o', '+', 'x', '@', '%', '&', '=', '~', '$', '?', '<', '>', '^', 'v', 'a', 'b', 'c', 'd', 'e'];
/// The mark of a place two lines or more pass through.
const SHARED: char = '#';
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
pub(crate) const SVG_COLOURS: [(u8, u8, u8); 10] = [
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
/// The rows of the plot in the terminal: as many as the screen's height
/// leaves once the rest of the chart (and the shell's prompt) is shown,
/// within these bounds; `DEFAULT_ROWS` when the height is not known.
const MIN_ROWS: usize = 8;
const MAX_ROWS: usize = 40;
const DEFAULT_ROWS: usize = 12;

/// The figures of the chart: every player's totals over the rounds they
/// played, and how the game ended.
#[derive(Debug)]
pub(crate) struct Race {
    pub(crate) session: String,
    /// The rounds of the rules recorded.
    pub(crate) rounds: usize,
    pub(crate) series: Vec<Series>,
    /// The seats that won, once the game is over.
    pub(crate) winners: Vec<usize>,
    /// How the game ended, as the table says it, in plain text; none while
    /// it goes on.
    pub(crate) ending: Option<String>,
    /// The same, as the terminal shows it (wrapped, and coloured there).
    ending_shown: Option<String>,
}

/// One player's line.
#[derive(Debug)]
pub(crate) struct Series {
    pub(crate) player: String,
    /// `(round, total)`: the total before the first round played (round 0,
    /// or the round after which a late player joined, at their starting
    /// total), then after each round they played.
    pub(crate) points: Vec<(usize, i32)>,
    /// The rounds the player missed between leaving and coming back,
    /// scored by their rule for rounds missed.
    pub(crate) away: Vec<usize>,
}

/// The chart for scripts: `three13 chart --json`.
#[derive(Debug, serde::Serialize)]
pub(crate) struct RaceJson {
    session: String,
    /// The rounds of the rules recorded.
    rounds: usize,
    /// Each player's totals over the rounds they played: before the first
    /// (round 0, or the round after which they joined, at their starting
    /// total), then after each round, up to their last.
    series: Named<Vec<PointJson>>,
    /// Once the game is over, who won (after any tiebreak).
    winners: Vec<String>,
    /// How the game ended, as the table says it.
    ending: Option<String>,
}

#[derive(Debug, serde::Serialize)]
struct PointJson {
    round: usize,
    total: i32,
    /// A round the player missed, scored by their rule for rounds missed.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    away: bool,
}

impl Race {
    /// The chart's figures of `s`; `ui` shows the ending as the table does.
    pub(crate) fn new(s: &Session, ui: &Ui) -> Race {
        let board = s.scoreboard();
        let rounds = s.rounds().len();
        let series = (0..s.players().len())
            .map(|seat| {
                let joined = s.seats()[seat].joined.min(rounds);
                let last = s.seats()[seat].left.unwrap_or(rounds).min(rounds);
                let mut points = vec![(joined, board.starts()[seat])];
                points.extend((joined + 1..=last).map(|r| (r, board.running(r - 1)[seat])));
                let away = (joined + 1..=last).filter(|&r| s.seats()[seat].missed_round(r)).collect();
                Series { player: s.players()[seat].clone(), points, away }
            })
            .collect();
        let ending = |ui: &Ui| board.finished().then(|| super::table::ending(ui, s, &board).pop()).flatten();
        Race {
            session: s.name().to_string(),
            rounds,
            series,
            winners: board.winners(),
            ending: ending(&Ui::plain(None)),
            ending_shown: ending(ui),
        }
    }

    pub(crate) fn json(&self) -> RaceJson {
        RaceJson {
            session: self.session.clone(),
            rounds: self.rounds,
            series: Named(
                self.series
                    .iter()
                    .map(|line| {
                        let points = line
                            .points
                            .iter()
                            .map(|&(round, total)| PointJson {
                                round,
                                total,
                                away: line.away.contains(&round),
                            })
                            .collect();
                        (line.player.clone(), points)
                    })
                    .collect(),
            ),
            winners: self.winners.iter().map(|&w| self.series[w].player.clone()).collect(),
            ending: self.ending.clone(),
        }
    }

    fn low(&self) -> i32 {
        self.series.iter().flat_map(|l| l.points.iter().map(|p| p.1)).min().unwrap_or(0).min(0)
    }

    fn high(&self) -> i32 {
        self.series.iter().flat_map(|l| l.points.iter().map(|p| p.1)).max().unwrap_or(0).max(0)
    }

    /// A player's name as the key gives it: `Ann (won)` for a winner.
    fn named(&self, seat: usize) -> String {
        let player = &self.series[seat].player;
        if self.winners.contains(&seat) { format!("{player} (won)") } else { player.clone() }
    }
}

/// The values labelled up the side of a plot from `low` to `high` over
/// `rows` rows: the lowest and the highest, 0, and round numbers between
/// (steps of 1, 2 or 5 times a power of ten, the least that leaves a row
/// between two labels), each on its row and none on a row next to
/// another's.
fn labels(low: i32, high: i32, rows: usize, row: impl Fn(i32) -> usize) -> Vec<(usize, i32)> {
    let span = i64::from(high) - i64::from(low);
    let gaps = rows.saturating_sub(1).max(1) as i64;
    let least = ((2 * span + gaps - 1) / gaps).max(1);
    let step = (0..10)
        .flat_map(|power| [1, 2, 5].map(|m| m * 10_i64.pow(power)))
        .find(|&step| step >= least)
        .unwrap_or(least);
    let mut values = vec![high, low];
    if low <= 0 && 0 <= high {
        values.push(0);
    }
    let first = (i64::from(low) + step - 1).div_euclid(step) * step;
    values.extend((0..).map(|k| first + k * step).take_while(|&v| v <= i64::from(high)).map(|v| v as i32));
    let mut placed: Vec<(usize, i32)> = Vec::new();
    for v in values {
        let r = row(v);
        if placed.iter().all(|&(taken, _)| taken.abs_diff(r) > 1) {
            placed.push((r, v));
        }
    }
    placed.sort_unstable();
    placed
}

/// The chart in characters, fitting the width given (80 without one) and
/// the height given (see [`MIN_ROWS`]).
pub(crate) fn terminal(ui: &Ui, race: &Race, height: Option<usize>) -> String {
    let fancy = ui.unicode && ui.colours();
    let rounds = race.rounds;
    let (low, high) = (race.low(), race.high());
    let width = ui.width.unwrap_or(80);
    let n = race.series.len();
    let paint = |seat: usize| {
        let mark = MARKS[seat % MARKS.len()].to_string();
        if ui.colours() {
            ui.paint(Style::new().fg_color(Some(COLOURS[seat % COLOURS.len()].into())), &mark)
        } else {
            mark
        }
    };

    // What goes around the plot, made first: the plot takes the rows left.
    let title =
        ui.bold(&ui.wrap(&format!("Running totals of {}, round by round (lowest wins)", race.session), 2));
    // The label column: wide enough for any value labelled.
    let label_width = [low, high].iter().map(|v| v.to_string().len()).max().unwrap_or(1).max(2);
    let plot = width.saturating_sub(label_width + 2).max(rounds + 1);
    let x = |i: usize| (i * (plot - 1)).checked_div(rounds).unwrap_or(0);

    // The lines drawn first, to know where they share a place.
    let draw = |rows: usize| {
        let span = (high - low).max(1) as f64;
        let row = move |v: f64| (((f64::from(high) - v) / span) * (rows - 1) as f64).round() as usize;
        let mut grid: Vec<Vec<u32>> = vec![vec![0; plot]; rows];
        for (seat, line) in race.series.iter().enumerate() {
            let bit = 1u32 << seat;
            if let [(round, total)] = line.points[..] {
                grid[row(f64::from(total))][x(round)] |= bit;
            }
            for pair in line.points.windows(2) {
                let ((r0, v0), (r1, v1)) = (pair[0], pair[1]);
                let (x0, x1) = (x(r0), x(r1));
                let (v0, v1) = (f64::from(v0), f64::from(v1));
                let mut prev = row(v0);
                for col in x0..=x1 {
                    let t = if x1 == x0 { 1.0 } else { (col - x0) as f64 / (x1 - x0) as f64 };
                    let r = row(v0 + (v1 - v0) * t);
                    // A steep line fills the rows it passes in this column.
                    let (from, to) =
                        if r > prev { (prev + 1, r) } else { (r, prev.saturating_sub(1).max(r)) };
                    for cell in &mut grid[from.min(to)..=to.max(from)] {
                        cell[col] |= bit;
                    }
                    grid[r][col] |= bit;
                    prev = r;
                }
            }
        }
        (grid, row)
    };

    // The key: each mark and name, `#` where lines share a place, and a
    // player whose line is shared all along, said so.
    let key = |grid: &[Vec<u32>]| {
        let cells = grid.iter().flatten().copied().filter(|&c| c != 0);
        let shared: Vec<u32> = cells.clone().filter(|c| c.count_ones() > 1).collect();
        let mut entries: Vec<String> =
            (0..n).map(|seat| format!("{} {}", paint(seat), race.named(seat))).collect();
        if !shared.is_empty() {
            entries.push(format!("{SHARED} lines in one place"));
        }
        let mut notes = Vec::new();
        for seat in 0..n {
            let bit = 1u32 << seat;
            let own = cells.clone().any(|c| c == bit);
            let drawn = cells.clone().any(|c| c & bit != 0);
            if drawn && !own {
                // Those with it all along, else any it meets.
                let meets = shared.iter().filter(|&&c| c & bit != 0);
                let all_along = meets.clone().fold(u32::MAX, |a, &c| a & c) & !bit;
                let with = if all_along != 0 { all_along } else { meets.fold(0, |a, &c| a | c) & !bit };
                let others: Vec<&str> = (0..n)
                    .filter(|&s| with & (1 << s) != 0)
                    .map(|s| race.series[s].player.as_str())
                    .collect();
                notes.push(format!(
                    "{}'s line is all under {SHARED}, with {}",
                    race.series[seat].player,
                    super::and_list(&others)
                ));
            }
        }
        let mut lines = Vec::new();
        // Each mark stays with its name when the key wraps.
        let mut line = "Key:".to_string();
        for entry in entries {
            if ui.width.is_some_and(|w| display_width(&line) + 2 + display_width(&entry) > w)
                && line.len() > 5
            {
                lines.push(line);
                line = "    ".to_string();
            }
            line.push_str("  ");
            line.push_str(&entry);
        }
        lines.push(line);
        for note in notes {
            lines.push(ui.wrap(&format!("     {note}"), 5));
        }
        lines.join("\n")
    };

    let ending = race.ending_shown.clone();
    let around = |key: &str| {
        title.lines().count()
            + 3
            + key.lines().count()
            + ending.as_ref().map_or(0, |e| e.lines().count())
            // The shell's prompt, after.
            + 1
    };
    let rows_for = |key: &str| match height {
        Some(h) => h.saturating_sub(around(key)).clamp(MIN_ROWS, MAX_ROWS),
        None => DEFAULT_ROWS,
    };
    // The key depends on the rows only through where lines meet: drawn at
    // a first guess, then again at the rows the key leaves.
    let guess = draw(rows_for(&key(&draw(DEFAULT_ROWS).0)));
    let rows = rows_for(&key(&guess.0));
    let (grid, row) = draw(rows);
    let key = key(&grid);

    let labels = labels(low, high, rows, |v| row(f64::from(v)));
    let (tick, bar, corner, rule) = if fancy { ('┤', '│', '└', '─') } else { ('+', '|', '+', '-') };
    let mut lines = vec![title];
    for (r, cells) in grid.iter().enumerate() {
        let label = labels.iter().find(|&&(at, _)| at == r).map(|&(_, v)| v.to_string()).unwrap_or_default();
        let axis = if label.is_empty() { bar } else { tick };
        let body: String = cells
            .iter()
            .map(|&c| match c.count_ones() {
                0 => " ".to_string(),
                1 => paint(c.trailing_zeros() as usize),
                _ => SHARED.to_string(),
            })
            .collect();
        lines.push(format!("{label:>label_width$} {axis}{}", body.trim_end()));
    }
    lines.push(format!("{} {corner}{}", " ".repeat(label_width), rule.to_string().repeat(plot)));
    // Round numbers under their columns, where they do not crowd.
    let mut axis = " ".repeat(label_width + 2);
    for i in 0..=rounds {
        let text = i.to_string();
        // The last number may sit a little left of its column, inside the width.
        let at = (label_width + 2 + x(i)).min(width.saturating_sub(text.len()));
        if at >= axis.len() + usize::from(i > 0) {
            axis.push_str(&" ".repeat(at - axis.len()));
            axis.push_str(&text);
        }
    }
    lines.push(axis);
    lines.push(format!("{}round", " ".repeat(label_width + 2)));
    lines.push(key);
    if let Some(ending) = ending {
        lines.push(ending);
    }
    let text = lines.join("\n");
    debug_assert!(
        ui.width.is_none_or(|w| text.lines().all(|l| display_width(l) <= w.max(rounds + label_width + 3)))
    );
    text
}

/// The characters of the SVG title to a line: its text (about 15 px) in 800 px,
/// with room to spare for wide letters.
const TITLE_CHARS: usize = 88;

/// The chart as an SVG document, drawn by plotters: one line per player
/// through the rounds they played, a ring on each winner's last total,
/// and how the game ended under the title.
pub(crate) fn svg(race: &Race) -> Result<String> {
    svg_sized(race, &DESK)
}

/// The picture's size and its text: the desk's 800 × 500, or a phone's.
#[derive(Debug)]
pub(crate) struct Size {
    width: u32,
    height: u32,
    /// Characters of the title to a line.
    title_chars: usize,
    title_px: u32,
    /// The axes' and the key's text; `None` for plotters' own.
    label_px: Option<u32>,
}

const DESK: Size = Size { width: 800, height: 500, title_chars: TITLE_CHARS, title_px: 18, label_px: None };

/// A chart for a phone's screen, about 360 px across: fewer, larger
/// letters, drawn at the size it is shown.
pub(crate) const PHONE: Size =
    Size { width: 360, height: 440, title_chars: 34, title_px: 17, label_px: Some(15) };

/// The chart at `size`.
pub(crate) fn svg_sized(race: &Race, size: &Size) -> Result<String> {
    use plotters::prelude::*;
    use plotters::style::text_anchor::{HPos, Pos, VPos};
    let rounds = race.rounds;
    let low = race.low();
    let high = race.high().max(low + 1);
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (size.width, size.height)).into_drawing_area();
        let failed = |e: &dyn std::fmt::Display| Error::data(format!("cannot draw the chart: {e}"));
        root.fill(&WHITE).map_err(|e| failed(&e))?;
        let title = match &race.ending {
            Some(ending) => {
                format!("Running totals of {}: {}", race.session, ending.trim_start_matches("Game over: "))
            }
            None => format!("Running totals of {}", race.session),
        };
        // The title wrapped to the picture: about 80 characters of 18 px
        // text to a line of 800 px, each line centred above the plot.
        let lines: Vec<String> =
            crate::text::wrap_to(&title, 0, size.title_chars).lines().map(str::to_string).collect();
        let line_px = size.title_px + 6;
        let (top, body) = root.split_vertically(12 + line_px * lines.len() as u32);
        for (i, line) in lines.iter().enumerate() {
            let style = TextStyle::from(("sans-serif", size.title_px).into_font())
                .pos(Pos::new(HPos::Center, VPos::Top));
            top.draw(&Text::new(
                line.clone(),
                (size.width as i32 / 2, 10 + line_px as i32 * i as i32),
                style,
            ))
            .map_err(|e| failed(&e))?;
        }
        let mut chart = ChartBuilder::on(&body)
            .margin(16)
            .x_label_area_size(36)
            .y_label_area_size(48)
            .build_cartesian_2d(0..rounds.max(1), low..high)
            .map_err(|e| failed(&e))?;
        let mut mesh = chart.configure_mesh();
        mesh.x_desc("round").y_desc("total (lowest wins)").x_labels(rounds + 1);
        if let Some(px) = size.label_px {
            mesh.label_style(("sans-serif", px)).axis_desc_style(("sans-serif", px));
        }
        mesh.draw().map_err(|e| failed(&e))?;
        for (seat, line) in race.series.iter().enumerate() {
            let (r, g, b) = SVG_COLOURS[seat % SVG_COLOURS.len()];
            let colour = RGBColor(r, g, b);
            chart
                .draw_series(LineSeries::new(line.points.iter().copied(), colour.stroke_width(2)))
                .map_err(|e| failed(&e))?
                .label(race.named(seat))
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(2)));
            // A round missed: a hollow square on the total it left.
            let away: Vec<(usize, i32)> =
                line.points.iter().copied().filter(|(round, _)| line.away.contains(round)).collect();
            chart
                .draw_series(away.into_iter().map(|(x, y)| {
                    EmptyElement::at((x, y)) + Rectangle::new([(-4, -4), (4, 4)], colour.stroke_width(2))
                }))
                .map_err(|e| failed(&e))?;
            if race.winners.contains(&seat)
                && let Some(&last) = line.points.last()
            {
                chart
                    .draw_series(std::iter::once(Circle::new(last, 7, colour.stroke_width(2))))
                    .map_err(|e| failed(&e))?;
            }
        }
        let mut key = chart.configure_series_labels();
        key.position(SeriesLabelPosition::UpperLeft).background_style(WHITE.mix(0.8)).border_style(BLACK);
        if let Some(px) = size.label_px {
            key.label_font(("sans-serif", px));
        }
        key.draw().map_err(|e| failed(&e))?;
        root.present().map_err(|e| failed(&e))?;
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_side_is_labelled_at_round_values_apart() {
        // 0 to 100 over 12 rows: 0, 100, and steps of 20 or 25 between.
        let row = |v: i32| ((100 - v) as f64 / 100.0 * 11.0).round() as usize;
        let placed = labels(0, 100, 12, row);
        assert_eq!(placed, [(0, 100), (2, 80), (4, 60), (7, 40), (9, 20), (11, 0)]);
        // Labels never sit on rows next to each other.
        assert!(placed.windows(2).all(|w| w[1].0 - w[0].0 >= 2), "{placed:?}");
        // Below zero too.
        let row = |v: i32| ((30 - v) as f64 / 50.0 * 19.0).round() as usize;
        let placed: Vec<i32> = labels(-20, 30, 20, row).into_iter().map(|(_, v)| v).collect();
        assert_eq!(placed, [30, 20, 10, 0, -10, -20]);
    }
}
