//! Drawing fairyboard: Fairy-FEN diagrams and game positions as SVG and PNG.
//!
//! * [`ffen`]: the [`Diagram`] model and the Fairy-FEN notation of the PHP Chess Diagrammer
//!   (`Diagram::parse_ffen`, `Diagram::to_ffen`), and `Diagram::from_position` for any
//!   position of any catalogue variant, drawn with its own pieces (and, for drop games such
//!   as crazyhouse and shogi, each side's pieces in hand with their counts, in strips above
//!   and below the board: [`Hands`]).
//! * [`style`]: [`Style`] (square size, colours, coordinates, flip, border, highlights,
//!   arrows, per-square marks) and [`DiagramQuery`], the query-string form used by `/d?ff=…`.
//! * [`render`]: `render::svg` and `render::png`.
//! * [`art`]: the piece art of `art/` (built in), chosen by `fairyboard_art::resolve` (the
//!   browser's rule too); `art::file(path)` lets a server hand the same files to browsers.
//!
//! ```
//! use fairyboard_render::{render, Diagram, Mark, MarkShape, Rgb, Sq, Style};
//! let d = Diagram::parse_ffen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR").unwrap();
//! let style = Style {
//!     square_px: 32,
//!     coordinates: true,
//!     marks: vec![Mark { square: Sq::new(4, 3), shape: MarkShape::Dot, color: Rgb::SLIDE }],
//!     ..Style::default()
//! };
//! let svg: String = render::svg(&d, &style);
//! assert!(svg.starts_with("<svg"));
//! let png: Vec<u8> = render::png(&d, &style).unwrap();
//! assert!(png.starts_with(b"\x89PNG"));
//!
//! // A game position, with the variant's own art (here xiangqi's).
//! let v = fairyboard_core::catalogue::load("xiangqi").unwrap();
//! let pos = fairyboard_core::Position::start(v);
//! let d = Diagram::from_position(&pos);
//! assert_eq!((d.files, d.ranks), (9, 10));
//! assert!(render::svg(&d, &Style::default()).contains("viewBox"));
//! ```
//!
//! A web handler for `/d` does: `DiagramQuery::parse(query)` (400 on error), then
//! `Diagram::parse_ffen(ffen)` (400 with the error's position and message), then
//! `render::png`/`render::svg` by `query.format` (a `TooLarge` error is the client's too).

pub mod art;
pub mod ffen;
mod glyphs;
pub mod mark_shapes;
pub mod render;
pub mod rules_page;
pub mod style;

pub use ffen::{
    Diagram, FfenError, Figure, Hands, Item, MarkerShape, PieceRef, Side, SquareContent,
};
pub use render::RenderError;
pub use style::{
    Arrow, DiagramQuery, Format, Highlight, Mark, MarkShape, QueryError, Rgb, Sq, Style,
};
