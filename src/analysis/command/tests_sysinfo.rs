//! Printers of system information, toolchain versions and file metadata judged end to end
//! in a throwaway workspace: the operating system's release (`sw_vers`, `lsb_release`),
//! configuration values and hardware (`getconf`, `lscpu`, `vmstat`), the developer
//! directory (`xcode-select -p`), the C compilers' and rustc's printing forms, and Mach-O
//! and property-list dumps (`otool`, `plutil -p`). Routine while they only print; not
//! routine when an option changes the system, compiles, writes a file, or is outside the
//! grammar; what they read goes through the engine's path floor like any read; on a host
//! reached by ssh they are judged the same way.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::fixture::{expect, short, Fx, Session, CLEAN};

fn project() -> Fx {
    let f = Fx::build("home/proj", |home, _| {
        std::fs::create_dir_all(home.join(".ssh")).unwrap();
        std::fs::write(home.join(".ssh/id_rsa"), "k").unwrap();
    });
    f.write(
        "Cargo.toml",
        "[package]\nname = \"demo\"\nversion = \"0.1.0\"\n",
    );
    f.write("rust-toolchain.toml", "[toolchain]\nchannel = \"stable\"\n");
    f.write("src/lib.rs", "pub fn f() {}\n");
    f.write("Info.plist", "<plist/>\n");
    f.write("build/app", "\u{7f}ELF");
    f
}

#[test]
fn system_information_printers_are_routine() {
    let f = project();
    expect(
        &f,
        &CLEAN,
        &[
            ("sw_vers", "routine"),
            ("sw_vers -productVersion", "routine"),
            ("sw_vers -buildVersion", "routine"),
            ("lsb_release -a", "routine"),
            ("lsb_release -rs", "routine"),
            ("lsb_release --code --short", "routine"),
            ("getconf _NPROCESSORS_ONLN", "routine"),
            ("getconf PAGESIZE", "routine"),
            ("getconf -a", "routine"),
            ("getconf PATH_MAX /", "routine"),
            ("getconf -a src", "routine"),
            ("lscpu", "routine"),
            ("lscpu -J", "routine"),
            ("lscpu -e=CPU,CORE", "routine"),
            ("vmstat", "routine"),
            ("vmstat 1 5", "routine"),
            ("vmstat -s -S M", "routine"),
            ("xcode-select -p", "routine"),
            ("xcode-select --print-path", "routine"),
            ("xcode-select --version", "routine"),
            ("uname -a && sw_vers && sysctl -n hw.ncpu", "routine"),
        ],
    );
}

#[test]
fn system_information_outside_the_printing_grammar_is_not_routine() {
    let f = project();
    expect(
        &f,
        &CLEAN,
        &[
            // Changing the developer tools every shell runs, or installing them.
            ("xcode-select -s /tmp/Xcode.app", "!routine"),
            ("xcode-select --switch /tmp/Xcode.app", "!routine"),
            ("xcode-select --install", "!routine"),
            ("xcode-select -r", "!routine"),
            ("xcode-select --print", "!routine"),
            // Unknown options and operands.
            ("sw_vers -setVersion 99", "!routine"),
            ("sw_vers extra", "!routine"),
            ("lsb_release -x", "!routine"),
            ("lsb_release -a extra", "!routine"),
            ("getconf -x PAGESIZE", "!routine"),
            ("getconf A B C", "!routine"),
            ("lscpu --bogus", "!routine"),
            ("lscpu extra", "!routine"),
            ("vmstat -x", "!routine"),
            ("vmstat one", "!routine"),
            ("vmstat 1 2 3", "!routine"),
            // Computed at run time.
            ("sw_vers $OPT", "!routine"),
        ],
    );
}

#[test]
fn compiler_printing_forms_are_routine_and_compiling_is_not() {
    let f = project();
    expect(
        &f,
        &CLEAN,
        &[
            ("gcc -v", "routine"),
            ("cc -v", "routine"),
            ("g++ -dumpversion", "routine"),
            ("gcc -dumpmachine", "routine"),
            ("gcc -print-search-dirs", "routine"),
            ("gcc -print-file-name=libc.so", "routine"),
            ("gcc -print-prog-name=cc1", "routine"),
            ("clang -print-resource-dir", "routine"),
            ("clang++-17 --version", "routine"),
            ("gcc-4.9 -v", "routine"),
            ("gcc-12 -dumpfullversion", "routine"),
            ("rustc --version --verbose", "routine"),
            ("rustc -vV", "routine"),
            ("rustc --print sysroot", "routine"),
            ("rustc --print=cfg", "routine"),
            ("rustc --print target-list", "routine"),
            (
                "rustc --print cfg --target x86_64-unknown-linux-gnu",
                "routine",
            ),
            // An input file compiles (and -v then runs the compiler on it).
            ("gcc -v src/main.c", "!routine"),
            ("cc src/main.c -o app", "!routine"),
            ("gcc -print-file-name libc.so", "!routine"),
            ("gcc -v -o /tmp/x", "!routine"),
            ("gcc -B /tmp/evil -v", "!routine"),
            ("gcc -specs=/tmp/s -v", "!routine"),
            ("gcc -fplugin=/tmp/p.so -v", "!routine"),
            ("gcc -E -v -", "!routine"),
            ("gcc-foo -v", "!routine"),
            ("gcc-12x -v", "!routine"),
            ("rustc src/lib.rs", "!routine"),
            ("rustc -v", "!routine"),
            ("rustc --print sysroot src/lib.rs", "!routine"),
            ("rustc --print cfg=/tmp/out", "!routine"),
            ("rustc --print crate-name", "!routine"),
            ("rustc --print sysroot -C linker=/tmp/x", "!routine"),
            ("rustc +nightly --print sysroot", "!routine"),
            ("rustc --print sysroot --target \"$T\"", "!routine"),
            ("rustc --vers", "!routine"),
        ],
    );
}

/// rustc is rustup's proxy: a changed rust-toolchain.toml names another toolchain (or a
/// directory of programs) for it to run, as for `rustup show`.
#[test]
fn rustc_printing_forms_ask_when_the_toolchain_file_changed() {
    let f = project();
    let changed = Session {
        changed: vec![f.ws.join("rust-toolchain.toml")],
        written: Vec::new(),
    };
    let v = f.judged_with("rustc --print sysroot", &changed).verdict;
    assert_eq!(short(&v), "build-changed", "{v:?}");
    // A lone `--version` of any rustup proxy runs the toolchain the file picks too; it
    // is routine only while the file is unchanged. Other programs' `--version` is not
    // tied to it.
    for cmd in [
        "rustc --version",
        "cargo --version",
        "rustfmt --version",
        "rustdoc -V",
        "cargo-clippy --version",
        "rust-analyzer --version",
    ] {
        let v = f.judged_with(cmd, &changed).verdict;
        assert_eq!(short(&v), "build-changed", "{cmd}: {v:?}");
        assert_eq!(short(&f.judged(cmd).verdict), "routine", "{cmd}");
    }
    for cmd in ["python3 --version", "node --version", "jq --version"] {
        assert_eq!(
            short(&f.judged_with(cmd, &changed).verdict),
            "routine",
            "{cmd}"
        );
    }
    // Anything else of such a proxy is outside the version form.
    assert_ne!(short(&f.judged("rustfmt --version --x").verdict), "routine");
}

#[test]
fn object_and_property_list_dumps_read_what_they_name() {
    let f = project();
    expect(
        &f,
        &CLEAN,
        &[
            ("otool -L build/app", "routine"),
            ("otool -hv build/app", "routine"),
            ("otool -tV build/app", "routine"),
            ("plutil -p Info.plist", "routine"),
            ("plutil -lint Info.plist", "routine"),
            ("plutil -s Info.plist", "routine"),
            ("plutil Info.plist", "routine"),
            // Rewriting the file, writing another, or options outside the grammar.
            ("plutil -convert xml1 Info.plist", "!routine"),
            ("plutil -convert json Info.plist -o /tmp/x.json", "!routine"),
            ("plutil -insert k -string v Info.plist", "!routine"),
            ("plutil -remove k Info.plist", "!routine"),
            ("plutil -replace k -string v Info.plist", "!routine"),
            ("plutil -p Info.plist -o out.plist", "!routine"),
            ("plutil -lint Info.plist -convert xml1", "!routine"),
            ("plutil Info.plist -remove k", "!routine"),
            ("otool -s __TEXT __text build/app", "!routine"),
            ("otool -arch x86_64 build/app", "!routine"),
            ("otool -c core", "!routine"),
            ("otool --bogus build/app", "!routine"),
        ],
    );
    // What they read, and the path getconf asks about, reach the engine's path floor
    // (which refuses a key): the file's metadata is a read of the key's directory too.
    let home = f.home.display().to_string();
    let key = f.home.join(".ssh/id_rsa");
    for cmd in [
        format!("otool -L {home}/.ssh/id_rsa"),
        format!("plutil -p {home}/.ssh/id_rsa"),
        format!("plutil -lint -- {home}/.ssh/id_rsa"),
        format!("getconf NAME_MAX {home}/.ssh/id_rsa"),
        format!("getconf -a {home}/.ssh/id_rsa"),
        format!("rustc --print cfg --target {home}/.ssh/id_rsa"),
    ] {
        let j = f.judged_with(&cmd, &CLEAN);
        assert!(
            j.findings.iter().any(|x| x.reads.contains(&key)),
            "{cmd}: {:?}",
            j.findings
        );
    }
}

/// On a host reached by ssh the same grammars judge the command run there.
#[test]
fn remote_system_information_is_judged_by_the_same_grammars() {
    let f = project();
    expect(
        &f,
        &CLEAN,
        &[
            ("ssh host 'sw_vers && uname -a && which gcc-4.9'", "routine"),
            (
                "ssh -o ConnectTimeout=5 host sw_vers -productVersion",
                "routine",
            ),
            ("ssh host 'gcc -v; lsb_release -a'", "routine"),
            ("ssh host 'xcode-select --switch /tmp/X.app'", "!routine"),
            ("ssh host 'gcc -o x x.c'", "!routine"),
        ],
    );
}
