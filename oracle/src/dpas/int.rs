//! Integer DPAS: the operands unpacked straight from the register bytes into dense i16
//! matrices, then a blocked kernel with 32-bit wrapping accumulation (DPAS-INT-WRAP).
//!
//! Every integer precision (u2 .. s8) and every product's factor fits an i16, and the sum of
//! two products fits an i32: the kernel multiplies i16 pairs into i32 sums, the shape of
//! SSE2's `pmaddwd`, which the compiler emits for its inner loop without any explicit SIMD.
//!
//! Layouts (K = SD * OPS_PER_CHAN, a multiple of 4 for every integer precision pair):
//! - A (Src2): `rows x K` row-major i16, row r from field r*K of Src2 (its fields are
//!   contiguous, so every byte of Src2 is read once);
//! - B (Src1): in *pairs* of depths, `b[p][i] = [B[2p][i], B[2p+1][i]]`. A Src1 DW of
//!   column i holds 32/bits(W) consecutive depths of that column (SOPC depths of
//!   OPS_PER_CHAN fields), so a Src1 register gives 2, 4 or 8 pair rows.
//!
//! The kernel broadcasts A's pair `a[r][2p], a[r][2p+1]` over the 16 columns and adds its
//! products with pair row p of B into 16 i32 lanes per row.

use visa_model::state::MachineState;
use visa_model::VisaError;

use super::plan::{
    BytesFn, DpasPlan, IntPlan, Operands, Result, Src1Fn, UnpackFn, K_MAX, M_MAX, N, SRC2_MAX,
};

impl DpasPlan {
    /// Integer DPAS (crate::dpas::int); bf8/hf8 under the literal DPAS-TF32-FP8-PATHS read
    /// as u8.
    pub(super) fn exec_int(&self, state: &mut MachineState, ip: IntPlan) -> Result<()> {
        // C, then D = C + A x B with 32-bit wrapping accumulation (DPAS-INT-WRAP).
        let mut acc = [[0i32; N]; M_MAX];
        if let Some(at) = self.src0_at {
            for (r, row) in acc.iter_mut().enumerate().take(self.rows) {
                let at = at + r * self.row_advance;
                if let Some(s) = state.grf.get(at..at + 4 * self.n) {
                    for (v, dw) in row.iter_mut().zip(s.as_chunks::<4>().0) {
                        *v = i32::from_le_bytes(*dw);
                    }
                }
            }
        }
        if !ip
            .bytes
            .is_some_and(|f| self.run_bytes(f, state, ip, &mut acc))
        {
            self.unpacked(state, ip, &mut acc);
        }
        for (r, row) in acc.iter().enumerate().take(self.rows) {
            let at = self.dst_at + r * self.row_advance;
            let end = at + 4 * self.n;
            let Some(slot) = state.grf.get_mut(at..end) else {
                return Err(VisaError::model_bug("DPAS Dst outside the register file"));
            };
            for (dw, v) in slot.as_chunks_mut::<4>().0.iter_mut().zip(row) {
                *dw = v.to_le_bytes();
            }
            if !state.undefined.is_empty() {
                for byte in at..end {
                    state.undefined.remove(&byte);
                }
            }
        }
        Ok(())
    }

    /// A x B added into `acc` by a byte kernel ([`crate::dpas`]'s `bytes.rs`), reading A and
    /// B in place; false, having done nothing, when an operand leaves the register file or
    /// the CPU cannot run the kernel (the unpacking path then runs).
    fn run_bytes(
        &self,
        kernel: BytesFn,
        state: &MachineState,
        ip: IntPlan,
        acc: &mut [[i32; N]; M_MAX],
    ) -> bool {
        // The same extent of Src2 as the unpacking path reads (zeros when it leaves the
        // register file: that path's case).
        let len = self.src2_bytes.min(SRC2_MAX - 4);
        let Some(a) = state
            .grf
            .get(self.src2_at..self.src2_at + len)
            .and_then(|s| s.get(..ip.a_bytes))
        else {
            return false;
        };
        let mut b: [&[u8]; K_MAX / 4] = [&[]; K_MAX / 4];
        if ip.src1_registers > b.len() {
            return false;
        }
        for (m, reg) in b.iter_mut().enumerate().take(ip.src1_registers) {
            let at = self.src1_at + m * self.grf;
            let Some(row) = state.grf.get(at..at + 4 * self.n) else {
                return false;
            };
            *reg = row;
        }
        kernel(Operands {
            a,
            k: self.k,
            b: &b[..ip.src1_registers],
            acc,
        })
    }

    /// A x B added into `acc` by unpacking both into i16 matrices and the pair-wise kernel.
    /// Out of line: its 3 KiB of matrices are cleared only on this path.
    #[inline(never)]
    fn unpacked(&self, state: &MachineState, ip: IntPlan, acc: &mut [[i32; N]; M_MAX]) {
        // A: rows x K from Src2, read in place unless DPASW splits it between two threads.
        let mut a = [0i16; K_MAX * M_MAX];
        let a = &mut a[..self.rows * self.k];
        let len = self.src2_bytes.min(SRC2_MAX - 4);
        match self.split {
            None => {
                if let Some(s) = state.grf.get(self.src2_at..self.src2_at + len) {
                    (ip.unpack_a)(s, a);
                }
            }
            Some(_) => (ip.unpack_a)(&self.src2_buffer(state)[..ip.a_bytes], a),
        }
        // B in pair rows, from the Src1 registers.
        let mut b: Pairs = [[[0; 2]; N]; K_MAX / 2];
        let q = ip.pairs_per_register;
        for m in 0..ip.src1_registers {
            let at = self.src1_at + m * self.grf;
            let (Some(row), Some(pairs)) = (
                state.grf.get(at..at + 4 * self.n),
                b.get_mut(m * q..(m + 1) * q),
            ) else {
                continue;
            };
            (ip.unpack_w)(row, self.n, pairs);
        }
        kernel(a, self.k, &b, acc);
    }
}

/// B in pairs of depths: `[p][i] = [B[2p][i], B[2p+1][i]]`.
pub(super) type Pairs = [[[i16; 2]; N]; K_MAX / 2];

/// The unpacker of a `bits`-wide integer precision.
pub(super) fn unpacker(bits: u32, signed: bool) -> Option<UnpackFn> {
    Some(match (bits, signed) {
        (2, false) => unpack::<2, false>,
        (2, true) => unpack::<2, true>,
        (4, false) => unpack::<4, false>,
        (4, true) => unpack::<4, true>,
        (8, false) => unpack::<8, false>,
        (8, true) => unpack::<8, true>,
        _ => return None,
    })
}

/// Every `BITS`-wide field of `bytes` in order (field f of a DW lies at bits f*BITS, so in
/// byte f*BITS/8: byte order is field order), sign-extended when `SIGNED`, into `out`.
/// Stops at the shorter of the two.
#[inline(always)]
fn unpack<const BITS: usize, const SIGNED: bool>(bytes: &[u8], out: &mut [i16]) {
    if BITS == 8 {
        for (v, &b) in out.iter_mut().zip(bytes) {
            *v = if SIGNED {
                i16::from(b as i8)
            } else {
                i16::from(b)
            };
        }
        return;
    }
    let per_byte = 8 / BITS;
    let mask = (1u8 << BITS) - 1;
    for (fields, &b) in out.chunks_exact_mut(per_byte).zip(bytes) {
        for (f, v) in fields.iter_mut().enumerate() {
            *v = if SIGNED {
                i16::from(((b << (8 - BITS - f * BITS)) as i8) >> (8 - BITS))
            } else {
                i16::from((b >> (f * BITS)) & mask)
            };
        }
    }
}

/// The Src1 unpacker of a `bits`-wide integer precision (in AVX2 for 8 bits when the CPU
/// has it).
pub(super) fn src1_unpacker(bits: u32, signed: bool) -> Option<Src1Fn> {
    #[cfg(target_arch = "x86_64")]
    if avx2::available() {
        match (bits, signed) {
            (8, false) => return Some(avx2::src1_register_8::<false>),
            (8, true) => return Some(avx2::src1_register_8::<true>),
            _ => {}
        }
    }
    portable_src1_unpacker(bits, signed)
}

/// [`src1_unpacker`] without explicit SIMD.
fn portable_src1_unpacker(bits: u32, signed: bool) -> Option<Src1Fn> {
    Some(match (bits, signed) {
        (2, false) => src1_register::<2, false>,
        (2, true) => src1_register::<2, true>,
        (4, false) => src1_register::<4, false>,
        (4, true) => src1_register::<4, true>,
        (8, false) => src1_register::<8, false>,
        (8, true) => src1_register::<8, true>,
        _ => return None,
    })
}

/// One Src1 register (`row`: the DWs of its `n` columns) into the pair rows of B it holds,
/// `pairs` (16 / BITS of them) from its first one.
fn src1_register<const BITS: usize, const SIGNED: bool>(
    row: &[u8],
    n: usize,
    pairs: &mut [[[i16; 2]; N]],
) {
    let pairs_per_dw = 16 / BITS;
    let (dws, _) = row.as_chunks::<4>();
    if BITS == 8 {
        // Bytes 0 and 1 of a column's DW are its first pair, bytes 2 and 3 its second.
        let widen = |b: u8| {
            if SIGNED {
                i16::from(b as i8)
            } else {
                i16::from(b)
            }
        };
        if let [first, second, ..] = pairs {
            for ((p0, p1), dw) in first.iter_mut().zip(second.iter_mut()).zip(dws).take(n) {
                *p0 = [widen(dw[0]), widen(dw[1])];
                *p1 = [widen(dw[2]), widen(dw[3])];
            }
        }
        return;
    }
    for (g, pair_row) in pairs.iter_mut().enumerate().take(pairs_per_dw) {
        for (pair, dw) in pair_row.iter_mut().zip(dws).take(n) {
            let dw = u32::from_le_bytes(*dw);
            *pair = [
                field::<BITS, SIGNED>(dw, 2 * g),
                field::<BITS, SIGNED>(dw, 2 * g + 1),
            ];
        }
    }
}

/// Field `index` (`BITS` wide, at bits `index * BITS`) of a DW, sign-extended when `SIGNED`.
#[inline(always)]
fn field<const BITS: usize, const SIGNED: bool>(dw: u32, index: usize) -> i16 {
    let top = dw << (32 - BITS - index * BITS);
    if SIGNED {
        ((top as i32) >> (32 - BITS)) as i16
    } else {
        (top >> (32 - BITS)) as i16
    }
}

/// `acc[r][i] += sum_kk a[r*k + kk] * B[kk][i]` for the `a.len() / k` rows, wrapping mod
/// 2^32; `b` holds the `k / 2` pair rows of B. With AVX2 (detected at run time) on x86-64,
/// [`avx2::kernel`]; else [`portable_kernel`]: the same sums.
#[inline(always)]
pub(super) fn kernel(a: &[i16], k: usize, b: &[[[i16; 2]; N]], acc: &mut [[i32; N]; M_MAX]) {
    #[cfg(target_arch = "x86_64")]
    if avx2::available() {
        avx2::kernel(a, k, b, acc);
        return;
    }
    portable_kernel(a, k, b, acc);
}

/// [`kernel`] without explicit SIMD.
///
/// Written for the compiler's vectoriser: per row, the depths go by quads (K is a multiple
/// of 4) into two sets of 16 lanes, one per pair of the quad (one set would make the depth
/// loop the one the compiler vectorises, gathering down the columns).
#[inline(always)]
fn portable_kernel(a: &[i16], k: usize, b: &[[[i16; 2]; N]], acc: &mut [[i32; N]; M_MAX]) {
    let (quads, _) = b[..k / 2].as_chunks::<2>();
    for (row, acc) in a.chunks_exact(k).zip(acc.iter_mut()) {
        let (even, odd) = (&mut [0i32; N], &mut [0i32; N]);
        let (row, _) = row.as_chunks::<4>();
        for (aq, bq) in row.iter().zip(quads) {
            let [a0, a1, a2, a3] = aq.map(i32::from);
            for (s, pair) in even.iter_mut().zip(&bq[0]) {
                *s = s.wrapping_add(a0 * i32::from(pair[0]) + a1 * i32::from(pair[1]));
            }
            for (s, pair) in odd.iter_mut().zip(&bq[1]) {
                *s = s.wrapping_add(a2 * i32::from(pair[0]) + a3 * i32::from(pair[1]));
            }
        }
        for ((v, e), o) in acc.iter_mut().zip(even.iter()).zip(odd.iter()) {
            *v = v.wrapping_add(*e).wrapping_add(*o);
        }
    }
}

/// The kernel in AVX2: per row, A's pair broadcast as one DW to 8 lanes, `vpmaddwd` with
/// the pair row of B (two registers of 8 columns) and `vpaddd` into two registers of sums.
/// `vpmaddwd` adds two products of i16 exactly into an i32 (it overflows only for
/// 2 x (-32768)^2, and every field lies in -128..=255); `vpaddd` wraps mod 2^32.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx2 {
    use std::arch::x86_64::{
        __m128i, __m256i, _mm256_add_epi32, _mm256_castsi256_si128, _mm256_cvtepi8_epi16,
        _mm256_cvtepu8_epi16, _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_madd_epi16,
        _mm256_permutevar8x32_epi32, _mm256_set1_epi32, _mm256_setr_epi32, _mm256_setzero_si256,
        _mm256_storeu_si256, _mm_loadu_si128, _mm_storeu_si128,
    };

    use super::{M_MAX, N};

    /// Whether this CPU runs AVX2 (the detection is cached by std).
    #[inline(always)]
    pub(super) fn available() -> bool {
        std::arch::is_x86_feature_detected!("avx2")
    }

    /// [`super::kernel`] in AVX2; falls back to the portable kernel without it.
    #[inline(always)]
    pub(super) fn kernel(a: &[i16], k: usize, b: &[[[i16; 2]; N]], acc: &mut [[i32; N]; M_MAX]) {
        if available() {
            // SAFETY: the CPU supports AVX2, the only requirement of `kernel_avx2`.
            unsafe { kernel_avx2(a, k, b, acc) }
        } else {
            super::portable_kernel(a, k, b, acc);
        }
    }

    /// [`super::src1_register`] for 8-bit W, in AVX2; falls back to the portable one
    /// without it.
    pub(super) fn src1_register_8<const SIGNED: bool>(
        row: &[u8],
        n: usize,
        pairs: &mut [[[i16; 2]; N]],
    ) {
        match (<&[u8; 4 * N]>::try_from(row), pairs) {
            (Ok(row), [first, second, ..]) if n == N && available() => {
                // SAFETY: the CPU supports AVX2, the only requirement of `src1_8_avx2`.
                unsafe { src1_8_avx2::<SIGNED>(row, first, second) }
            }
            (_, pairs) => super::src1_register::<8, SIGNED>(row, n, pairs),
        }
    }

    /// The 16 columns of an 8-bit Src1 register, four at a time: their 16 bytes widened to
    /// i16 (`vpmovsxbw`/`vpmovzxbw`) are the DWs [pair 0, pair 1] of each column; the even
    /// DWs go to `first`, the odd ones to `second`.
    #[target_feature(enable = "avx2")]
    fn src1_8_avx2<const SIGNED: bool>(
        row: &[u8; 4 * N],
        first: &mut [[i16; 2]; N],
        second: &mut [[i16; 2]; N],
    ) {
        let even_then_odd = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
        for block in 0..N / 4 {
            // SAFETY: bytes 16*block .. 16*block + 16 of the 64-byte `row` (block < 4): one
            // unaligned 16-byte load.
            let v = unsafe { _mm_loadu_si128(row.as_ptr().add(16 * block).cast::<__m128i>()) };
            let w = if SIGNED {
                _mm256_cvtepi8_epi16(v)
            } else {
                _mm256_cvtepu8_epi16(v)
            };
            let g = _mm256_permutevar8x32_epi32(w, even_then_odd);
            // SAFETY: pairs 4*block .. 4*block + 4 of the 16 pairs (64 bytes) of `first`
            // and of `second` (block < 4): one unaligned 16-byte store into each.
            unsafe {
                _mm_storeu_si128(
                    first.as_mut_ptr().add(4 * block).cast::<__m128i>(),
                    _mm256_castsi256_si128(g),
                );
                _mm_storeu_si128(
                    second.as_mut_ptr().add(4 * block).cast::<__m128i>(),
                    _mm256_extracti128_si256::<1>(g),
                );
            }
        }
    }

    #[target_feature(enable = "avx2")]
    fn kernel_avx2(a: &[i16], k: usize, b: &[[[i16; 2]; N]], acc: &mut [[i32; N]; M_MAX]) {
        let pairs = &b[..k / 2];
        for (row, acc) in a.chunks_exact(k).zip(acc.iter_mut()) {
            let (mut lo, mut hi) = (_mm256_setzero_si256(), _mm256_setzero_si256());
            let (row, _) = row.as_chunks::<2>();
            for (ap, bp) in row.iter().zip(pairs) {
                let pair = u32::from(ap[0] as u16) | u32::from(ap[1] as u16) << 16;
                let av = _mm256_set1_epi32(pair as i32);
                let at = bp.as_ptr().cast::<__m256i>();
                // SAFETY: `bp` is 16 columns of 2 i16, 64 bytes: two unaligned 32-byte
                // loads at its start and 32 bytes on read inside it.
                let (b0, b1) = unsafe { (_mm256_loadu_si256(at), _mm256_loadu_si256(at.add(1))) };
                lo = _mm256_add_epi32(lo, _mm256_madd_epi16(av, b0));
                hi = _mm256_add_epi32(hi, _mm256_madd_epi16(av, b1));
            }
            let mut sums = [0i32; N];
            let out = sums.as_mut_ptr().cast::<__m256i>();
            // SAFETY: `sums` is 16 i32, 64 bytes: two unaligned 32-byte stores at its start
            // and 32 bytes on.
            unsafe {
                _mm256_storeu_si256(out, lo);
                _mm256_storeu_si256(out.add(1), hi);
            }
            for (v, s) in acc.iter_mut().zip(sums) {
                *v = v.wrapping_add(s);
            }
        }
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
        fn fill(&mut self, out: &mut [u8]) {
            for b in out {
                *b = self.next();
            }
        }
    }

    /// Field `index` (`bits` wide) of a little-endian DW array, the plain way: field f of
    /// a DW lies at its bits f*bits, so field `index` of the array at bit `index * bits`.
    fn field(bytes: &[u8], index: usize, bits: usize, signed: bool) -> i64 {
        let bit = index * bits;
        let raw = (bytes[bit / 8] >> (bit % 8)) & ((1u16 << bits) - 1) as u8;
        let raw = i64::from(raw);
        if signed && raw >> (bits - 1) == 1 {
            raw - (1 << bits)
        } else {
            raw
        }
    }

    /// Every integer precision pair, every systolic depth and repeat count, random register
    /// bytes with their extremes mixed in: the unpackers and the blocked kernel give the
    /// dot products of a naive scalar evaluation, mod 2^32.
    #[test]
    fn blocked_kernel_matches_naive_dot_products() {
        let precisions = [
            (2, false),
            (2, true),
            (4, false),
            (4, true),
            (8, false),
            (8, true),
        ];
        let mut rng = Bytes(7);
        for &(wb, ws) in &precisions {
            for &(ab, as_) in &precisions {
                let ops = if wb == 8 || ab == 8 { 4 } else { 8 };
                for sd in [1usize, 2, 4, 8] {
                    for rows in [1usize, 3, 8] {
                        for trial in 0..3 {
                            let k = sd * ops;
                            let per_dw_w = 32 / wb;
                            let registers = k.div_ceil(per_dw_w);
                            let mut src1 = vec![0u8; registers * 4 * N];
                            let mut src2 = vec![0u8; (rows * k * ab).div_ceil(8)];
                            rng.fill(&mut src1);
                            rng.fill(&mut src2);
                            if trial == 1 {
                                // Extremes: all ones, most negative fields.
                                src1.iter_mut().for_each(|b| *b = 0xFF);
                                src2.iter_mut().for_each(|b| *b = 0x80 | (*b & 0x7F));
                            }
                            let mut c = [[0i32; N]; M_MAX];
                            for row in c.iter_mut() {
                                for v in row.iter_mut() {
                                    *v = i32::from_le_bytes([
                                        rng.next(),
                                        rng.next(),
                                        rng.next(),
                                        rng.next(),
                                    ]);
                                }
                            }
                            let mut a = [0i16; K_MAX * M_MAX];
                            unpacker(ab as u32, as_).unwrap()(&src2, &mut a[..rows * k]);
                            let mut b: Pairs = [[[0; 2]; N]; K_MAX / 2];
                            let mut portable_b: Pairs = [[[0; 2]; N]; K_MAX / 2];
                            let pairs_per = per_dw_w / 2;
                            for (m, row) in src1.chunks_exact(4 * N).enumerate() {
                                let at = m * pairs_per..(m + 1) * pairs_per;
                                src1_unpacker(wb as u32, ws).unwrap()(row, N, &mut b[at.clone()]);
                                portable_src1_unpacker(wb as u32, ws).unwrap()(
                                    row,
                                    N,
                                    &mut portable_b[at],
                                );
                            }
                            assert_eq!(b, portable_b, "Src1 unpackers: w {wb}{ws}");
                            let mut acc = c;
                            portable_kernel(&a[..rows * k], k, &b, &mut acc);
                            let mut simd = c;
                            kernel(&a[..rows * k], k, &b, &mut simd);
                            assert_eq!(
                                acc, simd,
                                "portable and dispatched kernels: w {wb}{ws} a {ab}{as_} sd {sd}"
                            );
                            for r in 0..rows {
                                for i in 0..N {
                                    let mut want = i64::from(c[r][i]);
                                    for kk in 0..k {
                                        // Src1 DW (m, i) holds depths m*per_dw .. of column i.
                                        let (m, f) = (kk / per_dw_w, kk % per_dw_w);
                                        let bv = field(&src1, (m * N + i) * per_dw_w + f, wb, ws);
                                        want += field(&src2, r * k + kk, ab, as_) * bv;
                                    }
                                    assert_eq!(
                                        acc[r][i], want as i32,
                                        "w {wb}{ws} a {ab}{as_} sd {sd} row {r} col {i}"
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
