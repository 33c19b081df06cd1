//! LSC message descriptions shared by validation and the engines
//! (instructions/LSC_UNTYPED.md, Format and Description): the unit (`LscSFID`), caching
//! options, data sizes and shapes, and the checks of the gather/scatter forms
//! (`lsc_load`, `lsc_store`, `lsc_store_uncompressed`, the `lsc_atomic_*` sub-ops).
//!
//! `lsc_load`, `lsc_store` and `lsc_store_uncompressed` execute (their IR is built by
//! `validate::lsc`); the atomics validate fully and then report `unsupported`
//! (docs/memory.md).

use crate::asm::ast::{InsnLine, Operand, OperandKind, VarClass};
use crate::error::{Result, VisaError};
use crate::platform::Platform;
use crate::state::{AddrSize, AddrType, Vars, NULL};

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
            "d8u32" => DataSize::D8u32,
            "d16u32" => DataSize::D16u32,
            "d16u32h" => DataSize::D16u32h,
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

/// The gather/scatter sub-ops [`check_untyped`] validates, with their number of atomic data
/// sources.
fn untyped_kind(mnemonic: &str) -> Option<(bool, Option<usize>)> {
    // (is a load, atomic data sources)
    let kind = UntypedKind::of(mnemonic)?;
    Some((
        kind.is_load(),
        match kind {
            UntypedKind::Atomic(op) => Some(op.sources()),
            _ => None,
        },
    ))
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

/// Whether [`check_untyped`] knows the mnemonic.
pub fn is_checked_untyped(mnemonic: &str) -> bool {
    untyped_kind(mnemonic).is_some()
}

fn invalid(field: &str, message: impl Into<String>) -> VisaError {
    VisaError::invalid(message).field(field.to_string())
}

/// A general variable (or `%null` when `null_ok`) of at least `bytes` bytes.
pub(crate) fn general_var(
    vars: &Vars,
    name: &str,
    bytes: usize,
    null_ok: bool,
    field: &str,
) -> Result<()> {
    if name == NULL {
        return if null_ok {
            Ok(())
        } else {
            Err(invalid(field, "`%null` is not allowed here"))
        };
    }
    let Some(id) = vars.find(name) else {
        return Err(invalid(field, format!("`{name}` is not declared")));
    };
    let info = vars.get(id);
    if info.class != VarClass::General || info.grf_offset.is_none() {
        return Err(invalid(
            field,
            format!("`{name}` is not a general variable"),
        ));
    }
    if info.byte_size() < bytes {
        return Err(invalid(
            field,
            format!(
                "`{name}` has {} bytes; the operand spans {bytes}",
                info.byte_size()
            ),
        ));
    }
    Ok(())
}

/// The checked address operand of a gather/scatter form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UntypedAddress {
    pub addr_type: AddrType,
    pub addr_size: AddrSize,
    pub scale: i64,
    pub imm_offset: i64,
    pub addrs: String,
}

fn address(op: &Operand, sfid: Sfid, strided: bool) -> Result<(UntypedAddress, Option<Pitch>)> {
    let OperandKind::Address {
        space,
        surface,
        terms,
        size,
    } = &op.kind
    else {
        return Err(invalid("address", "expected an address `TYPE[ADDRS]:SIZE`"));
    };
    let addr_type = AddrType::from_name(space).ok_or_else(|| {
        invalid(
            "address",
            format!("address type `{space}` is not one of flat bss ss bti arg"),
        )
    })?;
    if addr_type.is_stateful() != surface.is_some() {
        return Err(invalid(
            "surface",
            if addr_type.is_stateful() {
                format!("a `{space}` address needs its surface `{space}(SURFACE)`")
            } else {
                format!("a `{space}` address takes no surface")
            },
        ));
    }
    if sfid == Sfid::Slm && addr_type != AddrType::Flat {
        return Err(invalid(
            "address",
            "shared local memory is addressed `flat`",
        ));
    }
    let Some(size) = size else {
        return Err(invalid(
            "address",
            "missing address size `:a16`, `:a32` or `:a64`",
        ));
    };
    let addr_size = AddrSize::from_name(size).ok_or_else(|| {
        invalid(
            "address",
            format!("address size `{size}` is not one of a16 a32 a64"),
        )
    })?;
    let (term, pitch) = match terms.as_slice() {
        [term] => (term, None),
        [term, pitch] if strided => {
            let p = match (&pitch.base, pitch.scale) {
                (None, None) => Pitch::Imm(pitch.offset),
                (Some(v), None) if pitch.offset == 0 => Pitch::Var(v.clone()),
                _ => {
                    return Err(invalid(
                        "address",
                        "Src0AddrPitch is an immediate or a variable",
                    ))
                }
            };
            if let Pitch::Imm(i) = p {
                if i32::try_from(i).is_err() {
                    return Err(invalid(
                        "address",
                        format!("Src0AddrPitch {i} does not fit a d value"),
                    ));
                }
            }
            (term, Some(p))
        }
        _ => {
            return Err(invalid(
                "address",
                if strided {
                    "expected `[SCALE*]ADDRS[+OFFSET][, PITCH]`"
                } else {
                    "expected one address term `[SCALE*]ADDRS[+OFFSET]`"
                },
            ))
        }
    };
    let Some(addrs) = &term.base else {
        return Err(invalid("address", "the address names no variable"));
    };
    let scale = term.scale.unwrap_or(1);
    // AddrScale is a uw field; AddrImmOffset a d field.
    if !(1..=0xffff).contains(&scale) {
        return Err(invalid(
            "address",
            format!("AddrScale {scale} is outside 1..=0xffff"),
        ));
    }
    if i32::try_from(term.offset).is_err() {
        return Err(invalid(
            "address",
            format!("AddrImmOffset {} does not fit a d field", term.offset),
        ));
    }
    Ok((
        UntypedAddress {
            addr_type,
            addr_size,
            scale,
            imm_offset: term.offset,
            addrs: addrs.clone(),
        },
        pitch,
    ))
}

/// `Src0AddrPitch` of a strided form as written: an immediate or a variable's first D.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pitch {
    Imm(i64),
    Var(String),
}

/// The fields of a checked gather/scatter line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UntypedForm {
    pub sfid: Sfid,
    pub l1: CacheOpt,
    pub l3: CacheOpt,
    pub shape: DataShape,
    pub address: UntypedAddress,
    /// The data operand's variable (`DstData` of a load, `Src1Data` of a store), or `%null`.
    pub data: String,
    /// The sub-op's family.
    pub kind: UntypedKind,
    /// ChMask of the quad forms (x=1, y=2, z=4, w=8); 0 otherwise.
    pub ch_mask: u8,
    /// `Src0AddrPitch` of the strided forms when written.
    pub pitch: Option<Pitch>,
    /// The atomics' `Src1Data` and `Src2Data` as written (`%null` when unused).
    pub atomic_srcs: Vec<String>,
}

/// The SFID and the (L1, L3) caching options of an LSC instruction's modifiers (`.ugm.ca.ca`):
/// the unit first, then at most two caching options, `.df` for those left out.
pub(crate) fn unit_and_caching(mods: &[String]) -> Result<(Sfid, CacheOpt, CacheOpt)> {
    let Some((sfid, caching)) = mods.split_first() else {
        return Err(invalid(
            "sfid",
            "missing the unit `.ugm`, `.ugml` or `.slm`",
        ));
    };
    let sfid = Sfid::from_name(sfid)
        .ok_or_else(|| invalid("sfid", format!("`.{sfid}` is not one of ugm ugml slm")))?;
    let opts = caching
        .iter()
        .map(|c| {
            CacheOpt::from_name(c)
                .ok_or_else(|| invalid("caching", format!("`.{c}` is not a caching option")))
        })
        .collect::<Result<Vec<_>>>()?;
    let (l1, l3) = match opts.as_slice() {
        [] => (CacheOpt::Df, CacheOpt::Df),
        [l1] => (*l1, CacheOpt::Df),
        [l1, l3] => (*l1, *l3),
        _ => return Err(invalid("caching", "at most two caching options (L1, L3)")),
    };
    Ok((sfid, l1, l3))
}

/// Validates a gather/scatter LSC_UNTYPED line whose execution size `exec_size` is already
/// checked (instructions/LSC_UNTYPED.md: Format, operand descriptions, Text).
pub fn check_untyped(
    line: &InsnLine,
    exec_size: u32,
    vars: &Vars,
    platform: Platform,
) -> Result<UntypedForm> {
    let Some(kind) = UntypedKind::of(&line.opcode) else {
        return Err(invalid(
            "opcode",
            format!("`{}` is not a gather/scatter LSC form", line.opcode),
        ));
    };
    let Some((load, atomic)) = untyped_kind(&line.opcode) else {
        return Err(invalid(
            "opcode",
            format!("`{}` is not a gather/scatter LSC form", line.opcode),
        ));
    };
    // Modifiers: SFID, then CachingL1 and CachingL3.
    let (sfid, l1, l3) = unit_and_caching(&line.mods)?;
    let caching = line.mods.get(1..).unwrap_or_default();
    if sfid == Sfid::Slm && (l1, l3) != (CacheOpt::Df, CacheOpt::Df) {
        return Err(invalid(
            "caching",
            "SLM accesses take the default caching `.df`",
        ));
    }
    // Atomics are read-modify-writes; the table's store column is for stores.
    let cached = match atomic {
        Some(_) => caching_allowed(l1, l3, true) || caching_allowed(l1, l3, false),
        None => caching_allowed(l1, l3, load),
    };
    if !cached {
        return Err(invalid(
            "caching",
            format!(
                "caching `{}` is not a combination of the CachingL1 table for a {}",
                caching.join("."),
                if load { "load" } else { "store" }
            ),
        ));
    }
    // Atomics always write Src1Data and Src2Data, `%null` when unused (Text, Examples).
    let want = if atomic.is_some() { 4 } else { 2 };
    if line.operands.len() != want {
        return Err(invalid(
            "operands",
            format!(
                "`{}` takes {want} operands, {} given",
                line.opcode,
                line.operands.len()
            ),
        ));
    }
    let (data, addr) = if load {
        (&line.operands[0], &line.operands[1])
    } else {
        (&line.operands[1], &line.operands[0])
    };
    let data_field = if load { "dst" } else { "src1" };
    let OperandKind::Data { name, shape } = &data.kind else {
        return Err(invalid(data_field, "expected a data operand `V:SHAPE`"));
    };
    let quad = matches!(kind, UntypedKind::LoadQuad | UntypedKind::StoreQuad);
    let (shape, ch_mask) = match (quad, shape.split_once('.')) {
        (true, Some((size, chans))) => {
            let Some(mask) = parse_ch_mask(chans) else {
                return Err(invalid(
                    data_field,
                    format!("`.{chans}` is not a channel mask of x y z w in order"),
                ));
            };
            let mut shape = DataShape::parse(size).map_err(|e| e.field(data_field))?;
            if shape.vect_size != 1 || shape.transposed {
                return Err(invalid(
                    data_field,
                    "a quad form's shape is `DataSize.CHANNELS`, not transposed",
                ));
            }
            // One register block per enabled channel (LOAD_QUAD: DstData[m]).
            shape.vect_size = mask.count_ones();
            (shape, mask)
        }
        (true, None) => {
            return Err(invalid(
                data_field,
                "a quad form names its channels: `d32.xyzw`",
            ))
        }
        (false, _) => (DataShape::parse(shape).map_err(|e| e.field(data_field))?, 0),
    };
    if let UntypedKind::Atomic(op) = kind {
        if !op.admits(shape.size) {
            return Err(invalid(
                data_field,
                format!(
                    "`{}` does not take data size {}",
                    line.opcode,
                    shape.size.name()
                ),
            ));
        }
    }
    if shape.transposed {
        // Description: transpose is SIMD1 only and not permitted for atomics.
        if atomic.is_some() {
            return Err(invalid(data_field, "atomics take no transposed data"));
        }
        if exec_size != 1 {
            return Err(invalid(
                "exec_size",
                format!("a transposed access is SIMD1, not SIMD{exec_size}"),
            ));
        }
    }
    if atomic.is_some() && shape.vect_size != 1 {
        return Err(invalid(
            data_field,
            "atomics access one element per address",
        ));
    }
    let grf = platform.grf_size();
    general_var(vars, name, shape.reg_span(exec_size, grf), load, data_field)?;
    let strided = matches!(kind, UntypedKind::LoadStrided | UntypedKind::StoreStrided);
    let (a, pitch) = address(addr, sfid, strided)?;
    if let Some(Pitch::Var(v)) = &pitch {
        general_var(vars, v, 4, false, "src0")?;
    }
    // The strided forms take one address, Src0AddrBase.
    let lanes = if shape.transposed || strided {
        1
    } else {
        exec_size as usize
    };
    general_var(vars, &a.addrs, lanes * a.addr_size.bytes(), false, "src0")?;
    let sources = atomic.unwrap_or(0);
    let mut atomic_srcs = Vec::new();
    for (k, op) in line.operands[2..].iter().enumerate() {
        let field = format!("src{}", k + 1);
        let name = match &op.kind {
            OperandKind::Name(n) | OperandKind::Data { name: n, .. } => n,
            OperandKind::Var {
                name,
                origin,
                region: None,
                ty: None,
                modifier: None,
            } if origin.is_empty() => name,
            _ => {
                return Err(invalid(
                    &field,
                    "expected an atomic data variable or `%null`",
                ))
            }
        };
        atomic_srcs.push(name.clone());
        if k >= sources {
            if name != NULL {
                return Err(invalid(
                    &field,
                    format!(
                        "`{}` takes {sources} data sources: this one is `%null`",
                        line.opcode
                    ),
                ));
            }
            continue;
        }
        general_var(vars, name, shape.reg_span(exec_size, grf), false, &field)?;
    }
    Ok(UntypedForm {
        sfid,
        l1,
        l3,
        shape,
        address: a,
        data: name.clone(),
        kind,
        ch_mask,
        pitch,
        atomic_srcs,
    })
}

/// A block 2D data operand's shape `DataSize.[Blocks x]BlockWidth x BlockHeight` followed by
/// the transpose and VNNI letters (`d16.2x16x32nn`; instructions/LSC_UNTYPED.md, Text and
/// Examples). The counts are as written (BLOCK2D-MINUS-ONE resolved).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Block2dShape {
    pub size: DataSize,
    /// `Blocks`, `BlockWidth` (elements) and `BlockHeight` (rows).
    pub blocks: u32,
    pub width: u32,
    pub height: u32,
    /// DataOrder transposed (the first letter `t`) and `VNNI` (the second letter `t`).
    pub transpose: bool,
    pub vnni: bool,
}

impl Block2dShape {
    pub fn parse(s: &str) -> Result<Block2dShape> {
        let bad = |why: &str| {
            VisaError::invalid(format!(
                "block 2D shape `{s}`: {why} (expected `DataSize.[Blocks x]BlockWidth x BlockHeight` and two of n|t)"
            ))
        };
        let (size, rest) = s.split_once('.').ok_or_else(|| bad("no `.`"))?;
        let size = DataSize::from_name(size).ok_or_else(|| bad("unknown data size"))?;
        let letters: String = rest
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        let letters: String = letters.chars().rev().collect();
        let counts = &rest[..rest.len() - letters.len()];
        let (transpose, vnni) = match letters.as_str() {
            "" | "nn" => (false, false),
            "tn" => (true, false),
            "nt" => (false, true),
            "tt" => (true, true),
            _ => return Err(bad("the letters are two of n|t")),
        };
        let nums: Vec<u32> = counts
            .split('x')
            .map(|n| n.parse::<u32>().map_err(|_| bad("a count is not a number")))
            .collect::<Result<_>>()?;
        let (blocks, width, height) = match nums.as_slice() {
            [w, h] => (1, *w, *h),
            [b, w, h] => (*b, *w, *h),
            _ => return Err(bad("two or three counts")),
        };
        Ok(Block2dShape {
            size,
            blocks,
            width,
            height,
            transpose,
            vnni,
        })
    }

    pub fn text(&self) -> String {
        format!(
            "{}.{}x{}x{}{}{}",
            self.size.name(),
            self.blocks,
            self.width,
            self.height,
            if self.transpose { 't' } else { 'n' },
            if self.vnni { 't' } else { 'n' }
        )
    }

    /// The register layout of LOAD_BLOCK2D for counts (B, W, H): `grf_row_size`,
    /// `grf_row_pitch`, `grf_block_size`, `grf_block_pitch` (in elements) for a `grf`-byte
    /// register.
    pub fn layout(&self, b_w_h: (u32, u32, u32), grf: usize) -> Block2dLayout {
        let (_, w, h) = b_w_h;
        let elems_per_reg = grf / self.size.mem_bytes();
        let grf_row_size = if self.transpose { h } else { w } as usize;
        let grf_row_pitch = grf_row_size.next_power_of_two();
        let grf_block_size = grf_row_pitch * if self.transpose { w } else { h } as usize;
        let grf_block_pitch = grf_block_size.div_ceil(elems_per_reg) * elems_per_reg;
        Block2dLayout {
            grf_row_pitch,
            grf_block_size,
            grf_block_pitch,
        }
    }

    /// Checks the shape against the documents' limits of the block 2D messages
    /// (BLOCK2D-LIMITS literal; the resolved reading adds [`Block2dShape::check_published_limits`]:
    /// block 2D exists on xe-hpc and xe2; 1, 2 or 4 blocks; a height of 1 to 32
    /// rows; `Blocks*BlockWidth*sizeof(DataSize)` at most 64 bytes; transpose on d32 and d64
    /// with one block, at most 16 (d64: 8) wide; VNNI on d8 and d16 only; a store writes
    /// one untransposed, untransformed block).
    pub fn check_limits(&self, platform: Platform, store: bool) -> Result<()> {
        let lim =
            |why: String| VisaError::invalid(format!("block 2D shape `{}`: {why}", self.text()));
        if !matches!(platform, Platform::XeHpc | Platform::Xe2) {
            return Err(VisaError::invalid(format!(
                "block 2D messages exist on xe-hpc and xe2, not on {}",
                platform.name()
            )));
        }
        let bytes = self.size.mem_bytes() as u32;
        if !matches!(
            self.size,
            DataSize::D8 | DataSize::D16 | DataSize::D32 | DataSize::D64
        ) {
            return Err(lim("the data size is d8, d16, d32 or d64".into()));
        }
        if ![1, 2, 4].contains(&self.blocks) {
            return Err(lim(format!("{} blocks: 1, 2 or 4", self.blocks)));
        }
        if !(1..=32).contains(&self.height) {
            return Err(lim(format!("a height of {} rows: 1 to 32", self.height)));
        }
        if self.width == 0 || self.blocks * self.width * bytes > 64 {
            return Err(lim(format!(
                "Blocks*BlockWidth*sizeof = {} bytes: 1 to 64",
                self.blocks * self.width * bytes
            )));
        }
        if self.transpose {
            if !matches!(self.size, DataSize::D32 | DataSize::D64) || self.blocks != 1 {
                return Err(lim("transpose takes d32 or d64 and one block".into()));
            }
            // A transposed block's columns become register rows: d32 up to 16, d64 up to 8.
            let max_width = if bytes == 8 { 8 } else { 16 };
            if self.width > max_width {
                return Err(lim(format!(
                    "a transposed width of {}: d32 up to 16, d64 up to 8",
                    self.width
                )));
            }
        }
        if self.vnni && !matches!(self.size, DataSize::D8 | DataSize::D16) {
            return Err(lim("VNNI takes d8 or d16".into()));
        }
        if self.vnni && !self.height.is_multiple_of(4 / bytes) {
            return Err(lim(format!(
                "a VNNI height of {} rows is not a multiple of {}",
                self.height,
                4 / bytes
            )));
        }
        if store && (self.blocks != 1 || self.transpose || self.vnni) {
            return Err(lim(
                "a store writes one block, untransposed and untransformed (`nn`)".into(),
            ));
        }
        Ok(())
    }

    /// Checks the shape against the restrictions Intel's ESIMD API enforces (BLOCK2D-LIMITS
    /// resolved; intel/llvm, sycl/include/sycl/ext/intel/experimental/esimd/memory.hpp,
    /// `detail::check_lsc_block_2d_restrictions`), on top of [`Block2dShape::check_limits`].
    /// The same rules on xe-hpc and xe2.
    pub fn check_published_limits(&self, platform: Platform, store: bool) -> Result<()> {
        self.check_limits(platform, store)?;
        let lim = |why: String| {
            VisaError::invalid(format!(
                "block 2D shape `{}`: {why} (Intel's published limits, BLOCK2D-LIMITS)",
                self.text()
            ))
        };
        let bytes = self.size.mem_bytes() as u32;
        if !(self.width * bytes).is_multiple_of(4) {
            return Err(lim(format!(
                "BlockWidth*sizeof = {} bytes is not a whole number of dwords",
                self.width * bytes
            )));
        }
        if self.transpose {
            if bytes == 8 && (self.height != 8 || ![1, 2, 4].contains(&self.width)) {
                return Err(lim(
                    "a transposed d64 block is 8 rows high and 1, 2 or 4 wide".into(),
                ));
            }
            if bytes == 4 && self.width > 8 {
                return Err(lim(format!(
                    "a transposed d32 width of {}: up to 8",
                    self.width
                )));
            }
        } else if self.vnni {
            if self.width > 16 {
                return Err(lim(format!("a VNNI width of {}: up to 16", self.width)));
            }
        } else if store {
            if self.height > 8 {
                return Err(lim(format!(
                    "a store height of {} rows: up to 8",
                    self.height
                )));
            }
        } else {
            // A plain load: up to 4 blocks of d8 and d16, 2 of d32, 1 of d64.
            let max_blocks = if bytes == 1 { 4 } else { 8 / bytes };
            if self.blocks > max_blocks {
                return Err(lim(format!(
                    "{} blocks of {}: up to {max_blocks}",
                    self.blocks,
                    self.size.name()
                )));
            }
        }
        Ok(())
    }
}

/// The surface of a block 2D message (bytes and rows, decoded from the operands) against the
/// limits Intel publishes (BLOCK2D-LIMITS resolved; oneapi-src/oneDNN,
/// src/gpu/jit/ir/block_2d_utils.hpp, `block_2d_width_ok`, `block_2d_height_ok`,
/// `block_2d_pitch_ok`, `block_2d_base_alignment`): a width of 64 to 2^24 bytes, a multiple
/// of `max(4, elem)`; at most 2^24 rows; a pitch of 64 to 2^24 bytes, a multiple of 16; a
/// 64-byte-aligned base. `Err` names the first limit the surface breaks.
pub fn block2d_surface_limits(
    base: i128,
    width: i128,
    height: i128,
    pitch: i128,
    elem: i128,
) -> std::result::Result<(), String> {
    const MAX: i128 = 1 << 24;
    if !(64..=MAX).contains(&width) || width % elem.max(4) != 0 {
        return Err(format!(
            "a surface width of {width} bytes: 64 to 2^24, a multiple of {}",
            elem.max(4)
        ));
    }
    if !(1..=MAX).contains(&height) {
        return Err(format!("a surface height of {height} rows: 1 to 2^24"));
    }
    if !(64..=MAX).contains(&pitch) || pitch % 16 != 0 {
        return Err(format!(
            "a surface pitch of {pitch} bytes: 64 to 2^24, a multiple of 16"
        ));
    }
    if base % 64 != 0 {
        return Err(format!("a surface base 0x{base:x} not 64-byte aligned"));
    }
    Ok(())
}

/// See [`Block2dShape::layout`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block2dLayout {
    pub grf_row_pitch: usize,
    pub grf_block_size: usize,
    pub grf_block_pitch: usize,
}
