//! The address as a QR code in the terminal, two rows of modules to a line
//! with the half blocks ▀ ▄ █, inside the quiet zone scanners need.

use qrcode::{Color, EcLevel, QrCode};

/// Light modules around the code.
const QUIET: usize = 2;

/// The code of `text`. With `colour`, drawn black on white whatever the
/// terminal's colours; without, the light modules are drawn, for a
/// terminal of light text on a dark ground (the common one).
pub(crate) fn draw(text: &str, colour: bool) -> Option<String> {
    let code = QrCode::with_error_correction_level(text, EcLevel::L).ok()?;
    let width = code.width();
    let colours = code.to_colors();
    let size = width + 2 * QUIET;
    // Whether the module at (x, y), quiet zone included, is dark.
    let dark = |x: usize, y: usize| {
        x >= QUIET
            && y >= QUIET
            && x < QUIET + width
            && y < QUIET + width
            && colours[(y - QUIET) * width + (x - QUIET)] == Color::Dark
    };
    let mut lines = Vec::with_capacity(size.div_ceil(2));
    for y in (0..size).step_by(2) {
        let mut line = String::new();
        for x in 0..size {
            // The modules drawn: dark ones in colour, else the light ones.
            let top = dark(x, y) == colour;
            let bottom = if y + 1 < size { dark(x, y + 1) == colour } else { !colour };
            line.push(match (top, bottom) {
                (true, true) => '█',
                (true, false) => '▀',
                (false, true) => '▄',
                (false, false) => ' ',
            });
        }
        lines.push(if colour { format!("\u{1b}[30;107m{line}\u{1b}[0m") } else { line });
    }
    Some(lines.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_fits_its_quiet_zone() {
        let code = draw("http://192.168.1.20:8313/0123456789abcdef0123/", false).unwrap();
        let lines: Vec<&str> = code.lines().collect();
        let width = lines[0].chars().count();
        assert!(lines.iter().all(|l| l.chars().count() == width));
        assert_eq!(lines.len(), width.div_ceil(2));
        // The quiet zone is light, drawn in full; the finder's dark corner is not.
        assert!(lines[0].chars().all(|c| c == '█'));
        assert_eq!(lines[1].chars().nth(QUIET), Some(' '));
        let coloured = draw("http://127.0.0.1:8313/", true).unwrap();
        assert!(coloured.starts_with("\u{1b}[30;107m    "), "{coloured:?}");
    }
}
