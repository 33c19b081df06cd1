//! Operands resolved to byte offsets of the register file (5_operands.md, "Region-based
//! Addressing" and "Region Interpretation for Indirect Operands"), and the lane loops that
//! gather source elements and scatter destination elements.
//!
//! General operands are resolved when the plan is compiled (a contiguous base or a table of
//! byte offsets); indirect operands keep their relative offsets and are resolved against the
//! address variable at execution time, every lane checked.

use visa_model::state::MachineState;
use visa_model::types::DataType;
use visa_model::VisaError;

use crate::kernel::{IntTy, Ints, Modifier, Raw, LANES};

type Result<T> = std::result::Result<T, VisaError>;

/// Where the lanes of a source come from.
#[derive(Clone, Debug)]
pub enum SrcLoad {
    /// Lane n is the element at byte `base + n * size`.
    Contig { base: usize },
    /// Every lane is the element at byte `at` (a scalar region such as `<0;1,0>`).
    Scalar { at: usize },
    /// A region's lanes, computed when the plan runs (16 bytes, no table to fetch).
    Region(Region),
    /// The same fixed bits in every lane: a scalar immediate, a read of `%null`.
    Splat { bits: u64 },
    /// Fixed lane bits: packed vector immediates expanded.
    Const { lanes: Box<Raw> },
    /// The value of a predicate variable as an unsigned integer.
    Pred { var: usize, num_elts: u32 },
    /// Single-address indirect: lane n at `A(k) + imm + rel[n]`.
    Indirect(Box<Indirect>),
    /// Multi-address indirect: row i's origin is `A(k + i) + imm`, lane (i, j) is at
    /// origin + j * hs_bytes.
    IndirectMulti {
        at: Box<Indirect>,
        width: usize,
        hs_bytes: i64,
    },
    /// Lane n is element `first + n` of `MachineState::addrs` (an address variable's,
    /// ADDR_ADD's src0).
    Addr { first: usize },
    /// Lane n is element `first + n` of `MachineState::handles` (a surface or sampler
    /// variable's, MOVS).
    Handle { first: usize },
}

/// Lane `i * width + j` of a register region is the element at byte `base + i * vs + j * hs`
/// (5_operands.md, "Region-based Addressing": strides in bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Region {
    pub base: u32,
    pub vs: u32,
    pub hs: u32,
    pub width: u32,
}

impl Region {
    /// Calls `f(k, byte)` for lanes `k = 0..n` in order, row by row (no division per lane).
    #[inline(always)]
    fn each(&self, n: usize, mut f: impl FnMut(usize, usize) -> Result<()>) -> Result<()> {
        let w = (self.width as usize).max(1);
        let (vs, hs) = (self.vs as usize, self.hs as usize);
        if w.is_power_of_two() {
            // Every width the documents allow (1, 2, 4, 8, 16): one flat loop.
            let (sh, mask) = (w.trailing_zeros(), w - 1);
            let base = self.base as usize;
            for k in 0..n {
                f(k, base + (k >> sh) * vs + (k & mask) * hs)?;
            }
            return Ok(());
        }
        let mut row = self.base as usize;
        let mut k = 0;
        while k < n {
            let mut o = row;
            for _ in 0..w.min(n - k) {
                f(k, o)?;
                o += hs;
                k += 1;
            }
            row += vs;
        }
        Ok(())
    }
}

fn gather_region<const S: usize>(grf: &[u8], r: &Region, n: usize, out: &mut Raw) -> Result<()> {
    r.each(n.min(LANES), |k, o| {
        let v = read::<S>(grf, o).ok_or_else(|| out_of_range(o))?;
        if let Some(slot) = out.get_mut(k) {
            *slot = v;
        }
        Ok(())
    })
}

/// An address-variable element and the byte offsets taken from it.
#[derive(Clone, Debug)]
pub struct Indirect {
    /// Index of the address variable's first element in `MachineState::addrs`.
    pub addr: usize,
    pub addr_sub: u32,
    /// Elements of the address variable.
    pub num_elts: u32,
    pub imm: i32,
    /// Byte offset of lane n from the origin (single-address forms).
    pub rel: [i64; LANES],
}

/// Where the lanes of a destination go.
#[derive(Clone, Debug)]
pub enum DstStore {
    /// `%null`: writes are dropped.
    Discard,
    Contig {
        base: usize,
    },
    Table {
        offs: [u32; LANES],
    },
    Indirect(Box<Indirect>),
    /// Lane n writes element `first + n` of `MachineState::addrs` (an address variable's,
    /// ADDR_ADD), as 16 bits.
    Addr {
        first: usize,
    },
    /// Lane n writes element `first + n` of `MachineState::handles` (a surface or sampler
    /// variable's, MOVS), as 32 bits.
    Handle {
        first: usize,
    },
    /// A predicate variable (CMP, SETP): lane k sets bit `offset + k` of `preds[var]`.
    Predicate {
        var: usize,
        offset: u32,
    },
}

/// Elements `first .. first + n` of an element vector of the state (`addrs`, `handles`).
fn elements<T>(all: &[T], first: usize, n: usize) -> Result<&[T]> {
    all.get(first..first + n).ok_or_else(|| {
        VisaError::model_bug(format!(
            "elements {first}..{} missing from the state",
            first + n
        ))
    })
}

fn elements_mut<T>(all: &mut [T], first: usize, n: usize) -> Result<&mut [T]> {
    all.get_mut(first..first + n).ok_or_else(|| {
        VisaError::model_bug(format!(
            "elements {first}..{} missing from the state",
            first + n
        ))
    })
}

/// Reads the element of `S` bytes at byte `o`, zero-extended.
#[inline(always)]
fn read<const S: usize>(grf: &[u8], o: usize) -> Option<u64> {
    let bytes = grf.get(o..o.checked_add(S)?)?;
    Some(from_bytes::<S>(bytes))
}

/// The little-endian value of an element's `S` bytes (`bytes` holds exactly `S`).
#[inline(always)]
fn from_bytes<const S: usize>(bytes: &[u8]) -> u64 {
    match S {
        1 => bytes.first().map_or(0, |b| u64::from(*b)),
        2 => bytes
            .try_into()
            .map_or(0, |b| u64::from(u16::from_le_bytes(b))),
        4 => bytes
            .try_into()
            .map_or(0, |b| u64::from(u32::from_le_bytes(b))),
        _ => bytes.try_into().map_or(0, u64::from_le_bytes),
    }
}

/// Writes the low `S` bytes of `v` into `bytes` (exactly `S` long).
#[inline(always)]
fn to_bytes<const S: usize>(bytes: &mut [u8], v: u64) {
    match S {
        1 => {
            if let Some(b) = bytes.first_mut() {
                *b = v as u8;
            }
        }
        2 => bytes.copy_from_slice(&(v as u16).to_le_bytes()),
        4 => bytes.copy_from_slice(&(v as u32).to_le_bytes()),
        _ => bytes.copy_from_slice(&v.to_le_bytes()),
    }
}

#[inline(always)]
fn write<const S: usize>(grf: &mut [u8], o: usize, v: u64) -> Option<()> {
    let dst = grf.get_mut(o..o.checked_add(S)?)?;
    to_bytes::<S>(dst, v);
    Some(())
}

fn out_of_range(o: usize) -> VisaError {
    VisaError::model_bug(format!(
        "operand element at byte {o} lies outside the register file"
    ))
}

fn read_one<const S: usize>(grf: &[u8], o: usize) -> Result<u64> {
    read::<S>(grf, o).ok_or_else(|| out_of_range(o))
}

fn gather_contig<const S: usize>(grf: &[u8], base: usize, n: usize, out: &mut Raw) -> Result<()> {
    let end = base.checked_add(n * S).ok_or_else(|| out_of_range(base))?;
    let bytes = grf.get(base..end).ok_or_else(|| out_of_range(base))?;
    for (chunk, o) in bytes.chunks_exact(S).zip(out.iter_mut()) {
        *o = from_bytes::<S>(chunk);
    }
    Ok(())
}

/// A byte offset stored in a table (`u32` at compile time, `usize` when resolved late).
trait Off: Copy {
    fn at(self) -> usize;
}
impl Off for u32 {
    #[inline(always)]
    fn at(self) -> usize {
        self as usize
    }
}
impl Off for usize {
    #[inline(always)]
    fn at(self) -> usize {
        self
    }
}

fn gather_offs<const S: usize, T: Off>(grf: &[u8], offs: &[T], out: &mut Raw) -> Result<()> {
    for (o, v) in offs.iter().zip(out.iter_mut()) {
        let o = o.at();
        *v = read::<S>(grf, o).ok_or_else(|| out_of_range(o))?;
    }
    Ok(())
}

macro_rules! by_size {
    ($size:expr, $f:ident, ($($arg:expr),*)) => {
        match $size {
            1 => $f::<1>($($arg),*),
            2 => $f::<2>($($arg),*),
            4 => $f::<4>($($arg),*),
            8 => $f::<8>($($arg),*),
            s => Err(VisaError::model_bug(format!("element size {s} is not 1, 2, 4 or 8"))),
        }
    };
    ($size:expr, $f:ident :: <_, $t:ty>, ($($arg:expr),*)) => {
        match $size {
            1 => $f::<1, $t>($($arg),*),
            2 => $f::<2, $t>($($arg),*),
            4 => $f::<4, $t>($($arg),*),
            8 => $f::<8, $t>($($arg),*),
            s => Err(VisaError::model_bug(format!("element size {s} is not 1, 2, 4 or 8"))),
        }
    };
}

impl Indirect {
    fn address(&self, state: &MachineState, sub: u32) -> Result<i64> {
        if sub >= self.num_elts {
            return Err(VisaError::undefined(format!(
                "indirect operand uses address element {sub} of an address variable with {} elements",
                self.num_elts
            )));
        }
        let a = state.addrs.get(self.addr + sub as usize).ok_or_else(|| {
            VisaError::model_bug(format!("address element {sub} missing from the state"))
        })?;
        Ok(*a as i64 + self.imm as i64)
    }

    /// Resolves the single-address form for lanes `0..n` into byte offsets.
    pub fn resolve(
        &self,
        state: &MachineState,
        size: usize,
        n: usize,
        out: &mut [usize; LANES],
    ) -> Result<()> {
        let origin = self.address(state, self.addr_sub)?;
        for (k, (rel, o)) in self.rel[..n.min(LANES)]
            .iter()
            .zip(out.iter_mut())
            .enumerate()
        {
            *o = check(origin + rel, size, state.grf.len(), k)?;
        }
        Ok(())
    }
}

/// The byte of an indirect element, if it lies in the register file and is aligned to its type.
fn check(byte: i64, size: usize, grf_len: usize, lane: usize) -> Result<usize> {
    let size_i = size as i64;
    if byte < 0 || byte + size_i > grf_len as i64 || byte % size_i != 0 {
        return Err(VisaError::undefined(format!(
            "lane {lane}: indirect access at byte {byte} ({size} bytes) is out of bounds or misaligned \
             (register file of {grf_len} bytes)"
        )));
    }
    Ok(byte as usize)
}

/// A source's load instantiated for its kind and element size when the plan is compiled
/// (arguments as [`SrcLoad::load`]): a run calls it without matching the kind or the size.
pub type LoadFn =
    fn(&SrcLoad, usize, usize, &MachineState, &mut [usize; LANES], &mut Raw) -> Result<()>;

/// A destination's store instantiated likewise (arguments as [`DstStore::store`]).
pub type StoreFn =
    fn(&DstStore, usize, usize, u32, &mut MachineState, &[usize; LANES], &Raw) -> Result<()>;

fn load_contig<const S: usize>(
    l: &SrcLoad,
    size: usize,
    n: usize,
    state: &MachineState,
    offs: &mut [usize; LANES],
    out: &mut Raw,
) -> Result<()> {
    match l {
        SrcLoad::Contig { base } if S == size => {
            gather_contig::<S>(&state.grf, *base, n.min(LANES), out)
        }
        _ => l.load(size, n, state, offs, out),
    }
}

fn load_region<const S: usize>(
    l: &SrcLoad,
    size: usize,
    n: usize,
    state: &MachineState,
    offs: &mut [usize; LANES],
    out: &mut Raw,
) -> Result<()> {
    match l {
        SrcLoad::Region(r) if S == size => gather_region::<S>(&state.grf, r, n, out),
        _ => l.load(size, n, state, offs, out),
    }
}

/// A scalar region: every lane reads one element.
fn load_splat<const S: usize>(
    l: &SrcLoad,
    size: usize,
    n: usize,
    state: &MachineState,
    offs: &mut [usize; LANES],
    out: &mut Raw,
) -> Result<()> {
    match l {
        SrcLoad::Scalar { at } if S == size => {
            let v = read::<S>(&state.grf, *at).ok_or_else(|| out_of_range(*at))?;
            out[..n.min(LANES)].fill(v);
            Ok(())
        }
        _ => l.load(size, n, state, offs, out),
    }
}

fn load_splat_const(
    l: &SrcLoad,
    size: usize,
    n: usize,
    state: &MachineState,
    offs: &mut [usize; LANES],
    out: &mut Raw,
) -> Result<()> {
    match l {
        SrcLoad::Splat { bits } => {
            out[..n.min(LANES)].fill(*bits);
            Ok(())
        }
        _ => l.load(size, n, state, offs, out),
    }
}

fn load_const(
    l: &SrcLoad,
    size: usize,
    n: usize,
    state: &MachineState,
    offs: &mut [usize; LANES],
    out: &mut Raw,
) -> Result<()> {
    match l {
        SrcLoad::Const { lanes } => {
            let n = n.min(LANES);
            out[..n].copy_from_slice(&lanes[..n]);
            Ok(())
        }
        _ => l.load(size, n, state, offs, out),
    }
}

/// The general load (any kind, any size).
pub fn load_any(
    l: &SrcLoad,
    size: usize,
    n: usize,
    state: &MachineState,
    offs: &mut [usize; LANES],
    out: &mut Raw,
) -> Result<()> {
    l.load(size, n, state, offs, out)
}

fn store_contig<const S: usize>(
    d: &DstStore,
    size: usize,
    n: usize,
    en: u32,
    state: &mut MachineState,
    offs: &[usize; LANES],
    vals: &Raw,
) -> Result<()> {
    match d {
        DstStore::Contig { base } if S == size => {
            let n = n.min(LANES);
            if !state.undefined.is_empty() {
                d.define(size, n, en, state, offs);
            }
            scatter_contig::<S>(&mut state.grf, *base, en, n, vals)
        }
        _ => d.store(size, n, en, state, offs, vals),
    }
}

fn store_any(
    d: &DstStore,
    size: usize,
    n: usize,
    en: u32,
    state: &mut MachineState,
    offs: &[usize; LANES],
    vals: &Raw,
) -> Result<()> {
    d.store(size, n, en, state, offs, vals)
}

impl DstStore {
    /// The store of this destination for elements of `size` bytes.
    pub fn store_fn(&self, size: usize) -> StoreFn {
        match (self, size) {
            (DstStore::Contig { .. }, 1) => store_contig::<1>,
            (DstStore::Contig { .. }, 2) => store_contig::<2>,
            (DstStore::Contig { .. }, 4) => store_contig::<4>,
            (DstStore::Contig { .. }, 8) => store_contig::<8>,
            _ => store_any,
        }
    }
}

/// A source's load fused with the decode of its integer type: raw register bytes straight
/// into exact lane values, modifier applied (arguments: the load, the state, the lanes, the
/// modifier, the output). Chosen when the plan is compiled for the loads that cannot fail
/// once the register file holds the instruction's extent.
pub type LoadIntFn = fn(&SrcLoad, &MachineState, usize, Modifier, &mut Ints) -> Result<()>;

/// One lane's exact value with its modifier (the decode stage of [`crate::kernel`]).
#[inline(always)]
fn int_lane<T: IntTy>(raw: u64, m: Modifier) -> i128 {
    match m {
        Modifier::None => T::decode(raw),
        Modifier::Neg => -T::decode(raw),
        Modifier::Abs => T::decode(raw).abs(),
        Modifier::NegAbs => -T::decode(raw).abs(),
        Modifier::Not => T::decode(raw ^ T::MASK),
    }
}

fn fused_kind_bug() -> VisaError {
    VisaError::model_bug("a fused integer load of another operand kind")
}

fn load_int_contig<const S: usize, T: IntTy>(
    l: &SrcLoad,
    state: &MachineState,
    n: usize,
    m: Modifier,
    out: &mut Ints,
) -> Result<()> {
    let SrcLoad::Contig { base } = l else {
        return Err(fused_kind_bug());
    };
    let n = n.min(LANES);
    let end = base.checked_add(n * S).ok_or_else(|| out_of_range(*base))?;
    let bytes = state
        .grf
        .get(*base..end)
        .ok_or_else(|| out_of_range(*base))?;
    for (chunk, o) in bytes.chunks_exact(S).zip(out.iter_mut()) {
        *o = int_lane::<T>(from_bytes::<S>(chunk), m);
    }
    Ok(())
}

fn load_int_splat<const S: usize, T: IntTy>(
    l: &SrcLoad,
    state: &MachineState,
    n: usize,
    m: Modifier,
    out: &mut Ints,
) -> Result<()> {
    let SrcLoad::Scalar { at } = l else {
        return Err(fused_kind_bug());
    };
    let v = read::<S>(&state.grf, *at).ok_or_else(|| out_of_range(*at))?;
    out[..n.min(LANES)].fill(int_lane::<T>(v, m));
    Ok(())
}

fn load_int_splat_const<const S: usize, T: IntTy>(
    l: &SrcLoad,
    _state: &MachineState,
    n: usize,
    m: Modifier,
    out: &mut Ints,
) -> Result<()> {
    let SrcLoad::Splat { bits } = l else {
        return Err(fused_kind_bug());
    };
    out[..n.min(LANES)].fill(int_lane::<T>(*bits, m));
    Ok(())
}

fn load_int_table<const S: usize, T: IntTy>(
    l: &SrcLoad,
    state: &MachineState,
    n: usize,
    m: Modifier,
    out: &mut Ints,
) -> Result<()> {
    let SrcLoad::Region(r) = l else {
        return Err(fused_kind_bug());
    };
    let grf = &state.grf[..];
    r.each(n.min(LANES), |k, o| {
        let v = int_lane::<T>(read::<S>(grf, o).ok_or_else(|| out_of_range(o))?, m);
        if let Some(slot) = out.get_mut(k) {
            *slot = v;
        }
        Ok(())
    })
}

fn load_int_const<const S: usize, T: IntTy>(
    l: &SrcLoad,
    _state: &MachineState,
    n: usize,
    m: Modifier,
    out: &mut Ints,
) -> Result<()> {
    let SrcLoad::Const { lanes } = l else {
        return Err(fused_kind_bug());
    };
    for (r, v) in lanes[..n.min(LANES)].iter().zip(out.iter_mut()) {
        *v = int_lane::<T>(*r, m);
    }
    Ok(())
}

/// The instance of a fused integer load for the element type `ty`.
macro_rules! by_int_elem {
    ($ty:expr, $f:ident) => {
        match $ty {
            DataType::UB => Some($f::<1, u8> as LoadIntFn),
            DataType::B => Some($f::<1, i8> as LoadIntFn),
            DataType::UW => Some($f::<2, u16> as LoadIntFn),
            DataType::W => Some($f::<2, i16> as LoadIntFn),
            DataType::UD => Some($f::<4, u32> as LoadIntFn),
            DataType::D => Some($f::<4, i32> as LoadIntFn),
            DataType::UQ => Some($f::<8, u64> as LoadIntFn),
            DataType::Q => Some($f::<8, i64> as LoadIntFn),
            _ => None,
        }
    };
}

impl SrcLoad {
    /// The fused load and decode of this source as lanes of the integer type `ty`
    /// (`None`: an operand kind that goes through the raw lanes, or not an integer type).
    pub fn load_int_fn(&self, ty: DataType) -> Option<LoadIntFn> {
        match self {
            SrcLoad::Contig { .. } => by_int_elem!(ty, load_int_contig),
            SrcLoad::Scalar { .. } => by_int_elem!(ty, load_int_splat),
            SrcLoad::Splat { .. } => by_int_elem!(ty, load_int_splat_const),
            SrcLoad::Region(_) => by_int_elem!(ty, load_int_table),
            SrcLoad::Const { .. } => by_int_elem!(ty, load_int_const),
            _ => None,
        }
    }

    /// The load of this source for `n` lanes of elements of `size` bytes.
    pub fn load_fn(&self, size: usize) -> LoadFn {
        match (self, size) {
            (SrcLoad::Scalar { .. }, 1) => load_splat::<1>,
            (SrcLoad::Scalar { .. }, 2) => load_splat::<2>,
            (SrcLoad::Scalar { .. }, 4) => load_splat::<4>,
            (SrcLoad::Scalar { .. }, 8) => load_splat::<8>,
            (SrcLoad::Splat { .. }, _) => load_splat_const,
            (SrcLoad::Contig { .. }, 1) => load_contig::<1>,
            (SrcLoad::Contig { .. }, 2) => load_contig::<2>,
            (SrcLoad::Contig { .. }, 4) => load_contig::<4>,
            (SrcLoad::Contig { .. }, 8) => load_contig::<8>,
            (SrcLoad::Region(_), 1) => load_region::<1>,
            (SrcLoad::Region(_), 2) => load_region::<2>,
            (SrcLoad::Region(_), 4) => load_region::<4>,
            (SrcLoad::Region(_), 8) => load_region::<8>,
            (SrcLoad::Const { .. }, _) => load_const,
            _ => load_any,
        }
    }

    /// Reads lanes `0..n` of elements of `size` bytes into `out`.
    pub fn load(
        &self,
        size: usize,
        n: usize,
        state: &MachineState,
        offs: &mut [usize; LANES],
        out: &mut Raw,
    ) -> Result<()> {
        let n = n.min(LANES);
        let grf = &state.grf[..];
        match self {
            SrcLoad::Contig { base } => by_size!(size, gather_contig, (grf, *base, n, out)),
            SrcLoad::Scalar { at } => {
                let v = by_size!(size, read_one, (grf, *at))?;
                out[..n].fill(v);
                Ok(())
            }
            SrcLoad::Region(r) => by_size!(size, gather_region, (grf, r, n, out)),
            SrcLoad::Splat { bits } => {
                out[..n].fill(*bits);
                Ok(())
            }
            SrcLoad::Const { lanes } => {
                out[..n].copy_from_slice(&lanes[..n]);
                Ok(())
            }
            SrcLoad::Pred { var, num_elts } => {
                let p = state.preds.get(*var).ok_or_else(|| {
                    VisaError::model_bug("predicate variable missing from the state")
                })?;
                let mask = if *num_elts >= 32 {
                    u32::MAX
                } else {
                    (1u32 << num_elts) - 1
                };
                out[..n].fill((p & mask) as u64);
                Ok(())
            }
            SrcLoad::Indirect(at) => {
                at.resolve(state, size, n, offs)?;
                by_size!(size, gather_offs::<_, usize>, (grf, &offs[..n], out))
            }
            SrcLoad::IndirectMulti {
                at,
                width,
                hs_bytes,
            } => {
                if *width == 0 {
                    return Err(VisaError::model_bug("multi-address region of width 0"));
                }
                for i in 0..n / width {
                    let origin = at.address(state, at.addr_sub.saturating_add(i as u32))?;
                    for j in 0..*width {
                        let k = i * width + j;
                        offs[k] = check(origin + j as i64 * hs_bytes, size, grf.len(), k)?;
                    }
                }
                by_size!(size, gather_offs::<_, usize>, (grf, &offs[..n], out))
            }
            SrcLoad::Addr { first } => {
                let lanes = elements(&state.addrs, *first, n)?;
                out.iter_mut()
                    .zip(lanes)
                    .for_each(|(o, a)| *o = u64::from(*a));
                Ok(())
            }
            SrcLoad::Handle { first } => {
                let lanes = elements(&state.handles, *first, n)?;
                out.iter_mut()
                    .zip(lanes)
                    .for_each(|(o, h)| *o = u64::from(*h));
                Ok(())
            }
        }
    }
}

fn scatter_contig<const S: usize>(
    grf: &mut [u8],
    base: usize,
    en: u32,
    n: usize,
    vals: &Raw,
) -> Result<()> {
    let end = base.checked_add(n * S).ok_or_else(|| out_of_range(base))?;
    let bytes = grf.get_mut(base..end).ok_or_else(|| out_of_range(base))?;
    let all = if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
    if en & all == all {
        for (chunk, v) in bytes.chunks_exact_mut(S).zip(vals) {
            to_bytes::<S>(chunk, *v);
        }
    } else {
        // Disabled lanes keep their bytes: a blend instead of a branch per lane.
        for (k, (chunk, v)) in bytes.chunks_exact_mut(S).zip(vals).enumerate() {
            let keep = blend_mask(en, k);
            let merged = (from_bytes::<S>(chunk) & keep) | (*v & !keep);
            to_bytes::<S>(chunk, merged);
        }
    }
    Ok(())
}

/// All ones when lane `k` is not enabled in `en` (its old bytes are kept), else zero.
#[inline(always)]
fn blend_mask(en: u32, k: usize) -> u64 {
    (u64::from((en >> k) & 1)).wrapping_sub(1)
}

fn scatter_offs<const S: usize, T: Off>(
    grf: &mut [u8],
    offs: &[T],
    en: u32,
    vals: &Raw,
) -> Result<()> {
    // The lanes of a destination never overlap (element-aligned, distinct offsets): a
    // disabled lane writes its own bytes back.
    for (k, (o, v)) in offs.iter().zip(vals).enumerate() {
        let o = o.at();
        let old = read::<S>(grf, o).ok_or_else(|| out_of_range(o))?;
        let keep = blend_mask(en, k);
        write::<S>(grf, o, (old & keep) | (*v & !keep)).ok_or_else(|| out_of_range(o))?;
    }
    Ok(())
}

impl DstStore {
    /// Resolves an indirect destination for lanes `0..n` (every lane is checked, enabled or
    /// not) before anything is written.
    pub fn prepare(
        &self,
        size: usize,
        n: usize,
        state: &MachineState,
        offs: &mut [usize; LANES],
    ) -> Result<()> {
        match self {
            DstStore::Indirect(at) => at.resolve(state, size, n, offs),
            _ => Ok(()),
        }
    }

    /// The same destination `bytes` further in the register file (MADW's high halves).
    pub fn shifted(&self, bytes: usize) -> Result<DstStore> {
        let overflow = || VisaError::model_bug("a destination shifted past the register file");
        Ok(match self {
            DstStore::Contig { base } => DstStore::Contig {
                base: base.checked_add(bytes).ok_or_else(overflow)?,
            },
            DstStore::Table { offs } => {
                let mut moved = *offs;
                for o in moved.iter_mut() {
                    *o = u32::try_from(bytes)
                        .ok()
                        .and_then(|b| o.checked_add(b))
                        .ok_or_else(overflow)?;
                }
                DstStore::Table { offs: moved }
            }
            DstStore::Indirect(at) => {
                let mut at = at.clone();
                at.imm = i32::try_from(bytes)
                    .ok()
                    .and_then(|b| at.imm.checked_add(b))
                    .ok_or_else(overflow)?;
                DstStore::Indirect(at)
            }
            other => other.clone(),
        })
    }

    /// Marks the bytes of lanes `en` undefined: they keep their contents
    /// (`dst[i] = undefined`). Marking a byte already undefined changes nothing.
    pub fn mark_undefined(
        &self,
        size: usize,
        n: usize,
        en: u32,
        state: &mut MachineState,
        offs: &[usize; LANES],
    ) {
        self.each_lane(size, n, en, offs, |at| {
            state.undefined.insert_range(at..at + size);
        });
    }

    /// Calls `f` with the register-file byte offset of each lane among `0..n` whose bit is
    /// set in `en`, in lane order (lanes outside the register file are skipped).
    #[inline(always)]
    fn each_lane(
        &self,
        size: usize,
        n: usize,
        en: u32,
        offs: &[usize; LANES],
        mut f: impl FnMut(usize),
    ) {
        let n = n.min(LANES);
        let mut lanes = en & if n >= 32 { u32::MAX } else { (1u32 << n) - 1 };
        while lanes != 0 {
            let k = lanes.trailing_zeros() as usize;
            lanes &= lanes - 1;
            if let Some(at) = self.lane_offset(size, k, offs) {
                f(at);
            }
        }
    }

    /// The register-file byte offset of lane `k` (`None`: discarded, or not in the
    /// register file).
    pub fn lane_offset(&self, size: usize, k: usize, offs: &[usize; LANES]) -> Option<usize> {
        match self {
            DstStore::Discard | DstStore::Addr { .. } | DstStore::Handle { .. } => None,
            DstStore::Contig { base } => Some(base + k * size),
            DstStore::Table { offs } => offs.get(k).map(|o| *o as usize),
            DstStore::Indirect(_) => offs.get(k).copied(),
            DstStore::Predicate { .. } => None,
        }
    }

    /// The enabled lanes' bytes get defined values: they leave the state's undefined set.
    fn define(
        &self,
        size: usize,
        n: usize,
        en: u32,
        state: &mut MachineState,
        offs: &[usize; LANES],
    ) {
        self.each_lane(size, n, en, offs, |at| {
            state.undefined.remove_range(at..at + size);
        });
    }

    /// Lanes `written` get defined values and lanes `undefined` (disjoint from them) become
    /// undefined: [`DstStore::define`] then [`DstStore::mark_undefined`], so that a byte
    /// shared by a lane of each ends undefined. The values are then written with
    /// [`DstStore::write`].
    pub fn settle(
        &self,
        size: usize,
        n: usize,
        written: u32,
        undefined: u32,
        state: &mut MachineState,
        offs: &[usize; LANES],
    ) {
        let undefined = undefined & !written;
        if !state.undefined.is_empty() {
            self.define(size, n, written, state, offs);
        }
        self.mark_undefined(size, n, undefined, state, offs);
    }

    /// Writes the enabled lanes (bit k of `en`) of `vals`, `size` bytes each.
    pub fn store(
        &self,
        size: usize,
        n: usize,
        en: u32,
        state: &mut MachineState,
        offs: &[usize; LANES],
        vals: &Raw,
    ) -> Result<()> {
        if !state.undefined.is_empty() {
            self.define(size, n.min(LANES), en, state, offs);
        }
        self.write(size, n, en, state, offs, vals)
    }

    /// [`DstStore::store`] without defining the bytes: the caller has
    /// ([`DstStore::settle`]).
    pub fn write(
        &self,
        size: usize,
        n: usize,
        en: u32,
        state: &mut MachineState,
        offs: &[usize; LANES],
        vals: &Raw,
    ) -> Result<()> {
        let n = n.min(LANES);
        let grf = &mut state.grf[..];
        match self {
            DstStore::Discard => Ok(()),
            DstStore::Contig { base } => by_size!(size, scatter_contig, (grf, *base, en, n, vals)),
            DstStore::Table { offs } => {
                by_size!(size, scatter_offs::<_, u32>, (grf, &offs[..n], en, vals))
            }
            DstStore::Indirect(_) => {
                by_size!(size, scatter_offs::<_, usize>, (grf, &offs[..n], en, vals))
            }
            DstStore::Addr { first } => {
                let lanes = elements_mut(&mut state.addrs, *first, n)?;
                for (k, (a, v)) in lanes.iter_mut().zip(vals).enumerate() {
                    if en >> k & 1 == 1 {
                        *a = *v as u16;
                    }
                }
                Ok(())
            }
            DstStore::Handle { first } => {
                let lanes = elements_mut(&mut state.handles, *first, n)?;
                for (k, (h, v)) in lanes.iter_mut().zip(vals).enumerate() {
                    if en >> k & 1 == 1 {
                        *h = *v as u32;
                    }
                }
                Ok(())
            }
            DstStore::Predicate { var, offset } => {
                let p = state.preds.get_mut(*var).ok_or_else(|| {
                    VisaError::model_bug("predicate variable missing from the state")
                })?;
                for (k, v) in vals[..n].iter().enumerate() {
                    let bit = *offset as usize + k;
                    if (en >> k) & 1 == 1 && bit < 32 {
                        *p = (*p & !(1 << bit)) | (((*v & 1) as u32) << bit);
                    }
                }
                Ok(())
            }
        }
    }
}
