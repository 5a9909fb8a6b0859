//! Every general parameter the format knows, declared once: its name, value syntax, default,
//! where it is handled and what it means. The parser reads values through this table (simple
//! values are stored by the table's setter; the few that need context keep their own code in
//! `parse.rs`), and [`parameters`] lists it for documentation and tools.

use crate::{Definition, Outcome, Zone};

/// How the parser reads a value.
#[derive(Clone, Copy)]
pub(crate) enum Read {
    /// One of the listed integers, stored by the setter.
    Choice(&'static [i64], fn(&mut Definition, i64)),
    /// A non-negative integer, stored by the setter.
    Count(fn(&mut Definition, u32)),
    /// `K`, `W`, `F` or `N`.
    Zone(fn(&mut Definition, Zone)),
    /// `draw`, `win` or `loss`.
    Outcome(fn(&mut Definition, Outcome)),
    /// Any text, stored as written.
    Text(fn(&mut Definition, String)),
    /// Display-only: kept as written in `Definition::params` (the check is done there).
    Display(DisplayCheck),
    /// Read by its own code in `parse.rs` (it needs the pieces or records a position).
    Own,
}

/// The check a display parameter's value gets.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum DisplayCheck {
    None,
    PositiveNumber,
    Integer,
    ZeroOrOne,
    /// fairyboard's `aiTime`: milliseconds from 10 to 60000.
    Milliseconds,
}

/// One general parameter.
pub struct Parameter {
    pub name: &'static str,
    /// The value syntax, in words.
    pub syntax: &'static str,
    /// The value when the parameter is absent.
    pub default: &'static str,
    /// Where the value ends up (a field of [`Definition`], or display only).
    pub handled: &'static str,
    /// What it means, in one line.
    pub doc: &'static str,
    /// May occur more than once (one piece type, or one paragraph, each).
    pub repeatable: bool,
    /// A display parameter the definition wizard (`web/wizard.js`) edits with a field of its
    /// own: a loaded definition's line for it is replaced by the field's value, not kept as a
    /// further line. Declared here so the page and the table cannot drift apart.
    pub form_field: bool,
    pub(crate) read: Read,
}

const fn p(
    name: &'static str,
    syntax: &'static str,
    default: &'static str,
    handled: &'static str,
    doc: &'static str,
    read: Read,
) -> Parameter {
    Parameter {
        name,
        syntax,
        default,
        handled,
        doc,
        repeatable: false,
        form_field: false,
        read,
    }
}

/// A repeatable piece reference (`royal=…`, `iron=…`).
const fn piece_ref(name: &'static str, handled: &'static str, doc: &'static str) -> Parameter {
    Parameter {
        name,
        syntax: "piece number (1-based) or ID",
        default: "none",
        handled,
        doc,
        repeatable: true,
        form_field: false,
        read: Read::Own,
    }
}

const fn display(
    name: &'static str,
    syntax: &'static str,
    default: &'static str,
    doc: &'static str,
    check: DisplayCheck,
) -> Parameter {
    p(
        name,
        syntax,
        default,
        "display (Definition::params)",
        doc,
        Read::Display(check),
    )
}

/// `p` with a field of its own in the wizard's form (see [`Parameter::form_field`]).
const fn on_form(p: Parameter) -> Parameter {
    Parameter {
        form_field: true,
        ..p
    }
}

/// fairyboard's author text for the rules page: shown as plain text (never as markup),
/// one paragraph per occurrence, kept in [`Definition::params`] as written.
const fn prose(name: &'static str, doc: &'static str) -> Parameter {
    Parameter {
        name,
        syntax: "text (one paragraph per line; repeat the parameter for more)",
        default: "none",
        handled: "display (Definition::about)",
        doc,
        repeatable: true,
        form_field: false,
        read: Read::Display(DisplayCheck::None),
    }
}

const ZERO_ONE: &[i64] = &[0, 1];

static PARAMETERS: &[Parameter] = &[
    p(
        "files",
        "number 1..=24",
        "8",
        "Definition::files",
        "board width",
        Read::Own,
    ),
    p(
        "ranks",
        "number 1..=24",
        "8",
        "Definition::ranks",
        "board height",
        Read::Own,
    ),
    p(
        "symmetry",
        "mirror, rotate or none",
        "mirror",
        "Definition::symmetry",
        "how Black's setup, moves and morph boards derive from White's",
        Read::Own,
    ),
    p(
        "promoZone",
        "number",
        "1",
        "Definition::promo_zone",
        "depth of the promotion zone in ranks",
        Read::Own,
    ),
    p(
        "maxPromote",
        "number",
        "1",
        "Definition::max_promote",
        "the first N piece types promote in the zone",
        Read::Own,
    ),
    p(
        "promoChoice",
        "IDs with ! * and rank counts, sets split by /",
        "every non-royal type after the first maxPromote",
        "Definition::promo_choice",
        "what a promoting piece may become",
        Read::Own,
    ),
    p(
        "promoOffset",
        "number",
        "none",
        "Definition::promo_offset",
        "Shogi-style promotion to the type N places further down the list",
        Read::Own,
    ),
    p(
        "holdingsType",
        "-1, 0 or 1",
        "0",
        "Definition::holdings_type",
        "captured pieces: to the capturer's hand (-1), gone (0), back to the owner's hand (1)",
        Read::Choice(&[-1, 0, 1], |d, v| d.holdings_type = v as i8),
    ),
    p(
        "handSwap",
        "0 or 1",
        "0",
        "Definition::hand_swap",
        "a piece in hand may replace a friend with the same ID",
        Read::Choice(ZERO_ONE, |d, v| d.hand_swap = v == 1),
    ),
    p(
        "captureMatrix",
        "rows of cells split by /",
        "none",
        "Definition::capture_matrix",
        "what happens when type X moves to a square holding type Y",
        Read::Own,
    ),
    piece_ref(
        "royal",
        "Rules via Definition::royal",
        "losing it (all of them) loses the game; absent: the last type; 0: none",
    ),
    piece_ref(
        "baring",
        "Rules::baring",
        "losing all pieces with this property loses after an after-move; 0: every non-royal type",
    ),
    p(
        "extinction",
        "text",
        "all royals must be lost",
        "Rules::extinction",
        "whether losing one royal decides",
        Read::Text(|d, v| d.rules.extinction = Some(v)),
    ),
    p(
        "counterbare",
        "draw, win or loss",
        "draw",
        "Rules::counterbare",
        "result when the bared side bares back",
        Read::Outcome(|d, o| d.rules.counterbare = o),
    ),
    p(
        "stalemate",
        "draw, win or loss",
        "draw",
        "Rules::stalemate",
        "draw, or (win) stalemate wins for the side that gives it",
        Read::Outcome(|d, o| d.rules.stalemate = o),
    ),
    piece_ref("iron", "Rules::iron", "cannot be captured"),
    piece_ref(
        "antiTrade",
        "Rules::anti_trade",
        "two such pieces may not capture each other",
    ),
    piece_ref(
        "counterStrike",
        "Rules::counter_strike",
        "cannot be captured right after its kind was",
    ),
    piece_ref(
        "protected",
        "Rules::protected",
        "may not take a protected piece of its kind that is defended",
    ),
    p(
        "tradeThreshold",
        "piece number or ID",
        "none",
        "Rules::trade_threshold",
        "a protected capture is allowed when it gains this type's value",
        Read::Own,
    ),
    p(
        "conversion",
        "piece number or ID",
        "none",
        "Rules::conversion",
        "capture converts instead of removing, from this type on",
        Read::Own,
    ),
    p(
        "atomicCapture",
        "number",
        "0",
        "Rules::atomic_capture",
        "0: an explosion takes enemies only; N: all but the first N types",
        Read::Own,
    ),
    p(
        "blastZone",
        "K, W, F or N",
        "K",
        "Rules::blast_zone",
        "the squares an explosion reaches",
        Read::Zone(|d, z| d.rules.blast_zone = z),
    ),
    p(
        "burnZone",
        "Betza-like text",
        "none",
        "Rules::burn_zone",
        "the squares a burning piece burns",
        Read::Text(|d, v| d.rules.burn_zone = Some(v)),
    ),
    p(
        "trackPieces",
        "piece number or ID",
        "none",
        "Rules::track_pieces",
        "the first type that casts a spell",
        Read::Own,
    ),
    p(
        "trackedTypes",
        "number",
        "1",
        "Rules::tracked_types",
        "how many types from trackPieces on cast the spell",
        Read::Own,
    ),
    p(
        "spell",
        "burn, freeze or protect",
        "none",
        "Rules::spell",
        "what the tracked types do to their surroundings",
        Read::Own,
    ),
    p(
        "spellZone",
        "K, W, F or N",
        "K",
        "Rules::spell_zone",
        "the squares a spell reaches",
        Read::Zone(|d, z| d.rules.spell_zone = z),
    ),
    p(
        "contageous",
        "IDs, ! for immune",
        "none",
        "Rules::contageous",
        "a piece capturing one of these becomes that type",
        Read::Own,
    ),
    p(
        "shuffle",
        "ID sets split by ,",
        "none",
        "Rules::shuffle",
        "sets of pieces whose start squares are permuted",
        Read::Own,
    ),
    p(
        "enableAI",
        "0, 1 or 2",
        "1",
        "Rules::enable_ai",
        "no AI, AI, AI with the Play switch in a satellite",
        Read::Choice(&[0, 1, 2], |d, v| d.rules.enable_ai = v as u8),
    ),
    p(
        "newClick",
        "0 or 1",
        "0",
        "Rules::new_click",
        "the script's newer move entry",
        Read::Choice(ZERO_ONE, |d, v| d.rules.new_click = v == 1),
    ),
    p(
        "repetition",
        "number, not 1",
        "3",
        "Rules::repetition",
        "fairyboard: the N-th occurrence of a position draws (0: off)",
        Read::Own,
    ),
    p(
        "moveRule",
        "number",
        "0",
        "Rules::move_rule",
        "fairyboard: N moves per side without capture or pawn move draw (0: off)",
        Read::Count(|d, v| d.rules.move_rule = v),
    ),
    piece_ref(
        "dropNoDoubled",
        "Rules::drop_no_doubled",
        "fairyboard: no drop on a file holding the owner's piece of that type",
    ),
    piece_ref(
        "dropNoMate",
        "Rules::drop_no_mate",
        "fairyboard: a drop of that type may not checkmate",
    ),
    p(
        "promoFromZone",
        "0 or 1",
        "0",
        "Rules::promo_from_zone",
        "fairyboard: leaving a promoting square may promote too",
        Read::Choice(ZERO_ONE, |d, v| d.rules.promo_from_zone = v == 1),
    ),
    Parameter {
        syntax: "ID:CENTIPAWNS",
        ..piece_ref(
            "pieceValue",
            "Rules::piece_values",
            "fairyboard: the AI's value of that type (a pawn = 100)",
        )
    },
    p(
        "demotePromoted",
        "0 or 1",
        "0",
        "Rules::demote_promoted",
        "fairyboard: a captured promoted piece goes to the hand unpromoted",
        Read::Choice(ZERO_ONE, |d, v| d.rules.demote_promoted = v == 1),
    ),
    on_form(display(
        "squareSize",
        "positive number",
        "(script's)",
        "square size in pixels",
        DisplayCheck::PositiveNumber,
    )),
    on_form(display(
        "graphicsDir",
        "URL",
        "none",
        "where the piece images are",
        DisplayCheck::None,
    )),
    on_form(display(
        "graphicsType",
        "file suffix",
        "gif",
        "image file suffix",
        DisplayCheck::None,
    )),
    display(
        "whitePrefix",
        "text",
        "w",
        "White's image prefix",
        DisplayCheck::None,
    ),
    display(
        "blackPrefix",
        "text",
        "b",
        "Black's image prefix",
        DisplayCheck::None,
    ),
    on_form(display(
        "lightShade",
        "CSS colour",
        "(script's)",
        "light squares",
        DisplayCheck::None,
    )),
    on_form(display(
        "darkShade",
        "CSS colour",
        "(script's)",
        "dark squares",
        DisplayCheck::None,
    )),
    display(
        "startShade",
        "CSS colour",
        "none",
        "dark squares before the first click",
        DisplayCheck::None,
    ),
    display(
        "rimColor",
        "CSS colour",
        "white",
        "coordinate margin",
        DisplayCheck::None,
    ),
    display(
        "coordColor",
        "CSS colour",
        "black",
        "coordinates",
        DisplayCheck::None,
    ),
    on_form(display(
        "firstRank",
        "integer",
        "none (no coordinates)",
        "number of the bottom rank; shows coordinates",
        DisplayCheck::Integer,
    )),
    display(
        "borders",
        "0 or 1",
        "1",
        "square borders",
        DisplayCheck::ZeroOrOne,
    ),
    display(
        "background",
        "image URL",
        "none",
        "board background image",
        DisplayCheck::None,
    ),
    display(
        "holeColor",
        "CSS colour",
        "black",
        "colour of holes",
        DisplayCheck::None,
    ),
    display(
        "useMarkers",
        "0 or 1",
        "0",
        "mark moves with symbols instead of colours",
        DisplayCheck::ZeroOrOne,
    ),
    display(
        "satellite",
        "name",
        "piece",
        "name part of the page elements that hold legend and table",
        DisplayCheck::None,
    ),
    display(
        "freeMode",
        "0 or 1",
        "0",
        "fairyboard: 1 starts the browser diagram in free mode (rules only as a help)",
        DisplayCheck::ZeroOrOne,
    ),
    display(
        "aiTime",
        "milliseconds 10..=60000",
        "1000",
        "fairyboard: the browser AI's thinking time per move",
        DisplayCheck::Milliseconds,
    ),
    p(
        "title",
        "text",
        "the definition's file name",
        "display (Definition::about)",
        "fairyboard: the game's name as the rules page heads it",
        Read::Display(DisplayCheck::None),
    ),
    p(
        "aliases",
        "names separated by commas",
        "none",
        "display (Definition::about)",
        "fairyboard: other names the game is known by, listed under the title",
        Read::Display(DisplayCheck::None),
    ),
    prose(
        "introduction",
        "fairyboard: the author's introduction, at the top of the rules page",
    ),
    prose(
        "notes",
        "fairyboard: the author's notes on the rules, after the generated sections",
    ),
    prose("strategy", "fairyboard: the author's advice on play"),
    prose(
        "history",
        "fairyboard: the game's history (inventor, year, sources)",
    ),
    p(
        "morph",
        "a board picture of symbols, ranks split by /",
        "none",
        "PieceDef::morph",
        "per piece, after its line: what landing on each square does",
        Read::Own,
    ),
];

/// Every general parameter the format (and fairyboard) knows, in a stable order.
pub fn parameters() -> &'static [Parameter] {
    PARAMETERS
}

/// The parameter reference as a Markdown page (`PARAMETERS.md` at the repository root is this
/// text, held to the table by a test): one row per parameter with its value syntax, default,
/// where fairyboard keeps it and its meaning.
///
/// ```
/// let page = idiagram::parameters_markdown();
/// assert!(page.contains("| `files` |"));
/// ```
pub fn parameters_markdown() -> String {
    let cell = |s: &str| s.replace('|', "\\|");
    let mut out = String::from(
        "# Definition parameters\n\n\
         Every general parameter of the Interactive Diagram format that fairyboard reads, and\n\
         fairyboard's own, generated from the parameter table (`crates/idiagram/src/params.rs`);\n\
         `cargo test -p idiagram --test parameters` fails when this page and the table differ\n\
         (`UPDATE_REFERENCE=1` rewrites it). Piece lines (`name:ID:Betza:image:squares`) are\n\
         described in the README.\n\n\
         | parameter | value | default | repeatable | kept in | meaning |\n\
         |---|---|---|---|---|---|\n",
    );
    for p in PARAMETERS {
        out += &format!(
            "| `{}` | {} | {} | {} | {} | {} |\n",
            p.name,
            cell(p.syntax),
            cell(p.default),
            if p.repeatable { "yes" } else { "" },
            cell(p.handled),
            cell(p.doc),
        );
    }
    out
}

/// The parameter named `name` (case-sensitive).
pub(crate) fn lookup(name: &str) -> Option<&'static Parameter> {
    PARAMETERS.iter().find(|p| p.name == name)
}
