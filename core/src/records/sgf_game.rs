//! SGF games for any game whose moves are placements on a rectangular grid
//! or passes: the points come from the board's geometry (its cells'
//! columns and rows, `aa` the top left), the game number and the rules
//! options `SZ`, `KM` and `HA` set come from config/records.toml
//! ([`super::formats`]), and player 0 is `B`, player 1 `W`.
//!
//! Read: the main line is played move by move by the rules plugin; the
//! variations and comments off it are counted ([`SgfGame::left_out`]) so
//! that the caller says what was not kept. Setup (`AB`/`AW`) is accepted
//! only where it is the start the rules themselves give (Go's handicap
//! stones with `HA`, Othello's four discs): the boundary has no way to
//! build another position from stones, so any other setup is refused.
//! Written: `FF[4]`, `GM`, `SZ`, `KM`, `HA` and `AB` when the options set
//! them, `PB`, `PW`, `RE`, `DT`, then `B[]`/`W[]` moves, passes empty.

use std::sync::Arc;

use rules_api::{Geometry, MoveFlags, PositionExt, RulesBox, RulesExt, CELL_NONE};

use super::formats::SgfFacts;
use super::sgf::{Node, Tree};
use crate::outcome::{ForfeitCause, GameResult};
use crate::session::Session;

/// SGF's point letters: `a`–`z`, then `A`–`Z` (FF[4]).
const LETTERS: &[u8; 52] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/// The board as SGF sees it: columns and rows of cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Columns.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Each cell's (column, row).
    points: Vec<(usize, usize)>,
    /// The cell at `row * width + column`.
    cells: Vec<u16>,
}

/// The distinct values of `v`, sorted (board units: a thousandth apart
/// is one value).
fn distinct(mut v: Vec<f32>) -> Vec<f32> {
    v.sort_by(f32::total_cmp);
    v.dedup_by(|a, b| (*a - *b).abs() < 1e-3);
    v
}

impl Grid {
    /// The grid of a board whose cells fill a rectangle of columns (by
    /// their x) and rows (by their y, downwards), 52 at most each way.
    pub fn of(geometry: &Geometry) -> Result<Grid, String> {
        let cells = &geometry.cells;
        if cells.iter().any(|c| c.layer != 0) {
            return Err("the board has layers, and SGF's points lie on one".into());
        }
        let xs = distinct(cells.iter().map(|c| c.x).collect());
        let ys = distinct(cells.iter().map(|c| c.y).collect());
        let (width, height) = (xs.len(), ys.len());
        if width * height != cells.len() || width > LETTERS.len() || height > LETTERS.len() {
            return Err(format!("its {} cells are not a rectangle of columns and rows of 52 at most", cells.len()));
        }
        let index = |v: &[f32], x: f32| v.iter().position(|&a| (a - x).abs() < 1e-3).unwrap_or(0);
        let mut grid = Grid { width, height, points: Vec::new(), cells: vec![CELL_NONE; width * height] };
        for (i, c) in cells.iter().enumerate() {
            let (col, row) = (index(&xs, c.x), index(&ys, c.y));
            if grid.cells[row * width + col] != CELL_NONE {
                return Err("two cells stand on one point".into());
            }
            grid.cells[row * width + col] = i as u16;
            grid.points.push((col, row));
        }
        Ok(grid)
    }

    /// Cell `cell`'s point (`pd`).
    pub fn point(&self, cell: u16) -> Option<String> {
        let &(col, row) = self.points.get(cell as usize)?;
        Some(format!("{}{}", LETTERS[col] as char, LETTERS[row] as char))
    }

    /// The cell at `point`.
    pub fn cell(&self, point: &str) -> Option<u16> {
        let b = point.as_bytes();
        let at = |c: u8| LETTERS.iter().position(|&l| l == c);
        let (col, row) = (at(*b.first()?)?, at(*b.get(1)?)?);
        (b.len() == 2 && col < self.width && row < self.height).then(|| self.cells[row * self.width + col])
    }
}

/// One move of the main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SgfMove {
    /// 0 for `B`, 1 for `W`.
    pub player: u8,
    /// The point, or `None` for a pass (`B[]`, or `B[tt]` on a board of
    /// 19 or less).
    pub point: Option<String>,
    /// The line of its node, from 1.
    pub line: usize,
}

/// A game read from an SGF tree: its root's facts and its main line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SgfGame {
    /// `GM` (1 when absent, as `FF[4]` says).
    pub gm: u32,
    /// `SZ`: columns and rows.
    pub size: Option<(usize, usize)>,
    /// `KM`.
    pub komi: Option<String>,
    /// `HA`.
    pub handicap: Option<String>,
    /// `PB` and `PW`.
    pub players: [Option<String>; 2],
    /// `RE`.
    pub result: Option<String>,
    /// `DT`.
    pub date: Option<String>,
    /// `AB` and `AW`: points.
    pub setup: [Vec<String>; 2],
    /// The main line's moves.
    pub moves: Vec<SgfMove>,
    /// Comments (`C`) on the main line.
    pub comments: usize,
    /// Variations off the main line.
    pub variations: usize,
}

impl SgfGame {
    /// Reads `tree`'s root and main line.
    pub fn of(tree: &Tree) -> Result<SgfGame, String> {
        let nodes = tree.main_line();
        let root = nodes.first().ok_or("the game tree has no node")?;
        let number = |n: &Node, id: &str| -> Result<Option<usize>, String> {
            n.get(id)
                .map(|v| v.trim().parse().map_err(|_| format!("line {}: {id}[{v}] is not a number", n.line)))
                .transpose()
        };
        let mut game = SgfGame {
            gm: number(root, "GM")?.unwrap_or(1) as u32,
            size: match root.get("SZ") {
                None => None,
                Some(v) => Some(size(v).ok_or_else(|| format!("line {}: SZ[{v}] is not a board size", root.line))?),
            },
            komi: root.get("KM").map(str::to_string),
            handicap: root.get("HA").map(str::to_string),
            players: [root.get("PB").map(str::to_string), root.get("PW").map(str::to_string)],
            result: root.get("RE").map(str::to_string),
            date: root.get("DT").map(str::to_string),
            setup: [values(root, "AB"), values(root, "AW")],
            variations: tree.side_variations(),
            ..Default::default()
        };
        let small = game.size.map_or(true, |(w, h)| w <= 19 && h <= 19);
        for (i, node) in nodes.iter().enumerate() {
            game.comments += usize::from(node.get("C").is_some());
            if i > 0 && ["AB", "AW", "AE"].iter().any(|id| node.get(id).is_some()) {
                return Err(format!("line {}: stones set up in the middle of the game cannot be played", node.line));
            }
            for (player, id) in [(0, "B"), (1, "W")] {
                if let Some(v) = node.get(id) {
                    let pass = v.is_empty() || (small && v == "tt");
                    game.moves.push(SgfMove { player, point: (!pass).then(|| v.to_string()), line: node.line });
                }
            }
        }
        Ok(game)
    }

    /// What reading left out, for people: `None` when it kept everything.
    pub fn left_out(&self) -> Option<String> {
        (self.comments + self.variations > 0)
            .then(|| format!("{} comments and {} variations are not kept", self.comments, self.variations))
    }

    /// The rules options the root sets (`SZ`, `KM`, `HA`) under `facts`'
    /// names; a property the game has no option for is refused unless it
    /// says what the rules do anyway (no komi, no handicap).
    pub fn options(&self, rules: &str, facts: &SgfFacts) -> Result<Vec<(String, String)>, String> {
        let mut out = Vec::new();
        if let (Some((w, h)), Some(option)) = (self.size, &facts.size_option) {
            if w != h {
                return Err(format!("SZ[{w}:{h}]: {rules}'s {option} option takes a square board"));
            }
            out.push((option.clone(), w.to_string()));
        }
        for (value, option, id) in
            [(&self.komi, &facts.komi_option, "KM"), (&self.handicap, &facts.handicap_option, "HA")]
        {
            match (value, option) {
                (Some(v), Some(option)) => out.push((option.clone(), v.trim().to_string())),
                (Some(v), None) if v.trim().parse::<f64>().is_ok_and(|x| x != 0.0) => {
                    return Err(format!("{id}[{v}]: {rules} has no option for it"))
                }
                _ => {}
            }
        }
        Ok(out)
    }

    /// Plays the main line with `rules` (built with [`SgfGame::options`]):
    /// the board must be `SZ`'s, `AB`/`AW` must be the rules' own start,
    /// and each move must be its player's turn and legal.
    pub fn replay(&self, rules: &Arc<RulesBox>) -> Result<Session, String> {
        let grid = Grid::of(&rules.board().map_err(|e| e.to_string())?)?;
        if let Some((w, h)) = self.size.filter(|&s| s != (grid.width, grid.height)) {
            return Err(format!("SZ says {w}×{h}, and the board is {}×{}", grid.width, grid.height));
        }
        let mut session = Session::new(Arc::clone(rules), "").map_err(|e| e.to_string())?;
        let start = start_setup(&session, &grid)?;
        if self.setup.iter().any(|s| !s.is_empty()) {
            let sorted = |v: &[String]| {
                let mut v = v.to_vec();
                v.sort();
                v
            };
            if sorted(&self.setup[0]) != start[0] || sorted(&self.setup[1]) != start[1] {
                return Err("AB/AW set up a position other than the rules' start, which cannot be built from \
                            stones through the rules plugin"
                    .into());
            }
        }
        for (n, m) in self.moves.iter().enumerate() {
            let colour = ["B", "W"][m.player as usize];
            let refused = |why: String| {
                format!("line {}: move {} {colour}[{}] {why}", m.line, n + 1, m.point.as_deref().unwrap_or(""))
            };
            if session.side_to_move() != m.player {
                return Err(refused("is out of turn".into()));
            }
            let legal = session.legal_moves().map_err(|e| refused(e.to_string()))?;
            let found = match &m.point {
                None => {
                    let infos = session.position().infos(&legal).map_err(|e| refused(e.to_string()))?;
                    legal.iter().zip(infos).find(|(_, i)| i.flags.contains(MoveFlags::PASS)).map(|(m, _)| *m)
                }
                Some(point) => {
                    let cell = grid.cell(point).ok_or_else(|| refused("is off the board".into()))?;
                    legal.iter().find(|l| l.from == CELL_NONE && l.to == cell && l.extra == 0).copied()
                }
            };
            let mv = found.ok_or_else(|| refused("is not legal here".into()))?;
            session.play(mv).map_err(|e| refused(e.to_string()))?;
        }
        Ok(session)
    }
}

fn values(node: &Node, id: &str) -> Vec<String> {
    node.values(id).map(<[String]>::to_vec).unwrap_or_default()
}

/// `19` or `19:13`.
fn size(v: &str) -> Option<(usize, usize)> {
    let mut parts = v.split(':').map(|p| p.trim().parse::<usize>().ok().filter(|&n| n > 0));
    let w = parts.next()??;
    let h = parts.next().unwrap_or(Some(w))?;
    parts.next().is_none().then_some((w, h))
}

/// The start's stones by player, as sorted points.
fn start_setup(session: &Session, grid: &Grid) -> Result<[Vec<String>; 2], String> {
    let mut setup = [Vec::new(), Vec::new()];
    for piece in session.start_position().piece_list().map_err(|e| e.to_string())? {
        let point = grid.point(piece.cell).ok_or("a piece stands off the grid")?;
        setup.get_mut(piece.owner as usize).ok_or("SGF has two players")?.push(point);
    }
    setup.iter_mut().for_each(|s| s.sort());
    Ok(setup)
}

/// Who played the game and how it went, for the root node.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SgfAbout {
    /// Player 0's and player 1's names.
    pub players: [String; 2],
    /// The result, when the game is over.
    pub result: Option<GameResult>,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// The rules options in force (the defaults included): `SZ`, `KM`
    /// and `HA` are read from them.
    pub options: Vec<(String, String)>,
}

/// `session` as an SGF tree: the root (see the module's docs) and one
/// node a move. Refused for a game set up from a position, and for a move
/// that is neither a placement nor a pass.
pub fn write_game(session: &Session, facts: &SgfFacts, about: &SgfAbout) -> Result<Tree, String> {
    let grid = Grid::of(&session.rules().board().map_err(|e| e.to_string())?)?;
    if !session.start_text().is_empty() {
        return Err("SGF holds games from the rules' own start; this one was set up from a position".into());
    }
    let option = |name: &Option<String>| {
        name.as_ref().and_then(|n| about.options.iter().find(|(k, _)| k == n)).map(|(_, v)| v.clone())
    };
    let mut root = Node::default();
    root.push("FF", vec!["4".into()]);
    root.push("GM", vec![facts.gm.to_string()]);
    root.push("CA", vec!["UTF-8".into()]);
    root.push("AP", vec!["Tabula".into()]);
    let size =
        if grid.width == grid.height { grid.width.to_string() } else { format!("{}:{}", grid.width, grid.height) };
    root.push("SZ", vec![size]);
    if let Some(komi) = option(&facts.komi_option) {
        root.push("KM", vec![komi]);
    }
    if let Some(handicap) = option(&facts.handicap_option).filter(|h| h != "0") {
        root.push("HA", vec![handicap]);
    }
    if !facts.start_pieces {
        for (id, points) in ["AB", "AW"].iter().zip(start_setup(session, &grid)?) {
            if !points.is_empty() {
                root.push(id, points);
            }
        }
    }
    root.push("PB", vec![about.players[0].clone()]);
    root.push("PW", vec![about.players[1].clone()]);
    if let Some(result) = &about.result {
        root.push("RE", vec![result_text(session, result)]);
    }
    root.push("DT", vec![about.date.clone()]);
    let mut nodes = vec![root];
    // Played again, to ask the rules whether an off-board move is a pass.
    let mut replay = session.rules().start().map_err(|e| e.to_string())?;
    for (n, played) in session.history().iter().enumerate() {
        let mv = played.mv;
        let colour = ["B", "W"].get(played.player as usize).ok_or("SGF has two players")?;
        let pass = mv.is_off_board()
            && replay
                .infos(&[mv])
                .map_err(|e| e.to_string())?
                .first()
                .is_some_and(|i| i.flags.contains(MoveFlags::PASS));
        let point = if mv.from == CELL_NONE && mv.to != CELL_NONE && mv.extra == 0 {
            grid.point(mv.to).ok_or("a move off the grid")?
        } else if pass {
            String::new()
        } else {
            return Err(format!("move {} ({}) is not a placement or a pass", n + 1, played.standard));
        };
        replay.play(mv).map_err(|e| e.to_string())?;
        let mut node = Node::default();
        node.push(colour, vec![point]);
        nodes.push(node);
    }
    Ok(Tree { nodes, children: Vec::new() })
}

/// `RE`: `B+R`, `W+3.5`, `B+T`, `0` (a draw).
fn result_text(session: &Session, result: &GameResult) -> String {
    let side = |p: u8| if p == 0 { "B" } else { "W" };
    match result {
        GameResult::Draw { .. } | GameResult::Scored { winner: None, .. } => "0".into(),
        GameResult::Forfeit { loser, cause, .. } => {
            let how = match cause {
                ForfeitCause::Resignation => "R",
                ForfeitCause::Time => "T",
                _ => "F",
            };
            format!("{}+{how}", side(1 - loser.min(&1)))
        }
        GameResult::Win { winner, .. } | GameResult::Scored { winner: Some(winner), .. } => {
            let scores = match session.dead() {
                Some(dead) => session.count(dead).map(|(_, s, _)| s).unwrap_or_default(),
                None => session.position().score_list().unwrap_or_default(),
            };
            let of = |p: u8| scores.iter().find(|s| s.player == p).map(|s| s.points);
            match (of(*winner), of(1 - winner.min(&1))) {
                (Some(a), Some(b)) if a > b => format!("{}+{}", side(*winner), a - b),
                _ => format!("{}+", side(*winner)),
            }
        }
    }
}
