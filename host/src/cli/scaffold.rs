//! `tabula new-plugin`: an out-of-tree cargo project for a new rules or
//! strategy plugin that builds, passes its tests and loads, with no rebuild
//! of Tabula.
//!
//! The rules template is the tic-tac-toe tutorial itself, its tests, perft
//! data and snapshot included (compiled into this binary from
//! `plugins/tictactoe`), so the scaffold can never drift from the code
//! `docs/WRITING-PLUGINS.md` walks through. The project depends on
//! `rules-api` and `tabula-kit` by path in a Tabula source tree (the one
//! this binary was built from, or `--tabula-src`) or, with `--crates-io`,
//! by version from crates.io (the default once the crates are published).
//! The next steps it prints are the ones its README lists, and a test runs
//! them as printed.

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
    /// Depend on rules-api and tabula-kit by path in this Tabula source
    /// tree, a checkout holding rules-api/ and kit/ (default, until the
    /// crates are published: the tree this tabula was built from).
    #[arg(long = "tabula-src", value_name = "DIR", conflicts_with = "crates_io")]
    pub tabula_src: Option<PathBuf>,
    /// Depend on rules-api and tabula-kit by version, from crates.io
    /// (the versions this tabula was built with).
    #[arg(long = "crates-io")]
    pub crates_io: bool,
}

/// What the plugin is.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A game: rules, board and notation.
    Rules,
    /// A computer player for every game.
    Strategy,
}

/// Whether this version of rules-api and tabula-kit is on crates.io, which
/// makes version requirements the default. Set it with the release that
/// publishes them (`cargo publish -p rules-api -p tabula-kit`).
const PUBLISHED: bool = false;

const TUTORIAL_GAME: &str = include_str!("../../../plugins/tictactoe/src/lib.rs");
const TUTORIAL_EXPORT: &str = include_str!("../../../plugins/tictactoe/export/src/lib.rs");
const TUTORIAL_TESTS: &str = include_str!("../../../plugins/tictactoe/tests/game.rs");
const TUTORIAL_PERFT: &str = include_str!("../../../plugins/tictactoe/tests/data/perft.epd");
const TUTORIAL_SNAPSHOT: &str = include_str!("../../../plugins/tictactoe/tests/snapshots/game__a_won_board.snap");
/// The tutorial's one-line description, which a new plugin must not keep.
const TUTORIAL_DESCRIPTION: &str = "Tic-tac-toe, the plugin tutorial (docs/WRITING-PLUGINS.md)";
const RULES_CARGO: &str = include_str!("../../templates/rules.Cargo.toml");
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

    fn fill(&self, template: &str, deps: &Deps, steps: &[String]) -> String {
        // The README lists the steps taken inside the project (not the `cd`).
        let inside: Vec<String> = steps.iter().skip(1).map(|s| format!("    {s}")).collect();
        template
            .replace("{{name}}", &self.plugin)
            .replace("{{crate}}", &self.crate_name)
            .replace("{{lib}}", &self.lib)
            .replace("{{Type}}", &self.type_name)
            .replace("{{rules_api_dep}}", &deps.requirement("rules-api", rules_api::ABI_VERSION))
            .replace("{{kit_dep}}", &deps.requirement("kit", tabula_kit::VERSION))
            .replace("{{deps_comment}}", &deps.comment())
            .replace("{{steps}}", &inside.join("\n"))
    }

    /// The tutorial's code renamed (the game type, the plugin name and the
    /// crate it exports from), under a header saying where it came from.
    fn renamed_tutorial(&self, code: &str, header: &str) -> String {
        let body = code
            .replace(TUTORIAL_DESCRIPTION, &format!("{} (made by tabula new-plugin)", self.type_name))
            .replace("TicTacToe", &self.type_name)
            .replace("tabula_tictactoe", &self.lib)
            .replace("\"Tic-tac-toe\"", &format!("\"{}\"", self.type_name))
            .replace("tictactoe", &self.plugin);
        if code.starts_with("//!") {
            format!("//! {}\n//!\n{body}", header.replace("{}", &self.plugin))
        } else {
            body
        }
    }

    /// The project's files, by path relative to its directory.
    fn files(&self, kind: Kind, deps: &Deps, steps: &[String]) -> Vec<(&'static str, String)> {
        let fill = |template: &str| self.fill(template, deps, steps);
        let mut files = match kind {
            Kind::Rules => vec![
                ("Cargo.toml", fill(RULES_CARGO)),
                ("src/lib.rs", self.renamed_tutorial(TUTORIAL_GAME, GAME_HEADER)),
                ("export/src/lib.rs", self.renamed_tutorial(TUTORIAL_EXPORT, EXPORT_HEADER)),
                ("tests/game.rs", self.renamed_tutorial(TUTORIAL_TESTS, TESTS_HEADER)),
                ("tests/data/perft.epd", TUTORIAL_PERFT.to_string()),
                (
                    "tests/snapshots/game__a_won_board.snap",
                    TUTORIAL_SNAPSHOT.replace("source: plugins/tictactoe/tests/game.rs", "source: tests/game.rs"),
                ),
                ("README.md", fill(RULES_README)),
            ],
            Kind::Strategy => vec![
                ("Cargo.toml", fill(STRATEGY_CARGO)),
                ("src/lib.rs", fill(STRATEGY_LIB)),
                ("export/src/lib.rs", fill(STRATEGY_EXPORT)),
                ("tests/plays.rs", fill(STRATEGY_TEST)),
                ("README.md", fill(STRATEGY_README)),
            ],
        };
        files.push(("export/Cargo.toml", fill(EXPORT_CARGO)));
        files.push((".gitignore", GITIGNORE.to_string()));
        files
    }
}

const GAME_HEADER: &str =
    "The `{}` game, made by `tabula new-plugin` from Tabula's tic-tac-toe\n//! tutorial: replace the rules with yours.";
const EXPORT_HEADER: &str = "Made by `tabula new-plugin`: the export of the game, nothing more.";
const TESTS_HEADER: &str = "The `{}` game's tests, made by `tabula new-plugin` from the tutorial's:\n//! keep the conformance test, put your game's perft counts in\n//! tests/data/perft.epd and snapshot the boards that matter (README.md\n//! says how to accept a snapshot).";

/// How the project depends on rules-api and tabula-kit.
enum Deps {
    /// By path, in a Tabula source tree.
    Path(PathBuf),
    /// By version, from crates.io.
    Versions,
}

impl Deps {
    /// The choice of the arguments: `--crates-io`, `--tabula-src`, or the
    /// default (versions once published, else the tree this tabula was
    /// built from).
    fn of(args: &NewPluginArgs) -> Result<Deps, CliError> {
        if args.crates_io || (PUBLISHED && args.tabula_src.is_none()) {
            return Ok(Deps::Versions);
        }
        tabula_source(args.tabula_src.as_deref()).map(Deps::Path)
    }

    /// The requirement for the crate in folder `dir` of a Tabula tree, at
    /// `version`, as an inline TOML value.
    fn requirement(&self, dir: &str, version: &str) -> String {
        match self {
            Deps::Path(src) => format!("{{ path = \"{}\" }}", toml_path(&src.join(dir))),
            Deps::Versions => format!("\"{version}\""),
        }
    }

    fn comment(&self) -> String {
        match self {
            Deps::Path(src) => format!(
                "From the Tabula source tree at {} (tabula new-plugin --tabula-src); \
                 the published crates: rules-api = \"{}\", tabula-kit = \"{}\".",
                src.display(),
                rules_api::ABI_VERSION,
                tabula_kit::VERSION
            ),
            Deps::Versions => "From crates.io (tabula new-plugin --crates-io); a Tabula checkout instead: \
                               rules-api = { path = \"DIR/rules-api\" }, tabula-kit = { path = \"DIR/kit\" }."
                .to_string(),
        }
    }
}

/// A path as a TOML basic string's content (backslashes and quotes escaped).
fn toml_path(path: &Path) -> String {
    path.display().to_string().replace('\\', "\\\\").replace('"', "\\\"")
}

/// A path as one word for a POSIX shell.
fn shell_word(path: &Path) -> String {
    let text = path.display().to_string();
    if !text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+:,@%".contains(c)) {
        text
    } else {
        format!("'{}'", text.replace('\'', "'\\''"))
    }
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
                " (this tabula was built elsewhere: name a checkout with --tabula-src DIR, or use --crates-io)"
            };
            return Err(CliError(format!("{} has no {part}/Cargo.toml{hint}", src.display())));
        }
    }
    Ok(src)
}

/// The commands that take a new project from its directory's parent to a
/// plugin loaded by tabula: printed, listed in the README, and run by the
/// scaffold's test exactly as written.
fn next_steps(kind: Kind, names: &Names, dir: &Path) -> Vec<String> {
    let mut steps =
        vec![format!("cd {}", shell_word(dir)), "cargo test --release".into(), "cargo build --release".into()];
    let name = &names.plugin;
    match kind {
        Kind::Rules => {
            steps.push(format!("tabula conform --rules target/release/libtabula_plugin_{}.so", names.lib));
            steps.push(format!(
                "tabula --plugin-dir target/release match --rules {name} --players random,alphabeta --games 2"
            ));
        }
        Kind::Strategy => steps.push(format!(
            "tabula --plugin-dir target/release match --rules tictactoe --players {name},random --games 4"
        )),
    }
    steps
}

/// Creates the project and prints the next steps.
pub fn new_plugin(args: &NewPluginArgs) -> Result<i32, CliError> {
    let names = Names::new(&args.name)?;
    let deps = Deps::of(args)?;
    let dir = args.dir.clone().unwrap_or_else(|| PathBuf::from(&args.name));
    if dir.exists() && std::fs::read_dir(&dir).map(|mut d| d.next().is_some()).unwrap_or(true) {
        return Err(CliError(format!("{} already exists and is not empty", dir.display())));
    }
    let steps = next_steps(args.kind, &names, &dir);
    for (relative, text) in names.files(args.kind, &deps, &steps) {
        let path = dir.join(relative);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| CliError(format!("{}: {e}", parent.display())))?;
        }
        std::fs::write(&path, text).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    }
    outln!("created {} plugin '{}' in {}", kind_word(args.kind), names.plugin, dir.display());
    outln!("next steps (also in its README.md):");
    for step in &steps {
        outln!("  {step}");
    }
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
        let deps = Deps::Path(PathBuf::from("/src"));
        let steps = next_steps(Kind::Rules, &n, Path::new("connect"));
        assert!(TUTORIAL_EXPORT.contains(TUTORIAL_DESCRIPTION), "the tutorial's description changed");
        for (path, text) in n.files(Kind::Rules, &deps, &steps) {
            for old in ["tictactoe", "TicTacToe", "\"Tic-tac-toe\"", "{{"] {
                assert!(!text.contains(old), "{path} still says {old}:\n{text}");
            }
        }
        let export = n.renamed_tutorial(TUTORIAL_EXPORT, EXPORT_HEADER);
        assert!(export.contains("name: \"connect\"") && export.contains("connect::Connect::new"), "{export}");
        assert!(export.contains("The loadable `connect` plugin"), "{export}");
        assert!(export.contains("Connect (made by tabula new-plugin)"), "{export}");
        let tests = n.renamed_tutorial(TUTORIAL_TESTS, TESTS_HEADER);
        assert!(tests.contains("use connect::Connect;") && tests.contains("insta::assert_snapshot!"), "{tests}");
    }

    #[test]
    fn dependencies_are_paths_or_versions() {
        let n = Names::new("g").unwrap();
        let path = n.fill(RULES_CARGO, &Deps::Path(PathBuf::from("/t")), &[]);
        assert!(path.contains("rules-api = { path = \"/t/rules-api\" }\ntabula-kit = { path = \"/t/kit\" }"), "{path}");
        let versions = n.fill(RULES_CARGO, &Deps::Versions, &[]);
        let wanted = format!("rules-api = \"{}\"\ntabula-kit = \"{}\"", rules_api::ABI_VERSION, tabula_kit::VERSION);
        assert!(versions.contains(&wanted), "{versions}");
        let args = |crates_io, src: Option<&str>| NewPluginArgs {
            name: "g".into(),
            kind: Kind::Rules,
            dir: None,
            tabula_src: src.map(PathBuf::from),
            crates_io,
        };
        assert!(matches!(Deps::of(&args(true, None)), Ok(Deps::Versions)));
        assert_eq!(matches!(Deps::of(&args(false, None)), Ok(Deps::Versions)), PUBLISHED);
        let refused = Deps::of(&args(false, Some("/nonexistent"))).err().expect("no tree there");
        assert!(refused.0.contains("/nonexistent has no rules-api/Cargo.toml"), "{}", refused.0);
    }

    #[test]
    fn directories_are_quoted_for_the_shell_when_needed() {
        assert_eq!(shell_word(Path::new("/tmp/my-game")), "/tmp/my-game");
        assert_eq!(shell_word(Path::new("/tmp/my game")), "'/tmp/my game'");
        assert_eq!(shell_word(Path::new("it's")), "'it'\\''s'");
    }
}
