//! The float mode of one instruction, decoded from %cr0 (4_visa_header.md, %cr0) and the
//! errata readings that change it.

use visa_model::config::ExecConfig;
use visa_model::errata;
use visa_model::types::DataType;

use crate::softfloat::Rounding;

/// The erratum readings the engine consults, resolved once when a plan is compiled.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Literal {
    pub float_to_uint_negative: bool,
    pub hf_denorm_flush: bool,
    pub float_convert_denorm: bool,
    pub int_to_float_rounding: bool,
    pub sat_negative_zero: bool,
    pub mov_raw_copy: bool,
    pub grf_row_size: bool,
    pub shl_sat_range: bool,
    pub cbit_result: bool,
    pub fbh_signed: bool,
    pub bfe_sign_extension: bool,
    pub cmp_true_value: bool,
    pub sel_raw_masks: bool,
    pub min_max_zero_sign: bool,
    pub min_max_nan: bool,
    pub setp_bit_test: bool,
    pub mad_fused: bool,
    pub div_float_reciprocal: bool,
    pub div_by_zero: bool,
    pub subb_loop_step: bool,
    pub add3o_overflow: bool,
    pub madw_high_half: bool,
    pub sad2_loop_step: bool,
    pub dst_channel_index: bool,
    pub rotate_width: bool,
    pub rotate_signed_shift: bool,
    pub shr_source_width: bool,
    // The rounding instructions.
    pub rnde_downward: bool,
    pub rnd_zero_sign: bool,
    // The math instructions.
    pub sin_loop_step: bool,
    pub sqrt_loop_step: bool,
    pub sqrtm_loop_step: bool,
    pub log_base: bool,
    pub exp_base: bool,
    pub pow_negative_base: bool,
    // The conversions.
    pub srnd_denorm_align: bool,
    // LRP and PLN.
    pub lrp_rounding: bool,
    pub pln_simd16_index: bool,
    pub pln_rounding: bool,
    pub macro_early_out: bool,
}

impl Literal {
    pub fn from_config(config: &ExecConfig) -> Literal {
        let r = &config.readings;
        Literal {
            float_to_uint_negative: r.is_literal(errata::FLOAT_TO_UINT_NEGATIVE),
            hf_denorm_flush: r.is_literal(errata::HF_DENORM_FLUSH),
            float_convert_denorm: r.is_literal(errata::FLOAT_CONVERT_DENORM),
            int_to_float_rounding: r.is_literal(errata::INT_TO_FLOAT_ROUNDING),
            sat_negative_zero: r.is_literal(errata::SAT_NEGATIVE_ZERO),
            mov_raw_copy: r.is_literal(errata::MOV_RAW_COPY),
            grf_row_size: r.is_literal(errata::GRF_ROW_SIZE),
            shl_sat_range: r.is_literal(errata::SHL_SAT_RANGE),
            cbit_result: r.is_literal(errata::CBIT_RESULT),
            fbh_signed: r.is_literal(errata::FBH_SIGNED),
            bfe_sign_extension: r.is_literal(errata::BFE_SIGN_EXTENSION),
            cmp_true_value: r.is_literal(errata::CMP_TRUE_VALUE),
            sel_raw_masks: r.is_literal(errata::SEL_RAW_MASKS),
            min_max_zero_sign: r.is_literal(errata::MIN_MAX_ZERO_SIGN),
            min_max_nan: r.is_literal(errata::MIN_MAX_NAN),
            setp_bit_test: r.is_literal(errata::SETP_BIT_TEST),
            mad_fused: r.is_literal(errata::MAD_FUSED),
            div_float_reciprocal: r.is_literal(errata::DIV_FLOAT_RECIPROCAL),
            div_by_zero: r.is_literal(errata::DIV_BY_ZERO),
            subb_loop_step: r.is_literal(errata::SUBB_LOOP_STEP),
            add3o_overflow: r.is_literal(errata::ADD3O_OVERFLOW),
            madw_high_half: r.is_literal(errata::MADW_HIGH_HALF),
            sad2_loop_step: r.is_literal(errata::SAD2_LOOP_STEP),
            dst_channel_index: r.is_literal(errata::DST_CHANNEL_INDEX),
            rotate_width: r.is_literal(errata::ROTATE_WIDTH),
            rotate_signed_shift: r.is_literal(errata::ROTATE_SIGNED_SHIFT),
            shr_source_width: r.is_literal(errata::SHR_SOURCE_WIDTH),
            rnde_downward: r.is_literal(errata::RNDE_DOWNWARD),
            rnd_zero_sign: r.is_literal(errata::RND_ZERO_SIGN),
            sin_loop_step: r.is_literal(errata::SIN_LOOP_STEP),
            sqrt_loop_step: r.is_literal(errata::SQRT_LOOP_STEP),
            sqrtm_loop_step: r.is_literal(errata::SQRTM_LOOP_STEP),
            srnd_denorm_align: r.is_literal(errata::SRND_DENORM_ALIGN),
            log_base: r.is_literal(errata::LOG_BASE),
            exp_base: r.is_literal(errata::EXP_BASE),
            pow_negative_base: r.is_literal(errata::POW_NEGATIVE_BASE),
            lrp_rounding: r.is_literal(errata::LRP_ROUNDING),
            pln_simd16_index: r.is_literal(errata::PLN_SIMD16_INDEX),
            pln_rounding: r.is_literal(errata::PLN_ROUNDING),
            macro_early_out: r.is_literal(errata::MACRO_EARLY_OUT),
        }
    }
}

/// Rounding, ALT mode and denormal modes in force for one instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FloatMode {
    pub rounding: Rounding,
    /// ALT mode (bit 0): F infinities become the largest finite value.
    pub alt: bool,
    /// Denormals kept (true) or flushed (false): DF bit 6, F (and BF) bit 7, HF bit 10.
    pub keep_df: bool,
    pub keep_f: bool,
    pub keep_hf: bool,
}

impl FloatMode {
    pub fn from_cr0(cr0: u32, lit: &Literal) -> FloatMode {
        let rounding = match (cr0 >> 4) & 3 {
            0 => Rounding::NearestEven,
            1 => Rounding::Up,
            2 => Rounding::Down,
            _ => Rounding::Zero,
        };
        FloatMode {
            rounding,
            alt: cr0 & 1 != 0,
            keep_df: cr0 & (1 << 6) != 0,
            keep_f: cr0 & (1 << 7) != 0,
            keep_hf: cr0 & (1 << 10) != 0 && !lit.hf_denorm_flush,
        }
    }

    /// Whether denormals of a float type are kept (BF follows F, erratum BF-DENORM-MODE).
    pub fn keeps_denormals(&self, ty: DataType) -> bool {
        match ty {
            DataType::DF => self.keep_df,
            DataType::HF => self.keep_hf,
            _ => self.keep_f,
        }
    }
}
