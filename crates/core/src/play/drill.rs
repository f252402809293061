//! Positions to drill: decisions of real rounds, played out by greedy
//! players from a seed, kept only where the points coach finds one answer
//! clearly best, tagged by what they teach, and graded in points lost.
//!
//! A position is taken at the start of a turn of a simulated round: the
//! hand, the face-up pile, the cards the others took from it, the number
//! of players, how far into the round (and, after someone went out, the
//! melds on the table). It asks two questions: take the face-up card or
//! draw from the stock, then which card to discard with the card drawn
//! (the stock's real top card, or the face-up card taken). Each answer is
//! graded against the coach's estimates ([`estimate`]) of the same
//! position from the position's own seed: the points it loses against
//! the best answer, and none when it is within the coach's noise.
//!
//! Everything is drawn from seeds: the same seed gives the same positions
//! and the same grades, on any number of threads.

use super::coach::estimate;
use super::policy::Move;
use super::seat::Estimate;
use super::{Greedy, Phase, Policy, Source, State, mix};
use crate::card::Card;
use crate::rules::{Deal, Game, Rules};
use crate::solver::{Solver, Table};

/// The margin, in points, by which the coach's best answer must beat the
/// second best (its mean, the difference beyond the noise as well) for a
/// position to be kept.
pub const MARGIN: f64 = 1.0;

/// The candidates tried for each position asked before generation gives
/// up (a theme that rarely comes up under the rules asked).
pub const TRIES_EACH: usize = 60;

/// What a position teaches.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Theme {
    /// Taking the face-up card or drawing is clearly better.
    TakeOrDraw,
    /// The discard keeps a pair or a partial run over the other.
    KeepPairOrRun,
    /// The hand holds a wild: which meld it goes to decides the discard.
    WildPlace,
    /// Five Crowns: a hand with a wild or a joker, discarding one of them
    /// among the answers.
    DiscardWild,
    /// The last turn, after someone went out.
    LastTurn,
    /// The last turn with laying off onto the melds of the player out.
    LayOff,
}

impl Theme {
    pub const ALL: [Theme; 6] = [
        Theme::TakeOrDraw,
        Theme::KeepPairOrRun,
        Theme::WildPlace,
        Theme::DiscardWild,
        Theme::LastTurn,
        Theme::LayOff,
    ];

    /// The theme's name on the command line and in JSON.
    pub fn word(self) -> &'static str {
        match self {
            Theme::TakeOrDraw => "take_or_draw",
            Theme::KeepPairOrRun => "keep_pair_or_run",
            Theme::WildPlace => "wild_place",
            Theme::DiscardWild => "discard_wild",
            Theme::LastTurn => "last_turn",
            Theme::LayOff => "lay_off",
        }
    }

    pub fn parse(text: &str) -> Option<Theme> {
        let text = text.trim().replace('-', "_");
        Theme::ALL.into_iter().find(|t| t.word() == text)
    }
}

/// A position to drill, as the player to move knows it, and the card a
/// draw from the stock gives.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DrillPosition {
    pub rules: Rules,
    /// The round: its number, cards dealt and wild rank.
    pub deal: Deal,
    /// The hand before the draw.
    pub hand: Vec<Card>,
    /// The face-up pile, its top (the face-up card) last.
    pub pile: Vec<Card>,
    /// For each seat from the player's (0, the player's own: empty), the
    /// cards it took from the pile and still holds.
    pub known: Vec<Vec<Card>>,
    pub players: usize,
    /// Turns played in the round before this one.
    pub turn: usize,
    /// The cards left in the stock.
    pub stock: usize,
    /// The stock's top card: what a draw gives.
    pub drawn: Card,
    /// The seat (from the player's) that went out, if one did.
    pub out: Option<usize>,
    /// Final turns left after someone went out, this one included.
    pub finals_left: usize,
    /// The melds of the player out, for laying off where allowed.
    pub onto: Vec<Vec<Card>>,
    /// The seed of the coach's estimates of this position.
    pub seed: u64,
    pub themes: Vec<Theme>,
}

impl DrillPosition {
    /// The face-up card.
    pub fn face_up(&self) -> Card {
        *self.pile.last().expect("a face-up card")
    }

    /// The cards seen outside the hand but the face-up card and the
    /// melds laid down: the pile under it and [`DrillPosition::taken`].
    pub fn seen(&self) -> Vec<Card> {
        let mut seen = self.pile[..self.pile.len() - 1].to_vec();
        seen.extend(self.taken());
        seen
    }

    /// The cards the others took from the pile and hold, but those of the
    /// player out, which are among the melds it laid down (`onto`).
    pub fn taken(&self) -> Vec<Card> {
        let mut taken = Vec::new();
        for (s, k) in self.known.iter().enumerate() {
            if self.out != Some(s) || self.onto.is_empty() {
                taken.extend_from_slice(k);
            }
        }
        taken
    }

    /// The position's name: 12 hex digits from its content (the rules,
    /// the round, the cards, the table), the same wherever it is dealt.
    pub fn id(&self) -> String {
        let cards = |cs: &[Card]| cs.iter().map(|c| c.ascii()).collect::<Vec<_>>().join(" ");
        let mut text = format!(
            "{}|{}|{}|{}|{}|{}|{}|{}|{}|{:?}|{}",
            self.rules.game().key(),
            self.rules.changes().join(","),
            self.deal.round,
            cards(&self.hand),
            cards(&self.pile),
            self.players,
            self.turn,
            self.stock,
            self.drawn.ascii(),
            self.out,
            self.finals_left,
        );
        for k in &self.known {
            text.push('|');
            text.push_str(&cards(k));
        }
        for m in &self.onto {
            text.push('/');
            text.push_str(&cards(m));
        }
        // FNV-1a, 64 bits, of which 48 are shown.
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in text.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        format!("{:012x}", h >> 16)
    }

    /// The round as the coach is given it, before the draw: the player at
    /// seat 0, the others' unseen cards and the stock held as sizes (the
    /// stock's top the card a draw gives).
    pub fn state(&self) -> State {
        let players = self.players;
        let mut hands = vec![Vec::new(); players];
        hands[0] = self.hand.clone();
        for (s, hand) in hands.iter_mut().enumerate().skip(1) {
            let mut h = self.known[s].clone();
            h.resize(self.deal.cards.max(h.len()), Card::JOKER);
            *hand = h;
        }
        let mut stock = vec![Card::JOKER; self.stock.saturating_sub(1)];
        stock.push(self.drawn);
        State {
            rules: self.rules,
            deal: self.deal,
            dealer: players - 1,
            hands,
            stock,
            pile: self.pile.clone(),
            known: self.known.clone(),
            seat: 0,
            phase: Phase::Draw,
            turns: self.turn,
            out: self.out,
            finals_left: self.finals_left,
            reshuffles: 0,
            over: false,
            onto: self.onto.clone(),
        }
    }

    /// The round after the draw: the face-up card taken, or the stock's
    /// top card drawn; in the hand, last.
    pub fn after(&self, take: bool) -> State {
        let mut state = self.state();
        state.draw(if take { Source::FaceUp } else { Source::Stock }).expect("both draws are possible");
        state
    }

    /// The card the draw gives: the face-up card taken, or the stock's top.
    pub fn card_drawn(&self, take: bool) -> Card {
        if take { self.face_up() } else { self.drawn }
    }

    /// The hand after the draw, the card drawn last.
    pub fn hand_after(&self, take: bool) -> Vec<Card> {
        let mut hand = self.hand.clone();
        hand.push(self.card_drawn(take));
        hand
    }

    /// The coach's estimates of taking and drawing, on at most `budget`
    /// deals an option.
    pub fn take_estimates(&self, budget: usize) -> Vec<Estimate> {
        estimate(&self.state(), budget, mix(self.seed, 1))
    }

    /// The coach's estimates of each discard after the draw.
    pub fn discard_estimates(&self, take: bool, budget: usize) -> Vec<Estimate> {
        estimate(&self.after(take), budget, mix(self.seed, 2 + u64::from(take)))
    }
}

/// An answer graded against the coach's estimates.
#[derive(Clone, PartialEq, Debug)]
pub struct Grade {
    pub answer: Move,
    /// The answer's mean points less the best's; 0 within the noise.
    pub points_lost: f64,
    /// The option with the lowest mean points among those kept.
    pub best: Move,
    pub estimates: Vec<Estimate>,
}

impl Grade {
    /// Whether the answer lost nothing.
    pub fn right(&self) -> bool {
        self.points_lost == 0.0
    }
}

/// The best of `estimates`: the lowest mean of the options not dropped
/// (the first of equal means, as the coach orders them).
pub fn best(estimates: &[Estimate]) -> &Estimate {
    estimates
        .iter()
        .filter(|e| !e.dropped)
        .min_by(|a, b| a.points.mean.total_cmp(&b.points.mean))
        .expect("an option")
}

/// Grades `answer` against `estimates`: the points it loses against the
/// best option, none when it is the best or its paired difference from
/// the best holds 0 (equal within the coach's noise, as the coach calls
/// options equal). `None` when the answer is not one of the options.
pub fn grade(estimates: &[Estimate], answer: Move) -> Option<Grade> {
    let mine = estimates.iter().find(|e| e.option == answer)?;
    let top = best(estimates);
    let lost = if mine.option == top.option || mine.vs_best.low <= 0.0 {
        0.0
    } else {
        (mine.points.mean - top.points.mean).max(0.0)
    };
    Some(Grade { answer, points_lost: lost, best: top.option, estimates: estimates.to_vec() })
}

/// Whether the best of `estimates` beats every other option by `margin`
/// points, beyond the noise as well.
pub fn clear(estimates: &[Estimate], margin: f64) -> bool {
    let top = best(estimates).option;
    let mut others = estimates.iter().filter(|e| e.option != top).peekable();
    others.peek().is_some() && others.all(|e| e.vs_best.low > 0.0 && e.vs_best.mean >= margin)
}

/// What positions to generate.
#[derive(Clone, Debug)]
pub struct Wanted {
    pub rules: Rules,
    /// This round only, else any round of the rules.
    pub round: Option<usize>,
    /// Only positions with this theme.
    pub theme: Option<Theme>,
    /// Players at the table, else 2 to 4 drawn for each position.
    pub players: Option<usize>,
    /// The coach's deals an option, to keep a position.
    pub budget: usize,
    /// The points the best answer must beat the second by.
    pub margin: f64,
}

impl Wanted {
    pub fn new(rules: Rules) -> Wanted {
        Wanted { rules, round: None, theme: None, players: None, budget: 200, margin: MARGIN }
    }
}

/// Positions generated, and how many candidates were tried for them.
#[derive(Clone, PartialEq, Debug)]
pub struct Generated {
    pub positions: Vec<DrillPosition>,
    pub tried: usize,
}

/// `count` positions from `seed`: candidate `i` dealt from its own seed,
/// kept when [`judge`] keeps it, until `count` are kept or
/// `count × TRIES_EACH` candidates were tried.
pub fn generate(wanted: &Wanted, seed: u64, count: usize) -> Generated {
    let mut positions = Vec::with_capacity(count);
    let mut tried = 0;
    let limit = count.max(1) * TRIES_EACH;
    while positions.len() < count {
        match next(wanted, seed, &mut tried, limit) {
            Some(p) => positions.push(p),
            None => break,
        }
    }
    Generated { positions, tried }
}

/// The next position from `seed` after the `tried` candidates already
/// tried (counted on), trying none past `limit`: what [`generate`] gives
/// one at a time.
pub fn next(wanted: &Wanted, seed: u64, tried: &mut usize, limit: usize) -> Option<DrillPosition> {
    while *tried < limit {
        let s = mix(seed, *tried as u64);
        *tried += 1;
        if let Some(p) = candidate(wanted, s).and_then(|p| judge(wanted, p)) {
            return Some(p);
        }
    }
    None
}

/// A candidate from `seed`: a round (the one wanted, else one of the
/// rules' drawn) dealt to 2 to 4 players (or those wanted), played by
/// greedy players for a number of turns drawn, stopped at the start of a
/// turn where both taking and drawing are possible. `None` when the round
/// ended first, or the rules cannot deal it.
pub fn candidate(wanted: &Wanted, seed: u64) -> Option<DrillPosition> {
    let mut rng = fastrand::Rng::with_seed(seed);
    let rules = &wanted.rules;
    let deal = match wanted.round {
        Some(r) => rules.deal(r)?,
        None => {
            let deals = rules.deals();
            deals[rng.usize(..deals.len())]
        }
    };
    let players = wanted.players.unwrap_or_else(|| 2 + rng.usize(..3));
    let dealer = rng.usize(..players);
    let dealt = super::deal(rules, deal, players, dealer, &mut rng)?;
    let mut state = State::new(rules, &dealt);
    let mut solver = Solver::new();
    let stop = rng.usize(..=players * 4);
    let mut greedy = Greedy;
    for _ in 0..stop {
        if state.over || state.stock.is_empty() || state.pile.is_empty() {
            return None;
        }
        state.turn(&mut solver, &mut greedy as &mut dyn Policy, &mut rng);
    }
    if state.over || state.stock.is_empty() || state.pile.is_empty() {
        return None;
    }
    let seat = state.seat;
    let from = |s: usize| (seat + s) % players;
    Some(DrillPosition {
        rules: *rules,
        deal,
        hand: state.hands[seat].clone(),
        pile: state.pile.clone(),
        known: (0..players).map(|s| if s == 0 { Vec::new() } else { state.known[from(s)].clone() }).collect(),
        players,
        turn: state.turns,
        stock: state.stock.len(),
        drawn: *state.stock.last().expect("a stock"),
        out: state.out.map(|o| (o + players - seat) % players),
        finals_left: state.finals_left,
        onto: state.onto.clone(),
        seed: mix(seed, 0x000d_7111),
        themes: Vec::new(),
    })
}

/// Keeps `position` when the coach's best answer to one of its questions
/// (taking or drawing; the discard after the best of them) beats the
/// second by the margin wanted, with its themes; `None` otherwise, or
/// when it lacks the theme wanted.
pub fn judge(wanted: &Wanted, mut position: DrillPosition) -> Option<DrillPosition> {
    let take = position.take_estimates(wanted.budget);
    let clear_take = clear(&take, wanted.margin);
    let took = best(&take).option == Move::Take(true);
    let discard = position.discard_estimates(took, wanted.budget);
    let clear_discard = clear(&discard, wanted.margin);
    position.themes = themes(&position, took, clear_take, clear_discard.then_some(&discard[..]));
    let keep = (clear_take || clear_discard) && wanted.theme.is_none_or(|t| position.themes.contains(&t));
    keep.then_some(position)
}

/// The themes of a position: what its clear questions turn on (see
/// docs/drill.md). `took`: the coach's best draw takes the face-up card;
/// `discard`: the coach's estimates of the discards after it, when that
/// question is clear.
pub fn themes(p: &DrillPosition, took: bool, clear_take: bool, discard: Option<&[Estimate]>) -> Vec<Theme> {
    let mut out = Vec::new();
    if clear_take {
        out.push(Theme::TakeOrDraw);
    }
    let state = p.after(took);
    let table = state.table();
    let hand = p.hand_after(took);
    if let Some(discard) = discard {
        let top = best(discard).option;
        let card = |m: Move| match m {
            Move::Discard(c) => Some(c),
            Move::Take(_) => None,
        };
        let b = card(top);
        let worse: Vec<Card> =
            discard.iter().filter(|e| e.option != top).filter_map(|e| card(e.option)).collect();
        if let Some(b) = b {
            if worse.iter().any(|&w| pair_or_run(&hand, &table, b, w)) {
                out.push(Theme::KeepPairOrRun);
            }
            let second = discard
                .iter()
                .filter(|e| e.option != top && !e.dropped)
                .min_by(|x, y| x.points.mean.total_cmp(&y.points.mean))
                .or_else(|| discard.iter().find(|e| e.option != top))
                .and_then(|e| card(e.option));
            if let Some(s) = second
                && !table.is_wild(b)
                && hand.iter().any(|&c| table.is_wild(c))
            {
                let mut solver = Solver::new();
                if wild_places(&mut solver, &hand, &table, b) != wild_places(&mut solver, &hand, &table, s) {
                    out.push(Theme::WildPlace);
                }
            }
            if p.rules.game() == Game::FiveCrowns && hand.iter().any(|&c| table.is_wild(c)) {
                out.push(Theme::DiscardWild);
            }
        }
    }
    if p.out.is_some() {
        out.push(Theme::LastTurn);
        if lays_off(p, &hand) {
            out.push(Theme::LayOff);
        }
    }
    out
}

/// `hand` less one `card`.
fn less(hand: &[Card], card: Card) -> Vec<Card> {
    let mut rest = hand.to_vec();
    if let Some(i) = rest.iter().position(|&c| c == card) {
        rest.remove(i);
    }
    rest
}

/// Whether discarding `gone` rather than `kept` breaks a pair (`pair`) or
/// a partial run (else) that discarding `kept` keeps: `gone` is a natural
/// and `hand` less both holds a natural of its rank (a pair), or of its
/// suit within two ranks of it (a partial run).
pub fn breaks(hand: &[Card], table: &Table, gone: Card, kept: Card, pair: bool) -> bool {
    if table.is_wild(gone) {
        return false;
    }
    let number = |c: Card| c.rank().map_or(0, |r| r.number());
    less(&less(hand, gone), kept).iter().any(|&c| {
        !table.is_wild(c)
            && if pair {
                c.rank() == gone.rank()
            } else {
                c.suit() == gone.suit() && (1..=2).contains(&number(c).abs_diff(number(gone)))
            }
    })
}

/// Whether the best discard `b` and the worse `w` differ in that one
/// breaks a pair the other keeps while the other breaks a partial run the
/// first keeps.
fn pair_or_run(hand: &[Card], table: &Table, b: Card, w: Card) -> bool {
    (breaks(hand, table, b, w, true) && breaks(hand, table, w, b, false))
        || (breaks(hand, table, b, w, false) && breaks(hand, table, w, b, true))
}

/// Where the wilds go after discarding `gone` from `hand`: for each wild
/// left, the natural cards of the meld the solver's best arrangement puts
/// it in (with the table meld it is laid off onto), or none when it is
/// left unmelded; sorted.
pub fn wild_places(solver: &mut Solver, hand: &[Card], table: &Table, gone: Card) -> Vec<(Card, Vec<Card>)> {
    let rest = less(hand, gone);
    let arrangement = solver.solve(&rest, table);
    let mut places: Vec<(Card, Vec<Card>)> = Vec::new();
    for m in &arrangement.melds {
        let mut naturals: Vec<Card> = m.cards.iter().copied().filter(|&c| !table.is_wild(c)).collect();
        naturals.extend(m.onto.iter().flatten().copied());
        naturals.sort();
        for &c in m.cards.iter().filter(|&&c| table.is_wild(c)) {
            places.push((c, naturals.clone()));
        }
    }
    for &c in arrangement.unmelded.iter().filter(|&&c| table.is_wild(c)) {
        places.push((c, Vec::new()));
    }
    places.sort();
    places
}

/// Whether the rules allow laying off, someone went out, and a card of
/// `hand` makes a meld with one of the melds on the table.
pub fn lays_off(p: &DrillPosition, hand: &[Card]) -> bool {
    p.rules.lay_off()
        && p.out.is_some()
        && p.onto.iter().any(|m| {
            hand.iter().any(|&c| {
                let mut cards = m.clone();
                cards.push(c);
                crate::meld::judge(&cards, &p.rules, p.deal.wild).is_ok()
            })
        })
}
