//! Where definitions come from: the shipped library (built into the
//! plugin, the same files as `plugins/variants/library/`), and user
//! directories, whose files are read when a game is made (no compiling).
//!
//! User directories, in order: those of the `variant_dirs` option, those of
//! the `TABULA_VARIANTS` environment variable (separated like `PATH`), and
//! `$XDG_CONFIG_HOME/tabula/variants` (`~/.config/tabula/variants`). A user
//! definition with the name of a shipped one replaces it. The `variant`
//! option may also be the path of a definition file.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::compile::{compile, DefinitionError};
use crate::variant::Variant;

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// Where a definition is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Built in.
    Shipped(&'static str),
    /// A user's file.
    File(PathBuf),
}

/// A definition found by name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its `name`.
    pub name: String,
    /// Where it is.
    pub source: Source,
}

/// The user directories: `extra` (the option's), then the environment's,
/// then the per-user configuration directory.
pub fn user_dirs(extra: &str) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::split_paths(extra).filter(|p| !p.as_os_str().is_empty()).collect();
    if let Some(env) = std::env::var_os("TABULA_VARIANTS") {
        dirs.extend(std::env::split_paths(&env).filter(|p| !p.as_os_str().is_empty()));
    }
    let config = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")));
    if let Some(c) = config {
        dirs.push(c.join("tabula").join("variants"));
    }
    dirs
}

/// The `name` a definition text declares, if it can be read at all.
fn declared_name(text: &str) -> Option<String> {
    let table: toml::Table = toml::from_str(text).ok()?;
    table.get("name")?.as_str().map(|s| s.trim().to_string())
}

/// What a list of variants shows of one: family, proper name, one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meta {
    /// The key (`--option variant=NAME`).
    pub name: String,
    /// The family (`chess`, `shogi`, `xiangqi`, `makruk`, `other`).
    pub family: String,
    /// The proper name (`King of the Hill`).
    pub title: String,
    /// One line.
    pub summary: String,
}

/// The list entry a definition text declares (read without compiling it).
pub fn meta(text: &str) -> Option<Meta> {
    let table: toml::Table = toml::from_str(text).ok()?;
    let get = |k: &str| table.get(k).and_then(|v| v.as_str()).map(|s| s.trim().to_string());
    let name = get("name")?;
    Some(Meta {
        family: get("family").unwrap_or_else(|| "chess".to_string()),
        title: get("title").unwrap_or_else(|| name.clone()),
        summary: get("summary").unwrap_or_default(),
        name,
    })
}

/// Every variant found with its list entry, in catalogue order.
pub fn metas(extra_dirs: &str) -> Vec<Meta> {
    catalogue(extra_dirs)
        .into_iter()
        .filter_map(|e| {
            let text = match &e.source {
                Source::Shipped(name) => SHIPPED.iter().find(|(n, _)| n == name).map(|(_, t)| t.to_string())?,
                Source::File(path) => std::fs::read_to_string(path).ok()?,
            };
            meta(&text).map(|m| Meta { name: e.name.clone(), ..m })
        })
        .collect()
}

/// The families of the shipped library, in the order they are listed,
/// with their titles for people.
pub const FAMILIES: [(&str, &str); 5] = [
    ("chess", "Chess variants"),
    ("shogi", "Shogi family"),
    ("xiangqi", "Xiangqi family"),
    ("makruk", "Makruk family"),
    ("other", "Other games"),
];

/// The description of the `variant` option: one line per variant,
/// `name | family | proper name | summary`, grouped by family (chess,
/// shogi, xiangqi, makruk, other), then one line per family,
/// `family | title`, for windows that group and describe the choices.
pub fn choices_description(extra_dirs: &str) -> String {
    let mut s = String::from(
        "The variant to play: a name from the library or a user directory, or the path of a .toml definition. \
         The variants, one per line as name | family | proper name | summary, then the families as family | title:",
    );
    let all = metas(extra_dirs);
    let known = |family: &str| FAMILIES.iter().any(|(f, _)| *f == family);
    for (family, _) in FAMILIES {
        for m in all.iter().filter(|m| m.family == family) {
            s.push_str(&format!("\n{} | {} | {} | {}", m.name, m.family, m.title, m.summary));
        }
    }
    for m in all.iter().filter(|m| !known(&m.family)) {
        s.push_str(&format!("\n{} | {} | {} | {}", m.name, m.family, m.title, m.summary));
    }
    for (family, title) in FAMILIES {
        s.push_str(&format!("\n{family} | {title}"));
    }
    s
}

/// The help text of a variant: its name, description, pieces and rules.
pub fn help(v: &Variant) -> String {
    let mut s = format!("{}\n\n", v.title);
    if !v.summary.is_empty() {
        s.push_str(&v.summary);
        s.push_str("\n\n");
    }
    if !v.description.is_empty() {
        s.push_str(&v.description);
        s.push_str("\n\n");
    }
    s.push_str(&format!("Board {}x{}. Pieces (letter, Betza movement):\n", v.files, v.ranks));
    for k in &v.kinds {
        s.push_str(&format!(
            "  {} {}: {}{}{}\n",
            k.letter.to_ascii_uppercase(),
            k.name,
            k.betza,
            if k.royal { " (royal)" } else { "" },
            if k.value > 0 { format!(", worth {}", k.value) } else { String::new() }
        ));
    }
    s.push_str(&format!("\nDefinition: {} (UCI_Variant {}).\n", v.source, v.engine_name));
    s
}

fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(read) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> =
        read.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "toml")).collect();
    files.sort();
    files
}

/// Every definition found: user files first in directory order (so they
/// replace shipped ones of the same name), then the shipped library.
pub fn catalogue(extra_dirs: &str) -> Vec<Entry> {
    let mut out: Vec<Entry> = Vec::new();
    for dir in user_dirs(extra_dirs) {
        for file in toml_files(&dir) {
            let Ok(text) = std::fs::read_to_string(&file) else { continue };
            if let Some(name) = declared_name(&text) {
                if !out.iter().any(|e| e.name == name) {
                    out.push(Entry { name, source: Source::File(file) });
                }
            }
        }
    }
    let users = out.len();
    for (name, _) in SHIPPED {
        if !out.iter().any(|e| e.name == *name) {
            out.push(Entry { name: name.to_string(), source: Source::Shipped(name) });
        }
    }
    // Shipped variants first, in library order; then the user's.
    out.rotate_left(users);
    out
}

/// Why a variant could not be had.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// No definition has that name.
    Unknown(String, Vec<String>),
    /// The file cannot be read.
    Io(String),
    /// The definition is refused.
    Definition(DefinitionError),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Unknown(name, known) => {
                write!(f, "no variant named '{name}' (known: {})", known.join(", "))
            }
            LoadError::Io(e) => f.write_str(e),
            LoadError::Definition(e) => write!(f, "{e}"),
        }
    }
}

/// Compiles the definition in `path`.
pub fn load_file(path: &Path) -> Result<Arc<Variant>, LoadError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| LoadError::Io(format!("cannot read variant definition {}: {e}", path.display())))?;
    compile(&path.display().to_string(), &text).map_err(LoadError::Definition)
}

/// The variant `name_or_path` names: a definition file path, or a name in
/// the catalogue of `extra_dirs`. A user file that names itself after its
/// file but cannot be read is reported with its own error.
pub fn load(name_or_path: &str, extra_dirs: &str) -> Result<Arc<Variant>, LoadError> {
    let wanted = name_or_path.trim();
    if wanted.ends_with(".toml") || wanted.contains(std::path::MAIN_SEPARATOR) {
        return load_file(Path::new(wanted));
    }
    let entries = catalogue(extra_dirs);
    match entries.iter().find(|e| e.name == wanted) {
        Some(Entry { source: Source::Shipped(name), .. }) => {
            let text = SHIPPED.iter().find(|(n, _)| n == name).map(|(_, t)| *t).expect("listed");
            compile(&format!("built-in {name}.toml"), text).map_err(LoadError::Definition)
        }
        Some(Entry { source: Source::File(path), .. }) => load_file(path),
        None => {
            // A broken user file is known by its file name only.
            for dir in user_dirs(extra_dirs) {
                let file = dir.join(format!("{wanted}.toml"));
                if file.is_file() {
                    return load_file(&file);
                }
            }
            Err(LoadError::Unknown(wanted.to_string(), entries.into_iter().map(|e| e.name).collect()))
        }
    }
}
