//! The exact meld solver: the lowest deadwood a hand can score.
//!
//! Wild cards are interchangeable inside melds, so the search runs over the
//! natural cards only, with a budget of wilds. It always decides the lowest
//! natural card still open (in the order of step 2): it is deadwood, or in
//! a set of its rank, or at the bottom of a run of its suit (at the top,
//! for an ace played high), or laid off onto a meld on the table. Every
//! choice is memoised on (open cards, wilds left, table melds used,
//! whether the hand has a meld of its own).
//! What makes a meld is not decided here but by the one verdict of
//! `crate::meld`, which also says what each wild stands for.
//!
//! The modules: `search` (the search over the natural cards, for a goal
//! under a wild policy), `loaded` (the hand loaded and its table, as the
//! searches see them), `naturals` (the natural cards as bits), `memo` (the
//! searches' memo and the one key of their states), `runs` (the
//! walk along a run's places), `lay_off` (groups laid off onto table melds),
//! `arrange` (rebuilding one best arrangement from the memo, wilds and
//! all), `complete` (every card that completes a hand, or lets it go
//! out after a discard, found in one search, with its own argument) and
//! `every` (the outs after every discard of a hand, in one search, argued
//! in `complete`).
//!
//! A hand can be loaded once ([`Solver::load`]) and asked about itself
//! less a card or two: the deadwood left by each discard, the outs after
//! it, the hand laid down. The questions share the memo, whose key is over
//! the loaded hand's naturals, so what one works out serves the others.
//!
//! # Why the search is exact
//!
//! 1. Every arrangement puts each natural card in exactly one place: left
//!    over, in one meld of the hand's own, or laid off onto one table meld.
//!    So deciding the lowest open natural card first, over every place it
//!    can take, reaches every arrangement of the naturals.
//! 2. The meld holding the lowest open card holds no lower open card, so a
//!    set is that card with other open cards of its rank, and a run starts
//!    at that card and goes up (as far as an ace played high, so the run
//!    from ace to ace starts at its low ace), or, for an ace played high,
//!    goes down from the top. Copies of one card are interchangeable, so
//!    taking the lowest copies first loses nothing. Any order of the
//!    naturals that puts each suit's cards by rank (an ace lowest) serves
//!    this. The search's is the cards' own, by rank then suit; where the
//!    hand may lay cards off onto table melds, by suit then rank where
//!    those are mostly runs, unless the first search is far shorter the
//!    other way (`Solver::choose_order`, `naturals::in_search_order`), so
//!    that a run's cards and a group laid off onto a table run are decided
//!    together, which leaves far fewer states there (docs/speed.md, "The
//!    order of the search"). Where equal answers are told apart by a card
//!    (the card to take away, step 12; the melds of an arrangement as
//!    they are shown), the cards' own order serves, whatever the search's.
//! 3. Wilds are interchangeable inside melds: only how many a meld takes
//!    matters, never which. A run found by the walk ends on a natural card;
//!    wilds beyond its ends are placed later (step 5).
//! 4. What is left to decide depends only on the open cards, the wilds
//!    left, the table melds used and whether the hand has a meld of its own
//!    (needed to lay off at all), which is the memo's key: equal keys have
//!    equal answers (the table melds used as step 10 counts them).
//! 5. Wilds left once the naturals are placed cost nothing when the hand
//!    has a meld of its own: a set takes any number, a run grows at its
//!    ends, and a full run splits in two that can grow again. Without one,
//!    three or more wilds make a meld of their own where the rules allow;
//!    otherwise they are deadwood. So the naturals' least deadwood gives the
//!    hand's, and the most valuable wilds are the ones put to work. This
//!    rests on the decisions of docs/rules.md under "Melds and wilds": "A
//!    wild may stand for a card held elsewhere" (the wilds a set takes
//!    beyond the copies the decks hold, and those a half of a split run
//!    grows by, stand for cards held elsewhere or nowhere left), hence
//!    "Wilds left over cost nothing when the hand has a meld", and
//!    "Without a meld" for the rest.
//! 6. Two wilds make a set with any natural card, so with at least twice as
//!    many wilds as open naturals, everything melds.
//! 7. Cards are laid off in whole groups. The cards added to one table
//!    meld must make a valid meld together with it (docs/rules.md,
//!    "Laying off"), judged as one group, so an arrangement adds at most
//!    one group to each table meld, and the search lays the whole group off
//!    at once, when its lowest natural card is the lowest open card (as in
//!    step 2), onto a table meld not used yet. `lay_off_groups` gives every
//!    group holding that card that could extend the table meld (any copies
//!    of its rank onto a set; onto a run, open cards of its suit on the
//!    places outward from the meld, holes left for wilds), and the meld's
//!    verdict says whether the group and the table meld form one meld and
//!    how many of the hand's wilds they lack (step 3). A group of wilds
//!    alone is never needed: laying off needs a meld of the hand's own, and
//!    then wilds left over cost nothing (step 5).
//! 8. No meld of wilds alone is needed as the hand's own meld that laying
//!    off requires; the search counts as one only a set or run holding a
//!    natural card (the `own` of step 4). Take an arrangement that lays
//!    cards off and whose own melds are all of wilds (three or more, where
//!    the rules allow). A natural card left over can make a set with two of
//!    those wilds, for less deadwood. With none left over, a natural card
//!    `c` laid off can do the same while a third of those wilds takes `c`'s
//!    place in its group (a wild stands for any card), for as much. Either
//!    way the hand's own meld holds a natural card, and steps 1 to 7 reach
//!    that arrangement. With no natural card at all, every wild melds
//!    (step 5).
//! 9. Where at most half of a meld's cards may be wild (`half_wild`, the
//!    wild policy `WildPolicy::HalfAtMost` of module `search`), steps 5,
//!    6 and 8 give way to four others:
//!
//!    - a. *Each meld takes its wilds.* A meld takes no more wilds than it
//!      has natural cards, so wilds can be left over beside melds, and a
//!      natural card never melds with wilds alone. A set, a run or a group
//!      laid off takes the wilds it needs (steps 2, 3 and 7) and any
//!      number more up to the limit: as many as its natural cards allow,
//!      and for a run (alone or with the table meld it goes onto) as many
//!      as its places left allow, all at its ends. As the wilds are
//!      interchangeable in melds (step 3), only how many each meld takes
//!      matters, and the search tries every count.
//!    - b. *The wilds left over.* Once the naturals are placed, the wilds
//!      left can still go, alone, onto table melds not laid off onto yet,
//!      as many as each has room for, when the hand has a meld of its own
//!      (laying off needs one); the rest are deadwood, and since which
//!      wilds go into melds does not matter, the least valuable are the
//!      ones left. No meld is of wilds alone, so step 8 is not needed.
//!    - c. *The memo holds for one set of wilds, up to a count.* What a
//!      state is worth depends on the key of step 4 and on the hand's
//!      wilds themselves (which are left over, and what they score). All
//!      it keeps of the wilds is the count and `left`, the points of the
//!      least valuable: `left[n]` for the `n` left over, and no state
//!      leaves over more wilds than it has left, so a state with `w`
//!      wilds left depends on `left` up to `w` alone. The hand less some
//!      of its wilds has a `left` of its own, the same as the hand's up
//!      to some count (all of it where the most valuable are taken away):
//!      its states with fewer wilds left share the hand's answers, and the
//!      others are marked apart in the memo's key (`Loaded::variant_of`,
//!      `WildPolicy::mark`; up to seven such sets of wilds, beyond which
//!      the question is asked afresh). For the same reason a hand with
//!      the same naturals and other wilds worth the same, one for one,
//!      asks what the loaded hand asks (`Solver::load` keeps the memo): so
//!      the hand less any one of several wilds alike is searched once.
//!    - d. *Completing cards and outs, in one search under the limit.*
//!      Module `complete` finds every card completing a hand in one
//!      search with a slot for the card to come; its steps 1, 2 and 4
//!      lean on steps 5 and 6, so under the limit it runs its own
//!      variant (`Complete::cards_limited`, argued in that module under
//!      "Where at most half of a meld may be wild"): each meld takes from
//!      the wilds it needs up to as many as the limit allows, every count
//!      tried, the slot's card counted among its naturals, and the rest
//!      must meld completely under the limit. Whether every card melds
//!      does not depend on what the wilds score, so, unlike step 9c, these
//!      questions share the memo whatever wilds are taken away. The outs
//!      of a hand `H` that does not meld: a natural card `c` lets it go
//!      out when `H` less some card `e` melds with `c` (`e` a natural, one
//!      copy of each card, or one of the wilds), which is `c` in the slot
//!      of `H` less `e`; a wild drawn lets it go out when `H` with one wild
//!      more melds but one card, one search whose goal is that every card
//!      melds but one (`Complete::melds_counts` with a discard still to
//!      make), the discard part of the state: the lowest open card
//!      discarded, or at the end one wild, the other wilds finding room.
//!      Both are one search of `H`, the discard still to make part of the
//!      state (module `complete`, "With a discard still to make" under
//!      the limit).
//!
//! 10. *A table meld no open card can go onto counts as not used.* Once
//!     the hand has a meld of its own, which table melds are used matters
//!     only to lay off more groups (step 7) and, under the half-wild
//!     limit, to the wilds left over (step 9b). Without the limit, a table
//!     meld that no open card could go onto any more (none of its rank,
//!     where it is a set; none of its suit, where it is a run; the cards
//!     that `lay_off_groups` looks at), and none will as the open cards
//!     only shrink, is the same used or not: the key of step 4 counts it
//!     as not used, so states that differ only there share their answer.
//!     Before the hand has a meld of its own, such an idle table meld
//!     matters only in that some table meld was used (a meld of the
//!     hand's own must then come, step 7), which any other idle one used
//!     says as well: the key counts every idle table meld as not used but,
//!     where one was, the first of them (`search::key_of`). Under the
//!     limit, an idle table meld matters too through its room (step 9b):
//!     the wilds left over once the naturals are placed may go onto it
//!     alone, where it is not used. The idle table melds not used give
//!     their room to whatever state follows, and no state after this one
//!     holds more wilds than it, so what is left to decide depends on that
//!     room only up to the wilds left: the key keeps the table melds used
//!     as above, and beside them the idle ones' room not used, at most the
//!     wilds left. The searches for completing cards and whether the cards
//!     meld keep every table meld used apart under the limit (module
//!     `complete`, step 14), and keep them apart where the slot's card is
//!     still to place (it may go onto any table meld).
//! 11. *A search within a budget* (`Search::below`) wants the least
//!     deadwood only when it is at most the budget, and otherwise only to
//!     know that it is more. A state's least is the least over its choices
//!     of the choice's own cost (the lowest card's value where it is left
//!     over, nothing for a meld) and the least of what the choice leaves.
//!     So each choice is searched within the budget less its own cost; a
//!     choice whose own cost is over it, or whose rest is found over its
//!     budget, cannot bring the state within the budget, and what it
//!     returns bounds it from below. Once a choice is found within the
//!     budget, only a lower cost can change the answer, so the budget
//!     drops to one below it; the first of equal costs stays, as in the
//!     plain search, so the choice kept is the plain search's, and the
//!     least found within the budget is exact and kept in the memo.
//!     Otherwise the least of the lower bounds, above the budget, is kept
//!     apart, to answer a budget below it at once. A cheap lower bound
//!     cuts a state short: a natural with no partner among the open cards
//!     (`Loaded::find_partners`) melds only with two wilds of its own
//!     (without the half-wild limit) or not at all (with it), so all but
//!     as many such cards as the wilds can pair are left over, the least
//!     valuable of them at best. A natural a table meld not used yet
//!     could take has every card for a partner (a table run could take a
//!     natural of its suit when the places between it and one of the
//!     run's naturals, but those the hand's naturals of the suit hold, are
//!     no more than the hand's wilds, one more and the table's could fill:
//!     a group laid off holds the cards between, or wilds in their place,
//!     so it may reach a card through the hand's others); once every
//!     table meld that could take it is used, which takes no other group
//!     (step 7),
//!     it melds only in a meld of the hand's own, with a natural of its
//!     rank or of its suit no more places away than one more than the
//!     wilds and the card to come could fill between them: the hand's
//!     wilds and one more, a wild drawn or the slot's card, never both.
//!     So the partners are a row for each set of table melds used, and a
//!     state asks the row of its own. A table meld of wilds alone could
//!     take any natural, so the partners are asked only in states where
//!     every such meld is used already (`Search::partners_at`), and
//!     elsewhere every natural counts as partnered. The searches for
//!     completing cards and outs (module `complete`) ask them the same
//!     way: a search that answers for every set of table melds used at
//!     once asks the row of none used, which holds for each of them.
//! 12. *The least deadwood less one card, in the same search*
//!     (`Search::less_one`): the least over the naturals `j` a state may
//!     give up of its least without `j`. For `j` the lowest open card `i`,
//!     that is what its Dead choice leaves; for any other `j`, `i` is
//!     still the lowest open card without `j`, its choices there are the
//!     state's choices that do not hold `j` (a choice holding a copy of
//!     `j` stands, by step 2, for one holding another copy), and so the
//!     least over them and over `j` is the least over the state's choices
//!     of the choice's own cost and the same answer for what it leaves.
//!     Each state so gives both answers from one pass over its choices,
//!     the first kept as the plain search keeps it (the first of equal
//!     costs), the second with its card: of equal costs, the card worth
//!     most, then the lowest (the order of `play`'s greedy discard), which
//!     adding a choice's own cost does not change. A state is decided once
//!     both are at 0 with the first card of that order. The wilds' part
//!     (step 5) is added after, and keeps the order: the hand less `j`
//!     scores its wilds too only where it has no meld; then, for a `k`
//!     whose hand less `k` has one, that meld holds `j` (else the hand
//!     less `j` would have it), so the hand less `k` leaves at most its
//!     naturals but `j`, less than the hand less `j`, which leaves all its
//!     naturals. So the card with the least natural deadwood, and the
//!     first of the order among equals, has the least in all.
//! 13. *A group laid off that a smaller one beats* (wilds free). Take an
//!     arrangement that lays group `F` off onto table meld `T`, where
//!     three cards `P` at one end of `F` (its lowest three, or its highest
//!     three, by place) make a meld of their own without wilds, and the
//!     rest of `F` goes onto `T` with at most as many of the hand's wilds
//!     (or `P` is all of `F`). Laying off the rest and melding `P` on its
//!     own places the same cards with no more wilds, so it scores no more,
//!     melds whatever the first melds, and has a meld of its own wherever
//!     the first does; its groups laid off hold fewer cards in all, so
//!     going on so ends at an arrangement none of whose groups is beaten.
//!     Those are the arrangements steps 1 to 7 reach without the beaten
//!     groups: `Split::beaten` in module `lay_off` gives them no verdict, and
//!     onto a table meld of wilds alone the walk along the run does not
//!     go on from the first three places holding cards, nor records a
//!     group whose last three do. With the slot's card of module
//!     `complete` in the group, only its other cards may make `P` and the
//!     rest must hold one of them, so the slot's card stays in a group
//!     laid off. The first of equal costs (step 4) is kept as before: the
//!     arrangement with `P` on its own is tried before the beaten one
//!     (`P` at the bottom is a run of the lowest open card, tried before
//!     the groups laid off; `P` at the top leaves a group the walk
//!     records before it goes on to `F`).
//! 14. *Table melds alike wait their turn.* Two table melds with the same
//!     naturals and as many wilds (a meld of four wilds of one rank and
//!     one of four of another, or two copies of one run from several
//!     decks) are the same to every verdict of the search: the groups
//!     that could go onto them, the wilds those need, their room under
//!     the half-wild limit, all come from their naturals and their size
//!     (module `lay_off`). So an arrangement stays an arrangement, with the
//!     same deadwood and a meld of the hand's own where it had one, when
//!     the groups laid onto two such melds change places; any arrangement
//!     can so be made to use, among melds alike, the first not used each
//!     time it lays a group onto one. The searches keyed by the table
//!     melds used (steps 4 and 10) try a table meld only where every one
//!     alike before it is used (`Takers::waiting`), and the first of equal
//!     costs (step 4) is the same: of two groups alike, the one onto the
//!     first meld is tried first. Those that answer for every set of table
//!     melds used at once (module `complete`, steps 21 to 24, and module
//!     `every`) try every table meld, as each set's answer may need the
//!     next meld alike after those it holds; but the least deadwood for
//!     every set (module `complete`, step 23, and module `every` after it)
//!     keeps the table melds of wilds alone used in the key, and a meld
//!     alike to one of wilds alone is of wilds alone too, so there those
//!     wait as in the searches keyed by every table meld used
//!     (`Search::choices_beside_wild`).
//!
//! The deck does not change the argument: its suits are the places of a
//! set's wilds and a run's suit, and its ranks the places of a run (3 to
//! king in Five Crowns, never round from king to three; the ace at 14 only
//! on a deck that has aces). What a card scores left over (a wild of the
//! round at the rules' `wild_value`, a joker at its `joker_value`) counts
//! only for the cards left over.

mod arrange;
mod complete;
mod every;
mod kept;
mod lay_off;
mod loaded;
mod memo;
mod naturals;
mod runs;
mod search;

use crate::card::{Card, Rank};
pub use crate::meld::{MeldKind, WildRole};
use crate::meld::{NotMeld, judge};
use crate::rules::Rules;
pub use complete::CardSet;
use complete::{Complete, CountVecs, Gather, LANES_FROM, SlotPlans, SlotRun};
use every::Every;
use kept::Kept;
use lay_off::LayOffs;
use loaded::{COUNTS_FROM, Loaded};
use memo::{Choice, Memo, StateKey, Step, unless_stopped};
use naturals::{BitIter, full_mask};
use search::{Goal, INF, LeastVecs, Placed, Search, VEC_TABLE};

/// The most melds on the table that cards may be laid off onto.
pub const MAX_TABLE_MELDS: usize = 8;

/// The states the least deadwood of a hand with table melds may take in
/// the order `Loaded::fill` guesses before the other order is tried
/// (`Solver::choose_order`).
const LOOK: usize = 1 << 10;

/// The states the guessed order may take first where only the deadwood
/// is asked (`Solver::load_for_deadwood`, the last turn): there the other
/// order pays only where the guessed one is far the longer.
const LOOK_LEAST: usize = 1 << 14;

/// For the outs with six table melds or more: the states the least
/// deadwood of the order kept may have taken a set of table melds used at
/// a time, beyond which it is searched for every table meld used at once
/// instead (`Solver::choose_order`; the solver's module `complete`, step
/// 23).
const VEC_AFTER: usize = 3 << 10;

/// Where the deadwood alone is asked after the draw (the last turn) with
/// four table melds or more: the states the hand's own least deadwood may
/// take a set of table melds used at a time before it and each discard's
/// are searched for every table meld used at once instead. The discards
/// of a hand whose own search is long meet many states more a set at a
/// time (hands of the hunts 9,000 to 22,000 in all, 5 to 7 ms), where every
/// table meld used at once they share them (docs/speed.md, "The last turn
/// after the draw for every table meld used at once from 512 states").
const VEC_AFTER_DEADWOOD: usize = 1 << 9;

/// Under the half-wild limit, where only the whole hand's least deadwood
/// is asked (with its outs: the last turn before the draw), the states it
/// may take a set of table melds used at a time before every table meld
/// used at once is searched instead: with many, that search is the
/// quicker (docs/speed.md, "Words as bytes, the look before the draw for
/// the hand alone, and answers only where they are read").
const VEC_AFTER_ALONE: usize = 1 << 8;

/// Under the half-wild limit, after the draw, once the one search for
/// every discard has passed its bound: the states the discards asked apart
/// may meet in all, a set of table melds used at a time, before the rest
/// are searched for every table meld used at once (`Solver::deadwood_apart`;
/// docs/speed.md, "With wilds free the slot search keyed by its busy table
/// melds").
const APART_AFTER: usize = 1 << 10;

/// [`VEC_AFTER_ALONE`] with wilds free. It was 2,048: at 1,024 two hands
/// of the lists took three times as long. Since every table meld used at
/// once works out only the costs a state is read for (module `complete`,
/// step 30), 128: the climbs' hands of two hunts before the draw took
/// 0.88 and 0.87 of the time, the slowest 4.2 → 3.8 ms and 2.4 → 1.8 ms
/// (docs/speed.md, "The costs for every table meld used, only those a
/// state is read for").
const VEC_AFTER_ALONE_FREE: usize = 1 << 7;

/// Under the half-wild limit, where the deadwood alone is asked with four
/// table melds or more: the order by rank is kept where it finds the
/// least deadwood within this many states, else the order by suit is
/// tried within half as many as it took (`Solver::choose_order`;
/// docs/speed.md, "The slot search keyed by its busy table melds; the last
/// turn under the limit by rank"). At 1,024 a hand whose order by rank
/// took 887 states kept it, and its deadwood after each discard took 6.9
/// ms, where by suit (435 states) it takes 0.4.
const BY_SUIT_FROM: usize = 1 << 7;

/// The most states the order by suit may take there before the order by
/// rank is kept.
const BY_SUIT_WITHIN: usize = 3 << 9;

/// On the last turn before the draw under the half-wild limit, where only
/// the hand's own least deadwood is asked with its outs
/// (`Solver::load_for_least`) and the order by rank did not find it
/// within [`VEC_AFTER_ALONE`] states a set of table melds used at a time:
/// the most states the order by suit may take so to be kept. The outs are
/// searched in the order kept, asked meld by meld in turn with the search
/// (module `complete`, step 39), which by rank serves as well. Of the
/// hands of the bench that look so, one finds it by suit in 31 states
/// (1.9 ms, by rank 3.2), two in 302 and 945 (by rank 0.5 ms quicker
/// and 0.3 longer); the 23 others did not within 1,536, each losing 0.3
/// to 0.7 ms to the try (docs/speed.md, "The outs by rank after a look
/// long both ways").
const BY_SUIT_ALONE: usize = 1 << 6;

/// The states of the search of the whole hand under the limit
/// (`Solver::outs_limited`) before the cards it has not found yet are asked
/// meld by meld (step 39 of module `complete`): it finds most of the outs
/// within its first states, and then searches on mostly to tell that the
/// cards left are not outs, which asking each meld they could go into
/// tells sooner; where the search is short, it is quicker whole
/// (docs/speed.md, "The outs meld by meld").
const SLOT_STATES_MOST: usize = 256;

/// The melds the outs under the limit ask (step 39 of module `complete`)
/// before the search of the whole hand takes over again, its states and
/// the cards found kept: most hands ask a few dozen, but a card that is no
/// out and goes into many melds (one of hundreds of groups onto a table
/// meld) is told sooner by the search, whose states share them. The two
/// then take turns, each bound four times the last each turn, until one
/// ends: hands with eight table melds may ask a few hundred melds, where
/// the search takes thousands of states (docs/speed.md, "The search and
/// the melds in turn").
const MELDS_ASKED_MOST: usize = 64;

/// The melds the outs under the limit ask first (step 39 of module
/// `complete`) where the search's first [`SLOT_STATES_MOST`] states found
/// no card it looks for: such a search, far from the outs, takes
/// thousands of states more, where the melds, a few hundred to a thousand
/// of them, each take a few states (docs/speed.md, "The melds first
/// where the search found none").
const MELDS_ASKED_NONE_FOUND: usize = 1 << 10;

/// The states the rests' searches may keep in those first
/// [`MELDS_ASKED_NONE_FOUND`] melds asked: most such hands ask all their
/// melds within 2,200, and a hand whose search would end soon, its melds
/// long, is not held up by them (docs/speed.md, "The melds first where
/// the search found none").
const RESTS_KEPT_NONE_FOUND: usize = 1 << 11;

/// The states within which [`Solver::at_once_quicker`] first asks
/// whether the cards meld with a wild more each way: the hands that find
/// it a set of table melds at a time in far fewer states find it so in 66
/// to 197 (docs/speed.md, "Every table meld used at once, or a set at a
/// time").
const MODES_FIRST: usize = 64;

/// The most states [`Solver::at_once_quicker`] asks with a set of table
/// melds used at a time: of the bench's hands, those whose outs are
/// several times quicker so find whether they meld with a wild more in 66
/// to 197 states, where at once takes 444 to 1,243; those quicker at once
/// take 5,069 and more, so lose at most this many (one quicker a set at a
/// time, in 1,826 where at once takes 1,555, is asked at once).
const MODES_APART_MOST: usize = 256;

/// The states of step 27 of module `complete` within which the order
/// loaded may find whether the cards meld with a wild more before
/// [`Solver::outs_limited_raced`] tries the other order: the hands that
/// find it so soon are quick either way, and loading the other order
/// would cost them a fifth to a half more (0.17 → 0.26 ms for one).
const RACE_FIRST: usize = 256;

/// The most states of step 27 the other order may take in
/// [`Solver::outs_limited_raced`]: the hands looked at that take the
/// other order find it there in 129 and 130 states, and a hand whose
/// order loaded takes 1,736 states lost 1.3 ms to the race with no bound
/// but a third of those (6.4 → 7.7 ms), 0.7 ms with this one.
const RACE_OTHER_MOST: usize = 256;

/// How many times fewer states the other order must find it in
/// ([`Solver::outs_limited_raced`]): of the half-wild hands looked at,
/// each whose two orders find whether it melds with a wild more 2.3
/// times apart or more has its outs quicker in the order of the fewer
/// states; within 1.7 times, some are quicker in the other (docs/speed.md,
/// "The idle table melds' room, added apart; every table meld used at
/// once from three; the two orders raced for the outs").
const RACE_AHEAD: usize = 3;

/// Under the half-wild limit after the draw, where the order by rank takes
/// more than [`VEC_AFTER_DEADWOOD`] states: the states the order by suit
/// may take, a set of table melds used at a time, to be kept (else by rank,
/// every table meld used at once). Hands of the tests whose order by rank
/// took 887 and 2,799 states find it by suit in 435 and 698.
const BY_SUIT_PAST: usize = 3 << 8;

/// Where the deadwood alone is searched a set of table melds used at a
/// time with four table melds or more, the one search for every discard
/// meets at most as many states as the hand's own search met, and at
/// least this many (`Loaded::every_within`); beyond them, each discard is
/// asked apart (docs/speed.md, "The search for every discard, bounded").
const EVERY_LEAST: usize = 1 << 11;

/// The order a hand is loaded in (the solver's step 2).
#[derive(Clone, Copy, Debug)]
enum Order {
    /// As [`Solver::choose_order`] chooses, for what is asked.
    Look(Asked),
    /// By suit first or not, as given (the tests of either order).
    #[cfg(test)]
    Given(bool),
    /// As the hand this one was taken from was searched: by suit first or
    /// not, and whether for every table meld used at once (a hand less
    /// one of its wilds, asked afresh: exactness, step 9c).
    Like { by_suit: bool, vectors: bool },
}

/// Whether the hand's naturals by suit first and by rank first stand in
/// other places beyond the last two: where they do not, each order meets
/// about the states the other does, and the one by suit is not tried
/// where only the whole hand's least deadwood is asked
/// (`Solver::choose_order`).
fn orders_differ(hand: &[Card], table: &Table) -> bool {
    let mut by_rank: Vec<Card> = hand.iter().copied().filter(|&c| !table.is_wild(c)).collect();
    let mut by_suit = by_rank.clone();
    naturals::in_search_order(&mut by_rank, false);
    naturals::in_search_order(&mut by_suit, true);
    let same = by_rank.iter().zip(&by_suit).take_while(|(a, b)| a == b).count();
    same + 2 < by_rank.len()
}

/// What [`Solver::choose_order`] chooses the order for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Asked {
    /// The outs after every discard, and the deadwood.
    Outs,
    /// The deadwood after each discard (the last turn, after the draw).
    Deadwood,
    /// The whole hand's least deadwood, and its outs (the last turn,
    /// before the draw).
    Least,
}

/// One meld of an arrangement: the hand's cards in it and what each wild
/// stands for. A meld laid off onto the table names the table meld.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Meld {
    pub kind: MeldKind,
    /// The hand's cards in the meld, in the meld's order.
    pub cards: Vec<Card>,
    /// The wild cards among `cards`, each with the card it stands for.
    pub wilds: Vec<WildRole>,
    /// The table meld these cards were laid off onto.
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    pub onto: Option<Vec<Card>>,
}

/// One best arrangement of a hand.
#[derive(Clone, PartialEq, Eq, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Arrangement {
    /// The points of the unmelded cards: the hand's minimum deadwood.
    pub deadwood: u32,
    pub melds: Vec<Meld>,
    /// The cards in no meld, highest value first.
    pub unmelded: Vec<Card>,
}

/// Melds on the table that cards cannot be laid off onto.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TableMeldError {
    /// More table melds than [`MAX_TABLE_MELDS`].
    TooMany { count: usize },
    /// A table meld that is not a valid meld in this round, and why.
    NotAMeld { meld: Vec<Card>, reason: NotMeld },
}

impl std::fmt::Display for TableMeldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TableMeldError::TooMany { count } => {
                write!(f, "at most {MAX_TABLE_MELDS} table melds can be given, not {count}")
            }
            TableMeldError::NotAMeld { meld, reason } => {
                let text: Vec<String> = meld.iter().map(|c| c.ascii()).collect();
                write!(f, "\"{}\" is not a valid table meld: {reason}", text.join(" "))
            }
        }
    }
}

impl std::error::Error for TableMeldError {}

/// What the solver knows of the round: the rules, the wild rank, and the
/// melds on the table that cards may be laid off onto.
#[derive(Clone, Debug)]
pub struct Table {
    rules: Rules,
    wild: Rank,
    onto: Vec<Vec<Card>>,
}

impl Table {
    pub fn new(rules: &Rules, wild: Rank) -> Table {
        Table { rules: *rules, wild, onto: Vec::new() }
    }

    /// Adds the table melds, which must each be a valid meld. They count only
    /// when the rules allow laying off.
    pub fn with_onto(mut self, melds: Vec<Vec<Card>>) -> Result<Table, TableMeldError> {
        if melds.len() > MAX_TABLE_MELDS {
            return Err(TableMeldError::TooMany { count: melds.len() });
        }
        for meld in &melds {
            if let Err(reason) = judge(meld, &self.rules, self.wild) {
                return Err(TableMeldError::NotAMeld { meld: meld.clone(), reason });
            }
        }
        self.onto = melds;
        Ok(self)
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn wild(&self) -> Rank {
        self.wild
    }

    pub fn is_wild(&self, card: Card) -> bool {
        self.rules.is_wild(card, self.wild)
    }

    /// What `card` scores left over in this round (a wild of the round may
    /// score the rules' `wild_value`).
    pub fn value(&self, card: Card) -> u32 {
        self.rules.value_in(card, self.wild)
    }

    /// The melds on the table, as given.
    pub fn onto(&self) -> &[Vec<Card>] {
        &self.onto
    }

    /// The table melds cards may be laid off onto: none unless the rules
    /// allow laying off.
    pub(crate) fn lay_off_melds(&self) -> &[Vec<Card>] {
        if self.rules.lay_off { &self.onto } else { &[] }
    }
}

/// A hand's least deadwood, and the least less one of its natural cards
/// with that card ([`Solver::least_less_one`]).
pub type LessOneCard = (u32, Option<(Card, u32)>);

/// Whether `hand` holds the cards of `sorted` (sorted), as many of each.
fn same_cards(sorted: &[Card], hand: &[Card]) -> bool {
    let mut counts = [0u8; Card::KINDS];
    for c in sorted {
        counts[c.index()] = counts[c.index()].wrapping_add(1);
    }
    for c in hand {
        counts[c.index()] = counts[c.index()].wrapping_sub(1);
    }
    sorted.len() == hand.len() && counts.iter().all(|&n| n == 0)
}

/// The exact solver. It holds the hand loaded and its table, what its
/// searches found for that hand, lists they reuse, and where at most half
/// of a meld may be wild, a solver for the hand less one of its wilds.
#[derive(Debug)]
pub struct Solver {
    /// The hand loaded and its table, as the searches see them.
    hand: Loaded,
    /// What the searches found for the loaded hand.
    memos: Memos,
    /// Lists the searches reuse, so that a state allocates none.
    pools: Pools,
    /// Where at most half of a meld may be wild: the solver the hand less
    /// one of its wilds is asked of afresh (exactness, step 9c).
    spare: Option<Box<Solver>>,
    /// What each discard of the hands asked about leaves, while kept
    /// ([`Solver::keep`]).
    kept: Option<Kept>,
    /// The answers forgotten last, their room reused.
    forgotten: Option<Kept>,
    /// The fewest table melds from which the outs under the half-wild
    /// limit ask whether the cards meld for every table meld used at once
    /// ([`COUNTS_FROM`]; the tests set it to compare both ways).
    #[cfg(test)]
    counts_from: usize,
    /// Whether the outs under the half-wild limit race the two orders
    /// (the tests clear it to compare), and how many times the other won.
    #[cfg(test)]
    race: bool,
    #[cfg(test)]
    raced_to_other: usize,
    /// Whether the outs under the half-wild limit are one search that
    /// finds each card once (the tests clear it to compare).
    #[cfg(test)]
    gather_limited: bool,
    /// The states of the search of the whole hand under the limit before
    /// the cards not found yet are asked meld by meld, and the melds asked
    /// before it searches again.
    #[cfg(test)]
    slot_states_most: (usize, usize, usize, usize),
    /// The first bound of `Solver::at_once_quicker` and its most with a
    /// set of table melds at a time (`usize::MAX` first, as the tests have
    /// it unless they set it: always at once).
    #[cfg(test)]
    modes: (usize, usize),
    /// How many times the outs under the limit, where step 27 could ask
    /// for every table meld used at once, asked a set at a time, and at
    /// once.
    #[cfg(test)]
    asked_ways: [usize; 2],
}

/// What the searches found for the loaded hand, each keyed by the state.
#[derive(Debug)]
struct Memos {
    /// The least deadwood of each state (`Goal::Least`), and its choice.
    deadwood: Memo<StateKey, (u16, Choice)>,
    /// The least deadwood of each state for every table meld used at once
    /// (`Search::best_vec`), where the loaded hand asks for it.
    least_vecs: LeastVecs,
    /// Whether each state melds completely (`Goal::AllMeld`, wilds free).
    melds: Memo<StateKey, (u16, Choice)>,
    /// The slot's cards of each state (module `complete`); under the
    /// half-wild limit, where they start in `slot_sets`, one set for each
    /// count of wilds. With wilds free and six to eight table melds,
    /// `slot_sets` holds `Complete::melds_wide`'s words instead.
    slots: Memo<StateKey, u128>,
    /// With wilds free, the slot's cards of each state met by one search
    /// for the cards completing the whole hand (`Complete::gathered`),
    /// cleared before each: its answers hold only for that search.
    gathered: Memo<StateKey, u128>,
    /// For `gathered`, which of its states were searched, by open cards,
    /// wilds and discard owed (`complete::Gather`).
    gathered_by: Memo<StateKey, u128>,
    /// Under the half-wild limit, where each state's slot's cards start in
    /// `slot_sets` and up to which count of wilds (`Complete::slot_counts`).
    slot_counts: Memo<StateKey, u64>,
    /// Under the half-wild limit, the choices of each set of open cards
    /// for `Complete::slot_counts` (module `complete`, step 32).
    slot_plans: SlotPlans,
    slot_sets: Vec<u128>,
    /// Under the half-wild limit: with which counts of wilds each state
    /// melds (`Complete::melds_counts`); with wilds free, for which table
    /// melds used and whether the hand has a meld of its own it melds
    /// (`Complete::melds_vec`), or with six to eight table melds where
    /// those answers start in `slot_sets` (`Complete::melds_wide`).
    counts: Memo<StateKey, u64>,
    /// Under the half-wild limit with many table melds, `counts` for every
    /// table meld used at once (module `complete`, step 27).
    count_vecs: CountVecs,
    /// With wilds free and few table melds: for each count of wilds, for
    /// which table melds used and whether the hand has a meld of its own
    /// each state melds (`Complete::melds_lanes`).
    lanes: Memo<StateKey, u128>,
    /// The least deadwood of each state less one card, and the card
    /// (`Search::less_one`), for the cards `drops_for` may take away.
    drops: Memo<StateKey, u64>,
    drops_for: Option<u32>,
    /// What the least deadwood of each state searched within a budget
    /// cannot be below, where it was found above the budget
    /// (`Search::below`).
    floors: Memo<StateKey, u64>,
    /// The slot's cards of each state for each discard still to choose
    /// (module `every`): where they start in `each_sets`.
    each_cards: Memo<StateKey, (u32, u32)>,
    each_sets: Vec<u128>,
    /// Whether each state melds, for each discard still to choose; with
    /// wilds free and few table melds, for each set of open cards, where
    /// the words of step 22 of module `complete` for it less each discard
    /// start in `each_sets` (`Every::melds_words`).
    each_melds: Memo<StateKey, u64>,
    /// The least deadwood of each state's naturals for each discard still
    /// to choose: where they start in `each_costs`.
    each_least: Memo<StateKey, (u32, u32)>,
    each_costs: Vec<u16>,
    /// The discards whose outs `every` is asked about (`Solver::out_want`).
    out_want: Option<u32>,
    /// The groups of the loaded hand that could be laid off, found once.
    lay_offs: LayOffs,
}

impl Memos {
    fn new() -> Memos {
        Memos {
            deadwood: Memo::new(),
            least_vecs: LeastVecs::new(),
            melds: Memo::new(),
            slots: Memo::new(),
            gathered: Memo::new(),
            gathered_by: Memo::new(),
            slot_counts: Memo::new(),
            slot_plans: SlotPlans::new(),
            slot_sets: Vec::new(),
            counts: Memo::new(),
            count_vecs: CountVecs::new(),
            lanes: Memo::new(),
            drops: Memo::new(),
            drops_for: None,
            floors: Memo::new(),
            each_cards: Memo::new(),
            each_sets: Vec::new(),
            each_melds: Memo::new(),
            each_least: Memo::new(),
            each_costs: Vec::new(),
            out_want: None,
            lay_offs: LayOffs::new(),
        }
    }

    /// Memos of their own for a hand loaded in another order, cleared as
    /// a loaded hand's are.
    fn cleared() -> Memos {
        let mut memos = Memos::new();
        memos.clear();
        memos
    }

    fn clear(&mut self) {
        self.deadwood.clear();
        self.least_vecs.clear();
        self.melds.clear();
        self.slots.clear();
        // `gathered` and `gathered_by` are cleared before each use, and
        // take no room until then.
        self.slot_counts.clear();
        self.slot_plans.clear();
        self.slot_sets.clear();
        self.counts.clear();
        self.count_vecs.clear();
        self.lanes.clear();
        self.drops.clear();
        self.drops_for = None;
        self.floors.clear();
        self.each_cards.clear();
        self.each_sets.clear();
        self.each_melds.clear();
        self.each_least.clear();
        self.each_costs.clear();
        self.out_want = None;
        self.lay_offs.clear();
    }
}

/// Lists of runs and sets the searches reuse.
#[derive(Debug, Default)]
struct Pools {
    runs: Vec<Vec<(u32, u8)>>,
    slot_runs: Vec<Vec<SlotRun>>,
    sets: Vec<Vec<u32>>,
    placed: Vec<Vec<Placed>>,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver {
            hand: Loaded::new(),
            memos: Memos::new(),
            pools: Pools::default(),
            spare: None,
            kept: None,
            forgotten: None,
            #[cfg(test)]
            counts_from: COUNTS_FROM,
            #[cfg(test)]
            race: true,
            #[cfg(test)]
            raced_to_other: 0,
            #[cfg(test)]
            gather_limited: true,
            #[cfg(test)]
            slot_states_most: (
                SLOT_STATES_MOST,
                MELDS_ASKED_MOST,
                MELDS_ASKED_NONE_FOUND,
                RESTS_KEPT_NONE_FOUND,
            ),
            #[cfg(test)]
            modes: (usize::MAX, MODES_APART_MOST),
            #[cfg(test)]
            asked_ways: [0; 2],
        }
    }

    /// From now on, keeps what [`Solver::deadwood_without`] and
    /// [`Solver::least_less_one`] find for each hand under `table`'s
    /// rules and wild rank (and the melds on the table when asked),
    /// forgetting what was kept before: for questions asked again of the
    /// same hands, as the rounds played out from one deal are. Until
    /// [`Solver::forget`], those questions must be asked under the same
    /// rules.
    pub fn keep(&mut self, table: &Table) {
        let mut kept = self.kept.take().or_else(|| self.forgotten.take()).unwrap_or_else(|| Kept::new(table));
        kept.reset(table);
        self.kept = Some(kept);
    }

    /// Stops keeping answers, and forgets them (their room kept for the
    /// next [`Solver::keep`]).
    pub fn forget(&mut self) {
        self.forgotten = self.kept.take();
    }

    /// The key of `hand` under `table` among the answers kept, while
    /// [`Solver::keep`] holds, and what is kept for it.
    fn kept_for(&self, hand: &[Card], table: &Table) -> (Option<kept::Key>, Option<&kept::Found>) {
        let Some(kept) = &self.kept else { return (None, None) };
        let key = kept.key(hand, table);
        let found = key.as_ref().and_then(|key| kept.get(key));
        (key, found)
    }

    /// What is kept for the hand of `key`, to add to (see
    /// [`Solver::kept_for`]).
    fn kept_entry(&mut self, key: Option<kept::Key>) -> Option<&mut kept::Found> {
        Some(self.kept.as_mut()?.entry(key?))
    }

    /// The least deadwood of `hand` less `card` (a card of the hand); kept
    /// while [`Solver::keep`] holds.
    pub fn deadwood_without(&mut self, hand: &[Card], table: &Table, card: Card) -> u32 {
        let (key, found) = self.kept_for(hand, table);
        if let Some(&(_, d)) = found.and_then(|f| f.less.iter().find(|&&(c, _)| c == card)) {
            return d;
        }
        self.load(hand, table);
        let d = self.deadwood_less(&[card]);
        if let Some(found) = self.kept_entry(key) {
            found.less.push((card, d));
        }
        d
    }

    /// The least deadwood of `hand` less `card` (a card of the hand) when
    /// it is at most `most`; `None` when it is more. Quicker than
    /// [`Solver::deadwood_without`] where `most` is low: the search stops
    /// wherever it cannot come within it. Kept as that is.
    pub fn deadwood_without_within(
        &mut self,
        hand: &[Card],
        table: &Table,
        card: Card,
        most: u32,
    ) -> Option<u32> {
        let (key, found) = self.kept_for(hand, table);
        if let Some(found) = found {
            if let Some(&(_, d)) = found.less.iter().find(|&&(c, _)| c == card) {
                return (d <= most).then_some(d);
            }
            if found.over.iter().any(|&(c, d)| c == card && most <= d) {
                return None;
            }
        }
        self.load(hand, table);
        let d = self.deadwood_less_within(&[card], most);
        if let Some(found) = self.kept_entry(key) {
            match d {
                Some(d) => found.less.push((card, d)),
                None => found.over.push((card, most)),
            }
        }
        d
    }

    /// Keeps, while [`Solver::keep`] holds, that `hand` less `card` has
    /// `deadwood` as its least deadwood (found otherwise than by
    /// [`Solver::deadwood_without`]): for that question, and for the hand
    /// left.
    pub fn note_without(&mut self, hand: &[Card], table: &Table, card: Card, deadwood: u32) {
        let Some(kept) = self.kept.as_mut() else { return };
        if let Some(key) = kept.key(hand, table) {
            let found = kept.entry(key);
            if !found.less.iter().any(|&(c, _)| c == card) {
                found.less.push((card, deadwood));
            }
        }
        if let Some(key) = kept.key_without(hand, table, Some(card)) {
            kept.entry(key).deadwood = Some(deadwood);
        }
    }

    /// The least deadwood of `hand` if it is kept: found for it, or for a
    /// hand it is less a card (see [`Solver::deadwood_without`]).
    pub fn deadwood_kept(&self, hand: &[Card], table: &Table) -> Option<u32> {
        self.kept_for(hand, table).1?.deadwood
    }

    /// The least deadwood of `hand`, and the least deadwood of `hand` less
    /// one of its natural cards other than `except`, with that card: among
    /// equals, the card worth most, then the first in the deck's order
    /// (`None` where there is no such card). One search over the hand
    /// (exactness, step 12), kept while [`Solver::keep`] holds.
    pub fn least_less_one(&mut self, hand: &[Card], table: &Table, except: Option<Card>) -> LessOneCard {
        let (key, found) = self.kept_for(hand, table);
        if let Some(found) = found
            && let Some(answer) = match except {
                None => found.less_any,
                Some(e) => found.less_but.filter(|&(c, _)| c == e).map(|(_, a)| a),
            }
        {
            return answer;
        }
        let answer = self.search_less_one(hand, table, except);
        if let Some(found) = self.kept_entry(key) {
            match except {
                None => found.less_any = Some(answer),
                Some(e) => found.less_but = Some((e, answer)),
            }
            found.deadwood = Some(answer.0);
        }
        answer
    }

    fn search_less_one(&mut self, hand: &[Card], table: &Table, except: Option<Card>) -> LessOneCard {
        self.load(hand, table);
        let (mask, w, wild_points) = self.hand.less(&[]);
        let nat = &self.hand.nat;
        let droppable =
            (0..nat.cards.len()).filter(|&j| Some(nat.cards[j]) != except).fold(0u32, |b, j| b | 1 << j);
        if self.memos.drops_for != Some(droppable) {
            self.memos.drops.clear();
            self.memos.drops_for = Some(droppable);
        }
        let mut drops = std::mem::replace(&mut self.memos.drops, Memo::new());
        let (natural_dead, less) =
            self.search(Goal::Least).less_one(&mut drops, mask, w, 0, false, droppable);
        self.memos.drops = drops;
        let whole = self.hand.total_of(mask, natural_dead as u32, w, wild_points);
        if less.card == search::NO_CARD {
            return (whole, None);
        }
        let j = less.card as usize;
        let left = self.hand.total_of(mask & !(1 << j), less.cost as u32, w, wild_points);
        (whole, Some((self.hand.nat.cards[j], left)))
    }

    /// Where the hand may lay cards off onto table melds, the order its
    /// naturals are decided in (the solver's step 2; docs/speed.md, "The
    /// order of the search"): the one `Loaded::fill` guesses from the
    /// table melds, unless the least deadwood of the whole hand takes more
    /// than [`LOOK`] states that way ([`LOOK_LEAST`] for the deadwood
    /// alone). Then the first order to find it,
    /// each taking turns within a bound that grows, is kept, with what its
    /// memos hold. Either order gives the same answers; the one whose
    /// first search is the far shorter is the far quicker for the rest.
    /// The look counts the states as the searches of the outs meet them:
    /// under the half-wild limit, every table meld used kept apart, idle
    /// or not (the solver's step 10; `Loaded::looking`).
    /// With `for_outs` false, the states are counted as the deadwood's own
    /// searches meet them: the idle table melds' room shared (step 10).
    ///
    /// With four table melds or more it also decides whether the least
    /// deadwood is searched for every table meld used at once (module
    /// `complete`, step 23; `Loaded::vectors`): for the deadwood alone,
    /// where the guessed order takes more than [`VEC_AFTER_DEADWOOD`]
    /// states a set of table melds used at a time after the draw
    /// ([`VEC_AFTER_ALONE`] or [`VEC_AFTER_ALONE_FREE`] before it), and
    /// then in that order (else the one
    /// search for every discard is bounded by the hand's states, each
    /// discard apart beyond them: `Loaded::every_within`). Under the
    /// half-wild limit the order is by rank there, but where that takes
    /// more than [`BY_SUIT_FROM`] states and the order by suit finds the
    /// least deadwood within half as many (at most [`BY_SUIT_WITHIN`];
    /// within [`BY_SUIT_PAST`] where by rank took more than
    /// `VEC_AFTER_DEADWOOD`): the order by rank is the far quicker for
    /// most such hands' outs and deadwood after each discard, and the one
    /// by suit for those it finds so soon. For the
    /// outs, with four or five table melds always (their look is then
    /// none), and beyond five where the order kept took more than
    /// [`VEC_AFTER`] states.
    fn choose_order(&mut self, hand: &[Card], table: &Table, asked: Asked) {
        let t = self.hand.targets.len();
        if t == 0 {
            return;
        }
        if t >= LANES_FROM && asked != Asked::Outs {
            // The deadwood alone, with four table melds or more: a set of
            // table melds used at a time where the hand takes few states
            // that way, else every table meld used at once, in the order
            // guessed (by rank, or by suit, under the half-wild limit).
            // (`least_within` searches as `vectors` says: a set at a time
            // first, whatever `Loaded::fill` assumed.)
            let limited = self.hand.rules.half_wild;
            if limited && self.hand.nat.by_suit {
                self.hand.fill_in(hand, table, false);
            }
            // Where only the hand's own least deadwood is asked under the
            // limit, every table meld used at once pays far sooner, and the
            // order by suit is tried wherever the order by rank does not
            // find it a set at a time.
            let alone = limited && asked == Asked::Least;
            let within = match (asked, limited) {
                (Asked::Least, true) => VEC_AFTER_ALONE,
                (Asked::Least, false) => VEC_AFTER_ALONE_FREE,
                _ => VEC_AFTER_DEADWOOD,
            };
            self.hand.vectors = false;
            self.hand.vectors = !self.least_within(within);
            let by_rank_took = self.memos.deadwood.len();
            let by_suit_too = match alone {
                true => self.hand.vectors && orders_differ(hand, table),
                false => limited && by_rank_took > BY_SUIT_FROM,
            };
            if by_suit_too {
                // By suit, with memos of its own, kept where it finds the
                // least deadwood within half the states (`BY_SUIT_ALONE`
                // where alone, `BY_SUIT_PAST` where by rank passed its
                // bound); else by rank again, with its memos.
                let by_rank_vectors = self.hand.vectors;
                let mut by_rank = Memos::cleared();
                self.other_order(hand, table, &mut by_rank);
                self.hand.vectors = false;
                let within = match (alone, by_rank_vectors) {
                    (true, _) => BY_SUIT_ALONE,
                    (false, true) => BY_SUIT_PAST,
                    (false, false) => (by_rank_took / 2).min(BY_SUIT_WITHIN),
                };
                if !self.least_within(within) {
                    self.other_order(hand, table, &mut by_rank);
                    self.hand.vectors = by_rank_vectors;
                }
            }
            if self.hand.vectors {
                // Each discard's deadwood apart beyond four table melds,
                // where every set at once: the one search for every
                // discard would keep many costs for each.
                self.hand.each_apart = t > LANES_FROM;
            } else {
                // The one search for every discard, unless it meets many
                // more states than the hand: then each discard apart.
                self.hand.every_within = Some(self.memos.deadwood.len().max(EVERY_LEAST));
            }
            return;
        }
        let for_outs = asked == Asked::Outs;
        self.hand.looking = for_outs;
        self.look(hand, table, if for_outs { LOOK } else { LOOK_LEAST });
        self.hand.looking = false;
        if t > VEC_TABLE {
            // The outs' look, beyond five table melds: the deadwood for
            // every table meld used at once where the order kept took many
            // states one set of table melds used at a time.
            self.hand.vectors = self.memos.deadwood.len() > VEC_AFTER;
        }
    }

    /// [`Solver::choose_order`]'s look.
    fn look(&mut self, hand: &[Card], table: &Table, first: usize) {
        if self.least_within(first) {
            return;
        }
        // Each order in turn, each with memos of its own kept between its
        // turns, within a bound four times the last after both had one.
        let mut other = Memos::cleared();
        let mut most = LOOK;
        for turn in 1.. {
            self.other_order(hand, table, &mut other);
            if turn % 2 == 0 {
                most = most.saturating_mul(4);
            }
            if self.least_within(most) {
                return;
            }
        }
    }

    /// The hand loaded in the other order, with the memos `other` holds
    /// for it; `other` then holds the memos of the order left.
    fn other_order(&mut self, hand: &[Card], table: &Table, other: &mut Memos) {
        std::mem::swap(&mut self.memos, other);
        self.hand.fill_in(hand, table, !self.hand.nat.by_suit);
    }

    /// Whether the least deadwood of the whole loaded hand is found within
    /// `most` states of the memo; what it found stays there either way.
    fn least_within(&mut self, most: usize) -> bool {
        self.memos.deadwood.hold_at_most(most);
        let found = unless_stopped(|| self.deadwood_less(&[]));
        self.memos.deadwood.hold_at_most(usize::MAX);
        found.is_some()
    }

    /// Loads the hand and its table, forgetting what was found for the one
    /// before; gives the number of wilds.
    fn prepare(&mut self, hand: &[Card], table: &Table) -> u8 {
        self.memos.clear();
        self.hand.looking = false;
        self.hand.fill(hand, table)
    }

    fn spare(&mut self) -> &mut Solver {
        self.spare.get_or_insert_with(|| Box::new(Solver::new()))
    }

    /// The search over the loaded hand for `goal`, under the rules' wild
    /// policy.
    fn search(&mut self, goal: Goal) -> Search<'_> {
        self.search_with(goal, goal != Goal::Least)
    }

    /// The search for `goal`, given the partner table when `partnered`
    /// (worked out already).
    fn search_with(&mut self, goal: Goal, partnered: bool) -> Search<'_> {
        let h = &self.hand;
        Search {
            memo: if goal == Goal::Least { &mut self.memos.deadwood } else { &mut self.memos.melds },
            vecs: if goal == Goal::Least && h.least_in_vectors() {
                Some(&mut self.memos.least_vecs)
            } else {
                None
            },
            goal,
            policy: h.policy(),
            nat: &h.nat,
            table: &h.targets,
            rules: &h.rules,
            ace_high: h.ace_high,
            partners: if partnered { &h.partners } else { &[] },
            wild: h.wilds_alone,
            takers: &h.takers,
            least: &h.least,
            pool: &mut self.pools.runs,
            lay: &mut self.memos.lay_offs,
        }
    }

    /// The minimum deadwood of `hand`, without building the arrangement.
    pub fn deadwood(&mut self, hand: &[Card], table: &Table) -> u32 {
        self.load(hand, table);
        self.deadwood_less(&[])
    }

    /// The least deadwood of `hand`, the loaded hand less one of its
    /// wilds, asked afresh (exactness, step 9c) of the spare solver, its
    /// naturals searched as the loaded hand's are.
    fn deadwood_afresh(&mut self, hand: &[Card], table: &Table) -> u32 {
        let like = self.like();
        let spare = self.spare();
        spare.load_in(hand, table, like);
        spare.deadwood_less(&[])
    }

    /// The order, and whether for every table meld used at once, of the
    /// loaded hand's search.
    fn like(&self) -> Order {
        Order::Like { by_suit: self.hand.nat.by_suit, vectors: self.hand.vectors }
    }

    /// Whether `hand` melds completely (deadwood 0). Quicker than
    /// `deadwood`: no card may be left over, which prunes the search.
    pub fn goes_out(&mut self, hand: &[Card], table: &Table) -> bool {
        self.load(hand, table);
        self.goes_out_less(&[])
    }

    /// The cards that complete `hand`, one card short: with any one of
    /// them it melds completely. The joker's bit stands for every wild.
    pub fn completing(&mut self, hand: &[Card], table: &Table) -> CardSet {
        self.load(hand, table);
        self.completing_less(&[])
    }

    /// Loads `hand` for questions about it less a card or two
    /// ([`Solver::deadwood_less`], [`Solver::goes_out_less`],
    /// [`Solver::completing_less`]): they share one memo, so what one
    /// works out serves the others.
    pub fn load(&mut self, hand: &[Card], table: &Table) {
        self.load_in(hand, table, Order::Look(Asked::Outs));
    }

    /// [`Solver::load`] for questions of deadwood alone (the last turn,
    /// where no draw follows and the outs are not asked): the order of
    /// the search is the one that finds the hand's least deadwood the
    /// sooner, its states counted as the deadwood's searches meet them.
    pub fn load_for_deadwood(&mut self, hand: &[Card], table: &Table) {
        self.load_in(hand, table, Order::Look(Asked::Deadwood));
    }

    /// [`Solver::load_for_deadwood`] where only the whole hand's least
    /// deadwood is asked, and its outs, not each discard's deadwood: the
    /// last turn before the draw. Under the half-wild limit, the order by
    /// rank is kept where it finds the least deadwood within
    /// [`VEC_AFTER_ALONE`] states a set of table melds used at a time;
    /// else the order by suit where it finds it within
    /// [`BY_SUIT_ALONE`]; else by rank, every table meld used at once.
    pub fn load_for_least(&mut self, hand: &[Card], table: &Table) {
        self.load_in(hand, table, Order::Look(Asked::Least));
    }

    /// [`Solver::load`], the naturals in the order asked; whether the hand
    /// was loaded afresh (not held already with its memos).
    fn load_in(&mut self, hand: &[Card], table: &Table, order: Order) -> bool {
        if let Some((cards, same)) = &self.hand.cards
            && same.rules == table.rules
            && same.wild == table.wild
            && same.onto == table.onto
        {
            // The same cards under the same table: what the memos hold
            // stands.
            if cards.len() == hand.len() && same_cards(cards, hand) {
                return false;
            }
            // Other wilds worth the same, with the same naturals: the
            // searches ask the same (they count the wilds, and score those
            // left over by their points), so the memos stand too.
            if self.hand.take_wilds_of(hand, table)
                && let Some((cards, _)) = &mut self.hand.cards
            {
                cards.clear();
                cards.extend_from_slice(hand);
                cards.sort_unstable();
                return false;
            }
        }
        // The list of the hand before, reused.
        let mut sorted = self.hand.cards.take().map(|(cards, _)| cards).unwrap_or_default();
        self.prepare(hand, table);
        match order {
            #[cfg(test)]
            Order::Given(by_suit) => {
                if by_suit != self.hand.nat.by_suit {
                    self.memos.clear();
                    self.hand.fill_in(hand, table, by_suit);
                }
            }
            Order::Look(asked) => self.choose_order(hand, table, asked),
            Order::Like { by_suit, vectors } => {
                if by_suit != self.hand.nat.by_suit {
                    self.hand.fill_in(hand, table, by_suit);
                }
                self.hand.vectors = vectors;
            }
        }
        sorted.clear();
        sorted.extend_from_slice(hand);
        sorted.sort_unstable();
        self.hand.cards = Some((sorted, table.clone()));
        self.hand.partners.clear();
        true
    }

    /// The minimum deadwood of the loaded hand less `less`.
    pub fn deadwood_less(&mut self, less: &[Card]) -> u32 {
        let asked = self.of_wilds_left(less, |solver| {
            let (mask, w, wild_points) = solver.hand.less(less);
            let natural_dead = solver.search(Goal::Least).best(mask, w, 0, false) as u32;
            solver.hand.total_of(mask, natural_dead, w, wild_points)
        });
        asked.unwrap_or_else(|| {
            let (hand, table) = self.hand.without(less);
            self.deadwood_afresh(&hand, &table)
        })
    }

    /// `ask` of the loaded hand less `less`, with the wilds it has left
    /// (`Loaded::variant_of`: under the half-wild limit, where `less`
    /// takes wilds away, its searches' keys marked where their answers
    /// may differ from the hand's, so that the others are shared);
    /// `None` where the memo's keys mark no more sets of wilds, to be
    /// asked afresh.
    fn of_wilds_left<T>(&mut self, less: &[Card], ask: impl FnOnce(&mut Solver) -> T) -> Option<T> {
        let variant = self.hand.variant_of(less)?;
        self.hand.variant = variant;
        let answer = ask(self);
        self.hand.variant = 0;
        Some(answer)
    }

    /// The least deadwood of the loaded hand less `less` when it is at
    /// most `most`; `None` when it is more (see [`Search::below`]).
    fn deadwood_less_within(&mut self, less: &[Card], most: u32) -> Option<u32> {
        let asked = self.of_wilds_left(less, |solver| {
            let (mask, w, wild_points) = solver.hand.less(less);
            solver.hand.ensure_partners();
            // What the naturals leave is at most the total (step 5):
            // beyond `most` there, the total is too.
            let budget = most.min(INF as u32 - 1) as u16;
            let mut floors = std::mem::replace(&mut solver.memos.floors, Memo::new());
            let natural_dead =
                solver.search_with(Goal::Least, true).below(&mut floors, mask, w, 0, false, budget);
            solver.memos.floors = floors;
            if natural_dead > budget {
                return None;
            }
            let d = solver.hand.total_of(mask, natural_dead as u32, w, wild_points);
            (d <= most).then_some(d)
        });
        asked.unwrap_or_else(|| {
            let (hand, table) = self.hand.without(less);
            let d = self.deadwood_afresh(&hand, &table);
            (d <= most).then_some(d)
        })
    }

    /// Whether the loaded hand less `less` melds completely.
    pub fn goes_out_less(&mut self, less: &[Card]) -> bool {
        if let Some((hand, table)) = self.hand.afresh(less) {
            return self.spare().goes_out(&hand, &table);
        }
        let (mask, w, wild_points) = self.hand.less(less);
        self.melds_or_known(mask, w, wild_points)
    }

    /// Whether the naturals in `mask` and `w` wilds (scoring `wild_points`)
    /// meld completely: deadwood 0, where the deadwood search has been
    /// there already (every card scores at least a point), else asked.
    fn melds_or_known(&mut self, mask: u32, w: u8, wild_points: u32) -> bool {
        let kept = if self.hand.least_in_vectors() {
            self.memos.least_vecs.kept(mask, w)
        } else {
            self.memos.deadwood.get(StateKey::new(mask, w, 0, false)).map(|(cost, _)| cost)
        };
        match kept {
            Some(cost) => self.hand.total_of(mask, cost as u32, w, wild_points) == 0,
            None => self.melds_all(mask, w),
        }
    }

    /// Whether the naturals in `mask` and `w` wilds meld completely.
    fn melds_all(&mut self, mask: u32, w: u8) -> bool {
        if mask == 0 {
            // Wilds alone: a meld of their own, where the rules allow.
            return w == 0 || (w >= 3 && self.hand.rules.all_wild_melds && !self.hand.rules.half_wild);
        }
        if self.hand.hopeless(mask, w) {
            return false;
        }
        if self.hand.rules.half_wild {
            return self.complete().rest_melds_limited(false, mask, w, 0, false);
        }
        self.search(Goal::AllMeld).best(mask, w, 0, false) != INF
    }

    /// The cards completing the loaded hand less `less` (see
    /// [`Solver::completing`]).
    pub fn completing_less(&mut self, less: &[Card]) -> CardSet {
        let (mask, w, _) = self.hand.less(less);
        if self.hand.rules.half_wild {
            // Exactness, step 9d: whether the hand melds completely does
            // not depend on what its wilds score.
            let any_wild = self.melds_all(mask, w + 1);
            let cards = self.complete().cards_limited(mask, w, 0, false);
            return self.hand.found(cards, any_wild);
        }
        if self.hand.hopeless(mask, w + 1) {
            return CardSet::EMPTY;
        }
        if self.hand.rules.all_wild_melds {
            // Exactness, step 4 of `complete`: a wild completes when some
            // card at face value does.
            let cards = self.gathered(false, mask, w);
            return self.hand.found(cards, cards != 0);
        }
        let any_wild = self.melds_all(mask, w + 1);
        // A natural card completing the hand could be swapped for a wild,
        // which stands for it in its meld; unless every meld needs a
        // natural card and it is the one natural of its meld, which takes
        // two wilds of the hand's. So when no wild completes, often nothing
        // does.
        if !any_wild && w < 2 {
            return CardSet::EMPTY;
        }
        let cards = self.gathered(false, mask, w);
        self.hand.found(cards, any_wild)
    }

    /// The outs of `hand`: the cards that, drawn, let it go out after one
    /// discard. The joker's bit stands for every wild.
    pub fn outs(&mut self, hand: &[Card], table: &Table) -> CardSet {
        self.load(hand, table);
        self.outs_less(&[])
    }

    /// The outs of the loaded hand less `less` (see [`Solver::outs`]).
    ///
    /// A card `c` drawn lets a hand `H` go out when `H + c` less some card
    /// `e` melds completely: `e = c` when `H` melds already (every card is
    /// then an out); else `e` is a natural card of `H`, which the search
    /// with a discard still to make finds (`Complete::gathered`), or a
    /// wild of `H`, and then `c` completes `H` less one wild, which it never
    /// does where wilds are free and `H` does not meld (module `complete`,
    /// step 20).
    pub fn outs_less(&mut self, less: &[Card]) -> CardSet {
        let (mask, w, wild_points) = self.hand.less(less);
        if self.melds_or_known(mask, w, wild_points) {
            return CardSet::ALL;
        }
        if self.hand.rules.half_wild {
            return self.outs_limited_raced(less, mask, w);
        }
        if mask == 0 {
            // Wilds alone that do not meld: a natural card and all but one
            // of them, where that makes a meld.
            return CardSet::from_bits(if w >= 3 { self.hand.deck_bits & !self.hand.wild_bits } else { 0 });
        }
        if self.hand.rules.all_wild_melds {
            // Exactness, step 4 of `complete`: a wild drawn lets the hand
            // go out when some card at face value does. A card completing
            // the hand less a wild could be swapped for a wild, and then
            // the hand would meld as it is: so only a natural is discarded.
            let cards = self.gathered(true, mask, w);
            return self.hand.found(cards, cards != 0);
        }
        // A wild drawn, a natural discarded (a wild discarded would leave
        // the hand as it is).
        let any_wild = self.complete().melds_less_one(mask, w + 1, 0, false);
        // A natural card drawn could be swapped for a wild, as above.
        if !any_wild && w < 2 {
            return CardSet::EMPTY;
        }
        // A wild discarded lets nothing go out that a natural does not
        // (module `complete`, step 20).
        let cards = self.gathered(true, mask, w);
        self.hand.found(cards, any_wild)
    }

    /// The outs of the loaded hand less `card` (one of its cards), as
    /// [`Solver::outs_less`] gives them; where `card` is natural, from one
    /// search for every discard at once (module `complete`, steps 9 to 12,
    /// and 14 under the half-wild limit), so that asking for each card of
    /// the hand in turn costs about one search in all.
    pub fn outs_after(&mut self, card: Card) -> CardSet {
        let Some((full, j, w, wild_points)) = self.every_discard(card) else {
            return self.outs_less(&[card]);
        };
        // The discards whose outs are searched for: those leaving a hand
        // that does not meld (every card is an out of one that does).
        let want = self.out_want(full, w, wild_points);
        if want & (1 << j) == 0 {
            return CardSet::ALL;
        }
        if self.hand.rules.half_wild {
            // As in `outs_limited`: where no card at face value lets the
            // hand go out, no wild does.
            let cards = self.every(want).cards_of(true, full, w, j);
            if cards == 0 {
                return CardSet::EMPTY;
            }
            let any_wild = self.every(want).melds_each(true, full, w + 1, 0, false) & (1 << j) != 0;
            return self.hand.found(cards, any_wild);
        }
        if self.hand.rules.all_wild_melds {
            let cards = self.every(want).cards_of(true, full, w, j);
            return self.hand.found(cards, cards != 0);
        }
        // As in `outs_less`: a wild drawn, a natural discarded.
        let any_wild = self.every(want).melds_each(true, full, w + 1, 0, false) & (1 << j) != 0;
        if !any_wild && w < 2 {
            return CardSet::EMPTY;
        }
        // As in `outs_less`, no wild discarded (step 20).
        let cards = self.every(want).cards_of(true, full, w, j);
        self.hand.found(cards, any_wild)
    }

    /// Whether the deadwood and the outs after each discard of the loaded
    /// hand are best asked through [`Solver::deadwood_after`] and
    /// [`Solver::outs_after`] (the one search for every discard), rather
    /// than one search per discard: where there are table melds to lay off
    /// onto, which make the search of each hand less a card long and
    /// alike. Both give the same answers; without
    /// table melds (most hands, the dense ones with many wilds among them)
    /// one search per discard is the quicker, and so it is with more table
    /// melds than the search for every discard keeps its costs for every
    /// table meld used at once (module `complete`, step 24), where each
    /// discard's search reads and adds to the costs of step 23; and so it
    /// is for the deadwood alone with more than four table melds where
    /// those costs are searched ([`Solver::load_for_deadwood`];
    /// docs/speed.md, "Every table meld used at once, where the search is
    /// long").
    pub fn every_discard_at_once(&self) -> bool {
        !self.hand.targets.is_empty()
            && !self.hand.each_apart
            && (!self.hand.least_in_vectors() || self.hand.every_in_vectors())
    }

    /// The least deadwood of the loaded hand less `card` (one of its
    /// cards), as [`Solver::deadwood_less`] gives it; where `card` is
    /// natural, from one search for every discard at once (module
    /// `complete`, steps 13 and 14).
    ///
    /// Where the search for every discard is bounded
    /// (`Loaded::every_within`) and meets more states than that, each
    /// discard is asked apart instead, sharing the hand's memo: a hand
    /// whose discards share few states.
    pub fn deadwood_after(&mut self, card: Card) -> u32 {
        let Some((full, j, w, wild_points)) =
            self.every_discard(card).filter(|_| self.every_discard_at_once())
        else {
            return self.deadwood_apart(card);
        };
        let want = self.hand.highest_copies();
        let natural_dead = match self.hand.every_within.take() {
            None => self.every(want).least_of(full, w, j),
            Some(most) => match self.least_of_within(want, (full, w, j), most) {
                Some(dead) => dead,
                None => {
                    // Past the bound: what it found is dropped.
                    self.memos.each_least.clear();
                    self.memos.each_costs.clear();
                    self.hand.each_apart = true;
                    return self.deadwood_apart(card);
                }
            },
        };
        self.hand.total_of(full & !(1 << j), natural_dead as u32, w, wild_points)
    }

    /// [`Solver::deadwood_less`] of one discard, asked apart from the
    /// others: under the half-wild limit with four table melds or more, a
    /// set of table melds used at a time, the discards asked apart may meet
    /// [`APART_AFTER`] states in all more than the memo held when the
    /// first was asked; past them, this discard and the next are searched
    /// for every table meld used at once (module `complete`, step 23), as
    /// the hand would have been had its own search been as long
    /// (`Solver::choose_order`). (With wilds free a hand of the bench went
    /// 4.1 → 5.3 ms so, where a half-wild one went 5.3 → 3.8. A bound of
    /// 3,072 states for each discard apart left a hand of the hunts whose
    /// discards meet at most 2,006 states each, 9,268 in all, at 7.7 ms;
    /// with one bound for them all it takes 5.1.)
    fn deadwood_apart(&mut self, card: Card) -> u32 {
        if self.hand.rules.half_wild && !self.hand.vectors && self.hand.targets.len() >= LANES_FROM {
            let from = *self.hand.apart_from.get_or_insert(self.memos.deadwood.len());
            let most = from + APART_AFTER;
            self.memos.deadwood.hold_at_most(most);
            let found = unless_stopped(|| self.deadwood_less(&[card]));
            self.memos.deadwood.hold_at_most(usize::MAX);
            if let Some(dead) = found {
                return dead;
            }
            self.hand.vectors = true;
        }
        self.deadwood_less(&[card])
    }

    /// The one search for every discard's least deadwood of the naturals
    /// in `full` less `j`, with `w` wilds, where it meets at most `most`
    /// states; `None` past them.
    fn least_of_within(&mut self, want: u32, (full, w, j): (u32, u8, usize), most: usize) -> Option<u16> {
        self.memos.each_least.hold_at_most(most);
        let found = unless_stopped(|| self.every(want).least_of(full, w, j));
        self.memos.each_least.hold_at_most(usize::MAX);
        found
    }

    /// Where the one search for every discard answers for `card` (a
    /// natural, some natural left without it): the loaded
    /// hand's naturals, `card`'s bit among them (the highest copy, as
    /// `Loaded::less` takes it), the wilds and what they score.
    fn every_discard(&self, card: Card) -> Option<(u32, usize, u8, u32)> {
        if self.hand.wild_bits & (1 << card.index()) != 0 {
            return None;
        }
        let (mask, w, wild_points) = self.hand.less(&[card]);
        if mask == 0 {
            return None;
        }
        let full = full_mask(self.hand.nat.cards.len());
        let j = (full & !mask).trailing_zeros() as usize;
        Some((full, j, w, wild_points))
    }

    /// The discards (the highest copy of each natural card of the loaded
    /// hand, of `full` naturals and `w` wilds scoring `wild_points`) whose
    /// outs the one search for every discard is asked about: those that
    /// leave a hand not melding. Worked out once for the hand, as the
    /// answers the search keeps are for these discards only.
    fn out_want(&mut self, full: u32, w: u8, wild_points: u32) -> u32 {
        if let Some(want) = self.memos.out_want {
            return want;
        }
        let all = self.hand.highest_copies();
        // Where the search keeps its answers in words for each discard
        // (`Complete::in_one_word`), not as bits by card, each discard is
        // asked below.
        if !self.complete().in_one_word()
            && self.memos.each_least.get(StateKey::new(full, w, 0, false)).is_none()
        {
            // Nothing known yet: whether the
            // hand less each discard melds, from the one search for every
            // discard, asked of every discard. Its answers are kept as
            // bits by card, one each (with six to eight table melds and
            // wilds free, as `Complete::melds_wide`'s words for each set of
            // open cards), so they hold for fewer discards asked after,
            // and the search of the outs finds them there.
            let want = all & !self.every(all).melds_each(false, full, w, 0, false);
            self.memos.out_want = Some(want);
            return want;
        }
        let mut want = 0;
        for j in BitIter(all) {
            let mask = full & !(1 << j);
            // Deadwood 0 where the least deadwood after every discard is
            // known already (every card scores at least a point).
            // Where the costs are for every table meld used (step 24 of
            // module `complete`), none used and no meld of its own first.
            let stride = if self.hand.every_in_vectors() { self.hand.least.answers() } else { 1 };
            let known = self.memos.each_least.get(StateKey::new(full, w, 0, false)).map(|(from, _)| {
                let rank = (full & self.hand.highest_copies() & ((1 << j) - 1)).count_ones() as usize;
                self.memos.each_costs[from as usize + rank * stride]
            });
            let melds = match known {
                Some(cost) => self.hand.total_of(mask, cost as u32, w, wild_points) == 0,
                None => self.melds_or_known(mask, w, wild_points),
            };
            if !melds {
                want |= 1 << j;
            }
        }
        self.memos.out_want = Some(want);
        want
    }

    /// The search for the outs after every discard at once, over the
    /// loaded hand, with the half-wild limit or not.
    /// `want`: the discards asked about, which must be the same for every
    /// question of one memo while the hand stays loaded (the least
    /// deadwood's, and the others'); but whether the cards meld, kept as
    /// bits by card outside the words of `Complete::in_one_word` and
    /// `Complete::melds_wide`, may be asked of every discard first and of
    /// fewer after (`Solver::out_want`).
    fn every(&mut self, want: u32) -> Every<'_> {
        self.hand.ensure_partners();
        self.hand.ensure_singles();
        let Memos {
            slots,
            slot_counts,
            slot_plans,
            slot_sets,
            counts,
            count_vecs,
            lanes,
            melds,
            lay_offs,
            each_cards,
            each_sets,
            each_melds,
            each_least,
            each_costs,
            deadwood,
            least_vecs,
            ..
        } = &mut self.memos;
        let Pools { runs, sets, slot_runs, placed } = &mut self.pools;
        Every {
            one: complete_over(
                &self.hand,
                ((slots, slot_counts, slot_plans), slot_sets, counts, count_vecs, lanes, melds, lay_offs),
                (runs, sets, slot_runs, placed),
            ),
            cards: each_cards,
            arena: each_sets,
            melds: each_melds,
            least: each_least,
            costs: each_costs,
            deadwood,
            vecs: if self.hand.every_in_vectors() { Some(least_vecs) } else { None },
            want,
            copies: self.hand.highest_copies(),
        }
    }

    /// Where at most half of a meld may be wild: the outs of the naturals
    /// in `mask` and `w` wilds of the loaded hand, which do not meld as
    /// they are (exactness, step 9d). A card `c` drawn lets them go out
    /// when they less some card `e` meld with `c`: `e` a natural or a wild,
    /// and `c` in the slot, one search with the discard still to make part
    /// of the state (`Complete::cards_limited_less_one`); or `c` a wild, and
    /// then the search whose goal is that every card melds but one, with
    /// one wild more. Whether every card melds does not depend on what the
    /// wilds score, so a wild taken away needs no fresh search.
    ///
    /// A wild in a meld stands for a card on its place, which at face value
    /// makes the same meld with one natural more, still within the limit;
    /// so where no card at face value lets the hand go out (the cards of
    /// the wild rank among them), no wild does, and that search is skipped.
    ///
    /// With [`COUNTS_FROM`] table melds or more, whether the cards meld may
    /// be searched for every set of table melds used at once (module
    /// `complete`, step 27): its states are far fewer where the hand could
    /// lay off onto many table melds. It is, unless a set at a time answers
    /// the first question sooner ([`Solver::at_once_quicker`]).
    ///
    /// The cards are one search of the whole hand that finds each card
    /// once (module `complete`, step 37), with a slot memo of its own.
    fn outs_limited(&mut self, mask: u32, w: u8) -> CardSet {
        self.outs_limited_as(mask, w, None)
    }

    /// [`Solver::outs_limited`], step 27 asked for every table meld used at
    /// once or not as `at_once` says where it may be, else as
    /// [`Solver::at_once_quicker`] decides.
    fn outs_limited_as(&mut self, mask: u32, w: u8, at_once: Option<bool>) -> CardSet {
        self.counts_ready();
        if self.hand.counts_vectors {
            self.hand.counts_vectors =
                at_once.or_else(|| self.at_once_quicker(mask, w, usize::MAX)).unwrap_or(true);
            #[cfg(test)]
            {
                self.asked_ways[self.hand.counts_vectors as usize] += 1;
            }
        }
        // One search that finds each card once (module `complete`, step
        // 37): its states' answers leave out cards found, so they are
        // kept for this search alone.
        #[cfg(not(test))]
        let gather = true;
        #[cfg(test)]
        let gather = self.gather_limited;
        let cards = if gather {
            self.memos.slot_counts.clear();
            self.memos.slot_sets.clear();
            #[cfg(not(test))]
            let most = (SLOT_STATES_MOST, MELDS_ASKED_MOST, MELDS_ASKED_NONE_FOUND, RESTS_KEPT_NONE_FOUND);
            #[cfg(test)]
            let most = self.slot_states_most;
            let cards = self.complete_for(true).gathered_limited(mask, w, most);
            self.memos.slot_counts.clear();
            self.memos.slot_sets.clear();
            cards
        } else {
            self.complete().cards_limited_less_one(mask, w)
        };
        // Asked even where no natural is found: a wild may stand for a card
        // of the wild rank at its face, which the one search does not look
        // for (`Loaded::read_bits`), so need not find.
        let any_wild = self.complete().rest_melds_limited(true, mask, w + 1, 0, false);
        self.counts_ready();
        self.hand.found(cards, any_wild)
    }

    /// Whether the outs under the limit of the open cards `mask` with `w`
    /// wilds ask step 27 of module `complete` (every table meld used at
    /// once) rather than a set of table melds used at a time: whether the
    /// cards meld with a wild more (which the outs ask too) is searched
    /// both ways in turn, a set at a time first within half as many states
    /// as at once, from [`MODES_FIRST`] doubled each turn, never past
    /// [`MODES_APART_MOST`]; where a set at a time finishes, at once still
    /// wins within twice the states it took; where at once finishes first,
    /// or a set at a time reaches its most, at once (docs/speed.md, "Every
    /// table meld used at once, or a set at a time"). Each way keeps its
    /// states for the outs. `None` where every table meld at once went
    /// past `most` states with neither finished.
    fn at_once_quicker(&mut self, mask: u32, w: u8, most: usize) -> Option<bool> {
        #[cfg(not(test))]
        let (first, apart_most) = (MODES_FIRST, MODES_APART_MOST);
        #[cfg(test)]
        let (first, apart_most) = self.modes;
        if first == usize::MAX {
            return Some(true);
        }
        // The states each way holds already, from questions before.
        let (at_once_had, apart_had) = (self.memos.count_vecs.len(), self.memos.counts.len());
        let mut bound = first;
        loop {
            let held = bound.min(most);
            let apart = (held / 2).min(apart_most);
            if self.melds_with_a_wild_more_apart_within(mask, w, apart_had.saturating_add(apart)) {
                let took = self.memos.counts.len() - apart_had;
                return Some(self.melds_with_a_wild_more_within(
                    mask,
                    w,
                    at_once_had.saturating_add(2 * took),
                ));
            }
            // (Where at once finishes first, a set at a time, given half as
            // many, has had them.)
            if apart == apart_most
                || self.melds_with_a_wild_more_within(mask, w, at_once_had.saturating_add(held))
            {
                return Some(true);
            }
            if held == most {
                return None;
            }
            bound = bound.saturating_mul(2);
        }
    }

    /// [`Solver::melds_with_a_wild_more_within`] with a set of table melds
    /// used at a time, within `most` states of its memo.
    fn melds_with_a_wild_more_apart_within(&mut self, mask: u32, w: u8, most: usize) -> bool {
        let at_once = std::mem::replace(&mut self.hand.counts_vectors, false);
        self.memos.counts.hold_at_most(most);
        let found = unless_stopped(|| self.complete().rest_melds_limited(true, mask, w + 1, 0, false));
        self.memos.counts.hold_at_most(usize::MAX);
        self.hand.counts_vectors = at_once;
        found.is_some()
    }

    /// Sets how [`Solver::outs_limited`] asks whether the cards meld (step
    /// 27 of module `complete` from [`COUNTS_FROM`] table melds), and works
    /// out the partners.
    fn counts_ready(&mut self) {
        #[cfg(not(test))]
        let from = COUNTS_FROM;
        #[cfg(test)]
        let from = self.counts_from;
        self.hand.counts_vectors = self.hand.targets.len() >= from;
        self.hand.ensure_partners();
    }

    /// [`Solver::outs_limited`] of the loaded hand less `less` (its open
    /// cards `mask` and `w` wilds), in the order that asks whether the
    /// cards meld with a wild more in far fewer states. Where that is
    /// asked for every table meld used at once (step 27 of module
    /// `complete`) and the two orders differ, it is asked first in the
    /// order loaded within [`RACE_FIRST`] states; beyond, in the other
    /// order too, each with memos of its own kept between its turns: the
    /// other within a third ([`RACE_AHEAD`]) of the bound of the order
    /// loaded, which doubles each turn, and once the order loaded
    /// finishes, within a third of the states it took; never beyond
    /// [`RACE_OTHER_MOST`]. Where the other
    /// finishes first, the outs are searched in it, and the hand then
    /// loaded as it was. Each order gives the same outs (docs/speed.md,
    /// "The idle table melds' room, added apart; every table meld used at
    /// once from three; the two orders raced for the outs").
    fn outs_limited_raced(&mut self, less: &[Card], mask: u32, w: u8) -> CardSet {
        self.counts_ready();
        let Some((hand, table)) = self.hand.cards.clone() else {
            return self.outs_limited(mask, w);
        };
        #[cfg(not(test))]
        let race = true;
        #[cfg(test)]
        let race = self.race;
        if !race || !self.hand.counts_vectors {
            return self.outs_limited(mask, w);
        }
        // Step 27 for every table meld used at once races a set at a time
        // first, within twice the states the order loaded is given alone,
        // so that a set at a time has as many.
        let at_once = self.at_once_quicker(mask, w, 2 * RACE_FIRST);
        if at_once == Some(false)
            || !orders_differ(&hand, &table)
            || self.melds_with_a_wild_more_within(mask, w, RACE_FIRST)
        {
            return self.outs_limited_as(mask, w, at_once);
        }
        // The other order is loaded once, into `other_hand` with `other`
        // its memos, and the two are swapped in and out whole.
        let mut other = Memos::cleared();
        let mut other_hand = Loaded::new();
        let mut fresh = true;
        let mut most = RACE_FIRST;
        let mut last = false;
        let switched = loop {
            self.swap_orders(&mut other_hand, &mut other);
            if std::mem::take(&mut fresh) {
                self.hand.fill_in(&hand, &table, !other_hand.nat.by_suit);
                self.counts_ready();
            }
            let (m, w, _) = self.hand.less(less);
            let bound = most / RACE_AHEAD;
            if self.melds_with_a_wild_more_within(m, w, bound.min(RACE_OTHER_MOST)) {
                break true;
            }
            self.swap_orders(&mut other_hand, &mut other);
            if last || bound >= RACE_OTHER_MOST {
                break false;
            }
            most = most.saturating_mul(2);
            if self.melds_with_a_wild_more_within(mask, w, most) {
                // The last turn of the other.
                most = self.memos.count_vecs.len();
                last = true;
            }
        };
        if !switched {
            return self.outs_limited(mask, w);
        }
        #[cfg(test)]
        {
            self.raced_to_other += 1;
        }
        let (m, w, _) = self.hand.less(less);
        let outs = self.outs_limited(m, w);
        self.swap_orders(&mut other_hand, &mut other);
        outs
    }

    /// The loaded hand and its memos swapped with `hand` and `memos`.
    fn swap_orders(&mut self, hand: &mut Loaded, memos: &mut Memos) {
        std::mem::swap(&mut self.hand, hand);
        std::mem::swap(&mut self.memos, memos);
    }

    /// Whether the open cards `mask` of the loaded hand with `w + 1` wilds
    /// meld completely less one card, found within `most` states of step
    /// 27's memo; what it found stays there either way.
    fn melds_with_a_wild_more_within(&mut self, mask: u32, w: u8, most: usize) -> bool {
        self.memos.count_vecs.hold_at_most(most);
        let found = unless_stopped(|| self.complete().rest_melds_limited(true, mask, w + 1, 0, false));
        self.memos.count_vecs.hold_at_most(usize::MAX);
        found.is_some()
    }

    /// The search for completing cards over the loaded hand, under the
    /// rules' wild policy (the limit's own variant, exactness step 9d,
    /// where at most half of a meld may be wild); its partner table and
    /// single cards worked out.
    fn complete(&mut self) -> Complete<'_> {
        self.complete_for(false)
    }

    /// With wilds free, the natural cards completing the open cards `mask`
    /// of the loaded hand with `w` wilds (less one card, discarded, where
    /// `discard`), no table meld used: `Complete::gathered`, one search
    /// that finds each card once (module `complete`, step 33), with memos
    /// of its own.
    fn gathered(&mut self, discard: bool, mask: u32, w: u8) -> u128 {
        self.complete_for(true).gathered(discard, mask, w)
    }

    /// [`Solver::complete`], with `gather` for [`Solver::gathered`]: its
    /// memo is one of its own, cleared first.
    fn complete_for(&mut self, gather: bool) -> Complete<'_> {
        self.hand.ensure_partners();
        self.hand.ensure_singles();
        let Memos {
            slots,
            gathered,
            gathered_by,
            slot_counts,
            slot_plans,
            slot_sets,
            counts,
            count_vecs,
            lanes,
            melds,
            lay_offs,
            ..
        } = &mut self.memos;
        let Pools { runs, sets, slot_runs, placed } = &mut self.pools;
        let slots = if gather {
            gathered.clear();
            gathered
        } else {
            slots
        };
        let mut complete = complete_over(
            &self.hand,
            ((slots, slot_counts, slot_plans), slot_sets, counts, count_vecs, lanes, melds, lay_offs),
            (runs, sets, slot_runs, placed),
        );
        if gather {
            gathered_by.clear();
            let wanted = self.hand.read_bits();
            complete.gather = Some(Gather::new(wanted, gathered_by));
        }
        complete
    }

    /// One best arrangement of the loaded hand less `less`.
    pub fn solve_less(&mut self, less: &[Card]) -> Arrangement {
        let asked = self.of_wilds_left(less, |solver| {
            let (mask, w, wild_points) = solver.hand.less(less);
            let natural_dead = solver.search(Goal::Least).best(mask, w, 0, false) as u32;
            let deadwood = solver.hand.total_of(mask, natural_dead, w, wild_points);
            let mut wilds = solver.hand.wilds.clone();
            for c in less {
                if let Some(i) = wilds.iter().position(|w| w == c) {
                    wilds.remove(i);
                }
            }
            let table = solver.hand.cards.as_ref().expect("a hand loaded").1.clone();
            solver.follow(mask, w, wilds, &table, deadwood)
        });
        asked.unwrap_or_else(|| {
            let (hand, table) = self.hand.without(less);
            let like = self.like();
            let spare = self.spare();
            spare.load_in(&hand, &table, like);
            spare.solve_less(&[])
        })
    }

    /// One best arrangement of the loaded hand less `card` (one of its
    /// cards), as [`Solver::solve_less`] gives it. Where the deadwood
    /// after `card` comes from the one search for every discard
    /// ([`Solver::deadwood_after`]), the arrangement is followed through
    /// that search, with no search of its own (module `complete`, step 17:
    /// the choices are the plain search's, so the arrangement is the same).
    pub fn solve_after(&mut self, card: Card) -> Arrangement {
        let Some((full, j, w, wild_points)) = self.every_discard(card) else {
            return self.solve_less(&[card]);
        };
        if !self.every_discard_at_once() {
            return self.solve_less(&[card]);
        }
        let want = self.hand.highest_copies();
        let natural_dead = self.every(want).least_of(full, w, j);
        let mask = full & !(1 << j);
        let deadwood = self.hand.total_of(mask, natural_dead as u32, w, wild_points);
        let groups = self.groups_after(full, w, j);
        let wilds = self.hand.wilds.clone();
        let table = self.hand.cards.as_ref().expect("a hand loaded").1.clone();
        self.build(groups, wilds, &table, deadwood)
    }

    /// The groups of one best arrangement of the naturals in `full` less
    /// `j` with `w` wilds, the ones the solver's search of them keeps
    /// ([`Solver::groups`]), followed through the one search for every
    /// discard: while `j` is open, each state's choice is the first of the
    /// search's order that leaves its least, as the search keeps it; once
    /// `j` is the lowest open card, the search's own choices, which the one
    /// search for every discard asked of it (module `complete`, step 17).
    fn groups_after(&mut self, full: u32, w: u8, j: usize) -> Vec<(Step, u32, u8)> {
        let want = self.hand.highest_copies();
        let half_wild = self.hand.rules.half_wild;
        let jbit = 1u32 << j;
        let mut groups: Vec<(Step, u32, u8)> = Vec::new();
        let (mut mask, mut left, mut used_table, mut own) = (full, w, 0u8, false);
        while mask != jbit {
            if mask.trailing_zeros() as usize == j {
                groups.extend(self.groups_from(mask & !jbit, left, used_table, own));
                break;
            }
            if !half_wild && left as u32 >= 2 * (mask & !jbit).count_ones() {
                groups.push((Step::AllSets, mask & !jbit, 0));
                break;
            }
            let group = self.every(want).least_choice(mask, left, (used_table, own), j);
            (mask, left, used_table, own) = after(group, (mask, left, used_table, own));
            groups.push(group);
        }
        groups
    }

    /// One best arrangement of `hand`.
    pub fn solve(&mut self, hand: &[Card], table: &Table) -> Arrangement {
        self.load(hand, table);
        let w = self.hand.wilds.len() as u8;
        let full = full_mask(self.hand.nat.cards.len());
        let natural_dead = self.search(Goal::Least).best(full, w, 0, false) as u32;
        let deadwood = self.hand.total(natural_dead, table);
        let wilds = self.hand.wilds.clone();
        self.follow(full, w, wilds, table, deadwood)
    }

    /// Follows the memoised choices from the naturals in `mask` with `w`
    /// wilds (`wilds`, most valuable first) and builds the arrangement.
    fn follow(&mut self, mask: u32, w: u8, wilds: Vec<Card>, table: &Table, deadwood: u32) -> Arrangement {
        let groups = self.groups(mask, w);
        self.build(groups, wilds, table, deadwood)
    }

    /// The groups of one best arrangement of the naturals in `mask` with
    /// `w` wilds, by the memoised choices.
    fn groups(&mut self, mask: u32, w: u8) -> Vec<(Step, u32, u8)> {
        self.groups_from(mask, w, 0, false)
    }

    /// [`Solver::groups`] from a state: the table melds used, and whether
    /// the hand has a meld of its own.
    fn groups_from(&mut self, mask: u32, w: u8, used_table: u8, own: bool) -> Vec<(Step, u32, u8)> {
        let half_wild = self.hand.rules.half_wild;
        let mut groups: Vec<(Step, u32, u8)> = Vec::new();
        let (mut mask, mut left, mut used_table, mut own) = (mask, w, used_table, own);
        while mask != 0 {
            if !half_wild && left as u32 >= 2 * mask.count_ones() {
                groups.push((Step::AllSets, mask, 0));
                break;
            }
            let c = if self.hand.least_in_vectors() {
                // Step 23: the choice found again from the costs.
                self.search(Goal::Least).choice_vec(mask, left, used_table, own)
            } else {
                let k = search::key_of(&self.hand.takers, self.hand.policy(), mask, left, used_table, own);
                self.memos.deadwood.get(k).expect("solved state").1
            };
            let group = (c.step, c.used, c.wilds);
            (mask, left, used_table, own) = after(group, (mask, left, used_table, own));
            groups.push(group);
        }
        groups
    }
}

/// The state a search goes on to after a group of an arrangement: its
/// cards taken, its wilds spent, the table meld it went onto used, or a
/// meld of the hand's own made.
fn after(
    (step, used, wilds): (Step, u32, u8),
    (mask, left, used_table, own): (u32, u8, u8, bool),
) -> (u32, u8, u8, bool) {
    match step {
        Step::Set | Step::Run => (mask & !used, left - wilds, used_table, true),
        Step::Lay { meld } => (mask & !used, left - wilds, used_table | 1 << meld, own),
        Step::Dead | Step::AllSets => (mask & !used, left - wilds, used_table, own),
    }
}

/// The memos the search for completing cards keeps: the slot's cards (and
/// under the half-wild limit, for each count of wilds), the counts of
/// wilds that meld (and with wilds free, for every count of wilds at
/// once), whether each state melds, and the groups laid off.
type CompleteMemos<'a> = (
    (&'a mut Memo<StateKey, u128>, &'a mut Memo<StateKey, u64>, &'a mut SlotPlans),
    &'a mut Vec<u128>,
    &'a mut Memo<StateKey, u64>,
    &'a mut CountVecs,
    &'a mut Memo<StateKey, u128>,
    &'a mut Memo<StateKey, (u16, Choice)>,
    &'a mut LayOffs,
);

/// The lists the search for completing cards reuses.
type CompletePools<'a> =
    (&'a mut Vec<Vec<(u32, u8)>>, &'a mut Vec<Vec<u32>>, &'a mut Vec<Vec<SlotRun>>, &'a mut Vec<Vec<Placed>>);

/// The search for completing cards over `h`, with the memos it keeps (its
/// own, whether the rest melds, the lay-off groups) and the lists it
/// reuses (runs, sets, runs with the slot).
fn complete_over<'a>(
    h: &'a Loaded,
    ((slots, slot_counts, plans), slot_sets, counts, count_vecs, lanes, melds, lay): CompleteMemos<'a>,
    (runs, sets, slot_runs, placed): CompletePools<'a>,
) -> Complete<'a> {
    Complete {
        memo: slots,
        gather: None,
        counted: slot_counts,
        slot_sets,
        counts,
        count_vecs: if h.counts_vectors { Some(count_vecs) } else { None },
        plans,
        live: h.live,
        reached: h.reached,
        reached_bits: &h.reached_at,
        lanes,
        wilds: h.wilds.len().min(250) as u8,
        placed,
        melds: Search {
            memo: melds,
            vecs: None,
            goal: Goal::AllMeld,
            policy: h.policy(),
            nat: &h.nat,
            table: &h.targets,
            rules: &h.rules,
            ace_high: h.ace_high,
            partners: &h.partners,
            wild: h.wilds_alone,
            takers: &h.takers,
            least: &h.least,
            pool: runs,
            lay,
        },
        nat: &h.nat,
        table: &h.targets,
        single: &h.single,
        anchors: &h.anchors,
        single_limited: &h.single_limited,
        rules: &h.rules,
        ace_high: h.ace_high,
        sets,
        runs: slot_runs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::parse_hand;

    fn hand(text: &str) -> Vec<Card> {
        parse_hand(text, &Rules { jokers: 2, ..Rules::default() }).unwrap()
    }

    /// Random words for the tests from `seed` (xorshift), the same each
    /// run.
    pub(super) fn random_words(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// `search::laid_off`, in each of its ways, against its meaning:
    /// every answer whose index lacks `m` takes the rest's answer with it;
    /// also for the first answers only, as many as a power of two (step 30
    /// of module `complete`), `m` among them or beyond.
    #[test]
    fn laid_off_takes_for_each_answer_without_the_meld_the_rest_with_it() {
        for t in 0..=MAX_TABLE_MELDS {
            let n = search::answers_of(t);
            for m in (0..t).map(|b| 1usize << b) {
                let rest: Vec<u32> = (0..n as u32).map(|a| 1000 + a * 7 % 13).collect();
                for first in (0..=t + 1).map(|b| 1usize << b) {
                    let mut out: Vec<u32> = (0..first as u32).map(|a| a * 5 % 11).collect();
                    let mut want = out.clone();
                    for (a, w) in want.iter_mut().enumerate() {
                        if a & m == 0 {
                            *w += rest[a | m];
                        }
                    }
                    search::laid_off(&mut out, &rest, m, 0, |o, c| *o += c);
                    assert_eq!(out, want, "{t} table melds, meld {m}, the first {first}");
                }
            }
        }
    }

    /// Step 30 of module `complete`: the table melds some natural could go
    /// onto are packed by the lowest natural each could take, then by their
    /// place, and a state whose lowest open card is `i` is read only for
    /// the sets of those a natural below `i` could take, the first of each
    /// half of its costs.
    #[test]
    fn the_costs_for_every_table_meld_used_are_packed_by_the_lowest_taker() {
        let mut takers = search::Takers::default();
        // Table meld 0 taken from natural 5 on, 1 from 0, 2 of wilds alone
        // (left out), 3 from 5 too, 4 from 2.
        for naturals in [0b110_0000, 0b1_0001, u32::MAX, 0b10_0000, 0b100] {
            takers.push(naturals, naturals);
        }
        let mut least = search::LeastMelds::new();
        least.load(0b1_1011, &takers);
        assert_eq!(least.answers(), 32);
        // Packed: 1, 4, 0, 3.
        assert_eq!(least.index(0b10, false), 1);
        assert_eq!(least.index(0b1_0000, false), 2);
        assert_eq!(least.index(0b1, false), 4);
        assert_eq!(least.index(0b1000, true), 8 | 16);
        for at in 0..16 {
            assert_eq!(least.index(least.used(at), false), at, "packed and back");
        }
        let reach: Vec<usize> = (0..=8).map(|i| least.reach(if i == 8 { 0 } else { 1 << i })).collect();
        // Below natural 0 none; below 1 and 2 table meld 1; below 3 to 5 also
        // 4; from 6 all four. With nothing open, all.
        assert_eq!(reach, [1, 2, 2, 4, 4, 4, 16, 16, 16]);
    }

    /// A hand the hunts found: a preset, its settings, the round, the
    /// table melds and the hand.
    type Found<'a> = (&'a str, &'a [(&'a str, &'a str)], usize, &'a [&'a str], &'a str);

    /// Tens, half wild, laying off, three decks, round 11, eight table
    /// melds, thirteen cards mostly of spades, before the draw (in the
    /// bench as `tens_half_wild_three_decks_eight_melds_of_spades_before_the_last_draw`).
    const SPADES_THREE_DECKS: Found<'static> = (
        "tens",
        &[("half_wild", "true"), ("lay_off", "true"), ("extra_rounds", "1"), ("decks", "3")],
        11,
        &[
            "Ah As Ac",
            "6s 7s 8s",
            "Ks 5s 6s",
            "6h 7h 8h 9h 10h",
            "2s 3s Kd",
            "7s 8s 9s",
            "9s 10s Js Qs Ks",
            "As Kh 3s",
        ],
        "6s Js Kh 8s 4s Qs 4s 5s 7s Kh 10s 3d 9s",
    );

    /// The rules, the table and the cards of a hand the hunts found.
    fn found((preset, settings, round, onto, text): Found) -> (Rules, Table, Vec<Card>) {
        let mut rules = Rules::preset(preset).unwrap();
        for (k, v) in settings {
            rules.set(k, v).unwrap();
        }
        let wild = rules.deal(round).unwrap().wild;
        let parse = |text: &str| parse_hand(text, &rules).unwrap();
        let table = Table::new(&rules, wild).with_onto(onto.iter().map(|m| parse(m)).collect()).unwrap();
        let cards = parse(text);
        (rules, table, cards)
    }

    /// The outs of `hand` under `table` by the search of every state (no
    /// card found once, module `complete`, step 37 off), with the solver
    /// that asked them.
    fn outs_of_every_state(hand: &[Card], table: &Table) -> (Solver, CardSet) {
        let mut every = Solver::new();
        every.gather_limited = false;
        every.load_for_deadwood(hand, table);
        let outs = every.outs_less(&[]);
        (every, outs)
    }

    /// `cards`, `cards` less each card, and `cards` with each of `extras`
    /// less every `step`-th card: hands near a hand the hunts found.
    fn around(rules: &Rules, cards: &[Card], extras: &[&str], step: usize) -> Vec<Vec<Card>> {
        let mut hands = vec![cards.to_vec()];
        for i in 0..cards.len() {
            hands.push([&cards[..i], &cards[i + 1..]].concat());
        }
        for extra in extras {
            let mut more = cards.to_vec();
            more.extend(crate::hand::parse_cards(extra, rules).unwrap());
            for i in (0..more.len()).step_by(step) {
                hands.push([&more[..i], &more[i + 1..]].concat());
            }
        }
        hands
    }

    /// `cards` less one copy of `c`.
    fn less(cards: &[Card], c: Card) -> Vec<Card> {
        let mut rest = cards.to_vec();
        rest.remove(rest.iter().position(|&r| r == c).unwrap());
        rest
    }

    /// Each discard's deadwood is a fresh solver's of the hand less it.
    fn assert_each_discard_fresh(discards: Vec<crate::analysis::Discard>, cards: &[Card], table: &Table) {
        for d in discards {
            assert_eq!(d.deadwood, Solver::new().deadwood(&less(cards, d.card), table), "less {}", d.card);
        }
    }

    fn dw(rules: &Rules, wild: u8, text: &str) -> u32 {
        let table = Table::new(rules, Rank::new(wild).unwrap());
        let a = Solver::new().solve(&hand(text), &table);
        assert_eq!(a.deadwood, Solver::new().deadwood(&hand(text), &table));
        let melded: usize = a.melds.iter().map(|m| m.cards.len()).sum();
        assert_eq!(melded + a.unmelded.len(), hand(text).len(), "{a:?}");
        a.deadwood
    }

    /// The order of the search (step 2): by suit where more of the table
    /// melds are runs, unless the least deadwood takes more than `LOOK`
    /// states that way and the other order finds it first; by rank
    /// without table melds. The answers are the same either way.
    #[test]
    fn the_order_follows_the_table_melds_and_the_first_search() {
        let order = |preset: &str, settings: &[(&str, &str)], round: usize, onto: &[&str], hand: &str| {
            let (_, table, hand) = found((preset, settings, round, onto, hand));
            let mut solver = Solver::new();
            solver.load(&hand, &table);
            let by_suit = solver.hand.nat.by_suit;
            // The other order gives the same least deadwood and outs.
            let mut other = Solver::new();
            other.load_in(&hand, &table, Order::Given(!by_suit));
            assert_eq!(other.hand.nat.by_suit, !by_suit);
            assert_eq!(solver.deadwood_less(&[]), other.deadwood_less(&[]));
            for &c in &hand {
                assert_eq!(solver.outs_after(c), other.outs_after(c), "{hand:?} less {c}");
            }
            by_suit
        };
        let strict =
            [("half_wild", "true"), ("all_wild_melds", "false"), ("kings_wild", "true"), ("decks", "3")];
        // Six table runs and two sets: by suit.
        let mut settings = strict.to_vec();
        settings.extend([("extra_rounds", "1"), ("wild_value", "20")]);
        assert!(order(
            "strict",
            &settings,
            12,
            &SIX_RUNS_TWO_SETS,
            "3s 7h 5h Qc 6s Ks 4s 10h 7s 5s 4h Ks 3d 6h Kd"
        ));
        // Five table runs and three sets, guessed by suit; but the least
        // deadwood takes far fewer states by rank, which is kept.
        let guessed = [
            "2c 5s 5c 5d",
            "7c 8c 9c 10c",
            "7h 8h 9h 10h Jh",
            "2c 3c 4c 5c",
            "2h Kh Ks",
            "6c 6s 2s",
            "2d 3d 4d",
            "9d 10d Jd",
        ];
        let settings = [
            ("half_wild", "true"),
            ("all_wild_melds", "true"),
            ("ace_high", "true"),
            ("extra_rounds", "2"),
            ("wild_value", "face"),
        ];
        assert!(!order(
            "strict",
            &settings,
            13,
            &guessed,
            "5s 6s 6c 8h 10d 6h Kh 6d 6h Ks 6d Kc 5h 5d 2h 8d"
        ));
        // No table melds: by rank.
        assert!(!order("strict", &settings, 13, &[], "5s 6s 6c 8h 10d 6h Kh 6d 6h Ks 6d Kc 5h 5d 2h 8d"));
    }

    /// Standard with no meld of wilds alone, laying off, aces high, two
    /// rounds more and three decks: the settings of two slow hands with
    /// wilds free before the last draw.
    const NO_WILD_MELDS_ACE_HIGH: &[(&str, &str)] = &[
        ("all_wild_melds", "false"),
        ("lay_off", "true"),
        ("ace_high", "true"),
        ("extra_rounds", "2"),
        ("decks", "3"),
    ];

    /// Step 23 with five to eight table melds: the least deadwood of each
    /// hand, less each of its cards, found for every table meld used at
    /// once, is the one found a set of table melds used at a time, for
    /// the slowest hands the hunts found and each of them one card short.
    #[test]
    fn many_table_melds_give_the_same_deadwood_for_every_table_meld_used_at_once() {
        const TWO_JOKERS: &[(&str, &str)] = &[
            ("half_wild", "true"),
            ("ace_high", "false"),
            ("jokers", "2"),
            ("extra_rounds", "2"),
            ("decks", "3"),
        ];
        let hands: [Found; 6] = [
            (
                "strict",
                TWO_JOKERS,
                13,
                &[
                    "2c 3c 4c 5c 6c",
                    "4c 5c 6c 2c 8c",
                    "Ac 2c 3c 4c 5c",
                    "2d 3d 4d 5d",
                    "2h Ah Ac Ah",
                    "7d 7c 2h",
                    "4d 5d 6d 7d 8d",
                    "Ad Ah Ad",
                ],
                "2h JK Jc 7h 7c Ac 2s Qc 2d 8c Ad 3c 7c 10c 9c 9c",
            ),
            (
                "standard",
                NO_WILD_MELDS_ACE_HIGH,
                13,
                &["2h Jd Qd", "10d 2h Qd Kd", "8d 9d 10d Jd", "5d 2s 7d", "9s 2s Js"],
                "Qs Kd Ad 6s 3d 2d 9d Ad 10d 2c 7d 6d 4d Jd 2d 8d",
            ),
            (
                "strict",
                TWO_JOKERS,
                13,
                &[
                    "2c 3c 4c 5c 6c",
                    "7d 8d 9d 10d 2h",
                    "9d 10d Jd",
                    "3s 4s 5s 6s JK",
                    "2h Ah Ac Ah",
                    "6d 6h 6h 6h",
                    "6d 2c 8d",
                    "2s Ah Ad",
                ],
                "6c 2h 9h Ad 3d 2s JK 2d 2d Ac 6s 5d As 6d Ad 4d",
            ),
            (
                "tens",
                &[("half_wild", "true"), ("lay_off", "true"), ("extra_rounds", "2"), ("kings_wild", "true")],
                12,
                &TENS_DIAMONDS_AND_SIX_OTHERS,
                "4h 6d 9d Jd Ac 6c 6c Ad Qs 3d 7d 6s 10d Kd 6h",
            ),
            (
                "standard",
                &[("lay_off", "true"), ("extra_rounds", "1"), ("kings_wild", "false"), ("decks", "3")],
                12,
                &[
                    "8c 9c 10c Jc",
                    "Ad 2d 3d 4d 5d",
                    "3c 4c 5c 6c",
                    "As 5c 6c",
                    "6c Ac 8c 9c",
                    "7h 8h 9h 10h Jh",
                ],
                "8c As 9c 7c 7c 6d 7c 8d 10c 6h Kc Ad 10h 7d 7h",
            ),
            (
                "strict",
                &[("half_wild", "true"), ("extra_rounds", "1"), ("kings_wild", "false"), ("decks", "3")],
                12,
                &[
                    "7c 8c 9c",
                    "Jh Qh Kh",
                    "Ac 2c 3c 4c Ac",
                    "As 2s 3s",
                    "4h 5h 6h 7h 8h",
                    "5d 5d Ac 5d",
                    "2s 3s Ad",
                ],
                "4s Ks 8s 10c 6c 5c 9s Ah 6s 6s 10h 5s As 7s 3s",
            ),
        ];
        for hand in hands {
            let (_, table, full) = found(hand);
            let text = hand.4;
            assert!(table.onto.len() >= LANES_FROM, "{text}");
            // A set of table melds used at a time.
            let one_at_a_time = |cards: &[Card]| {
                let mut solver = Solver::new();
                solver.load(cards, &table);
                solver.hand.vectors = false;
                solver.deadwood_less(&[])
            };
            for cards in [full.clone(), full[..full.len() - 1].to_vec()] {
                let mut solver = Solver::new();
                solver.load_for_deadwood(&cards, &table);
                solver.hand.vectors = true;
                assert_eq!(solver.deadwood_less(&[]), one_at_a_time(&cards), "{cards:?}");
                for &c in &cards {
                    let rest = less(&cards, c);
                    let want = one_at_a_time(&rest);
                    assert_eq!(solver.deadwood_less(&[c]), want, "{cards:?} less {c}");
                    assert_eq!(solver.solve_less(&[c]).deadwood, want, "{cards:?} less {c}");
                }
            }
        }
    }

    /// Step 27 of module `complete`: under the half-wild limit with many
    /// table melds, the outs of the slow hands before the draw, of each
    /// less each of its cards, and of each with a card more less each
    /// card, for every set of table melds used at once and one set at a
    /// time, are the same; and step 27 answers where the solver says.
    #[test]
    fn the_outs_with_many_table_melds_are_the_same_for_every_table_meld_used_at_once() {
        let hands: [Found; 4] = [
            HALF_WILD_FOUR_JACKS,
            (
                "strict",
                &[("half_wild", "true"), ("extra_rounds", "1"), ("kings_wild", "false"), ("decks", "3")],
                12,
                &[
                    "7c 8c 9c",
                    "Jh Qh Kh",
                    "Ac 2c 3c 4c Ac",
                    "As 2s 3s",
                    "4h 5h 6h 7h 8h",
                    "5d 5d Ac 5d",
                    "2s 3s Ad",
                    "5h 5s 5h 5c",
                ],
                "4s Ks 8s 10c 6c 5c 9s Ah 6s 6s 10h 5s As 7s",
            ),
            (
                "tens",
                &[("half_wild", "true"), ("lay_off", "true"), ("jokers", "0")],
                11,
                &[
                    "6c 7c 8c 9c 10c",
                    "7s 8s Kh",
                    "Kc Qd Qh",
                    "2c 3c 4c 5c",
                    "9c 10c Jc Qc Kc",
                    "8h 8c Kh 8h",
                    "Ad 2d 3d 4d",
                    "6h Ks 6h",
                ],
                "Jc 4c 5c Ac 2c Ks Kd Qc Kd 7h Ac 3c 6c",
            ),
            (
                "five-crowns",
                &[("half_wild", "true"), ("all_wild_melds", "true"), ("lay_off", "true")],
                11,
                &["Qs Qs Kd Qr", "6d JK 8d 9d 10d", "7h 8h 9h", "7c 8c 9c 10c", "Kh Js Jh"],
                "Jh Kc JK Qc Jc Qr Kd 7r Jd Qd Jr Qd Qh",
            ),
        ];
        let mut asked = 0;
        for hand in hands {
            let (rules, table, cards) = found(hand);
            let text = hand.4;
            for hand in &around(&rules, &cards, &["Kc", "5h", "9d"], 3) {
                let (_, at_once) = outs_at_once_and_one_set(hand, &table, text);
                asked += at_once.hand.counts_vectors as usize;
            }
        }
        assert!(asked > 60);
    }

    /// The outs of `hand` asked with step 27 of module `complete` from
    /// one table meld on, and a set of table melds used at a time: the
    /// same. The outs, and the solver that asked at once.
    fn outs_at_once_and_one_set(hand: &[Card], table: &Table, what: &str) -> (CardSet, Solver) {
        let mut at_once = Solver::new();
        at_once.counts_from = 1;
        at_once.load_for_deadwood(hand, table);
        let mut one_set = Solver::new();
        one_set.counts_from = usize::MAX;
        one_set.load_for_deadwood(hand, table);
        let outs = one_set.outs_less(&[]);
        assert_eq!(at_once.outs_less(&[]), outs, "{what}: {hand:?}");
        assert!(!one_set.hand.counts_vectors);
        (outs, at_once)
    }

    /// Step 27 of module `complete` with a plane for each count of wilds
    /// up to one more than seven, over eight reached table melds (planes
    /// past the 512 bytes most hands' fit in): the outs of the hand, less
    /// each card and with a card more, the same as a set of table melds
    /// used at a time.
    #[test]
    fn the_outs_of_many_wilds_onto_many_table_melds_are_the_same_at_once() {
        let (rules, table, cards) = found((
            "strict",
            &[("half_wild", "true"), ("extra_rounds", "2"), ("decks", "3"), ("jokers", "2")],
            13,
            // The table of the bench's hand of fifteen clubs, by suit.
            &[
                "2c 3c 4c 5c 6c",
                "2c 3c 4c",
                "9c 10c Jc Qc",
                "10c Jc 2s",
                "4s 5s 6s 7s 8s",
                "5s 6s 2c 8s",
                "7h 7c 7h 7h",
                "6d 2h 6d",
            ],
            "2c 2d 2h 2s 2c JK JK 9s 7d 5c Kc 6h 8c 3d 10h",
        ));
        let (mut found_some, mut wide) = (false, 0);
        for hand in &around(&rules, &cards, &["7s", "Ac"], 4) {
            let (outs, at_once) = outs_at_once_and_one_set(hand, &table, "seven wilds");
            // Nine planes of eight words each.
            wide += (at_once.hand.reached == u8::MAX && at_once.hand.wilds.len() >= 7) as usize;
            found_some |= outs != CardSet::EMPTY;
        }
        assert!(found_some && wide > 5, "{wide}");
    }

    /// Step 36 of module `complete`: under the half-wild limit, step 27
    /// searches its states with the table melds no natural of the hand
    /// could go onto used, and adds their room apart. Whether the open
    /// cards meld, for each count of wilds up to one more than the hand's,
    /// each set of table melds used and meld of the hand's own or not,
    /// with a discard owed or not, is the same as each set searched apart:
    /// for every set of at most two open cards (where a hand that keeps
    /// no meld may discard its last card), the hand less one or two, and
    /// sets drawn at random.
    #[test]
    fn step_27_with_the_room_of_melds_no_natural_takes_added_apart_is_each_sets_own() {
        let hands: [Found; 2] = [
            (
                "tens",
                &[("half_wild", "true"), ("lay_off", "true"), ("extra_rounds", "1"), ("decks", "3")],
                11,
                &["Ah As Ac", "6s 7s 8s", "Ks 5s 6s", "6h 7h 8h 9h 10h", "2s 3s Kd", "As Kh 3s"],
                "6s Js Kh 8s 4s Qs 4s 5s 7s Kh 10s 3d 9s",
            ),
            (
                "tens",
                &[("half_wild", "true"), ("lay_off", "true"), ("jokers", "0")],
                11,
                &["6c 7c 8c 9c 10c", "Kc Qd Qh", "2c 3c 4c 5c", "8h 8c Kh 8h", "Ad 2d 3d 4d"],
                "Jc 4c 5c Ac 2c Ks Kd Qc 7h Ac 3c 6c",
            ),
        ];
        for hand in hands {
            let (_, table, cards) = found(hand);
            let text = hand.4;
            let mut at_once = Solver::new();
            at_once.counts_from = 1;
            at_once.load_for_deadwood(&cards, &table);
            let mut one_set = Solver::new();
            one_set.counts_from = usize::MAX;
            one_set.load_for_deadwood(&cards, &table);
            assert_eq!(at_once.outs_less(&[]), one_set.outs_less(&[]), "{text}");
            assert!(at_once.hand.counts_vectors && !one_set.hand.counts_vectors, "{text}");
            let spare = at_once.hand.live & !at_once.hand.reached;
            assert!(spare.count_ones() >= 2, "{text}: {spare:b}");
            let n = at_once.hand.nat.cards.len();
            let full = (1u32 << n) - 1;
            let mut masks: Vec<u32> = vec![0];
            for i in 0..n {
                masks.push(1 << i);
                masks.push(full & !(1 << i));
                for j in i + 1..n {
                    masks.push(1 << i | 1 << j);
                    masks.push(full & !(1 << i | 1 << j));
                }
            }
            let mut next = random_words(0x9e37_79b9_7f4a_7c15);
            for _ in 0..60 {
                masks.push(next() as u32 & full);
            }
            let most = at_once.hand.wilds.len() as u8 + 1;
            let melds = 1u16 << table.onto.len();
            let mut yes = 0;
            for &mask in &masks {
                for used in 0..melds {
                    for (discard, own) in [(false, false), (false, true), (true, false), (true, true)] {
                        for w in 0..=most {
                            let asked = |s: &mut Solver| {
                                s.complete().rest_melds_limited(discard, mask, w, used as u8, own)
                            };
                            let want = asked(&mut one_set);
                            assert_eq!(
                                asked(&mut at_once),
                                want,
                                "{text}: {mask:b} with {w} wilds, {used:b} used, own {own}, discard {discard}"
                            );
                            yes += want as usize;
                        }
                    }
                }
            }
            assert!(yes > 1000, "{text}: {yes}");
        }
    }

    /// Step 37 of module `complete`: under the half-wild limit, the outs
    /// of the whole hand are one search that shares each card as soon as
    /// a state finds it for a count of wilds that completes the whole
    /// hand, and does not search a state that could find no other. The
    /// outs of slow hands the hunts found, of each less each card, and of
    /// each with a card more less a card, are those of the search of every
    /// state, each with a solver of its own; and so are they where the
    /// cards not found are asked meld by meld (step 39) from the start, or
    /// after a few states, and where the search takes over again after a
    /// few melds asked, or none.
    #[test]
    fn the_outs_under_the_limit_found_once_are_every_states() {
        let hands: [Found; 9] = [
            // Small hands whose outs a card found with too few wilds or a
            // table meld's run too far would change; and one whose cards
            // drawn could all go onto table melds, but a meld of its own
            // it must keep.
            (
                "standard",
                &[("half_wild", "true"), ("lay_off", "true")],
                1,
                &["4h 5h 6h", "9c 10c Jc"],
                "7h Qc Kd",
            ),
            (
                "tens",
                &[("half_wild", "true"), ("lay_off", "true"), ("jokers", "0"), ("kings_wild", "true")],
                3,
                &[],
                "10s Js Kc Ks Kc",
            ),
            (
                "tens",
                &[("half_wild", "true"), ("lay_off", "true"), ("jokers", "0"), ("kings_wild", "true")],
                6,
                &["7d 7c 7s"],
                "Ks Ks Kc 6c 8s 8s Kd 10d",
            ),
            (
                "strict",
                &[
                    ("half_wild", "true"),
                    ("lay_off", "true"),
                    ("decks", "3"),
                    ("jokers", "1"),
                    ("kings_wild", "true"),
                ],
                4,
                &["4h 4s 4h", "7h 8h 9h", "2s 3s 4s"],
                "Kh 5d 6h 4h 7h 5s",
            ),
            (
                "strict",
                &[("half_wild", "true"), ("extra_rounds", "2"), ("kings_wild", "true")],
                13,
                &[
                    "7d 8d 9d 2d Jd",
                    "3s Ks 5s 6s",
                    "10s 2h Qs Ks",
                    "2h 3h 4h 5h",
                    "4h 5h 6h 7h Kd",
                    "9c 10c Jc Kc",
                    "Kd 3d 4d 5d 6d",
                    "7c 8c 9c 10c",
                ],
                "Ad As 7s 7c 6d 6c Ah Ac Ad 6s 2c Ah 2s 7d Qs",
            ),
            SPADES_THREE_DECKS,
            (
                "strict",
                &[
                    ("half_wild", "true"),
                    ("lay_off", "true"),
                    ("jokers", "2"),
                    ("extra_rounds", "1"),
                    ("kings_wild", "false"),
                    ("decks", "3"),
                ],
                12,
                &[
                    "4s 4s 4h Ah",
                    "9c 10c Jc Qc",
                    "Ad 6h 7h 8h 9h",
                    "Ac Qc Kc",
                    "3c 4c Ah 6c 7c",
                    "As 3c 4c 5c 6c",
                    "2c JK 2h",
                    "As 8c 9c",
                ],
                "4d 9c 5d JK 4h 7c 5c 10c 4s 8c 4c Jc 2c 7s",
            ),
            (
                "standard",
                &[
                    ("half_wild", "true"),
                    ("lay_off", "true"),
                    ("jokers", "2"),
                    ("kings_wild", "true"),
                    ("wild_value", "20"),
                ],
                11,
                &[
                    "5d 6d Ks",
                    "4d 5d JK",
                    "7c 7s 7c",
                    "6d Kc 8d 9d 10d",
                    "3s 3h JK",
                    "8c 8c 8s Kh",
                    "2c 2c 2s",
                ],
                "4d Jd 8d Kd 6s 7d 7d 2d 10d 3d Kc 9d Qd",
            ),
            (
                "strict",
                &[("half_wild", "true"), ("all_wild_melds", "true"), ("ace_high", "true"), ("jokers", "2")],
                10,
                &["10d Qs Qd Kd", "4d 5d 6d 7d", "Qs 3d 4d"],
                "2d 6d 4h 5d 9d Ad 7d 8d Jh 3d JK Ac",
            ),
        ];
        let mut differ = 0;
        for hand in hands {
            let (rules, table, cards) = found(hand);
            let text = hand.4;
            for hand in &around(&rules, &cards, &["5s", "9d"], 4) {
                let mut once = Solver::new();
                once.load_for_deadwood(hand, &table);
                let (_, outs) = outs_of_every_state(hand, &table);
                // Meld by meld from the start, and after a few states; and
                // back to the search after a few melds, or none; and the
                // two in turn from a state and a meld, each bound four times
                // the last each turn; and more melds first where the
                // search found none, within a few states of the rests'
                // searches, or one.
                const MOST: [(usize, usize, usize, usize); 9] = [
                    (0, usize::MAX, usize::MAX, usize::MAX),
                    (24, usize::MAX, usize::MAX, usize::MAX),
                    (24, 4, 4, usize::MAX),
                    (0, 0, 0, usize::MAX),
                    (1, 1, 1, usize::MAX),
                    (24, 4, 64, usize::MAX),
                    (1, 1, 16, usize::MAX),
                    (24, 4, 64, 8),
                    (0, 0, usize::MAX, 1),
                ];
                let meld_by_meld = MOST.map(|most| {
                    let mut solver = Solver::new();
                    solver.slot_states_most = most;
                    solver.load_for_deadwood(hand, &table);
                    solver.outs_less(&[])
                });
                let hand: Vec<String> = hand.iter().map(|c| c.ascii()).collect();
                let hand = hand.join(" ");
                assert_eq!(once.outs_less(&[]), outs, "{text}: {hand}");
                // And again, the memos of the first kept.
                assert_eq!(once.outs_less(&[]), outs, "{text}: {hand}");
                for ((states, melds, none, rests), found) in MOST.into_iter().zip(meld_by_meld) {
                    assert_eq!(
                        found, outs,
                        "{text}: {hand}, meld by meld after {states} states, {melds} melds ({none} within {rests} states where none found)"
                    );
                }
                differ += (outs != CardSet::EMPTY && outs != CardSet::ALL) as usize;
            }
        }
        assert!(differ > 40, "{differ}");
    }

    /// Step 39 of module `complete`: where the search's first states
    /// found no card it looks for, the melds are asked first within
    /// `MELDS_ASKED_NONE_FOUND`, else within `MELDS_ASKED_MOST`, four times
    /// more each turn after; the outs are those of the search of every
    /// state, and the same with the other first bound.
    #[test]
    fn the_melds_are_asked_first_within_more_where_the_search_found_none() {
        // The `tens` hand of eights the hunts found: its search's first
        // states find none of its outs.
        let none: Found = (
            "tens",
            &[
                ("half_wild", "true"),
                ("all_wild_melds", "true"),
                ("lay_off", "true"),
                ("jokers", "1"),
                ("extra_rounds", "1"),
                ("kings_wild", "true"),
                ("decks", "3"),
            ],
            12,
            &[
                "7h 7d 7h",
                "9s 10s Ac Qs Ks",
                "3s 4s 5s 6s",
                "Kd 2c 3c",
                "8d 8h Kc",
                "9c 10c Jc",
                "Ac 2c 3c 4c 5c",
                "9c 10c Jc",
            ],
            "8s Kh 3c 8c 8h 8d 8c 8h 7c Ah Qs 8s 8c 7s",
        );
        // A hand of hearts whose search finds most of its outs first.
        let most: Found = (
            "strict",
            &[
                ("half_wild", "true"),
                ("ace_high", "true"),
                ("extra_rounds", "2"),
                ("kings_wild", "true"),
                ("decks", "2"),
            ],
            13,
            &[
                "Kd 3s 3s",
                "Ad 2d 3d 4d 5d",
                "4h Kh 6h",
                "4h 5h 6h 7h",
                "9s 10s Js Qs 2h",
                "7d 7s 7d",
                "8d 8h 8d 8c",
            ],
            "8h Ah Jh Qh 10h Kd 3h 9h 5h 10h 9h 3h 7h 10d Ah",
        );
        for (hand, first) in [(none, MELDS_ASKED_NONE_FOUND), (most, MELDS_ASKED_MOST)] {
            let (_, table, cards) = found(hand);
            let (_, outs) = outs_of_every_state(&cards, &table);
            complete::MELDS_ASKED.with(|a| a.borrow_mut().clear());
            let mut solver = Solver::new();
            solver.load_for_least(&cards, &table);
            assert_eq!(solver.outs_less(&[]), outs, "{}", hand.4);
            let asked = complete::MELDS_ASKED.with(|a| a.borrow().clone());
            assert_eq!(asked.first(), Some(&first), "{}: {asked:?}", hand.4);
            for (k, pair) in asked.windows(2).enumerate() {
                assert_eq!(pair[1], pair[0] * 4, "{}: turn {k} of {asked:?}", hand.4);
            }
            // With the first bound the other's, the same outs.
            let other = if first == MELDS_ASKED_MOST { MELDS_ASKED_NONE_FOUND } else { MELDS_ASKED_MOST };
            let mut solver = Solver::new();
            solver.slot_states_most = (SLOT_STATES_MOST, other, other, RESTS_KEPT_NONE_FOUND);
            solver.load_for_least(&cards, &table);
            assert_eq!(solver.outs_less(&[]), outs, "{}", hand.4);
        }
    }

    /// Step 38 of module `complete`: the cards no meld of the search
    /// could take hold no out. On hands the hunts found, each less each
    /// card and each with a card more less a card, every natural out of
    /// the search of every state lies among the cards some meld could
    /// take; and the slowest hand found leaves out the cards no meld takes
    /// (`5h` beside its `Ah` would need three wilds between two naturals),
    /// but not the cards near its naturals.
    #[test]
    fn the_cards_no_meld_could_take_hold_no_out() {
        let slowest: Found = (
            "strict",
            &[
                ("half_wild", "true"),
                ("all_wild_melds", "true"),
                ("extra_rounds", "2"),
                ("kings_wild", "false"),
                ("decks", "3"),
            ],
            13,
            &[
                "2d Ad As",
                "9c 10c Jc Qc Kc",
                "9c 10c Jc",
                "2s 3s 4s 5s 6s",
                "7h 7d 7d 7c",
                "2c 3c 4c 5c 6c",
                "2c 3c 4c 5c",
                "6s 6s 2h",
            ],
            "2c 9c Ac Jc 7c 7c Qc Ah 8c Kc 2s 10h 7s 2d 6c",
        );
        let hands: [Found; 3] = [
            slowest,
            (
                "tens",
                &[("half_wild", "true"), ("lay_off", "true"), ("jokers", "0"), ("kings_wild", "true")],
                6,
                &["7d 7c 7s"],
                "Ks Ks Kc 6c 8s 8s Kd 10d",
            ),
            (
                "five-crowns",
                &[("half_wild", "true"), ("lay_off", "true"), ("decks", "3")],
                11,
                &["Kr 4c 5c 6c", "8d 8r 8d", "7c 7h 7r 7h", "3c 4c 5c Ks", "4d 5d 6d", "JK 10s Js"],
                "7s 8d 8s 8c 9c 8r 8h 8c 8c 8s 7c Qd Kh",
            ),
        ];
        let takes_of = |solver: &mut Solver| {
            let (mask, w, _) = solver.hand.less(&[]);
            solver.counts_ready();
            let takes = solver.complete().cards_any_meld_takes(mask, w);
            move |c: Card| takes >> c.index() & 1 != 0
        };
        let mut left_out = 0;
        for hand in hands {
            let (rules, table, cards) = found(hand);
            let text = hand.4;
            let naturals: Vec<Card> = rules.deck().cards().filter(|c| !table.is_wild(*c)).collect();
            for hand in &around(&rules, &cards, &["5s", "9d"], 3) {
                let (mut every, outs) = outs_of_every_state(hand, &table);
                if outs == CardSet::ALL {
                    continue;
                }
                let takes = takes_of(&mut every);
                for &c in &naturals {
                    assert!(!outs.contains(c) || takes(c), "{text}: {c} is an out no meld takes");
                }
                left_out += naturals.iter().filter(|&&c| !takes(c)).count();
            }
        }
        assert!(left_out > 400, "{left_out}");
        let (_, table, cards) = found(slowest);
        let mut solver = Solver::new();
        solver.load_for_deadwood(&cards, &table);
        let takes = takes_of(&mut solver);
        for c in ["3s", "3d", "4d", "5d", "5h"] {
            assert!(!takes(crate::hand::parse_cards(c, &table.rules).unwrap()[0]), "{c}");
        }
        for c in ["3h", "4h", "5c", "8c", "Kc"] {
            assert!(takes(crate::hand::parse_cards(c, &table.rules).unwrap()[0]), "{c}");
        }
        // A hand whose only outs are wilds, each standing for a card of the
        // wild rank (`3c`), which the search does not look for: with no
        // card left to look for, it finds none, and the wilds are asked
        // apart.
        let (_, table, cards) = found((
            "standard",
            &[("half_wild", "true"), ("all_wild_melds", "false"), ("decks", "1"), ("jokers", "1")],
            1,
            &[],
            "2c Ac 4c",
        ));
        let mut solver = Solver::new();
        solver.load_for_deadwood(&cards, &table);
        assert_eq!(solver.outs_less(&[]), CardSet::from_bits(1 << Card::JOKER.index()));
    }

    /// The outs under the half-wild limit raced in both orders
    /// (`Solver::outs_limited_raced`): two hands the hunts found, whose
    /// outs take far fewer states in the order by suit than in the one
    /// loaded, take the other order, and one whose outs are quicker as
    /// loaded keeps it. The outs of each, and of each less each of its
    /// cards, are those found with no race, and the hand is loaded as it
    /// was after.
    #[test]
    fn the_outs_raced_into_the_other_order_are_the_same() {
        let hands: [(Found, bool); 3] = [
            (
                (
                    "strict",
                    &[("half_wild", "true"), ("lay_off", "true"), ("extra_rounds", "2")],
                    13,
                    &[
                        "Jh Jd Jd",
                        "9c 9c 9s",
                        "2s 3s 4s 5s 6s",
                        "2c 10s Js",
                        "8c 8d 8d 8s",
                        "7h 8h 2d",
                        "10d 2s Qd Kd",
                        "7h 8h 2h",
                    ],
                    "9h 10h Jh 2c Js 7s 6h 9s 2d Qh 8s 10s Ac Qs Kh",
                ),
                true,
            ),
            (
                (
                    "strict",
                    &[("half_wild", "true"), ("ace_high", "true"), ("extra_rounds", "2"), ("decks", "3")],
                    12,
                    &[
                        "7s 8s Ah",
                        "7s 8s 9s",
                        "As 2s 3s Ad",
                        "Ad 2d Ac 4d",
                        "5h 5c 5d As",
                        "8d 9d 10d Jd As",
                        "5s 6s 7s 8s",
                        "Ad 2c 2h",
                    ],
                    "Qs Ac 7d 5s 3h Js 5d 4s 6d 6s 10s 5s Ac 9s",
                ),
                true,
            ),
            (
                (
                    "tens",
                    &[
                        ("half_wild", "true"),
                        ("lay_off", "true"),
                        ("extra_rounds", "2"),
                        ("kings_wild", "false"),
                        ("wild_value", "face"),
                    ],
                    13,
                    &[
                        "10d 10s 10s",
                        "2h 5c 6c 7c",
                        "8s 9s 2c Js Qs",
                        "4c 5c 6c 7c 8c",
                        "7d 8d 9d 10d",
                        "Kd Kd Kh 2s",
                        "9d 9h 2d 9s",
                        "3h 2c 5h 6h",
                    ],
                    "Jc 10c Qc 9c As 9h 2h 7d Kc 2d Ad 8c Ac Ah 2s",
                ),
                false,
            ),
        ];
        for (hand, switches) in hands {
            let (_, table, cards) = found(hand);
            let text = hand.4;
            let mut raced = Solver::new();
            raced.load_for_least(&cards, &table);
            let mut plain = Solver::new();
            plain.race = false;
            plain.load_for_least(&cards, &table);
            let by_suit = raced.hand.nat.by_suit;
            assert_eq!(raced.outs_less(&[]), plain.outs_less(&[]), "{text}");
            assert_eq!(raced.raced_to_other, switches as usize, "{text}");
            assert_eq!(raced.hand.nat.by_suit, by_suit, "{text}: loaded as it was");
            for c in crate::analysis::distinct(&cards) {
                assert_eq!(raced.outs_less(&[c]), plain.outs_less(&[c]), "{text} less {c}");
                assert_eq!(
                    raced.solve_less(&[c]).deadwood,
                    plain.solve_less(&[c]).deadwood,
                    "{text} less {c}"
                );
            }
            assert_eq!(plain.raced_to_other, 0);
        }
    }

    /// Under the half-wild limit with many table melds, the outs ask step
    /// 27 of module `complete` for every table meld used at once, or a set
    /// at a time, as the race of the two ways on whether the cards meld
    /// with a wild more decides (`Solver::at_once_quicker`): the outs are
    /// each way's alone, for a hand each way wins (the first a set at a
    /// time in 197 states where at once takes 507; the second at once in
    /// 302, where a set at a time takes 6,752), whole and less each card,
    /// the race's bounds as they are and others.
    #[test]
    fn the_outs_are_each_ways_whichever_step_27_asks() {
        let hands: [(Found, bool); 2] = [
            (SPADES_THREE_DECKS, false),
            (
                (
                    "five-crowns",
                    &[("half_wild", "true"), ("lay_off", "true"), ("decks", "3")],
                    11,
                    &[
                        "Kr 4c 5c 6c",
                        "8d 8r 8d",
                        "7c 7h 7r 7h",
                        "3c 4c 5c Ks",
                        "4d 5d 6d",
                        "7c Kd 9c",
                        "JK 10s Js",
                        "3s 4s 5s 6s",
                    ],
                    "7s 8d 8s 8c 9c 8r 8h 8c 8c 8s 7c Qd Kh",
                ),
                true,
            ),
        ];
        for (hand, at_once) in hands {
            let (_, table, cards) = found(hand);
            let text = hand.4;
            let distinct = crate::analysis::distinct(&cards);
            let mut wants = Vec::new();
            for less in std::iter::once(None).chain(distinct.iter().map(Some)) {
                let less: Vec<Card> = less.into_iter().copied().collect();
                let each = [true, false].map(|vectors| {
                    let mut solver = Solver::new();
                    solver.counts_from = if vectors { 1 } else { usize::MAX };
                    solver.load_for_least(&cards, &table);
                    solver.outs_less(&less)
                });
                assert_eq!(each[0], each[1], "{text} less {less:?}");
                wants.push((less, each[0]));
            }
            // Asked alone: the way that wins finishing in the first turn,
            // after many turns, and at once past a set at a time's most.
            for (modes, at_once) in
                [((600, usize::MAX), at_once), ((1, usize::MAX), at_once), ((1, 64), true)]
            {
                let mut solver = Solver::new();
                solver.counts_from = 1;
                solver.modes = modes;
                solver.load_for_least(&cards, &table);
                solver.counts_ready();
                let (mask, w, _) = solver.hand.less(&[]);
                assert_eq!(solver.at_once_quicker(mask, w, usize::MAX), Some(at_once), "{text}, {modes:?}");
            }
            // The bounds as they are, the first so small that each way
            // turns many times, the first so large that one finishes in the
            // first turn, and no most.
            for modes in
                [(MODES_FIRST, MODES_APART_MOST), (1, MODES_APART_MOST), (600, usize::MAX), (1, usize::MAX)]
            {
                let mut raced = Solver::new();
                raced.counts_from = 1;
                raced.modes = modes;
                raced.load_for_least(&cards, &table);
                for (k, (less, want)) in wants.iter().enumerate() {
                    assert_eq!(raced.outs_less(less), *want, "{text} less {less:?}, {modes:?}");
                    if k == 0 {
                        // The whole hand, asked the way it is quicker.
                        assert_eq!(
                            raced.asked_ways,
                            [!at_once as usize, at_once as usize],
                            "{text}, {modes:?}"
                        );
                    }
                }
                // The hand quicker at once never asks a set at a time.
                let [apart, at_once_asked] = raced.asked_ways;
                assert!(apart + at_once_asked > wants.len() / 2, "{text}, {modes:?}");
                assert!(!at_once || apart == 0, "{text}, {modes:?}: {apart} a set at a time");
                assert!(raced.hand.counts_vectors, "{text}: left as it was");
            }
        }
    }

    /// A half-wild hand before the draw whose order by rank finds its least
    /// deadwood in 45 states.
    const BY_RANK_IN_45_STATES: Found<'static> = (
        "tens",
        &[
            ("half_wild", "true"),
            ("all_wild_melds", "true"),
            ("lay_off", "true"),
            ("extra_rounds", "2"),
            ("kings_wild", "false"),
            ("decks", "3"),
            ("wild_value", "face"),
        ],
        12,
        &[
            "10d Jd Qd Kd",
            "3d 4d 5d",
            "8c Ac 10c Jc Qc",
            "8c 8d 8h 8d",
            "9d 10d Jd Qd Kd",
            "Ad 2d 3d Ah 5d",
            "Ad 2d 3d 4d 5d",
            "8h 9h As",
        ],
        "Qh Qd Ks Qc As Qs 9d 3s Ah Kh 7d Kc 6d 8d",
    );

    /// Eight table melds of a half-wild tens hand the hunts found: two
    /// runs of diamonds and six others.
    const TENS_DIAMONDS_AND_SIX_OTHERS: [&str; 8] = [
        "Ad 2d 3d 4d 5d",
        "8d 8c Ah 8h",
        "5d 6d Kd 8d",
        "4c 4h 4c",
        "3h Kh 5h",
        "Jc Ks Jc Js",
        "7c As 9c",
        "Kc 6s 6h",
    ];

    /// Six table runs and two sets, of a hand the hunts found.
    const SIX_RUNS_TWO_SETS: [&str; 8] = [
        "4s 4h 4s",
        "Ad 2h 3h",
        "4d Ac 6d 7d 8d",
        "5h 6h Kc 8h",
        "6s 7s 8s Kc",
        "3d 3c 3h 3h",
        "8s 9s 10s",
        "8h 9h Ah Jh Qh",
    ];

    /// The order on the last turn under the half-wild limit, four table
    /// melds or more (`Solver::choose_order`): by rank, unless that takes
    /// more than `BY_SUIT_FROM` states and the order by suit finds the
    /// least deadwood within half as many. Whichever is kept, with its
    /// memos, the deadwood, the outs and the deadwood after each discard
    /// are a fresh solver's.
    #[test]
    fn the_last_turn_under_the_limit_is_searched_by_rank_unless_by_suit_is_far_shorter() {
        let hands: [(Found, bool, bool); 5] = [
            // After the draw: by rank it takes 2,799 states, by suit 698.
            (
                (
                    "standard",
                    &[
                        ("half_wild", "true"),
                        ("lay_off", "true"),
                        ("extra_rounds", "2"),
                        ("kings_wild", "false"),
                        ("decks", "3"),
                    ],
                    13,
                    &[
                        "7c 8c 2c",
                        "2d 6c 7c 8c 9c",
                        "2h 8s 9s",
                        "3s 4s 5s",
                        "6h 7h 8h",
                        "5h 6h 2s",
                        "4s 2s 6s 7s 8s",
                        "5c 5s 5c",
                    ],
                    "5h 4h 4c Kh 2c 9h 4s Qc 9s 4h 7s Jc 5s 2c 3s 2d",
                ),
                true,
                false,
            ),
            // By rank it takes more than `VEC_AFTER` states, by suit 101.
            (
                (
                    "strict",
                    &[
                        ("half_wild", "true"),
                        ("all_wild_melds", "false"),
                        ("jokers", "0"),
                        ("extra_rounds", "1"),
                        ("kings_wild", "true"),
                        ("decks", "3"),
                        ("wild_value", "20"),
                    ],
                    12,
                    &SIX_RUNS_TWO_SETS,
                    "3s 7h 5h Qc 6s Ks 4s 10h 7s 5s 4h Ks 3d 6h",
                ),
                true,
                false,
            ),
            // After the draw: by rank it takes 887 states, by suit fewer
            // than half as many.
            (
                (
                    "strict",
                    &[("half_wild", "true"), ("extra_rounds", "1")],
                    12,
                    &[
                        "3d 4d 5d 6d 7d",
                        "Js Qs Ah",
                        "2s 3s 4s 5s",
                        "3c As 5c 6c 7c",
                        "9s 10s Js Qs Ac",
                        "10c Jc Qc",
                        "Ah 8d 8s",
                    ],
                    "8c 6s 9c 8d 8c 10s 10c 8s As Qd 9d 7s Jc Ad 9s",
                ),
                true,
                false,
            ),
            // By rank in 45 states.
            (BY_RANK_IN_45_STATES, false, false),
            // More than `VEC_AFTER` states by rank, and more than
            // `BY_SUIT_WITHIN` by suit: by rank, every table meld used at
            // once.
            (
                (
                    "strict",
                    &[
                        ("half_wild", "true"),
                        ("all_wild_melds", "false"),
                        ("extra_rounds", "2"),
                        ("decks", "3"),
                    ],
                    13,
                    &["2h 3c 4c", "Ad As Ah Ah", "4h 5h 6h", "3c 4c 5c 6c 7c", "2s 3s 4s"],
                    "9c Ad 7d Ah 2d Ac 3c Ac Ad As 8c As 2d 2h Ac",
                ),
                false,
                true,
            ),
        ];
        for (hand, by_suit, vectors) in hands {
            let (_, table, cards) = found(hand);
            let text = hand.4;
            let mut solver = Solver::new();
            solver.load_for_deadwood(&cards, &table);
            assert_eq!((solver.hand.nat.by_suit, solver.hand.vectors), (by_suit, vectors), "{text}");
            let mut fresh = Solver::new();
            assert_eq!(solver.deadwood_less(&[]), fresh.deadwood(&cards, &table), "{text}");
            assert_eq!(solver.outs_less(&[]), fresh.outs(&cards, &table), "{text}");
            assert_eq!(solver.solve_less(&[]).deadwood, fresh.solve(&cards, &table).deadwood, "{text}");
            for &c in &cards {
                let rest = less(&cards, c);
                let d = if solver.every_discard_at_once() {
                    solver.deadwood_after(c)
                } else {
                    solver.deadwood_less(&[c])
                };
                assert_eq!(d, Solver::new().deadwood(&rest, &table), "{text} less {c}");
            }
        }
    }

    /// On the last turn after the draw, once the discards asked apart a set
    /// of table melds used at a time meet more than `APART_AFTER` states in
    /// all, the discard then asked is searched for every table meld used at
    /// once, and so are those after it (`Solver::deadwood_apart`): this
    /// hand finds its own least deadwood in 48 states, but less a nine in
    /// over 3,000. Each discard's deadwood is a fresh solver's.
    #[test]
    fn a_long_discard_asked_apart_is_searched_for_every_table_meld_used_at_once() {
        let (_, table, cards) = found((
            "strict",
            &[
                ("half_wild", "true"),
                ("all_wild_melds", "false"),
                ("lay_off", "true"),
                ("ace_high", "true"),
                ("jokers", "0"),
                ("extra_rounds", "1"),
                ("decks", "3"),
            ],
            11,
            &[
                "Kd 5h 6h 7h",
                "Kh 3h 4h",
                "5h 6h 7h",
                "8h 8s 8s 8c",
                "10h 10h Kc",
                "Jh Qh Kh",
                "7h Ks 9h",
                "Ks 8d 9d 10d Jd",
            ],
            "Kh 5h 10h Ah 9s 4h 2h 2h 3h 8h Kc 9d Kc Ks",
        ));
        let mut solver = Solver::new();
        let discards = crate::analysis::last_turn_discards(&mut solver, &cards, &table);
        assert!(solver.hand.vectors && solver.hand.each_apart);
        assert_eq!(discards.len(), 12);
        assert_each_discard_fresh(discards, &cards, &table);
    }

    /// The bound is shared by the discards asked apart: this hand of the
    /// hunts finds its least deadwood in 203 states a set of table melds
    /// used at a time, and its one search for every discard passes its
    /// bound. Its first seven discards asked apart meet at most 130 states
    /// each; the eighth passes `APART_AFTER` in all more than the memo held
    /// (1,116), and it and those after it are searched for every table meld
    /// used at once. Each discard's deadwood is a fresh solver's.
    #[test]
    fn the_discards_asked_apart_share_one_bound() {
        let (_, table, cards) = found((
            "strict",
            &[("half_wild", "true"), ("kings_wild", "false")],
            10,
            &[
                "2h 3h 4h",
                "9d 9c 9h",
                "2c 3c 4c 5c",
                "2h 3h 4h 5h 6h",
                "5d 6d 7d 8d",
                "5c 6c 7c 8c",
                "6c 7c 8c Qc 10c",
                "Jc Qc Kc",
            ],
            "Kh Jd 10c 9h Ah 10d 10h 9c Qh 9d Qd Qh 9s",
        ));
        let mut solver = Solver::new();
        let discards = crate::analysis::last_turn_discards(&mut solver, &cards, &table);
        assert!(solver.hand.vectors && solver.hand.each_apart);
        let from = solver.hand.apart_from.expect("discards asked apart");
        assert!(
            solver.memos.deadwood.len() <= from + APART_AFTER,
            "{} from {from}",
            solver.memos.deadwood.len()
        );
        assert_eq!(discards.len(), 12);
        assert_each_discard_fresh(discards, &cards, &table);
    }

    /// Five Crowns, wilds free, three decks, eight table melds, before the
    /// last draw: thirteen cards, nine of them diamonds (the bench's
    /// `five_crowns_eight_melds_of_diamonds_before_the_last_draw`).
    const FIVE_CROWNS_OF_DIAMONDS: Found<'static> = (
        "five-crowns",
        &[("lay_off", "true"), ("decks", "3")],
        11,
        &[
            "Kr Kr JK",
            "8d 9d Ks Jd",
            "Kh 4s 4h 4h",
            "5d 6d 7d 8d Kh",
            "5d Kd 7d",
            "9d 10d Jd Qd Kd",
            "6h 6c 6r JK",
            "4s 5s 6s",
        ],
        "3r JK 3d 7d 6d 10d Jd 8s 8d Jr Qd 4d 9d",
    );

    /// Before the draw with wilds free, the order by rank is searched a set
    /// of table melds at a time within `VEC_AFTER_ALONE_FREE` states, no
    /// more: this Five Crowns hand takes more (in the order its table
    /// melds suggest), and is searched for every table meld used at once;
    /// its answers are a fresh solver's.
    #[test]
    fn the_last_turn_before_the_draw_with_wilds_free_looks_within_fewer_states() {
        let (_, table, cards) = found(FIVE_CROWNS_OF_DIAMONDS);
        let mut solver = Solver::new();
        solver.load_for_least(&cards, &table);
        assert!(solver.hand.vectors);
        assert!(solver.memos.deadwood.len() <= VEC_AFTER_ALONE_FREE, "{}", solver.memos.deadwood.len());
        let mut fresh = Solver::new();
        assert_eq!(solver.solve_less(&[]).deadwood, fresh.solve(&cards, &table).deadwood);
        assert_eq!(solver.outs_less(&[]), fresh.outs(&cards, &table));
    }

    /// With wilds free, the slot search keys only the busy table melds used
    /// (module `complete`, step 29): the Five Crowns hand with eight table
    /// melds before its last draw, one of them of wilds alone, meets under
    /// 5,000 states (4,736; when step 19 was asked beside a meld of wilds
    /// alone, 2,240, and 7,208 keying every table meld used), and its outs
    /// are those found card by card, each card drawn and each card then
    /// discarded.
    #[test]
    fn the_outs_with_wilds_free_key_only_the_busy_table_melds_used() {
        let (rules, table, cards) = found(FIVE_CROWNS_OF_DIAMONDS);
        let mut solver = Solver::new();
        solver.load_for_least(&cards, &table);
        let outs = solver.outs_less(&[]);
        let (mask, w, _) = solver.hand.less(&[]);
        let every = solver.complete().every_meld();
        let cards_of_each = solver.complete().next_cards(every, true, mask, w, 0, false);
        assert!(solver.memos.slots.len() < 5_000, "{}", solver.memos.slots.len());
        assert_eq!(solver.hand.found(cards_of_each, true), outs);
        assert_outs_card_by_card(outs, rules.deck().cards(), &cards, &table);
    }

    /// Standard, wilds free, three decks, six table melds of hearts and
    /// aces, before the last draw: fifteen cards, thirteen of them hearts
    /// (the bench's `hearts_wilds_free_six_melds_before_the_last_draw`).
    const HEARTS_SIX_MELDS: Found<'static> = (
        "standard",
        NO_WILD_MELDS_ACE_HIGH,
        13,
        &["4h 5h 6h", "Ac As As", "2h 4h 5h", "2s Qh Kh", "2h 7h 8h 9h 10h", "Jh Qh Kh"],
        "Jh 9h 4h Qh Kh 2c 10h 6h Ah Jh 6s Ah 8h 3h 7h",
    );

    /// Standard, wilds free, three decks, four table melds, one of wilds
    /// alone, before the last draw: fifteen cards, twelve of them clubs
    /// (the bench's `clubs_wilds_free_four_melds_before_the_last_draw`).
    const CLUBS_FOUR_MELDS: Found<'static> = (
        "standard",
        &[("lay_off", "true"), ("ace_high", "true"), ("extra_rounds", "2"), ("decks", "3")],
        13,
        &["8c 9c 10c", "2d 2h 2c", "8h 8s 8d 8c", "2c 3c 4c"],
        "8c Kc 5c 6c 9c Qc Ac 6d 3c 2c 9s Ac 10c Jc 7c",
    );

    /// With wilds free, the cards completing the whole hand are found in
    /// one search that finds each card once (module `complete`, step 33):
    /// the same cards as the search whose every state holds all its own
    /// (with its own memo), in far fewer states searched, and the outs
    /// those found card by card; with six table melds, four (one of wilds
    /// alone) and eight (two past those `Gather::searched` keeps a bit
    /// for). The hand of hearts, most of whose cards are outs, leaves most
    /// states unsearched as they could find no card not found yet (step
    /// 34): a fifth of the plain search's states at most. The cards
    /// completing the hand less a card, with no discard owed, likewise.
    #[test]
    fn the_outs_with_wilds_free_find_each_card_once() {
        for (hand, most) in
            [(HEARTS_SIX_MELDS, 0.2), (CLUBS_FOUR_MELDS, 0.85), (FIVE_CROWNS_OF_DIAMONDS, 0.7)]
        {
            let (rules, table, cards) = found(hand);
            let mut solver = Solver::new();
            solver.load_for_least(&cards, &table);
            let outs = solver.outs_less(&[]);
            let gathered = solver.memos.gathered.len();
            let (mask, w, _) = solver.hand.less(&[]);
            let every = solver.complete().every_meld();
            let each = solver.complete().next_cards(every, true, mask, w, 0, false);
            let plain = solver.memos.slots.len();
            assert!((gathered as f64) < most * plain as f64, "{gathered} of {plain}");
            assert_eq!(solver.hand.found(each, true), outs);
            assert_outs_card_by_card(outs, rules.deck().cards(), &cards, &table);
            // The hand less its first card, one card short: no discard owed.
            let (mask, w, _) = solver.hand.less(&cards[..1]);
            let one = solver.complete().next_cards(every, false, mask, w, 0, false);
            let at_once = solver.gathered(false, mask, w);
            let read = solver.hand.read_bits();
            assert_eq!(at_once & read, one & read);
            assert_eq!(
                solver.completing_less(&cards[..1]),
                Solver::new().completing(&less(&cards, cards[0]), &table)
            );
        }
    }

    /// Kings and twos wild, eight table melds, two of them four wilds
    /// alone (`Ks Kc Kd Kd` and `2s Kd 2d 2h`, alike to the solver), no
    /// wild in hand, before the last draw.
    const TWO_MELDS_OF_WILDS_ALIKE: Found<'static> = (
        "standard",
        &[
            ("all_wild_melds", "true"),
            ("lay_off", "true"),
            ("extra_rounds", "2"),
            ("kings_wild", "true"),
            ("decks", "3"),
            ("wild_value", "face"),
        ],
        13,
        &[
            "Ac Ad As",
            "Ac 2c Ks",
            "Ks Kc Kd Kd",
            "Ad 2d 3d 4d",
            "5s 6s 7s",
            "2s Kd 2d 2h",
            "2s 3s 4s 5s 6s",
            "7d 7c 7c",
        ],
        "As Ac 4d 9d 3d 7d 7h 3s 6d Ah 7s 10d 5d 5h 7c",
    );

    /// Step 14: table melds alike (the same naturals, whichever order, and
    /// as many wilds, whichever) are found as such, and one waits while
    /// one alike before it is not used. The outs of a hand with two melds
    /// of wilds alike, one search of the whole hand, are its outs card by
    /// card, in fewer than 9,000 states (8,536; 11,875 with every table
    /// meld tried).
    #[test]
    fn table_melds_alike_wait_their_turn() {
        let (rules, table, cards) = found(TWO_MELDS_OF_WILDS_ALIKE);
        let mut solver = Solver::new();
        solver.load_for_least(&cards, &table);
        let takers = &solver.hand.takers;
        assert_eq!(takers.waiting(0), 1 << 5);
        assert_eq!(takers.waiting(1 << 2), 0);
        assert_eq!(takers.waiting(1 << 5), 1 << 5);
        let outs = solver.outs_less(&[]);
        let gathered = solver.memos.gathered.len();
        assert!(gathered < 9_000, "{gathered} states");
        assert_outs_card_by_card(outs, rules.deck().cards(), &cards, &table);

        // Alike whatever the order of the naturals, not with another size,
        // nor with other copies of the same cards (`Qh Qh Qs`, `Qh Qs Qs`).
        let alike = |targets: &[(Vec<Card>, usize)]| {
            let mut takers = search::Takers::default();
            for _ in targets {
                // Each table meld takes some natural of the hand.
                takers.push(1, 0);
            }
            takers.find_twins(targets);
            takers
        };
        let takers = alike(&[
            (hand("7c 8c 9c"), 3),
            (hand("9c 7c 8c"), 3),
            (hand("7c 8c 9c"), 4),
            (hand("Qh Qs Qd"), 4),
            (hand("Qd Qs Qh"), 4),
            (hand("7c 8c 9c"), 4),
            (Vec::new(), 3),
            (Vec::new(), 3),
        ]);
        assert_eq!(takers.waiting(0), 1 << 1 | 1 << 4 | 1 << 5 | 1 << 7);
        assert_eq!(takers.waiting(1 << 0 | 1 << 2), 1 << 4 | 1 << 7);
        assert_eq!(takers.waiting(1 << 0 | 1 << 3 | 1 << 6), 1 << 5);
        let takers = alike(&[(hand("Qh Qh Qs"), 4), (hand("Qh Qs Qs"), 4), (hand("Qs Qh Qh"), 4)]);
        assert_eq!(takers.waiting(0), 1 << 2);
    }

    /// The order guessed from the table (`loaded::by_suit`): by suit
    /// where more of the table melds a natural could go onto are runs
    /// than sets; by rank where as many are sets, as beside the hand with
    /// two melds of wilds alike (three runs, three sets: by suit its outs
    /// took 4.5 ms, by rank 1.4).
    #[test]
    fn the_order_by_suit_wants_more_runs_than_sets() {
        for (hand, by_suit) in [(TWO_MELDS_OF_WILDS_ALIKE, false), (CLUBS_FOUR_MELDS, true)] {
            let (_, table, cards) = found(hand);
            assert_eq!(loaded::by_suit(&cards, &table), by_suit);
            let mut solver = Solver::new();
            solver.load_for_least(&cards, &table);
            assert_eq!(solver.hand.nat.by_suit, by_suit);
        }
    }

    /// The outs `outs` of `cards` are those of the cards `drawn` (every
    /// card of the deck, or one of each and a wild), each drawn in turn,
    /// after which some discard leaves a hand that goes out; and some are.
    /// Standard, wilds free, a table run with a wild between its naturals
    /// (`4h 2s 6h`, twos wild): an open 5h laid off onto it frees the wild
    /// to stand beyond the 6h, so the 8h goes with it, though the 8h alone
    /// needs two wilds there and lies three places from the 5h.
    const FREED_TABLE_WILD: Found<'static> = (
        "standard",
        NO_WILD_MELDS_ACE_HIGH,
        13,
        &["4h 2s 6h", "Ac Ad As", "9c 10c Jc"],
        "5h Kd Kc 3c 7s 7d 5c Qh Jh Jd 6c 9s 9d 4s 8c",
    );

    /// Step 34 of module `complete`: a state the one search of the whole
    /// hand leaves unsearched, as every card wanted it could find is found
    /// already, finds none in the plain search. For every state of one or
    /// two open cards and many more (any wilds up to one, discard owed or
    /// not, table melds used or not, a meld of the hand's own or not), each
    /// card the plain search finds, taken as the one not found yet, keeps
    /// the state searched.
    #[test]
    fn a_state_left_unsearched_finds_no_card_not_found_yet() {
        let mut next = random_words(0x9E37_79B9_7F4A_7C15);
        for hand in [HEARTS_SIX_MELDS, CLUBS_FOUR_MELDS, FIVE_CROWNS_OF_DIAMONDS, FREED_TABLE_WILD] {
            let (_, table, cards) = found(hand);
            let mut solver = Solver::new();
            solver.load_for_least(&cards, &table);
            let (full, _, _) = solver.hand.less(&[]);
            let read = solver.hand.read_bits();
            let every = solver.complete().every_meld();
            let n = full.count_ones();
            let mut masks: Vec<u32> = (0..n).map(|i| 1 << i).collect();
            masks.extend((0..n).flat_map(|i| (i + 1..n).map(move |j| 1 << i | 1 << j)));
            masks.extend((0..300).map(|_| next() as u32 & full));
            let (mut asked, mut left) = (0, 0);
            for mask in masks {
                for w in 0..=1u8 {
                    for discard in [false, true] {
                        let r = next();
                        let used = if r & 1 == 0 { 0 } else { (r >> 8) as u8 & every };
                        let own = r & 2 != 0;
                        let plain = solver.complete().next_cards(every, discard, mask, w, used, own);
                        for x in BitIter(plain & read) {
                            let mut complete = solver.complete_for(true);
                            complete.gather.as_mut().expect("gathering").found = read & !(1 << x);
                            asked += 1;
                            assert!(
                                !complete.nothing_left(mask, w, used),
                                "{mask:#b}, {w} wilds, discard {discard}, used {used:#b}: {:?}",
                                Card::from_index(x)
                            );
                        }
                        // A card it does not find, as the one not found yet.
                        let others = read & !plain;
                        if others != 0 {
                            let y = BitIter(others).nth(next() as usize % others.count_ones() as usize);
                            let mut complete = solver.complete_for(true);
                            complete.gather.as_mut().expect("gathering").found = read & !(1 << y.unwrap());
                            left += complete.nothing_left(mask, w, used) as usize;
                        }
                    }
                }
            }
            // The bound is asked of many cards, and leaves states unsearched
            // whose only card not found yet is one they do not find.
            assert!(asked > 100 && left > 0, "{asked} asked, {left} left");
        }
    }

    fn assert_outs_card_by_card(
        outs: CardSet,
        drawn: impl Iterator<Item = Card>,
        cards: &[Card],
        table: &Table,
    ) {
        let mut drawn: Vec<Card> = drawn.collect();
        drawn.sort_unstable();
        drawn.dedup();
        let mut one = Solver::new();
        let mut found = 0;
        for c in drawn {
            let mut with = cards.to_vec();
            with.push(c);
            let out = with.iter().any(|&e| one.goes_out(&less(&with, e), table));
            assert_eq!(outs.completes(c, table.is_wild(c)), out, "{c}");
            found += out as usize;
        }
        assert!(found > 0);
    }

    /// Standard, half-wild, a joker, three decks, eight table melds, before
    /// the last draw: fifteen cards, four jacks among them (the bench's
    /// `half_wild_eight_melds_before_the_last_draw_round_13`).
    const HALF_WILD_FOUR_JACKS: Found<'static> = (
        "standard",
        &[("half_wild", "true"), ("lay_off", "true"), ("jokers", "1"), ("extra_rounds", "2"), ("decks", "3")],
        13,
        &[
            "4d 5d 6d 7d",
            "10c JK Qc",
            "5c 5s 5d 5s",
            "5c 6c 7c",
            "9d 2c Jd Qd Kd",
            "Jh Jh Js Jd",
            "6d 7d 8d",
            "10c Jc 2h",
        ],
        "8d 5d 10d 3d 2s Js Jh Jd 9c 2h 7h Qd Jc 8c 9d",
    );

    /// Strict, half-wild, eight table melds, before the last draw: fourteen
    /// cards, four sevens among them (the bench's
    /// `strict_half_wild_sevens_eight_melds_before_the_last_draw`).
    const HALF_WILD_SEVENS: Found<'static> = (
        "strict",
        &[("half_wild", "true"), ("extra_rounds", "1")],
        12,
        &[
            "10h Jh Qh Kh",
            "4d Ah 6d",
            "2s 3s Ah 5s",
            "2d 3d Ac 5d 6d",
            "9h 10h Jh Qh",
            "7c 7c 7s Ac",
            "2s 3s 4s 5s 6s",
            "Ad 2d 3d 4d Ad",
        ],
        "7s As 7d As 7d Jd 8d 10d Qs 7h 8s 9d 6s 5d",
    );

    /// Strict, half-wild, wilds at 20, three decks, eight table melds,
    /// before the last draw: fifteen cards, two of them wild (the bench's
    /// `strict_half_wild_wilds_20_eight_melds_before_the_last_draw`).
    const HALF_WILD_WILDS_AT_20: Found<'static> = (
        "strict",
        &[("half_wild", "true"), ("extra_rounds", "2"), ("decks", "3"), ("wild_value", "20")],
        13,
        &[
            "7h 7h 7d",
            "2c 3c 4c 5c",
            "2h 3h 4h 5h 6h",
            "2h 10h 10h 10s",
            "10c Jc Qc 2d",
            "5c 6c 7c 8c 9c",
            "8c 9c 10c",
            "4s 5s 6s",
        ],
        "Kh 9c Js 9h 7s Qc 8h Qh Jc 2c 7c 2s Kc 10c 10h",
    );

    /// Under the half-wild limit, the slot search keys the table melds used
    /// only where a group of the open cards could reach them with the
    /// hand's wilds and the slot's card in the holes (module `complete`,
    /// step 31): this hand keeps 4,160 states where it kept 12,826 keying
    /// those any open card of their rank or suit could go onto, and its
    /// outs are those found card by card, each card drawn and each card
    /// then discarded.
    #[test]
    fn the_outs_under_the_limit_key_only_the_table_melds_a_group_could_reach() {
        let (rules, table, cards) = found(HALF_WILD_WILDS_AT_20);
        let mut solver = Solver::new();
        solver.load_for_least(&cards, &table);
        let outs = solver.outs_less(&[]);
        assert!(solver.memos.slot_counts.len() < 5_000, "{}", solver.memos.slot_counts.len());
        let wild = cards.iter().copied().find(|&c| table.is_wild(c));
        let drawn = rules.deck().cards().filter(|&c| !table.is_wild(c)).chain(wild);
        assert_outs_card_by_card(outs, drawn, &cards, &table);
    }

    /// On the last turn before the draw under the limit, a hand whose own
    /// least deadwood is long both ways is laid down by rank, every table
    /// meld used at once, and its outs are searched by rank too, in the
    /// memos the look left (docs/speed.md, "The outs by rank after a look
    /// long both ways"). The outs are a fresh solver's, the solver is by
    /// rank after them, and its answers then a fresh solver's.
    #[test]
    fn the_outs_after_a_look_long_both_ways_are_a_fresh_solvers() {
        for hand in [HALF_WILD_SEVENS, HALF_WILD_FOUR_JACKS] {
            let (_, table, cards) = found(hand);
            let mut solver = Solver::new();
            solver.load_for_least(&cards, &table);
            let laid = solver.solve_less(&[]);
            assert!(!solver.hand.nat.by_suit && solver.hand.vectors, "by rank, every table meld at once");
            let outs = solver.outs_less(&[]);
            assert!(!solver.hand.nat.by_suit && solver.hand.vectors, "by rank still");
            let mut fresh = Solver::new();
            assert_eq!(outs, fresh.outs(&cards, &table));
            assert_eq!(solver.solve_less(&[]).deadwood, laid.deadwood);
            assert_eq!(solver.outs_less(&[]), outs);
            assert_eq!(solver.deadwood_less(&[cards[0]]), fresh.deadwood(&less(&cards, cards[0]), &table));
        }
    }

    /// The orders by suit and by rank differ beyond their last two cards
    /// only where the hand mixes its suits: nine clubs and a spade do not
    /// (the spade and the highest club swap places), nor do clubs alone.
    #[test]
    fn the_orders_differ_only_beyond_their_last_two_cards() {
        let rules = Rules::preset("standard").unwrap();
        let table = Table::new(&rules, Rank::new(13).unwrap());
        let differ = |text: &str| orders_differ(&parse_hand(text, &rules).unwrap(), &table);
        assert!(!differ("3c 5c 3c 8c 4c 9c Js Qc 6c 7c Kc Ks"));
        assert!(!differ("6c 6c 3c 9c 5c Jc 8c 7c Qh Ac Kd"));
        assert!(!differ("Ac 2c 3c"));
        // A three of diamonds among clubs: second by rank, after them by suit.
        assert!(differ("3c 5c 10s 3d 4c 9c"));
        assert!(differ("2h 2d 2s 3h 3d 3s"));
    }

    /// The order on the last turn before the draw under the half-wild
    /// limit (`Solver::load_for_least`): by rank where it finds the least
    /// deadwood within `VEC_AFTER_ALONE` states a set of table melds used
    /// at a time, else by suit where that finds it within `BY_SUIT_ALONE`,
    /// else by rank with every table meld used at once; each hand here is
    /// loaded otherwise for the deadwood after each discard. Whichever is
    /// kept, the deadwood, the outs and the hand laid down are a fresh
    /// solver's.
    #[test]
    fn the_last_turn_before_the_draw_under_the_limit_looks_for_the_hand_alone() {
        // Each hand, and by suit or not and every table meld used at once
        // or not, loaded for it alone and for each discard.
        type Chosen = (bool, bool);
        let hands: [(Found, Chosen, Chosen); 4] = [
            // By rank in 45 states.
            (BY_RANK_IN_45_STATES, (false, false), (false, false)),
            // By rank 1,046 states, by suit 725: alone by rank every table
            // meld used at once, as by suit takes more than `BY_SUIT_ALONE`
            // (`check` before the draw 0.25 ms, by suit 0.33); for each
            // discard by suit, as by rank takes more than
            // `VEC_AFTER_DEADWOOD` and by suit fewer than `BY_SUIT_PAST`.
            (
                (
                    "strict",
                    &[
                        ("half_wild", "true"),
                        ("all_wild_melds", "true"),
                        ("ace_high", "true"),
                        ("jokers", "2"),
                        ("decks", "3"),
                    ],
                    10,
                    &["10d Qs Qd Kd", "4d 5d 6d 7d", "Qs 3d 4d", "8h 8s 8h"],
                    "2d 6d 4h 5d 9d Ad 7d 8d Jh 3d JK Ac",
                ),
                (false, true),
                (true, false),
            ),
            // By rank 2,481 states, by suit 1,707: alone by rank every
            // table meld used at once, and so for each discard.
            (
                (
                    "tens",
                    &[
                        ("half_wild", "true"),
                        ("lay_off", "true"),
                        ("extra_rounds", "2"),
                        ("kings_wild", "true"),
                    ],
                    12,
                    &TENS_DIAMONDS_AND_SIX_OTHERS,
                    "4h 6d 9d Jd Ac 6c 6c Ad Qs 3d 7d 6s 10d Kd",
                ),
                (false, true),
                (false, true),
            ),
            // Over 6,000 states either way.
            (
                (
                    "tens",
                    &[
                        ("half_wild", "true"),
                        ("all_wild_melds", "true"),
                        ("lay_off", "true"),
                        ("ace_high", "true"),
                        ("extra_rounds", "2"),
                        ("kings_wild", "false"),
                        ("decks", "3"),
                    ],
                    11,
                    &[
                        "9s 10s Js Qs Ks",
                        "5s 6s Kd",
                        "3h 3s 3s",
                        "4c 5c 6c 7c",
                        "Kh 8c 9c",
                        "Kc 7c 8c",
                        "Kd 4c 5c 6c",
                        "10d 10d 10c 10c",
                    ],
                    "3c 5c 3c 8c 10c 4c 9c Js Qc Ks 6c Kc 7c",
                ),
                (false, true),
                (false, true),
            ),
        ];
        for (hand, alone, each) in hands {
            let (_, table, cards) = found(hand);
            let text = hand.4;
            let mut solver = Solver::new();
            solver.load_for_least(&cards, &table);
            assert_eq!((solver.hand.nat.by_suit, solver.hand.vectors), alone, "{text}");
            let mut fresh = Solver::new();
            assert_eq!(solver.deadwood_less(&[]), fresh.deadwood(&cards, &table), "{text}");
            assert_eq!(solver.outs_less(&[]), fresh.outs(&cards, &table), "{text}");
            assert_eq!(solver.solve_less(&[]).deadwood, fresh.solve(&cards, &table).deadwood, "{text}");
            let mut other = Solver::new();
            other.load_for_deadwood(&cards, &table);
            assert_eq!((other.hand.nat.by_suit, other.hand.vectors), each, "{text}");
        }
    }

    /// The search for every discard bounded by the hand's own states
    /// (`Loaded::every_within`): for hands whose discards share few states
    /// a set of table melds used at a time, it stops and each discard is
    /// asked apart; each discard's deadwood and arrangement are a fresh
    /// solver's either way.
    #[test]
    fn the_search_for_every_discard_gives_way_where_it_meets_many_states() {
        let hands: [(Found, bool); 3] = [
            // Its least deadwood in 409 states, its one search for every
            // discard past 2,048.
            (
                (
                    "tens",
                    &[
                        ("all_wild_melds", "true"),
                        ("lay_off", "true"),
                        ("jokers", "0"),
                        ("extra_rounds", "2"),
                        ("decks", "3"),
                        ("wild_value", "face"),
                    ],
                    13,
                    &[
                        "3c 4c 5c",
                        "Jc Jd Js",
                        "4d 4h 2c",
                        "2s 2h 2c",
                        "3d 4d 5d 6d",
                        "2d 2s 2c 2d",
                        "9s 9d 9h 9h",
                        "10d Jd Qd",
                    ],
                    "10d Kd Jh 2s 8d 9s 7d 10s 10h 9d 10s Kc 7c Jc 10c 9d",
                ),
                true,
            ),
            (
                (
                    "five-crowns",
                    &[("half_wild", "true"), ("all_wild_melds", "true"), ("lay_off", "true")],
                    11,
                    &["Qs Qs Kd Qr", "6d JK 8d 9d 10d", "7h 8h 9h", "7c 8c 9c 10c", "Kh Js Jh"],
                    "Jh Kc JK Qc Jc Qr Kd 7r Jd Qd Jr Qd Qh Js",
                ),
                // By suit its discards shared few states; under the limit
                // the order by rank is kept, where they share them.
                false,
            ),
            // Its discards share their states: the one search stands.
            (
                (
                    "strict",
                    &[("half_wild", "true"), ("extra_rounds", "2"), ("wild_value", "20")],
                    13,
                    &[
                        "10d 2c Qd Kd",
                        "Ad 2d 3d",
                        "Js Jh Jc Jd",
                        "4d 5d 6d 7d",
                        "4d 5d 2s",
                        "4c 5c 6c 7c 8c",
                        "Ah 2h 3h 4h 5h",
                        "Jh Qh 2h",
                    ],
                    "Jc 9d 8d 9h 9c 8d 10d 2c 9d As Jd 2d 2s 7s 10h Qh",
                ),
                false,
            ),
        ];
        for (hand, gives_way) in hands {
            let (_, table, cards) = found(hand);
            let text = hand.4;
            let mut solver = Solver::new();
            solver.load_for_deadwood(&cards, &table);
            assert!(!solver.hand.vectors && solver.hand.every_within.is_some(), "{text}");
            for &c in &cards {
                let rest = less(&cards, c);
                let fresh = Solver::new().solve(&rest, &table);
                let d = if solver.every_discard_at_once() {
                    solver.deadwood_after(c)
                } else {
                    solver.deadwood_less(&[c])
                };
                assert_eq!(d, fresh.deadwood, "{text} less {c}");
                assert_eq!(solver.solve_after(c).deadwood, fresh.deadwood, "{text} less {c}");
            }
            assert_eq!(solver.hand.each_apart, gives_way, "{text}");
            assert!(!solver.hand.vectors, "{text}");
        }
    }

    /// Step 9c's marked keys: under the half-wild limit, the hand less
    /// one or two of its wilds, of any worth, asked of the loaded hand's
    /// memo one after another, a set of table melds used at a time and
    /// for every one at once, gives a fresh solver's deadwood and
    /// arrangement of the cards left.
    #[test]
    fn a_hand_less_some_of_its_wilds_shares_the_memo_where_it_may() {
        let mut rules = Rules::preset("strict").unwrap();
        for (k, v) in [("half_wild", "true"), ("jokers", "2"), ("wild_value", "face"), ("lay_off", "true")] {
            rules.set(k, v).unwrap();
        }
        let parse = |text: &str| parse_hand(text, &rules).unwrap();
        // Round 3, fives wild (worth 5), jokers worth more.
        let wild = Rank::new(5).unwrap();
        let hands = [
            ("JK 5c 5d 5h 3c 4c 6c 7d 8d 9d Ks Kh Qs", vec![]),
            ("JK JK 5c 5d 3c 4c 6c 7d 8d 9d Ks Kh 2s 2s", vec![]),
            (
                "JK 5c 5d 5h 3c 4c 6c 7d 8d 9d Ks Kh Qs 2h",
                vec!["9c 10c Jc", "Ah 2h 3h", "Qd Qh Qc", "10s Js Qs", "4d 4h 4s"],
            ),
        ];
        for (text, onto) in hands {
            let table = Table::new(&rules, wild).with_onto(onto.iter().map(|m| parse(m)).collect()).unwrap();
            let cards = parse(text);
            let wilds: Vec<Card> = cards.iter().copied().filter(|&c| table.is_wild(c)).collect();
            let mut asked: Vec<Vec<Card>> = wilds.iter().map(|&w| vec![w]).collect();
            for (i, &a) in wilds.iter().enumerate() {
                for &b in &wilds[i + 1..] {
                    asked.push(vec![a, b]);
                }
            }
            for vectors in [false, true] {
                let mut solver = Solver::new();
                solver.load_for_deadwood(&cards, &table);
                solver.hand.vectors = vectors && table.onto.len() >= LANES_FROM;
                assert_eq!(solver.deadwood_less(&[]), Solver::new().deadwood(&cards, &table));
                for less in &asked {
                    let mut rest = cards.clone();
                    for c in less {
                        rest.remove(rest.iter().position(|r| r == c).unwrap());
                    }
                    let fresh = Solver::new().solve(&rest, &table);
                    assert_eq!(solver.deadwood_less(less), fresh.deadwood, "{text} less {less:?}");
                    assert_eq!(solver.solve_less(less), fresh, "{text} less {less:?}");
                }
                // Fives and jokers: the hand less a five has wilds of its own.
                assert!(!solver.hand.variants.is_empty(), "{text}");
                // The hand's own answers stand after the others'.
                assert_eq!(solver.solve_less(&[]), Solver::new().solve(&cards, &table), "{text}");
            }
        }
        // Threes wild and a joker worth 20, nothing melds: less the three,
        // the joker is left over, where the hand's own states would have
        // left the three (each discard in turn, as `check` asks them).
        let mut rules = Rules::default();
        rules.set("half_wild", "true").unwrap();
        rules.set("jokers", "1").unwrap();
        let table = Table::new(&rules, Rank::new(3).unwrap());
        let cards = parse_hand("2c 3c 6s JK", &rules).unwrap();
        let mut solver = Solver::new();
        solver.load_for_deadwood(&cards, &table);
        for &c in &cards {
            let rest = less(&cards, c);
            assert_eq!(solver.deadwood_less(&[c]), Solver::new().deadwood(&rest, &table), "less {c}");
        }
        assert_eq!(solver.deadwood_less(&[cards[1]]), 28);
    }

    /// Step 11's partners, a row for each set of table melds used: a
    /// natural a table meld not used could take is partnered with every
    /// card; once every such meld is used, only with the naturals of its
    /// rank, or of its suit within reach of the hand's wilds and one more.
    #[test]
    fn the_partners_of_a_natural_follow_the_table_melds_used() {
        let mut rules = Rules::preset("strict").unwrap();
        rules.set("half_wild", "true").unwrap();
        let parse = |text: &str| parse_hand(text, &rules).unwrap();
        // Round 8 (tens wild), one wild: 3h, 7s, 9s, Qc, 10d.
        let onto = vec![parse("8s 9s 10s"), parse("4h 5h 6h"), parse("Kc Kd Kh")];
        let table = Table::new(&rules, Rank::new(10).unwrap()).with_onto(onto).unwrap();
        let mut solver = Solver::new();
        solver.load(&parse("3h 7s 9s Qc 10d"), &table);
        solver.hand.ensure_partners();
        let nat: Vec<String> = solver.hand.nat.cards.iter().map(|c| c.to_string()).collect();
        // In the search's order: by suit, then rank.
        assert_eq!(nat, ["Qc", "3h", "7s", "9s"]);
        let n = nat.len();
        assert_eq!(solver.hand.partners.len(), n << 3);
        let row = |used: usize| solver.hand.partners[used * n..(used + 1) * n].to_vec();
        // Nothing used: 3h goes onto the hearts, 7s onto the spades; 9s
        // does not, as their run holds a nine, and partners 7s.
        assert_eq!(row(0), [0, u32::MAX, u32::MAX, 0b0100]);
        // The spades used: 7s and 9s, two places apart, within one wild and
        // the card to come, partner each other; Qc has no partner.
        assert_eq!(row(0b001), [0, u32::MAX, 0b1000, 0b0100]);
        // The hearts used too: 3h is left alone; the kings take no natural.
        assert_eq!(row(0b011), [0, 0, 0b1000, 0b0100]);
        assert_eq!(row(0b111), row(0b011));
        assert_eq!(row(0b100), row(0));
    }

    /// Module `complete`, step 21 over several words: with wilds free and
    /// six to eight table melds, whether the open cards meld, and meld
    /// less one of them, for every table meld used and whether the hand
    /// has a meld of its own, is what the search of one state at a time
    /// answers, for open cards drawn from the hand.
    #[test]
    fn whether_cards_meld_in_several_words_is_the_search_of_each_state() {
        let mut rules = Rules::preset("standard").unwrap();
        for (key, value) in
            [("lay_off", "true"), ("jokers", "2"), ("kings_wild", "true"), ("extra_rounds", "1")]
        {
            rules.set(key, value).unwrap();
        }
        let onto = [
            "3s 3h Kc",
            "4s 5s 6s 7s",
            "As Kc Ah Ac",
            "Qh Qd Qs",
            "10s Js Kd",
            "5c 6c Kh 8c 9c",
            "JK 2d 2h",
            "4s 5s 6s",
        ];
        let parse = |text: &str| parse_hand(text, &rules).unwrap();
        let cards = parse("JK 3c 7c 9c 8h 4c 2s 10s 3s Jc 8c 6c 2c 10c Qc");
        let mut next = random_words(0x2545_f491_4f6c_dd1d);
        for t in 6..=8 {
            let melds = onto[..t].iter().map(|m| parse(m)).collect();
            let table = Table::new(&rules, Rank::new(12).unwrap()).with_onto(melds).unwrap();
            let mut solver = Solver::new();
            solver.load(&cards, &table);
            let naturals = solver.hand.nat.cards.len();
            let wilds = solver.hand.wilds.len() as u8;
            let mut c = solver.complete();
            assert!(c.in_wide());
            for round in 0..24 {
                let seed = next();
                // No open card first, then open cards drawn at random.
                let mask = if round == 0 { 0 } else { seed as u32 & ((1 << naturals) - 1) };
                for w in 0..=wilds + 1 {
                    for at in 0..2u32 << t {
                        let (used, own) = ((at & ((1 << t) - 1)) as u8, at >> t != 0);
                        let one = c.melds.best(mask, w, used, own) != INF;
                        assert_eq!(c.melds(mask, w, used, own), one, "{mask:b} {w} {used:b} {own}");
                        let less = BitIter(mask).any(|j| c.melds.best(mask & !(1 << j), w, used, own) != INF);
                        assert_eq!(c.melds_less_one(mask, w, used, own), less, "{mask:b} {w} {used:b} {own}");
                    }
                }
            }
        }
    }

    #[test]
    fn worked_examples_of_the_rules() {
        let std = Rules::default();
        assert_eq!(dw(&std, 3, "9h 4d Kh"), 26);
        assert_eq!(dw(&std, 3, "3d 3c 3h"), 0);
        assert_eq!(dw(&std, 7, "7d 10c KS QS 5c 4h JD"), 30);
        assert_eq!(dw(&std, 13, "Ks Kd Kh Kc 2h 3h 5h 9c 9d 10s Jh Qd Ac As"), 23);
    }

    #[test]
    fn strict_needs_a_natural_card() {
        let strict = Rules::preset("strict").unwrap();
        assert_eq!(dw(&strict, 4, "4d 4c 4h"), 12);
        assert_eq!(dw(&strict, 4, "4d 4c 9h"), 0);
        assert_eq!(dw(&strict, 4, "4d 4c 4h 4s 9h"), 0);
    }

    #[test]
    fn wilds_left_over_and_all_wild_melds() {
        let std = Rules::default();
        // One wild and nothing to meld with: it scores its face value.
        assert_eq!(dw(&std, 3, "3d 9h Kc"), 3 + 9 + 13);
        // Two wilds meld any card.
        assert_eq!(dw(&std, 4, "4d 4c 9h Kc"), 9);
        // A long natural run takes a wild of its own.
        assert_eq!(dw(&std, 13, "Ah 2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ks"), 0);
    }

    #[test]
    fn aces_low_unless_ace_high() {
        let std = Rules::default();
        assert_eq!(dw(&std, 5, "Qh Kh Ah 9c 9d"), 12 + 13 + 1 + 18);
        let high = Rules { ace_high: true, ace_value: 15, ..Rules::default() };
        assert_eq!(dw(&high, 5, "Qh Kh Ah 9c 9d"), 18);
        assert_eq!(dw(&high, 5, "Kh Ah 2h 9c 9d"), 13 + 15 + 2 + 18);
    }

    #[test]
    fn jokers_score_twenty() {
        let jk = Rules { jokers: 2, ..Rules::default() };
        assert_eq!(dw(&jk, 3, "JK 9h Kc"), 9 + 13 + 20);
        assert_eq!(dw(&jk, 3, "JK 9h 9c"), 0);
    }

    #[test]
    fn wilds_say_what_they_stand_for() {
        let table = Table::new(&Rules::default(), Rank::new(7).unwrap());
        let a = Solver::new().solve(&hand("7d Qs Ks"), &table);
        assert_eq!(a.melds.len(), 1);
        assert_eq!(a.melds[0].kind, MeldKind::Run);
        assert_eq!(
            a.melds[0].wilds,
            vec![WildRole { card: Card::parse("7d").unwrap(), stands_for: Card::parse("Js").unwrap() }]
        );
    }

    #[test]
    fn lay_off_needs_a_meld_of_ones_own() {
        let rules = Rules::preset("strict").unwrap();
        let run = hand("5h 6h 7h");
        let table = Table::new(&rules, Rank::new(3).unwrap()).with_onto(vec![run]).unwrap();
        // 8h alone cannot be laid off: no meld of the hand's own.
        assert_eq!(Solver::new().solve(&hand("8h 9c Kd"), &table).deadwood, 8 + 9 + 13);
        let table = Table::new(&rules, Rank::new(6).unwrap()).with_onto(vec![hand("5h 6h 7h")]).unwrap();
        assert!(Table::new(&rules, Rank::new(3).unwrap()).with_onto(vec![hand("5h 6h 8h")]).is_err());
        assert!(Table::new(&rules, Rank::new(3).unwrap()).with_onto(vec![hand("3h 3c 3d")]).is_err());
        let a = Solver::new().solve(&hand("8h 9c 9d 9s Kd 4h"), &table);
        assert_eq!(a.deadwood, 13);
        assert!(a.melds.iter().any(|m| m.onto.is_some() && m.cards.len() == 2));
    }
}
