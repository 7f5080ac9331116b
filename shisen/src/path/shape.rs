//! The [`Path`] value: corner points, length, turns, its text `x,y;x,y;...`, and the
//! tie-break order of [`super`]'s docs.

use std::fmt;
use std::str::FromStr;

use engine::Coord;
use serde::{Deserialize, Serialize};

/// A connection path: its corner points, ends included, from the first cell to the second.
///
/// Text form (`Display` / `FromStr`): the corners as `x,y;x,y;...`, as `shisen pairs` prints
/// them. Serialised as the list of corners.
///
/// ```
/// use engine::Coord;
/// let board = shisen::Board::parse("A . . A").unwrap();
/// let path = shisen::path::shortest_path(&board, Coord::new(0, 0), Coord::new(3, 0)).unwrap();
/// assert_eq!(path.corners(), &[Coord::new(0, 0), Coord::new(3, 0)]);
/// assert_eq!((path.length(), path.turns()), (3, 0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Vec<Coord>", into = "Vec<Coord>")]
pub struct Path {
    points: [Coord; 4],
    count: u8,
    length: u32,
}

impl Path {
    /// Builds a path from corner points (ends included): consecutive points must differ and
    /// lie on one row or column. Repeated points and straight-through corners are dropped.
    /// `None` when a step is diagonal or turns back, more than four corners remain, or the
    /// length does not fit a `u32`.
    ///
    /// ```
    /// use engine::Coord;
    /// let p = shisen::path::Path::from_corners(&[Coord::new(0, 0), Coord::new(0, 2), Coord::new(0, 3)]).unwrap();
    /// assert_eq!(p.corners(), &[Coord::new(0, 0), Coord::new(0, 3)]);
    /// assert!(shisen::path::Path::from_corners(&[Coord::new(0, 0), Coord::new(1, 1)]).is_none());
    /// ```
    #[must_use]
    pub fn from_corners(corners: &[Coord]) -> Option<Path> {
        let mut points = [Coord::new(0, 0); 4];
        let mut count = 0usize;
        let mut length = 0u32;
        for &p in corners {
            if count > 0 {
                let last = points[count - 1];
                if last == p {
                    continue;
                }
                if last.x != p.x && last.y != p.y {
                    return None;
                }
                length = length.checked_add(last.manhattan(p))?;
                if count >= 2 {
                    let before = points[count - 2];
                    let collinear = (before.x == last.x && last.x == p.x) || (before.y == last.y && last.y == p.y);
                    if collinear {
                        // A straight-through point, or a reversal: a reversal is not a path.
                        let forward =
                            last.x.cmp(&before.x) == p.x.cmp(&last.x) && last.y.cmp(&before.y) == p.y.cmp(&last.y);
                        if !forward {
                            return None;
                        }
                        points[count - 1] = p;
                        continue;
                    }
                }
            }
            if count == 4 {
                return None;
            }
            points[count] = p;
            count += 1;
        }
        (count >= 2).then_some(Path { points, count: count as u8, length })
    }

    /// The corner points, ends included, from the first cell to the second.
    ///
    /// ```
    /// use engine::Coord;
    /// let board = shisen::Board::parse("A .\n. A").unwrap();
    /// let p = shisen::path::shortest_path(&board, Coord::new(0, 0), Coord::new(1, 1)).unwrap();
    /// assert_eq!(p.corners(), &[Coord::new(0, 0), Coord::new(1, 0), Coord::new(1, 1)]);
    /// ```
    #[must_use]
    pub fn corners(&self) -> &[Coord] {
        &self.points[..usize::from(self.count)]
    }

    /// Number of unit steps.
    ///
    /// ```
    /// let p = shisen::path::Path::from_corners(&[engine::Coord::new(0, 0), engine::Coord::new(0, 5)]).unwrap();
    /// assert_eq!(p.length(), 5);
    /// ```
    #[must_use]
    pub fn length(&self) -> u32 {
        self.length
    }

    /// Number of turns (corners minus two).
    ///
    /// ```
    /// use engine::Coord;
    /// let p = shisen::path::Path::from_corners(&[Coord::new(0, 0), Coord::new(0, 5), Coord::new(2, 5)]).unwrap();
    /// assert_eq!(p.turns(), 1);
    /// ```
    #[must_use]
    pub fn turns(&self) -> usize {
        usize::from(self.count) - 2
    }

    /// Every cell the path visits, ends included, in order.
    ///
    /// ```
    /// use engine::Coord;
    /// let p = shisen::path::Path::from_corners(&[Coord::new(0, 0), Coord::new(0, 2)]).unwrap();
    /// assert_eq!(p.cells().collect::<Vec<_>>(), vec![Coord::new(0, 0), Coord::new(0, 1), Coord::new(0, 2)]);
    /// ```
    pub fn cells(&self) -> impl Iterator<Item = Coord> + '_ {
        let corners = self.corners();
        std::iter::once(corners[0]).chain(corners.windows(2).flat_map(|w| {
            let (dx, dy) = (w[1].x.cmp(&w[0].x) as i64, w[1].y.cmp(&w[0].y) as i64);
            let (x, y) = (i64::from(w[0].x), i64::from(w[0].y));
            (1..=i64::from(w[0].manhattan(w[1]))).map(move |i| Coord::new((x + dx * i) as i32, (y + dy * i) as i32))
        }))
    }

    /// The corners as `x,y;x,y;...`, the format of `shisen pairs`.
    ///
    /// ```
    /// use engine::Coord;
    /// let p = shisen::path::Path::from_corners(&[Coord::new(0, 0), Coord::new(0, -1), Coord::new(2, -1)]).unwrap();
    /// assert_eq!(p.corners_text(), "0,0;0,-1;2,-1");
    /// ```
    #[must_use]
    pub fn corners_text(&self) -> String {
        self.corners().iter().map(|c| format!("{},{}", c.x, c.y)).collect::<Vec<_>>().join(";")
    }

    /// A path from corner points already in normal form (consecutive ones distinct and on one
    /// line, no straight-through corner): the first `count` of `points`, `length` steps.
    /// Unused points are zeroed, as [`Path::from_corners`] leaves them (paths compare whole).
    pub(super) fn raw(mut points: [Coord; 4], count: u8, length: u32) -> Path {
        for p in &mut points[usize::from(count)..] {
            *p = Coord::new(0, 0);
        }
        Path { points, count, length }
    }

    /// The tie-break order of the module docs: length, turns, then corners as `(y, x)`.
    pub(super) fn better_than(&self, other: &Path) -> bool {
        let key = |p: &Path| (p.length, p.count);
        match key(self).cmp(&key(other)) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => {
                let yx = |c: &Coord| (c.y, c.x);
                self.corners().iter().map(yx).lt(other.corners().iter().map(yx))
            }
        }
    }
}

/// Why corner points or text do not make a [`Path`].
///
/// ```
/// let err = "0,0;1,1".parse::<shisen::Path>().unwrap_err();
/// assert_eq!(err, shisen::path::PathError::NotAPath);
/// assert_eq!("0,0;x".parse::<shisen::Path>().unwrap_err().to_string(), "\"x\" is not a point x,y");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PathError {
    /// A corner is not written `x,y` with whole numbers.
    #[error("{0:?} is not a point x,y")]
    Point(String),
    /// The points do not make a path of at most three straight segments (see
    /// [`Path::from_corners`]).
    #[error("not a path of at most three straight segments between two cells")]
    NotAPath,
}

impl TryFrom<Vec<Coord>> for Path {
    type Error = PathError;
    fn try_from(corners: Vec<Coord>) -> Result<Path, PathError> {
        Path::from_corners(&corners).ok_or(PathError::NotAPath)
    }
}

impl From<Path> for Vec<Coord> {
    fn from(path: Path) -> Vec<Coord> {
        path.corners().to_vec()
    }
}

impl fmt::Display for Path {
    /// The corners as `x,y;x,y;...` (the same as [`Path::corners_text`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.corners().iter().enumerate() {
            if i > 0 {
                f.write_str(";")?;
            }
            write!(f, "{},{}", c.x, c.y)?;
        }
        Ok(())
    }
}

impl FromStr for Path {
    type Err = PathError;

    /// Reads `x,y;x,y;...` (spaces around numbers allowed) through [`Path::from_corners`].
    ///
    /// ```
    /// let p: shisen::Path = "0,0;0,-1;2,-1;2,0".parse().unwrap();
    /// assert_eq!((p.length(), p.to_string().as_str()), (4, "0,0;0,-1;2,-1;2,0"));
    /// ```
    fn from_str(text: &str) -> Result<Path, PathError> {
        let point = |t: &str| {
            let bad = || PathError::Point(t.to_string());
            let (x, y) = t.split_once(',').ok_or_else(bad)?;
            Ok(Coord::new(x.trim().parse().map_err(|_| bad())?, y.trim().parse().map_err(|_| bad())?))
        };
        let corners = text.trim().split(';').map(point).collect::<Result<Vec<Coord>, PathError>>()?;
        Path::from_corners(&corners).ok_or(PathError::NotAPath)
    }
}

/// The better of two candidate paths in the tie-break order.
pub(super) fn keep(best: Option<Path>, candidate: Option<Path>) -> Option<Path> {
    match (best, candidate) {
        (Some(p), Some(q)) => Some(if q.better_than(&p) { q } else { p }),
        (p, q) => p.or(q),
    }
}
