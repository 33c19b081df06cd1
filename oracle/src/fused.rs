//! The fused integer lane loop: load, compute, saturate or truncate, in one pass over the
//! lanes, for the common shapes of an integer ALU instruction.
//!
//! The general path of [`crate::plan`] runs an integer instruction as stages (a load and
//! decode per source, the operation, the encode, the store), each a call through a function
//! pointer and a loop over lane buffers of `i128`. For the shapes most instructions have, a
//! plan instead holds a [`FusedInt`]: every source is a register region in affine form (lane
//! k at `base + (k >> wlog) * vs + (k & wmask) * hs`, which covers contiguous, scalar and
//! every other general region of power-of-two width) or one value (an immediate, a scalar
//! region, `%null`), the destination a general region or `%null`, and one monomorphic
//! function per operation ([`run`], instantiated for a [`Lane`]) does the whole
//! instruction through one call. Which instructions take it is decided when the plan is
//! compiled ([`FusedInt::compile`]); the rest (indirect operands, vector immediates, the
//! errata loops that write other lanes than the pairs, operations that may fail, sources of
//! 64 bits) keep the general path. SAD2 and SAD2ADD have a pair-wise loop of their own
//! ([`run_pairs`]), and ADDC, SUBB, ADD3O and MADW a two-result loop ([`run_two`]). A DIV or
//! MOD run with a zero divisor in any lane writes nothing and takes the general path. On a
//! state holding undefined bytes, and for the pairs (whose second lanes become undefined),
//! the plan settles the undefined set after the fused store.

use visa_model::state::MachineState;
use visa_model::types::DataType;
use visa_model::VisaError;

use crate::kernel::{Modifier, Raw, LANES};
use crate::lane::{Lane, PairLane};
use crate::operand::{DstStore, SrcLoad};

type Result<T> = std::result::Result<T, VisaError>;

/// The fused loop of one operation (arguments: the plan, the state, the enabled lanes, lane
/// buffers for the sources). `Ok(false)`: the run needs the general path (a zero divisor)
/// and has written nothing.
pub type FusedFn = fn(&FusedInt, &mut MachineState, u32, &mut [Raw]) -> Result<bool>;

/// Where a source's lanes come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(u8)]
enum Kind {
    /// One value for every lane: `value` (an immediate or `%null`, decoded at compile time).
    #[default]
    Value,
    /// One register element for every lane, read once per run.
    Scalar,
    /// A register element per lane, in affine form.
    Region,
}

/// A source operand of a fused plan (40 bytes with its gather function).
#[derive(Clone, Copy, Debug)]
struct FusedSrc {
    /// The loop that reads this source's lanes, chosen for its kind, element size,
    /// signedness, layout and modifier when the plan is compiled: a run makes one call per
    /// source and no choice on its shape.
    gather: GatherFn,
    /// Lane k's element is at byte `base + (k >> wlog) * vs + (k & (2^wlog - 1)) * hs`.
    base: u32,
    vs: u32,
    hs: u32,
    /// The element bits of a [`Kind::Value`] source (a fused source has at most 32 bits).
    raw: u32,
    /// The type's mask under `~`, else 0.
    not: u32,
    kind: Kind,
    wlog: u8,
    size: u8,
    /// `64 - bits` of the type: the shift that sign-extends a signed element.
    sh: u8,
    signed: bool,
    abs: bool,
    neg: bool,
}

impl Default for FusedSrc {
    fn default() -> FusedSrc {
        FusedSrc {
            gather: gather_value,
            base: 0,
            vs: 0,
            hs: 0,
            raw: 0,
            not: 0,
            kind: Kind::Value,
            wlog: 0,
            size: 0,
            sh: 0,
            signed: false,
            abs: false,
            neg: false,
        }
    }
}

impl FusedSrc {
    /// The exact value of raw element bits (zero-extended), modifier applied, for an element
    /// of at most 32 bits, whose value with any modifier fits an `i64` exactly.
    #[inline(always)]
    fn decode_narrow(&self, raw: u64) -> i128 {
        let raw = raw ^ u64::from(self.not);
        let v = if self.signed {
            ((raw << self.sh) as i64) >> self.sh
        } else {
            raw as i64
        };
        let v = if self.abs { v.abs() } else { v };
        i128::from(if self.neg { -v } else { v })
    }

    /// The source of a compiled load of `n` lanes of `ty` with modifier `m`, if it has a
    /// fused form.
    fn compile(load: &SrcLoad, ty: DataType, m: Modifier, n: usize) -> Option<FusedSrc> {
        if !ty.is_integer() || ty.size() > 4 {
            return None;
        }
        let size = ty.size();
        let bits = 8 * size as u32;
        let mask = u64::MAX >> (64 - bits);
        let mut s = FusedSrc {
            size: size as u8,
            signed: ty.is_signed_integer(),
            sh: (64 - bits) as u8,
            not: if m == Modifier::Not { mask as u32 } else { 0 },
            abs: matches!(m, Modifier::Abs | Modifier::NegAbs),
            neg: matches!(m, Modifier::Neg | Modifier::NegAbs),
            ..FusedSrc::default()
        };
        match load {
            SrcLoad::Const { lanes } => {
                let first = lanes[0];
                if lanes[..n].iter().any(|l| *l != first) || first & !mask != 0 {
                    return None;
                }
                s.kind = Kind::Value;
                s.raw = u32::try_from(first).ok()?;
            }
            SrcLoad::Splat { bits } => {
                if bits & !mask != 0 {
                    return None;
                }
                s.kind = Kind::Value;
                s.raw = u32::try_from(*bits).ok()?;
            }
            SrcLoad::Contig { base } => {
                s.kind = Kind::Region;
                s.base = u32::try_from(*base).ok()?;
                s.vs = size as u32;
            }
            SrcLoad::Scalar { at } => {
                s.kind = Kind::Scalar;
                s.base = u32::try_from(*at).ok()?;
            }
            SrcLoad::Region(r) => {
                // Lane k = (k >> wlog, k & (width - 1)) when the width is a power of two; a
                // region one row wide needs no row stride.
                let width = (r.width as usize).min(n.max(1));
                if !width.is_power_of_two() {
                    return None;
                }
                s.kind = Kind::Region;
                s.base = r.base;
                s.wlog = width.trailing_zeros() as u8;
                s.vs = if n > width { r.vs } else { 0 };
                s.hs = if width > 1 { r.hs } else { 0 };
            }
            _ => return None,
        }
        s.gather = s.gather_fn(n);
        Some(s)
    }

    /// Whether lanes `0..n` of a region source are consecutive elements.
    fn contiguous(&self, n: usize) -> bool {
        let size = u32::from(self.size);
        let width = 1usize << self.wlog;
        if self.wlog == 0 {
            n == 1 || self.vs == size
        } else {
            self.hs == size && (n <= width || self.vs as usize == width * size as usize)
        }
    }

    /// The gather loop for this source's shape.
    fn gather_fn(&self, n: usize) -> GatherFn {
        macro_rules! region {
            ($contig:literal) => {
                match (
                    self.size,
                    self.signed,
                    self.abs || self.neg || self.not != 0,
                ) {
                    (1, false, false) => gather_region::<1, false, false, $contig>,
                    (1, false, true) => gather_region::<1, false, true, $contig>,
                    (1, true, false) => gather_region::<1, true, false, $contig>,
                    (1, true, true) => gather_region::<1, true, true, $contig>,
                    (2, false, false) => gather_region::<2, false, false, $contig>,
                    (2, false, true) => gather_region::<2, false, true, $contig>,
                    (2, true, false) => gather_region::<2, true, false, $contig>,
                    (2, true, true) => gather_region::<2, true, true, $contig>,
                    (_, false, false) => gather_region::<4, false, false, $contig>,
                    (_, false, true) => gather_region::<4, false, true, $contig>,
                    (_, true, false) => gather_region::<4, true, false, $contig>,
                    (_, true, true) => gather_region::<4, true, true, $contig>,
                }
            };
        }
        match self.kind {
            Kind::Value => gather_value,
            Kind::Scalar => match self.size {
                1 => gather_scalar::<1>,
                2 => gather_scalar::<2>,
                _ => gather_scalar::<4>,
            },
            Kind::Region if self.contiguous(n) => region!(true),
            Kind::Region => region!(false),
        }
    }
}

/// Reads the element of `size` bytes at byte `o`, zero-extended. A fused plan runs only on
/// a register file that holds its extent (`InsnPlan::exec` checks it first), so the reads
/// are in range; an element out of range would read as 0.
#[inline(always)]
fn read(grf: &[u8], o: usize, size: u8) -> u64 {
    match size {
        1 => grf.get(o).map_or(0, |b| u64::from(*b)),
        2 => grf
            .get(o..o + 2)
            .and_then(|b| b.try_into().ok())
            .map_or(0, |b| u64::from(u16::from_le_bytes(b))),
        4 => grf
            .get(o..o + 4)
            .and_then(|b| b.try_into().ok())
            .map_or(0, |b| u64::from(u32::from_le_bytes(b))),
        _ => grf
            .get(o..o + 8)
            .and_then(|b| b.try_into().ok())
            .map_or(0, u64::from_le_bytes),
    }
}

/// An integer instruction in fused form (248 bytes on a 64-bit target, held to that below),
/// the fields in the order a run reads them.
#[derive(Clone, Debug)]
#[repr(C)]
pub struct FusedInt {
    run: FusedFn,
    /// The destination's lane k is at `dst + k * dst_hs`; `None`: `%null`.
    dst: Option<u32>,
    dst_hs: u32,
    n: u8,
    dst_size: u8,
    sat: bool,
    /// Every source has at most 32 bits: its value, modifier applied, fits an `i64`.
    narrow: bool,
    /// The destination type's range (`.sat`) and mask.
    min: i64,
    max: u64,
    mask: u64,
    /// The sources in order: an operation of fewer reads only the first lines.
    srcs: [FusedSrc; 4],
    /// The second result of a two-result instruction ([`run_two`]).
    second: Option<FusedSecond>,
}

// The size the plan's layout is laid out for (docs/alu.md, "The oracle's ALU path").
#[cfg(target_pointer_width = "64")]
const _: () = assert!(std::mem::size_of::<FusedInt>() == 248);

/// Where the second result of ADDC, SUBB, ADD3O or MADW goes, encoded into its type (its
/// range under `.sat`, its mask).
#[derive(Clone, Copy, Debug)]
struct FusedSecond {
    to: SecondTo,
    min: i64,
    max: u64,
    mask: u64,
}

#[derive(Clone, Copy, Debug)]
enum SecondTo {
    /// Lane k's element (`size` bytes) is at `base + k * hs`.
    Grf { base: u32, hs: u32, size: u8 },
    /// Lane k sets bit `offset + k` of predicate `var` (ADD3O's overflow bits).
    Pred { var: u32, offset: u32 },
}

/// A source of the general plan, as [`FusedInt::compile`] takes it.
pub struct SrcIn<'a> {
    pub load: &'a SrcLoad,
    pub ty: DataType,
    pub modifier: Modifier,
}

impl FusedInt {
    /// The fused form of an instruction of `n` lanes running `run` on `srcs` into `dst` of
    /// type `dst_ty`, if every operand has one.
    pub fn compile(
        run: FusedFn,
        n: usize,
        srcs: &[SrcIn],
        dst: &DstStore,
        dst_ty: DataType,
        sat: bool,
    ) -> Option<FusedInt> {
        if n == 0 || n > LANES || srcs.len() > 4 || !dst_ty.is_integer() {
            return None;
        }
        // 64-bit sources are rare: they keep the general path.
        if srcs.iter().any(|s| s.ty.size() > 4) {
            return None;
        }
        let mut fs = [FusedSrc::default(); 4];
        for (f, s) in fs.iter_mut().zip(srcs) {
            *f = FusedSrc::compile(s.load, s.ty, s.modifier, n)?;
        }
        let size = dst_ty.size();
        let (dst, dst_hs) = match dst {
            DstStore::Discard => (None, 0),
            DstStore::Contig { base } => (Some(u32::try_from(*base).ok()?), size as u32),
            DstStore::Table { offs } => {
                let (base, hs) = affine(&offs[..n])?;
                (Some(base), hs)
            }
            _ => return None,
        };
        let (min, max, mask) = bounds(dst_ty);
        Some(FusedInt {
            run,
            n: u8::try_from(n).ok()?,
            srcs: fs,
            dst,
            dst_hs,
            dst_size: size as u8,
            sat,
            narrow: srcs.iter().all(|s| s.ty.size() <= 4),
            min,
            max,
            mask,
            second: None,
        })
    }

    /// The plan with a second result encoded into `ty` and written, `size` bytes per lane,
    /// to `store` (a general region or a predicate), if it has a fused form.
    pub fn with_second(mut self, store: &DstStore, ty: DataType, size: usize) -> Option<Self> {
        if !ty.is_integer() {
            return None;
        }
        let n = usize::from(self.n);
        let to = match store {
            DstStore::Contig { base } => SecondTo::Grf {
                base: u32::try_from(*base).ok()?,
                hs: u32::try_from(size).ok()?,
                size: u8::try_from(size).ok()?,
            },
            DstStore::Table { offs } => {
                let (base, hs) = affine(&offs[..n])?;
                SecondTo::Grf {
                    base,
                    hs,
                    size: u8::try_from(size).ok()?,
                }
            }
            DstStore::Predicate { var, offset } => SecondTo::Pred {
                var: u32::try_from(*var).ok()?,
                offset: *offset,
            },
            _ => return None,
        };
        if !matches!(size, 1 | 2 | 4 | 8) {
            return None;
        }
        let (min, max, mask) = bounds(ty);
        self.second = Some(FusedSecond { to, min, max, mask });
        Some(self)
    }

    /// Runs the instruction on `state` with the enabled lanes `en` (`Ok(false)`: not run,
    /// the general path must).
    #[inline(always)]
    pub fn exec(&self, state: &mut MachineState, en: u32, raw: &mut [Raw]) -> Result<bool> {
        (self.run)(self, state, en, raw)
    }

    #[inline(always)]
    fn encode<const SAT: bool>(&self, v: i128) -> u64 {
        let v = if SAT {
            v.clamp(i128::from(self.min), i128::from(self.max))
        } else {
            v
        };
        (v as u64) & self.mask
    }
}

/// The range (the bounds of `.sat`) and the mask of an integer type.
fn bounds(ty: DataType) -> (i64, u64, u64) {
    let bits = 8 * ty.size() as u32;
    let mask = u64::MAX >> (64 - bits);
    if ty.is_signed_integer() {
        (i64::MIN >> (64 - bits), u64::MAX >> (65 - bits), mask)
    } else {
        (0, mask, mask)
    }
}

/// Lanes `0..n` of a source into `out` as the exact values, modifier applied, in `i64`
/// bits (a fused source has at most 32 bits). One instance per shape ([`FusedSrc::gather_fn`]),
/// out of line and shared by every fused loop (inlined, each operation's loop carried its
/// own copies and a case's first run missed in the instruction cache).
type GatherFn = fn(&FusedSrc, &[u8], usize, &mut Raw);

/// An immediate or `%null`: one value in every lane.
#[inline(never)]
fn gather_value(s: &FusedSrc, _: &[u8], n: usize, out: &mut Raw) {
    out[..n.min(LANES)].fill(s.decode_narrow(u64::from(s.raw)) as u64);
}

/// A scalar region of `S`-byte elements: one element read once, in every lane.
#[inline(never)]
fn gather_scalar<const S: usize>(s: &FusedSrc, grf: &[u8], n: usize, out: &mut Raw) {
    let raw = read(grf, s.base as usize, S as u8);
    out[..n.min(LANES)].fill(s.decode_narrow(raw) as u64);
}

/// An element of `S` bytes zero- or (`SIGNED`) sign-extended, then (`MOD`) the source's
/// modifier applied: `~` complements the bits before the decode, the same as complementing
/// the extended value's low bits (all of them for a signed type).
#[inline(always)]
fn element<const S: usize, const SIGNED: bool, const MOD: bool>(
    not: u64,
    s: &FusedSrc,
    raw: u64,
) -> u64 {
    let v = if SIGNED {
        let sh = 64 - 8 * S as u32;
        (((raw << sh) as i64) >> sh) as u64
    } else {
        raw
    };
    if !MOD {
        return v;
    }
    let x = (v ^ not) as i64;
    let x = if s.abs { x.abs() } else { x };
    (if s.neg { -x } else { x }) as u64
}

/// The bits `element` complements under `~`.
#[inline(always)]
fn not_bits<const SIGNED: bool>(s: &FusedSrc) -> u64 {
    match (s.not, SIGNED) {
        (0, _) => 0,
        (_, true) => u64::MAX,
        (m, false) => u64::from(m),
    }
}

/// A region: its lanes are consecutive elements (`CONTIG`), or any other affine form, walked
/// row by row.
#[inline(never)]
fn gather_region<const S: usize, const SIGNED: bool, const MOD: bool, const CONTIG: bool>(
    s: &FusedSrc,
    grf: &[u8],
    n: usize,
    out: &mut Raw,
) {
    let out = &mut out[..n.min(LANES)];
    let not = not_bits::<SIGNED>(s);
    let base = s.base as usize;
    if CONTIG {
        if let Some(bytes) = grf.get(base..base + out.len() * S) {
            for (chunk, o) in bytes.chunks_exact(S).zip(out.iter_mut()) {
                *o = element::<S, SIGNED, MOD>(not, s, from_le::<S>(chunk));
            }
        }
        return;
    }
    let mut row = base;
    for r in out.chunks_mut(1usize << s.wlog) {
        let mut o = row;
        for v in r.iter_mut() {
            *v = element::<S, SIGNED, MOD>(not, s, read(grf, o, S as u8));
            o += s.hs as usize;
        }
        row += s.vs as usize;
    }
}

#[inline(always)]
fn from_le<const S: usize>(b: &[u8]) -> u64 {
    match S {
        1 => b.first().map_or(0, |b| u64::from(*b)),
        2 => b.try_into().map_or(0, |b| u64::from(u16::from_le_bytes(b))),
        4 => b.try_into().map_or(0, |b| u64::from(u32::from_le_bytes(b))),
        _ => b.try_into().map_or(0, u64::from_le_bytes),
    }
}

#[inline(always)]
fn to_le<const S: usize>(b: &mut [u8], v: u64) {
    match S {
        1 => b.copy_from_slice(&[v as u8]),
        2 => b.copy_from_slice(&(v as u16).to_le_bytes()),
        4 => b.copy_from_slice(&(v as u32).to_le_bytes()),
        _ => b.copy_from_slice(&v.to_le_bytes()),
    }
}

fn out_of_range(o: usize) -> VisaError {
    VisaError::model_bug(format!("fused store at byte {o} out of range"))
}

/// Stores the enabled lanes (`en`) of `vals` at the plan's destination, if it has one.
#[inline(always)]
fn store_first(p: &FusedInt, grf: &mut [u8], en: u32, vals: &[u64]) -> Result<()> {
    let Some(base) = p.dst else {
        return Ok(());
    };
    store(p.dst_size, p.dst_hs, base as usize, grf, en, vals)
}

/// Stores the enabled lanes (`en`) of `vals`, `size` bytes each, at `base + k * hs`. Out of
/// line, shared by every fused loop (as the gathers are).
#[inline(never)]
fn store(size: u8, hs: u32, base: usize, grf: &mut [u8], en: u32, vals: &[u64]) -> Result<()> {
    match size {
        1 => scatter::<1>(hs, base, grf, en, vals),
        2 => scatter::<2>(hs, base, grf, en, vals),
        4 => scatter::<4>(hs, base, grf, en, vals),
        _ => scatter::<8>(hs, base, grf, en, vals),
    }
}

/// Stores the enabled lanes (`en`) of `vals` at the destination: whole when every lane is
/// enabled and the lanes are contiguous, else each lane blended with its old bytes.
#[inline(always)]
fn scatter<const S: usize>(
    hs: u32,
    base: usize,
    grf: &mut [u8],
    en: u32,
    vals: &[u64],
) -> Result<()> {
    let n = vals.len();
    let all = if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
    let hs = hs as usize;
    if hs == S && en & all == all {
        let bytes = grf
            .get_mut(base..base + n * S)
            .ok_or_else(|| out_of_range(base))?;
        for (chunk, v) in bytes.chunks_exact_mut(S).zip(vals) {
            to_le::<S>(chunk, *v);
        }
        return Ok(());
    }
    // The lanes of a destination never overlap: a disabled lane writes its own bytes back.
    let mut o = base;
    for (k, v) in vals.iter().enumerate() {
        let chunk = grf.get_mut(o..o + S).ok_or_else(|| out_of_range(o))?;
        let keep = (u64::from((en >> k) & 1)).wrapping_sub(1);
        to_le::<S>(chunk, (from_le::<S>(chunk) & keep) | (*v & !keep));
        o += hs;
    }
    Ok(())
}

/// The fused loop of the lane operation `L`: the sources' lanes gathered into `raw` (all
/// sources of all lanes are read before anything is written), each lane computed and encoded
/// in place, then the enabled lanes stored.
pub fn run<L: Lane>(
    p: &FusedInt,
    state: &mut MachineState,
    en: u32,
    raw: &mut [Raw],
) -> Result<bool> {
    // Plans with a source of 64 bits keep the general path (`FusedInt::compile`): one
    // instance per operation keeps the code small.
    if p.narrow {
        run_as::<L>(p, state, en, raw)
    } else {
        Err(VisaError::model_bug("a fused plan with a 64-bit source"))
    }
}

#[inline(always)]
fn run_as<L: Lane>(
    p: &FusedInt,
    state: &mut MachineState,
    en: u32,
    raw: &mut [Raw],
) -> Result<bool> {
    let n = usize::from(p.n).min(LANES);
    let (first, rest) = raw
        .split_first_mut()
        .ok_or_else(|| VisaError::model_bug("a fused loop without lane buffers"))?;
    let grf = &state.grf[..];
    let [s0, s1, s2, s3] = &p.srcs;
    (s0.gather)(s0, grf, n, first);
    let mut others: [&Raw; 3] = [&EMPTY; 3];
    for ((s, r), o) in [s1, s2, s3]
        .into_iter()
        .zip(rest.iter_mut())
        .zip(others.iter_mut())
        .take(L::SRCS.saturating_sub(1))
    {
        (s.gather)(s, grf, n, r);
        *o = r;
    }
    // A zero divisor in any lane, enabled or not (a lane's value is zero exactly when its
    // bits are): the general path marks the lane undefined or reports it.
    if L::NONZERO_SRC1 && others[0][..n].contains(&0) {
        return Ok(false);
    }
    if p.sat {
        lanes::<L, true>(p, n, first, others);
    } else {
        lanes::<L, false>(p, n, first, others);
    }
    store_first(p, &mut state.grf, en, &first[..n])?;
    Ok(true)
}

/// Lanes of no source.
static EMPTY: Raw = [0; LANES];

/// The fused loop of a two-result operation `P` (ADDC, SUBB, ADD3O, MADW): both results of
/// every lane computed from the gathered sources, the first stored as [`run`] stores it, then
/// the second (after the first, as the general path writes them).
pub fn run_two<P: PairLane>(
    p: &FusedInt,
    state: &mut MachineState,
    en: u32,
    raw: &mut [Raw],
) -> Result<bool> {
    let Some(second) = p.second else {
        return Err(VisaError::model_bug(
            "a two-result fused plan without its second result",
        ));
    };
    let n = usize::from(p.n).min(LANES);
    let (a, b, c) = match raw {
        [a, b, c, ..] => (a, b, Some(c)),
        [a, b] if P::SRCS == 2 => (a, b, None),
        _ => {
            return Err(VisaError::model_bug(
                "a two-result loop without its lane buffers",
            ))
        }
    };
    let grf = &state.grf[..];
    let [s0, s1, s2, _] = &p.srcs;
    (s0.gather)(s0, grf, n, a);
    (s1.gather)(s1, grf, n, b);
    let c: &Raw = match c {
        Some(c) if P::SRCS > 2 => {
            (s2.gather)(s2, grf, n, c);
            c
        }
        _ => &EMPTY,
    };
    let mut hi: Raw = [0; LANES];
    let enc2 = |v: i128| {
        let v = if p.sat {
            v.clamp(i128::from(second.min), i128::from(second.max))
        } else {
            v
        };
        (v as u64) & second.mask
    };
    for k in 0..n {
        let (x, y) = P::f(
            i128::from(a[k] as i64),
            i128::from(b[k] as i64),
            i128::from(c[k] as i64),
        );
        a[k] = if p.sat {
            p.encode::<true>(x)
        } else {
            p.encode::<false>(x)
        };
        hi[k] = enc2(y);
    }
    store_first(p, &mut state.grf, en, &a[..n])?;
    match second.to {
        SecondTo::Grf { base, hs, size } => {
            store(size, hs, base as usize, &mut state.grf, en, &hi[..n])?;
        }
        SecondTo::Pred { var, offset } => {
            let bits = state
                .preds
                .get_mut(var as usize)
                .ok_or_else(|| VisaError::model_bug("predicate variable missing from the state"))?;
            for (k, v) in hi[..n].iter().enumerate() {
                let bit = offset as usize + k;
                if (en >> k) & 1 == 1 && bit < 32 {
                    *bits = (*bits & !(1 << bit)) | (((*v & 1) as u32) << bit);
                }
            }
        }
    }
    Ok(true)
}

/// Even lanes.
const EVEN: u32 = 0x5555_5555;

/// The fused loop of SAD2 (`ADD` false) and SAD2ADD (`ADD`, src2 added) over pairs
/// (instructions/SAD2.md, SAD2ADD.md, the loop stepping by 2): an enabled even lane i
/// stores `|a[i] - b[i]| + |a[i+1] - b[i+1]| (+ c[i])`; the odd lanes are not stored here
/// (the plan marks the lane after each stored one undefined).
pub fn run_pairs<const ADD: bool>(
    p: &FusedInt,
    state: &mut MachineState,
    en: u32,
    raw: &mut [Raw],
) -> Result<bool> {
    let n = usize::from(p.n).min(LANES);
    let (a, b, c) = match raw {
        [a, b, c, ..] => (a, b, Some(c)),
        [a, b] if !ADD => (a, b, None),
        _ => return Err(VisaError::model_bug("a pair loop without its lane buffers")),
    };
    let grf = &state.grf[..];
    let [s0, s1, s2, _] = &p.srcs;
    (s0.gather)(s0, grf, n, a);
    (s1.gather)(s1, grf, n, b);
    let c: &Raw = match c {
        Some(c) if ADD => {
            (s2.gather)(s2, grf, n, c);
            c
        }
        _ => &EMPTY,
    };
    let d = |x: u64, y: u64| ((x as i64) - (y as i64)).unsigned_abs();
    for i in (0..n.saturating_sub(1)).step_by(2) {
        let mut v = i128::from(d(a[i], b[i]) + d(a[i + 1], b[i + 1]));
        if ADD {
            v += i128::from(c[i] as i64);
        }
        a[i] = if p.sat {
            p.encode::<true>(v)
        } else {
            p.encode::<false>(v)
        };
    }
    store_first(p, &mut state.grf, en & EVEN, &a[..n])?;
    Ok(true)
}

/// Lanes `0..n` computed from the gathered sources (`r0` and the rest: exact values as
/// `i64` bits), the encoded results left in `r0`.
#[inline(always)]
fn lanes<L: Lane, const SAT: bool>(p: &FusedInt, n: usize, r0: &mut Raw, [r1, r2, r3]: [&Raw; 3]) {
    let dec = |raw: u64| i128::from(raw as i64);
    for k in 0..n.min(LANES) {
        let a = dec(r0[k]);
        let b = if L::SRCS > 1 { dec(r1[k]) } else { 0 };
        let c = if L::SRCS > 2 { dec(r2[k]) } else { 0 };
        let d = if L::SRCS > 3 { dec(r3[k]) } else { 0 };
        r0[k] = p.encode::<SAT>(L::f(a, b, c, d));
    }
}

/// The first offset and the stride of a destination's lane offsets, if they are evenly spaced
/// (a lone lane has stride 0).
fn affine(offs: &[u32]) -> Option<(u32, u32)> {
    let base = *offs.first()?;
    let hs = match offs.get(1) {
        Some(next) => next.checked_sub(base)?,
        None => 0,
    };
    let even = offs
        .iter()
        .enumerate()
        .all(|(k, o)| u64::from(base) + k as u64 * u64::from(hs) == u64::from(*o));
    even.then_some((base, hs))
}
