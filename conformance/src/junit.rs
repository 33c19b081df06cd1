//! JUnit XML reports of `visa-conform check`: one test suite per vector file, one test case
//! per vector (or per malformed line), failures carrying the first difference.

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

/// Builds the report: a suite per file, named by its path.
pub fn report(files: &[FileResults]) -> Report {
    let mut report = Report::new("visa-conform check");
    for f in files {
        let mut suite = TestSuite::new(f.file.as_str());
        for c in &f.cases {
            let status = match &c.failure {
                None => TestCaseStatus::success(),
                Some(failure) => {
                    let mut s = TestCaseStatus::non_success(NonSuccessKind::Failure);
                    s.set_type(failure.kind)
                        .set_message(failure.message.as_str());
                    s
                }
            };
            let mut case = TestCase::new(c.name.as_str(), status);
            case.set_classname(f.file.as_str())
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
