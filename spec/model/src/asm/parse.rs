//! Parsing assembly text into the syntax tree ([`super::ast`]).
//!
//! The grammar is the one IGC's vISA assembler reads today (../reference/asm-syntax.md and the
//! `Text` section of each instruction document), line by line:
//! - `.decl NAME field=value ...` declarations and other `.name words...` directives;
//! - `NAME:` labels;
//! - `[(PRED)] op[.mod]* [(EMASK, SIZE)] operands...` instructions.
//!
//! Only the syntax is checked here; names, types and counts are checked by validation.

use std::str::FromStr;

use super::ast::{
    AddrTerm, Decl, ExecSpec, Immediate, InsnLine, Line, LineKind, MaskControl, Operand,
    OperandKind, PredCombine, PredRef, Program, RegionSyntax, SrcModifier, VarClass,
};
use super::lex::{is_ident_char, is_space, quote, Cursor, NumLit, Result};
use crate::error::{Pos, VisaError};
use crate::types::DataType;

/// How deeply parenthesised groups may nest inside an operand.
const MAX_GROUP_DEPTH: usize = 16;

/// Address spaces whose `SPACE(SURFACE)` form may stand without a bracketed address
/// (`bti(0xA0)`, `bss(V7)` in the append-counter atomics).
const SURFACE_SPACES: [&str; 4] = ["bti", "bss", "ss", "surf"];

/// Mnemonics the documents spell differently from IGC's assembler, and IGC's spelling.
const MNEMONIC_ALIASES: [(&str, &str); 2] = [
    ("svm_gather4_scaled", "svm_gather4scaled"),
    ("svm_scatter4_scaled", "svm_scatter4scaled"),
];

/// Parses a whole assembly text. Blank lines, `//` comments and `/* */` comments (IGC's
/// CISA.l, which may span lines) are dropped; every other line becomes one [`Line`].
pub fn parse(text: &str) -> Result<Program> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let blanked = blank_block_comments(text)?;
    let text = blanked.as_str();
    let mut lines = Vec::new();
    for (index, raw) in text.split('\n').enumerate() {
        let number = u32::try_from(index + 1).unwrap_or(u32::MAX);
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let chars: Vec<char> = raw.chars().collect();
        let mut cur = Cursor::new(&chars, number);
        if let Some(line) = parse_line(&mut cur)? {
            lines.push(line);
        }
    }
    Ok(Program { lines })
}

/// The text with every `/* ... */` comment replaced by spaces (its line ends kept), so that
/// lines and columns stay those of the source. Quoted strings and `//` comments are left
/// alone: a `/*` inside them opens nothing.
fn blank_block_comments(text: &str) -> Result<String> {
    if !text.contains("/*") {
        return Ok(text.to_string());
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let (mut line, mut col) = (1u32, 1u32);
    let mut k = 0;
    let mut in_string = false;
    let mut in_line_comment = false;
    let advance = |c: char, line: &mut u32, col: &mut u32| {
        if c == '\n' {
            *line = line.saturating_add(1);
            *col = 1;
        } else {
            *col = col.saturating_add(1);
        }
    };
    while k < chars.len() {
        let c = chars[k];
        let next = chars.get(k + 1).copied();
        if c == '\n' {
            in_string = false;
            in_line_comment = false;
        } else if in_string {
            if c == '\\' && next.is_some_and(|n| n != '\n') {
                out.push(c);
                advance(c, &mut line, &mut col);
                k += 1;
                let n = chars[k];
                out.push(n);
                advance(n, &mut line, &mut col);
                k += 1;
                continue;
            }
            if c == '"' {
                in_string = false;
            }
        } else if !in_line_comment {
            match (c, next) {
                ('"', _) => in_string = true,
                ('/', Some('/')) => in_line_comment = true,
                ('/', Some('*')) => {
                    let open = Pos { line, col };
                    let mut j = k + 2;
                    loop {
                        match (chars.get(j), chars.get(j + 1)) {
                            (Some('*'), Some('/')) => break,
                            (Some(_), _) => j += 1,
                            (None, _) => {
                                return Err(VisaError::syntax(
                                    open,
                                    "unterminated comment: `/*` without `*/`",
                                ))
                            }
                        }
                    }
                    for &b in &chars[k..j + 2] {
                        out.push(if b == '\n' || b == '\r' { b } else { ' ' });
                        advance(b, &mut line, &mut col);
                    }
                    k = j + 2;
                    continue;
                }
                _ => {}
            }
        }
        out.push(c);
        advance(c, &mut line, &mut col);
        k += 1;
    }
    Ok(out)
}

/// One line; `None` when it is blank or only a comment.
fn parse_line(cur: &mut Cursor) -> Result<Option<Line>> {
    cur.skip_ws();
    let Some(first) = cur.peek() else {
        return Ok(None);
    };
    let pos = cur.pos();
    let kind = if first == '{' || first == '}' {
        cur.bump();
        cur.skip_ws();
        if !cur.at_end() {
            return Err(cur.expected(&format!("end of line after `{first}`")));
        }
        if first == '{' {
            LineKind::ScopeOpen
        } else {
            LineKind::ScopeClose
        }
    } else if first == '.' && dot_instruction(cur) {
        // `.loc N` and `.file "NAME"` (CISA.l: `LOC|.loc`, `FILE|.file`) are LOC and FILE.
        cur.bump();
        LineKind::Insn(parse_insn(cur)?)
    } else if first == '.' {
        parse_directive(cur)?
    } else if is_label(cur) {
        parse_label(cur)?
    } else {
        LineKind::Insn(parse_insn(cur)?)
    };
    Ok(Some(Line { pos, kind }))
}

// ---------------------------------------------------------------------------------------------
// Directives and declarations

/// Whether the line is `.loc ...` or `.file ...`, IGC's other spelling of LOC and FILE.
fn dot_instruction(cur: &Cursor) -> bool {
    let mut look = *cur;
    look.bump();
    let word = look.word(is_ident_char);
    matches!(word.as_str(), "loc" | "file") && look.at_separator()
}

/// `.name words...`, or `.decl ...`.
fn parse_directive(cur: &mut Cursor) -> Result<LineKind> {
    cur.bump();
    let name = cur.word(is_ident_char);
    if name.is_empty() {
        return Err(cur.expected("a directive name after `.`"));
    }
    if name == "decl" {
        return Ok(LineKind::Decl(parse_decl(cur)?));
    }
    let mut args = Vec::new();
    loop {
        expect_separator(cur, "whitespace between directive arguments")?;
        cur.skip_ws();
        if cur.at_end() {
            break;
        }
        args.push(cur.raw_word()?);
    }
    Ok(LineKind::Directive { name, args })
}

/// The fields of a declaration as they are read, in any order.
#[derive(Default)]
struct DeclFields {
    class: Option<VarClass>,
    ty: Option<DataType>,
    num_elts: Option<u32>,
    align: Option<String>,
    alias: Option<(String, u32)>,
    attrs: Option<Vec<String>>,
    v_name: Option<String>,
}

/// `.decl NAME field=value ...` after the `.decl` word.
fn parse_decl(cur: &mut Cursor) -> Result<Decl> {
    expect_separator(cur, "whitespace after `.decl`")?;
    cur.skip_ws();
    let name_pos = cur.pos();
    let name = cur
        .ident()
        .ok_or_else(|| cur.expected("a variable name after `.decl`"))?;
    let mut fields = DeclFields::default();
    loop {
        expect_separator(cur, "whitespace between declaration fields")?;
        cur.skip_ws();
        if cur.at_end() {
            break;
        }
        parse_decl_field(cur, &mut fields)?;
    }
    let missing = |field: &str| {
        VisaError::syntax(
            name_pos,
            format!("declaration of `{name}` has no `{field}=` field"),
        )
    };
    Ok(Decl {
        class: fields.class.ok_or_else(|| missing("v_type"))?,
        ty: fields.ty,
        num_elts: fields.num_elts.ok_or_else(|| missing("num_elts"))?,
        align: fields.align,
        alias: fields.alias,
        attrs: fields.attrs.unwrap_or_default(),
        v_name: fields.v_name,
        name,
    })
}

/// One `key=value` field of a declaration.
fn parse_decl_field(cur: &mut Cursor, fields: &mut DeclFields) -> Result<()> {
    let key_pos = cur.pos();
    let key = cur.ident().ok_or_else(|| {
        cur.expected("a declaration field (`v_type=`, `type=`, `num_elts=`, ...)")
    })?;
    cur.skip_ws();
    if !cur.eat('=') {
        return Err(cur.expected(&format!("`=` after `{key}`")));
    }
    cur.skip_ws();
    let duplicate = || VisaError::syntax(key_pos, format!("duplicate declaration field `{key}=`"));
    match key.as_str() {
        "v_type" => set_once(&mut fields.class, parse_var_class(cur)?, duplicate),
        "type" => set_once(&mut fields.ty, parse_type_word(cur)?, duplicate),
        "num_elts" => {
            let n = expect_number(cur, "the number of elements")?.to_u32("`num_elts`")?;
            set_once(&mut fields.num_elts, n, duplicate)
        }
        "align" => {
            let pos = cur.pos();
            let align = cur.word(is_ident_char);
            if align.is_empty() {
                return Err(cur.expected("an alignment (`dword`, `GRF`, ...) after `align=`"));
            }
            let name = align_name(&align).ok_or_else(|| {
                VisaError::syntax(
                    pos,
                    format!(
                        "invalid alignment {} (expected byte, word, dword, qword, oword, hword, \
                         GRF, GRFx2, wordx32, wordx64 or a byte count 1, 2, 4, ..., 128)",
                        quote(&align)
                    ),
                )
            })?;
            set_once(&mut fields.align, name.to_string(), duplicate)
        }
        "alias" => set_once(&mut fields.alias, parse_alias(cur)?, duplicate),
        "attrs" => set_once(&mut fields.attrs, parse_attrs(cur)?, duplicate),
        "v_name" => {
            let v_name = cur
                .var_name()
                .ok_or_else(|| cur.expected("a source name after `v_name=`"))?;
            set_once(&mut fields.v_name, v_name, duplicate)
        }
        _ => Err(VisaError::syntax(
            key_pos,
            format!(
                "unknown declaration field `{key}` (expected v_type, type, num_elts, align, \
                 alias, attrs or v_name)"
            ),
        )),
    }
}

/// The alignments IGC's `.decl` reads (CISA.y `ParseAlign`, `AlignBytesToVisaAlignment`;
/// CISA.l `2GRF`, `32word`, `64word`) in IGC's printed spelling (`Common_ISA_Get_Align_Name`).
/// Names other than IGC's are read case-insensitively; a byte count names the alignment of
/// that many bytes.
fn align_name(word: &str) -> Option<&'static str> {
    const NAMES: [(&str, &str); 13] = [
        ("byte", "byte"),
        ("word", "word"),
        ("dword", "dword"),
        ("qword", "qword"),
        ("oword", "oword"),
        ("hword", "hword"),
        ("grf", "GRF"),
        ("grfx2", "GRFx2"),
        ("2grf", "GRFx2"),
        ("wordx32", "wordx32"),
        ("32word", "wordx32"),
        ("wordx64", "wordx64"),
        ("64word", "wordx64"),
    ];
    let lower = word.to_ascii_lowercase();
    if let Some((_, name)) = NAMES.iter().find(|(w, _)| *w == lower) {
        return Some(name);
    }
    let bytes = if let Some(hex) = lower.strip_prefix("0x") {
        u32::from_str_radix(hex, 16).ok()?
    } else {
        lower.parse::<u32>().ok()?
    };
    Some(match bytes {
        1 => "byte",
        2 => "word",
        4 => "dword",
        8 => "qword",
        16 => "oword",
        32 => "hword",
        64 => "wordx32",
        128 => "wordx64",
        _ => return None,
    })
}

/// Stores `value` in an empty slot, or reports a duplicate.
fn set_once<T>(
    slot: &mut Option<T>,
    value: T,
    duplicate: impl FnOnce() -> VisaError,
) -> Result<()> {
    if slot.is_some() {
        return Err(duplicate());
    }
    *slot = Some(value);
    Ok(())
}

/// The letter after `v_type=`.
fn parse_var_class(cur: &mut Cursor) -> Result<VarClass> {
    let pos = cur.pos();
    let letter = cur.word(is_ident_char);
    let class = match letter.to_ascii_uppercase().as_str() {
        "G" => VarClass::General,
        "P" => VarClass::Predicate,
        "A" => VarClass::Address,
        "T" => VarClass::Surface,
        "S" => VarClass::Sampler,
        _ => {
            let found = if letter.is_empty() {
                cur.found()
            } else {
                quote(&letter)
            };
            return Err(VisaError::syntax(
                pos,
                format!("expected a variable class G, P, A, T or S after `v_type=`, found {found}"),
            ));
        }
    };
    Ok(class)
}

/// `<OTHER, OFFSET>` (IGC) or `(OTHER, OFFSET)` (4_visa_header.md).
fn parse_alias(cur: &mut Cursor) -> Result<(String, u32)> {
    let close = match cur.peek() {
        Some('<') => '>',
        Some('(') => ')',
        _ => return Err(cur.expected("`<` after `alias=`")),
    };
    cur.bump();
    cur.skip_ws();
    let name = cur
        .var_name()
        .ok_or_else(|| cur.expected("the aliased variable's name"))?;
    cur.skip_ws();
    if !cur.eat(',') {
        return Err(cur.expected("`,` after the aliased variable"));
    }
    cur.skip_ws();
    let offset = expect_number(cur, "the alias byte offset")?.to_u32("an alias offset")?;
    cur.skip_ws();
    if !cur.eat(close) {
        return Err(cur.expected(&format!("`{close}` after the alias offset")));
    }
    Ok((name, offset))
}

/// `{a, b=c, ...}`: the items, trimmed, as written.
fn parse_attrs(cur: &mut Cursor) -> Result<Vec<String>> {
    if !cur.eat('{') {
        return Err(cur.expected("`{` after `attrs=`"));
    }
    let mut items = Vec::new();
    let mut item = String::new();
    let mut item_pos = cur.pos();
    loop {
        match cur.peek() {
            None => return Err(cur.expected("`}` to close `attrs={`")),
            Some(c @ (',' | '}')) => {
                let text = item.trim();
                let empty_list = c == '}' && items.is_empty() && text.is_empty();
                if !empty_list {
                    if text.is_empty() {
                        return Err(VisaError::syntax(
                            item_pos,
                            "empty attribute in `attrs={...}`",
                        ));
                    }
                    items.push(text.to_string());
                }
                cur.bump();
                if c == '}' {
                    return Ok(items);
                }
                item.clear();
                item_pos = cur.pos();
            }
            Some('{') => return Err(cur.expected("an attribute or `}`")),
            // `NAME="..."` (CISA.y, `OneAttr`): the string is kept whole, quotes included.
            Some('"') => item.push_str(&cur.raw_word_quoted()?),
            Some(c) => {
                item.push(c);
                cur.bump();
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Labels

/// A label name's first character (CISA.l, `LABEL`: `[a-zA-Z_$@?]`).
fn is_label_start(c: char) -> bool {
    c.is_ascii_alphabetic() || matches!(c, '_' | '$' | '@' | '?')
}

/// A label name's later characters (CISA.l, `LABEL`: `[a-zA-Z0-9_\-$@?]`).
fn is_label_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '$' | '@' | '?')
}

/// A label name at the cursor, or `None` (nothing consumed).
fn label_name(cur: &mut Cursor) -> Option<String> {
    if cur.peek().is_some_and(is_label_start) {
        Some(cur.word(is_label_char))
    } else {
        None
    }
}

/// Whether the line starts with `NAME:`.
fn is_label(cur: &Cursor) -> bool {
    let mut look = *cur;
    label_name(&mut look).is_some() && look.peek() == Some(':')
}

/// `NAME:` alone on its line.
fn parse_label(cur: &mut Cursor) -> Result<LineKind> {
    let name = label_name(cur).ok_or_else(|| cur.expected("a label name"))?;
    cur.bump();
    cur.skip_ws();
    if !cur.at_end() {
        return Err(cur.expected(&format!("end of line after label `{name}:`")));
    }
    Ok(LineKind::Label(name))
}

// ---------------------------------------------------------------------------------------------
// Instructions

/// Whether `c` may appear in an instruction modifier (`sat`, `RB`, `16-full`, `<A><O>`).
fn is_mod_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '<' | '>')
}

/// `[(PRED)] op[.mods] [(EMASK, SIZE)] operands...`
fn parse_insn(cur: &mut Cursor) -> Result<InsnLine> {
    let pred = if cur.peek() == Some('(') {
        Some(parse_pred(cur)?)
    } else {
        None
    };
    cur.skip_ws();
    let opcode = cur
        .ident()
        .ok_or_else(|| cur.expected("an instruction mnemonic"))?;
    let mut mods = Vec::new();
    while cur.eat('.') {
        let m = cur.word(is_mod_char);
        if m.is_empty() {
            return Err(cur.expected("an instruction modifier after `.`"));
        }
        mods.push(m);
    }
    if !(cur.at_separator() || cur.peek() == Some('(')) {
        return Err(cur.expected("whitespace after the mnemonic"));
    }
    cur.skip_ws();
    let exec = parse_exec(cur)?;
    let mut operands = Vec::new();
    loop {
        cur.skip_ws();
        if cur.at_end() {
            break;
        }
        operands.push(parse_operand(cur, 0)?);
        expect_separator(cur, "whitespace between operands")?;
    }
    Ok(InsnLine {
        pred,
        opcode: canonical_mnemonic(&opcode),
        mods,
        exec,
        operands,
    })
}

/// The mnemonic in lower case, in IGC's spelling.
fn canonical_mnemonic(opcode: &str) -> String {
    let lower = opcode.to_ascii_lowercase();
    MNEMONIC_ALIASES
        .iter()
        .find(|(doc, _)| *doc == lower)
        .map_or(lower, |(_, igc)| igc.to_string())
}

/// `(P1)`, `(!P1)`, `(P1.any)`, `(!P2.all)` at the start of a line.
fn parse_pred(cur: &mut Cursor) -> Result<PredRef> {
    cur.bump();
    cur.skip_ws();
    let invert = cur.eat('!');
    cur.skip_ws();
    let name = cur
        .ident()
        .ok_or_else(|| cur.expected("a predicate variable after `(`"))?;
    let combine = if cur.eat('.') {
        let pos = cur.pos();
        let word = cur.word(is_ident_char);
        match word.to_ascii_lowercase().as_str() {
            "any" => PredCombine::Any,
            "all" => PredCombine::All,
            _ => {
                let found = if word.is_empty() {
                    cur.found()
                } else {
                    quote(&word)
                };
                return Err(VisaError::syntax(
                    pos,
                    format!("expected `any` or `all` after the predicate's `.`, found {found}"),
                ));
            }
        }
    } else {
        PredCombine::None
    };
    cur.skip_ws();
    if !cur.eat(')') {
        return Err(cur.expected("`)` after the predicate"));
    }
    Ok(PredRef {
        invert,
        name,
        combine,
    })
}

/// The execution group right after the mnemonic: `(Mk, N)`, `(Mk_NM, N)` or `(N)`. Any other
/// parenthesised group is left for the operands (nothing is consumed).
fn parse_exec(cur: &mut Cursor) -> Result<Option<ExecSpec>> {
    if cur.peek() != Some('(') {
        return Ok(None);
    }
    let mut look = *cur;
    look.bump();
    look.skip_ws();
    let exec = if (look.peek() == Some('M')
        && look.peek_second().is_some_and(|c| c.is_ascii_digit()))
        || (look.starts_with("NoMask") && {
            let mut word = look;
            word.word(is_ident_char) == "NoMask"
        }) {
        parse_masked_exec(&mut look)?
    } else {
        match look.number() {
            Ok(Some(lit)) if !lit.float_syntax => {
                look.skip_ws();
                if !look.eat(')') {
                    return Ok(None);
                }
                ExecSpec {
                    mask: None,
                    size: lit.to_u32("an execution size")?,
                }
            }
            _ => return Ok(None),
        }
    };
    if !look.at_separator() {
        return Err(look.expected("whitespace after the execution size"));
    }
    *cur = look;
    Ok(Some(exec))
}

/// `Mk[_NM], N)` after the opening parenthesis.
fn parse_masked_exec(cur: &mut Cursor) -> Result<ExecSpec> {
    let pos = cur.pos();
    let word = cur.word(is_ident_char);
    let mask = mask_control(&word).ok_or_else(|| {
        VisaError::syntax(
            pos,
            format!(
                "invalid execution mask {}: expected M1..M8 or M1_NM..M8_NM",
                quote(&word)
            ),
        )
    })?;
    cur.skip_ws();
    if !cur.eat(',') {
        return Err(cur.expected("`,` after the execution mask"));
    }
    cur.skip_ws();
    let size = expect_number(cur, "an execution size")?.to_u32("an execution size")?;
    cur.skip_ws();
    if !cur.eat(')') {
        return Err(cur.expected("`)` after execution size"));
    }
    Ok(ExecSpec {
        mask: Some(mask),
        size,
    })
}

/// `M1`..`M8`, `M1_NM`..`M8_NM`, and `NoMask` (CISA.y `ParseEMask`: `M1_NM`).
fn mask_control(word: &str) -> Option<MaskControl> {
    if word == "NoMask" {
        return Some(MaskControl {
            group: 1,
            no_mask: true,
        });
    }
    let rest = word.strip_prefix('M')?;
    let (digits, no_mask) = match rest.strip_suffix("_NM") {
        Some(digits) => (digits, true),
        None => (rest, false),
    };
    if digits.len() != 1 {
        return None;
    }
    let group = digits.parse::<u8>().ok().filter(|g| (1..=8).contains(g))?;
    Some(MaskControl { group, no_mask })
}

// ---------------------------------------------------------------------------------------------
// Operands

/// One operand. `depth` counts the groups it is nested in.
fn parse_operand(cur: &mut Cursor, depth: usize) -> Result<Operand> {
    let pos = cur.pos();
    let kind = match cur.peek() {
        Some('(') => match modifier_prefix(cur) {
            Some(modifier) => parse_modified(cur, pos, modifier)?,
            None => parse_group(cur, depth)?,
        },
        Some('~') => {
            cur.bump();
            parse_modified(cur, pos, SrcModifier::Not)?
        }
        Some('&') => parse_addr_of(cur)?,
        Some('"') => OperandKind::Str(cur.string()?),
        Some('-') if cur.peek_second().is_some_and(|c| c.is_ascii_alphabetic()) => {
            parse_special_float(cur)?
        }
        _ if cur.at_number() => parse_numeric(cur)?,
        _ if cur.at_var_name() => parse_named(cur)?,
        _ => return Err(cur.expected("an operand")),
    };
    Ok(Operand { pos, kind })
}

/// Consumes a source modifier `(-)`, `(abs)`, `(-abs)` or `(~)`, which must be written right
/// before its operand.
fn modifier_prefix(cur: &mut Cursor) -> Option<SrcModifier> {
    let forms = [
        ("(-)", SrcModifier::Neg),
        ("(abs)", SrcModifier::Abs),
        ("(-abs)", SrcModifier::NegAbs),
        // IGC's spelling of `~` (CISA.l `SRCMOD_NOT`, Common_ISA_Get_Modifier_Name).
        ("(~)", SrcModifier::Not),
    ];
    for (text, modifier) in forms {
        let mut look = *cur;
        if text.chars().all(|c| look.eat(c)) {
            *cur = look;
            return Some(modifier);
        }
    }
    None
}

/// The variable or indirect operand after a source modifier.
fn parse_modified(cur: &mut Cursor, pos: Pos, modifier: SrcModifier) -> Result<OperandKind> {
    if cur.peek().is_some_and(is_space) {
        return Err(VisaError::syntax(
            cur.pos(),
            "expected a variable or indirect operand right after the source modifier, found \
             whitespace",
        ));
    }
    if !cur.at_var_name() {
        return Err(cur.expected("a variable or indirect operand after the source modifier"));
    }
    match parse_named(cur)? {
        OperandKind::Var {
            name,
            origin,
            region,
            ty,
            ..
        } => Ok(OperandKind::Var {
            modifier: Some(modifier),
            name,
            origin,
            region,
            ty,
        }),
        OperandKind::Indirect {
            addr,
            addr_sub,
            imm_offset,
            region,
            ty,
            ..
        } => Ok(OperandKind::Indirect {
            modifier: Some(modifier),
            addr,
            addr_sub,
            imm_offset,
            region,
            ty,
        }),
        _ => Err(VisaError::syntax(
            pos,
            "a source modifier applies only to a variable `V(R,C)` or an indirect operand `r[...]`",
        )),
    }
}

/// `(a, b, ...)`: a group of operands.
fn parse_group(cur: &mut Cursor, depth: usize) -> Result<OperandKind> {
    if depth >= MAX_GROUP_DEPTH {
        return Err(VisaError::syntax(
            cur.pos(),
            format!("parenthesised groups nest too deeply (at most {MAX_GROUP_DEPTH} levels)"),
        ));
    }
    cur.bump();
    cur.skip_ws();
    if cur.peek() == Some(')') {
        return Err(cur.expected("an operand in the group"));
    }
    let mut items = Vec::new();
    loop {
        cur.skip_ws();
        items.push(parse_operand(cur, depth + 1)?);
        cur.skip_ws();
        if cur.eat(')') {
            return Ok(OperandKind::Group(items));
        }
        if !cur.eat(',') {
            return Err(cur.expected("`,` or `)` in the group"));
        }
    }
}

/// `&NAME`, `&NAME+N`, `&NAME-N`, `&NAME[N]`.
fn parse_addr_of(cur: &mut Cursor) -> Result<OperandKind> {
    cur.bump();
    let name = cur
        .var_name()
        .ok_or_else(|| cur.expected("a variable name after `&`"))?;
    let offset = if cur.peek() == Some('[') {
        // IGC's `&NAME[OFFSET]` (CISA.y, `SrcAddrOfOperand`).
        cur.bump();
        cur.skip_ws();
        let lit = expect_number(cur, "a byte offset in `&NAME[...]`")?;
        let offset = lit.to_i64("an address offset")?;
        cur.skip_ws();
        if !cur.eat(']') {
            return Err(cur.expected("`]` after the address offset"));
        }
        offset
    } else {
        parse_signed_offset(cur, "an address offset", false)?
    };
    Ok(OperandKind::AddrOf { name, offset })
}

/// An optional `+N` / `-N` after a name; 0 when absent. Spaces around the sign are allowed
/// only where the operand is bracketed (`spaced`).
fn parse_signed_offset(cur: &mut Cursor, what: &str, spaced: bool) -> Result<i64> {
    let negative = match cur.peek() {
        Some('+') => false,
        Some('-') => true,
        _ => return Ok(0),
    };
    cur.bump();
    if spaced {
        cur.skip_ws();
    }
    if !cur.peek().is_some_and(|c| c.is_ascii_digit()) {
        return Err(cur.expected(&format!(
            "a number after `{}`",
            if negative { '-' } else { '+' }
        )));
    }
    let lit = expect_number(cur, what)?;
    let magnitude = lit.int_in(0, i128::from(u64::MAX), what)?;
    let value = if negative { -magnitude } else { magnitude };
    i64::try_from(value).map_err(|_| lit.out_of_range(what))
}

/// A number at operand position: `N` (a bare integer) or `VALUE:type` (an immediate).
fn parse_numeric(cur: &mut Cursor) -> Result<OperandKind> {
    let lit = expect_number(cur, "a number")?;
    if cur.eat(':') {
        let ty = parse_type_word(cur)?;
        return Ok(OperandKind::Imm(encode_immediate(
            &Literal::Number(lit),
            ty,
        )?));
    }
    if lit.float_syntax {
        return Err(VisaError::syntax(
            lit.pos,
            format!("a float literal needs a type, e.g. `{}:f`", lit.text),
        ));
    }
    Ok(OperandKind::Number(lit.to_i64("a 64-bit integer")?))
}

/// `-inf:T` or `-nan:T` (the unsigned forms are read as names first, see [`parse_named`]).
fn parse_special_float(cur: &mut Cursor) -> Result<OperandKind> {
    let pos = cur.pos();
    cur.bump();
    let word = cur.ident().unwrap_or_default();
    let Some(special) = Special::from_word(&word) else {
        return Err(VisaError::syntax(
            pos,
            format!("expected a number after `-`, found {}", quote(&word)),
        ));
    };
    if !cur.eat(':') {
        return Err(cur.expected(&format!("`:type` after `-{word}`")));
    }
    let ty = parse_type_word(cur)?;
    let literal = Literal::Special {
        pos,
        negative: true,
        special,
    };
    Ok(OperandKind::Imm(encode_immediate(&literal, ty)?))
}

/// Everything that starts with a name: variables `V(R,C)<region>:t`, address and predicate
/// elements `A0(0)`, indirect operands `r[...]`, raw operands `V.8`, LSC data `V:d32x4` and
/// addresses `flat[...]:a64`, `inf:f`/`nan:f` immediates, and bare names.
fn parse_named(cur: &mut Cursor) -> Result<OperandKind> {
    let name_pos = cur.pos();
    let name = cur.var_name().ok_or_else(|| cur.expected("a name"))?;
    match cur.peek() {
        Some('(') if is_surface_address(cur, &name) => parse_address(cur, name),
        Some('(') => parse_var(cur, name),
        Some('[') if name == "r" => parse_indirect(cur),
        Some('[') => parse_address(cur, name),
        Some('.') => {
            cur.bump();
            let offset =
                expect_number(cur, "a byte offset after `.`")?.to_u32("a raw operand offset")?;
            if cur.peek() == Some(':') {
                // `V.32:d32x8t`: an LSC data operand at a byte offset.
                cur.bump();
                let shape = data_shape_word(cur, &name)?;
                return Ok(OperandKind::Data {
                    name,
                    offset,
                    shape,
                });
            }
            Ok(OperandKind::Raw { name, offset })
        }
        Some(':') => parse_after_colon(cur, name, name_pos),
        Some('<') => Err(VisaError::syntax(
            cur.pos(),
            format!("a region needs an origin first, e.g. `{name}(0,0)<1;1,0>`"),
        )),
        _ => Ok(OperandKind::Name(name)),
    }
}

/// Whether `NAME(...)` at the cursor is an address's surface rather than a variable's origin:
/// it is followed by `[`, or NAME is a surface space and the parentheses hold one item.
fn is_surface_address(cur: &Cursor, name: &str) -> bool {
    let surface_space = SURFACE_SPACES.contains(&name);
    match cur.paren_shape() {
        Some(shape) => shape.next == Some('[') || (surface_space && !shape.has_comma),
        None => surface_space,
    }
}

/// `NAME:WORD`: an LSC data operand, or an `inf:T` / `nan:T` immediate.
fn parse_after_colon(cur: &mut Cursor, name: String, name_pos: Pos) -> Result<OperandKind> {
    cur.bump();
    let shape = data_shape_word(cur, &name)?;
    if let (Some(special), Ok(ty)) = (Special::from_word(&name), DataType::from_str(&shape)) {
        let literal = Literal::Special {
            pos: name_pos,
            negative: false,
            special,
        };
        return Ok(OperandKind::Imm(encode_immediate(&literal, ty)?));
    }
    Ok(OperandKind::Data {
        name,
        offset: 0,
        shape,
    })
}

/// The shape after `NAME:` (`d32x4`, `d16.2x16x32nn`, `d32.xyzw`).
fn data_shape_word(cur: &mut Cursor, name: &str) -> Result<String> {
    let shape = cur.word(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.');
    if shape.is_empty() {
        return Err(cur.expected(&format!("a data shape (e.g. `d32x4`) after `{name}:`")));
    }
    Ok(shape)
}

/// `NAME(R,C)[<region>][:type]` or `NAME(I)...` after the name.
fn parse_var(cur: &mut Cursor, name: String) -> Result<OperandKind> {
    let origin = parse_origin(cur)?;
    let region = if cur.peek() == Some('<') {
        Some(parse_region(cur)?)
    } else {
        None
    };
    let ty = parse_type_suffix(cur)?;
    Ok(OperandKind::Var {
        modifier: None,
        name,
        origin,
        region,
        ty,
    })
}

/// `(R,C)` or `(I)`: one or two unsigned numbers.
fn parse_origin(cur: &mut Cursor) -> Result<Vec<u32>> {
    cur.bump();
    let mut origin = Vec::new();
    loop {
        cur.skip_ws();
        if origin.len() == 2 {
            return Err(cur.expected("`)`: an origin has at most two numbers"));
        }
        origin.push(expect_number(cur, "a number in the origin")?.to_u32("an origin")?);
        cur.skip_ws();
        if cur.eat(')') {
            return Ok(origin);
        }
        if !cur.eat(',') {
            return Err(cur.expected("`,` or `)` in the origin"));
        }
    }
}

/// `<HS>`, `<VS;W,HS>`, `<;W,HS>` (also read: `<W,HS>`, the same multi-address region).
fn parse_region(cur: &mut Cursor) -> Result<RegionSyntax> {
    cur.bump();
    cur.skip_ws();
    let region = if cur.eat(';') {
        let (width, hstride) = parse_width_hstride(cur)?;
        RegionSyntax::MultiAddr { width, hstride }
    } else {
        let first = region_value(cur)?;
        cur.skip_ws();
        if cur.eat(';') {
            let (width, hstride) = parse_width_hstride(cur)?;
            RegionSyntax::Src {
                vstride: first,
                width,
                hstride,
            }
        } else if cur.eat(',') {
            cur.skip_ws();
            let hstride = region_value(cur)?;
            RegionSyntax::MultiAddr {
                width: first,
                hstride,
            }
        } else {
            RegionSyntax::Dst { hstride: first }
        }
    };
    cur.skip_ws();
    if !cur.eat('>') {
        return Err(cur.expected("`>` to close the region"));
    }
    Ok(region)
}

/// `W,HS` inside a region.
fn parse_width_hstride(cur: &mut Cursor) -> Result<(u32, u32)> {
    cur.skip_ws();
    let width = region_value(cur)?;
    cur.skip_ws();
    if !cur.eat(',') {
        return Err(cur.expected("`,` between the region's width and horizontal stride"));
    }
    cur.skip_ws();
    Ok((width, region_value(cur)?))
}

/// One number of a region.
fn region_value(cur: &mut Cursor) -> Result<u32> {
    expect_number(cur, "a region stride or width")?.to_u32("a region value")
}

/// An optional `:type` after a variable or indirect operand.
fn parse_type_suffix(cur: &mut Cursor) -> Result<Option<DataType>> {
    if cur.eat(':') {
        Ok(Some(parse_type_word(cur)?))
    } else {
        Ok(None)
    }
}

/// A data type name (`ud`, `D`, `hf`, ...).
fn parse_type_word(cur: &mut Cursor) -> Result<DataType> {
    let pos = cur.pos();
    let word = cur.word(is_ident_char);
    if word.is_empty() {
        return Err(cur.expected("a data type"));
    }
    DataType::from_str(&word).map_err(|_| {
        VisaError::syntax(
            pos,
            format!(
                "unknown data type {} (expected ub, b, uw, w, ud, d, uq, q, hf, bf, f, df, v, uv \
                 or vf)",
                quote(&word)
            ),
        )
    })
}

/// `r[ADDR(SUB)[, OFFSET]][<region>][:type]` after the `r`.
fn parse_indirect(cur: &mut Cursor) -> Result<OperandKind> {
    cur.bump();
    cur.skip_ws();
    let addr = cur
        .var_name()
        .ok_or_else(|| cur.expected("an address variable after `r[`"))?;
    cur.skip_ws();
    if !cur.eat('(') {
        return Err(cur.expected(&format!("`(` after `{addr}` (e.g. `{addr}(0)`)")));
    }
    cur.skip_ws();
    let addr_sub = expect_number(cur, "an address element")?.to_u32("an address element")?;
    cur.skip_ws();
    if !cur.eat(')') {
        return Err(cur.expected("`)` after the address element"));
    }
    cur.skip_ws();
    let imm_offset = if cur.eat(',') {
        cur.skip_ws();
        expect_number(cur, "an immediate offset")?.to_i32("an indirect offset")?
    } else {
        0
    };
    cur.skip_ws();
    if !cur.eat(']') {
        return Err(cur.expected("`]` to close the indirect operand"));
    }
    let region = if cur.peek() == Some('<') {
        Some(parse_region(cur)?)
    } else {
        None
    };
    let ty = parse_type_suffix(cur)?;
    Ok(OperandKind::Indirect {
        modifier: None,
        addr,
        addr_sub,
        imm_offset,
        region,
        ty,
    })
}

/// `SPACE[(SURFACE)][[TERMS]][:SIZE]` after the space name.
fn parse_address(cur: &mut Cursor, space: String) -> Result<OperandKind> {
    let surface = if cur.peek() == Some('(') {
        Some(Box::new(parse_surface(cur)?))
    } else {
        None
    };
    let terms = if cur.peek() == Some('[') {
        parse_addr_terms(cur)?
    } else {
        Vec::new()
    };
    let size = if cur.eat(':') {
        let size = cur.word(is_ident_char);
        if size.is_empty() {
            return Err(cur.expected("an address size (e.g. `a64`) after `:`"));
        }
        Some(size)
    } else {
        None
    };
    Ok(OperandKind::Address {
        space,
        surface,
        terms,
        size,
    })
}

/// `(SURFACE)`: a number, a name or a variable element.
fn parse_surface(cur: &mut Cursor) -> Result<Operand> {
    cur.bump();
    cur.skip_ws();
    let pos = cur.pos();
    let kind = if cur.at_number() {
        OperandKind::Number(expect_number(cur, "a surface")?.to_i64("a surface index")?)
    } else if let Some(name) = cur.var_name() {
        // CISA.y `LscVectorOpReg`: `V`, `V.C` (element C of row 0) or `V(R,C)`.
        let origin = match cur.peek() {
            Some('(') => Some(parse_origin(cur)?),
            Some('.') => {
                cur.bump();
                let col = expect_number(cur, "an element number after `.`")?
                    .to_u32("an element number")?;
                Some(vec![0, col])
            }
            _ => None,
        };
        match origin {
            Some(origin) => OperandKind::Var {
                modifier: None,
                name,
                origin,
                region: None,
                ty: None,
            },
            None => OperandKind::Name(name),
        }
    } else {
        return Err(cur.expected("a surface (a number, a name or a variable)"));
    };
    cur.skip_ws();
    if !cur.eat(')') {
        return Err(cur.expected("`)` after the surface"));
    }
    Ok(Operand { pos, kind })
}

/// `[TERM, TERM, ...]`.
fn parse_addr_terms(cur: &mut Cursor) -> Result<Vec<AddrTerm>> {
    cur.bump();
    let mut terms = Vec::new();
    loop {
        cur.skip_ws();
        terms.push(parse_addr_term(cur)?);
        cur.skip_ws();
        if cur.eat(']') {
            return Ok(terms);
        }
        if !cur.eat(',') {
            return Err(cur.expected("`,` or `]` in the address"));
        }
    }
}

/// `[SCALE*]BASE[+|-OFFSET]` or a lone number.
fn parse_addr_term(cur: &mut Cursor) -> Result<AddrTerm> {
    let mut scale = None;
    if cur.at_number() {
        let lit = expect_number(cur, "an address term")?;
        let value = lit.to_i64("an address term")?;
        cur.skip_ws();
        if !cur.eat('*') {
            return Ok(AddrTerm {
                scale: None,
                base: None,
                offset: value,
                block_offsets: None,
            });
        }
        cur.skip_ws();
        scale = Some(value);
    }
    if !cur.at_var_name() {
        return Err(cur.expected("an address term (a name, a number or `SCALE*NAME`)"));
    }
    let base = parse_term_base(cur)?;
    cur.skip_ws();
    if scale.is_none() && block_offsets_follow(cur) {
        return Ok(AddrTerm {
            scale,
            base: Some(base),
            offset: 0,
            block_offsets: Some(parse_block_offsets(cur)?),
        });
    }
    let offset = parse_signed_offset(cur, "an address offset", true)?;
    Ok(AddrTerm {
        scale,
        base: Some(base),
        offset,
        block_offsets: None,
    })
}

/// Whether `+ (` follows: a block 2D address payload's `(X, Y)` offsets.
fn block_offsets_follow(cur: &Cursor) -> bool {
    let mut look = *cur;
    if !look.eat('+') {
        return false;
    }
    look.skip_ws();
    look.peek() == Some('(')
}

/// `+ (X, Y)`: two signed immediates (IGC prints them in decimal, CISA.y reads
/// `IntExpUnr`).
fn parse_block_offsets(cur: &mut Cursor) -> Result<(i64, i64)> {
    cur.bump();
    cur.skip_ws();
    cur.bump();
    cur.skip_ws();
    let x = expect_number(cur, "the block's X offset")?.to_i64("a block X offset")?;
    cur.skip_ws();
    if !cur.eat(',') {
        return Err(cur.expected("`,` between the block's X and Y offsets"));
    }
    cur.skip_ws();
    let y = expect_number(cur, "the block's Y offset")?.to_i64("a block Y offset")?;
    cur.skip_ws();
    if !cur.eat(')') {
        return Err(cur.expected("`)` after the block's Y offset"));
    }
    Ok((x, y))
}

/// A term's base: a name, possibly with its origin (`V2(0,0)`) or a byte offset (`V2.64`,
/// IGC's `RawOperand`), in canonical spelling.
fn parse_term_base(cur: &mut Cursor) -> Result<String> {
    let name = cur.var_name().ok_or_else(|| cur.expected("a name"))?;
    if cur.peek() == Some('.') && cur.peek_second().is_some_and(|c| c.is_ascii_digit()) {
        cur.bump();
        let offset =
            expect_number(cur, "a byte offset after `.`")?.to_u32("a payload byte offset")?;
        return Ok(format!("{name}.{offset}"));
    }
    if cur.peek() != Some('(') {
        return Ok(name);
    }
    let origin = parse_origin(cur)?;
    let numbers: Vec<String> = origin.iter().map(u32::to_string).collect();
    Ok(format!("{name}({})", numbers.join(",")))
}

// ---------------------------------------------------------------------------------------------
// Immediates

/// `inf` or `nan` as a float immediate's value.
#[derive(Clone, Copy, Debug)]
enum Special {
    Inf,
    Nan,
}

impl Special {
    fn from_word(word: &str) -> Option<Special> {
        match word {
            "inf" => Some(Special::Inf),
            "nan" => Some(Special::Nan),
            _ => None,
        }
    }

    fn value(self, negative: bool) -> f64 {
        let v = match self {
            Special::Inf => f64::INFINITY,
            Special::Nan => f64::NAN,
        };
        if negative {
            -v
        } else {
            v
        }
    }
}

/// The value written before an immediate's `:type`.
enum Literal {
    Number(NumLit),
    Special {
        pos: Pos,
        negative: bool,
        special: Special,
    },
}

/// The bit pattern of `literal` as an immediate of type `ty`.
///
/// Hexadecimal is the bit pattern itself and must fit the type's width. A decimal integer on
/// an integer or packed type is stored in two's complement and must fit the type's signed or
/// unsigned range. A decimal on a float type is rounded to nearest-even.
fn encode_immediate(literal: &Literal, ty: DataType) -> Result<Immediate> {
    let pos = match literal {
        Literal::Number(lit) => lit.pos,
        Literal::Special { pos, .. } => *pos,
    };
    if ty == DataType::BOOL {
        return Err(VisaError::syntax(
            pos,
            "immediates of type bool are not allowed",
        ));
    }
    let bits = match literal {
        Literal::Special {
            negative, special, ..
        } => {
            if !ty.is_float() {
                return Err(VisaError::syntax(
                    pos,
                    format!("`inf` and `nan` need a float type (f, df, hf, bf), not `{ty}`"),
                ));
            }
            float_bits(special.value(*negative), ty)
        }
        Literal::Number(lit) if ty.is_float() && !lit.hex => decimal_float_bits(lit, ty)?,
        Literal::Number(lit) => integer_bits(lit, ty)?,
    };
    Ok(Immediate { bits, ty })
}

/// A decimal literal on a float type, rounded to nearest-even.
fn decimal_float_bits(lit: &NumLit, ty: DataType) -> Result<u64> {
    let bad = || {
        VisaError::syntax(
            lit.pos,
            format!("invalid float literal {}", quote(&lit.text)),
        )
    };
    if ty == DataType::F {
        // Parsed directly as f32 so that the decimal is rounded once.
        let value: f32 = lit.text.parse().map_err(|_| bad())?;
        return Ok(u64::from(value.to_bits()));
    }
    let value: f64 = lit.text.parse().map_err(|_| bad())?;
    Ok(float_bits(value, ty))
}

/// The encoding of `value` in float type `ty` (round to nearest-even).
fn float_bits(value: f64, ty: DataType) -> u64 {
    match ty {
        DataType::HF => u64::from(half::f16::from_f64(value).to_bits()),
        DataType::BF => u64::from(half::bf16::from_f64(value).to_bits()),
        DataType::F => u64::from((value as f32).to_bits()),
        _ => value.to_bits(),
    }
}

/// An integer literal as the bit pattern of `ty` (integer, packed, or a hex float pattern).
fn integer_bits(lit: &NumLit, ty: DataType) -> Result<u64> {
    let width = ty.bits();
    let what = format!("type {ty}");
    if lit.float_syntax {
        return Err(VisaError::syntax(
            lit.pos,
            format!(
                "{} is not an integer; type {ty} takes an integer value",
                quote(&lit.text)
            ),
        ));
    }
    if lit.hex && lit.negative && ty.is_float() {
        return Err(VisaError::syntax(
            lit.pos,
            format!("a hexadecimal {ty} immediate is a bit pattern and cannot be negative"),
        ));
    }
    let unsigned_max = (1i128 << width) - 1;
    let signed_min = -(1i128 << (width - 1));
    if let Some(bits) = sign_extended_hex(lit, width) {
        return Ok(bits);
    }
    let value = lit.int_in(signed_min, unsigned_max, &what)?;
    let pattern = (value as u128) & (unsigned_max as u128);
    u64::try_from(pattern).map_err(|_| lit.out_of_range(&what))
}

/// A hexadecimal immediate of a type narrower than 32 bits written as the sign extension of
/// its bits to 32 bits, as IGC prints them (IsaDisassembly.cpp prints the 32-bit `ival` of
/// the immediate: `0xffff8000:w` is the W value -32768, `0xffffff80:b` the B value -128):
/// the type's bits.
fn sign_extended_hex(lit: &NumLit, width: u32) -> Option<u64> {
    if !lit.hex || lit.negative || width >= 32 {
        return None;
    }
    let value = u32::try_from(lit.magnitude?).ok()?;
    // Bits width-1..=31 all set: the value is the sign extension of its low `width` bits.
    let high = value >> (width - 1);
    (high == (1u32 << (33 - width)) - 1).then(|| u64::from(value) & ((1u64 << width) - 1))
}

// ---------------------------------------------------------------------------------------------
// Small helpers

/// A numeric literal that must be there.
fn expect_number(cur: &mut Cursor, what: &str) -> Result<NumLit> {
    cur.number()?.ok_or_else(|| cur.expected(what))
}

/// Checks that the token just read is followed by whitespace or the end of the line.
fn expect_separator(cur: &Cursor, what: &str) -> Result<()> {
    if cur.at_separator() {
        Ok(())
    } else {
        Err(cur.expected(what))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn imm(text: &str) -> Result<Immediate> {
        match parse(&format!("mov (M1, 1) V1(0,0)<1> {text}"))?.lines[0]
            .kind
            .clone()
        {
            LineKind::Insn(insn) => match &insn.operands[1].kind {
                OperandKind::Imm(imm) => Ok(*imm),
                other => panic!("not an immediate: {other:?}"),
            },
            other => panic!("not an instruction: {other:?}"),
        }
    }

    #[test]
    fn immediates_encode_in_the_type_width() {
        let bits = |t: &str| imm(t).map(|i| i.bits).map_err(|e| e.message);
        assert_eq!(bits("-1:d"), Ok(0xffff_ffff));
        assert_eq!(bits("-1:ud"), Ok(0xffff_ffff));
        assert_eq!(bits("255:b"), Ok(0xff));
        assert_eq!(bits("-128:b"), Ok(0x80));
        assert!(bits("256:b").is_err());
        assert!(bits("-129:b").is_err());
        assert_eq!(bits("0x3f800000:f"), Ok(0x3f80_0000));
        assert_eq!(bits("1.5:f"), Ok(0x3fc0_0000));
        assert_eq!(bits("-2e3:df"), Ok((-2000.0f64).to_bits()));
        assert_eq!(bits("1:hf"), Ok(0x3c00));
        assert_eq!(bits("1:bf"), Ok(0x3f80));
        assert_eq!(bits("inf:f"), Ok(0x7f80_0000));
        assert_eq!(bits("-inf:hf"), Ok(0xfc00));
        assert_eq!(bits("nan:f"), Ok(0x7fc0_0000));
        assert_eq!(bits("0x76543210:uv"), Ok(0x7654_3210));
        assert_eq!(bits("0xffffffffffffffff:uq"), Ok(u64::MAX));
        assert_eq!(bits("-9223372036854775808:q"), Ok(1 << 63));
        assert!(bits("0x100:ub").is_err());
        assert!(bits("1:bool").is_err());
        assert!(bits("1.5:d").is_err());
        assert!(bits("-0x1:f").is_err());
    }

    #[test]
    fn masks() {
        assert_eq!(mask_control("M1"), Some(MaskControl::M1));
        assert_eq!(
            mask_control("M8_NM"),
            Some(MaskControl {
                group: 8,
                no_mask: true
            })
        );
        assert_eq!(mask_control("M9"), None);
        assert_eq!(mask_control("M0"), None);
        assert_eq!(mask_control("M1_nm"), None);
    }
}
