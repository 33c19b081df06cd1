//! The message descriptors of RAW_SEND and RAW_SENDS (instructions/RAW_SEND.md,
//! RAW_SENDS.md): the shared function (SFID), the extended descriptor (ExMsgDesc) and the
//! descriptor (Desc) read as a typed message ([`Message`]), so that a raw send executes
//! through the semantics of the document that describes the same message.
//!
//! The vISA documents do not give the descriptors' layouts: they are the hardware's
//! (Intel's public PRMs, "Shared Functions", the LSC message descriptor) and IGC's
//! (intel/intel-graphics-compiler, IGA's LSC decoder
//! `visa/iga/IGALibrary/Backend/Messages/MessageDecoderLSC.cpp`, `MessageDecoderLSC`, which
//! `iga64 -Xdsd` runs). [`decode`] reads the fields that decoder reads, with the same
//! bit ranges; a committed corpus of `iga64 -Xdsd` outputs checks them
//! (conformance/tests/data/iga-dsd/).
//!
//! The decoded set: the LSC messages on UGM and SLM (load, store, quad, transposed block
//! forms, the atomics, the fence) on xe-hpg and xe-hpc; the legacy data cache's (DC0, DC1)
//! byte scattered, oword block, untyped surface and untyped atomic messages on gen9, gen11
//! and xe-lp ([`super::send_legacy`]). Anything else decodes to
//! [`Undecoded`], which validation reports as `unsupported` with the fields read so far:
//! never a guess.
//!
//! ```
//! use visa_model::ir::send::{decode, Message, LscOp};
//! use visa_model::platform::Platform;
//!
//! // load.ugm.d32x2t.a64.uc.uc: Desc 0x02229580 (opcode 0, a64, d32, x2, transposed,
//! // caching 1, rlen 2, mlen 1).
//! let m = decode(Platform::XeHpg, 0xF, 0x0, 0x0222_9580).unwrap();
//! let Message::Lsc(lsc) = m else { panic!() };
//! assert_eq!(lsc.op, LscOp::Load);
//! assert_eq!(lsc.text(), "load.ugm.d32x2t.a64.uc.uc");
//! ```

use std::fmt;

use super::block2d::Block2dShape;
use super::lsc::{AtomicOp, CacheOpt, DataShape, DataSize, Sfid, VECT_SIZES};
use super::send_legacy::{self, HdcMessage};
use crate::platform::Platform;
use crate::state::{AddrSize, AddrType};

/// The shared-function ids of the send instruction (the `SFID` field of RAW_SENDS, `ExDesc[3:0]`
/// of RAW_SEND) on the platforms with LSC, as `iga64 -Xdsd` names them: UGM 0xF, SLM 0xE,
/// TGM 0xD, DC1 0xC, DC0 0xA, GATEWAY 0x3, SAMPLER 0x2, UGML 0x1.
pub mod sfid {
    pub const SAMPLER: u8 = 0x2;
    pub const GATEWAY: u8 = 0x3;
    pub const DC0: u8 = 0xA;
    pub const DC1: u8 = 0xC;
    pub const TGM: u8 = 0xD;
    pub const SLM: u8 = 0xE;
    pub const UGM: u8 = 0xF;
    pub const UGML: u8 = 0x1;

    /// The name `iga64` gives the shared function (`-Xdsd`'s first argument), if named.
    pub fn name(sfid: u8) -> Option<&'static str> {
        Some(match sfid {
            0x1 => "ugml",
            0x2 => "smpl",
            0x3 => "gtwy",
            0x4 => "dc2",
            0x5 => "rc",
            0x6 => "urb",
            0x7 => "ts",
            0x8 => "vme",
            0x9 => "dcro",
            0xA => "dc0",
            0xB => "pixi",
            0xC => "dc1",
            0xD => "tgm",
            0xE => "slm",
            0xF => "ugm",
            _ => return None,
        })
    }
}

/// A bit field `[hi:lo]` of a descriptor.
pub fn bits(word: u32, hi: u32, lo: u32) -> u32 {
    (word >> lo) & (u32::MAX >> (31 - (hi - lo)))
}

/// The LSC message opcodes (`Desc[5:0]`) the decoder executes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LscOp {
    /// 0x00: gathering load (block load when transposed).
    Load,
    /// 0x02: load_quad, ChMask in `Desc[15:12]`.
    LoadQuad,
    /// 0x04: scattering store (block store when transposed).
    Store,
    /// 0x06: store_quad.
    StoreQuad,
    /// 0x08..0x1A: the atomics, in the order of the LscSubOp table.
    Atomic(AtomicOp),
    /// 0x1F: fence.
    Fence,
}

impl LscOp {
    /// The operation of `Desc[5:0]`, if executed.
    fn of(code: u32) -> Option<LscOp> {
        Some(match code {
            0x00 => LscOp::Load,
            0x02 => LscOp::LoadQuad,
            0x04 => LscOp::Store,
            0x06 => LscOp::StoreQuad,
            0x1F => LscOp::Fence,
            0x08..=0x1A => LscOp::Atomic(AtomicOp::ALL[(code - 0x08) as usize]),
            _ => return None,
        })
    }

    /// The name `iga64` prints (`load`, `store_quad`, `atomic_iadd`, `fence`).
    pub fn name(self) -> &'static str {
        match self {
            LscOp::Load => "load",
            LscOp::LoadQuad => "load_quad",
            LscOp::Store => "store",
            LscOp::StoreQuad => "store_quad",
            LscOp::Atomic(op) => op.mnemonic().trim_start_matches("lsc_"),
            LscOp::Fence => "fence",
        }
    }

    /// Whether the message returns data (a load or an atomic).
    pub fn is_load(self) -> bool {
        matches!(self, LscOp::Load | LscOp::LoadQuad | LscOp::Atomic(_))
    }
}

/// The names of the LSC opcodes outside the decoded set (`Desc[5:0]`), for the message of an
/// [`Undecoded`] descriptor.
fn lsc_op_name(code: u32) -> &'static str {
    match code {
        0x01 => "load_strided",
        0x03 => "load_block2d",
        0x05 => "store_strided",
        0x07 => "store_block2d",
        0x1B => "load_status",
        0x1C => "store_uncompressed",
        0x1D => "compression-state control",
        0x1E => "read_state",
        _ => "an opcode the LSC table does not list",
    }
}

/// A decoded LSC message on UGM or SLM (the descriptor fields IGA's `MessageDecoderLSC`
/// reads).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LscMessage {
    pub unit: Sfid,
    pub op: LscOp,
    /// `Desc[30:29]`: 0 flat, 1 bss, 2 ss, 3 bti.
    pub addr_type: AddrType,
    /// `Desc[8:7]`: 1 a16, 2 a32, 3 a64.
    pub addr_size: AddrSize,
    /// `Desc[11:9]` data size, `Desc[14:12]` vector size (the ChMask's channel count for the quad
    /// forms), `Desc[15]` transposed.
    pub data: DataShape,
    /// `Desc[15:12]` of the quad forms (x=1, y=2, z=4, w=8); 0 otherwise.
    pub ch_mask: u8,
    /// `Desc[19:17]`, read through the load or the store table.
    pub l1: CacheOpt,
    pub l3: CacheOpt,
    /// `ExDesc[31:24]`: the binding-table index of a `bti` access.
    pub bti: Option<u32>,
    /// `Desc[28:25]`: the address payload's registers.
    pub mlen: u32,
    /// `Desc[24:20]`: the registers the message writes back.
    pub rlen: u32,
}

impl LscMessage {
    /// As `iga64 -Xdsd` writes the message's syntax (`load.ugm.d32x2t.a64.uc.uc`,
    /// `atomic_iadd.ugm.d32.a32.uc.wb`, `store.slm.d32.a32`).
    pub fn text(&self) -> String {
        let mut s = format!("{}.{}", self.op.name(), self.unit.name());
        let shape = if self.ch_mask != 0 {
            let mut channels = String::new();
            for (bit, c) in "xyzw".chars().enumerate() {
                if self.ch_mask & (1 << bit) != 0 {
                    channels.push(c);
                }
            }
            format!("{}.{channels}", self.data.size.name())
        } else if self.data.transposed && self.data.vect_size == 1 {
            // iga64 writes a transposed single element `d32x1t`.
            format!("{}x1t", self.data.size.name())
        } else {
            self.data.text()
        };
        s.push_str(&format!(".{}.{}", shape, self.addr_size.name()));
        if (self.l1, self.l3) != (CacheOpt::Df, CacheOpt::Df) {
            s.push_str(&format!(".{}.{}", self.l1.name(), self.l3.name()));
        }
        s
    }
}

/// A decoded LSC fence (`Desc[14:12]` the flush operation, `Desc[11:9]` the scope).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FenceMessage {
    pub unit: Sfid,
    pub op: u32,
    pub scope: u32,
    pub mlen: u32,
    pub rlen: u32,
}

/// LSC_FENCE_OP's names, by `Desc[14:12]` (6 and 7 are reserved).
pub const FENCE_OPS: [&str; 6] = ["none", "evict", "invalidate", "discard", "clean", "flushl3"];
/// LSC_SCOPE's names, by `Desc[11:9]` (7 is reserved).
pub const FENCE_SCOPES: [&str; 7] = ["group", "local", "tile", "gpu", "gpus", "sysrel", "sysacq"];

/// A decoded LSC block 2D message on UGM (xe-hpc): `load_block2d` (`Desc[5:0]` 0x03; a
/// prefetch when rlen is 0) or `store_block2d` (0x07). The descriptor holds the data size,
/// the transpose and VNNI bits and the caching; the block's shape (width, height, array
/// length) and surface are in the one-register address payload, read at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block2dMessage {
    pub store: bool,
    /// `Desc[11:9]`: d8, d16, d32 or d64.
    pub size: DataSize,
    /// `Desc[15]`: transposed (loads).
    pub transpose: bool,
    /// `Desc[7]`: the VNNI transform (loads).
    pub vnni: bool,
    /// `Desc[19:17]`, read through the load or the store table.
    pub l1: CacheOpt,
    pub l3: CacheOpt,
    /// `Desc[28:25]` (1: the address payload) and `Desc[24:20]`.
    pub mlen: u32,
    pub rlen: u32,
}

impl Block2dMessage {
    /// As `iga64 -Xdsd` writes it (`load_block2d.ugm.d16v.a64.ca.ca`,
    /// `store_block2d.ugm.d32.a64.wb.wb`): the address size is always a64.
    pub fn text(&self) -> String {
        let op = if self.store {
            "store_block2d"
        } else {
            "load_block2d"
        };
        let mut s = format!(
            "{op}.ugm.{}{}{}.a64",
            self.size.name(),
            if self.transpose { "t" } else { "" },
            if self.vnni { "v" } else { "" }
        );
        if (self.l1, self.l3) != (CacheOpt::Df, CacheOpt::Df) {
            s.push_str(&format!(".{}.{}", self.l1.name(), self.l3.name()));
        }
        s
    }
}

impl Block2dMessage {
    /// The block shape a message runs with, read at run time from `dword7`, the address
    /// payload's dword 7: the block width minus one in `[7:0]`, the height minus one in
    /// `[15:8]`, the array length minus one in `[19:16]` (as XeTLA's tensor descriptors
    /// write it, its `block_widthx_widthy_arrlen`), with the
    /// descriptor's data size, transpose and VNNI. `data_regs` is the registers the message's
    /// data spans by its counts (a load's rlen, 0 for a prefetch, which skips the check; a
    /// store's data source). A shape outside the block 2D limits
    /// ([`Block2dShape::check_limits`]), or whose register footprint is not `data_regs`, is
    /// `undefined`.
    pub fn run_time_shape(
        &self,
        dword7: u32,
        data_regs: u32,
        grf: usize,
    ) -> crate::error::Result<Block2dShape> {
        let shape = Block2dShape {
            size: self.size,
            blocks: bits(dword7, 19, 16) + 1,
            width: bits(dword7, 7, 0) + 1,
            height: bits(dword7, 15, 8) + 1,
            transpose: self.transpose,
            vnni: self.vnni,
        };
        let undefined = |why: String| {
            crate::error::VisaError::undefined(format!(
                "{} with the payload's block shape `{}` (dword 7 = {dword7:#x}): {why}",
                self.text(),
                shape.text()
            ))
        };
        shape
            .check_limits(self.store)
            .map_err(|e| undefined(e.message))?;
        let regs = shape.registers(grf);
        if (self.store || data_regs != 0) && regs != data_regs {
            return Err(undefined(format!(
                "the block spans {regs} registers, the message's counts {data_regs}"
            )));
        }
        Ok(shape)
    }
}

/// A decoded message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Message {
    Lsc(LscMessage),
    Fence(FenceMessage),
    /// An LSC block 2D load, prefetch or store (xe-hpc's UGM).
    Block2d(Block2dMessage),
    /// A legacy dataport message (DC0, DC1) on gen9, gen11 and xe-lp.
    Hdc(HdcMessage),
}

impl Message {
    /// Its text, as `iga64 -Xdsd` writes it (the comment `fmt --explain` prints).
    pub fn text(&self) -> String {
        match self {
            Message::Lsc(m) => m.text(),
            Message::Fence(f) => format!(
                "fence.{}.{}.{}",
                f.unit.name(),
                FENCE_OPS[f.op as usize],
                FENCE_SCOPES[f.scope as usize]
            ),
            Message::Hdc(h) => h.text(),
            Message::Block2d(b) => b.text(),
        }
    }

    /// `Desc[28:25]` and `Desc[24:20]`.
    pub fn lengths(&self) -> (u32, u32) {
        match self {
            Message::Lsc(m) => (m.mlen, m.rlen),
            Message::Fence(f) => (f.mlen, f.rlen),
            Message::Hdc(h) => (h.mlen, h.rlen),
            Message::Block2d(b) => (b.mlen, b.rlen),
        }
    }
}

/// A descriptor outside the decoded set: why, and the fields read before the decoder
/// stopped (`Desc[5:0]=0x03 (load_block2d)`), so the `unsupported` error names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undecoded {
    pub why: String,
    pub fields: Vec<String>,
}

impl fmt::Display for Undecoded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.why)?;
        if !self.fields.is_empty() {
            write!(f, " (decoded: {})", self.fields.join(", "))?;
        }
        Ok(())
    }
}

/// Decodes `(sfid, exdesc, desc)` on `platform` into a [`Message`], or says why not.
pub fn decode(platform: Platform, sfid: u8, exdesc: u32, desc: u32) -> Result<Message, Undecoded> {
    let mut fields = vec![format!(
        "SFID=0x{sfid:x} ({})",
        sfid::name(sfid).unwrap_or("unnamed")
    )];
    let stop = |why: String, fields: Vec<String>| Err(Undecoded { why, fields });
    let legacy = matches!(platform, Platform::Gen9 | Platform::Gen11 | Platform::XeLp);
    if legacy && matches!(sfid, sfid::DC0 | sfid::DC1) {
        return send_legacy::decode(platform, sfid, desc, &mut fields)
            .map(Message::Hdc)
            .or_else(|why| stop(why, fields));
    }
    let unit = match sfid {
        sfid::UGM => Sfid::Ugm,
        sfid::SLM => Sfid::Slm,
        _ => {
            if sfid == sfid::GATEWAY {
                // IGA's gateway decoder names `Desc[2:0]` = 4 "signal barrier" (the barrier
                // and named-barrier signals of XeTLA's `raw_sends.3`).
                let op = bits(desc, 2, 0);
                let name = if op == 4 {
                    "signal barrier"
                } else {
                    "gateway opcode"
                };
                fields.push(format!("Desc[2:0]=0x{op:x} ({name})"));
            }
            let why = match sfid {
                sfid::TGM => "typed (TGM) messages are not decoded: their U, V, R, LOD \
                              address registers would need LSC_TYPED's separate operands",
                sfid::UGML => "UGML messages are not decoded",
                sfid::GATEWAY => "gateway messages (barrier and named-barrier signals) are \
                                  not decoded: their payload is r0's barrier fields, read at run time",
                sfid::DC0 | sfid::DC1 => {
                    "the legacy dataport's descriptors are decoded on gen9, gen11 and xe-lp"
                }
                sfid::SAMPLER => "sampler messages are not executed",
                _ => "the shared function is outside the decoded set",
            };
            return stop(why.to_string(), fields);
        }
    };
    if !matches!(platform, Platform::XeHpg | Platform::XeHpc) {
        let why = format!(
            "LSC descriptors are decoded on xe-hpg and xe-hpc, the platforms iga64 decodes; not on {}",
            platform.name()
        );
        return stop(why, fields);
    }
    let code = bits(desc, 5, 0);
    if matches!(code, 0x03 | 0x07) && unit == Sfid::Ugm && platform == Platform::XeHpc {
        return decode_block2d(code == 0x07, exdesc, desc, fields).map(Message::Block2d);
    }
    let Some(op) = LscOp::of(code) else {
        fields.push(format!("Desc[5:0]=0x{code:02x} ({})", lsc_op_name(code)));
        return stop(format!("LSC opcode 0x{code:02x} is not decoded"), fields);
    };
    fields.push(format!("Desc[5:0]=0x{code:02x} ({})", op.name()));
    let mlen = bits(desc, 28, 25);
    let rlen = bits(desc, 24, 20);
    if op == LscOp::Fence {
        let (flush, scope) = (bits(desc, 14, 12), bits(desc, 11, 9));
        if flush >= 6 || scope == 7 {
            fields.push(format!("FlushOp={flush}, FlushScope={scope}"));
            return stop("a reserved fence operation or scope".to_string(), fields);
        }
        return Ok(Message::Fence(FenceMessage {
            unit,
            op: flush,
            scope,
            mlen,
            rlen,
        }));
    }
    let addr_type = match bits(desc, 30, 29) {
        0 => AddrType::Flat,
        1 => AddrType::Bss,
        2 => AddrType::Ss,
        _ => AddrType::Bti,
    };
    fields.push(format!("AddrType={}", addr_type.name()));
    let addr_size = match bits(desc, 8, 7) {
        1 => AddrSize::A16,
        2 => AddrSize::A32,
        3 => AddrSize::A64,
        _ => return stop("Desc[8:7] (AddrSize) is 0, reserved".to_string(), fields),
    };
    fields.push(format!("AddrSize={}", addr_size.name()));
    let size = match bits(desc, 11, 9) {
        0 => DataSize::D8,
        1 => DataSize::D16,
        2 => DataSize::D32,
        3 => DataSize::D64,
        4 => DataSize::D8u32,
        5 => DataSize::D16u32,
        6 => DataSize::D16u32h,
        _ => return stop("Desc[11:9] (DataSize) is 7, reserved".to_string(), fields),
    };
    fields.push(format!("DataSize={}", size.name()));
    let quad = matches!(op, LscOp::LoadQuad | LscOp::StoreQuad);
    let transposed = bits(desc, 15, 15) == 1;
    let (vect_size, ch_mask) = if quad {
        let mask = bits(desc, 15, 12) as u8;
        (mask.count_ones(), mask)
    } else {
        (VECT_SIZES[bits(desc, 14, 12) as usize], 0)
    };
    let data = DataShape {
        size,
        vect_size,
        transposed: transposed && !quad,
    };
    fields.push(format!("Shape={}", data.text()));
    let caching = bits(desc, 19, 17);
    fields.push(format!("Caching={caching}"));
    if unit == Sfid::Slm && caching != 0 {
        // SLM's descriptor has no caching field: iga64 reports the bits as set in an
        // undefined field.
        return stop(
            "Desc[19:17] is set on SLM, whose descriptor leaves those bits undefined".to_string(),
            fields,
        );
    }
    let (l1, l3) = caching_of(caching, op.is_load() && !matches!(op, LscOp::Atomic(_)));
    let bti = match addr_type {
        AddrType::Bti => Some(bits(exdesc, 31, 24)),
        AddrType::Flat if bits(exdesc, 31, 12) == 0 => None,
        AddrType::Flat => {
            return stop(
                format!(
                    "ExDesc[31:12]=0x{:x} is set on a flat access",
                    bits(exdesc, 31, 12)
                ),
                fields,
            )
        }
        _ => {
            return stop(
                "bss and ss accesses (a surface state offset in ExDesc) are not decoded"
                    .to_string(),
                fields,
            )
        }
    };
    Ok(Message::Lsc(LscMessage {
        unit,
        op,
        addr_type,
        addr_size,
        data,
        ch_mask,
        l1,
        l3,
        bti,
        mlen,
        rlen,
    }))
}

/// LSC's block 2D messages on xe-hpc's UGM, with the fields IGA's `MessageDecoderLSC` reads
/// for them (`Desc[5:0]` 0x03 or 0x07, `Desc[11:9]` the data size, `Desc[15]` DataOrder,
/// `Desc[7]` Block2dVnniTransform, `Desc[19:17]` caching, mlen and rlen); always a64 and
/// flat. Declined (never guessed): a vector size (`Desc[14:12]`), the sizes d8u32, d16u32
/// and d16u32h, `Desc[8]`, an address type other than flat or a set ExDesc, a store's
/// transpose or VNNI bit, transpose with VNNI, and an address payload other than one register.
fn decode_block2d(
    store: bool,
    exdesc: u32,
    desc: u32,
    mut fields: Vec<String>,
) -> Result<Block2dMessage, Undecoded> {
    let name = if store {
        "store_block2d"
    } else {
        "load_block2d"
    };
    fields.push(format!("Desc[5:0]=0x{:02x} ({name})", bits(desc, 5, 0)));
    let stop = |why: &str, fields: Vec<String>| {
        Err(Undecoded {
            why: format!("{name}: {why}"),
            fields,
        })
    };
    let size = match bits(desc, 11, 9) {
        0 => DataSize::D8,
        1 => DataSize::D16,
        2 => DataSize::D32,
        3 => DataSize::D64,
        _ => return stop("Desc[11:9] is not d8, d16, d32 or d64", fields),
    };
    fields.push(format!("DataSize={}", size.name()));
    let (transpose, vnni) = (bits(desc, 15, 15) == 1, bits(desc, 7, 7) == 1);
    if bits(desc, 14, 12) != 0 || bits(desc, 8, 8) != 0 {
        return stop("Desc[14:12] or Desc[8] is set", fields);
    }
    if bits(desc, 30, 29) != 0 || exdesc != 0 {
        return stop("block 2D messages are flat, with ExDesc 0", fields);
    }
    if (store && (transpose || vnni)) || (transpose && vnni) {
        return stop(
            "transpose (Desc[15]) and VNNI (Desc[7]) are a load's, one at a time",
            fields,
        );
    }
    let (mlen, rlen) = (bits(desc, 28, 25), bits(desc, 24, 20));
    if mlen != 1 || (store && rlen != 0) {
        return stop(
            "the address payload is one register (mlen 1), and a store returns nothing",
            fields,
        );
    }
    let (l1, l3) = caching_of(bits(desc, 19, 17), !store);
    Ok(Block2dMessage {
        store,
        size,
        transpose,
        vnni,
        l1,
        l3,
        mlen,
        rlen,
    })
}

/// `Desc[19:17]` through the load table or the store (and atomic) table, as `iga64` reads
/// them (the vISA CachingL1/CachingL3 pairs in the same order).
fn caching_of(value: u32, load: bool) -> (CacheOpt, CacheOpt) {
    use CacheOpt::*;
    let loads = [
        (Df, Df),
        (Uc, Uc),
        (Uc, Ca),
        (Ca, Uc),
        (Ca, Ca),
        (St, Uc),
        (St, Ca),
        (Ri, Ca),
    ];
    let stores = [
        (Df, Df),
        (Uc, Uc),
        (Uc, Wb),
        (Wt, Uc),
        (Wt, Wb),
        (St, Uc),
        (St, Wb),
        (Wb, Wb),
    ];
    let table = if load { loads } else { stores };
    table[(value & 7) as usize]
}

/// The inverse of [`decode`] for an LSC message: its Desc and ExDesc (the generators and
/// the catalog build raw sends from named messages with it).
pub fn encode_lsc(m: &LscMessage) -> Option<(u32, u32)> {
    let code = match m.op {
        LscOp::Load => 0x00,
        LscOp::LoadQuad => 0x02,
        LscOp::Store => 0x04,
        LscOp::StoreQuad => 0x06,
        LscOp::Fence => return None,
        LscOp::Atomic(op) => 0x08 + AtomicOp::ALL.iter().position(|o| *o == op)? as u32,
    };
    let addr_type = match m.addr_type {
        AddrType::Flat => 0,
        AddrType::Bti => 3,
        _ => return None,
    };
    let addr_size = match m.addr_size {
        AddrSize::A16 => 1,
        AddrSize::A32 => 2,
        AddrSize::A64 => 3,
    };
    let size = match m.data.size {
        DataSize::D8 => 0,
        DataSize::D16 => 1,
        DataSize::D32 => 2,
        DataSize::D64 => 3,
        DataSize::D8u32 => 4,
        DataSize::D16u32 => 5,
        DataSize::D16u32h => 6,
    };
    let vect = if m.ch_mask != 0 {
        u32::from(m.ch_mask)
    } else {
        VECT_SIZES.iter().position(|v| *v == m.data.vect_size)? as u32
            | (u32::from(m.data.transposed) << 3)
    };
    let load = m.op.is_load() && !matches!(m.op, LscOp::Atomic(_));
    let caching = (0..8u32).find(|&c| caching_of(c, load) == (m.l1, m.l3))?;
    if m.mlen > 15 || m.rlen > 31 {
        return None;
    }
    let desc = code
        | (addr_size << 7)
        | (size << 9)
        | (vect << 12)
        | (caching << 17)
        | (m.rlen << 20)
        | (m.mlen << 25)
        | (addr_type << 29);
    let exdesc = m.bti.map_or(0, |b| (b & 0xff) << 24);
    Some((exdesc, desc))
}

/// The registers an LSC message's address payload spans: one address per lane (one for a
/// transposed access) of the address size, whole registers.
pub fn address_registers(m: &LscMessage, exec_size: u32, grf: usize) -> u32 {
    let lanes = if m.data.transposed {
        1
    } else {
        exec_size as usize
    };
    (lanes * m.addr_size.bytes()).div_ceil(grf) as u32
}

/// The registers an LSC message's data spans (what it returns, or a store's and an atomic's
/// data source): [`DataShape::reg_span`] in whole registers.
pub fn data_registers(m: &LscMessage, exec_size: u32, grf: usize) -> u32 {
    m.data.reg_span(exec_size, grf).div_ceil(grf) as u32
}

/// The comment `visa-conform fmt --explain` prints beside a raw send's line: the message
/// its descriptors decode to on `platform` (`load.ugm.d32x2t.a64.uc.uc, mlen 1, rlen 2`), or
/// why they do not decode. `None` for any other line, and for a descriptor held in a
/// variable.
pub fn explain(line: &crate::asm::ast::InsnLine, platform: Platform) -> Option<String> {
    use crate::asm::ast::OperandKind;
    let imm = |k: &OperandKind| match k {
        OperandKind::Imm(i) => Some(i.bits as u32),
        OperandKind::Number(n) => u32::try_from(*n).ok(),
        _ => None,
    };
    let (sfid, exdesc, desc) = match crate::opcode::Opcode::from_text(&line.opcode)? {
        crate::opcode::Opcode::RawSends => {
            let word = line.mods.first()?;
            let sfid = match word.strip_prefix("0x") {
                Some(hex) => u8::from_str_radix(hex, 16).ok()?,
                None => word.parse::<u8>().ok()?,
            };
            (
                sfid,
                imm(&line.operands.first()?.kind)?,
                imm(&line.operands.get(1)?.kind)?,
            )
        }
        crate::opcode::Opcode::RawSend => {
            let exdesc = imm(&line.operands.first()?.kind)?;
            (
                (exdesc & 0xf) as u8,
                exdesc,
                imm(&line.operands.get(3)?.kind)?,
            )
        }
        _ => return None,
    };
    Some(match decode(platform, sfid, exdesc, desc) {
        Ok(m) => {
            let (mlen, rlen) = m.lengths();
            let surface = match m {
                Message::Lsc(LscMessage { bti: Some(b), .. }) => format!(" bti[{b}]"),
                Message::Hdc(h) => format!(" bti[{}]", h.surface.bti()),
                _ => String::new(),
            };
            format!("{}{surface}, mlen {mlen}, rlen {rlen}", m.text())
        }
        Err(u) => format!("not decoded: {u}"),
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn encode_inverts_decode() {
        for desc in [0x0222_9580u32, 0x0420_0504, 0x6410_4500 | 0x0C] {
            let Ok(Message::Lsc(m)) = decode(Platform::XeHpg, sfid::UGM, 0x0500_0000, desc) else {
                continue;
            };
            let (ex, d) = encode_lsc(&m).unwrap_or_default();
            assert_eq!(
                decode(Platform::XeHpg, sfid::UGM, ex, d),
                Ok(Message::Lsc(m))
            );
        }
    }

    #[test]
    fn outside_the_set_names_its_fields() {
        // Block 2D is decoded on xe-hpc only.
        let e = decode(Platform::XeHpg, sfid::UGM, 0, 0x0210_0003).unwrap_err();
        assert!(e.to_string().contains("load_block2d"), "{e}");
        let e = decode(Platform::XeHpg, sfid::GATEWAY, 0, 0x0200_0004).unwrap_err();
        assert!(e.to_string().contains("gtwy"), "{e}");
    }

    /// XeTLA's block 2D descriptors (conformance/tests/dumps/esimd/README.md) as
    /// `iga64 -Xdsd -p=12p72 ugm 0x0 DESC` reads them.
    #[test]
    fn block2d_descriptors_read_as_iga64_reads_them() {
        let cases = [
            // Desc[5:0] 3, Desc[11:9] 1 d16, Desc[19:17] 4 (load table: ca.ca), rlen 0
            // (a prefetch), mlen 1.
            (0x0208_0203, "load_block2d.ugm.d16.a64.ca.ca", (1, 0)),
            // The same with rlen 4.
            (0x0248_0203, "load_block2d.ugm.d16.a64.ca.ca", (1, 4)),
            // Desc[7] 1: VNNI; rlen 8.
            (0x0288_0283, "load_block2d.ugm.d16v.a64.ca.ca", (1, 8)),
            // Desc[15] 1 transposed, Desc[11:9] 2 d32; rlen 8.
            (0x0288_8403, "load_block2d.ugm.d32t.a64.ca.ca", (1, 8)),
            // Desc[5:0] 7 store, d32, Desc[19:17] 7 (store table: wb.wb), rlen 0.
            (0x020e_0407, "store_block2d.ugm.d32.a64.wb.wb", (1, 0)),
        ];
        for (desc, text, lengths) in cases {
            let m = decode(Platform::XeHpc, sfid::UGM, 0, desc).unwrap();
            assert!(matches!(m, Message::Block2d(_)), "{desc:#x}");
            assert_eq!(m.text(), text, "{desc:#x}");
            assert_eq!(m.lengths(), lengths, "{desc:#x}");
        }
        let Ok(Message::Block2d(b)) = decode(Platform::XeHpc, sfid::UGM, 0, 0x0288_0283) else {
            panic!()
        };
        assert!(b.vnni && !b.transpose && !b.store && b.size == DataSize::D16);
        // The GEMM tiles' dword 7 (conformance/tests/dumps/esimd/xe-hpc/gemm_tile.visaasm):
        // 0x70f is 16 x 8 (width 0xf + 1, height 7 + 1), one block: d16, 256 bytes, the load's
        // rlen 4 with 64-byte registers.
        let Ok(Message::Block2d(a)) = decode(Platform::XeHpc, sfid::UGM, 0, 0x0248_0203) else {
            panic!()
        };
        let shape = a.run_time_shape(0x70f, 4, 64).unwrap();
        assert_eq!((shape.blocks, shape.width, shape.height), (1, 16, 8));
        // The same block against rlen 8: undefined; a prefetch (0) skips the count.
        let e = a.run_time_shape(0x70f, 8, 64).unwrap_err();
        assert_eq!(e.class, crate::error::ErrorClass::UndefinedBehaviour, "{e}");
        assert!(a.run_time_shape(0x70f, 0, 64).is_ok());
        // 0xf0f with VNNI d16: 16 x 16, 512 bytes, rlen 8.
        assert!(b.run_time_shape(0xf0f, 8, 64).is_ok());
        // 0xf07 transposed d32 (gemm_tile_bt): 8 wide, 16 high; a register row holds the
        // 16 rows of a column: 8 x 16 x 4 = 512 bytes, rlen 8.
        let Ok(Message::Block2d(t)) = decode(Platform::XeHpc, sfid::UGM, 0, 0x0288_8403) else {
            panic!()
        };
        assert!(t.run_time_shape(0xf07, 8, 64).is_ok());
        // Two blocks (array length 1 + 1 in [19:16]) of a transposed load: outside the limits.
        assert!(t.run_time_shape(0x1_0f07, 8, 64).is_err());
        // A vector size (Desc[14:12] 2, iga64: d32x2v with an error) is declined.
        assert!(decode(Platform::XeHpc, sfid::UGM, 0, 0x047a_1483).is_err());
    }
}
