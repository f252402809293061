//! The score sheet as one view, built once from a session and printed
//! three ways: as text that fits the width (`report::table`), as JSON for
//! scripts (`TableJson`) and as the pages of `serve`. Every figure of the
//! sheet is here by seat, and how the game ended (or what comes next) is a
//! typed value worded once, by `Ending::lines`.

use three13_core::card::{Card, Rank};
use three13_core::sheet::{Playoff, Scoreboard, Session};

use super::and_list;

/// The score sheet of a session.
#[derive(Debug)]
pub(crate) struct SheetView {
    pub(crate) session: String,
    /// The rules' short name and each change from a round on.
    pub(crate) rules_summary: String,
    /// In seat order; every `Vec` by seat below follows it.
    pub(crate) players: Vec<String>,
    /// A row per round of the rules, played or to come.
    pub(crate) rows: Vec<RowView>,
    /// The starting total of each player who joined late, by seat.
    pub(crate) starts: Vec<Option<i32>>,
    /// By seat.
    pub(crate) totals: Vec<i32>,
    /// The tiebreaker round, while due or once played.
    pub(crate) tie: Option<TieRow>,
    /// Best place first; players who left have none.
    pub(crate) standings: Vec<Standing>,
    pub(crate) finished: bool,
    /// Whether a round missed is scored on the sheet (the `~` mark).
    pub(crate) away: bool,
    /// How the game ended, or where it stands.
    pub(crate) ending: Ending,
    /// The round to play next, until the game is over.
    pub(crate) next: Option<NextView>,
}

/// A round of the rules: its deal and, once played, each player's cell.
#[derive(Debug)]
pub(crate) struct RowView {
    pub(crate) round: usize,
    pub(crate) cards: usize,
    /// `3`, `3 +K`.
    pub(crate) wilds: String,
    pub(crate) doubled: bool,
    pub(crate) dealer: String,
    /// By seat: none for a player not at the table, or a round to come.
    pub(crate) cells: Vec<Option<Cell>>,
    /// Who went out first.
    pub(crate) out: Option<String>,
    pub(crate) penalties: Vec<String>,
    pub(crate) played: bool,
    /// Whether it is the round to play next.
    pub(crate) next: bool,
}

/// One player's points of a round and the running total after it, with
/// the round's marks.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cell {
    pub(crate) points: i32,
    pub(crate) running: i32,
    /// A hand was typed (`#`).
    pub(crate) typed: bool,
    /// Went out first (`^`).
    pub(crate) out: bool,
    /// Charged for a bad go-out (`!`).
    pub(crate) penalty: bool,
    /// Away from the round, scored by the rule for rounds missed (`~`).
    pub(crate) away: bool,
}

impl Cell {
    /// `26#`: the points, marked when typed as a hand and, in the compact
    /// layouts, when out first or penalised; `5~` for a round missed.
    pub(crate) fn text(&self, compact: bool) -> String {
        let mut text = self.points.to_string();
        if self.away {
            text.push('~');
            return text;
        }
        if self.typed {
            text.push('#');
        }
        if compact && self.out {
            text.push('^');
        }
        if compact && self.penalty {
            text.push('!');
        }
        text
    }
}

/// The tiebreaker round's row: its deal and each tied player's deadwood.
#[derive(Debug)]
pub(crate) struct TieRow {
    pub(crate) cards: usize,
    pub(crate) wilds: String,
    /// By seat, once played: the deadwood and whether a hand was typed.
    pub(crate) scores: Vec<Option<(u32, bool)>>,
}

/// A line of the standings (in the JSON, `standings`).
#[derive(Debug, serde::Serialize)]
pub(crate) struct Standing {
    #[serde(skip)]
    pub(crate) seat: usize,
    pub(crate) place: usize,
    pub(crate) player: String,
    pub(crate) total: i32,
    pub(crate) behind: i32,
    pub(crate) rounds_out: usize,
}

/// The round to play next (in the JSON, `next`).
#[derive(Debug, serde::Serialize)]
pub(crate) struct NextView {
    pub(crate) round: usize,
    /// How many rounds the rules deal.
    #[serde(skip)]
    pub(crate) of: usize,
    /// Whether it is the tiebreaker round.
    pub(crate) tiebreak: bool,
    pub(crate) cards: usize,
    pub(crate) wild: Rank,
    /// `3 +K`.
    #[serde(rename = "wilds")]
    pub(crate) wilds_short: String,
    /// `threes and kings`.
    #[serde(skip)]
    pub(crate) wilds: String,
    pub(crate) doubled: bool,
    pub(crate) dealer: String,
    /// The player after the dealer, who plays first.
    pub(crate) first: String,
    /// Who plays: the players at the table, and in the tiebreaker round
    /// only the tied ones.
    pub(crate) players: Vec<String>,
}

impl NextView {
    /// `Round 3 of 11`, or `The tiebreaker round`.
    pub(crate) fn title(&self) -> String {
        if self.tiebreak {
            "The tiebreaker round".to_string()
        } else {
            format!("Round {} of {}", self.round, self.of)
        }
    }
}

/// How the game ended, or where it stands.
#[derive(Debug)]
pub(crate) enum Ending {
    /// Rounds remain: the leaders so far (none before round 1).
    Playing { leaders: Vec<String>, best: i32 },
    /// The tied players play a tiebreaker round.
    TiebreakRound { tied: Vec<String>, on: i32, cards: usize, wilds: String },
    /// The tied players draw a card: first, or again after a tie on the
    /// lowest rank (`who` says who draws again).
    DrawDue { tied: Vec<String>, on: i32, again: Option<String>, form: String },
    /// Over: one player has the lowest total (`by` how much, when alone).
    Wins { winner: String, by: Option<i32>, with: i32 },
    /// Over: tied on the lowest total, with no tiebreak to play.
    Shared { winners: Vec<String>, with: i32 },
    /// Over after a tie on `on`, by the tiebreaker round's deadwood.
    AfterRound { winners: Vec<String>, on: i32, scores: Vec<(String, u32)> },
    /// Over after a tie on `on`, by the cards drawn, first to last.
    AfterDraws { winners: Vec<String>, on: i32, draws: Vec<Vec<(String, Card)>> },
}

/// A sentence of the ending, and how it is set: the indent of its wrapped
/// lines, and whether it is good news (the game over).
#[derive(Debug, PartialEq)]
pub(crate) struct Line {
    pub(crate) text: String,
    pub(crate) hang: usize,
    pub(crate) good: bool,
}

impl Ending {
    /// Whether the game is over.
    pub(crate) fn over(&self) -> bool {
        matches!(
            self,
            Ending::Wins { .. }
                | Ending::Shared { .. }
                | Ending::AfterRound { .. }
                | Ending::AfterDraws { .. }
        )
    }

    /// How the game ended, without `Game over: `: `Bob wins by 4, with 8.`;
    /// none while it goes on. `card` writes a card drawn.
    pub(crate) fn outcome(&self, card: &dyn Fn(Card) -> String) -> Option<String> {
        let names = |list: &[String]| and_list(&list.iter().map(String::as_str).collect::<Vec<_>>());
        Some(match self {
            Ending::Wins { winner, by: Some(m), with } => format!("{winner} wins by {m}, with {with}."),
            Ending::Wins { winner, by: None, with } => format!("{winner} wins with {with}."),
            Ending::Shared { winners, with } => format!("{} share the win with {with}.", names(winners)),
            Ending::AfterRound { winners, on, scores } => {
                let shown: Vec<String> = scores.iter().map(|(p, d)| format!("{p} {d}")).collect();
                let how = format!("after a tie on {on}, the tiebreaker round: {}", shown.join(", "));
                match winners.as_slice() {
                    [one] => format!("{one} wins {how}."),
                    many => format!("{} share the win; {how}.", names(many)),
                }
            }
            Ending::AfterDraws { winners, on, draws } => {
                let shown: Vec<String> = draws
                    .iter()
                    .map(|d| {
                        d.iter().map(|(p, c)| format!("{p} {}", card(*c))).collect::<Vec<_>>().join(", ")
                    })
                    .collect();
                let drew =
                    if draws.len() == 1 { "drew".to_string() } else { format!("drew {} times", draws.len()) };
                format!(
                    "{} wins after a tie on {on}; the tied players {drew}: {}.",
                    names(winners),
                    shown.join("; then ")
                )
            }
            _ => return None,
        })
    }

    /// The ending's sentences, before the line of the round to play next
    /// (`next_line`) where one is to come.
    pub(crate) fn lines(&self, card: &dyn Fn(Card) -> String) -> Vec<Line> {
        let names = |list: &[String]| and_list(&list.iter().map(String::as_str).collect::<Vec<_>>());
        let line = |text: String, hang: usize| Line { text, hang, good: false };
        if let Some(outcome) = self.outcome(card) {
            return vec![Line { text: format!("Game over: {outcome}"), hang: 0, good: true }];
        }
        match self {
            Ending::Playing { leaders, best } => match leaders.as_slice() {
                [] => vec![],
                [one] => vec![line(format!("Leader: {one}, with {best}"), 8)],
                many => vec![line(format!("Leaders: {}, with {best} each", names(many)), 9)],
            },
            Ending::TiebreakRound { tied, on, cards, wilds } => vec![line(
                format!(
                    "{} are tied on {on}: they play a tiebreaker round of {cards} cards, {wilds} wild; the lowest deadwood wins.",
                    names(tied)
                ),
                0,
            )],
            Ending::DrawDue { tied, on, again, form } => {
                let how = match again {
                    None => format!(
                        "{} are tied on {on}: each draws a card, and the lowest rank wins, aces low.",
                        names(tied)
                    ),
                    Some(who) => format!("{who}; the lowest rank wins, aces low."),
                };
                vec![
                    line(how, 0),
                    line(
                        format!(
                            "Next: the draw; record the cards drawn with {form} (or three13 draw --random)"
                        ),
                        6,
                    ),
                ]
            }
            _ => vec![],
        }
    }
}

impl SheetView {
    pub(crate) fn new(s: &Session) -> SheetView {
        let board = s.scoreboard();
        let player = |seat: usize| s.players()[seat].clone();
        let names = |seats: &[usize]| seats.iter().map(|&p| player(p)).collect::<Vec<_>>();
        let n = s.players().len();
        let next_round = s.next_deal().map(|d| d.round);
        let rows = s
            .deals()
            .into_iter()
            .map(|deal| {
                let rules = s.rules_of(deal.round);
                let i = deal.round - 1;
                let record = s.rounds().get(i);
                let cells = (0..n)
                    .map(|p| {
                        let r = record?;
                        let away = s.seats()[p].missed_round(deal.round);
                        (away || s.plays(p, deal.round)).then(|| Cell {
                            points: board.points(i)[p],
                            running: board.running(i)[p],
                            typed: !away && r.hands[p].is_some(),
                            out: !away && r.out == Some(p),
                            penalty: !away && r.penalties.contains(&p),
                            away,
                        })
                    })
                    .collect();
                RowView {
                    round: deal.round,
                    cards: deal.cards,
                    wilds: rules.wilds(deal.wild).short(),
                    doubled: rules.doubles(deal.wild),
                    dealer: player(s.dealer(deal.round)),
                    cells,
                    out: record.and_then(|r| r.out).map(player),
                    penalties: record.map(|r| names(&r.penalties)).unwrap_or_default(),
                    played: record.is_some(),
                    next: next_round == Some(deal.round),
                }
            })
            .collect();
        let tie =
            (s.tiebreak_round().is_some() || matches!(s.playoff(), Some(Playoff::Round(_)))).then(|| {
                let deal = s.rules().tiebreak_deal();
                let scores = (0..n)
                    .map(|seat| match s.playoff() {
                        Some(Playoff::Round(scores)) => scores
                            .iter()
                            .find(|(p, _)| *p == seat)
                            .map(|(_, sc)| (sc.deadwood, sc.hand.is_some())),
                        _ => None,
                    })
                    .collect();
                TieRow { cards: deal.cards, wilds: s.rules_of(deal.round).wilds(deal.wild).short(), scores }
            });
        SheetView {
            session: s.name().to_string(),
            rules_summary: s.rules_summary(),
            players: s.players().to_vec(),
            rows,
            starts: (0..n).map(|p| s.seats()[p].late().then(|| board.starts()[p])).collect(),
            totals: board.totals().to_vec(),
            tie,
            standings: board
                .standings()
                .into_iter()
                .map(|seat| Standing {
                    seat,
                    place: board.places()[seat],
                    player: player(seat),
                    total: board.totals()[seat],
                    behind: board.behind(seat),
                    rounds_out: board.rounds_out()[seat],
                })
                .collect(),
            finished: board.finished(),
            away: s.seats().iter().any(|st| !st.away.is_empty()),
            ending: ending(s, &board),
            next: s.next_deal().map(|d| {
                let rules = s.rules_of(d.round);
                NextView {
                    round: d.round,
                    of: s.deals().len(),
                    tiebreak: s.tiebreak_round().is_some(),
                    cards: d.cards,
                    wild: d.wild,
                    wilds_short: rules.wilds(d.wild).short(),
                    wilds: rules.wilds(d.wild).to_string(),
                    doubled: rules.doubles(d.wild),
                    dealer: player(s.dealer(d.round)),
                    first: player(s.first_player(d.round)),
                    players: names(&s.playing(d.round)),
                }
            }),
        }
    }
}

/// How the game ended, or where it stands.
pub(crate) fn ending(s: &Session, board: &Scoreboard) -> Ending {
    let player = |seat: &usize| s.players()[*seat].clone();
    let names = |seats: &[usize]| seats.iter().map(player).collect::<Vec<_>>();
    let best = board.best().unwrap_or(0);
    if s.draw_due() {
        return Ending::DrawDue {
            tied: names(&s.tied()),
            on: best,
            again: s.playoff().map(|_| super::tiebreak::who_draws(s)),
            form: super::tiebreak::form(s),
        };
    }
    if let Some(deal) = s.tiebreak_round() {
        return Ending::TiebreakRound {
            tied: names(&s.tied()),
            on: best,
            cards: deal.cards,
            wilds: s.rules_of(deal.round).wilds(deal.wild).to_string(),
        };
    }
    if !board.finished() {
        return Ending::Playing { leaders: names(board.leaders()), best };
    }
    let winners = names(&board.winners());
    match s.playoff() {
        None => match winners.as_slice() {
            [one] => Ending::Wins { winner: one.clone(), by: board.margin(), with: best },
            _ => Ending::Shared { winners, with: best },
        },
        Some(Playoff::Round(scores)) => Ending::AfterRound {
            winners,
            on: best,
            scores: scores.iter().map(|(seat, sc)| (player(seat), sc.deadwood)).collect(),
        },
        Some(Playoff::Draws(draws)) => Ending::AfterDraws {
            winners,
            on: best,
            draws: draws.iter().map(|d| d.iter().map(|(seat, c)| (player(seat), *c)).collect()).collect(),
        },
    }
}
