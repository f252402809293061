//! `three13 new`: start a game.

use std::io::Write;

use three13_core::rules::{MAX_PLAYERS, PRESETS, Rules, SETTINGS};
use three13_core::sheet::{
    MIN_PLAYERS, Session, SessionNameProblem, SheetError, check_player_name, check_player_names,
    check_session_name, find_seat, free_name, seat_in,
};

use crate::app::start;
use crate::cli::{Cli, NewArgs};
use crate::error::{Error, Result};
use crate::ui::Ui;

pub(crate) fn run(args: &NewArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    if args.json {
        ui.for_json();
    }
    let mut chosen_name = match &args.name {
        Some(name) => Some(session_name(ui, name)?),
        None => None,
    };
    let like = match &args.like {
        Some(like) => {
            let like = store.resolve(Some(like))?;
            Some(store.load(&like)?)
        }
        None => None,
    };
    let mut rules = super::resolve_rules(&args.rules, like.as_ref().map(Session::rules))?;
    let rules_given = args.rules.preset.is_some() || !args.rules.set.is_empty();
    // A name typed with a stray space (`-p "Ann "`) is the name without it.
    let given: Vec<String> = args.players.iter().map(|p| p.trim().to_string()).collect();
    let (players, dealer) = if let Some(like) = &like {
        // A rematch: the players still at the table, the deal one seat on;
        // players named with --player join them, at the end of the table.
        let (players, next) = start::rematch(like, &given)?;
        let dealer = match &args.dealer {
            Some(d) => seat(&players, d)?,
            None => next,
        };
        (players, dealer)
    } else if given.is_empty() {
        if !ui.can_prompt {
            return Err(Error::usage(
                "no players given; name each with --player, in seat order \
                 (three13 new --player Ann --player Bob)",
            ));
        }
        let mut players = ask_roster(ui, &store)?;
        ask_players(ui, &mut players)?;
        if chosen_name.is_none() {
            chosen_name = Some(ask_name(ui, &store)?);
        }
        if !rules_given {
            rules = ask_rules(ui)?;
        }
        ask_settings(ui, &mut rules)?;
        let dealer = match &args.dealer {
            Some(d) => seat(&players, d)?,
            None => ui.select("Who deals round 1?", &players, 0)?,
        };
        (players, dealer)
    } else {
        check_player_names(&given)?;
        let dealer = match &args.dealer {
            Some(d) => seat(&given, d)?,
            None => 0,
        };
        (given, dealer)
    };

    let asked = start::Asked { name: chosen_name, players, dealer, rules };
    let session = start::start(&store, &asked, super::now())?;
    let said = crate::report::start::started(&session);
    if args.json {
        return crate::report::change::print(ui, "new", true, said, &session);
    }
    for line in said {
        writeln!(ui.out, "{}", ui.wrap(&line, 0))?;
    }
    Ok(())
}

/// The seat of the first dealer named by --dealer.
fn seat(players: &[String], name: &str) -> Result<usize> {
    find_seat(players, name).ok_or_else(|| crate::error::no_player("--dealer: ", name, players, ""))
}

/// A session name as typed, or its file-safe form (`Friday Night` is
/// offered as `friday-night`).
fn session_name(ui: &Ui, typed: &str) -> Result<String> {
    let Err(e) = check_session_name(typed) else { return Ok(typed.to_string()) };
    let safe = file_safe(typed);
    // Offered for a name of words (`Friday Night`), never for a path.
    let holds = matches!(e, SheetError::SessionName { problem: SessionNameProblem::Holds(_), .. });
    let words = holds && !typed.contains(['/', '\\']) && !typed.starts_with(['.', '-']);
    if !words || check_session_name(&safe).is_err() {
        return Err(e.into());
    }
    if ui.can_prompt {
        if ui.ask_yes(&format!("\"{typed}\" cannot be a file name; call the session {safe}?"), true)? {
            return Ok(safe);
        }
        return Err(e.into());
    }
    Err(Error::from(e).with_hint(format!("its file-safe form is {safe}: three13 new {safe} …")))
}

/// `Friday Night!` as `friday-night`: lower case, every run of other
/// characters a dash.
fn file_safe(name: &str) -> String {
    let mut out = String::new();
    for c in name.trim().chars() {
        if c.is_ascii_alphanumeric() || c == '_' || c == '.' {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches(|c| c == '-' || c == '.').chars().take(64).collect()
}

/// Asks the session's name; Enter takes today's date.
fn ask_name(ui: &Ui, store: &crate::store::Store) -> Result<String> {
    let names = store.names()?;
    let today = jiff::Zoned::now().date().to_string();
    let default = free_name(&today, |n| names.iter().any(|m| m.eq_ignore_ascii_case(n)));
    loop {
        let typed = ui.input_or("Session name", &default)?;
        let typed = typed.trim();
        let name = match session_name(ui, typed) {
            Ok(name) => name,
            Err(e) => {
                ui.say(&e.to_string());
                continue;
            }
        };
        match store.exists(&name)? {
            Some(existing) => {
                ui.say(&format!("A session named \"{existing}\" already exists; pick another name."))
            }
            None => return Ok(name),
        }
    }
}

/// Offers the players of earlier games, most recent first; gives those marked.
fn ask_roster(ui: &Ui, store: &crate::store::Store) -> Result<Vec<String>> {
    let mut games: Vec<Session> = store.names()?.iter().filter_map(|n| store.load(n).ok()).collect();
    games.sort_by_key(|g| std::cmp::Reverse(g.updated()));
    let mut roster: Vec<String> = Vec::new();
    for g in &games {
        for s in g.active() {
            let p = &g.players()[s];
            if seat_in(&roster, p).is_none() {
                roster.push(p.clone());
            }
        }
    }
    if roster.is_empty() {
        return Ok(Vec::new());
    }
    let picked = ui.multi_select(
        "Players from earlier games, seated in the order marked (Space marks, Enter goes on)",
        &roster,
        true,
    )?;
    Ok(picked.into_iter().map(|i| roster[i].clone()).take(MAX_PLAYERS).collect())
}

/// Offers every setting, until the person goes on.
fn ask_settings(ui: &Ui, rules: &mut Rules) -> Result<()> {
    loop {
        let mut items = vec!["no, go on".to_string()];
        items.extend(SETTINGS.iter().map(|s| format!("{} = {} ({})", s.key, s.get(rules), s.allowed)));
        let chosen = ui.select(&format!("Change a setting? (rules: {})", rules.summary()), &items, 0)?;
        let Some(setting) = chosen.checked_sub(1).map(|i| &SETTINGS[i]) else { return Ok(()) };
        let value =
            ui.input_or(&format!("{} ({})", setting.key, setting.allowed), &setting.get(rules).to_string())?;
        let before = *rules;
        if let Err(e) = setting.set(rules, value.trim()).and_then(|()| rules.check()) {
            *rules = before;
            ui.say(&Error::from(e).to_string());
        }
    }
}

fn ask_players(ui: &Ui, players: &mut Vec<String>) -> Result<()> {
    ui.say("Players in seat order (the deal passes from each to the next); an empty line to finish.");
    if !players.is_empty() {
        ui.say(&format!("So far: {}", players.join(", ")));
    }
    if players.len() >= MAX_PLAYERS {
        return Ok(());
    }
    loop {
        let n = players.len() + 1;
        let answer = ui.input(&format!("Player {n}"), true)?;
        let name = answer.trim().to_string();
        if name.is_empty() {
            if players.len() >= MIN_PLAYERS {
                return Ok(());
            }
            ui.say(&format!("A game needs at least {MIN_PLAYERS} players."));
            continue;
        }
        let mut with = players.clone();
        with.push(name.clone());
        let checked = check_player_name(&name).and_then(|()| {
            // The count is only checked once the list is complete.
            if with.len() < MIN_PLAYERS { Ok(()) } else { check_player_names(&with) }
        });
        match checked {
            Ok(()) => players.push(name),
            Err(e) => ui.say(&Error::from(e).to_string()),
        }
        if players.len() == MAX_PLAYERS {
            return Ok(());
        }
    }
}

fn ask_rules(ui: &Ui) -> Result<Rules> {
    let items: Vec<String> = PRESETS.iter().map(|(name, about)| format!("{name}: {about}")).collect();
    let chosen = ui.select("Rules (each setting can be changed next)", &items, 0)?;
    Ok(Rules::preset(PRESETS[chosen].0)?)
}
