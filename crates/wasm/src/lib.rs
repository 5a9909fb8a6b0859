//! fairyboard's rules core for the browser: the web diagram (`web/idiagram.js`) asks one
//! [`Diagram`] per `<div class="idiagram">` everything it needs — the same Rust rules code as
//! the command line, no second implementation in JavaScript.
//!
//! Answers are JSON texts (JavaScript reads them with `JSON.parse`): one simple, typed
//! boundary that behaves the same in the browser and in native tests. Squares are
//! zero-based `(file, rank)` from White's lower left; colours are 0 White, 1 Black;
//! pieces are indices into the definition's piece list.
//!
//! ```
//! use fairyboard_wasm::Diagram;
//! let mut d = Diagram::new("files=8\nranks=8\nroyal=6\npawn::::a2-h2\nknight:N:::b1,g1\n\
//!     bishop::::c1,f1\nrook::::a1,h1\nqueen::::d1\nking::::e1\n");
//! let pick: serde_json::Value = serde_json::from_str(&d.pick(4, 1)).unwrap();
//! assert_eq!(pick["moves"].as_array().unwrap().len(), 2); // e3, e4
//! let played: serde_json::Value = serde_json::from_str(&d.play("e2e4")).unwrap();
//! assert_eq!(played["san"], "e4");
//! ```

pub mod game;

use fairyboard_ai::{Control, Limits, Options, Thinker};
use fairyboard_core::Color;
use game::{load, Game};
use idiagram::{Definition, Diagnostic};
use serde::Serialize;
use serde_json::json;
use wasm_bindgen::prelude::*;

/// One diagram's definition and game.
#[wasm_bindgen]
pub struct Diagram {
    definition: Definition,
    problems: Vec<Diagnostic>,
    game: Option<Game>,
    /// The AI, made at its first move with that move's seed (it keeps its tables between
    /// moves).
    thinker: Option<Thinker>,
}

/// Everything about a piece type the legend shows.
#[derive(Serialize)]
struct PieceInfo {
    index: usize,
    name: String,
    id: String,
    betza: String,
    /// The image root name from the definition (defaults to the name).
    image: String,
    /// Image URLs from `graphicsDir`/prefixes/`graphicsType`, when `graphicsDir` is given.
    images: Option<[String; 2]>,
    royal: bool,
    /// Shogi-style promoted form and the reverse.
    promoted: Option<u8>,
    demoted: Option<u8>,
    /// One of the first `maxPromote` types.
    promotes: bool,
}

fn color(c: u8) -> Color {
    if c == 0 {
        Color::White
    } else {
        Color::Black
    }
}

/// A diagnostic as the page lists it: its typed fields (`severity`, `line`, `column`,
/// `piece`, `parameter`, `message`) plus `text`, the whole finding as one readable line.
fn problem(d: &Diagnostic) -> serde_json::Value {
    let mut v = serde_json::to_value(d).unwrap_or_default();
    v["text"] = d.to_string().into();
    v
}

fn ok_or_error(r: Result<serde_json::Value, String>) -> String {
    match r {
        Ok(v) => v.to_string(),
        Err(e) => json!({ "ok": false, "error": e }).to_string(),
    }
}

const NO_GAME: &str = "the definition could not be compiled";

#[wasm_bindgen]
impl Diagram {
    /// Read a definition (never fails; see [`info`](Self::info) for problems).
    #[wasm_bindgen(constructor)]
    pub fn new(text: &str) -> Diagram {
        let loaded = load(text);
        Diagram {
            definition: loaded.definition,
            problems: loaded.problems,
            game: loaded.game,
            thinker: None,
        }
    }

    /// Board size, appearance, pieces, problems and rules the page needs, as JSON.
    pub fn info(&self) -> String {
        let d = &self.definition;
        let a = d.appearance();
        let variant = self.game.as_ref().map(|g| g.variant.clone());
        let pieces: Vec<PieceInfo> = d
            .pieces
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let vp = variant.as_ref().and_then(|v| v.pieces.get(i));
                PieceInfo {
                    index: i,
                    name: p.name.clone(),
                    id: p.id.clone(),
                    betza: p.betza.clone(),
                    image: p.image.clone(),
                    images: a
                        .graphics_dir
                        .is_some()
                        .then(|| Color::BOTH.map(|c| d.image_file(i, c).unwrap_or_default())),
                    royal: d.royal.contains(&i),
                    promoted: vp.and_then(|p| p.promoted),
                    demoted: vp.and_then(|p| p.demoted),
                    promotes: vp.is_some_and(|p| p.promotes),
                }
            })
            .collect();
        json!({
            "files": d.files,
            "ranks": d.ranks,
            "holes": d.holes.iter().map(|c| [c.file, c.rank]).collect::<Vec<_>>(),
            "appearance": {
                "squareSize": a.square_size,
                "graphicsDir": a.graphics_dir,
                "graphicsType": a.graphics_type,
                "lightShade": a.light_shade,
                "darkShade": a.dark_shade,
                "startShade": a.start_shade,
                "rimColor": a.rim_color,
                "coordColor": a.coord_color,
                "firstRank": a.first_rank,
                "borders": a.borders,
                "background": a.background,
                "holeColor": a.hole_color,
                "useMarkers": a.use_markers,
                "satellite": a.satellite,
                "freeMode": a.free_mode,
                "aiTime": a.ai_time,
            },
            "pieces": pieces,
            "problems": self.problems.iter().map(problem).collect::<Vec<_>>(),
            "playable": self.game.is_some(),
            "holdings": variant.as_ref().is_some_and(|v| v.has_holdings()),
            "drops": variant.as_ref().is_some_and(|v| v.drops),
            "shuffles": self.game.as_ref().is_some_and(|g| g.shuffles()),
            "enableAI": d.rules.enable_ai,
            "promoOffset": d.promo_offset,
        })
        .to_string()
    }

    /// The current board, hands, side to move, FEN, record place and game outlook.
    pub fn state(&mut self) -> String {
        match self.game.as_mut() {
            Some(g) => serde_json::to_string(&g.state()).unwrap_or_default(),
            None => json!({ "ok": false, "error": NO_GAME }).to_string(),
        }
    }

    /// The moves of the piece on a square, with the squares to highlight.
    pub fn pick(&self, file: i32, rank: i32) -> String {
        let Some(g) = self.game.as_ref() else {
            return json!({ "moves": [], "marks": [] }).to_string();
        };
        let p = g
            .square(file, rank)
            .map(|sq| g.pick(sq))
            .unwrap_or_default();
        serde_json::to_string(&p).unwrap_or_default()
    }

    /// The moves of the piece on a square and the squares to highlight after the squares
    /// `entered` (file, rank pairs, flat) of a multi-leg move were clicked.
    pub fn pick_after(&self, file: i32, rank: i32, entered: &[i32]) -> String {
        let Some(g) = self.game.as_ref() else {
            return json!({ "moves": [], "marks": [] }).to_string();
        };
        let squares: Option<Vec<usize>> = entered
            .chunks(2)
            .map(|p| g.square(p[0], *p.get(1)?))
            .collect();
        let p = match (g.square(file, rank), squares) {
            (Some(sq), Some(entered)) => g.pick_after(sq, &entered),
            _ => Default::default(),
        };
        serde_json::to_string(&p).unwrap_or_default()
    }

    /// The drops of a piece type from the hand of the side to move.
    pub fn pick_hand(&self, piece: u32) -> String {
        let Some(g) = self.game.as_ref() else {
            return json!({ "moves": [], "marks": [] }).to_string();
        };
        serde_json::to_string(&g.pick_hand(piece as usize)).unwrap_or_default()
    }

    /// Play a legal move in coordinate notation: `{ok, san}` or `{ok: false, error}`.
    pub fn play(&mut self, uci: &str) -> String {
        ok_or_error(
            self.game
                .as_mut()
                .ok_or_else(|| NO_GAME.to_string())
                .and_then(|g| g.play(uci))
                .map(|san| json!({ "ok": true, "san": san })),
        )
    }

    /// Why the rules refuse the move `uci` of a piece of colour `color`: `{ok: true}` when the
    /// side to move may play it, else `{ok: false, error}` with the reason in words.
    pub fn refusal(&mut self, uci: &str, color: u8) -> String {
        let why = match self.game.as_mut() {
            Some(g) => g.refusal(uci, self::color(color)),
            None => Some(NO_GAME.to_string()),
        };
        match why {
            None => json!({ "ok": true }).to_string(),
            Some(e) => json!({ "ok": false, "error": e }).to_string(),
        }
    }

    /// Why the rules refuse dropping piece type `piece` of colour `color` on a square: as
    /// [`refusal`](Self::refusal), also for drops no rule-abiding move list contains.
    pub fn drop_refusal(&mut self, piece: u32, color: u8, file: i32, rank: i32) -> String {
        let why = match self.game.as_mut() {
            Some(g) => match g.square(file, rank) {
                Some(sq) => g.drop_refusal(piece as usize, self::color(color), sq),
                None => Some("not a square of the board".to_string()),
            },
            None => Some(NO_GAME.to_string()),
        };
        match why {
            None => json!({ "ok": true }).to_string(),
            Some(e) => json!({ "ok": false, "error": e }).to_string(),
        }
    }

    /// Free mode: a move of the piece colour `color` regardless of turn and legality.
    pub fn play_free(&mut self, uci: &str, color: u8) -> String {
        ok_or_error(
            self.game
                .as_mut()
                .ok_or_else(|| NO_GAME.to_string())
                .and_then(|g| g.play_free(uci, self::color(color)))
                .map(|san| json!({ "ok": true, "san": san })),
        )
    }

    /// Free mode: move whatever stands on one square to another.
    pub fn relocate(&mut self, ff: i32, fr: i32, tf: i32, tr: i32) -> String {
        ok_or_error(
            self.game
                .as_mut()
                .ok_or_else(|| NO_GAME.to_string())
                .and_then(|g| {
                    let from = g.square(ff, fr).ok_or("not a square of the board")?;
                    let to = g.square(tf, tr).ok_or("not a square of the board")?;
                    g.relocate(from, to).map(|_| json!({ "ok": true }))
                }),
        )
    }

    /// Free mode: put a piece (`piece < 0`: nothing) of `color` on a square, from the hand
    /// when `from_hand` (a piece of the same colour there returns to the hand).
    pub fn place(
        &mut self,
        piece: i32,
        color: u8,
        file: i32,
        rank: i32,
        from_hand: bool,
    ) -> String {
        ok_or_error(
            self.game
                .as_mut()
                .ok_or_else(|| NO_GAME.to_string())
                .and_then(|g| {
                    let sq = g.square(file, rank).ok_or("not a square of the board")?;
                    let t = (piece >= 0).then_some(piece as usize);
                    g.place(t, self::color(color), sq, from_hand)
                        .map(|_| json!({ "ok": true }))
                }),
        )
    }

    pub fn fen(&self) -> String {
        self.game
            .as_ref()
            .map(|g| g.position().to_fen())
            .unwrap_or_default()
    }

    /// Set up a position from a FEN (the record starts there).
    pub fn set_fen(&mut self, fen: &str) -> String {
        ok_or_error(
            self.game
                .as_mut()
                .ok_or_else(|| NO_GAME.to_string())
                .and_then(|g| g.set_fen(fen))
                .map(|_| json!({ "ok": true })),
        )
    }

    /// Show the position after `ply` moves of the record.
    pub fn goto(&mut self, ply: u32) {
        if let Some(g) = self.game.as_mut() {
            g.goto(ply as usize);
        }
    }

    /// A new game; for a shuffle game, a start position chosen by `seed` (its number shows
    /// as `{n}` in the record).
    pub fn restart(&mut self, seed: u32) {
        if let Some(g) = self.game.as_mut() {
            g.restart_random(u64::from(seed));
            self.thinker = None;
        }
    }

    /// The game record in readable notation.
    pub fn record(&self) -> String {
        self.game
            .as_ref()
            .map(|g| g.record_text())
            .unwrap_or_default()
    }

    /// Replay a pasted game record: `{ok, played}` or `{ok: false, error, played}`.
    pub fn load_record(&mut self, text: &str) -> String {
        let Some(g) = self.game.as_mut() else {
            return json!({ "ok": false, "error": NO_GAME }).to_string();
        };
        match g.load_record(text) {
            Ok(n) => json!({ "ok": true, "played": n }).to_string(),
            Err(e) => json!({ "ok": false, "error": e, "played": g.ply() }).to_string(),
        }
    }

    /// The licensed art of every piece type in a catalogue variant (`""`: none), as a JSON
    /// list in piece order of [`piece_art`] entries.
    pub fn art(&self, variant: &str) -> String {
        let list: Vec<serde_json::Value> = self
            .definition
            .pieces
            .iter()
            .map(|p| art_entry(&p.name, &p.id, &p.image, variant))
            .collect();
        serde_json::to_string(&list).unwrap_or_default()
    }

    /// The legal moves of the side to move, in coordinate notation (JSON list).
    pub fn legal_moves(&mut self) -> String {
        let list = self
            .game
            .as_mut()
            .map(|g| g.legal_uci())
            .unwrap_or_default();
        serde_json::to_string(&list).unwrap_or_default()
    }

    /// A move diagram of one piece type alone on the board; `hover_file < 0` for none;
    /// `black` for Black's direction of the moves.
    pub fn move_diagram(
        &self,
        piece: u32,
        hover_file: i32,
        hover_rank: i32,
        black: bool,
    ) -> String {
        ok_or_error(
            self.game
                .as_ref()
                .ok_or_else(|| NO_GAME.to_string())
                .and_then(|g| {
                    let hover = g.square(hover_file, hover_rank);
                    g.move_diagram(piece as usize, hover, black)
                        .map(|d| serde_json::to_value(d).unwrap_or_default())
                }),
        )
    }

    /// The engine's move (fairyboard-ai's search) for the side to move within about `ms`
    /// milliseconds, in coordinate notation; empty when there is none. `seed` varies the
    /// order of equal moves.
    pub fn think(&mut self, ms: u32, seed: u32) -> String {
        let Some(g) = self.game.as_mut() else {
            return String::new();
        };
        let thinker = self.thinker.get_or_insert_with(|| {
            Thinker::new(Options {
                hash_mb: 8,
                seed: u64::from(seed),
                ..Options::default()
            })
        });
        let variant = g.variant.clone();
        let limits = Limits::movetime(f64::from(ms.max(1)));
        // The search makes and unmakes moves on its own copy; the game's history comes with
        // it, as the protocols pass theirs.
        let result = thinker.search(g.position(), g.hashes(), &limits, &mut WallClock);
        result.best.map(|m| variant.uci(&m)).unwrap_or_default()
    }

    /// The number of move paths of `depth` plies from the current position (perft): lets a
    /// page measure move generation speed in WebAssembly against the native build. Under
    /// the core's work budget: a depth over `limits::MAX_PERFT_DEPTH`, or a count past
    /// `limits::MAX_PERFT_PATHS`, throws an error naming the bound (instead of freezing the
    /// page), as does a definition that could not be compiled.
    pub fn perft(&mut self, depth: u32) -> Result<f64, String> {
        let game = self.game.as_mut().ok_or_else(|| NO_GAME.to_string())?;
        fairyboard_core::limits::perft_depth(depth)
            .and_then(|d| {
                fairyboard_core::perft::perft_within(
                    game.position_mut(),
                    d,
                    fairyboard_core::limits::MAX_PERFT_PATHS,
                )
            })
            .map(|n| n as f64)
            .map_err(|e| e.to_string())
    }

    /// The record's start (a [`Setup`](fairyboard_core::Setup): pieces by type index, not
    /// FEN, so types sharing an ID stay apart) and its moves up to the current position:
    /// `{deal, start, moves: [uci...]}` (what the AI worker replays).
    pub fn line(&self) -> String {
        self.game
            .as_ref()
            .and_then(|g| serde_json::to_string(&g.line()).ok())
            .unwrap_or_default()
    }

    /// Set up the position of a [`line`](Self::line): its start, then its moves.
    pub fn set_line(&mut self, line: &str) -> String {
        let parsed: Result<game::Line, _> = serde_json::from_str(line);
        ok_or_error(
            self.game
                .as_mut()
                .ok_or_else(|| NO_GAME.to_string())
                .and_then(|g| {
                    let line = parsed.map_err(|e| format!("line: {e}"))?;
                    g.set_line(&line)?;
                    Ok(json!({ "ok": true }))
                }),
        )
    }
}

/// The definition model of a text, for an editor (the Design Wizard loads a pasted
/// definition through it): `{definition, promoChoice, morphs, diagnostics}`. `definition` is
/// the parser's resolved [`Definition`] as serde data (defaults filled in: IDs, moves, royal
/// types, Black's squares); `promoChoice` is the `promoChoice` value as written (`null`
/// when the text has none, so the format's default stays a default); `morphs` each piece's
/// zones (`morph=`) as text or `null`; `diagnostics` the parser's findings.
///
/// ```
/// let j: serde_json::Value = serde_json::from_str(&fairyboard_wasm::definition_model(
///     "files=6\nranks=6\nrook::::a1-c1\nmorph=K\nking::KisO2::e1\n",
/// ))
/// .unwrap();
/// let d = &j["definition"];
/// assert_eq!(d["pieces"][0]["white"].as_array().unwrap().len(), 3);
/// // Black's squares, derived by the default symmetry (mirror): e1 -> e6.
/// assert_eq!(d["pieces"][1]["black"][0], serde_json::json!({ "file": 4, "rank": 5 }));
/// // Without `royal=`, the last type is royal; the ID defaults to the name's initial.
/// assert_eq!((&d["royal"], &d["pieces"][0]["id"]), (&serde_json::json!([1]), &serde_json::json!("R")));
/// assert_eq!(j["promoChoice"], serde_json::Value::Null);
/// assert_eq!(j["morphs"], serde_json::json!(["K", null]));
/// ```
#[wasm_bindgen]
pub fn definition_model(text: &str) -> String {
    let parsed = idiagram::parse(text);
    let d = &parsed.definition;
    let promo_choice = parsed
        .all_params
        .iter()
        .rev()
        .find(|p| p.key == "promoChoice")
        .map(|p| p.value.trim());
    let morphs: Vec<Option<String>> = d
        .pieces
        .iter()
        .map(|p| p.morph.as_ref().map(|m| m.to_text()))
        .collect();
    json!({
        "definition": d,
        "promoChoice": promo_choice,
        "morphs": morphs,
        "diagnostics": parsed.diagnostics.iter().map(problem).collect::<Vec<_>>(),
    })
    .to_string()
}

/// The display parameters the definition wizard edits with fields of its own (a JSON array of
/// names): the parameter table's [`form_field`](idiagram::Parameter::form_field) marks, so
/// the page keeps a loaded definition's other display lines and replaces just these.
///
/// ```
/// let keys: Vec<String> = serde_json::from_str(&fairyboard_wasm::form_parameters()).unwrap();
/// assert!(keys.iter().any(|k| k == "lightShade"));
/// assert!(!keys.iter().any(|k| k == "coordColor")); // no field for it: kept as written
/// ```
#[wasm_bindgen]
pub fn form_parameters() -> String {
    let keys: Vec<&str> = idiagram::parameters()
        .iter()
        .filter(|p| p.form_field)
        .map(|p| p.name)
        .collect();
    json!(keys).to_string()
}

/// The edits an editor sends [`write_definition`].
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct Edited {
    definition: Definition,
    /// The `promoChoice` value as the editor holds it (`null`: the format's default).
    promo_choice: Option<String>,
    /// Each piece's zones (`morph=`) as text, `null` for none.
    morphs: Vec<Option<String>>,
    /// Further parameter lines, as typed.
    extra: Vec<String>,
}

/// Write an edited definition model as definition text: the JSON of
/// `{definition, promoChoice, morphs, extra}` (`definition` as [`definition_model`] gives
/// it) in, `{ok, text, pieceLines}` out, or `{ok: false, error}`. The text is the
/// definition's canonical form ([`Definition::to_text`]) with the symmetry Black's squares
/// and the holes follow (`mirror`, `rotate`, else `none`), and the editor's own text for
/// `promoChoice`, the zones and the further lines; `pieceLines` gives each piece's line.
///
/// ```
/// let model = serde_json::json!({
///     "definition": { "files": 4, "ranks": 4, "royal": [0], "pieces": [
///         { "name": "king", "id": "K", "betza": "K", "image": "king",
///           "white": [{ "file": 0, "rank": 0 }], "black": [{ "file": 3, "rank": 3 }] }
///     ] },
///     "promoChoice": null, "morphs": [null], "extra": ["lightShade=#ffffff"],
/// });
/// let out: serde_json::Value =
///     serde_json::from_str(&fairyboard_wasm::write_definition(&model.to_string())).unwrap();
/// // a1 and d4: Black's king is White's turned half round.
/// assert_eq!(
///     out["text"],
///     "files=4\nranks=4\nsymmetry=rotate\npromoZone=1\nmaxPromote=1\nroyal=1\n\
///      lightShade=#ffffff\nking:K:K::a1\n"
/// );
/// assert_eq!(out["pieceLines"], serde_json::json!([8]));
/// ```
#[wasm_bindgen]
pub fn write_definition(edited: &str) -> String {
    ok_or_error(
        serde_json::from_str::<Edited>(edited)
            .map_err(|e| format!("definition model: {e}"))
            .map(|mut e| {
                e.definition.fit_symmetry();
                let text = e.definition.to_text_with(&idiagram::TextEdits {
                    promo_choice: Some(e.promo_choice.as_deref()),
                    morphs: Some(&e.morphs),
                    extra: &e.extra,
                });
                let lines: Vec<usize> = idiagram::parse(&text)
                    .definition
                    .pieces
                    .iter()
                    .map(|p| p.line)
                    .collect();
                json!({ "ok": true, "text": text, "pieceLines": lines })
            }),
    )
}

/// The licensed art of one piece in a catalogue variant (`""`: none), by the rule the
/// server's diagrams follow ([`fairyboard_art::resolve`]: by name, image root and alias,
/// never by ID letter for a named piece): `{"svg": {"white", "black"}, "letter"}` with paths
/// inside `art/`, `svg` null when there is none; `letter` is what the disc shows, drawn also
/// when a picture fails to load. The Design Wizard asks per piece (it has no compiled
/// definition yet).
///
/// ```
/// let nuke: serde_json::Value =
///     serde_json::from_str(&fairyboard_wasm::piece_art("Nuke", "N", "Nuke", "")).unwrap();
/// assert_eq!(nuke, serde_json::json!({ "svg": null, "letter": "N" }));
/// ```
#[wasm_bindgen]
pub fn piece_art(name: &str, id: &str, image: &str, variant: &str) -> String {
    art_entry(name, id, image, variant).to_string()
}

fn art_entry(name: &str, id: &str, image: &str, variant: &str) -> serde_json::Value {
    let variant = (!variant.is_empty()).then_some(variant);
    let svg = match fairyboard_art::resolve(name, id, image, variant) {
        fairyboard_art::Art::Svg { white, black } => json!({ "white": white, "black": black }),
        fairyboard_art::Art::Disc(_) => serde_json::Value::Null,
    };
    json!({ "svg": svg, "letter": fairyboard_art::disc_letter(name, id).to_string() })
}

/// The key under a move diagram: `[[name, meaning], …]` in the key's order, the core's
/// [`Symbol::KEY`](fairyboard_core::marks::Symbol::KEY). The names are the diagram's CSS
/// classes without `idg-` (`both slide`), the meanings the words the rules page's legend
/// uses too, so the browser and the page explain a symbol alike.
#[wasm_bindgen]
pub fn mark_key() -> String {
    let key: Vec<(String, &str)> = fairyboard_core::marks::Symbol::KEY
        .iter()
        .map(|s| (s.name(), s.meaning()))
        .collect();
    json!(key).to_string()
}

/// The search's clock: the browser's `Date.now()` in WebAssembly, the system clock natively.
struct WallClock;

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = Date, js_name = now)]
    fn date_now() -> f64;
}

impl Control for WallClock {
    #[cfg(target_arch = "wasm32")]
    fn now_ms(&mut self) -> f64 {
        date_now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    fn now_ms(&mut self) -> f64 {
        use std::sync::OnceLock;
        use std::time::Instant;
        static ORIGIN: OnceLock<Instant> = OnceLock::new();
        ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
    }
}
