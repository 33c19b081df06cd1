//! Round trips of vISA assembly text: one concrete line in IGC's style for every instruction
//! document, the forms of ../reference/asm-syntax.md, the documents' own examples, and whole
//! programs with declarations, directives, labels and comments.
//!
//! For canonical text, `print(parse(text)) == text` byte for byte. For any text that parses,
//! the printed form parses back to the same tree (positions aside) and prints identically.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeSet;
use std::path::PathBuf;

use rstest::rstest;
use visa_spec::asm::ast::{
    AddrTerm, Decl, ExecSpec, Immediate, InsnLine, LineKind, MaskControl, Operand, OperandKind,
    PredCombine, PredRef, Program, RegionSyntax, SrcModifier, VarClass,
};
use visa_spec::asm::{self, without_positions};
use visa_spec::types::DataType;

/// One line per instruction document (file name in visa-spec/instructions), written in the
/// canonical form the printer produces: lower-case mnemonic, `(M1, N)`, `V(R,C)<region>`,
/// hexadecimal immediates.
#[rustfmt::skip]
const DOCUMENT_LINES: &[(&str, &str)] = &[
    ("3D_LOAD.md", "load_3d.RGBA (M1, 16) 0x0:uw T1 V1.0 V2.0 V3.0 V4.0 V5.0"),
    ("3D_SAMPLE.md", "sample_3d.RGBA (M1, 16) 0x0:uw S1 T1 V1.0 V2.0 V3.0 V4.0 V5.0"),
    ("3D_SAMPLE4.md", "sample4.R (M1, 16) 0x0:uw S1 T1 V1.0 V2.0 V3.0 V4.0 V5.0"),
    ("ADD.md", "add.sat (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> 0x5:d"),
    ("ADD3.md", "add3 (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> (-)V4(0,0)<1;1,0>"),
    ("ADD3O.md", "(P1) add3o (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>"),
    ("ADDC.md", "addc (M1, 16) V1(0,0)<1> V2(0,0)<1> V3(0,0)<1;1,0> V4(0,0)<1;1,0>"),
    ("ADDR_ADD.md", "addr_add (M1, 1) A0(0)<1> &V21+4 0x10:uw"),
    ("AND.md", "and (M1, 16) V1(0,0)<1> ~V2(0,0)<1;1,0> 0xff:ud"),
    ("ASR.md", "asr (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> 0x3:d"),
    ("AVG.md", "avg (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>"),
    ("AVS.md", "avs.RGBA S1 T1 0x0:f 0x0:f 0x3c800000:f 0x3c800000:f 0x0:uw 0x0:uw 0x0:ub 0x0:ub 0x0:ub 0x0:ub V1.0"),
    ("BARRIER.md", "barrier"),
    ("BFE.md", "bfe (M1, 16) V1(0,0)<1> 0x8:d 0x4:d V2(0,0)<1;1,0>"),
    ("BFI.md", "bfi (M1, 16) V1(0,0)<1> 0x8:d 0x4:d V2(0,0)<1;1,0> V3(0,0)<1;1,0>"),
    ("BFN.md", "bfn.xd8 (M1, 32) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>"),
    ("BFREV.md", "bfrev (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("CACHE_FLUSH.md", "cache_flush"),
    ("CALL.md", "(P1) call (M1, 16) L1"),
    ("CBIT.md", "cbit (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("CMP.md", "cmp.eq (M1, 16) P1 V1(0,0)<1;1,0> 0x0:d"),
    ("COS.md", "cos (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("DIV.md", "div (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> 0x40000000:f"),
    ("DIVM.md", "divm (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>"),
    ("DP4A.md", "dp4a.sat (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>"),
    ("DPAS.md", "dpas.s8.s8.8.8 (M1, 16) V3.0 V1.0 V2.0 V4(0,0)"),
    ("DPASW.md", "dpasw.bf.bf.8.4 (M1, 8) V3.0 V1.0 V2.0 V4(0,0)"),
    ("DWORD_ATOMIC.md", "(P2) dword_atomic.add (M1, 16) T1 V1.0 V2.0 %null.0 V3.0"),
    ("EXP.md", "exp (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("FADDR.md", "faddr foo V1(0,0)<1>"),
    ("FBH.md", "fbh (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("FBL.md", "fbl (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("FCALL.md", "fcall (M1, 1) foo 2 1"),
    ("FCCALL.md", "fccall (M1, 1) L1"),
    ("FCVT.md", "fcvt (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("FENCE.md", "fence_global.E"),
    ("FILE.md", "file \"a.cm\""),
    ("FRC.md", "frc (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("FRET.md", "fret (M1, 1)"),
    ("GATHER.md", "gather.1 (M1, 16) T1 0x0:ud V1.0 V2.0"),
    ("GATHER4_SCALED.md", "gather4_scaled.RGBA (M1, 16) T1 0x0:ud V1.0 V2.0"),
    ("GATHER4_TYPED.md", "gather4_typed.RGBA (M1, 8) T1 V1.0 V2.0 V3.0 %null.0 V4.0"),
    ("GATHER_SCALED.md", "gather_scaled.1 (M1, 16) T1 0x0:ud V1.0 V2.0"),
    ("GOTO.md", "goto (M1, 16) L1"),
    ("IFCALL.md", "ifcall (M1, 1) V1(0,0)<0;1,0> 2 1"),
    ("INFO.md", "resinfo (M1, 16) T1 V1.0 V2.0"),
    ("INV.md", "inv (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("INVM.md", "invm (M1, 8) V1(0,0)<1> V2(0,0)<1> V3(0,0)<1;1,0> V4(0,0)<1;1,0>"),
    ("JMP.md", "jmp (M1, 1) L1"),
    ("LABEL.md", "L0:"),
    ("LIFETIME.md", "lifetime.start V1"),
    ("LOC.md", "loc 12"),
    ("LOG.md", "log (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("LRP.md", "lrp (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>"),
    ("LSC_FENCE.md", "lsc_fence.ugm.evict.gpu"),
    ("LSC_TYPED.md", "lsc_load_quad.tgm (M1, 16) V20:d32.xyzw bti(0x4)[V12,V13,V14]:a32"),
    ("LSC_UNTYPED.md", "lsc_load.ugm.ca.ca (M1, 16) V13:d32x4 flat[V2+0x100]:a64"),
    ("LZD.md", "lzd (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("MAD.md", "mad (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> (-abs)V4(0,0)<1;1,0>"),
    ("MADW.md", "madw (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>"),
    ("MEDIA_LD.md", "media_ld.0 (8, 4) T1 0x0:ud V1(0,0)<0;1,0> V2(0,0)<0;1,0> V3.0"),
    ("MEDIA_ST.md", "media_st.0 (8, 4) T1 0x0:ud V1(0,0)<0;1,0> V2(0,0)<0;1,0> V3.0"),
    ("MIN_MAX.md", "max (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> 0x0:f"),
    ("MOD.md", "mod (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> 0x7:d"),
    ("MOV.md", "(!P1) mov.sat (M1, 16) V1(0,0)<1> (abs)V2(0,0)<1;1,0>"),
    ("MOVS.md", "movs (M1, 1) T1(0) V1(0,0)<0;1,0>"),
    ("MUL.md", "mul (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> r[A0(0),16]<8;8,1>:d"),
    ("MULH.md", "mulh (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>"),
    ("NBARRIER.md", "nbarrier.signal V1(0,0)<0;1,0> V2(0,0)<0;1,0>"),
    ("NOT.md", "not (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("OR.md", "or (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> 0xf0:ud"),
    ("OWORD_LD.md", "oword_ld (4) T1 0x0:ud V1.0"),
    ("OWORD_LD_UNALIGNED.md", "oword_ld_unaligned (4) T1 0x4:ud V1.0"),
    ("OWORD_ST.md", "oword_st (4) T1 0x0:ud V1.0"),
    ("PLN.md", "plane (M1, 16) V1(0,0)<1> V2(0,0)<0;1,0> V3(0,0)<1;1,0>"),
    ("POW.md", "pow (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> 0x40000000:f"),
    ("QW_GATHER.md", "qw_gather.1 (M1, 8) T1 V1.0 V2.0"),
    ("QW_SCATTER.md", "qw_scatter.1 (M1, 8) T1 V1.0 V2.0"),
    ("RAW_SEND.md", "raw_send (M1, 16) 0x0:ud 1 2 0x2200000:ud V1.0 V2.0"),
    ("RAW_SENDS.md", "raw_sends.15.1.0.1 (M1, 16) 0x0:ud 0x2200000:ud V1.0 %null.0 V2.0"),
    ("RET.md", "ret (M1, 1)"),
    ("RNDD.md", "rndd (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("RNDE.md", "rnde (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("RNDU.md", "rndu (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("RNDZ.md", "rndz.sat (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("ROL.md", "rol (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> 0x3:ud"),
    ("ROR.md", "ror (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> 0x3:ud"),
    ("RSQRT.md", "rsqrt (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("RSQTM.md", "rsqtm (M1, 8) V1(0,0)<1> V2(0,0)<1> V3(0,0)<1;1,0>"),
    ("RT_READ.md", "rt_read (M1, 8) T1 V1.0"),
    ("RT_WRITE.md", "rt_write_3d.<A><O><Z> (M1, 16) T1 %null.0 V1.0 V2.0 V3.0 V4.0 V5.0 V6.0"),
    ("SAD2.md", "sad2 (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>"),
    ("SAD2ADD.md", "sad2add (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0> V4(0,0)<1;1,0>"),
    ("SAMPLE_UNORM.md", "sample_unorm.RGBA.16-full S1 T1 0x0:f 0x0:f 0x3d800000:f 0x3d800000:f V1.0"),
    ("SBARRIER.md", "sbarrier.signal"),
    ("SCATTER.md", "scatter.1 (M1, 16) T1 0x0:ud V1.0 V2.0"),
    ("SCATTER4_SCALED.md", "scatter4_scaled.RGBA (M1, 16) T1 0x0:ud V1.0 V2.0"),
    ("SCATTER4_TYPED.md", "scatter4_typed.RGBA (M1, 8) T1 V1.0 V2.0 V3.0 %null.0 V4.0"),
    ("SCATTER_SCALED.md", "scatter_scaled.1 (M1, 16) T1 0x0:ud V1.0 V2.0"),
    ("SEL.md", "(P1) sel (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>"),
    ("SETP.md", "setp (M1, 16) P1 V1(0,0)<0;1,0>"),
    ("SHL.md", "shl (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> 0x2:ud"),
    ("SHR.md", "shr (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> 0x2:ud"),
    ("SIN.md", "sin (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("SQRT.md", "sqrt (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("SQRTM.md", "sqrtm (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0>"),
    ("SRND.md", "srnd (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> V3(0,0)<1;1,0>"),
    ("SUBB.md", "subb (M1, 16) V1(0,0)<1> V2(0,0)<1> V3(0,0)<1;1,0> V4(0,0)<1;1,0>"),
    ("SUBROUTINE.md", "subroutine S0"),
    ("SVM.md", "svm_block_st (4) V1(0,0)<0;1,0> V2.0"),
    ("SVM_ATOMIC.md", "svm_atomic.add (M1, 8) V1.0 V2.0 V3.0 %null.0"),
    ("SVM_BLOCK_LD.md", "svm_block_ld.unaligned (4) V1(0,0)<0;1,0> V2.0"),
    ("SVM_BLOCK_ST.md", "svm_block_st (4) V1(0,0)<0;1,0> V2.0"),
    ("SVM_GATHER.md", "svm_gather.4.1 (M1, 8) V1.0 V2.0"),
    ("SVM_GATHER4_SCALED.md", "svm_gather4scaled.RGBA (M1, 8) V1(0,0)<0;1,0> V2.0 V3.0"),
    ("SVM_SCATTER.md", "svm_scatter.4.1 (M1, 8) V1.0 V2.0"),
    ("SVM_SCATTER4_SCALED.md", "svm_scatter4scaled.RB (M1, 8) V1(0,0)<0;1,0> V2.0 V3.0"),
    ("SWITCHJMP.md", "switchjmp (M1, 1) V1(0,0)<0;1,0> (L0, L1, L2)"),
    ("TYPED_ATOMIC.md", "typed_atomic.add (M1, 8) T1 V1.0 V2.0 V3.0 %null.0 V4.0 %null.0 V5.0"),
    ("URB_WRITE.md", "urb_write (M1, 8) 1 0 255 V1.0 V2.0 V3.0"),
    ("VME_FBR.md", "vme_fbr (0, 0, 0) T1 V1.0 V2.0 V3.0"),
    ("VME_IDM.md", "vme_idm T1 V1.0 V2.0 V3.0"),
    ("VME_IME.md", "vme_ime (0, 1) T1 V1.0 V2.0 V3.0 V4.0 V5.0 V6.0"),
    ("VME_SIC.md", "vme_sic T1 V1.0 V2.0 V3.0"),
    ("WAIT.md", "wait V1(0,0)<0;1,0>"),
    ("XOR.md", "xor (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0> 0xffff:uw"),
    ("YIELD.md", "yield"),
];

/// The instruction documents' directory, if the shared documents are next to the repository.
fn instructions_dir() -> Option<PathBuf> {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    ["../../shared", "../shared"]
        .iter()
        .map(|shared| manifest.join(shared).join("visa-spec/instructions"))
        .find(|dir| dir.is_dir())
}

/// Asserts the round-trip contract for any text that parses: the printed form parses to the
/// same tree (positions aside) and prints identically. Returns the printed form.
fn assert_round_trip(text: &str) -> String {
    let program = asm::parse(text).unwrap_or_else(|e| panic!("{text:?} does not parse: {e}"));
    let printed = asm::print(&program);
    let reparsed =
        asm::parse(&printed).unwrap_or_else(|e| panic!("printed {printed:?} does not parse: {e}"));
    assert_eq!(
        without_positions(&reparsed),
        without_positions(&program),
        "tree of {printed:?}"
    );
    assert_eq!(
        asm::print(&reparsed),
        printed,
        "printing {text:?} is not idempotent"
    );
    printed
}

/// Asserts that a canonical line prints back byte for byte, with the same positions.
fn assert_canonical(line: &str) {
    let text = format!("{line}\n");
    let program = asm::parse(&text).unwrap_or_else(|e| panic!("{line:?} does not parse: {e}"));
    assert_eq!(program.lines.len(), 1, "{line:?}");
    assert_eq!(asm::print(&program), text);
    assert_eq!(
        asm::parse(&asm::print(&program)).unwrap(),
        program,
        "{line:?}"
    );
}

fn only_insn(text: &str) -> InsnLine {
    let program = asm::parse(text).unwrap_or_else(|e| panic!("{text:?} does not parse: {e}"));
    match program.lines.as_slice() {
        [line] => match &line.kind {
            LineKind::Insn(insn) => insn.clone(),
            other => panic!("{text:?} is not an instruction: {other:?}"),
        },
        lines => panic!("{text:?} gives {} lines", lines.len()),
    }
}

fn kinds(insn: &InsnLine) -> Vec<OperandKind> {
    insn.operands.iter().map(|o| o.kind.clone()).collect()
}

fn name(n: &str) -> OperandKind {
    OperandKind::Name(n.to_string())
}

fn var(n: &str, origin: &[u32], region: Option<RegionSyntax>) -> OperandKind {
    OperandKind::Var {
        modifier: None,
        name: n.to_string(),
        origin: origin.to_vec(),
        region,
        ty: None,
    }
}

fn term(scale: Option<i64>, base: Option<&str>, offset: i64) -> AddrTerm {
    AddrTerm {
        scale,
        base: base.map(str::to_string),
        offset,
        block_offsets: None,
    }
}

#[test]
fn every_instruction_document_has_a_line() {
    let Some(dir) = instructions_dir() else {
        eprintln!("skipped: visa-spec/instructions not found beside the repository");
        return;
    };
    let on_disk: BTreeSet<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|file| file.ends_with(".md"))
        .collect();
    let listed: BTreeSet<String> = DOCUMENT_LINES
        .iter()
        .map(|(doc, _)| doc.to_string())
        .collect();
    assert_eq!(
        listed.len(),
        DOCUMENT_LINES.len(),
        "a document is listed twice"
    );
    let missing: Vec<_> = on_disk.difference(&listed).collect();
    let unknown: Vec<_> = listed.difference(&on_disk).collect();
    assert!(missing.is_empty(), "documents without a line: {missing:?}");
    assert!(
        unknown.is_empty(),
        "lines for unknown documents: {unknown:?}"
    );
}

#[test]
fn document_lines_are_canonical() {
    for (_, line) in DOCUMENT_LINES {
        assert_canonical(line);
    }
}

#[test]
fn document_lines_survive_upper_case_and_spacing() {
    // The documents write mnemonics in upper case; IGC's text has free spacing.
    for (doc, line) in DOCUMENT_LINES {
        if line.starts_with('(') || line.ends_with(':') {
            continue;
        }
        let split = line.find(['.', ' ']).unwrap_or(line.len());
        let (op, rest) = line.split_at(split);
        let loose = format!("{}{rest}", op.to_ascii_uppercase())
            .replace(", ", ",")
            .replace(' ', "  ");
        let insn = only_insn(&loose);
        assert_eq!(asm::print_insn(&insn), *line, "{doc}: {loose:?}");
    }
}

#[test]
fn svm_document_spellings_print_as_igc_spells_them() {
    let gather = only_insn("SVM_GATHER4_SCALED.RGBA (M1, 8) V1(0,0)<0;1,0> V2.0 V3.0");
    assert_eq!(gather.opcode, "svm_gather4scaled");
    let scatter = only_insn("svm_scatter4_scaled.RB (M1, 8) V1(0,0)<0;1,0> V2.0 V3.0");
    assert_eq!(
        asm::print_insn(&scatter),
        "svm_scatter4scaled.RB (M1, 8) V1(0,0)<0;1,0> V2.0 V3.0"
    );
}

/// The forms listed in ../reference/asm-syntax.md, as written there, and their canonical text.
#[rstest]
#[rustfmt::skip]
#[case(".decl V1 v_type=G type=d num_elts=16 align=dword alias=<V0, 32>", None)]
#[case(".decl P1 v_type=P num_elts=16", None)]
#[case(".decl A0 v_type=A num_elts=1", None)]
#[case(".decl T1 v_type=T num_elts=1", None)]
#[case(".decl S1 v_type=S num_elts=1", None)]
#[case("(P1) mov (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>", None)]
#[case("(!P1) mov (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>", None)]
#[case("(P1.any) goto (M1, 16) L1", None)]
#[case("(!P2.all) goto (M1, 16) L1", None)]
#[case("mov (M8_NM, 32) V1(0,0)<1> (-)V2(0,0)<8;8,1>", None)]
#[case("mov (M1, 16) V1(0,0)<1> (-abs)V2(0,0)<1;1,0>", None)]
#[case("and (M1, 16) V1(0,0)<1> ~V2(0,0)<1;1,0> V3(0,0)<1;1,0>", None)]
#[case("mov (M1, 8) V1(0,0)<1> r[A0(0),16]<8;8,1>:d", None)]
#[case("mov (M1, 8) r[A0(2),-4]<1>:ud V1(0,0)<1;1,0>", None)]
#[case("mov (M1, 8) V1(0,0)<1> 0x10:uw", None)]
#[case("mov (M1, 8) V1(0,0)<1> -1:d", Some("mov (M1, 8) V1(0,0)<1> 0xffffffff:d"))]
#[case("mov (M1, 8) V1(0,0)<1> 0x3f800000:f", None)]
#[case("mov (M1, 8) V1(0,0)<1> 0x76543210:uv", None)]
#[case("addr_add (M1, 1) A0(0)<1> &V21+4 0x0:uw", None)]
#[case("cmp.eq (M1, 16) P1 V1(0,0)<1;1,0> 0x0:d", None)]
#[case("cmp.lt (M1, 16) V2(0,0)<1> V1(0,0)<1;1,0> 0x0:d", None)]
#[case("dpas.s8.s8.8.8 (M1, 16) V3.0 V1.0 V2.0 V4(0,0)", None)]
#[case("dpas.u4.s8.8.8 (M1, 16) V35.0 %null.0 V2.0 V4(0,0)", None)]
#[case("dpas.bf.bf.8.2 (M1, 16) V3.0 V1.0 V2.0 V4(0,0)", None)]
#[case("lsc_load.ugm.ca.ca (M1, 16) V13:d32x4 flat[V2+0x100]:a64", None)]
#[case("lsc_load.slm (M1_NM, 1) V32:d32x16t flat[V3]:a32", None)]
#[case("lsc_store.ugm (M1, 32) flat[V4]:a64 V5:d32", None)]
#[case("lsc_load.ugm (M1, 16) V1:d32 bti(0x4)[V6]:a32", None)]
#[case("lsc_load.ugm (M1, 16) V1:d32 bss(V7)[V8]:a32", None)]
#[case("lsc_load.ugm (M1, 16) V1:d32 surf(V9)[V10]:a32u", None)]
#[case("lsc_atomic_iadd.ugm (M1, 16) V1:d32 flat[V2]:a64 V3 %null", None)]
#[case("lsc_load_block2d.ugm (M1_NM, 1) V1:d16.2x16x32nn flat[V2,0x3f,0x1f,0x3f,V3+0x2,V4]", None)]
#[case("lsc_load_block2d.ugm (M1_NM, 1) V1:d16.2x16x32nn flat[B,WM1,HM1,PM1,X+2,Y]", Some("lsc_load_block2d.ugm (M1_NM, 1) V1:d16.2x16x32nn flat[B,WM1,HM1,PM1,X+0x2,Y]"))]
#[case("lsc_load_block2d.ugm (M1_NM, 1) V1:d8.16x8nt flat[B,W,H,P,X,Y]", None)]
#[case("lsc_store_block2d.ugm (M1_NM, 1) flat[B,W,H,P,X,Y] V1:d16.16x8nn", None)]
#[case("svm_scatter4scaled.RB (M1, 8) ADDR(0,0)<0;1,0> OFF.0 SRC.0", None)]
#[case("SVM_SCATTER4_SCALED.RB (M1,8) ADDR(0,0)<0;1,0> OFF.0 SRC.0", Some("svm_scatter4scaled.RB (M1, 8) ADDR(0,0)<0;1,0> OFF.0 SRC.0"))]
fn asm_syntax_forms(#[case] text: &str, #[case] canonical: Option<&str>) {
    let printed = assert_round_trip(text);
    assert_eq!(printed, format!("{}\n", canonical.unwrap_or(text)));
}

/// Example lines of the instruction documents (LSC_UNTYPED.md, LSC_TYPED.md, LSC_FENCE.md,
/// RT_WRITE.md), spacing as written there.
#[rstest]
#[case("lsc_load.ugm.uc.uc  (M1,32) VVAL:d32    flat[VOFF+0x100]:a64")]
#[case("lsc_load.ugm  (M1,32) %null:d32  flat[VOFF]:a64")]
#[case("lsc_load.slm   (M1,32) VVAL:d32x4  flat[0x4*VOFF-0x10]:a32")]
#[case("lsc_load.ugm (M1_NM, 1)  VVAL:d32t  arg[VOFF]:a32")]
#[case("lsc_atomic_icas.ugm.uc.wb  (M1,32) VOLD:d32  flat[VOFF]:a64 VCMP VIFEQ")]
#[case("lsc_load.ugm.uc.uc (M1,32) V13:d32 bss(BSSO(0,0))[VOFF]:a64")]
#[case("lsc_load.ugm.uc.uc (M1,32) V13:d32 ss(BSSO(0,0))[VOFF]:a64")]
#[case("lsc_load.ugm          (M1_NM,1)  V13:d32x16t  bti(0x4)[VOFF]:a32")]
#[case(
    "lsc_load_block2d.ugm  (M1_NM,1)  VDATA:d8.2x16x32nn    flat[VSURF_BASE,VSURF_W,V_SURF_H,SURF_P,OFF_X,OFF_Y]"
)]
#[case("lsc_apndctr_atomic_add.ugm  (M1,32) VDATA:d32 bti(0xA0) VADDEND:d32")]
#[case("lsc_apndctr_atomic_add.ugm.uc.uc (M1, 32) VDATA:d32 bss(BSSO(0,0)) VADDEND:d32")]
#[case("lsc_load_quad.tgm      V20:d32.xyzw  bti(0x4)[V12,V13,V14]:a64")]
#[case("lsc_store_quad.tgm     bti(0x4)[V12,V13]:a64  V13:d32.xz")]
#[case("lsc_load_block2d.tgm    VDATA:64x2    bti(0x0)[OFF_X,OFF_Y]")]
#[case("lsc_fence.ugm.clean.sysrel")]
#[case("rt_write_3d.<PS> (8) SRFC UD42.0 F43.0 F40.0 F41.0 F42.0")]
#[case("lsc_load_block2d.ugm (M1, 1)  %null:d8.64x1nn  flat[V1,0x1FF,0x2D,0x1FF,V2,V3]")]
#[case("add (M1, 16) VdstHF(0, 0)<1> Vsrc1HF(0, 0)<1;1,0> Vsrc2HF(0, 0)<1;1,0>")]
fn document_examples(#[case] text: &str) {
    assert_round_trip(text);
}

#[test]
fn operand_trees() {
    let insn = only_insn("(!P2.all) add.sat (M3_NM, 8) V1(0,2)<2> (-)V2(1,0)<8;4,1>:hf 5:w");
    assert_eq!(
        insn.pred,
        Some(PredRef {
            invert: true,
            name: "P2".into(),
            combine: PredCombine::All
        })
    );
    assert_eq!(insn.opcode, "add");
    assert_eq!(insn.mods, vec!["sat"]);
    assert_eq!(
        insn.exec,
        Some(ExecSpec {
            mask: Some(MaskControl {
                group: 3,
                no_mask: true
            }),
            size: 8
        })
    );
    assert_eq!(
        kinds(&insn),
        vec![
            var("V1", &[0, 2], Some(RegionSyntax::Dst { hstride: 2 })),
            OperandKind::Var {
                modifier: Some(SrcModifier::Neg),
                name: "V2".into(),
                origin: vec![1, 0],
                region: Some(RegionSyntax::Src {
                    vstride: 8,
                    width: 4,
                    hstride: 1
                }),
                ty: Some(DataType::HF),
            },
            OperandKind::Imm(Immediate {
                bits: 5,
                ty: DataType::W
            }),
        ]
    );
    assert_eq!(insn.operands[1].pos, pos(1, 41));
}

#[test]
fn exec_groups_and_other_first_groups() {
    assert_eq!(
        only_insn("oword_ld (4) T1 0x0:ud V1.0").exec,
        Some(ExecSpec {
            mask: None,
            size: 4
        })
    );
    let media = only_insn("media_ld.0 (8, 4) T1 0x0:ud V1(0,0)<0;1,0> V2(0,0)<0;1,0> V3.0");
    assert_eq!(media.exec, None);
    assert_eq!(
        media.operands[0].kind,
        OperandKind::Group(vec![
            Operand {
                pos: pos(1, 13),
                kind: OperandKind::Number(8)
            },
            Operand {
                pos: pos(1, 16),
                kind: OperandKind::Number(4)
            },
        ])
    );
    let switch = only_insn("switchjmp (M1, 1) V1(0,0)<0;1,0> (L0, L1, L2)");
    assert_eq!(
        switch.exec,
        Some(ExecSpec {
            mask: Some(MaskControl::M1),
            size: 1
        })
    );
    let OperandKind::Group(labels) = &switch.operands[1].kind else {
        panic!("no group")
    };
    let labels: Vec<_> = labels.iter().map(|o| o.kind.clone()).collect();
    assert_eq!(labels, vec![name("L0"), name("L1"), name("L2")]);
}

fn pos(line: u32, col: u32) -> visa_spec::error::Pos {
    visa_spec::error::Pos { line, col }
}

#[test]
fn indirect_raw_addr_of_and_names() {
    let insn = only_insn(
        "mov (M1, 8) r[A0(2), -4]<1>:ud r[A0(0)]<;8,1>:w V35.0 &V21-4 &V3 %null P1 16 -0x3",
    );
    assert_eq!(
        kinds(&insn),
        vec![
            OperandKind::Indirect {
                modifier: None,
                addr: "A0".into(),
                addr_sub: 2,
                imm_offset: -4,
                region: Some(RegionSyntax::Dst { hstride: 1 }),
                ty: Some(DataType::UD),
            },
            OperandKind::Indirect {
                modifier: None,
                addr: "A0".into(),
                addr_sub: 0,
                imm_offset: 0,
                region: Some(RegionSyntax::MultiAddr {
                    width: 8,
                    hstride: 1
                }),
                ty: Some(DataType::W),
            },
            OperandKind::Raw {
                name: "V35".into(),
                offset: 0
            },
            OperandKind::AddrOf {
                name: "V21".into(),
                offset: -4
            },
            OperandKind::AddrOf {
                name: "V3".into(),
                offset: 0
            },
            name("%null"),
            name("P1"),
            OperandKind::Number(16),
            OperandKind::Number(-3),
        ]
    );
    assert_eq!(
        asm::print_insn(&insn),
        "mov (M1, 8) r[A0(2),-4]<1>:ud r[A0(0),0]<;8,1>:w V35.0 &V21-4 &V3 %null P1 16 -3"
    );
}

#[test]
fn lsc_data_and_addresses() {
    let insn = only_insn(
        "lsc_x.ugm (M1, 16) V1:d16.2x16x32nn flat[0x4*V2(0,0)+0x10, -8, V3 - 2]:a64 \
         bti(4)[V6]:a32 bss(BSSO(0,0)) surf(V9)[V10]",
    );
    let address = |space: &str, surface: Option<OperandKind>, terms, size: Option<&str>| {
        OperandKind::Address {
            space: space.into(),
            surface: surface.map(|kind| {
                Box::new(Operand {
                    pos: Default::default(),
                    kind,
                })
            }),
            terms,
            size: size.map(str::to_string),
        }
    };
    let expected = Program {
        lines: vec![visa_spec::asm::ast::Line {
            pos: Default::default(),
            kind: LineKind::Insn(InsnLine {
                pred: None,
                opcode: "lsc_x".into(),
                mods: vec!["ugm".into()],
                exec: Some(ExecSpec {
                    mask: Some(MaskControl::M1),
                    size: 16,
                }),
                operands: [
                    OperandKind::Data {
                        name: "V1".into(),
                        offset: 0,
                        shape: "d16.2x16x32nn".into(),
                    },
                    address(
                        "flat",
                        None,
                        vec![
                            term(Some(4), Some("V2(0,0)"), 16),
                            term(None, None, -8),
                            term(None, Some("V3"), -2),
                        ],
                        Some("a64"),
                    ),
                    address(
                        "bti",
                        Some(OperandKind::Number(4)),
                        vec![term(None, Some("V6"), 0)],
                        Some("a32"),
                    ),
                    address("bss", Some(var("BSSO", &[0, 0], None)), vec![], None),
                    address(
                        "surf",
                        Some(name("V9")),
                        vec![term(None, Some("V10"), 0)],
                        None,
                    ),
                ]
                .into_iter()
                .map(|kind| Operand {
                    pos: Default::default(),
                    kind,
                })
                .collect(),
            }),
        }],
    };
    let text = asm::print_insn(&insn);
    assert_eq!(without_positions(&asm::parse(&text).unwrap()), expected);
    assert_eq!(
        text,
        "lsc_x.ugm (M1, 16) V1:d16.2x16x32nn flat[0x4*V2(0,0)+0x10,-0x8,V3-0x2]:a64 \
         bti(0x4)[V6]:a32 bss(BSSO(0,0)) surf(V9)[V10]"
    );
}

#[rstest]
#[case("-1:d", 0xffff_ffff, DataType::D)]
#[case("4294967295:ud", 0xffff_ffff, DataType::UD)]
#[case("-32768:w", 0x8000, DataType::W)]
#[case("0xFFFF:uw", 0xffff, DataType::UW)]
#[case("1.0:f", 0x3f80_0000, DataType::F)]
#[case("-0.0:f", 0x8000_0000, DataType::F)]
#[case("0.1:f", 0x3dcc_cccd, DataType::F)]
#[case("1:df", 0x3ff0_0000_0000_0000, DataType::DF)]
#[case("0x3ff0000000000000:df", 0x3ff0_0000_0000_0000, DataType::DF)]
#[case("65504:hf", 0x7bff, DataType::HF)]
#[case("65520:hf", 0x7c00, DataType::HF)]
#[case("1.00048828125:hf", 0x3c00, DataType::HF)]
#[case("1.5:bf", 0x3fc0, DataType::BF)]
#[case("inf:df", 0x7ff0_0000_0000_0000, DataType::DF)]
#[case("-inf:f", 0xff80_0000, DataType::F)]
#[case("nan:bf", 0x7fc0, DataType::BF)]
#[case("0x7654:v", 0x7654, DataType::V)]
#[case("0x38383838:vf", 0x3838_3838, DataType::VF)]
#[case("-1:q", u64::MAX, DataType::Q)]
fn immediates(#[case] text: &str, #[case] bits: u64, #[case] ty: DataType) {
    let insn = only_insn(&format!("mov (M1, 1) V1(0,0)<1> {text}"));
    assert_eq!(
        insn.operands[1].kind,
        OperandKind::Imm(Immediate { bits, ty })
    );
    assert_eq!(
        asm::print_operand(&insn.operands[1]),
        format!("0x{bits:x}:{ty}")
    );
}

#[test]
fn declarations() {
    let text =
        ".decl V1 type=UD v_type=G num_elts=0x10 attrs={Input,  Output=1 } alias=(V0,32) align=GRF";
    let program = asm::parse(text).unwrap();
    assert_eq!(
        program.lines[0].kind,
        LineKind::Decl(Decl {
            name: "V1".into(),
            class: VarClass::General,
            ty: Some(DataType::UD),
            num_elts: 16,
            align: Some("GRF".into()),
            alias: Some(("V0".into(), 32)),
            attrs: vec!["Input".into(), "Output=1".into()],
            v_name: None,
        })
    );
    assert_eq!(
        asm::print(&program),
        ".decl V1 v_type=G type=ud num_elts=16 align=GRF alias=<V0, 32> attrs={Input, Output=1}\n"
    );
    assert_round_trip(text);
    assert_round_trip(".decl S1 v_type = S num_elts=1 attrs={}");
}

#[test]
fn directives_keep_their_words() {
    let program = asm::parse(".kernel_attr OutputAsmPath=\"my kernel.asm\"  Target=cm\n").unwrap();
    assert_eq!(
        program.lines[0].kind,
        LineKind::Directive {
            name: "kernel_attr".into(),
            args: vec!["OutputAsmPath=\"my kernel.asm\"".into(), "Target=cm".into()],
        }
    );
    assert_round_trip(".kernel \"k // not a comment\" // a comment");
}

#[test]
fn whole_program() {
    let text = "\
// a kernel, with CRLF line ends on some lines\r
.version 3.6\r
.kernel \"test\"\r
\r
.decl V1 v_type=G type=d num_elts=16 align=dword\r
.decl V2 v_type=G type=d num_elts=16 alias=<V1, 0>
.decl P1 v_type=P num_elts=16
.input V1 offset=32 size=64
.function \"f\"
.global_function

   // indented comment
L0:
    cmp.lt (M1, 16) P1 V1(0,0)<1;1,0> 0x10:d   // compare
    (P1) goto (M1, 16) L1
    add (M1, 16) V1(0,0)<1> V1(0,0)<1;1,0> 1:d
    jmp (M1, 1) L0
L1:  // done
    ret (M1, 1)
";
    let program = asm::parse(text).unwrap();
    assert_eq!(program.lines.len(), 15);
    assert_eq!(program.lines[0].pos, pos(2, 1));
    assert_eq!(program.lines[8].kind, LineKind::Label("L0".into()));
    assert_eq!(program.lines[9].pos, pos(14, 5));
    let printed = assert_round_trip(text);
    assert_eq!(
        printed,
        "\
.version 3.6
.kernel \"test\"
.decl V1 v_type=G type=d num_elts=16 align=dword
.decl V2 v_type=G type=d num_elts=16 alias=<V1, 0>
.decl P1 v_type=P num_elts=16
.input V1 offset=32 size=64
.function \"f\"
.global_function
L0:
cmp.lt (M1, 16) P1 V1(0,0)<1;1,0> 0x10:d
(P1) goto (M1, 16) L1
add (M1, 16) V1(0,0)<1> V1(0,0)<1;1,0> 0x1:d
jmp (M1, 1) L0
L1:
ret (M1, 1)
"
    );
}

#[test]
fn empty_and_comment_only_texts() {
    for text in [
        "",
        "\n",
        "   \n\t\n",
        "// nothing\n  // more",
        "\u{feff}\r\n",
    ] {
        assert_eq!(asm::parse(text).unwrap(), Program::default(), "{text:?}");
        assert_eq!(asm::print(&Program::default()), "");
    }
}

#[test]
fn strings_escape_quotes_and_backslashes() {
    let insn = only_insn(r#"file "a \"b\" c\\d\e""#);
    assert_eq!(
        insn.operands[0].kind,
        OperandKind::Str(r#"a "b" c\d\e"#.into())
    );
    assert_eq!(asm::print_insn(&insn), r#"file "a \"b\" c\\d\\e""#);
}

/// Random trees of the shapes the parser produces: printing one and parsing the text gives
/// the tree back, and printing is idempotent.
mod printed_trees {
    use super::*;
    use proptest::prelude::*;
    use visa_spec::error::Pos;

    fn ident() -> impl Strategy<Value = String> {
        "[A-Za-z_][A-Za-z0-9_]{0,5}"
    }

    /// Names of variables, with built-ins; never `inf`/`nan` (which read as immediates before
    /// `:type`), `r` (which reads as an indirect operand before `[`) nor `abs` (`(abs)` is a
    /// source modifier).
    fn var_name() -> impl Strategy<Value = String> {
        ("%?", ident())
            .prop_map(|(p, n)| format!("{p}{n}"))
            .prop_filter("reserved", |n| {
                !matches!(n.as_str(), "inf" | "nan" | "r" | "abs")
            })
    }

    fn data_type() -> impl Strategy<Value = DataType> {
        prop::sample::select(DataType::ALL.to_vec())
    }

    fn region() -> impl Strategy<Value = RegionSyntax> {
        prop_oneof![
            any::<u32>().prop_map(|hstride| RegionSyntax::Dst { hstride }),
            (any::<u32>(), any::<u32>(), any::<u32>()).prop_map(|(vstride, width, hstride)| {
                RegionSyntax::Src {
                    vstride,
                    width,
                    hstride,
                }
            }),
            (any::<u32>(), any::<u32>())
                .prop_map(|(width, hstride)| RegionSyntax::MultiAddr { width, hstride }),
        ]
    }

    fn modifier() -> impl Strategy<Value = Option<SrcModifier>> {
        prop::option::of(prop::sample::select(vec![
            SrcModifier::Neg,
            SrcModifier::Abs,
            SrcModifier::NegAbs,
            SrcModifier::Not,
        ]))
    }

    fn origin() -> impl Strategy<Value = Vec<u32>> {
        prop::collection::vec(any::<u32>(), 1..=2)
    }

    fn var() -> impl Strategy<Value = OperandKind> {
        (
            modifier(),
            var_name(),
            origin(),
            prop::option::of(region()),
            prop::option::of(data_type()),
        )
            .prop_filter(
                "a one-number surface space reads as an address",
                |(_, name, origin, ..)| {
                    origin.len() == 2 || !["bti", "bss", "ss", "surf"].contains(&name.as_str())
                },
            )
            .prop_map(|(modifier, name, origin, region, ty)| OperandKind::Var {
                modifier,
                name,
                origin,
                region,
                ty,
            })
    }

    fn immediate() -> impl Strategy<Value = OperandKind> {
        (any::<u64>(), data_type())
            .prop_filter("no bool immediates", |(_, ty)| *ty != DataType::BOOL)
            .prop_map(|(bits, ty)| {
                let width = ty.bits();
                let bits = if width == 64 {
                    bits
                } else {
                    bits & ((1u64 << width) - 1)
                };
                OperandKind::Imm(Immediate { bits, ty })
            })
    }

    fn term() -> impl Strategy<Value = AddrTerm> {
        let base = || {
            (var_name(), prop::option::of((any::<u32>(), any::<u32>())))
                .prop_map(|(n, o)| o.map_or(n.clone(), |(r, c)| format!("{n}({r},{c})")))
        };
        prop_oneof![
            any::<i64>().prop_map(|offset| AddrTerm {
                scale: None,
                base: None,
                offset,
                block_offsets: None,
            }),
            (prop::option::of(any::<i64>()), base(), any::<i64>()).prop_map(
                |(scale, base, offset)| AddrTerm {
                    scale,
                    base: Some(base),
                    offset,
                    block_offsets: None,
                }
            ),
            (base(), any::<i64>(), any::<i64>()).prop_map(|(base, x, y)| AddrTerm {
                scale: None,
                base: Some(base),
                offset: 0,
                block_offsets: Some((x, y)),
            }),
        ]
    }

    fn address() -> impl Strategy<Value = OperandKind> {
        let surface = prop::option::of(prop_oneof![
            any::<i64>().prop_map(OperandKind::Number),
            var_name().prop_map(OperandKind::Name),
            (var_name(), origin()).prop_map(|(name, origin)| OperandKind::Var {
                modifier: None,
                name,
                origin,
                region: None,
                ty: None,
            }),
        ]);
        let space = prop_oneof![
            prop::sample::select(vec!["flat", "bti", "bss", "ss", "surf", "arg"])
                .prop_map(String::from),
            ident(),
        ];
        (
            space,
            surface,
            prop::collection::vec(term(), 0..4),
            prop::option::of("[a-z0-9_]{1,4}"),
        )
            .prop_filter("needs brackets", |(space, surface, terms, _)| {
                space != "r"
                    && (!terms.is_empty()
                        || (surface.is_some()
                            && ["bti", "bss", "ss", "surf"].contains(&space.as_str())))
            })
            .prop_map(|(space, surface, terms, size)| OperandKind::Address {
                space,
                surface: surface.map(|kind| {
                    Box::new(Operand {
                        pos: Pos::default(),
                        kind,
                    })
                }),
                terms,
                size,
            })
    }

    fn leaf() -> impl Strategy<Value = OperandKind> {
        prop_oneof![
            var(),
            (
                modifier(),
                var_name(),
                any::<u32>(),
                any::<i32>(),
                prop::option::of(region()),
                prop::option::of(data_type())
            )
                .prop_map(|(modifier, addr, addr_sub, imm_offset, region, ty)| {
                    OperandKind::Indirect {
                        modifier,
                        addr,
                        addr_sub,
                        imm_offset,
                        region,
                        ty,
                    }
                }),
            (var_name(), any::<u32>()).prop_map(|(name, offset)| OperandKind::Raw { name, offset }),
            immediate(),
            (var_name(), any::<i64>())
                .prop_map(|(name, offset)| OperandKind::AddrOf { name, offset }),
            (var_name(), any::<u32>(), "[A-Za-z0-9_.]{1,12}").prop_map(|(name, offset, shape)| {
                OperandKind::Data {
                    name,
                    offset,
                    shape,
                }
            }),
            address(),
            var_name().prop_map(OperandKind::Name),
            any::<i64>().prop_map(OperandKind::Number),
            "[^\n]{0,8}".prop_map(OperandKind::Str),
        ]
    }

    fn operand() -> impl Strategy<Value = Operand> {
        leaf()
            .prop_recursive(3, 16, 4, |inner| {
                prop::collection::vec(
                    inner.prop_map(|kind| Operand {
                        pos: Pos::default(),
                        kind,
                    }),
                    1..4,
                )
                .prop_map(OperandKind::Group)
            })
            .prop_map(|kind| Operand {
                pos: Pos::default(),
                kind,
            })
    }

    fn insn() -> impl Strategy<Value = InsnLine> {
        let pred = prop::option::of((
            any::<bool>(),
            ident(),
            prop::sample::select(vec![PredCombine::None, PredCombine::Any, PredCombine::All]),
        ))
        .prop_map(|p| {
            p.map(|(invert, name, combine)| PredRef {
                invert,
                name,
                combine,
            })
        });
        let exec = prop::option::of((
            prop::option::of(
                (1u8..=8, any::<bool>())
                    .prop_map(|(group, no_mask)| MaskControl { group, no_mask }),
            ),
            any::<u32>(),
        ))
        .prop_map(|e| e.map(|(mask, size)| ExecSpec { mask, size }));
        (
            pred,
            "[a-z_][a-z0-9_]{0,8}",
            prop::collection::vec("[A-Za-z0-9_<>-]{1,4}", 0..3),
            exec,
            prop::collection::vec(operand(), 0..5),
        )
            .prop_filter(
                "a first group would read as the execution size",
                |(_, op, _, exec, operands)| {
                    !op.contains("4_scaled")
                        && (exec.is_some()
                            || !matches!(
                                operands.first(),
                                Some(Operand {
                                    kind: OperandKind::Group(_),
                                    ..
                                })
                            ))
                },
            )
            .prop_map(|(pred, opcode, mods, exec, operands)| InsnLine {
                pred,
                opcode,
                mods,
                exec,
                operands,
            })
    }

    fn decl() -> impl Strategy<Value = Decl> {
        let class = prop::sample::select(vec![
            VarClass::General,
            VarClass::Predicate,
            VarClass::Address,
            VarClass::Surface,
            VarClass::Sampler,
        ]);
        let attr = "[A-Za-z0-9_=.]([A-Za-z0-9_=. ]{0,6}[A-Za-z0-9_=.])?";
        (
            ident(),
            class,
            prop::option::of(data_type()),
            any::<u32>(),
            prop::option::of(prop::sample::select(vec![
                "byte", "word", "dword", "qword", "oword", "hword", "GRF", "GRFx2", "wordx32",
                "wordx64",
            ]))
            .prop_map(|a| a.map(String::from)),
            prop::option::of((var_name(), any::<u32>())),
            prop::collection::vec(attr, 0..3),
            prop::option::of(var_name()),
        )
            .prop_map(
                |(name, class, ty, num_elts, align, alias, attrs, v_name)| Decl {
                    name,
                    class,
                    ty,
                    num_elts,
                    align,
                    alias,
                    attrs,
                    v_name,
                },
            )
    }

    fn line_kind() -> impl Strategy<Value = LineKind> {
        let word = "[^\\s\"/]([^\\s\"]{0,6}[^\\s\"/])?";
        prop_oneof![
            decl().prop_map(LineKind::Decl),
            ("[A-Za-z0-9_]{1,8}", prop::collection::vec(word, 0..4))
                .prop_filter("not a declaration or an instruction", |(name, args)| {
                    !["decl", "loc", "file"].contains(&name.as_str())
                        && args.iter().all(|a| !a.contains("//") && !a.contains("/*"))
                })
                .prop_map(|(name, args)| LineKind::Directive { name, args }),
            ident().prop_map(LineKind::Label),
            Just(LineKind::ScopeOpen),
            Just(LineKind::ScopeClose),
            insn().prop_map(LineKind::Insn),
        ]
    }

    fn program() -> impl Strategy<Value = Program> {
        prop::collection::vec(line_kind(), 0..6).prop_map(|kinds| Program {
            lines: kinds
                .into_iter()
                .map(|kind| visa_spec::asm::ast::Line {
                    pos: Pos::default(),
                    kind,
                })
                .collect(),
        })
    }

    proptest! {
        #[test]
        fn printed_trees_parse_back(program in program()) {
            let printed = asm::print(&program);
            let parsed = asm::parse(&printed).map_err(|e| TestCaseError::fail(format!("{printed:?}: {e}")))?;
            prop_assert_eq!(without_positions(&parsed), program, "{:?}", printed);
            prop_assert_eq!(asm::print(&parsed), printed);
        }
    }
}

/// The forms IGC's assembler reads (visa/CISA.y, CISA.l) and writes (IsaDisassembly.cpp)
/// beyond the documents' Text sections, each read as the tree it means and printed in its
/// canonical spelling.
#[test]
fn igc_forms() {
    // `/* */` comments, across lines, keep the lines and columns of what follows.
    let program = asm::parse("/* a\nb */ L0: /* c */\n.kernel \"k /* not */\"").unwrap();
    assert_eq!(program.lines[0].kind, LineKind::Label("L0".into()));
    assert_eq!(program.lines[0].pos, pos(2, 6));
    assert_eq!(
        asm::print(&program),
        "L0:\n.kernel \"k /* not */\"\n",
        "a `/*` inside a string opens no comment"
    );
    assert!(asm::parse("mov /* open").is_err());
    // `(NoMask, N)` is M1_NM; `(~)` is `~`.
    let insn = only_insn("and (NoMask, 8) V1(0,0)<1> (~)V2(0,0)<1;1,0> 0xff:ud");
    assert_eq!(
        insn.exec,
        Some(ExecSpec {
            mask: Some(MaskControl {
                group: 1,
                no_mask: true
            }),
            size: 8
        })
    );
    assert_eq!(
        asm::print_insn(&insn),
        "and (M1_NM, 8) V1(0,0)<1> ~V2(0,0)<1;1,0> 0xff:ud"
    );
    // `&V[N]` is `&V+N`.
    let insn = only_insn("addr_add (M1_NM, 1) A0(0)<1> &V21[16] 0x0:uw");
    assert_eq!(
        insn.operands[1].kind,
        OperandKind::AddrOf {
            name: "V21".into(),
            offset: 16
        }
    );
    // `.loc` and `.file` are LOC and FILE; so are `LOC` and `FILE`.
    for (text, printed) in [
        (".loc 12", "loc 12\n"),
        ("LOC 12", "loc 12\n"),
        (".file \"a.cl\"", "file \"a.cl\"\n"),
        ("FILE \"a.cl\"", "file \"a.cl\"\n"),
    ] {
        assert_eq!(asm::print(&asm::parse(text).unwrap()), printed, "{text}");
    }
    // Label definitions take CISA.l's characters.
    assert_eq!(
        asm::parse("_f$1-a@b?:").unwrap().lines[0].kind,
        LineKind::Label("_f$1-a@b?".into())
    );
    // A data payload at a byte offset, an address payload at a byte offset, a block 2D
    // address in one payload register.
    let insn = only_insn(
        "lsc_x.ugm (M1, 1) V1.32:d32x8t flat[V2.64+0x10]:a64 flat[V3 + (2, -1)] V4.64 %null.0",
    );
    assert_eq!(
        insn.operands[0].kind,
        OperandKind::Data {
            name: "V1".into(),
            offset: 32,
            shape: "d32x8t".into()
        }
    );
    assert_eq!(
        asm::print_insn(&insn),
        "lsc_x.ugm (M1, 1) V1.32:d32x8t flat[V2.64+0x10]:a64 flat[V3+(2,-1)] V4.64 %null.0"
    );
    assert_round_trip(&asm::print_insn(&insn));
    // Attributes with strings keep their commas and braces.
    let decl =
        asm::parse(".decl V1 v_type=G type=d num_elts=1 attrs={Name=\"a, b}\", Input}").unwrap();
    let LineKind::Decl(d) = &decl.lines[0].kind else {
        panic!("not a declaration")
    };
    assert_eq!(
        d.attrs,
        vec!["Name=\"a, b}\"".to_string(), "Input".to_string()]
    );
}

/// Every `align=` IGC reads, in IGC's printed spelling; anything else is a syntax error.
#[rstest]
#[case("byte", "byte")]
#[case("word", "word")]
#[case("dword", "dword")]
#[case("qword", "qword")]
#[case("oword", "oword")]
#[case("hword", "hword")]
#[case("GRF", "GRF")]
#[case("GRFx2", "GRFx2")]
#[case("2GRF", "GRFx2")]
#[case("wordx32", "wordx32")]
#[case("32word", "wordx32")]
#[case("wordx64", "wordx64")]
#[case("64word", "wordx64")]
#[case("16", "oword")]
#[case("128", "wordx64")]
#[case("0x40", "wordx32")]
fn align_spellings(#[case] written: &str, #[case] canonical: &str) {
    let text = format!(".decl V1 v_type=G type=d num_elts=16 align={written}");
    let printed = asm::print(&asm::parse(&text).unwrap());
    assert_eq!(
        printed,
        format!(".decl V1 v_type=G type=d num_elts=16 align={canonical}\n")
    );
}

#[rstest]
#[case("3")]
#[case("256")]
#[case("quadword")]
fn bad_alignments(#[case] written: &str) {
    let text = format!(".decl V1 v_type=G type=d num_elts=16 align={written}");
    assert!(asm::parse(&text).is_err(), "{written}");
}

/// IGC prints an immediate of a type narrower than 32 bits as the 32-bit sign extension of
/// its bits (IsaDisassembly.cpp prints the immediate's 32-bit `ival`).
#[rstest]
#[case("0xffff8000:w", 0x8000, DataType::W)]
#[case("0xffffffff:w", 0xffff, DataType::W)]
#[case("0xffffff80:b", 0x80, DataType::B)]
#[case("0xffffffff:uw", 0xffff, DataType::UW)]
#[case("0x7fff:w", 0x7fff, DataType::W)]
fn sign_extended_immediates(#[case] text: &str, #[case] bits: u64, #[case] ty: DataType) {
    let insn = only_insn(&format!("mov (M1, 1) V1(0,0)<1> {text}"));
    assert_eq!(
        insn.operands[1].kind,
        OperandKind::Imm(Immediate { bits, ty })
    );
}

#[rstest]
#[case("0xfffe8000:w")]
#[case("0x1ffff:w")]
#[case("0xffff7fff:w")]
#[case("0x1ffffff80:b")]
fn wider_hex_immediates_are_errors(#[case] text: &str) {
    assert!(
        asm::parse(&format!("mov (M1, 1) V1(0,0)<1> {text}")).is_err(),
        "{text}"
    );
}
