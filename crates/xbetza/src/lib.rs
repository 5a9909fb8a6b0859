//! XBetza move notation (the move language of H. G. Muller's Interactive Diagram): parse a
//! descriptor into an AST, compile it into a leg program, and a reference interpreter that
//! serves as the project's test oracle.
//!
//! # Pipeline
//!
//! 1. [`parse()`] (module [`parse`](mod@parse)): text → [`Descriptor`] ([`ast`]). Errors name the 0-based
//!    character position, the character and a reason; harmless oddities (unknown letters,
//!    meaningless direction combinations) become [`Descriptor::warnings`].
//! 2. [`dirs`]: the pure direction-set rules (which of the 8 slots a leg may use).
//! 3. [`compile()`] (module [`compile`](mod@compile)): [`Descriptor`] → [`Program`], the flat pre-order
//!    path tree defined in [`program`] (the IR contract of the engine's interpreter).
//! 4. [`reference_moves`] ([`reference`](mod@reference)): walks the AST directly on a [`RefBoard`]; never
//!    looks at a [`Program`]. [`vectors`] reads the shared test-vector table
//!    `crates/xbetza/tests/vectors.txt`.
//!
//! ```
//! use xbetza::{compile, parse, reference_moves, Cell, CompileOptions, RefBoard};
//!
//! // The Xiangqi horse, spelled out as a two-leg move: a W step to an empty square, then an
//! // F step outwards.
//! let d = parse("mafsW").unwrap();
//! assert_eq!(d.to_string(), "mafsW");
//!
//! let program = compile(&d, &CompileOptions::default()).unwrap();
//! assert_eq!(program.records.len(), 4 * 3); // 4 W steps, each with 2 F continuations
//! assert_eq!(program.legs(), 2);
//!
//! // On an 8x8 board with the horse on d4 and a friendly piece on d5 (the horse's leg):
//! let mut board = RefBoard::new(8, 8);
//! board.set((3, 3), Cell::Friend { royal: false, virgin: true });
//! board.set((3, 4), Cell::Friend { royal: false, virgin: true });
//! let moves = reference_moves(&d, &board, (3, 3));
//! let targets: Vec<String> = moves.iter().map(|m| m.token()).collect();
//! assert_eq!(targets, ["b3", "b5", "c2", "e2", "f3", "f5"]);
//!
//! // Or all at once, with the default options:
//! assert_eq!(xbetza::program_for("mafsW").unwrap(), program);
//! ```
//!
//! # Decisions
//!
//! Where the spec (`shared/spec/xbetza.md`) marks a point as uncertain, the crate takes the
//! spec's stated decision or recommendation; where the spec is silent, the choice below was
//! made and is implemented identically by the compiler and the reference interpreter.
//!
//! ## Atoms and ranges
//! * **`J`/`L`** follow the Interactive Diagram: `L` = `C` = camel (1,3), `J` = `Z` = zebra
//!   (2,3) (§3.1, §11.1).
//! * **Extended atoms** use the table version (§3.3, §11.6): `X` adds 3 along the long axis
//!   (`FX` = giraffe (1,4), `GX` = (3,6)), `Y` adds (2,2) (`NY` = (3,4)). The rule is applied
//!   to every basic leaper letter (so `WY` = (2,3)); `X`/`Y` after `K Q R B O U I` or a
//!   vector is an error.
//! * **Explicit vectors** `(x,y)`: signs and order do not matter (`(1,4)` = `(4,-1)`);
//!   components up to 127; `(0,0)` is an error (use `O`). A range may follow: `(4,1)0`.
//! * **Ranges**: digits (any number, value ≤ 255); `0` = unlimited; a doubled letter = `0`
//!   (`NN`; not for `O U I`, extended atoms or vectors; digits after a doubled atom are an
//!   error); `0n` = *exactly* n steps (§4, §11.7; `W03`); `00` reads as `0` with a warning.
//!   `R4` = `W4`, `B` = `F0`, `Q` = `K0`.
//! * **`O`**: bare `O` (or `O0`) is the null move, a (0,0) leap onto the start square, which
//!   counts as empty (default modality `mc`, so the piece may pass). `On` (n ≥ 1) is
//!   castling. **`U`** ignores direction letters. **`I`** keeps only `b` (mirror) among the
//!   direction letters; the reference interpreter does not generate imitator moves (they
//!   need the opponent's last move). `O`, `U`, `I` cannot take part in `a` chains or
//!   brackets (error), and `U`/`I` take no range (error).
//!
//! ## Directions
//! * **Pairing.** Adjacent direction letters form tokens: a doubled letter (`ff` = `f`), a
//!   letter of `f b l r` followed by one of the perpendicular kind (`fr`, `rf`, `fs`, `lv`),
//!   a letter of `f b l r` followed by `h` (`fh`), and `hr`/`hl` at the very start of the
//!   first leg. Tokens are united. Letters separated by a modality letter never pair
//!   (`fmrN` = `f` ∪ `r`); modality letters may come in any order (§2, §11.5).
//! * **Orthogonal atoms**: every letter selects its narrow set, united (§5.1). `h` and
//!   `hr`/`hl` have no meaning here: ignored with a warning.
//! * **Diagonal atoms**: each letter selects its side pair; a perpendicular pair intersects
//!   (`fr` = one move). `fs`/`bs`/`lv`/`rv` are read as `f`/`b`/`l`/`r` with a warning
//!   (§5.2, §11.3; XBoard would fall back to all four). `h` is ignored with a warning.
//! * **Oblique atoms**: XBoard's rules exactly (§5.3). `h` alone (not as `hr`/`hl` at the
//!   start) selects everything.
//! * **`K`, `Q`** use the K-system (§5.4, §11.2): `fK` is the single forward step.
//!   `fh`/`bh`/`lh`/`rh` are read as the three moves on that side, with a warning (§5.4;
//!   XBoard would take all eight). `hr`/`hl` are ignored with a warning.
//! * **Empty selection** (no letters, or only ignored ones) = all directions of the atom.
//! * **Continuation legs** (after `a`): K-system relative to the previous leg's direction;
//!   default = all but straight back for 8-fold atoms (K, Q, oblique) and straight/left/
//!   right for W/F-class atoms (§7.2). Hence `aK` compiles to 8 + 8·7 = 64 records (the
//!   brief's "72" counted straight back too). A diagonal direction on a W/F-class atom
//!   converts it to its counterpart of the same size (`W`↔`F`, `D`↔`A`, `R`↔`B`); oblique
//!   atoms index their 8 members cyclically.
//! * **`z`/`q` in continuation legs** (§7.2): `z` alone repeats the previous turn mirrored,
//!   `q` alone repeats it to the same side. After `f` or `b` they stand for a side letter:
//!   `fz` is the 45° turn to the side opposite to the previous turn, `fq` to the same side
//!   (both sides when the previous leg went straight). This is the reading under which
//!   `afsafzW` is the crooked W-F-W path and the Falcon's new form `afafsKafsafzfK` equals
//!   its old form `afsafKafafsKaflafrKafraflK`.
//!
//! ## Modalities
//! * Defaults: `mc` on final legs, `m` on non-final legs (§6). On final legs `m c d e x k`
//!   replace the default (`p`, `g`, `t`, `n`, `j`, `i`, `o`, `u` do not: `pR` moves *and*
//!   captures after the screen); on non-final legs also `p g y` replace it.
//! * **`k`**: `k` alone = capture royals only; `ck` = capture non-royals only (§6.1); applied
//!   to locust captures of non-final legs too. **`t`** on a final leg: may not capture a
//!   royal, and nothing more (`tpR` hops a screen of either colour); `t` with `p`/`g` on a
//!   non-final leg: only friends may be hopped. (In XBoard, the notation's reference
//!   implementation, the friends-only rule applies to the hop stops of non-final legs; on
//!   a final leg `t` only forbids capturing a royal.)
//! * **`n`** on a step longer than one square: the mid square `start + (dx/2, dy/2)`
//!   (truncated) must be empty; **`j`** there: it must be occupied (§6.2, §11.4; one square
//!   only, for every atom). On unit steps (W, F, K and their sliders) `j` skips that many
//!   first squares (`jj` = 2; the skipped squares count towards the range, so `jW` has no
//!   move and `jW2` jumps to the second square) and `n` does not restrict the move (XBoard
//!   would generate nothing). `n` always marks the leg as creating e.p. rights. On a
//!   non-final leg of a one-step atom `n` is what the notation says of it there — the
//!   square "must be empty" and becomes an e.p. square — so the leg may stop on an empty
//!   square whatever other letters it has (`cnafW` steps to an empty neighbour or takes an
//!   enemy one, then goes on).
//! * **Initial moves**: `i` on the first leg = virgin pieces only; `ii` = only a piece one
//!   square in front of its initial square (and not the virgin test); `i` on a later leg =
//!   *iso*: exactly as many steps as the latest earlier sliding leg (range ≠ 1) of the path,
//!   no constraint when there is none (§7.3, §11.11).
//! * **`g`/`y` on a non-final leg** toggle the range of *all* later legs of the path
//!   (leaper ↔ slider: range 1 → 0, any other range → 1). Toggles apply one after another,
//!   as the notation's reference implementation (XBoard) swaps the atom at every toggle: two
//!   toggles of `R4` give 1 and then 0, so `gayafR4` ends with an unlimited slide, not with
//!   `R4` again. XBoard turns `W3` into `R`; we give `W1`. `g` stops on any occupied
//!   square, `y` on an empty one.
//! * **`o`** (cylinder): a wrapping walk ends when it would come back to the square its leg
//!   started from.
//! * **`x`**: non-final = stop on a friend, which makes the remaining legs (reported in
//!   [`RefMove::induced`]). Final-leg `x` = move borrowing (no source pins down what the
//!   borrowed moves are; this is fairyboard's reading): the leg must end on a **friend** F
//!   and is never a move itself. For every F reached so, the mover gains the moves of F's
//!   piece type, with F's modalities, made *from the mover's own square* as a piece of the
//!   mover's colour and type (the mover moves, F stays; the mover's virginity counts for
//!   `i`; its landing/promotion rules apply). The path to F only finds F: victims, unload,
//!   e.p. rights and inductions of its earlier legs are dropped, and after an induction the
//!   mover's own square holds a friend that lends the mover's type. Borrowing does not
//!   chain (the lender type's own final-`x` legs and `I` atoms generate nothing when lent),
//!   castling is never lent (as with the imitator), and `dx` both captures the friend and
//!   borrows its moves. A move found several ways appears once. So `WxN`
//!   is a wazir that, with a friend a knight's leap away, also moves as that friend from
//!   its own square. The reference interpreter takes the friends' moves from
//!   [`RefBoard::types`]. **`u`**: the captured piece reappears on the start
//!   square of the (last) `u` leg ([`RefMove::unload`]) — only when the move captures; `cau`/`dau` get no parser kludge:
//!   the literal reading (capture, then unload on the same square) has the same effect.
//! * **`e`** on a non-final leg replaces the default `m` but has no effect.
//! * **Every role of a non-final stop on an occupied square is a path**: an enemy may be
//!   captured (`c`, `k` rules applied) and hopped (`p`/`g`, not with `t`); a friend may be
//!   destroyed (`d`), induced (`x`) and hopped. Each letter adds its possibility ("multiple
//!   modifiers for a similar aspect usually add their individual effects", H. G. Muller's
//!   *Betza notation (extended)* on chessvariants.com; his comment there of 2017-08-19
//!   uses `mp` on a non-final leg for a step that may both move and hop), and XBoard
//!   generates them all: `cpafW` over an enemy on d5 both takes it and hops it on the way
//!   to d6. The board is not changed while a move is
//!   generated: an earlier locust victim still occupies its square.
//! * **E.p.** (`e`): moving to an e.p. square with `e` is the e.p. capture, and the only
//!   move there — with `m` too (`meF`), or a plain move of another term (`mFceF`), it is
//!   not also listed as a plain move with the same from and to. An e.p. capture may follow locust captures (`caeF` takes e5, then lands
//!   on the e.p. square f6 taking f5); a piece is removed once, so a path that already took
//!   the e.p. victim makes no e.p. capture.
//! * **Holes** end every walk, even on a square skipped by `j`, and count as occupied for
//!   `n`/`j` mid squares.
//!
//! ## Multi-leg notations
//! * **Brackets** (§8, §11.10): `[A?B]` = `A` ∪ `[A-B]`; each element has its own atom, range
//!   and modifiers; legs after the very first use relative (K-system) directions. An element
//!   after the first without direction letters goes "as straight as possible": the members
//!   of its atom at the smallest angle to the previous step (`[F?R]` = `FyafsF`, `[W-F]` =
//!   `mafsW`, `[F-F]` = `mafF`; `[xN-N]` continues in the same knight direction). Written
//!   directions of such an element are relative to the previous step (K-system, as for
//!   continuation legs), but the element keeps its own atom (§8: each element is a simple
//!   move with its own atom): for a W/F-class atom a direction that is not one of its
//!   members stands for the two members beside it. So `[W-fF]` is W then one of the two
//!   forward diagonals (the Mao, like `[W-F]`), `[W-lF]` W then the left pair, `[F-fW]` the
//!   Moa; `dirs::element_set`. A prime anywhere in a bracket primes the whole bracket term.
//! * **Parentheses** (§9, §11.9): `(x,y)` is a vector; any other group is a textual
//!   repetition: `P(G)S` = ∪ₖ `P·Gᵏ·S` for k = 0 ..= cap (compiler: `max_range`; reference:
//!   the larger board side). `P` is the text of the term in which the group opens, `S` all
//!   the rest of the descriptor (so a repeat is always the last term). The k = 1 expansion
//!   must parse (errors point into the source); other expansions that do not parse (often
//!   k = 0) are skipped. Digits right after the group are its count, as a range after an
//!   atom: `P(G)nS` takes k = 0 ..= n, `P(G)0nS` only k = n, and a count of 0 no limit, as range 0 (`B(paf)2cB`, a general that
//!   captures over up to two pieces, on the Interactive Diagram pages of large shogi
//!   variants). The obsolete "grouping" meaning is not implemented.
//! * **Crooked `z` / circular `q` on a first leg** (single-leg terms only): the path turns
//!   ±90° alternately (crooked; `zB` zig-zags, `zR` climbs stairs) or one atom member to the
//!   same side at every step (circular: 45° for 8-fold atoms, so `qN` is the Rose; 90° for
//!   W/F-class atoms), starting with either turn; every square of the path is a
//!   destination, the straight continuation is not part of the move. A written range ≥ 2
//!   caps the path, otherwise it is unlimited (circular paths stop before closing the
//!   circle).
//! * **Castling** `On` (§10.2): `l`/`r`/`s` choose the sides (none = both; other letters are
//!   ignored with a warning); the partner is the first piece met, must be a virgin friend
//!   and have exactly `j`-count squares beyond it before the edge or a hole; the king must
//!   stop short of it (`n` < distance), and the partner lands next to the king on the inner
//!   side. `i` requires a virgin king. Check rules are not part of the notation.
//! * **Prime** `'`: every record of the primed term carries [`Flags::PRIME`].
//!
//! ## Leniency (§11.12)
//! Unknown lower-case letters (`w`) and whitespace are ignored with a warning; an unknown
//! upper-case letter drops its term (with the term's modifiers) with a warning; modifiers
//! without an atom at the end are ignored with a warning. Inside brackets an unknown atom is
//! an error. [`parse_lenient`] (what a variant build uses) goes further, as the Interactive
//! Diagram shows such pages anyway: each character that makes the text an error is dropped
//! and the rest read again. Two published quirks read that way: H. G. Muller's Wildebeest
//! pawn `fmW*fceF` (chessvariants.com, 2017; no published text gives `*` a meaning inside a
//! move) is `fmWfceF`, the step and the diagonal capture its page describes; the Ship
//! `[F?fqR]` of the *More Chess & More than Chess* Fantastic XIII applet (circular `q` is
//! not defined inside brackets) is `[F?fR]`.
//!
//! ## Unsupported (errors)
//! * `z`/`q` on a first leg together with `a` legs ("crooked/circular (z/q) first legs cannot
//!   have further 'a' legs"), with `p g y n j o u` ("crooked/circular (z/q) cannot be
//!   combined with p, g, y, n, j, o or u"), with an exact range, or inside brackets.
//! * `O`, `U`, `I` in `a` chains or brackets.
//! * The proposed `M` atom (an unknown letter: ignored with a warning).
//! * Compile limits ([`CompileError`]): more than 65 536 records, more than 4096 repetition
//!   expansions or nesting deeper than 32, more than 256 legs in one path, paths that may
//!   visit more than [`MAX_WORK`](compile::MAX_WORK) squares from one square of a board of
//!   side `max_range` ([`Program::work_within`]; `(as)W6` on 8x8 is far beyond).
//!   [`compile_partial`] leaves out the terms (each expansion of a repetition group is
//!   terms of its own) that break a limit and compiles the rest, reporting each term left
//!   out: a variant keeps a piece with the moves that fit (`(ma)fW` on 12x10).

pub mod ast;
pub mod compile;
pub mod dirs;
pub mod parse;
pub mod program;
pub mod random;
pub mod reference;
pub mod rng;
pub mod vectors;

use std::fmt;

pub use ast::{Descriptor, Square, Term, Warning};
pub use compile::{
    compile, compile_partial, compile_partial_within, compile_within, CompileBudget, CompileError,
    CompileOptions,
};
pub use parse::{parse, parse_lenient, ParseError, MAX_LENIENT_CHARS, MAX_REPORTED_DROPS};
pub use program::{Flags, Kind, Program, Record, Step};
pub use reference::{reference_moves, Cell, EpInfo, RefBoard, RefMove};

/// Any error of [`compile_str`] / [`program_for`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    Parse(ParseError),
    Compile(CompileError),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Parse(e) => e.fmt(f),
            Error::Compile(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for Error {}

impl From<ParseError> for Error {
    fn from(e: ParseError) -> Error {
        Error::Parse(e)
    }
}

impl From<CompileError> for Error {
    fn from(e: CompileError) -> Error {
        Error::Compile(e)
    }
}

/// Parse and compile.
pub fn compile_str(s: &str, options: &CompileOptions) -> Result<Program, Error> {
    Ok(compile(&parse(s)?, options)?)
}

/// Parse and compile with [`CompileOptions::default`].
pub fn program_for(descriptor: &str) -> Result<Program, Error> {
    compile_str(descriptor, &CompileOptions::default())
}
