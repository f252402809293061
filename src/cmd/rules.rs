//! `three13 rules`: the rules in force and the round table.

use std::io::Write;

use crate::app::rules as app;
use crate::cli::{Cli, RulesArgs, RulesShowArgs};
use crate::error::{Error, Result};
use crate::fit::{Grid, KEEP, Record, Wrap};
use crate::report;
use crate::ui::Ui;
use three13_core::card::Rank;
use three13_core::rules::{Game, MAX_PLAYERS, Rules, RulesChange, SETTINGS};
use three13_core::sheet::{MAX_PLAYER_NAME, MAX_SESSION_NAME, MIN_PLAYERS, Session};

#[derive(Debug, serde::Serialize)]
struct RulesJson {
    /// What the rules start from, before any --set: `preset NAME`,
    /// `session NAME` or `standard`.
    source: String,
    /// The game they play: `Three Thirteen`, `Five Crowns`.
    game: &'static str,
    summary: String,
    settings: Rules,
    rounds: Vec<DealJson>,
}

#[derive(Debug, serde::Serialize)]
struct DealJson {
    round: usize,
    cards: usize,
    wild: Rank,
    doubled: bool,
}

pub(crate) fn run(args: &RulesShowArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    // `--rules PRESET` is the positional PRESET under the name the other
    // commands give it.
    let merged;
    let args = if args.rules.is_some() {
        merged = RulesShowArgs { preset: args.rules.clone(), rules: None, ..args.clone() };
        &merged
    } else {
        args
    };
    if args.save {
        return save(args, cli, ui);
    }
    // A preset names the rules outright; otherwise the session's rules, if
    // there is a session to read them from.
    let mut over_time = None;
    let (base, source) = match &args.preset {
        Some(p) => (None, format!("preset {}", p.trim().to_ascii_lowercase())),
        None => match session_rules(args, cli)? {
            Some((name, session)) => {
                let timeline = session.rules_timeline();
                if timeline.len() > 1 {
                    over_time = Some(format!(
                        "These are the rules from round {} on; {name} changed its rules: {}.",
                        timeline.last().map_or(1, |(from, _)| *from),
                        session.rules_summary()
                    ));
                }
                (Some(session.rules()), format!("session {name}"))
            }
            None => (None, "standard".to_string()),
        },
    };
    let rules =
        super::resolve_rules(&RulesArgs { preset: args.preset.clone(), set: args.set.clone() }, base)?;
    if args.preset.is_some() || !args.set.is_empty() {
        let whose = match source.strip_prefix("session ") {
            Some(name) => format!("into session {name}"),
            None => "into a session".to_string(),
        };
        ui.note(&format!(
            "nothing was changed; these rules are only shown: to save them {whose}, add --save"
        ));
    }
    let heading = match source.as_str() {
        "standard" => format!("Rules: {}", rules.summary()),
        _ => format!("Rules: {} (from {source})", rules.summary()),
    };
    if args.explain {
        let from = match source.as_str() {
            "standard" => String::new(),
            _ => format!(", from {source}"),
        };
        let title = format!("How to play {} under the rules {}{from}", rules.game().name(), rules.summary());
        let explained = crate::report::explain::explain(&rules);
        writeln!(ui.out, "{}", ui.bold(&ui.wrap(&title, 2)))?;
        writeln!(ui.out, "\n{}", crate::report::explain::text(ui, &explained))?;
        return Ok(());
    }

    if args.json {
        let json = RulesJson {
            source,
            game: rules.game().name(),
            summary: rules.summary(),
            settings: rules,
            rounds: rules
                .deals()
                .into_iter()
                .map(|d| DealJson {
                    round: d.round,
                    cards: d.cards,
                    wild: d.wild,
                    doubled: rules.doubles(d.wild),
                })
                .collect(),
        };
        writeln!(ui.out, "{}", serde_json::to_string_pretty(&json).expect("serialises"))?;
        return Ok(());
    }

    writeln!(ui.out, "{}", ui.bold(&ui.wrap(&heading, 2)))?;
    if let Some(line) = over_time.filter(|_| args.set.is_empty()) {
        writeln!(ui.out, "{}", ui.wrap(&line, 0))?;
    }
    writeln!(ui.out, "{}", settings(ui, &rules))?;
    if !rules.changes().is_empty() {
        match rules.game() {
            Game::ThreeThirteen => writeln!(ui.out, "* differs from the standard rules")?,
            game => writeln!(ui.out, "* differs from the {} rules", game.name())?,
        }
    }

    let doubling = rules.double_last_rounds();
    let mut header = vec!["Round", "Cards", "Wild"];
    if doubling {
        header.push("Scores");
    }
    let mut rounds = Grid::new(header);
    rounds.right([0, 1]);
    for d in rules.deals() {
        let mut row = vec![d.round.to_string(), d.cards.to_string(), d.wild.to_string()];
        if doubling {
            row.push(if rules.doubles(d.wild) { "doubled".into() } else { String::new() });
        }
        rounds.row(row);
    }
    // Narrower than any table: a line a round.
    let lines = || {
        let line = |d: &three13_core::rules::Deal| {
            let doubled = if doubling && rules.doubles(d.wild) { ", doubled" } else { "" };
            format!("Round {}: {} cards, {} wild{doubled}", d.round, d.cards, d.wild)
        };
        rules.deals().iter().map(|d| ui.wrap(&line(d), 2)).collect::<Vec<_>>().join("\n")
    };
    let fitted = [Wrap::Nothing, Wrap::Cells].into_iter().find_map(|wrap| ui.grid(&rounds, wrap));
    writeln!(ui.out, "\n{}", fitted.unwrap_or_else(lines))?;
    if rules.order_to_draw() {
        let drawn =
            "The order of the rounds is drawn when a game starts (round_order=random), and kept with it.";
        writeln!(ui.out, "{}", ui.wrap(drawn, 0))?;
    }
    let limits = format!(
        "Limits: {MIN_PLAYERS} to {MAX_PLAYERS} players; player names up to {MAX_PLAYER_NAME} characters, \
         session names up to {MAX_SESSION_NAME}; a hand holds 3 to {} cards (the largest round, plus the card drawn).",
        rules.largest_hand() + 1
    );
    writeln!(ui.out, "{}", ui.wrap(&limits, 2))?;
    Ok(())
}

/// Every setting: its key, its value (`*` where it is not the game's own
/// one), what it takes and what it does. A table, its descriptions
/// wrapped as the width needs; else one setting under another.
fn settings(ui: &Ui, rules: &Rules) -> String {
    let standard = rules.game().rules();
    let value = |setting: &three13_core::rules::Setting| {
        let value = setting.get(rules);
        if value != setting.get(&standard) { format!("{value}{KEEP}*") } else { value.to_string() }
    };
    let mut grid = Grid::new(["Setting", "Value", "Takes", "What it does"]);
    for setting in &SETTINGS {
        grid.row(vec![
            setting.key.to_string(),
            value(setting),
            setting.allowed.to_string(),
            setting.about_for(rules),
        ]);
    }
    let records = || {
        let settings: Vec<Record> = SETTINGS
            .iter()
            .map(|s| {
                let title = format!("{} = {}", s.key, value(s));
                Record::new(title).field("", s.about_for(rules)).field("Takes", s.allowed.to_string())
            })
            .collect();
        ui.records(&settings)
    };
    ui.table_or_records(|wrap| ui.grid(&grid, wrap), records)
}

/// `--save`: the settings given become the session's from a round on.
fn save(args: &RulesShowArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    if args.preset.is_none() && args.set.is_empty() {
        return Err(Error::usage(
            "--save needs the rules to save: a preset or --set KEY=VALUE \
             (three13 rules --set bad_go_out_penalty=20 --save)",
        ));
    }
    let change = RulesChange::parse(args.preset.as_deref(), &args.set)?;
    let store = super::store(cli)?;
    let name = store.resolve(args.session.session.as_deref())?;
    if args.json {
        ui.for_json();
    }
    let asked = app::Asked { change, from: args.from };
    let app::Outcome { session, saved, ruled } = app::change(&store, &name, &asked, super::now())?;
    let (said, rescored) = match &ruled {
        app::Ruled::Unchanged { from, given, was } => {
            (vec![report::rules::unchanged(&session, *from, *given, was)], Vec::new())
        }
        app::Ruled::Changed { before, changed, order } => (
            report::rules::saved(before, &session, changed, *order),
            report::rules::rescored(&session, changed),
        ),
    };
    if args.json {
        let said = said.into_iter().chain(rescored.iter().map(|r| r.trim_start().to_string())).collect();
        return report::change::print(ui, "rules", saved, said, &session);
    }
    for line in &said {
        writeln!(ui.out, "{}", ui.wrap(line, 0))?;
    }
    if !saved {
        return Ok(());
    }
    for line in rescored {
        writeln!(ui.out, "{}", ui.wrap(&line, 4))?;
    }
    report::table::print(ui, &session)
}

/// `--session NAME`, else the current session, if any, for its rules.
fn session_rules(args: &RulesShowArgs, cli: &Cli) -> Result<Option<(String, Session)>> {
    let store = super::store(cli)?;
    let name = match &args.session.session {
        Some(name) => name.clone(),
        None => match store.current()? {
            Some(name) => name,
            None => return Ok(None),
        },
    };
    let name = store.resolve(Some(&name))?;
    let session = store.load(&name)?;
    Ok(Some((name, session)))
}
