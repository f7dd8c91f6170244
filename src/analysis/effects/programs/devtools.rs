//! Everyday project tools beyond the build runners and linters: the Go analysers
//! `staticcheck`, `govulncheck` and `golangci-lint run` (the project's packages loaded as `go list` loads them,
//! checked; govulncheck asks vuln.go.dev about their modules), `gofmt` (Go's formatter,
//! as a linter: what it reads and, with `-w`, rewrites), `sphinx-build` (a documentation
//! build: the source tree read, the output and doctree
//! directories written, the project's `conf.py` run) and `mkdocs build` (the same, from
//! `mkdocs.yml`). Each grammar says what every option is; the command floor
//! (`command::build`) places the paths and asks the session's baseline about the files
//! that define what runs (`conf.py`, `mkdocs.yml`).
//!
//! Checked against:
//! - gofmt of go 1.19.8 (`gofmt -h`; `cmd/gofmt/gofmt.go`: Go's `flag` package, the flags
//!   `-cpuprofile FILE` written, `-d`, `-e`, `-l`, `-r RULE`, `-s`, `-w`; a directory
//!   operand is walked for `*.go` files whose names do not start with a dot, no directory
//!   skipped; no operand reads standard input; it reads no configuration).
//! - sphinx-build 9.0.4 (`sphinx-build --help`, `sphinx/cmd/build.py` `get_parser`:
//!   argparse with prefixes, the hidden `--keep-going`; `main`: `-M BUILDER SRC OUT OPTS`
//!   first on the line is make mode, `sphinx/cmd/make_mode.py`: `clean` empties the
//!   build directory, `latexpdf`, `latexpdfja` and `info` run `make` in it, any other
//!   builder is `-b BUILDER -d OUT/doctrees SRC OUT/BUILDER OPTS`; the `latex` and
//!   `texinfo` builders copy a `Makefile` into the output directory, `sphinx/templates`). `conf.py` is Python
//!   the build runs (from `-c DIR`, else the source directory; none with `-C`); `-D`
//!   overrides any setting, `extensions` among them (modules imported), so it is outside
//!   the grammar; `-P` runs pdb on an exception, reading commands from standard input,
//!   outside it too. The builders admitted are Sphinx's own that only write output
//!   files: `linkcheck` (fetches every link), `doctest` (runs the documents' code),
//!   `coverage` and the make-mode ones that run programs are not.
//! - mkdocs 1.6.1 (`mkdocs build --help`: click, exact names; `-c/--clean` and `--dirty`,
//!   `-f/--config-file FILE` — `-` reads it from standard input —, `-s/--strict` and
//!   `--no-strict`, `-t/--theme mkdocs|readthedocs`, `--use-directory-urls` and
//!   `--no-directory-urls`, `-d/--site-dir DIR`, `-q`, `-v`). The build empties its site
//!   directory first unless `--dirty` (`mkdocs/commands/build.py`: `clean_directory`), so
//!   a `-d DIR` given is a directory emptied; without it the site directory is the one
//!   the configuration names, a definition file the baseline checks. `mkdocs.yml` names
//!   the plugins and hook files that run.
//!
//! - staticcheck (dominikh/go-tools `lintcmd/cmd.go`) and govulncheck (golang/vuln
//!   `internal/scan/flags.go`): Go's `flag` package.
//! - golangci-lint 1.6x and 2.x (`pkg/commands/run.go`, `flagsets.go`: cobra and pflag):
//!   `run`, whose configuration file names the linters and the plugins it loads.
//!
//! Anything not declared here is outside the grammar, so the command is not routine.

use super::super::grammar::{
    flag, opt, parse, value, Arity, GrammarError, Operands, Opt, Style, Val,
};
use super::super::{Effect, WriteHow};
use super::runners::{gram, sub, Family, Found, Lint, RunnerCall};

/// The tool this argv invokes, if it is one of this family (`mkdocs` only as `mkdocs
/// build`: `serve` and the rest are judged elsewhere).
pub fn tool(argv: &[String], dynamic: &[bool]) -> Found {
    match argv.first()?.as_str() {
        "gofmt" => Some(gofmt(argv, dynamic)),
        "sphinx-build" => Some(sphinx(argv, dynamic)),
        "mkdocs" if argv.get(1).is_some_and(|w| w == "build") => Some(mkdocs(argv, dynamic)),
        "staticcheck" => Some(staticcheck(argv, dynamic)),
        "govulncheck" => Some(govulncheck(argv, dynamic)),
        "golangci-lint" => golangci(argv, dynamic),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------
// gofmt

/// gofmt's flags (go 1.19.8, `flag` package).
static GOFMT: &[Opt] = &[
    value(&["-cpuprofile"], Val::Write),
    flag(&["-d"]),
    flag(&["-e"]),
    flag(&["-l"]),
    value(&["-r"], Val::Pattern),
    flag(&["-s"]),
    flag(&["-w"]),
    flag(&["-h", "-help"]),
];

/// What gofmt reads below a directory: Go files (`isGoFile`: not hidden, `.go`).
const GO: &[&str] = &[".go"];

fn gofmt(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    let g = gram(Style::Go, GOFMT, Operands::all(Val::Plain));
    let p = parse(&g, argv, dynamic)?;
    let effects = g.effects(&p);
    let operands: Vec<String> = p
        .operands
        .iter()
        .filter(|(w, _)| w.text != "-")
        .map(|(w, _)| w.text.to_string())
        .collect();
    let rewrites = p.has("-w") && !operands.is_empty();
    let what = match operands.as_slice() {
        [] => "its standard input".to_string(),
        [one] if one == "." => "the project's Go files".to_string(),
        many => many.join(", "),
    };
    let does = if rewrites {
        format!("formats {what} in place with gofmt")
    } else {
        format!("checks the formatting of {what} with gofmt")
    };
    let mut call = RunnerCall::new("gofmt", does, Family::Gofmt);
    call.effects = effects;
    for o in &operands {
        call.effects.push(Effect::Read {
            path: o.clone(),
            reach: super::super::Reach::Tree,
        });
    }
    call.lint = Some(Lint {
        operands,
        rewrites,
        handles: GO,
        nested: false,
        skips: &[],
    });
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// sphinx-build

/// Sphinx's builders that only write output files (9.0.4, `make_mode.BUILDERS` less
/// `linkcheck`, `doctest`, `coverage`, `clean`, the ones that run `make`, and `latex` and
/// `texinfo`, which write a `Makefile` into the output directory).
const SPHINX_BUILDERS: &[&str] = &[
    "html",
    "dirhtml",
    "singlehtml",
    "pickle",
    "json",
    "htmlhelp",
    "qthelp",
    "devhelp",
    "epub",
    "text",
    "man",
    "gettext",
    "changes",
    "xml",
    "pseudoxml",
    "dummy",
];

/// sphinx-build 9.0.4's options (`get_parser`), less `-D/--define` and `-P/--pdb`.
static SPHINX: &[Opt] = &[
    flag(&["-h", "--help"]),
    flag(&["--version"]),
    value(&["-b", "--builder"], Val::Choice(SPHINX_BUILDERS)),
    value(&["-j", "--jobs"], Val::Plain),
    flag(&["-a", "--write-all"]),
    flag(&["-E", "--fresh-env"]),
    value(&["-d", "--doctree-dir"], Val::Write),
    value(&["-c", "--conf-dir"], Val::Read),
    flag(&["-C", "--isolated"]),
    value(&["-A", "--html-define"], Val::Plain),
    value(&["-t", "--tag"], Val::Plain),
    flag(&["-n", "--nitpicky"]),
    flag(&["-v", "--verbose"]),
    flag(&["-q", "--quiet"]),
    flag(&["-Q", "--silent"]),
    flag(&["--color"]),
    flag(&["-N", "--no-color"]),
    value(&["-w", "--warning-file"], Val::Write),
    flag(&["-W", "--fail-on-warning"]),
    flag(&["--keep-going"]),
    flag(&["-T", "--show-traceback"]),
    flag(&["--exception-on-warning"]),
];

fn sphinx(words: &[String], dyn_: &[bool]) -> Result<RunnerCall, GrammarError> {
    let outside = |w: &str| GrammarError::UnknownOption(w.to_string());
    // Make mode: `-M BUILDER SRC OUT OPTS…`, read as the line it becomes.
    let mut line: Vec<String> = Vec::new();
    let mut line_dyn: Vec<bool> = Vec::new();
    let (src, out);
    if words.get(1).is_some_and(|w| w == "-M") {
        let (Some(b), Some(s), Some(o)) = (words.get(2), words.get(3), words.get(4)) else {
            return Err(outside("-M"));
        };
        if !SPHINX_BUILDERS.contains(&b.as_str())
            || dyn_.get(2..5).is_some_and(|d| d.contains(&true))
        {
            return Err(outside(&format!("-M {b}")));
        }
        let o = o.trim_end_matches('/');
        line.push(words[0].clone());
        line_dyn.push(false);
        for (w, d) in [
            ("--builder".to_string(), false),
            (b.clone(), false),
            ("--doctree-dir".to_string(), false),
            (format!("{o}/doctrees"), false),
            (s.clone(), false),
            (format!("{o}/{b}"), false),
        ] {
            line.push(w);
            line_dyn.push(d);
        }
        line.extend(words[5..].iter().cloned());
        line_dyn.extend(dyn_.get(5..).unwrap_or(&[]).iter().copied());
        src = Some(s.clone());
        out = Some(o.to_string());
    } else {
        line = words.to_vec();
        line_dyn = dyn_.to_vec();
        src = None;
        out = None;
    }
    let g = gram(
        Style::Argparse,
        SPHINX,
        Operands {
            leading: &[Val::ReadTree, Val::Write],
            rest: Some(Val::Read),
        },
    );
    let p = parse(&g, &line, &line_dyn)?;
    let mut call = RunnerCall::new(
        "sphinx-build",
        "builds the project's documentation with Sphinx",
        Family::Sphinx,
    );
    call.effects = g.effects(&p);
    let ops = p.operand_texts();
    let src = src.or_else(|| ops.first().map(|s| s.to_string()));
    let out = out.or_else(|| ops.get(1).map(|s| s.to_string()));
    if p.has("--help") || p.has("--version") {
        return Ok(call);
    }
    if let Some(out) = &out {
        if p.value("--doctree-dir").is_none() {
            call.effects.push(Effect::write(
                format!("{}/.doctrees", out.trim_end_matches('/')),
                WriteHow::Replace,
            ));
        }
    }
    // conf.py runs, from `-c DIR` or the source directory (none with `-C`).
    if !p.has("--isolated") {
        if let Some(dir) = p.value("--conf-dir").map(str::to_string).or(src) {
            // A script it runs: the agent's own writes of it count too.
            let conf = format!("{}/conf.py", dir.trim_end_matches('/'));
            call.defined_by.push(conf.clone());
            call.scripts.push(conf);
        }
    }
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// mkdocs build

/// `mkdocs build --help` (1.6.1, click: exact names, bundled short flags).
static MKDOCS_BUILD: &[Opt] = &[
    flag(&["-c", "--clean"]),
    flag(&["--dirty"]),
    value(&["-f", "--config-file"], Val::Read),
    flag(&["-s", "--strict"]),
    flag(&["--no-strict"]),
    value(&["-t", "--theme"], Val::Choice(&["mkdocs", "readthedocs"])),
    flag(&["--use-directory-urls"]),
    flag(&["--no-directory-urls"]),
    value(&["-d", "--site-dir"], Val::Write),
    flag(&["-q", "--quiet"]),
    flag(&["-v", "--verbose"]),
    flag(&["-h", "--help"]),
];

fn mkdocs(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    let (words, dyn_) = sub(argv, dynamic, 1);
    let g = gram(Style::Clap, MKDOCS_BUILD, Operands::NONE);
    let p = parse(&g, words, dyn_)?;
    let mut call = RunnerCall::new(
        "mkdocs",
        "builds the project's documentation with MkDocs",
        Family::Mkdocs,
    );
    call.effects = g.effects(&p);
    if let Some(f) = p.value("--config-file") {
        if f == "-" {
            return Err(GrammarError::UnknownOption("--config-file -".into()));
        }
        call.defined_by.push(f.to_string());
        // Any name: the agent's own writes of it count too.
        call.scripts.push(f.to_string());
    } else {
        // Found in the working directory (mkdocs 1.6.1 `config/base.py`).
        call.scripts
            .extend(["mkdocs.yml".to_string(), "mkdocs.yaml".to_string()]);
    }
    // The site directory is emptied before the build unless `--dirty` (the last of
    // `--clean`/`--dirty` given wins).
    let dirty = p
        .given
        .iter()
        .rev()
        .find(|g| matches!(g.name, "--clean" | "--dirty"))
        .is_some_and(|g| g.name == "--dirty");
    if let (Some(d), false) = (p.value("--site-dir"), dirty) {
        call.effects.push(Effect::Delete {
            path: d.to_string(),
            recursive: true,
        });
    }
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// Go analysers

/// staticcheck's flags (dominikh/go-tools `lintcmd/cmd.go`, Go's `flag` package: `-name`
/// or `--name`, `=VALUE` or the next word, a boolean only as `-name=BOOL`, the first
/// package pattern ends the flags). The `-debug.*` profiles write the files named.
static STATICCHECK: &[Opt] = &[
    value(&["-tags"], Val::Plain),
    opt(
        &["-tests"],
        Arity::Optional,
        Val::Choice(&["true", "false"]),
    ),
    flag(&["-version"]),
    opt(
        &["-show-ignored"],
        Arity::Optional,
        Val::Choice(&["true", "false"]),
    ),
    value(
        &["-f"],
        Val::Choice(&["text", "stylish", "json", "sarif", "null"]),
    ),
    value(&["-explain"], Val::Plain),
    flag(&["-list-checks"]),
    value(&["-checks"], Val::Plain),
    value(&["-fail"], Val::Plain),
    value(&["-go"], Val::Plain),
    value(&["-debug.cpuprofile"], Val::Write),
    value(&["-debug.memprofile"], Val::Write),
    value(&["-debug.trace"], Val::Write),
    value(&["-debug.measure-analyzers"], Val::Append),
    flag(&["-debug.version"]),
    flag(&["-debug.no-compile-errors"]),
    flag(&["-h", "-help"]),
];

/// govulncheck's flags (golang/vuln `internal/scan/flags.go`, Go's `flag` package), in
/// source mode only: it loads the packages as `go list` does and asks the Go
/// vulnerability database (vuln.go.dev) about the modules they use. `-db` (another
/// database, anywhere: the module list sent there) and the other modes (a binary read,
/// gopls's convert and query) are outside the grammar.
static GOVULNCHECK: &[Opt] = &[
    flag(&["-json"]),
    opt(&["-test"], Arity::Optional, Val::Choice(&["true", "false"])),
    value(&["-C"], Val::Plain),
    value(&["-mode"], Val::Choice(&["source"])),
    value(&["-tags"], Val::Plain),
    value(&["-show"], Val::Plain),
    value(
        &["-format"],
        Val::Choice(&["text", "json", "sarif", "openvex"]),
    ),
    flag(&["-version"]),
    value(&["-scan"], Val::Choice(&["module", "package", "symbol"])),
    flag(&["-h", "-help"]),
];

/// Package patterns that name a directory outside the working tree (`/tmp/x/...`,
/// `../other/...`): its code is what is loaded, judged by where it is.
fn go_pattern_dirs(p: &super::super::grammar::Parsed, call: &mut RunnerCall) {
    for (w, _) in &p.operands {
        let pkg = w.text;
        if pkg.starts_with('/') || pkg == ".." || pkg.starts_with("../") {
            call.dirs.push(pkg.trim_end_matches("/...").to_string());
        }
    }
}

/// `staticcheck [FLAGS] [PACKAGES]`: checks the project's Go packages, loaded as `go list`
/// loads them (the go.mod and go.work files define what that is).
fn staticcheck(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    let g = gram(Style::Go, STATICCHECK, Operands::all(Val::Plain));
    let p = parse(&g, argv, dynamic)?;
    let mut call = RunnerCall::new(
        "staticcheck",
        "checks the project's Go packages with staticcheck",
        Family::Go,
    );
    call.effects.extend(g.effects(&p));
    go_pattern_dirs(&p, &mut call);
    Ok(call)
}

/// `govulncheck [FLAGS] [PACKAGES]`: loads the project's Go packages and reports the
/// known vulnerabilities of the modules they use, read from the Go vulnerability
/// database.
fn govulncheck(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    let g = gram(Style::Go, GOVULNCHECK, Operands::all(Val::Plain));
    let p = parse(&g, argv, dynamic)?;
    let mut call = RunnerCall::new(
        "govulncheck",
        "reports known vulnerabilities of the project's Go modules with govulncheck",
        Family::Go,
    );
    call.effects.extend(g.effects(&p));
    call.effects.push(Effect::Remote {
        service: "go vulnerability database".into(),
        action: "reads the advisories of the modules used".into(),
        target: Some("vuln.go.dev".into()),
        change: super::super::Change::Read,
    });
    if let Some(d) = p.value("-C") {
        call.dirs.push(d.to_string());
    }
    go_pattern_dirs(&p, &mut call);
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// golangci-lint run

/// `golangci-lint run`'s options common to its 1.6x and 2.x releases (golangci/golangci-lint
/// `pkg/commands/run.go`, `flagsets.go`; spf13/pflag: bundled short options, `=VALUE` or
/// the next word, no prefixes, options among the operands; a boolean takes a value only
/// as `--name=BOOL`). Left out, so outside the grammar: `--fix` (the project's files
/// rewritten), `-n/--new`, `--new-from-rev`, `--new-from-patch`, `--new-from-merge-base`
/// (git run in the repository, a patch read), the output options that name files
/// (`--out-format FORMAT:PATH`, `--output.*.path`), `--modules-download-mode=mod`
/// (go.mod updated, modules fetched), and every other command (`fmt` rewrites files,
/// `custom` builds a binary, `cache clean`, `config`, `linters`, `migrate`).
static GOLANGCI_RUN: &[Opt] = &[
    value(&["-c", "--config"], Val::Read),
    flag(&["--no-config"]),
    value(&["-E", "--enable"], Val::Plain),
    value(&["-D", "--disable"], Val::Plain),
    flag(&["--enable-all"]),
    flag(&["--disable-all"]),
    value(&["--enable-only"], Val::Plain),
    flag(&["--fast"]),
    flag(&["--fast-only"]),
    value(&["-p", "--presets"], Val::Plain),
    value(
        &["--default"],
        Val::Choice(&["standard", "all", "none", "fast"]),
    ),
    value(&["-j", "--concurrency"], Val::Num),
    value(
        &["--modules-download-mode"],
        Val::Choice(&["readonly", "vendor"]),
    ),
    value(&["--issues-exit-code"], Val::Num),
    value(&["--go"], Val::Plain),
    value(&["--build-tags"], Val::Plain),
    value(&["--timeout"], Val::Plain),
    opt(
        &["--tests"],
        Arity::Optional,
        Val::Choice(&["true", "false"]),
    ),
    flag(&["--allow-parallel-runners"]),
    flag(&["--allow-serial-runners"]),
    value(
        &["--out-format"],
        Val::Choice(&[
            "colored-line-number",
            "line-number",
            "json",
            "colored-tab",
            "tab",
            "checkstyle",
            "code-climate",
            "junit-xml",
            "junit-xml-extended",
            "github-actions",
            "teamcity",
            "sarif",
        ]),
    ),
    opt(
        &["--print-issued-lines"],
        Arity::Optional,
        Val::Choice(&["true", "false"]),
    ),
    opt(
        &["--print-linter-name"],
        Arity::Optional,
        Val::Choice(&["true", "false"]),
    ),
    opt(
        &["--uniq-by-line"],
        Arity::Optional,
        Val::Choice(&["true", "false"]),
    ),
    flag(&["--sort-results"]),
    value(&["--sort-order"], Val::Plain),
    value(&["--path-prefix"], Val::Plain),
    opt(
        &["--show-stats"],
        Arity::Optional,
        Val::Choice(&["true", "false"]),
    ),
    value(&["-e", "--exclude"], Val::Pattern),
    opt(
        &["--exclude-use-default"],
        Arity::Optional,
        Val::Choice(&["true", "false"]),
    ),
    flag(&["--exclude-case-sensitive"]),
    value(&["--max-issues-per-linter"], Val::Num),
    value(&["--max-same-issues"], Val::Num),
    flag(&["--whole-files"]),
    value(&["--cpu-profile-path"], Val::Write),
    value(&["--mem-profile-path"], Val::Write),
    value(&["--trace-path"], Val::Write),
    flag(&["-v", "--verbose"]),
    value(&["--color"], Val::Choice(&["always", "auto", "never"])),
    flag(&["-h", "--help"]),
];

/// `golangci-lint run [FLAGS] [PACKAGES]`: loads the project's Go packages as `go list`
/// does and runs the linters its configuration enables (a custom linter there is a
/// plugin it loads: the configuration is a definition file, `-c FILE` among them). Only
/// `run`; `golangci-lint --version`, `version` and `help` print.
fn golangci(argv: &[String], dynamic: &[bool]) -> Found {
    match argv.get(1).map(String::as_str) {
        Some("run") => {}
        Some("--version" | "version" | "help" | "-h" | "--help") if argv.len() == 2 => {
            return Some(Ok(RunnerCall::new(
                "golangci-lint",
                "prints golangci-lint's version or help",
                Family::Golangci,
            )))
        }
        _ => return None,
    }
    Some((|| {
        let (words, dyn_) = sub(argv, dynamic, 1);
        let g = gram(Style::Clap, GOLANGCI_RUN, Operands::all(Val::Plain));
        let p = parse(&g, words, dyn_)?;
        let mut call = RunnerCall::new(
            "golangci-lint",
            "lints the project's Go packages with golangci-lint",
            Family::Golangci,
        );
        call.effects.extend(g.effects(&p));
        if let Some(c) = p.value("--config") {
            // Any name: the agent's own writes of it count too.
            call.defined_by.push(c.to_string());
            call.scripts.push(c.to_string());
        }
        go_pattern_dirs(&p, &mut call);
        Ok(call)
    })())
}

#[cfg(test)]
#[path = "devtools_tests.rs"]
mod tests;
