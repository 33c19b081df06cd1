//! The oracle's two paths for integer instructions: the fused lane loop (oracle/src/fused.rs,
//! taken by the common shapes) and the general staged path (every shape; also taken by any
//! run on a state holding undefined bytes). Every case of the bench's ALU stream runs through
//! both and through the spec; the three must end in the same state. A sentinel undefined byte
//! far outside the register file sends a run down the general path without touching
//! anything an instruction reads or writes.
#![allow(clippy::unwrap_used)]

use visa_conformance::bench::{draw, STREAMS};
use visa_conformance::case::apply_init;
use visa_conformance::gen::GenCase;
use visa_oracle::Plan;
use visa_spec::asm;
use visa_spec::exec::ExecConfig;
use visa_spec::ir::Program;
use visa_spec::state::MachineState;
use visa_spec::validate;

const SENTINEL: usize = usize::MAX / 2;

/// A generated case made ready to run on both engines: its vector line (for messages), its
/// validated program and readings, its initial state and the oracle's plan.
struct Prepared {
    line: String,
    program: Program,
    config: ExecConfig,
    init: MachineState,
    plan: Plan,
}

fn prepare(generated: &GenCase, id: &str) -> Prepared {
    let case = generated.to_case(id);
    let readings = case.readings().unwrap();
    let ast = asm::parse(&case.program).unwrap();
    let program = validate::validate_with(&ast, case.platform, &readings).unwrap();
    let config = ExecConfig {
        readings,
        ..ExecConfig::default()
    };
    let mut init = MachineState::new(&program.vars);
    apply_init(&case.init, &program.vars, &mut init).unwrap();
    let plan = Plan::compile(&program, &config).unwrap();
    Prepared {
        line: case.to_line(),
        program,
        config,
        init,
        plan,
    }
}

/// Runs `generated` through the spec, the fused path and the general path; returns whether
/// its plan has a fused step.
fn both_paths(generated: &GenCase) -> bool {
    let Prepared {
        line,
        program,
        config,
        init,
        plan,
    } = prepare(generated, "fused-paths");

    let mut spec = init.clone();
    let spec_end = visa_spec::exec::run(&program, &mut spec, &config);
    let mut fused = init.clone();
    let fused_end = plan.run(&mut fused);
    let mut general = init.clone();
    general.undefined.insert(SENTINEL);
    let general_end = plan.run(&mut general);
    assert!(general.undefined.remove(&SENTINEL));

    match (&spec_end, &fused_end, &general_end) {
        (Ok(()), Ok(()), Ok(())) => {}
        (Err(a), Err(b), Err(c)) => {
            assert_eq!(
                a.class, b.class,
                "spec and fused path fail differently on\n{line}"
            );
            assert_eq!(
                b.class, c.class,
                "fused and general paths fail differently on\n{line}"
            );
        }
        _ => panic!(
            "spec {spec_end:?}, fused path {fused_end:?}, general path {general_end:?} on\n{line}"
        ),
    }
    assert!(
        fused == general,
        "fused and general paths end differently on\n{line}"
    );
    assert!(
        spec == fused,
        "spec and fused path end differently on\n{line}"
    );
    plan.fused_steps() > 0
}

#[test]
fn fused_and_general_paths_agree_on_the_alu_streams() {
    for name in ["alu", "alu-simd16"] {
        let stream = STREAMS.iter().find(|s| s.name == name).unwrap();
        // Two seeds: 1 is the bench's own stream.
        for seed in [1, 2] {
            let cases = draw(stream, seed, 600).unwrap();
            let fused = cases.iter().filter(|c| both_paths(c)).count();
            // Both paths must be exercised: most integer cases fuse, the rest do not.
            assert!(
                fused * 4 > cases.len() && fused < cases.len(),
                "{name} seed {seed}: {fused} of {} cases fused",
                cases.len()
            );
        }
    }
}

/// Runs `generated` three times in a row on a state whose register file starts wholly
/// undefined, through the spec and the oracle: every run's writes must take their bytes out
/// of the undefined set (the oracle's `define`), and its undefined lanes must be found
/// already undefined on the second and third runs (`mark_undefined`), as the spec's
/// byte-by-byte set does.
fn from_undefined(generated: &GenCase) {
    let Prepared {
        line,
        program,
        config,
        mut init,
        plan,
    } = prepare(generated, "from-undefined");
    init.undefined.extend(0..init.grf.len());
    let mut spec = init.clone();
    let mut oracle = init.clone();
    for run in 0..3 {
        let spec_end = visa_spec::exec::run(&program, &mut spec, &config);
        let oracle_end = plan.run(&mut oracle);
        assert_eq!(
            spec_end.as_ref().map_err(|e| e.class),
            oracle_end.as_ref().map_err(|e| e.class),
            "run {run} ends differently on\n{line}"
        );
        assert!(
            spec == oracle,
            "run {run}: spec and oracle states differ on\n{line}"
        );
    }
}

#[test]
fn writes_define_undefined_bytes_as_the_spec_does() {
    for name in ["alu", "alu-simd16"] {
        let stream = STREAMS.iter().find(|s| s.name == name).unwrap();
        for case in draw(stream, 3, 400).unwrap() {
            from_undefined(&case);
        }
    }
}
