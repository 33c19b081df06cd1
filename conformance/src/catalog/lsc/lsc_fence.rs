//! LSC_FENCE (instructions/LSC_FENCE.md): the validation rows of its three tables (LscSFID,
//! LscFenceOp, LscScope). A valid fence runs; an invalid one names the field at fault.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "lsc", instruction: "lsc_fence", file: "catalog/lsc/lsc_fence.jsonl", rows: add };

#[rustfmt::skip]
fn add(rows: &mut Rows) {
    let d = "LSC_FENCE.md, Examples, and the scope table's `system`: valid.";
    for text in ["lsc_fence.ugm.clean.sysrel", "lsc_fence.slm.clean.group", "lsc_fence.tgm.evict.system"] {
        valid_form(rows, d, form(text));
    }
    let d = "LSC_FENCE.md, Text: `LSC_FENCE.<LscSFID>.<LscFenceOp>.<LscScope>`: the fence names an operation and a scope.";
    invalid_form(rows, d, "lsc_fence.ugm.clean", "opcode");
    let d = "LSC_FENCE.md, LscSFID: xyz is no unit.";
    invalid_form(rows, d, "lsc_fence.xyz.clean.gpu", "sfid");
    let d = "LSC_FENCE.md, LscFenceOp: flush is no fence operation.";
    invalid_form(rows, d, "lsc_fence.ugm.flush.gpu", "opcode");
    let d = "LSC_FENCE.md, LscScope: world is no scope.";
    invalid_form(rows, d, "lsc_fence.ugm.clean.world", "opcode");
}
