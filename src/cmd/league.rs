//! `three13 league`: a season of finished games: standings by the club's
//! points, ratings, records, and the standings after each evening.

use std::io::Write;

use jiff::civil::Date;
use jiff::tz::TimeZone;

use crate::cli::{Cli, LeagueArgs};
use crate::error::{Error, Result};
use crate::report::league::{self as report, Season};
use crate::store::SeasonFile;
use crate::ui::Ui;
use three13_core::league::{League, Played, PointsError, PointsTable, Settings, league};
use three13_core::rules::Game;
use three13_core::sheet::Session;

#[derive(Debug, serde::Serialize)]
struct LeagueJson<'a> {
    season: &'a Season,
    #[serde(flatten)]
    league: &'a League,
}

pub(crate) fn run(args: &LeagueArgs, cli: &Cli, ui: &mut Ui) -> Result<()> {
    let store = super::store(cli)?;
    let kept = match &args.season {
        Some(name) => {
            let seasons = store.seasons()?;
            match seasons.get(name) {
                Some(s) => Some(s.clone()),
                None if args.save => None,
                None => {
                    let known: Vec<&str> = seasons.keys().map(String::as_str).collect();
                    let hint = if known.is_empty() {
                        format!(
                            "keep one with `three13 league --season {name} --since DATE --until DATE --save`"
                        )
                    } else {
                        format!(
                            "the seasons kept are {}; keep a new one with --save",
                            super::and_list(&known)
                        )
                    };
                    return Err(Error::data(format!("there is no season {name}")).with_hint(hint));
                }
            }
        }
        None => None,
    };
    let kept = kept.unwrap_or_default();
    // The flags given, over what the season keeps.
    let given = SeasonFile {
        since: args.since.clone().or(kept.since),
        until: args.until.clone().or(kept.until),
        game: args.game.clone().or(kept.game),
        points: args.points.clone().or(kept.points),
        min_games: args.min_games.or(kept.min_games),
        members: if args.members.is_empty() { kept.members } else { args.members.clone() },
    };
    let season = season(args.season.as_deref(), &given)?;
    if args.save {
        let name = args.season.as_deref().expect("clap requires --season with --save");
        check_season_name(name)?;
        let lock = store.lock()?;
        store.save_season(&lock, name, &given)?;
        ui.note(&format!("season {name} kept in {}", store.seasons_path().display()));
    }
    let tz = TimeZone::system();
    let start =
        season.since.to_zoned(tz.clone()).map_err(|e| Error::usage(format!("--since: {e}")))?.timestamp();
    let end = season
        .until
        .tomorrow()
        .and_then(|d| d.to_zoned(tz.clone()))
        .map_err(|e| Error::usage(format!("--until: {e}")))?
        .timestamp();
    let mut sessions: Vec<Session> = Vec::new();
    for name in store.names_noting_others(ui)? {
        match store.load_listed(&name) {
            Ok(Some(s)) => sessions.push(s),
            Ok(None) => {}
            Err(e) => ui.note(&format!("session {name} is left out: {e}")),
        }
    }
    let in_season: Vec<&Session> = sessions
        .iter()
        .filter(|s| s.finished() && three13_core::league::in_season(s, Some(start), Some(end)))
        .collect();
    let game = game_of(season.game);
    let other = in_season.iter().filter(|s| s.rules().game() != game).count();
    let played: Vec<Played<'_>> = in_season
        .iter()
        .filter(|s| s.rules().game() == game)
        .map(|s| Played { session: s, day: three13_core::league::ended(s).to_zoned(tz.clone()).date() })
        .collect();
    let settings = Settings {
        points: points(season.points.as_str())?,
        min_games: season.min_games,
        members: season.members.clone(),
    };
    let league = league(&played, &settings);
    if let Some(path) = &args.svg {
        store.write_output(path, &report::svg(&season, &league)?)?;
    }
    if args.json {
        let json = LeagueJson { season: &season, league: &league };
        writeln!(ui.out, "{}", serde_json::to_string_pretty(&json).expect("serialises"))?;
        return Ok(());
    }
    if args.csv {
        write!(ui.out, "{}", report::csv(&league))?;
        return Ok(());
    }
    writeln!(ui.out, "{}", report::text(ui, &season, &league, other))?;
    Ok(())
}

/// The season's dates, game and settings, from what is given and kept.
fn season(name: Option<&str>, given: &SeasonFile) -> Result<Season> {
    let this_year = crate::clock::now().to_zoned(TimeZone::system()).year();
    let day = |flag: &str, text: &Option<String>, default: Date| -> Result<Date> {
        match text {
            None => Ok(default),
            Some(text) => text.trim().parse().map_err(|_| {
                Error::usage(format!("--{flag}: \"{}\" is not a day like 2026-11-22", text.escape_debug()))
            }),
        }
    };
    let since = day("since", &given.since, Date::new(this_year, 1, 1).expect("a day"))?;
    // Without dates, the year of the start.
    let until = day("until", &given.until, Date::new(since.year(), 12, 31).expect("a day"))?;
    if until < since {
        return Err(Error::usage(format!("--until {until} is before --since {since}"))
            .with_hint("a season runs from --since to --until, both days included"));
    }
    let game = match given.game.as_deref() {
        None | Some("three-thirteen") => Game::ThreeThirteen.name(),
        Some("five-crowns") => Game::FiveCrowns.name(),
        Some(other) => {
            return Err(Error::usage(format!(
                "--game: \"{}\" is not a game; the games are three-thirteen and five-crowns",
                other.escape_debug()
            )));
        }
    };
    let points = points(given.points.as_deref().unwrap_or("1=3,2=2,3=1"))?;
    let name = match name {
        Some(name) => name.to_string(),
        None if given.since.is_none() && given.until.is_none() => since.year().to_string(),
        None => format!("{since} to {until}"),
    };
    Ok(Season {
        name,
        since,
        until,
        game,
        points: points.text(),
        min_games: given.min_games.unwrap_or(3),
        members: given.members.clone(),
    })
}

fn game_of(name: &str) -> Game {
    if name == Game::FiveCrowns.name() { Game::FiveCrowns } else { Game::ThreeThirteen }
}

/// A season's name: a word a file can hold as a key and a shell as an argument.
fn check_season_name(name: &str) -> Result<()> {
    let ok = !name.is_empty()
        && name.len() <= 64
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        && !name.starts_with(['.', '-']);
    if ok {
        Ok(())
    } else {
        Err(Error::usage(format!("\"{}\" cannot name a season", name.escape_debug())).with_hint(
            "a season's name has letters, digits, \".\", \"_\" and \"-\", at most 64 characters, not starting \
             with \".\" or \"-\"",
        ))
    }
}

/// The points table, or what is wrong with it.
fn points(text: &str) -> Result<PointsTable> {
    PointsTable::parse(text).map_err(|e| {
        let what = match e {
            PointsError::Empty => "it names no place".to_string(),
            PointsError::NotEntry { text } => format!("\"{}\" is not PLACE=POINTS", text.escape_debug()),
            PointsError::UnknownKey { key } => {
                format!("\"{}\" is neither a place (1, 1st, 2nd, …) nor out", key.escape_debug())
            }
            PointsError::PlaceOutOfRange { key } => {
                format!("the place \"{}\" is not from 1 to 10", key.escape_debug())
            }
            PointsError::BadValue { key, value } => {
                format!("{key}: \"{}\" is not a number of points from 0 to 1000", value.escape_debug())
            }
            PointsError::Repeated { key } => format!("{key} is given twice"),
        };
        Error::usage(format!("--points: {what}"))
            .with_hint("a table is written like 1=5,2=3,3=1 or 1st=5,2nd=3,3rd=1,out=1")
    })
}
