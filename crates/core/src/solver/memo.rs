//! The searches' memo: what was found for each state, in an open-addressing
//! table cleared in O(1), so one allocation serves many hands.

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
pub(super) struct Memo<V> {
    slots: Vec<Slot<V>>,
    stamp: u32,
    len: usize,
    empty: V,
}

pub(super) const EMPTY_CHOICE: Choice = Choice { step: Step::Dead, used: 0, wilds: 0 };

impl<V: Copy> Memo<V> {
    pub(super) fn new(empty: V) -> Memo<V> {
        Memo { slots: Vec::new(), stamp: 1, len: 0, empty }
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

    pub(super) fn get(&self, key: u64) -> Option<V> {
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

    pub(super) fn insert(&mut self, key: u64, value: V) {
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
            self.insert(s.key, s.value);
        }
    }
}

/// The memo key of a state of the search (exactness, step 4).
pub(super) fn key(mask: u32, w: u8, used_table: u8, own: bool) -> u64 {
    mask as u64 | (w as u64) << 20 | (used_table as u64) << 28 | (own as u64) << 36
}
