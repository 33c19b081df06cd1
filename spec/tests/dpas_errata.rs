//! The DPAS family's executable errata under both readings, DPASW's fused Src2 and DP4A's
//! signedness, run through `exec::run` on xe-hpg (Exec_size 8, 32-byte GRFs). Expected
//! values are derived by hand from DPAS.md, DPASW.md and DP4A.md (comment per row).
#![allow(clippy::unwrap_used)]

use rstest::rstest;
use visa_spec::errata::{self, Reading, Readings};
use visa_spec::exec::{self, ExecConfig};
use visa_spec::platform::Platform;
use visa_spec::state::MachineState;
use visa_spec::{asm, validate};

const DECLS: &str = "\
.decl D v_type=G type=d num_elts=64
.decl W1 v_type=G type=ud num_elts=64
.decl A1 v_type=G type=ud num_elts=64
";

/// 256 bytes of `byte`.
fn bytes(byte: u8) -> Vec<u8> {
    vec![byte; 256]
}

/// Runs `text` after DECLS with D = 0x55.., W1 = `w`, A1 = `a` and the partner's A1 =
/// `partner` (when given); returns D as DWs.
fn run(text: &str, w: Vec<u8>, a: Vec<u8>, partner: Option<Vec<u8>>, literal: &[&str]) -> Vec<u32> {
    let mut readings = Readings::resolved();
    for id in literal {
        readings.set(id, Reading::Literal).unwrap();
    }
    let ast = asm::parse(&format!("{DECLS}{text}\n")).unwrap();
    let program = validate::validate_with(&ast, Platform::XeHpg, &readings).unwrap();
    let vars = &program.vars;
    let mut state = MachineState::new(vars);
    for (name, b) in [("D", bytes(0x55)), ("W1", w), ("A1", a)] {
        state.write_var(vars, vars.find(name).unwrap(), &b).unwrap();
    }
    if let Some(p) = partner {
        let mut grf = vec![0u8; state.grf.len()];
        let at = vars.get(vars.find("A1").unwrap()).grf_offset.unwrap();
        grf[at..at + 256].copy_from_slice(&p);
        state.partner_grf = Some(grf);
    }
    exec::run(
        &program,
        &mut state,
        &ExecConfig {
            readings,
            ..Default::default()
        },
    )
    .unwrap();
    state
        .read_var(vars, vars.find("D").unwrap())
        .chunks(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect()
}

const UNTOUCHED: u32 = 0x5555_5555;

/// DPAS-RC-LOOP. u8 x u8, A and B all ones: every computed row is 32 products of 1 = 32.
/// Resolved (`r < RC`): rows 0 and 1 computed. Literal (`i < RC`): `i` is 8 after row 0,
/// so the loop stops and row 1 keeps its bytes.
#[rstest]
#[case::resolved(&[], [32, 32])]
#[case::literal(&[errata::DPAS_RC_LOOP], [32, UNTOUCHED])]
fn rc_loop(#[case] literal: &[&str], #[case] rows: [u32; 2]) {
    let d = run(
        "dpas.u8.u8.8.2 (M1, 8) D.0 %null.0 W1.0 A1(0,0)",
        bytes(1),
        bytes(1),
        None,
        literal,
    );
    assert_eq!(&d[..8], &[rows[0]; 8]);
    assert_eq!(&d[8..16], &[rows[1]; 8]);
    assert_eq!(&d[16..], &[UNTOUCHED; 48][..]);
}

/// DPASW, s8 A: Src2SizeInBytes = (8 * 4) * RC = 64 at RC 2, NGrf 2, NGrf_EU0 = 1,
/// NGrf_EU1 = 1: Src2.R[1] = EU1.Src2.R[0] (the partner's first register, bytes 2), not
/// EU1.Src2.R[1] (bytes 3) nor this thread's R[1] (bytes 1). B all ones: row 0 = 32 * 1,
/// row 1 = 32 * 2.
#[test]
fn dpasw_second_register_is_the_partners_first() {
    let mut partner = bytes(2);
    partner[32..64].fill(3);
    let d = run(
        "dpasw.s8.s8.8.2 (M1, 8) D.0 %null.0 W1.0 A1(0,0)",
        bytes(1),
        bytes(1),
        Some(partner),
        &[],
    );
    assert_eq!(&d[..8], &[32; 8]);
    assert_eq!(&d[8..16], &[64; 8]);
}

/// DPASW without a partner register file: the partner holds this thread's bytes, so the
/// result is DPAS's: A all ones, B all ones, RC 2: 32 in both rows.
#[test]
fn dpasw_without_partner_is_dpas() {
    let d = run(
        "dpasw.s8.s8.8.2 (M1, 8) D.0 %null.0 W1.0 A1(0,0)",
        bytes(1),
        bytes(1),
        None,
        &[],
    );
    assert_eq!(&d[..16], &[32; 16]);
}

/// DPASW-SPLIT. u8 W (OPS_PER_CHAN 4), u4 A: a row of A is 32 nibbles = 16 bytes; RC 3:
/// Src2SizeInBytes 48, NGrf 2. Own A1 nibbles 1 (bytes 0x11), partner's 2 (0x22); B = 1.
/// Resolved (formula): NGrf_EU0 1: rows 0 and 1 in own R[0] (32 * 1), row 2 = first half of
/// EU1.Src2.R[0] (32 * 2). Literal (table, RC 3, 4-bit & OPS_PER_CHAN 4 column): both
/// registers from EU0, row 2 = 32 * 1.
#[rstest]
#[case::resolved(&[], [32, 32, 64])]
#[case::literal(&[errata::DPASW_SPLIT], [32, 32, 32])]
fn dpasw_split(#[case] literal: &[&str], #[case] rows: [u32; 3]) {
    let d = run(
        "dpasw.u8.u4.8.3 (M1, 8) D.0 %null.0 W1.0 A1(0,0)",
        bytes(1),
        bytes(0x11),
        Some(bytes(0x22)),
        literal,
    );
    for (r, want) in rows.iter().enumerate() {
        assert_eq!(&d[r * 8..r * 8 + 8], &[*want; 8], "row {r}");
    }
}

/// Runs one DP4A on xe-hpg, one channel, immediates; returns the destination DW.
fn dp4a(text: &str, dst: &str) -> u32 {
    let program = format!(".decl V1 v_type=G type={dst} num_elts=8\n{text}\n");
    let ast = asm::parse(&program).unwrap();
    let program = validate::validate(&ast, Platform::XeHpg).unwrap();
    let mut state = MachineState::new(&program.vars);
    exec::run(&program, &mut state, &ExecConfig::default()).unwrap();
    let b = state.read_var(&program.vars, program.vars.find("V1").unwrap());
    u32::from_le_bytes([b[0], b[1], b[2], b[3]])
}

/// DP4A-SIGNEDNESS and the destination conversion (bytes named low to high).
#[rstest]
// D bytes of 0xffffffff are -1; D bytes of 0x01020304 are 4, 3, 2, 1: -(4+3+2+1) = -10.
#[case(
    "dp4a (M1, 1) V1(0,0)<1> 0x0:d 0xffffffff:d 0x01020304:d",
    "d",
    0xFFFF_FFF6
)]
// UD bytes 255: 255 * 10 = 2550 = 0x9f6.
#[case("dp4a (M1, 1) V1(0,0)<1> 0x0:d 0xffffffff:ud 0x01020304:d", "d", 0x9F6)]
// Mixed: src1 D bytes 4, 3, 2, 1; src2 UD bytes 0x80 = 128: 128 * 10 = 1280 = 0x500.
#[case("dp4a (M1, 1) V1(0,0)<1> 0x0:d 0x01020304:d 0x80808080:ud", "d", 0x500)]
// D -128 * -128 * 4 = 65536, plus 0x7fffffff: 0x8000ffff modulo 2^32.
#[case(
    "dp4a (M1, 1) V1(0,0)<1> 0x7fffffff:d 0x80808080:d 0x80808080:d",
    "d",
    0x8000_FFFF
)]
// The same with .sat: 2^31 + 65535 clamps to the D maximum.
#[case(
    "dp4a.sat (M1, 1) V1(0,0)<1> 0x7fffffff:d 0x80808080:d 0x80808080:d",
    "d",
    0x7FFF_FFFF
)]
// UD 255 * 255 * 4 = 260100 = 0x3f804, plus 0xffffffff: 0x3f803 modulo 2^32.
#[case(
    "dp4a (M1, 1) V1(0,0)<1> 0xffffffff:ud 0xffffffff:ud 0xffffffff:ud",
    "ud",
    0x3_F803
)]
// With .sat into UD: clamps to 0xffffffff.
#[case(
    "dp4a.sat (M1, 1) V1(0,0)<1> 0xffffffff:ud 0xffffffff:ud 0xffffffff:ud",
    "ud",
    0xFFFF_FFFF
)]
// D dst, .sat, negative: src0 0, -1 * 255 * 4 (D src1 bytes -1, UD src2 bytes 255) = -1020.
#[case("dp4a.sat (M1, 1) V1(0,0)<1> 0x0:d 0xffffffff:d 0xffffffff:ud", "d", (-1020i32) as u32)]
// UD dst, .sat, negative sum clamps to 0.
#[case(
    "dp4a.sat (M1, 1) V1(0,0)<1> 0x0:d 0xffffffff:d 0xffffffff:ud",
    "ud",
    0
)]
fn dp4a_rows(#[case] text: &str, #[case] dst: &str, #[case] want: u32) {
    assert_eq!(dp4a(text, dst), want, "{text}");
}
