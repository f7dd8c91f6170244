//! Matching parsed rules against a `Subject`, and evaluating a whole rule set in Claude Code's
//! order (deny, then ask, then allow). A subject is made of units (the simple commands of a
//! compound shell command, the paths of a file tool, or the call itself): a deny or ask rule
//! that matches any unit matches the call; an allow needs every unit covered.

use super::glob::{command_pattern, path_glob, url_host, wildcard, Seg};
use super::{
    Access, Anchor, BashCommand, Family, LoadedRule, MatchCtx, PathForms, PathPat, Rule, RuleKind,
    Spec, Subject, ToolPat,
};
use std::path::{Component, Path};

/// The rules in effect, in the order they were loaded (managed/user/project order is the
/// config's business; here only list order matters).
#[derive(Clone, Debug, Default)]
pub struct RuleSet {
    pub deny: Vec<LoadedRule>,
    pub ask: Vec<LoadedRule>,
    pub allow: Vec<LoadedRule>,
}

/// The verdict of the rule lists. `NoMatch` is explicit: it is never an implicit allow.
#[derive(Debug)]
pub enum RuleOutcome<'a> {
    /// A deny rule matched (some part of) the call.
    Deny(&'a LoadedRule),
    /// An ask rule matched (some part of) the call, and no deny did.
    Ask(&'a LoadedRule),
    /// Allow rules cover every part of the call; the rules used, each once, in unit order.
    Allow(Vec<&'a LoadedRule>),
    /// No rule decides the call.
    NoMatch,
}

impl RuleSet {
    /// Order: deny, then ask, then allow; first match in that order wins. For a compound
    /// command a deny/ask rule matching any part decides the whole; an allow needs the
    /// command fully parsed and every part matched by some allow rule. In `auto_mode`, broad
    /// allow rules are skipped.
    pub fn evaluate(&self, subject: &Subject, ctx: &MatchCtx, auto_mode: bool) -> RuleOutcome<'_> {
        if let Some(r) = self
            .deny
            .iter()
            .find(|r| r.rule.matches(RuleKind::Deny, subject, ctx))
        {
            return RuleOutcome::Deny(r);
        }
        if let Some(r) = self
            .ask
            .iter()
            .find(|r| r.rule.matches(RuleKind::Ask, subject, ctx))
        {
            return RuleOutcome::Ask(r);
        }
        if !allow_possible(subject) {
            return RuleOutcome::NoMatch;
        }
        let mut used: Vec<&LoadedRule> = Vec::new();
        for unit in 0..units(subject) {
            let cover = self.allow.iter().find(|r| {
                !(auto_mode && r.rule.is_broad())
                    && r.rule.unit_matches(RuleKind::Allow, subject, unit, ctx)
            });
            match cover {
                Some(r) => {
                    if !used.iter().any(|u| std::ptr::eq(*u, r)) {
                        used.push(r);
                    }
                }
                None => return RuleOutcome::NoMatch,
            }
        }
        RuleOutcome::Allow(used)
    }
}

/// How many independently matched parts a subject has.
fn units(subject: &Subject) -> usize {
    match subject {
        Subject::Bash { commands, .. } => commands.len(),
        Subject::Path { paths, .. } => paths.len(),
        Subject::WebFetch { .. } | Subject::Tool { .. } => 1,
    }
}

/// An allow needs at least one unit to vouch for, and a shell command we fully understood.
fn allow_possible(subject: &Subject) -> bool {
    match subject {
        Subject::Bash { fully_parsed, .. } => *fully_parsed && units(subject) > 0,
        _ => units(subject) > 0,
    }
}

impl Rule {
    /// Whether this rule, used as `kind`, matches the call. For allow this means every unit;
    /// for deny/ask, any unit.
    pub fn matches(&self, kind: RuleKind, subject: &Subject, ctx: &MatchCtx) -> bool {
        if !self.usable_as(kind) || !self.applies_to(kind, subject) {
            return false;
        }
        if let Spec::Param { key, value } = &self.spec {
            return kind != RuleKind::Allow && param_matches(subject, key, value);
        }
        let n = units(subject);
        if kind == RuleKind::Allow {
            allow_possible(subject) && (0..n).all(|i| self.unit_matches(kind, subject, i, ctx))
        } else if n == 0 {
            matches!(self.spec, Spec::Any)
        } else {
            (0..n).any(|i| self.unit_matches(kind, subject, i, ctx))
        }
    }

    fn usable_as(&self, kind: RuleKind) -> bool {
        kind != RuleKind::Allow || self.allow_error.is_none()
    }

    /// Whether the rule's tool part names this call's tool.
    fn applies_to(&self, kind: RuleKind, subject: &Subject) -> bool {
        let names: &[&str] = match subject {
            Subject::Bash { .. } => &["Bash", "PowerShell"],
            Subject::Path { tool, .. } => std::slice::from_ref(tool),
            Subject::WebFetch { .. } => &["WebFetch"],
            Subject::Tool { name, .. } => std::slice::from_ref(name),
        };
        match &self.tool {
            ToolPat::Glob(g) => names.iter().any(|n| wildcard(g, n)),
            ToolPat::Server(prefix) => names
                .iter()
                .any(|n| n.len() > prefix.len() && n.starts_with(prefix.as_str())),
            ToolPat::Name(rule_name) => match self.family {
                Family::Shell => names.iter().any(|n| *n == "Bash" || *n == "PowerShell"),
                Family::Agent => names.iter().any(|n| *n == "Agent" || *n == "Task"),
                Family::Path(class) => {
                    let bare_alias = matches!(self.spec, Spec::Any)
                        && rule_name != "Read"
                        && rule_name != "Edit";
                    if bare_alias {
                        return names.contains(&rule_name.as_str());
                    }
                    match subject {
                        Subject::Path { access, .. } => {
                            *access == class
                                // A denied (or asked-about) read path can't be written either.
                                || (class == Access::Read && kind != RuleKind::Allow)
                        }
                        Subject::Tool { name, .. } => class_tools(class).contains(name),
                        _ => false,
                    }
                }
                Family::WebFetch | Family::Other => names.contains(&rule_name.as_str()),
            },
        }
    }

    /// Whether the rule, used as `kind`, matches one unit of the call (tool already checked
    /// by the caller through `applies_to`, which this repeats for `evaluate`'s sake).
    pub(super) fn unit_matches(
        &self,
        kind: RuleKind,
        subject: &Subject,
        unit: usize,
        ctx: &MatchCtx,
    ) -> bool {
        if !self.usable_as(kind) || !self.applies_to(kind, subject) {
            return false;
        }
        let allow = kind == RuleKind::Allow;
        match (&self.spec, subject) {
            // Whole-call rules: matched by `matches`, never cover a unit for an allow.
            (Spec::Param { .. }, _) => false,
            (Spec::Any, Subject::Bash { commands, .. }) => {
                commands.get(unit).is_some_and(|c| !allow || plain(c))
            }
            // An unparseable URL is never allowed, not even by a bare `WebFetch`.
            (Spec::Any, Subject::WebFetch { url }) => !allow || url_host(url).is_some(),
            (Spec::Any, _) => true,
            (Spec::Command(p), Subject::Bash { commands, .. }) if self.family == Family::Shell => {
                commands.get(unit).is_some_and(|c| shell_unit(p, c, allow))
            }
            (Spec::Path(pat), Subject::Path { paths, .. }) => paths
                .get(unit)
                .is_some_and(|p| path_unit(pat, p, allow, ctx)),
            (Spec::Domain(d), Subject::WebFetch { url }) => match url_host(url) {
                Some(host) => d.matches(&host),
                // Can't tell where it goes: never allowed, always caught by deny/ask.
                None => !allow,
            },
            (Spec::Command(p), Subject::Tool { input, .. }) => match self.family {
                Family::Agent => match input.get("subagent_type") {
                    None | Some(serde_json::Value::Null) => command_pattern(p, "general-purpose"),
                    Some(serde_json::Value::String(t)) => command_pattern(p, t),
                    Some(_) => !allow,
                },
                Family::Other => command_pattern(p, &generic_text(input)),
                // A file/shell/web rule facing a call we can't inspect: fail closed.
                _ => !allow,
            },
            // A tool-name wildcard with a specifier only inspects generic tools.
            (Spec::Command(_), _) if self.family == Family::Other => false,
            _ => !allow,
        }
    }
}

/// The tools a path class covers (for calls the engine could not turn into paths).
fn class_tools(class: Access) -> &'static [&'static str] {
    match class {
        Access::Read => &["Read", "Glob", "Grep", "LS"],
        Access::Edit => &["Edit", "Write", "MultiEdit", "NotebookEdit"],
    }
}

/// A command an allow rule may vouch for: no environment assignments, no file redirects.
fn plain(c: &BashCommand) -> bool {
    c.assignments.is_empty() && !c.has_file_redirect
}

fn shell_unit(pattern: &str, c: &BashCommand, allow: bool) -> bool {
    let text = c.argv.join(" ");
    if allow {
        return plain(c) && command_pattern(pattern, &text);
    }
    if command_pattern(pattern, &text) {
        return true;
    }
    // Deny/ask also see `FOO=1 cmd …` and `/bin/rm` as `rm`.
    if !c.assignments.is_empty() {
        let mut with_env: Vec<String> = c
            .assignments
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        with_env.extend(c.argv.iter().cloned());
        if command_pattern(pattern, &with_env.join(" ")) {
            return true;
        }
    }
    match c.argv.split_first() {
        Some((cmd, rest)) if cmd.contains('/') => {
            let base = cmd.rsplit('/').next().unwrap_or(cmd);
            let mut words = vec![base];
            words.extend(rest.iter().map(String::as_str));
            command_pattern(pattern, &words.join(" "))
        }
        _ => false,
    }
}

/// The text a generic `Tool(spec)` rule sees: the tool's main field, else its compact JSON.
fn generic_text(input: &serde_json::Value) -> String {
    for key in ["skill", "command", "name"] {
        if let Some(s) = input.get(key).and_then(|v| v.as_str()) {
            return s.to_string();
        }
    }
    serde_json::to_string(input).unwrap_or_default()
}

fn param_matches(subject: &Subject, key: &str, value: &str) -> bool {
    let input = match subject {
        Subject::Bash { input, .. } | Subject::Tool { input, .. } => *input,
        _ => return false,
    };
    let text = match input.get(key) {
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(serde_json::Value::Bool(b)) => b.to_string(),
        Some(serde_json::Value::Number(n)) => n.to_string(),
        _ => return false,
    };
    wildcard(value, &text)
}

fn path_unit(pat: &PathPat, p: &PathForms, allow: bool, ctx: &MatchCtx) -> bool {
    let lexical = pattern_hits(pat, &p.lexical, allow, ctx);
    let resolved = p
        .resolved
        .as_deref()
        .map(|r| pattern_hits(pat, r, allow, ctx));
    if allow {
        // Both the link and its target must be allowed; an unresolvable path never is.
        lexical && resolved == Some(true)
    } else {
        lexical || resolved == Some(true)
    }
}

fn pattern_hits(pat: &PathPat, path: &Path, allow: bool, ctx: &MatchCtx) -> bool {
    let Some(comps) = components(path, allow) else {
        return false;
    };
    let comps: Vec<&str> = comps.iter().map(String::as_str).collect();
    let relative = pat.anchor == Anchor::Cwd && pat.up == 0;
    let mut full: Vec<Seg> = Vec::new();
    if relative && (pat.floating || !allow) {
        // Deny/ask: a relative pattern matches at any depth, anywhere (fail closed).
        // Allow: a bare name (`*.pem`) matches at any depth below cwd.
        if allow {
            full.extend(literal_segs(ctx.cwd));
        }
        full.push(Seg::AnyDepth);
    } else {
        let base = match pat.anchor {
            Anchor::Root => Path::new("/"),
            Anchor::Home => ctx.home,
            Anchor::Project => ctx.project_root,
            Anchor::Cwd => ctx.cwd,
        };
        full.extend(literal_segs(base));
        for _ in 0..pat.up {
            full.pop();
        }
    }
    full.extend(pat.segs.iter().cloned());
    if allow {
        path_glob(&full, &comps)
    } else {
        // gitignore-like: a matched directory covers everything below it.
        (0..=comps.len()).any(|k| path_glob(&full, &comps[..k]))
    }
}

fn literal_segs(dir: &Path) -> impl Iterator<Item = Seg> + '_ {
    dir.components().filter_map(|c| match c {
        Component::Normal(s) => Some(Seg::Literal(s.to_string_lossy().into_owned())),
        _ => None,
    })
}

/// The normal components of an absolute path. For an allow, a path that isn't absolute and
/// clean (`.`/`..` left in) is refused outright.
fn components(path: &Path, allow: bool) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut absolute = false;
    for c in path.components() {
        match c {
            Component::RootDir => absolute = true,
            Component::Normal(s) => out.push(s.to_string_lossy().into_owned()),
            Component::CurDir => {}
            Component::ParentDir | Component::Prefix(_) => {
                if allow {
                    return None;
                }
                if let Component::ParentDir = c {
                    out.pop();
                }
            }
        }
    }
    (absolute || !allow).then_some(out)
}
