//! The HTTP layer: routes, the JSON error type, the JSON body extractor, and the handlers
//! that hand each request to its game module (see `docs/playground.md` for the API).
//!
//! A handler reads its request whole (the JSON, then the board, size or moves, by the
//! game module's `read_…`) before the work may wait for a search thread: a malformed
//! request is answered `400`/`422` at once, whatever the load, and only valid work can
//! meet a full pool (`503`).

use std::sync::Arc;
use std::time::Duration;

use ::fifteen::pdb::PdbCache;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, FromRequest, Query, Request, State};
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::codes::{self, CodeRequest, Located};
use crate::error::ApiError;
use crate::jobs::Jobs;
use crate::{Config, assets, fifteen, hitori, kami, shisen};

/// What every handler shares.
pub(crate) struct AppState {
    pub(crate) jobs: Jobs,
    pub(crate) solve_time: Duration,
    pub(crate) generate_time: Duration,
    /// The pattern databases of fifteen's optimal solver, built in the background.
    pub(crate) pdbs: PdbCache,
}

impl AppState {
    pub(crate) fn new(config: &Config) -> Self {
        AppState {
            jobs: Jobs::new(config.max_running, config.max_waiting),
            solve_time: config.solve_time,
            generate_time: config.generate_time,
            pdbs: PdbCache::default(),
        }
    }
}

type Shared = State<Arc<AppState>>;

/// A JSON request body whose rejections (bad JSON, wrong fields, wrong content type, too
/// large) are JSON errors too.
pub(crate) struct Body<T>(pub(crate) T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(Body(value)),
            Err(rejection) => Err(rejection_error(&rejection)),
        }
    }
}

fn rejection_error(rejection: &JsonRejection) -> ApiError {
    ApiError::new(rejection.status(), rejection.body_text())
}

type Answer<T> = Result<Json<T>, ApiError>;

/// The routes, with bodies limited to `body_limit` bytes.
pub(crate) fn routes(state: Arc<AppState>, body_limit: usize) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/fifteen", get(|| async { assets::page("fifteen") }))
        .route("/shisen", get(|| async { assets::page("shisen") }))
        .route("/hitori", get(|| async { assets::page("hitori") }))
        .route("/kami", get(|| async { assets::page("kami") }))
        .route("/assets/{file}", get(asset))
        .route("/api/games", get(games))
        .route("/api/code", post(code_page))
        .route("/api/fifteen/open", post(fifteen_open))
        .route("/api/shisen/open", post(shisen_open))
        .route("/api/hitori/open", post(hitori_open))
        .route("/api/kami/open", post(kami_open))
        .route("/api/fifteen/new", post(fifteen_new))
        .route("/api/fifteen/solve", post(fifteen_solve))
        .route("/api/fifteen/hint", post(fifteen_hint))
        .route("/api/fifteen/pdb", get(fifteen_pdb))
        .route("/api/shisen/new", post(shisen_new))
        .route("/api/shisen/remove", post(shisen_remove))
        .route("/api/shisen/hint", post(shisen_hint))
        .route("/api/shisen/shuffle", post(shisen_shuffle))
        .route("/api/shisen/verdict", post(shisen_verdict))
        .route("/api/shisen/solve", post(shisen_solve))
        .route("/api/hitori/new", post(hitori_new))
        .route("/api/hitori/check", post(hitori_check))
        .route("/api/hitori/hint", post(hitori_hint))
        .route("/api/hitori/solve", post(hitori_solve))
        .route("/api/kami/new", post(kami_new))
        .route("/api/kami/level", post(kami_level))
        .route("/api/kami/play", post(kami_play))
        .route("/api/kami/hint", post(kami_hint))
        .route("/api/kami/solve", post(kami_solve))
        .fallback(fallback)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(body_limit))
        .with_state(state)
}

async fn asset(axum::extract::Path(file): axum::extract::Path<String>) -> Response {
    match assets::asset(&file) {
        Some((kind, text)) => {
            ([(header::CONTENT_TYPE, kind), (header::CACHE_CONTROL, "no-cache")], text).into_response()
        }
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

const GAMES: [&str; 4] = ["fifteen", "shisen", "hitori", "kami"];

#[derive(Serialize)]
struct Games {
    games: [&'static str; 4],
}

async fn games() -> Json<Games> {
    Json(Games { games: GAMES })
}

/// The home page; `/?code=…` redirects to the page of the code's game (`400` with the
/// reason for a code that does not decode).
async fn index(Query(query): Query<std::collections::HashMap<String, String>>) -> Response {
    match query.get("code") {
        None => assets::page("index").into_response(),
        Some(code) => match codes::locate(code) {
            Ok(found) => axum::response::Redirect::to(&found.page).into_response(),
            Err(e) => (StatusCode::BAD_REQUEST, assets::message_page("Not a puzzle code", e.message())).into_response(),
        },
    }
}

async fn code_page(State(s): Shared, Body(req): Body<CodeRequest>) -> Answer<Located> {
    s.jobs.quick(move || codes::locate(&req.code)).await.map(Json)
}

async fn fifteen_open(State(s): Shared, Body(req): Body<CodeRequest>) -> Answer<fifteen::Puzzle> {
    let opened = s.jobs.quick(move || fifteen::read_code(&req)).await?;
    let pdbs = s.pdbs.clone();
    s.jobs.heavy(s.solve_time, move |budget| fifteen::open(opened, &pdbs, budget)).await.map(Json)
}

async fn shisen_open(State(s): Shared, Body(req): Body<CodeRequest>) -> Answer<shisen::Deal> {
    s.jobs.quick(move || shisen::open(&req)).await.map(Json)
}

async fn hitori_open(State(s): Shared, Body(req): Body<CodeRequest>) -> Answer<hitori::Puzzle> {
    let puzzle = s.jobs.quick(move || hitori::read_code(&req)).await?;
    s.jobs.heavy(s.solve_time, move |_| hitori::open(&puzzle)).await.map(Json)
}

async fn kami_open(State(s): Shared, Body(req): Body<CodeRequest>) -> Answer<kami::LevelReply> {
    let level = s.jobs.quick(move || kami::read_code(&req)).await?;
    s.jobs.heavy(s.solve_time, move |budget| Ok(kami::level(level, budget))).await.map(Json)
}

async fn fallback(uri: Uri) -> Response {
    let path = uri.path();
    let Some(rest) = path.strip_prefix("/api/") else {
        return (StatusCode::NOT_FOUND, assets::page("missing")).into_response();
    };
    let game = rest.split('/').next().unwrap_or_default();
    if GAMES.contains(&game) {
        ApiError::not_found(format!("{game} has no endpoint {path}")).into_response()
    } else {
        ApiError::not_found(format!("unknown game {game:?}: the games are {}", GAMES.join(", "))).into_response()
    }
}

async fn method_not_allowed(uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        format!("{} does not take this method (the API's actions are POST with a JSON body)", uri.path()),
    )
}

async fn fifteen_new(State(s): Shared, Body(req): Body<fifteen::NewRequest>) -> Answer<fifteen::Puzzle> {
    let work = s.jobs.quick(move || fifteen::read_new(&req)).await?;
    let pdbs = s.pdbs.clone();
    s.jobs.heavy(s.solve_time, move |budget| fifteen::new(work, &pdbs, budget)).await.map(Json)
}

async fn fifteen_solve(State(s): Shared, Body(req): Body<fifteen::BoardRequest>) -> Answer<fifteen::SolveReply> {
    let puzzle = s.jobs.quick(move || fifteen::read_board(&req)).await?;
    let pdbs = s.pdbs.clone();
    s.jobs.heavy(s.solve_time, move |budget| fifteen::solve(&puzzle, &pdbs, budget)).await.map(Json)
}

async fn fifteen_hint(State(s): Shared, Body(req): Body<fifteen::BoardRequest>) -> Answer<fifteen::SolveReply> {
    let puzzle = s.jobs.quick(move || fifteen::read_board(&req)).await?;
    let pdbs = s.pdbs.clone();
    s.jobs.heavy(s.solve_time, move |budget| fifteen::hint(&puzzle, &pdbs, budget)).await.map(Json)
}

async fn fifteen_pdb(
    State(s): Shared,
    query: Result<Query<fifteen::PdbQuery>, QueryRejection>,
) -> Answer<fifteen::PdbStatus> {
    let Query(req) = query.map_err(|e| ApiError::new(e.status(), e.body_text()))?;
    fifteen::pdb_status(&req, &s.pdbs).map(Json)
}

async fn shisen_new(State(s): Shared, Body(req): Body<shisen::NewRequest>) -> Answer<shisen::Deal> {
    let work = s.jobs.quick(move || shisen::read_new(&req)).await?;
    s.jobs.heavy(s.generate_time, move |budget| shisen::new(&work, budget)).await.map(Json)
}

async fn shisen_remove(State(s): Shared, Body(req): Body<shisen::RemoveRequest>) -> Answer<shisen::RemoveReply> {
    s.jobs.quick(move || shisen::remove(&req)).await.map(Json)
}

async fn shisen_hint(State(s): Shared, Body(req): Body<shisen::BoardRequest>) -> Answer<shisen::HintReply> {
    let work = s.jobs.quick(move || shisen::read_board(&req)).await?;
    s.jobs.heavy(s.solve_time, move |budget| Ok(shisen::hint(&work, budget))).await.map(Json)
}

async fn shisen_shuffle(State(s): Shared, Body(req): Body<shisen::ShuffleRequest>) -> Answer<shisen::ShuffleReply> {
    s.jobs.quick(move || shisen::shuffle(&req)).await.map(Json)
}

async fn shisen_verdict(State(s): Shared, Body(req): Body<shisen::BoardRequest>) -> Answer<shisen::SolveReply> {
    let work = s.jobs.quick(move || shisen::read_board(&req)).await?;
    s.jobs.heavy(s.solve_time, move |budget| Ok(shisen::solve(&work, budget).verdict())).await.map(Json)
}

async fn shisen_solve(State(s): Shared, Body(req): Body<shisen::BoardRequest>) -> Answer<shisen::SolveReply> {
    let work = s.jobs.quick(move || shisen::read_board(&req)).await?;
    s.jobs.heavy(s.solve_time, move |budget| Ok(shisen::solve(&work, budget))).await.map(Json)
}

async fn hitori_new(State(s): Shared, Body(req): Body<hitori::NewRequest>) -> Answer<hitori::Puzzle> {
    let work = s.jobs.quick(move || hitori::read_new(&req)).await?;
    s.jobs.heavy(s.generate_time, move |budget| hitori::new(&work, budget)).await.map(Json)
}

async fn hitori_check(State(s): Shared, Body(req): Body<hitori::StatesRequest>) -> Answer<hitori::CheckReply> {
    s.jobs.quick(move || hitori::check(&req)).await.map(Json)
}

async fn hitori_hint(State(s): Shared, Body(req): Body<hitori::StatesRequest>) -> Answer<hitori::HintReply> {
    let (puzzle, states) = s.jobs.quick(move || hitori::read_states(&req)).await?;
    s.jobs.heavy(s.solve_time, move |_| Ok(hitori::hint(&puzzle, &states))).await.map(Json)
}

async fn hitori_solve(State(s): Shared, Body(req): Body<hitori::PuzzleRequest>) -> Answer<hitori::SolveReply> {
    let puzzle = s.jobs.quick(move || hitori::read_puzzle(&req)).await?;
    s.jobs.heavy(s.solve_time, move |budget| Ok(hitori::solve(&puzzle, budget))).await.map(Json)
}

async fn kami_new(State(s): Shared, Body(req): Body<kami::NewRequest>) -> Answer<kami::LevelReply> {
    let work = s.jobs.quick(move || kami::read_new(&req)).await?;
    s.jobs.heavy(s.generate_time, move |budget| kami::new(&work, budget)).await.map(Json)
}

async fn kami_level(State(s): Shared, Body(req): Body<kami::LevelRequest>) -> Answer<kami::LevelReply> {
    let level = s.jobs.quick(move || kami::read_level(&req)).await?;
    s.jobs.heavy(s.solve_time, move |budget| Ok(kami::level(level, budget))).await.map(Json)
}

async fn kami_play(State(s): Shared, Body(req): Body<kami::PlayRequest>) -> Answer<kami::PlayReply> {
    s.jobs.quick(move || kami::play(&req)).await.map(Json)
}

async fn kami_hint(State(s): Shared, Body(req): Body<kami::LevelRequest>) -> Answer<kami::SolveReply> {
    let level = s.jobs.quick(move || kami::read_level(&req)).await?;
    s.jobs.heavy(s.solve_time, move |budget| Ok(kami::hint(&level, budget))).await.map(Json)
}

async fn kami_solve(State(s): Shared, Body(req): Body<kami::LevelRequest>) -> Answer<kami::SolveReply> {
    let level = s.jobs.quick(move || kami::read_level(&req)).await?;
    s.jobs.heavy(s.solve_time, move |budget| kami::solve(&level, budget)).await.map(Json)
}
