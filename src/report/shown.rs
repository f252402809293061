//! One round as recorded, in full (`three13 show ROUND` and the round's
//! page of `serve`): its deal, each player's score and what else happened,
//! the hands typed with their melds. Built once; each face prints it.

use three13_core::card::Card;
use three13_core::rules::{Deal, Rules};
use three13_core::sheet::{Playoff, Session};
use three13_core::solver::{Arrangement, Solver, Table};

use crate::error::{Error, Result};

/// One player's score of a round.
#[derive(Debug, Clone)]
pub(crate) struct Line {
    pub(crate) seat: usize,
    pub(crate) deadwood: u32,
    pub(crate) points: i32,
    /// After the round; none in the tiebreaker round.
    pub(crate) total: Option<i32>,
    pub(crate) hand: Option<Vec<Card>>,
    /// The cards left over, as typed (`K 9`, `Kh 9c`).
    pub(crate) leftover: Option<String>,
}

/// One round as recorded, ready to show.
#[derive(Debug)]
pub(crate) struct Shown {
    pub(crate) session: String,
    pub(crate) players: Vec<String>,
    pub(crate) deal: Deal,
    pub(crate) rules: Rules,
    pub(crate) tiebreak: bool,
    /// Whether the round's scores count double.
    pub(crate) doubled: bool,
    pub(crate) dealer: usize,
    pub(crate) first: usize,
    /// In seat order.
    pub(crate) scores: Vec<Line>,
    pub(crate) out: Option<usize>,
    pub(crate) penalties: Vec<usize>,
    /// The hands typed, by seat, with their least deadwood arrangement.
    pub(crate) hands: Vec<(usize, Vec<Card>, Arrangement)>,
    /// The players whose first round this is, after joining late.
    pub(crate) joiners: Vec<usize>,
}

impl Shown {
    /// `Round 2 of g: 4 cards, fours wild; Bob dealt, Cy played first`.
    pub(crate) fn heading(&self) -> String {
        let which = if self.tiebreak {
            "The tiebreaker round".to_string()
        } else {
            format!("Round {}", self.deal.round)
        };
        format!(
            "{which} of {}: {} cards, {} wild{}; {} dealt, {} played first",
            self.session,
            self.deal.cards,
            self.rules.wilds(self.deal.wild),
            if self.doubled { ", scores doubled" } else { "" },
            self.player(self.dealer),
            self.player(self.first)
        )
    }

    pub(crate) fn player(&self, seat: usize) -> &str {
        &self.players[seat]
    }

    /// Whether the deadwood is shown beside the points: where the rules
    /// make them differ, and in the tiebreaker round (deadwood only).
    pub(crate) fn deadwood_shown(&self) -> bool {
        self.tiebreak || self.scores.iter().any(|line| i64::from(line.deadwood) != i64::from(line.points))
    }

    /// What else happened to the player at `seat`: `went out first; bad
    /// go-out, +20`; empty for nothing.
    pub(crate) fn notes(&self, seat: usize) -> String {
        let mut notes = Vec::new();
        let line = self.scores.iter().find(|l| l.seat == seat);
        if let Some(cards) = line.and_then(|l| l.leftover.as_ref()) {
            notes.push(format!("cards left over: {cards}"));
        }
        if self.out == Some(seat) {
            notes.push("went out first".to_string());
        }
        if self.penalties.contains(&seat) {
            notes.push(format!("bad go-out, +{}", self.rules.bad_go_out_penalty()));
        }
        if line.is_some_and(|l| l.hand.is_some()) {
            notes.push("hand typed, below".to_string());
        }
        notes.join("; ")
    }

    /// The cards left out of the melds of a hand and their points, `Kh 13,
    /// 9h 9`; `card` writes a card.
    pub(crate) fn left_over(&self, a: &Arrangement, card: &dyn Fn(Card) -> String) -> String {
        if a.unmelded.is_empty() {
            return "deadwood 0: every card is in a meld".to_string();
        }
        let points: Vec<String> = a
            .unmelded
            .iter()
            .map(|&c| format!("{} {}", card(c), self.rules.value_in(c, self.deal.wild)))
            .collect();
        format!("left over {}: deadwood {}", points.join(", "), a.deadwood)
    }
}

/// The last round played: the tiebreaker round once played, else the
/// last round recorded; none before round 1.
pub(crate) fn last_round(s: &Session) -> Option<usize> {
    if let Some(Playoff::Round(_)) = s.playoff() {
        return Some(s.deals().len() + 1);
    }
    (!s.rounds().is_empty()).then(|| s.rounds().len())
}

/// Round `round` as recorded: a round of the rules, or the tiebreaker
/// round once played.
pub(crate) fn round_of(s: &Session, round: usize) -> Result<Shown> {
    let played = s.rounds().len();
    let (deal, tiebreak, scores, out, penalties) = if round >= 1 && round <= played {
        let deal = s.deal(round).expect("a recorded round");
        let r = &s.rounds()[round - 1];
        let board = s.scoreboard();
        let scores: Vec<Line> = s
            .playing(round)
            .into_iter()
            .map(|seat| Line {
                seat,
                deadwood: r.deadwood[seat],
                points: board.points(round - 1)[seat],
                total: Some(board.running(round - 1)[seat]),
                hand: r.hands[seat].clone(),
                leftover: r.leftover[seat].as_ref().map(|cards| words(cards)),
            })
            .collect();
        (deal, false, scores, r.out, r.penalties.clone())
    } else if let Some(Playoff::Round(scores)) = s.playoff()
        && round == s.deals().len() + 1
    {
        let scores: Vec<Line> = scores
            .iter()
            .map(|(seat, sc)| Line {
                seat: *seat,
                deadwood: sc.deadwood,
                points: sc.deadwood as i32,
                total: None,
                hand: sc.hand.clone(),
                leftover: match &sc.form {
                    three13_core::sheet::ScoreForm::Leftover(cards) => {
                        Some(words(&cards.iter().map(|(c, _)| *c).collect::<Vec<_>>()))
                    }
                    _ => None,
                },
            })
            .collect();
        (s.rules().tiebreak_deal(), true, scores, None, Vec::new())
    } else {
        let which = match played {
            0 => "no round is recorded yet".to_string(),
            1 => "only round 1 is recorded".to_string(),
            n => format!("rounds 1 to {n} are recorded"),
        };
        return Err(Error::data(format!("there is no round {round} to show; {which}")));
    };
    let rules = s.rules_of(deal.round);
    let table = Table::new(&rules, deal.wild);
    let mut solver = Solver::new();
    let hands: Vec<(usize, Vec<Card>, Arrangement)> = scores
        .iter()
        .filter_map(|line| Some((line.seat, line.hand.clone()?)))
        .map(|(seat, hand)| {
            let a = solver.solve(&hand, &table);
            (seat, hand, a)
        })
        .collect();
    Ok(Shown {
        session: s.name().to_string(),
        players: s.players().to_vec(),
        deal,
        rules,
        tiebreak,
        doubled: !tiebreak && rules.doubles(deal.wild),
        dealer: s.dealer(deal.round),
        first: s.first_player(deal.round),
        scores,
        out,
        penalties,
        hands,
        // Players whose first round this is: where their start came from.
        joiners: (0..s.players().len())
            .filter(|&p| !tiebreak && s.seats()[p].joined > 0 && s.seats()[p].joined + 1 == deal.round)
            .collect(),
    })
}

/// Cards left over as they are typed: `K 9 4`, `Kh 9c`.
fn words(cards: &[three13_core::sheet::Leftover]) -> String {
    cards.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")
}
