//! Inline Python (`python3 -c CODE`, a heredoc fed to `python3`) read as a grammar of its
//! own: code is allowed only when every construct, name and module it uses is in an
//! allowlist — literals, arithmetic, comprehensions, functions and lambdas of its own, the
//! pure builtins, named functions of a few standard-library modules (`json`, `re`,
//! `collections`, `math`, …) — and its only reach outside the process is what it names
//! literally: files opened by `open` (read, or written in mode `w`/`a`/`x`), listed
//! (`os.listdir`, `Path.iterdir`/`glob`/`rglob`), looked at (`os.path.exists`,
//! `getsize`, `Path.exists`, …), read or written through `pathlib.Path`, directories made
//! (`os.makedirs`, `Path.mkdir`), GETs of literal URLs through `urllib.request`
//! (`urlopen` of a URL or of a `Request` with literal headers, no data, method `GET` or
//! `HEAD`), stdin and printing. The result is those effects ([`Pure`]): the command floor
//! hands the paths to the path floor and the fetches to the network policy as it does a
//! shell command's (`cat FILE`, `> FILE`, `curl URL`). Anything else (another module,
//! `os.system`, a write to a computed path, data sent, `exec`, `getattr`, a class, a
//! decorator, an underscore attribute, a frame or code object's attribute) is outside
//! the grammar: the code is not judged here, which leaves it unknown.
//!
//! A path is known when it is literal text, or built from literal text by `+`, f-strings,
//! `os.path.join`/`dirname`/`basename`, `Path(…)`, `/`, `.name`, `.parent`, and names
//! bound to such values (every binding of the name is followed, so `f = 'out.json'` then
//! `open(f, 'w')` writes `out.json`); or when it lies below a literal directory by entry
//! names a listing chose at run time (`for n in os.listdir('data'): open(os.path.join(
//! 'data', n))`, also through a list of them that no use of its name could change or
//! hand on), which reads the whole tree below it, links in it followed, as `cat data/*`
//! does (`pyinline_places` says why such a path cannot climb out). Only literal paths are
//! written.
//!
//! A URL is fetched only when it is known text naming a public host by the test
//! `WebFetch` passes (`context::web`: not loopback, a private or metadata address, a local
//! name, a look-alike; no secret-shaped value or encoded data in it), over http or https,
//! with headers written out as literal text carrying no secret-shaped value nor a header
//! only metadata endpoints read, by code that reads nothing local (no file, listing,
//! stdin or argument: which requests it makes could carry what it read, `if
//! secret[0] == 'a': urlopen('https://x.example/a')`). urllib follows redirects (CPython 3.11–3.13
//! `HTTPRedirectHandler`: up to 10, to any http, https or ftp host, sending every request
//! header on; checked against 3.11.7, 3.12.1 and 3.13.0 with a local redirect to another
//! address), so the GET may end on a host its URL does not name, as `curl -L URL` and
//! `wget URL` (routine in `catalog::fetch`) may: the request still sends nothing of the
//! machine's but the literal headers, and its URL is judged as those are.
//!
//! Why that is enough: values come only from literals and allowlisted callables, so every
//! object the code can reach is plain data, a file opened as the grammar says, or one of
//! the objects the grammar follows (a `pathlib.Path`, a list of them, `urlopen`'s
//! response, a `Request`); module objects — the road to the rest of the interpreter — are
//! usable only through the listed names, and never as values; the effectful functions
//! (`urlopen`, `Path`, `os.listdir`, …) only where they are called; the attributes that
//! lead from plain objects back to modules (`__globals__`, `__subclasses__`, a
//! generator's `gi_frame`, a traceback's `tb_frame`) are refused by name, as are a Path's
//! file-system methods on an object not known to be a Path. A followed object may stand
//! only where the grammar knows what is done with it — an attribute or method listed for
//! it, an argument of a call that only prints, converts or iterates it (`print`, `str`,
//! `sorted` without `key=`, `json.load`), the iterable of a loop, a name bound to it (whose
//! every use is judged the same way) — never an argument of the code's own functions, a
//! container, a lambda's parameter or a second kind of binding; so each of its methods
//! that reaches outside is seen where it is called, with the path it acts on. Exceptions
//! carry paths as `str` (`OSError.filename`, checked on 3.11–3.13). Imports still resolve
//! through the working directory first (`sys.path[0]` is the current directory for `-c`
//! and stdin), which the caller checks.

#[path = "pyinline_places.rs"]
mod places;

use crate::analysis::effects::{Effect, Reach, WriteHow};
use crate::context::web;
use places::{
    as_path, basename, below, concat, dirname, each, join, judged_as, pairwise, path_join,
    path_name, path_parent, union, Spot, Spots,
};
use std::cell::{Cell, RefCell};
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
    /// What it does beyond computing and printing, each once: files and trees read
    /// (`Reach::File` for a file opened, `Reach::Metadata` for a listing or a look at a
    /// path, `Reach::TreeFollow` for paths below a directory chosen at run time), files
    /// and directories written, and fetches (`Effect::Net` sending nothing). Paths are as
    /// written, relative to the working directory.
    pub effects: Vec<Effect>,
    /// Modules imported.
    pub modules: Vec<String>,
}

impl Pure {
    /// The files it opens for reading.
    pub fn reads(&self) -> Vec<&str> {
        self.effects
            .iter()
            .filter_map(|e| match e {
                Effect::Read {
                    path,
                    reach: Reach::File,
                } => Some(path.as_str()),
                _ => None,
            })
            .collect()
    }
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
    "urllib.request",
    "pathlib",
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
    "os.path.isabs",
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

/// Qualified names whose calls reach outside the process: each call is judged by its
/// arguments where it is made, and the name is never a value (`f = urlopen`,
/// `map(os.path.exists, …)` are outside the grammar).
const EFFECTFUL: &[&str] = &[
    "pathlib.Path",
    "os.listdir",
    "os.makedirs",
    "os.mkdir",
    "os.path.exists",
    "os.path.isfile",
    "os.path.isdir",
    "os.path.islink",
    "os.path.getsize",
    "os.path.getmtime",
    "urllib.request.urlopen",
    "urllib.request.Request",
];

/// Attributes of a `pathlib.Path` read without a call: they only compute.
const PATH_PROPERTIES: &[&str] = &["name", "suffix", "suffixes", "stem", "parts", "parent"];

/// Attributes of `urlopen`'s response read without a call.
const RESPONSE_PROPERTIES: &[&str] = &["status", "reason", "headers", "url", "code", "msg"];

/// Methods of `urlopen`'s response: reading what the server sent.
const RESPONSE_METHODS: &[&str] = &[
    "read",
    "readline",
    "readlines",
    "getcode",
    "geturl",
    "info",
    "getheader",
    "getheaders",
    "close",
];

/// `pathlib.Path`'s methods that reach the file system, by name: on an object the grammar
/// does not know to be a Path it follows, a call of one is refused (`replace`, which is
/// also `str.replace`, is judged only where the object is known).
const PATH_METHODS: &[&str] = &[
    "absolute",
    "chmod",
    "exists",
    "expanduser",
    "glob",
    "hardlink_to",
    "is_block_device",
    "is_char_device",
    "is_dir",
    "is_fifo",
    "is_file",
    "is_junction",
    "is_mount",
    "is_socket",
    "is_symlink",
    "iterdir",
    "lchmod",
    "link_to",
    "lstat",
    "mkdir",
    "open",
    "read_bytes",
    "read_text",
    "readlink",
    "rename",
    "resolve",
    "rglob",
    "rmdir",
    "samefile",
    "stat",
    "symlink_to",
    "touch",
    "unlink",
    "walk",
    "write_bytes",
    "write_text",
];

/// Request headers only cloud metadata endpoints read (urllib sends every header on to
/// whatever host a redirect names).
const METADATA_HEADERS: &[&str] = &[
    "metadata-flavor",
    "metadata",
    "x-google-metadata-request",
    "x-aws-ec2-metadata-token",
    "x-aws-ec2-metadata-token-ttl-seconds",
];

/// Builtins that read a list without changing it or handing it on.
const LIST_READERS: &[&str] = &[
    "len",
    "sorted",
    "list",
    "reversed",
    "print",
    "set",
    "tuple",
    "enumerate",
    "str",
    "repr",
    "min",
    "max",
    "any",
    "all",
];

/// The values that hand the code its input and arguments.
const INPUTS: &[&str] = &["sys.stdin", "sys.argv"];

/// Syntax whose value may be one the grammar follows (a Path, a response, …).
const VALUED: &[&str] = &[
    "identifier",
    "call",
    "attribute",
    "binary_operator",
    "parenthesized_expression",
];

/// Deepest chain of values followed through names and expressions.
const MAX_VALUE_DEPTH: usize = 256;

/// What an expression evaluates to, as far as the grammar follows it. Strings carry the
/// places they may name; the objects that reach outside the process (a Path, a list of
/// Paths, a response, a request) may stand only where the grammar follows what is done
/// with them (`Val::restricted`): an attribute or method it lists, an argument of a call
/// it knows, a name bound once for them.
#[derive(Clone, Debug, PartialEq)]
enum Val {
    /// Plain data (a str naming `Spots` when known; numbers, containers, file objects).
    Plain(Spots),
    /// A `pathlib.Path`.
    Path(Spots),
    /// An iterator or list of `pathlib.Path`s, each naming one of these places.
    Paths(Spots),
    /// A list of directory entry names straight from `os.listdir`.
    Names,
    /// What `urlopen` returns.
    Response,
    /// A `urllib.request.Request`.
    Request,
    /// Something the grammar cannot follow (a name bound to different kinds of these
    /// objects, a chain too deep): allowed nowhere.
    Opaque,
}

impl Val {
    fn restricted(&self) -> bool {
        !matches!(self, Val::Plain(_) | Val::Names)
    }

    /// The places a str or Path names.
    fn spots(&self) -> Spots {
        match self {
            Val::Plain(s) | Val::Path(s) => s.clone(),
            _ => None,
        }
    }

    fn what(&self) -> &'static str {
        match self {
            Val::Plain(_) | Val::Names => "a value",
            Val::Path(_) => "a Path",
            Val::Paths(_) => "a list of Paths",
            Val::Response => "urlopen's response",
            Val::Request => "a Request",
            Val::Opaque => "an object the grammar cannot follow",
        }
    }

    /// What a name holds that is bound here and elsewhere.
    fn join(self, other: Val) -> Val {
        use Val::*;
        match (self, other) {
            (Opaque, _) | (_, Opaque) => Opaque,
            (Names, v) | (v, Names) => v.join(Plain(None)),
            (Plain(a), Plain(b)) => Plain(union(&a, &b)),
            (Path(a), Path(b)) | (Path(a), Plain(b)) | (Plain(a), Path(b)) => Path(union(&a, &b)),
            (Paths(a), Paths(b)) => Paths(union(&a, &b)),
            (Paths(_), Plain(_)) | (Plain(_), Paths(_)) => Paths(None),
            (Response, Response) | (Response, Plain(_)) | (Plain(_), Response) => Response,
            (Request, Request) => Request,
            _ => Opaque,
        }
    }

    /// What a name holds when bound to this: a list from `os.listdir` may be changed
    /// later, so its items are no longer known to be entry names.
    fn bound(self) -> Val {
        match self {
            Val::Names => Val::Plain(None),
            v => v,
        }
    }

    /// What iterating this yields.
    fn item(&self) -> Val {
        match self {
            Val::Names => Val::Plain(Some(vec![Spot::Name])),
            Val::Paths(s) => Val::Path(s.clone()),
            Val::Plain(_) | Val::Response => Val::Plain(None),
            _ => Val::Opaque,
        }
    }
}

/// Where a name gets a value.
#[derive(Clone, Copy, Debug)]
enum Site<'t> {
    /// `name = VALUE`.
    Assign(Node<'t>),
    /// `for name in VALUE`, `[… for name in VALUE]`.
    Iter(Node<'t>),
    /// `with VALUE as name`.
    With(Node<'t>),
    /// Anything else: a parameter, an unpacking, `except … as`, `+=`, a walrus.
    Other,
}

/// What a call's function names.
enum Callee<'t> {
    /// A builtin, by name (not rebound by the code).
    Builtin(String),
    /// A name reached from an import (`json.loads`, `urllib.request.urlopen`).
    Qual(String),
    /// A method of a value: `obj.name(…)`.
    Method { obj: Node<'t>, name: String },
    /// The code's own function, or anything else.
    Other,
}

/// Judge inline Python: `Ok` with what it does when it is inside the grammar, else why not.
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
        sites: HashMap::new(),
        uses: HashMap::new(),
        vals: RefCell::new(HashMap::new()),
        names: RefCell::new(HashMap::new()),
        value_depth: Cell::new(0),
        local_input: false,
        pure: Pure::default(),
        nodes: 0,
    };
    j.bindings(root, 0)?;
    let mut rebound: Vec<&String> = j
        .imports
        .keys()
        .filter(|k| j.sites.contains_key(*k))
        .collect();
    rebound.sort();
    if let Some(name) = rebound.first() {
        return Err(format!("binds {name}, which it also imports"));
    }
    j.check(root, 0)?;
    // Which requests code makes can carry what it read (`if secret[0] == 'a':
    // urlopen('https://x.example/a')`): a fetch only from code that reads nothing local.
    let fetches = j
        .pure
        .effects
        .iter()
        .any(|e| matches!(e, Effect::Net { .. }));
    let reads = j.local_input
        || j.pure
            .effects
            .iter()
            .any(|e| matches!(e, Effect::Read { .. }));
    if fetches && reads {
        return Err(
            "fetches a URL and reads local files or its input: which requests it makes could carry what it read"
                .into(),
        );
    }
    Ok(j.pure)
}

struct Judge<'s, 't> {
    src: &'s str,
    /// Local name → the qualified name it is bound to by an import.
    imports: HashMap<String, String>,
    /// Names the code binds (assignments, loop targets, parameters, `as` names).
    bound: HashSet<String>,
    /// Where each name the code binds gets its values.
    sites: HashMap<String, Vec<Site<'t>>>,
    /// Every identifier, by its text.
    uses: HashMap<String, Vec<Node<'t>>>,
    /// Values of expressions already followed, by node.
    vals: RefCell<HashMap<usize, Val>>,
    /// Values of names already followed (`None`: being followed now).
    names: RefCell<HashMap<String, Option<Val>>>,
    /// How deep the value being followed is.
    value_depth: Cell<usize>,
    /// The code reads its input or arguments (`sys.stdin`, `sys.argv`).
    local_input: bool,
    pure: Pure,
    nodes: usize,
}

impl<'s, 't> Judge<'s, 't> {
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

    /// First pass: imports (checked against the allowlist) and every name the code binds,
    /// with where it gets its values.
    fn bindings(&mut self, n: Node<'t>, depth: usize) -> Result<(), String> {
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
                    if !VALUES.contains(&q.as_str())
                        && !MODULES.contains(&q.as_str())
                        && !EFFECTFUL.contains(&q.as_str())
                    {
                        return Err(format!("imports {q}"));
                    }
                    self.pure.modules.push(module.clone());
                    self.imports.insert(local, q);
                }
                return Ok(());
            }
            "assignment" => {
                if let Some(left) = n.child_by_field_name("left") {
                    // An annotation alone (`x: int`) binds nothing when it runs.
                    let site = n
                        .child_by_field_name("right")
                        .map_or(Site::Other, Site::Assign);
                    self.targets(left, site);
                }
            }
            "for_statement" | "for_in_clause" => {
                if let Some(left) = n.child_by_field_name("left") {
                    let site = n
                        .child_by_field_name("right")
                        .map_or(Site::Other, Site::Iter);
                    self.targets(left, site);
                }
            }
            "augmented_assignment" => {
                if let Some(left) = n.child_by_field_name("left") {
                    if left.kind() == "identifier" {
                        let name = self.text(left).to_string();
                        self.sites.entry(name).or_default().push(Site::Other);
                    }
                }
            }
            "as_pattern" => {
                if let Some(alias) = n.child_by_field_name("alias") {
                    let value = n.named_child(0).filter(|v| *v != alias);
                    let site = match (n.parent().map(|p| p.kind()), value) {
                        (Some("with_item"), Some(v)) => Site::With(v),
                        _ => Site::Other,
                    };
                    self.targets(alias, site);
                }
            }
            "named_expression" => {
                if let Some(name) = n.child_by_field_name("name") {
                    self.targets(name, Site::Other);
                }
            }
            "function_definition" => {
                if let Some(name) = n.child_by_field_name("name") {
                    self.bind(self.text(name), Site::Other);
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
                        self.bind(self.text(name), Site::Other);
                    }
                }
            }
            "identifier" => {
                let name = self.text(n).to_string();
                self.uses.entry(name).or_default().push(n);
            }
            _ => {}
        }
        let mut c = n.walk();
        let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
        for child in kids {
            self.bindings(child, depth + 1)?;
        }
        Ok(())
    }

    fn bind(&mut self, name: &str, site: Site<'t>) {
        self.bound.insert(name.to_string());
        self.sites.entry(name.to_string()).or_default().push(site);
    }

    /// The names an assignment target binds (identifiers, unpacking patterns): the whole
    /// target gets `site`'s value, a part of an unpacking some value not followed. The
    /// objects of attribute and subscript targets are loads, judged by `check`.
    fn targets(&mut self, n: Node<'t>, site: Site<'t>) {
        match n.kind() {
            "identifier" => self.bind(self.text(n), site),
            "as_pattern_target" | "parenthesized_expression" if n.named_child_count() == 1 => {
                if let Some(c) = n.named_child(0) {
                    self.targets(c, site);
                }
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
                let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
                for child in kids {
                    self.targets(child, Site::Other);
                }
            }
            _ => {}
        }
    }

    /// Second pass: every construct, name and attribute. A value the grammar follows (a
    /// Path, a response, …) is refused here: only the places that use one as the grammar
    /// knows call [`Judge::inner`] on it instead.
    fn check(&mut self, n: Node<'t>, depth: usize) -> Result<(), String> {
        if VALUED.contains(&n.kind()) {
            let v = self.val(n);
            if v.restricted() {
                return Err(format!(
                    "uses {} where the grammar does not follow what is done with it",
                    v.what()
                ));
            }
        }
        self.inner(n, depth)
    }

    /// Judge `n` whose value its parent uses as the grammar knows.
    fn inner(&mut self, n: Node<'t>, depth: usize) -> Result<(), String> {
        self.count(depth)?;
        if n.is_error() || n.is_missing() {
            return Err("does not parse as Python 3".into());
        }
        let kind = n.kind();
        match kind {
            "import_statement" | "import_from_statement" => Ok(()),
            "identifier" => self.load(n),
            "attribute" => self.attribute(n, depth),
            "call" => self.call(n, depth),
            "keyword_argument" => match n.child_by_field_name("value") {
                Some(v) => self.check(v, depth + 1),
                None => Ok(()),
            },
            "assignment" => {
                let left = n.child_by_field_name("left");
                if let Some(left) = left {
                    self.target_loads(left, depth)?;
                }
                if let Some(right) = n.child_by_field_name("right") {
                    // `x = Path(…)`: the name is bound to what the grammar follows.
                    let one_name = left.is_some_and(|l| l.kind() == "identifier");
                    if one_name && self.val(right).restricted() {
                        self.inner(right, depth + 1)?;
                    } else {
                        self.check(right, depth + 1)?;
                    }
                }
                if let Some(t) = n.child_by_field_name("type") {
                    self.check(t, depth + 1)?;
                }
                Ok(())
            }
            "for_statement" | "for_in_clause" => {
                let left = n.child_by_field_name("left");
                let right = n.child_by_field_name("right");
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
                for child in kids {
                    if Some(child) == left {
                        self.target_loads(child, depth)?;
                    } else if Some(child) == right
                        && matches!(self.val(child), Val::Paths(_) | Val::Response)
                    {
                        self.inner(child, depth + 1)?;
                    } else {
                        self.check(child, depth + 1)?;
                    }
                }
                Ok(())
            }
            "as_pattern" => {
                let in_with = n.parent().is_some_and(|p| p.kind() == "with_item");
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
                for child in kids {
                    if child.kind() == "as_pattern_target" {
                        self.target_loads(child, depth)?;
                    } else if in_with && self.val(child) == Val::Response {
                        self.inner(child, depth + 1)?;
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
            // `f'{path}'`, `path == other`: a Path's text, or a comparison of two.
            "interpolation" | "comparison_operator" => {
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
                for child in kids {
                    if matches!(self.val(child), Val::Path(_)) {
                        self.inner(child, depth + 1)?;
                    } else {
                        self.check(child, depth + 1)?;
                    }
                }
                Ok(())
            }
            "binary_operator" => {
                let slash = n
                    .child_by_field_name("operator")
                    .is_some_and(|o| self.text(o) == "/");
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
                for child in kids {
                    if slash && matches!(self.val(child), Val::Path(_)) {
                        self.inner(child, depth + 1)?;
                    } else {
                        self.check(child, depth + 1)?;
                    }
                }
                Ok(())
            }
            // A value computed and dropped (`urlopen(url)` for its request alone).
            "expression_statement" => {
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
                for child in kids {
                    self.inner(child, depth + 1)?;
                }
                Ok(())
            }
            // `(x)` is `x`, used as its parent uses it.
            "parenthesized_expression" => {
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
                for child in kids {
                    self.inner(child, depth + 1)?;
                }
                Ok(())
            }
            "function_definition" => {
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
                for child in kids {
                    if Some(child) == n.child_by_field_name("name") {
                        continue;
                    }
                    self.check(child, depth + 1)?;
                }
                Ok(())
            }
            "lambda" => self.children(n, depth),
            "parameters" | "lambda_parameters" => {
                let mut c = n.walk();
                let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
                for p in kids {
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

    fn children(&mut self, n: Node<'t>, depth: usize) -> Result<(), String> {
        let mut c = n.walk();
        let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
        for child in kids {
            self.check(child, depth + 1)?;
        }
        Ok(())
    }

    /// In an assignment target, the objects of attributes and subscripts are loads.
    fn target_loads(&mut self, n: Node<'t>, depth: usize) -> Result<(), String> {
        match n.kind() {
            "identifier" => Ok(()),
            "attribute" => {
                if let Some(obj) = n.child_by_field_name("object") {
                    let v = self.val(obj);
                    if v.restricted() {
                        return Err(format!("assigns to an attribute of {}", v.what()));
                    }
                }
                self.check(n, depth + 1)
            }
            "subscript" => self.check(n, depth + 1),
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
                let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
                for child in kids {
                    self.target_loads(child, depth + 1)?;
                }
                Ok(())
            }
            k => Err(format!("assigns to a {k}")),
        }
    }

    /// A name read: one the code binds, a pure builtin, or an imported pure value.
    fn load(&mut self, n: Node<'t>) -> Result<(), String> {
        let name = self.text(n);
        if let Some(q) = self.imports.get(name) {
            if INPUTS.contains(&q.as_str()) {
                self.local_input = true;
            }
            return if EFFECTFUL.contains(&q.as_str()) {
                Err(format!("passes {q} around as a value"))
            } else if VALUES.contains(&q.as_str()) {
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

    /// The qualified name an attribute chain from an imported module spells
    /// (`os.path.join`), if its root is one.
    fn module_chain(&self, n: Node<'t>) -> Option<(String, Vec<String>)> {
        let mut chain = Vec::new();
        let mut obj = n;
        while obj.kind() == "attribute" {
            chain.push(self.text(obj.child_by_field_name("attribute")?).to_string());
            obj = obj.child_by_field_name("object")?;
        }
        chain.reverse();
        if obj.kind() != "identifier" {
            return None;
        }
        let q = self.imports.get(self.text(obj))?;
        Some((q.clone(), chain))
    }

    /// `a.b.c`: a chain from an imported module resolves to a listed value (and then
    /// attributes of that value); a Path or a response has the attributes listed for it;
    /// any other object's attributes must not lead back to frames, code or globals, nor
    /// be a Path's file-system methods.
    fn attribute(&mut self, n: Node<'t>, depth: usize) -> Result<(), String> {
        if let Some((q, chain)) = self.module_chain(n) {
            let mut name = q.clone();
            let mut rest = None;
            if VALUES.contains(&name.as_str()) {
                rest = Some(0);
            }
            for (i, a) in chain.iter().enumerate() {
                if rest.is_some() {
                    break;
                }
                if EFFECTFUL.contains(&name.as_str()) {
                    return Err(format!("uses {name}.{}", chain[i..].join(".")));
                }
                name = format!("{name}.{a}");
                if VALUES.contains(&name.as_str()) {
                    rest = Some(i + 1);
                }
            }
            if EFFECTFUL.contains(&name.as_str()) {
                return Err(format!("passes {name} around as a value"));
            }
            let Some(rest) = rest else {
                return Err(format!("uses {q}.{}", chain.join(".")));
            };
            if INPUTS.iter().any(|i| name == *i) {
                self.local_input = true;
            }
            for a in &chain[rest..] {
                plain_attribute(a)?;
            }
            return Ok(());
        }
        let obj = n
            .child_by_field_name("object")
            .ok_or("an attribute without an object")?;
        let attr = n
            .child_by_field_name("attribute")
            .map(|a| self.text(a))
            .ok_or("an attribute without a name")?;
        match self.val(obj) {
            Val::Path(_) if PATH_PROPERTIES.contains(&attr) => self.inner(obj, depth + 1),
            Val::Response if RESPONSE_PROPERTIES.contains(&attr) => self.inner(obj, depth + 1),
            v if v.restricted() => Err(format!("uses the attribute {attr} of {}", v.what())),
            _ => {
                self.check(obj, depth + 1)?;
                plain_attribute(attr)
            }
        }
    }

    /// What a call's function names.
    fn callee(&self, f: Node<'t>) -> Callee<'t> {
        match f.kind() {
            "identifier" => {
                let name = self.text(f);
                if let Some(q) = self.imports.get(name) {
                    Callee::Qual(q.clone())
                } else if self.bound.contains(name) || self.sites.contains_key(name) {
                    Callee::Other
                } else {
                    Callee::Builtin(name.to_string())
                }
            }
            "attribute" => {
                if let Some((q, chain)) = self.module_chain(f) {
                    let mut name = q;
                    for a in chain {
                        name = format!("{name}.{a}");
                    }
                    return Callee::Qual(name);
                }
                match (
                    f.child_by_field_name("object"),
                    f.child_by_field_name("attribute"),
                ) {
                    (Some(obj), Some(a)) => Callee::Method {
                        obj,
                        name: self.text(a).to_string(),
                    },
                    _ => Callee::Other,
                }
            }
            _ => Callee::Other,
        }
    }

    /// A call: `open`, the effectful names and the methods of the values the grammar
    /// follows are judged by their arguments; anything else is an ordinary call.
    fn call(&mut self, n: Node<'t>, depth: usize) -> Result<(), String> {
        let function = n
            .child_by_field_name("function")
            .ok_or("a call without a function")?;
        let args = n.child_by_field_name("arguments");
        if function.kind() == "identifier" && self.text(function) == "open" {
            if self.bound.contains("open") {
                return Err("rebinds open".into());
            }
            let args = args.ok_or("open without arguments")?;
            return self.open(args, depth);
        }
        let callee = self.callee(function);
        match &callee {
            Callee::Qual(q) if EFFECTFUL.contains(&q.as_str()) => {
                let q = q.clone();
                return self.effectful(&q, args, depth);
            }
            Callee::Method { obj, name } => {
                let v = self.val(*obj);
                if v.restricted() {
                    let (obj, name) = (*obj, name.clone());
                    return self.method(obj, &name, v, args, depth);
                }
            }
            _ => {}
        }
        self.check(function, depth + 1)?;
        let Some(a) = args else { return Ok(()) };
        if a.kind() != "argument_list" {
            // `f(x for x in y)`: the argument is a generator expression.
            return self.check(a, depth + 1);
        }
        let mut c = a.walk();
        let kids: Vec<Node<'t>> = a.named_children(&mut c).collect();
        // Keyword arguments that may call code on the items (`key=`); `reverse=` does not.
        let keywords = kids.iter().any(|k| match k.kind() {
            "keyword_argument" => k
                .child_by_field_name("name")
                .is_none_or(|n| self.text(n) != "reverse"),
            "list_splat" | "dictionary_splat" => true,
            _ => false,
        });
        for k in kids {
            let v = if matches!(
                k.kind(),
                "keyword_argument" | "list_splat" | "dictionary_splat" | "comment"
            ) {
                Val::Plain(None)
            } else {
                self.val(k)
            };
            if !v.restricted() {
                self.check(k, depth + 1)?;
            } else if consumes(&callee, &v, keywords) {
                self.inner(k, depth + 1)?;
            } else {
                return Err(format!(
                    "passes {} to {}",
                    v.what(),
                    crate::decision::cause::one_line(self.text(function), 40)
                ));
            }
        }
        Ok(())
    }

    /// A call's positional arguments and keyword arguments (`*a`, `**k` are refused).
    #[allow(clippy::type_complexity)]
    fn split_args(
        &self,
        args: Option<Node<'t>>,
        what: &str,
    ) -> Result<(Vec<Node<'t>>, Vec<(&'s str, Node<'t>)>), String> {
        let Some(a) = args else {
            return Ok((Vec::new(), Vec::new()));
        };
        if a.kind() != "argument_list" {
            return Err(format!("calls {what} with a generator"));
        }
        let mut pos = Vec::new();
        let mut kw = Vec::new();
        let mut c = a.walk();
        for k in a.named_children(&mut c) {
            match k.kind() {
                "comment" => {}
                "keyword_argument" => {
                    let name = k.child_by_field_name("name").map(|n| self.text(n));
                    let value = k.child_by_field_name("value");
                    match (name, value) {
                        (Some(n), Some(v)) => kw.push((n, v)),
                        _ => return Err(format!("calls {what} with an odd keyword")),
                    }
                }
                "list_splat" | "dictionary_splat" => {
                    return Err(format!("calls {what} with arguments unpacked at run time"))
                }
                _ => pos.push(k),
            }
        }
        Ok((pos, kw))
    }

    /// A path operand: a Path is used as the call knows; anything else is plain code.
    fn operand(&mut self, n: Node<'t>, depth: usize) -> Result<Spots, String> {
        let v = self.val(n);
        match v {
            Val::Path(_) => self.inner(n, depth + 1)?,
            _ => self.check(n, depth + 1)?,
        }
        Ok(v.spots())
    }

    /// Arguments judged as plain code.
    fn plain(&mut self, nodes: &[Node<'t>], depth: usize) -> Result<(), String> {
        for n in nodes {
            self.check(*n, depth + 1)?;
        }
        Ok(())
    }

    /// Keyword arguments: only `allowed` ones, judged as plain code.
    fn keywords(
        &mut self,
        kw: &[(&'s str, Node<'t>)],
        allowed: &[&str],
        what: &str,
        depth: usize,
    ) -> Result<(), String> {
        for (k, v) in kw {
            if !allowed.contains(k) {
                return Err(format!("calls {what} with {k}="));
            }
            self.check(*v, depth + 1)?;
        }
        Ok(())
    }

    /// `open(PATH[, MODE], encoding=…, errors=…, newline=…)`: a file read, or written.
    fn open(&mut self, args: Node<'t>, depth: usize) -> Result<(), String> {
        let (pos, kw) = self.split_args(Some(args), "open")?;
        let mut mode = pos.get(1).copied();
        for (k, v) in &kw {
            match *k {
                "encoding" | "errors" | "newline" => self.check(*v, depth + 1)?,
                "mode" if mode.is_none() => mode = Some(*v),
                k => return Err(format!("opens a file with {k}=")),
            }
        }
        if pos.len() > 2 {
            return Err("opens a file with more arguments than a path and a mode".into());
        }
        let path = *pos.first().ok_or("open without a path")?;
        let spots = self.operand(path, depth)?;
        let mode = match mode {
            Some(m) => {
                self.check(m, depth + 1)?;
                Some(
                    self.literal(m)
                        .ok_or("opens a file in a mode computed at run time")?,
                )
            }
            None => None,
        };
        self.opened(&spots, mode.as_deref())
    }

    /// A file opened at `spots` in `mode` (`None`: `r`): a read, or a write of a path the
    /// code names literally.
    fn opened(&mut self, spots: &Spots, mode: Option<&str>) -> Result<(), String> {
        match open_mode(mode.unwrap_or("r"))? {
            None => self.read(
                spots,
                Reach::File,
                "opens a file whose name is computed at run time",
            ),
            Some(how) => self.write(spots, how),
        }
    }

    /// A call of an effectful name, judged by its arguments.
    fn effectful(&mut self, q: &str, args: Option<Node<'t>>, depth: usize) -> Result<(), String> {
        let short = q.rsplit('.').next().unwrap_or(q);
        let (pos, kw) = self.split_args(args, short)?;
        match q {
            "pathlib.Path" => {
                self.keywords(&kw, &[], short, depth)?;
                for p in pos {
                    self.operand(p, depth)?;
                }
                Ok(())
            }
            "os.listdir" => {
                self.keywords(&kw, &[], short, depth)?;
                if pos.len() > 1 {
                    return Err("calls listdir with more than a path".into());
                }
                let spots = match pos.first() {
                    Some(p) => self.operand(*p, depth)?,
                    None => Some(vec![Spot::Exact(".".into())]),
                };
                self.listing(&spots, false)
            }
            "os.path.exists" | "os.path.isfile" | "os.path.isdir" | "os.path.islink"
            | "os.path.getsize" | "os.path.getmtime" => {
                self.keywords(&kw, &[], short, depth)?;
                let [p] = pos.as_slice() else {
                    return Err(format!("calls {short} with other than one path"));
                };
                let spots = self.operand(*p, depth)?;
                self.look(&spots)
            }
            "os.makedirs" | "os.mkdir" => {
                let allowed: &[&str] = if q == "os.makedirs" {
                    &["exist_ok"]
                } else {
                    &[]
                };
                self.keywords(&kw, allowed, short, depth)?;
                let [p] = pos.as_slice() else {
                    return Err(format!("calls {short} with other than one path"));
                };
                let spots = self.operand(*p, depth)?;
                self.write(&spots, WriteHow::Mkdir)
            }
            "urllib.request.urlopen" => {
                if pos.len() > 1 {
                    return Err("sends data (urlopen's second argument)".into());
                }
                let mut url = pos.first().copied();
                for (k, v) in &kw {
                    match *k {
                        "timeout" => self.check(*v, depth + 1)?,
                        "url" if url.is_none() => url = Some(*v),
                        "data" => return Err("sends data (urlopen's data=)".into()),
                        k => return Err(format!("calls urlopen with {k}=")),
                    }
                }
                let url = url.ok_or("calls urlopen without a URL")?;
                match self.val(url) {
                    // Its fetch is the Request's.
                    Val::Request => self.inner(url, depth + 1),
                    Val::Plain(spots) => {
                        self.check(url, depth + 1)?;
                        for u in exact(&spots).ok_or("fetches a URL computed at run time")? {
                            self.fetch(&u, &[])?;
                        }
                        Ok(())
                    }
                    v => Err(format!("calls urlopen with {}", v.what())),
                }
            }
            "urllib.request.Request" => {
                if pos.len() > 1 {
                    return Err("sends data (Request's second argument)".into());
                }
                let mut url = pos.first().copied();
                let mut headers = Vec::new();
                for (k, v) in &kw {
                    match *k {
                        "url" if url.is_none() => url = Some(*v),
                        "headers" => headers = self.headers(*v, depth)?,
                        "method" => {
                            self.check(*v, depth + 1)?;
                            match self.literal(*v).as_deref() {
                                Some("GET" | "HEAD") => {}
                                Some(m) => return Err(format!("sends a {m} request")),
                                None => return Err("sends a method computed at run time".into()),
                            }
                        }
                        "data" => return Err("sends data (Request's data=)".into()),
                        k => return Err(format!("builds a Request with {k}=")),
                    }
                }
                let url = url.ok_or("builds a Request without a URL")?;
                self.check(url, depth + 1)?;
                let spots = self.val(url).spots();
                for u in exact(&spots).ok_or("fetches a URL computed at run time")? {
                    self.fetch(&u, &headers)?;
                }
                Ok(())
            }
            _ => Err(format!("calls {q}")),
        }
    }

    /// `headers={'User-Agent': 'x/1.0', …}`: a dictionary written out of literal text.
    fn headers(&mut self, n: Node<'t>, depth: usize) -> Result<Vec<(String, String)>, String> {
        if n.kind() != "dictionary" {
            return Err("sends headers computed at run time".into());
        }
        let mut out = Vec::new();
        let mut c = n.walk();
        let kids: Vec<Node<'t>> = n.named_children(&mut c).collect();
        for pair in kids {
            match pair.kind() {
                "comment" => continue,
                "pair" => {}
                _ => return Err("sends headers computed at run time".into()),
            }
            self.check(pair, depth + 1)?;
            let one = |field: &str| -> Option<String> {
                let v = pair.child_by_field_name(field)?;
                match exact(&self.val(v).spots())?.as_slice() {
                    [s] => Some(s.clone()),
                    _ => None,
                }
            };
            match (one("key"), one("value")) {
                (Some(k), Some(v)) => out.push((k, v)),
                _ => return Err("sends headers computed at run time".into()),
            }
        }
        Ok(out)
    }

    /// A method of a value the grammar follows.
    fn method(
        &mut self,
        obj: Node<'t>,
        name: &str,
        v: Val,
        args: Option<Node<'t>>,
        depth: usize,
    ) -> Result<(), String> {
        let (pos, kw) = self.split_args(args, name)?;
        match &v {
            Val::Path(spots) => {
                let spots = spots.clone();
                let none = |pos: &[Node], kw: &[(&str, Node)]| -> Result<(), String> {
                    if pos.is_empty() && kw.is_empty() {
                        Ok(())
                    } else {
                        Err(format!("calls Path.{name} with arguments"))
                    }
                };
                match name {
                    "read_text" | "read_bytes" => {
                        let most = if name == "read_text" { 2 } else { 0 };
                        if pos.len() > most {
                            return Err(format!("calls Path.{name} with more arguments"));
                        }
                        self.keywords(&kw, &["encoding", "errors"][..most], name, depth)?;
                        self.plain(&pos, depth)?;
                        self.read(
                            &spots,
                            Reach::File,
                            "reads a file whose name is computed at run time",
                        )?;
                    }
                    "exists" | "is_file" | "is_dir" | "is_symlink" | "stat" => {
                        none(&pos, &kw)?;
                        self.look(&spots)?;
                    }
                    "iterdir" => {
                        none(&pos, &kw)?;
                        self.listing(&spots, false)?;
                    }
                    "glob" | "rglob" => {
                        self.keywords(&kw, &[], name, depth)?;
                        let [p] = pos.as_slice() else {
                            return Err(format!("calls Path.{name} with other than a pattern"));
                        };
                        self.check(*p, depth + 1)?;
                        let pattern = self
                            .literal(*p)
                            .ok_or("globs a pattern computed at run time")?;
                        if pattern.is_empty()
                            || pattern.starts_with('/')
                            || pattern.split('/').any(|c| c == "..")
                        {
                            return Err(format!("globs {pattern}, which can leave its directory"));
                        }
                        let deep =
                            name == "rglob" || pattern.contains('/') || pattern.contains("**");
                        self.listing(&spots, deep)?;
                    }
                    "open" => {
                        let mut mode = pos.first().copied();
                        if pos.len() > 1 {
                            return Err("calls Path.open with more than a mode".into());
                        }
                        for (k, v) in &kw {
                            match *k {
                                "encoding" | "errors" | "newline" => self.check(*v, depth + 1)?,
                                "mode" if mode.is_none() => mode = Some(*v),
                                k => return Err(format!("opens a file with {k}=")),
                            }
                        }
                        let mode = match mode {
                            Some(m) => {
                                self.check(m, depth + 1)?;
                                Some(
                                    self.literal(m)
                                        .ok_or("opens a file in a mode computed at run time")?,
                                )
                            }
                            None => None,
                        };
                        self.opened(&spots, mode.as_deref())?;
                    }
                    "write_text" | "write_bytes" => {
                        let most = if name == "write_text" { 4 } else { 1 };
                        if pos.is_empty() || pos.len() > most {
                            return Err(format!("calls Path.{name} with other arguments"));
                        }
                        let kws: &[&str] = if name == "write_text" {
                            &["encoding", "errors", "newline"]
                        } else {
                            &[]
                        };
                        self.keywords(&kw, kws, name, depth)?;
                        self.plain(&pos, depth)?;
                        self.write(&spots, WriteHow::Replace)?;
                    }
                    "mkdir" => {
                        if !pos.is_empty() {
                            return Err("calls Path.mkdir with a mode".into());
                        }
                        self.keywords(&kw, &["parents", "exist_ok"], name, depth)?;
                        self.write(&spots, WriteHow::Mkdir)?;
                    }
                    "joinpath" => {
                        self.keywords(&kw, &[], name, depth)?;
                        for p in pos {
                            self.operand(p, depth)?;
                        }
                    }
                    "as_posix" | "is_absolute" => none(&pos, &kw)?,
                    _ => return Err(format!("calls Path.{name}")),
                }
            }
            Val::Response if RESPONSE_METHODS.contains(&name) => {
                self.plain(&pos, depth)?;
                for (_, v) in &kw {
                    self.check(*v, depth + 1)?;
                }
            }
            v => return Err(format!("calls {name} on {}", v.what())),
        }
        self.inner(obj, depth + 1)
    }

    /// Record an effect once.
    fn effect(&mut self, e: Effect) {
        if !self.pure.effects.contains(&e) {
            self.pure.effects.push(e);
        }
    }

    /// A file read at `spots` (`reach` for a literal path; below a directory, the whole
    /// tree with the links in it).
    fn read(&mut self, spots: &Spots, reach: Reach, computed: &str) -> Result<(), String> {
        let spots = spots.as_ref().ok_or(computed)?;
        for s in spots {
            let (path, tree) = judged_as(s);
            if path.is_empty() || path.contains('\0') {
                return Err("opens an empty or odd path".into());
            }
            let reach = if tree { Reach::TreeFollow } else { reach };
            self.effect(Effect::Read { path, reach });
        }
        Ok(())
    }

    /// A look at what is at `spots` (`exists`, `getsize`): its metadata.
    fn look(&mut self, spots: &Spots) -> Result<(), String> {
        self.read(
            spots,
            Reach::Metadata,
            "looks at a path computed at run time",
        )
    }

    /// A directory listed: its names (`deep`: every name below it, through the links of
    /// its subdirectories).
    fn listing(&mut self, spots: &Spots, deep: bool) -> Result<(), String> {
        let reach = if deep {
            Reach::TreeFollow
        } else {
            Reach::Metadata
        };
        self.read(spots, reach, "lists a directory computed at run time")
    }

    /// A file or directory written: only a path the code names literally.
    fn write(&mut self, spots: &Spots, how: WriteHow) -> Result<(), String> {
        let spots = spots.as_ref().ok_or("writes a path computed at run time")?;
        for s in spots {
            match s {
                Spot::Exact(p) if !p.is_empty() && !p.contains('\0') => {
                    self.effect(Effect::write(p.clone(), how));
                }
                Spot::Exact(_) => return Err("writes an empty or odd path".into()),
                Spot::Under { root, .. } => {
                    return Err(format!(
                        "writes below {root} under a name chosen at run time"
                    ))
                }
                Spot::Name => {
                    return Err("writes under a name chosen at run time".into());
                }
            }
        }
        Ok(())
    }

    /// A GET of `url` sending `headers`: a public http(s) host, nothing secret-shaped.
    fn fetch(&mut self, url: &str, headers: &[(String, String)]) -> Result<(), String> {
        let shown = crate::decision::cause::one_line(url, 120);
        // urllib splits a URL its own way (`\` is part of the host for it, not for the
        // WHATWG reading gatehook's host check follows): only plain printable ASCII.
        if url.chars().any(|c| !c.is_ascii_graphic()) || url.contains('\\') {
            return Err(format!(
                "fetches {shown}, whose characters urllib may read differently"
            ));
        }
        let scheme = url
            .split_once("://")
            .map(|(s, _)| s.to_ascii_lowercase())
            .unwrap_or_default();
        if !matches!(scheme.as_str(), "http" | "https") {
            return Err(format!(
                "fetches {shown}: only http and https URLs are inside the grammar"
            ));
        }
        let host = web::public_host(url).map_err(|why| format!("fetches {shown}, which {why}"))?;
        if web::carries_encoded_data(url) {
            return Err(format!(
                "fetches {shown}, which carries encoded data to {host}"
            ));
        }
        if web::carries_secret(url) {
            return Err(format!("sends a secret-shaped value in the URL to {host}"));
        }
        for (k, v) in headers {
            if METADATA_HEADERS.contains(&k.to_ascii_lowercase().as_str()) {
                return Err(format!(
                    "sends the header {k}, which only cloud metadata endpoints read"
                ));
            }
            if k.chars().chain(v.chars()).any(|c| c.is_control()) {
                return Err(format!("sends the header {k} with control characters"));
            }
            if web::carries_secret(&format!("{k}: {v}")) || web::carries_secret(v) {
                return Err(format!(
                    "sends a secret-shaped value in the header {k} to {host}"
                ));
            }
        }
        self.effect(Effect::Net {
            url: Some(url.to_string()),
            host: Some(host),
            sends: Vec::new(),
        });
        Ok(())
    }

    /// What `n` evaluates to, as far as the grammar follows it.
    fn val(&self, n: Node<'t>) -> Val {
        if let Some(v) = self.vals.borrow().get(&n.id()) {
            return v.clone();
        }
        let d = self.value_depth.get();
        if d >= MAX_VALUE_DEPTH {
            return Val::Opaque;
        }
        self.value_depth.set(d + 1);
        let v = self.compute(n);
        self.value_depth.set(d);
        self.vals.borrow_mut().insert(n.id(), v.clone());
        v
    }

    fn compute(&self, n: Node<'t>) -> Val {
        let child = |f: &str| n.child_by_field_name(f);
        match n.kind() {
            "string" => Val::Plain(self.string(n)),
            "concatenated_string" => {
                let mut c = n.walk();
                let mut acc = Some(vec![Spot::Exact(String::new())]);
                for s in n.named_children(&mut c) {
                    acc = pairwise(&acc, &self.string(s), concat);
                }
                Val::Plain(acc)
            }
            "identifier" => self.name(self.text(n)),
            "parenthesized_expression" => match n.named_child(0) {
                Some(c) if n.named_child_count() == 1 => self.val(c),
                _ => Val::Plain(None),
            },
            "assignment" => child("right").map_or(Val::Plain(None), |r| self.val(r)),
            "binary_operator" => {
                let (Some(l), Some(r), Some(op)) =
                    (child("left"), child("right"), child("operator"))
                else {
                    return Val::Plain(None);
                };
                let (lv, rv) = (self.val(l), self.val(r));
                match (self.text(op), &lv, &rv) {
                    (_, Val::Opaque, _) | (_, _, Val::Opaque) => Val::Opaque,
                    ("/", Val::Path(a), Val::Path(b) | Val::Plain(b))
                    | ("/", Val::Plain(a), Val::Path(b)) => Val::Path(pairwise(a, b, path_join)),
                    ("+", Val::Plain(a), Val::Plain(b)) => Val::Plain(pairwise(a, b, concat)),
                    _ => Val::Plain(None),
                }
            }
            "call" => self.call_val(n),
            "list_comprehension" | "set_comprehension" | "generator_expression" => {
                self.names_comprehension(n)
            }
            "attribute" => {
                if self.module_chain(n).is_some() {
                    return Val::Plain(None);
                }
                let (Some(obj), Some(a)) = (child("object"), child("attribute")) else {
                    return Val::Plain(None);
                };
                match (self.val(obj), self.text(a)) {
                    (Val::Path(s), "parent") => Val::Path(each(&s, path_parent)),
                    (Val::Path(s), "name") => Val::Plain(each(&s, path_name)),
                    (Val::Opaque, _) => Val::Opaque,
                    _ => Val::Plain(None),
                }
            }
            _ => Val::Plain(None),
        }
    }

    /// What a name holds: everything each of its bindings gives it.
    fn name(&self, name: &str) -> Val {
        if self.imports.contains_key(name) {
            return Val::Plain(None);
        }
        if let Some(known) = self.names.borrow().get(name) {
            // `None`: met again while it is being followed (`a = b; b = a`).
            return known.clone().unwrap_or(Val::Opaque);
        }
        let Some(sites) = self.sites.get(name).cloned() else {
            return Val::Plain(None);
        };
        self.names.borrow_mut().insert(name.to_string(), None);
        let mut v: Option<Val> = None;
        for s in sites {
            let one = match s {
                Site::Assign(r) => match self.val(r) {
                    Val::Names if self.list_kept(name) => Val::Names,
                    v => v.bound(),
                },
                Site::Iter(it) => self.val(it).item(),
                Site::With(w) => match self.val(w) {
                    Val::Response => Val::Response,
                    v if v.restricted() => Val::Opaque,
                    _ => Val::Plain(None),
                },
                Site::Other => Val::Plain(None),
            };
            v = Some(match v {
                Some(prev) => prev.join(one),
                None => one,
            });
        }
        let v = v.unwrap_or(Val::Plain(None));
        self.names
            .borrow_mut()
            .insert(name.to_string(), Some(v.clone()));
        v
    }

    /// Whether the list of entry names bound to `name` keeps only those names: every use
    /// of the name reads it (iterates, counts, sorts, prints, compares, tests it) and none
    /// could change it or hand it on (`names.append(…)`, `other = names`, `f(names)`).
    fn list_kept(&self, name: &str) -> bool {
        let Some(uses) = self.uses.get(name) else {
            return true;
        };
        uses.iter().all(|u| {
            let Some(p) = u.parent() else { return false };
            let is = |f: &str| p.child_by_field_name(f) == Some(*u);
            match p.kind() {
                // The binding itself, and words that are not this variable.
                "assignment" => is("left"),
                "keyword_argument" => is("name"),
                "attribute" => is("attribute"),
                "for_statement" | "for_in_clause" => is("right"),
                "not_operator" | "comparison_operator" | "interpolation"
                | "expression_statement" => true,
                "if_statement" | "elif_clause" | "while_statement" => is("condition"),
                "argument_list" => p
                    .parent()
                    .filter(|c| c.kind() == "call")
                    .and_then(|c| c.child_by_field_name("function"))
                    .is_some_and(|f| {
                        matches!(self.callee(f), Callee::Builtin(b) if LIST_READERS.contains(&b.as_str()))
                    }),
                _ => false,
            }
        })
    }

    /// `[n for n in NAMES if …]` (a list, set or generator): the same entry names.
    fn names_comprehension(&self, n: Node<'t>) -> Val {
        let body = n.child_by_field_name("body");
        let mut c = n.walk();
        let clauses: Vec<Node<'t>> = n
            .named_children(&mut c)
            .filter(|k| k.kind() == "for_in_clause")
            .collect();
        let [clause] = clauses.as_slice() else {
            return Val::Plain(None);
        };
        let (Some(body), Some(left), Some(right)) = (
            body,
            clause.child_by_field_name("left"),
            clause.child_by_field_name("right"),
        ) else {
            return Val::Plain(None);
        };
        let same = body.kind() == "identifier"
            && left.kind() == "identifier"
            && self.text(body) == self.text(left);
        if same && self.val(right) == Val::Names {
            Val::Names
        } else {
            Val::Plain(None)
        }
    }

    /// What a call returns, as far as the grammar follows it.
    fn call_val(&self, n: Node<'t>) -> Val {
        let Some(f) = n.child_by_field_name("function") else {
            return Val::Plain(None);
        };
        let mut pos: Vec<Node<'t>> = Vec::new();
        let mut keywords = false;
        let args = n.child_by_field_name("arguments");
        // `sorted(n for n in …)`: the generator is the one argument.
        if let Some(g) = args.filter(|a| a.kind() == "generator_expression") {
            pos.push(g);
        }
        if let Some(a) = args.filter(|a| a.kind() == "argument_list") {
            let mut c = a.walk();
            for k in a.named_children(&mut c) {
                match k.kind() {
                    "comment" => {}
                    "keyword_argument" | "list_splat" | "dictionary_splat" => keywords = true,
                    _ => pos.push(k),
                }
            }
        }
        let spots = |i: usize| pos.get(i).and_then(|p| self.val(*p).spots());
        let fold = |start: Spots, f: fn(&Spot, &Spot) -> Option<Spot>| {
            pos.iter()
                .skip(1)
                .fold(start, |acc, p| pairwise(&acc, &self.val(*p).spots(), f))
        };
        match self.callee(f) {
            Callee::Builtin(b) => match (b.as_str(), pos.as_slice()) {
                ("str", [p]) if !keywords => Val::Plain(self.val(*p).spots()),
                ("sorted" | "list" | "reversed", [p]) => match self.val(*p) {
                    Val::Names => Val::Names,
                    Val::Paths(s) => Val::Paths(s),
                    Val::Opaque => Val::Opaque,
                    _ => Val::Plain(None),
                },
                _ => Val::Plain(None),
            },
            Callee::Qual(q) => match q.as_str() {
                "pathlib.Path" if keywords => Val::Opaque,
                "pathlib.Path" if pos.is_empty() => Val::Path(Some(vec![Spot::Exact(".".into())])),
                "pathlib.Path" => {
                    let first = each(&spots(0), as_path);
                    Val::Path(fold(first, path_join))
                }
                "os.path.join" if !pos.is_empty() && !keywords => Val::Plain(fold(spots(0), join)),
                "os.path.basename" if pos.len() == 1 => Val::Plain(each(&spots(0), basename)),
                "os.path.dirname" if pos.len() == 1 => Val::Plain(each(&spots(0), dirname)),
                "os.listdir" => Val::Names,
                "urllib.request.urlopen" => Val::Response,
                "urllib.request.Request" => Val::Request,
                _ => Val::Plain(None),
            },
            Callee::Method { obj, name } => match (self.val(obj), name.as_str()) {
                (Val::Path(s), "iterdir" | "glob" | "rglob") => Val::Paths(each(&s, below)),
                (Val::Path(s), "joinpath") => {
                    let mut acc = s;
                    for p in &pos {
                        acc = pairwise(&acc, &self.val(*p).spots(), path_join);
                    }
                    Val::Path(acc)
                }
                (Val::Path(s), "as_posix") => Val::Plain(s),
                (Val::Opaque, _) => Val::Opaque,
                _ => Val::Plain(None),
            },
            Callee::Other => Val::Plain(None),
        }
    }

    /// The places a string literal names: its text, or for an f-string the texts of its
    /// parts (a part interpolated with a conversion or a format is not known).
    fn string(&self, n: Node<'t>) -> Spots {
        if n.kind() != "string" {
            return None;
        }
        let start = n.named_child(0).filter(|c| c.kind() == "string_start")?;
        let prefix = self.text(start).to_ascii_lowercase();
        if !prefix.contains('f') {
            return self.literal(n).map(|v| vec![Spot::Exact(v)]);
        }
        if prefix.contains('r') || prefix.contains('b') {
            return None;
        }
        let mut acc = Some(vec![Spot::Exact(String::new())]);
        let mut c = n.walk();
        for part in n.named_children(&mut c) {
            let piece = match part.kind() {
                "string_start" | "string_end" => continue,
                "string_content"
                    if part.named_child_count() == 0 && !self.text(part).contains('\\') =>
                {
                    Some(vec![Spot::Exact(self.text(part).to_string())])
                }
                "interpolation" if part.named_child_count() == 1 => part
                    .child_by_field_name("expression")
                    .and_then(|e| self.val(e).spots()),
                _ => None,
            };
            acc = pairwise(&acc, &piece, concat);
        }
        acc
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

/// Does this call use `v` as the grammar knows (`print(path)`, `sorted(paths)`,
/// `json.load(response)`)?
fn consumes(callee: &Callee, v: &Val, keywords: bool) -> bool {
    match (callee, v) {
        (Callee::Builtin(b), Val::Path(_) | Val::Paths(_)) if b == "print" || b == "str" => true,
        (Callee::Builtin(b), Val::Paths(_)) if b == "len" => true,
        (Callee::Builtin(b), Val::Paths(_))
            if matches!(b.as_str(), "sorted" | "list" | "reversed") =>
        {
            !keywords
        }
        (Callee::Qual(q), Val::Response) => q == "json.load",
        (Callee::Qual(q), Val::Path(_)) => matches!(
            q.as_str(),
            "os.path.join"
                | "os.path.basename"
                | "os.path.dirname"
                | "os.path.splitext"
                | "os.path.split"
        ),
        _ => false,
    }
}

/// What a mode of `open` does: `None` reads, else how it writes (`r+` is refused: it
/// changes a file in place).
fn open_mode(mode: &str) -> Result<Option<WriteHow>, String> {
    let mut base = None;
    let (mut bt, mut plus) = (0, 0);
    for c in mode.chars() {
        match c {
            'r' | 'w' | 'a' | 'x' if base.is_none() => base = Some(c),
            'b' | 't' => bt += 1,
            '+' => plus += 1,
            _ => return Err(format!("opens a file in mode {mode}")),
        }
    }
    match (base, bt <= 1, plus) {
        (Some('r'), true, 0) => Ok(None),
        (Some('w' | 'x'), true, 0 | 1) => Ok(Some(WriteHow::Replace)),
        (Some('a'), true, 0 | 1) => Ok(Some(WriteHow::Append)),
        _ => Err(format!("opens a file in mode {mode}")),
    }
}

/// The literal texts of `spots`, when every place is one.
fn exact(spots: &Spots) -> Option<Vec<String>> {
    spots
        .as_ref()?
        .iter()
        .map(|s| match s {
            Spot::Exact(t) => Some(t.clone()),
            _ => None,
        })
        .collect()
}

/// An attribute of a plain object: not private, not a way back to frames or globals, not
/// a Path's file-system method.
fn plain_attribute(a: &str) -> Result<(), String> {
    if a.starts_with('_') && !NAMING_DUNDERS.contains(&a) {
        return Err(format!("uses the attribute {a}"));
    }
    if FRAME_PREFIXES.iter().any(|p| a.starts_with(p)) {
        return Err(format!("uses the attribute {a}"));
    }
    if PATH_METHODS.contains(&a) {
        return Err(format!(
            "uses {a} on an object the grammar does not know to be a Path it follows"
        ));
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
