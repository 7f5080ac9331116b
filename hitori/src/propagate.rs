//! The propagation core shared by the solver and the grader: cell states on a trail, the
//! two-cell rules as a worklist, the cut rule, and undo.
//!
//! Apart from connectivity, every Hitori rule ties two cells: a shaded cell's side
//! neighbours are unshaded, and an unshaded cell's equal numbers in its row and column are
//! shaded. [`Propagator::assign`] sets one cell and queues those consequences;
//! [`Propagator::propagate`] applies the queue and then the cut rule (an undecided cell
//! whose shading would cut the cells not shaded apart is unshaded) until nothing changes.
//! Every deduction holds in every solution, so a contradiction means there is none below
//! the current assumptions. [`Propagator::mark`] and [`Propagator::undo`] roll the states
//! and the [`Connectivity`] back, so a search or a probe never clones the position.

use rustc_hash::FxHashMap;

use crate::board::Puzzle;
use crate::connectivity::{Connectivity, Mark};
use crate::rules::{Cell, Line, lines};

/// Cell states under propagation (see the module documentation).
pub(crate) struct Propagator {
    width: usize,
    /// The state of every cell, row by row.
    pub(crate) state: Vec<Cell>,
    conn: Connectivity,
    /// Row group and column group of each cell: the cells of that line with its number.
    groups: Vec<[u32; 2]>,
    members: Vec<Vec<u32>>,
    /// Members of each group that are not shaded.
    open: Vec<u32>,
    /// Cells not shaded.
    pub(crate) not_shaded: usize,
    trail: Vec<u32>,
    /// Deductions waiting to be applied.
    pub(crate) queue: Vec<(usize, Cell)>,
    /// A cell was shaded since the last cut scan.
    dirty: bool,
    /// A `stop` callback answered `true`: the results since mean nothing.
    pub(crate) stopped: bool,
}

/// Where to roll back to: the trail's length and the connectivity's checkpoint.
pub(crate) type Checkpoint = (usize, Mark);

impl Propagator {
    /// Every cell undecided.
    pub(crate) fn new(puzzle: &Puzzle) -> Propagator {
        let (w, h) = (puzzle.width(), puzzle.height());
        let g = puzzle.numbers().cells();
        let mut groups = vec![[0u32; 2]; w * h];
        let mut members: Vec<Vec<u32>> = Vec::new();
        let mut ids: FxHashMap<u32, u32> = FxHashMap::default();
        for (line, cells) in lines(w, h) {
            ids.clear();
            for i in cells {
                let id = *ids.entry(g[i]).or_insert_with(|| {
                    members.push(Vec::new());
                    (members.len() - 1) as u32
                });
                members[id as usize].push(i as u32);
                groups[i][usize::from(matches!(line, Line::Column(_)))] = id;
            }
        }
        let open = members.iter().map(|m| m.len() as u32).collect();
        Propagator {
            width: w,
            state: vec![Cell::Unknown; w * h],
            conn: Connectivity::new(w, h),
            groups,
            members,
            open,
            not_shaded: w * h,
            trail: Vec::new(),
            queue: Vec::new(),
            dirty: false,
            stopped: false,
        }
    }

    /// The board's width.
    pub(crate) fn width(&self) -> usize {
        self.width
    }

    fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + use<> {
        let (w, n) = (self.width, self.state.len());
        let x = i % w;
        [(x > 0).then(|| i - 1), (x + 1 < w).then(|| i + 1), (i >= w).then(|| i - w), (i + w < n).then(|| i + w)]
            .into_iter()
            .flatten()
    }

    /// Sets a cell and queues its two-cell consequences; `false` on a contradiction (the
    /// cell has the other state, or shading it would leave nothing or cut the board).
    pub(crate) fn assign(&mut self, i: usize, v: Cell) -> bool {
        if self.state[i] != Cell::Unknown {
            return self.state[i] == v;
        }
        if v == Cell::Shaded {
            if self.not_shaded == 1 || self.conn.would_disconnect(i) {
                return false;
            }
            self.conn.shade(i);
            self.dirty = true;
            self.not_shaded -= 1;
            for k in self.groups[i] {
                self.open[k as usize] -= 1;
            }
            for n in self.neighbours(i) {
                self.queue.push((n, Cell::Unshaded));
            }
        } else {
            for k in self.groups[i] {
                for &m in &self.members[k as usize] {
                    if m as usize != i {
                        self.queue.push((m as usize, Cell::Shaded));
                    }
                }
            }
        }
        self.state[i] = v;
        self.trail.push(i as u32);
        true
    }

    /// Applies the queue and the cut rule until nothing is left; `false` on a
    /// contradiction, or when `stop` (asked before each cut scan, the expensive step)
    /// answers `true`, which also sets [`Propagator::stopped`]. The queue is empty
    /// afterwards.
    pub(crate) fn propagate(&mut self, mut stop: impl FnMut() -> bool) -> bool {
        loop {
            while let Some((i, v)) = self.queue.pop() {
                if !self.assign(i, v) {
                    self.queue.clear();
                    return false;
                }
            }
            if !self.dirty {
                return true;
            }
            if stop() {
                self.stopped = true;
                self.queue.clear();
                return false;
            }
            self.dirty = false;
            for i in 0..self.state.len() {
                if self.state[i] == Cell::Unknown && self.conn.would_disconnect(i) {
                    self.queue.push((i, Cell::Unshaded));
                }
            }
            if self.queue.is_empty() {
                return true;
            }
        }
    }

    /// Failed-literal probing: an undecided cell (other than those `skip` leaves out) whose
    /// one state leads by [`Propagator::propagate`] to a contradiction takes the other
    /// state, until no probe decides anything. `false` when a cell fails both ways (no
    /// solution below the current assumptions) or `stop` stopped a propagation
    /// ([`Propagator::stopped`]).
    pub(crate) fn probe(&mut self, skip: impl Fn(&Propagator, usize) -> bool, stop: &mut dyn FnMut() -> bool) -> bool {
        loop {
            let mut progress = false;
            for i in 0..self.state.len() {
                if self.state[i] != Cell::Unknown || skip(self, i) {
                    continue;
                }
                for (assume, other) in [(Cell::Shaded, Cell::Unshaded), (Cell::Unshaded, Cell::Shaded)] {
                    let mark = self.mark();
                    let ok = self.assign(i, assume) && self.propagate(&mut *stop);
                    self.undo(mark);
                    if self.stopped {
                        return false;
                    }
                    if !ok {
                        if !(self.assign(i, other) && self.propagate(&mut *stop)) {
                            return false;
                        }
                        progress = true;
                        break;
                    }
                }
            }
            if !progress {
                return true;
            }
        }
    }

    /// A point to [`Propagator::undo`] back to.
    pub(crate) fn mark(&self) -> Checkpoint {
        (self.trail.len(), self.conn.checkpoint())
    }

    /// Forgets every assignment made since `mark`, and the queue.
    pub(crate) fn undo(&mut self, (trail, mark): Checkpoint) {
        while self.trail.len() > trail {
            let i = self.trail.pop().expect("trail is longer than the mark") as usize;
            if self.state[i] == Cell::Shaded {
                self.not_shaded += 1;
                for k in self.groups[i] {
                    self.open[k as usize] += 1;
                }
            }
            self.state[i] = Cell::Unknown;
        }
        self.conn.rollback(mark);
        self.dirty = false;
        self.queue.clear();
    }

    /// `true` when the cell's number is alone among the cells not shaded of its row and of
    /// its column.
    pub(crate) fn free(&self, i: usize) -> bool {
        self.groups[i].iter().all(|&k| self.open[k as usize] == 1)
    }

    /// Cells still undecided.
    pub(crate) fn undecided(&self) -> usize {
        self.state.iter().filter(|&&s| s == Cell::Unknown).count()
    }
}
