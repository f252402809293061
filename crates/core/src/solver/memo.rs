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
}

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
        StateKey { mask, wilds, used_table, own, discard: Discard::None }
    }

    pub(super) fn owing(self, discard: Discard) -> StateKey {
        StateKey { discard, ..self }
    }
}

/// A key the memo can pack into one word.
pub(super) trait Key: Copy {
    fn pack(self) -> u64;
}

impl Key for StateKey {
    /// At most 20 naturals (20 bits), 255 wilds, 8 table melds.
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
            | discard << 40
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

#[derive(Clone, Copy, Debug)]
struct Slot<V> {
    key: u64,
    stamp: u32,
    value: V,
}

/// An open-addressing memo cleared in O(1) by bumping a stamp, so one
/// allocation serves many hands. The deadwood search keeps its cost and
/// choice for each state; the search for completing cards, the cards.
#[derive(Debug)]
pub(super) struct Memo<K, V> {
    slots: Vec<Slot<V>>,
    stamp: u32,
    len: usize,
    empty: V,
    key: PhantomData<K>,
}

pub(super) const EMPTY_CHOICE: Choice = Choice { step: Step::Dead, used: 0, wilds: 0 };

impl<K: Key, V: Copy> Memo<K, V> {
    pub(super) fn new(empty: V) -> Memo<K, V> {
        Memo { slots: Vec::new(), stamp: 1, len: 0, empty, key: PhantomData }
    }

    pub(super) fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.iter_mut().for_each(|s| s.stamp = 0);
            self.stamp = 1;
        }
        self.len = 0;
        if self.slots.is_empty() {
            self.slots = vec![Slot { key: 0, stamp: 0, value: self.empty }; 1 << 10];
        }
    }

    fn index(&self, key: u64) -> usize {
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 32) as usize & (self.slots.len() - 1)
    }

    pub(super) fn get(&self, key: K) -> Option<V> {
        let key = key.pack();
        let mut i = self.index(key);
        loop {
            let s = &self.slots[i];
            if s.stamp != self.stamp {
                return None;
            }
            if s.key == key {
                return Some(s.value);
            }
            i = (i + 1) & (self.slots.len() - 1);
        }
    }

    pub(super) fn insert(&mut self, key: K, value: V) {
        self.insert_packed(key.pack(), value);
    }

    fn insert_packed(&mut self, key: u64, value: V) {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mut i = self.index(key);
        loop {
            let stamp = self.stamp;
            let s = &mut self.slots[i];
            if s.stamp != stamp || s.key == key {
                if s.stamp != stamp {
                    self.len += 1;
                }
                *s = Slot { key, stamp, value };
                return;
            }
            i = (i + 1) & (self.slots.len() - 1);
        }
    }

    fn grow(&mut self) {
        let old = std::mem::take(&mut self.slots);
        let stamp = self.stamp;
        self.slots = vec![Slot { key: 0, stamp: 0, value: self.empty }; old.len() * 2];
        self.len = 0;
        for s in old.into_iter().filter(|s| s.stamp == stamp) {
            self.insert_packed(s.key, s.value);
        }
    }
}
