//! Running a [`Plan`]: each step in order on the state, an ALU instruction through its fused
//! loop when it has one and the state allows, else through the general path's stages.

use visa_model::asm::ast::PredCombine;
use visa_model::ir::Opcode;
use visa_model::state::MachineState;
use visa_model::VisaError;

use super::{lane_mask, InsnPlan, Kernel, Plan, PredLogic, Result, Step};
use crate::alu::{self, MAX_SRCS};
use crate::fused::FusedInt;
use crate::kernel::{self, Ctx, Ints, Modifier, Raw, LANES};
use crate::mode::FloatMode;
use crate::second::{Lanes, Second};
use crate::select::{self, SelectKernel, WriteMask};
use crate::softfloat::Rounding;

/// Lane buffers of instructions of at most `S` sources (about 4 KiB for 2 sources, 5.5 KiB
/// for 4), kept per thread and reused by every run. A plan of one- and two-source
/// instructions uses the smaller set.
pub(super) struct Scratch<const S: usize> {
    pub(super) raw: [Raw; S],
    /// Exact integer lanes of each source; an integer operation leaves its result in the
    /// first.
    ints: [Ints; S],
    floats: [Raw; 3],
    out: Raw,
    pub(super) offs: [usize; LANES],
    dst_offs: [usize; LANES],
    /// The second result of a two-result operation: exact lanes, encoded lanes, offsets.
    ints2: Ints,
    out2: Raw,
    dst2_offs: [usize; LANES],
    select: select::Work,
}

thread_local! {
    static SCRATCH2: std::cell::RefCell<Box<Scratch<2>>> =
        std::cell::RefCell::new(Box::new(Scratch::new()));
    static SCRATCH4: std::cell::RefCell<Box<Scratch<MAX_SRCS>>> =
        std::cell::RefCell::new(Box::new(Scratch::new()));
}

impl<const S: usize> Scratch<S> {
    /// Fresh buffers on the heap (a resumed thread's run).
    pub(super) fn boxed() -> Box<Scratch<S>> {
        Box::new(Scratch::new())
    }

    fn new() -> Scratch<S> {
        Scratch {
            raw: [[0; LANES]; S],
            ints: [[0; LANES]; S],
            floats: [[0; LANES]; 3],
            out: [0; LANES],
            offs: [0; LANES],
            dst_offs: [0; LANES],
            ints2: [0; LANES],
            out2: [0; LANES],
            dst2_offs: [0; LANES],
            select: select::Work::new(),
        }
    }
}

/// The lanes of source 0, where an integer operation leaves its result.
fn first_source(ints: &[Ints]) -> Result<&Ints> {
    ints.first()
        .ok_or_else(|| VisaError::model_bug("an integer operation without sources"))
}

impl Plan {
    /// Executes the plan on `state`. Errors carry the failing instruction's position; the
    /// state then holds the effects of the instructions before it (the failing one writes
    /// nothing).
    pub fn run(&self, state: &mut MachineState) -> Result<()> {
        self.run_checked::<false>(state, &mut 0)
    }

    /// [`Plan::run`], with the number of instructions the run executed (control-flow ones
    /// included, the failing one included).
    pub fn run_counted(&self, state: &mut MachineState) -> (Result<()>, u64) {
        let mut count = 0;
        let result = self.run_checked::<true>(state, &mut count);
        (result, count)
    }

    /// The condition of `validate::check_state`, for a plan that no longer holds its
    /// program.
    pub(super) fn check_state(&self, state: &MachineState) -> Result<()> {
        let n = self.num_vars;
        if state.grf.len() < self.grf_bytes
            || state.preds.len() < n
            || state.addrs.len() < self.addr_elts as usize
            || state.handles.len() < self.handle_elts as usize
        {
            return Err(VisaError::invalid(
                "the machine state was not made for this program's variables (MachineState::new)",
            ));
        }
        Ok(())
    }

    /// `COUNT`: whether a straight-line run counts its steps into `count` (the flow driver
    /// always does).
    #[inline(always)]
    fn run_checked<const COUNT: bool>(
        &self,
        state: &mut MachineState,
        count: &mut u64,
    ) -> Result<()> {
        self.check_state(state)?;
        // The lane buffers are reused from run to run on each thread: a run never reads a
        // lane it has not written, so they need no clearing.
        if self.max_srcs <= 2 {
            SCRATCH2.with(|cell| match cell.try_borrow_mut() {
                Ok(mut scratch) => self.run_steps::<2, COUNT>(state, &mut scratch, count),
                Err(_) => self.run_fresh::<2, COUNT>(state, count),
            })
        } else {
            SCRATCH4.with(|cell| match cell.try_borrow_mut() {
                Ok(mut scratch) => self.run_steps::<MAX_SRCS, COUNT>(state, &mut scratch, count),
                Err(_) => self.run_fresh::<MAX_SRCS, COUNT>(state, count),
            })
        }
    }

    /// A run with buffers of its own (the thread's are in use: a run inside a run). Kept
    /// out of line so that `run`'s frame does not hold the 4 KiB of buffers.
    #[cold]
    #[inline(never)]
    fn run_fresh<const S: usize, const COUNT: bool>(
        &self,
        state: &mut MachineState,
        count: &mut u64,
    ) -> Result<()> {
        self.run_steps::<S, COUNT>(state, &mut Box::new(Scratch::<S>::new()), count)
    }

    #[inline(always)]
    fn run_steps<const S: usize, const COUNT: bool>(
        &self,
        state: &mut MachineState,
        scratch: &mut Scratch<S>,
        count: &mut u64,
    ) -> Result<()> {
        if let Some(flow) = &self.flow {
            return self.run_flow(flow, state, scratch, count);
        }
        if let Some(step) = &self.first {
            if COUNT {
                *count = 1;
            }
            self.run_step(step, state, scratch)?;
            for step in &self.rest {
                if COUNT {
                    *count += 1;
                }
                self.run_step(step, state, scratch)?;
            }
        }
        Ok(())
    }

    #[inline(always)]
    pub(super) fn run_step<const S: usize>(
        &self,
        step: &Step,
        state: &mut MachineState,
        scratch: &mut Scratch<S>,
    ) -> Result<()> {
        match step {
            Step::Insn(insn) => insn.exec(self, state, scratch).map_err(|e| e.at(insn.pos)),
            Step::PredLogic(p) => p.exec(state).map_err(|e| e.at(p.pos)),
            Step::Dpas(p) => p.exec(state).map_err(|e| e.at(p.pos)),
            Step::Fail(e) => Err(e.clone()),
            Step::Mem(m) => m.exec(state),
            // Only the flow driver runs control flow (`Plan::run_flow`).
            Step::Flow(f) => {
                Err(VisaError::model_bug("a control-flow step outside the flow driver").at(f.pos))
            }
        }
    }

    fn cr0(&self, state: &MachineState) -> Result<u32> {
        let Some(off) = self.cr0 else { return Ok(0) };
        let b = state
            .grf
            .get(off..off + 4)
            .ok_or_else(|| VisaError::model_bug("%cr0 lies outside the register file"))?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
}

impl InsnPlan {
    /// Under the literal reading of DST-CHANNEL-INDEX each enabled channel writes an
    /// element whose index is undefined: if any channel writes, every lane's bytes become
    /// undefined.
    fn write_anywhere(
        &self,
        written: u32,
        state: &mut MachineState,
        offs: &[usize; LANES],
    ) -> Result<()> {
        if written != 0 {
            let all = lane_mask(self.exec_size);
            self.dst
                .mark_undefined(self.dst_size, self.exec_size, all, state, offs);
        }
        Ok(())
    }

    /// EvaluateChEn (5_operands.md, "Predication").
    #[inline(always)]
    fn channel_enables(&self, state: &MachineState) -> Result<u32> {
        let lanes = lane_mask(self.exec_size) as u64;
        let offset = self.mask.offset();
        let mut chen = if self.mask.no_mask {
            lanes
        } else {
            (state.emask as u64 >> offset) & lanes
        };
        if let Some(p) = self.pred {
            let bits = *state
                .preds
                .get(p.var)
                .ok_or_else(|| VisaError::model_bug("predicate variable missing from the state"))?;
            let mut pmask = (bits as u64 >> offset) & lanes;
            match p.combine {
                PredCombine::None => {}
                PredCombine::Any => pmask = if pmask != 0 { lanes } else { 0 },
                PredCombine::All => pmask = if pmask == lanes { lanes } else { 0 },
            }
            if p.invert {
                pmask = !pmask & lanes;
            }
            chen &= pmask;
        }
        Ok(chen as u32)
    }

    /// SEL's write enables and selection mask (erratum SEL-RAW-MASKS). Resolved: EvaluateChEn
    /// without the predicate, and the evaluated predicate mask (all ones without one).
    /// Literal (`raw`): bit k of EM and of the predicate variable.
    fn sel_masks(&self, state: &MachineState, raw: bool) -> Result<(u32, u32)> {
        let lanes = lane_mask(self.exec_size);
        let bits = match self.pred {
            None => None,
            Some(p) => Some(*state.preds.get(p.var).ok_or_else(|| {
                VisaError::model_bug("predicate variable missing from the state")
            })?),
        };
        if raw {
            return Ok((state.emask & lanes, bits.map_or(lanes, |b| b & lanes)));
        }
        let offset = self.mask.offset();
        let write = if self.mask.no_mask {
            lanes
        } else {
            ((state.emask as u64 >> offset) as u32) & lanes
        };
        let pick = match (self.pred, bits) {
            (Some(p), Some(b)) => {
                let mut pmask = ((b as u64 >> offset) as u32) & lanes;
                match p.combine {
                    PredCombine::None => {}
                    PredCombine::Any => pmask = if pmask != 0 { lanes } else { 0 },
                    PredCombine::All => pmask = if pmask == lanes { lanes } else { 0 },
                }
                if p.invert {
                    pmask = !pmask & lanes;
                }
                pmask
            }
            _ => lanes,
        };
        Ok((write, pick))
    }

    /// The exact integer lanes of every source, in the first `num_srcs` buffers of `ints`
    /// (an integer operation leaves its result in the first).
    #[inline(always)]
    fn decode_ints<'s, const S: usize>(
        &self,
        state: &MachineState,
        dec: &[Option<kernel::DecIntFn>; MAX_SRCS],
        raw: &[Raw; S],
        ints: &'s mut [Ints; S],
    ) -> Result<&'s mut [Ints]> {
        // One call site per slot, so that each predicts its own decoder.
        macro_rules! decode_slot {
            ($k:literal) => {
                if $k >= self.num_srcs {
                    // No source in this slot nor the next.
                } else if let (Some(d), Some(src), Some(raw), Some(ints)) =
                    (dec[$k], &self.srcs[$k], raw.get($k), ints.get_mut($k))
                {
                    match src.fused {
                        Some(f) => f(&src.load, state, self.exec_size, src.modifier, ints)?,
                        None => d(raw, self.exec_size, src.modifier, ints),
                    }
                }
            };
        }
        decode_slot!(0);
        decode_slot!(1);
        decode_slot!(2);
        decode_slot!(3);
        // `Plan::run` picks buffers for the plan's widest instruction.
        ints.get_mut(..self.num_srcs).ok_or_else(|| {
            VisaError::model_bug(format!("no buffers for {} sources", self.num_srcs))
        })
    }

    /// One run of the instruction: the general path's stages, or the fused loop when the
    /// plan has one and the state allows it.
    fn exec<const S: usize>(
        &self,
        plan: &Plan,
        state: &mut MachineState,
        s: &mut Scratch<S>,
    ) -> Result<()> {
        self.check_extent(state)?;
        let chen = self.channel_enables(state)?;
        if chen == 0 && self.idle {
            return Ok(());
        }
        if let Some(f) = &self.fused {
            if self.run_fused(f, state, chen, s)? {
                return Ok(());
            }
        }
        let ctx = self.context(plan, state, chen)?;
        // All sources of all lanes are read before anything is written.
        self.load_sources(state, s)?;
        self.prepare_destinations(state, s)?;
        let (en, undefined) = self.compute(&ctx, chen, state, s)?;
        self.store(en, undefined, state, s)
    }

    /// The register file holds every byte the instruction's direct operands reach.
    #[inline(always)]
    fn check_extent(&self, state: &MachineState) -> Result<()> {
        if state.grf.len() < self.extent {
            return Err(VisaError::model_bug(format!(
                "the register file has {} bytes, the instruction reaches byte {}",
                state.grf.len(),
                self.extent
            )));
        }
        Ok(())
    }

    /// The fused loop ([`crate::fused`]); false when the run needs the general path (a zero
    /// divisor), having written nothing. On a state holding undefined bytes, and for the
    /// pairs whose second lanes become undefined, the undefined set is settled after the
    /// store.
    #[inline(always)]
    fn run_fused<const S: usize>(
        &self,
        f: &FusedInt,
        state: &mut MachineState,
        chen: u32,
        s: &mut Scratch<S>,
    ) -> Result<bool> {
        if state.undefined.is_empty() && self.lanes == Lanes::All {
            return f.exec(state, chen, &mut s.raw);
        }
        if !f.exec(state, chen, &mut s.raw)? {
            return Ok(false);
        }
        // The stored lanes leave the undefined set, the pairs' second lanes join it (a
        // fused plan's destination is direct: no lane offsets to resolve).
        let n = self.exec_size;
        let (written, undefined) = self.lanes.masks(chen, n)?;
        self.dst
            .settle(self.dst_size, n, written, undefined, state, &s.dst_offs);
        if let Some(Second { store, size }) = &self.second {
            store.settle(*size, n, written, 0, state, &s.dst2_offs);
        }
        Ok(true)
    }

    /// The lane context of the general path: %cr0's float mode (read only when an operand
    /// holds floats), the errata readings, and the lanes whose conversions may fail.
    #[inline(always)]
    fn context(&self, plan: &Plan, state: &MachineState, chen: u32) -> Result<Ctx> {
        let mode = if self.float_mode {
            FloatMode::from_cr0(plan.cr0(state)?, &plan.lit)
        } else {
            FloatMode::from_cr0(0, &plan.lit)
        };
        Ok(Ctx {
            n: self.exec_size,
            mode,
            sat: self.sat,
            lit: plan.lit,
            int_rounding: if plan.lit.int_to_float_rounding {
                Rounding::NearestEven
            } else {
                mode.rounding
            },
            // The documents' loops convert only under `if (ChEn[i])`: a lane that is not
            // enabled cannot fail (indirect addresses are still checked in every lane).
            err_lanes: chen,
        })
    }

    /// The raw lanes of every source not decoded straight from the register file (those
    /// are read by [`InsnPlan::decode_ints`]).
    #[inline(always)]
    fn load_sources<const S: usize>(&self, state: &MachineState, s: &mut Scratch<S>) -> Result<()> {
        let n = self.exec_size;
        // One call site per slot, so that each predicts its own kind of load.
        macro_rules! load_slot {
            ($k:literal) => {
                if $k >= self.num_srcs {
                    // No source in this slot nor the next.
                } else if let (Some(src), Some(raw)) = (&self.srcs[$k], s.raw.get_mut($k)) {
                    if src.fused.is_none() {
                        (src.fetch)(&src.load, src.size, n, state, &mut s.offs, raw)?;
                    }
                }
            };
        }
        load_slot!(0);
        load_slot!(1);
        load_slot!(2);
        load_slot!(3);
        Ok(())
    }

    /// The lane offsets of indirect destinations, and MADW's alignment check on them.
    #[inline(always)]
    fn prepare_destinations<const S: usize>(
        &self,
        state: &MachineState,
        s: &mut Scratch<S>,
    ) -> Result<()> {
        let n = self.exec_size;
        self.dst.prepare(self.dst_size, n, state, &mut s.dst_offs)?;
        if let Some(Second { store, size }) = &self.second {
            store.prepare(*size, n, state, &mut s.dst2_offs)?;
        }
        if let Some(grf) = self.grf_aligned {
            // instructions/MADW.md, Dst: "Must be GRF aligned".
            if !s.dst_offs[0].is_multiple_of(grf) {
                return Err(VisaError::undefined(format!(
                    "MADW's indirect destination starts at register byte {}, which is not GRF aligned",
                    s.dst_offs[0]
                )));
            }
        }
        Ok(())
    }

    /// The kernel on the loaded lanes: the encoded results in `s.out` (and `s.out2`).
    /// Returns the lanes to write (ChEn, or SEL's write mask) and the lanes left undefined
    /// (DIV and MOD's zero divisors).
    #[inline(always)]
    fn compute<const S: usize>(
        &self,
        ctx: &Ctx,
        chen: u32,
        state: &MachineState,
        s: &mut Scratch<S>,
    ) -> Result<(u32, u32)> {
        let n = self.exec_size;
        let mode = ctx.mode;
        let [src0, src1, ..] = &self.srcs;
        let (m0, m1) = (
            src0.as_ref().map_or(Modifier::None, |x| x.modifier),
            src1.as_ref().map_or(Modifier::None, |x| x.modifier),
        );
        let (raw0, raw1) = match &s.raw[..] {
            [raw0, raw1, ..] => (raw0, raw1),
            _ => {
                return Err(VisaError::model_bug(
                    "scratch buffers for fewer than 2 sources",
                ))
            }
        };
        match self.kernel {
            Kernel::Copy => s.out[..n].copy_from_slice(&raw0[..n]),
            Kernel::MovIntInt { dec, enc } => {
                dec(raw0, n, m0, &mut s.ints[0]);
                enc(&s.ints[0], ctx, &mut s.out);
            }
            Kernel::MovIntFloat { dec, enc } => {
                dec(raw0, n, m0, &mut s.ints[0]);
                enc(&s.ints[0], ctx, &mut s.out);
            }
            Kernel::MovFloatInt { dec, enc, src_ty } => {
                dec(raw0, n, m0, !mode.keeps_denormals(src_ty), &mut s.floats[0]);
                enc(&s.floats[0], ctx, &mut s.out)?;
            }
            Kernel::MovFloatFloat {
                dec,
                enc,
                src_ty,
                narrowing,
            } => {
                // Erratum FLOAT-CONVERT-DENORM: literally, narrowing flushes denormal inputs
                // and widening keeps them, whatever the mode.
                let flush = if ctx.lit.float_convert_denorm {
                    narrowing
                } else {
                    !mode.keeps_denormals(src_ty)
                };
                dec(raw0, n, m0, flush, &mut s.floats[0]);
                enc(&s.floats[0], ctx, &mut s.out);
            }
            Kernel::AddInt { dec: [d0, d1], enc } => {
                let [a, b, ..] = &mut s.ints[..] else {
                    return Err(VisaError::model_bug("ADD run without two integer buffers"));
                };
                d0(raw0, n, m0, a);
                d1(raw1, n, m1, b);
                kernel::add_ints(a, b, n);
                enc(b, ctx, &mut s.out);
            }
            Kernel::AddFloat {
                dec: [d0, d1],
                add,
                src_tys: [t0, t1],
                f32_exact,
            } => {
                d0(raw0, n, m0, !mode.keeps_denormals(t0), &mut s.floats[0]);
                d1(raw1, n, m1, !mode.keeps_denormals(t1), &mut s.floats[1]);
                add(&s.floats[0], &s.floats[1], f32_exact, ctx, &mut s.out);
            }
            Kernel::FloatArith {
                dec,
                src_tys,
                op,
                f32_exact,
            } => {
                let lanes = dec.iter().zip(&src_tys).zip(&self.srcs).zip(&s.raw);
                for ((((d, ty), src), raw), out) in lanes.zip(&mut s.floats).take(self.num_srcs) {
                    if let (Some(d), Some(src)) = (d, src) {
                        d(raw, n, src.modifier, !mode.keeps_denormals(*ty), out);
                    }
                }
                op(&s.floats, f32_exact, ctx, &mut s.out);
            }
            Kernel::Math {
                dec,
                src_tys,
                op,
                dst,
                alt_abs,
                early_out,
            } => {
                let lanes = dec.iter().zip(&src_tys).zip(&self.srcs).zip(&s.raw);
                for ((((d, ty), src), raw), out) in lanes.zip(&mut s.floats).take(self.num_srcs) {
                    if let (Some(d), Some(src)) = (d, src) {
                        d(raw, n, src.modifier, !mode.keeps_denormals(*ty), out);
                    }
                }
                // The early-out bits read the decoded sources before `run` may change them.
                if let Some(eo) = early_out {
                    crate::mathop::early_out_inputs(eo, &s.floats, n, &mut s.out2);
                }
                crate::mathop::run(op, dst, alt_abs, &mut s.floats, ctx, &mut s.out);
                if let Some(eo) = early_out {
                    crate::mathop::early_out_results(eo, dst, &s.out, n, &mut s.out2);
                }
            }
            Kernel::IntDivide {
                dec: [d0, d1],
                enc,
                remainder,
            } => {
                let [a, b, ..] = &mut s.ints[..] else {
                    return Err(VisaError::model_bug("DIV run without two integer buffers"));
                };
                d0(raw0, n, m0, a);
                d1(raw1, n, m1, b);
                let zero = alu::divide(a, b, n, remainder) & chen;
                if zero != 0 && ctx.lit.div_by_zero {
                    return Err(VisaError::undefined(format!(
                        "{}: channel {} divides by zero (erratum {}, literal reading)",
                        if remainder { "MOD" } else { "DIV" },
                        zero.trailing_zeros(),
                        visa_model::errata::DIV_BY_ZERO
                    )));
                }
                enc(a, ctx, &mut s.out);
                return Ok((chen & !zero, zero));
            }
            Kernel::Int { dec, op, enc, .. } => {
                let ints = self.decode_ints(state, &dec, &s.raw, &mut s.ints)?;
                op(ints, ctx)?;
                enc(first_source(ints)?, ctx, &mut s.out);
            }
            Kernel::Pair { dec, op, enc, enc2 } => {
                let ints = self.decode_ints(state, &dec, &s.raw, &mut s.ints)?;
                op(ints, &mut s.ints2, ctx)?;
                enc(first_source(ints)?, ctx, &mut s.out);
                enc2(&s.ints2, ctx, &mut s.out2);
            }
            Kernel::Select(k) => return Ok((self.select(k, ctx, chen, state, s)?, 0)),
            Kernel::Fp8 { op, every_lane } => {
                for ((out, a), b) in s.out[..n].iter_mut().zip(&raw0[..n]).zip(&raw1[..n]) {
                    *out = crate::fp8::lane(op, *a, *b);
                }
                if every_lane {
                    return Ok((lane_mask(n), 0));
                }
            }
        }
        Ok((chen, 0))
    }

    /// CMP, SEL, MIN, MAX, SETP and BFN ([`crate::select`]): the results in `s.out`; returns
    /// the lanes to write (the kernel's write mask).
    #[inline(always)]
    fn select<const S: usize>(
        &self,
        k: SelectKernel,
        ctx: &Ctx,
        chen: u32,
        state: &MachineState,
        s: &mut Scratch<S>,
    ) -> Result<u32> {
        let n = self.exec_size;
        let (write, pick) = match k.write_mask() {
            WriteMask::ChEn => (chen, 0),
            WriteMask::All => (lane_mask(n), 0),
            WriteMask::Sel { raw } => self.sel_masks(state, raw)?,
        };
        let mut mods = [Modifier::None; MAX_SRCS];
        for (m, src) in mods.iter_mut().zip(&self.srcs).take(self.num_srcs) {
            *m = src.as_ref().map_or(Modifier::None, |x| x.modifier);
        }
        let raw = s.raw.get(..self.num_srcs).ok_or_else(|| {
            VisaError::model_bug(format!("no buffers for {} sources", self.num_srcs))
        })?;
        k.run(
            raw,
            &mods[..self.num_srcs],
            pick,
            ctx,
            &mut s.select,
            &mut s.out,
        )?;
        Ok(write)
    }

    /// Writes the results of lanes `en` (and the second results), and leaves `undefined`
    /// lanes (and the pairs' second lanes) undefined; under the literal DST-CHANNEL-INDEX,
    /// the whole destination becomes undefined instead.
    #[inline(always)]
    fn store<const S: usize>(
        &self,
        en: u32,
        undefined: u32,
        state: &mut MachineState,
        s: &Scratch<S>,
    ) -> Result<()> {
        let n = self.exec_size;
        if self.index_undefined {
            return self.write_anywhere(en | undefined, state, &s.dst_offs);
        }
        let (written, undefined) = match self.lanes {
            Lanes::All => (en, undefined),
            lanes => {
                let (written, pairs) = lanes.masks(en, n)?;
                (written, pairs | undefined)
            }
        };
        if undefined != 0 {
            self.dst
                .settle(self.dst_size, n, written, undefined, state, &s.dst_offs);
            self.dst
                .write(self.dst_size, n, written, state, &s.dst_offs, &s.out)?;
        } else {
            (self.put)(
                &self.dst,
                self.dst_size,
                n,
                written,
                state,
                &s.dst_offs,
                &s.out,
            )?;
        }
        match &self.second {
            None => Ok(()),
            Some(Second { store, size }) => {
                store.store(*size, n, written, state, &s.dst2_offs, &s.out2)
            }
        }
    }
}

impl PredLogic {
    fn exec(&self, state: &mut MachineState) -> Result<()> {
        let read = |k: usize| -> Result<u64> {
            state
                .preds
                .get(k)
                .map(|p| (*p as u64 >> self.offset) & self.lanes)
                .ok_or_else(|| VisaError::model_bug("predicate variable missing from the state"))
        };
        let a = read(self.srcs[0])?;
        let b = read(self.srcs[1])?;
        let r = match self.opcode {
            Opcode::And => a & b,
            Opcode::Or => a | b,
            Opcode::Xor => a ^ b,
            _ => !a,
        } & self.lanes;
        let en = if self.no_mask {
            self.lanes
        } else {
            (state.emask as u64 >> self.offset) & self.lanes
        };
        let dst = state
            .preds
            .get_mut(self.dst)
            .ok_or_else(|| VisaError::model_bug("predicate variable missing from the state"))?;
        let keep = !(en << self.offset);
        *dst = ((*dst as u64 & keep) | ((r & en) << self.offset)) as u32;
        Ok(())
    }
}
