//! Where the raw operands of the legacy dataport messages lie in the register file: a
//! payload `V.OFFSET` at its variable's register-file start plus `row * GRF size + col *
//! element size`, and where a destination's variable ends; and the atomics' returned
//! dwords, written there.

use visa_model::ir::svm::raw_payload_offset;
use visa_model::ir::{Payload, Program};
use visa_model::state::{MachineState, VarId};
use visa_model::VisaError;

/// The register-file byte of a raw operand; `what` names the operand's family in the
/// error when its variable has no register-file storage.
pub(crate) fn payload_at(program: &Program, p: &Payload, what: &str) -> Result<usize, VisaError> {
    let base = program.vars.get(p.var).grf_offset.ok_or_else(|| {
        VisaError::model_bug(format!("{what} operand has no register-file storage"))
    })?;
    Ok(base + raw_payload_offset(program.platform, p))
}

/// The register-file byte where `var` ends (0 for a variable without storage).
pub(crate) fn var_end(program: &Program, var: VarId) -> usize {
    let v = program.vars.get(var);
    v.grf_offset.map_or(0, |s| s + v.byte_size())
}

/// Pushes the register writes `(byte, value, defined)` returning a lane's value to its Dst
/// dword at register byte `at`: the low `bytes` bytes of `value` (undefined where `undefined`
/// says), the rest of the dword undefined (a 16-bit atomic's upper word).
pub(crate) fn push_returned(
    state: &MachineState,
    at: usize,
    bytes: usize,
    value: u64,
    undefined: &[bool; 4],
    out: &mut Vec<(usize, u8, bool)>,
) {
    let vb = value.to_le_bytes();
    for k in 0..4 {
        if k < bytes {
            out.push((at + k, vb[k], !undefined[k]));
        } else {
            out.push((at + k, state.grf[at + k], false));
        }
    }
}

/// Applies register writes `(byte, value, defined)`, in order.
pub(crate) fn apply_returned(state: &mut MachineState, writes: Vec<(usize, u8, bool)>) {
    for (at, v, defined) in writes {
        state.grf[at] = v;
        if defined {
            state.undefined.remove(&at);
        } else {
            state.undefined.insert(at);
        }
    }
}
