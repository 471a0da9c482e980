//! Perft speed: cozy-chess's own copy-make perft against the same perft
//! driven through the boundary, in the same run, on the start position and
//! Kiwipete. Three walks:
//!
//! * `native`: cozy-chess copy-make, leaves counted in bulk (the sizes of
//!   the piece-move sets at depth 1);
//! * `boxed`: `position_box(ChessPosition)` made in this program (the
//!   abi_stable vtable, the panic guard, move translation, the legality
//!   check of every made move, repetition and evaluation bookkeeping);
//! * `loaded`: the same through the real plugin library
//!   `libtabula_plugin_chess.so`, opened as the host opens it, which is
//!   what `tabula perft --rules chess` runs.
//!
//! Both boundary walks count the last ply with `count_legal_moves`, as
//! `tabula perft` does, so all three do the same work.
//!
//! Run (the library must be built first, in the same target directory):
//!
//! ```text
//! cargo build --release -p tabula-chess-export
//! cargo bench -p tabula-chess --bench perft
//! ```
//!
//! Besides criterion's timings (elements/s = nodes/s), `--bench` runs print
//! a table of nodes per second of the three walks, measured in alternating
//! rounds, and the boundary/native ratios.
//!
//! For instruction counts (repeatable on a loaded machine), one walk can be
//! run alone: `PERFT_ONCE=<native|boxed|loaded>:<start|kiwipete>` runs that
//! perft once at the table's depth, prints the node count and time and
//! exits; run it
//! under `valgrind --tool=callgrind --toggle-collect='*perft_once_walk*'` to
//! count the walk alone (see docs/BENCHMARKS.md). `TABULA_CHESS_SO` names
//! another library file.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::{BenchmarkId, Criterion, Throughput};
use rules_api::abi_stable::library::lib_header_from_path;
use rules_api::plugin::position_box;
use rules_api::{Options, PluginModRef, PositionBox, RulesExt};
use tabula_chess::{native_perft, ChessPosition};

use tabula_kit::perft::perft;

/// (name, FEN, criterion depth, table depth). The table depths are those
/// of `tabula perft --rules chess --depth 5` and Kiwipete at depth 4.
const CASES: &[(&str, &str, usize, usize)] = &[
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 5),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 4),
];

/// The plugin library next to this benchmark's build (`target/<profile>/`),
/// or `$TABULA_CHESS_SO`.
fn library_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("TABULA_CHESS_SO") {
        return Some(PathBuf::from(p));
    }
    // The bench runs from target/<profile>/deps/.
    let exe = std::env::current_exe().ok()?;
    Some(exe.parent()?.parent()?.join("libtabula_plugin_chess.so"))
}

/// A position from the loaded plugin library, if it can be opened.
fn loaded_position(fen: &str) -> Result<PositionBox, String> {
    let path = library_path().ok_or("no library path")?;
    let header = lib_header_from_path(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let module = header.init_root_module::<PluginModRef>().map_err(|e| format!("{}: {e}", path.display()))?;
    let rules = (module.new_rules())(&Options::new()).into_result().map_err(|e| e.to_string())?;
    rules.position(fen).map_err(|e| e.to_string())
}

struct Case {
    name: &'static str,
    depth: usize,
    board: cozy_chess::Board,
    boxed: PositionBox,
    loaded: Option<PositionBox>,
}

impl Case {
    fn new(name: &'static str, fen: &str, depth: usize) -> Self {
        let pos = ChessPosition::from_fen(fen).unwrap();
        let loaded = match loaded_position(fen) {
            Ok(p) => Some(p),
            Err(e) => {
                eprintln!(
                    "loaded-library perft skipped ({e}); build it with `cargo build --release -p tabula-chess-export`"
                );
                None
            }
        };
        Case { name, depth, board: pos.board().clone(), boxed: position_box(pos), loaded }
    }
    fn native(&self) -> u64 {
        native_perft(black_box(&self.board), self.depth)
    }
    fn boxed(&mut self) -> u64 {
        perft(black_box(&mut self.boxed), self.depth as u32).expect("perft through the boundary")
    }
    fn loaded(&mut self) -> Option<u64> {
        let p = self.loaded.as_mut()?;
        Some(perft(black_box(p), self.depth as u32).expect("perft through the loaded library"))
    }
}

fn benches(c: &mut Criterion) {
    for &(name, fen, depth, _) in CASES {
        let mut case = Case::new(name, fen, depth);
        let nodes = case.native();
        assert_eq!(nodes, case.boxed(), "native and boxed perfts must agree");
        if let Some(n) = case.loaded() {
            assert_eq!(nodes, n, "native and loaded perfts must agree");
        }
        let mut group = c.benchmark_group(format!("perft/{}", case.name));
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(BenchmarkId::new("native cozy copy-make", depth), |b| b.iter(|| case.native()));
        group.bench_function(BenchmarkId::new("boxed PositionBox", depth), |b| b.iter(|| case.boxed()));
        if case.loaded.is_some() {
            group.bench_function(BenchmarkId::new("loaded .so", depth), |b| b.iter(|| case.loaded()));
        }
        group.finish();
    }
}

/// Times one call of `f`.
fn timed(f: &mut impl FnMut() -> u64) -> f64 {
    let start = Instant::now();
    black_box(f());
    start.elapsed().as_secs_f64()
}

/// The best (least disturbed) and median of a set of round times.
fn best_and_median(mut times: Vec<f64>) -> (f64, f64) {
    times.sort_by(f64::total_cmp);
    (times[0], times[times.len() / 2])
}

/// Nodes per second of the three perfts, measured in alternating rounds for
/// about `budget` per position so that load from other processes hits them
/// alike. Reports the best round and the median round of each, and the
/// ratios to native of the same statistic.
fn ratio_report(budget: Duration) {
    println!();
    println!("perft nodes/s: native cozy-chess copy-make, boxed PositionBox, loaded plugin library");
    println!("(alternating rounds; best round, then median round in brackets; ratios are to native)");
    println!(
        "{:<9} {:>5} {:>8} {:>6} {:>17} {:>17} {:>17} {:>12} {:>12}",
        "position", "depth", "nodes", "rounds", "native n/s", "boxed n/s", "loaded n/s", "boxed/nat", "loaded/nat"
    );
    for &(name, fen, _, depth) in CASES {
        let mut case = Case::new(name, fen, depth);
        let nodes = case.native() as f64;
        let (mut native, mut boxed, mut loaded) = (Vec::new(), Vec::new(), Vec::new());
        let start = Instant::now();
        while start.elapsed() < budget || native.len() < 5 {
            native.push(timed(&mut || case.native()));
            boxed.push(timed(&mut || case.boxed()));
            if case.loaded.is_some() {
                loaded.push(timed(&mut || case.loaded().unwrap_or(0)));
            }
        }
        let rounds = native.len();
        let (nb, nm) = best_and_median(native);
        let (bb, bm) = best_and_median(boxed);
        let speed = |best: f64, median: f64| format!("{:>6.1}M [{:>6.1}M]", nodes / best / 1e6, nodes / median / 1e6);
        let ratio = |best: f64, median: f64| format!("{:.2} [{:.2}]", nb / best, nm / median);
        let (loaded_speed, loaded_ratio) = if loaded.is_empty() {
            ("not loaded".to_string(), "-".to_string())
        } else {
            let (lb, lm) = best_and_median(loaded);
            (speed(lb, lm), ratio(lb, lm))
        };
        println!(
            "{:<9} {:>5} {:>8} {:>6} {:>17} {:>17} {:>17} {:>12} {:>12}",
            case.name,
            depth,
            nodes,
            rounds,
            speed(nb, nm),
            speed(bb, bm),
            loaded_speed,
            ratio(bb, bm),
            loaded_ratio
        );
    }
    println!();
}

/// Runs one perft for an instruction count: `PERFT_ONCE=<walk>:<position>`.
fn perft_once(spec: &str) {
    let (walk, name) = spec.split_once(':').unwrap_or((spec, "start"));
    let &(name, fen, _, depth) =
        CASES.iter().find(|c| c.0 == name).unwrap_or_else(|| panic!("PERFT_ONCE: no position '{name}'"));
    let mut case = Case::new(name, fen, depth);
    let started = Instant::now();
    let nodes = perft_once_walk(&mut case, walk);
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{walk} {name} depth {depth}: {nodes} nodes in {seconds:.3} s ({:.1} M nodes/s)",
        nodes as f64 / seconds / 1e6
    );
}

/// The measured walk of [`perft_once`] (named for callgrind's
/// `--toggle-collect`, so set-up and library loading are not counted).
#[inline(never)]
fn perft_once_walk(case: &mut Case, walk: &str) -> u64 {
    match walk {
        "native" => case.native(),
        "boxed" => case.boxed(),
        "loaded" => case.loaded().expect("the plugin library could not be loaded"),
        other => panic!("PERFT_ONCE: walk '{other}' is not native, boxed or loaded"),
    }
}

fn main() {
    if let Ok(spec) = std::env::var("PERFT_ONCE") {
        perft_once(&spec);
        return;
    }
    let bench_mode = std::env::args().any(|a| a == "--bench");
    let mut c = Criterion::default().configure_from_args();
    benches(&mut c);
    if bench_mode {
        ratio_report(Duration::from_secs(5));
    }
    c.final_summary();
}
