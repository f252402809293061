//! A tie for the win at the end, and how the rules break it: a tiebreaker
//! round among the tied players, or cards drawn until one is lowest.

use jiff::Timestamp;

use super::{LogChange, Score, Session, SheetError};
use crate::card::Card;
use crate::rules::{Deal, Rules, Tiebreak};

/// How a tie for the win at the end was broken (the rules' `tiebreak`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Playoff {
    /// The tiebreaker round: each tied seat's score, in seat order.
    Round(Vec<(usize, Score)>),
    /// The draws, first to last: each drawing seat's card, in seat order.
    /// Only the players tied on the lowest card draw again.
    Draws(Vec<Vec<(usize, Card)>>),
}

impl Session {
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
        self.walk(&self.round_points()).2
    }

    /// The tiebreaker round, when the rules call for one and it is not yet
    /// played.
    pub fn tiebreak_round(&self) -> Option<Deal> {
        let due =
            self.rules().tiebreak == Tiebreak::Round && self.playoff.is_none() && !self.tied().is_empty();
        due.then(|| self.rules().tiebreak_deal())
    }

    /// Whether the tied players still have to draw cards: none drawn yet,
    /// or the last draw tied on the lowest rank (until [`MAX_DRAWS`]).
    pub fn draw_due(&self) -> bool {
        if self.rules().tiebreak != Tiebreak::Draw || self.tied().is_empty() {
            return false;
        }
        match &self.playoff {
            None => true,
            Some(Playoff::Draws(draws)) => draws.len() < MAX_DRAWS && self.drawing().len() > 1,
            Some(Playoff::Round(_)) => false,
        }
    }

    /// The seats that draw next, in seat order: the tied players, then
    /// those tied on the lowest card of the last draw.
    pub fn drawing(&self) -> Vec<usize> {
        match &self.playoff {
            Some(Playoff::Draws(draws)) => draws.last().map_or_else(|| self.tied(), |d| lowest_draws(d)),
            _ => self.tied(),
        }
    }

    /// Records one draw of the tiebreak: the card each drawing player drew
    /// (by seat), the lowest rank winning, aces low. Gives the seats still
    /// tied on the lowest rank, who draw again (none when one is lowest).
    pub fn record_draw(
        &mut self,
        cards: Vec<(usize, Card)>,
        now: Timestamp,
    ) -> Result<Vec<usize>, SheetError> {
        if !self.draw_due() {
            return Err(SheetError::NoDrawDue);
        }
        let drawing = self.drawing();
        let names = |seats: &[usize]| seats.iter().map(|&s| self.players[s].clone()).collect::<Vec<_>>();
        let mut given: Vec<usize> = cards.iter().map(|(s, _)| *s).collect();
        given.sort_unstable();
        if given != drawing {
            return Err(SheetError::PlayoffPlayers { tied: names(&drawing) });
        }
        let mut cards = cards;
        cards.sort_by_key(|(s, _)| *s);
        check_draw(&cards, &self.rules(), |s| self.players[s].clone())?;
        let logged =
            LogChange::Draw { cards: cards.iter().map(|&(s, c)| (self.players[s].clone(), c)).collect() };
        let still = lowest_draws(&cards);
        match &mut self.playoff {
            Some(Playoff::Draws(draws)) => draws.push(cards),
            _ => self.playoff = Some(Playoff::Draws(vec![cards])),
        }
        self.updated = now;
        self.logged(logged, None, now);
        Ok(if self.draw_due() { still } else { Vec::new() })
    }

    /// Draws the tiebreak for the table by chance, when it is due: each
    /// drawing player takes a card from a shuffle of the rules' decks (no
    /// jokers), and those tied on the lowest draw again from a new
    /// shuffle, each draw recorded. `pick(n)` gives a number below `n`:
    /// the source of chance, passed in so that the game stays
    /// deterministic under test. Gives whether it drew.
    pub fn draw_tiebreak(&mut self, mut pick: impl FnMut(usize) -> usize, now: Timestamp) -> bool {
        let mut drew = false;
        while self.draw_due() {
            let drawing = self.drawing();
            let cards = draw_cards(&drawing, &self.rules(), &mut pick);
            if self.record_draw(cards, now).is_err() {
                break;
            }
            drew = true;
        }
        drew
    }

    /// [`Session::draw_tiebreak`], by chance.
    pub fn draw_tiebreak_at_random(&mut self, now: Timestamp) -> bool {
        self.draw_tiebreak(|n| fastrand::usize(..n), now)
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

    /// Settles the tiebreak after a change that can make or break a tie: a
    /// tiebreak that no longer fits the totals, the players or the rules is
    /// dropped. A draw that becomes due is drawn at the table, not here.
    pub(super) fn settle(&mut self, _now: Timestamp) {
        self.settle_playoff();
    }

    fn settle_playoff(&mut self) {
        let tied = self.tied();
        let fits = match &self.playoff {
            None => true,
            Some(Playoff::Round(scores)) => {
                self.rules().tiebreak == Tiebreak::Round
                    && scores.iter().map(|(s, _)| *s).eq(tied.iter().copied())
            }
            Some(Playoff::Draws(draws)) => {
                self.rules().tiebreak == Tiebreak::Draw
                    && draws.first().is_some_and(|d| d.iter().map(|(s, _)| *s).eq(tied.iter().copied()))
            }
        };
        if !fits {
            self.playoff = None;
        }
    }
}

/// The most draws of a tiebreak: after as many that all tie, the tie is
/// shared.
pub const MAX_DRAWS: usize = 100;

/// One draw for the players at `drawing` (seats): each takes a card from
/// a shuffle of the rules' decks, without jokers.
fn draw_cards(drawing: &[usize], rules: &Rules, pick: &mut impl FnMut(usize) -> usize) -> Vec<(usize, Card)> {
    let mut deck: Vec<Card> = (0..rules.decks.max(1)).flat_map(|_| rules.deck().cards()).collect();
    for i in (1..deck.len()).rev() {
        deck.swap(i, pick(i + 1) % (i + 1));
    }
    drawing.iter().copied().zip(deck).collect()
}

/// Checks one draw: no joker, no card the rules' deck has not, and no
/// card drawn more often than the decks hold it.
pub(super) fn check_draw(
    cards: &[(usize, Card)],
    rules: &Rules,
    name: impl Fn(usize) -> String,
) -> Result<(), SheetError> {
    let decks = rules.decks;
    for (i, &(seat, card)) in cards.iter().enumerate() {
        if card.is_joker() || !rules.deck().holds(card) {
            return Err(SheetError::DrawnCard { player: name(seat), text: card.ascii() });
        }
        let held = 1 + cards[..i].iter().filter(|(_, c)| *c == card).count();
        if held > usize::from(decks) {
            return Err(SheetError::DrawnTwice { card, drawn: held, decks });
        }
    }
    Ok(())
}

/// A drawn card's rank, ace low.
pub(super) fn draw_rank(card: Card) -> u32 {
    card.rank().map_or(0, |r| u32::from(r.number()))
}

/// The seats that drew the lowest rank in one draw.
pub(super) fn lowest_draws(cards: &[(usize, Card)]) -> Vec<usize> {
    let low = cards.iter().map(|(_, c)| draw_rank(*c)).min().unwrap_or(0);
    cards.iter().filter(|(_, c)| draw_rank(*c) == low).map(|(s, _)| *s).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sheet::{RoundRecord, SheetError};
    use crate::solver::Solver;

    #[test]
    fn a_tiebreaker_round_among_players_seated_late() {
        let rules = Rules { tiebreak: Tiebreak::Round, ..Rules::default() };
        let names = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
        let mut s = Session::new("t", names, 0, rules, Timestamp::UNIX_EPOCH).unwrap();
        let t = Timestamp::UNIX_EPOCH;
        s.add_round(RoundRecord::from_deadwood(vec![2, 5, 0]), t).unwrap();
        // Dee joins at seat 2 with 3; Cy, the leader, leaves after round 2.
        s.add_player("Dee", Some(1), Some(crate::sheet::Start::Total(3)), t).unwrap();
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

    /// Ann, Bob and Cy, eleven rounds played, Ann and Bob tied on 33.
    fn tied_for_a_draw() -> Session {
        let rules = Rules { tiebreak: Tiebreak::Draw, ..Rules::default() };
        let players = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
        let mut s = Session::new("t", players, 0, rules, Timestamp::UNIX_EPOCH).unwrap();
        for _ in 0..11 {
            assert!(!s.draw_due());
            s.add_round(RoundRecord::from_deadwood(vec![3, 3, 5]), Timestamp::UNIX_EPOCH).unwrap();
        }
        s
    }

    #[test]
    fn a_tiebreak_draw_that_ties_draws_again() {
        // The first shuffle leaves the decks in order: Ann the ace of clubs,
        // Bob the ace of diamonds, a tie. The second puts the last card
        // (a king) on top for Ann: Bob's ace is lowest.
        let mut s = tied_for_a_draw();
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
        // Each draw is a change of its own.
        assert_eq!(s.log().iter().filter(|e| e.change.word() == "draw").count(), 2);
    }

    #[test]
    fn the_round_that_makes_a_draw_due_draws_nothing() {
        let mut s = tied_for_a_draw();
        let t = Timestamp::UNIX_EPOCH;
        assert_eq!(s.tied(), [0, 1]);
        assert!(s.playoff().is_none() && s.draw_due() && !s.finished());
        assert!(s.scoreboard().winners().is_empty());
        let card = |text: &str| Card::parse(text).unwrap();
        assert_eq!(
            s.record_draw(vec![(0, card("3c"))], t),
            Err(SheetError::PlayoffPlayers { tied: vec!["Ann".into(), "Bob".into()] })
        );
        assert_eq!(
            s.record_draw(vec![(0, card("JK")), (1, card("3c"))], t),
            Err(SheetError::DrawnCard { player: "Ann".into(), text: "JK".into() })
        );
        // Threes: a tie, drawn again; then Bob's two beats Ann's king.
        assert_eq!(s.record_draw(vec![(1, card("3d")), (0, card("3c"))], t), Ok(vec![0, 1]));
        assert!(s.draw_due() && !s.finished());
        assert_eq!(s.record_draw(vec![(0, card("Kh")), (1, card("2c"))], t), Ok(vec![]));
        assert!(!s.draw_due() && s.finished());
        assert_eq!(s.scoreboard().winners(), [1]);
        assert_eq!(s.record_draw(vec![(0, card("Kh")), (1, card("2c"))], t), Err(SheetError::NoDrawDue));
        // Taken back one by one, the draws are due again, nothing drawn.
        s.undo_change(&mut Solver::new(), t).unwrap();
        assert_eq!(s.drawing(), [0, 1]);
        s.undo_change(&mut Solver::new(), t).unwrap();
        assert!(s.playoff().is_none() && s.draw_due());
        s.undo_change(&mut Solver::new(), t).unwrap();
        assert!(!s.draw_due());
    }
}
