//! A season as a person reads it (fitting the width, one table after
//! another), as CSV for a spreadsheet, and its ratings as an SVG chart.

use crate::app::league::Season;
use crate::error::{Error, Result};
use crate::fit::{Grid, Record};
use crate::ui::Ui;
use three13_core::league::{Evening, Feat, League, PointsTable, Rating, Standing, number};
use three13_core::rules::Game;

/// Points as shown: `5`, `4.5`.
fn pts(x: f64) -> String {
    number(x)
}

pub(crate) fn text(ui: &Ui, season: &Season, league: &League, other: usize) -> String {
    let mut out: Vec<String> = Vec::new();
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let dates = format!("{} to {}", season.since, season.until);
    let heading = if season.name == dates {
        format!("Season {dates}: {}, {}", season.game, plural(league.games, "finished game"))
    } else {
        format!("Season {}: {}, {}, {dates}", season.name, season.game, plural(league.games, "finished game"))
    };
    out.push(ui.bold(&ui.wrap(&heading, 2)));
    let table = PointsTable::parse(&season.points).unwrap_or_default();
    out.push(ui.wrap(&format!("Points: {}", table.summary()), 2));
    if other > 0 {
        let (word, flag) = if season.game == Game::FiveCrowns.name() {
            ("Three Thirteen", "three-thirteen")
        } else {
            ("Five Crowns", "five-crowns")
        };
        out.push(ui.wrap(
            &format!("{} of {word} in these dates counted apart: --game {flag}.", plural(other, "game")),
            2,
        ));
    }
    if league.games == 0 {
        out.push(
            ui.wrap("No finished game in this season yet; a game counts once its last round is recorded.", 0),
        );
        return out.join("\n");
    }
    out.push(String::new());
    out.push(ui.bold("Standings"));
    if league.standings.is_empty() {
        // Everyone is a guest: the guests' table below is the whole field.
        out.push(ui.wrap(&season.all_guests(), 0));
    } else {
        out.push(standings(ui, &league.standings));
    }
    if !league.guests.is_empty() {
        out.push(String::new());
        let why = if season.members.is_empty() {
            format!("Guests (fewer than {}):", plural(season.min_games, "game"))
        } else {
            "Guests (not members):".to_string()
        };
        out.push(ui.bold(&why));
        out.push(standings(ui, &league.guests));
    }
    out.push(String::new());
    out.push(ui.bold(&ui.wrap(
        &format!("Ratings (Weng-Lin; shown as mu - 3 sigma after {})", plural(season.min_games, "game")),
        2,
    )));
    out.push(ratings(ui, &league.ratings));
    out.push(String::new());
    out.push(ui.bold("Records"));
    for line in records(league) {
        out.push(ui.wrap(&line, 2));
    }
    out.push(String::new());
    out.push(ui.bold("Evenings"));
    out.push(evenings(ui, league));
    out.join("\n")
}

fn standings(ui: &Ui, list: &[Standing]) -> String {
    let places = shared_places(list);
    let mut grid = Grid::new(["Place", "Player", "Points", "Games", "Wins", "Avg place", "Last 5", "Out"]);
    grid.right([0, 2, 3, 4, 5, 6, 7]);
    for (s, place) in list.iter().zip(&places) {
        grid.row(vec![
            place.to_string(),
            s.name.clone(),
            pts(s.points),
            s.games.to_string(),
            s.wins.to_string(),
            format!("{:.1}", s.average_place),
            format!("{:.1}", s.rolling),
            s.rounds_out.to_string(),
        ]);
    }
    let records = || {
        let list: Vec<Record> = list
            .iter()
            .zip(&places)
            .map(|(s, place)| {
                Record::new(format!("{place}. {}", s.name))
                    .field("Points", pts(s.points))
                    .field("Games", s.games.to_string())
                    .field("Wins", s.wins.to_string())
                    .field("Avg place", format!("{:.1}", s.average_place))
                    .field("Last 5", format!("{:.1}", s.rolling))
                    .field("Out", s.rounds_out.to_string())
            })
            .collect();
        ui.records(&list)
    };
    ui.table_or_records(|wrap| ui.grid(&grid, wrap), records)
}

/// Places in the standings: players level on points and wins share one.
fn shared_places(list: &[Standing]) -> Vec<usize> {
    (0..list.len())
        .map(|i| {
            1 + list
                .iter()
                .filter(|o| {
                    o.points > list[i].points || (o.points == list[i].points && o.wins > list[i].wins)
                })
                .count()
        })
        .collect()
}

fn ratings(ui: &Ui, list: &[Rating]) -> String {
    let shown = |r: &Rating| r.display.map_or("-".to_string(), |d| format!("{d:.1}"));
    let mut grid = Grid::new(["Player", "Rating", "mu", "sigma", "Games"]);
    grid.right([1, 2, 3, 4]);
    for r in list {
        grid.row(vec![
            r.name.clone(),
            shown(r),
            format!("{:.1}", r.mu),
            format!("{:.1}", r.sigma),
            r.games.to_string(),
        ]);
    }
    let records = || {
        let list: Vec<Record> = list
            .iter()
            .map(|r| {
                Record::new(r.name.clone())
                    .field("Rating", shown(r))
                    .field("mu", format!("{:.1}", r.mu))
                    .field("sigma", format!("{:.1}", r.sigma))
                    .field("Games", r.games.to_string())
            })
            .collect();
        ui.records(&list)
    };
    ui.table_or_records(|wrap| ui.grid(&grid, wrap), records)
}

/// Each record of the season as a sentence.
pub(crate) fn records(league: &League) -> Vec<String> {
    let r = &league.records;
    let mut lines = Vec::new();
    let total = |f: &Feat| f.value as i64;
    if let Some(f) = &r.best_game {
        lines.push(format!("Best game: {}, {} in {}", f.name, total(f), f.session));
    }
    if let Some(f) = &r.worst_game {
        lines.push(format!("Worst game: {}, {} in {}", f.name, total(f), f.session));
    }
    if let Some(f) = &r.longest_streak {
        let games = if f.value == 1.0 { "1 game".to_string() } else { format!("{} games", total(f)) };
        let span = match &f.until {
            Some(until) if *until != f.session => format!("{} to {until}", f.session),
            _ => f.session.clone(),
        };
        lines.push(format!("Longest winning streak: {}, {games} won in a row ({span})", f.name));
    }
    if let Some(f) = &r.best_round {
        lines.push(format!(
            "Best round: {}, {} points under the table's average in round {} of {}",
            f.name,
            pts(f.value),
            f.round.unwrap_or(0),
            f.session
        ));
    }
    if let Some(f) = &r.most_out {
        lines.push(format!("Most rounds gone out first: {}, {}", f.name, total(f)));
    }
    if let Some(f) = &r.most_improved {
        lines.push(format!(
            "Most improved: {}, average total {} lower in the second half of their games than the first",
            f.name,
            pts(f.value)
        ));
    }
    if lines.is_empty() {
        lines.push("None yet.".to_string());
    }
    lines
}

fn evenings(ui: &Ui, league: &League) -> String {
    let mut grid = Grid::new(["Evening", "Games", "Most points", "Leader after"]);
    grid.right([1]);
    let best = |e: &Evening| {
        let top = e.earned.first().map_or(0.0, |x| x.points);
        let names: Vec<&str> = e.earned.iter().filter(|x| x.points == top).map(|x| x.name.as_str()).collect();
        format!("{} {}", super::and_list(&names), pts(top))
    };
    let leader =
        |e: &Evening| e.standings.first().map_or(String::new(), |s| format!("{} {}", s.name, pts(s.points)));
    for e in &league.evenings {
        grid.row(vec![e.date.to_string(), e.sessions.len().to_string(), best(e), leader(e)]);
    }
    let records = || {
        let list: Vec<Record> = league
            .evenings
            .iter()
            .map(|e| {
                Record::new(e.date.to_string())
                    .field("Games", e.sessions.len().to_string())
                    .field("Most points", best(e))
                    .field("Leader after", leader(e))
            })
            .collect();
        ui.records(&list)
    };
    ui.table_or_records(|wrap| ui.grid(&grid, wrap), records)
}

/// One row per player, members then guests: the standings and the rating.
pub(crate) fn csv(league: &League) -> String {
    let mut out = String::from(
        "place,name,guest,points,games,wins,average_place,average_total,rolling,rounds_out,mu,sigma,rating\n",
    );
    for (list, guest) in [(&league.standings, false), (&league.guests, true)] {
        for (s, place) in list.iter().zip(shared_places(list)) {
            let rating = league.ratings.iter().find(|r| r.name == s.name);
            let fields = [
                place.to_string(),
                s.name.clone(),
                guest.to_string(),
                pts(s.points),
                s.games.to_string(),
                s.wins.to_string(),
                format!("{:.1}", s.average_place),
                format!("{:.1}", s.average_total),
                format!("{:.1}", s.rolling),
                s.rounds_out.to_string(),
                rating.map_or(String::new(), |r| format!("{:.2}", r.mu)),
                rating.map_or(String::new(), |r| format!("{:.2}", r.sigma)),
                rating.and_then(|r| r.display).map_or(String::new(), |d| format!("{d:.2}")),
            ];
            let fields: Vec<String> = fields.iter().map(|f| quoted(f)).collect();
            out.push_str(&fields.join(","));
            out.push('\n');
        }
    }
    out
}

/// A CSV field, quoted where it holds a comma, a quote or a line break.
fn quoted(field: &str) -> String {
    if field.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", field.replace('"', "\"\""))
    } else {
        field.to_string()
    }
}

/// The ratings over the season: each player's mu after each game they
/// played, by the game's number in the season.
pub(crate) fn svg(season: &Season, league: &League) -> Result<String> {
    use plotters::prelude::*;
    let games = league.history.len();
    let mut lines: Vec<(String, Vec<(usize, f64)>)> = Vec::new();
    for (i, step) in league.history.iter().enumerate() {
        for r in &step.ratings {
            match lines.iter_mut().find(|(n, _)| *n == r.name) {
                Some((_, points)) => points.push((i + 1, r.mu)),
                None => lines.push((r.name.clone(), vec![(0, 25.0), (i + 1, r.mu)])),
            }
        }
    }
    // A renamed player's line goes by their latest name.
    let (low, high) = lines
        .iter()
        .flat_map(|(_, p)| p.iter().map(|&(_, y)| y))
        .fold((25.0f64, 25.0f64), |(lo, hi), y| (lo.min(y), hi.max(y)));
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (800, 500)).into_drawing_area();
        let failed = |e: &dyn std::fmt::Display| Error::data(format!("cannot draw the chart: {e}"));
        root.fill(&WHITE).map_err(|e| failed(&e))?;
        let title = format!("Ratings of season {} ({})", season.name, season.game);
        let title: String = if title.chars().count() > 70 {
            format!("{}…", title.chars().take(69).collect::<String>())
        } else {
            title
        };
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(16)
            .x_label_area_size(36)
            .y_label_area_size(48)
            .build_cartesian_2d(0..games.max(1), (low - 1.0).floor()..(high + 1.0).ceil())
            .map_err(|e| failed(&e))?;
        chart
            .configure_mesh()
            .x_desc("game of the season")
            .y_desc("rating (Weng-Lin mu)")
            .draw()
            .map_err(|e| failed(&e))?;
        for (i, (name, points)) in lines.iter().enumerate() {
            let (r, g, b) = super::chart::SVG_COLOURS[i % super::chart::SVG_COLOURS.len()];
            let colour = RGBColor(r, g, b);
            chart
                .draw_series(LineSeries::new(points.iter().copied(), colour.stroke_width(2)))
                .map_err(|e| failed(&e))?
                .label(name.clone())
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
