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
