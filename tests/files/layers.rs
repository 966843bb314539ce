//! The layers point one way: nothing under `src/rules/` or `src/map/` reaches up into the scenario, the ECS or the
//! window, the rules never touch Bevy, the files (`src/scenario/`) reach neither the lab nor the ECS, and no two
//! source files import each other (`use crate::…`, `super::…` and paths written in code, as
//! `../shared/tools/import_circles.py` reads them).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("readable").path();
        if path.is_dir() {
            out.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

/// A file's text without its `//` comments.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("readable");
    text.lines().map(|l| l.split("//").next().unwrap_or_default()).collect::<Vec<_>>().join("\n")
}

/// The module path of a file: `src/rules/eclipse_phase/mod.rs` → [rules, eclipse_phase].
fn module_of(path: &Path) -> Vec<String> {
    let rel = path.strip_prefix("src").expect("under src").with_extension("");
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

/// The file a module path names, trying its longest prefix first.
fn file_of(parts: &[String]) -> Option<PathBuf> {
    (1..=parts.len()).rev().find_map(|n| {
        let base = Path::new("src").join(parts[..n].join("/"));
        [base.with_extension("rs"), base.join("mod.rs")].into_iter().find(|p| p.exists())
    })
}

/// `crate::a::{b, c}` → `crate::a::b`, `crate::a::c` (one level of braces, as the tree writes them).
fn expand(path: &str) -> Vec<String> {
    match (path.find('{'), path.rfind('}')) {
        (Some(open), Some(close)) if close > open => {
            let head = &path[..open];
            let mut out = Vec::new();
            let (mut depth, mut item) = (0, String::new());
            for ch in path[open + 1..close].chars() {
                match ch {
                    ',' if depth == 0 => out.push(std::mem::take(&mut item)),
                    '{' | '}' => {
                        depth += if ch == '{' { 1 } else { -1 };
                        item.push(ch);
                    }
                    _ => item.push(ch),
                }
            }
            out.push(item);
            out.into_iter()
                .filter(|i| !i.trim().is_empty())
                .flat_map(|i| expand(&format!("{head}{}", i.trim())))
                .collect()
        }
        _ => vec![path.to_owned()],
    }
}

/// Each file's imports: the other files it names through `crate::` or `super::` paths.
fn imports() -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let mut edges = BTreeMap::new();
    for file in sources(Path::new("src")) {
        let me = module_of(&file);
        let text = code(&file);
        let mut paths: Vec<String> = Vec::new();
        for stmt in text.split(';') {
            if let Some(at) = stmt.find("use crate::").or_else(|| stmt.find("use super::")) {
                paths.push(stmt[at + 4..].split_whitespace().collect());
            }
        }
        for word in text.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':')) {
            if word.starts_with("crate::") || word.starts_with("super::") {
                paths.push(word.to_owned());
            }
        }
        for path in paths.iter().flat_map(|p| expand(p)) {
            let segs: Vec<&str> = path.split("::").collect();
            let target: Vec<String> = match segs[0] {
                "crate" => segs[1..].iter().map(|s| s.to_string()).collect(),
                _ => {
                    let ups = segs.iter().take_while(|s| **s == "super").count();
                    let base = &me[..me.len().saturating_sub(ups)];
                    base.iter().cloned().chain(segs[ups..].iter().map(|s| s.to_string())).collect()
                }
            };
            let target: Vec<String> = target.into_iter().filter(|s| !s.is_empty() && s != "self").collect();
            if let Some(t) = file_of(&target).filter(|t| *t != file) {
                edges.entry(file.clone()).or_insert_with(BTreeSet::new).insert(t);
            }
        }
    }
    edges
}

#[test]
fn no_two_files_import_each_other() {
    let edges = imports();
    let mut pairs = Vec::new();
    for (a, targets) in &edges {
        for b in targets {
            if a < b && edges.get(b).is_some_and(|back| back.contains(a)) {
                pairs.push(format!("{} <-> {}", a.display(), b.display()));
            }
        }
    }
    assert!(pairs.is_empty(), "files that import each other:\n{}", pairs.join("\n"));
}

#[test]
fn the_rules_and_the_map_reach_no_layer_above_them() {
    let mut wrong = Vec::new();
    for dir in ["src/rules", "src/map"] {
        for file in sources(Path::new(dir)) {
            let text = code(&file);
            for above in ["crate::scenario", "crate::combat", "crate::ui", "bevy"] {
                if text.contains(&format!("{above}::")) || text.contains(&format!("use {above}")) {
                    wrong.push(format!("{} uses {above}", file.display()));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn the_files_reach_neither_the_lab_nor_the_ecs() {
    // The files are read, checked and written below every layer that plays battles: no ECS app is built there.
    let mut wrong = Vec::new();
    for file in sources(Path::new("src/scenario")) {
        let text = code(&file);
        for above in ["crate::lab", "crate::combat", "crate::net", "crate::ui", "crate::cli", "bevy"] {
            if text.contains(&format!("{above}::")) || text.contains(&format!("use {above}")) {
                wrong.push(format!("{} uses {above}", file.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}
