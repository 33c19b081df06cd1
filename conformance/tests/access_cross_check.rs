//! The accesses both engines record for the race detector (docs/races.md) are the same: on
//! generated cases of every memory instruction of the registry (LSC untyped, typed, block
//! 2D, atomics, append counters; SVM; the legacy dataport's GATHER_SCALED,
//! SCATTER_SCALED, GATHER4_SCALED, SCATTER4_SCALED, OWORD_LD, OWORD_LD_UNALIGNED, OWORD_ST,
//! DWORD_ATOMIC, GATHER, SCATTER, QW_GATHER, QW_SCATTER, GATHER4_TYPED and SCATTER4_TYPED;
//! the sampler's 3D_LOAD and 3D_SAMPLE, whose texel reads are reads like the typed
//! messages'), the spec's and the oracle's logs are equal as coalesced sets. Case
//! counts: `PROPTEST_CASES` per row (default 32).
#![allow(clippy::unwrap_used)]

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, TestRunner};
use visa_conformance::case;
use visa_conformance::registry;
use visa_model::opcode::Family;
use visa_model::state::{coalesce, Access, AccessKind};

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(32)
}

/// The run's outcome and its coalesced accesses on one engine, recording on.
fn record(compiled: &case::Compiled, oracle: bool) -> (bool, Vec<Access>) {
    let mut state = compiled.state.clone();
    state.mem.record(true);
    let ran = if oracle {
        visa_oracle::run(&compiled.program, &mut state, &compiled.config)
    } else {
        visa_spec::exec::run(&compiled.program, &mut state, &compiled.config)
    };
    (ran.is_ok(), coalesce(state.mem.take_accesses()))
}

#[test]
fn spec_and_oracle_record_the_same_accesses() {
    let cases = cases();
    let rows = registry::rows().iter().filter(|r| {
        matches!(
            r.op.form().family,
            Family::Lsc | Family::Svm | Family::Dataport | Family::Sampler
        )
    });
    let mut rows_seen = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for row in rows {
        let Some(strategy) = row.strategy() else {
            continue;
        };
        rows_seen += 1;
        let mut runner = TestRunner::new(Config::default());
        let mut noted = 0;
        for _ in 0..cases {
            let generated = strategy.new_tree(&mut runner).unwrap().current();
            let case = generated.to_case("access-cross-check");
            let Ok(compiled) = case::compile(&case) else {
                continue;
            };
            let (spec_ok, spec) = record(&compiled, false);
            let (oracle_ok, oracle) = record(&compiled, true);
            assert_eq!(spec_ok, oracle_ok, "outcomes differ on\n{}", case.to_line());
            if !spec_ok {
                // An instruction that fails may have noted part of its accesses.
                continue;
            }
            assert_eq!(
                spec,
                oracle,
                "{}: spec's accesses (left) differ from the oracle's on\n{}",
                row.name,
                case.to_line()
            );
            noted += usize::from(!spec.is_empty());
            kinds.extend(spec.iter().map(|a| a.kind));
        }
        // LSC_FENCE, LOAD_STATUS and RESINFO (the surface's size) access no memory; every
        // other row does.
        let silent = matches!(
            row.op,
            visa_model::opcode::Opcode::LscFence
                | visa_model::opcode::Opcode::LscLoadStatus
                | visa_model::opcode::Opcode::Resinfo
        );
        assert!(
            silent || noted > 0 || cases < 8,
            "{}: no case recorded an access",
            row.name
        );
    }
    assert!(rows_seen >= 40, "{rows_seen} memory rows");
    assert_eq!(
        kinds.into_iter().collect::<Vec<_>>(),
        vec![AccessKind::Read, AccessKind::Write, AccessKind::Atomic]
    );
}

/// A program of several memory instructions stamps each access with its instruction's
/// index, on both engines; a prefetch and the out-of-bounds bytes of a surface are no
/// access.
#[test]
fn accesses_carry_their_instruction_and_skip_what_memory_never_sees() {
    let text = "\
.decl A v_type=G type=ud num_elts=8
.decl D v_type=G type=ud num_elts=8
lsc_store.slm (M1, 8) flat[A]:a32 D:d32
lsc_load.slm (M1, 8) %null:d32 flat[A]:a32
lsc_load.slm (M1, 8) D:d32 flat[A]:a32
";
    let program = visa_model::validate::validate(
        &visa_model::asm::parse(text).unwrap(),
        visa_model::platform::Platform::XeHpg,
    )
    .unwrap();
    let config = visa_model::config::ExecConfig::default();
    let mut init = visa_model::state::MachineState::new(&program.vars);
    // A = 0, 4, 8, ..., 28: lane n at 4n.
    let a = program.vars.find("A").unwrap();
    let at = program.vars.get(a).grf_offset.unwrap();
    for n in 0..8u32 {
        init.grf[at + 4 * n as usize..at + 4 * n as usize + 4]
            .copy_from_slice(&(4 * n).to_le_bytes());
    }
    for oracle in [false, true] {
        let mut state = init.clone();
        state.mem.record(true);
        if oracle {
            visa_oracle::run(&program, &mut state, &config).unwrap();
        } else {
            visa_spec::exec::run(&program, &mut state, &config).unwrap();
        }
        let got = coalesce(state.mem.take_accesses());
        let lane = |insn, n: u32, kind| Access {
            insn,
            lane: Some(n),
            space: "slm",
            addr: u64::from(4 * n),
            len: 4,
            kind,
        };
        let mut want: Vec<Access> = (0..8).map(|n| lane(0, n, AccessKind::Write)).collect();
        want.extend((0..8).map(|n| lane(2, n, AccessKind::Read)));
        assert_eq!(got, want, "oracle: {oracle}");
    }
}
