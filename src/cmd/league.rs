//! `three13 league`: a season of finished games: standings by the club's
//! points, ratings, records, and the standings after each evening.

use std::io::Write;

use crate::app::league::{self as app, Asked, Season};
use crate::cli::{Cli, LeagueArgs};
use crate::error::Result;
use crate::report::league as report;
use crate::store::SeasonFile;
use crate::ui::Ui;
use three13_core::league::League;

#[derive(Debug, serde::Serialize)]
struct LeagueJson<'a> {
    season: &'a Season,
    #[serde(flatten)]
    league: &'a League,
}

pub(crate) fn run(args: &LeagueArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let asked = Asked {
        season: args.season.clone(),
        save: args.save,
        given: SeasonFile {
            since: args.since.clone(),
            until: args.until.clone(),
            game: args.game.clone(),
            points: args.points.clone(),
            min_games: args.min_games,
            members: args.members.clone(),
        },
    };
    let outcome = app::season(&store, &asked, super::now())?;
    for note in &outcome.notes {
        ui.note(note);
    }
    let (season, league) = (&outcome.season, &outcome.league);
    if let Some(path) = &args.svg {
        store.write_output(path, &report::svg(season, league)?)?;
    }
    if args.json {
        let json = LeagueJson { season, league };
        writeln!(ui.out, "{}", serde_json::to_string_pretty(&json).expect("serialises"))?;
    } else if args.csv {
        write!(ui.out, "{}", report::csv(league))?;
    } else {
        writeln!(ui.out, "{}", report::text(ui, season, league, outcome.other_game))?;
    }
    Ok(())
}
