//! Nodes per second of the generic search on chess, xiangqi and gomoku,
//! through the plugin boundary, at fixed depths: the figure that must not
//! regress when the search learns new kinds of games.
//!
//! Run: `cargo bench -p tabula-ai-alphabeta --bench games_nps`. Each
//! position is searched `ROUNDS` times with a fresh table; the figure is
//! nodes per second of the thread's CPU time (a busy machine disturbs it
//! far less than wall time), best and median of the rounds. To compare two
//! versions of the search, build this bench from each and run the two
//! binaries alternately (docs/STRATEGIES.md gives the figures).

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use rules_api::plugin::{position_box, rules_box};
use rules_api::{Notation, PositionBox, PositionExt, RulesBox, RulesExt, SearchLimits};
use tabula_alphabeta::Searcher;
use tabula_chess::ChessPosition;

const ROUNDS: usize = 7;
const HASH_MB: usize = 16;

fn thread_cpu_time() -> Duration {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec for the call to fill.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

/// The start position of `rules` after `moves` (coordinate notation).
fn after(rules: &RulesBox, moves: &str) -> PositionBox {
    let mut pos = rules.start().expect("start position");
    for text in moves.split_whitespace() {
        let m = pos.read_move(text, Notation::COORDINATE).expect("benchmark move is legal");
        pos.play(m).expect("benchmark move plays");
    }
    pos
}

fn measure(name: &str, position: &PositionBox, depth: u32) {
    let mut rates = Vec::with_capacity(ROUNDS);
    let mut nodes = 0;
    for _ in 0..ROUNDS {
        let mut pos = position.clone();
        let mut searcher = Searcher::new(HASH_MB, 0);
        let stop = AtomicBool::new(false);
        let start = thread_cpu_time();
        let result = searcher.search(&mut pos, SearchLimits::depth(depth), &stop, &mut |_| {}).expect("search");
        let took = thread_cpu_time() - start;
        nodes = result.nodes;
        rates.push(nodes as f64 / took.as_secs_f64());
    }
    rates.sort_by(f64::total_cmp);
    println!(
        "{name:<22} depth {depth:>2} nodes {nodes:>9}  nps best {:>9.0} median {:>9.0}",
        rates[ROUNDS - 1],
        rates[ROUNDS / 2]
    );
}

fn main() {
    let chess = |fen: &str| position_box(ChessPosition::from_fen(fen).expect("benchmark FEN"));
    measure("chess start", &chess("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 7);
    measure("chess kiwipete", &chess("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"), 6);
    measure("chess middlegame", &chess("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"), 6);
    let xiangqi = rules_box(tabula_xiangqi::XiangqiRules::new());
    measure("xiangqi start", &after(&xiangqi, ""), 6);
    measure("xiangqi opening", &after(&xiangqi, "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7"), 6);
    let gomoku = rules_box(tabula_gomoku::GomokuRules::from_options(&Default::default()).expect("gomoku"));
    measure("gomoku opening", &after(&gomoku, "h8 i9 c8 j10"), 5);
    measure("gomoku block four", &after(&gomoku, "h8 i9 c8 j10 m3 k11 b13 l12"), 5);
}
