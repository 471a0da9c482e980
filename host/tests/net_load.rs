//! A small version of the load test of scripts/net-load.sh: twenty
//! clients in ten rooms play random legal games to the end against one
//! real `tabula serve`, and every game's stored record matches what its
//! players saw.

mod net_support;

use std::sync::Arc;
use std::time::Duration;

use net_support::Server;
use rules_api::PluginKind;
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_net::load::{run, LoadConfig};

#[test]
fn twenty_clients_in_ten_rooms_lose_nothing() {
    let data = tempfile::tempdir().unwrap();
    // Simulated players move as fast as the server answers: far above
    // the default rate allowed a person.
    let server = Server::start(data.path(), "127.0.0.1:0", &["--rate", "5000"]);
    let plugin = find_plugin("chess", PluginKind::RULES, &PluginDirs::new([])).unwrap();
    let rules = Arc::new(plugin.new_rules(&[]).unwrap());
    let config = LoadConfig {
        addr: server.addr.clone(),
        rooms: 10,
        rules: "chess".into(),
        max_plies: 120,
        seed: 7,
        timeout: Duration::from_secs(120),
        spread: true,
    };
    let report = run(&config, rules);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    assert_eq!((report.clients, report.finished, report.records_complete), (20, 10, 10), "{report:?}");
    assert!(report.moves >= 10, "{report:?}");
}
