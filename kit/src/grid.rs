//! [`Geometry`] builders for rectangular boards and stacks of them.
//!
//! A [`Grid`] is `files × ranks` cells, either filled squares in two
//! alternating colours (chess) or intersection points joined by grid lines
//! (go, gomoku, xiangqi), with coordinate names (`a1`; Go's letters skip
//! `i`; xiangqi's ICCS ranks start at 0) and labels beside the board.
//! A [`Layered`] board stacks several grids as layers (Raumschach's five
//! 5×5 levels, `Cc3`).
//!
//! ```
//! use rules_api::Rgba;
//! use tabula_kit::grid::{Edge, Grid};
//!
//! let board = Grid::squares(8, 8, Rgba::rgb(240, 217, 181), Rgba::rgb(181, 136, 99))
//!     .file_labels(Edge::Bottom, 1.0)
//!     .rank_labels(Edge::Left, 1.0);
//! let geometry = board.build();
//! assert_eq!(geometry.cells.len(), 64);
//! assert_eq!(geometry.cells[board.index(4, 3) as usize].name.as_str(), "e4");
//! assert_eq!(board.parse("e4"), Some(board.index(4, 3)));
//! ```
//!
//! Coordinates follow [`rules_api::geometry`]: one board unit between
//! neighbours, x to the right, y downwards with rank 0 at the bottom.

use rules_api::{Cell, CellShape, Geometry, Label, Line, RVec, Rgba};

/// Which cell gets index 0, and how indices run.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum CellOrder {
    /// Index `rank * files + file`: `a1` (bottom left) first, rank by rank
    /// upwards (chess, xiangqi).
    BottomUp,
    /// Index `row * files + file` with row 0 at the top: the top-left cell
    /// first, row by row downwards (gomoku).
    TopDown,
}

/// A side of the board, for labels.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Edge {
    /// Below the board (file labels).
    Bottom,
    /// Above the board (file labels).
    Top,
    /// Left of the board (rank labels).
    Left,
    /// Right of the board (rank labels).
    Right,
}

/// How cells are named: a file letter then a rank number.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Coordinates {
    /// Leave out the letter `i` (Go's GTP coordinates: `h`, `j`).
    pub skip_i: bool,
    /// The number of the bottom rank: 1 for `a1`, 0 for xiangqi's ICCS.
    pub first_rank: u32,
    /// Capital file letters (GTP's `D4`).
    pub uppercase: bool,
}

impl Coordinates {
    /// `a1`, `b1`, …: lowercase letters, ranks from 1.
    pub const ALGEBRAIC: Coordinates = Coordinates { skip_i: false, first_rank: 1, uppercase: false };
    /// Go's GTP names: `A1`, …, `H1`, `J1` (no `I`).
    pub const GTP: Coordinates = Coordinates { skip_i: true, first_rank: 1, uppercase: true };
    /// Xiangqi's ICCS names: `a0` … `i9`.
    pub const ICCS: Coordinates = Coordinates { skip_i: false, first_rank: 0, uppercase: false };

    /// The letter of `file`.
    ///
    /// # Panics
    /// When the alphabet runs out (more than 26 files, 25 without `i`).
    pub fn file_letter(&self, file: u16) -> char {
        let mut index = file as u32;
        if self.skip_i && index >= 8 {
            index += 1;
        }
        assert!(index < 26, "file {file} has no letter");
        let letter = (b'a' + index as u8) as char;
        if self.uppercase {
            letter.to_ascii_uppercase()
        } else {
            letter
        }
    }

    /// The file a letter names (either case), if any.
    pub fn file_of(&self, letter: char) -> Option<u16> {
        let letter = letter.to_ascii_lowercase();
        if !letter.is_ascii_lowercase() || (self.skip_i && letter == 'i') {
            return None;
        }
        let index = (letter as u8 - b'a') as u16;
        Some(if self.skip_i && index > 8 { index - 1 } else { index })
    }
}

/// How the cells are drawn.
#[derive(Copy, Clone, PartialEq, Debug)]
enum Style {
    Squares { light: Rgba, dark: Rgba },
    Points,
}

/// A rectangular board: builds its [`Geometry`] and converts between cell
/// indices, files and ranks and coordinate names.
#[derive(Clone, PartialEq, Debug)]
pub struct Grid {
    files: u16,
    ranks: u16,
    style: Style,
    order: CellOrder,
    coordinates: Coordinates,
    lines: Option<(f32, Rgba)>,
    borders: Option<(f32, Rgba)>,
    ranks_from_top: bool,
    file_labels: Option<(Edge, f32)>,
    rank_labels: Option<(Edge, f32)>,
    background: Rgba,
}

impl Grid {
    /// Filled squares in alternating colours, `a1` dark (as on a chess
    /// board); no labels, no lines, a transparent background.
    pub fn squares(files: u16, ranks: u16, light: Rgba, dark: Rgba) -> Grid {
        Grid::new(files, ranks, Style::Squares { light, dark })
    }

    /// Intersection points; add [`Grid::lines`] to draw the grid.
    pub fn points(files: u16, ranks: u16) -> Grid {
        Grid::new(files, ranks, Style::Points)
    }

    fn new(files: u16, ranks: u16, style: Style) -> Grid {
        assert!(files > 0 && ranks > 0, "a board needs cells");
        assert!(files as u32 * ranks as u32 <= u16::MAX as u32, "too many cells for u16 indices");
        Grid {
            files,
            ranks,
            style,
            order: CellOrder::BottomUp,
            coordinates: Coordinates::ALGEBRAIC,
            lines: None,
            borders: None,
            ranks_from_top: false,
            file_labels: None,
            rank_labels: None,
            background: Rgba::TRANSPARENT,
        }
    }

    /// How cell indices run (default [`CellOrder::BottomUp`]).
    pub fn order(mut self, order: CellOrder) -> Grid {
        self.order = order;
        self
    }

    /// How cells are named (default [`Coordinates::ALGEBRAIC`]).
    pub fn coordinates(mut self, coordinates: Coordinates) -> Grid {
        self.coordinates = coordinates;
        self
    }

    /// Draws every rank and file as a line of `width` board units, from
    /// the first cell centre to the last.
    pub fn lines(mut self, width: f32, color: Rgba) -> Grid {
        self.lines = Some((width, color));
        self
    }

    /// Draws a border of `width` board units around every cell (square
    /// boards of one colour, such as Othello's green).
    pub fn borders(mut self, width: f32, color: Rgba) -> Grid {
        self.borders = Some((width, color));
        self
    }

    /// Numbers the ranks from the top row down (Othello's `a1` is the top
    /// left corner); indices and [`Grid::index`]'s rank 0 stay at the
    /// bottom, only the names and labels change.
    pub fn ranks_from_top(mut self) -> Grid {
        self.ranks_from_top = true;
        self
    }

    /// Labels each file with its letter, `distance` units beyond the
    /// outermost rank on `edge` ([`Edge::Bottom`] or [`Edge::Top`]).
    pub fn file_labels(mut self, edge: Edge, distance: f32) -> Grid {
        self.file_labels = Some((edge, distance));
        self
    }

    /// Labels each rank with its number, `distance` units beyond the
    /// outermost file on `edge` ([`Edge::Left`] or [`Edge::Right`]).
    pub fn rank_labels(mut self, edge: Edge, distance: f32) -> Grid {
        self.rank_labels = Some((edge, distance));
        self
    }

    /// The colour behind the board.
    pub fn background(mut self, color: Rgba) -> Grid {
        self.background = color;
        self
    }

    /// Number of files (columns).
    pub fn files(&self) -> u16 {
        self.files
    }

    /// Number of ranks (rows).
    pub fn ranks(&self) -> u16 {
        self.ranks
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Whether the board has no cells (never: a grid has at least one).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The cell index of `file` and `rank` (rank 0 at the bottom).
    pub fn index(&self, file: u16, rank: u16) -> u16 {
        debug_assert!(file < self.files && rank < self.ranks, "({file}, {rank}) is off the board");
        match self.order {
            CellOrder::BottomUp => rank * self.files + file,
            CellOrder::TopDown => (self.ranks - 1 - rank) * self.files + file,
        }
    }

    /// The file and rank of a cell index.
    pub fn file_rank(&self, index: u16) -> (u16, u16) {
        let (row, file) = (index / self.files, index % self.files);
        match self.order {
            CellOrder::BottomUp => (file, row),
            CellOrder::TopDown => (file, self.ranks - 1 - row),
        }
    }

    /// The letter of a file as text.
    pub fn file_name(&self, file: u16) -> String {
        self.coordinates.file_letter(file).to_string()
    }

    /// The number of a rank as text.
    pub fn rank_name(&self, rank: u16) -> String {
        self.rank_number(rank).to_string()
    }

    /// The number a rank is named by (rank 0 is the bottom row).
    fn rank_number(&self, rank: u16) -> u32 {
        let counted = if self.ranks_from_top { self.ranks - 1 - rank } else { rank };
        self.coordinates.first_rank + counted as u32
    }

    /// The coordinate name of `file` and `rank` (`e4`).
    pub fn name(&self, file: u16, rank: u16) -> String {
        let mut name = String::with_capacity(4);
        self.push_name(&mut name, file, rank);
        name
    }

    /// Appends the coordinate name of `file` and `rank` to `out`.
    fn push_name(&self, out: &mut String, file: u16, rank: u16) {
        use std::fmt::Write as _;
        out.push(self.coordinates.file_letter(file));
        let _ = write!(out, "{}", self.rank_number(rank));
    }

    /// The cell a coordinate name denotes (letters in either case, spaces
    /// around ignored); `None` for anything else, leading zeros included.
    pub fn parse(&self, text: &str) -> Option<u16> {
        let text = text.trim();
        let mut chars = text.chars();
        let file = self.coordinates.file_of(chars.next()?)?;
        let digits = chars.as_str();
        if digits.is_empty()
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || (digits.len() > 1 && digits.starts_with('0'))
        {
            return None;
        }
        let counted = digits.parse::<u32>().ok()?.checked_sub(self.coordinates.first_rank)?;
        if file >= self.files || counted >= self.ranks as u32 {
            return None;
        }
        let counted = counted as u16;
        let rank = if self.ranks_from_top { self.ranks - 1 - counted } else { counted };
        Some(self.index(file, rank))
    }

    /// The board's geometry (one layer).
    pub fn build(&self) -> Geometry {
        let mut geometry = Geometry {
            cells: RVec::with_capacity(self.len()),
            lines: RVec::new(),
            marks: RVec::new(),
            labels: RVec::new(),
            background: self.background,
            layers: 1,
        };
        self.add_layer(&mut geometry, 0, "");
        geometry
    }

    /// Appends the cells, lines and labels of this grid on `layer`, cell
    /// names prefixed by `prefix`.
    fn add_layer(&self, geometry: &mut Geometry, layer: u16, prefix: &str) {
        let last_rank = (self.ranks - 1) as f32;
        let last_file = (self.files - 1) as f32;
        for index in 0..self.len() as u16 {
            let (file, rank) = self.file_rank(index);
            let (shape, color) = match self.style {
                // Layers alternate too, so a piece moving straight up a
                // stack changes colour like one moving one square across.
                Style::Squares { light, dark } => {
                    let dark_cell = (file + rank + layer) % 2 == 0;
                    (CellShape::SQUARE, if dark_cell { dark } else { light })
                }
                Style::Points => (CellShape::POINT, Rgba::TRANSPARENT),
            };
            geometry.cells.push(Cell {
                x: file as f32,
                y: last_rank - rank as f32,
                layer,
                shape,
                color,
                name: {
                    let mut name = String::with_capacity(prefix.len() + 4);
                    name.push_str(prefix);
                    self.push_name(&mut name, file, rank);
                    name.into()
                },
            });
        }
        if let Some((width, color)) = self.lines {
            // Row and column lines interleaved, so square boards list each
            // row line beside the column line of the same number.
            for i in 0..self.files.max(self.ranks) {
                let at = i as f32;
                if i < self.ranks {
                    geometry.lines.push(Line { x1: 0.0, y1: at, x2: last_file, y2: at, layer, width, color });
                }
                if i < self.files {
                    geometry.lines.push(Line { x1: at, y1: 0.0, x2: at, y2: last_rank, layer, width, color });
                }
            }
        }
        if let Some((width, color)) = self.borders {
            let (right, bottom) = (last_file + 0.5, last_rank + 0.5);
            for row in 0..=self.ranks {
                let y = row as f32 - 0.5;
                geometry.lines.push(Line { x1: -0.5, y1: y, x2: right, y2: y, layer, width, color });
            }
            for column in 0..=self.files {
                let x = column as f32 - 0.5;
                geometry.lines.push(Line { x1: x, y1: -0.5, x2: x, y2: bottom, layer, width, color });
            }
        }
        if let Some((edge, distance)) = self.file_labels {
            let y = if edge == Edge::Top { -distance } else { last_rank + distance };
            for file in 0..self.files {
                geometry.labels.push(Label { x: file as f32, y, layer, text: self.file_name(file).into() });
            }
        }
        if let Some((edge, distance)) = self.rank_labels {
            let x = if edge == Edge::Right { last_file + distance } else { -distance };
            // In index order, so labels list like the cells they stand beside.
            for row in 0..self.ranks {
                let rank = match self.order {
                    CellOrder::BottomUp => row,
                    CellOrder::TopDown => self.ranks - 1 - row,
                };
                let y = last_rank - rank as f32;
                geometry.labels.push(Label { x, y, layer, text: self.rank_name(rank).into() });
            }
        }
    }
}

/// Several [`Grid`]s stacked as layers (a 3D board). Cell indices run
/// layer by layer (`level * grid.len() + grid index`), names put the level
/// letter first (`Cc3`: level C, file c, rank 3), and renderers draw the
/// layers side by side.
#[derive(Clone, PartialEq, Debug)]
pub struct Layered {
    grid: Grid,
    levels: u16,
    level_labels: Option<f32>,
}

impl Layered {
    /// `levels` copies of `grid`, level `A` as layer 0.
    ///
    /// # Panics
    /// With more than 26 levels or more cells than `u16` indices reach.
    pub fn new(grid: Grid, levels: u16) -> Layered {
        assert!((1..=26).contains(&levels), "levels are named A to Z");
        assert!(grid.len() * levels as usize <= u16::MAX as usize, "too many cells for u16 indices");
        Layered { grid, levels, level_labels: None }
    }

    /// Labels each layer with its level letter, `distance` units above its
    /// top rank.
    pub fn level_labels(mut self, distance: f32) -> Layered {
        self.level_labels = Some(distance);
        self
    }

    /// The grid of one level.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// Number of levels.
    pub fn levels(&self) -> u16 {
        self.levels
    }

    /// Number of cells on all levels.
    pub fn len(&self) -> usize {
        self.grid.len() * self.levels as usize
    }

    /// Whether the board has no cells (never).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The letter of a level (`A` is level 0).
    pub fn level_name(&self, level: u16) -> char {
        (b'A' + level as u8) as char
    }

    /// The cell index of `level`, `file` and `rank`.
    pub fn index(&self, level: u16, file: u16, rank: u16) -> u16 {
        level * self.grid.len() as u16 + self.grid.index(file, rank)
    }

    /// The level, file and rank of a cell index.
    pub fn location(&self, index: u16) -> (u16, u16, u16) {
        let per_level = self.grid.len() as u16;
        let (file, rank) = self.grid.file_rank(index % per_level);
        (index / per_level, file, rank)
    }

    /// The coordinate name of a cell (`Cc3`).
    pub fn name(&self, level: u16, file: u16, rank: u16) -> String {
        format!("{}{}", self.level_name(level), self.grid.name(file, rank))
    }

    /// The cell a name denotes (the level letter in either case).
    pub fn parse(&self, text: &str) -> Option<u16> {
        let text = text.trim();
        let first = text.chars().next()?;
        if !first.is_ascii_alphabetic() {
            return None;
        }
        let level = (first.to_ascii_uppercase() as u8 - b'A') as u16;
        let (file, rank) = self.grid.file_rank(self.grid.parse(&text[1..])?);
        (level < self.levels).then(|| self.index(level, file, rank))
    }

    /// The whole stack's geometry.
    pub fn build(&self) -> Geometry {
        let mut geometry = Geometry {
            cells: RVec::with_capacity(self.len()),
            lines: RVec::new(),
            marks: RVec::new(),
            labels: RVec::new(),
            background: self.grid.background,
            layers: self.levels,
        };
        for level in 0..self.levels {
            self.grid.add_layer(&mut geometry, level, &self.level_name(level).to_string());
            if let Some(distance) = self.level_labels {
                let x = (self.grid.files - 1) as f32 / 2.0;
                let text = self.level_name(level).to_string().into();
                geometry.labels.push(Label { x, y: -distance, layer: level, text });
            }
        }
        geometry
    }
}
