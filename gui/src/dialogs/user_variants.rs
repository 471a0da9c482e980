//! The variants a config's `variant_dirs` holds, added to the game list.
//!
//! The variants plugin lists the definitions it finds without being told
//! of any directory (its library, `TABULA_VARIANTS`,
//! `~/.config/tabula/variants`) as the choices of its `variant` option.
//! The directories of a config's `[game.options] variant_dirs` reach it
//! only with a game's options, so the window reads those directories
//! itself: each `*.toml` definition's `name`, `family`, `title` and
//! `summary` (docs/VARIANTS.md) become a choice and a catalogue line; the
//! dialog remembers the running game's `variant_dirs` as those
//! directories ([`with_config_dirs`]) and passes it on, so a game started
//! from the list finds its definition. A file that does not read is left
//! out here; the plugin names its fault when it is chosen by path.

use std::path::PathBuf;

use rules_api::OptionSpec;

use super::new_game::GameChoice;

/// The option naming the directories.
const DIRS_OPTION: &str = "variant_dirs";
/// The catalogue option the definitions are values of.
const VARIANT_OPTION: &str = "variant";

/// One definition's list entry.
#[derive(Debug, PartialEq, Eq)]
struct Listed {
    name: String,
    family: String,
    title: String,
    summary: String,
}

/// The entry a definition text declares, read without compiling it.
fn listed(text: &str) -> Option<Listed> {
    let table: toml::Table = toml::from_str(text).ok()?;
    let get = |k: &str| table.get(k).and_then(|v| v.as_str()).map(|s| s.trim().replace('|', "/"));
    let name = get("name").filter(|n| !n.is_empty())?;
    Some(Listed {
        family: get("family").filter(|f| !f.is_empty()).unwrap_or_else(|| "chess".into()),
        title: get("title").filter(|t| !t.is_empty()).unwrap_or_else(|| name.clone()),
        summary: get("summary").unwrap_or_default(),
        name,
    })
}

/// The definitions in `dirs`, each directory's files by name.
fn definitions(dirs: &[PathBuf]) -> Vec<Listed> {
    let mut out = Vec::new();
    for dir in dirs {
        let Ok(read) = std::fs::read_dir(dir) else { continue };
        let mut files: Vec<PathBuf> = read
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        files.sort();
        out.extend(files.iter().filter_map(|f| std::fs::read_to_string(f).ok()).filter_map(|t| listed(&t)));
    }
    out
}

/// Adds the definitions in `dirs` to every game that takes a
/// `variant_dirs` option and lists its variants in `variant`: choices
/// and catalogue lines for the names it does not list yet.
pub fn add_config_variants(games: &mut [GameChoice], dirs: &[PathBuf]) {
    if dirs.is_empty() {
        return;
    }
    let found = definitions(dirs);
    for game in games.iter_mut().filter(|g| g.specs.iter().any(|s| s.name.as_str() == DIRS_OPTION)) {
        let Some(at) = game.specs.iter().position(|s| s.name.as_str() == VARIANT_OPTION && !s.choices.is_empty())
        else {
            continue;
        };
        let spec = &game.specs[at];
        let mut choices: Vec<String> = spec.choices.iter().map(|c| c.to_string()).collect();
        let mut description = spec.description.to_string();
        for d in &found {
            if choices.contains(&d.name) {
                continue;
            }
            choices.push(d.name.clone());
            description.push_str(&format!("\n{} | {} | {} | {}", d.name, d.family, d.title, d.summary));
        }
        let refs: Vec<&str> = choices.iter().map(String::as_str).collect();
        game.specs[at] = OptionSpec::new(VARIANT_OPTION, spec.default.as_str(), &refs, &description);
    }
}

/// The running game's `options` as the New game dialog remembers them:
/// `variant_dirs` as the directories `dirs` (found from the config file),
/// so a variant listed from them is found whatever the working directory.
pub fn with_config_dirs(mut options: Vec<(String, String)>, dirs: &[PathBuf]) -> Vec<(String, String)> {
    if let Ok(joined) = std::env::join_paths(dirs) {
        for (_, value) in options.iter_mut().filter(|(k, _)| k == DIRS_OPTION && !dirs.is_empty()) {
            *value = joined.to_string_lossy().into_owned();
        }
    }
    options
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialogs::catalog::Catalog;

    fn variants_game() -> GameChoice {
        let description = "The variants, one per line:\n\
            chess | chess | Chess | International chess.\n\
            atomic | chess | Atomic | Captures explode.\n\
            chess | Chess variants";
        GameChoice {
            name: "variants".into(),
            label: "Chess".into(),
            specs: vec![
                OptionSpec::new("variant", "chess", &["chess", "atomic"], description),
                OptionSpec::new("variant_dirs", "", &[], "More directories."),
            ],
            sides: vec!["white".into(), "black".into()],
        }
    }

    #[test]
    fn definitions_in_the_configs_dirs_are_listed() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("arch.toml"),
            "name = \"archchess\"\ntitle = \"Archbishop chess\"\nsummary = \"An archbishop for the queen.\"\n",
        )
        .unwrap();
        std::fs::write(dir.path().join("mini.toml"), "name = \"minigame\"\nfamily = \"shogi\"\n").unwrap();
        std::fs::write(dir.path().join("atomic.toml"), "name = \"atomic\"\ntitle = \"Mine\"\n").unwrap();
        std::fs::write(dir.path().join("broken.toml"), "name = = 1\n").unwrap();
        std::fs::write(dir.path().join("notes.txt"), "name = \"nope\"\n").unwrap();
        let mut games = vec![variants_game()];
        let dirs = vec![dir.path().to_path_buf()];
        add_config_variants(&mut games, &dirs);
        let choices: Vec<&str> = games[0].specs[0].choices.iter().map(|c| c.as_str()).collect();
        assert_eq!(choices, ["chess", "atomic", "archchess", "minigame"]);
        let catalog = Catalog::new(&games);
        let labels: Vec<&str> = catalog.entries.iter().map(|e| e.label.as_str()).collect();
        assert_eq!(labels, ["Archbishop chess", "Atomic", "Chess", "minigame"]);
        let arch = &catalog.entries[0];
        assert_eq!(
            (arch.summary.as_str(), arch.key(&games)),
            ("An archbishop for the queen.", "variants/archchess".into())
        );
    }

    #[test]
    fn the_running_games_dirs_are_remembered_as_found() {
        let options = vec![("variant".to_string(), "chess".to_string()), ("variant_dirs".into(), "mine".into())];
        let dirs = [PathBuf::from("/home/ann/conf/mine")];
        let kept = with_config_dirs(options.clone(), &dirs);
        assert_eq!(kept[1], ("variant_dirs".to_string(), "/home/ann/conf/mine".to_string()));
        assert_eq!(kept[0], options[0]);
        assert_eq!(with_config_dirs(options.clone(), &[]), options);
    }

    #[test]
    fn without_dirs_or_elsewhere_nothing_changes() {
        let mut games = vec![variants_game()];
        add_config_variants(&mut games, &[]);
        assert_eq!(games, vec![variants_game()]);
        let other = GameChoice { name: "chess".into(), label: "Chess".into(), specs: Vec::new(), sides: Vec::new() };
        let mut games = vec![other.clone()];
        add_config_variants(&mut games, &[PathBuf::from("/nonexistent")]);
        assert_eq!(games, vec![other]);
    }
}
