//! # The edge catalogs: hand-derived cases as vectors
//!
//! Each row is a named case whose expected values come from the vISA documents and the
//! errata ledger, derived by hand (never by running this project's engines), with the
//! derivation beside it. Rows are grouped per instruction document in
//! `catalog/<family>/<instruction>.rs`; `visa-conform gen` writes each document's rows as
//! `vectors/catalog/<family>/<instruction>.jsonl` (`visa-vector/1`, the derivation in
//! `x-derivation`), so `check` and `certify` run them on every engine and implementation.
//! The whole kernels of [`flow::kernels`] (family `kernels`) go to
//! `vectors/kernels/<name>.jsonl`; the thread-group kernels of [`threads`], launch cases, to
//! `vectors/catalog/launch/thread_groups.jsonl`.
//!
//! - [`doc`]: one instruction document's rows ([`Doc`], [`Rows`]);
//! - [`row`]: the one row builder ([`Row`]) and its conversion to a vector case;
//! - [`build`]: conveniences the modules share (one-lane programs, element bytes);
//! - [`engine`]: the one engine trait, for the spec, the oracle and an implementation over
//!   `visa-dut/1`.
//!
//! ```
//! use visa_conformance::catalog::{self, engine::{Engine, InProcess}};
//! use visa_conformance::{case::judge, EngineKind};
//! let doc = catalog::DOCS.iter().find(|d| d.instruction == "bfn").unwrap();
//! let case = &catalog::cases(doc).unwrap()[0];
//! assert!(case.extensions.contains_key("x-derivation"));
//! assert!(judge(case, &InProcess(EngineKind::Oracle).run(case)).passed());
//! ```

use crate::vector::manifest::GoldenFile;
use crate::vector::{write_cases, Case};

pub mod alu;
pub mod build;
pub mod dataport;
pub mod doc;
pub mod dpas;
pub mod engine;
pub mod flow;
pub mod lsc;
pub mod math;
pub mod memory;
pub mod row;
pub mod sampler;
pub mod svm;
pub mod threads;

pub use doc::{rows, Doc, Rows};
pub use row::{Row, RowError};

/// Every catalog document, in file order.
pub const DOCS: &[Doc] = &[
    alu::mov::DOC,
    alu::add::DOC,
    alu::cmp::DOC,
    alu::sel::DOC,
    alu::min_max::DOC,
    alu::setp::DOC,
    alu::bfn::DOC,
    alu::add3::DOC,
    alu::avg::DOC,
    alu::mulh::DOC,
    alu::and::DOC,
    alu::or::DOC,
    alu::xor::DOC,
    alu::not::DOC,
    alu::shl::DOC,
    alu::shr::DOC,
    alu::asr::DOC,
    alu::fbh::DOC,
    alu::fbl::DOC,
    alu::lzd::DOC,
    alu::cbit::DOC,
    alu::bfrev::DOC,
    alu::rol::DOC,
    alu::ror::DOC,
    alu::bfe::DOC,
    alu::bfi::DOC,
    alu::mul::DOC,
    alu::mad::DOC,
    alu::div::DOC,
    alu::mod_::DOC,
    alu::addc::DOC,
    alu::subb::DOC,
    alu::add3o::DOC,
    alu::madw::DOC,
    alu::sad2::DOC,
    alu::sad2add::DOC,
    alu::addr_add::DOC,
    alu::movs::DOC,
    alu::operands::DOC,
    alu::regions::DOC,
    // Issue 24, rounding (i24-exact).
    math::rndd::DOC,
    math::rnde::DOC,
    math::rndu::DOC,
    math::rndz::DOC,
    math::frc::DOC,
    lsc::lsc_untyped::DOC,
    lsc::lsc_atomic::DOC,
    lsc::lsc_block2d::DOC,
    lsc::lsc_typed::DOC,
    lsc::lsc_load_status::DOC,
    lsc::lsc_apndctr::DOC,
    lsc::lsc_fence::DOC,
    lsc::raw_send::DOC,
    svm::svm_block_ld::DOC,
    svm::svm_block_st::DOC,
    svm::svm_gather::DOC,
    svm::svm_scatter::DOC,
    svm::svm_gather4_scaled::DOC,
    svm::svm_scatter4_scaled::DOC,
    svm::svm_atomic::DOC,
    dataport::gather_scaled::DOC,
    dataport::scatter_scaled::DOC,
    dataport::gather4_scaled::DOC,
    dataport::scatter4_scaled::DOC,
    dataport::oword_ld::DOC,
    dataport::oword_ld_unaligned::DOC,
    dataport::oword_st::DOC,
    dataport::dword_atomic::DOC,
    dataport::gather::DOC,
    dataport::scatter::DOC,
    dataport::qw_gather::DOC,
    dataport::qw_scatter::DOC,
    dataport::gather4_typed::DOC,
    dataport::scatter4_typed::DOC,
    dataport::typed_atomic::DOC,
    dataport::media_ld::DOC,
    dataport::media_st::DOC,
    sampler::load_3d::DOC,
    sampler::info::DOC,
    sampler::sample_3d::DOC,
    dpas::dpas::DOC,
    dpas::dpasw::DOC,
    dpas::dp4a::DOC,
    // The math instructions (issue 24).
    math::inv::DOC,
    math::log::DOC,
    math::exp::DOC,
    math::sqrt::DOC,
    math::rsqrt::DOC,
    math::sin::DOC,
    math::cos::DOC,
    math::pow::DOC,
    math::divm::DOC,
    math::sqrtm::DOC,
    // Issue 24, conversions (h24-fcvt).
    math::fcvt::DOC,
    math::srnd::DOC,
    // Issue 24, LRP and PLN (h24-lrp).
    math::lrp::DOC,
    math::pln::DOC,
    math::invm::DOC,
    math::rsqtm::DOC,
    flow::branches::GOTO,
    flow::branches::JMP,
    flow::branches::SWITCHJMP,
    flow::calls::CALL,
    flow::calls::FCCALL,
    flow::calls::FCALL,
    flow::annotations::LIFETIME,
    flow::annotations::LOC_FILE,
    flow::sync::SYNC,
    flow::kernels::LOOP,
    flow::kernels::NESTED_CALLS,
    flow::kernels::SWITCH_TABLE,
    flow::kernels::FUNCTION,
];

/// The vector cases of `doc`'s rows.
pub fn cases(doc: &Doc) -> Result<Vec<Case>, RowError> {
    rows(doc).iter().map(Row::to_case).collect()
}

/// Every document's vector file, as `gen` writes it. A row of an approximated math
/// instruction expects its hand-derived, correctly rounded value; its vector expects every
/// value the default accuracy contract allows around it, like the generated vectors
/// (`expect::contract::widen_math`).
pub fn golden_files() -> Result<Vec<GoldenFile>, RowError> {
    DOCS.iter()
        .map(|doc| {
            let mut cases = cases(doc)?;
            for case in &mut cases {
                if let Some(expect) = case.expect.take() {
                    let expect = crate::expect::contract::widen_math(
                        case,
                        expect,
                        visa_model::contract::Contract::default(),
                    );
                    case.expect = Some(crate::expect::sampler::widen_linear(case, expect));
                }
            }
            Ok(GoldenFile {
                file: doc.file,
                cases: cases.len(),
                text: write_cases(&cases),
            })
        })
        .chain(std::iter::once_with(|| {
            let cases = threads::cases();
            Ok(GoldenFile {
                file: threads::FILE,
                cases: cases.len(),
                text: write_cases(&cases),
            })
        }))
        .collect()
}
