//! The colour-blind-safe palette under simulated colour-vision deficiencies.
//!
//! Each colour is decoded from sRGB to linear RGB, passed through the simulation matrix of
//! a full (severity 1.0) protanopia, deuteranopia or tritanopia from Machado, Oliveira and
//! Fernandes, "A Physiologically-based Model for Simulation of Color Vision Deficiency"
//! (IEEE TVCG 2009), clamped to the gamut, and compared in CIELAB (D65 white) by the CIE76
//! distance ΔE. Two colours about 10 ΔE apart are told apart at a glance; [`SAFE_PALETTE`]
//! keeps every pair at least [`MIN_DELTA_E`] apart for every palette size the playground
//! offers (2 to 8 colours), under every simulation and for normal vision.

use super::{SAFE_PALETTE, default_colour, linear_rgb};

/// The smallest ΔE allowed between two colours of the first `k` of the palette.
const MIN_DELTA_E: f64 = 15.0;

/// A vision: its name and its matrix on linear RGB.
type Vision = (&'static str, [[f64; 3]; 3]);

/// Normal vision and Machado et al.'s severity-1.0 matrices.
const VISIONS: [Vision; 4] = [
    ("normal", [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]),
    (
        "protanopia",
        [[0.152_286, 1.052_583, -0.204_868], [0.114_503, 0.786_281, 0.099_216], [-0.003_882, -0.048_116, 1.051_998]],
    ),
    (
        "deuteranopia",
        [[0.367_322, 0.860_646, -0.227_968], [0.280_085, 0.672_501, 0.047_413], [-0.011_820, 0.042_940, 0.968_881]],
    ),
    (
        "tritanopia",
        [[1.255_528, -0.076_749, -0.178_779], [-0.078_411, 0.930_809, 0.147_602], [0.004_733, 0.691_367, 0.308_173]],
    ),
];

/// CIELAB of linear RGB (sRGB primaries, D65 white).
fn lab([r, g, b]: [f64; 3]) -> [f64; 3] {
    let x = 0.412_4 * r + 0.357_6 * g + 0.180_5 * b;
    let y = 0.212_6 * r + 0.715_2 * g + 0.072_2 * b;
    let z = 0.019_3 * r + 0.119_2 * g + 0.950_5 * b;
    let f = |t: f64| if t > 0.008_856 { t.cbrt() } else { 7.787 * t + 16.0 / 116.0 };
    let (fx, fy, fz) = (f(x / 0.950_47), f(y), f(z / 1.088_83));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// How `hex` looks in `matrix`'s vision, in CIELAB.
fn seen(hex: &str, matrix: &[[f64; 3]; 3]) -> [f64; 3] {
    let rgb = linear_rgb(hex).expect("palette colours are #rrggbb");
    let simulated = matrix.map(|row| (row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]).clamp(0.0, 1.0));
    lab(simulated)
}

fn delta_e(a: [f64; 3], b: [f64; 3]) -> f64 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The closest pair of `colours` in any of the visions: (ΔE, vision, i, j).
fn closest(colours: &[String]) -> (f64, &'static str, usize, usize) {
    let mut best = (f64::INFINITY, "", 0, 0);
    for (name, matrix) in &VISIONS {
        let labs: Vec<[f64; 3]> = colours.iter().map(|c| seen(c, matrix)).collect();
        for i in 0..labs.len() {
            for j in i + 1..labs.len() {
                let d = delta_e(labs[i], labs[j]);
                if d < best.0 {
                    best = (d, name, i, j);
                }
            }
        }
    }
    best
}

#[test]
fn the_safe_palette_stays_apart_under_every_deficiency_at_every_size() {
    for k in 2..=SAFE_PALETTE.len() {
        let colours: Vec<String> = SAFE_PALETTE[..k].iter().map(|c| (*c).to_string()).collect();
        let (d, vision, i, j) = closest(&colours);
        assert!(d >= MIN_DELTA_E, "{k} colours: {} and {} are {d:.1} apart under {vision}", colours[i], colours[j]);
        if k <= 4 {
            assert!(d >= 24.0, "{k} colours: {d:.1} under {vision}");
        }
    }
}

#[test]
fn the_classic_palette_does_not() {
    // The golden-angle hues of `default_colour` at equal saturation and value: 7 colours
    // bring a yellow and a green within a few ΔE of each other under protanopia.
    let colours: Vec<String> = (0..7).map(default_colour).collect();
    let (d, vision, i, j) = closest(&colours);
    assert!(d < 5.0 && vision == "protanopia" && (i, j) == (3, 6), "{d:.1} {vision} {i} {j}");
}

#[test]
fn simulation_leaves_grey_grey_and_confuses_red_and_green() {
    let matrix = &VISIONS[2].1;
    let grey = seen("#808080", matrix);
    assert!(grey[1].abs() < 1.0 && grey[2].abs() < 1.0, "{grey:?}");
    // A red and a green of similar lightness come close under deuteranopia.
    let normal = delta_e(seen("#b35900", &VISIONS[0].1), seen("#6b8e23", &VISIONS[0].1));
    let deutan = delta_e(seen("#b35900", matrix), seen("#6b8e23", matrix));
    assert!(deutan < normal / 2.0, "{normal:.1} → {deutan:.1}");
}
