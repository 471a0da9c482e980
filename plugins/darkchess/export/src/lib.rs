//! The loadable `darkchess` plugin: exports the game of `tabula-darkchess`
//! and nothing else.

rules_api::export_rules_plugin! {
    name: "darkchess",
    description: "Dark chess (fog of war): you see only where your pieces can move; capture the king to win",
    options: tabula_darkchess::options,
    new: tabula_darkchess::DarkChessRules::from_options,
}
