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
        let grf = vars.platform.grf_size() as u64;
        if !state {
            if size >= grf && offset % grf != 0 {
                return fail(format!(
                    "input `{name}` of {size} bytes must start on a GRF ({grf} bytes)"
                ));
            }
            if size < grf && offset / grf != (offset + size - 1) / grf {
                return fail(format!(
                    "input `{name}` of {size} bytes at offset {offset} crosses a GRF boundary"
                ));
            }
        }
        let end = offset + size;
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
