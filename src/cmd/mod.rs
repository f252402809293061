//! One module per subcommand, each with one `run` function.

pub(crate) mod chart;
pub(crate) mod check;
pub(crate) mod completions;
pub(crate) mod delete;
pub(crate) mod draw;
pub(crate) mod drill;
pub(crate) mod edit;
pub(crate) mod export;
pub(crate) mod glance;
pub(crate) mod league;
pub(crate) mod log;
pub(crate) mod new;
pub(crate) mod path;
pub(crate) mod player;
pub(crate) mod round;
pub(crate) mod rules;
pub(crate) mod serve;
pub(crate) mod sessions;
pub(crate) mod show;
pub(crate) mod sim;
pub(crate) mod stats;
pub(crate) mod table;
pub(crate) mod undo;
pub(crate) mod use_session;

pub(crate) use crate::report::{and_list, local_time, meld_text};

use crate::cli::{Cli, RulesArgs};
use crate::error::Result;
use crate::store::Store;
use crate::ui::Ui;
use three13_core::card::Rank;
use three13_core::rules::Rules;
use three13_core::sheet::Session;

/// The rules named on the command line: a preset (else `base`, else the
/// standard rules), then each --set in turn.
pub(crate) fn resolve_rules(args: &RulesArgs, base: Option<Rules>) -> Result<Rules> {
    let mut rules = match &args.preset {
        Some(name) => Rules::preset(name)?,
        None => base.unwrap_or_default(),
    };
    for s in &args.set {
        rules.apply(s)?;
    }
    rules.check()?;
    Ok(rules)
}

/// The data folder the command line names, its notes said on stderr as
/// the command line asks.
pub(crate) fn store(cli: &Cli) -> Result<Store> {
    Ok(Store::locate(cli.data_dir.as_deref())?.saying_on(crate::stderr::Stderr::detect(cli.color)))
}

pub(crate) use crate::clock::now;

/// The tiebreak draw asked for on the terminal (by `draw`, and by `round`
/// when its round leaves a tie to draw for): the card each player who
/// draws drew, recorded one draw at a time; on a tie on the lowest, those
/// tied are asked again. Gives the session after the last draw, and what
/// was said of each.
pub(crate) fn ask_draw(
    store: &Store,
    name: &str,
    ui: &Ui,
    mut session: Session,
) -> Result<(Session, Vec<String>)> {
    use crate::report::tiebreak::{drew, who_draws};
    let mut said = Vec::new();
    while session.draw_due() {
        ui.say(&format!(
            "{}: type the card each drew (like Kh or 3c); the lowest rank wins, {}.",
            who_draws(&session),
            if session.rules().deck().has_rank(Rank::ACE) { "aces low" } else { "threes lowest" }
        ));
        let mut cards = Vec::new();
        for seat in session.drawing() {
            let player = session.players()[seat].clone();
            loop {
                let text = crate::app::scores::unquoted(&ui.input(&format!("{player} drew"), false)?);
                match session.rules().deck().parse(text.trim()) {
                    Ok(card) if !card.is_joker() => {
                        cards.push((seat, card));
                        break;
                    }
                    Ok(_) => {
                        ui.say("a joker is not drawn; type the card drawn from the decks without jokers")
                    }
                    Err(e) => ui.say(&format!("{}; {}", e.problem, e.hint)),
                }
            }
        }
        let next = crate::app::tiebreak::record(store, name, &session, cards.clone(), now())?;
        let line = drew(ui, &next, &cards);
        ui.say(&line);
        said.push(line);
        session = next;
    }
    Ok((session, said))
}
