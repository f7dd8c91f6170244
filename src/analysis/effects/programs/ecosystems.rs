//! The build and test runners of .NET (`dotnet build|test|run|restore`), SwiftPM (`swift
//! build|test|run`), Ruby (`rake`, `rspec`, `rails test`, `bundle exec`) and PHP
//! (`phpunit`, `php artisan test`, `composer` scripts, `composer install`), as grammars filling a
//! [`RunnerCall`] like [`super::runners`] and [`super::builders`]: each option is what it
//! does, and anything not declared here is outside the grammar.
//!
//! Checked against: the .NET SDK documentation (learn.microsoft.com `dotnet build`,
//! `dotnet test`, `dotnet run`, `dotnet restore`), SwiftPM's sources
//! (`Sources/CoreCommands/Options.swift`, `Sources/Commands/SwiftBuildCommand.swift`, the
//! test command's options), rake 13.0.6, RSpec 3.12 and Bundler 2.3 (`--help` on Debian
//! 12; Ruby's OptionParser takes unique prefixes of long options and a placed optional
//! value as the next word), Rails' test runner (`railties/lib/rails/test_unit/runner.rb`),
//! PHPUnit 9.6 (`phpunit --help`; it accepts unique prefixes of long options) and the
//! option table of later versions (`src/TextUI/Configuration/Cli/Builder.php`), Composer
//! 2.5 (`composer run-script --help`, `composer list`) and its current source for
//! `composer install` (`Command/InstallCommand.php`, `Console/Application.php`), and Laravel's test command (the
//! signature of nunomaduro/collision's `Adapters/Laravel/Commands/TestCommand`, which
//! passes the options it does not declare on to PHPUnit).

use super::super::grammar::{
    flag, opt, parse, value, Arity, GrammarError, Operands, Opt, Parsed, Style, Val,
};
use super::super::{Code, Effect};
use super::builders::{env_setting, literal, plain};
use super::runners::{
    code, exact_parse, first_operand, gram, sub, Family, Found, Manager, RunnerCall,
};

// ---------------------------------------------------------------------------------------
// dotnet

/// MSBuild properties whose value is data (the configuration, versions, warnings, the
/// target framework and runtime). Any other property can name a tool, a path or a command
/// a target runs (`PostBuildEvent`, `*ToolPath`, `*Exe`).
const MSBUILD_DATA_PROPS: &[&str] = &[
    "Configuration",
    "Platform",
    "TargetFramework",
    "TargetFrameworks",
    "RuntimeIdentifier",
    "RuntimeIdentifiers",
    "Version",
    "VersionPrefix",
    "VersionSuffix",
    "AssemblyVersion",
    "FileVersion",
    "InformationalVersion",
    "PackageVersion",
    "TreatWarningsAsErrors",
    "WarningLevel",
    "NoWarn",
    "WarningsAsErrors",
    "WarningsNotAsErrors",
    "Nullable",
    "LangVersion",
    "Deterministic",
    "ContinuousIntegrationBuild",
    "DebugType",
    "DebugSymbols",
    "Optimize",
    "GenerateDocumentationFile",
    "SelfContained",
    "UseAppHost",
    "EnableWindowsTargeting",
    "RestoreLockedMode",
    "InvariantGlobalization",
    "RunAnalyzers",
    "RunAnalyzersDuringBuild",
    "EnforceCodeStyleInBuild",
    "AnalysisLevel",
    "AnalysisMode",
    "CollectCoverage",
    "CoverletOutputFormat",
    "Threshold",
    "ThresholdType",
    "ThresholdStat",
];

/// MSBuild properties whose value is where project files are imported from: the
/// extensions directory whose `ImportBefore`/`ImportAfter` files `Microsoft.Common.props`
/// and `.targets` import, the `Directory.Build.*` files, the custom before/after imports,
/// the project extensions directory (`obj/`, whose `*.props`/`*.targets` are imported).
/// Their value is code the build evaluates and runs (checked against MSBuild's
/// `Microsoft.Common.props` and "Customize your build").
const MSBUILD_IMPORT_PROPS: &[&str] = &[
    "MSBuildExtensionsPath",
    "MSBuildExtensionsPath32",
    "MSBuildExtensionsPath64",
    "MSBuildUserExtensionsPath",
    "MSBuildProjectExtensionsPath",
    "BaseIntermediateOutputPath",
    "DirectoryBuildPropsPath",
    "DirectoryBuildTargetsPath",
    "CustomBeforeMicrosoftCommonProps",
    "CustomAfterMicrosoftCommonProps",
    "CustomBeforeMicrosoftCommonTargets",
    "CustomAfterMicrosoftCommonTargets",
    "CustomBeforeMicrosoftCSharpTargets",
    "CustomAfterMicrosoftCSharpTargets",
];

/// `-p:NAME=VALUE[;NAME=VALUE…]` (also `--property:`, `/p:`, `/property:`).
fn msbuild_props(list: &str, call: &mut RunnerCall) {
    for kv in list.split(';').filter(|s| !s.is_empty()) {
        let (name, val) = kv.split_once('=').unwrap_or((kv, ""));
        if MSBUILD_IMPORT_PROPS
            .iter()
            .any(|p| p.eq_ignore_ascii_case(name))
        {
            // MSBuild property names are case-insensitive.
            call.effects.push(Effect::Run {
                code: Code::File {
                    path: val.to_string(),
                },
            });
            call.effects.push(Effect::read(val));
            continue;
        }
        if !(MSBUILD_DATA_PROPS.contains(&name) && plain(val)) {
            call.effects.push(Effect::unknown(format!(
                "the MSBuild property {name}={val} can name a tool, a path or a command the build runs"
            )));
        }
    }
}

/// The MSBuild property switch, if `w` is one, with its value.
fn property_switch(w: &str) -> Option<&str> {
    ["-p:", "--property:", "-property:", "/p:", "/property:"]
        .iter()
        .find_map(|p| w.strip_prefix(p))
}

/// Options dotnet build, test, run and restore share (the .NET SDK's documentation).
macro_rules! dotnet_opts {
    ($($extra:expr),* $(,)?) => {
        &[
            value(&["-c", "--configuration"], Val::Plain),
            value(&["-f", "--framework"], Val::Plain),
            value(&["-r", "--runtime"], Val::Plain),
            value(&["--os"], Val::Plain),
            value(
                &["-v", "--verbosity"],
                Val::Choice(&[
                    "q", "quiet", "m", "minimal", "n", "normal", "d", "detailed", "diag",
                    "diagnostic",
                ]),
            ),
            flag(&["--nologo"]),
            flag(&["--no-restore"]),
            flag(&["--no-dependencies"]),
            flag(&["--force"]),
            flag(&["--disable-build-servers"]),
            opt(&["--tl"], Arity::Optional, Val::Choice(&["auto", "on", "off"])),
            value(&["--source", "-s"], Val::Code("packages from the NuGet source")),
            $($extra,)*
        ]
    };
}

static DOTNET_BUILD: &[Opt] = dotnet_opts!(
    value(&["-a", "--arch"], Val::Plain),
    flag(&["--no-incremental"]),
    flag(&["--no-self-contained"]),
    flag(&["--sc", "--self-contained"]),
    flag(&["--ucr", "--use-current-runtime"]),
    value(&["--version-suffix"], Val::Plain),
    value(&["-o", "--output"], Val::Write),
    value(&["--artifacts-path"], Val::Write),
);

static DOTNET_TEST: &[Opt] = &[
    value(&["-c", "--configuration"], Val::Plain),
    value(&["-f", "--framework"], Val::Plain),
    value(&["-r", "--runtime"], Val::Plain),
    value(&["--os"], Val::Plain),
    value(&["--arch"], Val::Plain),
    value(
        &["-v", "--verbosity"],
        Val::Choice(&[
            "q",
            "quiet",
            "m",
            "minimal",
            "n",
            "normal",
            "d",
            "detailed",
            "diag",
            "diagnostic",
        ]),
    ),
    flag(&["--nologo"]),
    flag(&["--no-restore"]),
    flag(&["--no-build"]),
    flag(&["--no-dependencies"]),
    flag(&["--force"]),
    flag(&["--disable-build-servers"]),
    opt(
        &["--tl"],
        Arity::Optional,
        Val::Choice(&["auto", "on", "off"]),
    ),
    value(&["--filter"], Val::Pattern),
    value(&["-l", "--logger"], Val::Plain),
    value(&["--results-directory"], Val::Write),
    value(&["--collect"], Val::Plain),
    value(&["-s", "--settings"], Val::Plain),
    flag(&["--blame"]),
    flag(&["--blame-crash"]),
    flag(&["--blame-hang"]),
    value(&["--blame-hang-timeout"], Val::Plain),
    value(&["--blame-crash-dump-type"], Val::Plain),
    value(&["--blame-hang-dump-type"], Val::Plain),
    flag(&["-t", "--list-tests"]),
    value(&["-d", "--diag"], Val::Write),
    value(
        &["-a", "--test-adapter-path"],
        Val::Code("the test adapters in"),
    ),
    value(&["-e", "--environment"], Val::Plain),
    value(&["-o", "--output"], Val::Write),
    value(&["--artifacts-path"], Val::Write),
];

static DOTNET_RUN: &[Opt] = dotnet_opts!(
    value(&["-a", "--arch"], Val::Plain),
    value(&["--project"], Val::Plain),
    value(&["--launch-profile"], Val::Plain),
    flag(&["--no-launch-profile"]),
    flag(&["--no-build"]),
    flag(&["--sc", "--self-contained"]),
    flag(&["--no-self-contained"]),
    value(&["-e", "--environment"], Val::Plain),
    value(&["--artifacts-path"], Val::Write),
);

static DOTNET_RESTORE: &[Opt] = dotnet_opts!(
    value(&["--configfile"], Val::Plain),
    value(&["--packages"], Val::Write),
    flag(&["--locked-mode"]),
    flag(&["--use-lock-file"]),
    value(&["--lock-file-path"], Val::Plain),
    flag(&["--force-evaluate"]),
    flag(&["--no-cache"]),
    flag(&["--no-http-cache"]),
    flag(&["--ignore-failed-sources"]),
    flag(&["--disable-parallel"]),
    value(&["-a", "--arch"], Val::Plain),
);

/// `dotnet test --logger`: the console, trx and html loggers that ship with the test
/// platform, with their plain parameters (a trx or html file lands in the results
/// directory). A logger from a test adapter is outside the grammar.
fn dotnet_logger(v: &str) -> bool {
    let mut parts = v.split(';');
    let name = parts.next().unwrap_or("");
    matches!(name, "console" | "trx" | "html")
        && parts.all(|p| {
            p.split_once('=')
                .is_some_and(|(k, val)| plain(k) && plain(val))
        })
}

/// `dotnet build|test|run|restore [PROJECT|SOLUTION] [options]` and the SDK's own
/// listings (`--info`, `--list-sdks`, `--list-runtimes`). MSBuild evaluates the project
/// and solution files and the `Directory.Build.*` files above them (code: targets run
/// tasks and commands), `global.json` chooses the SDK, `NuGet.config` where packages come
/// from; build, test and run restore (fetch) the packages the project files name unless
/// `--no-restore`, as `restore` does. Response files (`@file`), MSBuild switches other
/// than `-p:` and anything else are outside the grammar.
pub(super) fn dotnet(argv: &[String], dynamic: &[bool]) -> Found {
    let subc = argv.get(1)?.as_str();
    if matches!(subc, "--info" | "--list-sdks" | "--list-runtimes") && argv.len() == 2 {
        return Some(Ok(RunnerCall::new(
            "dotnet",
            "prints the installed .NET SDKs and runtimes",
            Family::Dotnet,
        )));
    }
    let (opts, does): (&'static [Opt], &str) = match subc {
        "build" => (DOTNET_BUILD, "builds the project with dotnet build"),
        "test" => (DOTNET_TEST, "runs the project's tests through dotnet test"),
        "run" => (DOTNET_RUN, "builds and runs the project with dotnet run"),
        "restore" => (
            DOTNET_RESTORE,
            "restores the NuGet packages the project files name with dotnet restore",
        ),
        _ => return None,
    };
    Some((|| {
        literal(argv, dynamic)?;
        let mut call = RunnerCall::new("dotnet", does, Family::Dotnet);
        // `restore` installs the packages the project files name (the build steps restore
        // too unless `--no-restore`, but installing is not what they are asked to do).
        call.lock_install = subc == "restore";
        // Normalise `--name:value` and `-x:value` to `=`; take MSBuild properties out.
        let mut kept: Vec<String> = vec!["dotnet".to_string()];
        let mut rest_at = None;
        for (i, w) in argv.iter().enumerate().skip(2) {
            if w == "--" {
                rest_at = Some(i + 1);
                break;
            }
            if w.starts_with('@') {
                return Err(GrammarError::UnknownOption(format!(
                    "{w} (a response file)"
                )));
            }
            if let Some(props) = property_switch(w) {
                msbuild_props(props, &mut call);
                continue;
            }
            if w.starts_with('/') && w.len() > 1 && w[1..].contains(':') && !w.contains('=') {
                // Another MSBuild switch (`/t:Target`, `/bl:log`): not in the grammar.
                return Err(GrammarError::UnknownOption(w.clone()));
            }
            let norm = match (w.starts_with('-'), w.split_once(':')) {
                (true, Some((n, v))) if !n.contains('=') => format!("{n}={v}"),
                _ => w.clone(),
            };
            kept.push(norm);
        }
        let d = vec![false; kept.len()];
        let (p, _) = exact_parse(opts, &kept, &d, 1)?;
        call.effects
            .extend(gram(Style::Gnu, opts, Operands::NONE).effects(&p));
        let ops = p.operand_texts();
        if ops.len() > 1 {
            return Err(GrammarError::ExtraOperand(ops[1].to_string()));
        }
        if let Some(target) = ops.first() {
            if subc == "run" {
                // `dotnet run FILE.cs` runs a file-based program; other words are not
                // in the grammar.
                return Err(GrammarError::ExtraOperand(target.to_string()));
            }
            call.defined_by.push(target.to_string());
            call.dirs.push(dotnet_dir(target));
        }
        if let Some(proj) = p.value("--project") {
            call.defined_by.push(proj.to_string());
            call.dirs.push(dotnet_dir(proj));
        }
        for g in &p.given {
            let Some(v) = g.value else { continue };
            match g.name {
                "-s" | "--settings" if subc == "test" => call.defined_by.push(v.text.to_string()),
                "--configfile" | "--lock-file-path" => call.defined_by.push(v.text.to_string()),
                "-l" if !dotnet_logger(v.text) => call.effects.push(Effect::unknown(format!(
                    "dotnet test --logger {} is not one of the built-in loggers",
                    v.text
                ))),
                "-e" if !env_setting(v.text) => call.effects.push(code(&format!(
                    "the environment setting {} of the program it runs",
                    v.text
                ))),
                _ => {}
            }
        }
        if let Some(r) = rest_at {
            // `dotnet test -- RunConfiguration.TestAdaptersPaths=DIR`: the test platform
            // loads the adapters (assemblies) it finds there (the runsettings
            // `TestAdaptersPaths` element, given inline): code from that path.
            let mut untyped: Vec<&str> = Vec::new();
            for w in argv.iter().skip(r) {
                match w.split_once('=').filter(|(k, _)| {
                    subc == "test" && k.eq_ignore_ascii_case("RunConfiguration.TestAdaptersPaths")
                }) {
                    Some((_, v)) => {
                        for p in v.split(';').filter(|p| !p.is_empty()) {
                            call.effects.push(Effect::Run {
                                code: Code::File {
                                    path: p.to_string(),
                                },
                            });
                        }
                    }
                    None => untyped.push(w),
                }
            }
            if subc != "run" && r <= argv.len() && !untyped.is_empty() {
                call.effects.push(Effect::unknown(format!(
                    "dotnet {subc} -- {} passes settings that are not in its grammar",
                    untyped.join(" ")
                )));
            }
        }
        Ok(call)
    })())
}

/// The directory of a project or solution path (`src/App/App.csproj` → `src/App`), or the
/// path itself when it names a directory.
fn dotnet_dir(target: &str) -> String {
    let is_file = [
        ".csproj", ".fsproj", ".vbproj", ".proj", ".sln", ".slnx", ".slnf",
    ]
    .iter()
    .any(|e| target.ends_with(e));
    if !is_file {
        return target.to_string();
    }
    match target.rsplit_once('/') {
        Some((dir, _)) if !dir.is_empty() => dir.to_string(),
        Some(_) => "/".to_string(),
        None => ".".to_string(),
    }
}

// ---------------------------------------------------------------------------------------
// SwiftPM

/// Options every `swift build|test|run` takes (SwiftPM `Options.swift`: locations,
/// caching, logging, resolution, build options; Swift's argument parser reads long
/// options by their full name). Compiler and linker passthrough (`-Xcc`, `-Xswiftc`,
/// `-Xlinker`, `-Xcxx`), `--toolchain`, `--sdk`, `--toolset`, `--disable-sandbox` and the
/// netrc options are left out.
macro_rules! swift_opts {
    ($($extra:expr),* $(,)?) => {
        &[
            value(&["--package-path"], Val::Plain),
            value(&["--scratch-path", "--build-path"], Val::Write),
            value(&["--cache-path"], Val::Write),
            flag(&["--enable-dependency-cache"]),
            flag(&["--disable-dependency-cache"]),
            value(&["--manifest-cache"], Val::Choice(&["shared", "local", "none"])),
            flag(&["--enable-build-manifest-caching"]),
            flag(&["--disable-build-manifest-caching"]),
            flag(&["-v", "--verbose"]),
            flag(&["--very-verbose", "--vv"]),
            flag(&["-q", "--quiet"]),
            flag(&["--color-diagnostics"]),
            flag(&["--no-color-diagnostics"]),
            flag(&["--enable-prefetching"]),
            flag(&["--disable-prefetching"]),
            flag(&[
                "--force-resolved-versions",
                "--disable-automatic-resolution",
                "--only-use-versions-from-resolved-file",
            ]),
            flag(&["--skip-update"]),
            value(&["-c", "--configuration"], Val::Choice(&["debug", "release"])),
            value(&["--triple"], Val::Plain),
            value(&["--arch"], Val::Plain),
            value(&["--swift-sdk"], Val::Plain),
            value(
                &["--sanitize"],
                Val::Choice(&["address", "thread", "undefined", "scudo", "fuzzer"]),
            ),
            value(&["-j", "--jobs"], Val::Num),
            value(
                &["--explicit-target-dependency-import-check"],
                Val::Choice(&["none", "warn", "error"]),
            ),
            value(&["--build-system"], Val::Choice(&["native", "swiftbuild", "xcode"])),
            flag(&["--enable-dead-strip"]),
            flag(&["--disable-dead-strip"]),
            flag(&["--disable-local-rpath"]),
            value(&["--traits"], Val::Plain),
            flag(&["--enable-all-traits"]),
            flag(&["--disable-default-traits"]),
            flag(&["--static-swift-stdlib"]),
            flag(&["--no-static-swift-stdlib"]),
            flag(&["--enable-code-coverage"]),
            flag(&["--disable-code-coverage"]),
            $($extra,)*
        ]
    };
}

static SWIFT_BUILD: &[Opt] = swift_opts!(
    flag(&["--build-tests"]),
    flag(&["--show-bin-path"]),
    value(&["--target"], Val::Plain),
    value(&["--product"], Val::Plain),
);

static SWIFT_TEST: &[Opt] = swift_opts!(
    flag(&["--skip-build"]),
    flag(&["--parallel"]),
    flag(&["--no-parallel"]),
    value(&["--num-workers"], Val::Num),
    flag(&["-l", "--list-tests"]),
    flag(&[
        "--show-codecov-path",
        "--show-code-coverage-path",
        "--show-coverage-path"
    ]),
    value(&["--filter"], Val::Pattern),
    value(&["--skip"], Val::Pattern),
    value(&["--xunit-output"], Val::Write),
    value(&["--test-product"], Val::Plain),
    flag(&["--enable-testable-imports"]),
    flag(&["--disable-testable-imports"]),
    flag(&["--enable-xctest"]),
    flag(&["--disable-xctest"]),
    flag(&["--enable-swift-testing"]),
    flag(&["--disable-swift-testing"]),
);

static SWIFT_RUN: &[Opt] = swift_opts!(flag(&["--skip-build"]), flag(&["--build-tests"]));

/// `swift build|test|run`: SwiftPM compiles and runs Package.swift (Swift code) to learn
/// the package, resolves the dependencies Package.resolved pins (fetching them), runs the
/// package's build-tool plugins and builds; `test` runs the tests, `run` the executable
/// (the words after it are its arguments). `swift` alone, `swift FILE`, `swift package`
/// and the rest are not runners.
pub(super) fn swift(argv: &[String], dynamic: &[bool]) -> Found {
    let subc = argv.get(1)?.as_str();
    let (opts, does): (&'static [Opt], &str) = match subc {
        "build" => (SWIFT_BUILD, "builds the Swift package with swift build"),
        "test" => (
            SWIFT_TEST,
            "runs the Swift package's tests through swift test",
        ),
        "run" => (SWIFT_RUN, "builds and runs the Swift package's executable"),
        _ => return None,
    };
    Some((|| {
        let g = gram(Style::Clap, opts, Operands::NONE);
        let (words, dyn_) = sub(argv, dynamic, 1);
        let end = if subc == "run" {
            // Options end at the executable's name; the rest are its arguments.
            first_operand(&g, words, 1)?.unwrap_or(words.len())
        } else {
            words.len()
        };
        let head_end = if end > 0 && words.get(end - 1).is_some_and(|w| w == "--") {
            end - 1
        } else {
            end
        };
        let p = parse(&g, &words[..head_end], &dyn_[..head_end.min(dyn_.len())])?;
        let mut call = RunnerCall::new("swift", does, Family::Swift);
        call.effects.extend(g.effects(&p));
        if let Some(d) = p.value("--package-path") {
            call.dirs.push(d.to_string());
        }
        Ok(call)
    })())
}

// ---------------------------------------------------------------------------------------
// Ruby: rake, rspec, rails test, bundle exec

/// Ruby's OptionParser takes the next word as the value of an option declared with a
/// placed optional argument (`-T [PATTERN]`) when that word is not an option; join them
/// so the grammar (which reads optional values only when attached) sees the same.
fn join_placed(words: &[String], dynamic: &[bool], placed: &[&str]) -> (Vec<String>, Vec<bool>) {
    let mut a = Vec::new();
    let mut d = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = &words[i];
        let dy = dynamic.get(i).copied().unwrap_or(false);
        let next = words.get(i + 1);
        if i > 0
            && placed.contains(&w.as_str())
            && next.is_some_and(|n| {
                // A process substitution is a `/dev/fd/N` path when it runs: the value.
                !n.starts_with('-')
                    && (!dynamic.get(i + 1).copied().unwrap_or(false)
                        || super::super::grammar::is_process_substitution(n))
            })
        {
            let n = next.map(String::as_str).unwrap_or("");
            a.push(if w.starts_with("--") {
                format!("{w}={n}")
            } else {
                format!("{w}{n}")
            });
            d.push(dy);
            i += 2;
            continue;
        }
        a.push(w.clone());
        d.push(dy);
        i += 1;
    }
    (a, d)
}

/// `rake --help` (rake 13.0.6).
static RAKE: &[Opt] = &[
    opt(
        &["--backtrace"],
        Arity::Optional,
        Val::Choice(&["stdout", "stderr"]),
    ),
    flag(&["--comments"]),
    opt(&["--job-stats"], Arity::Optional, Val::Plain),
    flag(&["--rules"]),
    value(&["--suppress-backtrace"], Val::Pattern),
    flag(&["-A", "--all"]),
    flag(&["-B", "--build-all"]),
    opt(&["-C", "--directory"], Arity::Optional, Val::Plain),
    opt(&["-D", "--describe"], Arity::Optional, Val::Pattern),
    value(&["-e", "--execute"], Val::Code("the Ruby code")),
    value(&["-E", "--execute-continue"], Val::Code("the Ruby code")),
    opt(&["-f", "--rakefile"], Arity::Optional, Val::Plain),
    flag(&["-G", "--no-system", "--nosystem"]),
    opt(
        &["-g", "--system"],
        Arity::Flag,
        Val::Code("the system-wide rakefiles in ~/.rake"),
    ),
    value(&["-I", "--libdir"], Val::Plain),
    opt(&["-j", "--jobs"], Arity::Optional, Val::Num),
    flag(&["-m", "--multitask"]),
    flag(&["-n", "--dry-run"]),
    flag(&["-N", "--no-search", "--nosearch"]),
    flag(&["-P", "--prereqs"]),
    value(&["-p", "--execute-print"], Val::Code("the Ruby code")),
    flag(&["-q", "--quiet"]),
    value(&["-r", "--require"], Val::Code("the Ruby library")),
    flag(&["-s", "--silent"]),
    opt(
        &["-t", "--trace"],
        Arity::Optional,
        Val::Choice(&["stdout", "stderr"]),
    ),
    opt(&["-T", "--tasks"], Arity::Optional, Val::Pattern),
    flag(&["-v", "--verbose"]),
    flag(&["-V", "--version"]),
    opt(&["-W", "--where"], Arity::Optional, Val::Pattern),
    flag(&["-X", "--no-deprecation-warnings"]),
];

/// `VAR=value` operands of rake: `TEST` and `SPEC` (the test files Rake's `TestTask` and
/// RSpec's `RakeTask` load) are test paths; any other plain value is data, and anything
/// else can replace a command a task runs.
fn variable_operands(p: &Parsed, call: &mut RunnerCall, what: &str) -> Vec<String> {
    let mut tasks = Vec::new();
    for (w, _) in &p.operands {
        match w.text.split_once('=') {
            Some(("TEST" | "SPEC", val)) => call.test_paths.push(val.to_string()),
            Some((name, val)) if !name.contains('[') => {
                if !plain(val) {
                    call.effects.push(code(&format!(
                        "the {what} variable {name}={val}, which tasks may run as a command"
                    )));
                }
            }
            _ => tasks.push(w.text.to_string()),
        }
    }
    tasks
}

/// `rake [options] [TASK…] [VAR=value…]`: runs the tasks the Rakefile (and the `.rake`
/// files of `rakelib/`) defines.
pub(super) fn rake(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    let (a, d) = join_placed(
        argv,
        dynamic,
        &[
            "-C",
            "--directory",
            "-D",
            "--describe",
            "-f",
            "--rakefile",
            "-j",
            "--jobs",
            "-T",
            "--tasks",
            "-W",
            "--where",
            "--job-stats",
        ],
    );
    let g = gram(Style::Gnu, RAKE, Operands::all(Val::Plain));
    let p = parse(&g, &a, &d)?;
    let mut call = RunnerCall::new("rake", String::new(), Family::Ruby);
    call.effects.extend(g.effects(&p));
    let tasks = variable_operands(&p, &mut call, "rake");
    for gv in &p.given {
        let Some(v) = gv.value else { continue };
        match gv.name {
            "--rakefile" => call.defined_by.push(v.text.to_string()),
            "--directory" => call.dirs.push(v.text.to_string()),
            "--libdir" => call.include_dirs.push(v.text.to_string()),
            _ => {}
        }
    }
    let lists = ["--tasks", "--describe", "--where", "--prereqs"]
        .iter()
        .any(|o| p.has(o));
    call.does = match (lists, tasks.as_slice()) {
        (true, _) => "lists the Rakefile's tasks with rake".to_string(),
        (false, []) => "runs the Rakefile's default task with rake".to_string(),
        (false, [t]) => format!("runs the Rakefile task `{t}` with rake"),
        (false, many) => format!("runs the Rakefile tasks {} with rake", many.join(", ")),
    };
    Ok(call)
}

/// `rspec --help` (RSpec 3.12). `--drb` (runs the examples in a DRb server), `--init`
/// (writes files) and `--require` on the command line (a library loaded before the
/// specs) are not routine.
static RSPEC: &[Opt] = &[
    value(&["-I"], Val::Plain),
    value(&["-r", "--require"], Val::Code("the Ruby library")),
    value(&["-O", "--options"], Val::Plain),
    value(&["--order"], Val::Plain),
    value(&["--seed"], Val::Num),
    opt(&["--bisect"], Arity::Optional, Val::Choice(&["verbose"])),
    opt(&["--fail-fast"], Arity::Optional, Val::Num),
    flag(&["--no-fail-fast"]),
    value(&["--failure-exit-code"], Val::Num),
    value(&["--error-exit-code"], Val::Num),
    value(&["-f", "--format"], Val::Plain),
    value(&["-o", "--out"], Val::Write),
    value(&["--deprecation-out"], Val::Write),
    flag(&["-b", "--backtrace"]),
    // rspec-core 3.12 `option_parser.rb` still takes `-c`/`--color`/`--colour` (no help
    // line): colour when the output is a terminal, as `rspec --init`'s `.rspec` writes.
    flag(&["-c", "--color", "--colour"]),
    flag(&["--force-color", "--force-colour"]),
    flag(&["--no-color", "--no-colour"]),
    opt(&["-p", "--profile"], Arity::Optional, Val::Num),
    flag(&["--no-profile"]),
    flag(&["--dry-run"]),
    flag(&["-w", "--warnings"]),
    flag(&["--only-failures"]),
    flag(&["-n", "--next-failure"]),
    value(&["-P", "--pattern"], Val::Pattern),
    value(&["--exclude-pattern"], Val::Pattern),
    value(&["-e", "--example"], Val::Pattern),
    value(&["-E", "--example-matches"], Val::Pattern),
    value(&["-t", "--tag"], Val::Plain),
    value(&["--default-path"], Val::Plain),
    flag(&["-v", "--version"]),
];

/// `rspec [options] [files or directories]`: loads the spec files (and what `.rspec`
/// requires, usually spec/spec_helper.rb) and runs them.
pub(super) fn rspec(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    let (a, d) = join_placed(argv, dynamic, &["-p", "--profile"]);
    let g = gram(Style::Gnu, RSPEC, Operands::all(Val::Plain));
    let p = parse(&g, &a, &d)?;
    let mut call = RunnerCall::new(
        "rspec",
        "runs the project's specs through rspec",
        Family::Ruby,
    );
    call.effects.extend(g.effects(&p));
    for gv in &p.given {
        let Some(v) = gv.value else { continue };
        match gv.name {
            "--options" => call.defined_by.push(v.text.to_string()),
            "-I" => call.include_dirs.push(v.text.to_string()),
            // Where specs are looked for, and the files a pattern loads: test paths.
            "--default-path" => call.test_paths.push(v.text.to_string()),
            "-P" | "--pattern" => call.test_paths.push(pattern_base(v.text)),
            _ => {}
        }
    }
    // The spec files and directories it loads (`spec/a_spec.rb:12`, `spec/a_spec.rb[1:2]`).
    for (w, _) in &p.operands {
        let path = w.text.split([':', '[']).next().unwrap_or(w.text);
        call.test_paths.push(path.to_string());
    }
    Ok(call)
}

/// The directory a file pattern's matches lie below: the components before the first
/// one with a pattern character (`/tmp/x/*_spec.rb` is `/tmp/x`; `spec/**/*_spec.rb` is
/// `spec`; `*_spec.rb` is `.`).
pub(super) fn pattern_base(pattern: &str) -> String {
    let mut base = Vec::new();
    for c in pattern.split('/') {
        if c.contains(['*', '?', '[', '{']) {
            break;
        }
        base.push(c);
    }
    if base.len() == pattern.split('/').count() {
        base.pop();
    }
    let joined = base.join("/");
    if joined.is_empty() {
        if pattern.starts_with('/') {
            "/".into()
        } else {
            ".".into()
        }
    } else {
        joined
    }
}

/// `rails test [options] [paths]` (and `rails test:NAME`): the `rails` command runs the
/// application's `bin/rails`, which boots the application and runs its tests (Rails' test
/// runner and minitest's options).
pub(super) fn rails(argv: &[String], dynamic: &[bool]) -> Found {
    static OPTS: &[Opt] = &[
        flag(&["-w", "--warnings"]),
        value(&["-e", "--environment"], Val::Plain),
        flag(&["-b", "--backtrace"]),
        flag(&["-d", "--defer-output"]),
        flag(&["-f", "--fail-fast"]),
        flag(&["-c", "--color"]),
        flag(&["--no-color"]),
        opt(&["--profile"], Arity::Optional, Val::Num),
        value(&["-s", "--seed"], Val::Num),
        flag(&["-v", "--verbose"]),
        flag(&["-q", "--quiet"]),
        flag(&["--show-skips"]),
        value(&["-n", "--name"], Val::Pattern),
        value(&["--exclude"], Val::Pattern),
        flag(&["-p", "--pride"]),
    ];
    let subc = argv.get(1)?.as_str();
    let task = subc
        .strip_prefix("test:")
        .is_some_and(|t| !t.is_empty() && plain(t));
    if !(matches!(subc, "test" | "t") || task) {
        return None;
    }
    Some((|| {
        let (words, dyn_) = sub(argv, dynamic, 1);
        let (a, d) = join_placed(words, dyn_, &["--profile"]);
        let g = gram(Style::Gnu, OPTS, Operands::all(Val::Plain));
        let p = parse(&g, &a, &d)?;
        let mut call = RunnerCall::new(
            "rails",
            "runs the application's tests through rails test",
            Family::Ruby,
        );
        call.effects.extend(g.effects(&p));
        Ok(call)
    })())
}

/// `bundle exec [--keep-file-descriptors] COMMAND…`: COMMAND runs with the gems the
/// Gemfile and Gemfile.lock name (Bundler evaluates the Gemfile, which is Ruby code); the
/// command is judged on its own.
pub(super) fn bundle(argv: &[String], dynamic: &[bool]) -> Found {
    if argv.get(1).map(String::as_str) != Some("exec") {
        return None;
    }
    let mut at = 2;
    let mut gemfile = None;
    while let Some(w) = argv.get(at) {
        match w.as_str() {
            "--keep-file-descriptors" => at += 1,
            // The Gemfile bundler evaluates (Ruby code) in place of the project's
            // (`bundle exec [--gemfile=GEMFILE] command`, Bundler 4.0's reference): a
            // definition file, judged by where it is and whether it changed.
            "--gemfile" => {
                let Some(v) = argv.get(at + 1) else {
                    return Some(Err(GrammarError::MissingValue("--gemfile".into())));
                };
                if dynamic.get(at + 1).copied().unwrap_or(true) {
                    return Some(Err(GrammarError::Dynamic(v.clone())));
                }
                gemfile = Some(v.clone());
                at += 2;
            }
            w if w.starts_with("--gemfile=") => {
                if dynamic.get(at).copied().unwrap_or(true) {
                    return Some(Err(GrammarError::Dynamic(w.to_string())));
                }
                gemfile = Some(w["--gemfile=".len()..].to_string());
                at += 1;
            }
            "--" => {
                at += 1;
                break;
            }
            w if w.starts_with('-') => {
                return Some(Err(GrammarError::UnknownOption(w.to_string())));
            }
            _ => break,
        }
    }
    if argv.get(at).is_none() {
        return Some(Err(GrammarError::MissingValue(
            "bundle exec COMMAND".into(),
        )));
    }
    let mut call = RunnerCall::new(
        "bundle",
        "runs a command with the project's gems through bundle exec",
        Family::Ruby,
    );
    call.wrapped = Some(at);
    call.defined_by.extend(gemfile);
    Some(Ok(call))
}

// ---------------------------------------------------------------------------------------
// PHP: phpunit, php artisan test, composer scripts

/// php.ini settings `phpunit -d` may change that are data (limits, error reporting, the
/// coverage drivers' modes). Any other (`auto_prepend_file`, `extension`, `include_path`)
/// loads code.
const PHP_INI_DATA: &[&str] = &[
    "memory_limit",
    "error_reporting",
    "display_errors",
    "display_startup_errors",
    "max_execution_time",
    "date.timezone",
    "xdebug.mode",
    "pcov.enabled",
    "zend.assertions",
    "assert.exception",
    "precision",
    "serialize_precision",
];

/// `phpunit --help` (PHPUnit 9.6) and the long options later versions added
/// (`src/TextUI/Configuration/Cli/Builder.php` of sebastianbergmann/phpunit). `--extensions`, `--printer`,
/// `--include-path` outside the project, `--generate-configuration`,
/// `--migrate-configuration`, `--check-version` and `--self-update` are not routine.
macro_rules! phpunit_opts {
    ($($extra:expr),* $(,)?) => {
        &[
            value(&["--coverage-clover"], Val::Write),
            value(&["--coverage-cobertura"], Val::Write),
            value(&["--coverage-crap4j"], Val::Write),
            value(&["--coverage-html"], Val::Write),
            value(&["--coverage-php"], Val::Write),
            opt(&["--coverage-text"], Arity::Optional, Val::Write),
            value(&["--coverage-xml"], Val::Write),
            value(&["--coverage-cache"], Val::Write),
            flag(&["--warm-coverage-cache"]),
            value(&["--coverage-filter"], Val::Plain),
            flag(&["--path-coverage"]),
            flag(&["--disable-coverage-ignore"]),
            flag(&["--no-coverage"]),
            value(&["--log-junit"], Val::Write),
            value(&["--log-teamcity"], Val::Write),
            value(&["--log-events-text"], Val::Write),
            value(&["--log-events-verbose-text"], Val::Write),
            value(&["--testdox-html"], Val::Write),
            value(&["--testdox-text"], Val::Write),
            value(&["--testdox-xml"], Val::Write),
            flag(&["--reverse-list"]),
            flag(&["--no-logging"]),
            flag(&["--list-suites"]),
            value(&["--testsuite"], Val::Plain),
            value(&["--exclude-testsuite"], Val::Plain),
            flag(&["--list-groups"]),
            value(&["--group"], Val::Plain),
            value(&["--exclude-group"], Val::Plain),
            value(&["--covers"], Val::Plain),
            value(&["--uses"], Val::Plain),
            flag(&["--list-tests"]),
            flag(&["--list-test-files"]),
            value(&["--list-tests-xml"], Val::Write),
            value(&["--filter"], Val::Pattern),
            value(&["--test-suffix"], Val::Plain),
            flag(&["--dont-report-useless-tests"]),
            flag(&["--strict-coverage"]),
            flag(&["--strict-global-state"]),
            flag(&["--disallow-test-output"]),
            flag(&["--disallow-resource-usage"]),
            flag(&["--enforce-time-limit"]),
            value(&["--default-time-limit"], Val::Num),
            flag(&["--disallow-todo-tests"]),
            flag(&["--process-isolation"]),
            flag(&["--globals-backup"]),
            flag(&["--static-backup"]),
            opt(&["--colors"], Arity::Optional, Val::Choice(&["never", "auto", "always"])),
            value(&["--columns"], Val::Plain),
            flag(&["--stderr"]),
            flag(&["--stop-on-defect"]),
            flag(&["--stop-on-error"]),
            flag(&["--stop-on-failure"]),
            flag(&["--stop-on-warning"]),
            flag(&["--stop-on-risky"]),
            flag(&["--stop-on-skipped"]),
            flag(&["--stop-on-incomplete"]),
            flag(&["--stop-on-deprecation"]),
            flag(&["--stop-on-notice"]),
            flag(&["--fail-on-incomplete"]),
            flag(&["--fail-on-risky"]),
            flag(&["--fail-on-skipped"]),
            flag(&["--fail-on-warning"]),
            flag(&["--fail-on-deprecation"]),
            flag(&["--fail-on-notice"]),
            flag(&["--fail-on-empty-test-suite"]),
            flag(&["--display-incomplete"]),
            flag(&["--display-skipped"]),
            flag(&["--display-deprecations"]),
            flag(&["--display-errors"]),
            flag(&["--display-notices"]),
            flag(&["--display-warnings"]),
            flag(&["-v", "--verbose"]),
            flag(&["--debug"]),
            value(&["--repeat"], Val::Num),
            flag(&["--teamcity"]),
            flag(&["--testdox"]),
            flag(&["--no-interaction"]),
            flag(&["--no-progress"]),
            flag(&["--no-results"]),
            flag(&["--no-output"]),
            value(&["--order-by"], Val::Plain),
            value(&["--random-order-seed"], Val::Num),
            flag(&["--cache-result"]),
            flag(&["--do-not-cache-result"]),
            value(&["--cache-result-file"], Val::Write),
            value(&["--cache-directory"], Val::Write),
            value(&["--prepend"], Val::Plain),
            value(&["--bootstrap"], Val::Plain),
            value(&["-c", "--configuration"], Val::Plain),
            flag(&["--no-configuration"]),
            flag(&["--no-extensions"]),
            value(&["--include-path"], Val::Plain),
            value(&["-d"], Val::Plain),
            $($extra,)*
        ]
    };
}

static PHPUNIT: &[Opt] = phpunit_opts!();

/// What the options common to phpunit and `php artisan test` name.
fn phpunit_given(p: &Parsed, call: &mut RunnerCall) {
    for gv in &p.given {
        let Some(v) = gv.value else { continue };
        match gv.name {
            "--configuration" | "--bootstrap" | "--prepend" => {
                call.defined_by.push(v.text.to_string())
            }
            "--include-path" => call
                .include_dirs
                .extend(v.text.split(':').map(str::to_string)),
            "-d" => {
                let key = v.text.split('=').next().unwrap_or(v.text);
                if !PHP_INI_DATA.contains(&key) {
                    call.effects.push(Effect::unknown(format!(
                        "phpunit -d {} sets a php.ini setting that can load code",
                        v.text
                    )));
                }
            }
            _ => {}
        }
    }
}

/// `phpunit [options] [tests]` (also `vendor/bin/phpunit`): loads the configuration
/// (phpunit.xml), its bootstrap file and the tests.
pub(super) fn phpunit(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    let g = gram(Style::Gnu, PHPUNIT, Operands::all(Val::Plain));
    let p = parse(&g, argv, dynamic)?;
    let mut call = RunnerCall::new(
        "phpunit",
        "runs the project's tests through phpunit",
        Family::Php,
    );
    call.effects.extend(g.effects(&p));
    phpunit_given(&p, &mut call);
    // The test files and directories it loads.
    for (w, _) in &p.operands {
        call.test_paths.push(w.text.to_string());
    }
    Ok(call)
}

/// `php artisan test [options]`: Laravel's artisan (the project's own script) boots the
/// application and runs its tests, passing PHPUnit's options on. Its own options
/// (collision's `TestCommand`): `--parallel`, `--compact`, `--coverage`, `--min`,
/// `--profile`, `--without-tty`; `--processes` goes to ParaTest, `--env` is artisan's. `--recreate-databases` and
/// `--drop-databases` (which drop databases) and every other artisan command are left out.
pub(super) fn artisan(argv: &[String], dynamic: &[bool]) -> Found {
    static OPTS: &[Opt] = phpunit_opts!(
        flag(&["-p", "--parallel"]),
        value(&["--processes"], Val::Num),
        flag(&["--compact"]),
        flag(&["--coverage"]),
        value(&["--min"], Val::Num),
        flag(&["--profile"]),
        flag(&["--without-tty"]),
        value(&["--env"], Val::Plain),
        flag(&["-q", "--quiet"]),
        flag(&["--ansi"]),
        flag(&["--no-ansi"]),
        flag(&["-n"]),
    );
    if argv.get(1).map(String::as_str) != Some("artisan")
        || argv.get(2).map(String::as_str) != Some("test")
    {
        return None;
    }
    Some((|| {
        let (words, dyn_) = sub(argv, dynamic, 2);
        let g = gram(Style::Clap, OPTS, Operands::all(Val::Plain));
        let p = parse(&g, words, dyn_)?;
        let mut call = RunnerCall::new(
            "php artisan",
            "runs the application's tests through php artisan test",
            Family::Php,
        );
        call.effects.extend(g.effects(&p));
        phpunit_given(&p, &mut call);
        call.defined_by.push("artisan".to_string());
        call.scripts.push("artisan".to_string());
        Ok(call)
    })())
}

/// `composer install`'s options: its own (Composer's `src/Composer/Command/
/// InstallCommand.php` at its current head: what is fetched and how the autoloader is
/// written), Composer's global ones (`Console/Application.php`) and Symfony Console's
/// (help, verbosity, colour, interaction). No packages may be named (`composer require`
/// adds them).
static COMPOSER_INSTALL: &[Opt] = &[
    flag(&["--prefer-source"]),
    flag(&["--prefer-dist"]),
    value(
        &["--prefer-install"],
        Val::Choice(&["dist", "source", "auto"]),
    ),
    flag(&["--dry-run"]),
    flag(&["--download-only"]),
    flag(&["--dev"]),
    flag(&["--no-suggest"]),
    flag(&["--no-dev"]),
    flag(&["--no-autoloader"]),
    flag(&["--no-progress"]),
    flag(&["--audit"]),
    value(
        &["--audit-format"],
        Val::Choice(&["table", "plain", "json", "summary"]),
    ),
    flag(&["-o", "--optimize-autoloader"]),
    flag(&["-a", "--classmap-authoritative"]),
    flag(&["--strict-psr-autoloader"]),
    flag(&["--apcu-autoloader"]),
    value(&["--apcu-autoloader-prefix"], Val::Plain),
    value(&["--ignore-platform-req"], Val::Plain),
    flag(&["--ignore-platform-reqs"]),
    // Composer's global options.
    flag(&["--profile"]),
    flag(&["--no-plugins"]),
    flag(&["--no-scripts"]),
    value(&["-d", "--working-dir"], Val::Plain),
    flag(&["--no-cache"]),
    // Symfony Console's.
    flag(&["-h", "--help"]),
    flag(&["-q", "--quiet"]),
    flag(&["-v", "--verbose"]),
    flag(&["--ansi"]),
    flag(&["--no-ansi"]),
    flag(&["-n", "--no-interaction"]),
];

/// `composer install`: the packages composer.lock pins (or, with no lock, those
/// composer.json asks for, the lock then written), fetched and installed into the
/// project's vendor directory, with the plugins they hold and composer.json's install
/// scripts run — as `npm ci` installs what package-lock.json pins: the project's own
/// choice, judged by its definition files (composer.json, composer.lock) against the
/// session's baseline.
fn composer_install(
    argv: &[String],
    dynamic: &[bool],
    at: usize,
) -> Result<RunnerCall, GrammarError> {
    let mut words = argv.to_vec();
    let mut dyn_ = dynamic.to_vec();
    dyn_.resize(words.len(), false);
    words.remove(at);
    dyn_.remove(at);
    let g = gram(Style::Clap, COMPOSER_INSTALL, Operands::NONE);
    let p = parse(&g, &words, &dyn_)?;
    let mut call = RunnerCall::new(
        "composer",
        "installs the dependencies composer.lock pins with composer install",
        Family::Php,
    );
    call.effects.extend(g.effects(&p));
    if let Some(d) = p.value("--working-dir") {
        call.dirs.push(d.to_string());
    }
    call.lock_install = true;
    Ok(call)
}

/// Composer's own commands (`composer list`, Composer 2.5), so `composer NAME` runs the
/// composer.json script NAME only when NAME is none of them.
const COMPOSER_COMMANDS: &[&str] = &[
    "about",
    "archive",
    "audit",
    "browse",
    "home",
    "bump",
    "check-platform-reqs",
    "clear-cache",
    "clearcache",
    "cc",
    "config",
    "create-project",
    "depends",
    "why",
    "diagnose",
    "dump-autoload",
    "dumpautoload",
    "exec",
    "fund",
    "global",
    "help",
    "init",
    "install",
    "i",
    "licenses",
    "list",
    "outdated",
    "prohibits",
    "why-not",
    "reinstall",
    "remove",
    "rm",
    "require",
    "r",
    "run-script",
    "run",
    "search",
    "self-update",
    "selfupdate",
    "show",
    "info",
    "status",
    "suggests",
    "update",
    "u",
    "upgrade",
    "validate",
];

/// `composer run-script NAME [ARGS…]`, `composer run NAME`, and `composer NAME` for a script
/// composer.json defines (`composer test`): the script's commands are the project's; the
/// words after NAME are its arguments. Symfony's console reads options by their full name.
pub(super) fn composer(argv: &[String], dynamic: &[bool]) -> Found {
    static OPTS: &[Opt] = &[
        value(&["--timeout"], Val::Num),
        flag(&["--dev"]),
        flag(&["--no-dev"]),
        flag(&["-q", "--quiet"]),
        flag(&["-v", "--verbose"]),
        flag(&["--ansi"]),
        flag(&["--no-ansi"]),
        flag(&["-n", "--no-interaction"]),
        flag(&["--profile"]),
        flag(&["--no-plugins"]),
        flag(&["--no-cache"]),
        value(&["-d", "--working-dir"], Val::Plain),
    ];
    let g = gram(Style::Clap, OPTS, Operands::all(Val::Plain));
    let at = first_operand(&g, argv, 1).ok()??;
    let first = argv[at].as_str();
    let (name_at, implicit) = match first {
        "run-script" | "run" => {
            let n = first_operand(&g, argv, at + 1).ok()??;
            (n, false)
        }
        "install" | "i" => return Some(composer_install(argv, dynamic, at)),
        w if COMPOSER_COMMANDS.contains(&w) => return None,
        _ => (at, true),
    };
    let name = argv[name_at].clone();
    Some((|| {
        let head = &argv[..name_at];
        let p = parse(&g, head, &dynamic[..name_at.min(dynamic.len())])?;
        let extra = p
            .operand_texts()
            .into_iter()
            .filter(|w| !matches!(*w, "run-script" | "run"))
            .count();
        if extra > 0 {
            return Err(GrammarError::ExtraOperand(p.operand_texts().join(" ")));
        }
        let does = if name == "test" {
            "runs the composer.json test script through composer".to_string()
        } else {
            format!("runs the composer.json script `{name}` through composer")
        };
        let mut call = RunnerCall::new("composer", does, Family::Php);
        call.effects.extend(g.effects(&p));
        if let Some(d) = p.value("--working-dir") {
            call.dirs.push(d.to_string());
        }
        call.script = Some((Manager::Composer, name));
        call.implicit_script = implicit;
        Ok(call)
    })())
}
