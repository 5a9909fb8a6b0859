//! What the server's test binaries share: one request through a router, the reply read whole.

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

pub struct Reply {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: Vec<u8>,
}

#[allow(dead_code)] // each test binary uses its own part
impl Reply {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.text()))
    }
    /// A header's value, or "" when it is missing.
    pub fn header(&self, name: header::HeaderName) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }
    pub fn content_type(&self) -> &str {
        self.header(header::CONTENT_TYPE)
    }
}

/// Send one request to `app` and read the whole reply.
pub async fn send_to(app: &Router, req: Request<Body>) -> Reply {
    let resp = app.clone().oneshot(req).await.expect("the router answers");
    let status = resp.status();
    let headers = resp.headers().clone();
    let body = resp
        .into_body()
        .collect()
        .await
        .unwrap()
        .to_bytes()
        .to_vec();
    Reply {
        status,
        headers,
        body,
    }
}

/// `GET uri` from `app`.
#[allow(dead_code)]
pub async fn get_from(app: &Router, uri: &str) -> Reply {
    send_to(app, Request::get(uri).body(Body::empty()).unwrap()).await
}
