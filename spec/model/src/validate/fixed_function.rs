//! The fixed-function documents no engine executes: AVS.md, VME_IME.md, VME_SIC.md,
//! VME_FBR.md, VME_IDM.md, URB_WRITE.md, RT_READ.md and RT_WRITE.md. They drive units whose
//! results the documents do not define (documents.rs gives each reason), so validation checks
//! every operand as the document's Format and Description state and then reports
//! `unsupported`.
//!
//! Where the Text form leaves out an operand the Format lists, the Format is read (errata
//! AVS-TEXT-U2D, RT-READ-TEXT-DST, RT-WRITE-TEXT-HEADER). The rule that a VME instruction "may
//! not appear inside a SIMD control flow block" is a property of the program's control flow,
//! not of the instruction's operands, and is not checked here.

use crate::asm::ast::{ExecSpec, InsnLine, Operand, OperandKind, VarClass};
use crate::error::Result;
use crate::state::{VarInfo, Vars, NULL};
use crate::types::DataType::{self, *};

use super::errors::invalid;

/// The document of a fixed-function mnemonic (the documents' spelling and IGC's, which
/// appends `_3d` to the 3D pipeline's messages: visa/IsaDescription.cpp, `ISA_Inst_Table`).
pub fn document(mnemonic: &str) -> Option<&'static str> {
    Some(match mnemonic {
        "avs" => "AVS.md",
        "vme_ime" => "VME_IME.md",
        "vme_sic" => "VME_SIC.md",
        "vme_fbr" => "VME_FBR.md",
        "vme_idm" => "VME_IDM.md",
        "urb_write" | "urb_write_3d" => "URB_WRITE.md",
        "rt_read" => "RT_READ.md",
        "rt_write" | "rt_write_3d" => "RT_WRITE.md",
        _ => return None,
    })
}

/// Checks `line`, a fixed-function instruction ([`document`] gives its document), operand by
/// operand.
pub fn check(line: &InsnLine, vars: &Vars) -> Result<()> {
    let c = Check { line, vars };
    match document(&line.opcode) {
        Some("AVS.md") => c.avs(),
        Some("VME_IME.md") => c.vme_ime(),
        Some("VME_SIC.md") => c.vme_pair(128, 224),
        Some("VME_FBR.md") => c.vme_fbr(),
        Some("VME_IDM.md") => c.vme_pair(32, 512),
        Some("URB_WRITE.md") => c.urb_write(),
        Some("RT_READ.md") => c.rt_read(),
        Some("RT_WRITE.md") => c.rt_write(),
        _ => Ok(()),
    }
}

struct Check<'a> {
    line: &'a InsnLine,
    vars: &'a Vars,
}

/// The float types RT_WRITE's colour operands take.
const HF_F: &[DataType] = &[HF, F];

impl Check<'_> {
    fn mnemonic(&self) -> &str {
        &self.line.opcode
    }

    /// Exactly `n` operands (the mnemonic's form `what` in the message).
    fn count(&self, n: usize, what: &str) -> Result<&[Operand]> {
        let ops = &self.line.operands;
        if ops.len() != n {
            return Err(invalid(
                "operands",
                format!(
                    "`{}` {what} takes {n} operands, {} given",
                    self.mnemonic(),
                    ops.len()
                ),
            ));
        }
        Ok(ops)
    }

    /// No predicate, no execution size, no modifier words: the VME forms.
    fn bare(&self) -> Result<()> {
        if self.line.pred.is_some() {
            return Err(invalid(
                "pred",
                format!("`{}` takes no predicate", self.mnemonic()),
            ));
        }
        if self.line.exec.is_some() {
            return Err(invalid(
                "exec_size",
                format!("`{}` takes no execution size", self.mnemonic()),
            ));
        }
        self.no_mods()
    }

    fn no_mods(&self) -> Result<()> {
        match self.line.mods.first() {
            Some(m) => Err(invalid(
                "opcode",
                format!("`{}` takes no `.{m}`", self.mnemonic()),
            )),
            None => Ok(()),
        }
    }

    /// The execution size is one of `sizes` and the mask control one of `M1..=M{groups}`
    /// (with or without `_NM`), `(SIZE)` alone meaning M1.
    fn exec(&self, sizes: &[u32], groups: &[u8]) -> Result<u32> {
        let Some(ExecSpec { mask, size }) = self.line.exec else {
            return Err(invalid(
                "exec_size",
                format!("`{}` needs an execution size", self.mnemonic()),
            ));
        };
        if !sizes.contains(&size) {
            return Err(invalid(
                "exec_size",
                format!(
                    "`{}` takes execution sizes {sizes:?}, not {size}",
                    self.mnemonic()
                ),
            ));
        }
        if let Some(m) = mask {
            if !groups.contains(&m.group) {
                return Err(invalid(
                    "exec_size",
                    format!(
                        "`{}` takes mask controls M{groups:?}, not M{}",
                        self.mnemonic(),
                        m.group
                    ),
                ));
            }
        }
        Ok(size)
    }

    fn var(&self, name: &str, field: &str) -> Result<&VarInfo> {
        self.vars
            .find(name)
            .map(|id| self.vars.get(id))
            .ok_or_else(|| invalid(field, format!("`{name}` is not declared")))
    }

    /// A raw operand `NAME.OFFSET` of a general variable of one of `types` holding at least
    /// `elts` elements from the offset; `%null.0` too when `null_ok`.
    fn raw(
        &self,
        op: &Operand,
        field: &str,
        types: &[DataType],
        elts: u32,
        null_ok: bool,
    ) -> Result<()> {
        let OperandKind::Raw { name, offset } = &op.kind else {
            return Err(invalid(
                field,
                format!("{field} must be a raw operand `NAME.OFFSET`"),
            ));
        };
        if name == NULL {
            return if null_ok {
                Ok(())
            } else {
                Err(invalid(field, format!("{field} may not be `%null`")))
            };
        }
        let info = self.var(name, field)?;
        if info.class != VarClass::General {
            return Err(invalid(
                field,
                format!("{field}: `{name}` is not a general variable"),
            ));
        }
        if !types.contains(&info.ty) {
            return Err(invalid(
                field,
                format!(
                    "{field}: `{name}` has type {}, the document admits {}",
                    info.ty.text(),
                    names(types)
                ),
            ));
        }
        let size = info.ty.size();
        let need = elts as usize * size;
        let have = info.byte_size().saturating_sub(*offset as usize);
        if !(*offset as usize).is_multiple_of(size) || have < need {
            return Err(invalid(
                field,
                format!(
                    "{field}: `{name}.{offset}` must hold {elts} elements of {} ({need} bytes); {have} bytes from the offset",
                    info.ty.text()
                ),
            ));
        }
        Ok(())
    }

    /// A scalar operand of one of `types`: an immediate (its value returned) or an element
    /// of a general variable.
    fn scalar(&self, op: &Operand, field: &str, types: &[DataType]) -> Result<Option<u64>> {
        match &op.kind {
            OperandKind::Imm(imm) if types.contains(&imm.ty) => Ok(Some(imm.bits)),
            OperandKind::Imm(imm) => Err(invalid(
                field,
                format!(
                    "{field}: an immediate of type {}, the document admits {}",
                    imm.ty.text(),
                    names(types)
                ),
            )),
            OperandKind::Number(n) => u64::try_from(*n)
                .map(Some)
                .map_err(|_| invalid(field, format!("{field}: {n} is negative"))),
            OperandKind::Var { name, ty, .. } => {
                self.general(name, *ty, field, types).map(|()| None)
            }
            OperandKind::Name(name) => self.general(name, None, field, types).map(|()| None),
            _ => Err(invalid(
                field,
                format!("{field} must be a scalar of {}", names(types)),
            )),
        }
    }

    /// `name` is a general variable whose type (or the operand's `:type`) is one of `types`.
    fn general(
        &self,
        name: &str,
        ty: Option<DataType>,
        field: &str,
        types: &[DataType],
    ) -> Result<()> {
        let info = self.var(name, field)?;
        if info.class != VarClass::General || !types.contains(&ty.unwrap_or(info.ty)) {
            return Err(invalid(
                field,
                format!(
                    "{field}: `{name}` must be a general variable of {}",
                    names(types)
                ),
            ));
        }
        Ok(())
    }

    /// A scalar whose immediate value lies in `lo..=hi`.
    fn ranged(
        &self,
        op: &Operand,
        field: &str,
        types: &[DataType],
        lo: u64,
        hi: u64,
    ) -> Result<Option<u64>> {
        let v = self.scalar(op, field, types)?;
        if let Some(v) = v {
            if !(lo..=hi).contains(&v) {
                return Err(invalid(
                    field,
                    format!("{field} is {v}; valid values are {lo} to {hi}"),
                ));
            }
        }
        Ok(v)
    }

    /// A number written bare (`ub` fields of the Format): its value, in `lo..=hi`.
    fn number(&self, op: &Operand, field: &str, lo: i64, hi: i64) -> Result<i64> {
        let v = match &op.kind {
            OperandKind::Number(n) => *n,
            OperandKind::Imm(imm) => imm.bits as i64,
            _ => return Err(invalid(field, format!("{field} must be a number"))),
        };
        if !(lo..=hi).contains(&v) {
            return Err(invalid(
                field,
                format!("{field} is {v}; valid values are {lo} to {hi}"),
            ));
        }
        Ok(v)
    }

    fn handle(&self, op: &Operand, field: &str, class: VarClass) -> Result<()> {
        let OperandKind::Name(name) = &op.kind else {
            return Err(invalid(
                field,
                format!("{field} must name a {} variable", class.letter()),
            ));
        };
        let info = self.var(name, field)?;
        if info.class != class {
            return Err(invalid(
                field,
                format!(
                    "{field}: `{name}` is a {} variable, not {}",
                    info.class.letter(),
                    class.letter()
                ),
            ));
        }
        Ok(())
    }

    /// AVS.md: Channels, Sampler, Surface, U_offset, V_offset, DeltaU, DeltaV, u2d,
    /// groupID, verticalBlockNumber, cntrl, v2d, execMode, IEFBypass, Dst (the Format's
    /// order; the Text leaves u2d out: erratum AVS-TEXT-U2D).
    fn avs(&self) -> Result<()> {
        if self.line.pred.is_some() || self.line.exec.is_some() {
            return Err(invalid(
                "exec_size",
                "`avs` takes no predicate and no execution size",
            ));
        }
        let [ch] = self.line.mods.as_slice() else {
            return Err(invalid(
                "channels",
                "`avs` needs one channel mask `.RGBA` (some of R, G, B, A)",
            ));
        };
        channel_mask(ch, "channels")?;
        let ops = self.count(14, "(the Format's operands, u2d included)")?;
        self.handle(&ops[0], "sampler", VarClass::Sampler)?;
        self.handle(&ops[1], "surface", VarClass::Surface)?;
        for (op, f) in ops[2..7]
            .iter()
            .zip(["u_offset", "v_offset", "deltaU", "deltaV", "u2d"])
        {
            self.scalar(op, f, &[F])?;
        }
        self.scalar(&ops[7], "groupID", &[UD])?;
        self.scalar(&ops[8], "verticalBlockNumber", &[UD])?;
        self.number(&ops[9], "cntrl", 0, 3)?;
        self.scalar(&ops[10], "v2d", &[F])?;
        self.number(&ops[11], "execMode", 0, 3)?;
        self.scalar(&ops[12], "IEFBypass", &[UB])?;
        self.raw(&ops[13], "dst", &[UB, B, UW, W, UD, D, F, HF], 1, false)
    }

    /// The parenthesised modes a VME form begins with (`form` as the Text writes them).
    fn modes<'o>(&self, op: &'o Operand, form: &str) -> Result<&'o [Operand]> {
        match &op.kind {
            OperandKind::Group(modes) => Ok(modes),
            _ => Err(invalid(
                "modes",
                format!("`{}` begins with `{form}`", self.mnemonic()),
            )),
        }
    }

    /// VME_SIC.md and VME_IDM.md: `<surface> <UNIInput> <Input> <output>`, UB operands of
    /// 128, `input` and `output` elements.
    fn vme_pair(&self, input: u32, output: u32) -> Result<()> {
        self.bare()?;
        let ops = self.count(4, "")?;
        self.handle(&ops[0], "surface", VarClass::Surface)?;
        self.raw(&ops[1], "UNIInput", &[UB], 128, false)?;
        self.raw(&ops[2], "input", &[UB], input, false)?;
        self.raw(&ops[3], "output", &[UB], output, false)
    }

    /// VME_IME.md: `(<streamMode>, <searchCtrl>) <surface> <UNIInput> <IMEInput> <ref0>
    /// <ref1> <costCenter> <output>`, the payload sizes following the two modes.
    fn vme_ime(&self) -> Result<()> {
        self.bare()?;
        let ops = self.count(8, "(the modes in parentheses, then seven)")?;
        let [stream, search] = self.modes(&ops[0], "(<streamMode>, <searchCtrl>)")? else {
            return Err(invalid("modes", "`vme_ime` takes two modes in parentheses"));
        };
        let stream = self.number(stream, "streamMode", 0, 3)?;
        let search = self.number(search, "searchCtrl", 0, 3)?;
        // IMEInput and Output sizes: 64/224 without streaming, else 128/288, or 192/352 with
        // dual reference and dual record.
        let (ime, out) = match (stream, search) {
            (0, _) => (64, 224),
            (_, 3) => (192, 352),
            _ => (128, 288),
        };
        self.handle(&ops[1], "surface", VarClass::Surface)?;
        self.raw(&ops[2], "UNIInput", &[UB], 128, false)?;
        self.raw(&ops[3], "IMEInput", &[UB], ime, false)?;
        self.raw(&ops[4], "ref0", &[UW], 2, false)?;
        self.raw(&ops[5], "ref1", &[UW], 2, false)?;
        self.raw(&ops[6], "costCenter", &[UW], 16, false)?;
        self.raw(&ops[7], "output", &[UB], out, false)
    }

    /// VME_FBR.md: `(<FBRMbMode>, <FBRSubMbShape>, <FBRSubPredMode>) <surface> <UNIInput>
    /// <FBRInput> <output>`.
    fn vme_fbr(&self) -> Result<()> {
        self.bare()?;
        let ops = self.count(5, "(the modes in parentheses, then four)")?;
        let [mb, shape, pred] =
            self.modes(&ops[0], "(<FBRMbMode>, <FBRSubMbShape>, <FBRSubPredMode>)")?
        else {
            return Err(invalid(
                "modes",
                "`vme_fbr` takes three modes in parentheses",
            ));
        };
        self.ranged(mb, "FBRMbMode", &[UD], 0, 3)?;
        self.ranged(shape, "FBRSubMbShape", &[UD], 0, 0xff)?;
        // Each 2-bit SubMbPredMode 0b11 is "Illegal".
        if let Some(v) = self.ranged(pred, "FBRSubPredMode", &[UD], 0, 0xff)? {
            if (0..4).any(|k| (v >> (2 * k)) & 3 == 3) {
                return Err(invalid(
                    "FBRSubPredMode",
                    format!("FBRSubPredMode {v:#x} has an Illegal (0b11) sub-block mode"),
                ));
            }
        }
        self.handle(&ops[1], "surface", VarClass::Surface)?;
        self.raw(&ops[2], "UNIInput", &[UB], 128, false)?;
        self.raw(&ops[3], "FBRInput", &[UB], 128, false)?;
        self.raw(&ops[4], "output", &[UB], 224, false)
    }

    /// URB_WRITE.md: `[(P)] urb_write (Mk, 8) <num_out> <global_offset> <channel_mask>
    /// <URB_handle> <per_slot_offset> <vertex_data>`.
    fn urb_write(&self) -> Result<()> {
        self.no_mods()?;
        self.exec(&[8], &[1, 2, 3, 4, 5, 6, 7, 8])?;
        let ops = self.count(6, "")?;
        let num_out = self.number(&ops[0], "num_out", 1, 8)?;
        self.number(&ops[1], "global_offset", 0, 2047)?;
        // The Format makes the mask a UD raw operand, the Text's comment an integer: both.
        if !matches!(ops[2].kind, OperandKind::Number(_) | OperandKind::Imm(_)) {
            self.raw(&ops[2], "channel_mask", &[UD], 8, false)?;
        } else {
            self.number(&ops[2], "channel_mask", 0, 0xff)?;
        }
        self.raw(&ops[3], "URB_handle", &[UD], 8, false)?;
        self.raw(&ops[4], "per_slot_offset", &[UD], 8, true)?;
        // num_out GRFs of data: one dword per vertex, 8 vertices a GRF's first 32 bytes at
        // least; the GRF size is the platform's.
        let grf = self.vars.platform.grf_size() as u32;
        self.raw(
            &ops[5],
            "vertex_data",
            &[UD, D, F],
            num_out as u32 * grf / 4,
            false,
        )
    }

    /// RT_READ.md: `[(P)] rt_read[.<PS><SI>] (M1|M5, 16|32) <surface> [<SI>] <dst>` (the
    /// Text leaves out the Format's Dst: erratum RT-READ-TEXT-DST).
    fn rt_read(&self) -> Result<()> {
        let mode = self.mode(&["PS", "SI"])?;
        let size = self.exec(&[16, 32], &[1, 5])?;
        let si = mode.contains(&"SI");
        let ops = self.count(2 + usize::from(si), "(surface, [SI,] dst)")?;
        self.handle(&ops[0], "surface", VarClass::Surface)?;
        if si {
            self.scalar(&ops[1], "SI", &[UB, UW, UD])?;
        }
        // A SIMD16 read returns 4 registers of 16 lanes, SIMD32 8: 4 channels of 4 bytes a lane.
        self.raw(
            ops.last().unwrap_or(&ops[0]),
            "dst",
            &[F, HF, UD, D, UW, W],
            size * 4,
            false,
        )
    }

    /// RT_WRITE.md: `[(P)] rt_write[.<MODE>] (Mk, 8|16) <surface> <header> [<SI>] [<CPS>]
    /// [<RTI>] [<s0a>] [<oM>] <R> <G> <B> <A> [<Z>] [<S>]`: the Format's order, the header
    /// the Text leaves out (erratum RT-WRITE-TEXT-HEADER) and every Example writes.
    fn rt_write(&self) -> Result<()> {
        let mode = self.mode(&[
            "A", "O", "CPS", "PS", "CM", "SI", "ST", "LRTW", "RTI", "Z", "NULLRT",
        ])?;
        let size = self.exec(&[8, 16], &[1, 2, 3, 4, 5, 6, 7, 8])?;
        let has = |m: &str| mode.contains(&m);
        let optional = ["SI", "CPS", "RTI", "A", "O", "Z", "ST"];
        let n = 2 + 4 + optional.iter().filter(|m| has(m)).count();
        let ops = self.count(n, "(for its mode)")?;
        match &ops[0].kind {
            OperandKind::Name(name) if self.var(name, "surface")?.class == VarClass::General => {}
            _ => self.handle(&ops[0], "surface", VarClass::Surface)?,
        }
        self.raw(&ops[1], "header", &[UD, D, UB, UW], 8, true)?;
        let mut i = 2;
        let mut next = || {
            i += 1;
            &ops[i - 1]
        };
        if has("SI") {
            self.scalar(next(), "SI", &[UB, UW, UD])?;
        }
        if has("CPS") {
            self.scalar(next(), "CPS", &[UB, UW, UD])?;
        }
        if has("RTI") {
            self.ranged(next(), "RTI", &[UB], 0, 7)?;
        }
        // Every colour operand (and s0a) has one type, HF or F: the Notes leave mixing
        // undefined.
        let mut colours = Vec::new();
        if has("A") {
            colours.push((next(), "s0a"));
        }
        if has("O") {
            self.raw(next(), "oM", &[UW], size, false)?;
        }
        for f in ["R", "G", "B", "A"] {
            colours.push((next(), f));
        }
        let mut first = None;
        for (op, f) in colours {
            self.raw(op, f, HF_F, size, false)?;
            if let OperandKind::Raw { name, .. } = &op.kind {
                let ty = self.var(name, f)?.ty;
                if *first.get_or_insert(ty) != ty {
                    return Err(invalid(
                        f,
                        "the colour operands of `rt_write` mix HF and F (undefined, Notes)",
                    ));
                }
            }
        }
        if has("Z") {
            self.raw(next(), "Z", &[F], size, false)?;
        }
        if has("ST") {
            self.raw(next(), "S", &[UB], size, false)?;
        }
        Ok(())
    }

    /// The mode words `.<A><B>...` (one dot word of bracketed names, or several), each one
    /// of `allowed`, at most once.
    fn mode(&self, allowed: &[&'static str]) -> Result<Vec<&'static str>> {
        let mut out: Vec<&'static str> = Vec::new();
        for word in &self.line.mods {
            let inner = word
                .strip_prefix('<')
                .and_then(|w| w.strip_suffix('>'))
                .ok_or_else(|| {
                    invalid(
                        "mode",
                        format!("mode `.{word}` is not of the form `.<M>...`"),
                    )
                })?;
            for m in inner.split("><") {
                let Some(&known) = allowed.iter().find(|a| a.eq_ignore_ascii_case(m)) else {
                    return Err(invalid(
                        "mode",
                        format!(
                            "`{}` has no mode `<{m}>` (it takes {})",
                            self.mnemonic(),
                            allowed.join(", ")
                        ),
                    ));
                };
                if out.contains(&known) {
                    return Err(invalid("mode", format!("mode `<{m}>` given twice")));
                }
                out.push(known);
            }
        }
        Ok(out)
    }
}

/// The names of `types`, for messages.
fn names(types: &[DataType]) -> String {
    types
        .iter()
        .map(|t| t.text())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `.RGBA`-style channel mask: some of R, G, B, A in that order, at least one.
fn channel_mask(word: &str, field: &str) -> Result<()> {
    let mut rest = "RGBA";
    if word.is_empty() {
        return Err(invalid(
            field,
            "the channel mask enables no channel (0000 is not allowed)",
        ));
    }
    for c in word.chars() {
        match rest.find(c) {
            Some(at) => rest = &rest[at + 1..],
            None => {
                return Err(invalid(
                    field,
                    format!("channel mask `{word}`: R, G, B, A each at most once, in that order"),
                ))
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::asm;
    use crate::error::ErrorClass;
    use crate::platform::Platform;
    use crate::validate::validate;

    const DECLS: &str = "\
.decl UNI v_type=G type=ub num_elts=128
.decl IN v_type=G type=ub num_elts=192
.decl OUT v_type=G type=ub num_elts=512
.decl R0 v_type=G type=uw num_elts=16
.decl MB v_type=G type=ud num_elts=8
.decl FV v_type=G type=f num_elts=64
.decl HV v_type=G type=hf num_elts=64
.decl OM v_type=G type=uw num_elts=16
.decl ST v_type=G type=ub num_elts=32
.decl T1 v_type=T num_elts=1
.decl S1 v_type=S num_elts=1
";

    /// The class and field of validating `insn` after the declarations, on xe-hpg.
    fn outcome(insn: &str) -> (ErrorClass, String, String) {
        let text = format!("{DECLS}{insn}\n");
        let lines = asm::parse(&text).unwrap_or_else(|e| panic!("{insn}: {e}"));
        match validate(&lines, Platform::XeHpg) {
            Ok(_) => panic!("{insn}: validated"),
            Err(e) => (
                e.class,
                e.field.clone().unwrap_or_default(),
                e.message.clone(),
            ),
        }
    }

    fn unsupported(insn: &str) {
        let (class, field, message) = outcome(insn);
        assert_eq!(
            (class, field.as_str()),
            (ErrorClass::Unsupported, "opcode"),
            "{insn}: {message}"
        );
        assert!(
            message.contains("is not executable: it "),
            "{insn}: {message}"
        );
    }

    fn invalid(insn: &str, want: &str) {
        let (class, field, message) = outcome(insn);
        assert_eq!(
            (class, field.as_str()),
            (ErrorClass::InvalidInstruction, want),
            "{insn}: {message}"
        );
    }

    #[test]
    fn vme_forms_check_their_payload_sizes() {
        // VME_SIC: UNIInput 128 UB, SICInput 128 UB, Output 224 UB.
        unsupported("vme_sic T1 UNI.0 IN.0 OUT.0");
        // A SICInput of 64 bytes (IN from byte 128 holds 64).
        invalid("vme_sic T1 UNI.0 IN.128 OUT.0", "input");
        // VME_IDM: IDMInput 32, Output 512: OUT from byte 1 holds 511.
        unsupported("vme_idm T1 UNI.0 IN.160 OUT.0");
        invalid("vme_idm T1 UNI.0 IN.0 OUT.1", "output");
        // A UW payload where UB is required.
        invalid("vme_sic T1 R0.0 IN.0 OUT.0", "UNIInput");
        // The surface must be a T variable.
        invalid("vme_sic S1 UNI.0 IN.0 OUT.0", "surface");
        invalid("vme_sic T1 UNI.0 IN.0", "operands");
    }

    #[test]
    fn vme_ime_sizes_follow_its_modes() {
        // Stream mode 0: IMEInput 64, Output 224.
        unsupported("vme_ime (0, 3) T1 UNI.0 IN.128 R0.0 R0.0 R0.0 OUT.288");
        // Stream in/out with dual reference and record (3, 3): IMEInput 192, Output 352;
        // IN.128 holds only 64.
        invalid(
            "vme_ime (3, 3) T1 UNI.0 IN.128 R0.0 R0.0 R0.0 OUT.0",
            "IMEInput",
        );
        unsupported("vme_ime (3, 3) T1 UNI.0 IN.0 R0.0 R0.0 R0.0 OUT.160");
        // Output 352 from byte 161: 351 bytes.
        invalid(
            "vme_ime (3, 3) T1 UNI.0 IN.0 R0.0 R0.0 R0.0 OUT.161",
            "output",
        );
        // CostCenter needs 16 UW: R0 from byte 2 holds 15.
        invalid(
            "vme_ime (1, 0) T1 UNI.0 IN.0 R0.0 R0.0 R0.2 OUT.0",
            "costCenter",
        );
        invalid(
            "vme_ime (4, 0) T1 UNI.0 IN.0 R0.0 R0.0 R0.0 OUT.0",
            "streamMode",
        );
    }

    #[test]
    fn vme_fbr_refuses_illegal_sub_block_modes() {
        unsupported("vme_fbr (0x3:ud, 0xff:ud, 0xaa:ud) T1 UNI.0 UNI.0 OUT.0");
        // 0xc0: SubMbPredMode[3] = 0b11, "Illegal".
        invalid(
            "vme_fbr (0, 0, 0xc0:ud) T1 UNI.0 UNI.0 OUT.0",
            "FBRSubPredMode",
        );
        invalid("vme_fbr (0x4:ud, 0, 0) T1 UNI.0 UNI.0 OUT.0", "FBRMbMode");
        // Modes in a variable are checked by type only.
        unsupported("vme_fbr (MB(0,0), MB(0,1), MB(0,2)) T1 UNI.0 UNI.0 OUT.0");
        invalid("vme_fbr (R0(0,0), 0, 0) T1 UNI.0 UNI.0 OUT.0", "FBRMbMode");
    }

    #[test]
    fn avs_reads_the_format_with_u2d() {
        let ops = "S1 T1 FV(0,0) FV(0,1) FV(0,2) FV(0,3) FV(0,4) MB(0,0) MB(0,1) 2 FV(0,5) 1 0x1:ub OUT.0";
        unsupported(&format!("avs.RGBA {ops}"));
        unsupported(&format!("avs.GA {ops}"));
        // Channels out of order, or a repeated channel.
        invalid(&format!("avs.AR {ops}"), "channels");
        // cntrl 4 and execMode 4 are past their tables (0..3).
        let bad_cntrl = ops.replace(" 2 FV(0,5)", " 4 FV(0,5)");
        invalid(&format!("avs.R {bad_cntrl}"), "cntrl");
        // The Text's 13 operands (no u2d): erratum AVS-TEXT-U2D.
        let text_form = ops.replace("FV(0,4) ", "");
        invalid(&format!("avs.R {text_form}"), "operands");
        // groupID of type F.
        let bad_group = ops.replace("MB(0,0)", "FV(0,6)");
        invalid(&format!("avs.R {bad_group}"), "groupID");
    }

    #[test]
    fn urb_write_checks_counts_offsets_and_data() {
        // num_out 2: 2 GRFs of 32 bytes (xe-hpg) = 16 dwords of vertex data; FV holds 64.
        unsupported("urb_write_3d (M1, 8) 2 2047 MB.0 MB.0 %null.0 FV.0");
        unsupported("urb_write (M2, 8) 1 0 0xff MB.0 MB.0 FV.0");
        invalid("urb_write (M1, 8) 9 0 MB.0 MB.0 MB.0 FV.0", "num_out");
        invalid(
            "urb_write (M1, 8) 1 2048 MB.0 MB.0 MB.0 FV.0",
            "global_offset",
        );
        invalid("urb_write (M1, 16) 1 0 MB.0 MB.0 MB.0 FV.0", "exec_size");
        // 8 GRFs = 64 dwords from byte 4 of FV: 63 left.
        invalid("urb_write (M1, 8) 8 0 MB.0 MB.0 MB.0 FV.4", "vertex_data");
        // Vertex data of type HF.
        invalid("urb_write (M1, 8) 1 0 MB.0 MB.0 MB.0 HV.0", "vertex_data");
    }

    #[test]
    fn rt_read_and_rt_write_follow_their_modes() {
        // RT_READ SIMD16: 16 lanes x 4 channels = 64 F.
        unsupported("rt_read (M1, 16) T1 FV.0");
        unsupported("rt_read.<PS><SI> (M5_NM, 16) T1 ST(0,0) FV.0");
        invalid("rt_read (M1, 32) T1 FV.0", "dst");
        invalid("rt_read (M2, 16) T1 FV.0", "exec_size");
        invalid("rt_read.<XX> (M1, 16) T1 FV.0", "mode");
        // RT_WRITE: surface, header, R G B A.
        unsupported("rt_write_3d (M1, 16) T1 %null.0 FV.0 FV.0 FV.0 FV.0");
        // The Examples' .<A><O><Z>: s0a, oM, R G B A, depth.
        unsupported("rt_write_3d.<A><O><Z> (M1, 16) T1 %null.0 FV.0 OM.0 FV.0 FV.0 FV.0 FV.0 FV.0");
        // Without its header (the Text form): one operand short.
        invalid(
            "rt_write_3d.<A><O><Z> (M1, 16) T1 FV.0 OM.0 FV.0 FV.0 FV.0 FV.0 FV.0",
            "operands",
        );
        // HF and F mixed among the colours.
        invalid("rt_write (M1, 8) T1 %null.0 FV.0 HV.0 FV.0 FV.0", "G");
        // RTI 8 is past 0..7.
        invalid(
            "rt_write.<RTI> (M1, 8) T1 %null.0 0x8:ub FV.0 FV.0 FV.0 FV.0",
            "RTI",
        );
        unsupported("rt_write.<RTI><ST> (M1, 8) T1 %null.0 0x7:ub FV.0 FV.0 FV.0 FV.0 ST.0");
    }
}
