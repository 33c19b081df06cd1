//! The batch API agrees with a single run: a compiled plan run through `run_batch` and
//! `run_batch_states` gives the outcome and the final state `run` gives, for programs that
//! succeed and that fail part-way (the earlier instructions' effects kept). The rows'
//! expected values live in the catalog (vectors/catalog/alu); this checks only the oracle's
//! own batching paths.
#![allow(clippy::unwrap_used)]

use visa_spec::asm;
use visa_spec::config::ExecConfig;
use visa_spec::errata::{Reading, Readings, SHL_SAT_RANGE};
use visa_spec::ir::Program;
use visa_spec::platform::Platform;
use visa_spec::state::MachineState;
use visa_spec::validate::validate_with;

/// The program of `text` on xe-hpg with `literal` errata at their literal reading, and its
/// state with each `(variable, bytes)` of `init` written.
fn build(
    text: &str,
    init: &[(&str, Vec<u8>)],
    literal: &[&str],
) -> (Program, MachineState, ExecConfig) {
    let mut readings = Readings::default();
    for id in literal {
        readings.set(id, Reading::Literal).unwrap();
    }
    let ast = asm::parse(text).unwrap();
    let program = validate_with(&ast, Platform::XeHpg, &readings).unwrap();
    let mut state = MachineState::new(&program.vars);
    for (name, bytes) in init {
        let id = program.vars.find(name).unwrap();
        state.write_var(&program.vars, id, bytes).unwrap();
    }
    let config = ExecConfig {
        readings,
        ..ExecConfig::default()
    };
    (program, state, config)
}

fn le32(xs: &[u32]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Runs `program` once with `run`, then twice through each batch API, and compares.
fn agree(program: &Program, initial: &MachineState, config: &ExecConfig) {
    let mut state = initial.clone();
    let result = visa_oracle::run(program, &mut state, config);
    match visa_oracle::Plan::compile(program, config) {
        Ok(plan) => {
            let mut batch = vec![(&plan, initial.clone()), (&plan, initial.clone())];
            let results = visa_oracle::run_batch(&mut batch);
            for ((_, s), r) in batch.iter().zip(results) {
                assert_eq!(r, result);
                assert_eq!(s, &state);
            }
            let mut states = vec![initial.clone(), initial.clone()];
            let results = visa_oracle::run_batch_states(&plan, &mut states);
            for (s, r) in states.iter().zip(results) {
                assert_eq!(r, result);
                assert_eq!(s, &state);
            }
        }
        // A program that fails the IR check fails before anything runs.
        Err(e) => {
            assert_eq!(Err(e), result);
            assert_eq!(&state, initial);
        }
    }
}

#[test]
fn batches_agree_with_a_single_run() {
    type Program<'a> = (&'a str, Vec<(&'a str, Vec<u8>)>, Vec<&'a str>);
    let programs: Vec<Program> = vec![
        (
            ".decl S v_type=G type=ud num_elts=16\n.decl C v_type=G type=ud num_elts=16\n\
             .decl R v_type=G type=ud num_elts=16\n\
             rol (M1, 16) R(0,0)<1> S(0,0)<1;1,0> C(0,0)<1;1,0>\n",
            vec![
                ("S", le32(&[1; 16])),
                ("C", le32(&(0..16).collect::<Vec<_>>())),
            ],
            vec![],
        ),
        (
            ".decl A v_type=G type=f num_elts=16\n.decl B v_type=G type=f num_elts=1\n\
             .decl C v_type=G type=f num_elts=16\n.decl R v_type=G type=f num_elts=16\n\
             mad (M1, 16) R(0,0)<1> A(0,0)<1;1,0> B(0,0)<0;1,0> C(0,0)<1;1,0>\n\
             add (M1, 16) R(0,0)<1> R(0,0)<1;1,0> A(0,0)<1;1,0>\n",
            vec![
                ("A", le32(&[0x3f80_0000; 16])),
                ("B", le32(&[0x3f00_0000])),
                ("C", le32(&[0x3e80_0000; 16])),
            ],
            vec![],
        ),
        // Undefined behaviour at the second instruction: the first one's 7s stay.
        (
            ".decl S v_type=G type=d num_elts=8\n.decl R v_type=G type=d num_elts=8\n\
             mov (M1, 8) R(0,0)<1> 0x7:d\nshl.sat (M1, 8) R(0,0)<1> S(0,0)<1;1,0> 0x2:ud\n",
            vec![("S", le32(&[1, 1, 1, 0x4000_0000, 1, 1, 1, 1]))],
            vec![SHL_SAT_RANGE],
        ),
    ];
    for (text, init, literal) in programs {
        let (program, state, config) = build(text, &init, &literal);
        agree(&program, &state, &config);
    }
}
