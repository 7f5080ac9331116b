//! The playground's integration tests, one binary: the JSON API and the pages over real
//! HTTP on the loopback (`api`), and a request storm (`storm`).

mod api;
mod common;
mod storm;
