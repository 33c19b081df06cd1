//! LSC message vocabulary shared by validation and the engines
//! (instructions/LSC_UNTYPED.md, Format and Description): the unit (`LscSFID`), caching
//! options, data sizes and shapes, the atomic sub-ops, the gather/scatter families and the
//! messages' operands by name ([`LscOperands`]). The checks of the text forms are in
//! `validate::lsc`.

use super::operand::Src;
use super::operand::{Payload, Scalar};
use crate::error::{Result, VisaError};

/// `LscSFID`: the unit a message goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sfid {
    Ugm,
    Ugml,
    Slm,
    /// The typed unit of LSC_TYPED (`.tgm`); not in [`Sfid::ALL`] (the untyped units).
    Tgm,
}

impl Sfid {
    pub const ALL: [Sfid; 3] = [Sfid::Ugm, Sfid::Ugml, Sfid::Slm];

    pub fn name(self) -> &'static str {
        match self {
            Sfid::Ugm => "ugm",
            Sfid::Ugml => "ugml",
            Sfid::Slm => "slm",
            Sfid::Tgm => "tgm",
        }
    }

    pub fn from_name(s: &str) -> Option<Sfid> {
        match s {
            "ugm" => Some(Sfid::Ugm),
            "ugml" => Some(Sfid::Ugml),
            "slm" => Some(Sfid::Slm),
            _ => None,
        }
    }
}

/// LSC_FENCE's fields (instructions/LSC_FENCE.md, Text `lsc_fence.SFID.FENCEOP.SCOPE`):
/// the unit whose accesses it orders, the operation on its caches and the scope.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LscFenceCtrl {
    /// `LscSFID`: ugm, ugml, tgm or slm.
    pub sfid: Sfid,
    pub op: FenceOp,
    pub scope: FenceScope,
}

/// `LscFenceOp` (the LSC_FENCE_OP table), in encoding order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenceOp {
    None,
    Evict,
    Invalidate,
    Discard,
    Clean,
    Flushl3,
}

impl FenceOp {
    pub const ALL: [FenceOp; 6] = [
        FenceOp::None,
        FenceOp::Evict,
        FenceOp::Invalidate,
        FenceOp::Discard,
        FenceOp::Clean,
        FenceOp::Flushl3,
    ];

    pub fn name(self) -> &'static str {
        match self {
            FenceOp::None => "none",
            FenceOp::Evict => "evict",
            FenceOp::Invalidate => "invalidate",
            FenceOp::Discard => "discard",
            FenceOp::Clean => "clean",
            FenceOp::Flushl3 => "flushl3",
        }
    }

    pub fn from_name(s: &str) -> Option<FenceOp> {
        FenceOp::ALL.into_iter().find(|o| o.name() == s)
    }
}

/// `LscScope` (the LSC_SCOPE table), in encoding order; 0x5 is `.sysrel` as vISA's parser
/// spells it, the table's `system` (LSC-FENCE-SYSREL).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FenceScope {
    Group,
    Local,
    Tile,
    Gpu,
    Gpus,
    Sysrel,
    Sysacq,
}

impl FenceScope {
    pub const ALL: [FenceScope; 7] = [
        FenceScope::Group,
        FenceScope::Local,
        FenceScope::Tile,
        FenceScope::Gpu,
        FenceScope::Gpus,
        FenceScope::Sysrel,
        FenceScope::Sysacq,
    ];

    /// The name vISA's parser prints.
    pub fn name(self) -> &'static str {
        match self {
            FenceScope::Group => "group",
            FenceScope::Local => "local",
            FenceScope::Tile => "tile",
            FenceScope::Gpu => "gpu",
            FenceScope::Gpus => "gpus",
            FenceScope::Sysrel => "sysrel",
            FenceScope::Sysacq => "sysacq",
        }
    }

    /// A scope's name, `system` (the LSC_SCOPE table's name of 0x5) among them.
    pub fn from_name(s: &str) -> Option<FenceScope> {
        match s {
            "system" => Some(FenceScope::Sysrel),
            _ => FenceScope::ALL.into_iter().find(|o| o.name() == s),
        }
    }
}

/// `CachingL1` and `CachingL3` values (0x0..0x6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CacheOpt {
    Df,
    Uc,
    Ca,
    Wb,
    Wt,
    St,
    Ri,
}

impl CacheOpt {
    pub const ALL: [CacheOpt; 7] = [
        CacheOpt::Df,
        CacheOpt::Uc,
        CacheOpt::Ca,
        CacheOpt::Wb,
        CacheOpt::Wt,
        CacheOpt::St,
        CacheOpt::Ri,
    ];

    pub fn name(self) -> &'static str {
        match self {
            CacheOpt::Df => "df",
            CacheOpt::Uc => "uc",
            CacheOpt::Ca => "ca",
            CacheOpt::Wb => "wb",
            CacheOpt::Wt => "wt",
            CacheOpt::St => "st",
            CacheOpt::Ri => "ri",
        }
    }

    pub fn from_name(s: &str) -> Option<CacheOpt> {
        Some(match s {
            "df" => CacheOpt::Df,
            "uc" => CacheOpt::Uc,
            "ca" => CacheOpt::Ca,
            "wb" => CacheOpt::Wb,
            "wt" => CacheOpt::Wt,
            "st" => CacheOpt::St,
            "ri" => CacheOpt::Ri,
            _ => return None,
        })
    }
}

/// Whether `(l1, l3)` is a combination of the CachingL1 table for a load (`load`) or a
/// store (instructions/LSC_UNTYPED.md, CachingL1: the PVC table).
pub fn caching_allowed(l1: CacheOpt, l3: CacheOpt, load: bool) -> bool {
    use CacheOpt::*;
    let both = matches!((l1, l3), (Df, Df) | (Uc, Uc) | (St, Uc));
    let loads = matches!(
        (l1, l3),
        (Uc, Ca) | (Ca, Uc) | (Ca, Ca) | (St, Ca) | (Ri, Ca)
    );
    let stores = matches!(
        (l1, l3),
        (Uc, Wb) | (Wt, Uc) | (Wt, Wb) | (St, Wb) | (Wb, Wb)
    );
    both || if load { loads } else { stores }
}

/// `DataSize` (1..7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DataSize {
    D8,
    D16,
    D32,
    D64,
    D8u32,
    D16u32,
    D16u32h,
}

impl DataSize {
    pub const ALL: [DataSize; 7] = [
        DataSize::D8,
        DataSize::D16,
        DataSize::D32,
        DataSize::D64,
        DataSize::D8u32,
        DataSize::D16u32,
        DataSize::D16u32h,
    ];

    pub fn name(self) -> &'static str {
        match self {
            DataSize::D8 => "d8",
            DataSize::D16 => "d16",
            DataSize::D32 => "d32",
            DataSize::D64 => "d64",
            DataSize::D8u32 => "d8u32",
            DataSize::D16u32 => "d16u32",
            DataSize::D16u32h => "d16u32h",
        }
    }

    pub fn from_name(s: &str) -> Option<DataSize> {
        Some(match s {
            "d8" => DataSize::D8,
            "d16" => DataSize::D16,
            "d32" => DataSize::D32,
            "d64" => DataSize::D64,
            // IGC prints the three converting sizes as `d8c32`, `d16c32` and `d16c32h`
            // (erratum IGC-SPELLINGS); both spellings name the same size.
            "d8u32" | "d8c32" => DataSize::D8u32,
            "d16u32" | "d16c32" => DataSize::D16u32,
            "d16u32h" | "d16c32h" => DataSize::D16u32h,
            _ => return None,
        })
    }

    /// Bytes of one datum in memory.
    pub fn mem_bytes(self) -> usize {
        match self {
            DataSize::D8 | DataSize::D8u32 => 1,
            DataSize::D16 | DataSize::D16u32 | DataSize::D16u32h => 2,
            DataSize::D32 => 4,
            DataSize::D64 => 8,
        }
    }

    /// Bytes of one datum in the register file: the `u32` forms widen to 32 bits.
    pub fn reg_bytes(self) -> usize {
        match self {
            DataSize::D8 => 1,
            DataSize::D16 => 2,
            DataSize::D32 | DataSize::D8u32 | DataSize::D16u32 | DataSize::D16u32h => 4,
            DataSize::D64 => 8,
        }
    }
}

/// A data operand's shape `DataSize[xDataElemsPerAddr][t]` (`d32x4`, `d32x16t`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DataShape {
    pub size: DataSize,
    /// `DataElemsPerAddr`: 1, 2, 3, 4, 8, 16, 32 or 64.
    pub vect_size: u32,
    /// `DataOrder` transposed.
    pub transposed: bool,
}

/// The vector sizes of table_LSC_DataElemsPerAddr.
pub const VECT_SIZES: [u32; 8] = [1, 2, 3, 4, 8, 16, 32, 64];

impl DataShape {
    /// As written after the colon: `d32`, `d32x4`, `d32x16t`.
    pub fn text(&self) -> String {
        let mut s = self.size.name().to_string();
        if self.vect_size != 1 {
            s.push_str(&format!("x{}", self.vect_size));
        }
        if self.transposed {
            s.push('t');
        }
        s
    }

    /// Register-file offset of datum `v` of lane `n` (instructions/LSC_UNTYPED.md,
    /// Semantics: `DstData[n].elems[v]` when transposed, `DstData[v].elems[n]` otherwise,
    /// each `DstData[v]` a GRF-aligned block of `exec_size` data).
    pub fn reg_offset(&self, exec_size: u32, grf: usize, n: usize, v: usize) -> usize {
        let datum = self.size.reg_bytes();
        if self.transposed {
            (n * self.vect_size as usize + v) * datum
        } else {
            let per_elem = (exec_size as usize * datum).div_ceil(grf) * grf;
            v * per_elem + n * datum
        }
    }

    pub fn parse(s: &str) -> Result<DataShape> {
        let (body, transposed) = match s.strip_suffix('t') {
            Some(b) => (b, true),
            None => (s, false),
        };
        let (size, vect) = match body.split_once('x') {
            Some((d, v)) => (d, Some(v)),
            None => (body, None),
        };
        let size = DataSize::from_name(size).ok_or_else(|| {
            VisaError::invalid(format!(
                "data shape `{s}`: `{size}` is not one of d8 d16 d32 d64 d8u32 d16u32 d16u32h"
            ))
        })?;
        let vect_size = match vect {
            None => 1,
            Some(v) => v
                .parse::<u32>()
                .ok()
                .filter(|n| VECT_SIZES.contains(n))
                .ok_or_else(|| {
                    VisaError::invalid(format!(
                        "data shape `{s}`: vector size `{v}` is not one of 1 2 3 4 8 16 32 64"
                    ))
                })?,
        };
        Ok(DataShape {
            size,
            vect_size,
            transposed,
        })
    }

    /// Register-file bytes the operand spans for `exec_size` lanes on a `grf`-byte GRF:
    /// transposed, the vector of the single address in a row of registers; otherwise one
    /// GRF-aligned block of `exec_size` data per vector element (LSC_UNTYPED.md,
    /// Semantics `DstData[v].elems[n]`).
    pub fn reg_span(&self, exec_size: u32, grf: usize) -> usize {
        let datum = self.size.reg_bytes();
        if self.transposed {
            self.vect_size as usize * datum
        } else {
            let per_elem = (exec_size as usize * datum).div_ceil(grf) * grf;
            self.vect_size as usize * per_elem
        }
    }
}

/// The atomic sub-ops of LSC_UNTYPED (the `lsc_atomic_*` rows of the LscSubOp table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AtomicOp {
    Iinc,
    Idec,
    Load,
    Store,
    Iadd,
    Isub,
    Smin,
    Smax,
    Umin,
    Umax,
    Icas,
    Fadd,
    Fsub,
    Fmin,
    Fmax,
    Fcas,
    And,
    Or,
    Xor,
}

impl AtomicOp {
    pub const ALL: [AtomicOp; 19] = [
        AtomicOp::Iinc,
        AtomicOp::Idec,
        AtomicOp::Load,
        AtomicOp::Store,
        AtomicOp::Iadd,
        AtomicOp::Isub,
        AtomicOp::Smin,
        AtomicOp::Smax,
        AtomicOp::Umin,
        AtomicOp::Umax,
        AtomicOp::Icas,
        AtomicOp::Fadd,
        AtomicOp::Fsub,
        AtomicOp::Fmin,
        AtomicOp::Fmax,
        AtomicOp::Fcas,
        AtomicOp::And,
        AtomicOp::Or,
        AtomicOp::Xor,
    ];

    /// The mnemonic, `lsc_atomic_iadd`.
    pub fn mnemonic(self) -> &'static str {
        match self {
            AtomicOp::Iinc => "lsc_atomic_iinc",
            AtomicOp::Idec => "lsc_atomic_idec",
            AtomicOp::Load => "lsc_atomic_load",
            AtomicOp::Store => "lsc_atomic_store",
            AtomicOp::Iadd => "lsc_atomic_iadd",
            AtomicOp::Isub => "lsc_atomic_isub",
            AtomicOp::Smin => "lsc_atomic_smin",
            AtomicOp::Smax => "lsc_atomic_smax",
            AtomicOp::Umin => "lsc_atomic_umin",
            AtomicOp::Umax => "lsc_atomic_umax",
            AtomicOp::Icas => "lsc_atomic_icas",
            AtomicOp::Fadd => "lsc_atomic_fadd",
            AtomicOp::Fsub => "lsc_atomic_fsub",
            AtomicOp::Fmin => "lsc_atomic_fmin",
            AtomicOp::Fmax => "lsc_atomic_fmax",
            AtomicOp::Fcas => "lsc_atomic_fcas",
            AtomicOp::And => "lsc_atomic_and",
            AtomicOp::Or => "lsc_atomic_or",
            AtomicOp::Xor => "lsc_atomic_xor",
        }
    }

    pub fn from_mnemonic(s: &str) -> Option<AtomicOp> {
        AtomicOp::ALL.into_iter().find(|o| o.mnemonic() == s)
    }

    /// How many data sources (`Src1Data`, `Src2Data`) the operation reads.
    pub fn sources(self) -> usize {
        match self {
            AtomicOp::Iinc | AtomicOp::Idec | AtomicOp::Load => 0,
            AtomicOp::Icas | AtomicOp::Fcas => 2,
            _ => 1,
        }
    }

    /// Whether the operation reads its data as floating point.
    pub fn is_float(self) -> bool {
        matches!(
            self,
            AtomicOp::Fadd | AtomicOp::Fsub | AtomicOp::Fmin | AtomicOp::Fmax | AtomicOp::Fcas
        )
    }

    /// Whether lanes applying the operation to one address in any order leave the same
    /// memory (integer add, subtract, bitwise and the min/max): the final value of an
    /// address several lanes reach is then defined.
    pub fn commutes(self) -> bool {
        matches!(
            self,
            AtomicOp::Iinc
                | AtomicOp::Idec
                | AtomicOp::Load
                | AtomicOp::Iadd
                | AtomicOp::Isub
                | AtomicOp::Smin
                | AtomicOp::Smax
                | AtomicOp::Umin
                | AtomicOp::Umax
                | AtomicOp::And
                | AtomicOp::Or
                | AtomicOp::Xor
        )
    }

    /// The data sizes the operation takes: integer atomics d16u32 (16-bit memory, 32-bit
    /// register), d32 and d64; float atomics d32 and d64 (F and DF).
    pub fn admits(self, size: DataSize) -> bool {
        if self.is_float() {
            matches!(size, DataSize::D32 | DataSize::D64)
        } else {
            matches!(size, DataSize::D16u32 | DataSize::D32 | DataSize::D64)
        }
    }
}

/// The family of a gather/scatter sub-op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UntypedKind {
    Load,
    Store,
    LoadStrided,
    StoreStrided,
    LoadQuad,
    StoreQuad,
    Atomic(AtomicOp),
}

impl UntypedKind {
    pub fn of(mnemonic: &str) -> Option<UntypedKind> {
        Some(match mnemonic {
            "lsc_load" => UntypedKind::Load,
            "lsc_store" | "lsc_store_uncompressed" => UntypedKind::Store,
            "lsc_load_strided" => UntypedKind::LoadStrided,
            "lsc_store_strided" => UntypedKind::StoreStrided,
            "lsc_load_quad" => UntypedKind::LoadQuad,
            "lsc_store_quad" => UntypedKind::StoreQuad,
            other => UntypedKind::Atomic(AtomicOp::from_mnemonic(other)?),
        })
    }

    /// Whether the data operand comes first (`DstData`): loads and atomics.
    pub fn is_load(self) -> bool {
        matches!(
            self,
            UntypedKind::Load
                | UntypedKind::LoadStrided
                | UntypedKind::LoadQuad
                | UntypedKind::Atomic(_)
        )
    }
}

/// The channels of a quad form's shape suffix (`.xyzw`, `.xz`): ChMask bits x=1, y=2, z=4,
/// w=8, the letters in that order.
pub fn parse_ch_mask(s: &str) -> Option<u8> {
    let mut mask = 0u8;
    let mut last = None;
    for c in s.chars() {
        let bit = "xyzw".find(c)?;
        if last.is_some_and(|l| l >= bit) {
            return None;
        }
        last = Some(bit);
        mask |= 1 << bit;
    }
    (mask != 0).then_some(mask)
}

/// The operands of an LSC message by name: LSC_UNTYPED's `lsc_load`, `lsc_store`,
/// `lsc_store_uncompressed`, strided, quad, `lsc_atomic_*` and `lsc_load_status` forms, and
/// LSC_TYPED's (unit `.tgm`) quad, status, atomic and uncompressed-store forms, or the
/// append-counter atomics' (instructions/LSC_UNTYPED.md and LSC_TYPED.md, Format and the
/// operand descriptions).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LscOperands {
    Message(MessageOperands),
    Apndctr(ApndctrOperands),
}

impl LscOperands {
    /// The operands in the order the text writes them, as general sources.
    pub fn sources(&self) -> Vec<Src> {
        match self {
            LscOperands::Message(m) => m.sources(),
            LscOperands::Apndctr(a) => vec![a.surface.to_src(), a.src0_data.to_src()],
        }
    }
}

/// The operands of a gather/scatter, strided, quad, atomic or status message. `DstData` (a
/// load's, an atomic's, LOAD_STATUS's) is the instruction's `dst`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MessageOperands {
    /// `(Surface)` of a stateful address (`bti`, `bss`, `ss`): an immediate UD index or the
    /// first UD of a general variable. `None` for the stateless address types (`flat`,
    /// `arg`), whose `Base` needs none.
    pub surface: Option<Scalar>,
    /// `Src0Addrs` from its variable's start: the strided forms' `Src0AddrBase` (one
    /// address), LSC_TYPED's `Src0AddrsU`.
    pub src0_addrs: Payload,
    /// `Src0AddrPitch` of the strided forms when written: an immediate D or the first D of a
    /// general variable.
    pub src0_addr_pitch: Option<Scalar>,
    /// `Src1Data`: a store's data, an atomic's first data source. `None` for a load and for
    /// an atomic that reads no data (written `%null`).
    pub src1_data: Option<Payload>,
    /// `Src2Data`: the second data source of `lsc_atomic_icas` and `lsc_atomic_fcas`; `None`
    /// for every other form (written `%null` by the other atomics).
    pub src2_data: Option<Payload>,
    /// LSC_TYPED's `Src0AddrsV`, `Src0AddrsR` and `Src0AddrsLOD` of the quad and status
    /// forms; `None` when written `%null` or left out (0 in every lane) and for every other
    /// form.
    pub src0_addrs_v: Option<Payload>,
    pub src0_addrs_r: Option<Payload>,
    pub src0_addrs_lod: Option<Payload>,
}

impl MessageOperands {
    /// The operands in the order the text writes them: the surface, the address terms
    /// (`Src0Addrs`, the pitch or the coordinates V, R, LOD), then `Src1Data` and
    /// `Src2Data`. Operands the message does not have are left out.
    pub fn sources(&self) -> Vec<Src> {
        let scalars = [self.surface];
        let mut out: Vec<Src> = scalars.iter().flatten().map(Scalar::to_src).collect();
        out.push(self.src0_addrs.to_src());
        out.extend(self.src0_addr_pitch.as_ref().map(Scalar::to_src));
        let payloads = [
            self.src0_addrs_v,
            self.src0_addrs_r,
            self.src0_addrs_lod,
            self.src1_data,
            self.src2_data,
        ];
        out.extend(payloads.iter().flatten().map(Payload::to_src));
        out
    }

    /// The typed coordinates V, R and LOD, in that order.
    pub fn coordinates(&self) -> [Option<Payload>; 3] {
        [self.src0_addrs_v, self.src0_addrs_r, self.src0_addrs_lod]
    }
}

/// The operands of `lsc_apndctr_atomic_add` and `lsc_apndctr_atomic_sub`
/// (`DstData AddrType(Surface) Src0Data`): the surface holding the counter and `Src0Data`,
/// one d32 a lane. `DstData` is the instruction's `dst`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ApndctrOperands {
    /// `(Surface)`: an immediate UD index or the first UD of a general variable.
    pub surface: Scalar,
    /// `Src0Data` from its variable's start.
    pub src0_data: Payload,
}
