//! The loadable `alphabeta` plugin: exports the computer player of `tabula-ai-alphabeta` and
//! nothing else, so tests and programs can link any number of plugin
//! `rlib`s while the loader finds exactly one root module per library.

rules_api::export_strategy_plugin! {
    name: "alphabeta",
    description: "Alpha-beta search with iterative deepening (hard)",
    options: tabula_alphabeta::alphabeta_options,
    new: tabula_alphabeta::AlphaBetaStrategy::from_options,
}
