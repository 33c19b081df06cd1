//! Mutants: deliberately faulty engines that prove the certification runner catches real
//! bugs (`visa-conform serve --mutant NAME`).
//!
//! Each mutant is a plausible implementer's bug, built as a wrapper around a correct engine
//! and never by editing it:
//!
//! - a **rewrite** changes the case before the engine runs it (drops `.sat`, renames the
//!   mnemonic, moves predicate bits, pins an erratum reading, changes `%cr0`), and restores
//!   what the rewrite touched in the observed state;
//! - a **lane** mutant runs the case correctly, then recomputes the destination element of
//!   every enabled channel of one instruction from the channel's source values, the way the
//!   buggy implementation would;
//! - a **launch** mutant runs a launch case with a faulty thread group: a barrier or fence
//!   taken out of the kernel, the race detector off, each thread with its own shared local
//!   memory; on a one-thread case it is the wrapped engine.
//!
//! [`MUTANTS`] lists them with the instruction each one breaks. Every mutant answers exactly
//! like the wrapped engine on the cases its bug does not touch.

use std::panic::{catch_unwind, AssertUnwindSafe};

use visa_model::asm::{self, ast};
use visa_model::errata::{self, Reading};
use visa_model::ir::{Ctrl, Dst, Opcode, Program, RelOp, Src};
use visa_model::types::DataType;
use visa_model::VisaError;
use visa_spec::exec::ExecConfig;
use visa_spec::num::FloatMode;
use visa_spec::operand::{evaluate_ch_en, source_bits};

use crate::case::{compile_parsed, run_case, Compiled, EngineKind, Outcome};
use crate::launch::cases::{self as launch_case, run_launch_with};
use crate::launch::races::RacesMode;
use crate::launch::sched::Watcher;
use crate::launch::{launch, launch_watched};
use crate::vector::Case;

/// One deliberately faulty engine.
#[derive(Clone, Copy, Debug)]
pub struct Mutant {
    /// The name `--mutant` takes.
    pub name: &'static str,
    /// The instruction (lower-case mnemonic) whose cases it gets wrong; for a bug outside
    /// the instruction semantics (predication, regions, float modes), the instruction its
    /// test certifies.
    pub instruction: &'static str,
    /// The bug, in one sentence.
    pub bug: &'static str,
    run: fn(&Case, EngineKind) -> Outcome,
    /// How it runs a launch case; `None`: as the wrapped engine does (its bug is in one
    /// thread's semantics, which the launch cases do not aim at).
    launch: Option<fn(&Case, EngineKind) -> Outcome>,
}

impl Mutant {
    /// Runs `case` the mutant's way on `engine`. Never panics: a panic of the wrapper is a
    /// `model-bug` outcome.
    pub fn run(&self, case: &Case, engine: EngineKind) -> Outcome {
        let run = match (&case.launch, self.launch) {
            (Some(_), Some(launch)) => launch,
            (Some(_), None) => launch_case::run_launch,
            (None, _) => self.run,
        };
        catch_unwind(AssertUnwindSafe(|| run(case, engine))).unwrap_or_else(|_| {
            Outcome::Error(VisaError::model_bug(format!(
                "mutant `{}` panicked",
                self.name
            )))
        })
    }
}

/// Every mutant.
pub const MUTANTS: &[Mutant] = &[
    Mutant {
        name: "add-sat-ignored",
        instruction: "add",
        bug: "ADD ignores .sat on integer destinations: results wrap instead of clamping",
        run: add_sat_ignored,
        launch: None,
    },
    Mutant {
        name: "avg-no-round",
        instruction: "avg",
        bug: "AVG computes (src0 + src1) >> 1, without the +1 that rounds up",
        run: avg_no_round,
        launch: None,
    },
    Mutant {
        name: "mulh-low-dword",
        instruction: "mulh",
        bug: "MULH returns the low 32 bits of the 64-bit product instead of the high 32",
        run: mulh_low_dword,
        launch: None,
    },
    Mutant {
        name: "xor-as-or",
        instruction: "xor",
        bug: "XOR is dispatched to the OR kernel (a copy-paste slip in an opcode table)",
        run: xor_as_or,
        launch: None,
    },
    Mutant {
        name: "not-logical",
        instruction: "not",
        bug: "NOT is C's logical `!` (1 for zero, else 0) instead of the bitwise `~`",
        run: not_logical,
        launch: None,
    },
    Mutant {
        name: "shl-count-unmasked",
        instruction: "shl",
        bug: "SHL does not mask the shift count: a count of the type width or more gives 0",
        run: shl_count_unmasked,
        launch: None,
    },
    Mutant {
        name: "shr-arithmetic",
        instruction: "shr",
        bug: "SHR shifts arithmetically: src0's top bit is copied in from the left",
        run: shr_arithmetic,
        launch: None,
    },
    Mutant {
        name: "rol-in-32-bits",
        instruction: "rol",
        bug: "ROL on word destinations rotates the zero-extended value in 32 bits, then truncates",
        run: rol_in_32_bits,
        launch: None,
    },
    Mutant {
        name: "bfrev-bytes",
        instruction: "bfrev",
        bug: "BFREV reverses the byte order instead of the bit order",
        run: bfrev_bytes,
        launch: None,
    },
    Mutant {
        name: "fbh-leading-zeros",
        instruction: "fbh",
        bug: "FBH on D counts leading zeros for negative values too (so -1 gives 0, not 0xFFFFFFFF)",
        run: fbh_leading_zeros,
        launch: None,
    },
    Mutant {
        name: "fbl-one-based",
        instruction: "fbl",
        bug: "FBL is C's ffs(): bit indices count from 1, and 0 gives 0",
        run: fbl_one_based,
        launch: None,
    },
    Mutant {
        name: "bfe-width-zero",
        instruction: "bfe",
        bug: "BFE builds its mask as ~0 >> (32 - width), so a width of 0 extracts the whole shifted value",
        run: bfe_width_zero,
        launch: None,
    },
    Mutant {
        name: "cmp-nan-ordered",
        instruction: "cmp",
        bug: "CMP computes lt, le, gt and ge as the negation of ge, gt, le and lt, so a NaN operand makes them true",
        run: cmp_nan_ordered,
        launch: None,
    },
    Mutant {
        name: "dpas-s4-zero-extended",
        instruction: "dpas",
        bug: "DPAS reads s4 fields of Src1 and Src2 without sign extension, as u4 (so 0xF is 15, not -1)",
        run: dpas_s4_zero_extended,
        launch: None,
    },
    Mutant {
        name: "lsc-a32-no-wrap",
        instruction: "lsc_load",
        bug: "flat a32 addresses are computed in 64 bits: Base + Scale*Addr + Offset is not wrapped to 32 bits",
        run: lsc_a32_no_wrap,
        launch: None,
    },
    Mutant {
        name: "block2d-no-bounds",
        instruction: "lsc_load_block2d",
        bug: "block 2D loads skip the surface bounds check: elements past the width or height read the memory there instead of zero",
        run: block2d_no_bounds,
        launch: None,
    },
    Mutant {
        name: "block2d-store-outside",
        instruction: "lsc_store_block2d",
        bug: "block 2D stores skip the surface bounds check: elements above, below or past the width of the surface land in memory there (the rows above it, the pitch gap, the rows below it) instead of being dropped",
        run: block2d_store_outside,
        launch: None,
    },
    Mutant {
        name: "pred-offset-ignored",
        instruction: "add",
        bug: "predication reads predicate bit n for channel n, ignoring the mask control's offset (M5 reads bits 0.., not 16..)",
        run: pred_offset_ignored,
        launch: None,
    },
    Mutant {
        name: "region-vstride-as-width",
        instruction: "mov",
        bug: "source regions read row i at i * width * hstride, ignoring the vertical stride",
        run: region_vstride_as_width,
        launch: None,
    },
    Mutant {
        name: "hf-denorms-kept",
        instruction: "mov",
        bug: "HF denormals are always kept, whatever %cr0's HF denorm mode says",
        run: hf_denorms_kept,
        launch: None,
    },
    Mutant {
        name: "add-f-round-toward-zero",
        instruction: "add",
        bug: "F ADD rounds toward zero whatever %cr0's rounding mode says",
        run: add_f_round_toward_zero,
        launch: None,
    },
    Mutant {
        name: "sat-keeps-negative-zero",
        instruction: "add",
        bug: "saturation leaves -0.0 unchanged: the literal reading of SAT-NEGATIVE-ZERO, which an errata-tolerant grading accepts and --strict-errata does not",
        run: sat_keeps_negative_zero,
        launch: None,
    },
    Mutant {
        name: "rotate-signed-arithmetic",
        instruction: "rol",
        bug: "ROL and ROR run the document's two shifts on a signed src0, so `>>` copies its sign: the literal reading of ROTATE-SIGNED-SHIFT on every case, which an errata-tolerant grading accepts",
        run: rotate_signed_arithmetic,
        launch: None,
    },
    Mutant {
        name: "rotate-signed-arithmetic-dwords",
        instruction: "rol",
        bug: "ROL and ROR copy the sign of a D or Q src0 (shifted as int) but rotate W correctly (shifted as unsigned short): the literal reading of ROTATE-SIGNED-SHIFT on some cases only, which no grading accepts",
        run: rotate_signed_arithmetic_dwords,
        launch: None,
    },
    Mutant {
        name: "frc-truncate",
        instruction: "frc",
        bug: "FRC takes src0 - trunc(src0) instead of src0 - floor(src0): a negative non-integral source gives a negative fraction (-1.25 -> -0.25 instead of 0.75)",
        run: frc_truncate,
        launch: None,
    },
    Mutant {
        name: "rndd-negative-denormal-zero",
        instruction: "rndd",
        bug: "RNDD of a negative F denormal gives -0 whatever the F denorm mode, as if the source were always flushed: with denormals kept the floor of a tiny negative number is -1",
        run: rndd_negative_denormal_zero,
        launch: None,
    },
    Mutant {
        name: "sin-f32-reduction",
        instruction: "sin",
        bug: "SIN reduces an F argument beyond 2^15 by 2*pi rounded to F, in F arithmetic, instead of exactly: near 100000 the result is off by about 0.004, more than Intel's 0.0008",
        run: sin_f32_reduction,
        launch: None,
    },
    Mutant {
        name: "log-natural",
        instruction: "log",
        bug: "LOG computes the natural logarithm, as the document's loop writes `log`: the literal reading of LOG-BASE on every case, which an errata-tolerant grading accepts and --strict-errata does not",
        run: log_natural,
        launch: None,
    },
    Mutant {
        name: "exp-natural",
        instruction: "exp",
        bug: "EXP computes e^x, as the document's loop writes `exp`: the literal reading of EXP-BASE on every case, which an errata-tolerant grading accepts and --strict-errata does not",
        run: exp_natural,
        launch: None,
    },
    Mutant {
        name: "pow-exponent-sign-lost",
        instruction: "pow",
        bug: "POW takes the absolute value of src1 as well as of src0: a negative exponent loses its sign (pow(2, -1) gives 2, not 0.5)",
        run: pow_exponent_sign_lost,
        launch: None,
    },
    Mutant {
        name: "sqrtm-round-up-as-nearest",
        instruction: "sqrtm",
        bug: "SQRTM rounds to nearest when %cr0 selects round toward +inf, so about half of the inexact roots are one ulp low in that mode",
        run: sqrtm_round_up_as_nearest,
        launch: None,
    },
    Mutant {
        name: "inv-faithful",
        instruction: "inv",
        bug: "INV on F returns the other neighbour of 1/x than the correctly rounded one (a faithful rounding, within 1 ulp): inside Intel's published accuracy, outside the correctly rounded contract; certify passes it and the accuracy report says which contracts it meets",
        run: inv_faithful,
        launch: None,
    },
    Mutant {
        name: "exp-one-ulp-above",
        instruction: "exp",
        bug: "EXP on F, rounding to nearest, returns the float one above the correctly rounded 2^x wherever 2^x is inexact (also where it is within 2^-104 of 1 and rounds to 1): inside Intel's published accuracy, outside the correctly rounded contract",
        run: exp_one_ulp_above,
        launch: None,
    },
    Mutant {
        name: "goto-rejoin-late",
        instruction: "goto",
        bug: "channels waiting at a forward GOTO's label rejoin one instruction late: they miss the label's first instruction",
        run: goto_rejoin_late,
        launch: None,
    },
    Mutant {
        name: "goto-back-no-park",
        instruction: "goto",
        bug: "a backward GOTO taken by some channel takes every active channel back to its label, instead of parking the unpredicated ones at the next instruction",
        run: goto_back_no_park,
        launch: None,
    },
    Mutant {
        name: "ret-drops-waiting",
        instruction: "call",
        bug: "RET restores only the channels that called: the active channels a predicated SIMD CALL left waiting after it are lost",
        run: ret_drops_waiting,
        launch: None,
    },
    Mutant {
        name: "jmp-pred-bit",
        instruction: "jmp",
        bug: "a scalar JMP reads the predicate element 4 places past the one its mask control selects",
        run: jmp_pred_bit,
        launch: None,
    },
    Mutant {
        name: "fcall-no-arg-copy",
        instruction: "fcall",
        bug: "FCALL does not copy %arg to the callee: the function reads zeros",
        run: fcall_no_arg_copy,
        launch: None,
    },
    Mutant {
        name: "barrier-no-wait",
        instruction: "barrier",
        bug: "BARRIER does not wait: a thread goes on past it before the other threads of its work-group arrive (as if it were not there)",
        run: run_case,
        launch: Some(barrier_no_wait),
    },
    Mutant {
        name: "fence-does-nothing",
        instruction: "lsc_fence",
        bug: "LSC_FENCE and FENCE do nothing: global stores before a fence and a barrier are not ordered before the loads after it",
        run: run_case,
        launch: Some(fence_does_nothing),
    },
    Mutant {
        name: "races-missed",
        instruction: "lsc_store",
        bug: "the race detector misses: two threads' unordered accesses to the same bytes run in some order instead of being reported as a data race",
        run: run_case,
        launch: Some(races_missed),
    },
    Mutant {
        name: "slm-per-thread",
        instruction: "barrier",
        bug: "shared local memory is not shared: each hardware thread of a work-group has its own, so a thread reads zeros where another one stored",
        run: run_case,
        launch: Some(slm_per_thread),
    },
];

/// Looks a mutant up by name.
pub fn find(name: &str) -> Option<&'static Mutant> {
    MUTANTS.iter().find(|m| m.name == name)
}

/// The case's program text parsed, and the case compiled; `None` when it does not compile
/// (the engine reports why).
fn validated(case: &Case) -> Option<(ast::Program, Compiled)> {
    let tree = asm::parse(&case.program).ok()?;
    let compiled = compile_parsed(case, &tree, None).ok()?;
    Some((tree, compiled))
}

/// The instruction lines of a syntax tree.
fn insn_lines(tree: &mut ast::Program) -> impl Iterator<Item = &mut ast::InsnLine> {
    tree.lines.iter_mut().filter_map(|l| match &mut l.kind {
        ast::LineKind::Insn(i) => Some(i),
        _ => None,
    })
}

/// Runs `case` after `edit` rewrote it; `edit` returns false when the case is untouched.
/// A rewrite that no longer validates runs the original case (the bug does not reach it).
fn rewrite(
    case: &Case,
    engine: EngineKind,
    edit: impl FnOnce(&mut Case, &mut ast::Program, &Program) -> bool,
) -> Outcome {
    let Some((mut tree, Compiled { program, .. })) = validated(case) else {
        return run_case(case, engine);
    };
    let mut changed = case.clone();
    if !edit(&mut changed, &mut tree, &program) {
        return run_case(case, engine);
    }
    changed.program = asm::print(&tree);
    match run_case(&changed, engine) {
        Outcome::Error(e) if e.class == visa_model::ErrorClass::InvalidInstruction => {
            run_case(case, engine)
        }
        outcome => outcome,
    }
}

fn add_sat_ignored(case: &Case, engine: EngineKind) -> Outcome {
    rewrite(case, engine, |_, tree, program| {
        let mut changed = false;
        for (line, insn) in insn_lines(tree).zip(&program.insns) {
            if insn.opcode == Opcode::Add && insn.sat && insn.dst.ty().is_integer() {
                line.mods.retain(|m| m != "sat");
                changed = true;
            }
        }
        changed
    })
}

fn dpas_s4_zero_extended(case: &Case, engine: EngineKind) -> Outcome {
    rewrite(case, engine, |_, tree, _| {
        let mut changed = false;
        for line in insn_lines(tree).filter(|l| l.opcode == "dpas") {
            // `dpas.W.A.SD.RC`: the Src1 and Src2 precisions come first.
            for m in line.mods.iter_mut().take(2).filter(|m| *m == "s4") {
                *m = "u4".to_string();
                changed = true;
            }
        }
        changed
    })
}

/// The bracketed address of an LSC instruction line.
fn lsc_address(
    line: &mut ast::InsnLine,
) -> Option<(&str, &mut Vec<ast::AddrTerm>, &mut Option<String>)> {
    line.operands.iter_mut().find_map(|op| match &mut op.kind {
        ast::OperandKind::Address {
            space, terms, size, ..
        } => Some((space.as_str(), terms, size)),
        _ => None,
    })
}

fn lsc_a32_no_wrap(case: &Case, engine: EngineKind) -> Outcome {
    // The address registers of flat a32 loads become 64-bit registers holding the same
    // values, and the address size a64: the sum is then never wrapped.
    let mut widened: Vec<String> = Vec::new();
    let mut touched = false;
    let outcome = rewrite(case, engine, |changed, tree, _| {
        for line in insn_lines(tree).filter(|l| l.opcode == "lsc_load") {
            if let Some(("flat", terms, size)) = lsc_address(line) {
                if size.as_deref() == Some("a32") {
                    *size = Some("a64".to_string());
                    widened.extend(terms.iter().filter_map(|t| t.base.clone()));
                }
            }
        }
        if widened.is_empty() {
            return false;
        }
        for line in &mut tree.lines {
            let ast::LineKind::Decl(d) = &mut line.kind else {
                continue;
            };
            if !widened.contains(&d.name) || !matches!(d.ty, Some(DataType::UD | DataType::D)) {
                continue;
            }
            d.ty = Some(DataType::UQ);
            if let Some(bytes) = changed.init.vars.get_mut(&d.name) {
                *bytes = bytes
                    .chunks(4)
                    .flat_map(|c| c.iter().copied().chain([0u8; 4]))
                    .collect();
            }
        }
        touched = true;
        true
    });
    match outcome {
        Outcome::Ok(mut observed) if touched => {
            // A load does not write its address registers: show them as they were.
            for name in &widened {
                if let (Some(v), Some(init)) =
                    (observed.vars.get_mut(name), case.init.vars.get(name))
                {
                    v.clone_from(init);
                    observed.elt_size.insert(name.clone(), 4);
                }
            }
            Outcome::Ok(observed)
        }
        outcome => outcome,
    }
}

fn block2d_no_bounds(case: &Case, engine: EngineKind) -> Outcome {
    // A surface as wide and as high as the encodings allow (2^24 bytes by 2^24 rows, minus-one
    // encoded) puts every element of the block inside it.
    rewrite(case, engine, |_, tree, _| {
        let mut changed = false;
        for line in insn_lines(tree).filter(|l| l.opcode == "lsc_load_block2d") {
            if let Some((_, terms, _)) = lsc_address(line) {
                for term in terms.iter_mut().skip(1).take(2) {
                    *term = ast::AddrTerm {
                        scale: None,
                        base: None,
                        offset: 0xff_ffff,
                        block_offsets: None,
                    };
                    changed = true;
                }
            }
        }
        changed
    })
}

fn block2d_store_outside(case: &Case, engine: EngineKind) -> Outcome {
    // The surface moved up by k rows (k up to 16, the base staying at or above 0) and Y down
    // by as many, as wide and as high as the encodings allow: every element of the block
    // from row -k down lands at Base + row*pitch + X*size, inside the surface or not.
    let pitch_minus_one = case
        .errata
        .get(errata::BLOCK2D_SURFACE_MINUS_ONE)
        .is_none_or(|r| *r != Reading::Literal);
    rewrite(case, engine, |_, tree, _| {
        let mut changed = false;
        for line in insn_lines(tree).filter(|l| l.opcode == "lsc_store_block2d") {
            let Some((_, terms, _)) = lsc_address(line) else {
                continue;
            };
            let [base, width, height, pitch, _, y] = terms.as_mut_slice() else {
                continue;
            };
            if base.base.is_some() || pitch.base.is_some() {
                continue;
            }
            let row = pitch.offset + i64::from(pitch_minus_one);
            let k = if row > 0 {
                (base.offset / row).min(16)
            } else {
                0
            };
            if k == 0 {
                continue;
            }
            base.offset -= k * row;
            y.offset += k;
            for term in [width, height] {
                *term = ast::AddrTerm {
                    scale: None,
                    base: None,
                    offset: 0xff_ffff,
                    block_offsets: None,
                };
            }
            changed = true;
        }
        changed
    })
}

fn xor_as_or(case: &Case, engine: EngineKind) -> Outcome {
    rewrite(case, engine, |_, tree, _| {
        let mut changed = false;
        for line in insn_lines(tree).filter(|l| l.opcode == "xor") {
            line.opcode = "or".to_string();
            changed = true;
        }
        changed
    })
}

fn region_vstride_as_width(case: &Case, engine: EngineKind) -> Outcome {
    rewrite(case, engine, |_, tree, _| {
        let mut changed = false;
        for line in insn_lines(tree) {
            let exec_size = line.exec.map_or(1, |e| e.size);
            for op in line.operands.iter_mut().skip(1) {
                if let ast::OperandKind::Var {
                    region:
                        Some(ast::RegionSyntax::Src {
                            vstride,
                            width,
                            hstride,
                        }),
                    ..
                } = &mut op.kind
                {
                    if *width < exec_size && *vstride != *width * *hstride {
                        *vstride = *width * *hstride;
                        changed = true;
                    }
                }
            }
        }
        changed
    })
}

/// Sets `%cr0` bits with `f` for the cases `applies` selects.
fn with_cr0(
    case: &Case,
    engine: EngineKind,
    applies: fn(&Program) -> bool,
    f: fn(u32) -> u32,
) -> Outcome {
    rewrite(case, engine, |changed, _, program| {
        if !applies(program) {
            return false;
        }
        let cr0 = changed.init.cr0.unwrap_or(0);
        changed.init.cr0 = Some(f(cr0));
        f(cr0) != cr0
    })
}

fn uses_hf(program: &Program) -> bool {
    program
        .insns
        .iter()
        .any(|i| i.dst.ty() == DataType::HF || i.sources().any(|s| s.ty() == DataType::HF))
}

fn hf_denorms_kept(case: &Case, engine: EngineKind) -> Outcome {
    with_cr0(case, engine, uses_hf, |cr0| {
        cr0 | FloatMode::CR0_KEEP_HF_DENORM
    })
}

fn add_f_round_toward_zero(case: &Case, engine: EngineKind) -> Outcome {
    with_cr0(
        case,
        engine,
        |program| {
            program
                .insns
                .iter()
                .any(|i| i.opcode == Opcode::Add && i.dst.ty() == DataType::F)
        },
        |cr0| cr0 | 0b11 << FloatMode::CR0_ROUNDING_SHIFT,
    )
}

/// `case` run with erratum `id` at its literal reading.
fn run_literal(case: &Case, id: &str, engine: EngineKind) -> Outcome {
    let mut literal = case.clone();
    literal.errata.insert(id.to_string(), Reading::Literal);
    run_case(&literal, engine)
}

fn sat_keeps_negative_zero(case: &Case, engine: EngineKind) -> Outcome {
    run_literal(case, errata::SAT_NEGATIVE_ZERO, engine)
}

fn rotate_signed_arithmetic(case: &Case, engine: EngineKind) -> Outcome {
    run_literal(case, errata::ROTATE_SIGNED_SHIFT, engine)
}

fn rotate_signed_arithmetic_dwords(case: &Case, engine: EngineKind) -> Outcome {
    let dword_rotate = validated(case).is_some_and(|(_, Compiled { program, .. })| {
        program
            .insns
            .iter()
            .any(|i| matches!(i.opcode, Opcode::Rol | Opcode::Ror) && i.srcs[0].ty().size() >= 4)
    });
    if dword_rotate {
        run_literal(case, errata::ROTATE_SIGNED_SHIFT, engine)
    } else {
        run_case(case, engine)
    }
}

fn pred_offset_ignored(case: &Case, engine: EngineKind) -> Outcome {
    let Some((_, Compiled { program, .. })) = validated(case) else {
        return run_case(case, engine);
    };
    let [insn] = program.insns.as_slice() else {
        return run_case(case, engine);
    };
    let (Some(pred), offset) = (insn.pred, insn.mask.offset()) else {
        return run_case(case, engine);
    };
    // An instruction that writes its own predicate (CMP, SETP, ADD3O) keeps its answer: the
    // moved bits would show in the result.
    let writes = |d: Option<&Dst>| matches!(d, Some(Dst::Predicate { var }) if *var == pred.var);
    if writes(Some(&insn.dst)) || writes(insn.dst2.as_ref()) {
        return run_case(case, engine);
    }
    let info = program.vars.get(pred.var);
    let Some(&original) = case.init.preds.get(&info.name) else {
        return run_case(case, engine);
    };
    if offset == 0 {
        return run_case(case, engine);
    }
    // The correct engine reads bit n + offset for channel n; put bit n there.
    let width_mask = if info.num_elts >= 32 {
        u32::MAX
    } else {
        (1u32 << info.num_elts) - 1
    };
    let mut shifted = case.clone();
    shifted
        .init
        .preds
        .insert(info.name.clone(), (original << offset) & width_mask);
    match run_case(&shifted, engine) {
        Outcome::Ok(mut observed) => {
            // The instruction does not write this predicate: restore its mask.
            if let Some(p) = observed.preds.get_mut(&info.name) {
                *p = original;
            }
            Outcome::Ok(observed)
        }
        outcome => outcome,
    }
}

/// One enabled channel of the instruction a lane mutant breaks.
#[derive(Clone, Debug)]
struct Lane {
    dst: DataType,
    sat: bool,
    /// CMP's relational operator.
    rel: Option<RelOp>,
    /// Each source: its type, the element's bits, its modifier.
    srcs: Vec<(DataType, u64, Option<ast::SrcModifier>)>,
}

/// An integer element's value: its bits sign- or zero-extended by its type.
fn int_value(ty: DataType, bits: u64) -> i128 {
    let width = ty.bits().min(64);
    let bits = if width >= 64 {
        bits
    } else {
        bits & ((1u64 << width) - 1)
    };
    if ty.is_signed_integer() && width < 128 && bits >> (width - 1) & 1 == 1 {
        i128::from(bits) - (1i128 << width)
    } else {
        i128::from(bits)
    }
}

/// The low `width` bits of `v`.
fn low_bits(v: i128, width: u32) -> u64 {
    if width >= 64 {
        v as u64
    } else {
        (v as u64) & ((1u64 << width) - 1)
    }
}

/// `v` stored in an integer destination: clamped to its range under `.sat`, else wrapped.
fn to_dst(v: i128, ty: DataType, sat: bool) -> u64 {
    let v = match (sat, ty.int_min(), ty.int_max()) {
        (true, Some(min), Some(max)) => v.clamp(min, max),
        _ => v,
    };
    low_bits(v, ty.bits())
}

impl Lane {
    fn raw(&self, k: usize) -> u64 {
        self.srcs.get(k).map_or(0, |s| s.1)
    }

    fn ty(&self, k: usize) -> DataType {
        self.srcs.get(k).map_or(DataType::UD, |s| s.0)
    }

    /// Source `k`'s integer value after its modifier.
    fn int(&self, k: usize) -> i128 {
        let Some(&(ty, bits, modifier)) = self.srcs.get(k) else {
            return 0;
        };
        let v = int_value(ty, bits);
        match modifier {
            None => v,
            Some(ast::SrcModifier::Neg) => -v,
            Some(ast::SrcModifier::Abs) => v.abs(),
            Some(ast::SrcModifier::NegAbs) => -v.abs(),
            Some(ast::SrcModifier::Not) => !v,
        }
    }
}

/// Where a lane mutant writes: a general variable's elements, or a predicate's bits.
enum Target {
    Grf {
        name: String,
        /// Element index of channel 0, and the stride.
        first: usize,
        hstride: usize,
        ty: DataType,
    },
    Pred {
        name: String,
        /// Channel i is bit `offset + i`.
        offset: usize,
    },
}

/// Runs `case`, then rewrites the destination element (or predicate bit) of each enabled
/// channel of its `opcode` instruction with `f` (`None` keeps the correct value).
fn lanes(case: &Case, engine: EngineKind, mnemonic: &str, f: fn(&Lane) -> Option<u64>) -> Outcome {
    let outcome = run_case(case, engine);
    let Outcome::Ok(mut observed) = outcome else {
        return outcome;
    };
    let Some((
        _,
        Compiled {
            program,
            config: ExecConfig { readings, .. },
            state,
        },
    )) = validated(case)
    else {
        return Outcome::Ok(observed);
    };
    let [insn] = program.insns.as_slice() else {
        return Outcome::Ok(observed);
    };
    if insn.opcode.mnemonic() != mnemonic {
        return Outcome::Ok(observed);
    }
    let target = match insn.dst {
        Dst::General {
            var,
            row,
            col,
            hstride,
            ty,
        } => {
            let row_bytes = if readings.is_literal(errata::GRF_ROW_SIZE) {
                32
            } else {
                program.platform.grf_size()
            };
            Target::Grf {
                name: program.vars.get(var).name.clone(),
                first: row as usize * (row_bytes / ty.size()) + col as usize,
                hstride: hstride as usize,
                ty,
            }
        }
        Dst::Predicate { var } => Target::Pred {
            name: program.vars.get(var).name.clone(),
            offset: insn.mask.offset() as usize,
        },
        _ => return Outcome::Ok(observed),
    };
    let exec_size = insn.exec_size as usize;
    let mut srcs: Vec<(DataType, Vec<u64>, Option<ast::SrcModifier>)> = Vec::new();
    for src in insn.sources() {
        let bits = match src.as_ref() {
            Src::Imm { bits, ty } if !ty.is_packed() => vec![*bits; exec_size],
            Src::General { .. } | Src::Indirect { .. } => {
                match source_bits(&program, &state, &src, insn.exec_size, &readings) {
                    Ok(Some(bits)) => bits,
                    _ => return Outcome::Ok(observed),
                }
            }
            _ => return Outcome::Ok(observed),
        };
        srcs.push((src.ty(), bits, src.modifier()));
    }
    let rel = match insn.ctrl {
        Ctrl::Rel(r) => Some(r),
        _ => None,
    };
    let ch_en = evaluate_ch_en(insn, &state);
    for i in (0..exec_size).filter(|i| ch_en >> i & 1 == 1) {
        let lane = Lane {
            dst: insn.dst.ty(),
            sat: insn.sat,
            rel,
            srcs: srcs.iter().map(|(t, b, m)| (*t, b[i], *m)).collect(),
        };
        let Some(value) = f(&lane) else {
            continue;
        };
        match &target {
            Target::Grf {
                name,
                first,
                hstride,
                ty,
            } => {
                let size = ty.size();
                let at = (first + i * hstride) * size;
                if let Some(slot) = observed
                    .vars
                    .get_mut(name)
                    .and_then(|b| b.get_mut(at..at + size))
                {
                    slot.copy_from_slice(&value.to_le_bytes()[..size]);
                }
            }
            Target::Pred { name, offset } => {
                let bit = offset + i;
                if let (Some(mask), true) = (observed.preds.get_mut(name), bit < 32) {
                    *mask = (*mask & !(1 << bit)) | ((value as u32 & 1) << bit);
                }
            }
        }
    }
    Outcome::Ok(observed)
}

/// Whether `bits` of float type `ty` encode a NaN.
fn is_nan(ty: DataType, bits: u64) -> bool {
    let (exponent, fraction): (u64, u64) = match ty {
        DataType::F => (0x7f80_0000, 0x007f_ffff),
        DataType::HF => (0x7c00, 0x03ff),
        DataType::BF => (0x7f80, 0x007f),
        DataType::DF => (0x7ff0_0000_0000_0000, 0x000f_ffff_ffff_ffff),
        _ => return false,
    };
    bits & exponent == exponent && bits & fraction != 0
}

fn cmp_nan_ordered(case: &Case, engine: EngineKind) -> Outcome {
    lanes(case, engine, "cmp", |l| {
        let unordered = (0..2).any(|k| is_nan(l.ty(k), l.raw(k)));
        let complemented = matches!(l.rel, Some(RelOp::Lt | RelOp::Le | RelOp::Gt | RelOp::Ge));
        // `a < b` computed as `!(a >= b)`: true when either side is NaN.
        (unordered && complemented).then(|| match l.dst {
            DataType::BOOL => 1,
            ty => low_bits(-1, ty.bits()),
        })
    })
}

/// An F source without a modifier as an f32 (`None` for any other source).
fn plain_f(l: &Lane, k: usize) -> Option<f32> {
    let &(ty, bits, modifier) = l.srcs.get(k)?;
    (ty == DataType::F && modifier.is_none() && l.dst == DataType::F && !l.sat)
        .then(|| f32::from_bits(bits as u32))
}

fn frc_truncate(case: &Case, engine: EngineKind) -> Outcome {
    lanes(case, engine, "frc", |l| {
        let x = plain_f(l, 0)?;
        // Only a finite negative non-integral source differs from the correct fraction; the
        // difference x - trunc(x) is exact in f32.
        (x.is_finite() && x < 0.0 && x.fract() != 0.0).then(|| u64::from((x - x.trunc()).to_bits()))
    })
}

fn rndd_negative_denormal_zero(case: &Case, engine: EngineKind) -> Outcome {
    lanes(case, engine, "rndd", |l| {
        let x = plain_f(l, 0)?;
        (x.is_subnormal() && x.is_sign_negative()).then_some(0x8000_0000)
    })
}

fn sin_f32_reduction(case: &Case, engine: EngineKind) -> Outcome {
    lanes(case, engine, "sin", |l| {
        let x = plain_f(l, 0)?;
        if !x.is_finite() || x.abs() <= 32768.0 {
            return None;
        }
        let two_pi = std::f32::consts::TAU;
        let k = (x / two_pi).round();
        let r = x - k * two_pi;
        Some(u64::from((f64::from(r).sin() as f32).to_bits()))
    })
}

fn log_natural(case: &Case, engine: EngineKind) -> Outcome {
    run_literal(case, errata::LOG_BASE, engine)
}

fn exp_natural(case: &Case, engine: EngineKind) -> Outcome {
    run_literal(case, errata::EXP_BASE, engine)
}

fn pow_exponent_sign_lost(case: &Case, engine: EngineKind) -> Outcome {
    lanes(case, engine, "pow", |l| {
        let (x, y) = (plain_f(l, 0)?, plain_f(l, 1)?);
        // Only a finite negative exponent changes; |x|^|y| in f64 is within an f32 rounding
        // of the exact power, far from the correct |x|^y unless |x| is 1.
        (y.is_finite() && y < 0.0 && x.is_finite() && x.abs() != 1.0 && x != 0.0)
            .then(|| u64::from((f64::from(x.abs()).powf(f64::from(-y)) as f32).to_bits()))
    })
}

fn sqrtm_round_up_as_nearest(case: &Case, engine: EngineKind) -> Outcome {
    with_cr0(
        case,
        engine,
        |program| program.insns.iter().any(|i| i.opcode.mnemonic() == "sqrtm"),
        |cr0| {
            // %cr0 rounding field: 01 is round toward +inf (4_visa_header.md, %cr0 bits 5:4).
            if cr0 >> FloatMode::CR0_ROUNDING_SHIFT & 0b11 == 0b01 {
                cr0 & !(0b11 << FloatMode::CR0_ROUNDING_SHIFT)
            } else {
                cr0
            }
        },
    )
}

fn inv_faithful(case: &Case, engine: EngineKind) -> Outcome {
    lanes(case, engine, "inv", |l| {
        let x = plain_f(l, 0)?;
        // 1/x in f64 carries 53 bits: enough to tell on which side of 1/x each f32
        // neighbour lies (a quotient an f32 holds exactly is left alone).
        let q = 1.0 / f64::from(x);
        let r = q as f32;
        if !x.is_normal() || !r.is_normal() || f64::from(r) == q {
            return None;
        }
        let other = if f64::from(r) > q {
            f32::from_bits(if r > 0.0 {
                r.to_bits() - 1
            } else {
                r.to_bits() + 1
            })
        } else {
            f32::from_bits(if r > 0.0 {
                r.to_bits() + 1
            } else {
                r.to_bits() - 1
            })
        };
        other.is_normal().then(|| u64::from(other.to_bits()))
    })
}

fn exp_one_ulp_above(case: &Case, engine: EngineKind) -> Outcome {
    // Only the round-to-nearest mode (%cr0 rounding field 00): its correctly rounded result
    // is the f32 nearest the f64 power.
    if case.init.cr0.unwrap_or(0) >> FloatMode::CR0_ROUNDING_SHIFT & 0b11 != 0 {
        return run_case(case, engine);
    }
    lanes(case, engine, "exp", |l| {
        let x = plain_f(l, 0)?;
        // 2^x of an integer x is exact, and is left alone.
        if x.fract() == 0.0 {
            return None;
        }
        // 2^x in f64 is within an f64 ulp or so of the power: rounded to f32 it is the
        // correctly rounded result except next to a midpoint (none among the cases this
        // mutant is certified on).
        let r = f64::from(x).exp2() as f32;
        (r.is_normal() && r > 0.0 && r < f32::MAX).then(|| u64::from(r.to_bits() + 1))
    })
}

fn avg_no_round(case: &Case, engine: EngineKind) -> Outcome {
    lanes(case, engine, "avg", |l| {
        Some(to_dst((l.int(0) + l.int(1)) >> 1, l.dst, l.sat))
    })
}

fn mulh_low_dword(case: &Case, engine: EngineKind) -> Outcome {
    lanes(case, engine, "mulh", |l| {
        Some(low_bits(l.int(0) * l.int(1), 32))
    })
}

fn not_logical(case: &Case, engine: EngineKind) -> Outcome {
    lanes(case, engine, "not", |l| {
        Some(to_dst(
            i128::from(low_bits(l.int(0), l.ty(0).bits()) == 0),
            l.dst,
            false,
        ))
    })
}

fn shl_count_unmasked(case: &Case, engine: EngineKind) -> Outcome {
    lanes(case, engine, "shl", |l| {
        let count = low_bits(l.int(1), l.ty(1).bits());
        (count >= u64::from(l.dst.bits())).then_some(0)
    })
}

fn shr_arithmetic(case: &Case, engine: EngineKind) -> Outcome {
    lanes(case, engine, "shr", |l| {
        let width = l.ty(0).bits();
        let value =
            int_value(DataType::Q, low_bits(l.int(0), width) << (64 - width)) >> (64 - width);
        let mask = if l.dst.bits() == 64 { 63 } else { 31 };
        let count = (low_bits(l.int(1), 64) & mask) as u32;
        Some(to_dst(value >> count, l.dst, l.sat))
    })
}

fn rol_in_32_bits(case: &Case, engine: EngineKind) -> Outcome {
    lanes(case, engine, "rol", |l| {
        if l.dst.bits() != 16 {
            return None;
        }
        let value = (l.raw(0) & 0xffff) as u32;
        let count = (low_bits(l.int(1), 64) & 31) as u32;
        Some(u64::from(value.rotate_left(count) & 0xffff))
    })
}

fn bfrev_bytes(case: &Case, engine: EngineKind) -> Outcome {
    lanes(case, engine, "bfrev", |l| {
        Some(u64::from((l.raw(0) as u32).swap_bytes()))
    })
}

fn fbh_leading_zeros(case: &Case, engine: EngineKind) -> Outcome {
    lanes(case, engine, "fbh", |l| {
        (l.ty(0) == DataType::D && l.raw(0) as u32 >> 31 == 1).then_some(0)
    })
}

fn fbl_one_based(case: &Case, engine: EngineKind) -> Outcome {
    lanes(case, engine, "fbl", |l| {
        let v = l.raw(0) as u32;
        Some(if v == 0 {
            0
        } else {
            u64::from(v.trailing_zeros() + 1)
        })
    })
}

fn bfe_width_zero(case: &Case, engine: EngineKind) -> Outcome {
    lanes(case, engine, "bfe", |l| {
        let width = l.raw(0) & 0x1f;
        if width != 0 {
            return None;
        }
        let offset = (l.raw(1) & 0x1f) as u32;
        let field = l.raw(2) as u32;
        Some(if l.dst == DataType::D {
            u64::from(((field as i32) >> offset) as u32)
        } else {
            u64::from(field >> offset)
        })
    })
}

/// Each label of a syntax tree (`NAME:` lines) with the index of its line.
fn label_lines(tree: &ast::Program) -> std::collections::BTreeMap<String, usize> {
    tree.lines
        .iter()
        .enumerate()
        .filter_map(|(k, l)| match &l.kind {
            ast::LineKind::Label(name) => Some((name.clone(), k)),
            _ => None,
        })
        .collect()
}

/// A GOTO line's label, when it has one.
fn goto_label(line: &ast::Line) -> Option<(&ast::InsnLine, &str)> {
    match &line.kind {
        ast::LineKind::Insn(i) if i.opcode == "goto" => match i.operands.as_slice() {
            [ast::Operand {
                kind: ast::OperandKind::Name(l),
                ..
            }] => Some((i, l.as_str())),
            _ => None,
        },
        _ => None,
    }
}

fn goto_rejoin_late(case: &Case, engine: EngineKind) -> Outcome {
    // Every label a forward GOTO targets moves past the instruction that follows it.
    rewrite(case, engine, |_, tree, _| {
        let labels = label_lines(tree);
        let mut targets: Vec<usize> = tree
            .lines
            .iter()
            .enumerate()
            .filter_map(|(k, l)| {
                let (_, label) = goto_label(l)?;
                labels.get(label).copied().filter(|&at| at > k)
            })
            .collect();
        targets.sort_unstable();
        targets.dedup();
        let mut changed = false;
        for at in targets.into_iter().rev() {
            let next = (at + 1..tree.lines.len())
                .find(|&k| matches!(tree.lines[k].kind, ast::LineKind::Insn(_)));
            if let Some(next) = next {
                let label = tree.lines.remove(at);
                tree.lines.insert(next, label);
                changed = true;
            }
        }
        changed
    })
}

fn goto_back_no_park(case: &Case, engine: EngineKind) -> Outcome {
    // A backward `(P) goto (M1, N) L` becomes a uniform `(P.any) jmp (M1, 1) L`: every active
    // channel goes back when any of them is predicated (CF-ANY-ALL-WIDTH, resolved).
    rewrite(case, engine, |_, tree, _| {
        let labels = label_lines(tree);
        let mut changed = false;
        for k in 0..tree.lines.len() {
            let Some((insn, label)) = goto_label(&tree.lines[k]) else {
                continue;
            };
            let backward = labels.get(label).is_some_and(|&at| at < k);
            let plain_pred = insn
                .pred
                .as_ref()
                .is_some_and(|p| !p.invert && p.combine == ast::PredCombine::None);
            let wide = insn.exec.is_some_and(|e| e.size > 1);
            if !(backward && plain_pred && wide) {
                continue;
            }
            if let ast::LineKind::Insn(i) = &mut tree.lines[k].kind {
                i.opcode = "jmp".to_string();
                if let Some(p) = &mut i.pred {
                    p.combine = ast::PredCombine::Any;
                }
                i.exec = Some(ast::ExecSpec {
                    mask: Some(ast::MaskControl::M1),
                    size: 1,
                });
                changed = true;
            }
        }
        changed
    })
}

fn ret_drops_waiting(case: &Case, engine: EngineKind) -> Outcome {
    // Before each predicated SIMD CALL of the kernel's body, the channels it does not call
    // return out of the kernel (`(!P) ret`): they never run again.
    rewrite(case, engine, |_, tree, _| {
        let body_end = tree
            .lines
            .iter()
            .position(|l| {
                matches!(&l.kind, ast::LineKind::Directive { name, .. }
                    if name == "function" || name == "global_function")
            })
            .unwrap_or(tree.lines.len());
        let mut inserts = Vec::new();
        for (k, line) in tree.lines[..body_end].iter().enumerate() {
            let ast::LineKind::Insn(i) = &line.kind else {
                continue;
            };
            let Some(p) = &i.pred else { continue };
            let wide = i.exec.is_some_and(|e| e.size > 1);
            if i.opcode != "call" || p.combine != ast::PredCombine::None || !wide {
                continue;
            }
            let mut away = i.clone();
            away.opcode = "ret".to_string();
            away.operands.clear();
            if let Some(q) = &mut away.pred {
                q.invert = !q.invert;
            }
            inserts.push((
                k,
                ast::Line {
                    pos: line.pos,
                    kind: ast::LineKind::Insn(away),
                },
            ));
        }
        let changed = !inserts.is_empty();
        for (k, line) in inserts.into_iter().rev() {
            tree.lines.insert(k, line);
        }
        changed
    })
}

fn jmp_pred_bit(case: &Case, engine: EngineKind) -> Outcome {
    // `(P) jmp (Mk, 1)` reads the element of `M(k+1)` instead (4 places on).
    rewrite(case, engine, |_, tree, _| {
        let mut changed = false;
        for i in insn_lines(tree) {
            if i.opcode != "jmp" || i.pred.is_none() {
                continue;
            }
            if let Some(e) = &mut i.exec {
                let mut mask = e.mask.unwrap_or(ast::MaskControl::M1);
                if mask.group < 8 {
                    mask.group += 1;
                    e.mask = Some(mask);
                    changed = true;
                }
            }
        }
        changed
    })
}

fn fcall_no_arg_copy(case: &Case, engine: EngineKind) -> Outcome {
    // Each function starts by zeroing the %arg GRFs its callers pass.
    rewrite(case, engine, |_, tree, program| {
        let grf = program.platform.grf_size();
        let mut passed: std::collections::BTreeMap<String, u32> = Default::default();
        for insn in &program.insns {
            if let Ctrl::Flow(f) = &insn.ctrl {
                if let visa_model::ir::flow::FlowCtrl::Fcall { name, arg_size, .. } = f.as_ref() {
                    let n = passed.entry(name.clone()).or_default();
                    *n = (*n).max(*arg_size);
                }
            }
        }
        let mut changed = false;
        let mut k = 0;
        while k < tree.lines.len() {
            let opens = match &tree.lines[k].kind {
                ast::LineKind::Directive { name, args } if name == "global_function" => args
                    .first()
                    .and_then(|a| passed.get(a.trim_matches('"')))
                    .copied(),
                _ => None,
            };
            k += 1;
            let Some(grfs) = opens else { continue };
            let pos = tree.lines[k - 1].pos;
            for row in 0..grfs {
                let zero = format!("mov (M1_NM, {}) %arg({row},0)<1> 0x0:ud", grf / 4);
                if let Ok(mut t) = asm::parse(&zero) {
                    if let Some(mut line) = t.lines.pop() {
                        line.pos = pos;
                        tree.lines.insert(k, line);
                        k += 1;
                        changed = true;
                    }
                }
            }
        }
        changed
    })
}

/// A launch case with the kernel's lines of the instructions `mnemonics` (as the table
/// spells them) taken out.
fn without_instructions(case: &Case, mnemonics: &[&str]) -> Case {
    let program = case
        .program
        .lines()
        .filter(|line| !line_mnemonic(line).is_some_and(|m| mnemonics.contains(&m)))
        .map(|line| format!("{line}\n"))
        .collect();
    Case {
        program,
        ..case.clone()
    }
}

/// The table's mnemonic of the instruction on a line of text (`lsc_fence` of
/// `lsc_fence.ugm.none.group`, `fence` of `fence_global`), `None` for a line that is no
/// instruction of the table.
fn line_mnemonic(line: &str) -> Option<&'static str> {
    let line = line.trim();
    // Skip a predicate `(P1) `.
    let rest = match line.strip_prefix('(') {
        Some(r) => r.split_once(')').map_or("", |(_, t)| t.trim_start()),
        None => line,
    };
    let word = rest
        .split(|c: char| c.is_whitespace() || c == '.' || c == '(')
        .next()?;
    Opcode::from_text(&word.to_ascii_lowercase()).map(Opcode::mnemonic)
}

/// BARRIER passes without waiting: the kernel runs without its barriers.
fn barrier_no_wait(case: &Case, engine: EngineKind) -> Outcome {
    launch_case::run_launch(&without_instructions(case, &["barrier"]), engine)
}

/// LSC_FENCE and FENCE do nothing: the kernel runs without its fences.
fn fence_does_nothing(case: &Case, engine: EngineKind) -> Outcome {
    launch_case::run_launch(&without_instructions(case, &["lsc_fence", "fence"]), engine)
}

/// The race detector sees nothing: the launch runs with it off.
fn races_missed(case: &Case, engine: EngineKind) -> Outcome {
    run_launch_with(case, engine, RacesMode::Off, &mut |req| launch(req))
}

/// Each thread has its own shared local memory: a first run records which thread runs each
/// segment of the schedule; a second hands each segment's thread the memory it left at its
/// own last segment instead of the group's.
fn slm_per_thread(case: &Case, engine: EngineKind) -> Outcome {
    run_launch_with(case, engine, RacesMode::Error, &mut |req| {
        let mut order = SegmentOrder::default();
        launch_watched(req, &mut order)?;
        let mut own = OwnSlm {
            order: order.0,
            done: 0,
            own: std::collections::HashMap::new(),
        };
        launch_watched(req, &mut own)
    })
}

/// The thread of each segment of a launch, in order.
#[derive(Default)]
struct SegmentOrder(Vec<usize>);

impl Watcher for SegmentOrder {
    fn after_segment(
        &mut self,
        thread: usize,
        _state: &mut visa_model::state::MachineState,
        _records: Vec<visa_model::state::Access>,
        _fences: Vec<visa_model::state::FenceMark>,
    ) -> Result<(), VisaError> {
        self.0.push(thread);
        Ok(())
    }
}

/// Keeps each thread's own shared local memory between its segments.
struct OwnSlm {
    /// The thread of each segment (from a first run of the same schedule).
    order: Vec<usize>,
    /// Segments run so far.
    done: usize,
    own: std::collections::HashMap<usize, visa_model::state::SparseMemory>,
}

impl Watcher for OwnSlm {
    fn after_segment(
        &mut self,
        thread: usize,
        state: &mut visa_model::state::MachineState,
        _records: Vec<visa_model::state::Access>,
        _fences: Vec<visa_model::state::FenceMark>,
    ) -> Result<(), VisaError> {
        use visa_model::state::SLM;
        let mine = std::mem::take(state.mem.space_mut(SLM));
        self.own.insert(thread, mine);
        self.done += 1;
        if let Some(next) = self.order.get(self.done) {
            *state.mem.space_mut(SLM) = self.own.remove(next).unwrap_or_default();
        }
        Ok(())
    }
}
