//! The loadable `{{name}}` plugin: exports the computer player and nothing else.

rules_api::export_strategy_plugin! {
    name: "{{name}}",
    description: "One move ahead by the game's evaluation (made by tabula new-plugin)",
    options: {{lib}}::options,
    new: {{lib}}::{{Type}}::new,
}
