//! Comparison and selection lane kernels: CMP, SEL, MIN, MAX and SETP, and BFN's three-input
//! lookup table. Sources are decoded by [`crate::kernel`] (exact `i128` integers, f64-bit
//! floats, modifiers applied, float denormals flushed per the mode); the result lanes go to
//! the plan's output buffer, and [`SelectKernel::write_mask`] tells the plan which channels
//! the destination takes.
//!
//! Floats compare as f64, which holds every DF, F, HF and BF value exactly: NaN is
//! unordered and -0 equals +0 (instructions/CMP.md, Notes).

use std::cmp::Ordering;

use visa_model::ir::{Ctrl, Instruction, Opcode, RelOp};
use visa_model::types::DataType;
use visa_model::VisaError;

use crate::kernel::{self, Ctx, DecFloatFn, DecIntFn, EncFloatFloatFn, EncIntFn};
use crate::kernel::{Ints, Modifier, Raw, LANES};
use crate::mode::Literal;
use crate::softfloat::{f64_is_nan, f64_is_neg, f64_is_zero, Format};

type Result<T> = std::result::Result<T, VisaError>;

/// Lane buffers a selection kernel works in, reused from run to run (a kernel never reads a
/// lane it has not written).
#[derive(Clone, Debug)]
pub struct Work {
    ints: [Ints; 4],
    raws: [Raw; 3],
}

impl Work {
    pub fn new() -> Work {
        Work {
            ints: [[0; LANES]; 4],
            raws: [[0; LANES]; 3],
        }
    }
}

impl Default for Work {
    fn default() -> Work {
        Work::new()
    }
}

/// How one SEL source becomes destination bits (MOV's rule, instructions/MOV.md).
#[derive(Clone, Copy, Debug)]
pub enum Conv {
    /// Same type, no modifier, no `.sat`: the bits.
    Copy,
    Int {
        dec: DecIntFn,
        enc: EncIntFn,
    },
    Float {
        dec: DecFloatFn,
        enc: EncFloatFloatFn,
        src_ty: DataType,
        narrowing: bool,
    },
}

/// The lane computation of one comparison or selection instruction.
#[derive(Clone, Copy, Debug)]
pub enum SelectKernel {
    /// CMP of integers: `truth` is what a true channel writes (1 for a predicate).
    CmpInt {
        dec: [DecIntFn; 2],
        rel: RelOp,
        truth: u64,
    },
    CmpFloat {
        dec: [DecFloatFn; 2],
        tys: [DataType; 2],
        rel: RelOp,
        truth: u64,
    },
    /// SEL: each source converted, then chosen by the predicate mask.
    Sel { conv: [Conv; 2], raw_masks: bool },
    MinMaxInt {
        dec: [DecIntFn; 2],
        max: bool,
        enc: EncIntFn,
    },
    MinMaxFloat {
        dec: [DecFloatFn; 2],
        tys: [DataType; 2],
        max: bool,
        enc: EncFloatFloatFn,
        /// Erratum MIN-MAX-ZERO-SIGN, literal reading: -0 and +0 tie (src0 wins).
        zeros_tie: bool,
        /// Erratum MIN-MAX-NAN, literal reading, when it applies (destination of src1's
        /// type, no `.sat`): two NaN sources write src1's bits in this format unquieted.
        src1_bits: Option<Format>,
    },
    /// SETP: a scalar src0 gives its bits, a vector one each lane's bit 0.
    Setp { scalar: bool, bit_test: bool },
    /// BFN: the table applied bitwise to the three sources, truncated by `enc`.
    Bfn {
        dec: [DecIntFn; 3],
        table: u8,
        enc: EncIntFn,
    },
}

/// Which channels the destination takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteMask {
    /// EvaluateChEn.
    ChEn,
    /// Every channel of the execution size (SETP's scalar form).
    All,
    /// SEL: the execution mask without the predicate (erratum SEL-RAW-MASKS; `raw`: its
    /// literal reading, bit i of EM).
    Sel { raw: bool },
}

fn format_of(ty: DataType) -> Option<Format> {
    match ty {
        DataType::DF => Some(Format::DF),
        DataType::F => Some(Format::F),
        DataType::HF => Some(Format::HF),
        DataType::BF => Some(Format::BF),
        _ => None,
    }
}

/// The kernel of `insn` (an opcode of this module) for sources of lane types `tys` with
/// modifiers `mods` and a destination of type `dst` (BOOL for a predicate); `None` for a form
/// it has no semantics for.
pub fn compile(
    insn: &Instruction,
    tys: &[DataType],
    mods: &[Modifier],
    dst: DataType,
    lit: &Literal,
) -> Option<SelectKernel> {
    let int = kernel::dec_int_fn;
    let flt = kernel::dec_float_fn;
    let all_int = tys.iter().all(|t| t.is_integer());
    let all_float = tys.iter().all(|t| t.is_float());
    Some(match insn.opcode {
        Opcode::Cmp => {
            let Ctrl::Rel(rel) = insn.ctrl else {
                return None;
            };
            let truth = cmp_truth(dst, lit.cmp_true_value)?;
            match tys {
                [a, b] if all_int => SelectKernel::CmpInt {
                    dec: [int(*a)?, int(*b)?],
                    rel,
                    truth,
                },
                [a, b] if all_float => SelectKernel::CmpFloat {
                    dec: [flt(*a)?, flt(*b)?],
                    tys: [*a, *b],
                    rel,
                    truth,
                },
                _ => return None,
            }
        }
        Opcode::Sel => {
            let conv = |k: usize| -> Option<Conv> {
                let (t, m) = (*tys.get(k)?, *mods.get(k)?);
                let packed = insn.srcs.get(k)?.ty().is_packed();
                if t == dst && m == Modifier::None && !insn.sat && !packed {
                    Some(Conv::Copy)
                } else if t.is_integer() && dst.is_integer() {
                    Some(Conv::Int {
                        dec: int(t)?,
                        enc: kernel::enc_int_fn(dst)?,
                    })
                } else if t.is_float() && dst.is_float() {
                    Some(Conv::Float {
                        dec: flt(t)?,
                        enc: kernel::enc_float_float_fn(dst)?,
                        src_ty: t,
                        narrowing: dst.size() < t.size(),
                    })
                } else {
                    None
                }
            };
            SelectKernel::Sel {
                conv: [conv(0)?, conv(1)?],
                raw_masks: lit.sel_raw_masks,
            }
        }
        Opcode::Min | Opcode::Max => {
            let max = insn.opcode == Opcode::Max;
            match tys {
                [a, b] if all_int && dst.is_integer() => SelectKernel::MinMaxInt {
                    dec: [int(*a)?, int(*b)?],
                    max,
                    enc: kernel::enc_int_fn(dst)?,
                },
                [a, b] if all_float && dst.is_float() => SelectKernel::MinMaxFloat {
                    dec: [flt(*a)?, flt(*b)?],
                    tys: [*a, *b],
                    max,
                    enc: kernel::enc_float_float_fn(dst)?,
                    zeros_tie: lit.min_max_zero_sign,
                    src1_bits: (lit.min_max_nan && !insn.sat && *b == dst)
                        .then(|| format_of(dst))
                        .flatten(),
                },
                _ => return None,
            }
        }
        Opcode::Setp => SelectKernel::Setp {
            scalar: setp_scalar(insn),
            bit_test: lit.setp_bit_test,
        },
        Opcode::Bfn => {
            let Ctrl::Bfn(table) = insn.ctrl else {
                return None;
            };
            match tys {
                [a, b, c] if all_int && dst.is_integer() => SelectKernel::Bfn {
                    dec: [int(*a)?, int(*b)?, int(*c)?],
                    table,
                    enc: kernel::enc_int_fn(dst)?,
                },
                _ => return None,
            }
        }
        _ => return None,
    })
}

/// What a true CMP channel writes: bit 1 into a predicate; into a general destination all
/// ones of its size (erratum CMP-TRUE-VALUE, resolved) or -1 in its type (literal: -1.0 for
/// a float).
fn cmp_truth(dst: DataType, literal: bool) -> Option<u64> {
    if dst == DataType::BOOL {
        return Some(1);
    }
    match format_of(dst) {
        Some(fmt) if literal => Some(fmt.sign_bit() | fmt.one()),
        _ => Some(u64::MAX >> (64 - 8 * dst.size() as u32)),
    }
}

/// SETP's scalar form: a non-packed immediate or a region whose lanes all read element 0
/// (vertical stride 0, and width 1 or horizontal stride 0).
fn setp_scalar(insn: &Instruction) -> bool {
    use visa_model::ir::Src;
    let scalar = |vs: u32, w: u32, hs: u32| vs == 0 && (w == 1 || hs == 0);
    match insn.srcs.first() {
        Some(Src::Imm { ty, .. }) => !ty.is_packed(),
        Some(Src::General { region, .. }) => scalar(region.vstride, region.width, region.hstride),
        Some(Src::Indirect { region, multi, .. }) => {
            !multi && scalar(region.vstride, region.width, region.hstride)
        }
        _ => false,
    }
}

#[inline(always)]
fn holds(rel: RelOp, order: Option<Ordering>) -> bool {
    match (rel, order) {
        (RelOp::Ne, o) => o != Some(Ordering::Equal),
        (_, None) => false,
        (RelOp::Eq, Some(o)) => o == Ordering::Equal,
        (RelOp::Gt, Some(o)) => o == Ordering::Greater,
        (RelOp::Ge, Some(o)) => o != Ordering::Less,
        (RelOp::Lt, Some(o)) => o == Ordering::Less,
        (RelOp::Le, Some(o)) => o != Ordering::Greater,
    }
}

/// The f64 order of two canonical float lanes; `None` when either is a NaN.
#[inline(always)]
fn float_order(a: u64, b: u64) -> Option<Ordering> {
    f64::from_bits(a).partial_cmp(&f64::from_bits(b))
}

/// A NaN lane (f64 bits) in `fmt`, its quiet bit as it is.
fn nan_bits(bits64: u64, fmt: Format) -> u64 {
    let frac = (bits64 & ((1 << 52) - 1)) >> (52 - fmt.mbits);
    fmt.zero(f64_is_neg(bits64)) | fmt.inf_bits() | frac
}

impl SelectKernel {
    /// Which channels the destination takes.
    pub fn write_mask(&self) -> WriteMask {
        match self {
            SelectKernel::Sel { raw_masks, .. } => WriteMask::Sel { raw: *raw_masks },
            SelectKernel::Setp { scalar: true, .. } => WriteMask::All,
            _ => WriteMask::ChEn,
        }
    }

    /// Computes lanes `0..ctx.n` from the sources' raw lanes `raw` (modifiers `mods`) into
    /// `out`. `pick` is SEL's predicate mask (bit i set: src0).
    pub fn run(
        &self,
        raw: &[Raw],
        mods: &[Modifier],
        pick: u32,
        ctx: &Ctx,
        work: &mut Work,
        out: &mut Raw,
    ) -> Result<()> {
        let n = ctx.n.min(LANES);
        let Work { ints, raws } = work;
        let [i0, i1, i2, i3] = ints;
        let [r0w, r1w, r2w] = raws;
        let src = |k: usize| -> Result<(&Raw, Modifier)> {
            match (raw.get(k), mods.get(k)) {
                (Some(r), Some(m)) => Ok((r, *m)),
                _ => Err(VisaError::model_bug(format!(
                    "a comparison or selection kernel without source {k}"
                ))),
            }
        };
        let flush = |ty: DataType| !ctx.mode.keeps_denormals(ty);
        match *self {
            SelectKernel::CmpInt { dec, rel, truth } => {
                let (a, b) = (i0, i1);
                let ((r0, m0), (r1, m1)) = (src(0)?, src(1)?);
                dec[0](r0, n, m0, a);
                dec[1](r1, n, m1, b);
                for k in 0..n {
                    out[k] = if holds(rel, Some(a[k].cmp(&b[k]))) {
                        truth
                    } else {
                        0
                    };
                }
            }
            SelectKernel::CmpFloat {
                dec,
                tys,
                rel,
                truth,
            } => {
                let (a, b) = (r0w, r1w);
                let ((r0, m0), (r1, m1)) = (src(0)?, src(1)?);
                dec[0](r0, n, m0, flush(tys[0]), a);
                dec[1](r1, n, m1, flush(tys[1]), b);
                for k in 0..n {
                    out[k] = if holds(rel, float_order(a[k], b[k])) {
                        truth
                    } else {
                        0
                    };
                }
            }
            SelectKernel::Sel { conv, .. } => {
                let mut converted = [r0w, r1w];
                for (k, (c, lanes)) in conv.iter().zip(converted.iter_mut()).enumerate() {
                    let (r, m) = src(k)?;
                    match *c {
                        Conv::Copy => lanes[..n].copy_from_slice(&r[..n]),
                        Conv::Int { dec, enc } => {
                            dec(r, n, m, i0);
                            enc(i0, ctx, lanes);
                        }
                        Conv::Float {
                            dec,
                            enc,
                            src_ty,
                            narrowing,
                        } => {
                            // MOV's input flushing (erratum FLOAT-CONVERT-DENORM).
                            let flush_in = if ctx.lit.float_convert_denorm {
                                narrowing
                            } else {
                                flush(src_ty)
                            };
                            dec(r, n, m, flush_in, r2w);
                            enc(r2w, ctx, lanes);
                        }
                    }
                }
                let [src0, src1] = &converted;
                for k in 0..n {
                    out[k] = if (pick >> k) & 1 == 1 {
                        src0[k]
                    } else {
                        src1[k]
                    };
                }
            }
            SelectKernel::MinMaxInt { dec, max, enc } => {
                let (a, b) = (i0, i1);
                let ((r0, m0), (r1, m1)) = (src(0)?, src(1)?);
                dec[0](r0, n, m0, a);
                dec[1](r1, n, m1, b);
                for k in 0..n {
                    let take_b = if max { b[k] > a[k] } else { b[k] < a[k] };
                    if take_b {
                        a[k] = b[k];
                    }
                }
                enc(a, ctx, out);
            }
            SelectKernel::MinMaxFloat {
                dec,
                tys,
                max,
                enc,
                zeros_tie,
                src1_bits,
            } => {
                let (a, b) = (r0w, r1w);
                let ((r0, m0), (r1, m1)) = (src(0)?, src(1)?);
                dec[0](r0, n, m0, flush(tys[0]), a);
                dec[1](r1, n, m1, flush(tys[1]), b);
                let mut both_nan = 0u32;
                for k in 0..n {
                    let (x, y) = (a[k], b[k]);
                    let take_b = match (f64_is_nan(x), f64_is_nan(y)) {
                        (true, true) => {
                            both_nan |= 1 << k;
                            true
                        }
                        (true, false) => true,
                        (false, true) => false,
                        (false, false) => {
                            if f64_is_zero(x) && f64_is_zero(y) && !zeros_tie {
                                // -0 below +0: MIN takes a negative zero, MAX a positive one.
                                f64_is_neg(y) != max && f64_is_neg(x) == max
                            } else {
                                let order = float_order(x, y);
                                if max {
                                    order == Some(Ordering::Less)
                                } else {
                                    order == Some(Ordering::Greater)
                                }
                            }
                        }
                    };
                    if take_b {
                        a[k] = y;
                    }
                }
                enc(a, ctx, out);
                if let Some(fmt) = src1_bits {
                    for k in (0..n).filter(|k| (both_nan >> k) & 1 == 1) {
                        out[k] = if fmt == Format::DF {
                            a[k]
                        } else {
                            nan_bits(a[k], fmt)
                        };
                    }
                }
            }
            SelectKernel::Setp { scalar, bit_test } => {
                let (r, _) = src(0)?;
                if scalar {
                    let bits = r[0];
                    for (k, o) in out[..n].iter_mut().enumerate() {
                        *o = if bit_test {
                            // `src0 & (1 << k)` kept in one bit: only lane 0 can be set.
                            (bits & (1 << k)) & 1
                        } else {
                            (bits >> k) & 1
                        };
                    }
                } else {
                    for (o, v) in out[..n].iter_mut().zip(&r[..n]) {
                        *o = v & 1;
                    }
                }
            }
            SelectKernel::Bfn { dec, table, enc } => {
                let mut v = [i0, i1, i2];
                for (k, lanes) in v.iter_mut().enumerate() {
                    let (r, m) = src(k)?;
                    dec[k](r, n, m, lanes);
                }
                let [a, b, c] = v;
                let result = i3;
                for (k, res) in result[..n].iter_mut().enumerate() {
                    // The minterms of the table: entry e is on where each source's bit
                    // matches bit (0, 1, 2) of e.
                    let mut r: i128 = 0;
                    for e in 0..8 {
                        if (table >> e) & 1 == 1 {
                            let x = if e & 1 == 1 { a[k] } else { !a[k] };
                            let y = if e & 2 == 2 { b[k] } else { !b[k] };
                            let z = if e & 4 == 4 { c[k] } else { !c[k] };
                            r |= x & y & z;
                        }
                    }
                    *res = r;
                }
                enc(result, ctx, out);
            }
        }
        Ok(())
    }
}
