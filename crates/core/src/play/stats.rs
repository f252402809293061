//! Means with their 95% intervals.

/// A mean and its 95% interval (normal approximation: the mean plus or
/// minus 1.96 standard errors).
#[derive(Clone, Copy, PartialEq, Debug, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Interval {
    pub mean: f64,
    pub low: f64,
    pub high: f64,
}

/// How many standard errors a 95% interval spans either side.
pub const Z95: f64 = 1.959_963_984_540_054;

impl Interval {
    /// The mean of `xs` with `z` standard errors either side (the sample
    /// standard deviation, n − 1). One value or none: no width.
    pub fn of_z(xs: &[f64], z: f64) -> Interval {
        let n = xs.len();
        if n == 0 {
            return Interval::default();
        }
        let mean = xs.iter().sum::<f64>() / n as f64;
        if n < 2 {
            return Interval { mean, low: mean, high: mean };
        }
        let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1) as f64;
        let half = z * (var / n as f64).sqrt();
        Interval { mean, low: mean - half, high: mean + half }
    }

    /// The mean of `xs` and its 95% interval.
    pub fn of(xs: &[f64]) -> Interval {
        Interval::of_z(xs, Z95)
    }

    /// Half the interval's width.
    pub fn half(&self) -> f64 {
        (self.high - self.low) / 2.0
    }

    /// Whether the interval holds 0: no difference beyond the noise.
    pub fn holds_zero(&self) -> bool {
        self.low <= 0.0 && self.high >= 0.0
    }
}

/// The paired differences `a[i] − b[i]`.
pub fn paired(a: &[f64], b: &[f64]) -> Vec<f64> {
    a.iter().zip(b).map(|(x, y)| x - y).collect()
}
