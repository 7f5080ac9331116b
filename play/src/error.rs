//! The JSON error answer every handler gives (`{"error": message}` with a 4xx or 5xx
//! status), and the size reader that answers with it.

use std::time::Duration;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use engine::StopReason;
use serde::Serialize;

/// An error answer: a status and `{"error": message}`.
#[derive(Debug)]
pub(crate) struct ApiError {
    status: StatusCode,
    message: String,
}

/// A request's `size` field read with the page's limits; `400` naming the limit when it is
/// outside them.
pub(crate) fn parse_size(text: &str, limits: &engine::SizeLimits) -> Result<engine::Size, ApiError> {
    engine::Size::parse(text, limits).map_err(|e| ApiError::bad(format!("size: {e}")))
}

impl ApiError {
    /// An answer with `status` and `message`.
    pub(crate) fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError { status, message: message.into() }
    }

    /// `400`: the request is well-formed JSON but asks for something impossible.
    pub(crate) fn bad(message: impl Into<String>) -> Self {
        ApiError { status: StatusCode::BAD_REQUEST, message: message.into() }
    }

    /// `422`: the request was understood, but the game could not make what it asked for.
    pub(crate) fn unprocessable(message: impl Into<String>) -> Self {
        ApiError { status: StatusCode::UNPROCESSABLE_ENTITY, message: message.into() }
    }

    pub(crate) fn busy() -> Self {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            message: "the server is busy with other searches: try again in a moment".into(),
        }
    }

    pub(crate) fn timeout(time: Duration) -> Self {
        ApiError {
            status: StatusCode::GATEWAY_TIMEOUT,
            message: format!(
                "this took longer than the {} s allowed: try a smaller size or an easier setting",
                time.as_secs_f64()
            ),
        }
    }

    /// `504` for a search or generator that gave up: its budget's deadline passed (or the
    /// call was cancelled, which only a client that has gone away sees).
    pub(crate) fn stopped(reason: StopReason) -> Self {
        ApiError {
            status: StatusCode::GATEWAY_TIMEOUT,
            message: format!(
                "this took longer than the time allowed ({reason}): try a smaller size or an easier setting"
            ),
        }
    }

    pub(crate) fn internal() -> Self {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: "the game library failed on this request".into(),
        }
    }

    /// The message the answer carries.
    pub(crate) fn message(&self) -> &str {
        &self.message
    }

    pub(crate) fn not_found(message: impl Into<String>) -> Self {
        ApiError { status: StatusCode::NOT_FOUND, message: message.into() }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        #[derive(Serialize)]
        struct Body {
            error: String,
        }
        (self.status, Json(Body { error: self.message })).into_response()
    }
}
