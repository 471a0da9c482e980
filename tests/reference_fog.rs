//! Dark chess, kriegspiel and phantom Go against OpenSpiel (`pyspiel`):
//! the Python scripts in `tests/reference/` drive the real `tabula` binary
//! (`tabula moves` in batch mode, `tabula position`, `tabula perft`) and
//! exit 1 on any mismatch of legal moves, results or perft counts; exit 2
//! means OpenSpiel is missing, which fails here too. Each script also
//! writes every player's observation from OpenSpiel (`--emit-views`), and
//! this test replays those games in the real plugin (loaded from beside
//! the binary, as the host loads it) and compares each player's view and
//! the umpire's words. A few short games here (a few seconds); for a long
//! run set `FOG_REFERENCE_GAMES=N` (and `FOG_REFERENCE_SEED=S`, default 1):
//! every test then plays N full-length games. The figures of long runs are
//! in `docs/games/darkchess.md`, `kriegspiel.md` and `phantomgo.md`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rules_api::{Notation, PluginKind, PositionBox, PositionExt, RulesBox, RulesExt};
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_suite::fixtures::{scratch_dir, tabula_bin, workspace};

fn python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string())
}

fn script(name: &str) -> PathBuf {
    workspace().join("tests").join("reference").join(name)
}

/// Runs a reference script and fails the test, with everything it printed
/// and how to install what is missing, unless it exits 0.
fn run_script(name: &str, args: &[String]) -> String {
    let out: Output = Command::new(python()).arg(script(name)).args(args).output().unwrap_or_else(|e| {
        panic!("cannot run `{}` for {name}: {e}; install Python 3 (scripts/setup.sh --test)", python())
    });
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    match out.status.code() {
        Some(0) => {
            println!("{stdout}");
            stdout
        }
        Some(2) => panic!(
            "{name} could not run its reference implementation (run `scripts/setup.sh --test` to install it):\n{stderr}{stdout}"
        ),
        _ => panic!("{name} found disagreements with the reference ({}):\n{stdout}\n{stderr}", out.status),
    }
}

/// The script arguments: `quick` for the suite's short run, or
/// `FOG_REFERENCE_GAMES` full-length games when it is set.
fn run_args(views: &Path, quick: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = vec!["--tabula".into(), binary(), "--emit-views".into(), views.display().to_string()];
    match std::env::var("FOG_REFERENCE_GAMES") {
        Ok(games) => {
            let seed = std::env::var("FOG_REFERENCE_SEED").unwrap_or_else(|_| "1".into());
            args.extend(["--games".into(), games, "--seed".into(), seed]);
        }
        Err(_) => args.extend(quick.iter().map(|a| a.to_string())),
    }
    args
}

fn binary() -> String {
    tabula_bin().to_string_lossy().into_owned()
}

/// The rules plugin `name` as the host loads it, from beside the binary.
fn plugin_rules(name: &str, options: &[(&str, &str)]) -> RulesBox {
    let options: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    let beside_binary = tabula_bin().parent().expect("binary directory").to_path_buf();
    let plugin = find_plugin(name, PluginKind::RULES, &PluginDirs::new(vec![beside_binary]))
        .unwrap_or_else(|e| panic!("cannot load the {name} plugin: {e}"));
    plugin.new_rules(&options).unwrap_or_else(|e| panic!("cannot configure {name}: {e}"))
}

/// Positions after lines of moves, replayed incrementally: the emitted
/// lines of a game each extend the one before, so only the new moves are
/// played (replaying every line from the start would be quadratic).
struct Replayer<'a> {
    rules: &'a RulesBox,
    start: String,
    played: Vec<String>,
    position: Option<PositionBox>,
}

impl<'a> Replayer<'a> {
    fn new(rules: &'a RulesBox) -> Self {
        Replayer { rules, start: String::new(), played: Vec::new(), position: None }
    }

    /// `start` (empty: the start position) after `moves` in coordinates.
    fn at(&mut self, start: &str, moves: &str) -> &PositionBox {
        let moves: Vec<&str> = moves.split_whitespace().collect();
        let extends = self.start == start
            && self.played.len() <= moves.len()
            && self.played.iter().zip(&moves).all(|(a, b)| a == b);
        if !extends || self.position.is_none() {
            let rules = self.rules;
            self.position =
                Some(if start.is_empty() { rules.start().unwrap() } else { rules.position(start).unwrap() });
            self.start = start.to_string();
            self.played.clear();
        }
        let p = self.position.as_mut().expect("a position");
        for text in &moves[self.played.len()..] {
            let m = p
                .parse_move((*text).into(), Notation::COORDINATE)
                .into_result()
                .unwrap_or_else(|e| panic!("{text} after '{}': {e}", self.played.join(" ")));
            p.play(m).unwrap();
            self.played.push(text.to_string());
        }
        p
    }
}

/// One view of an 8 × 8 board as 64 characters from a8 to h1.
fn chess_view(rules: &RulesBox, p: &PositionBox, viewer: u8, fog: char) -> String {
    let info = rules.game_info().unwrap();
    let mut grid = ['.'; 64];
    for cell in p.hidden_cell_list(viewer).unwrap() {
        grid[(7 - cell as usize / 8) * 8 + cell as usize % 8] = fog;
    }
    for piece in p.view_piece_list(viewer).unwrap() {
        let letter = info.piece_types[piece.kind as usize].letters[piece.owner as usize].chars().next().unwrap();
        grid[(7 - piece.cell as usize / 8) * 8 + piece.cell as usize % 8] = letter;
    }
    grid.iter().collect()
}

/// A FEN placement from 64 characters (`.` empty).
fn placement(squares: &str) -> String {
    let rows: Vec<String> = squares
        .as_bytes()
        .chunks(8)
        .map(|row| {
            let mut out = String::new();
            let mut empty = 0;
            for &c in row {
                if c == b'.' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push(c as char);
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    rows.join("/")
}

/// Replays every line of `file` and collects the disagreements.
fn compare_lines(file: &Path, mut check: impl FnMut(&[&str]) -> Option<String>) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(file).expect("read the emitted views");
    let mut lines = 0;
    let mut bad = Vec::new();
    for line in text.lines().filter(|l| !l.is_empty()) {
        lines += 1;
        let fields: Vec<&str> = line.split('\t').collect();
        if let Some(why) = check(&fields) {
            bad.push(why);
        }
    }
    (lines, bad)
}

fn assert_agree(game: &str, lines: usize, bad: &[String], at_least: usize) {
    println!("{game}: {lines} positions' views compared, {} disagreements", bad.len());
    assert!(bad.is_empty(), "{game} views differ from OpenSpiel's:\n{}", bad[..bad.len().min(6)].join("\n"));
    assert!(lines >= at_least, "{game}: only {lines} views compared");
}

#[test]
fn dark_chess_moves_results_perft_and_views_match_openspiel() {
    let views = scratch_dir("reference_fog_darkchess").join("views.tsv");
    let args = run_args(&views, &["--games", "8", "--perft-depth", "3"]);
    let out = run_script("darkchess_reference.py", &args);
    assert!(out.contains("darkchess reference: no mismatch"), "unexpected report:\n{out}");
    let rules = plugin_rules("darkchess", &[]);
    let mut replayer = Replayer::new(&rules);
    let (lines, bad) = compare_lines(&views, |f| {
        let p = replayer.at(f[0], f[1]);
        let mine = [chess_view(&rules, p, 0, '?'), chess_view(&rules, p, 1, '?')];
        (mine[0] != f[2] || mine[1] != f[3]).then(|| {
            format!("{} moves {}:\n  OpenSpiel {} / {}\n  tabula    {} / {}", f[0], f[1], f[2], f[3], mine[0], mine[1])
        })
    });
    assert_agree("darkchess", lines, &bad, 500);
}

#[test]
fn kriegspiel_tries_results_and_announcements_match_openspiel() {
    let views = scratch_dir("reference_fog_kriegspiel").join("views.tsv");
    let args = run_args(&views, &["--games", "5", "--max-plies", "250"]);
    let out = run_script("kriegspiel_reference.py", &args);
    assert!(out.contains("kriegspiel reference: no mismatch"), "unexpected report:\n{out}");
    let rules = plugin_rules("kriegspiel", &[]);
    let mut replayer = Replayer::new(&rules);
    let (lines, bad) = compare_lines(&views, |f| {
        let p = replayer.at(f[0], f[1]);
        let ongoing = p.outcome().unwrap().is_ongoing();
        for (viewer, expected) in [(0u8, f[2]), (1, f[3])] {
            let (own, words) = expected.split_once('|').unwrap();
            let mine_own = placement(&chess_view(&rules, p, viewer, '.'));
            let mine_words = p.announcement_for(viewer).unwrap();
            if mine_own != own || (ongoing && mine_words != words) {
                return Some(format!(
                    "{} tries {} for {viewer}:\n  expected {own} '{words}'\n  tabula   {mine_own} '{mine_words}'",
                    f[0], f[1]
                ));
            }
        }
        None
    });
    assert_agree("kriegspiel", lines, &bad, 300);
}

/// Phantom Go's view as rows from the top (`x` `o` `.`) and the words
/// reduced as the script reduces OpenSpiel's last-move lines.
fn phantom_view(p: &PositionBox, viewer: u8, size: usize) -> String {
    let mut grid = vec!['.'; size * size];
    for piece in p.view_piece_list(viewer).unwrap() {
        let (file, rank) = (piece.cell as usize % size, piece.cell as usize / size);
        grid[(size - 1 - rank) * size + file] = if piece.owner == 0 { 'x' } else { 'o' };
    }
    let rows: Vec<String> = grid.chunks(size).map(|r| r.iter().collect()).collect();
    let words = p.announcement_for(viewer).unwrap();
    let words = if words.starts_with("illegal move") {
        "illegal".to_string()
    } else if words.ends_with("tried an illegal move") {
        "refused".to_string()
    } else if let Some(n) = words.split("captured ").nth(1) {
        format!("captured {}", n.split_whitespace().next().unwrap_or(""))
    } else if words.ends_with("passed") {
        "passed".to_string()
    } else {
        "played".to_string()
    };
    format!("{}|{words}", rows.join("/"))
}

#[test]
fn phantom_go_tries_results_and_views_match_openspiel() {
    let views = scratch_dir("reference_fog_phantomgo").join("views.tsv");
    let args = run_args(&views, &["--games", "6"]);
    let out = run_script("phantomgo_reference.py", &args);
    assert!(out.contains("phantomgo reference: no mismatch"), "unexpected report:\n{out}");
    let rules = plugin_rules("phantomgo", &[("size", "9"), ("komi", "7.5")]);
    let mut replayer = Replayer::new(&rules);
    let (lines, bad) = compare_lines(&views, |f| {
        let p = replayer.at("", f[0]);
        let mine = [phantom_view(p, 0, 9), phantom_view(p, 1, 9)];
        (mine[0] != f[1] || mine[1] != f[2])
            .then(|| format!("tries {}:\n  OpenSpiel {} / {}\n  tabula    {} / {}", f[0], f[1], f[2], mine[0], mine[1]))
    });
    assert_agree("phantomgo", lines, &bad, 300);
}
