//! Generated fixtures are current and every fixture file is in canonical form.

#[test]
fn fixtures_are_current_and_canonical() {
    let problems = xtask::fixtures::check(&xtask::workspace_root()).unwrap();
    let listing: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert!(problems.is_empty(), "run `cargo xtask fixtures`:\n{}", listing.join("\n"));
}
