//! Printing the syntax tree as canonical assembly text.
//!
//! Canonical choices (IGC's spelling wherever IGC is consistent):
//! - one space between tokens, one line per [`Line`], each ending in `\n`;
//! - `.decl NAME v_type=G type=d num_elts=16 align=dword alias=<V0, 32> attrs={a, b}` with
//!   only the fields present, in that order;
//! - execution groups `(M1, 16)`, `(M5_NM, 8)`, and `(16)` when no mask was written;
//! - origins `(0,0)`, regions `<1>`, `<8;8,1>`, `<;8,1>`;
//! - indirect operands `r[A0(0),16]` with the offset always written;
//! - immediates `0x<lower-case hex>:<type>`, bare numbers in decimal;
//! - LSC addresses `flat[0x4*V2+0x100]:a64`, terms joined by `,` without spaces, scales,
//!   offsets and numeric surfaces in hexadecimal (`bti(0x4)[V6]:a32`), a block 2D payload's
//!   offsets in decimal (`flat[V1+(0,-2)]`);
//! - LSC data operands `V13:d32x4`, with their byte offset when not 0 (`V1.32:d32x8t`);
//! - groups `(L0, L1, L2)`.

use std::fmt::Write;

use super::ast::{
    AddrTerm, Decl, ExecSpec, Immediate, InsnLine, Line, LineKind, Operand, OperandKind,
    PredCombine, PredRef, Program, RegionSyntax, SrcModifier,
};

/// The canonical text of a whole program.
pub fn print(program: &Program) -> String {
    let mut out = String::new();
    for line in &program.lines {
        out.push_str(&print_line(line));
        out.push('\n');
    }
    out
}

/// The canonical text of one line, without its line end.
pub fn print_line(line: &Line) -> String {
    match &line.kind {
        LineKind::Decl(decl) => print_decl(decl),
        LineKind::Directive { name, args } => {
            let mut out = format!(".{name}");
            for arg in args {
                out.push(' ');
                out.push_str(arg);
            }
            out
        }
        LineKind::Label(name) => format!("{name}:"),
        LineKind::ScopeOpen => "{".to_string(),
        LineKind::ScopeClose => "}".to_string(),
        LineKind::Insn(insn) => print_insn(insn),
    }
}

/// `.decl ...` in canonical field order.
fn print_decl(decl: &Decl) -> String {
    let mut out = format!(".decl {} v_type={}", decl.name, decl.class.letter());
    if let Some(ty) = decl.ty {
        let _ = write!(out, " type={ty}");
    }
    let _ = write!(out, " num_elts={}", decl.num_elts);
    if let Some(align) = &decl.align {
        let _ = write!(out, " align={align}");
    }
    if let Some((other, offset)) = &decl.alias {
        let _ = write!(out, " alias=<{other}, {offset}>");
    }
    if let Some(v_name) = &decl.v_name {
        let _ = write!(out, " v_name={v_name}");
    }
    if !decl.attrs.is_empty() {
        let _ = write!(out, " attrs={{{}}}", decl.attrs.join(", "));
    }
    out
}

/// The canonical text of one instruction.
pub fn print_insn(insn: &InsnLine) -> String {
    let mut out = String::new();
    if let Some(pred) = &insn.pred {
        out.push_str(&print_pred(pred));
        out.push(' ');
    }
    out.push_str(&insn.opcode);
    for m in &insn.mods {
        out.push('.');
        out.push_str(m);
    }
    if let Some(exec) = &insn.exec {
        out.push(' ');
        out.push_str(&print_exec(exec));
    }
    for operand in &insn.operands {
        out.push(' ');
        out.push_str(&print_operand(operand));
    }
    out
}

/// `(P1)`, `(!P2.all)`.
fn print_pred(pred: &PredRef) -> String {
    let invert = if pred.invert { "!" } else { "" };
    let combine = match pred.combine {
        PredCombine::None => "",
        PredCombine::Any => ".any",
        PredCombine::All => ".all",
    };
    format!("({invert}{}{combine})", pred.name)
}

/// `(M1, 16)`, `(M3_NM, 8)` or `(16)`.
fn print_exec(exec: &ExecSpec) -> String {
    match exec.mask {
        Some(mask) => {
            let nm = if mask.no_mask { "_NM" } else { "" };
            format!("(M{}{nm}, {})", mask.group, exec.size)
        }
        None => format!("({})", exec.size),
    }
}

/// The canonical text of one operand.
pub fn print_operand(operand: &Operand) -> String {
    match &operand.kind {
        OperandKind::Var {
            modifier,
            name,
            origin,
            region,
            ty,
        } => {
            let mut out = print_modifier(*modifier).to_string();
            out.push_str(name);
            out.push_str(&print_origin(origin));
            push_region_and_type(&mut out, region, ty);
            out
        }
        OperandKind::Indirect {
            modifier,
            addr,
            addr_sub,
            imm_offset,
            region,
            ty,
        } => {
            let mut out = format!(
                "{}r[{addr}({addr_sub}),{imm_offset}]",
                print_modifier(*modifier)
            );
            push_region_and_type(&mut out, region, ty);
            out
        }
        OperandKind::Raw { name, offset } => format!("{name}.{offset}"),
        OperandKind::Imm(imm) => print_immediate(imm),
        OperandKind::AddrOf { name, offset } => match offset {
            0 => format!("&{name}"),
            o if *o < 0 => format!("&{name}{o}"),
            o => format!("&{name}+{o}"),
        },
        OperandKind::Data {
            name,
            offset: 0,
            shape,
        } => format!("{name}:{shape}"),
        OperandKind::Data {
            name,
            offset,
            shape,
        } => format!("{name}.{offset}:{shape}"),
        OperandKind::Address {
            space,
            surface,
            terms,
            size,
        } => print_address(space, surface.as_deref(), terms, size.as_deref()),
        OperandKind::Name(name) => name.clone(),
        OperandKind::Number(n) => n.to_string(),
        OperandKind::Str(s) => print_string(s),
        OperandKind::Group(items) => {
            let items: Vec<String> = items.iter().map(print_operand).collect();
            format!("({})", items.join(", "))
        }
    }
}

fn print_modifier(modifier: Option<SrcModifier>) -> &'static str {
    match modifier {
        None => "",
        Some(SrcModifier::Neg) => "(-)",
        Some(SrcModifier::Abs) => "(abs)",
        Some(SrcModifier::NegAbs) => "(-abs)",
        Some(SrcModifier::Not) => "~",
    }
}

/// `(0,0)` or `(0)`.
fn print_origin(origin: &[u32]) -> String {
    let numbers: Vec<String> = origin.iter().map(u32::to_string).collect();
    format!("({})", numbers.join(","))
}

fn push_region_and_type(
    out: &mut String,
    region: &Option<RegionSyntax>,
    ty: &Option<crate::types::DataType>,
) {
    if let Some(region) = region {
        out.push_str(&print_region(region));
    }
    if let Some(ty) = ty {
        out.push(':');
        out.push_str(ty.text());
    }
}

/// `<1>`, `<8;8,1>`, `<;8,1>`.
fn print_region(region: &RegionSyntax) -> String {
    match region {
        RegionSyntax::Dst { hstride } => format!("<{hstride}>"),
        RegionSyntax::Src {
            vstride,
            width,
            hstride,
        } => format!("<{vstride};{width},{hstride}>"),
        RegionSyntax::MultiAddr { width, hstride } => format!("<;{width},{hstride}>"),
    }
}

/// `0x<bits>:<type>`, the bits cut to the type's width.
fn print_immediate(imm: &Immediate) -> String {
    let width = imm.ty.bits();
    let bits = if width >= 64 {
        imm.bits
    } else {
        imm.bits & ((1u64 << width) - 1)
    };
    format!("0x{bits:x}:{}", imm.ty)
}

/// `SPACE[(SURFACE)][[TERMS]][:SIZE]`.
fn print_address(
    space: &str,
    surface: Option<&Operand>,
    terms: &[AddrTerm],
    size: Option<&str>,
) -> String {
    let mut out = space.to_string();
    if let Some(surface) = surface {
        let text = match surface.kind {
            OperandKind::Number(n) => signed_hex(n),
            _ => print_operand(surface),
        };
        let _ = write!(out, "({text})");
    }
    if !terms.is_empty() {
        let terms: Vec<String> = terms.iter().map(print_addr_term).collect();
        let _ = write!(out, "[{}]", terms.join(","));
    }
    if let Some(size) = size {
        let _ = write!(out, ":{size}");
    }
    out
}

/// `0x4*V2+0x100`, `V3`, `0x3f`, `-0x10`.
fn print_addr_term(term: &AddrTerm) -> String {
    let mut out = String::new();
    match &term.base {
        Some(base) => {
            if let Some(scale) = term.scale {
                let _ = write!(out, "{}*", signed_hex(scale));
            }
            out.push_str(base);
            if let Some((x, y)) = term.block_offsets {
                let _ = write!(out, "+({x},{y})");
            }
            if term.offset != 0 {
                let sign = if term.offset < 0 { '-' } else { '+' };
                let _ = write!(out, "{sign}0x{:x}", term.offset.unsigned_abs());
            }
        }
        None => out.push_str(&signed_hex(term.offset)),
    }
    out
}

/// `0x10`, `-0x10`.
fn signed_hex(n: i64) -> String {
    let sign = if n < 0 { "-" } else { "" };
    format!("{sign}0x{:x}", n.unsigned_abs())
}

/// `"..."` with `"` and `\` escaped.
fn print_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}
