//! RAW_SEND and RAW_SENDS: a send whose message descriptor names what it does.

pub mod raw_send;
