//! A short version of the hostile campaign of scripts/net-campaign.sh:
//! two honest rooms each play two whole games of chess, one after the
//! other, while one attacker of each kind runs against the same server,
//! and every move they saw acknowledged is in the exported records.

mod net_support;

use std::sync::Arc;
use std::time::Duration;

use net_support::Server;
use rules_api::PluginKind;
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_net::campaign::{run, CampaignConfig};

#[test]
fn honest_rooms_play_game_after_game_under_attack() {
    let data = tempfile::tempdir().unwrap();
    // The public settings but the message rate: these players answer at
    // once, far faster than the rate allowed a person.
    let server = Server::start(data.path(), "127.0.0.1:0", &["--tls-self-signed", "--rate", "5000"]);
    let plugin = find_plugin("chess", PluginKind::RULES, &PluginDirs::new([])).unwrap();
    let rules = Arc::new(plugin.new_rules(&[]).unwrap());
    let config = CampaignConfig {
        addr: server.addr.clone(),
        // Not a limit the test expects to meet: the rooms stop after their
        // games, and the attack with them.
        duration: Duration::from_secs(600),
        honest_rooms: 2,
        think: Duration::ZERO,
        attackers: 1,
        games: Some(2),
    };
    let report = run(&config, rules);
    assert!(report.errors.is_empty(), "{}", report.errors.join("\n"));
    assert_eq!((report.honest_games, report.fewest_games, report.lost), (4, 2, 0), "{report:?}");
    assert!(report.honest_moves > 0, "{report:?}");
}
