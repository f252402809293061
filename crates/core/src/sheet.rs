//! The score sheet: the players in seat order, the rounds played, and the
//! points that count under the table's rules.
//!
//! A round records each player's deadwood (what was left in hand), the hands
//! typed, who went out first and who declared out wrongly; the rules turn
//! those into points (doubled rounds, the go-out bonus, the bad go-out
//! penalty), and [`Scoreboard`] computes them once for every report. A
//! session is made by [`Session::new`] or restored from stored parts by
//! [`Session::restore`], which checks everything and names the bad field.
//! Nothing here prints or touches a file.

use std::fmt;

use jiff::Timestamp;
use unicode_normalization::UnicodeNormalization;
use unicode_security::confusable_detection::skeleton;

use crate::card::{Card, Rank};
use crate::hand::{HandError, HandProblem, parse_hand, tokens};
use crate::rules::{Deal, MAX_PLAYERS, Rules, Tiebreak};
use crate::solver::{Solver, Table};

/// The longest player name, in characters.
pub const MAX_PLAYER_NAME: usize = 32;
/// The longest session name, in characters.
pub const MAX_SESSION_NAME: usize = 64;
/// The fewest players of a game.
pub const MIN_PLAYERS: usize = 2;

/// What is wrong with a player's name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NameProblem {
    Empty,
    /// Starts or ends with a space.
    Spaces,
    TooLong,
    /// Holds a control character (a newline or tab).
    Control,
    /// Holds `=`, which would read as NAME=SCORE.
    Equals,
    /// Starts with `-`, which would read as a flag.
    Dash,
    /// Is a number, which would read as a score.
    Number,
    /// Holds a character that shows nothing or turns the text's direction
    /// (a zero-width space, a soft hyphen, a right-to-left override).
    Invisible(char),
}

/// What is wrong with a session's name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SessionNameProblem {
    Empty,
    TooLong,
    /// Holds a character other than ASCII letters, digits, `.`, `_`, `-`.
    Holds(char),
    /// Starts with `.` or `-`.
    StartsWith(char),
    /// A name Windows keeps for a device (`nul`, `com1`).
    Device,
}

/// A score, name or round that the sheet refuses.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum SheetError {
    SessionName {
        name: String,
        problem: SessionNameProblem,
    },
    PlayerName {
        name: String,
        problem: NameProblem,
    },
    TooFewPlayers {
        count: usize,
    },
    TooManyPlayers {
        count: usize,
    },
    /// Two players whose names differ only in case, or not at all.
    SameName {
        first: String,
        second: String,
    },
    /// Two players whose names look alike (`Ann` and `Аnn` with a Cyrillic А).
    LookAlike {
        first: String,
        second: String,
    },
    /// The first dealer's seat is not at the table.
    DealerNotPlaying,
    /// A name typed that is no player of the session.
    NoPlayer {
        name: String,
        players: Vec<String>,
    },
    /// A name stored that is no player of the session.
    NotAPlayer {
        name: String,
        players: Vec<String>,
    },
    GameOver {
        rounds: usize,
    },
    NoRoundToEdit {
        round: usize,
        played: usize,
    },
    /// An edit would give the player who went out a score.
    EditOut {
        player: String,
        round: usize,
    },
    /// An edit would make every score 0 under double_naughts.
    EditReplay {
        round: usize,
    },
    TooManyRounds {
        rounds: usize,
        deals: usize,
    },
    ScoreCount {
        players: usize,
    },
    ScoreTooHigh {
        player: String,
        score: String,
        cards: usize,
        round: usize,
        most: u32,
    },
    OutNotPlaying,
    /// A bad go-out marked where the rules give no penalty for one.
    NoPenaltyRule,
    PenaltyNotPlaying,
    OutNotZero {
        player: String,
        deadwood: u32,
    },
    OutAndPenalty {
        player: String,
    },
    PenalisedTwice {
        player: String,
    },
    NoScore {
        player: String,
    },
    NegativeScore {
        player: String,
        text: String,
    },
    NotWhole {
        player: String,
        text: String,
    },
    Hand {
        player: String,
        error: Box<HandError>,
    },
    HandSize {
        player: String,
        count: usize,
        round: usize,
        dealt: usize,
    },
    StoredHandSize {
        player: String,
        count: usize,
        round: usize,
        dealt: usize,
    },
    HandMismatch {
        player: String,
        solved: u32,
        recorded: u32,
    },
    TwoScores {
        player: String,
    },
    TwoHands {
        player: String,
    },
    NegativeDeadwood {
        player: String,
        value: i64,
    },
    MissingScore {
        player: String,
    },
    RoundNumber {
        found: i64,
        expected: usize,
    },
    RoundBeyond {
        round: usize,
        deals: usize,
    },
    /// Cards without suits as many as the round deals: a whole hand that
    /// cannot be solved.
    NeedsSuits {
        player: String,
        count: usize,
        round: usize,
    },
    /// `out` typed for two players.
    TwoOut {
        first: String,
        second: String,
    },
    /// A score, mark or dealer for a player who did not play the round.
    NotInRound {
        player: String,
        round: usize,
    },
    /// The rules would leave out rounds already played.
    RoundsPlayed {
        played: usize,
        deals: usize,
    },
    /// A round that the new rules would make wrong.
    InRound {
        round: usize,
        error: Box<SheetError>,
    },
    /// A round past the next one, for a dealer.
    NoRoundToDeal {
        round: usize,
        next: usize,
    },
    /// A player who has already left.
    HasLeft {
        player: String,
    },
    /// A seat number past the table.
    SeatBeyond {
        seat: usize,
        seats: usize,
    },
    /// A stored list of seats that does not fit the game.
    SeatRound {
        player: String,
        round: i64,
        played: usize,
    },
    /// A stored starting total out of range.
    StartingTotal {
        player: String,
        total: i64,
    },
    /// A change that would change nothing.
    Unchanged,
    /// A stored tiebreak the rules or the totals do not call for.
    NoTie,
    /// A stored tiebreak of another kind than the rules' `tiebreak`.
    PlayoffKind,
    /// A stored tiebreak that leaves out a tied player, or names another.
    PlayoffPlayers {
        tied: Vec<String>,
    },
    /// A drawn card that is not one card of a standard deck.
    DrawnCard {
        player: String,
        text: String,
    },
}

impl fmt::Display for SheetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SheetError as E;
        match self {
            E::SessionName { name, problem } => {
                let rule = "a session name has letters, digits, \".\", \"_\" and \"-\", at most 64 characters, \
                            and does not start with \".\" or \"-\"";
                let shown: String =
                    name.chars().take(MAX_SESSION_NAME).collect::<String>().escape_debug().to_string();
                let what = match problem {
                    SessionNameProblem::Empty => return write!(f, "the session name is empty; {rule}"),
                    SessionNameProblem::TooLong => "is too long".to_string(),
                    SessionNameProblem::Holds(c) => format!("holds \"{}\"", c.escape_debug()),
                    SessionNameProblem::StartsWith(c) => format!("starts with \"{c}\""),
                    SessionNameProblem::Device => "is a device name on Windows".to_string(),
                };
                write!(f, "the session name \"{shown}\" {what}; {rule}")
            }
            E::PlayerName { name, problem } => {
                let shown = shown(name);
                match problem {
                    NameProblem::Empty => f.write_str("a player name cannot be empty"),
                    NameProblem::Spaces => {
                        write!(f, "the player name \"{shown}\" starts or ends with a space")
                    }
                    NameProblem::TooLong => write!(
                        f,
                        "the player name \"{}…\" is longer than {MAX_PLAYER_NAME} characters",
                        name.chars().take(MAX_PLAYER_NAME).collect::<String>().escape_debug()
                    ),
                    NameProblem::Control => {
                        write!(f, "the player name \"{shown}\" holds a control character (a newline or tab)")
                    }
                    NameProblem::Equals => {
                        write!(f, "the player name \"{shown}\" holds \"=\", which would read as NAME=SCORE")
                    }
                    NameProblem::Dash => {
                        write!(f, "the player name \"{shown}\" starts with \"-\", which would read as a flag")
                    }
                    NameProblem::Number => {
                        write!(f, "the player name \"{shown}\" is a number, which would read as a score")
                    }
                    NameProblem::Invisible(c) => write!(
                        f,
                        "the player name \"{shown}\" holds U+{:04X}, a character that shows nothing or turns \
                         the text around, so the name could not be told apart from another",
                        *c as u32
                    ),
                }
            }
            E::TooFewPlayers { count } => {
                write!(f, "a game needs at least {MIN_PLAYERS} players, not {count}")
            }
            E::TooManyPlayers { count } => write!(f, "a game has at most {MAX_PLAYERS} players, not {count}"),
            E::SameName { first, second } => {
                if first == second {
                    write!(f, "\"{first}\" is named twice; each player needs their own name")
                } else {
                    write!(
                        f,
                        "\"{first}\" and \"{second}\" are the same name; each player needs their own name"
                    )
                }
            }
            E::LookAlike { first, second } => write!(
                f,
                "\"{}\" and \"{}\" look the same; each player needs a name that reads differently",
                shown(first),
                shown(second)
            ),
            E::DealerNotPlaying => f.write_str("the first dealer must be one of the players"),
            E::NoPlayer { name, players } => write!(
                f,
                "no player named \"{}\" in this session; the players are {}",
                shown(name.trim()),
                players.join(", ")
            ),
            E::NotAPlayer { name, players } => {
                write!(f, "\"{}\" is not one of the players ({})", name.escape_debug(), players.join(", "))
            }
            E::GameOver { rounds } => write!(f, "the game is over: all {rounds} rounds are in"),
            E::NoRoundToEdit { round, played } => {
                let which = match played {
                    0 => "no round is recorded yet".to_string(),
                    1 => "only round 1 is recorded".to_string(),
                    n => format!("rounds 1 to {n} are recorded"),
                };
                write!(f, "there is no round {round} to edit; {which}")
            }
            E::EditOut { player, round } => {
                write!(f, "{player} went out in round {round}, so their deadwood must be 0")
            }
            E::EditReplay { .. } => {
                f.write_str("with double_naughts, a round where everyone scores 0 is replayed, not recorded")
            }
            E::TooManyRounds { rounds, deals } => {
                write!(f, "there are {rounds} rounds, but these rules play {deals}")
            }
            E::ScoreCount { players } => write!(f, "a round needs a score for each of the {players} players"),
            E::ScoreTooHigh { player, score, cards, round, most } => write!(
                f,
                "{player}'s score {score} is more than {cards} cards can hold: at most {most} in round {round}"
            ),
            E::OutNotPlaying => f.write_str("the player out is not in the session"),
            E::NoPenaltyRule => {
                f.write_str("these rules give no penalty for a bad go-out (bad_go_out_penalty is 0)")
            }
            E::PenaltyNotPlaying => f.write_str("a penalised player is not in the session"),
            E::OutNotZero { player, deadwood } => {
                write!(f, "{player} went out, so their deadwood must be 0, not {deadwood}")
            }
            E::OutAndPenalty { player } => {
                write!(f, "{player} cannot both go out and be penalised for a bad go-out")
            }
            E::PenalisedTwice { player } => write!(f, "{player} is penalised twice in one round"),
            E::NoScore { player } => write!(f, "no score for {player}"),
            E::NegativeScore { player, text } => write!(
                f,
                "{player}'s score cannot be negative ({}); a score is the deadwood left in hand, 0 or more",
                shown(text)
            ),
            E::NotWhole { player, text } => {
                write!(f, "{player}'s score \"{}\" is not a whole number", shown(text))
            }
            E::Hand { player, error } => write!(f, "{player}'s hand: {error}"),
            E::HandSize { player, count, round, dealt } => write!(
                f,
                "{player}'s hand has {count} cards, but round {round} deals {dealt}; \
                 type the hand held at the end of the round"
            ),
            E::StoredHandSize { player, count, round, dealt } => {
                write!(f, "{player}'s hand has {count} cards, but round {round} deals {dealt}")
            }
            E::HandMismatch { player, solved, recorded } => write!(
                f,
                "{player}'s hand leaves {solved} deadwood, but the deadwood says {recorded}; \
                 fix one of them, or remove the hand"
            ),
            E::TwoScores { player } => write!(f, "two scores for {player}"),
            E::TwoHands { player } => write!(f, "two hands for {player}"),
            E::NegativeDeadwood { player, value } => {
                write!(f, "{player}'s deadwood is {value}; it cannot be negative")
            }
            E::MissingScore { player } => write!(f, "no score for {player} in deadwood"),
            E::RoundNumber { found, expected } => write!(
                f,
                "round = {found} where round {expected} should be: the rounds must be numbered 1, 2, 3… in order"
            ),
            E::RoundBeyond { round, deals } => {
                write!(f, "round {round}: these rules play only {deals} rounds")
            }
            E::NeedsSuits { player, count, round } => write!(
                f,
                "{player}'s score: {count} cards is a whole hand of round {round}, and a hand is solved \
                 only with its suits (like Kh 9c 4d); give the suits, or the points as a number"
            ),
            E::TwoOut { first, second } => {
                write!(f, "both {first} and {second} are marked out; only the first player out is")
            }
            E::NotInRound { player, round } => write!(f, "{player} did not play round {round}"),
            E::RoundsPlayed { played, deals } => write!(
                f,
                "{played} rounds are played, but these rules play only {deals}; \
                 a round that is played cannot be left out"
            ),
            E::InRound { round, error } => write!(f, "round {round}: {error}"),
            E::NoRoundToDeal { round, next } => {
                write!(f, "there is no round {round} to set a dealer for; the next round is {next}")
            }
            E::HasLeft { player } => write!(f, "{player} has already left the game"),
            E::SeatBeyond { seat, seats } => {
                write!(f, "there is no seat {seat}: the seats are 1 to {seats}")
            }
            E::SeatRound { player, round, played } => {
                write!(f, "{player}: {round} is not a round count of this game ({played} rounds are played)")
            }
            E::StartingTotal { player, total } => {
                write!(f, "{player}'s starting total {total} is out of range")
            }
            E::Unchanged => f.write_str("nothing to change"),
            E::NoTie => f.write_str("a tiebreak is recorded, but the game has no tie for the win to break"),
            E::PlayoffKind => {
                f.write_str("the tiebreak recorded is not the kind the rules' tiebreak setting names")
            }
            E::PlayoffPlayers { tied } => {
                write!(f, "the tiebreak must be between the players tied for the win: {}", tied.join(", "))
            }
            E::DrawnCard { player, text } => {
                write!(f, "{player}'s drawn card \"{}\" is not a card of a standard deck", shown(text))
            }
        }
    }
}

impl std::error::Error for SheetError {}

/// One game's score sheet.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Session {
    name: String,
    /// In seat order: the deal passes from each player to the next.
    players: Vec<String>,
    /// The seat of the player who dealt round 1.
    first_dealer: usize,
    rules: Rules,
    created: Timestamp,
    updated: Timestamp,
    /// The rounds played, round 1 first.
    rounds: Vec<RoundRecord>,
    /// When each player joined and left, and their former names; by seat.
    seats: Vec<Seat>,
    /// Dealers named for a round, `(round, seat)` by round: the deal moves
    /// on from each.
    dealers: Vec<(usize, usize)>,
    /// How a tie for the win was broken, once it was.
    playoff: Option<Playoff>,
}

/// When a player joined and left the game, and what they were called.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Seat {
    /// The rounds already recorded when the player joined: they play the
    /// rounds after (0: from the start).
    pub joined: usize,
    /// Their total when they joined (a house rule: the highest at the table).
    pub start: i32,
    /// The rounds recorded when they left, if they did: they play no round after.
    pub left: Option<usize>,
    /// The names they had before, oldest first.
    pub former_names: Vec<String>,
}

impl Seat {
    /// Whether the player plays round `round` (from 1).
    pub fn plays(&self, round: usize) -> bool {
        round > self.joined && self.left.is_none_or(|l| round <= l)
    }
}

/// One change that [`Session::edit_round`] made.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Change {
    Score { seat: usize, old: u32, new: Score },
    Out { old: Option<usize>, new: Option<usize> },
    Penalty { seat: usize, added: bool },
    Dealer { old: usize, new: usize },
}

/// What to change in a recorded round; what is not given stays.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct RoundEdit {
    pub scores: Vec<(usize, Score)>,
    /// `Some(None)`: nobody went out.
    pub out: Option<Option<usize>>,
    pub penalise: Vec<usize>,
    pub forgive: Vec<usize>,
    pub dealer: Option<usize>,
}

/// A typed hand scored again under new rules.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Rescored {
    pub round: usize,
    pub seat: usize,
    pub old: u32,
    pub new: u32,
}

/// How a tie for the win at the end was broken (the rules' `tiebreak`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Playoff {
    /// The tiebreaker round: each tied seat's score, in seat order.
    Round(Vec<(usize, Score)>),
    /// The draws, first to last: each drawing seat's card, in seat order.
    /// Only the players tied on the lowest card draw again.
    Draws(Vec<Vec<(usize, Card)>>),
}

/// A tiebreak as a file stores it, by player name.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StoredPlayoff {
    Round { deadwood: Vec<(String, i64)>, hands: Vec<(String, String)> },
    Draws(Vec<Vec<(String, String)>>),
}

/// One round as the table reported it. Every vector is indexed by seat; a
/// session checks a round before it takes it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RoundRecord {
    /// What each player was left holding: the minimum deadwood of the hand.
    pub deadwood: Vec<u32>,
    /// The hand each player typed, when a hand was typed instead of a number.
    pub hands: Vec<Option<Vec<Card>>>,
    /// The seat of the first player to go out.
    pub out: Option<usize>,
    /// The seats of players who declared out with a hand that does not meld.
    pub penalties: Vec<usize>,
}

impl RoundRecord {
    /// A round with every player's deadwood and nothing else.
    pub fn from_deadwood(deadwood: Vec<u32>) -> RoundRecord {
        let hands = vec![None; deadwood.len()];
        RoundRecord { deadwood, hands, out: None, penalties: Vec::new() }
    }
}

/// What adding a round did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Added {
    /// The round was recorded under this number.
    Recorded(usize),
    /// Everyone scored 0 under `double_naughts`: the round is played again,
    /// same number, same dealer, and nothing is recorded.
    Replayed(usize),
}

/// One score as typed: its deadwood, how it was typed and, when a hand
/// was typed, the hand.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Score {
    pub deadwood: u32,
    pub hand: Option<Vec<Card>>,
    pub form: ScoreForm,
}

impl Score {
    /// A number typed.
    pub fn number(deadwood: u32) -> Score {
        Score { deadwood, hand: None, form: ScoreForm::Number }
    }

    /// A score as a round records it: the deadwood, and the hand if one
    /// was typed.
    pub fn recorded(deadwood: u32, hand: Option<Vec<Card>>) -> Score {
        let form = if hand.is_some() { ScoreForm::Hand } else { ScoreForm::Number };
        Score { deadwood, hand, form }
    }

    /// Whether `out` was typed: 0, and the player went out.
    pub fn out(&self) -> bool {
        self.form == ScoreForm::Out
    }
}

/// How a score was typed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ScoreForm {
    /// A number: `12`.
    Number,
    /// Numbers added up: `13+9+4`.
    Sum(Vec<u32>),
    /// The cards left over, fewer than the round deals, each with its value:
    /// `K 9 4` or `Kh 9c 4d`.
    Leftover(Vec<(Leftover, u32)>),
    /// A hand of the round's size, solved: the hand is in [`Score::hand`].
    Hand,
    /// `out`: 0, and the player went out.
    Out,
}

/// A card left over, as typed: with its suit or by rank alone.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Leftover {
    Card(Card),
    Rank(Rank),
}

impl fmt::Display for Leftover {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Leftover::Card(c) => write!(f, "{}", c.ascii()),
            Leftover::Rank(r) => f.write_str(r.label()),
        }
    }
}

/// A session as a file stores it, names where the session holds seats:
/// the input of [`Session::restore`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StoredSession {
    pub name: String,
    pub players: Vec<String>,
    pub first_dealer: String,
    pub rules: Rules,
    pub created: Timestamp,
    pub updated: Timestamp,
    pub rounds: Vec<StoredRound>,
    /// Players who joined late: name, rounds played before, starting total.
    pub joined: Vec<(String, i64, i64)>,
    /// Players who left: name, rounds played when they left.
    pub left: Vec<(String, i64)>,
    /// Former names by player.
    pub former_names: Vec<(String, Vec<String>)>,
    /// Dealers named for a round: round, player.
    pub dealers: Vec<(i64, String)>,
    pub playoff: Option<StoredPlayoff>,
}

/// One stored round: scores and hands by player name, in the file's order.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct StoredRound {
    pub round: i64,
    pub deadwood: Vec<(String, i64)>,
    pub hands: Vec<(String, String)>,
    pub out: Option<String>,
    pub penalties: Vec<String>,
}

/// The part of a stored session that a [`RestoreError`] blames. Rounds and
/// entries count from 0, in the stored order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Field {
    Players,
    FirstDealer,
    /// A round as a whole.
    Round(usize),
    /// A round's number.
    RoundNumber(usize),
    /// A round's scores as a whole.
    Deadwood(usize),
    /// The name of one score.
    DeadwoodName(usize, usize),
    /// The value of one score.
    DeadwoodValue(usize, usize),
    /// The name of one hand.
    HandName(usize, usize),
    /// The cards of one hand.
    HandCards(usize, usize),
    Out(usize),
    Penalty(usize, usize),
    /// One entry of the players who joined late.
    Joined(usize),
    /// One entry of the players who left.
    Left(usize),
    /// One entry of the former names.
    FormerNames(usize),
    /// One dealer named for a round.
    Dealer(usize),
    /// The tiebreak as a whole.
    Playoff,
}

/// Why a stored session does not restore, and where.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RestoreError {
    pub field: Field,
    pub error: SheetError,
}

impl Session {
    /// A new game with no rounds. Checks the names and the dealer's seat.
    pub fn new(
        name: &str,
        players: Vec<String>,
        first_dealer: usize,
        rules: Rules,
        now: Timestamp,
    ) -> Result<Session, SheetError> {
        check_session_name(name)?;
        check_player_names(&players)?;
        let players: Vec<String> = players.iter().map(|p| normalised(p)).collect();
        if first_dealer >= players.len() {
            return Err(SheetError::DealerNotPlaying);
        }
        let seats = vec![Seat::default(); players.len()];
        Ok(Session {
            name: name.to_string(),
            players,
            first_dealer,
            rules,
            created: now,
            updated: now,
            rounds: Vec::new(),
            seats,
            dealers: Vec::new(),
            playoff: None,
        })
    }

    /// A session from its stored parts, checked as a new one and round by
    /// round as each was added; the error names the field to blame.
    pub fn restore(stored: StoredSession, solver: &mut Solver) -> Result<Session, RestoreError> {
        let at = |field: Field| move |error: SheetError| RestoreError { field, error };
        check_session_name(&stored.name).map_err(at(Field::Players))?;
        // Players who left stay on the sheet: the count that matters is of
        // those still at the table, checked below.
        for name in &stored.players {
            check_player_name(name).map_err(at(Field::Players))?;
        }
        if stored.players.len() < MIN_PLAYERS {
            return Err(at(Field::Players)(SheetError::TooFewPlayers { count: stored.players.len() }));
        }
        if stored.players.len() > 2 * MAX_PLAYERS {
            return Err(at(Field::Players)(SheetError::TooManyPlayers { count: stored.players.len() }));
        }
        names_apart(&stored.players).map_err(at(Field::Players))?;
        let players = stored.players;
        let seat = |name: &str| {
            seat_in(&players, name)
                .ok_or_else(|| SheetError::NotAPlayer { name: name.to_string(), players: players.clone() })
        };
        let first_dealer = seat(&stored.first_dealer).map_err(at(Field::FirstDealer))?;
        let mut session = Session {
            name: stored.name,
            players: players.clone(),
            first_dealer,
            rules: stored.rules,
            created: stored.created,
            updated: stored.updated,
            rounds: Vec::with_capacity(stored.rounds.len()),
            seats: vec![Seat::default(); players.len()],
            dealers: Vec::new(),
            playoff: None,
        };
        let deals = session.deals().len();
        let played = stored.rounds.len();
        let count = |player: &str, round: i64| {
            usize::try_from(round).ok().filter(|&r| r <= deals).ok_or(SheetError::SeatRound {
                player: player.to_string(),
                round,
                played,
            })
        };
        for (k, (name, after, total)) in stored.joined.iter().enumerate() {
            let s = seat(name).map_err(at(Field::Joined(k)))?;
            let player = players[s].clone();
            let joined = count(&player, *after).map_err(at(Field::Joined(k)))?;
            let start = i32::try_from(*total)
                .ok()
                .filter(|t| t.abs() <= 1_000_000)
                .ok_or(SheetError::StartingTotal { player, total: *total })
                .map_err(at(Field::Joined(k)))?;
            session.seats[s].joined = joined;
            session.seats[s].start = start;
        }
        for (k, (name, after)) in stored.left.iter().enumerate() {
            let s = seat(name).map_err(at(Field::Left(k)))?;
            let player = players[s].clone();
            let left = count(&player, *after).map_err(at(Field::Left(k)))?;
            if left <= session.seats[s].joined {
                return Err(at(Field::Left(k))(SheetError::SeatRound { player, round: *after, played }));
            }
            session.seats[s].left = Some(left);
        }
        if session.active().len() < MIN_PLAYERS {
            return Err(at(Field::Players)(SheetError::TooFewPlayers { count: session.active().len() }));
        }
        if session.active().len() > MAX_PLAYERS {
            return Err(at(Field::Players)(SheetError::TooManyPlayers { count: session.active().len() }));
        }
        if !session.seats[first_dealer].plays(1) {
            return Err(at(Field::FirstDealer)(SheetError::NotInRound {
                player: players[first_dealer].clone(),
                round: 1,
            }));
        }
        for (k, (name, former)) in stored.former_names.iter().enumerate() {
            let s = seat(name).map_err(at(Field::FormerNames(k)))?;
            for f in former {
                check_player_name(f).map_err(at(Field::FormerNames(k)))?;
            }
            session.seats[s].former_names = former.clone();
        }
        for (k, (round, name)) in stored.dealers.iter().enumerate() {
            let s = seat(name).map_err(at(Field::Dealer(k)))?;
            let next = (played + 1).min(deals);
            let round = usize::try_from(*round)
                .ok()
                .filter(|&r| (2..=next).contains(&r) && session.dealers.iter().all(|&(o, _)| o < r))
                .ok_or(SheetError::NoRoundToDeal { round: (*round).max(0) as usize, next })
                .map_err(at(Field::Dealer(k)))?;
            if !session.seats[s].plays(round) {
                return Err(at(Field::Dealer(k))(SheetError::NotInRound {
                    player: players[s].clone(),
                    round,
                }));
            }
            session.dealers.push((round, s));
        }
        for (i, r) in stored.rounds.into_iter().enumerate() {
            let number = i + 1;
            if r.round != number as i64 {
                return Err(at(Field::RoundNumber(i))(SheetError::RoundNumber {
                    found: r.round,
                    expected: number,
                }));
            }
            if number > deals {
                return Err(at(Field::RoundNumber(i))(SheetError::RoundBeyond { round: number, deals }));
            }
            let n = players.len();
            let mut deadwood: Vec<Option<u32>> = vec![None; n];
            for (k, (name, value)) in r.deadwood.iter().enumerate() {
                let s = seat(name).map_err(at(Field::DeadwoodName(i, k)))?;
                let player = players[s].clone();
                if !session.seats[s].plays(number) {
                    return Err(at(Field::DeadwoodName(i, k))(SheetError::NotInRound {
                        player,
                        round: number,
                    }));
                }
                if deadwood[s].is_some() {
                    return Err(at(Field::DeadwoodName(i, k))(SheetError::TwoScores { player }));
                }
                let v = u32::try_from(*value).map_err(|_| {
                    let error = if *value < 0 {
                        SheetError::NegativeDeadwood { player: player.clone(), value: *value }
                    } else {
                        let deal = session.rules.deal(number).expect("a round of the rules");
                        too_high(&player, value, &deal, session.rules.max_deadwood(deal.cards))
                    };
                    at(Field::DeadwoodValue(i, k))(error)
                })?;
                deadwood[s] = Some(v);
            }
            if let Some(missing) = (0..n).find(|&s| deadwood[s].is_none() && session.seats[s].plays(number)) {
                let player = players[missing].clone();
                return Err(at(Field::Deadwood(i))(SheetError::MissingScore { player }));
            }
            let mut record =
                RoundRecord::from_deadwood(deadwood.into_iter().map(Option::unwrap_or_default).collect());
            for (k, (name, text)) in r.hands.iter().enumerate() {
                let s = seat(name).map_err(at(Field::HandName(i, k)))?;
                let player = players[s].clone();
                if record.hands[s].is_some() {
                    return Err(at(Field::HandName(i, k))(SheetError::TwoHands { player }));
                }
                let cards = parse_hand(text, &session.rules).map_err(|error| {
                    at(Field::HandCards(i, k))(SheetError::Hand { player, error: Box::new(error) })
                })?;
                record.hands[s] = Some(cards);
            }
            if let Some(out) = &r.out {
                record.out = Some(seat(out).map_err(at(Field::Out(i)))?);
            }
            for (k, p) in r.penalties.iter().enumerate() {
                record.penalties.push(seat(p).map_err(at(Field::Penalty(i, k)))?);
            }
            session.rounds.push(record);
            session.check_stored_round(i, solver).map_err(at(Field::Round(i)))?;
        }
        if let Some(playoff) = stored.playoff {
            session.playoff = Some(session.restore_playoff(playoff, solver).map_err(at(Field::Playoff))?);
        }
        Ok(session)
    }

    /// A stored tiebreak, checked: the kind the rules name, between exactly
    /// the tied players, each score or draw valid.
    fn restore_playoff(&self, stored: StoredPlayoff, solver: &mut Solver) -> Result<Playoff, SheetError> {
        let tied = self.tied();
        if tied.is_empty() {
            return Err(SheetError::NoTie);
        }
        let wrong_players =
            || SheetError::PlayoffPlayers { tied: tied.iter().map(|&s| self.players[s].clone()).collect() };
        // The seats named, in seat order; they must be `expected`.
        let seats_of = |names: &[&String], expected: &[usize]| -> Result<Vec<usize>, SheetError> {
            let mut seats = Vec::new();
            for name in names {
                let seat = self.seat_of(name).map_err(|_| wrong_players())?;
                if seats.contains(&seat) {
                    return Err(wrong_players());
                }
                seats.push(seat);
            }
            seats.sort_unstable();
            if seats != expected { Err(wrong_players()) } else { Ok(seats) }
        };
        match (stored, self.rules.tiebreak) {
            (StoredPlayoff::Round { deadwood, hands }, Tiebreak::Round) => {
                let names: Vec<&String> = deadwood.iter().map(|(n, _)| n).collect();
                seats_of(&names, &tied)?;
                let deal = self.rules.tiebreak_deal();
                let table = Table::new(&self.rules, deal.wild);
                let most = self.rules.max_deadwood(deal.cards);
                let mut scores = Vec::new();
                for &seat in &tied {
                    let player = self.players[seat].clone();
                    let (_, value) = deadwood.iter().find(|(n, _)| same_name(n, &player)).expect("named");
                    let d = u32::try_from(*value).map_err(|_| SheetError::NegativeDeadwood {
                        player: player.clone(),
                        value: *value,
                    })?;
                    if d > most {
                        return Err(too_high(&player, d, &deal, most));
                    }
                    let hand = match hands.iter().find(|(n, _)| same_name(n, &player)) {
                        None => None,
                        Some((_, text)) => {
                            let cards = parse_hand(text, &self.rules).map_err(|error| SheetError::Hand {
                                player: player.clone(),
                                error: Box::new(error),
                            })?;
                            if cards.len() != deal.cards {
                                return Err(SheetError::StoredHandSize {
                                    player,
                                    count: cards.len(),
                                    round: deal.round,
                                    dealt: deal.cards,
                                });
                            }
                            let solved = solver.deadwood(&cards, &table);
                            if solved != d {
                                return Err(SheetError::HandMismatch { player, solved, recorded: d });
                            }
                            Some(cards)
                        }
                    };
                    scores.push((seat, Score::recorded(d, hand)));
                }
                if let Some((name, _)) =
                    hands.iter().find(|(n, _)| !tied.iter().any(|&s| same_name(n, &self.players[s])))
                {
                    let _ = name;
                    return Err(wrong_players());
                }
                Ok(Playoff::Round(scores))
            }
            (StoredPlayoff::Draws(draws), Tiebreak::Draw) => {
                let mut drawing = tied.clone();
                let mut out = Vec::new();
                for draw in draws {
                    if drawing.len() < 2 {
                        return Err(wrong_players());
                    }
                    let names: Vec<&String> = draw.iter().map(|(n, _)| n).collect();
                    seats_of(&names, &drawing)?;
                    let mut cards = Vec::new();
                    for &seat in &drawing {
                        let player = self.players[seat].clone();
                        let (_, text) = draw.iter().find(|(n, _)| same_name(n, &player)).expect("named");
                        let card = Card::parse(text)
                            .ok()
                            .filter(|c| !c.is_joker())
                            .ok_or_else(|| SheetError::DrawnCard { player, text: text.clone() })?;
                        cards.push((seat, card));
                    }
                    drawing = lowest_draws(&cards);
                    out.push(cards);
                }
                if drawing.len() > 1 {
                    // The last draw tied again: the next draw is missing.
                    return Err(wrong_players());
                }
                Ok(Playoff::Draws(out))
            }
            _ => Err(SheetError::PlayoffKind),
        }
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The players in seat order, those who left included.
    pub fn players(&self) -> &[String] {
        &self.players
    }

    /// The seat of the player who dealt round 1.
    pub fn first_dealer(&self) -> usize {
        self.first_dealer
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn created(&self) -> Timestamp {
        self.created
    }

    pub fn updated(&self) -> Timestamp {
        self.updated
    }

    /// The rounds played, round 1 first.
    pub fn rounds(&self) -> &[RoundRecord] {
        &self.rounds
    }

    /// When each player joined and left, and their former names; by seat.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The dealers named for a round, `(round, seat)`, by round.
    pub fn dealer_changes(&self) -> &[(usize, usize)] {
        &self.dealers
    }

    /// Whether the player at `seat` plays round `round` (from 1): seated
    /// for it, and in the tiebreaker round one of the tied players.
    pub fn plays(&self, seat: usize, round: usize) -> bool {
        if round > self.deals().len() {
            return self.tied().contains(&seat);
        }
        self.seats[seat].plays(round)
    }

    /// The seats of the players of round `round`, in seat order: those
    /// seated for it, and in the tiebreaker round only the tied players.
    pub fn playing(&self, round: usize) -> Vec<usize> {
        if round > self.deals().len() {
            return self.tied();
        }
        (0..self.players.len()).filter(|&s| self.seats[s].plays(round)).collect()
    }

    /// The seats of the players still at the table.
    pub fn active(&self) -> Vec<usize> {
        (0..self.players.len()).filter(|&s| self.seats[s].left.is_none()).collect()
    }

    /// How the tie for the win was broken, once it was.
    pub fn playoff(&self) -> Option<&Playoff> {
        self.playoff.as_ref()
    }

    /// The seats tied for the lowest total among the players still at the
    /// table once every round of the rules is in; empty when one player
    /// leads alone or rounds remain.
    pub fn tied(&self) -> Vec<usize> {
        if self.rounds.len() < self.deals().len() {
            return Vec::new();
        }
        let totals = self.scoreboard_totals();
        let standing = self.active();
        let best = standing.iter().map(|&s| totals[s]).min().unwrap_or(0);
        let tied: Vec<usize> = standing.into_iter().filter(|&s| totals[s] == best).collect();
        if tied.len() > 1 { tied } else { Vec::new() }
    }

    /// Each seat's total: the starting total, then every round's points.
    fn scoreboard_totals(&self) -> Vec<i32> {
        let mut totals: Vec<i32> = self.seats.iter().map(|seat| seat.start).collect();
        for (i, r) in self.rounds.iter().enumerate() {
            let deal = self.rules.deal(i + 1).expect("a recorded round is one of the rules");
            for (t, p) in totals.iter_mut().zip(points(&self.rules, &deal, r)) {
                *t += p;
            }
        }
        totals
    }

    /// The tiebreaker round, when the rules call for one and it is not yet
    /// played.
    pub fn tiebreak_round(&self) -> Option<Deal> {
        let due = self.rules.tiebreak == Tiebreak::Round && self.playoff.is_none() && !self.tied().is_empty();
        due.then(|| self.rules.tiebreak_deal())
    }

    /// Whether the tied players still have to draw cards.
    pub fn draw_due(&self) -> bool {
        self.rules.tiebreak == Tiebreak::Draw && self.playoff.is_none() && !self.tied().is_empty()
    }

    /// The deal of round `round` (from 1): a round of the rules, or the
    /// tiebreaker round after them.
    pub fn deal(&self, round: usize) -> Option<Deal> {
        self.rules.deal(round).or_else(|| {
            let t = self.rules.tiebreak_deal();
            (self.rules.tiebreak == Tiebreak::Round && round == t.round).then_some(t)
        })
    }

    /// Draws the tiebreak, when it is due: each tied player takes a card
    /// from a shuffled deck of the rules' decks (no jokers), lowest rank
    /// wins, and those tied on the lowest draw again from a new shuffle.
    /// `pick(n)` gives a number below `n`: the source of chance, passed in
    /// so that the game stays deterministic under test. Gives whether it drew.
    pub fn draw_tiebreak(&mut self, mut pick: impl FnMut(usize) -> usize, now: Timestamp) -> bool {
        if !self.draw_due() {
            return false;
        }
        let mut drawing = self.tied();
        let mut draws = Vec::new();
        // A fair source ends this in a few draws; the bound only guards
        // against one that keeps giving equal cards.
        while drawing.len() > 1 && draws.len() < 100 {
            let mut deck: Vec<Card> = (0..self.rules.decks.max(1)).flat_map(|_| Card::deck()).collect();
            for i in (1..deck.len()).rev() {
                deck.swap(i, pick(i + 1) % (i + 1));
            }
            let cards: Vec<(usize, Card)> = drawing.iter().copied().zip(deck).collect();
            drawing = lowest_draws(&cards);
            draws.push(cards);
        }
        self.playoff = Some(Playoff::Draws(draws));
        self.updated = now;
        true
    }

    /// Removes the tiebreaker round, if one is recorded.
    pub fn undo_tiebreak_round(&mut self, now: Timestamp) -> Option<Vec<(usize, Score)>> {
        match self.playoff.take() {
            Some(Playoff::Round(scores)) => {
                self.updated = now;
                Some(scores)
            }
            other => {
                self.playoff = other;
                None
            }
        }
    }

    /// Drops a tiebreak that no longer fits the totals, the players or the
    /// rules after a change.
    fn settle_playoff(&mut self) {
        let tied = self.tied();
        let fits = match &self.playoff {
            None => true,
            Some(Playoff::Round(scores)) => {
                self.rules.tiebreak == Tiebreak::Round
                    && scores.iter().map(|(s, _)| *s).eq(tied.iter().copied())
            }
            Some(Playoff::Draws(draws)) => {
                self.rules.tiebreak == Tiebreak::Draw
                    && draws.first().is_some_and(|d| d.iter().map(|(s, _)| *s).eq(tied.iter().copied()))
            }
        };
        if !fits {
            self.playoff = None;
        }
    }

    /// The seat of the player a person typed: the name without regard to
    /// case, else the one name it begins (`B` for Bob, unless Bea plays too).
    pub fn seat(&self, typed: &str) -> Option<usize> {
        find_seat(&self.players, typed)
    }

    /// The seat of `name`, or an error listing the players.
    pub fn seat_of(&self, name: &str) -> Result<usize, SheetError> {
        self.seat(name)
            .ok_or_else(|| SheetError::NoPlayer { name: name.to_string(), players: self.players.clone() })
    }

    /// Every round of the rules.
    pub fn deals(&self) -> Vec<Deal> {
        self.rules.deals()
    }

    /// The seat of the dealer of round `round` (from 1): the first dealer,
    /// then one seat on each round, skipping those not playing; a dealer
    /// named for a round moves the deal on from there.
    pub fn dealer(&self, round: usize) -> usize {
        self.dealer_skipping(round, None)
    }

    /// The dealer of `round`, leaving out the dealer named for round `skip`.
    fn dealer_skipping(&self, round: usize, skip: Option<usize>) -> usize {
        let n = self.players.len();
        let mut dealer = self.first_dealer;
        for r in 2..=round {
            if let Some(&(_, seat)) = self.dealers.iter().find(|&&(o, _)| o == r && Some(o) != skip) {
                dealer = seat;
                continue;
            }
            // The tiebreaker round's dealer is the next player at the
            // table, tied or not: the deal goes round as before.
            dealer = (1..=n)
                .map(|k| (dealer + k) % n)
                .find(|&s| self.seats[s].plays(r))
                .unwrap_or((dealer + 1) % n);
        }
        dealer
    }

    /// The round to play next, if the game is not over: a round of the
    /// rules, or the tiebreaker round.
    pub fn next_deal(&self) -> Option<Deal> {
        self.rules.deal(self.rounds.len() + 1).or_else(|| self.tiebreak_round())
    }

    /// The round to play next, or an error saying the game is over.
    pub fn open_deal(&self) -> Result<Deal, SheetError> {
        self.next_deal().ok_or_else(|| SheetError::GameOver { rounds: self.deals().len() })
    }

    /// Whether the game is over: the last round of the rules is in, and
    /// the tiebreaker round too when one is due. (A draw that is due is
    /// made by whoever records the last round.)
    pub fn finished(&self) -> bool {
        self.rounds.len() >= self.deals().len() && self.tiebreak_round().is_none()
    }

    /// The points, totals and places, computed once.
    pub fn scoreboard(&self) -> Scoreboard {
        Scoreboard::new(self)
    }

    /// Reads one typed score for `seat` in round `round` (from 1); see
    /// [`read_score`] for what may be typed.
    pub fn read_score(
        &self,
        round: usize,
        seat: usize,
        text: &str,
        solver: &mut Solver,
    ) -> Result<Score, SheetError> {
        let deal = self.deal(round).expect("the round is one of the rules");
        if !self.plays(seat, round) {
            return Err(SheetError::NotInRound { player: self.players[seat].clone(), round });
        }
        read_score(&self.rules, &deal, &self.players[seat], text, solver)
    }

    /// The seats playing `round`, as a flag per seat.
    fn plays_flags(&self, round: usize) -> Vec<bool> {
        (0..self.players.len()).map(|s| self.plays(s, round)).collect()
    }

    /// Adds the next round, after checking it. Under `double_naughts` a
    /// round where everyone scored 0 is not recorded.
    /// In the tiebreaker round, only the tied players' scores are taken.
    pub fn add_round(&mut self, record: RoundRecord, now: Timestamp) -> Result<Added, SheetError> {
        let deal = self.open_deal()?;
        check_round(&self.rules, &deal, &self.players, &self.plays_flags(deal.round), &record)?;
        if self.tiebreak_round().is_some() {
            let scores = self
                .tied()
                .into_iter()
                .map(|s| (s, Score::recorded(record.deadwood[s], record.hands[s].clone())))
                .collect();
            self.playoff = Some(Playoff::Round(scores));
            self.updated = now;
            return Ok(Added::Recorded(deal.round));
        }
        if self.rules.double_naughts && naught(&record) {
            return Ok(Added::Replayed(deal.round));
        }
        self.rounds.push(record);
        self.updated = now;
        Ok(Added::Recorded(deal.round))
    }

    /// Removes the last round of the rules, if any, and any tiebreak.
    pub fn undo(&mut self, now: Timestamp) -> Option<RoundRecord> {
        let last = self.rounds.pop();
        if last.is_some() {
            let next = self.rounds.len() + 1;
            self.dealers.retain(|&(r, _)| r <= next);
            self.updated = now;
            self.playoff = None;
        }
        last
    }

    /// Corrects one player's score in round `round` (from 1) to `text`, a
    /// number or a hand; gives the old deadwood and the new score.
    pub fn edit(
        &mut self,
        round: usize,
        seat: usize,
        text: &str,
        solver: &mut Solver,
        now: Timestamp,
    ) -> Result<(u32, Score), SheetError> {
        self.check_recorded(round)?;
        let score = self.read_score(round, seat, text, solver)?;
        let old = self.rounds[round - 1].deadwood[seat];
        let edit = RoundEdit { scores: vec![(seat, score.clone())], ..RoundEdit::default() };
        self.edit_round(round, &edit, now)?;
        Ok((old, score))
    }

    fn check_recorded(&self, round: usize) -> Result<(), SheetError> {
        let played = self.rounds.len();
        if round == 0 || round > played {
            return Err(SheetError::NoRoundToEdit { round, played });
        }
        Ok(())
    }

    /// Corrects a recorded round (from 1): the scores given, who went out,
    /// the penalties and the dealer; what is not given stays. The round is
    /// checked again as a whole. A player marked out with no new score
    /// given scores 0. Gives what changed.
    pub fn edit_round(
        &mut self,
        round: usize,
        edit: &RoundEdit,
        now: Timestamp,
    ) -> Result<Vec<Change>, SheetError> {
        self.check_recorded(round)?;
        let deal = self.rules.deal(round).expect("a recorded round is one of the rules");
        let plays = self.plays_flags(round);
        let name = |s: usize| self.players[s].clone();
        let not_in = |s: usize| SheetError::NotInRound { player: name(s), round };
        let old = self.rounds[round - 1].clone();
        let mut record = old.clone();
        let mut changes = Vec::new();
        let mut out = edit.out;
        for (seat, score) in &edit.scores {
            if !plays[*seat] {
                return Err(not_in(*seat));
            }
            if score.out() {
                match out {
                    Some(Some(o)) if o != *seat => {
                        return Err(SheetError::TwoOut { first: name(o), second: name(*seat) });
                    }
                    _ => out = Some(Some(*seat)),
                }
            }
        }
        if let Some(new_out) = out {
            if let Some(o) = new_out {
                if !plays[o] {
                    return Err(not_in(o));
                }
                // Going out is a score of 0: said once, not twice.
                if !edit.scores.iter().any(|(s, _)| *s == o) && record.deadwood[o] != 0 {
                    record.deadwood[o] = 0;
                    record.hands[o] = None;
                    changes.push(Change::Score { seat: o, old: old.deadwood[o], new: Score::number(0) });
                }
            }
            record.out = new_out;
        }
        for (seat, score) in &edit.scores {
            record.deadwood[*seat] = score.deadwood;
            record.hands[*seat] = score.hand.clone();
            changes.push(Change::Score { seat: *seat, old: old.deadwood[*seat], new: score.clone() });
        }
        if record.out != old.out {
            changes.push(Change::Out { old: old.out, new: record.out });
        }
        for &p in &edit.penalise {
            if !plays[p] {
                return Err(not_in(p));
            }
            if !record.penalties.contains(&p) {
                record.penalties.push(p);
                changes.push(Change::Penalty { seat: p, added: true });
            }
        }
        for &p in &edit.forgive {
            if let Some(i) = record.penalties.iter().position(|&q| q == p) {
                record.penalties.remove(i);
                changes.push(Change::Penalty { seat: p, added: false });
            }
        }
        if let Some(o) = record.out
            && record.deadwood[o] != 0
            && old.out == Some(o)
        {
            return Err(SheetError::EditOut { player: name(o), round });
        }
        check_round(&self.rules, &deal, &self.players, &plays, &record)?;
        if self.rules.double_naughts && naught(&record) {
            return Err(SheetError::EditReplay { round });
        }
        let before = self.clone();
        self.rounds[round - 1] = record;
        if let Some(dealer) = edit.dealer {
            match self.set_dealer(round, dealer, now) {
                Ok(Some(change)) => changes.push(change),
                Ok(None) => {}
                Err(e) => {
                    *self = before;
                    return Err(e);
                }
            }
        }
        self.updated = now;
        self.settle_playoff();
        Ok(changes)
    }

    /// Names the dealer of round `round` (from 1; a recorded round or the
    /// next): the deal moves on from there. Gives the change, if any.
    pub fn set_dealer(
        &mut self,
        round: usize,
        seat: usize,
        now: Timestamp,
    ) -> Result<Option<Change>, SheetError> {
        let next = self.rounds.len() + 1;
        // The tiebreaker round's dealer is not named: the deal goes on to it.
        if round > self.deals().len() {
            return Err(SheetError::RoundBeyond { round, deals: self.deals().len() });
        }
        if round == 0 || round > next {
            return Err(SheetError::NoRoundToDeal { round, next: next.min(self.deals().len()) });
        }
        if !self.plays(seat, round) {
            return Err(SheetError::NotInRound { player: self.players[seat].clone(), round });
        }
        let old = self.dealer(round);
        if old == seat {
            return Ok(None);
        }
        if round == 1 {
            self.first_dealer = seat;
        } else {
            self.dealers.retain(|&(r, _)| r != round);
            // A dealer the deal would reach anyway needs no note.
            if self.dealer_skipping(round, None) != seat {
                let at = self.dealers.partition_point(|&(r, _)| r < round);
                self.dealers.insert(at, (round, seat));
            }
        }
        self.updated = now;
        Ok(Some(Change::Dealer { old, new: seat }))
    }

    /// Renames the player at `seat`; every round follows, and the old name
    /// is kept so that records over games know them as one person.
    pub fn rename_player(&mut self, seat: usize, new: &str, now: Timestamp) -> Result<(), SheetError> {
        check_player_name(new)?;
        let new = &normalised(new);
        if let Some(other) = seat_in(&self.players, new).filter(|&s| s != seat) {
            return Err(SheetError::SameName { first: self.players[other].clone(), second: new.to_string() });
        }
        if let Some(other) = (0..self.players.len()).find(|&s| s != seat && look_alike(&self.players[s], new))
        {
            return Err(SheetError::LookAlike {
                first: self.players[other].clone(),
                second: new.to_string(),
            });
        }
        let old = std::mem::replace(&mut self.players[seat], new.to_string());
        if old == *new {
            return Err(SheetError::Unchanged);
        }
        if !same_name(&old, new) {
            let former = &mut self.seats[seat].former_names;
            former.retain(|f| !same_name(f, new));
            former.push(old);
        }
        self.updated = now;
        Ok(())
    }

    /// The total a player joining now starts from when none is given: the
    /// highest total of the players at the table (0 before round 1).
    pub fn joining_total(&self) -> i32 {
        let board = self.scoreboard();
        self.active().iter().map(|&s| board.totals()[s]).max().unwrap_or(0)
    }

    /// Seats a new player at `seat` (from 0; the last seat if none) from the
    /// next round, with `start` as their total (else [`Self::joining_total`]).
    /// Gives their seat and starting total.
    pub fn add_player(
        &mut self,
        name: &str,
        seat: Option<usize>,
        start: Option<i32>,
        now: Timestamp,
    ) -> Result<(usize, i32), SheetError> {
        // Once the last round of the rules is in, nobody joins: not even
        // before a tiebreaker round.
        if self.rounds.len() >= self.deals().len() {
            return Err(SheetError::GameOver { rounds: self.deals().len() });
        }
        check_player_name(name)?;
        let name = &normalised(name);
        if let Some(other) = seat_in(&self.players, name) {
            return Err(SheetError::SameName {
                first: self.players[other].clone(),
                second: name.to_string(),
            });
        }
        if let Some(other) = self.players.iter().find(|p| look_alike(p, name)) {
            return Err(SheetError::LookAlike { first: other.clone(), second: name.to_string() });
        }
        let n = self.players.len();
        if self.active().len() >= MAX_PLAYERS || n >= MAX_PLAYERS * 2 {
            return Err(SheetError::TooManyPlayers { count: self.active().len() + 1 });
        }
        let at = seat.unwrap_or(n);
        if at > n {
            return Err(SheetError::SeatBeyond { seat: at + 1, seats: n + 1 });
        }
        let start = start.unwrap_or_else(|| self.joining_total());
        let shift = |s: &mut usize| {
            if *s >= at {
                *s += 1;
            }
        };
        self.players.insert(at, name.to_string());
        self.seats
            .insert(at, Seat { joined: self.rounds.len(), start, left: None, former_names: Vec::new() });
        shift(&mut self.first_dealer);
        for (_, s) in &mut self.dealers {
            shift(s);
        }
        for r in &mut self.rounds {
            r.deadwood.insert(at, 0);
            r.hands.insert(at, None);
            if let Some(o) = &mut r.out {
                shift(o);
            }
            r.penalties.iter_mut().for_each(shift);
        }
        self.updated = now;
        Ok((at, start))
    }

    /// Takes the player at `seat` out of the game: their rounds stay, they
    /// leave the standings, and the deal skips them. A player who has
    /// played no round is taken off the sheet altogether. Gives whether
    /// they were taken off.
    pub fn remove_player(&mut self, seat: usize, now: Timestamp) -> Result<bool, SheetError> {
        if self.seats[seat].left.is_some() {
            return Err(SheetError::HasLeft { player: self.players[seat].clone() });
        }
        let remaining = self.active().len() - 1;
        if remaining < MIN_PLAYERS {
            return Err(SheetError::TooFewPlayers { count: remaining });
        }
        let played = self.rounds.len();
        let next = played + 1;
        self.dealers.retain(|&(r, s)| !(r >= next && s == seat));
        if self.seats[seat].joined < played {
            self.seats[seat].left = Some(played);
            self.updated = now;
            self.settle_playoff();
            return Ok(false);
        }
        // Never played: off the sheet, as if never seated.
        self.players.remove(seat);
        self.seats.remove(seat);
        let n = self.players.len();
        let shift = |s: &mut usize| {
            if *s > seat {
                *s -= 1;
            }
        };
        if self.first_dealer == seat {
            self.first_dealer %= n;
        } else {
            shift(&mut self.first_dealer);
        }
        for (_, s) in &mut self.dealers {
            shift(s);
        }
        for r in &mut self.rounds {
            r.deadwood.remove(seat);
            r.hands.remove(seat);
            if let Some(o) = &mut r.out {
                shift(o);
            }
            r.penalties.iter_mut().for_each(shift);
        }
        // Only a player who played every round can be in a tiebreak.
        self.playoff = None;
        self.updated = now;
        Ok(true)
    }

    /// Plays on under `rules`: refused where a round already played does
    /// not fit them. Typed hands are scored again; numbers stay. Gives the
    /// hands whose deadwood changed.
    pub fn change_rules(
        &mut self,
        rules: Rules,
        solver: &mut Solver,
        now: Timestamp,
    ) -> Result<Vec<Rescored>, SheetError> {
        let deals = rules.deals().len();
        let played = self.rounds.len();
        if played > deals {
            return Err(SheetError::RoundsPlayed { played, deals });
        }
        let mut rounds = self.rounds.clone();
        let mut rescored = Vec::new();
        for (i, record) in rounds.iter_mut().enumerate() {
            let round = i + 1;
            let deal = rules.deal(round).expect("fewer rounds than the rules play");
            let in_round = |error: SheetError| SheetError::InRound { round, error: Box::new(error) };
            let table = Table::new(&rules, deal.wild);
            for seat in 0..self.players.len() {
                let Some(hand) = &record.hands[seat] else { continue };
                let player = self.players[seat].clone();
                let text: Vec<String> = hand.iter().map(|c| c.ascii()).collect();
                parse_hand(&text.join(" "), &rules).map_err(|error| {
                    in_round(SheetError::Hand { player: player.clone(), error: Box::new(error) })
                })?;
                if hand.len() != deal.cards {
                    return Err(in_round(SheetError::StoredHandSize {
                        player,
                        count: hand.len(),
                        round,
                        dealt: deal.cards,
                    }));
                }
                let new = solver.deadwood(hand, &table);
                let old = record.deadwood[seat];
                if new != old {
                    // A player out keeps their 0 only with a hand that goes out.
                    if record.out == Some(seat) {
                        return Err(in_round(SheetError::OutNotZero { player, deadwood: new }));
                    }
                    record.deadwood[seat] = new;
                    rescored.push(Rescored { round, seat, old, new });
                }
            }
            check_round(&rules, &deal, &self.players, &self.plays_flags(round), record).map_err(in_round)?;
        }
        // The tiebreaker round's hands are scored again too.
        let mut playoff = self.playoff.clone();
        if let Some(Playoff::Round(scores)) = &mut playoff {
            let deal = rules.tiebreak_deal();
            let round = deal.round;
            let in_round = |error: SheetError| SheetError::InRound { round, error: Box::new(error) };
            let table = Table::new(&rules, deal.wild);
            for (seat, score) in scores.iter_mut() {
                let Some(hand) = &score.hand else { continue };
                let player = self.players[*seat].clone();
                let text: Vec<String> = hand.iter().map(|c| c.ascii()).collect();
                parse_hand(&text.join(" "), &rules)
                    .map_err(|error| in_round(SheetError::Hand { player, error: Box::new(error) }))?;
                let new = solver.deadwood(hand, &table);
                if new != score.deadwood {
                    rescored.push(Rescored { round, seat: *seat, old: score.deadwood, new });
                    score.deadwood = new;
                }
            }
        }
        self.rules = rules;
        self.rounds = rounds;
        self.playoff = playoff;
        let last = (played + 1).min(deals);
        self.dealers.retain(|&(r, _)| r <= last);
        self.updated = now;
        self.settle_playoff();
        Ok(rescored)
    }

    /// Checks round `index` (from 0) as a file held it.
    fn check_stored_round(&self, index: usize, solver: &mut Solver) -> Result<(), SheetError> {
        let Some(deal) = self.rules.deal(index + 1) else {
            return Err(SheetError::TooManyRounds { rounds: self.rounds.len(), deals: self.deals().len() });
        };
        let record = &self.rounds[index];
        check_round(&self.rules, &deal, &self.players, &self.plays_flags(index + 1), record)?;
        let table = Table::new(&self.rules, deal.wild);
        for (seat, hand) in record.hands.iter().enumerate() {
            let Some(hand) = hand else { continue };
            let player = self.players[seat].clone();
            if hand.len() != deal.cards {
                return Err(SheetError::StoredHandSize {
                    player,
                    count: hand.len(),
                    round: deal.round,
                    dealt: deal.cards,
                });
            }
            let solved = solver.deadwood(hand, &table);
            if solved != record.deadwood[seat] {
                return Err(SheetError::HandMismatch { player, solved, recorded: record.deadwood[seat] });
            }
        }
        Ok(())
    }
}

/// Every score 0 and nobody penalised: a round `double_naughts` replays.
fn naught(record: &RoundRecord) -> bool {
    record.deadwood.iter().all(|&d| d == 0) && record.penalties.is_empty()
}

/// The points, running totals and places of a session, computed once from
/// it and read by every report.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Scoreboard {
    points: Vec<Vec<i32>>,
    running: Vec<Vec<i32>>,
    totals: Vec<i32>,
    places: Vec<usize>,
    leaders: Vec<usize>,
    /// The seats of the players still at the table.
    standing: Vec<usize>,
    rounds_out: Vec<usize>,
    finished: bool,
}

impl Scoreboard {
    fn new(s: &Session) -> Scoreboard {
        let n = s.players.len();
        let points: Vec<Vec<i32>> = s
            .rounds
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let deal = s.rules.deal(i + 1).expect("a recorded round is one of the rules");
                points(&s.rules, &deal, r)
            })
            .collect();
        let mut total: Vec<i32> = s.seats.iter().map(|seat| seat.start).collect();
        let running: Vec<Vec<i32>> = points
            .iter()
            .map(|p| {
                for (t, x) in total.iter_mut().zip(p) {
                    *t += x;
                }
                total.clone()
            })
            .collect();
        // Ties share a place; the next place skips past them (1, 1, 3).
        // Players who left are out of the standings. A tiebreak orders the
        // players tied for the win among themselves.
        let standing: Vec<usize> = s.active();
        let key = |seat: usize| -> (i32, Vec<u32>) { (total[seat], playoff_key(s.playoff.as_ref(), seat)) };
        let places = (0..n).map(|i| 1 + standing.iter().filter(|&&j| key(j) < key(i)).count()).collect();
        let leaders = if s.rounds.is_empty() {
            Vec::new()
        } else {
            let best = standing.iter().map(|&j| total[j]).min().unwrap_or(0);
            standing.iter().copied().filter(|&i| total[i] == best).collect()
        };
        let rounds_out = (0..n).map(|seat| s.rounds.iter().filter(|r| r.out == Some(seat)).count()).collect();
        Scoreboard {
            points,
            running,
            totals: total,
            places,
            leaders,
            standing,
            rounds_out,
            finished: s.finished(),
        }
    }

    /// The points that counted for each seat in round `index` (from 0).
    pub fn points(&self, index: usize) -> &[i32] {
        &self.points[index]
    }

    /// Each seat's total after round `index` (from 0).
    pub fn running(&self, index: usize) -> &[i32] {
        &self.running[index]
    }

    /// Each seat's total so far.
    pub fn totals(&self) -> &[i32] {
        &self.totals
    }

    /// Each seat's place by total, lowest first, then by the tiebreak;
    /// ties share a place.
    pub fn places(&self) -> &[usize] {
        &self.places
    }

    /// The seats of the players still at the table in order of place, then
    /// seat; players who left are not in the standings.
    pub fn standings(&self) -> Vec<usize> {
        let mut seats: Vec<usize> = self.standing.clone();
        seats.sort_by_key(|&s| (self.places[s], s));
        seats
    }

    /// How far `seat` is behind the lowest total.
    pub fn behind(&self, seat: usize) -> i32 {
        self.totals[seat] - self.best().unwrap_or(self.totals[seat])
    }

    /// How many rounds each seat went out first.
    pub fn rounds_out(&self) -> &[usize] {
        &self.rounds_out
    }

    /// The seats with the lowest total; none before the first round.
    pub fn leaders(&self) -> &[usize] {
        &self.leaders
    }

    /// The lowest total, once a round is in.
    pub fn best(&self) -> Option<i32> {
        self.leaders.first().map(|&s| self.totals[s])
    }

    /// The seats that share the win (after any tiebreak), once the game is over.
    pub fn winners(&self) -> Vec<usize> {
        if !self.finished {
            return Vec::new();
        }
        self.leaders.iter().copied().filter(|&s| self.places[s] == 1).collect()
    }

    /// How far ahead the one player with the lowest total is of the next;
    /// none while the lowest total is shared.
    pub fn margin(&self) -> Option<i32> {
        let [leader] = self.leaders[..] else { return None };
        let next = self.standing.iter().filter(|&&s| s != leader).map(|&s| self.totals[s]).min()?;
        Some(next - self.totals[leader])
    }

    pub fn finished(&self) -> bool {
        self.finished
    }
}

/// What decides a place among players tied on total: the tiebreaker
/// round's deadwood, or the cards drawn one draw after another (lower
/// first; a player who drew a higher card stops drawing, and so sorts after).
fn playoff_key(playoff: Option<&Playoff>, seat: usize) -> Vec<u32> {
    match playoff {
        None => Vec::new(),
        Some(Playoff::Round(scores)) => {
            scores.iter().filter(|(s, _)| *s == seat).map(|(_, score)| score.deadwood).collect()
        }
        Some(Playoff::Draws(draws)) => draws
            .iter()
            .filter_map(|d| d.iter().find(|(s, _)| *s == seat))
            .map(|(_, c)| draw_rank(*c))
            .collect(),
    }
}

/// A drawn card's rank, ace low.
fn draw_rank(card: Card) -> u32 {
    card.rank().map_or(0, |r| u32::from(r.number()))
}

/// The seats that drew the lowest rank in one draw.
fn lowest_draws(cards: &[(usize, Card)]) -> Vec<usize> {
    let low = cards.iter().map(|(_, c)| draw_rank(*c)).min().unwrap_or(0);
    cards.iter().filter(|(_, c)| draw_rank(*c) == low).map(|(s, _)| *s).collect()
}

/// The points of one round: the deadwood, the go-out bonus in place of the
/// 0 of the player out, doubled where J, Q or K are wild; the bad go-out
/// penalty added after (a fixed amount, never doubled).
pub fn points(rules: &Rules, deal: &Deal, record: &RoundRecord) -> Vec<i32> {
    let factor = if rules.doubles(deal.wild) { 2 } else { 1 };
    (0..record.deadwood.len())
        .map(|seat| {
            let base = if record.out == Some(seat) {
                rules.go_out_score(deal.wild)
            } else {
                record.deadwood[seat] as i32
            };
            let penalty = if record.penalties.contains(&seat) { rules.bad_go_out_penalty as i32 } else { 0 };
            base * factor + penalty
        })
        .collect()
}

fn check_round(
    rules: &Rules,
    deal: &Deal,
    players: &[String],
    plays: &[bool],
    record: &RoundRecord,
) -> Result<(), SheetError> {
    let n = players.len();
    if record.deadwood.len() != n || record.hands.len() != n {
        return Err(SheetError::ScoreCount { players: n });
    }
    // A player not in the round has no score, hand or mark in it.
    for seat in (0..n).filter(|&s| !plays[s]) {
        let marked = record.out == Some(seat) || record.penalties.contains(&seat);
        if record.deadwood[seat] != 0 || record.hands[seat].is_some() || marked {
            return Err(SheetError::NotInRound { player: players[seat].clone(), round: deal.round });
        }
    }
    let most = rules.max_deadwood(deal.cards);
    for (seat, &d) in record.deadwood.iter().enumerate() {
        if d > most {
            return Err(too_high(&players[seat], d, deal, most));
        }
    }
    if let Some(out) = record.out {
        if out >= n {
            return Err(SheetError::OutNotPlaying);
        }
        if record.deadwood[out] != 0 {
            return Err(SheetError::OutNotZero {
                player: players[out].clone(),
                deadwood: record.deadwood[out],
            });
        }
        if record.penalties.contains(&out) {
            return Err(SheetError::OutAndPenalty { player: players[out].clone() });
        }
    }
    if !record.penalties.is_empty() && rules.bad_go_out_penalty == 0 {
        return Err(SheetError::NoPenaltyRule);
    }
    for (i, &p) in record.penalties.iter().enumerate() {
        if p >= n {
            return Err(SheetError::PenaltyNotPlaying);
        }
        if record.penalties[..i].contains(&p) {
            return Err(SheetError::PenalisedTwice { player: players[p].clone() });
        }
    }
    Ok(())
}

fn too_high(name: &str, score: impl fmt::Display, deal: &Deal, most: u32) -> SheetError {
    SheetError::ScoreTooHigh {
        player: name.to_string(),
        score: score.to_string(),
        cards: deal.cards,
        round: deal.round,
        most,
    }
}

/// Reads one typed score of round `deal`: a number (`12`, `12,`), a sum
/// (`13+9+4`), `out` (0, and the player went out), the cards left over,
/// fewer than the round deals, by rank or with suits (`K 9 4`, `Kh 9c 4d`),
/// summed at the rules' values, or a hand of the round's size, whose
/// minimum deadwood the solver finds.
pub fn read_score(
    rules: &Rules,
    deal: &Deal,
    name: &str,
    text: &str,
    solver: &mut Solver,
) -> Result<Score, SheetError> {
    let player = || name.to_string();
    let text = text.trim().trim_end_matches(',').trim_end();
    if text.is_empty() {
        return Err(SheetError::NoScore { player: player() });
    }
    let most = rules.max_deadwood(deal.cards);
    if text.eq_ignore_ascii_case("out") {
        return Ok(Score { deadwood: 0, hand: None, form: ScoreForm::Out });
    }
    let numeric =
        text.chars().all(|c| c.is_ascii_digit() || c.is_whitespace() || matches!(c, '-' | '+' | '.' | ','))
            && text.chars().any(|c| c.is_ascii_digit());
    if numeric {
        let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
        // `-0` is 0; any other number below 0 is no deadwood.
        if text.starts_with('-') && digits.chars().any(|c| c != '0') {
            return Err(SheetError::NegativeScore { player: player(), text: text.to_string() });
        }
        let parts: Vec<&str> = digits.split('+').map(str::trim).collect();
        if parts.iter().any(|p| p.is_empty() || !p.chars().all(|c| c.is_ascii_digit())) {
            return Err(SheetError::NotWhole { player: player(), text: text.to_string() });
        }
        let mut values = Vec::with_capacity(parts.len());
        let mut sum: u64 = 0;
        for part in &parts {
            let v = part.parse::<u32>().ok().filter(|&v| v <= most);
            let Some(v) = v else { return Err(too_high(name, shown(part), deal, most)) };
            sum += u64::from(v);
            values.push(v);
        }
        if sum > u64::from(most) {
            return Err(too_high(name, sum, deal, most));
        }
        let form = if values.len() == 1 { ScoreForm::Number } else { ScoreForm::Sum(values) };
        return Ok(Score { deadwood: sum as u32, hand: None, form });
    }
    let toks = tokens(text);
    let mut cards = Vec::with_capacity(toks.len());
    let mut suited = true;
    for tok in &toks {
        match Card::parse(tok.text) {
            Ok(card) => {
                if card.is_joker() && rules.jokers == 0 {
                    let source = Some((text.to_string(), tok.start, tok.len));
                    let error = HandError { problem: HandProblem::JokersNotInPlay, source };
                    return Err(SheetError::Hand { player: player(), error: Box::new(error) });
                }
                cards.push(Leftover::Card(card));
            }
            Err(e) => match Rank::parse(tok.text).filter(|_| tok.text.len() <= 2) {
                Some(rank) => {
                    suited = false;
                    cards.push(Leftover::Rank(rank));
                }
                None => {
                    let source = Some((text.to_string(), tok.start, tok.len));
                    let error = HandError { problem: HandProblem::Card(e), source };
                    return Err(SheetError::Hand { player: player(), error: Box::new(error) });
                }
            },
        }
    }
    if cards.len() < deal.cards {
        let valued: Vec<(Leftover, u32)> = cards
            .into_iter()
            .map(|c| {
                let value = match c {
                    Leftover::Card(card) => rules.value(card),
                    Leftover::Rank(rank) => rules.rank_value(rank),
                };
                (c, value)
            })
            .collect();
        let deadwood = valued.iter().map(|(_, v)| v).sum();
        return Ok(Score { deadwood, hand: None, form: ScoreForm::Leftover(valued) });
    }
    if !suited && cards.len() == deal.cards {
        return Err(SheetError::NeedsSuits { player: player(), count: cards.len(), round: deal.round });
    }
    let hand = parse_hand(text, rules)
        .map_err(|error| SheetError::Hand { player: player(), error: Box::new(error) })?;
    if hand.len() != deal.cards {
        return Err(SheetError::HandSize {
            player: player(),
            count: hand.len(),
            round: deal.round,
            dealt: deal.cards,
        });
    }
    let deadwood = solver.deadwood(&hand, &Table::new(rules, deal.wild));
    Ok(Score { deadwood, hand: Some(hand), form: ScoreForm::Hand })
}

/// Typed text as an error message shows it: control characters escaped,
/// and cut short past 40 characters.
pub fn shown(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect::<String>().escape_debug().to_string();
    if text.chars().nth(40).is_some() {
        out.push('…');
    }
    out
}

/// Whether two names are the same player's: compared in one Unicode form
/// (NFC), without regard to case.
pub fn same_name(a: &str, b: &str) -> bool {
    folded(a) == folded(b)
}

fn folded(name: &str) -> String {
    name.trim().nfc().collect::<String>().to_lowercase()
}

/// A name in the one Unicode form names are kept in (NFC): `é` typed as
/// `e` and an accent becomes the single letter.
pub fn normalised(name: &str) -> String {
    name.nfc().collect()
}

/// Whether two names look alike on a screen although they differ (Unicode's
/// confusable skeletons, without regard to case).
fn look_alike(a: &str, b: &str) -> bool {
    let skeleton = |s: &str| skeleton(&folded(s)).collect::<String>().to_lowercase();
    skeleton(a) == skeleton(b)
}

/// Characters that show nothing, or turn the direction of the text, which
/// would let two names that differ look the same.
fn is_hidden(c: char) -> bool {
    matches!(c as u32,
        0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x2028..=0x202F | 0x205F..=0x206F | 0x3164 | 0xFEFF | 0xFFA0
        | 0xFFF0..=0xFFF8 | 0x1D173..=0x1D17A | 0xE0000..=0xE007F)
        || (c.is_whitespace() && c != ' ')
}

/// The seat of the player named `name` among `players`, the whole name
/// without regard to case: the one lookup of a stored name.
pub fn seat_in(players: &[String], name: &str) -> Option<usize> {
    players.iter().position(|p| same_name(p, name))
}

/// The seat of the player a person typed among `players`: the whole name
/// (without regard to case), else an unambiguous beginning of one.
pub fn find_seat(players: &[String], typed: &str) -> Option<usize> {
    seat_in(players, typed).or_else(|| {
        let start = typed.trim().to_lowercase();
        let mut begun = players.iter().enumerate().filter(|(_, p)| p.to_lowercase().starts_with(&start));
        match (start.is_empty(), begun.next(), begun.next()) {
            (false, Some((seat, _)), None) => Some(seat),
            _ => None,
        }
    })
}

/// Checks one player name: it must stay readable in a table and in a file,
/// and never be mistaken for a score (`12`), a `NAME=N` pair or a flag.
pub fn check_player_name(name: &str) -> Result<(), SheetError> {
    let bad = |problem| Err(SheetError::PlayerName { name: name.to_string(), problem });
    if name.trim().is_empty() {
        return bad(NameProblem::Empty);
    }
    if name.trim() != name {
        return bad(NameProblem::Spaces);
    }
    if name.chars().count() > MAX_PLAYER_NAME {
        return bad(NameProblem::TooLong);
    }
    if name.chars().any(char::is_control) {
        return bad(NameProblem::Control);
    }
    if name.contains('=') {
        return bad(NameProblem::Equals);
    }
    if name.starts_with('-') {
        return bad(NameProblem::Dash);
    }
    if name.chars().all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | '.')) {
        return bad(NameProblem::Number);
    }
    if let Some(c) = name.chars().find(|&c| is_hidden(c)) {
        return bad(NameProblem::Invisible(c));
    }
    Ok(())
}

/// Checks the players of a new game: each name, the count, no two alike.
pub fn check_player_names(names: &[String]) -> Result<(), SheetError> {
    for name in names {
        check_player_name(name)?;
    }
    if names.len() < MIN_PLAYERS {
        return Err(SheetError::TooFewPlayers { count: names.len() });
    }
    if names.len() > MAX_PLAYERS {
        return Err(SheetError::TooManyPlayers { count: names.len() });
    }
    names_apart(names)
}

/// Checks that no two names are one (without regard to case or Unicode
/// form) or look alike.
fn names_apart(names: &[String]) -> Result<(), SheetError> {
    for (i, name) in names.iter().enumerate() {
        if let Some(other) = names[..i].iter().find(|o| same_name(o, name)) {
            return Err(SheetError::SameName { first: other.clone(), second: name.clone() });
        }
        if let Some(other) = names[..i].iter().find(|o| look_alike(o, name)) {
            return Err(SheetError::LookAlike { first: other.clone(), second: name.clone() });
        }
    }
    Ok(())
}

/// Checks a session name: it becomes a file name, so it keeps to ASCII
/// letters, digits, `.`, `_` and `-`, at most 64 characters, not starting
/// with `.` (a hidden file, or `..`) or `-` (a flag).
pub fn check_session_name(name: &str) -> Result<(), SheetError> {
    let bad = |problem| Err(SheetError::SessionName { name: name.to_string(), problem });
    if name.is_empty() {
        return bad(SessionNameProblem::Empty);
    }
    if name.chars().count() > MAX_SESSION_NAME {
        return bad(SessionNameProblem::TooLong);
    }
    if let Some(c) = name.chars().find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))) {
        return bad(SessionNameProblem::Holds(c));
    }
    if let Some(c) = name.chars().next().filter(|&c| c == '.' || c == '-') {
        return bad(SessionNameProblem::StartsWith(c));
    }
    // Names Windows keeps for devices, refused everywhere so that sessions
    // can be copied between machines.
    let stem = name.split('.').next().unwrap_or(name).to_ascii_lowercase();
    let reserved = matches!(stem.as_str(), "con" | "prn" | "aux" | "nul")
        || (stem.len() == 4
            && (stem.starts_with("com") || stem.starts_with("lpt"))
            && stem.as_bytes()[3].is_ascii_digit());
    if reserved {
        return bad(SessionNameProblem::Device);
    }
    Ok(())
}

/// The first free name among `base`, `base-2`, `base-3`…
pub fn free_name(base: &str, taken: impl Fn(&str) -> bool) -> String {
    if !taken(base) {
        return base.to_string();
    }
    (2..).map(|n| format!("{base}-{n}")).find(|name| !taken(name)).expect("some name is free")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(players: &[&str]) -> Session {
        let players = players.iter().map(|p| p.to_string()).collect();
        Session::new("test", players, 0, Rules::default(), Timestamp::UNIX_EPOCH).unwrap()
    }

    #[test]
    fn dealer_passes_left() {
        let s = Session::new(
            "test",
            ["Ann", "Bob", "Cy"].map(String::from).to_vec(),
            1,
            Rules::default(),
            Timestamp::UNIX_EPOCH,
        )
        .unwrap();
        assert_eq!([1, 2, 3, 4].map(|r| s.dealer(r)), [1, 2, 0, 1]);
    }

    #[test]
    fn totals_leaders_winners() {
        let mut s = session(&["Ann", "Bob"]);
        assert!(s.scoreboard().leaders().is_empty());
        for _ in 0..11 {
            s.add_round(RoundRecord::from_deadwood(vec![3, 3]), Timestamp::UNIX_EPOCH).unwrap();
        }
        assert!(s.finished());
        let board = s.scoreboard();
        assert_eq!(board.totals(), [33, 33]);
        assert_eq!(board.winners(), [0, 1]);
        assert_eq!(board.places(), [1, 1]);
        let err = s.add_round(RoundRecord::from_deadwood(vec![0, 0]), Timestamp::UNIX_EPOCH).unwrap_err();
        assert_eq!(err, SheetError::GameOver { rounds: 11 });
    }

    #[test]
    fn scoring_variants() {
        let mut rules = Rules::default();
        rules.apply("double_last_rounds=true").unwrap();
        rules.apply("go_out_bonus=wild").unwrap();
        rules.apply("bad_go_out_penalty=20").unwrap();
        let jacks = rules.deal(9).unwrap();
        let record =
            RoundRecord { out: Some(0), penalties: vec![2], ..RoundRecord::from_deadwood(vec![0, 5, 7]) };
        assert_eq!(points(&rules, &jacks, &record), [-22, 10, 34]);
        let threes = rules.deal(1).unwrap();
        assert_eq!(points(&rules, &threes, &record), [-3, 5, 27]);
    }

    #[test]
    fn double_naughts_replays() {
        let rules = Rules { double_naughts: true, ..Rules::default() };
        let mut s =
            Session::new("test", vec!["Ann".into(), "Bob".into()], 0, rules, Timestamp::UNIX_EPOCH).unwrap();
        let added = s.add_round(RoundRecord::from_deadwood(vec![0, 0]), Timestamp::UNIX_EPOCH).unwrap();
        assert_eq!(added, Added::Replayed(1));
        assert!(s.rounds.is_empty());
    }

    #[test]
    fn scores_typed() {
        let s = session(&["Ann", "Bob"]);
        let mut solver = Solver::new();
        assert_eq!(s.read_score(1, 0, "9h 4d Kh", &mut solver).unwrap().deadwood, 26);
        assert_eq!(s.read_score(1, 0, "12", &mut solver).unwrap(), Score::number(12));
        let err = |t: &str| s.read_score(1, 0, t, &mut Solver::new()).unwrap_err().to_string();
        assert_eq!(
            err("-3"),
            "Ann's score cannot be negative (-3); a score is the deadwood left in hand, 0 or more"
        );
        assert_eq!(err("40"), "Ann's score 40 is more than 3 cards can hold: at most 39 in round 1");
        assert_eq!(err("1.5"), "Ann's score \"1.5\" is not a whole number");
        assert_eq!(
            err("K 9 4"),
            "Ann's score: 3 cards is a whole hand of round 1, and a hand is solved only with its suits (like Kh 9c 4d); give the suits, or the points as a number"
        );
        assert_eq!(
            err("9h 4d Kh 5s"),
            "Ann's hand has 4 cards, but round 1 deals 3; type the hand held at the end of the round"
        );
    }

    #[test]
    fn quick_scores() {
        let s = session(&["Ann", "Bob"]);
        let mut solver = Solver::new();
        let mut read = |round: usize, t: &str| s.read_score(round, 0, t, &mut solver).unwrap();
        assert_eq!(
            read(3, "13+9+4"),
            Score { deadwood: 26, hand: None, form: ScoreForm::Sum(vec![13, 9, 4]) }
        );
        assert_eq!(read(3, "12,").deadwood, 12);
        assert_eq!(read(3, "K 9 4").deadwood, 26);
        assert_eq!(read(3, "Kh 9c 4d").deadwood, 26);
        assert_eq!(
            read(3, "kh, 9").form,
            ScoreForm::Leftover(vec![
                (Leftover::Card("Kh".parse().unwrap()), 13),
                (Leftover::Rank(Rank::new(9).unwrap()), 9),
            ])
        );
        assert!(read(3, "OUT").out());
        assert_eq!(read(1, "Kh 9c 4d").form, ScoreForm::Hand);
        let err = |t: &str| s.read_score(3, 0, t, &mut Solver::new()).unwrap_err().to_string();
        assert_eq!(err("30+40"), "Ann's score 70 is more than 5 cards can hold: at most 65 in round 3");
        assert_eq!(err("3++4"), "Ann's score \"3++4\" is not a whole number");
        assert!(err("K 9x").starts_with("Ann's hand: \"9x\" has no suit \"x\""), "{}", err("K 9x"));
    }

    fn game(players: &[&str], rounds: usize) -> Session {
        let mut s = session(players);
        for _ in 0..rounds {
            let n = s.players().len();
            let record = RoundRecord::from_deadwood((0..n).map(|i| i as u32 + 1).collect());
            s.add_round(record, Timestamp::UNIX_EPOCH).unwrap();
        }
        s
    }

    #[test]
    fn edit_round_out_penalties_and_dealer() {
        let rules = Rules { bad_go_out_penalty: 20, ..Rules::default() };
        let mut s = Session::new(
            "t",
            ["Ann", "Bob", "Cy"].map(String::from).to_vec(),
            0,
            rules,
            Timestamp::UNIX_EPOCH,
        )
        .unwrap();
        for _ in 0..3 {
            s.add_round(RoundRecord::from_deadwood(vec![0, 5, 9]), Timestamp::UNIX_EPOCH).unwrap();
        }
        let edit =
            RoundEdit { out: Some(Some(1)), penalise: vec![2], dealer: Some(2), ..RoundEdit::default() };
        let changes = s.edit_round(2, &edit, Timestamp::UNIX_EPOCH).unwrap();
        assert_eq!(
            changes,
            [
                Change::Score { seat: 1, old: 5, new: Score::number(0) },
                Change::Out { old: None, new: Some(1) },
                Change::Penalty { seat: 2, added: true },
                Change::Dealer { old: 1, new: 2 },
            ]
        );
        assert_eq!(s.scoreboard().totals(), [0, 10, 47]);
        // The deal moves on from the dealer named.
        assert_eq!([1, 2, 3, 4].map(|r| s.dealer(r)), [0, 2, 0, 1]);
        let edit = RoundEdit { scores: vec![(1, Score::number(4))], ..RoundEdit::default() };
        assert_eq!(
            s.edit_round(2, &edit, Timestamp::UNIX_EPOCH).unwrap_err(),
            SheetError::EditOut { player: "Bob".into(), round: 2 }
        );
        let edit = RoundEdit { out: Some(Some(2)), ..RoundEdit::default() };
        assert_eq!(
            s.edit_round(2, &edit, Timestamp::UNIX_EPOCH).unwrap_err(),
            SheetError::OutAndPenalty { player: "Cy".into() }
        );
        // Named dealer back to the natural one: no note kept.
        s.set_dealer(2, 1, Timestamp::UNIX_EPOCH).unwrap();
        assert!(s.dealer_changes().is_empty());
    }

    #[test]
    fn a_tiebreaker_round_among_players_seated_late() {
        let rules = Rules { tiebreak: Tiebreak::Round, ..Rules::default() };
        let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
        let mut s = Session::new("t", names, 0, rules, Timestamp::UNIX_EPOCH).unwrap();
        let t = Timestamp::UNIX_EPOCH;
        s.add_round(RoundRecord::from_deadwood(vec![2, 5, 0]), t).unwrap();
        // Dee joins at seat 2 with 3; Cy, the leader, leaves after round 2.
        s.add_player("Dee", Some(1), Some(3), t).unwrap();
        s.add_round(RoundRecord::from_deadwood(vec![1, 0, 5, 0]), t).unwrap();
        s.remove_player(3, t).unwrap();
        for _ in 3..=11 {
            s.add_round(RoundRecord::from_deadwood(vec![1, 1, 1, 0]), t).unwrap();
        }
        assert_eq!(s.scoreboard().totals(), [12, 12, 19, 0]);
        // Cy's 0 is out of the standings: Ann and Dee tie.
        assert_eq!(s.tied(), [0, 1]);
        let deal = s.next_deal().unwrap();
        assert_eq!((deal.round, deal.cards), (12, 14));
        assert_eq!(s.playing(12), [0, 1]);
        assert!(!s.plays(2, 12) && !s.plays(3, 12));
        // From round 3 the deal skips Cy; it goes on into the tiebreaker
        // round, dealt by Bob, who does not play it.
        assert_eq!([1, 2, 3, 4, 5, 11, 12].map(|r| s.dealer(r)), [0, 1, 2, 0, 1, 1, 2]);
        assert_eq!(
            s.add_round(RoundRecord::from_deadwood(vec![4, 6, 1, 0]), t).unwrap_err(),
            SheetError::NotInRound { player: "Bob".into(), round: 12 }
        );
        s.add_round(RoundRecord::from_deadwood(vec![4, 6, 0, 0]), t).unwrap();
        let board = s.scoreboard();
        assert_eq!(board.winners(), [0]);
        assert_eq!(board.standings(), [0, 1, 2]);
        // The totals stay tied: no margin.
        assert_eq!(board.margin(), None);
        // Playing on under more rounds leaves no tie to break.
        let more = Rules { extra_rounds: 1, ..rules };
        s.change_rules(more, &mut Solver::new(), t).unwrap();
        assert!(s.playoff().is_none() && s.tied().is_empty());
    }

    #[test]
    fn players_join_and_leave() {
        let mut s = game(&["Ann", "Bob", "Cy"], 2);
        assert_eq!(s.scoreboard().totals(), [2, 4, 6]);
        let (seat, start) = s.add_player("Dee", Some(1), None, Timestamp::UNIX_EPOCH).unwrap();
        assert_eq!((seat, start), (1, 6));
        assert_eq!(s.players(), ["Ann", "Dee", "Bob", "Cy"]);
        // Past dealers stay; Dee deals in turn from round 3 on.
        assert_eq!([1, 2, 3, 4, 5].map(|r| s.dealer(r)), [0, 2, 3, 0, 1]);
        s.add_round(RoundRecord::from_deadwood(vec![1, 1, 1, 1]), Timestamp::UNIX_EPOCH).unwrap();
        assert_eq!(s.scoreboard().totals(), [3, 7, 5, 7]);
        assert!(!s.remove_player(3, Timestamp::UNIX_EPOCH).unwrap());
        assert_eq!(s.active(), [0, 1, 2]);
        assert_eq!(s.scoreboard().leaders(), [0]);
        assert_eq!(s.dealer(4), 0);
        let err =
            s.add_round(RoundRecord::from_deadwood(vec![1, 1, 1, 1]), Timestamp::UNIX_EPOCH).unwrap_err();
        assert_eq!(err, SheetError::NotInRound { player: "Cy".into(), round: 4 });
        s.rename_player(1, "Dora", Timestamp::UNIX_EPOCH).unwrap();
        assert_eq!(s.seats()[1].former_names, ["Dee"]);
        assert_eq!(
            s.remove_player(3, Timestamp::UNIX_EPOCH).unwrap_err(),
            SheetError::HasLeft { player: "Cy".into() }
        );
        s.remove_player(1, Timestamp::UNIX_EPOCH).unwrap();
        assert_eq!(
            s.remove_player(0, Timestamp::UNIX_EPOCH).unwrap_err(),
            SheetError::TooFewPlayers { count: 1 }
        );
    }

    #[test]
    fn rules_change_mid_game() {
        let mut s = game(&["Ann", "Bob"], 3);
        let mut solver = Solver::new();
        let hand = s.read_score(3, 0, "Kh Qd 9c 4s 2d", &mut solver).unwrap();
        s.edit_round(
            3,
            &RoundEdit { scores: vec![(0, hand)], ..RoundEdit::default() },
            Timestamp::UNIX_EPOCH,
        )
        .unwrap();
        let tens = Rules::preset("tens").unwrap();
        let rescored = s.change_rules(tens, &mut solver, Timestamp::UNIX_EPOCH).unwrap();
        assert_eq!(rescored, [Rescored { round: 3, seat: 0, old: 40, new: 35 }]);
        let mut twelve = game(&["Ann", "Bob"], 0);
        twelve
            .change_rules(Rules { extra_rounds: 1, ..Rules::default() }, &mut solver, Timestamp::UNIX_EPOCH)
            .unwrap();
        for _ in 0..12 {
            twelve.add_round(RoundRecord::from_deadwood(vec![1, 2]), Timestamp::UNIX_EPOCH).unwrap();
        }
        let err = twelve.change_rules(Rules::default(), &mut solver, Timestamp::UNIX_EPOCH).unwrap_err();
        assert_eq!(err, SheetError::RoundsPlayed { played: 12, deals: 11 });
        let jokers = Rules { jokers: 2, ..Rules::default() };
        let mut s2 = game(&["Ann", "Bob"], 1);
        s2.change_rules(jokers, &mut solver, Timestamp::UNIX_EPOCH).unwrap();
        let joker_hand = s2.read_score(1, 0, "JK 5d 9c", &mut solver).unwrap();
        s2.edit_round(
            1,
            &RoundEdit { scores: vec![(0, joker_hand)], ..RoundEdit::default() },
            Timestamp::UNIX_EPOCH,
        )
        .unwrap();
        let err = s2.change_rules(Rules::default(), &mut solver, Timestamp::UNIX_EPOCH).unwrap_err();
        assert!(err.to_string().starts_with("round 1: Ann's hand: "), "{err}");
    }

    #[test]
    fn player_names() {
        let names = |v: &[&str]| check_player_names(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert!(names(&["Ann", "Bob", "Zoë 🃏", "O'Brien \"Ace\""]).is_ok());
        assert_eq!(names(&["Ann"]).unwrap_err().to_string(), "a game needs at least 2 players, not 1");
        assert_eq!(
            names(&["Ann", "ann"]).unwrap_err().to_string(),
            "\"Ann\" and \"ann\" are the same name; each player needs their own name"
        );
        for bad in ["", " ", "12", "Ann=3", "a\nb", "-x", &"x".repeat(33)] {
            assert!(check_player_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn names_that_would_look_alike_are_refused() {
        let names = |v: &[&str]| check_player_names(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        for hidden in ['\u{200B}', '\u{FEFF}', '\u{00AD}', '\u{202E}', '\u{2028}', '\u{2029}', '\u{00A0}'] {
            let name = format!("An{hidden}n");
            assert_eq!(
                check_player_name(&name),
                Err(SheetError::PlayerName { name: name.clone(), problem: NameProblem::Invisible(hidden) }),
            );
        }
        // A Cyrillic А, a Greek Α, and a digit 0 for an O.
        for (a, b) in [("Ann", "\u{0410}nn"), ("ALICE", "\u{0391}LICE"), ("Bob", "B0b")] {
            let e = names(&[a, b]).unwrap_err();
            assert_eq!(e, SheetError::LookAlike { first: a.into(), second: b.into() }, "{b}");
        }
        // One name typed in two Unicode forms is one name.
        assert!(same_name("Zo\u{00EB}", "Zoe\u{0308}"));
        let e = names(&["Zo\u{00EB}", "Zoe\u{0308}"]).unwrap_err();
        assert!(matches!(e, SheetError::SameName { .. }), "{e:?}");
        let s = Session::new(
            "t",
            vec!["Zoe\u{0308}".into(), "Ann".into()],
            0,
            Rules::default(),
            Timestamp::UNIX_EPOCH,
        );
        assert_eq!(s.unwrap().players()[0], "Zo\u{00EB}");
        assert!(names(&["Ann", "Anne", "Zoë 🃏", "❤\u{FE0F} Bea"]).is_ok());
    }

    #[test]
    fn session_names() {
        for good in ["2026-11-22", "friday_night.v2", "A"] {
            assert!(check_session_name(good).is_ok(), "{good}");
        }
        for bad in ["", ".hidden", "..", "../x", "a/b", "a b", "-x", "nul", "COM1.txt", "é", &"x".repeat(65)]
        {
            assert!(check_session_name(bad).is_err(), "{bad}");
        }
        assert_eq!(
            check_session_name("a/b").unwrap_err().to_string(),
            "the session name \"a/b\" holds \"/\"; a session name has letters, digits, \".\", \"_\" and \"-\", \
             at most 64 characters, and does not start with \".\" or \"-\""
        );
    }

    #[test]
    fn a_player_is_found_by_name_or_by_the_one_name_it_begins() {
        let players = ["Ann", "Bob", "Bea", "Cy"].map(String::from);
        assert_eq!(find_seat(&players, "bob"), Some(1));
        assert_eq!(find_seat(&players, "A"), Some(0));
        assert_eq!(find_seat(&players, "Be"), Some(2));
        assert_eq!(find_seat(&players, "B"), None, "Bob or Bea");
        assert_eq!(find_seat(&players, ""), None);
        assert_eq!(find_seat(&players, "Cyd"), None);
        // A stored name is matched whole.
        assert_eq!(seat_in(&players, "A"), None);
    }

    #[test]
    fn a_tiebreak_draw_that_ties_draws_again() {
        let rules = Rules { tiebreak: Tiebreak::Draw, ..Rules::default() };
        let players = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
        let mut s = Session::new("t", players, 0, rules, Timestamp::UNIX_EPOCH).unwrap();
        for _ in 0..11 {
            s.add_round(RoundRecord::from_deadwood(vec![3, 3, 5]), Timestamp::UNIX_EPOCH).unwrap();
        }
        assert_eq!(s.tied(), [0, 1]);
        // The first shuffle leaves the decks in order: Ann the ace of clubs,
        // Bob the ace of diamonds, a tie. The second puts the last card
        // (a king) on top for Ann: Bob's ace is lowest.
        let cards = 2 * 52 - 1;
        let mut calls = 0;
        let pick = |n: usize| {
            calls += 1;
            if calls == cards + 1 { 0 } else { n - 1 }
        };
        assert!(s.draw_tiebreak(pick, Timestamp::UNIX_EPOCH));
        let Some(Playoff::Draws(draws)) = s.playoff() else { panic!("draws recorded: {:?}", s.playoff()) };
        let shown: Vec<Vec<(usize, String)>> =
            draws.iter().map(|d| d.iter().map(|(seat, c)| (*seat, c.to_string())).collect()).collect();
        assert_eq!(
            shown,
            [vec![(0, "Ac".into()), (1, "Ad".into())], vec![(0, "Ks".into()), (1, "Ad".into())]]
        );
        assert_eq!(s.scoreboard().winners(), [1]);
        // Drawn once, the tiebreak is not drawn again.
        assert!(!s.draw_tiebreak(|_| 0, Timestamp::UNIX_EPOCH));
    }

    #[test]
    fn free_names() {
        let taken = ["d", "d-2"];
        assert_eq!(free_name("d", |n| taken.contains(&n)), "d-3");
        assert_eq!(free_name("e", |n| taken.contains(&n)), "e");
    }
}
