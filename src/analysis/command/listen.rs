//! Listeners: development servers and remote-editor tunnels started with an option that
//! puts them within reach of other machines. A server bound to loopback is this machine's
//! own and stays as its program's grammar (or the lack of one) says; one bound beyond
//! loopback (`0.0.0.0`, `::`, `*`, a LAN address, a host name, an empty host) serves the
//! workspace — the project's pages, sources and whatever files the server hands out — to
//! whoever reaches this machine, and one started without authentication hands anyone
//! who connects (on loopback, any local user or any web page through DNS rebinding) a
//! code-execution endpoint. Both are one effect, a listener: an `Effect::Net` to the
//! address it listens on, carrying the directory it serves, asked about as data sent out
//! (`network-exposure`; in auto mode the person names it, as a send). A tunnel through
//! someone's relay (`code tunnel`) is the same, reachable from the internet. Written into
//! a definition file (`"dev": "vite --host"`), it is asked about when that runs (the
//! definitions changed), not when written: the category is no planting one.
//!
//! The command is found behind the usual launchers (`bundle exec`, `npx`, `pnpm exec`,
//! `uv run`, `poetry run`, `python -m`, `python manage.py`, a path to the program). Only
//! the exposure is judged here: everything else about the call is its own grammar's, and
//! a configuration file that sets the address (`vite.config.*`'s `server.host`,
//! `mkdocs.yml`'s `dev_addr`, `_config.yml`'s `host`, `jupyter_server_config.py`) is not
//! read, as before.
//!
//! Checked against each program's documentation (search tool): Vite's CLI (`--host
//! [host]`, `vite`/`vite dev`/`vite serve`/`vite preview`; `server.host` defaults to
//! `localhost`, and "`--host 0.0.0.0` or `--host`" listens on all addresses); Django's
//! `runserver [addrport]` (default `127.0.0.1:8000`, `ADDR:PORT`, `0` for `0.0.0.0`,
//! `-6` for `::1`; django/core/management/commands/runserver.py); mkdocs 1.x `serve
//! -a/--dev-addr IP:PORT` (default `localhost:8000`, `:8000` binds every address); jekyll
//! 4.3 `serve|s|server -H/--host HOST` (default `127.0.0.1`, jekyll-serve(1)); hugo
//! `server --bind` (default `127.0.0.1`); Jupyter Server 2 `--ip` (default `localhost`),
//! `ServerApp.ip`/`NotebookApp.ip`, and `ServerApp.token`/`NotebookApp.token`/
//! `IdentityProvider.token` set empty, which turns token authentication off (Jupyter
//! Server's security docs: access to the server is running arbitrary code);
//! code-server 4.16 `--bind-addr HOST:PORT` (default `127.0.0.1:8080`), `--host`,
//! `--auth none`, `--link`; the VS Code CLI's `code tunnel` (a dev tunnel through
//! Microsoft's relay) and `code serve-web` (`--host`, `--without-connection-token`).

use super::core::{Class, Look};
use crate::analysis::effects::{Carry, Effect};

/// A listener the command starts beyond loopback or without authentication.
pub(super) struct Listener {
    /// The one line that says what is exposed.
    pub reason: String,
    /// The address and port it listens on (`http://0.0.0.0:8000/`), or the relay.
    pub url: String,
    /// What it serves: the directory, for a server of the workspace.
    pub serves: Option<String>,
}

impl Listener {
    /// The listener as an effect: what it serves, sent to whoever connects.
    pub fn effect(&self) -> Effect {
        Effect::Net {
            url: Some(self.url.clone()),
            host: None,
            sends: self
                .serves
                .iter()
                .map(|p| Carry::File { path: p.clone() })
                .collect(),
        }
    }

    /// Judge `look` with the listener: asked about (what else makes it asked or denied
    /// stays).
    pub fn apply(&self, look: &mut Look) {
        look.effects.push(self.effect());
        if !matches!(look.class, Class::Hard { .. } | Class::Soft { .. }) {
            look.class = Class::Soft {
                // Not a planting category: a definition file edited to start the server
                // this way is asked about when it runs (its definitions changed), not
                // when written.
                category: "network-exposure",
                reason: self.reason.clone(),
            };
        }
    }
}

/// Words that launch the program after them (`bundle exec`, `npx`, `uv run`, `python
/// -m`): skipped when finding the server.
const LAUNCHERS: &[&str] = &[
    "bundle", "exec", "npx", "bunx", "pnpm", "pnpx", "yarn", "npm", "dlx", "uv", "uvx", "run",
    "poetry", "pipenv", "hatch", "pdm", "rye", "-m", "--",
];

fn is_python(word: &str) -> bool {
    let base = word.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    matches!(base, "python" | "pypy")
}

/// Bound only to this machine: a loopback name or address (`0.0.0.0` and `::` are every
/// address, which `is_loopback` counts as this machine when connecting to them).
fn loopback_bind(host: &str) -> bool {
    let h = host
        .trim_matches(['\'', '"'])
        .trim_start_matches('[')
        .trim_end_matches(']');
    !h.is_empty() && h != "0.0.0.0" && crate::context::floor::is_loopback(h)
}

/// `HOST:PORT` (`[::]:8000`, `:8000`, `0.0.0.0:8000`) split into host and port.
fn host_port(v: &str) -> (String, String) {
    if let Some(rest) = v.strip_prefix('[') {
        if let Some((h, p)) = rest.split_once(']') {
            return (h.to_string(), p.trim_start_matches(':').to_string());
        }
    }
    match v.rsplit_once(':') {
        Some((h, p)) if !h.contains(':') => (h.to_string(), p.to_string()),
        Some(_) => (v.to_string(), String::new()),
        None => (v.to_string(), String::new()),
    }
}

/// The value of option `names` (`--ip X`, `--ip=X`), the last one given; `Some(None)`
/// when given without a value (`--host` last, or followed by an option).
fn value(args: &[String], names: &[&str], optional: bool) -> Option<Option<String>> {
    let mut found = None;
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if let Some((n, v)) = a.split_once('=') {
            if names.contains(&n) {
                found = Some(Some(v.to_string()));
            }
        } else if names.contains(&a.as_str()) {
            match args.get(i + 1) {
                Some(v) if !v.starts_with('-') || (!optional && !v.is_empty()) => {
                    found = Some(Some(v.clone()));
                    i += 1;
                }
                _ => found = Some(None),
            }
        }
        i += 1;
    }
    found
}

/// The first operand (a word that is no option) after `at`.
fn sub(args: &[String]) -> Option<&str> {
    args.iter()
        .find(|a| !a.starts_with('-'))
        .map(String::as_str)
}

/// A listener on `host:port` beyond loopback that serves `what` (from the working
/// directory).
fn beyond(prog: &str, host: &str, port: &str, what: &str) -> Listener {
    let shown = if host.is_empty() { "*" } else { host };
    let h = if host.is_empty() || host == "*" || host == "::" {
        "0.0.0.0"
    } else {
        host
    };
    Listener {
        reason: format!(
            "{prog} listens on {shown}{}, beyond this machine: it serves {what} to whoever reaches it on the network",
            if port.is_empty() { String::new() } else { format!(":{port}") }
        ),
        url: format!(
            "http://{h}{}/",
            if port.is_empty() { String::new() } else { format!(":{port}") }
        ),
        serves: Some(".".to_string()),
    }
}

/// The listener `argv` starts beyond loopback or without authentication, if any.
pub(super) fn listener(argv: &[String]) -> Option<Listener> {
    // Past the launchers (and a Python interpreter's options) to the server's name.
    let mut i = 0;
    while i < argv.len() {
        let w = argv[i].as_str();
        let base = w.rsplit('/').next().unwrap_or(w);
        if LAUNCHERS.contains(&base) || is_python(base) {
            i += 1;
            continue;
        }
        break;
    }
    // A package script given `--host` (`npm run dev -- --host`, `pnpm dev --host
    // 0.0.0.0`): the words reach the script's dev server, and every common one (vite,
    // webpack-dev-server, astro, nuxt, ng serve) reads `--host` as the address it binds.
    let manager = argv
        .first()
        .map(|w| w.rsplit('/').next().unwrap_or(w))
        .is_some_and(|w| matches!(w, "npm" | "pnpm" | "yarn" | "bun"));
    if manager && i >= 1 {
        let script = argv[i..].first().map_or("", String::as_str);
        return match value(&argv[i..], &["--host", "--hostname"], true)? {
            Some(h) if loopback_bind(&h) => None,
            h => Some(beyond(
                &format!("the package script {script}"),
                h.as_deref().unwrap_or("0.0.0.0"),
                "",
                "the project's files",
            )),
        };
    }
    let word = argv.get(i)?;
    let prog = word.rsplit('/').next().unwrap_or(word);
    let args = argv.get(i + 1..).unwrap_or(&[]);
    let s = sub(args);
    match prog {
        "vite" => {
            if matches!(s, Some("build" | "optimize")) {
                return None;
            }
            let host = value(args, &["--host"], true)?;
            match host {
                Some(h) if loopback_bind(&h) => None,
                h => {
                    let port = value(args, &["--port"], false)
                        .flatten()
                        .unwrap_or_default();
                    Some(beyond(
                        "vite",
                        h.as_deref().unwrap_or("0.0.0.0"),
                        &port,
                        "the project's files",
                    ))
                }
            }
        }
        "manage.py" | "django-admin" if s == Some("runserver") => {
            let at = args.iter().position(|a| a == "runserver")?;
            // The operand, past the values of the options that take one.
            let rest = &args[at + 1..];
            let addrport = rest.iter().enumerate().find_map(|(k, a)| {
                let valued = k.checked_sub(1).and_then(|p| rest.get(p)).is_some_and(|p| {
                    matches!(
                        p.as_str(),
                        "--settings" | "--pythonpath" | "-v" | "--verbosity"
                    )
                });
                (!a.starts_with('-') && !valued).then_some(a)
            })?;
            if addrport.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            let (host, port) = host_port(addrport);
            let host = if host == "0" {
                "0.0.0.0".to_string()
            } else {
                host
            };
            (!loopback_bind(&host)).then(|| beyond(prog, &host, &port, "the project"))
        }
        "mkdocs" if s == Some("serve") => {
            let addr = value(args, &["-a", "--dev-addr"], false)??;
            let (host, port) = host_port(&addr);
            (!loopback_bind(&host))
                .then(|| beyond("mkdocs serve", &host, &port, "the documentation site"))
        }
        "jekyll" if matches!(s, Some("serve" | "s" | "server")) => {
            let host = value(args, &["-H", "--host"], false)??;
            (!loopback_bind(&host)).then(|| beyond("jekyll serve", &host, "", "the site"))
        }
        "hugo" if matches!(s, Some("server" | "serve")) => {
            let host = value(args, &["--bind"], false)??;
            (!loopback_bind(&host)).then(|| beyond("hugo server", &host, "", "the site"))
        }
        "jupyter" | "jupyter-lab" | "jupyter-notebook" | "jupyter-server" | "jupyter-nbclassic" => {
            let app = if prog == "jupyter" {
                s?
            } else {
                prog.trim_start_matches("jupyter-")
            };
            if !matches!(app, "lab" | "notebook" | "server" | "nbclassic") {
                return None;
            }
            jupyter(app, args)
        }
        "code" | "code-insiders" if s == Some("tunnel") => {
            // `code tunnel` (or `code tunnel service install`) serves this machine through
            // the relay; its other subcommands manage or report on one.
            let rest: Vec<&str> = args
                .iter()
                .filter(|a| !a.starts_with('-'))
                .skip(1)
                .map(String::as_str)
                .collect();
            if args.iter().any(|a| a == "--help" || a == "-h") {
                return None;
            }
            (rest.is_empty() || rest == ["service", "install"]).then(|| Listener {
                reason: format!(
                    "{prog} tunnel opens this machine to remote VS Code sessions through Microsoft's dev-tunnel relay: whoever signs in to it edits files and runs commands here"
                ),
                url: "https://vscode.dev/tunnel".to_string(),
                serves: Some(".".to_string()),
            })
        }
        "code" | "code-insiders" if s == Some("serve-web") => {
            let host = value(args, &["--host"], false).flatten();
            let open = args.iter().any(|a| a == "--without-connection-token");
            match host {
                Some(h) if !loopback_bind(&h) => Some(beyond(
                    &format!("{prog} serve-web"),
                    &h,
                    "",
                    "an editor with a terminal on this machine",
                )),
                _ if open => Some(unauthenticated(&format!("{prog} serve-web"), "8000")),
                _ => None,
            }
        }
        "code-server" => {
            let bind = value(args, &["--bind-addr"], false).flatten();
            let host = value(args, &["--host"], false).flatten();
            let auth_none = value(args, &["--auth"], false).flatten().as_deref() == Some("none");
            if args.iter().any(|a| a == "--link") {
                return Some(Listener {
                    reason: "code-server --link puts the editor on the internet through coder.com's relay".to_string(),
                    url: "https://coder.com/".to_string(),
                    serves: Some(".".to_string()),
                });
            }
            let (h, port) = match (bind, host) {
                (Some(b), _) => host_port(&b),
                (None, Some(h)) => (h, String::new()),
                (None, None) => ("127.0.0.1".to_string(), "8080".to_string()),
            };
            if !loopback_bind(&h) {
                Some(beyond(
                    "code-server",
                    &h,
                    &port,
                    "an editor with a terminal on this machine",
                ))
            } else if auth_none {
                Some(unauthenticated("code-server --auth none", "8080"))
            } else {
                None
            }
        }
        _ => None,
    }
}

fn unauthenticated(prog: &str, port: &str) -> Listener {
    Listener {
        reason: format!(
            "{prog} starts without authentication: whoever connects (any local user, or a web page through DNS rebinding) runs code on this machine"
        ),
        url: format!("http://127.0.0.1:{port}/"),
        serves: Some(".".to_string()),
    }
}

/// `jupyter lab|notebook|server|nbclassic`: `--ip` (and the apps' `ip` traits) beyond
/// loopback, or the token set empty (authentication off).
fn jupyter(app: &str, args: &[String]) -> Option<Listener> {
    let ip = value(args, &["--ip", "--ServerApp.ip", "--NotebookApp.ip"], false).flatten();
    let unquote = |v: &str| v.trim_matches(['\'', '"']).to_string();
    let no_token = [
        "--ServerApp.token",
        "--NotebookApp.token",
        "--IdentityProvider.token",
    ]
    .iter()
    .any(|n| {
        value(args, &[n], false)
            .is_some_and(|v| v.as_deref().map(unquote).unwrap_or_default().is_empty())
    });
    let port = value(
        args,
        &["--port", "--ServerApp.port", "--NotebookApp.port"],
        false,
    )
    .flatten()
    .unwrap_or_else(|| "8888".to_string());
    let prog = format!("jupyter {app}");
    match ip {
        Some(h) if !loopback_bind(&unquote(&h)) => {
            let mut l = beyond(
                &prog,
                &unquote(&h),
                &port,
                "the notebooks and a kernel that runs code on this machine",
            );
            if no_token {
                l.reason.push_str(", with no token asked for");
            }
            Some(l)
        }
        _ if no_token => Some(unauthenticated(
            &format!("{prog} with an empty token"),
            &port,
        )),
        _ => None,
    }
}
