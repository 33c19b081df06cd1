//! Validation of LSC_TYPED's block 2D forms `lsc_load_block2d.tgm` and
//! `lsc_store_block2d.tgm` (instructions/LSC_TYPED.md, Format's second CONDITION table,
//! BlockWidth, BlockHeight, Src0AddrX, Src0AddrY, Text, Examples, Notes; the readings of
//! LSC-TYPED-BLOCK2D-TEXT): `DstData:WxH AddrType(Surface)[X, Y]`; block2d's `typed_rules`
//! makes the same checks on any IR.

use super::block2d::block2d_operands;
use super::untyped::unit_and_caching;
use crate::asm::ast::{InsnLine, MaskControl};
use crate::error::Result;
use crate::ir::block2d::{Block2dOperands, Block2dShape, Block2dSurface};
use crate::ir::lsc::{DataSize, Sfid};
use crate::ir::lsc_typed;
use crate::ir::{Block2dCtrl, Ctrl, Instruction, Opcode};
use crate::types::DataType;
use crate::validate::context::Cx;
use crate::validate::errors::invalid;

impl Cx<'_> {
    pub(crate) fn typed_block2d_instruction(
        &mut self,
        line: &InsnLine,
        opcode: Opcode,
    ) -> Result<Instruction> {
        let store = opcode == Opcode::LscStoreBlock2d;
        // "Not needed for block2d as it is always SIMD1": `(M1_NM, 1)` or nothing.
        let (mask, exec_size) = match line.exec {
            Some(_) => self.exec(line.exec)?,
            None => (
                MaskControl {
                    group: 1,
                    no_mask: true,
                },
                1,
            ),
        };
        if line.pred.is_some() {
            return Err(invalid(
                "pred",
                "a typed block 2D message takes no predicate",
            ));
        }
        // The unit is `.tgm` (the caller checked); the caching options are LSC_UNTYPED's.
        let mut mods = line.mods.clone();
        if let Some(unit) = mods.first_mut() {
            *unit = "ugm".to_string();
        }
        let (_, l1, l3) = unit_and_caching(&mods)?;
        let sfid = Sfid::Tgm;
        let mnemonic = format!("{}.tgm", line.opcode);
        let (name, shape, data_field, addr) = block2d_operands(line, store, &mnemonic, "V:WxH")?;
        let (width, height) =
            lsc_typed::parse_block2d_shape(shape).map_err(|e| e.field(data_field))?;
        let (addr_type, surface, terms) = super::operand::stateful_address(
            &addr.kind,
            "`AddrType(Surface)[Src0AddrX, Src0AddrY]` (bti, bss or ss)",
            "a typed block 2D access goes through a surface:",
        )?;
        let [x, y] = terms else {
            return Err(invalid(
                "address",
                "expected two address operands `[Src0AddrX, Src0AddrY]` (LSC-TYPED-BLOCK2D-TEXT)",
            ));
        };
        let surface = self.surface_scalar(&surface.kind)?;
        let (x, _) = self.block2d_address(x, "Src0AddrX", DataType::D, false)?;
        let (y, _) = self.block2d_address(y, "Src0AddrY", DataType::D, false)?;
        let (dst, data) = self.block2d_data(&name, store)?;
        let insn = Instruction {
            pos: self.pos,
            opcode,
            pred: None,
            mask,
            exec_size,
            sat: false,
            ctrl: Ctrl::Block2d(Box::new(Block2dCtrl {
                sfid,
                addr_type,
                l1,
                l3,
                shape: Block2dShape {
                    size: DataSize::D8,
                    blocks: 1,
                    width,
                    height,
                    transpose: false,
                    vnni: false,
                },
                x_offset: 0,
                y_offset: 0,
                operands: Block2dOperands {
                    surface: Block2dSurface::Typed { surface },
                    x,
                    y,
                    data,
                },
            })),
            dst,
            dst2: None,
            srcs: Vec::new(),
        };
        Ok(insn)
    }
}
