//! `fairyboard render`: a Fairy-FEN or a variant position as an SVG or PNG diagram.
//!
//! ```sh
//! fairyboard render --ffen 'k7/8/8/8/8/8/8/K6*1Q' --coords > d.svg
//! fairyboard render shogi -o shogi.png --size 48
//! fairyboard render chess --fen '…' --flip --highlight e2,e4
//! ```
//!
//! SVG goes to standard output unless `-o` names a file; the file's extension (`.svg` or
//! `.png`) chooses the format. A position of a game with holdings (`fairyboard render
//! crazyhouse --fen '…[Nq] w …'`) shows each side's pieces in hand, with counts, in a strip
//! above (Black) and below (White) the board.

use std::path::PathBuf;

use fairyboard_render::style::{
    parse_arrows, parse_highlights, parse_marks, MAX_BORDER_PX, MAX_SQUARE_PX, MIN_SQUARE_PX,
};
use fairyboard_render::{render, Diagram, Style};

#[derive(clap::Args)]
pub struct Args {
    /// A definition file or catalogue name whose position is drawn (its setup unless --fen).
    #[arg(required_unless_present = "ffen", conflicts_with = "ffen")]
    variant: Option<String>,
    /// The variant position to draw, in the variant's FEN.
    #[arg(long, requires = "variant")]
    fen: Option<String>,
    /// Draw this Fairy-FEN (the PHP Chess Diagrammer's notation) instead of a variant.
    /// May start with '-' (a neutral piece): `--ffen -Q7/8`.
    #[arg(long, allow_hyphen_values = true)]
    ffen: Option<String>,
    /// Write to FILE (.svg or .png) instead of SVG on standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Square size in pixels.
    #[arg(long, default_value_t = 40)]
    size: u32,
    /// Draw from Black's side (a1 at the top right).
    #[arg(long)]
    flip: bool,
    /// Draw file letters and rank numbers.
    #[arg(long)]
    coords: bool,
    /// Frame width in pixels.
    #[arg(long, default_value_t = 0)]
    border: u32,
    /// Highlighted squares: e4,d5 or e4:ff0000 (colour optional).
    #[arg(long, value_name = "SQUARES")]
    highlight: Option<String>,
    /// Arrows: e2e4,g1f3:0000ff.
    #[arg(long)]
    arrows: Option<String>,
    /// Square marks: e4:dot:ffff00,f5:ring (shapes: dot ring block frame cross triangle diamond smalldot).
    #[arg(long)]
    marks: Option<String>,
}

enum Output {
    Stdout,
    Svg(PathBuf),
    Png(PathBuf),
}

pub fn run(args: Args) -> Result<String, String> {
    let output = match &args.output {
        None => Output::Stdout,
        Some(p) => match p
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("svg") => Output::Svg(p.clone()),
            Some("png") => Output::Png(p.clone()),
            _ => {
                return Err(format!(
                    "-o {}: the file name must end in .svg or .png",
                    p.display()
                ))
            }
        },
    };
    if !(MIN_SQUARE_PX..=MAX_SQUARE_PX).contains(&args.size) {
        return Err(format!(
            "--size {}: from {MIN_SQUARE_PX} to {MAX_SQUARE_PX} pixels",
            args.size
        ));
    }
    if args.border > MAX_BORDER_PX {
        return Err(format!(
            "--border {}: at most {MAX_BORDER_PX} pixels",
            args.border
        ));
    }
    let diagram = match (&args.ffen, &args.variant) {
        (Some(ffen), _) => Diagram::parse_ffen(ffen).map_err(|e| format!("--ffen: {e}"))?,
        (None, Some(variant)) => {
            Diagram::from_position(&crate::position(variant, args.fen.as_deref())?)
        }
        (None, None) => return Err("give a variant or --ffen".into()),
    };
    let mut style = Style {
        square_px: args.size,
        flipped: args.flip,
        coordinates: args.coords,
        border: args.border,
        ..Style::default()
    };
    if let Some(h) = &args.highlight {
        style.highlights = parse_highlights(h).map_err(|e| format!("--highlight: {e}"))?;
    }
    if let Some(a) = &args.arrows {
        style.arrows = parse_arrows(a).map_err(|e| format!("--arrows: {e}"))?;
    }
    if let Some(m) = &args.marks {
        style.marks = parse_marks(m).map_err(|e| format!("--marks: {e}"))?;
    }
    // Overlays must lie on the board: a typo should not silently draw nothing.
    let on_board = |sq: fairyboard_render::Sq| sq.file < diagram.files && sq.rank < diagram.ranks;
    let off = style
        .highlights
        .iter()
        .map(|h| h.square)
        .chain(style.marks.iter().map(|m| m.square))
        .chain(style.arrows.iter().flat_map(|a| [a.from, a.to]))
        .find(|sq| !on_board(*sq));
    if let Some(sq) = off {
        return Err(format!(
            "square {sq} is not on the {}×{} board",
            diagram.files, diagram.ranks
        ));
    }
    match output {
        Output::Stdout => Ok(render::svg(&diagram, &style)),
        Output::Svg(path) => {
            std::fs::write(&path, render::svg(&diagram, &style))
                .map_err(|e| format!("writing {}: {e}", path.display()))?;
            Ok(String::new())
        }
        Output::Png(path) => {
            let bytes = render::png(&diagram, &style).map_err(|e| e.to_string())?;
            std::fs::write(&path, bytes).map_err(|e| format!("writing {}: {e}", path.display()))?;
            Ok(String::new())
        }
    }
}
