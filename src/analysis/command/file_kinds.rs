//! What kind of file a path is, when its content runs or steers the agent
//! ([`file_kind`]): agent instructions, a build or test definition (the runners' files in
//! `definitions`, tool configuration that is code), a CI file or git hook, git
//! configuration, editor tasks or settings, a notebook, a script; and [`steering_kind`], the
//! kinds that steer the agent or run beside the sources. By name and place only: what the
//! new text of such a file plants is the edit scan's (`edits`), where a write lands is
//! `writers`'.

use super::definitions;
use std::path::{Path, PathBuf};

/// Agent-instruction files, by lower-case name.
const AGENT_FILES: &[&str] = &[
    "claude.md",
    "claude.local.md",
    "agents.md",
    "agent.md",
    "gemini.md",
    ".cursorrules",
    ".clinerules",
    ".windsurfrules",
    ".goosehints",
    "copilot-instructions.md",
    ".aider.conf.yml",
    "conventions.md",
    // Zed reads `.rules` (and the names above) as project instructions.
    ".rules",
    // Codex's override of AGENTS.md, Warp's project rules, Roo Code's single-file rules,
    // Augment's guidelines, Qwen Code's context file.
    "agents.override.md",
    "warp.md",
    ".roorules",
    ".augment-guidelines",
    "qwen.md",
];

/// Directories whose files are agent instructions or commands.
const AGENT_DIRS: &[&str] = &[
    ".cursor/rules/",
    ".clinerules/",
    ".windsurf/rules/",
    ".github/instructions/",
    ".github/prompts/",
    ".claude/commands/",
    ".claude/agents/",
    ".claude/skills/",
    ".gemini/",
    ".codex/",
    // Other agents' project rules: JetBrains Junie, Amazon Q, Roo Code and Kilo Code
    // (`rules/` and `rules-MODE/`), Continue, Trae, Augment, Windsurf's workflows.
    ".junie/",
    ".amazonq/rules/",
    ".roo/rules",
    ".kilocode/rules",
    ".continue/rules/",
    ".continue/prompts/",
    ".trae/rules/",
    ".augment/rules/",
    ".windsurf/workflows/",
    // Copilot's custom chat modes and custom agents; Kiro's steering files, agent hooks
    // (run on file events) and MCP settings; Qwen Code's settings (MCP servers) and
    // commands (`!{…}` runs a shell command); Factory's droids, commands and MCP list;
    // Amazon Q CLI's agents (each with its MCP servers); OpenHands' microagents and setup
    // script; Cursor's custom commands; OpenCode's agents, commands and config.
    ".github/chatmodes/",
    ".github/agents/",
    ".kiro/",
    ".qwen/",
    ".factory/",
    ".amazonq/cli-agents/",
    ".openhands/",
    ".cursor/commands/",
    ".opencode/",
];

/// Files some tool runs beyond the runners `build` knows, by exact name.
const RUN_FILES: &[&str] = &[
    "Rakefile",
    "Gemfile",
    "CMakeLists.txt",
    "Dockerfile",
    "Containerfile",
    "docker-compose.yml",
    "compose.yaml",
    "Taskfile.yml",
    "Jenkinsfile",
    ".pre-commit-config.yaml",
    ".envrc",
    ".gitlab-ci.yml",
    ".travis.yml",
    "azure-pipelines.yml",
    "bitbucket-pipelines.yml",
    "lefthook.yml",
    "Procfile",
    // Package-manager settings: where later installs fetch from and what they run.
    "requirements.txt",
    "requirements-dev.txt",
    "constraints.txt",
    "Pipfile",
    "NuGet.Config",
    "nuget.config",
    // coverage.py's settings (its `plugins` are imported, its `data_file` written).
    ".coveragerc",
    ".npmrc",
    ".yarnrc",
    ".yarnrc.yml",
    "bunfig.toml",
    "pip.conf",
    "Vagrantfile",
    "meson.build",
    "BUILD",
    "BUILD.bazel",
    "WORKSPACE",
    "flake.nix",
    "shell.nix",
    "default.nix",
    // Environment managers that run hooks on entering the directory or on tasks.
    "mise.toml",
    ".mise.toml",
    "mise.local.toml",
    ".mise.local.toml",
    ".rtx.toml",
    "devbox.json",
    "devenv.nix",
    "devenv.yaml",
    "lefthook.yaml",
    ".lefthook.yml",
    "lefthook-local.yml",
    ".tmuxinator.yml",
    // Toolchain pins every later build or test follows (asdf and mise, nvm, rbenv).
    ".tool-versions",
    ".nvmrc",
    ".node-version",
    ".ruby-version",
    // Cloud workspaces' start-up tasks and R's start-up profile.
    ".gitpod.yml",
    ".replit",
    "replit.nix",
    ".Rprofile",
    "Rprofile.site",
    // Tilt's Starlark (its `local()` runs commands), sbt's and the JVM launchers'
    // option files (a `-javaagent` loads into every run), tflint's plugin sources,
    // golangci-lint's configuration (a custom linter's `path` is a Go plugin it loads).
    "Tiltfile",
    ".sbtopts",
    ".jvmopts",
    ".tflint.hcl",
    ".golangci.yml",
    ".golangci.yaml",
    ".golangci.toml",
    ".golangci.json",
    // Build and automation files that are code of their tool's language, evaluated when
    // it runs: Snakemake and SCons (Python), Earthly (`RUN` commands), Guard, Danger,
    // Homebrew bundle, CocoaPods, fastlane, Capistrano, Thor, Berkshelf (Ruby), Carton
    // (Perl).
    "Snakefile",
    "SConstruct",
    "SConscript",
    "Earthfile",
    "Guardfile",
    "Dangerfile",
    "Brewfile",
    "Podfile",
    "Fastfile",
    "Capfile",
    "Thorfile",
    "Berksfile",
    "cpanfile",
    // Build definitions of other ecosystems, each naming what the next build fetches and
    // runs: sbt's and mill's Scala (`*.sbt` by extension, `build.sc`), cabal's project
    // files (`packages`, `source-repository-package`, `PROG-location`), Zig's build script
    // and its package manifest (ZON), the Clojure tools' EDN (`deps.edn`, `bb.edn`,
    // `shadow-cljs.edn`: dependencies, paths, build hooks) and Leiningen's and Boot's
    // Clojure.
    "build.sc",
    "cabal.project",
    "cabal.project.local",
    "build.zig",
    "build.zig.zon",
    "deps.edn",
    "bb.edn",
    "shadow-cljs.edn",
    "project.clj",
    "build.boot",
];

/// Extensions of build definitions that are code of their tool (sbt's Scala, a cabal
/// package description).
const RUN_EXTS: &[&str] = &["sbt", "cabal"];

/// Start-up files an interactive tool runs from the directory it starts in, as code of its
/// language or its own commands (each with a shell escape): irb (`.irbrc`, `_irbrc`,
/// `irb.rc`, `$irbrc` in the current directory, irb's "Configure IRB" docs), Pry
/// (`.pryrc`, its local rc), IEx (`.iex.exs`, looked for in the current directory first),
/// GHCi (`./.ghci` first, GHC users' guide "The .ghci file"; `:!` runs a shell command),
/// pdb (`./.pdbrc` after `~/.pdbrc`, CPython `Lib/pdb.py`; `!` runs Python), the OCaml
/// toplevel (`.ocamlinit`), Erlang (`.erlang` in the current directory), Octave
/// (`.octaverc`), the Perl debugger (`.perldb`), and those loaded when a setting allows it:
/// gdb (`.gdbinit`), lldb (`.lldbinit`), Vim and Neovim with `exrc` (`.exrc`, `.vimrc`,
/// `.nvimrc`, `.nvim.lua`).
const STARTUP_FILES: &[&str] = &[
    ".irbrc",
    "_irbrc",
    "irb.rc",
    "$irbrc",
    ".pryrc",
    ".iex.exs",
    ".ghci",
    ".pdbrc",
    ".ocamlinit",
    ".erlang",
    ".octaverc",
    ".perldb",
    ".gdbinit",
    ".lldbinit",
    ".exrc",
    ".vimrc",
    ".nvimrc",
    ".nvim.lua",
];

/// The kind [`file_kind`] gives a [`STARTUP_FILES`] file.
pub const STARTUP_KIND: &str = "a start-up file an interactive tool runs";

/// The kind [`config_kind`] gives.
pub const CONFIG_KIND: &str = "a tool's configuration";

/// Extensions of the formats tools read their settings from.
const CONFIG_EXTS: &[&str] = &[
    "json",
    "jsonc",
    "json5",
    "yaml",
    "yml",
    "toml",
    "ini",
    "cfg",
    "conf",
    "properties",
    "hcl",
    "tf",
    "tfvars",
    "env",
    // Clojure's EDN and Zig's ZON: data notations tools read their settings from.
    "edn",
    "zon",
];

/// A file in a format tools load as configuration ([`CONFIG_EXTS`]; a dotfile without an
/// extension — `.proverc`, `.rspec`, `.flaskenv`, `.flake8` —, an environment file
/// `.env.NAME`), whatever tool reads it: its values may name code or commands the tool runs (`edits_config`). Ignore
/// lists (`.gitignore`, `.eslintignore`) hold patterns, not values, and are not.
pub fn config_kind(path: &Path) -> Option<&'static str> {
    let lower = path.file_name()?.to_string_lossy().to_lowercase();
    if lower.ends_with("ignore") {
        return None;
    }
    let ext = path.extension().map(|e| e.to_string_lossy().to_lowercase());
    let dotfile = lower.starts_with('.') && !lower[1..].contains('.');
    // A dotfile without an extension is a tool's settings (`.proverc`, `.rspec`,
    // `.flake8`, `.yamllint`, `.sequelizerc`) unless it is a marker or a list of names.
    let marker = matches!(
        lower.as_str(),
        ".gitkeep" | ".keep" | ".nojekyll" | ".ds_store" | ".mailmap" | ".gitattributes"
    );
    // A `config` (or `config.local`) in a tool's dot-directory: `.dvc/config` (INI: its
    // remotes are where `dvc push` uploads), `.bundle/config`, `.cargo/config`.
    let in_dot_dir = path
        .parent()
        .and_then(|p| p.file_name())
        .is_some_and(|d| d.to_string_lossy().starts_with('.'));
    let config = ext.is_some_and(|e| CONFIG_EXTS.contains(&e.as_str()))
        || (dotfile && !marker)
        || lower.starts_with(".env.")
        || (in_dot_dir && matches!(lower.as_str(), "config" | "config.local"));
    config.then_some(CONFIG_KIND)
}

/// Editor workspace files whose tasks, launch configurations and settings run commands.
const EDITOR_FILES: &[&str] = &[
    ".vscode/tasks.json",
    ".vscode/launch.json",
    ".vscode/settings.json",
    ".vscode/extensions.json",
    ".idea/workspace.xml",
    ".zed/tasks.json",
    ".zed/settings.json",
    // Project MCP server lists other editors' agents start (each server is a command).
    ".vscode/mcp.json",
    ".roo/mcp.json",
    ".kilocode/mcp.json",
    ".amazonq/mcp.json",
    ".continue/config.json",
    ".continue/config.yaml",
    ".idx/dev.nix",
    ".idx/mcp.json",
    // Agents' project configuration whose MCP servers (and OpenCode's commands, Crush's
    // language servers) run as programs: OpenCode's `opencode.json` (`mcp.NAME.command`,
    // an array), Crush's `.crush.json`/`crush.json` (`mcp.NAME.command`, `lsp.NAME.command`).
    "/opencode.json",
    "/opencode.jsonc",
    "/.crush.json",
    "/crush.json",
    // Cursor's background-agent environment (`install`, `start`, terminals' `command`)
    // and Helix's language servers (`[language-server.NAME] command`).
    ".cursor/environment.json",
    ".helix/languages.toml",
];

/// Directories of programs: what lands there is run by name (`.venv/bin/activate`,
/// `node_modules/.bin/x`, `bin/setup`).
const PROGRAM_DIRS: &[&str] = &["bin", ".bin", "Scripts", "sbin", "libexec"];

/// Directories whose files run (CI, git hooks, hook managers).
const RUN_DIRS: &[&str] = &[
    ".github/workflows/",
    ".github/actions/",
    ".circleci/",
    ".buildkite/",
    ".git/hooks/",
    ".githooks/",
    ".husky/",
    ".devcontainer/",
    // Continue's MCP server definitions, one file each.
    ".continue/mcpServers/",
];

/// Directories of a project's installed packages and environments, whose files run when
/// the project's tools do: a virtual environment's programs and `site-packages` (where a
/// `.pth` file's `import` lines run at every interpreter start), `node_modules` (a plugin a
/// linter's unchanged configuration loads), PEP 582's `__pypackages__`, tox's and nox's
/// environments.
const INSTALLED_ENV_DIRS: &[&str] = &[
    "node_modules",
    "site-packages",
    "dist-packages",
    "__pypackages__",
    ".venv",
    "venv",
    ".tox",
    ".nox",
];

/// Is `path` inside an installed environment ([`INSTALLED_ENV_DIRS`], or a virtual
/// environment by another name: a directory holding `pyvenv.cfg` above a `bin`, `lib`,
/// `lib64`, `include`, `Lib` or `Scripts` component of the path — the only places its
/// files sit, so an ordinary path costs no lookup)?
pub(crate) fn in_installed_env(path: &Path) -> bool {
    let mut root = PathBuf::new();
    for c in path.components() {
        if let std::path::Component::Normal(n) = c {
            if INSTALLED_ENV_DIRS.iter().any(|d| n == *d) {
                return true;
            }
            let venv_part = ["bin", "lib", "lib64", "include", "Lib", "Scripts"]
                .iter()
                .any(|d| n == *d);
            if venv_part && root.join("pyvenv.cfg").is_file() {
                return true;
            }
        }
        root.push(c);
    }
    false
}

/// Is `path` one of an installed environment's own directories (`venv`, `node_modules`,
/// `.venv/bin`, `venv/lib`), as `python -m venv` or an installer makes them? A directory
/// the agent made holds no code of its own: what it later writes below it is recorded
/// one by one, and counts.
pub(crate) fn env_directory(path: &Path) -> bool {
    path.file_name().is_some_and(|n| {
        INSTALLED_ENV_DIRS.iter().any(|d| n == *d)
            || ["bin", "lib", "lib64", "include", "Lib", "Scripts"]
                .iter()
                .any(|d| n == *d)
    }) && in_installed_env(path)
}

/// The kind [`file_kind`] gives a file in an installed environment: whatever it holds, it
/// runs with the project's tools and interpreters.
pub const INSTALLED_KIND: &str = "a file of the project's installed packages";

/// Script extensions: the file is a program.
const SCRIPT_EXTS: &[&str] = &[
    "sh", "bash", "zsh", "ksh", "fish", "ps1", "psm1", "bat", "cmd", "py", "pyw", "js", "mjs",
    "cjs", "ts", "mts", "cts", "rb", "pl", "pm", "php", "lua", "mk", "command", "bats", "t",
];

/// Extensions of the sources of compiled and other languages: what a build compiles and a
/// test run (`cargo test`, `go test`, `mvn test`, `dotnet test`, `ctest`, `swift test`,
/// `mix test`, `sbt test`, `dart test`, `Pkg.test`, testthat, `cabal test`, `zig build
/// test`, …) then runs, under a command that looks routine.
/// The kind of a Jupyter notebook (`.ipynb`), whose code cells' magics are judged as the
/// command lines they run (`super::magics`).
pub(super) const NOTEBOOK_KIND: &str = "a notebook";

pub(super) const SOURCE_EXTS: &[&str] = &[
    "rs", "go", "java", "kt", "kts", "scala", "sc", "groovy", "c", "h", "cc", "cpp", "cxx", "c++",
    "hpp", "hh", "hxx", "m", "mm", "cs", "fs", "fsx", "vb", "swift", "ex", "exs", "erl", "hrl",
    "hs", "lhs", "ml", "mli", "r", "jl", "dart", "zig", "nim", "cr", "d", "clj", "cljs", "cljc",
    "lisp", "el", "scm", "rkt", "tcl", "jsx", "tsx", "vue", "svelte", "coffee", "raku", "rakumod",
    "f90", "f95", "ada", "adb", "pas", "v", "gleam", "mojo", "sol", "php",
];

/// The kind [`source_kind`] gives.
pub const SOURCE_KIND: &str = "source code that builds and test runs compile and run";

/// A source file of a compiled or other language ([`SOURCE_EXTS`]), by extension: code
/// that runs when the project is built, tested or run.
pub fn source_kind(path: &Path) -> Option<&'static str> {
    let ext = path.extension()?.to_string_lossy().to_lowercase();
    SOURCE_EXTS.contains(&ext.as_str()).then_some(SOURCE_KIND)
}

/// What kind of file `path` is, when its content runs or steers the agent. `text` is the
/// start of the new content, for a shebang.
pub fn file_kind(path: &Path, text: &str) -> Option<&'static str> {
    let name = path.file_name()?.to_string_lossy();
    let lower = name.to_lowercase();
    let full = path.to_string_lossy();
    if AGENT_FILES.contains(&lower.as_str()) || AGENT_DIRS.iter().any(|d| full.contains(d)) {
        return Some("agent instructions");
    }
    if in_installed_env(path) {
        return Some(INSTALLED_KIND);
    }
    if definitions::is_definition_file(path)
        || lower == "conftest.py"
        || RUN_FILES.contains(&name.as_ref())
        || path
            .extension()
            .is_some_and(|e| RUN_EXTS.contains(&e.to_string_lossy().to_lowercase().as_str()))
        || is_tool_config(&lower)
    {
        return Some("a build or test definition");
    }
    if RUN_DIRS.iter().any(|d| full.contains(d)) {
        return Some("a CI file or git hook");
    }
    if is_git_config(path, &lower) {
        return Some("git configuration");
    }
    if lower.ends_with(".code-workspace") || EDITOR_FILES.iter().any(|f| full.ends_with(f)) {
        return Some("editor tasks or settings");
    }
    if STARTUP_FILES.contains(&lower.as_str()) {
        return Some(STARTUP_KIND);
    }
    let ext = path.extension().map(|e| e.to_string_lossy().to_lowercase());
    if ext.as_deref() == Some("ipynb") {
        return Some(NOTEBOOK_KIND);
    }
    let in_program_dir = path
        .parent()
        .and_then(|p| p.file_name())
        .is_some_and(|d| PROGRAM_DIRS.contains(&d.to_string_lossy().as_ref()));
    if ext.is_some_and(|e| SCRIPT_EXTS.contains(&e.as_str()))
        || text.starts_with("#!")
        || in_program_dir
    {
        return Some("a script");
    }
    None
}

/// The kind of a file that steers the agent or runs beside the project's sources (agent
/// instructions, a CI file or git hook, editor tasks or settings, git configuration): the
/// kinds [`file_kind`] gives them, without its build-definition and script tests.
pub(super) fn steering_kind(path: &Path) -> Option<&'static str> {
    let name = path.file_name()?.to_string_lossy();
    let lower = name.to_lowercase();
    let full = path.to_string_lossy();
    if AGENT_FILES.contains(&lower.as_str()) || AGENT_DIRS.iter().any(|d| full.contains(d)) {
        return Some("agent instructions");
    }
    if RUN_DIRS.iter().any(|d| full.contains(d)) {
        return Some("a CI file or git hook");
    }
    if is_git_config(path, &lower) {
        return Some("git configuration");
    }
    if lower.ends_with(".code-workspace") || EDITOR_FILES.iter().any(|f| full.ends_with(f)) {
        return Some("editor tasks or settings");
    }
    None
}

/// A git configuration file: `.gitconfig`, `.gitmodules`, git-lfs's `.lfsconfig` (the same
/// format; its `lfs.url` is where `git lfs` sends pushed objects), an include (`*.gitconfig`), a
/// repository's `config` (`.git/config`, or `config` beside a repository's `HEAD` and
/// `objects`/`refs`: a bare or nested repository).
fn is_git_config(path: &Path, lower: &str) -> bool {
    if matches!(lower, ".gitconfig" | ".gitmodules" | ".lfsconfig") || lower.ends_with(".gitconfig")
    {
        return true;
    }
    if lower != "config" {
        return false;
    }
    let Some(dir) = path.parent() else {
        return false;
    };
    dir.file_name().is_some_and(|n| n == ".git")
        || (dir.join("HEAD").is_file()
            && (dir.join("objects").is_dir() || dir.join("refs").is_dir()))
}

/// `vite.config.ts`, `webpack.config.js`, `eslint.config.mjs`…: code a tool runs.
fn is_tool_config(lower: &str) -> bool {
    [".js", ".cjs", ".mjs", ".ts", ".cts", ".mts"]
        .iter()
        .any(|e| {
            lower
                .strip_suffix(e)
                .is_some_and(|s| s.ends_with(".config"))
        })
}

/// A recipe of shell commands, by lower-case name (a Makefile, a justfile, a Dockerfile,
/// package.json's scripts, a Taskfile, a Procfile, a compose file, a shell script): its
/// lines are commands the person runs by name.
pub(super) fn is_recipe(name: &str) -> bool {
    const RECIPES: &[&str] = &[
        "makefile",
        "gnumakefile",
        "justfile",
        ".justfile",
        "dockerfile",
        "containerfile",
        "package.json",
        "deno.json",
        "deno.jsonc",
        "taskfile.yml",
        "taskfile.yaml",
        "procfile",
    ];
    RECIPES.contains(&name)
        || name.ends_with(".mk")
        || name.ends_with(".sh")
        || name.ends_with(".dockerfile")
        || name.starts_with("docker-compose")
        || name.starts_with("compose.")
}
