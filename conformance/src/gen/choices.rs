//! A recorded stream of choices, the memory generators' source of details (gen/lsc.rs,
//! gen/lsc_typed.rs), as a proptest strategy that shrinks (Hypothesis's choice sequence).
//!
//! A memory case makes dozens of dependent choices (data size, vector size, address type,
//! lane targets, surface, bytes), each shaping the next; one proptest strategy per choice
//! would not fit that shape. Instead [`choices`] draws one seed from proptest, and its value,
//! [`Choices`], is a sequence of u64 draws: the xorshift64* expansion of the seed (`| 1`),
//! which is exactly what the generators drew before they shrank, so the golden vectors are
//! unchanged. A generator reads the sequence through [`Draws`] (`draw`, `below`, `pick`,
//! `chance`, `bytes`: `below(n)` is a draw modulo `n`).
//!
//! The value tree records how many draws the case read, and shrinks those draws one at a
//! time, first to last, each by binary search towards 0 (proptest's `BinarySearch`): a draw of
//! 0 is the first element of a `pick`, 0 of a `below`, a `chance` taken, a zero byte. Draws
//! past the recorded ones continue the seed's expansion, so a simpler early choice that makes
//! the case read more draws still finds some. A failing memory case thus shrinks to one of
//! early choices and small numbers.
//!
//! ```
//! use proptest::strategy::{Strategy, ValueTree};
//! use proptest::test_runner::TestRunner;
//! use visa_conformance::gen::choices::choices;
//!
//! let mut runner = TestRunner::deterministic();
//! let mut tree = choices().new_tree(&mut runner).unwrap();
//! let first = tree.current().draws().below(100);
//! // Shrinking the first draw makes `below` smaller, down to 0.
//! while tree.simplify() {}
//! assert_eq!(tree.current().draws().below(100), 0);
//! assert!(first < 100);
//! ```

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use proptest::num::u64::BinarySearch;
use proptest::prelude::*;
use proptest::strategy::{NewTree, ValueTree};
use proptest::test_runner::TestRunner;

/// One step of xorshift64*: the new state and the draw it gives.
fn step(state: u64) -> (u64, u64) {
    let mut s = state;
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    (s, s.wrapping_mul(0x2545_f491_4f6c_dd1d))
}

/// A sequence of draws: `prefix` (the draws shrinking has fixed), then the seed's expansion
/// from `tail` on.
#[derive(Clone, Debug)]
pub struct Choices {
    prefix: Arc<[u64]>,
    /// The xorshift state after the expansion's first `prefix.len()` draws.
    tail: u64,
    /// The most draws a reader has read, shared with the value tree.
    used: Arc<AtomicUsize>,
}

impl Choices {
    /// The sequence of a seed, unshrunk: its xorshift64* expansion.
    pub fn from_seed(seed: u64) -> Choices {
        Choices {
            prefix: Arc::new([]),
            tail: seed | 1,
            used: Arc::new(AtomicUsize::new(0)),
        }
    }

    /// A reader from the first draw on.
    pub fn draws(&self) -> Draws {
        Draws {
            choices: self.clone(),
            at: 0,
            state: self.tail,
        }
    }
}

/// A reader of [`Choices`]: the generators' draws.
#[derive(Debug)]
pub struct Draws {
    choices: Choices,
    at: usize,
    state: u64,
}

impl Draws {
    /// The next draw.
    pub fn draw(&mut self) -> u64 {
        let v = match self.choices.prefix.get(self.at) {
            Some(&v) => v,
            None => {
                let (state, v) = step(self.state);
                self.state = state;
                v
            }
        };
        self.at += 1;
        self.choices.used.fetch_max(self.at, Ordering::Relaxed);
        v
    }

    /// A draw below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            0
        } else {
            self.draw() % n
        }
    }

    /// One of `xs`, which is not empty.
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }

    /// True one time in `one_in`.
    pub fn chance(&mut self, one_in: u64) -> bool {
        self.below(one_in) == 0
    }

    /// `n` bytes, one draw each.
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.draw() as u8).collect()
    }
}

/// The strategy of [`Choices`]: one seed drawn as `any::<u64>()` draws it.
#[derive(Clone, Copy, Debug)]
pub struct ChoicesStrategy;

/// Sequences of choices from a proptest-drawn seed.
pub fn choices() -> ChoicesStrategy {
    ChoicesStrategy
}

impl Strategy for ChoicesStrategy {
    type Tree = ChoicesTree;
    type Value = Choices;

    fn new_tree(&self, runner: &mut TestRunner) -> NewTree<Self> {
        let seed = any::<u64>().new_tree(runner)?.current();
        let start = Choices::from_seed(seed);
        Ok(ChoicesTree {
            draws: Vec::new(),
            tail: start.tail,
            used: start.used,
            index: 0,
        })
    }
}

/// The value tree of [`Choices`]: the draws read so far, each shrinking towards 0.
#[derive(Clone, Debug)]
pub struct ChoicesTree {
    /// The recorded draws.
    draws: Vec<BinarySearch>,
    /// The xorshift state after the recorded draws' original values.
    tail: u64,
    used: Arc<AtomicUsize>,
    /// The draw being shrunk.
    index: usize,
}

impl ChoicesTree {
    /// Records the draws the last case read past those recorded, with their original values
    /// (the value does not change).
    fn record(&mut self) {
        let used = self.used.load(Ordering::Relaxed);
        while self.draws.len() < used {
            let (state, v) = step(self.tail);
            self.tail = state;
            self.draws.push(BinarySearch::new(v));
        }
    }
}

impl ValueTree for ChoicesTree {
    type Value = Choices;

    fn current(&self) -> Choices {
        Choices {
            prefix: self.draws.iter().map(ValueTree::current).collect(),
            tail: self.tail,
            used: self.used.clone(),
        }
    }

    fn simplify(&mut self) -> bool {
        self.record();
        while let Some(draw) = self.draws.get_mut(self.index) {
            if draw.simplify() {
                return true;
            }
            self.index += 1;
        }
        false
    }

    fn complicate(&mut self) -> bool {
        self.draws
            .get_mut(self.index)
            .is_some_and(ValueTree::complicate)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The unshrunk sequence is the seed's xorshift64* expansion, as the generators drew it.
    #[test]
    fn the_first_value_is_the_seeds_expansion() {
        let mut state = 12345u64 | 1;
        let mut draws = Choices::from_seed(12345).draws();
        for _ in 0..100 {
            let (s, v) = step(state);
            state = s;
            assert_eq!(draws.draw(), v);
        }
    }

    /// Recording the draws read does not change the value; past them it goes on alike.
    #[test]
    fn recording_keeps_the_value() {
        let mut runner = TestRunner::deterministic();
        let mut tree = choices()
            .new_tree(&mut runner)
            .unwrap_or_else(|e| panic!("{e}"));
        let before: Vec<u64> = {
            let mut d = tree.current().draws();
            (0..10).map(|_| d.draw()).collect()
        };
        tree.record();
        let mut d = tree.current().draws();
        let after: Vec<u64> = (0..10).map(|_| d.draw()).collect();
        assert_eq!(before, after);
    }
}
