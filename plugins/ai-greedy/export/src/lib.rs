//! The loadable `greedy` plugin: exports the computer player of `tabula-ai-greedy` and
//! nothing else, so tests and programs can link any number of plugin
//! `rlib`s while the loader finds exactly one root module per library.

rules_api::export_strategy_plugin! {
    name: "greedy",
    description: "Plays the move with the best immediate result (medium)",
    options: tabula_greedy::greedy_options,
    new: tabula_greedy::GreedyStrategy::from_options,
}
