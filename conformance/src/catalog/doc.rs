//! One instruction document's catalog ([`Doc`]) and the rows it adds ([`Rows`]), numbered
//! as they are added.

use std::collections::BTreeMap;

use super::row::Row;

/// One instruction document's rows.
#[derive(Debug)]
pub struct Doc {
    /// The family folder (`alu`, `lsc`, ...).
    pub family: &'static str,
    /// The instruction document, lower case (`cmp`, `min_max`).
    pub instruction: &'static str,
    /// The vector file, under the vectors directory.
    pub file: &'static str,
    /// Adds the document's rows.
    pub rows: fn(&mut Rows),
}

/// The rows of one document, numbered as they are added.
#[derive(Debug)]
pub struct Rows {
    instruction: &'static str,
    rows: Vec<Row>,
    numbers: BTreeMap<String, usize>,
}

impl Rows {
    /// Adds `row` to `group`: its id is `<instruction>/catalog/<group>/<nnnn>`. The errata
    /// its derivation names join its tags.
    pub fn add(&mut self, group: &str, mut row: Row) {
        for erratum in visa_model::errata::LEDGER {
            if row.derivation.contains(erratum.id) {
                row = row.tag(erratum.id);
            }
        }
        let n = self.numbers.entry(group.to_string()).or_insert(0);
        *n += 1;
        row.id = format!("{}/catalog/{group}/{:04}", self.instruction, n);
        self.rows.push(row);
    }
}

/// The rows of `doc`, with their ids.
pub fn rows(doc: &Doc) -> Vec<Row> {
    let mut rows = Rows {
        instruction: doc.instruction,
        rows: Vec::new(),
        numbers: BTreeMap::new(),
    };
    (doc.rows)(&mut rows);
    rows.rows
}
