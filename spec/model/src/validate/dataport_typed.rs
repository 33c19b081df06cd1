//! Validation of the typed legacy dataport messages (instructions/GATHER4_TYPED.md,
//! SCATTER4_TYPED.md, TYPED_ATOMIC.md): the text forms as IGC's assembler writes them to
//! the IR, then every rule of the documents on the IR ([`rules`], which `check_program`
//! runs again).
//!
//! Text (the documents' Text, IGC's spelling):
//! - `[(P)] gather4_typed.<channels> (<mask>, <exec_size>) <surface> <u> <v> <r> <lod> <dst>`
//!   and `scatter4_typed` with `<src>` last, e.g.
//!   `scatter4_typed.RGBA (M1, 8) T6 V0050.0 V0057.0 %null.0 %null.0 V0077.0`; `<channels>`
//!   the enabled channels' letters in RGBA order;
//! - `[(P)] typed_atomic.<op>[.16] (<mask>, <exec_size>) <surface> <u> <v> <r> <lod> <src0>
//!   <src1> <dst>`, e.g. `typed_atomic.add (M1, 8) T6 V1.0 V2.0 %null.0 %null.0 V3.0 %null.0
//!   V4.0`: `<op>` a name of the DWORD_ATOMIC_OP table (IGC's visa/CISA.y,
//!   `TypedAtomicInstruction`).
//!
//! `<surface>` is a surface variable (not T0, not T5); the others raw operands `V.OFFSET`,
//! V, R, LOD (and the atomic's Src0, Src1 and Dst) `%null.0` for V0.
//!
//! IR shape: `ctrl` is [`Ctrl::DataportTyped`] ([`TypedCtrl`]), `srcs` is empty; `dst` is
//! the gather's or the atomic's raw destination, `Dst::Null` for the scatter (and for an
//! atomic returning nothing).

use super::context::Cx;
use super::dataport::{
    atomic_op, atomic_operands, channel_mask, channels_bytes, check_channel_mask,
    check_surface_var, data_operand, signed_types, surface_name, type_names,
};
use super::errors::{invalid, invalid_at};
use super::svm::{check_in_var, mask_and_predicate};
use crate::asm::ast::{InsnLine, Operand};
use crate::errata::{self, Readings};
use crate::error::Result;
use crate::ir::dataport::predefined_surface;
use crate::ir::dataport_typed::{exec_sizes, Coordinates, TypedCtrl, DATA_TYPES};
use crate::ir::svm::AtomicOp;
use crate::ir::{Ctrl, Dst, Instruction, Opcode};
use crate::platform::Platform;
use crate::state::{VarId, Vars};
use crate::types::DataType;

impl Cx<'_> {
    /// Builds the IR of a typed dataport line, then checks it with [`rules`].
    pub(crate) fn dataport_typed_instruction(
        &mut self,
        line: &InsnLine,
        opcode: Opcode,
    ) -> Result<Instruction> {
        let name = opcode.mnemonic();
        let atomic = if opcode == Opcode::TypedAtomic {
            Some(atomic_op(name, &line.mods)?)
        } else {
            None
        };
        let ch_mask = match atomic {
            Some(_) => 1,
            None => channel_mask(name, &line.mods)?,
        };
        let (mask, exec_size) = self.exec(line.exec)?;
        let pred = self.optional_predicate(line, mask, exec_size)?;
        let (want, data) = match opcode {
            Opcode::Gather4Typed => (6, "dst"),
            Opcode::Scatter4Typed => (6, "src"),
            _ => (8, "src0, src1, dst"),
        };
        if line.operands.len() != want {
            return Err(invalid(
                "operands",
                format!(
                    "`{name}` takes {want} operands (surface, u, v, r, lod, {data}), {} given",
                    line.operands.len()
                ),
            ));
        }
        let ops = &line.operands;
        let surface = self.typed_surface(&ops[0])?;
        let u = self.svm_payload(&ops[1], "u")?;
        let v = self.svm_raw(&ops[2], "v", true)?;
        let r = self.svm_raw(&ops[3], "r", true)?;
        let lod = self.svm_raw(&ops[4], "lod", true)?;
        let (ctrl, dst) = match (opcode, atomic) {
            (Opcode::Gather4Typed, _) => {
                let dst = self.svm_raw_dst(&ops[5], "dst", false)?;
                let ctrl = TypedCtrl::Gather4Typed {
                    ch_mask,
                    surface,
                    u,
                    v,
                    r,
                    lod,
                };
                (ctrl, dst)
            }
            (_, Some((op, width))) => {
                let src0 = self.svm_raw(&ops[5], "src0", true)?;
                let src1 = self.svm_raw(&ops[6], "src1", true)?;
                let dst = self.svm_raw_dst(&ops[7], "dst", true)?;
                let ctrl = TypedCtrl::TypedAtomic {
                    op,
                    width,
                    surface,
                    u,
                    v,
                    r,
                    lod,
                    src0,
                    src1,
                };
                (ctrl, dst)
            }
            _ => {
                let src = self.svm_payload(&ops[5], "src")?;
                let ctrl = TypedCtrl::Scatter4Typed {
                    ch_mask,
                    surface,
                    u,
                    v,
                    r,
                    lod,
                    src,
                };
                (ctrl, Dst::Null { ty: DataType::UD })
            }
        };
        Ok(Instruction {
            pos: self.pos,
            opcode,
            pred,
            mask,
            exec_size,
            sat: false,
            ctrl: Ctrl::DataportTyped(ctrl),
            dst,
            dst2: None,
            srcs: Vec::new(),
        })
    }

    /// Surface: "Index of the surface variable. It must be a 1D, 2D, or 3D surface";
    /// T0 (SLM) and T5 (stateless) are not.
    fn typed_surface(&mut self, op: &Operand) -> Result<VarId> {
        let name = surface_name(op, "`T6`")?;
        if predefined_surface(name).is_some() {
            return Err(invalid_at(
                op.pos,
                "surface",
                format!("`{name}` is a pre-defined surface; a typed message takes a typed surface variable (T0: no, T5: no)"),
            ));
        }
        self.surface_var(name, op.pos)
    }
}

/// Every rule of the typed documents on the IR, in the documents' order: mask and
/// predicate, destination and sources, execution size, channel mask or operation, surface,
/// the operand types, the operands' extents.
pub fn rules(
    insn: &Instruction,
    vars: &Vars,
    platform: Platform,
    readings: &Readings,
) -> Result<()> {
    let Ctrl::DataportTyped(ctrl) = &insn.ctrl else {
        return Err(invalid(
            "opcode",
            "a typed dataport message needs its control field",
        ));
    };
    mask_and_predicate(insn, vars)?;
    let opcode = match ctrl {
        TypedCtrl::Gather4Typed { .. } => Opcode::Gather4Typed,
        TypedCtrl::Scatter4Typed { .. } => Opcode::Scatter4Typed,
        TypedCtrl::TypedAtomic { .. } => Opcode::TypedAtomic,
    };
    if opcode != insn.opcode {
        return Err(invalid(
            "opcode",
            format!("{} does not take this control", insn.opcode.mnemonic()),
        ));
    }
    if !insn.srcs.is_empty() {
        return Err(invalid(
            "operands",
            "the typed messages name their sources in their control field: `srcs` is empty",
        ));
    }
    let data = match ctrl {
        TypedCtrl::TypedAtomic { .. } => None,
        _ => Some(data_operand(ctrl.src(), &insn.dst)?),
    };
    // Exec_size bits 2..0: 0b011, 8 elements (TYPED-EXEC-SIZE: 16 with 64-byte registers).
    let es = insn.exec_size;
    let grf = platform.grf_size();
    let sizes = exec_sizes(grf, readings.is_literal(errata::TYPED_EXEC_SIZE));
    if !sizes.contains(&es) {
        return Err(invalid(
            "exec_size",
            format!(
                "execution size {es} is not {} on {} (TYPED-EXEC-SIZE)",
                sizes
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" or "),
                platform.name()
            ),
        ));
    }
    // Channels bits 3..0: "0000" is not allowed (the atomic reaches R alone).
    check_channel_mask(ctrl.ch_mask())?;
    check_surface_var(vars, ctrl.surface())?;
    coordinates(&ctrl.coordinates(), es, vars, platform, readings)?;
    let Some((data, field)) = data else {
        return atomic_rules(insn, ctrl, vars, platform, readings);
    };
    // Dst and Src: "UD, D, F".
    if !DATA_TYPES.contains(&data.ty) {
        return Err(invalid(
            field,
            format!("{field} has type {}, not UD, D or F", data.ty),
        ));
    }
    let bytes = channels_bytes(es, grf, ctrl.ch_mask());
    check_in_var(vars, platform, &data, bytes, field)
}

/// U, V, R, LOD: "Restriction: type UD" ("Must have type UD"; TYPED-COORDINATE-TYPES:
/// also D), one dword per lane.
fn coordinates(
    c: &Coordinates,
    es: u32,
    vars: &Vars,
    platform: Platform,
    readings: &Readings,
) -> Result<()> {
    let coordinate_types: &[DataType] = if readings.is_literal(errata::TYPED_COORDINATE_TYPES) {
        &[DataType::UD]
    } else {
        &[DataType::UD, DataType::D]
    };
    for (field, p) in [("u", Some(c.u)), ("v", c.v), ("r", c.r), ("lod", c.lod)] {
        let Some(p) = p else { continue };
        if !coordinate_types.contains(&p.ty) {
            return Err(invalid(
                field,
                format!(
                    "{field} has type {}, not {} (TYPED-COORDINATE-TYPES)",
                    p.ty,
                    type_names(coordinate_types)
                ),
            ));
        }
        check_in_var(vars, platform, &p, 4 * es as usize, field)?;
    }
    Ok(())
}

/// TYPED_ATOMIC.md: the operation's width ({TGLLP+} Op bit 5), the sources it reads and the
/// operand types (TYPED-ATOMIC-OPERANDS), the operands' extents.
fn atomic_rules(
    insn: &Instruction,
    ctrl: &TypedCtrl,
    vars: &Vars,
    platform: Platform,
    readings: &Readings,
) -> Result<()> {
    let TypedCtrl::TypedAtomic {
        op,
        width,
        src0,
        src1,
        ..
    } = *ctrl
    else {
        return Err(invalid("opcode", "TYPED_ATOMIC without its fields"));
    };
    // Op bits 4..0 and {TGLLP+} bit 5: 32-bit, or 16-bit with `.16` from TGLLP on.
    if ![16, 32].contains(&width) {
        return Err(invalid("op", format!("atomic width {width}: 32 or 16")));
    }
    if width == 16 && !platform.is_tgllp_plus() {
        return Err(invalid(
            "op",
            format!(
                "16-bit atomics (`.16`, Op bit 5) exist from TGLLP on, not on {}",
                platform.name()
            ),
        ));
    }
    let (reads, types) = if readings.is_literal(errata::TYPED_ATOMIC_OPERANDS) {
        // Src0: V0 for INC and DEC; Src1: CMPXCHG only; D for IMIN and IMAX, UD otherwise.
        let reads = [
            !matches!(op, AtomicOp::Inc | AtomicOp::Dec),
            op == AtomicOp::Cmpxchg,
        ];
        let types: &[DataType] = match op {
            AtomicOp::Imin | AtomicOp::Imax => &[DataType::D],
            _ => &[DataType::UD],
        };
        (reads, types)
    } else {
        // DWORD_ATOMIC's rows; the 16-bit forms keep the 32-bit types.
        ([op.num_srcs() > 0, op.num_srcs() > 1], op.types(32))
    };
    let types = signed_types(types, readings);
    atomic_operands(insn, op, reads, &types, [src0, src1], vars, platform)
}
