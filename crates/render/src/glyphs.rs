//! A small stroke font for coordinates, Fairy-FEN letters and numbers and disc labels.
//!
//! Text is drawn as paths, not `<text>`, so the SVG looks the same in every viewer and the
//! PNG rasteriser needs no fonts (resvg is built without its text feature). Each glyph is an
//! SVG path on a grid where capitals and digits span y = 0…10 (baseline at 10), lower case
//! has its x-height at 4 and descenders reach 13; strokes are meant to be about 1.1 wide.

/// The path of a character and its advance width, or `None` for characters we cannot draw.
pub fn glyph(c: char) -> Option<(&'static str, f64)> {
    let g = match c {
        '0' => ("M3 0A3 5 0 0 0 3 10A3 5 0 0 0 3 0Z", 6.0),
        '1' => ("M1.2 2.2L3.5 0V10M1.2 10H5.8", 6.0),
        '2' => ("M0.6 2.6A2.7 2.6 0 1 1 5 4.6L0.4 10H5.8", 6.0),
        '3' => ("M0.5 0H5.5L2.4 4.1A3 3 0 1 1 0.4 8.9", 6.0),
        '4' => ("M4.2 10V0L0 7H6", 6.0),
        '5' => ("M5.4 0H1.1L0.7 4.4A3 3 0 1 1 0.4 8.9", 6.0),
        '6' => ("M4.6 0L1 5.3M0 7A3 3 0 1 0 6 7A3 3 0 1 0 0 7", 6.0),
        '7' => ("M0 0H6L2.2 10", 6.0),
        '8' => ("M3 0A2.3 2.3 0 0 0 3 4.6A2.3 2.3 0 0 0 3 0ZM3 4.6A2.7 2.7 0 0 0 3 10A2.7 2.7 0 0 0 3 4.6Z", 6.0),
        '9' => ("M1.4 10L5 4.7M6 3A3 3 0 1 0 0 3A3 3 0 1 0 6 3", 6.0),
        'A' => ("M0 10L3 0L6 10M1.1 6.5H4.9", 6.0),
        'B' => ("M0 10V0H3.3A2.5 2.5 0 0 1 3.3 5H0M3.3 5H3.6A2.5 2.5 0 0 1 3.6 10H0", 6.0),
        'C' => ("M6 1.6A4.3 5 0 1 0 6 8.4", 6.0),
        'D' => ("M0 0V10H2.3A3.7 5 0 0 0 2.3 0Z", 6.0),
        'E' => ("M5.8 0H0V10H5.8M0 5H4.4", 6.0),
        'F' => ("M5.8 0H0V10M0 5H4.4", 6.0),
        'G' => ("M6 1.6A4.3 5 0 1 0 6 8.4V5.6H3.4", 6.0),
        'H' => ("M0 0V10M6 0V10M0 5H6", 6.0),
        'I' => ("M1.4 0H4.6M3 0V10M1.4 10H4.6", 6.0),
        'J' => ("M5.5 0V7A2.75 2.9 0 0 1 0 7", 6.0),
        'K' => ("M0 0V10M6 0L0 6.5M2.1 4.4L6 10", 6.0),
        'L' => ("M0 0V10H5.8", 6.0),
        'M' => ("M0 10V0L3 6L6 0V10", 6.0),
        'N' => ("M0 10V0L6 10V0", 6.0),
        'O' => ("M3 0A3 5 0 0 0 3 10A3 5 0 0 0 3 0Z", 6.0),
        'P' => ("M0 10V0H3.3A2.7 2.75 0 0 1 3.3 5.5H0", 6.0),
        'Q' => ("M3 0A3 5 0 0 0 3 10A3 5 0 0 0 3 0ZM3.6 7L6 10.6", 6.0),
        'R' => ("M0 10V0H3.3A2.7 2.75 0 0 1 3.3 5.5H0M3 5.5L6 10", 6.0),
        'S' => ("M5.5 1.3A2.9 2.5 0 1 0 3 5A2.9 2.5 0 1 1 0.4 8.7", 6.0),
        'T' => ("M0 0H6M3 0V10", 6.0),
        'U' => ("M0 0V7A3 3 0 0 0 6 7V0", 6.0),
        'V' => ("M0 0L3 10L6 0", 6.0),
        'W' => ("M0 0L1.5 10L3 3.5L4.5 10L6 0", 6.0),
        'X' => ("M0 0L6 10M6 0L0 10", 6.0),
        'Y' => ("M0 0L3 5L6 0M3 5V10", 6.0),
        'Z' => ("M0 0H6L0 10H6", 6.0),
        'a' => ("M5 7A2.5 3 0 1 1 0 7A2.5 3 0 1 1 5 7M5 4V10", 5.0),
        'b' => ("M0 0V10M0 7A2.5 3 0 1 1 5 7A2.5 3 0 1 1 0 7", 5.0),
        'c' => ("M5 5.1A2.6 3 0 1 0 5 8.9", 5.0),
        'd' => ("M5 0V10M5 7A2.5 3 0 1 0 0 7A2.5 3 0 1 0 5 7", 5.0),
        'e' => ("M0 7H5A2.5 3 0 1 0 4.4 9", 5.0),
        'f' => ("M4.6 0.6A2 2 0 0 0 1.5 2.2V10M0 4.5H4", 4.6),
        'g' => ("M5 4V11A2.5 2 0 0 1 0.4 12M5 7A2.5 3 0 1 0 0 7A2.5 3 0 1 0 5 7", 5.0),
        'h' => ("M0 0V10M0 6.6A2.5 2.5 0 0 1 5 6.6V10", 5.0),
        'i' => ("M1 4V10M1 1.6V1.9", 2.0),
        'j' => ("M3 4V11A1.8 1.8 0 0 1 0 11.4M3 1.6V1.9", 3.0),
        'k' => ("M0 0V10M5 4L0 8M2 6.4L5 10", 5.0),
        'l' => ("M1 0V10", 2.0),
        'm' => ("M0 4V10M0 6A1.5 1.8 0 0 1 3 6V10M3 6A1.5 1.8 0 0 1 6 6V10", 6.0),
        'n' => ("M0 4V10M0 6.6A2.5 2.5 0 0 1 5 6.6V10", 5.0),
        'o' => ("M2.5 4A2.5 3 0 0 0 2.5 10A2.5 3 0 0 0 2.5 4Z", 5.0),
        'p' => ("M0 4V13M0 7A2.5 3 0 1 1 5 7A2.5 3 0 1 1 0 7", 5.0),
        'q' => ("M5 4V13M5 7A2.5 3 0 1 0 0 7A2.5 3 0 1 0 5 7", 5.0),
        'r' => ("M0 4V10M0 7A3 3 0 0 1 4.4 4.4", 4.4),
        's' => ("M4.4 4.8A2.3 1.5 0 1 0 2.2 7A2.3 1.5 0 1 1 0.3 9.4", 4.6),
        't' => ("M1.8 1V8.8A1.3 1.2 0 0 0 4.2 9.8M0 4H4.2", 4.2),
        'u' => ("M0 4V7.4A2.5 2.6 0 0 0 5 7.4M5 4V10", 5.0),
        'v' => ("M0 4L2.5 10L5 4", 5.0),
        'w' => ("M0 4L1.5 10L3 6L4.5 10L6 4", 6.0),
        'x' => ("M0 4L5 10M5 4L0 10", 5.0),
        'y' => ("M0 4L2.5 10M5 4L1.4 13", 5.0),
        'z' => ("M0 4H5L0 10H5", 5.0),
        '?' => ("M0.5 2.5A2.5 2.5 0 1 1 3 5V7M3 9.6V9.9", 6.0),
        _ => return None,
    };
    Some(g)
}

/// Space between glyphs, in grid units.
pub const GAP: f64 = 1.6;

/// Width of a string in grid units (unknown characters drawn as `?`).
pub fn width(text: &str) -> f64 {
    let n = text.chars().count();
    text.chars()
        .map(|c| glyph(c).or(glyph('?')).map_or(6.0, |g| g.1))
        .sum::<f64>()
        + GAP * n.saturating_sub(1) as f64
}

/// SVG for `text` centred at (`cx`, `cy`) with capital height `height`, stroked in `color`.
/// Lower-case letters without ascenders are centred on their x-height so they sit in the
/// middle of a square like capitals do.
pub fn text_svg(text: &str, cx: f64, cy: f64, height: f64, color: &str) -> String {
    let scale = height / 10.0;
    let w = width(text);
    // Vertical centre in grid units: capitals/digits span 0–10; all-small text 4–10.
    let low = text.chars().all(|c| "acemnorsuvwxz".contains(c));
    let mid = if low { 7.0 } else { 5.0 };
    let mut x = 0.0;
    let mut d = String::new();
    for c in text.chars() {
        let (path, adv) = glyph(c).or(glyph('?')).unwrap_or(("", 6.0));
        if x == 0.0 {
            d.push_str(path);
        } else {
            d.push_str(&shift_path(path, x));
        }
        x += adv + GAP;
    }
    format!(
        "<path transform=\"translate({} {}) scale({})\" d=\"{d}\" fill=\"none\" stroke=\"{color}\" stroke-width=\"1.1\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
        fmt(cx - w / 2.0 * scale),
        fmt(cy - mid * scale),
        fmt(scale)
    )
}

/// Shift an absolute path (M/L/H/V/A/Z commands only, as all glyphs are) right by `dx`.
fn shift_path(path: &str, dx: f64) -> String {
    let mut out = String::new();
    let mut cmd = 'M';
    let mut arg = 0usize; // index of the number within the current command's argument group
    let mut num = String::new();
    let flush = |num: &mut String, cmd: char, arg: usize, out: &mut String| {
        if num.is_empty() {
            return;
        }
        let v: f64 = num.parse().unwrap_or(0.0);
        let is_x = match cmd {
            'M' | 'L' => arg.is_multiple_of(2),
            'H' => true,
            'A' => arg % 7 == 5,
            _ => false,
        };
        if !out.is_empty() && !out.ends_with(|c: char| c.is_ascii_alphabetic()) {
            out.push(' ');
        }
        out.push_str(&fmt(if is_x { v + dx } else { v }));
        num.clear();
    };
    for ch in path.chars() {
        if ch.is_ascii_alphabetic() {
            flush(&mut num, cmd, arg, &mut out);
            cmd = ch;
            arg = 0;
            out.push(ch);
        } else if ch == ' ' || ch == ',' {
            if !num.is_empty() {
                flush(&mut num, cmd, arg, &mut out);
                arg += 1;
            }
        } else {
            num.push(ch);
        }
    }
    flush(&mut num, cmd, arg, &mut out);
    out
}

/// A number for SVG output: at most two decimals, no trailing zeros.
pub fn fmt(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        let s = format!("{r:.2}");
        s.trim_end_matches('0').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_letter_and_digit_has_a_glyph() {
        for c in ('a'..='z').chain('A'..='Z').chain('0'..='9') {
            let (path, adv) = glyph(c).unwrap_or_else(|| panic!("no glyph for {c}"));
            assert!(path.starts_with('M') && adv > 0.0, "{c}");
        }
        assert!(glyph('#').is_none());
    }

    #[test]
    fn shifting_moves_only_x_coordinates() {
        assert_eq!(shift_path("M0 10L3 0H6V2", 10.0), "M10 10L13 0H16V2");
        assert_eq!(
            shift_path("M3 0A3 5 0 0 0 3 10Z", 1.0),
            "M4 0A3 5 0 0 0 4 10Z"
        );
        assert_eq!(fmt(2.0), "2");
        assert_eq!(fmt(2.506), "2.51");
        assert_eq!(fmt(-0.5), "-0.5");
    }

    #[test]
    fn width_counts_gaps() {
        assert_eq!(width("1"), 6.0);
        assert_eq!(width("11"), 6.0 + GAP + 6.0);
    }
}
