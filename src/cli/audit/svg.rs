//! Inline SVG charts for the HTML report, drawn from counts: stacked bars over time, a
//! histogram, horizontal bars. Every label goes through `esc`; numbers are ours.

use super::html::esc;
use std::fmt::Write as _;

/// One series of a stacked chart: its name and colour.
pub struct Series {
    pub name: &'static str,
    pub color: &'static str,
}

/// Vertical stacked bars: one per bucket, one segment per series, with a y axis and a few
/// x labels. `buckets` are (label, count per series).
pub fn stacked_bars(
    buckets: &[(String, Vec<usize>)],
    series: &[Series],
    title: &str,
    h: f64,
) -> String {
    let w = 960.0_f64;
    let (left, right, top, bottom) = (48.0, 28.0, 14.0, 42.0);
    let plot_w = w - left - right;
    let plot_h = h - top - bottom;
    let max = buckets
        .iter()
        .map(|(_, c)| c.iter().sum::<usize>())
        .max()
        .unwrap_or(0)
        .max(1);
    let (ymax, step) = nice_axis(max);
    let mut s = open_svg(w, h, title);
    axis_y(&mut s, left, top, plot_w, plot_h, ymax, step);
    let n = buckets.len().max(1) as f64;
    let slot = plot_w / n;
    let bar = (slot * 0.78).max(1.0);
    let label_every = (buckets.len() / 12).max(1);
    for (i, (label, counts)) in buckets.iter().enumerate() {
        let x = left + slot * i as f64 + (slot - bar) / 2.0;
        let mut y = top + plot_h;
        let total: usize = counts.iter().sum();
        for (k, c) in counts.iter().enumerate() {
            if *c == 0 {
                continue;
            }
            let hh = plot_h * *c as f64 / ymax as f64;
            y -= hh;
            let name = series.get(k).map_or("", |s| s.name);
            let color = series.get(k).map_or("#888", |s| s.color);
            let _ = write!(
                s,
                r#"<rect class="seg" x="{x:.1}" y="{y:.1}" width="{bar:.1}" height="{hh:.1}" fill="{color}"><title>{}: {c} {name} (of {total})</title></rect>"#,
                esc(label)
            );
        }
        if i % label_every == 0 {
            let _ = write!(
                s,
                r#"<text x="{:.1}" y="{:.1}" class="xl" text-anchor="middle">{}</text>"#,
                x + bar / 2.0,
                top + plot_h + 16.0,
                esc(label)
            );
        }
    }
    // Legend.
    let mut lx = left;
    for sr in series {
        let _ = write!(
            s,
            r#"<rect x="{lx:.1}" y="{:.1}" width="10" height="10" rx="2" fill="{}"/><text x="{:.1}" y="{:.1}" class="lg">{}</text>"#,
            h - 14.0,
            sr.color,
            lx + 14.0,
            h - 5.0,
            sr.name
        );
        lx += 14.0 + 8.0 * sr.name.len() as f64 + 18.0;
    }
    s.push_str("</svg>");
    s
}

/// Vertical bars, one per bin (a histogram).
pub fn histogram(bins: &[(String, usize)], color: &str, title: &str) -> String {
    let (w, h) = (960.0_f64, 230.0_f64);
    let (left, right, top, bottom) = (48.0, 12.0, 14.0, 30.0);
    let plot_w = w - left - right;
    let plot_h = h - top - bottom;
    let max = bins.iter().map(|(_, c)| *c).max().unwrap_or(0).max(1);
    let (ymax, step) = nice_axis(max);
    let mut s = open_svg(w, h, title);
    axis_y(&mut s, left, top, plot_w, plot_h, ymax, step);
    let slot = plot_w / bins.len().max(1) as f64;
    let bar = slot * 0.86;
    for (i, (label, c)) in bins.iter().enumerate() {
        let x = left + slot * i as f64 + (slot - bar) / 2.0;
        let hh = plot_h * *c as f64 / ymax as f64;
        let y = top + plot_h - hh;
        let _ = write!(
            s,
            r#"<rect class="bin" x="{x:.1}" y="{y:.1}" width="{bar:.1}" height="{hh:.1}" rx="2" fill="{color}"><title>{}: {c}</title></rect>"#,
            esc(label)
        );
        if *c > 0 {
            let _ = write!(
                s,
                r#"<text x="{:.1}" y="{:.1}" class="vl" text-anchor="middle">{c}</text>"#,
                x + bar / 2.0,
                y - 3.0
            );
        }
        let _ = write!(
            s,
            r#"<text x="{:.1}" y="{:.1}" class="xl" text-anchor="middle">{}</text>"#,
            x + bar / 2.0,
            top + plot_h + 16.0,
            esc(label)
        );
    }
    s.push_str("</svg>");
    s
}

/// Horizontal bars with the label on the left and the count on the right.
pub fn hbars(items: &[(String, usize, &str)], title: &str) -> String {
    let row = 24.0_f64;
    let (w, label_w, count_w) = (460.0_f64, 170.0, 56.0);
    let h = (row * items.len() as f64).max(row) + 6.0;
    let max = items.iter().map(|(_, c, _)| *c).max().unwrap_or(0).max(1);
    let mut s = open_svg(w, h, title);
    for (i, (label, c, color)) in items.iter().enumerate() {
        let y = 3.0 + row * i as f64;
        let bw = ((w - label_w - count_w) * *c as f64 / max as f64).max(2.0);
        let _ = write!(
            s,
            r#"<text x="{:.1}" y="{:.1}" class="hl" text-anchor="end">{}</text><rect class="hb" x="{label_w:.1}" y="{:.1}" width="{bw:.1}" height="{:.1}" rx="3" fill="{color}"><title>{}: {c}</title></rect><text x="{:.1}" y="{:.1}" class="vl">{c}</text>"#,
            label_w - 8.0,
            y + row / 2.0 + 4.0,
            esc(&short(label, 26)),
            y + 3.0,
            row - 6.0,
            esc(label),
            label_w + bw + 6.0,
            y + row / 2.0 + 4.0,
        );
    }
    s.push_str("</svg>");
    s
}

fn open_svg(w: f64, h: f64, title: &str) -> String {
    format!(
        r#"<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" role="img" aria-label="{t}"><title>{t}</title>"#,
        t = esc(title)
    )
}

fn axis_y(s: &mut String, left: f64, top: f64, plot_w: f64, plot_h: f64, ymax: usize, step: usize) {
    for v in (0..=ymax).step_by(step.max(1)) {
        let y = top + plot_h - plot_h * v as f64 / ymax.max(1) as f64;
        let _ = write!(
            s,
            r#"<line x1="{left:.1}" x2="{:.1}" y1="{y:.1}" y2="{y:.1}" class="grid"/><text x="{:.1}" y="{:.1}" class="yl" text-anchor="end">{v}</text>"#,
            left + plot_w,
            left - 6.0,
            y + 4.0
        );
    }
}

/// A round y axis for counts up to `n`: the top and the grid step, the step being 1, 2 or
/// 5 × 10^k with at most five steps.
fn nice_axis(n: usize) -> (usize, usize) {
    let n = n.max(1);
    let mut scale = 1usize;
    loop {
        for m in [1usize, 2, 5] {
            let step = m.saturating_mul(scale);
            let steps = n.div_ceil(step);
            if steps <= 5 {
                return (steps.max(1).saturating_mul(step), step);
            }
        }
        scale = scale.saturating_mul(10);
    }
}

fn short(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_string()
    } else {
        let mut t: String = s.chars().take(max - 1).collect();
        t.push('…');
        t
    }
}

#[cfg(test)]
mod tests {
    use super::nice_axis;

    #[test]
    fn axes_are_round_and_cover_the_data() {
        assert_eq!(nice_axis(0), (1, 1));
        assert_eq!(nice_axis(4), (4, 1));
        assert_eq!(nice_axis(7), (8, 2));
        assert_eq!(nice_axis(33), (40, 10));
        assert_eq!(nice_axis(4400), (5000, 1000));
        assert_eq!(nice_axis(18_928), (20_000, 5000));
        assert!(nice_axis(usize::MAX).0 >= usize::MAX / 2);
    }
}
