//! The final crosstable: entrants ranked by their joint Elo, with error
//! bars, points and each pairing's wins, draws and losses.

use tabula_core::records::standings::Standings;

use crate::elo::{ratings, Rating};

fn elo_text(r: &Rating) -> (String, String) {
    let elo = if r.elo.is_finite() {
        format!("{:+.1}", r.elo + 0.0)
    } else if r.elo > 0.0 {
        "+inf".into()
    } else {
        "-inf".into()
    };
    let error = if r.error.is_finite() { format!("{:.1}", r.error) } else { "-".into() };
    (elo, error)
}

/// The crosstable's lines.
pub fn crosstable(labels: &[&str], standings: &Standings) -> Vec<String> {
    let r = ratings(standings);
    let mut order: Vec<usize> = (0..labels.len()).collect();
    order.sort_by(|&a, &b| {
        r[b].elo.total_cmp(&r[a].elo).then(standings.points[b].total_cmp(&standings.points[a])).then(a.cmp(&b))
    });
    let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(4).max(6);
    let mut lines = vec![format!(
        "crosstable (Elo by maximum likelihood over all games, relative to the average, 95% error; cells: \
         wins-draws-losses of the row against the column):"
    )];
    let mut header = format!("{:>3} {:<width$} {:>8} {:>7} {:>12} {:>6}", "#", "player", "Elo", "±", "points", "score");
    for n in 1..=order.len() {
        header.push_str(&format!(" {:>9}", n));
    }
    lines.push(header);
    for (rank, &e) in order.iter().enumerate() {
        let games: u32 = standings.places[e].iter().sum();
        let (elo, error) = elo_text(&r[e]);
        let score =
            if games > 0 { format!("{:.1}%", 100.0 * standings.points[e] / f64::from(games)) } else { "-".into() };
        let mut line = format!(
            "{:>3} {:<width$} {:>8} {:>7} {:>12} {:>6}",
            rank + 1,
            labels[e],
            elo,
            error,
            format!("{}/{games}", standings.points[e]),
            score
        );
        for &f in &order {
            let t = standings.pairs[e][f];
            let cell = if f == e {
                "·".to_string()
            } else if t.games() == 0 {
                "-".to_string()
            } else {
                format!("{}-{}-{}", t.wins, t.draws, t.losses)
            };
            line.push_str(&format!(" {cell:>9}"));
        }
        lines.push(line);
    }
    lines
}
