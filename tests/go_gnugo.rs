//! Go against an independent implementation: GNU Go (Debian's gnugo,
//! installed by scripts/setup.sh --test) over GTP, with Chinese rules,
//! positional superko and suicide forbidden, as the plugin plays.
//!
//! Seeded games are played on both boards at once: random moves that do
//! not fill the mover's own eyes, then (odd seeds), from a seeded ply on,
//! GNU Go's own `genmove` for both sides until two passes. Before every move, GNU Go's
//! `is_legal` is asked about every point for the side to move and must
//! agree with the plugin's legal moves. At the end, the stones GNU Go's
//! `final_status_list dead` names are marked dead through the plugin's
//! `count_score` (the window's count), and GNU Go's `final_score` must equal
//! the plugin's result; where no stone is dead, the plugin's own area count
//! (every stone alive, the match's count) must equal it too.
//!
//! `GO_GNUGO_GAMES=N` plays N games on each of 5×5, 7×7, 9×9 and 13×13
//! and N/5 on 19×19 instead of the suite's short run, with the tally after
//! each game: the campaign recorded in docs/BENCHMARKS.md.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use rand::Rng as _;
use rules_api::{
    HighlightKind, Move, Notation, PlayerScore, PositionBox, PositionExt, RSlice, RVec, RulesBox, RulesExt, Status,
    StatusKind,
};
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
    fn start(size: usize, komi: &str, handicap: usize) -> GnuGo {
        assert!(Path::new(GNUGO).exists(), "{GNUGO} is missing: run scripts/setup.sh --test");
        let mut child = Command::new(GNUGO)
            .args([
                "--mode",
                "gtp",
                "--level",
                "1",
                "--seed",
                "1",
                "--chinese-rules",
                "--positional-superko",
                "--forbid-suicide",
            ])
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
        if handicap > 0 {
            g.ask(&format!("fixed_handicap {handicap}"));
        }
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
    games: u64,
    points_compared: u64,
    ko_positions: u64,
    /// Final scores equal with every stone alive (no stone dead).
    counts_all_alive: u64,
    /// Final scores equal with GNU Go's dead stones marked.
    counts_with_dead: u64,
    /// Dead stones marked in those.
    dead_stones: u64,
    /// Games with handicap stones.
    handicap_games: u64,
    /// Counts that differ where neutral points (dame) remain: GNU Go's
    /// `final_score` plays such positions out before counting.
    differ_with_dame: u64,
}

/// GTP's score text (`B+3.5`, `W+0.5`, `0`) of a count.
fn score_text(status: &Status, scores: &[PlayerScore]) -> String {
    let margin = scores[0].points - scores[1].points;
    match status.kind {
        StatusKind::DRAW => "0".to_string(),
        _ if margin > 0.0 => format!("B+{margin:.1}"),
        _ => format!("W+{:.1}", -margin),
    }
}

/// Plays one seeded game on both boards, comparing legality before every
/// move and the count at the end.
fn cross_check(size: usize, seed: u64, tally: &mut Tally) {
    let komi = "7.5";
    let size_text = size.to_string();
    // Every third game on 7×7 and up has two handicap stones.
    let handicap = if size >= 7 && seed % 3 == 1 { 2 } else { 0 };
    let handicap_text = handicap.to_string();
    let rules = load("go", &[("size", &size_text), ("komi", komi), ("handicap", &handicap_text)]);
    let geometry = rules.board().unwrap();
    let mut gnugo = GnuGo::start(size, komi, handicap);
    let mut rng = rng_from_seed(seed);
    // Random moves up to here, GNU Go's own (level 1) for both sides
    // after; even seeds play randomly to the end, which meets more kos.
    let random_plies = if seed.is_multiple_of(2) { usize::MAX } else { rng.random_range(size..=size * size) };
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
        let m = if ply < random_plies {
            let candidates: Vec<Move> =
                legal.iter().copied().filter(|&m| m != Move::PASS && !fills_own_eye(&rules, &pos, m, size)).collect();
            let m = if candidates.is_empty() { Move::PASS } else { candidates[rng.random_range(0..candidates.len())] };
            gnugo.ask(&format!("play {} {}", colour(&pos), pos.notate(m, Notation::COORDINATE).unwrap()));
            m
        } else {
            let answer = gnugo.ask(&format!("genmove {}", colour(&pos)));
            if answer.eq_ignore_ascii_case("resign") {
                // GNU Go resigns lost games; pass them out to get a count.
                gnugo.ask(&format!("play {} pass", colour(&pos)));
                Move::PASS
            } else {
                pos.read_move(&answer, Notation::COORDINATE)
                    .unwrap_or_else(|e| panic!("seed {seed}: GNU Go's move '{answer}' is refused: {e}"))
            }
        };
        pos.play(m).unwrap();
    }
    let status = pos.outcome().unwrap();
    assert!(!status.is_ongoing(), "seed {seed}: the game did not end: {}", pos.text().unwrap());
    tally.games += 1;
    tally.handicap_games += (handicap > 0) as u64;
    let theirs = gnugo.ask("final_score");
    let dead_names = gnugo.ask("final_status_list dead");
    let dead: Vec<u16> = dead_names
        .split_whitespace()
        .map(|name| geometry.cells.iter().position(|c| c.name.as_str() == name).expect("a point of the board") as u16)
        .collect();
    let (mut marks, mut scores) = (RVec::new(), RVec::new());
    let counted = pos.count_score(RSlice::from_slice(&dead), &mut marks, &mut scores).into_result().unwrap();
    let ours = score_text(&counted, &scores);
    if dead.is_empty() {
        // The game's own result (every stone alive) is the same count.
        assert_eq!(score_text(&status, &pos.score_list().unwrap()), ours, "seed {seed}: {}", pos.text().unwrap());
    }
    if theirs != ours {
        // Points neither side owns once the dead stones are off: empty or
        // dead points without a territory mark.
        let alive: Vec<u16> = pos.piece_list().unwrap().iter().map(|p| p.cell).filter(|c| !dead.contains(c)).collect();
        let owned = |c: u16| marks.iter().any(|m| m.cell == c && m.kind == HighlightKind::TERRITORY);
        let dame = (0..geometry.cells.len() as u16).filter(|&c| !alive.contains(&c) && !owned(c)).count();
        assert!(
            dame > 0,
            "seed {seed}: the counts with {dead_names:?} dead differ: {theirs} against {ours}: {}",
            pos.text().unwrap()
        );
        tally.differ_with_dame += 1;
        return;
    }
    tally.counts_with_dead += !dead.is_empty() as u64;
    tally.counts_all_alive += dead.is_empty() as u64;
    tally.dead_stones += dead.len() as u64;
}

#[test]
fn legality_and_area_scores_agree_with_gnu_go_on_seeded_games() {
    let campaign: Option<u64> = std::env::var("GO_GNUGO_GAMES").ok().map(|n| n.parse().expect("GO_GNUGO_GAMES=N"));
    let plan: Vec<(usize, std::ops::Range<u64>)> = match campaign {
        None => vec![(5, 0..8), (7, 8..12), (9, 12..15)],
        // 19×19 games take minutes each: a fifth as many.
        Some(n) => [(5, n), (7, n), (9, n), (13, n), (19, n.div_ceil(5))]
            .into_iter()
            .zip(1u64..)
            .map(|((size, games), k)| (size, k * 100_000..k * 100_000 + games))
            .collect(),
    };
    let mut tally = Tally::default();
    for (size, seeds) in plan {
        for seed in seeds {
            cross_check(size, seed, &mut tally);
            if campaign.is_some() {
                eprintln!("{size}×{size} seed {seed}: {tally:?}");
            }
        }
    }
    eprintln!("{tally:?}");
    if campaign.is_none() {
        assert!(tally.counts_all_alive >= 3, "too few counts with every stone alive: {tally:?}");
        assert!(tally.counts_with_dead >= 3, "too few counts with dead stones: {tally:?}");
        assert!(tally.dead_stones >= 10, "too few dead stones marked: {tally:?}");
        assert!(tally.handicap_games >= 1, "no handicap game: {tally:?}");
        assert!(tally.ko_positions >= 5, "the games met too few kos to test them: {tally:?}");
    }
}
