//! The allowed set of a linear sample (docs/sampler.md, "Linear filtering"): hardware
//! computes the filter's texel-space coordinate `t` of each axis with a limited sub-texel
//! precision, so an implementation's weights may be those of any `t` within
//! `2^-SUB_TEXEL_BITS` texel of the exact one. The filter is continuous and, between texel
//! centres, bilinear in the axes' `t`, so the values it takes over that box lie between the
//! least and the greatest of its values at the box's corners and at the texel centres inside
//! it; rounding to F is monotone, so the rounded results of those points bound every
//! implementation's. Each destination element whose value moves over them becomes a
//! `within` interval from the least to the greatest.

use visa_model::ir::{Dst, Opcode, Program};
use visa_model::state::{Filter, MachineState};
use visa_spec::insn::sampler::sample_3d::{execute_shifted, SubTexel};

use crate::vector::{Allowed, Case, Expect, Interval, NanType, Within};

/// The shifts of `t` tried on each axis.
const SHIFTS: [SubTexel; 4] = [
    SubTexel::Exact,
    SubTexel::Down,
    SubTexel::Up,
    SubTexel::Centre,
];

/// `expect` with the destination elements of a linear sample widened to the interval the
/// sub-texel precision allows; any other case unchanged. The case's program is its setup
/// (MOVS of the handles) and one sample message whose destination no other instruction
/// reads or writes, as the generators and catalogs write it.
pub fn widen_linear(case: &Case, expect: Expect) -> Expect {
    let Expect::State(mut state) = expect else {
        return expect;
    };
    if !case.program.contains("sample")
        || !case
            .init
            .samplers
            .iter()
            .any(|s| s.filter == Filter::Linear)
    {
        return Expect::State(state);
    }
    let Some((name, elements)) = intervals(case) else {
        return Expect::State(state);
    };
    if elements.is_empty() {
        return Expect::State(state);
    }
    let Some(allowed) = state.vars.get_mut(&name) else {
        return Expect::State(state);
    };
    // Only elements the exact result pins (a byte left undefined stays `??`).
    let elements: Vec<Interval> = match allowed.patterns().first() {
        Some(p) => elements
            .into_iter()
            .filter(|iv| crate::expect::contract::pinned(p, 4 * iv.at, 4).is_some())
            .collect(),
        None => return Expect::State(state),
    };
    if elements.is_empty() {
        return Expect::State(state);
    }
    let base = std::mem::replace(allowed, Allowed::AnyOf(Vec::new()));
    let base = match base {
        Allowed::Bytes(p) => Allowed::AnyOf(vec![p]),
        other => other,
    };
    *allowed = Allowed::Within {
        base: Box::new(base),
        within: Within {
            ty: NanType::F,
            elements,
        },
    };
    Expect::State(state)
}

/// The destination's name and the intervals of its elements that move with `t`.
fn intervals(case: &Case) -> Option<(String, Vec<Interval>)> {
    let compiled = crate::case::compile(case).ok()?;
    let program = &compiled.program;
    let k = program.insns.iter().position(|i| {
        matches!(
            i.opcode,
            Opcode::Sample3d | Opcode::SampleL | Opcode::SampleLz
        )
    })?;
    // One sample message: a second would write what the rerun below cannot tell apart.
    if program.insns[k + 1..].iter().any(|i| {
        matches!(
            i.opcode,
            Opcode::Sample3d | Opcode::SampleL | Opcode::SampleLz
        )
    }) {
        return None;
    }
    let insn = &program.insns[k];
    let Dst::General { var, .. } = insn.dst else {
        return None;
    };
    // The state after the whole program: the sample message writes only its destination,
    // so running it again there reads what it read the first time; the exact rerun must
    // give the bytes the run gave.
    let mut after = compiled.state.clone();
    visa_spec::exec::run(program, &mut after, &compiled.config).ok()?;
    let observed = after.read_var(&program.vars, var);
    let axes = 3;
    let mut runs: Vec<Vec<u8>> = Vec::new();
    for n in 0..SHIFTS.len().pow(axes) {
        let shift = [SHIFTS[n % 4], SHIFTS[n / 4 % 4], SHIFTS[n / 16 % 4]];
        runs.push(run(program, insn, &after, shift, var)?);
    }
    let exact = runs.first()?.clone();
    if exact != observed {
        return None;
    }
    let mut elements = Vec::new();
    for at in 0..exact.len() / 4 {
        let values: Vec<f32> = runs
            .iter()
            .filter_map(|r| r.get(4 * at..4 * at + 4))
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        if values.iter().all(|v| v.to_bits() == values[0].to_bits())
            || values.iter().any(|v| !v.is_finite())
        {
            continue;
        }
        let lo = values.iter().copied().fold(f32::INFINITY, f32::min);
        let hi = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        elements.push(Interval {
            at,
            lo: u64::from(lo.to_bits()),
            hi: u64::from(hi.to_bits()),
        });
    }
    Some((program.vars.get(var).name.clone(), elements))
}

/// The destination's bytes after the sample message with `t` shifted as `shift` says.
fn run(
    program: &Program,
    insn: &visa_model::ir::Instruction,
    before: &MachineState,
    shift: [SubTexel; 3],
    var: visa_model::state::VarId,
) -> Option<Vec<u8>> {
    let mut state = before.clone();
    execute_shifted(program, insn, &mut state, shift).ok()?;
    Some(state.read_var(&program.vars, var))
}
