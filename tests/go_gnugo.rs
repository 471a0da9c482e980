//! Go against an independent implementation: GNU Go (Debian's gnugo,
//! installed by scripts/setup.sh --test) over GTP, with Chinese rules,
//! positional superko and suicide forbidden, as the plugin plays.
//!
//! Seeded random games are played on both boards at once. Before every
//! move, GNU Go's `is_legal` is asked about every point for the side to
//! move and must agree with the plugin's legal moves. The games avoid
//! filling their own eyes, so they end (two passes) with the dead stones
//! captured; where GNU Go confirms no stone is dead, its `final_score` must
//! equal the plugin's area count.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use rand::Rng as _;
use rules_api::{Move, Notation, PositionBox, PositionExt, RulesBox, RulesExt, StatusKind};
use tabula_kit::rand;
use tabula_kit::rng_from_seed;
use tabula_suite::diagram::load;

const GNUGO: &str = "/usr/games/gnugo";

struct GnuGo {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl GnuGo {
    fn start(size: usize, komi: &str) -> GnuGo {
        assert!(Path::new(GNUGO).exists(), "{GNUGO} is missing: run scripts/setup.sh --test");
        let mut child = Command::new(GNUGO)
            .args(["--mode", "gtp", "--chinese-rules", "--positional-superko", "--forbid-suicide"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start gnugo");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut g = GnuGo { child, stdin, stdout };
        g.ask(&format!("boardsize {size}"));
        g.ask("clear_board");
        g.ask(&format!("komi {komi}"));
        g
    }

    /// The answer to `command`; panics on a GTP error.
    fn ask(&mut self, command: &str) -> String {
        writeln!(self.stdin, "{command}").and_then(|()| self.stdin.flush()).expect("write to gnugo");
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            assert!(self.stdout.read_line(&mut line).expect("read gnugo") > 0, "gnugo exited at '{command}'");
            if line.trim().is_empty() && !answer.is_empty() {
                break;
            }
            answer.push_str(&line);
        }
        assert!(answer.starts_with('='), "gnugo refused '{command}': {answer}");
        answer[1..].trim().to_string()
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn colour(pos: &PositionBox) -> &'static str {
    if pos.side_to_move() == 0 {
        "black"
    } else {
        "white"
    }
}

/// Whether `m` fills one of the mover's own eyes (every neighbour is the
/// mover's stone), read from the board's names: the neighbours of a point
/// are the points one column or one row away.
fn fills_own_eye(rules: &RulesBox, pos: &PositionBox, m: Move, size: usize) -> bool {
    if m.is_off_board() {
        return false;
    }
    let geometry = rules.board().unwrap();
    let cell = &geometry.cells[m.to as usize];
    let pieces = pos.piece_list().unwrap();
    let owner_at = |x: f32, y: f32| -> Option<Option<u8>> {
        let i = geometry.cells.iter().position(|c| c.x == x && c.y == y)?;
        Some(pieces.iter().find(|p| p.cell as usize == i).map(|p| p.owner))
    };
    let me = pos.side_to_move();
    let _ = size;
    [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)]
        .iter()
        .filter_map(|(dx, dy)| owner_at(cell.x + dx, cell.y + dy))
        .all(|owner| owner == Some(me))
}

/// What the games covered.
#[derive(Default, Debug)]
struct Tally {
    points_compared: u64,
    ko_positions: u64,
    counts_compared: u64,
}

/// Plays one seeded game on both boards, comparing legality before every
/// move and, when no stone is dead, the area count at the end.
fn cross_check(size: usize, seed: u64, tally: &mut Tally) {
    let komi = "7.5";
    let size_text = size.to_string();
    let rules = load("go", &[("size", &size_text), ("komi", komi)]);
    let geometry = rules.board().unwrap();
    let mut gnugo = GnuGo::start(size, komi);
    let mut rng = rng_from_seed(seed);
    let mut pos = rules.start().unwrap();
    for ply in 0..4 * size * size {
        if !pos.outcome().unwrap().is_ongoing() {
            break;
        }
        let legal = pos.moves().unwrap();
        tally.ko_positions += pos.highlight_list().unwrap().iter().any(|h| h.note.as_str() == "ko") as u64;
        tally.points_compared += geometry.cells.len() as u64;
        for (i, cell) in geometry.cells.iter().enumerate() {
            let ours = legal.contains(&Move::place(i as u16));
            let theirs = gnugo.ask(&format!("is_legal {} {}", colour(&pos), cell.name)) == "1";
            assert_eq!(
                ours,
                theirs,
                "seed {seed}, ply {ply}: {} {} is legal for {} here by {}: {}",
                colour(&pos),
                cell.name,
                if ours { "Tabula only" } else { "GNU Go only" },
                if ours { "Tabula" } else { "GNU Go" },
                pos.text().unwrap()
            );
        }
        let candidates: Vec<Move> =
            legal.iter().copied().filter(|&m| m != Move::PASS && !fills_own_eye(&rules, &pos, m, size)).collect();
        let m = if candidates.is_empty() { Move::PASS } else { candidates[rng.random_range(0..candidates.len())] };
        let name = pos.notate(m, Notation::COORDINATE).unwrap();
        gnugo.ask(&format!("play {} {name}", colour(&pos)));
        pos.play(m).unwrap();
    }
    let status = pos.outcome().unwrap();
    assert!(!status.is_ongoing(), "seed {seed}: the game did not end: {}", pos.text().unwrap());
    if !gnugo.ask("final_status_list dead").is_empty() {
        return;
    }
    let scores = pos.score_list().unwrap();
    let margin = scores[0].points - scores[1].points;
    let ours = match status.kind {
        StatusKind::DRAW => "0".to_string(),
        _ if margin > 0.0 => format!("B+{margin:.1}"),
        _ => format!("W+{:.1}", -margin),
    };
    assert_eq!(gnugo.ask("final_score"), ours, "seed {seed}: the area counts differ: {}", pos.text().unwrap());
    tally.counts_compared += 1;
}

#[test]
fn legality_and_area_scores_agree_with_gnu_go_on_seeded_random_games() {
    let mut tally = Tally::default();
    for (size, seeds) in [(5, 0..8), (7, 8..12), (9, 12..15)] {
        for seed in seeds {
            cross_check(size, seed, &mut tally);
        }
    }
    eprintln!("{tally:?}");
    assert!(tally.counts_compared >= 10, "too few final counts compared: {tally:?}");
    assert!(tally.ko_positions >= 5, "the games met too few kos to test them: {tally:?}");
}
