//! The lines a UCI-family engine writes about a search: `info` lines and
//! scores in each dialect's words.

use rules_api::{PositionBox, SearchInfo};

use super::coordinates::Coordinates;
use super::core::{nps, pv_texts};
use super::uci::Dialect;

/// One `info` line: depth, seldepth, score (`cp N`/`mate N` for UCI, in
/// plies for USI, a plain number for UCCI), nodes, nps, time and the
/// principal variation in the peer's coordinates.
pub fn info_line(dialect: Dialect, info: &SearchInfo, position: &PositionBox, coordinates: Coordinates) -> String {
    let score = match dialect {
        Dialect::Uci => uci_score(info.score),
        Dialect::Usi => usi_score(info.score),
        Dialect::Ucci => info.score.to_string(),
    };
    let pv: Vec<String> = pv_texts(position, &info.pv).iter().map(|m| coordinates.to_peer(m)).collect();
    let mut line = format!(
        "info depth {} seldepth {} score {score} nodes {} nps {} time {}",
        info.depth.max(1),
        info.seldepth.max(info.depth).max(1),
        info.nodes,
        nps(info),
        info.time_ms
    );
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

/// `cp N`, or `mate N` in moves (negative when the mover is mated) for a
/// score in the decided band of [`rules_api::score`].
pub fn uci_score(score: i32) -> String {
    match rules_api::score::plies_to_end(score) {
        Some(plies) if plies > 0 => format!("mate {}", (plies + 1) / 2),
        Some(plies) => format!("mate {}", -((-plies) / 2)),
        None => format!("cp {score}"),
    }
}

/// USI's score: `cp N`, or `mate N` in plies (negative when the mover is
/// mated).
pub fn usi_score(score: i32) -> String {
    match rules_api::score::plies_to_end(score) {
        Some(plies) => format!("mate {plies}"),
        None => format!("cp {score}"),
    }
}

#[cfg(test)]
mod tests {
    use super::{uci_score, usi_score};
    use rules_api::score::WIN;

    #[test]
    fn scores_convert_to_cp_or_moves_to_mate() {
        assert_eq!(uci_score(35), "cp 35");
        assert_eq!(uci_score(-120), "cp -120");
        // Mate on the mover's next move is 1 ply away: mate in 1.
        assert_eq!(uci_score(WIN - 1), "mate 1");
        assert_eq!(uci_score(WIN - 3), "mate 2");
        // Mated after the opponent's reply (2 plies): mated in 1.
        assert_eq!(uci_score(-(WIN - 2)), "mate -1");
        assert_eq!(uci_score(-(WIN - 4)), "mate -2");
    }

    #[test]
    fn usi_counts_mate_in_plies() {
        assert_eq!(usi_score(35), "cp 35");
        assert_eq!(usi_score(WIN - 3), "mate 3");
        assert_eq!(usi_score(-(WIN - 2)), "mate -2");
    }
}
