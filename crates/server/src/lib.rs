//! The catalogue as a website: `fairyboard serve`.
//!
//! | route | what |
//! |---|---|
//! | `GET /` | the catalogue: thumbnails, sizes, piece counts, a search box |
//! | `GET /variants/NAME` | live diagram, generated rules page and definition of a variant |
//! | `GET /wizard` | Design Wizard (`web/wizard.html`): board, rules, pieces, setup by clicks, live diagram, HTML to copy |
//! | `GET /editor` | Fairy-FEN editor: type a position, see the image, copy the link |
//! | `GET /d?ff=FFEN&…` | a diagram image, PNG (`fmt=svg`: SVG); `variant=NAME[&fen=FEN]` draws a game position |
//! | `GET /api/variants` | the catalogue as JSON |
//! | `GET /api/variants/NAME` | definition, pieces and start FEN |
//! | `GET /api/pieces` | every catalogue piece type, one per name and move (the wizard's picker) |
//! | `GET /api/moves?variant=NAME[&fen=FEN]` | legal moves in the core's notation |
//! | `GET /api/rules/NAME` | the analysed rules (what the rules page shows) |
//! | `POST /api/check` | a definition text in, its errors, warnings and start FEN out |
//! | `/web/…`, `/art/…` | the live diagram's modules and the piece art, as files, readable from any origin (CORS) |
//!
//! Bad requests get a 4xx whose message names the parameter and the reason (JSON on
//! `/api`, text elsewhere); requests longer than [`MAX_QUERY`] are refused (413) before any
//! work is done, and variant names are checked against the catalogue's name rules so a
//! URL can never reach outside the catalogue folder.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let app = fairyboard_server::router(fairyboard_server::Config::default());
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! axum::serve(listener, app).await
//! # }
//! ```

mod api;
mod image;
mod pages;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use axum::extract::Request;
use axum::http::{header, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use fairyboard_core::{catalogue, Variant};
use fairyboard_render::rules_page::{self, Rules};
use tower_http::services::ServeDir;

/// Longest request target (path and query) accepted: any Fairy-FEN the renderer takes
/// (32 KB) fits, percent-encoded or not, with room for the style parameters.
pub const MAX_QUERY: usize = 40 * 1024;
/// Longest request body (`POST /api/check`, a definition): the core's work budget for a
/// definition.
pub const MAX_BODY: usize = fairyboard_core::limits::MAX_DEFINITION_BYTES;

/// Where the server finds its files.
#[derive(Clone, Debug)]
pub struct Config {
    /// The live diagram's modules (`web/`), served at `/web/`.
    pub web_dir: PathBuf,
    /// The piece art (`art/`), served at `/art/`.
    pub art_dir: PathBuf,
}

impl Default for Config {
    /// `$FAIRYBOARD_WEB` / `$FAIRYBOARD_ART`, else `./web` / `./art`, else the source tree's.
    fn default() -> Config {
        let find = |var: &str, local: &str| -> PathBuf {
            if let Some(d) = std::env::var_os(var) {
                return PathBuf::from(d);
            }
            let p = PathBuf::from(local);
            if p.is_dir() {
                return p;
            }
            Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../..")
                .join(local)
        };
        Config {
            web_dir: find("FAIRYBOARD_WEB", "web"),
            art_dir: find("FAIRYBOARD_ART", "art"),
        }
    }
}

/// One loaded catalogue entry.
pub(crate) struct Entry {
    pub name: String,
    pub text: String,
    pub variant: Arc<Variant>,
}

impl Entry {
    /// The definition's `title=`, else its `# name:` line, else the catalogue name.
    pub fn title(&self) -> String {
        self.variant
            .about
            .title
            .clone()
            .unwrap_or_else(|| title_of(&self.name, &self.text))
    }
}

pub(crate) fn title_of(name: &str, text: &str) -> String {
    text.lines()
        .find_map(|l| l.strip_prefix("# name:"))
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| rules_page::title(name))
}

/// Shared state: rules analyses are slow enough (a second for big games) to keep.
#[derive(Default)]
pub(crate) struct State {
    rules: Mutex<HashMap<(String, u64), Arc<Rules>>>,
}

pub(crate) type Shared = Arc<State>;

/// A client error: status, the parameter at fault and why.
#[derive(Debug)]
pub(crate) struct Problem {
    pub status: StatusCode,
    pub parameter: String,
    pub message: String,
    pub json: bool,
}

impl Problem {
    pub fn bad(parameter: &str, message: impl Into<String>) -> Problem {
        Problem {
            status: StatusCode::BAD_REQUEST,
            parameter: parameter.into(),
            message: message.into(),
            json: false,
        }
    }
    pub fn not_found(parameter: &str, message: impl Into<String>) -> Problem {
        Problem {
            status: StatusCode::NOT_FOUND,
            ..Problem::bad(parameter, message)
        }
    }
    pub fn json(mut self) -> Problem {
        self.json = true;
        self
    }
}

impl IntoResponse for Problem {
    fn into_response(self) -> Response {
        if self.json {
            let body = serde_json::json!({
                "error": self.message,
                "parameter": self.parameter,
            });
            (self.status, axum::Json(body)).into_response()
        } else {
            (
                self.status,
                [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
                format!("{}: {}\n", self.parameter, self.message),
            )
                .into_response()
        }
    }
}

/// Load a catalogue entry by its URL name (never a path).
pub(crate) fn load(name: &str) -> Result<Entry, Problem> {
    if !catalogue::is_valid_name(name) {
        return Err(Problem::bad(
            "variant",
            format!(
                "'{}' is not a catalogue name (lower-case letters, digits, '-' and '_')",
                clip(name)
            ),
        ));
    }
    let (name, text) = catalogue::read(name).map_err(|e| match e {
        catalogue::LoadError::NotFound(n) => {
            Problem::not_found("variant", format!("no variant '{n}' in the catalogue"))
        }
        other => Problem {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            ..Problem::bad("variant", other.to_string())
        },
    })?;
    let (variant, _) = Variant::from_definition(&name, &text).map_err(|errs| Problem {
        status: StatusCode::INTERNAL_SERVER_ERROR,
        ..Problem::bad(
            "variant",
            format!(
                "the catalogue's definition of '{name}' has errors: {}",
                errs.join("; ")
            ),
        )
    })?;
    Ok(Entry {
        name,
        text,
        variant: Arc::new(variant),
    })
}

/// The rules analysis of an entry, computed once per definition text.
pub(crate) async fn rules_of(state: &Shared, entry: Arc<Entry>) -> Arc<Rules> {
    let key = (entry.name.clone(), fnv(entry.text.as_bytes()));
    if let Some(r) = state.rules.lock().ok().and_then(|m| m.get(&key).cloned()) {
        return r;
    }
    let e = entry.clone();
    let rules = tokio::task::spawn_blocking(move || Arc::new(rules_page::analyse(&e.variant)))
        .await
        .unwrap_or_else(|_| Arc::new(rules_page::analyse(&entry.variant)));
    if let Ok(mut m) = state.rules.lock() {
        m.insert(key, rules.clone());
    }
    rules
}

/// FNV-1a, 64 bits: stable across runs and builds, for ETags and cache keys.
pub(crate) fn fnv(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// At most 60 characters of client text, for messages.
pub(crate) fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(60).collect();
    if s.chars().count() > 60 {
        out.push('…');
    }
    out
}

/// Refuse over-long request targets before any handler runs.
async fn limit_target(req: Request, next: Next) -> Response {
    let len = req.uri().path_and_query().map_or(0, |pq| pq.as_str().len());
    if len > MAX_QUERY {
        return (
            StatusCode::PAYLOAD_TOO_LARGE,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            format!("(query): the request target is {len} bytes, more than {MAX_QUERY}\n"),
        )
            .into_response();
    }
    next.run(req).await
}

/// `/web/` and `/art/` may be read by pages of any origin: an author's page elsewhere
/// includes `/web/dist/idiagram.js`, which imports modules, fetches the WebAssembly and the
/// art index, and starts its AI worker from here — all requests the browser makes in CORS
/// mode. The files are public and carry no credentials, so `*` is safe.
async fn open_to_all_origins(req: Request, next: Next) -> Response {
    let shared = {
        let path = req.uri().path();
        path.starts_with("/web/") || path.starts_with("/art/")
    };
    let mut resp = next.run(req).await;
    if shared {
        resp.headers_mut().insert(
            header::ACCESS_CONTROL_ALLOW_ORIGIN,
            header::HeaderValue::from_static("*"),
        );
    }
    resp
}

async fn not_found() -> Problem {
    Problem::not_found("(path)", "no such page")
}

/// The whole site.
pub fn router(config: Config) -> Router {
    let state: Shared = Arc::new(State::default());
    Router::new()
        .route("/", get(pages::home))
        .route("/variants/{name}", get(pages::variant))
        .route("/wizard", get(pages::wizard))
        .route("/editor", get(pages::editor))
        .route("/d", get(image::diagram))
        .route("/favicon.ico", get(image::favicon))
        .route("/api/variants", get(api::variants))
        .route("/api/variants/{name}", get(api::variant))
        .route("/api/pieces", get(api::pieces))
        .route("/api/moves", get(api::moves))
        .route("/api/rules/{name}", get(api::rules))
        .route("/api/check", post(api::check))
        .nest_service("/web", ServeDir::new(&config.web_dir))
        .nest_service("/art", ServeDir::new(&config.art_dir))
        .fallback(not_found)
        .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn(limit_target))
        .layer(middleware::from_fn(open_to_all_origins))
        .with_state(state)
}

/// Serve on a bound listener until Ctrl-C.
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    axum::serve(listener, router(config))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
}
