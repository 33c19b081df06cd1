//! Reading and writing vector operands, and the channel enables of an instruction:
//! transcriptions of the pseudocode of 5_operands.md ("Region-based Addressing",
//! "Region Interpretation for Indirect Operands", "Predication").

use crate::asm::ast::{PredCombine, VarClass};
use crate::errata::{self, Readings};
use crate::error::{Result, VisaError};
use crate::ir::{Dst, Instruction, Program, Src};
use crate::num::{self, Value};
use crate::state::{MachineState, VarId, Vars};
use crate::types::DataType;

/// `GRF_Size_in_Bytes` of the region pseudocode (erratum GRF-ROW-SIZE).
pub(crate) fn grf_size_in_bytes(program: &Program, readings: &Readings) -> usize {
    if readings.is_literal(errata::GRF_ROW_SIZE) {
        32
    } else {
        program.platform.grf_size()
    }
}

/// EvaluateChEn() of 5_operands.md, "Predication": bit n of the result is `ChEn[n]`.
#[allow(non_snake_case)]
pub fn evaluate_ch_en(insn: &Instruction, state: &MachineState) -> u32 {
    let exec_size = insn.exec_size as usize;
    let mask_control_offset = insn.mask.offset() as usize;
    let EM = |n: usize| n < 32 && (state.emask >> n) & 1 == 1;
    let mut ChEn = [false; 32];
    if insn.mask.no_mask {
        for n in 0..exec_size {
            ChEn[n] = true;
        }
    } else {
        for n in 0..exec_size {
            ChEn[n] = EM(n + mask_control_offset);
        }
    }
    if let Some(pred_control) = &insn.pred {
        let Pred = |n: usize| n < 32 && (state.preds[pred_control.var.0 as usize] >> n) & 1 == 1;
        let mut PMask = [false; 32];
        for n in 0..exec_size {
            PMask[n] = Pred(n + mask_control_offset);
        }
        match pred_control.combine {
            PredCombine::Any => {
                let any = PMask[..exec_size].iter().any(|b| *b);
                PMask[..exec_size].fill(any);
            }
            PredCombine::All => {
                let all = PMask[..exec_size].iter().all(|b| *b);
                PMask[..exec_size].fill(all);
            }
            PredCombine::None => {}
        }
        if pred_control.invert {
            for bit in PMask.iter_mut() {
                *bit = !*bit;
            }
        }
        for n in 0..exec_size {
            ChEn[n] &= PMask[n];
        }
    }
    // Channels exec_size..32 stay 0.
    ChEn.iter()
        .enumerate()
        .filter(|(_, b)| **b)
        .fold(0, |m, (n, _)| m | 1 << n)
}

/// Reads the element of type `ty` at byte `at` of the register file.
fn read_element(state: &MachineState, at: usize, ty: DataType) -> Result<u64> {
    let bytes = state
        .grf
        .get(at..at + ty.size())
        .ok_or_else(|| VisaError::undefined(format!("register file byte {at} is out of range")))?;
    let mut word = [0u8; 8];
    word[..bytes.len()].copy_from_slice(bytes);
    Ok(u64::from_le_bytes(word))
}

/// Checks an indirect element address: inside the register file and aligned to the type
/// (5_operands.md: otherwise the behaviour is undefined).
fn indirect_byte(state: &MachineState, address: i64, ty: DataType) -> Result<usize> {
    let size = ty.size() as i64;
    if address < 0 || address + size > state.grf.len() as i64 {
        return Err(VisaError::undefined(format!(
            "indirect access at register byte {address} is outside the variables"
        )));
    }
    if address % size != 0 {
        return Err(VisaError::undefined(format!(
            "indirect access at register byte {address} is not aligned to {ty}"
        )));
    }
    Ok(address as usize)
}

fn address_element(
    state: &MachineState,
    vars: &Vars,
    addr: crate::state::VarId,
    k: u32,
) -> Result<i64> {
    state
        .addr(vars, addr)
        .get(k as usize)
        .map(|a| *a as i64)
        .ok_or_else(|| {
            VisaError::undefined(format!(
                "address element {}({k}) does not exist",
                vars.get(addr).name
            ))
        })
}

/// `SourceDataElements[ExecSize]` of a general or indirect operand: each lane's element bits,
/// before any modifier. `None` for immediates and predicates, which are not read from
/// the register file.
#[allow(non_snake_case)]
pub fn source_bits(
    program: &Program,
    state: &MachineState,
    src: &Src,
    exec_size: u32,
    readings: &Readings,
) -> Result<Option<Vec<u64>>> {
    let ExecSize = exec_size as usize;
    let mut SourceDataElements: Vec<u64> = Vec::with_capacity(ExecSize);
    let ty = src.ty();
    match src {
        Src::General {
            var,
            row,
            col,
            region,
            ..
        } => {
            let VN = program.vars.get(*var).grf_offset.unwrap_or(0);
            let (R, C) = (*row as usize, *col as usize);
            let (VertStride, Width, HorzStride) = (
                region.vstride as usize,
                region.width as usize,
                region.hstride as usize,
            );
            let FirstElementIndex = R * (grf_size_in_bytes(program, readings) / ty.size()) + C;
            for i in 0..ExecSize / Width {
                for j in 0..Width {
                    let element = FirstElementIndex + i * VertStride + j * HorzStride;
                    SourceDataElements.push(read_element(state, VN + element * ty.size(), ty)?);
                }
            }
        }
        Src::Indirect {
            addr,
            addr_sub,
            imm_offset,
            region,
            multi,
            ..
        } => {
            let (VertStride, Width, HorzStride) = (
                region.vstride as i64,
                region.width as usize,
                region.hstride as i64,
            );
            let size = ty.size() as i64;
            for i in 0..ExecSize / Width {
                // Multi-address: row i starts at address element k + i; single-address: at
                // element k, advanced by the vertical stride.
                let RowStartOffset = if *multi {
                    address_element(state, &program.vars, *addr, addr_sub + i as u32)?
                        + *imm_offset as i64
                } else {
                    address_element(state, &program.vars, *addr, *addr_sub)?
                        + *imm_offset as i64
                        + i as i64 * VertStride * size
                };
                for j in 0..Width {
                    let at =
                        indirect_byte(state, RowStartOffset + j as i64 * HorzStride * size, ty)?;
                    SourceDataElements.push(read_element(state, at, ty)?);
                }
            }
        }
        Src::Imm { .. }
        | Src::Predicate { .. }
        | Src::Address { .. }
        | Src::AddrOf { .. }
        | Src::State { .. } => return Ok(None),
    }
    Ok(Some(SourceDataElements))
}

/// Each lane's exact source value, after its source modifier. An immediate is replicated
/// across the channels, a packed vector (V, UV, VF) gives element `lane` to channel `lane`
/// (5_operands.md, Immediate Operands); a predicate reads as an unsigned integer
/// (instructions/MOV.md, Notes).
pub fn source_elements(
    program: &Program,
    state: &MachineState,
    src: &Src,
    exec_size: u32,
    readings: &Readings,
) -> Result<Vec<Value>> {
    let ty = src.ty();
    match src {
        Src::Imm { bits, ty } => Ok((0..exec_size)
            .map(|lane| match ty {
                DataType::V | DataType::UV | DataType::VF => {
                    num::decode_packed(*bits as u32, *ty, lane)
                }
                _ => num::decode(*bits, *ty),
            })
            .collect()),
        Src::Predicate { var } => {
            let pred = state.preds.get(var.0 as usize).copied().unwrap_or(0);
            Ok(vec![Value::from_i128(pred as i128); exec_size as usize])
        }
        // ADDR_ADD's address and address-of sources, MOVS's state source: `exec_size`
        // contiguous elements from the origin (instructions/ADDR_ADD.md, MOVS.md, Notes).
        Src::Address { var, sub } => (0..exec_size)
            .map(|i| {
                address_element(state, &program.vars, *var, sub + i)
                    .map(|a| Value::from_i128(a as i128))
            })
            .collect(),
        Src::AddrOf { var, offset } => {
            let base = program.vars.get(*var).grf_offset.unwrap_or(0) as i128;
            Ok(vec![
                Value::from_i128(base + *offset as i128);
                exec_size as usize
            ])
        }
        Src::State { var, sub } => (0..exec_size)
            .map(|i| {
                state
                    .handle(&program.vars, *var)
                    .get((sub + i) as usize)
                    .map(|h| Value::from_i128(*h as i128))
                    .ok_or_else(|| {
                        VisaError::undefined(format!(
                            "state element {}({}) does not exist",
                            program.vars.get(*var).name,
                            sub + i
                        ))
                    })
            })
            .collect(),
        Src::General { .. } | Src::Indirect { .. } => {
            let bits = source_bits(program, state, src, exec_size, readings)?.unwrap_or_default();
            let values = bits.into_iter().map(|b| num::decode(b, ty));
            Ok(match src.modifier() {
                Some(m) => values.map(|v| num::apply_modifier(v, m, ty)).collect(),
                None => values.collect(),
            })
        }
    }
}

/// Channel values of source `k` of a logic instruction (AND, OR, XOR, NOT): its elements
/// ([`source_elements`]), or in the predicate-operand form (instructions/AND.md, Notes) bit
/// `mask offset + i` of the predicate for channel i, as 0 or 1.
pub fn logic_source_elements(
    program: &Program,
    state: &MachineState,
    insn: &Instruction,
    k: usize,
    readings: &Readings,
) -> Result<Vec<Value>> {
    let src = insn
        .srcs
        .get(k)
        .ok_or_else(|| VisaError::model_bug(format!("missing src{k}")))?;
    match src {
        Src::Predicate { var } => {
            let pred = state.preds.get(var.0 as usize).copied().unwrap_or(0);
            let offset = insn.mask.offset();
            Ok((0..insn.exec_size)
                .map(|i| Value::from_i128(i128::from(pred >> (offset + i) & 1)))
                .collect())
        }
        _ => source_elements(program, state, src, insn.exec_size, readings),
    }
}

/// The destination bits of a logic instruction's exact result: the low bits of the
/// destination type, or bit 0 for a predicate destination.
pub fn logic_result(dst: &Dst, result: &num_bigint::BigInt) -> Result<u64> {
    match dst {
        Dst::Predicate { .. } => Ok(u64::from(result.bit(0))),
        _ => num::convert_int(result, dst.ty(), false),
    }
}

/// The destination of an instruction: `DstDataElements[ExecSize]` as register-file byte
/// offsets (or a predicate, address or state variable), and the values written to them,
/// committed together once every channel's result is known (an instruction that fails
/// writes nothing).
#[derive(Debug)]
pub struct DstElements {
    ty: DataType,
    target: Target,
    writes: Vec<(usize, Write)>,
    /// Channels of the instruction.
    channels: usize,
    /// The loop writes an element whose index it never defines (erratum
    /// DST-CHANNEL-INDEX, literal reading).
    index_undefined: bool,
}

/// Where a destination's channels land.
#[derive(Debug)]
enum Target {
    /// Byte offset of each channel's element in the register file; `None` for `%null`.
    Register(Vec<Option<usize>>),
    /// Channel i sets bit `offset + i` of the predicate (the bit predication reads for the
    /// channel under the instruction's mask control, 5_operands.md, "Predication").
    Predicate { var: VarId, offset: usize },
    /// Channel i writes element `first + i` of `MachineState::addrs` (`address`) or
    /// `MachineState::handles`, if below `end` (the variable's last element + 1).
    Elements {
        first: usize,
        end: usize,
        address: bool,
    },
}

#[derive(Debug, Clone, Copy)]
enum Write {
    Value(u64),
    /// The documents leave the channel's value undefined (`dst[i+1] = undefined`).
    Undefined,
}

impl DstElements {
    #[allow(non_snake_case)]
    pub fn new(
        program: &Program,
        state: &MachineState,
        dst: &Dst,
        exec_size: u32,
        readings: &Readings,
    ) -> Result<Self> {
        Self::with_mask_offset(program, state, dst, exec_size, 0, readings)
    }

    /// A destination whose predicate channel i is bit `mask_offset + i` (CMP, SETP and
    /// ADD3O pass their mask control's offset).
    #[allow(non_snake_case)]
    pub fn with_mask_offset(
        program: &Program,
        state: &MachineState,
        dst: &Dst,
        exec_size: u32,
        mask_offset: u32,
        readings: &Readings,
    ) -> Result<Self> {
        let ExecSize = exec_size as usize;
        let ty = dst.ty();
        let mut offsets = Vec::with_capacity(ExecSize);
        let target = match dst {
            Dst::General {
                var,
                row,
                col,
                hstride,
                ..
            } => {
                let VN = program.vars.get(*var).grf_offset.unwrap_or(0);
                let FirstElementIndex = *row as usize
                    * (grf_size_in_bytes(program, readings) / ty.size())
                    + *col as usize;
                for i in 0..ExecSize {
                    offsets.push(Some(
                        VN + (FirstElementIndex + i * *hstride as usize) * ty.size(),
                    ));
                }
                Target::Register(offsets)
            }
            Dst::Indirect {
                addr,
                addr_sub,
                imm_offset,
                hstride,
                ..
            } => {
                let origin =
                    address_element(state, &program.vars, *addr, *addr_sub)? + *imm_offset as i64;
                for i in 0..ExecSize {
                    let at = origin + (i * *hstride as usize * ty.size()) as i64;
                    offsets.push(Some(indirect_byte(state, at, ty)?));
                }
                Target::Register(offsets)
            }
            Dst::Null { .. } => {
                offsets.resize(ExecSize, None);
                Target::Register(offsets)
            }
            Dst::Predicate { var } => Target::Predicate {
                var: *var,
                offset: mask_offset as usize,
            },
            Dst::Address { var, sub } | Dst::State { var, sub } => {
                let address = matches!(dst, Dst::Address { .. });
                let v = program.vars.get(*var);
                let class_fits = match v.class {
                    VarClass::Address => address,
                    VarClass::Surface | VarClass::Sampler => !address,
                    _ => false,
                };
                // A variable of another class has no elements: nothing is written.
                let (first, end) = match v.slot.filter(|_| class_fits) {
                    Some(slot) => (slot + *sub as usize, slot + v.num_elts as usize),
                    None => (0, 0),
                };
                Target::Elements {
                    first,
                    end,
                    address,
                }
            }
        };
        Ok(DstElements {
            ty,
            target,
            writes: Vec::new(),
            channels: ExecSize,
            index_undefined: false,
        })
    }

    /// `dst[i] = bits` (the low bits of the destination type; a predicate takes bit 0).
    pub fn set(&mut self, i: usize, bits: u64) {
        if self.index_undefined {
            // Some element of the region receives the value; which one is undefined.
            for k in 0..self.channels {
                self.writes.push((k, Write::Undefined));
            }
        } else {
            self.writes.push((i, Write::Value(bits)));
        }
    }

    /// The loop writes `dst[n]` for an `n` it never defines (erratum DST-CHANNEL-INDEX,
    /// literal reading): from here on, each value set lands on an undefined element, so every
    /// element of the destination region becomes undefined once a channel writes.
    pub fn index_undefined(&mut self) {
        self.index_undefined = true;
    }

    /// `dst[i] = undefined`: the channel's bytes keep no defined value. The register file
    /// keeps its previous bytes and [`MachineState::undefined`] records them.
    pub fn set_undefined(&mut self, i: usize) {
        if self.index_undefined {
            // An undefined value lands on an undefined element: the whole region.
            for k in 0..self.channels {
                self.writes.push((k, Write::Undefined));
            }
        } else {
            self.writes.push((i, Write::Undefined));
        }
    }

    /// Writes every value set into the state.
    pub fn commit(self, state: &mut MachineState) {
        let size = self.ty.size();
        for (i, write) in self.writes {
            match &self.target {
                Target::Register(offsets) => {
                    let Some(Some(at)) = offsets.get(i).copied() else {
                        continue;
                    };
                    match write {
                        Write::Value(bits) => {
                            if let Some(slot) = state.grf.get_mut(at..at + size) {
                                slot.copy_from_slice(&bits.to_le_bytes()[..size]);
                            }
                            state.undefined.remove_range(at..at + size);
                        }
                        Write::Undefined => {
                            state.undefined.insert_range(at..at + size);
                        }
                    }
                }
                Target::Predicate { var, offset } => {
                    let bit = offset + i;
                    let Some(p) = state.preds.get_mut(var.0 as usize) else {
                        continue;
                    };
                    if let Write::Value(bits) = write {
                        if bit < 32 {
                            *p = (*p & !(1 << bit)) | ((bits as u32 & 1) << bit);
                        }
                    }
                }
                Target::Elements {
                    first,
                    end,
                    address,
                } => {
                    let Write::Value(bits) = write else {
                        continue;
                    };
                    let k = first + i;
                    if k >= *end {
                        continue;
                    }
                    if *address {
                        if let Some(e) = state.addrs.get_mut(k) {
                            *e = bits as u16;
                        }
                    } else if let Some(e) = state.handles.get_mut(k) {
                        *e = bits as u32;
                    }
                }
            }
        }
    }
}
