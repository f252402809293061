//! What the sheet refuses, and how each refusal reads: in the game's words,
//! naming the player, the round and what would be right.

use std::fmt;

use super::{MAX_PLAYER_NAME, MAX_SESSION_NAME, MIN_PLAYERS, shown};
use crate::hand::HandError;
use crate::rules::{Deal, MAX_PLAYERS};

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
    /// A hand typed for the player said to have gone out leaves deadwood.
    FalseGoOut {
        player: String,
        deadwood: u32,
        /// The rules' penalty for a bad go-out (0 for none).
        penalty: u16,
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
        round: i64,
        next: usize,
    },
    /// A former name of one player that is another player's name now.
    FormerName {
        player: String,
        former: String,
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
    /// Rules changed from a round that is neither played nor the next.
    RulesFrom {
        from: usize,
        next: usize,
    },
    /// Rules changed from after the last round, with no tie to break.
    RulesAfterEnd {
        rounds: usize,
    },
    /// A round played that new rules would deal otherwise.
    DealChanged {
        was: Deal,
        now: Deal,
    },
    /// A stored change of rules that changes the round table.
    RoundTableChange {
        key: &'static str,
    },
    /// Stored cards left over whose values are not the deadwood.
    LeftoverMismatch {
        player: String,
        value: u32,
        recorded: u32,
    },
    /// Stored cards left over as many as the round deals, or more.
    LeftoverSize {
        player: String,
        count: usize,
        round: usize,
        dealt: usize,
    },
    /// A hand and cards left over stored for one player.
    HandAndLeftover {
        player: String,
    },
    /// A change of the log that does not fit the sheet it would be taken
    /// back from (a file edited by hand).
    LogDisagrees {
        change: &'static str,
        subject: String,
    },
    /// A change of the log that cannot be taken back, and why.
    InLog {
        change: &'static str,
        subject: String,
        error: Box<SheetError>,
    },
    /// A draw recorded where none is due.
    NoDrawDue,
    /// A card drawn more often in one draw than the decks hold it.
    DrawnTwice {
        card: crate::card::Card,
        drawn: usize,
        decks: u8,
    },
    /// A player named who has not left the game.
    NotLeft {
        player: String,
    },
    /// A change after the round an undo would remove, which a session
    /// without a log cannot take back: a player who `joined`, `left` or
    /// `came back` after round `round`, or the `rules` changed.
    UnloggedSeat {
        player: String,
        round: usize,
        change: &'static str,
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
            E::FalseGoOut { player, deadwood, .. } => write!(
                f,
                "{player} went out, but the hand typed for {player} does not go out: \
                 at best it leaves {deadwood} deadwood"
            ),
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
                write!(f, "both {first} and {second} are marked out; mark only the player who went out first")
            }
            E::NotInRound { player, round } => write!(f, "{player} did not play round {round}"),
            E::RoundsPlayed { played, deals } => write!(
                f,
                "{played} rounds are played, but these rules play only {deals}; \
                 a round that is played cannot be left out"
            ),
            E::InRound { round, error } => write!(f, "round {round}: {error}"),
            E::FormerName { player, former } => write!(
                f,
                "{player} was once called \"{}\", so no other player can have that name",
                shown(former)
            ),
            E::NoRoundToDeal { round, next } => {
                write!(f, "there is no round {round} to set a dealer for; the next round is {next}")
            }
            E::HasLeft { player } => write!(f, "{player} has already left the game"),
            E::SeatBeyond { seat, seats } => {
                write!(f, "there is no seat {seat}: the seats are 1 to {seats}")
            }
            E::SeatRound { player, round, played } => {
                let played = match played {
                    1 => "1 round is played".to_string(),
                    n => format!("{n} rounds are played"),
                };
                write!(f, "{player}: {round} is not a round count of this game ({played})")
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
            E::RulesFrom { from, next } => {
                let rounds =
                    if *next == 1 { "round 1, the next".to_string() } else { format!("1 to {next}") };
                write!(
                    f,
                    "rules can change from a round played or the next one, not from round {from}: \
                     the rounds are {rounds}"
                )
            }
            E::RulesAfterEnd { rounds } => write!(
                f,
                "all {rounds} rounds are in and no tie is left to break, so rules from the next round \
                 would change nothing"
            ),
            E::DealChanged { was, now } => write!(
                f,
                "round {} was dealt {} cards, {} wild; these rules would deal it {} cards, {} wild, \
                 and a round played keeps its deal",
                was.round,
                was.cards,
                was.wild.plural(),
                now.cards,
                now.wild.plural()
            ),
            E::RoundTableChange { key } => write!(
                f,
                "{key} shapes the round table, which is the whole game's: set it in [rules], not from a round on"
            ),
            E::LeftoverMismatch { player, value, recorded } => write!(
                f,
                "{player}'s cards left over count {value}, but the deadwood says {recorded}; \
                 fix one of them, or remove the cards"
            ),
            E::LeftoverSize { player, count, round, dealt } => write!(
                f,
                "{player} has {count} cards left over, but round {round} deals {dealt}; \
                 a whole hand goes in hands"
            ),
            E::HandAndLeftover { player } => {
                write!(f, "{player} has both a hand and cards left over; keep one of them")
            }
            E::LogDisagrees { change, subject } => write!(
                f,
                "the change {change} ({subject}) does not fit the sheet as it stands, so it cannot be taken back"
            ),
            E::InLog { change, subject, error } => {
                write!(f, "the change {change} ({subject}) cannot be taken back: {error}")
            }
            E::NotLeft { player } => write!(f, "{player} has not left the game"),
            E::NoDrawDue => f.write_str("no tiebreak draw is due"),
            E::DrawnTwice { card, drawn, decks } => {
                let held = if *decks == 1 {
                    "1 deck holds only 1".to_string()
                } else {
                    format!("{decks} decks hold only {decks}")
                };
                write!(f, "{card} is drawn {drawn} times, but {held}", card = card.ascii())
            }
            E::UnloggedSeat { change: "rules", round, .. } => write!(
                f,
                "the rules changed from round {}, and this session keeps no log of the change (its file \
                 was written before three13 kept one), so undo cannot take round {round} back",
                round + 1
            ),
            E::UnloggedSeat { player, round, change } => write!(
                f,
                "{player} {change} after round {round}, and this session keeps no log of it (its file was \
                 written before three13 kept one), so undo cannot take round {round} back"
            ),
        }
    }
}

impl std::error::Error for SheetError {}
