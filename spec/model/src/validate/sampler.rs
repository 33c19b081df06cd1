//! Validation of the sampler messages (instructions/3D_LOAD.md, INFO.md, 3D_SAMPLE.md): the
//! text forms as IGC's assembler writes them to the IR, then every rule of the documents on
//! the IR ([`rules`], which `check_program` runs again).
//!
//! Text (the documents' Text, IGC's spelling: `SAMPLE_OP_3D_NAME` of its disassembler):
//! - `[(P)] load_3d.<channels> (<mask>, <n>) <aoffimmi> <surface> <dst> <u> [<v> [<lod> [<r>]]]`
//!   and `load_lz` with `<u> [<v> [<r>]]`, e.g. `load_lz.RGBA (M1, 16) 0x0:uw T6 V20.0 V21.0 V22.0`;
//! - `[(P)] sample_3d.<channels> (<mask>, <n>) <aoffimmi> <sampler> <surface> <dst> <u> [<v> [<r> [<ai>]]]`,
//!   `sample_lz` alike and `sample_l` with `<lod>` first, e.g.
//!   `sample_lz.RGBA (M1, 16) 0x0:uw S0 T6 V0067.0 V0063.0 V0065.0`;
//! - `resinfo (<mask>, <n>) <surface> <lod> <dst>`, no predicate (INFO.md has no Pred).
//!
//! `<channels>` is the enabled channels' letters in RGBA order; `<aoffimmi>` a UW immediate
//! (bits 15..12 zero); the parameters are raw operands `V.OFFSET`, as many as the text
//! writes (the binary form's NumParams, 1 to the operation's count: trailing ones may be
//! skipped and read as 0). The `.pixel_null_mask`, `.cps` and `.divS` modifiers, execution
//! size 32, 16-bit destinations and the other operations of the documents validate to
//! `unsupported`.
//!
//! IR shape: `ctrl` is [`Ctrl::Sampler`] ([`SamplerCtrl`]), `srcs` is empty; `dst` is the
//! raw destination.

use super::context::Cx;
use super::errors::{invalid, invalid_at};
use super::svm::check_in_var;
use crate::asm::ast::{InsnLine, Operand, OperandKind, VarClass};
use crate::errata::Readings;
use crate::error::{Result, VisaError};
use crate::ir::sampler::{param_types, params, SamplerCtrl, DST_TYPES};
use crate::ir::svm::parse_channels;
use crate::ir::{Ctrl, Dst, Instruction, Opcode, Payload};
use crate::platform::Platform;
use crate::state::{VarId, Vars};
use crate::types::DataType;

impl Cx<'_> {
    /// Builds the IR of a sampler line, then checks it with [`rules`].
    pub(crate) fn sampler_instruction(
        &mut self,
        line: &InsnLine,
        opcode: Opcode,
    ) -> Result<Instruction> {
        let name = opcode.mnemonic();
        let info = opcode == Opcode::Resinfo;
        let ch_mask = if info {
            if !line.mods.is_empty() {
                return Err(invalid("op", "`resinfo` takes no `.` modifier"));
            }
            0xF
        } else {
            let Some((channels, rest)) = line.mods.split_last() else {
                return Err(invalid(
                    "channels",
                    format!("`{name}` takes a channel mask `.RGBA` (R, G, B, A in order)"),
                ));
            };
            if let Some(m) = rest.first() {
                return Err(match m.as_str() {
                    "pixel_null_mask" | "cps" | "divS" => VisaError::unsupported(format!(
                        "`{name}.{m}` is not modelled: the engines execute the sampler messages without the pixel null mask, CPS LOD compensation and non-uniform sampler state"
                    ))
                    .field("op"),
                    _ => invalid("op", format!("unknown modifier `.{m}` of `{name}`")),
                });
            }
            parse_channels(channels).ok_or_else(|| {
                invalid(
                    "channels",
                    format!("channel mask `{channels}`: letters R, G, B, A at most once each, in that order, at least one"),
                )
            })?
        };
        let (mask, exec_size) = self.exec(line.exec)?;
        let pred = match &line.pred {
            Some(_) if info => {
                return Err(invalid("pred", "`resinfo` takes no predicate (INFO.md)"));
            }
            Some(p) => Some(self.predicate(p, mask, exec_size)?),
            None => None,
        };
        let ops = &line.operands;
        // The operands before Dst: `<aoffimmi> [<sampler>] <surface>`, or RESINFO's
        // `<surface> <lod>`.
        let sampling = matches!(
            opcode,
            Opcode::Sample3d | Opcode::SampleL | Opcode::SampleLz
        );
        let head = if info {
            2
        } else if sampling {
            3
        } else {
            2
        };
        let most = head + 1 + if info { 0 } else { params(opcode).len() };
        let least = if info { most } else { head + 2 };
        if ops.len() < least || ops.len() > most {
            let want = if info {
                "`<surface> <lod> <dst>`".to_string()
            } else {
                format!(
                    "`<aoffimmi>{} <surface> <dst>` and 1 to {} parameters ({})",
                    if sampling { " <sampler>" } else { "" },
                    params(opcode).len(),
                    params(opcode).join(", ")
                )
            };
            return Err(invalid(
                "operands",
                format!("`{name}` takes {want}, not {} operands", ops.len()),
            ));
        }
        let (ctrl, dst) = if info {
            let surface = self.sampler_state_var(&ops[0], "surface", VarClass::Surface)?;
            let lod = self.svm_payload(&ops[1], "lod")?;
            let dst = self.svm_raw_dst(&ops[2], "dst", false)?;
            let ctrl = SamplerCtrl {
                ch_mask,
                aoffimmi: 0,
                sampler: None,
                surface,
                params: vec![lod],
            };
            (ctrl, dst)
        } else {
            let aoffimmi = aoffimmi(&ops[0])?;
            let sampler = if sampling {
                Some(self.sampler_state_var(&ops[1], "sampler", VarClass::Sampler)?)
            } else {
                None
            };
            let surface = self.sampler_state_var(&ops[head - 1], "surface", VarClass::Surface)?;
            let dst = self.svm_raw_dst(&ops[head], "dst", false)?;
            let mut ps = Vec::new();
            for (k, op) in ops[head + 1..].iter().enumerate() {
                let field = params(opcode).get(k).copied().unwrap_or("params");
                ps.push(self.svm_payload(op, field)?);
            }
            let ctrl = SamplerCtrl {
                ch_mask,
                aoffimmi,
                sampler,
                surface,
                params: ps,
            };
            (ctrl, dst)
        };
        if exec_size == 32 {
            return Err(VisaError::unsupported(format!(
                "`{name}` at execution size 32 is not modelled: the engines execute the SIMD8 and SIMD16 sampler messages"
            ))
            .field("exec_size"));
        }
        if let Dst::General { ty, .. } = dst {
            if !info && matches!(ty, DataType::HF | DataType::W | DataType::UW) {
                return Err(VisaError::unsupported(format!(
                    "`{name}` into a {ty} destination is not modelled: the 16-bit return format's conversions are in no document"
                ))
                .field("dst"));
            }
        }
        Ok(Instruction {
            pos: self.pos,
            opcode,
            pred,
            mask,
            exec_size,
            sat: false,
            ctrl: Ctrl::Sampler(Box::new(ctrl)),
            dst,
            dst2: None,
            srcs: Vec::new(),
        })
    }

    /// A surface or sampler operand: a declared variable of `class` (`T6`, `S0`); the
    /// pre-defined surfaces (`%slm`, `T0`..`T5`) are not typed surfaces.
    fn sampler_state_var(&mut self, op: &Operand, field: &str, class: VarClass) -> Result<VarId> {
        let name = match &op.kind {
            OperandKind::Name(n) => n.as_str(),
            OperandKind::Var { name, origin, .. } if origin.is_empty() => name.as_str(),
            _ => {
                return Err(invalid_at(
                    op.pos,
                    field,
                    format!("the {field} is a {field} variable's name (`T6`, `S0`)"),
                ))
            }
        };
        if crate::ir::dataport::predefined_surface(name).is_some() {
            return Err(invalid_at(
                op.pos,
                field,
                format!("the sampler reads a typed surface through a surface variable, not the pre-defined `{name}`"),
            ));
        }
        let id = self.var(name, op.pos, field)?;
        if self.vars.get(id).class != class {
            return Err(invalid_at(
                op.pos,
                field,
                format!("`{name}` is not a {field} variable"),
            ));
        }
        Ok(id)
    }
}

/// `Aoffimmi`: a UW immediate (3D_LOAD.md and 3D_SAMPLE.md: "Must have type UW").
fn aoffimmi(op: &Operand) -> Result<u16> {
    match &op.kind {
        OperandKind::Imm(imm) if imm.ty == DataType::UW => u16::try_from(imm.bits)
            .map_err(|_| invalid_at(op.pos, "aoffimmi", "Aoffimmi is a UW immediate")),
        OperandKind::Imm(_) => Err(invalid_at(op.pos, "aoffimmi", "Aoffimmi must have type UW")),
        _ => Err(VisaError::unsupported(
            "an Aoffimmi held in a variable is not modelled: the engines take a UW immediate",
        )
        .field("aoffimmi")
        .at(op.pos)),
    }
}

/// The register bytes each enabled channel's block of Dst takes: `exec_size` elements of 4
/// bytes, rounded up to whole registers ("Each channel's return data start in the next
/// GRF").
pub fn channel_block(platform: Platform, exec_size: u32) -> usize {
    let grf = platform.grf_size();
    (exec_size as usize * 4).div_ceil(grf) * grf
}

/// Every rule of the documents on a sampler message's IR.
pub(super) fn rules(
    insn: &Instruction,
    vars: &Vars,
    platform: Platform,
    _readings: &Readings,
) -> Result<()> {
    let Ctrl::Sampler(c) = &insn.ctrl else {
        return Err(invalid("op", "a sampler message without its fields"));
    };
    let op = insn.opcode;
    let name = op.mnemonic();
    let exec_size = insn.exec_size as usize;
    if !matches!(exec_size, 8 | 16) {
        return Err(invalid(
            "exec_size",
            format!("`{name}` executes at sizes 8 and 16"),
        ));
    }
    if c.ch_mask == 0 || c.ch_mask > 0xF {
        return Err(invalid(
            "channels",
            "Channels: at least one of R, G, B, A, and no other bit",
        ));
    }
    if op == Opcode::Resinfo && (c.ch_mask != 0xF || insn.pred.is_some()) {
        return Err(invalid(
            "op",
            "`resinfo` returns all four channels, unpredicated",
        ));
    }
    if c.aoffimmi >> 12 != 0 {
        return Err(invalid(
            "aoffimmi",
            "Aoffimmi bits 15..12 are reserved and must be zero",
        ));
    }
    let of_class =
        |v: VarId, class: VarClass| (v.0 as usize) < vars.len() && vars.get(v).class == class;
    if !of_class(c.surface, VarClass::Surface) {
        return Err(invalid("surface", "the surface is a surface variable"));
    }
    let sampling = matches!(op, Opcode::Sample3d | Opcode::SampleL | Opcode::SampleLz);
    match c.sampler {
        Some(s) if sampling => {
            if !of_class(s, VarClass::Sampler) {
                return Err(invalid("sampler", "the sampler is a sampler variable"));
            }
        }
        None if !sampling => {}
        _ => {
            return Err(invalid(
                "sampler",
                format!(
                    "`{name}` {} a sampler",
                    if sampling { "takes" } else { "takes no" }
                ),
            ))
        }
    }
    let names = params(op);
    if c.params.is_empty() || c.params.len() > names.len() {
        return Err(invalid(
            "params",
            format!("`{name}` takes 1 to {} parameters", names.len()),
        ));
    }
    let types = param_types(op);
    let first = c.params[0].ty;
    for (k, p) in c.params.iter().enumerate() {
        let field = names[k];
        if !types.contains(&p.ty) {
            return Err(invalid(
                field,
                format!(
                    "the parameters of `{name}` have type {}, not {}",
                    type_names(types),
                    p.ty
                ),
            ));
        }
        if p.ty != first {
            return Err(invalid(
                field,
                format!("the parameters of `{name}` all have the same type"),
            ));
        }
        check_in_var(vars, platform, p, exec_size * p.ty.size(), field)?;
    }
    let Dst::General {
        var, row, col, ty, ..
    } = insn.dst
    else {
        return Err(invalid("dst", format!("`{name}` writes a raw destination")));
    };
    let dst = Payload { var, row, col, ty };
    let bytes = if op == Opcode::Resinfo {
        if ty != DataType::UD {
            return Err(invalid("dst", "INFO.md: Dst must have type UD"));
        }
        4 * exec_size * 4
    } else {
        if !DST_TYPES.contains(&ty) {
            return Err(invalid(
                "dst",
                format!("`{name}` writes a Dst of type {}", type_names(&DST_TYPES)),
            ));
        }
        let n = c.ch_mask.count_ones() as usize;
        (n - 1) * channel_block(platform, insn.exec_size) + exec_size * 4
    };
    check_in_var(vars, platform, &dst, bytes, "dst")
}

fn type_names(types: &[DataType]) -> String {
    types
        .iter()
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}
