//! LSC_UNTYPED's atomics `lsc_atomic_*` (instructions/LSC_UNTYPED.md, Description and the
//! LscSubOp table; LSC_TYPED.md's table gives the number of data arguments). The document
//! has no pseudocode for them: this module writes it from the prose, in the shape of the
//! LOAD loop.
//!
//! Readings (docs/memory.md):
//! - Each enabled lane `n`, in order, atomically reads `old` at
//!   `Base + AddrScale*Src0Addrs[n] + AddrImmOffset`, writes `op(old, Src1Data[0].elems[n],
//!   Src2Data[0].elems[n])` back, and returns `old` in `DstData[0].elems[n]`.
//! - The documents give no order between the lanes of one message. Where several lanes
//!   reach one address, the values they return are undefined (except `lsc_atomic_load`'s),
//!   and the value left in memory is undefined unless the operation commutes
//!   (`AtomicOp::commutes`).
//! - An address not aligned to the data size is undefined behaviour (the hardware's atomics
//!   are naturally aligned; SVM_ATOMIC.md states it for its addresses).
//! - LSC-ATOMIC-OPERANDS: `lsc_atomic_icas`/`fcas` compare `old` with Src1Data and store
//!   Src2Data when equal (the Examples' comment).
//! - LSC-ATOMIC-FLOAT: fadd and fsub round to nearest even and keep denormals; fsub adds
//!   Src1Data with its sign flipped; fmin/fmax return the other operand when one is a NaN, the
//!   default NaN when both are, and order -0 below +0; fcas compares as floats (+0 == -0,
//!   a NaN equals nothing).

use std::cmp::Ordering;
use std::collections::BTreeMap;

use num_bigint::BigInt;
use num_traits::ToPrimitive;

use super::lsc_untyped::{
    apply_writes, base_window, byte_offset, datum_writes, read_grf, src0_addrs, start,
};
use crate::config::ExecConfig;
use crate::errata::{self, Readings};
use crate::error::{ErrorClass, Result, VisaError};
use crate::insn::atomic_float::{float_min_max, float_value};
use crate::insn::ctrl;
use crate::ir::lsc::{AtomicOp, DataSize};
use crate::ir::{Dst, Instruction, LscCtrl, Payload, Program};
use crate::num::{self, FloatMode};
use crate::operand::evaluate_ch_en;
use crate::state::{AccessKind, MachineState, StoreJournal};
use crate::types::DataType;

/// `Src1Data[0].elems[n]` or `Src2Data[0].elems[n]`: the memory-sized datum of lane `n`
/// (`None` for a data source the operation does not read).
#[allow(non_snake_case)]
fn src_datum(
    program: &Program,
    insn: &Instruction,
    c: &LscCtrl,
    state: &MachineState,
    SrcData: Option<Payload>,
    n: usize,
) -> Result<Option<u64>> {
    let Some(SrcData) = SrcData else {
        return Ok(None);
    };
    let grf = program.platform.grf_size();
    let at = start(program, SrcData.var)? + c.data.reg_offset(insn.exec_size, grf, n, 0);
    let bytes = read_grf(state, at, c.data.size.mem_bytes())?;
    let mut word = [0u8; 8];
    word[..bytes.len()].copy_from_slice(bytes);
    Ok(Some(u64::from_le_bytes(word)))
}

fn float_type(size: DataSize) -> Result<DataType> {
    match size {
        DataSize::D32 => Ok(DataType::F),
        DataSize::D64 => Ok(DataType::DF),
        _ => Err(VisaError::model_bug("a float atomic of another data size")),
    }
}

/// The new value `op(old, src1, src2)` of one lane, or `None` when the operation writes
/// nothing back (`lsc_atomic_load`, a compare-and-swap that does not match).
fn new_value(
    op: AtomicOp,
    size: DataSize,
    old: u64,
    src1: u64,
    src2: u64,
    readings: &Readings,
) -> Result<Option<u64>> {
    let width = (size.mem_bytes() * 8) as u32;
    let unsigned = |bits: u64| BigInt::from(bits);
    let signed = |bits: u64| {
        let b = BigInt::from(bits);
        if bits >> (width - 1) & 1 == 1 {
            b - (BigInt::from(1u8) << width)
        } else {
            b
        }
    };
    // Exact integer results truncated to the data size at the end.
    let truncate = |n: BigInt| num::unsigned_bits(&n, width).to_u64().unwrap_or(0);
    let (compare, swap) = if readings.is_literal(errata::LSC_ATOMIC_OPERANDS) {
        (src2, src1)
    } else {
        (src1, src2)
    };
    Ok(match op {
        AtomicOp::Load => None,
        AtomicOp::Store => Some(src1),
        AtomicOp::Iinc => Some(truncate(unsigned(old) + 1)),
        AtomicOp::Idec => Some(truncate(unsigned(old) - 1)),
        AtomicOp::Iadd => Some(truncate(unsigned(old) + unsigned(src1))),
        AtomicOp::Isub => Some(truncate(unsigned(old) - unsigned(src1))),
        AtomicOp::Smin => Some(if signed(src1) < signed(old) {
            src1
        } else {
            old
        }),
        AtomicOp::Smax => Some(if signed(src1) > signed(old) {
            src1
        } else {
            old
        }),
        AtomicOp::Umin => Some(old.min(src1)),
        AtomicOp::Umax => Some(old.max(src1)),
        AtomicOp::And => Some(old & src1),
        AtomicOp::Or => Some(old | src1),
        AtomicOp::Xor => Some(old ^ src1),
        AtomicOp::Icas => (old == compare).then_some(swap),
        AtomicOp::Fadd | AtomicOp::Fsub => {
            let ty = float_type(size)?;
            let sign = 1u64 << (width - 1);
            let s = if op == AtomicOp::Fsub {
                src1 ^ sign
            } else {
                src1
            };
            let mode = FloatMode::default().keeping_all_denormals();
            let sum = num::add(&num::decode(old, ty), &num::decode(s, ty), &mode)?;
            Some(num::convert(&sum, ty, false, &mode, readings)?)
        }
        AtomicOp::Fmin => Some(float_min_max(old, src1, float_type(size)?, true)?),
        AtomicOp::Fmax => Some(float_min_max(old, src1, float_type(size)?, false)?),
        AtomicOp::Fcas => {
            let ty = float_type(size)?;
            let equal =
                float_value(old, ty)?.compare(&float_value(compare, ty)?) == Some(Ordering::Equal);
            equal.then_some(swap)
        }
    })
}

/// The atomic sub-ops: each enabled lane in order reads `old`, writes `op(old, ...)` and
/// returns `old` in `DstData[0].elems[n]`.
#[allow(non_snake_case)]
pub fn atomic(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let readings: &Readings = &config.readings;
    let Some(op) = insn.opcode.lsc_atomic() else {
        return Err(VisaError::model_bug("an atomic without its operation"));
    };
    let (c, ops) = ctrl::lsc_message(insn)?;
    let ExecSize = insn.exec_size as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let window = base_window(program, &c, &ops, state, &config.readings)?;
    let Src0Addrs = src0_addrs(program, insn, &c, &ops, state)?;
    let grf = program.platform.grf_size();
    let size = c.data.size;
    let bytes = size.mem_bytes();
    let DstData = match insn.dst {
        Dst::General { var, .. } => Some(start(program, var)?),
        _ => None,
    };
    // The lanes reaching each address (the address of the datum's first byte).
    let mut lanes_at: BTreeMap<u64, Vec<usize>> = BTreeMap::new();
    let mut offsets = vec![0u64; ExecSize];
    for n in 0..ExecSize {
        if ChEn >> n & 1 == 1 {
            let offset = byte_offset(&c, Src0Addrs[n], 0, 0);
            let address = window.base.wrapping_add(offset);
            if address % bytes as u64 != 0 {
                return Err(VisaError::new(
                    ErrorClass::UndefinedBehaviour,
                    format!(
                        "lane {n}'s atomic address {address:#x} is not aligned to its {bytes}-byte data"
                    ),
                ));
            }
            offsets[n] = offset;
            lanes_at
                .entry(offset & window.offset_mask)
                .or_default()
                .push(n);
        }
    }
    let mut writes = Vec::new();
    let mut undefined_memory = Vec::new();
    for n in 0..ExecSize {
        if ChEn >> n & 1 != 1 {
            continue;
        }
        let offset = offsets[n];
        let mut raw = vec![0u8; bytes];
        let undefined_old = !state.mem.load(&window, offset, &mut raw).is_empty();
        // The read and the write of `op` are one atomic access (docs/races.md).
        let lane = Some(n as u32);
        state.mem.note(
            lane,
            &window,
            offset,
            bytes,
            c.addr_size.mask(),
            AccessKind::Atomic,
        );
        let mut word = [0u8; 8];
        word[..bytes].copy_from_slice(&raw);
        let old = u64::from_le_bytes(word);
        let src1 = src_datum(program, insn, &c, state, ops.src1_data, n)?.unwrap_or(0);
        let src2 = src_datum(program, insn, &c, state, ops.src2_data, n)?.unwrap_or(0);
        if let Some(new) = new_value(op, size, old, src1, src2, readings)? {
            // Each lane's write lands before the next lane reads (one atomic at a time).
            let mut journal = StoreJournal::default();
            journal.store(&window, offset, &new.to_le_bytes()[..bytes]);
            journal.commit(&mut state.mem);
        }
        let shared = lanes_at.get(&offset).is_some_and(|l| l.len() > 1);
        if shared && !op.commutes() {
            undefined_memory.push(offset);
        }
        if let Some(dst) = DstData {
            let at = dst + c.data.reg_offset(insn.exec_size, grf, n, 0);
            let returned_undefined = undefined_old || (shared && op != AtomicOp::Load);
            datum_writes(
                readings,
                state,
                size,
                at,
                &raw,
                &vec![returned_undefined; bytes],
                &mut writes,
            )?;
        }
    }
    for offset in undefined_memory {
        let mut journal = StoreJournal::default();
        journal.store_undefined(&window, offset, bytes);
        journal.commit(&mut state.mem);
    }
    apply_writes(state, writes)
}
