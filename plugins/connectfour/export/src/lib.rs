//! The loadable `connectfour` plugin: exports the game of
//! `tabula-connectfour` and nothing else.

rules_api::export_rules_plugin! {
    name: "connectfour",
    description: "Connect four: drop discs into a 7x6 upright board, four in a line wins",
    options: tabula_connectfour::option_specs,
    new: tabula_connectfour::ConnectFour::from_options,
}
