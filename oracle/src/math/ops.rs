//! The functions of `math` ([`Unary`], [`Binary`]) and how a lane was computed ([`Path`]).

/// A one-source function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unary {
    /// 1/x.
    Inv,
    /// sqrt(x).
    Sqrt,
    /// 1/sqrt(x).
    Rsqrt,
    /// log2(x).
    Log2,
    /// 2^x.
    Exp2,
    /// ln(x) (for the erratum reading of LOG as the natural log).
    Ln,
    /// e^x (for the erratum reading of EXP as e^x).
    Exp,
    /// sin(x), x in radians, any magnitude.
    Sin,
    /// cos(x), x in radians, any magnitude.
    Cos,
}

impl Unary {
    pub const ALL: [Unary; 9] = [
        Unary::Inv,
        Unary::Sqrt,
        Unary::Rsqrt,
        Unary::Log2,
        Unary::Exp2,
        Unary::Ln,
        Unary::Exp,
        Unary::Sin,
        Unary::Cos,
    ];
}

/// A two-source function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Binary {
    /// x / y.
    Div,
    /// |x|^y: IEEE 754-2019 pow applied to |x| (POW's base loses its sign).
    PowAbs,
}

/// How one lane was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Path {
    /// A special-value or range rule.
    Special,
    /// The f64 evaluation, accepted by the boundary test (or settled by a residual's sign).
    Fast,
    /// The double-double step (`refine`), for a lane the f64 evaluation left undecided.
    Refined,
    /// The exact path.
    Exact,
}
