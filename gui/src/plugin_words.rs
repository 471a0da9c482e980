//! The plugins' own words in the languages of the interface: each plugin
//! may ship `<plugin>.<lang>.ftl` (Fluent, e.g. `xiangqi.zh-CN.ftl`) beside
//! its library. The window looks up a plugin's words there by the ids of
//! `docs/WRITING-PLUGINS.md` ("Words in other languages": `game-<name>`,
//! `side-<name>`, `option-<name>`, `choice-<option>-<value>`,
//! `reason-<reason>`, `move-<word>`, `help-<game>`), and shows the
//! plugin's own (English) words where a file has none. The boundary
//! (rules-api) is untouched: the words travel as files.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use fluent_bundle::{FluentBundle, FluentResource};

use crate::lang::{empty_bundle, Lang};

/// The translation files for `lang` in `dir`, sorted by name.
pub fn files(dir: &Path, lang: Lang) -> Vec<PathBuf> {
    let suffix = format!(".{}.ftl", lang.tag());
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut out: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(&suffix)))
        .filter(|p| p.is_file())
        .collect();
    out.sort();
    out
}

/// What is wrong with a translation file's text: one line per error,
/// naming the line (`line 3: expected …`).
pub fn problems(text: &str) -> Vec<String> {
    match FluentResource::try_new(text.to_string()) {
        Ok(_) => Vec::new(),
        Err((_, errors)) => errors
            .iter()
            .map(|e| {
                let line = text[..e.pos.start.min(text.len())].matches('\n').count() + 1;
                format!("line {line}: {:?}", e.kind)
            })
            .collect(),
    }
}

/// Files already complained about, so a broken file is named once a run.
static REPORTED: Mutex<Option<HashSet<PathBuf>>> = Mutex::new(None);

fn report(path: &Path, message: &str) {
    let mut reported = REPORTED.lock().unwrap_or_else(|e| e.into_inner());
    if reported.get_or_insert_with(HashSet::new).insert(path.to_path_buf()) {
        eprintln!("tabula: {}: {message}", path.display());
    }
}

/// One bundle per translation file for `lang` in `dirs`. A file with
/// errors still gives its good messages and is named on stderr once.
pub fn bundles(dirs: &[PathBuf], lang: Lang) -> Vec<FluentBundle<FluentResource>> {
    let mut out = Vec::new();
    for path in dirs.iter().flat_map(|d| files(d, lang)) {
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                report(&path, &format!("cannot read: {e}"));
                continue;
            }
        };
        let problems = problems(&text);
        if !problems.is_empty() {
            report(&path, &problems.join("; "));
        }
        let resource = FluentResource::try_new(text).unwrap_or_else(|(r, _)| r);
        let mut bundle = empty_bundle(lang);
        // Duplicate ids inside one file keep the first.
        let _ = bundle.add_resource(resource);
        out.push(bundle);
    }
    out
}

/// Where a game's plugins may ship words: the plugin directories of
/// `config` (with `extra`), and the directory of its rules plugin when the
/// config names it by path.
pub fn dirs_for(config: &tabula_core::config::Config, extra: &[PathBuf]) -> Vec<PathBuf> {
    let mut dirs = config.plugin_dirs(extra).dirs().to_vec();
    let rules = Path::new(&config.game.rules);
    if rules.components().count() > 1 {
        dirs.extend(config.base_dir.join(rules).parent().map(Path::to_path_buf));
    }
    dirs
}

/// The directory every bundled plugin keeps its translations in, in this
/// source tree (`plugins/*/i18n`): for tests, which run without built
/// plugin directories.
pub fn source_tree_dirs() -> Vec<PathBuf> {
    let plugins = Path::new(env!("CARGO_MANIFEST_DIR")).join("../plugins");
    let Ok(entries) = std::fs::read_dir(&plugins) else { return Vec::new() };
    let mut dirs: Vec<PathBuf> = entries.flatten().map(|e| e.path().join("i18n")).filter(|d| d.is_dir()).collect();
    dirs.sort();
    dirs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::{add_plugin_dirs, set_language, tr};
    use crate::messages::help_text;

    #[test]
    fn every_shipped_translation_parses_and_each_plugin_has_both_languages() {
        let dirs = source_tree_dirs();
        assert!(dirs.len() >= 7, "only {} plugins ship words: {dirs:?}", dirs.len());
        for dir in &dirs {
            for lang in Lang::ALL {
                let found = files(dir, lang);
                assert!(!found.is_empty(), "{} has no .{}.ftl", dir.display(), lang.tag());
                for f in found {
                    let problems = problems(&std::fs::read_to_string(&f).unwrap());
                    assert!(problems.is_empty(), "{}: {problems:?}", f.display());
                }
            }
        }
    }

    #[test]
    fn a_broken_file_is_named_with_its_line() {
        assert!(problems("game-x = X\n").is_empty());
        let bad = problems("game-x = X\n\nside-y = {");
        assert!(bad.len() == 1 && bad[0].starts_with("line 3:"), "{bad:?}");
    }

    #[test]
    fn a_plugins_words_come_from_the_file_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("mygame.zh-CN.ftl"), "game-my-game = 我的棋\nside-north = 北方\n").unwrap();
        std::fs::write(dir.path().join("mygame.en.ftl"), "side-north = North side\n").unwrap();
        std::fs::write(dir.path().join("notes.txt"), "game-my-game = no\n").unwrap();
        add_plugin_dirs([dir.path().to_path_buf()]);
        set_language(Lang::ZhCn);
        assert_eq!(crate::messages::game_name("My game"), "我的棋");
        assert_eq!(tr("side-north"), "北方");
        set_language(Lang::En);
        assert_eq!(crate::messages::game_name("My game"), "My game");
        assert_eq!(tr("side-north"), "North side");
    }

    #[test]
    fn the_bundled_plugins_speak_chinese() {
        add_plugin_dirs(source_tree_dirs());
        set_language(Lang::ZhCn);
        let info = |names: &[&str]| rules_api::GameInfo {
            name: "Shogi".into(),
            players: names
                .iter()
                .map(|n| rules_api::PlayerInfo {
                    name: (*n).into(),
                    color: rules_api::Rgba::rgb(0, 0, 0),
                    ink: rules_api::Rgba::rgb(1, 1, 1),
                })
                .collect::<Vec<_>>()
                .into(),
            piece_types: Default::default(),
            position_format: "FEN".into(),
        };
        let shogi = info(&["sente", "gote"]);
        assert_eq!(crate::messages::side_name(&shogi, 0), "先手");
        assert_eq!(crate::messages::side_name(&shogi, 1), "後手");
        assert_eq!(crate::messages::game_name("Shogi"), "将棋");
        assert_eq!(crate::messages::game_name("Dōbutsu shōgi"), "动物将棋");
        assert_eq!(crate::messages::game_name("Go 9×9"), "围棋 9×9");
        assert_eq!(crate::messages::game_name("Hex 11x11"), "六贯棋 11×11");
        assert_eq!(crate::i18n::tr("choice-variant-minishogi"), "迷你将棋");
        assert_eq!(crate::messages::move_word("pass"), "停一手");
        assert_eq!(crate::messages::move_word("swap"), "交换");
        assert_eq!(crate::messages::reason_text("checkmate"), "将死");
        let options = [("size", "9"), ("komi", "6.5"), ("handicap", "2")].map(|(k, v)| (k.to_string(), v.to_string()));
        let help = help_text("Go 9×9", &options, "GO".into());
        assert!(help.starts_with("围棋") && help.contains("9×9 棋盘，贴目 6.5，让子 2"), "{help}");
        let gomoku =
            help_text("Gomoku (renju)", &[("size".into(), "15".into()), ("rule".into(), "renju".into())], "x".into());
        assert!(gomoku.contains("15×15 棋盘，连珠规则。"), "{gomoku}");
        // A game nobody translated keeps its own help, in any language.
        assert_eq!(help_text("Amazons", &[], "THE AMAZONS".into()), "THE AMAZONS");
        set_language(Lang::En);
        assert_eq!(help_text("Go 9×9", &options, "GO".into()), "GO");
        assert_eq!(crate::messages::side_name(&shogi, 0), "Sente");
        assert_eq!(crate::messages::game_name("Xiangqi"), "Xiangqi");
        assert_eq!(crate::messages::move_word("pass"), "pass");
    }
}
