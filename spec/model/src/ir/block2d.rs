//! Block 2D vocabulary of LSC_UNTYPED (instructions/LSC_UNTYPED.md, Format: DataSize,
//! DataOrder, Blocks, BlockWidth, BlockHeight, VNNI) and LSC_TYPED's block 2D forms: the
//! operands by name ([`Block2dOperands`], untyped and typed surfaces apart), the data shape,
//! its register layout, the platforms' shape limits and the published surface limits.

use super::lsc::DataSize;
use super::operand::{Payload, Scalar, Src};
use crate::error::{Result, VisaError};

/// The surface of a block 2D message: LSC_UNTYPED's flat surface or LSC_TYPED's surface-state
/// index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Block2dSurface {
    Flat(FlatSurface),
    /// LSC_TYPED (`AddrType(Surface)[...]`, bti, bss or ss): the surface-state index, an
    /// immediate UD or the first UD of a general variable.
    Typed {
        surface: Scalar,
    },
}

/// LSC_UNTYPED's surface (`flat[SurfaceBaseAddr, SurfaceWidth, SurfaceHeight, SurfacePitch,
/// ...]`): each an immediate or the first element of a general variable, the base a UQ, the
/// others UD (width, height and pitch as written: minus one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlatSurface {
    pub base: Scalar,
    pub width: Scalar,
    pub height: Scalar,
    pub pitch: Scalar,
}

/// The operands of `lsc_load_block2d` and `lsc_store_block2d`, untyped and typed
/// (instructions/LSC_UNTYPED.md and LSC_TYPED.md, Format): the surface, `Src0AddrX` and
/// `Src0AddrY` (each an immediate D or the first D of a general variable) and, for a store,
/// `Src1Data` (the register bytes of a general variable from its start). A load's `DstData`
/// is the instruction's `dst`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block2dOperands {
    pub surface: Block2dSurface,
    pub x: Scalar,
    pub y: Scalar,
    /// `Src1Data` of a store; `None` for a load.
    pub data: Option<Payload>,
}

impl Block2dOperands {
    /// The operands in the order the text writes them, as general sources: the surface's,
    /// X, Y, then Src1Data.
    pub fn sources(&self) -> Vec<Src> {
        let mut out: Vec<Src> = match &self.surface {
            Block2dSurface::Flat(f) => [f.base, f.width, f.height, f.pitch]
                .iter()
                .map(Scalar::to_src)
                .collect(),
            Block2dSurface::Typed { surface } => vec![surface.to_src()],
        };
        out.extend([self.x.to_src(), self.y.to_src()]);
        out.extend(self.data.as_ref().map(Payload::to_src));
        out
    }

    /// Whether the message is one of LSC_TYPED's block 2D forms.
    pub fn is_typed(&self) -> bool {
        matches!(self.surface, Block2dSurface::Typed { .. })
    }
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

    /// The whole registers of `grf` bytes the block's data spans (every block at its
    /// register block pitch, [`Block2dShape::layout`]).
    pub fn registers(&self, grf: usize) -> u32 {
        let layout = self.layout((self.blocks, self.width, self.height), grf);
        (self.blocks as usize * layout.grf_block_pitch * self.size.mem_bytes()).div_ceil(grf) as u32
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
    /// (BLOCK2D-LIMITS literal; the resolved reading adds [`Block2dShape::check_published_limits`];
    /// the platforms, xe-hpc and xe2, are the opcodes' forms rows): 1, 2 or 4 blocks; a height of 1 to 32
    /// rows; `Blocks*BlockWidth*sizeof(DataSize)` at most 64 bytes; transpose on d32 and d64
    /// with one block, at most 16 (d64: 8) wide; VNNI on d8 and d16 only; a store writes
    /// one untransposed, untransformed block).
    pub fn check_limits(&self, store: bool) -> Result<()> {
        let lim =
            |why: String| VisaError::invalid(format!("block 2D shape `{}`: {why}", self.text()));
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
    pub fn check_published_limits(&self, store: bool) -> Result<()> {
        self.check_limits(store)?;
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
