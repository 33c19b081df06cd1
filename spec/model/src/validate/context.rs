//! What validation reads: the context of one instruction's text ([`Cx`], which the family
//! builders extend) and of the IR rules ([`Env`]).

use super::labels::Builder;
use crate::errata::Readings;
use crate::error::Pos;
use crate::platform::Platform;
use crate::state::Vars;

/// Validation context of one instruction's text: the variables (a pre-defined `%` variable
/// is added on first use), the platform, the errata readings and the line.
pub(crate) struct Cx<'a> {
    pub(crate) vars: &'a mut Vars,
    pub(crate) platform: Platform,
    pub(crate) readings: &'a Readings,
    pub(crate) pos: Pos,
    /// The labels and units read so far.
    pub(crate) flow: &'a mut Builder,
    /// The index the instruction will have.
    pub(crate) at: usize,
}

/// What the IR rules read: the program's variables, platform, errata readings and the
/// instruction's position.
pub(crate) struct Env<'a> {
    pub(crate) vars: &'a Vars,
    pub(crate) platform: Platform,
    pub(crate) readings: &'a Readings,
    pub(crate) pos: Pos,
}

impl Cx<'_> {
    pub(crate) fn env(&self) -> Env<'_> {
        Env {
            vars: self.vars,
            platform: self.platform,
            readings: self.readings,
            pos: self.pos,
        }
    }
}
