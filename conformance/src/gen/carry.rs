//! Generators of the instructions with a second result or with address and state operands:
//! ADDC and SUBB (a carry or borrow destination C1), ADD3O (the overflow predicate P1), MADW
//! (a GRF-aligned destination holding both halves), ADDR_ADD (address operands A0, A1 and
//! the address of a general variable) and MOVS (surface and sampler variables T1, T2, S1).
//! SAD2 and SAD2ADD take the generic path, [`super::register`].

use proptest::prelude::*;
use proptest::sample::select;
use visa_model::errata::Readings;
use visa_model::forms::Modifiers;
use visa_model::ir::Opcode;
use visa_model::platform::Platform;
use visa_model::types::DataType;

use super::{
    assemble, cr0, elements_with, exec_and_mask, form_types, literal_errata, modifier_texts,
    platform_of, predicate, source_with, GenCase, Head, Operand,
};

/// A destination operand: (text, declaration, initial bytes).
type DstParts = (String, String, (String, Vec<u8>));

/// Values around the 32-bit carry and sign boundaries.
const DWORD_EDGES: [u64; 8] = [
    0,
    1,
    2,
    0x7FFF_FFFF,
    0x8000_0000,
    0x8000_0001,
    0xFFFF_FFFE,
    0xFFFF_FFFF,
];

/// The strategy of `op` when this module generates it.
pub fn case(op: Opcode) -> Option<BoxedStrategy<GenCase>> {
    Some(match op {
        Opcode::Addc | Opcode::Subb => heads(op).prop_flat_map(carry_case).boxed(),
        Opcode::Add3o => heads(op).prop_flat_map(add3o_case).boxed(),
        Opcode::Madw => heads(op).prop_flat_map(madw_case).boxed(),
        Opcode::AddrAdd => heads(op).prop_flat_map(addr_add_case).boxed(),
        Opcode::Movs => heads(op).prop_flat_map(movs_case).boxed(),
        _ => return None,
    })
}

/// What every case draws first: the opcode, the platform and the instruction head (as in
/// [`super::register_case`]). `.sat` only where the form takes it.
fn heads(op: Opcode) -> impl Strategy<Value = (Opcode, Platform, Head)> {
    (
        platform_of(op),
        exec_and_mask(),
        cr0(),
        literal_errata(op),
        predicate(),
        any::<bool>(),
        prop_oneof![3 => Just(u32::MAX), 1 => any::<u32>()],
    )
        .prop_map(
            move |(platform, (size, group, nm), cr0, literal, pred, sat, emask)| {
                let mask = format!("M{group}{}", if nm { "_NM" } else { "" });
                let sat = sat && op.form().takes_sat(&Readings::resolved());
                (op, platform, (pred, sat, mask, size, cr0, literal, emask))
            },
        )
}

/// A register destination `NAME(row,col)<hs>` of type `ty` for `exec_size` lanes.
fn named_dst(
    name: &'static str,
    ty: DataType,
    exec_size: u32,
    platform: Platform,
) -> BoxedStrategy<DstParts> {
    let row_elems = (platform.grf_size() / ty.size()) as u32;
    (select(vec![1u32, 1, 2, 4]), 0u32..2, 0..row_elems)
        .prop_flat_map(move |(hs, row, col)| {
            let needed = row * row_elems + col + (exec_size - 1) * hs + 1;
            let num_elts = needed.div_ceil(row_elems) * row_elems;
            let text = format!("{name}({row},{col})<{hs}>");
            let decl = format!(
                ".decl {name} v_type=G type={} num_elts={num_elts}",
                ty.text()
            );
            elements_with(ty, num_elts as usize, &DWORD_EDGES)
                .prop_map(move |b| (text.clone(), decl.clone(), (name.to_string(), b)))
        })
        .boxed()
}

/// A register operand placed in the operand list as if it were a source (the carry or
/// borrow destination, which the text writes between dst and src0).
fn as_operand((text, decl, init): DstParts) -> Operand {
    Operand {
        text,
        decl: Some(decl),
        init: Some(init),
    }
}

/// `[(P1)] addc|subb[.sat] (M, n) V1 C1 V2 V3`, all UD (instructions/ADDC.md, SUBB.md).
fn carry_case((op, platform, head): (Opcode, Platform, Head)) -> BoxedStrategy<GenCase> {
    let size = head.3;
    let ud = DataType::UD;
    let src = |name| source_with(name, ud, size, platform, vec![""], DWORD_EDGES.to_vec());
    (
        named_dst("V1", ud, size, platform),
        named_dst("C1", ud, size, platform),
        src("V2"),
        src("V3"),
    )
        .prop_map(move |(dst, carry, s0, s1)| {
            assemble(
                op.mnemonic(),
                platform,
                head.clone(),
                dst,
                vec![as_operand(carry), s0, s1],
            )
        })
        .boxed()
}

/// `(P1) add3o (M, n) V1 V2 V3 V4` (instructions/ADD3O.md): `(P1)` receives the overflow
/// bits, so the case has no predication.
fn add3o_case((op, platform, head): (Opcode, Platform, Head)) -> BoxedStrategy<GenCase> {
    let size = head.3;
    (form_types(op, platform), any::<u32>())
        .prop_flat_map(move |((dst, types), p1)| {
            let srcs: Vec<BoxedStrategy<Operand>> = types
                .iter()
                .zip(["V2", "V3", "V4"])
                .map(|(ty, name)| {
                    source_with(
                        name,
                        *ty,
                        size,
                        platform,
                        modifier_texts(Modifiers::Arithmetic),
                        Vec::new(),
                    )
                })
                .collect();
            (named_dst("V1", dst, size, platform), srcs, Just(p1))
        })
        .prop_map(move |(dst, srcs, p1)| {
            let (_, sat, mask, size, cr0, literal, emask) = head.clone();
            let overflow = Some(("(P1) ".to_string(), p1));
            let mut case = assemble(
                op.mnemonic(),
                platform,
                (overflow, sat, mask, size, cr0, literal, emask),
                dst,
                srcs,
            );
            for tag in case.tags.iter_mut().filter(|t| *t == "predicated") {
                *tag = "overflow-predicate".to_string();
            }
            case
        })
        .boxed()
}

/// Byte distance from MADW's origin to its high halves under each reading of erratum
/// MADW-HIGH-HALF: (resolved, literal).
fn madw_high(n: u32, hs: u32, grf: u32) -> (u32, u32) {
    let low = ((n - 1) * hs + 1) * 4;
    (low.div_ceil(grf) * grf, n * hs * 4)
}

/// `[(P1)] madw (M, n) V1(row,0)<hs> V2 V3 V4` (instructions/MADW.md): execution size at
/// most 8, 16 from PVC on; the destination GRF aligned and large enough for both halves
/// under both readings of MADW-HIGH-HALF.
fn madw_case((op, platform, head): (Opcode, Platform, Head)) -> BoxedStrategy<GenCase> {
    // Shrinking a power-of-two size keeps the mask offset aligned and inside 32 lanes.
    let size = head.3.min(if platform.is_pvc_plus() { 16 } else { 8 });
    let grf = platform.grf_size() as u32;
    (
        form_types(op, platform),
        select(vec![1u32, 1, 2, 4]),
        0u32..2,
    )
        .prop_flat_map(move |((dst, types), hs, row)| {
            let (resolved, literal) = madw_high(size, hs, grf);
            let last = (size - 1) * hs * 4 + 4;
            let bytes = row * grf + resolved.max(literal) + last;
            let num_elts = bytes.div_ceil(grf) * grf / 4;
            let text = format!("V1({row},0)<{hs}>");
            let decl = format!(".decl V1 v_type=G type={} num_elts={num_elts}", dst.text());
            let dst_parts = elements_with(dst, num_elts as usize, &DWORD_EDGES)
                .prop_map(move |b| (text.clone(), decl.clone(), ("V1".to_string(), b)));
            let srcs: Vec<BoxedStrategy<Operand>> = types
                .iter()
                .zip(["V2", "V3", "V4"])
                .map(|(ty, name)| {
                    source_with(
                        name,
                        *ty,
                        size,
                        platform,
                        modifier_texts(Modifiers::Arithmetic),
                        DWORD_EDGES.to_vec(),
                    )
                })
                .collect();
            (dst_parts, srcs)
        })
        .prop_map(move |(dst, srcs)| {
            let (pred, sat, mask, _, cr0, literal, emask) = head.clone();
            assemble(
                op.mnemonic(),
                platform,
                (pred, sat, mask, size, cr0, literal, emask),
                dst,
                srcs,
            )
        })
        .boxed()
}

/// Address values: register-file bytes near the variables, and the 16-bit edges.
const ADDRESSES: [u64; 8] = [0, 0x20, 0x40, 0x44, 0x7FFF, 0x8000, 0xFFF0, 0xFFFF];

/// An address variable `NAME` of `num_elts` elements, as (declaration, initial bytes).
fn address_var(name: &'static str, num_elts: u32) -> BoxedStrategy<(String, (String, Vec<u8>))> {
    elements_with(DataType::UW, num_elts as usize, &ADDRESSES)
        .prop_map(move |b| {
            (
                format!(".decl {name} v_type=A num_elts={num_elts}"),
                (name.to_string(), b),
            )
        })
        .boxed()
}

/// ADDR_ADD's src0: an address variable's elements, `&V2+OFFSET`, or `V2(R,C)<0;1,0>`.
fn addr_src0(size: u32, platform: Platform) -> BoxedStrategy<Operand> {
    let address = (0..=16 - size, any::<bool>()).prop_flat_map(move |(sub, extra)| {
        let num_elts = if extra { 16 } else { sub + size };
        address_var("A1", num_elts).prop_map(move |(decl, init)| Operand {
            text: format!("A1({sub})<1;1,0>"),
            decl: Some(decl),
            init: Some(init),
        })
    });
    let grf = platform.grf_size() as u32;
    let general = (
        select(vec![DataType::UD, DataType::UW, DataType::UB, DataType::Q]),
        1u32..3,
        any::<bool>(),
        any::<u32>(),
    )
        .prop_flat_map(move |(ty, rows, amp, pick)| {
            let num_elts = rows * grf / ty.size() as u32;
            let decl = format!(".decl V2 v_type=G type={} num_elts={num_elts}", ty.text());
            let text = if amp {
                // Offsets reach past the variable: the address is still computed (Notes).
                format!("&V2+{}", pick % (rows * grf + 64))
            } else {
                let row_elems = grf / ty.size() as u32;
                format!("V2({},{})<0;1,0>", pick % rows, (pick / 4) % row_elems)
            };
            elements_with(ty, num_elts as usize, &[]).prop_map(move |b| Operand {
                text: text.clone(),
                decl: Some(decl.clone()),
                init: Some(("V2".to_string(), b)),
            })
        });
    prop_oneof![address, general].boxed()
}

/// `addr_add (M, n) A0(sub)<1> SRC0 SRC1` (instructions/ADDR_ADD.md): no predicate, no
/// saturation; at most 16 lanes (an address variable's elements).
fn addr_add_case((op, platform, head): (Opcode, Platform, Head)) -> BoxedStrategy<GenCase> {
    let size = head.3.min(16);
    let dst = (0..=16 - size, any::<bool>()).prop_flat_map(move |(sub, extra)| {
        let num_elts = if extra { 16 } else { sub + size };
        address_var("A0", num_elts)
            .prop_map(move |(decl, init)| (format!("A0({sub})<1>"), decl, init))
    });
    let src1 = source_with(
        "V3",
        DataType::UW,
        size,
        platform,
        modifier_texts(Modifiers::Arithmetic),
        ADDRESSES.to_vec(),
    );
    (dst, addr_src0(size, platform), src1)
        .prop_map(move |(dst, s0, s1)| {
            let (_, _, mask, _, cr0, literal, emask) = head.clone();
            assemble(
                op.mnemonic(),
                platform,
                (None, false, mask, size, cr0, literal, emask),
                dst,
                vec![s0, s1],
            )
        })
        .boxed()
}

/// Surface and sampler index values.
const INDICES: [u64; 6] = [0, 1, 7, 0xFE, 0xFF, 0xFFFF_FFFF];

/// A state variable `NAME` of class `class` ("T" or "S") holding elements `sub .. sub + n`
/// (and maybe more), as (text `NAME(sub)`, declaration, initial bytes).
fn state_var(name: &'static str, class: &'static str, n: u32) -> BoxedStrategy<DstParts> {
    (0u32..4, 0u32..3)
        .prop_flat_map(move |(sub, extra)| {
            let num_elts = sub + n + extra;
            elements_with(DataType::UD, num_elts as usize, &INDICES).prop_map(move |b| {
                (
                    format!("{name}({sub})"),
                    format!(".decl {name} v_type={class} num_elts={num_elts}"),
                    (name.to_string(), b),
                )
            })
        })
        .boxed()
}

/// A UD source reading `n` contiguous elements (erratum MOVS-CONTIGUOUS), or an immediate.
fn contiguous_ud(n: u32, platform: Platform) -> BoxedStrategy<Operand> {
    let row_elems = (platform.grf_size() / 4) as u32;
    let reg = (0u32..2, 0..row_elems).prop_flat_map(move |(row, col)| {
        let needed = row * row_elems + col + n;
        let num_elts = needed.div_ceil(row_elems) * row_elems;
        let text = format!("V2({row},{col})<1;1,0>");
        let decl = format!(".decl V2 v_type=G type=ud num_elts={num_elts}");
        elements_with(DataType::UD, num_elts as usize, &INDICES).prop_map(move |b| Operand {
            text: text.clone(),
            decl: Some(decl.clone()),
            init: Some(("V2".to_string(), b)),
        })
    });
    let imm = select(INDICES.to_vec()).prop_map(|v| Operand {
        text: format!("0x{v:x}:ud"),
        decl: None,
        init: None,
    });
    prop_oneof![3 => reg, 1 => imm].boxed()
}

/// `movs (M, n) DST SRC0` (instructions/MOVS.md): state <- general or immediate, general <-
/// state, state <- state of the same class; no predicate, no saturation.
fn movs_case((op, platform, head): (Opcode, Platform, Head)) -> BoxedStrategy<GenCase> {
    let size = head.3;
    let class = select(vec![("T", "T2"), ("S", "S2")]);
    let direction = 0u8..3;
    (class, direction)
        .prop_flat_map(move |((class, other), direction)| {
            let first = if class == "T" { "T1" } else { "S1" };
            let operands: BoxedStrategy<(DstParts, Operand)> = match direction {
                0 => (state_var(first, class, size), contiguous_ud(size, platform)).boxed(),
                1 => (
                    named_dst_stride_one("V1", size, platform),
                    state_var(first, class, size).prop_map(as_operand),
                )
                    .boxed(),
                _ => (
                    state_var(first, class, size),
                    state_var(other, class, size).prop_map(as_operand),
                )
                    .boxed(),
            };
            operands
        })
        .prop_map(move |(dst, s0)| {
            let (_, _, mask, _, cr0, literal, emask) = head.clone();
            assemble(
                op.mnemonic(),
                platform,
                (None, false, mask, size, cr0, literal, emask),
                dst,
                vec![s0],
            )
        })
        .boxed()
}

/// A UD general destination `NAME(row,col)<1>` for `n` lanes (MOVS copies contiguous
/// elements).
fn named_dst_stride_one(name: &'static str, n: u32, platform: Platform) -> BoxedStrategy<DstParts> {
    let row_elems = (platform.grf_size() / 4) as u32;
    (0u32..2, 0..row_elems)
        .prop_flat_map(move |(row, col)| {
            let needed = row * row_elems + col + n;
            let num_elts = needed.div_ceil(row_elems) * row_elems;
            let text = format!("{name}({row},{col})<1>");
            let decl = format!(".decl {name} v_type=G type=ud num_elts={num_elts}");
            elements_with(DataType::UD, num_elts as usize, &INDICES)
                .prop_map(move |b| (text.clone(), decl.clone(), (name.to_string(), b)))
        })
        .boxed()
}
