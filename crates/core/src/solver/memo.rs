//! The searches' memo: what was found for each state, in an open-addressing
//! table cleared in O(1), so one allocation serves many hands; and the one
//! key of a search's state, packed here and nowhere else.

use std::marker::PhantomData;

/// A state of a search (exactness, step 4): the open natural cards, the
/// wilds left, the table melds laid off onto, whether the hand has a meld
/// of its own, and what is still owed of a discard.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct StateKey {
    pub(super) mask: u32,
    pub(super) wilds: u8,
    pub(super) used_table: u8,
    pub(super) own: bool,
    pub(super) discard: Discard,
    /// Under the half-wild limit, the room the idle table melds not used
    /// give the wilds left over, at most the wilds left (step 10), or
    /// [`IDLE_APART`].
    pub(super) idle_room: u8,
    /// Under the half-wild limit, which of the loaded hand's wilds the
    /// state's answer holds for, where it may differ from the loaded
    /// hand's (0; the solver's step 9c): at most [`MOST_VARIANTS`].
    pub(super) variant: u8,
}

/// The most sets of wilds other than the loaded hand's a memo keeps apart
/// (`StateKey::variant`, three bits).
pub(super) const MOST_VARIANTS: u8 = 7;

/// The idle room of a key that keeps every table meld used apart: more
/// than any room kept, which is at most the wilds (at most 32).
pub(super) const IDLE_APART: u8 = 63;

/// What a state still owes of a discard.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Discard {
    /// Nothing: the open cards are all the question.
    None,
    /// One card, the lowest open card or a wild, still to be discarded.
    ToMake,
    /// Whether the open cards meld less one of them (the search for
    /// completing cards keeps this apart from the slot's cards).
    LessOne,
}

impl StateKey {
    pub(super) fn new(mask: u32, wilds: u8, used_table: u8, own: bool) -> StateKey {
        StateKey { mask, wilds, used_table, own, discard: Discard::None, idle_room: 0, variant: 0 }
    }

    /// The key with the idle table melds' room as given.
    pub(super) fn with_idle_room(self, idle_room: u8) -> StateKey {
        StateKey { idle_room, ..self }
    }

    /// The key marked as of the set of wilds `variant`.
    pub(super) fn of_variant(self, variant: u8) -> StateKey {
        StateKey { variant, ..self }
    }

    pub(super) fn owing(self, discard: Discard) -> StateKey {
        StateKey { discard, ..self }
    }

    /// The key with one card still to discard where `owed`, else none.
    pub(super) fn owing_one(self, owed: bool) -> StateKey {
        self.owing(if owed { Discard::ToMake } else { Discard::None })
    }
}

/// A key the memo can pack into one word.
pub(super) trait Key: Copy {
    fn pack(self) -> u64;
}

impl Key for StateKey {
    /// At most 20 naturals (20 bits), 255 wilds, 8 table melds, whether
    /// the hand has a meld of its own, the set of wilds (three bits), the
    /// discard owed and the idle room (at most [`IDLE_APART`], six bits):
    /// 48 bits.
    fn pack(self) -> u64 {
        let discard = match self.discard {
            Discard::None => 0u64,
            Discard::ToMake => 1,
            Discard::LessOne => 2,
        };
        self.mask as u64
            | (self.wilds as u64) << 20
            | (self.used_table as u64) << 28
            | (self.own as u64) << 36
            | (self.variant as u64) << 37
            | discard << 40
            | (self.idle_room as u64) << 42
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    /// The lowest open card is deadwood.
    Dead,
    /// A set of the cards in `used`.
    Set,
    /// A run of the cards in `used`.
    Run,
    /// The cards in `used` laid off onto table meld `meld`.
    Lay { meld: u8 },
    /// Every open card in sets of its rank, padded with wilds.
    AllSets,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Choice {
    pub(super) step: Step,
    pub(super) used: u32,
    pub(super) wilds: u8,
}

/// A value the memo can store in one or two words, so that a slot is two
/// or three words and more of the memo stays in the processor's caches.
pub(super) trait Value: Copy {
    type Stored: Copy + Default + std::fmt::Debug;
    fn store(self) -> Self::Stored;
    fn load(stored: Self::Stored) -> Self;
}

impl Value for u64 {
    type Stored = u64;
    fn store(self) -> u64 {
        self
    }
    fn load(stored: u64) -> u64 {
        stored
    }
}

impl Value for u128 {
    type Stored = [u64; 2];
    fn store(self) -> [u64; 2] {
        [self as u64, (self >> 64) as u64]
    }
    fn load(stored: [u64; 2]) -> u128 {
        stored[0] as u128 | (stored[1] as u128) << 64
    }
}

impl Value for (u32, u32) {
    type Stored = u64;
    fn store(self) -> u64 {
        self.0 as u64 | (self.1 as u64) << 32
    }
    fn load(stored: u64) -> (u32, u32) {
        (stored as u32, (stored >> 32) as u32)
    }
}

/// A search's cost and choice: the cost in 16 bits, the cards used in 32,
/// the wilds in 8, the step in 3 and a table meld in 3 (at most 8).
impl Value for (u16, Choice) {
    type Stored = u64;
    fn store(self) -> u64 {
        let (cost, c) = self;
        let (step, meld) = match c.step {
            Step::Dead => (0u64, 0u64),
            Step::Set => (1, 0),
            Step::Run => (2, 0),
            Step::Lay { meld } => (3, meld as u64),
            Step::AllSets => (4, 0),
        };
        cost as u64 | (c.used as u64) << 16 | (c.wilds as u64) << 48 | step << 56 | (meld & 7) << 59
    }
    fn load(stored: u64) -> (u16, Choice) {
        let step = match (stored >> 56) & 7 {
            0 => Step::Dead,
            1 => Step::Set,
            2 => Step::Run,
            3 => Step::Lay { meld: ((stored >> 59) & 7) as u8 },
            _ => Step::AllSets,
        };
        (stored as u16, Choice { step, used: (stored >> 16) as u32, wilds: (stored >> 48) as u8 })
    }
}

/// One slot: the packed key in the low 48 bits, the stamp of the hand it
/// was found for in the high 16 (0 never current), and the value.
#[derive(Clone, Copy, Debug, Default)]
struct Slot<S> {
    key: u64,
    value: S,
}

/// What a search told to stop unwinds with: past its bound of states
/// (`Memo::hold_at_most`).
pub(super) struct Stopped;

/// `search`, where a memo it fills is bounded (`Memo::hold_at_most`):
/// its answer, or `None` where it went past the bound and stopped.
pub(super) fn unless_stopped<T>(search: impl FnOnce() -> T) -> Option<T> {
    use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
    match catch_unwind(AssertUnwindSafe(search)) {
        Ok(found) => Some(found),
        Err(e) if e.is::<Stopped>() => None,
        Err(e) => resume_unwind(e),
    }
}

/// The bits of a slot's key that hold the packed key.
const KEY_BITS: u32 = 48;

/// An open-addressing memo cleared in O(1) by bumping a stamp, so one
/// allocation serves many hands. The deadwood search keeps its cost and
/// choice for each state; the search for completing cards, the cards.
#[derive(Debug)]
pub(super) struct Memo<K, V: Value> {
    slots: Vec<Slot<V::Stored>>,
    stamp: u64,
    len: usize,
    /// The most states it may hold before the search stops
    /// ([`Memo::hold_at_most`]).
    most: usize,
    /// The states it holds before it grows or stops: half its slots, or
    /// `most`.
    room: usize,
    key: PhantomData<(K, V)>,
}

pub(super) const EMPTY_CHOICE: Choice = Choice { step: Step::Dead, used: 0, wilds: 0 };

impl<K: Key, V: Value> Memo<K, V> {
    pub(super) fn new() -> Memo<K, V> {
        Memo { slots: Vec::new(), stamp: 1, len: 0, most: usize::MAX, room: 0, key: PhantomData }
    }

    /// Stops the search (unwinding with [`Stopped`]) before it holds more
    /// than `most` states; `usize::MAX` for no bound.
    pub(super) fn hold_at_most(&mut self, most: usize) {
        self.most = most;
        self.room = (self.slots.len() / 2).min(most);
    }

    /// How many states it holds.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn clear(&mut self) {
        self.stamp += 1;
        if self.stamp == 1 << (64 - KEY_BITS) {
            self.slots.iter_mut().for_each(|s| s.key = 0);
            self.stamp = 1;
        }
        self.len = 0;
        if self.slots.is_empty() {
            self.slots = vec![Slot::default(); 1 << 10];
        }
        self.room = (self.slots.len() / 2).min(self.most);
    }

    fn index(&self, key: u64) -> usize {
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 32) as usize & (self.slots.len() - 1)
    }

    /// The key as a slot holds it: the packed key and the stamp.
    fn stamped(&self, key: K) -> u64 {
        let packed = key.pack();
        debug_assert!(packed >> KEY_BITS == 0, "a key of at most 48 bits");
        packed | self.stamp << KEY_BITS
    }

    pub(super) fn get(&self, key: K) -> Option<V> {
        self.find(self.stamped(key)).map(|i| V::load(self.slots[i].value))
    }

    /// Sets `key`'s value to `f` of the value it holds, if any: one
    /// lookup where it holds one.
    pub(super) fn update(&mut self, key: K, f: impl FnOnce(Option<V>) -> V) {
        let key = self.stamped(key);
        match self.find(key) {
            Some(i) => {
                let s = &mut self.slots[i];
                s.value = f(Some(V::load(s.value))).store();
            }
            None => self.insert_stamped(key, f(None).store()),
        }
    }

    /// The slot holding the stamped `key`, if any. Always inlined: each
    /// lookup of the searches comes here, and a call of its own made the
    /// slowest hands 3 to 6% slower.
    #[inline(always)]
    fn find(&self, key: u64) -> Option<usize> {
        let mut i = self.index(key);
        loop {
            let s = &self.slots[i];
            if s.key == key {
                return Some(i);
            }
            if s.key >> KEY_BITS != self.stamp {
                return None;
            }
            i = (i + 1) & (self.slots.len() - 1);
        }
    }

    pub(super) fn insert(&mut self, key: K, value: V) {
        let key = self.stamped(key);
        self.insert_stamped(key, value.store());
    }

    fn insert_stamped(&mut self, key: u64, value: V::Stored) {
        if self.len >= self.room {
            if self.len >= self.most {
                // Past every frame to where the bound was set, with no
                // message: nothing went wrong.
                std::panic::resume_unwind(Box::new(Stopped));
            }
            self.grow();
        }
        let mut i = self.index(key);
        loop {
            let stamp = self.stamp;
            let s = &mut self.slots[i];
            if s.key >> KEY_BITS != stamp || s.key == key {
                if s.key >> KEY_BITS != stamp {
                    self.len += 1;
                }
                *s = Slot { key, value };
                return;
            }
            i = (i + 1) & (self.slots.len() - 1);
        }
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        let stamp = self.stamp;
        self.slots = vec![Slot::default(); old.len() * 2];
        self.room = (self.slots.len() / 2).min(self.most);
        self.len = 0;
        for s in old.into_iter().filter(|s| s.key >> KEY_BITS == stamp) {
            self.insert_stamped(s.key, s.value);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Memo::update` sets a key's value from the one it holds: a new key
    /// as `insert` would, a held one in place, across the memo's growth;
    /// after a clear nothing is held.
    #[test]
    fn an_update_reads_what_the_key_holds() {
        let mut memo: Memo<StateKey, u64> = Memo::new();
        memo.clear();
        let key = |n: u32| StateKey::new(n, (n % 3) as u8, (n % 5) as u8, n.is_multiple_of(2));
        for n in 0..5_000u32 {
            memo.update(key(n), |had| {
                assert_eq!(had, None, "{n}");
                n as u64
            });
        }
        for n in 0..5_000u32 {
            memo.update(key(n), |had| had.expect("held") * 2 + 1);
        }
        assert_eq!(memo.len(), 5_000);
        for n in 0..5_000u32 {
            assert_eq!(memo.get(key(n)), Some(n as u64 * 2 + 1));
        }
        memo.clear();
        memo.update(key(7), |had| {
            assert_eq!(had, None);
            1
        });
        assert_eq!((memo.get(key(7)), memo.get(key(8)), memo.len()), (Some(1), None, 1));
    }
}
