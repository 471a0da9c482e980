//! Running the reference scripts of `tests/reference/`: they drive the real
//! `tabula` binary against an independent implementation and exit 0 when
//! everything agrees, 1 on a mismatch (the first few printed) and 2 when
//! the reference is missing.

use std::path::PathBuf;
use std::process::{Command, Output};

use crate::fixtures::workspace;

/// The interpreter: `$PYTHON`, else `python3`.
pub fn python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string())
}

/// A script of `tests/reference/`.
pub fn script(name: &str) -> PathBuf {
    workspace().join("tests").join("reference").join(name)
}

/// Runs a reference script and fails the test, with everything it printed
/// and how to install what is missing, unless it exits 0.
pub fn run_script(name: &str, args: &[&str]) -> String {
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
