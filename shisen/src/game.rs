//! The game: validated removals, undo and redo, hints, shuffling, and the gravity variant.
//!
//! Gravity: after each removal, in every column the tiles fall toward larger `y` until no
//! empty cell lies below a tile; tiles keep their order within the column.

use engine::{Coord, Grid, SeededRng};
use serde::{Deserialize, Serialize};

use crate::board::{Board, Kind};
use crate::path::{self, Pair, Path};

/// A removal: the two tiles' positions as the board stands at that moment.
pub type Removal = (Coord, Coord);

/// Why a pair cannot be removed.
///
/// ```
/// use engine::Coord;
/// let game = shisen::game::Game::new("A B\nB A".parse().unwrap(), false);
/// let err = game.check(Coord::new(0, 0), Coord::new(1, 1)).unwrap_err();
/// assert_eq!(err, shisen::game::MoveError::NoPath);
/// assert_eq!(err.to_string(), "the tiles do not connect with at most two turns");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, thiserror::Error)]
#[serde(rename_all = "snake_case")]
pub enum MoveError {
    /// A position is outside the board.
    #[error("{},{} is outside the board", .0.x, .0.y)]
    Outside(Coord),
    /// Both positions are the same cell.
    #[error("both positions are the same cell")]
    SameCell,
    /// A position holds no tile.
    #[error("{},{} holds no tile", .0.x, .0.y)]
    EmptyCell(Coord),
    /// The tiles are of kinds that do not match.
    #[error("the tiles are of different kinds")]
    DifferentKinds,
    /// No path with at most two turns joins the tiles.
    #[error("the tiles do not connect with at most two turns")]
    NoPath,
}

/// Checks that the tiles at `a` and `b` may be removed now; returns their shortest path.
///
/// ```
/// use engine::Coord;
/// use shisen::game::{check_move, MoveError};
/// let board: shisen::Board = "A B . A B".parse().unwrap();
/// assert_eq!(check_move(&board, Coord::new(0, 0), Coord::new(1, 0)), Err(MoveError::DifferentKinds));
/// assert_eq!(check_move(&board, Coord::new(0, 0), Coord::new(2, 0)), Err(MoveError::EmptyCell(Coord::new(2, 0))));
/// assert_eq!(check_move(&board, Coord::new(0, 0), Coord::new(9, 0)), Err(MoveError::Outside(Coord::new(9, 0))));
/// assert_eq!(check_move(&board, Coord::new(0, 0), Coord::new(3, 0)).unwrap().length(), 5);
/// ```
pub fn check_move(board: &Board, a: Coord, b: Coord) -> Result<Path, MoveError> {
    for c in [a, b] {
        if board.cells().get(c).is_none() {
            return Err(MoveError::Outside(c));
        }
    }
    if a == b {
        return Err(MoveError::SameCell);
    }
    let (Some(ka), Some(kb)) = (board.get(a), board.get(b)) else {
        return Err(MoveError::EmptyCell(if board.get(a).is_none() { a } else { b }));
    };
    if !board.matches(ka, kb) {
        return Err(MoveError::DifferentKinds);
    }
    path::shortest_path(board, a, b).ok_or(MoveError::NoPath)
}

/// Lets the tiles of every column fall toward larger `y` until no empty cell lies below a
/// tile, keeping their order.
///
/// ```
/// let mut board: shisen::Board = "A B\n. .\nB A".parse().unwrap();
/// shisen::game::apply_gravity(&mut board);
/// assert_eq!(board.to_string(), ". .\nA B\nB A\n");
/// ```
pub fn apply_gravity(board: &mut Board) {
    let (w, h) = (board.width() as i32, board.height() as i32);
    for x in 0..w {
        let mut bottom = h;
        for y in (0..h).rev() {
            if let Some(tile) = board.get(Coord::new(x, y)) {
                bottom -= 1;
                if bottom != y {
                    board.set(Coord::new(x, y), None);
                    board.set(Coord::new(x, bottom), Some(tile));
                }
            }
        }
    }
}

/// What a step of the game did.
///
/// ```
/// use shisen::game::Action;
/// let action = Action::Remove(engine::Coord::new(0, 0), engine::Coord::new(1, 0));
/// assert_eq!(serde_json::to_string(&action).unwrap(), r#"{"remove":[{"x":0,"y":0},{"x":1,"y":0}]}"#);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// The tiles at these positions (as the board stood) were removed.
    Remove(Coord, Coord),
    /// The remaining tiles were shuffled.
    Shuffle,
}

/// One step of the history: what was done, and the cells before and after it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Step {
    action: Action,
    before: Grid<Option<Kind>>,
    after: Grid<Option<Kind>>,
}

/// A game in progress: a board, the gravity rule, and the undo and redo history. Undo and
/// redo restore the exact board, gravity and shuffles included.
///
/// A game is serde (to save it and load it again, history included): the board it started
/// from as its rows, its table of kind labels (removed kinds included), its matching groups
/// when it has some, the gravity rule, the steps made (`done`, oldest first) and the steps
/// undone (`undone`, in the order redo makes them again). A removal is stored as its pair,
/// `{"remove":[{"x":0,"y":0},{"x":1,"y":0}]}`; a shuffle as the kinds it left on the occupied
/// cells in reading order (numbers into the label table), `{"shuffle":[1,0]}`. Loading plays
/// the steps again from the start board (gravity included), so the board, undo and redo come
/// back exact; a removal that is not a legal move there, or a shuffle that does not
/// rearrange the tiles there, is a [`LoadError`].
///
/// ```
/// use engine::Coord;
/// let mut game = shisen::game::Game::new("A B\nB A\nC C".parse().unwrap(), false);
/// assert_eq!(game.hints().len(), 1);
/// game.remove(Coord::new(0, 2), Coord::new(1, 2)).unwrap();
/// assert_eq!(game.board().to_string(), "A B\nB A\n. .\n");
/// assert!(game.undo());
/// assert_eq!(game.board().to_string(), "A B\nB A\nC C\n");
/// assert!(game.redo());
/// assert_eq!(game.board().tile_count(), 4);
/// let saved = serde_json::to_string(&game).unwrap();
/// assert_eq!(
///     saved,
///     r#"{"start":["A B","B A","C C"],"labels":["A","B","C"],"gravity":false,"done":[{"remove":[{"x":0,"y":2},{"x":1,"y":2}]}],"undone":[]}"#
/// );
/// assert_eq!(serde_json::from_str::<shisen::game::Game>(&saved).unwrap(), game);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SavedGame", into = "SavedGame")]
pub struct Game {
    board: Board,
    gravity: bool,
    done: Vec<Step>,
    undone: Vec<Step>,
}

/// The stored form of a [`Game`].
#[derive(Serialize, Deserialize)]
struct SavedGame {
    start: Vec<String>,
    labels: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    groups: Vec<Vec<String>>,
    gravity: bool,
    done: Vec<SavedStep>,
    undone: Vec<SavedStep>,
}

/// The stored form of a step: a removal's pair, or the kinds a shuffle left on the occupied
/// cells in reading order.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum SavedStep {
    Remove(Coord, Coord),
    Shuffle(Vec<u16>),
}

impl SavedStep {
    fn of(step: &Step) -> SavedStep {
        match step.action {
            Action::Remove(a, b) => SavedStep::Remove(a, b),
            Action::Shuffle => SavedStep::Shuffle(step.after.cells().iter().flatten().map(|k| k.0).collect()),
        }
    }
}

/// Why a stored game cannot be loaded.
///
/// ```
/// let text = r#"{"start":["A B","B A"],"labels":["A","B"],"gravity":false,"done":[{"remove":[{"x":0,"y":0},{"x":1,"y":1}]}],"undone":[]}"#;
/// let err = serde_json::from_str::<shisen::game::Game>(text).unwrap_err();
/// assert!(err.to_string().contains("step 1 of the history: the tiles do not connect with at most two turns"), "{err}");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The board's rows are not a board.
    #[error(transparent)]
    Board(#[from] engine::ParseError),
    /// A tile's label is missing from the label table, or the table names a label twice.
    #[error("kind {0:?} is not once in the game's label table")]
    Label(String),
    /// The matching groups do not fit the board.
    #[error(transparent)]
    Groups(#[from] crate::board::GroupError),
    /// A removal of the history is not a legal move on the board as it stood then.
    #[error("step {step} of the history: {source}")]
    Move {
        /// The step's number, counted from 1 over the steps made and then the steps undone.
        step: usize,
        /// Why the removal is refused.
        source: MoveError,
    },
    /// A shuffle of the history does not rearrange the tiles on the board as it stood then.
    #[error("step {step} of the history is not a shuffle of the {tiles} tiles on the board")]
    Shuffle {
        /// The step's number, counted from 1 over the steps made and then the steps undone.
        step: usize,
        /// How many tiles the board held.
        tiles: usize,
    },
}

impl TryFrom<SavedGame> for Game {
    type Error = LoadError;
    fn try_from(saved: SavedGame) -> Result<Game, LoadError> {
        let groups: Vec<Vec<&str>> = saved.groups.iter().map(|g| g.iter().map(String::as_str).collect()).collect();
        let groups: Vec<&[&str]> = groups.iter().map(Vec::as_slice).collect();
        let parsed = Board::parse_grouped(&saved.start.join("\n"), &groups)?;
        let labels = saved.labels;
        let index = |label: &str| match labels.iter().position(|l| l == label) {
            Some(k) if k < usize::from(u16::MAX) && !labels[k + 1..].iter().any(|l| l == label) => Ok(Kind(k as u16)),
            _ => Err(LoadError::Label(label.to_string())),
        };
        let mut board = Board::empty(parsed.width(), parsed.height(), labels.clone());
        for (c, kind) in parsed.cells().iter() {
            if let Some(kind) = kind {
                board.set(c, Some(index(parsed.label(*kind))?));
            }
        }
        let board = if groups.is_empty() { board } else { board.with_groups(&groups)? };
        let mut game = Game::new(board, saved.gravity);
        let redo = saved.undone.len();
        for (i, step) in saved.done.into_iter().chain(saved.undone).enumerate() {
            match step {
                SavedStep::Remove(a, b) => {
                    game.remove(a, b).map_err(|source| LoadError::Move { step: i + 1, source })?;
                }
                SavedStep::Shuffle(kinds) => {
                    if !game.replay_shuffle(&kinds) {
                        return Err(LoadError::Shuffle { step: i + 1, tiles: game.board.tile_count() });
                    }
                }
            }
        }
        for _ in 0..redo {
            game.undo();
        }
        Ok(game)
    }
}

impl From<Game> for SavedGame {
    fn from(game: Game) -> SavedGame {
        let labels = (0..game.board.kind_count()).map(|k| game.board.label(Kind(k as u16)).to_string()).collect();
        let mut start = game.board.clone();
        if let Some(first) = game.done.first() {
            start.restore(&first.before);
        } else if let Some(next) = game.undone.last() {
            start.restore(&next.before);
        }
        SavedGame {
            groups: game.board.groups(),
            start: start.rows(),
            labels,
            gravity: game.gravity,
            done: game.done.iter().map(SavedStep::of).collect(),
            undone: game.undone.iter().rev().map(SavedStep::of).collect(),
        }
    }
}

impl Game {
    /// A new game on `board`, with gravity or not.
    ///
    /// ```
    /// let game = shisen::game::Game::new("A A".parse().unwrap(), true);
    /// assert!(game.gravity());
    /// ```
    #[must_use]
    pub fn new(board: Board, gravity: bool) -> Game {
        Game { board, gravity, done: Vec::new(), undone: Vec::new() }
    }

    /// The board as it stands.
    ///
    /// ```
    /// let game = shisen::game::Game::new("A A".parse().unwrap(), false);
    /// assert_eq!(game.board().tile_count(), 2);
    /// ```
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Whether tiles fall after each removal.
    ///
    /// ```
    /// assert!(!shisen::game::Game::new("A A".parse().unwrap(), false).gravity());
    /// ```
    #[must_use]
    pub fn gravity(&self) -> bool {
        self.gravity
    }

    /// Checks a removal without making it (see [`check_move`]).
    ///
    /// ```
    /// let game = shisen::game::Game::new("A A".parse().unwrap(), false);
    /// assert!(game.check(engine::Coord::new(0, 0), engine::Coord::new(1, 0)).is_ok());
    /// ```
    pub fn check(&self, a: Coord, b: Coord) -> Result<Path, MoveError> {
        check_move(&self.board, a, b)
    }

    /// Removes the tiles at `a` and `b` (then lets tiles fall, under gravity); returns the
    /// path that joined them. Clears the redo history.
    ///
    /// ```
    /// use engine::Coord;
    /// let mut game = shisen::game::Game::new("B .\nA A\nB .".parse().unwrap(), true);
    /// game.remove(Coord::new(0, 1), Coord::new(1, 1)).unwrap();
    /// assert_eq!(game.board().to_string(), ". .\nB .\nB .\n");
    /// ```
    pub fn remove(&mut self, a: Coord, b: Coord) -> Result<Path, MoveError> {
        let path = self.check(a, b)?;
        let before = self.board.cells().clone();
        self.board.set(a, None);
        self.board.set(b, None);
        if self.gravity {
            apply_gravity(&mut self.board);
        }
        self.push(Action::Remove(a, b), before);
        Ok(path)
    }

    fn push(&mut self, action: Action, before: Grid<Option<Kind>>) {
        let after = self.board.cells().clone();
        self.done.push(Step { action, before, after });
        self.undone.clear();
    }

    /// Takes back the last step; `false` when there is none.
    ///
    /// ```
    /// let mut game = shisen::game::Game::new("A A".parse().unwrap(), false);
    /// assert!(!game.undo());
    /// ```
    pub fn undo(&mut self) -> bool {
        let Some(step) = self.done.pop() else { return false };
        self.board.restore(&step.before);
        self.undone.push(step);
        true
    }

    /// Makes the last undone step again; `false` when there is none.
    ///
    /// ```
    /// let mut game = shisen::game::Game::new("A A".parse().unwrap(), false);
    /// assert!(!game.redo());
    /// ```
    pub fn redo(&mut self) -> bool {
        let Some(step) = self.undone.pop() else { return false };
        self.board.restore(&step.after);
        self.done.push(step);
        true
    }

    /// The steps made so far, oldest first (undone ones excluded).
    ///
    /// ```
    /// use engine::Coord;
    /// let mut game = shisen::game::Game::new("A A".parse().unwrap(), false);
    /// game.remove(Coord::new(0, 0), Coord::new(1, 0)).unwrap();
    /// assert_eq!(game.history(), vec![shisen::game::Action::Remove(Coord::new(0, 0), Coord::new(1, 0))]);
    /// ```
    #[must_use]
    pub fn history(&self) -> Vec<Action> {
        self.done.iter().map(|s| s.action).collect()
    }

    /// Every removable pair now (the hint list), sorted by `(y1, x1, y2, x2)`.
    ///
    /// ```
    /// let game = shisen::game::Game::new("A B\nA B".parse().unwrap(), false);
    /// assert_eq!(game.hints().len(), 2);
    /// ```
    #[must_use]
    pub fn hints(&self) -> Vec<Pair> {
        path::removable_pairs(&self.board)
    }

    /// The hint: the removable pair with the shortest connection (see [`crate::hint`]).
    ///
    /// ```
    /// let game = shisen::game::Game::new("A B . A\nB C C .".parse().unwrap(), false);
    /// assert_eq!(game.hint().unwrap().path.length(), 1);
    /// ```
    #[must_use]
    pub fn hint(&self) -> Option<Pair> {
        path::hint(&self.board)
    }

    /// Whether some pair can be removed now.
    ///
    /// ```
    /// let game = shisen::game::Game::new(". A\nA .\n".parse().unwrap(), false);
    /// assert!(game.has_moves());
    /// ```
    #[must_use]
    pub fn has_moves(&self) -> bool {
        has_moves(&self.board)
    }

    /// Whether no tile is left.
    ///
    /// ```
    /// let mut game = shisen::game::Game::new("A A".parse().unwrap(), false);
    /// game.remove(engine::Coord::new(0, 0), engine::Coord::new(1, 0)).unwrap();
    /// assert!(game.is_won());
    /// ```
    #[must_use]
    pub fn is_won(&self) -> bool {
        self.board.is_cleared()
    }

    /// Shuffles the remaining tiles over the cells they occupy (an undoable step). When the
    /// shuffle leaves no move but some arrangement could have one, two tiles are swapped so
    /// that a pair of cells that connect holds matching tiles. Returns whether a move exists
    /// afterwards (`false` only when no arrangement of these tiles on these cells has one).
    ///
    /// ```
    /// let mut game = shisen::game::Game::new("A B\nB A".parse().unwrap(), false);
    /// let mut rng = engine::SeededRng::new(7);
    /// assert!(game.shuffle(&mut rng));
    /// assert!(game.has_moves());
    /// assert_eq!(game.board().kind_counts(), vec![2, 2]);
    /// ```
    pub fn shuffle(&mut self, rng: &mut SeededRng) -> bool {
        let before = self.board.cells().clone();
        let moves = shuffle_tiles(&mut self.board, rng);
        self.push(Action::Shuffle, before);
        moves
    }

    /// Makes a stored shuffle again: puts `kinds` on the occupied cells in reading order, when
    /// they are the tiles on the board in another order; `false` (and no change) otherwise.
    fn replay_shuffle(&mut self, kinds: &[u16]) -> bool {
        let mut now: Vec<u16> = self.board.cells().cells().iter().flatten().map(|k| k.0).collect();
        let mut new = kinds.to_vec();
        now.sort_unstable();
        new.sort_unstable();
        if now != new {
            return false;
        }
        let before = self.board.cells().clone();
        let cells: Vec<Coord> = self.board.cells().iter().filter(|(_, k)| k.is_some()).map(|(c, _)| c).collect();
        for (&c, &k) in cells.iter().zip(kinds) {
            self.board.set(c, Some(Kind(k)));
        }
        self.push(Action::Shuffle, before);
        true
    }
}

/// Whether some pair can be removed on `board`.
///
/// ```
/// assert!(!shisen::game::has_moves(&"A B\nB A".parse().unwrap()));
/// ```
#[must_use]
pub fn has_moves(board: &Board) -> bool {
    path::candidate_pairs(board, |a, b| path::connects(board, a, b))
}

/// The shuffle of [`Game::shuffle`], on a bare board.
fn shuffle_tiles(board: &mut Board, rng: &mut SeededRng) -> bool {
    let cells: Vec<Coord> = board.cells().iter().filter(|(_, k)| k.is_some()).map(|(c, _)| c).collect();
    let mut tiles: Vec<Kind> = cells.iter().filter_map(|&c| board.get(c)).collect();
    rng.shuffle(&mut tiles);
    for (&c, &k) in cells.iter().zip(&tiles) {
        board.set(c, Some(k));
    }
    if has_moves(board) {
        return true;
    }
    // Which cells connect depends only on which cells are occupied, not on the kinds.
    let mut links = Vec::new();
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            if path::connects(board, a, b) {
                links.push((a, b));
            }
        }
    }
    let Some(&(p, q)) = rng.choose(&links) else { return false };
    let kind = board.get(p).expect("p holds a tile");
    // Every class on the board has an even count, so p has a partner somewhere.
    let s = cells.iter().copied().find(|&s| s != p && board.get(s).is_some_and(|k| board.matches(k, kind)));
    let s = s.expect("an even count of every class");
    let (ks, kq) = (board.get(s), board.get(q));
    board.set(s, kq);
    board.set(q, ks);
    true
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// A `w` × `h` board with a seeded arrangement of `kinds` kinds in pairs, some cells empty.
    fn random_board(w: usize, h: usize, kinds: usize, holes: usize, rng: &mut SeededRng) -> Board {
        let n = (w * h).saturating_sub(holes) / 2 * 2;
        let mut tiles: Vec<Option<Kind>> = (0..n).map(|i| Some(Kind((i / 2 % kinds) as u16))).collect();
        tiles.resize(w * h, None);
        rng.shuffle(&mut tiles);
        let mut board = Board::empty(w, h, (0..kinds).map(|k| format!("K{k}")).collect());
        for (i, tile) in tiles.into_iter().enumerate() {
            board.set(Coord::new((i % w) as i32, (i / w) as i32), tile);
        }
        board
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The board's occupancy masks stay equal to a recomputation from the cells through
        /// any sequence of removals (with gravity or not), undo, redo, shuffles and refused
        /// moves; undo gives back the exact board.
        #[test]
        fn masks_stay_in_step(w in 1usize..9, h in 1usize..7, kinds in 1usize..5, holes in 0usize..10, gravity: bool, ops in proptest::collection::vec(0u8..5, 0..40), seed: u64) {
            let mut rng = SeededRng::new(seed);
            let board = random_board(w, h, kinds, holes, &mut rng);
            prop_assert!(board.masks_in_step());
            let mut game = Game::new(board, gravity);
            for op in ops {
                let before = game.board().clone();
                match op {
                    0 => {
                        let hints = game.hints();
                        if let Some(pair) = rng.choose(&hints) {
                            game.remove(pair.a, pair.b).unwrap();
                            prop_assert!(game.undo());
                            prop_assert_eq!(game.board(), &before);
                            prop_assert!(game.redo());
                        }
                    }
                    1 => {
                        game.undo();
                    }
                    2 => {
                        game.redo();
                    }
                    3 => {
                        game.shuffle(&mut rng);
                    }
                    _ => {
                        let a = Coord::new(rng.below(w as u64 + 2) as i32 - 1, rng.below(h as u64 + 2) as i32 - 1);
                        let b = Coord::new(rng.below(w as u64 + 2) as i32 - 1, rng.below(h as u64 + 2) as i32 - 1);
                        if game.remove(a, b).is_err() {
                            prop_assert_eq!(game.board(), &before);
                        }
                    }
                }
                prop_assert!(game.board().masks_in_step(), "{:?}", game.board());
            }
        }

        /// Gravity and single-cell changes keep the masks in step too, also on boards too
        /// big for masks (which have none).
        #[test]
        fn gravity_and_set_keep_masks_in_step(w in 1usize..70, h in 1usize..5, holes in 0usize..40, seed: u64) {
            let mut rng = SeededRng::new(seed);
            let mut board = random_board(w, h, 3, holes, &mut rng);
            for _ in 0..5 {
                let c = Coord::new(rng.below(w as u64) as i32, rng.below(h as u64) as i32);
                board.set(c, None);
                prop_assert!(board.masks_in_step());
                apply_gravity(&mut board);
                prop_assert!(board.masks_in_step());
            }
            prop_assert_eq!(board.masks().is_some(), w <= 62);
        }
    }

    #[test]
    fn errors_say_why() {
        let board: Board = "A B .\nB A .".parse().unwrap();
        let c = Coord::new;
        assert_eq!(check_move(&board, c(0, 0), c(0, 0)), Err(MoveError::SameCell));
        assert_eq!(check_move(&board, c(-1, 0), c(0, 0)), Err(MoveError::Outside(c(-1, 0))));
        assert_eq!(check_move(&board, c(2, 1), c(0, 0)), Err(MoveError::EmptyCell(c(2, 1))));
        assert_eq!(check_move(&board, c(0, 0), c(1, 0)), Err(MoveError::DifferentKinds));
        assert_eq!(check_move(&board, c(0, 0), c(1, 1)), Err(MoveError::NoPath));
        assert_eq!(check_move(&board, c(1, 0), c(0, 1)), Err(MoveError::NoPath));
        let board: Board = "A B .\nB . A".parse().unwrap();
        assert_eq!(check_move(&board, c(0, 0), c(2, 1)).unwrap().length(), 5);
    }

    #[test]
    fn shuffle_makes_a_move_where_possible() {
        // Deadlocked; any shuffle of AB/BA has moves, but check many seeds.
        for seed in 0..50 {
            let mut game = Game::new("A B\nB A".parse().unwrap(), false);
            assert!(game.shuffle(&mut SeededRng::new(seed)));
            assert!(game.has_moves());
        }
        let mut game = Game::new("A B\nB A".parse().unwrap(), true);
        let before = game.board().clone();
        game.shuffle(&mut SeededRng::new(3));
        assert!(game.undo());
        assert_eq!(game.board(), &before);
    }
}
