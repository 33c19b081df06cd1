//! IGC's table of pre-defined variables (erratum PREDEFINED-IGC-TABLE): its spellings name
//! the documents' variables, %sp and %fp are UQ, and the group counts exist.
#![allow(clippy::unwrap_used)]

use visa_spec::platform::Platform;
use visa_spec::types::DataType;
use visa_spec::{asm, validate};

#[test]
fn igc_spellings_name_the_documents_variables() {
    let text = "mov (M1_NM, 1) %impl_arg_buf_ptr(0,0)<1> 0x1:uq\n\
                mov (M1_NM, 1) %implicit_arg_ptr(0,0)<1> 0x2:uq\n\
                mov (M1_NM, 1) %local_id_buf_ptr(0,0)<1> 0x3:uq\n";
    let p = validate::validate(&asm::parse(text).unwrap(), Platform::XeHpg).unwrap();
    let a = p.vars.find("%impl_arg_buf_ptr").unwrap();
    assert_eq!(Some(a), p.vars.find("%implicit_arg_ptr"));
    assert_eq!(p.vars.get(a).name, "%implicit_arg_ptr");
    // One variable each, whichever spelling came first.
    let n = p
        .vars
        .iter()
        .filter(|(_, v)| v.name == "%implicit_arg_ptr")
        .count();
    assert_eq!(n, 1);
    assert_eq!(
        p.vars.find("%local_id_buf_ptr"),
        p.vars.find("%implicit_local_id_buf_ptr")
    );
}

#[test]
fn stack_pointers_are_uq_and_group_counts_read_only() {
    let text = "mov (M1_NM, 1) %sp(0,0)<1> 0x100000000:uq\n\
                mov (M1_NM, 1) %fp(0,0)<1> %sp(0,0)<0;1,0>\n";
    let p = validate::validate(&asm::parse(text).unwrap(), Platform::XeHpc).unwrap();
    let sp = p.vars.find("%sp").unwrap();
    assert_eq!(p.vars.get(sp).ty, DataType::UQ);
    let read = ".decl V v_type=G type=ud num_elts=1\n\
                mov (M1_NM, 1) V(0,0)<1> %group_count_x(0,0)<0;1,0>\n";
    validate::validate(&asm::parse(read).unwrap(), Platform::XeHpg).unwrap();
    let write = "mov (M1_NM, 1) %group_count_y(0,0)<1> 0x1:ud\n";
    let e = validate::validate(&asm::parse(write).unwrap(), Platform::XeHpg).unwrap_err();
    assert_eq!(e.class, visa_spec::ErrorClass::InvalidInstruction);
}
