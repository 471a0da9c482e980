//! The loadable `draughts` plugin: exports the game of `tabula-draughts`
//! and nothing else.

rules_api::export_rules_plugin! {
    name: "draughts",
    description: "Draughts: international (FMJD 10x10, flying kings, majority capture) or English (checkers, 8x8)",
    options: tabula_draughts::option_specs,
    new: tabula_draughts::Draughts::from_options,
}
