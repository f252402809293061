//! `three13 stats`: players' records over the finished games.

use std::io::Write;

use comfy_table::CellAlignment;

use crate::cli::{Cli, StatsArgs};
use crate::error::{Error, Result};
use crate::ui::Ui;
use three13_core::rules::{RulesError, Setting};
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
            writeln!(ui.out, "{}", versus_text(&v))?;
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
            writeln!(ui.out, "No finished game of {player}{}.", filtered(args))?;
            return Ok(());
        }
        let mut t = ui.table();
        t.set_header(vec!["Ended", "Session", "Rules", "Players", "Total", "Place", "Won by"]);
        for g in &list {
            let winners: Vec<&str> = g.winners.iter().map(String::as_str).collect();
            t.add_row(vec![
                super::local_time(g.ended).chars().take(10).collect(),
                g.session.clone(),
                g.rules.clone(),
                g.players.to_string(),
                g.total.to_string(),
                g.place.to_string(),
                super::and_list(&winners),
            ]);
        }
        for col in [3, 4, 5] {
            if let Some(c) = t.column_mut(col) {
                c.set_cell_alignment(CellAlignment::Right);
            }
        }
        let n = list.len();
        writeln!(
            ui.out,
            "{}",
            ui.bold(&format!("{player}: {n} finished game{}", if n == 1 { "" } else { "s" }))
        )?;
        writeln!(ui.out, "{t}")?;
        return Ok(());
    }
    let groups = groups(&games, &filter);
    let stats = Stats { games: groups.iter().map(|g| g.games).sum(), groups };
    if args.json {
        writeln!(ui.out, "{}", serde_json::to_string_pretty(&stats).expect("serialises"))?;
        return Ok(());
    }
    if stats.games == 0 {
        writeln!(
            ui.out,
            "No finished games{}; a game counts once its last round is recorded.",
            filtered(args)
        )?;
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
        let heading = format!("Rules {}: {} finished game{}", g.rules, g.games, plural(g.games));
        writeln!(ui.out, "{}", ui.bold(&ui.wrap(&heading, 2)))?;
        writeln!(
            ui.out,
            "{}",
            ui.first_fitting([records(ui, g, None), records(ui, g, Some(0)), records(ui, g, Some(1))])
        )?;
    }
    Ok(())
}

/// A group's records: every column, or (`part`) the first or second half
/// of them, each with the players, for a narrow screen.
fn records(ui: &Ui, g: &Group, part: Option<usize>) -> String {
    let halves = match part {
        None => return format!("{}", half(ui, g, &[0, 1])),
        Some(_) => [half(ui, g, &[0]), half(ui, g, &[1])],
    };
    format!("{}\n{}", halves[0], halves[1])
}

fn half(ui: &Ui, g: &Group, parts: &[usize]) -> comfy_table::Table {
    let mut t = ui.table();
    let mut header = vec!["Player"];
    if parts.contains(&0) {
        header.extend(["Games", "Wins", "Win %", "Avg place", "Avg total"]);
    }
    if parts.contains(&1) {
        header.extend(["Best", "Worst", "Avg round", "Went out", "Best round"]);
    }
    t.set_header(header);
    for r in &g.records {
        let mut row = vec![r.name.clone()];
        if parts.contains(&0) {
            row.extend([
                r.games.to_string(),
                r.wins.to_string(),
                format!("{:.0}", r.win_rate * 100.0),
                format!("{:.1}", r.average_place),
                format!("{:.1}", r.average_total),
            ]);
        }
        if parts.contains(&1) {
            row.extend([
                r.best.to_string(),
                r.worst.to_string(),
                format!("{:.1}", r.average_round),
                r.rounds_out.to_string(),
                r.best_round.to_string(),
            ]);
        }
        t.add_row(row);
    }
    for col in 1..=5 * parts.len() {
        if let Some(c) = t.column_mut(col) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    t
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
    for s in &args.set {
        let (key, value) = s.split_once('=').ok_or_else(|| RulesError::NotAssignment { text: s.clone() })?;
        let setting =
            Setting::find(key).ok_or_else(|| RulesError::UnknownSetting { key: key.trim().to_string() })?;
        let value = setting.allowed.parse(value).ok_or_else(|| RulesError::BadValue {
            key: setting.key,
            value: value.trim().to_string(),
            allowed: setting.allowed,
        })?;
        filter.settings.push((setting, value));
    }
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
