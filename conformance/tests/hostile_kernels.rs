//! Whole kernels built to exhaust a run: deep recursion, costly loops, amplified
//! declarations, huge and many-file texts, offsets near 2^64, shapes that make validation
//! slow. Each ends in bounded time and memory with its stated error class
//! (docs/robustness.md "Limits"), alike on both engines, and nothing panics: the test
//! profile keeps overflow checks on.
#![allow(clippy::unwrap_used)]

use visa_conformance::Case;
use visa_conformance::{run_case, EngineKind, Outcome};
use visa_model::ErrorClass;

/// A bare run request of `program` on xe-hpg.
fn case(program: &str) -> Case {
    let line = serde_json::json!({
        "format": "visa-vector/1",
        "id": "hostile-kernel",
        "platform": "xe-hpg",
        "program": program,
    });
    Case::from_line(&line.to_string()).unwrap()
}

/// Runs `case` on both engines and returns the error class both give (asserting they agree
/// and neither succeeds).
fn both_fail(case: &Case) -> ErrorClass {
    let spec = run_case(case, EngineKind::Spec);
    let oracle = run_case(case, EngineKind::Oracle);
    match (&spec, &oracle) {
        (Outcome::Error(a), Outcome::Error(b)) => {
            assert_eq!(a.class, b.class, "spec {a} vs oracle {b}");
            a.class
        }
        _ => panic!("expected both engines to fail: spec {spec:?}, oracle {oracle:?}"),
    }
}

/// A loop with no exit ends at the step limit on both engines.
#[test]
fn an_endless_loop_ends_at_the_step_limit() {
    let program = ".decl V1 v_type=G type=d num_elts=8\nTOP:\nadd (M1, 8) V1(0,0)<1> V1(0,0)<1;1,0> 0x1:d\njmp (M1, 1) TOP\n";
    assert_eq!(both_fail(&case(program)), ErrorClass::StepLimit);
}

/// Runs `case` on both engines under its configuration changed by `limits`, and returns
/// both errors (asserting neither succeeds).
fn both_fail_under(
    case: &Case,
    limits: impl Fn(&mut visa_model::config::ExecConfig),
) -> (visa_model::VisaError, visa_model::VisaError) {
    let compiled = visa_conformance::case::compile(case).unwrap();
    let mut config = compiled.config.clone();
    limits(&mut config);
    let mut state = compiled.state.clone();
    let spec = visa_spec::exec::run(&compiled.program, &mut state, &config);
    let mut state = compiled.state.clone();
    let oracle = visa_oracle::run(&compiled.program, &mut state, &config);
    match (spec, oracle) {
        (Err(a), Err(b)) => (a, b),
        (spec, oracle) => {
            panic!("expected both engines to fail: spec {spec:?}, oracle {oracle:?}")
        }
    }
}

/// The line of `program` that holds `text` (1-based).
fn line_of(program: &str, text: &str) -> u32 {
    program.lines().position(|l| l.contains(text)).unwrap() as u32 + 1
}

/// A function that calls itself with no end ends at the call depth limit, at the call, on
/// both engines (before the limit: at the step limit, after a million calls).
#[test]
fn endless_recursion_ends_at_the_call_depth_limit() {
    let program = ".kernel \"K\"\nfcall (M1, 1) F 0 0\nret (M1, 1)\n\
                   .global_function \"F\"\nfcall (M1, 1) F 0 0 // again\nfret (M1, 1)\n";
    let case = case(program);
    assert_eq!(both_fail(&case), ErrorClass::ResourceLimit);
    let (spec, oracle) = both_fail_under(&case, |_| {});
    for e in [&spec, &oracle] {
        assert_eq!(e.class, ErrorClass::ResourceLimit, "{e}");
        assert!(e.message.contains("call depth limit is 1024"), "{e}");
        assert_eq!(e.pos.map(|p| p.line), Some(line_of(program, "// again")));
    }
}

/// Recursion into a function of 64 variables of 4 KiB (the run that exhausted memory and
/// aborted the process) ends at the frame bytes limit: 256 levels of 256 KiB are the
/// default 64 MiB. Each engine then holds about 64 MiB of saved variables, not gigabytes.
#[test]
fn recursion_into_large_frames_ends_at_the_frame_bytes_limit() {
    let mut program =
        String::from(".kernel \"K\"\nfcall (M1, 1) F 0 0\nret (M1, 1)\n.global_function \"F\"\n");
    for k in 0..64 {
        program.push_str(&format!(".decl X{k} v_type=G type=ud num_elts=1024\n"));
    }
    program
        .push_str("mov (M1, 16) X63(0,0)<1> 0x1:ud\nfcall (M1, 1) F 0 0 // again\nfret (M1, 1)\n");
    let case = case(&program);
    let (spec, oracle) = both_fail_under(&case, |c| c.call_depth_limit = u32::MAX);
    for e in [&spec, &oracle] {
        assert_eq!(e.class, ErrorClass::ResourceLimit, "{e}");
        assert!(e.message.contains("frame bytes limit is 67108864"), "{e}");
        assert_eq!(e.pos.map(|p| p.line), Some(line_of(&program, "// again")));
    }
    // A smaller limit stops sooner, at the same call.
    let (spec, oracle) = both_fail_under(&case, |c| c.frame_bytes_limit = 1 << 20);
    assert_eq!(spec.class, ErrorClass::ResourceLimit, "{spec}");
    assert_eq!(oracle.class, ErrorClass::ResourceLimit, "{oracle}");
}

/// The loop of the report: SIMD32 POW, correctly rounded, costs the spec about a
/// millisecond a step, a quarter of an hour at the step limit. The cost budget ends it on
/// both engines at the same instruction (here a small budget, so the test stays quick; the
/// default one ends it after about 2,100 POWs).
#[test]
fn a_loop_of_costly_instructions_ends_at_the_cost_limit() {
    let program = ".decl V1 v_type=G type=f num_elts=32\n\
                   .decl V2 v_type=G type=f num_elts=32\n\
                   mov (M1, 32) V1(0,0)<1> 0x3fc00000:f\n\
                   mov (M1, 32) V2(0,0)<1> 0x3f8ccccd:f\n\
                   TOP:\n\
                   pow (M1, 32) V1(0,0)<1> V1(0,0)<1;1,0> V2(0,0)<1;1,0>\n\
                   jmp (M1, 1) TOP\n";
    let case = case(program);
    let (spec, oracle) = both_fail_under(&case, |c| {
        c.cost_limit = 200_000;
        c.step_limit = 1_000;
    });
    assert_eq!(spec.class, ErrorClass::CostLimit, "{spec}");
    assert_eq!(oracle.class, ErrorClass::CostLimit, "{oracle}");
    assert_eq!(spec.pos, oracle.pos);
    assert_eq!(spec.pos.map(|p| p.line), Some(line_of(program, "pow")));
    // Under the default budget, on the fast engine: a few thousand POWs, not a million.
    match run_case(&case, EngineKind::Oracle) {
        Outcome::Error(e) => assert_eq!(e.class, ErrorClass::CostLimit, "{e}"),
        other => panic!("expected cost-limit: {other:?}"),
    }
}

/// The cost budget stops straight-line code and a block of a whole program at the same
/// instruction on both engines (the oracle folds it into the plan or the block).
#[test]
fn the_cost_limit_stops_both_engines_at_the_same_instruction() {
    let pow = "pow (M1, 32) V1(0,0)<1> V1(0,0)<1;1,0> 0x3f8ccccd:f\n";
    let straight = format!(".decl V1 v_type=G type=f num_elts=32\n{}", pow.repeat(12));
    let looped = format!(
        ".decl V1 v_type=G type=f num_elts=32\nTOP:\n{}jmp (M1, 1) TOP\n",
        pow.repeat(5)
    );
    let one = visa_conformance::case::compile(&case(&straight)).unwrap();
    let pow_cost = visa_model::cost::program(&one.program)[0];
    for program in [straight, looped] {
        // Nine POWs and a JMP fit, the tenth POW does not.
        let (spec, oracle) = both_fail_under(&case(&program), |c| {
            c.cost_limit = 9 * pow_cost + pow_cost / 2
        });
        assert_eq!(spec.class, ErrorClass::CostLimit, "{spec}");
        assert_eq!(oracle.class, ErrorClass::CostLimit, "{oracle}");
        assert_eq!(spec.pos, oracle.pos, "{program}");
        let tenth = if program.contains("TOP") { 7 } else { 11 };
        assert_eq!(spec.pos.map(|p| p.line), Some(tenth), "{program}");
    }
}

/// A call looks at its callee's variables only: a hundred thousand calls of a function in a
/// kernel of 100,000 declarations run in about a second. Speed is not asserted here (the
/// bench measures it); an engine that walked every declaration at each call, as the engines
/// once did, takes 10^10 steps and minutes, and this test hangs the run instead of passing.
#[test]
fn a_call_costs_the_same_whatever_else_the_kernel_declares() {
    let mut program = String::from(".kernel \"K\"\n");
    for k in 0..100_000 {
        program.push_str(&format!(".decl D{k} v_type=G type=ud num_elts=1\n"));
    }
    program.push_str(
        ".decl C v_type=G type=ud num_elts=1\n.decl P1 v_type=P num_elts=1\n\
         mov (M1_NM, 1) C(0,0)<1> 0x0:ud\nTOP:\nfcall (M1, 1) F 0 0\n\
         add (M1_NM, 1) C(0,0)<1> C(0,0)<0;1,0> 0x1:ud\n\
         cmp.lt (M1_NM, 1) P1 C(0,0)<0;1,0> 0x186a0:ud\n(P1) jmp (M1, 1) TOP\nret (M1, 1)\n\
         .global_function \"F\"\n.decl X v_type=G type=ud num_elts=8\n\
         mov (M1, 8) X(0,0)<1> 0x1:ud\nfret (M1, 1)\n",
    );
    let compiled = visa_conformance::case::compile(&case(&program)).unwrap();
    for engine in [EngineKind::Spec, EngineKind::Oracle] {
        let mut state = compiled.state.clone();
        let result = match engine {
            EngineKind::Spec => {
                visa_spec::exec::run(&compiled.program, &mut state, &compiled.config)
            }
            EngineKind::Oracle => visa_oracle::run(&compiled.program, &mut state, &compiled.config),
        };
        assert!(result.is_ok(), "{engine}: {result:?}");
        // The counter the loop kept: every call returned.
        let vars = &compiled.program.vars;
        let c = vars.find("C").map(|id| state.read_var(vars, id));
        assert_eq!(c, Some(100_000u32.to_le_bytes().to_vec()), "{engine}");
    }
}

/// Parses and validates `program` for xe-hpg, returning validation's answer.
fn validate_text(program: &str) -> Result<visa_model::ir::Program, visa_model::VisaError> {
    let ast = visa_model::asm::parse(program)?;
    visa_model::validate::validate(&ast, visa_model::platform::Platform::XeHpg)
}

/// The text of `n` lines made by `line`, one per index.
fn lines(n: usize, line: impl Fn(usize) -> String) -> String {
    let mut text = String::new();
    for i in 0..n {
        text.push_str(&line(i));
        text.push('\n');
    }
    text
}

// Shapes whose validation was quadratic (a scan of the scope per declaration, of every label
// per branch target and per unit, of every unit per function and per call, of every line per
// instruction not executed) validate in time linear in the text: each of these took from
// seconds to minutes before (docs/robustness.md) and takes about a second here.

/// 150,000 declarations inside one `{ }` scope (39 s before, release build).
#[test]
fn a_scope_of_150000_declarations_validates_in_linear_time() {
    let text = format!(
        "{{\n{}}}\n",
        lines(150_000, |i| format!(
            ".decl V{i} v_type=G type=d num_elts=8"
        ))
    );
    let program = validate_text(&text).unwrap();
    assert_eq!(
        program.vars.find("V0"),
        None,
        "the scope's names end with it"
    );
}

/// 300,000 labels, each the target of a jump (did not finish in 150 s before).
#[test]
fn three_hundred_thousand_labels_with_jumps_validate_in_linear_time() {
    let text =
        lines(300_000, |i| format!("L{i}:\njmp (M1, 1) L{}", i + 1)) + "L300000:\nret (M1, 1)\n";
    let program = validate_text(&text).unwrap();
    assert_eq!(program.labels.len(), 300_001);
}

/// 60,000 functions, each called from the kernel (20 s before for the functions alone).
#[test]
fn sixty_thousand_functions_and_calls_validate_in_linear_time() {
    let calls = lines(60_000, |i| format!("fcall (M1_NM, 1) F{i} 0 0"));
    let units = lines(60_000, |i| {
        format!(".global_function \"F{i}\"\nL{i}:\nfret (M1, 1)")
    });
    let text = format!(".kernel \"k\"\n{calls}ret (M1, 1)\n{units}");
    let program = validate_text(&text).unwrap();
    assert_eq!(program.units.len(), 60_001);
}

/// 60,000 subroutines, each called, each with a jump inside it.
#[test]
fn sixty_thousand_subroutines_validate_in_linear_time() {
    let calls = lines(60_000, |i| format!("call (M1_NM, 1) S{i}"));
    let subs = lines(60_000, |i| {
        format!(".function \"S{i}\"\nB{i}:\njmp (M1, 1) B{i}\nret (M1, 1)")
    });
    let program = validate_text(&format!("{calls}ret (M1, 1)\n{subs}")).unwrap();
    assert_eq!(program.labels.len(), 120_000);
}

/// 30,000 SWITCHJMPs of 32 targets each.
#[test]
fn thirty_thousand_switch_jumps_validate_in_linear_time() {
    let n = 30_000;
    let text = ".decl I v_type=G type=ub num_elts=1\n".to_string()
        + &lines(n, |i| {
            let targets: Vec<String> = (0..32).map(|k| format!("L{}", (i + k) % n)).collect();
            format!(
                "L{i}:\nswitchjmp (M1, 1) I(0,0)<0;1,0> ({})",
                targets.join(", ")
            )
        })
        + "ret (M1, 1)\n";
    validate_text(&text).unwrap();
}

/// `validate`'s survey of 300,000 documented instructions this version does not execute.
#[test]
fn a_survey_of_many_instructions_not_executed_is_linear() {
    let program = visa_model::asm::parse(&"lod\n".repeat(300_000)).unwrap();
    let survey = visa_model::validate::survey(
        &program,
        visa_model::platform::Platform::XeHpg,
        &visa_model::errata::Readings::resolved(),
    );
    assert_eq!(survey.unsupported.len(), 300_000);
    assert!(survey.unsupported.iter().all(|(m, _)| m == "lod"));
}

/// `.input` offsets near 2^64: `offset + size` wrapped (release builds accepted two
/// overlapping inputs, debug builds panicked); now the input is invalid, on both engines.
#[test]
fn input_offsets_near_2_64_are_invalid_instructions() {
    let program = ".kernel \"k\"\n.decl A v_type=G type=d num_elts=8\n.decl B v_type=G type=d num_elts=8\n\
                   .input A offset=18446744073709551584 size=32\n.input B offset=0 size=32\nret (M1, 1)\n";
    assert_eq!(both_fail(&case(program)), ErrorClass::InvalidInstruction);
    let err = validate_text(program).unwrap_err();
    assert_eq!(err.pos.map(|p| p.line), Some(4), "{err}");
    assert_eq!(err.field.as_deref(), Some("input"), "{err}");
}

/// 300,000 surface declarations of 4,096 elements (4.9 GB of handles: both engines
/// aborted): `resource-limit` at the declaration that crosses a bound. In the kernel, every
/// surface is observed, and the 1,025th takes the observed bytes past 16 MiB; in a function,
/// whose variables no result observes, the 4,096th takes the declared state past 64 MiB.
#[test]
fn amplified_declarations_hit_the_declared_state_limit() {
    let surfaces = lines(300_000, |i| format!(".decl T{i} v_type=T num_elts=4096"));
    assert_eq!(both_fail(&case(&surfaces)), ErrorClass::ResourceLimit);
    let err = validate_text(&surfaces).unwrap_err();
    let observed = visa_model::state::MAX_OBSERVED_BYTES / (4096 * 4);
    assert_eq!(err.pos.map(|p| p.line), Some(observed as u32 + 1), "{err}");
    let limit = visa_model::state::MAX_OBSERVED_BYTES.to_string();
    assert!(err.message.contains(&limit), "{err}");

    let function =
        format!(".kernel \"k\"\nret (M1, 1)\n.global_function \"F\"\n{surfaces}fret (M1, 1)\n");
    assert_eq!(both_fail(&case(&function)), ErrorClass::ResourceLimit);
    let err = validate_text(&function).unwrap_err();
    // %cr0's GRF and 4,095 surfaces of 16 KiB fit; the 4,096th, on line 3 + 4,096, crosses.
    assert_eq!(err.pos.map(|p| p.line), Some(3 + 4096), "{err}");
    assert_eq!(err.field.as_deref(), Some(".decl T4095"), "{err}");
    let limit = visa_model::state::MAX_DECLARED_BYTES.to_string();
    assert!(err.message.contains(&limit), "{err}");
}

/// Aliases of one 4 KB variable take no storage but each is observed (310,000 of them made
/// a 2.5 GB result line): `resource-limit` once the observed bytes cross their bound.
#[test]
fn aliases_hit_the_observed_output_limit() {
    let program = ".decl B v_type=G type=d num_elts=1024\n".to_string()
        + &lines(20_000, |i| {
            format!(".decl A{i} v_type=G type=d num_elts=1024 alias=<B, 0>")
        });
    assert_eq!(both_fail(&case(&program)), ErrorClass::ResourceLimit);
    let err = validate_text(&program).unwrap_err();
    let crossing = visa_model::state::MAX_OBSERVED_BYTES / 4096;
    assert_eq!(err.pos.map(|p| p.line), Some(crossing as u32 + 1), "{err}");
}

/// Element origins and address sub-registers near 2^32: `sub + exec_size` wrapped (a panic
/// with overflow checks on); now each is an invalid instruction, alike on both engines.
#[test]
fn origins_near_2_32_are_invalid_instructions() {
    let decls = ".decl A0 v_type=A num_elts=16\n.decl A1 v_type=A num_elts=2\n\
                 .decl V2 v_type=G type=ud num_elts=8\n.decl T1 v_type=T num_elts=4\n";
    for line in [
        "addr_add (M1, 1) A0(4294967295)<1> &V2+4 0x10:uw",
        "addr_add (M1, 2) A0(4294967295)<1> A1(0)<1;1,0> 0x1:uw",
        "addr_add (M1, 2) A0(0)<1> A1(4294967295)<1;1,0> 0x1:uw",
        "movs (M1, 2) T1(4294967295) V2(0,0)<1;1,0>",
        "mov (M1, 8) V2(0,0)<1> r[A0(4294967295),0]<8,1>:ud",
        "mov (M1, 8) V2(0,0)<1> r[A0(4294967295),0]<1,0>:ud",
    ] {
        let program = format!("{decls}{line}\n");
        let class = both_fail(&case(&program));
        assert_eq!(class, ErrorClass::InvalidInstruction, "{line}");
    }
}

/// The spans of the numbers (decimal, or `0x` hexadecimal) that stand alone in `text`.
fn numbers(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut k = 0;
    while k < bytes.len() {
        let starts = bytes[k].is_ascii_digit()
            && (k == 0 || !(bytes[k - 1].is_ascii_alphanumeric() || bytes[k - 1] == b'_'));
        if !starts {
            k += 1;
            continue;
        }
        let start = k;
        if bytes[k..].starts_with(b"0x") {
            k += 2;
            while k < bytes.len() && bytes[k].is_ascii_hexdigit() {
                k += 1;
            }
        } else {
            while k < bytes.len() && bytes[k].is_ascii_digit() {
                k += 1;
            }
        }
        spans.push((start, k));
    }
    spans
}

/// Every number of the golden programs of each vector file (its first case), replaced in turn
/// by values near 2^32 and 2^64: both engines give the same outcome, never a model bug (a
/// panic on an unchecked sum or product would be one; the test profile keeps overflow
/// checks on).
#[test]
fn numbers_near_2_32_and_2_64_in_golden_programs_never_panic() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../vectors");
    let mut files = Vec::new();
    let mut dirs = vec![root];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "jsonl") {
                files.push(path);
            }
        }
    }
    files.sort();
    let mut runs = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for case in text.lines().filter_map(|l| Case::from_line(l).ok()).take(1) {
            let program = case.program.clone();
            for (start, end) in numbers(&program) {
                for value in ["4294967295", "18446744073709551584", "0xffffffffffffffff"] {
                    let mut mutated = case.clone();
                    mutated.program = format!("{}{value}{}", &program[..start], &program[end..]);
                    let spec = run_case(&mutated, EngineKind::Spec);
                    let oracle = run_case(&mutated, EngineKind::Oracle);
                    for outcome in [&spec, &oracle] {
                        if let Outcome::Error(e) = outcome {
                            assert_ne!(
                                e.class,
                                ErrorClass::ModelBug,
                                "{}: {e}\n{}",
                                file.display(),
                                mutated.program
                            );
                        }
                    }
                    let class = |o: &Outcome| match o {
                        Outcome::Error(e) => Some(e.class),
                        Outcome::Ok(_) => None,
                    };
                    assert_eq!(
                        class(&spec),
                        class(&oracle),
                        "{}\n{}",
                        file.display(),
                        mutated.program
                    );
                    runs += 1;
                }
            }
        }
    }
    assert!(runs > 1000, "{runs} mutated programs");
}
