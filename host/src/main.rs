//! The `tabula` executable: see `tabula --help`. A thin command line over
//! `tabula-core`; the desktop window comes from `tabula-gui` when the `gui`
//! feature (on by default) is enabled.

mod cli;

fn main() {
    std::process::exit(cli::run());
}
