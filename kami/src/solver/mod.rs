//! The optimal par solver: IDA* over region-graph states, one island at a time.
//!
//! # Rules the solver works under
//!
//! A move recolours one current region (a connected set of original regions of one colour)
//! to a colour used somewhere in the level; a level is solved when every triangle has one
//! colour. Islands (groups of triangles separated by holes) never interact, so the solver
//! works on each island's region graph on its own and then picks the final colour (see
//! [Islands](#islands)).
//!
//! # Lower bounds (admissible, each proven here and tested against exhaustive BFS)
//!
//! **Colour bound.** Let `C` be the set of colours present in an island, plus the target
//! colour when the island must end in a given colour `t`, and `K = |C|`. A move recolours one
//! region from colour `c` to `x`: only `c` can disappear, so `K` drops by at most one per
//! move, and it drops only if the tapped region was the *only* region of colour `c` and
//! `c ≠ t` (the target stays in `C` by definition). The goal has `K = 1`, so at least `K − 1`
//! moves are needed. If `K ≥ 2` and no colour other than the target consists of a single
//! region, the first move cannot lower `K`, so at least `K` moves are needed.
//!
//! **Colour bound, one move ahead.** Say a move *removes* colour `c` when it taps the
//! last region of colour `c`; a move taps one region, so it removes at most one colour, and
//! `K − 1` colours must be removed (all present colours but the final one; the target is
//! never removed), so a solution has `K − 1` removing moves plus its non-removing ones. A
//! move can remove `c` only when `c ≠ t` has exactly one region. A move tapping a region
//! of colour `a` to `x` changes the region counts `m` of two colours only: `m_a` drops by
//! one and `m_x` becomes `m_x − n_x + 1`, where `n_x` is the number of `x` regions it
//! touches. So if no colour other than the target has one or two regions and no region
//! touches every region of some other colour `x ≠ t` (`n_x = m_x`), then after any first
//! move still no colour other than the target has one region: neither the first nor the
//! second move removes a colour, and at least `(K − 1) + 2 = K + 1` moves are needed (the
//! state is unsolved, so `K ≥ 2` and at least one removing move follows the two). The
//! bound is checked on every state reachable from hundreds of small random levels against
//! the exact distance by breadth-first search, with and without a target colour.
//!
//! **Radius bound.** Let `H` be the current region graph of an island and `rad(H)` its radius
//! (the least, over regions, of the largest distance to another region). Meeks and Scott
//! (*Spanning trees and the complexity of flood-filling games*, 2012) prove that the number
//! of moves to flood a connected graph equals the least, over its spanning trees `T`, of
//! the number of moves to flood `T`. In `T`, a move merges the tapped region with some of its
//! neighbours, a set of diameter at most 2, so the distance between any two vertices of
//! `T`'s region graph falls by at most 2 per move; flooding `T` therefore takes at least
//! `⌈diam(T)/2⌉ = rad(T)` moves (`T`'s region graph is a tree, and a tree's radius is
//! `⌈diam/2⌉`). Distances in `T` are at least those in `H` (a path in `T` is a path in the
//! level), so `rad(T) ≥ rad(H)`, and every solution takes at least `rad(H)` moves. The
//! solver takes the largest of the colour, radius and pair bounds. Each search node keeps the matrix of
//! distances between its regions, updated in `O(n²)` per move (a merge of a set `S` gives
//! `d'(u, v) = min(d(u, v), d(u, S) + d(S, v))`, see `merge_distances`), so the exact radius
//! comes with every node; islands of more than 1024 regions compute it instead by
//! bit-parallel breadth-first search from every region at once, up to the remaining budget.
//!
//! **Colour-distance (pair) bound.** For two regions `u` and `w` of an island, let `d` be
//! the distance between their current regions in the region graph and `δ = 1` if their
//! colours differ, else 0. Every solution takes at least `⌈(d + δ) / 2⌉` moves. Proof: a
//! move taps a region `R` of colour `a` and gives it colour `x`; `S = R ∪ {x-coloured
//! neighbours of R}` becomes one region, and only `R`'s triangles change colour. (i) No
//! distance shrinks by more than 2, since `S` has diameter at most 2 (a path through the
//! merged region lifts to an old path with at most 2 more steps inside `S`). (ii) If `u`'s
//! region is `R`, its new region is `S`, every region of which is `R` or next to it, so
//! `d' ≥ d(R, w) − 1 = d − 1`. (iii) `δ` changes only if the colour of `u`'s or `w`'s region
//! changes, that is, only if one of them is `R`. So if neither is `R`, `d + δ` drops by at
//! most 2 by (i), and if one is, `d` drops by at most 1 by (ii) and `δ` by at most 1: in
//! every case `φ = d + δ` drops by at most 2 per move, and it is 0 when the island is one
//! region. With a target colour `t` take `φ = d + [colour(u) ≠ t] + [colour(w) ≠ t]`
//! instead: it is 0 only at the goal, and the same cases (plus `u, w` both in `R`, where
//! `d = 0` stays and the two indicators drop by at most 1 each) show it drops by at most
//! 2 per move. The solver takes the largest value over all pairs, read off the distance
//! matrix (`pair_bound`). It is at most `⌈diam/2⌉ + 1 ≤ radius + 1`, so it adds one to the
//! radius bound exactly when the diameter is twice the radius and two regions at that
//! distance differ in colour (or in the target case, when the ends of a longest path are
//! not of the target colour): on the designed set that holds at 70–85% of the nodes the
//! search used to expand. Checked against exhaustive breadth-first search on thousands
//! of random coloured graphs of any shape, with and without targets, and on every state
//! reachable from small random levels.
//!
//! **Final-colour bound** (searches without a target colour). A solution ends with the
//! island in some colour `c`, and the colour of a solution's last state is one of the
//! colours present now (moves only ever take a neighbour's colour, see *Move colours*
//! below; an optimal solution exists among those). So the optimum is the least, over the
//! present colours `c`, of the optimum ending in `c`, and that is at least the larger of
//! the target bounds for `c`: the colour bound with target `c` and the pair bound
//! `max ⌈(d + [colour(u) ≠ c] + [colour(w) ≠ c]) / 2⌉` (the radius is the same for every
//! `c`). The least of these over `c` is a lower bound. It is at most one more than the
//! bounds above (a pair's potential for `c` exceeds `d + δ` by at most one, and the colour
//! bound with a present target by at most one), and it adds that one exactly when every
//! present colour is "far" from some pair: typically, the diameter is odd, `2k − 1`, so
//! the pair bound gives only `k`, and for every colour `c` some pair of regions at the
//! diameter has neither end of colour `c`, so ending in `c` takes `k + 1` moves
//! (`final_colour_cuts`). On the designed set it raised the bound at 7–70% of the nodes
//! where it was tested. Checked against exhaustive breadth-first search like the others.
//!
//! **Colour-radius bound.** For a final colour `c`, let
//! `rad_c(H) = min over u of max over v of d(u, v) + [colour(v) ≠ c]` (regions `u`, `v`).
//! Every solution ending in colour `c` takes at least `rad_c(H)` moves. Proof: Meeks and
//! Scott's theorem holds for a fixed final colour, so it is enough that flooding any
//! spanning tree `T` into colour `c` takes that many. Attach to each region of `T` not of
//! colour `c` a new pendant vertex, giving the tree `T⁺`. Every distance in `T⁺` is at most
//! a target potential `φ_c(u, w) = d_T(u, w) + [colour(u) ≠ c] + [colour(w) ≠ c]` (two
//! pendants of `u` and `w` are `φ_c(u, w)` apart, a pendant of `u` and a region `w` at most
//! that), and the potential drops by at most 2 per move and is 0 at the goal (the pair
//! bound's proof, which holds in `T`). So flooding `T` takes at least
//! `⌈diam(T⁺)/2⌉ = rad(T⁺)` moves. A pendant is never a centre of `T⁺` (its region is one
//! step nearer everything else) unless `T` is one region, where the claim is plain; the
//! eccentricity of a region `u` in `T⁺` is `max over v of d_T(u, v) + [colour(v) ≠ c]`,
//! at least the same with `H`'s distances. Without a target, the least over the present
//! colours is a lower bound (the final-colour argument). `rad_c` is at most the radius
//! `R` plus one, and it is `R + 1` exactly when every centre (a region of eccentricity `R`)
//! has a region not of colour `c` at distance `R`: so the bound adds one to a tight radius
//! for every colour but those some centre sees alone at distance `R`
//! (`bounds::lone_far_colours`), and the final-colour bound closes the others by their
//! pairs. On the deep level set, where the radius is tight at nearly every node, it
//! raises the root bound of three of the twelve levels and takes 11–72% of the nodes
//! off each. Checked against exhaustive breadth-first search on thousands of
//! random coloured graphs, with and without targets, against a plain computation.
//!
//! # Pruning (only safe pruning)
//!
//! * **Move colours.** A region is recoloured only to a colour of one of its neighbours,
//!   or to the island's target colour when there is one (islands). A move to any other colour
//!   merges nothing; the property tests check on hundreds of random levels (holes and islands
//!   included) that the optimum under this restriction equals the optimum of an exhaustive
//!   breadth-first search over every triangle and every colour ([`bfs_optimum`]).
//! * **Leaves last** (searches without a target colour). A region with exactly one
//!   neighbouring region (a *leaf*) is not tapped while three or more regions are left.
//!   Proof: take a solution whose first leaf tap at three or more regions, at step `i`,
//!   taps leaf `r` whose one neighbour region is `N`. From then on every triangle next to
//!   `r` lies in the region containing `N` (regions only grow). Drop that move and play the
//!   others unchanged (when a move tapped the region holding `N` and `r`, tap a triangle
//!   outside `r`): the region of `N` minus `r` is still connected, its neighbours are the
//!   old ones plus `r`, so every move merges what it merged before, plus `r` when `r` has
//!   the new colour (after which play is identical, and we are done). Otherwise the play
//!   differs only in `r` being its own region, so every region count is one higher. The
//!   last original move merged the last two regions `X` and `Y`, say `N ⊆ Y`; now there
//!   are three, `X`, `Y` and `r`, and `Y` touches both others. Replace the last move by a
//!   tap of `Y` to the colour of `X` (two neighbours: no leaf), leaving at most two regions,
//!   and finish with one more move if two are left: the same length as before. Every other
//!   kept move has at least the neighbours it had, so no new leaf tap at three or more
//!   regions appears; repeating this gives a solution as short with none. With a target
//!   colour this fails (the last tap must produce that colour: `2 1 0` with target `1`
//!   needs two leaf taps), so the rule is off in target searches. The partial-order
//!   reduction skips a move only when the search reaches its child through the two moves
//!   swapped, both generated (leaves-last and neighbour colours included), so a shortest
//!   solution exists that is leaf-free and skips nothing, and the search (which
//!   enumerates exactly such sequences) finds it.
//! * **Transposition table.** States are keyed by the colour of every original region
//!   (regions never split, so this identifies the state; the key is a 128-bit Zobrist hash,
//!   seeded and deterministic). The table stores a *proven lower bound on the moves still
//!   needed* from the state — never a depth-ignoring "visited" mark. After a state has been
//!   searched with `b` moves left and no solution was found, at least `b + 1` moves are
//!   needed from it; this bound is valid in every later iteration and at every depth.
//! * **Partial-order reduction.** A move only recolours the original regions of the
//!   tapped region, so two moves reach the same state in either order when each leaves
//!   the other's region as it was: unless one taps a neighbour of the other's region into
//!   that region's old colour. After a move, a move tapping a region whose smallest
//!   original region (its key) comes before the last move's is skipped when the two
//!   commute and, swapped, are both moves the search generates: the sequence with the two
//!   swapped is searched instead. Only regions touching the merged region, and only to the
//!   colours the last tap had before and after it, can fail this (`moves::Swap`, with the
//!   proof and the exact test, which reads the parent). So a search that skipped moves
//!   proves a bound only on the solutions it enumerates from the node *in its context* (the
//!   last move, which with the node's state names the parent), and table entries are keyed
//!   by the state and that context (`table::context_key`). On the level sets this halves
//!   the nodes of the earlier rule (moves independent when neither's merged set touches the
//!   other's region) and takes a quarter to a third of the time off.
//! * **Context-free entries.** A node at which the reduction skipped no move searched
//!   every move that a search rooted at its state would, each child in the context that
//!   search would give it; so its bound, taken without the entry of its own context, is
//!   the one a search rooted at the state proves — a lower bound on the moves needed from
//!   the state in any context — and it is also stored under the state's key alone, which
//!   every node of that state reads. On the level sets this takes 5–22% of the nodes off
//!   (deep set seed 10 on one thread: 8.26 M → 6.87 M nodes).
//!
//! **Cheap child tests.** Before a move is played on a copy of the node, the child's colour
//! bound is computed from the parent's colour counts (the tapped region changes colour, its
//! neighbours of the new colour disappear), and its radius and colour-radius bounds are
//! tested against the moves left by reading the parent's distance matrix through the merge
//! rule of `merge_distances` without writing it (`colour_radius_cut`: a child whose radius
//! equals the limit is cut when every final colour its colour bound leaves open is seen
//! alone by no centre). The look-ahead of the colour bound is read off the parent too
//! (`bounds::single_within_one_move_after`: the child's regions of each colour and their
//! common neighbours follow from the parent's and the merged set): as the parent's moves
//! are listed when the parent itself has no colour with one region within one move (then
//! only the move can make one, and most children are cut: 558 k of the 591 k children
//! tested at 6 moves left on designed level 5), after the other bound tests otherwise.
//! The radius test scans only regions whose eccentricity in the parent is at most the
//! limit plus 2 (a merged set has diameter at most 2, so no distance shrinks by more),
//! those of the parent's smallest eccentricities first (they decide "no cut" soonest),
//! and runs only when the parent's radius is not already below the limit (merging never
//! lengthens a distance, so the child's radius is at most the parent's). At a parent whose
//! radius is one below its moves left only the colour-radius part can cut; that is where
//! half the children the deep levels used to build died at once. A child failing either test
//! would be cut by the same bound at its own node, so the search is unchanged; the bound
//! it reports to its parent may be lower than the child's own (still a proven lower bound,
//! as the tests are the admissible bounds above).
//! Since its parent tests a node by the same bounds before playing it, below the root a
//! node computes its own bounds only once one of its children passes these tests: a node
//! none of whose children passes (most nodes with 5 or 6 moves left) is refuted by the
//! least of its children's bounds, each a proven bound above its moves left.
//!
//! **Pair cut.** The pairs the pair filter meets at or near the critical potential (up to
//! 64, the critical ones first) are kept, and before a move is played its child's
//! potentials for them are read off the parent's matrix by the merge rule (the merged set
//! `S`'s row `d(S, ·)`, the least of its few regions' rows, is computed once per move for
//! this and the radius test): a child keeping a potential of `2·left − 1`, or (without a
//! target) one at or above that for every colour's final-colour potential, is cut without
//! being built (`Search::pair_cut`). It is exact for the pairs it reads, so it cuts only
//! children whose own pair or final-colour bound would cut them; at the nodes where the
//! bounds are tight, those were 29–78% of the children built (now 10–15%).
//!
//! **No colour move.** A child with `left − 1` moves left whose colour bound leaves at
//! most one move to spare (with two, every move keeps the bound within the moves left:
//! a move raises the colour bound by at most one, as it adds no colour) is built as far as
//! its adjacency and colours, and cut with `left + 1` when none of its moves that the
//! partial-order reduction (after its own move) and the leaves-last rule leave has a
//! child whose colour bound is below `left − 1` (`Search::has_colour_move`). Proof: those
//! are the moves its search would try, each needing at least `left − 1` more, so the
//! child needs at least `left` in its context, which is what its own search would report.
//! It is the test `moves` applies to each move, run before the child's distance matrix,
//! heuristic and filters are computed: on 5-colour levels about half the nodes with 5
//! moves left had no such move. A property test checks it against exhaustive search in
//! the root context (no reduction: a state without such a move within `left` needs
//! `left + 1`).
//!
//! **Dead-end cut.** A child whose every move is skipped by the partial-order reduction or
//! dropped by its pair filter (below) searches nothing: about a third of the nodes the deep
//! levels used to expand were such dead ends, each paying for its distance matrix and its
//! filters. Before a child passing the tests above is played, the regions it could tap
//! after the reduction (those whose smallest original region comes after the tapped one's,
//! or touching the merged set) are checked against the pairs the parent's pair
//! filter recorded, read in the child by the merge rule; when none is left, the child is cut
//! with `left + 1` (`Search::dead_end_cut`, with its proof). This finds 85% of the dead
//! ends; on the level sets the nodes searched and the answers are unchanged.
//! A child with 5 moves left whose regions survive this is tested move by move: each move
//! it could play is applied to those pairs through a second merge, and the child is cut
//! when every grandchild keeps a critical pair potential (or its colour bound) at the
//! moves left (`Search::grandchildren_cut`, with its proof): on k4-n130 seed 2, 98% of
//! such children used to be built only to see every child cut, and this cuts about two
//! thirds of them. A cut child's bound is stored in the table like a searched one's, in
//! its context, and for its state alone when the reduction skipped none of its regions.
//! It takes 8–9% of the instructions off the 4-colour levels of 130 regions.
//!
//! **Pair filter.** At a node with `left` moves left, a child needs a pair bound of at most
//! `left − 1`, so every pair of regions whose potential `φ` is at least `2·left − 1` must
//! see it drop, and that takes a tap of a region on or next to a shortest path between
//! them, and on one when the potential is `2·left` and must drop by 2 (`pair_taps`, with
//! its proof). The node computes the regions passing this for all
//! such pairs once; moves tapping other regions are not generated, and the node reports
//! `left + 1` for them (what their own pair bound would give).
//!
//! **Tap filter.** When the radius test applies at a node (its radius is at least the moves
//! left, so every child must bring it down to `left − 1`), the node first computes, once,
//! the set of regions whose tap can do that at all (`radius_taps`, with its proof: a
//! necessary condition on the tapped region `r` alone, for each region `u` that could
//! become a centre, `d(u, r) + max{d(r, v) : d(u, v) > left − 1} ≤ left + 1`). Moves
//! tapping other regions are not generated; the node reports `left + 1` for them, the
//! bound the radius test would have given them. For the remaining moves, the radius test
//! tries as centres only the merged region and the regions `u` that passed the condition
//! for `r`, which keeps it exact. The two filters are intersected; the radius filter is
//! skipped when the pair filter already leaves at most `PAIR_TAPS_ENOUGH` regions (the
//! per-child radius test then tries every region as a centre). Neither changes which
//! children pass: a child left out would have been cut by its own bounds. The colour
//! look-ahead is computed only when it can raise the bound, and skips regions with fewer
//! neighbours than the rarest colour has regions (touching every region of a colour `x`
//! takes at least `m_x` neighbours).
//!
//! Pruning known to lose optimality (moves restricted to touch the previous one, skipping
//! regions by eccentricity, a fixed pivot region, depth-ignoring visited sets) is not used.
//!
//! # Upper bounds
//!
//! IDA* proves that no solution has fewer moves than its threshold, one threshold at a
//! time; the iteration at the par must then *find* a solution, and how long that takes
//! depends on which moves it happens to try first. Once a search has spent some effort,
//! a beam search (`beam_path`: layer by layer, the best few states by their lower bound,
//! then by how compact their region graph is) finds a solution, and `shorten` replaces its
//! suffixes with shorter ones found by small searches from its states. When every
//! threshold below that solution's length is refuted, it is optimal and is returned
//! without the last iteration. When the narrowest beam leaves the search open after a
//! long iteration, each of the root's children is searched to the next threshold with a
//! small cap of nodes (`probe_children`), before that beam's path is shortened: an
//! iteration that finds a solution must first refute every child before the one leading
//! to it, which on some levels costs a hundred times more than finding the solution below
//! that child. Beams widen (and get bigger searches) as the search goes on; after an
//! iteration, the widths due run narrowest first, stopping at the first path short enough
//! to end the search. The proof of optimality is the refutations, exactly as
//! without beams; beams only stop the search sooner, and when the budget runs out their
//! solution is reported as the best one found (greedy play otherwise).
//!
//! # Threads
//!
//! With [`SolveOptions::threads`] above one, each IDA* iteration that follows one of at least
//! `PARALLEL_AFTER` nodes, and each iteration of the searches that shorten a beam's path,
//! deal units of work round-robin to the threads, each with its own stack. The units are the root's grandchildren (grandchild `j` of child
//! `k` goes to thread `(k + j) mod threads`, the same thread in every iteration): with
//! children as units, a few heavy children left a thread idle for up to half an iteration.
//! Every thread visits every child, searching only its own grandchildren below it. A
//! thread's result at the root or at a child is a bound over its own units only, so it is
//! never stored in the table; the least of the threads' results is what one thread would
//! have proven there. The beam search scores each layer's states in runs, one run per
//! thread, and joins the runs in order. The probes of the root's children deal the
//! children round-robin (child `k` to thread `k mod threads`, in every pass), each thread
//! with its own table and an equal share of the probes' nodes; the solution kept is the
//! one of the earliest pass and child, and the nodes counted those each thread spent up
//! to it, as in an iteration.
//!
//! Without a node limit, the threads share one transposition table (`SharedTable`:
//! shards behind locks) for the whole search of an island, so a state one thread has
//! refuted is not searched again by another: on k4-n130 seed 2, two threads then search
//! the 317 k nodes of one thread instead of 370 k with a table each, and take a fifth less
//! time (0.29 s against 0.37 s on 25 November 2026).
//! Under a node limit each thread keeps a table of its own, from one iteration to the
//! next, so that the work and the outcome are the same from run to run (without one, the
//! moves may differ: see below).
//! The searches under node caps (the probes of the root's children, the shortening of a
//! beam's path) find more or less within their caps with more or fewer entries, so they
//! never read the shared table: they keep tables of their own, filled only by them, and
//! move the entries into the shared table when they are done. What they find then
//! depends on their node budgets only (but see below).
//!
//! An iteration finds the solution a single thread would. A table holds only proven bounds
//! in their context, so it decides how much a thread searches, never what it finds: in a
//! subtree, the first solution in search order is the same whatever the table holds. Each
//! thread stops at its own first solution, and the solution kept is the one below the
//! earliest unit in search order, every earlier unit having been searched. In an
//! iteration of the main search, a thread also skips its units after a unit where
//! another thread found a solution (that solution ends the island's search, and its
//! tables); only the nodes spent up to the kept unit are counted, which do not depend on
//! when the threads learnt of it. So what an iteration finds does not depend on timing.
//!
//! How many nodes it takes does, with a shared table: how much each thread searches
//! depends on what the other has stored by then. And the searches between iterations get
//! node budgets from those counts: the probes of the root's children run after an
//! iteration of `PROBE_AFTER` nodes, with about twice its nodes at most, and a beam is
//! due after `BEAM_AFTER` nodes per unit of its width. Given more or fewer nodes, the
//! probes may find a solution they would have missed, or miss one that the next iteration
//! then finds in another child: another path, as short. So without a node limit the par
//! is the same from run to run, and the moves nearly always are, but not surely. A
//! property test found a level where they differ once the table starts full of a first
//! search's entries. On each of 51 timing levels (10 × 29, par 6–14), five runs on two
//! threads gave the same moves.
//!
//! Making them sure would cost speed: decisions made without node counts would lose the
//! adaptation to each level, and tables shared only between iterations, or each thread's
//! own, search up to a fifth more nodes (measured in the crate docs, *The same answer
//! from run to run*).
//!
//! Under a node limit the work, the node counts and the outcome are all the same from run
//! to run: each thread of an iteration or of a beam's layer gets an equal share of the
//! nodes left, so whether a limit runs out can depend on the number of threads, but not
//! on timing. A thread whose share runs out on an earlier unit leaves that unit
//! unsearched: the solution kept is then the one below the earliest unit where a thread
//! found one, another solution than a single thread's but as short (every shorter
//! threshold is refuted), and the same from run to run.

//! # Islands
//!
//! Every island must end in the same colour. For island `i`, let `opt_i` be its optimum to
//! any colour and `opt_i(c)` its optimum ending in colour `c`; then
//! `opt_i ≤ opt_i(c) ≤ opt_i + 1` (one more move recolours the whole island). The solver
//! finds `opt_i`, then for each colour `c` checks with a bounded search whether
//! `opt_i(c) = opt_i`, and returns `min over c of Σ_i opt_i(c)`.

use rustc_hash::FxHashMap;
use serde::{Deserialize, Serialize};

use crate::{Colour, Level, MAX_COLOURS, Move, RegionGraph, play};

use beam::greedy_path;
use bounds::{Scratch, heuristic};
use budget::Budget;
use dfs::{Probe, Search};
use driver::ida_star;
use node::{Island, Path};
use tuning::Tuning;

mod beam;
mod bounds;
mod budget;
mod children;

mod driver;

mod dfs;
mod node;
mod parallel;
mod reference;
mod table;
mod tuning;

pub use budget::Iteration;
pub use reference::{bfs_optimum, reference_best_first};

/// What [`solve`] takes besides the level: the search budget (node limit, time limit,
/// cancel token, progress callback: an [`engine::Budget`]) and the number of threads.
/// `Default` is unlimited, on the calling thread only.
///
/// ```
/// use kami::SolveOptions;
/// let options = SolveOptions::default().with_budget(engine::Budget::default().with_node_limit(1_000));
/// assert_eq!(options.budget.node_limit(), Some(1_000));
/// assert_eq!(options.threads, 0); // the calling thread only
///
/// // Two threads under a node limit, each with a table of its own: the same moves on every run.
/// let level: kami::Level = "0120\n1201\n2012\n".parse().unwrap();
/// let options = SolveOptions::default().with_threads(2).with_budget(engine::Budget::default().with_node_limit(u64::MAX));
/// let first = kami::solve(&level, &options).unwrap().outcome;
/// assert_eq!(kami::solve(&level, &options).unwrap().outcome, first);
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct SolveOptions {
    /// When to give up: a node limit (deterministic, for a given number of threads), a time
    /// limit or deadline (not deterministic), a cancel token; and a progress callback, fed
    /// the sum of the islands' proven lower bounds as the bound and the best solution's
    /// length as it improves.
    pub budget: engine::Budget,
    /// Search with this many threads (0 and 1: the calling thread only): long IDA*
    /// iterations split the root's grandchildren among them (see [Threads](self#threads)).
    /// The par is the one a single thread finds. The moves may differ from one thread
    /// count to another (the beam paths' shortening and the probes of the root's
    /// children get a share of their nodes per thread), and so may whether a node limit
    /// runs out.
    ///
    /// With a node limit (even `u64::MAX`) each thread keeps a table of its own, and
    /// nothing differs from one run to the next. Without one the threads share one
    /// transposition table, which saves nodes (k4-n130 seed 2: 317 k instead of 370 k).
    /// The node counts then differ a little from run to run, and so,
    /// rarely, may the moves, never the par: the probes and beams between iterations get
    /// node budgets from the iterations' counts (see [Threads](self#threads)).
    pub threads: usize,
}

impl SolveOptions {
    /// The same options with `budget`.
    ///
    /// ```
    /// let options = kami::SolveOptions::default().with_budget(engine::Budget::default().with_node_limit(5));
    /// assert_eq!(options.budget.node_limit(), Some(5));
    /// ```
    #[must_use]
    pub fn with_budget(mut self, budget: engine::Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The same options searching on `threads` threads.
    ///
    /// ```
    /// assert_eq!(kami::SolveOptions::default().with_threads(4).threads, 4);
    /// ```
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }
}

/// What a search that gave up still proved: a lower bound on the optimum, and the best
/// solution found (replayed and checked; the beam searches' or greedy play's).
///
/// ```
/// let level: kami::Level = "0120120\n1201201\n2012012\n0120120\n".parse().unwrap();
/// let options = kami::SolveOptions::default().with_budget(engine::Budget::default().with_node_limit(3));
/// let report = kami::solve(&level, &options).unwrap();
/// let engine::Outcome::GaveUp { proven, .. } = report.outcome else { panic!("3 nodes prove nothing") };
/// assert!(proven.lower_bound as usize <= proven.best.unwrap().len());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Proven {
    /// A proven lower bound on the optimum.
    pub lower_bound: u32,
    /// The best solution found, if any.
    pub best: Option<Vec<Move>>,
}

/// The solver's outcome: [`engine::Outcome::Proved`] with an optimal solution (replayed and
/// checked), or [`engine::Outcome::GaveUp`] with what was [`Proven`].
///
/// ```
/// let level: kami::Level = "0011\n0011\n".parse().unwrap();
/// let outcome: kami::Outcome = kami::solve(&level, &kami::SolveOptions::default()).unwrap().outcome;
/// assert!(matches!(outcome, engine::Outcome::Proved(ref moves) if moves.len() == 1));
/// ```
pub type Outcome = engine::Outcome<Vec<Move>, Proven>;

/// What [`solve`] returns: the [`Outcome`] and the nodes and time it spent.
///
/// ```
/// let level: kami::Level = "0120\n".parse().unwrap();
/// let report: kami::Report = kami::solve(&level, &kami::SolveOptions::default()).unwrap();
/// assert!(report.outcome.is_proved() && report.stats.nodes > 0);
/// ```
pub type Report = engine::Report<Vec<Move>, Proven>;

/// Why [`solve`] cannot search a level.
///
/// ```
/// let rows: Vec<String> =
///     (0..130).map(|r| (0..130).map(|c| if (r + c) % 2 == 0 { '0' } else { '1' }).collect()).collect();
/// let level: kami::Level = rows.join("\n").parse().unwrap();
/// let err = kami::solve(&level, &kami::SolveOptions::default()).unwrap_err();
/// assert_eq!(err, kami::SolveError::TooManyRegions { regions: 16_900, lower_bound: 1 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[non_exhaustive]
pub enum SolveError {
    /// An island has more regions than [`MAX_ISLAND_REGIONS`]; `lower_bound` is the
    /// colour bound of the level (see [`lower_bound`]).
    #[error("an island of {regions} regions is more than the solver searches ({MAX_ISLAND_REGIONS})")]
    TooManyRegions {
        /// The regions of the largest island.
        regions: usize,
        /// The colour bound: a proven lower bound on the optimum.
        lower_bound: u32,
    },
}

/// Solves `level` optimally within `options.budget`: [`engine::Outcome::Proved`] with an
/// optimal solution, or [`engine::Outcome::GaveUp`] with a lower bound and the best
/// solution found when the budget runs out (or is cancelled from another thread).
///
/// ```
/// let level: kami::Level = "01.10\n01.10\n".parse().unwrap(); // two islands
/// let report = kami::solve(&level, &kami::SolveOptions::default()).unwrap();
/// let engine::Outcome::Proved(moves) = report.outcome else { panic!("no limit") };
/// assert_eq!(moves.len(), 2);
/// assert!(kami::play::is_solved(&kami::play::replay(&level, &moves).unwrap()));
/// assert!(report.stats.nodes > 0);
/// ```
///
/// # Errors
/// [`SolveError::TooManyRegions`] when an island is too big for the search.
pub fn solve(level: &Level, options: &SolveOptions) -> Result<Report, SolveError> {
    let mut budget = Budget::new(&options.budget, options.threads, false, Tuning::default());
    let solved = solve_budget(level, &mut budget);
    report(level, solved, &budget)
}

/// The optimal solution of `level` with no budget (may take long on deep levels), or an
/// error when an island is too big for the search.
///
/// ```
/// let level: kami::Level = "0120\n1201\n".parse().unwrap();
/// let moves = kami::solver::optimal(&level).unwrap();
/// assert!(kami::play::is_solved(&kami::play::replay(&level, &moves).unwrap()));
/// ```
///
/// # Errors
/// As [`solve`].
pub fn optimal(level: &Level) -> Result<Vec<Move>, SolveError> {
    Ok(solve(level, &SolveOptions::default())?.outcome.into_answer().unwrap_or_default())
}

/// [`solve`]'s answer before it becomes an [`Outcome`], with why the budget stopped the
/// search, if it did (for the generator, which tells a node limit from a deadline).
pub(crate) fn solve_solved(level: &Level, options: &SolveOptions) -> (Solved, Option<engine::StopReason>) {
    let mut budget = Budget::new(&options.budget, options.threads, false, Tuning::default());
    let solved = solve_budget(level, &mut budget);
    (solved, budget.meter.stopped())
}

fn report(level: &Level, solved: Solved, budget: &Budget) -> Result<Report, SolveError> {
    let outcome = match solved {
        Solved::Optimal(moves) => Outcome::Proved(moves),
        Solved::GaveUp { lower_bound, best: None } => {
            let graph = RegionGraph::new(level);
            let regions = graph.islands().iter().map(Vec::len).max().unwrap_or(0);
            return Err(SolveError::TooManyRegions { regions, lower_bound });
        }
        Solved::GaveUp { lower_bound, best } => budget.meter.gave_up(Proven { lower_bound, best }),
    };
    Ok(Report { outcome, stats: budget.meter.stats() })
}

/// The solver's answer before it becomes an [`Outcome`] (`best: None` only for islands too
/// big for the search).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Solved {
    /// A proven optimal solution.
    Optimal(Vec<Move>),
    /// The budget ran out.
    GaveUp { lower_bound: u32, best: Option<Vec<Move>> },
}

/// [`solve`], also listing every IDA* iteration of the islands' searches to any
/// colour (where the time goes: the iterations below the par prove that fewer moves are not
/// enough; the last one either finds a solution, with the par as its threshold, or refutes
/// the par minus one when a beam search already found a path of par moves, which is then
/// optimal). The checks of islands' final colours are not listed.
///
/// ```
/// let level: kami::Level = "0120120\n1201201\n2012012\n".parse().unwrap();
/// let options = kami::SolveOptions::default();
/// let (report, iterations) = kami::solver::solve_traced(&level, &options).unwrap();
/// assert_eq!(report.outcome, kami::solve(&level, &options).unwrap().outcome);
/// let engine::Outcome::Proved(moves) = report.outcome else { panic!() };
/// let last = iterations.last().unwrap();
/// let beam = iterations.iter().filter_map(|i| i.beam).min();
/// assert!(last.bound as usize == moves.len() || (last.bound + 1 == moves.len() as u32 && beam == Some(last.bound + 1)));
/// assert!(iterations.iter().map(|i| i.nodes).sum::<u64>() <= report.stats.nodes);
/// ```
///
/// # Errors
/// As [`solve`].
pub fn solve_traced(level: &Level, options: &SolveOptions) -> Result<(Report, Vec<Iteration>), SolveError> {
    let mut budget = Budget::new(&options.budget, options.threads, true, Tuning::default());
    let solved = solve_budget(level, &mut budget);
    let report = report(level, solved, &budget)?;
    Ok((report, budget.trace.take().unwrap_or_default()))
}

fn solve_budget(level: &Level, budget: &mut Budget) -> Solved {
    let graph = RegionGraph::new(level);
    let palette = level.colours_used();
    if graph.islands().iter().any(|island| island.len() > MAX_ISLAND_REGIONS) {
        return Solved::GaveUp { lower_bound: colour_bounds(&graph), best: None };
    }
    let islands: Vec<Island> = graph.islands().iter().map(|regions| Island::new(&graph, regions)).collect();
    let mut tables: FxHashMap<(usize, Option<Colour>), FxHashMap<u128, u8>> = FxHashMap::default();

    // Each island's optimum to any colour.
    let mut found: Vec<Option<Path>> = Vec::new();
    // The shortest path known per island (optimal where found, else the beam's).
    let mut known: Vec<Option<Path>> = Vec::new();
    let mut lower = 0u32;
    for (i, island) in islands.iter().enumerate() {
        budget.island = i;
        budget.base = u64::from(lower);
        let table = tables.entry((i, None)).or_default();
        match ida_star(island, None, &palette, budget, table) {
            Ok(path) => {
                lower += path.len() as u32;
                known.push(Some(path.clone()));
                found.push(Some(path));
            }
            Err((lb, beam)) => {
                lower += lb;
                known.push(beam);
                found.push(None);
            }
        }
    }
    if budget.aborted() {
        return gave_up(level, &graph, &islands, &known, &palette, lower);
    }
    let paths: Vec<Path> = found.into_iter().map(Option::unwrap_or_default).collect();
    let finals: Vec<Colour> = islands.iter().zip(&paths).map(|(is, p)| is.final_colour(p)).collect();

    // The final colour: least total of opt_i(c).
    let mut best: Option<(u32, Vec<Path>)> = None;
    let ending = final_counts(&finals);
    let mut order = palette.clone();
    order.sort_by_key(|&c| std::cmp::Reverse(ending[usize::from(c)]));
    for &c in &order {
        let mut extra = 0u32;
        let mut chosen = Vec::new();
        for (i, island) in islands.iter().enumerate() {
            if best.as_ref().is_some_and(|(b, _)| lower + extra >= *b) {
                break;
            }
            if finals[i] == c {
                chosen.push(paths[i].clone());
                continue;
            }
            let table = tables.entry((i, Some(c))).or_default();
            let opt = paths[i].len() as u32;
            let mut search = Search::new(island, Some(c), &palette, budget, table);
            if let Probe::Found = search.dfs(0, opt, None) {
                chosen.push(search.path.clone());
            } else {
                if search.budget.aborted() {
                    let found: Vec<Option<Path>> = paths.iter().cloned().map(Some).collect();
                    return gave_up(level, &graph, &islands, &found, &palette, lower);
                }
                let mut path = paths[i].clone();
                // After its path the island is one region: tap its region 0.
                path.push((0, c));
                chosen.push(path);
                extra += 1;
            }
        }
        if chosen.len() == islands.len() && best.as_ref().is_none_or(|(b, _)| lower + extra < *b) {
            best = Some((lower + extra, chosen));
        }
    }
    let (_, chosen) = best.unwrap_or_default();
    Solved::Optimal(checked_moves(level, &graph, &islands, &chosen))
}

/// The solver's lower bound for `level` at the start: the sum over islands of the larger of
/// the colour bound and the radius bound (see the module docs).
///
/// ```
/// let level: kami::Level = "0120\n1201\n".parse().unwrap();
/// assert!(kami::solver::lower_bound(&level) as usize <= kami::solver::optimal(&level).unwrap().len());
/// ```
#[must_use]
pub fn lower_bound(level: &Level) -> u32 {
    let graph = RegionGraph::new(level);
    if graph.islands().iter().any(|island| island.len() > MAX_ISLAND_REGIONS) {
        return colour_bounds(&graph);
    }
    graph
        .islands()
        .iter()
        .map(|regions| {
            let island = Island::new(&graph, regions);
            let node = island.root();
            let mut scratch = Scratch::new(&island);
            heuristic(&island, &node, None, u32::MAX, &mut scratch)
        })
        .sum()
}

/// The most regions one island may have for the search (its bitsets take `n²/64` words per
/// node); bigger levels get only the colour bound and no answer.
///
/// ```
/// assert!(kami::solver::MAX_ISLAND_REGIONS >= 29 * 10);
/// ```
pub const MAX_ISLAND_REGIONS: usize = 16_384;

/// The sum over islands of (distinct colours − 1): cheap and admissible on any level.
fn colour_bounds(graph: &RegionGraph) -> u32 {
    graph
        .islands()
        .iter()
        .map(|island| {
            let mut present = [false; MAX_COLOURS];
            for &r in island {
                present[usize::from(graph.colour(r as usize))] = true;
            }
            (present.iter().filter(|&&p| p).count() as u32).saturating_sub(1)
        })
        .sum()
}

/// A quick, not necessarily optimal solution: every move makes the largest merge, then all
/// islands are recoloured to their most common final colour.
///
/// ```
/// let level: kami::Level = "0120\n1201\n2012\n".parse().unwrap();
/// let moves = kami::solver::greedy(&level);
/// assert!(kami::play::is_solved(&kami::play::replay(&level, &moves).unwrap()));
/// assert!(moves.len() >= kami::solver::optimal(&level).unwrap().len());
/// ```
#[must_use]
pub fn greedy(level: &Level) -> Vec<Move> {
    let graph = RegionGraph::new(level);
    let islands: Vec<Island> = graph.islands().iter().map(|regions| Island::new(&graph, regions)).collect();
    let found = vec![None; islands.len()];
    let chosen = combine(&islands, &found, &level.colours_used());
    checked_moves(level, &graph, &islands, &chosen)
}

/// How many islands end in each colour.
fn final_counts(finals: &[Colour]) -> [usize; MAX_COLOURS] {
    let mut out = [0; MAX_COLOURS];
    for &f in finals {
        out[usize::from(f)] += 1;
    }
    out
}

/// Per-island paths (optimal where found, greedy otherwise) joined with one extra move per
/// island that does not end in the most common final colour.
fn combine(islands: &[Island], found: &[Option<Path>], palette: &[Colour]) -> Vec<Path> {
    let paths: Vec<Path> = islands
        .iter()
        .zip(found)
        .map(|(is, f)| {
            let greedy = greedy_path(is);
            f.clone().filter(|p| p.len() <= greedy.len()).unwrap_or(greedy)
        })
        .collect();
    let finals: Vec<Colour> = islands.iter().zip(&paths).map(|(is, p)| is.final_colour(p)).collect();
    let ending = final_counts(&finals);
    let target = palette.iter().copied().max_by_key(|&c| (ending[usize::from(c)], std::cmp::Reverse(c)));
    paths
        .into_iter()
        .zip(finals)
        .map(|(mut p, f)| {
            if let Some(t) = target.filter(|&t| t != f) {
                p.push((0, t));
            }
            p
        })
        .collect()
}

fn gave_up(
    level: &Level,
    graph: &RegionGraph,
    islands: &[Island],
    found: &[Option<Path>],
    palette: &[Colour],
    lower: u32,
) -> Solved {
    let chosen = combine(islands, found, palette);
    let best = checked_moves(level, graph, islands, &chosen);
    Solved::GaveUp { lower_bound: lower, best: Some(best) }
}

/// Turns per-island paths into tap moves and replays them through flood fill: the moves
/// must be legal, each must change something, and the end must be solved.
fn checked_moves(level: &Level, graph: &RegionGraph, islands: &[Island], chosen: &[Path]) -> Vec<Move> {
    let moves: Vec<Move> = islands
        .iter()
        .zip(chosen)
        .flat_map(|(island, path)| path.iter().map(|&(r, c)| graph.tap(island.global[r as usize] as usize, c)))
        .collect();
    let end = play::replay(level, &moves).unwrap_or_else(|e| panic!("solver bug: answer does not replay: {e}"));
    assert!(play::is_solved(&end), "solver bug: answer does not solve the level");
    moves
}

#[cfg(test)]
mod tests;
