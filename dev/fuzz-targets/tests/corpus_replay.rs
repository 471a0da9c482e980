//! The fuzz targets in the ordinary suite: every committed corpus file of
//! every target of `fuzz/`, then a fixed number of seeded mutations of the
//! corpus (bit flips, byte changes, insertions, deletions, repeats and
//! splices of two entries), through the same functions libFuzzer calls.
//! Not coverage-guided — `scripts/fuzz.sh` is — but it runs on the stable
//! toolchain in seconds, so a change that makes a parser panic on a corpus
//! input or a near variant of one fails CI.
//!
//! `TABULA_FUZZ_MUTATIONS` (per target) and `TABULA_FUZZ_SEED` change the
//! run for a longer local check; a failure prints both.

use std::collections::BTreeSet;
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, Once};

use tabula_fuzz_targets::{check_plugins, Target, NEEDS_PLUGINS, TARGETS};
use tabula_kit::rand::seq::IndexedRandom;
use tabula_kit::rand::Rng as _;
use tabula_kit::rng::{rng_from_seed, Rng};

/// Mutated inputs per target: the whole replay stays within about 20 s of
/// a release build on a loaded 2-core machine.
const MUTATIONS: usize = 2000;
/// Fewer for the engine streams whose `go` or `genmove` waits for a search
/// thread in steps of the engine's poll interval (up to 25 ms an input).
const SLOW_MUTATIONS: usize = 400;
const SLOW: &[&str] = &["uci_stream", "ucci_stream", "gomocup_stream", "gtp_stream"];
/// The seed of the mutations (mixed with each target's name).
const SEED: u64 = 0x7ab0_1af0;
/// libFuzzer's `-max_len` in `scripts/fuzz.sh`.
const MAX_LEN: usize = 8192;

/// Panics seen on any thread: the network and protocol targets run work on
/// threads of their own, where `catch_unwind` on the caller sees nothing.
static PANICS: AtomicUsize = AtomicUsize::new(0);
/// One target runs at a time, so a panic is charged to the right input.
static SERIAL: Mutex<()> = Mutex::new(());

fn count_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            PANICS.fetch_add(1, Ordering::SeqCst);
            previous(info);
        }));
    });
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `[[bin]]` names of `fuzz/Cargo.toml`: the targets cargo-fuzz builds.
fn fuzz_bins() -> BTreeSet<String> {
    let path = root().join("fuzz/Cargo.toml");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let manifest: toml::Table = text.parse().unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let bins = manifest.get("bin").and_then(|b| b.as_array()).expect("fuzz/Cargo.toml has [[bin]] targets");
    bins.iter().map(|b| b.get("name").and_then(|n| n.as_str()).expect("a [[bin]] has a name").to_string()).collect()
}

/// The committed corpus of a target, by file name.
fn corpus(name: &str) -> Vec<(String, Vec<u8>)> {
    let dir = root().join("fuzz/corpus").join(name);
    let entries =
        std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e} (every target needs a corpus)", dir.display()));
    let mut files: Vec<(String, Vec<u8>)> = entries
        .map(|e| {
            let path = e.expect("a corpus entry").path();
            let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path.file_name().unwrap().to_string_lossy().into_owned(), data)
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{}: empty (every target needs a corpus)", dir.display());
    files
}

/// Runs one input; on a panic (on any thread) says which target and input.
fn run(name: &str, target: Target, data: &[u8], what: &str) -> Result<(), String> {
    let before = PANICS.load(Ordering::SeqCst);
    let caught = panic::catch_unwind(AssertUnwindSafe(|| target(data)));
    if caught.is_err() || PANICS.load(Ordering::SeqCst) != before {
        return Err(format!(
            "fuzz target {name} panicked on {what} ({} bytes): \"{}\"",
            data.len(),
            data.escape_ascii()
        ));
    }
    Ok(())
}

/// One to four random edits of a corpus entry, some of them splices with
/// another entry.
fn mutate(rng: &mut Rng, corpus: &[(String, Vec<u8>)]) -> Vec<u8> {
    const SPECIAL: &[u8] = b"\0\n\r\t \x7f\xff\xc3\xa9-+0123456789=#/\"{}[]:,.";
    let mut data = corpus.choose(rng).expect("a corpus").1.clone();
    for _ in 0..rng.random_range(1..=4) {
        let at = rng.random_range(0..=data.len());
        match rng.random_range(0..7) {
            0 if !data.is_empty() => {
                let i = at.min(data.len() - 1);
                data[i] ^= 1 << rng.random_range(0..8);
            }
            1 if !data.is_empty() => {
                let i = at.min(data.len() - 1);
                data[i] = *SPECIAL.choose(rng).unwrap();
            }
            2 => {
                let n = rng.random_range(1..=8);
                let bytes: Vec<u8> = (0..n)
                    .map(|_| if rng.random_bool(0.5) { *SPECIAL.choose(rng).unwrap() } else { rng.random() })
                    .collect();
                data.splice(at..at, bytes);
            }
            3 => {
                let end = rng.random_range(at..=data.len().min(at + 32));
                data.drain(at..end);
            }
            4 if !data.is_empty() => {
                let start = rng.random_range(0..data.len());
                let end = rng.random_range(start..=data.len().min(start + 64));
                let chunk = data[start..end].repeat(rng.random_range(1..=4));
                data.splice(at..at, chunk);
            }
            _ => {
                let other = &corpus.choose(rng).unwrap().1;
                let from = rng.random_range(0..=other.len());
                data.truncate(at);
                data.extend_from_slice(&other[from..]);
            }
        }
    }
    data.truncate(MAX_LEN);
    data
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().map_or(default, |v| v.parse().unwrap_or_else(|_| panic!("{name}={v}: not a number")))
}

#[test]
fn the_target_list_is_fuzz_cargo_toml_list() {
    let ours: BTreeSet<String> = TARGETS.iter().map(|(n, _)| n.to_string()).collect();
    let bins = fuzz_bins();
    let no_function: Vec<_> = bins.difference(&ours).collect();
    let no_bin: Vec<_> = ours.difference(&bins).collect();
    assert!(
        no_function.is_empty() && no_bin.is_empty(),
        "fuzz/Cargo.toml [[bin]] targets without a function in dev/fuzz-targets TARGETS: {no_function:?}; \
         TARGETS without a [[bin]] in fuzz/Cargo.toml: {no_bin:?}"
    );
    for name in &bins {
        let source = root().join(format!("fuzz/fuzz_targets/{name}.rs"));
        let text = std::fs::read_to_string(&source).unwrap_or_else(|e| panic!("{}: {e}", source.display()));
        assert!(text.contains(&format!("tabula_fuzz_targets::{name}(")), "{} does not call {name}", source.display());
    }
}

#[test]
fn every_target_survives_its_corpus_and_seeded_mutations() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    if let Err(why) = check_plugins() {
        panic!("{why} (targets {NEEDS_PLUGINS:?})");
    }
    count_panics();
    let seed = env_number("TABULA_FUZZ_SEED", SEED);
    let mut failures = Vec::new();
    for &(name, target) in TARGETS {
        let usual = if SLOW.contains(&name) { SLOW_MUTATIONS } else { MUTATIONS };
        let mutations = env_number("TABULA_FUZZ_MUTATIONS", usual as u64);
        let corpus = corpus(name);
        let started = std::time::Instant::now();
        let replay =
            corpus.iter().try_for_each(|(file, data)| run(name, target, data, &format!("fuzz/corpus/{name}/{file}")));
        let name_key = name.bytes().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
        let mut rng = rng_from_seed(seed ^ name_key);
        let mutated = replay.and_then(|()| {
            (0..mutations).try_for_each(|i| {
                let data = mutate(&mut rng, &corpus);
                run(
                    name,
                    target,
                    &data,
                    &format!("mutation {i} (TABULA_FUZZ_SEED={seed}, TABULA_FUZZ_MUTATIONS={mutations})"),
                )
            })
        });
        eprintln!(
            "fuzz replay: {name}: {} corpus files + {mutations} mutations in {:.1} s",
            corpus.len(),
            started.elapsed().as_secs_f64()
        );
        if let Err(e) = mutated {
            failures.push(e);
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The harness itself: a panic on another thread is charged to the input,
/// and the report names the target and shows the input escaped.
#[test]
fn a_panic_names_the_target_and_the_input() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    count_panics();
    fn elsewhere(data: &[u8]) {
        if data.first() == Some(&b'!') {
            let _ = std::thread::spawn(|| panic!("a thread of the target")).join();
        }
    }
    assert_eq!(run("probe", elsewhere, b"fine", "a test input"), Ok(()));
    let report = run("probe", elsewhere, b"!\n\xff", "a test input").unwrap_err();
    assert!(report.contains("fuzz target probe panicked on a test input"), "{report}");
    assert!(report.contains(r#""!\n\xff""#), "{report}");
}
