//! The documentation: every relative link and image in the README and `docs/` leads to a file of the repository (and
//! an `#anchor` to a heading of it), and the README stays a page a newcomer reads in two minutes.

use std::path::{Path, PathBuf};

/// The pages a reader follows links from.
fn pages() -> Vec<PathBuf> {
    let mut pages = vec![PathBuf::from("README.md"), PathBuf::from("levels/README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir("docs")
        .expect("docs/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// The text outside fenced code blocks and inline code (those are blanked, so that line numbers hold).
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            out.push('\n');
            continue;
        }
        if fenced {
            out.push('\n');
            continue;
        }
        let mut code = false;
        for c in line.chars() {
            if c == '`' {
                code = !code;
            }
            out.push(if code || c == '`' { ' ' } else { c });
        }
        out.push('\n');
    }
    out
}

/// Every `[text](target)` and `![alt](target)` of a page, with its line.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in prose(text).lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            let target = after[..end].split_whitespace().next().unwrap_or_default();
            out.push((n + 1, target.trim_matches(['<', '>']).to_owned()));
            rest = &after[end..];
        }
    }
    out
}

/// GitHub's anchor for a heading: lower case, spaces as hyphens, other punctuation dropped.
fn slug(heading: &str) -> String {
    let text = heading.replace('`', "").trim().to_lowercase();
    text.chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_' || *c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown file's headings (a repeated heading gets `-1`, `-2` …).
fn anchors(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        let Some(heading) = line.strip_prefix('#').filter(|_| !fenced) else { continue };
        let s = slug(heading.trim_start_matches('#').trim_end_matches('#'));
        let repeats = out.iter().filter(|a| a.as_str() == s || a.starts_with(&format!("{s}-"))).count();
        out.push(if repeats == 0 { s } else { format!("{s}-{repeats}") });
    }
    out
}

/// What is wrong with one link of `page`, if anything.
fn broken(page: &Path, target: &str) -> Option<String> {
    if target.starts_with("http://") || target.starts_with("https://") || target.starts_with("mailto:") {
        return None;
    }
    let (path, anchor) = target.split_once('#').unwrap_or((target, ""));
    let file = match path {
        "" => page.to_path_buf(),
        path => page.parent().unwrap_or(Path::new("")).join(path),
    };
    if !file.exists() {
        return Some(format!("{target}: no such file ({})", file.display()));
    }
    if anchor.is_empty() {
        return None;
    }
    let text = std::fs::read_to_string(&file).ok()?;
    (!anchors(&text).iter().any(|a| a == anchor)).then(|| format!("{target}: no heading `{anchor}` in it"))
}

#[test]
fn every_link_in_the_readme_and_docs_leads_somewhere() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for page in pages() {
        let text = std::fs::read_to_string(&page).expect("a page");
        for (line, target) in links(&text) {
            checked += 1;
            if let Some(wrong) = broken(&page, &target) {
                problems.push(format!("{}:{line}: {wrong}", page.display()));
            }
        }
    }
    assert!(checked > 30, "only {checked} links found: the reader is broken");
    assert!(problems.is_empty(), "{} broken link(s):\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn the_link_reader_sees_links_and_skips_code() {
    let text = "See [a](docs/a.md#b-c) and ![pic](x.png).\n```\n[not](this.md)\n```\n`[nor](that.md)` [yes](y.md)";
    let found: Vec<String> = links(text).into_iter().map(|(_, t)| t).collect();
    assert_eq!(found, ["docs/a.md#b-c", "x.png", "y.md"]);
    assert_eq!(slug(" The AI and `skirmish sim`"), "the-ai-and-skirmish-sim");
    assert_eq!(anchors("# A\n## Set-up: here\n## A\n"), ["a", "set-up-here", "a-1"]);
    assert!(broken(Path::new("README.md"), "docs/no_such_page.md").is_some());
    assert!(broken(Path::new("README.md"), "#no-such-heading").is_some());
}

#[test]
fn the_readme_is_read_in_two_minutes() {
    let readme = std::fs::read_to_string("README.md").expect("README");
    let lines = readme.lines().count();
    assert!(lines < 150, "the README has {lines} lines: move the detail into docs/");
    for command in ["scripts/play", "scripts/test"] {
        assert!(readme.contains(&format!("```sh\n{command}\n```")), "the README shows `{command}` on its own");
    }
}
