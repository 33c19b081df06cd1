//! The ALU family: arithmetic, logic, shift, bit and move instructions.

pub mod add;
pub mod add3;
pub mod and;
pub mod asr;
pub mod avg;
pub mod bfe;
pub mod bfi;
pub mod bfn;
pub mod bfrev;
pub mod cbit;
pub mod cmp;
pub mod fbh;
pub mod fbl;
pub mod lzd;
pub mod min_max;
pub mod mov;
pub mod mulh;
pub mod not;
pub mod or;
pub mod rol;
pub mod ror;
pub mod sel;
pub mod setp;
pub mod shl;
pub mod shr;
pub mod xor;
