//! The ALU family: arithmetic, logic, shift, bit and move instructions.

pub mod add;
pub mod add3;
pub mod and;
pub mod asr;
pub mod avg;
pub mod bfe;
pub mod bfi;
pub mod bfrev;
pub mod cbit;
pub mod div;
pub mod fbh;
pub mod fbl;
pub mod lzd;
pub mod mad;
pub mod mod_;
pub mod mov;
pub mod mul;
pub mod mulh;
pub mod not;
pub mod or;
pub mod rol;
pub mod ror;
pub mod shl;
pub mod shr;
pub mod xor;
