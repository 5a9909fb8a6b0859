//! Variant names in URLs resolve only inside the catalogue folder. Alone in its test
//! binary: it changes the process's working folder.

use std::path::Path;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use fairyboard_server::{router, Config};
use http_body_util::BodyExt;
use tower::ServiceExt;

#[tokio::test]
async fn files_next_to_the_server_are_not_variants() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let catalogue = root.join("variants").canonicalize().unwrap();
    let cwd = std::env::temp_dir().join(format!("fairyboard-closed-{}", std::process::id()));
    std::fs::create_dir_all(&cwd).unwrap();
    std::fs::write(cwd.join("config"), "password=hunter2\n").unwrap();
    std::fs::write(
        cwd.join("chess"),
        "files=3\nranks=3\nroyal=1\nking:K:K::a1,c3\n",
    )
    .unwrap();
    std::env::set_current_dir(&cwd).unwrap();
    let app = router(Config {
        variants_dir: catalogue.clone(),
        web_dir: root.join("web"),
        art_dir: root.join("art"),
        ..Config::default()
    });
    let get = |uri: &'static str| {
        let app = app.clone();
        async move {
            let r = app
                .oneshot(Request::get(uri).body(Body::empty()).unwrap())
                .await
                .unwrap();
            let status = r.status();
            let body = r.into_body().collect().await.unwrap().to_bytes();
            (status, String::from_utf8_lossy(&body).into_owned())
        }
    };
    for uri in [
        "/api/variants/config",
        "/variants/config",
        "/api/moves?variant=config",
        "/d?variant=config",
        "/api/rules/config",
    ] {
        let (status, body) = get(uri).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}: {body}");
        assert!(!body.contains("hunter2"), "{uri}");
    }
    let (status, body) = get("/api/variants/chess").await;
    assert_eq!(status, StatusCode::OK);
    let j: serde_json::Value = serde_json::from_str(&body).unwrap();
    let want = std::fs::read_to_string(catalogue.join("chess.txt")).unwrap();
    assert_eq!(j["definition"].as_str(), Some(want.as_str()));
    assert_eq!(j["files"], 8);
    let _ = std::fs::remove_dir_all(&cwd);
}
