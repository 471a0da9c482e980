//! The two sides.

/// A side of the board. The numbering of the squares is the standard one:
/// square 1 is on Black's back row, so White's men move towards smaller
/// numbers and Black's towards larger ones, in both rule sets.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Colour {
    /// The light pieces.
    White = 0,
    /// The dark pieces.
    Black = 1,
}

impl Colour {
    /// The other side.
    pub fn opponent(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }

    /// The index of this colour's bitboards.
    pub fn index(self) -> usize {
        self as usize
    }

    /// `white` or `black`.
    pub fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }

    /// The PDN letter: `W` or `B`.
    pub fn letter(self) -> char {
        match self {
            Colour::White => 'W',
            Colour::Black => 'B',
        }
    }
}
