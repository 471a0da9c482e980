//! The loadable `tridchess` plugin: exports the game of `tabula-tridchess`
//! and nothing else.

rules_api::export_rules_plugin! {
    name: "tridchess",
    description: "Star Trek tri-dimensional chess: three 4x4 levels and four movable attack boards (Federation Standard 5.0, Roth's revision)",
    options: tabula_tridchess::option_specs,
    new: tabula_tridchess::TriDChess::from_options,
}
