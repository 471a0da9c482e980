//! Finding and loading plugin libraries.
//!
//! Every library is opened with `lib_header_from_path` and its root module
//! initialised directly, never through `RootModule::load_from*`: those cache
//! one module per root-module type, and a game routinely needs several
//! plugins of the same type at once (one rules plugin, two strategies).

mod error;
mod loaded;
pub mod probe;

pub use error::{Available, LoadError};
pub use loaded::{load_plugin, LoadedPlugin};

use std::collections::HashSet;
use std::env::consts::{DLL_PREFIX, DLL_SUFFIX};
use std::path::{Path, PathBuf};

use rules_api::PluginKind;

/// The directories searched for plugins, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PluginDirs {
    dirs: Vec<PathBuf>,
}

impl PluginDirs {
    /// `extra` first (from the config and `--plugin-dir`), then the directory
    /// of the running executable, then cargo's target directories: those
    /// found by walking up from the executable and `$CARGO_TARGET_DIR`.
    pub fn new(extra: impl IntoIterator<Item = PathBuf>) -> Self {
        let mut dirs: Vec<PathBuf> = extra.into_iter().collect();
        if let Ok(exe) = std::env::current_exe() {
            let exe = exe.canonicalize().unwrap_or(exe);
            if let Some(dir) = exe.parent() {
                dirs.push(dir.to_path_buf());
                dirs.extend(target_dirs_above(dir));
            }
        }
        if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
            let target = PathBuf::from(target);
            dirs.push(target.join("release"));
            dirs.push(target.join("debug"));
        }
        Self::only(dirs)
    }

    /// Exactly these directories (duplicates removed), nothing implicit.
    pub fn only(dirs: impl IntoIterator<Item = PathBuf>) -> Self {
        let mut seen = HashSet::new();
        let dirs = dirs.into_iter().filter(|d| seen.insert(d.canonicalize().unwrap_or_else(|_| d.clone()))).collect();
        PluginDirs { dirs }
    }

    /// The directories, in search order.
    pub fn dirs(&self) -> &[PathBuf] {
        &self.dirs
    }

    /// Every shared library in the directories, in search order (sorted by
    /// file name within a directory so listings are stable).
    pub fn libraries(&self) -> Vec<PathBuf> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        for dir in &self.dirs {
            let Ok(entries) = std::fs::read_dir(dir) else { continue };
            let mut files: Vec<PathBuf> = entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.is_file() && is_library_name(p))
                .collect();
            files.sort();
            for file in files {
                let key = file.canonicalize().unwrap_or_else(|_| file.clone());
                if seen.insert(key) {
                    out.push(file);
                }
            }
        }
        out
    }
}

/// `release` and `debug` directories of every cargo target directory above
/// `start` (the executable may be in `target/release` or `target/release/deps`).
fn target_dirs_above(start: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in start.ancestors() {
        let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name == "release" || name == "debug" {
            if let Some(target) = dir.parent() {
                out.push(target.join("release"));
                out.push(target.join("debug"));
            }
        }
        let target = dir.join("target");
        if target.is_dir() {
            out.push(target.join("release"));
            out.push(target.join("debug"));
        }
    }
    out.into_iter().filter(|d| d.is_dir()).collect()
}

fn is_library_name(path: &Path) -> bool {
    path.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(DLL_SUFFIX))
}

/// Whether the user wrote a path rather than a plugin name.
pub fn looks_like_path(name_or_path: &str) -> bool {
    name_or_path.contains('/') || name_or_path.contains('\\') || name_or_path.ends_with(DLL_SUFFIX)
}

/// The outcome of trying one library during discovery.
#[derive(Debug)]
pub enum Discovered {
    /// A working plugin.
    Plugin(LoadedPlugin),
    /// A library that could not be loaded as a plugin.
    Broken(PathBuf, LoadError),
}

/// Opens every shared library in `dirs` and reports what each one is.
pub fn discover(dirs: &PluginDirs) -> Vec<Discovered> {
    dirs.libraries()
        .into_iter()
        .map(|path| match load_plugin(&path) {
            Ok(plugin) => Discovered::Plugin(plugin),
            Err(e) => Discovered::Broken(path, e),
        })
        .collect()
}

/// Finds a plugin of `kind` by name (the root module's name) or by path.
///
/// By name, the conventional file names `libtabula_plugin_<name>.so` (the
/// in-tree export crates and `tabula new-plugin`) and `libtabula_<name>.so`
/// are tried in every directory first, then every other library is opened
/// and its root module's name compared.
pub fn find_plugin(name_or_path: &str, kind: PluginKind, dirs: &PluginDirs) -> Result<LoadedPlugin, LoadError> {
    if looks_like_path(name_or_path) {
        let plugin = load_plugin(Path::new(name_or_path))?;
        return check_kind(plugin, kind);
    }
    let conventional = [
        format!("{DLL_PREFIX}tabula_plugin_{name_or_path}{DLL_SUFFIX}"),
        format!("{DLL_PREFIX}tabula_{name_or_path}{DLL_SUFFIX}"),
    ];
    let mut wrong_kind = None;
    let mut tried = HashSet::new();
    for path in dirs.dirs().iter().flat_map(|dir| conventional.iter().map(move |name| dir.join(name))) {
        if !path.is_file() {
            continue;
        }
        tried.insert(path.canonicalize().unwrap_or_else(|_| path.clone()));
        if let Ok(plugin) = load_plugin(&path) {
            if plugin.name() == name_or_path {
                match check_kind(plugin, kind) {
                    Ok(p) => return Ok(p),
                    Err(e) => wrong_kind = wrong_kind.or(Some(e)),
                }
            }
        }
    }
    let mut available = Vec::new();
    for path in dirs.libraries() {
        let key = path.canonicalize().unwrap_or_else(|_| path.clone());
        let Ok(plugin) = load_plugin(&path) else { continue };
        if plugin.name() == name_or_path && !tried.contains(&key) {
            match check_kind(plugin.clone(), kind) {
                Ok(p) => return Ok(p),
                Err(e) => wrong_kind = wrong_kind.or(Some(e)),
            }
        }
        if plugin.kind() == kind && !available.iter().any(|a: &Available| a.name == plugin.name()) {
            available.push(Available { name: plugin.name().to_string(), path: plugin.path().to_path_buf() });
        }
    }
    if let Some(e) = wrong_kind {
        return Err(e);
    }
    Err(LoadError::NotFound { name: name_or_path.to_string(), kind, available, searched: dirs.dirs().to_vec() })
}

/// The names of the plugins of `kind` in `dirs`, sorted, without duplicates.
pub fn available_names(kind: PluginKind, dirs: &PluginDirs) -> Vec<String> {
    let mut names: Vec<String> = discover(dirs)
        .into_iter()
        .filter_map(|d| match d {
            Discovered::Plugin(p) if p.kind() == kind => Some(p.name().to_string()),
            _ => None,
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

fn check_kind(plugin: LoadedPlugin, kind: PluginKind) -> Result<LoadedPlugin, LoadError> {
    if plugin.kind() == kind {
        Ok(plugin)
    } else {
        Err(LoadError::WrongKind {
            path: plugin.path().to_path_buf(),
            name: plugin.name().to_string(),
            expected: kind,
            actual: plugin.kind(),
        })
    }
}
