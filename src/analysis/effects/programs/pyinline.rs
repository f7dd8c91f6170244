//! Inline Python (`python3 -c CODE`, a heredoc fed to `python3`) read as a grammar of its
//! own: code is allowed only when every construct, name and module it uses is in an
//! allowlist of pure computation — literals, arithmetic, comprehensions, functions and
//! lambdas of its own, the pure builtins, and named functions of a few standard-library
//! modules (`json`, `re`, `collections`, `math`, …) — and its only reach outside the
//! process is reading files named by literal strings (`open('data.json')`, mode `r`/`rb`),
//! reading stdin and printing. Anything else (another module, `os.system`, `open` of a
//! computed path or for writing, `exec`, `getattr`, a class, a decorator, an underscore
//! attribute, a frame or code object's attribute) is outside the grammar: the code is
//! not judged here, which leaves it unknown.
//!
//! Why that is enough: values come only from literals and allowlisted callables, so every
//! object the code can reach is plain data or a read-only file; module objects — the road
//! to the rest of the interpreter — are usable only through the listed names, and never
//! as values; the attributes that lead from plain objects back to modules (`__globals__`,
//! `__subclasses__`, a generator's `gi_frame`, a traceback's `tb_frame`) are refused by
//! name. Imports still resolve through the working directory first (`sys.path[0]` is the
//! current directory for `-c` and stdin), which the caller checks.

use std::collections::{HashMap, HashSet};
use tree_sitter::{Node, Parser};

/// The standard library's top-level module names (CPython 3.11's
/// `sys.stdlib_module_names`, generated from the real interpreter): what a file or
/// package of the same name in the working directory would shadow.
pub const STDLIB_MODULES: &[&str] = &[
    "__future__",
    "_abc",
    "_aix_support",
    "_ast",
    "_asyncio",
    "_bisect",
    "_blake2",
    "_bootsubprocess",
    "_bz2",
    "_codecs",
    "_codecs_cn",
    "_codecs_hk",
    "_codecs_iso2022",
    "_codecs_jp",
    "_codecs_kr",
    "_codecs_tw",
    "_collections",
    "_collections_abc",
    "_compat_pickle",
    "_compression",
    "_contextvars",
    "_crypt",
    "_csv",
    "_ctypes",
    "_curses",
    "_curses_panel",
    "_datetime",
    "_dbm",
    "_decimal",
    "_elementtree",
    "_frozen_importlib",
    "_frozen_importlib_external",
    "_functools",
    "_gdbm",
    "_hashlib",
    "_heapq",
    "_imp",
    "_io",
    "_json",
    "_locale",
    "_lsprof",
    "_lzma",
    "_markupbase",
    "_md5",
    "_msi",
    "_multibytecodec",
    "_multiprocessing",
    "_opcode",
    "_operator",
    "_osx_support",
    "_overlapped",
    "_pickle",
    "_posixshmem",
    "_posixsubprocess",
    "_py_abc",
    "_pydecimal",
    "_pyio",
    "_queue",
    "_random",
    "_scproxy",
    "_sha1",
    "_sha256",
    "_sha3",
    "_sha512",
    "_signal",
    "_sitebuiltins",
    "_socket",
    "_sqlite3",
    "_sre",
    "_ssl",
    "_stat",
    "_statistics",
    "_string",
    "_strptime",
    "_struct",
    "_symtable",
    "_thread",
    "_threading_local",
    "_tkinter",
    "_tokenize",
    "_tracemalloc",
    "_typing",
    "_uuid",
    "_warnings",
    "_weakref",
    "_weakrefset",
    "_winapi",
    "_zoneinfo",
    "abc",
    "aifc",
    "antigravity",
    "argparse",
    "array",
    "ast",
    "asynchat",
    "asyncio",
    "asyncore",
    "atexit",
    "audioop",
    "base64",
    "bdb",
    "binascii",
    "bisect",
    "builtins",
    "bz2",
    "cProfile",
    "calendar",
    "cgi",
    "cgitb",
    "chunk",
    "cmath",
    "cmd",
    "code",
    "codecs",
    "codeop",
    "collections",
    "colorsys",
    "compileall",
    "concurrent",
    "configparser",
    "contextlib",
    "contextvars",
    "copy",
    "copyreg",
    "crypt",
    "csv",
    "ctypes",
    "curses",
    "dataclasses",
    "datetime",
    "dbm",
    "decimal",
    "difflib",
    "dis",
    "distutils",
    "doctest",
    "email",
    "encodings",
    "ensurepip",
    "enum",
    "errno",
    "faulthandler",
    "fcntl",
    "filecmp",
    "fileinput",
    "fnmatch",
    "fractions",
    "ftplib",
    "functools",
    "gc",
    "genericpath",
    "getopt",
    "getpass",
    "gettext",
    "glob",
    "graphlib",
    "grp",
    "gzip",
    "hashlib",
    "heapq",
    "hmac",
    "html",
    "http",
    "idlelib",
    "imaplib",
    "imghdr",
    "imp",
    "importlib",
    "inspect",
    "io",
    "ipaddress",
    "itertools",
    "json",
    "keyword",
    "lib2to3",
    "linecache",
    "locale",
    "logging",
    "lzma",
    "mailbox",
    "mailcap",
    "marshal",
    "math",
    "mimetypes",
    "mmap",
    "modulefinder",
    "msilib",
    "msvcrt",
    "multiprocessing",
    "netrc",
    "nis",
    "nntplib",
    "nt",
    "ntpath",
    "nturl2path",
    "numbers",
    "opcode",
    "operator",
    "optparse",
    "os",
    "ossaudiodev",
    "pathlib",
    "pdb",
    "pickle",
    "pickletools",
    "pipes",
    "pkgutil",
    "platform",
    "plistlib",
    "poplib",
    "posix",
    "posixpath",
    "pprint",
    "profile",
    "pstats",
    "pty",
    "pwd",
    "py_compile",
    "pyclbr",
    "pydoc",
    "pydoc_data",
    "pyexpat",
    "queue",
    "quopri",
    "random",
    "re",
    "readline",
    "reprlib",
    "resource",
    "rlcompleter",
    "runpy",
    "sched",
    "secrets",
    "select",
    "selectors",
    "shelve",
    "shlex",
    "shutil",
    "signal",
    "site",
    "smtpd",
    "smtplib",
    "sndhdr",
    "socket",
    "socketserver",
    "spwd",
    "sqlite3",
    "sre_compile",
    "sre_constants",
    "sre_parse",
    "ssl",
    "stat",
    "statistics",
    "string",
    "stringprep",
    "struct",
    "subprocess",
    "sunau",
    "symtable",
    "sys",
    "sysconfig",
    "syslog",
    "tabnanny",
    "tarfile",
    "telnetlib",
    "tempfile",
    "termios",
    "textwrap",
    "this",
    "threading",
    "time",
    "timeit",
    "tkinter",
    "token",
    "tokenize",
    "tomllib",
    "trace",
    "traceback",
    "tracemalloc",
    "tty",
    "turtle",
    "turtledemo",
    "types",
    "typing",
    "unicodedata",
    "unittest",
    "urllib",
    "uu",
    "uuid",
    "venv",
    "warnings",
    "wave",
    "weakref",
    "webbrowser",
    "winreg",
    "winsound",
    "wsgiref",
    "xdrlib",
    "xml",
    "xmlrpc",
    "zipapp",
    "zipfile",
    "zipimport",
    "zlib",
    "zoneinfo",
];

/// Longest code judged; longer code is not.
const MAX_CODE: usize = 64 * 1024;
/// Most syntax nodes judged.
const MAX_NODES: usize = 50_000;
/// Deepest nesting judged.
const MAX_DEPTH: usize = 200;

/// What the code does, when it is inside the grammar.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Pure {
    /// Files opened for reading, as written (relative to the working directory).
    pub reads: Vec<String>,
    /// Modules imported.
    pub modules: Vec<String>,
}

/// Modules the code may import (importing them runs nothing but their own definitions).
const MODULES: &[&str] = &[
    "json",
    "sys",
    "re",
    "collections",
    "math",
    "statistics",
    "itertools",
    "functools",
    "string",
    "textwrap",
    "struct",
    "base64",
    "binascii",
    "hashlib",
    "datetime",
    "time",
    "csv",
    "plistlib",
    "unicodedata",
    "difflib",
    "heapq",
    "bisect",
    "decimal",
    "fractions",
    "random",
    "copy",
    "shlex",
    "html",
    "zlib",
    "os",
    "os.path",
    "urllib",
    "urllib.parse",
    "pprint",
    "uuid",
    "operator",
];

/// Names of those modules that are pure values (functions, classes, constants). A module
/// object itself is never a value; `operator` is listed only for its arithmetic.
const VALUES: &[&str] = &[
    "json.loads",
    "json.load",
    "json.dumps",
    "json.dump",
    "json.JSONDecodeError",
    "sys.argv",
    "sys.stdin",
    "sys.stdout",
    "sys.stderr",
    "sys.exit",
    "sys.version",
    "sys.version_info",
    "sys.platform",
    "sys.maxsize",
    "sys.byteorder",
    "sys.getsizeof",
    "sys.float_info",
    "sys.getrecursionlimit",
    "sys.setrecursionlimit",
    "sys.executable",
    "re.compile",
    "re.match",
    "re.search",
    "re.fullmatch",
    "re.findall",
    "re.finditer",
    "re.sub",
    "re.subn",
    "re.split",
    "re.escape",
    "re.error",
    "re.IGNORECASE",
    "re.I",
    "re.MULTILINE",
    "re.M",
    "re.DOTALL",
    "re.S",
    "re.VERBOSE",
    "re.X",
    "re.ASCII",
    "re.A",
    "collections.Counter",
    "collections.defaultdict",
    "collections.OrderedDict",
    "collections.namedtuple",
    "collections.deque",
    "collections.ChainMap",
    "math.sqrt",
    "math.floor",
    "math.ceil",
    "math.log",
    "math.log2",
    "math.log10",
    "math.exp",
    "math.pow",
    "math.fabs",
    "math.isclose",
    "math.isnan",
    "math.isinf",
    "math.pi",
    "math.e",
    "math.inf",
    "math.nan",
    "math.gcd",
    "math.lcm",
    "math.prod",
    "math.fsum",
    "math.comb",
    "math.perm",
    "math.factorial",
    "math.sin",
    "math.cos",
    "math.tan",
    "math.atan2",
    "math.hypot",
    "math.trunc",
    "math.copysign",
    "statistics.mean",
    "statistics.median",
    "statistics.mode",
    "statistics.stdev",
    "statistics.pstdev",
    "statistics.variance",
    "statistics.quantiles",
    "statistics.fmean",
    "statistics.median_low",
    "statistics.median_high",
    "itertools.chain",
    "itertools.groupby",
    "itertools.islice",
    "itertools.count",
    "itertools.product",
    "itertools.permutations",
    "itertools.combinations",
    "itertools.accumulate",
    "itertools.zip_longest",
    "itertools.starmap",
    "itertools.takewhile",
    "itertools.dropwhile",
    "itertools.repeat",
    "itertools.cycle",
    "itertools.pairwise",
    "itertools.tee",
    "itertools.compress",
    "itertools.filterfalse",
    "functools.reduce",
    "functools.partial",
    "functools.cmp_to_key",
    "functools.lru_cache",
    "functools.cache",
    "string.ascii_letters",
    "string.ascii_lowercase",
    "string.ascii_uppercase",
    "string.digits",
    "string.hexdigits",
    "string.punctuation",
    "string.whitespace",
    "string.printable",
    "string.Template",
    "string.capwords",
    "textwrap.dedent",
    "textwrap.indent",
    "textwrap.wrap",
    "textwrap.fill",
    "textwrap.shorten",
    "struct.pack",
    "struct.unpack",
    "struct.unpack_from",
    "struct.calcsize",
    "struct.iter_unpack",
    "struct.error",
    "base64.b64encode",
    "base64.b64decode",
    "base64.urlsafe_b64encode",
    "base64.urlsafe_b64decode",
    "base64.b32encode",
    "base64.b32decode",
    "base64.b16encode",
    "base64.b16decode",
    "base64.standard_b64decode",
    "base64.standard_b64encode",
    "binascii.hexlify",
    "binascii.unhexlify",
    "binascii.crc32",
    "binascii.b2a_hex",
    "binascii.a2b_hex",
    "hashlib.sha256",
    "hashlib.sha1",
    "hashlib.md5",
    "hashlib.sha512",
    "hashlib.sha384",
    "hashlib.sha224",
    "hashlib.blake2b",
    "hashlib.blake2s",
    "hashlib.sha3_256",
    "datetime.datetime",
    "datetime.date",
    "datetime.time",
    "datetime.timedelta",
    "datetime.timezone",
    "datetime.UTC",
    "datetime.MINYEAR",
    "datetime.MAXYEAR",
    "time.time",
    "time.sleep",
    "time.perf_counter",
    "time.monotonic",
    "time.strftime",
    "time.localtime",
    "time.gmtime",
    "time.strptime",
    "time.mktime",
    "time.ctime",
    "time.time_ns",
    "time.monotonic_ns",
    "time.perf_counter_ns",
    "csv.reader",
    "csv.writer",
    "csv.DictReader",
    "csv.DictWriter",
    "csv.QUOTE_ALL",
    "csv.QUOTE_MINIMAL",
    "csv.QUOTE_NONE",
    "csv.QUOTE_NONNUMERIC",
    "csv.Error",
    "plistlib.load",
    "plistlib.loads",
    "plistlib.dumps",
    "plistlib.dump",
    "plistlib.UID",
    "plistlib.FMT_XML",
    "plistlib.FMT_BINARY",
    "unicodedata.name",
    "unicodedata.category",
    "unicodedata.normalize",
    "unicodedata.east_asian_width",
    "unicodedata.lookup",
    "unicodedata.combining",
    "difflib.unified_diff",
    "difflib.ndiff",
    "difflib.SequenceMatcher",
    "difflib.get_close_matches",
    "difflib.context_diff",
    "heapq.heappush",
    "heapq.heappop",
    "heapq.heapify",
    "heapq.nlargest",
    "heapq.nsmallest",
    "heapq.merge",
    "heapq.heapreplace",
    "heapq.heappushpop",
    "bisect.bisect",
    "bisect.bisect_left",
    "bisect.bisect_right",
    "bisect.insort",
    "bisect.insort_left",
    "bisect.insort_right",
    "decimal.Decimal",
    "decimal.getcontext",
    "decimal.ROUND_HALF_UP",
    "decimal.InvalidOperation",
    "fractions.Fraction",
    "random.random",
    "random.randint",
    "random.choice",
    "random.choices",
    "random.shuffle",
    "random.sample",
    "random.seed",
    "random.uniform",
    "random.randrange",
    "random.gauss",
    "random.Random",
    "copy.copy",
    "copy.deepcopy",
    "shlex.split",
    "shlex.quote",
    "shlex.join",
    "html.escape",
    "html.unescape",
    "zlib.compress",
    "zlib.decompress",
    "zlib.crc32",
    "zlib.adler32",
    "zlib.error",
    "os.sep",
    "os.linesep",
    "os.curdir",
    "os.pardir",
    "os.getcwd",
    "os.cpu_count",
    "os.getpid",
    "os.path.join",
    "os.path.basename",
    "os.path.dirname",
    "os.path.splitext",
    "os.path.split",
    "os.path.exists",
    "os.path.isfile",
    "os.path.isdir",
    "os.path.islink",
    "os.path.isabs",
    "os.path.getsize",
    "os.path.getmtime",
    "os.path.abspath",
    "os.path.normpath",
    "os.path.relpath",
    "os.path.commonpath",
    "os.path.commonprefix",
    "os.path.sep",
    "os.path.normcase",
    "urllib.parse.urlparse",
    "urllib.parse.urlsplit",
    "urllib.parse.urlunparse",
    "urllib.parse.urljoin",
    "urllib.parse.quote",
    "urllib.parse.quote_plus",
    "urllib.parse.unquote",
    "urllib.parse.unquote_plus",
    "urllib.parse.urlencode",
    "urllib.parse.parse_qs",
    "urllib.parse.parse_qsl",
    "pprint.pprint",
    "pprint.pformat",
    "pprint.pp",
    "uuid.uuid4",
    "uuid.UUID",
    "uuid.uuid5",
    "uuid.NAMESPACE_DNS",
    "uuid.NAMESPACE_URL",
    "operator.add",
    "operator.sub",
    "operator.mul",
    "operator.truediv",
    "operator.floordiv",
    "operator.mod",
    "operator.neg",
    "operator.eq",
    "operator.lt",
    "operator.gt",
    "operator.itemgetter",
];

/// Builtins the code may name (pure; `open` only as a call, judged by its arguments).
/// Not `input`: under Python 2 (which `python` still is on some systems) it evaluates
/// what it reads.
const BUILTINS: &[&str] = &[
    "print",
    "len",
    "range",
    "enumerate",
    "zip",
    "sorted",
    "reversed",
    "min",
    "max",
    "sum",
    "abs",
    "round",
    "int",
    "float",
    "str",
    "bool",
    "list",
    "dict",
    "set",
    "tuple",
    "frozenset",
    "isinstance",
    "issubclass",
    "type",
    "repr",
    "hex",
    "oct",
    "bin",
    "chr",
    "ord",
    "any",
    "all",
    "map",
    "filter",
    "iter",
    "next",
    "divmod",
    "pow",
    "hash",
    "format",
    "bytes",
    "bytearray",
    "slice",
    "callable",
    "id",
    "exit",
    "quit",
    "ascii",
    "complex",
    "object",
    "NotImplemented",
    "Ellipsis",
    "__name__",
    "BaseException",
    "Exception",
    "ValueError",
    "KeyError",
    "TypeError",
    "IndexError",
    "AttributeError",
    "RuntimeError",
    "StopIteration",
    "FileNotFoundError",
    "OSError",
    "IOError",
    "ZeroDivisionError",
    "NameError",
    "ImportError",
    "ModuleNotFoundError",
    "UnicodeDecodeError",
    "UnicodeEncodeError",
    "UnicodeError",
    "NotImplementedError",
    "AssertionError",
    "ArithmeticError",
    "LookupError",
    "PermissionError",
    "IsADirectoryError",
    "OverflowError",
    "RecursionError",
    "SystemExit",
    "KeyboardInterrupt",
    "EOFError",
    "BrokenPipeError",
];

/// Dunder attributes that only name things.
const NAMING_DUNDERS: &[&str] = &[
    "__name__",
    "__qualname__",
    "__doc__",
    "__class__",
    "__module__",
];

/// Attribute prefixes that lead from plain objects back to frames, code and globals.
const FRAME_PREFIXES: &[&str] = &["gi_", "cr_", "ag_", "f_", "tb_", "co_", "func_"];

/// Syntax that only computes: each named child is judged on its own.
const PASS_THROUGH: &[&str] = &[
    "module",
    "block",
    "expression_statement",
    "if_statement",
    "elif_clause",
    "else_clause",
    "while_statement",
    "try_statement",
    "finally_clause",
    "except_clause",
    "with_statement",
    "with_clause",
    "with_item",
    "return_statement",
    "pass_statement",
    "break_statement",
    "continue_statement",
    "comparison_operator",
    "boolean_operator",
    "binary_operator",
    "unary_operator",
    "not_operator",
    "conditional_expression",
    "list",
    "dictionary",
    "set",
    "tuple",
    "pair",
    "list_comprehension",
    "dictionary_comprehension",
    "set_comprehension",
    "generator_expression",
    "if_clause",
    "subscript",
    "slice",
    "argument_list",
    "parenthesized_expression",
    "expression_list",
    "list_splat",
    "dictionary_splat",
    "assert_statement",
    "raise_statement",
    "delete_statement",
    "concatenated_string",
    "interpolation",
    "format_specifier",
    "augmented_assignment",
    "yield",
    "type",
    "string",
    "block",
    "parenthesized_list_splat",
];

/// Leaves that carry no code.
const LEAVES: &[&str] = &[
    "comment",
    "integer",
    "float",
    "true",
    "false",
    "none",
    "ellipsis",
    "string_start",
    "string_content",
    "string_end",
    "escape_sequence",
    "escape_interpolation",
    "type_conversion",
    "line_continuation",
    "keyword_separator",
    "positional_separator",
];

/// Judge inline Python: `Ok` with what it reads when it is inside the grammar, else why not.
pub fn judge(code: &str) -> Result<Pure, String> {
    if code.len() > MAX_CODE {
        return Err(format!("is longer than {MAX_CODE} bytes"));
    }
    let mut parser = Parser::new();
    parser
        .set_language(&tree_sitter_python::LANGUAGE.into())
        .map_err(|e| format!("the Python grammar did not load ({e})"))?;
    let tree = parser
        .parse(code, None)
        .ok_or_else(|| "does not parse".to_string())?;
    let root = tree.root_node();
    if root.has_error() {
        return Err("does not parse as Python 3".into());
    }
    let mut j = Judge {
        src: code,
        imports: HashMap::new(),
        bound: HashSet::new(),
        pure: Pure::default(),
        nodes: 0,
    };
    j.bindings(root, 0)?;
    j.check(root, 0)?;
    Ok(j.pure)
}

struct Judge<'s> {
    src: &'s str,
    /// Local name → the qualified name it is bound to by an import.
    imports: HashMap<String, String>,
    /// Names the code binds (assignments, loop targets, parameters, `as` names).
    bound: HashSet<String>,
    pure: Pure,
    nodes: usize,
}

impl<'s> Judge<'s> {
    fn text(&self, n: Node) -> &'s str {
        n.utf8_text(self.src.as_bytes()).unwrap_or("")
    }

    fn count(&mut self, depth: usize) -> Result<(), String> {
        self.nodes += 1;
        if self.nodes > MAX_NODES * 2 {
            return Err(format!("has more than {MAX_NODES} syntax nodes"));
        }
        if depth > MAX_DEPTH {
            return Err(format!("nests deeper than {MAX_DEPTH} levels"));
        }
        Ok(())
    }

    /// First pass: imports (checked against the allowlist) and every name the code binds.
    fn bindings(&mut self, n: Node, depth: usize) -> Result<(), String> {
        self.count(depth)?;
        match n.kind() {
            "import_statement" => {
                let mut c = n.walk();
                for name in n.named_children(&mut c) {
                    let (module, local) = match name.kind() {
                        "dotted_name" => {
                            let m = self.text(name).to_string();
                            let top = m.split('.').next().unwrap_or("").to_string();
                            (m, (top.clone(), top))
                        }
                        "aliased_import" => {
                            let m = field_text(self, name, "name")?;
                            let a = field_text(self, name, "alias")?;
                            (m.clone(), (a, m))
                        }
                        k => return Err(format!("imports with {k}")),
                    };
                    if !MODULES.contains(&module.as_str()) {
                        return Err(format!("imports {module}"));
                    }
                    self.pure.modules.push(module);
                    self.imports.insert(local.0, local.1);
                }
                return Ok(());
            }
            "import_from_statement" => {
                let module = n
                    .child_by_field_name("module_name")
                    .filter(|m| m.kind() == "dotted_name")
                    .map(|m| self.text(m).to_string())
                    .ok_or("imports relative to a package")?;
                if !MODULES.contains(&module.as_str()) {
                    return Err(format!("imports from {module}"));
                }
                let mut c = n.walk();
                let names: Vec<Node> = n.children_by_field_name("name", &mut c).collect();
                if names.is_empty() {
                    return Err(format!("imports everything from {module}"));
                }
                for name in names {
                    let (item, local) = match name.kind() {
                        "dotted_name" => {
                            let t = self.text(name).to_string();
                            (t.clone(), t)
                        }
                        "aliased_import" => (
                            field_text(self, name, "name")?,
                            field_text(self, name, "alias")?,
                        ),
                        k => return Err(format!("imports with {k}")),
                    };
                    let q = format!("{module}.{item}");
                    if !VALUES.contains(&q.as_str()) && !MODULES.contains(&q.as_str()) {
                        return Err(format!("imports {q}"));
                    }
                    self.pure.modules.push(module.clone());
                    self.imports.insert(local, q);
                }
                return Ok(());
            }
            "assignment" | "for_statement" | "for_in_clause" => {
                if let Some(left) = n.child_by_field_name("left") {
                    self.targets(left);
                }
            }
            "as_pattern" => {
                if let Some(alias) = n.child_by_field_name("alias") {
                    self.targets(alias);
                }
            }
            "named_expression" => {
                if let Some(name) = n.child_by_field_name("name") {
                    self.targets(name);
                }
            }
            "function_definition" => {
                if let Some(name) = n.child_by_field_name("name") {
                    self.bound.insert(self.text(name).to_string());
                }
            }
            "parameters" | "lambda_parameters" => {
                let mut c = n.walk();
                for p in n.named_children(&mut c) {
                    let name = match p.kind() {
                        "identifier" => Some(p),
                        "default_parameter" | "typed_default_parameter" => {
                            p.child_by_field_name("name")
                        }
                        _ => first_identifier(p),
                    };
                    if let Some(name) = name {
                        self.bound.insert(self.text(name).to_string());
                    }
                }
            }
            _ => {}
        }
        let mut c = n.walk();
        for child in n.named_children(&mut c) {
            self.bindings(child, depth + 1)?;
        }
        Ok(())
    }

    /// The names an assignment target binds (identifiers, unpacking patterns); the
    /// objects of attribute and subscript targets are loads, judged by `check`.
    fn targets(&mut self, n: Node) {
        match n.kind() {
            "identifier" => {
                self.bound.insert(self.text(n).to_string());
            }
            "pattern_list"
            | "tuple_pattern"
            | "list_pattern"
            | "tuple"
            | "list"
            | "expression_list"
            | "parenthesized_expression"
            | "list_splat_pattern"
            | "as_pattern_target" => {
                let mut c = n.walk();
                for child in n.named_children(&mut c) {
                    self.targets(child);
                }
            }
            _ => {}
        }
    }

    /// Second pass: every construct, name and attribute.
    fn check(&mut self, n: Node, depth: usize) -> Result<(), String> {
        self.count(depth)?;
        if n.is_error() || n.is_missing() {
            return Err("does not parse as Python 3".into());
        }
        let kind = n.kind();
        match kind {
            "import_statement" | "import_from_statement" => Ok(()),
            "identifier" => self.load(n),
            "attribute" => self.attribute(n, depth),
            "call" => {
                let function = n
                    .child_by_field_name("function")
                    .ok_or("a call without a function")?;
                let args = n.child_by_field_name("arguments");
                if function.kind() == "identifier" && self.text(function) == "open" {
                    if self.bound.contains("open") {
                        return Err("rebinds open".into());
                    }
                    let args = args.ok_or("open without arguments")?;
                    self.open(args)?;
                    return self.children(args, depth);
                }
                self.check(function, depth + 1)?;
                match args {
                    // `f(x for x in y)`: the argument is a generator expression.
                    Some(a) => self.check(a, depth + 1),
                    None => Ok(()),
                }
            }
            "keyword_argument" => match n.child_by_field_name("value") {
                Some(v) => self.check(v, depth + 1),
                None => Ok(()),
            },
            "assignment" => {
                if let Some(left) = n.child_by_field_name("left") {
                    self.target_loads(left, depth)?;
                }
                for f in ["right", "type"] {
                    if let Some(c) = n.child_by_field_name(f) {
                        self.check(c, depth + 1)?;
                    }
                }
                Ok(())
            }
            "for_statement" | "for_in_clause" => {
                let mut c = n.walk();
                for child in n.named_children(&mut c) {
                    if Some(child) == n.child_by_field_name("left") {
                        self.target_loads(child, depth)?;
                    } else {
                        self.check(child, depth + 1)?;
                    }
                }
                Ok(())
            }
            "as_pattern" => {
                let mut c = n.walk();
                for child in n.named_children(&mut c) {
                    if child.kind() == "as_pattern_target" {
                        self.target_loads(child, depth)?;
                    } else {
                        self.check(child, depth + 1)?;
                    }
                }
                Ok(())
            }
            "named_expression" => match n.child_by_field_name("value") {
                Some(v) => self.check(v, depth + 1),
                None => Ok(()),
            },
            "function_definition" => {
                if n.child_by_field_name("return_type").is_some() {
                    // Annotations are expressions too; judged like any.
                }
                let mut c = n.walk();
                for child in n.named_children(&mut c) {
                    if Some(child) == n.child_by_field_name("name") {
                        continue;
                    }
                    self.check(child, depth + 1)?;
                }
                Ok(())
            }
            "lambda" => {
                let mut c = n.walk();
                for child in n.named_children(&mut c) {
                    self.check(child, depth + 1)?;
                }
                Ok(())
            }
            "parameters" | "lambda_parameters" => {
                let mut c = n.walk();
                for p in n.named_children(&mut c) {
                    match p.kind() {
                        "identifier"
                        | "list_splat_pattern"
                        | "dictionary_splat_pattern"
                        | "keyword_separator"
                        | "positional_separator" => {}
                        "default_parameter" | "typed_parameter" | "typed_default_parameter" => {
                            for f in ["value", "type"] {
                                if let Some(v) = p.child_by_field_name(f) {
                                    self.check(v, depth + 1)?;
                                }
                            }
                        }
                        k => return Err(format!("uses a {k} parameter")),
                    }
                }
                Ok(())
            }
            k if LEAVES.contains(&k) => Ok(()),
            k if PASS_THROUGH.contains(&k) => {
                if k == "string" {
                    self.string_prefix(n)?;
                }
                self.children(n, depth)
            }
            "class_definition" => Err("defines a class".into()),
            "decorated_definition" | "decorator" => Err("uses a decorator".into()),
            "global_statement" | "nonlocal_statement" => Err("rebinds names across scopes".into()),
            "print_statement" | "exec_statement" => Err("is Python 2".into()),
            k => Err(format!("uses {}", k.replace('_', " "))),
        }
    }

    fn children(&mut self, n: Node, depth: usize) -> Result<(), String> {
        let mut c = n.walk();
        let kids: Vec<Node> = n.named_children(&mut c).collect();
        for child in kids {
            self.check(child, depth + 1)?;
        }
        Ok(())
    }

    /// In an assignment target, the objects of attributes and subscripts are loads.
    fn target_loads(&mut self, n: Node, depth: usize) -> Result<(), String> {
        match n.kind() {
            "identifier" => Ok(()),
            "attribute" | "subscript" => self.check(n, depth + 1),
            "pattern_list"
            | "tuple_pattern"
            | "list_pattern"
            | "tuple"
            | "list"
            | "expression_list"
            | "parenthesized_expression"
            | "list_splat_pattern"
            | "as_pattern_target" => {
                let mut c = n.walk();
                let kids: Vec<Node> = n.named_children(&mut c).collect();
                for child in kids {
                    self.target_loads(child, depth + 1)?;
                }
                Ok(())
            }
            k => Err(format!("assigns to a {k}")),
        }
    }

    /// A name read: one the code binds, a pure builtin, or an imported pure value.
    fn load(&mut self, n: Node) -> Result<(), String> {
        let name = self.text(n);
        if let Some(q) = self.imports.get(name) {
            return if VALUES.contains(&q.as_str()) {
                Ok(())
            } else {
                Err(format!("uses the module {q} as a value"))
            };
        }
        if self.bound.contains(name) || BUILTINS.contains(&name) {
            return Ok(());
        }
        if name == "open" {
            return Err("passes open around as a value".into());
        }
        Err(format!("uses {name}"))
    }

    /// `a.b.c`: a chain from an imported module resolves to a listed value (and then
    /// attributes of that value); any other object's attributes must not lead back to
    /// frames, code or globals.
    fn attribute(&mut self, n: Node, depth: usize) -> Result<(), String> {
        let mut chain = Vec::new();
        let mut obj = n;
        while obj.kind() == "attribute" {
            let attr = obj
                .child_by_field_name("attribute")
                .ok_or("an attribute without a name")?;
            chain.push(self.text(attr).to_string());
            obj = obj
                .child_by_field_name("object")
                .ok_or("an attribute without an object")?;
        }
        chain.reverse();
        if obj.kind() == "identifier" {
            let root = self.text(obj);
            if let Some(q) = self.imports.get(root).cloned() {
                let mut name = q.clone();
                let mut rest = None;
                if VALUES.contains(&name.as_str()) {
                    rest = Some(0);
                }
                for (i, a) in chain.iter().enumerate() {
                    if rest.is_some() {
                        break;
                    }
                    name = format!("{name}.{a}");
                    if VALUES.contains(&name.as_str()) {
                        rest = Some(i + 1);
                    }
                }
                let Some(rest) = rest else {
                    return Err(format!("uses {q}.{}", chain.join(".")));
                };
                for a in &chain[rest..] {
                    plain_attribute(a)?;
                }
                return Ok(());
            }
        }
        for a in &chain {
            plain_attribute(a)?;
        }
        self.check(obj, depth + 1)
    }

    /// `open(PATH[, MODE])`: a literal path read in a read-only mode.
    fn open(&mut self, args: Node) -> Result<(), String> {
        let mut c = args.walk();
        let mut positional = Vec::new();
        for a in args.named_children(&mut c) {
            match a.kind() {
                "keyword_argument" => {
                    let name = a
                        .child_by_field_name("name")
                        .map(|k| self.text(k))
                        .unwrap_or("");
                    match name {
                        "encoding" | "errors" | "newline" => {}
                        "mode" => {
                            positional.push(a.child_by_field_name("value").ok_or("open mode")?)
                        }
                        k => return Err(format!("opens a file with {k}=")),
                    }
                }
                "comment" => {}
                _ => positional.push(a),
            }
        }
        let path = positional.first().ok_or("open without a path")?;
        let path = self
            .literal(*path)
            .ok_or("opens a file whose name is computed at run time")?;
        if let Some(mode) = positional.get(1) {
            let mode = self
                .literal(*mode)
                .ok_or("opens a file in a mode computed at run time")?;
            if !matches!(mode.as_str(), "r" | "rb" | "rt" | "br" | "tr") {
                return Err(format!("opens {path} in mode {mode}"));
            }
        }
        if positional.len() > 2 {
            return Err("opens a file with more arguments than a path and a mode".into());
        }
        if path.is_empty() || path.contains('\0') {
            return Err("opens an empty or odd path".into());
        }
        self.pure.reads.push(path);
        Ok(())
    }

    /// A plain string literal's value (no f-string, no escapes, not bytes-prefixed oddly).
    fn literal(&self, n: Node) -> Option<String> {
        if n.kind() != "string" {
            return None;
        }
        let mut c = n.walk();
        let mut value = String::new();
        for part in n.named_children(&mut c) {
            match part.kind() {
                "string_start" => {
                    let prefix: String = self
                        .text(part)
                        .chars()
                        .take_while(|c| c.is_ascii_alphabetic())
                        .collect::<String>()
                        .to_ascii_lowercase();
                    if !matches!(prefix.as_str(), "" | "r" | "b" | "rb" | "br" | "u") {
                        return None;
                    }
                }
                // An escape (`\x2e`) makes the value differ from the text.
                "string_content"
                    if part.named_child_count() == 0 && !self.text(part).contains('\\') =>
                {
                    value.push_str(self.text(part))
                }
                "string_end" => {}
                _ => return None,
            }
        }
        Some(value)
    }

    /// String prefixes Python 3 knows (an f-string's interpolations are judged as code).
    fn string_prefix(&self, n: Node) -> Result<(), String> {
        let Some(start) = n.named_child(0).filter(|c| c.kind() == "string_start") else {
            return Ok(());
        };
        let prefix: String = self
            .text(start)
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect::<String>()
            .to_ascii_lowercase();
        if matches!(
            prefix.as_str(),
            "" | "r" | "b" | "rb" | "br" | "u" | "f" | "rf" | "fr"
        ) {
            Ok(())
        } else {
            Err(format!("uses the string prefix {prefix}"))
        }
    }
}

/// An attribute of a plain object: not private, not a way back to frames or globals.
fn plain_attribute(a: &str) -> Result<(), String> {
    if a.starts_with('_') && !NAMING_DUNDERS.contains(&a) {
        return Err(format!("uses the attribute {a}"));
    }
    if FRAME_PREFIXES.iter().any(|p| a.starts_with(p)) {
        return Err(format!("uses the attribute {a}"));
    }
    Ok(())
}

fn field_text(j: &Judge, n: Node, field: &str) -> Result<String, String> {
    n.child_by_field_name(field)
        .map(|c| j.text(c).to_string())
        .ok_or_else(|| format!("an import without its {field}"))
}

fn first_identifier(n: Node) -> Option<Node> {
    if n.kind() == "identifier" {
        return Some(n);
    }
    let mut c = n.walk();
    let kids: Vec<Node> = n.named_children(&mut c).collect();
    kids.into_iter().find_map(first_identifier)
}

#[cfg(test)]
#[path = "pyinline_tests.rs"]
mod tests;
