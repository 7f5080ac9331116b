//! Hints for a game in progress: the next move of an optimal solution from the position
//! on the board, how many moves remain, and whether the player can still make par.
//!
//! A hint is the first move of the solver's answer for the position as it stands (for a
//! [`Game`], its [`Game::level`]), so it inherits the solver's guarantees: the move is
//! replayed through flood fill, and when the solver proves its answer optimal, playing the
//! hint lowers the optimum by exactly one. Under a budget that runs out, the hint is the
//! first move of the best solution found, and the proven lower bound says how far from
//! optimal it may be.
//!
//! An [`Advisor`] keeps the solutions it found: every position along one gets its hint at
//! once (the rest of an optimal solution is optimal from any position on it), so a game
//! searches again only when the player leaves the solutions found so far; undo returns to
//! positions already known.
//!
//! ```
//! use kami::hint::{Hint, hint};
//! use kami::{Game, Move, Options};
//!
//! let level: kami::Level = "0120\n1201\n".parse().unwrap();
//! let par = kami::solver::optimal(&level).unwrap().len() as u32;
//! let mut game = Game::new(&level);
//! // A player's move that wastes one: the par is out of reach from here.
//! game.play(Move::new(0, 0, 2)).unwrap();
//! let Hint::Play { next, moves_left, optimal: true, .. } = hint(game.level(), &Options::default()) else {
//!     panic!("a small level is solved optimally")
//! };
//! assert!(game.moves().len() as u32 + moves_left > par);
//! // Following the hints finishes in exactly `moves_left` moves.
//! game.play(next).unwrap();
//! let mut played = 1;
//! while let Hint::Play { next, .. } = hint(game.level(), &Options::default()) {
//!     game.play(next).unwrap();
//!     played += 1;
//! }
//! assert!(game.is_solved());
//! assert_eq!(played, moves_left);
//! ```

use rustc_hash::FxHashMap;

use engine::Grid;

use serde::{Deserialize, Serialize};

use crate::solver::{Options, Solved as Outcome, solve_solved};
use crate::{Colour, Game, Level, Move};

/// A hint for a position (see the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Hint {
    /// The position is solved: every triangle has one colour.
    Solved,
    /// Play `next`: the first move of a solution of `moves_left` moves from the position.
    Play {
        /// The move to play.
        next: Move,
        /// The moves of the solution `next` begins, `next` included.
        moves_left: u32,
        /// Whether `moves_left` is proven to be the least possible (then equal to
        /// `lower_bound`).
        optimal: bool,
        /// A proven lower bound on the moves the position needs.
        lower_bound: u32,
    },
    /// The budget ran out before any solution was found (only levels whose islands are
    /// too big for the search).
    Unknown {
        /// A proven lower bound on the moves the position needs.
        lower_bound: u32,
    },
}

/// The hint for the position `level` (for a game, [`Game::level`]), searched within
/// `options`.
///
/// ```
/// use kami::hint::{Hint, hint};
///
/// let level: kami::Level = "0011\n0011\n".parse().unwrap();
/// let found = hint(&level, &kami::Options::default());
/// assert!(matches!(found, Hint::Play { moves_left: 1, optimal: true, lower_bound: 1, .. }));
/// assert_eq!(hint(&"00\n".parse().unwrap(), &kami::Options::default()), Hint::Solved);
/// ```
#[must_use]
pub fn hint(level: &Level, options: &Options) -> Hint {
    search(level, options).0
}

/// The hint for `level` with the solution its move begins (empty when solved or none).
fn search(level: &Level, options: &Options) -> (Hint, Vec<Move>) {
    let (moves, optimal, lower_bound) = match solve_solved(level, options).0 {
        Outcome::Optimal(moves) => {
            let n = count(&moves);
            (moves, true, n)
        }
        Outcome::GaveUp { lower_bound, best: Some(moves) } => (moves, false, lower_bound),
        Outcome::GaveUp { lower_bound, best: None } => return (Hint::Unknown { lower_bound }, Vec::new()),
    };
    let found = match moves.first() {
        None => Hint::Solved,
        Some(&next) => Hint::Play { next, moves_left: count(&moves), optimal, lower_bound },
    };
    (found, moves)
}

/// Whether the player of `game` can still solve it within `par` moves in all: the moves
/// played so far plus the optimal moves left. `None` when the budget ran out before that
/// was decided (the best solution found is too long and the lower bound does not rule the
/// par out).
///
/// ```
/// use kami::{Game, Move, Options};
///
/// let level: kami::Level = "0120\n1201\n".parse().unwrap();
/// let par = kami::solver::optimal(&level).unwrap().len() as u32;
/// let mut game = Game::new(&level);
/// assert_eq!(kami::hint::can_make_par(&game, par, &Options::default()), Some(true));
/// game.play(Move::new(0, 0, 2)).unwrap();
/// assert_eq!(kami::hint::can_make_par(&game, par, &Options::default()), Some(false));
/// ```
#[must_use]
pub fn can_make_par(game: &Game, par: u32, options: &Options) -> Option<bool> {
    let played = count(&game.moves());
    let Some(budget) = par.checked_sub(played) else { return Some(false) };
    match hint(game.level(), options) {
        Hint::Solved => Some(true),
        Hint::Play { moves_left, .. } if moves_left <= budget => Some(true),
        Hint::Play { lower_bound, .. } | Hint::Unknown { lower_bound } if lower_bound > budget => Some(false),
        Hint::Play { .. } | Hint::Unknown { .. } => None,
    }
}

/// Hints for one game that search only when needed (see the [module docs](self)): the
/// hints of every position along the solutions found so far are kept.
///
/// ```
/// use kami::hint::{Advisor, Hint};
/// use kami::{Game, Options};
///
/// let level: kami::Level = "0120\n1201\n2012\n".parse().unwrap();
/// let mut advisor = Advisor::new(Options::default());
/// let mut game = Game::new(&level);
/// while let Hint::Play { next, .. } = advisor.hint(game.level()) {
///     game.play(next).unwrap();
/// }
/// assert!(game.is_solved());
/// assert_eq!(game.moves().len(), kami::solver::optimal(&level).unwrap().len());
/// assert_eq!(advisor.searches(), 1); // the first search's solution served every hint
/// ```
#[derive(Clone, Debug, Default)]
pub struct Advisor {
    options: Options,
    known: FxHashMap<Grid<Option<Colour>>, Hint>,
    searches: usize,
}

impl Advisor {
    /// An advisor searching under `options` (a time limit counts from each search; a
    /// deadline is an instant: give a new advisor for each game, or only node limits).
    #[must_use]
    pub fn new(options: Options) -> Self {
        Advisor { options, known: FxHashMap::default(), searches: 0 }
    }

    /// The hint for the position `level` (for a game, [`Game::level`]): the known one when
    /// the position lies on a solution found before, else [`hint`]'s, whose solution's
    /// positions are then kept.
    pub fn hint(&mut self, level: &Level) -> Hint {
        if let Some(&known) = self.known.get(level.cells()) {
            return known;
        }
        self.searches += 1;
        let (found, moves) = search(level, &self.options);
        self.known.insert(level.cells().clone(), found);
        if let Hint::Play { optimal, lower_bound, .. } = found {
            self.learn(level, &moves, optimal, lower_bound);
        }
        found
    }

    /// How many searches the advisor has run.
    #[must_use]
    pub fn searches(&self) -> usize {
        self.searches
    }

    /// Keeps the hints of the positions along `moves`, a solution of `level` (which needs
    /// at least `lower_bound` moves). `i` moves into a solution of `k` moves, the rest
    /// takes `k − i` and the position needs at least `lower_bound − i` (else the start
    /// would need fewer than `lower_bound`); the rest of an optimal solution is optimal.
    /// A position already known keeps the better of its two hints, with the larger bound
    /// (optimal when that bound meets its moves).
    fn learn(&mut self, level: &Level, moves: &[Move], optimal: bool, lower_bound: u32) {
        let mut game = Game::new(level);
        let k = count(moves);
        for (i, &mv) in (1..).zip(moves) {
            if game.play(mv).is_err() {
                return;
            }
            let rest = &moves[i as usize..];
            let found = match rest.first() {
                None => Hint::Solved,
                Some(&next) => Hint::Play {
                    next,
                    moves_left: k - i,
                    optimal,
                    lower_bound: if optimal { k - i } else { lower_bound.saturating_sub(i) },
                },
            };
            let entry = self.known.entry(game.level().cells().clone()).or_insert(found);
            let bound = bound_of(*entry).max(bound_of(found));
            if better(found, *entry) {
                *entry = found;
            }
            if let Hint::Play { lower_bound, moves_left, optimal, .. } = entry {
                *lower_bound = bound;
                *optimal |= bound >= *moves_left;
            }
        }
    }
}

/// A hint's proven lower bound.
fn bound_of(h: Hint) -> u32 {
    match h {
        Hint::Solved => 0,
        Hint::Play { lower_bound, .. } | Hint::Unknown { lower_bound } => lower_bound,
    }
}

/// Whether hint `a` is better than `b` for the same position: proven optimal first, then
/// fewer moves.
fn better(a: Hint, b: Hint) -> bool {
    match (a, b) {
        (Hint::Play { moves_left: ka, optimal: oa, .. }, Hint::Play { moves_left: kb, optimal: ob, .. }) => {
            (oa, std::cmp::Reverse(ka)) > (ob, std::cmp::Reverse(kb))
        }
        (Hint::Solved | Hint::Play { .. }, Hint::Unknown { .. }) => true,
        _ => false,
    }
}

fn count(moves: &[Move]) -> u32 {
    u32::try_from(moves.len()).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;
    use crate::game::{is_solved, replay};
    use crate::solver::bfs_optimum;
    use crate::testutil::level_strategy;

    /// The level after playing the taps `picks` (indices into the level's triangles, with
    /// colours), skipping taps that change nothing.
    fn position(level: &Level, picks: &[(usize, u8)]) -> Game {
        let mut game = Game::new(level);
        let palette = level.colours_used();
        let cols = level.cols();
        for &(cell, c) in picks {
            let cell = cell % (level.rows() * cols);
            let colour = palette[usize::from(c) % palette.len()];
            let _ = game.play(Move::new(cell / cols, cell % cols, colour));
        }
        game
    }

    proptest! {
        // A level the exhaustive reference cannot decide within 5,000 states is drawn again
        // (`prop_assume!`); the test fails when that happens for more than half the cases.
        #![proptest_config(ProptestConfig { cases: 300, max_global_rejects: 150, ..ProptestConfig::default() })]

        /// From any position reached by random play, the hint's count is the exhaustive
        /// optimum, and its move lowers that optimum by exactly one.
        #[test]
        fn hints_follow_the_exhaustive_optimum(
            level in level_strategy(),
            picks in proptest::collection::vec((0usize..64, 0u8..4), 0..4),
        ) {
            let game = position(&level, &picks);
            let now = game.level();
            let best = bfs_optimum(now, 5_000);
            prop_assume!(best.is_some());
            let best = best.unwrap_or_default();
            match hint(now, &Options::default()) {
                Hint::Solved => prop_assert!(best.is_empty() && is_solved(now)),
                Hint::Play { next, moves_left, optimal, lower_bound } => {
                    prop_assert!(optimal);
                    prop_assert_eq!(moves_left as usize, best.len());
                    prop_assert_eq!(lower_bound, moves_left);
                    let after = replay(now, &[next]).unwrap();
                    if let Some(rest) = bfs_optimum(&after, 5_000) {
                        prop_assert_eq!(rest.len() + 1, best.len());
                    }
                }
                Hint::Unknown { .. } => prop_assert!(false, "a small level's search gave up"),
            }
        }

        /// `can_make_par` agrees with the exhaustive optimum of the position.
        #[test]
        fn can_make_par_follows_the_exhaustive_optimum(
            level in level_strategy(),
            picks in proptest::collection::vec((0usize..64, 0u8..4), 0..4),
            slack in 0u32..3,
        ) {
            let (start, game) = (bfs_optimum(&level, 5_000), position(&level, &picks));
            let rest = bfs_optimum(game.level(), 5_000);
            prop_assume!(start.is_some() && rest.is_some());
            let (start, rest) = (start.unwrap_or_default(), rest.unwrap_or_default());
            let par = start.len() as u32 + slack;
            let expected = game.moves().len() + rest.len() <= par as usize;
            prop_assert_eq!(can_make_par(&game, par, &Options::default()), Some(expected));
        }
    }

    #[test]
    fn a_spent_budget_gives_a_replayable_hint_and_a_sound_bound() {
        let level: Level = "0120120\n1201201\n2012012\n0120120\n".parse().unwrap();
        let optimum = crate::solver::optimal(&level).unwrap().len() as u32;
        let limits = &Options::default().with_budget(engine::Budget::default().with_node_limit(3));
        let Hint::Play { next, moves_left, optimal, lower_bound } = hint(&level, limits) else {
            panic!("the search gives its best solution when the budget runs out")
        };
        assert!(!optimal);
        assert!(lower_bound <= optimum && optimum <= moves_left);
        assert!(replay(&level, &[next]).is_ok());
        let game = Game::new(&level);
        assert_eq!(can_make_par(&game, lower_bound - 1, limits), Some(false));
        assert_eq!(can_make_par(&game, moves_left, limits), Some(true));
    }

    #[test]
    fn islands_too_big_to_search_give_only_a_bound() {
        // 130 × 130 triangles coloured by parity: every triangle is its own region.
        let rows: Vec<String> =
            (0..130).map(|r| (0..130).map(|c| if (r + c) % 2 == 0 { '0' } else { '1' }).collect()).collect();
        let level: Level = rows.join("\n").parse().unwrap();
        assert_eq!(hint(&level, &Options::default()), Hint::Unknown { lower_bound: 1 });
        assert_eq!(can_make_par(&Game::new(&level), 0, &Options::default()), Some(false));
        assert_eq!(can_make_par(&Game::new(&level), 5, &Options::default()), None);
    }

    proptest! {
        // As above: a level the reference cannot decide is drawn again, at most 100 times.
        #![proptest_config(ProptestConfig { cases: 200, max_global_rejects: 100, ..ProptestConfig::default() })]

        /// Following an advisor's hints solves a level in its optimum with one search; after
        /// a random deviation the hint is the exhaustive optimum again, and undoing it
        /// returns to a known position without a search.
        #[test]
        fn an_advisor_searches_only_off_its_solutions(
            level in level_strategy(),
            steps in 0usize..4,
            (cell, c) in (0usize..64, 0u8..4),
        ) {
            let best = bfs_optimum(&level, 5_000);
            prop_assume!(best.is_some());
            let best = best.unwrap_or_default();
            let mut advisor = Advisor::new(Options::default());
            let mut game = Game::new(&level);
            let mut played = 0;
            while let Hint::Play { next, moves_left, optimal, .. } = advisor.hint(game.level()) {
                prop_assert!(optimal);
                prop_assert_eq!(played + moves_left as usize, best.len());
                game.play(next).unwrap();
                played += 1;
            }
            prop_assert!(game.is_solved());
            prop_assert_eq!(played, best.len());
            prop_assert_eq!(advisor.searches(), 1);
            // Back `steps` moves, then a random move.
            for _ in 0..steps.min(played) {
                game.undo();
            }
            let deviated = position(game.level(), &[(cell, c)]);
            let now = deviated.level();
            if let Some(rest) = bfs_optimum(now, 5_000) {
                match advisor.hint(now) {
                    Hint::Solved => prop_assert!(rest.is_empty()),
                    Hint::Play { moves_left, optimal, .. } => {
                        prop_assert!(optimal);
                        prop_assert_eq!(moves_left as usize, rest.len());
                    }
                    Hint::Unknown { .. } => prop_assert!(false, "a small level's search gave up"),
                }
            }
            let searched = advisor.searches();
            let back = advisor.hint(game.level());
            let known = !matches!(back, Hint::Unknown { .. });
            prop_assert!(known, "a position on the solution lost its hint");
            prop_assert_eq!(advisor.searches(), searched);
        }
    }

    #[test]
    fn an_advisor_under_a_budget_keeps_sound_bounds_along_its_best_solution() {
        let level: Level = "0120120\n1201201\n2012012\n0120120\n".parse().unwrap();
        let mut advisor = Advisor::new(Options::default().with_budget(engine::Budget::default().with_node_limit(3)));
        let mut game = Game::new(&level);
        let mut positions = 0;
        while let Hint::Play { next, moves_left, lower_bound, .. } = advisor.hint(game.level()) {
            let optimum = crate::solver::optimal(game.level()).unwrap().len() as u32;
            assert!(lower_bound <= optimum && optimum <= moves_left, "{lower_bound} {optimum} {moves_left}");
            game.play(next).unwrap();
            positions += 1;
        }
        assert!(game.is_solved());
        assert!(positions > 1);
    }
}
