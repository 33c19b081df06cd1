//! The ALU family (instructions/ADD.md ... XOR.md, one document each): the text form
//! `[(<P>)] op[.mods] (ExecSize) dst [dst2] srcs...` to the IR, driven by the instruction's
//! row in [`forms`]; and its rules on any IR ([`Env::alu_rules`]): the operands' classes
//! and extents, the type maps, and each document's Notes.

use super::context::{Cx, Env};
use super::errors::{invalid, src_field};
use super::operands::{is_logic, lanes};
use crate::asm::ast::{InsnLine, VarClass};
use crate::errata;
use crate::error::{Result, VisaError};
use crate::forms::{self, Pred};
use crate::ir::{Ctrl, Dst, Instruction, Opcode, Region, RelOp, Src};
use crate::state::{VarId, Vars};
use crate::types::{exec_type, DataType};

impl Cx<'_> {
    /// An ALU line to the IR: modifiers, execution size, predication, then the operands the
    /// form names (`dst`, the second destination, the sources).
    pub(super) fn alu_instruction(
        &mut self,
        line: &InsnLine,
        opcode: Opcode,
    ) -> Result<Instruction> {
        let form = opcode.form();
        let (sat, ctrl) = self.modifiers(line, form)?;
        let (mask, exec_size) = self.exec(line.exec)?;
        let mut dst2 = None;
        let pred = match (&line.pred, form.pred) {
            (None, Pred::Overflow) => {
                return Err(invalid(
                    "pred",
                    format!(
                        "{} writes its overflow bits to `(<P>)`, which is missing",
                        opcode.mnemonic().to_ascii_uppercase()
                    ),
                ))
            }
            (Some(p), Pred::Overflow) => {
                dst2 = Some(self.overflow_predicate(p, mask, exec_size)?);
                None
            }
            (Some(_), Pred::No) => {
                return Err(invalid(
                    "pred",
                    format!(
                        "{} takes no predicate",
                        opcode.mnemonic().to_ascii_uppercase()
                    ),
                ))
            }
            (Some(p), Pred::Allowed) => Some(self.predicate(p, mask, exec_size)?),
            (None, _) => None,
        };
        let num_dsts = form.num_dsts();
        let want = num_dsts + opcode.form().num_srcs;
        if line.operands.len() != want {
            return Err(invalid(
                "operands",
                format!(
                    "`{}` takes {want} operands ({} and {} sources), {} given",
                    opcode.mnemonic(),
                    if num_dsts == 2 {
                        "dst, a second destination"
                    } else {
                        "dst"
                    },
                    opcode.form().num_srcs,
                    line.operands.len()
                ),
            ));
        }
        let dst = self.dst(&line.operands[0], exec_size, opcode, mask)?;
        if let Some(field) = form.second_dst {
            let second = if form.kinds.dst2 == forms::Kind::PREDICATE {
                // INVM's and RSQTM's `<preddst>`: a predicate variable, one bit per channel.
                self.predicate_dst(&line.operands[1], exec_size, opcode, mask, field)?
            } else {
                self.dst(&line.operands[1], exec_size, opcode, mask)
                    .map_err(|e| e.field(field))?
            };
            dst2 = Some(second);
        }
        let mut srcs = Vec::new();
        for (i, op) in line.operands[num_dsts..].iter().enumerate() {
            let src = self.src(op, exec_size, opcode, i).map_err(|mut e| {
                // Name the source: `src0`, not the generic `src` of the operand checks.
                if e.field.as_deref().is_none_or(|f| f == "src") {
                    e.field = Some(src_field(i));
                }
                e
            })?;
            srcs.push(src);
        }
        let insn = Instruction {
            pos: self.pos,
            opcode,
            pred,
            mask,
            exec_size,
            sat,
            ctrl,
            dst,
            dst2,
            srcs,
        };
        Ok(insn)
    }

    /// `.sat`, CMP's relational operator (`cmp.eq`) and BFN's function (`bfn.xd8`).
    pub(super) fn modifiers(
        &self,
        line: &InsnLine,
        form: &crate::opcode::Form,
    ) -> Result<(bool, Ctrl)> {
        let mut sat = false;
        let mut ctrl = Ctrl::None;
        let opcode = form.opcode;
        for m in &line.mods {
            let rel = RelOp::from_name(m).filter(|_| opcode == Opcode::Cmp);
            let bfn = m
                .strip_prefix('x')
                .filter(|_| opcode == Opcode::Bfn)
                .and_then(|h| u8::from_str_radix(h, 16).ok());
            match (m.as_str(), rel, bfn) {
                ("sat", _, _) if !sat && form.takes_sat(self.readings) => sat = true,
                (_, Some(r), _) if ctrl == Ctrl::None => ctrl = Ctrl::Rel(r),
                (_, _, Some(x)) if ctrl == Ctrl::None => ctrl = Ctrl::Bfn(x),
                _ => {
                    return Err(invalid(
                        "opcode",
                        format!("`{}` does not take the modifier `.{m}`", line.opcode),
                    ))
                }
            }
        }
        match (opcode, &ctrl) {
            (Opcode::Cmp, Ctrl::None) => Err(invalid(
                "opcode",
                "CMP needs a relational operator: `cmp.eq`, `.ne`, `.gt`, `.ge`, `.lt` or `.le`",
            )),
            (Opcode::Bfn, Ctrl::None) => Err(invalid(
                "opcode",
                "BFN needs its function table: `bfn.x<HEX>`, e.g. `bfn.xd8`",
            )),
            _ => Ok((sat, ctrl)),
        }
    }
}

impl Env<'_> {
    /// The rules of an ALU instruction on any IR: execution size and mask control, the
    /// predicate, the operands ([`Env::ir_dsts`], [`Env::ir_srcs`]), their classes, the type
    /// maps and each document's Notes.
    pub(super) fn alu_rules(&self, insn: &Instruction) -> Result<()> {
        let vars = self.vars;
        let fail = |m: String| Err(VisaError::invalid(m).at(insn.pos));
        if insn.srcs.len() != insn.opcode.form().num_srcs {
            return fail(format!(
                "{} has {} sources",
                insn.opcode.mnemonic(),
                insn.srcs.len()
            ));
        }
        if ![1, 2, 4, 8, 16, 32].contains(&insn.exec_size)
            || !(1..=8).contains(&insn.mask.group)
            || !insn.mask.offset().is_multiple_of(insn.exec_size)
            || insn.mask.offset() + insn.exec_size > 32
        {
            return fail(format!(
                "execution size {} with mask control M{} is not valid",
                insn.exec_size, insn.mask.group
            ));
        }
        if let Some(p) = &insn.pred {
            if !self.in_range(p.var) || vars.get(p.var).class != VarClass::Predicate {
                return fail("the predicate is not a predicate variable".to_string());
            }
        }
        self.ir_dsts(insn)?;
        let form = insn.opcode.form();
        if insn.sat && !form.takes_sat(self.readings) {
            return fail(format!("{} does not saturate", insn.opcode.mnemonic()));
        }
        self.ir_srcs(insn, form)?;
        operand_classes(insn, vars).map_err(|e| e.at(insn.pos))?;
        self.types(insn).map_err(|e| e.at(insn.pos))
    }

    /// Legality rules of single instructions beyond their forms (each document's Notes).
    pub(super) fn instruction_rules(&self, insn: &Instruction, srcs: &[DataType]) -> Result<()> {
        let dst = insn.dst.ty();
        // The operand count was checked before: every instruction here has a src0.
        let src0 = srcs.first().copied().unwrap_or(dst);
        let name = insn.opcode.mnemonic().to_ascii_uppercase();
        match insn.opcode {
            // Erratum ROTATE-WIDTH: the rotation width is the destination's; src0 has its size
            // (the literal reading takes src0's width and any sizes).
            Opcode::Rol | Opcode::Ror
                if src0.size() != dst.size()
                    && !self.readings.is_literal(errata::ROTATE_WIDTH) =>
            {
                Err(invalid("src0", format!(
                    "{name} rotates within its destination type {dst}: src0 ({src0}) must have the same size (erratum {})",
                    errata::ROTATE_WIDTH
                )))
            }
            Opcode::Bfe | Opcode::Bfi => self.bitfield_alignment(insn, &name),
            // Erratum ASR-SIGNED-OPERANDS, literal reading: the Notes' signed dst and src0.
            Opcode::Asr
                if self.readings.is_literal(errata::ASR_SIGNED_OPERANDS)
                    && !(dst.is_signed_integer() && src0.is_signed_integer()) =>
            {
                Err(invalid("dst", format!(
                    "ASR takes a signed dst and src0 (erratum {}, literal reading)",
                    errata::ASR_SIGNED_OPERANDS
                )))
            }
            // instructions/ADD3O.md: src2 alone is immediate16 (erratum ADD3-IMMEDIATE-WIDTH).
            Opcode::Add3o if self.readings.is_literal(errata::ADD3_IMMEDIATE_WIDTH) => {
                match insn.srcs.get(2) {
                    Some(s @ Src::Imm { .. }) if exec_type(s.ty()).size() != 2 => {
                        Err(invalid("src2", format!(
                            "ADD3O's src2 immediate is 16-bit (erratum {}, literal reading)",
                            errata::ADD3_IMMEDIATE_WIDTH
                        )))
                    }
                    _ => Ok(()),
                }
            }
            Opcode::Madw => self.madw_rules(insn),
            Opcode::AddrAdd => self.addr_add_rules(insn),
            Opcode::Movs => movs_rules(insn),
            // Erratum ADD3-IMMEDIATE-WIDTH, literal reading: immediate16 operands.
            Opcode::Add3 if self.readings.is_literal(errata::ADD3_IMMEDIATE_WIDTH) => {
                match insn.srcs.iter().position(|s| {
                    matches!(s, Src::Imm { .. }) && exec_type(s.ty()).size() != 2
                }) {
                    Some(k) => Err(VisaError::invalid(format!(
                        "ADD3 immediates are 16-bit (erratum {}, literal reading)",
                        errata::ADD3_IMMEDIATE_WIDTH
                    ))
                    .field(src_field(k))),
                    None => Ok(()),
                }
            }
            // instructions/CMP.md, Notes: with float sources a general destination has their
            // type.
            Opcode::Cmp
                if insn.dst.is_register()
                    && srcs.iter().any(|t| t.is_float())
                    && srcs.iter().any(|t| *t != dst) =>
            {
                Err(invalid("dst", format!(
                    "CMP of float sources writes a general destination of their type, not {dst}"
                )))
            }
            // Erratum SETP-MASK-CONTROL, literal reading: the Notes' mask controls.
            Opcode::Setp
                if self.readings.is_literal(errata::SETP_MASK_CONTROL)
                    && !(insn.mask.no_mask
                        && (insn.mask.group == 1
                            || (insn.mask.group == 5 && insn.exec_size < 32))) =>
            {
                Err(invalid("exec_size", format!(
                    "SETP runs under M1_NM, or M5_NM below execution size 32 (erratum {}, literal reading)",
                    errata::SETP_MASK_CONTROL
                )))
            }
            // Erratum BFN-IMMEDIATE-WIDTH, literal reading: immediate16 operands.
            Opcode::Bfn if self.readings.is_literal(errata::BFN_IMMEDIATE_WIDTH) => {
                match insn.srcs.iter().position(|s| {
                    matches!(s, Src::Imm { .. }) && exec_type(s.ty()).size() != 2
                }) {
                    Some(k) => Err(VisaError::invalid(format!(
                        "BFN immediates are 16-bit (erratum {}, literal reading)",
                        errata::BFN_IMMEDIATE_WIDTH
                    ))
                    .field(src_field(k))),
                    None => Ok(()),
                }
            }
            // instructions/FCVT.md, SRND.md.
            Opcode::Fcvt | Opcode::Srnd => self.fp8_conversion_rules(insn, &name),
            // instructions/LRP.md, PLN.md: their Notes and Exec_size fields.
            Opcode::Lrp | Opcode::Pln => self.lrp_pln_rules(insn),
            // Erratum MUL-PLATFORM-NOTES, literal reading: the Notes' platform limits.
            Opcode::Mul if self.readings.is_literal(errata::MUL_PLATFORM_NOTES) => {
                let byte_source = srcs.iter().position(|t| t.size() == 1);
                match byte_source {
                    Some(k) if self.platform.is_pvc_plus() => Err(VisaError::invalid(format!(
                        "MUL takes no byte source on {} (erratum {}, literal reading)",
                        self.platform,
                        errata::MUL_PLATFORM_NOTES
                    ))
                    .field(src_field(k))),
                    _ if matches!(dst, DataType::Q | DataType::UQ) && !self.platform.is_pvc_plus() => {
                        Err(invalid("dst", format!(
                            "MUL has no 64-bit product on {} (erratum {}, literal reading)",
                            self.platform,
                            errata::MUL_PLATFORM_NOTES
                        )))
                    }
                    _ => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }

    /// instructions/FCVT.md and SRND.md beyond their forms: Dst and Src0 of operand class general,
    /// SRND's Src1 general or immediate; NoMask for FCVT's BF8 (UB) destination (its Notes)
    /// and for SRND (its Notes' "no mask", erratum SRND-NO-MASK).
    pub(super) fn fp8_conversion_rules(&self, insn: &Instruction, name: &str) -> Result<()> {
        if !matches!(insn.dst, Dst::General { .. }) {
            return Err(invalid(
                "dst",
                format!("{name}'s Dst is of operand class general"),
            ));
        }
        if !matches!(insn.srcs.first(), Some(Src::General { .. })) {
            return Err(invalid(
                "src0",
                format!("{name}'s Src0 is of operand class general"),
            ));
        }
        if matches!(insn.srcs.get(1), Some(s) if !matches!(s, Src::General { .. } | Src::Imm { .. }))
        {
            return Err(invalid(
                "src1",
                format!("{name}'s Src1 is of operand class general or immediate"),
            ));
        }
        let no_mask_needed = match insn.opcode {
            Opcode::Fcvt => insn.dst.ty() == DataType::UB,
            _ => !self.readings.is_literal(errata::SRND_NO_MASK),
        };
        if no_mask_needed && !insn.mask.no_mask {
            let why = if insn.opcode == Opcode::Fcvt {
                "FCVT to BF8 (a UB destination) runs under NoMask (instructions/FCVT.md, Notes)"
                    .to_string()
            } else {
                format!(
                    "SRND runs under NoMask (instructions/SRND.md, Notes: \"no mask\"; erratum {})",
                    errata::SRND_NO_MASK
                )
            };
            return Err(invalid(
                "exec_size",
                format!("{why}: M{} is not a NoMask control", insn.mask.group),
            ));
        }
        Ok(())
    }

    /// instructions/MADW.md: execution sizes up to 16 (erratum MADW-EXEC-SIZE), a GRF-aligned
    /// destination, and both halves of the result inside the destination variable (erratum
    /// MADW-HIGH-HALF places the high halves).
    pub(super) fn madw_rules(&self, insn: &Instruction) -> Result<()> {
        let n = insn.exec_size;
        // MADW-EXEC-SIZE: SIMD16 from PVC on (literal) or everywhere (resolved).
        let sixteen =
            self.platform.is_pvc_plus() || !self.readings.is_literal(errata::MADW_EXEC_SIZE);
        if n > 16 || (n == 16 && !sixteen) {
            return Err(invalid(
                "exec_size",
                format!(
                    "MADW's execution size is at most {} on {}",
                    if sixteen { 16 } else { 8 },
                    self.platform
                ),
            ));
        }
        let Dst::General {
            var,
            row,
            col,
            hstride,
            ty,
        } = &insn.dst
        else {
            // An indirect destination's alignment is checked when its address is known.
            return Ok(());
        };
        let grf = self.platform.grf_size();
        let base = self.vars.get(*var).grf_offset.unwrap_or(0);
        let origin = base + *row as usize * self.row_size() + *col as usize * ty.size();
        if !origin.is_multiple_of(grf) {
            return Err(invalid("dst", format!(
                "MADW's destination must be GRF aligned; it starts at register byte {origin} ({grf}-byte GRFs)"
            )));
        }
        let high = crate::ir::alu::madw_high_half_offset(n, *hstride, grf, self.readings);
        let first = (high / ty.size()) as u32;
        let offsets = (0..n).map(|i| first + i * hstride);
        self.check_general_bounds(*var, *row, *col, *ty, offsets, self.pos, "dst")
    }

    /// instructions/ADDR_ADD.md: src1 is a general or immediate operand; src0 is not a
    /// pre-defined variable, except the two the Notes name (erratum ADDR-ADD-PREDEFINED).
    pub(super) fn addr_add_rules(&self, insn: &Instruction) -> Result<()> {
        if matches!(insn.srcs.get(1), Some(Src::Indirect { .. })) {
            return Err(invalid(
                "src1",
                "ADDR_ADD's src1 is a general or immediate operand",
            ));
        }
        let Some(Src::AddrOf { var, .. }) = insn.srcs.first() else {
            return Ok(());
        };
        let info = self.vars.get(*var);
        if !info.predefined {
            return Ok(());
        }
        let exceptions: [&str; 2] = if self.readings.is_literal(errata::ADDR_ADD_PREDEFINED) {
            // V13 and V14 of 4_visa_header.md's table.
            ["%sr0", "%cr0"]
        } else {
            ["%arg", "%retval"]
        };
        if exceptions.contains(&info.name.as_str()) {
            return Ok(());
        }
        Err(invalid(
            "src0",
            format!(
            "ADDR_ADD's src0 cannot be the pre-defined variable `{}` (only {} and {}; erratum {})",
            info.name,
            exceptions[0],
            exceptions[1],
            errata::ADDR_ADD_PREDEFINED
        ),
        ))
    }

    /// Erratum BFE-BFI-ALIGNMENT, literal reading: with an execution size above 1, every
    /// register operand starts 16-byte aligned in the register file.
    pub(super) fn bitfield_alignment(&self, insn: &Instruction, name: &str) -> Result<()> {
        if insn.exec_size == 1 || !self.readings.is_literal(errata::BFE_BFI_ALIGNMENT) {
            return Ok(());
        }
        let start = |var: VarId, row: u32, col: u32, ty: DataType| {
            let base = self.vars.get(var).grf_offset.unwrap_or(0);
            base + (row as usize * (self.row_size() / ty.size()) + col as usize) * ty.size()
        };
        let mut operands = Vec::new();
        if let Dst::General {
            var, row, col, ty, ..
        } = &insn.dst
        {
            operands.push(("dst".to_string(), start(*var, *row, *col, *ty)));
        }
        for (k, src) in insn.srcs.iter().enumerate() {
            if let Src::General {
                var, row, col, ty, ..
            } = src
            {
                operands.push((src_field(k), start(*var, *row, *col, *ty)));
            }
        }
        match operands.into_iter().find(|(_, at)| at % 16 != 0) {
            Some((field, at)) => Err(invalid(&field, format!(
                "{name} operands start 16-byte aligned; {field} starts at register byte {at} (erratum {}, literal reading)",
                errata::BFE_BFI_ALIGNMENT
            ))),
            None => Ok(()),
        }
    }
}

/// instructions/MOVS.md, Notes: exec_size contiguous elements are copied, so a general or
/// indirect operand addresses exactly the elements from its origin (erratum
/// MOVS-CONTIGUOUS); the destination is a state or general operand.
pub(super) fn movs_rules(insn: &Instruction) -> Result<()> {
    let n = insn.exec_size;
    let contiguous = |r: &Region| lanes(n, *r).zip(0..n).all(|(o, k)| o == k);
    let bad = |field: &str, what: &str| {
        Err(invalid(
            field,
            format!(
                "MOVS copies {n} contiguous elements: {what} (erratum {})",
                errata::MOVS_CONTIGUOUS
            ),
        ))
    };
    match &insn.dst {
        Dst::Indirect { .. } => {
            return Err(invalid(
                "dst",
                "MOVS's destination is a state or general operand",
            ))
        }
        Dst::General { hstride, .. } if n > 1 && *hstride != 1 => {
            return bad("dst", "the destination stride must be 1")
        }
        _ => {}
    }
    match insn.srcs.first() {
        Some(Src::General { region, .. })
        | Some(Src::Indirect {
            region,
            multi: false,
            ..
        }) if !contiguous(region) => bad(
            "src0",
            "the source region must read elements 0, 1, ... in order",
        ),
        Some(Src::Indirect { multi: true, .. }) if n > 1 => {
            bad("src0", "a multi-address source is not contiguous")
        }
        _ => Ok(()),
    }
}

/// Which operand kinds an instruction takes (each document's operand classes and Notes):
/// predicate destinations for CMP and SETP, ADD3O's overflow predicate, ADDC's carry and
/// SUBB's borrow, ADDR_ADD's address operands, MOVS's state operands, MOV's predicate
/// source, CMP's relational operator and BFN's table.
/// The kind of a destination ([`forms::Kind`]).
fn dst_kind(dst: &Dst) -> forms::Kind {
    match dst {
        Dst::General { .. } | Dst::Indirect { .. } | Dst::Null { .. } => forms::Kind::REGISTER,
        Dst::Predicate { .. } => forms::Kind::PREDICATE,
        Dst::Address { .. } => forms::Kind::ADDRESS,
        Dst::State { .. } => forms::Kind::STATE,
    }
}

/// The kind of a source ([`forms::Kind`]).
fn src_kind(src: &Src) -> forms::Kind {
    match src {
        Src::General { .. } | Src::Indirect { .. } | Src::Imm { .. } => forms::Kind::REGISTER,
        Src::Predicate { .. } => forms::Kind::PREDICATE,
        Src::Address { .. } => forms::Kind::ADDRESS,
        Src::AddrOf { .. } => forms::Kind::ADDR_OF,
        Src::State { .. } => forms::Kind::STATE,
    }
}

/// An ALU instruction's operands against its forms row: the kinds ([`forms::Kinds`]), the
/// second destination and predication; then the logic instructions' predicate-operand form.
pub(super) fn operand_classes(insn: &Instruction, vars: &Vars) -> Result<()> {
    let op = insn.opcode;
    let form = op.form();
    let name = op.mnemonic().to_ascii_uppercase();
    let bad = |field: &str, m: String| Err(invalid(field, m));
    let register = |d: &Dst| d.is_register();
    let dst_ok = form.kinds.dst.contains(dst_kind(&insn.dst));
    if !dst_ok {
        return bad(
            "dst",
            format!("{name} cannot write this kind of destination"),
        );
    }
    // The second destination: ADD3O's overflow predicate, a register (ADDC's carry, SUBB's
    // borrow) or a predicate (INVM's and RSQTM's preddst), of the kind the form names.
    let overflow = form.pred == Pred::Overflow;
    match (&insn.dst2, form.second_dst) {
        (Some(Dst::Predicate { .. }), _) if overflow => {}
        (Some(d), Some(field)) if !form.kinds.dst2.contains(dst_kind(d)) => {
            return bad(field, format!("{name} cannot write this kind of {field}"))
        }
        (Some(d), Some(_)) if register(d) || matches!(d, Dst::Predicate { .. }) => {}
        (None, Some(field)) => return bad(field, format!("{name} needs its {field}")),
        (None, None) if overflow => {
            return bad("dst", format!("{name} needs its second destination"))
        }
        (None, _) => {}
        (Some(_), _) => return bad("dst", format!("{name} has one destination")),
    }
    if insn.pred.is_some() && form.pred != Pred::Allowed {
        return bad("pred", format!("{name} takes no predicate"));
    }
    for (k, src) in insn.srcs.iter().enumerate() {
        let ok = form.kinds.src(k).contains(src_kind(src));
        if !ok {
            return bad(
                &src_field(k),
                format!("{name} cannot take this kind of src{k}"),
            );
        }
    }
    // instructions/AND.md (OR, XOR, NOT), Notes: in the predicate-operand form every
    // operand is a predicate and there is no predication.
    let pred_dst = matches!(insn.dst, Dst::Predicate { .. });
    if is_logic(op) {
        let pred_srcs = insn
            .srcs
            .iter()
            .filter(|s| matches!(s, Src::Predicate { .. }))
            .count();
        if pred_dst || pred_srcs > 0 {
            if !pred_dst || pred_srcs != insn.srcs.len() {
                return bad(
                    "dst",
                    format!("{name} on predicates takes predicates for every operand"),
                );
            }
            if insn.pred.is_some() {
                return bad("pred", format!("{name} on predicates takes no predicate"));
            }
            for (k, src) in insn.srcs.iter().enumerate() {
                if let Src::Predicate { var } = src {
                    let info = vars.get(*var);
                    if info.num_elts < insn.mask.offset() + insn.exec_size {
                        return bad(
                            &src_field(k),
                            format!(
                                "predicate `{}` has {} elements; the instruction reads elements {}..{}",
                                info.name,
                                info.num_elts,
                                insn.mask.offset(),
                                insn.mask.offset() + insn.exec_size
                            ),
                        );
                    }
                }
            }
        }
    }
    // instructions/MOVS.md, Notes: one side at least is a state operand; two state
    // operands have the same storage class.
    if op == Opcode::Movs {
        match (&insn.dst, insn.srcs.first()) {
            (Dst::State { var: d, .. }, Some(Src::State { var: s, .. }))
                if vars.get(*d).class != vars.get(*s).class =>
            {
                return bad(
                    "src0",
                    "MOVS between state variables of different classes".to_string(),
                )
            }
            (Dst::State { .. }, _) | (_, Some(Src::State { .. })) => {}
            _ => return bad("dst", "MOVS moves to or from a state variable".to_string()),
        }
    }
    match (&insn.ctrl, op) {
        (Ctrl::Rel(_), Opcode::Cmp)
        | (Ctrl::Bfn(_), Opcode::Bfn)
        | (Ctrl::Dpas(_), Opcode::Dpas | Opcode::Dpasw)
        | (Ctrl::None, _) => {}
        _ => return bad("opcode", format!("{name} does not take this control")),
    }
    if matches!((&insn.ctrl, op), (Ctrl::None, Opcode::Cmp | Opcode::Bfn)) {
        return bad("opcode", format!("{name} needs its control field"));
    }
    Ok(())
}
