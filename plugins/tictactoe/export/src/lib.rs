//! The loadable `tictactoe` plugin: exports the game and nothing else.

rules_api::export_rules_plugin! {
    name: "tictactoe",
    description: "Tic-tac-toe, the plugin tutorial (docs/WRITING-PLUGINS.md)",
    options: Vec::new,
    new: tabula_tictactoe::TicTacToe::new,
}
