//! Saved games under `saves/` (in the working directory): readable file
//! names and the list the Load dialog shows, newest first.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The directory saved games go to.
pub fn saves_dir() -> PathBuf {
    PathBuf::from("saves")
}

/// A saved game on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveEntry {
    /// The file.
    pub path: PathBuf,
    /// Its name without `.toml`.
    pub title: String,
    /// Seconds since the epoch it was last written.
    pub modified: u64,
}

/// Lowercase letters and digits, other runs turned into one `-`.
fn slug(text: &str) -> String {
    let mut out = String::new();
    for ch in text.chars() {
        if ch.is_ascii_alphanumeric() {
            out.push(ch.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// Year, month, day, hour, minute, second (UTC) of a Unix time.
pub fn civil_time(secs: u64) -> (i32, u8, u8, u8, u8, u8) {
    let t = i64::try_from(secs)
        .ok()
        .and_then(|s| time::OffsetDateTime::from_unix_timestamp(s).ok())
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    (t.year(), u8::from(t.month()), t.day(), t.hour(), t.minute(), t.second())
}

/// A new file name such as `saves/checkers-you-vs-computer-2026-11-21-153000.toml`,
/// made unique with a counter.
pub fn new_save_path(dir: &Path, game: &str, players: &[String], now: SystemTime) -> PathBuf {
    let secs = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (y, mo, d, h, mi, s) = civil_time(secs);
    let who = players.iter().map(|p| slug(p)).collect::<Vec<_>>().join("-vs-");
    let base = format!("{}-{who}-{y:04}-{mo:02}-{d:02}-{h:02}{mi:02}{s:02}", slug(game));
    let mut path = dir.join(format!("{base}.toml"));
    let mut n = 2;
    while path.exists() {
        path = dir.join(format!("{base}-{n}.toml"));
        n += 1;
    }
    path
}

/// The saved games in `dir`, newest first.
pub fn list_saves(dir: &Path) -> Vec<SaveEntry> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut out: Vec<SaveEntry> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(|path| {
            let modified = std::fs::metadata(&path)
                .and_then(|m| m.modified())
                .ok()
                .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
                .map_or(0, |d| d.as_secs());
            let title = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            SaveEntry { path, title, modified }
        })
        .collect();
    out.sort_by(|a, b| b.modified.cmp(&a.modified).then_with(|| a.title.cmp(&b.title)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn civil_time_matches_known_dates() {
        assert_eq!(civil_time(0), (1970, 1, 1, 0, 0, 0));
        assert_eq!(civil_time(951_782_400), (2000, 2, 29, 0, 0, 0));
        assert_eq!(civil_time(1_700_000_000), (2023, 11, 14, 22, 13, 20));
    }

    #[test]
    fn save_names_are_readable_unique_and_listed_newest_first() {
        let dir = tempfile::tempdir().unwrap();
        let t = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        let a = new_save_path(dir.path(), "Five (free style)", &["You".into(), "Computer".into()], t);
        assert_eq!(a.file_name().unwrap(), "five-free-style-you-vs-computer-2023-11-14-221320.toml");
        std::fs::write(&a, "x").unwrap();
        let b = new_save_path(dir.path(), "Five (free style)", &["You".into(), "Computer".into()], t);
        assert!(b.to_string_lossy().ends_with("-2.toml"));
        std::fs::write(&b, "y").unwrap();
        let list = list_saves(dir.path());
        assert_eq!(list.len(), 2);
        assert!(list[0].modified >= list[1].modified);
    }
}
