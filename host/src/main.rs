//! The `tabula` executable: see `tabula --help`.

fn main() {
    std::process::exit(tabula::cli::run());
}
