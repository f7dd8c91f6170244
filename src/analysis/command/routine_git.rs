//! The command floor's glue for git (whose grammar is `effects::programs::git`) and fzf.
//!
//! For git it places what the grammar found (paths relative to `-C`), decides how the
//! remote reads and local repository changes a subcommand makes stand on the fast path
//! (fetches and local recoverable changes are routine; the tiers of the rest are in
//! `destructive_git`), resolves a word git reads as a revision or a path by looking at
//! the working tree, checks the repository git would use for configuration and hooks
//! the agent could have planted (`git_repo`), and checks what `git config` and
//! `git remote -v` would print for secrets. fzf's bindings and previews run shell
//! commands, judged again.

use super::core::{can_recurse, Class, Cmd, Judge, JudgeCtx, Look, Verdict};
use super::git_repo::{self, GitDir, Risk};
use super::policy;
use crate::analysis::effects::programs::git::{self as git_fx, ConfigQuery, GitCall};
use crate::analysis::effects::{Change, Code, Effect};
use crate::context::floor::{self, Access, PathClass};
use crate::context::paths;
use std::path::{Path, PathBuf};

/// Read a git argv through its grammar.
pub(super) fn parse<'a>(cmd: &Cmd<'a>) -> Result<GitCall<'a>, String> {
    git_fx::parse(cmd.argv, cmd.dynamic).map_err(|e| format!("git: {e}"))
}

/// The directory git runs in: the command's, moved by each `-C`.
pub(super) fn git_cwd(call: &GitCall, cmd: &Cmd) -> Option<PathBuf> {
    let mut d = cmd.cwd.dir()?.to_path_buf();
    for c in &call.globals.dirs {
        d = paths::normalize(&d.join(c));
    }
    Some(d)
}

/// The call's effects with an ambiguous word read the way git would read it here: a
/// path when something by that name exists in the working directory, else a revision.
pub(super) fn resolved_effects(call: &GitCall, cmd: &Cmd) -> Vec<Effect> {
    let mut v = call.effects.clone();
    if let Some(a) = &call.ambiguous {
        let is_path = git_cwd(call, cmd)
            .map(|d| std::fs::symlink_metadata(d.join(&a.word)).is_ok())
            .unwrap_or(true);
        v.extend(if is_path {
            a.as_path.iter().cloned()
        } else {
            a.as_revision.iter().cloned()
        });
    }
    v
}

/// Remote exchanges that only read (what a fetch brings in is data until merged).
fn reads_remote(e: &Effect) -> bool {
    match e {
        Effect::Remote {
            service,
            action,
            change: Change::Read,
            ..
        } => service == "git" && matches!(action.as_str(), "fetch" | "ls-remote" | "remote show"),
        _ => false,
    }
}

/// git's look.
pub(super) fn look(cmd: &Cmd, ctx: &JudgeCtx) -> Look {
    let call = match parse(cmd) {
        Ok(c) => c,
        Err(e) => return Look::unknown(e),
    };
    // On an ssh host (`ssh HOST 'git …'`) the repository is the host's: nothing here says
    // what its configuration holds, and its paths are not this machine's.
    if cmd.sc.remote.is_some() {
        return on_host(&call, cmd);
    }
    let Some(gcwd) = git_cwd(&call, cmd) else {
        return Look::unknown("git runs after a cd whose target is not known");
    };
    // -C, --git-dir and --work-tree must stay in the workspace.
    for (what, p) in call
        .globals
        .dirs
        .iter()
        .map(|d| ("-C", d))
        .chain(call.globals.git_dir.iter().map(|d| ("--git-dir", d)))
        .chain(call.globals.work_tree.iter().map(|d| ("--work-tree", d)))
    {
        let base = if what == "-C" {
            cmd.cwd.dir().map(Path::to_path_buf)
        } else {
            Some(gcwd.clone())
        };
        let Some(base) = base else {
            return Look::unknown(format!("git {what} after a cd to an unknown place"));
        };
        let forms = paths::forms(p, &base, ctx.home);
        if !ctx.workspace.contains(&forms) {
            return Look::unknown(format!("git {what} {p} is outside the workspace"));
        }
    }
    if let Some(r) = &call.rejected {
        let mut l = Look::routine(format!(
            "{} (git rejects {r}: its revision and diff options are not abbreviated)",
            call.does
        ));
        l.uses_cwd = true;
        return l;
    }
    let mut effects = resolved_effects(&call, cmd);
    // The tracked files whose contents it prints or searches, as the work-tree paths they
    // come from: a hard link to a credential there is read as other tree readers read it.
    if let Some(c) = &call.contents {
        // With `--git-dir` the repository is not the one found from the directory.
        let own_repo = call.globals.git_dir.is_none();
        effects.extend(content_reads(c, &gcwd, own_repo));
    }
    // Paths the subcommand names are relative to the directory git runs in.
    if !call.globals.dirs.is_empty() {
        let prefix = call.globals.dirs.join("/");
        for e in &mut effects {
            if let Effect::Read { path, .. }
            | Effect::Write { path, .. }
            | Effect::Delete { path, .. } = e
            {
                if !path.starts_with('/') {
                    *path = format!("{prefix}/{path}");
                }
            }
        }
    }
    if call.uses_repo {
        let gd = git_dir(&call, &gcwd);
        if let Some(g) = &gd {
            if let Some(risk) = repo_risk(g, ctx) {
                match risk {
                    Risk::Runs(what) => effects.push(Effect::Run {
                        code: Code::Hidden { what },
                    }),
                    Risk::Unknown(why) => effects.push(Effect::unknown(why)),
                    Risk::HooksChanged(files) => {
                        let mut l = policy::from_effects(call.does, effects);
                        l.class = Class::BuildFilesChanged { files };
                        l.uses_cwd = true;
                        return l;
                    }
                }
            }
        }
        if let Some(secret) = printed_secret(&call, gd.as_ref(), &gcwd, ctx) {
            effects.push(Effect::Secret { what: secret });
        }
    }
    // Fetching only reads: the remote exchange of a fetch is not held against it.
    let judged: Vec<Effect> = effects
        .iter()
        .filter(|e| {
            !(reads_remote(e)
                || fetches(&call) && matches!(e, Effect::Net { sends, .. } if sends.is_empty()))
        })
        .cloned()
        .collect();
    let mut l = policy::from_effects(call.does, judged);
    if call.sub == "clone" && matches!(l.class, Class::Routine { .. }) {
        l.class = Class::Unknown {
            reason: "git clone downloads a repository".into(),
        };
    }
    if let Class::Routine { reason } = &mut l.class {
        *reason = routine_reason(&effects, reason);
    }
    l.effects = effects;
    l.uses_cwd = call.uses_repo || call.sub.is_empty();
    l
}

/// The reads of the work-tree paths a content read covers (see `git_fx::Contents`), as
/// words relative to the directory git runs in (or absolute, at the repository's top):
/// a directory is read whole without following links (`Reach::Tree`), anything else as
/// the file without following a link there (git prints a link's text, never its target).
/// An operand before `--` is a path when something by that name is there, as git tells it
/// from a revision, and one that is neither (`may_be_revision`) makes git stop before it
/// prints anything; a pathspec with `:` magic (`:/`, `:!x`) may name anything in the
/// repository; a pattern reads below its literal directory.
fn content_reads(c: &git_fx::Contents, gcwd: &Path, own_repo: bool) -> Vec<Effect> {
    use crate::analysis::effects::Reach;
    let top = git_repo::discover(gcwd)
        .and_then(|g| g.worktree)
        .unwrap_or_else(|| gcwd.to_path_buf());
    let mut out = Vec::new();
    let mut read = |word: String, base: &Path| {
        let tree = std::fs::symlink_metadata(base.join(&word)).is_ok_and(|m| m.is_dir());
        let reach = if tree {
            Reach::Tree
        } else {
            Reach::FileNoFollow
        };
        let e = Effect::Read { path: word, reach };
        if !out.contains(&e) {
            out.push(e);
        }
    };
    let rel_top = |p: &str| top.join(p).display().to_string();
    let mut named = false;
    let mut neither = false;
    let repo = git_repo::discover(gcwd);
    for w in &c.maybe_paths {
        if std::fs::symlink_metadata(gcwd.join(w)).is_ok() {
            named = true;
            read(w.clone(), gcwd);
        } else if !may_be_revision(w, repo.as_ref()) {
            neither = true;
        }
    }
    // An operand that is neither a path nor a revision: git stops ("ambiguous argument
    // …: unknown revision or path not in the working tree") before it prints anything.
    if neither && c.paths.is_empty() {
        return out;
    }
    for w in &c.paths {
        named = true;
        if w.starts_with(':') {
            read(top.display().to_string(), Path::new("/"));
        } else if w.contains(['*', '?', '[']) {
            let lit = w[..w.find(['*', '?', '[']).unwrap_or(0)]
                .rsplit_once('/')
                .map_or(".", |(d, _)| if d.is_empty() { "/" } else { d });
            read(lit.to_string(), gcwd);
        } else {
            read(w.clone(), gcwd);
        }
    }
    for (p, relative) in &c.blobs {
        named = true;
        if *relative {
            read(p.clone(), gcwd);
        } else {
            read(rel_top(p), Path::new("/"));
        }
    }
    // `cat-file -p HEAD`: a commit's own text, once the repository shows HEAD leads to a
    // commit; otherwise any blob may be printed.
    if c.head_object && !(own_repo && repo.as_ref().is_some_and(git_repo::head_is_commit)) {
        read(top.display().to_string(), Path::new("/"));
    }
    if !named {
        match c.whole {
            git_fx::Whole::Named => {}
            git_fx::Whole::Cwd => read(".".into(), gcwd),
            git_fx::Whole::Top => read(top.display().to_string(), Path::new("/")),
        }
    }
    out
}

/// Could git read `word` as a revision? Anything with revision syntax (`~`, `^`, `:`, `@`,
/// `{`, `..`), an object name's hex (4 or more digits, or `describe`'s `-gHEX`), the
/// special heads, or a ref the repository has as git resolves a short name
/// (gitrevisions(7): `W`, `refs/W`, `refs/tags/W`, `refs/heads/W`, `refs/remotes/W`,
/// `refs/remotes/W/HEAD`, loose or in `packed-refs`). Where the refs cannot be read (no
/// repository found, the reftable backend, an unreadable `packed-refs`) it may be.
fn may_be_revision(word: &str, repo: Option<&git_repo::GitDir>) -> bool {
    const HEADS: &[&str] = &[
        "HEAD",
        "FETCH_HEAD",
        "ORIG_HEAD",
        "MERGE_HEAD",
        "CHERRY_PICK_HEAD",
        "REVERT_HEAD",
        "REBASE_HEAD",
        "BISECT_HEAD",
        "AUTO_MERGE",
        "stash",
    ];
    let hex = |s: &str| s.len() >= 4 && s.chars().all(|c| c.is_ascii_hexdigit());
    if word.is_empty()
        || word.contains(['~', '^', ':', '@', '{', '}'])
        || word.contains("..")
        || word.starts_with('-')
        || hex(word)
        || word.rsplit_once("-g").is_some_and(|(_, h)| hex(h))
        || HEADS.contains(&word)
    {
        return true;
    }
    let Some(repo) = repo else {
        return true;
    };
    let dirs: Vec<&Path> = std::iter::once(repo.dir.as_path())
        .chain(repo.common.as_deref())
        .collect();
    let names = [
        word.to_string(),
        format!("refs/{word}"),
        format!("refs/tags/{word}"),
        format!("refs/heads/{word}"),
        format!("refs/remotes/{word}"),
        format!("refs/remotes/{word}/HEAD"),
    ];
    for d in &dirs {
        if d.join("reftable").exists() {
            return true;
        }
        if names
            .iter()
            .any(|n| std::fs::symlink_metadata(d.join(n)).is_ok())
        {
            return true;
        }
        match std::fs::read_to_string(d.join("packed-refs")) {
            Ok(text) => {
                if text.lines().any(|l| {
                    l.split_once(' ')
                        .is_some_and(|(_, r)| names.iter().any(|n| n == r))
                }) {
                    return true;
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(_) => return true,
        }
    }
    false
}

/// git as it runs on an ssh host: judged by what the call does; what it would print from
/// the host's configuration (`git config --get`, remote URLs) cannot be checked for secrets.
fn on_host(call: &GitCall, cmd: &Cmd) -> Look {
    let mut effects = resolved_effects(call, cmd);
    let remote_urls = call.sub == "remote"
        && (matches!(call.verb, Some("get-url" | "show"))
            || (call.verb == Some("") && call.parsed.has("--verbose")));
    if call.config_query.is_some() || remote_urls {
        effects.push(Effect::unknown(
            "git prints configuration of the host that gatehook cannot check for secrets",
        ));
    }
    let judged: Vec<Effect> = effects
        .iter()
        .filter(|e| {
            !(reads_remote(e)
                || fetches(call) && matches!(e, Effect::Net { sends, .. } if sends.is_empty()))
        })
        .cloned()
        .collect();
    let mut l = policy::from_effects(call.does, judged);
    if call.sub == "clone" && matches!(l.class, Class::Routine { .. }) {
        l.class = Class::Unknown {
            reason: "git clone downloads a repository".into(),
        };
    }
    l.effects = effects;
    l.uses_cwd = call.uses_repo || call.sub.is_empty();
    l
}

fn fetches(call: &GitCall) -> bool {
    matches!(call.sub, "fetch" | "pull" | "ls-remote")
        || (call.sub == "remote" && matches!(call.verb, Some("update" | "show")))
}

/// A reason line that says what the command does.
fn routine_reason(effects: &[Effect], does: &str) -> String {
    if effects.iter().any(|e| matches!(e, Effect::Repo { .. })) {
        format!("{does} (a local change git can undo)")
    } else {
        does.to_string()
    }
}

/// The git directory the call would use.
fn git_dir(call: &GitCall, gcwd: &Path) -> Option<GitDir> {
    match &call.globals.git_dir {
        Some(d) => Some(git_repo::explicit(&paths::normalize(&gcwd.join(d)))),
        None => git_repo::discover(gcwd),
    }
}

/// What the repository `g` would run or the floor cannot read: once per repository and
/// baseline in one evaluation (`paths::kept`; the workspace and floor it is judged against
/// are the evaluation's, but an edit's text is judged without the session's baseline).
fn repo_risk(g: &GitDir, ctx: &JudgeCtx) -> Option<Risk> {
    use std::os::unix::ffi::OsStrExt;
    // The baseline judged against (by address), then the home and every field of `g`,
    // each NUL-terminated (no path holds a NUL).
    let baseline = std::ptr::from_ref(ctx.baseline).cast::<()>() as usize;
    let mut key = baseline.to_le_bytes().to_vec();
    for p in [
        Some(ctx.home),
        Some(g.dir.as_path()),
        g.common.as_deref(),
        g.worktree.as_deref(),
    ] {
        key.push(u8::from(p.is_some()));
        key.extend_from_slice(p.map_or(&[][..], |p| p.as_os_str().as_bytes()));
        key.push(0);
    }
    crate::context::paths::kept("git-repo-risk", &key, || judge_repo(g, ctx))
}

fn judge_repo(g: &GitDir, ctx: &JudgeCtx) -> Option<Risk> {
    let in_ws = |p: &Path| {
        ctx.workspace.contains(&paths::forms(
            &p.display().to_string(),
            Path::new("/"),
            ctx.home,
        ))
    };
    let protected = |p: &Path| {
        matches!(
            floor::classify(p, Access::Write, ctx.floor),
            Some(PathClass::Protected { .. } | PathClass::HarnessConfig { .. })
        ) || git_repo::under_dot_git(p)
    };
    let changed = |f: &[PathBuf]| ctx.baseline.changed(f);
    git_repo::check(g, ctx.home, &in_ws, &protected, &changed)
}

/// A secret the command would print: configuration values (`git config --list`,
/// `--get KEY`) and remote URLs (`git remote -v`, `get-url`) holding a password or token.
fn printed_secret(
    call: &GitCall,
    g: Option<&GitDir>,
    gcwd: &Path,
    ctx: &JudgeCtx,
) -> Option<String> {
    let remote_urls = call.sub == "remote"
        && (matches!(call.verb, Some("get-url" | "show"))
            || (call.verb == Some("") && call.parsed.has("--verbose")));
    let query = match (&call.config_query, remote_urls) {
        (Some(q), _) => q.clone(),
        (None, true) => ConfigQuery::All,
        (None, false) => return None,
    };
    // A key that holds a credential by its name is one whatever the files hold now (CI
    // writes the token there when the job starts).
    let by_name = match &query {
        ConfigQuery::Key(k) => git_fx::credential_key(k).then(|| k.clone()),
        ConfigQuery::Pattern(p) => git_fx::credential_pattern(p).then(|| p.clone()),
        ConfigQuery::All => None,
    };
    if let Some(k) = by_name {
        return Some(format!(
            "the credentials git keeps in the settings {k} selects (an Authorization header, a URL with a token)"
        ));
    }
    let mut files: Vec<PathBuf> = match call.parsed.value("--file") {
        Some(f) if call.sub == "config" => vec![paths::normalize(&gcwd.join(f))],
        _ => git_repo::config_files(ctx.home, g),
    };
    // git reads the files a configuration includes (`include.path`, and
    // `includeIf.<condition>.path` whose condition may hold: taken as holding) where the
    // include stands, and prints their values as its own (git-config(1) "INCLUDES"): a
    // repository's config may include any file of the person's with a token in it, and
    // one git cannot parse (`~/.git-credentials`) cannot be checked. Followed as git
    // follows them, to at most 32 files.
    let mut i = 0;
    while i < files.len() {
        let f = files[i].clone();
        i += 1;
        let entries = match git_repo::read_config(&f) {
            Ok(Some(e)) => e,
            Ok(None) => continue,
            Err(_) => return Some(format!("configuration it cannot check ({})", f.display())),
        };
        for e in &entries {
            let include = e.key == "include.path"
                || (e.key.starts_with("includeif.") && e.key.ends_with(".path"));
            let Some(v) = e.value.as_deref().filter(|v| include && !v.is_empty()) else {
                continue;
            };
            if files.len() >= 32 {
                return Some(format!(
                    "configuration it cannot check (too many includes from {})",
                    f.display()
                ));
            }
            let target = match v.strip_prefix("~/") {
                Some(rest) => ctx.home.join(rest),
                None => f.parent().unwrap_or(Path::new("/")).join(v),
            };
            let target = paths::normalize(&target);
            if !files.contains(&target) {
                files.push(target);
            }
        }
        for e in entries {
            if remote_urls
                && !(e.key.starts_with("remote.")
                    && (e.key.ends_with(".url") || e.key.ends_with(".pushurl")))
            {
                continue;
            }
            let asked = match &query {
                ConfigQuery::All | ConfigQuery::Pattern(_) => true,
                ConfigQuery::Key(k) => e.key.eq_ignore_ascii_case(k),
            };
            if asked && git_repo::secret_entry(&e) {
                return Some(format!("the secret in git's {} setting", e.key));
            }
        }
    }
    None
}

/// fzf actions that run a shell command.
const FZF_EXEC_ACTIONS: &[&str] = &[
    "execute",
    "execute-silent",
    "execute-multi",
    "become",
    "reload",
    "reload-sync",
    "preview",
    "change-preview",
    "transform",
    "transform-query",
    "transform-prompt",
    "transform-header",
    "transform-footer",
    "transform-border-label",
    "transform-preview-label",
    "transform-list-label",
    "transform-input-label",
    "transform-header-label",
    "transform-footer-label",
    "transform-ghost",
    "transform-pointer",
    "transform-nth",
    "transform-search",
    "bg-transform",
];

/// fzf: a picker; its `--preview` and `--bind` commands are judged like any command.
pub(super) fn fzf(cmd: &Cmd, ctx: &JudgeCtx, judge: &dyn Judge) -> Look {
    let args = cmd.args();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        if a == "--listen-unsafe" || a.starts_with("--listen-unsafe=") {
            return Look::unknown("fzf --listen-unsafe lets others run commands");
        }
        let (name, value) = match a.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (a.as_str(), None),
        };
        if matches!(name, "--preview" | "--bind" | "--with-shell") {
            let v = match value {
                Some(v) => v,
                None => {
                    i += 1;
                    args.get(i).cloned().unwrap_or_default()
                }
            };
            if name == "--with-shell" {
                return Look::unknown("fzf --with-shell changes the shell that runs commands");
            }
            let commands = if name == "--preview" {
                vec![v]
            } else {
                bind_commands(&v)
            };
            for c in commands {
                if !routine_text(&c, ctx, cmd, judge) {
                    return Look::unknown(format!("fzf runs `{c}`, which is not routine"));
                }
            }
        }
        i += 1;
    }
    Look::routine("an interactive picker")
}

fn routine_text(text: &str, ctx: &JudgeCtx, _cmd: &Cmd, judge: &dyn Judge) -> bool {
    if !can_recurse(1) {
        return false;
    }
    let j = judge.text(text, ctx, 1);
    j.verdict == Verdict::Routine && j.writes.is_empty()
}

/// The shell commands in an fzf `--bind` value (`key:execute(cmd)+reload:cmd,…`).
fn bind_commands(v: &str) -> Vec<String> {
    let mut out = Vec::new();
    for action in v.split(['+', ',']) {
        let action = action.trim();
        for name in FZF_EXEC_ACTIONS {
            // `name(cmd)`, `name:cmd`, `name[cmd]`, … anywhere after `key:`.
            for sep in [
                "(", ":", "[", "{", "<", "~", "!", "@", "#", "$", "%", "^", "&", "*", ";", "/", "|",
            ] {
                let pat = format!("{name}{sep}");
                if let Some(pos) = action.find(&pat) {
                    let before = &action[..pos];
                    if !(before.is_empty() || before.ends_with(':')) {
                        continue;
                    }
                    let body = &action[pos + pat.len()..];
                    let body = match sep {
                        "(" => body.strip_suffix(')').unwrap_or(body),
                        "[" => body.strip_suffix(']').unwrap_or(body),
                        "{" => body.strip_suffix('}').unwrap_or(body),
                        "<" => body.strip_suffix('>').unwrap_or(body),
                        _ => body.strip_suffix(sep).unwrap_or(body),
                    };
                    out.push(body.to_string());
                }
            }
        }
    }
    // Anything that looks like an exec action but was not parsed is judged whole.
    if out.is_empty()
        && ["execute", "become", "reload"]
            .iter()
            .any(|a| v.contains(a))
    {
        out.push(v.to_string());
    }
    out
}
