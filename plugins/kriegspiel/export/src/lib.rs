//! The loadable `kriegspiel` plugin: exports the game of `tabula-kriegspiel`
//! and nothing else.

rules_api::export_rules_plugin! {
    name: "kriegspiel",
    description: "Kriegspiel (ICC wild 16): chess where you see only your own pieces and an umpire answers your tries",
    options: tabula_kriegspiel::options,
    new: tabula_kriegspiel::KriegspielRules::from_options,
}
