//! A season of finished games, as every face asks for it: the season's
//! settings (given, kept under a name, or this year's), the finished games
//! of its dates and game, and the standings, ratings and records of them.

use jiff::Timestamp;
use jiff::civil::Date;
use jiff::tz::TimeZone;

use crate::error::{Error, Result};
use crate::store::{SeasonFile, Store};
use three13_core::league::{League, Played, PointsTable, Settings, ended, in_season, league};
use three13_core::rules::Game;
use three13_core::sheet::Session;

/// What is asked: a named season and the settings given over what it keeps.
#[derive(Clone, Debug, Default)]
pub(crate) struct Asked {
    pub(crate) season: Option<String>,
    /// Keep the settings given under the season's name.
    pub(crate) save: bool,
    pub(crate) given: SeasonFile,
}

/// The season as asked for: its name, dates, game and settings.
#[derive(Debug, serde::Serialize)]
pub(crate) struct Season {
    pub(crate) name: String,
    #[serde(serialize_with = "day")]
    pub(crate) since: Date,
    #[serde(serialize_with = "day")]
    pub(crate) until: Date,
    pub(crate) game: &'static str,
    pub(crate) points: String,
    pub(crate) min_games: usize,
    pub(crate) members: Vec<String>,
}

impl Season {
    /// What the standings say where every player of the season is a
    /// guest, on every face.
    pub(crate) fn all_guests(&self) -> String {
        if self.members.is_empty() {
            let s = if self.min_games == 1 { "" } else { "s" };
            format!("No player has {} finished game{s} in this season yet.", self.min_games)
        } else {
            "No member has played in this season yet.".to_string()
        }
    }
}

fn day<S: serde::Serializer>(d: &Date, s: S) -> std::result::Result<S::Ok, S::Error> {
    s.collect_str(d)
}

/// A season worked out.
#[derive(Debug)]
pub(crate) struct Outcome {
    pub(crate) season: Season,
    pub(crate) league: League,
    /// Finished games of the other game in the season's dates.
    pub(crate) other_game: usize,
    /// What was left out and why, for the face to say.
    pub(crate) notes: Vec<String>,
}

/// The season asked for, worked out from the session files now; its
/// settings kept first when asked to.
pub(crate) fn season(store: &Store, asked: &Asked, now: Timestamp) -> Result<Outcome> {
    let kept = match &asked.season {
        Some(name) => {
            let seasons = store.seasons()?;
            match seasons.get(name) {
                Some(s) => s.clone(),
                None if asked.save => SeasonFile::default(),
                None => {
                    let known: Vec<&str> = seasons.keys().map(String::as_str).collect();
                    let hint = if known.is_empty() {
                        format!(
                            "keep one with `three13 league --season {name} --since DATE --until DATE --save`"
                        )
                    } else {
                        format!(
                            "the seasons kept are {}; keep a new one with --save",
                            crate::prose::and_list(&known)
                        )
                    };
                    return Err(Error::data(format!("there is no season {name}")).with_hint(hint));
                }
            }
        }
        None => SeasonFile::default(),
    };
    let g = &asked.given;
    // The settings given, over what the season keeps.
    let given = SeasonFile {
        since: g.since.clone().or(kept.since),
        until: g.until.clone().or(kept.until),
        game: g.game.clone().or(kept.game),
        points: g.points.clone().or(kept.points),
        min_games: g.min_games.or(kept.min_games),
        members: if g.members.is_empty() { kept.members } else { g.members.clone() },
    };
    let tz = TimeZone::system();
    let season = settings(asked.season.as_deref(), &given, now.to_zoned(tz.clone()).year())?;
    let mut notes = Vec::new();
    if asked.save {
        let name = asked.season.as_deref().expect("a season is named to be kept");
        check_season_name(name)?;
        let lock = store.lock()?;
        store.save_season(&lock, name, &given)?;
        notes.push(format!("season {name} kept in {}", store.seasons_path().display()));
    }
    let start =
        season.since.to_zoned(tz.clone()).map_err(|e| Error::usage(format!("--since: {e}")))?.timestamp();
    let end = season
        .until
        .tomorrow()
        .and_then(|d| d.to_zoned(tz.clone()))
        .map_err(|e| Error::usage(format!("--until: {e}")))?
        .timestamp();
    let (names, others) = store.listing()?;
    notes.extend(others);
    let mut sessions: Vec<Session> = Vec::new();
    for name in names {
        match store.load_listed(&name) {
            Ok(Some(s)) => sessions.push(s),
            Ok(None) => {}
            Err(e) => notes.push(format!("session {name} is left out: {e}")),
        }
    }
    let dated: Vec<&Session> =
        sessions.iter().filter(|s| s.finished() && in_season(s, Some(start), Some(end))).collect();
    let game = if season.game == Game::FiveCrowns.name() { Game::FiveCrowns } else { Game::ThreeThirteen };
    let other_game = dated.iter().filter(|s| s.rules().game() != game).count();
    let played: Vec<Played<'_>> = dated
        .iter()
        .filter(|s| s.rules().game() == game)
        .map(|s| Played { session: s, day: ended(s).to_zoned(tz.clone()).date() })
        .collect();
    let counted = Settings {
        points: PointsTable::parse(&season.points)?,
        min_games: season.min_games,
        members: season.members.clone(),
    };
    let league = league(&played, &counted);
    Ok(Outcome { season, league, other_game, notes })
}

/// The season's dates, game and settings, from what is given and kept.
fn settings(name: Option<&str>, given: &SeasonFile, this_year: i16) -> Result<Season> {
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
    let points = match &given.points {
        Some(text) => PointsTable::parse(text)?,
        None => PointsTable::default(),
    };
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
