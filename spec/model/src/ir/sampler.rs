//! The control fields and operands of the sampler messages (instructions/3D_LOAD.md,
//! INFO.md and 3D_SAMPLE.md): the channel mask, the `Aoffimmi` texel offsets, the sampler
//! and the surface, and the parameters after Dst in the order of each document's table of
//! additional parameters. Validation (`validate::sampler`) builds them from the text forms;
//! the modules under `insn::sampler` read them (docs/sampler.md).
//!
//! IR shape: `ctrl` is [`super::Ctrl::Sampler`], `srcs` is empty (generic passes walk
//! [`super::Instruction::sources`], which yields [`SamplerCtrl::sources`]); `dst` is the raw
//! destination. A raw operand `V.OFFSET` is a [`Payload`] at row `OFFSET / GRF size`,
//! column `(OFFSET % GRF size) / element size`, as SVM's are.

use super::operand::{OperandMut, Payload, Src};
use crate::opcode::Opcode;
use crate::state::VarId;
use crate::types::DataType;

/// The fields and operands of one sampler message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SamplerCtrl {
    /// `Channels`: the RGBA write mask, R bit 0 (RESINFO: all four, its text has none).
    pub ch_mask: u8,
    /// `Aoffimmi`: the R offset in bits 3..0, V in 7..4, U in 11..8, each a signed 4-bit
    /// texel offset (0 for RESINFO).
    pub aoffimmi: u16,
    /// `Sampler`: the sampler variable (3D_SAMPLE only).
    pub sampler: Option<VarId>,
    /// `Surface`: the surface variable; its first element is a binding-table index.
    pub surface: VarId,
    /// The parameters after Dst, as many as the text writes (the documents' NumParams), in
    /// the order of [`params`]; a missing trailing parameter reads as 0.
    pub params: Vec<Payload>,
}

/// The names of an operation's parameters, in the order the text and the documents' tables
/// list them (3D_LOAD.md and 3D_SAMPLE.md, "the additional arguments for each of the ...
/// operations"; INFO.md's LOD).
pub fn params(op: Opcode) -> &'static [&'static str] {
    match op {
        Opcode::Load3d => &["u", "v", "lod", "r"],
        Opcode::LoadLz => &["u", "v", "r"],
        Opcode::Resinfo => &["lod"],
        Opcode::Sample3d | Opcode::SampleLz => &["u", "v", "r", "ai"],
        Opcode::SampleL => &["lod", "u", "v", "r", "ai"],
        _ => &[],
    }
}

/// The parameter types of an operation: 3D_LOAD.md, "All operands must have the same type,
/// either UD or UW"; 3D_SAMPLE.md, "{ICLLP+} ... either HF or F"; INFO.md, LOD "Must have
/// type UD".
pub fn param_types(op: Opcode) -> &'static [DataType] {
    match op {
        Opcode::Load3d | Opcode::LoadLz => &[DataType::UD, DataType::UW],
        Opcode::Resinfo => &[DataType::UD],
        _ => &[DataType::F, DataType::HF],
    }
}

/// The Dst types of 3D_LOAD.md and 3D_SAMPLE.md ("Must have type HF,F,W,UW,D,UD") the
/// engines execute: the 32-bit return format. INFO.md's Dst is UD.
pub const DST_TYPES: [DataType; 3] = [DataType::F, DataType::D, DataType::UD];

impl SamplerCtrl {
    /// The parameter `name` of `op`, if the text writes it.
    pub fn param(&self, op: Opcode, name: &str) -> Option<Payload> {
        let k = params(op).iter().position(|p| *p == name)?;
        self.params.get(k).copied()
    }

    /// The signed 4-bit offset of `Aoffimmi` for axis `axis` (0 U, 1 V, 2 R): U in bits
    /// 11..8, V in 7..4, R in 3..0.
    pub fn offset(&self, axis: usize) -> i32 {
        let shift = match axis {
            0 => 8,
            1 => 4,
            _ => 0,
        };
        let nibble = i32::from((self.aoffimmi >> shift) & 0xF);
        if nibble >= 8 {
            nibble - 16
        } else {
            nibble
        }
    }

    /// The source operands as general sources, in the text's order (the parameters); the
    /// sampler and the surface are state operands, not sources.
    pub fn sources(&self) -> Vec<Src> {
        self.params.iter().map(Payload::to_src).collect()
    }

    /// Pushes the operands onto `out`, to change in place (in the text's order).
    pub fn operands_mut<'a>(&'a mut self, out: &mut Vec<OperandMut<'a>>) {
        out.extend(self.params.iter_mut().map(OperandMut::Payload));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aoffimmi_nibbles_are_signed() {
        let c = SamplerCtrl {
            ch_mask: 0xF,
            aoffimmi: 0x0F71,
            sampler: None,
            surface: VarId(0),
            params: Vec::new(),
        };
        assert_eq!((c.offset(0), c.offset(1), c.offset(2)), (-1, 7, 1));
    }
}
