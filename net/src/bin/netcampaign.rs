//! `tabula-netcampaign`: the hostile campaign of scripts/net-campaign.sh
//! against a running `tabula serve` on loopback; prints one JSON line.
//!
//! Usage: `tabula-netcampaign ADDR SECONDS [HONEST_ROOMS=10] [ATTACKERS=2] [THINK_MS=100]`

use std::sync::Arc;
use std::time::Duration;

use rules_api::PluginKind;
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_net::campaign::{run, CampaignConfig};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| args.get(i).map_or(Ok(default), |a| a.parse::<u64>());
    let (Some(addr), Ok(seconds), Ok(rooms), Ok(attackers), Ok(think)) =
        (args.first(), number(1, 60), number(2, 10), number(3, 2), number(4, 100))
    else {
        eprintln!("usage: tabula-netcampaign ADDR SECONDS [HONEST_ROOMS=10] [ATTACKERS=2] [THINK_MS=100]");
        std::process::exit(2);
    };
    let rules = match find_plugin("chess", PluginKind::RULES, &PluginDirs::new([])).and_then(|p| p.new_rules(&[])) {
        Ok(r) => Arc::new(r),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    };
    let config = CampaignConfig {
        addr: addr.clone(),
        duration: Duration::from_secs(seconds),
        honest_rooms: rooms as usize,
        think: Duration::from_millis(think),
        attackers: attackers as usize,
        games: None,
    };
    let r = run(&config, rules);
    for e in &r.errors {
        eprintln!("error: {e}");
    }
    let attacks: Vec<String> = r.attacks.iter().map(|(k, n)| format!("\"{k}\":{n}")).collect();
    println!(
        "{{\"honest_clients\":{},\"honest_moves\":{},\"honest_games\":{},\"fewest_games_a_room\":{},\
         \"p50_ms\":{:.3},\"p99_ms\":{:.3},\"max_ms\":{:.3},\
         \"lost\":{},\"errors\":{},\"attacks\":{{{}}}}}",
        rooms * 2,
        r.honest_moves,
        r.honest_games,
        r.fewest_games,
        r.p50_ms,
        r.p99_ms,
        r.max_ms,
        r.lost,
        r.errors.len(),
        attacks.join(",")
    );
    let ok = r.errors.is_empty() && r.lost == 0 && r.honest_moves > 0;
    std::process::exit(if ok { 0 } else { 1 });
}
