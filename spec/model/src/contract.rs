//! Accuracy contracts of the approximated math instructions: the numeric profiles of INV, LOG,
//! EXP, SQRT, RSQRT, SIN, COS, POW, DIV on floats and the early-out macros INVM and RSQTM
//! (docs/math.md, "Accuracy contracts").
//!
//! The vISA documents give each instruction's loop and no accuracy. The engines execute the
//! correctly rounded value of the exact function; a contract says which other results an
//! implementation may give, as a [`Bound`] per function and type, so that a golden vector can
//! expect the allowed set of the contract instead of one value. Special values (NaN, ±inf,
//! ±0, the domain errors) are no part of a contract: they are exact under every one.
//!
//! Three contracts, each from a published source:
//! - [`Contract::IntelHw`] (the default, `intel-hw`): the accuracy Intel publishes for the
//!   hardware math unit these instructions map to, in the doc comments of the ESIMD math
//!   functions (intel/llvm, sycl/include/sycl/ext/intel/esimd/math.hpp: `inv`, `log2`,
//!   `exp2`, `sqrt`, `rsqrt`, `sin`, `cos`; `pow` states none).
//! - [`Contract::CorrectlyRounded`] (`correctly-rounded`): the exact value rounded once in
//!   %cr0's mode, what the engines execute.
//! - [`Contract::OpenclFull`] (`opencl-full`): the OpenCL full-profile limits the Khronos
//!   conformance suite checks (KhronosGroup/OpenCL-CTS,
//!   test_conformance/math_brute_force/function_list.cpp, commit 04033bf: the float, double
//!   and half ulp columns of `sin`, `cos`, `exp2`, `log2`, `pow`, `rsqrt`, `sqrt` and
//!   `divide`).
//!
//! INVM and RSQTM (erratum MACRO-APPROXIMATION) approximate where their early-out bit is
//! clear; their bounds derive from the same sources: under `intel-hw`, INVM in F is INV's
//! 1 ulp on 1/src1 (a relative error below 2^-23, so below 2 ulp of the quotient) composed
//! with one rounding of the product (at most 1 ulp in a directed mode): 3 ulp; RSQTM in F is
//! RSQRT's 4 ulp; in DF both are IGC's published bound of the DF reciprocal square root seed
//! (intel/intel-graphics-compiler, IGC/VectorCompiler/lib/BiF/Library/Math/F64/rsqrt.cpp:
//! relative error below 2^-23), which INVM's DF seed is read to share. Under `opencl-full`,
//! INVM is `divide` and RSQTM `rsqrt`.

use std::fmt;

use crate::types::DataType;

/// The functions a contract bounds: the exact mathematical function of each approximated
/// instruction under the readings in force (LOG and EXP are base 2 under their resolved
/// reading and natural under the literal one, errata LOG-BASE and EXP-BASE; POW is
/// |src0|^src1). A contract bounds an approximation of whichever function the reading
/// defines: the natural functions take the figures of the base-2 ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MathFn {
    /// INV: 1/x.
    Inv,
    /// LOG: log2(x).
    Log2,
    /// EXP: 2^x.
    Exp2,
    /// LOG under LOG-BASE's literal reading: ln(x).
    Ln,
    /// EXP under EXP-BASE's literal reading: e^x.
    Exp,
    /// SQRT.
    Sqrt,
    /// RSQRT: 1/sqrt(x).
    Rsqrt,
    /// SIN (radians).
    Sin,
    /// COS (radians).
    Cos,
    /// POW: |x|^y.
    Pow,
    /// DIV on floats: x/y.
    Div,
    /// INVM's approximation: x/y where the early-out bit is clear.
    Invm,
    /// RSQTM's approximation: 1/sqrt(x) where the early-out bit is clear.
    Rsqtm,
}

impl MathFn {
    pub const ALL: [MathFn; 13] = [
        MathFn::Inv,
        MathFn::Log2,
        MathFn::Exp2,
        MathFn::Ln,
        MathFn::Exp,
        MathFn::Sqrt,
        MathFn::Rsqrt,
        MathFn::Sin,
        MathFn::Cos,
        MathFn::Pow,
        MathFn::Div,
        MathFn::Invm,
        MathFn::Rsqtm,
    ];

    /// The instruction's mnemonic.
    pub fn name(self) -> &'static str {
        match self {
            MathFn::Inv => "inv",
            MathFn::Log2 | MathFn::Ln => "log",
            MathFn::Exp2 | MathFn::Exp => "exp",
            MathFn::Sqrt => "sqrt",
            MathFn::Rsqrt => "rsqrt",
            MathFn::Sin => "sin",
            MathFn::Cos => "cos",
            MathFn::Pow => "pow",
            MathFn::Div => "div",
            MathFn::Invm => "invm",
            MathFn::Rsqtm => "rsqtm",
        }
    }
}

/// The largest |x| at which Intel's published SIN and COS bound holds: 32767π.
pub const TRIG_RANGE: f64 = 32767.0 * std::f64::consts::PI;

/// The relative error bound of the DF macros' seeds under `intel-hw`: 2^-23.
pub const MACRO_SEED_DF: f64 = 1.0 / 8_388_608.0;

/// How far a result may be from the exact value x of the function (the result's ulp is that
/// of the destination format at x: the spacing of x's binade, the denormal quantum below the
/// normal range).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bound {
    /// The correctly rounded value only.
    Exact,
    /// |r - x| <= n ulp(x).
    Ulps(f64),
    /// |r - x| <= `rel` |x|.
    Relative(f64),
    /// Intel's LOG: |r - x| <= 2^-21 where the input lies in [0.5, 2], |r - x| <= 2^-21 |x|
    /// elsewhere.
    Log2Intel,
    /// Intel's SIN and COS: |r - x| <= `abs` for inputs with |input| <= `range`; beyond it
    /// nothing is stated, and the contract allows any number in [-1, 1].
    AbsoluteInRange { abs: f64, range: f64 },
    /// Intel's POW: the composition the finalizer uses, 2^(y * L) with L a LOG result of
    /// |x| ([`Bound::Log2Intel`]), the product rounded to the destination type, and the
    /// power an EXP result (`Ulps(4)`).
    PowIntel,
}

/// An accuracy contract: one [`Bound`] per function and type.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Contract {
    /// `intel-hw`: Intel's published accuracy of the hardware math unit (the default).
    #[default]
    IntelHw,
    /// `correctly-rounded`: the exact value rounded once.
    CorrectlyRounded,
    /// `opencl-full`: the OpenCL full-profile limits.
    OpenclFull,
}

impl Contract {
    pub const ALL: [Contract; 3] = [
        Contract::IntelHw,
        Contract::CorrectlyRounded,
        Contract::OpenclFull,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Contract::IntelHw => "intel-hw",
            Contract::CorrectlyRounded => "correctly-rounded",
            Contract::OpenclFull => "opencl-full",
        }
    }

    pub fn parse(name: &str) -> Option<Contract> {
        Contract::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The bound of `f` with results of type `ty`; `None` where the contract's source says
    /// nothing of that type (the Intel figures are for HF and F, the OpenCL ones for F, DF
    /// and HF; BF has none but the exact one).
    pub fn bound(self, f: MathFn, ty: DataType) -> Option<Bound> {
        use DataType::{BF, DF, F, HF};
        // The natural functions take the bound of the base-2 ones: Intel's figures are for
        // the instruction, whichever function a reading makes it compute, and OpenCL gives
        // `exp` and `log` the figures of `exp2` and `log2`.
        let f = match f {
            MathFn::Ln => MathFn::Log2,
            MathFn::Exp => MathFn::Exp2,
            other => other,
        };
        match self {
            Contract::CorrectlyRounded => Some(Bound::Exact),
            // INVM and RSQTM have DF and F forms only (MACRO-APPROXIMATION).
            Contract::IntelHw | Contract::OpenclFull
                if matches!(f, MathFn::Invm | MathFn::Rsqtm) && !matches!(ty, F | DF) =>
            {
                None
            }
            Contract::IntelHw if matches!(f, MathFn::Invm | MathFn::Rsqtm) => Some(match (f, ty) {
                // INV's 1 ulp (relative < 2^-23: < 2 ulp of the quotient) and one rounding.
                (MathFn::Invm, F) => Bound::Ulps(3.0),
                // RSQRT's 4 ulp.
                (_, F) => Bound::Ulps(4.0),
                // IGC's DF rsqrt seed: relative error below 2^-23.
                _ => Bound::Relative(MACRO_SEED_DF),
            }),
            Contract::IntelHw => {
                if !matches!(ty, F | HF) {
                    return None;
                }
                Some(match f {
                    MathFn::Inv => Bound::Ulps(1.0),
                    MathFn::Log2 | MathFn::Ln => Bound::Log2Intel,
                    MathFn::Exp2 | MathFn::Exp | MathFn::Sqrt | MathFn::Rsqrt => Bound::Ulps(4.0),
                    MathFn::Sin | MathFn::Cos => Bound::AbsoluteInRange {
                        abs: 0.0008,
                        range: TRIG_RANGE,
                    },
                    MathFn::Pow => Bound::PowIntel,
                    // The finalizer computes DIV as src0 * INV(src1) (docs/math.md): its
                    // bound is a reading of the DIV erratum, not a published figure.
                    MathFn::Div | MathFn::Invm | MathFn::Rsqtm => return None,
                })
            }
            Contract::OpenclFull => {
                let (float, double, half) = match f {
                    MathFn::Sin | MathFn::Cos => (4.0, 4.0, 2.0),
                    MathFn::Exp2 | MathFn::Log2 | MathFn::Exp | MathFn::Ln => (3.0, 3.0, 2.0),
                    MathFn::Pow => (16.0, 16.0, 4.0),
                    MathFn::Rsqrt | MathFn::Rsqtm => (2.0, 2.0, 1.0),
                    MathFn::Sqrt => (3.0, 0.0, 0.0),
                    // The suite lists no reciprocal; OpenCL's 1/x is its divide.
                    MathFn::Div | MathFn::Inv | MathFn::Invm => (2.5, 0.0, 0.0),
                };
                let n = match ty {
                    F => float,
                    DF => double,
                    HF => half,
                    BF => return None,
                    _ => return None,
                };
                Some(if n == 0.0 {
                    Bound::Exact
                } else {
                    Bound::Ulps(n)
                })
            }
        }
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use DataType::{BF, DF, F, HF};

    #[test]
    fn names_round_trip() {
        for c in Contract::ALL {
            assert_eq!(Contract::parse(c.name()), Some(c));
        }
        assert_eq!(Contract::parse("intel"), None);
        assert_eq!(Contract::default(), Contract::IntelHw);
    }

    #[test]
    fn intel_bounds_follow_the_esimd_doc_comments() {
        // math.hpp: inv "Precision: 1 ULP"; exp2, sqrt, rsqrt "Precision: 4 ULP"; log2 2^-21
        // absolute on [0.5, 2], relative elsewhere; sin, cos 0.0008 absolute on
        // [-32767*pi, 32767*pi]; for half and float only.
        let c = Contract::IntelHw;
        assert_eq!(c.bound(MathFn::Inv, F), Some(Bound::Ulps(1.0)));
        assert_eq!(c.bound(MathFn::Exp2, HF), Some(Bound::Ulps(4.0)));
        assert_eq!(c.bound(MathFn::Sqrt, F), Some(Bound::Ulps(4.0)));
        assert_eq!(c.bound(MathFn::Rsqrt, F), Some(Bound::Ulps(4.0)));
        assert_eq!(c.bound(MathFn::Log2, F), Some(Bound::Log2Intel));
        assert_eq!(
            c.bound(MathFn::Cos, HF),
            Some(Bound::AbsoluteInRange {
                abs: 0.0008,
                range: 32767.0 * std::f64::consts::PI
            })
        );
        assert_eq!(c.bound(MathFn::Pow, F), Some(Bound::PowIntel));
        assert_eq!(c.bound(MathFn::Sin, DF), None);
        assert_eq!(c.bound(MathFn::Inv, BF), None);
        assert_eq!(c.bound(MathFn::Div, F), None);
    }

    #[test]
    fn opencl_bounds_follow_the_conformance_suite() {
        // function_list.cpp: sin 4/4/2 (float/double/half), exp2 and log2 3/3/2, pow
        // 16/16/4, rsqrt 2/2/1, sqrt 3/0/0, divide 2.5/0/0.
        let c = Contract::OpenclFull;
        assert_eq!(c.bound(MathFn::Sin, F), Some(Bound::Ulps(4.0)));
        assert_eq!(c.bound(MathFn::Sin, HF), Some(Bound::Ulps(2.0)));
        assert_eq!(c.bound(MathFn::Log2, DF), Some(Bound::Ulps(3.0)));
        assert_eq!(c.bound(MathFn::Pow, HF), Some(Bound::Ulps(4.0)));
        assert_eq!(c.bound(MathFn::Rsqrt, HF), Some(Bound::Ulps(1.0)));
        assert_eq!(c.bound(MathFn::Sqrt, F), Some(Bound::Ulps(3.0)));
        assert_eq!(c.bound(MathFn::Sqrt, DF), Some(Bound::Exact));
        assert_eq!(c.bound(MathFn::Div, F), Some(Bound::Ulps(2.5)));
        assert_eq!(c.bound(MathFn::Div, HF), Some(Bound::Exact));
        assert_eq!(c.bound(MathFn::Inv, F), Some(Bound::Ulps(2.5)));
        assert_eq!(c.bound(MathFn::Cos, BF), None);
    }

    #[test]
    fn macro_bounds_compose_the_published_figures() {
        // INVM F: INV's 1 ulp (2^-23 relative, < 2 ulp of the quotient) + one rounding (1
        // ulp directed); RSQTM F: RSQRT's 4 ulp; DF: rsqrt.cpp's 2^-23 relative seed; OpenCL:
        // divide 2.5/0, rsqrt 2/2; no HF or BF form.
        let c = Contract::IntelHw;
        assert_eq!(c.bound(MathFn::Invm, F), Some(Bound::Ulps(3.0)));
        assert_eq!(c.bound(MathFn::Rsqtm, F), Some(Bound::Ulps(4.0)));
        assert_eq!(
            c.bound(MathFn::Invm, DF),
            Some(Bound::Relative(2f64.powi(-23)))
        );
        assert_eq!(
            c.bound(MathFn::Rsqtm, DF),
            Some(Bound::Relative(2f64.powi(-23)))
        );
        assert_eq!(c.bound(MathFn::Invm, HF), None);
        let o = Contract::OpenclFull;
        assert_eq!(o.bound(MathFn::Invm, F), Some(Bound::Ulps(2.5)));
        assert_eq!(o.bound(MathFn::Invm, DF), Some(Bound::Exact));
        assert_eq!(o.bound(MathFn::Rsqtm, DF), Some(Bound::Ulps(2.0)));
        assert_eq!(o.bound(MathFn::Rsqtm, BF), None);
    }

    #[test]
    fn natural_functions_take_the_base_2_bounds() {
        for c in Contract::ALL {
            for ty in [F, HF, DF, BF] {
                assert_eq!(c.bound(MathFn::Exp, ty), c.bound(MathFn::Exp2, ty));
                assert_eq!(c.bound(MathFn::Ln, ty), c.bound(MathFn::Log2, ty));
            }
        }
        assert_eq!(
            Contract::IntelHw.bound(MathFn::Exp, F),
            Some(Bound::Ulps(4.0))
        );
        assert_eq!(MathFn::Exp.name(), "exp");
        assert_eq!(MathFn::Ln.name(), "log");
    }

    #[test]
    fn correctly_rounded_is_exact_for_every_type() {
        for f in MathFn::ALL {
            for ty in [F, HF, DF, BF] {
                assert_eq!(Contract::CorrectlyRounded.bound(f, ty), Some(Bound::Exact));
            }
        }
    }
}
