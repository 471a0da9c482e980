//! Standard output for the subcommands. `println!` panics when the reader
//! has gone (`tabula conform | head`); a program in a pipeline should end
//! quietly then, as one killed by SIGPIPE does. SIGPIPE itself stays
//! ignored (Rust's default): the engine client writes to child processes,
//! and an engine that dies must not take the host with it.

use std::fmt;
use std::io::{self, Write};

/// The exit status of a program ended by SIGPIPE (128 + 13), as a shell
/// reports it.
pub const CLOSED_OUTPUT: i32 = 141;

/// `println!` that ends the program quietly when standard output is closed.
macro_rules! outln {
    () => {
        $crate::cli::out::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::cli::out::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` (flushed: it prompts) that ends the program quietly when
/// standard output is closed.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::cli::out::write(format_args!($($arg)*))
    };
}

pub(crate) use {out, outln};

/// Writes to standard output and flushes; see [`failed`] for errors.
pub fn write(args: fmt::Arguments<'_>) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        failed(&e);
    }
}

/// Ends the program after a failed write to standard output: quietly with
/// [`CLOSED_OUTPUT`] when the reader has gone, with a message otherwise
/// (a full disk behind a redirection).
pub fn failed(e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(CLOSED_OUTPUT);
    }
    eprintln!("error: cannot write to standard output: {e}");
    std::process::exit(1);
}
