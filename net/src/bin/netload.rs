//! `tabula-netload`: the load generator of scripts/net-load.sh. Plays
//! random legal games in many rooms at once against a running `tabula
//! serve`, then prints one JSON line of figures.
//!
//! Usage: `tabula-netload ADDR ROOMS RULES [MAX_PLIES] [TIMEOUT_S] [SPREAD]`
//! (SPREAD 1: each client connects from a loopback address of its own)

use std::sync::Arc;
use std::time::Duration;

use rules_api::PluginKind;
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_net::load::{run, LoadConfig};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 3 {
        eprintln!("usage: tabula-netload ADDR ROOMS RULES [MAX_PLIES] [TIMEOUT_S]");
        std::process::exit(2);
    }
    let number = |i: usize, default: u64| args.get(i).map_or(Ok(default), |a| a.parse::<u64>());
    let (Ok(rooms), Ok(max_plies), Ok(timeout), Ok(spread)) =
        (number(1, 100), number(3, 0), number(4, 300), number(5, 0))
    else {
        eprintln!("ROOMS, MAX_PLIES, TIMEOUT_S and SPREAD are whole numbers");
        std::process::exit(2);
    };
    let dirs = PluginDirs::new([]);
    let rules = match find_plugin(&args[2], PluginKind::RULES, &dirs).and_then(|p| p.new_rules(&[])) {
        Ok(r) => Arc::new(r),
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    };
    let config = LoadConfig {
        addr: args[0].clone(),
        rooms: rooms as usize,
        rules: args[2].clone(),
        max_plies: max_plies as usize,
        seed: 1,
        timeout: Duration::from_secs(timeout),
        spread: spread == 1,
    };
    let r = run(&config, rules);
    for e in &r.errors {
        eprintln!("error: {e}");
    }
    println!(
        "{{\"clients\":{},\"rooms\":{},\"finished\":{},\"records_complete\":{},\"moves\":{},\"seconds\":{:.2},\
         \"moves_per_second\":{:.0},\"p50_ms\":{:.3},\"p99_ms\":{:.3},\"max_ms\":{:.3},\"errors\":{}}}",
        r.clients,
        rooms,
        r.finished,
        r.records_complete,
        r.moves,
        r.seconds,
        r.moves_per_second,
        r.p50_ms,
        r.p99_ms,
        r.max_ms,
        r.errors.len()
    );
    let ok = r.errors.is_empty() && r.finished == rooms as usize && r.records_complete == r.finished;
    std::process::exit(if ok { 0 } else { 1 });
}
