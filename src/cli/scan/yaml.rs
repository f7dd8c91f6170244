//! CI files for `gatehook scan`: GitHub Actions (workflows and composite actions: each
//! step's `run:` in a POSIX shell) and GitLab CI (each job's `script`, `before_script`,
//! `after_script`). The YAML is parsed into a small tree that keeps each value's line, and
//! a `run:` block is cut into commands like a shell script, each at its own line.

use super::script;
use super::Command;
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// A YAML value with the (1-based) line where it starts.
#[derive(Debug, Clone)]
pub enum Node {
    Scalar {
        value: String,
        line: usize,
        /// `|` literal block: one source line per line of the value (the parser's mark is
        /// already on its first content line).
        literal: bool,
    },
    Seq(Vec<Node>),
    Map(Vec<(Node, Node)>),
    /// Aliases and anything else not followed.
    Other,
}

impl Node {
    fn get(&self, key: &str) -> Option<&Node> {
        match self {
            Node::Map(kv) => kv.iter().find_map(|(k, v)| match k {
                Node::Scalar { value, .. } if value == key => Some(v),
                _ => None,
            }),
            _ => None,
        }
    }
    fn str(&self) -> Option<&str> {
        match self {
            Node::Scalar { value, .. } => Some(value),
            _ => None,
        }
    }
}

#[derive(Default)]
struct Builder {
    stack: Vec<(Node, Option<Node>)>,
    docs: Vec<Node>,
}

impl Builder {
    fn add(&mut self, n: Node) {
        match self.stack.last_mut() {
            None => self.docs.push(n),
            Some((Node::Seq(items), _)) => items.push(n),
            Some((Node::Map(kv), pending)) => match pending.take() {
                None => *pending = Some(n),
                Some(k) => kv.push((k, n)),
            },
            Some(_) => {}
        }
    }
}

impl MarkedEventReceiver for Builder {
    fn on_event(&mut self, ev: Event, mark: Marker) {
        match ev {
            Event::Scalar(value, style, _, _) => self.add(Node::Scalar {
                value,
                line: mark.line(),
                literal: style == TScalarStyle::Literal,
            }),
            Event::SequenceStart(..) => self.stack.push((Node::Seq(Vec::new()), None)),
            Event::MappingStart(..) => self.stack.push((Node::Map(Vec::new()), None)),
            Event::SequenceEnd | Event::MappingEnd => {
                if let Some((n, _)) = self.stack.pop() {
                    self.add(n);
                }
            }
            Event::Alias(_) => self.add(Node::Other),
            _ => {}
        }
    }
}

/// Parse every document of a YAML file.
pub fn parse(text: &str) -> Result<Vec<Node>, String> {
    let mut b = Builder::default();
    Parser::new_from_str(text)
        .load(&mut b, true)
        .map_err(|e| format!("YAML: {e}"))?;
    Ok(b.docs)
}

/// GitHub Actions expressions (`${{ … }}`) are replaced before the shell runs: their value
/// is known only then, like an unset variable's.
fn without_expressions(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(at) = rest.find("${{") {
        out.push_str(&rest[..at]);
        match rest[at..].find("}}") {
            Some(end) => {
                out.push_str("${GITHUB_EXPRESSION}");
                rest = &rest[at + end + 2..];
            }
            None => {
                rest = &rest[at..];
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The commands of a shell script held in a YAML scalar, at their source lines.
fn script_commands(node: &Node, kind: &'static str, expressions: bool, out: &mut Vec<Command>) {
    let Node::Scalar {
        value,
        line,
        literal,
    } = node
    else {
        return;
    };
    let text = if expressions {
        without_expressions(value)
    } else {
        value.clone()
    };
    // A literal block keeps its lines; any other scalar is folded onto its first line.
    let first = *line;
    for p in script::pieces(&text) {
        out.push(Command {
            line: if *literal { first + p.line - 1 } else { first },
            text: p.text,
            kind,
            // Each step is a shell of its own; its lines are judged one by one.
            carries: false,
        });
    }
}

/// Shells a `run:` step may name that are not POSIX shells (their text is not judged).
fn posix_shell(shell: Option<&str>) -> bool {
    match shell.map(str::trim) {
        None => true,
        Some(s) => {
            let prog = s.split_whitespace().next().unwrap_or("");
            matches!(
                prog,
                "bash" | "sh" | "/bin/bash" | "/bin/sh" | "/usr/bin/bash"
            )
        }
    }
}

fn default_shell(n: &Node) -> Option<&str> {
    n.get("defaults")?.get("run")?.get("shell")?.str()
}

/// GitHub Actions: workflow jobs' steps, and composite actions' `runs.steps`.
pub fn github(docs: &[Node]) -> Vec<Command> {
    let mut out = Vec::new();
    for doc in docs {
        let wf_shell = default_shell(doc);
        let mut step_lists: Vec<(&Node, Option<&str>)> = Vec::new();
        if let Some(Node::Map(jobs)) = doc.get("jobs") {
            for (_, job) in jobs {
                let shell = default_shell(job).or(wf_shell);
                if let Some(steps) = job.get("steps") {
                    step_lists.push((steps, shell));
                }
            }
        }
        if let Some(steps) = doc.get("runs").and_then(|r| r.get("steps")) {
            step_lists.push((steps, None));
        }
        for (steps, shell) in step_lists {
            let Node::Seq(items) = steps else { continue };
            for step in items {
                let Some(run) = step.get("run") else { continue };
                let shell = step.get("shell").and_then(Node::str).or(shell);
                if posix_shell(shell) {
                    script_commands(run, "GitHub Actions run step", true, &mut out);
                }
            }
        }
    }
    out
}

/// Keys of a GitLab CI file that are settings, not jobs.
const GITLAB_GLOBAL: &[&str] = &[
    "stages",
    "variables",
    "include",
    "workflow",
    "image",
    "services",
    "cache",
    "types",
];

/// GitLab CI: each job's (and `default:`'s) `before_script`, `script`, `after_script`.
pub fn gitlab(docs: &[Node]) -> Vec<Command> {
    let mut out = Vec::new();
    for doc in docs {
        let Node::Map(top) = doc else { continue };
        for (k, job) in top {
            if k.str().is_some_and(|k| GITLAB_GLOBAL.contains(&k)) {
                continue;
            }
            for key in ["before_script", "script", "after_script"] {
                if let Some(v) = job.get(key) {
                    gitlab_lines(v, &mut out);
                }
            }
        }
    }
    out
}

fn gitlab_lines(v: &Node, out: &mut Vec<Command>) {
    match v {
        Node::Scalar { .. } => script_commands(v, "GitLab CI script", false, out),
        Node::Seq(items) => {
            for i in items {
                gitlab_lines(i, out);
            }
        }
        Node::Map(_) | Node::Other => {}
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn cmds(v: Vec<Command>) -> Vec<(usize, String)> {
        v.into_iter().map(|c| (c.line, c.text)).collect()
    }

    #[test]
    fn github_run_steps_keep_their_lines() {
        let y = "name: ci\non: push\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: cargo test\n      - name: many\n        run: |\n          echo ${{ github.ref }}\n          rm -rf ~\n      - shell: pwsh\n        run: Remove-Item -Recurse C:\\\n";
        let docs = parse(y).unwrap();
        assert_eq!(
            cmds(github(&docs)),
            vec![
                (8, "cargo test".into()),
                (11, "echo ${GITHUB_EXPRESSION}".into()),
                (12, "rm -rf ~".into()),
            ]
        );
    }

    #[test]
    fn gitlab_scripts_are_strings_or_lists() {
        let y = "stages: [test]\nvariables:\n  A: b\ntest:\n  before_script:\n    - echo hi\n  script:\n    - |\n      make\n      rm -rf /\n    - npm test\n";
        let docs = parse(y).unwrap();
        assert_eq!(
            cmds(gitlab(&docs)),
            vec![
                (6, "echo hi".into()),
                (9, "make".into()),
                (10, "rm -rf /".into()),
                (11, "npm test".into()),
            ]
        );
    }
}
