//! Rebuilding one best arrangement from the memoised choices: the melds,
//! what each wild stands for (by the meld's verdict, `crate::meld`), and
//! the cards left over.

use super::memo::Step;
use super::naturals::BitIter;
use super::{Arrangement, Meld, Solver, Table};
use crate::card::Card;
use crate::meld::{MeldKind, in_order, judge, placed, places};

/// A meld being built: the hand's cards in it, naturals first, then the
/// wilds it needs, then any it takes in; cards laid off name the table meld.
#[derive(Debug)]
struct Group {
    /// The kind of a meld of the hand's own; a lay-off's is the verdict's
    /// on it with the table meld.
    kind: Option<MeldKind>,
    cards: Vec<Card>,
    onto: Option<Vec<Card>>,
}

impl Group {
    fn own(kind: MeldKind, cards: Vec<Card>) -> Group {
        Group { kind: Some(kind), cards, onto: None }
    }

    fn is_full(&self, table: &Table) -> bool {
        self.kind == Some(MeldKind::Run) && self.cards.len() >= places(&table.rules)
    }

    /// The meld, in its order, with what each wild stands for.
    fn into_meld(self, table: &Table) -> Meld {
        let (rules, wild) = (table.rules(), table.wild());
        match self.onto {
            None => {
                let formed = judge(&self.cards, rules, wild).expect("the solver's melds are melds");
                Meld { kind: formed.kind, cards: formed.cards, wilds: formed.wilds, onto: None }
            }
            Some(onto) => {
                // The table meld's cards first: its wilds take the first
                // free places, the hand's the next ones.
                let all: Vec<Card> = onto.iter().chain(&self.cards).copied().collect();
                let (kind, spots) =
                    placed(&all, rules, wild).expect("cards laid off form a meld with the table meld");
                let formed = in_order(kind, &self.cards, &spots[onto.len()..]);
                Meld { kind, cards: formed.cards, wilds: formed.wilds, onto: Some(onto) }
            }
        }
    }
}

/// Places wilds left over into the hand's own melds: a set takes them all, a
/// run grows at its ends, and a full run splits in two that can grow again.
/// Exactness, step 5.
fn absorb(melds: &mut Vec<Group>, rest: Vec<Card>, table: &Table) {
    if let Some(set) = melds.iter_mut().find(|m| m.kind == Some(MeldKind::Set)) {
        set.cards.extend(rest);
        return;
    }
    for w in rest {
        let i = match melds.iter().position(|m| m.kind.is_some() && !m.is_full(table)) {
            Some(i) => i,
            None => {
                let i = melds.iter().position(|m| m.kind.is_some()).expect("a meld of the hand's own");
                let upper = split(&mut melds[i], table);
                melds.insert(i + 1, upper);
                i
            }
        };
        melds[i].cards.push(w);
    }
}

/// Splits a full run into two runs of consecutive places, near its middle
/// and each with a natural card where the rules want one: the lower stays,
/// the upper is given back.
fn split(run: &mut Group, table: &Table) -> Group {
    let (rules, wild) = (table.rules(), table.wild());
    let mut cards = judge(&run.cards, rules, wild).expect("a run of the hand's own").cards;
    let n = cards.len();
    let natural = |part: &[Card]| rules.all_wild_melds || part.iter().any(|&c| !table.is_wild(c));
    let at = (3..=n - 3)
        .min_by_key(|&k| (!(natural(&cards[..k]) && natural(&cards[k..])), k.abs_diff(n / 2)))
        .expect("a full run has 13 places or more");
    let upper = cards.split_off(at);
    run.cards = cards;
    Group::own(MeldKind::Run, upper)
}

impl Solver {
    pub(super) fn build(
        &self,
        mut groups: Vec<(Step, u32, u8)>,
        wilds: Vec<Card>,
        table: &Table,
        deadwood: u32,
    ) -> Arrangement {
        let nat = &self.hand.nat;
        // The melds in the order of their lowest cards, by rank then suit,
        // whatever order the search decided them in.
        groups.sort_by_key(|&(_, used, _)| {
            BitIter(used).map(|j| nat.cards[j]).min().map_or((1, None), |c| (0, Some(c)))
        });
        let mut spare = wilds.into_iter();
        let mut melds: Vec<Group> = Vec::new();
        let mut unmelded = Vec::new();
        let mut used_table = 0u32;
        for (step, used, need) in groups {
            if let Step::Lay { meld } = step {
                used_table |= 1 << meld;
            }
            let cards: Vec<Card> = BitIter(used).map(|j| nat.cards[j]).collect();
            match step {
                Step::Dead => unmelded.extend(cards),
                Step::AllSets => {
                    let mut by_rank: Vec<Vec<Card>> = Vec::new();
                    for c in cards {
                        match by_rank.last_mut() {
                            Some(g) if g[0].rank() == c.rank() => g.push(c),
                            _ => by_rank.push(vec![c]),
                        }
                    }
                    for mut g in by_rank {
                        g.extend(spare.by_ref().take(3usize.saturating_sub(g.len())));
                        melds.push(Group::own(MeldKind::Set, g));
                    }
                }
                Step::Set => melds.push(Group::own(MeldKind::Set, with_wilds(cards, &mut spare, need))),
                Step::Run => melds.push(Group::own(MeldKind::Run, with_wilds(cards, &mut spare, need))),
                Step::Lay { meld } => melds.push(Group {
                    kind: None,
                    cards: with_wilds(cards, &mut spare, need),
                    onto: Some(table.lay_off_melds()[meld as usize].clone()),
                }),
            }
        }
        let mut rest: Vec<Card> = spare.collect();
        if table.rules.half_wild {
            // The wilds no meld of the hand's took go onto the table melds
            // not laid off onto yet, as far as their room goes, once the
            // hand has a meld of its own; the rest are left over.
            // Exactness, step 9b.
            if melds.iter().any(|m| m.kind.is_some()) {
                for (m, onto) in table.lay_off_melds().iter().enumerate() {
                    let take = self.hand.room[m].min(rest.len());
                    if used_table & (1 << m) == 0 && take > 0 {
                        let cards: Vec<Card> = rest.drain(..take).collect();
                        melds.push(Group { kind: None, cards, onto: Some(onto.clone()) });
                    }
                }
            }
            unmelded.append(&mut rest);
        }
        if !rest.is_empty() {
            if melds.iter().any(|m| m.kind.is_some()) {
                absorb(&mut melds, rest, table);
            } else if rest.len() >= 3 && table.rules.all_wild_melds {
                melds.push(Group::own(MeldKind::Set, rest));
            } else {
                unmelded.extend(rest);
            }
        }
        unmelded.sort_by(|a, b| table.value(*b).cmp(&table.value(*a)).then(a.cmp(b)));
        debug_assert_eq!(unmelded.iter().map(|&c| table.value(c)).sum::<u32>(), deadwood);
        Arrangement { deadwood, melds: melds.into_iter().map(|g| g.into_meld(table)).collect(), unmelded }
    }
}

/// `cards` and the next `n` wilds.
fn with_wilds(mut cards: Vec<Card>, spare: &mut impl Iterator<Item = Card>, n: u8) -> Vec<Card> {
    cards.extend(spare.by_ref().take(n as usize));
    cards
}
