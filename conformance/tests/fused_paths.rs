//! The oracle's two paths for integer instructions: the fused lane loop (oracle/src/fused.rs,
//! taken by the common shapes) and the general staged path (every shape;
//! `Plan::without_fused` forces it). Every case of the bench's ALU stream runs through both
//! and through the spec; the three must end in the same state. The fused path also runs once
//! more on a state holding a sentinel undefined byte far outside the register file (its
//! writes then settle the undefined set), which must change nothing else.
#![allow(clippy::unwrap_used)]

use visa_conformance::bench::{draw, STREAMS};
use visa_conformance::case::{compile, Compiled};
use visa_conformance::gen::GenCase;
use visa_model::asm;
use visa_model::ir::Program;
use visa_model::state::MachineState;
use visa_model::validate;
use visa_oracle::Plan;
use visa_spec::exec::ExecConfig;

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
    let Compiled {
        program,
        config,
        state: init,
    } = compile(&case).unwrap();
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
    let general_end = plan.without_fused().run(&mut general);
    // The fused path on a state holding an undefined byte: its writes settle the set.
    // The marked byte lies past the register file, where no instruction writes.
    let sentinel = init.grf.len() + 1;
    let mut settled = init.clone();
    settled.undefined.insert(sentinel);
    let settled_end = plan.run(&mut settled);
    assert!(settled.undefined.remove(&sentinel));
    assert_eq!(
        fused_end.as_ref().map_err(|e| e.class),
        settled_end.as_ref().map_err(|e| e.class),
        "the fused path ends differently on a state with an undefined byte on\n{line}"
    );
    assert!(
        fused == settled,
        "the fused path ends differently on a state with an undefined byte on\n{line}"
    );

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

/// `program` run once by the spec and by the oracle from a state with predicate `P1` set to
/// `p1`, `A0` to `a0` and the execution mask `emask`: the same outcome class and state. On
/// gen9, which has every instruction of the rows (SAD2 exists before xe-lp only:
/// SAD2-PLATFORMS).
fn no_channel_case(program: &str, p1: u32, a0: u16, emask: u32) {
    let text = format!(
        ".decl V1 v_type=G type=ud num_elts=16\n.decl V2 v_type=G type=ud num_elts=16\n\
         .decl P1 v_type=P num_elts=16\n.decl A0 v_type=A num_elts=1\n\
         .decl W1 v_type=G type=uw num_elts=16\n.decl B2 v_type=G type=ub num_elts=64\n{program}\n"
    );
    let ast = asm::parse(&text).unwrap();
    let config = ExecConfig::default();
    let program =
        validate::validate_with(&ast, visa_model::platform::Platform::Gen9, &config.readings)
            .unwrap();
    let vars = &program.vars;
    let mut init = MachineState::new(vars);
    let v2: Vec<u8> = (0..64u8).collect();
    init.write_var(vars, vars.find("V2").unwrap(), &v2).unwrap();
    init.write_var(vars, vars.find("P1").unwrap(), &p1.to_le_bytes()[..2])
        .unwrap();
    init.write_var(vars, vars.find("A0").unwrap(), &a0.to_le_bytes())
        .unwrap();
    init.emask = emask;
    let plan = Plan::compile(&program, &config).unwrap();
    let mut spec = init.clone();
    let spec_end = visa_spec::exec::run(&program, &mut spec, &config);
    let mut oracle = init.clone();
    let oracle_end = plan.run(&mut oracle);
    assert_eq!(
        spec_end.as_ref().map_err(|e| e.class),
        oracle_end.as_ref().map_err(|e| e.class),
        "outcomes differ on\n{text}"
    );
    assert!(spec == oracle, "states differ on\n{text}");
}

/// A run whose channel enables are all off skips the instruction in the oracle (`idle`
/// plans) only when it can neither write nor fail: SEL still writes (its write mask is the
/// execution mask alone, erratum SEL-RAW-MASKS resolved), an indirect operand's address is
/// still checked in every lane, and the general and fused forms do nothing.
#[test]
fn runs_without_enabled_channels_match_the_spec() {
    let rows: [(&str, u32, u16, u32); 7] = [
        // P1.all over 8 lanes of a zero P1: ChEn is 0, V1 keeps its zeros.
        (
            "(P1.all) add (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> 0x1:ud",
            0,
            0,
            u32::MAX,
        ),
        (
            "(P1) mad (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> 0x3:ud V2(0,1)<0;1,0>",
            0,
            0,
            u32::MAX,
        ),
        (
            "(P1) sad2 (M1, 8) W1(0,0)<1> B2(0,0)<1;1,0> 0x3:ub",
            0,
            0,
            u32::MAX,
        ),
        // An execution mask of 0 under M1: nothing enabled.
        ("lzd (M1, 16) V1(0,0)<1> V2(0,0)<1;1,0>", 0, 0, 0),
        // SEL writes src1 in every lane the execution mask enables, whatever P1.
        (
            "(P1.all) sel (M1, 8) V1(0,0)<1> V2(0,0)<1;1,0> 0x7:ud",
            0,
            0,
            u32::MAX,
        ),
        // The indirect source's lanes lie past the register file: the address check fails
        // with ChEn 0 as with any other.
        (
            "(P1) add (M1, 8) V1(0,0)<1> r[A0(0),0]<1;1,0>:ud 0x1:ud",
            0,
            0xfff0,
            u32::MAX,
        ),
        // The same source inside the register file: no effect.
        (
            "(P1) add (M1, 8) V1(0,0)<1> r[A0(0),0]<1;1,0>:ud 0x1:ud",
            0,
            0,
            u32::MAX,
        ),
    ];
    for (program, p1, a0, emask) in rows {
        no_channel_case(program, p1, a0, emask);
    }
}
