//! The files that define what each ecosystem's runner executes — manifests, build scripts,
//! runner, linter and formatter configuration, toolchain pins — by family
//! ([`family_files`]), the lockfiles an install follows, and whether a path is one of them
//! ([`is_definition_file`]). Data: `build` finds them around a runner and asks the baseline
//! about them, the edit scan (`file_kinds`) knows an edit to one runs later.

use crate::analysis::effects::programs::runners::Family;
use std::path::Path;

/// Files that define what each ecosystem's runner executes, relative to each directory
/// from the workspace root down to the directory the runner works in.
const CARGO_FILES: &[&str] = &[
    "Cargo.toml",
    "build.rs",
    ".cargo/config.toml",
    ".cargo/config",
    "rust-toolchain.toml",
    "rust-toolchain",
    // cargo-nextest's configuration: its setup and wrapper scripts run with the tests.
    ".config/nextest.toml",
    // cargo-audit's configuration (rustsec `cargo-audit/src/config.rs`): the advisory
    // database fetched, the advisories ignored.
    ".cargo/audit.toml",
];
pub(super) const NODE_FILES: &[&str] = &[
    "package.json",
    ".npmrc",
    ".yarnrc",
    ".yarnrc.yml",
    ".pnpmfile.cjs",
    "bunfig.toml",
    "jest.config.js",
    "jest.config.ts",
    "jest.config.mjs",
    "jest.config.cjs",
    "jest.config.json",
    "vitest.config.js",
    "vitest.config.ts",
    "vitest.config.mjs",
    "vitest.config.mts",
    "vite.config.js",
    "vite.config.ts",
    "vite.config.mjs",
    "vite.config.mts",
    ".mocharc.js",
    ".mocharc.cjs",
    ".mocharc.json",
    ".mocharc.yml",
    ".mocharc.yaml",
    "babel.config.js",
    "babel.config.json",
    ".babelrc",
    "playwright.config.ts",
    "playwright.config.js",
];
const PY_FILES: &[&str] = &[
    "pyproject.toml",
    "setup.py",
    "setup.cfg",
    "conftest.py",
    "tests/conftest.py",
    "test/conftest.py",
    "pytest.ini",
    "pytest.toml",
    ".pytest.ini",
    "tox.ini",
    "noxfile.py",
];
const GO_FILES: &[&str] = &["go.mod", "go.work"];
pub(super) const MAKE_FILES: &[&str] = &["GNUmakefile", "makefile", "Makefile"];
const JUST_FILES: &[&str] = &["justfile", "Justfile", ".justfile"];
const MVN_FILES: &[&str] = &[
    "pom.xml",
    ".mvn/maven.config",
    ".mvn/jvm.config",
    ".mvn/extensions.xml",
    ".mvn/wrapper/maven-wrapper.properties",
    "mvnw",
];
const GRADLE_FILES: &[&str] = &[
    "build.gradle",
    "build.gradle.kts",
    "settings.gradle",
    "settings.gradle.kts",
    "gradle.properties",
    "gradle/wrapper/gradle-wrapper.properties",
    "gradle/libs.versions.toml",
    "gradlew",
    "buildSrc/build.gradle",
    "buildSrc/build.gradle.kts",
];
const DENO_FILES: &[&str] = &["deno.json", "deno.jsonc"];
const UV_FILES: &[&str] = &["pyproject.toml", "uv.toml", ".python-version"];
const POETRY_FILES: &[&str] = &["pyproject.toml", "poetry.toml"];
const PIPENV_FILES: &[&str] = &["Pipfile"];
const PDM_FILES: &[&str] = &["pyproject.toml", "pdm.toml"];
const HATCH_FILES: &[&str] = &["pyproject.toml", "hatch.toml"];
/// The tsconfig files tsc reads from the working directory up (and the usual names of
/// the ones they extend).
const TS_FILES: &[&str] = &[
    "tsconfig.json",
    "tsconfig.base.json",
    "tsconfig.build.json",
    "tsconfig.app.json",
    "tsconfig.lib.json",
    "tsconfig.node.json",
    "tsconfig.spec.json",
    "tsconfig.test.json",
];
/// ESLint's flat config (looked up from each linted file's directory, ESLint 10's
/// `config-loader.js`), the legacy `.eslintrc.*` of earlier versions, and package.json
/// (whose `eslintConfig` those read).
const ESLINT_FILES: &[&str] = &[
    "eslint.config.js",
    "eslint.config.mjs",
    "eslint.config.cjs",
    "eslint.config.ts",
    "eslint.config.mts",
    "eslint.config.cts",
    ".eslintrc",
    ".eslintrc.js",
    ".eslintrc.cjs",
    ".eslintrc.yaml",
    ".eslintrc.yml",
    ".eslintrc.json",
    "package.json",
];
/// Prettier's configuration files (its source's search list): the `.js`/`.ts` ones are
/// code, and any of them can name plugins.
const PRETTIER_FILES: &[&str] = &[
    "package.json",
    "package.yaml",
    ".prettierrc",
    ".prettierrc.json",
    ".prettierrc.yaml",
    ".prettierrc.yml",
    ".prettierrc.json5",
    ".prettierrc.js",
    ".prettierrc.mjs",
    ".prettierrc.cjs",
    ".prettierrc.ts",
    ".prettierrc.mts",
    ".prettierrc.cts",
    ".prettierrc.toml",
    "prettier.config.js",
    "prettier.config.mjs",
    "prettier.config.cjs",
    "prettier.config.ts",
    "prettier.config.mts",
    "prettier.config.cts",
];
const RUFF_FILES: &[&str] = &["pyproject.toml", "ruff.toml", ".ruff.toml"];
const BLACK_FILES: &[&str] = &["pyproject.toml"];
/// isort's `CONFIG_SOURCES` but `.editorconfig` (style only).
const ISORT_FILES: &[&str] = &[".isort.cfg", "pyproject.toml", "setup.cfg", "tox.ini"];
/// mypy's `CONFIG_NAMES` and `SHARED_CONFIG_NAMES`: their `plugins` are loaded and their
/// `python_executable` is run.
const MYPY_FILES: &[&str] = &["mypy.ini", ".mypy.ini", "pyproject.toml", "setup.cfg"];
const PYRIGHT_FILES: &[&str] = &["pyrightconfig.json", "pyproject.toml"];
/// flake8's candidates: a `[flake8:local-plugins]` section loads code from the project.
const FLAKE8_FILES: &[&str] = &[".flake8", "setup.cfg", "tox.ini"];
/// pylint's `CONFIG_NAMES`: `init-hook` runs code, `load-plugins` imports modules.
const PYLINT_FILES: &[&str] = &[
    "pylintrc",
    "pylintrc.toml",
    ".pylintrc",
    ".pylintrc.toml",
    "pyproject.toml",
    "setup.cfg",
    "tox.ini",
];
const BIOME_FILES: &[&str] = &["biome.json", "biome.jsonc", ".biome.json", ".biome.jsonc"];
/// rustup looks for the toolchain file from the working directory up.
const RUSTUP_FILES: &[&str] = &["rust-toolchain.toml", "rust-toolchain"];
/// The names CMake, Meson and ninja read (for [`is_definition_file`]); their runners find
/// them through `trees`, in the source or build tree, not in every directory above.
const CMAKE_FILES: &[&str] = &[
    "CMakeLists.txt",
    "CMakePresets.json",
    "CMakeUserPresets.json",
];
const MESON_FILES: &[&str] = &["meson.build", "meson_options.txt", "meson.options"];
const NINJA_FILES: &[&str] = &["build.ninja"];
/// Bazel's workspace files, rc files, the version bazelisk fetches, the wrapper script
/// bazelisk runs instead of Bazel, and the BUILD files down to the working directory.
const BAZEL_FILES: &[&str] = &[
    "MODULE.bazel",
    "MODULE.bazel.lock",
    "REPO.bazel",
    "WORKSPACE",
    "WORKSPACE.bazel",
    "WORKSPACE.bzlmod",
    ".bazelrc",
    "user.bazelrc",
    ".bazelversion",
    "tools/bazel",
    "BUILD",
    "BUILD.bazel",
];
/// What MSBuild imports from every directory above a project, the SDK choice, package
/// sources and their lock, the launch profiles `dotnet run` applies (the project and
/// solution files themselves are found by `trees::dotnet_projects`).
const DOTNET_FILES: &[&str] = &[
    "Directory.Build.props",
    "Directory.Build.targets",
    "Directory.Build.rsp",
    "Directory.Packages.props",
    "Directory.Solution.props",
    "Directory.Solution.targets",
    "global.json",
    "NuGet.config",
    "nuget.config",
    "NuGet.Config",
    "packages.lock.json",
    "Properties/launchSettings.json",
    ".config/dotnet-tools.json",
];
/// Package.swift (Swift code SwiftPM compiles and runs), the pins, and where dependencies
/// are fetched from (`Package@swift-*.swift` variants are found by `trees::matching`).
const SWIFT_FILES: &[&str] = &[
    "Package.swift",
    "Package.resolved",
    ".swiftpm/configuration/mirrors.json",
    ".swiftpm/configuration/registries.json",
];
/// Bundler's Gemfile (Ruby code) and lock, rake's Rakefile, RSpec's options and helpers,
/// and what `rails` boots (`rakelib/*.rake` is found by `trees::matching`).
const RUBY_FILES: &[&str] = &[
    "Gemfile",
    "Gemfile.lock",
    "gems.rb",
    "gems.locked",
    ".bundle/config",
    "Rakefile",
    "rakefile",
    "Rakefile.rb",
    "rakefile.rb",
    ".rspec",
    ".rspec-local",
    "spec/spec_helper.rb",
    "spec/rails_helper.rb",
    "test/test_helper.rb",
    "bin/rails",
    "config/boot.rb",
    "config/application.rb",
    "config/environment.rb",
    "config/environments/test.rb",
];
/// composer.json (its scripts) and lock, PHPUnit's configuration, and the installed
/// runner and autoloader a test run loads.
const PHP_FILES: &[&str] = &[
    "composer.json",
    "composer.lock",
    "phpunit.xml",
    "phpunit.xml.dist",
    "phpunit.dist.xml",
    "bootstrap/app.php",
    "tests/Pest.php",
    "vendor/autoload.php",
    "vendor/bin/phpunit",
];
/// The flake `nix develop` evaluates: `flake.nix` (Nix code, whose `shellHook` is bash)
/// and the inputs `flake.lock` pins (found by `flake`, from the working directory up, not
/// in every directory above; any other `.nix` file it imports is matched by
/// [`is_definition_file`]).
const NIX_FILES: &[&str] = &["flake.nix", "flake.lock"];
/// Mix: mix.exs and the config scripts (Elixir code Mix evaluates), the pins, the test
/// helper `mix test` loads (the other `config/*.exs` files and an umbrella's
/// `apps/*/mix.exs` are found by `trees::matching`).
const MIX_FILES: &[&str] = &[
    "mix.exs",
    "mix.lock",
    "config/config.exs",
    "config/runtime.exs",
    "config/test.exs",
    "test/test_helper.exs",
];
/// cabal-install: the project files (`packages:` and `source-repository-package` choose
/// what is built and fetched), the freeze file, and a custom build's `Setup.hs` (the
/// packages' `*.cabal` files are found by `trees::matching`).
const CABAL_FILES: &[&str] = &[
    "cabal.project",
    "cabal.project.local",
    "cabal.project.freeze",
    "Setup.hs",
    "Setup.lhs",
];
/// Stack: stack.yaml (snapshot, extra dependencies from git or archives) and its lock,
/// package.yaml (hpack writes the `.cabal` file from it), a custom `Setup.hs`.
const STACK_FILES: &[&str] = &[
    "stack.yaml",
    "stack.yaml.lock",
    "package.yaml",
    "Setup.hs",
    "Setup.lhs",
];
/// `zig build`: build.zig (Zig code the build runner compiles and runs) and build.zig.zon
/// (the packages fetched, by URL and hash).
const ZIG_FILES: &[&str] = &["build.zig", "build.zig.zon"];
/// `mkdocs build`: its configuration (mkdocs 1.6.1 `config/base.py`: `mkdocs.yml`, else
/// `mkdocs.yaml`), which names the plugins and hook files that run.
const MKDOCS_FILES: &[&str] = &["mkdocs.yml", "mkdocs.yaml"];
/// `golangci-lint run`: its configuration (golangci-lint's `config/loader.go`:
/// `.golangci.yml`, `.yaml`, `.toml`, `.json`, from the working directory up), whose
/// custom linters are plugins it loads, and the Go module files the packages are loaded
/// by.
const GOLANGCI_FILES: &[&str] = &[
    ".golangci.yml",
    ".golangci.yaml",
    ".golangci.toml",
    ".golangci.json",
    "go.mod",
    "go.work",
];

/// RuboCop 1.89 (`config_finder.rb`): `.rubocop.yml` from each file's directory up to the
/// project root, then the root's `.config/.rubocop.yml` or `.config/rubocop/config.yml`;
/// `.rubocop_todo.yml` is what `--auto-gen-config` writes and `.rubocop.yml` inherits.
const RUBOCOP_FILES: &[&str] = &[
    ".rubocop.yml",
    ".rubocop_todo.yml",
    ".config/.rubocop.yml",
    ".config/rubocop/config.yml",
];

pub(super) fn family_files(f: Family) -> &'static [&'static str] {
    match f {
        Family::Cargo => CARGO_FILES,
        Family::Node => NODE_FILES,
        Family::Python => PY_FILES,
        Family::Go => GO_FILES,
        Family::Make => MAKE_FILES,
        Family::Just => JUST_FILES,
        Family::Maven => MVN_FILES,
        Family::Gradle => GRADLE_FILES,
        Family::Deno => DENO_FILES,
        Family::Uv => UV_FILES,
        Family::Poetry => POETRY_FILES,
        Family::Pipenv => PIPENV_FILES,
        Family::Pdm => PDM_FILES,
        Family::Hatch => HATCH_FILES,
        Family::TypeScript => TS_FILES,
        Family::Eslint => ESLINT_FILES,
        Family::Prettier => PRETTIER_FILES,
        Family::Ruff => RUFF_FILES,
        Family::Black => BLACK_FILES,
        Family::Isort => ISORT_FILES,
        Family::Mypy => MYPY_FILES,
        Family::Pyright => PYRIGHT_FILES,
        Family::Flake8 => FLAKE8_FILES,
        Family::Pylint => PYLINT_FILES,
        Family::Biome => BIOME_FILES,
        Family::Rubocop => RUBOCOP_FILES,
        Family::Rustup => RUSTUP_FILES,
        Family::Bazel => BAZEL_FILES,
        Family::Dotnet => DOTNET_FILES,
        Family::Swift => SWIFT_FILES,
        Family::Ruby => RUBY_FILES,
        Family::Php => PHP_FILES,
        Family::Nix => NIX_FILES,
        Family::Mix => MIX_FILES,
        Family::Cabal => CABAL_FILES,
        Family::Stack => STACK_FILES,
        Family::Zig => ZIG_FILES,
        Family::Mkdocs => MKDOCS_FILES,
        Family::Golangci => GOLANGCI_FILES,
        // Found in the source or build tree (`trees`); doctest's are the files it runs.
        // gofmt reads no configuration; sphinx-build's conf.py is named by the call.
        Family::CMake
        | Family::Meson
        | Family::Ninja
        | Family::Doctest
        | Family::Gofmt
        | Family::Sphinx => &[],
    }
}

/// Lockfiles: a lockfile-respecting install runs exactly what they pin.
pub(super) const LOCK_FILES: &[&str] = &[
    "package-lock.json",
    "npm-shrinkwrap.json",
    "pnpm-lock.yaml",
    "yarn.lock",
    "bun.lockb",
    "bun.lock",
    "Cargo.lock",
    "uv.lock",
    "go.sum",
    "poetry.lock",
];

/// Is `path` one of the files some runner reads to know what to run (matched on its last
/// components, so `tests/conftest.py` and `.cargo/config.toml` count wherever they sit)?
pub(super) fn is_definition_file(path: &Path) -> bool {
    let all = [
        CARGO_FILES,
        NODE_FILES,
        PY_FILES,
        GO_FILES,
        MAKE_FILES,
        JUST_FILES,
        MVN_FILES,
        GRADLE_FILES,
        DENO_FILES,
        UV_FILES,
        PIPENV_FILES,
        TS_FILES,
        ESLINT_FILES,
        PRETTIER_FILES,
        RUFF_FILES,
        ISORT_FILES,
        MYPY_FILES,
        PYRIGHT_FILES,
        FLAKE8_FILES,
        PYLINT_FILES,
        BIOME_FILES,
        RUBOCOP_FILES,
        RUSTUP_FILES,
        CMAKE_FILES,
        MESON_FILES,
        NINJA_FILES,
        BAZEL_FILES,
        DOTNET_FILES,
        SWIFT_FILES,
        RUBY_FILES,
        PHP_FILES,
        NIX_FILES,
        MIX_FILES,
        CABAL_FILES,
        STACK_FILES,
        ZIG_FILES,
        MKDOCS_FILES,
        GOLANGCI_FILES,
    ];
    const PATTERNS: &[&str] = &[
        ".csproj", ".fsproj", ".vbproj", ".sln", ".slnx", ".rake", ".wrap", ".cmake", ".bzl",
        ".nix", ".cabal",
    ];
    all.iter().flat_map(|l| l.iter()).any(|n| path.ends_with(n))
        || path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| PATTERNS.iter().any(|e| n.ends_with(e)))
}
