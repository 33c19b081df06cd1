//! Expectations: what a case is expected to observe, computed by the spec engine, and the
//! freedom the documents leave in it (DESIGN.md "Numeric profiles and allowed sets").
//!
//! - [`with_expect`]: a case's expectation from its spec run, every NaN whose encoding the
//!   documents leave open freed ([`free_nans`], [`nan`]);
//! - [`with_expect_profiles`]: float DPAS, the allowed set of every numeric profile's result;
//! - [`with_expect_straddle`]: untyped block 2D, both readings of BLOCK2D-STRADDLE;
//! - [`flipped`] and [`discriminating`]: the expectation under an erratum's other reading.
//!
//! `gen` records these expectations in the golden vectors; `certify` grades answers with them.

use visa_model::asm::{self, ast};
use visa_model::errata::{lookup, Reading, Trace};
use visa_model::error::ErrorClass;
use visa_model::profile::{DpasProfile, DstRounding, Tf32Input};
use visa_model::types::DataType;

use crate::case::{run_case, run_parsed, EngineKind, Outcome};
pub use crate::vector::Discriminating;
use crate::vector::{Allowed, Case, Expect, ExpectState, MemExpect, Pattern};

pub mod contract;
pub mod nan;
pub mod sampler;
pub use nan::free_nans;

/// [`with_expect`] under the default profile, each variable's expectation widened to the
/// allowed set of its values under every numeric profile that can change it (DESIGN.md,
/// "Numeric profiles and allowed sets"; docs/dpas.md): tf32 inputs matter only to tf32,
/// the HF/BF rounding only to an HF/BF destination. Tagged `profiles-differ` when a set has
/// more than one value.
pub fn with_expect_profiles(case: Case) -> Result<Case, String> {
    let mut case = with_expect(case)?;
    let tf32 = case.program.contains(".tf32.");
    let narrow_dst = matches!(
        float_dpas_destination(&case),
        Some(DataType::HF | DataType::BF)
    );
    let profiles: Vec<DpasProfile> = DpasProfile::all()
        .into_iter()
        .filter(|p| tf32 || p.tf32 == Tf32Input::Trim)
        .filter(|p| narrow_dst || p.dst_rounding == DstRounding::Rne)
        .collect();
    let mut widened = false;
    let mut run = case.clone();
    run.expect = None;
    for profile in profiles {
        let Some(Expect::State(expect)) = &mut case.expect else {
            break;
        };
        run.profile = Some(profile.to_string());
        let observed = match run_case(&run, EngineKind::Spec) {
            Outcome::Ok(observed) => observed,
            Outcome::Error(e) => {
                return Err(format!("{}: profile {profile}: {e}", case.id));
            }
        };
        widened |= widen(&mut expect.vars, &observed.vars);
    }
    if widened {
        case.tags.push("profiles-differ".to_string());
        // A profile's alternative may hold a NaN where the others do not.
        case.expect = case.expect.take().map(|e| free_nans(&case, e));
    }
    Ok(case)
}

/// Adds to each expected variable's allowed set the bytes `observed` holds when the set does
/// not allow them already; whether any set grew.
fn widen(
    expect: &mut std::collections::BTreeMap<String, Allowed>,
    observed: &std::collections::BTreeMap<String, Vec<u8>>,
) -> bool {
    let mut widened = false;
    for (name, bytes) in observed {
        let Some(allowed) = expect.get_mut(name) else {
            continue;
        };
        widened |= widen_one(allowed, bytes);
    }
    widened
}

fn widen_one(allowed: &mut Allowed, bytes: &[u8]) -> bool {
    if allowed.allows(bytes) {
        return false;
    }
    add_alternative(allowed, Pattern::exact(bytes));
    true
}

/// `allowed` with one more alternative, its NaN freedom and intervals kept.
fn add_alternative(allowed: &mut Allowed, p: Pattern) {
    match allowed {
        Allowed::Bytes(first) => *allowed = Allowed::AnyOf(vec![first.clone(), p]),
        Allowed::AnyOf(ps) | Allowed::AnyNan { patterns: ps, .. } => ps.push(p),
        Allowed::Within { base, .. } => add_alternative(base, p),
    }
}

/// Whether a case's program holds an untyped block 2D message (`lsc_load_block2d.ugm`,
/// `lsc_store_block2d.ugm`), whose expectation [`with_expect_straddle`] computes.
pub fn is_untyped_block2d(case: &Case) -> bool {
    case.program.contains("_block2d.ugm")
}

/// [`with_expect`] for an untyped block 2D case, each variable and memory region widened to
/// the outcome under BLOCK2D-STRADDLE's literal reading too (an element across the surface
/// width moved whole): the documents leave that element open, so a vector accepts either.
/// Tagged `block2d-straddle` and `BLOCK2D-STRADDLE` when the readings differ.
pub fn with_expect_straddle(case: Case) -> Result<Case, String> {
    let mut case = with_expect(case)?;
    let mut run = case.clone();
    run.expect = None;
    run.errata.insert(
        visa_model::errata::BLOCK2D_STRADDLE.to_string(),
        Reading::Literal,
    );
    let Some(Expect::State(expect)) = &mut case.expect else {
        return Ok(case);
    };
    let Outcome::Ok(observed) = run_case(&run, EngineKind::Spec) else {
        return Ok(case);
    };
    let mut widened = widen(&mut expect.vars, &observed.vars);
    for (want, got) in expect.mem.iter_mut().zip(&observed.mem) {
        widened |= widen_one(&mut want.bytes, &got.bytes);
    }
    if widened {
        case.tags.push("block2d-straddle".to_string());
        case.tags
            .push(visa_model::errata::BLOCK2D_STRADDLE.to_string());
    }
    Ok(case)
}

/// The destination type of the first DPAS or DPASW with a float precision in the case's
/// program; `None` when there is none or the program does not validate under the case's
/// readings (a case expecting an error).
pub fn float_dpas_destination(case: &Case) -> Option<DataType> {
    // Most cases are not DPAS: skip parsing them.
    if !case.program.contains("dpas") {
        return None;
    }
    let program = crate::case::compile(case).ok()?.program;
    program.insns.iter().find_map(|i| match i.ctrl {
        visa_model::ir::Ctrl::Dpas(c) if c.w.is_float() || c.a.is_float() => {
            Some(c.operands.dst.ty)
        }
        _ => None,
    })
}

/// Runs a case on the spec engine and records what it observed as the expectation: every
/// declared variable and predicate, or the error class; a NaN whose encoding the documents
/// leave open accepts any NaN ([`free_nans`]).
pub fn with_expect(mut case: Case) -> Result<Case, String> {
    let outcome = run_case(&case, EngineKind::Spec);
    if let Outcome::Error(e) = &outcome {
        if e.class == visa_model::ErrorClass::ModelBug {
            return Err(format!("{}: the spec engine failed: {e}", case.id));
        }
        case.tags.push("error".to_string());
    }
    let expect = free_nans(&case, expect_of(outcome));
    // An approximated math result: every value the default accuracy contract allows; a
    // linear sample: every value the sub-texel precision allows.
    let expect = contract::widen_math(&case, expect, visa_model::contract::Contract::default());
    case.expect = Some(sampler::widen_linear(&case, expect));
    Ok(case)
}

/// `case` (without `expect`) with erratum `id` at the other reading than the one it states.
pub fn flipped(case: &Case, id: &str) -> Case {
    let mut alt = case.clone();
    alt.expect = None;
    let stated = case.errata.get(id).copied().unwrap_or(Reading::Resolved);
    alt.errata.insert(id.to_string(), stated.other());
    alt
}

/// The expectation an engine's outcome stands for: the observed bytes exactly, with the
/// bytes it left undefined as `??`, or the error class.
pub fn expect_of(outcome: Outcome) -> Expect {
    match outcome {
        Outcome::Ok(observed) => Expect::State(ExpectState {
            vars: observed
                .vars
                .iter()
                .map(|(n, b)| {
                    let mut pattern = Pattern::exact(b);
                    for &k in observed.undefined.get(n).map_or(&[][..], |u| u.as_slice()) {
                        if let Some(byte) = pattern.0.get_mut(k) {
                            *byte = None;
                        }
                    }
                    (n.clone(), Allowed::Bytes(pattern))
                })
                .collect(),
            preds: observed.preds.clone(),
            // Every region of init.mem, with the bytes the instruction left undefined
            // (written twice with different values, LSC-ATOMIC-ORDER) as `??`.
            mem: observed
                .mem
                .iter()
                .map(|r| {
                    let mut pattern = Pattern::exact(&r.bytes);
                    let place = crate::case::mem_place(&r.space, r.addr);
                    for &k in observed
                        .undefined
                        .get(&place)
                        .map_or(&[][..], |u| u.as_slice())
                    {
                        if let Some(byte) = pattern.0.get_mut(k) {
                            *byte = None;
                        }
                    }
                    MemExpect {
                        space: r.space.clone(),
                        addr: r.addr,
                        bytes: Allowed::Bytes(pattern),
                    }
                })
                .collect(),
            buffers: observed
                .buffers
                .iter()
                .map(|(i, b)| (*i, Allowed::exact(b)))
                .collect(),
        }),
        Outcome::Error(e) => Expect::Error(e.class),
    }
}

/// The expectation of `case` restricted to the places `like` names.
pub fn restricted(expect: Expect, like: &Expect) -> Expect {
    match (expect, like) {
        (Expect::State(mut s), Expect::State(l)) => {
            s.vars.retain(|k, _| l.vars.contains_key(k));
            s.preds.retain(|k, _| l.preds.contains_key(k));
            Expect::State(s)
        }
        (e, _) => e,
    }
}

/// Whether `alt` leaves undefined (`??`) a byte that `expect` defines: such a reading
/// accepts any value there, so an answer cannot be said to follow it.
fn looser(alt: &Expect, expect: &Expect) -> bool {
    let (Expect::State(a), Expect::State(e)) = (alt, expect) else {
        return false;
    };
    let loose = |a: &crate::vector::Allowed, e: &crate::vector::Allowed| {
        a.patterns().iter().any(|pa| {
            e.patterns().iter().any(|pe| {
                pa.0.iter()
                    .zip(&pe.0)
                    .any(|(x, y)| x.is_none() && y.is_some())
            })
        })
    };
    a.vars
        .iter()
        .any(|(k, v)| e.vars.get(k).is_some_and(|ev| loose(v, ev)))
        || a.mem
            .iter()
            .zip(&e.mem)
            .any(|(am, em)| loose(&am.bytes, &em.bytes))
}

/// The executable errata that `case` discriminates: those whose other reading makes the spec
/// engine expect something else at the places `expect` names, not merely leave bytes
/// undefined. Only the errata the engine asks about while running the case can, so only
/// those are flipped: one traced run, then one run per such erratum. `gen` records it in the
/// golden vectors (`discriminates`); `certify` computes it for the other cases when it
/// prepares them ([`crate::dut::cases`]).
pub fn discriminating(case: &Case, expect: &Expect) -> Vec<Discriminating> {
    match asm::parse(&case.program) {
        Ok(ast) => discriminating_parsed(case, &ast, expect),
        // A run stops at the syntax error before it asks about any erratum.
        Err(_) => Vec::new(),
    }
}

/// [`discriminating`] of a case whose program text is already parsed into `ast`: the runs
/// under each reading share that one parse.
pub fn discriminating_parsed(
    case: &Case,
    ast: &ast::Program,
    expect: &Expect,
) -> Vec<Discriminating> {
    let Ok(readings) = case.readings() else {
        return Vec::new();
    };
    let trace = Trace::default();
    let base = run_parsed(case, ast, EngineKind::Spec, Some(&trace));
    let asked = trace.asked();
    // A NaN's encoding is free under either reading, as in the vectors ([`free_nans`]).
    let base = free_nans(case, restricted(expect_of(base), expect));
    let mut out = Vec::new();
    for id in asked {
        if !lookup(id).is_some_and(|e| e.executable) {
            continue;
        }
        let alt_case = flipped(case, id);
        let other = match run_parsed(&alt_case, ast, EngineKind::Spec, None) {
            Outcome::Error(e) if e.class == ErrorClass::ModelBug => continue,
            alt => free_nans(&alt_case, restricted(expect_of(alt), expect)),
        };
        if other != base && !looser(&other, &base) {
            out.push(Discriminating {
                id,
                stated: readings.reading(id),
                other,
            });
        }
    }
    out
}
