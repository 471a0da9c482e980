//! `docs/WRITING-PLUGINS.md` says what the code does: its Rust blocks are
//! excerpts of files that compile and are tested, its tables name every
//! method of the traits they describe, the versions it and the kit's docs
//! quote are the crates' own, and its first steps are the ones `tabula
//! new-plugin` prints (which `tests/plugin_scaffold.rs` runs).

use tabula_suite::fixtures::{scratch_dir, stdout, tabula_bin, workspace};

fn read(relative: &str) -> String {
    std::fs::read_to_string(workspace().join(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"))
}

fn guide() -> String {
    read("docs/WRITING-PLUGINS.md")
}

/// The fenced blocks of `markdown` whose info string is `lang`, each with
/// the line it starts on.
fn blocks(markdown: &str, lang: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, line) in markdown.lines().enumerate() {
        let fence = line.trim_end();
        if let Some((_, text)) = current.as_mut() {
            if fence == "```" {
                out.extend(current.take());
            } else {
                text.push_str(line);
                text.push('\n');
            }
        } else if fence == format!("```{lang}") {
            current = Some((i + 1, String::new()));
        }
    }
    out
}

/// Code without comments or whitespace, so an excerpt may be laid out and
/// annotated differently from its source.
fn normalized(code: &str) -> String {
    let mut out = String::new();
    for line in code.lines() {
        // A `//` outside a string starts a comment.
        let comment = line.match_indices("//").map(|(at, _)| at).find(|&at| line[..at].matches('"').count() % 2 == 0);
        let kept = comment.map_or(line, |at| &line[..at]);
        out.extend(kept.chars().filter(|c| !c.is_whitespace()));
    }
    out
}

/// An excerpt's pieces between its elisions (`/* ... */`, `// ...` lines).
fn pieces(excerpt: &str) -> Vec<String> {
    let mut pieces = vec![String::new()];
    for line in excerpt.lines() {
        if line.trim_start().starts_with("// ...") {
            pieces.push(String::new());
            continue;
        }
        let mut rest = line;
        while let Some(open) = rest.find("/*") {
            let close = rest[open..].find("*/").map_or(rest.len(), |c| open + c + 2);
            pieces.last_mut().unwrap().push_str(&rest[..open]);
            pieces.push(String::new());
            rest = &rest[close..];
        }
        let last = pieces.last_mut().unwrap();
        last.push_str(rest);
        last.push('\n');
    }
    pieces.iter().map(|p| normalized(p)).filter(|p| !p.is_empty()).collect()
}

#[test]
fn every_rust_block_is_an_excerpt_of_code_that_compiles() {
    let guide = guide();
    let rust = blocks(&guide, "rust");
    assert!(rust.len() >= 10, "{} blocks", rust.len());
    for (line, block) in rust {
        let first = block.lines().next().unwrap_or_default();
        let source = first
            .strip_prefix("// ")
            .and_then(|rest| rest.split_whitespace().next())
            .filter(|path| workspace().join(path).is_file())
            .unwrap_or_else(|| panic!("the block on line {line} does not start with `// <file it is taken from>`"));
        let whole = normalized(&read(source));
        let mut from = 0;
        for piece in pieces(&block) {
            match whole[from..].find(&piece) {
                Some(at) => from += at + piece.len(),
                None => panic!("the block on line {line} differs from {source} at:\n{piece}\n\nblock:\n{block}"),
            }
        }
    }
}

/// The `fn` names declared in `trait NAME { ... }` of a source file.
fn trait_methods(source: &str, name: &str) -> Vec<String> {
    let start = source.find(&format!("pub trait {name}")).unwrap_or_else(|| panic!("no trait {name}"));
    let body = &source[start..];
    let end = body.find("\n}").expect("the trait ends");
    body[..end]
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("fn "))
        .map(|l| l.split(['(', '<']).next().unwrap().to_string())
        .collect()
}

/// The words in backquotes of `text`.
fn quoted(text: &str) -> Vec<String> {
    text.split('`').skip(1).step_by(2).map(str::to_string).collect()
}

#[test]
fn the_ext_table_names_every_method_of_position_ext_and_rules_ext() {
    let ext = read("rules-api/src/ext.rs");
    let guide = guide();
    let table: Vec<&str> =
        guide.lines().skip_while(|l| *l != "| calls | methods |").skip(2).take_while(|l| l.starts_with('|')).collect();
    assert!(!table.is_empty(), "the guide has no `| calls | methods |` table");
    for (name, rows) in [
        ("PositionExt", table.iter().filter(|r| !r.contains("RulesExt")).collect::<Vec<_>>()),
        ("RulesExt", table.iter().filter(|r| r.contains("RulesExt")).collect::<Vec<_>>()),
    ] {
        let mut named: Vec<String> =
            rows.iter().flat_map(|r| quoted(r.rsplit('|').nth(1).unwrap_or_default())).collect();
        let mut methods = trait_methods(&ext, name);
        named.sort();
        methods.sort();
        assert_eq!(named, methods, "the guide's {name} row(s) and rules-api/src/ext.rs differ");
    }
}

#[test]
fn every_method_a_plugin_implements_is_named() {
    let plugin = read("rules-api/src/impls.rs");
    let guide = guide();
    let named = quoted(&guide);
    for name in ["PositionImpl", "RulesImpl", "StrategyImpl"] {
        for method in trait_methods(&plugin, name) {
            let found = named.iter().any(|q| *q == method || q.starts_with(&format!("{method}(")));
            assert!(found, "{name}::{method} is not named in docs/WRITING-PLUGINS.md");
        }
    }
}

#[test]
fn the_versions_quoted_are_the_crates_own() {
    let wanted =
        [format!("rules-api = \"{}\"", rules_api::ABI_VERSION), format!("tabula-kit = \"{}\"", tabula_kit::VERSION)];
    for file in ["docs/WRITING-PLUGINS.md", "kit/README.md", "kit/src/lib.rs"] {
        let text = read(file);
        for quote in &wanted {
            assert!(text.contains(&format!("`{quote}`")) || text.contains(quote), "{file} does not say {quote}");
        }
        for line in text.lines().filter(|l| l.contains("rules-api = \"") || l.contains("tabula-kit = \"")) {
            assert!(wanted.iter().any(|w| line.contains(w.as_str())), "{file} quotes another version: {line}");
        }
    }
}

#[test]
fn the_first_steps_are_the_ones_new_plugin_prints() {
    let guide = guide();
    let listed: Vec<String> = guide
        .lines()
        .skip_while(|l| l.trim() != "cd my-game")
        .take_while(|l| l.starts_with("    "))
        .map(|l| l.split(" # ").next().unwrap().trim().to_string())
        .collect();
    let dir = scratch_dir("guide_steps");
    let out = std::process::Command::new(tabula_bin())
        .args(["new-plugin", "my-game", "--kind", "rules"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let printed: Vec<String> = stdout(&out)
        .lines()
        .skip_while(|l| !l.starts_with("next steps"))
        .skip(1)
        .map(|l| l.trim().to_string())
        .collect();
    assert_eq!(listed, printed, "docs/WRITING-PLUGINS.md's first steps and `tabula new-plugin`'s differ");
}
