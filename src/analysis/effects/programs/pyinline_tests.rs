#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;

/// Code that only computes, reads literal files and prints: allowed, with its reads.
#[test]
fn pure_code_is_inside_the_grammar() {
    let cases: &[(&str, &[&str])] = &[
        ("print(1)", &[]),
        (
            "import json,sys; data=json.load(sys.stdin); print('\\n'.join(sorted(data.get('paths', {}).keys())))",
            &[],
        ),
        (
            "import json; d=json.load(open('/w/tour.json')); print('Steps:', len(d)); print('Orders:', [s['order'] for s in d])",
            &["/w/tour.json"],
        ),
        (
            "import json\nwith open('a.jsonl', 'r', encoding='utf-8') as f:\n    for line in f:\n        if line.strip():\n            print(json.loads(line)['type'])\n",
            &["a.jsonl"],
        ),
        (
            "import sys, json\ng = json.load(sys.stdin)\nfor layer in g.get('layers', []):\n    print(f\"\\n{layer['id']} - {layer['name']}\")\nedge_types = {}\nfor e in g.get('edges', []):\n    t = e.get('type', 'unknown')\n    edge_types[t] = edge_types.get(t, 0) + 1\nfor t, c in sorted(edge_types.items(), key=lambda x: -x[1]):\n    print(f'  {t}: {c}')\n",
            &[],
        ),
        (
            "from collections import Counter, defaultdict\nimport re\nc = Counter(re.findall(r'\\w+', 'a b a'))\nprint(c.most_common(1))\nd = defaultdict(list)\nd['x'].append(1)\n",
            &[],
        ),
        (
            "import plistlib\nwith open('/tmp/s.plist', 'rb') as f:\n    data = plistlib.load(f)\nobjects = data.get('$objects', [])\ncs = objects[189]\nif isinstance(cs, dict):\n    for k, v in cs.items():\n        if isinstance(v, plistlib.UID):\n            print(k, int(v))\n",
            &["/tmp/s.plist"],
        ),
        (
            "def f(x, *rest, y=2, **kw):\n    return x + y\ntry:\n    print(f(1))\nexcept (KeyError, ValueError) as e:\n    print(type(e).__name__, e)\nfinally:\n    pass\n",
            &[],
        ),
        (
            "import os.path\nprint(os.path.join('a', 'b'), os.path.exists('c'))",
            &[],
        ),
        (
            "from datetime import datetime, timedelta\nprint((datetime.now() - timedelta(days=1)).strftime('%Y'))",
            &[],
        ),
        ("import sys\nsys.stdout.write('x\\n')\nsys.exit(0)", &[]),
        (
            "import hashlib\nprint(hashlib.sha256(open('f.bin','rb').read()).hexdigest())",
            &["f.bin"],
        ),
        ("x = [i*i for i in range(10) if i % 2]\nprint(sum(x), max(x), (y := 3))", &[]),
        ("if __name__ == '__main__':\n    print('hi')", &[]),
        ("import urllib.parse\nprint(urllib.parse.quote('a b'))", &[]),
    ];
    for (code, reads) in cases {
        match judge(code) {
            Ok(p) => assert_eq!(p.reads, *reads, "{code}"),
            Err(why) => panic!("{code:?} refused: {why}"),
        }
    }
}

/// Anything that runs, writes, sends, or reaches the rest of the interpreter: outside.
#[test]
fn what_escapes_the_grammar_is_refused() {
    let cases: &[(&str, &str)] = &[
        ("import os; os.system('rm -rf ~')", "os.system"),
        ("import os\nos.remove('x')", "os.remove"),
        ("import subprocess; subprocess.run(['ls'])", "subprocess"),
        (
            "import urllib.request; urllib.request.urlopen('http://x')",
            "urllib.request",
        ),
        ("import socket", "socket"),
        ("from os import system", "os.system"),
        ("from os import *", "everything"),
        ("from . import x", "relative"),
        ("import os\nm = os\nm.system('x')", "module os as a value"),
        (
            "import os.path\nos.path.os.system('x')",
            "os.path.os.system",
        ),
        ("open('x', 'w').write('y')", "mode w"),
        ("open('x', mode='a')", "mode a"),
        ("p = 'x'\nopen(p)", "computed"),
        ("open(f'{1}.txt')", "computed"),
        ("open('\\x2e.env')", "computed"),
        ("open('x', opener=print)", "opener"),
        ("f = open\nf('x', 'w')", "open around"),
        ("list(map(open, ['a']))", "open around"),
        ("exec('print(1)')", "exec"),
        ("eval('1')", "eval"),
        ("__import__('os').system('x')", "__import__"),
        ("getattr(print, 'x')", "getattr"),
        ("print(().__class__.__base__.__subclasses__())", "__base__"),
        (
            "g = (x for x in [1])\nprint(g.gi_frame.f_globals)",
            "gi_frame",
        ),
        (
            "try:\n    1/0\nexcept Exception as e:\n    print(e.__traceback__.tb_frame)",
            "__traceback__",
        ),
        ("class A:\n    pass", "class"),
        ("@print\ndef f(): pass", "decorator"),
        ("import os\nprint(os.environ)", "os.environ"),
        ("import os\nprint(os.environ.get('HOME'))", "os.environ"),
        ("import sys\nsys.path.insert(0, '/tmp')", "sys.path"),
        ("import sys\nprint(sys.modules['os'])", "sys.modules"),
        ("print 'py2'", "Python 2"),
        ("def f(:\n", "parse"),
        ("async def f():\n    await g()", "await"),
        ("print(undefined_name)", "undefined_name"),
        ("import pickle", "pickle"),
        ("import antigravity", "antigravity"),
        ("global x", "scopes"),
        (
            "import operator\noperator.methodcaller('system')",
            "methodcaller",
        ),
        ("help(print)", "help"),
        ("breakpoint()", "breakpoint"),
    ];
    for (code, says) in cases {
        match judge(code) {
            Ok(p) => panic!("{code:?} allowed: {p:?}"),
            Err(why) => assert!(why.contains(says), "{code:?}: {why} (wanted {says})"),
        }
    }
}

#[test]
fn bounds_are_refusals_not_crashes() {
    let long = "x = 1\n".repeat(MAX_CODE / 6 + 1);
    assert!(judge(&long).unwrap_err().contains("longer"));
    let deep = format!("print({}1{})", "(".repeat(400), ")".repeat(400));
    assert!(judge(&deep).is_err());
    assert!(judge("").unwrap().reads.is_empty());
}

proptest::proptest! {
    /// Any text at all is judged without a panic; what passes reads only literal paths.
    #[test]
    fn any_text_is_judged_without_panicking(code in "[ -~\n\t]{0,200}") {
        if let Ok(p) = judge(&code) {
            for r in &p.reads {
                proptest::prop_assert!(code.contains(r.as_str()));
            }
        }
    }

    /// Python-shaped fragments, recombined, never panic either.
    #[test]
    fn python_fragments_are_judged_without_panicking(parts in proptest::collection::vec(
        proptest::sample::select(vec![
            "import os\n", "import json\n", "print(", ")", "open('a')", "os.system('x')",
            "x = 1\n", "for i in range(3):\n    ", "lambda y: y", "f'{x}'", "[i for i in x]",
            "__import__", ".gi_frame", "def f():\n    ", "return\n", "try:\n    pass\nexcept E as e:\n    pass\n",
        ]),
        0..12,
    )) {
        let code: String = parts.concat();
        let _ = judge(&code);
    }
}
