//! The loadable `morris` plugin: exports the game of `tabula-morris` and
//! nothing else.

rules_api::export_rules_plugin! {
    name: "morris",
    description: "Nine men's morris: place, move and fly your men, close mills to remove the opponent's",
    options: tabula_morris::option_specs,
    new: tabula_morris::NineMensMorris::from_options,
}
