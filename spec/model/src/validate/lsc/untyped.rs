//! LSC_UNTYPED's gather/scatter text forms (instructions/LSC_UNTYPED.md: Format, operand
//! descriptions, Text): `lsc_load`, `lsc_store`, `lsc_store_uncompressed`, the strided and
//! quad forms and the `lsc_atomic_*` sub-ops, checked on the syntax tree ([`check_untyped`])
//! before their IR is built (`super::gather_scatter`).

use crate::asm::ast::{InsnLine, Operand, OperandKind, VarClass};
use crate::error::Result;
use crate::ir::lsc::{caching_allowed, parse_ch_mask, CacheOpt, DataShape, Sfid, UntypedKind};
use crate::platform::Platform;
use crate::state::{AddrSize, AddrType, Vars, NULL};
use crate::validate::errors::invalid;

/// The gather/scatter sub-ops [`check_untyped`] validates, with their number of atomic data
/// sources.
fn untyped_kind(mnemonic: &str) -> Option<(bool, Option<usize>)> {
    // (is a load, atomic data sources)
    let kind = UntypedKind::of(mnemonic)?;
    Some((
        kind.is_load(),
        match kind {
            UntypedKind::Atomic(op) => Some(op.sources()),
            _ => None,
        },
    ))
}

/// Whether [`check_untyped`] knows the mnemonic.
pub fn is_checked_untyped(mnemonic: &str) -> bool {
    untyped_kind(mnemonic).is_some()
}

/// A payload as the text names it: `V`, or `V.OFFSET`, the raw operand `OFFSET` bytes into
/// `V` (5_operands.md, "Raw Operands"; IGC writes data operands `V.32:d32x8t` and atomic
/// sources `V.64`). Returns the variable's name and the byte offset.
pub(crate) fn payload_name(name: &str) -> (&str, u32) {
    match name.rsplit_once('.') {
        Some((base, offset)) if !base.is_empty() => match offset.parse::<u32>() {
            Ok(o) => (base, o),
            Err(_) => (name, 0),
        },
        _ => (name, 0),
    }
}

/// The text [`payload_name`] reads: `V` at offset 0, `V.OFFSET` otherwise.
pub(crate) fn payload_text(name: &str, offset: u32) -> String {
    if offset == 0 {
        name.to_string()
    } else {
        format!("{name}.{offset}")
    }
}

/// A general variable (or `%null` when `null_ok`) of at least `bytes` bytes from the
/// payload's byte offset (`V.OFFSET`, which must be GRF-aligned: 5_operands.md, "Raw
/// Operands").
pub(crate) fn general_var(
    vars: &Vars,
    name: &str,
    bytes: usize,
    null_ok: bool,
    field: &str,
) -> Result<()> {
    if name == NULL {
        return if null_ok {
            Ok(())
        } else {
            Err(invalid(field, "`%null` is not allowed here"))
        };
    }
    let (base, offset) = payload_name(name);
    let Some(id) = vars.find(base) else {
        return Err(invalid(field, format!("`{base}` is not declared")));
    };
    let info = vars.get(id);
    if info.class != VarClass::General || info.grf_offset.is_none() {
        return Err(invalid(
            field,
            format!("`{base}` is not a general variable"),
        ));
    }
    let grf = vars.platform.grf_size();
    if !(offset as usize).is_multiple_of(grf) {
        return Err(invalid(
            field,
            format!("the raw operand `{name}` is not GRF-aligned ({grf}-byte GRFs)"),
        ));
    }
    if info.byte_size() < offset as usize + bytes {
        return Err(invalid(
            field,
            format!(
                "`{base}` has {} bytes; the operand spans {bytes} from byte {offset}",
                info.byte_size()
            ),
        ));
    }
    Ok(())
}

/// The checked address operand of a gather/scatter form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UntypedAddress {
    pub addr_type: AddrType,
    pub addr_size: AddrSize,
    pub scale: i64,
    pub imm_offset: i64,
    pub addrs: String,
}

fn address(op: &Operand, sfid: Sfid, strided: bool) -> Result<(UntypedAddress, Option<Pitch>)> {
    let OperandKind::Address {
        space,
        surface,
        terms,
        size,
    } = &op.kind
    else {
        return Err(invalid("address", "expected an address `TYPE[ADDRS]:SIZE`"));
    };
    let addr_type = AddrType::from_name(space).ok_or_else(|| {
        invalid(
            "address",
            format!("address type `{space}` is not one of flat bss ss bti arg"),
        )
    })?;
    if addr_type.is_stateful() != surface.is_some() {
        return Err(invalid(
            "surface",
            if addr_type.is_stateful() {
                format!("a `{space}` address needs its surface `{space}(SURFACE)`")
            } else {
                format!("a `{space}` address takes no surface")
            },
        ));
    }
    if sfid == Sfid::Slm && addr_type != AddrType::Flat {
        return Err(invalid(
            "address",
            "shared local memory is addressed `flat`",
        ));
    }
    let Some(size) = size else {
        return Err(invalid(
            "address",
            "missing address size `:a16`, `:a32` or `:a64`",
        ));
    };
    let addr_size = AddrSize::from_name(size).ok_or_else(|| {
        invalid(
            "address",
            format!("address size `{size}` is not one of a16 a32 a64"),
        )
    })?;
    let (term, pitch) = match terms.as_slice() {
        [term] => (term, None),
        [term, pitch] if strided => {
            let p = match (&pitch.base, pitch.scale) {
                (None, None) => Pitch::Imm(pitch.offset),
                (Some(v), None) if pitch.offset == 0 => Pitch::Var(v.clone()),
                _ => {
                    return Err(invalid(
                        "address",
                        "Src0AddrPitch is an immediate or a variable",
                    ))
                }
            };
            if let Pitch::Imm(i) = p {
                if i32::try_from(i).is_err() {
                    return Err(invalid(
                        "address",
                        format!("Src0AddrPitch {i} does not fit a d value"),
                    ));
                }
            }
            (term, Some(p))
        }
        _ => {
            return Err(invalid(
                "address",
                if strided {
                    "expected `[SCALE*]ADDRS[+OFFSET][, PITCH]`"
                } else {
                    "expected one address term `[SCALE*]ADDRS[+OFFSET]`"
                },
            ))
        }
    };
    let Some(addrs) = &term.base else {
        return Err(invalid("address", "the address names no variable"));
    };
    let scale = term.scale.unwrap_or(1);
    // AddrScale is a uw field; AddrImmOffset a d field.
    if !(1..=0xffff).contains(&scale) {
        return Err(invalid(
            "address",
            format!("AddrScale {scale} is outside 1..=0xffff"),
        ));
    }
    if i32::try_from(term.offset).is_err() {
        return Err(invalid(
            "address",
            format!("AddrImmOffset {} does not fit a d field", term.offset),
        ));
    }
    Ok((
        UntypedAddress {
            addr_type,
            addr_size,
            scale,
            imm_offset: term.offset,
            addrs: addrs.clone(),
        },
        pitch,
    ))
}

/// `Src0AddrPitch` of a strided form as written: an immediate or a variable's first D.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pitch {
    Imm(i64),
    Var(String),
}

/// The fields of a checked gather/scatter line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UntypedForm {
    pub sfid: Sfid,
    pub l1: CacheOpt,
    pub l3: CacheOpt,
    pub shape: DataShape,
    pub address: UntypedAddress,
    /// The data operand's variable (`DstData` of a load, `Src1Data` of a store), or `%null`.
    pub data: String,
    /// The sub-op's family.
    pub kind: UntypedKind,
    /// ChMask of the quad forms (x=1, y=2, z=4, w=8); 0 otherwise.
    pub ch_mask: u8,
    /// `Src0AddrPitch` of the strided forms when written.
    pub pitch: Option<Pitch>,
    /// The atomics' `Src1Data` and `Src2Data` as written (`%null` when unused).
    pub atomic_srcs: Vec<String>,
}

/// The SFID and the (L1, L3) caching options of an LSC instruction's modifiers (`.ugm.ca.ca`):
/// the unit first, then at most two caching options, `.df` for those left out.
pub(crate) fn unit_and_caching(mods: &[String]) -> Result<(Sfid, CacheOpt, CacheOpt)> {
    let Some((sfid, caching)) = mods.split_first() else {
        return Err(invalid(
            "sfid",
            "missing the unit `.ugm`, `.ugml` or `.slm`",
        ));
    };
    let sfid = Sfid::from_name(sfid)
        .ok_or_else(|| invalid("sfid", format!("`.{sfid}` is not one of ugm ugml slm")))?;
    let opts = caching
        .iter()
        .map(|c| {
            CacheOpt::from_name(c)
                .ok_or_else(|| invalid("caching", format!("`.{c}` is not a caching option")))
        })
        .collect::<Result<Vec<_>>>()?;
    let (l1, l3) = match opts.as_slice() {
        [] => (CacheOpt::Df, CacheOpt::Df),
        [l1] => (*l1, CacheOpt::Df),
        [l1, l3] => (*l1, *l3),
        _ => return Err(invalid("caching", "at most two caching options (L1, L3)")),
    };
    Ok((sfid, l1, l3))
}

/// Validates a gather/scatter LSC_UNTYPED line whose execution size `exec_size` is already
/// checked (instructions/LSC_UNTYPED.md: Format, operand descriptions, Text).
pub fn check_untyped(
    line: &InsnLine,
    exec_size: u32,
    vars: &Vars,
    platform: Platform,
) -> Result<UntypedForm> {
    let Some(kind) = UntypedKind::of(&line.opcode) else {
        return Err(invalid(
            "opcode",
            format!("`{}` is not a gather/scatter LSC form", line.opcode),
        ));
    };
    let Some((load, atomic)) = untyped_kind(&line.opcode) else {
        return Err(invalid(
            "opcode",
            format!("`{}` is not a gather/scatter LSC form", line.opcode),
        ));
    };
    let (sfid, l1, l3) = unit_and_table_caching(line, load, atomic)?;
    // Atomics always write Src1Data and Src2Data, `%null` when unused (Text, Examples).
    let want = if atomic.is_some() { 4 } else { 2 };
    if line.operands.len() != want {
        return Err(invalid(
            "operands",
            format!(
                "`{}` takes {want} operands, {} given",
                line.opcode,
                line.operands.len()
            ),
        ));
    }
    let (data, addr) = if load {
        (&line.operands[0], &line.operands[1])
    } else {
        (&line.operands[1], &line.operands[0])
    };
    let data_field = if load { "dst" } else { "src1" };
    let OperandKind::Data {
        name,
        offset,
        shape,
    } = &data.kind
    else {
        return Err(invalid(data_field, "expected a data operand `V:SHAPE`"));
    };
    let name = &payload_text(name, *offset);
    let (shape, ch_mask) = data_shape(line, kind, exec_size, shape, data_field)?;
    let grf = platform.grf_size();
    // The bytes the operand's elements occupy (the IR rules apply LSC-PAYLOAD-EXTENT).
    let extent = super::operand::data_extent(shape, exec_size, grf, false);
    general_var(vars, name, extent, load, data_field)?;
    let strided = matches!(kind, UntypedKind::LoadStrided | UntypedKind::StoreStrided);
    let (a, pitch) = address(addr, sfid, strided)?;
    if let Some(Pitch::Var(v)) = &pitch {
        general_var(vars, v, 4, false, "src0")?;
    }
    // The strided forms take one address, Src0AddrBase.
    let lanes = if shape.transposed || strided {
        1
    } else {
        exec_size as usize
    };
    general_var(vars, &a.addrs, lanes * a.addr_size.bytes(), false, "src0")?;
    let atomic_srcs = atomic_sources(line, vars, atomic.unwrap_or(0), extent)?;
    Ok(UntypedForm {
        sfid,
        l1,
        l3,
        shape,
        address: a,
        data: name.clone(),
        kind,
        ch_mask,
        pitch,
        atomic_srcs,
    })
}

/// The unit and the caching pair of the modifiers, checked against the CachingL1 table
/// (an atomic either column).
fn unit_and_table_caching(
    line: &InsnLine,
    load: bool,
    atomic: Option<usize>,
) -> Result<(Sfid, CacheOpt, CacheOpt)> {
    // Modifiers: SFID, then CachingL1 and CachingL3.
    let (sfid, l1, l3) = unit_and_caching(&line.mods)?;
    let caching = line.mods.get(1..).unwrap_or_default();
    // SLM's `.df`-only rule is erratum LSC-SLM-CACHING's, checked on the IR (`rules`).
    // Atomics are read-modify-writes; the table's store column is for stores.
    let cached = match atomic {
        Some(_) => caching_allowed(l1, l3, true) || caching_allowed(l1, l3, false),
        None => caching_allowed(l1, l3, load),
    };
    if !cached {
        return Err(invalid(
            "caching",
            format!(
                "caching `{}` is not a combination of the CachingL1 table for a {}",
                caching.join("."),
                if load { "load" } else { "store" }
            ),
        ));
    }
    Ok((sfid, l1, l3))
}

/// The data operand's shape `DataSize[xDataElemsPerAddr][t]`, or a quad form's
/// `DataSize.CHANNELS` with its ChMask; transposition and the atomics' limits.
fn data_shape(
    line: &InsnLine,
    kind: UntypedKind,
    exec_size: u32,
    shape: &str,
    data_field: &str,
) -> Result<(DataShape, u8)> {
    let atomic = matches!(kind, UntypedKind::Atomic(_));
    let quad = matches!(kind, UntypedKind::LoadQuad | UntypedKind::StoreQuad);
    let (shape, ch_mask) = match (quad, shape.split_once('.')) {
        (true, Some((size, chans))) => {
            let Some(mask) = parse_ch_mask(chans) else {
                return Err(invalid(
                    data_field,
                    format!("`.{chans}` is not a channel mask of x y z w in order"),
                ));
            };
            let mut shape = DataShape::parse(size).map_err(|e| e.field(data_field))?;
            if shape.vect_size != 1 || shape.transposed {
                return Err(invalid(
                    data_field,
                    "a quad form's shape is `DataSize.CHANNELS`, not transposed",
                ));
            }
            // One register block per enabled channel (LOAD_QUAD: DstData[m]).
            shape.vect_size = mask.count_ones();
            (shape, mask)
        }
        (true, None) => {
            return Err(invalid(
                data_field,
                "a quad form names its channels: `d32.xyzw`",
            ))
        }
        (false, _) => (DataShape::parse(shape).map_err(|e| e.field(data_field))?, 0),
    };
    if let UntypedKind::Atomic(op) = kind {
        if !op.admits(shape.size) {
            return Err(invalid(
                data_field,
                format!(
                    "`{}` does not take data size {}",
                    line.opcode,
                    shape.size.name()
                ),
            ));
        }
    }
    if shape.transposed {
        // Description: transpose is SIMD1 only and not permitted for atomics.
        if atomic {
            return Err(invalid(data_field, "atomics take no transposed data"));
        }
        if exec_size != 1 {
            return Err(invalid(
                "exec_size",
                format!("a transposed access is SIMD1, not SIMD{exec_size}"),
            ));
        }
    }
    if atomic && shape.vect_size != 1 {
        return Err(invalid(
            data_field,
            "atomics access one element per address",
        ));
    }
    Ok((shape, ch_mask))
}

/// An atomic's `Src1Data` and `Src2Data` as written: a general variable of `span` bytes for
/// each source the operation reads, `%null` for the others.
fn atomic_sources(
    line: &InsnLine,
    vars: &Vars,
    sources: usize,
    span: usize,
) -> Result<Vec<String>> {
    let mut atomic_srcs = Vec::new();
    for (k, op) in line.operands[2..].iter().enumerate() {
        let field = format!("src{}", k + 1);
        let name = match &op.kind {
            OperandKind::Name(n) => n.clone(),
            // `V.64` (IGC writes a non-zero offset), `%null.0`.
            OperandKind::Raw { name, .. } if name == NULL => name.clone(),
            OperandKind::Raw { name, offset } => payload_text(name, *offset),
            OperandKind::Data { name, offset, .. } => payload_text(name, *offset),
            OperandKind::Var {
                name,
                origin,
                region: None,
                ty: None,
                modifier: None,
            } if origin.is_empty() => name.clone(),
            _ => {
                return Err(invalid(
                    &field,
                    "expected an atomic data variable or `%null`",
                ))
            }
        };
        atomic_srcs.push(name.clone());
        let name = &name;
        if k >= sources {
            if name != NULL {
                return Err(invalid(
                    &field,
                    format!(
                        "`{}` takes {sources} data sources: this one is `%null`",
                        line.opcode
                    ),
                ));
            }
            continue;
        }
        general_var(vars, name, span, false, &field)?;
    }
    Ok(atomic_srcs)
}
