//! A unified-style line diff (`--- a` / `+++ b` / `@@ … @@` hunks with three lines of
//! context) for `--dry-run`. Settings files are small; a longest-common-subsequence table
//! is fine, and past a size cap the whole file is shown replaced instead.

use std::fmt::Write as _;

const CONTEXT: usize = 3;
/// Cells of the LCS table allowed before falling back to "everything changed".
const MAX_CELLS: usize = 4_000_000;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Op {
    Keep,
    Del,
    Add,
}

/// The edit script from `a` to `b`: (op, index into a or b).
fn script(a: &[&str], b: &[&str]) -> Vec<(Op, usize)> {
    let (n, m) = (a.len(), b.len());
    if n.saturating_mul(m) > MAX_CELLS {
        let mut out: Vec<(Op, usize)> = (0..n).map(|i| (Op::Del, i)).collect();
        out.extend((0..m).map(|j| (Op::Add, j)));
        return out;
    }
    // lcs[i][j] = length of the LCS of a[i..] and b[j..].
    let mut lcs = vec![0u32; (n + 1) * (m + 1)];
    let at = |i: usize, j: usize| i * (m + 1) + j;
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[at(i, j)] = if a[i] == b[j] {
                lcs[at(i + 1, j + 1)] + 1
            } else {
                lcs[at(i + 1, j)].max(lcs[at(i, j + 1)])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::with_capacity(n + m);
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            out.push((Op::Keep, i));
            i += 1;
            j += 1;
        } else if i < n && (j == m || lcs[at(i + 1, j)] >= lcs[at(i, j + 1)]) {
            // Deletions before additions, as diff(1) shows them.
            out.push((Op::Del, i));
            i += 1;
        } else {
            out.push((Op::Add, j));
            j += 1;
        }
    }
    out
}

/// The diff of `old` to `new` with the given file labels; empty when they are equal.
pub fn unified(old: &str, new: &str, old_label: &str, new_label: &str) -> String {
    if old == new {
        return String::new();
    }
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    let ops = script(&a, &b);
    // Line numbers (0-based) in a and b before each op.
    let mut pos = Vec::with_capacity(ops.len() + 1);
    let (mut ai, mut bi) = (0usize, 0usize);
    for (op, _) in &ops {
        pos.push((ai, bi));
        match op {
            Op::Keep => {
                ai += 1;
                bi += 1;
            }
            Op::Del => ai += 1,
            Op::Add => bi += 1,
        }
    }
    pos.push((ai, bi));

    let mut out = String::new();
    let _ = writeln!(out, "--- {old_label}");
    let _ = writeln!(out, "+++ {new_label}");
    let changed: Vec<usize> = (0..ops.len()).filter(|&k| ops[k].0 != Op::Keep).collect();
    let mut k = 0;
    while k < changed.len() {
        // Grow a hunk while the next change is within 2 × CONTEXT kept lines.
        let start = changed[k].saturating_sub(CONTEXT);
        let mut last = changed[k];
        while k + 1 < changed.len() && changed[k + 1] - last <= 2 * CONTEXT {
            k += 1;
            last = changed[k];
        }
        let end = (last + CONTEXT + 1).min(ops.len());
        let (a0, b0) = pos[start];
        let (a1, b1) = pos[end];
        let _ = writeln!(
            out,
            "@@ -{},{} +{},{} @@",
            a0 + usize::from(a1 > a0),
            a1 - a0,
            b0 + usize::from(b1 > b0),
            b1 - b0
        );
        for &(op, idx) in &ops[start..end] {
            let (mark, line) = match op {
                Op::Keep => (' ', a[idx]),
                Op::Del => ('-', a[idx]),
                Op::Add => ('+', b[idx]),
            };
            let _ = writeln!(out, "{mark}{line}");
        }
        k += 1;
    }
    if old.ends_with('\n') != new.ends_with('\n') && !old.is_empty() {
        let _ = writeln!(out, "\\ the final newline differs");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_texts_have_no_diff() {
        assert_eq!(unified("a\nb\n", "a\nb\n", "x", "y"), "");
    }

    #[test]
    fn one_hunk_with_context() {
        let old = "1\n2\n3\n4\n5\n6\n7\n8\n9\n";
        let new = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n";
        let d = unified(old, new, "a", "b");
        assert_eq!(
            d,
            "--- a\n+++ b\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"
        );
    }

    #[test]
    fn far_apart_changes_make_two_hunks_and_new_file_is_all_adds() {
        let old: String = (1..=20).map(|i| format!("{i}\n")).collect();
        let mut lines: Vec<String> = (1..=20).map(|i| i.to_string()).collect();
        lines[1] = "two".into();
        lines[18] = "nineteen".into();
        let new: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let d = unified(&old, &new, "a", "b");
        assert_eq!(d.matches("@@ -").count(), 2, "{d}");
        let d = unified("", "{\n}\n", "/dev/null", "b");
        assert!(d.contains("@@ -0,0 +1,2 @@\n+{\n+}\n"), "{d}");
    }
}
