//! `cargo xtask scale`: runs the GNU parallel recipe of `docs/scale.md` for real, for every
//! game, with 4 shards of a small seed range, and checks that the merged pack is byte for
//! byte the pack of one run over the whole range (and that it verifies).
//!
//! The recipe is read from the document (the `sh` block after `<!-- recipe: gnu-parallel -->`),
//! so the document and the test cannot drift apart; its variable lines (`GAME=`, `OPTIONS=`,
//! `SEEDS=`, `N=`) are replaced by each game's values. Debian's `parallel` is installed when
//! missing, as `cargo xtask e2e` installs Chromium.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The marker before the recipe's code block in `docs/scale.md`.
pub const MARKER: &str = "<!-- recipe: gnu-parallel -->";

/// Each game, the pack options of the run (small boards: the debug binaries run them), and
/// the seed range.
pub const GAMES: [(&str, &str, &str); 4] = [
    ("hitori", "--size 6 --difficulty easy,medium,hard", "0..48"),
    ("shisen", "--size 8x4 --gravity", "0..40"),
    ("fifteen", "--size 3x3 --length 10..24", "0..60"),
    ("kami", "--size 6x8 --colors 3 --regions 8 --par 2..5", "0..40"),
];

/// The variables the recipe sets, replaced by each game's values.
const VARIABLES: [&str; 4] = ["GAME=", "OPTIONS=", "SEEDS=", "N="];

/// Runs the recipe for every game (no arguments).
///
/// # Errors
/// A one-line message: the recipe is missing, a build or a shard failed, or the merged pack
/// differs from one run.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    if !args.is_empty() {
        return Err("usage: cargo xtask scale".to_string());
    }
    let doc = std::fs::read_to_string(root.join("docs/scale.md")).map_err(|e| format!("docs/scale.md: {e}"))?;
    let recipe = recipe(&doc)?;
    install_parallel()?;
    let status = Command::new(crate::cargo())
        .args(["build", "--bins", "-p", "hitori", "-p", "shisen", "-p", "fifteen", "-p", "kami"])
        .current_dir(root)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("cannot build the game binaries".to_string());
    }
    let bin = target_dir(root).join("debug");
    for (game, options, seeds) in GAMES {
        let dir = std::env::temp_dir().join(format!("puzzle-scale-{game}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let result = check_game(&bin, &dir, &recipe, game, options, seeds);
        let _ = std::fs::remove_dir_all(&dir);
        result?;
    }
    Ok(())
}

/// The recipe's shell lines, without its variable lines.
///
/// ```
/// let doc = "x\n<!-- recipe: gnu-parallel -->\n```sh\nGAME=hitori   # a game\nN=4\nparallel x\n```\n";
/// assert_eq!(xtask::scale::recipe(doc).unwrap(), "parallel x\n");
/// ```
///
/// # Errors
/// The marker or its code block is missing.
pub fn recipe(doc: &str) -> Result<String, String> {
    let after = doc.split_once(MARKER).ok_or("docs/scale.md has no GNU parallel recipe")?.1;
    let block =
        after.split_once("```sh\n").and_then(|(_, b)| b.split_once("```")).ok_or("the recipe has no sh block")?.0;
    let mut lines: Vec<&str> = block.lines().filter(|l| !VARIABLES.iter().any(|v| l.starts_with(v))).collect();
    lines.push("");
    Ok(lines.join("\n"))
}

/// Runs the recipe for one game in `dir`, then one pack over the whole range, and compares.
fn check_game(bin: &Path, dir: &Path, recipe: &str, game: &str, options: &str, seeds: &str) -> Result<(), String> {
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap_or_default());
    let started = std::time::Instant::now();
    let output = Command::new("bash")
        .args(["-euo", "pipefail", "-c", recipe])
        .current_dir(dir)
        .env("PATH", &path)
        .env("PARALLEL", "--will-cite")
        .env("GAME", game)
        .env("OPTIONS", options)
        .env("SEEDS", seeds)
        .env("N", "4")
        .output()
        .map_err(|e| format!("cannot run bash: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "{game}: the GNU parallel recipe failed: {}",
            String::from_utf8_lossy(&output.stderr).trim()
        ));
    }
    let mut single = Command::new(bin.join(game));
    single.args(["pack", "--seeds", seeds]).args(options.split_whitespace()).args(["--out", "single.jsonl"]);
    let status = single.current_dir(dir).output().map_err(|e| format!("cannot run {game}: {e}"))?;
    if !status.status.success() {
        return Err(format!("{game} pack failed: {}", String::from_utf8_lossy(&status.stderr).trim()));
    }
    let read = |name: &str| std::fs::read(dir.join(name)).map_err(|e| format!("{game}: {name}: {e}"));
    let (merged, whole) = (read("pack.jsonl")?, read("single.jsonl")?);
    let shards = (0..4).filter(|i| read(&format!("shard-{i}.jsonl")).is_ok_and(|s| !s.is_empty())).count();
    let entries = String::from_utf8_lossy(&whole).lines().count();
    if merged != whole {
        return Err(format!("{game}: the 4 merged shards differ from one run over {seeds}"));
    }
    if entries == 0 || shards < 2 {
        return Err(format!("{game}: {entries} entries in {shards} non-empty shards: the check proves nothing"));
    }
    eprintln!(
        "scale: {game}: 4 shards by GNU parallel, merged = one run ({entries} entries, {:.1} s)",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

/// Installs Debian's `parallel` when it is missing (as root).
fn install_parallel() -> Result<(), String> {
    let found = Command::new("parallel").arg("--version").output().is_ok_and(|o| o.status.success());
    if found {
        return Ok(());
    }
    eprintln!("scale: installing GNU parallel");
    crate::apt_install(&["parallel"])
}
