//! JUnit XML reports of `visa-conform check`: one test suite per vector file, one test case
//! per vector (or per malformed line), failures carrying the first difference.

use std::borrow::Cow;
use std::time::Duration;

use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};

/// The result of one vector (or malformed line) of a check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseResult {
    /// 1-based line of the vector in its file; 0 for a file that could not be read.
    pub line: usize,
    /// The case id, or `line N` for a line that is not a case.
    pub name: String,
    /// Why it failed: `None` when it passed.
    pub failure: Option<Failure>,
    pub time: Duration,
}

/// A failed vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// `mismatch` (the run differs from `expect`) or `invalid-vector` (the line is malformed).
    pub kind: &'static str,
    pub message: String,
}

/// The results of one file, in line order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileResults {
    pub file: String,
    pub cases: Vec<CaseResult>,
}

/// `text` with every character XML 1.0 does not allow (its `Char` production: control
/// characters but tab, line feed and carriage return; surrogates; U+FFFE and U+FFFF)
/// written as `\u{..}`, so that the report is well-formed whatever a file name, id or
/// message holds.
pub fn xml_text(text: &str) -> Cow<'_, str> {
    let allowed = |c: char| {
        matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}')
            || c >= '\u{10000}'
    };
    if text.chars().all(allowed) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if allowed(c) {
            out.push(c);
        } else {
            out.extend(c.escape_unicode());
        }
    }
    Cow::Owned(out)
}

/// Builds the report: a suite per file, named by its path.
pub fn report(files: &[FileResults]) -> Report {
    let mut report = Report::new("visa-conform check");
    for f in files {
        let file = xml_text(&f.file);
        let mut suite = TestSuite::new(file.as_ref());
        for c in &f.cases {
            let status = match &c.failure {
                None => TestCaseStatus::success(),
                Some(failure) => {
                    let mut s = TestCaseStatus::non_success(NonSuccessKind::Failure);
                    s.set_type(failure.kind)
                        .set_message(xml_text(&failure.message).as_ref());
                    s
                }
            };
            let mut case = TestCase::new(xml_text(&c.name).as_ref(), status);
            case.set_classname(file.as_ref())
                .set_time(c.time)
                .add_property(("line", c.line.to_string().as_str()));
            suite.add_test_case(case);
        }
        report.add_test_suite(suite);
    }
    report
}

/// The report as XML text.
pub fn to_xml(files: &[FileResults]) -> Result<String, quick_junit::SerializeError> {
    report(files).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xml_text_escapes_what_xml_excludes() {
        assert_eq!(xml_text("add/d/0001 é \t"), "add/d/0001 é \t");
        assert_eq!(
            xml_text("a\u{fffe}b\u{7}\u{ffff}"),
            "a\\u{fffe}b\\u{7}\\u{ffff}"
        );
        assert_eq!(xml_text("\u{1f600}\u{fffd}"), "\u{1f600}\u{fffd}");
    }
}
