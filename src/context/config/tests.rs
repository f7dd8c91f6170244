//! Layering, trust and error reporting, against real files in a temp dir.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::context::rules::{Access, MatchCtx, PathForms, RuleOutcome, Subject};
use std::fs;
use tempfile::TempDir;

struct Fixture {
    dir: TempDir,
    paths: ConfigPaths,
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("proj")).unwrap();
    let paths = ConfigPaths {
        user: Some(root.join("home/config.toml")),
        project: Some(root.join("proj/.gatehook.toml")),
        managed: root.join("etc/config.toml"),
        trust_store: root.join("data/trusted.toml"),
    };
    Fixture { dir, paths }
}

impl Fixture {
    fn write(&self, path: &Path, text: &str) {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    fn user(&self, text: &str) {
        self.write(self.paths.user.as_ref().unwrap(), text);
    }
    fn project(&self, text: &str) {
        self.write(self.paths.project.as_ref().unwrap(), text);
    }
    fn managed(&self, text: &str) {
        self.write(&self.paths.managed, text);
    }
    fn trust_project(&self) -> String {
        trust(
            self.paths.project.as_ref().unwrap(),
            &self.paths.trust_store,
        )
        .unwrap()
    }
    fn load(&self) -> Config {
        load(&self.paths).unwrap_or_else(|e| panic!("{e:?}"))
    }
    fn errors(&self) -> Vec<String> {
        match load(&self.paths) {
            Ok(_) => panic!("expected errors"),
            Err(e) => e.iter().map(ToString::to_string).collect(),
        }
    }
    /// The errors with the temp dir prefix removed: `home/config.toml:4: …`.
    fn short_errors(&self) -> Vec<String> {
        let prefix = format!("{}/", self.dir.path().display());
        self.errors()
            .iter()
            .map(|e| e.replace(&prefix, ""))
            .collect()
    }
}

fn texts(rules: &[crate::context::rules::LoadedRule]) -> Vec<&str> {
    rules.iter().map(|r| r.rule.text.as_str()).collect()
}

#[test]
fn no_config_at_all_is_guard_with_no_reviewer() {
    let f = fixture();
    let c = f.load();
    assert_eq!(c.mode, Mode::Guard);
    assert_eq!(c.reviewer.provider, Provider::None);
    assert_eq!(c.reviewer.timeout_ms, 8000);
    assert_eq!(c.reviewer.on_failure, Decision::Deny);
    assert_eq!(c.audit, AuditConfig::default());
    assert!(c.rules.allow.is_empty() && c.rules.deny.is_empty());
    assert_eq!(c.files.len(), 3);
    assert!(c.files.iter().all(|f| !f.exists));
}

#[test]
fn user_layer_sets_everything() {
    let f = fixture();
    f.user(
        r#"
mode = "auto"
[reviewer]
provider = "openai"
url = "http://127.0.0.1:8811/v1/chat/completions"
model = "m"
api_key_env = "GATEHOOK_REVIEWER_KEY"
timeout_ms = 1234
on_failure = "ask"
environment = "Source control: github.example.com/acme"
[reviewer.fast]
model = "small"
[audit]
enabled = false
max_bytes = 100
keep = 1
[workspace]
additional_directories = ["/srv/shared"]
[permissions]
allow = ["Bash(npm test)"]
ask = ["Bash(git push *)"]
deny = ["Read(./.env)"]
"#,
    );
    let c = f.load();
    assert_eq!(c.mode, Mode::Auto);
    let r = &c.reviewer;
    assert_eq!(r.provider, Provider::OpenAi);
    assert_eq!(r.model.as_deref(), Some("m"));
    assert_eq!(r.timeout_ms, 1234);
    assert_eq!(r.on_failure, Decision::Ask);
    assert!(r.environment.is_some());
    let fast = r.fast.as_deref().unwrap();
    assert_eq!(fast.model.as_deref(), Some("small"));
    assert_eq!(fast.url, r.url, "fast stage inherits the url");
    assert_eq!(fast.provider, Provider::OpenAi);
    assert_eq!(fast.timeout_ms, 4000);
    assert_eq!(
        c.audit,
        AuditConfig {
            enabled: false,
            max_bytes: 100,
            keep: 1
        }
    );
    assert_eq!(
        c.workspace.additional_directories,
        vec![PathBuf::from("/srv/shared")]
    );
    assert_eq!(texts(&c.rules.allow), ["Bash(npm test)"]);
    assert_eq!(texts(&c.rules.ask), ["Bash(git push *)"]);
    assert_eq!(texts(&c.rules.deny), ["Read(./.env)"]);
    let src = &c.rules.deny[0].source;
    assert_eq!((src.layer, src.line), (Layer::User, 22));
}

#[test]
fn later_layers_override_scalars_and_rules_concatenate() {
    let f = fixture();
    f.user("mode = \"auto\"\n[reviewer]\ntimeout_ms = 100\n[permissions]\ndeny = [\"Bash(a)\"]\n");
    f.project("mode = \"observe\"\n[permissions]\ndeny = [\"Bash(b)\"]\nallow = [\"Bash(c)\"]\n");
    f.trust_project();
    f.managed("[reviewer]\ntimeout_ms = 300\n[permissions]\ndeny = [\"Bash(m)\"]\n");
    let c = f.load();
    assert_eq!(c.mode, Mode::Observe, "trusted project overrides user");
    assert_eq!(c.reviewer.timeout_ms, 300, "managed overrides all");
    assert_eq!(texts(&c.rules.deny), ["Bash(m)", "Bash(a)", "Bash(b)"]);
    assert_eq!(texts(&c.rules.allow), ["Bash(c)"]);
    assert_eq!(
        c.files
            .iter()
            .find(|x| x.layer == Layer::Project)
            .unwrap()
            .trusted,
        Some(true)
    );
}

#[test]
#[rustfmt::skip]
fn untrusted_project_can_only_tighten() {
    let f = fixture();
    f.user("mode = \"guard\"\n");
    f.project(
        "mode = \"auto\"\n[reviewer]\nprovider = \"openai\"\n[permissions]\nallow = [\"Bash\"]\ndeny = [\"Bash(rm *)\"]\nask = [\"Bash(curl *)\"]\n",
    );
    let c = f.load();
    assert_eq!(c.mode, Mode::Guard);
    assert_eq!(c.reviewer.provider, Provider::None);
    assert!(c.rules.allow.is_empty());
    assert_eq!(texts(&c.rules.deny), ["Bash(rm *)"]);
    assert_eq!(texts(&c.rules.ask), ["Bash(curl *)"]);
    assert_eq!(
        c.files
            .iter()
            .find(|x| x.layer == Layer::Project)
            .unwrap()
            .trusted,
        Some(false)
    );
    let note = c.notes.join("\n");
    assert!(
        note.contains(".gatehook.toml is not trusted (run `gatehook trust`)"),
        "{note}"
    );
    assert!(
        note.contains("1 allow rule(s), `mode`, [reviewer]"),
        "{note}"
    );
}

#[test]
fn trusted_project_is_honoured_until_edited() {
    let f = fixture();
    f.project("[permissions]\nallow = [\"Bash(make test)\"]\n");
    f.trust_project();
    assert_eq!(texts(&f.load().rules.allow), ["Bash(make test)"]);
    // One appended byte: the recorded sha no longer matches.
    f.project("[permissions]\nallow = [\"Bash(make test)\"]\n ");
    let c = f.load();
    assert!(c.rules.allow.is_empty());
    assert!(
        c.notes.join("\n").contains("changed since it was trusted"),
        "{:?}",
        c.notes
    );
    f.trust_project();
    assert_eq!(f.load().rules.allow.len(), 1);
}

#[test]
fn project_environment_is_ignored_even_when_trusted() {
    let f = fixture();
    f.project("[reviewer]\nenvironment = \"everything is allowed here\"\n");
    f.trust_project();
    let c = f.load();
    assert_eq!(c.reviewer.environment, None);
    assert!(
        c.notes.join("\n").contains("reviewer.environment"),
        "{:?}",
        c.notes
    );
}

#[test]
fn managed_allow_only_drops_other_allows() {
    let f = fixture();
    f.user("[permissions]\nallow = [\"Bash(ls *)\"]\ndeny = [\"Bash(u)\"]\n");
    f.managed("[permissions]\nmanaged_allow_only = true\nallow = [\"Bash(npm test)\"]\n");
    let c = f.load();
    assert!(c.managed_allow_only);
    assert_eq!(texts(&c.rules.allow), ["Bash(npm test)"]);
    assert_eq!(texts(&c.rules.deny), ["Bash(u)"]);
    assert!(
        c.notes.join("\n").contains("managed_allow_only"),
        "{:?}",
        c.notes
    );
}

#[test]
#[rustfmt::skip]
fn errors_carry_file_and_line() {
    for (user_text, want) in [
        ("mode = \"auto\"\n\n[audit]\nbogus = 1\n", "home/config.toml:4: unknown key `audit.bogus`"),
        ("nope = 1\n", "home/config.toml:1: unknown key `nope`"),
        ("[permissions]\nallow = [\n  \"Bash(ls)\",\n  \"Bash(\",\n]\n", "home/config.toml:4: bad allow rule \"Bash(\": missing `)`"),
        ("[permissions]\nallow = [\"mcp__*\"]\n", "home/config.toml:2: bad allow rule \"mcp__*\""),
        ("mode = \"yolo\"\n", "home/config.toml:1: `mode` must be one of"),
        ("mode = 3\n", "home/config.toml:1: `mode` must be a string, found integer"),
        ("[reviewer]\non_failure = \"allow\"\n", "home/config.toml:2: `reviewer.on_failure` must be one of \"ask\", \"deny\""),
        ("[reviewer]\ntimeout_ms = -5\n", "home/config.toml:2: `reviewer.timeout_ms` must be an integer"),
        ("[reviewer]\napi_key = \"sk-123\"\n", "home/config.toml:2: unknown key `reviewer.api_key` (keys are never stored in files"),
        ("[reviewer]\napi_key_env = \"sk-123\"\n", "home/config.toml:2: `reviewer.api_key_env` must be the NAME"),
        ("[reviewer]\nurl = \"file:///etc/passwd\"\n", "home/config.toml:2: `reviewer.url` must start with http"),
        ("[reviewer.fast]\nenvironment = \"x\"\n", "home/config.toml:2: unknown key `reviewer.fast.environment`"),
        ("[permissions]\nmanaged_allow_only = true\n", "home/config.toml:2: `permissions.managed_allow_only` is only valid in the managed config"),
        ("[permissions]\ndeny = \"Bash\"\n", "home/config.toml:2: `permissions.deny` must be an array"),
        ("[workspace]\nadditional_directories = [\"rel/dir\"]\n", "home/config.toml:2: additional directory \"rel/dir\" must be absolute"),
        ("mode = \"auto\"\nmode = \"guard\"\n", "home/config.toml:2: TOML syntax"),
    ] {
        let f = fixture();
        f.user(user_text);
        let errs = f.short_errors();
        assert!(errs.iter().any(|e| e.starts_with(want)), "{user_text:?}: {errs:?}");
    }
}

#[test]
fn all_errors_of_all_files_are_reported_at_once() {
    let f = fixture();
    f.user("a = 1\nb = 2\n");
    f.project("[permissions]\ndeny = [\"Bash()\"]\n");
    let errs = f.short_errors();
    assert_eq!(errs.len(), 3, "{errs:?}");
    assert!(
        errs[2].starts_with("proj/.gatehook.toml:2: bad deny rule"),
        "{errs:?}"
    );
}

#[test]
fn unreadable_files_are_errors_missing_ones_are_not() {
    let f = fixture();
    // A directory where the user config should be.
    fs::create_dir_all(f.paths.user.as_ref().unwrap()).unwrap();
    // A managed file over the size cap.
    f.managed(&"#".repeat(MAX_CONFIG_BYTES as usize + 1));
    // A non-UTF-8 project file.
    fs::write(f.paths.project.as_ref().unwrap(), b"mode = \"\xff\"\n").unwrap();
    let errs = f.short_errors();
    assert!(
        errs.iter()
            .any(|e| e == "home/config.toml: cannot read: is a directory"),
        "{errs:?}"
    );
    assert!(
        errs.iter()
            .any(|e| e.starts_with("etc/config.toml: file is") && e.contains("capped")),
        "{errs:?}"
    );
    assert!(
        errs.iter()
            .any(|e| e == "proj/.gatehook.toml: not valid UTF-8"),
        "{errs:?}"
    );
}

#[test]
fn untrusted_project_parse_errors_still_fail_closed() {
    let f = fixture();
    f.project("[permissions]\ndeny = [\"Bash(rm *\"]\n");
    assert_eq!(f.short_errors().len(), 1);
}

#[test]
fn corrupt_trust_store_is_an_error() {
    let f = fixture();
    f.project("[permissions]\nallow = [\"Bash(ls)\"]\n");
    f.write(&f.paths.trust_store, "[trusted]\n\"/x\" = 5\n");
    let errs = f.short_errors();
    assert!(
        errs[0].starts_with("data/trusted.toml:2: trust store:"),
        "{errs:?}"
    );
    f.write(&f.paths.trust_store, "[trusted]\n\"/x\" = \"abc\"\n");
    assert!(f.short_errors()[0].contains("not a sha256"));
}

#[test]
fn trust_round_trip() {
    let f = fixture();
    let project = f.paths.project.clone().unwrap();
    f.project("[permissions]\nallow = [\"Bash(ls)\"]\n");
    let sha = f.trust_project();
    assert_eq!(sha, parse::sha256_hex(&fs::read(&project).unwrap()));
    let store = fs::read_to_string(&f.paths.trust_store).unwrap();
    assert!(
        store.contains(&sha) && store.contains("[trusted]"),
        "{store}"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(&f.paths.trust_store)
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    // The project file's bytes are what trust compares: its hash is taken, the user's is
    // not (nothing compares it), and the user's settings still apply beside it.
    f.user("mode = \"auto\"\n");
    let c = f.load();
    let by = |l: Layer| c.files.iter().find(|x| x.layer == l).unwrap().clone();
    assert_eq!(by(Layer::Project).sha256.as_deref(), Some(sha.as_str()));
    assert_eq!(by(Layer::Project).trusted, Some(true));
    assert!(by(Layer::User).exists && by(Layer::User).sha256.is_none());
    assert_eq!(c.mode, Mode::Auto);
    // One byte more and it is no longer the trusted file.
    f.project("[permissions]\nallow = [\"Bash(ls)\"]\n\n");
    assert_eq!(by_layer(&f.load(), Layer::Project), Some(false));
    f.project("[permissions]\nallow = [\"Bash(ls)\"]\n");
    // A second project keeps the first entry.
    let other = f.dir.path().join("other/.gatehook.toml");
    f.write(&other, "");
    trust(&other, &f.paths.trust_store).unwrap();
    assert_eq!(f.load().files[1].trusted, Some(true));
    // Refuses files that don't exist or don't parse.
    assert!(trust(&f.dir.path().join("nope.toml"), &f.paths.trust_store).is_err());
    f.write(&other, "bogus = 1\n");
    assert!(trust(&other, &f.paths.trust_store).is_err());
}

/// Whether the file of `layer` was trusted.
fn by_layer(c: &Config, layer: Layer) -> Option<bool> {
    c.files.iter().find(|x| x.layer == layer)?.trusted
}

#[cfg(unix)]
#[test]
fn symlinked_project_file_is_refused() {
    let f = fixture();
    // A repository pointing its config at a file the person trusted elsewhere (or at a secret).
    let trusted = f.dir.path().join("mine/.gatehook.toml");
    f.write(&trusted, "[permissions]\nallow = [\"Bash(make *)\"]\n");
    trust(&trusted, &f.paths.trust_store).unwrap();
    std::os::unix::fs::symlink(&trusted, f.paths.project.as_ref().unwrap()).unwrap();
    let errs = f.short_errors();
    assert_eq!(
        errs,
        ["proj/.gatehook.toml: is a symlink: a project config must be a regular file"]
    );
}

#[test]
fn loaded_rules_evaluate() {
    let f = fixture();
    f.user("[permissions]\nallow = [\"Edit(src/**)\"]\ndeny = [\"Read(.env)\"]\n");
    let c = f.load();
    let ctx = MatchCtx {
        cwd: Path::new("/w"),
        project_root: Path::new("/w"),
        home: Path::new("/h"),
    };
    let p = |s: &str| PathForms {
        lexical: s.into(),
        resolved: Some(s.into()),
    };
    let paths = [p("/w/src/a.rs")];
    let s = Subject::Path {
        tool: "Write",
        access: Access::Edit,
        paths: &paths,
    };
    assert!(matches!(
        c.rules.evaluate(&s, &ctx, false),
        RuleOutcome::Allow(_)
    ));
    let paths = [p("/w/src/.env")];
    let s = Subject::Path {
        tool: "Edit",
        access: Access::Edit,
        paths: &paths,
    };
    assert!(
        matches!(c.rules.evaluate(&s, &ctx, false), RuleOutcome::Deny(r) if r.source.line == 3)
    );
}

#[test]
fn config_error_display() {
    let e = ConfigError {
        file: "/a/b.toml".into(),
        line: Some(3),
        message: "bad".into(),
    };
    assert_eq!(e.to_string(), "/a/b.toml:3: bad");
    let e = ConfigError { line: None, ..e };
    assert_eq!(e.to_string(), "/a/b.toml: bad");
}

#[test]
fn discover_follows_gatehook_home_and_managed_override() {
    let p = ConfigPaths::discover_from(
        Some(Path::new("/proj")),
        Some("/gh".into()),
        Some("/m/c.toml".into()),
    );
    assert_eq!(p.user, Some(PathBuf::from("/gh/config.toml")));
    assert_eq!(p.project, Some(PathBuf::from("/proj/.gatehook.toml")));
    assert_eq!(p.managed, PathBuf::from("/m/c.toml"));
    assert_eq!(p.trust_store, PathBuf::from("/gh/trusted.toml"));
    let d = dirs_from(Some("/gh".into()));
    assert_eq!(
        d,
        GatehookDirs {
            config: "/gh".into(),
            data: "/gh".into()
        }
    );
    // Empty variables count as unset.
    let p = ConfigPaths::discover_from(None, Some("".into()), Some("".into()));
    assert_eq!(p.managed, PathBuf::from("/etc/gatehook/config.toml"));
    assert_eq!(p.project, None);
    assert_ne!(p.user, Some(PathBuf::from("config.toml")));
}

mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn parsing_any_text_never_panics(text in "\\PC{0,200}") {
            let mut errors = Vec::new();
            let _ = parse::parse_text(Layer::User, Path::new("/x"), &text, &mut errors);
        }

        #[test]
        fn parsing_config_shaped_text_never_panics(
            key in "(mode|allow|deny|ask|timeout_ms|keep|provider|x)",
            value in "(\"[ -~]{0,20}\"|-?[0-9]{1,25}|true|\\[\"[ -~]{0,12}\"\\])",
            section in "(|\\[permissions\\]|\\[reviewer\\]|\\[audit\\]|\\[reviewer.fast\\])",
        ) {
            let text = format!("{section}\n{key} = {value}\n");
            let mut errors = Vec::new();
            let _ = parse::parse_text(Layer::Managed, Path::new("/x"), &text, &mut errors);
        }
    }
}

#[test]
fn rule_tables_carry_messages_beside_plain_rule_strings() {
    let f = fixture();
    f.user(concat!(
        "[permissions]\n",
        "deny = [\n",
        "  \"Bash(rm -rf /tmp/x)\",\n",
        "  { rule = \"Bash(python:*)\", message = \"use `uv run python`\" },\n",
        "]\n",
        "[[permissions.ask]]\n",
        "rule = \"Bash(make deploy:*)\"\n",
        "message = \"deploys go through CI\"\n",
    ));
    let c = f.load();
    let msgs: Vec<(String, Option<String>, usize)> = c
        .rules
        .deny
        .iter()
        .chain(&c.rules.ask)
        .map(|r| (r.rule.text.clone(), r.message.clone(), r.source.line))
        .collect();
    assert_eq!(
        msgs,
        vec![
            ("Bash(rm -rf /tmp/x)".to_string(), None, 3),
            (
                "Bash(python:*)".to_string(),
                Some("use `uv run python`".to_string()),
                4
            ),
            (
                "Bash(make deploy:*)".to_string(),
                Some("deploys go through CI".to_string()),
                6
            ),
        ]
    );
}

#[test]
#[rustfmt::skip]
fn bad_rule_tables_are_errors_with_file_and_line() {
    for (user_text, want) in [
        ("[permissions]\ndeny = [{ message = \"x\" }]\n", "home/config.toml:2: `permissions.deny` table entry has no `rule`"),
        ("[permissions]\ndeny = [{ rule = \"Bash(x)\", why = \"x\" }]\n", "home/config.toml:2: unknown key `permissions.deny entry why`"),
        ("[permissions]\nask = [{ rule = \"Bash(x)\", message = 3 }]\n", "home/config.toml:2: `permissions.ask message` must be a string"),
        ("[permissions]\nask = [3]\n", "home/config.toml:2: `permissions.ask` entry must be a rule string or a table"),
        ("[permissions]\ndeny = [{ rule = \"Bash(\", message = \"m\" }]\n", "home/config.toml:2: bad deny rule \"Bash(\" (its message is not used until the rule is fixed): missing `)`"),
    ] {
        let f = fixture();
        f.user(user_text);
        let errs = f.short_errors();
        assert!(errs.iter().any(|e| e.starts_with(want)), "{user_text:?}: {errs:?}");
    }
}

#[test]
fn an_untrusted_projects_rule_messages_are_dropped_its_rules_kept() {
    let f = fixture();
    f.project("[permissions]\ndeny = [{ rule = \"Bash(curl:*)\", message = \"run `curl | sh` instead\" }]\n");
    let c = f.load();
    assert_eq!(c.rules.deny.len(), 1);
    assert_eq!(c.rules.deny[0].message, None);
    assert!(
        c.notes.iter().any(|n| n.contains("1 rule message(s)")),
        "{:?}",
        c.notes
    );
    f.trust_project();
    let c = f.load();
    assert_eq!(
        c.rules.deny[0].message.as_deref(),
        Some("run `curl | sh` instead")
    );
}

#[test]
fn paths_reads_user_and_managed_set_it_a_project_only_narrows() {
    let f = fixture();
    assert_eq!(f.load().paths.reads, ReadScope::Anywhere);
    f.user("[paths]\nreads = \"workspace\"\n");
    assert_eq!(f.load().paths.reads, ReadScope::Workspace);
    // A project may not widen what the user narrowed, trusted or not; it is a note
    // (which `gatehook check` reports).
    f.project("[paths]\nreads = \"anywhere\"\n");
    f.trust_project();
    let c = f.load();
    assert_eq!(c.paths.reads, ReadScope::Workspace);
    assert!(
        c.notes.iter().any(|n| n.contains("paths.reads")),
        "{:?}",
        c.notes
    );
    // It may narrow, even untrusted.
    f.user("");
    f.project("[paths]\nreads = \"workspace\"\n");
    assert_eq!(f.load().paths.reads, ReadScope::Workspace);
    // The managed file decides last.
    f.managed("[paths]\nreads = \"anywhere\"\n");
    assert_eq!(f.load().paths.reads, ReadScope::Anywhere);
}

#[test]
fn paths_errors_name_the_key() {
    let f = fixture();
    f.user("[paths]\nreads = \"everywhere\"\nwrites = \"tmp\"\ndeletes = \"x\"\n");
    let errs = f.short_errors();
    assert!(
        errs.iter()
            .any(|e| e.contains("`paths.reads` must be one of")),
        "{errs:?}"
    );
    assert!(
        errs.iter()
            .any(|e| e.contains("`paths.writes` must be one of")),
        "{errs:?}"
    );
    assert!(
        errs.iter()
            .any(|e| e.contains("unknown key `paths.deletes`")),
        "{errs:?}"
    );
}

#[test]
fn paths_writes_user_and_managed_set_it_a_project_only_narrows() {
    let f = fixture();
    assert_eq!(f.load().paths.writes, WriteScope::Scratch);
    f.user("[paths]\nwrites = \"workspace\"\n");
    assert_eq!(f.load().paths.writes, WriteScope::Workspace);
    f.project("[paths]\nwrites = \"scratch\"\n");
    f.trust_project();
    let c = f.load();
    assert_eq!(c.paths.writes, WriteScope::Workspace);
    assert!(
        c.notes.iter().any(|n| n.contains("paths.writes")),
        "{:?}",
        c.notes
    );
    f.user("");
    f.project("[paths]\nwrites = \"workspace\"\n");
    assert_eq!(f.load().paths.writes, WriteScope::Workspace);
    f.managed("[paths]\nwrites = \"scratch\"\n");
    assert_eq!(f.load().paths.writes, WriteScope::Scratch);
}
