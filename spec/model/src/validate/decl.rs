//! Declarations (4_visa_header.md, Variable declarations): `.decl` lines into [`Vars`].

use crate::asm::ast::{Decl, VarClass};
use crate::error::{Result, VisaError};
use crate::platform::Platform;
use crate::state::Vars;
use crate::types::DataType;

/// Byte alignment named by `align=` (4_visa_header.md, variable alignment; the names IGC
/// writes, Common_ISA_Get_Align_Name, which the parser reads every other spelling as).
fn align_bytes(align: &str, platform: Platform) -> Option<u32> {
    Some(match align.to_ascii_lowercase().as_str() {
        "byte" => 1,
        "word" => 2,
        "dword" => 4,
        "qword" => 8,
        "oword" => 16,
        "hword" => 32,
        "wordx32" => 64,
        "wordx64" => 128,
        "grf" => platform.grf_size() as u32,
        "grfx2" | "2grf" => 2 * platform.grf_size() as u32,
        _ => return None,
    })
}

pub(super) fn declare(vars: &mut Vars, decl: &Decl) -> Result<()> {
    // The field of an error: `.decl NAME FIELD`, or `.decl NAME` for the whole declaration.
    let field = |f: &str| match f {
        "" => format!(".decl {}", decl.name),
        f => format!(".decl {} {f}", decl.name),
    };
    if decl.name.starts_with('%') {
        return Err(
            VisaError::invalid(format!("`{}` is a pre-defined variable name", decl.name))
                .field(field("name")),
        );
    }
    let ty = match decl.class {
        VarClass::General => match decl.ty {
            Some(t) if DataType::SCALARS.contains(&t) => t,
            Some(t) => {
                return Err(
                    VisaError::invalid(format!("a general variable cannot have type {t}"))
                        .field(field("type")),
                )
            }
            None => {
                return Err(
                    VisaError::invalid("a general variable needs `type=`").field(field("type"))
                )
            }
        },
        VarClass::Predicate => {
            if decl.num_elts > 32 {
                return Err(VisaError::invalid(format!(
                    "a predicate variable has at most 32 elements, not {}",
                    decl.num_elts
                ))
                .field(field("num_elts")));
            }
            DataType::BOOL
        }
        VarClass::Address => {
            if decl.num_elts > 16 {
                return Err(VisaError::invalid(format!(
                    "an address variable has at most 16 elements, not {}",
                    decl.num_elts
                ))
                .field(field("num_elts")));
            }
            DataType::UW
        }
        VarClass::Surface | VarClass::Sampler => DataType::UD,
    };
    if decl.class != VarClass::General && (decl.alias.is_some() || decl.ty.is_some()) {
        return Err(
            VisaError::invalid("only general variables take `type=` and `alias=`")
                .field(field("v_type")),
        );
    }
    let size = decl.num_elts as usize * ty.size();
    if decl.class == VarClass::General && size > 4096 {
        return Err(VisaError::invalid(format!(
            "`{}` is {size} bytes; a variable holds at most 4096",
            decl.name
        ))
        .field(field("num_elts")));
    }
    let align = match &decl.align {
        None => ty.size() as u32,
        Some(a) => align_bytes(a, vars.platform).ok_or_else(|| {
            VisaError::invalid(format!("unknown alignment `{a}`")).field(field("align"))
        })?,
    };
    let alias = match &decl.alias {
        None => None,
        Some((base, offset)) => {
            let id = vars.lookup(base).ok_or_else(|| {
                VisaError::invalid(format!("alias base `{base}` is not declared"))
                    .field(field("alias"))
            })?;
            Some((id, *offset))
        }
    };
    vars.declare(&decl.name, decl.class, ty, decl.num_elts, align, alias)
        .map(|_| ())
        .map_err(|e| e.field(field("")))
}
