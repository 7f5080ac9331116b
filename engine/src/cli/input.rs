//! Where a command reads its input, and running a binary from its tests.

use std::ffi::OsStr;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

/// Where a command reads its INPUT arguments from: a binary reads files and `-` (standard
/// input) through [`crate::read_input`]; an in-process test gives the text of `-` itself
/// and, unless it allows files, no file is read (arbitrary arguments in a property test
/// never touch the file system). The command is written once against [`Input::read`].
///
/// ```
/// use engine::cli::Input;
/// // What the binary does: files from disk, `-` from the process's standard input.
/// assert!(Input::process().read("/no/such/file").is_err());
/// // What an in-process test does:
/// let input = Input::stdin("1 2\n");
/// assert_eq!(input.read("-").unwrap(), ("<stdin>".to_string(), "1 2\n".to_string()));
/// let refused = input.read("puzzle.txt").unwrap_err();
/// assert_eq!(refused.to_string(), "puzzle.txt: cannot read: no files are read in this run");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Input<'a> {
    /// The text of `-`; `None` reads the process's standard input.
    stdin: Option<&'a str>,
    /// Whether other sources are files read from disk (else refused).
    files: bool,
}

impl<'a> Input<'a> {
    /// Files from disk and `-` from the process's standard input: [`crate::read_input`].
    ///
    /// ```
    /// assert_eq!(engine::cli::Input::process(), engine::cli::Input::default().with_files());
    /// ```
    #[must_use]
    pub fn process() -> Input<'a> {
        Input { stdin: None, files: true }
    }

    /// `-` is `text` (named `<stdin>`), and no file is read: any other source is an
    /// [`InputError`](crate::InputError) naming it.
    ///
    /// ```
    /// let input = engine::cli::Input::stdin("");
    /// assert_eq!(input.read("-").unwrap().1, "");
    /// assert!(input.read("Cargo.toml").is_err());
    /// ```
    #[must_use]
    pub fn stdin(text: &'a str) -> Input<'a> {
        Input { stdin: Some(text), files: false }
    }

    /// The same input, with sources other than `-` read from disk.
    ///
    /// ```
    /// let input = engine::cli::Input::stdin("1 0\n").with_files();
    /// assert_eq!(input.read("-").unwrap().1, "1 0\n");
    /// assert!(input.read("/no/such/file").unwrap_err().to_string().starts_with("/no/such/file: cannot read: "));
    /// ```
    #[must_use]
    pub fn with_files(self) -> Input<'a> {
        Input { files: true, ..self }
    }

    /// The text of `source` (a file path, or `-` for standard input) and the name to put in
    /// error messages (`<stdin>` for `-`), as [`crate::read_input`] gives them.
    ///
    /// # Errors
    /// The source cannot be read, or it is a file and this input reads no files.
    pub fn read(&self, source: &str) -> Result<(String, String), crate::InputError> {
        match self.stdin {
            Some(text) if source == "-" => Ok(("<stdin>".to_string(), text.to_string())),
            _ if self.files || (source == "-" && self.stdin.is_none()) => crate::read_input(source),
            _ => Err(crate::InputError {
                source_name: source.to_string(),
                error: std::io::Error::new(std::io::ErrorKind::NotFound, "no files are read in this run"),
            }),
        }
    }
}

/// What a finished process printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ran {
    /// The exit code (`-1` if the process was killed by a signal).
    pub code: i32,
    /// Standard output, lossily decoded.
    pub stdout: String,
    /// Standard error, lossily decoded.
    pub stderr: String,
}

/// Runs the binary at `path` with `args`, extra environment variables `env` and `stdin` as
/// its standard input, and waits for it. A binary that exits before reading its input
/// (a usage error) is not an error.
///
/// ```
/// # #[cfg(unix)] {
/// let ran = engine::cli::run_binary("cat", &["-"], &[], "hello\n").unwrap();
/// assert_eq!((ran.code, ran.stdout.as_str(), ran.stderr.as_str()), (0, "hello\n", ""));
/// # }
/// ```
///
/// # Errors
/// The binary cannot be started or waited for.
pub fn run_binary(path: impl AsRef<OsStr>, args: &[&str], env: &[(&str, &Path)], stdin: &str) -> std::io::Result<Ran> {
    let mut child = Command::new(path)
        .args(args)
        .envs(env.iter().map(|&(k, v)| (k, v)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()?;
    if let Some(mut input) = child.stdin.take() {
        // A broken pipe only means the binary did not read all of its input.
        let _ = input.write_all(stdin.as_bytes());
    }
    let out = child.wait_with_output()?;
    Ok(Ran {
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    })
}
