//! `tabula new-plugin`: an out-of-tree cargo project for a new rules or
//! strategy plugin that builds, passes its tests and loads, with no rebuild
//! of Tabula.
//!
//! The rules template is the tic-tac-toe tutorial itself (compiled into this
//! binary from `plugins/tictactoe`), so the scaffold can never drift from
//! the code `docs/WRITING-PLUGINS.md` walks through. The project depends on
//! `rules-api` and `tabula-kit` by path, in the Tabula source tree this
//! binary was built from unless `--tabula-src` names another.

use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::common::CliError;
use super::out::outln;

/// `tabula new-plugin`.
#[derive(Args, Debug)]
pub struct NewPluginArgs {
    /// The plugin's name, as configs will name it: lowercase letters,
    /// digits, `_` and `-`, starting with a letter.
    pub name: String,
    /// A game or a computer player.
    #[arg(long, value_enum)]
    pub kind: Kind,
    /// Where to create the project (default: ./NAME); must not exist or be empty.
    #[arg(long, value_name = "D")]
    pub dir: Option<PathBuf>,
    /// The Tabula source tree holding rules-api/ and kit/ (default: the one
    /// this tabula was built from).
    #[arg(long = "tabula-src", value_name = "DIR")]
    pub tabula_src: Option<PathBuf>,
}

/// What the plugin is.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A game: rules, board and notation.
    Rules,
    /// A computer player for every game.
    Strategy,
}

const TUTORIAL_GAME: &str = include_str!("../../../plugins/tictactoe/src/lib.rs");
const TUTORIAL_EXPORT: &str = include_str!("../../../plugins/tictactoe/export/src/lib.rs");
/// The tutorial's one-line description, which a new plugin must not keep.
const TUTORIAL_DESCRIPTION: &str = "Tic-tac-toe, the plugin tutorial (docs/WRITING-PLUGINS.md)";
const RULES_CARGO: &str = include_str!("../../templates/rules.Cargo.toml");
const RULES_TEST: &str = include_str!("../../templates/rules.conformance.rs");
const RULES_README: &str = include_str!("../../templates/README.md.rules");
const STRATEGY_CARGO: &str = include_str!("../../templates/strategy.Cargo.toml");
const STRATEGY_LIB: &str = include_str!("../../templates/strategy/lib.rs");
const STRATEGY_EXPORT: &str = include_str!("../../templates/strategy/export.rs");
const STRATEGY_TEST: &str = include_str!("../../templates/strategy/plays.rs");
const STRATEGY_README: &str = include_str!("../../templates/README.md.strategy");
const EXPORT_CARGO: &str = include_str!("../../templates/export.Cargo.toml");
const GITIGNORE: &str = include_str!("../../templates/common/gitignore");

/// Where this binary's own source tree is (rules-api/ and kit/ beside host/).
const BUILT_FROM: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// The names a plugin called NAME gets in code.
struct Names {
    plugin: String,
    crate_name: String,
    lib: String,
    type_name: String,
}

impl Names {
    fn new(name: &str) -> Result<Names, CliError> {
        let valid = name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
            && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-');
        if !valid {
            return Err(CliError(format!(
                "'{name}' cannot name a plugin: use lowercase letters, digits, '_' and '-', starting with a letter"
            )));
        }
        let lib = name.replace('-', "_");
        let type_name =
            lib.split('_').filter(|w| !w.is_empty()).map(|w| w[..1].to_ascii_uppercase() + &w[1..]).collect::<String>();
        // A type name must not start with a digit or clash with the
        // tutorial's own board type.
        let type_name = if type_name == "Board" { "BoardGame".to_string() } else { type_name };
        Ok(Names { plugin: name.to_string(), crate_name: name.to_string(), lib, type_name })
    }

    fn fill(&self, template: &str, src: &Path) -> String {
        template
            .replace("{{name}}", &self.plugin)
            .replace("{{crate}}", &self.crate_name)
            .replace("{{lib}}", &self.lib)
            .replace("{{Type}}", &self.type_name)
            .replace("{{rules_api}}", &toml_path(&src.join("rules-api")))
            .replace("{{kit}}", &toml_path(&src.join("kit")))
    }

    /// The tutorial's code, renamed: the game type, the plugin name and the
    /// crate it exports from.
    fn renamed_tutorial(&self, code: &str) -> String {
        let header = format!(
            "//! The `{}` game, made by `tabula new-plugin` from Tabula's tic-tac-toe\n//! tutorial: replace the rules with yours.\n//!\n",
            self.plugin
        );
        let body = code
            .replace("TicTacToe", &self.type_name)
            .replace("tabula_tictactoe", &self.lib)
            .replace("\"tictactoe\"", &format!("\"{}\"", self.plugin))
            .replace("\"Tic-tac-toe\"", &format!("\"{}\"", self.type_name))
            .replace(TUTORIAL_DESCRIPTION, &format!("{} (made by tabula new-plugin)", self.type_name));
        if code.starts_with("//!") {
            header + &body
        } else {
            body
        }
    }
}

/// A path as a TOML basic string's content (backslashes and quotes escaped).
fn toml_path(path: &Path) -> String {
    path.display().to_string().replace('\\', "\\\\").replace('"', "\\\"")
}

/// The Tabula source tree to depend on: the one given, or the one this
/// binary was built from; either must hold rules-api/ and kit/.
fn tabula_source(given: Option<&Path>) -> Result<PathBuf, CliError> {
    let candidate = given.map(Path::to_path_buf).unwrap_or_else(|| PathBuf::from(BUILT_FROM));
    let src = candidate.canonicalize().unwrap_or(candidate.clone());
    for part in ["rules-api", "kit"] {
        if !src.join(part).join("Cargo.toml").is_file() {
            let hint = if given.is_some() {
                ""
            } else {
                " (this tabula was built elsewhere: name a checkout with --tabula-src DIR)"
            };
            return Err(CliError(format!("{} has no {part}/Cargo.toml{hint}", src.display())));
        }
    }
    Ok(src)
}

/// Creates the project and returns its directory.
pub fn new_plugin(args: &NewPluginArgs) -> Result<i32, CliError> {
    let names = Names::new(&args.name)?;
    let src = tabula_source(args.tabula_src.as_deref())?;
    let dir = args.dir.clone().unwrap_or_else(|| PathBuf::from(&args.name));
    if dir.exists() && std::fs::read_dir(&dir).map(|mut d| d.next().is_some()).unwrap_or(true) {
        return Err(CliError(format!("{} already exists and is not empty", dir.display())));
    }
    let files: Vec<(&str, String)> = match args.kind {
        Kind::Rules => vec![
            ("Cargo.toml", names.fill(RULES_CARGO, &src)),
            ("src/lib.rs", names.renamed_tutorial(TUTORIAL_GAME)),
            ("export/Cargo.toml", names.fill(EXPORT_CARGO, &src)),
            ("export/src/lib.rs", names.renamed_tutorial(TUTORIAL_EXPORT)),
            ("tests/conformance.rs", names.fill(RULES_TEST, &src)),
            ("README.md", names.fill(RULES_README, &src)),
            (".gitignore", GITIGNORE.to_string()),
        ],
        Kind::Strategy => vec![
            ("Cargo.toml", names.fill(STRATEGY_CARGO, &src)),
            ("src/lib.rs", names.fill(STRATEGY_LIB, &src)),
            ("export/Cargo.toml", names.fill(EXPORT_CARGO, &src)),
            ("export/src/lib.rs", names.fill(STRATEGY_EXPORT, &src)),
            ("tests/plays.rs", names.fill(STRATEGY_TEST, &src)),
            ("README.md", names.fill(STRATEGY_README, &src)),
            (".gitignore", GITIGNORE.to_string()),
        ],
    };
    for (relative, text) in &files {
        let path = dir.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| CliError(format!("{}: {e}", parent.display())))?;
        }
        std::fs::write(&path, text).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    }
    outln!("created {} plugin '{}' in {}", kind_word(args.kind), names.plugin, dir.display());
    outln!("next: cd {} && cargo test --release && cargo build --release", dir.display());
    outln!(
        "then: tabula conform --rules target/release/libtabula_plugin_{}.so   (or --plugin-dir target/release)",
        names.lib
    );
    Ok(0)
}

fn kind_word(kind: Kind) -> &'static str {
    match kind {
        Kind::Rules => "rules",
        Kind::Strategy => "strategy",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_plugin_name() {
        let n = Names::new("my-game2").unwrap();
        assert_eq!((n.lib.as_str(), n.type_name.as_str()), ("my_game2", "MyGame2"));
        for bad in ["", "2d", "MyGame", "a b", "x/y"] {
            assert!(Names::new(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_tutorial_is_renamed_throughout() {
        let n = Names::new("connect").unwrap();
        let code = n.renamed_tutorial(TUTORIAL_GAME);
        assert!(!code.contains("TicTacToe") && code.contains("Connect"), "{code}");
        let export = n.renamed_tutorial(TUTORIAL_EXPORT);
        assert!(export.contains("name: \"connect\"") && export.contains("connect::Connect::new"), "{export}");
        assert!(TUTORIAL_EXPORT.contains(TUTORIAL_DESCRIPTION), "the tutorial's description changed");
        assert!(export.contains("Connect (made by tabula new-plugin)"), "{export}");
    }
}
