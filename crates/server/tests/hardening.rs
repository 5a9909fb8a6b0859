//! The server under hostile or careless clients: work budgets, image pixel budgets, the
//! cached catalogue, capped diagnostics, security headers, hidden test folders, and (over
//! real TCP) header, idle and body timeouts and the early 413.
//!
//! Expected values come from outside the code: HTTP semantics from RFC 9110 (413, 422,
//! 503 with Retry-After), the image sizes by hand (a 64×64 board of 79-pixel squares is
//! 5056 × 5056 = 25,563,136 pixels), the header names from the Fetch standard and MDN.

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use common::{get_from, send_to, Reply};
use fairyboard_server::{router, serve, Config};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

fn workspace(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(rel)
}

/// A scratch folder of this test process.
fn scratch(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("fairyboard-hard-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn config() -> Config {
    Config {
        web_dir: workspace("web"),
        art_dir: workspace("art"),
        variants_dir: workspace("variants"),
        ..Config::default()
    }
}

async fn send(app: &Router, req: Request<Body>) -> Reply {
    send_to(app, req).await
}

async fn get(app: &Router, uri: &str) -> Reply {
    get_from(app, uri).await
}

/// A 64×64 board of empty squares, one digit per run.
fn board_64() -> String {
    vec!["88888888"; 64].join("/")
}

#[tokio::test]
async fn images_over_the_pixel_bounds_are_refused_with_422() {
    let app = router(config());
    // 64 × 79 = 5056 pixels a side: 25,563,136 pixels, over the renderer's 25,000,000.
    let r = get(&app, &format!("/d?ff={}&size=79", board_64())).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text());
    assert!(r.text().starts_with("size: "), "{}", r.text());
    assert!(r.text().contains("5056"), "{}", r.text());
    // A server with a smaller render budget refuses a 1600 × 1600 image (2,560,000 pixels)
    // and still draws a 320 × 320 one.
    let small = router(Config {
        render_pixels: 1_000_000,
        ..config()
    });
    let r = get(&small, "/d?ff=8/8/8/8/8/8/8/8&size=200").await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text());
    assert!(r.text().contains("2560000 pixels"), "{}", r.text());
    assert!(r.text().contains("budget of 1000000"), "{}", r.text());
    let r = get(&small, "/d?ff=8/8/8/8/8/8/8/8&size=40").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    // The default budget draws the largest image the renderer allows, one at a time.
    let d = Config::default();
    assert!(d.render_pixels >= 4992 * 4992);
    assert!(d.workers >= 1);
}

/// The bar: while the largest images the renderer allows are being drawn, an
/// ordinary diagram and a move list still answer within a second.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cheap_requests_answer_while_the_largest_images_are_drawn() {
    let app = router(config());
    // 64 × 78 = 4992 pixels a side: 24,920,064 pixels, just under the renderer's bound.
    let big = format!("/d?ff={}&size=78", board_64());
    let mut drawing = Vec::new();
    for _ in 0..4 {
        let (app, uri) = (app.clone(), big.clone());
        drawing.push(tokio::spawn(async move { get(&app, &uri).await.status }));
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    for uri in [
        "/d?ff=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "/api/moves?variant=chess",
    ] {
        let started = Instant::now();
        let r = get(&app, uri).await;
        assert_eq!(r.status, StatusCode::OK, "{uri}");
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "{uri}: {:?}",
            started.elapsed()
        );
    }
    // The big images were still being drawn (or waiting): the cheap ones did not just come
    // after them.
    assert!(drawing.iter().any(|h| !h.is_finished()));
    for h in drawing {
        h.abort();
    }
}

#[tokio::test]
async fn work_past_the_time_budget_is_answered_with_503() {
    // No worker ever free: every CPU job waits out its budget.
    let app = router(Config {
        workers: 0,
        work_budget: Duration::from_millis(200),
        ..config()
    });
    let started = Instant::now();
    let r = get(&app, "/api/moves?variant=chess").await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.text());
    assert_eq!(r.header(header::RETRY_AFTER), "1");
    assert!(
        r.json()["error"].as_str().unwrap().contains("200 ms"),
        "{}",
        r.text()
    );
    assert!(started.elapsed() < Duration::from_secs(5));
    // What needs no CPU job still answers.
    assert_eq!(get(&app, "/api/variants").await.status, StatusCode::OK);
}

/// Long inputs queue in a lane of their own: with that lane closed they wait out the
/// budget, while the same request with a short FEN is answered.
#[tokio::test]
async fn long_inputs_queue_in_the_heavy_lane() {
    let app = router(Config {
        heavy_workers: 0,
        work_budget: Duration::from_millis(200),
        ..config()
    });
    let hand = "P".repeat(5000);
    let long =
        format!("/api/moves?variant=shogi&fen=k8/9/9/9/9/9/9/9/K8[{hand}]%20w%20-%20-%200%201");
    let r = get(&app, &long).await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.text());
    let short = "/api/moves?variant=shogi&fen=k8/9/9/9/9/9/9/9/K8[PPP]%20w%20-%20-%200%201";
    let r = get(&app, short).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let body = format!("files=8\nranks=8\nking:K:K::a1\n#{}\n", "x".repeat(5000));
    let r = send(
        &app,
        Request::post("/api/check").body(Body::from(body)).unwrap(),
    )
    .await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.text());
}

#[tokio::test]
async fn the_catalogue_is_compiled_once() {
    let dir = scratch("cached");
    std::fs::copy(workspace("variants/chess.txt"), dir.join("chess.txt")).unwrap();
    let app = router(Config {
        variants_dir: dir.clone(),
        ..config()
    });
    let first = get(&app, "/api/variants").await.json();
    assert_eq!(first.as_array().unwrap().len(), 1);
    // Files changed on disk are not read again by the running server.
    std::fs::copy(workspace("variants/shogi.txt"), dir.join("shogi.txt")).unwrap();
    std::fs::remove_file(dir.join("chess.txt")).unwrap();
    let again = get(&app, "/api/variants").await.json();
    assert_eq!(again, first);
    assert_eq!(
        get(&app, "/api/variants/chess").await.status,
        StatusCode::OK
    );
    assert_eq!(
        get(&app, "/api/variants/shogi").await.status,
        StatusCode::NOT_FOUND
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn check_diagnostics_are_capped_with_a_count_of_the_rest() {
    let app = router(config());
    // One piece with 500 setup squares off the 8×8 board: each 'z9' is one warning.
    let squares = vec!["z9"; 500].join(",");
    let body = format!("files=8\nranks=8\nking:K:K::a1,{squares}\n");
    let r = send(
        &app,
        Request::post("/api/check").body(Body::from(body)).unwrap(),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let j = r.json();
    let shown = j["warnings"].as_array().unwrap().len();
    assert_eq!(shown, fairyboard_server::MAX_DIAGNOSTICS);
    assert_eq!(j["more_warnings"], 500 - fairyboard_server::MAX_DIAGNOSTICS);
    assert_eq!(j["more_errors"], 0);
    assert!(r.body.len() < 64 * 1024, "{} bytes", r.body.len());
}

/// Positions no game can reach are refused at once as client errors that say why: a hand
/// in a game without drops, and more royals than the variant can give a side (two kings a
/// side in Shogi, which has one each and ends when one is taken).
#[tokio::test]
async fn impossible_positions_are_client_errors() {
    let app = router(config());
    for (variant, fen, why) in [
        (
            "chess",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QQ]%20w%20KQkq%20-%200%201",
            "holdings",
        ),
        (
            "shogi",
            "k1k6/9/9/9/9/9/9/9/K1K6[PPP]%20w%20-%20-%200%201",
            "White has 2 royal pieces (a1, c1)",
        ),
    ] {
        let r = get(&app, &format!("/api/moves?variant={variant}&fen={fen}")).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
        assert_eq!(r.json()["parameter"], "fen");
        assert!(r.text().contains(why), "{}", r.text());
    }
}

#[tokio::test]
async fn pages_carry_a_script_policy_and_run_no_inline_script() {
    let app = router(config());
    for uri in ["/", "/editor", "/wizard", "/variants/chess"] {
        let r = get(&app, uri).await;
        assert_eq!(r.status, StatusCode::OK, "{uri}");
        let csp = r.header(header::CONTENT_SECURITY_POLICY);
        let script_src = csp
            .split(';')
            .map(str::trim)
            .find(|d| d.starts_with("script-src"))
            .unwrap_or_else(|| panic!("{uri}: {csp}"));
        assert!(!script_src.contains("unsafe-inline"), "{uri}: {csp}");
        assert!(csp.contains("frame-ancestors 'self'"), "{uri}: {csp}");
        assert_eq!(r.header(header::X_FRAME_OPTIONS), "SAMEORIGIN", "{uri}");
        assert_eq!(r.header(header::X_CONTENT_TYPE_OPTIONS), "nosniff", "{uri}");
        // Every script element loads a file: inline script would be blocked.
        let html = r.text();
        for tag in html.split("<script").skip(1) {
            let open = &tag[..tag.find('>').unwrap()];
            assert!(open.contains("src="), "{uri}: <script{open}>");
        }
        // No inline event handlers either.
        for handler in ["onclick=", "onsubmit=", "onload="] {
            assert!(!html.contains(handler), "{uri}: {handler}");
        }
    }
    let r = get(&app, "/site/home.js").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        r.text(),
        std::fs::read_to_string(workspace("web/home.js")).unwrap()
    );
    assert_eq!(
        get(&app, "/site/nothing.js").await.status,
        StatusCode::NOT_FOUND
    );
    // The embeddable files and the images may be used by any page: no framing rule.
    for uri in [
        "/web/idiagram.js",
        "/art/index.json",
        "/d?ff=8/8/8/8/8/8/8/8",
    ] {
        let r = get(&app, uri).await;
        assert_eq!(r.status, StatusCode::OK, "{uri}");
        assert_eq!(r.header(header::X_CONTENT_TYPE_OPTIONS), "nosniff", "{uri}");
        assert_eq!(r.header(header::X_FRAME_OPTIONS), "", "{uri}");
    }
    let svg = get(&app, "/d?ff=8/8/8/8/8/8/8/8&fmt=svg").await;
    let csp = svg.header(header::CONTENT_SECURITY_POLICY);
    assert!(csp.contains("default-src 'none'"), "{csp}");
}

#[tokio::test]
async fn test_folders_and_dot_files_are_never_served() {
    let web = scratch("web");
    std::fs::write(web.join("idiagram.js"), "export const ok = 1;\n").unwrap();
    for d in ["tests", "tests/node_modules", "node_modules", ".git"] {
        std::fs::create_dir_all(web.join(d)).unwrap();
        std::fs::write(web.join(d).join("x.js"), "secret\n").unwrap();
    }
    let app = router(Config {
        web_dir: web.clone(),
        ..config()
    });
    assert_eq!(get(&app, "/web/idiagram.js").await.status, StatusCode::OK);
    for uri in [
        "/web/tests/x.js",
        "/web/%74ests/x.js",
        "/web/tests/node_modules/x.js",
        "/web/node_modules/x.js",
        "/web/.git/x.js",
        "/web/%2egit/x.js",
    ] {
        let r = get(&app, uri).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{uri}");
        assert!(!r.text().contains("secret"), "{uri}");
    }
    let _ = std::fs::remove_dir_all(&web);
}

/// A real server on a free loopback port, with short timeouts.
async fn live() -> (
    std::net::SocketAddr,
    tokio::task::JoinHandle<std::io::Result<()>>,
) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let cfg = Config {
        header_timeout: Duration::from_millis(300),
        body_timeout: Duration::from_millis(300),
        ..config()
    };
    (addr, tokio::spawn(serve(listener, cfg)))
}

/// Everything the server sends until it closes the connection, or `None` after `limit`.
async fn until_closed(stream: &mut tokio::net::TcpStream, limit: Duration) -> Option<String> {
    let mut got = Vec::new();
    let read = tokio::time::timeout(limit, stream.read_to_end(&mut got)).await;
    match read {
        Ok(_) => Some(String::from_utf8_lossy(&got).into_owned()),
        Err(_) => None,
    }
}

#[tokio::test]
async fn idle_and_trickling_connections_are_closed() {
    let (addr, server) = live().await;
    // Connected, silent.
    let mut idle = tokio::net::TcpStream::connect(addr).await.unwrap();
    // Half a request line, then nothing.
    let mut trickle = tokio::net::TcpStream::connect(addr).await.unwrap();
    trickle
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    // A finished request on a kept-alive connection, then nothing.
    let mut kept = tokio::net::TcpStream::connect(addr).await.unwrap();
    kept.write_all(b"GET /favicon.ico HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    for (what, s) in [
        ("idle", &mut idle),
        ("trickle", &mut trickle),
        ("kept", &mut kept),
    ] {
        let got = until_closed(s, Duration::from_secs(5)).await;
        assert!(got.is_some(), "{what}: still open after 5 s");
        if what == "kept" {
            assert!(got.unwrap().starts_with("HTTP/1.1 200"), "{what}");
        }
    }
    server.abort();
}

#[tokio::test]
async fn a_huge_body_is_refused_before_it_is_sent_and_a_slow_one_times_out() {
    let (addr, server) = live().await;
    let mut huge = tokio::net::TcpStream::connect(addr).await.unwrap();
    huge.write_all(b"POST /api/check HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n")
        .await
        .unwrap();
    let mut head = [0u8; 12];
    tokio::time::timeout(Duration::from_secs(2), huge.read_exact(&mut head))
        .await
        .expect("answered without the body")
        .unwrap();
    assert_eq!(&head, b"HTTP/1.1 413");

    let mut slow = tokio::net::TcpStream::connect(addr).await.unwrap();
    slow.write_all(b"POST /api/check HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nfiles=8\n")
        .await
        .unwrap();
    let got = until_closed(&mut slow, Duration::from_secs(5))
        .await
        .expect("the slow body's connection ends");
    // 408 Request Timeout (RFC 9110, 15.5.9): the client did not send the body in time.
    assert!(got.starts_with("HTTP/1.1 408"), "{got}");
    server.abort();
}

/// The request-target budget ([`fairyboard_server::MAX_QUERY`], 40 KB): one byte over is
/// refused (413) before any work, naming the bound; a target of exactly the bound reaches
/// its route (here a FEN the route itself refuses, naming `fen`).
#[tokio::test]
async fn a_request_target_over_the_budget_is_refused_naming_it() {
    let app = router(config());
    let head = "/api/moves?variant=chess&fen=";
    let at = format!("{head}{}", "x".repeat(40 * 1024 - head.len()));
    assert_eq!(at.len(), 40_960);
    let r = get(&app, &at).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
    assert!(r.text().contains("\"parameter\":\"fen\""), "{}", r.text());
    let r = get(&app, &format!("{at}x")).await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE, "{}", r.text());
    assert_eq!(
        r.text(),
        "(query): the request target is 40961 bytes, more than 40960\n"
    );
}
