//! vISA assembly text: parsing into a syntax tree and printing it back.
//!
//! The text is the one IGC's vISA assembler reads and writes today (visa/CISA.y and CISA.l;
//! appendix 8 of the specification is out of date), whole `.visaasm` dumps included: the
//! forms are listed in docs/assembly-text.md. Parsing is
//! purely syntactic: undeclared names, wrong types or impossible regions are accepted here and
//! rejected by validation. Any malformed text gives a
//! [`VisaError`](crate::error::VisaError) of class
//! [`ErrorClass::Syntax`](crate::error::ErrorClass::Syntax) with the 1-based line and column of
//! the offending token; no input makes the parser panic.
//!
//! [`print()`] writes the canonical text: one space between tokens, `(M1, 16)`, `V1(0,0)<1;1,0>`,
//! `r[A0(0),16]<8;8,1>:d`, immediates as `0x<hex>:<type>`, bare numbers in decimal, LSC
//! addresses as `flat[0x4*V2+0x100]:a64` and `bti(0x4)[V6]:a32`, groups as `(L0, L1)`, and
//! `.decl` fields in the order `v_type type num_elts align alias attrs`. Printing a parsed
//! program and parsing the result gives the same tree (up to positions, see
//! [`without_positions`]), and printing is idempotent.
//!
//! One canonical choice to know: an execution group written as a bare size, `(16)`, is kept as
//! such ([`ast::ExecSpec::mask`] is `None`) so that the tree round-trips; IGC itself writes
//! `(M1, 16)` for instructions that take an execution mask.
//!
//! ```
//! use visa_model::asm;
//!
//! let text = ".decl V1 v_type=G type=d num_elts=16\n\
//!             add.sat (M1,16) V1(0,0)<1> V1(0, 0)<1;1,0> 5:d // comment\n";
//! let program = asm::parse(text).unwrap();
//! assert_eq!(
//!     asm::print(&program),
//!     ".decl V1 v_type=G type=d num_elts=16\n\
//!      add.sat (M1, 16) V1(0,0)<1> V1(0,0)<1;1,0> 0x5:d\n"
//! );
//! ```

pub mod ast;
mod lex;
mod parse;
mod print;

pub use parse::parse;
pub use print::{print, print_insn, print_line, print_operand};

use crate::error::Pos;

/// A copy of `program` with every position (lines and operands) reset to the default, to
/// compare trees parsed from differently laid-out texts.
pub fn without_positions(program: &ast::Program) -> ast::Program {
    let lines = program
        .lines
        .iter()
        .map(|line| ast::Line {
            pos: Pos::default(),
            kind: kind_without_positions(&line.kind),
        })
        .collect();
    ast::Program { lines }
}

fn kind_without_positions(kind: &ast::LineKind) -> ast::LineKind {
    match kind {
        ast::LineKind::Insn(insn) => {
            let mut insn = insn.clone();
            insn.operands = insn
                .operands
                .iter()
                .map(operand_without_positions)
                .collect();
            ast::LineKind::Insn(insn)
        }
        other => other.clone(),
    }
}

fn operand_without_positions(operand: &ast::Operand) -> ast::Operand {
    let kind = match &operand.kind {
        ast::OperandKind::Group(items) => {
            ast::OperandKind::Group(items.iter().map(operand_without_positions).collect())
        }
        ast::OperandKind::Address {
            space,
            surface,
            terms,
            size,
        } => ast::OperandKind::Address {
            space: space.clone(),
            surface: surface
                .as_deref()
                .map(|s| Box::new(operand_without_positions(s))),
            terms: terms.clone(),
            size: size.clone(),
        },
        other => other.clone(),
    };
    ast::Operand {
        pos: Pos::default(),
        kind,
    }
}
