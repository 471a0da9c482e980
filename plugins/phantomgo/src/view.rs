//! What each player knows, as text, and positions drawn from it.
//!
//! A player's view text is
//! `VIEWER ROWS SIDE PASSES BLACKSTONES WHITESTONES TRIED TOLD`:
//! the rows from the top with their own stones and the enemy stones they
//! found (`x` black, `o` white, `.` anything else), the side to move, the
//! passes just played in a row, both stone counts (public: every move and
//! every capture count is announced), the empty points refused to them
//! this turn (`-` for none) and the referee's last words to them (see
//! [`told_token`]). A spectator's text is
//! `spectator SIDE PASSES BLACKSTONES WHITESTONES TOLD`.

use rules_api::{PluginError, SPECTATOR};
use tabula_kit::rand::seq::SliceRandom;
use tabula_kit::rng::rng_from_seed;

use crate::points::{parse_point, point_name};
use crate::position::{PhantomGoPosition, Points, Told};

fn color(player: u8) -> &'static str {
    if player == 0 {
        "black"
    } else {
        "white"
    }
}

/// The referee's last words as `viewer` heard them, as a token: `-`,
/// `play`, `play+N` (N stones captured), `pass`, `no` (the other player's
/// try was refused), `no-stone@E5` or `no-empty@E5` (the viewer's own try
/// at E5 refused: an enemy stone stands there, or the stone would be
/// suicide or repeat a position).
pub fn told_token(pos: &PhantomGoPosition, viewer: u8) -> String {
    match pos.told {
        Told::Nothing => "-".into(),
        Told::Played { captured: 0, .. } => "play".into(),
        Told::Played { captured, .. } => format!("play+{captured}"),
        Told::Passed { .. } => "pass".into(),
        Told::Refused { by, point, occupied } if by == viewer => {
            format!("no-{}@{}", if occupied { "stone" } else { "empty" }, point_name(pos.size, point))
        }
        Told::Refused { .. } => "no".into(),
    }
}

/// The referee's last words to `viewer`, for people.
pub fn announcement(pos: &PhantomGoPosition, viewer: u8) -> String {
    match pos.told {
        Told::Nothing => String::new(),
        Told::Played { by, captured: 0 } => format!("{} played", color(by)),
        Told::Played { by, captured } => {
            format!("{} played and captured {captured} stone{}", color(by), if captured == 1 { "" } else { "s" })
        }
        Told::Passed { by } => format!("{} passed", color(by)),
        Told::Refused { by, point, occupied } if by == viewer => {
            let why = match (occupied, by) {
                (false, _) => "suicide or a repeated position",
                (true, 0) => "a white stone is there",
                (true, _) => "a black stone is there",
            };
            format!("illegal move at {}: {why}", point_name(pos.size, point))
        }
        Told::Refused { by, .. } => format!("{} tried an illegal move", color(by)),
    }
}

/// What `viewer` sees on point `p`: their stones and the stones they found.
pub fn sees(pos: &PhantomGoPosition, viewer: u8, p: usize) -> Option<u8> {
    if viewer > 1 {
        return None;
    }
    let c = pos.cells[p];
    (c == viewer + 1 || (c != 0 && pos.seen[viewer as usize].has(p))).then(|| c - 1)
}

/// Everything `viewer` knows, as text (see the module docs).
pub fn view_text(pos: &PhantomGoPosition, viewer: u8) -> String {
    let side = if pos.side() == 0 { "b" } else { "w" };
    let counts = format!("{} {}", pos.stones(0), pos.stones(1));
    let passes = pos.passes();
    if viewer > 1 {
        return format!("spectator {side} {passes} {counts} {}", told_token(pos, SPECTATOR));
    }
    let n = pos.size;
    let mut rows = String::with_capacity(n * (n + 1));
    for r in (0..n).rev() {
        if r + 1 < n {
            rows.push('/');
        }
        for f in 0..n {
            rows.push(match sees(pos, viewer, r * n + f) {
                Some(0) => 'x',
                Some(_) => 'o',
                None => '.',
            });
        }
    }
    let tried: Vec<String> = if pos.side() == viewer {
        pos.tried.iter().take_while(|&p| p < n * n).map(|p| point_name(n, p as u16)).collect()
    } else {
        Vec::new()
    };
    let tried = if tried.is_empty() { "-".to_string() } else { tried.join(",") };
    format!("{} {rows} {side} {passes} {counts} {tried} {}", color(viewer), told_token(pos, viewer))
}

/// Parsed view text.
pub struct ViewKnowledge {
    /// The viewer.
    pub viewer: u8,
    /// What they see, 0 nothing, 1 black, 2 white.
    pub cells: Vec<u8>,
    /// Who moves.
    pub side: u8,
    /// Passes in a row.
    pub passes: u8,
    /// Stone counts, Black's then White's.
    pub stones: [usize; 2],
    /// Refused empty points this turn.
    pub tried: Points,
    /// The last words.
    pub told: Told,
}

/// Reads a player's view text.
pub fn parse_view(text: &str, size: usize) -> Result<ViewKnowledge, PluginError> {
    let bad = |why: String| PluginError::invalid_input(format!("phantom go view: {why} in '{text}'"));
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [viewer, rows, side, passes, black, white, tried, told] = fields[..] else {
        if fields.first() == Some(&"spectator") {
            return Err(bad("a spectator sees no stones, so there is nothing to sample from".into()));
        }
        return Err(bad(format!("{} fields instead of 8", fields.len())));
    };
    let viewer = match viewer {
        "black" => 0,
        "white" => 1,
        _ => return Err(bad(format!("the viewer '{viewer}' is not black or white"))),
    };
    let rows: Vec<&str> = rows.split('/').collect();
    if rows.len() != size || rows.iter().any(|r| r.chars().count() != size) {
        return Err(bad(format!("the board is not {size} rows of {size} points")));
    }
    let mut cells = vec![0u8; size * size];
    for (i, row) in rows.iter().enumerate() {
        for (f, c) in row.chars().enumerate() {
            cells[(size - 1 - i) * size + f] = match c {
                '.' => 0,
                'x' | 'X' => 1,
                'o' | 'O' => 2,
                _ => return Err(bad(format!("'{c}' is not x, o or ."))),
            };
        }
    }
    let side = match side {
        "b" => 0,
        "w" => 1,
        _ => return Err(bad(format!("the side to move '{side}' is not b or w"))),
    };
    let passes: u8 = passes.parse().ok().filter(|&p| p <= 1).ok_or_else(|| bad(format!("passes '{passes}'")))?;
    let count = |t: &str| t.parse::<usize>().map_err(|_| bad(format!("the stone count '{t}'")));
    let stones = [count(black)?, count(white)?];
    let mut tried_set = Points::default();
    if tried != "-" {
        for name in tried.split(',') {
            let p = parse_point(size, name).ok_or_else(|| bad(format!("the refused point '{name}'")))?;
            tried_set.add(p);
        }
    }
    let told = parse_told(told, viewer, side, size).ok_or_else(|| bad(format!("the referee's words '{told}'")))?;
    Ok(ViewKnowledge { viewer, cells, side, passes, stones, tried: tried_set, told })
}

fn parse_told(token: &str, viewer: u8, side: u8, size: usize) -> Option<Told> {
    let last = 1 - side;
    Some(match token {
        "-" => Told::Nothing,
        "play" => Told::Played { by: last, captured: 0 },
        "pass" => Told::Passed { by: last },
        "no" => Told::Refused { by: 1 - viewer, point: 0, occupied: false },
        t if t.starts_with("play+") => Told::Played { by: last, captured: t[5..].parse().ok()? },
        t => {
            let (what, point) = t.strip_prefix("no-")?.split_once('@')?;
            let occupied = match what {
                "stone" => true,
                "empty" => false,
                _ => return None,
            };
            Told::Refused { by: viewer, point: parse_point(size, point)? as u16, occupied }
        }
    })
}

/// Whether the chain through `p` on `cells` has a liberty.
fn has_liberty(cells: &[u8], size: usize, p: usize) -> bool {
    let colour = cells[p];
    let mut seen = vec![false; cells.len()];
    let mut stack = vec![p];
    seen[p] = true;
    while let Some(q) = stack.pop() {
        let (f, r) = (q % size, q / size);
        let around = [
            (f > 0).then(|| q - 1),
            (f + 1 < size).then(|| q + 1),
            (r > 0).then(|| q - size),
            (r + 1 < size).then(|| q + size),
        ];
        for n in around.into_iter().flatten() {
            if cells[n] == 0 {
                return true;
            }
            if cells[n] == colour && !seen[n] {
                seen[n] = true;
                stack.push(n);
            }
        }
    }
    false
}

/// Whether a stone on `p` leaves every chain around it a liberty.
fn placement_ok(cells: &[u8], size: usize, p: usize) -> bool {
    let (f, r) = (p % size, p / size);
    let around = [
        Some(p),
        (f > 0).then(|| p - 1),
        (f + 1 < size).then(|| p + 1),
        (r > 0).then(|| p - size),
        (r + 1 < size).then(|| p + size),
    ];
    around.into_iter().flatten().all(|q| cells[q] == 0 || has_liberty(cells, size, q))
}

/// The referee's board drawn for `k`: the viewer's stones and the enemy
/// stones they found where they are, the rest of the enemy's stones
/// scattered uniformly over the points the viewer knows nothing of, each
/// placed only where every chain keeps a liberty (a board the referee
/// could hold). Earlier announcements (where captures happened, which
/// tries failed on earlier turns) are not used; this is the documented
/// approximation of the information set.
pub fn draw_cells(k: &ViewKnowledge, size: usize, seed: u64) -> Result<Vec<u8>, PluginError> {
    let enemy = 2 - k.viewer;
    let found = k.cells.iter().filter(|&&c| c == enemy).count();
    let missing = k.stones[(enemy - 1) as usize].checked_sub(found).ok_or_else(|| {
        PluginError::invalid_input("phantom go view: more enemy stones found than the enemy has".to_string())
    })?;
    let mut rng = rng_from_seed(seed);
    let open: Vec<usize> = (0..size * size).filter(|&p| k.cells[p] == 0 && !k.tried.has(p)).collect();
    for _ in 0..200 {
        let mut cells = k.cells.clone();
        let mut order = open.clone();
        order.shuffle(&mut rng);
        let mut placed = 0;
        for &p in &order {
            if placed == missing {
                break;
            }
            cells[p] = enemy;
            if placement_ok(&cells, size, p) {
                placed += 1;
            } else {
                cells[p] = 0;
            }
        }
        if placed == missing {
            return Ok(cells);
        }
    }
    Err(PluginError::unsupported(format!(
        "phantom go: no board with {missing} hidden stones fits this view (seed {seed})"
    )))
}
