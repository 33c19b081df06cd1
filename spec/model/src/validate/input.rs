//! Kernel inputs (4_visa_header.md, "Input Variables"): `.input NAME offset=O size=S` and
//! `.implicit_KIND NAME offset=O size=S` name a declared general, sampler or surface variable
//! and the register-file bytes the runtime loads it into. The checks are the section's:
//! at most 256 inputs, a size equal to the variable's, an offset aligned to its element (a
//! dword for samplers and surfaces), no alias, a general input of a GRF or more starting on
//! a GRF and a smaller one inside one GRF, and no two inputs overlapping.
//!
//! The inputs do not change execution: a case's initial state gives the variables' values.

use super::errors::invalid_at;
use crate::asm::ast::VarClass;
use crate::error::{Pos, Result};
use crate::state::Vars;

/// The inputs read so far: their byte ranges in the input area, with their lines.
#[derive(Debug, Default)]
pub(super) struct Inputs {
    ranges: Vec<(u64, u64, Pos)>,
}

/// The most inputs a kernel declares.
const MAX_INPUTS: usize = 256;

impl Inputs {
    /// Checks one `.input` or `.implicit_*` line (`args` as written: the name, then
    /// `offset=O` and `size=S`, either optional).
    pub(super) fn directive(&mut self, args: &[String], vars: &Vars, pos: Pos) -> Result<()> {
        let fail = |msg: String| Err(invalid_at(pos, "input", msg));
        let Some((name, rest)) = args.split_first() else {
            return fail("an input names its variable".into());
        };
        let Some(id) = vars.find(name) else {
            return fail(format!("input `{name}` is not a declared variable"));
        };
        let info = vars.get(id);
        let state = matches!(info.class, VarClass::Sampler | VarClass::Surface);
        if !state && info.class != VarClass::General || info.predefined {
            return fail(format!(
                "input `{name}` must be a general, sampler or surface variable"
            ));
        }
        let (mut offset, mut size) = (0u64, info.byte_size() as u64);
        for word in rest {
            let Some((key, value)) = word.split_once('=') else {
                return fail(format!("expected `offset=N` or `size=N`, found `{word}`"));
            };
            let Some(n) = number(value) else {
                return fail(format!("`{word}`: not a number"));
            };
            match key {
                "offset" => offset = n,
                "size" => size = n,
                _ => return fail(format!("unknown input field `{key}`")),
            }
        }
        if self.ranges.len() == MAX_INPUTS {
            return fail(format!("a kernel declares at most {MAX_INPUTS} inputs"));
        }
        if size != info.byte_size() as u64 {
            return fail(format!(
                "input `{name}` has size {size}; the variable is {} bytes",
                info.byte_size()
            ));
        }
        let align = if state { 4 } else { info.ty.size() as u64 };
        if offset % align != 0 {
            return fail(format!(
                "input `{name}` at offset {offset} is not aligned to {align} bytes"
            ));
        }
        if info.alias.is_some() {
            return fail(format!("input `{name}` is an alias"));
        }
        // The input's bytes end inside the 64-bit offsets (a variable has at least one byte).
        let Some(end) = offset.checked_add(size) else {
            return fail(format!(
                "input `{name}` of {size} bytes at offset {offset} ends past the largest offset: offset + size passes 2^64 - 1"
            ));
        };
        let grf = vars.platform.grf_size() as u64;
        if !state {
            if size >= grf && offset % grf != 0 {
                return fail(format!(
                    "input `{name}` of {size} bytes must start on a GRF ({grf} bytes)"
                ));
            }
            if size < grf && offset / grf != end.saturating_sub(1) / grf {
                return fail(format!(
                    "input `{name}` of {size} bytes at offset {offset} crosses a GRF boundary"
                ));
            }
        }
        if let Some((_, _, other)) = self
            .ranges
            .iter()
            .find(|(start, stop, _)| offset < *stop && *start < end)
        {
            return fail(format!(
                "input `{name}` ({offset}..{end}) overlaps the input of line {}",
                other.line
            ));
        }
        self.ranges.push((offset, end, pos));
        Ok(())
    }
}

/// A decimal or `0x` hexadecimal number.
fn number(s: &str) -> Option<u64> {
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => s.parse().ok(),
    }
}

#[cfg(test)]
mod tests {
    use crate::error::{ErrorClass, Result, VisaError};
    use crate::platform::Platform;

    fn validate(text: &str) -> Result<()> {
        let program = crate::asm::parse(text)?;
        crate::validate::validate(&program, Platform::XeHpg).map(|_| ())
    }

    /// An offset whose end passes 2^64 is an invalid input naming its line, not a sum that
    /// wraps to a small end (which let two inputs overlap) or a panic.
    #[test]
    fn an_offset_near_2_64_is_invalid() {
        let last_grf = u64::MAX - 31;
        for (offset, size) in [(last_grf, 32), (u64::MAX - 3, 4), (u64::MAX - 3, 8)] {
            let text = format!(
                ".kernel \"k\"\n.decl A v_type=G type=d num_elts={}\n.decl B v_type=G type=d num_elts=8\n\
                 .input A offset={offset} size={size}\n.input B offset=0 size=32\nret (M1, 1)\n",
                size / 4
            );
            let err: VisaError = validate(&text).expect_err("the input ends past 2^64");
            assert_eq!(err.class, ErrorClass::InvalidInstruction, "{err}");
            assert_eq!(err.field.as_deref(), Some("input"), "{err}");
            assert_eq!(err.pos.map(|p| p.line), Some(4), "{err}");
            assert!(err.message.contains("2^64"), "{err}");
        }
        // The last bytes below 2^64 that fit, in hex too, are read as any other offset.
        let text = ".kernel \"k\"\n.decl A v_type=G type=d num_elts=8\n\
                    .input A offset=0xffffffffffffffc0 size=32\nret (M1, 1)\n";
        assert!(validate(text).is_ok());
    }
}
