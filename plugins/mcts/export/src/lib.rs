//! The loadable `mcts` plugin: exports the computer player of `tabula-mcts` and
//! nothing else, so tests and programs can link any number of plugin
//! `rlib`s while the loader finds exactly one root module per library.

rules_api::export_strategy_plugin! {
    name: "mcts",
    description: "Monte Carlo tree search (PUCT with playouts or the game's evaluation); plays any game",
    options: tabula_mcts::mcts_options,
    new: tabula_mcts::MctsStrategy::from_options,
}
