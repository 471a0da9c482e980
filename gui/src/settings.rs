//! The GUI's small settings file (sound on or off, board turned), kept in
//! `$TABULA_SETTINGS`, else `$XDG_CONFIG_HOME/tabula/gui.toml`, else
//! `~/.config/tabula/gui.toml`.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// What the GUI remembers between runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Sound effects on.
    pub sound: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { sound: true }
    }
}

/// Where the settings live, if a home or config directory is known.
pub fn settings_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("TABULA_SETTINGS") {
        return Some(PathBuf::from(p));
    }
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("tabula").join("gui.toml"))
}

impl Settings {
    /// The saved settings, or the defaults when there are none or they do not parse.
    pub fn load() -> Settings {
        settings_path()
            .and_then(|p| std::fs::read_to_string(p).ok())
            .and_then(|text| toml::from_str(&text).ok())
            .unwrap_or_default()
    }

    /// Writes the settings; failures are returned for the status line.
    pub fn save(&self) -> Result<(), String> {
        let path = settings_path().ok_or("no home directory to keep settings in")?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let text = toml::to_string(self).map_err(|e| e.to_string())?;
        tabula_core::files::write_atomically(&path, &text).map_err(|e| format!("{}: {e}", path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_toml() {
        let s = Settings { sound: false };
        let text = toml::to_string(&s).unwrap();
        assert_eq!(toml::from_str::<Settings>(&text).unwrap(), s);
        assert_eq!(toml::from_str::<Settings>("").unwrap(), Settings::default());
    }
}
