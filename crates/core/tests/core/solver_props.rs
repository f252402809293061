//! The solver against the brute force, over random hands of every size and
//! every rule setting, and every arrangement it returns checked card by card.

use std::fmt::Display;

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;

use crate::game_props::half_wild;

use three13_core::analysis::{Analysis, Ask, Unseen, analyse, analyse_with, discards};
use three13_core::card::{Card, Rank, Suit};
use three13_core::declared::judge;
use three13_core::hand::parse_hand;
use three13_core::rules::{Deal, Rules};
use three13_core::solver::Meld;
use three13_core::solver::{Arrangement, CardSet, MeldKind, Solver, Table};

use crate::{brute, with_settings};

/// One hand to check: the rules, the deal it comes from, the cards, and the
/// melds on the table (used only when the rules allow laying off).
#[derive(Clone, Debug)]
pub(crate) struct Case {
    pub(crate) rules: Rules,
    pub(crate) deal: Deal,
    pub(crate) hand: Vec<Card>,
    pub(crate) onto: Vec<Vec<Card>>,
}

impl Case {
    pub(crate) fn table(&self) -> Table {
        Table::new(&self.rules, self.deal.wild).with_onto(self.onto.clone()).expect("valid table melds")
    }

    fn brute(&self, hand: &[Card]) -> u32 {
        brute::deadwood(&self.rules, self.deal.wild, hand, &self.onto)
    }
}

pub(crate) fn rules() -> impl Strategy<Value = Rules> {
    (
        (1u8..=3, any::<bool>(), prop::sample::select(vec![1u8, 13, 15, 20]), any::<bool>()),
        (any::<bool>(), 0u8..=2, any::<bool>(), 0u8..=2, any::<bool>(), any::<bool>()),
    )
        .prop_map(
            |(
                (decks, ten, ace_value, ace_high),
                (all_wild_melds, jokers, kings_wild, extra_rounds, down_and_up, lay_off),
            )| {
                with_settings(
                    Rules::default(),
                    &[
                        ("decks", &decks),
                        ("face_cards", &if ten { "ten" } else { "rank" }),
                        ("ace_value", &ace_value),
                        ("ace_high", &ace_high),
                        ("all_wild_melds", &all_wild_melds),
                        ("jokers", &jokers),
                        ("kings_wild", &kings_wild),
                        ("extra_rounds", &extra_rounds),
                        ("down_and_up", &down_and_up),
                        ("lay_off", &lay_off),
                    ],
                )
            },
        )
}

/// How the cards of a hand are drawn: from the whole of the decks, from a
/// narrow pool (a few ranks, one to three suits) with a share of wilds, which gives
/// runs, sets, duplicates and many wilds, or half and half.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Style {
    Uniform,
    Mixed,
    Dense,
}

/// Where the cards come from: the style, and for the narrow pool its
/// lowest rank, how many ranks, which suits, and the share of wilds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pool {
    style: Style,
    base: u32,
    width: u32,
    suits: [usize; 3],
    suit_count: u32,
    wild_percent: u32,
}

pub(crate) fn pool(
    styles: Vec<Style>,
    wild_percent: std::ops::RangeInclusive<u32>,
) -> impl Strategy<Value = Pool> {
    pool_of(styles, wild_percent, 4)
}

/// A pool whose narrow part draws from the first `suits` suits (five: the
/// stars too).
pub(crate) fn pool_of(
    styles: Vec<Style>,
    wild_percent: std::ops::RangeInclusive<u32>,
    suits: usize,
) -> impl Strategy<Value = Pool> {
    (
        prop::sample::select(styles),
        0u32..13,
        3u32..=8,
        [0usize..suits, 0usize..suits, 0usize..suits],
        1u32..=3,
        wild_percent,
    )
        .prop_map(|(style, base, width, suits, suit_count, wild_percent)| Pool {
            style,
            base,
            width,
            suits,
            suit_count,
            wild_percent,
        })
}

/// Every card that could be in a hand under `rules`, jokers included.
pub(crate) fn all_cards(rules: &Rules) -> Vec<Card> {
    rules.deck().cards().chain((rules.jokers() > 0).then_some(Card::JOKER)).collect()
}

/// Every distinct wild card of the round.
pub(crate) fn wild_cards(rules: &Rules, wild: Rank) -> Vec<Card> {
    all_cards(rules).into_iter().filter(|&c| brute::is_wild(rules, wild, c)).collect()
}

/// The natural card of the rules' deck `rank0` ranks above its lowest
/// (going round), of its suit `suit` (going round).
fn natural(rules: &Rules, rank0: u32, suit: usize) -> Card {
    let lowest = brute::lowest(rules) as u32;
    let rank = lowest + rank0 % (14 - lowest);
    let suits = if rules.suits() == 5 { &Suit::FIVE[..] } else { &Suit::ALL[..] };
    Card::new(Rank::new(rank as u8).unwrap(), suits[suit % suits.len()])
}

impl Pool {
    fn card(&self, rules: &Rules, pick: u32, all: &[Card], wilds: &[Card]) -> Card {
        match self.style {
            Style::Uniform => all[pick as usize % all.len()],
            Style::Mixed if pick.is_multiple_of(2) => all[(pick / 2) as usize % all.len()],
            Style::Mixed | Style::Dense => {
                let pick = if matches!(self.style, Style::Mixed) { pick / 2 } else { pick };
                if pick % 100 < self.wild_percent && !wilds.is_empty() {
                    wilds[(pick / 100) as usize % wilds.len()]
                } else {
                    let pick = pick / 100;
                    let suit = self.suits[(pick / self.width % self.suit_count) as usize];
                    natural(rules, self.base + pick % self.width, suit)
                }
            }
        }
    }

    /// `n` cards drawn by `picks`, never more copies of a card than the
    /// decks hold; when the picks run out, the next cards still available.
    pub(crate) fn hand(&self, rules: &Rules, wild: Rank, n: usize, picks: &[u32]) -> Vec<Card> {
        let all = all_cards(rules);
        let wilds = wild_cards(rules, wild);
        let mut hand: Vec<Card> = Vec::with_capacity(n);
        let available = |hand: &[Card], c: Card| hand.iter().filter(|&&h| h == c).count() < rules.copies(c);
        for &pick in picks {
            if hand.len() == n {
                break;
            }
            let card = self.card(rules, pick, &all, &wilds);
            if available(&hand, card) {
                hand.push(card);
            }
        }
        let mut i = picks.first().copied().unwrap_or(0) as usize;
        while hand.len() < n {
            let card = all[i % all.len()];
            if available(&hand, card) {
                hand.push(card);
            }
            i += 1;
        }
        hand
    }
}

/// A table meld as drawn: a set or a run, where, how long, which places
/// hold a wild.
type MeldSpec = (bool, u32, usize, usize, u8);

fn meld_specs(count: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<MeldSpec>> {
    prop::collection::vec((any::<bool>(), 0u32..13, 0usize..4, 3usize..=5, any::<u8>()), count)
}

/// Builds a table meld from its spec; None when it is not a meld under
/// the rules (a run off the end of the ranks, all wilds under strict rules).
fn table_meld(rules: &Rules, wild: Rank, spec: MeldSpec) -> Option<Vec<Card>> {
    let (run, rank0, suit, len, wild_places) = spec;
    let wilds = wild_cards(rules, wild);
    let mut meld: Vec<Card> = (0..len)
        .map(|i| if run { natural(rules, rank0 + i as u32, suit) } else { natural(rules, rank0, suit + i) })
        .collect();
    for (i, card) in meld.iter_mut().enumerate() {
        if wild_places & (1 << i) != 0 && wild_places & 0x80 != 0 && !wilds.is_empty() {
            *card = wilds[i % wilds.len()];
        }
    }
    brute::is_meld(rules, wild, &meld).then_some(meld)
}

/// Random cases with hands of `sizes` cards, drawn in the given styles,
/// with up to `tables` melds on the table.
pub(crate) fn cases(
    sizes: std::ops::RangeInclusive<usize>,
    styles: Vec<Style>,
    wild_percent: std::ops::RangeInclusive<u32>,
    tables: usize,
    lay_off: Option<bool>,
) -> impl Strategy<Value = Case> {
    cases_under(rules(), 4, sizes, styles, wild_percent, tables, lay_off)
}

/// As [`cases`], under the rules `rules` draws, the narrow pools drawing
/// from `suits` suits.
pub(crate) fn cases_under(
    rules: impl Strategy<Value = Rules>,
    suits: usize,
    sizes: std::ops::RangeInclusive<usize>,
    styles: Vec<Style>,
    wild_percent: std::ops::RangeInclusive<u32>,
    tables: usize,
    lay_off: Option<bool>,
) -> impl Strategy<Value = Case> {
    (
        sizes,
        rules,
        any::<Index>(),
        pool_of(styles, wild_percent, suits),
        prop::collection::vec(any::<u32>(), 24),
        meld_specs(0..=tables),
    )
        .prop_map(move |(n, mut rules, deal, pool, picks, specs)| {
            // A hand of n cards needs a round of n or n - 1 cards.
            let extra_rounds = rules.extra_rounds().max(n.saturating_sub(14) as u8);
            rules.set("extra_rounds", &extra_rounds.to_string()).expect("extra rounds");
            if let Some(lay_off) = lay_off {
                rules.set("lay_off", &lay_off.to_string()).expect("a flag");
            }
            let deals: Vec<Deal> =
                rules.deals().into_iter().filter(|d| d.cards == n || d.cards + 1 == n).collect();
            let deal = deals[deal.index(deals.len())];
            let hand = pool.hand(&rules, deal.wild, n, &picks);
            let onto = specs.into_iter().filter_map(|s| table_meld(&rules, deal.wild, s)).collect();
            Case { rules, deal, hand, onto }
        })
}

fn count(cards: &[Card], card: Card) -> usize {
    cards.iter().filter(|&&c| c == card).count()
}

pub(crate) fn same_cards(a: &[Card], b: &[Card]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort();
    b.sort();
    a == b
}

/// Whether `naturals` and `wilds` wild cards make a meld of `kind`.
fn valid_as(rules: &Rules, kind: MeldKind, naturals: &[Card], wilds: usize) -> bool {
    if naturals.is_empty() && !rules.all_wild_melds() {
        return false;
    }
    if rules.half_wild() && wilds > naturals.len() {
        return false;
    }
    match kind {
        MeldKind::Set => brute::fits_set(naturals, wilds),
        MeldKind::Run => fits_run(rules, naturals, wilds),
    }
}

/// `brute::fits_run` on the rules' deck.
fn fits_run(rules: &Rules, pinned: &[Card], free: usize) -> bool {
    brute::fits_run_from(pinned, free, brute::ace_high(rules), brute::lowest(rules))
}

/// Checks that `arr` is a true arrangement of the case's hand: every meld
/// valid with its wilds standing for what it says, the cards split
/// exactly between melds and leftovers, the deadwood their sum.
pub(crate) fn check_arrangement(case: &Case, arr: &Arrangement) -> Result<(), String> {
    let (rules, wild) = (&case.rules, case.deal.wild);
    let is_wild = |c: &Card| brute::is_wild(rules, wild, *c);
    let mut all: Vec<Card> = arr.unmelded.clone();
    let mut own = 0;
    let mut laid: Vec<&Vec<Card>> = Vec::new();
    for meld in &arr.melds {
        all.extend(&meld.cards);
        let wilds: Vec<Card> = meld.cards.iter().copied().filter(is_wild).collect();
        let role_cards: Vec<Card> = meld.wilds.iter().map(|w| w.card).collect();
        if !same_cards(&wilds, &role_cards) {
            return Err(format!("the wild roles {:?} are not the wilds of {:?}", meld.wilds, meld.cards));
        }
        if meld.wilds.iter().any(|w| w.stands_for.is_joker()) {
            return Err(format!("a wild stands for a joker in {meld:?}"));
        }
        if meld.wilds.iter().any(|w| !rules.deck().holds(w.stands_for)) {
            return Err(format!("a wild stands for a card the deck has not in {meld:?}"));
        }
        let mut naturals: Vec<Card> = meld.cards.iter().copied().filter(|c| !is_wild(c)).collect();
        let mut pinned: Vec<Card> = naturals.clone();
        pinned.extend(meld.wilds.iter().map(|w| w.stands_for));
        let (mut free, mut size) = (0, meld.cards.len());
        match &meld.onto {
            None => own += 1,
            Some(t) => {
                if !rules.lay_off() || !case.onto.contains(t) {
                    return Err(format!("laid off onto {t:?}, not a table meld in play"));
                }
                laid.push(t);
                if meld.cards.is_empty() {
                    return Err("an empty lay-off".into());
                }
                let table_naturals: Vec<Card> = t.iter().copied().filter(|c| !is_wild(c)).collect();
                free = t.len() - table_naturals.len();
                naturals.extend(&table_naturals);
                pinned.extend(&table_naturals);
                size += t.len();
            }
        }
        let wild_count = size - naturals.len();
        if !valid_as(rules, meld.kind, &naturals, wild_count) {
            return Err(format!("{meld:?} is not a valid {:?}", meld.kind));
        }
        let fits = match meld.kind {
            MeldKind::Set => brute::fits_set(&pinned, free),
            MeldKind::Run => fits_run(rules, &pinned, free),
        };
        if !fits {
            return Err(format!("the wilds of {meld:?} do not stand for what they say"));
        }
    }
    for t in &laid {
        if count_melds(&laid, t) > case.onto.iter().filter(|m| m == t).count() {
            return Err(format!("the table meld {t:?} is laid off onto twice"));
        }
    }
    if !laid.is_empty() && own == 0 {
        return Err("cards laid off without a meld of the hand's own".into());
    }
    if !same_cards(&all, &case.hand) {
        return Err(format!("the melds and leftovers {all:?} are not the hand"));
    }
    let sum: u32 = arr.unmelded.iter().map(|&c| brute::value_in(rules, wild, c)).sum();
    if sum != arr.deadwood {
        return Err(format!("deadwood {} but the leftovers score {sum}", arr.deadwood));
    }
    let values: Vec<u32> = arr.unmelded.iter().map(|&c| brute::value_in(rules, wild, c)).collect();
    if values.windows(2).any(|w| w[0] < w[1]) {
        return Err(format!("the leftovers {:?} are not highest value first", arr.unmelded));
    }
    Ok(())
}

fn count_melds(melds: &[&Vec<Card>], meld: &Vec<Card>) -> usize {
    melds.iter().filter(|&&m| m == meld).count()
}

/// The solver's deadwood equals the brute force's, its arrangement is
/// valid and scores that deadwood, and it gives the same answer again.
pub(crate) fn check_case(case: &Case) -> Result<(), TestCaseError> {
    let table = case.table();
    let expected = case.brute(&case.hand);
    let mut solver = Solver::new();
    let got = solver.deadwood(&case.hand, &table);
    prop_assert_eq!(got, expected, "deadwood of {}", show(case));
    let arr = solver.solve(&case.hand, &table);
    prop_assert_eq!(arr.deadwood, expected, "solve() of {}", show(case));
    if let Err(e) = check_arrangement(case, &arr) {
        return Err(TestCaseError::fail(format!("{e}\n{arr:?}\n{}", show(case))));
    }
    // Deterministic: the same hand gives the same arrangement, from this
    // solver or a fresh one.
    prop_assert_eq!(&solver.solve(&case.hand, &table), &arr);
    prop_assert_eq!(&Solver::new().solve(&case.hand, &table), &arr);
    // The order of the cards does not change the deadwood.
    let mut reversed = case.hand.clone();
    reversed.reverse();
    prop_assert_eq!(solver.deadwood(&reversed, &table), expected, "reversed {}", show(case));
    Ok(())
}

pub(crate) fn text(cards: &[Card]) -> String {
    cards.iter().map(|c| c.ascii()).collect::<Vec<_>>().join(" ")
}

pub(crate) fn show(case: &Case) -> String {
    let onto: Vec<String> = case.onto.iter().map(|m| format!("[{}]", text(m))).collect();
    format!(
        "hand \"{}\", wild {}, round {}, rules {}, onto {}",
        text(&case.hand),
        case.deal.wild,
        case.deal.round,
        case.rules.changes().join(" "),
        onto.join(" ")
    )
}

/// `cases` random cases, times `THREE13_PROPTEST_SCALE` when set (for a
/// longer search: `THREE13_PROPTEST_SCALE=50 cargo test --release solver_props`).
/// Failures are not saved to files: the ones found are tests of their own.
pub(crate) fn config(cases: u32) -> ProptestConfig {
    let scale = std::env::var("THREE13_PROPTEST_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    ProptestConfig {
        cases: cases * scale,
        max_shrink_iters: 4000,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(2000))]
    #[test]
    fn small_hands_match_the_brute_force(
        case in cases(3..=9, vec![Style::Uniform, Style::Mixed, Style::Dense], 0..=60, 3, None)
    ) {
        check_case(&case)?;
    }
}

proptest! {
    #![proptest_config(config(300))]
    #[test]
    fn round_sized_hands_match_the_brute_force(
        case in cases(10..=14, vec![Style::Uniform, Style::Mixed, Style::Dense], 0..=60, 2, None)
    ) {
        check_case(&case)?;
    }
}

proptest! {
    #![proptest_config(config(60))]
    #[test]
    fn the_largest_hands_match_the_brute_force(
        case in cases(15..=16, vec![Style::Uniform, Style::Mixed, Style::Dense], 0..=60, 1, None)
    ) {
        check_case(&case)?;
    }
}

proptest! {
    #![proptest_config(config(80))]
    #[test]
    fn dense_hands_with_many_wilds_match_the_brute_force(
        case in cases(12..=16, vec![Style::Dense], 0..=40, 0, Some(false))
    ) {
        check_case(&case)?;
    }
}

proptest! {
    #![proptest_config(config(800))]
    #[test]
    fn laying_off_matches_the_brute_force(
        case in cases(3..=11, vec![Style::Mixed, Style::Dense], 0..=60, 3, Some(true))
    ) {
        check_case(&case)?;
    }
}

proptest! {
    #![proptest_config(config(400))]
    /// A wild laid off onto a run with a high ace stands for a place in it.
    #[test]
    fn laid_off_wilds_stand_for_a_place_in_the_run(
        case in cases(3..=9, vec![Style::Mixed, Style::Dense], 0..=60, 3, Some(true))
            .prop_map(|mut case| {
                // Aces high: any table meld stays a meld.
                case.rules.set("ace_high", "true").expect("a flag");
                case
            })
    ) {
        check_case(&case)?;
    }
}

/// A high ace laid off with a joker: the run is 10d-Jd-Qd-Kd-Ad, so the
/// joker stands for Qd or Kd, not a card below the ten.
#[test]
fn high_ace_lay_off_names_a_place_in_the_run() {
    let rules = with_settings(Rules::default(), &[("ace_high", &true), ("jokers", &2), ("lay_off", &true)]);
    let cards = |t: &str| parse_hand(t, &rules).unwrap();
    let case =
        Case { deal: rules.deals()[2], hand: cards("Ad JK 7s 7h 7c"), onto: vec![cards("5c 10d Jd")], rules };
    assert_eq!(case.deal.wild, rank(5));
    let arr = Solver::new().solve(&case.hand, &case.table());
    assert_eq!(arr.deadwood, 0);
    check_arrangement(&case, &arr).unwrap();
}

/// The cards seen besides the hand, drawn by `picks` from what the decks
/// still hold.
pub(crate) fn seen_cards(case: &Case, picks: &[u32]) -> Vec<Card> {
    let all = all_cards(&case.rules);
    let mut known: Vec<Card> = case.hand.iter().chain(case.onto.iter().flatten()).copied().collect();
    let mut seen = Vec::new();
    for &p in picks {
        let c = all[p as usize % all.len()];
        if count(&known, c) < case.rules.copies(c) {
            known.push(c);
            seen.push(c);
        }
    }
    seen
}

/// The brute force's outs of `hand`: the distinct cards with a copy not in
/// `known` that, drawn, leave a hand melding completely after a discard;
/// with the copies of them unseen and the chance.
fn brute_outs(case: &Case, hand: &[Card], known: &[Card]) -> (Vec<Card>, u32, f64) {
    let all = all_cards(&case.rules);
    let unseen = |c: Card| case.rules.copies(c).saturating_sub(count(known, c)) as u32;
    let total: u32 = all.iter().map(|&c| unseen(c)).sum();
    let mut outs = Vec::new();
    for &card in &all {
        if unseen(card) == 0 {
            continue;
        }
        let mut with = hand.to_vec();
        with.push(card);
        let goes = (0..with.len()).any(|i| {
            let mut rest = with.clone();
            rest.remove(i);
            case.brute(&rest) == 0
        });
        if goes {
            outs.push(card);
        }
    }
    let n: u32 = outs.iter().map(|&c| unseen(c)).sum();
    (outs, n, if total == 0 { 0.0 } else { n as f64 / total as f64 })
}

pub(crate) fn sorted<T: Ord>(mut cards: Vec<T>) -> Vec<T> {
    cards.sort();
    cards
}

/// The tie rule, written again: among the discards leaving least and as
/// likely to go out next, a natural card before a wild, then the card
/// worth most.
fn tie_key(case: &Case, card: Card) -> (bool, std::cmp::Reverse<u32>) {
    let (rules, wild) = (&case.rules, case.deal.wild);
    (brute::is_wild(rules, wild, card), std::cmp::Reverse(brute::value_in(rules, wild, card)))
}

fn analysed(case: &Case, cards: usize, seen: &[Card]) -> Analysis {
    let mut deal = case.deal;
    deal.cards = cards;
    analyse(&mut Solver::new(), &case.hand, &deal, &case.table(), seen)
}

/// [`check_discards`] of a hand holding the card just drawn, and
/// [`check_outs`] of the hand before it was drawn (its last card taken
/// away).
pub(crate) fn check_discards_and_outs(case: &Case, picks: &[u32]) -> Result<(), TestCaseError> {
    check_discards(case, picks)?;
    let mut before = case.clone();
    before.hand.pop();
    check_outs(&before, picks)
}

/// With the drawn card: every discard's deadwood and outs, the best
/// discard by the tie rules, the hand laid down after it, and whether the
/// hand goes out, against the brute force; `picks` draw the cards seen.
pub(crate) fn check_discards(case: &Case, picks: &[u32]) -> Result<(), TestCaseError> {
    let seen = seen_cards(case, picks);
    let a = analysed(case, case.hand.len() - 1, &seen);
    let analysed_all = a.discards.clone().expect("discards");
    // With table melds someone went out: the last turn, where no draw
    // follows and the analysis asks no outs. The outs after each discard
    // are still asked of `discards` (the advice's own policy in a
    // simulation asks them), and checked here all the same.
    let last = case.rules.lay_off() && !case.onto.is_empty();
    prop_assert_eq!(a.last_turn, last, "the last turn of {}", show(case));
    prop_assert!(
        analysed_all.iter().all(|d| d.next.is_none() == last),
        "no outs on the last turn: {}",
        show(case)
    );
    let mut known: Vec<Card> = case.hand.iter().chain(case.onto.iter().flatten()).copied().collect();
    known.extend(&seen);
    let all = discards(&mut Solver::new(), &case.hand, &case.table(), &Unseen::new(&case.rules, &known));
    prop_assert_eq!(
        sorted(all.iter().map(|d| (d.card, d.deadwood)).collect()),
        sorted(analysed_all.iter().map(|d| (d.card, d.deadwood)).collect())
    );
    let listed = sorted(all.iter().map(|d| d.card).collect());
    let mut distinct = sorted(case.hand.clone());
    distinct.dedup();
    prop_assert_eq!(listed, distinct, "every distinct card once: {}", show(case));
    let mut lowest = u32::MAX;
    // The advised discard, written again: least deadwood, then the most
    // copies of outs unseen (none weighed on the last turn), then the tie
    // rule.
    let mut keys = Vec::new();
    for d in &all {
        let i = case.hand.iter().position(|&c| c == d.card).unwrap();
        let mut rest = case.hand.clone();
        rest.remove(i);
        let expected = case.brute(&rest);
        prop_assert_eq!(d.deadwood, expected, "discarding {} from {}", d.card, show(case));
        lowest = lowest.min(expected);
        let (outs, n, chance) = brute_outs(case, &rest, &known);
        prop_assert_eq!(sorted(d.outs().to_vec()), outs, "outs after {} from {}", d.card, show(case));
        prop_assert_eq!(d.unseen(), n);
        prop_assert!((d.chance() - chance).abs() < 1e-12);
        let n = if last { 0 } else { n };
        keys.push((d.card, (expected, std::cmp::Reverse(n), tie_key(case, d.card))));
    }
    let best = a.best_discard.clone().expect("a best discard");
    prop_assert_eq!(best.deadwood, lowest, "best discard of {}", show(case));
    let key = keys.iter().map(|k| k.1).min().unwrap();
    let best_key = keys.iter().find(|k| k.0 == best.card).unwrap().1;
    prop_assert_eq!(best_key, key, "the advised discard, {}", show(case));
    let mut rest = case.hand.clone();
    rest.remove(rest.iter().position(|&c| c == best.card).unwrap());
    let laid = Case { hand: rest, ..case.clone() };
    let arr =
        Arrangement { deadwood: best.deadwood, melds: best.melds.clone(), unmelded: best.unmelded.clone() };
    if let Err(e) = check_arrangement(&laid, &arr) {
        return Err(TestCaseError::fail(format!("{e}\n{arr:?}\n{}", show(&laid))));
    }
    prop_assert_eq!(a.can_go_out, lowest == 0);
    prop_assert_eq!(a.deadwood, case.brute(&case.hand));
    Ok(())
}

/// Without the drawn card: the outs are exactly the cards with a copy
/// unseen that, drawn, leave a hand that melds after some discard; the
/// copies unseen and the chance, with and without cards seen.
pub(crate) fn check_outs(case: &Case, picks: &[u32]) -> Result<(), TestCaseError> {
    for seen in [Vec::new(), seen_cards(case, picks)] {
        let a = analysed(case, case.hand.len(), &seen);
        let mut known: Vec<Card> = case.hand.iter().chain(case.onto.iter().flatten()).copied().collect();
        known.extend(&seen);
        let (outs, n, chance) = brute_outs(case, &case.hand, &known);
        prop_assert_eq!(
            sorted(a.outs.clone().expect("outs")),
            outs,
            "outs of {}, seen {:?}",
            show(case),
            seen
        );
        prop_assert_eq!(a.unseen, Some(n));
        prop_assert!((a.chance.unwrap() - chance).abs() < 1e-12);
        prop_assert_eq!(a.can_go_out, case.brute(&case.hand) == 0);
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(100))]
    /// With the drawn card: every discard's deadwood and outs, the best
    /// discard by the tie rules, the hand laid down after it, and whether
    /// the hand goes out, against the brute force.
    #[test]
    fn discards_match_the_brute_force(
        case in cases(4..=8, vec![Style::Uniform, Style::Mixed, Style::Dense], 0..=60, 2, None),
        picks in prop::collection::vec(any::<u32>(), 0..=12),
    ) {
        check_discards(&case, &picks)?;
    }
}

proptest! {
    #![proptest_config(config(200))]
    /// Without the drawn card: the outs are exactly the cards with a copy
    /// unseen that, drawn, leave a hand that melds after some discard; the
    /// copies unseen and the chance, with and without cards seen.
    #[test]
    fn outs_match_the_brute_force(
        case in cases(3..=7, vec![Style::Uniform, Style::Mixed, Style::Dense], 0..=60, 1, None),
        picks in prop::collection::vec(any::<u32>(), 0..=12),
    ) {
        check_outs(&case, &picks)?;
    }
}

proptest! {
    #![proptest_config(config(60))]
    /// Laying off onto up to six table melds: every discard's deadwood and
    /// outs, and the outs without the drawn card, against the brute force.
    /// With up to five, whether the open cards meld is found for every
    /// table meld used at once (module `complete`, step 21); with six, as
    /// before.
    #[test]
    fn laying_off_onto_up_to_six_table_melds_matches_the_brute_force(
        case in cases(4..=7, vec![Style::Mixed, Style::Dense], 0..=60, 6, Some(true)),
        picks in prop::collection::vec(any::<u32>(), 0..=12),
    ) {
        check_discards_and_outs(&case, &picks)?;
    }

    /// Four or five table melds, where whether the cards meld and the least
    /// deadwood are found for every count of wilds and every table meld
    /// used at once (module `complete`, steps 22 to 24), under every wild
    /// rule: the hand's deadwood and arrangement, every discard's deadwood
    /// and outs, and the outs without the drawn card, against the brute
    /// force.
    #[test]
    fn four_or_five_table_melds_match_the_brute_force(
        case in prop_oneof![
            cases(4..=8, vec![Style::Mixed, Style::Dense], 0..=60, 5, Some(true)),
            cases_under(half_wild(), 4, 4..=8, vec![Style::Mixed, Style::Dense], 0..=60, 5, Some(true)),
        ]
        .prop_filter("four or five table melds", |case| case.onto.len() >= 4),
        picks in prop::collection::vec(any::<u32>(), 0..=12),
    ) {
        check_case(&case)?;
        check_discards_and_outs(&case, &picks)?;
    }

    /// A table meld of wilds alone, which could take any natural while it
    /// is not used (the searches ask whether a natural has a partner only
    /// once it is), beside up to two others: the hand's deadwood and
    /// arrangement, every discard's deadwood and outs, and the outs without
    /// the drawn card, against the brute force.
    #[test]
    fn a_table_meld_of_wilds_alone_matches_the_brute_force(
        case in cases(4..=8, vec![Style::Uniform, Style::Mixed, Style::Dense], 0..=60, 2, Some(true))
            .prop_filter_map("wilds alone may meld", with_wild_meld),
        picks in prop::collection::vec(any::<u32>(), 0..=12),
    ) {
        check_case(&case)?;
        check_discards_and_outs(&case, &picks)?;
    }
}

proptest! {
    #![proptest_config(config(80))]
    /// Under the half-wild limit, hands rich in wilds beside table melds,
    /// some holding wilds already and so with little room: the wilds left
    /// over go onto the table melds not used, as far as their room goes,
    /// and the searches key the room of those no open card can go onto
    /// (the solver's step 10). The hand's deadwood and arrangement, every
    /// discard's deadwood and outs, and the outs without the drawn card,
    /// against the brute force.
    #[test]
    fn half_wild_wilds_left_over_onto_idle_table_melds_match_the_brute_force(
        case in cases_under(half_wild(), 4, 4..=8, vec![Style::Mixed, Style::Dense], 40..=75, 5, Some(true))
            .prop_filter("two table melds or more", |case| case.onto.len() >= 2),
        picks in prop::collection::vec(any::<u32>(), 0..=12),
    ) {
        check_case(&case)?;
        check_discards_and_outs(&case, &picks)?;
    }
}

proptest! {
    #![proptest_config(config(30))]
    /// Six or seven table melds, where with wilds free whether the cards
    /// meld is found for every table meld used at once in several words
    /// (module `complete`, step 21), under every wild rule: the hand's
    /// deadwood and arrangement, every discard's deadwood and outs, and
    /// the outs without the drawn card, against the brute force.
    #[test]
    fn six_or_seven_table_melds_match_the_brute_force(
        case in prop_oneof![
            3 => cases_with_many_melds(rules(), 4..=8),
            1 => cases_with_many_melds(half_wild(), 4..=8),
        ],
        picks in prop::collection::vec(any::<u32>(), 0..=12),
    ) {
        check_case(&case)?;
        check_discards_and_outs(&case, &picks)?;
    }
}

proptest! {
    #![proptest_config(config(60))]
    /// Table melds alike (the same naturals and as many wilds, the wilds
    /// maybe of another rank), which the searches use in their order (the
    /// solver's step 14), beside others, among them melds of wilds alone:
    /// the hand's deadwood and arrangement, every discard's deadwood and
    /// outs, and the outs without the drawn card, against the brute force.
    #[test]
    fn table_melds_alike_match_the_brute_force(
        case in prop_oneof![
            3 => cases(4..=8, vec![Style::Mixed, Style::Dense], 0..=60, 3, Some(true)),
            1 => cases_under(half_wild(), 4, 4..=8, vec![Style::Mixed, Style::Dense], 0..=60, 3, Some(true)),
            1 => cases(4..=8, vec![Style::Uniform, Style::Mixed], 0..=60, 2, Some(true))
                .prop_filter_map("wilds alone may meld", with_wild_meld),
        ],
        twins in prop::collection::vec((any::<usize>(), any::<usize>(), any::<usize>()), 1..=2),
        picks in prop::collection::vec(any::<u32>(), 0..=12),
    ) {
        let Some(case) = with_twins(case, &twins) else {
            return Ok(());
        };
        check_case(&case)?;
        check_discards_and_outs(&case, &picks)?;
    }
}

/// The case with a table meld alike to one of its own for each of
/// `twins` (which meld, where the copy goes, how its wilds turn), its
/// wilds turned to other wild cards where there are others; None with no
/// table meld, or beyond six.
fn with_twins(mut case: Case, twins: &[(usize, usize, usize)]) -> Option<Case> {
    let wilds = wild_cards(&case.rules, case.deal.wild);
    for &(which, at, turn) in twins {
        if case.onto.is_empty() || case.onto.len() >= 6 {
            return None;
        }
        let meld = &case.onto[which % case.onto.len()];
        let twin: Vec<Card> = meld
            .iter()
            .enumerate()
            .map(|(k, &c)| match wilds.iter().position(|&w| w == c) {
                Some(_) => wilds[(turn + k) % wilds.len()],
                None => c,
            })
            .collect();
        if !brute::is_meld(&case.rules, case.deal.wild, &twin) {
            return None;
        }
        case.onto.insert(at % (case.onto.len() + 1), twin);
    }
    Some(case)
}

/// As [`cases_under`] with laying off, six or seven melds on the table
/// (the most the brute force takes).
fn cases_with_many_melds(
    rules: impl Strategy<Value = Rules>,
    sizes: std::ops::RangeInclusive<usize>,
) -> impl Strategy<Value = Case> {
    (cases_under(rules, 4, sizes, vec![Style::Mixed, Style::Dense], 0..=60, 0, Some(true)), meld_specs(6..=9))
        .prop_map(|(mut case, specs)| {
            case.onto = specs
                .into_iter()
                .filter_map(|s| table_meld(&case.rules, case.deal.wild, s))
                .take(7)
                .collect();
            case
        })
        .prop_filter("six table melds or more", |case| case.onto.len() >= 6)
}

/// The case with a table meld of three of the round's wilds first, where
/// the rules let wilds alone meld.
fn with_wild_meld(mut case: Case) -> Option<Case> {
    let wilds = wild_cards(&case.rules, case.deal.wild);
    let meld: Vec<Card> = (0..3).map(|i| wilds[i % wilds.len()]).collect();
    if !brute::is_meld(&case.rules, case.deal.wild, &meld) {
        return None;
    }
    case.onto.insert(0, meld);
    Some(case)
}

proptest! {
    #![proptest_config(config(1500))]
    /// A declared group is judged a meld exactly when the brute force calls
    /// it one, with its wilds standing for what they say; otherwise it has
    /// a reason. Across every rule setting.
    #[test]
    fn declared_groups_are_judged_as_the_brute_force_does(
        rules in rules(),
        wild in 1u8..=13,
        pool in pool(vec![Style::Dense, Style::Mixed], 0..=60),
        picks in prop::collection::vec(any::<u32>(), 1..=7),
    ) {
        let wild = Rank::new(wild).unwrap();
        let cards = pool.hand(&rules, wild, picks.len(), &picks);
        let group = judge(&cards, &Table::new(&rules, wild));
        let valid = cards.len() >= 3 && brute::is_meld(&rules, wild, &cards);
        prop_assert_eq!(group.meld, valid, "{} with wild {}, {:?}", text(&cards), wild, rules);
        prop_assert_eq!(group.reason.is_none(), valid);
        prop_assert!(same_cards(&group.cards, &cards));
        if valid {
            let deal = Deal { round: 1, cards: cards.len(), wild };
            let case = Case { rules: rules.with("lay_off", "false").unwrap(), deal, hand: cards.clone(), onto: Vec::new() };
            let meld = Meld { kind: group.kind.unwrap(), cards: group.cards.clone(), wilds: group.wilds.clone(), onto: None };
            let arr = Arrangement { deadwood: 0, melds: vec![meld], unmelded: Vec::new() };
            if let Err(e) = check_arrangement(&case, &arr) {
                return Err(TestCaseError::fail(format!("{e}\n{arr:?}")));
            }
        }
    }
}

proptest! {
    #![proptest_config(config(1000))]
    /// A hand that is one candidate meld: the solver against the brute
    /// force, on short hands drawn from a narrow pool.
    #[test]
    fn short_candidate_melds_match_the_brute_force(
        rules in rules(),
        wild in 1u8..=13,
        pool in pool(vec![Style::Dense, Style::Mixed], 0..=60),
        picks in prop::collection::vec(any::<u32>(), 3..=7),
    ) {
        let wild = Rank::new(wild).unwrap();
        let meld = pool.hand(&rules, wild, picks.len(), &picks);
        let dead = Solver::new().deadwood(&meld, &Table::new(&rules, wild));
        prop_assert_eq!(dead, brute::deadwood(&rules, wild, &meld, &[]), "{} with wild {}, {:?}", text(&meld), wild, rules);
        prop_assert!(!brute::is_meld(&rules, wild, &meld) || dead == 0);
    }
}

proptest! {
    #![proptest_config(config(1000))]
    /// What makes a meld on the table: `Table::with_onto` accepts exactly
    /// the melds the brute force calls valid. (It once accepted melds that
    /// needed more wilds, like `Ad 9d Qd` with nines wild.)
    #[test]
    fn table_melds_are_judged_alike(
        rules in rules(),
        wild in 1u8..=13,
        pool in pool(vec![Style::Dense, Style::Mixed], 0..=60),
        picks in prop::collection::vec(any::<u32>(), 3..=7),
    ) {
        let wild = Rank::new(wild).unwrap();
        let meld = pool.hand(&rules, wild, picks.len(), &picks);
        let valid = brute::is_meld(&rules, wild, &meld);
        let accepted = Table::new(&rules, wild).with_onto(vec![meld.clone()]).is_ok();
        prop_assert_eq!(valid, accepted, "{} with wild {}, {:?}", text(&meld), wild, rules);
    }
}

fn rank(n: u8) -> Rank {
    Rank::new(n).unwrap()
}

fn brute_text(rules: &Rules, wild: u8, hand: &str) -> u32 {
    let parse_rules = with_settings(*rules, &[("jokers", &2), ("decks", &3)]);
    brute::deadwood(rules, rank(wild), &parse_hand(hand, &parse_rules).unwrap(), &[])
}

/// The brute force itself gets the worked examples of RULES.md right.
#[test]
fn brute_force_knows_the_worked_examples() {
    let std = Rules::default();
    assert_eq!(brute_text(&std, 3, "9h 4d Kh"), 26);
    assert_eq!(brute_text(&std, 3, "3d 3c 3h"), 0);
    assert_eq!(brute_text(&std, 7, "7d 10c KS QS 5c 4h JD"), 30);
    let big = "Ks Kd Kh Kc 2h 3h 5h 9c 9d 10s Jh Qd Ac As";
    assert_eq!(brute_text(&std, 13, big), 23);
    let hand = parse_hand(big, &std).unwrap();
    let after: Vec<(String, u32)> = (0..hand.len())
        .map(|i| {
            let mut rest = hand.clone();
            let card = rest.remove(i);
            (card.ascii(), brute::deadwood(&std, rank(13), &rest, &[]))
        })
        .collect();
    let best = after.iter().map(|a| a.1).min().unwrap();
    assert_eq!(best, 12);
    let mut best_cards: Vec<&str> = after.iter().filter(|a| a.1 == best).map(|a| a.0.as_str()).collect();
    best_cards.sort();
    assert_eq!(best_cards, ["Jh", "Qd"]);
}

/// The brute force on the variants' edge cases, by hand.
#[test]
fn brute_force_knows_the_variants() {
    let std = Rules::default();
    let strict = Rules::preset("strict").unwrap();
    // Three wilds: a meld unless every meld needs a natural card.
    assert_eq!(brute_text(&strict, 4, "4d 4c 4h"), 12);
    assert_eq!(brute_text(&strict, 4, "4d 4c 9h"), 0);
    // Aces: low only, unless ace_high, and never wrapping.
    assert_eq!(brute_text(&std, 5, "Qh Kh Ah"), 26);
    let high = with_settings(Rules::default(), &[("ace_high", &true), ("ace_value", &15)]);
    assert_eq!(brute_text(&high, 5, "Qh Kh Ah"), 0);
    assert_eq!(brute_text(&high, 5, "Kh Ah 2h"), 30);
    assert_eq!(brute_text(&high, 5, "Ah 2h 3h"), 0);
    assert_eq!(brute_text(&high, 5, "Qh 5c Ah"), 0);
    assert_eq!(brute_text(&std, 5, "Qh 5c Ah"), 18);
    // A run of distinct ranks, a set of one rank with any suits.
    assert_eq!(brute_text(&std, 5, "7h 7h 8h"), 22);
    assert_eq!(brute_text(&std, 5, "7h 7h 7d"), 0);
    // Kings wild besides the round's rank; jokers score 20.
    let kings = Rules::default().with("kings_wild", "true").unwrap();
    assert_eq!(brute_text(&kings, 5, "Kh 9c 9d"), 0);
    assert_eq!(brute_text(&std, 5, "Kh 9c 9d"), 31);
    let jokers = Rules::default().with("jokers", "2").unwrap();
    assert_eq!(brute_text(&jokers, 3, "JK 9h Kc"), 42);
    assert_eq!(brute_text(&jokers, 3, "JK JK 3c"), 0);
    let tens = with_settings(Rules::default(), &[("face_cards", &"ten"), ("ace_value", &20)]);
    assert_eq!(brute_text(&tens, 3, "Jh Qd Ac"), 40);
    // A wild stands for any card, even one held: 9c 9c with a wild.
    assert_eq!(brute_text(&std, 5, "9c 9c 5h"), 0);
    // A wild left over joins a meld of the hand's, or makes one with others.
    assert_eq!(brute_text(&std, 5, "5c 9h 9d 9s"), 0);
    assert_eq!(brute_text(&std, 5, "5c 9h 8d"), 22);
    assert_eq!(brute_text(&std, 5, "5c 5h 5d 5s 9h"), 0);
}

/// The meld checks of the brute force, by hand.
#[test]
fn brute_force_knows_runs() {
    let cards = |t: &str| -> Vec<Card> { t.split_whitespace().map(|c| Card::parse(c).unwrap()).collect() };
    let run13 = cards("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh");
    assert!(brute::fits_run(&run13, 0, false));
    assert!(!brute::fits_run(&run13, 1, false), "at most 13 places with aces low");
    assert!(brute::fits_run(&run13, 1, true), "14 places with aces high");
    assert!(!brute::fits_run(&run13, 2, true));
    assert!(brute::fits_run(&cards("Qh Kh Ah"), 0, true));
    assert!(!brute::fits_run(&cards("Kh Ah 2h"), 0, true), "never wrapping");
    assert!(brute::fits_run(&cards("Kh Ah"), 1, true));
    assert!(!brute::fits_run(&cards("Kh 2h"), 1, true), "never wrapping");
    assert!(brute::fits_run(&cards("Ah 3h"), 1, false));
    assert!(!brute::fits_run(&cards("Ah 4h"), 1, false));
    assert!(brute::fits_run(&cards("Ah 4h"), 2, false));
    assert!(!brute::fits_run(&cards("Ah 3d"), 1, false), "one suit");
    assert!(brute::fits_run(&[], 3, false));
    assert!(brute::fits_set(&cards("9h 9h 9c"), 0));
    assert!(brute::fits_set(&cards("9h"), 2));
    assert!(!brute::fits_set(&cards("9h 8h"), 1));
    let strict = Rules::preset("strict").unwrap();
    assert!(!brute::is_meld(&strict, rank(4), &cards("4h 4d 4c")));
    assert!(brute::is_meld(&Rules::default(), rank(4), &cards("4h 4d 4c")));
    assert!(!brute::is_meld(&Rules::default(), rank(4), &cards("4h 4d")));
    // The run from ace to ace where the ace may be high; no other rank twice.
    let high = Rules::default().with("ace_high", "true").unwrap();
    let ace_to_ace = cards("Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah");
    assert!(brute::is_meld(&high, rank(5), &ace_to_ace));
    assert!(!brute::is_meld(&Rules::default(), rank(5), &ace_to_ace));
    assert!(!brute::is_meld(&high, rank(5), &cards("Ah 2h Ah")));
    assert!(!brute::is_meld(&high, rank(5), &cards("7h 7h 8h")));
}

/// Laying off: only with a meld of one's own, one table meld per group.
#[test]
fn brute_force_lays_off() {
    let strict = Rules::preset("strict").unwrap();
    let cards = |t: &str| parse_hand(t, &Rules::default().with("jokers", "2").unwrap()).unwrap();
    let run = vec![cards("5h 6h 7h")];
    assert_eq!(brute::deadwood(&strict, rank(3), &cards("8h 9c Kd"), &run), 8 + 9 + 13);
    assert_eq!(brute::deadwood(&strict, rank(3), &cards("8h 9c 9d 9s"), &run), 0);
    assert_eq!(brute::deadwood(&strict, rank(6), &cards("8h 9c 9d 9s Kd 4h"), &run), 13);
    // Without lay_off, the table melds do not count.
    let std = Rules::default();
    assert_eq!(brute::deadwood(&std, rank(3), &cards("8h 9c 9d 9s"), &run), 8);
    // The cards laid off onto one meld must extend it validly together:
    // 4h and 9h cannot both go onto 5h-7h, but with 8h they can.
    assert_eq!(brute::deadwood(&strict, rank(10), &cards("4h 9h Qc Qd Qs"), &run), 9);
    assert_eq!(brute::deadwood(&strict, rank(10), &cards("4h 8h 9h Qc Qd Qs"), &run), 0);
    assert_eq!(brute::deadwood(&strict, rank(10), &cards("3h 4h 8h 9h Qc Qd Qs"), &run), 0);
    // Each table meld is its own: one 4h onto each copy of 5h-7h.
    assert_eq!(brute::deadwood(&strict, rank(10), &cards("4h 4h Qc Qd Qs"), &run), 4);
    let two = vec![cards("5h 6h 7h"), cards("5h 6h 7h")];
    assert_eq!(brute::deadwood(&strict, rank(10), &cards("4h 4h Qc Qd Qs"), &two), 0);
    // A set on the table takes any card of its rank, and wilds.
    let set = vec![cards("Qc Qd Qs")];
    assert_eq!(brute::deadwood(&strict, rank(3), &cards("Qh 3c 8d 8s 8c"), &set), 0);
}

/// Solver and brute force agree on a few hands picked by hand.
#[test]
fn hand_picked_hands_agree() {
    let rules = with_settings(
        Rules::default(),
        &[("jokers", &2), ("extra_rounds", &2), ("kings_wild", &true), ("ace_high", &true)],
    );
    for (wild, text) in [
        (2, "2h 2d 2c JK JK Kh Ks 3h 4h 5h 5h 6c 7c 8c 9d 9d"),
        (2, "2h 2d 2c JK 3h 4s 5h 6h 7d 8d 9d 10c Jc Qc Ad Ah"),
        (2, "Ah 3h 5h 7h 9h Jh Kh 2c 4c 6c 8c 10c Qc 2s 2d 5d"),
        (1, "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh 2c 2d 3c 3d"),
    ] {
        let hand = parse_hand(text, &rules).unwrap();
        let table = Table::new(&rules, rank(wild));
        let expected = brute::deadwood(&rules, rank(wild), &hand, &[]);
        assert_eq!(Solver::new().deadwood(&hand, &table), expected, "{text}");
    }
}

/// What greedy asks of a hand, each answer against the plain search of the
/// hand less each card: the least deadwood less a card within a budget
/// (the deadwood when at most the budget, else nothing), and the least
/// less one natural card with the card (greedy's among equals), every card
/// of the hand kept back in turn.
fn check_less_a_card(case: &Case, budgets: &[u32]) -> Result<(), TestCaseError> {
    let table = case.table();
    let hand = &case.hand;
    let mut plain = Solver::new();
    let whole = plain.deadwood(hand, &table);
    let mut cards = hand.clone();
    cards.sort_unstable();
    cards.dedup();
    let less: Vec<(Card, u32)> = cards
        .iter()
        .map(|&c| {
            plain.load(hand, &table);
            (c, plain.deadwood_less(&[c]))
        })
        .collect();
    // One solver for every question, as greedy asks them.
    let mut solver = Solver::new();
    // The least less one natural card, the card among equals the one
    // worth most, then the first; every card of the hand in turn kept back.
    for except in std::iter::once(None).chain(cards.iter().copied().map(Some)) {
        let expected = less
            .iter()
            .filter(|&&(c, _)| !table.is_wild(c) && Some(c) != except)
            .min_by(|a, b| a.1.cmp(&b.1).then(table.value(b.0).cmp(&table.value(a.0))).then(a.0.cmp(&b.0)))
            .copied();
        let found = solver.least_less_one(hand, &table, except);
        prop_assert_eq!(found, (whole, expected), "{} less one but {:?}", show(case), except);
    }
    for &(c, d) in &less {
        for &most in budgets.iter().chain(&[d.saturating_sub(1), d, d + 1]) {
            let within = solver.deadwood_without_within(hand, &table, c, most);
            prop_assert_eq!(within, (d <= most).then_some(d), "{} less {} within {}", show(case), c, most);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(300))]
    #[test]
    fn less_a_card_within_a_budget_matches_the_plain_search(
        case in cases(3..=16, vec![Style::Uniform, Style::Mixed, Style::Dense], 0..=60, 3, None),
        budgets in prop::collection::vec(0u32..120, 2),
    ) {
        check_less_a_card(&case, &budgets)?;
    }
}

/// Asserts that `outs` are the cards that let `hand` go out onto `onto`:
/// drawn, with some card of the hand and it discarded, the rest melds
/// completely, by the brute force. `what` names the case.
fn assert_outs_agree(
    rules: &Rules,
    wild: Rank,
    onto: &[Vec<Card>],
    hand: &[Card],
    outs: &CardSet,
    what: &str,
) {
    for card in all_cards(rules) {
        let mut with = hand.to_vec();
        with.push(card);
        let goes = (0..with.len()).any(|i| {
            let mut rest = with.clone();
            rest.remove(i);
            brute::deadwood(rules, wild, &rest, onto) == 0
        });
        let wild_card = brute::is_wild(rules, wild, card);
        assert_eq!(outs.completes(card, wild_card), goes, "{what} onto {onto:?}: {}", card.ascii());
    }
}

/// Asserts [`assert_outs_agree`] of the outs after each discard of `hand`,
/// loaded into `solver` (`Solver::outs_after`). `what` names the case.
fn assert_outs_after_each_agree(
    solver: &mut Solver,
    (rules, wild): (&Rules, Rank),
    onto: &[Vec<Card>],
    hand: &[Card],
    what: &str,
) {
    for (k, &discard) in hand.iter().enumerate() {
        let mut less = hand.to_vec();
        less.remove(k);
        let after = solver.outs_after(discard);
        assert_outs_agree(rules, wild, onto, &less, &after, &format!("{what} less {}", discard.ascii()));
    }
}

/// A group laid off onto a table run may reach a card far from the run's
/// own naturals through the hand's other cards of the suit and the wilds
/// (`9d` onto `2d 3d` by way of `4d 5d`, a wild drawn and the run's two
/// wilds): the outs, and the outs after each discard, against the brute
/// force, with wilds free and under the half-wild limit.
#[test]
fn outs_laid_off_through_the_hands_own_naturals_agree() {
    for half in [false, true] {
        let rules = with_settings(
            Rules::default(),
            &[("all_wild_melds", &false), ("kings_wild", &true), ("lay_off", &true), ("half_wild", &half)],
        );
        for (wild, onto, text) in [
            (7, "2d 3d Kh Ks", "9d 5d 4d 2s 2c 2h 3s"),
            (8, "2d 3d Kh Ks", "9d 5d 4d Ad 2s 2c 2h 3s"),
            (7, "9h 10h Kc Kd", "3h 5h 6h 6c 6s 6d 2c"),
            (8, "2d 3d Kh Ks", "9d 5d 4d 2s 2c 2h 3s 10c 10c"),
        ] {
            let onto = vec![parse_hand(onto, &rules).unwrap()];
            let hand = parse_hand(text, &rules).unwrap();
            let table = Table::new(&rules, rank(wild)).with_onto(onto.clone()).unwrap();
            let outs = Solver::new().outs(&hand, &table);
            assert_outs_agree(&rules, rank(wild), &onto, &hand, &outs, &format!("{text}, half {half}"));
            // After the draw: the outs after each discard.
            let mut solver = Solver::new();
            solver.load(&hand, &table);
            let what = format!("{text}, half {half}");
            assert_outs_after_each_agree(&mut solver, (&rules, rank(wild)), &onto, &hand, &what);
        }
    }
}

/// Under the half-wild limit, hands whose wilds left over go alone onto
/// table melds that no natural left can go onto, against the brute force:
/// the hand's deadwood and arrangement, and the deadwood and outs after
/// each discard. The searches key the room of such table melds up to the
/// wilds left (the solver's step 10): no natural of these hands can go
/// onto `7c 3d 3h`, which has room for one wild more.
#[test]
fn half_wild_wilds_onto_idle_table_melds_agree() {
    let rules = with_settings(
        Rules::default(),
        &[
            ("all_wild_melds", &false),
            ("half_wild", &true),
            ("kings_wild", &true),
            ("lay_off", &true),
            ("decks", &2),
        ],
    );
    let onto: Vec<Vec<Card>> =
        ["7c 3d 3h", "6c 6d 6h"].iter().map(|m| parse_hand(m, &rules).unwrap()).collect();
    for text in ["10c 7h Js 6h Qh 9s Ks 7d", "10c 7h Js 6h Qh 9s Ks 7d 8c", "5d 7s 6d 7c 8h Js 7h Kc"] {
        let hand = parse_hand(text, &rules).unwrap();
        let case = Case { rules, deal: rules.deal(5).unwrap(), hand: hand.clone(), onto: onto.clone() };
        check_case(&case).unwrap();
        let mut solver = Solver::new();
        solver.load(&hand, &case.table());
        for (k, &discard) in hand.iter().enumerate() {
            let mut less = hand.clone();
            less.remove(k);
            assert_eq!(solver.deadwood_after(discard), case.brute(&less), "{text} less {}", discard.ascii());
        }
        assert_outs_after_each_agree(&mut solver, (&rules, rank(7)), &onto, &hand, text);
    }
}

/// Under the half-wild limit, a hand of five wilds whose table melds, once
/// idle, take some of them: the slot search keys its states with those
/// table melds used and adds their room apart (module `complete`, step
/// 35), as many wilds more as the room holds and no more. The outs after
/// each discard, against the brute force: with one wild too many onto
/// the idle table melds, the `5d` would wrongly be an out after the `3c`.
#[test]
fn half_wild_slot_search_adds_the_idle_room_apart_agree() {
    let rules = with_settings(
        Rules::preset("five-crowns").unwrap(),
        &[
            ("all_wild_melds", &false),
            ("half_wild", &true),
            ("jokers", &0),
            ("wild_value", &"face"),
            ("lay_off", &true),
        ],
    );
    let onto: Vec<Vec<Card>> =
        ["7c 4d 7h 4s", "4c 5c 6c 7c"].iter().map(|m| parse_hand(m, &rules).unwrap()).collect();
    let text = "7c 7r 7h 7d 7s 3c 3d 3h";
    let hand = parse_hand(text, &rules).unwrap();
    let case = Case { rules, deal: rules.deal(5).unwrap(), hand: hand.clone(), onto: onto.clone() };
    check_case(&case).unwrap();
    let mut solver = Solver::new();
    solver.load(&hand, &case.table());
    assert_outs_after_each_agree(&mut solver, (&rules, rank(7)), &onto, &hand, text);
}

/// Under the half-wild limit, the outs of hands whose drawn card goes onto
/// a table meld with more wilds than it needs, against the brute force.
#[test]
fn half_wild_outs_laid_off_with_spare_wilds_agree() {
    let rules = with_settings(
        Rules::default(),
        &[("half_wild", &true), ("kings_wild", &true), ("jokers", &1), ("lay_off", &true)],
    );
    for (wild, onto, text) in [
        (8, "6c 7c 8c", "Kc 8s 3h 5d 8c 3c Kd 4c"),
        (8, "6c 7c 8c", "Kc 8s 3h 5d 8c Kd 4c 4h"),
        (5, "9h 10h Jh 5c", "Kc 5s 2d 2h Kd Ks 3c 4c"),
    ] {
        let onto = vec![parse_hand(onto, &rules).unwrap()];
        let hand = parse_hand(text, &rules).unwrap();
        let table = Table::new(&rules, rank(wild)).with_onto(onto.clone()).unwrap();
        let outs = Solver::new().outs(&hand, &table);
        assert_outs_agree(&rules, rank(wild), &onto, &hand, &outs, text);
    }
}

proptest! {
    #![proptest_config(config(600))]
    /// With wilds free, a hand that does not meld does not go out with a
    /// wild discarded, whatever natural card is drawn (the solver's module
    /// `complete`, step 20, on which the outs rest), by the brute force.
    #[test]
    fn with_wilds_free_a_wild_discarded_lets_nothing_go_out(
        case in cases(4..=8, vec![Style::Mixed, Style::Dense], 30..=70, 2, Some(true)),
    ) {
        let (rules, wild) = (&case.rules, case.deal.wild);
        let is_wild = |c: Card| brute::is_wild(rules, wild, c);
        let hand = &case.hand;
        // Only hands with a wild and a natural that do not meld, with wilds
        // free, are asked about (the others pass, rather than being
        // rejected: most dense hands meld).
        let Some(wild_at) = hand.iter().position(|&c| is_wild(c)) else {
            return Ok(());
        };
        if rules.half_wild() || hand.iter().all(|&c| is_wild(c)) || case.brute(hand) == 0 {
            return Ok(());
        }
        for card in all_cards(rules).into_iter().filter(|&c| !is_wild(c)) {
            let mut less_wild = hand.clone();
            less_wild[wild_at] = card;
            prop_assert!(
                case.brute(&less_wild) > 0,
                "{} drawn, a wild discarded, goes out: {}",
                card.ascii(),
                show(&case)
            );
        }
    }
}

proptest! {
    #![proptest_config(config(300))]
    /// With wilds free, a hand holding a natural that melds with a natural
    /// card more melds with a wild more instead (the solver's module
    /// `complete`, step 19, on which the search for completing cards
    /// rests), by the brute force.
    #[test]
    fn with_wilds_free_what_a_card_completes_a_wild_completes(
        case in cases(3..=7, vec![Style::Mixed, Style::Dense], 20..=60, 2, Some(true)),
    ) {
        let (rules, wild) = (&case.rules, case.deal.wild);
        let is_wild = |c: Card| brute::is_wild(rules, wild, c);
        let hand = &case.hand;
        if rules.half_wild() || hand.iter().all(|&c| is_wild(c)) {
            return Ok(());
        }
        // A wild the decks still hold a copy of.
        let spare = wild_cards(rules, wild).into_iter().find(|&c| count(hand, c) < rules.copies(c));
        let Some(spare) = spare else {
            return Ok(());
        };
        let mut with_wild = hand.clone();
        with_wild.push(spare);
        let melds_with_wild = case.brute(&with_wild) == 0;
        for card in all_cards(rules).into_iter().filter(|&c| !is_wild(c)) {
            let mut with = hand.clone();
            with.push(card);
            if case.brute(&with) == 0 {
                prop_assert!(
                    melds_with_wild,
                    "{} completes, {} does not: {}",
                    card.ascii(),
                    spare.ascii(),
                    show(&case)
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(config(300))]
    /// A solver asked about a hand, then about the same hand with one wild
    /// swapped for another (worth as much, where the memos stand: module
    /// `solver`'s `load`; or not), answers as a fresh solver does: the
    /// deadwood, the arrangement with the second hand's own wilds, and the
    /// outs.
    #[test]
    fn other_wilds_worth_the_same_answer_as_afresh(
        case in cases_under(
            prop_oneof![rules(), half_wild()], 4, 3..=12, vec![Style::Mixed, Style::Dense], 20..=60, 2, None
        ),
        pick in any::<Index>(),
    ) {
        let (rules, wild) = (&case.rules, case.deal.wild);
        let table = case.table();
        let is_wild = |c: Card| brute::is_wild(rules, wild, c);
        let worth = |c: Card| table.value(c);
        let held: Vec<Card> = case.hand.iter().copied().filter(|&c| is_wild(c)).collect();
        if held.is_empty() {
            return Ok(());
        }
        let out = held[pick.index(held.len())];
        // Another wild the decks still hold a copy of, worth as much where
        // there is one (else the memos must not stand).
        let others: Vec<Card> = wild_cards(rules, wild)
            .into_iter()
            .filter(|&c| c != out && count(&case.hand, c) < rules.copies(c))
            .collect();
        let alike: Vec<Card> = others.iter().copied().filter(|&c| worth(c) == worth(out)).collect();
        let others = if alike.is_empty() || pick.index(4) == 0 { others } else { alike };
        if others.is_empty() {
            return Ok(());
        }
        let other = others[pick.index(others.len())];
        let mut swapped = case.hand.clone();
        let at = swapped.iter().position(|&c| c == out).expect("a card of the hand");
        swapped[at] = other;
        let mut solver = Solver::new();
        solver.deadwood(&case.hand, &table);
        solver.outs(&case.hand, &table);
        let fresh = Solver::new().solve(&swapped, &table);
        prop_assert_eq!(solver.deadwood(&swapped, &table), fresh.deadwood, "{}", show(&case));
        prop_assert_eq!(&solver.solve(&swapped, &table), &fresh, "{}", show(&case));
        let case_swapped = Case { hand: swapped.clone(), ..case.clone() };
        prop_assert_eq!(fresh.deadwood, case_swapped.brute(&swapped), "{}", show(&case_swapped));
        if let Err(e) = check_arrangement(&case_swapped, &fresh) {
            return Err(TestCaseError::fail(format!("{e}\n{fresh:?}\n{}", show(&case_swapped))));
        }
        prop_assert_eq!(solver.outs(&swapped, &table), Solver::new().outs(&swapped, &table), "{}", show(&case));
    }
}

/// A hand given by its preset, its settings, its round, its table melds
/// and its cards.
type SlowHand<'a> = (&'a str, &'a [(&'a str, &'a dyn Display)], usize, &'a [&'a str], &'a str);

/// Hands with table melds after the draw, slow to lay down (a millisecond
/// or so), with wilds free (the first three) and under the half-wild
/// limit (the last two): on the last turn each discard's deadwood is the
/// one search for every discard's, in the order chosen for the deadwood,
/// and a fresh solver's of the hand less that card alone agrees.
#[test]
fn slow_hands_with_table_melds_on_the_last_turn_agree() {
    let hands: [SlowHand; 5] = [
        (
            "standard",
            &[("lay_off", &true), ("extra_rounds", &2), ("kings_wild", &true), ("wild_value", &20)],
            12,
            &["6s 7s As 9s 10s", "Ks Kd Ks"],
            "Js 6s 7s 2s 4s 8s 9s 4c 5s 2s 10d 10s Ah 5s 3s",
        ),
        (
            "strict",
            &[("all_wild_melds", &true), ("ace_high", &true), ("extra_rounds", &2), ("kings_wild", &true)],
            13,
            &["7c 8c 9c", "Ks Kd Kc Kd", "3c 2c 5c", "9s 9d 2h"],
            "Jh Ah Qh 5h 9h 4c 7h 2d 8h 10d 4h 6c 7s 6h 10h 5c",
        ),
        (
            "standard",
            &[("lay_off", &true), ("extra_rounds", &2), ("kings_wild", &true)],
            13,
            &["2c 3c 4c", "9c 10c Jc", "6d 6h Kh", "2s 3s 4s"],
            "6d 7c 6h 6s 9h Kh 7s 8c 6c Js 7c 8s 5c 2h 6c 5s",
        ),
        (
            "standard",
            &[("half_wild", &true), ("lay_off", &true), ("extra_rounds", &2), ("kings_wild", &true)],
            13,
            &["Kc 7h 8h", "4h 5h 6h Kc 8h", "Kh 5c 6c 7c 8c"],
            "3c 9h Ks 2c Qs 2d 2s 3h 10h 6h 3h 5d 5h 4h Jh 7h",
        ),
        (
            "standard",
            &[("half_wild", &true), ("lay_off", &true), ("extra_rounds", &2)],
            13,
            &["6c 7c 2h", "7c 2s 9c 10c", "8s 8h 8d"],
            "4c 8s 2d 3c 10c 2c Kh 5c Qc 8c 2s 2c 9c 8c Jc",
        ),
    ];
    for (preset, settings, round, onto, cards) in hands {
        let rules = with_settings(Rules::preset(preset).expect("a preset"), settings);
        let parse = |text: &str| parse_hand(text, &rules).expect("cards");
        let (hand, onto) = (parse(cards), onto.iter().map(|m| parse(m)).collect());
        let case = Case { deal: rules.deal(round).expect("a round"), rules, hand, onto };
        if let Err(e) = last_turn_agrees(&case, &case) {
            panic!("{e}");
        }
    }
}

/// [`slow_hands_with_table_melds_on_the_last_turn_agree`] of `case`, the
/// solver going on to `other` after it.
fn last_turn_agrees(case: &Case, other: &Case) -> Result<(), TestCaseError> {
    let table = case.table();
    let mut solver = Solver::new();
    let a = analyse_with(&mut solver, &case.hand, &case.deal, &table, &[], Ask::default());
    prop_assert!(a.last_turn, "{}", show(case));
    prop_assert_eq!(a.deadwood, Solver::new().deadwood(&case.hand, &table), "{}", show(case));
    if case.hand.len() == case.deal.cards {
        // Before the draw: the outs of the one draw left.
        let set = Solver::new().outs(&case.hand, &table);
        let known: Vec<Card> = case.hand.iter().chain(case.onto.iter().flatten()).copied().collect();
        let unseen = Unseen::new(&case.rules, &known);
        let want: Vec<Card> = (0..Card::KINDS)
            .filter_map(Card::from_index)
            .filter(|&c| unseen.of(c) > 0 && set.completes(c, table.is_wild(c)))
            .collect();
        prop_assert_eq!(a.outs.as_ref(), Some(&want), "{}", show(case));
        prop_assert!(a.chance_two.is_none());
        return Ok(());
    }
    for d in a.discards.as_ref().expect("after the draw") {
        prop_assert!(d.next.is_none(), "{}", show(case));
        let rest = brute_less(&case.hand, d.card);
        prop_assert_eq!(d.deadwood, Solver::new().deadwood(&rest, &table), "{} less {}", show(case), d.card);
    }
    let best = a.best_discard.as_ref().expect("a discard");
    let least = a.discards.iter().flatten().map(|d| d.deadwood).min();
    prop_assert_eq!(Some(best.deadwood), least, "{}", show(case));
    // The same solver again gives the same analysis, and goes on.
    prop_assert_eq!(&analyse_with(&mut solver, &case.hand, &case.deal, &table, &[], Ask::default()), &a);
    let fresh = Solver::new().solve(&other.hand, &other.table());
    prop_assert_eq!(solver.solve(&other.hand, &other.table()), fresh, "{}", show(other));
    Ok(())
}

/// `hand` less one copy of `card`.
fn brute_less(hand: &[Card], card: Card) -> Vec<Card> {
    let mut rest = hand.to_vec();
    rest.remove(rest.iter().position(|&c| c == card).expect("a card of the hand"));
    rest
}

proptest! {
    #![proptest_config(config(60))]
    /// The analysis of a hand with table melds after the draw, on its last
    /// turn: each discard's deadwood from the one search for every discard,
    /// in the order chosen for the deadwood, is a fresh solver's of the
    /// hand less that card; the advised discard leaves least; no outs. The
    /// solver goes on after it, for the hand and another.
    #[test]
    fn the_last_turn_after_the_draw_is_each_discard_searched_apart(
        case in prop_oneof![
            cases(12..=16, vec![Style::Mixed, Style::Dense], 0..=40, 8, Some(true)),
            cases_under(half_wild(), 5, 12..=14, vec![Style::Mixed, Style::Dense], 0..=40, 8, Some(true)),
        ]
        .prop_filter("after the draw, table melds", |c| !c.onto.is_empty() && c.hand.len() > c.deal.cards),
        other in cases(3..=9, vec![Style::Mixed, Style::Dense], 0..=60, 3, None),
    ) {
        last_turn_agrees(&case, &other)?;
    }
}

/// The outs of the hand, each natural card and a wild drawn in turn: those
/// after which some discard leaves a hand that goes out, by the solver's
/// search of a whole hand (which the brute force checks above); and the
/// cards completing it, with which it goes out as it is. Where the brute
/// force is too slow, the slot search is held to it.
fn outs_card_by_card(case: &Case) -> Result<(), TestCaseError> {
    let table = case.table();
    let outs = Solver::new().outs(&case.hand, &table);
    let completing = Solver::new().completing(&case.hand, &table);
    let mut drawn: Vec<Card> = case.rules.deck().cards().filter(|&c| !table.is_wild(c)).collect();
    drawn.sort_unstable();
    drawn.dedup();
    drawn.extend(wild_cards(&case.rules, case.deal.wild).first());
    let mut one = Solver::new();
    for c in drawn {
        let mut with = case.hand.clone();
        with.push(c);
        let out = (0..with.len()).any(|e| {
            let mut less = with.clone();
            less.remove(e);
            one.goes_out(&less, &table)
        });
        prop_assert_eq!(outs.completes(c, table.is_wild(c)), out, "{} drawn, {}", c, show(case));
        let goes_out = one.goes_out(&with, &table);
        prop_assert_eq!(
            completing.completes(c, table.is_wild(c)),
            goes_out,
            "{} completing, {}",
            c,
            show(case)
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(40))]
    /// Hands of up to fifteen cards before the last draw, beside up to
    /// eight table melds, wilds free or under the half-wild limit (where
    /// the slot search keys only the table melds some group of the open
    /// cards could reach with the hand's wilds and the slot's card in the
    /// holes: module `complete`, step 31): the outs and the cards
    /// completing the hand are those found card by card.
    #[test]
    fn outs_beside_many_table_melds_are_those_found_card_by_card(
        case in prop_oneof![
            cases(8..=15, vec![Style::Mixed, Style::Dense], 0..=40, 8, Some(true)),
            cases_under(half_wild(), 4, 8..=15, vec![Style::Mixed, Style::Dense], 0..=40, 8, Some(true)),
        ]
        .prop_filter("four table melds or more", |case| case.onto.len() >= 4),
    ) {
        outs_card_by_card(&case)?;
    }
}
