//! The statistics the tests need, implemented here rather than pulled from a crate: a
//! handful of textbook formulas, each checked against known values below.
//!
//! Statistics run on `f64`: they describe amounts, they never become amounts, so the
//! money rule (Decimal only) is not at stake. Sums run in a fixed order, so results are
//! bit-identical between runs.

/// Arithmetic mean; `None` for an empty sample.
pub fn mean(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    Some(values.iter().sum::<f64>() / values.len() as f64)
}

/// Sample standard deviation (n − 1); `None` below two values.
pub fn sample_std_dev(values: &[f64], mean: f64) -> Option<f64> {
    if values.len() < 2 {
        return None;
    }
    let squares: f64 = values.iter().map(|value| (value - mean).powi(2)).sum();
    Some((squares / (values.len() - 1) as f64).sqrt())
}

/// Quantile of an ascending-sorted sample by linear interpolation between order
/// statistics (Hyndman & Fan type 7, the default of R and NumPy), so figures match what
/// an auditor gets from a spreadsheet or R.
pub fn quantile_sorted(sorted: &[f64], probability: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let position = probability.clamp(0.0, 1.0) * (sorted.len() - 1) as f64;
    let lower = position.floor() as usize;
    let upper = position.ceil() as usize;
    let fraction = position - lower as f64;
    Some(sorted[lower] + (sorted[upper] - sorted[lower]) * fraction)
}

/// Median of an ascending-sorted sample.
pub fn median_sorted(sorted: &[f64]) -> Option<f64> {
    quantile_sorted(sorted, 0.5)
}

/// Median absolute deviation from `median` (unscaled).
pub fn median_absolute_deviation(values: &[f64], median: f64) -> Option<f64> {
    let mut deviations: Vec<f64> = values.iter().map(|value| (value - median).abs()).collect();
    deviations.sort_by(f64::total_cmp);
    median_sorted(&deviations)
}

/// Upper-tail probability of the chi-square distribution: P(X ≥ statistic) with
/// `degrees_of_freedom`, i.e. the regularized upper incomplete gamma Q(k/2, x/2).
pub fn chi_square_p_value(statistic: f64, degrees_of_freedom: u32) -> f64 {
    if statistic <= 0.0 {
        return 1.0;
    }
    // Rounding in 1 − P can step just outside [0, 1]; a probability never does.
    upper_regularized_gamma(f64::from(degrees_of_freedom) / 2.0, statistic / 2.0).clamp(0.0, 1.0)
}

/// Iteration bound for the gamma series and continued fraction: both converge in well
/// under 100 steps for the shapes used here (a ≤ 50); the bound only stops a runaway.
const GAMMA_ITERATIONS_MAX: usize = 500;
const GAMMA_EPSILON: f64 = 1e-15;

/// Q(a, x) = Γ(a, x) / Γ(a): series below a + 1, Lentz continued fraction above
/// (Numerical Recipes §6.2), each where it converges fast.
fn upper_regularized_gamma(a: f64, x: f64) -> f64 {
    if x < a + 1.0 {
        1.0 - lower_gamma_series(a, x)
    } else {
        upper_gamma_continued_fraction(a, x)
    }
}

fn lower_gamma_series(a: f64, x: f64) -> f64 {
    let mut term = 1.0 / a;
    let mut sum = term;
    let mut denominator = a;
    for _ in 0..GAMMA_ITERATIONS_MAX {
        denominator += 1.0;
        term *= x / denominator;
        sum += term;
        if term.abs() < sum.abs() * GAMMA_EPSILON {
            break;
        }
    }
    (sum.ln() - x + a * x.ln() - ln_gamma(a)).exp()
}

fn upper_gamma_continued_fraction(a: f64, x: f64) -> f64 {
    let tiny = f64::MIN_POSITIVE / GAMMA_EPSILON;
    let mut b = x + 1.0 - a;
    let mut c = 1.0 / tiny;
    let mut d = 1.0 / b;
    let mut h = d;
    for i in 1..GAMMA_ITERATIONS_MAX {
        let an = -(i as f64) * (i as f64 - a);
        b += 2.0;
        d = an * d + b;
        if d.abs() < tiny {
            d = tiny;
        }
        c = b + an / c;
        if c.abs() < tiny {
            c = tiny;
        }
        d = 1.0 / d;
        let delta = d * c;
        h *= delta;
        if (delta - 1.0).abs() < GAMMA_EPSILON {
            break;
        }
    }
    (a * x.ln() - x - ln_gamma(a)).exp() * h
}

/// ln Γ(x) for x > 0 by the Lanczos approximation (g = 7, 9 terms; ~15 significant
/// digits).
fn ln_gamma(x: f64) -> f64 {
    const COEFFICIENTS: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection keeps the approximation in its accurate range.
        return (std::f64::consts::PI / (std::f64::consts::PI * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let t = x + 7.5;
    let series = COEFFICIENTS
        .iter()
        .enumerate()
        .skip(1)
        .fold(COEFFICIENTS[0], |sum, (i, coefficient)| {
            sum + coefficient / (x + i as f64)
        });
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + series.ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64, tolerance: f64) -> bool {
        (actual - expected).abs() <= tolerance
    }

    #[test]
    fn the_mean_of_one_to_four_is_two_and_a_half() {
        assert_eq!(mean(&[1.0, 2.0, 3.0, 4.0]), Some(2.5));
    }

    #[test]
    fn the_sample_standard_deviation_divides_by_n_minus_one() {
        let values = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0];
        let sd = sample_std_dev(&values, 5.0).expect("sd");
        assert!(close(sd, (32.0_f64 / 7.0).sqrt(), 1e-12));
    }

    #[test]
    fn type_7_quartiles_interpolate_between_order_statistics() {
        let sorted = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0];
        assert_eq!(quantile_sorted(&sorted, 0.25), Some(2.75));
        assert_eq!(quantile_sorted(&sorted, 0.75), Some(6.25));
        assert_eq!(median_sorted(&sorted), Some(4.5));
    }

    #[test]
    fn the_median_absolute_deviation_of_a_known_sample() {
        // R: mad(c(1,1,2,2,4,6,9), constant = 1) = 1
        let values = [1.0, 1.0, 2.0, 2.0, 4.0, 6.0, 9.0];
        assert_eq!(median_absolute_deviation(&values, 2.0), Some(1.0));
    }

    #[test]
    fn ln_gamma_matches_factorials() {
        assert!(close(ln_gamma(5.0), 24.0_f64.ln(), 1e-12));
        assert!(close(
            ln_gamma(0.5),
            std::f64::consts::PI.sqrt().ln(),
            1e-12
        ));
    }

    #[test]
    fn chi_square_with_two_degrees_of_freedom_has_an_exponential_tail() {
        // For k = 2, P(X ≥ x) = e^(−x/2) exactly.
        for x in [0.5, 2.0, 5.991, 20.0] {
            assert!(close(chi_square_p_value(x, 2), (-x / 2.0).exp(), 1e-12));
        }
    }

    #[test]
    fn chi_square_critical_values_give_five_percent() {
        // Table values at α = 0.05 for the Benford tests' degrees of freedom.
        assert!(close(chi_square_p_value(15.507, 8), 0.05, 1e-4));
        assert!(close(chi_square_p_value(16.919, 9), 0.05, 1e-4));
        assert!(close(chi_square_p_value(112.022, 89), 0.05, 1e-4));
        assert!(close(chi_square_p_value(123.225, 99), 0.05, 1e-4));
    }
}
