//! 8-bit integer DPAS (u8 and s8 in either operand) as byte dot products, on x86-64 CPUs
//! with AVX-512 VNNI (with VL) or AVX-VNNI, detected at run time.
//!
//! `vpdpbusd` multiplies four unsigned bytes by four signed bytes and adds the four
//! products to an i32 lane. With 8-bit precisions a Src1 DW holds four consecutive depths of
//! its column and four consecutive bytes of Src2 are four consecutive depths of a row of A,
//! so one `vpdpbusd` of a Src1 register (8 columns per 256-bit register) with a quad of A
//! broadcast adds four products to every column: the register bytes are the operands,
//! unpacked into nothing.
//!
//! The instruction takes A unsigned and B signed. Any other pair of signedness is brought to
//! that form by flipping the top bit of each byte: a signed `a` is `a' - 128` with
//! `a' = a ^ 0x80` read unsigned, an unsigned `b` is `b' + 128` with `b' = b ^ 0x80` read
//! signed, so that over the K depths
//!
//! `sum a*b = sum a'*b' + cb * sum a' - ca * sum b' - ca * cb * K`
//!
//! (`ca` = 128 when A is signed, `cb` = 128 when B is unsigned, else 0), every term taken
//! mod 2^32 as DPAS-INT-WRAP's sum is. `sum a'` is per row, `sum b'` per column (one more
//! `vpdpbusd` per Src1 register, against bytes of 1).

use super::plan::BytesFn;
#[cfg(test)]
use super::plan::{Operands, M_MAX, N};

/// The byte kernel of W and A of 8 bits (`w_signed`, `a_signed`) on `n` columns, if this
/// CPU has one; `None` elsewhere (the unpacking kernel of `int.rs` runs instead).
pub(super) fn kernel_for(w_signed: bool, a_signed: bool, n: usize) -> Option<BytesFn> {
    #[cfg(target_arch = "x86_64")]
    {
        x86::kernel_for(w_signed, a_signed, n)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (w_signed, a_signed, n);
        None
    }
}

/// The flip of each byte of a DW: A's when A is signed, B's when B is unsigned.
const fn flip(flipped: bool) -> u32 {
    if flipped {
        0x8080_8080
    } else {
        0
    }
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod x86 {
    use std::arch::x86_64::{
        __m256i, _mm256_dpbusd_avx_epi32, _mm256_dpbusd_epi32, _mm256_loadu_si256,
        _mm256_set1_epi32, _mm256_setzero_si256, _mm256_storeu_si256, _mm256_xor_si256,
    };

    use super::flip;
    use crate::dpas::plan::{BytesFn, Operands};

    /// Whether this CPU runs the AVX-512 form (the detection is cached by std).
    #[inline(always)]
    fn has_avx512() -> bool {
        std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512vl")
            && std::arch::is_x86_feature_detected!("avx512vnni")
    }

    /// Whether this CPU runs the AVX-VNNI form.
    #[inline(always)]
    fn has_avx_vnni() -> bool {
        std::arch::is_x86_feature_detected!("avxvnni")
    }

    pub(super) fn kernel_for(w_signed: bool, a_signed: bool, n: usize) -> Option<BytesFn> {
        // One instance per form, register count and signedness pair.
        macro_rules! pick {
            ($form:ident) => {
                match (n, a_signed, w_signed) {
                    (8, false, true) => $form::<1, { flip(false) }, { flip(false) }>,
                    (8, true, true) => $form::<1, { flip(true) }, { flip(false) }>,
                    (8, false, false) => $form::<1, { flip(false) }, { flip(true) }>,
                    (8, true, false) => $form::<1, { flip(true) }, { flip(true) }>,
                    (16, false, true) => $form::<2, { flip(false) }, { flip(false) }>,
                    (16, true, true) => $form::<2, { flip(true) }, { flip(false) }>,
                    (16, false, false) => $form::<2, { flip(false) }, { flip(true) }>,
                    (16, true, false) => $form::<2, { flip(true) }, { flip(true) }>,
                    _ => return None,
                }
            };
        }
        if has_avx512() {
            Some(pick!(run_avx512))
        } else if has_avx_vnni() {
            Some(pick!(run_avx_vnni))
        } else {
            None
        }
    }

    /// [`kernel_avx512`]; false, having done nothing, on a CPU without it.
    fn run_avx512<const C: usize, const XA: u32, const XB: u32>(ops: Operands) -> bool {
        if ops.k == 0 || ops.k > 32 || !has_avx512() {
            return false;
        }
        // SAFETY: the CPU supports AVX-512 F, VL and VNNI, the only requirement of
        // `kernel_avx512`.
        unsafe { kernel_avx512::<C, XA, XB>(ops) };
        true
    }

    /// [`kernel_avx_vnni`]; false, having done nothing, on a CPU without it.
    fn run_avx_vnni<const C: usize, const XA: u32, const XB: u32>(ops: Operands) -> bool {
        if ops.k == 0 || ops.k > 32 || !has_avx_vnni() {
            return false;
        }
        // SAFETY: the CPU supports AVX-VNNI (and so AVX2), the only requirement of
        // `kernel_avx_vnni`.
        unsafe { kernel_avx_vnni::<C, XA, XB>(ops) };
        true
    }

    /// 32 bytes as a 256-bit register.
    #[inline(always)]
    fn load(bytes: &[u8; 32]) -> __m256i {
        // SAFETY: `bytes` is 32 readable bytes: one unaligned 32-byte load (AVX, which
        // every caller's target features include).
        unsafe { _mm256_loadu_si256(bytes.as_ptr().cast::<__m256i>()) }
    }

    /// A 256-bit register as its 8 i32 lanes.
    #[inline(always)]
    fn lanes(v: __m256i) -> [i32; 8] {
        let mut out = [0i32; 8];
        // SAFETY: `out` is 32 writable bytes: one unaligned 32-byte store (AVX, which
        // every caller's target features include).
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast::<__m256i>(), v) };
        out
    }

    /// The kernel, once per form: `C` registers of 8 columns per row, `XA` and `XB` the
    /// byte flips of A and B (module doc).
    macro_rules! byte_kernel {
        ($name:ident, $features:literal, $dpbusd:ident) => {
            #[target_feature(enable = $features)]
            fn $name<const C: usize, const XA: u32, const XB: u32>(ops: Operands) {
                let Operands { a, k, b, acc } = ops;
                let zero = _mm256_setzero_si256();
                let xb = _mm256_set1_epi32(XB as i32);
                let ones = _mm256_set1_epi32(0x0101_0101);
                // B' once: at most 8 Src1 registers (K <= 32), and its column sums.
                let mut bv = [[zero; C]; 8];
                let mut cols = [zero; C];
                for (reg, v) in b.iter().zip(bv.iter_mut()).take(k / 4) {
                    for (c, (v, col)) in v.iter_mut().zip(cols.iter_mut()).enumerate() {
                        let Some(bytes) = reg
                            .get(32 * c..32 * c + 32)
                            .and_then(|s| <&[u8; 32]>::try_from(s).ok())
                        else {
                            continue;
                        };
                        *v = _mm256_xor_si256(load(bytes), xb);
                        if XA != 0 {
                            *col = $dpbusd(*col, ones, *v);
                        }
                    }
                }
                let col_sums = cols.map(lanes);
                // ca * cb * K, mod 2^32.
                let both = if XA != 0 && XB != 0 {
                    (128u32 * 128).wrapping_mul(k as u32)
                } else {
                    0
                };
                for (row, out) in a.chunks_exact(k).zip(acc.iter_mut()) {
                    let mut sums = [zero; C];
                    let mut row_sum = 0u32;
                    for (quad, v) in row.as_chunks::<4>().0.iter().zip(&bv) {
                        let aq = u32::from_le_bytes(*quad) ^ XA;
                        if XB != 0 {
                            row_sum = row_sum.wrapping_add(
                                (aq & 0xFF) + (aq >> 8 & 0xFF) + (aq >> 16 & 0xFF) + (aq >> 24),
                            );
                        }
                        let av = _mm256_set1_epi32(aq as i32);
                        for (s, v) in sums.iter_mut().zip(v) {
                            *s = $dpbusd(*s, av, *v);
                        }
                    }
                    // cb * sum a' - ca * cb * K, the same for every column of the row.
                    let row_term = if XB != 0 {
                        (128u32.wrapping_mul(row_sum)).wrapping_sub(both)
                    } else {
                        0
                    };
                    let outs = out.as_chunks_mut::<8>().0.iter_mut();
                    for ((out, s), col) in outs.zip(sums).zip(&col_sums) {
                        for ((o, s), col) in out.iter_mut().zip(lanes(s)).zip(col) {
                            // - ca * sum b'
                            let col_term = if XA != 0 {
                                128u32.wrapping_mul(*col as u32)
                            } else {
                                0
                            };
                            *o = (*o as u32)
                                .wrapping_add(s as u32)
                                .wrapping_add(row_term)
                                .wrapping_sub(col_term) as i32;
                        }
                    }
                }
            }
        };
    }

    byte_kernel!(
        kernel_avx512,
        "avx512f,avx512vl,avx512vnni",
        _mm256_dpbusd_epi32
    );
    byte_kernel!(kernel_avx_vnni, "avxvnni", _mm256_dpbusd_avx_epi32);

    /// A form's choice of kernel, as [`kernel_for`] (for the tests).
    #[cfg(test)]
    pub(super) type FormFn = fn(bool, bool, usize) -> Option<BytesFn>;

    /// Every form this CPU has, for the tests.
    #[cfg(test)]
    pub(super) fn forms() -> Vec<(&'static str, FormFn)> {
        fn avx512(w: bool, a: bool, n: usize) -> Option<BytesFn> {
            has_avx512()
                .then(|| kernel_for_form(w, a, n, true))
                .flatten()
        }
        fn avx_vnni(w: bool, a: bool, n: usize) -> Option<BytesFn> {
            has_avx_vnni()
                .then(|| kernel_for_form(w, a, n, false))
                .flatten()
        }
        vec![("avx512-vnni", avx512), ("avx-vnni", avx_vnni)]
    }

    #[cfg(test)]
    fn kernel_for_form(w_signed: bool, a_signed: bool, n: usize, avx512: bool) -> Option<BytesFn> {
        macro_rules! pick {
            ($form:ident) => {
                match (n, a_signed, w_signed) {
                    (8, false, true) => $form::<1, { flip(false) }, { flip(false) }>,
                    (8, true, true) => $form::<1, { flip(true) }, { flip(false) }>,
                    (8, false, false) => $form::<1, { flip(false) }, { flip(true) }>,
                    (8, true, false) => $form::<1, { flip(true) }, { flip(true) }>,
                    (16, false, true) => $form::<2, { flip(false) }, { flip(false) }>,
                    (16, true, true) => $form::<2, { flip(true) }, { flip(false) }>,
                    (16, false, false) => $form::<2, { flip(false) }, { flip(true) }>,
                    (16, true, false) => $form::<2, { flip(true) }, { flip(true) }>,
                    _ => return None,
                }
            };
        }
        Some(if avx512 {
            pick!(run_avx512)
        } else {
            pick!(run_avx_vnni)
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A deterministic byte stream (64-bit LCG).
    struct Bytes(u64);
    impl Bytes {
        fn next(&mut self) -> u8 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 33) as u8
        }
    }

    /// Every form this CPU has, every signedness pair, depth, row count and width, random
    /// bytes with their extremes: the byte kernel gives C plus the naive dot products mod
    /// 2^32. (On a CPU with neither form the test checks that none is offered.)
    #[test]
    fn byte_kernels_match_naive_dot_products() {
        #[cfg(target_arch = "x86_64")]
        let forms = x86::forms();
        #[cfg(not(target_arch = "x86_64"))]
        #[allow(clippy::type_complexity)]
        let forms: Vec<(&str, fn(bool, bool, usize) -> Option<BytesFn>)> = Vec::new();
        let mut rng = Bytes(11);
        let mut ran = 0;
        for (form, kernel_for) in forms {
            for (w_signed, a_signed) in [(true, true), (true, false), (false, true), (false, false)]
            {
                for n in [8usize, 16] {
                    let Some(kernel) = kernel_for(w_signed, a_signed, n) else {
                        continue;
                    };
                    for sd in [1usize, 2, 4, 8] {
                        for rows in [1usize, 3, 4, 5, 8] {
                            for trial in 0..3 {
                                let k = 4 * sd;
                                let mut a = vec![0u8; rows * k];
                                let mut regs = vec![vec![0u8; 4 * n]; sd];
                                let fill = |rng: &mut Bytes, x: &mut [u8]| {
                                    for v in x.iter_mut() {
                                        *v = match trial {
                                            1 => 0x80,
                                            2 => 0xFF,
                                            _ => rng.next(),
                                        };
                                    }
                                };
                                fill(&mut rng, &mut a);
                                for r in &mut regs {
                                    fill(&mut rng, r);
                                }
                                let mut c = [[0i32; N]; M_MAX];
                                for v in c.iter_mut().flatten() {
                                    *v = i32::from_le_bytes([0; 4].map(|_| rng.next()));
                                }
                                let b: Vec<&[u8]> = regs.iter().map(|r| r.as_slice()).collect();
                                let mut acc = c;
                                let done = kernel(Operands {
                                    a: &a,
                                    k,
                                    b: &b,
                                    acc: &mut acc,
                                });
                                assert!(done, "{form}");
                                let value = |x: u8, signed: bool| {
                                    if signed {
                                        i64::from(x as i8)
                                    } else {
                                        i64::from(x)
                                    }
                                };
                                for r in 0..M_MAX {
                                    for i in 0..N {
                                        let mut want = i64::from(c[r][i]);
                                        if r < rows && i < n {
                                            for kk in 0..k {
                                                let bv = regs[kk / 4][4 * i + kk % 4];
                                                want += value(a[r * k + kk], a_signed)
                                                    * value(bv, w_signed);
                                            }
                                        }
                                        assert_eq!(
                                            acc[r][i], want as i32,
                                            "{form} w signed {w_signed} a signed {a_signed} n {n} \
                                             sd {sd} rows {rows} trial {trial} row {r} col {i}"
                                        );
                                    }
                                }
                                ran += 1;
                            }
                        }
                    }
                }
            }
        }
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx512vnni")
            || std::arch::is_x86_feature_detected!("avxvnni")
        {
            assert!(ran > 0);
        }
        let _ = ran;
    }
}
