//! Move notation: ICCS coordinates for machines, WXF and Chinese for people.
//!
//! Both display notations name the moving piece by kind and file, then the
//! direction (forward / backward / sideways) and either the destination file
//! (sideways moves and the diagonal movers: advisor, elephant, horse) or the
//! number of ranks. Files are counted from the mover's right: Red writes
//! Chinese numerals (一 … 九), Black digits (1 … 9).
//!
//! Tandem pieces (two of a kind on one file) replace the file by a
//! front/rear marker: WXF `C+=5` / `C-=5`, Chinese `前炮平五` / `後炮平五`.
//! Advisors and elephants keep their file, which is never ambiguous for them.
//! Soldiers follow the WXF manual: on a single crowded file, 3 soldiers are
//! `P+ P<file> P-` (前 中 後), 4 are `++ P+ P- --` and 5 `++ P+ P<file> P- --`
//! (Chinese 前 二 三 四 後 from the front); when two files are crowded the
//! file digit takes the letter's place (`3+=4`, `33=4`, `3-=4`), and in
//! Chinese all tandem soldiers are numbered 一 二 三 … from the mover's right,
//! front to back (`二兵平四`).

use rules_api::{Move, Notation, PluginError};

use crate::board::{
    cell_of, file_of, rank_of, square, square_of_cell, tag, ADVISOR, ELEPHANT, GENERAL, HORSE, RED, SOLDIER,
};
use crate::fen::point_name;
use crate::state::{Style, XiangqiPosition};

const WXF_LETTERS: [char; 7] = ['K', 'A', 'E', 'H', 'R', 'C', 'P'];
const RED_NAMES: [char; 7] = ['帥', '仕', '相', '傌', '俥', '炮', '兵'];
const BLACK_NAMES: [char; 7] = ['將', '士', '象', '馬', '車', '砲', '卒'];
const NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// ICCS text of a move between two squares (`h2e2`).
fn iccs(from: u8, to: u8) -> String {
    format!("{}{}", point_name(file_of(from), rank_of(from)), point_name(file_of(to), rank_of(to)))
}

/// ICCS text of a move when its cells are real points, else the raw cells
/// (for error messages about moves that may be nonsense).
pub fn iccs_or_cells(m: Move) -> String {
    match (square_of_cell(m.from), square_of_cell(m.to)) {
        (Some(f), Some(t)) => iccs(f, t),
        _ => format!("{}->{}", m.from, m.to),
    }
}

/// Writes a legal move.
pub fn move_to_text(pos: &XiangqiPosition, m: Move, notation: Notation) -> Result<String, PluginError> {
    if !pos.is_legal(m) {
        return Err(PluginError::illegal_move(format!(
            "cannot write move {}: it is not legal in {}",
            iccs_or_cells(m),
            crate::fen::write(pos)
        )));
    }
    let (from, to) = (square_of_cell(m.from).unwrap_or(0), square_of_cell(m.to).unwrap_or(0));
    Ok(if notation == Notation::COORDINATE { iccs(from, to) } else { display(pos, from, to, pos.config.style) })
}

/// File number (1–9) of `file` counted from `side`'s right.
fn file_number(side: u8, file: u8) -> u8 {
    if side == RED {
        9 - file
    } else {
        file + 1
    }
}

/// How far forward a rank is for `side` (larger is nearer the enemy).
fn advance(side: u8, rank: u8) -> i8 {
    if side == RED {
        rank as i8
    } else {
        9 - rank as i8
    }
}

/// Ranks of the `side` pieces of `kind` on `file`, most advanced first.
fn tandem(pos: &XiangqiPosition, side: u8, kind: u8, file: u8) -> ([u8; 10], usize) {
    let mut ranks = [0u8; 10];
    let mut n = 0;
    for rank in 0..10 {
        let code = pos.board.sq[square(file, rank) as usize];
        if code & tag(side) != 0 && pos.board.kind[code as usize] == kind {
            ranks[n] = rank;
            n += 1;
        }
    }
    ranks[..n].sort_by_key(|&r| -advance(side, r));
    (ranks, n)
}

/// How the moving piece is named.
enum Which {
    /// By its file: WXF `C2`, Chinese `炮二`.
    File,
    /// WXF marker replacing the file (`+`, `-`, `++`, `--`, or the file digit
    /// for the middle soldier) after the letter, or before it in place of the
    /// letter; and the Chinese prefix (前, 後, 中, 二 …).
    Marker { wxf: String, letter: bool, chinese: char },
}

fn identify(pos: &XiangqiPosition, side: u8, kind: u8, from: u8) -> Which {
    if matches!(kind, GENERAL | ADVISOR | ELEPHANT) {
        return Which::File;
    }
    let file = file_of(from);
    let (ranks, n) = tandem(pos, side, kind, file);
    if n < 2 {
        return Which::File;
    }
    let index = ranks[..n].iter().position(|&r| r == rank_of(from)).unwrap_or(0);
    let digit = char::from(b'0' + file_number(side, file));
    if kind != SOLDIER {
        let front = index == 0;
        return Which::Marker {
            wxf: if front { "+" } else { "-" }.into(),
            letter: true,
            chinese: if front { '前' } else { '後' },
        };
    }
    // Crowded files, ordered from the mover's right.
    let mut crowded = [0u8; 9];
    let mut files = 0;
    for k in 1..=9u8 {
        let f = if side == RED { 9 - k } else { k - 1 };
        if tandem(pos, side, SOLDIER, f).1 >= 2 {
            crowded[files] = f;
            files += 1;
        }
    }
    let marker = |i: usize| -> String {
        match (n, i) {
            (_, 0) if n <= 3 => "+".into(),
            (_, i) if i == n - 1 && n <= 3 => "-".into(),
            (3, _) | (5, 2) => digit.to_string(),
            (_, 0) => "++".into(),
            (_, i) if i == n - 1 => "--".into(),
            (_, 1) => "+".into(),
            _ => "-".into(),
        }
    };
    if files >= 2 {
        let before: usize =
            crowded[..files].iter().take_while(|&&f| f != file).map(|&f| tandem(pos, side, SOLDIER, f).1).sum();
        let wxf = match index {
            0 => "+".to_string(),
            i if i == n - 1 => "-".to_string(),
            _ => digit.to_string(),
        };
        return Which::Marker { wxf: format!("{digit}{wxf}"), letter: false, chinese: NUMERALS[before + index] };
    }
    let wxf = marker(index);
    let letter = wxf.len() == 1;
    let chinese = match (n, index) {
        (_, 0) => '前',
        (_, i) if i == n - 1 => '後',
        (3, _) => '中',
        (_, i) => NUMERALS[i],
    };
    Which::Marker { wxf, letter, chinese }
}

/// Writes a legal move in a display notation.
pub fn display(pos: &XiangqiPosition, from: u8, to: u8, style: Style) -> String {
    let side = pos.side;
    let kind = pos.board.kind_at(from);
    let step = advance(side, rank_of(to)) - advance(side, rank_of(from));
    let sideways = step == 0;
    let diagonal = matches!(kind, ADVISOR | ELEPHANT | HORSE);
    let amount = if sideways || diagonal { file_number(side, file_of(to)) } else { step.unsigned_abs() };
    let which = identify(pos, side, kind, from);
    let file = file_number(side, file_of(from));
    match style {
        Style::Wxf => {
            let op = if sideways {
                '='
            } else if step > 0 {
                '+'
            } else {
                '-'
            };
            let letter = WXF_LETTERS[kind as usize];
            let head = match which {
                Which::File => format!("{letter}{file}"),
                Which::Marker { wxf, letter: true, .. } => format!("{letter}{wxf}"),
                Which::Marker { wxf, .. } => wxf,
            };
            format!("{head}{op}{amount}")
        }
        Style::Chinese => {
            let name = if side == RED { RED_NAMES[kind as usize] } else { BLACK_NAMES[kind as usize] };
            let number = |n: u8| -> String {
                if side == RED {
                    NUMERALS[n as usize - 1].to_string()
                } else {
                    n.to_string()
                }
            };
            let op = if sideways {
                '平'
            } else if step > 0 {
                '進'
            } else {
                '退'
            };
            let head = match which {
                Which::File => format!("{name}{}", number(file)),
                Which::Marker { chinese, .. } => format!("{chinese}{name}"),
            };
            format!("{head}{op}{}", number(amount))
        }
    }
}

/// Folds the accepted spellings of either display notation into one form:
/// ASCII operators and digits, one letter per piece kind, `F`/`M`/`B` for
/// 前/中/後, simplified and traditional characters alike.
fn normalize(text: &str) -> String {
    let mut out: Vec<char> = Vec::with_capacity(text.len());
    for c in text.chars() {
        let mapped = match c {
            c if c.is_whitespace() => continue,
            '帥' | '帅' | '將' | '将' | 'G' | 'g' => 'K',
            '仕' | '士' => 'A',
            '相' | '象' | 'B' | 'b' => 'E',
            '傌' | '馬' | '马' | 'N' | 'n' => 'H',
            '俥' | '車' | '车' => 'R',
            '炮' | '砲' => 'C',
            '兵' | '卒' => 'P',
            '進' | '进' => '+',
            '退' => '-',
            '平' | '.' => '=',
            '前' => 'F',
            '中' => 'M',
            '後' | '后' => 'X',
            '１'..='９' => char::from_u32(c as u32 - '１' as u32 + '1' as u32).unwrap_or(c),
            c => match NUMERALS.iter().position(|&n| n == c) {
                Some(i) => char::from(b'1' + i as u8),
                None => c.to_ascii_uppercase(),
            },
        };
        out.push(mapped);
    }
    // `+C=5` (marker before the letter) is the same as `C+=5`.
    if out.len() >= 2 && matches!(out[0], '+' | '-') && out[1].is_ascii_alphabetic() {
        out.swap(0, 1);
    }
    out.into_iter().collect()
}

/// Reads ICCS (`h2e2`, `h2-e2`) if the text has that shape.
fn parse_iccs(text: &str) -> Option<(u8, u8)> {
    let t: Vec<u8> = text.bytes().filter(|&b| b != b'-').map(|b| b.to_ascii_lowercase()).collect();
    let point = |f: u8, r: u8| ((b'a'..=b'i').contains(&f) && r.is_ascii_digit()).then(|| square(f - b'a', r - b'0'));
    match t.as_slice() {
        [f1, r1, f2, r2] => Some((point(*f1, *r1)?, point(*f2, *r2)?)),
        _ => None,
    }
}

/// Reads a move in ICCS or either display notation and returns it if legal.
pub fn parse_move(pos: &XiangqiPosition, text: &str, _notation: Notation) -> Result<Move, PluginError> {
    let trimmed = text.trim();
    if let Some((from, to)) = parse_iccs(trimmed) {
        let m = Move::new(cell_of(from), cell_of(to));
        if pos.is_legal(m) {
            return Ok(m);
        }
        return Err(PluginError::illegal_move(format!("move '{trimmed}' is not legal in {}", crate::fen::write(pos))));
    }
    let wanted = normalize(trimmed);
    let mut found: Option<Move> = None;
    for &(from, to) in pos.legal_squares().as_slice() {
        let matches = [Style::Wxf, Style::Chinese].iter().any(|&s| normalize(&display(pos, from, to, s)) == wanted);
        if matches {
            let m = Move::new(cell_of(from), cell_of(to));
            if found.is_some_and(|f| f != m) {
                return Err(PluginError::invalid_input(format!("move '{trimmed}' is ambiguous here")));
            }
            found = Some(m);
        }
    }
    match found {
        Some(m) if pos.is_legal(m) => Ok(m),
        _ => Err(PluginError::illegal_move(format!(
            "'{trimmed}' is not a legal move in {} (write ICCS like h2e2, WXF like C2=5 or Chinese like 炮二平五)",
            crate::fen::write(pos)
        ))),
    }
}
