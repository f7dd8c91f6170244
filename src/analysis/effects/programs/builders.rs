//! Build systems that generate or run a build from the project's own definitions, as
//! grammars: CMake (`cmake` configure, `--build`, `--install`, `-P`; `ctest`), `ninja`,
//! `meson` and Bazel (`bazel`, `bazelisk`); the runners of .NET, Swift, Ruby and PHP are in
//! [`super::ecosystems`]. Like [`super::runners`] (whose [`RunnerCall`] they fill), each
//! option is what it does — a build tree written, a file written, a definition file named,
//! code run, the project sent to a remote cache — and anything not declared here is
//! outside the grammar. Pure: the command floor (`command::build`, `command::trees`) finds
//! the definition files (a generated build tree's are the source tree's it records) and
//! judges them against the session's baseline.
//!
//! Checked against: CMake 4.4 and ninja 1.13 (PyPI `cmake`, `ninja`: `cmake --help`,
//! `cmake --build`, `cmake --install`, `ctest --help`, `ninja --help`, `ninja -t list`, and
//! the trees `cmake -G Ninja` and `-G "Unix Makefiles"` generate), meson 1.12 (`meson SUB
//! --help`, and a generated build tree's `meson-info`), and Bazel's command-line
//! reference and `.bazelrc` documentation (bazel.build, 8.x: option syntax, `--[no]NAME`
//! booleans, startup options).

use super::super::grammar::{
    flag, opt, parse, value, Arity, GrammarError, Operands, Opt, Parsed, Style, Val,
};
use super::super::{Carry, Effect};
use super::runners::{code, exact_parse, gram, sub, Family, Found, RunnerCall};

/// Characters a value may hold and still be plain data: it cannot carry a command line,
/// a path or a list (the rule `make VAR=value` follows).
pub(super) fn plain(v: &str) -> bool {
    v.chars()
        .all(|c| c.is_ascii_alphanumeric() || "_.,+:=-".contains(c))
}

/// Runners whose words are rearranged before they are read take only literal words (a
/// word computed at run time makes the whole command not routine anyway).
pub(super) fn literal(argv: &[String], dynamic: &[bool]) -> Result<(), GrammarError> {
    match argv.iter().zip(dynamic).find(|(_, d)| **d) {
        Some((w, _)) => Err(GrammarError::Dynamic(w.clone())),
        None => Ok(()),
    }
}

/// `file` as a program reads it after changing to `dir` (`ninja -C DIR -f FILE`,
/// `make -C DIR -f FILE`), as a path from the working directory.
pub(super) fn within(dir: &str, file: &str) -> String {
    // A stream (`-f <(…)`, `-f -`) is no file of the directory.
    if file.starts_with('/') || dir == "." || super::super::grammar::is_stream(file) {
        file.to_string()
    } else {
        format!("{}/{file}", dir.trim_end_matches('/'))
    }
}

/// A word as (text, computed at run time).
type W<'a> = (&'a String, bool);

fn words_of<'a>(argv: &'a [String], dynamic: &[bool], from: usize) -> Vec<W<'a>> {
    argv.iter()
        .enumerate()
        .skip(from)
        .map(|(i, w)| (w, dynamic.get(i).copied().unwrap_or(false)))
        .collect()
}

/// Rebuild an argv (with a program name in front) from kept words.
fn rebuild(prog: &str, kept: &[W]) -> (Vec<String>, Vec<bool>) {
    let mut a = vec![prog.to_string()];
    let mut d = vec![false];
    for (w, dy) in kept {
        a.push((*w).clone());
        d.push(*dy);
    }
    (a, d)
}

/// `-j N` where the count is optional and given as the next word (`cmake --build -j 8`,
/// `ctest -j 4`): attach it so the grammar reads it as the option's value.
fn attach_optional_count(kept: &mut Vec<W>, names: &[&str]) -> Vec<String> {
    let mut joined = Vec::new();
    let mut i = 0;
    while i < kept.len() {
        let w = kept[i].0.as_str();
        if let Some(n) = names
            .iter()
            .filter(|n| n.len() == 2)
            .find_map(|n| w.strip_prefix(n))
            .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
        {
            joined.push(format!("{}={n}", &w[..2]));
            i += 1;
            continue;
        }
        let is_opt = names.contains(&w);
        let next_num = kept
            .get(i + 1)
            .is_some_and(|(w, d)| !d && !w.is_empty() && w.chars().all(|c| c.is_ascii_digit()));
        if is_opt && next_num {
            joined.push(format!("{}={}", kept[i].0, kept[i + 1].0));
            i += 2;
        } else {
            joined.push(kept[i].0.clone());
            i += 1;
        }
    }
    joined
}

// ---------------------------------------------------------------------------------------
// CMake

/// CMake variables whose value is data to the configure step (a build type, a standard, a
/// switch, where `--install` will copy to). Any other `CMAKE_` variable can name a
/// compiler, a launcher, a linker, a module path or a script CMake includes.
const CMAKE_DATA_VARS: &[&str] = &[
    "CMAKE_BUILD_TYPE",
    "CMAKE_CONFIGURATION_TYPES",
    "CMAKE_EXPORT_COMPILE_COMMANDS",
    "CMAKE_C_STANDARD",
    "CMAKE_CXX_STANDARD",
    "CMAKE_CXX_STANDARD_REQUIRED",
    "CMAKE_C_STANDARD_REQUIRED",
    "CMAKE_CXX_EXTENSIONS",
    "CMAKE_C_EXTENSIONS",
    "CMAKE_CUDA_STANDARD",
    "CMAKE_POSITION_INDEPENDENT_CODE",
    "CMAKE_VERBOSE_MAKEFILE",
    "CMAKE_COLOR_DIAGNOSTICS",
    "CMAKE_COLOR_MAKEFILE",
    "CMAKE_UNITY_BUILD",
    "CMAKE_INTERPROCEDURAL_OPTIMIZATION",
    "CMAKE_COMPILE_WARNING_AS_ERROR",
    "CMAKE_OSX_ARCHITECTURES",
    "CMAKE_OSX_DEPLOYMENT_TARGET",
    "CMAKE_MSVC_RUNTIME_LIBRARY",
    "CMAKE_SKIP_RPATH",
    "CMAKE_SKIP_INSTALL_RPATH",
    "CMAKE_MESSAGE_LOG_LEVEL",
    "CMAKE_FIND_DEBUG_MODE",
    "CMAKE_WARN_DEPRECATED",
    "CMAKE_SUPPRESS_DEVELOPER_WARNINGS",
    "CMAKE_POLICY_VERSION_MINIMUM",
];

/// `-D VAR[:TYPE]=VALUE`: a toolchain file is a definition file; the install locations are
/// data; the data variables above with a plain value are data; any other `CMAKE_` variable
/// runs what it names; a project variable with a plain value is data, and with anything
/// else it is a value the project's CMake code may run as a program or include as a file.
fn cmake_define(kv: &str, call: &mut RunnerCall) {
    let Some((lhs, val)) = kv.split_once('=') else {
        call.effects.push(Effect::unknown(format!(
            "cmake -D {kv} is not a VAR=VALUE cache entry"
        )));
        return;
    };
    let name = lhs.split(':').next().unwrap_or(lhs);
    if name == "CMAKE_TOOLCHAIN_FILE" {
        call.defined_by.push(val.to_string());
    } else if name == "CMAKE_INSTALL_PREFIX" || name.starts_with("CMAKE_INSTALL_") {
        // Where `cmake --install` copies to: judged when that runs.
    } else if CMAKE_DATA_VARS.contains(&name)
        || name.starts_with("CMAKE_DISABLE_FIND_PACKAGE_")
        || name.starts_with("CMAKE_REQUIRE_FIND_PACKAGE_")
    {
        if !plain(val) {
            call.effects.push(code(&format!(
                "the CMake variable {name}={val}, which is not a plain value"
            )));
        }
    } else if name.starts_with("CMAKE_") {
        call.effects.push(code(&format!(
            "the CMake variable {name}={val}, which can name a compiler, launcher or script CMake runs"
        )));
    } else if !plain(val) {
        call.effects.push(code(&format!(
            "the cache entry {name}={val}, which the project's CMake code may run or include"
        )));
    }
}

/// `cmake` in its configure mode (`cmake --help`): the options that choose the source and
/// build trees, the generator, cache entries and diagnostics.
static CMAKE_CONFIGURE: &[Opt] = &[
    value(&["-S"], Val::Plain),
    value(&["-B"], Val::Plain),
    value(&["-C"], Val::Plain),
    value(&["-D"], Val::Plain),
    value(&["-U"], Val::Pattern),
    value(&["-G"], Val::Plain),
    value(&["-T"], Val::Plain),
    value(&["-A"], Val::Plain),
    value(&["--toolchain"], Val::Plain),
    value(&["--install-prefix"], Val::Plain),
    value(&["--preset"], Val::Plain),
    value(&["--presets-file"], Val::Plain),
    opt(
        &["--list-presets"],
        Arity::Optional,
        Val::Choice(&["configure", "build", "test", "package", "workflow", "all"]),
    ),
    flag(&["--fresh"]),
    flag(&["-N"]),
    value(&["--graphviz"], Val::Write),
    value(&["--log-level", "--loglevel"], Val::Plain),
    flag(&["--log-context"]),
    flag(&["--debug-trycompile"]),
    flag(&["--debug-output"]),
    flag(&["--debug-find"]),
    value(&["--debug-find-pkg"], Val::Plain),
    value(&["--debug-find-var"], Val::Plain),
    flag(&["--trace"]),
    flag(&["--trace-expand"]),
    value(&["--trace-format"], Val::Choice(&["human", "json-v1"])),
    value(&["--trace-source"], Val::Plain),
    value(&["--trace-redirect"], Val::Write),
    flag(&["--warn-uninitialized"]),
    flag(&["--no-warn-unused-cli"]),
    flag(&["--check-system-vars"]),
    flag(&["--compile-no-warning-as-error"]),
    flag(&["--link-no-warning-as-error"]),
    value(&["--profiling-format"], Val::Choice(&["google-trace"])),
    value(&["--profiling-output"], Val::Write),
];

/// `-W<category>` and its negations, and `-L[A][H]` (single words, not bundles); `-LR…`
/// takes the next word as its regex. Returns the words left for the grammar, or the word
/// that is neither.
fn cmake_words<'a>(words: Vec<W<'a>>) -> Result<Vec<W<'a>>, GrammarError> {
    const WARN: &[&str] = &["dev", "deprecated"];
    let mut kept = Vec::new();
    let mut it = words.into_iter();
    while let Some((w, d)) = it.next() {
        let t = w.as_str();
        if let Some(rest) = t.strip_prefix("-W") {
            if d {
                return Err(GrammarError::Dynamic(t.to_string()));
            }
            let cat = rest
                .strip_prefix("no-error=")
                .or_else(|| rest.strip_prefix("error="))
                .or_else(|| rest.strip_prefix("no-"))
                .unwrap_or(rest);
            if !WARN.contains(&cat) {
                return Err(GrammarError::UnknownOption(t.to_string()));
            }
            continue;
        }
        if let Some(rest) = t.strip_prefix("-L") {
            if d {
                return Err(GrammarError::Dynamic(t.to_string()));
            }
            let (regex, tail) = match rest.strip_prefix('R') {
                Some(tail) => (true, tail),
                None => (false, rest),
            };
            if !matches!(tail, "" | "A" | "H" | "AH" | "HA") {
                return Err(GrammarError::UnknownOption(t.to_string()));
            }
            if regex && it.next().is_none() {
                return Err(GrammarError::MissingValue(t.to_string()));
            }
            continue;
        }
        kept.push((w, d));
    }
    Ok(kept)
}

/// `cmake …`: configure (the default), `--build DIR`, `--install DIR`, `-P SCRIPT`.
/// `-E` (command mode: some of its commands delete, copy or run programs), `--open`,
/// `--workflow` and `--find-package` are left out.
pub(super) fn cmake(argv: &[String], dynamic: &[bool]) -> Found {
    match argv.get(1).map(String::as_str) {
        None => None,
        Some("--build") => Some(cmake_build(argv, dynamic)),
        Some("--install") => Some(cmake_install(argv, dynamic)),
        Some(m @ ("-E" | "--open" | "--workflow" | "--find-package")) => {
            Some(Err(GrammarError::UnknownOption(m.to_string())))
        }
        _ if argv.iter().any(|a| a == "-P") => Some(cmake_script(argv, dynamic)),
        _ => Some(cmake_configure(argv, dynamic)),
    }
}

fn cmake_configure(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    let kept = cmake_words(words_of(argv, dynamic, 1))?;
    let (a, d) = rebuild("cmake", &kept);
    let (p, rest) = exact_parse(CMAKE_CONFIGURE, &a, &d, 1)?;
    if rest.is_some() {
        return Err(GrammarError::UnknownOption("--".into()));
    }
    let ops = p.operand_texts();
    if ops.len() > 1 {
        return Err(GrammarError::ExtraOperand(ops[1].to_string()));
    }
    let mut call = RunnerCall::new(
        "cmake",
        "configures the project's build with cmake",
        Family::CMake,
    );
    call.effects
        .extend(gram(Style::Gnu, CMAKE_CONFIGURE, Operands::NONE).effects(&p));
    for g in &p.given {
        let Some(v) = g.value else { continue };
        match g.name {
            "-D" => cmake_define(v.text, &mut call),
            "-C" | "--toolchain" | "--presets-file" => call.defined_by.push(v.text.to_string()),
            _ => {}
        }
    }
    // `cmake -S SRC`, or an operand: a source tree, or an existing build tree (one with a
    // CMakeCache.txt, which the floor tells apart).
    call.source_dir = Some(
        p.value("-S")
            .or_else(|| ops.first().copied())
            .unwrap_or(".")
            .to_string(),
    );
    call.build_dir = p.value("-B").map(str::to_string);
    if p.has("-N") || p.has("--list-presets") {
        call.does = "lists the project's CMake cache or presets".into();
    }
    Ok(call)
}

/// `cmake --build DIR [options] [-- native options]` (`cmake --build` prints them): runs
/// the build tool the configure step generated in DIR (re-running the configure step
/// first when the project's CMake files changed).
fn cmake_build(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    literal(argv, dynamic)?;
    static OPTS: &[Opt] = &[
        value(&["--preset"], Val::Plain),
        value(&["--presets-file"], Val::Plain),
        opt(&["--list-presets"], Arity::Optional, Val::Plain),
        opt(&["-j", "--parallel"], Arity::Optional, Val::Num),
        value(&["-t", "--target"], Val::Plain),
        value(&["--config"], Val::Plain),
        flag(&["--clean-first"]),
        value(
            &["--resolve-package-references"],
            Val::Choice(&["on", "only", "off"]),
        ),
        flag(&["-v", "--verbose"]),
    ];
    let mut kept = words_of(argv, dynamic, 2);
    // `--target a b c`: every following word that is not an option is a target.
    let mut i = 0;
    let mut targets_from = Vec::new();
    while i < kept.len() {
        if matches!(kept[i].0.as_str(), "-t" | "--target") {
            let mut j = i + 2;
            while j < kept.len() && !kept[j].0.starts_with('-') {
                targets_from.push(j);
                j += 1;
            }
            i = j;
        } else if kept[i].0 == "--" {
            break;
        } else {
            i += 1;
        }
    }
    let mut targets: Vec<String> = targets_from.iter().map(|j| kept[*j].0.clone()).collect();
    for j in targets_from.iter().rev() {
        kept.remove(*j);
    }
    let native_at = kept.iter().position(|(w, _)| *w == "--");
    let native: Vec<String> = native_at
        .map(|i| {
            kept.split_off(i)
                .into_iter()
                .map(|(w, _)| w.clone())
                .collect()
        })
        .unwrap_or_default();
    let joined = attach_optional_count(&mut kept, &["-j", "--parallel"]);
    let a: Vec<String> = std::iter::once("cmake".to_string())
        .chain(joined)
        .chain(native)
        .collect();
    let dyn_ = vec![false; a.len()];
    let (p, rest) = exact_parse(OPTS, &a, &dyn_, 1)?;
    let ops = p.operand_texts();
    let dir = match (ops.as_slice(), p.value("--preset")) {
        ([dir], _) => Some(dir.to_string()),
        ([], Some(_)) => None,
        ([], None) if p.has("--list-presets") => None,
        ([], None) => return Err(GrammarError::MissingValue("cmake --build DIR".into())),
        (more, _) => return Err(GrammarError::ExtraOperand(more[1].to_string())),
    };
    let mut call = RunnerCall::new(
        "cmake",
        "builds the project with cmake --build",
        Family::CMake,
    );
    call.effects
        .extend(gram(Style::Gnu, OPTS, Operands::NONE).effects(&p));
    if let Some(f) = p.value("--presets-file") {
        call.defined_by.push(f.to_string());
    }
    call.build_dir = dir;
    for g in &p.given {
        if let ("-t", Some(v)) = (g.name, g.value) {
            targets.push(v.text.to_string());
        }
    }
    call.targets = targets;
    if let Some(r) = rest {
        native_build_args(&a[r..], &mut call);
    }
    Ok(call)
}

/// What `cmake --build … --` passes to make or ninja: a job count, keep-going, verbose.
fn native_build_args(words: &[String], call: &mut RunnerCall) {
    let mut it = words.iter().peekable();
    while let Some(w) = it.next() {
        let t = w.as_str();
        let ok = match t {
            "-v" | "--verbose" => true,
            "-j" | "-k" | "-l" => it.next().is_some_and(|n| n.parse::<u32>().is_ok()),
            _ => ["-j", "-k", "-l"]
                .iter()
                .any(|p| t.strip_prefix(p).is_some_and(|n| n.parse::<u32>().is_ok())),
        };
        if !ok {
            call.effects.push(Effect::unknown(format!(
                "cmake --build passes {t} to the build tool, which is not in its grammar"
            )));
            return;
        }
    }
}

/// `cmake --install DIR`: runs the install scripts the configure step generated, which copy
/// the build into the install prefix and wherever an `install()` rule names (an absolute
/// destination, `install(CODE|SCRIPT)`): code whose effects reach outside the workspace.
fn cmake_install(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    static OPTS: &[Opt] = &[
        value(&["--config"], Val::Plain),
        value(&["--component"], Val::Plain),
        value(&["--default-directory-permissions"], Val::Plain),
        value(&["-j", "--parallel"], Val::Num),
        value(&["--prefix"], Val::Plain),
        flag(&["--strip"]),
        flag(&["-v", "--verbose"]),
    ];
    let (p, rest) = exact_parse(OPTS, argv, dynamic, 2)?;
    if rest.is_some() {
        return Err(GrammarError::UnknownOption("--".into()));
    }
    let ops = p.operand_texts();
    let [dir] = ops.as_slice() else {
        return Err(GrammarError::MissingValue("cmake --install DIR".into()));
    };
    let mut call = RunnerCall::new(
        "cmake",
        "installs the project's build with cmake --install",
        Family::CMake,
    );
    call.effects.push(code(&format!(
        "the install rules of {dir}, which copy into the install prefix{} and any destination they name,",
        p.value("--prefix")
            .map(|x| format!(" {x}"))
            .unwrap_or_default()
    )));
    call.build_dir = Some(dir.to_string());
    Ok(call)
}

/// `cmake [-D VAR=VALUE]… -P SCRIPT [-- ARGS]`: runs a CMake script (the project's, when
/// it is in the workspace and unchanged).
fn cmake_script(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    static OPTS: &[Opt] = &[
        value(&["-D"], Val::Plain),
        value(&["-P"], Val::Plain),
        value(&["--log-level", "--loglevel"], Val::Plain),
        flag(&["--trace"]),
        flag(&["--trace-expand"]),
        flag(&["--debug-output"]),
    ];
    let kept = cmake_words(words_of(argv, dynamic, 1))?;
    let (a, d) = rebuild("cmake", &kept);
    let (p, _rest) = exact_parse(OPTS, &a, &d, 1)?;
    if let Some((w, _)) = p.operands.first() {
        return Err(GrammarError::ExtraOperand(w.text.to_string()));
    }
    let script = p
        .value("-P")
        .ok_or_else(|| GrammarError::MissingValue("-P".into()))?;
    let mut call = RunnerCall::new(
        "cmake",
        format!("runs the CMake script {script}"),
        Family::CMake,
    );
    for g in &p.given {
        if let ("-D", Some(v)) = (g.name, g.value) {
            cmake_define(v.text, &mut call);
        }
    }
    call.defined_by.push(script.to_string());
    call.scripts.push(script.to_string());
    Ok(call)
}

/// `ctest` (`ctest --help`): runs the tests the configure step wrote into the build tree
/// (`CTestTestfile.cmake`, from the project's `add_test()`). Dashboard modes (`-D`, `-M`,
/// `-T`, `-S`, which submit results), `--build-and-test` and `-I` are left out.
pub(super) fn ctest(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    literal(argv, dynamic)?;
    static OPTS: &[Opt] = &[
        value(&["--preset"], Val::Plain),
        value(&["--presets-file"], Val::Plain),
        flag(&["--list-presets"]),
        value(&["-C", "--build-config"], Val::Plain),
        flag(&["--progress"]),
        flag(&["-V", "--verbose"]),
        flag(&["-VV", "--extra-verbose"]),
        flag(&["--debug"]),
        flag(&["--output-on-failure"]),
        flag(&["--stop-on-failure"]),
        value(&["--test-output-size-passed"], Val::Num),
        value(&["--test-output-size-failed"], Val::Num),
        value(
            &["--test-output-truncation"],
            Val::Choice(&["tail", "middle", "head"]),
        ),
        flag(&["-F"]),
        opt(&["-j", "--parallel"], Arity::Optional, Val::Num),
        flag(&["-Q", "--quiet"]),
        value(&["-O", "--output-log"], Val::Write),
        value(&["--output-junit"], Val::Write),
        opt(
            &["-N", "--show-only"],
            Arity::Optional,
            Val::Choice(&["human", "json-v1"]),
        ),
        value(&["-L", "--label-regex"], Val::Pattern),
        value(&["-R", "--tests-regex"], Val::Pattern),
        value(&["-E", "--exclude-regex"], Val::Pattern),
        value(&["-LE", "--label-exclude"], Val::Pattern),
        value(&["-FA", "--fixture-exclude-any"], Val::Pattern),
        value(&["-FS", "--fixture-exclude-setup"], Val::Pattern),
        value(&["-FC", "--fixture-exclude-cleanup"], Val::Pattern),
        flag(&["-U", "--union"]),
        flag(&["--rerun-failed"]),
        value(&["--tests-from-file"], Val::Read),
        value(&["--exclude-from-file"], Val::Read),
        value(&["--repeat"], Val::Plain),
        value(&["--repeat-until-fail"], Val::Num),
        value(&["--max-width"], Val::Num),
        value(&["--resource-spec-file"], Val::Read),
        flag(&["--no-label-summary"]),
        flag(&["--no-subproject-summary"]),
        value(&["--test-dir", "--build-dir"], Val::Plain),
        value(&["--test-load"], Val::Num),
        flag(&["--schedule-random"]),
        value(&["--schedule-random-seed"], Val::Num),
        value(&["--timeout"], Val::Num),
        value(&["--stop-time"], Val::Plain),
        flag(&["--print-labels"]),
        value(&["--no-tests"], Val::Choice(&["error", "ignore"])),
    ];
    let mut kept = words_of(argv, dynamic, 1);
    let end = kept
        .iter()
        .position(|(w, _)| *w == "--")
        .unwrap_or(kept.len());
    kept.truncate(end);
    let joined = attach_optional_count(&mut kept, &["-j", "--parallel"]);
    let a: Vec<String> = std::iter::once("ctest".to_string()).chain(joined).collect();
    let d = vec![false; a.len()];
    let (p, _) = exact_parse(OPTS, &a, &d, 1)?;
    if let Some((w, _)) = p.operands.first() {
        return Err(GrammarError::ExtraOperand(w.text.to_string()));
    }
    let mut call = RunnerCall::new(
        "ctest",
        "runs the project's tests through ctest",
        Family::CMake,
    );
    call.effects
        .extend(gram(Style::Gnu, OPTS, Operands::NONE).effects(&p));
    if let Some(f) = p.value("--presets-file") {
        call.defined_by.push(f.to_string());
    }
    call.build_dir = Some(p.value("--test-dir").unwrap_or(".").to_string());
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// ninja

/// `ninja [options] [targets]` (`ninja --help`); `-t TOOL` ends ninja's own options and
/// runs a subtool: the ones that only print (`ninja -t list`) are kept.
pub(super) fn ninja(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    static OPTS: &[Opt] = &[
        value(&["-C"], Val::Plain),
        value(&["-f"], Val::Plain),
        value(&["-j"], Val::Num),
        value(&["-k"], Val::Num),
        value(&["-l"], Val::Num),
        flag(&["-n"]),
        flag(&["-v", "--verbose"]),
        flag(&["--quiet"]),
        value(
            &["-d"],
            Val::Choice(&["stats", "explain", "keepdepfile", "keeprsp", "nostatcache"]),
        ),
        value(
            &["-w"],
            Val::Choice(&[
                "dupbuild=err",
                "dupbuild=warn",
                "phonycycle=err",
                "phonycycle=warn",
            ]),
        ),
    ];
    const PRINTING_TOOLS: &[&str] = &[
        "targets",
        "commands",
        "inputs",
        "multi-inputs",
        "query",
        "rules",
        "deps",
        "graph",
        "compdb",
        "compdb-targets",
        "missingdeps",
    ];
    // Where `-t` is, the rest belongs to the tool.
    let tool_at = argv
        .iter()
        .skip(1)
        .position(|w| w == "-t" || (w.starts_with("-t") && !w.starts_with("--")))
        .map(|i| i + 1);
    let head_end = tool_at.unwrap_or(argv.len());
    let g = gram(Style::Gnu, OPTS, Operands::all(Val::Plain));
    let p = parse(
        &g,
        &argv[..head_end],
        &dynamic[..head_end.min(dynamic.len())],
    )?;
    let mut call = RunnerCall::new("ninja", String::new(), Family::Ninja);
    call.effects.extend(g.effects(&p));
    if let Some(at) = tool_at {
        let (tool, args_from) = match argv[at].strip_prefix("-t") {
            Some("") => (argv.get(at + 1).map(String::as_str).unwrap_or(""), at + 2),
            Some(t) => (t, at + 1),
            None => ("", at + 1),
        };
        if !PRINTING_TOOLS.contains(&tool) {
            return Err(GrammarError::UnknownOption(format!("-t {tool}")));
        }
        if let Some(w) = argv
            .get(args_from..)
            .unwrap_or(&[])
            .iter()
            .find(|w| w.starts_with('-') && !(tool.starts_with("compdb") && *w == "-x"))
        {
            return Err(GrammarError::UnknownOption(w.clone()));
        }
        call.does = format!("prints the ninja build graph's {tool}");
    } else {
        let targets = p.operand_texts();
        call.does = match targets.as_slice() {
            [] => "runs the default targets of the ninja build".to_string(),
            many => format!("builds {} with ninja", many.join(", ")),
        };
        call.targets = targets.iter().map(|t| t.to_string()).collect();
    }
    let dir = p.value("-C").unwrap_or(".");
    if let Some(f) = p.value("-f") {
        // ninja changes to `-C DIR` before it reads the build file.
        call.defined_by.push(within(dir, f));
    }
    call.build_dir = Some(dir.to_string());
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// meson

/// Built-in meson options whose value is data (the build type, standards, switches, the
/// install directories). Compiler and linker arguments (`c_args`, `cpp_link_args`), search
/// paths (`pkg_config_path`, `cmake_prefix_path`) and any other built-in are not.
const MESON_DATA_OPTIONS: &[&str] = &[
    "buildtype",
    "debug",
    "optimization",
    "warning_level",
    "werror",
    "default_library",
    "default_both_libraries",
    "auto_features",
    "wrap_mode",
    "force_fallback_for",
    "prefer_static",
    "unity",
    "unity_size",
    "layout",
    "strip",
    "errorlogs",
    "stdsplit",
    "install_umask",
    "backend",
    "backend_max_links",
    "vsenv",
    "namingscheme",
    "prefix",
    "bindir",
    "datadir",
    "includedir",
    "infodir",
    "libdir",
    "licensedir",
    "libexecdir",
    "localedir",
    "localstatedir",
    "mandir",
    "sbindir",
    "sharedstatedir",
    "sysconfdir",
    "b_asneeded",
    "b_colorout",
    "b_coverage",
    "b_lto",
    "b_lto_threads",
    "b_lto_mode",
    "b_lundef",
    "b_ndebug",
    "b_pch",
    "b_pgo",
    "b_pie",
    "b_sanitize",
    "b_staticpic",
    "b_thinlto_cache",
    "b_vscrt",
    "b_bitcode",
    "c_std",
    "cpp_std",
    "c_winlibs",
    "cpp_winlibs",
    "cpp_eh",
    "cpp_rtti",
    "cpp_debugstl",
];

/// `-D OPTION=VALUE`: see [`MESON_DATA_OPTIONS`]; a project option (one meson_options.txt
/// declares, `sub:opt` for a subproject) is data when its value is plain.
fn meson_define(kv: &str, call: &mut RunnerCall) {
    let Some((name, val)) = kv.split_once('=') else {
        call.effects.push(Effect::unknown(format!(
            "meson -D {kv} is not an OPTION=VALUE setting"
        )));
        return;
    };
    let base = name.rsplit(':').next().unwrap_or(name);
    let builtin_code = base.ends_with("_args")
        || base.ends_with("_link_args")
        || base.ends_with("_path")
        || base.ends_with("_dir")
        || base.starts_with("build.")
        || base.starts_with("python.");
    let known = MESON_DATA_OPTIONS.contains(&base);
    let data = if known {
        // Install directories are paths: data to the configure step.
        plain(val) || val.starts_with('/') && !val.contains("..")
    } else {
        !builtin_code && plain(val)
    };
    if !data {
        call.effects.push(code(&format!(
            "the meson option {name}={val}, which can pass the compiler arguments or name programs and paths"
        )));
    }
}

/// The options `meson setup` takes besides `-D` (`meson setup --help`): each built-in
/// option also has a `--name` form.
static MESON_SETUP: &[Opt] = &[
    value(&["-D"], Val::Plain),
    value(&["--prefix"], Val::Plain),
    value(&["--bindir"], Val::Plain),
    value(&["--datadir"], Val::Plain),
    value(&["--includedir"], Val::Plain),
    value(&["--infodir"], Val::Plain),
    value(&["--libdir"], Val::Plain),
    value(&["--licensedir"], Val::Plain),
    value(&["--libexecdir"], Val::Plain),
    value(&["--localedir"], Val::Plain),
    value(&["--localstatedir"], Val::Plain),
    value(&["--mandir"], Val::Plain),
    value(&["--sbindir"], Val::Plain),
    value(&["--sharedstatedir"], Val::Plain),
    value(&["--sysconfdir"], Val::Plain),
    value(
        &["--auto-features"],
        Val::Choice(&["enabled", "disabled", "auto"]),
    ),
    value(&["--backend"], Val::Choice(&["ninja", "none"])),
    value(
        &["--buildtype"],
        Val::Choice(&[
            "plain",
            "debug",
            "debugoptimized",
            "release",
            "minsize",
            "custom",
        ]),
    ),
    flag(&["--debug"]),
    value(
        &["--default-library"],
        Val::Choice(&["shared", "static", "both"]),
    ),
    value(
        &["--default-both-libraries"],
        Val::Choice(&["shared", "static", "auto"]),
    ),
    flag(&["--errorlogs"]),
    value(&["--install-umask"], Val::Plain),
    value(&["--layout"], Val::Choice(&["mirror", "flat"])),
    value(&["--namingscheme"], Val::Choice(&["platform", "classic"])),
    value(
        &["--optimization"],
        Val::Choice(&["plain", "0", "g", "1", "2", "3", "s"]),
    ),
    flag(&["--prefer-static"]),
    flag(&["--stdsplit"]),
    flag(&["--strip"]),
    value(&["--unity"], Val::Choice(&["on", "off", "subprojects"])),
    value(&["--unity-size"], Val::Num),
    value(
        &["--warnlevel"],
        Val::Choice(&["0", "1", "2", "3", "everything"]),
    ),
    flag(&["--werror"]),
    value(
        &["--wrap-mode"],
        Val::Choice(&[
            "default",
            "nofallback",
            "nodownload",
            "forcefallback",
            "nopromote",
        ]),
    ),
    value(&["--force-fallback-for"], Val::Plain),
    value(&["--native-file"], Val::Plain),
    value(&["--cross-file"], Val::Plain),
    flag(&["-v", "--verbose"]),
    flag(&["--fatal-meson-warnings"]),
    flag(&["--reconfigure"]),
    flag(&["--wipe"]),
    flag(&["--clearcache"]),
];

/// `meson setup|compile|test|introspect`, and `meson configure` with no option (it prints
/// the build tree's options). `meson install`, `dist`, `subprojects`, `wrap`, `rewrite`,
/// `devenv` and `init` are left out.
pub(super) fn meson(argv: &[String], dynamic: &[bool]) -> Found {
    let subc = argv.get(1)?.as_str();
    let (words, dyn_) = sub(argv, dynamic, 1);
    Some(match subc {
        "setup" => meson_setup(words, dyn_),
        "compile" => {
            static OPTS: &[Opt] = &[
                value(&["-C"], Val::Plain),
                value(&["-j", "--jobs"], Val::Num),
                value(&["-l", "--load-average"], Val::Num),
                flag(&["-v", "--verbose"]),
                flag(&["--clean"]),
            ];
            meson_in_tree(
                words,
                dyn_,
                OPTS,
                "builds the project with meson compile",
                Operands::all(Val::Plain),
            )
        }
        "test" => {
            static OPTS: &[Opt] = &[
                value(&["-C"], Val::Plain),
                value(&["-k", "--maxfail"], Val::Num),
                value(&["--repeat"], Val::Num),
                flag(&["--no-rebuild"]),
                flag(&["--list"]),
                value(&["--suite"], Val::Plain),
                value(&["--no-suite"], Val::Plain),
                value(&["--exclude"], Val::Plain),
                flag(&["--no-stdsplit"]),
                flag(&["--print-errorlogs"]),
                flag(&["--benchmark"]),
                value(&["--logbase"], Val::Plain),
                value(&["-j", "--num-processes"], Val::Num),
                flag(&["-v", "--verbose"]),
                flag(&["-q", "--quiet"]),
                value(&["-t", "--timeout-multiplier"], Val::Num),
                value(&["--setup"], Val::Plain),
                value(&["--test-args"], Val::Plain),
                value(&["--max-lines"], Val::Num),
                value(&["--slice"], Val::Plain),
                value(&["--wrapper"], Val::Code("every test through the wrapper")),
                value(&["--gdb-path"], Val::Code("the debugger")),
            ];
            meson_in_tree(
                words,
                dyn_,
                OPTS,
                "runs the project's tests through meson test",
                Operands::all(Val::Plain),
            )
        }
        "introspect" => {
            static OPTS: &[Opt] = &[
                flag(&["--ast"]),
                flag(&["--benchmarks"]),
                flag(&["--buildoptions"]),
                flag(&["--buildsystem-files"]),
                flag(&["--compilers"]),
                flag(&["--dependencies"]),
                flag(&["--scan-dependencies"]),
                flag(&["--installed"]),
                flag(&["--install-plan"]),
                flag(&["--machines"]),
                flag(&["--projectinfo"]),
                flag(&["--targets"]),
                flag(&["--tests"]),
                value(&["--backend"], Val::Plain),
                flag(&["-a", "--all"]),
                flag(&["-i", "--indent"]),
                flag(&["-f", "--force-object-output"]),
            ];
            let g = gram(
                Style::Argparse,
                OPTS,
                Operands {
                    leading: &[Val::Plain],
                    rest: None,
                },
            );
            parse(&g, words, dyn_).map(|p| {
                let mut call = RunnerCall::new(
                    "meson",
                    "prints the meson build's description",
                    Family::Meson,
                );
                call.build_dir = Some(
                    p.operand_texts()
                        .first()
                        .copied()
                        .unwrap_or(".")
                        .to_string(),
                );
                call
            })
        }
        "configure" | "conf" => {
            static OPTS: &[Opt] = &[flag(&["--no-pager"])];
            let g = gram(
                Style::Argparse,
                OPTS,
                Operands {
                    leading: &[Val::Plain],
                    rest: None,
                },
            );
            parse(&g, words, dyn_).map(|p| {
                let mut call =
                    RunnerCall::new("meson", "prints the meson build's options", Family::Meson);
                call.build_dir = Some(
                    p.operand_texts()
                        .first()
                        .copied()
                        .unwrap_or(".")
                        .to_string(),
                );
                call
            })
        }
        _ => return None,
    })
}

/// `meson setup [BUILDDIR] [SOURCEDIR]`: runs the project's meson.build (which can run
/// programs) to generate the build tree; `--wipe` empties the build tree first.
fn meson_setup(words: &[String], dyn_: &[bool]) -> Result<RunnerCall, GrammarError> {
    let g = gram(
        Style::Argparse,
        MESON_SETUP,
        Operands {
            leading: &[Val::Plain, Val::Plain],
            rest: None,
        },
    );
    let p = parse(&g, words, dyn_)?;
    let mut call = RunnerCall::new(
        "meson",
        "configures the project's build with meson setup",
        Family::Meson,
    );
    call.effects.extend(g.effects(&p));
    for gv in &p.given {
        let Some(v) = gv.value else { continue };
        match gv.name {
            "-D" => meson_define(v.text, &mut call),
            "--native-file" | "--cross-file" => call.defined_by.push(v.text.to_string()),
            _ => {}
        }
    }
    let ops = p.operand_texts();
    call.build_dir = ops.first().map(|s| s.to_string());
    call.source_dir = Some(ops.get(1).copied().unwrap_or(".").to_string());
    if p.has("--wipe") {
        match &call.build_dir {
            Some(b) => call.effects.push(Effect::Delete {
                path: b.clone(),
                recursive: true,
            }),
            None => {
                return Err(GrammarError::MissingValue(
                    "meson setup --wipe BUILDDIR".into(),
                ))
            }
        }
    }
    Ok(call)
}

/// `meson compile|test [-C DIR]`: runs ninja (or the tests) in a configured build tree.
fn meson_in_tree(
    words: &[String],
    dyn_: &[bool],
    opts: &'static [Opt],
    does: &str,
    operands: Operands,
) -> Result<RunnerCall, GrammarError> {
    let g = gram(Style::Argparse, opts, operands);
    let p = parse(&g, words, dyn_)?;
    let mut call = RunnerCall::new("meson", does, Family::Meson);
    call.effects.extend(g.effects(&p));
    call.build_dir = Some(p.value("-C").unwrap_or(".").to_string());
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// Bazel

/// Read Bazel's option syntax (bazel.build, "Option syntax"): `--name=value` or `--name
/// value`; a boolean as `--name`, `--name=true|yes|1`, `--noname`, `--name=false|no|0`;
/// the single-letter forms a table declares (`-c opt`, `-k`). Options stop at the first
/// word that is not one (the command, for the startup options) when `stop` is set;
/// otherwise words that are not options are operands, until `--`.
fn bazel_parse<'a>(
    opts: &'static [Opt],
    words: &'a [String],
    stop: bool,
) -> Result<(Parsed<'a>, usize, Option<usize>), GrammarError> {
    use super::super::grammar::{Given, Word};
    let mut out = Parsed::default();
    let mut i = 0;
    let word = |i: usize| {
        words.get(i).map(|t| Word {
            text: t.as_str(),
            dynamic: false,
            index: i,
        })
    };
    while let Some(w) = word(i) {
        let t = w.text;
        if t == "--" {
            return Ok((out, i, Some(i + 1)));
        }
        if !t.starts_with('-') || t == "-" {
            if stop {
                return Ok((out, i, None));
            }
            out.operands.push((w, Val::Plain));
            i += 1;
            continue;
        }
        i += 1;
        let (name, inline) = match t.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (t, None),
        };
        let find = |n: &str| opts.iter().find(|o| o.names.contains(&n));
        let (o, negated) = match find(name) {
            Some(o) => (o, false),
            None => match name
                .strip_prefix("--no")
                .and_then(|b| find(&format!("--{b}")))
            {
                Some(o) if o.arity == Arity::Flag && inline.is_none() => (o, true),
                _ => return Err(GrammarError::UnknownOption(t.to_string())),
            },
        };
        let value = match (o.arity, inline) {
            (Arity::Flag, Some("true" | "yes" | "1")) | (Arity::Flag, None) => None,
            (Arity::Flag, Some("false" | "no" | "0")) => {
                out.given.push(Given {
                    opt: o,
                    name: o.names[0],
                    negated: true,
                    value: None,
                });
                continue;
            }
            (Arity::Flag, Some(_)) => return Err(GrammarError::UnexpectedValue(t.to_string())),
            (_, Some(v)) => Some(Word {
                text: v,
                dynamic: false,
                index: w.index,
            }),
            (Arity::Optional, None) => None,
            (Arity::Required, None) => {
                let v = word(i).ok_or_else(|| GrammarError::MissingValue(t.to_string()))?;
                i += 1;
                Some(v)
            }
        };
        if let (Some(v), Val::Choice(ws)) = (value, o.val) {
            if !ws.contains(&v.text) {
                return Err(GrammarError::BadValue {
                    option: t.to_string(),
                    value: v.text.to_string(),
                });
            }
        }
        out.given.push(Given {
            opt: o,
            name: o.names[0],
            negated,
            value,
        });
    }
    Ok((out, i, None))
}

/// Startup options (before the command): the rc files read, where the output base is.
/// `--host_jvm_args` and the other server options are left out.
static BAZEL_STARTUP: &[Opt] = &[
    value(&["--bazelrc"], Val::Plain),
    flag(&["--home_rc"]),
    flag(&["--system_rc"]),
    flag(&["--workspace_rc"]),
    value(&["--output_base"], Val::Write),
    value(&["--output_user_root"], Val::Write),
    value(&["--max_idle_secs"], Val::Num),
    flag(&["--batch"]),
];

/// Command options of build, test, run, coverage, query, cquery, aquery and info that are
/// data, outputs, or what they are said to be. Compiler and linker flags (`--copt`,
/// `--linkopt`…), `--run_under`, aspects, the sandbox's mounts and every other option are
/// outside the grammar.
static BAZEL_COMMAND: &[Opt] = &[
    flag(&["--keep_going", "-k"]),
    flag(&["--verbose_failures"]),
    flag(&["--build_tests_only"]),
    flag(&["--build"]),
    flag(&["--cache_test_results"]),
    flag(&["--test_keep_going"]),
    opt(&["--subcommands", "-s"], Arity::Optional, Val::Plain),
    flag(&["--announce_rc"]),
    flag(&["--show_progress"]),
    flag(&["--show_timestamps"]),
    flag(&["--show_loading_progress"]),
    value(&["--show_result"], Val::Num),
    value(&["--color"], Val::Choice(&["yes", "no", "auto"])),
    value(&["--curses"], Val::Choice(&["yes", "no", "auto"])),
    flag(&["--progress_in_terminal_title"]),
    flag(&["--sandbox_debug"]),
    flag(&["--check_up_to_date"]),
    flag(&["--stamp"]),
    flag(&["--enable_bzlmod"]),
    value(
        &["--lockfile_mode"],
        Val::Choice(&["off", "update", "refresh", "error"]),
    ),
    value(&["--runs_per_test"], Val::Plain),
    value(&["--flaky_test_attempts"], Val::Plain),
    value(
        &["--test_output"],
        Val::Choice(&["summary", "errors", "all", "streamed"]),
    ),
    value(
        &["--test_summary"],
        Val::Choice(&["short", "terse", "detailed", "none", "testcase"]),
    ),
    value(&["--test_filter"], Val::Pattern),
    value(&["--test_tag_filters"], Val::Plain),
    value(&["--build_tag_filters"], Val::Plain),
    value(&["--test_size_filters"], Val::Plain),
    value(&["--test_timeout_filters"], Val::Plain),
    value(&["--test_lang_filters"], Val::Plain),
    value(&["--test_timeout"], Val::Plain),
    value(&["--test_arg"], Val::Plain),
    value(&["--test_sharding_strategy"], Val::Plain),
    value(&["--jobs", "-j"], Val::Plain),
    value(&["--local_test_jobs"], Val::Plain),
    value(
        &["--compilation_mode", "-c"],
        Val::Choice(&["fastbuild", "dbg", "opt"]),
    ),
    value(&["--config"], Val::Plain),
    value(&["--platforms"], Val::Plain),
    value(&["--cpu"], Val::Plain),
    value(&["--define"], Val::Plain),
    value(&["--action_env"], Val::Plain),
    value(&["--host_action_env"], Val::Plain),
    value(&["--test_env"], Val::Plain),
    value(&["--repo_env"], Val::Plain),
    value(&["--output"], Val::Plain),
    flag(&["--tool_deps"]),
    flag(&["--implicit_deps"]),
    flag(&["--host_deps"]),
    value(&["--order_output"], Val::Plain),
    value(&["--universe_scope"], Val::Plain),
    flag(&["--infer_universe_scope"]),
    value(&["--disk_cache"], Val::Write),
    value(&["--repository_cache"], Val::Write),
    value(&["--override_repository"], Val::Plain),
    value(&["--override_module"], Val::Plain),
    value(&["--sandbox_writable_path"], Val::Write),
    value(&["--script_path"], Val::Write),
    value(&["--profile"], Val::Write),
    value(&["--build_event_json_file"], Val::Write),
    value(&["--build_event_text_file"], Val::Write),
    value(&["--build_event_binary_file"], Val::Write),
    value(&["--execution_log_json_file"], Val::Write),
    value(&["--remote_cache"], Val::Plain),
    value(&["--remote_executor"], Val::Plain),
    value(&["--bes_backend"], Val::Plain),
    value(&["--remote_instance_name"], Val::Plain),
    flag(&["--remote_upload_local_results"]),
    flag(&["--remote_accept_cached"]),
    value(
        &["--spawn_strategy", "--genrule_strategy"],
        Val::Choice(&[
            "standalone",
            "local",
            "sandboxed",
            "linux-sandbox",
            "worker",
        ]),
    ),
];

/// `--action_env`, `--test_env`, `--repo_env`: `NAME` passes the variable through;
/// `NAME=VALUE` sets it, data when the value is plain and the name does not choose what
/// programs load.
pub(super) fn env_setting(kv: &str) -> bool {
    const LOADS: &[&str] = &[
        "PATH",
        "LD_PRELOAD",
        "LD_LIBRARY_PATH",
        "LD_AUDIT",
        "PYTHONPATH",
        "PYTHONSTARTUP",
        "NODE_OPTIONS",
        "RUBYOPT",
        "PERL5OPT",
        "BASH_ENV",
        "ENV",
        "JAVA_TOOL_OPTIONS",
        "JDK_JAVA_OPTIONS",
        "DOTNET_STARTUP_HOOKS",
        "CORECLR_PROFILER_PATH",
    ];
    let (name, val) = kv.split_once('=').unwrap_or((kv, ""));
    let upper = name.to_ascii_uppercase();
    !LOADS.contains(&upper.as_str())
        && !upper.starts_with("DYLD_")
        && !upper.starts_with("COR_PROFILER")
        && !upper.starts_with("CORECLR_")
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && plain(val)
}

/// `bazel [startup options] COMMAND [options] [targets] [-- targets|args]` for build,
/// test, coverage, run, query, cquery, aquery, info and version. Bazel reads its rc files
/// (`.bazelrc`), MODULE.bazel or WORKSPACE and the BUILD files, runs repository rules
/// (which fetch and run programs) and the project's build actions; bazelisk first fetches
/// the Bazel that `.bazelversion` names (and runs `tools/bazel` when the workspace has one).
pub(super) fn bazel(argv: &[String], dynamic: &[bool]) -> Found {
    if literal(argv, dynamic).is_err() {
        return Some(Err(GrammarError::Dynamic(argv.join(" "))));
    }
    let words = &argv[1..];
    let (start, at, _) = match bazel_parse(BAZEL_STARTUP, words, true) {
        Ok(x) => x,
        Err(e) => return Some(Err(e)),
    };
    let cmd = words.get(at)?.as_str();
    let does = match cmd {
        "build" => "builds the project with bazel",
        "test" => "runs the project's tests through bazel",
        "coverage" => "runs the project's tests with coverage through bazel",
        "run" => "builds and runs a target of the project with bazel",
        "query" | "cquery" | "aquery" => "queries the project's build graph with bazel",
        "info" => "prints the bazel workspace's settings",
        "version" => "prints bazel's version",
        _ => return None,
    };
    Some((|| {
        let rest_words = &words[at + 1..];
        let (p, _, after) = bazel_parse(BAZEL_COMMAND, rest_words, false)?;
        let mut call = RunnerCall::new(
            if argv[0] == "bazelisk" {
                "bazelisk"
            } else {
                "bazel"
            },
            does,
            Family::Bazel,
        );
        call.effects
            .extend(gram(Style::Gnu, BAZEL_STARTUP, Operands::NONE).effects(&start));
        call.effects
            .extend(gram(Style::Gnu, BAZEL_COMMAND, Operands::NONE).effects(&p));
        for g in start.given.iter().chain(&p.given) {
            let Some(v) = g.value else { continue };
            let v = v.text;
            match g.name {
                "--bazelrc" if v != "/dev/null" => call.defined_by.push(v.to_string()),
                "--define" if !plain(v) => call.effects.push(code(&format!(
                    "the definition --define={v}, which rules may expand into commands"
                ))),
                "--action_env" | "--host_action_env" | "--test_env" | "--repo_env"
                    if !env_setting(v) =>
                {
                    call.effects.push(code(&format!(
                        "the environment setting {}={v} of what bazel runs",
                        g.name
                    )))
                }
                "--override_repository" | "--override_module" => match v.split_once('=') {
                    Some((_, path)) => call.defined_by.push(path.to_string()),
                    None => call
                        .effects
                        .push(Effect::unknown(format!("{}={v} is not NAME=PATH", g.name))),
                },
                "--remote_cache" | "--remote_executor" | "--bes_backend" => {
                    call.effects.push(Effect::Net {
                        url: Some(v.to_string()),
                        host: super::super::grammar::host_of(v),
                        sends: vec![Carry::File {
                            path: ".".to_string(),
                        }],
                    })
                }
                _ => {}
            }
        }
        let targets = p.operand_texts();
        match cmd {
            "run" => {
                let [target] = targets.as_slice() else {
                    return Err(GrammarError::ExtraOperand(targets.join(" ")));
                };
                if target.starts_with('@') {
                    call.effects.push(Effect::unknown(format!(
                        "bazel run {target} runs a program of another repository"
                    )));
                }
                // Words after `--` are the program's arguments: data.
            }
            "info" | "version" if targets.len() > 1 || after.is_some() => {
                return Err(GrammarError::ExtraOperand(targets.join(" ")));
            }
            _ => {
                // Target patterns, also after `--` (where `-//x/...` subtracts).
            }
        }
        Ok(call)
    })())
}

#[cfg(test)]
#[path = "builders_tests.rs"]
mod tests;
