//! The legacy dataport's message descriptors (the data cache's shared functions DC0 and
//! DC1) on gen9, gen11 and xe-lp, read as the message a legacy dataport document executes.
//!
//! The layouts are the hardware's (Intel's public PRMs, "Data Port Messages") as IGA's
//! legacy decoder reads them (intel/intel-graphics-compiler,
//! `visa/iga/IGALibrary/Backend/Messages/MessageDecoderHDC.cpp`: `tryDecodeDC0`,
//! `tryDecodeDC0BSRW`, `tryDecodeDC1`, `setHdcIntAtomicMessage`, `setHdcOwBlock`), which
//! `iga64 -Xdsd` runs; the committed corpus (conformance/tests/data/iga-dsd/) checks
//! [`decode`] against it. Which message each vISA document sends is IGC's translation of
//! the documents (`visa/VisaToG4/TranslateSendLdStLegacy.cpp`: OWORD_LD sends DC0's
//! message type 0, OWORD_LD_UNALIGNED type 1, with the offset in the header's third dword).
//!
//! Fields every message has: `Desc[18:14]` the message type, `Desc[19]` the header,
//! `Desc[7:0]` the binding-table index (254 shared local memory, 255 and 253 stateless,
//! coherent and not). The decoded set:
//!
//! | unit | type | message | document |
//! | --- | --- | --- | --- |
//! | DC0 | 0x04, 0x0C | byte scattered read, write; `Desc[11:10]` 1, 2 or 4 bytes, `Desc[8]` SIMD16 | GATHER_SCALED, SCATTER_SCALED |
//! | DC0 | 0x00, 0x01, 0x08 | oword block read, unaligned oword block read, oword block write; `Desc[10:8]` 1, 2, 4, 8 owords | OWORD_LD, OWORD_LD_UNALIGNED, OWORD_ST |
//! | DC1 | 0x01, 0x09 | untyped surface read, write; `Desc[11:8]` the channels disabled, `Desc[13:12]` 1 SIMD16, 2 SIMD8 | GATHER4_SCALED, SCATTER4_SCALED |
//! | DC1 | 0x02 | untyped atomic int32; `Desc[11:8]` the operation, `Desc[12]` SIMD8, `Desc[13]` returns | DWORD_ATOMIC |

use super::svm::AtomicOp;
use crate::platform::Platform;

/// The shared function ids of the data cache (IGC's `SFID` enum).
pub const DC0: u8 = 0xA;
pub const DC1: u8 = 0xC;

/// The binding-table index of shared local memory.
pub const SLM_BTI: u32 = 254;
/// The binding-table index of coherent stateless access.
pub const STATELESS_BTI: u32 = 255;
/// The binding-table index of non-coherent stateless access.
pub const STATELESS_INCOHERENT_BTI: u32 = 253;

/// A field `[hi:lo]` of a descriptor.
fn bits(word: u32, hi: u32, lo: u32) -> u32 {
    (word >> lo) & (u32::MAX >> (31 - (hi - lo)))
}

/// The surface of a legacy message, from its binding-table index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HdcSurface {
    /// 254: shared local memory (vISA's `T0`).
    Slm,
    /// 255 (coherent) or 253 (not): stateless, flat 32-bit addresses (vISA's `T5`).
    Stateless { coherent: bool },
}

impl HdcSurface {
    /// As `iga64` writes it (`slm`, `stateless`, `stateless_incoherent`).
    pub fn name(self) -> &'static str {
        match self {
            HdcSurface::Slm => "slm",
            HdcSurface::Stateless { coherent: true } => "stateless",
            HdcSurface::Stateless { coherent: false } => "stateless_incoherent",
        }
    }

    /// The binding-table index.
    pub fn bti(self) -> u32 {
        match self {
            HdcSurface::Slm => SLM_BTI,
            HdcSurface::Stateless { coherent: true } => STATELESS_BTI,
            HdcSurface::Stateless { coherent: false } => STATELESS_INCOHERENT_BTI,
        }
    }
}

/// The oword block messages of DC0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwordKind {
    /// Type 0x00: oword block read, the header's offset in owords (OWORD_LD).
    Read,
    /// Type 0x01: unaligned oword block read, the offset in bytes (OWORD_LD_UNALIGNED).
    UnalignedRead,
    /// Type 0x08: oword block write, the offset in owords (OWORD_ST).
    Write,
}

/// The decoded legacy messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HdcOp {
    /// DC0 0x04 and 0x0C: byte scattered read and write of `bytes` (1, 2 or 4) a lane.
    ByteScattered { store: bool, bytes: u32 },
    /// DC0 0x00, 0x01 and 0x08: an oword block of `owords` (1, 2, 4 or 8).
    OwordBlock { kind: OwordKind, owords: u32 },
    /// DC1 0x01 and 0x09: untyped surface read and write of the enabled channels (`ch_mask`
    /// R bit 0; the descriptor holds the disabled ones).
    UntypedSurface { store: bool, ch_mask: u8 },
    /// DC1 0x02: untyped atomic int32, `ret` when it returns the old values.
    UntypedAtomic { op: AtomicOp, ret: bool },
}

/// A decoded legacy dataport message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HdcMessage {
    pub sfid: u8,
    pub op: HdcOp,
    pub surface: HdcSurface,
    /// The lanes (8 or 16); 1 for the oword blocks.
    pub simd: u32,
    /// `Desc[19]`: the payload starts with a header register (the oword blocks).
    pub header: bool,
    /// `Desc[28:25]`.
    pub mlen: u32,
    /// `Desc[24:20]`.
    pub rlen: u32,
}

/// The integer operations of the untyped atomic (`Desc[11:8]`, IGA's `AtomicIntegerOp`) as
/// DWORD_ATOMIC's, with IGA's names; `None` where DWORD_ATOMIC has no such 32-bit
/// operation (0x0, the 64-bit compare-exchange; 0x9, the reversed subtraction).
fn atomic_of(code: u32) -> Option<(AtomicOp, &'static str)> {
    Some(match code {
        0x1 => (AtomicOp::And, "atomic_and"),
        0x2 => (AtomicOp::Or, "atomic_or"),
        0x3 => (AtomicOp::Xor, "atomic_xor"),
        0x4 => (AtomicOp::Xchg, "atomic_store"),
        0x5 => (AtomicOp::Inc, "atomic_iinc"),
        0x6 => (AtomicOp::Dec, "atomic_idec"),
        0x7 => (AtomicOp::Add, "atomic_iadd"),
        0x8 => (AtomicOp::Sub, "atomic_isub"),
        0xA => (AtomicOp::Imax, "atomic_smax"),
        0xB => (AtomicOp::Imin, "atomic_smin"),
        0xC => (AtomicOp::Max, "atomic_umax"),
        0xD => (AtomicOp::Min, "atomic_umin"),
        0xE => (AtomicOp::Cmpxchg, "atomic_icas"),
        0xF => (AtomicOp::Predec, "atomic_iipdec"),
        _ => return None,
    })
}

/// The untyped atomic's `Desc[11:8]` of a DWORD_ATOMIC operation, if it has one.
pub fn atomic_code(op: AtomicOp) -> Option<u32> {
    (0..16).find(|c| atomic_of(*c).is_some_and(|(o, _)| o == op))
}

impl HdcMessage {
    /// As `iga64 -Xdsd` writes the message's syntax (`hdc_load_simd8.slm.a32.d8u32`,
    /// `hdc_untyped_atomic_iadd_ret_simd16.stateless.a32.d32`).
    pub fn text(&self) -> String {
        let surface = self.surface.name();
        match self.op {
            HdcOp::ByteScattered { store, bytes } => {
                let data = match bytes {
                    1 => "d8u32",
                    2 => "d16u32",
                    _ => "d32",
                };
                let op = if store { "store" } else { "load" };
                format!("hdc_{op}_simd{}.{surface}.a32.{data}", self.simd)
            }
            HdcOp::OwordBlock { kind, owords } => {
                let op = match kind {
                    OwordKind::Read => "load_block",
                    OwordKind::UnalignedRead => "aligned_load_block128",
                    OwordKind::Write => "store_block",
                };
                format!("hdc_{op}.{surface}.a32.d128x{owords}")
            }
            HdcOp::UntypedSurface { store, ch_mask } => {
                let op = if store { "store" } else { "load" };
                let channels: String = "xyzw"
                    .chars()
                    .enumerate()
                    .filter(|(i, _)| ch_mask & (1 << i) != 0)
                    .map(|(_, c)| c)
                    .collect();
                format!(
                    "hdc_untyped_{op}_simd{}.{surface}.a32.d32.{channels}",
                    self.simd
                )
            }
            HdcOp::UntypedAtomic { op, ret } => {
                let name = atomic_code(op)
                    .and_then(atomic_of)
                    .map_or("atomic", |(_, n)| n);
                let ret = if ret { "_ret" } else { "" };
                format!(
                    "hdc_untyped_{name}{ret}_simd{}.{surface}.a32.d32",
                    self.simd
                )
            }
        }
    }

    /// Whether the message returns data.
    pub fn is_load(&self) -> bool {
        match self.op {
            HdcOp::ByteScattered { store, .. } | HdcOp::UntypedSurface { store, .. } => !store,
            HdcOp::OwordBlock { kind, .. } => kind != OwordKind::Write,
            HdcOp::UntypedAtomic { ret, .. } => ret,
        }
    }

    /// The data sources the payload carries after the addresses (a store's data, an
    /// atomic's operands).
    pub fn data_sources(&self) -> u32 {
        match self.op {
            HdcOp::ByteScattered { store, .. } | HdcOp::UntypedSurface { store, .. } => {
                u32::from(store)
            }
            HdcOp::OwordBlock { kind, .. } => u32::from(kind == OwordKind::Write),
            HdcOp::UntypedAtomic { op, .. } => op.num_srcs() as u32,
        }
    }

    /// The registers of the address part of the payload: the header of an oword block, one
    /// dword offset a lane otherwise.
    pub fn address_registers(&self, grf: usize) -> u32 {
        match self.op {
            HdcOp::OwordBlock { .. } => 1,
            _ => (4 * self.simd as usize).div_ceil(grf) as u32,
        }
    }

    /// The registers of one data block (what a load returns, a store's data, each of an
    /// atomic's sources): a dword a lane for each channel, an oword block's bytes.
    pub fn data_registers(&self, grf: usize) -> u32 {
        let lane = (4 * self.simd as usize).div_ceil(grf) as u32;
        match self.op {
            HdcOp::ByteScattered { .. } | HdcOp::UntypedAtomic { .. } => lane,
            HdcOp::UntypedSurface { ch_mask, .. } => lane * ch_mask.count_ones(),
            HdcOp::OwordBlock { owords, .. } => (16 * owords as usize).div_ceil(grf) as u32,
        }
    }
}

/// Decodes a DC0 or DC1 descriptor on gen9, gen11 or xe-lp; on failure, why (the fields
/// read so far are pushed on `fields`).
pub fn decode(
    platform: Platform,
    sfid: u8,
    desc: u32,
    fields: &mut Vec<String>,
) -> Result<HdcMessage, String> {
    if !matches!(platform, Platform::Gen9 | Platform::Gen11 | Platform::XeLp) {
        return Err(format!(
            "the legacy dataport's descriptors are decoded on gen9, gen11 and xe-lp; not on {}",
            platform.name()
        ));
    }
    let msg_type = bits(desc, 18, 14);
    let header = bits(desc, 19, 19) == 1;
    let bti = bits(desc, 7, 0);
    fields.push(format!("Desc[18:14]=0x{msg_type:02x}"));
    fields.push(format!("Header={}", u32::from(header)));
    fields.push(format!("BTI={bti}"));
    let surface = match bti {
        SLM_BTI => HdcSurface::Slm,
        STATELESS_BTI => HdcSurface::Stateless { coherent: true },
        STATELESS_INCOHERENT_BTI => HdcSurface::Stateless { coherent: false },
        _ => {
            return Err(format!(
                "binding-table index {bti}: a vISA surface variable holds the index of a \
                 buffer, not the descriptor; only SLM (254) and stateless (255, 253) are decoded"
            ))
        }
    };
    let headerless = |what: &str| -> Result<(), String> {
        if header {
            Err(format!(
                "a {what} with a header: the header's fields are not modelled"
            ))
        } else {
            Ok(())
        }
    };
    let zero = |hi: u32, lo: u32| -> Result<(), String> {
        if bits(desc, hi, lo) == 0 {
            Ok(())
        } else {
            Err(format!(
                "Desc[{hi}:{lo}] is set, a field this message does not define"
            ))
        }
    };
    let (op, simd) = match (sfid, msg_type) {
        (DC0, 0x04 | 0x0C) => {
            headerless("byte scattered message")?;
            zero(12, 12)?;
            zero(9, 9)?;
            let bytes = match bits(desc, 11, 10) {
                0 => 1,
                1 => 2,
                2 => 4,
                _ => return Err("Desc[11:10] (data size) is 3, reserved".to_string()),
            };
            let simd = if bits(desc, 8, 8) == 1 { 16 } else { 8 };
            let store = msg_type == 0x0C;
            (HdcOp::ByteScattered { store, bytes }, simd)
        }
        (DC0, 0x00 | 0x01 | 0x08) => {
            if !header {
                return Err("an oword block message without its header".to_string());
            }
            zero(13, 11)?;
            let owords =
                match bits(desc, 10, 8) {
                    0 => 1,
                    2 => 2,
                    3 => 4,
                    4 => 8,
                    1 => return Err(
                        "Desc[10:8]=1: one oword in the high half of the register is not decoded"
                            .to_string(),
                    ),
                    other => return Err(format!("Desc[10:8]={other}: an oword count not decoded")),
                };
            let kind = match msg_type {
                0x00 => OwordKind::Read,
                0x01 => OwordKind::UnalignedRead,
                _ => OwordKind::Write,
            };
            (HdcOp::OwordBlock { kind, owords }, 1)
        }
        (DC1, 0x01 | 0x09) => {
            headerless("untyped surface message")?;
            let disabled = bits(desc, 11, 8);
            if disabled == 0xF {
                return Err("Desc[11:8] disables every channel".to_string());
            }
            let simd = match bits(desc, 13, 12) {
                1 => 16,
                2 => 8,
                other => return Err(format!("Desc[13:12]={other}: not SIMD8 or SIMD16")),
            };
            let store = msg_type == 0x09;
            let ch_mask = (!disabled & 0xF) as u8;
            (HdcOp::UntypedSurface { store, ch_mask }, simd)
        }
        (DC1, 0x02) => {
            headerless("untyped atomic")?;
            let code = bits(desc, 11, 8);
            let Some((op, _)) = atomic_of(code) else {
                return Err(format!(
                    "atomic operation Desc[11:8]=0x{code:x} has no 32-bit DWORD_ATOMIC operation"
                ));
            };
            let simd = if bits(desc, 12, 12) == 1 { 8 } else { 16 };
            let ret = bits(desc, 13, 13) == 1;
            (HdcOp::UntypedAtomic { op, ret }, simd)
        }
        (DC0, _) => return Err(format!("DC0 message type 0x{msg_type:02x} is not decoded")),
        _ => return Err(format!("DC1 message type 0x{msg_type:02x} is not decoded")),
    };
    Ok(HdcMessage {
        sfid,
        op,
        surface,
        simd,
        header,
        mlen: bits(desc, 28, 25),
        rlen: bits(desc, 24, 20),
    })
}

/// The inverse of [`decode`]: the descriptor of a message (the generators and the catalog
/// build raw sends from named messages with it); `None` for a field it cannot hold.
pub fn encode(m: &HdcMessage) -> Option<u32> {
    let simd16 = match m.simd {
        16 => true,
        8 | 1 => false,
        _ => return None,
    };
    let (msg_type, control) = match m.op {
        HdcOp::ByteScattered { store, bytes } => {
            let size = match bytes {
                1 => 0,
                2 => 1,
                4 => 2,
                _ => return None,
            };
            (
                if store { 0x0C } else { 0x04 },
                (size << 10) | (u32::from(simd16) << 8),
            )
        }
        HdcOp::OwordBlock { kind, owords } => {
            let count = match owords {
                1 => 0,
                2 => 2,
                4 => 3,
                8 => 4,
                _ => return None,
            };
            let t = match kind {
                OwordKind::Read => 0x00,
                OwordKind::UnalignedRead => 0x01,
                OwordKind::Write => 0x08,
            };
            (t, count << 8)
        }
        HdcOp::UntypedSurface { store, ch_mask } => {
            let simd = if simd16 { 1 } else { 2 };
            (
                if store { 0x09 } else { 0x01 },
                (simd << 12) | ((u32::from(!ch_mask) & 0xF) << 8),
            )
        }
        HdcOp::UntypedAtomic { op, ret } => (
            0x02,
            (u32::from(ret) << 13) | (u32::from(!simd16) << 12) | (atomic_code(op)? << 8),
        ),
    };
    if m.mlen > 15 || m.rlen > 31 {
        return None;
    }
    Some(
        (m.mlen << 25)
            | (m.rlen << 20)
            | (u32::from(m.header) << 19)
            | (msg_type << 14)
            | control
            | m.surface.bti(),
    )
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn encode_inverts_decode() {
        let descs = [
            // Byte scattered read (DC0 type 0x04), 1 byte, SIMD16 (Desc[8]), SLM, mlen 2, rlen 2.
            (DC0, (2 << 25) | (2 << 20) | (0x04 << 14) | (1 << 8) | 254),
            // Oword block read of 2 owords (Desc[10:8]=2), header, stateless, mlen 1, rlen 1.
            (DC0, (1 << 25) | (1 << 20) | (1 << 19) | (2 << 8) | 255),
            // Untyped surface write (DC1 0x09), SIMD8 (Desc[13:12]=2), x and y enabled
            // (disable mask 0xC), SLM, mlen 3.
            (DC1, (3 << 25) | (0x09 << 14) | (2 << 12) | (0xC << 8) | 254),
            // Untyped atomic iadd (0x7) returning, SIMD8 (Desc[12]), incoherent stateless.
            (
                DC1,
                (2 << 25) | (1 << 20) | (0x02 << 14) | (1 << 13) | (1 << 12) | (7 << 8) | 253,
            ),
        ];
        for (sfid, desc) in descs {
            let mut fields = Vec::new();
            let m = decode(Platform::Gen9, sfid, desc, &mut fields).unwrap();
            assert_eq!(encode(&m), Some(desc), "{}", m.text());
        }
    }

    #[test]
    fn other_surfaces_are_not_decoded() {
        let mut fields = Vec::new();
        // Byte scattered read of binding-table index 3.
        let e = decode(Platform::Gen9, DC0, 0x0211_0003, &mut fields).unwrap_err();
        assert!(e.contains("binding-table index 3"), "{e}");
    }
}
