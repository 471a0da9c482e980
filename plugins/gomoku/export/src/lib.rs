//! The loadable `gomoku` plugin: exports the game of `tabula-gomoku` and
//! nothing else, so tests and programs can link any number of plugin
//! `rlib`s while the loader finds exactly one root module per library.

rules_api::export_rules_plugin! {
    name: "gomoku",
    description: "Gomoku (five in a row) with freestyle, standard and renju rules",
    options: tabula_gomoku::option_specs,
    new: tabula_gomoku::GomokuRules::from_options,
}
