//! Why a plugin could not be found, loaded or instantiated, in words a user
//! understands.

use std::fmt;
use std::path::{Path, PathBuf};

use abi_stable::library::LibraryError;
use rules_api::{PluginError, PluginKind};

/// A plugin that exists, as listed in "not found" messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Available {
    /// The root module's name.
    pub name: String,
    /// Where the library is.
    pub path: PathBuf,
}

/// Everything that can go wrong between a plugin name and a working object.
#[derive(Debug)]
pub enum LoadError {
    /// No plugin of that name and kind in any searched directory.
    NotFound {
        /// The name the user gave.
        name: String,
        /// The kind that was wanted.
        kind: PluginKind,
        /// Plugins of that kind that do exist.
        available: Vec<Available>,
        /// Every directory that was searched, in order.
        searched: Vec<PathBuf>,
    },
    /// The file does not exist or cannot be read.
    Missing {
        /// The path given.
        path: PathBuf,
        /// What the operating system said.
        reason: String,
    },
    /// Opening the file crashed a test process: it is damaged (truncated,
    /// corrupted) and was not opened here.
    Damaged {
        /// The library.
        path: PathBuf,
        /// How the test process died.
        detail: String,
    },
    /// The file is not a shared library, or has no Tabula root module.
    NotAPlugin {
        /// The library.
        path: PathBuf,
        /// What the dynamic loader said.
        detail: String,
    },
    /// Built against another, incompatible version of rules-api.
    IncompatibleVersion {
        /// The library.
        path: PathBuf,
        /// The rules-api version the plugin was built with.
        plugin_version: String,
        /// The rules-api version of this host.
        host_version: String,
    },
    /// The types at the boundary do not have the layout this host expects.
    LayoutMismatch {
        /// The library.
        path: PathBuf,
        /// The first lines of abi_stable's report.
        summary: String,
    },
    /// The plugin failed while building its root module.
    InitFailed {
        /// The library.
        path: PathBuf,
        /// What went wrong.
        detail: String,
    },
    /// A rules plugin where a strategy was wanted, or the reverse.
    WrongKind {
        /// The library.
        path: PathBuf,
        /// The plugin's name.
        name: String,
        /// The kind that was wanted.
        expected: PluginKind,
        /// The kind the plugin is.
        actual: PluginKind,
    },
    /// The plugin refused to build a game or a player (bad option, panic).
    Construct {
        /// The plugin's name.
        name: String,
        /// The plugin's kind.
        kind: PluginKind,
        /// The plugin's own error.
        error: PluginError,
    },
}

impl LoadError {
    /// Turns abi_stable's error for the library at `path` into ours.
    pub(crate) fn from_library(path: &Path, error: LibraryError) -> LoadError {
        let path = path.to_path_buf();
        match error {
            LibraryError::OpenError { err, .. } => {
                if !path.exists() {
                    LoadError::Missing { path, reason: "no such file".into() }
                } else {
                    LoadError::NotAPlugin { path, detail: format!("it cannot be opened as a shared library ({err})") }
                }
            }
            LibraryError::GetSymbolError { .. } => LoadError::NotAPlugin {
                path,
                detail: "it is a shared library but exports no Tabula root module".into(),
            },
            LibraryError::IncompatibleVersionNumber { expected_version, actual_version, .. } => {
                LoadError::IncompatibleVersion {
                    path,
                    plugin_version: actual_version.to_string(),
                    host_version: expected_version.to_string(),
                }
            }
            LibraryError::ParseVersionError(e) => LoadError::IncompatibleVersion {
                path,
                plugin_version: format!("unreadable ({e})"),
                host_version: rules_api::ABI_VERSION.to_string(),
            },
            LibraryError::AbiInstability(report) => {
                LoadError::LayoutMismatch { path, summary: summarise(&report.to_string()) }
            }
            LibraryError::InvalidAbiHeader(_) | LibraryError::InvalidCAbi { .. } => LoadError::LayoutMismatch {
                path,
                summary: "it was built with an incompatible version of abi_stable or of the Rust compiler".into(),
            },
            LibraryError::RootModule { err, .. } => LoadError::InitFailed { path, detail: err.to_string() },
            LibraryError::Many(list) => match list.into_iter().next() {
                Some(first) => LoadError::from_library(&path, first),
                None => LoadError::InitFailed { path, detail: "unknown loader failure".into() },
            },
        }
    }

    /// The library this error is about, when there is one.
    pub fn path(&self) -> Option<&Path> {
        match self {
            LoadError::NotFound { .. } | LoadError::Construct { .. } => None,
            LoadError::Missing { path, .. }
            | LoadError::Damaged { path, .. }
            | LoadError::NotAPlugin { path, .. }
            | LoadError::IncompatibleVersion { path, .. }
            | LoadError::LayoutMismatch { path, .. }
            | LoadError::InitFailed { path, .. }
            | LoadError::WrongKind { path, .. } => Some(path),
        }
    }
}

/// Keeps the first meaningful lines of a long layout report: enough to see
/// which type differs without drowning the user.
fn summarise(report: &str) -> String {
    const MAX_LINES: usize = 6;
    let lines: Vec<&str> = report.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let mut text = lines.iter().take(MAX_LINES).copied().collect::<Vec<_>>().join("; ");
    if lines.len() > MAX_LINES {
        text.push_str(&format!("; ... ({} more lines)", lines.len() - MAX_LINES));
    }
    text
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotFound { name, kind, available, searched } => {
                write!(f, "no {} plugin named '{name}' was found", kind.name())?;
                if available.is_empty() {
                    write!(f, "; there are no {} plugins at all", kind.name())?;
                } else {
                    let names: Vec<&str> = available.iter().map(|a| a.name.as_str()).collect();
                    write!(f, "; available {} plugins: {}", kind.name(), names.join(", "))?;
                }
                let dirs: Vec<String> = searched.iter().map(|d| d.display().to_string()).collect();
                write!(f, " (searched: {})", if dirs.is_empty() { "no directories".into() } else { dirs.join(", ") })
            }
            LoadError::Missing { path, reason } => write!(f, "cannot load plugin {}: {reason}", path.display()),
            LoadError::Damaged { path, detail } => {
                write!(f, "{} is damaged and was skipped: {detail}", path.display())
            }
            LoadError::NotAPlugin { path, detail } => {
                write!(f, "{} is not a Tabula plugin: {detail}", path.display())
            }
            LoadError::IncompatibleVersion { path, plugin_version, host_version } => write!(
                f,
                "plugin {} was built for rules-api {plugin_version}, but this host uses rules-api {host_version}; \
                 rebuild the plugin against rules-api {host_version}",
                path.display()
            ),
            LoadError::LayoutMismatch { path, summary } => write!(
                f,
                "plugin {} does not match this host's rules-api layout (rebuild it against rules-api {}): {summary}",
                path.display(),
                rules_api::ABI_VERSION
            ),
            LoadError::InitFailed { path, detail } => {
                write!(f, "plugin {} failed to initialise: {detail}", path.display())
            }
            LoadError::WrongKind { path, name, expected, actual } => write!(
                f,
                "plugin '{name}' ({}) is a {} plugin, but a {} plugin is needed here",
                path.display(),
                actual.name(),
                expected.name()
            ),
            LoadError::Construct { name, kind, error } => {
                write!(f, "{} plugin '{name}' refused to start: {error}", kind.name())
            }
        }
    }
}

impl std::error::Error for LoadError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_layout_reports_are_cut_to_a_few_lines() {
        let report: String = (0..20).map(|i| format!("line {i}\n\n")).collect();
        let s = summarise(&report);
        assert!(s.starts_with("line 0; line 1;") && s.ends_with("(14 more lines)"), "{s}");
    }

    #[test]
    fn not_found_lists_available_plugins_and_dirs() {
        let e = LoadError::NotFound {
            name: "nim".into(),
            kind: PluginKind::RULES,
            available: vec![Available { name: "go".into(), path: "/p/libtabula_go.so".into() }],
            searched: vec!["/p".into(), "/q".into()],
        };
        assert_eq!(
            e.to_string(),
            "no rules plugin named 'nim' was found; available rules plugins: go (searched: /p, /q)"
        );
    }
}
