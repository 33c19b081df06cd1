//! LSC_FENCE (instructions/LSC_FENCE.md): the validation rows of its three tables (LscSFID,
//! LscFenceOp, LscScope). A valid fence runs; an invalid one names the field at fault.

use super::*;

#[rustfmt::skip]
pub const DOC: Doc = Doc { family: "lsc", instruction: "lsc_fence", file: "catalog/lsc/lsc_fence.jsonl", rows: add };

fn add(rows: &mut Rows) {
    form_rows(rows, FORMS);
}

#[rustfmt::skip]
const FORMS: &[Forms] = &[
    Forms { d: "LSC_FENCE.md, Examples, and the scope table's `system`: valid.", field: "",
            texts: &["lsc_fence.ugm.clean.sysrel", "lsc_fence.slm.clean.group", "lsc_fence.tgm.evict.system"] },
    Forms { d: "LSC_FENCE.md, Text: `LSC_FENCE.<LscSFID>.<LscFenceOp>.<LscScope>`: the fence names an operation and a scope.", field: "opcode",
            texts: &["lsc_fence.ugm.clean"] },
    Forms { d: "LSC_FENCE.md, LscSFID: xyz is no unit.", field: "sfid", texts: &["lsc_fence.xyz.clean.gpu"] },
    Forms { d: "LSC_FENCE.md, LscFenceOp: flush is no fence operation.", field: "opcode", texts: &["lsc_fence.ugm.flush.gpu"] },
    Forms { d: "LSC_FENCE.md, LscScope: world is no scope.", field: "opcode", texts: &["lsc_fence.ugm.clean.world"] },
];
