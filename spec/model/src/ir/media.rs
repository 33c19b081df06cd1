//! The control fields and operands of the media block messages (instructions/MEDIA_LD.md
//! and MEDIA_ST.md): the modifiers, the 2D surface, the plane, the block's width in bytes
//! and height in rows, the block's corner X (bytes) and Y (rows), and the store's data.
//! Validation (`validate::media`) builds them from the text forms; `insn::dataport::media_ld`
//! and `media_st` read them.
//!
//! The surface is a declared surface variable (`T6`..) whose first element (written by
//! MOVS) is a binding-table index; the entry is a 2D surface with a format
//! (`init.surfaces[].format`). The documents exclude T0 (SLM) and T5 (stateless).

use super::operand::{OperandMut, Payload, Scalar, Src};
use crate::state::VarId;

/// Modifiers bits 2..0 (MEDIA_LD.md and MEDIA_ST.md): which rows of the surface the block
/// covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MediaModifier {
    /// `0b000`, `nomod`: every row.
    None,
    /// `0b010`, `top`: the top field of an interleaved surface (its even rows).
    TopField,
    /// `0b011`, `bottom`: the bottom field (its odd rows).
    BottomField,
}

impl MediaModifier {
    pub const ALL: [MediaModifier; 3] = [
        MediaModifier::None,
        MediaModifier::TopField,
        MediaModifier::BottomField,
    ];

    /// As IGC's printer writes it after the mnemonic (`media_ld.nomod`).
    pub fn name(self) -> &'static str {
        match self {
            MediaModifier::None => "nomod",
            MediaModifier::TopField => "top",
            MediaModifier::BottomField => "bottom",
        }
    }

    /// The encoding of Modifiers bits 2..0.
    pub fn bits(self) -> u8 {
        match self {
            MediaModifier::None => 0b000,
            MediaModifier::TopField => 0b010,
            MediaModifier::BottomField => 0b011,
        }
    }

    pub fn from_name(s: &str) -> Option<MediaModifier> {
        MediaModifier::ALL.into_iter().find(|m| m.name() == s)
    }

    /// The surface row of the block's row `y` (the Notes: the modifiers control "the
    /// vertical line stride and vertical line stride offset"): `y` itself, or row `2*y`
    /// (top field) or `2*y + 1` (bottom field) of the interleaved surface
    /// (MEDIA-FIELD-ROWS).
    pub fn surface_row(self, y: i64) -> i64 {
        match self {
            MediaModifier::None => y,
            MediaModifier::TopField => 2 * y,
            MediaModifier::BottomField => 2 * y + 1,
        }
    }

    /// The rows of a surface `height` rows high that the modifier's field holds.
    pub fn field_rows(self, height: u32) -> u32 {
        match self {
            MediaModifier::None => height,
            MediaModifier::TopField => height.div_ceil(2),
            MediaModifier::BottomField => height / 2,
        }
    }
}

/// The fields and operands of one media block message, named as in the Format tables.
///
/// IR shape: `srcs` is empty (generic passes walk [`super::Instruction::sources`], which
/// yields [`MediaCtrl::sources`]); `Dst` is the instruction's `dst` (`General` for MEDIA_LD,
/// `Null` for MEDIA_ST, whose `Src` is `src`); the execution size is 1 under NoMask (the
/// text has none: the message moves one block for the thread).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MediaCtrl {
    pub modifier: MediaModifier,
    pub surface: VarId,
    /// Plane: the sub-plane of a planar surface format (0 for the others).
    pub plane: u8,
    /// Block_width in bytes, Block_height in rows.
    pub block_width: u8,
    pub block_height: u8,
    /// X_offset (bytes) and Y_offset (rows), UD scalars.
    pub x_offset: Scalar,
    pub y_offset: Scalar,
    /// MEDIA_ST's Src; `None` for MEDIA_LD.
    pub src: Option<Payload>,
}

impl MediaCtrl {
    /// The register pitch of the block's rows (Semantics: `block_width < 4 ? 4 :
    /// nextPowerOf2(block_width)`).
    pub fn reg_pitch(&self) -> u32 {
        reg_pitch(u32::from(self.block_width))
    }

    /// The register bytes the block spans: `(block_height - 1) * reg_pitch + block_width`.
    pub fn register_bytes(&self) -> usize {
        let h = usize::from(self.block_height.max(1));
        (h - 1) * self.reg_pitch() as usize + usize::from(self.block_width)
    }

    /// The source operands as general sources, in the text's order (X_offset, Y_offset,
    /// then Src); the surface is a state operand, not a source.
    pub fn sources(&self) -> Vec<Src> {
        let mut out = vec![self.x_offset.to_src(), self.y_offset.to_src()];
        if let Some(src) = self.src {
            out.push(src.to_src());
        }
        out
    }

    /// Pushes the operands onto `out`, to change in place (in the text's order).
    pub fn operands_mut<'a>(&'a mut self, out: &mut Vec<OperandMut<'a>>) {
        out.push(OperandMut::Scalar(&mut self.x_offset));
        out.push(OperandMut::Scalar(&mut self.y_offset));
        if let Some(src) = &mut self.src {
            out.push(OperandMut::Payload(src));
        }
    }
}

/// `block_width < 4 ? 4 : nextPowerOf2(block_width)`.
pub fn reg_pitch(block_width: u32) -> u32 {
    block_width.max(4).next_power_of_two()
}

/// The Notes' table of legal width and height combinations: the maximum height in rows of
/// a block `block_width` bytes wide (1-4: 64, 5-8: 32, 9-16: 16, 17-32: 8, 33-64: 4), `None`
/// past 64 bytes.
pub fn max_block_height(block_width: u32) -> Option<u32> {
    match block_width {
        1..=4 => Some(64),
        5..=8 => Some(32),
        9..=16 => Some(16),
        17..=32 => Some(8),
        33..=64 => Some(4),
        _ => None,
    }
}
