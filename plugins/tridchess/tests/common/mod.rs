//! Helpers shared by the plugin's tests: positions from text, moves as
//! coordinate text, and a text diagram that draws only the squares a
//! position shows.

#![allow(dead_code)]

use rules_api::plugin::{rules_box, PositionImpl, RulesImpl};
use rules_api::{CellChange, Geometry, Notation, Piece, RVec, RulesBox, RulesExt};
use tabula_tridchess::{TriDChess, TridPosition};

/// Kings only, each on its home square, the boards at their start places.
pub const KINGS: &str = "4/4/4/4|4/4/4/4|4/4/4/4 QL1w:2/2,QL6b:2/2,KL1w:2/K1,KL6b:k1/2 w - - - 0 1";

/// The rules as linked into the test.
pub fn rules() -> RulesBox {
    rules_box(TriDChess::default())
}

/// A position from text, or a panic naming why it was refused.
pub fn at(text: &str) -> TridPosition {
    TriDChess::default().position_from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves in coordinate notation, sorted.
pub fn moves(p: &TridPosition) -> Vec<String> {
    let mut list = RVec::new();
    p.legal_moves(&mut list);
    let mut out: Vec<String> =
        list.iter().map(|&m| p.move_to_text(m, Notation::COORDINATE).expect("a legal move")).collect();
    out.sort();
    out
}

/// Whether `m` (coordinate notation) is legal in `p`.
pub fn has(p: &TridPosition, m: &str) -> bool {
    moves(p).iter().any(|x| x == m)
}

/// Plays moves given in either notation.
pub fn play(p: &mut TridPosition, line: &str) {
    for text in line.split_whitespace() {
        let m = p.parse_move(text, Notation::COORDINATE).unwrap_or_else(|e| panic!("{text}: {e}"));
        p.make_move(m).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
}

/// The legal moves starting on `from` (coordinate notation).
pub fn moves_from(p: &TridPosition, from: &str) -> Vec<String> {
    moves(p).into_iter().filter(|m| m.starts_with(&format!("{from}-"))).collect()
}

/// The geometry as `changes` leave it: hidden cells dropped (with the
/// labels of rows and columns left empty), moved or renamed ones updated;
/// with the new index of every kept cell.
pub fn shown(geometry: &Geometry, changes: &[CellChange]) -> (Geometry, Vec<Option<u16>>) {
    let mut g = geometry.clone();
    for c in changes {
        let cell = &mut g.cells[c.cell as usize];
        (cell.x, cell.y, cell.layer) = (c.x, c.y, c.layer);
        if !c.name.is_empty() {
            cell.name = c.name.clone();
        }
    }
    let hidden: Vec<u16> = changes.iter().filter(|c| !c.shown).map(|c| c.cell).collect();
    let mut index = Vec::with_capacity(g.cells.len());
    let mut kept = RVec::new();
    for (i, cell) in g.cells.iter().enumerate() {
        if hidden.contains(&(i as u16)) {
            index.push(None);
        } else {
            index.push(Some(kept.len() as u16));
            kept.push(cell.clone());
        }
    }
    g.cells = kept;
    // Coordinate labels only for the rows and columns that still have cells.
    let cells = g.cells.clone();
    g.labels
        .retain(|l| cells.iter().any(|c| c.layer == l.layer && ((c.y - l.y).abs() < 0.25 || (c.x - l.x).abs() < 0.25)));
    (g, index)
}

/// A text diagram of `p` with only the squares it shows, then the last
/// move and the status.
pub fn diagram(p: &TridPosition, last: &str) -> String {
    let rules = rules();
    let info = rules.game_info().expect("info");
    let mut changes = RVec::new();
    p.cell_changes(&mut changes);
    let (geometry, index) = shown(&rules.board().expect("geometry"), &changes);
    let mut pieces = RVec::new();
    p.pieces(&mut pieces);
    let pieces: Vec<Piece> = pieces
        .iter()
        .map(|piece| Piece { cell: index[piece.cell as usize].expect("a piece on a shown cell"), ..*piece })
        .collect();
    let board = tabula_kit::diagram::render(&geometry, &info, &pieces, &[]);
    let status = tabula_kit::diagram::describe_status(&p.status(), &info);
    format!("{board}last move: {last}\nstatus: {status}\n")
}
