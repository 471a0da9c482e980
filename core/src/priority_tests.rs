//! A search thread started by a strategy player runs at the background
//! nice value once the program asks for background searches
//! (`priority`); the test sits beside both modules so neither imports the
//! other.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};

use rules_api::plugin::{strategy_box, StrategyImpl};
use rules_api::{ObserverMut, PluginError, PluginKind, PositionBox, SearchLimits, SearchResult};

use crate::players::{SearchOutcome, StrategyFactory, StrategyPlayer};
use crate::priority::{set_background_searches, this_thread_nice, BACKGROUND_NICE};

/// Notes the nice value of the thread it searches on.
struct Witness(Arc<Mutex<Vec<i32>>>);

impl StrategyImpl for Witness {
    fn choose_move(
        &mut self,
        _position: &mut PositionBox,
        _limits: SearchLimits,
        _stop: &AtomicBool,
        _observer: &mut ObserverMut<'_>,
    ) -> Result<SearchResult, PluginError> {
        self.0.lock().unwrap().push(this_thread_nice());
        Err(PluginError::internal("seen"))
    }
    fn new_game(&mut self) {}
}

#[test]
fn background_searches_run_at_the_background_nice_value() {
    let config = crate::config::Config::default_config().unwrap();
    let dirs = crate::plugins::PluginDirs::new([]);
    let plugin = crate::plugins::find_plugin(&config.game.rules, PluginKind::RULES, &dirs)
        .expect("the default rules plugin is built");
    let position = plugin.new_rules(&[]).unwrap().start_position().into_result().unwrap();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let s = Arc::clone(&seen);
    let factory: StrategyFactory = Arc::new(move || Ok(strategy_box(Witness(Arc::clone(&s)))));
    let limits = SearchLimits { time_ms: 0, depth: 1, nodes: 0, max_time_ms: 0 };
    let mut player = StrategyPlayer::with_factory("witness", factory, limits).unwrap();
    let caller = this_thread_nice();
    set_background_searches(true);
    let outcome = player.start(&position).wait(|_| {});
    set_background_searches(false);
    assert!(matches!(outcome, SearchOutcome::Failed(_)), "{outcome:?}");
    let seen = seen.lock().unwrap().clone();
    assert_eq!(seen, vec![caller.max(BACKGROUND_NICE)], "the search thread was lowered");
    assert_eq!(this_thread_nice(), caller, "the caller's own priority is untouched");
}
