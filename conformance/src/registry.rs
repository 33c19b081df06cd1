//! The instruction registry: one table keyed by the opcode (its mnemonic and document,
//! [`Opcode::mnemonic`], [`Opcode::document`]) and its family ([`Family`]), whose rows drive
//! the golden files (`gen`), the generators ([`case`], [`any_case`]) and the bench's streams
//! (`bench`), as wasm-smith's table pairs each instruction's generator with its validity
//! predicate and its weight.
//!
//! A [`Row`] is one golden file: the opcode, the stream's name (the case-id prefix), the file
//! under the vectors directory, the generator, the platforms the row's cases exist on (the
//! validity predicate), its weight among the instructions [`any_case`] mixes, and how `gen`
//! draws the file's cases ([`Golden`]). An opcode has one row per form or class it is
//! generated in: DPAS a file per precision class, the LSC opcodes a second, typed (`.tgm`),
//! file. [`case`] of an opcode is the generator of its first [`Generator::Instruction`] row.
//!
//! Adding an instruction document is adding its rows here (in file order: the manifest lists
//! the files in this order, and a row's stream draws from its own seed, so a new row changes
//! no other file).
//!
//! ```
//! use visa_conformance::registry::{self, Family};
//! use visa_spec::ir::Opcode;
//!
//! let row = registry::row(Opcode::Add).unwrap();
//! assert_eq!((row.name, row.file, row.family()), ("add", "alu/add.jsonl", Family::Alu));
//! ```

use proptest::prelude::*;
use proptest::strategy::Union;
use visa_spec::forms;
use visa_spec::ir::Opcode;
use visa_spec::platform::Platform;

use crate::gen::{self, dpas::Class, GenCase};

/// The family of instruction documents a row belongs to: the directory of its golden file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Family {
    /// Arithmetic, logic, bit, compare and move instructions.
    Alu,
    /// DPAS, DPASW and DP4A.
    Dpas,
    /// LSC_UNTYPED, LSC_TYPED and LSC_FENCE.
    Lsc,
    /// The SVM messages.
    Svm,
    /// Control flow and the annotations (LOC, FILE, LIFETIME): whole programs.
    Flow,
    /// The float math, rounding and conversion instructions of issue 24.
    Math,
}

/// The documents of the math family ([`Family::Math`]).
const MATH_DOCS: &[&str] = &[
    "RNDD.md", "RNDE.md", "RNDU.md", "RNDZ.md", "FRC.md", "INV.md", "LOG.md", "EXP.md", "SQRT.md",
    "RSQRT.md", "SIN.md", "COS.md", "POW.md", "DIVM.md", "SQRTM.md",
    // Issue 24, conversions (h24-fcvt).
    "FCVT.md", "SRND.md", // Issue 24, LRP and PLN (h24-lrp).
    "LRP.md", "PLN.md", "RSQRT.md", "SIN.md", "COS.md", "POW.md", "DIVM.md", "SQRTM.md", "INVM.md",
    "RSQTM.md",
];

impl Family {
    /// The family of an opcode, from its document.
    pub fn of(op: Opcode) -> Family {
        if op.is_flow() {
            return Family::Flow;
        }
        let document = op.document();
        let stem = document.strip_prefix("instructions/").unwrap_or(document);
        if MATH_DOCS.contains(&stem) {
            Family::Math
        } else if stem.starts_with("LSC_") {
            Family::Lsc
        } else if stem.starts_with("SVM_") {
            Family::Svm
        } else if stem.starts_with("DP") {
            Family::Dpas
        } else {
            Family::Alu
        }
    }

    /// The directory of the family's golden files.
    pub fn dir(self) -> &'static str {
        match self {
            Family::Alu => "alu",
            Family::Dpas => "dpas",
            Family::Lsc => "lsc",
            Family::Svm => "svm",
            Family::Flow => "flow",
            Family::Math => "math",
        }
    }
}

/// A row's generator: a function of the opcode.
#[derive(Clone, Copy, Debug)]
pub enum Generator {
    /// The instruction's own generator: [`case`] of the opcode is this strategy (`None` for
    /// an opcode the function does not generate: no row has one).
    Instruction(fn(Opcode) -> Option<BoxedStrategy<GenCase>>),
    /// Another form under the same opcode (LSC_TYPED's `.tgm` unit): the row's file only.
    Form(fn(Opcode) -> BoxedStrategy<GenCase>),
}

/// How `gen` draws a golden file's cases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Golden {
    /// From the row's generator on every platform [`Row::valid_on`] admits, the first cases
    /// of each platform stratified by destination type (`gen::expected_dsts`).
    Drawn,
    /// A DPAS precision class: the pair and the repeat count stratified per case
    /// ([`gen::dpas::stratified`]), on every platform with the instruction.
    DpasClass(Class),
}

/// One row of the registry: an opcode's golden file with its generator.
#[derive(Clone, Copy, Debug)]
pub struct Row {
    pub op: Opcode,
    /// The stream's name: the case-id prefix, and the seed's perturbation.
    pub name: &'static str,
    /// The golden file, under the vectors directory.
    pub file: &'static str,
    pub generator: Generator,
    /// The opcode's weight among the instructions [`any_case`] mixes (0: not mixed).
    pub weight: u32,
    pub golden: Golden,
}

impl Row {
    /// A row drawn from the instruction's generator, on every platform, of weight 1.
    pub const fn instruction(
        op: Opcode,
        name: &'static str,
        file: &'static str,
        generator: fn(Opcode) -> Option<BoxedStrategy<GenCase>>,
    ) -> Row {
        Row {
            op,
            name,
            file,
            generator: Generator::Instruction(generator),
            weight: 1,
            golden: Golden::Drawn,
        }
    }

    /// A row of another form under the opcode, of weight 0 (its instruction row is mixed).
    pub const fn form(
        op: Opcode,
        name: &'static str,
        file: &'static str,
        generator: fn(Opcode) -> BoxedStrategy<GenCase>,
    ) -> Row {
        Row {
            op,
            name,
            file,
            generator: Generator::Form(generator),
            weight: 0,
            golden: Golden::Drawn,
        }
    }

    /// The validity predicate: the platforms the opcode exists on (its forms row,
    /// [`visa_spec::forms::Platforms`]).
    pub fn valid_on(&self, platform: Platform) -> bool {
        forms::form(self.op).platforms.admits(platform)
    }

    pub const fn weight(mut self, weight: u32) -> Row {
        self.weight = weight;
        self
    }

    pub const fn dpas_class(mut self, class: Class) -> Row {
        self.golden = Golden::DpasClass(class);
        self
    }

    /// The family of the row's opcode.
    pub fn family(&self) -> Family {
        Family::of(self.op)
    }

    /// The row's cases; `None` when its generator does not generate its opcode.
    pub fn strategy(&self) -> Option<BoxedStrategy<GenCase>> {
        match self.generator {
            Generator::Instruction(f) => f(self.op),
            Generator::Form(f) => Some(f(self.op)),
        }
    }
}

/// Every row, in golden file order.
pub const ROWS: &[Row] = &[
    Row::instruction(Opcode::Mov, "mov", "alu/mov.jsonl", gen::register),
    Row::instruction(Opcode::Add, "add", "alu/add.jsonl", gen::register),
    Row::instruction(Opcode::Add3, "add3", "alu/add3.jsonl", gen::register),
    Row::instruction(Opcode::Avg, "avg", "alu/avg.jsonl", gen::register),
    Row::instruction(Opcode::Mulh, "mulh", "alu/mulh.jsonl", gen::register),
    Row::instruction(Opcode::And, "and", "alu/and.jsonl", gen::logic),
    Row::instruction(Opcode::Or, "or", "alu/or.jsonl", gen::logic),
    Row::instruction(Opcode::Xor, "xor", "alu/xor.jsonl", gen::logic),
    Row::instruction(Opcode::Not, "not", "alu/not.jsonl", gen::logic),
    Row::instruction(Opcode::Shl, "shl", "alu/shl.jsonl", gen::register),
    Row::instruction(Opcode::Shr, "shr", "alu/shr.jsonl", gen::register),
    Row::instruction(Opcode::Asr, "asr", "alu/asr.jsonl", gen::register),
    Row::instruction(Opcode::Rol, "rol", "alu/rol.jsonl", gen::register),
    Row::instruction(Opcode::Ror, "ror", "alu/ror.jsonl", gen::register),
    Row::instruction(Opcode::Bfrev, "bfrev", "alu/bfrev.jsonl", gen::register),
    Row::instruction(Opcode::Cbit, "cbit", "alu/cbit.jsonl", gen::register),
    Row::instruction(Opcode::Fbh, "fbh", "alu/fbh.jsonl", gen::register),
    Row::instruction(Opcode::Fbl, "fbl", "alu/fbl.jsonl", gen::register),
    Row::instruction(Opcode::Lzd, "lzd", "alu/lzd.jsonl", gen::register),
    Row::instruction(Opcode::Bfe, "bfe", "alu/bfe.jsonl", gen::register),
    Row::instruction(Opcode::Bfi, "bfi", "alu/bfi.jsonl", gen::register),
    Row::instruction(Opcode::Mul, "mul", "alu/mul.jsonl", gen::register),
    Row::instruction(Opcode::Mad, "mad", "alu/mad.jsonl", gen::register),
    Row::instruction(Opcode::Div, "div", "alu/div.jsonl", gen::register),
    Row::instruction(Opcode::Mod, "mod", "alu/mod.jsonl", gen::register),
    Row::instruction(Opcode::Addc, "addc", "alu/addc.jsonl", gen::carry::case),
    Row::instruction(Opcode::Subb, "subb", "alu/subb.jsonl", gen::carry::case),
    Row::instruction(Opcode::Add3o, "add3o", "alu/add3o.jsonl", gen::carry::case),
    Row::instruction(Opcode::Madw, "madw", "alu/madw.jsonl", gen::carry::case),
    Row::instruction(Opcode::Sad2, "sad2", "alu/sad2.jsonl", gen::register),
    Row::instruction(
        Opcode::Sad2add,
        "sad2add",
        "alu/sad2add.jsonl",
        gen::register,
    ),
    Row::instruction(
        Opcode::AddrAdd,
        "addr_add",
        "alu/addr_add.jsonl",
        gen::carry::case,
    ),
    Row::instruction(Opcode::Movs, "movs", "alu/movs.jsonl", gen::carry::case),
    // Issue 24, rounding (i24-exact).
    Row::instruction(Opcode::Rndd, "rndd", "math/rndd.jsonl", gen::register),
    Row::instruction(Opcode::Rnde, "rnde", "math/rnde.jsonl", gen::register),
    Row::instruction(Opcode::Rndu, "rndu", "math/rndu.jsonl", gen::register),
    Row::instruction(Opcode::Rndz, "rndz", "math/rndz.jsonl", gen::register),
    Row::instruction(Opcode::Frc, "frc", "math/frc.jsonl", gen::register),
    Row::instruction(
        Opcode::Cmp,
        "cmp",
        "alu/cmp.jsonl",
        gen::compare_select_case,
    ),
    Row::instruction(
        Opcode::Sel,
        "sel",
        "alu/sel.jsonl",
        gen::compare_select_case,
    ),
    Row::instruction(
        Opcode::Min,
        "min",
        "alu/min.jsonl",
        gen::compare_select_case,
    ),
    Row::instruction(
        Opcode::Max,
        "max",
        "alu/max.jsonl",
        gen::compare_select_case,
    ),
    Row::instruction(
        Opcode::Setp,
        "setp",
        "alu/setp.jsonl",
        gen::compare_select_case,
    ),
    Row::instruction(
        Opcode::Bfn,
        "bfn",
        "alu/bfn.jsonl",
        gen::compare_select_case,
    ),
    // The math instructions (issue 24). The approximated functions write no golden file
    // until the vector format carries their allowed sets; DIVM and SQRTM are correctly
    // rounded by definition.
    Row::instruction(Opcode::Inv, "inv", "math/inv.jsonl", gen::register),
    Row::instruction(Opcode::Log, "log", "math/log.jsonl", gen::register),
    Row::instruction(Opcode::Exp, "exp", "math/exp.jsonl", gen::register),
    Row::instruction(Opcode::Sqrt, "sqrt", "math/sqrt.jsonl", gen::register),
    Row::instruction(Opcode::Rsqrt, "rsqrt", "math/rsqrt.jsonl", gen::register),
    Row::instruction(Opcode::Sin, "sin", "math/sin.jsonl", gen::register),
    Row::instruction(Opcode::Cos, "cos", "math/cos.jsonl", gen::register),
    Row::instruction(Opcode::Pow, "pow", "math/pow.jsonl", gen::register),
    Row::instruction(Opcode::Divm, "divm", "math/divm.jsonl", gen::register),
    Row::instruction(Opcode::Sqrtm, "sqrtm", "math/sqrtm.jsonl", gen::register),
    // Issue 24, conversions (h24-fcvt).
    Row::instruction(Opcode::Fcvt, "fcvt", "math/fcvt.jsonl", gen::fp8::case),
    Row::instruction(Opcode::Srnd, "srnd", "math/srnd.jsonl", gen::fp8::case),
    // Issue 24, LRP and PLN (h24-lrp).
    Row::instruction(Opcode::Lrp, "lrp", "math/lrp.jsonl", gen::plane::case),
    Row::instruction(Opcode::Pln, "plane", "math/pln.jsonl", gen::plane::case),
    // INVM and RSQTM: the generic generator gives them their predicate destination.
    Row::instruction(Opcode::Invm, "invm", "math/invm.jsonl", gen::register),
    Row::instruction(Opcode::Rsqtm, "rsqtm", "math/rsqtm.jsonl", gen::register),
    Row::instruction(
        Opcode::Dpas,
        "dpas-int",
        "dpas/dpas-int.jsonl",
        gen::dpas::case,
    )
    .dpas_class(Class::Int)
    .weight(0),
    Row::instruction(
        Opcode::Dpas,
        "dpas-bf",
        "dpas/dpas-bf.jsonl",
        gen::dpas::case,
    )
    .dpas_class(Class::Bf)
    .weight(0),
    Row::instruction(
        Opcode::Dpas,
        "dpas-hf",
        "dpas/dpas-hf.jsonl",
        gen::dpas::case,
    )
    .dpas_class(Class::Hf)
    .weight(0),
    Row::instruction(
        Opcode::Dpas,
        "dpas-tf32",
        "dpas/dpas-tf32.jsonl",
        gen::dpas::case,
    )
    .dpas_class(Class::Tf32)
    .weight(0),
    Row::instruction(
        Opcode::Dpas,
        "dpas-fp8",
        "dpas/dpas-fp8.jsonl",
        gen::dpas::case,
    )
    .dpas_class(Class::Fp8)
    .weight(0),
    Row::instruction(
        Opcode::Dpasw,
        "dpasw-int",
        "dpas/dpasw-int.jsonl",
        gen::dpas::case,
    )
    .dpas_class(Class::Int)
    .weight(0),
    Row::instruction(
        Opcode::Dpasw,
        "dpasw-float",
        "dpas/dpasw-float.jsonl",
        gen::dpas::case,
    )
    .dpas_class(Class::Float)
    .weight(0),
    Row::instruction(Opcode::Dp4a, "dp4a", "dpas/dp4a.jsonl", gen::register).weight(0),
    Row::instruction(
        Opcode::LscLoad,
        "lsc_load",
        "lsc/lsc_load.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscStore,
        "lsc_store",
        "lsc/lsc_store.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscStoreUncompressed,
        "lsc_store_uncompressed",
        "lsc/lsc_store_uncompressed.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscLoadStrided,
        "lsc_load_strided",
        "lsc/lsc_load_strided.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscStoreStrided,
        "lsc_store_strided",
        "lsc/lsc_store_strided.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscLoadQuad,
        "lsc_load_quad",
        "lsc/lsc_load_quad.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscStoreQuad,
        "lsc_store_quad",
        "lsc/lsc_store_quad.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscLoadBlock2d,
        "lsc_load_block2d",
        "lsc/lsc_load_block2d.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscStoreBlock2d,
        "lsc_store_block2d",
        "lsc/lsc_store_block2d.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscLoadStatus,
        "lsc_load_status",
        "lsc/lsc_load_status.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscApndctrAtomicAdd,
        "lsc_apndctr_atomic_add",
        "lsc/lsc_apndctr_atomic_add.jsonl",
        gen::lsc_typed::apndctr_case,
    ),
    Row::instruction(
        Opcode::LscApndctrAtomicSub,
        "lsc_apndctr_atomic_sub",
        "lsc/lsc_apndctr_atomic_sub.jsonl",
        gen::lsc_typed::apndctr_case,
    ),
    Row::form(
        Opcode::LscLoadQuad,
        "lsc_load_quad_tgm",
        "lsc/lsc_load_quad_tgm.jsonl",
        gen::lsc_typed::case,
    ),
    Row::form(
        Opcode::LscStoreQuad,
        "lsc_store_quad_tgm",
        "lsc/lsc_store_quad_tgm.jsonl",
        gen::lsc_typed::case,
    ),
    Row::form(
        Opcode::LscStoreUncompressed,
        "lsc_store_uncompressed_tgm",
        "lsc/lsc_store_uncompressed_tgm.jsonl",
        gen::lsc_typed::case,
    ),
    Row::form(
        Opcode::LscAtomicIadd,
        "lsc_atomic_tgm",
        "lsc/lsc_atomic_tgm.jsonl",
        gen::lsc_typed::case,
    ),
    Row::form(
        Opcode::LscLoadStatus,
        "lsc_load_status_tgm",
        "lsc/lsc_load_status_tgm.jsonl",
        gen::lsc_typed::case,
    ),
    Row::form(
        Opcode::LscLoadBlock2d,
        "lsc_load_block2d_tgm",
        "lsc/lsc_load_block2d_tgm.jsonl",
        gen::lsc_typed::case,
    ),
    Row::form(
        Opcode::LscStoreBlock2d,
        "lsc_store_block2d_tgm",
        "lsc/lsc_store_block2d_tgm.jsonl",
        gen::lsc_typed::case,
    ),
    Row::instruction(
        Opcode::LscFence,
        "lsc_fence",
        "lsc/lsc_fence.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicIinc,
        "lsc_atomic_iinc",
        "lsc/lsc_atomic_iinc.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicIdec,
        "lsc_atomic_idec",
        "lsc/lsc_atomic_idec.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicLoad,
        "lsc_atomic_load",
        "lsc/lsc_atomic_load.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicStore,
        "lsc_atomic_store",
        "lsc/lsc_atomic_store.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicIadd,
        "lsc_atomic_iadd",
        "lsc/lsc_atomic_iadd.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicIsub,
        "lsc_atomic_isub",
        "lsc/lsc_atomic_isub.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicSmin,
        "lsc_atomic_smin",
        "lsc/lsc_atomic_smin.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicSmax,
        "lsc_atomic_smax",
        "lsc/lsc_atomic_smax.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicUmin,
        "lsc_atomic_umin",
        "lsc/lsc_atomic_umin.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicUmax,
        "lsc_atomic_umax",
        "lsc/lsc_atomic_umax.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicIcas,
        "lsc_atomic_icas",
        "lsc/lsc_atomic_icas.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicFadd,
        "lsc_atomic_fadd",
        "lsc/lsc_atomic_fadd.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicFsub,
        "lsc_atomic_fsub",
        "lsc/lsc_atomic_fsub.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicFmin,
        "lsc_atomic_fmin",
        "lsc/lsc_atomic_fmin.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicFmax,
        "lsc_atomic_fmax",
        "lsc/lsc_atomic_fmax.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicFcas,
        "lsc_atomic_fcas",
        "lsc/lsc_atomic_fcas.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicAnd,
        "lsc_atomic_and",
        "lsc/lsc_atomic_and.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicOr,
        "lsc_atomic_or",
        "lsc/lsc_atomic_or.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::LscAtomicXor,
        "lsc_atomic_xor",
        "lsc/lsc_atomic_xor.jsonl",
        gen::lsc::case,
    ),
    Row::instruction(
        Opcode::SvmBlockLd,
        "svm_block_ld",
        "svm/svm_block_ld.jsonl",
        gen::svm::case,
    ),
    Row::instruction(
        Opcode::SvmBlockSt,
        "svm_block_st",
        "svm/svm_block_st.jsonl",
        gen::svm::case,
    ),
    Row::instruction(
        Opcode::SvmGather,
        "svm_gather",
        "svm/svm_gather.jsonl",
        gen::svm::case,
    ),
    Row::instruction(
        Opcode::SvmScatter,
        "svm_scatter",
        "svm/svm_scatter.jsonl",
        gen::svm::case,
    ),
    Row::instruction(
        Opcode::SvmGather4Scaled,
        "svm_gather4scaled",
        "svm/svm_gather4_scaled.jsonl",
        gen::svm::case,
    ),
    Row::instruction(
        Opcode::SvmScatter4Scaled,
        "svm_scatter4scaled",
        "svm/svm_scatter4_scaled.jsonl",
        gen::svm::case,
    ),
    Row::instruction(
        Opcode::SvmAtomic,
        "svm_atomic",
        "svm/svm_atomic.jsonl",
        gen::svm::case,
    ),
    // Whole programs with control flow (gen::flow), one file per control-flow opcode, each
    // of whose programs holds it. Not mixed into `any_case`, whose cases are one
    // instruction.
    Row::instruction(Opcode::Goto, "goto", "flow/goto.jsonl", gen::flow::case).weight(0),
    Row::instruction(Opcode::Jmp, "jmp", "flow/jmp.jsonl", gen::flow::case).weight(0),
    Row::instruction(Opcode::Call, "call", "flow/call.jsonl", gen::flow::case).weight(0),
    Row::instruction(Opcode::Ret, "ret", "flow/ret.jsonl", gen::flow::case).weight(0),
    Row::instruction(Opcode::Fcall, "fcall", "flow/fcall.jsonl", gen::flow::case).weight(0),
    Row::instruction(
        Opcode::Ifcall,
        "ifcall",
        "flow/ifcall.jsonl",
        gen::flow::case,
    )
    .weight(0),
    Row::instruction(Opcode::Fret, "fret", "flow/fret.jsonl", gen::flow::case).weight(0),
    Row::instruction(Opcode::Faddr, "faddr", "flow/faddr.jsonl", gen::flow::case).weight(0),
    Row::instruction(
        Opcode::Switchjmp,
        "switchjmp",
        "flow/switchjmp.jsonl",
        gen::flow::case,
    )
    .weight(0),
    Row::instruction(
        Opcode::Subroutine,
        "subroutine",
        "flow/subroutine.jsonl",
        gen::flow::case,
    )
    .weight(0),
    Row::instruction(Opcode::Loc, "loc", "flow/loc.jsonl", gen::flow::case).weight(0),
    Row::instruction(Opcode::File, "file", "flow/file.jsonl", gen::flow::case).weight(0),
    Row::instruction(
        Opcode::Lifetime,
        "lifetime",
        "flow/lifetime.jsonl",
        gen::flow::case,
    )
    .weight(0),
];

/// The instruction row of `op`: the one whose generator [`case`] returns.
pub fn row(op: Opcode) -> Option<&'static Row> {
    ROWS.iter()
        .find(|r| r.op == op && matches!(r.generator, Generator::Instruction(_)))
}

/// The rows of a family, in file order.
pub fn family(family: Family) -> impl Iterator<Item = &'static Row> {
    ROWS.iter().filter(move |r| r.family() == family)
}

/// A valid case of `op`: its instruction row's generator; the generic register generator
/// ([`gen::register_case`]) for an opcode without a row.
pub fn case(op: Opcode) -> BoxedStrategy<GenCase> {
    row(op)
        .and_then(Row::strategy)
        .unwrap_or_else(|| gen::register_case(op))
}

/// A valid case of any instruction of weight above 0 (outside the DPAS family,
/// which has its own streams), in proportion to the weights.
pub fn any_case() -> BoxedStrategy<GenCase> {
    Union::new_weighted(
        Opcode::ALL
            .into_iter()
            .filter_map(|op| row(op).map(|r| (r.weight, op)))
            .filter(|&(weight, _)| weight > 0)
            .map(|(weight, op)| (weight, case(op)))
            .collect(),
    )
    .boxed()
}

/// Cases of every instruction of a family in equal parts, in file order (`bench`'s `alu`).
pub fn family_case(f: Family) -> BoxedStrategy<GenCase> {
    Union::new(family(f).map(|r| case(r.op))).boxed()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opcode_has_an_instruction_row_that_generates_it() {
        for op in Opcode::ALL {
            let row = row(op).unwrap_or_else(|| panic!("{op:?} has no instruction row"));
            assert!(
                row.strategy().is_some(),
                "{op:?}: its generator gives nothing"
            );
        }
        for row in ROWS {
            assert!(row.strategy().is_some(), "{}: no generator", row.name);
        }
    }

    #[test]
    fn files_and_names_are_unique_and_under_their_family() {
        let mut files = std::collections::BTreeSet::new();
        let mut names = std::collections::BTreeSet::new();
        for row in ROWS {
            assert!(files.insert(row.file), "{} twice", row.file);
            assert!(names.insert(row.name), "{} twice", row.name);
            let dir = format!("{}/", row.family().dir());
            assert!(row.file.starts_with(&dir), "{} not under {dir}", row.file);
            assert!(row.file.ends_with(".jsonl"), "{}", row.file);
        }
    }
}
