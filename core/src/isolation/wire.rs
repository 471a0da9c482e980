//! The messages between Tabula and its rules process, and how they are
//! framed: a little-endian `u32` length, then the message in postcard's
//! compact serde format. The boundary types are `#[repr(C)]` abi_stable
//! structures without serde support, so each has a plain twin here with
//! conversions both ways.

use std::io::{self, Read, Write};

use rules_api::{
    Cell, CellShape, ErrorKind, GameInfo, Geometry, HandPiece, Highlight, HighlightKind, Label, Line, Mark, MarkKind,
    Move, MoveFlags, MoveInfo, Piece, PieceType, PlayerInfo, PlayerScore, PluginError, RStr, Rgba, Status, StatusKind,
};
use serde::{Deserialize, Serialize};

/// The version of this protocol; both ends are the same executable, so a
/// mismatch means a binary was replaced while Tabula ran. 2: the calls of
/// rules-api 0.2.1 (chance, full results, evaluations per player, click
/// paths, cell changes and texts).
pub const VERSION: u32 = 2;

/// The largest message either end accepts (a geometry of 65,535 cells with
/// names fits many times over).
pub const MAX_FRAME: usize = 64 << 20;

/// A request from Tabula to the rules process.
#[derive(Serialize, Deserialize, Debug)]
pub enum Request {
    /// Load the library at `library` and build the game with `options`.
    Open {
        /// [`VERSION`] of the sender.
        version: u32,
        /// The plugin library.
        library: String,
        /// The rules options.
        options: Vec<(String, String)>,
    },
    /// A new start position.
    Start,
    /// A new position read from text.
    FromText(String),
    /// A new position equal to an existing one.
    Clone(u32),
    /// Forget a position (no reply).
    Drop(u32),
    /// A call on a position.
    Call(u32, Call),
}

/// A call on a position (see [`rules_api::Position`]).
#[allow(missing_docs)]
#[derive(Serialize, Deserialize, Debug)]
pub enum Call {
    SideToMove,
    LegalMoves,
    MakeMove(WMove),
    Unmake,
    Status,
    Hash,
    Evaluate,
    MoveInfos(Vec<WMove>),
    Pieces,
    Highlights,
    ToText,
    MoveToText(WMove, u8),
    ParseMove(String, u8),
    Flags,
    CountLegal,
    MakeNull,
    Hands,
    Scores,
    CountScore(Vec<u16>),
    ChanceOutcomes,
    Result,
    EvaluateAll,
    ClickPaths,
    CellChanges,
    CellTexts,
    DrawClaim,
}

impl Call {
    /// The name of the boundary call, for messages.
    pub fn name(&self) -> &'static str {
        match self {
            Call::SideToMove => "side_to_move",
            Call::LegalMoves => "legal_moves",
            Call::MakeMove(_) => "make_move",
            Call::Unmake => "unmake_move",
            Call::Status => "status",
            Call::Hash => "hash",
            Call::Evaluate => "evaluate",
            Call::MoveInfos(_) => "move_infos",
            Call::Pieces => "pieces",
            Call::Highlights => "highlights",
            Call::ToText => "to_text",
            Call::MoveToText(..) => "move_to_text",
            Call::ParseMove(..) => "parse_move",
            Call::Flags => "flags",
            Call::CountLegal => "count_legal_moves",
            Call::MakeNull => "make_null_move",
            Call::Hands => "hands",
            Call::Scores => "scores",
            Call::CountScore(_) => "count_score",
            Call::ChanceOutcomes => "chance_outcomes",
            Call::Result => "result",
            Call::EvaluateAll => "evaluate_all",
            Call::ClickPaths => "click_paths",
            Call::CellChanges => "cell_changes",
            Call::CellTexts => "cell_texts",
            Call::DrawClaim => "draw_claim",
        }
    }
}

/// What a plugin call gave: the value or the plugin's error.
pub type Answer<T> = Result<T, WError>;

/// A reply from the rules process, one per request except `Drop`.
#[allow(missing_docs)]
#[derive(Serialize, Deserialize, Debug)]
pub enum Reply {
    /// The game is built (or not), with everything that never changes.
    Opened {
        version: u32,
        game: Answer<Description>,
    },
    Handle(Answer<u32>),
    Unit(Answer<()>),
    Byte(u8),
    Word(u64),
    Int(i32),
    Moves(Answer<Vec<WMove>>),
    Infos(Answer<Vec<(i32, u32)>>),
    Pieces(Answer<Vec<(u16, u8, u16)>>),
    Highlights(Answer<Vec<WHighlight>>),
    Text(Answer<String>),
    Move(Answer<WMove>),
    Count(Answer<u64>),
    Hands(Answer<Vec<(u8, u16, u16)>>),
    Scores(Answer<Vec<(u8, f32)>>),
    Status(Answer<WStatus>),
    Counted(Answer<Counted>),
    /// A call on a position the process does not have.
    Failed(WError),
    Chance(Answer<Vec<(WMove, f64)>>),
    Outcome(Answer<WOutcome>),
    Ints(Vec<i32>),
    Paths(Answer<Vec<(WMove, Vec<Vec<u16>>)>>),
    CellChanges(Answer<Vec<WCellChange>>),
    CellTexts(Answer<Vec<(u16, String)>>),
}

/// [`rules_api::Outcome`]: the status, the reason, the payoffs.
pub type WOutcome = (WStatus, String, Vec<f64>);

/// [`rules_api::CellChange`]: cell, shown, x, y, layer, name.
pub type WCellChange = (u16, bool, f32, f32, u16, String);

/// [`rules_api::Position::count_score`]'s result: the status, the marks
/// and the scores.
pub type Counted = (WStatus, Vec<WHighlight>, Vec<(u8, f32)>);

/// A game's fixed facts, fetched once when it is built.
#[derive(Serialize, Deserialize, Debug)]
pub struct Description {
    /// [`rules_api::Rules::info`].
    pub info: Answer<WInfo>,
    /// [`rules_api::Rules::geometry`].
    pub geometry: Answer<WGeometry>,
    /// [`rules_api::Rules::help_text`].
    pub help: Answer<String>,
}

/// [`PluginError`]: kind and message.
#[derive(Serialize, Deserialize, Debug, Clone)]
pub struct WError(pub u8, pub String);

impl From<PluginError> for WError {
    fn from(e: PluginError) -> Self {
        WError(e.kind.0, e.message.into())
    }
}
impl From<WError> for PluginError {
    fn from(e: WError) -> Self {
        PluginError::new(ErrorKind(e.0), e.1)
    }
}

/// [`Move`]: from, to, extra, tag.
#[derive(Serialize, Deserialize, Debug, Clone, Copy)]
pub struct WMove(pub u16, pub u16, pub u16, pub u16);

impl From<Move> for WMove {
    fn from(m: Move) -> Self {
        WMove(m.from, m.to, m.extra, m.tag)
    }
}
impl From<WMove> for Move {
    fn from(m: WMove) -> Self {
        Move { from: m.0, to: m.1, extra: m.2, tag: m.3 }
    }
}

/// [`MoveInfo`] as hint and flag bits.
pub fn info_out(i: &MoveInfo) -> (i32, u32) {
    (i.hint, i.flags.0)
}
/// Inverse of [`info_out`].
pub fn info_in((hint, flags): (i32, u32)) -> MoveInfo {
    MoveInfo { hint, flags: MoveFlags(flags) }
}
/// [`Piece`] as cell, owner, kind.
pub fn piece_out(p: &Piece) -> (u16, u8, u16) {
    (p.cell, p.owner, p.kind)
}
/// Inverse of [`piece_out`].
pub fn piece_in((cell, owner, kind): (u16, u8, u16)) -> Piece {
    Piece { cell, owner, kind }
}
/// [`HandPiece`] as owner, kind, count.
pub fn hand_out(h: &HandPiece) -> (u8, u16, u16) {
    (h.owner, h.kind, h.count)
}
/// Inverse of [`hand_out`].
pub fn hand_in((owner, kind, count): (u8, u16, u16)) -> HandPiece {
    HandPiece { owner, kind, count }
}
/// [`PlayerScore`] as player and points.
pub fn score_out(s: &PlayerScore) -> (u8, f32) {
    (s.player, s.points)
}
/// Inverse of [`score_out`].
pub fn score_in((player, points): (u8, f32)) -> PlayerScore {
    PlayerScore { player, points }
}

/// [`Status`]: kind, winner, reason.
#[derive(Serialize, Deserialize, Debug, Clone)]
pub struct WStatus(pub u8, pub u8, pub String);

impl From<&Status> for WStatus {
    fn from(s: &Status) -> Self {
        WStatus(s.kind.0, s.winner, s.reason.as_str().to_string())
    }
}
impl WStatus {
    /// The boundary value; the reason is kept for the life of the process
    /// (the boundary's reasons are `'static`, so each distinct text is
    /// kept once).
    pub fn status(self) -> Status {
        Status { kind: StatusKind(self.0), winner: self.1, reason: RStr::from_str(super::intern(self.2)) }
    }
}

/// [`Highlight`]: cell, kind, player, note.
#[derive(Serialize, Deserialize, Debug, Clone)]
pub struct WHighlight(pub u16, pub u8, pub u8, pub String);

impl From<&Highlight> for WHighlight {
    fn from(h: &Highlight) -> Self {
        WHighlight(h.cell, h.kind.0, h.player, h.note.as_str().to_string())
    }
}
impl WHighlight {
    /// The boundary value (the note is kept like a status reason).
    pub fn highlight(self) -> Highlight {
        Highlight {
            cell: self.0,
            kind: HighlightKind(self.1),
            player: self.2,
            note: RStr::from_str(super::intern(self.3)),
        }
    }
}

fn rgba(c: Rgba) -> [u8; 4] {
    [c.r, c.g, c.b, c.a]
}
fn from_rgba([r, g, b, a]: [u8; 4]) -> Rgba {
    Rgba { r, g, b, a }
}
fn strings(v: &[rules_api::RString]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// [`GameInfo`].
#[allow(missing_docs)]
#[derive(Serialize, Deserialize, Debug)]
pub struct WInfo {
    pub name: String,
    /// Name, colour, ink.
    pub players: Vec<(String, [u8; 4], [u8; 4])>,
    pub piece_types: Vec<WPieceType>,
    pub position_format: String,
}

/// [`PieceType`].
#[allow(missing_docs)]
#[derive(Serialize, Deserialize, Debug)]
pub struct WPieceType {
    pub name: String,
    pub glyphs: Vec<String>,
    pub letters: Vec<String>,
    pub value: i32,
    pub art: Vec<String>,
}

impl From<&GameInfo> for WInfo {
    fn from(i: &GameInfo) -> Self {
        WInfo {
            name: i.name.to_string(),
            players: i.players.iter().map(|p| (p.name.to_string(), rgba(p.color), rgba(p.ink))).collect(),
            piece_types: i
                .piece_types
                .iter()
                .map(|t| WPieceType {
                    name: t.name.to_string(),
                    glyphs: strings(&t.glyphs),
                    letters: strings(&t.letters),
                    value: t.value,
                    art: strings(&t.art),
                })
                .collect(),
            position_format: i.position_format.to_string(),
        }
    }
}

impl From<WInfo> for GameInfo {
    fn from(i: WInfo) -> Self {
        let texts = |v: Vec<String>| v.into_iter().map(Into::into).collect();
        GameInfo {
            name: i.name.into(),
            players: i
                .players
                .into_iter()
                .map(|(name, color, ink)| PlayerInfo {
                    name: name.into(),
                    color: from_rgba(color),
                    ink: from_rgba(ink),
                })
                .collect(),
            piece_types: i
                .piece_types
                .into_iter()
                .map(|t| PieceType {
                    name: t.name.into(),
                    glyphs: texts(t.glyphs),
                    letters: texts(t.letters),
                    value: t.value,
                    art: texts(t.art),
                })
                .collect(),
            position_format: i.position_format.into(),
        }
    }
}

/// [`Geometry`]; cells, lines, marks and labels as tuples in field order.
#[allow(missing_docs, clippy::type_complexity)]
#[derive(Serialize, Deserialize, Debug)]
pub struct WGeometry {
    pub cells: Vec<(f32, f32, u16, u8, [u8; 4], String)>,
    pub lines: Vec<([f32; 4], u16, f32, [u8; 4])>,
    pub marks: Vec<(u8, f32, f32, u16, f32, [u8; 4], String)>,
    pub labels: Vec<(f32, f32, u16, String)>,
    pub background: [u8; 4],
    pub layers: u16,
}

impl From<&Geometry> for WGeometry {
    fn from(g: &Geometry) -> Self {
        WGeometry {
            cells: g.cells.iter().map(|c| (c.x, c.y, c.layer, c.shape.0, rgba(c.color), c.name.to_string())).collect(),
            lines: g.lines.iter().map(|l| ([l.x1, l.y1, l.x2, l.y2], l.layer, l.width, rgba(l.color))).collect(),
            marks: g
                .marks
                .iter()
                .map(|m| (m.kind.0, m.x, m.y, m.layer, m.size, rgba(m.color), m.text.to_string()))
                .collect(),
            labels: g.labels.iter().map(|l| (l.x, l.y, l.layer, l.text.to_string())).collect(),
            background: rgba(g.background),
            layers: g.layers,
        }
    }
}

impl From<WGeometry> for Geometry {
    fn from(g: WGeometry) -> Self {
        Geometry {
            cells: g
                .cells
                .into_iter()
                .map(|(x, y, layer, shape, color, name)| Cell {
                    x,
                    y,
                    layer,
                    shape: CellShape(shape),
                    color: from_rgba(color),
                    name: name.into(),
                })
                .collect(),
            lines: g
                .lines
                .into_iter()
                .map(|([x1, y1, x2, y2], layer, width, color)| Line {
                    x1,
                    y1,
                    x2,
                    y2,
                    layer,
                    width,
                    color: from_rgba(color),
                })
                .collect(),
            marks: g
                .marks
                .into_iter()
                .map(|(kind, x, y, layer, size, color, text)| Mark {
                    kind: MarkKind(kind),
                    x,
                    y,
                    layer,
                    size,
                    color: from_rgba(color),
                    text: text.into(),
                })
                .collect(),
            labels: g.labels.into_iter().map(|(x, y, layer, text)| Label { x, y, layer, text: text.into() }).collect(),
            background: from_rgba(g.background),
            layers: g.layers,
        }
    }
}

/// Writes one message as a frame into `out` (not flushed).
pub fn write_frame<T: Serialize>(out: &mut impl Write, message: &T, scratch: &mut Vec<u8>) -> io::Result<()> {
    scratch.clear();
    scratch.extend_from_slice(&[0; 4]);
    let mut bytes = postcard::to_extend(message, std::mem::take(scratch))
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e.to_string()))?;
    let len = (bytes.len() - 4) as u32;
    bytes[..4].copy_from_slice(&len.to_le_bytes());
    let written = out.write_all(&bytes);
    *scratch = bytes;
    written
}

/// Reads the length of the next frame; `Ok(None)` at a clean end of input.
pub fn read_length(input: &mut impl Read) -> io::Result<Option<usize>> {
    let mut len = [0u8; 4];
    let mut got = 0;
    while got < 4 {
        match input.read(&mut len[got..]) {
            Ok(0) if got == 0 => return Ok(None),
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    let len = u32::from_le_bytes(len) as usize;
    if len > MAX_FRAME {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("a message of {len} bytes (at most {MAX_FRAME})"),
        ));
    }
    Ok(Some(len))
}

/// Decodes a frame's bytes.
pub fn decode<'a, T: Deserialize<'a>>(bytes: &'a [u8]) -> io::Result<T> {
    postcard::from_bytes(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("undecodable: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_round_trip_and_refuse_overlong_lengths() {
        let mut buf = Vec::new();
        let mut scratch = Vec::new();
        let request = Request::Call(7, Call::MakeMove(WMove(12, 28, 0, 3)));
        write_frame(&mut buf, &request, &mut scratch).unwrap();
        write_frame(&mut buf, &Request::Drop(7), &mut scratch).unwrap();
        let mut input = &buf[..];
        let len = read_length(&mut input).unwrap().unwrap();
        let back: Request = decode(&input[..len]).unwrap();
        assert!(matches!(back, Request::Call(7, Call::MakeMove(WMove(12, 28, 0, 3)))), "{back:?}");
        input = &input[len..];
        let len = read_length(&mut input).unwrap().unwrap();
        assert!(matches!(decode::<Request>(&input[..len]).unwrap(), Request::Drop(7)));
        input = &input[len..];
        assert!(read_length(&mut input).unwrap().is_none(), "a clean end");
        let huge = ((MAX_FRAME + 1) as u32).to_le_bytes();
        assert!(read_length(&mut &huge[..]).is_err());
        assert!(read_length(&mut &huge[..2]).is_err(), "a cut length is an error, not an end");
    }

    #[test]
    fn boundary_values_survive_the_trip() {
        let info = tabula_kit::testgames::Mnk::new(3, 3, 3);
        use tabula_kit::testgames::TestGame as _;
        let (i, g) = (info.info(), info.geometry());
        let back: GameInfo = WInfo::from(&i).into();
        assert_eq!(back, i);
        let back: Geometry = WGeometry::from(&g).into();
        assert_eq!(back, g);
        let status = WStatus::from(&Status::win(1, "three in a row")).status();
        assert_eq!(status, Status::win(1, "three in a row"));
        let e: PluginError = WError::from(PluginError::illegal_move("no")).into();
        assert_eq!(e, PluginError::illegal_move("no"));
    }
}
