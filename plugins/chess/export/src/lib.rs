//! The loadable `chess` plugin: exports the game of `tabula-chess` and
//! nothing else, so tests and programs can link any number of plugin
//! `rlib`s while the loader finds exactly one root module per library.

rules_api::export_rules_plugin! {
    name: "chess",
    description: "International chess (FIDE rules), move generation by cozy-chess",
    options: tabula_chess::chess_options,
    new: tabula_chess::ChessRules::from_options,
}
