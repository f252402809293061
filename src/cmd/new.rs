//! `three13 new`: start a game.

use std::io::Write;

use three13_core::rules::{MAX_PLAYERS, PRESETS, Rules};
use three13_core::sheet::{
    MIN_PLAYERS, Session, check_player_name, check_player_names, check_session_name, find_seat, free_name,
};

use crate::cli::{Cli, NewArgs};
use crate::error::{Error, Result};
use crate::ui::Ui;

pub(crate) fn run(args: &NewArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    if let Some(name) = &args.name {
        check_session_name(name)?;
    }
    let mut rules = super::resolve_rules(&args.rules, None)?;
    let rules_given = args.rules.preset.is_some() || !args.rules.set.is_empty();
    let (players, dealer) = if args.players.is_empty() {
        if !ui.can_prompt {
            return Err(Error::usage(
                "no players given; name each with --player, in seat order \
                 (three13 new --player Ann --player Bob)",
            ));
        }
        let players = ask_players(ui)?;
        if !rules_given {
            rules = ask_rules(ui)?;
        }
        let dealer = match &args.dealer {
            Some(d) => seat(&players, d)?,
            None => ui.select("Who deals round 1?", &players, 0)?,
        };
        (players, dealer)
    } else {
        check_player_names(&args.players)?;
        let dealer = match &args.dealer {
            Some(d) => seat(&args.players, d)?,
            None => 0,
        };
        (args.players.clone(), dealer)
    };

    let lock = store.lock()?;
    let name = match &args.name {
        Some(name) => {
            if let Some(existing) = store.exists(name)? {
                return Err(Error::data(format!(
                    "a session named \"{existing}\" already exists; pick another name, \
                     or continue it with `three13 use {existing}`"
                )));
            }
            name.clone()
        }
        None => {
            let names = store.names()?;
            let today = jiff::Zoned::now().date().to_string();
            free_name(&today, |n| names.iter().any(|m| m.eq_ignore_ascii_case(n)))
        }
    };
    let session = Session::new(&name, players, dealer, rules, super::now())?;
    store.save(&lock, &session)?;
    // Two files change: say exactly what was done when the second fails.
    store.set_current(&lock, Some(&name)).map_err(|e| {
        Error::data(format!(
            "session {name} was started and saved, but could not be made the current one: {}",
            e.message()
        ))
        .with_hint(format!("continue it with `three13 use {name}`, or name it with --session {name}"))
    })?;
    drop(lock);

    let deal = session.rules().deal(1).expect("every game has a round 1");
    writeln!(
        ui.out,
        "Started session {name} with {} (rules: {}); it is the current session.",
        super::and_list(&session.players().iter().map(String::as_str).collect::<Vec<_>>()),
        session.rules().summary()
    )?;
    writeln!(ui.out, "{}", super::table::next_line(&session, deal.round))?;
    writeln!(
        ui.out,
        "Record it with `three13 round` and a score per player, in seat order: {}",
        session.players().join(" ")
    )?;
    Ok(())
}

/// The seat of the first dealer named by --dealer.
fn seat(players: &[String], name: &str) -> Result<usize> {
    find_seat(players, name).ok_or_else(|| crate::error::no_player("--dealer: ", name, players, ""))
}

fn ask_players(ui: &Ui) -> Result<Vec<String>> {
    ui.say("Players in seat order (the deal passes from each to the next); an empty line to finish.");
    let mut players: Vec<String> = Vec::new();
    loop {
        let n = players.len() + 1;
        let answer = ui.input(&format!("Player {n}"), true)?;
        let name = answer.trim().to_string();
        if name.is_empty() {
            if players.len() >= MIN_PLAYERS {
                return Ok(players);
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
            return Ok(players);
        }
    }
}

fn ask_rules(ui: &Ui) -> Result<Rules> {
    let items: Vec<String> = PRESETS.iter().map(|(name, about)| format!("{name}: {about}")).collect();
    let chosen = ui.select("Rules (more settings with --set; see `three13 rules`)", &items, 0)?;
    Ok(Rules::preset(PRESETS[chosen].0)?)
}
