//! The Interactive Diagram definition format (H. G. Muller's `betza.js` diagrams): parse a
//! definition text into a typed [`Definition`], and render one back to canonical text.
//!
//! # The format in brief
//!
//! A definition is a list of **general parameters** `keyword=value` followed by **piece lines**
//! `name:ID:move:image:squares[:hand]`, one item per line. Lines starting with `#` are comments.
//! Pages store the items space-separated on one line (`files=10 Pawn::::a2-j2 …`); that form is
//! understood too. Empty piece fields take defaults: the ID is the first letter of the name,
//! the move comes from the name (`pawn`, `knight`, `king`, … see [`default_betza`]), the image
//! is the name. `morph=` follows the piece line it belongs to. A piece named `hole` blacks out
//! its squares instead of being a piece. Piece numbers in parameters (`royal=6`) are 1-based
//! positions in the piece list; this crate stores 0-based indices.
//!
//! ```
//! use idiagram::{parse, Symmetry, MorphCell, Color};
//! let text = "\
//! files=8
//! ranks=8
//! promoChoice=QRBN
//! royal=6
//! pawn::::a2-h2
//! morph=Q
//! knight:N:::b1,g1
//! bishop::::c1,f1
//! rook::::a1,h1
//! queen::::d1
//! king::::e1
//! ";
//! let parsed = parse(text);
//! assert!(parsed.is_ok());
//! let def = &parsed.definition;
//! assert_eq!(def.symmetry, Symmetry::Mirror);
//! assert_eq!(def.pieces.len(), 6);
//! assert_eq!(def.pieces[0].betza, "fmWfceFifmnD");
//! assert_eq!(def.pieces[5].id, "K");
//! assert_eq!(def.royal, vec![5]);
//! assert_eq!(def.pieces[0].black[0].to_string(), "a7");
//! let morph = def.pieces[0].morph.as_ref().unwrap();
//! assert_eq!(morph.cell(Color::Black, "c1".parse().unwrap()), &MorphCell::Promote("Q".into()));
//! // Rendering gives a canonical text that parses back to the same definition.
//! assert_eq!(parse(&def.to_text()).definition, *def);
//!
//! // Problems are collected, never fatal: like the original script, whatever cannot be used
//! // is skipped, and the warning says what was kept.
//! let bad = parse("files=ten\nrook::::a1,k9\n");
//! assert!(bad.is_ok());
//! let msgs: Vec<String> = bad.warnings().map(|d| d.to_string()).collect();
//! assert_eq!(msgs, [
//!     "line 1, column 7 (parameter 'files'): warning: 'ten' is not a number; the value is ignored",
//!     "line 2, column 12 (piece 'rook'): warning: square 'k9' is outside the 8x8 board; it is left out",
//! ]);
//! // Only a text without any piece type is an error: there is nothing to play.
//! assert!(!parse("files=8\n").is_ok());
//! ```
//!
//! # Decisions
//!
//! Where `idiagram.md` leaves a choice open (\[I\] items), this crate decides as follows.
//!
//! * **Leniency.** H. G. Muller's script never refuses a page: what it cannot use it skips, and
//!   definitions on chessvariants.com rely on that (the compatibility corpus holds pages with
//!   unknown keywords, `,,` under the default symmetry, a piece line missing two `:`, and
//!   `promoOffset` reaching past the list). So every problem is a **warning** that names line,
//!   column and piece/parameter and says what was kept; the piece or parameter keeps every
//!   usable part. The only **error** is a text without any piece type (nothing to play).
//! * **What still refuses a text.** Only a text without any piece type: the script itself
//!   (`Init` in `betza.js`) shows "Cannot make a diagram with 0 pieces" instead of a board,
//!   as it does for a board of 0 files or ranks (here `files=0` keeps the default 8, with a
//!   warning). Every other finding, here and in the rules core's build, is a warning. The
//!   build has no error a text can reach: a board wider or higher than 24 is cut to 24
//!   (warning on the parameter; the script draws any size and Taikyoku Shogi is played on 36x36,
//!   and a cut board keeps more of such a page than the 8x8 default would); more than 126
//!   piece types keeps the first 126 (a board cell names a type in 7 bits; the warning is
//!   on the first type left out, and the others' squares and numbered references go with
//!   them); a rule reference to a type that does not exist, an unknown `spell` and a
//!   `captureMatrix` cell naming no ID are left out (the parser already drops them from a
//!   text; the build does the same for a [`Definition`] made in code). A `Definition` made
//!   in code with a board outside 1..=24 is the one build error left (no board to cut).
//! * **Moves (Betza leniency).** A move field is read the way the `xbetza` crate's
//!   "Leniency" section describes (`xbetza::parse_lenient`): unknown lower-case letters
//!   and whitespace are ignored, an unknown upper-case letter drops its term, and each
//!   character that makes the text an error is dropped and the rest read again, as the
//!   script shows such pages with the moves it understood (H. G. Muller's Wildebeest pawn
//!   `fmW*fceF`, chessvariants.com 2017; the Ship `[F?fqR]` of the *More Chess & More than
//!   Chess* Fantastic XIII applet). Each finding is a warning at the character's own
//!   column. A move text past 1024 characters is skipped from there (published moves are a
//!   few dozen characters), and past 64 dropped characters one warning counts the rest, so
//!   a pasted page of junk costs bounded time and lines.
//! * **Terms left out at compile.** A term beyond the compile limits (`xbetza::compile_partial`:
//!   records, repetition expansions, legs, squares visited from one square) is left out
//!   with a warning naming it, and the piece keeps its other terms. The fuzzer found
//!   `(as)W6` (billions of paths from one square); keeping the rest follows the script's
//!   habit of using every part of a page it can.
//! * **Five victims.** A fairyboard move removes at most 5 pieces besides the one on its
//!   destination (`MAX_VICTIMS` in the rules core: locust victims, or an e.p. victim and
//!   locust victims). A piece whose paths could take more keeps its other paths; the
//!   longer ones are not generated, with a warning at build. Published pieces take far fewer: the ID's original move entry allowed
//!   one locust victim per move (H. G. Muller, chessvariants.com comment 35202) and the
//!   `newClick=1` entry any number (comment 51331); the Chu Shogi Lion takes two.
//! * **Item splitting.** Lines split at newlines. A line is split further at whitespace only when
//!   it starts with a known parameter (the stored form begins `files=…`), holds several items,
//!   and every resulting item is well formed (a `keyword=…` whose key is keyword-shaped, known
//!   or not — pages carry `theme=` and `succession=`, which the script ignores — or a text with
//!   at least three `:`); a token with neither `=` nor `:` belongs to the next token, trailing
//!   ones to the last item. So `lightShade=rgb(1, 2, 3)`, `rook : R : R : : a1` or a piece line whose image holds
//!   `x=y` stay whole. A token `key=…` with a known key always starts an item, and loose tokens
//!   before it end the previous item's value: Kevin Pacey's Sac Chess page
//!   (chessvariants.com/rules/sac-chess) writes `promoChoice=A Q M C S R M° J B N` on the line
//!   before `graphicsDir=`, which the stored one-line copy glues together. The script reads
//!   `promoChoice` by looking IDs up in it, so the spaces do nothing there; here too whitespace
//!   separates IDs like `,` does.
//!   An item is a parameter when it has an `=` and no `:`, or an `=` before the first `:` with a
//!   keyword before it; else a piece line if it has a `:`; else it is skipped with a warning. In the one-line form an
//!   item starting with `#` (after well-formed items) starts a comment to the end of the line.
//!   A stored one-line form holding a garbled piece line (fewer than three `:`, such as
//!   Macadamia Shogi's `Hook MoverHRmasR:Nightrider:f3`) is still split when at least two
//!   of its items are piece lines: the garbled one is then skipped as it would be on a line
//!   of its own, instead of the whole text being one unusable item. A piece item cut short
//!   there by a blank inside a later field (an image name with a space, `alfil:A:A:old
//!   elephant:c1,f1`) takes the following tokens while it has fewer than four `:`, when that
//!   gives it four or five (so a garbled line before a whole piece line stays alone).
//! * **The page's HTML.** The script reads the text of the page element that holds the
//!   definition (the article, chessvariants.com `MSinteractive-diagrams`: the definition
//!   goes "between a HTML tag pair that has the attribute class=\"idiagram\""), so what a
//!   page's source or a copy of it carries around the text is not part of it. Tags that
//!   end a line (`<br>` in any spelling, `<p>`, `<div>`, `<pre>`, list items, table cells,
//!   headings; open or close) end a line here: phpBB pastes end every line with `<br>`, a
//!   rich-text editor wraps lines in `<p>`, the Design Wizard wraps the text in
//!   `<div class="idiagram" …>`. `<!-- -->` comments on one line are dropped. Other tags
//!   stay text (author text such as `title=` may hold a literal `<i>`, which the rules page
//!   shows escaped; the browser diagram gives the element's text, without them). Entities stand for their character
//!   (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;`, `&#NN;`, `&#xHH;`), so a `captureMatrix` or
//!   `morph` `"` written `&quot;` still repeats. `&nbsp;` and the no-break space U+00A0
//!   (what a page's text gives for it) are blanks. A `<` or `&` that starts no such tag or
//!   entity is text. Lines keep the source's numbers (a line cut at a tag gives several
//!   lines with one number) and columns count the source's characters (after an entity
//!   too). [`items`] gives the items as the parser splits them (its columns count an entity
//!   as one character). [`Definition::to_text`] writes an `&` that would start an entity as
//!   `&amp;` and a `<` that would start such a tag as `&lt;`, so names and values read back
//!   as themselves.
//! * **Parameters** are declared once, in the table [`parameters`] (name, value syntax, default,
//!   where handled, one-line meaning); the parser reads every value through it. They are
//!   case-sensitive. Unknown ones are warnings (with a suggestion for a
//!   case/spelling slip such as `contagious`) and kept in [`Definition::params`]. A non-repeatable
//!   parameter given twice: warning, the last valid value counts. Parameters may appear after
//!   piece lines; everything but `morph` is position-independent (the whole text is read before
//!   anything is resolved, so `symmetry`/`files` after the pieces still apply).
//! * **Hand counts.** The sixth field is a count for both sides, or `white,black`: H. G.
//!   Muller's Spartan Chess diagram (chessvariants.com comment 33362) gives the Persian
//!   (White) promotion types `:8,0` and the Spartan (Black) ones `:0,8`, so with
//!   `holdingsType=1` and `*`-prefixed `promoChoice` each side promotes only to its own
//!   army. Otherwise the field is read as the script reads it, `parseInt` of its first two
//!   `,` parts (`2x` is 2, `1,x` is one for White and none for Black), with a warning; a
//!   field without any digits is a warning and none start in hand.
//! * **Piece lines** need 5 or 6 fields. The Interactive Diagram's script (`betza.js`,
//!   `ParseGameDef`) splits a line at `:` and skips it when fewer than five parts come out,
//!   before it counts the line as a piece; fairyboard does the same with a warning, so the
//!   piece numbering (`royal=`, `promoOffset`, …) stays the script's. Macadamia Shogi's
//!   `Hook MoverHRmasR:Nightrider:f3` is such a line. Extra fields are ignored. An image field
//!   holding a URL (`http://…`) is rejoined. IDs may be any non-empty text (`+P`, `象`, `Ph`);
//!   an ID that an ID list could not name unambiguously (containing `,` `/` `*` `!` or
//!   whitespace, or starting or ending with a digit) is a warning, and such IDs are left out of
//!   ID lists and of the default `promoChoice`. Duplicate IDs are legal (no diagnostic). The
//!   default ID is the first character of the name, upper-cased. An empty move field with an
//!   unrecognised name is a warning (the piece is kept without moves). The script needs an
//!   image for every piece and takes it from the name when the field is empty, so a line with
//!   neither name nor image is skipped (warning) and takes no number; a nameless line with an
//!   image is kept (warning). A square field `0` places nothing, as an empty one (the script
//!   compares the field with 0 the JavaScript way).
//! * **Default moves** ([`default_betza_for`]): the names the script's `DefaultMove`
//!   function knows, with its moves: the FIDE pieces, cardinal/archbishop `BN`,
//!   chancellor/marshall `RN`, amazon `QN`, lion `KNADcaKcabKmabK`, mao/horse `mafsW`,
//!   elephant `mafF`, cannon/pao `mRcpR`, advisor `F`, lance `fR`, copper `vWfF`,
//!   silver(general) `FfW`, gold(general) `WfF`, man/commoner `K`, ferz `F`, camel `C`,
//!   zebra `Z`, nightrider, grasshopper `gQ`, griffon/gryphon `yafsF`, wizard `FC`, champion
//!   `WAD` and falcon; the King castles three squares (`KisO3`) on boards wider than 8 files
//!   and two (`KisO2`) otherwise, so the article's 10x8 demonstration King castles as in
//!   Capablanca Chess. fairyboard adds fers, wazir, alfil, dabbaba, centaur, gnu/wildebeest
//!   and giraffe; other names get a warning and no moves (the script gives them only `O`).
//! * **Holes.** `hole` lines (any case) do not count in the piece numbering; their ID, move,
//!   image and hand are ignored; their squares follow `symmetry` like a piece's (Black's derived
//!   squares are holes too). [`Definition::holes`] is sorted and deduplicated. The board is built
//!   line by line, so a later line wins: a `hole` line blanks the squares earlier piece lines
//!   listed (those pieces are left out there, with a warning; Omega Chess lists pawns `a3-l3`
//!   and then holes on a3 and l3), while a piece listed after a hole stands on it (the article:
//!   such a square reverts to a hole when the piece leaves).
//! * **Squares.** A square is read as the script's `PutPiece` (`betza.js`) reads it: the file
//!   letter, then JavaScript's `parseInt` of the next two characters (`b2x` is b2, with a
//!   warning about the `x`; `c02` is c2), less `firstRank`: with `firstRank=0` (a page whose
//!   coordinates number the bottom rank 0) squares are written `a0`, and
//!   [`Definition::to_text`] writes them back so (`idiagram.md` leaves the numbering open and
//!   suggests 1-based always; the script subtracts `firstRank`, and a page is written for
//!   what its own coordinates show). A `firstRank` outside 0..=24 counts as 1.
//!   Ranges `x1y1-x2y2` cover the rectangle (either corner order), rank-major.
//!   Off-board or malformed squares are warnings naming the square (it is left out). `,,` means
//!   "White's squares, then Black's" under any symmetry (pages write it without
//!   `symmetry=none`); Black's are taken as listed, with a warning only when they are not the
//!   derived ones. With `symmetry=none` and no `,,` all squares are White's. A square given to two
//!   pieces (or twice) is a **warning**; the lists keep what was written, and
//!   [`Definition::start_position`] lets the later placement win (pieces in order, White before
//!   Black). Pieces on holes are allowed (the format says so). Hand counts apply to both colours.
//! * **morph** after a `hole` line or before any piece is ignored; a second `morph` for the same
//!   piece is a warning (the last counts). A picture with more ranks or files than the board has
//!   the rest ignored; an unknown symbol or ID leaves that square plain (`.`). For Black the picture is
//!   mirrored (`mirror`, `none`) or rotated (`rotate`). A promotion ID that only the piece itself
//!   has is a warning (it can never promote to itself); `|`/`^` without `promoOffset`, and digit
//!   cells without that many `promoChoice` sets, are warnings.
//! * **Piece references** (`royal`, `baring`, `iron`, `antiTrade`, `counterStrike`, `protected`,
//!   `tradeThreshold`, `conversion`, `trackPieces`) take a 1-based number or an ID; an ID used by
//!   several types means the last of them (as for promotion), with a warning. A number that is
//!   not a piece is ignored. Repeated references are deduplicated with a warning.
//! * **Default royal.** Without any `royal=` line the **last** piece type is royal, and
//!   `royal=0` says "no royal type". The article's own demonstration diagram (chessvariants.com
//!   `MSinteractive-diagrams`) writes `royal=8` because its 8th type is the King and a Lion comes
//!   9th; every published definition without `royal=` in the compatibility corpus lists its
//!   king last, and those games are played with check. As royal types are left out of the
//!   default `promoChoice`, pawns do not promote to that King.
//! * **Defaults**: 8x8, mirror, `promoZone=1`, `maxPromote=1`, `holdingsType=0`, `enableAI=1`,
//!   `trackedTypes=1`, zones `K`, stalemate and counterbare `draw`; fairyboard's own
//!   `repetition=3` (third occurrence draws; 0 = off) and `moveRule=0` (off; 50 = FIDE),
//!   `dropNoDoubled` (none; a piece reference, repeatable: no drop on a file that already holds
//!   the owner's piece of that type), `dropNoMate` (none; repeatable: such a drop may not
//!   checkmate) and `promoFromZone=0` (1: a move leaving a square where the
//!   piece's morph promotes may promote too), `pieceValue` (none; repeatable `ID:CENTIPAWNS`,
//!   the AI's value of that type with a pawn = 100, instead of its estimate) and
//!   `demotePromoted=0` (1: a captured piece that got its type by promotion goes to the hand
//!   as the type it promoted from, as in Crazyhouse). An absent `promoChoice` is the
//!   script's own default `QNRB` (`ParseGameDef` in `betza.js`): the types with ID `Q`, `N`,
//!   `R` or `B` that are not royal and not among the first `maxPromote` types, one choice per
//!   distinct ID in piece order, so the article's 10x8 demonstration promotes to Queen, Rook,
//!   Bishop and Knight but not to its Archbishop, Chancellor or Lion. When no type has such an
//!   ID (the script would offer nothing), every such non-royal type is offered instead.
//!   `promoChoice=` (empty) means no choices.
//! * **promoChoice** prefixes `!` and `*` may be combined; a number suffix is any decimal number
//!   (a warning when not below `promoZone`). IDs are tokenised longest-match-first; `,` and
//!   spaces between them are ignored. A value without any choice is stored as no sets.
//!   An ID no piece has is a warning at its column and is left out, the other choices stay:
//!   the script looks each piece's ID up in the string, so a stray character never matches
//!   anything (H. G. Muller's Odin's Rune Chess diagram lists `Q` and `N` with no such IDs;
//!   his Tamerlane diagram writes `promoChoice=+` beside `promoOffset`, where the article says
//!   promoChoice is largely ignored anyway).
//!   `shuffle` sets are split at `,` (IDs inside a set are concatenated); a set left empty by
//!   unknown IDs is dropped. Morph and capture-matrix cells name single-character IDs only.
//! * **captureMatrix**: a count after a symbol adds that many *more* copies (`@14` = 15 cells); a
//!   count at the start of a row (or right after `=`) is that many `.` cells; a `0` that does not
//!   continue a count is the kamikaze symbol; `"N` repeats the previous row N times. A row longer
//!   than `1 + 2n` cells or more rows than types has the rest ignored; an unknown ID leaves the
//!   cell `.`. A lower-case letter
//!   is an enemy promotion when its upper-case form is an ID. The matrix is stored fully expanded
//!   (so it is ignored, with a warning, for more than 1000 piece types).
//! * **Typed rules**: `counterbare`/`stalemate` take `draw`/`win`/`loss` (any case), and `lose`
//!   for `loss`: H. G. Muller's Chak diagram (chessvariants.com, 2022) writes
//!   `counterbare=lose`, and the value syntax is not published otherwise; `extinction` has no
//!   known value syntax and is kept as text; `spell` values other than `burn` are warnings;
//!   `blastZone`/`spellZone` take `K`/`W`/`F`/`N`; `burnZone` is kept as text. `promoOffset`
//!   sending a promoting type (one of the first `maxPromote`, or one whose morph/capture row uses
//!   `|`/`^`) past the end of the piece list is a warning: that type has no promoted form
//!   (Macadamia Shogi's `promoOffset=26` with 24 promoting types and 39 in all). `maxPromote` above the piece count and
//!   `promoZone` above the rank count are warnings.
//! * **Numbers** are read as the script reads them (`ParseGameDef` in `betza.js` passes
//!   every numeric value through JavaScript's `parseInt`): the leading integer counts and
//!   the rest is ignored with a warning (`files=10px` is 10, `maxPromote=3.5` is 3); a value
//!   that does not start with digits is ignored (the script would get `NaN`).
//! * **Display parameters** (`squareSize`, `graphicsDir`, …) and unknown ones are kept as written
//!   in [`Definition::params`]; numeric ones are checked (bad values are warnings). A typed
//!   parameter with a bad value keeps its default (or its earlier value). Two are
//!   fairyboard's own, for the browser diagram: `freeMode=1` starts it in free mode (the
//!   Interactive Diagram's habit of enforcing neither rules nor turn order; the rules then only
//!   highlight and explain), and `aiTime=MS` sets the AI's thinking time per move (10 to 60000
//!   milliseconds, default 1000).
//!   [`Parsed::all_params`] records every general parameter as written, with line numbers.
//! * **Equality and rendering.** Source line numbers are not part of equality. [`Definition::to_text`]
//!   writes typed parameters canonically (defaults omitted except `files`, `ranks`, `symmetry`,
//!   `promoZone`, `maxPromote`, `promoChoice`), then the untyped ones verbatim, then holes and
//!   pieces. Piece lines carry the resolved ID and move; the image field is left empty when it
//!   equals the name; runs of three or more squares along a rank become ranges; morph ranks are
//!   shortened to their period and repeated ranks/rows written as `"`. It round-trips what
//!   [`parse`] produces (tested on the reference files, hand-written and generated definitions,
//!   and randomly edited texts); definitions built by hand must be expressible (names and fields
//!   without `:` or newlines, Black's squares and holes matching the symmetry, ID lists whose
//!   concatenation is unambiguous).

#![forbid(unsafe_code)]

pub mod coord;

mod capture;
mod diag;
mod html;
mod ids;
mod lex;
mod morph;
mod names;
mod params;
mod parse;
mod render;
mod squares;

use std::fmt;
use std::hash::{Hash, Hasher};

pub use capture::{CaptureCell, CaptureMatrix, CaptureRow, Target};
pub use coord::{Coord, CoordError};
pub use diag::{Diagnostic, Severity};
pub use ids::{Contagion, PromoChoice, PromoOption, ShuffleMark, ShufflePiece, ShuffleSet};
pub use morph::{Morph, MorphCell};
pub use names::{default_betza, default_betza_for};
pub use params::{parameters, parameters_markdown, Parameter};
pub use parse::{items, parameter_names, parse, Item};
pub use render::TextEdits;

/// White or Black. White moves first and has rank 1 at its side. The one colour type of
/// the workspace: the rules core re-exports it, so a definition's colours and a position's
/// are the same values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline]
    pub fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    /// 0 for White, 1 for Black: the index of per-colour arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];
}

/// How Black's setup (and moves, and morph boards) derive from White's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Symmetry {
    /// Same file, mirrored rank (the default).
    #[default]
    Mirror,
    /// Point reflection through the board centre.
    Rotate,
    /// Both sides listed explicitly (`white,,black`).
    None,
}

impl Symmetry {
    pub fn as_str(self) -> &'static str {
        match self {
            Symmetry::Mirror => "mirror",
            Symmetry::Rotate => "rotate",
            Symmetry::None => "none",
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A result word as written (`stalemate`, `counterbare`). For `counterbare` it is the result
/// for the side it applies to; for `stalemate`, `win` is H. G. Muller's "stalemate is a win":
/// for the side that gives it (the stalemated side loses), see the core's game results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Outcome {
    #[default]
    Draw,
    Win,
    Loss,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Draw => "draw",
            Outcome::Win => "win",
            Outcome::Loss => "loss",
        }
    }
}

/// The shape of "adjacent" for `blastZone` / `spellZone`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Zone {
    /// King steps (the default).
    #[default]
    K,
    /// Orthogonal steps.
    W,
    /// Diagonal steps.
    F,
    /// Knight leaps.
    N,
}

impl Zone {
    pub fn as_str(self) -> &'static str {
        match self {
            Zone::K => "K",
            Zone::W => "W",
            Zone::F => "F",
            Zone::N => "N",
        }
    }
}

/// One `baring=` entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Baring {
    /// `baring=0`: every non-royal type counts.
    AllNonRoyal,
    /// That piece type (0-based index) counts.
    Piece(usize),
}

/// Game-rule parameters other than promotion and holdings. Piece references are 0-based indices
/// into [`Definition::pieces`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct Rules {
    pub baring: Vec<Baring>,
    /// `extinction=` as written (its value syntax is not documented).
    pub extinction: Option<String>,
    pub counterbare: Outcome,
    pub stalemate: Outcome,
    pub iron: Vec<usize>,
    pub anti_trade: Vec<usize>,
    pub counter_strike: Vec<usize>,
    pub protected: Vec<usize>,
    pub trade_threshold: Option<usize>,
    pub conversion: Option<usize>,
    pub atomic_capture: u32,
    pub blast_zone: Zone,
    /// `burnZone=` as written (a Betza-like descriptor).
    pub burn_zone: Option<String>,
    pub track_pieces: Option<usize>,
    pub tracked_types: u32,
    pub spell: Option<String>,
    pub spell_zone: Zone,
    pub contageous: Vec<Contagion>,
    pub shuffle: Vec<ShuffleSet>,
    pub enable_ai: u8,
    pub new_click: bool,
    /// fairyboard's `repetition=N`: the N-th occurrence of a position draws (0 = off).
    pub repetition: u32,
    /// fairyboard's `moveRule=N`: N moves per side without capture or pawn move draw (0 = off).
    pub move_rule: u32,
    /// fairyboard's `dropNoDoubled=ID` (repeatable): a piece of that type may not be dropped on
    /// a file where its owner already has one of the same type (Shogi's nifu).
    pub drop_no_doubled: Vec<usize>,
    /// fairyboard's `dropNoMate=ID` (repeatable): a drop of that type may not checkmate
    /// (Shogi's uchifuzume).
    pub drop_no_mate: Vec<usize>,
    /// fairyboard's `promoFromZone=1`: a move that starts on a square where the piece's morph
    /// promotes may promote as if it ended there (Shogi: promotion on leaving the zone).
    pub promo_from_zone: bool,
    /// fairyboard's `pieceValue=ID:CENTIPAWNS` (repeatable): the AI's value of a piece type
    /// (a pawn = 100) instead of the one it estimates from the moves.
    pub piece_values: Vec<(usize, i32)>,
    /// fairyboard's `demotePromoted=1`: a captured piece that got its type by promotion goes
    /// to the hand as the type it promoted from (Crazyhouse).
    pub demote_promoted: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            baring: Vec::new(),
            extinction: None,
            counterbare: Outcome::Draw,
            stalemate: Outcome::Draw,
            iron: Vec::new(),
            anti_trade: Vec::new(),
            counter_strike: Vec::new(),
            protected: Vec::new(),
            trade_threshold: None,
            conversion: None,
            atomic_capture: 0,
            blast_zone: Zone::K,
            burn_zone: None,
            track_pieces: None,
            tracked_types: 1,
            spell: None,
            spell_zone: Zone::K,
            contageous: Vec::new(),
            shuffle: Vec::new(),
            enable_ai: 1,
            new_click: false,
            repetition: 3,
            move_rule: 0,
            drop_no_doubled: Vec::new(),
            drop_no_mate: Vec::new(),
            promo_from_zone: false,
            piece_values: Vec::new(),
            demote_promoted: false,
        }
    }
}

/// A general parameter as written. Equality (and hashing) ignores `line`.
#[derive(Clone, Debug, Default, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct Param {
    pub key: String,
    pub value: String,
    /// 1-based source line (0 when not from a text).
    pub line: usize,
}

impl PartialEq for Param {
    fn eq(&self, other: &Param) -> bool {
        self.key == other.key && self.value == other.value
    }
}

impl Hash for Param {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.key.hash(h);
        self.value.hash(h);
    }
}

/// One piece type. Fields hold the resolved values (defaults filled in). Equality (and hashing)
/// ignores `line`.
#[derive(Clone, Debug, Default, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct PieceDef {
    pub name: String,
    pub id: String,
    /// The written move, else the name's default move, else empty (with a warning).
    pub betza: String,
    pub image: String,
    /// White's start squares, as listed (ranges expanded).
    pub white: Vec<Coord>,
    /// Black's start squares: listed (`symmetry=none`) or derived from White's.
    pub black: Vec<Coord>,
    /// Pieces of this type each side starts with in hand (White's only when `black_hand` is set).
    pub hand: u32,
    /// Black's own start count when the line gives one per colour (`:8,0` = White 8, Black 0,
    /// as H. G. Muller's Spartan Chess diagram writes it); `None`: the same as `hand`.
    pub black_hand: Option<u32>,
    pub morph: Option<Morph>,
    /// 1-based source line of the piece line (0 when not from a text).
    pub line: usize,
    /// 1-based column of the move field on that line (0 when not from a text), so the
    /// rules core can point at the character of a move it could not use.
    pub move_column: usize,
}

impl PartialEq for PieceDef {
    fn eq(&self, o: &PieceDef) -> bool {
        self.name == o.name
            && self.id == o.id
            && self.betza == o.betza
            && self.image == o.image
            && self.white == o.white
            && self.black == o.black
            && self.hand == o.hand
            && self.black_hand == o.black_hand
            && self.morph == o.morph
    }
}

impl Hash for PieceDef {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.name.hash(h);
        self.id.hash(h);
        self.betza.hash(h);
        self.image.hash(h);
        self.white.hash(h);
        self.black.hash(h);
        self.hand.hash(h);
        self.black_hand.hash(h);
        self.morph.hash(h);
    }
}

impl PieceDef {
    /// A piece with the given name, ID and move, no squares.
    pub fn new(name: &str, id: &str, betza: &str) -> PieceDef {
        PieceDef {
            name: name.to_string(),
            id: id.to_string(),
            betza: betza.to_string(),
            image: name.to_string(),
            white: Vec::new(),
            black: Vec::new(),
            hand: 0,
            black_hand: None,
            morph: None,
            line: 0,
            move_column: 0,
        }
    }

    /// The start squares of `color`.
    pub fn squares(&self, color: Color) -> &[Coord] {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

/// One piece of the start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Placement {
    pub square: Coord,
    pub color: Color,
    /// 0-based piece index.
    pub piece: usize,
}

/// A whole variant definition.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default))]
pub struct Definition {
    pub files: u8,
    pub ranks: u8,
    pub symmetry: Symmetry,
    /// Piece types in definition order (index 0 = the format's piece number 1).
    pub pieces: Vec<PieceDef>,
    /// Squares blacked out by `hole` lines, sorted, no duplicates.
    pub holes: Vec<Coord>,
    /// Royal types (0-based).
    pub royal: Vec<usize>,
    pub promo_zone: u8,
    pub max_promote: usize,
    /// The promotion choices (the computed default when `promoChoice` is absent).
    pub promo_choice: PromoChoice,
    pub promo_offset: Option<usize>,
    /// -1, 0 or 1.
    pub holdings_type: i8,
    pub hand_swap: bool,
    pub capture_matrix: Option<CaptureMatrix>,
    pub rules: Rules,
    /// General parameters without a typed field (display-only and unknown ones), as written and
    /// in order.
    pub params: Vec<Param>,
}

impl Default for Definition {
    fn default() -> Definition {
        Definition {
            files: 8,
            ranks: 8,
            symmetry: Symmetry::Mirror,
            pieces: Vec::new(),
            holes: Vec::new(),
            royal: Vec::new(),
            promo_zone: 1,
            max_promote: 1,
            promo_choice: PromoChoice::default(),
            promo_offset: None,
            holdings_type: 0,
            hand_swap: false,
            capture_matrix: None,
            rules: Rules::default(),
            params: Vec::new(),
        }
    }
}

/// The author's words about the game (fairyboard's own parameters, see
/// [`Definition::about`]): plain text, which a page must escape.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct About {
    pub title: Option<String>,
    pub aliases: Vec<String>,
    /// Paragraphs, one per occurrence of the parameter.
    pub introduction: Vec<String>,
    pub notes: Vec<String>,
    pub strategy: Vec<String>,
    pub history: Vec<String>,
}

/// The display settings of a definition, with the format's defaults applied.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Appearance<'a> {
    pub square_size: Option<u32>,
    /// `None` when not given (the format's default is undocumented).
    pub graphics_dir: Option<&'a str>,
    /// Default `gif`.
    pub graphics_type: &'a str,
    /// Default `w`.
    pub white_prefix: &'a str,
    /// Default `b`.
    pub black_prefix: &'a str,
    pub light_shade: Option<&'a str>,
    pub dark_shade: Option<&'a str>,
    pub start_shade: Option<&'a str>,
    /// Default `white`.
    pub rim_color: &'a str,
    /// Default `black`.
    pub coord_color: &'a str,
    /// `None`: no coordinates shown.
    pub first_rank: Option<i32>,
    /// Default true.
    pub borders: bool,
    pub background: Option<&'a str>,
    /// Default `black`.
    pub hole_color: &'a str,
    pub use_markers: bool,
    /// Default `piece`.
    pub satellite: &'a str,
    /// fairyboard's `freeMode=1`: the diagram starts in free mode (any piece, anywhere, no
    /// turn order), the Interactive Diagram's own behaviour, with the rules only as a help.
    pub free_mode: bool,
    /// fairyboard's `aiTime=MS`: the AI's thinking time per move in milliseconds (10 to
    /// 60000; `None`: the page's choice, one second by default).
    pub ai_time: Option<u32>,
}

impl Definition {
    /// The canonical text of this definition (see the crate docs, "Decisions").
    pub fn to_text(&self) -> String {
        render::to_text(self)
    }

    /// The text of this definition with the parts an editor holds as text written from
    /// `edits` instead (see [`TextEdits`]); with no edits, [`Definition::to_text`].
    pub fn to_text_with(&self, edits: &TextEdits) -> String {
        render::to_text_with(self, edits)
    }

    /// Set `symmetry` to the one Black's squares and the holes follow (`mirror`, else
    /// `rotate`, else `none`), so an editor that places both armies by hand writes the
    /// shortest text for them.
    pub fn fit_symmetry(&mut self) {
        self.symmetry = render::fitting_symmetry(self);
    }

    /// The value of the last untyped parameter `key` (display-only or unknown).
    pub fn param(&self, key: &str) -> Option<&str> {
        self.params
            .iter()
            .rev()
            .find(|p| p.key == key)
            .map(|p| p.value.as_str())
    }

    /// Every value of the untyped parameter `key`, in order (a repeatable one).
    pub fn params_all<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.params
            .iter()
            .filter(move |p| p.key == key)
            .map(|p| p.value.as_str())
    }

    /// The author's own words for the rules page (fairyboard's `title`, `aliases`,
    /// `introduction`, `notes`, `strategy`, `history`), trimmed, blanks left out.
    pub fn about(&self) -> About {
        let all = |k: &str| -> Vec<String> {
            self.params_all(k)
                .map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_string)
                .collect()
        };
        About {
            title: self
                .param("title")
                .map(str::trim)
                .filter(|t| !t.is_empty())
                .map(str::to_string),
            aliases: self
                .param("aliases")
                .map(|a| {
                    a.split(',')
                        .map(str::trim)
                        .filter(|a| !a.is_empty())
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default(),
            introduction: all("introduction"),
            notes: all("notes"),
            strategy: all("strategy"),
            history: all("history"),
        }
    }

    /// Display settings with defaults applied (malformed numbers count as absent).
    pub fn appearance(&self) -> Appearance<'_> {
        let flag = |k: &str, d: bool| self.param(k).map_or(d, |v| v.trim() != "0");
        Appearance {
            square_size: self.param("squareSize").and_then(|v| v.trim().parse().ok()),
            graphics_dir: self.param("graphicsDir"),
            graphics_type: self.param("graphicsType").unwrap_or("gif"),
            white_prefix: self.param("whitePrefix").unwrap_or("w"),
            black_prefix: self.param("blackPrefix").unwrap_or("b"),
            light_shade: self.param("lightShade"),
            dark_shade: self.param("darkShade"),
            start_shade: self.param("startShade"),
            rim_color: self.param("rimColor").unwrap_or("white"),
            coord_color: self.param("coordColor").unwrap_or("black"),
            first_rank: self.param("firstRank").and_then(|v| v.trim().parse().ok()),
            borders: flag("borders", true),
            background: self.param("background"),
            hole_color: self.param("holeColor").unwrap_or("black"),
            use_markers: flag("useMarkers", false),
            satellite: self.param("satellite").unwrap_or("piece"),
            free_mode: self.param("freeMode").is_some_and(|v| v.trim() == "1"),
            ai_time: self
                .param("aiTime")
                .and_then(|v| v.trim().parse().ok())
                .filter(|v| (10..=60_000).contains(v)),
        }
    }

    /// The image file of piece `piece` for `color`: `graphicsDir` + prefix + image + `.` +
    /// `graphicsType`, where a `%` in the image root marks the place of the prefix instead.
    pub fn image_file(&self, piece: usize, color: Color) -> Option<String> {
        let p = self.pieces.get(piece)?;
        let a = self.appearance();
        let prefix = match color {
            Color::White => a.white_prefix,
            Color::Black => a.black_prefix,
        };
        let root = if p.image.contains('%') {
            p.image.replacen('%', prefix, 1)
        } else {
            format!("{prefix}{}", p.image)
        };
        let suffix = if a.graphics_type.is_empty() {
            String::new()
        } else {
            format!(".{}", a.graphics_type)
        };
        Some(format!("{}{root}{suffix}", a.graphics_dir.unwrap_or("")))
    }

    /// Black's counterpart of White's square `c` under this definition's symmetry (the mirror for
    /// `symmetry=none`).
    pub fn black_square(&self, c: Coord) -> Coord {
        squares::black_of(c, self.symmetry, self.files, self.ranks)
    }

    pub fn is_hole(&self, c: Coord) -> bool {
        self.holes.binary_search(&c).is_ok()
    }

    /// Index of the last piece with ID `id`.
    pub fn piece_by_id(&self, id: &str) -> Option<usize> {
        self.pieces.iter().rposition(|p| p.id == id)
    }

    /// The type piece `mover` becomes when promoting to `id`: the latest type in the list with
    /// that ID that is not `mover` itself.
    pub fn promotion_target(&self, id: &str, mover: usize) -> Option<usize> {
        self.pieces
            .iter()
            .enumerate()
            .rev()
            .find(|(i, p)| *i != mover && p.id == id)
            .map(|(i, _)| i)
    }

    /// The morph cell piece `piece` of `color` meets on `square` (`Normal` without a morph).
    pub fn morph_cell(&self, piece: usize, color: Color, square: Coord) -> &MorphCell {
        static NORMAL: MorphCell = MorphCell::Normal;
        self.pieces
            .get(piece)
            .and_then(|p| p.morph.as_ref())
            .map_or(&NORMAL, |m| m.cell(color, square))
    }

    /// The start position: every listed square of every piece, on the board, where a later
    /// placement (pieces in order, White before Black within a piece) replaces an earlier one on
    /// the same square. Sorted by rank, then file.
    pub fn start_position(&self) -> Vec<Placement> {
        let mut board: std::collections::BTreeMap<(u8, u8), Placement> = Default::default();
        for (i, p) in self.pieces.iter().enumerate() {
            for color in [Color::White, Color::Black] {
                for &sq in p.squares(color) {
                    if sq.on_board(self.files, self.ranks) {
                        board.insert(
                            (sq.rank, sq.file),
                            Placement {
                                square: sq,
                                color,
                                piece: i,
                            },
                        );
                    }
                }
            }
        }
        board.into_values().collect()
    }
}

/// The result of [`parse`]: the definition built from everything that could be understood, plus
/// every problem found.
#[derive(Clone, Debug)]
pub struct Parsed {
    pub definition: Definition,
    /// Sorted by line, then column.
    pub diagnostics: Vec<Diagnostic>,
    /// Every general parameter as written (including `morph`), in order, with its line.
    pub all_params: Vec<Param>,
}

impl Parsed {
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| d.is_error())
    }

    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics.iter().filter(|d| !d.is_error())
    }

    /// No errors (warnings allowed).
    pub fn is_ok(&self) -> bool {
        self.errors().next().is_none()
    }

    /// The definition if there were no errors, else all errors.
    pub fn into_result(self) -> Result<Definition, Vec<Diagnostic>> {
        if self.is_ok() {
            Ok(self.definition)
        } else {
            Err(self
                .diagnostics
                .into_iter()
                .filter(|d| d.is_error())
                .collect())
        }
    }
}

impl std::str::FromStr for Definition {
    type Err = Vec<Diagnostic>;
    /// Parse, failing with the errors if there are any (warnings are dropped).
    fn from_str(s: &str) -> Result<Definition, Vec<Diagnostic>> {
        parse(s).into_result()
    }
}
