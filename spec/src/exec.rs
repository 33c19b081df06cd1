//! Runs a validated program on a machine state: control flow as [`crate::flow`] moves it,
//! every other instruction through its document's module under [`crate::insn`].

pub use crate::config::ExecConfig;
use crate::error::Result;
use crate::error::VisaError;
use crate::insn;
use crate::ir::{Instruction, Opcode, Program};
use crate::state::MachineState;

/// Executes `program` on `state` from its kernel's first instruction until the thread ends
/// (3_execution_model.md, "Control Flow"; [`crate::flow`]).
///
/// Errors carry the instruction's position. On error the state holds the effects of the
/// instructions before the failing one (an instruction that fails writes nothing).
pub fn run(program: &Program, state: &mut MachineState, config: &ExecConfig) -> Result<()> {
    run_traced(program, state, config, &mut crate::flow::Unobserved)
}

/// [`run`], telling `observer` about each instruction executed: its program point and
/// execution mask before it runs, the state after (`visa-conform exec --trace`).
pub fn run_traced(
    program: &Program,
    state: &mut MachineState,
    config: &ExecConfig,
    observer: &mut dyn crate::flow::Observer,
) -> Result<()> {
    crate::validate::check_program(program, &config.readings)?;
    crate::validate::check_state(program, state)?;
    crate::flow::run_observed(
        program,
        state,
        config,
        |insn, state| step(program, insn, state, config),
        observer,
    )
}

/// A thread of `program` that runs until it ends or reaches a synchronisation point, and
/// resumes from there ([`resume`]; the launcher's thread groups): its state checked as
/// [`run`] checks it, its dispatch mask `state.emask`.
pub fn thread(
    program: &Program,
    state: &MachineState,
    config: &ExecConfig,
) -> Result<crate::flow::Thread> {
    crate::validate::check_program(program, &config.readings)?;
    crate::validate::check_state(program, state)?;
    Ok(crate::flow::Thread::new(program, state))
}

/// Runs `thread` on `state` until it ends, reaches a synchronisation point or, with
/// [`crate::flow::Stop::AfterMemory`], has executed a memory instruction.
pub fn resume(
    program: &Program,
    thread: &mut crate::flow::Thread,
    state: &mut MachineState,
    config: &ExecConfig,
    observer: &mut dyn crate::flow::Observer,
    stop: crate::flow::Stop,
) -> Result<crate::flow::Outcome> {
    thread.run(
        program,
        state,
        config,
        &mut |insn, state| step(program, insn, state, config),
        observer,
        stop,
    )
}

/// One instruction that is not control flow, through its document's module.
fn step(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    // The accesses the instruction makes are stamped with its index (docs/races.md).
    if state.mem.recording() {
        if let Some(pc) = program.index_of(insn) {
            state.mem.set_insn(pc);
        }
    }
    match insn.opcode {
        Opcode::Mov => insn::alu::mov::execute(program, insn, state, config),
        Opcode::Add => insn::alu::add::execute(program, insn, state, config),
        Opcode::Add3 => insn::alu::add3::execute(program, insn, state, config),
        Opcode::Avg => insn::alu::avg::execute(program, insn, state, config),
        // The rounding instructions.
        Opcode::Rndd => insn::math::rounding::execute(program, insn, state, config),
        Opcode::Rnde => insn::math::rounding::execute(program, insn, state, config),
        Opcode::Rndu => insn::math::rounding::execute(program, insn, state, config),
        Opcode::Rndz => insn::math::rounding::execute(program, insn, state, config),
        Opcode::Frc => insn::math::frc::execute(program, insn, state, config),
        Opcode::Mulh => insn::alu::mulh::execute(program, insn, state, config),
        Opcode::And => insn::alu::logic::execute(program, insn, state, config),
        Opcode::Or => insn::alu::logic::execute(program, insn, state, config),
        Opcode::Xor => insn::alu::logic::execute(program, insn, state, config),
        Opcode::Not => insn::alu::logic::execute(program, insn, state, config),
        Opcode::Shl => insn::alu::shl::execute(program, insn, state, config),
        Opcode::Shr => insn::alu::shr::execute(program, insn, state, config),
        Opcode::Asr => insn::alu::asr::execute(program, insn, state, config),
        Opcode::Rol => insn::alu::rotate::execute(program, insn, state, config),
        Opcode::Ror => insn::alu::rotate::execute(program, insn, state, config),
        Opcode::Bfrev => insn::alu::bfrev::execute(program, insn, state, config),
        Opcode::Cbit => insn::alu::cbit::execute(program, insn, state, config),
        Opcode::Fbh => insn::alu::fbh::execute(program, insn, state, config),
        Opcode::Fbl => insn::alu::fbl::execute(program, insn, state, config),
        Opcode::Lzd => insn::alu::lzd::execute(program, insn, state, config),
        Opcode::Bfe => insn::alu::bfe::execute(program, insn, state, config),
        Opcode::Bfi => insn::alu::bfi::execute(program, insn, state, config),
        Opcode::Add3o => insn::alu::add3o::execute(program, insn, state, config),
        Opcode::Addc => insn::alu::addc::execute(program, insn, state, config),
        Opcode::Subb => insn::alu::subb::execute(program, insn, state, config),
        Opcode::Mul => insn::alu::mul::execute(program, insn, state, config),
        Opcode::Madw => insn::alu::madw::execute(program, insn, state, config),
        Opcode::Mad => insn::alu::mad::execute(program, insn, state, config),
        Opcode::Mod => insn::alu::mod_::execute(program, insn, state, config),
        Opcode::Div => insn::alu::div::execute(program, insn, state, config),
        Opcode::Sad2 => insn::alu::sad2::execute(program, insn, state, config),
        Opcode::Sad2add => insn::alu::sad2add::execute(program, insn, state, config),
        Opcode::AddrAdd => insn::alu::addr_add::execute(program, insn, state, config),
        Opcode::Bfn => insn::alu::bfn::execute(program, insn, state, config),
        Opcode::Cmp => insn::alu::cmp::execute(program, insn, state, config),
        Opcode::Sel => insn::alu::sel::execute(program, insn, state, config),
        Opcode::Setp => insn::alu::setp::execute(program, insn, state, config),
        Opcode::Min => insn::alu::min_max::execute(program, insn, state, config),
        Opcode::Max => insn::alu::min_max::execute(program, insn, state, config),
        Opcode::Movs => insn::alu::movs::execute(program, insn, state, config),
        // The math instructions.
        Opcode::Inv => insn::math::unary::execute(program, insn, state, config),
        Opcode::Log => insn::math::unary::execute(program, insn, state, config),
        Opcode::Exp => insn::math::unary::execute(program, insn, state, config),
        Opcode::Sqrt => insn::math::unary::execute(program, insn, state, config),
        Opcode::Rsqrt => insn::math::unary::execute(program, insn, state, config),
        Opcode::Sin => insn::math::unary::execute(program, insn, state, config),
        Opcode::Cos => insn::math::unary::execute(program, insn, state, config),
        Opcode::Pow => insn::math::pow::execute(program, insn, state, config),
        Opcode::Divm => insn::math::divm::execute(program, insn, state, config),
        Opcode::Sqrtm => insn::math::sqrtm::execute(program, insn, state, config),
        // The conversions.
        Opcode::Fcvt => insn::math::fcvt::execute(program, insn, state, config),
        Opcode::Srnd => insn::math::srnd::execute(program, insn, state, config),
        // LRP and PLN.
        Opcode::Lrp => insn::math::lrp::execute(program, insn, state, config),
        Opcode::Pln => insn::math::pln::execute(program, insn, state, config),
        Opcode::Invm => insn::math::invm::execute(program, insn, state, config),
        Opcode::Rsqtm => insn::math::rsqtm::execute(program, insn, state, config),
        Opcode::Dpas => insn::dpas::dpas::execute(program, insn, state, config),
        Opcode::Dpasw => insn::dpas::dpasw::execute(program, insn, state, config),
        Opcode::Dp4a => insn::dpas::dp4a::execute(program, insn, state, config),
        Opcode::LscLoad => insn::lsc::lsc_untyped::load(program, insn, state, config),
        Opcode::LscStore | Opcode::LscStoreUncompressed => {
            insn::lsc::lsc_untyped::store(program, insn, state, config)
        }
        Opcode::LscLoadStrided => {
            insn::lsc::lsc_untyped::load_strided(program, insn, state, config)
        }
        Opcode::LscStoreStrided => {
            insn::lsc::lsc_untyped::store_strided(program, insn, state, config)
        }
        // LSC_FENCE (instructions/LSC_FENCE.md): waits until this thread's accesses are
        // observable, which they are when each instruction ends; `Dest.data = 0` is
        // implicit in vISA. No effect on the state.
        Opcode::LscFence => {
            // An ordering point for the race detector (docs/races.md), nothing else here.
            if let Some(pc) = program.index_of(insn) {
                state.mem.note_fence(pc);
            }
            Ok(())
        }
        Opcode::LscLoadBlock2d => insn::lsc::load_block2d(program, insn, state, config),
        Opcode::LscStoreBlock2d => insn::lsc::store_block2d(program, insn, state, config),
        Opcode::LscLoadQuad if insn::lsc::lsc_typed::is_typed_quad(insn) => {
            insn::lsc::lsc_typed::load_quad(program, insn, state, config)
        }
        Opcode::LscStoreQuad if insn::lsc::lsc_typed::is_typed_quad(insn) => {
            insn::lsc::lsc_typed::store_quad(program, insn, state, config)
        }
        Opcode::LscLoadQuad => insn::lsc::lsc_untyped::load_quad(program, insn, state, config),
        Opcode::LscApndctrAtomicAdd | Opcode::LscApndctrAtomicSub => {
            insn::lsc::lsc_apndctr::execute(program, insn, state, config)
        }
        Opcode::LscLoadStatus => insn::lsc::lsc_load_status::execute(program, insn, state, config),
        Opcode::LscStoreQuad => insn::lsc::lsc_untyped::store_quad(program, insn, state, config),
        Opcode::LscAtomicIinc
        | Opcode::LscAtomicIdec
        | Opcode::LscAtomicLoad
        | Opcode::LscAtomicStore
        | Opcode::LscAtomicIadd
        | Opcode::LscAtomicIsub
        | Opcode::LscAtomicSmin
        | Opcode::LscAtomicSmax
        | Opcode::LscAtomicUmin
        | Opcode::LscAtomicUmax
        | Opcode::LscAtomicIcas
        | Opcode::LscAtomicFadd
        | Opcode::LscAtomicFsub
        | Opcode::LscAtomicFmin
        | Opcode::LscAtomicFmax
        | Opcode::LscAtomicFcas
        | Opcode::LscAtomicAnd
        | Opcode::LscAtomicOr
        | Opcode::LscAtomicXor => insn::lsc::lsc_atomic::atomic(program, insn, state, config),
        Opcode::SvmBlockLd => insn::svm::svm_block_ld::execute(program, insn, state, config),
        Opcode::SvmBlockSt => insn::svm::svm_block_st::execute(program, insn, state, config),
        Opcode::SvmGather => insn::svm::svm_gather::execute(program, insn, state, config),
        Opcode::SvmScatter => insn::svm::svm_scatter::execute(program, insn, state, config),
        Opcode::SvmGather4Scaled => {
            insn::svm::svm_gather4_scaled::execute(program, insn, state, config)
        }
        Opcode::SvmScatter4Scaled => {
            insn::svm::svm_scatter4_scaled::execute(program, insn, state, config)
        }
        Opcode::SvmAtomic => insn::svm::svm_atomic::execute(program, insn, state, config),
        Opcode::GatherScaled => {
            insn::dataport::gather_scaled::execute(program, insn, state, config)
        }
        Opcode::ScatterScaled => {
            insn::dataport::scatter_scaled::execute(program, insn, state, config)
        }
        Opcode::Gather4Scaled => {
            insn::dataport::gather4_scaled::execute(program, insn, state, config)
        }
        Opcode::Scatter4Scaled => {
            insn::dataport::scatter4_scaled::execute(program, insn, state, config)
        }
        Opcode::OwordLd => insn::dataport::oword_ld::execute(program, insn, state, config),
        Opcode::OwordLdUnaligned => {
            insn::dataport::oword_ld_unaligned::execute(program, insn, state, config)
        }
        Opcode::OwordSt => insn::dataport::oword_st::execute(program, insn, state, config),
        Opcode::DwordAtomic => insn::dataport::dword_atomic::execute(program, insn, state, config),
        // The decoded message runs as its own document's instruction, its accesses stamped
        // with the raw send's index (set above); a decoded fence is an ordering point there.
        Opcode::RawSend | Opcode::RawSends => {
            insn::send::raw_send::execute(insn, state, &mut |lowered, state| {
                if lowered.opcode == Opcode::LscFence {
                    if let Some(pc) = program.index_of(insn) {
                        state.mem.note_fence(pc);
                    }
                    return Ok(());
                }
                step(program, lowered, state, config)
            })
        }
        Opcode::Gather => insn::dataport::gather::execute(program, insn, state, config),
        Opcode::Scatter => insn::dataport::scatter::execute(program, insn, state, config),
        Opcode::QwGather => insn::dataport::qw_gather::execute(program, insn, state, config),
        Opcode::QwScatter => insn::dataport::qw_scatter::execute(program, insn, state, config),
        Opcode::Gather4Typed => {
            insn::dataport::gather4_typed::execute(program, insn, state, config)
        }
        Opcode::Scatter4Typed => {
            insn::dataport::scatter4_typed::execute(program, insn, state, config)
        }
        Opcode::TypedAtomic => insn::dataport::typed_atomic::execute(program, insn, state, config),
        Opcode::MediaLd => insn::dataport::media_ld::execute(program, insn, state, config),
        Opcode::MediaSt => insn::dataport::media_st::execute(program, insn, state, config),
        Opcode::Load3d | Opcode::LoadLz => insn::sampler::load_3d::execute(program, insn, state),
        Opcode::Resinfo => insn::sampler::info::execute(program, insn, state),
        Opcode::Sample3d | Opcode::SampleL | Opcode::SampleLz => {
            insn::sampler::sample_3d::execute(program, insn, state)
        }
        _ => Err(VisaError::model_bug(format!(
            "`{}` reached the instruction dispatch; control flow is crate::flow's",
            insn.opcode.mnemonic()
        ))),
    }
}
