//! What makes a meld, decided in one place: whether cards form a meld under
//! the rules, which kind, and what each wild stands for; or, when they do
//! not, the first true reason why not.
//!
//! The rules are those of docs/rules.md, "Melds" and the decisions under
//! "Melds and wilds": a set is cards of one rank; a run is cards of one
//! suit on consecutive places, each place held once, aces low (place 1)
//! or, with `ace_high`, also above the king (place 14), so that one run may
//! hold the ace at both ends; runs never go round from king to ace to two;
//! a wild stands for any card, even one held elsewhere. On a deck whose
//! ranks start at 3 (Five Crowns) a run's places are 3 to king, and it
//! never goes round from king to three. Where at most half of a meld's
//! cards may be wild (`half_wild`), a meld holds no more wilds than natural
//! cards. Declared groups,
//! table melds and cards laid off onto them are all judged here, and the
//! solver asks the same verdict how many wilds a group of cards lacks.

use std::fmt;

use crate::card::{Card, Rank, Suit};
use crate::rules::Rules;

/// Whether a meld is a set (one rank) or a run (one suit, consecutive ranks).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize), serde(rename_all = "lowercase"))]
pub enum MeldKind {
    Set,
    Run,
}

/// A wild card and the card it stands for in its meld.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct WildRole {
    pub card: Card,
    #[cfg_attr(feature = "serde", serde(rename = "as"))]
    pub stands_for: Card,
}

/// Cards that form one meld: its kind, the cards in the meld's order (a
/// run from its lowest place, a set's natural cards before its wilds), and
/// what each wild stands for.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Formed {
    pub kind: MeldKind,
    pub cards: Vec<Card>,
    pub wilds: Vec<WildRole>,
}

/// Why a group of cards is not a meld.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum NotMeld {
    /// Fewer than three cards.
    TooFew { count: usize },
    /// Wilds only, where the rules want a natural card in every meld.
    NoNatural,
    /// Neither one rank (a set) nor one suit (a run).
    Mixed,
    /// One suit, but a rank more often than a run holds it: once, or for
    /// the ace under `ace_high`, twice (at both ends).
    RepeatedRank { card: Card, times: usize, ace_high: bool },
    /// A run with an ace above the king, where aces are low.
    AceLow,
    /// A run going round from king to ace to two.
    Wraps,
    /// A run going round from king to three, on a deck without aces or twos.
    WrapsToThree,
    /// More wilds than natural cards, where at most half may be wild.
    TooManyWilds { wilds: usize, count: usize },
    /// Places of the run with no card and too few wilds to fill them.
    Missing { cards: Vec<Card>, wilds: usize },
    /// More cards than a run has places.
    TooLong { count: usize, most: usize },
}

impl fmt::Display for NotMeld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotMeld::TooFew { .. } => f.write_str("a meld needs 3 cards"),
            NotMeld::NoNatural => f.write_str("under these rules a meld needs a natural card"),
            NotMeld::Mixed => f.write_str("not a set (the ranks differ) nor a run (the suits differ)"),
            NotMeld::RepeatedRank { card, times, ace_high } => {
                let times = match times {
                    2 => "twice".to_string(),
                    n => format!("{n} times"),
                };
                if *ace_high && card.rank() == Some(Rank::ACE) {
                    write!(
                        f,
                        "not a run: {card} {times}, and a run holds the ace at most twice, at both ends"
                    )
                } else {
                    write!(f, "not a run: {card} {times}, and a run holds each rank once")
                }
            }
            NotMeld::AceLow => {
                f.write_str("not a run: aces are low under these rules (ace_high=true allows Q-K-A)")
            }
            NotMeld::Wraps => f.write_str("not a run: a run does not go round from king to ace to two"),
            NotMeld::WrapsToThree => f.write_str("not a run: a run does not go round from king to three"),
            NotMeld::TooManyWilds { wilds, count } => write!(
                f,
                "at most half of a meld's cards may be wild under these rules, and {wilds} of these {count} are"
            ),
            NotMeld::Missing { cards, wilds } => {
                let names: Vec<String> = cards.iter().map(Card::to_string).collect();
                let (list, is, them) = match names.split_last() {
                    Some((last, [])) => (last.clone(), "is", "it"),
                    Some((last, rest)) => (format!("{} and {last}", rest.join(", ")), "are", "them"),
                    None => (String::new(), "is", "it"),
                };
                match wilds {
                    0 => write!(f, "{list} {is} missing and there is no wild to stand for {them}"),
                    1 => write!(f, "{list} {is} missing and there is only 1 wild to stand for {them}"),
                    n => write!(f, "{list} {is} missing and there are only {n} wilds to stand for {them}"),
                }
            }
            NotMeld::TooLong { most, .. } => write!(f, "not a run: a run has at most {most} cards"),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for NotMeld {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Where a card sits in a meld: its place in a run (1 to 14; 0 in a set)
/// and, for a wild, the card it stands for.
pub(crate) type Spot = (u8, Option<Card>);

/// Judges `cards` as one meld in a round where `wild` is the wild rank.
pub fn judge(cards: &[Card], rules: &Rules, wild: Rank) -> Result<Formed, NotMeld> {
    let (kind, spots) = placed(cards, rules, wild)?;
    Ok(in_order(kind, cards, &spots))
}

/// `cards` of a meld of `kind` put in the meld's order by their places
/// (`spots`, as [`placed`] gives them): a run by place, a set's naturals
/// before its wilds, else as given.
pub(crate) fn in_order(kind: MeldKind, cards: &[Card], spots: &[Spot]) -> Formed {
    let mut order: Vec<(u8, bool, Card, Option<Card>)> =
        cards.iter().zip(spots).map(|(&c, &(place, role))| (place, role.is_some(), c, role)).collect();
    order.sort_by_key(|&(place, wild, _, _)| (place, wild));
    Formed {
        kind,
        cards: order.iter().map(|o| o.2).collect(),
        wilds: order
            .iter()
            .filter_map(|o| o.3.map(|stands_for| WildRole { card: o.2, stands_for }))
            .collect(),
    }
}

/// Where each of `cards` sits in the meld they form, in the order given.
/// Wilds take their places in that order: in a run, the empty places
/// between its cards, lowest first, then above its top, then below its
/// bottom; in a set, the suits not shown yet.
pub(crate) fn placed(cards: &[Card], rules: &Rules, wild: Rank) -> Result<(MeldKind, Vec<Spot>), NotMeld> {
    let is_wild = |c: Card| rules.is_wild(c, wild);
    let naturals: Vec<Card> = cards.iter().copied().filter(|&c| !is_wild(c)).collect();
    let wilds = cards.len() - naturals.len();
    match verdict(rules, &naturals, wilds)? {
        Frame::Set => {
            let rank = naturals.first().map_or(wild, |&c| rank_of(c));
            let mut shown: Vec<Suit> = naturals.iter().filter_map(|c| c.suit()).collect();
            let spots = cards
                .iter()
                .map(|&c| {
                    if !is_wild(c) {
                        return (0, None);
                    }
                    let suits = rules.deck().suits();
                    let suit = suits
                        .iter()
                        .copied()
                        .find(|s| !shown.contains(s))
                        .unwrap_or(suits[shown.len() % suits.len()]);
                    shown.push(suit);
                    (0, Some(Card::new(rank, suit)))
                })
                .collect();
            Ok((MeldKind::Set, spots))
        }
        Frame::Run { high } => {
            let suit = naturals[0].suit().expect("a natural card");
            let (bottom, top) = (bottom_place(rules), top_place(rules));
            let mut taken = 0u16;
            let mut spots: Vec<Spot> = cards
                .iter()
                .map(|&c| {
                    if is_wild(c) {
                        return (0, None);
                    }
                    let p = next_place(c, high, taken);
                    taken |= 1 << p;
                    (p, None)
                })
                .collect();
            let (lo, hi) = span(taken);
            // The places the wilds fill: the gaps, then places above the
            // top, then below the bottom; but where a wild is itself the
            // card of a place the run can reach instead, the run reaches
            // it (3h 4h 5h with threes wild is the natural run, not 4h 5h
            // and a wild for 6h).
            let gaps: Vec<u8> = (lo..=hi).filter(|p| taken & (1 << p) == 0).collect();
            let more = wilds.saturating_sub(gaps.len()) as u8;
            let own = |p: u8| cards.iter().any(|&c| is_wild(c) && c == card_at(p, suit));
            let (below, above) = (0..=more)
                .map(|a| (a, more - a))
                .filter(|&(a, b)| lo >= bottom + a && hi + b <= top)
                .max_by_key(|&(a, b)| {
                    let reached = (lo - a..lo).chain(hi + 1..=hi + b).filter(|&p| own(p)).count();
                    (reached, b)
                })
                .unwrap_or((0, more));
            let free = gaps.into_iter().chain(hi + 1..=hi + above).chain((lo - below..lo).rev());
            let mut fill: Vec<u8> = free.take(wilds).collect();
            for (spot, &c) in spots.iter_mut().zip(cards) {
                if !is_wild(c) || c.suit() != Some(suit) {
                    continue;
                }
                if let Some(i) = fill.iter().position(|&p| card_at(p, suit) == c) {
                    let p = fill.remove(i);
                    *spot = (p, Some(c));
                }
            }
            let mut rest = fill.into_iter();
            for (spot, &c) in spots.iter_mut().zip(cards) {
                if is_wild(c) && spot.1.is_none() {
                    let p = rest.next().expect("a run has a place for each of its wilds");
                    *spot = (p, Some(card_at(p, suit)));
                }
            }
            Ok((MeldKind::Run, spots))
        }
    }
}

/// The fewest wilds to add to `naturals` and `wilds` wild cards so that
/// together they form one meld, or None when no number of wilds does.
/// The solver's question when it lays cards off onto a table meld.
pub(crate) fn wilds_needed(rules: &Rules, naturals: &[Card], wilds: usize) -> Option<usize> {
    let count = naturals.len() + wilds;
    let Some(&first) = naturals.first() else {
        return rules.all_wild_melds.then(|| 3usize.saturating_sub(count));
    };
    if naturals.iter().all(|c| c.rank() == first.rank()) {
        return Some(3usize.saturating_sub(count));
    }
    if naturals.iter().any(|c| c.suit() != first.suit()) || count > places(rules) {
        return None;
    }
    aces(rules.aces_high())
        .iter()
        .filter_map(|&high| run_places(naturals, high))
        .map(|b| lacking(b, count))
        .min()
}

/// [`wilds_needed`] of a run's naturals with one natural more at a time,
/// the naturals' part worked out once: the question the solver asks of a
/// group laid off with each card that could join it.
pub(crate) struct RunWith {
    suit: Option<Suit>,
    /// The places the naturals take, each way of the ace (low, then high
    /// where aces may play high), or none where two take one place.
    taken: [Option<u16>; 2],
    highs: usize,
    /// The cards with the one more, and a run's most.
    count: usize,
    places: usize,
}

impl RunWith {
    /// For `naturals` of one suit and two ranks at least (a run), with
    /// `wilds` wild cards; else none.
    pub(crate) fn new(rules: &Rules, naturals: &[Card], wilds: usize) -> Option<RunWith> {
        let first = *naturals.first()?;
        if naturals.iter().all(|c| c.rank() == first.rank())
            || naturals.iter().any(|c| c.suit() != first.suit())
        {
            return None;
        }
        let highs = aces(rules.aces_high());
        let mut taken = [None; 2];
        for (t, &high) in taken.iter_mut().zip(highs) {
            *t = run_places(naturals, high);
        }
        Some(RunWith {
            suit: first.suit(),
            taken,
            highs: highs.len(),
            count: naturals.len() + 1 + wilds,
            places: places(rules),
        })
    }

    /// [`wilds_needed`] of the naturals and `card`, a natural: not of one
    /// rank, as they are not; of one suit only with a card of theirs; and
    /// the card's place added after theirs, as `run_places` adds it.
    pub(crate) fn needed(&self, card: Card) -> Option<usize> {
        if card.suit() != self.suit || self.count > self.places {
            return None;
        }
        (0..self.highs)
            .filter_map(|h| {
                let taken = self.taken[h]?;
                let p = next_place(card, h == 1, taken);
                (taken & (1 << p) == 0).then(|| lacking(taken | 1 << p, self.count))
            })
            .min()
    }
}

/// How many more wilds the meld of `naturals` (one at least) and `wilds`
/// wild cards may take: a set any number, a run as many as its places
/// left; where at most half of a meld's cards may be wild, no more than
/// leaves it so. The solver's question for the wilds it places.
pub(crate) fn room(rules: &Rules, naturals: &[Card], wilds: usize) -> usize {
    let half = if rules.half_wild { naturals.len().saturating_sub(wilds) } else { usize::MAX };
    match naturals.first() {
        Some(first) if naturals.iter().any(|c| c.rank() != first.rank()) => {
            half.min(places(rules).saturating_sub(naturals.len() + wilds))
        }
        _ => half,
    }
}

/// What natural cards and wilds form, before the reasons for what they do
/// not: a set, or a run with its aces placed high or not.
enum Frame {
    Set,
    /// A run; with `high`, the first ace at place 14 (a second at 1).
    Run {
        high: bool,
    },
}

/// The verdict on `naturals` with `wilds` wild cards: what they form, or
/// the first true reason why they form nothing, in the order of
/// docs/rules.md ("A declared hand").
fn verdict(rules: &Rules, naturals: &[Card], wilds: usize) -> Result<Frame, NotMeld> {
    let count = naturals.len() + wilds;
    if count < 3 {
        return Err(NotMeld::TooFew { count });
    }
    if naturals.is_empty() && !rules.all_wild_melds {
        return Err(NotMeld::NoNatural);
    }
    if rules.half_wild && 2 * wilds > count {
        return Err(NotMeld::TooManyWilds { wilds, count });
    }
    let Some(&first) = naturals.first() else { return Ok(Frame::Set) };
    if naturals.iter().all(|c| c.rank() == first.rank()) {
        return Ok(Frame::Set);
    }
    if naturals.iter().any(|c| c.suit() != first.suit()) {
        return Err(NotMeld::Mixed);
    }
    let ace_high = rules.aces_high();
    // A run holds each rank once, but the ace twice where it may sit at
    // both ends (the 14-card run).
    let most = |c: Card| if ace_high && c.rank() == Some(Rank::ACE) { 2 } else { 1 };
    let repeated = (0..naturals.len()).find(|&i| {
        let card = naturals[i];
        naturals[..=i].iter().filter(|c| c.rank() == card.rank()).count() > most(card)
    });
    if let Some(i) = repeated {
        let card = naturals[i];
        let times = naturals.iter().filter(|c| c.rank() == card.rank()).count();
        return Err(NotMeld::RepeatedRank { card, times, ace_high });
    }
    let most = places(rules);
    // The places of a run: 13 from the ace, 14 with the ace high too, or
    // the 11 from 3 to king of a deck without aces.
    let fits = |high_allowed: bool, high: bool| {
        let most = if high_allowed { 14 } else { most };
        run_places(naturals, high).is_some_and(|bits| lacking(bits, count) == 0 && count <= most)
    };
    for &high in aces(ace_high) {
        if fits(ace_high, high) {
            return Ok(Frame::Run { high });
        }
    }
    // No run: the first reason that is true. An ace of the group's that
    // would make a run above the king, where aces are low:
    let ace_count = naturals.iter().filter(|c| c.rank() == Some(Rank::ACE)).count();
    if !ace_high && ace_count == 1 && aces(true).iter().any(|&high| fits(true, high)) {
        return Err(NotMeld::AceLow);
    }
    // A run round the corner, with an ace of its own or a wild for it (or
    // from king to three, on a deck without aces):
    let lowest = rules.deck().lowest();
    if lowest != Rank::ACE && wraps_within(naturals, wilds, lowest.number()) {
        return Err(NotMeld::WrapsToThree);
    }
    if ace_count <= 1 && lowest == Rank::ACE && wraps(naturals, wilds) {
        return Err(NotMeld::Wraps);
    }
    let missing = aces(ace_high)
        .iter()
        .filter_map(|&high| run_places(naturals, high))
        .map(|bits| {
            let (lo, hi) = span(bits);
            (lo..=hi).filter(|p| bits & (1 << p) == 0).collect::<Vec<u8>>()
        })
        .min_by_key(Vec::len)
        .expect("a placement of the run's cards");
    if missing.len() > wilds {
        let suit = first.suit().expect("a natural card");
        return Err(NotMeld::Missing { cards: missing.iter().map(|&p| card_at(p, suit)).collect(), wilds });
    }
    Err(NotMeld::TooLong { count, most })
}

/// The ways to place aces in a run: low, and high where the rules allow.
fn aces(ace_high: bool) -> &'static [bool] {
    if ace_high { &[false, true] } else { &[false] }
}

/// The place the natural `card` takes in a run whose places `taken` are
/// held already: its rank, or for an ace with `high`, 14 (1 when 14 is
/// held: the run from ace to ace).
fn next_place(card: Card, high: bool, taken: u16) -> u8 {
    let p = place_of(card, high);
    if p == 14 && taken & (1 << 14) != 0 { 1 } else { p }
}

/// The run places of `naturals` (one suit) as bits, or None when two of
/// them would take one place.
fn run_places(naturals: &[Card], high: bool) -> Option<u16> {
    let mut taken = 0u16;
    for &c in naturals {
        let p = next_place(c, high, taken);
        if taken & (1 << p) != 0 {
            return None;
        }
        taken |= 1 << p;
    }
    Some(taken)
}

/// The lowest and highest places held.
fn span(taken: u16) -> (u8, u8) {
    (taken.trailing_zeros() as u8, 15 - taken.leading_zeros() as u8)
}

/// How many wilds `count` cards on the places `taken` lack to be a run:
/// the places between them no card holds, or the cards short of three.
fn lacking(taken: u16, count: usize) -> usize {
    let (lo, hi) = span(taken);
    ((hi - lo + 1) as usize).max(3).saturating_sub(count)
}

/// Whether the naturals (each rank once) and the wilds would make a run
/// going round the corner, through king, ace and two.
fn wraps(naturals: &[Card], wilds: usize) -> bool {
    let count = naturals.len() + wilds;
    // Starting the ranks at `start` (3 to king), a run that fits crosses
    // from king to ace to two: one that did not would fit without going
    // round, or be Q-K-A.
    (3..=13u8).any(|start| {
        let places: Vec<u8> = naturals.iter().map(|&c| (rank_of(c).number() + 13 - start) % 13).collect();
        let lo = *places.iter().min().expect("a natural");
        let hi = *places.iter().max().expect("a natural");
        let span = (hi - lo + 1) as usize;
        span <= naturals.len() + wilds && span.max(count) <= 13
    })
}

/// Whether the naturals (each rank once) and the wilds would make a run
/// going round from king to the lowest rank `lowest` of a deck without
/// aces: a run that fits when the ranks start anywhere above `lowest`.
fn wraps_within(naturals: &[Card], wilds: usize, lowest: u8) -> bool {
    let count = naturals.len() + wilds;
    let ranks = 14 - lowest;
    (lowest + 1..=13u8).any(|start| {
        let places: Vec<u8> =
            naturals.iter().map(|&c| (rank_of(c).number() + ranks - start) % ranks).collect();
        let lo = *places.iter().min().expect("a natural");
        let hi = *places.iter().max().expect("a natural");
        let span = (hi - lo + 1) as usize;
        span <= naturals.len() + wilds && span.max(count) <= ranks as usize
    })
}

fn rank_of(card: Card) -> Rank {
    card.rank().expect("a natural card")
}

/// The place of a card of rank number `rank` in a run: its number, or 14
/// for an ace played high. Place 0 is no rank (a joker).
pub(crate) fn place(rank: u8, high: bool) -> u8 {
    if rank == 1 && high { 14 } else { rank }
}

/// The place of `card` in a run of its suit (0 for a joker).
pub(crate) fn place_of(card: Card, high: bool) -> u8 {
    place(card.rank().map_or(0, Rank::number), high)
}

/// The rank number at run place `place`: 14 is the ace played high.
pub(crate) fn rank_at(place: u8) -> u8 {
    if place == 14 { 1 } else { place }
}

/// The card of `suit` at run place `place`.
pub(crate) fn card_at(place: u8, suit: Suit) -> Card {
    Card::new(Rank::new(rank_at(place)).expect("a rank"), suit)
}

/// The highest place of a run: 14 when aces may play high, else 13.
pub(crate) fn top_place(rules: &Rules) -> u8 {
    if rules.aces_high() { 14 } else { 13 }
}

/// The lowest place of a run: 1, the ace, or the deck's lowest rank.
pub(crate) fn bottom_place(rules: &Rules) -> u8 {
    rules.deck().lowest().number()
}

/// How many places a run has: 13, 14 with the ace high too, 11 from 3 to
/// king.
pub(crate) fn places(rules: &Rules) -> usize {
    (top_place(rules) - bottom_place(rules) + 1) as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::parse_cards;

    fn cards(text: &str) -> Vec<Card> {
        parse_cards(text, &Rules { jokers: 2, decks: 3, ..Rules::default() }).unwrap()
    }

    fn reason(rules: &Rules, wild: u8, text: &str) -> String {
        match judge(&cards(text), rules, Rank::new(wild).unwrap()) {
            Ok(_) => "a meld".to_string(),
            Err(r) => r.to_string(),
        }
    }

    #[test]
    fn the_reasons_in_the_tables_words() {
        let std = Rules::default();
        let strict = Rules::preset("strict").unwrap();
        let high = Rules { ace_high: true, ..std };
        assert_eq!(
            reason(&std, 5, "Qs Ks As"),
            "not a run: aces are low under these rules (ace_high=true allows Q-K-A)"
        );
        assert_eq!(reason(&high, 5, "Qs Ks As"), "a meld");
        assert_eq!(reason(&std, 5, "9c 9d"), "a meld needs 3 cards");
        assert_eq!(reason(&std, 3, "5h 6h 8h"), "7h is missing and there is no wild to stand for it");
        assert_eq!(
            reason(&std, 3, "5h 5d 6h 9h"),
            "not a set (the ranks differ) nor a run (the suits differ)"
        );
        assert_eq!(
            reason(&std, 3, "4h 6h 8h 10h 5c"),
            "not a set (the ranks differ) nor a run (the suits differ)"
        );
        assert_eq!(
            reason(&std, 5, "4h 7h 10h 5c"),
            "5h, 6h, 8h and 9h are missing and there is only 1 wild to stand for them"
        );
        assert_eq!(reason(&strict, 3, "3d 3c 3h"), "under these rules a meld needs a natural card");
        assert_eq!(reason(&std, 3, "3d 3c 3h"), "a meld");
        assert_eq!(
            reason(&high, 5, "Kh Ah 2h"),
            "not a run: a run does not go round from king to ace to two"
        );
        assert_eq!(reason(&std, 5, "6h 6h 7h"), "not a run: 6h twice, and a run holds each rank once");
        assert_eq!(
            reason(&std, 1, "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ac"),
            "not a run: a run has at most 13 cards"
        );
    }

    #[test]
    fn a_run_going_round_says_so_with_a_wild_for_the_ace() {
        for rules in [Rules::default(), Rules { ace_high: true, ..Rules::default() }] {
            // Fours wild: the four of clubs would be the ace between K and 2.
            assert_eq!(
                reason(&rules, 4, "Kh 4c 2h"),
                "not a run: a run does not go round from king to ace to two"
            );
            assert_eq!(
                reason(&rules, 4, "Qh JK 2h 4c"),
                "not a run: a run does not go round from king to ace to two"
            );
        }
    }

    #[test]
    fn the_ace_at_both_ends() {
        let std = Rules::default();
        let high = Rules { ace_high: true, ..std };
        let run = "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah";
        assert_eq!(reason(&high, 5, run), "a meld");
        assert_eq!(reason(&std, 5, run), "not a run: Ah twice, and a run holds each rank once");
        // With fives wild, 5h stands for itself, at its place.
        let formed = judge(&cards(run), &high, Rank::new(5).unwrap()).unwrap();
        assert_eq!(formed.kind, MeldKind::Run);
        assert_eq!(formed.cards, cards(run));
        assert_eq!(formed.wilds, [WildRole { card: cards("5h")[0], stands_for: cards("5h")[0] }]);
        // Where the ace may be high, two aces are no reason: the true one is.
        assert_eq!(
            reason(&high, 13, "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Ah"),
            "Kh is missing and there is no wild to stand for it"
        );
        assert_eq!(
            reason(&high, 5, "Ah 2h 4h 5c Ah"),
            "3h, 5h, 6h, 7h, 8h, 9h, 10h, Jh, Qh and Kh are missing and there is only 1 wild to stand for them"
        );
        assert_eq!(
            reason(&high, 5, "Ah Ah 2h Ah"),
            "not a run: Ah 3 times, and a run holds the ace at most twice, at both ends"
        );
        assert_eq!(reason(&high, 5, "Ah Ah Ah"), "a meld");
        // Fourteen places and no more.
        assert_eq!(
            reason(&high, 5, "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah 5c"),
            "not a run: a run has at most 14 cards"
        );
    }

    #[test]
    fn wilds_take_the_gaps_then_the_places_above_then_below() {
        let std = Rules::default();
        // 9c fills the gap, 9d goes below: the king is the top.
        let f = judge(&cards("Kh 9c Jh 9d"), &std, Rank::new(9).unwrap()).unwrap();
        assert_eq!(f.cards, cards("9d Jh 9c Kh"));
        assert_eq!(
            f.wilds,
            [
                WildRole { card: cards("9d")[0], stands_for: cards("10h")[0] },
                WildRole { card: cards("9c")[0], stands_for: cards("Qh")[0] },
            ]
        );
        let f = judge(&cards("Jh 5s Qh"), &std, Rank::new(5).unwrap()).unwrap();
        assert_eq!(f.cards, cards("Jh Qh 5s"));
        assert_eq!(f.wilds[0].stands_for, cards("Kh")[0]);
        let f = judge(&cards("Qh 5s Kh"), &std, Rank::new(5).unwrap()).unwrap();
        assert_eq!(f.wilds[0].stands_for, cards("Jh")[0]);
        // A set: the naturals first, the wilds as the suits not shown.
        let f = judge(&cards("Ks Qd Kh"), &std, Rank::KING).unwrap();
        assert_eq!(f.cards, cards("Qd Ks Kh"));
        assert_eq!(f.wilds.iter().map(|w| w.stands_for).collect::<Vec<_>>(), cards("Qc Qh"));
    }

    #[test]
    fn wilds_needed_by_a_group() {
        let std = Rules::default();
        let high = Rules { ace_high: true, ..std };
        let need = |rules: &Rules, text: &str, wilds| wilds_needed(rules, &cards(text), wilds);
        assert_eq!(need(&std, "5h 6h", 0), Some(1));
        assert_eq!(need(&std, "5h 8h", 0), Some(2));
        assert_eq!(need(&std, "5h 8h", 3), Some(0));
        assert_eq!(need(&std, "9h 9c", 0), Some(1));
        assert_eq!(need(&std, "9h 8c", 5), None);
        assert_eq!(need(&std, "Qh Ah", 0), Some(10));
        assert_eq!(need(&high, "Qh Ah", 0), Some(1));
        assert_eq!(need(&high, "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", 0), Some(0));
        assert_eq!(need(&high, "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Ah", 0), Some(1));
        assert_eq!(need(&high, "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", 1), None);
        assert_eq!(need(&std, "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah", 0), None);
    }

    /// `RunWith` against `wilds_needed` itself, for runs with holes, aces
    /// at either end and repeated ranks, every card of the deck added, in
    /// both games, aces high or not.
    #[test]
    fn a_run_with_one_card_more_needs_what_wilds_needed_says() {
        let five = Rules::preset("five-crowns").unwrap();
        let ruleses = [Rules::default(), Rules { ace_high: true, ..Rules::default() }, five];
        let groups = [
            "5h 6h",
            "5h 8h",
            "Qh Ah",
            "Ah 2h",
            "Ah Kh",
            "3h 4h 5h 6h 7h 8h 9h 10h Jh Qh",
            "5h 5h 7h",
            "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh",
            "2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh",
            "9s Js Ks",
            "3s 4s",
            "Ks Qs Js",
            "3r 5r",
            "Kr 3r",
        ];
        let mut asked = 0;
        for rules in &ruleses {
            for text in groups {
                let Ok(naturals) = parse_cards(text, &Rules { jokers: 2, decks: 3, ..*rules }) else {
                    continue;
                };
                if naturals.iter().any(|c| !rules.deck().cards().any(|d| d == *c)) {
                    continue;
                }
                for wilds in 0..4 {
                    let run = RunWith::new(rules, &naturals, wilds).expect("a run");
                    for card in rules.deck().cards().filter(|c| c.rank().is_some()) {
                        let mut all = naturals.clone();
                        all.push(card);
                        assert_eq!(
                            run.needed(card),
                            wilds_needed(rules, &all, wilds),
                            "{text} + {card}, {wilds} wilds"
                        );
                        asked += 1;
                    }
                }
            }
        }
        assert!(asked > 2000, "{asked}");
        assert!(RunWith::new(&Rules::default(), &cards("9h 9c"), 0).is_none());
        assert!(RunWith::new(&Rules::default(), &cards("9h 8c"), 0).is_none());
    }
}
