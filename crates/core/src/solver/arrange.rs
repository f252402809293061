//! Rebuilding one best arrangement from the memoised choices: the melds,
//! what each wild stands for, and the cards left over.

use super::memo::Step;
use super::runs::{card_at, place, place_of, top_place};
use super::search::BitIter;
use super::{Arrangement, Meld, MeldKind, Solver, Table, WildRole};
use crate::card::{Card, Rank, Suit};

fn rank_of(card: Card) -> Rank {
    card.rank().expect("a natural card")
}

/// A meld being built: each card with its place (the rank it holds in a
/// run, 14 for a high ace) and, for a wild, the card it stands for.
#[derive(Debug)]
struct Group {
    kind: MeldKind,
    /// A set's rank, or a run's suit and highest position.
    rank: Option<Rank>,
    suit: Option<Suit>,
    top: u8,
    placed: Vec<(u8, Card, Option<Card>)>,
    onto: Option<Vec<Card>>,
}

impl Group {
    /// A set; each wild stands for a card of the rank in a suit the naturals
    /// do not show, where one is left.
    fn set(naturals: &[Card], wilds: Vec<Card>, rank: Rank, onto: Option<Vec<Card>>) -> Group {
        let mut g =
            Group { kind: MeldKind::Set, rank: Some(rank), suit: None, top: 0, placed: Vec::new(), onto };
        g.placed.extend(naturals.iter().map(|&c| (0, c, None)));
        g.extend(wilds);
        g
    }

    fn run(suit: Suit, top: u8, onto: Option<Vec<Card>>) -> Group {
        Group { kind: MeldKind::Run, rank: None, suit: Some(suit), top, placed: Vec::new(), onto }
    }

    /// Cards laid off onto a table meld: the table's own wilds take the
    /// first free places of a run, the hand's wilds the next.
    fn lay_off(cards: &[Card], mut wilds: Vec<Card>, onto: Vec<Card>, table: &Table) -> Group {
        let naturals: Vec<Card> = onto.iter().chain(cards).copied().filter(|&c| !table.is_wild(c)).collect();
        if naturals.iter().all(|c| c.rank() == naturals[0].rank()) {
            return Group::set(cards, wilds, rank_of(naturals[0]), Some(onto));
        }
        let suit = naturals[0].suit().expect("natural");
        let top = top_place(table.rules.ace_high);
        // An ace plays high when only that way do the cards make one run.
        let total = onto.len() + cards.len() + wilds.len();
        let span = |high: bool| {
            let pos: Vec<u8> = naturals.iter().map(|&c| place_of(c, high)).collect();
            let lo = pos.iter().min().copied().unwrap_or(1);
            let hi = pos.iter().max().copied().unwrap_or(1);
            (hi - lo + 1) as usize
        };
        let high = table.rules.ace_high
            && naturals.iter().any(|c| c.rank() == Some(Rank::ACE))
            && (span(false) > total.max(3) || span(true) < span(false));
        let pos_of = |c: Card| place_of(c, high);
        let mut g = Group::run(suit, top, Some(onto.clone()));
        // The hand's cards first, then the table's, whose wilds take the
        // first free places; the hand's wilds take the next ones.
        g.placed.extend(cards.iter().map(|&c| (pos_of(c), c, None)));
        g.placed.extend(onto.iter().filter(|&&c| !table.is_wild(c)).map(|&c| (pos_of(c), c, None)));
        let mut table_wilds: Vec<Card> = onto.iter().copied().filter(|&c| table.is_wild(c)).collect();
        g.fill_gaps(&mut table_wilds);
        g.extend(table_wilds);
        let table_end = g.placed.len();
        g.fill_gaps(&mut wilds);
        g.extend(wilds);
        let mut added = g.placed.split_off(table_end);
        g.placed.truncate(cards.len());
        g.placed.append(&mut added);
        g
    }

    /// Puts wilds in the gaps between a run's cards, lowest first.
    fn fill_gaps(&mut self, wilds: &mut Vec<Card>) {
        let suit = self.suit.expect("a run");
        let lo = self.placed.iter().map(|p| p.0).min().unwrap_or(1);
        let hi = self.placed.iter().map(|p| p.0).max().unwrap_or(1);
        for pos in lo..=hi {
            if wilds.is_empty() {
                break;
            }
            if !self.placed.iter().any(|p| p.0 == pos) {
                let w = wilds.remove(0);
                self.placed.push((pos, w, Some(card_at(pos, suit))));
            }
        }
    }

    /// Adds wilds: to a set as its rank, to a run at its ends, above first.
    fn extend(&mut self, wilds: Vec<Card>) {
        for w in wilds {
            match self.kind {
                MeldKind::Set => {
                    let rank = self.rank.expect("a set");
                    let shown: Vec<Suit> =
                        self.placed.iter().filter_map(|p| p.2.or(Some(p.1)).and_then(|c| c.suit())).collect();
                    let suit = Suit::ALL
                        .iter()
                        .copied()
                        .find(|s| !shown.contains(s))
                        .unwrap_or(Suit::ALL[self.placed.len() % 4]);
                    self.placed.push((0, w, Some(Card::new(rank, suit))));
                }
                MeldKind::Run => {
                    let suit = self.suit.expect("a run");
                    let hi = self.placed.iter().map(|p| p.0).max().unwrap_or(0);
                    let lo = self.placed.iter().map(|p| p.0).min().unwrap_or(2);
                    let pos = if hi < self.top { hi + 1 } else { lo - 1 };
                    self.placed.push((pos, w, Some(card_at(pos, suit))));
                }
            }
        }
    }

    fn is_full(&self) -> bool {
        self.kind == MeldKind::Run && self.placed.len() >= self.top as usize
    }

    fn into_meld(mut self) -> Meld {
        self.placed.sort_by_key(|p| p.0);
        Meld {
            kind: self.kind,
            cards: self.placed.iter().map(|p| p.1).collect(),
            wilds: self
                .placed
                .iter()
                .filter_map(|p| p.2.map(|stands_for| WildRole { card: p.1, stands_for }))
                .collect(),
            onto: self.onto,
        }
    }
}

/// Places wilds left over into the hand's own melds: a set takes them all, a
/// run grows at its ends, and a full run splits in two that can grow again.
/// Exactness, step 5.
fn absorb(melds: &mut Vec<Group>, rest: Vec<Card>) {
    if let Some(set) = melds.iter_mut().find(|m| m.kind == MeldKind::Set && m.onto.is_none()) {
        set.extend(rest);
        return;
    }
    for w in rest {
        let i = match melds.iter().position(|m| m.onto.is_none() && !m.is_full()) {
            Some(i) => i,
            None => {
                let i = melds.iter().position(|m| m.onto.is_none()).expect("a meld of the hand's own");
                let mut m = melds.remove(i);
                m.placed.sort_by_key(|p| p.0);
                let upper = m.placed.split_off(m.placed.len() / 2);
                let second =
                    Group { placed: upper, onto: None, ..Group::run(m.suit.expect("a run"), m.top, None) };
                melds.insert(i, second);
                melds.insert(i, m);
                i
            }
        };
        melds[i].extend(vec![w]);
    }
}

impl Solver {
    pub(super) fn build(
        &self,
        groups: Vec<(Step, u32, u8)>,
        wilds: Vec<Card>,
        table: &Table,
        deadwood: u32,
    ) -> Arrangement {
        let nat = &self.nat;
        let top = top_place(self.ace_high);
        let mut spare = wilds.into_iter();
        let mut melds: Vec<Group> = Vec::new();
        let mut unmelded = Vec::new();
        for (step, used, need) in groups {
            let cards: Vec<Card> = BitIter(used).map(|j| nat.cards[j]).collect();
            let mut take: Vec<Card> = spare.by_ref().take(need as usize).collect();
            match step {
                Step::Dead => unmelded.extend(cards),
                Step::Set => melds.push(Group::set(&cards, take, rank_of(cards[0]), None)),
                Step::AllSets => {
                    let mut by_rank: Vec<Vec<Card>> = Vec::new();
                    for c in cards {
                        match by_rank.last_mut() {
                            Some(g) if g[0].rank() == c.rank() => g.push(c),
                            _ => by_rank.push(vec![c]),
                        }
                    }
                    for g in by_rank {
                        take = spare.by_ref().take(3usize.saturating_sub(g.len())).collect();
                        melds.push(Group::set(&g, take, rank_of(g[0]), None));
                    }
                }
                Step::Run { low } => {
                    let suit = cards[0].suit().expect("natural");
                    let mut g = Group::run(suit, top, None);
                    for c in &cards {
                        // An ace plays high in a run that starts above it, or
                        // holds another ace at the bottom.
                        let high = low > 1 || g.placed.iter().any(|p| p.0 == 1);
                        let pos = place(rank_of(*c).number(), high);
                        g.placed.push((pos, *c, None));
                    }
                    g.fill_gaps(&mut take);
                    g.extend(take);
                    melds.push(g);
                }
                Step::Lay { meld } => {
                    let onto = table.lay_off_melds()[meld as usize].clone();
                    melds.push(Group::lay_off(&cards, take, onto, table));
                }
            }
        }
        let rest: Vec<Card> = spare.collect();
        if !rest.is_empty() {
            if melds.iter().any(|m| m.onto.is_none()) {
                absorb(&mut melds, rest);
            } else if rest.len() >= 3 && table.rules.all_wild_melds {
                melds.push(Group::set(&[], rest, table.wild, None));
            } else {
                unmelded.extend(rest);
            }
        }
        unmelded.sort_by(|a, b| table.rules.value(*b).cmp(&table.rules.value(*a)).then(a.cmp(b)));
        debug_assert_eq!(unmelded.iter().map(|&c| table.rules.value(c)).sum::<u32>(), deadwood);
        Arrangement { deadwood, melds: melds.into_iter().map(Group::into_meld).collect(), unmelded }
    }
}

/// The cards of one meld of the hand's own, `naturals` and `wilds`, known
/// to make a meld of `kind` (a run with any ace at place 14 when `high`),
/// with what each wild stands for.
pub(crate) fn own_meld(
    kind: MeldKind,
    naturals: &[Card],
    wilds: Vec<Card>,
    high: bool,
    table: &Table,
) -> Meld {
    let group = match (kind, naturals.first()) {
        (_, None) => Group::set(&[], wilds, table.wild, None),
        (MeldKind::Set, Some(&first)) => Group::set(naturals, wilds, rank_of(first), None),
        (MeldKind::Run, Some(&first)) => {
            let mut wilds = wilds;
            let mut g = Group::run(first.suit().expect("a natural"), top_place(table.rules.ace_high), None);
            g.placed.extend(naturals.iter().map(|&c| (place_of(c, high), c, None)));
            g.fill_gaps(&mut wilds);
            g.extend(wilds);
            g
        }
    };
    group.into_meld()
}
