#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;

fn plain(p: &str) -> JsPath {
    JsPath {
        base: Base::Plain,
        text: p.into(),
    }
}

fn home(p: &str) -> JsPath {
    JsPath {
        base: Base::Home,
        text: p.into(),
    }
}

fn cwd(p: &str) -> JsPath {
    JsPath {
        base: Base::Cwd,
        text: p.into(),
    }
}

fn inside(code: &str) -> Pure {
    match judge(code) {
        Ok(p) => p,
        Err(why) => panic!("{code:?} refused: {why}"),
    }
}

fn refused(code: &str, says: &str) {
    match judge(code) {
        Ok(p) => panic!("{code:?} allowed: {p:?}"),
        Err(why) => assert!(why.contains(says), "{code:?}: {why} (wanted {says})"),
    }
}

fn reads(p: &Pure) -> Vec<JsPath> {
    p.reads.iter().map(|(p, _)| p.clone()).collect()
}

fn writes(p: &Pure) -> Vec<JsPath> {
    p.writes.iter().map(|(p, _)| p.clone()).collect()
}

/// What agents run for JSON work: computes, reads and writes literal paths, prints.
#[test]
fn json_work_is_inside_the_grammar() {
    let cases: &[(&str, &[JsPath], &[JsPath], bool)] = &[
        (
            "const fs = require('fs'); const r = JSON.parse(fs.readFileSync('out/scan.json', 'utf8')); console.log('files:', r.files.length); console.log(Object.keys(r.importMap).slice(0,5).join(', '))",
            &[plain("out/scan.json")],
            &[],
            false,
        ),
        (
            "JSON.parse(require('fs').readFileSync('messages/zh.json', 'utf8')); console.log('ok')",
            &[plain("messages/zh.json")],
            &[],
            false,
        ),
        (
            "const fs=require('fs'); const scan=JSON.parse(fs.readFileSync('/ws/a.json','utf8')); const input={files: scan.files.filter(f => f.kind === 'code').map(f => ({path: f.path}))}; fs.writeFileSync('/ws/b.json', JSON.stringify(input, null, 2)); console.log('Written', input.files.length)",
            &[plain("/ws/a.json")],
            &[plain("/ws/b.json")],
            false,
        ),
        (
            "const data = JSON.parse(require('fs').readFileSync(0, 'utf8')); for (const l of data.layers) console.log(l.id, l.nodeIds.length)",
            &[],
            &[],
            true,
        ),
        (
            // Multi-line, as a heredoc: functions of its own, literal keys, spread of them.
            "const fs = require('node:fs');\nconst path = require('node:path');\nconst ROOT = '/ws/proj';\nconst results = JSON.parse(fs.readFileSync(path.join(ROOT, 'tmp', 'r.json'), 'utf8'));\nfunction count(list) {\n  return list.length;\n}\nconst layers = [\n  { id: 'layer:core', nodeIds: results.directoryGroups['core'] },\n  { id: 'layer:cfg', nodeIds: [...results.directoryGroups['cmake'], ...results.directoryGroups['ini']] },\n];\nfor (const l of layers) console.log(`${l.id}: ${count(l.nodeIds)}`);\nfs.mkdirSync(path.join(ROOT, 'out'), { recursive: true });\nfs.writeFileSync(`${ROOT}/out/layers.json`, JSON.stringify({ layers }, null, 2));\n",
            &[plain("/ws/proj/tmp/r.json")],
            &[plain("/ws/proj/out"), plain("/ws/proj/out/layers.json")],
            false,
        ),
        (
            "const { readFileSync, existsSync } = require('fs');\nif (existsSync('package.json')) {\n  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));\n  console.log(pkg.name, Object.keys(pkg.dependencies ?? {}).sort().join(' '));\n}",
            &[plain("package.json"), plain("package.json")],
            &[],
            false,
        ),
    ];
    for (code, r, w, stdin) in cases {
        let p = inside(code);
        assert_eq!(reads(&p), *r, "{code}");
        assert_eq!(writes(&p), *w, "{code}");
        assert_eq!(p.stdin, *stdin, "{code}");
    }
}

/// The ordinary constructs of computing code.
#[test]
fn plain_computation_is_inside_the_grammar() {
    for code in [
        "console.log(1 + 2 * 3, Math.max(...[1, 5, 2]), Math.round(2.5))",
        "const a = [3, 1, 2]; a.sort((x, y) => x - y); console.log(a.reverse().join(','))",
        "const xs = ['1', '2', '']; console.log(xs.map(Number), xs.filter(Boolean), xs.map(parseFloat))",
        "const o = {a: 1, b: [2, 3]}; for (const [k, v] of Object.entries(o)) console.log(k, JSON.stringify(v));",
        "const o = {a: 1}; for (const k in o) console.log(k, o[k]);",
        "const counts = {}; for (const w of 'a b a'.split(' ')) counts[w] = (counts[w] || 0) + 1; console.log(counts);",
        "const seen = new Set(); const m = new Map(); for (const x of [1, 2, 1]) { seen.add(x); m.set(x, (m.get(x) || 0) + 1); } console.log([...seen], [...m.entries()]);",
        "const data = [1,2,3,4]; for (let i = 0; i < data.length; i++) { console.log(data[i], data[i * 2 + 1], data[data.length - 1]); }",
        "let total = 0; let i = 0; while (i < 3) { total += i; i++; } do { i--; } while (i > 0); console.log(total);",
        "try { JSON.parse('{'); } catch (e) { console.error('bad:', e.message); } finally { console.log('done'); }",
        "try { JSON.parse('{'); } catch { process.exit(1); }",
        "const s = 'Hello World'; console.log(s.replace(/o/g, m => m.toUpperCase()), s.replace('World', 'there'), /l+/.test(s), s.match(/(?<w>W\\w+)/).groups.w);",
        "const x = null; console.log(x?.a?.b ?? 'none', typeof x, x === null ? 'null' : 'other');",
        "const { a, b: [first, ...rest], c = 3, ...others } = { a: 1, b: [1, 2, 3], d: 4 }; console.log(a, first, rest, c, others);",
        "const sum = [1, 2, 3].reduce((acc, n) => acc + n, 0); const groups = [1, 2, 3].reduce((acc, n) => { acc.push(n * 2); return acc; }, []); console.log(sum, groups);",
        "switch (process.argv[2]) { case 'a': console.log('A'); break; default: console.log('?'); }",
        "const args = process.argv.slice(2); console.log(args.length, process.platform, process.argv.length);",
        "const d = new Date(); console.log(d.toISOString(), Date.now() > 0, new Date('2024-01-01').getFullYear());",
        "const f = (n) => n <= 1 ? 1 : n * f(n - 1); console.log(f(5));",
        "function pad(s, n = 10) { return String(s).padStart(n, ' '); } console.log(pad('x'), pad(42, 4));",
        "const rows = [{n: 'a', v: 2}, {n: 'b', v: 1}]; console.table(rows.toSorted((p, q) => p.v - q.v));",
        "process.stdout.write(JSON.stringify({ok: true}) + '\\n');",
        "const e = new Error('x'); console.log(e instanceof Error, Array.isArray([]), Number.isInteger(2.0), Object.fromEntries([['a', 1]]));",
        "const re = new RegExp('a+', 'g'); console.log('caaat'.replace(re, 'a'), encodeURIComponent('a b'));",
        "const buf = Buffer.from('aGk=', 'base64'); console.log(buf.toString('utf8'), buf.length, Buffer.byteLength('hé'));",
        "const o = Object.assign({}, {a: 1}, {b: 2}); delete o.a; console.log(o, 'b' in o, Object.hasOwn(o, 'b'));",
        "console.log(`${[1, 2].map(n => n * 2).join('-')} and ${'x'.repeat(3)}`);",
        "const {homedir} = require('os'); console.log(homedir(), require('os').platform(), require('path').basename('/a/b.c'));",
        "#!/usr/bin/env node\nconsole.log('hashbang');",
        "const o = {a: 1}; const k = 'a'; console.log(o[k], String(o[k]), o[k] + 1, `${o[k]}`, JSON.stringify(o[k]), o[k] === 1, Object.keys(o[k] || {}));",
        "const m = 'x'.link; console.log(typeof m, m === undefined);",
    ] {
        inside(code);
    }
}

/// Paths the code spells out, placed as Node places them; anything else is refused.
#[test]
fn paths_are_what_node_would_open() {
    let one = |code: &str| -> JsPath {
        let p = inside(code);
        let mut all = reads(&p);
        all.extend(writes(&p));
        assert_eq!(all.len(), 1, "{code}: {all:?}");
        all.remove(0)
    };
    let cases: &[(&str, JsPath)] = &[
        ("require('fs').readFileSync('a.json')", plain("a.json")),
        ("require('fs').readFileSync(`a.json`)", plain("a.json")),
        ("require('fs').readFileSync('~/x')", plain("~/x")),
        ("const d = 'out'; require('fs').readFileSync(d + '/a.json')", plain("out/a.json")),
        ("const d = 'out'; require('fs').readFileSync(`${d}/a.json`)", plain("out/a.json")),
        ("const p = require('path'); require('fs').readFileSync(p.join('a', '', './b', 'c/../d.json'))", plain("a/b/d.json")),
        ("const p = require('path'); require('fs').readFileSync(p.join(__dirname, 'x.json'))", plain("x.json")),
        ("const p = require('path'); require('fs').readFileSync(p.resolve('a', '/etc', 'hosts'))", plain("/etc/hosts")),
        ("const p = require('path'); require('fs').readFileSync(p.resolve('a.json'))", plain("a.json")),
        ("const os = require('os'); require('fs').readFileSync(os.homedir() + '/.ssh/id_rsa')", home("/.ssh/id_rsa")),
        ("const os = require('os'), path = require('path'); require('fs').readFileSync(path.join(os.homedir(), '.ssh', 'id_rsa'))", home("/.ssh/id_rsa")),
        ("const {join} = require('path'); const {homedir} = require('os'); require('fs').readFileSync(join(homedir(), '.aws/credentials'))", home("/.aws/credentials")),
        ("require('fs').readFileSync(`${require('os').homedir()}/.netrc`)", home("/.netrc")),
        ("require('fs').readFileSync(require('os').homedir() + 'x')", home("x")),
        ("require('fs').writeFileSync(process.cwd() + '/out.txt', 'x')", cwd("/out.txt")),
        ("require('fs').readdirSync(require('os').homedir())", home("")),
    ];
    for (code, want) in cases {
        assert_eq!(one(code), *want, "{code}");
    }
    for (code, says) in [
        ("const p = 'a.json'.trim(); require('fs').readFileSync(p)", "computed"),
        ("let p = 'a.json'; require('fs').readFileSync(p)", "computed"),
        ("require('fs').readFileSync(process.argv[2])", "computed"),
        ("require('fs').readFileSync('a' + 1)", "computed"),
        ("require('fs').readFileSync('\\x2e\\x2e/x')", "computed"),
        ("require('fs').readFileSync('../x')", ".."),
        ("require('fs').readFileSync('link/../../.ssh/id_rsa')", ".."),
        ("const p = require('path'); require('fs').readFileSync(p.join('..', 'x'))", "computed"),
        ("const p = require('path'); require('fs').readFileSync(p.join(require('os').homedir(), '..', 'x'))", "computed"),
        ("require('fs').readFileSync('')", "empty"),
        ("require('fs').readFileSync(3)", "descriptor"),
        ("require('fs').writeFileSync('x' + require('os').homedir(), '')", "computed"),
        ("require('fs').readFileSync(require('os').tmpdir() + '/x')", "computed"),
    ] {
        refused(code, says);
    }
}

/// What each `fs` function does, and the options it takes.
#[test]
fn fs_calls_are_reads_and_writes() {
    let p = inside(
        "const fs = require('fs');\nfs.readFileSync('a');\nfs.existsSync('b');\nfs.statSync('c', {throwIfNoEntry: false});\nfs.lstatSync('d');\nfs.readdirSync('e', {withFileTypes: true}).filter(x => x.isFile());\nfs.writeFileSync('f', 'x', 'utf8');\nfs.appendFileSync('g', 'x', {encoding: 'utf8'});\nfs.mkdirSync('h', {recursive: true});\nfs.readFileSync('/dev/stdin', 'utf8');",
    );
    assert_eq!(
        p.reads,
        vec![
            (plain("a"), Reach::File),
            (plain("b"), Reach::File),
            (plain("c"), Reach::File),
            (plain("d"), Reach::Metadata),
            (plain("e"), Reach::Metadata),
        ]
    );
    assert_eq!(
        p.writes,
        vec![
            (plain("f"), WriteHow::Replace),
            (plain("g"), WriteHow::Append),
            (plain("h"), WriteHow::Mkdir),
        ]
    );
    assert!(p.stdin);
    assert_eq!(p.modules, vec!["fs".to_string()]);
    for (code, says) in [
        ("require('fs').rmSync('x', {recursive: true})", "fs.rmSync"),
        ("require('fs').unlinkSync('x')", "fs.unlinkSync"),
        ("require('fs').symlinkSync('/etc', 'x')", "fs.symlinkSync"),
        ("require('fs').chmodSync('x', 0o755)", "fs.chmodSync"),
        ("require('fs').renameSync('a', 'b')", "fs.renameSync"),
        ("require('fs').copyFileSync('a', 'b')", "fs.copyFileSync"),
        ("require('fs').openSync('a', 'w')", "fs.openSync"),
        (
            "require('fs').createWriteStream('a')",
            "fs.createWriteStream",
        ),
        ("require('fs').promises.readFile('a')", "fs.promises"),
        ("const {promises} = require('fs')", "fs.promises"),
        ("require('fs').writeFile('a', 'x', () => 1)", "fs.writeFile"),
        (
            "require('fs').writeFileSync('a', 'x', {mode: 0o755})",
            "mode",
        ),
        ("require('fs').writeFileSync('a', 'x', {flag: 'a'})", "flag"),
        ("require('fs').readFileSync('a', {flag: 'w+'})", "flag"),
        ("require('fs').mkdirSync('a', 0o777)", "options"),
        (
            "require('fs').readdirSync('a', {recursive: true})",
            "recursive",
        ),
        (
            "const o = {encoding: 'utf8'}; require('fs').readFileSync('a', o)",
            "options",
        ),
        (
            "const fs = require('fs'); const w = fs.writeFileSync; w('a', 'x')",
            "fs.writeFileSync",
        ),
        (
            "const fs = require('fs'); [1].forEach(fs.writeFileSync)",
            "callback",
        ),
        (
            "const fs = require('fs'); fs['rmSync']('x')",
            "module binding fs",
        ),
        (
            "const fs = require('fs'); const k = 'rmSync'; fs[k]('x')",
            "module binding fs",
        ),
        ("let fs = require('fs'); fs.readFileSync('a')", "module"),
        ("const fs = require('fs'); fs = 1", "does not change"),
    ] {
        refused(code, says);
    }
}

/// Modules, globals and the rest of the runtime: out of reach.
#[test]
fn the_runtime_is_out_of_reach() {
    for (code, says) in [
        ("require('child_process').execSync('id')", "child_process"),
        ("require('node:child_process')", "child_process"),
        ("const x = 'fs'; require(x)", "module"),
        ("require('./fs.js')", "./fs.js"),
        ("require('fs/promises')", "fs/promises"),
        ("require('vm').runInThisContext('1')", "vm"),
        ("require('worker_threads')", "worker_threads"),
        ("require('net')", "net"),
        ("require('http').get('http://x')", "http"),
        ("require('https')", "https"),
        ("require('dgram')", "dgram"),
        ("require('inspector')", "inspector"),
        ("require('module')", "module"),
        ("require('util').inspect(1)", "util"),
        ("require.resolve('fs')", "require"),
        ("require.cache", "require"),
        ("const r = require; r('child_process')", "require"),
        ("import('child_process')", "import"),
        ("import fs from 'fs'", "import"),
        (
            "(async () => { await import('x') })()",
            "function as a value",
        ),
        ("(() => 1)()", "function as a value"),
        ("eval('1')", "eval"),
        ("Function('return process')()", "Function"),
        ("new Function('return 1')", "Function"),
        ("globalThis.process", "globalThis"),
        ("global.process", "global"),
        ("module.exports = 1", "module"),
        ("exports.x = 1", "exports"),
        ("console.log(process.env)", "process.env"),
        ("console.log(process.env.HOME)", "process.env"),
        ("const {env} = process", "process"),
        ("process.binding('spawn_sync')", "process.binding"),
        ("process['binding']('spawn_sync')", "process"),
        (
            "process.mainModule.require('child_process')",
            "process.mainModule",
        ),
        ("process.dlopen({}, 'x.node')", "process.dlopen"),
        ("process.chdir('/')", "process.chdir"),
        ("process.kill(1)", "process.kill"),
        ("const p = process; p.exit()", "process"),
        ("process.stdout.pipe", "process.stdout.pipe"),
        (
            "const out = process.stdout; out.write('x')",
            "process.stdout",
        ),
        ("console.log.apply(null, [1])", "apply"),
        ("JSON.parse = 1", "changes JSON"),
        ("Math.random = 4", "changes Math"),
        ("JSON.parse = (x) => x", "function as a value"),
        ("Reflect.ownKeys({})", "Reflect"),
        ("new Proxy({}, {})", "Proxy"),
        ("with (Math) { max(1) }", "with"),
        ("label: for (;;) { break label; }", "label"),
        ("class A {}", "class"),
        ("const A = class {}", "class"),
        ("function* g() {}", "generator"),
        ("async function f() {}", "async"),
        ("const f = async () => 1; f()", "async"),
        ("console.log(this)", "this"),
        ("function f() { return arguments; } f()", "arguments"),
        ("setTimeout('console.log(1)')", "setTimeout"),
        ("fetch('http://x')", "fetch"),
        ("String.raw`a${1}`", "tagged template"),
        ("console.log`x`", "tagged template"),
        ("const JSON = {parse: () => 1}", "declares JSON"),
        ("function require() {}", "declares require"),
        ("let undefined = 1", "undefined"),
        ("x = 1", "does not declare"),
        ("\\u0065val('1')", "\\u0065val"),
        ("const o = {}; o.\\u0063onstructor", "escapes"),
        ("if (1) function f() {}", "inside a block"),
        ("{ function f() {} }", "inside a block"),
        ("const f = function g() {}", "names a function expression"),
        ("Symbol.for('x')", "Symbol"),
        ("new.target", "new.target"),
        ("debugger", "debugger"),
        ("const x = <div/>", "JSX"),
        ("const a = 1 <!-- b\n(1)", "HTML-like comment"),
        ("let a = 1\n--> b\n(1)", "HTML-like comment"),
        ("console.log(1)\u{2028}", "line separator"),
        ("console.log(", "parse"),
    ] {
        refused(code, says);
    }
}

/// Prototypes, constructors and `Function` are never named, defined or called.
#[test]
fn prototypes_and_constructors_are_never_reached() {
    for (code, says) in [
        (
            "this.constructor.constructor('return process')()",
            "constructor",
        ),
        (
            "this.constructor.constructor('return process')",
            "constructor",
        ),
        ("[].map.constructor('return process')()", "constructor"),
        ("({}).constructor", "constructor"),
        ("''.constructor.prototype.x = 1", "prototype"),
        ("const o = {}; o.__proto__.x = 1", "__proto__"),
        ("const o = {}; o['__proto__'].x = 1", "__proto__"),
        ("const o = {__proto__: null}", "__proto__"),
        ("const o = {'__proto__': []}", "__proto__"),
        ("const o = {}; o['constructor']", "constructor"),
        ("const o = {}; o[`constructor`]", "constructor"),
        ("const {constructor: C} = {}", "constructor"),
        ("const {constructor} = []", "constructor"),
        ("Object.prototype.polluted = 1", "prototype"),
        (
            "Object.defineProperty({}, 'x', {get() { return 1 }})",
            "defineProperty",
        ),
        ("Object.setPrototypeOf({}, null)", "setPrototypeOf"),
        ("Object.getPrototypeOf([])", "getPrototypeOf"),
        (
            "Object.getOwnPropertyDescriptor(Object.prototype, '__proto__')",
            "getOwnPropertyDescriptor",
        ),
        ("Object.create(null)", "Object.create"),
        ("const o = { get x() { return 1 } }", "getter"),
        ("const o = { set x(v) {} }", "getter"),
        ("const o = { m() {} }", "method"),
        ("const o = { f: () => 1 }", "method"),
        ("const o = { toString: 'x' }", "toString"),
        ("const o = {}; o.toJSON = 1", "toJSON"),
        ("const o = {}; o['valueOf'] = 1", "valueOf"),
        ("const o = { then: 1 }", "then"),
        ("const f = () => 1; f.call(null)", "call"),
        ("[].map.bind([])", "bind"),
        ("Error.captureStackTrace({})", "captureStackTrace"),
        ("Error.prepareStackTrace = 1", "prepareStackTrace"),
        ("function f() { return f.caller } f()", "caller"),
        ("new Date().constructor", "constructor"),
    ] {
        refused(code, says);
    }
}

/// A value read by a computed key may be a constructor, `Function` or a prototype: it is
/// never called, stored, returned, thrown or written through, wherever it flows.
#[test]
fn computed_reads_never_become_code() {
    let o = "const o = JSON.parse(require('fs').readFileSync(0, 'utf8')); const k = o.key;";
    for (code, says) in [
        ("o[k]()", "computed function"),
        ("o[k].x()", "method x"),
        ("const f = o[k]; f()", "not a function it defines"),
        ("o[k][k]('return process')()", "computed function"),
        ("[1].map(o[k])", "callback"),
        ("[1].forEach(o[k][k])", "callback"),
        ("'x'.replace('x', o[k])", "computed key"),
        ("JSON.parse('1', o[k])", "callback"),
        ("JSON.stringify({}, o[k])", "computed key"),
        ("Array.from('x', o[k])", "callback"),
        ("[2, 1].sort(o[k])", "callback"),
        ("const a = [o[k]]", "stores"),
        ("const a = {v: o[k]}", "stores"),
        ("const v = o[k]; const a = {v}", "stores"),
        ("const a = []; a.push(o[k])", "stores"),
        ("const a = []; a.push(o[k].x.y)", "stores"),
        ("const m = new Map(); m.set('x', o[k])", "stores"),
        ("const m = new Map(); m.set(o[k], 1)", "stores"),
        ("const s = new Set([o[k]])", "stores"),
        ("const a = {}; a.x = o[k]", "stores"),
        ("const a = {}; a[k] = o[k]", "stores"),
        ("const a = {}; a[k] ||= o[k]", "stores"),
        ("Object.assign({}, o[k])", "stores"),
        ("Object.assign(o[k], {x: 1})", "stores"),
        ("Object.fromEntries([['x', o[k]]])", "stores"),
        ("const a = [...o[k]]", "stores"),
        ("const a = {...o[k]}", "spreads"),
        ("console.log(...o[k])", "spreads"),
        ("throw o[k]", "throws"),
        ("function g() { return o[k] } g()", "returns"),
        ("const g = () => o[k]; g()", "returns"),
        ("[1].map(x => o[k])", "returns"),
        ("[1].map(x => o[x])", "returns"),
        ("[1].reduce((a, x) => o[x], 0)", "returns"),
        ("JSON.parse('1', (key, v) => o[key])", "returns"),
        ("o[k].x = 1", "writes into"),
        ("o[k][k] = 1", "writes into"),
        ("o[k].push(1)", "push"),
        ("o[k].sort()", "sort"),
        ("delete o[k].x", "writes into"),
        ("o[k].x++", "writes into"),
        ("const p = o[k]; p.polluted = 1", "writes into"),
        ("const {a} = o[k]; a.polluted = 1", "writes into"),
        ("for (const p of o[k]) p.polluted = 1", "writes into"),
        ("o[k].forEach(p => { p.polluted = 1 })", "writes into"),
        (
            "Object.entries(o[k]).forEach(([n, p]) => { p.x = 1 })",
            "writes into",
        ),
        ("function g(p) { p.polluted = 1 } g(o[k])", "writes into"),
        (
            "const out = []; function g(p) { out.push(p) } g(o[k])",
            "stores",
        ),
        (
            "const out = []; const g = (p) => out.push(p); [1].map(x => g(o[x]))",
            "stores",
        ),
        ("const out = []; [o[k]].forEach(x => out.push(x))", "stores"),
        (
            "const acc = []; ['a'].reduce((a, x) => { a.push(x); return a }, o[k])",
            "stores",
        ),
        // A name bound by a static read of a method's name may hold a builtin function.
        ("const a = {m: [].map}", "stores"),
        ("const f = [].map; const a = [f]", "stores"),
        ("const {map} = []; const a = [map]", "stores"),
        ("const a = {m: 'x'.link}", "stores"),
        ("const a = {m: o['includes']}", "stores"),
        // What only ever held numbers is a safe key until it holds something else.
        ("let i = 0; i = k; o[i].x = 1", "writes into"),
        (
            "let i = 0; const a = []; a.push(o[i]); i = 'constructor'",
            "stores",
        ),
    ] {
        refused(&format!("{o} {code}"), says);
    }
    // Reading, printing, comparing, converting and keying by it are fine.
    for code in [
        "console.log(o[k], o[k]?.x, `${o[k]}`, String(o[k]), o[k] + 1, o[k] == 1, typeof o[k]);",
        "const v = o[k]; if (v && v.length > 2) console.log(v.slice(0, 2), v.includes('x'));",
        "for (const x of o[k]) console.log(x.id); for (const n in o[k]) console.log(n);",
        "o[k].forEach(x => console.log(x)); console.log(o[k].filter(x => x.ok).length, o[k].find(x => o[x]));",
        "const counts = {}; counts[o[k]] = (counts[o[k]] || 0) + 1; console.log(counts);",
        "const t = Object.keys(o[k]).map(n => n.toUpperCase()); console.log(t);",
        "console.log(Object.keys(o).filter(n => o[n]).sort((a, b) => o[a] - o[b]));",
        "require('fs').writeFileSync('out.txt', o[k]);",
        "const seen = new Set(['a']); console.log(seen.has(o[k]), ['a'].indexOf(o[k]));",
        "let i = 0; i += 2; console.log(o[i], o[i].length);",
    ] {
        inside(&format!("{o} {code}"));
    }
}

#[test]
fn node_options_and_shapes_beyond_the_code() {
    // The grammar judges code; how it is given (`-e`, `-p`, a heredoc) is the caller's.
    let p = inside("");
    assert!(p.reads.is_empty() && p.writes.is_empty() && !p.stdin);
    // `-p` prints the last value: a value like any other.
    inside("[1, 2].map(x => x * 2)");
}

#[test]
fn bounds_are_refusals_not_crashes() {
    let long = "x;\n".repeat(MAX_CODE / 3 + 1);
    assert!(judge(&long).unwrap_err().contains("longer"));
    let deep = format!("console.log({}1{})", "(".repeat(400), ")".repeat(400));
    assert!(judge(&deep).is_err());
    // Many names passing a raw value along settle (or are refused), never loop.
    let mut chain = String::from("const o = {}; let a0 = o[process.argv[2]];");
    for i in 1..60 {
        chain.push_str(&format!(" let a{i} = 0; a{i} = a{};", i - 1));
    }
    chain.push_str(" const keep = [a59];");
    assert!(judge(&chain).is_err());
}

proptest::proptest! {
    /// Any text at all is judged without a panic; what passes names only paths it spells.
    #[test]
    fn any_text_is_judged_without_panicking(code in "[ -~\n\t]{0,200}") {
        if let Ok(p) = judge(&code) {
            for (r, _) in &p.reads {
                proptest::prop_assert!(r.base != Base::Plain || code.contains(r.text.as_str()));
            }
        }
    }

    /// JavaScript-shaped fragments, recombined, never panic either.
    #[test]
    fn javascript_fragments_are_judged_without_panicking(parts in proptest::collection::vec(
        proptest::sample::select(vec![
            "const fs = require('fs');", "fs.readFileSync('a')", "o[k]", "(", ")", "{", "}",
            "x => x", "function f(a) {", "return a;", "[1].map(", "`${x}`", ".constructor",
            "let k = 'a';", "for (const v of o) {", "new Map()", ";", "o.x = ", "delete ",
            "require('os').homedir() + '/x'", "process.argv[2]", "...",
        ]),
        0..14,
    )) {
        let code: String = parts.concat();
        let _ = judge(&code);
    }
}
