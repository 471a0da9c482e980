//! The loadable `stratego` plugin: exports the game of `tabula-stratego`
//! and nothing else.

rules_api::export_rules_plugin! {
    name: "stratego",
    description: "Stratego: the classic 10x10 game, setup phase and hidden ranks (Jumbo Original Game Rules; ISF as an option)",
    options: tabula_stratego::option_specs,
    new: tabula_stratego::Stratego::from_options,
}
