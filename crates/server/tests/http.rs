//! The server's routes, in process (`tower::ServiceExt::oneshot` on the router).
//!
//! Expected values come from outside the code under test: the 20 first moves of chess and
//! Kiwipete's 48 (chessprogramming.org/Perft_Results), the start FEN written in the header
//! of `variants/chess.txt`, HTTP semantics from RFC 9110 (304 with the ETag, no body).

mod common;

use std::path::PathBuf;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use common::{send_to, Reply};
use fairyboard_server::{router, Config};
use serde_json::{json, Value};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// A router over the workspace's catalogue, with a scratch `web/` holding one module.
fn app() -> Router {
    std::env::set_var(
        "FAIRYBOARD_VARIANTS",
        concat!(env!("CARGO_MANIFEST_DIR"), "/../../variants"),
    );
    // Written once per process: the tests run in parallel, and rewriting the file for
    // each request truncated it while another test read it (an empty module, at times).
    static WEB: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    let web = WEB.get_or_init(|| {
        let web = std::env::temp_dir().join(format!("fairyboard-web-{}", std::process::id()));
        std::fs::create_dir_all(&web).unwrap();
        std::fs::write(web.join("idiagram.js"), "export const ok = 1;\n").unwrap();
        web
    });
    router(Config {
        web_dir: web.clone(),
        art_dir: PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../art")),
        ..Config::default()
    })
}

async fn send(req: Request<Body>) -> Reply {
    send_to(&app(), req).await
}

async fn get(uri: &str) -> Reply {
    send(Request::get(uri).body(Body::empty()).unwrap()).await
}

fn enc(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[tokio::test]
async fn home_lists_the_catalogue_with_thumbnails_and_search() {
    let r = get("/").await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.content_type().starts_with("text/html"));
    let html = r.text();
    assert!(html.contains("href=\"/variants/chess\""));
    assert!(html.contains("href=\"/variants/capablanca\""));
    assert!(html.contains("/d?variant=chess&amp;size=24"));
    assert!(html.contains("id=\"search\""));
    // Capablanca: 10x8 board, 40 pieces (from its FEN: 10 + 10 pawns, 10 + 10 pieces).
    assert!(html.contains("10×8 board · 40 pieces"));
}

#[tokio::test]
async fn variant_page_has_live_diagram_rules_and_definition() {
    let r = get("/variants/chess").await;
    assert_eq!(r.status, StatusCode::OK);
    let html = r.text();
    assert!(html.contains("<div class=\"idiagram\" data-variant=\"chess\">"));
    assert!(html.contains("<script type=\"module\" src=\"/web/idiagram.js\"></script>"));
    assert!(
        html.contains("king:K:KisO2::e1"),
        "the definition text is shown"
    );
    assert!(html.contains("Moves at a glance"));
    assert!(html.contains("<h2>Definition</h2>"));
}

#[tokio::test]
async fn unknown_or_malformed_variant_names_are_client_errors() {
    let r = get("/variants/no-such-game").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert!(r
        .text()
        .contains("no variant &#39;no-such-game&#39; in the catalogue"));
    for bad in [
        "/variants/..%2FCargo.toml",
        "/variants/Chess",
        "/variants/%2Fetc%2Fpasswd",
    ] {
        let r = get(bad).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{bad}");
        assert!(r.text().contains("not a catalogue name"), "{bad}");
    }
    let r = get("/api/variants/..%2F..%2FCargo").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.json()["parameter"], "variant");
}

#[tokio::test]
async fn diagram_png_with_cache_headers_and_304() {
    let uri = format!(
        "/d?ff={}",
        enc("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR")
    );
    let r = get(&uri).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.content_type(), "image/png");
    assert!(r.body.starts_with(b"\x89PNG\r\n\x1a\n"));
    // Default square 40 px, 8 squares: IHDR width and height 320.
    assert_eq!(&r.body[16..24], &[0, 0, 1, 64, 0, 0, 1, 64]);
    let etag = r.headers[header::ETAG].to_str().unwrap().to_string();
    assert!(
        etag.starts_with('"') && etag.ends_with('"'),
        "strong ETag: {etag}"
    );
    assert!(r.headers[header::CACHE_CONTROL]
        .to_str()
        .unwrap()
        .contains("max-age="));
    let again = send(
        Request::get(&uri)
            .header(header::IF_NONE_MATCH, &etag)
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
    assert_eq!(again.headers[header::ETAG], etag.as_str());
    // Another style is another picture.
    let other = get(&format!("{uri}&size=30")).await;
    assert_ne!(other.headers[header::ETAG].to_str().unwrap(), etag);
    // A stale tag gets the image.
    let stale = send(
        Request::get(&uri)
            .header(header::IF_NONE_MATCH, "\"0000\"")
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(stale.status, StatusCode::OK);
}

#[tokio::test]
async fn diagram_svg_and_game_positions() {
    let r = get("/d?ff=8/8/8/8/4P3/8/8/8&fmt=svg").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.content_type(), "image/svg+xml");
    assert!(r.text().starts_with("<svg"));
    let r = get("/d?variant=xiangqi&fmt=svg").await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.text().contains("viewBox"));
    let r = get(&format!("/d?variant=chess&fen={}", enc(KIWIPETE))).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.content_type(), "image/png");
}

/// A drop game's picture carries both hands: two more square rows (IHDR 320 × 400) and the
/// counts (FEN written by hand: White holds two knights, Black a queen).
#[tokio::test]
async fn diagram_of_a_drop_game_shows_the_hands() {
    let fen = enc("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[NNq] w KQkq - 0 1");
    let r = get(&format!("/d?variant=crazyhouse&fen={fen}")).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(&r.body[16..24], &[0, 0, 1, 64, 0, 0, 1, 144]);
    let r = get(&format!("/d?variant=crazyhouse&fen={fen}&fmt=svg")).await;
    assert!(r.text().contains("<title>White holds 2 knight</title>"));
    assert!(r.text().contains("<title>Black holds 1 queen</title>"));
    // Chess has no holdings: the plain 320 × 320.
    let r = get("/d?variant=chess").await;
    assert_eq!(&r.body[16..24], &[0, 0, 1, 64, 0, 0, 1, 64]);
}

/// Browsers ask every site for `/favicon.ico`; a 404 there is an error in every page's
/// console. The icon is one 32-pixel square (IHDR 32 × 32).
#[tokio::test]
async fn favicon_is_a_small_png() {
    let r = get("/favicon.ico").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.content_type(), "image/png");
    assert!(r.body.starts_with(b"\x89PNG\r\n\x1a\n"));
    assert_eq!(&r.body[16..24], &[0, 0, 0, 32, 0, 0, 0, 32]);
}

#[tokio::test]
async fn bad_diagram_requests_name_the_parameter() {
    let cases: [(&str, &str); 7] = [
        ("/d?ff=8/8/9", "ff:"),
        ("/d?ff=8&size=100000", "size:"),
        ("/d?ff=8&fmt=gif", "fmt:"),
        ("/d", "ff:"),
        ("/d?variant=chess&fen=xyz", "fen:"),
        ("/d?variant=nope&fmt=svg", "variant:"),
        ("/d?ff=8&variant=chess", "ff:"),
    ];
    for (uri, param) in cases {
        let r = get(uri).await;
        assert!(r.status.is_client_error(), "{uri}: {}", r.status);
        assert!(r.text().starts_with(param), "{uri}: {}", r.text());
    }
    // 64 x 64 squares of 256 pixels: far over the image bound. The request is well formed
    // but cannot be done: 422 (RFC 9110, 15.5.21).
    let big = format!("/d?ff={}&size=256&runs=multi", vec!["64"; 64].join("/"));
    let r = get(&big).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.text().contains("too large"), "{}", r.text());
}

#[tokio::test]
async fn ffen_runs_are_one_digit_each_unless_opted_out() {
    // Seed 002: a run of empty squares is a one-digit number; runs side by side add up,
    // so 55 is a row of ten and 91 a row of ten too.
    let r = get("/d?ff=55/91&fmt=svg").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    // '10' is refused by default (the 0 at character 2) and read as ten with runs=multi.
    let r = get("/d?ff=10/55&fmt=svg").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.text().contains("character 2"), "{}", r.text());
    let r = get("/d?ff=10/10&fmt=svg&runs=multi").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
}

#[tokio::test]
async fn an_over_long_query_is_refused_before_any_work() {
    // Over the 40 KB bound but under what a URI can hold at all (64 KB; longer ones
    // never get past the HTTP parser: the loopback test in crates/fairyboard sends 1 MB).
    let uri = format!("/d?ff={}", "8/".repeat(21 * 1024));
    let r = get(&uri).await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(r.text().contains("more than"));
}

#[tokio::test]
async fn api_lists_variants_and_gives_definitions() {
    let r = get("/api/variants").await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.content_type().starts_with("application/json"));
    let list = r.json();
    let chess = list
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == "chess")
        .expect("chess listed");
    assert_eq!(
        (chess["files"].as_u64(), chess["ranks"].as_u64()),
        (Some(8), Some(8))
    );
    assert_eq!(chess["pieces"], 32);
    let r = get("/api/variants/chess").await;
    let v = r.json();
    assert_eq!(
        v["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    assert_eq!(v["pieces"].as_array().unwrap().len(), 6);
    assert!(v["definition"].as_str().unwrap().contains("royal=6"));
    let r = get("/api/variants/nosuch").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.json()["parameter"], "variant");
}

#[tokio::test]
async fn api_moves_of_chess_start_and_kiwipete() {
    let r = get("/api/moves?variant=chess").await;
    assert_eq!(r.status, StatusCode::OK);
    let j = r.json();
    assert_eq!(j["count"], 20);
    let moves: Vec<&str> = j["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(
        moves,
        [
            "a2a3", "a2a4", "b1a3", "b1c3", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3",
            "e2e4", "f2f3", "f2f4", "g1f3", "g1h3", "g2g3", "g2g4", "h2h3", "h2h4"
        ]
    );
    assert_eq!(j["side"], "white");
    let r = get(&format!("/api/moves?variant=chess&fen={}", enc(KIWIPETE))).await;
    assert_eq!(r.json()["count"], 48);
}

#[tokio::test]
async fn api_moves_errors_are_json_naming_the_parameter() {
    let r = get("/api/moves?variant=chess&fen=not-a-fen").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.content_type().starts_with("application/json"));
    assert_eq!(r.json()["parameter"], "fen");
    let r = get("/api/moves").await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(r.json()["parameter"], "variant");
    let r = get("/api/moves?variant=nosuch").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.json()["parameter"], "variant");
}

#[tokio::test]
async fn api_rules_and_definition_check() {
    let r = get("/api/rules/capablanca").await;
    assert_eq!(r.status, StatusCode::OK);
    let j = r.json();
    assert_eq!(j["pieces"].as_array().unwrap().len(), 8);
    let knight = j["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "N")
        .unwrap();
    // From e4 on 10x8 all eight knight leaps are on the board.
    let leaps = knight["glance"]["marks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m[1].as_array().unwrap().iter().any(|k| k == "both leap"))
        .count();
    assert_eq!(leaps, 8);
    let diff = j["differences"].to_string();
    assert!(diff.contains("10×8"));

    let check =
        |body: &'static str| send(Request::post("/api/check").body(Body::from(body)).unwrap());
    let ok = check("files=4\nranks=4\nroyal=1\nking:K:K::a1\n")
        .await
        .json();
    assert_eq!(ok["ok"], true);
    assert_eq!(
        ok["fen"].as_str().unwrap().split(' ').next(),
        Some("k3/4/4/K3")
    );
    // Odd values are skipped with warnings (the board is still built), as the Interactive
    // Diagram does; only a definition without pieces is refused.
    // Each problem comes typed: `ten` starts at column 7 of line 1 (`files=` is six
    // characters), `k9` at column 12 of line 2 (`rook::::a1,` is eleven).
    let odd = check("files=ten\nrook::::a1,k9\n").await.json();
    assert_eq!(odd["ok"], true);
    let w = &odd["warnings"];
    assert_eq!(w.as_array().map(Vec::len), Some(2), "{w}");
    assert_eq!(
        (&w[0]["line"], &w[0]["column"], &w[0]["parameter"]),
        (&json!(1), &json!(7), &json!("files"))
    );
    assert_eq!(
        (&w[0]["severity"], &w[0]["piece"]),
        (&json!("warning"), &json!(null))
    );
    assert_eq!(
        (&w[1]["line"], &w[1]["column"], &w[1]["piece"]),
        (&json!(2), &json!(12), &json!("rook"))
    );
    assert!(w[1]["message"].as_str().unwrap().contains("'k9'"), "{w}");
    let bad = check("files=ten\n").await.json();
    assert_eq!(bad["ok"], false);
    assert_eq!(bad["errors"][0]["severity"], "error");
    let errors = bad["errors"].to_string();
    assert!(errors.contains("no piece types"), "{errors}");
    // A build finding (a move character the build skips) points at that character: the
    // move field of `rook::R!:` starts at column 7, `!` is its second character.
    let skipped = check("files=4\nranks=4\nrook::R!::a1\n").await.json();
    let w = &skipped["warnings"];
    assert!(
        w.as_array().unwrap().iter().any(|d| d["line"] == 3
            && d["column"] == 8
            && d["piece"] == "rook"
            && d["message"].as_str().unwrap().contains("skipped")),
        "{w}"
    );
    let huge = send(
        Request::post("/api/check")
            .body(Body::from("x".repeat(200 * 1024)))
            .unwrap(),
    )
    .await;
    assert_eq!(huge.status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn wizard_editor_static_files_and_unknown_paths() {
    let r = get("/wizard").await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(
        r.content_type().starts_with("text/html"),
        "{}",
        r.content_type()
    );
    assert!(r.text().contains("<title>Design Wizard"));
    assert!(
        r.text()
            .contains("<script type=\"module\" src=\"/web/wizard.js\">"),
        "the wizard's module"
    );
    assert!(r.text().contains("id=\"preview\""), "the live preview");
    let r = get("/editor").await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.text().contains("<script src=\"/site/editor.js\">"));
    assert!(get("/site/editor.js").await.text().contains("/d?"));
    let r = get("/web/idiagram.js").await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(
        r.content_type().contains("javascript"),
        "{}",
        r.content_type()
    );
    assert_eq!(r.text(), "export const ok = 1;\n");
    // Pages of other origins load the diagram from here (the Fetch standard's CORS check
    // passes with `*` for requests without credentials); the site's own pages need no CORS.
    let cors = |r: &Reply| {
        r.headers
            .get(header::ACCESS_CONTROL_ALLOW_ORIGIN)
            .map(|v| v.to_str().unwrap_or("").to_string())
    };
    assert_eq!(cors(&r).as_deref(), Some("*"));
    let r = get("/art/index.json").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(cors(&r).as_deref(), Some("*"));
    assert_eq!(cors(&get("/web/missing.js").await).as_deref(), Some("*"));
    assert_eq!(cors(&get("/api/variants").await), None);
    assert_eq!(cors(&get("/").await), None);
    let r = get("/web/../Cargo.toml").await;
    assert!(r.status.is_client_error());
    let r = get("/web/%2e%2e/Cargo.toml").await;
    assert!(r.status.is_client_error());
    let r = get("/nowhere").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

/// The wizard's piece picker: one entry per piece name and move, listing its games. The
/// expected entries are read off `variants/*.txt` by eye (`grep -i cannon variants/*.txt`).
#[tokio::test]
async fn api_pieces_lists_each_catalogue_piece_once() {
    let r = get("/api/pieces").await;
    assert_eq!(r.status, StatusCode::OK);
    let list = r.json();
    let list = list.as_array().expect("a list");
    let find = |name: &str, betza: &str| {
        let hits: Vec<&Value> = list
            .iter()
            .filter(|p| p["name"] == name && p["betza"] == betza)
            .collect();
        assert_eq!(hits.len(), 1, "{name} {betza}: {hits:?}");
        hits[0].clone()
    };
    let cannon = find("cannon", "mRcpR");
    assert_eq!(cannon["id"], "C");
    assert_eq!(
        cannon["variants"],
        serde_json::json!(["cv-cannons", "xiangqi"])
    );
    // Chess's pieces are shared by many games but listed once each.
    for (name, betza) in [("knight", "N"), ("rook", "R"), ("king", "KisO2")] {
        let p = find(name, betza);
        let games = p["variants"].as_array().unwrap();
        assert!(games.iter().any(|g| g == "chess"), "{name}: {games:?}");
        assert!(games.len() > 3, "{name}: {games:?}");
    }
    // Shogi's knight jumps forward only: another entry under the same name.
    assert!(find("knight", "ffN")["variants"]
        .as_array()
        .unwrap()
        .iter()
        .any(|g| g == "shogi"));
    let mut keys: Vec<(String, String)> = list
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_lowercase(),
                p["betza"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let n = keys.len();
    keys.dedup();
    assert_eq!(keys.len(), n, "sorted, without repeats");
}

#[tokio::test]
async fn every_catalogue_variant_has_a_page_and_an_image() {
    let list = get("/api/variants").await.json();
    let names: Vec<String> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap().to_string())
        .collect();
    assert!(names.len() >= 25, "{names:?}");
    for name in names {
        let page = get(&format!("/variants/{name}")).await;
        assert_eq!(page.status, StatusCode::OK, "{name}");
        assert!(page.text().contains("Differences with FIDE"), "{name}");
        let img = get(&format!("/d?variant={name}&fmt=svg")).await;
        assert_eq!(img.status, StatusCode::OK, "{name}");
        assert!(img.text().starts_with("<svg"), "{name}");
    }
}

#[tokio::test]
async fn hostile_queries_never_get_a_server_error() {
    let cases = [
        "/d?ff=%ZZ",
        "/d?ff=%",
        "/d?ff=8&size=-1",
        "/d?ff=8&size=99999999999999999999",
        "/d?ff=8&hl=zz99",
        "/d?ff=8&arrows=e2",
        "/d?ff=8&marks=e4:blob",
        "/d?ff=%E2%99%9A",
        "/d?ff=''''''",
        "/d?ff=*9K",
        "/d?ff=0",
        "/d?ff=/",
        "/d?variant=&fmt=svg",
        "/d?variant=chess&fen=%00",
        "/api/moves?variant=chess&fen=8/8/8/8/8/8/8/8%20w%20-%20-%200%201",
        "/api/moves?variant=..",
        "/api/moves?variant=chess&fen=rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR%20x",
        "/api/rules/%2e%2e",
        "/variants/",
        "/variants/a%00b",
    ];
    for uri in cases {
        let r = get(uri).await;
        assert!(
            !r.status.is_server_error(),
            "{uri}: {} {}",
            r.status,
            r.text()
        );
    }
}

/// Every example of the Fairy-FEN page (seed 002) through `/d?ff=`, checked square by
/// square: a square is drawn on (piece, marker, letter or number) exactly where the example
/// puts something, and is its plain colour (a1 dark, the default 40-pixel squares) where the
/// example leaves it empty. The occupancy rows were expanded from each FFEN by hand.
#[tokio::test]
async fn every_seed_002_example_is_drawn_square_by_square() {
    let examples: [(&str, &[&str]); 7] = [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            &["xxxxxxxx", "xxxxxxxx", "........", "........", "........", "........", "xxxxxxxx", "xxxxxxxx"],
        ),
        (
            "rnbqkbnr/p*1p*2p*3pp*1p*2p*3p/'a'b'c'd'w'x'y'z/-p-P-r-R-n-N-b-B/cCsSxXtT/'A'B'C'D'W'X'Y'Z/'0'1'2'3'4''11''22''33/RNBQKBNR",
            &["xxxxxxxx"; 8],
        ),
        (
            "3*2r3*3N3/*3n6*2r3/*3N*2bp3*2bQ3/2*2b*2r3p3/1*2r2P1p4/4N4p1/1K*3n5p2/3*3Np1B1P2/3pN1p4/3B*2rkb2*3nR/6*3rbN2",
            &[
                "...x...x...", "x......x...", "xxx...xx...", "..xx...x...", ".x..x.x....",
                "....x....x.", ".xx.....x..", "...xx.x.x..", "...xx.x....", "...xxxx..xx",
                "......xxx..",
            ],
        ),
        (
            "k1B5/-p1PP4/K1-p5/p1-p5/p7/2p1-p3/4P3/8",
            &["x.x.....", "x.xx....", "x.x.....", "x.x.....", "x.......", "..x.x...", "....x...", "........"],
        ),
        (
            "4n3/1-*2q2b-qp-*2n/4p-*2qp1/2*2q1pkp-r/4pP*2q1/1p2P2p/1-*2q6/*2q2KB3",
            &["....x...", ".x..xxxx", "....xxx.", "..x.xxxx", "....xxx.", ".x..x..x", ".x......", "x..xx..."],
        ),
        (
            "8/1Q6/4c3/4cc2/8/8/6K1/8",
            &["........", ".x......", "....x...", "....xx..", "........", "........", "......x.", "........"],
        ),
        (
            "8/1P6/1k6/4cK2/8/8/8/8",
            &["........", ".x......", ".x......", "....xx..", "........", "........", "........", "........"],
        ),
    ];
    const LIGHT: [u8; 3] = [0xf0, 0xd9, 0xb5];
    const DARK: [u8; 3] = [0xb5, 0x88, 0x63];
    for (ffen, rows) in examples {
        let r = get(&format!("/d?ff={}", enc(ffen))).await;
        assert_eq!(r.status, StatusCode::OK, "{ffen}: {}", r.text());
        assert_eq!(r.content_type(), "image/png", "{ffen}");
        let mut reader = png::Decoder::new(&r.body[..]).read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size()];
        let info = reader.next_frame(&mut buf).unwrap();
        let channels = match info.color_type {
            png::ColorType::Rgb => 3,
            png::ColorType::Rgba => 4,
            other => panic!("{ffen}: colour type {other:?}"),
        };
        let (files, ranks) = (rows[0].len() as u32, rows.len() as u32);
        assert_eq!(
            (info.width, info.height),
            (files * 40, ranks * 40),
            "{ffen}"
        );
        for (row, pattern) in rows.iter().enumerate() {
            for (file, want) in pattern.bytes().enumerate() {
                let rank = ranks - 1 - row as u32;
                let plain = if (file as u32 + rank).is_multiple_of(2) {
                    DARK
                } else {
                    LIGHT
                };
                let (x0, y0) = (file as u32 * 40, row as u32 * 40);
                // Pixels inside the square (a 2-pixel margin) that are not its colour.
                let drawn = (y0 + 2..y0 + 38)
                    .flat_map(|y| (x0 + 2..x0 + 38).map(move |x| (x, y)))
                    .filter(|&(x, y)| {
                        let i = ((y * info.width + x) * channels) as usize;
                        buf[i..i + 3] != plain
                    })
                    .count();
                let square = format!("{}{}", (b'a' + file as u8) as char, rank + 1);
                if want == b'x' {
                    assert!(
                        drawn > 40,
                        "{ffen}: {square} should be drawn on ({drawn} pixels)"
                    );
                } else {
                    assert_eq!(drawn, 0, "{ffen}: {square} should be empty");
                }
            }
        }
    }
}
