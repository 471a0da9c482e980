//! What one player (or a spectator) knows of a game, as text both ways,
//! and the full positions that knowledge allows.
//!
//! A view text is `ROWS VIEWER X-MARKS O-MARKS RESULT`, for example
//! `o../.x./... x 1 1 *`: the board as the viewer sees it (rows from the
//! top, their own marks and the opponent's marks they have bumped into),
//! the viewer (`x`, `o`, or `-` for a spectator, who sees no mark), how
//! many marks each player has (public: a placed mark passes the turn), and
//! the result as everyone is told it (`*` ongoing, `1-0`, `0-1`,
//! `1/2-1/2`).

use rules_api::plugin::PositionImpl;
use rules_api::{StatusKind, SPECTATOR};
use tabula_kit::rand::Rng as _;
use tabula_kit::rng::rng_from_seed;

use crate::board::{Board, MARKS};

/// The result as the view text writes it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Result3 {
    Ongoing,
    Win(u8),
    Draw,
}

impl Result3 {
    fn of(cells: &[Option<u8>; 9]) -> Option<Result3> {
        match (Board::has_line(cells, 0), Board::has_line(cells, 1)) {
            (true, true) => None,
            (true, false) => Some(Result3::Win(0)),
            (false, true) => Some(Result3::Win(1)),
            _ if cells.iter().all(Option::is_some) => Some(Result3::Draw),
            _ => Some(Result3::Ongoing),
        }
    }
    fn word(self) -> &'static str {
        match self {
            Result3::Ongoing => "*",
            Result3::Win(0) => "1-0",
            Result3::Win(_) => "0-1",
            Result3::Draw => "1/2-1/2",
        }
    }
    fn parse(word: &str) -> Option<Result3> {
        [Result3::Ongoing, Result3::Win(0), Result3::Win(1), Result3::Draw].into_iter().find(|r| r.word() == word)
    }
}

/// One viewer's knowledge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    cells: [Option<u8>; 9],
    viewer: u8,
    marks: [usize; 2],
    result: Result3,
}

/// Three rows from the top, `/` between them, one character per cell.
pub fn rows(cell: impl Fn(usize) -> char) -> String {
    [2, 1, 0].map(|r| (0..3).map(|f| cell(r * 3 + f)).collect::<String>()).join("/")
}

/// Reads three rows from the top into cells, each character through `read`.
pub fn read_rows<T: Copy + Default>(
    text: &str,
    read: impl Fn(char) -> Option<T>,
) -> std::result::Result<[T; 9], String> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 3 || rows.iter().any(|r| r.chars().count() != 3) {
        return Err(format!("'{text}': expected three rows of three cells"));
    }
    let mut cells = [T::default(); 9];
    for (i, ch) in rows.iter().rev().flat_map(|r| r.chars()).enumerate() {
        cells[i] = read(ch).ok_or_else(|| format!("'{text}': '{ch}' is not a cell here"))?;
    }
    Ok(cells)
}

impl View {
    /// What `viewer` knows of `board`.
    pub fn of(board: &Board, viewer: u8) -> View {
        let result = match board.status().kind {
            StatusKind::WIN => Result3::Win(board.status().winner),
            StatusKind::DRAW => Result3::Draw,
            _ => Result3::Ongoing,
        };
        let viewer = if viewer < 2 { viewer } else { SPECTATOR };
        View { cells: board.view_cells(viewer), viewer, marks: [board.count(0), board.count(1)], result }
    }

    /// The view as text (the format [`View::parse`] reads).
    pub fn to_text(&self) -> String {
        let board = rows(|c| self.cells[c].map_or('.', |p| MARKS[p as usize]));
        let viewer = if self.viewer == SPECTATOR { '-' } else { MARKS[self.viewer as usize] };
        format!("{board} {viewer} {} {} {}", self.marks[0], self.marks[1], self.result.word())
    }

    /// Reads a view text, checking that it could be someone's knowledge.
    pub fn parse(text: &str) -> std::result::Result<View, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let [board, viewer, x, o, result] = words[..] else {
            return Err(format!("'{text}': a view is 'ROWS VIEWER X-MARKS O-MARKS RESULT' (o../.x./... x 1 1 *)"));
        };
        let cells = read_rows(board, |ch| match ch {
            '.' => Some(None),
            'x' => Some(Some(0)),
            'o' => Some(Some(1)),
            _ => None,
        })?;
        let viewer = match viewer {
            "x" => 0,
            "o" => 1,
            "-" => SPECTATOR,
            other => return Err(format!("'{text}': the viewer '{other}' is not x, o or -")),
        };
        let count = |word: &str, what: &str| {
            word.parse::<usize>()
                .ok()
                .filter(|&n| n <= 5)
                .ok_or_else(|| format!("'{text}': {what} '{word}' is not 0 to 5"))
        };
        let marks = [count(x, "the number of x marks")?, count(o, "the number of o marks")?];
        let result = Result3::parse(result)
            .ok_or_else(|| format!("'{text}': the result '{result}' is not *, 1-0, 0-1 or 1/2-1/2"))?;
        let view = View { cells, viewer, marks, result };
        view.check().map_err(|why| format!("'{text}': {why}"))?;
        Ok(view)
    }

    fn check(&self) -> std::result::Result<(), String> {
        if !(self.marks[1]..=self.marks[1] + 1).contains(&self.marks[0]) {
            return Err("x moves first, so x has as many marks as o or one more".into());
        }
        for p in 0..2u8 {
            let shown = self.cells.iter().filter(|&&c| c == Some(p)).count();
            if shown > self.marks[p as usize] || (p == self.viewer && shown != self.marks[p as usize]) {
                return Err(format!(
                    "{} marks of {} are shown, but {} has {}",
                    shown, MARKS[p as usize], MARKS[p as usize], self.marks[p as usize]
                ));
            }
        }
        if self.viewer == SPECTATOR && self.cells.iter().any(Option::is_some) {
            return Err("a spectator sees no mark".into());
        }
        Ok(())
    }

    /// A full position this viewer cannot tell from the one they see,
    /// drawn uniformly among the boards that fit (the hidden marks on
    /// cells empty to the viewer, the result as announced), with random
    /// discoveries of the marks whose discovery the viewer cannot know.
    pub fn sample(&self, seed: u64) -> std::result::Result<Board, String> {
        let mut rng = rng_from_seed(seed);
        let free: Vec<usize> = (0..9).filter(|&c| self.cells[c].is_none()).collect();
        let hidden = [0u8, 1].map(|p| self.marks[p as usize] - self.cells.iter().filter(|&&c| c == Some(p)).count());
        let mut fits = Vec::new();
        let mut cells = self.cells;
        self.fill(&free, 0, hidden, &mut cells, &mut fits);
        if fits.is_empty() {
            return Err(format!("no position fits the view '{}'", self.to_text()));
        }
        let cells = fits[rng.random_range(0..fits.len())];
        // The viewer knows which opponent marks they discovered (those
        // shown) and that they discovered no other; whether the opponent
        // discovered the viewer's own marks they cannot know.
        let seen = std::array::from_fn(|c| match cells[c] {
            Some(p) if p == self.viewer => rng.random_bool(0.5),
            Some(_) if self.viewer == SPECTATOR => rng.random_bool(0.5),
            Some(_) => self.cells[c].is_some(),
            None => false,
        });
        Board::from_parts(cells, seen)
    }

    /// Every way to put the `hidden` marks on the free cells from index
    /// `at` on that gives the announced result.
    fn fill(
        &self,
        free: &[usize],
        at: usize,
        hidden: [usize; 2],
        cells: &mut [Option<u8>; 9],
        out: &mut Vec<[Option<u8>; 9]>,
    ) {
        if hidden == [0, 0] {
            if Result3::of(cells) == Some(self.result) {
                out.push(*cells);
            }
            return;
        }
        if free.len() - at < hidden[0] + hidden[1] {
            return;
        }
        for p in 0..2u8 {
            if hidden[p as usize] > 0 {
                let mut less = hidden;
                less[p as usize] -= 1;
                cells[free[at]] = Some(p);
                self.fill(free, at + 1, less, cells, out);
                cells[free[at]] = None;
            }
        }
        self.fill(free, at + 1, hidden, cells, out);
    }
}
