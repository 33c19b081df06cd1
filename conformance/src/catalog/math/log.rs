//! LOG (instructions/LOG.md): hand-derived rows, each with its derivation.

use visa_spec::errata;
use visa_spec::platform::Platform::XeHpg;

use super::*;
use crate::catalog::doc::{Doc, Rows};

pub const DOC: Doc = Doc {
    family: "math",
    instruction: "log",
    file: "catalog/math/log.jsonl",
    rows: add,
};

fn add(rows: &mut Rows) {
    let d = "log2(8) = 3 exactly: F 0x40400000, HF 0x4200.";
    f_and_hf(
        rows,
        "exact",
        d,
        "log",
        (&[0x4100_0000], 0x4040_0000),
        (&[0x4800], 0x4200),
        RTNE,
    );
    let d = "log2(1) = +0 (IEEE 754-2019 9.2), in every rounding mode, down included.";
    f_and_hf(
        rows,
        "exact",
        d,
        "log",
        (&[F_ONE], F_ZERO),
        (&[H_ONE], H_ZERO),
        RD,
    );
    let d = "log2(0.5) = -1 (F 0xbf800000, HF 0xbc00); log2(2) = 1; log2(0.125) = -3 (F 0xc0400000, HF 0xc200); log2(1024) = 10 (F 0x41200000, HF 0x4900).";
    f_and_hf(
        rows,
        "exact",
        d,
        "log",
        (&[0x3f00_0000], 0xbf80_0000),
        (&[0x3800], 0xbc00),
        RTNE,
    );
    f_and_hf(
        rows,
        "exact",
        d,
        "log",
        (&[0x4000_0000], F_ONE),
        (&[0x4000], H_ONE),
        RTZ,
    );
    f_and_hf(
        rows,
        "exact",
        d,
        "log",
        (&[0x3e00_0000], 0xc040_0000),
        (&[0x3000], 0xc200),
        RU,
    );
    f_and_hf(
        rows,
        "exact",
        d,
        "log",
        (&[0x4480_0000], 0x4120_0000),
        (&[0x6400], 0x4900),
        RTNE,
    );
    let d = "IEEE 754-2019 9.2.1: log2(±0) = -inf (division by zero); log2 of a negative number, -inf included, is invalid (the default NaN); log2(+inf) = +inf.";
    f_and_hf(
        rows,
        "special",
        d,
        "log",
        (&[F_ZERO], F_NINF),
        (&[H_ZERO], H_NINF),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "log",
        (&[F_NZERO], F_NINF),
        (&[H_NZERO], H_NINF),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "log",
        (&[0xbf80_0000], F_NAN),
        (&[0xbc00], H_NAN),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "log",
        (&[F_NINF], F_NAN),
        (&[H_NINF], H_NAN),
        RTNE,
    );
    f_and_hf(
        rows,
        "special",
        d,
        "log",
        (&[F_INF], F_INF),
        (&[H_INF], H_INF),
        RTNE,
    );
    let d = "MATH-NAN-RESULT: a NaN source gives itself quieted (0x7fa00000 -> 0x7fe00000; negative quiet 0xffc00001 kept).";
    f(rows, "nan", d, "log", &[0x7fa0_0000], RTNE, 0x7fe0_0000);
    f(rows, "nan", d, "log", &[0xffc0_0001], RTNE, 0xffc0_0001);
    let d = "The smallest F denormal 2^-149: kept (%cr0 bit 7), log2 = -149 = -1.00101010b x 2^7 = 0xc3150000; flushed (default), log2(+0) = -inf.";
    f(
        rows,
        "denormal",
        d,
        "log",
        &[0x0000_0001],
        RTNE | KEEP_F,
        0xc315_0000,
    );
    f(rows, "denormal", d, "log", &[0x0000_0001], RTNE, F_NINF);
    let d = "The smallest HF denormal 2^-24: kept (%cr0 bit 10), log2 = -24 = HF 0xce00; flushed without bit 10, and always under HF-DENORM-FLUSH's literal reading: -inf.";
    hf(
        rows,
        "denormal",
        d,
        "log",
        &[0x0001],
        RTNE | KEEP_HF,
        0xce00,
    );
    hf(rows, "denormal", d, "log", &[0x0001], RTNE, H_NINF);
    rows.add(
        "denormal",
        lane(XeHpg, "log", "hf", &[0x0001], RTNE | KEEP_HF, H_NINF)
            .literal(errata::HF_DENORM_FLUSH)
            .derived(d),
    );
    let d = "LOG-BASE: resolved, base 2: log2(2) = 1 (0x3f800000); literally the loop's natural log: ln 2 = 0.693147180559945... = 1.0110001011100100001011111110111...b x 2^-1, whose 23 fraction bits 0x317217 are followed by 0.968 ulp: to nearest 0x3f317218.";
    f_both(
        rows,
        "base",
        d,
        errata::LOG_BASE,
        "log",
        &[0x4000_0000],
        RTNE,
        (F_ONE, 0x3f31_7218),
        (false, true),
    );
    let d = "LOG-BASE: ln(1) = log2(1) = +0 and ln(+0) = log2(+0) = -inf under both readings.";
    f_both(
        rows,
        "base",
        d,
        errata::LOG_BASE,
        "log",
        &[F_ONE],
        RTNE,
        (F_ZERO, F_ZERO),
        (false, false),
    );
    f_both(
        rows,
        "base",
        d,
        errata::LOG_BASE,
        "log",
        &[F_ZERO],
        RTNE,
        (F_NINF, F_NINF),
        (false, false),
    );
    let d = "Notes (MATH-ALT-ABS): in ALT mode LOG computes log2(|src0|): log(-8) = 3 with %cr0 bit 0, the default NaN without.";
    f(
        rows,
        "alt",
        d,
        "log",
        &[0xc100_0000],
        RTNE | ALT,
        0x4040_0000,
    );
    f(rows, "alt", d, "log", &[0xc100_0000], RTNE, F_NAN);
    let d = "Saturation after the rounding: log.sat(8) = 3 -> 1.0; log.sat(0.5) = -1 -> +0.";
    f(rows, "sat", d, "log.sat", &[0x4100_0000], RTNE, F_ONE);
    f(rows, "sat", d, "log.sat", &[0x3f00_0000], RTNE, F_ZERO);
}
