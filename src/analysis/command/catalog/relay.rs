//! Relays, share links and remote images: programs whose job is to hand files to a third
//! party's service or to run an image a registry serves. A file given to a relay
//! (`croc send .env`, `wormhole send .env`, `ffsend upload x`, `wgetpaste x`, `gist x`,
//! `onionshare-cli x`) is a network send carrying that file, as `upload`'s clients are;
//! an image copied to a registry (`skopeo copy dir:./build docker://HOST/x`) sends its
//! source there; an image run or built from a registry (`apptainer run docker://…`,
//! `singularity exec library://…`) is code fetched from the network. What these do not
//! read (another verb, an option outside the reading) stays not understood, beside the
//! send, and the long-tail verb rule still asks about a verb that deletes (`skopeo
//! delete`): a mistake here makes the floor ask more, never allow more.
//!
//! From the programs' documentation (search tool; none is installed here): croc (`croc
//! send [--code C] [--text T] FILES…`, `--relay HOST:PORT`, default relay
//! croc.schollz.com), magic-wormhole (`wormhole send [--text T] [FILE]`, through the
//! mailbox and transit relays), ffsend (`ffsend upload|up|u FILE…`, `--host URL`, default
//! send.vis.ee), wgetpaste (`wgetpaste [options] [FILE…]`, to a pastebin service), gist
//! (`gist [-p] FILE…`, to gist.github.com), OnionShare (`onionshare-cli [--website|…]
//! FILES…`: anyone with the onion address reads them), skopeo (`skopeo copy|sync SRC
//! DST`, transports `docker://`, `dir:`, `oci:`, `docker-archive:`, `oci-archive:`,
//! `containers-storage:`), Apptainer/SingularityCE (`run|exec|shell|pull|build|instance
//! start` take `docker://`, `library://`, `oras://`, `shub://`, `http(s)://` images; the
//! container sees the home directory by default, apptainer.org "Bind Paths and Mounts").

use super::table::{asks_help, Said};
use super::transfer::send;
use crate::analysis::command::core::Cmd;
use crate::analysis::effects::{Carry, Effect};

/// Not modelled: asked about when its words name a deletion, otherwise not understood.
fn other(cmd: &Cmd, why: String) -> Said {
    match super::verbs::mutation(cmd) {
        Some((category, reason)) => Said::soft(category, reason),
        None => Said::unknown(why),
    }
}

/// Operands after the verb at `from`, skipping the values of `valued` options; any other
/// option is returned as not read.
fn operands<'a>(
    args: &'a [String],
    from: usize,
    valued: &[&str],
    flags: &[&str],
) -> (Vec<&'a String>, Vec<&'a String>) {
    let mut ops = Vec::new();
    let mut unread = Vec::new();
    let mut only = false;
    let mut i = from;
    while let Some(a) = args.get(i) {
        if only || !a.starts_with('-') || a == "-" {
            ops.push(a);
        } else if a == "--" {
            only = true;
        } else if valued.contains(&a.as_str()) {
            i += 1;
        } else if !flags.contains(&a.as_str())
            && !valued
                .iter()
                .any(|v| v.starts_with("--") && a.starts_with(&format!("{v}=")))
        {
            unread.push(a);
        }
        i += 1;
    }
    (ops, unread)
}

fn carries(files: &[&String], text: Option<&str>) -> Vec<Carry> {
    let mut out: Vec<Carry> = files
        .iter()
        .map(|f| {
            if f.as_str() == "-" {
                Carry::Stdin
            } else {
                Carry::File {
                    path: f.to_string(),
                }
            }
        })
        .collect();
    if let Some(t) = text {
        out.push(Carry::Literal {
            text: t.to_string(),
        });
    }
    if out.is_empty() {
        out.push(Carry::Stdin);
    }
    out
}

fn value<'a>(args: &'a [String], names: &[&str]) -> Option<&'a str> {
    let mut found = None;
    for (i, a) in args.iter().enumerate() {
        if names.contains(&a.as_str()) {
            found = args.get(i + 1).map(String::as_str);
        } else if let Some((n, v)) = a.split_once('=') {
            if names.contains(&n) {
                found = Some(v);
            }
        }
    }
    found
}

fn host_of(target: &str) -> String {
    let t = target.split_once("://").map_or(target, |(_, r)| r);
    let t = t.split('/').next().unwrap_or(t);
    let t = t.rsplit('@').next().unwrap_or(t);
    t.split(':').next().unwrap_or(t).to_ascii_lowercase()
}

fn with_unread(said: Said, prog: &str, unread: &[&String]) -> Said {
    match unread.first() {
        Some(o) => said.and(Effect::unknown(format!(
            "{prog} {o} is outside the floor's reading"
        ))),
        None => said,
    }
}

/// `croc send`, `wormhole send`, `ffsend upload`, `wgetpaste`, `gist`, `onionshare-cli`.
pub(super) fn relay(cmd: &Cmd) -> Said {
    let prog = cmd.program();
    let args = cmd.args();
    if asks_help(args) || matches!(args, [v] if v == "--version" || v == "-v" || v == "-V") {
        return Said::read(format!("{prog} prints help or its version"));
    }
    // The first word that is no option nor a global option's value (`croc --relay HOST
    // send`).
    const GLOBAL_VALUED: &[&str] = &[
        "--relay",
        "--relay6",
        "--pass",
        "--socks5",
        "--curve",
        "--ip",
        "--appid",
        "--relay-url",
        "--transit-helper",
    ];
    let verb_at = (0..args.len()).find(|&i| {
        !(args[i].starts_with('-') || i > 0 && GLOBAL_VALUED.contains(&args[i - 1].as_str()))
    });
    let verb = verb_at.map(|i| args[i].as_str());
    match prog {
        "croc" if verb == Some("send") => {
            let (files, unread) = operands(
                args,
                verb_at.unwrap_or(0) + 1,
                &[
                    "--code",
                    "-c",
                    "--text",
                    "-t",
                    "--exclude",
                    "--relay",
                    "--relay6",
                    "--pass",
                    "--port",
                    "--transfers",
                    "--curve",
                    "--hash",
                    "--socks5",
                    "--throttleUpload",
                    "--multicast",
                    "--ip",
                ],
                &[
                    "--zip",
                    "--no-local",
                    "--no-multi",
                    "--git",
                    "--yes",
                    "--debug",
                ],
            );
            let relay = value(args, &["--relay"]).unwrap_or("croc.schollz.com");
            let said = send(
                format!(
                    "croc send hands the files to the relay {relay} for whoever holds the code"
                ),
                relay,
                Some(host_of(relay)),
                carries(&files, value(args, &["--text", "-t"])),
            );
            with_unread(said, prog, &unread)
        }
        "wormhole" if verb == Some("send") || verb == Some("tx") => {
            let (files, unread) = operands(
                args,
                verb_at.unwrap_or(0) + 1,
                &[
                    "--text",
                    "--code",
                    "--code-length",
                    "-c",
                    "--relay-url",
                    "--transit-helper",
                ],
                &[
                    "--ignore-unsendable-files",
                    "--hide-progress",
                    "--no-listen",
                    "-0",
                    "--zeromode",
                    "--allocate",
                ],
            );
            let said = send(
                "wormhole send hands the data to the wormhole relays for whoever holds the code"
                    .into(),
                "the magic-wormhole relay",
                value(args, &["--relay-url"]).map(host_of),
                carries(&files, value(args, &["--text"])),
            );
            with_unread(said, prog, &unread)
        }
        "ffsend" if matches!(verb, Some("upload" | "up" | "u")) => {
            let (files, unread) = operands(
                args,
                verb_at.unwrap_or(0) + 1,
                &[
                    "--host",
                    "-h",
                    "--name",
                    "-n",
                    "--password",
                    "-p",
                    "--downloads",
                    "-d",
                    "--expiry",
                    "-e",
                    "--archive-name",
                ],
                &[
                    "--archive",
                    "-a",
                    "--open",
                    "-o",
                    "--copy",
                    "-c",
                    "--quiet",
                    "-q",
                    "--force",
                    "-f",
                    "--yes",
                    "-y",
                    "--no-interact",
                    "-I",
                ],
            );
            let host = value(args, &["--host", "-h"]).unwrap_or("send.vis.ee");
            let said = send(
                format!(
                    "ffsend uploads the files to {host}, where anyone with the link reads them"
                ),
                host,
                Some(host_of(host)),
                carries(&files, None),
            );
            with_unread(said, prog, &unread)
        }
        "wgetpaste" | "gist" | "onionshare" | "onionshare-cli" => {
            let (files, unread) = operands(
                args,
                0,
                &[
                    "-s",
                    "--service",
                    "-l",
                    "--language",
                    "-d",
                    "--description",
                    "-n",
                    "--nick",
                    "-e",
                    "--expiration",
                    "-f",
                    "--filename",
                    "-u",
                    "--update",
                    "--persistent",
                    "--title",
                    "--auto-stop-timer",
                    "--auto-start-timer",
                    "--client-auth",
                    "--connect-timeout",
                    "--config",
                ],
                &[
                    "-p",
                    "--private",
                    "-c",
                    "--copy",
                    "-o",
                    "--open",
                    "-P",
                    "--paste",
                    "-r",
                    "--raw",
                    "-x",
                    "--xcut",
                    "-i",
                    "--info",
                    "-t",
                    "--tee",
                    "--website",
                    "--receive",
                    "--chat",
                    "--public",
                    "--stealth",
                    "--local-only",
                    "--no-autostop-sharing",
                    "--verbose",
                    "-v",
                    "-X",
                    "-N",
                ],
            );
            let (to, host, why) = match prog {
                "gist" => (
                    "gist.github.com",
                    Some("api.github.com".to_string()),
                    "gist posts the files to GitHub gists, where anyone with the link reads them",
                ),
                "wgetpaste" => (
                    "a pastebin service",
                    value(args, &["-s", "--service"]).map(str::to_string),
                    "wgetpaste posts the files to a pastebin, where anyone with the link reads them",
                ),
                _ => (
                    "an onion service",
                    None,
                    "onionshare serves the files over Tor to anyone with the address",
                ),
            };
            if prog.starts_with("onionshare") && args.iter().any(|a| a == "--receive") {
                return Said::unknown("onionshare --receive takes files from whoever connects");
            }
            let said = send(why.into(), to, host, carries(&files, None));
            with_unread(said, prog, &unread)
        }
        _ => other(
            cmd,
            format!(
                "{prog} {} is outside the floor's reading",
                verb.unwrap_or("")
            ),
        ),
    }
}

/// The host of a `docker://HOST/…` image reference whose first part names a registry
/// (a dot, a port or `localhost`), or Docker Hub's.
fn registry_host(reference: &str) -> String {
    let rest = reference.trim_start_matches("docker://");
    let first = rest.split('/').next().unwrap_or(rest);
    if rest.contains('/') && (first.contains('.') || first.contains(':') || first == "localhost") {
        host_of(first)
    } else {
        "docker.io".into()
    }
}

/// `skopeo copy|sync SRC DST` to a `docker://` destination: the source is sent to that
/// registry.
pub(super) fn skopeo(cmd: &Cmd) -> Said {
    let args = cmd.args();
    if asks_help(args) || matches!(args, [v] if v == "--version" || v == "-v") {
        return Said::read("skopeo prints help or its version");
    }
    let words: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    match words.as_slice() {
        [verb, src, dst, ..]
            if matches!(verb.as_str(), "copy" | "sync") && dst.starts_with("docker://") =>
        {
            let carried = ["dir:", "oci:", "docker-archive:", "oci-archive:"]
                .iter()
                .find_map(|t| src.strip_prefix(t))
                .map(|p| p.split(':').next().unwrap_or(p).to_string());
            let host = registry_host(dst);
            send(
                format!("skopeo {verb} sends {src} to the registry {host}"),
                dst,
                Some(host),
                vec![match carried {
                    Some(path) => Carry::File { path },
                    None => Carry::Literal {
                        text: src.to_string(),
                    },
                }],
            )
            .and(Effect::unknown(format!(
                "skopeo {verb} is read only for its destination"
            )))
        }
        _ => other(
            cmd,
            "skopeo: this use is outside the floor's reading".into(),
        ),
    }
}

/// `apptainer|singularity run|exec|shell|pull|build|instance start IMAGE …` with an image
/// from a registry or URL: its code is fetched and run.
pub(super) fn container_image(cmd: &Cmd) -> Said {
    let prog = cmd.program();
    let args = cmd.args();
    if asks_help(args) || matches!(args, [v] if v == "--version" || v == "version") {
        return Said::read(format!("{prog} prints help or its version"));
    }
    const REMOTE: &[&str] = &[
        "docker://",
        "library://",
        "oras://",
        "shub://",
        "http://",
        "https://",
    ];
    if let Some(image) = args
        .iter()
        .find(|a| REMOTE.iter().any(|r| a.starts_with(r)))
    {
        // Asked about as a registry install is (`docker run` of an image likewise runs
        // what the registry serves), with the image named.
        return Said::installs(
            "oci",
            &[image.as_str()],
            format!("{prog} fetches the image {image} and runs its code"),
        );
    }
    other(
        cmd,
        format!("{prog}: this use is outside the floor's reading"),
    )
}
