//! Platforms and their limits (3_execution_model.md "Thread Organization",
//! appendix_instruction_by_platform.md, 6_instructions.md's platform tags,
//! instructions/DPAS.md "Exec_size").

use std::fmt;
use std::str::FromStr;

/// A target platform. The project's names follow the product generations; the documents'
/// names are given by [`Platform::document_names`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, arbitrary::Arbitrary)]
pub enum Platform {
    /// Gen9 (SKL, gen 9.0): 32-byte GRF, no DPAS, the legacy dataport messages.
    Gen9,
    /// Gen11 (ICLLP, gen 11.0): 32-byte GRF, no DPAS, the legacy dataport messages.
    Gen11,
    /// Xe-LP (TGLLP, gen 12.1): 32-byte GRF, no DPAS.
    XeLp,
    /// Xe-HPG (DG2): 32-byte GRF, DPAS exec size 8. The documents' `XEHP+` begins here.
    XeHpg,
    /// Xe-HPC (PVC): 64-byte GRF, DPAS exec size 16.
    XeHpc,
    /// Xe2 (LNL, BMG): 64-byte GRF, DPAS exec size 16.
    Xe2,
}

impl Platform {
    pub const ALL: [Platform; 6] = [
        Platform::Gen9,
        Platform::Gen11,
        Platform::XeLp,
        Platform::XeHpg,
        Platform::XeHpc,
        Platform::Xe2,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Platform::Gen9 => "gen9",
            Platform::Gen11 => "gen11",
            Platform::XeLp => "xe-lp",
            Platform::XeHpg => "xe-hpg",
            Platform::XeHpc => "xe-hpc",
            Platform::Xe2 => "xe2",
        }
    }

    /// The names the vISA documents use for this platform.
    pub fn document_names(self) -> &'static [&'static str] {
        match self {
            Platform::Gen9 => &["SKL", "Gen9", "9.0"],
            Platform::Gen11 => &["ICLLP", "ICL", "Gen11", "11.0"],
            Platform::XeLp => &["TGLLP", "Gen12.1"],
            Platform::XeHpg => &["XEHP", "DG2"],
            Platform::XeHpc => &["PVC", "XE_HPC"],
            Platform::Xe2 => &["Xe2", "LNL", "BMG"],
        }
    }

    /// Bytes in one GRF register: the row size of every region (E07 `GRF-ROW-SIZE`).
    pub fn grf_size(self) -> usize {
        match self {
            Platform::Gen9 | Platform::Gen11 | Platform::XeLp | Platform::XeHpg => 32,
            Platform::XeHpc | Platform::Xe2 => 64,
        }
    }

    /// Number of GRF registers a thread sees (the register file the variables are laid out in).
    pub fn grf_count(self) -> usize {
        match self {
            Platform::Gen9 | Platform::Gen11 | Platform::XeLp | Platform::XeHpg => 128,
            Platform::XeHpc | Platform::Xe2 => 256,
        }
    }

    /// Whether the platform is `XEHP+` in the documents' type maps.
    pub fn is_xehp_plus(self) -> bool {
        self >= Platform::XeHpg
    }

    /// Whether the platform is `ICLLP+` in the documents (6_instructions.md's tags).
    pub fn is_icllp_plus(self) -> bool {
        self >= Platform::Gen11
    }

    /// Whether the platform is `TGLLP+` in the documents (6_instructions.md's tags).
    pub fn is_tgllp_plus(self) -> bool {
        self >= Platform::XeLp
    }

    /// Whether the platform is `PVC+` in the documents.
    pub fn is_pvc_plus(self) -> bool {
        self >= Platform::XeHpc
    }

    /// Whether DPAS and DPASW exist on the platform.
    pub fn has_dpas(self) -> bool {
        self.is_xehp_plus()
    }

    /// DPAS execution size (instructions/DPAS.md: 8 before PVC, 16 from PVC on).
    pub fn dpas_exec_size(self) -> Option<u32> {
        match self {
            Platform::Gen9 | Platform::Gen11 | Platform::XeLp => None,
            Platform::XeHpg => Some(8),
            Platform::XeHpc | Platform::Xe2 => Some(16),
        }
    }

    /// Largest SIMD execution size of an instruction.
    pub fn max_exec_size(self) -> u32 {
        32
    }

    /// Elements of the `%arg` variable (4_visa_header.md, pre-defined variables).
    pub fn arg_elements(self) -> u32 {
        if self.is_pvc_plus() {
            512
        } else {
            256
        }
    }

    /// Elements of the `%retval` variable (4_visa_header.md, pre-defined variables).
    pub fn retval_elements(self) -> u32 {
        if self.is_pvc_plus() {
            192
        } else {
            96
        }
    }
}

impl fmt::Display for Platform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The text was not the name of a platform.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown platform `{0}` (known: gen9, gen11, xe-lp, xe-hpg, xe-hpc, xe2)")]
pub struct UnknownPlatform(pub String);

impl FromStr for Platform {
    type Err = UnknownPlatform;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Platform::ALL
            .into_iter()
            .find(|p| p.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownPlatform(s.to_string()))
    }
}
