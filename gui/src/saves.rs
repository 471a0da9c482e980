//! Saved games in the user's data directory (`$XDG_DATA_HOME/tabula/saves`,
//! else `~/.local/share/tabula/saves`): named files, the list the Load
//! dialog shows (newest first, with game, players, result and date), and
//! the autosave of the game in progress that the next start offers to
//! resume. A name ending in `.pgn` saves (and lists) Portable Game
//! Notation instead of the native TOML.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use std::sync::Arc;

use rules_api::{PluginKind, RVec};
use tabula_core::config::Config;
use tabula_core::plugins::find_plugin;
use tabula_core::records::pgn_read::read_games;
use tabula_core::session::Session;

use crate::numbering::Numbering;

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
    /// How many moves the record holds, counted as the move list counts
    /// them (rounds in chess, stones in Go); `None` when the game cannot
    /// be replayed here.
    pub moves: Option<usize>,
    /// How many games the file holds (a PGN file may hold many).
    pub games: usize,
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

/// The kind of file a save is, by its name's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SaveFormat {
    /// Tabula's own saved game (`.toml`): players, clocks, options.
    Native,
    /// Portable Game Notation (`.pgn`): the moves and the tags, read by
    /// every chess program.
    Pgn,
    /// Extended Position Description (`.epd`): the position shown, with
    /// operations.
    Epd,
    /// One FEN line (`.fen`): the position shown.
    Fen,
    /// Smart Game Format (`.sgf`): games of placements and passes.
    Sgf,
    /// Portable Draughts Notation (`.pdn`): PGN for draughts.
    Pdn,
}

impl SaveFormat {
    /// `.pgn`, `.epd`, `.fen`, `.sgf` and `.pdn` (any case) are those; anything else is
    /// the native save.
    pub fn of(path: &Path) -> SaveFormat {
        let is = |word: &str| path.extension().is_some_and(|e| e.eq_ignore_ascii_case(word));
        if is("pgn") {
            SaveFormat::Pgn
        } else if is("epd") {
            SaveFormat::Epd
        } else if is("fen") {
            SaveFormat::Fen
        } else if is("sgf") {
            SaveFormat::Sgf
        } else if is("pdn") {
            SaveFormat::Pdn
        } else {
            SaveFormat::Native
        }
    }
}

impl SaveFormat {
    /// The format's usual short name, as the Load list shows it.
    pub fn label(self) -> &'static str {
        match self {
            SaveFormat::Native => "Tabula",
            SaveFormat::Pgn => "PGN",
            SaveFormat::Epd => "EPD",
            SaveFormat::Fen => "FEN",
            SaveFormat::Sgf => "SGF",
            SaveFormat::Pdn => "PDN",
        }
    }
}

/// `name` with the extension it asks for: `.pgn`, `.epd`, `.fen`, `.sgf`,
/// `.pdn` and `.toml` (any case) are kept, any other name gets `.toml`.
fn with_extension(name: &str) -> String {
    let lower = name.to_ascii_lowercase();
    if [".pgn", ".epd", ".fen", ".sgf", ".pdn", ".toml"].iter().any(|e| lower.ends_with(e)) {
        name.to_string()
    } else {
        format!("{name}.toml")
    }
}

/// Where the save named `name` goes in `dir`: an absolute or `~` path is
/// taken as given, a plain name goes into `dir`, made unique with a
/// counter unless `replace`. A name ending in `.pgn` saves PGN, one in
/// `.toml` the native save; any other gets `.toml`.
pub fn save_path(dir: &Path, name: &str, replace: bool) -> Option<PathBuf> {
    let name = name.trim();
    let given = expand_home(name);
    if given.is_absolute() {
        return Some(PathBuf::from(with_extension(&given.display().to_string())));
    }
    let file = with_extension(&file_stem(name));
    let (stem, ext) = file.rsplit_once('.').unwrap_or((&file, "toml"));
    if stem.trim().is_empty() {
        return None;
    }
    let mut path = dir.join(&file);
    let mut n = 2;
    while !replace && path.exists() {
        path = dir.join(format!("{stem} ({n}).{ext}"));
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
    let mut entry = SaveEntry {
        path,
        title,
        modified,
        game: String::new(),
        players: Vec::new(),
        result: String::new(),
        moves: None,
        games: 1,
    };
    let Ok(text) = std::fs::read_to_string(&entry.path) else { return entry };
    let format = SaveFormat::of(&entry.path);
    match format {
        SaveFormat::Epd | SaveFormat::Fen | SaveFormat::Sgf => {
            // Positions, or games whose rules only opening them settles:
            // the list names the format and, for EPD, counts the lines.
            entry.game = format.label().into();
            entry.games = match format {
                SaveFormat::Sgf => 1,
                _ => text.lines().filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#')).count(),
            };
            return entry;
        }
        SaveFormat::Pgn | SaveFormat::Pdn | SaveFormat::Native => {}
    }
    if matches!(format, SaveFormat::Pgn | SaveFormat::Pdn) {
        let Ok(games) = read_games(&text) else { return entry };
        let Some(first) = games.first() else { return entry };
        entry.game = format.label().into();
        entry.games = games.len();
        entry.players = ["White", "Black"].iter().map(|t| first.tag(t).unwrap_or("?").to_string()).collect();
        entry.result = first.result_token().to_string();
        // PGN numbers rounds: a game that starts with Black's move opens a round.
        let (_, second) = first.first_number();
        entry.moves = Some((first.moves.moves.len() + usize::from(second)).div_ceil(2));
        return entry;
    }
    let file = entry.path.display().to_string();
    let Ok(config) = Config::parse(&text, &file, PathBuf::from(".")) else { return entry };
    let record = config.record.clone().unwrap_or_default();
    entry.game = config.game.rules.rsplit('/').next().unwrap_or(&config.game.rules).to_string();
    entry.players = config.players.iter().map(|p| p.name.clone()).collect();
    entry.result = record.result.clone();
    entry.moves = counted_moves(&config, &record, &file);
    entry
}

/// The moves of `record` as the window's move list numbers them: the
/// game is replayed with its rules plugin, which says whether moves are
/// numbered by rounds or stones and who made each (rolls share their
/// player's turn).
fn counted_moves(config: &Config, record: &tabula_core::config::Record, file: &str) -> Option<usize> {
    let dirs = config.plugin_dirs(&[]);
    let plugin = find_plugin(&config.resolve_ref(&config.game.rules), PluginKind::RULES, &dirs).ok()?;
    let rules = Arc::new(plugin.new_rules(&config.rules_options()).ok()?);
    let session = Session::from_record(rules, record, file).ok()?;
    let start = session.start_position();
    let text = start.to_text().into_result().map(|t| t.to_string()).unwrap_or_default();
    let mut legal = RVec::new();
    let _ = start.legal_moves(&mut legal);
    let sample = session.history().first().map(|m| m.mv).or_else(|| legal.first().copied());
    let info = session.info();
    let numbering = Numbering::new(info.players.len(), start.side_to_move(), &text, &info.position_format, sample);
    let actors: Vec<u8> = session.history().iter().map(|m| m.player).collect();
    Some(numbering.moves(&actors, actors.len()))
}

/// The saved games in `dir` (native saves and the record formats: PGN,
/// EPD, FEN, SGF, PDN), newest first.
pub fn list_saves(dir: &Path) -> Vec<SaveEntry> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut out: Vec<SaveEntry> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml") || SaveFormat::of(p) != SaveFormat::Native)
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
        assert_eq!((good.game.as_str(), good.players.clone()), ("gomoku", vec!["You".to_string()]));
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

    /// Issue 25, defect 2: the list said "20 moves" where the move list
    /// shows 10: chess counts rounds, Go and gomoku count stones.
    #[test]
    fn the_list_counts_moves_as_the_move_list_does() {
        let dir = tempfile::tempdir().unwrap();
        let save = |name: &str, rules: &str, moves: &str| {
            let text = format!(
                "[game]\nrules = \"{rules}\"\n[[players]]\nname = \"A\"\nkind = \"human\"\n[[players]]\nname = \"B\"\n\
                 kind = \"human\"\n[record]\nmoves = [{moves}]\nresult = \"ongoing\"\n"
            );
            std::fs::write(dir.path().join(name), text).unwrap();
        };
        let opera =
            "e2e4 e7e5 g1f3 d7d6 d2d4 c8g4 d4e5 g4f3 d1f3 d6e5 f1c4 g8f6 f3b3 d8e7 b1c3 c7c6 c1g5 b7b5 c3b5 c6b5";
        let quoted = |m: &str| m.split(' ').map(|w| format!("\"{w}\"")).collect::<Vec<_>>().join(", ");
        save("chess.toml", "chess", &quoted(opera));
        save("chess-odd.toml", "chess", &quoted("e2e4 e7e5 g1f3"));
        save("gomoku.toml", "gomoku", &quoted("h8 h9 j8"));
        let list = list_saves(dir.path());
        let moves = |title: &str| list.iter().find(|e| e.title == title).and_then(|e| e.moves);
        assert_eq!(moves("chess"), Some(10), "20 plies of chess are 10 moves");
        assert_eq!(moves("chess-odd"), Some(2), "White's third ply begins move 2");
        assert_eq!(moves("gomoku"), Some(3), "every stone is a move");
    }

    /// Records saved as EPD, FEN, SGF or PDN are offered by Load as well,
    /// named by their format; anything else in the folder is not.
    #[test]
    fn every_record_format_is_listed_with_its_name() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
        write("a.epd", "4k3/8/8/8/8/8/8/4K2R w K - id \"one\";\n\n# a note\n4k3/8/8/8/8/8/8/R3K3 w Q - id \"two\";\n");
        write("b.fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1\n");
        write("c.sgf", "(;FF[4]GM[1]SZ[9];B[ee];W[cc])");
        write("d.pdn", "[White \"Ann\"]\n[Black \"Bob\"]\n[GameType \"21\"]\n\n1. 11-15 23-19 *\n");
        write("e.txt", "not a record");
        let list = list_saves(dir.path());
        let found = |file: &str| list.iter().find(|e| e.path.file_name().is_some_and(|n| n == file));
        let epd = found("a.epd").expect("the EPD file is listed");
        assert_eq!((epd.game.as_str(), epd.games), ("EPD", 2), "two positions; blank lines and comments are not");
        assert_eq!(found("b.fen").map(|e| (e.game.as_str(), e.games)), Some(("FEN", 1)));
        assert_eq!(found("c.sgf").map(|e| e.game.as_str()), Some("SGF"));
        let pdn = found("d.pdn").expect("the PDN file is listed");
        assert_eq!((pdn.game.as_str(), pdn.players.clone()), ("PDN", vec!["Ann".to_string(), "Bob".to_string()]));
        assert!(found("e.txt").is_none(), "{list:?}");
    }

    /// Issue 25, defect 2: `x.pgn` was saved as `x.pgn.toml`.
    #[test]
    fn the_name_chooses_pgn_or_the_native_save() {
        let dir = tempfile::tempdir().unwrap();
        let pgn = save_path(dir.path(), "x.pgn", false).unwrap();
        assert_eq!(pgn.file_name().unwrap(), "x.pgn");
        assert_eq!(SaveFormat::of(&pgn), SaveFormat::Pgn);
        assert_eq!(save_path(dir.path(), "y.TOML", false).unwrap().file_name().unwrap(), "y.TOML");
        assert_eq!(save_path(Path::new("/d"), "/tmp/z.PGN", false).unwrap(), PathBuf::from("/tmp/z.PGN"));
        assert_eq!(SaveFormat::of(Path::new("/tmp/z.PGN")), SaveFormat::Pgn);
        std::fs::write(&pgn, "[White \"A\"]\n[Black \"B\"]\n\n1. e4 e5 2. Nf3 *\n\n1. d4 *\n").unwrap();
        assert!(save_path(dir.path(), "x.pgn", false).unwrap().ends_with("x (2).pgn"));
        let list = list_saves(dir.path());
        let e = &list[0];
        assert_eq!((e.games, e.moves, e.players.clone()), (2, Some(2), vec!["A".to_string(), "B".to_string()]));
    }

    #[test]
    fn epd_fen_and_sgf_names_keep_their_format() {
        let dir = tempfile::tempdir().unwrap();
        for (name, format) in [
            ("a.epd", SaveFormat::Epd),
            ("b.FEN", SaveFormat::Fen),
            ("c.sgf", SaveFormat::Sgf),
            ("e.pdn", SaveFormat::Pdn),
        ] {
            let path = save_path(dir.path(), name, false).unwrap();
            assert_eq!(path.file_name().unwrap(), name);
            assert_eq!(SaveFormat::of(&path), format);
        }
        assert_eq!(save_path(dir.path(), "d.sgf.x", false).unwrap().file_name().unwrap(), "d.sgf.x.toml");
    }
}
