//! One seeded puzzle, solved: a 3×3 optimally (IDA* with linear conflicts) and a 4×4 with
//! the fast solver, each solution replayed. `cargo run -p fifteen --example demo`.

use engine::{SeededRng, Size};
use fifteen::generate::Spec;
use fifteen::{Answer, Move, Options, generate, solve};

fn main() {
    let mut rng = SeededRng::new(2026);
    for (size, options) in
        [(Size::new(3, 3), Options::default()), (Size::new(4, 4), Options::default().with_fast(true))]
    {
        let spec = Spec::default().with_size(size);
        let puzzle = generate(&spec, &mut rng).expect("named goals fit every size");
        let report = solve(&puzzle, &options).expect("no pattern database to mismatch");
        let moves = report.outcome.answer().and_then(Answer::moves).expect("generated boards are solvable");
        let mut replay = puzzle.start().clone();
        replay.replay(moves).expect("solutions are legal");
        assert_eq!(&replay, puzzle.goal());
        let how = if report.outcome.is_proved() { "optimal" } else { "fast" };
        println!("fifteen {size} (seed 2026):\n{}{how}: {} {}", puzzle.start(), moves.len(), Move::format_all(moves));
    }
}
