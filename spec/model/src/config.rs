//! What an execution may vary, for every engine alike.

use crate::errata::Readings;
use crate::profile::DpasProfile;

/// What an execution may vary: the reading of each erratum (default: resolved) and the
/// numeric profile of float DPAS (default: [`DpasProfile::default`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ExecConfig {
    pub readings: Readings,
    pub profile: DpasProfile,
}
