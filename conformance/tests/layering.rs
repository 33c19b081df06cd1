//! Imports run one way. In every crate of the workspace no modules refer to each other,
//! directly or through others; and the modules of visa-conformance keep to their layers (the
//! crate documentation, "Layers"): a module refers only to modules of its own layer or of a
//! lower one.
//!
//! The test reads every source file under a crate's `src/` and builds its module graph. A
//! file `x.rs` or `x/mod.rs` is the module `x`; an inline module belongs to its file, and a
//! `#[cfg(test)]` one is left out (tests use their crate from above, as `tests/` does).
//! Module A has an edge to module B when A's code names a path into B: `crate::b::…`,
//! `super::…` (the parent module), `self::…`, `b::…` for a child module `b` of A, or a path
//! through a module A imports by name, in `use` trees and in expressions alike. A path names
//! the module of its longest prefix that is a module, so `use super::X` from a child is an
//! edge to the parent, even when the parent only re-exports `X`; a parent's `mod child;` is
//! no edge. A path through a name a module imports from another crate (`crate::ir::Opcode`,
//! where the root has `pub use visa_model::ir`) is no edge either. Comments, strings and
//! character literals are left out, so a documentation link is no dependency. Method calls
//! name no path: an `impl` of a type in another module is seen only by the paths it writes.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every crate of the workspace: its name in paths and its source directory, relative to
/// the workspace root.
const CRATES: &[(&str, &str)] = &[
    ("visa_model", "spec/model/src"),
    ("visa_spec", "spec/src"),
    ("visa_oracle", "oracle/src"),
    ("visa_conformance", "conformance/src"),
];

/// The layers of visa-conformance, lowest first; a module belongs to the layer of its
/// longest listed prefix (`catalog`, the hand-derived cases as vectors, joins the tools;
/// the kernel-interface JSON and the `--arg` values with their images and samplers, which a
/// launch case of the vector format holds, are formats).
/// Keep in step with the crate documentation (src/lib.rs).
const LAYERS: &[(&str, &[&str])] = &[
    (
        "formats",
        &[
            "input",
            "junit",
            "exit",
            "vector",
            "launch::interface",
            "launch::arg",
            "launch::image",
            "launch::sampler",
        ],
    ),
    ("case running", &["case"]),
    ("expectations", &["expect"]),
    ("generators", &["gen"]),
    ("registry", &["registry"]),
    (
        "tools",
        &["golden", "coverage", "bench", "dut", "catalog", "launch"],
    ),
    ("command line", &["cli", "bin"]),
];

/// A module's path from the crate root (the root itself: empty).
type Module = Vec<String>;

/// Where a module refers to another: the file, the line number and the line.
type Site = (String, usize, String);

/// Each module with the modules it refers to and where.
type Graph = BTreeMap<Module, BTreeMap<Module, Vec<Site>>>;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn name(m: &[String]) -> String {
    if m.is_empty() {
        "crate root".to_string()
    } else {
        m.join("::")
    }
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Every source file under `dir` with its module path (`src/bin/x.rs`: `bin::x`), its path
/// from the workspace root and its text.
fn sources(dir: &Path, prefix: &[String], out: &mut Vec<(Module, String, String)>) {
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
            let mut module = prefix.to_vec();
            if !(stem == "mod" || prefix.is_empty() && stem == "lib") {
                module.push(stem);
            }
            let shown = path.strip_prefix(workspace()).unwrap_or(&path);
            let text = std::fs::read_to_string(&path).unwrap();
            out.push((module, shown.display().to_string(), text));
        }
    }
}

/// The text as characters with comments, strings and character literals blanked (newlines
/// kept), so what is left is code whose braces balance.
fn code(text: &str) -> Vec<char> {
    let s: Vec<char> = text.chars().collect();
    let mut out = s.clone();
    // Where `pat` next starts from `from` on (the end of the text if nowhere).
    let find = |from: usize, pat: &[char]| {
        (from..s.len())
            .find(|&j| s[j..].starts_with(pat))
            .unwrap_or(s.len())
    };
    let mut i = 0;
    while i < s.len() {
        let word_start = i == 0 || !is_ident(s[i - 1]);
        let hashes = s[i + 1..].iter().take_while(|&&c| c == '#').count();
        let end = if s[i..].starts_with(&['/', '/']) {
            find(i, &['\n'])
        } else if s[i..].starts_with(&['/', '*']) {
            let mut depth = 0;
            let mut j = i;
            while j < s.len() {
                if s[j..].starts_with(&['/', '*']) {
                    depth += 1;
                    j += 1;
                } else if s[j..].starts_with(&['*', '/']) {
                    depth -= 1;
                    j += 1;
                    if depth == 0 {
                        break;
                    }
                }
                j += 1;
            }
            j + 1
        } else if s[i] == 'r' && word_start && s.get(i + 1 + hashes) == Some(&'"') {
            let close: Vec<char> = std::iter::once('"').chain(vec!['#'; hashes]).collect();
            find(i + 2 + hashes, &close) + close.len()
        } else if s[i] == '"' {
            let mut j = i + 1;
            while j < s.len() && s[j] != '"' {
                j += if s[j] == '\\' { 2 } else { 1 };
            }
            j + 1
        } else if s[i] == '\'' && s.get(i + 1) == Some(&'\\') {
            find(i + 3, &['\'']) + 1
        } else if s[i] == '\'' && s.get(i + 2) == Some(&'\'') {
            i + 3
        } else {
            i += 1;
            continue;
        };
        let end = end.min(s.len());
        for c in &mut out[i..end] {
            if *c != '\n' {
                *c = ' ';
            }
        }
        i = end;
    }
    out
}

fn skip_space(s: &[char], mut i: usize) -> usize {
    while i < s.len() && s[i].is_whitespace() {
        i += 1;
    }
    i
}

fn word_end(s: &[char], mut i: usize) -> usize {
    while i < s.len() && is_ident(s[i]) {
        i += 1;
    }
    i
}

/// The paths of the `use` tree or path expression at `i`: `a::b`, `a::{self, b::{c, d as e}}`,
/// `a::*`, each as its segments and the index of its last segment, appended to `out`.
/// Returns the index after the tree.
fn tree(s: &[char], mut i: usize, prefix: &[String], out: &mut Vec<(Vec<String>, usize)>) -> usize {
    let mut path = prefix.to_vec();
    loop {
        i = skip_space(s, i);
        if s.get(i) == Some(&'{') {
            loop {
                i = skip_space(s, tree(s, i + 1, &path, out));
                if s.get(i) != Some(&',') {
                    return i + usize::from(s.get(i) == Some(&'}'));
                }
            }
        }
        let at = i;
        let end = if s.get(i) == Some(&'*') {
            i + 1
        } else {
            word_end(s, i)
        };
        if end == i {
            return i;
        }
        path.push(s[i..end].iter().collect());
        i = end;
        if s[i..].starts_with(&[':', ':']) {
            i += 2;
            continue;
        }
        out.push((path, at));
        let after = skip_space(s, i);
        if s[after..].starts_with(&['a', 's']) && !s.get(after + 2).is_some_and(|&c| is_ident(c)) {
            i = word_end(s, skip_space(s, after + 2));
        }
        return i;
    }
}

/// The inline modules of a file (`mod tests { … }`): each name with the span of its body and
/// whether it is compiled for tests only (`#[cfg(test)]`).
fn inline_modules(s: &[char]) -> Vec<(String, usize, usize, bool)> {
    let mut out = Vec::new();
    for i in 0..s.len() {
        if !(s[i..].starts_with(&['m', 'o', 'd', ' ']) && (i == 0 || !is_ident(s[i - 1]))) {
            continue;
        }
        let start = skip_space(s, i + 3);
        let end = word_end(s, start);
        let open = skip_space(s, end);
        if end == start || s.get(open) != Some(&'{') {
            continue;
        }
        let mut depth = 0;
        let close = (open..s.len()).find(|&j| {
            depth += i32::from(s[j] == '{') - i32::from(s[j] == '}');
            depth == 0
        });
        let before: String = s[..i].iter().collect();
        let test = before.trim_end().ends_with("#[cfg(test)]");
        out.push((
            s[start..end].iter().collect(),
            open,
            close.unwrap_or(s.len()),
            test,
        ));
    }
    out
}

/// A path as a file writes it: its segments, where it is, and whether a `use` brings it in.
struct Written {
    segments: Vec<String>,
    at: usize,
    is_use: bool,
    /// The module the path is written in (the file's, or one of its inline modules).
    scope: Module,
}

/// Every path in the code that starts at a word: `a::…`, `a::{…}`; not those of a test
/// module, which uses its crate from above, as the tests under `tests/` do.
fn paths(module: &[String], s: &[char]) -> Vec<Written> {
    let inline = inline_modules(s);
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let end = word_end(s, i);
        let starts_path = end > i && (i == 0 || !is_ident(s[i - 1]) && s[i - 1] != ':');
        if !(starts_path && s[end..].starts_with(&[':', ':'])) {
            i = end.max(i + 1);
            continue;
        }
        let before = skip_back(s, i);
        let is_use = before >= 3
            && s[before - 3..before] == ['u', 's', 'e']
            && (before == 3 || !is_ident(s[before - 4]));
        let enclosing: Vec<_> = inline
            .iter()
            .filter(|(_, open, close, _)| (*open..*close).contains(&i))
            .collect();
        let mut found = Vec::new();
        i = tree(s, i, &[], &mut found);
        if enclosing.iter().any(|(_, _, _, test)| *test) {
            continue;
        }
        let mut scope = module.to_vec();
        scope.extend(enclosing.iter().map(|(m, _, _, _)| m.clone()));
        out.extend(found.into_iter().map(|(segments, at)| Written {
            segments,
            at,
            is_use,
            scope: scope.clone(),
        }));
    }
    out
}

/// The index just after the code before `i`, whitespace skipped.
fn skip_back(s: &[char], mut i: usize) -> usize {
    while i > 0 && s[i - 1].is_whitespace() {
        i -= 1;
    }
    i
}

/// The absolute path a written path names, or `None` when it starts outside the crate
/// (another crate, a local type or variable). `imported` holds the modules the file brings
/// in by name (`use crate::insn;`).
fn resolve(
    path: &Written,
    module: &[String],
    krate: &str,
    modules: &BTreeSet<Module>,
    imported: &BTreeMap<String, Module>,
) -> Option<Vec<String>> {
    let first = path.segments[0].as_str();
    let mut child = module.to_vec();
    child.push(first.to_string());
    let (mut full, rest) = match first {
        "crate" => (Vec::new(), &path.segments[1..]),
        _ if first == krate => (Vec::new(), &path.segments[1..]),
        "self" | "super" => (path.scope.clone(), &path.segments[..]),
        _ if modules.contains(&child) => (module.to_vec(), &path.segments[..]),
        _ if imported.contains_key(first) => (imported[first].clone(), &path.segments[1..]),
        _ => return None,
    };
    for segment in rest {
        match segment.as_str() {
            "super" => {
                full.pop();
            }
            "self" => {}
            _ => full.push(segment.clone()),
        }
    }
    Some(full)
}

/// The module a path names: its longest prefix that is a module.
fn owner(path: &[String], modules: &BTreeSet<Module>) -> Module {
    (0..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|p| modules.contains(p))
        .unwrap_or_default()
}

/// The module graph of the crate `krate` with its sources in `dir` (from the workspace root).
fn graph(krate: &str, dir: &str) -> Graph {
    let mut files = Vec::new();
    sources(&workspace().join(dir), &[], &mut files);
    let modules: BTreeSet<Module> = files.iter().map(|(m, _, _)| m.clone()).collect();
    let files: Vec<_> = files
        .into_iter()
        .map(|(module, shown, text)| {
            let written = paths(&module, &code(&text));
            (module, shown, text, written)
        })
        .collect();
    // The names each module imports from another crate, and the modules it imports by name.
    let mut foreign: BTreeMap<&Module, BTreeSet<&str>> = BTreeMap::new();
    let mut imported: BTreeMap<&Module, BTreeMap<String, Module>> = BTreeMap::new();
    for (module, _, _, written) in &files {
        for p in written.iter().filter(|p| p.is_use) {
            let named = p.segments.iter().rev().find(|s| *s != "self" && *s != "*");
            match resolve(p, module, krate, &modules, &BTreeMap::new()) {
                None => foreign
                    .entry(module)
                    .or_default()
                    .extend(named.map(String::as_str)),
                Some(full) if modules.contains(&full) => {
                    let names = imported.entry(module).or_default();
                    names.extend(named.map(|n| (n.clone(), full)));
                }
                Some(_) => {}
            }
        }
    }
    let mut graph = Graph::new();
    for (module, shown, text, written) in &files {
        let lines: Vec<&str> = text.lines().collect();
        // The line number (from 0) of each character.
        let line_of: Vec<usize> = text
            .chars()
            .scan(0, |line, c| {
                let this = *line;
                *line += usize::from(c == '\n');
                Some(this)
            })
            .collect();
        let refs = graph.entry(module.clone()).or_default();
        let imported = imported.remove(module).unwrap_or_default();
        for p in written {
            let Some(full) = resolve(p, module, krate, &modules, &imported) else {
                continue;
            };
            let target = owner(&full, &modules);
            let through_foreign = full.get(target.len()).is_some_and(|item| {
                foreign
                    .get(&target)
                    .is_some_and(|names| names.contains(item.as_str()))
            });
            if target == *module || through_foreign {
                continue;
            }
            let line = line_of[p.at];
            let text = lines.get(line).map_or("", |l| l.trim());
            let site = (shown.clone(), line + 1, text.to_string());
            refs.entry(target).or_default().push(site);
        }
    }
    graph
}

/// The strongly connected components of more than one module: every import loop.
fn loops(graph: &Graph) -> BTreeSet<BTreeSet<&Module>> {
    let reach = |from: &Module| {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<&Module> = graph[from].keys().collect();
        while let Some(m) = stack.pop() {
            if seen.insert(m) {
                stack.extend(graph.get(m).into_iter().flat_map(|refs| refs.keys()));
            }
        }
        seen
    };
    let reach: BTreeMap<&Module, BTreeSet<&Module>> = graph.keys().map(|m| (m, reach(m))).collect();
    reach
        .iter()
        .filter(|(m, r)| r.contains(*m))
        .map(|(m, r)| {
            r.iter()
                .copied()
                .filter(|n| reach[n].contains(*m))
                .collect()
        })
        .collect()
}

/// A loop as the test reports it: its modules, then every reference between two of them.
fn report(krate: &str, graph: &Graph, modules: &BTreeSet<&Module>) -> String {
    let names: Vec<String> = modules.iter().map(|m| name(m)).collect();
    let mut out = format!(
        "{krate}: {} modules in an import loop: {}\n",
        modules.len(),
        names.join(", ")
    );
    for from in modules {
        for (to, sites) in &graph[*from] {
            if !modules.contains(to) {
                continue;
            }
            out += &format!("  {} -> {}\n", name(from), name(to));
            let sites: BTreeSet<&Site> = sites.iter().collect();
            for (file, line, text) in sites.iter().take(4) {
                out += &format!("    {file}:{line}: {text}\n");
            }
            if sites.len() > 4 {
                out += &format!("    and {} more\n", sites.len() - 4);
            }
        }
    }
    out
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

fn conformance() -> Graph {
    graph("visa_conformance", "conformance/src")
}

#[test]
fn the_parser_reads_use_trees_and_paths() {
    let text = [
        "use crate::{a::b, c::{self, d as e}};",
        "use super::cases::Prepared; // crate::x",
        "let _ = crate::y::z(\"crate::s\", '{');",
        "#[cfg(test)]",
        "mod tests {",
        "    use super::*;",
        "}",
        "mod inner {",
        "    use self::X;",
        "    use std::f32;",
        "}",
        "pub use kid::K;",
        "let _ = self::w::V;",
    ]
    .join("\n");
    let module: Module = vec!["dut".into(), "grade".into()];
    let modules: BTreeSet<Module> = [vec![], vec!["dut".into()], module.clone()]
        .into_iter()
        .chain([vec!["dut".into(), "grade".into(), "kid".into()]])
        .collect();
    let names: Vec<String> = paths(&module, &code(&text))
        .iter()
        .map(
            |p| match resolve(p, &module, "visa_conformance", &modules, &BTreeMap::new()) {
                Some(full) => format!("{}{}", if p.is_use { "use " } else { "" }, full.join("::")),
                None => format!("foreign {}", p.segments.join("::")),
            },
        )
        .collect();
    assert_eq!(
        names,
        [
            "use a::b",
            "use c",
            "use c::d",
            "use dut::cases::Prepared",
            "y::z",
            "use dut::grade::inner::X",
            "foreign std::f32",
            "use dut::grade::kid::K",
            "dut::grade::w::V",
        ]
    );
}

#[test]
fn no_crate_has_an_import_loop() {
    let mut found = Vec::new();
    for (krate, dir) in CRATES {
        let graph = graph(krate, dir);
        found.extend(loops(&graph).iter().map(|l| report(krate, &graph, l)));
    }
    assert!(
        found.is_empty(),
        "import loops (move what both sides need into a module both import, or import an \
         item from the module that defines it):\n{}",
        found.join("\n")
    );
}

#[test]
fn every_module_has_a_layer() {
    let unplaced: Vec<String> = conformance()
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
    for (module, refs) in conformance() {
        if module.is_empty() {
            continue;
        }
        let from = layer(&module);
        for (target, sites) in refs {
            let (file, line, text) = &sites[0];
            if target.is_empty() {
                wrong.push(format!(
                    "{file}:{line}: {text}\n  {} refers to an item of the crate root: name \
                     the module that defines it",
                    name(&module)
                ));
                continue;
            }
            let to = layer(&target);
            if let (Some(f), Some(t)) = (from, to) {
                if t > f {
                    wrong.push(format!(
                        "{file}:{line}: {text}\n  {} ({}) refers to {} ({})",
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
