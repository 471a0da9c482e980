//! The end of `tabula match`: the summary, the head-to-head Elo of two
//! entrants, the ranking of more, and the `--json` line.

use super::matches::Totals;
use super::out::outln;
use super::MatchArgs;
use tabula_core::outcome::ordinal;
use tabula_core::records::elo::{format_elo, Stats};

/// A JSON number, or null for an infinite one.
fn finite(x: f64) -> serde_json::Value {
    if x.is_finite() {
        serde_json::json!(x)
    } else {
        serde_json::Value::Null
    }
}

/// `+3`, `-2.5`.
fn signed(x: f64) -> String {
    format!("{:+}", x + 0.0)
}

/// The summary line, the Elo line of two entrants or the ranking of more,
/// and the JSON.
pub fn summarise(args: &MatchArgs, labels: &[&str], seed: u64, totals: &Totals) {
    let s = &totals.standings;
    let errors = totals.errors;
    let summary: Vec<String> = labels.iter().zip(&s.wins).map(|(l, w)| format!("{l} {w}")).collect();
    let dice = if totals.rolls > 0 { format!(" | dice seed {seed}") } else { String::new() };
    outln!("summary: {} games | wins: {} | draws {} | errors {errors}{dice}", args.games, summary.join(", "), s.draws);
    // Payoffs tell more than wins when some game was worth more (a gammon).
    let plain = labels.len() == 2 && (0..2).all(|e| s.payoffs[e] == f64::from(s.wins[e]) - f64::from(s.wins[1 - e]));
    if !plain {
        let payoffs: Vec<String> = labels.iter().zip(&s.payoffs).map(|(l, p)| format!("{l} {}", signed(*p))).collect();
        outln!("payoffs: {}", payoffs.join(", "));
    }
    let mut elo_json = serde_json::Value::Null;
    if labels.len() == 2 && args.games > 0 {
        let tally = s.pairs[0][1];
        let stats = tally.stats();
        outln!(
            "{} vs {}: score {:.1}/{} ({:.1}%) | Elo {} (95%) | LOS {:.1}%",
            labels[0],
            labels[1],
            f64::from(tally.wins) + f64::from(tally.draws) / 2.0,
            tally.games(),
            stats.score * 100.0,
            format_elo(&stats),
            stats.los * 100.0
        );
        elo_json = serde_json::json!({
            "player": labels[0],
            "score": stats.score,
            "elo": finite(stats.elo),
            "error95": finite(stats.error),
            "los": stats.los,
        });
    }
    let ranking = s.ranking();
    if labels.len() > 2 && args.games > 0 {
        outln!(
            "ranking (points: 1 per opponent placed below, ½ per one placed level, averaged over each game's \
             opponents; Elo against the field, 95%):"
        );
        for (rank, &e) in ranking.iter().enumerate() {
            let places: Vec<String> = s.places[e]
                .iter()
                .enumerate()
                .filter(|(_, &n)| n > 0)
                .map(|(k, n)| format!("{n}×{}", ordinal(k as u8 + 1)))
                .collect();
            outln!(
                "{:>2}. {} | points {:.2}/{} | payoff {} | places {} | Elo {}",
                rank + 1,
                labels[e],
                s.points[e],
                args.games,
                signed(s.payoffs[e]),
                places.join(" "),
                format_elo(&s.elo(e))
            );
        }
    }
    if args.json {
        let rank_json: Vec<serde_json::Value> = ranking
            .iter()
            .map(|&e| {
                let Stats { score, elo, error, .. } = s.elo(e);
                serde_json::json!({
                    "player": labels[e],
                    "points": s.points[e],
                    "payoff": s.payoffs[e],
                    "places": s.places[e],
                    "score": score,
                    "elo": finite(elo),
                    "error95": finite(error),
                })
            })
            .collect();
        let json = serde_json::json!({
            "games": args.games,
            "players": labels,
            "wins": s.wins,
            "draws": s.draws,
            "errors": errors,
            "elo": elo_json,
            "points": s.points,
            "payoffs": s.payoffs,
            "ranking": rank_json,
            "seed": seed,
            "results": totals.games_json,
        });
        outln!("{json}");
    }
}
