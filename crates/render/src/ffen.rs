//! Diagrams and Fairy-FEN, the notation of the PHP Chess Diagrammer (seed 002).
//!
//! A [`Diagram`] is what gets drawn: a rectangle of squares, each empty, a hole, or holding
//! one [`Item`] (a piece, a marker, a letter or a number, with its side and rotation). It
//! comes from a Fairy-FEN string ([`Diagram::parse_ffen`]) or from a rules position
//! ([`Diagram::from_position`]), which keeps the variant's own piece names so the art index
//! can choose their pictures.
//!
//! Fairy-FEN, as read here:
//!
//! | text | meaning |
//! |---|---|
//! | `K Q R B N P` / `k q r b n p` | white / black piece (upper / lower case) |
//! | `C X S T` / `c x s t` | white / black marker: circle, cross, square, triangle |
//! | other letters | a piece with that letter as its ID (drawn from the art index, else a lettered disc) |
//! | `3`, `55` | empty squares: each digit is a run of its own and the runs add up (`55` is ten, `11` two), as the diagrammer reads them |
//! | `-` before a piece or marker | neutral (case no longer matters) |
//! | `*1` `*2` `*3` before an item | rotated 90°, 180°, 270° clockwise (`*0`: not rotated) |
//! | `'a`, `'A` | a (black) letter |
//! | `'7`, `''23` | a (black) number, one digit, or two digits drawn as written (`''05` shows "05") |
//! | `/` | next row, from the top (Black's side) down |
//!
//! A `0` is refused: it would add nothing, and mostly comes from a multi-digit run (`10`)
//! written for other tools. Those are read by the opt-in extension
//! [`Diagram::parse_ffen_multi_digit`], where a run of digits is one decimal number.
//!
//! Prefixes combine in either order (`-*2r`, `*2-r`). Every row must have the same width;
//! boards from 1×1 up to [`MAX_SIDE`]×[`MAX_SIDE`] are accepted.
//!
//! ```
//! use fairyboard_render::{Diagram, Figure, Side};
//! let d = Diagram::parse_ffen("3*2r/''12-B2/22").unwrap();
//! assert_eq!((d.files, d.ranks), (4, 3));
//! let top_right = d.item(3, 2).unwrap();                  // d3
//! assert_eq!((top_right.side, top_right.turns), (Side::Black, 2));
//! assert_eq!(d.item(0, 1).unwrap().figure, Figure::TwoDigit(12)); // a2
//! assert_eq!(d.item(1, 1).unwrap().side, Side::Neutral);         // b2
//! assert!(Diagram::parse_ffen("8/8/9").is_err());
//! ```

use std::fmt;

use fairyboard_core::coord::Coord;
use fairyboard_core::variant::Color;
use fairyboard_core::Position;

/// The largest board side a Fairy-FEN may describe (the seed asks for at least 26).
pub const MAX_SIDE: usize = 64;
/// Longest Fairy-FEN accepted: the core's work budget
/// ([`MAX_DIAGRAM_BYTES`](fairyboard_core::limits::MAX_DIAGRAM_BYTES)).
pub const MAX_FFEN_LEN: usize = fairyboard_core::limits::MAX_DIAGRAM_BYTES;

/// Whose item it is; letters and numbers are always [`Side::Black`], as in the seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    White,
    Black,
    /// Belongs to neither side: drawn half white, half black.
    Neutral,
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::White => Side::White,
            Color::Black => Side::Black,
        }
    }
}

/// The four Fairy-FEN marker shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkerShape {
    Circle,
    Cross,
    Square,
    Triangle,
}

/// How a piece is named, so the art index can pick its picture: by the variant's piece
/// name first, then its image root, then its ID (see `art/MANIFEST.md`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceRef {
    pub name: String,
    pub id: String,
    /// The definition's image field (`wKing.png`, `bird`, …); may be empty.
    pub image: String,
}

impl PieceRef {
    /// The piece a Fairy-FEN letter stands for: the six orthodox ones by name, any other
    /// letter by ID only.
    pub fn from_letter(letter: char) -> PieceRef {
        let id = letter.to_ascii_uppercase();
        let name = match id {
            'K' => "king",
            'Q' => "queen",
            'R' => "rook",
            'B' => "bishop",
            'N' => "knight",
            'P' => "pawn",
            _ => "",
        };
        PieceRef {
            name: name.to_string(),
            id: id.to_string(),
            image: String::new(),
        }
    }
}

/// What stands on a square.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Figure {
    Piece(PieceRef),
    Marker(MarkerShape),
    /// `'a` or `'A`: the letter keeps its case.
    Letter(char),
    /// `'7`: 0 to 9 (written back as `''NN` if larger).
    Number(u8),
    /// `''23`: 00 to 99, always drawn with two digits (`''05` shows "05").
    TwoDigit(u8),
}

/// A figure with its side and rotation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Item {
    pub figure: Figure,
    pub side: Side,
    /// Quarter turns clockwise, 0 to 3.
    pub turns: u8,
}

impl Item {
    /// An upright piece of a side, as in a game position.
    pub fn piece(piece: PieceRef, side: Side) -> Item {
        Item {
            figure: Figure::Piece(piece),
            side,
            turns: 0,
        }
    }
}

/// One square of a diagram.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum SquareContent {
    #[default]
    Empty,
    /// Not part of the board (a variant's hole): drawn as a gap.
    Hole,
    Item(Item),
}

/// A board picture: `files` × `ranks` squares, `squares[rank * files + file]` with rank 0
/// at the bottom (White's side) and file 0 at the left, as [`Coord`] counts them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Diagram {
    pub files: usize,
    pub ranks: usize,
    pub squares: Vec<SquareContent>,
    /// The catalogue variant the pieces belong to, when known: the art index may give a
    /// variant its own set (shogi, xiangqi, makruk) or its own reading of a name.
    pub variant: Option<String>,
    /// Pieces in hand, for a game with holdings (crazyhouse, shogi): drawn in a strip
    /// beside the board for each side. `None` draws no strips; `Some` draws them even when
    /// both hands are empty, so a game's pictures keep one size.
    pub hands: Option<Hands>,
}

/// What each side holds, in the variant's piece order; only kinds with a count above zero.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hands {
    pub white: Vec<(PieceRef, u32)>,
    pub black: Vec<(PieceRef, u32)>,
}

impl Hands {
    /// The pieces a side holds (Neutral holds nothing).
    pub fn of(&self, side: Side) -> &[(PieceRef, u32)] {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
            Side::Neutral => &[],
        }
    }
}

/// Why a Fairy-FEN did not parse: the 1-based character position and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FfenError {
    pub position: usize,
    pub message: String,
}

impl fmt::Display for FfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Fairy-FEN, character {}: {}",
            self.position, self.message
        )
    }
}

impl std::error::Error for FfenError {}

fn err<T>(position: usize, message: impl Into<String>) -> Result<T, FfenError> {
    Err(FfenError {
        position,
        message: message.into(),
    })
}

impl Diagram {
    /// An empty board.
    pub fn empty(files: usize, ranks: usize) -> Diagram {
        Diagram {
            files,
            ranks,
            squares: vec![SquareContent::Empty; files * ranks],
            variant: None,
            hands: None,
        }
    }

    /// The content at a zero-based file and rank (rank 0 at the bottom); `None` off the board.
    pub fn get(&self, file: usize, rank: usize) -> Option<&SquareContent> {
        (file < self.files && rank < self.ranks).then(|| &self.squares[rank * self.files + file])
    }

    /// The item at a square, if any.
    pub fn item(&self, file: usize, rank: usize) -> Option<&Item> {
        match self.get(file, rank) {
            Some(SquareContent::Item(i)) => Some(i),
            _ => None,
        }
    }

    /// Put something on a square; squares off the board are ignored.
    pub fn set(&mut self, file: usize, rank: usize, content: SquareContent) {
        if file < self.files && rank < self.ranks {
            self.squares[rank * self.files + file] = content;
        }
    }

    /// Every item with its (file, rank).
    pub fn items(&self) -> impl Iterator<Item = (usize, usize, &Item)> + '_ {
        self.squares
            .iter()
            .enumerate()
            .filter_map(move |(i, s)| match s {
                SquareContent::Item(item) => Some((i % self.files, i / self.files, item)),
                _ => None,
            })
    }

    /// Read a Fairy-FEN as the PHP Chess Diagrammer does (see the module docs): every
    /// digit of an empty-square run counts on its own. Never panics; the error names the
    /// character position (1-based) and the problem.
    pub fn parse_ffen(text: &str) -> Result<Diagram, FfenError> {
        Diagram::parse(text, false)
    }

    /// The opt-in extension for FENs written for other tools: a run of digits is one
    /// decimal number of empty squares (`10` is ten), so boards wider than nine files can
    /// write an empty row as one number.
    pub fn parse_ffen_multi_digit(text: &str) -> Result<Diagram, FfenError> {
        Diagram::parse(text, true)
    }

    fn parse(text: &str, multi_digit: bool) -> Result<Diagram, FfenError> {
        if text.len() > MAX_FFEN_LEN {
            return err(
                MAX_FFEN_LEN + 1,
                format!("longer than {MAX_FFEN_LEN} bytes"),
            );
        }
        let chars: Vec<char> = text.chars().collect();
        if chars.is_empty() {
            return err(1, "empty Fairy-FEN");
        }
        // Rows from the top, each a list of squares left to right.
        let mut rows: Vec<Vec<SquareContent>> = vec![Vec::new()];
        // Character position where each row starts, for the width message.
        let mut row_starts = vec![1usize];
        let mut neutral: Option<usize> = None; // position of a pending '-'
        let mut turns: Option<(usize, u8)> = None; // pending '*n'
        let mut i = 0usize;

        // Room in the current row for `n` more squares.
        fn room(row: &[SquareContent], n: usize, pos: usize) -> Result<(), FfenError> {
            if row.len() + n > MAX_SIDE {
                return err(pos, format!("row is wider than {MAX_SIDE} squares"));
            }
            Ok(())
        }

        while i < chars.len() {
            let c = chars[i];
            let pos = i + 1;
            let pending = neutral.or(turns.map(|t| t.0));
            match c {
                '/' => {
                    if let Some(p) = pending {
                        return err(p, "prefix ('-' or '*n') is not followed by a piece");
                    }
                    if rows.last().is_some_and(|r| r.is_empty()) {
                        return err(pos, "empty row (two '/' in a row, or '/' at the start)");
                    }
                    if rows.len() == MAX_SIDE {
                        return err(pos, format!("more than {MAX_SIDE} rows"));
                    }
                    rows.push(Vec::new());
                    row_starts.push(pos + 1);
                    i += 1;
                }
                '0'..='9' => {
                    if let Some(p) = pending {
                        return err(
                            p,
                            "prefix ('-' or '*n') is followed by an empty-square count, not a piece",
                        );
                    }
                    let mut n = chars[i].to_digit(10).unwrap_or(0) as usize;
                    i += 1;
                    while multi_digit && i < chars.len() && chars[i].is_ascii_digit() {
                        n = (n * 10 + chars[i].to_digit(10).unwrap_or(0) as usize).min(1 << 20);
                        i += 1;
                    }
                    if n == 0 && multi_digit {
                        return err(pos, "an empty-square run of 0");
                    }
                    if n == 0 {
                        return err(
                            pos,
                            "'0' is a run of 0 empty squares: each digit is a run of its own (ten empty squares are 55 or 91; '10' is read as one)",
                        );
                    }
                    let row = rows.last_mut().expect("rows is never empty");
                    room(row, n, pos)?;
                    row.extend(std::iter::repeat_n(SquareContent::Empty, n));
                }
                '-' => {
                    if neutral.is_some() {
                        return err(pos, "second '-' before the same piece");
                    }
                    neutral = Some(pos);
                    i += 1;
                }
                '*' => {
                    if turns.is_some() {
                        return err(pos, "second rotation '*' before the same piece");
                    }
                    match chars.get(i + 1) {
                        Some(d @ '0'..='3') => turns = Some((pos, *d as u8 - b'0')),
                        Some(d) if d.is_ascii_digit() => {
                            return err(
                                pos + 1,
                                format!("rotation '*{d}': only *0 to *3 (quarter turns clockwise)"),
                            )
                        }
                        _ => return err(pos, "'*' must be followed by a rotation digit 1, 2 or 3"),
                    }
                    i += 2;
                }
                '\'' => {
                    if let Some(p) = neutral {
                        return err(
                            p,
                            "letters and numbers are always black: no '-' before them",
                        );
                    }
                    let (figure, used) = if chars.get(i + 1) == Some(&'\'') {
                        match (chars.get(i + 2), chars.get(i + 3)) {
                            (Some(a), Some(b)) if a.is_ascii_digit() && b.is_ascii_digit() => {
                                let n = (*a as u8 - b'0') * 10 + (*b as u8 - b'0');
                                (Figure::TwoDigit(n), 4)
                            }
                            _ => {
                                return err(
                                    pos,
                                    "'' must be followed by two digits (a number 00-99)",
                                )
                            }
                        }
                    } else {
                        match chars.get(i + 1) {
                            Some(d) if d.is_ascii_digit() => (Figure::Number(*d as u8 - b'0'), 2),
                            Some(l) if l.is_ascii_alphabetic() => (Figure::Letter(*l), 2),
                            Some(o) => {
                                return err(
                                    pos + 1,
                                    format!("' must be followed by a letter or a digit, not '{o}'"),
                                )
                            }
                            None => return err(pos, "' at the end: a letter or digit must follow"),
                        }
                    };
                    let row = rows.last_mut().expect("rows is never empty");
                    room(row, 1, pos)?;
                    row.push(SquareContent::Item(Item {
                        figure,
                        side: Side::Black,
                        turns: turns.take().map_or(0, |t| t.1),
                    }));
                    i += used;
                }
                c if c.is_ascii_alphabetic() => {
                    let upper = c.to_ascii_uppercase();
                    let figure = match upper {
                        'C' => Figure::Marker(MarkerShape::Circle),
                        'X' => Figure::Marker(MarkerShape::Cross),
                        'S' => Figure::Marker(MarkerShape::Square),
                        'T' => Figure::Marker(MarkerShape::Triangle),
                        _ => Figure::Piece(PieceRef::from_letter(c)),
                    };
                    let side = if neutral.take().is_some() {
                        Side::Neutral
                    } else if c.is_ascii_uppercase() {
                        Side::White
                    } else {
                        Side::Black
                    };
                    let row = rows.last_mut().expect("rows is never empty");
                    room(row, 1, pos)?;
                    row.push(SquareContent::Item(Item {
                        figure,
                        side,
                        turns: turns.take().map_or(0, |t| t.1),
                    }));
                    i += 1;
                }
                c if c.is_whitespace() => return err(pos, "space inside the Fairy-FEN"),
                c => {
                    return err(
                        pos,
                        format!("'{c}' is not Fairy-FEN (pieces, digits, - * ' /)"),
                    )
                }
            }
        }
        if let Some(p) = neutral.or(turns.map(|t| t.0)) {
            return err(
                p,
                "prefix ('-' or '*n') at the end is not followed by a piece",
            );
        }
        if rows.last().is_some_and(|r| r.is_empty()) {
            return err(chars.len(), "the last row is empty ('/' at the end)");
        }
        let files = rows[0].len();
        for (n, row) in rows.iter().enumerate() {
            if row.len() != files {
                return err(
                    row_starts[n],
                    format!(
                        "row {} (from the top) has {} squares, the first row has {files}",
                        n + 1,
                        row.len()
                    ),
                );
            }
        }
        let ranks = rows.len();
        let mut d = Diagram::empty(files, ranks);
        for (top, row) in rows.into_iter().enumerate() {
            let rank = ranks - 1 - top;
            for (file, sq) in row.into_iter().enumerate() {
                d.squares[rank * files + file] = sq;
            }
        }
        Ok(d)
    }

    /// Write the diagram back as Fairy-FEN (runs of empty squares one digit at a time:
    /// twelve is `93`). Pieces are written by the first letter of their
    /// ID (pieces from a game position may therefore not come back the same); holes as
    /// empty squares.
    pub fn to_ffen(&self) -> String {
        let mut out = String::new();
        for rank in (0..self.ranks).rev() {
            let mut run = 0;
            for file in 0..self.files {
                let item = match &self.squares[rank * self.files + file] {
                    SquareContent::Item(item) => item,
                    _ => {
                        run += 1;
                        continue;
                    }
                };
                if run > 0 {
                    push_run(&mut out, run);
                    run = 0;
                }
                if item.side == Side::Neutral
                    && matches!(item.figure, Figure::Piece(_) | Figure::Marker(_))
                {
                    out.push('-');
                }
                if item.turns % 4 != 0 {
                    out.push('*');
                    out.push((b'0' + item.turns % 4) as char);
                }
                let letter = |upper: char| {
                    if item.side == Side::Black {
                        upper.to_ascii_lowercase()
                    } else {
                        upper
                    }
                };
                match &item.figure {
                    Figure::Piece(p) => {
                        let c = p.id.chars().next().unwrap_or('?').to_ascii_uppercase();
                        out.push(letter(if c.is_ascii_alphabetic() { c } else { 'X' }));
                    }
                    Figure::Marker(m) => out.push(letter(match m {
                        MarkerShape::Circle => 'C',
                        MarkerShape::Cross => 'X',
                        MarkerShape::Square => 'S',
                        MarkerShape::Triangle => 'T',
                    })),
                    Figure::Letter(l) => {
                        out.push('\'');
                        out.push(*l);
                    }
                    Figure::Number(n) if *n < 10 => {
                        out.push('\'');
                        out.push((b'0' + n) as char);
                    }
                    Figure::Number(n) | Figure::TwoDigit(n) => out.push_str(&format!("''{n:02}")),
                }
            }
            if run > 0 {
                push_run(&mut out, run);
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// A game position with the variant's own pieces (named for the art index), holes of
    /// the board as gaps, the variant's name for its art set, and (for a variant with
    /// holdings) each side's pieces in hand.
    pub fn from_position(pos: &Position) -> Diagram {
        let v = pos.variant();
        let g = &v.geometry;
        let (files, ranks) = (g.files as usize, g.ranks as usize);
        let mut d = Diagram::empty(files, ranks);
        d.variant = Some(v.name.clone());
        for rank in 0..ranks {
            for file in 0..files {
                let sq = v.square(Coord::new(file as u8, rank as u8));
                let content = if v.is_hole(sq) {
                    SquareContent::Hole
                } else if let Some((t, color)) = pos.piece_at(sq) {
                    let p = &v.pieces[t];
                    SquareContent::Item(Item::piece(
                        PieceRef {
                            name: p.name.clone(),
                            id: p.id.clone(),
                            image: p.image.clone(),
                        },
                        color.into(),
                    ))
                } else {
                    SquareContent::Empty
                };
                d.squares[rank * files + file] = content;
            }
        }
        if v.has_holdings() {
            let held = |color: Color| -> Vec<(PieceRef, u32)> {
                v.pieces
                    .iter()
                    .enumerate()
                    .filter_map(|(t, p)| {
                        let n = pos.hand(color, t);
                        (n > 0).then(|| {
                            let piece = PieceRef {
                                name: p.name.clone(),
                                id: p.id.clone(),
                                image: p.image.clone(),
                            };
                            (piece, n)
                        })
                    })
                    .collect()
            };
            d.hands = Some(Hands {
                white: held(Color::White),
                black: held(Color::Black),
            });
        }
        d
    }
}

/// A run of `n` empty squares as one-digit runs that add up (`93` for twelve).
fn push_run(out: &mut String, mut n: usize) {
    while n > 9 {
        out.push('9');
        n -= 9;
    }
    if n > 0 {
        out.push((b'0' + n as u8) as char);
    }
}
