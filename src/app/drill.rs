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

use jiff::Timestamp;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use crate::error::{Error, Result};
use crate::store::{AttemptFile, PositionFile, RatingFile, Store};
use three13_core::card::Card;
use three13_core::play::drill::{self, DrillPosition, Theme, Wanted};
use three13_core::play::{Estimate, Move};
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
    /// On the last turn, the melds the player out laid down (seen), and
    /// whether the rules let the hand lay off onto them.
    pub(crate) laid_down: Vec<Vec<Card>>,
    pub(crate) lay_off: bool,
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
            _ => rules.deck().parse(t).map(Answer::Discard).map_err(|_| {
                Error::usage(format!("\"{}\" is not an answer", t.escape_debug()))
                    .with_hint("answer take or draw before the draw, then a card of the hand like Kd")
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
    /// The figures are exact (the last turn), not estimates.
    pub(crate) exact: bool,
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
                seen.extend(p.taken());
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
            laid_down: p.onto.clone(),
            lay_off: p.rules.lay_off(),
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
            exact: estimates.iter().all(Estimate::is_exact),
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
        // Each in cents, as shown and as kept (`record`), so the summary
        // and the player's history say the same.
        let points_lost: f64 = self.graded.iter().map(|g| cents(g.points_lost)).sum();
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

/// An answer slower than this is replayed by `--again` even when right.
pub(crate) const SLOW: Duration = Duration::from_secs(60);

/// The name drilled under when none is given: the system's user, else
/// `player`.
pub(crate) fn default_name() -> String {
    ["USER", "USERNAME"]
        .iter()
        .find_map(|k| std::env::var(k).ok().filter(|v| !v.trim().is_empty()))
        .unwrap_or_else(|| "player".to_string())
}

/// Ratings after an attempt: the player's and the position's.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) struct Rated {
    pub(crate) player: Glicko2Rating,
    pub(crate) position: Glicko2Rating,
    pub(crate) won: bool,
}

fn rating_of(r: &RatingFile) -> Glicko2Rating {
    Glicko2Rating { rating: r.rating, deviation: r.deviation, volatility: r.volatility }
}

fn cards_text(cards: &[Card]) -> String {
    cards.iter().map(|c| c.ascii()).collect::<Vec<_>>().join(" ")
}

/// A position as the drill's file keeps it, with its rating.
fn position_file(p: &DrillPosition, r: Glicko2Rating) -> PositionFile {
    PositionFile {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
        game: p.rules.game().key().to_string(),
        set: p.rules.changes(),
        round: p.deal.round,
        hand: cards_text(&p.hand),
        pile: cards_text(&p.pile),
        known: p.known.iter().map(|k| cards_text(k)).collect(),
        players: p.players,
        turn: p.turn,
        stock: p.stock,
        drawn: p.drawn.ascii(),
        out: p.out,
        finals_left: p.finals_left,
        onto: p.onto.iter().map(|m| cards_text(m)).collect(),
        seed: format!("{:x}", p.seed),
        themes: p.themes.iter().map(|t| t.word().to_string()).collect(),
    }
}

/// A position dealt again from the drill's file.
fn position_of(f: &PositionFile) -> Result<DrillPosition> {
    let bad = |what: &str| Error::data(format!("drill.toml: a position's {what} does not read"));
    let game = three13_core::rules::Game::parse(&f.game).ok_or_else(|| bad("game"))?;
    let mut rules = game.rules();
    for s in &f.set {
        rules.apply(s)?;
    }
    let deck = rules.deck();
    let cards = |text: &str| -> Result<Vec<Card>> {
        text.split_whitespace().map(|t| deck.parse(t).map_err(|_| bad("cards"))).collect()
    };
    let known = f.known.iter().map(|k| cards(k)).collect::<Result<Vec<_>>>()?;
    let onto = f.onto.iter().map(|k| cards(k)).collect::<Result<Vec<_>>>()?;
    let drawn = *cards(&f.drawn)?.first().ok_or_else(|| bad("card drawn"))?;
    Ok(DrillPosition {
        rules,
        deal: rules.deal(f.round).ok_or_else(|| bad("round"))?,
        hand: cards(&f.hand)?,
        pile: cards(&f.pile)?,
        known,
        players: f.players,
        turn: f.turn,
        stock: f.stock,
        drawn,
        out: f.out,
        finals_left: f.finals_left,
        onto,
        seed: u64::from_str_radix(&f.seed, 16).map_err(|_| bad("seed"))?,
        themes: f.themes.iter().filter_map(|t| Theme::parse(t)).collect(),
    })
}

/// Records an attempt of `name` at `position` (its answers `graded`, the
/// take or draw and the discard) as a Glicko-2 match between the two,
/// won when no answer lost points; the ratings, the position and the
/// attempt kept in the data folder.
pub(crate) fn record(
    store: &Store,
    name: &str,
    position: &DrillPosition,
    graded: &[Graded],
    at: Timestamp,
) -> Result<Rated> {
    let name = name.trim();
    if name.is_empty() {
        return Err(Error::usage("a drill's name cannot be empty").with_hint("give one with --name"));
    }
    let lock = store.lock()?;
    let mut file = store.drill()?;
    let id = position.id();
    let player = file.players.get(name).map_or_else(Glicko2Rating::new, rating_of);
    let pos = file.positions.get(&id).map_or_else(Glicko2Rating::new, |p| Glicko2Rating {
        rating: p.rating,
        deviation: p.deviation,
        volatility: p.volatility,
    });
    let won = graded.iter().all(Graded::right);
    let took: Duration = graded.iter().map(|g| g.took).sum();
    let outcome = if won { Outcomes::WIN } else { Outcomes::LOSS };
    let (player, pos) = glicko2(&player, &pos, &outcome, &Glicko2Config::new());
    file.players.insert(
        name.to_string(),
        RatingFile { rating: player.rating, deviation: player.deviation, volatility: player.volatility },
    );
    file.positions.insert(id.clone(), position_file(position, pos));
    file.attempts.push(AttemptFile {
        player: name.to_string(),
        position: id,
        at: at.to_string(),
        answers: graded.iter().map(|g| g.answer.text()).collect(),
        lost: graded.iter().map(|g| cents(g.points_lost)).collect(),
        seconds: (took.as_secs_f64() * 10.0).round() / 10.0,
        won,
        slow: won && took > SLOW,
        rating: player.rating,
        deviation: player.deviation,
        themes: position.themes.iter().map(|t| t.word().to_string()).collect(),
    });
    store.save_drill(&lock, &file)?;
    Ok(Rated { player, position: pos, won })
}

/// Points to the cent, as a grade shows them.
fn cents(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// Whether `name` has answered any drill position at all.
pub(crate) fn drilled(store: &Store, name: &str) -> Result<bool> {
    Ok(store.drill()?.attempts.iter().any(|a| a.player == name))
}

/// The positions `name` missed (or answered slowly) and has not answered
/// right since, in the order first missed.
pub(crate) fn missed(store: &Store, name: &str) -> Result<Vec<DrillPosition>> {
    let file = store.drill()?;
    let mut order: Vec<&str> = Vec::new();
    let mut last: std::collections::HashMap<&str, bool> = std::collections::HashMap::new();
    for a in file.attempts.iter().filter(|a| a.player == name) {
        let again = !a.won || a.slow;
        if again && !order.contains(&a.position.as_str()) {
            order.push(&a.position);
        }
        last.insert(&a.position, again);
    }
    order
        .into_iter()
        .filter(|id| last.get(id).copied().unwrap_or(false))
        .filter_map(|id| file.positions.get(id))
        .map(position_of)
        .collect()
}

/// A player's drill: the rating after each attempt, and the points lost
/// per decision by theme.
#[derive(Clone, PartialEq, Debug, Default, serde::Serialize)]
pub(crate) struct History {
    pub(crate) name: String,
    pub(crate) rating: Option<f64>,
    pub(crate) deviation: Option<f64>,
    pub(crate) attempts: Vec<HistoryPoint>,
    pub(crate) themes: Vec<ThemeRecord>,
    pub(crate) missed: usize,
}

#[derive(Clone, PartialEq, Debug, serde::Serialize)]
pub(crate) struct HistoryPoint {
    pub(crate) at: String,
    pub(crate) position: String,
    pub(crate) won: bool,
    pub(crate) rating: f64,
    pub(crate) deviation: f64,
}

#[derive(Clone, PartialEq, Debug, serde::Serialize)]
pub(crate) struct ThemeRecord {
    pub(crate) theme: String,
    pub(crate) decisions: usize,
    pub(crate) points_lost: f64,
    pub(crate) per_decision: f64,
}

/// `name`'s drill so far.
pub(crate) fn history(store: &Store, name: &str) -> Result<History> {
    let file = store.drill()?;
    let mine: Vec<&AttemptFile> = file.attempts.iter().filter(|a| a.player == name).collect();
    let mut themes: Vec<ThemeRecord> = Vec::new();
    let mut add = |theme: &str, a: &AttemptFile| {
        let t = match themes.iter_mut().find(|t| t.theme == theme) {
            Some(t) => t,
            None => {
                themes.push(ThemeRecord {
                    theme: theme.to_string(),
                    decisions: 0,
                    points_lost: 0.0,
                    per_decision: 0.0,
                });
                themes.last_mut().expect("just pushed")
            }
        };
        t.decisions += a.lost.len();
        t.points_lost += a.lost.iter().sum::<f64>();
    };
    for a in &mine {
        add("all", a);
        for t in &a.themes {
            add(t, a);
        }
    }
    for t in &mut themes {
        t.per_decision = if t.decisions == 0 { 0.0 } else { t.points_lost / t.decisions as f64 };
    }
    let rating = file.players.get(name);
    Ok(History {
        name: name.to_string(),
        rating: rating.map(|r| r.rating),
        deviation: rating.map(|r| r.deviation),
        attempts: mine
            .iter()
            .map(|a| HistoryPoint {
                at: a.at.clone(),
                position: a.position.clone(),
                won: a.won,
                rating: a.rating,
                deviation: a.deviation,
            })
            .collect(),
        themes,
        missed: missed(store, name)?.len(),
    })
}

/// The clock of a timed run: the time taken to answer runs it down (not
/// the coach's grading); each right answer in a row adds 2 seconds for
/// each in the row (at most 10), a wrong answer costs 10 seconds and ends
/// the row.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Timer {
    left: Duration,
    combo: u32,
}

/// What a wrong answer costs a timed run.
pub(crate) const WRONG_COSTS: Duration = Duration::from_secs(10);

impl Timer {
    pub(crate) fn new(minutes: u16) -> Timer {
        Timer { left: Duration::from_secs(u64::from(minutes) * 60), combo: 0 }
    }

    /// The clock after an answer graded. An answer that took all the time
    /// left ends the run: no time is added or taken for it.
    pub(crate) fn after(&mut self, g: &Graded) {
        if g.took >= self.left {
            self.left = Duration::ZERO;
            self.combo = if g.right() { self.combo + 1 } else { 0 };
            return;
        }
        self.left -= g.took;
        if g.right() {
            self.combo += 1;
            self.left += Duration::from_secs(u64::from((2 * self.combo).min(10)));
        } else {
            self.combo = 0;
            self.left = self.left.saturating_sub(WRONG_COSTS);
        }
    }

    pub(crate) fn left(&self) -> Duration {
        self.left
    }

    /// Right answers in a row.
    pub(crate) fn combo(&self) -> u32 {
        self.combo
    }

    pub(crate) fn over(&self) -> bool {
        self.left.is_zero()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use three13_core::rules::Rules;

    fn position(hand: &str) -> DrillPosition {
        let rules = Rules::default();
        let cards = |t: &str| t.split_whitespace().map(|c| Card::parse(c).unwrap()).collect::<Vec<_>>();
        DrillPosition {
            rules,
            deal: rules.deal(1).unwrap(),
            hand: cards(hand),
            pile: cards("9d"),
            known: vec![Vec::new(), Vec::new()],
            players: 2,
            turn: 0,
            stock: 96,
            drawn: Card::parse("Kc").unwrap(),
            out: None,
            finals_left: 0,
            onto: Vec::new(),
            seed: 7,
            themes: vec![Theme::TakeOrDraw],
        }
    }

    fn graded(p: &DrillPosition, lost: &[f64]) -> Vec<Graded> {
        lost.iter()
            .map(|&l| Graded {
                number: 1,
                id: p.id(),
                ask: Ask::TakeOrDraw,
                answer: Answer::Draw,
                points_lost: l,
                best: Answer::Draw,
                options: Vec::new(),
                keeps: Vec::new(),
                took: Duration::from_secs(3),
                themes: p.themes.clone(),
                exact: false,
            })
            .collect()
    }

    #[test]
    fn ratings_after_a_fixed_sequence_of_attempts_are_the_crates_own() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::locate(Some(dir.path())).unwrap();
        let (p1, p2) = (position("3c 3d 7h"), position("4s 5s Jh"));
        let at = Timestamp::from_second(1_800_000_000).unwrap();
        // Ann misses p1, then gets p2 right; Bob gets p1 right; Ann gets
        // p1 right the second time.
        let sequence = [
            ("Ann", &p1, &[0.0, 1.5][..]),
            ("Ann", &p2, &[0.0, 0.0]),
            ("Bob", &p1, &[0.0, 0.0]),
            ("Ann", &p1, &[0.0, 0.0]),
        ];
        let mut players: std::collections::BTreeMap<&str, Glicko2Rating> = Default::default();
        let mut positions: std::collections::BTreeMap<String, Glicko2Rating> = Default::default();
        for (name, p, lost) in sequence {
            let rated = record(&store, name, p, &graded(p, lost), at).unwrap();
            // The crate's own computation, match by match.
            let a = players.get(name).copied().unwrap_or_else(Glicko2Rating::new);
            let b = positions.get(&p.id()).copied().unwrap_or_else(Glicko2Rating::new);
            let won = lost.iter().all(|&l| l == 0.0);
            let (a, b) =
                glicko2(&a, &b, if won { &Outcomes::WIN } else { &Outcomes::LOSS }, &Glicko2Config::new());
            players.insert(name, a);
            positions.insert(p.id(), b);
            assert_eq!((rated.player, rated.position, rated.won), (a, b, won));
        }
        let file = store.drill().unwrap();
        for (name, r) in &players {
            assert_eq!(rating_of(&file.players[*name]), *r, "{name}");
        }
        for (id, r) in &positions {
            let f = &file.positions[id];
            assert_eq!((f.rating, f.deviation, f.volatility), (r.rating, r.deviation, r.volatility), "{id}");
            // The position is kept whole: dealt again, the same.
            let again = position_of(f).unwrap();
            assert_eq!(again.id(), *id);
        }
        assert_eq!(file.attempts.len(), 4);
        assert_eq!(file.attempts[0].lost, vec![0.0, 1.5]);
        assert!(!file.attempts[0].won);
        // Ann answered p1 right since she missed it: nothing to replay;
        // the history gives her rating after each attempt.
        assert!(missed(&store, "Ann").unwrap().is_empty());
        let h = history(&store, "Ann").unwrap();
        assert_eq!(h.attempts.len(), 3);
        assert_eq!(h.rating, Some(players["Ann"].rating));
        assert_eq!(h.themes[0].theme, "all");
        assert_eq!((h.themes[0].decisions, h.themes[0].points_lost), (6, 1.5));
    }

    #[test]
    fn a_timed_run_adds_time_for_a_combo_and_takes_some_for_a_miss() {
        let p = position("3c 3d 7h");
        let mut t = Timer::new(1);
        let g = graded(&p, &[0.0, 0.0, 2.0]);
        t.after(&g[0]);
        assert_eq!((t.left(), t.combo()), (Duration::from_secs(60 - 3 + 2), 1));
        t.after(&g[1]);
        assert_eq!((t.left(), t.combo()), (Duration::from_secs(59 - 3 + 4), 2));
        t.after(&g[2]);
        assert_eq!((t.left(), t.combo()), (Duration::from_secs(60 - 3 - 10), 0));
        assert!(!t.over());
        // An answer that takes all the time left ends the run, right or not.
        let mut slow = g[0].clone();
        slow.took = Duration::from_secs(47);
        t.after(&slow);
        assert_eq!((t.left(), t.combo()), (Duration::ZERO, 1));
        assert!(t.over());
    }
}
