//! What a command can reach on the filesystem at decision time, beyond the paths written
//! in it: pathname patterns expanded as bash would (`glob`), and what a directory tree or a
//! file with several names leads a reader to — links out of the workspace, hard links to
//! credentials (`walk`). The shell analysis stays pure; the command floor calls these where
//! it places the paths a command reads, and judges every path they return like a literal
//! one (so `cat *.txt` through `notes.txt -> ~/.aws/credentials` is a credential read).
//!
//! Which names a reader's filters let through: `glob::NamePattern` (fnmatch and globset
//! patterns), `rg` (ripgrep's `--glob` and `--type`), and the kinds of entries a lister
//! prints (`walk::Kinds`, `find -type`).
//!
//! What an archive or a patch will write (`archive`: tar, gzip-compressed tar, zip, unified
//! and git diffs) is listed here too, for the command floor to judge every member as a
//! write under the destination of `tar -x`, `unzip`, `git apply` or `patch`.
//!
//! Everything is bounded (entries scanned, matches, sensitive files statted, members and
//! bytes of an archive); past a bound
//! the answer is "not known", which the floor never allows. Nothing runs unless a command
//! needs it: a pattern, a recursive reader, names chosen at run time, or a read file with
//! more than one name (one `stat` per read path finds those).

pub mod archive;
pub mod glob;
pub mod rg;
mod rg_types;
pub mod walk;

#[cfg(test)]
mod tests;

pub use glob::{expand, Glob, NamePattern};
pub use walk::{alias, stores_under, walk, Kinds, Reach, Sensitive, Walker};
