//! Saved games in the user's data directory (`$XDG_DATA_HOME/tabula/saves`,
//! else `~/.local/share/tabula/saves`): named files, the list the Load
//! dialog shows (newest first, with game, players, result and date), and
//! the autosave of the game in progress that the next start offers to
//! resume.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use tabula_core::config::Config;

/// The directory of Tabula's data: `$XDG_DATA_HOME/tabula`, else
/// `~/.local/share/tabula`, else `./tabula-data` with no home.
pub fn data_dir() -> PathBuf {
    std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local").join("share")))
        .map_or_else(|| PathBuf::from("tabula-data"), |d| d.join("tabula"))
}

/// `path` as people read it: under the home directory as `~/…`, so the
/// part that differs fits where the window shows it.
pub fn short_path(path: &Path) -> String {
    short_path_in(path, std::env::var_os("HOME").map(PathBuf::from).as_deref())
}

fn short_path_in(path: &Path, home: Option<&Path>) -> String {
    match home.filter(|h| h.components().count() > 1).and_then(|h| path.strip_prefix(h).ok()) {
        Some(rest) => Path::new("~").join(rest).display().to_string(),
        None => path.display().to_string(),
    }
}

/// The directory saved games go to.
pub fn saves_dir() -> PathBuf {
    data_dir().join("saves")
}

/// The autosave of the game in progress.
pub fn autosave_path() -> PathBuf {
    data_dir().join("autosave.toml")
}

/// A saved game on disk, as the Load dialog lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveEntry {
    /// The file.
    pub path: PathBuf,
    /// Its name without `.toml`.
    pub title: String,
    /// Seconds since the epoch it was last written.
    pub modified: u64,
    /// The rules plugin (as the file names it).
    pub game: String,
    /// The players' names.
    pub players: Vec<String>,
    /// The result line (`ongoing`, `win white (checkmate)`), empty if unreadable.
    pub result: String,
    /// How many moves the record holds.
    pub plies: usize,
}

/// Year, month, day, hour, minute, second (UTC) of a Unix time.
pub fn civil_time(secs: u64) -> (i32, u8, u8, u8, u8, u8) {
    let t = i64::try_from(secs)
        .ok()
        .and_then(|s| time::OffsetDateTime::from_unix_timestamp(s).ok())
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    (t.year(), u8::from(t.month()), t.day(), t.hour(), t.minute(), t.second())
}

/// `2026-11-21 15:30` (UTC).
pub fn date_text(secs: u64) -> String {
    let (y, mo, d, h, mi, _) = civil_time(secs);
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}")
}

/// The default name of a save, in the interface's language: `Chess - You
/// vs Computer - 2026-11-21 1530`, `国际象棋 - 你 对 电脑 - …`.
pub fn default_name(game: &str, players: &[String], now: SystemTime) -> String {
    let secs = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (y, mo, d, h, mi, s) = civil_time(secs);
    let game = crate::messages::game_name(game);
    let versus = format!(" {} ", crate::tr!("save-name-versus"));
    format!("{game} - {} - {y:04}-{mo:02}-{d:02} {h:02}{mi:02}{s:02}", players.join(&versus))
}

/// A file name from what the player typed: path separators, control
/// characters and leading dots removed, spaces kept.
pub fn file_stem(name: &str) -> String {
    let cleaned: String = name.chars().map(|c| if c == '/' || c == '\\' || c.is_control() { '-' } else { c }).collect();
    cleaned.trim().trim_start_matches('.').trim().to_string()
}

/// Where the save named `name` goes in `dir`: an absolute or `~` path is
/// taken as given (`.toml` added), a plain name goes into `dir`, made
/// unique with a counter unless `replace`.
pub fn save_path(dir: &Path, name: &str, replace: bool) -> Option<PathBuf> {
    let name = name.trim();
    let given = expand_home(name);
    if given.is_absolute() {
        let with_ext = if given.extension().is_some_and(|e| e == "toml") {
            given
        } else {
            PathBuf::from(format!("{}.toml", given.display()))
        };
        return Some(with_ext);
    }
    let stem = file_stem(name);
    if stem.is_empty() {
        return None;
    }
    let mut path = dir.join(format!("{stem}.toml"));
    let mut n = 2;
    while !replace && path.exists() {
        path = dir.join(format!("{stem} ({n}).toml"));
        n += 1;
    }
    Some(path)
}

/// `~/x` as a path under the home directory.
pub fn expand_home(text: &str) -> PathBuf {
    match (text.strip_prefix("~/"), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) => PathBuf::from(home).join(rest),
        _ => PathBuf::from(text),
    }
}

/// What the list shows of one file.
fn entry(path: PathBuf) -> SaveEntry {
    let modified = std::fs::metadata(&path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_secs());
    let title = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let config = std::fs::read_to_string(&path)
        .ok()
        .and_then(|text| Config::parse(&text, &path.display().to_string(), PathBuf::from(".")).ok());
    let (game, players, result, plies) = match config {
        Some(c) => {
            let record = c.record.unwrap_or_default();
            let game = c.game.rules.rsplit('/').next().unwrap_or(&c.game.rules).to_string();
            (game, c.players.into_iter().map(|p| p.name).collect(), record.result, record.moves.len())
        }
        None => (String::new(), Vec::new(), String::new(), 0),
    };
    SaveEntry { path, title, modified, game, players, result, plies }
}

/// The saved games in `dir`, newest first.
pub fn list_saves(dir: &Path) -> Vec<SaveEntry> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut out: Vec<SaveEntry> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .map(entry)
        .collect();
    out.sort_by(|a, b| b.modified.cmp(&a.modified).then_with(|| a.title.cmp(&b.title)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn paths_under_home_are_shown_from_the_tilde() {
        let home = Some(Path::new("/home/ann"));
        assert_eq!(
            short_path_in(Path::new("/home/ann/.local/share/tabula/saves/a.toml"), home),
            "~/.local/share/tabula/saves/a.toml"
        );
        assert_eq!(short_path_in(Path::new("/tmp/x.toml"), home), "/tmp/x.toml");
        assert_eq!(short_path_in(Path::new("/home/annie/x.toml"), home), "/home/annie/x.toml");
        assert_eq!(
            short_path_in(Path::new("/x.toml"), Some(Path::new("/"))),
            "/x.toml",
            "a home of / shortens nothing"
        );
    }

    #[test]
    fn civil_time_matches_known_dates() {
        assert_eq!(civil_time(0), (1970, 1, 1, 0, 0, 0));
        assert_eq!(civil_time(951_782_400), (2000, 2, 29, 0, 0, 0));
        assert_eq!(civil_time(1_700_000_000), (2023, 11, 14, 22, 13, 20));
        assert_eq!(date_text(1_700_000_000), "2023-11-14 22:13");
    }

    #[test]
    fn save_names_are_readable_unique_and_listed_with_their_game() {
        let dir = tempfile::tempdir().unwrap();
        let t = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        let name = default_name("Gomoku", &["You".into(), "Computer".into()], t);
        assert_eq!(name, "Gomoku - You vs Computer - 2023-11-14 221320");
        let a = save_path(dir.path(), &name, false).unwrap();
        assert_eq!(a.file_name().unwrap(), "Gomoku - You vs Computer - 2023-11-14 221320.toml");
        std::fs::write(&a, "[game]\nrules = \"gomoku\"\n[[players]]\nname = \"You\"\nkind = \"human\"\n[record]\nmoves = [\"h8\"]\nresult = \"ongoing\"\n").unwrap();
        let b = save_path(dir.path(), &name, false).unwrap();
        assert!(b.to_string_lossy().ends_with("221320 (2).toml"), "{}", b.display());
        assert_eq!(save_path(dir.path(), &name, true).unwrap(), a, "replacing keeps the name");
        std::fs::write(&b, "not toml [").unwrap();
        let list = list_saves(dir.path());
        assert_eq!(list.len(), 2);
        let good = list.iter().find(|e| e.path == a).unwrap();
        assert_eq!((good.game.as_str(), good.players.clone(), good.plies), ("gomoku", vec!["You".to_string()], 1));
        assert_eq!(good.result, "ongoing");
        let bad = list.iter().find(|e| e.path == b).unwrap();
        assert!(bad.game.is_empty(), "an unreadable file is listed, without details");
    }

    #[test]
    fn typed_names_become_safe_file_names_and_paths_are_taken_as_given() {
        assert_eq!(file_stem("../a/b"), "-a-b");
        assert_eq!(file_stem("  .hidden "), "hidden");
        let dir = Path::new("/data/saves");
        assert_eq!(save_path(dir, "/tmp/x", false).unwrap(), PathBuf::from("/tmp/x.toml"));
        assert_eq!(save_path(dir, "/tmp/y.toml", false).unwrap(), PathBuf::from("/tmp/y.toml"));
        assert_eq!(save_path(dir, "   ", false), None);
    }
}
