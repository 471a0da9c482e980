//! The loadable `othello` plugin: exports the game of `tabula-othello` and
//! nothing else.

rules_api::export_rules_plugin! {
    name: "othello",
    description: "Othello (reversi) on 8x8 under the World Othello Federation rules, d3 notation",
    options: tabula_othello::option_specs,
    new: tabula_othello::Othello::from_options,
}
