//! Every card that completes a hand one card short, found in one search.
//!
//! The search is the solver's own (the lowest open natural card decided
//! first, memoised on the same state) with one place more: a *slot* for the
//! card to come, which a meld may take instead of a wild. For each state it
//! gives the set of natural cards that, put in the slot, let every open
//! card meld; whether a wild does is the solver's question with one wild
//! more, or, where three wilds may make a meld, step 4 below.
//!
//! # Why the set is exact
//!
//! Take a hand `G`, one card short, and a natural card `c` such that `G`
//! with `c` melds completely in some arrangement `A`. Let `M` be the meld
//! of `A` holding `c`.
//!
//! 1. If `M` holds a natural card of `G`, let `j` be the lowest of them.
//!    The solver's search reaches every arrangement of `G`'s naturals
//!    deciding the lowest open card first (the solver's steps 1 and 2), so
//!    it comes to the state where `j` is decided with `M`'s other natural
//!    cards of `G` still open. There the search tries `M` with the slot:
//!    - a set: `j` with the open cards of its rank `M` holds (lowest copies
//!      first, step 2), and `c` any card of that rank;
//!    - a run: the places of `M`'s naturals of `G` walked from `j` (upward,
//!      or downward from an ace played high, as in step 2) with at most one
//!      place more left empty than there are wilds (the slot fills at most
//!      one), and `c` any card of the suit on a place they leave free, in a
//!      gap or beyond either end;
//!    - laid off onto a table meld: the groups that could extend it with
//!      one hole more than there are wilds (step 7), and `c` any card of
//!      the group's rank or suit that the meld's verdict accepts with them.
//!
//!    In each case `M` takes the fewest wilds its places need (the
//!    difference between its span, at least three, and its cards); more
//!    would be placed later at no cost (step 5), so fewer lose nothing. The
//!    rest of `G` must then meld completely with the wilds left: the
//!    solver's own search with no card left over.
//! 2. If `M` holds no natural card of `G`, it is `c` with wilds alone: with
//!    two or more wilds a meld of the hand's own (a set of `c`'s rank),
//!    else `c` with at most one wild laid off onto a table meld, which
//!    needs a meld of the hand's own elsewhere (docs/rules.md, "Laying
//!    off"). Which open cards are decided before does not matter to such a
//!    meld: only the wilds it takes, the table meld it uses and whether the
//!    hand has a meld of its own, all of them in the state. So it is
//!    decided once every card of `G` is placed (with wilds free, `c` alone
//!    onto a table meld is decided once no card of `G` open could go onto
//!    that meld, which holds then until every card is placed: step 29).
//!    An arrangement laying cards
//!    off whose own melds are wilds alone has one of the same deadwood
//!    where a natural card makes a set with two of those wilds (the
//!    solver's step 8), so such a `c` is found as a set of its own.
//! 3. Conversely every set found is an arrangement of `G` with `c`, checked
//!    meld by meld by the verdict of `crate::meld` (sets of one rank, runs
//!    of one suit on free places, lay-offs as the table meld accepts them).
//!
//! So the cards found are exactly the natural cards completing `G`. The
//! search also finds the cards of the wild ranks that would complete `G`
//! taken at face value (a card of its rank in a set, of its suit on its
//! place in a run), which the caller drops, and uses:
//!
//! 4. Where three wilds may make a meld, a wild completes `G` exactly when
//!    some card at face value does. A wild in a meld stands for some card
//!    `X` on its place (`crate::meld`: a card of the set's rank, of the
//!    run's suit on its place, of the wild rank in a meld of wilds only);
//!    `X` at face value there makes the same meld, with one natural card
//!    more. Back, a wild stands for any card at face value, and a meld that
//!    is left with wilds only is still a meld.
//!
//! With a discard still to make (the cards drawn that let a hand go out),
//! the lowest open card may also be the one discarded, as a card is left
//! over in the solver's step 1; with none left to discard, the rest must
//! meld completely.
//!
//! 5. A state is cut short only where nothing can meld it: a natural card
//!    with no other open natural of its rank, nor of its suit within reach
//!    of the wilds (the hand's, one more for the card to come, and the
//!    table's), nor a table meld that could take it, is in a meld whose
//!    other cards are wilds: two of them, or the slot's card and one, and
//!    none for the card discarded.
//!
//! The deck changes none of this: its suits are the places of a set's
//! cards and a run's suit, and its ranks the places of a run (the slot's
//! card is never placed below the deck's lowest rank). Nor do table melds
//! alike (the solver's step 14): a group laid onto one of them, the
//! slot's card in it or not, goes as well onto the first alike not used,
//! so the searches keyed by the table melds used try that one only.
//!
//! # Where at most half of a meld may be wild
//!
//! Steps 1, 2 and 4 lean on the solver's steps 5 and 6 (wilds left over
//! cost nothing, and fewer wilds never help), which do not hold under the
//! limit. `Complete::cards_limited` is the same search with the solver's
//! steps 9a and 9b in their place. Take `G` one card short and a natural
//! card `c` such that `G` with `c` melds completely with every meld within
//! the limit, in some arrangement `A`; let `M` be the meld holding `c`.
//!
//! 6. If `M` holds a natural card of `G`, let `j` be the lowest. As in
//!    step 1 the search comes to the state where `j` is decided with `M`'s
//!    other natural cards of `G` open, and tries `M` with the slot: a set
//!    (`j`, open cards of its rank, `c` any card of it), a run (the places
//!    of `M`'s naturals of `G` walked from `j`, with one place more left
//!    empty than there are wilds, `c` on a free place within the run's
//!    length, at least three and at most the deck's places), or a group
//!    laid off with `c` among its cards (the meld's verdict on the table
//!    meld, the group and `c`, only where it stays within the limit).
//!    `M` takes every count of wilds from the fewest its places need to
//!    the most the limit allows (no more than its naturals, `c` one of
//!    them; for a group laid off, the table meld's room then), as the
//!    solver's step 9a does, since wilds left over are no longer free; the
//!    rest of `G` must then meld completely under the limit: the solver's
//!    search where every card melds, for every count of wilds at once
//!    (`Complete::melds_counts`, step 15), which places the wilds left
//!    over onto table melds not used yet (step 9b).
//! 7. If `M` holds no natural card of `G`, it is `c` with at most as many
//!    wilds as naturals: not a meld of the hand's own (two cards at most),
//!    so `c` and its wilds laid off alone onto a table meld not used yet,
//!    which needs a meld of the hand's own; and the other wilds left go
//!    onto the other table melds not used yet, as far as their room goes
//!    (step 9b). Only the wilds, the table melds used and whether the hand
//!    has a meld of its own matter, so it is decided once no card of `G`
//!    could go onto the table meld (step 28): the cards it takes alone within
//!    the limit, the wilds they need and the room left (most wilds onto
//!    it, fewest left for the others).
//! 8. Where a state has a natural with no partner among the open cards
//!    (module `loaded`), its meld's only other natural can be `c`, so two
//!    such leave nothing; and the melds take no more wilds than their
//!    naturals, `c` among them, and the room of the table melds not used
//!    yet, so more wilds than that leave nothing either.
//!
//! Conversely every card found is an arrangement of `G` with `c`, each
//! meld checked within the limit as above. Cards of the wild ranks found
//! at face value are dropped by the caller: under the limit a wild is
//! asked about on its own (the solver's step 9d).
//!
//! With a discard still to make (`Complete::cards_limited_less_one`: the
//! natural cards drawn that let a hand `H` go out, `H` less some card `e`
//! melding with `c` in the slot), the search is the same with the
//! discard part of the state, as where wilds are free:
//!
//! - `e` a natural: the search of `H` follows the arrangement of `H` less
//!   `e` (steps 6 and 7), `e` staying open, as no meld it tries need hold
//!   it, until `e` is the lowest open card; there it is discarded, and the
//!   rest is the search without a discard. Copies are alike, so which copy
//!   of `e`'s card stays open does not matter (the solver's step 2).
//! - `e` a wild: once every natural is placed, one of the wilds left is
//!   discarded and the slot's card is placed with the others (step 7);
//!   where the slot's card went into a meld before, whether the rest melds
//!   less one card (`Complete::melds_counts` with a discard still to make)
//!   discards it at its end.
//! - Where the slot's card goes into a meld, the rest must meld less one
//!   card, a natural or a wild: the search whose goal is that every card
//!   melds but one.
//! - Cut short: a natural with no partner is discarded or melds with the
//!   slot's card, so more than two leave nothing, and exactly two leave
//!   the union of the searches of `H` less each, with no discard owed (any
//!   other card discarded would leave both); the melds hold the naturals
//!   less the one discarded and the slot's card, so more wilds than those
//!   naturals, the table melds' room and the one discarded leave nothing.
//!
//! A wild drawn lets `H` go out only where some card at face value does: a
//! wild in a meld stands for a card on its place, which at face value
//! makes the same meld with one natural more, still within the limit
//! (and a wild discarded leaves `H` as it is). So where this search finds
//! no card, the caller skips the search for a drawn wild.
//!
//! # The outs after every discard, in one search
//!
//! After the draw, the outs after each discard `d` of a hand `H` are
//! asked of `H` less `d`: with wilds free, one search of it for the cards
//! completing it less one card still to discard, one for the cards
//! completing it less a wild, and whether it goes out with a wild more
//! (`Solver::outs_less`). Module `every` asks each of those questions of
//! `H` once for every natural discard, the discard still to choose being
//! part of the state. A natural card to discard is taken away as its
//! highest copy (`Loaded::less`), so the cards that may be the one still
//! to choose are `want`, highest copies of natural cards of `H`: of every
//! one for the deadwood, and for the outs of those leaving a hand that
//! does not meld (every card is an out of one that does).
//! For a state `S` (the open naturals, with the wilds left, the table
//! melds used and whether the hand has a meld of its own) and each `j` of
//! `want` in `S`, a question `Q` (melds completely, melds less one card
//! discarded, the slot's cards, the slot's cards less one card discarded)
//! is answered for `S` less `j`:
//!
//! 9. *The lowest open card chosen.* Let `i` be the lowest card of `S`.
//!    For `j = i`, the answer is `Q` of `S` less `i`, asked of the search
//!    of one hand as before. For `j` above `i`, `i` is also the lowest
//!    card of `S` less `j`, and the search of `S` less `j` decides it over
//!    its choices: a set, a run, a group laid off, with the slot's card or
//!    not (steps 1 and 2), or discarded where a discard is owed. These are
//!    exactly the choices of `i` in `S` that leave `j` open. A set takes
//!    the lowest copies of each card of its rank first, a run's walk the
//!    lowest open copy on each place, a group laid off the same (the
//!    solver's steps 2 and 7), and `j`, the highest copy of its card, is
//!    the last of its copies taken: so a choice in `S` without `j` takes
//!    the same cards as in `S` less `j`. The solver's walk along a run
//!    leaves a place to a wild only when a card lies within reach beyond
//!    it; measured in `S`, which holds `S` less `j`, it finds every run of
//!    `S` less `j`, and a run of `S` without `j` ends on a card of `S` less
//!    `j` within reach of each of its gaps, so `S` less `j` finds it too.
//!    The meld's verdict on a group depends only on its cards and the
//!    table meld. Each such choice leaves `S` less its cards, and less
//!    `j`: the same question of the state `S` less the choice's cards, for
//!    the same `j`, still the highest copy of its card there. So each `j`'s
//!    answer is the union (for whether the cards meld, the "or") over the
//!    choices of `i` in `S` that leave `j` open of the answers for `j` of
//!    the states they leave; the choices holding `j` are skipped for it.
//! 10. *The slot's cards and the rest.* A choice with the slot's card
//!     in its meld (a card of the set's rank, of a run's suit on a free
//!     place, of those a group laid off takes) adds those cards where the
//!     rest melds completely, or less one card where one is owed: the same
//!     question for the same `j`. Along a run's free places the wilds the
//!     run takes grow while the rest melds, and stop for `j` once it does
//!     not (fewer wilds left never help: the solver's steps 5 and 6).
//!     Cards a `j`'s answer holds already are not asked for again, as the
//!     search of one hand skips them; that changes no answer.
//! 11. *The answers before the memo.* The search of one hand answers some
//!     states before its memo: with two wilds for each card, and where
//!     naturals with no partner among the open cards need more wilds than
//!     there are (step 5). For each `j` these are worked out on `S` less
//!     `j` (the naturals with no partner counted there) and give that
//!     answer, as the search of `S` less `j` would. Whether the open cards
//!     meld is keyed with the table melds used as the solver's step 10
//!     counts them on `S`: a table meld that no card of `S` could go onto,
//!     no card of `S` less `j` could either, so the answers are the same.
//! 12. *The memo.* A state's answers are kept by the state's key (step 4
//!     of the solver) with what is owed, in memos of their own, one answer
//!     for each card of `want` in `S`; `want` is fixed for the loaded
//!     hand and the memo, so a state's answers are the same whichever
//!     question reaches it. So the answer for `d` of the state of the whole hand is `Q` of
//!     `H` less `d`, and the outs after `d` are put together from them as
//!     `Solver::outs_less` puts them together from its searches. A wild
//!     discarded is asked as before.
//! 13. *The deadwood after every discard.* The solver's own search (its
//!     steps 1 to 8 and 10) is answered for every `j` the same way: the
//!     lowest open card `i` left over, or in each meld it can go into
//!     that leaves `j` open (step 9), the least over those choices for
//!     each `j`; for `j = i` the search of `S` less `i`; with two wilds
//!     for each card of `S` less `j`, nothing left over (the solver's
//!     step 6). The deadwood after a natural discard `d` is the answer for
//!     `d` of the whole hand, with its wilds counted as
//!     `Solver::deadwood_less` counts them, and the hand less `d` melds
//!     completely when that deadwood is 0.
//! 14. *Under the half-wild limit.* The outs after every natural discard
//!     are found the same way, the one-hand searches being the limit's
//!     (`Complete::cards_limited_with` and `Complete::melds_counts`,
//!     with a discard still to make or not). Step 9 holds as
//!     it is: the choices of `i` are those of the one-hand search (the
//!     solver's `Search::choices` where every card must meld), each meld
//!     with every count of wilds the limit allows, and that count depends
//!     only on the meld's cards, the wilds and, for a group laid off, the
//!     table meld; so a choice of `i` in `S` that leaves `j` open is a
//!     choice of `i` in `S` less `j` with the same counts. Step 10 tries
//!     every count of wilds along a run's free places, with no stop, as
//!     the one-hand search does under the limit. Step 11 takes the
//!     limit's first answers, the naturals with no partner counted on `S`
//!     less `j`: none may be left where every card must meld, one where a
//!     card is still to discard; for the slot's cards, one more. The
//!     table melds used are kept as they are (the solver's step 10 does
//!     not apply to these searches under the limit), but for the least
//!     deadwood, keyed as that step keys it under the limit. A drawn wild
//!     is asked only where some card at face value lets the hand go out
//!     ("With a discard still to make" under the limit, above). The
//!     deadwood after every discard is found the same way (step 13), the
//!     one-hand search the limit's, with no answer before the memo (two
//!     wilds a card need not make everything meld under the limit).
//! 15. *Every count of wilds at once.* Under the limit, whether the open
//!     cards meld completely (or all but one, a discard still to make) is
//!     asked for every count of wilds up to some `most` in one search
//!     (`Complete::melds_counts`), its answer a bit for each count: the
//!     bits of a choice taking `k` wilds are those of what it leaves,
//!     moved up by `k`. This is the solver's search for each count at
//!     once: the choices of the lowest open card with `w` wilds are those
//!     found with `most`, less those taking more than `w` (a set, a run or
//!     a group laid off is found alike with more wilds, the walk along a
//!     run reaching further, and the counts it is tried with run from the
//!     fewest it needs to the most the limit allows, capped by `w`),
//!     and a choice taking `k` of `w` wilds leaves `w - k`, the bit `w -
//!     k` of what it leaves. Its first answers are the solver's: no
//!     natural with no partner but the discard, and no more wilds than the
//!     naturals, the table melds' room and the discard (so `most` is
//!     capped there). A state's answer holds for every count up to the
//!     `most` it was searched with, which the memo keeps beside it; asked
//!     with more, it is searched again. A meld that may take from `need`
//!     to `most` of `w` wilds asks once, for up to `w - need`, whether any
//!     count from `w - most` melds.
//! 16. *The slot's cards for every count of wilds at once.* Under the
//!     limit, the slot's cards of a state are found for every count of
//!     wilds up to some `most` in one search too (`Complete::slot_counts`),
//!     one set for each count: a choice taking `k` of `w` wilds gives the
//!     set of what it leaves with `w - k`, and one with the slot's card in
//!     its meld gives its cards where what it leaves melds with `w - k`
//!     (step 15); the choices are those found with `most`, less those
//!     taking more than `w` (the walks along a run and onto a table meld
//!     reach as far as one place more than `most` wilds fill, as they do
//!     for `w`). The first answers are those above ("With a discard still
//!     to make" under the limit), each for every count: none where more
//!     naturals have no partner than the slot's card and the discard can
//!     take, none beyond the naturals, the slot's card, the table melds'
//!     room and the discard (so `most` is capped there); the answer with
//!     exactly two such naturals and a discard owed is kept in the memo
//!     like the others; with no natural left there is none of its own
//!     (step 28). As in step 15 the memo keeps the count a state was
//!     searched up to.
//! 17. *An arrangement after a discard, through the one search.* The
//!     solver's search of `S` less `j` keeps, for each state, the first of
//!     its choices (in the order of `Search::choices`, the lowest open card
//!     left over first) whose own cost and least after it are the state's
//!     least. While `j` is open, its states are those of the one search
//!     less `j`, and their choices are the one search's choices that leave
//!     `j` open, in the same order (step 9: the walks that find them only
//!     skip the branches holding `j`), with the least of each as step 13
//!     finds it. So the first of those choices whose own cost and least
//!     after it for `j` are the state's least for `j` is the choice the
//!     search keeps; once `j` is the lowest open card, step 13 asked the
//!     solver's search of the rest itself, and its memo holds the choices.
//!     Following them gives the arrangement `Solver::solve_less` gives,
//!     with no search of `S` less `j` of its own (`Solver::solve_after`).
//! 18. *The slot's cards less two cards, from the answers less one.* With
//!     wilds free, a natural discard still to make, and every natural of
//!     the hand a card that may be chosen, the answer for `j = i` of a
//!     state (the cards completing `S` less `i` less some natural `e`,
//!     step 9) is the union over the naturals `e` open in `S` less `i` of
//!     the cards completing `S` less `i` less `e`, which the state of `S`
//!     less `i` with no discard owed holds, one set for each `e` (copies
//!     are alike, so the highest copy of each card stands for it). The
//!     search asks that state, which the lowest card discarded asks as
//!     well, rather than the one-hand search with its own discard; and
//!     whether `S` less `i` melds less one card is whether that state
//!     melds for some `e`.
//! 19. *No card completes what does not meld with one wild more.* With
//!     wilds free, let a card `c` in the slot let the open cards `S` meld
//!     (less one card `e` discarded, where one is owed), and swap `c` for
//!     a wild, which stands for `c` in its meld. Where `c` shares its meld
//!     with a natural, that is a meld still; where `c` was laid off, the
//!     arrangement has a meld of the hand's own beside it, and a group laid
//!     off that is left wilds alone is wilds left over, free (the solver's
//!     step 5). Where `c` was its meld's one natural, with `k >= 2` wilds,
//!     and the hand has another meld of its own (made already, or among
//!     `S`), the `k + 1` wilds are left over beside it, free. Else `c`'s
//!     meld was the hand's only meld of its own, and every natural of `S`
//!     (less `e`) was laid off; if there is one, `n`, put a wild where it
//!     was laid off and make `n` a set with two wilds, the hand's own meld,
//!     dropping `c`'s: `1 + 2 - k <= 1` wild more. So `S` (less `e`) melds
//!     with one wild more, and where it does not, no card completes it: the
//!     answer is empty with no search of the slot's cards, as the question
//!     of melding is the cheaper (it stops at its first yes). It is asked
//!     where the hand has a meld of its own already, or `S` holds a natural
//!     besides `e`; where it holds none, the counts of wilds decide before
//!     (two wilds make a set with any card). The one search for every
//!     discard asks it for every `j` at once and searches the slot's cards
//!     only for the `j` it lets through (`Every::cards_each`); the one-hand
//!     search asks it before `Complete::decide`, but for a table holding a
//!     meld of wilds alone (`Complete::asks_a_wild_more`), where the
//!     question costs more than the search it spares; a question left out
//!     changes no answer. Under
//!     the half-wild limit a wild for `c` may break the limit, so it is not
//!     asked there.
//! 20. *With wilds free, a wild discarded lets nothing go out.* Let the
//!     naturals `S` (some) and `w` wilds not meld, and a natural `c` let
//!     `S` meld with `w - 1` wilds (one wild discarded). Swap `c` for a
//!     wild in that arrangement. Where `c` shared its meld with a natural,
//!     or was laid off, the meld stays a meld (the wild stands for `c`, and
//!     a group laid off that is left wilds alone is wilds left over beside
//!     a meld of the hand's own, free by the solver's step 5). Where `c`
//!     was its meld's one natural, with `k >= 2` wilds, and some other
//!     meld of the hand's own holds a natural, the `k + 1` wilds are left
//!     over beside it, free. Else that meld was the hand's only own meld,
//!     and every natural of `S` was laid off: take one, `n`, put a wild
//!     where it was laid off and make `n` a set with two wilds, the hand's
//!     own meld, dropping `c`'s; that takes `(w - 1) - k + 3 <= w` wilds.
//!     Each way `S` melds with `w` wilds, which it does not. So the outs
//!     are the cards completing `S` less a natural (and a wild drawn where
//!     `S` less a natural melds with a wild more), and `Solver::outs_less`
//!     and `Solver::outs_after` no longer search `S` with a wild less. Where
//!     every meld may be wilds alone, step 4 says the same.
//! 21. *Whether the open cards meld, for every table meld used at once.*
//!     With wilds free, whether the open cards meld completely (or less one
//!     card, a discard still to make) is asked of states that differ only
//!     in the table melds used and whether the hand has a meld of its own:
//!     in the slowest hands found, four table melds made four times as
//!     many states as open cards and wilds alone. `Complete::melds_vec`
//!     answers for all of them in one search, one bit for each, at `own <<
//!     t | used_table` for `t` table melds (up to five, so that the answers
//!     fit one word; with six to eight, `Complete::melds_wide` keeps them
//!     in one to four words of 128 bits, in `slot_sets`, where the bit at
//!     `b` of the place is bit `b` of a word below 7 and bit `b - 7` of
//!     the word's number above: moving the answers by a table meld's bit
//!     or the meld of the hand's own is moving bits within each word or
//!     whole words, and the argument below is the same).
//!     The search's choices of the lowest open card (the solver's
//!     `Search::choices`) do not depend on that part of the state, but for
//!     which table melds it may lay off onto, so it tries every group onto
//!     every table meld, and each choice gives the answer of the state it
//!     leaves, bit by bit:
//!     - a set or a run is a meld of the hand's own: the answer for the
//!       same table melds used with a meld of the hand's own, whatever the
//!       state's own was (the upper half of the word, copied to both);
//!     - a group laid off onto table meld `m` is a choice only where `m`
//!       is not used yet, and leaves `m` used: the answer at `used_table`
//!       without `m` is the rest's at `used_table` with `m` (the bits with
//!       bit `m` set, moved down by `2^m`);
//!     - where a discard is still owed, the lowest open card discarded
//!       leaves the state as it is, less that card.
//!
//!     A state's bit is the "or" over its choices, as the search of step 4
//!     answers each state (so a group onto `m` is not asked once every bit
//!     without `m` is yes, the only bits it could add, in one word or
//!     several); the first answers
//!     before the memo (two wilds a card, naturals with no partner) do not
//!     depend on that part of the state, and the state with no open card melds but where table melds
//!     were used with no meld of the hand's own, and has nothing to
//!     discard. So each bit is the answer of the search of step 4 for that
//!     state, and the memo is keyed on the open cards, the wilds and the
//!     discard owed alone. `Every::melds_each` asks it of `mask` less each
//!     `j` in turn (step 9's answer for `j` is the question of `mask` less
//!     `j`), which share their states through this memo.
//! 22. *Every count of wilds at once.* The states of step 21 still differ
//!     in the wilds left: a meld takes some, and step 19 asks with one
//!     wild more, so that the slowest hands asked of about three counts of
//!     wilds for each set of open cards. `Complete::melds_lanes` answers
//!     for every count from none up to one more than the hand holds in one
//!     search, where their words fit side by side in 128 bits (`lanes`
//!     of them, the word for `w` wilds at `w` times a word's bits); with
//!     more, `melds_vec` answers from its own memo as before. The lowest
//!     open card's choices are those of step 21 with the most wilds of a
//!     lane: a choice that takes `k` wilds is one for each count from `k`
//!     up, and leaves the same open cards with `k` fewer, so its answer
//!     for `w` is the rest's for `w - k`: the rest's word moved up by `k`
//!     lanes, none moved in below `k`. With fewer wilds the search of
//!     step 4 finds no choice that more wilds do not (a run or a group
//!     found with `w` wilds is found with more, and needs as many), and a
//!     choice found only with more wilds but needing no more than `w` is
//!     a meld all the same: so the "or" over the choices is each lane's
//!     answer. The first answers before the memo are worked out lane by
//!     lane, and those lanes are not searched. Steps 22 and 24 apply with
//!     four or five table melds (`LANES_FROM`), step 23 with four or more
//!     (below): with fewer, few states
//!     differ only in the wilds or the table melds used, and each of these
//!     searches does more for a state than the searches of one state at a
//!     time, which stay the quicker (hands with two table melds took a
//!     sixth longer under step 22).
//! 23. *The least deadwood, for every table meld used at once.* Step 21's
//!     argument holds of the least deadwood as of whether the cards meld,
//!     with a cost in place of each bit and the least in place of the
//!     "or": `Search::best_vec` keeps, for the open cards and the wilds,
//!     the least deadwood for every set of table melds used and both
//!     values of "the hand has a meld of its own", at `own << t |
//!     used_table` (for `t` of the table melds, as below). The lowest open card left over adds its value to the
//!     rest's cost for the same table melds used; a set or a run takes the
//!     rest's cost with a meld of the hand's own; a group laid off onto
//!     table meld `m` takes, where `m` is not used, the rest's cost where
//!     it is; with no open card left the cost is none, but where table
//!     melds were laid off onto with no meld of the hand's own (no
//!     arrangement), and under the half-wild limit the wilds left over
//!     cost what step 9b says for those table melds used and meld of the
//!     hand's own (each meld tries every count of wilds the limit allows,
//!     as in step 4, so nothing else differs). So each cost is the search
//!     of step 4's for that state, and `Search::best` reads it. The
//!     arrangement is followed from the costs (`Search::choice_vec`): of
//!     the state's choices, in the order step 4 tries them, the first
//!     whose cost and least after it make the state's least, which is the
//!     one step 4 keeps (the first of equal costs), so the arrangement is
//!     the same. It applies with four table melds or more, where
//!     `Solver::choose_order` finds the search of step 4 long
//!     (`Loaded::least_in_vectors`): a state's costs are at most `2 << 8`,
//!     and the slowest hands met up to twenty times as many states in
//!     step 4 as here, mostly differing in the table melds used and,
//!     under the half-wild limit, in the room of those idle; but a hand
//!     whose states in step 4 are few can meet more here, every set of
//!     open cards that some table melds used would reach (docs/speed.md,
//!     "Every table meld used at once, where the search is long"). A
//!     table meld of wilds alone takes a group of every lowest open card,
//!     so that each state would try those groups for every set of table
//!     melds used, where step 4 tries them only until it is used: whether
//!     such a meld is used stays in the key (`wild_used`), as in step 4,
//!     and a group laid off onto it takes the rest's costs, with it used
//!     in the rest's key, for the same table melds used of the others.
//!     So the costs are kept only for the sets of the other table melds
//!     that some natural of the hand could go onto (`Loaded::least_melds`,
//!     in order): no choice lays off onto one that none could, nor onto
//!     one of wilds alone in the costs, so no cost read has them used
//!     (with the two, a slow half-wild hand's costs were four times as
//!     many, and its least deadwood went 1.0 → 0.6 ms without them).
//! 24. *The least deadwood after every discard, for every table meld used
//!     at once.* Step 13's search for every discard (`Every::least_each`)
//!     keys the table melds used and whether the hand has a meld of its own
//!     too. Where step 23 applies, `Every::least_each_vec` keeps for each
//!     card `j` of `want` open the costs of the open cards less `j` for
//!     every set of table melds used and both values of own, as step 23
//!     keeps them for one hand: `j` the lowest open card, the costs of
//!     step 23 for the rest; else the lowest open card left over, or in
//!     each meld that leaves `j` open, its costs moved as step 23 moves
//!     them. Step 13's argument holds cost by cost, so each is the least
//!     deadwood of that state less `j`. `Every::least_at` reads the one
//!     asked; the arrangement after a discard (step 17) is followed from
//!     them as before. It applies where step 23 does, with four or five
//!     table melds (`Loaded::every_in_vectors`): beyond, a state's costs
//!     for every discard would be up to `2 << 8` for each, and each
//!     discard is asked apart of step 23's costs
//!     (`Solver::every_discard_at_once`), which
//!     the searches of the hand less each card share.
//! 25. *Whether the cards meld after every discard, each count of wilds
//!     kept together.* Under the limit, the one search for every discard
//!     asks whether the open cards less each `j` meld (step 14) for each
//!     count of wilds in turn: a meld, with the slot's card or not, that
//!     may take from `need` to `most` wilds asks what it leaves with each
//!     count, a run's free places each count again, some six asks of one
//!     state for each state decided. `Every::melds_counted` keeps, for the
//!     open cards, the table melds used, whether the hand has a meld of its
//!     own and the discard owed, one place for each count of wilds from
//!     none to one more than the hand's wilds, each filled with that
//!     count's answer when it is first asked, searched as before: so a
//!     meld's counts are read from one entry of the memo, and each answer
//!     is the one step 14 gives. (Searching every count of a state at once,
//!     as step 15 does for one hand, was quicker on some hands and slower
//!     on others: it works out counts no question asks.)
//! 26. *The slot's cards after every discard, each count of wilds kept
//!     together.* Under the limit a meld with the slot's card, or one
//!     without it that may take from `need` to `most` wilds, asks the
//!     slot's cards of what it leaves (step 14) for each count in turn.
//!     `Every::cards_counted` keeps, for the open cards, the table melds
//!     used, whether the hand has a meld of its own and the discard owed,
//!     one place for each count of wilds from none to one more than the
//!     hand's wilds, each filled with that count's answer when it is first
//!     asked, searched as before: so a meld's counts are read from one
//!     entry of the memo, and each answer is the one step 14 gives.
//! 27. *Whether the cards meld under the limit, for every table meld used
//!     at once.* Step 15's search (`Complete::melds_counts`) keys the table
//!     melds used and whether the hand has a meld of its own; with many
//!     table melds most of its states differ only there (a slow hand's
//!     45,799 states held 1,132 sets of open cards and discard owed). As
//!     step 23 does for the least deadwood, `Complete::counts_vec` keeps
//!     for each set of open cards, the discard owed and the table melds
//!     used that are of wilds alone (`fixed`, in the key), a word of
//!     counts for every set of the others used (`Loaded::live`) and both
//!     values of own. (A table meld no natural of the hand could go onto
//!     is among the others: the slot's card may go onto it alone (step
//!     28), and in the key each such meld made states of its own; a slow
//!     half-wild hand's outs went 5.5 → 4.8 ms.) The
//!     lowest open card's choices do not depend on those (but for which
//!     table melds it may lay off onto, all of them tried): a meld of its
//!     own gives each word the rest's with own; laid off onto a live table
//!     meld `m`, each word without `m` takes the rest's with it; onto one
//!     of wilds alone, the rest's key has it, each word where it was; the
//!     counts shifted by the wilds the choice takes, as step 15 does. With
//!     no open card each word is step 15's for its set. The counts
//!     searched are all those the open cards could take, up to the room of
//!     the table melds with only `fixed` used, the most any word allows
//!     (step 15's bound), and to one more than the hand's wilds, the most
//!     any question asks: so each word holds every count step 15 would
//!     find for its set up to those, and reading one gives step 15's
//!     answer. (Without the second bound, each meld was tried with every
//!     count of wilds it may take, as if the hand had them: a hand with
//!     no wild and many ways to meld took 69 ms where one set at a time
//!     takes 0.1.) A natural
//!     with no partner with only `fixed` used has none with more used (its
//!     row of partners has the most), so nothing melds for any word. The
//!     outs of the whole hand ask it from `COUNTS_FROM` table melds
//!     (`Loaded::counts_vectors`), where whether the cards meld with a wild
//!     more is found so sooner than a set at a time (`Solver::at_once_quicker`;
//!     either way gives the same answers). A word need count only to one more
//!     than the hand's wilds, and the words are kept bit-sliced: a plane for
//!     each count, a bit in it for each set used and own (`CountVecs`). A
//!     choice moves each plane of its rest once, as one to four words of
//!     64 bits (its table meld laid off onto, or own, a shift and a mask,
//!     or words moved), and adds it to the plane of each count it gives,
//!     where each word's counts were shifted one by one: the slowest
//!     half-wild hand found, 256 answers a state and two wilds, four planes
//!     of four words, went 629 → 460 million instructions.
//! 28. *The slot's cards, the idle table melds kept by their room.* Step
//!     16's search keyed every table meld used, since the slot's card may
//!     go alone onto any table meld not used, and which one decides the
//!     cards (a slow hand's 33,981 states held 567 sets of open cards and
//!     discard owed). A table meld that no open card could go onto
//!     (`takers`) is idle, and stays so as the open cards shrink; from
//!     then on the search uses it only to take the slot's card alone, or
//!     wilds left over as far as its room goes. So `Complete::slot_counts`
//!     now answers for the slot's card going anywhere but alone onto an
//!     idle table meld, and keys the table melds used as the solver's step
//!     10 does under the limit: the busy ones as they are, the idle ones
//!     by the room of those not used, at most the most wilds asked of the
//!     state or one more than the hand's, whichever is more (no state
//!     after it has more wilds to place, so two keys alike give the same
//!     answers for every count either asks). Whether an idle table meld
//!     was used would matter only where the hand has no meld of its own
//!     yet, as laying off needs one: but the slot's card still goes into
//!     a meld of the hand's own, or onto a table meld, which needs one
//!     too, so each arrangement from the state has one either way. The
//!     slot's card alone onto an idle table meld `m` not used is asked
//!     where `m` turns idle (`Complete::next_counts`): on each move of the
//!     search, for the
//!     table melds busy before it and idle after it, and at the first
//!     state for those idle already, its cards where the rest melds
//!     completely with `m` used (step 15, which needs a meld of the
//!     hand's own where a table meld is used), each count of wilds from
//!     the fewest the cards need to the most the meld then takes. Every
//!     table meld is idle once no natural is open, so an arrangement with
//!     the slot's card alone onto `m` is found on the move where `m`
//!     turned idle, `m` not used until then nor after, and the search
//!     with no natural open has no cards of its own. Each card found this
//!     way is an arrangement as before (step 7), so the cards are those
//!     step 16 found. The slow hand's search then meets 8,353 states where
//!     it met 33,981.
//! 29. *With wilds free, the idle table melds used count as not used.*
//!     The search of steps 1 to 8 (`Complete::cards_with`) keyed every
//!     table meld used, for the same reason as step 28: the slot's card
//!     may go alone onto any table meld not used. It now answers for the
//!     slot's card going anywhere but alone onto an idle table meld, and
//!     keys only the busy table melds used. Two states alike but for idle
//!     table melds used then have the same answer. An idle table meld
//!     takes no group of open cards (the group holds the lowest open
//!     card, which it cannot take), so it is the same used or not to
//!     every choice but the slot's card alone. What is left is whether
//!     some table meld is used, which asks for a meld of the hand's own:
//!     but in every arrangement from such a state the slot's card goes
//!     into a meld of the hand's own or onto a table meld, which needs one
//!     too, so each has one either way. The searches whether the rest
//!     melds, asked once the slot's card is placed, are asked with the
//!     table melds really used; placed in a meld of the hand's own, it
//!     gives one, and laid off, it uses a busy table meld, so they answer
//!     alike for both states. The slot's card alone onto an idle table
//!     meld `m` not used is asked where `m` turns idle
//!     (`Complete::next_cards`), as in step 28: on each move that leaves
//!     the slot's card open, for the table melds busy before it and idle
//!     after it, and at the first state for those idle already, its cards
//!     (`single`, with no wild of the hand's or with one) where the rest
//!     melds completely with `m` used, less one card where a discard is
//!     owed (with no natural left to discard, none). Which idle table meld
//!     is used does not change whether the rest melds (step 10 of the
//!     solver), so that is asked once for all those turning idle together;
//!     with no natural open, the rest melds where the hand has a meld of
//!     its own. No state with no natural open has cards of its own but
//!     those of two wilds. The
//!     slowest hand with wilds free before its last draw (eight table
//!     melds, Five Crowns) then meets 2,240 such states where it met
//!     7,208.
//! 30. *The costs for every table meld used, only those read.* Steps 23
//!     and 24 keep a state's costs for every set of table melds used, but
//!     a state is reached, and read, only with table melds used that a
//!     natural below its lowest open card could go onto. A group is laid
//!     off onto a table meld only when its lowest natural is the lowest
//!     open card (step 7 of the solver), and every natural below a state's
//!     lowest open card was placed before it. A choice's rest has a higher
//!     lowest open card, and the state reads the rest's costs for its own
//!     sets of table melds used, each with, for a group laid off, the
//!     table meld it goes onto, which the state's lowest open card could
//!     go onto: all sets the rest is read for. The arrangement followed
//!     from the costs reads them along choices made. Step 24's states, of
//!     the hand less a card, hold the same of theirs, and read step 23's
//!     as a choice's rest. So the table melds are packed in the order of
//!     the lowest natural each could take (`LeastMelds`, then by their
//!     place): the sets a state is read for are the first of each half of
//!     its costs (`LeastMelds::reach`), and only those are worked out. The
//!     others are never read (asserted where the costs are read, in builds
//!     with debug assertions): step 23 leaves them at 0, so that a state
//!     whose costs read are all 0 is decided as before, and step 24 at
//!     none, looking only at the first for a card decided. The hand of
//!     eight fours after the draw (docs/speed.md) took 335 million costs
//!     from choices in step 23, and now 24 million.
//! 31. *Under the limit, busy only within reach.* Step 28 counts a table
//!     meld busy while some open card is of its rank (a set) or of its
//!     suit and of a rank it does not hold (a run), however far off. But a
//!     group laid off onto a run holds a natural nearest the run's
//!     naturals, and every place between the two is a hole: no natural of
//!     the group stands there, so a wild of the hand's, the slot's card or
//!     one of the table meld's own wilds (which may stand elsewhere in the
//!     run) does. The slot search asks of at most the hand's wilds
//!     (`Complete::slot_counts`), so where no open card of the run's suit
//!     lies within that many holes, one more for the slot's card, and the
//!     meld's own wilds of its naturals, no group of the open cards goes
//!     onto it, in this state or any after: it is idle as step 28 means
//!     it, and keyed so. `Takers::busy_near` reads it, from the takers
//!     within that reach (`Loaded::fill_in`, an ace counted at both ends).
//!     It only shrinks as the open cards do, so step 28 holds as it
//!     stands, the slot's card alone onto a table meld asked where it
//!     turns idle. The half-wild hand with wilds at 20 before its last
//!     draw (docs/speed.md) kept 12,826 states, and now 4,160.
//! 32. *The choices of a set of open cards, once.* Step 28's states of one
//!     set of open cards differ in the table melds used, whether the hand
//!     has a meld of its own, the discard owed and the wilds asked about
//!     (the hand of sevens of docs/speed.md searches each of its 571 sets
//!     of open cards 21 times on average), but the lowest open card's
//!     sets, its runs with the slot and its groups each table meld could
//!     take depend only on the open cards and the most wilds asked about.
//!     They are worked out once for those (`SlotPlans`), each table meld's
//!     groups whether it is used or not, and each state reads them,
//!     passing over the table melds it has used: the same choices in the
//!     same order, so the same answers.
//! 33. *One search of the whole hand finds each card once.* With wilds
//!     free, the cards completing the whole hand (its outs, and the cards
//!     completing it) are asked of one search from the whole hand, no
//!     table meld used (`Complete::gathered`). Every state it comes to is
//!     reached from the whole hand by melds placed with the slot's card
//!     still open, and a state's cards are the union of those its choices
//!     give: so each card any state finds completes the whole hand, and
//!     the whole hand's cards are what its own state returns together
//!     with every card found anywhere (`Gather::found`). So no card need
//!     be found twice: a state's answer may leave out cards found before
//!     it is kept, as long as each card of its own is in its answer or
//!     found. Then the search skips asking whether the rest melds where
//!     every card that would add is found already, and answers nothing
//!     for a state whose cards another state kept already holds (with
//!     what was found): one with the same open cards and discard owed, as
//!     many wilds or one more, a meld of the hand's own where this one has
//!     one, and table melds used among this one's, keyed as step 29 keys
//!     them (the same open cards leave the same table melds idle). Its
//!     arrangements are all this one's: a wild more goes into any meld
//!     at no cost (the solver's steps 5 and 6), laying off needs a meld of
//!     the hand's own which it has if this one has, and a table meld this
//!     one has not used takes the same groups there. `Gather::searched`
//!     keeps which table melds used and meld of the hand's own each set of
//!     open cards, wilds and discard owed was kept with, a bit each (of
//!     the first `SEARCHED_TABLE` table melds; the others used are in its
//!     key, each set of them among this one's looked up), a state kept
//!     with `w` wilds under `w` and `w - 1`, so that one lookup finds
//!     those with as many wilds or one more. Each answer so kept holds only for
//!     that search: its memo is its own, cleared before each. The hand of
//!     hearts with wilds free before its last draw (docs/speed.md) decided
//!     8,834 states, and now 4,259.
//! 34. *A state that could find no card not found yet is not searched.* In
//!     step 33's search a card found is shared as soon as a state's choice
//!     finds it (`Complete::share`), and the answer is read only for the
//!     deck's naturals (`Loaded::read_bits`: not the wild rank's, but where
//!     a meld may be all wild, whose answer asks whether any card at face
//!     value completes). A state whose every card it could find is found
//!     already adds nothing, so it answers nothing, unsearched and not
//!     kept (`Complete::nothing_left`). Which cards it could find is bounded
//!     where it has fewer than two wilds (with two, the slot's card and
//!     two wilds meld whatever it is): the slot's card then shares a meld
//!     with a natural, an open card or one of a table meld not used yet (a
//!     table meld of wilds alone could take any card: no bound). In a set
//!     it has that natural's rank. In a run it has its suit, and the
//!     run's natural nearest to it is an open card or one of the table
//!     meld it goes onto, with only wilds between: at most the hand's
//!     `w` and, laid off, the table meld's own, which move where the
//!     run's open cards let them (`4h 2s 6h` with the 5h takes an 8h). So
//!     a card not found yet lies near an open card where it has its rank,
//!     or its suit at most `w + 1` places from it and more by the most
//!     wilds of a table run of the suit; near a table meld not used where
//!     it has the rank of a set, or the suit of a run at most `w + 1` and
//!     its wilds from one of its naturals (`Anchor`); an ace at both ends
//!     where it may be high. A state none of whose open cards and table
//!     melds not used lies near such a card finds none of them. Each time
//!     more cards are found, the naturals and the table melds near one
//!     left are worked out for no wild and one (`Unfound`; step 37 asks of
//!     more), so that a state asks it in two bit tests; where more than `UNFOUND_MOST`
//!     cards are left it is not worked out, as it would seldom hold. The
//!     hand of hearts decides 1,310 states rather than 4,259.
//! 35. *The idle table melds' room, added apart.* Step 28 keys a state of the
//!     slot search by the room of its idle table melds not used, so states
//!     alike but for which idle table melds were used are searched once for
//!     each room. But from a state on, an idle table meld takes no open card
//!     (step 31), and the slot's card alone onto it is asked where it turned
//!     idle, so of the state's arrangements it takes only wilds, as far as its
//!     room goes; and each such arrangement has a meld of the hand's own (step
//!     28), so its wilds may go there. Take `j` wilds off those table melds and
//!     what is left is an arrangement of `w - j` wilds with them used; put up
//!     to the room's wilds onto them and an arrangement with them used is one
//!     with them not. So with `w` wilds the state's cards are those of the same
//!     state with its idle table melds used, for `w - j` wilds, each `j` from
//!     none to their room (`Complete::slot_counts` gives the room,
//!     `Complete::next_counts` adds the cards so). The table melds of wilds
//!     alone are left as they were: step 27 keys which of them are used, and
//!     their room stays in the key. Six of the seven half-wild hands of the
//!     bench that took over 5 ms before their last draw meet 1.2 to 2 times
//!     fewer such states (the one of two jokers and fourteen cards 3,467 where
//!     it met 7,079, the aces-high one of fourteen cards by rank 10,773
//!     where it met 13,989).
//! 36. *Step 27's table melds no natural takes, their room added apart.*
//!     Step 27 keeps a word for every set of the live table melds used,
//!     though a live table meld no natural of the hand could go onto
//!     (`Loaded::reached` leaves it out) takes only wilds, and only as far
//!     as its room goes, from the arrangements' last state (no open card,
//!     a meld of the hand's own). So `Complete::counts_vec` searches its
//!     states with every such meld used, a word for each set of the others
//!     used, and `Complete::count_word` adds their room apart: with the set
//!     `U` used, the word read is that of `U` and all of them used, each
//!     count `c` in it giving `c + j` for each `j` up to the room of those
//!     not in `U`. An arrangement with `j` wilds on them is one with `j`
//!     fewer and them used, which has a meld of the hand's own as one with
//!     a wild on a table meld must; put `j` wilds onto them, within their
//!     room, and the reverse holds. With none on them, the two differ only
//!     where nothing is used and the hand has no meld of its own, so that
//!     one with them all used must make one: then the open cards may also
//!     keep no meld at all, which they do only where nothing is left but a
//!     card to discard (the one open card, or a wild with none open), and
//!     that is added too. The slowest hand found, with two such melds of
//!     eight, keeps 128 words a state where it kept 512.
//! 37. *Under the limit, one search of the whole hand finds each card
//!     once.* Steps 33 and 34 hold under the limit too, with the counts of
//!     wilds kept apart. The outs (`Solver::outs_limited`) ask step 16's
//!     search of the whole hand, for its `w` wilds, with memos of their
//!     own, cleared before and after (`Complete::gathered_limited`). A
//!     state's cards for the count `c` complete the whole hand where some
//!     path of moves from it leaves the state `c` wilds: the whole hand's
//!     count is `w`, and a move that takes from `k` to `k'` wilds gives
//!     the state it comes to each count of the one it leaves less each of
//!     those (`Complete::add_counts`, `Gather::counts`), so that each card
//!     of those counts is one step 16 would add to the whole hand's
//!     answer for `w`. Each state's cards for those counts are shared as
//!     soon as it has them (`Complete::share_counts`), so that a state's
//!     answer may leave out cards found before, as in step 33; and a
//!     state that could find no card not found yet is not searched nor
//!     kept (`Complete::nothing_left_limited`). Under the limit the slot's
//!     card shares a meld with a natural whatever the wilds (no more than
//!     half of a meld is wild), so step 34's bound holds with the state's
//!     most wilds in place of its wilds, worked out for up to three
//!     (`UNFOUND_WILDS`), and for any number of cards not found yet: the
//!     outs under the limit are often most of the deck, and the cards left
//!     are then few, or many but far from the open cards. The slowest
//!     hand found, whose outs are 45 of the deck's naturals, takes 177
//!     million instructions where it took 395 million; the half-wild hand
//!     of two jokers and fourteen cards before its draw 74 million where
//!     it took 185 million.
//! 38. *Under the limit, the cards no meld could take are not looked for.*
//!     Every card step 37's search finds, a choice puts into a meld: a
//!     set, a run or a group laid off of a state's lowest open card `i`,
//!     the slot's card among its cards (step 16), or the slot's card alone
//!     onto a table meld (step 28). The search never discards the slot's
//!     card: that a hand which melds already goes out with every card is
//!     asked before (`Solver::outs_less`). The meld's naturals of the hand
//!     are open cards of the state, so `i` and cards after it in the order,
//!     and it takes at most the hand's `w` wilds. Step 32's choices of a
//!     lowest open card only grow with the open cards and the wilds: a set
//!     takes any of the open cards of its rank, a run or a group walks each
//!     place taken by an open card or left empty within the wilds, and a
//!     run that could reach a table meld from fewer open cards reaches it
//!     from more. So every card found is one that some choice of some
//!     natural `i`, with the hand's naturals from `i` on open and `w`
//!     wilds, puts the slot's card into, or one that goes alone onto a
//!     table meld within `w` wilds (`Complete::cards_any_meld_takes`).
//!     The others are left out of the cards wanted (`Gather::wanted`), and
//!     step 34's bound is worked out for those left, so that a state near
//!     only cards no meld could take is not searched. The slowest hand
//!     found (twos wild, three decks, fifteen cards, eight table melds)
//!     wanted 52 cards, found 46 within 9,000 states and searched 6,500
//!     more for `2d` (a two at face value), `3d`, `3s`, `4d`, `5d` and
//!     `5h`, which no meld takes (`5h` with the hand's `Ah` would need
//!     three wilds between two naturals): it decides 5,853 states where it
//!     decided 15,520. With no card left to look for, the search may end
//!     having found none, though a wild completes the hand standing for a
//!     card of the wild rank at its face, which is never looked for where
//!     no meld may be all wild (`Loaded::read_bits`): so whether a wild
//!     completes is asked apart whatever the search found
//!     (`Solver::outs_limited`).
//! 39. *Under the limit, the cards not found yet, meld by meld.* A card
//!     `c` is an out of a hand `H` that does not meld when `H + c` less one
//!     card melds completely; `c` is not that card (`H` would meld), so it
//!     lies in a meld `M`. Where `M` holds no natural of the hand, `c` goes
//!     alone onto a table meld (with wilds, within the limit: `c` and
//!     wilds alone are no meld under it). Else let `i` be the first of its
//!     naturals in the order: by step 38, `M` is a choice of `i` with the
//!     naturals from `i` on open and the hand's `w` wilds. Either way `M`
//!     is one of `Complete::slot_melds`, taking `k` wilds within its
//!     range, and what is left, the hand less `M`'s naturals with `w - k`
//!     wilds, melds completely less one card, `M`'s table meld used, or
//!     with a meld of the hand's own where `M` is one. Conversely `M` and
//!     such an arrangement of the rest are an arrangement of `H + c` less
//!     one card. So the outs are the cards of the melds of
//!     `Complete::slot_melds` whose rest so melds, which
//!     `Complete::melds_counts` answers for every count of wilds at once
//!     (`Complete::outs_meld_by_meld`); a meld whose cards are all found
//!     already, or no card wanted, is not asked. Step 37's search finds
//!     most of the outs within its first states and then searches on,
//!     often for thousands of states, to tell that the cards left are
//!     not outs; asked meld by meld, only the melds that could take a card
//!     left are asked, each once, and no state is keyed by the table melds
//!     used. But each rest asked is searched from the hand's first cards
//!     again, where step 37's states share them, so where step 37's search
//!     is short it is quicker whole: the outs are asked meld by meld only
//!     past `SLOT_STATES_MOST` of its states, the cards it found kept
//!     (each an out, step 37), and its search stopped
//!     (`Memo::hold_at_most`). A card that is no out may go into hundreds
//!     of melds (each group of a suit's cards laid off onto a run), each
//!     a rest to search, which step 37's states share: past
//!     `MELDS_ASKED_MOST` melds asked, the search takes over again, the
//!     cards found meld by meld shared with it and its states kept, so
//!     that it goes on where it stopped; past four times its states, the
//!     melds again, past four times the melds, the search, and so on
//!     until one of them ends. Where the search's first states found no
//!     card it looks for, the melds are asked first within
//!     `MELDS_ASKED_NONE_FOUND`, and within `RESTS_KEPT_NONE_FOUND` states
//!     of the rests' searches, a rest past them stopped, its states kept
//!     for the next turn (`Memo::hold_at_most`): such a search is as far
//!     from the outs as it started, with every card left to find or to
//!     tell no out. Each turn adds only cards that are outs (a rest
//!     stopped adds none), and each ends at last with every out: the
//!     search when its bound passes its states, which are finite; the
//!     melds when every meld is asked.

use super::memo::{Discard, Memo, StateKey, unless_stopped};
use super::naturals::{BitIter, Naturals, lowest_bits, unpacked};
use super::runs::{Dir, RunWalk, places_of};
use super::search::{
    INF, Placed, Search, VEC_TABLE, WildPolicy, alone_beyond, alone_cards, answers_of, key_of, melds_at,
};
use crate::card::{Card, Rank, Suit};
use crate::meld::{bottom_place, room, top_place, wilds_needed};
use crate::rules::Rules;

/// A set of distinct cards, by index; the joker's bit stands for every
/// wild card of the round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u128);

/// Every natural card's bit, of any deck.
pub(super) const NATURALS: u128 = (1 << Card::JOKER.index()) - 1;

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    /// Every card, the joker's bit for any wild.
    pub const ALL: CardSet = CardSet((1 << Card::KINDS) - 1);

    pub(super) const fn from_bits(bits: u128) -> CardSet {
        CardSet(bits)
    }

    pub fn insert(&mut self, c: Card) {
        self.0 |= 1 << c.index();
    }

    /// Whether `c` is in the set; a joker asks whether any wild is.
    pub fn contains(self, c: Card) -> bool {
        self.0 & (1 << c.index()) != 0
    }

    pub fn union(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` completes, for a set of completing cards: a wild
    /// card does when any wild does (the joker's bit).
    pub fn completes(self, card: Card, wild: bool) -> bool {
        if wild { self.contains(Card::JOKER) } else { self.contains(card) }
    }
}

/// The cards of rank `r` (1 to 13), as bits.
pub(super) fn rank_bits(r: u8) -> u128 {
    let first = Card::new(Rank::new(r).expect("a rank"), Suit::ALL[0]).index();
    ((1 << Suit::FIVE.len()) - 1) << first
}

/// The card of each suit on each place of a run (1 to 14, the ace on
/// both), as bits, worked out once.
pub(super) const PLACE_BITS: [[u128; 15]; 5] = {
    let mut out = [[0u128; 15]; 5];
    let mut s = 0;
    while s < 5 {
        let mut p = 1;
        while p < 15 {
            let rank = if p == 14 { 1 } else { p as u8 };
            let card = match Rank::new(rank) {
                Some(r) => Card::new(r, Suit::FIVE[s]),
                None => unreachable!(),
            };
            out[s][p] = 1 << card.index();
            p += 1;
        }
        s += 1;
    }
    out
};

/// Where the counts of wilds a state was searched for go up to, in the
/// word [`Complete::melds_counts`] keeps (its bits below, one for each
/// count of wilds).
const COUNTS_MOST: u32 = 56;

/// What `Complete::slot_counts` keeps of a state no slot's card lets meld
/// for any count of wilds.
const NO_SLOT_CARDS: u64 = u64::MAX;

/// The most wilds the searches for every count of wilds at once count to
/// (a hand holds at most 31, and one more may be drawn).
const MOST_COUNT: u8 = 32;

/// The counts of wilds from none to `n`, as bits.
fn counts_upto(n: u32) -> u64 {
    if n >= 63 { u64::MAX } else { (1 << (n + 1)) - 1 }
}

/// Every card of each suit, as bits.
pub(super) const SUIT_BITS: [u128; 5] = {
    let mut out = [0u128; 5];
    let mut s = 0;
    while s < 5 {
        let mut p = 1;
        while p < 14 {
            out[s] |= PLACE_BITS[s][p];
            p += 1;
        }
        s += 1;
    }
    out
};

/// A run found from the lowest open card: the cards used and the places
/// they take.
#[derive(Clone, Copy, Debug)]
pub(super) struct SlotRun {
    pub(super) used: u32,
    pub(super) taken: u16,
}

/// A meld the slot's card could go into (`Complete::slot_melds`): the
/// open cards it leaves, the table meld it goes onto or none, whether it is
/// a meld of the hand's own, and where its cards lie in the list beside it,
/// each as `(need, more, cards)` (`LayOffs::slots`).
struct SlotMeld {
    rest: u32,
    used_table: u8,
    own: bool,
    entries: (u32, u32),
}

/// For each table meld `m`, the bits of `Complete::melds_vec`'s word at
/// which `m` is used: the low half of `USED_WIDE`'s.
const USED: [u64; VEC_TABLE] = {
    let mut out = [0u64; VEC_TABLE];
    let mut m = 0;
    while m < VEC_TABLE {
        out[m] = USED_WIDE[m] as u64;
        m += 1;
    }
    out
};

/// The fewest table melds for which the searches of steps 22 to 24 answer
/// for every count of wilds, or every table meld used, at once (module
/// docs, step 22).
pub(super) const LANES_FROM: usize = 4;

/// Each of `USED`'s words twice over: the bits of every lane of
/// `Complete::melds_lanes`'s word at which table meld `m` is used.
const USED_LANES: [u128; VEC_TABLE] = {
    let mut out = [0u128; VEC_TABLE];
    let mut m = 0;
    while m < VEC_TABLE {
        out[m] = (USED[m] as u128) << 64 | USED[m] as u128;
        m += 1;
    }
    out
};

/// For each table meld `m` below 7, the bits of a 128-bit word of
/// `Complete::melds_wide` at which `m` is used (table meld 7 and the meld
/// of the hand's own, beyond seven table melds, are in which word).
const USED_WIDE: [u128; 7] = {
    let mut out = [0u128; 7];
    let mut i = 0;
    while i < 128 {
        let mut m = 0;
        while m < 7 {
            if i >> m & 1 != 0 {
                out[m] |= 1 << i;
            }
            m += 1;
        }
        i += 1;
    }
    out
};

/// How many 128-bit words hold `Complete::melds_wide`'s answers for `t`
/// table melds (six to eight): one bit for every table meld used and
/// whether the hand has a meld of its own.
fn wide_words(t: usize) -> usize {
    (answers_of(t) / 128).max(1)
}

/// Step 21 over several words (`Complete::melds_wide`): the answers of a
/// choice that leaves table melds `with` used and `own`, the rest's being
/// `rest`, moved as `moved` moves them, "or"ed into `v`. An answer's bit
/// `b` of its place (`melds_at`) is bit `b` of a word below 7, else bit
/// `b - 7` of the word's number.
fn moved_wide(v: &mut [u128], rest: &[u128], (with, own): (u8, bool), t: usize) {
    if own {
        if t < 7 {
            let with_own = rest[0] >> 64;
            v[0] |= with_own << 64 | with_own;
        } else {
            let half = 1 << (t - 7);
            for i in 0..half {
                v[i] |= rest[half + i];
                v[half + i] |= rest[half + i];
            }
        }
        return;
    }
    let m = with.trailing_zeros() as usize;
    if m < 7 {
        for (v, rest) in v.iter_mut().zip(rest) {
            *v |= (rest & USED_WIDE[m]) >> (1u32 << m);
        }
    } else {
        let step = 1 << (m - 7);
        for i in (0..v.len()).filter(|i| i & step == 0) {
            v[i] |= rest[i + step];
        }
    }
}

/// Steps 21 and 22: the answer of a choice of the lowest open card that
/// leaves table melds `with` used and `own`, the rest's word (or words
/// side by side, each of `2 * half` bits, `lows` the lower half of each)
/// being `rest`, moved to the bits it answers: a meld of the hand's own
/// answers for both values of own, a group laid off onto table meld `m`
/// where `m` is not used yet.
fn moved(rest: u128, (with, own): (u8, bool), half: u32, lows: u128) -> u128 {
    if own {
        let with_own = rest >> half & lows;
        with_own << half | with_own
    } else {
        let m = with.trailing_zeros();
        (rest & USED_LANES[m as usize]) >> (1u32 << m)
    }
}

/// `word` (a lane of `bits` bits, the rest none) repeated in each of the
/// `lanes` lanes of a wider word.
fn every_lane(word: u64, bits: u32, lanes: u32) -> u128 {
    (0..lanes).fold(0u128, |out, l| out | (word as u128) << (l * bits))
}

/// For `t` table melds: how many bits of `Complete::melds_vec`'s word are
/// for each value of whether the hand has a meld of its own, and those of
/// the lower half (no meld of its own), as bits.
fn melds_half(t: usize) -> (u32, u64) {
    let half = 1u32 << t;
    (half, u64::MAX >> (64 - half))
}

/// Whether the open cards in `mask` meld with `w` wilds (less one of them,
/// discarded, where `discard`), where the search knows before its memo:
/// two wilds for each card (one may be the discard) make them all meld,
/// and naturals with no partner need two wilds each (one of them may be
/// the discard). Wilds free; `partners` empty where not worked out.
fn melds_before_memo(partners: &[u32], mask: u32, w: u8, discard: bool) -> Option<bool> {
    let (count, w) = (mask.count_ones(), w as u32);
    let owed = discard as u32;
    if count > owed && w >= 2 * (count - owed) {
        return Some(true);
    }
    if alone_beyond(partners, mask, w / 2 + owed) {
        return Some(false);
    }
    None
}

/// One search of the cards completing the whole hand (step 33): the cards
/// found so far, and which states were searched, by their open cards,
/// wilds (a state searched with `w` under `w` and `w - 1`), discard owed
/// and table melds used past the first `SEARCHED_TABLE`: a bit for each
/// set of those first table melds used and whether the hand has a meld of
/// its own, at `own << SEARCHED_TABLE | used`.
pub(super) struct Gather<'a> {
    pub(super) found: u128,
    /// The cards the search's answer is read for: a state that could find
    /// none of them but those found already is not searched (step 34).
    pub(super) wanted: u128,
    /// The cards wanted and not found, by rank and place, as last worked
    /// out, and the cards found then.
    pub(super) unfound: (u128, Option<Unfound>),
    pub(super) searched: &'a mut Memo<StateKey, u128>,
    /// Under the half-wild limit, the counts of wilds of the state being
    /// searched whose cards complete the whole hand, as bits (step 37).
    pub(super) counts: u64,
}

/// Where the cards wanted and not found yet are few (step 34): for each
/// count of wilds below `UNFOUND_WILDS`, the natural cards of the hand and
/// the table melds that could share a meld with one of them. A natural could where it has
/// the card's rank, or its suit with at most one place more between them
/// than the wilds and the most wilds of a table run of the suit; a table
/// meld where it is of wilds alone, where its naturals are of the card's
/// rank, or of its suit with one of them at most one place more from the
/// card than the wilds and its own.
#[derive(Clone, Copy, Debug)]
pub(super) struct Unfound {
    naturals: [u32; UNFOUND_WILDS],
    table: [u8; UNFOUND_WILDS],
}

/// The counts of wilds [`Unfound`] is worked out for: none and one with
/// wilds free (step 34), up to three under the half-wild limit (step 37).
const UNFOUND_WILDS: usize = 4;

impl Gather<'_> {
    /// A search that gathers every card wanted, none found yet.
    pub(super) fn new(wanted: u128, searched: &mut Memo<StateKey, u128>) -> Gather<'_> {
        Gather { found: 0, wanted, unfound: (u128::MAX, None), searched, counts: 0 }
    }

    /// [`Unfound`], where some cards wanted are not found yet and at most
    /// `most`; worked out again only where more were found.
    fn unfound(&mut self, nat: &Naturals, anchors: &[Anchor], ace_high: bool, most: u32) -> Option<Unfound> {
        if self.unfound.0 != self.found {
            let left = self.wanted & !self.found;
            let few = left != 0 && left.count_ones() <= most;
            self.unfound = (self.found, few.then(|| unfound(left, nat, anchors, ace_high)));
        }
        self.unfound.1
    }
}

/// [`Unfound`] for the cards `left`.
fn unfound(left: u128, nat: &Naturals, anchors: &[Anchor], ace_high: bool) -> Unfound {
    // The cards left by rank (bits by rank), and by suit their places.
    let mut ranks = 0u16;
    let mut places = [0u32; 5];
    for c in BitIter(left).filter_map(Card::from_index) {
        let (r, s) = (c.rank().map_or(0, Rank::number), c.suit().map_or(0, Suit::index));
        ranks |= 1 << r;
        places[s] |= place_bits(r, ace_high);
    }
    let within = |from: u32, far: u32, to: u32| {
        let mut spread = from;
        for _ in 0..far.min(15) {
            spread |= spread << 1 | spread >> 1;
        }
        spread & to != 0
    };
    let mut most = [0u32; 5];
    for a in anchors {
        if let Some((suit, _, wilds)) = a.run {
            most[suit as usize] = most[suit as usize].max(wilds as u32);
        }
    }
    let mut out = Unfound { naturals: [0; UNFOUND_WILDS], table: [0; UNFOUND_WILDS] };
    for w in 0..UNFOUND_WILDS as u32 {
        for j in 0..nat.cards.len() {
            let (r, s) = (nat.rank[j], nat.suit[j] as usize);
            if ranks >> r & 1 != 0 || within(place_bits(r, ace_high), w + 1 + most[s], places[s]) {
                out.naturals[w as usize] |= 1 << j;
            }
        }
        for (m, a) in anchors.iter().enumerate() {
            let near = a.any
                || a.ranks & ranks != 0
                || a.run.is_some_and(|(s, at, wilds)| within(at, w + 1 + wilds as u32, places[s as usize]));
            if near {
                out.table[w as usize] |= 1 << m;
            }
        }
    }
    out
}

/// The table melds whose sets used `Gather::searched` keeps in a word: the
/// first six, the others in its key.
const SEARCHED_TABLE: usize = 6;

/// The most cards wanted and not found for which a state looks whether it
/// could find one (step 34).
const UNFOUND_MOST: u32 = 12;
const SEARCHED_LOW: u8 = (1 << SEARCHED_TABLE) - 1;

/// Where `Gather::searched` keeps a state `k` searched, with the table
/// melds `used`: the key (its open cards, wilds, discard owed and the
/// table melds used past the first `SEARCHED_TABLE`) and the bit.
fn searched_at(k: StateKey, used: u8) -> (StateKey, u128) {
    let by = StateKey::new(k.mask, k.wilds, used & !SEARCHED_LOW, false).owing(k.discard);
    (by, 1 << ((k.own as u32) << SEARCHED_TABLE | (used & SEARCHED_LOW) as u32))
}

/// For each set of table melds used (of at most `SEARCHED_TABLE`), the
/// sets among it, as bits.
const SUBSETS: [u64; 1 << SEARCHED_TABLE] = {
    let mut out = [0u64; 1 << SEARCHED_TABLE];
    let mut used = 0;
    while used < out.len() {
        let mut sub = 0;
        while sub < out.len() {
            if sub & !used == 0 {
                out[used] |= 1 << sub;
            }
            sub += 1;
        }
        used += 1;
    }
    out
};

pub(super) struct Complete<'a> {
    /// The slot's cards of each state; under the half-wild limit, where in
    /// `slot_sets` they start, one set for each count of wilds, and up to
    /// which count (`Complete::slot_counts`). With wilds free and six to
    /// eight table melds, `slot_sets` holds `Complete::melds_wide`'s words.
    pub(super) memo: &'a mut Memo<StateKey, u128>,
    /// In one search of the cards completing the whole hand
    /// ([`Complete::gathered`]), what it has found so far.
    pub(super) gather: Option<Gather<'a>>,
    /// Under the half-wild limit, where in `slot_sets` each state's slot's
    /// cards start, and up to which count of wilds (`Complete::slot_counts`):
    /// one word, so that more of the memo stays in the processor's caches.
    pub(super) counted: &'a mut Memo<StateKey, u64>,
    pub(super) slot_sets: &'a mut Vec<u128>,
    /// Under the half-wild limit: with which counts of wilds each state
    /// melds (`Complete::melds_counts`), and up to which count it was
    /// searched; with wilds free, for which table melds used and whether
    /// the hand has a meld of its own it melds (`Complete::melds_vec`), or
    /// where in `slot_sets` those answers start (`Complete::melds_wide`).
    pub(super) counts: &'a mut Memo<StateKey, u64>,
    /// With wilds free and few table melds: [`Complete::melds_vec`]'s word
    /// for each count of wilds below [`Complete::lanes`], side by side
    /// (step 22).
    pub(super) lanes: &'a mut Memo<StateKey, u128>,
    /// Under the half-wild limit with many table melds: whether each
    /// state melds, for every table meld used at once (step 27), where the
    /// loaded hand asks for it; else none.
    pub(super) count_vecs: Option<&'a mut CountVecs>,
    /// Under the half-wild limit, the choices of each set of open cards
    /// (step 32).
    pub(super) plans: &'a mut SlotPlans,
    /// The table melds not of wilds alone (`Loaded::live`): step 35 adds
    /// the room of the idle ones apart.
    pub(super) live: u8,
    /// The live table melds some natural of the hand could go onto
    /// (`Loaded::reached`): step 27's answers are for each set of them
    /// used, those of wilds alone in the key, the other live ones used in
    /// the key and their room added apart (step 36).
    pub(super) reached: u8,
    /// For each set of table melds used, the bits of the reached ones
    /// among them (`Loaded::reached_at`).
    pub(super) reached_bits: &'a [u8; 256],
    /// The wilds of the loaded hand: the searches ask of at most one more.
    pub(super) wilds: u8,
    /// Lists of melds to reuse, so that a state allocates none.
    pub(super) placed: &'a mut Vec<Vec<Placed>>,
    /// The solver's search with no card left over: whether the rest melds.
    pub(super) melds: Search<'a>,
    pub(super) nat: &'a Naturals,
    pub(super) table: &'a [(Vec<Card>, usize)],
    /// For each table meld, the natural cards that could be laid off onto
    /// it alone with no wild of the hand's, and with one.
    pub(super) single: &'a [[u128; 2]],
    /// For each table meld, what its naturals let the slot's card be
    /// (step 34).
    pub(super) anchors: &'a [Anchor],
    /// Where at most half of a meld may be wild: for each table meld, the
    /// natural cards that could be laid off onto it alone within the
    /// limit, as `(need, room, cards)`: the wilds they need, and how many
    /// more the meld may take then.
    pub(super) single_limited: &'a [Vec<(u8, u8, u128)>],
    pub(super) rules: &'a Rules,
    pub(super) ace_high: bool,
    /// Lists of sets and runs to reuse, so that a state allocates none.
    pub(super) sets: &'a mut Vec<Vec<u32>>,
    pub(super) runs: &'a mut Vec<Vec<SlotRun>>,
}

impl Complete<'_> {
    /// With wilds free, the natural cards that, put in the slot, let the
    /// whole hand's open cards in `mask` meld completely with `w` wilds
    /// (less one of them, discarded, where `discard`: the cards drawn that
    /// let a hand go out), no table meld used yet, in one search that
    /// finds each card once (step 33). Cards of the wild rank may be among
    /// them; the caller asks about wilds on its own. Its memo must be its
    /// own, empty.
    pub(super) fn gathered(&mut self, discard: bool, mask: u32, w: u8) -> u128 {
        debug_assert!(!self.melds.policy.limited());
        debug_assert_eq!(self.memo.len(), 0, "a memo of its own");
        debug_assert!(self.gather.is_some(), "from `Solver::gathered`");
        let cards = self.next_cards(self.every_meld(), discard, mask, w, 0, false);
        cards | self.gather.take().map_or(0, |g| g.found)
    }

    /// The cards a state need not look for: those found already, and in
    /// one search of the whole hand those it has found anywhere (step 33).
    fn known(&self, out: u128) -> u128 {
        out | self.gather.as_ref().map_or(0, |g| g.found)
    }

    /// In one search of the whole hand, shares the cards a state has found
    /// so far with every state searched from now on (step 33).
    fn share(&mut self, out: u128) {
        if let Some(g) = &mut self.gather {
            g.found |= out;
        }
    }

    /// Keeps a state's slot's cards; in one search of the whole hand,
    /// among the cards found, and the state among those searched.
    fn keep(&mut self, k: StateKey, cards: u128) {
        self.memo.insert(k, cards);
        if let Some(g) = &mut self.gather {
            g.found |= cards;
            // Kept for its own wilds and for one fewer: a state looks up
            // only its own (step 33: as many wilds or one more).
            let (by, bit) = searched_at(k, k.used_table);
            g.searched.update(by, |had| had.unwrap_or(0) | bit);
            if k.wilds > 0 {
                g.searched.update(StateKey { wilds: k.wilds - 1, ..by }, |had| had.unwrap_or(0) | bit);
            }
        }
    }

    /// In one search of the whole hand, whether a state searched already
    /// has every card this one could have (step 33): one with the same
    /// open cards and discard owed, as many wilds or one more, a meld of
    /// the hand's own if this has one, and the table melds used among this
    /// one's.
    fn dominated(&self, k: StateKey) -> bool {
        let Some(g) = &self.gather else {
            return false;
        };
        let low = SUBSETS[(k.used_table & SEARCHED_LOW) as usize] as u128;
        let want = low << (1 << SEARCHED_TABLE) | if k.own { 0 } else { low };
        let high = k.used_table & !SEARCHED_LOW;
        // Each set of the table melds past the first `SEARCHED_TABLE`
        // among this one's (none, with no more table melds).
        let mut under = high;
        loop {
            let (by, _) = searched_at(k, under);
            if g.searched.get(by).is_some_and(|s| s & want != 0) {
                return true;
            }
            if under == 0 {
                return false;
            }
            under = (under - 1) & high;
        }
    }

    /// In one search of the whole hand, whether a state could find no card
    /// wanted and not found yet (step 34). With fewer than two wilds the
    /// slot's card shares a meld with a natural card: an open card or one
    /// of a table meld not used yet. In a set it has that card's rank; in a
    /// run that card's suit, and the run's nearest natural to it is an
    /// open card or the table meld's, with at most the run's wilds between
    /// (the hand's, and the table meld's where it goes onto one).
    pub(super) fn nothing_left(&mut self, mask: u32, w: u8, used_table: u8) -> bool {
        self.none_near(mask, w, used_table, (2, UNFOUND_MOST))
    }

    /// [`Complete::nothing_left`] and [`Complete::nothing_left_limited`]:
    /// the bound read for `w` wilds where `w` is below `bounded`, worked
    /// out where at most `most` cards wanted are not found yet.
    fn none_near(&mut self, mask: u32, w: u8, used_table: u8, (bounded, most): (usize, u32)) -> bool {
        let (nat, anchors, ace_high) = (self.nat, self.anchors, self.ace_high);
        let Some(g) = &mut self.gather else {
            return false;
        };
        let Some(u) = g.unfound(nat, anchors, ace_high, most) else {
            return g.found & g.wanted == g.wanted;
        };
        let w = w as usize;
        w < bounded && mask & u.naturals[w] == 0 && !used_table & u.table[w] == 0
    }

    /// Under the half-wild limit, the cards completing the open cards `mask`
    /// with `w` wilds less one card, a natural or a wild, discarded, no
    /// table meld used ([`Complete::cards_limited_less_one`]): in one search
    /// that finds each card once (step 37), from `Solver::outs_limited`
    /// with memos of its own, looking only for the cards some meld could
    /// take (step 38); past `slot_most` of its states, the cards not found
    /// yet meld by meld, and past `asks_most` melds asked (where those
    /// states found no card, `asks_none_found` within `rests_none_found`
    /// states of the rests' searches), the search again, the two taking
    /// turns, each bound four times the last, until one ends (step 39).
    pub(super) fn gathered_limited(
        &mut self,
        mask: u32,
        w: u8,
        (slot_most, asks_most, asks_none_found, rests_none_found): (usize, usize, usize, usize),
    ) -> u128 {
        debug_assert!(self.gather.is_some(), "from `Solver::outs_limited`");
        // The cards no meld of the search could take are not looked for
        // (step 38).
        let takes = self.cards_any_meld_takes(mask, w);
        if let Some(g) = &mut self.gather {
            g.wanted &= takes;
        }
        // The search within `slot_most` states; beyond, the cards not found
        // yet meld by meld within `asks_most` melds asked, or
        // `asks_none_found` within `rests_none_found` states of the rests'
        // searches where the search found no card wanted (step 39); beyond
        // those, the search again within four times the states, its states
        // and the cards found kept, then the melds again within four times
        // the asks, and so on, until one of them ends.
        let (mut states, mut asks) = (slot_most, asks_most);
        let mut first = true;
        loop {
            self.counted.hold_at_most(states);
            let cards = unless_stopped(|| self.cards_limited_less_one(mask, w));
            self.counted.hold_at_most(usize::MAX);
            if let Some(cards) = cards {
                return cards | self.gather.take().map_or(0, |g| g.found);
            }
            let g = self.gather.as_ref().expect("a search of the whole hand");
            let (found, known) = (g.found, g.found | !g.wanted);
            let none_found = first && found & g.wanted == 0;
            if none_found {
                asks = asks_none_found;
            }
            first = false;
            #[cfg(test)]
            MELDS_ASKED.with(|a| a.borrow_mut().push(asks));
            let rests = if none_found { rests_none_found } else { usize::MAX };
            let (cards, whole) = self.outs_meld_by_meld(mask, w, known, (asks, rests));
            if whole {
                return found | cards;
            }
            self.gather.as_mut().expect("a search of the whole hand").found |= cards;
            states = states.saturating_mul(4).max(1);
            asks = asks.saturating_mul(4).max(1);
        }
    }

    /// Under the half-wild limit, in one search of the whole hand, whether
    /// a state could find no card wanted and not found yet with at most
    /// `most` wilds (step 37). The slot's card shares a meld with a natural
    /// card, as under [`Complete::nothing_left`], whatever the wilds: no
    /// more than half of the meld is wild. The bound is worked out for
    /// any number of cards not found: the outs under the limit are often
    /// most of the deck, and the cards left near few states.
    fn nothing_left_limited(&mut self, mask: u32, most: u8, used_table: u8) -> bool {
        self.none_near(mask, most, used_table, (UNFOUND_WILDS, u32::MAX))
    }

    /// Under the half-wild limit, in one search of the whole hand: shares
    /// the state's cards of each count of wilds that completes the whole
    /// hand (`sets`, up to `n` counts) with every state searched from now
    /// on (step 37).
    fn share_counts(&mut self, sets: &[u128], n: usize) {
        if let Some(g) = &mut self.gather
            && n > 0
        {
            for c in BitIter(g.counts & counts_upto(n as u32 - 1)) {
                g.found |= sets[c];
            }
        }
    }

    /// Every table meld, as bits.
    pub(super) fn every_meld(&self) -> u8 {
        ((1u32 << self.table.len()) - 1) as u8
    }

    /// With wilds free: the slot's cards of a state the search comes to
    /// from one where the table melds `before` were not idle (step 29):
    /// the state's own ([`Complete::cards_with`], where the slot's card
    /// goes alone onto no idle table meld), and the slot's card alone onto
    /// each table meld idle since, not used, with the rest melding
    /// completely (less one card, where `discard`).
    pub(super) fn next_cards(
        &mut self,
        before: u8,
        discard: bool,
        mask: u32,
        w: u8,
        used_table: u8,
        own: bool,
    ) -> u128 {
        let busy = self.melds.takers.busy(mask);
        let mut out = self.cards_with(discard, (mask, busy), w, used_table, own);
        if discard && mask == 0 {
            // Nothing left to discard.
            return out;
        }
        let idle = before & !busy & !used_table;
        if idle == 0 {
            return out;
        }
        // Whether the rest melds with an idle table meld used is the same
        // for each of them (step 10): asked once for each count of wilds,
        // the fewest first, as fewer left never help the rest. With no
        // natural open, the wilds left cost nothing where the hand has a
        // meld of its own, which laying off needs.
        let first = idle & idle.wrapping_neg();
        for k in 0..=w.min(1) {
            let cards = BitIter(idle as u32).fold(0, |b, m| b | self.single[m][k as usize]);
            if cards & !self.known(out) == 0 {
                continue;
            }
            let melds =
                if mask == 0 { own } else { self.rest_melds(discard, mask, w - k, used_table | first, own) };
            if !melds {
                break;
            }
            out |= cards;
        }
        out
    }

    /// The slot's cards of a state, where it goes alone onto no idle table
    /// meld: [`Complete::next_cards`] asks that where each turns idle.
    fn cards_with(
        &mut self,
        discard: bool,
        (mask, busy): (u32, u8),
        w: u8,
        used_table: u8,
        own: bool,
    ) -> u128 {
        debug_assert!(
            !self.melds.policy.limited(),
            "the half-wild limit's slot search is `Complete::slot_counts`"
        );
        if discard {
            if mask == 0 {
                return 0;
            }
            // Discard any one; two wilds for each of the others and the
            // slot's card.
            if w as u32 >= 2 * mask.count_ones() {
                return NATURALS;
            }
            // Of the naturals with no partner, one may be discarded and
            // one take the slot's card and a wild; the others take two.
            if alone_beyond(self.melds.partners_at(used_table), mask, (w as u32 + 3) / 2) {
                return 0;
            }
            // The idle table melds used count as not used (step 29).
            let k = StateKey::new(mask, w, used_table & busy, own).owing(Discard::ToMake);
            if let Some(cards) = self.memo.get(k) {
                return cards;
            }
            if self.nothing_left(mask, w, used_table) {
                return 0;
            }
            if self.dominated(k) {
                return 0;
            }
            // Step 19 (wilds are free here): nothing completes what does
            // not meld with a wild more.
            if (own || mask.count_ones() >= 2)
                && w < u8::MAX
                && self.asks_a_wild_more()
                && !self.melds_less_one(mask, w + 1, used_table, own)
            {
                return 0;
            }
            let cards = self.decide(true, (mask, busy), w, used_table, own);
            self.keep(k, cards);
            return cards;
        }
        if mask == 0 {
            // Exactness, step 2: the slot's card with wilds alone. Alone
            // onto a table meld, every one idle now, it is asked where
            // each turned idle (step 29).
            return if w >= 2 { NATURALS } else { 0 };
        }
        // Two wilds for each natural, the slot's card too: everything melds.
        if w as u32 >= 2 * (mask.count_ones() + 1) {
            return NATURALS;
        }
        // A natural with no partner needs two wilds of its own, or the
        // slot's card and one wild: at most one of them can have the slot.
        if alone_beyond(self.melds.partners_at(used_table), mask, (w as u32).div_ceil(2)) {
            return 0;
        }
        let k = StateKey::new(mask, w, used_table & busy, own);
        if let Some(cards) = self.memo.get(k) {
            return cards;
        }
        if self.nothing_left(mask, w, used_table) {
            return 0;
        }
        if self.dominated(k) {
            return 0;
        }
        // Step 19, as above.
        if w < u8::MAX && self.asks_a_wild_more() && !self.melds(mask, w + 1, used_table, own) {
            return 0;
        }
        let cards = self.decide(false, (mask, busy), w, used_table, own);
        self.keep(k, cards);
        cards
    }

    /// Whether step 19 asks of a wild more: not where the table holds a meld
    /// of wilds alone. Each wild more lets every run laid off onto that
    /// meld take a hole more, so that the search with one wild more holds
    /// far more groups than the search of the slot's cards it would spare;
    /// with fewer than `LANES_FROM` table melds it is a search of its own,
    /// and from `LANES_FROM` on, where step 22 answers it beside the one for
    /// the hand's wilds, it still costs more than it spares. (The slowest
    /// hand with wilds free, two such melds before the last draw: 5.5 → 4.5
    /// ms; the hand of clubs, four table melds, one of wilds alone: 7.0 →
    /// 6.6 ms; docs/speed.md.)
    fn asks_a_wild_more(&self) -> bool {
        self.melds.wild == 0
    }

    /// Whether the open cards meld completely, the slot filled already.
    pub(super) fn melds(&mut self, mask: u32, w: u8, used_table: u8, own: bool) -> bool {
        if self.melds.policy.limited() {
            return self.rest_melds_limited(false, mask, w, used_table, own);
        }
        if self.in_one_word() {
            return self.melds_vec(false, mask, w) >> melds_at(self.table.len(), used_table, own) & 1 != 0;
        }
        if self.in_wide() {
            let from = self.melds_wide(false, mask, w);
            return self.wide_bit(from, melds_at(self.table.len(), used_table, own));
        }
        self.melds.best(mask, w, used_table, own) != INF
    }

    /// Whether `Complete::melds_vec` answers: wilds free, and at most
    /// `VEC_TABLE` table melds (step 21).
    pub(super) fn in_one_word(&self) -> bool {
        !self.melds.policy.limited() && self.table.len() <= VEC_TABLE
    }

    /// The choices of the lowest open card of `mask` with `w` wilds, the
    /// table melds used and whether the hand has a meld of its own as
    /// given (`Search::choices`): each its cards, the wilds it takes, and
    /// the table melds used and own after it, in a list of the pool to
    /// give back to `placed` once read.
    fn placed_choices(&mut self, mask: u32, w: u8, used_table: u8, own: bool) -> Vec<Placed> {
        let mut placed = self.placed.pop().unwrap_or_default();
        placed.clear();
        self.melds.choices_for_every_used(mask, w, used_table, own, &mut |_, _, used, wilds, with, own| {
            placed.push((used, wilds, with, own));
            false
        });
        placed
    }

    /// Whether `Complete::melds_wide` answers: wilds free, and more than
    /// `VEC_TABLE` table melds (step 21).
    pub(super) fn in_wide(&self) -> bool {
        !self.melds.policy.limited() && self.table.len() > VEC_TABLE
    }

    /// The answer at `at` (`melds_at`) of the answers
    /// `Complete::melds_wide` keeps from `from`.
    pub(super) fn wide_bit(&self, from: usize, at: u32) -> bool {
        self.slot_sets[from + (at / 128) as usize] >> (at % 128) & 1 != 0
    }

    /// [`Complete::melds_vec`] beyond `VEC_TABLE` table melds (step 21):
    /// the answers, a bit for every table meld used and whether the hand
    /// has a meld of its own, in `wide_words` words kept in `slot_sets`
    /// (not used with wilds free) from where this returns. The first
    /// three runs of words there are the answers every bit no, every bit
    /// yes, and those of no open card.
    pub(super) fn melds_wide(&mut self, discard: bool, mask: u32, w: u8) -> usize {
        debug_assert!(self.in_wide());
        let t = self.table.len();
        let n = wide_words(t);
        if self.slot_sets.is_empty() {
            // No open card: it melds, but where table melds were used
            // with no meld of the hand's own.
            let mut none = vec![0u128; n];
            if t < 7 {
                none[0] = u128::MAX << 64 | 1;
            } else {
                none[0] = 1;
                none[n / 2..].fill(u128::MAX);
            }
            self.slot_sets.extend(std::iter::repeat_n(0, n));
            self.slot_sets.extend(std::iter::repeat_n(u128::MAX, n));
            self.slot_sets.extend(none);
        }
        if mask == 0 {
            return if discard { 0 } else { 2 * n };
        }
        let owing = if discard { Discard::LessOne } else { Discard::None };
        let k = StateKey::new(mask, w, 0, false).owing(owing);
        if let Some(from) = self.counts.get(k) {
            return from as usize;
        }
        // The first answers of the search of step 4, the same for every
        // bit: kept in the memo too, as a state is met again far more
        // often than it is new.
        if let Some(melds) = melds_before_memo(self.melds.partners_at(0), mask, w, discard) {
            let from = if melds { n } else { 0 };
            self.counts.insert(k, from as u64);
            return from;
        }
        let mut v = [0u128; 4];
        let v = &mut v[..n];
        let bit = 1u32 << mask.trailing_zeros();
        if discard {
            let from = self.melds_wide(false, mask & !bit, w);
            v.copy_from_slice(&self.slot_sets[from..from + n]);
        }
        let placed = self.placed_choices(mask, w, 0, false);
        for &(used, need, with, own) in &placed {
            if v.iter().all(|&word| word == u128::MAX) {
                break;
            }
            // As `decide_vec`: a group laid off onto `m` adds only to the
            // answers without `m`; once those are all yes it is not asked.
            if !own {
                let m = with.trailing_zeros() as usize;
                let full = if m < 7 {
                    v.iter().all(|&word| word | USED_WIDE[m] == u128::MAX)
                } else {
                    let step = 1 << (m - 7);
                    v.iter().enumerate().all(|(i, &word)| i & step != 0 || word == u128::MAX)
                };
                if full {
                    continue;
                }
            }
            let from = self.melds_wide(discard, mask & !used, w - need);
            moved_wide(v, &self.slot_sets[from..from + n], (with, own), t);
        }
        self.placed.push(placed);
        let from = self.slot_sets.len();
        self.slot_sets.extend_from_slice(v);
        self.counts.insert(k, from as u64);
        from
    }

    /// With wilds free and at most `VEC_TABLE` table melds, whether the
    /// open cards in `mask` meld completely with `w` wilds (less one of
    /// them, discarded, where `discard`), for every table meld used and
    /// whether the hand has a meld of its own at once: the bit at
    /// `melds_at` (step 21).
    pub(super) fn melds_vec(&mut self, discard: bool, mask: u32, w: u8) -> u64 {
        debug_assert!(self.in_one_word());
        if mask == 0 {
            // It melds, but where table melds were used with no meld of
            // the hand's own; and it has nothing to discard.
            let (half, low) = melds_half(self.table.len());
            return if discard { 0 } else { low << half | 1 };
        }
        // The first answers of the search of step 4, the same for every
        // bit.
        if let Some(melds) = melds_before_memo(self.melds.partners_at(0), mask, w, discard) {
            let (half, low) = melds_half(self.table.len());
            return if melds { low << half | low } else { 0 };
        }
        let (bits, lanes) = self.lanes();
        if (w as u32) < lanes {
            // Step 22: every count of wilds below `lanes` at once.
            let (half, low) = melds_half(self.table.len());
            let lane = low << half | low;
            return (self.melds_lanes(discard, mask) >> (w as u32 * bits)) as u64 & lane;
        }
        let owing = if discard { Discard::LessOne } else { Discard::None };
        let k = StateKey::new(mask, w, 0, false).owing(owing);
        if let Some(v) = self.counts.get(k) {
            return v;
        }
        let v = self.decide_vec(discard, mask, w);
        self.counts.insert(k, v);
        v
    }

    /// How many bits a lane of [`Complete::melds_lanes`]'s word takes (the
    /// bits of [`Complete::melds_vec`]'s word), and how many lanes it
    /// holds: one for each count of wilds from none, up to one more than
    /// the hand holds; none with fewer than `LANES_FROM` table melds.
    pub(super) fn lanes(&self) -> (u32, u32) {
        let bits = answers_of(self.table.len()) as u32;
        if self.table.len() < LANES_FROM {
            return (bits, 0);
        }
        (bits, (128 / bits).min(self.wilds as u32 + 2))
    }

    /// [`Complete::melds_vec`] for every count of wilds below
    /// [`Complete::lanes`] at once (step 22): the word for `w` wilds in
    /// the lane at `w` times its bits.
    pub(super) fn melds_lanes(&mut self, discard: bool, mask: u32) -> u128 {
        let (bits, lanes) = self.lanes();
        let (half, low) = melds_half(self.table.len());
        if mask == 0 {
            // As `melds_vec`: whatever the wilds left.
            return if discard { 0 } else { every_lane(low << half | 1, bits, lanes) };
        }
        let owing = if discard { Discard::LessOne } else { Discard::None };
        let k = StateKey::new(mask, 0, 0, false).owing(owing);
        if let Some(v) = self.lanes.get(k) {
            return v;
        }
        // The first answers before the memo, lane by lane: those lanes are
        // decided, and the search need not answer them.
        let (mut yes, mut decided) = (0u128, 0u128);
        let lane = (low << half | low) as u128;
        for w in 0..lanes {
            if let Some(melds) = melds_before_memo(self.melds.partners_at(0), mask, w as u8, discard) {
                decided |= lane << (w * bits);
                if melds {
                    yes |= lane << (w * bits);
                }
            }
        }
        let v = if decided == every_lane(low << half | low, bits, lanes) {
            yes
        } else {
            self.decide_lanes(discard, mask, decided) & !decided | yes
        };
        self.lanes.insert(k, v);
        v
    }

    /// [`Complete::melds_lanes`] for one state: [`Complete::decide_vec`]
    /// with the lanes side by side, each choice's answer moved up by as
    /// many lanes as the wilds it takes (step 22). The lanes in `decided`
    /// are answered before the memo.
    fn decide_lanes(&mut self, discard: bool, mask: u32, decided: u128) -> u128 {
        let (bits, lanes) = self.lanes();
        let (half, low) = melds_half(self.table.len());
        let all = every_lane(low << half | low, bits, lanes);
        let lows = every_lane(low, bits, lanes);
        let bit = 1u32 << mask.trailing_zeros();
        let mut v = decided;
        if discard {
            v |= self.melds_lanes(false, mask & !bit);
        }
        let placed = self.placed_choices(mask, (lanes - 1) as u8, 0, false);
        for &(used, need, with, own) in &placed {
            if v == all {
                break;
            }
            let rest = self.melds_lanes(discard, mask & !used) << (need as u32 * bits);
            v |= moved(rest, (with, own), half, lows);
        }
        self.placed.push(placed);
        v
    }

    /// [`Complete::melds_vec`] for one state: the "or" over the choices of
    /// the lowest open card, each moved to the bits it answers (step 21).
    fn decide_vec(&mut self, discard: bool, mask: u32, w: u8) -> u64 {
        let (half, low) = melds_half(self.table.len());
        let all = low << half | low;
        let bit = 1u32 << mask.trailing_zeros();
        let mut v = 0u64;
        if discard {
            v = self.melds_vec(false, mask & !bit, w);
        }
        let placed = self.placed_choices(mask, w, 0, false);
        for &(used, need, with, own) in &placed {
            if v == all {
                break;
            }
            // A group laid off onto a table meld answers only where that
            // meld was not used: once those all meld, it adds nothing.
            if !own {
                let free = all & !USED[with.trailing_zeros() as usize];
                if v & free == free {
                    continue;
                }
            }
            let rest = self.melds_vec(discard, mask & !used, w - need);
            v |= moved(rest as u128, (with, own), half, low as u128) as u64;
        }
        self.placed.push(placed);
        v
    }

    /// Whether the open cards meld completely less one of them, discarded.
    pub(super) fn melds_less_one(&mut self, mask: u32, w: u8, used_table: u8, own: bool) -> bool {
        if self.in_one_word() {
            return self.melds_vec(true, mask, w) >> melds_at(self.table.len(), used_table, own) & 1 != 0;
        }
        if self.in_wide() {
            let from = self.melds_wide(true, mask, w);
            return self.wide_bit(from, melds_at(self.table.len(), used_table, own));
        }
        if mask == 0 {
            return false;
        }
        if let Some(melds) = melds_before_memo(self.melds.partners_at(used_table), mask, w, true) {
            return melds;
        }
        let k =
            key_of(self.melds.takers, self.melds.policy, mask, w, used_table, own).owing(Discard::LessOne);
        if let Some(v) = self.memo.get(k) {
            return v != 0;
        }
        let v = self.decide_one(mask, w, used_table, own);
        self.memo.insert(k, v as u128);
        v
    }

    /// The rest melds: completely, or with a discard still to make, less one.
    fn rest_melds(&mut self, discard: bool, mask: u32, w: u8, used_table: u8, own: bool) -> bool {
        if discard {
            self.melds_less_one(mask, w, used_table, own)
        } else {
            self.melds(mask, w, used_table, own)
        }
    }

    /// [`Complete::melds_less_one`]: the lowest open card discarded, or in
    /// a meld with open cards and wilds, the rest less one.
    fn decide_one(&mut self, mask: u32, w: u8, used_table: u8, own: bool) -> bool {
        let nat = self.nat;
        let i = mask.trailing_zeros() as usize;
        let bit = 1u32 << i;
        if self.melds(mask & !bit, w, used_table, own) {
            return true;
        }
        let mut sets = self.sets.pop().unwrap_or_default();
        set_groups(nat, i, mask, &mut sets);
        let found = sets.iter().any(|&used| {
            let need = 3u32.saturating_sub(used.count_ones()) as u8;
            need <= w && self.melds_less_one(mask & !used, w - need, used_table, true)
        });
        self.sets.push(sets);
        if found {
            return true;
        }
        let rank = nat.rank[i];
        let mut runs = self.melds.pool.pop().unwrap_or_default();
        runs.clear();
        let suit = nat.suit[i] as usize;
        let mut walk = RunWalk { nat, suit, mask, w, runs, places: places_of(nat, suit, mask) };
        let top = if rank == 1 { top_place(self.rules) } else { 13 };
        walk.walk(Dir::Up, rank + 1, top, bit, 1, 0);
        if self.ace_high && rank == 1 {
            walk.walk(Dir::Down, 13, 2, bit, 1, 0);
        }
        let runs = walk.runs;
        let found =
            runs.iter().any(|&(used, need)| self.melds_less_one(mask & !used, w - need, used_table, true));
        self.melds.pool.push(runs);
        if found {
            return true;
        }
        let table = self.table;
        // A table meld alike to one before it not used yet waits for it
        // (exactness, step 14).
        let waiting = self.melds.takers.waiting(used_table);
        for (m, (naturals, size)) in table.iter().enumerate() {
            // A table meld that cannot take the lowest open card has no
            // group for it.
            if (used_table | waiting) & (1 << m) != 0 || self.melds.takers[m] & bit == 0 {
                continue;
            }
            let groups =
                self.melds.lay.of(nat, i, mask, (m, w, false), (naturals, *size), self.rules, self.ace_high);
            for g in groups {
                let g = self.melds.lay.group(g);
                if let Some(need) = g.need
                    && need <= w
                    && self.melds_less_one(mask & !g.used, w - need, used_table | 1 << m, own)
                {
                    return true;
                }
            }
        }
        false
    }

    /// The slot's cards for the state: the options of the lowest open card,
    /// the slot's card in its meld or not; with a discard still to make,
    /// also the lowest open card discarded.
    fn decide(&mut self, discard: bool, (mask, busy): (u32, u8), w: u8, used_table: u8, own: bool) -> u128 {
        let nat = self.nat;
        let i = mask.trailing_zeros() as usize;
        let bit = 1u32 << i;
        let (rank, suit) = (nat.rank[i], nat.suit[i] as usize);
        let mut out = 0u128;
        if discard {
            out |= self.next_cards(busy, false, mask & !bit, w, used_table, own);
        }

        // Sets of the lowest open card's rank, the slot in them or not.
        let same = rank_bits(rank);
        let mut sets = self.sets.pop().unwrap_or_default();
        set_groups(nat, i, mask, &mut sets);
        for &used in &sets {
            let size = used.count_ones();
            let need = 3u32.saturating_sub(size) as u8;
            if need <= w {
                self.share(out);
                out |= self.next_cards(busy, discard, mask & !used, w - need, used_table, true);
            }
            let need = 3u32.saturating_sub(size + 1) as u8;
            if self.known(out) & same != same
                && need <= w
                && self.rest_melds(discard, mask & !used, w - need, used_table, true)
            {
                out |= same;
            }
        }

        self.sets.push(sets);

        // Runs from the lowest open card, the slot on a free place or not.
        let (top, bottom) = (top_place(self.rules), bottom_place(self.rules));
        let mut runs = self.runs.pop().unwrap_or_default();
        let budget = w.saturating_add(1);
        slot_runs(nat, i, mask, budget, self.rules, self.ace_high, &mut runs);
        // Every card of the suit, as bits, and the card on each place.
        let (suit_cards, place_bits) = (SUIT_BITS[suit], &PLACE_BITS[suit]);
        for &run in &runs {
            let n = run.taken.count_ones() as u8;
            let (lo, hi) = (run.taken.trailing_zeros() as u8, 15 - run.taken.leading_zeros() as u8);
            let rest = mask & !run.used;
            if n >= 2 {
                let need = (hi - lo + 1).max(3) - n;
                if need <= w {
                    self.share(out);
                    out |= self.next_cards(busy, discard, rest, w - need, used_table, true);
                }
            }
            // The slot's card on a free place: with `need` wilds the run
            // spans at most `need + n + 1` places, so the place lies in that
            // window around the run's cards. Fewer wilds left never help
            // the rest, so the fewest are tried first, and no more once the
            // rest does not meld.
            if self.known(out) & suit_cards == suit_cards {
                continue;
            }
            let least = (hi - lo + 1).max(3);
            for need in 0..=w {
                let span = need + n + 1;
                if span < least {
                    continue;
                }
                let mut new = free_places(place_bits, run.taken, (lo, hi), span, (bottom, top));
                new &= !self.known(out);
                if new == 0 {
                    continue;
                }
                if !self.rest_melds(discard, rest, w - need, used_table, true) {
                    break;
                }
                out |= new;
            }
        }

        self.runs.push(runs);

        // Laid off onto a table meld not used yet, the slot's card in the
        // group or not.
        let table = self.table;
        // A table meld alike to one before it not used yet waits for it
        // (exactness, step 14).
        let waiting = self.melds.takers.waiting(used_table);
        for (m, (naturals, size)) in table.iter().enumerate() {
            // A table meld that cannot take the lowest open card has no
            // group for it.
            if (used_table | waiting) & (1 << m) != 0 || self.melds.takers[m] & bit == 0 {
                continue;
            }
            // The groups with one hole more than there are wilds, for the
            // slot's card.
            let groups = self.melds.lay.of(
                nat,
                i,
                mask,
                (m, budget, true),
                (naturals, *size),
                self.rules,
                self.ace_high,
            );
            for g in groups {
                let g = self.melds.lay.group(g);
                let rest = mask & !g.used;
                let with = used_table | 1 << m;
                if let Some(need) = g.need
                    && need <= w
                {
                    self.share(out);
                    out |= self.next_cards(busy, discard, rest, w - need, with, own);
                }
                // The slot's card in the group: the cards of its rank or
                // suit the meld's verdict accepts, by the wilds they need.
                for k in 0..g.slot_len as usize {
                    let (need, _, cards) = self.melds.lay.slots[g.slot_from as usize + k];
                    if need <= w
                        && cards & !self.known(out) != 0
                        && self.rest_melds(discard, rest, w - need, with, own)
                    {
                        out |= cards;
                    }
                }
            }
        }
        out
    }
}

/// The sets holding the lowest open card `i`: it and any of the open cards
/// of its rank, the lowest copies of each card first (the solver's step 2).
pub(super) fn set_groups(nat: &Naturals, i: usize, mask: u32, out: &mut Vec<u32>) {
    let bit = 1u32 << i;
    let others = nat.same_rank_after[i] & mask;
    let mut per_suit: [(u32, u32); 5] = [(0, 0); 5];
    for j in BitIter(others) {
        let s = nat.suit[j] as usize;
        per_suit[s].0 |= 1 << j;
        per_suit[s].1 += 1;
    }
    out.clear();
    let mut counts = [0u32; 5];
    loop {
        let mut used = bit;
        for s in 0..5 {
            used |= lowest_bits(per_suit[s].0, counts[s]);
        }
        out.push(used);
        let mut s = 0;
        while s < 5 {
            if counts[s] < per_suit[s].1 {
                counts[s] += 1;
                break;
            }
            counts[s] = 0;
            s += 1;
        }
        if s == 5 {
            return;
        }
    }
}

/// Walks the places of a run of `suit` from `pos` toward `end` (upward, or
/// downward with `up` false), each taken by an open card or left empty, at
/// most `budget` empty; records each run that ends on a card.
pub(super) fn slot_walk(
    nat: &Naturals,
    suit: usize,
    mask: u32,
    (pos, end, up): (u8, u8, bool),
    (used, taken, gaps, budget): (u32, u16, u8, u8),
    out: &mut Vec<SlotRun>,
) {
    if (up && pos > end) || (!up && pos < end) {
        return;
    }
    let next = if up { pos + 1 } else { pos - 1 };
    let here = nat.at_pos(suit, pos) & mask & !used;
    if here != 0 {
        let used = used | (here & here.wrapping_neg());
        let taken = taken | 1 << pos;
        out.push(SlotRun { used, taken });
        slot_walk(nat, suit, mask, (next, end, up), (used, taken, gaps, budget), out);
    }
    if gaps < budget {
        slot_walk(nat, suit, mask, (next, end, up), (used, taken, gaps + 1, budget), out);
    }
}

/// The runs the lowest open card `i` of `mask` can go into, as
/// `slot_walk` finds them: from it upward, and downward from an ace
/// played high, with at most `budget` places left empty.
pub(super) fn slot_runs(
    nat: &Naturals,
    i: usize,
    mask: u32,
    budget: u8,
    rules: &Rules,
    ace_high: bool,
    out: &mut Vec<SlotRun>,
) {
    let bit = 1u32 << i;
    let (rank, suit) = (nat.rank[i], nat.suit[i] as usize);
    out.clear();
    let walk_top = if rank == 1 { top_place(rules) } else { 13 };
    out.push(SlotRun { used: bit, taken: 1 << rank });
    slot_walk(nat, suit, mask, (rank + 1, walk_top, true), (bit, 1 << rank, 0, budget), out);
    if ace_high && rank == 1 {
        out.push(SlotRun { used: bit, taken: 1 << 14 });
        slot_walk(nat, suit, mask, (13, 2, false), (bit, 1 << 14, 0, budget), out);
    }
}

/// The slot's card on a free place of a run taking the places `taken`
/// (with the slot's card, at most as many wilds as naturals): for each
/// count of wilds `k` up to `most` with which it could, the cards (by
/// `place_bits`, the card of a suit on each place) on the free places.
/// With `k` wilds the run spans `n + 1 + k` places (its `n` naturals and
/// the slot's card), so the place lies in that window around the run's
/// cards, within the deck's `bottom` to `top`.
fn slot_places(
    place_bits: &[u128; 15],
    taken: u16,
    most: u8,
    (bottom, top): (u8, u8),
) -> impl Iterator<Item = (u8, u128)> + '_ {
    let naturals = taken.count_ones() as u8 + 1;
    let (lo, hi) = (taken.trailing_zeros() as u8, 15 - taken.leading_zeros() as u8);
    let span = hi - lo + 1;
    (0..=most.min(naturals))
        .map(move |k| naturals + k)
        .take_while(move |&len| len <= top - bottom + 1)
        .filter(move |&len| len >= span.max(3))
        .map(move |len| (len - naturals, free_places(place_bits, taken, (lo, hi), len, (bottom, top))))
        .filter(|&(_, new)| new != 0)
}

/// The cards (by `place_bits`, the card of a suit on each place) on the
/// places a run taking `taken`, from `lo` to `hi`, leaves free among the
/// `len` places around them, within the deck's `bottom` to `top`.
pub(super) fn free_places(
    place_bits: &[u128; 15],
    taken: u16,
    (lo, hi): (u8, u8),
    len: u8,
    (bottom, top): (u8, u8),
) -> u128 {
    let from = (hi + 1).saturating_sub(len).max(bottom);
    let to = (lo + len - 1).min(top);
    let places = ((1u32 << (to + 1)) - (1u32 << from)) as u16 & !taken;
    BitIter(places as u32).fold(0, |bits, p| bits | place_bits[p])
}

/// For each table meld, the natural cards that could be laid off onto it
/// alone, with no wild of the hand's and with one.
pub(super) fn single_lay_offs(table: &[(Vec<Card>, usize)], rules: &Rules) -> Vec<[u128; 2]> {
    table
        .iter()
        .map(|(naturals, size)| {
            let mut out = [0u128; 2];
            let mut all = naturals.clone();
            for c in rules.deck().cards() {
                all.push(c);
                if let Some(need) = wilds_needed(rules, &all, size - naturals.len()) {
                    for (k, set) in out.iter_mut().enumerate() {
                        if need <= k {
                            *set |= 1 << c.index();
                        }
                    }
                }
                all.pop();
            }
            out
        })
        .collect()
}

/// What a table meld's naturals let the slot's card be, for step 34:
/// where they are of one rank, the rank (bits by rank); where of one
/// suit, the suit, their places (an ace at both ends where it may be
/// high) and the meld's wilds; or for a meld of wilds alone, any card.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Anchor {
    any: bool,
    ranks: u16,
    run: Option<(u8, u32, u8)>,
}

/// The places of a card of rank `r` in a run: an ace at both ends where it
/// may be high.
fn place_bits(r: u8, ace_high: bool) -> u32 {
    1u32 << r | if r == 1 && ace_high { 1 << 14 } else { 0 }
}

/// Each table meld's [`Anchor`].
pub(super) fn anchors(table: &[(Vec<Card>, usize)], ace_high: bool) -> Vec<Anchor> {
    table
        .iter()
        .map(|(naturals, size)| {
            let Some(&first) = naturals.first() else {
                return Anchor { any: true, ..Anchor::default() };
            };
            let rank = |c: &Card| c.rank().map_or(0, Rank::number);
            let ranks = if naturals.iter().all(|c| c.rank() == first.rank()) { 1 << rank(&first) } else { 0 };
            let run = naturals.iter().all(|c| c.suit() == first.suit()).then(|| {
                let places = naturals.iter().fold(0, |b, c| b | place_bits(rank(c), ace_high));
                (first.suit().map_or(0, Suit::index) as u8, places, (size - naturals.len()).min(31) as u8)
            });
            Anchor { any: false, ranks, run }
        })
        .collect()
}

/// Where at most half of a meld may be wild: for each table meld, the
/// natural cards that could be laid off onto it alone within the limit,
/// by the wilds they need and the room left then (`(need, room, cards)`).
pub(super) fn single_lay_offs_limited(
    table: &[(Vec<Card>, usize)],
    rules: &Rules,
) -> Vec<Vec<(u8, u8, u128)>> {
    table
        .iter()
        .map(|(naturals, size)| {
            let table_wilds = size - naturals.len();
            let mut out: Vec<(u8, u8, u128)> = Vec::new();
            let mut all = naturals.clone();
            for c in rules.deck().cards() {
                all.push(c);
                if let Some(need) = wilds_needed(rules, &all, table_wilds)
                    && table_wilds + need <= all.len()
                {
                    let more = room(rules, &all, table_wilds + need).min(255) as u8;
                    let need = need.min(255) as u8;
                    match out.iter_mut().find(|(n, r, _)| *n == need && *r == more) {
                        Some((_, _, bits)) => *bits |= 1 << c.index(),
                        None => out.push((need, more, 1 << c.index())),
                    }
                }
                all.pop();
            }
            out
        })
        .collect()
}

/// Under the half-wild limit: the choices of the lowest open card of a
/// set of open cards with at most a count of wilds, worked out once for
/// all the states of those cards (step 32): the sets holding it, the runs
/// from it with the slot, and the groups of it each table meld could take.
#[derive(Debug)]
pub(super) struct SlotPlans {
    memo: Memo<StateKey, u64>,
    plans: Vec<SlotPlan>,
    sets: Vec<u32>,
    runs: Vec<SlotRun>,
}

/// One set of open cards' choices in [`SlotPlans`]: where its sets and
/// runs lie in `sets` and `runs`, and for each table meld that could take
/// the lowest open card, where its groups lie in `LayOffs`'s.
#[derive(Clone, Copy, Debug)]
struct SlotPlan {
    sets: (u32, u32),
    runs: (u32, u32),
    groups: [(u32, u32); super::MAX_TABLE_MELDS],
}

impl SlotPlans {
    pub(super) fn new() -> SlotPlans {
        SlotPlans { memo: Memo::new(), plans: Vec::new(), sets: Vec::new(), runs: Vec::new() }
    }

    pub(super) fn clear(&mut self) {
        self.memo.clear();
        self.plans.clear();
        self.sets.clear();
        self.runs.clear();
    }
}

/// Step 27's memo: for each state, where its answers start in `words`,
/// bit-sliced: a plane for each count of wilds up to one more than the
/// hand's (`Complete::count_shape`), each a bit for each set of the
/// reached table melds used and whether the hand has a meld of its own
/// (at the index `Complete::reached_at` gives), in words of 64 bits. The
/// first planes are those of a state that melds with none, which all such
/// states share.
#[derive(Debug)]
pub(super) struct CountVecs {
    memo: Memo<StateKey, u64>,
    words: Vec<u64>,
}

impl CountVecs {
    pub(super) fn new() -> CountVecs {
        CountVecs { memo: Memo::new(), words: Vec::new() }
    }

    /// How many states it keeps.
    pub(super) fn len(&self) -> usize {
        self.memo.len()
    }

    /// Stops the search before it keeps more than `most` states
    /// ([`Memo::hold_at_most`]).
    pub(super) fn hold_at_most(&mut self, most: usize) {
        self.memo.hold_at_most(most);
    }

    pub(super) fn clear(&mut self) {
        self.memo.clear();
        self.words.clear();
    }
}

/// The most words of 64 bits a plane of step 27's answers takes: a bit
/// for every set of table melds used and meld of the hand's own.
const PLANE_WORDS: usize = (2 << super::MAX_TABLE_MELDS) / 64;

/// For a table meld at bit `m` (below 64) of the answers' index, the bits
/// of a word of 64 answers whose index lacks `m`, by the place of `m`.
const LAY_LANES: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

/// What a choice of the lowest open card leaves of the table melds used
/// and meld of the hand's own, for step 27's answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Leaves {
    /// The table melds of the answers and meld of its own as they were (a
    /// table meld of the key laid off onto).
    Same,
    /// A meld of the hand's own.
    Own,
    /// Laid off onto the table meld at bit `at` of the answers' index.
    Lay { at: usize },
}

/// The fewest wilds any of the slot's cards in `entries` (`(need, more,
/// cards)`, as `LayOffs::slots`) need, where that is at most `most`: what
/// the rest melds with is asked once, for up to `most` less that.
fn fewest_need(entries: &[(u8, u8, u128)], most: u8) -> Option<u8> {
    entries.iter().map(|e| e.0).min().filter(|&f| f <= most)
}

/// Adds to `out[w]`, for each count of wilds `w` up to `most`, the slot's
/// cards of `entries` (`(need, more, cards)`: a meld taking from `need` to
/// `need + more` wilds with them) where the rest melds with `w` less those
/// (`rest`, bit `c` for `c` wilds, searched up to `most` less the fewest
/// any entry needs).
fn add_slot_cards(out: &mut [u128], entries: &[(u8, u8, u128)], rest: u64, most: u8) {
    let all = counts_upto(most as u32);
    for &(need, more, cards) in entries {
        if need > most {
            continue;
        }
        let melds = rest & counts_upto((most - need) as u32);
        let ws = (need..=need.saturating_add(more).min(most)).fold(0, |b, k| b | melds << k) & all;
        for w in BitIter(ws) {
            out[w] |= cards;
        }
    }
}

/// Where answer `at` of step 27 stands in a plane: its word of 64 bits,
/// and its bit there.
fn in_plane(at: usize) -> (usize, u64) {
    (at / 64, 1 << (at % 64))
}

/// Step 27: a plane of the rest's answers `rest` as a choice that
/// `leaves` the table melds used and meld of the hand's own so moves it
/// into the state's (`n` answers in all, in `L` words): as they were; with
/// a meld of its own, each answer the rest's with one, whether it had one
/// or not; laid off onto a table meld not used yet, each answer without it
/// the rest's with it, the others none (as `search::take_choice` does for
/// costs).
fn moved_plane<const L: usize>(rest: &[u64; L], leaves: Leaves, n: usize) -> [u64; L] {
    match leaves {
        Leaves::Same => *rest,
        Leaves::Own if L == 1 => {
            // The upper half down, and again up.
            let half = n / 2;
            let with = rest[0] >> half & ((1u64 << half) - 1);
            [with | with << half; L]
        }
        Leaves::Own => std::array::from_fn(|i| rest[L / 2 + i % (L / 2)]),
        Leaves::Lay { at: m } if m >= 64 => {
            let m = m / 64;
            std::array::from_fn(|i| if i & m == 0 { rest[i | m] } else { 0 })
        }
        Leaves::Lay { at: m } => {
            let lanes = LAY_LANES[m.trailing_zeros() as usize];
            rest.map(|r| r >> m & lanes)
        }
    }
}

/// Step 27: adds to the planes `out` of a state (`p` planes of `l` words,
/// `n` answers), those of the choices of its lowest open card taking `k`
/// to `k + count - 1` wilds that `leaves` the table melds used and meld of
/// its own so, the rest's planes `rest`: each plane of the rest moved
/// once (`moved_plane`) and added to the plane of each count it gives, as
/// `search::take_choice` does for costs. Counts past the last plane are
/// dropped, as no question asks of them.
fn or_choice_run(
    out: &mut [u64],
    rest: &[u64],
    run: (u8, u8),
    leaves: Leaves,
    (p, l, n): (usize, usize, usize),
) {
    match l {
        1 => or_planes::<1>(out, rest, run, leaves, (p, n)),
        2 => or_planes::<2>(out, rest, run, leaves, (p, n)),
        4 => or_planes::<4>(out, rest, run, leaves, (p, n)),
        _ => {
            debug_assert_eq!(l, PLANE_WORDS, "a plane of one, two, four or eight words");
            or_planes::<PLANE_WORDS>(out, rest, run, leaves, (p, n))
        }
    }
}

/// [`or_choice_run`] of planes of `L` words.
fn or_planes<const L: usize>(
    out: &mut [u64],
    rest: &[u64],
    (k, count): (u8, u8),
    leaves: Leaves,
    (p, n): (usize, usize),
) {
    let (k, count) = (k as usize, count as usize);
    let (out, _) = out.as_chunks_mut::<L>();
    let (rest, _) = rest.as_chunks::<L>();
    for (j, plane) in rest[..p.saturating_sub(k)].iter().enumerate() {
        if *plane == [0; L] {
            continue;
        }
        let moved = moved_plane(plane, leaves, n);
        for o in &mut out[j + k..(j + k + count).min(p)] {
            for (o, c) in o.iter_mut().zip(moved) {
                *o |= c;
            }
        }
    }
}

impl Complete<'_> {
    fn count_vecs(&mut self) -> &mut CountVecs {
        self.count_vecs.as_mut().expect("whether each state melds for every table meld used")
    }

    /// The index of step 27's answers for the table melds `used` (the bits
    /// of the reached ones among them, in order) and meld of the hand's
    /// own.
    fn reached_at(&self, used: u8, own: bool) -> usize {
        self.reached_bits[used as usize] as usize | (own as usize) << self.reached.count_ones()
    }

    /// Step 27's planes: how many (one for each count of wilds up to one
    /// more than the hand's, the most any question asks), the words of 64
    /// bits each takes, and the answers in each (a bit for each set of the
    /// reached table melds used and meld of the hand's own).
    fn count_shape(&self) -> (usize, usize, usize) {
        let n = 2usize << self.reached.count_ones();
        let planes = (self.wilds as usize + 2).min(COUNTS_MOST as usize);
        (planes, n.div_ceil(64), n)
    }

    /// Step 27's word of the open cards in `mask` with the table melds
    /// `used` and meld of the hand's own or not: with which counts of wilds
    /// they meld. The live table melds no natural goes onto are used in
    /// the search, and their room not used is added here (step 36).
    fn count_word(&mut self, discard: bool, mask: u32, used: u8, own: bool) -> u64 {
        let spare = self.live & !self.reached;
        let from = self.counts_vec(discard, mask, (used & !self.live) | spare);
        let (p, l, _) = self.count_shape();
        let (at, bit) = in_plane(self.reached_at(used, own));
        let planes = self.count_planes(from, p * l);
        let word = (0..p).fold(0u64, |out, c| out | ((planes[c * l + at] & bit != 0) as u64) << c);
        if spare & !used == 0 {
            return word;
        }
        let room = (self.free_room(used) - self.free_room(used | spare)).min(COUNTS_MOST - 1);
        let spread = (1..=room).fold(word, |out, j| out | word << j);
        if used != 0 || own {
            return spread;
        }
        // With no table meld used and no meld of its own, the hand may
        // keep none: the one open card or wild discarded, or nothing.
        let owed = discard as u32;
        let none = match mask.count_ones() {
            0 => 1 << owed,
            1 if discard => 1,
            _ => 0,
        };
        spread | none
    }

    /// Step 27's `len` words of a state's planes, from `from`.
    fn count_planes(&self, from: usize, len: usize) -> &[u64] {
        let vecs = self.count_vecs.as_ref().expect("whether each state melds for every table meld used");
        &vecs.words[from..from + len]
    }

    /// Step 27: [`Complete::melds_counts`] of the open cards in `mask` for
    /// every set of the reached table melds used (`Complete::reached`)
    /// and whether the hand has a meld of its own at once, where its planes
    /// start among the words of `CountVecs`; `fixed` the other table melds
    /// used (of wilds alone, and the live ones no natural goes onto, always
    /// taken as used: step 36). Every count of wilds the open cards could
    /// take is searched, up to the room of the table melds with none but
    /// `fixed` used.
    fn counts_vec(&mut self, discard: bool, mask: u32, fixed: u8) -> usize {
        let k = StateKey::new(mask, 0, fixed, false).owing_one(discard);
        if let Some(from) = self.count_vecs().memo.get(k) {
            return from as usize;
        }
        let WildPolicy::HalfAtMost { free, .. } = self.melds.policy else {
            unreachable!("the counts of wilds are the half-wild limit's")
        };
        let reached = self.reached;
        let shape @ (p, l, n) = self.count_shape();
        let (half, len) = (n / 2, p * l);
        if self.count_vecs().words.is_empty() {
            self.count_vecs().words.extend(std::iter::repeat_n(0, len));
        }
        let owed = discard as u32;
        // Most hands' planes fit in 512 bytes.
        let (mut small, mut large) = ([0u64; 8 * PLANE_WORDS], Vec::new());
        let out = if len <= small.len() {
            &mut small[..len]
        } else {
            large.resize(len, 0);
            &mut large[..]
        };
        if mask == 0 {
            // As `melds_counts` with no open card, for each table meld used
            // and meld of the hand's own.
            for at in 0..n {
                let used = unpacked(reached, at & (half - 1)) | fixed;
                let own = at >= half;
                if used == 0 || own {
                    let room = if own { free[used as usize] as u32 } else { 0 };
                    let counts = counts_upto(room + owed) & !((1 << owed) - 1);
                    let (at, bit) = in_plane(at);
                    for c in BitIter(counts & counts_upto(p as u32 - 1)) {
                        out[c * l + at] |= bit;
                    }
                }
            }
        } else if !(fixed & self.melds.wild == self.melds.wild
            && alone_beyond(self.melds.partners_at(fixed), mask, owed))
        {
            // (A natural with no partner with only `fixed` used, whose row
            // of partners has the most, has none with more used: nothing
            // melds.)
            // No question asks of more wilds than the hand's and one more.
            let most = (mask.count_ones() + free[fixed as usize] as u32 + owed)
                .min(self.wilds as u32 + 1)
                .min(COUNTS_MOST - 1);
            let bit = 1u32 << mask.trailing_zeros();
            if discard {
                let rest = self.counts_vec(false, mask & !bit, fixed);
                or_choice_run(out, self.count_planes(rest, len), (0, 1), Leaves::Same, shape);
            }
            let placed = self.placed_choices(mask, most as u8, fixed, false);
            // Choices leaving the same rest the same way, with counts of
            // wilds one after another, are added in one pass: `run`, the
            // rest's planes, how it leaves them, the first count and how
            // many.
            let mut run: Option<(usize, Leaves, u8, u8)> = None;
            // The choices of one group come one after another, a count of
            // wilds each: the rest's planes are looked up once for them.
            let mut last: Option<((u32, u8), usize)> = None;
            for &(used, k, with, own) in &placed {
                let key = (used, with & !reached);
                let rest = match last {
                    Some((looked, r)) if looked == key => r,
                    _ => {
                        let r = self.counts_vec(discard, mask & !used, key.1);
                        last = Some((key, r));
                        r
                    }
                };
                if rest == 0 {
                    // Melds for nothing.
                    continue;
                }
                let leaves = if with & !reached != fixed {
                    Leaves::Same
                } else if own {
                    Leaves::Own
                } else {
                    Leaves::Lay { at: self.reached_at(with, false) }
                };
                match &mut run {
                    Some((r, l, from, count)) if *r == rest && *l == leaves && *from + *count == k => {
                        *count += 1
                    }
                    _ => {
                        if let Some((r, l, from, count)) = run.replace((rest, leaves, k, 1)) {
                            or_choice_run(out, self.count_planes(r, len), (from, count), l, shape);
                        }
                    }
                }
            }
            if let Some((r, l, from, count)) = run {
                or_choice_run(out, self.count_planes(r, len), (from, count), l, shape);
            }
            self.placed.push(placed);
            // Counts past `most` are asked of no word.
            out[(most as usize + 1).min(p) * l..].fill(0);
        }
        let kept = &mut self.count_vecs().words;
        let from = if out.iter().all(|&o| o == 0) { 0 } else { kept.len() };
        if from != 0 {
            kept.extend_from_slice(out);
        }
        self.count_vecs().memo.insert(k, from as u64);
        from
    }

    /// Where at most half of a meld may be wild (the solver's step 9d):
    /// the natural cards that, put in the slot, let the open cards in
    /// `mask` meld completely with `w` wilds, every meld within the limit.
    /// The search is the one above, each meld taking from the wilds it
    /// needs up to as many as the limit allows (step 9a), every count
    /// tried; see "Where at most half of a meld may be wild" above.
    pub(super) fn cards_limited(&mut self, mask: u32, w: u8, used_table: u8, own: bool) -> u128 {
        self.cards_limited_with(false, mask, w, used_table, own)
    }

    /// Where at most half of a meld may be wild: the natural cards that,
    /// put in the slot, let the open cards in `mask` and `w` wilds meld
    /// completely less one card, a natural or a wild, discarded ("With a
    /// discard still to make" under the limit, above): every card the hand
    /// could draw and go out with, but a wild.
    pub(super) fn cards_limited_less_one(&mut self, mask: u32, w: u8) -> u128 {
        self.cards_limited_with(true, mask, w, 0, false)
    }

    /// [`Complete::cards_limited`] (`discard` false) or
    /// [`Complete::cards_limited_less_one`] (`discard` true, a card still
    /// to discard) of the state: the table melds used, and whether the
    /// hand has a meld of its own.
    pub(super) fn cards_limited_with(
        &mut self,
        discard: bool,
        mask: u32,
        w: u8,
        used_table: u8,
        own: bool,
    ) -> u128 {
        // Every table meld counts as turned idle here: the slot's card
        // alone onto those no open card could go onto is asked now, onto
        // the others where they turn idle (step 28).
        let every = self.every_meld();
        let mut sets = [0u128; MOST_COUNT as usize + 1];
        if let Some(g) = &mut self.gather {
            g.counts = 1 << w;
        }
        match self.next_counts(every, (discard, mask, w, used_table, own), &mut sets) {
            Some(most) if w <= most => sets[w as usize],
            _ => 0,
        }
    }

    /// Under the half-wild limit: the slot's cards of a state the search
    /// comes to from one where the table melds `before` were not idle,
    /// into `sets` (at least `most + 1` long), one set for each count of
    /// wilds up to the count returned (at most `most`), or `None` where
    /// there are none: the state's own (`Complete::slot_counts`, where the
    /// slot's card goes alone onto no idle table meld), and the slot's
    /// card alone onto each table meld idle since, not used, with the rest
    /// melding completely (step 28).
    fn next_counts(
        &mut self,
        before: u8,
        (discard, mask, most, used_table, own): (bool, u32, u8, u8, bool),
        sets: &mut [u128],
    ) -> Option<u8> {
        if self.gather.is_some() && self.nothing_left_limited(mask, most, used_table) {
            return None;
        }
        let (found, busy, shift) = self.slot_counts(discard, mask, most, used_table, own);
        let most = most.min(MOST_COUNT);
        let idle = before & !busy & !used_table;
        let n = match found {
            Some((from, found)) if shift == 0 => {
                let n = found.min(most) as usize + 1;
                sets[..n].copy_from_slice(&self.slot_sets[from as usize..from as usize + n]);
                n
            }
            Some((from, found)) => {
                // Up to `shift` wilds more onto the idle table melds (step
                // 35): with `w` wilds, the cards of `w - j` for each `j`.
                let top = (found as u32 + shift as u32).min(most as u32) as u8;
                let kept = &self.slot_sets[from as usize..=from as usize + found as usize];
                for w in 0..=top {
                    let fewest = w.saturating_sub(found);
                    sets[w as usize] = (fewest..=shift.min(w)).fold(0, |s, j| s | kept[(w - j) as usize]);
                }
                top as usize + 1
            }
            None => 0,
        };
        if idle == 0 {
            self.share_counts(sets, n);
            return (n > 0).then(|| n as u8 - 1);
        }
        sets[n..=most as usize].fill(0);
        let singles = self.single_limited;
        for m in BitIter(idle as u32) {
            let Some(fewest) = fewest_need(&singles[m], most) else { continue };
            let rest = self.melds_counts(discard, mask, most - fewest, used_table | 1 << m, own);
            add_slot_cards(sets, &singles[m], rest, most);
        }
        self.share_counts(sets, most as usize + 1);
        Some(most)
    }

    /// Under the half-wild limit: how many more wilds the table melds not
    /// in `used_table` may take between them.
    fn free_room(&self, used_table: u8) -> u32 {
        let WildPolicy::HalfAtMost { free, .. } = self.melds.policy else {
            unreachable!("the room of the table melds is the half-wild limit's")
        };
        free[used_table as usize] as u32
    }

    /// Under the half-wild limit: where in `slot_sets` the slot's cards of
    /// the state start, one set for each count of wilds from none to the
    /// count given with them (at most `most`; beyond it there are none),
    /// or `None` where there are none for any count (step 16); the table
    /// melds busy in the state (step 31), for those the move to it made
    /// idle; and how many wilds more the idle table melds not used take,
    /// which the sets kept leave out (step 35): with `w` wilds the state's
    /// cards are those kept for `w - j`, each `j` up to that many.
    fn slot_counts(
        &mut self,
        discard: bool,
        mask: u32,
        most: u8,
        used_table: u8,
        own: bool,
    ) -> (Option<(u32, u8)>, u8, u8) {
        debug_assert!(most <= self.wilds, "the slot search asks of the hand's wilds (step 31)");
        let owed = discard as u32;
        if mask == 0 {
            // Every natural placed: the slot's card could go only alone
            // onto a table meld, every one idle now, which the states
            // before ask where it turned idle (step 28).
            return (None, 0, 0);
        }
        let busy = self.melds.takers.busy_near(mask);
        // The idle table melds not used and not of wilds alone take only
        // wilds from here on: the state is searched with them used, and
        // their room given apart (step 35).
        let idle = self.every_meld() & !(used_table | busy) & self.live;
        let shift = (self.free_room(used_table) - self.free_room(used_table | idle)).min(most as u32) as u8;
        let used_table = used_table | idle;
        // The melds take no more wilds than they hold naturals, the slot's
        // card among them, and the table melds' room, and one more may be
        // discarded.
        let room = self.free_room(used_table);
        let most = (most.min(MOST_COUNT) as u32).min(mask.count_ones() + 1 + room + owed) as u8;
        // The table melds used kept as the solver's step 10 keeps them
        // under the limit, the idle ones by the room of those not used, at
        // most the wilds asked about (step 28; only those of wilds alone
        // have room here, step 35); busy with the hand's wilds and the
        // slot's card in the holes (step 31).
        let cap = most.max(self.wilds.saturating_add(1));
        let idle_room = self.free_room(used_table | busy).min(cap as u32) as u8;
        let k = StateKey::new(mask, 0, used_table & busy, own).owing_one(discard).with_idle_room(idle_room);
        if let Some(found) = self.counted.get(k) {
            if found == NO_SLOT_CARDS {
                return (None, busy, shift);
            }
            if (found >> 32) as u8 >= most {
                return (Some((found as u32, (found >> 32) as u8)), busy, shift);
            }
        }
        // A natural with no partner melds only with the slot's card, so at
        // most one, and one more where a natural is discarded. Kept in the
        // memo, as a state is met again far more often than it is new.
        if mask != 0 && alone_cards(self.melds.partners_at(used_table), mask).count_ones() > 1 + owed {
            self.counted.insert(k, NO_SLOT_CARDS);
            return (None, busy, shift);
        }
        let mut out = [0u128; MOST_COUNT as usize + 1];
        self.decide_slot_counts(discard, (mask, busy), most, used_table, own, &mut out);
        let from = self.slot_sets.len() as u32;
        self.slot_sets.extend_from_slice(&out[..=most as usize]);
        self.counted.insert(k, from as u64 | (most as u64) << 32);
        (Some((from, most)), busy, shift)
    }

    /// Adds to `out[w]`, for each count of wilds `w` up to `most`, the
    /// slot's cards with `w - k` wilds of the state the search moves to
    /// (`Complete::next_counts`, from the table melds `before` not idle),
    /// for each `k` from `fewest` to `most_k(w)`.
    fn add_counts(
        &mut self,
        out: &mut [u128],
        (before, next): (u8, (bool, u32, u8, u8, bool)),
        most: u8,
        fewest: u8,
        most_k: impl Fn(u8) -> u8,
    ) {
        let mut sets = [0u128; MOST_COUNT as usize + 1];
        // In one search of the whole hand, the counts of the state moved to
        // that complete it: `w - k` for each such count `w` of this one.
        let counts = self.gather.as_mut().map(|g| {
            let here = g.counts;
            let mut next = 0u64;
            for w in BitIter(here & counts_upto(most as u32)).map(|w| w as u8).filter(|&w| w >= fewest) {
                for k in fewest..=most_k(w).min(w) {
                    next |= 1 << (w - k);
                }
            }
            g.counts = next;
            here
        });
        let found = self.next_counts(before, next, &mut sets);
        if let (Some(here), Some(g)) = (counts, &mut self.gather) {
            g.counts = here;
        }
        let Some(found) = found else { return };
        for w in fewest..=most {
            for k in fewest..=most_k(w).min(w) {
                if w - k <= found {
                    out[w as usize] |= sets[(w - k) as usize];
                }
            }
        }
    }

    /// Whether the open cards meld completely under the limit, the slot
    /// filled already; or, with a discard still to make, less one card.
    pub(super) fn rest_melds_limited(
        &mut self,
        discard: bool,
        mask: u32,
        w: u8,
        used_table: u8,
        own: bool,
    ) -> bool {
        self.melds_counts(discard, mask, w, used_table, own) >> w & 1 != 0
    }

    /// Under the half-wild limit: with which counts of wilds, up to
    /// `most`, the open cards in `mask` meld completely (`discard`: all
    /// but one card, a natural or a wild, still to discard), bit `w` for
    /// `w` wilds; every count in one search (step 15).
    pub(super) fn melds_counts(
        &mut self,
        discard: bool,
        mask: u32,
        most: u8,
        used_table: u8,
        own: bool,
    ) -> u64 {
        if self.count_vecs.is_some() {
            debug_assert!(
                most <= self.wilds.saturating_add(1),
                "step 27 counts to one wild more than the hand's"
            );
            let word = self.count_word(discard, mask, used_table, own);
            return word & counts_upto(most as u32);
        }
        let owed = discard as u32;
        let free = self.free_room(used_table);
        if mask == 0 {
            // The wilds left go onto the table melds not used yet, once the
            // hand has a meld of its own; one more may be the discard.
            if used_table != 0 && !own {
                return 0;
            }
            let room = if own { free } else { 0 };
            return counts_upto((room + owed).min(most as u32)) & !((1 << owed) - 1);
        }
        // The melds take no more wilds than they hold naturals, and the
        // table melds' room; one more may be discarded.
        let most = (most as u32).min(mask.count_ones() + free + owed) as u8;
        let k = StateKey::new(mask, 0, used_table, own).owing_one(discard);
        if let Some(found) = self.counts.get(k)
            && (found >> COUNTS_MOST) as u8 >= most
        {
            return found & counts_upto(most as u32);
        }
        // A natural with no partner melds in nothing: it is the discard.
        // Kept as no count of wilds at all, since a state is met again far
        // more often than it is new.
        if alone_beyond(self.melds.partners_at(used_table), mask, owed) {
            self.counts.insert(k, (u8::MAX as u64) << COUNTS_MOST);
            return 0;
        }
        let i = mask.trailing_zeros() as usize;
        let bit = 1u32 << i;
        let all = counts_upto(most as u32);
        let mut out = 0u64;
        if discard {
            // The lowest open card discarded: the rest melds completely.
            out |= self.melds_counts(false, mask & !bit, most, used_table, own);
        }
        let placed = self.placed_choices(mask, most, used_table, own);
        for &(used, k, with, own) in &placed {
            if out == all {
                break;
            }
            out |= self.melds_counts(discard, mask & !used, most - k, with, own) << k;
        }
        self.placed.push(placed);
        self.counts.insert(k, out | (most as u64) << COUNTS_MOST);
        out
    }

    /// Under the half-wild limit: every meld a choice of the search from the
    /// open cards `mask` with at most `most` wilds could put the slot's
    /// card into (step 38), into `melds`, each with its cards in `entries`:
    /// for each open card `i`, its sets, runs and groups laid off with the
    /// slot's card among the open cards from `i` on
    /// (`Complete::slot_plan`); and the slot's card alone onto each table
    /// meld.
    fn slot_melds(
        &mut self,
        mask: u32,
        most: u8,
        melds: &mut Vec<SlotMeld>,
        entries: &mut Vec<(u8, u8, u128)>,
    ) {
        let mut push = |melds: &mut Vec<SlotMeld>, (rest, used_table, own), cards: &[(u8, u8, u128)]| {
            let from = entries.len() as u32;
            entries.extend(cards.iter().filter(|e| e.0 <= most));
            if entries.len() as u32 > from {
                melds.push(SlotMeld { rest, used_table, own, entries: (from, entries.len() as u32) });
            }
        };
        for m in 0..self.table.len() {
            push(melds, (mask, 1 << m, false), &self.single_limited[m]);
        }
        let places = (bottom_place(self.rules), top_place(self.rules));
        for i in BitIter(mask) {
            let from = mask & !((1u32 << i) - 1);
            let plan = self.slot_plan(from, most);
            let nat = self.nat;
            let (rank, suit) = (nat.rank[i], nat.suit[i] as usize);
            for at in plan.sets.0..plan.sets.1 {
                // The slot's card and the set's naturals take from `need`
                // wilds up to as many as they are.
                let used = self.plans.sets[at as usize];
                let size = used.count_ones() as u8 + 1;
                let need = 3u8.saturating_sub(size);
                push(melds, (mask & !used, 0, true), &[(need, size - need, rank_bits(rank))]);
            }
            let place_bits = &PLACE_BITS[suit];
            for at in plan.runs.0..plan.runs.1 {
                let run = self.plans.runs[at as usize];
                let mut cards = [(0, 0, 0); MOST_COUNT as usize + 1];
                let mut n = 0;
                for (k, new) in slot_places(place_bits, run.taken, most, places) {
                    cards[n] = (k, 0, new);
                    n += 1;
                }
                push(melds, (mask & !run.used, 0, true), &cards[..n]);
            }
            for (m, &(from, to)) in plan.groups.iter().enumerate().take(self.table.len()) {
                for g in from..to {
                    let g = self.melds.lay.group(g as usize);
                    let slots = g.slot_from as usize..(g.slot_from + g.slot_len as u32) as usize;
                    push(melds, (mask & !g.used, 1 << m, false), &self.melds.lay.slots[slots]);
                }
            }
        }
    }

    /// Under the half-wild limit: every natural card some meld of
    /// [`Complete::slot_melds`] could take (step 38).
    pub(super) fn cards_any_meld_takes(&mut self, mask: u32, most: u8) -> u128 {
        let (mut melds, mut entries) = (Vec::new(), Vec::new());
        self.slot_melds(mask, most, &mut melds, &mut entries);
        entries.iter().fold(0, |b, e| b | e.2)
    }

    /// Under the half-wild limit: the cards completing the open cards
    /// `mask` with `w` wilds less one card, a natural or a wild,
    /// discarded, meld by meld (step 39): each card of a meld of
    /// [`Complete::slot_melds`] where the rest melds completely less one
    /// card with the wilds the meld leaves, each meld whose cards are all
    /// `known` already left out; and whether every meld left was asked
    /// within `most` of them, before the rests' searches kept `rests`
    /// states more (else the cards are those found so far).
    pub(super) fn outs_meld_by_meld(
        &mut self,
        mask: u32,
        w: u8,
        known: u128,
        (most, rests): (usize, usize),
    ) -> (u128, bool) {
        let (mut melds, mut entries) = (Vec::new(), Vec::new());
        self.slot_melds(mask, w, &mut melds, &mut entries);
        self.hold_rests_within(rests);
        let mut out = 0u128;
        let mut sets = [0u128; MOST_COUNT as usize + 1];
        let mut asked = 0;
        let mut whole = true;
        for meld in melds {
            let cards = &entries[meld.entries.0 as usize..meld.entries.1 as usize];
            if cards.iter().all(|e| e.2 & !(out | known) == 0) {
                continue;
            }
            let Some(fewest) = fewest_need(cards, w) else { continue };
            if asked == most {
                whole = false;
                break;
            }
            asked += 1;
            // Past its bound a rest stops, its states kept for the next
            // turn (`Memo::hold_at_most`).
            let rest =
                unless_stopped(|| self.melds_counts(true, meld.rest, w - fewest, meld.used_table, meld.own));
            let Some(rest) = rest else {
                whole = false;
                break;
            };
            sets[w as usize] = 0;
            add_slot_cards(&mut sets, cards, rest, w);
            out |= sets[w as usize];
        }
        self.hold_rests_within(usize::MAX);
        (out, whole)
    }

    /// Stops the searches of the rests (step 15's, step 27's) before they
    /// keep `more` states more than they hold now ([`Memo::hold_at_most`];
    /// `usize::MAX`, never).
    fn hold_rests_within(&mut self, more: usize) {
        self.counts.hold_at_most(self.counts.len().saturating_add(more));
        if let Some(v) = &mut self.count_vecs {
            v.hold_at_most(v.len().saturating_add(more));
        }
    }

    /// The choices of the lowest open card of `mask` with at most `most`
    /// wilds (step 32), worked out on first use.
    fn slot_plan(&mut self, mask: u32, most: u8) -> SlotPlan {
        let k = StateKey::new(mask, most, 0, false);
        if let Some(at) = self.plans.memo.get(k) {
            return self.plans.plans[at as usize];
        }
        let nat = self.nat;
        let i = mask.trailing_zeros() as usize;
        let bit = 1u32 << i;
        let mut sets = self.sets.pop().unwrap_or_default();
        set_groups(nat, i, mask, &mut sets);
        let from = self.plans.sets.len() as u32;
        self.plans.sets.extend_from_slice(&sets);
        self.sets.push(sets);
        let sets = (from, self.plans.sets.len() as u32);
        let mut runs = self.runs.pop().unwrap_or_default();
        slot_runs(nat, i, mask, most.saturating_add(1), self.rules, self.ace_high, &mut runs);
        let from = self.plans.runs.len() as u32;
        self.plans.runs.extend_from_slice(&runs);
        self.runs.push(runs);
        let runs = (from, self.plans.runs.len() as u32);
        let mut groups = [(0, 0); super::MAX_TABLE_MELDS];
        let table = self.table;
        for (m, (naturals, size)) in table.iter().enumerate() {
            // A table meld that cannot take the lowest open card has no
            // group for it.
            if self.melds.takers[m] & bit == 0 {
                continue;
            }
            let found = self.melds.lay.of(
                nat,
                i,
                mask,
                (m, most.saturating_add(1), true),
                (naturals, *size),
                self.rules,
                self.ace_high,
            );
            groups[m] = (found.start as u32, found.end as u32);
        }
        let plan = SlotPlan { sets, runs, groups };
        self.plans.memo.insert(k, self.plans.plans.len() as u64);
        self.plans.plans.push(plan);
        plan
    }

    /// [`Complete::slot_counts`] for one state: every meld of the lowest
    /// open card, with each count of wilds the limit allows, the slot's
    /// card in it or not, for every count of wilds up to `most` at once,
    /// into `out` (step 16).
    fn decide_slot_counts(
        &mut self,
        discard: bool,
        (mask, busy): (u32, u8),
        most: u8,
        used_table: u8,
        own: bool,
        out: &mut [u128],
    ) {
        debug_assert!(mask != 0, "a state with no natural open has no slot's cards of its own (step 28)");
        if discard {
            let alone = alone_cards(self.melds.partners_at(used_table), mask);
            if alone.count_ones() == 2 {
                // Two naturals with no partner, a discard owed: one of them
                // is discarded, and the other takes the slot's card.
                for one in [alone & alone.wrapping_neg(), alone & (alone - 1)] {
                    self.add_counts(out, (busy, (false, mask & !one, most, used_table, own)), most, 0, |_| 0);
                }
                return;
            }
        }
        let nat = self.nat;
        let i = mask.trailing_zeros() as usize;
        let bit = 1u32 << i;
        let (rank, suit) = (nat.rank[i], nat.suit[i] as usize);
        let all = counts_upto(most as u32);
        if discard {
            self.add_counts(out, (busy, (false, mask & !bit, most, used_table, own)), most, 0, |_| 0);
        }

        let plan = self.slot_plan(mask, most);

        // Sets of the lowest open card's rank, the slot in them or not: at
        // least three cards, no more wilds than naturals.
        let same = rank_bits(rank);
        for at in plan.sets.0..plan.sets.1 {
            let used = self.plans.sets[at as usize];
            let size = used.count_ones() as u8;
            let rest = mask & !used;
            let need = 3u8.saturating_sub(size);
            if need <= most {
                let next = (discard, rest, most - need, used_table, true);
                self.add_counts(out, (busy, next), most, need, |_| size);
            }
            let need = 3u8.saturating_sub(size + 1);
            if need <= most {
                let melds = self.melds_counts(discard, rest, most - need, used_table, true);
                let ws = (need..=(size + 1).min(most)).fold(0, |b, k| b | melds << k) & all;
                for w in BitIter(ws) {
                    out[w] |= same;
                }
            }
        }

        // Runs from the lowest open card, the slot on a free place or not:
        // `len` places in all, within the deck's, no more wilds than
        // naturals.
        let (top, bottom) = (top_place(self.rules), bottom_place(self.rules));
        let run_places = top - bottom + 1;
        // Every card of the suit, as bits, and the card on each place.
        let place_bits = &PLACE_BITS[suit];
        for at in plan.runs.0..plan.runs.1 {
            let run = self.plans.runs[at as usize];
            let n = run.taken.count_ones() as u8;
            let (lo, hi) = (run.taken.trailing_zeros() as u8, 15 - run.taken.leading_zeros() as u8);
            let span = hi - lo + 1;
            let rest = mask & !run.used;
            if n >= 2 {
                let need = span.max(3) - n;
                if need <= n && need <= most {
                    let next = (discard, rest, most - need, used_table, true);
                    let places_left = run_places.saturating_sub(n);
                    self.add_counts(out, (busy, next), most, need, |_| n.min(places_left));
                }
            }
            // The slot's card on a free place.
            let mut melds = None;
            for (k, new) in slot_places(place_bits, run.taken, most, (bottom, top)) {
                let melds =
                    *melds.get_or_insert_with(|| self.melds_counts(discard, rest, most, used_table, true));
                for w in BitIter((melds << k) & all) {
                    out[w] |= new;
                }
            }
        }

        // Laid off onto a table meld not used yet, the slot's card in the
        // group or not, within the limit and the room it leaves.
        for (m, &(from, to)) in plan.groups.iter().enumerate().take(self.table.len()) {
            if used_table & (1 << m) != 0 {
                continue;
            }
            for g in from..to {
                let g = self.melds.lay.group(g as usize);
                let rest = mask & !g.used;
                let with = used_table | 1 << m;
                if let Some(need) = g.need
                    && need <= most
                    && g.fits
                {
                    let next = (discard, rest, most - need, with, own);
                    self.add_counts(out, (busy, next), most, need, |w| need + g.room.min(w - need));
                }
                let slots = g.slot_from as usize..(g.slot_from + g.slot_len as u32) as usize;
                let Some(fewest) = fewest_need(&self.melds.lay.slots[slots.clone()], most) else { continue };
                let rest_melds = self.melds_counts(discard, rest, most - fewest, with, own);
                add_slot_cards(out, &self.melds.lay.slots[slots], rest_melds, most);
            }
        }
    }
}

// The bound of melds asked of each turn of step 39
// (`Complete::gathered_limited`) on this thread, for the tests to read.
#[cfg(test)]
thread_local! {
    pub(super) static MELDS_ASKED: std::cell::RefCell<Vec<usize>> = const { std::cell::RefCell::new(Vec::new()) };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Step 27's choices added to a state's planes, a plane for each count
    /// of wilds: as the definition says of each answer's word (bit `c` for
    /// `c` wilds), for every count of table melds (so answers within one
    /// word of 64 bits, or many words): each answer takes the rest's (with
    /// a meld of its own, the rest's with one; laid off onto a table meld
    /// not used yet, the rest's with it used, where it was not), shifted by
    /// each count the choices take, counts past the last plane dropped.
    #[test]
    fn choices_give_each_answer_its_own_word_in_planes() {
        let mut next = crate::solver::tests::random_words(0x2545_f491_4f6c_dd1d);
        for t in 1..=super::super::MAX_TABLE_MELDS {
            let n = 2usize << t;
            let (half, l) = (n / 2, n.div_ceil(64));
            let lays = (0..t).map(|b| Leaves::Lay { at: 1 << b });
            for leaves in [Leaves::Same, Leaves::Own].into_iter().chain(lays) {
                for p in [1usize, 3, 9] {
                    for (k, count) in [(0u8, 1u8), (0, 3), (1, 1), (2, 2), (1, 9), (8, 2)] {
                        let words = |next: &mut dyn FnMut() -> u64| -> Vec<u64> {
                            (0..n).map(|_| next() & next() & counts_upto(p as u32 - 1)).collect()
                        };
                        let (rest, before) = (words(&mut next), words(&mut next));
                        let planes = |words: &[u64]| {
                            let mut out = vec![0u64; p * l];
                            for (at, &w) in words.iter().enumerate() {
                                for c in BitIter(w) {
                                    out[c * l + at / 64] |= 1 << (at % 64);
                                }
                            }
                            out
                        };
                        let mut want = before.clone();
                        for (at, w) in want.iter_mut().enumerate() {
                            let from = match leaves {
                                Leaves::Same => Some(at),
                                Leaves::Own => Some(at | half),
                                Leaves::Lay { at: m } => (at & m == 0).then_some(at | m),
                            };
                            if let Some(from) = from {
                                for j in k..k + count {
                                    *w |= rest[from] << j & counts_upto(p as u32 - 1);
                                }
                            }
                        }
                        let mut got = planes(&before);
                        or_choice_run(&mut got, &planes(&rest), (k, count), leaves, (p, l, n));
                        assert_eq!(
                            got,
                            planes(&want),
                            "{t} table melds, {leaves:?}, {p} planes, {count} counts from {k}"
                        );
                    }
                }
            }
        }
    }
}
