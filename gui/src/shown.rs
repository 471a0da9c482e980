//! The board as one position shows it, beyond its pieces: cells the
//! position moves, renames or hides ([`rules_api::CellChange`], the attack
//! boards of tri-dimensional chess), short texts on cells
//! ([`rules_api::CellText`]: seeds, stack heights, dice), and the clicks
//! that choose each legal move ([`rules_api::ClickPath`]).
//!
//! Everything is read through the watchdog and checked as the core checks
//! what a rules plugin returns: a faulty value becomes an error naming the
//! call, never an index out of range or a cell drawn off in the distance.

use rules_api::{CellChange, CellText, ClickPath, Geometry, Move, PositionBox, RVec, CELL_NONE};
use tabula_core::boundary::{short_text, CallError, Faulty, Shape, MAX_LIST};
use tabula_core::watchdog::watch;

/// Farthest a moved cell may be from the origin, board units.
pub const MAX_COORDINATE: f32 = 10_000.0;
/// Most steps in one click path.
pub const MAX_STEPS: usize = 256;
/// Most cells in all the steps of a position's click paths together.
pub const MAX_PATH_CELLS: usize = 1 << 22;
/// Longest cell text drawn, characters (a plugin's longer text is cut).
pub const MAX_CELL_TEXT: usize = 6;

fn faulty(call: &'static str, problem: impl Into<String>) -> CallError {
    CallError::Faulty(Faulty { call, problem: problem.into() })
}

/// The board of one position: its geometry with the position's changes,
/// which cells are hidden, and the texts on cells.
#[derive(Clone, Debug, PartialEq)]
pub struct ShownBoard {
    /// The geometry with moved and renamed cells.
    pub geometry: Geometry,
    /// Per cell: hidden in this position (neither drawn nor clickable).
    pub hidden: Vec<bool>,
    /// Texts to draw on cells, at most one per cell.
    pub texts: Vec<CellText>,
}

impl ShownBoard {
    /// The board as the geometry draws it, with nothing changed.
    pub fn plain(geometry: &Geometry) -> ShownBoard {
        ShownBoard { geometry: geometry.clone(), hidden: vec![false; geometry.cells.len()], texts: Vec::new() }
    }

    /// The board of `position`, its changes and texts checked against the
    /// game's `shape` and base geometry.
    pub fn of(base: &Geometry, position: &PositionBox, shape: &Shape) -> Result<ShownBoard, CallError> {
        let mut changes = RVec::new();
        watch("cell_changes", || position.cell_changes(&mut changes).into_result())?;
        let mut texts = RVec::new();
        watch("cell_texts", || position.cell_texts(&mut texts).into_result())?;
        let mut shown = ShownBoard::plain(base);
        shown.apply(&changes, shape)?;
        shown.set_texts(texts.into_vec(), shape)?;
        Ok(shown)
    }

    /// Moves, renames and hides cells as `changes` say.
    fn apply(&mut self, changes: &[CellChange], shape: &Shape) -> Result<(), CallError> {
        let call = "cell_changes";
        if changes.len() > shape.cells {
            return Err(faulty(call, format!("{} changes for {} cells", changes.len(), shape.cells)));
        }
        let layers = self.geometry.layers.max(1);
        for c in changes {
            let cell = self.geometry.cells.get_mut(c.cell as usize).ok_or_else(|| {
                faulty(call, format!("a change of cell {}, but the board has {} cells", c.cell, shape.cells))
            })?;
            let near = |v: f32| v.is_finite() && v.abs() <= MAX_COORDINATE;
            if !near(c.x) || !near(c.y) {
                return Err(faulty(call, format!("cell {} moved to ({}, {})", c.cell, c.x, c.y)));
            }
            if c.layer >= layers {
                return Err(faulty(call, format!("cell {} moved to layer {} of {layers}", c.cell, c.layer)));
            }
            short_text(call, "cell name", c.name.as_str())?;
            (cell.x, cell.y, cell.layer) = (c.x, c.y, c.layer);
            if !c.name.is_empty() {
                cell.name = c.name.clone();
            }
            self.hidden[c.cell as usize] = !c.shown;
        }
        Ok(())
    }

    /// Keeps the texts, checked (the last one given for a cell wins).
    fn set_texts(&mut self, texts: Vec<CellText>, shape: &Shape) -> Result<(), CallError> {
        let call = "cell_texts";
        if texts.len() > shape.cells {
            return Err(faulty(call, format!("{} texts for {} cells", texts.len(), shape.cells)));
        }
        let mut kept: Vec<CellText> = Vec::with_capacity(texts.len());
        for t in texts {
            if t.cell as usize >= shape.cells {
                return Err(faulty(
                    call,
                    format!("a text on cell {}, but the board has {} cells", t.cell, shape.cells),
                ));
            }
            short_text(call, "cell text", t.text.as_str())?;
            let text: String = t.text.trim().chars().take(MAX_CELL_TEXT).collect();
            kept.retain(|k| k.cell != t.cell);
            if !text.is_empty() {
                kept.push(CellText { cell: t.cell, text: text.into() });
            }
        }
        self.texts = kept;
        Ok(())
    }

    /// Whether `cell` is on the board in this position.
    pub fn is_shown(&self, cell: u16) -> bool {
        !self.hidden.get(cell as usize).copied().unwrap_or(true)
    }
}

/// How each legal move (`legal`) of `position` is clicked, checked: every
/// path chooses a legal move by cells of the board; a legal move with a
/// cell and no path gets the default one (its `from`, then its `to`).
pub fn click_paths(position: &PositionBox, legal: &[Move], shape: &Shape) -> Result<Vec<ClickPath>, CallError> {
    let call = "click_paths";
    let mut paths = RVec::new();
    watch(call, || position.click_paths(&mut paths).into_result())?;
    if paths.len() > MAX_LIST {
        return Err(faulty(call, format!("{} paths (at most {MAX_LIST})", paths.len())));
    }
    let mut total = 0usize;
    for p in paths.iter() {
        if !legal.contains(&p.mv) {
            let m = p.mv;
            return Err(faulty(call, format!("a path for a move that is not legal (from {} to {})", m.from, m.to)));
        }
        if p.steps.is_empty() || p.steps.len() > MAX_STEPS {
            return Err(faulty(call, format!("a path of {} steps (1 to {MAX_STEPS})", p.steps.len())));
        }
        for step in p.steps.iter() {
            if step.is_empty() {
                return Err(faulty(call, "a path with a step of no cells"));
            }
            if let Some(&c) = step.iter().find(|&&c| c as usize >= shape.cells) {
                return Err(faulty(call, format!("a path through cell {c}, but the board has {} cells", shape.cells)));
            }
            total += step.len();
        }
        if total > MAX_PATH_CELLS {
            return Err(faulty(call, format!("paths through more than {MAX_PATH_CELLS} cells")));
        }
    }
    let mut paths = paths.into_vec();
    // A 0.2.1 plugin may leave a move without a path; it stays clickable
    // the way a 0.2.0 window clicked it.
    let missing: Vec<ClickPath> = legal
        .iter()
        .filter(|m| m.to != CELL_NONE && !paths.iter().any(|p| p.mv == **m))
        .filter_map(|&m| ClickPath::from_cells(m))
        .collect();
    paths.extend(missing);
    Ok(paths)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::{Cell, CellShape, Rgba};

    fn base(cells: usize, layers: u16) -> Geometry {
        Geometry {
            cells: (0..cells)
                .map(|i| Cell {
                    x: i as f32,
                    y: 0.0,
                    layer: 0,
                    shape: CellShape::SQUARE,
                    color: Rgba::rgb(1, 2, 3),
                    name: format!("c{i}").into(),
                })
                .collect(),
            lines: RVec::new(),
            marks: RVec::new(),
            labels: RVec::new(),
            background: Rgba::rgb(0, 0, 0),
            layers,
        }
    }

    fn shape(cells: usize) -> Shape {
        Shape { players: 2, cells, piece_types: 1 }
    }

    fn change(cell: u16, shown: bool, x: f32, layer: u16, name: &str) -> CellChange {
        CellChange { cell, shown, x, y: 2.0, layer, name: name.into() }
    }

    #[test]
    fn cells_move_get_new_names_and_hide() {
        let mut b = ShownBoard::plain(&base(4, 2));
        b.apply(&[change(1, true, 7.0, 1, "qb1"), change(2, false, 2.0, 0, "")], &shape(4)).unwrap();
        let moved = &b.geometry.cells[1];
        assert_eq!((moved.x, moved.y, moved.layer, moved.name.as_str()), (7.0, 2.0, 1, "qb1"));
        assert_eq!(b.geometry.cells[2].name.as_str(), "c2", "an empty name keeps the geometry's");
        assert!(b.is_shown(1) && !b.is_shown(2) && b.is_shown(3));
        assert!(!b.is_shown(9), "no such cell");
    }

    #[test]
    fn impossible_changes_and_texts_are_refused_with_the_culprit() {
        let s = shape(4);
        let mut b = ShownBoard::plain(&base(4, 2));
        let e = b.apply(&[change(4, true, 0.0, 0, "")], &s).unwrap_err().to_string();
        assert!(e.contains("cell_changes") && e.contains("cell 4"), "{e}");
        let e = b.apply(&[change(0, true, f32::NAN, 0, "")], &s).unwrap_err().to_string();
        assert!(e.contains("cell 0 moved"), "{e}");
        let e = b.apply(&[change(0, true, 1.0, 2, "")], &s).unwrap_err().to_string();
        assert!(e.contains("layer 2 of 2"), "{e}");
        let e = b.apply(&[change(0, true, 1.0, 0, "a\u{1b}[2J")], &s).unwrap_err().to_string();
        assert!(e.contains("control character"), "{e}");
        let text = |cell, t: &str| CellText { cell, text: t.into() };
        let e = b.set_texts(vec![text(7, "3")], &s).unwrap_err().to_string();
        assert!(e.contains("cell_texts") && e.contains("cell 7"), "{e}");
        b.set_texts(vec![text(1, "1"), text(1, " 12345678 "), text(2, "  ")], &s).unwrap();
        assert_eq!(b.texts, vec![text(1, "123456")], "the last text per cell, trimmed and cut; blanks dropped");
    }

    #[test]
    fn paths_must_choose_legal_moves_on_the_board_and_moves_without_one_get_the_default() {
        let legal = [Move::new(0, 1), Move::place(3), Move::PASS];
        let s = shape(4);
        let check = |paths: Vec<ClickPath>| -> Result<Vec<ClickPath>, String> {
            let position = fixed_position(paths, legal.to_vec());
            click_paths(&position, &legal, &s).map_err(|e| e.to_string())
        };
        let fine = check(vec![ClickPath::through(Move::new(0, 1), &[1, 0])]).unwrap();
        assert_eq!(fine.len(), 2, "the placement got its default path: {fine:?}");
        assert_eq!(fine[1], ClickPath::through(Move::place(3), &[3]));
        let e = check(vec![ClickPath::through(Move::new(1, 0), &[1, 0])]).unwrap_err();
        assert!(e.contains("not legal"), "{e}");
        let e = check(vec![ClickPath::through(Move::new(0, 1), &[0, 9])]).unwrap_err();
        assert!(e.contains("cell 9"), "{e}");
        let e = check(vec![ClickPath { mv: Move::new(0, 1), steps: vec![RVec::new()].into() }]).unwrap_err();
        assert!(e.contains("no cells"), "{e}");
    }

    /// A position whose only interesting answer is its click paths.
    fn fixed_position(paths: Vec<ClickPath>, legal: Vec<Move>) -> PositionBox {
        #[derive(Clone)]
        struct Fixed(Vec<ClickPath>, Vec<Move>);
        impl rules_api::plugin::PositionImpl for Fixed {
            fn side_to_move(&self) -> u8 {
                0
            }
            fn legal_moves(&self, out: &mut RVec<Move>) {
                out.extend(self.1.iter().copied());
            }
            fn make_move(&mut self, _: Move) -> Result<(), rules_api::PluginError> {
                Ok(())
            }
            fn unmake_move(&mut self) -> Result<(), rules_api::PluginError> {
                Ok(())
            }
            fn status(&self) -> rules_api::Status {
                rules_api::Status::ONGOING
            }
            fn pieces(&self, _: &mut RVec<rules_api::Piece>) {}
            fn to_text(&self) -> String {
                String::new()
            }
            fn move_to_text(&self, _: Move, _: rules_api::Notation) -> Result<String, rules_api::PluginError> {
                Ok("m".into())
            }
            fn click_paths(&self, out: &mut RVec<ClickPath>) {
                out.extend(self.0.iter().cloned());
            }
        }
        rules_api::plugin::position_box(Fixed(paths, legal))
    }
}
