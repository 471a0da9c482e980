//! The loadable `random` plugin: exports the computer player of `tabula-ai-random` and
//! nothing else, so tests and programs can link any number of plugin
//! `rlib`s while the loader finds exactly one root module per library.

rules_api::export_strategy_plugin! {
    name: "random",
    description: "Plays a uniformly random legal move (easy)",
    options: tabula_random::random_options,
    new: tabula_random::RandomStrategy::from_options,
}
