//! The memory instructions in the oracle: one plan per family, compiled once with register
//! offsets and address arithmetic decided, chosen by [`dispatch`]:
//! - [`lsc`]: LSC_UNTYPED's loads, stores (plain, strided, quad) and atomics, and LSC_TYPED's
//!   atomics and uncompressed store;
//! - [`block2d`]: LSC_UNTYPED's block 2D load and store; [`typed2d`]: LSC_TYPED's;
//! - [`typed`]: LSC_TYPED's quad load and store; [`status`]: LOAD_STATUS; [`apndctr`]: the
//!   append-counter atomics;
//! - [`svm`]: the SVM gathers, scatters, block accesses and atomics;
//! - [`dataport`]: the legacy dataport's untyped messages; [`dataport_typed`]: its typed
//!   messages GATHER4_TYPED, SCATTER4_TYPED and TYPED_ATOMIC; [`media`]: its media block
//!   messages MEDIA_LD and MEDIA_ST; [`place`]: where their raw operands lie in the register
//!   file.
//!
//! They share [`page`] (reads through a cached page, fixed-size moves), [`flags`] (the
//! undefined flags a load gives register bytes), [`small`] (in-place buffers), [`store`] (the
//! store engine: an instruction's stores applied under the memory model's rule) and
//! [`enable`] (ChEn).

pub(crate) mod apndctr;
pub(crate) mod block2d;
pub(crate) mod dataport;
pub(crate) mod dataport_typed;
pub(crate) mod dispatch;
pub(crate) mod enable;
pub(crate) mod flags;
pub(crate) mod lsc;
pub(crate) mod media;
pub(crate) mod page;
pub(crate) mod place;
pub(crate) mod sampler;
pub(crate) mod small;
pub(crate) mod status;
pub(crate) mod store;
pub(crate) mod svm;
pub(crate) mod typed;
pub(crate) mod typed2d;

pub(crate) use dispatch::MemPlan;

#[cfg(test)]
pub(crate) mod tests {
    /// A xorshift64 stream: `next(n)` is below `n`.
    pub(crate) fn xorshift(mut seed: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        }
    }
}
