//! Bad input never panics and both engines classify it identically: arbitrary bytes as
//! program text, generated programs with their numbers mutated, and validated IR with its
//! fields perturbed by `arbitrary` (bypassing the validator, so the engines' own checks are
//! what stands between them and a malformed program).
#![allow(clippy::unwrap_used)]

use std::panic::{catch_unwind, AssertUnwindSafe};

use arbitrary::{Arbitrary, Unstructured};
use proptest::prelude::*;
use visa_conformance::{gen, registry};
use visa_conformance::{run_case, EngineKind, Outcome};
use visa_model::asm::ast::{MaskControl, PredCombine, SrcModifier};
use visa_model::ir::{Dst, OperandMut, Payload, Program, Region, Scalar, Src};
use visa_model::platform::Platform;
use visa_model::state::{MachineState, VarId};
use visa_model::types::DataType;
use visa_model::{asm, validate, ErrorClass, VisaError};
use visa_spec::exec::ExecConfig;

/// Both engines on one case: no model bug, and the same outcome.
fn agree(case: &visa_conformance::Case) -> Result<(), TestCaseError> {
    let spec = run_case(case, EngineKind::Spec);
    let oracle = run_case(case, EngineKind::Oracle);
    for outcome in [&spec, &oracle] {
        if let Outcome::Error(e) = outcome {
            prop_assert_ne!(e.class, ErrorClass::ModelBug, "{} on\n{}", e, case.program);
        }
    }
    match (&spec, &oracle) {
        (Outcome::Ok(a), Outcome::Ok(b)) => prop_assert_eq!(a, b),
        (Outcome::Error(a), Outcome::Error(b)) => {
            prop_assert_eq!(a.class, b.class, "{} vs {} on\n{}", a, b, case.program)
        }
        _ => prop_assert!(
            false,
            "spec {:?} vs oracle {:?} on\n{}",
            spec,
            oracle,
            case.program
        ),
    }
    Ok(())
}

/// Replaces the `k`-th run of digits in `text` with `with`.
fn replace_number(text: &str, k: usize, with: &str) -> String {
    let mut out = String::new();
    let mut seen = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((_, c)) = chars.next() {
        if c.is_ascii_digit() {
            let mut run = c.to_string();
            while let Some((_, d)) = chars
                .peek()
                .copied()
                .filter(|(_, d)| d.is_ascii_alphanumeric())
            {
                run.push(d);
                chars.next();
            }
            out.push_str(if seen == k { with } else { &run });
            seen += 1;
        } else {
            out.push(c);
        }
    }
    out
}

proptest! {
    #[test]
    fn arbitrary_bytes_as_program(bytes in proptest::collection::vec(any::<u8>(), 0..200), p in 0usize..Platform::ALL.len()) {
        let mut case = gen::GenCase {
            platform: Platform::ALL[p],
            literal: vec![],
            text: String::from_utf8_lossy(&bytes).into_owned(),
            vars: vec![],
            preds: vec![],
            cr0: 0,
            emask: u32::MAX,
            tags: vec![],
            partner: vec![],
            mem: vec![],
            surfaces: vec![],
            samplers: Vec::new(),
            profile: None,
        }
        .to_case("fuzz");
        agree(&case)?;
        // The same bytes after a valid declaration, so names may resolve.
        case.program = format!(".decl V1 v_type=G type=d num_elts=16\n{}", case.program);
        agree(&case)?;
    }

    #[test]
    fn mutated_programs(
        generated in registry::any_case(),
        k in 0usize..40,
        with in proptest::sample::select(vec!["0", "1", "3", "5", "7", "9", "12", "31", "32", "33", "64", "4097", "0x80000000", "99999999999", "-1"]),
    ) {
        let mut case = generated.to_case("mutant");
        case.program = replace_number(&case.program, k, with);
        agree(&case)?;
    }

    #[test]
    fn perturbed_ir(
        generated in registry::any_case(),
        noise in proptest::collection::vec(any::<u8>(), 64),
    ) {
        let ast = asm::parse(&generated.text).unwrap();
        // The generated case's readings (SVM-ATOMIC-OPERAND-ORDER's literal text reads
        // differently).
        let mut readings = visa_model::errata::Readings::resolved();
        for id in &generated.literal {
            readings.set(id, visa_model::errata::Reading::Literal).unwrap();
        }
        let mut program = validate::validate_with(&ast, generated.platform, &readings).unwrap();
        let mut u = Unstructured::new(&noise);
        perturb(&mut program, &mut u);
        let spec = run_engine(&program, true);
        let oracle = run_engine(&program, false);
        match (&spec, &oracle) {
            (Ok(a), Ok(b)) => prop_assert_eq!(a, b),
            (Err(a), Err(b)) => {
                prop_assert_ne!(a.class, ErrorClass::ModelBug, "{}", a);
                prop_assert_eq!(a.class, b.class, "{} vs {}", a, b)
            }
            _ => prop_assert!(false, "spec {:?} vs oracle {:?}", spec.map(|_| ()), oracle.map(|_| ())),
        }
    }
}

/// Runs an engine on a zeroed state with some non-zero bytes; a panic is a model bug.
fn run_engine(program: &Program, spec: bool) -> Result<MachineState, VisaError> {
    let mut state = MachineState::new(&program.vars);
    for (i, b) in state.grf.iter_mut().enumerate() {
        *b = (i * 37 % 251) as u8;
    }
    let config = ExecConfig::default();
    let result = catch_unwind(AssertUnwindSafe(|| {
        if spec {
            visa_spec::exec::run(program, &mut state, &config)
        } else {
            visa_oracle::run(program, &mut state, &config)
        }
    }));
    match result {
        Ok(Ok(())) => Ok(state),
        Ok(Err(e)) => Err(e),
        Err(_) => Err(VisaError::model_bug("engine panicked")),
    }
}

/// Overwrites some fields of the first instruction with arbitrary values, its named operands
/// among them.
fn perturb(program: &mut Program, u: &mut Unstructured<'_>) {
    let nvars = program.vars.len() as u32;
    let Some(insn) = program.insns.first_mut() else {
        return;
    };
    let small = |u: &mut Unstructured<'_>| u32::arbitrary(u).unwrap_or(0) % 40;
    if bool::arbitrary(u).unwrap_or(false) {
        insn.exec_size = small(u);
    }
    if bool::arbitrary(u).unwrap_or(false) {
        insn.mask = MaskControl {
            group: u8::arbitrary(u).unwrap_or(0) % 10,
            no_mask: bool::arbitrary(u).unwrap_or(false),
        };
    }
    if bool::arbitrary(u).unwrap_or(false) {
        insn.pred = Some(visa_model::ir::Predicate {
            var: VarId(u32::arbitrary(u).unwrap_or(0) % (nvars + 2)),
            invert: bool::arbitrary(u).unwrap_or(false),
            combine: [PredCombine::None, PredCombine::Any, PredCombine::All]
                [usize::arbitrary(u).unwrap_or(0) % 3],
        });
    }
    insn.sat ^= bool::arbitrary(u).unwrap_or(false);
    let ty = |u: &mut Unstructured<'_>| DataType::arbitrary(u).unwrap_or(DataType::D);
    if bool::arbitrary(u).unwrap_or(false) {
        insn.dst = match u8::arbitrary(u).unwrap_or(0) % 5 {
            0 => Dst::General {
                var: VarId(u32::arbitrary(u).unwrap_or(0) % (nvars + 2)),
                row: small(u),
                col: small(u),
                hstride: small(u) % 6,
                ty: ty(u),
            },
            1 => Dst::Indirect {
                addr: VarId(u32::arbitrary(u).unwrap_or(0) % (nvars + 2)),
                addr_sub: small(u),
                imm_offset: i32::arbitrary(u).unwrap_or(0) % 600,
                hstride: small(u) % 6,
                ty: ty(u),
            },
            2 => Dst::Address {
                var: VarId(u32::arbitrary(u).unwrap_or(0) % (nvars + 2)),
                sub: small(u),
            },
            3 => Dst::State {
                var: VarId(u32::arbitrary(u).unwrap_or(0) % (nvars + 2)),
                sub: small(u),
            },
            _ => Dst::Null { ty: ty(u) },
        };
    }
    // The second destination (ADDC's carry, SUBB's borrow, ADD3O's overflow predicate).
    if bool::arbitrary(u).unwrap_or(false) {
        let var = VarId(u32::arbitrary(u).unwrap_or(0) % (nvars + 2));
        insn.dst2 = match u8::arbitrary(u).unwrap_or(0) % 4 {
            0 => None,
            1 => Some(Dst::General {
                var,
                row: small(u),
                col: small(u),
                hstride: small(u) % 6,
                ty: ty(u),
            }),
            2 => Some(Dst::Predicate { var }),
            _ => Some(Dst::Address { var, sub: small(u) }),
        };
    }
    for operand in insn.operands_mut() {
        if !bool::arbitrary(u).unwrap_or(false) {
            continue;
        }
        let region = Region {
            vstride: small(u),
            width: small(u) % 20,
            hstride: small(u) % 6,
        };
        let modifier = [
            None,
            Some(SrcModifier::Neg),
            Some(SrcModifier::Abs),
            Some(SrcModifier::Not),
        ][usize::arbitrary(u).unwrap_or(0) % 4];
        let src = match u8::arbitrary(u).unwrap_or(0) % 7 {
            0 => Src::General {
                var: VarId(u32::arbitrary(u).unwrap_or(0) % (nvars + 2)),
                row: small(u),
                col: small(u),
                region,
                modifier,
                ty: ty(u),
            },
            1 => Src::Indirect {
                addr: VarId(u32::arbitrary(u).unwrap_or(0) % (nvars + 2)),
                addr_sub: small(u),
                imm_offset: i32::arbitrary(u).unwrap_or(0) % 600,
                region,
                multi: bool::arbitrary(u).unwrap_or(false),
                modifier,
                ty: ty(u),
            },
            2 => Src::Imm {
                bits: u64::arbitrary(u).unwrap_or(0),
                ty: ty(u),
            },
            3 => Src::Address {
                var: VarId(u32::arbitrary(u).unwrap_or(0) % (nvars + 2)),
                sub: small(u),
            },
            4 => Src::AddrOf {
                var: VarId(u32::arbitrary(u).unwrap_or(0) % (nvars + 2)),
                offset: u32::arbitrary(u).unwrap_or(0),
            },
            5 => Src::State {
                var: VarId(u32::arbitrary(u).unwrap_or(0) % (nvars + 2)),
                sub: small(u),
            },
            _ => Src::Predicate {
                var: VarId(u32::arbitrary(u).unwrap_or(0) % (nvars + 2)),
            },
        };
        set_operand(operand, src, u);
    }
}

/// Writes an arbitrary source into an operand: a positional one takes it as drawn; a named
/// one of a narrow kind takes its variable, origin and type (or `%null`, or an immediate
/// scalar), so every field a hand-built IR could hold reaches both engines.
fn set_operand(operand: OperandMut<'_>, src: Src, u: &mut Unstructured<'_>) {
    let payload = |src: &Src| match *src {
        Src::General {
            var, row, col, ty, ..
        } => Payload { var, row, col, ty },
        _ => Payload {
            var: VarId(u32::MAX),
            row: 0,
            col: 0,
            ty: src.ty(),
        },
    };
    let scalar = |src: &Src| match *src {
        Src::Imm { bits, ty } => Scalar::Imm { bits, ty },
        Src::General {
            var, row, col, ty, ..
        } => Scalar::Var { var, row, col, ty },
        _ => Scalar::Imm {
            bits: 0,
            ty: src.ty(),
        },
    };
    let null = bool::arbitrary(u).unwrap_or(false);
    match operand {
        OperandMut::Src(s) => *s = src,
        OperandMut::Payload(p) => *p = payload(&src),
        OperandMut::Scalar(s) => *s = scalar(&src),
        OperandMut::OptPayload(p) => *p = (!null).then(|| payload(&src)),
        OperandMut::OptScalar(s) => *s = (!null).then(|| scalar(&src)),
    }
}
