//! The workspace is tidy: `cargo xtask tidy` finds nothing.

#[test]
fn the_workspace_is_tidy() {
    let problems = xtask::tidy::check(&xtask::workspace_root());
    let listing: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert!(problems.is_empty(), "`cargo xtask tidy` finds:\n{}", listing.join("\n"));
}
