//! The race as a picture: each player's running total, round by round, as
//! an SVG line chart (`chart --svg`, and the pages of `serve`).

use three13_core::sheet::Session;

use crate::error::{Error, Result};

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
/// Each player's running totals, starting from 0 before round 1 (a player
/// who joined late from their starting total).
pub(crate) fn series(s: &Session) -> Vec<Vec<i32>> {
    let board = s.scoreboard();
    (0..s.players().len())
        .map(|seat| {
            let mut line = vec![s.seats()[seat].start];
            line.extend((0..s.rounds().len()).map(|i| board.running(i)[seat]));
            line
        })
        .collect()
}

/// The chart as an SVG document, drawn by plotters.
pub(crate) fn svg(s: &Session, series: &[Vec<i32>]) -> Result<String> {
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
