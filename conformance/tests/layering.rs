//! The modules of visa-conformance depend in one direction (the crate documentation, "Layers"):
//! a module refers only to modules of its own layer or of a lower one, and no two modules
//! refer to each other, directly or through others. The test reads every source file under
//! `src/` and its `crate::…` and `super::…` paths (the binary's `visa_conformance::…`), with
//! comments left out, so a documentation link is no dependency.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The layers, lowest first; a module belongs to the layer of its longest listed prefix
/// (`catalog`, the hand-derived cases as vectors, joins the tools).
/// Keep in step with the crate documentation (src/lib.rs).
const LAYERS: &[(&str, &[&str])] = &[
    ("formats", &["input", "junit", "exit", "vector"]),
    ("case running", &["case"]),
    ("expectations", &["expect"]),
    ("generators", &["gen"]),
    ("registry", &["registry"]),
    ("tools", &["golden", "coverage", "bench", "dut", "catalog"]),
    ("command line", &["cli", "bin"]),
];

type Module = Vec<String>;

fn name(m: &[String]) -> String {
    if m.is_empty() {
        "crate root".to_string()
    } else {
        m.join("::")
    }
}

/// Every source file with its module path (`src/bin/x.rs`: `bin::x`).
fn sources(dir: &Path, prefix: &[String], out: &mut Vec<(Module, bool, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        if path.is_dir() {
            let mut p = prefix.to_vec();
            p.push(stem);
            sources(&path, &p, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            let is_mod_rs = stem == "mod";
            let mut module = prefix.to_vec();
            if !(is_mod_rs || prefix.is_empty() && stem == "lib") {
                module.push(stem);
            }
            out.push((module, is_mod_rs, text));
        }
    }
}

/// The text without `//` comments (a `//` inside a string literal cuts the line too, which
/// only loses text, never adds a path).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The paths a `use` tree or path expression names from `s` on (just after `crate::`):
/// `a::b`, `{a, b::{c, d}}`, each as its segments.
fn paths(s: &str) -> Vec<Vec<String>> {
    fn tree(s: &[char], i: &mut usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
        let mut path = prefix;
        loop {
            while *i < s.len() && s[*i].is_whitespace() {
                *i += 1;
            }
            if *i < s.len() && s[*i] == '{' {
                *i += 1;
                loop {
                    tree(s, i, path.clone(), out);
                    while *i < s.len() && s[*i].is_whitespace() {
                        *i += 1;
                    }
                    if *i < s.len() && s[*i] == ',' {
                        *i += 1;
                        continue;
                    }
                    if *i < s.len() && s[*i] == '}' {
                        *i += 1;
                    }
                    return;
                }
            }
            let start = *i;
            while *i < s.len() && is_ident(s[*i]) {
                *i += 1;
            }
            if *i > start {
                path.push(s[start..*i].iter().collect());
            }
            if *i + 1 < s.len() && s[*i] == ':' && s[*i + 1] == ':' {
                *i += 2;
                continue;
            }
            out.push(path);
            return;
        }
    }
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    tree(&chars, &mut 0, Vec::new(), &mut out);
    out
}

/// The module paths a file refers to: `crate::…` (the binary: `visa_conformance::…`) from
/// the root, `super::…` from the file's parent.
fn references(module: &[String], is_mod_rs: bool, text: &str) -> Vec<Vec<String>> {
    let code = code(text);
    let mut parent = module.to_vec();
    if !is_mod_rs {
        parent.pop();
    }
    let mut out = Vec::new();
    let root = if module.first().is_some_and(|m| m == "bin") {
        "visa_conformance::"
    } else {
        "crate::"
    };
    for (key, base) in [(root, Vec::new()), ("super::", parent)] {
        let mut from = 0;
        while let Some(k) = code[from..].find(key) {
            let at = from + k;
            from = at + key.len();
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| is_ident(c) || c == ':') {
                continue;
            }
            // `use super::*` (a glob, in a file's inline test module) names no module.
            for p in paths(&code[from..]).into_iter().filter(|p| !p.is_empty()) {
                let mut full = base.clone();
                full.extend(p.into_iter().filter(|s| s != "self"));
                out.push(full);
            }
        }
    }
    out
}

/// The module a path names: its longest prefix that is a module.
fn owner(path: &[String], modules: &BTreeSet<Module>) -> Module {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|p| modules.contains(p))
        .unwrap_or_default()
}

fn layer(module: &[String]) -> Option<usize> {
    LAYERS
        .iter()
        .enumerate()
        .flat_map(|(i, (_, prefixes))| prefixes.iter().map(move |p| (i, p)))
        .filter(|(_, p)| {
            let p: Vec<&str> = p.split("::").collect();
            module.len() >= p.len() && module.iter().zip(&p).all(|(a, b)| a == b)
        })
        .max_by_key(|(_, p)| p.len())
        .map(|(i, _)| i)
}

fn related(a: &[String], b: &[String]) -> bool {
    a.starts_with(b) || b.starts_with(a)
}

/// The module graph: each module with the modules it refers to (a module's own ancestors
/// and descendants left out: a parent declares its children, a child uses its parent's types).
fn graph() -> BTreeMap<Module, BTreeSet<Module>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &[], &mut files);
    let modules: BTreeSet<Module> = files.iter().map(|(m, _, _)| m.clone()).collect();
    let mut graph = BTreeMap::new();
    for (module, is_mod_rs, text) in &files {
        let refs: &mut BTreeSet<Module> = graph.entry(module.clone()).or_default();
        for path in references(module, *is_mod_rs, text) {
            let target = owner(&path, &modules);
            if !related(module, &target) || target.is_empty() {
                refs.insert(target);
            }
        }
    }
    graph
}

#[test]
fn the_parser_reads_use_trees_and_paths() {
    let refs = references(
        &["dut".to_string(), "grade".to_string()],
        false,
        "use crate::{a::b, c::{d, e::f}};\nuse super::cases::Prepared; // crate::x\nlet _ = crate::y::z(1);",
    );
    let names: Vec<String> = refs.iter().map(|r| r.join("::")).collect();
    assert_eq!(
        names,
        ["a::b", "c::d", "c::e::f", "y::z", "dut::cases::Prepared"]
    );
}

#[test]
fn every_module_has_a_layer() {
    let unplaced: Vec<String> = graph()
        .keys()
        .filter(|m| !m.is_empty() && layer(m).is_none())
        .map(|m| name(m))
        .collect();
    assert!(
        unplaced.is_empty(),
        "modules without a layer (declare them in LAYERS and in src/lib.rs): {unplaced:?}"
    );
}

#[test]
fn no_module_refers_to_a_higher_layer() {
    let mut wrong = Vec::new();
    for (module, refs) in graph() {
        if module.is_empty() {
            continue;
        }
        let from = layer(&module);
        for target in refs {
            if target.is_empty() {
                wrong.push(format!(
                    "{} refers to an item of the crate root: name the module that defines it",
                    name(&module)
                ));
                continue;
            }
            let to = layer(&target);
            if let (Some(f), Some(t)) = (from, to) {
                if t > f {
                    wrong.push(format!(
                        "{} ({}) refers to {} ({})",
                        name(&module),
                        LAYERS[f].0,
                        name(&target),
                        LAYERS[t].0
                    ));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "references to a higher layer:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_modules_refer_to_each_other() {
    let graph = graph();
    // A module is in a loop when it reaches itself.
    let mut loops = Vec::new();
    for start in graph.keys() {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&Module> = graph[start].iter().collect();
        while let Some(m) = stack.pop() {
            if m == start {
                loops.push(name(start));
                break;
            }
            if seen.insert(m) {
                stack.extend(graph.get(m).into_iter().flatten());
            }
        }
    }
    assert!(loops.is_empty(), "modules in an import loop: {loops:?}");
}
