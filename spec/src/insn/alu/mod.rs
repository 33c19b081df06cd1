//! The ALU family: arithmetic, logic, shift, bit and move instructions.

pub mod add;
pub mod add3;
pub mod add3o;
pub mod addc;
pub mod addr_add;
pub mod asr;
pub mod avg;
pub mod bfe;
pub mod bfi;
pub mod bfn;
pub mod bfrev;
pub mod cbit;
pub mod cmp;
pub mod div;
pub mod fbh;
pub mod fbl;
pub mod logic;
pub mod lzd;
pub mod mad;
pub mod madw;
pub mod min_max;
pub mod mod_;
pub mod mov;
pub mod movs;
pub mod mul;
pub mod mulh;
pub mod rotate;
pub mod sad2;
pub mod sad2add;
pub mod sel;
pub mod setp;
pub mod shl;
pub mod shr;
pub mod subb;

use crate::error::{Result, VisaError};
use crate::ir::{Dst, Instruction};

/// The second destination of ADDC (`<carry>`), SUBB (`<borrow>`) and ADD3O (`(<P>)`), which
/// validation gives those instructions.
fn second_destination(insn: &Instruction) -> Result<&Dst> {
    insn.dst2.as_ref().ok_or_else(|| {
        VisaError::model_bug(format!(
            "{} without its second destination",
            insn.opcode.mnemonic()
        ))
    })
}
