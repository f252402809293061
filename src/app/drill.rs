//! A drill: a run of positions worth drilling, each asking take or draw
//! and then the discard, every answer graded in points lost against the
//! points coach; the run's summary. The faces (the terminal, JSON lines,
//! a page) ask the questions and say the grades; this module deals the
//! positions, grades and counts, and never prints or asks.
//!
//! A face drives a run so: [`Drill::start`], then while
//! [`Drill::question`] gives a question, [`Drill::answer`] with the
//! player's answer (a refused answer leaves the question as it was);
//! [`Drill::summary`] at any time.

use std::time::Duration;

use crate::error::{Error, Result};
use three13_core::card::Card;
use three13_core::play::Move;
use three13_core::play::drill::{self, DrillPosition, Theme, Wanted};
use three13_core::rules::Rules;
use three13_core::solver::{Solver, Table};

/// What a run is asked for.
#[derive(Clone, Debug)]
pub(crate) struct Asked {
    pub(crate) rules: Rules,
    pub(crate) round: Option<usize>,
    pub(crate) theme: Option<Theme>,
    pub(crate) players: Option<usize>,
    pub(crate) seed: u64,
    /// Positions in the run.
    pub(crate) count: usize,
    /// The coach's deals an option.
    pub(crate) budget: usize,
}

impl Asked {
    /// The round asked for checked against the rules.
    pub(crate) fn check(&self) -> Result<()> {
        if let Some(r) = self.round
            && self.rules.deal(r).is_none()
        {
            return Err(Error::usage(format!(
                "no round {r} in these rules: they have rounds 1 to {}",
                self.rules.deals().len()
            ))
            .with_hint("name one with --round, or leave it out for any round"));
        }
        if let Some(p) = self.players {
            let largest = match self.round {
                Some(r) => self.rules.deal(r).map_or(0, |d| d.cards),
                None => self.rules.deals().iter().map(|d| d.cards).max().unwrap_or(0),
            };
            let cards = three13_core::play::shoe(&self.rules).len();
            if cards < p * (largest + 1) + 2 {
                return Err(Error::usage(format!(
                    "the decks hold {cards} cards, too few to deal {largest} to each of {p} players and draw"
                ))
                .with_hint("add decks with --set decks=N, or drill with fewer players"));
            }
        }
        Ok(())
    }
}

/// The seed of the position of the day: the same all day for everyone.
pub(crate) fn seed_of_day(day: jiff::civil::Date) -> u64 {
    let n = day.year() as u64 * 10_000 + day.month() as u64 * 100 + day.day() as u64;
    three13_core::play::mix(0x7d11_da7e, n)
}

/// The question asked.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Ask {
    TakeOrDraw,
    Discard,
}

impl Ask {
    pub(crate) fn word(self) -> &'static str {
        match self {
            Ask::TakeOrDraw => "take_or_draw",
            Ask::Discard => "discard",
        }
    }
}

/// A question: the position as the player sees it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Question {
    /// The position's number in the run, from 1.
    pub(crate) number: usize,
    /// The position's id (from its content).
    pub(crate) id: String,
    pub(crate) game: &'static str,
    pub(crate) round: usize,
    pub(crate) wild: three13_core::card::Rank,
    /// The hand: after the draw (the card drawn last) for the discard.
    pub(crate) hand: Vec<Card>,
    /// The face-up card: before the draw, the one to take or not; after
    /// it, the pile's top (none when the only card was taken).
    pub(crate) face_up: Option<Card>,
    pub(crate) seen: Vec<Card>,
    pub(crate) players: usize,
    pub(crate) turn: usize,
    pub(crate) ask: Ask,
    /// For the discard: the card drawn, and whether it was taken from
    /// the face-up pile.
    pub(crate) drawn: Option<Card>,
    pub(crate) taken: bool,
    /// Someone went out: the last turn.
    pub(crate) last_turn: bool,
    pub(crate) themes: Vec<Theme>,
    /// The answers the question takes: "take" and "draw", or the cards.
    pub(crate) options: Vec<String>,
}

/// An answer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Answer {
    Take,
    Draw,
    Discard(Card),
}

impl Answer {
    /// An answer as typed: `take`, `draw` or a card (`Kd`).
    pub(crate) fn parse(text: &str, rules: &Rules) -> Result<Answer> {
        let t = text.trim();
        match t.to_ascii_lowercase().as_str() {
            "take" | "t" => Ok(Answer::Take),
            "draw" | "d" => Ok(Answer::Draw),
            _ => rules.deck().parse(t).map(Answer::Discard).map_err(|e| {
                Error::usage(format!("\"{}\" is not an answer: {e}", t.escape_debug())).with_hint(
                    "answer take or draw before the draw, and a card of the hand (like Kd) after it",
                )
            }),
        }
    }

    fn of(m: Move) -> Answer {
        match m {
            Move::Take(true) => Answer::Take,
            Move::Take(false) => Answer::Draw,
            Move::Discard(c) => Answer::Discard(c),
        }
    }

    fn to_move(self) -> Move {
        match self {
            Answer::Take => Move::Take(true),
            Answer::Draw => Move::Take(false),
            Answer::Discard(c) => Move::Discard(c),
        }
    }

    /// As written in JSON and on the terminal: take, draw or the card.
    pub(crate) fn text(self) -> String {
        match self {
            Answer::Take => "take".into(),
            Answer::Draw => "draw".into(),
            Answer::Discard(c) => c.ascii(),
        }
    }
}

/// One option's expected points at the end of the round, with its 95%
/// interval.
#[derive(Clone, PartialEq, Debug)]
pub(crate) struct Figure {
    pub(crate) option: Answer,
    pub(crate) mean: f64,
    pub(crate) low: f64,
    pub(crate) high: f64,
    /// Within the coach's noise of the best (or the best).
    pub(crate) equal: bool,
    /// Dropped early as clearly worse.
    pub(crate) dropped: bool,
}

/// An answer graded.
#[derive(Clone, PartialEq, Debug)]
pub(crate) struct Graded {
    pub(crate) number: usize,
    pub(crate) id: String,
    pub(crate) ask: Ask,
    pub(crate) answer: Answer,
    pub(crate) points_lost: f64,
    pub(crate) best: Answer,
    /// Every option, best first.
    pub(crate) options: Vec<Figure>,
    /// For a discard: the melds the hand keeps after the best discard.
    pub(crate) keeps: Vec<Vec<Card>>,
    /// The time taken to answer, as the face measured it.
    pub(crate) took: Duration,
    pub(crate) themes: Vec<Theme>,
}

impl Graded {
    pub(crate) fn right(&self) -> bool {
        self.points_lost == 0.0
    }
}

/// A run's summary.
#[derive(Clone, PartialEq, Debug)]
pub(crate) struct Summary {
    /// Positions whose both questions were answered.
    pub(crate) positions: usize,
    pub(crate) decisions: usize,
    pub(crate) points_lost: f64,
    /// Points lost per decision (0 without decisions).
    pub(crate) per_decision: f64,
    /// The answer that lost most, if any lost points.
    pub(crate) worst: Option<Graded>,
    /// The ids of the positions with an answer that lost points, in order.
    pub(crate) missed: Vec<String>,
    /// Candidates dealt for the positions, and positions kept.
    pub(crate) tried: usize,
    pub(crate) kept: usize,
}

/// Where a position stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    TakeOrDraw,
    Discard { take: bool },
}

/// A run of positions.
#[derive(Debug)]
pub(crate) struct Drill {
    wanted: Wanted,
    seed: u64,
    count: usize,
    tried: usize,
    /// Positions given to replay instead of generated ones.
    given: Option<Vec<DrillPosition>>,
    positions: Vec<DrillPosition>,
    current: Option<(DrillPosition, Stage)>,
    graded: Vec<Graded>,
    done: usize,
}

impl Drill {
    /// A run as asked; its first position dealt.
    pub(crate) fn start(asked: &Asked) -> Result<Drill> {
        asked.check()?;
        let wanted = Wanted {
            rules: asked.rules,
            round: asked.round,
            theme: asked.theme,
            players: asked.players,
            budget: asked.budget.max(2),
            margin: drill::MARGIN,
        };
        let mut d = Drill {
            wanted,
            seed: asked.seed,
            count: asked.count,
            tried: 0,
            given: None,
            positions: Vec::new(),
            current: None,
            graded: Vec::new(),
            done: 0,
        };
        d.deal_next();
        Ok(d)
    }

    /// A run of the positions given, in order (a replay).
    pub(crate) fn replay(positions: Vec<DrillPosition>, budget: usize) -> Drill {
        let rules = positions.first().map_or_else(Rules::default, |p| p.rules);
        let mut wanted = Wanted::new(rules);
        wanted.budget = budget.max(2);
        let count = positions.len();
        let mut given = positions;
        given.reverse();
        let mut d = Drill {
            wanted,
            seed: 0,
            count,
            tried: 0,
            given: Some(given),
            positions: Vec::new(),
            current: None,
            graded: Vec::new(),
            done: 0,
        };
        d.deal_next();
        d
    }

    /// Adds positions to a replay's end (a position missed again comes
    /// back).
    pub(crate) fn again(&mut self, position: DrillPosition) {
        if let Some(given) = &mut self.given {
            given.insert(0, position);
            self.count += 1;
            if self.current.is_none() {
                self.deal_next();
            }
        }
    }

    fn deal_next(&mut self) {
        self.current = None;
        if self.positions.len() >= self.count {
            return;
        }
        let next = match &mut self.given {
            Some(given) => given.pop(),
            None => {
                let limit = self.count.max(1) * drill::TRIES_EACH;
                drill::next(&self.wanted, self.seed, &mut self.tried, limit)
            }
        };
        if let Some(p) = next {
            self.positions.push(p.clone());
            self.current = Some((p, Stage::TakeOrDraw));
        }
    }

    /// The positions dealt so far.
    pub(crate) fn positions(&self) -> &[DrillPosition] {
        &self.positions
    }

    /// The grades so far.
    pub(crate) fn graded(&self) -> &[Graded] {
        &self.graded
    }

    /// The position asked now, if any.
    pub(crate) fn position(&self) -> Option<&DrillPosition> {
        self.current.as_ref().map(|(p, _)| p)
    }

    /// The question asked now; none when the run is over.
    pub(crate) fn question(&self) -> Option<Question> {
        let (p, stage) = self.current.as_ref()?;
        let (hand, face_up, seen, ask, drawn, taken, options) = match *stage {
            Stage::TakeOrDraw => (
                p.hand.clone(),
                Some(p.face_up()),
                p.seen(),
                Ask::TakeOrDraw,
                None,
                false,
                vec!["take".to_string(), "draw".to_string()],
            ),
            Stage::Discard { take } => {
                let state = p.after(take);
                let options = three13_core::play::legal_discards(&state).iter().map(|c| c.ascii()).collect();
                // The pile under its new top, and the cards the others took.
                let mut seen = state.pile[..state.pile.len().saturating_sub(1)].to_vec();
                seen.extend(p.known.iter().flatten());
                let drawn = Some(p.card_drawn(take));
                (p.hand_after(take), state.pile.last().copied(), seen, Ask::Discard, drawn, take, options)
            }
        };
        Some(Question {
            number: self.positions.len(),
            id: p.id(),
            game: p.rules.game().key(),
            round: p.deal.round,
            wild: p.deal.wild,
            hand,
            face_up,
            seen,
            players: p.players,
            turn: p.turn,
            ask,
            drawn,
            taken,
            last_turn: p.out.is_some(),
            themes: p.themes.clone(),
            options,
        })
    }

    /// Grades `answer` to the question asked now, `took` the time taken;
    /// after the discard, the next position is dealt. An answer that is
    /// not one of the question's is refused and the question stays.
    pub(crate) fn answer(&mut self, answer: Answer, took: Duration) -> Result<Graded> {
        let Some((p, stage)) = self.current.clone() else {
            return Err(Error::usage("the drill is over: there is no question to answer"));
        };
        let budget = self.wanted.budget;
        let (estimates, ask) = match (stage, answer) {
            (Stage::TakeOrDraw, Answer::Take | Answer::Draw) => (p.take_estimates(budget), Ask::TakeOrDraw),
            (Stage::Discard { take }, Answer::Discard(_)) => {
                (p.discard_estimates(take, budget), Ask::Discard)
            }
            (Stage::TakeOrDraw, Answer::Discard(c)) => {
                return Err(Error::usage(format!("{} is a card; the question is take or draw", c.ascii()))
                    .with_hint("answer take (the face-up card) or draw (from the stock)"));
            }
            (Stage::Discard { .. }, _) => {
                return Err(Error::usage("the card is drawn; the question is the discard")
                    .with_hint("answer a card of the hand, like Kd"));
            }
        };
        let Some(g) = drill::grade(&estimates, answer.to_move()) else {
            let Answer::Discard(c) = answer else { unreachable!("take and draw are options") };
            let hint = self
                .question()
                .map(|q| format!("discard one of {}", q.options.join(" ")))
                .unwrap_or_default();
            let why = if p.hand.contains(&c) || matches!(stage, Stage::Discard { take: false }) {
                format!("{} cannot be discarded here", c.ascii())
            } else {
                format!("{} is not in the hand", c.ascii())
            };
            let why = match stage {
                Stage::Discard { take: true } if c == p.face_up() && !p.hand.contains(&c) => {
                    format!("{} was just taken from the face-up pile: it cannot go back on it", c.ascii())
                }
                _ => why,
            };
            return Err(Error::usage(why).with_hint(hint));
        };
        let best = drill::best(&estimates);
        let mut options: Vec<Figure> = estimates
            .iter()
            .map(|e| Figure {
                option: Answer::of(e.option),
                mean: e.points.mean,
                low: e.points.low,
                high: e.points.high,
                equal: e.option == best.option || e.vs_best.low <= 0.0,
                dropped: e.dropped,
            })
            .collect();
        options.sort_by(|a, b| a.mean.total_cmp(&b.mean));
        let keeps = match (stage, g.best) {
            (Stage::Discard { take }, Move::Discard(c)) => {
                let mut hand = p.hand_after(take);
                let at = hand.iter().position(|&h| h == c).expect("the best discard is in the hand");
                hand.remove(at);
                let state = p.after(take);
                let table: Table = state.table();
                Solver::new().solve(&hand, &table).melds.into_iter().map(|m| m.cards).collect()
            }
            _ => Vec::new(),
        };
        let graded = Graded {
            number: self.positions.len(),
            id: p.id(),
            ask,
            answer,
            points_lost: g.points_lost,
            best: Answer::of(g.best),
            options,
            keeps,
            took,
            themes: p.themes.clone(),
        };
        self.graded.push(graded.clone());
        match (stage, answer) {
            (Stage::TakeOrDraw, a) => {
                self.current = Some((p, Stage::Discard { take: a == Answer::Take }));
            }
            (Stage::Discard { .. }, _) => {
                self.done += 1;
                self.deal_next();
            }
        }
        Ok(graded)
    }

    /// The run so far.
    pub(crate) fn summary(&self) -> Summary {
        let decisions = self.graded.len();
        let points_lost: f64 = self.graded.iter().map(|g| g.points_lost).sum();
        let worst = self
            .graded
            .iter()
            .filter(|g| g.points_lost > 0.0)
            .max_by(|a, b| a.points_lost.total_cmp(&b.points_lost).then(b.number.cmp(&a.number)))
            .cloned();
        let mut missed: Vec<String> = Vec::new();
        for g in self.graded.iter().filter(|g| !g.right()) {
            if !missed.contains(&g.id) {
                missed.push(g.id.clone());
            }
        }
        Summary {
            positions: self.done,
            decisions,
            points_lost,
            per_decision: if decisions == 0 { 0.0 } else { points_lost / decisions as f64 },
            worst,
            missed,
            tried: self.tried,
            kept: if self.given.is_some() { 0 } else { self.positions.len() },
        }
    }
}
