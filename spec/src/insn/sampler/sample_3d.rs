//! 3D_SAMPLE (instructions/3D_SAMPLE.md), `sample` (`sample_3d`), `sample_l` and `sample_lz`
//! with a nearest-filter sampler state: the surface sampled through the sampler variable's
//! state. The document's Semantics is one sentence and it names no addressing rule;
//! this module writes the semantics from the Description, the Notes and OpenCL's rules
//! (SAMPLE-COORDINATES), per axis of size `n` (U the width, V the height, R the depth of a
//! 3D surface; R and Ai are ignored on a 2D surface, SAMPLER-SURFACE-TYPE):
//! - `x = u*n` for normalized coordinates, `u` otherwise, exactly (a NaN is 0; an infinity
//!   is 0 under repeat and mirrored_repeat);
//! - `i = floor(x)` plus the axis' Aoffimmi offset;
//! - the address mode: clamp_to_edge clamps `i` to `[0, n-1]`; clamp returns the border
//!   colour outside it (SAMPLE-BORDER-COLOR); repeat takes `i` modulo `n`; mirrored_repeat
//!   takes `k = i` modulo `2n` and reads `k` below `n`, `2n-1-k` from `n` on; none leaves
//!   the lane's channels undefined outside `[0, n-1]`.
//!
//! The surface has one level: `sample_l`'s LOD selects it whatever its value, as
//! `sample_lz` and `sample` do (SAMPLER-SINGLE-LEVEL).
//!
//! A linear sampler state blends the 2 (per axis) nearest texels with OpenCL's weights
//! (OpenCL C 3.0, 8.2, `CLK_FILTER_LINEAR`), computed exactly (SAMPLE-LINEAR-FILTER), per
//! axis:
//! - `x` as OpenCL computes it for the mode: `u*n` (normalized) or `u`; under repeat
//!   `(s - floor(s))*n`; under mirrored_repeat `min(|s - 2*rint(s/2)|*n, n)`;
//! - `t = x - 1/2`, `i0 = floor(t)` plus the axis' Aoffimmi offset, `i1 = i0 + 1`, the
//!   weight of `i1` `a = t - floor(t)` and of `i0` `1 - a`;
//! - `i0` and `i1` folded by the address mode as the nearest filter folds `i` (which is
//!   OpenCL's `i0`/`i1` rule of each mode when the offset is 0);
//!
//! then the texel of each corner weighted by the product of its axes' weights, summed
//! exactly per channel and rounded once to F (to nearest, ties to even; a zero sum is +0).
//! A corner of weight zero is not read; a corner outside the surface under clamp is the
//! border colour, under none makes the lane undefined; a non-finite coordinate makes the
//! lane undefined, and a non-finite or undefined channel of a weighted texel that channel.
//! The formats of integer channels have no linear filter (OpenCL C 3.0, 8.2: read_imagei
//! and read_imageui take nearest samplers only): undefined behaviour.
//!
//! Hardware snaps `t` to a sub-texel grid ([`SUB_TEXEL_BITS`]); [`execute_shifted`] runs
//! the filter with `t` moved within that precision, which is how the allowed set of a
//! linear sample is found (docs/sampler.md, "Linear filtering").

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::{
    ctrl, dimensions, float_param, format, is_3d, outside_texel, read_texel, sampler_state,
    surface, Channel,
};
use crate::error::{ErrorClass, Result, VisaError};
use crate::ir::{Instruction, Opcode, Program};
use crate::num::{ExactFloat, FloatFormat, Rounding};
use crate::operand::evaluate_ch_en;
use crate::state::{AddressMode, Filter, MachineState, SamplerState};
use crate::types::DataType;

/// The sub-texel precision the allowed set of a linear sample assumes: `t` may be off by
/// less than `2^-SUB_TEXEL_BITS` texel per axis (Direct3D 11 and 12,
/// `D3D11_SUBTEXEL_FRACTIONAL_BIT_COUNT`; Vulkan's Roadmap 2022 `subTexelPrecisionBits`).
pub const SUB_TEXEL_BITS: u64 = 8;

/// Where the linear filter's texel-space coordinate `t` of every axis is taken, for the
/// allowed set: the exact `t`, `2^-SUB_TEXEL_BITS` below or above it, or the nearest
/// texel centre (an integer `t`) when that lies within `2^-SUB_TEXEL_BITS` (where the
/// blend turns from one pair of texels to the next).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubTexel {
    Exact,
    Down,
    Up,
    Centre,
}

/// Where one axis' coordinate lands.
enum Axis {
    /// Texel index `i` in `[0, n-1]`.
    Texel(u64),
    /// Outside the surface under clamp: the border colour.
    Border,
    /// Outside the surface under none: undefined.
    Undefined,
}

/// `floor(x)` of the axis' texel-space coordinate `x = u*scale` as an exact integer (a NaN
/// is 0); `Err(negative)` for an infinity of that sign.
fn floor_texel(u: &ExactFloat, scale: u64) -> std::result::Result<BigInt, bool> {
    match u {
        ExactFloat::Zero { .. } | ExactFloat::NaN { .. } => Ok(BigInt::zero()),
        ExactFloat::Inf { negative } => Err(*negative),
        ExactFloat::Finite {
            negative,
            mantissa,
            exponent,
        } => {
            let mut x = BigInt::from(mantissa.clone()) * BigInt::from(scale);
            if *negative {
                x = -x;
            }
            Ok(if *exponent >= 0 {
                x << (*exponent as usize)
            } else {
                x.div_floor(&(BigInt::one() << ((-*exponent) as usize)))
            })
        }
    }
}

/// The address mode applied to coordinate `u` of an axis of `n` texels.
fn address(u: &ExactFloat, n: u64, normalized: bool, offset: i32, mode: AddressMode) -> Axis {
    let big_n = BigInt::from(n);
    let i = match floor_texel(u, if normalized { n } else { 1 }) {
        Ok(i) => i + offset,
        Err(negative) => match mode {
            AddressMode::Repeat | AddressMode::MirroredRepeat => BigInt::from(offset),
            // Beyond every texel on the infinity's side.
            _ if negative => BigInt::from(-1),
            _ => big_n.clone(),
        },
    };
    fold(i, n, mode)
}

/// Texel index `i` of an axis of `n` texels folded by the address mode.
fn fold(i: BigInt, n: u64, mode: AddressMode) -> Axis {
    let big_n = BigInt::from(n);
    let last = &big_n - 1;
    let inside = !i.is_negative() && i <= last;
    let texel = |k: &BigInt| Axis::Texel(k.to_u64().unwrap_or(0));
    match mode {
        AddressMode::ClampToEdge => {
            if i.is_negative() {
                Axis::Texel(0)
            } else if i > last {
                texel(&last)
            } else {
                texel(&i)
            }
        }
        AddressMode::Clamp if inside => texel(&i),
        AddressMode::Clamp => Axis::Border,
        AddressMode::None if inside => texel(&i),
        AddressMode::None => Axis::Undefined,
        AddressMode::Repeat => texel(&i.mod_floor(&big_n)),
        AddressMode::MirroredRepeat => {
            let k = i.mod_floor(&(&big_n * 2));
            if k < big_n {
                texel(&k)
            } else {
                texel(&(&big_n * 2 - 1 - k))
            }
        }
    }
}

/// An exact dyadic rational `num / 2^shift`: every coordinate, weight and texel value of
/// the linear filter is one.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Dyadic {
    num: BigInt,
    shift: u64,
}

impl Dyadic {
    fn int(n: impl Into<BigInt>) -> Dyadic {
        Dyadic {
            num: n.into(),
            shift: 0,
        }
    }

    /// `2^-k`.
    fn pow2_neg(k: u64) -> Dyadic {
        Dyadic {
            num: BigInt::one(),
            shift: k,
        }
    }

    /// The value of a finite float or zero; `None` for an infinity or a NaN.
    fn of(v: &ExactFloat) -> Option<Dyadic> {
        match v {
            ExactFloat::Zero { .. } => Some(Dyadic::int(0)),
            ExactFloat::Finite {
                negative,
                mantissa,
                exponent,
            } => {
                let m = BigInt::from(mantissa.clone());
                let m = if *negative { -m } else { m };
                Some(if *exponent >= 0 {
                    Dyadic::int(m << (*exponent as usize))
                } else {
                    Dyadic {
                        num: m,
                        shift: exponent.unsigned_abs(),
                    }
                })
            }
            _ => None,
        }
    }

    /// Both numerators over the larger denominator.
    fn aligned(&self, other: &Dyadic) -> (BigInt, BigInt, u64) {
        let s = self.shift.max(other.shift);
        (
            self.num.clone() << ((s - self.shift) as usize),
            other.num.clone() << ((s - other.shift) as usize),
            s,
        )
    }

    fn add(&self, other: &Dyadic) -> Dyadic {
        let (a, b, shift) = self.aligned(other);
        Dyadic { num: a + b, shift }
    }

    fn sub(&self, other: &Dyadic) -> Dyadic {
        let (a, b, shift) = self.aligned(other);
        Dyadic { num: a - b, shift }
    }

    fn mul(&self, other: &Dyadic) -> Dyadic {
        Dyadic {
            num: &self.num * &other.num,
            shift: self.shift + other.shift,
        }
    }

    fn abs(&self) -> Dyadic {
        Dyadic {
            num: self.num.abs(),
            shift: self.shift,
        }
    }

    fn compare(&self, other: &Dyadic) -> Ordering {
        let (a, b, _) = self.aligned(other);
        a.cmp(&b)
    }

    fn floor(&self) -> BigInt {
        self.num
            .div_floor(&(BigInt::one() << (self.shift as usize)))
    }

    /// `x - floor(x)`, in `[0, 1)`.
    fn frac(&self) -> Dyadic {
        self.sub(&Dyadic::int(self.floor()))
    }

    /// The nearest integer, ties to even (C's `rint` in the default rounding mode).
    fn rint(&self) -> BigInt {
        let f = self.floor();
        match self.frac().compare(&Dyadic::pow2_neg(1)) {
            Ordering::Less => f,
            Ordering::Greater => f + 1,
            Ordering::Equal if f.is_even() => f,
            Ordering::Equal => f + 1,
        }
    }

    fn exact(&self) -> ExactFloat {
        match self.num.sign() {
            num_bigint::Sign::NoSign => ExactFloat::zero(false),
            sign => ExactFloat::finite(
                sign == num_bigint::Sign::Minus,
                self.num.magnitude().clone(),
                -(self.shift as i64),
            ),
        }
    }
}

/// One axis of the linear filter: the texels `i0` and `i1` it blends and `a`, the weight of
/// `i1` (that of `i0` is `1 - a`).
struct LinearAxis {
    texels: [Axis; 2],
    a: Dyadic,
}

/// OpenCL's `i0`, `i1` and `a` of coordinate `u` on an axis of `n` texels (OpenCL C 3.0,
/// 8.2, `CLK_FILTER_LINEAR` under each addressing mode), `t` taken as `shift` says;
/// `None` for a NaN or infinite coordinate.
fn linear_axis(
    u: &ExactFloat,
    n: u64,
    normalized: bool,
    offset: i32,
    mode: AddressMode,
    shift: SubTexel,
) -> Option<LinearAxis> {
    let s = Dyadic::of(u)?;
    let size = Dyadic::int(n);
    let half = Dyadic::pow2_neg(1);
    let x = match mode {
        AddressMode::Repeat => s.frac().mul(&size),
        AddressMode::MirroredRepeat => {
            let even = Dyadic::int(s.mul(&half).rint() * 2);
            let x = s.sub(&even).abs().mul(&size);
            if x.compare(&size) == Ordering::Greater {
                size
            } else {
                x
            }
        }
        _ if normalized => s.mul(&size),
        _ => s,
    };
    let t = x.sub(&half);
    let step = Dyadic::pow2_neg(SUB_TEXEL_BITS);
    let t = match shift {
        SubTexel::Exact => t,
        SubTexel::Down => t.sub(&step),
        SubTexel::Up => t.add(&step),
        SubTexel::Centre => {
            let centre = Dyadic::int(t.rint());
            if t.sub(&centre).abs().compare(&step) == Ordering::Greater {
                t
            } else {
                centre
            }
        }
    };
    let i0 = t.floor() + offset;
    let i1 = &i0 + 1;
    Some(LinearAxis {
        texels: [fold(i0, n, mode), fold(i1, n, mode)],
        a: t.frac(),
    })
}

/// The linear filter of lane `i`: each channel the exact weighted sum of its corners'
/// texels rounded to F, or `None` where undefined.
#[allow(clippy::too_many_arguments)]
fn linear_lane(
    program: &Program,
    state: &mut MachineState,
    insn: &Instruction,
    i: usize,
    st: &SamplerState,
    size: [u64; 3],
    axes: usize,
    shift: [SubTexel; 3],
) -> Result<[Channel; 4]> {
    let c = ctrl(insn)?.clone();
    let (s, window) = surface(program, state, c.surface)?;
    let format = format(&s)?;
    let mut per_axis = Vec::with_capacity(axes);
    for (axis, name) in ["u", "v", "r"].into_iter().enumerate().take(axes) {
        let u = float_param(program, state, insn, name, i)?;
        let Some(a) = linear_axis(
            &u,
            size[axis],
            st.normalized,
            c.offset(axis),
            st.address[axis],
            shift[axis],
        ) else {
            return Ok([None; 4]);
        };
        per_axis.push(a);
    }
    let one = Dyadic::int(1);
    let mut sums: [Option<Dyadic>; 4] = std::array::from_fn(|_| Some(Dyadic::int(0)));
    for corner in 0..(1usize << axes) {
        let mut weight = Dyadic::int(1);
        let mut at = [0u64; 3];
        let mut border = false;
        for (axis, la) in per_axis.iter().enumerate() {
            let second = corner >> axis & 1 == 1;
            weight = weight.mul(&if second { la.a.clone() } else { one.sub(&la.a) });
            match la.texels[usize::from(second)] {
                Axis::Texel(k) => at[axis] = k,
                Axis::Border => border = true,
                // A weighted texel outside the surface under none.
                Axis::Undefined if !weight.num.is_zero() => return Ok([None; 4]),
                Axis::Undefined => {}
            }
        }
        if weight.num.is_zero() {
            continue;
        }
        let texel = if border {
            outside_texel(format, st.border)
        } else {
            read_texel(state, i as u32, &s, &window, format, at)
        };
        for (sum, channel) in sums.iter_mut().zip(texel) {
            let value =
                channel.and_then(|bits| Dyadic::of(&FloatFormat::F.decode(u64::from(bits))));
            *sum = match (sum.take(), value) {
                (Some(acc), Some(v)) => Some(acc.add(&weight.mul(&v))),
                _ => None,
            };
        }
    }
    Ok(sums.map(|sum| {
        sum.and_then(|v| {
            let rounded = FloatFormat::F.round(&v.exact(), Rounding::Rtne);
            FloatFormat::F.encode(&rounded).map(|bits| bits as u32)
        })
    }))
}

pub fn execute(program: &Program, insn: &Instruction, state: &mut MachineState) -> Result<()> {
    execute_shifted(program, insn, state, [SubTexel::Exact; 3])
}

/// [`execute`] with a linear filter's `t` of each axis (U, V, R) taken as `shift` says; the
/// nearest filter ignores `shift`.
#[allow(non_snake_case)]
pub fn execute_shifted(
    program: &Program,
    insn: &Instruction,
    state: &mut MachineState,
    shift: [SubTexel; 3],
) -> Result<()> {
    let c = ctrl(insn)?.clone();
    let exec_size = insn.exec_size as usize;
    let ChEn = evaluate_ch_en(insn, state);
    let Some(sampler) = c.sampler else {
        return Err(VisaError::model_bug("3D_SAMPLE without its sampler"));
    };
    let st = sampler_state(program, state, sampler)?;
    let (s, window) = surface(program, state, c.surface)?;
    let format = format(&s)?;
    if st.filter == Filter::Linear && format.register_type() != DataType::F {
        return Err(VisaError::new(
            ErrorClass::UndefinedBehaviour,
            format!(
                "a linear sampler state on surface {:#x} of format {}, whose channels are integers: OpenCL filters them with nearest samplers only (SAMPLE-LINEAR-FILTER)",
                s.bti,
                format.name()
            ),
        ));
    }
    let size = dimensions(&s);
    let axes = if is_3d(&s) { 3 } else { 2 };
    if size[..axes].contains(&0) {
        return Err(VisaError::new(
            ErrorClass::UndefinedBehaviour,
            format!("3D_SAMPLE reads surface {:#x}, which has no texel", s.bti),
        ));
    }
    let mut texels: Vec<Option<[Channel; 4]>> = vec![None; exec_size];
    for (i, texel) in texels.iter_mut().enumerate() {
        if ChEn >> i & 1 == 0 {
            continue;
        }
        // sample_l's LOD: one level, whatever its value (SAMPLER-SINGLE-LEVEL).
        if insn.opcode == Opcode::SampleL {
            float_param(program, state, insn, "lod", i)?;
        }
        if st.filter == Filter::Linear {
            *texel = Some(linear_lane(
                program, state, insn, i, &st, size, axes, shift,
            )?);
            continue;
        }
        let mut at = [0u64; 3];
        let mut border = false;
        let mut undefined = false;
        for (axis, name) in ["u", "v", "r"].into_iter().enumerate().take(axes) {
            let u = float_param(program, state, insn, name, i)?;
            match address(
                &u,
                size[axis],
                st.normalized,
                c.offset(axis),
                st.address[axis],
            ) {
                Axis::Texel(k) => at[axis] = k,
                Axis::Border => border = true,
                Axis::Undefined => undefined = true,
            }
        }
        *texel = Some(if undefined {
            [None; 4]
        } else if border {
            outside_texel(format, st.border)
        } else {
            read_texel(state, i as u32, &s, &window, format, at)
        });
    }
    super::write_channels(program, insn, state, &texels)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(x: f32) -> ExactFloat {
        crate::num::FloatFormat::F.decode(u64::from(x.to_bits()))
    }

    fn texel(a: Axis) -> Option<u64> {
        match a {
            Axis::Texel(k) => Some(k),
            _ => None,
        }
    }

    fn lin(
        u: f32,
        n: u64,
        normalized: bool,
        mode: AddressMode,
        shift: SubTexel,
    ) -> (Option<u64>, Option<u64>, Dyadic) {
        let la = linear_axis(&f(u), n, normalized, 0, mode, shift).unwrap_or(LinearAxis {
            texels: [Axis::Undefined, Axis::Undefined],
            a: Dyadic::int(-1),
        });
        let [t0, t1] = la.texels;
        (texel(t0), texel(t1), la.a)
    }

    #[test]
    fn the_linear_filter_takes_opencl_texels_and_weights() {
        let q = |num: i64, shift: u64| Dyadic {
            num: BigInt::from(num),
            shift,
        };
        // 0.375*2 - 0.5 = 0.25: texels 0 and 1, a = 1/4.
        let (a, b, w) = lin(0.375, 2, true, AddressMode::ClampToEdge, SubTexel::Exact);
        assert_eq!((a, b), (Some(0), Some(1)));
        assert_eq!(w.compare(&q(1, 2)), Ordering::Equal);
        // Mirrored repeat, s = 1.25 on 2 texels: |1.25 - 2*rint(0.625)| * 2 = 1.5, t = 1:
        // i0 = 1, i1 = 2 folded to 1, a = 0.
        let (a, b, w) = lin(1.25, 2, true, AddressMode::MirroredRepeat, SubTexel::Exact);
        assert_eq!((a, b), (Some(1), Some(1)));
        assert!(w.num.is_zero());
        // Repeat, s = -0.125 on 4 texels: (s - floor s)*4 = 3.5, t = 3: texels 3 and 0.
        let (a, b, _) = lin(-0.125, 4, true, AddressMode::Repeat, SubTexel::Exact);
        assert_eq!((a, b), (Some(3), Some(0)));
        // Clamp at t = -0.5: the border and texel 0, a = 1/2.
        let la = linear_axis(&f(0.0), 2, false, 0, AddressMode::Clamp, SubTexel::Exact);
        assert!(matches!(
            la.map(|l| l.texels),
            Some([Axis::Border, Axis::Texel(0)])
        ));
        // Unnormalized 2.5 + 2^-10: t = 2 + 2^-10, within 2^-8 of the centre 2.
        let u = 2.5 + 2f32.powi(-10);
        let (a, _, w) = lin(u, 4, false, AddressMode::ClampToEdge, SubTexel::Centre);
        assert_eq!(a, Some(2));
        assert!(w.num.is_zero());
        // A step down: t = 2 + 2^-10 - 2^-8, texels 1 and 2, a = 1 - 3 * 2^-10.
        let (a, b, w) = lin(u, 4, false, AddressMode::ClampToEdge, SubTexel::Down);
        assert_eq!((a, b), (Some(1), Some(2)));
        assert_eq!(w.compare(&q(1021, 10)), Ordering::Equal);
        // A NaN coordinate has no texels.
        assert!(linear_axis(
            &f(f32::NAN),
            4,
            true,
            0,
            AddressMode::Repeat,
            SubTexel::Exact
        )
        .is_none());
    }

    #[test]
    fn the_address_modes_fold_as_opencl_reads_them() {
        let n = 4;
        // 0.3*4 = 1.2: texel 1 in every mode.
        for m in AddressMode::ALL {
            assert_eq!(texel(address(&f(0.3), n, true, 0, m)), Some(1));
        }
        // 1.3*4 = 5.2: clamped to 3, wrapped to 1, mirrored to 2.
        assert_eq!(
            texel(address(&f(1.3), n, true, 0, AddressMode::ClampToEdge)),
            Some(3)
        );
        assert_eq!(
            texel(address(&f(1.3), n, true, 0, AddressMode::Repeat)),
            Some(1)
        );
        assert_eq!(
            texel(address(&f(1.3), n, true, 0, AddressMode::MirroredRepeat)),
            Some(2)
        );
        assert!(matches!(
            address(&f(1.3), n, true, 0, AddressMode::Clamp),
            Axis::Border
        ));
        assert!(matches!(
            address(&f(1.3), n, true, 0, AddressMode::None),
            Axis::Undefined
        ));
        // -0.1*4 = -0.4: floor -1; mirrored: 2n-1-7 = 0; repeat: 3.
        assert_eq!(
            texel(address(&f(-0.1), n, true, 0, AddressMode::MirroredRepeat)),
            Some(0)
        );
        assert_eq!(
            texel(address(&f(-0.1), n, true, 0, AddressMode::Repeat)),
            Some(3)
        );
        // Unnormalized 2.5 with a U offset of -1: texel 1.
        assert_eq!(
            texel(address(&f(2.5), n, false, -1, AddressMode::Clamp)),
            Some(1)
        );
        // NaN is 0.
        assert_eq!(
            texel(address(&f(f32::NAN), n, true, 0, AddressMode::Clamp)),
            Some(0)
        );
        assert_eq!(
            texel(address(
                &f(f32::INFINITY),
                n,
                true,
                0,
                AddressMode::ClampToEdge
            )),
            Some(3)
        );
    }
}
