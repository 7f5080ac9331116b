//! `kami generate`: a random level with its proven optimum in a `# par: N` header; the
//! generator's options (`--size RxC`, `--colors`, `--regions`) that `pack` shares.

use engine::cli::{Failure, PuzzleFormat, PuzzleFormatArg, TimeoutArg};
use engine::{SeededRng, Size, SizeError, SizeLimits};
use kami::Level;
use kami::generate::{GenerateError, MAX_SIDE, MAX_TRIANGLES, Spec, generate_within};
use serde::Serialize;

use crate::search::reason_word;

/// The sizes `generate --size` accepts: at most 200 rows and 200 columns, at most 10000
/// triangles (a side of 0 is left to `generate`, which names it).
const SIZE_LIMITS: SizeLimits = SizeLimits::new(0, MAX_SIDE).with_max_cells(MAX_TRIANGLES);

/// The generator's options, shared by `generate` and `pack`.
#[derive(clap::Args)]
pub(crate) struct LevelArgs {
    /// Size `RxC`: rows and columns of triangles (at most 200 each, 10000 triangles).
    #[arg(long, default_value = "29x10")]
    size: String,
    /// Number of colours (1-36).
    #[arg(long, alias = "colours", default_value_t = 4)]
    colors: usize,
    /// Number of regions, exactly (from the colour count to the triangles, at most 1000).
    #[arg(long, default_value_t = 40)]
    regions: usize,
}

impl LevelArgs {
    /// The generator's spec, or a one-line message naming a bad `--size`.
    pub(crate) fn spec(&self) -> Result<Spec, Failure> {
        let size = parse_size(&self.size)?;
        Ok(Spec::default().with_size(size).with_colours(self.colors).with_regions(self.regions))
    }
}

/// `kami generate`'s arguments.
#[derive(clap::Args)]
pub(crate) struct GenerateArgs {
    #[command(flatten)]
    level: LevelArgs,
    /// Random seed: the same seed gives the same level.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    timeout: TimeoutArg,
    #[command(flatten)]
    output: PuzzleFormatArg,
}

/// `generate --json`.
#[derive(Serialize)]
struct GenerateJson {
    /// The level in the level text format (`null` when the --timeout ran out).
    level: Option<String>,
    /// Its proven optimum.
    #[serde(skip_serializing_if = "Option::is_none")]
    par: Option<u32>,
    /// Its code, par included (`null` when the --timeout ran out).
    code: Option<String>,
    /// Why generation gave up (`time_limit`), when it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<&'static str>,
    rows: usize,
    cols: usize,
    colours: usize,
    regions: usize,
    seed: u64,
}

/// The `--size RxC` argument (rows x columns) as a [`Size`] (`width` = columns, `height`
/// = rows), or a message naming it and its limit.
fn parse_size(size: &str) -> Result<Size, Failure> {
    match Size::parse(size, &SIZE_LIMITS) {
        // `RxC` reads as `WxH` with the rows first.
        Ok(s) => Ok(Size::new(s.height, s.width)),
        Err(SizeError::Malformed) => Err(Failure(2, format!("--size {size:?}: expected RxC, for example 29x10"))),
        Err(SizeError::Side { .. } | SizeError::Cells { .. }) => Err(Failure(
            2,
            format!("--size {size:?}: at most {MAX_SIDE} rows, {MAX_SIDE} columns and {MAX_TRIANGLES} triangles"),
        )),
    }
}

/// `kami generate [--size RxC] [--colors K] [--regions N] [--seed S] [--timeout S] [--format F]`.
pub(crate) fn run(args: &GenerateArgs, json: bool) -> Result<(u8, String), Failure> {
    let &GenerateArgs { seed, output: PuzzleFormatArg { format }, .. } = args;
    let spec = args.level.spec()?;
    let doc = |level: Option<&Level>, reason| GenerateJson {
        level: level.map(ToString::to_string),
        par: level.and_then(|l| l.par),
        code: level.and_then(|l| kami::code::encode(l).ok()),
        reason,
        rows: spec.rows,
        cols: spec.cols,
        colours: spec.colours,
        regions: spec.regions,
        seed,
    };
    let advice = "no level yet: --timeout S stops the generation; fewer --regions or a smaller --size are quicker";
    let (budget, watch) = engine::cli::watch(args.timeout.budget(), advice);
    let generated = generate_within(&spec, &mut SeededRng::new(seed), &budget);
    drop(watch);
    match generated {
        Ok(level) if json => Ok((0, engine::cli::json_line(&doc(Some(&level), None)))),
        Ok(level) if format == PuzzleFormat::Code => {
            let code = kami::code::encode(&level).map_err(|e| Failure(2, format!("generate: {e}")))?;
            Ok((0, format!("{code}\n")))
        }
        Ok(level) => Ok((0, level.to_string())),
        Err(GenerateError::GaveUp(reason)) if json => {
            Ok((3, engine::cli::json_line(&doc(None, Some(reason_word(reason))))))
        }
        Err(e @ GenerateError::GaveUp(_)) => Err(Failure(3, format!("generate: {e}"))),
        Err(e) => Err(Failure(2, format!("generate: {e}"))),
    }
}
