//! Numeric profiles of float DPAS (erratum DPAS-FLOAT-ROUNDING; docs/dpas.md, "Numeric
//! profiles"). DPAS.md writes `temp.F[i] += dot2(...)` and says nothing of rounding, internal
//! precision, denormals or the conversion of the result to HF/BF. A profile names one answer
//! to each of those four questions; execution uses one profile ([`DpasProfile::default`]),
//! and golden vectors accept the result of any profile (an allowed set).
//!
//! A profile's name is its four choices joined by `+`, e.g.
//! `literal-c+dst-rne+denorm-keep+tf32-trim` (the default).

use std::fmt;

/// How the products of one systolic stage reach the f32 accumulator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Accumulation {
    /// `literal-c`: the document's C reading: every product rounded to f32, the dot2/dot4
    /// summed in f32 from element 0 up (each addition rounded), the dot added to `temp`
    /// (rounded). Every rounding is to nearest, ties to even.
    LiteralC,
    /// `sequential`: one exact product at a time, in k order, added to `temp` with one
    /// rounding each.
    Sequential,
    /// `exact-stage`: `temp` plus every product of the stage, exactly, then one rounding.
    ExactStage,
    /// `product-round`: each product rounded to f32 (and flushed under `denorm-flush`), then
    /// added to `temp` in k order with one rounding each: the order of Intel's emulations
    /// (the ESIMD host emulation, the C-for-Metal CPU emulation). It differs from
    /// `sequential` only where a product is not an f32: below the f32 range (the sign of a
    /// zero, a flushed denormal product).
    ProductRound,
}

/// How the f32 result becomes an HF or BF destination element.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DstRounding {
    /// `dst-rne`: round to nearest, ties to even.
    Rne,
    /// `dst-rtz`: truncation (round toward zero).
    Rtz,
}

/// Denormals of inputs (Src0, Src1, Src2 elements) and of every rounded result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Denormals {
    /// `denorm-keep`: gradual underflow everywhere.
    Keep,
    /// `denorm-flush`: every denormal input and every denormal rounded result (each f32
    /// rounding and the final HF/BF conversion) becomes a zero of its sign.
    Flush,
}

/// Which bits of a tf32 element's DW count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tf32Input {
    /// `tf32-trim`: the top 19 bits (sign, 8 exponent bits, 10 mantissa bits); the low 13
    /// mantissa bits are ignored (DPAS.md, Description: E8M10).
    Trim,
    /// `tf32-full`: the whole DW as an f32 (the low 13 bits kept).
    Full,
}

/// One numeric profile of float DPAS.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DpasProfile {
    pub accumulation: Accumulation,
    pub dst_rounding: DstRounding,
    pub denormals: Denormals,
    pub tf32: Tf32Input,
}

impl Default for DpasProfile {
    /// `literal-c+dst-rne+denorm-keep+tf32-trim`: the document's C reading with IEEE 754
    /// defaults (round to nearest even, gradual underflow) and tf32 as its format says.
    fn default() -> DpasProfile {
        DpasProfile {
            accumulation: Accumulation::LiteralC,
            dst_rounding: DstRounding::Rne,
            denormals: Denormals::Keep,
            tf32: Tf32Input::Trim,
        }
    }
}

impl DpasProfile {
    /// Every profile (4 x 2 x 2 x 2), the default first.
    pub fn all() -> Vec<DpasProfile> {
        let mut out = Vec::new();
        for accumulation in [
            Accumulation::LiteralC,
            Accumulation::Sequential,
            Accumulation::ExactStage,
            Accumulation::ProductRound,
        ] {
            for dst_rounding in [DstRounding::Rne, DstRounding::Rtz] {
                for denormals in [Denormals::Keep, Denormals::Flush] {
                    for tf32 in [Tf32Input::Trim, Tf32Input::Full] {
                        out.push(DpasProfile {
                            accumulation,
                            dst_rounding,
                            denormals,
                            tf32,
                        });
                    }
                }
            }
        }
        out
    }

    /// The profile of a name (`a+b+c+d`, the four parts in any order; a part left out takes
    /// the default's choice). `None` for an unknown part.
    pub fn parse(name: &str) -> Option<DpasProfile> {
        let mut p = DpasProfile::default();
        for part in name.split('+').filter(|s| !s.is_empty()) {
            match part {
                "literal-c" => p.accumulation = Accumulation::LiteralC,
                "sequential" => p.accumulation = Accumulation::Sequential,
                "exact-stage" => p.accumulation = Accumulation::ExactStage,
                "product-round" => p.accumulation = Accumulation::ProductRound,
                "dst-rne" => p.dst_rounding = DstRounding::Rne,
                "dst-rtz" => p.dst_rounding = DstRounding::Rtz,
                "denorm-keep" => p.denormals = Denormals::Keep,
                "denorm-flush" => p.denormals = Denormals::Flush,
                "tf32-trim" => p.tf32 = Tf32Input::Trim,
                "tf32-full" => p.tf32 = Tf32Input::Full,
                _ => return None,
            }
        }
        Some(p)
    }
}

impl fmt::Display for DpasProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let acc = match self.accumulation {
            Accumulation::LiteralC => "literal-c",
            Accumulation::Sequential => "sequential",
            Accumulation::ExactStage => "exact-stage",
            Accumulation::ProductRound => "product-round",
        };
        let dst = match self.dst_rounding {
            DstRounding::Rne => "dst-rne",
            DstRounding::Rtz => "dst-rtz",
        };
        let den = match self.denormals {
            Denormals::Keep => "denorm-keep",
            Denormals::Flush => "denorm-flush",
        };
        let tf32 = match self.tf32 {
            Tf32Input::Trim => "tf32-trim",
            Tf32Input::Full => "tf32-full",
        };
        write!(f, "{acc}+{dst}+{den}+{tf32}")
    }
}
