//! The loadable `chinesecheckers` plugin: exports the game of
//! `tabula-chinese-checkers` and nothing else.

rules_api::export_rules_plugin! {
    name: "chinesecheckers",
    description: "Chinese checkers (Sternhalma): race your ten marbles across the star (2, 3, 4 or 6 players)",
    options: tabula_chinese_checkers::option_specs,
    new: tabula_chinese_checkers::ChineseCheckers::from_options,
}
