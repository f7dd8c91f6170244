//! Linters, formatters and type checkers as runners: `tsc`, `eslint`, `prettier`, `ruff`,
//! `black`, `isort`, `mypy`, `pyright`/`basedpyright`, `flake8`, `pylint`, `biome` and
//! `rubocop`
//! (also as `python -m mypy|ruff|black|isort|flake8|pylint|pyright|basedpyright`). Each
//! grammar says what every option is — a report or cache written (`--output-file`,
//! `--cache-location`, `--junit-xml`), a configuration file that defines what runs
//! (`--config`, `-p/--project`, `--rcfile`), code loaded from elsewhere (`--plugin`,
//! `--rulesdir`, `--load-plugins`, `--init-hook`, `--python-executable`), a number, a
//! choice — and whether the run rewrites its operands in place (a formatter, `--fix`);
//! [`Lint`] carries what it reads and rewrites, and [`Family`] which files configure it.
//! Pure: the command floor (`command::build`) places the paths, walks the trees a tool
//! rewrites and hashes the definition files against the session's baseline.
//!
//! Option parsers, as each tool reads its argv (checked by running each):
//! - `tsc`: its own parser — `-name` or `--name`, case-insensitive, no prefixes, no
//!   `--name=value`; a boolean takes a following `true`/`false` (`--noEmit false`
//!   emits); `@file` reads more arguments.
//! - `eslint` (optionator), `prettier` (minimist), `pyright`/`basedpyright`
//!   (command-line-args), `biome` (bpaf), `ruff` (clap), `black` (click): exact names.
//! - `isort`, `mypy`, `flake8`, `pylint`: Python's argparse with unique prefixes
//!   (`allow_abbrev` is left on); mypy also reads `@file` arguments. pylint first
//!   pre-processes a few options by its own prefixes (`--init-h…`, `--rc…`, `--loa…`,
//!   `--enable-…`), which is followed here.
//!
//! Checked against: TypeScript 7.0.2 (`tsc --help --all`; the 5.x names that 7.0 dropped
//! are read as data where they are), ESLint 10.16 (`eslint --help`, `lib/config/
//! config-loader.js`: the flat config is looked up from each file's directory), Prettier
//! 3.10 (`prettier --help`, `--support-info` for the file types it formats, the config
//! names in its source), Ruff 0.17.6 (`ruff check|format --help`, hidden `--no-*`
//! negations tried), Black 26.10, isort 9.0 (`_build_arg_parser`, `settings.py`), mypy
//! 2.4 (`define_options`, `config_parser.py`), pyright 1.1.414 and basedpyright 1.40
//! (`--help`), flake8 7.5 (`stage1_arg_parser` and the option manager with its default
//! plugins), pylint 4.1 (`--long-help`, `config/utils.py`), Biome 2.6.9 (`biome check|lint|
//! format|ci --help`), RuboCop 1.89 (`lib/rubocop/options.rb`, `config/default.yml`,
//! `lib/rubocop/config_finder.rb`). Anything not declared here is outside the grammar, so the command
//! is not routine.

use super::super::grammar::{
    self, flag, opt, parse, value, Arity, GrammarError, Operands, Opt, Parsed, Style, Val,
};
use super::super::{Effect, WriteHow};
use super::runners::{code, exact_parse, gram, sub, Family, Found, Lint, RunnerCall};

/// The linter, formatter or type checker this argv invokes, if it is one.
pub fn linter(argv: &[String], dynamic: &[bool]) -> Found {
    match argv.first()?.as_str() {
        "tsc" => Some(tsc(argv, dynamic)),
        "eslint" => Some(eslint(argv, dynamic)),
        "prettier" => Some(prettier(argv, dynamic)),
        "ruff" => ruff(argv, dynamic, 0),
        "black" => Some(black(argv, dynamic, 0)),
        "isort" => Some(isort(argv, dynamic, 0)),
        "mypy" => Some(mypy(argv, dynamic, 0)),
        "pyright" | "basedpyright" => Some(pyright(argv, dynamic, 0)),
        "flake8" => Some(flake8(argv, dynamic, 0)),
        "pylint" => Some(pylint(argv, dynamic, 0)),
        "biome" => biome(argv, dynamic),
        "rubocop" => Some(rubocop(argv, dynamic)),
        _ => None,
    }
}

/// `python -m NAME …` for the Python tools (`at`: where NAME's own arguments start, so
/// `argv[at - 1]` plays the program).
pub fn python_module(module: &str, argv: &[String], dynamic: &[bool], at: usize) -> Found {
    let start = at.checked_sub(1)?;
    let found = match module {
        "mypy" => Some(mypy(argv, dynamic, start)),
        "ruff" => ruff(argv, dynamic, start),
        "black" => Some(black(argv, dynamic, start)),
        "isort" => Some(isort(argv, dynamic, start)),
        "flake8" => Some(flake8(argv, dynamic, start)),
        "pylint" => Some(pylint(argv, dynamic, start)),
        "pyright" | "basedpyright" => Some(pyright(argv, dynamic, start)),
        _ => None,
    };
    found.map(|r| {
        r.map(|mut c| {
            c.module = Some(module.to_string());
            c
        })
    })
}

/// A call with what it reads and whether it rewrites it.
fn lint_call(
    tool: &'static str,
    does: String,
    family: Family,
    effects: Vec<Effect>,
    lint: Lint,
) -> RunnerCall {
    let mut call = RunnerCall::new(tool, does, family);
    call.effects = effects;
    for o in &lint.operands {
        call.effects.push(Effect::Read {
            path: o.clone(),
            reach: super::super::Reach::Tree,
        });
    }
    call.lint = Some(lint);
    call
}

/// Operand words as paths: `-` (stdin) is none; an `@file` reads more arguments.
fn operand_paths(p: &Parsed, out: &mut Vec<Effect>, at_files: bool) -> Vec<String> {
    let mut paths = Vec::new();
    for (w, _) in &p.operands {
        if w.text == "-" {
            continue;
        }
        if at_files && w.text.starts_with('@') {
            out.push(Effect::unknown(format!(
                "it reads more arguments from the file {}",
                &w.text[1..]
            )));
            continue;
        }
        paths.push(w.text.to_string());
    }
    paths
}

/// "the files under src, tests" / "the project" for reason lines.
fn what(operands: &[String]) -> String {
    match operands {
        [] => "the project".to_string(),
        [one] if one == "." => "the project".to_string(),
        [one] => one.clone(),
        many if many.len() <= 3 => many.join(", "),
        many => format!("{} and {} more", many[..3].join(", "), many.len() - 3),
    }
}

// ---------------------------------------------------------------------------------------
// File types each tool reads below a directory.

const PY: &[&str] = &[".py", ".pyi"];
const PY_NB: &[&str] = &[".py", ".pyi", ".ipynb"];
/// What `ruff check` reads below a directory (`ruff check --show-files`, 0.17.6).
const RUFF_CHECK_HANDLES: &[&str] = &[".py", ".pyi", ".ipynb"];
/// `ruff check --show-settings` (0.17.6): `file_resolver.include`; `ruff format` formats
/// the Python code blocks of Markdown files too.
const RUFF_HANDLES: &[&str] = &[
    ".py",
    ".pyi",
    ".ipynb",
    ".md",
    "/pyproject.toml",
    "/ruff.toml",
    "/.ruff.toml",
];
/// `file_resolver.exclude` of `ruff check --show-settings` (0.17.6).
const RUFF_SKIP: &[&str] = &[
    ".bzr",
    ".direnv",
    ".eggs",
    ".git",
    ".git-rewrite",
    ".hg",
    ".ipynb_checkpoints",
    ".mypy_cache",
    ".nox",
    ".pants.d",
    ".pyenv",
    ".pytest_cache",
    ".pytype",
    ".ruff_cache",
    ".svn",
    ".tox",
    ".venv",
    ".vscode",
    "__pypackages__",
    "_build",
    "buck-out",
    "dist",
    "node_modules",
    "site-packages",
    "venv",
];
/// black's default `--exclude` (26.10).
const BLACK_SKIP: &[&str] = &[
    ".direnv",
    ".eggs",
    ".git",
    ".hg",
    ".ipynb_checkpoints",
    ".mypy_cache",
    ".nox",
    ".pytest_cache",
    ".ruff_cache",
    ".tox",
    ".svn",
    ".venv",
    ".vscode",
    "__pypackages__",
    "_build",
    "buck-out",
    "build",
    "dist",
    "venv",
];
/// isort's `DEFAULT_SKIP` (9.0).
const ISORT_SKIP: &[&str] = &[
    ".bzr",
    ".direnv",
    ".eggs",
    ".git",
    ".hg",
    ".mypy_cache",
    ".nox",
    ".pants.d",
    ".pytype",
    ".svn",
    ".tox",
    ".venv",
    "__pypackages__",
    "_build",
    "buck-out",
    "build",
    "dist",
    "node_modules",
    "venv",
];
const ISORT_EXTS: &[&str] = &[".py", ".pyi", ".pyx", ".pxd"];
/// ESLint 10 lints `**/*.js`, `*.mjs`, `*.cjs` by default; the TypeScript, JSX and
/// framework parsers a config names are counted too. Other languages (JSON, Markdown,
/// CSS) come only from language plugins the project's tracked config adds.
const ESLINT_EXTS: &[&str] = &[
    ".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx", ".vue", ".svelte", ".astro",
];
/// `prettier --support-info` (3.10): every language's extensions and file names.
const PRETTIER_HANDLES: &[&str] = &[
    ".4DForm",
    ".4DProject",
    ".JSON-tmLanguage",
    "._js",
    ".avsc",
    ".bones",
    ".cjs",
    ".code-snippets",
    ".code-workspace",
    ".component.html",
    ".css",
    ".cts",
    ".end.frag",
    ".es",
    ".es6",
    ".geojson",
    ".gltf",
    ".gql",
    ".graphql",
    ".graphqls",
    ".gs",
    ".handlebars",
    ".har",
    ".hbs",
    ".hta",
    ".htm",
    ".html",
    ".html.hl",
    ".hujson",
    ".ice",
    ".importmap",
    ".inc",
    ".jake",
    ".javascript",
    ".js",
    ".js.flow",
    ".jsb",
    ".jscad",
    ".jsfl",
    ".jslib",
    ".jsm",
    ".json",
    ".json.example",
    ".json5",
    ".jsonc",
    ".jspre",
    ".jss",
    ".jsx",
    ".less",
    ".livemd",
    ".markdown",
    ".mcmeta",
    ".md",
    ".mdown",
    ".mdwn",
    ".mdx",
    ".mir",
    ".mjml",
    ".mjs",
    ".mkd",
    ".mkdn",
    ".mkdown",
    ".mts",
    ".njs",
    ".pac",
    ".pcss",
    ".postcss",
    ".reek",
    ".ronn",
    ".rviz",
    ".sarif",
    ".scd",
    ".scss",
    ".sjs",
    ".slnlaunch",
    ".ssjs",
    ".start.frag",
    ".sublime-build",
    ".sublime-color-scheme",
    ".sublime-commands",
    ".sublime-completions",
    ".sublime-keymap",
    ".sublime-macro",
    ".sublime-menu",
    ".sublime-mousemap",
    ".sublime-project",
    ".sublime-settings",
    ".sublime-syntax",
    ".sublime-theme",
    ".sublime-workspace",
    ".sublime_metrics",
    ".sublime_session",
    ".syntax",
    ".tact",
    ".tfstate",
    ".tfstate.backup",
    ".topojson",
    ".ts",
    ".tsx",
    ".vue",
    ".webapp",
    ".webmanifest",
    ".workbook",
    ".wxs",
    ".wxss",
    ".xht",
    ".xhtml",
    ".xsjs",
    ".xsjslib",
    ".yaml",
    ".yaml-tmlanguage",
    ".yaml.sed",
    ".yml",
    ".yml.mysql",
    ".yy",
    ".yyp",
    "/.all-contributorsrc",
    "/.arcconfig",
    "/.auto-changelog",
    "/.babelrc",
    "/.c8rc",
    "/.clang-format",
    "/.clang-tidy",
    "/.clangd",
    "/.gemrc",
    "/.htmlhintrc",
    "/.imgbotconfig",
    "/.jscsrc",
    "/.jshintrc",
    "/.jslintrc",
    "/.lintstagedrc",
    "/.nycrc",
    "/.prettierrc",
    "/.releaserc",
    "/.secrets.baseline",
    "/.stylelintrc",
    "/.swcrc",
    "/.tern-config",
    "/.tern-project",
    "/.watchmanconfig",
    "/CITATION.cff",
    "/Jakefile",
    "/README",
    "/composer.json",
    "/contents.lr",
    "/glide.lock",
    "/package-lock.json",
    "/package.json",
    "/pixi.lock",
];
/// The languages Biome 2.6 formats and lints (`biome format --help` lists their options).
const BIOME_EXTS: &[&str] = &[
    ".js",
    ".mjs",
    ".cjs",
    ".jsx",
    ".ts",
    ".mts",
    ".cts",
    ".tsx",
    ".json",
    ".jsonc",
    ".json5",
    ".css",
    ".graphql",
    ".gql",
    ".grit",
    ".html",
    ".vue",
    ".svelte",
    ".astro",
    ".md",
    ".markdown",
    ".yaml",
    ".yml",
    "/.babelrc",
    "/.swcrc",
    "/.jshintrc",
    "/.eslintrc",
    "/.prettierrc",
];

// ---------------------------------------------------------------------------------------
// tsc

#[derive(Clone, Copy, PartialEq, Eq)]
enum Ts {
    /// A boolean: `--strict`, or `--strict false`.
    Bool,
    /// A value that is data (a target, a list of names, a number).
    Data,
    /// A directory or file it writes.
    Write,
    /// A path it reads.
    Read,
    /// The project's configuration (a tsconfig file, or a directory holding one).
    Project,
    /// Known, and not routine for this reason.
    Unsafe(&'static str),
}

/// `tsc --help --all` (7.0.2), lower-cased as tsc compares them, with the names 5.x still
/// has. Language-service `--plugins` and the object-valued `--paths` are left out.
const TSC: &[(&[&str], Ts)] = &[
    (&["all"], Ts::Bool),
    (&["checkers"], Ts::Data),
    (&["h", "help", "?"], Ts::Bool),
    (&["ignoreconfig"], Ts::Bool),
    (&["init"], Ts::Unsafe("writes a new tsconfig.json")),
    (&["listfilesonly"], Ts::Bool),
    (&["locale"], Ts::Data),
    (&["pprofdir"], Ts::Write),
    (&["p", "project"], Ts::Project),
    (&["q", "quiet"], Ts::Bool),
    (&["showconfig"], Ts::Bool),
    (&["singlethreaded"], Ts::Bool),
    (&["v", "version"], Ts::Bool),
    (&["w", "watch"], Ts::Bool),
    (&["allowarbitraryextensions"], Ts::Bool),
    (&["allowimportingtsextensions"], Ts::Bool),
    (&["allowumdglobalaccess"], Ts::Bool),
    (&["baseurl"], Ts::Read),
    (&["customconditions"], Ts::Data),
    (&["m", "module"], Ts::Data),
    (&["moduleresolution"], Ts::Data),
    (&["modulesuffixes"], Ts::Data),
    (&["noresolve"], Ts::Bool),
    (&["nouncheckedsideeffectimports"], Ts::Bool),
    (&["resolvejsonmodule"], Ts::Bool),
    (&["resolvepackagejsonexports"], Ts::Bool),
    (&["resolvepackagejsonimports"], Ts::Bool),
    (&["rewriterelativeimportextensions"], Ts::Bool),
    (&["rootdir"], Ts::Data),
    (&["rootdirs"], Ts::Data),
    (&["typeroots"], Ts::Data),
    (&["types"], Ts::Data),
    (&["allowjs"], Ts::Bool),
    (&["checkjs"], Ts::Bool),
    (&["maxnodemodulejsdepth"], Ts::Data),
    (&["allowsyntheticdefaultimports"], Ts::Bool),
    (&["erasablesyntaxonly"], Ts::Bool),
    (&["esmoduleinterop"], Ts::Bool),
    (&["forceconsistentcasinginfilenames"], Ts::Bool),
    (&["isolateddeclarations"], Ts::Bool),
    (&["isolatedmodules"], Ts::Bool),
    (&["preservesymlinks"], Ts::Bool),
    (&["verbatimmodulesyntax"], Ts::Bool),
    (&["allowunreachablecode"], Ts::Bool),
    (&["allowunusedlabels"], Ts::Bool),
    (&["alwaysstrict"], Ts::Bool),
    (&["deduplicatepackages"], Ts::Bool),
    (&["exactoptionalpropertytypes"], Ts::Bool),
    (&["nofallthroughcasesinswitch"], Ts::Bool),
    (&["noimplicitany"], Ts::Bool),
    (&["noimplicitoverride"], Ts::Bool),
    (&["noimplicitreturns"], Ts::Bool),
    (&["noimplicitthis"], Ts::Bool),
    (&["nopropertyaccessfromindexsignature"], Ts::Bool),
    (&["nouncheckedindexedaccess"], Ts::Bool),
    (&["nounusedlocals"], Ts::Bool),
    (&["nounusedparameters"], Ts::Bool),
    (&["stabletypeordering"], Ts::Bool),
    (&["strict"], Ts::Bool),
    (&["strictbindcallapply"], Ts::Bool),
    (&["strictbuiltiniteratorreturn"], Ts::Bool),
    (&["strictfunctiontypes"], Ts::Bool),
    (&["strictnullchecks"], Ts::Bool),
    (&["strictpropertyinitialization"], Ts::Bool),
    (&["useunknownincatchvariables"], Ts::Bool),
    (&["assumechangesonlyaffectdirectdependencies"], Ts::Bool),
    (&["composite"], Ts::Bool),
    (&["disablereferencedprojectload"], Ts::Bool),
    (&["disablesolutionsearching"], Ts::Bool),
    (&["disablesourceofprojectreferenceredirect"], Ts::Bool),
    (&["i", "incremental"], Ts::Bool),
    (&["tsbuildinfofile"], Ts::Write),
    (&["d", "declaration"], Ts::Bool),
    (&["declarationdir"], Ts::Write),
    (&["declarationmap"], Ts::Bool),
    (&["downleveliteration"], Ts::Bool),
    (&["emitbom"], Ts::Bool),
    (&["emitdeclarationonly"], Ts::Bool),
    (&["importhelpers"], Ts::Bool),
    (&["inlinesourcemap"], Ts::Bool),
    (&["inlinesources"], Ts::Bool),
    (&["maproot"], Ts::Data),
    (&["newline"], Ts::Data),
    (&["noemit"], Ts::Bool),
    (&["noemithelpers"], Ts::Bool),
    (&["noemitonerror"], Ts::Bool),
    (&["outdir"], Ts::Write),
    (&["outfile", "out"], Ts::Write),
    (&["preserveconstenums"], Ts::Bool),
    (&["removecomments"], Ts::Bool),
    (&["sourcemap"], Ts::Bool),
    (&["sourceroot"], Ts::Data),
    (&["stripinternal"], Ts::Bool),
    (&["diagnostics"], Ts::Bool),
    (&["explainfiles"], Ts::Bool),
    (&["extendeddiagnostics"], Ts::Bool),
    (&["generatecpuprofile"], Ts::Write),
    (&["generatetrace"], Ts::Write),
    (&["listemittedfiles"], Ts::Bool),
    (&["listfiles"], Ts::Bool),
    (&["nocheck"], Ts::Bool),
    (&["traceresolution"], Ts::Bool),
    (&["disablesizelimit"], Ts::Bool),
    (&["emitdecoratormetadata"], Ts::Bool),
    (&["experimentaldecorators"], Ts::Bool),
    (&["jsx"], Ts::Data),
    (&["jsxfactory"], Ts::Data),
    (&["jsxfragmentfactory"], Ts::Data),
    (&["jsximportsource"], Ts::Data),
    (&["lib"], Ts::Data),
    (&["libreplacement"], Ts::Bool),
    (&["moduledetection"], Ts::Data),
    (&["nolib"], Ts::Bool),
    (&["reactnamespace"], Ts::Data),
    (&["t", "target"], Ts::Data),
    (&["usedefineforclassfields"], Ts::Bool),
    (&["noerrortruncation"], Ts::Bool),
    (&["preservewatchoutput"], Ts::Bool),
    (&["pretty"], Ts::Bool),
    (&["skipdefaultlibcheck"], Ts::Bool),
    (&["skiplibcheck"], Ts::Bool),
    (&["watchinterval"], Ts::Data),
    (&["watchfile"], Ts::Data),
    (&["watchdirectory"], Ts::Data),
    (&["fallbackpolling"], Ts::Data),
    (&["synchronouswatchdirectory"], Ts::Bool),
    (&["excludedirectories"], Ts::Data),
    (&["excludefiles"], Ts::Data),
    // 5.x names 7.0 dropped.
    (&["ignoredeprecations"], Ts::Data),
    (&["charset"], Ts::Data),
    (&["keyofstringsonly"], Ts::Bool),
    (&["suppressexcesspropertyerrors"], Ts::Bool),
    (&["suppressimplicitanyindexerrors"], Ts::Bool),
    (&["nostrictgenericchecks"], Ts::Bool),
    (&["noimplicitusestrict"], Ts::Bool),
    (&["importsnotusedasvalues"], Ts::Data),
    (&["preservevalueimports"], Ts::Bool),
];

/// `tsc --build` (`-b`) options besides the compiler's.
const TSC_BUILD: &[(&[&str], Ts)] = &[
    (&["verbose"], Ts::Bool),
    (&["dry"], Ts::Bool),
    (&["f", "force"], Ts::Bool),
    (
        &["clean"],
        Ts::Unsafe("deletes the outputs of the projects"),
    ),
    (&["builders"], Ts::Data),
    (&["stopbuildonerrors"], Ts::Bool),
];

fn tsc(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    let build = argv.iter().skip(1).any(|a| {
        matches!(
            a.to_ascii_lowercase().as_str(),
            "-b" | "--b" | "--build" | "-build"
        )
    });
    let mut effects = Vec::new();
    let mut emits = true;
    let mut projects: Vec<String> = Vec::new();
    let mut files: Vec<String> = Vec::new();
    let mut i = 1;
    while let Some(t) = argv.get(i) {
        let dynamic_word = dynamic.get(i).copied().unwrap_or(false);
        i += 1;
        if let Some(f) = t.strip_prefix('@') {
            effects.push(Effect::unknown(format!(
                "tsc reads more arguments from the file {f}"
            )));
            continue;
        }
        if !t.starts_with('-') {
            if dynamic_word && grammar::is_expansion(t) {
                return Err(GrammarError::Dynamic(t.clone()));
            }
            if build {
                projects.push(t.clone());
            } else {
                files.push(t.clone());
            }
            continue;
        }
        if dynamic_word {
            return Err(GrammarError::Dynamic(t.clone()));
        }
        let name = t
            .strip_prefix("--")
            .or_else(|| t.strip_prefix('-'))
            .unwrap_or(t)
            .to_ascii_lowercase();
        if name == "b" || name == "build" {
            continue;
        }
        let kind = TSC
            .iter()
            .chain(if build { TSC_BUILD } else { &[] })
            .find(|(names, _)| names.contains(&name.as_str()))
            .map(|(_, k)| *k)
            .ok_or_else(|| GrammarError::UnknownOption(t.clone()))?;
        if kind == Ts::Bool {
            // A following `true`/`false` is its value.
            let mut on = true;
            if let Some(v) = argv
                .get(i)
                .filter(|v| matches!(v.as_str(), "true" | "false"))
            {
                on = v == "true";
                i += 1;
            }
            if name == "noemit" {
                emits = !on;
            }
            continue;
        }
        if let Ts::Unsafe(why) = kind {
            effects.push(Effect::unknown(format!("tsc --{name} {why}")));
            continue;
        }
        let v = argv
            .get(i)
            .ok_or_else(|| GrammarError::MissingValue(t.clone()))?;
        if dynamic.get(i).copied().unwrap_or(false) && grammar::is_expansion(v) {
            return Err(GrammarError::Dynamic(format!("{t} {v}")));
        }
        i += 1;
        match kind {
            Ts::Write => effects.push(Effect::write(v.clone(), WriteHow::Replace)),
            Ts::Read => effects.push(Effect::read(v.clone())),
            Ts::Project => projects.push(v.clone()),
            _ => {}
        }
    }
    let does = match (build, emits) {
        (true, _) => "builds the TypeScript projects with tsc --build".to_string(),
        (false, true) => format!("compiles {} with tsc", what(&files)),
        (false, false) => format!("type-checks {} with tsc", what(&files)),
    };
    let mut call = lint_call(
        "tsc",
        does,
        Family::TypeScript,
        effects,
        Lint {
            operands: files,
            rewrites: false,
            handles: &[],
            nested: false,
            skips: &[],
        },
    );
    for p in projects {
        // A directory names the tsconfig.json in it.
        if p.ends_with(".json") {
            call.defined_by.push(p);
        } else {
            call.defined_by
                .push(format!("{}/tsconfig.json", p.trim_end_matches('/')));
            call.dirs.push(p);
        }
    }
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// eslint

/// `eslint --help` (10.16, optionator: exact names), with the eslintrc-mode options
/// (`--env`, `--rulesdir`, `--resolve-plugins-relative-to`, `--ignore-path`,
/// `--no-eslintrc`) of the versions before 10.
static ESLINT: &[Opt] = &[
    flag(&["--no-config-lookup"]),
    value(&["-c", "--config"], Val::Read),
    opt(
        &["--inspect-config"],
        Arity::Flag,
        Val::Unsafe("fetches and starts the config inspector"),
    ),
    value(&["--ext"], Val::Plain),
    value(&["--global"], Val::Plain),
    value(&["--parser"], Val::Code("the parser module")),
    value(&["--parser-options"], Val::Plain),
    value(&["--plugin"], Val::Code("the plugin")),
    value(&["--rule"], Val::Plain),
    flag(&["--fix"]),
    flag(&["--fix-dry-run"]),
    value(&["--fix-type"], Val::Plain),
    flag(&["--no-ignore"]),
    value(&["--ignore-pattern"], Val::Plain),
    flag(&["--stdin"]),
    value(&["--stdin-filename"], Val::Plain),
    flag(&["--quiet"]),
    value(&["--max-warnings"], Val::Num),
    value(&["-o", "--output-file"], Val::Write),
    value(&["-f", "--format"], Val::Plain),
    flag(&["--color"]),
    flag(&["--no-color"]),
    flag(&["--no-inline-config"]),
    flag(&["--report-unused-disable-directives"]),
    value(
        &["--report-unused-disable-directives-severity"],
        Val::Choice(&["off", "warn", "error", "0", "1", "2"]),
    ),
    value(
        &["--report-unused-inline-configs"],
        Val::Choice(&["off", "warn", "error", "0", "1", "2"]),
    ),
    flag(&["--cache"]),
    value(&["--cache-file"], Val::Write),
    value(&["--cache-location"], Val::Write),
    value(&["--cache-strategy"], Val::Choice(&["metadata", "content"])),
    flag(&["--suppress-all"]),
    value(&["--suppress-rule"], Val::Plain),
    value(&["--suppressions-location"], Val::Write),
    flag(&["--prune-suppressions"]),
    flag(&["--pass-on-unpruned-suppressions"]),
    opt(
        &["--init"],
        Arity::Flag,
        Val::Unsafe("fetches and runs the config initializer"),
    ),
    flag(&["--env-info"]),
    flag(&["--no-error-on-unmatched-pattern"]),
    flag(&["--exit-on-fatal-error"]),
    flag(&["--no-warn-ignored"]),
    flag(&["--pass-on-no-patterns"]),
    flag(&["--debug"]),
    flag(&["-h", "--help"]),
    flag(&["-v", "--version"]),
    value(&["--print-config"], Val::Plain),
    flag(&["--stats"]),
    value(&["--flag"], Val::Plain),
    opt(&["--mcp"], Arity::Flag, Val::Unsafe("starts an MCP server")),
    value(&["--concurrency"], Val::Plain),
    // eslintrc mode (ESLint 8 and 9 with ESLINT_USE_FLAT_CONFIG=false).
    flag(&["--no-eslintrc"]),
    value(&["--env"], Val::Plain),
    value(&["--rulesdir"], Val::Code("the rules in")),
    value(
        &["--resolve-plugins-relative-to"],
        Val::Code("plugins resolved from"),
    ),
    value(&["--ignore-path"], Val::Read),
];

/// The formatters ESLint 10 ships; any other name is a package or a file it loads.
const ESLINT_FORMATS: &[&str] = &["stylish", "json", "json-with-metadata", "html"];

fn eslint(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    let (p, rest) = exact_parse(ESLINT, argv, dynamic, 1)?;
    let g = gram(Style::Clap, ESLINT, Operands::all(Val::Plain));
    let mut effects = g.effects(&p);
    if let Some(f) = p.value("-f").filter(|f| !ESLINT_FORMATS.contains(f)) {
        effects.push(code(&format!("the formatter {f}")));
    }
    let stdin = p.has("--stdin");
    let fix = p.has("--fix") && !p.has("--fix-dry-run") && !stdin;
    if p.has("--cache") && !p.has("--cache-location") && !p.has("--cache-file") {
        effects.push(Effect::write(".eslintcache", WriteHow::Replace));
    }
    if (p.has("--suppress-all") || p.has("--suppress-rule") || p.has("--prune-suppressions"))
        && !p.has("--suppressions-location")
    {
        effects.push(Effect::write("eslint-suppressions.json", WriteHow::Replace));
    }
    let mut operands = operand_paths(&p, &mut effects, false);
    if let Some(r) = rest {
        operands.extend(argv[r..].iter().cloned());
    }
    if operands.is_empty() && !stdin {
        operands.push(".".to_string());
    }
    let does = if fix {
        format!(
            "lints {} with eslint and fixes what it can in place",
            what(&operands)
        )
    } else {
        format!("lints {} with eslint", what(&operands))
    };
    let mut call = lint_call(
        "eslint",
        does,
        Family::Eslint,
        effects,
        Lint {
            operands: if stdin { Vec::new() } else { operands },
            rewrites: fix,
            handles: ESLINT_EXTS,
            nested: true,
            skips: &[".git", "node_modules"],
        },
    );
    if let Some(c) = p.value("-c") {
        call.defined_by.push(c.to_string());
    }
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// prettier

/// `prettier --help` (3.10): exact names, `--no-NAME` for the booleans it lists that way.
static PRETTIER: &[Opt] = &[
    flag(&["-c", "--check"]),
    flag(&["-l", "--list-different"]),
    flag(&["-w", "--write"]),
    value(&["--arrow-parens"], Val::Choice(&["always", "avoid"])),
    flag(&["--bracket-same-line"]),
    flag(&["--no-bracket-spacing"]),
    flag(&["--bracket-spacing"]),
    value(
        &["--embedded-language-formatting"],
        Val::Choice(&["auto", "off"]),
    ),
    value(
        &["--end-of-line"],
        Val::Choice(&["lf", "crlf", "cr", "auto"]),
    ),
    value(
        &["--experimental-operator-position"],
        Val::Choice(&["start", "end"]),
    ),
    flag(&["--no-experimental-ternaries"]),
    flag(&["--experimental-ternaries"]),
    value(
        &["--html-whitespace-sensitivity"],
        Val::Choice(&["css", "strict", "ignore"]),
    ),
    flag(&["--jsx-single-quote"]),
    value(&["--object-wrap"], Val::Choice(&["preserve", "collapse"])),
    value(&["--parser"], Val::Plain),
    value(&["--print-width"], Val::Num),
    value(
        &["--prose-wrap"],
        Val::Choice(&["always", "never", "preserve"]),
    ),
    value(
        &["--quote-props"],
        Val::Choice(&["as-needed", "consistent", "preserve"]),
    ),
    flag(&["--no-semi"]),
    flag(&["--semi"]),
    flag(&["--single-attribute-per-line"]),
    flag(&["--single-quote"]),
    value(&["--tab-width"], Val::Num),
    value(&["--trailing-comma"], Val::Choice(&["all", "es5", "none"])),
    flag(&["--use-tabs"]),
    flag(&["--vue-indent-script-and-style"]),
    value(&["--config"], Val::Read),
    flag(&["--no-config"]),
    value(
        &["--config-precedence"],
        Val::Choice(&["cli-override", "file-override", "prefer-file"]),
    ),
    flag(&["--no-editorconfig"]),
    value(&["--find-config-path"], Val::Read),
    value(&["--ignore-path"], Val::Read),
    value(&["--plugin"], Val::Code("the plugin")),
    flag(&["--with-node-modules"]),
    value(&["--cursor-offset"], Val::Num),
    value(&["--range-end"], Val::Num),
    value(&["--range-start"], Val::Num),
    flag(&["--cache"]),
    value(&["--cache-location"], Val::Write),
    value(&["--cache-strategy"], Val::Choice(&["metadata", "content"])),
    flag(&["--check-ignore-pragma"]),
    flag(&["--no-color"]),
    flag(&["--color"]),
    flag(&["--no-error-on-unmatched-pattern"]),
    value(&["--file-info"], Val::Read),
    flag(&["-h", "--help"]),
    flag(&["-u", "--ignore-unknown"]),
    flag(&["--insert-pragma"]),
    value(
        &["--log-level"],
        Val::Choice(&["silent", "error", "warn", "log", "debug"]),
    ),
    flag(&["--require-pragma"]),
    value(&["--stdin-filepath"], Val::Plain),
    flag(&["--support-info"]),
    flag(&["-v", "--version"]),
];

fn prettier(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    let (p, rest) = exact_parse(PRETTIER, argv, dynamic, 1)?;
    let g = gram(Style::Clap, PRETTIER, Operands::all(Val::Plain));
    let mut effects = g.effects(&p);
    let mut operands = operand_paths(&p, &mut effects, false);
    if let Some(r) = rest {
        operands.extend(argv[r..].iter().cloned());
    }
    let writes = p.has("--write") && !operands.is_empty();
    if p.has("--cache") && !p.has("--cache-location") {
        effects.push(Effect::write(
            "node_modules/.cache/prettier",
            WriteHow::Mkdir,
        ));
    }
    let does = if writes {
        format!("formats {} in place with prettier", what(&operands))
    } else if p.has("--check") || p.has("--list-different") {
        format!("checks the formatting of {} with prettier", what(&operands))
    } else {
        format!("prints {} formatted by prettier", what(&operands))
    };
    let mut call = lint_call(
        "prettier",
        does,
        Family::Prettier,
        effects,
        Lint {
            operands,
            rewrites: writes,
            handles: PRETTIER_HANDLES,
            nested: true,
            skips: if p.has("--with-node-modules") {
                &[".git", ".sl", ".svn", ".hg", ".jj"]
            } else {
                &[".git", ".sl", ".svn", ".hg", ".jj", "node_modules"]
            },
        },
    );
    if let Some(c) = p.value("--config") {
        call.defined_by.push(c.to_string());
    }
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// ruff

/// Options every ruff command takes (clap `global`), before or after the command.
macro_rules! ruff_global {
    ($($extra:expr),* $(,)?) => {
        &[
            flag(&["-v", "--verbose"]),
            flag(&["-q", "--quiet"]),
            flag(&["-s", "--silent"]),
            value(&["--config"], Val::Plain),
            flag(&["--isolated"]),
            value(&["--color"], Val::Choice(&["auto", "always", "never"])),
            flag(&["-h", "--help"]),
            $($extra,)*
        ]
    };
}

static RUFF_GLOBAL: &[Opt] = ruff_global!(flag(&["-V", "--version"]));

/// Options `ruff check` and `ruff format` share.
macro_rules! ruff_files {
    ($($extra:expr),* $(,)?) => {
        ruff_global!(
            value(&["--extension"], Val::Plain),
            value(&["--target-version"], Val::Plain),
            flag(&["--preview"]),
            flag(&["--no-preview"]),
            value(&["--output-format"], Val::Plain),
            value(&["--exclude"], Val::Plain),
            value(&["--extend-exclude"], Val::Plain),
            flag(&["--respect-gitignore"]),
            flag(&["--no-respect-gitignore"]),
            flag(&["--force-exclude"]),
            flag(&["--no-force-exclude"]),
            flag(&["-n", "--no-cache"]),
            value(&["--cache-dir"], Val::Write),
            value(&["--stdin-filename"], Val::Plain),
            flag(&["--diff"]),
            $($extra,)*
        )
    };
}

static RUFF_CHECK: &[Opt] = ruff_files!(
    flag(&["--fix"]),
    flag(&["--no-fix"]),
    flag(&["--unsafe-fixes"]),
    flag(&["--no-unsafe-fixes"]),
    flag(&["--show-fixes"]),
    flag(&["--no-show-fixes"]),
    flag(&["-w", "--watch"]),
    flag(&["--fix-only"]),
    flag(&["--no-fix-only"]),
    flag(&["--ignore-noqa"]),
    value(&["-o", "--output-file"], Val::Write),
    flag(&["--statistics"]),
    opt(&["--add-noqa"], Arity::Optional, Val::Plain),
    opt(&["--add-ignore"], Arity::Optional, Val::Plain),
    flag(&["--show-files"]),
    flag(&["--show-settings"]),
    value(&["--select"], Val::Plain),
    value(&["--ignore"], Val::Plain),
    value(&["--extend-select"], Val::Plain),
    value(&["--per-file-ignores"], Val::Plain),
    value(&["--extend-per-file-ignores"], Val::Plain),
    value(&["--fixable"], Val::Plain),
    value(&["--unfixable"], Val::Plain),
    value(&["--extend-fixable"], Val::Plain),
    flag(&["-e", "--exit-zero"]),
    flag(&["--exit-non-zero-on-fix"]),
);

static RUFF_FORMAT: &[Opt] = ruff_files!(
    flag(&["--check"]),
    value(&["--line-length"], Val::Num),
    value(&["--range"], Val::Plain),
    flag(&["--exit-non-zero-on-format"]),
);

/// `ruff --config KEY=VALUE`: settings that are data (rule selection, style, the target
/// version); any other key (`cache-dir`, `extend`, `include`, `src`, …) names paths or
/// other files, so it is outside the grammar.
fn ruff_override(v: &str, out: &mut Vec<Effect>, defined_by: &mut Vec<String>) {
    let Some((key, _)) = v.split_once('=') else {
        // A configuration file.
        defined_by.push(v.to_string());
        return;
    };
    let key = key.trim();
    let data = key.starts_with("lint.")
        || key.starts_with("format.")
        || matches!(
            key,
            "line-length"
                | "indent-width"
                | "target-version"
                | "preview"
                | "fix"
                | "unsafe-fixes"
                | "show-fixes"
                | "output-format"
                | "required-version"
                | "respect-gitignore"
                | "force-exclude"
        );
    if !data {
        out.push(Effect::unknown(format!(
            "ruff --config {key}=… overrides a setting that is not in its grammar"
        )));
    }
}

fn ruff(argv: &[String], dynamic: &[bool], start: usize) -> Found {
    let global = gram(Style::Clap, RUFF_GLOBAL, Operands::all(Val::Plain));
    let (words, dyn_) = sub(argv, dynamic, start);
    let at = match super::runners::first_operand(&global, words, 1) {
        Ok(Some(i)) => i,
        Ok(None) => return None,
        Err(e) => return Some(Err(e)),
    };
    let (opts, format): (&'static [Opt], bool) = match words[at].as_str() {
        "check" => (RUFF_CHECK, false),
        "format" => (RUFF_FORMAT, true),
        _ => return None,
    };
    Some((|| {
        // Global options before the command, then the command's own (which repeat them).
        let head = gram(Style::Clap, RUFF_GLOBAL, Operands::NONE);
        let hp = parse(&head, &words[..at], &dyn_[..at.min(dyn_.len())])?;
        let g = gram(Style::Clap, opts, Operands::all(Val::Plain));
        let (cw, cd) = sub(words, dyn_, at);
        let p = parse(&g, cw, cd)?;
        let mut effects = head.effects(&hp);
        effects.extend(g.effects(&p));
        let mut defined_by = Vec::new();
        for given in hp.given.iter().chain(&p.given) {
            if let (Some(v), "--config") = (given.value, given.name) {
                ruff_override(v.text, &mut effects, &mut defined_by);
            }
        }
        let mut operands = operand_paths(&p, &mut effects, false);
        let stdin = p.has("--stdin-filename") || p.operands.iter().any(|(w, _)| w.text == "-");
        if operands.is_empty() && !stdin {
            operands.push(".".to_string());
        }
        let rewrites = !stdin
            && !p.has("--diff")
            && if format {
                !p.has("--check")
            } else {
                // The last of `--fix` and `--no-fix` wins (clap's overrides).
                let fix = p
                    .given
                    .iter()
                    .rev()
                    .find_map(|x| match x.name {
                        "--fix" | "--fix-only" => Some(true),
                        "--no-fix" | "--no-fix-only" => Some(false),
                        _ => None,
                    })
                    .unwrap_or(false);
                fix || p.has("--add-noqa") || p.has("--add-ignore")
            };
        let does = match (format, rewrites) {
            (true, true) => format!("formats {} in place with ruff", what(&operands)),
            (true, false) => format!("checks the formatting of {} with ruff", what(&operands)),
            (false, true) => format!(
                "lints {} with ruff and fixes what it can in place",
                what(&operands)
            ),
            (false, false) => format!("lints {} with ruff", what(&operands)),
        };
        if !p.has("--no-cache") && !p.has("--cache-dir") {
            effects.push(Effect::write(".ruff_cache", WriteHow::Mkdir));
        }
        let mut call = lint_call(
            "ruff",
            does,
            Family::Ruff,
            effects,
            Lint {
                operands,
                rewrites,
                handles: if format {
                    RUFF_HANDLES
                } else {
                    RUFF_CHECK_HANDLES
                },
                nested: true,
                skips: RUFF_SKIP,
            },
        );
        call.defined_by = defined_by;
        Ok(call)
    })())
}

// ---------------------------------------------------------------------------------------
// black

/// `black --help` (26.10, click: exact names, bundled short flags).
static BLACK: &[Opt] = &[
    value(&["-c", "--code"], Val::Plain),
    value(&["-l", "--line-length"], Val::Num),
    value(&["-t", "--target-version"], Val::Plain),
    flag(&["--pyi"]),
    flag(&["--ipynb"]),
    value(&["--python-cell-magics"], Val::Plain),
    flag(&["-x", "--skip-source-first-line"]),
    flag(&["-S", "--skip-string-normalization"]),
    flag(&["-C", "--skip-magic-trailing-comma"]),
    flag(&["--preview"]),
    flag(&["--unstable"]),
    value(&["--enable-unstable-feature"], Val::Plain),
    flag(&["--check"]),
    flag(&["--diff"]),
    flag(&["--color"]),
    flag(&["--no-color"]),
    value(&["--line-ranges"], Val::Plain),
    flag(&["--fast"]),
    flag(&["--safe"]),
    value(&["--required-version"], Val::Plain),
    value(&["--exclude"], Val::Pattern),
    value(&["--extend-exclude"], Val::Pattern),
    value(&["--force-exclude"], Val::Pattern),
    value(&["--stdin-filename"], Val::Plain),
    value(&["--include"], Val::Pattern),
    value(&["-W", "--workers"], Val::Num),
    flag(&["-q", "--quiet"]),
    flag(&["-v", "--verbose"]),
    value(&["--config"], Val::Read),
    value(&["--cache-dir"], Val::Write),
    flag(&["--no-cache"]),
    flag(&["-h", "--help"]),
];

fn black(argv: &[String], dynamic: &[bool], start: usize) -> Result<RunnerCall, GrammarError> {
    let (words, dyn_) = sub(argv, dynamic, start);
    let g = gram(Style::Clap, BLACK, Operands::all(Val::Plain));
    let p = parse(&g, words, dyn_)?;
    let mut effects = g.effects(&p);
    let operands = if p.has("--code") {
        Vec::new()
    } else {
        operand_paths(&p, &mut effects, false)
    };
    let rewrites = !operands.is_empty() && !p.has("--check") && !p.has("--diff");
    let does = if p.has("--code") {
        "prints the code given with --code formatted by black".to_string()
    } else if rewrites {
        format!("formats {} in place with black", what(&operands))
    } else {
        format!("checks the formatting of {} with black", what(&operands))
    };
    let mut call = lint_call(
        "black",
        does,
        Family::Black,
        effects,
        Lint {
            operands,
            rewrites,
            // `--include` widens what it picks up below a directory.
            handles: if p.has("--include") { &[] } else { PY_NB },
            nested: false,
            skips: BLACK_SKIP,
        },
    );
    if let Some(c) = p.value("--config") {
        call.defined_by.push(c.to_string());
    }
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// isort

/// isort 9.0's argparse options (`isort.main._build_arg_parser`).
static ISORT: &[Opt] = &[
    flag(&["-h", "--help"]),
    flag(&["-V", "--version"]),
    flag(&["--vn", "--version-number"]),
    flag(&["-v", "--verbose"]),
    flag(&["--only-modified", "--om"]),
    flag(&["--dedup-headings"]),
    flag(&["-q", "--quiet"]),
    flag(&["-d", "--stdout"]),
    flag(&["--overwrite-in-place"]),
    flag(&["--show-config"]),
    flag(&["--show-files"]),
    flag(&["--df", "--diff"]),
    flag(&["-c", "--check-only", "--check"]),
    flag(&["--ws", "--ignore-whitespace"]),
    value(
        &["--sp", "--settings-path", "--settings-file", "--settings"],
        Val::Read,
    ),
    value(&["--cr", "--config-root"], Val::Read),
    flag(&["--resolve-all-configs"]),
    value(&["--profile"], Val::Plain),
    opt(&["-j", "--jobs"], Arity::Optional, Val::Num),
    flag(&["--ac", "--atomic"]),
    opt(
        &["--interactive"],
        Arity::Flag,
        Val::Unsafe("asks on the terminal for each change"),
    ),
    value(&["--format-error"], Val::Plain),
    value(&["--format-success"], Val::Plain),
    flag(&["--srx", "--sort-reexports"]),
    flag(&["--filter-files"]),
    value(&["-s", "--skip"], Val::Plain),
    value(&["--extend-skip"], Val::Plain),
    value(&["--sg", "--skip-glob"], Val::Plain),
    value(&["--extend-skip-glob"], Val::Plain),
    flag(&["--gitignore", "--skip-gitignore"]),
    value(
        &["--ext", "--extension", "--supported-extension"],
        Val::Plain,
    ),
    value(&["--blocked-extension"], Val::Plain),
    flag(&["--dont-follow-links"]),
    value(&["--filename"], Val::Plain),
    flag(&["--allow-root"]),
    value(
        &["-a", "--add-import"],
        Val::Unsafe("adds the given import lines, which can be any code, to every file"),
    ),
    flag(&["--append", "--append-only"]),
    flag(&["--af", "--force-adds"]),
    value(&["--rm", "--remove-import"], Val::Plain),
    flag(&["--float-to-top"]),
    flag(&["--dont-float-to-top"]),
    flag(&["--ca", "--combine-as"]),
    flag(&["--cs", "--combine-star"]),
    flag(&["-e", "--balanced"]),
    flag(&["--ff", "--from-first"]),
    opt(&["--fgw", "--force-grid-wrap"], Arity::Optional, Val::Num),
    value(&["--fs", "--forced-separate"], Val::Plain),
    value(&["-i", "--indent"], Val::Plain),
    value(&["--lbi", "--lines-before-imports"], Val::Plain),
    value(&["--lai", "--lines-after-imports"], Val::Plain),
    value(&["--lbt", "--lines-between-types"], Val::Plain),
    value(&["--le", "--line-ending"], Val::Plain),
    flag(&["--ls", "--length-sort"]),
    flag(&["--lss", "--length-sort-straight"]),
    value(&["-m", "--multi-line"], Val::Plain),
    flag(&["-n", "--ensure-newline-before-comments"]),
    flag(&["--nis", "--no-inline-sort"]),
    flag(&["--ot", "--order-by-type"]),
    flag(&["--dt", "--dont-order-by-type"]),
    flag(&["--rr", "--reverse-relative"]),
    flag(&["--reverse-sort"]),
    value(&["--sort-order"], Val::Plain),
    flag(&["--sl", "--force-single-line-imports"]),
    value(&["--nsl", "--single-line-exclusions"], Val::Plain),
    flag(&["--tc", "--trailing-comma"]),
    flag(&["--up", "--use-parentheses"]),
    value(&["-l", "-w", "--line-length", "--line-width"], Val::Num),
    value(&["--wl", "--wrap-length"], Val::Num),
    flag(&["--case-sensitive"]),
    flag(&["--remove-redundant-aliases"]),
    flag(&["--honor-noqa"]),
    value(&["--treat-comment-as-code"], Val::Plain),
    flag(&["--treat-all-comment-as-code"]),
    value(&["--formatter"], Val::Code("the formatter plugin")),
    flag(&["--color"]),
    value(&["--ext-format"], Val::Plain),
    flag(&["--star-first"]),
    flag(&["--split-on-trailing-comma"]),
    value(&["--sd", "--section-default"], Val::Plain),
    flag(&["--only-sections", "--os"]),
    flag(&["--ds", "--no-sections"]),
    flag(&["--fas", "--force-alphabetical-sort"]),
    flag(&["--fss", "--force-sort-within-sections"]),
    flag(&["--hcss", "--honor-case-in-force-sorted-sections"]),
    flag(&["--srss", "--sort-relative-in-force-sorted-sections"]),
    flag(&["--fass", "--force-alphabetical-sort-within-sections"]),
    value(&["-t", "--top"], Val::Plain),
    flag(&["--combine-straight-imports", "--csi"]),
    value(&["--nlb", "--no-lines-before"], Val::Plain),
    value(&["--src", "--src-path"], Val::Plain),
    value(&["-b", "--builtin"], Val::Plain),
    value(&["--extra-builtin"], Val::Plain),
    value(&["-f", "--future"], Val::Plain),
    value(&["-o", "--thirdparty"], Val::Plain),
    value(&["-p", "--project"], Val::Plain),
    value(&["--known-local-folder"], Val::Plain),
    value(&["--virtual-env"], Val::Read),
    value(&["--conda-env"], Val::Read),
    value(
        &["--py", "--python-version"],
        Val::Choice(&[
            "all", "2", "27", "3", "310", "311", "312", "313", "314", "315", "36", "37", "38",
            "39", "auto",
        ]),
    ),
];

fn isort(argv: &[String], dynamic: &[bool], start: usize) -> Result<RunnerCall, GrammarError> {
    let (words, dyn_) = sub(argv, dynamic, start);
    let g = gram(Style::Argparse, ISORT, Operands::all(Val::Plain));
    let p = parse(&g, words, dyn_)?;
    let mut effects = g.effects(&p);
    if let Some(s) = p.value("--sort-order") {
        if !matches!(s, "natural" | "native") {
            effects.push(code(&format!("the sort-order plugin {s}")));
        }
    }
    let operands = operand_paths(&p, &mut effects, false);
    let prints = p.has("--stdout")
        || p.has("--check-only")
        || p.has("--diff")
        || p.has("--show-config")
        || p.has("--show-files");
    let rewrites = !operands.is_empty() && !prints;
    let does = if rewrites {
        format!(
            "sorts the imports of {} in place with isort",
            what(&operands)
        )
    } else {
        format!("checks the imports of {} with isort", what(&operands))
    };
    let mut call = lint_call(
        "isort",
        does,
        Family::Isort,
        effects,
        Lint {
            operands,
            rewrites,
            handles: if p.has("--ext") { &[] } else { ISORT_EXTS },
            nested: p.has("--resolve-all-configs"),
            skips: ISORT_SKIP,
        },
    );
    if let Some(s) = p.value("--settings-path") {
        if s.ends_with(".cfg") || s.ends_with(".toml") || s.ends_with(".ini") {
            call.defined_by.push(s.to_string());
        } else {
            call.dirs.push(s.to_string());
        }
    }
    if let Some(d) = p.value("--config-root") {
        call.dirs.push(d.to_string());
    }
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// mypy

/// mypy 2.4's argparse options (`mypy.main.define_options`), the hidden ones included so
/// prefixes resolve as mypy resolves them. `--shadow-file` (two values) and `--cache-map`
/// are left out.
static MYPY: &[Opt] = &[
    flag(&["-h", "--help"]),
    flag(&["-v", "--verbose"]),
    flag(&["-V", "--version"]),
    value(&["-O", "--output"], Val::Choice(&["json"])),
    value(&["--config-file"], Val::Read),
    flag(&["--warn-unused-configs"]),
    flag(&["--no-warn-unused-configs"]),
    flag(&["--no-namespace-packages"]),
    flag(&["--namespace-packages"]),
    flag(&["--ignore-missing-imports"]),
    flag(&["--follow-untyped-imports"]),
    value(
        &["--follow-imports"],
        Val::Choice(&["normal", "silent", "skip", "error"]),
    ),
    value(
        &["--python-executable"],
        Val::Code("the Python interpreter"),
    ),
    flag(&["--no-site-packages"]),
    flag(&["--no-silence-site-packages"]),
    value(&["--python-version"], Val::Plain),
    value(&["--platform"], Val::Plain),
    value(&["--always-true"], Val::Plain),
    value(&["--always-false"], Val::Plain),
    flag(&["--disallow-any-expr"]),
    flag(&["--disallow-any-decorated"]),
    flag(&["--disallow-any-explicit"]),
    flag(&["--disallow-any-generics"]),
    flag(&["--allow-any-generics"]),
    flag(&["--disallow-any-unimported"]),
    flag(&["--allow-any-unimported"]),
    flag(&["--disallow-subclassing-any"]),
    flag(&["--allow-subclassing-any"]),
    flag(&["--disallow-untyped-calls"]),
    flag(&["--allow-untyped-calls"]),
    value(&["--untyped-calls-exclude"], Val::Plain),
    flag(&["--disallow-untyped-defs"]),
    flag(&["--allow-untyped-defs"]),
    flag(&["--disallow-incomplete-defs"]),
    flag(&["--allow-incomplete-defs"]),
    flag(&["--check-untyped-defs"]),
    flag(&["--no-check-untyped-defs"]),
    flag(&["--disallow-untyped-decorators"]),
    flag(&["--allow-untyped-decorators"]),
    flag(&["--implicit-optional"]),
    flag(&["--no-implicit-optional"]),
    flag(&["--strict-optional"]),
    flag(&["--no-strict-optional"]),
    flag(&["--warn-redundant-casts"]),
    flag(&["--no-warn-redundant-casts"]),
    flag(&["--warn-unused-ignores"]),
    flag(&["--no-warn-unused-ignores"]),
    flag(&["--no-warn-no-return"]),
    flag(&["--warn-no-return"]),
    flag(&["--warn-return-any"]),
    flag(&["--no-warn-return-any"]),
    flag(&["--warn-unreachable"]),
    flag(&["--no-warn-unreachable"]),
    flag(&["--report-deprecated-as-note"]),
    flag(&["--no-report-deprecated-as-note"]),
    value(&["--deprecated-calls-exclude"], Val::Plain),
    flag(&["--allow-untyped-globals"]),
    flag(&["--disallow-untyped-globals"]),
    flag(&["--allow-redefinition"]),
    flag(&["--disallow-redefinition"]),
    flag(&["--allow-redefinition-old"]),
    flag(&["--disallow-redefinition-old"]),
    flag(&["--allow-redefinition-new"]),
    flag(&["--disallow-redefinition-new"]),
    flag(&["--no-implicit-reexport"]),
    flag(&["--implicit-reexport"]),
    flag(&["--strict-equality"]),
    flag(&["--no-strict-equality"]),
    flag(&["--strict-equality-for-none"]),
    flag(&["--no-strict-equality-for-none"]),
    flag(&["--no-strict-bytes"]),
    flag(&["--strict-bytes"]),
    flag(&["--extra-checks"]),
    flag(&["--no-extra-checks"]),
    flag(&["--check-unreachable"]),
    flag(&["--no-check-unreachable"]),
    flag(&["--strict"]),
    value(&["--disable-error-code"], Val::Plain),
    value(&["--enable-error-code"], Val::Plain),
    flag(&["--show-error-context"]),
    flag(&["--hide-error-context"]),
    flag(&["--show-column-numbers"]),
    flag(&["--hide-column-numbers"]),
    flag(&["--show-error-end"]),
    flag(&["--hide-error-end"]),
    flag(&["--hide-error-codes"]),
    flag(&["--show-error-codes"]),
    flag(&["--show-error-code-links"]),
    flag(&["--hide-error-code-links"]),
    flag(&["--pretty"]),
    flag(&["--no-pretty"]),
    flag(&["--no-color-output"]),
    flag(&["--color-output"]),
    flag(&["--no-error-summary"]),
    flag(&["--error-summary"]),
    flag(&["--show-absolute-path"]),
    flag(&["--hide-absolute-path"]),
    value(&["--soft-error-limit"], Val::Num),
    flag(&["-i", "--incremental"]),
    flag(&["--no-incremental"]),
    value(&["--cache-dir"], Val::Write),
    flag(&["--sqlite-cache"]),
    flag(&["--no-sqlite-cache"]),
    value(&["--sqlite-num-shards"], Val::Num),
    flag(&["--cache-fine-grained"]),
    flag(&["--no-fixed-format-cache"]),
    flag(&["--fixed-format-cache"]),
    flag(&["--skip-version-check"]),
    flag(&["--skip-cache-mtime-checks"]),
    opt(
        &["--pdb"],
        Arity::Flag,
        Val::Unsafe("drops into the debugger on a fatal error"),
    ),
    flag(&["--show-traceback", "--tb"]),
    flag(&["--raise-exceptions"]),
    value(&["--custom-typing-module"], Val::Plain),
    flag(&["--old-type-inference"]),
    flag(&["--disable-expression-cache"]),
    value(&["--enable-incomplete-feature"], Val::Plain),
    value(&["--custom-typeshed-dir"], Val::Read),
    flag(&["--warn-incomplete-stub"]),
    flag(&["--no-warn-incomplete-stub"]),
    flag(&["--fast-exit"]),
    flag(&["--no-fast-exit"]),
    flag(&["--allow-empty-bodies"]),
    flag(&["--disallow-empty-bodies"]),
    flag(&["--export-ref-info"]),
    value(&["-n", "--num-workers"], Val::Num),
    value(&["--any-exprs-report"], Val::Write),
    value(&["--cobertura-xml-report"], Val::Write),
    value(&["--html-report"], Val::Write),
    value(&["--linecount-report"], Val::Write),
    value(&["--linecoverage-report"], Val::Write),
    value(&["--lineprecision-report"], Val::Write),
    value(&["--txt-report"], Val::Write),
    value(&["--xml-report"], Val::Write),
    value(&["--xslt-html-report"], Val::Write),
    value(&["--xslt-txt-report"], Val::Write),
    value(&["-a"], Val::Write),
    flag(&["--skip-c-gen"]),
    value(&["--quickstart-file"], Val::Read),
    value(&["--junit-xml"], Val::Write),
    value(&["--junit-format"], Val::Choice(&["global", "per_file"])),
    value(&["--find-occurrences"], Val::Plain),
    flag(&["--scripts-are-modules"]),
    opt(
        &["--install-types"],
        Arity::Flag,
        Val::Code("pip to install the stub packages it finds missing"),
    ),
    flag(&["--no-install-types"]),
    flag(&["--non-interactive"]),
    flag(&["--interactive"]),
    flag(&["--stats"]),
    flag(&["--inferstats"]),
    flag(&["--dump-build-stats"]),
    value(&["--timing-stats"], Val::Write),
    value(&["--line-checking-stats"], Val::Write),
    flag(&["--debug-cache"]),
    flag(&["--dump-deps"]),
    flag(&["--dump-graph"]),
    flag(&["--semantic-analysis-only"]),
    flag(&["--test-env"]),
    flag(&["--no-local-partial-types"]),
    flag(&["--local-partial-types"]),
    flag(&["--no-native-parser"]),
    flag(&["--native-parser"]),
    flag(&["--logical-deps"]),
    flag(&["--bazel"]),
    value(&["--package-root"], Val::Plain),
    flag(&["--debug-serialize"]),
    flag(&["--disable-bytearray-promotion"]),
    flag(&["--disable-memoryview-promotion"]),
    flag(&["--strict-concatenate"]),
    flag(&["--explicit-package-bases"]),
    flag(&["--no-explicit-package-bases"]),
    flag(&["--fast-module-lookup"]),
    flag(&["--no-fast-module-lookup"]),
    value(&["--exclude"], Val::Pattern),
    flag(&["--exclude-gitignore"]),
    flag(&["--no-exclude-gitignore"]),
    value(&["-m", "--module"], Val::Plain),
    value(&["-p", "--package"], Val::Plain),
    value(&["-c", "--command"], Val::Plain),
];

fn mypy(argv: &[String], dynamic: &[bool], start: usize) -> Result<RunnerCall, GrammarError> {
    let (words, dyn_) = sub(argv, dynamic, start);
    let g = gram(Style::Argparse, MYPY, Operands::all(Val::Plain));
    let p = parse(&g, words, dyn_)?;
    let mut effects = g.effects(&p);
    let operands = operand_paths(&p, &mut effects, true);
    if !p.has("--cache-dir") {
        effects.push(Effect::write(".mypy_cache", WriteHow::Mkdir));
    }
    let mut call = lint_call(
        "mypy",
        format!("type-checks {} with mypy", what(&operands)),
        Family::Mypy,
        effects,
        Lint {
            operands,
            rewrites: false,
            handles: PY,
            nested: false,
            skips: &[],
        },
    );
    if let Some(c) = p.value("--config-file") {
        call.defined_by.push(c.to_string());
    }
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// pyright, basedpyright

/// `pyright --help` (1.1.414) and basedpyright's additions (1.40): exact names.
static PYRIGHT: &[Opt] = &[
    value(&["--createstub"], Val::Plain),
    flag(&["--dependencies"]),
    flag(&["-h", "--help"]),
    flag(&["--ignoreexternal"]),
    value(&["--level"], Val::Choice(&["error", "warning"])),
    flag(&["--outputjson"]),
    value(&["-p", "--project"], Val::Read),
    value(&["--pythonplatform"], Val::Plain),
    value(&["--pythonpath"], Val::Code("the Python interpreter")),
    value(&["--pythonversion"], Val::Plain),
    flag(&["--skipunannotated"]),
    flag(&["--stats"]),
    value(&["-t", "--typeshedpath"], Val::Read),
    opt(&["--threads"], Arity::Optional, Val::Num),
    value(
        &["-v", "--venvpath"],
        Val::Code("the Python interpreter of a virtual environment in"),
    ),
    flag(&["--verbose"]),
    value(&["--verifytypes"], Val::Plain),
    flag(&["--version"]),
    flag(&["--warnings"]),
    flag(&["-w", "--watch"]),
    // basedpyright
    value(&["--gitlabcodequality"], Val::Write),
    flag(&["--writebaseline"]),
    value(&["--baselinefile"], Val::Write),
];

fn pyright(argv: &[String], dynamic: &[bool], start: usize) -> Result<RunnerCall, GrammarError> {
    let (words, dyn_) = sub(argv, dynamic, start);
    let tool: &'static str = if words[0].ends_with("basedpyright") {
        "basedpyright"
    } else {
        "pyright"
    };
    let (p, rest) = exact_parse(PYRIGHT, words, dyn_, 1)?;
    let g = gram(Style::Clap, PYRIGHT, Operands::all(Val::Plain));
    let mut effects = g.effects(&p);
    if tool == "pyright"
        && p.given.iter().any(|x| {
            matches!(
                x.name,
                "--gitlabcodequality" | "--writebaseline" | "--baselinefile"
            )
        })
    {
        return Err(GrammarError::UnknownOption(
            "a basedpyright option given to pyright".into(),
        ));
    }
    if p.has("--createstub") {
        effects.push(Effect::write("typings", WriteHow::Mkdir));
    }
    if p.has("--writebaseline") && !p.has("--baselinefile") {
        effects.push(Effect::write(
            ".basedpyright/baseline.json",
            WriteHow::Replace,
        ));
    }
    let mut operands = operand_paths(&p, &mut effects, false);
    if let Some(r) = rest {
        operands.extend(words[r..].iter().cloned());
    }
    let mut call = lint_call(
        tool,
        format!("type-checks {} with {tool}", what(&operands)),
        Family::Pyright,
        effects,
        Lint {
            operands,
            rewrites: false,
            handles: PY,
            nested: false,
            skips: &[],
        },
    );
    if let Some(proj) = p.value("-p") {
        if proj.ends_with(".json") || proj.ends_with(".toml") {
            call.defined_by.push(proj.to_string());
        } else {
            call.dirs.push(proj.to_string());
        }
    }
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// flake8

/// flake8 7.5's options with its default plugins (pyflakes, pycodestyle, mccabe); a
/// plugin's own options are outside the grammar.
static FLAKE8: &[Opt] = &[
    flag(&["-h", "--help"]),
    flag(&["-v", "--verbose"]),
    value(&["--output-file"], Val::Write),
    value(&["--append-config"], Val::Read),
    value(&["--config"], Val::Read),
    flag(&["--isolated"]),
    value(&["--enable-extensions"], Val::Plain),
    value(&["--require-plugins"], Val::Plain),
    flag(&["--version"]),
    flag(&["-q", "--quiet"]),
    value(&["--color"], Val::Choice(&["auto", "always", "never"])),
    flag(&["--count"]),
    value(&["--exclude"], Val::Plain),
    value(&["--extend-exclude"], Val::Plain),
    value(&["--filename"], Val::Plain),
    value(&["--stdin-display-name"], Val::Plain),
    value(&["--format"], Val::Plain),
    flag(&["--hang-closing"]),
    value(&["--ignore"], Val::Plain),
    value(&["--extend-ignore"], Val::Plain),
    value(&["--per-file-ignores"], Val::Plain),
    value(&["--max-line-length"], Val::Num),
    value(&["--max-doc-length"], Val::Num),
    value(&["--indent-size"], Val::Num),
    value(&["--select"], Val::Plain),
    value(&["--extend-select"], Val::Plain),
    flag(&["--disable-noqa"]),
    flag(&["--show-source"]),
    flag(&["--no-show-source"]),
    flag(&["--statistics"]),
    flag(&["--exit-zero"]),
    value(&["-j", "--jobs"], Val::Plain),
    flag(&["--tee"]),
    flag(&["--benchmark"]),
    flag(&["--bug-report"]),
    value(&["--max-complexity"], Val::Num),
    value(&["--builtins"], Val::Plain),
    flag(&["--doctests"]),
];

fn flake8(argv: &[String], dynamic: &[bool], start: usize) -> Result<RunnerCall, GrammarError> {
    let (words, dyn_) = sub(argv, dynamic, start);
    let g = gram(Style::Argparse, FLAKE8, Operands::all(Val::Plain));
    let p = parse(&g, words, dyn_)?;
    let mut effects = g.effects(&p);
    let mut operands = operand_paths(&p, &mut effects, false);
    if p.operands.is_empty() {
        operands.push(".".to_string());
    }
    let mut call = lint_call(
        "flake8",
        format!("lints {} with flake8", what(&operands)),
        Family::Flake8,
        effects,
        Lint {
            operands,
            rewrites: false,
            handles: PY,
            nested: false,
            skips: &[],
        },
    );
    for key in ["--config", "--append-config"] {
        for gv in p.given.iter().filter(|x| x.name == key) {
            if let Some(v) = gv.value {
                call.defined_by.push(v.text.to_string());
            }
        }
    }
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// pylint

/// pylint 4.1's argparse options (`pylint --long-help`); the ones pylint pre-processes
/// (`--rcfile`, `--output`, `--init-hook`, `--load-plugins`, `--verbose`,
/// `--enable-all-extensions`) are read by [`pylint_preprocess`] first, as pylint does.
static PYLINT: &[Opt] = &[
    flag(&["-h", "--help"]),
    value(&["--help-msg"], Val::Plain),
    flag(&["--list-msgs"]),
    flag(&["--list-msgs-enabled"]),
    flag(&["--list-groups"]),
    flag(&["--list-conf-levels"]),
    flag(&["--list-extensions"]),
    flag(&["--full-documentation"]),
    flag(&["--generate-rcfile"]),
    flag(&["--generate-toml-config"]),
    flag(&["--long-help"]),
    flag(&["--errors-only", "-E"]),
    value(&["--ignore"], Val::Plain),
    value(&["--ignore-patterns"], Val::Plain),
    value(&["--ignore-paths"], Val::Plain),
    value(&["--persistent"], Val::Plain),
    value(&["--fail-under"], Val::Plain),
    value(&["--fail-on"], Val::Plain),
    value(&["--jobs", "-j"], Val::Num),
    value(&["--limit-inference-results"], Val::Num),
    value(
        &["--extension-pkg-allow-list", "--extension-pkg-whitelist"],
        Val::Code("the extension packages, imported to inspect them:"),
    ),
    flag(&["--exit-zero"]),
    flag(&["--from-stdin"]),
    value(&["--source-roots"], Val::Plain),
    value(&["--recursive"], Val::Plain),
    value(&["--py-version"], Val::Plain),
    value(&["--ignored-modules"], Val::Plain),
    value(&["--analyse-fallback-blocks"], Val::Plain),
    value(&["--clear-cache-post-run"], Val::Plain),
    value(&["--prefer-stubs"], Val::Plain),
    value(&["--output-format", "-f"], Val::Plain),
    value(&["--reports", "-r"], Val::Plain),
    value(
        &["--evaluation"],
        Val::Code("the Python expression it evaluates for the score:"),
    ),
    value(&["--score", "-s"], Val::Plain),
    value(&["--msg-template"], Val::Plain),
    value(&["--confidence"], Val::Plain),
    value(&["--enable", "-e"], Val::Plain),
    value(&["--disable", "-d"], Val::Plain),
    value(&["--max-nested-blocks"], Val::Plain),
    value(&["--never-returning-functions"], Val::Plain),
    value(&["--suggest-join-with-non-empty-separator"], Val::Plain),
    value(&["--ignore-on-opaque-inference"], Val::Plain),
    value(&["--mixin-class-rgx"], Val::Plain),
    value(&["--ignore-mixin-members"], Val::Plain),
    value(&["--ignored-checks-for-mixins"], Val::Plain),
    value(&["--ignore-none"], Val::Plain),
    value(&["--ignored-classes"], Val::Plain),
    value(&["--generated-members"], Val::Plain),
    value(&["--contextmanager-decorators"], Val::Plain),
    value(&["--missing-member-hint-distance"], Val::Plain),
    value(&["--missing-member-max-choices"], Val::Plain),
    value(&["--missing-member-hint"], Val::Plain),
    value(&["--signature-mutators"], Val::Plain),
    value(&["--known-side-effects-only-functions"], Val::Plain),
    value(&["--notes"], Val::Plain),
    value(&["--notes-rgx"], Val::Plain),
    value(&["--check-fixme-in-docstring"], Val::Plain),
    value(&["--max-args"], Val::Plain),
    value(&["--max-positional-arguments"], Val::Plain),
    value(&["--max-locals"], Val::Plain),
    value(&["--max-returns"], Val::Plain),
    value(&["--max-branches"], Val::Plain),
    value(&["--max-statements"], Val::Plain),
    value(&["--max-parents"], Val::Plain),
    value(&["--ignored-parents"], Val::Plain),
    value(&["--max-attributes"], Val::Plain),
    value(&["--min-public-methods"], Val::Plain),
    value(&["--max-public-methods"], Val::Plain),
    value(&["--max-bool-expr"], Val::Plain),
    value(&["--exclude-too-few-public-methods"], Val::Plain),
    value(&["--check-str-concat-over-line-jumps"], Val::Plain),
    value(&["--check-quote-consistency"], Val::Plain),
    value(&["--spelling-dict"], Val::Plain),
    value(&["--spelling-ignore-words"], Val::Plain),
    value(&["--spelling-private-dict-file"], Val::Write),
    value(&["--spelling-store-unknown-words"], Val::Plain),
    value(&["--max-spelling-suggestions"], Val::Plain),
    value(&["--spelling-ignore-comment-directives"], Val::Plain),
    value(&["--init-import"], Val::Plain),
    value(&["--dummy-variables-rgx"], Val::Plain),
    value(&["--additional-builtins"], Val::Plain),
    value(&["--callbacks"], Val::Plain),
    value(&["--redefining-builtins-modules"], Val::Plain),
    value(&["--ignored-argument-names"], Val::Plain),
    value(&["--allow-global-unused-variables"], Val::Plain),
    value(&["--allowed-redefined-builtins"], Val::Plain),
    value(&["--defining-attr-methods"], Val::Plain),
    value(&["--valid-classmethod-first-arg"], Val::Plain),
    value(&["--valid-metaclass-classmethod-first-arg"], Val::Plain),
    value(&["--exclude-protected"], Val::Plain),
    value(&["--check-protected-access-in-special-methods"], Val::Plain),
    value(&["--overgeneral-exceptions"], Val::Plain),
    value(&["--timeout-methods"], Val::Plain),
    value(&["--good-names"], Val::Plain),
    value(&["--good-names-rgxs"], Val::Plain),
    value(&["--bad-names"], Val::Plain),
    value(&["--bad-names-rgxs"], Val::Plain),
    value(&["--name-group"], Val::Plain),
    value(&["--include-naming-hint"], Val::Plain),
    value(&["--property-classes"], Val::Plain),
    value(&["--argument-naming-style"], Val::Plain),
    value(&["--argument-rgx"], Val::Plain),
    value(&["--attr-naming-style"], Val::Plain),
    value(&["--attr-rgx"], Val::Plain),
    value(&["--class-naming-style"], Val::Plain),
    value(&["--class-rgx"], Val::Plain),
    value(&["--class-attribute-naming-style"], Val::Plain),
    value(&["--class-attribute-rgx"], Val::Plain),
    value(&["--class-const-naming-style"], Val::Plain),
    value(&["--class-const-rgx"], Val::Plain),
    value(&["--const-naming-style"], Val::Plain),
    value(&["--const-rgx"], Val::Plain),
    value(&["--function-naming-style"], Val::Plain),
    value(&["--function-rgx"], Val::Plain),
    value(&["--inlinevar-naming-style"], Val::Plain),
    value(&["--inlinevar-rgx"], Val::Plain),
    value(&["--method-naming-style"], Val::Plain),
    value(&["--method-rgx"], Val::Plain),
    value(&["--module-naming-style"], Val::Plain),
    value(&["--module-rgx"], Val::Plain),
    value(&["--paramspec-rgx"], Val::Plain),
    value(&["--typealias-rgx"], Val::Plain),
    value(&["--typevar-rgx"], Val::Plain),
    value(&["--typevartuple-rgx"], Val::Plain),
    value(&["--variable-naming-style"], Val::Plain),
    value(&["--variable-rgx"], Val::Plain),
    value(&["--no-docstring-rgx"], Val::Plain),
    value(&["--docstring-min-length"], Val::Plain),
    value(&["--max-line-length"], Val::Plain),
    value(&["--ignore-long-lines"], Val::Plain),
    value(&["--ignore-pattern-in-long-lines"], Val::Plain),
    value(&["--single-line-if-stmt"], Val::Plain),
    value(&["--single-line-class-stmt"], Val::Plain),
    value(&["--max-module-lines"], Val::Plain),
    value(&["--indent-string"], Val::Plain),
    value(&["--indent-after-paren"], Val::Plain),
    value(&["--expected-line-ending-format"], Val::Plain),
    value(&["--deprecated-modules"], Val::Plain),
    value(&["--preferred-modules"], Val::Plain),
    value(&["--import-graph"], Val::Write),
    value(&["--ext-import-graph"], Val::Write),
    value(&["--int-import-graph"], Val::Write),
    value(&["--known-standard-library"], Val::Plain),
    value(&["--known-first-party"], Val::Plain),
    value(&["--known-third-party"], Val::Plain),
    value(&["--allow-any-import-level"], Val::Plain),
    value(&["--allow-wildcard-with-all"], Val::Plain),
    value(&["--allow-reexport-from-package"], Val::Plain),
    value(&["--min-similarity-lines"], Val::Plain),
    value(&["--ignore-comments"], Val::Plain),
    value(&["--ignore-docstrings"], Val::Plain),
    value(&["--ignore-imports"], Val::Plain),
    value(&["--ignore-signatures"], Val::Plain),
    value(&["--logging-modules"], Val::Plain),
    value(&["--logging-format-style"], Val::Plain),
];

/// The reporters pylint ships; any other name is a class it imports.
const PYLINT_FORMATS: &[&str] = &[
    "text",
    "parseable",
    "colorized",
    "json",
    "json2",
    "msvs",
    "github",
    "junit",
];

/// pylint's own first pass (`pylint/config/utils.py`, `_preprocess_options`): an option
/// word matches by these prefixes (a whole name for `--output`), the last match wins,
/// and a value is `=VALUE` or the next word unless that starts with `-`. Returns the words
/// argparse reads afterwards.
fn pylint_preprocess(
    words: &[String],
    dynamic: &[bool],
    effects: &mut Vec<Effect>,
    defined_by: &mut Vec<String>,
) -> Result<(Vec<String>, Vec<bool>), GrammarError> {
    const PRE: &[(&str, bool, usize)] = &[
        ("--init-hook", true, 8),
        ("--rcfile", true, 4),
        ("--output", true, 0),
        ("--load-plugins", true, 5),
        ("--verbose", false, 4),
        ("-v", false, 2),
        ("--enable-all-extensions", false, 9),
    ];
    let mut kept = vec![words[0].clone()];
    let mut kept_dyn = vec![false];
    let mut i = 1;
    while let Some(w) = words.get(i) {
        let d = dynamic.get(i).copied().unwrap_or(false);
        i += 1;
        if !w.starts_with('-') {
            kept.push(w.clone());
            kept_dyn.push(d);
            continue;
        }
        let (option, inline) = match w.split_once('=') {
            Some((o, v)) => (o, Some(v.to_string())),
            None => (w.as_str(), None),
        };
        let mut matched = None;
        for (name, takes, n) in PRE {
            let hit = if *n == 0 {
                option == *name
            } else {
                option.starts_with(&name[..*n])
            };
            if hit {
                matched = Some((*name, *takes));
            }
        }
        let Some((name, takes)) = matched else {
            kept.push(w.clone());
            kept_dyn.push(d);
            continue;
        };
        if d {
            return Err(GrammarError::Dynamic(w.clone()));
        }
        let value = match (takes, inline) {
            (true, Some(v)) => Some(v),
            (true, None) => {
                let v = words
                    .get(i)
                    .filter(|v| !v.starts_with('-'))
                    .ok_or_else(|| GrammarError::MissingValue(w.clone()))?;
                if dynamic.get(i).copied().unwrap_or(false) && grammar::is_expansion(v) {
                    return Err(GrammarError::Dynamic(format!("{w} {v}")));
                }
                i += 1;
                Some(v.clone())
            }
            (false, Some(_)) => return Err(GrammarError::UnexpectedValue(w.clone())),
            (false, None) => None,
        };
        let v = value.unwrap_or_default();
        match name {
            "--init-hook" => effects.push(code(&format!("the Python code {v}"))),
            "--load-plugins" => effects.push(code(&format!("the plugin modules {v}"))),
            "--rcfile" => defined_by.push(v),
            "--output" => effects.push(Effect::write(v, WriteHow::Replace)),
            _ => {}
        }
    }
    Ok((kept, kept_dyn))
}

fn pylint(argv: &[String], dynamic: &[bool], start: usize) -> Result<RunnerCall, GrammarError> {
    let (words, dyn_) = sub(argv, dynamic, start);
    let mut effects = Vec::new();
    let mut defined_by = Vec::new();
    let (kept, kept_dyn) = pylint_preprocess(words, dyn_, &mut effects, &mut defined_by)?;
    let g = gram(Style::Argparse, PYLINT, Operands::all(Val::Plain));
    let p = parse(&g, &kept, &kept_dyn)?;
    effects.extend(g.effects(&p));
    if let Some(f) = p.value("--output-format") {
        // `NAME[:FILE],…`: a reporter per item, each to a file when one is named.
        for item in f.split(',') {
            let (name, file) = match item.split_once(':') {
                Some((n, f)) => (n, Some(f)),
                None => (item, None),
            };
            if !PYLINT_FORMATS.contains(&name) {
                effects.push(code(&format!("the reporter class {name}")));
            }
            if let Some(file) = file.filter(|f| !f.is_empty()) {
                effects.push(Effect::write(file, WriteHow::Replace));
            }
        }
    }
    let operands = operand_paths(&p, &mut effects, false);
    let mut call = lint_call(
        "pylint",
        format!("lints {} with pylint", what(&operands)),
        Family::Pylint,
        effects,
        Lint {
            operands,
            rewrites: false,
            handles: PY,
            nested: false,
            skips: &[],
        },
    );
    call.defined_by = defined_by;
    Ok(call)
}

// ---------------------------------------------------------------------------------------
// biome

/// `biome check|lint|format|ci --help` (2.6.9, bpaf: exact names, `--name=VALUE` or
/// `--name VALUE`). The per-language formatter, linter and parser settings
/// (`--indent-width=4`, `--javascript-formatter-quote-style=single`, …) are data and
/// matched by [`biome_setting`].
static BIOME: &[Opt] = &[
    value(&["--colors"], Val::Choice(&["off", "force"])),
    opt(
        &["--use-server"],
        Arity::Flag,
        Val::Unsafe("hands the work to a running Biome daemon"),
    ),
    flag(&["--verbose"]),
    value(&["--config-path"], Val::Read),
    value(&["--max-diagnostics"], Val::Plain),
    flag(&["--skip-parse-errors"]),
    flag(&["--no-errors-on-unmatched"]),
    flag(&["--error-on-warnings"]),
    value(&["--reporter"], Val::Plain),
    value(&["--reporter-file"], Val::Write),
    value(
        &["--diagnostic-level"],
        Val::Choice(&["info", "warn", "error"]),
    ),
    value(&["--log-file"], Val::Write),
    value(&["--log-prefix-name"], Val::Plain),
    value(&["--log-path"], Val::Write),
    value(
        &["--log-level"],
        Val::Choice(&["none", "tracing", "debug", "info", "warn", "error"]),
    ),
    value(&["--log-kind"], Val::Choice(&["pretty", "compact", "json"])),
    value(&["--vcs-root"], Val::Read),
    value(&["--vcs-client-kind"], Val::Choice(&["git"])),
    value(&["--vcs-default-branch"], Val::Plain),
    flag(&["--write"]),
    flag(&["--fix"]),
    flag(&["--unsafe"]),
    flag(&["--profile-rules"]),
    flag(&["--profile-type-inference"]),
    value(&["--stdin-file-path"], Val::Plain),
    flag(&["--staged"]),
    flag(&["--changed"]),
    value(&["--since"], Val::Plain),
    value(&["--only"], Val::Plain),
    value(&["--skip"], Val::Plain),
    flag(&["--watch"]),
    flag(&["-h", "--help"]),
];

/// A formatter, linter, assist or parser setting: data.
fn biome_setting(name: &str) -> bool {
    const WORDS: &[&str] = &[
        "--indent-style",
        "--indent-width",
        "--line-ending",
        "--line-width",
        "--attribute-position",
        "--bracket-same-line",
        "--bracket-spacing",
        "--delimiter-spacing",
        "--expand",
        "--trailing-newline",
        "--use-editorconfig",
        "--jsx-everywhere",
        "--jsx-quote-style",
        "--quote-properties",
        "--trailing-commas",
        "--semicolons",
        "--arrow-parentheses",
        "--quote-style",
        "--files-max-size",
        "--files-ignore-unknown",
        "--vcs-enabled",
        "--vcs-use-ignore-file",
        "--format-with-errors",
        "--enforce-assist",
    ];
    WORDS.contains(&name)
        || name.ends_with("-enabled")
        || ["-formatter-", "-linter-", "-assist-", "-parse-"]
            .iter()
            .any(|part| name.contains(part))
}

fn biome(argv: &[String], dynamic: &[bool]) -> Found {
    let sub_at = argv
        .iter()
        .skip(1)
        .position(|a| !a.starts_with('-'))
        .map(|i| i + 1)?;
    let subc = argv[sub_at].as_str();
    if !matches!(subc, "check" | "lint" | "format" | "ci") {
        return None;
    }
    Some((|| {
        if sub_at != 1 {
            return Err(GrammarError::UnknownOption(argv[1].clone()));
        }
        // The settings are read first and left out, then the rest through the grammar.
        let mut kept = vec![argv[1].clone()];
        let mut kept_dyn = vec![false];
        let mut i = 2;
        while let Some(w) = argv.get(i) {
            let d = dynamic.get(i).copied().unwrap_or(false);
            i += 1;
            let name = w.split('=').next().unwrap_or(w);
            if w.starts_with("--") && biome_setting(name) {
                if d {
                    return Err(GrammarError::Dynamic(w.clone()));
                }
                if !w.contains('=') {
                    // `--name VALUE`.
                    if argv.get(i).is_none() {
                        return Err(GrammarError::MissingValue(w.clone()));
                    }
                    i += 1;
                }
                continue;
            }
            kept.push(w.clone());
            kept_dyn.push(d);
        }
        let (p, rest) = exact_parse(BIOME, &kept, &kept_dyn, 1)?;
        let g = gram(Style::Clap, BIOME, Operands::all(Val::Plain));
        let mut effects = g.effects(&p);
        let mut operands = operand_paths(&p, &mut effects, false);
        if let Some(r) = rest {
            operands.extend(kept[r..].iter().cloned());
        }
        let stdin = p.has("--stdin-file-path");
        if operands.is_empty() && !stdin {
            operands.push(".".to_string());
        }
        let write = (p.has("--write") || p.has("--fix")) && subc != "ci" && !stdin;
        let does = match (subc, write) {
            ("format", true) => format!("formats {} in place with biome", what(&operands)),
            ("format", false) => format!("checks the formatting of {} with biome", what(&operands)),
            ("lint", true) => format!(
                "lints {} with biome and fixes what it can in place",
                what(&operands)
            ),
            ("lint", false) => format!("lints {} with biome", what(&operands)),
            (_, true) => format!(
                "checks {} with biome and applies its fixes in place",
                what(&operands)
            ),
            (_, false) => format!("checks {} with biome", what(&operands)),
        };
        let mut call = lint_call(
            "biome",
            does,
            Family::Biome,
            effects,
            Lint {
                operands: if stdin { Vec::new() } else { operands },
                rewrites: write,
                handles: BIOME_EXTS,
                nested: true,
                skips: &[".git", "node_modules"],
            },
        );
        if let Some(c) = p.value("--config-path") {
            if c.ends_with(".json") || c.ends_with(".jsonc") {
                call.defined_by.push(c.to_string());
            } else {
                call.dirs.push(c.to_string());
            }
        }
        Ok(call)
    })())
}

// ---------------------------------------------------------------------------------------
// rubocop

/// What RuboCop inspects below a directory: the `AllCops: Include` patterns of its
/// `config/default.yml` (RuboCop 1.89), as name endings and whole names. (A file without
/// one of these names is inspected too when its `#!` line names Ruby; those are not
/// listed here.)
const RUBY: &[&str] = &[
    ".rb",
    ".arb",
    ".axlsx",
    ".builder",
    ".gemfile",
    ".gemspec",
    ".jb",
    ".jbuilder",
    ".mspec",
    ".opal",
    ".pluginspec",
    ".podspec",
    ".rabl",
    ".rake",
    ".rbw",
    ".ru",
    ".ruby",
    ".schema",
    ".spec",
    ".thor",
    "/.irbrc",
    "/.pryrc",
    "/.simplecov",
    "/buildfile",
    "/Appraisals",
    "/Berksfile",
    "/Brewfile",
    "/Buildfile",
    "/Capfile",
    "/Dangerfile",
    "/Deliverfile",
    "Fastfile",
    "/Gemfile",
    "/Guardfile",
    "/Jarfile",
    "/Mavenfile",
    "/Podfile",
    "/Puppetfile",
    "/Rakefile",
    "/rakefile",
    "/Schemafile",
    "/Snapfile",
    "/Steepfile",
    "/Thorfile",
    "/Vagrantfile",
];

/// RuboCop 1.89's options (`lib/rubocop/options.rb`; Ruby's OptionParser: bundles, unique
/// prefixes of long options, `--[no-]NAME`). Left out, so outside the grammar: the server
/// and editor modes (`--server`, `--start-server`, `--lsp`, `--mcp`), the configuration
/// writers (`--init`, `--auto-gen-config`, `--regenerate-todo`), the profilers
/// (`--profile`, `--memory`, which write dumps).
static RUBOCOP: &[Opt] = &[
    flag(&["-l", "--lint"]),
    flag(&["-x", "--fix-layout"]),
    flag(&["--safe"]),
    flag(&["--only-guide-cops"]),
    flag(&["-F", "--fail-fast"]),
    flag(&["--disable-pending-cops"]),
    flag(&["--enable-pending-cops"]),
    flag(&["--disable-all-cops"]),
    flag(&["--enable-all-cops"]),
    flag(&["--ignore-disable-comments"]),
    flag(&["--force-exclusion"]),
    flag(&["--only-recognized-file-types"]),
    flag(&["--ignore-parent-exclusion"]),
    flag(&["--ignore-unrecognized-cops"]),
    flag(&["--force-default-config"]),
    value(&["-s", "--stdin"], Val::Plain),
    flag(&["--editor-mode"]),
    flag(&["-P", "--parallel"]),
    flag(&["--no-parallel"]),
    flag(&["--raise-cop-error"]),
    value(&["--fail-level"], Val::Plain),
    value(&["-C", "--cache"], Val::Choice(&["true", "false"])),
    value(&["--cache-root"], Val::Write),
    value(&["-f", "--format"], Val::Plain),
    flag(&["-D", "--display-cop-names"]),
    flag(&["--no-display-cop-names"]),
    flag(&["-E", "--extra-details"]),
    flag(&["-S", "--display-style-guide"]),
    value(&["-o", "--out"], Val::Write),
    flag(&["--stderr"]),
    flag(&["--display-time"]),
    flag(&["--display-only-failed"]),
    flag(&["--display-only-fail-level-offenses"]),
    flag(&["--display-only-correctable"]),
    flag(&["--display-only-safe-correctable"]),
    flag(&["--display-suppressed"]),
    flag(&[
        "-a",
        "--autocorrect",
        "--auto-correct",
        "--safe-auto-correct",
    ]),
    flag(&["-A", "--autocorrect-all", "--auto-correct-all"]),
    flag(&["--disable-uncorrectable"]),
    value(&["--only"], Val::Plain),
    value(&["--except"], Val::Plain),
    flag(&["-L", "--list-target-files"]),
    value(&["--list-enabled-cops-for"], Val::Plain),
    opt(&["--show-cops"], Arity::Optional, Val::Plain),
    opt(&["--show-docs-url"], Arity::Optional, Val::Plain),
    value(&["-c", "--config"], Val::Read),
    flag(&["-d", "--debug"]),
    value(&["--plugin"], Val::Code("a RuboCop plugin it loads")),
    value(&["-r", "--require"], Val::Code("Ruby code it requires")),
    flag(&["--color"]),
    flag(&["--no-color"]),
    flag(&["-v", "--version"]),
    flag(&["-V", "--verbose-version"]),
    flag(&["-h", "--help"]),
];

/// `rubocop [OPTIONS] [PATHS…]`: inspects the Ruby files below its operands (the working
/// directory by default); `-a`/`-A`/`-x` rewrite them in place. Its configuration —
/// `.rubocop.yml` in each file's directory and above it, or `-c FILE` — is code: its
/// `require:` and `plugins:` load Ruby, and `inherit_from:` may name a URL.
fn rubocop(argv: &[String], dynamic: &[bool]) -> Result<RunnerCall, GrammarError> {
    let g = gram(Style::Argparse, RUBOCOP, Operands::all(Val::Plain));
    let p = parse(&g, argv, dynamic)?;
    let mut effects = g.effects(&p);
    let stdin = p.has("-s");
    let mut operands = operand_paths(&p, &mut effects, false);
    if operands.is_empty() && !stdin {
        operands.push(".".to_string());
    }
    let rewrites = ["-a", "-A", "-x"].iter().any(|f| p.has(f));
    let does = if rewrites {
        format!(
            "lints {} with rubocop and corrects what it can in place",
            what(&operands)
        )
    } else {
        format!("lints {} with rubocop", what(&operands))
    };
    let mut call = lint_call(
        "rubocop",
        does,
        Family::Rubocop,
        effects,
        Lint {
            operands: if stdin { Vec::new() } else { operands },
            rewrites: rewrites && !stdin,
            handles: RUBY,
            nested: true,
            skips: &[".git", "node_modules", "vendor", "tmp"],
        },
    );
    if let Some(c) = p.value("-c") {
        call.defined_by.push(c.to_string());
    }
    Ok(call)
}

#[cfg(test)]
#[path = "linters_tests.rs"]
mod tests;
