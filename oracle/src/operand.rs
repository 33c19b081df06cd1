//! Operands resolved to byte offsets of the register file (5_operands.md, "Region-based
//! Addressing" and "Region Interpretation for Indirect Operands"), and the lane loops that
//! gather source elements and scatter destination elements.
//!
//! General operands are resolved when the plan is compiled (a contiguous base or a table of
//! byte offsets); indirect operands keep their relative offsets and are resolved against the
//! address variable at execution time, every lane checked.

use visa_spec::state::MachineState;
use visa_spec::VisaError;

use crate::kernel::{Raw, LANES};

type Result<T> = std::result::Result<T, VisaError>;

/// Where the lanes of a source come from.
#[derive(Clone, Debug)]
pub enum SrcLoad {
    /// Lane n is the element at byte `base + n * size`.
    Contig { base: usize },
    /// Lane n is the element at byte `offs[n]`.
    Table { offs: Box<[u32; LANES]> },
    /// Fixed lane bits: immediates (packed vectors expanded), reads of `%null`.
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
    /// Lane n is element `sub + n` of an address variable (ADDR_ADD's src0).
    Addr { var: usize, sub: usize },
    /// Lane n is element `sub + n` of a surface or sampler variable (MOVS).
    Handle { var: usize, sub: usize },
}

/// An address-variable element and the byte offsets taken from it.
#[derive(Clone, Debug)]
pub struct Indirect {
    /// Index of the address variable in `MachineState::addrs`.
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
        offs: Box<[u32; LANES]>,
    },
    Indirect(Box<Indirect>),
    /// Lane n writes element `sub + n` of an address variable (ADDR_ADD), as 16 bits.
    Addr {
        var: usize,
        sub: usize,
    },
    /// Lane n writes element `sub + n` of a surface or sampler variable (MOVS), as 32 bits.
    Handle {
        var: usize,
        sub: usize,
    },
    /// A predicate variable (CMP, SETP): lane k sets bit `offset + k` of `preds[var]`.
    Predicate {
        var: usize,
        offset: u32,
    },
}

/// Lanes `sub .. sub + n` of a per-variable element vector of the state.
fn elements<T>(all: &[Vec<T>], var: usize, sub: usize, n: usize) -> Result<&[T]> {
    all.get(var)
        .and_then(|v| v.get(sub..sub + n))
        .ok_or_else(|| {
            VisaError::model_bug(format!(
                "elements {sub}..{} missing from the state",
                sub + n
            ))
        })
}

fn elements_mut<T>(all: &mut [Vec<T>], var: usize, sub: usize, n: usize) -> Result<&mut [T]> {
    all.get_mut(var)
        .and_then(|v| v.get_mut(sub..sub + n))
        .ok_or_else(|| {
            VisaError::model_bug(format!(
                "elements {sub}..{} missing from the state",
                sub + n
            ))
        })
}

/// Reads the element of `S` bytes at byte `o`, zero-extended.
#[inline(always)]
fn read<const S: usize>(grf: &[u8], o: usize) -> Option<u64> {
    let bytes: [u8; S] = grf.get(o..o.checked_add(S)?)?.try_into().ok()?;
    let mut word = [0u8; 8];
    word.iter_mut().zip(bytes).for_each(|(w, b)| *w = b);
    Some(u64::from_le_bytes(word))
}

#[inline(always)]
fn write<const S: usize>(grf: &mut [u8], o: usize, v: u64) -> Option<()> {
    let dst = grf.get_mut(o..o.checked_add(S)?)?;
    dst.iter_mut()
        .zip(v.to_le_bytes())
        .for_each(|(d, b)| *d = b);
    Some(())
}

fn out_of_range(o: usize) -> VisaError {
    VisaError::model_bug(format!(
        "operand element at byte {o} lies outside the register file"
    ))
}

fn gather_contig<const S: usize>(grf: &[u8], base: usize, n: usize, out: &mut Raw) -> Result<()> {
    let end = base.checked_add(n * S).ok_or_else(|| out_of_range(base))?;
    let bytes = grf.get(base..end).ok_or_else(|| out_of_range(base))?;
    for (chunk, o) in bytes.chunks_exact(S).zip(out.iter_mut()) {
        let mut word = [0u8; 8];
        word.iter_mut().zip(chunk).for_each(|(w, b)| *w = *b);
        *o = u64::from_le_bytes(word);
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
        let a = state
            .addrs
            .get(self.addr)
            .and_then(|v| v.get(sub as usize))
            .ok_or_else(|| {
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

impl SrcLoad {
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
            SrcLoad::Table { offs } => {
                by_size!(size, gather_offs::<_, u32>, (grf, &offs[..n], out))
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
            SrcLoad::Addr { var, sub } => {
                let lanes = elements(&state.addrs, *var, *sub, n)?;
                out.iter_mut()
                    .zip(lanes)
                    .for_each(|(o, a)| *o = u64::from(*a));
                Ok(())
            }
            SrcLoad::Handle { var, sub } => {
                let lanes = elements(&state.handles, *var, *sub, n)?;
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
    for (k, v) in vals[..n].iter().enumerate() {
        if (en >> k) & 1 == 1 {
            let o = base + k * S;
            write::<S>(grf, o, *v).ok_or_else(|| out_of_range(o))?;
        }
    }
    Ok(())
}

fn scatter_offs<const S: usize, T: Off>(
    grf: &mut [u8],
    offs: &[T],
    en: u32,
    vals: &Raw,
) -> Result<()> {
    for (k, (o, v)) in offs.iter().zip(vals).enumerate() {
        if (en >> k) & 1 == 1 {
            let o = o.at();
            write::<S>(grf, o, *v).ok_or_else(|| out_of_range(o))?;
        }
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
                let mut moved = offs.clone();
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
    /// (`dst[i] = undefined`).
    pub fn mark_undefined(
        &self,
        size: usize,
        n: usize,
        en: u32,
        state: &mut MachineState,
        offs: &[usize; LANES],
    ) {
        for k in (0..n.min(LANES)).filter(|k| en >> k & 1 == 1) {
            if let Some(at) = self.lane_offset(size, k, offs) {
                state.undefined.extend(at..at + size);
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
        for k in (0..n).filter(|k| en >> k & 1 == 1) {
            if let Some(at) = self.lane_offset(size, k, offs) {
                for b in at..at + size {
                    state.undefined.remove(&b);
                }
            }
        }
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
        let n = n.min(LANES);
        if !state.undefined.is_empty() {
            self.define(size, n, en, state, offs);
        }
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
            DstStore::Addr { var, sub } => {
                let lanes = elements_mut(&mut state.addrs, *var, *sub, n)?;
                for (k, (a, v)) in lanes.iter_mut().zip(vals).enumerate() {
                    if en >> k & 1 == 1 {
                        *a = *v as u16;
                    }
                }
                Ok(())
            }
            DstStore::Handle { var, sub } => {
                let lanes = elements_mut(&mut state.handles, *var, *sub, n)?;
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
