//! Where a definition or configuration file makes a tool fetch code from, and what it lets
//! a tool execute. Two judgements on the new text of such a file (`edits` hands it over):
//!
//! - **A dependency source** ([`new_source`]): a network place a tool fetches code or
//!   packages from (a git repository, an archive, a package repository, resolver, registry,
//!   index or mirror) or pushes data to (a remote store: `s3://`, `gs://`, `ssh://`…) that
//!   the file did not name before. The next build, install or push goes there: sbt's
//!   `resolvers += "x" at URL`, Bazel's `archive_override(urls = […])` and `http_archive`,
//!   `deps.edn`'s `:git/url`, stack's `extra-deps: - git:`, a pubspec's `git:`/`hosted:`,
//!   `build.zig.zon`'s `.url`, a Chart.yaml dependency's `repository`, DVC's `['remote
//!   "x"'] url`, Cargo's `git =`, a package.json dependency given as a URL. A URL is read
//!   by the keys around it (`key_path`: JSON, YAML and TOML nesting, EDN keywords, ZON's
//!   `.field`, Starlark's calls and keyword arguments, sbt's `+=`). Metadata stays an
//!   ordinary edit: homepage, documentation, bugs, changelog, funding, license, `$schema`,
//!   a project's links map (`[project.urls]`, `project_urls`), and a package's own
//!   `repository`/`source` at its top level (Cargo's `[package] repository`,
//!   package.json's `repository.url`, pubspec's `repository`, Chart.yaml's `sources`).
//!   Dependencies by name and version from the default registry name no URL and stay
//!   ordinary. A URL the file already holds (an edit that keeps a line) is not new.
//!   In the ecosystems' manifests ([`MANIFESTS`]) every other URL is a source; in other
//!   configuration only a URL that is a git or archive URL, a remote store, or set under a
//!   key that says source (`git`, `repository`, `registry`, `index`, `remote`, `mirror`…).
//!   No host is trusted by name: github.com serves anyone's code, and a Helm chart
//!   repository or a Maven resolver is the person's choice (Helm has no default
//!   repository, so a new chart dependency always names one and is asked about once).
//! - **An execution allowlist widened** ([`widens_exec`]): a setting whose keys say it is a
//!   list of what a tool may execute (Hugo's `[security.exec] allow`, a tool's
//!   `allowedCommands`, `blockedCommands`): what it lets run is the person's to say.
//!
//! The formats' keys follow each tool's documented manifest (sbt `resolvers += name at
//! location`; Bazel `archive_override`/`git_override` in MODULE.bazel and `http_archive` in
//! WORKSPACE; deps.edn `:git/url` and `:mvn/repos`; stack `extra-deps` git and archive
//! forms; pubspec `git:`/`hosted:`; `build.zig.zon` `.dependencies.NAME.url`; Helm 3
//! Chart.yaml `dependencies[].repository`, with `home`, `sources`, `icon` metadata; DVC
//! `['remote "NAME"'] url`; Cargo's and npm's metadata fields; PEP 621 `[project.urls]`;
//! Hugo `security.exec.allow`, a list of regular expressions of programs it may run), as
//! the red-team round rt10 described them; they were not re-fetched for this module, and the
//! reading is by keys, so a spelling not listed falls to the stricter manifest rule or to
//! the source words. kustomize's plugin lists (`edits::SETTING_KEYS`) were checked against
//! kubectl.docs.kubernetes.io ("Exec KRM functions").

use super::edits_code::short;
use std::path::Path;

/// Manifests of the ecosystems, by lower-case name or ending: every URL in them that is not
/// metadata is where the tool fetches code from.
pub(super) const MANIFESTS: &[&str] = &[
    "cargo.toml",
    "package.json",
    "pyproject.toml",
    "setup.cfg",
    "pipfile",
    "go.mod",
    "go.work",
    "gemfile",
    "gems.rb",
    "podfile",
    "brewfile",
    "composer.json",
    "mix.exs",
    "rebar.config",
    "dub.json",
    "dub.sdl",
    "shard.yml",
    "vcpkg.json",
    "conanfile.txt",
    "package.swift",
    "cartfile",
    "pubspec.yaml",
    "stack.yaml",
    "package.yaml",
    "cabal.project",
    "cabal.project.local",
    "deps.edn",
    "bb.edn",
    "project.clj",
    "shadow-cljs.edn",
    "build.zig.zon",
    "module.bazel",
    "workspace",
    "workspace.bazel",
    "workspace.bzlmod",
    ".sbt",
    ".bzl",
    ".cabal",
    ".nimble",
    ".opam",
    "build.sc",
    "chart.yaml",
    "requirements.yaml",
    "requirements.yml",
    "helmfile.yaml",
    "kustomization.yaml",
    "kustomization.yml",
    "devbox.json",
    "flake.nix",
    "deno.json",
    "deno.jsonc",
    "jsr.json",
    "pixi.toml",
    "environment.yml",
    "environment.yaml",
    ".pre-commit-config.yaml",
    "build.gradle",
    "build.gradle.kts",
    "settings.gradle",
    "settings.gradle.kts",
    "pom.xml",
    ".dvc/config",
];

/// Is `path` (whose lower-case name is `name`) one of the [`MANIFESTS`]?
pub(super) fn is_manifest(path: &Path, name: &str) -> bool {
    let full = path.to_string_lossy().to_lowercase();
    MANIFESTS.iter().any(|m| {
        if m.starts_with('.') && !m[1..].contains(['/', '.']) {
            name.ends_with(m)
        } else if m.contains('/') {
            full.ends_with(&format!("/{m}"))
        } else {
            name == *m
        }
    })
}

/// Schemes of places a tool fetches from or pushes to.
const FETCH_SCHEMES: &[&str] = &["http", "https", "ftp", "ftps"];
/// Schemes that are a repository or a remote store whatever key sets them.
const REMOTE_SCHEMES: &[&str] = &[
    "git", "ssh", "sftp", "s3", "s3a", "gs", "gcs", "az", "azure", "abfs", "abfss", "wasb",
    "wasbs", "adl", "hdfs", "webdav", "webdavs", "oss", "r2", "b2", "rsync", "svn", "hg", "oci",
];
/// npm's and others' shorthands for a hosted git repository (`github:owner/repo`).
const GIT_SHORTHANDS: &[&str] = &["github:", "gitlab:", "bitbucket:", "gist:", "git+"];

/// Ends of a URL's path that make it an archive or package a tool unpacks and builds.
const ARCHIVE_ENDS: &[&str] = &[
    ".tgz", ".tar.gz", ".tar.xz", ".tar.bz2", ".tar.zst", ".tbz2", ".txz", ".tar", ".zip", ".whl",
    ".egg", ".jar", ".aar", ".war", ".gem", ".crate", ".nupkg", ".git",
];

/// Keys whose URL is about the project, not where code comes from.
const METADATA_KEYS: &[&str] = &[
    "homepage",
    "home",
    "home-page",
    "home_page",
    "documentation",
    "docs",
    "doc",
    "bugs",
    "bug",
    "issues",
    "issue_tracker",
    "issue-tracker",
    "bug_tracker",
    "bug-tracker",
    "tracker",
    "changelog",
    "changes",
    "release-notes",
    "release_notes",
    "funding",
    "sponsor",
    "sponsors",
    "license",
    "license_url",
    "license-url",
    "$schema",
    "$id",
    "website",
    "author",
    "authors",
    "maintainer",
    "maintainers",
    "contributors",
    "icon",
    "logo",
    "twitter",
    "support",
    "discussions",
    "forum",
    "chat",
    "wiki",
    "blog",
    "site_url",
    "site-url",
    "siteurl",
    "baseurl",
    "base_url",
    "edit_uri",
    "edit-url-template",
];

/// Keys naming a package's own repository: metadata at the top of a manifest or of its
/// package table, a source anywhere else (a Chart.yaml dependency's `repository`).
const OWN_REPOSITORY_KEYS: &[&str] = &[
    "repository",
    "repo",
    "repo_url",
    "repository-url",
    "repository_url",
    "git-repository-url",
    "source",
    "sources",
    "source-code",
    "source_code",
    "vcs",
    "scm",
    "code",
];

/// Tables that hold a package's own metadata.
const METADATA_TABLES: &[&str] = &[
    "package",
    "project",
    "tool",
    "poetry",
    "metadata",
    "info",
    "about",
    "workspace",
    "params",
    "extra",
    "output",
];

/// Maps of link names to links (`[project.urls]`, setup.cfg's `project_urls`).
const LINK_MAPS: &[&str] = &[
    "urls",
    "project_urls",
    "project-urls",
    "links",
    "social",
    "funding",
];

/// Keys that only say "the link" of the key above them (`repository: {url: …}`).
const GENERIC_KEYS: &[&str] = &["url", "web", "link", "href", "type", "directory", "value"];

/// Words of a key (whole) that say its URL is where code or data comes from or goes.
const SOURCE_WORDS: &[&str] = &[
    "git", "repo", "repos", "deps", "index", "tap", "vendor", "fetch", "upstream", "hosted",
    "extends", "tarball",
];
/// Beginnings of words of a key that say the same (`registry`, `registries`, `resolvers`,
/// `dependencies`).
const SOURCE_STEMS: &[&str] = &[
    "repositor",
    "registr",
    "resolver",
    "remote",
    "mirror",
    "source",
    "archive",
    "download",
    "plugin",
    "depend",
    "channel",
    "feed",
    "override",
    "package",
    "include",
    "require",
    "import",
];

/// Does `key` say its value is where code or data comes from or goes?
fn source_key(key: &str) -> bool {
    key_words(key).iter().any(|w| {
        SOURCE_WORDS.contains(&w.as_str()) || SOURCE_STEMS.iter().any(|s| w.starts_with(s))
    })
}

/// A URL `text` names that `before` (the file as it is) does not, in a place that makes
/// it where a tool fetches code from or pushes data to.
pub(super) fn new_source(
    path: &Path,
    name: &str,
    texts: &[String],
    before: &str,
) -> Option<String> {
    let manifest = is_manifest(path, name);
    let recipe_scripts = matches!(name, "package.json" | "deno.json" | "deno.jsonc");
    for t in texts {
        let prose = super::edits_config::prose_words(t);
        for (at, url) in urls(t) {
            if before.contains(url) || prose.contains(url) || local(url) {
                continue;
            }
            let keys = key_path(t, at);
            // package.json's scripts are command lines, judged as commands.
            if recipe_scripts
                && keys
                    .iter()
                    .any(|k| k.eq_ignore_ascii_case("scripts") || k.eq_ignore_ascii_case("tasks"))
            {
                continue;
            }
            if metadata(&keys) {
                continue;
            }
            let remote = remote_kind(url);
            let keyed = keys.iter().any(|k| source_key(k));
            if manifest || remote || keyed {
                let key = keys.first().map(String::as_str).unwrap_or("a value");
                return Some(format!(
                    "adds a source the next build, install or push fetches code from or sends data to: {} ({key} = {})",
                    host(url),
                    short(url)
                ));
            }
        }
    }
    None
}

/// A setting of what a tool may execute (its keys name execution and an allow or block
/// list) that the file did not hold before.
pub(super) fn widens_exec(texts: &[String], before: &str) -> Option<String> {
    const EXEC: &[&str] = &[
        "exec",
        "execute",
        "executable",
        "executables",
        "command",
        "commands",
        "program",
        "programs",
        "binary",
        "binaries",
        "shell",
    ];
    const LISTS: &[&str] = &[
        "allow",
        "allowed",
        "allowlist",
        "whitelist",
        "permit",
        "permitted",
        "trusted",
        "block",
        "blocked",
        "blocklist",
        "blacklist",
        "deny",
        "denied",
        "denylist",
    ];
    for t in texts {
        for (line_at, line) in line_starts(t) {
            let lower = line.to_ascii_lowercase();
            // Only a line naming a list can set one (its parents may name execution).
            let names_list = [
                "allow", "block", "deny", "denied", "permit", "trust", "list",
            ]
            .iter()
            .any(|w| lower.contains(w));
            if !names_list || before.contains(line.trim()) {
                continue;
            }
            // The keys set on the line: the path just past each `:` or `=` on it.
            let ends = line
                .match_indices([':', '='])
                .map(|(i, _)| i + 1)
                .take(MAX_KEYS_PER_LINE);
            for end in ends {
                let keys = key_path(t, line_at + end);
                let words: Vec<String> = keys.iter().flat_map(|k| key_words(k)).collect();
                let has = |set: &[&str]| words.iter().any(|w| set.contains(&w.as_str()));
                if has(EXEC) && has(LISTS) {
                    let mut shown: Vec<&str> = keys.iter().rev().map(String::as_str).collect();
                    shown.dedup();
                    return Some(format!(
                        "changes which programs a tool may execute ({}: {})",
                        shown.join("."),
                        short(line.trim())
                    ));
                }
            }
        }
    }
    None
}

/// Most separators of one line whose keys [`widens_exec`] reads.
const MAX_KEYS_PER_LINE: usize = 32;

/// Each line of `t` with the byte where it starts.
fn line_starts(t: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut at = 0;
    t.split_inclusive('\n').map(move |l| {
        let start = at;
        at += l.len();
        (start, l.trim_end_matches(['\n', '\r']))
    })
}

/// The words of a key: split at `_`, `-`, `.`, `/` and lower-to-upper case changes.
fn key_words(key: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in key.chars() {
        if !c.is_alphanumeric() {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        prev_lower = c.is_lowercase();
        cur.push(c.to_ascii_lowercase());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Is a URL under `keys` (innermost first) metadata about the project?
fn metadata(keys: &[String]) -> bool {
    let keys: Vec<String> = keys.iter().map(|k| k.to_ascii_lowercase()).collect();
    let Some(i) = keys
        .iter()
        .position(|k| !GENERIC_KEYS.contains(&k.as_str()))
    else {
        return false;
    };
    let k = keys[i].as_str();
    let outer = &keys[i + 1..];
    // Under a metadata key anywhere (`homepage := Some(url("…"))`, `bugs: {url: …}`): no
    // tool fetches code from there.
    keys.iter().any(|k| METADATA_KEYS.contains(&k.as_str()))
        || (OWN_REPOSITORY_KEYS.contains(&k)
            && outer.iter().all(|o| METADATA_TABLES.contains(&o.as_str())))
        || outer
            .first()
            .is_some_and(|o| LINK_MAPS.contains(&o.as_str()))
}

/// Is `url` a git repository, an archive or a remote store whatever key sets it?
fn remote_kind(url: &str) -> bool {
    let lower = url.to_ascii_lowercase();
    if GIT_SHORTHANDS.iter().any(|s| lower.starts_with(s)) || scp_like(url) {
        return true;
    }
    let Some((scheme, rest)) = lower.split_once("://") else {
        return false;
    };
    if REMOTE_SCHEMES.contains(&scheme) {
        return true;
    }
    let path = rest.split(['?', '#']).next().unwrap_or(rest);
    ARCHIVE_ENDS.iter().any(|e| path.ends_with(e))
}

/// `git@host:owner/repo` (ssh's scp-like form, which git and the package managers accept).
fn scp_like(w: &str) -> bool {
    let Some((user, rest)) = w.split_once('@') else {
        return false;
    };
    let Some((host, path)) = rest.split_once(':') else {
        return false;
    };
    !user.is_empty()
        && user
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c))
        && host.contains('.')
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ".-".contains(c))
        && path
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '~' || c == '/')
}

/// A URL on this machine.
fn local(url: &str) -> bool {
    let h = host(url);
    h.is_empty() || h == "localhost" || h.starts_with("127.") || h == "[::1]" || h == "0.0.0.0"
}

/// The host a URL names.
fn host(url: &str) -> &str {
    let rest = match url.split_once("://") {
        Some((_, r)) => r,
        None => url
            .split_once('@')
            .map(|(_, r)| r)
            .or_else(|| url.split_once(':').map(|(_, r)| r))
            .unwrap_or(url),
    };
    let rest = rest.rsplit_once('@').map_or(rest, |(_, r)| r);
    rest.split(['/', ':', '?', '#']).next().unwrap_or("")
}

/// Where a word of URL text ends.
fn url_end(c: char) -> bool {
    c.is_whitespace() || "\"'`,;)]}><|\\".contains(c)
}

/// The URLs of `text` with the byte each starts at: `scheme://…` of a fetch or remote
/// scheme, `git@host:path`, and npm's `github:owner/repo` shorthands.
pub(super) fn urls(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut seen_end = 0;
    let starts = |i: usize| i == 0 || text[..i].ends_with(|c: char| url_end(c) || c == '=');
    for (i, _) in text.match_indices("://") {
        let start = text[..i]
            .char_indices()
            .rev()
            .find(|&(_, c)| !(c.is_ascii_alphanumeric() || "+.-".contains(c)))
            .map_or(0, |(p, c)| p + c.len_utf8());
        if start < seen_end || start == i {
            continue;
        }
        let scheme = text[start..i].to_ascii_lowercase();
        let scheme = scheme.rsplit('+').next().unwrap_or("");
        if !(FETCH_SCHEMES.contains(&scheme) || REMOTE_SCHEMES.contains(&scheme)) {
            continue;
        }
        let end = text[i..].find(url_end).map_or(text.len(), |e| i + e);
        out.push((start, &text[start..end]));
        seen_end = end;
    }
    // The forms without `://`, each a whole word.
    for word in text.split(url_end) {
        // Where the word starts: separators may be wider than a byte (U+3000 is whitespace).
        let start = word.as_ptr() as usize - text.as_ptr() as usize;
        let w = word.trim_start_matches('=');
        let start = start + (word.len() - w.len());
        if w.contains("://") || !starts(start) {
            continue;
        }
        let lower = w.to_ascii_lowercase();
        let shorthand = GIT_SHORTHANDS[..4].iter().any(|s| lower.starts_with(s))
            && w.len() > lower.find(':').unwrap_or(0) + 1;
        if shorthand || scp_like(w) {
            out.push((start, w));
        }
    }
    out
}

/// A level of bracket nesting: the key it is the value of, and the latest key set in it.
struct Frame {
    parent: Option<String>,
    last: Option<String>,
}

/// The keys around byte `at` of `text`, innermost first, as written: the key that sets the value
/// there, then the keys of the tables, maps, lists and calls it sits in — by brackets
/// (JSON, EDN, ZON, Starlark, TOML inline tables), by indentation (YAML, INI
/// continuations) and by section headers (TOML, INI, git-style configuration).
pub(super) fn key_path(text: &str, at: usize) -> Vec<String> {
    let mut frames = vec![Frame {
        parent: None,
        last: None,
    }];
    let mut indents: Vec<(usize, String)> = Vec::new();
    let mut section: Vec<String> = Vec::new();
    let upto = &text[..at.min(text.len())];
    let mut line_start = true;
    let mut line_indent = 0usize;
    let mut line_has_key = false;
    let chars: Vec<(usize, char)> = upto.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (pos, c) = chars[i];
        if line_start {
            let line = upto[pos..].split('\n').next().unwrap_or("");
            let trimmed = line.trim_start();
            line_indent = line.len() - trimmed.len();
            line_start = false;
            line_has_key = false;
            if frames.len() == 1 {
                frames[0].last = None;
                if let Some(h) = header(trimmed) {
                    section = h;
                    indents.clear();
                    i = skip_line(&chars, i);
                    continue;
                }
                // A YAML list item's keys stand after its dash.
                let after_dash = trimmed.trim_start_matches(['-', ' ']);
                if after_dash.len() < trimmed.len() {
                    line_indent += trimmed.len() - after_dash.len();
                }
            }
        }
        match c {
            '\n' => {
                line_start = true;
                i += 1;
                continue;
            }
            '#' if pos == 0 || upto[..pos].ends_with(char::is_whitespace) => {
                i = skip_line(&chars, i);
                continue;
            }
            '{' | '[' | '(' => {
                let parent = frames.last().and_then(|f| f.last.clone());
                frames.push(Frame { parent, last: None });
            }
            '}' | ']' | ')' if frames.len() > 1 => {
                frames.pop();
            }
            '"' | '\'' => {
                let end = string_end(&chars, i);
                let content: String = chars[i + 1..end.min(chars.len())]
                    .iter()
                    .map(|(_, c)| *c)
                    .collect();
                let next = end + 1;
                if assigns(upto, chars.get(next).map_or(upto.len(), |(p, _)| *p)) {
                    set_key(
                        &mut frames,
                        &mut indents,
                        line_indent,
                        &mut line_has_key,
                        content,
                    );
                }
                i = next;
                continue;
            }
            c if c.is_alphanumeric() || c == '_' || c == '$' || c == ':' || c == '.' => {
                let mut j = i;
                while j < chars.len()
                    && (chars[j].1.is_alphanumeric() || "_$-./:+".contains(chars[j].1))
                {
                    // `key:` ends a word; `key://` and EDN's `:ns/kw` go on.
                    if chars[j].1 == ':' && j > i {
                        break;
                    }
                    j += 1;
                }
                let word: String = chars[i..j].iter().map(|(_, c)| *c).collect();
                let end_pos = chars.get(j).map_or(upto.len(), |(p, _)| *p);
                if word.starts_with(':') && !word[1..].starts_with(|c: char| c.is_alphabetic()) {
                    i += 1;
                    continue;
                }
                let edn_keyword = word.starts_with(':');
                let call = upto[end_pos..].starts_with('(');
                if edn_keyword || assigns(upto, end_pos) || call {
                    let key = word.trim_start_matches([':', '.']).to_string();
                    if !key.is_empty() {
                        set_key(
                            &mut frames,
                            &mut indents,
                            line_indent,
                            &mut line_has_key,
                            key,
                        );
                    }
                }
                i = j.max(i + 1);
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    let mut out = Vec::new();
    for f in frames.iter().rev() {
        if let Some(k) = &f.last {
            out.push(k.clone());
        }
        if let Some(p) = &f.parent {
            out.push(p.clone());
        }
    }
    for (_, k) in indents.iter().rev() {
        out.push(k.clone());
    }
    out.extend(section.iter().rev().cloned());
    out.dedup();
    out
}

/// Record `key` as set: the latest key of the innermost frame, and at the top level the
/// first key of an indented line.
fn set_key(
    frames: &mut [Frame],
    indents: &mut Vec<(usize, String)>,
    indent: usize,
    line_has_key: &mut bool,
    key: String,
) {
    if frames.len() == 1 && !*line_has_key {
        while indents.last().is_some_and(|(n, _)| *n >= indent) {
            indents.pop();
        }
        indents.push((indent, key.clone()));
        *line_has_key = true;
    }
    if let Some(f) = frames.last_mut() {
        f.last = Some(key);
    }
}

/// Does a key end at byte `end` of `text`: followed by `=`, `:`, `+=`, `:=`, `++=` (not
/// `==`, `::` or `://`)?
fn assigns(text: &str, end: usize) -> bool {
    let rest = text[end.min(text.len())..].trim_start_matches([' ', '\t']);
    if rest.starts_with("==") || rest.starts_with("::") || rest.starts_with("://") {
        return false;
    }
    rest.starts_with('=')
        || rest.starts_with(':')
        || rest.starts_with("+=")
        || rest.starts_with("++=")
}

/// The index of the quote closing the string opened at `i` (or the end).
fn string_end(chars: &[(usize, char)], i: usize) -> usize {
    let q = chars[i].1;
    let mut j = i + 1;
    while j < chars.len() {
        match chars[j].1 {
            '\\' => j += 2,
            '\n' => return j,
            c if c == q => return j,
            _ => j += 1,
        }
    }
    chars.len()
}

/// The index of the next line's first character.
fn skip_line(chars: &[(usize, char)], mut i: usize) -> usize {
    while i < chars.len() && chars[i].1 != '\n' {
        i += 1;
    }
    i
}

/// A TOML, INI or git-style section header (`[a.b]`, `[[a.b]]`, `['remote "x"']`): its
/// parts.
fn header(line: &str) -> Option<Vec<String>> {
    let l = line.split(" #").next().unwrap_or(line).trim_end();
    let inner = l.strip_prefix('[')?.strip_suffix(']')?;
    let inner = inner
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .unwrap_or(inner);
    let first = inner.chars().next()?;
    if !(first.is_alphanumeric() || first == '\'' || first == '_') {
        return None;
    }
    if inner.contains(['[', ']', ',', '{']) {
        return None;
    }
    Some(
        inner
            .split('.')
            .map(|p| p.trim().trim_matches(['\'', '"']).to_string())
            .collect(),
    )
}

/// Bazel's files that `load()` Starlark (`WORKSPACE`, `MODULE.bazel`, `BUILD`, `*.bzl`).
fn is_bazel(name: &str) -> bool {
    matches!(
        name,
        "workspace"
            | "workspace.bazel"
            | "workspace.bzlmod"
            | "module.bazel"
            | "build"
            | "build.bazel"
    ) || name.ends_with(".bzl")
}

/// A Go `replace` directive (`go.mod`, `go.work`) that the file did not hold, swapping a
/// module for a different module path: `replace golang.org/x/text => evil.example/text
/// v0.14.0` builds the other module's code wherever the project imports the first, fetched
/// from wherever that path leads. The same path at another version is a pin, and a local
/// directory (`./fork`, `../x`, `/abs`) is a place judged as a path
/// (`edits::names_outside_code`). Syntax per the go.mod reference (go.dev/ref/mod,
/// "replace directive": `replace module-path [module-version] => replacement-path
/// [replacement-version]`, one line or a parenthesised block; a replacement path beginning
/// `./`, `../` or `/` is a directory).
pub(super) fn replaces_module(name: &str, texts: &[String], before: &str) -> Option<String> {
    if !matches!(name, "go.mod" | "go.work") {
        return None;
    }
    for t in texts {
        let mut block = false;
        for line in t.lines() {
            let line = line.split("//").next().unwrap_or("").trim();
            let directive = if block {
                if line.starts_with(')') {
                    block = false;
                    continue;
                }
                line
            } else if let Some(rest) = line.strip_prefix("replace") {
                let rest = rest.trim_start();
                if rest.starts_with('(') {
                    block = true;
                    continue;
                }
                if !line[7..].starts_with(char::is_whitespace) {
                    continue;
                }
                rest
            } else {
                continue;
            };
            let Some((from, to)) = directive.split_once("=>") else {
                continue;
            };
            let from = from.split_whitespace().next().unwrap_or("");
            let to = to.split_whitespace().next().unwrap_or("");
            let unquote = |w: &str| w.trim_matches('"').to_string();
            let (from, to) = (unquote(from), unquote(to));
            let local = to.starts_with("./") || to.starts_with("../") || to.starts_with('/');
            if to.is_empty() || local || to == from || before.contains(directive) {
                continue;
            }
            return Some(format!(
                "replaces the module {from} with {to}, whose code every build that imports it then fetches and compiles"
            ));
        }
    }
    None
}

/// A Bazel file's `load()` of a label in this repository (`//pkg:file.bzl`, `:file.bzl`)
/// whose file is not there: the rules it loads (a repository rule runs commands through
/// `repository_ctx.execute` while Bazel fetches, under a routine `bazel build`) are code
/// the floor has not read. A label of another repository (`@rules_x//…`) comes from a
/// source the file names, judged by [`new_source`].
pub(super) fn loads_missing(path: &Path, name: &str, texts: &[String]) -> Option<String> {
    if !is_bazel(name) {
        return None;
    }
    let dir = path.parent()?;
    let root = dir
        .ancestors()
        .find(|d| {
            ["MODULE.bazel", "WORKSPACE", "WORKSPACE.bazel", "REPO.bazel"]
                .iter()
                .any(|f| d.join(f).is_file())
        })
        .unwrap_or(dir);
    for t in texts {
        for (i, _) in t.match_indices("load(") {
            let rest = t[i + 5..].trim_start();
            let Some(q) = rest.chars().next().filter(|c| *c == '"' || *c == '\'') else {
                continue;
            };
            let label = rest[1..].split(q).next().unwrap_or("");
            let file = if let Some(l) = label.strip_prefix("//") {
                let (pkg, target) = l.split_once(':').unwrap_or((l, ""));
                root.join(pkg).join(target)
            } else if let Some(target) = label.strip_prefix(':') {
                dir.join(target)
            } else {
                continue;
            };
            if label.contains("..") || !file.is_file() {
                return Some(format!(
                    "loads {label}, Starlark the workspace does not hold (its rules run when Bazel fetches and builds)"
                ));
            }
        }
    }
    None
}
