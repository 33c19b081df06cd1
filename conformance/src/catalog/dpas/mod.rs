//! The DPAS family's catalogs: DPAS, DPASW and DP4A, one module per instruction document.

pub mod dp4a;
// Named for its document, DPAS.md, as spec/src/insn/dpas/dpas.rs is.
#[allow(clippy::module_inception)]
pub mod dpas;
pub mod dpas_profiles;
pub mod dpasw;

/// The variables of the DPAS rows: Dst, Src0 (C), Src1 (W1), Src2 (A1), 256 bytes each
/// (eight 32-byte GRFs on xe-hpg).
pub const DECLS: &str = "\
.decl D v_type=G type=d num_elts=64
.decl C v_type=G type=ud num_elts=64
.decl W1 v_type=G type=ud num_elts=64
.decl A1 v_type=G type=ud num_elts=64
";

/// What Dst holds before a row runs: every DW 0x55555555.
pub const UNTOUCHED: u32 = 0x5555_5555;

/// 256 bytes: every DW `dw`.
pub fn fill(dw: u32) -> Vec<u8> {
    (0..64).flat_map(|_| dw.to_le_bytes()).collect()
}

/// 256 bytes of `byte`.
pub fn bytes(byte: u8) -> Vec<u8> {
    vec![byte; 256]
}

/// Dst as 64 DWs: `rows[r]` in the 8 channels of row r, [`UNTOUCHED`] after the rows.
pub fn dst_rows(rows: &[u32]) -> Vec<u64> {
    let mut d = vec![u64::from(UNTOUCHED); 64];
    for (r, value) in rows.iter().enumerate() {
        d[r * 8..r * 8 + 8].fill(u64::from(*value));
    }
    d
}
