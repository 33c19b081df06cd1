//! The sampler messages (instructions/3D_LOAD.md, INFO.md, 3D_SAMPLE.md) as compiled plans:
//! register offsets of the destination and of each named parameter, the surface's and the
//! sampler's handle slots and the channel layout decided once (docs/sampler.md). At run
//! time each enabled lane's coordinates become a texel address in 128-bit integers (a float
//! coordinate times the axis size is exact there: a 24-bit mantissa times a 32-bit size),
//! with the residue modulo twice the size kept exactly for the wrapping modes however large
//! the coordinate; the texel's channels are read through the surface format.

use half::f16;
use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive, Zero};
use visa_model::asm::ast::PredCombine;
use visa_model::error::Pos;
use visa_model::ir::sampler::params;
use visa_model::ir::{Ctrl, Dst, Instruction, Opcode, Payload, Program};
use visa_model::state::{
    AccessKind, AddrType, AddressMode, Filter, MachineState, Surface, SurfaceFormat, SurfaceHeap,
    Window,
};
use visa_model::types::DataType;
use visa_model::{ErrorClass, VisaError};

use super::enable::ch_en;
use crate::softfloat::{round_pack, Format, Rounding};
use crate::surface_format::read_channel;

type Result<T> = std::result::Result<T, VisaError>;

fn bug(m: &str) -> VisaError {
    VisaError::model_bug(m.to_string())
}

fn ub(m: String) -> VisaError {
    VisaError::new(ErrorClass::UndefinedBehaviour, m)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Load { with_lod: bool },
    Info,
    Sample,
}

/// One sampler message, ready to run.
#[derive(Clone, Debug)]
pub(crate) struct SamplerPlan {
    pub(crate) pos: Pos,
    mnemonic: &'static str,
    kind: Kind,
    exec_size: usize,
    no_mask: bool,
    mask_offset: u32,
    pred: Option<(usize, bool, PredCombine)>,
    ch_mask: u8,
    /// The signed U, V, R texel offsets of Aoffimmi.
    offsets: [i64; 3],
    /// Handle slots of the surface and the sampler variables.
    surface_slot: usize,
    sampler_slot: Option<usize>,
    /// Register byte and element type of `u`, `v`, `r`, `lod` (`None`: not written, 0).
    u: Option<(usize, DataType)>,
    v: Option<(usize, DataType)>,
    r: Option<(usize, DataType)>,
    lod: Option<(usize, DataType)>,
    dst: usize,
    /// Register bytes of one channel's block of Dst.
    block: usize,
    var_end: usize,
}

pub(crate) fn is_sampler(insn: &Instruction) -> bool {
    matches!(insn.ctrl, Ctrl::Sampler(_))
}

impl SamplerPlan {
    pub(crate) fn compile(program: &Program, insn: &Instruction) -> Result<SamplerPlan> {
        let Ctrl::Sampler(c) = &insn.ctrl else {
            return Err(bug("a sampler message without its fields"));
        };
        let grf = program.platform.grf_size();
        let place = |p: Payload| -> Result<usize> {
            let base = program
                .vars
                .get(p.var)
                .grf_offset
                .ok_or_else(|| bug("a sampler operand has no register-file storage"))?;
            Ok(base + p.row as usize * grf + p.col as usize * p.ty.size())
        };
        let names = params(insn.opcode);
        let named = |name: &str| -> Result<Option<(usize, DataType)>> {
            match names.iter().position(|n| *n == name) {
                Some(k) => match c.params.get(k) {
                    Some(p) => Ok(Some((place(*p)?, p.ty))),
                    None => Ok(None),
                },
                None => Ok(None),
            }
        };
        let slot = |v| {
            program
                .vars
                .get(v)
                .slot
                .ok_or_else(|| bug("a surface or sampler variable without elements"))
        };
        let Dst::General {
            var, row, col, ty, ..
        } = insn.dst
        else {
            return Err(bug("a sampler message without a destination"));
        };
        let info = program.vars.get(var);
        let kind = match insn.opcode {
            Opcode::Load3d => Kind::Load { with_lod: true },
            Opcode::LoadLz => Kind::Load { with_lod: false },
            Opcode::Resinfo => Kind::Info,
            _ => Kind::Sample,
        };
        let nibble = |shift: u32| -> i64 {
            let n = i64::from((c.aoffimmi >> shift) & 0xF);
            (n ^ 8) - 8
        };
        let exec_size = insn.exec_size as usize;
        Ok(SamplerPlan {
            pos: insn.pos,
            mnemonic: insn.opcode.mnemonic(),
            kind,
            exec_size,
            no_mask: insn.mask.no_mask,
            mask_offset: insn.mask.offset(),
            pred: insn.pred.map(|p| (p.var.0 as usize, p.invert, p.combine)),
            ch_mask: c.ch_mask,
            offsets: [nibble(8), nibble(4), nibble(0)],
            surface_slot: slot(c.surface)?,
            sampler_slot: c.sampler.map(slot).transpose()?,
            u: named("u")?,
            v: named("v")?,
            r: named("r")?,
            lod: named("lod")?,
            dst: place(Payload { var, row, col, ty })?,
            block: (exec_size * 4).div_ceil(grf) * grf,
            var_end: info.grf_offset.map_or(0, |s| s + info.byte_size()),
        })
    }

    fn grf_bits(state: &MachineState, p: Option<(usize, DataType)>, i: usize) -> Result<u32> {
        let Some((at, ty)) = p else { return Ok(0) };
        let n = ty.size();
        let b = state
            .grf
            .get(at + i * n..at + i * n + n)
            .ok_or_else(|| bug("a sampler parameter lies outside the register file"))?;
        Ok(b.iter().rev().fold(0u32, |acc, &x| acc << 8 | u32::from(x)))
    }

    /// A float parameter as F bits (HF widened exactly).
    fn float_bits(state: &MachineState, p: Option<(usize, DataType)>, i: usize) -> Result<u32> {
        let bits = Self::grf_bits(state, p, i)?;
        Ok(match p {
            Some((_, DataType::HF)) => f16::from_bits(bits as u16).to_f32().to_bits(),
            _ => bits,
        })
    }

    fn surface(&self, state: &MachineState) -> Result<(Surface, Window)> {
        let bti = *state
            .handles
            .get(self.surface_slot)
            .ok_or_else(|| bug("a surface variable outside the state"))?;
        let Some(s) = state.mem.surface(SurfaceHeap::BindingTable, u64::from(bti)) else {
            return Err(ub(format!(
                "no surface at index {bti:#x} of the bt table (init.surfaces)"
            )));
        };
        let w = state.mem.window(false, AddrType::Bti, u64::from(bti))?;
        Ok((s.clone(), w))
    }

    pub(crate) fn exec(&self, state: &mut MachineState) -> Result<()> {
        let en = ch_en(
            state,
            self.exec_size,
            self.no_mask,
            self.mask_offset,
            self.pred,
        );
        let (s, w) = self.surface(state)?;
        let texels_w = s.width.checked_div(s.pixel_size).map_or(0, i128::from);
        let size = [
            texels_w,
            i128::from(s.height.max(1)),
            i128::from(s.depth.max(1)),
        ];
        let three_d = s.depth > 1;
        if self.kind == Kind::Info {
            if s.pixel_size == 0 {
                return Err(ub(format!(
                    "resinfo reads surface {:#x}, which is not typed (no pixel_size)",
                    s.bti
                )));
            }
            return self.info(state, en, size, three_d);
        }
        let Some(format) = s.format else {
            return Err(ub(format!(
                "the sampler reads surface {:#x}, which has no surface format (init.surfaces[].format)",
                s.bti
            )));
        };
        let mut out: Vec<Option<[Option<u32>; 4]>> = vec![None; self.exec_size];
        match self.kind {
            Kind::Load { with_lod } => {
                for (i, o) in out.iter_mut().enumerate() {
                    if en >> i & 1 == 0 {
                        continue;
                    }
                    let signed = |p: Option<(usize, DataType)>, i: usize| -> Result<i128> {
                        let b = Self::grf_bits(state, p, i)?;
                        Ok(match p {
                            Some((_, DataType::UW)) => i128::from(b as u16 as i16),
                            _ => i128::from(b as i32),
                        })
                    };
                    let x = signed(self.u, i)? + i128::from(self.offsets[0]);
                    let y = signed(self.v, i)? + i128::from(self.offsets[1]);
                    let z = if three_d {
                        i128::from(Self::grf_bits(state, self.r, i)?) + i128::from(self.offsets[2])
                    } else {
                        0
                    };
                    let lod = if with_lod {
                        Self::grf_bits(state, self.lod, i)?
                    } else {
                        0
                    };
                    let ok = lod == 0
                        && [x, y, z]
                            .iter()
                            .zip(size)
                            .all(|(&a, n)| (0..n).contains(&a));
                    *o = Some(if ok {
                        texel(state, i, &s, &w, format, [x as u64, y as u64, z as u64])
                    } else {
                        fill(format, [0; 4])
                    });
                }
            }
            Kind::Sample => {
                let slot = self
                    .sampler_slot
                    .ok_or_else(|| bug("3D_SAMPLE without its sampler"))?;
                let index = *state
                    .handles
                    .get(slot)
                    .ok_or_else(|| bug("a sampler variable outside the state"))?;
                let Some(st) = state.mem.sampler(index).cloned() else {
                    return Err(ub(format!(
                        "no sampler state at index {index:#x} (init.samplers)"
                    )));
                };
                if let Some(why) = st.invalid() {
                    return Err(ub(format!("sampler state {index:#x}: {why}")));
                }
                let linear = st.filter == Filter::Linear;
                if linear && format.register_type() != DataType::F {
                    return Err(ub(format!(
                        "`{}` filters surface {:#x} of integer format {} linearly (SAMPLE-LINEAR-FILTER)",
                        self.mnemonic,
                        s.bti,
                        format.name()
                    )));
                }
                let axes = if three_d { 3 } else { 2 };
                if size[..axes].contains(&0) {
                    return Err(ub(format!(
                        "3D_SAMPLE reads surface {:#x}, which has no texel",
                        s.bti
                    )));
                }
                let coords = [self.u, self.v, self.r];
                for (i, o) in out.iter_mut().enumerate() {
                    if en >> i & 1 == 0 {
                        continue;
                    }
                    if linear {
                        let mut bits = [0u32; 3];
                        for a in 0..axes {
                            bits[a] = Self::float_bits(state, coords[a], i)?;
                        }
                        let lin = Linear {
                            size,
                            axes,
                            offsets: self.offsets,
                        };
                        *o = Some(lin.lane(state, i, &s, &w, format, &st, bits));
                        continue;
                    }
                    let mut at = [0u64; 3];
                    let mut lane = Lane::Texel;
                    for a in 0..axes {
                        let bits = Self::float_bits(state, coords[a], i)?;
                        match wrap(bits, size[a], st.normalized, self.offsets[a], st.address[a]) {
                            Some(k) => at[a] = k,
                            None if st.address[a] == AddressMode::None => lane = Lane::Undefined,
                            None => {
                                if lane == Lane::Texel {
                                    lane = Lane::Border;
                                }
                            }
                        }
                    }
                    *o = Some(match lane {
                        Lane::Texel => texel(state, i, &s, &w, format, at),
                        Lane::Border => fill(format, st.border),
                        Lane::Undefined => [None; 4],
                    });
                }
            }
            Kind::Info => {}
        }
        self.write(state, &out)
    }

    fn info(
        &self,
        state: &mut MachineState,
        en: u32,
        size: [i128; 3],
        three_d: bool,
    ) -> Result<()> {
        let n = self.exec_size;
        for i in 0..n {
            if en >> i & 1 == 0 {
                continue;
            }
            let lod = Self::grf_bits(state, self.lod, i)?;
            let shifted = |x: i128| if lod >= 32 { 0 } else { (x >> lod) as u32 };
            let values = [
                shifted(size[0]),
                shifted(size[1]),
                if three_d { shifted(size[2]) } else { 0 },
                0,
            ];
            for (c, value) in values.into_iter().enumerate() {
                let at = self.dst + 4 * (c * n + i);
                put(state, at, Some(value))?;
            }
        }
        Ok(())
    }

    fn write(&self, state: &mut MachineState, out: &[Option<[Option<u32>; 4]>]) -> Result<()> {
        let mut k = 0;
        for c in 0..4 {
            if self.ch_mask >> c & 1 == 0 {
                continue;
            }
            let start = self.dst + k * self.block;
            for (i, t) in out.iter().enumerate() {
                if let Some(t) = t {
                    put(state, start + 4 * i, t[c])?;
                }
            }
            for at in start + 4 * self.exec_size..(start + self.block).min(self.var_end) {
                state.undefined.insert(at);
            }
            k += 1;
        }
        Ok(())
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Lane {
    Texel,
    Border,
    Undefined,
}

/// Writes a UD at register byte `at`, or marks its bytes undefined (keeping them).
fn put(state: &mut MachineState, at: usize, value: Option<u32>) -> Result<()> {
    let slot = state
        .grf
        .get_mut(at..at + 4)
        .ok_or_else(|| bug("a sampler destination lies outside the register file"))?;
    match value {
        Some(v) => {
            slot.copy_from_slice(&v.to_le_bytes());
            state.undefined.remove_range(at..at + 4);
        }
        None => {
            state.undefined.insert_range(at..at + 4);
        }
    }
    Ok(())
}

/// The scale of the linear filter's fixed point: coordinates, weights and texel values are
/// integers times `2^-FIX` (an F value is a multiple of `2^-149`).
const FIX: usize = 160;

/// An F value times `2^FIX`, exactly; `None` for an infinity or a NaN.
fn fixed(bits: u32) -> Option<BigInt> {
    let exp_field = (bits >> 23 & 0xFF) as i64;
    if exp_field == 0xFF {
        return None;
    }
    let frac = bits & 0x7F_FFFF;
    let (m, e) = if exp_field == 0 {
        (frac, -149)
    } else {
        (frac | 1 << 23, exp_field - 150)
    };
    let v = BigInt::from(m) << ((e + FIX as i64) as usize);
    Some(if bits >> 31 == 1 { -v } else { v })
}

/// Where one axis' texel of the linear filter lies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tap {
    At(u64),
    Border,
    Undefined,
}

/// Texel index `i` folded into an axis of `n` texels by `mode` (as [`wrap`] folds).
fn fold(i: &BigInt, n: i128, mode: AddressMode) -> Tap {
    let big_n = BigInt::from(n);
    let inside = !i.is_negative() && *i < big_n;
    let at = |k: &BigInt| Tap::At(k.to_u64().unwrap_or(0));
    match mode {
        AddressMode::ClampToEdge if i.is_negative() => Tap::At(0),
        AddressMode::ClampToEdge if !inside => Tap::At((n - 1) as u64),
        AddressMode::ClampToEdge => at(i),
        AddressMode::Clamp if inside => at(i),
        AddressMode::Clamp => Tap::Border,
        AddressMode::None if inside => at(i),
        AddressMode::None => Tap::Undefined,
        AddressMode::Repeat => at(&i.mod_floor(&big_n)),
        AddressMode::MirroredRepeat => {
            let k = i.mod_floor(&(&big_n * 2));
            if k < big_n {
                at(&k)
            } else {
                at(&(&big_n * 2 - 1 - k))
            }
        }
    }
}

/// `v / 2^FIX` rounded to the nearest integer, ties to even.
fn rint_fixed(v: &BigInt) -> BigInt {
    let one = BigInt::from(1) << FIX;
    let (q, r) = v.div_mod_floor(&one);
    let twice = &r * 2;
    if twice < one || (twice == one && q.is_even()) {
        q
    } else {
        q + 1
    }
}

/// The linear filter of a sample message (docs/sampler.md, "Linear filtering"): OpenCL's
/// `i0`, `i1` and `a` per axis in fixed point, every corner's texel times the product of
/// its weights summed exactly, one rounding to F.
struct Linear {
    size: [i128; 3],
    axes: usize,
    offsets: [i64; 3],
}

impl Linear {
    /// The two taps of axis `a` and the weight of the second (times `2^FIX`); `None` for a
    /// non-finite coordinate.
    fn axis(
        &self,
        a: usize,
        bits: u32,
        normalized: bool,
        mode: AddressMode,
    ) -> Option<([Tap; 2], BigInt)> {
        let one = BigInt::from(1) << FIX;
        let n = self.size[a];
        let s = fixed(bits)?;
        let x = match mode {
            AddressMode::Repeat => s.mod_floor(&one) * n,
            AddressMode::MirroredRepeat => {
                let half_s: BigInt = &s >> 1usize;
                // s/2 is exact at this scale: s is a multiple of 2^11.
                let even: BigInt = rint_fixed(&half_s) * 2;
                let folded: BigInt = &s - (even << FIX);
                let x = folded.abs() * n;
                x.min(&one * n)
            }
            _ if normalized => s * n,
            _ => s,
        };
        let t = x - (&one >> 1usize);
        let (floor, frac) = t.div_mod_floor(&one);
        let i0 = floor + self.offsets[a];
        let i1 = &i0 + 1;
        Some(([fold(&i0, n, mode), fold(&i1, n, mode)], frac))
    }

    #[allow(clippy::too_many_arguments)]
    fn lane(
        &self,
        state: &mut MachineState,
        lane: usize,
        s: &Surface,
        w: &Window,
        format: SurfaceFormat,
        st: &visa_model::state::SamplerState,
        bits: [u32; 3],
    ) -> [Option<u32>; 4] {
        let one = BigInt::from(1) << FIX;
        let mut taps = Vec::with_capacity(self.axes);
        for (a, &b) in bits.iter().enumerate().take(self.axes) {
            match self.axis(a, b, st.normalized, st.address[a]) {
                Some(t) => taps.push(t),
                None => return [None; 4],
            }
        }
        let mut sums: [Option<BigInt>; 4] = std::array::from_fn(|_| Some(BigInt::zero()));
        for corner in 0..(1usize << self.axes) {
            let mut weight = BigInt::from(1);
            let mut at = [0u64; 3];
            let mut border = false;
            let mut undefined = false;
            for (a, (tap, frac)) in taps.iter().enumerate() {
                let hi = corner >> a & 1;
                weight *= if hi == 1 { frac.clone() } else { &one - frac };
                match tap[hi] {
                    Tap::At(k) => at[a] = k,
                    Tap::Border => border = true,
                    Tap::Undefined => undefined = true,
                }
            }
            if weight.is_zero() {
                continue;
            }
            if undefined {
                return [None; 4];
            }
            let channels = if border {
                fill(format, st.border)
            } else {
                texel(state, lane, s, w, format, at)
            };
            for (sum, ch) in sums.iter_mut().zip(channels) {
                *sum = match (sum.take(), ch.and_then(fixed)) {
                    (Some(acc), Some(v)) => Some(acc + &weight * v),
                    _ => None,
                };
            }
        }
        // The sum is scaled by 2^(FIX * (axes + 1)).
        let low = -((FIX * (self.axes + 1)) as i64);
        sums.map(|sum| sum.map(|v| round_f(&v, low)))
    }
}

/// `v * 2^low` rounded to F, to nearest, ties to even (an exact zero is +0).
fn round_f(v: &BigInt, low: i64) -> u32 {
    if v.is_zero() {
        return 0;
    }
    let neg = v.sign() == Sign::Minus;
    let mag = v.magnitude();
    let len = mag.bits();
    // 120 significant bits and a sticky bit: far more than F's rounding needs.
    let (top, exp) = if len > 120 {
        let shift = len - 120;
        let lost = mag.trailing_zeros().unwrap_or(0) < shift;
        let kept = (mag >> shift)
            .iter_u64_digits()
            .take(2)
            .enumerate()
            .fold(0u128, |acc, (k, d)| acc | u128::from(d) << (64 * k));
        (kept << 1 | u128::from(lost), low + shift as i64 - 1)
    } else {
        let kept = mag
            .iter_u64_digits()
            .take(2)
            .enumerate()
            .fold(0u128, |acc, (k, d)| acc | u128::from(d) << (64 * k));
        (kept, low)
    };
    round_pack(neg, top, exp as i32, Format::F, Rounding::NearestEven) as u32
}

/// The texel's four channels: the stored ones converted, the others the format's defaults.
fn texel(
    state: &mut MachineState,
    lane: usize,
    s: &Surface,
    w: &Window,
    format: SurfaceFormat,
    [x, y, z]: [u64; 3],
) -> [Option<u32>; 4] {
    let cb = format.channel_bits() / 8;
    let row = u64::from(s.pitch);
    let base = (z * u64::from(s.height.max(1)) + y) * row + x * u64::from(s.pixel_size);
    let mut out = [None; 4];
    for (c, o) in out.iter_mut().enumerate() {
        let c = c as u32;
        if c >= format.channels() {
            *o = Some(format.missing_channel(c));
            continue;
        }
        let mut buf = [0u8; 4];
        let off = base + u64::from(c * cb);
        let bytes = &mut buf[..cb as usize];
        let undefined = state.mem.load(w, off, bytes);
        state.mem.note(
            Some(lane as u32),
            w,
            off,
            cb as usize,
            u64::MAX,
            AccessKind::Read,
        );
        if undefined.is_empty() {
            *o = Some(read_channel(format, u32::from_le_bytes(buf)));
        }
    }
    out
}

/// A texel outside the surface: `stored` in the format's channels, its defaults elsewhere.
fn fill(format: SurfaceFormat, stored: [u32; 4]) -> [Option<u32>; 4] {
    std::array::from_fn(|c| {
        let c32 = c as u32;
        Some(if c32 < format.channels() {
            stored[c]
        } else {
            format.missing_channel(c32)
        })
    })
}

/// `2^e mod m`.
fn pow2_mod(mut e: u32, m: u128) -> u128 {
    let mut result = 1 % m;
    let mut base = 2 % m;
    while e > 0 {
        if e & 1 == 1 {
            result = result * base % m;
        }
        base = base * base % m;
        e >>= 1;
    }
    result
}

/// The texel index of an F coordinate on an axis of `n` texels under `mode`, or `None`
/// outside the surface (clamp: the border colour; none: undefined).
fn wrap(bits: u32, n: i128, normalized: bool, offset: i64, mode: AddressMode) -> Option<u64> {
    let scale = if normalized { n as u128 } else { 1 };
    let period = 2 * n as u128;
    let negative = bits >> 31 == 1;
    let exp_field = (bits >> 23 & 0xFF) as i32;
    let frac = u128::from(bits & 0x7F_FFFF);
    // floor(x) clamped to a range far past any surface, and floor(x) modulo 2n exactly.
    let far: i128 = 1 << 100;
    let (floor, residue) = if exp_field == 0xFF {
        if frac != 0 || matches!(mode, AddressMode::Repeat | AddressMode::MirroredRepeat) {
            (0, 0) // NaN, and an infinity that wraps: coordinate 0
        } else if negative {
            (-far, 0)
        } else {
            (far, 0)
        }
    } else {
        let (m, e) = if exp_field == 0 {
            (frac, -149)
        } else {
            (frac | 1 << 23, exp_field - 150)
        };
        let mag = m * scale;
        if e >= 0 {
            let r = (mag % period) * pow2_mod(e as u32, period) % period;
            let r = if negative { (period - r) % period } else { r };
            let f = if e <= 40 {
                let v = (mag << e) as i128;
                if negative {
                    -v
                } else {
                    v
                }
            } else if negative {
                -far
            } else {
                far
            };
            (f, r)
        } else {
            let sh = (-e) as u32;
            let whole = if sh >= 128 { 0 } else { mag >> sh };
            let exact = sh < 128 && whole << sh == mag;
            let f = if negative {
                -(whole as i128) - i128::from(!exact && mag != 0)
            } else {
                whole as i128
            };
            (f, f.rem_euclid(period as i128) as u128)
        }
    };
    let i = floor + i128::from(offset);
    let k = (residue as i128 + i128::from(offset)).rem_euclid(period as i128);
    match mode {
        AddressMode::ClampToEdge => Some(i.clamp(0, n - 1) as u64),
        AddressMode::Clamp | AddressMode::None => (0..n).contains(&i).then_some(i as u64),
        AddressMode::Repeat => Some((k % n) as u64),
        AddressMode::MirroredRepeat => Some(if k < n { k } else { 2 * n - 1 - k } as u64),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_is_exact_for_large_coordinates() {
        // 2^30 * 3 texels modulo 2*3: 0 (an integer times n is a multiple of n).
        let big = (2f32.powi(30)).to_bits();
        assert_eq!(wrap(big, 3, true, 0, AddressMode::Repeat), Some(0));
        assert_eq!(wrap(big, 3, true, 0, AddressMode::MirroredRepeat), Some(0));
        // 1.3*4 = 5.2: 3, 1, 2.
        let x = 1.3f32.to_bits();
        assert_eq!(wrap(x, 4, true, 0, AddressMode::ClampToEdge), Some(3));
        assert_eq!(wrap(x, 4, true, 0, AddressMode::Repeat), Some(1));
        assert_eq!(wrap(x, 4, true, 0, AddressMode::MirroredRepeat), Some(2));
        assert_eq!(wrap(x, 4, true, 0, AddressMode::Clamp), None);
        // -0.1*4 = -0.4: floor -1.
        let y = (-0.1f32).to_bits();
        assert_eq!(wrap(y, 4, true, 0, AddressMode::Repeat), Some(3));
        assert_eq!(wrap(y, 4, true, 0, AddressMode::MirroredRepeat), Some(0));
        assert_eq!(
            wrap(f32::NAN.to_bits(), 4, true, 0, AddressMode::Clamp),
            Some(0)
        );
    }
}
