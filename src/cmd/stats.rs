//! `three13 stats`: players' records over the finished games.

use std::io::Write;

use crate::cli::{Cli, StatsArgs};
use crate::error::{Error, Result};
use crate::fit::{Grid, Record};
use crate::ui::Ui;
use three13_core::rules::Setting;
use three13_core::sheet::Session;
use three13_core::stats::{Filter, Game, Group, Versus, games_of, groups, versus};

#[derive(Debug, serde::Serialize)]
struct Stats {
    games: usize,
    /// One group per set of rules: totals are never averaged across them.
    groups: Vec<Group>,
}

#[derive(Debug, serde::Serialize)]
struct PlayerGames {
    player: String,
    games: Vec<Game>,
}

pub(crate) fn run(args: &StatsArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    if args.drill {
        let name = args.name.clone().or(args.player.clone()).unwrap_or_else(crate::app::drill::default_name);
        let h = crate::app::drill::history(&super::store(cli)?, &name)?;
        if args.json {
            writeln!(ui.out, "{}", serde_json::to_string_pretty(&h).expect("serialises"))?;
        } else {
            let text = crate::report::drill::history_text(ui, &h);
            write!(ui.out, "{text}")?;
        }
        return Ok(());
    }
    let filter = filter(args)?;
    let store = super::store(cli)?;
    let mut games: Vec<Session> = Vec::new();
    for name in store.names_noting_others(ui)? {
        match store.load_listed(&name) {
            Ok(Some(s)) => games.push(s),
            Ok(None) => {}
            Err(e) => ui.note(&format!("session {name} is left out: {e}")),
        }
    }
    if let [a, b] = args.versus.as_slice() {
        let v = versus(&games, &filter, a, b);
        if args.json {
            writeln!(ui.out, "{}", serde_json::to_string_pretty(&v).expect("serialises"))?;
        } else {
            writeln!(ui.out, "{}", ui.wrap(&crate::ui::visible(&versus_text(&v)), 0))?;
        }
        return Ok(());
    }
    if let Some(player) = &args.player {
        let list = games_of(&games, &filter, player);
        if args.json {
            let json = PlayerGames { player: player.clone(), games: list };
            writeln!(ui.out, "{}", serde_json::to_string_pretty(&json).expect("serialises"))?;
            return Ok(());
        }
        if list.is_empty() {
            writeln!(
                ui.out,
                "{}",
                ui.wrap(&crate::ui::visible(&format!("No finished game of {player}{}.", filtered(args))), 0)
            )?;
            return Ok(());
        }
        let n = list.len();
        let heading = format!("{player}: {n} finished game{}", if n == 1 { "" } else { "s" });
        writeln!(ui.out, "{}", ui.bold(&ui.wrap(&heading, 2)))?;
        writeln!(ui.out, "{}", player_games(ui, &list))?;
        return Ok(());
    }
    let groups = groups(&games, &filter);
    let stats = Stats { games: groups.iter().map(|g| g.games).sum(), groups };
    if args.json {
        writeln!(ui.out, "{}", serde_json::to_string_pretty(&stats).expect("serialises"))?;
        return Ok(());
    }
    if stats.games == 0 {
        let none =
            format!("No finished games{}; a game counts once its last round is recorded.", filtered(args));
        writeln!(ui.out, "{}", ui.wrap(&none, 0))?;
        return Ok(());
    }
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    if stats.groups.len() > 1 {
        writeln!(
            ui.out,
            "{}",
            ui.wrap(
                &format!(
                    "{} finished games under {} sets of rules, counted apart: totals under different rules \
                     are not averaged together.",
                    stats.games,
                    stats.groups.len()
                ),
                0
            )
        )?;
    }
    for (i, g) in stats.groups.iter().enumerate() {
        if i > 0 || stats.groups.len() > 1 {
            writeln!(ui.out)?;
        }
        // Three Thirteen's groups are named by their rules alone, as always.
        let mut count = format!("{} finished game{}", g.games, plural(g.games));
        if g.changed > 0 {
            count.push_str(&format!(" ({} with rules changed mid-game)", g.changed));
        }
        let heading = if g.game == three13_core::rules::Game::ThreeThirteen.name() {
            format!("Rules {}: {count}", g.rules)
        } else {
            format!("{}, rules {}: {count}", g.game, g.rules)
        };
        writeln!(ui.out, "{}", ui.bold(&ui.wrap(&heading, 2)))?;
        writeln!(ui.out, "{}", records(ui, g))?;
        if !g.left.is_empty() {
            let left: Vec<String> = g
                .left
                .iter()
                .map(|l| {
                    format!(
                        "{} ({} game{}, {} round{} played)",
                        l.name,
                        l.games,
                        plural(l.games),
                        l.rounds,
                        plural(l.rounds)
                    )
                })
                .collect();
            let left: Vec<&str> = left.iter().map(String::as_str).collect();
            let line = format!("Left before the end: {}.", crate::prose::and_list(&left));
            writeln!(ui.out, "{}", ui.wrap(&crate::ui::visible(&line), 2))?;
        }
    }
    Ok(())
}

/// A player's place in a game, or when they left it and the rounds they
/// played.
fn place(g: &Game) -> String {
    match (g.left_after, g.rounds_played) {
        (Some(after), Some(rounds)) => format!("left after round {after} ({rounds} played)"),
        _ => g.place.to_string(),
    }
}

/// A player's finished games: a table, its headers and then its cells
/// wrapped as the width needs, else one game under another.
fn player_games(ui: &Ui, list: &[Game]) -> String {
    let mut grid = Grid::new(["Ended", "Session", "Rules", "Players", "Total", "Place", "Won by"]);
    grid.right([3, 4, 5]);
    let day = |g: &Game| super::local_time(g.ended).chars().take(10).collect::<String>();
    let winners = |g: &Game| super::and_list(&g.winners.iter().map(String::as_str).collect::<Vec<_>>());
    for g in list {
        grid.row(vec![
            day(g),
            g.session.clone(),
            g.rules.clone(),
            g.players.to_string(),
            g.total.to_string(),
            place(g),
            winners(g),
        ]);
    }
    let records = || {
        let games: Vec<Record> = list
            .iter()
            .map(|g| {
                Record::new(format!("{} {}", day(g), g.session))
                    .field("Rules", g.rules.clone())
                    .field("Players", g.players.to_string())
                    .field("Total", g.total.to_string())
                    .field("Place", place(g))
                    .field("Won by", winners(g))
            })
            .collect();
        ui.records(&games)
    };
    ui.table_or_records(|wrap| ui.grid(&grid, wrap), records)
}

/// The columns of a group's records, in two halves for a narrow screen.
const HALVES: [[&str; 5]; 2] = [
    ["Games", "Wins", "Win %", "Avg place", "Avg total"],
    ["Best", "Worst", "Avg round", "Went out", "Best round"],
];

/// A group's records: the whole table, else its two halves (each with the
/// players), first whole, then with headers and then cells wrapped; else
/// one player under another.
fn records(ui: &Ui, g: &Group) -> String {
    let values = |r: &three13_core::stats::Record| -> [[String; 5]; 2] {
        [
            [
                r.games.to_string(),
                r.wins.to_string(),
                format!("{:.0}", r.win_rate * 100.0),
                format!("{:.1}", r.average_place),
                format!("{:.1}", r.average_total),
            ],
            [
                r.best.to_string(),
                r.worst.to_string(),
                format!("{:.1}", r.average_round),
                r.rounds_out.to_string(),
                r.best_round.to_string(),
            ],
        ]
    };
    let grid = |parts: &[usize]| {
        let mut grid = Grid::new(["Player"].into_iter().chain(parts.iter().flat_map(|&p| HALVES[p])));
        grid.right(1..=5 * parts.len());
        for r in &g.records {
            let values = values(r);
            grid.row(
                [r.name.clone()].into_iter().chain(parts.iter().flat_map(|&p| values[p].clone())).collect(),
            );
        }
        grid
    };
    let (whole, first, second) = (grid(&[0, 1]), grid(&[0]), grid(&[1]));
    let table = |wrap| {
        ui.grid(&whole, wrap)
            .or_else(|| Some(format!("{}\n{}", ui.grid(&first, wrap)?, ui.grid(&second, wrap)?)))
    };
    let records = || {
        let players: Vec<Record> = g
            .records
            .iter()
            .map(|r| {
                let values = values(r);
                let labels = HALVES.iter().flatten();
                labels
                    .zip(values.iter().flatten())
                    .fold(Record::new(r.name.clone()), |record, (label, value)| {
                        record.field(label, value.clone())
                    })
            })
            .collect();
        ui.records(&players)
    };
    ui.table_or_records(table, records)
}

fn versus_text(v: &Versus) -> String {
    if v.games == 0 {
        return format!("{} and {} have no finished game together.", v.first, v.second);
    }
    let plural = if v.games == 1 { "" } else { "s" };
    format!(
        "{} against {}: {} finished game{plural} together; {} finished ahead in {}, {} in {}, level in {}.",
        v.first, v.second, v.games, v.first, v.first_ahead, v.second, v.second_ahead, v.level
    )
}

/// ` matching these filters`, when any is given.
fn filtered(args: &StatsArgs) -> &'static str {
    if args.preset.is_some() || !args.set.is_empty() || args.since.is_some() || !args.with.is_empty() {
        " matching these filters"
    } else {
        " yet"
    }
}

/// The games to count, from the command line.
fn filter(args: &StatsArgs) -> Result<Filter> {
    let mut filter = Filter { players: args.with.clone(), ..Filter::default() };
    if let Some(p) = &args.preset {
        filter.rules = Some(three13_core::rules::Rules::preset(p)?);
    }
    filter.settings = args.set.iter().map(|s| Setting::assignment(s)).collect::<Result<_, _>>()?;
    if let Some(day) = &args.since {
        let date: jiff::civil::Date = day.trim().parse().map_err(|_| {
            Error::usage(format!("--since: \"{}\" is not a day like 2026-11-22", day.escape_debug()))
        })?;
        let start =
            date.to_zoned(jiff::tz::TimeZone::system()).map_err(|e| Error::usage(format!("--since: {e}")))?;
        filter.since = Some(start.timestamp());
    }
    Ok(filter)
}
