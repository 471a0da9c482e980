//! The loadable `phantomttt` plugin: exports the game and nothing else.

rules_api::export_rules_plugin! {
    name: "phantomttt",
    description: "Phantom tic-tac-toe: you see only your own marks and the ones you bump into",
    options: Vec::new,
    new: tabula_phantomttt::PhantomTicTacToe::new,
}
