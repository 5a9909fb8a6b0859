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
//! | `/web/…`, `/art/…` | the live diagram's modules and the piece art, as files, readable from any origin (CORS); never `web/tests/` |
//! | `GET /site/home.js`, `/site/editor.js` | the pages' own scripts |
//!
//! Bad requests get a 4xx whose message names the parameter and the reason (JSON on
//! `/api`, text elsewhere); requests longer than [`MAX_QUERY`] and bodies longer than
//! [`MAX_BODY`] are refused (413) before any work is done, and variant names resolve only
//! among the catalogue folder's entries (compiled once, see `catalogue.rs`).
//!
//! Staying up: CPU work runs off the async workers under a worker and a pixel budget with a
//! time limit (`work.rs`, 503 past it); connections have header, idle and body timeouts
//! ([`serve`]); pages carry a Content-Security-Policy and a framing rule, everything
//! `nosniff`; each request logs one `access method=… path=… status=… ms=…` line to stderr.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let app = fairyboard_server::router(fairyboard_server::Config::default());
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! axum::serve(listener, app).await
//! # }
//! ```

mod api;
mod catalogue;
mod image;
mod layers;
mod pages;
mod work;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use fairyboard_render::rules_page::{self, Rules};
use tokio::sync::OnceCell;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::services::ServeDir;
use tower_http::timeout::RequestBodyTimeoutLayer;

use crate::catalogue::{Catalogue, Entry};
use crate::work::Budget;

/// Longest request target (path and query) accepted: any Fairy-FEN the renderer takes
/// (32 KB) fits, percent-encoded or not, with room for the style parameters.
pub const MAX_QUERY: usize = 40 * 1024;
/// Longest request body (`POST /api/check`, a definition): the core's work budget for a
/// definition. A larger `Content-Length` is refused (413) before the body is read.
pub const MAX_BODY: usize = fairyboard_core::limits::MAX_DEFINITION_BYTES;
/// Most errors (and, separately, warnings) `POST /api/check` lists; the answer counts the
/// rest (`more_errors`, `more_warnings`), so a small body cannot ask for megabytes.
pub const MAX_DIAGNOSTICS: usize = 100;

/// Where the server finds its files, and its budgets.
#[derive(Clone, Debug)]
pub struct Config {
    /// The live diagram's modules (`web/`), served at `/web/` (but never its `tests/`).
    pub web_dir: PathBuf,
    /// The piece art (`art/`), served at `/art/`.
    pub art_dir: PathBuf,
    /// The catalogue folder: the only place variant names in URLs resolve.
    pub variants_dir: PathBuf,
    /// CPU jobs (parsing, move generation, rules analyses) running at once.
    pub workers: usize,
    /// Jobs on long inputs (a FEN or definition over 4 KB) running at once: fewer than the
    /// cores, so a flood of them leaves ordinary requests a core.
    pub heavy_workers: usize,
    /// Pixels being drawn at once over all `/d` requests; also the largest image served.
    pub render_pixels: u64,
    /// Time a request's work may take, waiting for a worker included (then 503).
    pub work_budget: Duration,
    /// Time a client has to send a request's headers, and to start the next request on a
    /// kept-alive connection; then the connection is closed.
    pub header_timeout: Duration,
    /// Time a client has to send a request body (then 408).
    pub body_timeout: Duration,
    /// Write the `access …` line per request to stderr. Off only where requests come by
    /// the million and no one reads the log (the `api` fuzz target); server-side errors
    /// are logged either way.
    pub access_log: bool,
}

/// Pixels of the largest image the renderer draws (a 64×64 board at the largest squares):
/// drawing it peaks at about 250 MB, so a budget of this many pixels in flight keeps any mix
/// of images, with the rest of the server and the finished images being sent, under 1 GB.
pub const RENDER_PIXELS: u64 = fairyboard_render::render::MAX_IMAGE_PIXELS;

impl Default for Config {
    /// `$FAIRYBOARD_WEB` / `$FAIRYBOARD_ART`, else `./web` / `./art`, else the source tree's;
    /// the catalogue folder of [`fairyboard_core::catalogue::dir`]; four workers per core,
    /// one heavy worker per two cores;
    /// a render budget of [`RENDER_PIXELS`]; 10 s of work, 10 s for headers and bodies.
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
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Config {
            web_dir: find("FAIRYBOARD_WEB", "web"),
            art_dir: find("FAIRYBOARD_ART", "art"),
            variants_dir: fairyboard_core::catalogue::dir(),
            workers: 4 * cores,
            heavy_workers: (cores / 2).max(1),
            render_pixels: RENDER_PIXELS,
            work_budget: Duration::from_secs(10),
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            access_log: true,
        }
    }
}

pub(crate) fn title_of(name: &str, text: &str) -> String {
    text.lines()
        .find_map(|l| l.strip_prefix("# name:"))
        .map(|t| t.trim().to_string())
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| rules_page::title(name))
}

/// Rules analyses by (name, definition hash): slow enough (a second for big games) to keep.
type RulesCache = Arc<Mutex<HashMap<(String, u64), Arc<Rules>>>>;

/// Shared state: the compiled catalogue, the rules analyses, the work budget.
pub(crate) struct State {
    variants_dir: PathBuf,
    catalogue: OnceCell<Arc<Catalogue>>,
    rules: RulesCache,
    pub budget: Budget,
}

pub(crate) type Shared = Arc<State>;

impl State {
    /// The catalogue, compiled on first use (off the async workers) and then kept.
    pub async fn catalogue(&self) -> Arc<Catalogue> {
        self.catalogue
            .get_or_init(|| async {
                let dir = self.variants_dir.clone();
                let loaded = tokio::task::spawn_blocking(move || Catalogue::load(&dir)).await;
                Arc::new(loaded.unwrap_or_else(|e| {
                    layers::log_error("(catalogue)", &e.to_string());
                    Catalogue::default()
                }))
            })
            .await
            .clone()
    }

    /// The catalogue entry a URL names (never a file outside the catalogue).
    pub async fn entry(&self, name: &str) -> Result<Arc<Entry>, Problem> {
        self.catalogue().await.get(name)
    }

    /// The rules analysis of an entry, computed once per definition text. A job past the
    /// time budget still finishes and fills the cache, so asking again succeeds.
    pub async fn rules(&self, entry: Arc<Entry>) -> Result<Arc<Rules>, Problem> {
        let key = (entry.name.clone(), entry.text_hash);
        if let Some(r) = self.rules.lock().ok().and_then(|m| m.get(&key).cloned()) {
            return Ok(r);
        }
        let cache = self.rules.clone();
        self.budget
            .cpu(move || {
                let rules = Arc::new(rules_page::analyse(&entry.variant));
                if let Ok(mut m) = cache.lock() {
                    m.insert(key, rules.clone());
                }
                rules
            })
            .await
    }
}

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
        if self.status.is_server_error() {
            layers::log_error(&self.parameter, &self.message);
        }
        let mut resp = if self.json {
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
        };
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            resp.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        resp
    }
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

async fn not_found() -> Problem {
    Problem::not_found("(path)", "no such page")
}

/// The whole site.
pub fn router(config: Config) -> Router {
    let state: Shared = Arc::new(State {
        variants_dir: config.variants_dir.clone(),
        catalogue: OnceCell::new(),
        rules: RulesCache::default(),
        budget: Budget::new(
            config.workers,
            config.heavy_workers,
            config.render_pixels,
            config.work_budget,
        ),
    });
    let app = Router::new()
        .route("/", get(pages::home))
        .route("/variants/{name}", get(pages::variant))
        .route("/wizard", get(pages::wizard))
        .route("/editor", get(pages::editor))
        .route("/site/{file}", get(pages::script))
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
        .layer(RequestBodyLimitLayer::new(MAX_BODY))
        .layer(RequestBodyTimeoutLayer::new(config.body_timeout))
        .layer(middleware::from_fn(layers::limit_target))
        .layer(middleware::from_fn(layers::hide_test_folders))
        .layer(middleware::from_fn(layers::open_to_all_origins))
        .layer(middleware::from_fn(layers::security_headers));
    let app = if config.access_log {
        app.layer(middleware::from_fn(layers::access_log))
    } else {
        app
    };
    app.with_state(state)
}

/// Serve on a bound listener until Ctrl-C (SIGINT) or SIGTERM, then drain: see
/// [`serve_until`].
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    serve_until(listener, config, stop_signal()).await
}

/// Serve on a bound listener until `stop` completes. Each connection gets
/// [`Config::header_timeout`] to send its headers and, when kept alive, to start the next
/// request (so idle and trickling connections are closed), and lives at most
/// [`MAX_CONNECTION_LIFETIME`]; beyond [`MAX_CONNECTIONS`] open connections new ones are
/// closed at once instead of queueing.
///
/// Stopping drains rather than cuts: the listener is closed first (new connections are
/// refused), every connection finishes the request it is in and is closed (idle kept-alive
/// ones at once), and after at most [`DRAIN_TIME`] the function returns `Ok` — so a
/// deployment's restart does not turn the requests in flight into errors.
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    config: Config,
    stop: impl std::future::Future<Output = ()>,
) -> std::io::Result<()> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use tower::Service as _;

    let header_timeout = config.header_timeout;
    let app = router(config);
    let open = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    let (draining, drain) = tokio::sync::watch::channel(false);
    tokio::pin!(stop);
    loop {
        let (stream, _peer) = tokio::select! {
            _ = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(c) => c,
                Err(e) => {
                    // Out of descriptors, or a connection reset before it was accepted:
                    // back off a moment rather than spin.
                    layers::log_error("(accept)", &e.to_string());
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            },
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let app = app.clone();
        let mut drain = drain.clone();
        tokio::spawn(async move {
            let _open = permit;
            let service = hyper::service::service_fn(move |req| {
                let mut app = app.clone();
                async move { app.call(req.map(axum::body::Body::new)).await }
            });
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .keep_alive(true);
            let conn = http.serve_connection(TokioIo::new(stream), service);
            let served = async move {
                tokio::pin!(conn);
                tokio::select! {
                    _ = conn.as_mut() => return,
                    // A closed channel (the server gone) stops the connection too.
                    _ = drain.wait_for(|&d| d) => {}
                }
                conn.as_mut().graceful_shutdown();
                let _ = conn.await;
            };
            let _ = tokio::time::timeout(MAX_CONNECTION_LIFETIME, served).await;
        });
    }
    drop(listener);
    let _ = draining.send(true);
    // Every connection holds a permit until it is closed: all of them back means drained.
    let all = u32::try_from(MAX_CONNECTIONS).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(DRAIN_TIME, open.acquire_many(all)).await;
    Ok(())
}

/// Ctrl-C (SIGINT) or, on Unix, SIGTERM (what `kill` and service managers send).
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// Longest wait, once stopped, for the requests in flight to finish.
pub const DRAIN_TIME: Duration = Duration::from_secs(10);
/// Open connections served at once (each holds a descriptor; the usual limit is 1024).
pub const MAX_CONNECTIONS: usize = 768;
/// Longest life of one connection, however busy: a client that keeps one open forever
/// (a slow reader of a large image) is cut off.
pub const MAX_CONNECTION_LIFETIME: Duration = Duration::from_secs(300);
