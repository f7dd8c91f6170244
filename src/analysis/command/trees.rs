//! The definition files of a project tree that fixed names do not reach: a CMake source
//! tree (CMakeLists.txt, its presets, and what it includes or adds by a literal name), a
//! Meson source tree (meson.build and its `subdir()`s, the options file, subproject wraps),
//! the build trees CMake and Meson generate (defined by the source tree they record, not by
//! their own files, which every configure step rewrites), the files a hand-written
//! build.ninja includes, files matched by a pattern (`*.csproj`, `rakelib/*.rake`,
//! `Package@swift-*.swift`) and the projects a .NET solution lists.
//!
//! Checked against CMake 4.4 (a relative `include()` resolves against the directory of the
//! CMakeLists.txt being processed, a bare name is a module searched on the module path;
//! CMakeCache.txt records the source tree as `CMAKE_HOME_DIRECTORY`; the generated
//! build.ninja and `CMakeFiles/Makefile.cmake` list the same CMake files as the inputs of
//! their regeneration) and meson 1.12 (`meson-info/meson-info.json` records the source
//! tree; the generated build.ninja regenerates from meson.build and `meson-private`).

use std::io::Read;
use std::path::{Path, PathBuf};

/// The most files one source tree contributes (a tree with more is still judged by these,
/// its entry points first).
const MAX_FILES: usize = 256;
/// The most bytes read of one file.
const MAX_READ: u64 = 4 * 1024 * 1024;
/// The most entries of one directory listed for a pattern.
const MAX_LIST: usize = 4096;

fn read(path: &Path) -> Option<String> {
    let f = crate::context::state::open_regular(path).ok()?;
    let mut text = String::new();
    f.take(MAX_READ).read_to_string(&mut text).ok()?;
    Some(text)
}

fn push(files: &mut Vec<PathBuf>, f: PathBuf) -> bool {
    if files.contains(&f) || files.len() >= MAX_FILES {
        return false;
    }
    files.push(f);
    true
}

/// The first argument of each call of `command` (case-insensitive, as CMake reads command
/// names) in CMake code, unquoted; arguments computed from variables or generator
/// expressions are left out (the file that computes them is tracked).
fn cmake_calls(text: &str, command: &str) -> Vec<String> {
    let mut code = String::with_capacity(text.len());
    for line in text.lines() {
        let mut quoted = false;
        for c in line.chars() {
            match c {
                '"' => quoted = !quoted,
                '#' if !quoted => break,
                _ => {}
            }
            code.push(c);
        }
        code.push('\n');
    }
    let lower = code.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(pos) = lower[from..].find(command) {
        let at = from + pos;
        from = at + command.len();
        let before = lower[..at].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let rest = lower[from..].trim_start();
        if !rest.starts_with('(') {
            continue;
        }
        let open = code.len() - rest.len();
        let Some(close) = code[open..].find(')') else {
            continue;
        };
        let args = &code[open + 1..open + close];
        let first = args.split_whitespace().next().unwrap_or("");
        let first = first.trim_matches('"');
        if !first.is_empty() && !first.contains('$') && !first.contains('<') {
            out.push(first.to_string());
        }
    }
    out
}

/// A CMake source tree's definition files: CMakeLists.txt and the presets in `src`, then,
/// followed from each CMakeLists.txt, the files `include()` names by a literal path and
/// the CMakeLists.txt of each literal `add_subdirectory()`.
pub(super) fn cmake_sources(src: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for n in ["CMakePresets.json", "CMakeUserPresets.json"] {
        push(&mut files, src.join(n));
    }
    let mut queue = vec![(src.to_path_buf(), src.join("CMakeLists.txt"))];
    while let Some((dir, file)) = queue.pop() {
        if !push(&mut files, file.clone()) {
            continue;
        }
        let Some(text) = read(&file) else { continue };
        for inc in cmake_calls(&text, "include") {
            // A bare name is a module found on the module path, not a file here.
            if inc.contains('/') || inc.ends_with(".cmake") {
                let p = dir.join(&inc);
                if !files.contains(&p) {
                    queue.push((dir.clone(), p));
                }
            }
        }
        for sub in cmake_calls(&text, "add_subdirectory") {
            let d = dir.join(&sub);
            queue.push((d.clone(), d.join("CMakeLists.txt")));
        }
    }
    files
}

/// The first quoted argument of each `subdir('…')` call in meson code.
fn meson_subdirs(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let l = line.split('#').next().unwrap_or("");
        let mut rest = l;
        while let Some(pos) = rest.find("subdir(") {
            let before = rest[..pos].chars().next_back();
            let args = rest[pos + "subdir(".len()..].trim_start();
            rest = &rest[pos + 1..];
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                continue;
            }
            if let Some(inner) = args.strip_prefix('\'') {
                if let Some(end) = inner.find('\'') {
                    out.push(inner[..end].to_string());
                }
            }
        }
    }
    out
}

/// A Meson source tree's definition files: meson.build and each literal `subdir()`'s,
/// the options file, and the wrap files that say which subprojects setup fetches.
pub(super) fn meson_sources(src: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for n in ["meson_options.txt", "meson.options"] {
        push(&mut files, src.join(n));
    }
    files.extend(matching(&src.join("subprojects"), |n| n.ends_with(".wrap")));
    let mut queue = vec![src.to_path_buf()];
    while let Some(dir) = queue.pop() {
        let file = dir.join("meson.build");
        if !push(&mut files, file.clone()) {
            continue;
        }
        let Some(text) = read(&file) else { continue };
        for s in meson_subdirs(&text) {
            if !s.contains("..") {
                queue.push(dir.join(s));
            }
        }
    }
    files
}

/// A build tree CMake or Meson generated: the source tree it records (`None` when it
/// records none that can be read) and its generated files, which the configure step
/// rewrites (so they are judged by whether the agent wrote them, not by their hash).
pub(super) struct Generated {
    pub by: &'static str,
    pub source: Option<PathBuf>,
    pub files: Vec<PathBuf>,
}

/// Whether `dir` is a build tree CMake (a CMakeCache.txt) or Meson (`meson-info`)
/// generated.
pub(super) fn generated(dir: &Path) -> Option<Generated> {
    let cache = dir.join("CMakeCache.txt");
    if cache.is_file() {
        let source = read(&cache).and_then(|t| {
            t.lines().find_map(|l| {
                l.strip_prefix("CMAKE_HOME_DIRECTORY:INTERNAL=")
                    .map(|s| PathBuf::from(s.trim()))
            })
        });
        let files = [
            "CMakeCache.txt",
            "build.ninja",
            "CMakeFiles/rules.ninja",
            "Makefile",
            "CMakeFiles/Makefile2",
            "CMakeFiles/Makefile.cmake",
            "CTestTestfile.cmake",
            "CTestCustom.cmake",
            "cmake_install.cmake",
        ]
        .iter()
        .map(|n| dir.join(n))
        .collect();
        return Some(Generated {
            by: "CMake",
            source: source.filter(|s| s.is_absolute()),
            files,
        });
    }
    let info = dir.join("meson-info/meson-info.json");
    if info.is_file() {
        let source = read(&info)
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
            .and_then(|v| {
                v.get("directories")?
                    .get("source")?
                    .as_str()
                    .map(PathBuf::from)
            });
        let files = [
            "build.ninja",
            "meson-info/meson-info.json",
            "meson-private/coredata.dat",
            "meson-private/build.dat",
            "meson-private/install.dat",
            "meson-private/meson_test_setup.dat",
            "meson-private/meson_benchmark_setup.dat",
            "meson-private/cleantrees.dat",
            "meson-private/cmd_line.txt",
        ]
        .iter()
        .map(|n| dir.join(n))
        .collect();
        return Some(Generated {
            by: "Meson",
            source: source.filter(|s| s.is_absolute()),
            files,
        });
    }
    None
}

/// A ninja build file and the files it includes by a literal name (`include`,
/// `subninja`), relative to the directory ninja runs in.
pub(super) fn ninja_files(file: &Path, dir: &Path) -> Vec<PathBuf> {
    let mut files = vec![file.to_path_buf()];
    let mut i = 0;
    while let Some(f) = files.get(i).cloned() {
        i += 1;
        let Some(text) = read(&f) else { continue };
        for line in text.lines() {
            let rest = line
                .strip_prefix("include ")
                .or_else(|| line.strip_prefix("subninja "));
            if let Some(name) = rest.map(str::trim) {
                if !name.is_empty() && !name.contains('$') {
                    push(&mut files, dir.join(name));
                }
            }
        }
    }
    files
}

/// The regular files of `dir` whose name `keep` accepts (none when `dir` cannot be read).
pub(super) fn matching(dir: &Path, keep: impl Fn(&str) -> bool) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .take(MAX_LIST)
        .flatten()
        .filter(|e| e.file_name().to_str().is_some_and(&keep))
        .map(|e| e.path())
        .collect();
    out.sort();
    out
}

/// .NET project and solution files in a directory.
pub(super) fn dotnet_projects(dir: &Path) -> Vec<PathBuf> {
    const EXT: &[&str] = &[
        ".csproj", ".fsproj", ".vbproj", ".proj", ".sln", ".slnx", ".slnf",
    ];
    let mut files = matching(dir, |n| EXT.iter().any(|e| n.ends_with(e)));
    // A solution's projects, by the paths it lists.
    let solutions: Vec<PathBuf> = files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "sln" || e == "slnx"))
        .cloned()
        .collect();
    for sln in solutions {
        let Some(text) = read(&sln) else { continue };
        for path in solution_projects(&text) {
            push(&mut files, dir.join(path.replace('\\', "/")));
        }
    }
    files
}

/// The project paths a solution lists: `Project("{…}") = "Name", "path", "{…}"` lines of
/// a `.sln`, `<Project Path="…" />` elements of a `.slnx`.
fn solution_projects(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let l = line.trim_start();
        if l.starts_with("Project(") {
            let quoted: Vec<&str> = l.split('"').skip(1).step_by(2).collect();
            if let Some(p) = quoted.get(2) {
                if p.ends_with("proj") {
                    out.push(p.to_string());
                }
            }
        } else if let Some(rest) = l.strip_prefix("<Project Path=\"") {
            if let Some(end) = rest.find('"') {
                out.push(rest[..end].to_string());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cmake_calls_read_literal_first_arguments_case_insensitively() {
        let text =
            "INCLUDE(cmake/a.cmake)\n  include( \"b.cmake\" OPTIONAL )\n# include(c.cmake)\n\
                    include(${X}/d.cmake)\nmy_include(e.cmake)\nAdd_Subdirectory(src)\n";
        assert_eq!(cmake_calls(text, "include"), ["cmake/a.cmake", "b.cmake"]);
        assert_eq!(cmake_calls(text, "add_subdirectory"), ["src"]);
    }

    #[test]
    fn meson_subdirs_are_literal_quoted_names() {
        let text = "subdir('src')\nx = subdir_done()\n# subdir('no')\nsubdir(var)\n";
        assert_eq!(meson_subdirs(text), ["src"]);
    }

    #[test]
    fn solutions_list_their_projects() {
        let sln = "Project(\"{FAE04EC0}\") = \"App\", \"src\\App\\App.csproj\", \"{1}\"\n\
                   Project(\"{2150E333}\") = \"Docs\", \"Docs\", \"{2}\"\n";
        assert_eq!(solution_projects(sln), ["src\\App\\App.csproj"]);
        let slnx = "<Solution>\n  <Project Path=\"src/Lib/Lib.fsproj\" />\n</Solution>";
        assert_eq!(solution_projects(slnx), ["src/Lib/Lib.fsproj"]);
    }
}
