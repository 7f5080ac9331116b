//! The one RON style of the workspace: every fixture writer prints with [`pretty_config`],
//! so regenerated files are byte-identical and hand-written ones can be checked for tidiness.

use std::fmt;

use ron::ser::PrettyConfig;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The shared pretty-printing style: four-space indent, `"\n"` line ends on every
/// platform, no struct names, compact one-line tuples and arrays of scalars are not
/// special-cased (one item per line), and a final newline added by [`to_ron`].
///
/// ```
/// let cfg = engine::pretty_config();
/// assert_eq!(cfg.new_line.as_ref(), "\n");
/// ```
#[must_use]
pub fn pretty_config() -> PrettyConfig {
    PrettyConfig::new().new_line("\n").indentor("    ").separate_tuple_members(false).struct_names(false)
}

/// A RON (de)serialisation error, with the position RON reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RonError(pub String);

impl fmt::Display for RonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RonError {}

/// `value` printed in the shared style, ending with a newline.
///
/// ```
/// #[derive(serde::Serialize)]
/// struct P { x: i32, tags: Vec<String> }
/// let text = engine::to_ron(&P { x: 1, tags: vec!["a".into()] }).unwrap();
/// assert_eq!(text, "(\n    x: 1,\n    tags: [\n        \"a\",\n    ],\n)\n");
/// ```
pub fn to_ron<T: Serialize + ?Sized>(value: &T) -> Result<String, RonError> {
    let mut text = ron::ser::to_string_pretty(value, pretty_config()).map_err(|e| RonError(e.to_string()))?;
    text.push('\n');
    Ok(text)
}

/// Parses RON text.
///
/// ```
/// let v: Vec<u8> = engine::from_ron("[1, 2]").unwrap();
/// assert_eq!(v, vec![1, 2]);
/// assert!(engine::from_ron::<Vec<u8>>("[1, x]").is_err());
/// ```
pub fn from_ron<T: DeserializeOwned>(text: &str) -> Result<T, RonError> {
    ron::from_str(text).map_err(|e| RonError(e.to_string()))
}

/// The canonical text of a RON document of type `T`: parse it, print it with the shared
/// style. A file is tidy when this returns its own bytes.
///
/// ```
/// let messy = "[1,2,\n 3]";
/// let tidy = engine::canonical_ron::<Vec<u8>>(messy).unwrap();
/// assert_eq!(tidy, "[\n    1,\n    2,\n    3,\n]\n");
/// assert_eq!(engine::canonical_ron::<Vec<u8>>(&tidy).unwrap(), tidy);
/// ```
pub fn canonical_ron<T: Serialize + DeserializeOwned>(text: &str) -> Result<String, RonError> {
    to_ron(&from_ron::<T>(text)?)
}
