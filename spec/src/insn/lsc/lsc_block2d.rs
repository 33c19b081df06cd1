//! LSC_UNTYPED's block 2D sub-ops (instructions/LSC_UNTYPED.md, Semantics LOAD_BLOCK2D and
//! STORE_BLOCK2D): `lsc_load_block2d` transcribes the four branches of the LOAD_BLOCK2D
//! loop (plain, VNNI `transform`, `transpose`, both), `lsc_store_block2d` the single-block
//! store.
//!
//! Readings: BLOCK2D-MINUS-ONE (Blocks, BlockWidth and BlockHeight are counts as written),
//! BLOCK2D-TEXT-SWAP (the text is `Blocks x BlockWidth x BlockHeight`), BLOCK2D-SURFACE-MINUS-ONE
//! (SurfaceWidth, SurfaceHeight and SurfacePitch are each the value minus one),
//! BLOCK2D-ROW-Y (row `y` of the block is surface row `Y + y`), BLOCK2D-STORE-INDEX (the
//! store reads Src1Data row-major, `Src1Data[n*round_up_pow2(W) + v]`) and
//! BLOCK2D-OUT-OF-BOUNDS (elements outside the surface load zero; stores to them are
//! dropped), BLOCK2D-STRADDLE (an element across the width is outside; literal: inside when
//! its first byte is) and BLOCK2D-LIMITS (a surface outside Intel's published limits is
//! undefined behaviour; literal: any surface). X and Y include their immediate offsets (`X+2`).

use crate::config::ExecConfig;
use crate::errata::{self, Readings};
use crate::error::{ErrorClass, Result, VisaError};
use crate::ir::block2d::FlatSurface;
use crate::ir::{Block2dCtrl, Dst, Instruction, Program, Scalar};
use crate::state::{AccessKind, AddrSize, AddrType, MachineState, StoreJournal, Window};

use super::lsc_untyped::{read_grf, start};

/// How an address operand's bits read: SurfaceBaseAddr a UQ, SurfaceWidth, SurfaceHeight and
/// SurfacePitch UD, Src0AddrX and Src0AddrY D.
#[derive(Clone, Copy, PartialEq)]
enum Field {
    Uq,
    Ud,
    D,
}

/// The value of an address operand (an immediate, or an element of a variable).
fn operand(program: &Program, state: &MachineState, s: &Scalar, field: Field) -> Result<i128> {
    Ok(match (*s, field) {
        (Scalar::Imm { bits, .. }, Field::Uq) => i128::from(bits),
        (Scalar::Imm { bits, .. }, Field::Ud) => i128::from(bits as u32),
        (Scalar::Imm { bits, .. }, Field::D) => i128::from(bits as u32 as i32),
        (Scalar::Var { var, row, col, ty }, _) => {
            // The element (row, col) of its type: the variable's origin for the six-operand
            // form, a payload field for `flat[V+(X,Y)]` (BLOCK2D-ADDRESS-PAYLOAD).
            let at = start(program, var)?
                + row as usize * program.platform.grf_size()
                + col as usize * ty.size();
            if field == Field::Uq {
                let b = read_grf(state, at, 8)?;
                let mut w = [0u8; 8];
                w.copy_from_slice(b);
                i128::from(u64::from_le_bytes(w))
            } else {
                let b = read_grf(state, at, 4)?;
                let w = [b[0], b[1], b[2], b[3]];
                if field == Field::Ud {
                    i128::from(u32::from_le_bytes(w))
                } else {
                    i128::from(i32::from_le_bytes(w))
                }
            }
        }
    })
}

/// The surface and block position of one message.
#[allow(non_snake_case)]
struct Surface2d {
    SurfaceBaseAddr: i128,
    /// Width in bytes, height in rows, pitch in bytes (decoded from the minus-one fields).
    width: i128,
    height: i128,
    pitch: i128,
    X: i128,
    Y: i128,
    /// BLOCK2D-ROW-Y literal: the row address drops Y.
    drop_y: bool,
    /// BLOCK2D-STRADDLE literal: an element is inside when its first byte is.
    element_first: bool,
    elem: i128,
}

impl Surface2d {
    #[allow(non_snake_case)]
    fn new(
        program: &Program,
        c: &Block2dCtrl,
        surface: &FlatSurface,
        state: &MachineState,
        readings: &Readings,
    ) -> Result<Surface2d> {
        let minus_one = !readings.is_literal(errata::BLOCK2D_SURFACE_MINUS_ONE);
        let SurfaceWidth = operand(program, state, &surface.width, Field::Ud)?;
        let SurfaceHeight = operand(program, state, &surface.height, Field::Ud)?;
        let SurfacePitch = operand(program, state, &surface.pitch, Field::Ud)?;
        let surface = Surface2d {
            SurfaceBaseAddr: operand(program, state, &surface.base, Field::Uq)?,
            // The document marks width and height "minus 1" itself; the pitch is minus one
            // under the resolved reading only.
            width: SurfaceWidth + 1,
            height: SurfaceHeight + 1,
            pitch: SurfacePitch + i128::from(minus_one),
            X: operand(program, state, &c.operands.x, Field::D)? + i128::from(c.x_offset),
            Y: operand(program, state, &c.operands.y, Field::D)? + i128::from(c.y_offset),
            drop_y: readings.is_literal(errata::BLOCK2D_ROW_Y),
            element_first: readings.is_literal(errata::BLOCK2D_STRADDLE),
            elem: c.shape.size.mem_bytes() as i128,
        };
        // BLOCK2D-LIMITS resolved: a surface outside Intel's published limits.
        if !readings.is_literal(errata::BLOCK2D_LIMITS) {
            crate::ir::block2d::block2d_surface_limits(
                surface.SurfaceBaseAddr,
                surface.width,
                surface.height,
                surface.pitch,
                surface.elem,
            )
            .map_err(|why| {
                VisaError::new(
                    ErrorClass::UndefinedBehaviour,
                    format!("block 2D surface: {why} (BLOCK2D-LIMITS)"),
                )
            })?;
        }
        Ok(surface)
    }

    /// The flat address of element `column` of surface row `row`, `None` outside the
    /// surface (BLOCK2D-OUT-OF-BOUNDS): past the width by any byte, or by its first byte
    /// under BLOCK2D-STRADDLE's literal reading.
    fn address(&self, row: i128, column: i128) -> Option<u64> {
        let last = if self.element_first {
            column * self.elem
        } else {
            (column + 1) * self.elem - 1
        };
        let inside = row >= 0 && row < self.height && column >= 0 && last < self.width;
        inside.then(|| {
            AddrSize::A64.truncate(self.SurfaceBaseAddr + row * self.pitch + column * self.elem)
        })
    }
}

/// `Blocks`, `BlockWidth`, `BlockHeight` as the loops use them (BLOCK2D-MINUS-ONE,
/// BLOCK2D-TEXT-SWAP).
#[allow(non_snake_case)]
fn counts(c: &Block2dCtrl, readings: &Readings) -> (usize, usize, usize) {
    let (mut B, mut W, mut H) = (c.shape.blocks, c.shape.width, c.shape.height);
    if readings.is_literal(errata::BLOCK2D_TEXT_SWAP) {
        std::mem::swap(&mut W, &mut H);
    }
    if readings.is_literal(errata::BLOCK2D_MINUS_ONE) {
        B += 1;
        W += 1;
        H += 1;
    }
    (B as usize, W as usize, H as usize)
}

fn overflow(what: &str) -> VisaError {
    VisaError::new(
        ErrorClass::UndefinedBehaviour,
        format!("the block 2D {what} lies past its variable under the reading in force"),
    )
}

/// LOAD_BLOCK2D.
#[allow(non_snake_case)]
pub fn load(
    program: &Program,
    insn: &Instruction,
    c: &Block2dCtrl,
    surface: &FlatSurface,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let readings = &config.readings;
    let src0 = Surface2d::new(program, c, surface, state, readings)?;
    let (B, W, H) = counts(c, readings);
    let transpose = c.shape.transpose;
    let transform = c.shape.vnni;
    let T = c.shape.size.mem_bytes();
    let elems_per_dword = (4 / T).max(1);
    let elems_per_reg = program.platform.grf_size() / T;
    let window: Window = state.mem.window(false, AddrType::Flat, 0)?;
    let Dst::General { var, .. } = insn.dst else {
        // A prefetch: nothing reaches the registers.
        return Ok(());
    };
    let dst = start(program, var)?;
    let dst_len = program.vars.get(var).byte_size();

    // (element offset in DstData, value bytes, undefined) in the loop's order.
    let mut grf: Vec<(usize, Vec<u8>, bool)> = Vec::new();
    let mut store_elem_to_grf = |dst_off: usize, value: Vec<u8>, undefined: bool| {
        grf.push((dst_off, value, undefined));
    };
    // The address of each element read, noted as accesses when recording (docs/races.md).
    let recording = state.mem.recording();
    let read = std::cell::RefCell::new(Vec::new());
    let load_elem = |dst_off: usize,
                     b: usize,
                     y: usize,
                     x: usize,
                     put: &mut dyn FnMut(usize, Vec<u8>, bool)| {
        // row = SurfaceBaseAddr + (Y + y)*SurfacePitch; element X + b*W + x of it.
        let row = if src0.drop_y {
            y as i128
        } else {
            src0.Y + y as i128
        };
        let column = src0.X + (b * W + x) as i128;
        let mut value = vec![0u8; T];
        let mut undefined = false;
        if let Some(a) = src0.address(row, column) {
            undefined = !state.mem.load(&window, a, &mut value).is_empty();
            if recording {
                read.borrow_mut().push(a);
            }
        }
        put(dst_off, value, undefined);
    };
    let grf_row_size = if transpose { H } else { W };
    let grf_row_pitch = grf_row_size.next_power_of_two();
    let grf_block_size = grf_row_pitch * if transpose { W } else { H };
    let grf_block_pitch = grf_block_size.div_ceil(elems_per_reg) * elems_per_reg;
    let zeros = |dst_off: usize, n: usize, put: &mut dyn FnMut(usize, Vec<u8>, bool)| {
        for i in 0..n {
            put(dst_off + i, vec![0u8; T], false);
        }
    };
    let put = &mut store_elem_to_grf;
    for b in 0..B {
        if !transpose && !transform {
            for y in 0..H {
                let grf_row_start = b * grf_block_pitch + y * grf_row_pitch;
                // load_row_span(grf_row_start, b, y, 0, W)
                for i in 0..W {
                    load_elem(grf_row_start + i, b, y, i, put);
                }
                zeros(grf_row_start + W, grf_row_pitch - W, put);
            }
        } else if !transpose && transform {
            for y in (0..H).step_by(elems_per_dword) {
                for x in 0..W {
                    // load_col_span(..., b, y, x, elems_per_dword)
                    let at = b * grf_block_pitch + y * grf_row_pitch + x * elems_per_dword;
                    for i in 0..elems_per_dword {
                        load_elem(at + i, b, y + i, x, put);
                    }
                }
                zeros(
                    b * grf_block_pitch + y * grf_row_pitch + W * elems_per_dword,
                    elems_per_dword * (grf_row_pitch - W),
                    put,
                );
            }
        } else if transpose && !transform {
            for x in 0..W {
                // load_col_span(b*grf_block_pitch + x*grf_row_pitch, b, 0, x, H)
                let at = b * grf_block_pitch + x * grf_row_pitch;
                for i in 0..H {
                    load_elem(at + i, b, i, x, put);
                }
                zeros(at + H, grf_row_pitch - H, put);
            }
        } else {
            for x in (0..W).step_by(elems_per_dword) {
                for y in 0..H {
                    // load_row_span(..., b, y, x, elems_per_dword)
                    let at = b * grf_block_pitch + x * grf_row_pitch + y * elems_per_dword;
                    for i in 0..elems_per_dword {
                        load_elem(at + i, b, y, x + i, put);
                    }
                }
                zeros(
                    b * grf_block_pitch + x * grf_row_pitch + H * elems_per_dword,
                    elems_per_dword * (grf_row_pitch - H),
                    put,
                );
            }
        }
        // Pad out the register block.
        zeros(
            b * grf_block_pitch + grf_block_size,
            grf_block_pitch - grf_block_size,
            put,
        );
    }
    for a in read.into_inner() {
        state
            .mem
            .note(None, &window, a, T, u64::MAX, AccessKind::Read);
    }
    for (dst_off, value, undefined) in grf {
        let at = dst_off * T;
        if at + T > dst_len {
            return Err(overflow("DstData"));
        }
        for (k, v) in value.iter().enumerate() {
            let byte = dst + at + k;
            let slot = state
                .grf
                .get_mut(byte)
                .ok_or_else(|| VisaError::model_bug("DstData lies outside the register file"))?;
            *slot = *v;
            if undefined {
                state.undefined.insert(byte);
            } else {
                state.undefined.remove(&byte);
            }
        }
    }
    Ok(())
}

/// STORE_BLOCK2D: one block; row `n`, element `v` of the block from
/// `Src1Data.elems[n*round_up_pow2(BlockWidth) + v]` to surface row `Y + n`, element `X + v`
/// (BLOCK2D-STORE-INDEX resolved). The literal reading transcribes the document's loop:
/// `(SurfaceBaseAddr + (Y + n*SurfacePitch + X)).elems[v] = Src1Data.elems[v*reg_pitch + n]`
/// with `reg_pitch = round_up_pow2(BlockHeight)`, X and Y as byte offsets and no bounds.
#[allow(non_snake_case)]
pub fn store(
    program: &Program,
    c: &Block2dCtrl,
    surface: &FlatSurface,
    state: &mut MachineState,
    config: &ExecConfig,
) -> Result<()> {
    let readings = &config.readings;
    let src0 = Surface2d::new(program, c, surface, state, readings)?;
    let (_, BlockWidth, BlockHeight) = counts(c, readings);
    let T = c.shape.size.mem_bytes();
    let window: Window = state.mem.window(false, AddrType::Flat, 0)?;
    let Some(data) = c.operands.data else {
        return Err(VisaError::model_bug("a store without Src1Data"));
    };
    let Src1Data = start(program, data.var)?;
    let src_len = program.vars.get(data.var).byte_size();
    let literal = readings.is_literal(errata::BLOCK2D_STORE_INDEX);
    let mut journal = StoreJournal::default();
    for n in 0..BlockHeight {
        for v in 0..BlockWidth {
            let (index, address) = if literal {
                let reg_pitch = BlockHeight.next_power_of_two();
                let a = src0.SurfaceBaseAddr
                    + src0.Y
                    + n as i128 * src0.pitch
                    + src0.X
                    + (v * T) as i128;
                (v * reg_pitch + n, Some(AddrSize::A64.truncate(a)))
            } else {
                let reg_pitch = BlockWidth.next_power_of_two();
                let row = if src0.drop_y {
                    n as i128
                } else {
                    src0.Y + n as i128
                };
                (n * reg_pitch + v, src0.address(row, src0.X + v as i128))
            };
            if (index + 1) * T > src_len {
                return Err(overflow("Src1Data"));
            }
            let value = read_grf(state, Src1Data + index * T, T)?.to_vec();
            if let Some(a) = address {
                journal.store(&window, a, &value);
                state
                    .mem
                    .note(None, &window, a, T, u64::MAX, AccessKind::Write);
            }
        }
    }
    journal.commit(&mut state.mem);
    Ok(())
}
