//! Inline JavaScript (`node -e CODE`, `node -p CODE`, a heredoc fed to `node`) read as a
//! grammar of its own, like inline Python (`pyinline`): code is allowed only when every
//! construct, name and call it uses is in an allowlist of pure computation — literals,
//! arithmetic, its own `const`/`let`/`var` bindings, functions and arrows of its own,
//! destructuring, loops, `try`, untagged template literals, spread, optional chaining, the
//! pure globals (`JSON`, `Math`, `Object.keys`, `Array.from`, `console.log`, …), listed
//! methods of values (`map`, `filter`, `join`, `split`, `replace`, …) and named functions of
//! three builtin modules (`fs`, `path`, `os`). Its only reach outside the process is
//! reading files named by literal paths (`fs.readFileSync`; `existsSync` and `statSync`,
//! which follow a link, are reads of it too), listing a directory as `ls DIR` does
//! (`readdirSync`, `lstatSync`), stdin (`readFileSync(0)`, `/dev/stdin`), writing files
//! named by literal paths (`writeFileSync`, `appendFileSync`, `mkdirSync`) and printing.
//! Anything else is outside the grammar: the code is not judged here, which leaves it
//! unknown.
//!
//! A literal path is one the code spells out: string literals and untagged templates
//! without escapes, `+` of them, `const` names bound to them, `path.join`/`path.resolve`/
//! `path.normalize` of them, `__dirname` (`.` for `-e` and stdin), `os.homedir()` (the
//! `HOME` the command runs with) and `process.cwd()`. A `..` component that Node would
//! hand the kernel is refused (the kernel resolves it after following links, which no
//! lexical placing can know); so is a path computed from anything else.
//!
//! Why that is enough. JavaScript reaches everything from any object: `x.constructor`
//! is a constructor, `f.constructor` is `Function`, which compiles a string into code,
//! `o.__proto__` is a prototype shared by every object. So:
//!
//! - *Names.* A free name is one of the listed globals, used only in its listed shape
//!   (`JSON.parse(…)`, `process.argv`, `console.log(…)`): a global object, `require`,
//!   `process` and the modules are never values (`fs[k]`, `const p = process`, `process.env`,
//!   `process.binding` are refused). `require` takes only a literal naming `fs`, `path`, `os`
//!   (or their `node:` names), which Node always loads from itself. The code may not
//!   declare a listed name (it would shadow it), `this`, `arguments`, `eval`,
//!   `globalThis`, `module` or `exports`, nor spell a name with escapes.
//! - *Properties.* `constructor`, `prototype`, `__proto__` (any `__` name), `caller`,
//!   `callee`, `arguments`, `call`, `apply`, `bind`, `defineProperty(ies)`,
//!   `setPrototypeOf`, `getPrototypeOf`, `getOwnPropertyDescriptor(s)`,
//!   `getOwnPropertySymbols`, `captureStackTrace`, `prepareStackTrace` are refused by name
//!   wherever a property is named (read, written, destructured, a literal key), and an
//!   object literal cannot define `toString`, `valueOf`, `toJSON`, `then` or `inspect`
//!   (the names builtins call on their own), a getter, a setter or a method.
//! - *Computed keys.* `o[k]` with a key that is not a literal (nor a number: arithmetic,
//!   counters) may be anything an object inherits — a constructor, `Function`, a prototype
//!   — so its value is *raw*, and so is what a static name reads from it, what a method
//!   of it returns, what iterating it yields, and a binding or parameter that may hold
//!   one. A static read of a name that is a builtin method somewhere (`x.map`,
//!   `s.link`) is raw too: it may be a function. Raw values may be printed, compared,
//!   converted (`String(v)`, `` `${v}` ``, `v + 1`, `JSON.stringify(v)`), tested, used as
//!   keys or data to write, and read further; they are never stored (in an array, an
//!   object, a property, a `Map`, a `Set`, through `push` or `Object.assign`), thrown,
//!   returned (except from a predicate: `filter`, `find`, `some`, `every`, `forEach`,
//!   `sort`, `replace`), spread, written through (`raw.x = …`, `raw.push(…)`, `delete`) or
//!   passed to anything that keeps its arguments. So no value the code can keep is ever
//!   a function: what is not raw is data (JSON, strings, numbers, arrays, plain objects,
//!   `Map`, `Set`, `Date`, `RegExp`, `Buffer`, `Stats`, errors) whose properties are data.
//! - *Calls.* A callee is a function the code declares (`function f`, `const f = (…) =>`;
//!   never reassigned, never a value), a listed global or module function by its static
//!   path, or a listed method by its static name on a value. A method name is called on
//!   a non-raw value, which holds no function, so it reaches the builtin method of that
//!   name; on a raw value only the methods that change nothing. Callbacks are function
//!   literals, the code's own functions, or the pure converters (`Number`, `String`,
//!   `Boolean`, `parseInt`, `parseFloat`, `Math.*`) — never a value. So nothing the code
//!   calls, directly or through a builtin, is `Function`, `eval`, a constructor or a
//!   function reached through data; the implicit calls builtins make (`toString`,
//!   `valueOf`, `toJSON`, `util.inspect` of what `console.log` prints) reach builtin
//!   methods only. Tagged templates, `new` other than `Map`, `Set`, `Date`, errors and
//!   `RegExp` of literals, classes, generators, `async`/`await`, `import`, `with`, labels
//!   and `this` are outside the grammar.
//!
//! The names of builtin methods are those of the prototypes a value can reach in Node 20
//! (listed from the real runtime: objects, arrays, strings, numbers, `Map`, `Set`, `Date`,
//! `RegExp`, errors, `Buffer`, `fs.Stats`, `fs.Dirent`, iterators, promises, functions)
//! and those ECMAScript and Node have added since (Set methods, iterator helpers,
//! `Uint8Array` base64): a method added later than those is the boundary of this list.
//!
//! Checked against Node.js v20.20 (`/usr/bin/node`) and its documentation: `-e`/`--eval`
//! and stdin run the code as a CommonJS script (not wrapped in a function: `this` is
//! `globalThis`, sloppy mode, `require`, `module`, `__dirname` = `.` and `__filename` =
//! `[eval]` or `[stdin]` are defined); `-p`/`--print` is `-e` that prints the last value;
//! the last `-e`/`-p` given wins; options after the code are still node's options until
//! the first operand or `--` (`node -e CODE -r ./x.js` preloads x.js). `require('fs')`,
//! `require('path')` and `require('os')` return the builtin module even with `fs.js` and
//! `node_modules/fs` in the working directory ("some core modules are always
//! preferentially loaded", modules.md; `module.builtinModules` lists all three); nothing
//! of the working directory is opened by `node -e` (traced). `os.homedir()` is `$HOME`
//! when it is set. Node 22 and later try code that fails to parse as CommonJS as a module
//! and then with types stripped: code in this grammar parses as a script, and holds
//! nothing (`import`, top-level `await`) a module would read differently.

use crate::analysis::effects::{Reach, WriteHow};
use std::collections::HashMap;
use tree_sitter::{Node, Parser};

/// Longest code judged; longer code is not.
const MAX_CODE: usize = 64 * 1024;
/// Most syntax nodes judged.
const MAX_NODES: usize = 50_000;
/// Deepest nesting judged.
const MAX_DEPTH: usize = 200;
/// Most passes over the code while what may hold a raw value settles.
const MAX_ROUNDS: usize = 40;

/// Where a path the code computes starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    /// The text is the whole path, as Node hands it to the kernel (relative to the
    /// working directory unless absolute).
    Plain,
    /// `os.homedir()` followed by the text.
    Home,
    /// `process.cwd()` followed by the text.
    Cwd,
}

/// A path the code names: its base followed by text, as string concatenation joins them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsPath {
    pub base: Base,
    pub text: String,
}

/// What the code does, when it is inside the grammar.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Pure {
    /// Files and directories read, with how far.
    pub reads: Vec<(JsPath, Reach)>,
    /// Files written and directories made.
    pub writes: Vec<(JsPath, WriteHow)>,
    /// It reads its standard input (`fs.readFileSync(0)`, `/dev/stdin`).
    pub stdin: bool,
    /// Builtin modules it loads.
    pub modules: Vec<String>,
}

/// The builtin modules the code may load, by the names `require` takes.
const MODULES: &[(&str, &str)] = &[
    ("fs", "fs"),
    ("node:fs", "fs"),
    ("path", "path"),
    ("node:path", "path"),
    ("os", "os"),
    ("node:os", "os"),
];

/// Free names that are objects of listed members (never values themselves).
const ROOTS: &[&str] = &[
    "JSON", "Math", "Object", "Array", "Number", "String", "Date", "console", "process", "Buffer",
];

/// Free functions the code may call by name.
const FREE_FUNCTIONS: &[&str] = &[
    "require",
    "parseInt",
    "parseFloat",
    "isNaN",
    "isFinite",
    "String",
    "Number",
    "Boolean",
    "encodeURIComponent",
    "decodeURIComponent",
    "encodeURI",
    "decodeURI",
];

/// Names the code may not declare: the free names above, the values below, and the names
/// that reach the rest of the runtime.
const RESERVED: &[&str] = &[
    "undefined",
    "NaN",
    "Infinity",
    "__dirname",
    "__filename",
    "eval",
    "arguments",
    "globalThis",
    "global",
    "module",
    "exports",
    "Function",
    "Map",
    "Set",
    "RegExp",
    "Error",
    "TypeError",
    "RangeError",
    "SyntaxError",
    "Symbol",
    "Reflect",
    "Proxy",
    "let",
    "async",
    "of",
];

/// Property names that lead from any value to constructors, prototypes, `Function`, or
/// the means to define or call anything: refused wherever a property is named.
const REFUSED_PROPERTIES: &[&str] = &[
    "constructor",
    "prototype",
    "caller",
    "callee",
    "arguments",
    "call",
    "apply",
    "bind",
    "defineProperty",
    "defineProperties",
    "setPrototypeOf",
    "getPrototypeOf",
    "getOwnPropertyDescriptor",
    "getOwnPropertyDescriptors",
    "getOwnPropertySymbols",
    "captureStackTrace",
    "prepareStackTrace",
];

/// Property names builtins call on their own (conversions, `JSON.stringify`, promise
/// resolution, old `util.inspect`): never defined by the code.
const IMPLICIT_CALLS: &[&str] = &["toString", "valueOf", "toJSON", "then", "inspect"];

/// Every name that is a method of a builtin prototype a value can reach (Node 20, listed
/// from the runtime, and what ECMAScript and Node added since): a static read of one may
/// be a function, so it is raw.
const BUILTIN_METHODS: &[&str] = &[
    "_checkModeProperty",
    "add",
    "anchor",
    "apply",
    "asciiSlice",
    "asciiWrite",
    "at",
    "base64Slice",
    "base64Write",
    "base64urlSlice",
    "base64urlWrite",
    "big",
    "bind",
    "blink",
    "bold",
    "call",
    "catch",
    "charAt",
    "charCodeAt",
    "clear",
    "codePointAt",
    "compare",
    "compile",
    "concat",
    "constructor",
    "copy",
    "copyWithin",
    "delete",
    "difference",
    "drop",
    "endsWith",
    "entries",
    "equals",
    "every",
    "exec",
    "fill",
    "filter",
    "finally",
    "find",
    "findIndex",
    "findLast",
    "findLastIndex",
    "fixed",
    "flat",
    "flatMap",
    "fontcolor",
    "fontsize",
    "forEach",
    "get",
    "getDate",
    "getDay",
    "getFullYear",
    "getHours",
    "getMilliseconds",
    "getMinutes",
    "getMonth",
    "getSeconds",
    "getTime",
    "getTimezoneOffset",
    "getUTCDate",
    "getUTCDay",
    "getUTCFullYear",
    "getUTCHours",
    "getUTCMilliseconds",
    "getUTCMinutes",
    "getUTCMonth",
    "getUTCSeconds",
    "getYear",
    "has",
    "hasOwnProperty",
    "hexSlice",
    "hexWrite",
    "includes",
    "indexOf",
    "inspect",
    "intersection",
    "isBlockDevice",
    "isCharacterDevice",
    "isDirectory",
    "isDisjointFrom",
    "isFIFO",
    "isFile",
    "isPrototypeOf",
    "isSocket",
    "isSubsetOf",
    "isSupersetOf",
    "isSymbolicLink",
    "isWellFormed",
    "italics",
    "join",
    "keys",
    "lastIndexOf",
    "latin1Slice",
    "latin1Write",
    "link",
    "localeCompare",
    "map",
    "match",
    "matchAll",
    "next",
    "normalize",
    "padEnd",
    "padStart",
    "pop",
    "propertyIsEnumerable",
    "push",
    "readBigInt64BE",
    "readBigInt64LE",
    "readBigUInt64BE",
    "readBigUInt64LE",
    "readBigUint64BE",
    "readBigUint64LE",
    "readDoubleBE",
    "readDoubleLE",
    "readFloatBE",
    "readFloatLE",
    "readInt16BE",
    "readInt16LE",
    "readInt32BE",
    "readInt32LE",
    "readInt8",
    "readIntBE",
    "readIntLE",
    "readUInt16BE",
    "readUInt16LE",
    "readUInt32BE",
    "readUInt32LE",
    "readUInt8",
    "readUIntBE",
    "readUIntLE",
    "readUint16BE",
    "readUint16LE",
    "readUint32BE",
    "readUint32LE",
    "readUint8",
    "readUintBE",
    "readUintLE",
    "reduce",
    "reduceRight",
    "repeat",
    "replace",
    "replaceAll",
    "resize",
    "return",
    "reverse",
    "search",
    "set",
    "setDate",
    "setFromBase64",
    "setFromHex",
    "setFullYear",
    "setHours",
    "setMilliseconds",
    "setMinutes",
    "setMonth",
    "setSeconds",
    "setTime",
    "setUTCDate",
    "setUTCFullYear",
    "setUTCHours",
    "setUTCMilliseconds",
    "setUTCMinutes",
    "setUTCMonth",
    "setUTCSeconds",
    "setYear",
    "shift",
    "slice",
    "small",
    "some",
    "sort",
    "splice",
    "split",
    "startsWith",
    "strike",
    "sub",
    "subarray",
    "substr",
    "substring",
    "sup",
    "swap16",
    "swap32",
    "swap64",
    "symmetricDifference",
    "take",
    "test",
    "then",
    "throw",
    "toArray",
    "toBase64",
    "toDateString",
    "toExponential",
    "toFixed",
    "toGMTString",
    "toHex",
    "toISOString",
    "toJSON",
    "toLocaleDateString",
    "toLocaleLowerCase",
    "toLocaleString",
    "toLocaleTimeString",
    "toLocaleUpperCase",
    "toLowerCase",
    "toPrecision",
    "toReversed",
    "toSorted",
    "toSpliced",
    "toString",
    "toTimeString",
    "toUTCString",
    "toUpperCase",
    "toWellFormed",
    "transfer",
    "transferToFixedLength",
    "trim",
    "trimEnd",
    "trimLeft",
    "trimRight",
    "trimStart",
    "ucs2Slice",
    "ucs2Write",
    "union",
    "unshift",
    "utf8Slice",
    "utf8Write",
    "valueOf",
    "values",
    "with",
    "write",
    "writeBigInt64BE",
    "writeBigInt64LE",
    "writeBigUInt64BE",
    "writeBigUInt64LE",
    "writeBigUint64BE",
    "writeBigUint64LE",
    "writeDoubleBE",
    "writeDoubleLE",
    "writeFloatBE",
    "writeFloatLE",
    "writeInt16BE",
    "writeInt16LE",
    "writeInt32BE",
    "writeInt32LE",
    "writeInt8",
    "writeIntBE",
    "writeIntLE",
    "writeUInt16BE",
    "writeUInt16LE",
    "writeUInt32BE",
    "writeUInt32LE",
    "writeUInt8",
    "writeUIntBE",
    "writeUIntLE",
    "writeUint16BE",
    "writeUint16LE",
    "writeUint32BE",
    "writeUint32LE",
    "writeUint8",
    "writeUintBE",
    "writeUintLE",
];

/// What an argument position takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arg {
    /// A value the callee only reads (prints, converts, compares, looks up): raw is fine.
    Any,
    /// A value the callee keeps (stores, returns as part of its result): never raw.
    Keep,
    /// A function the callee calls.
    Call(Cb),
    /// `replace`'s replacement: a callback, or a value that is not raw.
    Repl,
    /// `JSON.stringify`'s replacer: a callback, or a value that is not raw.
    Replacer,
}

/// How a builtin calls a callback: what its parameters receive, whether its result may
/// be raw (a predicate's is only tested; a mapper's is kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cb {
    /// `filter`, `find`, `some`, `every`: elements; the result is tested.
    Pred,
    /// `forEach`: elements; the result is dropped.
    Each,
    /// `map`, `flatMap`: elements; the result is kept.
    Map,
    /// `sort`: elements; the result is a number.
    Sort,
    /// `reduce`: elements and the accumulator; the result is kept.
    Reduce,
    /// `replace`: matched strings; the result is converted to a string.
    Replace,
    /// `JSON.parse`'s reviver: parsed data; the result is kept.
    Reviver,
    /// `JSON.stringify`'s replacer: the value's parts; the result is serialised.
    Stringify,
    /// `Array.from`'s mapper: the first argument's elements; the result is kept.
    From,
}

impl Cb {
    fn result_may_be_raw(self) -> bool {
        matches!(
            self,
            Cb::Pred | Cb::Each | Cb::Sort | Cb::Replace | Cb::Stringify
        )
    }
}

/// What a call returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Res {
    /// Fresh data (not raw).
    Plain,
    /// A number.
    Num,
    /// Raw when the receiver is.
    Receiver,
    /// Raw when the first argument is.
    Arg0,
}

#[derive(Clone, Copy, Debug)]
struct Sig {
    args: &'static [Arg],
    rest: Option<Arg>,
    res: Res,
}

const fn sig(args: &'static [Arg], rest: Option<Arg>, res: Res) -> Sig {
    Sig { args, rest, res }
}

/// A method called by its static name on a value, and whether it changes its receiver.
fn method(name: &str) -> Option<(Sig, bool)> {
    use Arg::*;
    let plain = sig(&[], Some(Any), Res::Receiver);
    Some(match name {
        "at" | "charAt" | "charCodeAt" | "codePointAt" | "endsWith" | "includes" | "indexOf"
        | "lastIndexOf" | "join" | "keys" | "values" | "entries" | "localeCompare" | "match"
        | "matchAll" | "normalize" | "padEnd" | "padStart" | "repeat" | "search" | "slice"
        | "split" | "startsWith" | "substring" | "substr" | "toLowerCase" | "toUpperCase"
        | "toLocaleLowerCase" | "toLocaleUpperCase" | "trim" | "trimStart" | "trimEnd"
        | "trimLeft" | "trimRight" | "toString" | "toFixed" | "toPrecision" | "toExponential"
        | "toLocaleString" | "valueOf" | "flat" | "has" | "get" | "test" | "exec"
        | "toISOString" | "toJSON" | "getTime" | "getFullYear" | "getMonth" | "getDate"
        | "getDay" | "getHours" | "getMinutes" | "getSeconds" | "getMilliseconds"
        | "getTimezoneOffset" | "getUTCFullYear" | "getUTCMonth" | "getUTCDate" | "getUTCDay"
        | "getUTCHours" | "getUTCMinutes" | "getUTCSeconds" | "toDateString" | "toTimeString"
        | "toLocaleDateString" | "toLocaleTimeString" | "toUTCString" | "isFile"
        | "isDirectory" | "isSymbolicLink" | "hasOwnProperty" | "toReversed" | "subarray"
        | "equals" | "isWellFormed" | "toWellFormed" | "next" => (plain, false),
        "map" | "flatMap" => (sig(&[Call(Cb::Map)], None, Res::Receiver), false),
        "filter" | "find" | "findIndex" | "findLast" | "findLastIndex" | "some" | "every" => {
            (sig(&[Call(Cb::Pred)], None, Res::Receiver), false)
        }
        "forEach" => (sig(&[Call(Cb::Each)], None, Res::Receiver), false),
        "reduce" | "reduceRight" => (sig(&[Call(Cb::Reduce), Keep], None, Res::Receiver), false),
        "toSorted" => (sig(&[Call(Cb::Sort)], None, Res::Receiver), false),
        "replace" | "replaceAll" => (sig(&[Any, Repl], None, Res::Receiver), false),
        "concat" => (sig(&[], Some(Keep), Res::Receiver), false),
        "with" => (sig(&[Any, Keep], None, Res::Receiver), false),
        "toSpliced" => (sig(&[Any, Any], Some(Keep), Res::Receiver), false),
        "sort" => (sig(&[Call(Cb::Sort)], None, Res::Receiver), true),
        "push" | "unshift" => (sig(&[], Some(Keep), Res::Plain), true),
        "pop" | "shift" | "reverse" | "clear" => (sig(&[], None, Res::Receiver), true),
        "splice" => (sig(&[Any, Any], Some(Keep), Res::Receiver), true),
        "fill" => (sig(&[Keep, Any, Any], None, Res::Receiver), true),
        "set" => (sig(&[Keep, Keep], None, Res::Receiver), true),
        "add" => (sig(&[Keep], None, Res::Receiver), true),
        "delete" => (sig(&[Any], None, Res::Plain), true),
        _ => return None,
    })
}

/// The names of `Math`'s functions.
const MATH_FUNCTIONS: &[&str] = &[
    "abs", "ceil", "floor", "round", "trunc", "sign", "max", "min", "pow", "sqrt", "cbrt", "log",
    "log2", "log10", "log1p", "exp", "expm1", "random", "hypot", "sin", "cos", "tan", "asin",
    "acos", "atan", "atan2", "sinh", "cosh", "tanh", "fround", "clz32", "imul",
];

/// A listed function of a global object, by its static path (`JSON.parse`), or a free one
/// (`parseInt`).
fn global_function(path: &str) -> Option<Sig> {
    use Arg::*;
    if let Some(f) = path.strip_prefix("Math.") {
        return MATH_FUNCTIONS
            .contains(&f)
            .then_some(sig(&[], Some(Any), Res::Num));
    }
    Some(match path {
        "JSON.parse" => sig(&[Any, Call(Cb::Reviver)], None, Res::Plain),
        "JSON.stringify" => sig(&[Any, Replacer, Any], None, Res::Plain),
        "Object.keys" => sig(&[Any], None, Res::Plain),
        "Object.values" | "Object.entries" => sig(&[Any], None, Res::Arg0),
        "Object.fromEntries" => sig(&[Keep], None, Res::Plain),
        "Object.assign" => sig(&[], Some(Keep), Res::Plain),
        "Object.hasOwn" | "Object.is" => sig(&[Any, Any], None, Res::Plain),
        "Array.isArray" => sig(&[Any], None, Res::Plain),
        "Array.from" => sig(&[Any, Call(Cb::From)], None, Res::Arg0),
        "Array.of" => sig(&[], Some(Keep), Res::Plain),
        "Number.isInteger" | "Number.isFinite" | "Number.isNaN" | "Number.isSafeInteger" => {
            sig(&[Any], None, Res::Plain)
        }
        "Number.parseInt" | "Number.parseFloat" => sig(&[Any, Any], None, Res::Num),
        "String.fromCharCode" | "String.fromCodePoint" => sig(&[], Some(Any), Res::Plain),
        "Date.now" => sig(&[], None, Res::Num),
        "Date.parse" => sig(&[Any], None, Res::Num),
        "Date.UTC" => sig(&[], Some(Any), Res::Num),
        "console.log" | "console.error" | "console.warn" | "console.info" | "console.debug"
        | "console.table" | "console.dir" => sig(&[], Some(Any), Res::Plain),
        "process.stdout.write" | "process.stderr.write" => sig(&[Any, Any], None, Res::Plain),
        "process.exit" => sig(&[Any], None, Res::Plain),
        "process.cwd" => sig(&[], None, Res::Plain),
        "process.uptime" => sig(&[], None, Res::Num),
        "Buffer.from" => sig(&[Any, Any], None, Res::Plain),
        "Buffer.byteLength" => sig(&[Any, Any], None, Res::Num),
        "Buffer.isBuffer" => sig(&[Any], None, Res::Plain),
        "Buffer.concat" => sig(&[Keep, Any], None, Res::Plain),
        "parseInt" => sig(&[Any, Any], None, Res::Num),
        "parseFloat" | "Number" => sig(&[Any], None, Res::Num),
        "isNaN" | "isFinite" | "String" | "Boolean" | "encodeURIComponent"
        | "decodeURIComponent" | "encodeURI" | "decodeURI" => sig(&[Any], None, Res::Plain),
        "path.join" | "path.resolve" | "path.dirname" | "path.basename" | "path.extname"
        | "path.relative" | "path.normalize" | "path.isAbsolute" | "path.parse" => {
            sig(&[], Some(Any), Res::Plain)
        }
        "os.homedir" | "os.tmpdir" | "os.platform" | "os.type" | "os.arch" | "os.release"
        | "os.hostname" | "os.cpus" | "os.totalmem" | "os.freemem" | "os.uptime"
        | "os.endianness" => sig(&[], None, Res::Plain),
        _ => return None,
    })
}

/// Listed values of global objects and modules, by static path.
fn global_value(path: &str) -> Option<bool> {
    // `Some(numeric)`.
    Some(match path {
        "Math.PI"
        | "Math.E"
        | "Math.LN2"
        | "Math.LN10"
        | "Math.LOG2E"
        | "Math.LOG10E"
        | "Math.SQRT2"
        | "Math.SQRT1_2"
        | "Number.MAX_SAFE_INTEGER"
        | "Number.MIN_SAFE_INTEGER"
        | "Number.EPSILON"
        | "Number.MAX_VALUE"
        | "Number.MIN_VALUE"
        | "Number.POSITIVE_INFINITY"
        | "Number.NEGATIVE_INFINITY"
        | "Number.NaN" => true,
        "process.argv" | "process.platform" | "process.version" | "process.arch"
        | "process.pid" | "path.sep" | "path.delimiter" | "os.EOL" => false,
        _ => return None,
    })
}

/// Constructors `new` may name, with their arguments.
fn constructor(name: &str) -> Option<Sig> {
    use Arg::*;
    Some(match name {
        "Map" | "Set" => sig(&[Keep], None, Res::Plain),
        "Date" => sig(&[], Some(Any), Res::Plain),
        "Error" | "TypeError" | "RangeError" | "SyntaxError" => sig(&[Any, Keep], None, Res::Plain),
        _ => return None,
    })
}

/// Constructors `instanceof` may test against.
const INSTANCEOF: &[&str] = &[
    "Array",
    "Object",
    "String",
    "Number",
    "Boolean",
    "Map",
    "Set",
    "Date",
    "RegExp",
    "Error",
    "TypeError",
    "RangeError",
    "SyntaxError",
    "Buffer",
];

/// Free functions and `Math` functions a builtin may be handed as a callback (they only
/// convert or compute).
const CONVERTERS: &[&str] = &["String", "Number", "Boolean", "parseInt", "parseFloat"];

/// How a name is bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Const,
    Let,
    Var,
    Param,
    Catch,
    Function,
}

/// What a binding holds, when its declaration decides it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Holds {
    Data,
    /// A function of the code's own (the function node's id).
    Function(usize),
    /// `const fs = require('fs')`: the literal `require` was given.
    Module(String),
    /// `const { readFileSync } = require('fs')`: module, member.
    ModuleMember(String, String),
}

struct Binding<'t> {
    kind: Kind,
    holds: Holds,
    /// A `const` bound to an expression: where a literal path may come from.
    init: Option<Node<'t>>,
}

#[derive(Default)]
struct Scope {
    names: HashMap<String, usize>,
    function: bool,
}

/// A value's kind, as far as the grammar needs it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Val {
    /// May be anything an object inherits (see the module docs).
    raw: bool,
    /// A number, boolean, `null` or `undefined`: a key that names no inherited property.
    num: bool,
}

const DATA: Val = Val {
    raw: false,
    num: false,
};
const NUM: Val = Val {
    raw: false,
    num: true,
};

/// Judge inline JavaScript: `Ok` with what it reads and writes when it is inside the
/// grammar, else why not.
pub fn judge(code: &str) -> Result<Pure, String> {
    if code.len() > MAX_CODE {
        return Err(format!("is longer than {MAX_CODE} bytes"));
    }
    if code.contains(['\u{2028}', '\u{2029}']) {
        return Err("holds a Unicode line separator".into());
    }
    // V8 reads `<!--` anywhere and `-->` at a line's start as a comment to the end of the
    // line (a script's HTML-like comments); tree-sitter reads them as operators, and the
    // next line would join what V8 keeps.
    if code.contains("<!--") || code.contains("-->") {
        return Err("uses an HTML-like comment".into());
    }
    let mut parser = Parser::new();
    parser
        .set_language(&tree_sitter_javascript::LANGUAGE.into())
        .map_err(|e| format!("the JavaScript grammar did not load ({e})"))?;
    let tree = parser
        .parse(code, None)
        .ok_or_else(|| "does not parse".to_string())?;
    let root = tree.root_node();
    if root.has_error() {
        return Err("does not parse as JavaScript".into());
    }
    let mut j = Judge {
        src: code,
        nodes: 0,
        scopes: Vec::new(),
        scope_of: HashMap::new(),
        bindings: Vec::new(),
        refs: HashMap::new(),
        params: HashMap::new(),
        raw: Vec::new(),
        num: Vec::new(),
        returns: Vec::new(),
        pure: Pure::default(),
    };
    let mut stack = Vec::new();
    j.declare(root, &mut stack, 0)?;
    let mut stack = Vec::new();
    j.nodes = 0;
    j.resolve(root, &mut stack, 0)?;
    for _ in 0..MAX_ROUNDS {
        let before = (j.raw.clone(), j.num.clone());
        j.pure = Pure::default();
        j.nodes = 0;
        j.returns.clear();
        j.statements(root, 0)?;
        if (j.raw.clone(), j.num.clone()) == before {
            return Ok(std::mem::take(&mut j.pure));
        }
    }
    Err("passes values through too many names to follow".into())
}

struct Judge<'t> {
    src: &'t str,
    nodes: usize,
    scopes: Vec<Scope>,
    /// Scope node id → scope.
    scope_of: HashMap<usize, usize>,
    bindings: Vec<Binding<'t>>,
    /// Identifier node id → the binding it names (absent: a free name).
    refs: HashMap<usize, usize>,
    /// Function node id → the bindings of its parameters.
    params: HashMap<usize, Vec<usize>>,
    /// Per binding: may it hold a raw value?
    raw: Vec<bool>,
    /// Per binding: does it only ever hold numbers (booleans, null, undefined)?
    num: Vec<bool>,
    /// The functions being judged, innermost last: may each return a raw value?
    returns: Vec<bool>,
    pure: Pure,
}

fn named_children<'t>(n: Node<'t>) -> Vec<Node<'t>> {
    let mut c = n.walk();
    n.named_children(&mut c)
        .filter(|k| k.kind() != "comment")
        .collect()
}

fn unparen(mut n: Node) -> Node {
    while n.kind() == "parenthesized_expression" {
        match named_children(n).as_slice() {
            [inner] => n = *inner,
            _ => break,
        }
    }
    n
}

fn is_function_literal(n: Node) -> bool {
    matches!(n.kind(), "arrow_function" | "function_expression")
}

/// A property name the code may read or write.
fn property(name: &str) -> Result<(), String> {
    if name.contains('\\') {
        return Err("spells a property name with escapes".into());
    }
    if name.starts_with("__") || REFUSED_PROPERTIES.contains(&name) {
        return Err(format!("uses the property {name}"));
    }
    Ok(())
}

/// A property name the code may define (an object literal's key, an assignment's).
fn defined(name: &str) -> Result<(), String> {
    property(name)?;
    if IMPLICIT_CALLS.contains(&name) {
        return Err(format!("defines {name}, which builtins call on their own"));
    }
    Ok(())
}

impl<'t> Judge<'t> {
    fn text(&self, n: Node) -> &'t str {
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

    // -----------------------------------------------------------------------------------
    // Scopes: every declaration, in the scope JavaScript gives it.

    fn open(&mut self, n: Node, function: bool) -> usize {
        let s = self.scopes.len();
        self.scopes.push(Scope {
            names: HashMap::new(),
            function,
        });
        self.scope_of.insert(n.id(), s);
        s
    }

    fn add(
        &mut self,
        scope: usize,
        n: Node<'t>,
        kind: Kind,
        holds: Holds,
    ) -> Result<usize, String> {
        let name = self.text(n).to_string();
        if name.contains('\\') {
            return Err("spells a name with escapes".into());
        }
        if RESERVED.contains(&name.as_str())
            || ROOTS.contains(&name.as_str())
            || FREE_FUNCTIONS.contains(&name.as_str())
            || INSTANCEOF.contains(&name.as_str())
        {
            return Err(format!(
                "declares {name}, a name the grammar reads as the runtime's"
            ));
        }
        if let Some(&b) = self.scopes[scope].names.get(&name) {
            if kind == Kind::Var && self.bindings[b].kind == Kind::Var {
                return Ok(b);
            }
            return Err(format!("declares {name} twice"));
        }
        let b = self.bindings.len();
        self.bindings.push(Binding {
            kind,
            holds,
            init: None,
        });
        self.raw.push(false);
        self.num.push(false);
        self.scopes[scope].names.insert(name, b);
        Ok(b)
    }

    fn function_scope(&self, stack: &[usize]) -> usize {
        stack
            .iter()
            .rev()
            .copied()
            .find(|s| self.scopes[*s].function)
            .unwrap_or(0)
    }

    fn declare(&mut self, n: Node<'t>, stack: &mut Vec<usize>, depth: usize) -> Result<(), String> {
        self.count(depth)?;
        match n.kind() {
            "program" => {
                let s = self.open(n, true);
                stack.push(s);
                self.declare_children(n, stack, depth)?;
                stack.pop();
            }
            "function_declaration" => {
                let top = *stack.last().ok_or("a function outside the program")?;
                // Only at the top of the program or of a function's body: a declaration in
                // a block is scoped by sloppy mode's own rules.
                let placed = n.parent().is_some_and(|p| {
                    p.kind() == "program"
                        || (p.kind() == "statement_block"
                            && p.parent().is_some_and(|f| {
                                matches!(
                                    f.kind(),
                                    "function_declaration"
                                        | "function_expression"
                                        | "arrow_function"
                                )
                            }))
                });
                if !placed || !self.scopes[top].function {
                    return Err("declares a function inside a block".into());
                }
                let name = n
                    .child_by_field_name("name")
                    .ok_or("a function without a name")?;
                self.add(top, name, Kind::Function, Holds::Function(n.id()))?;
                self.function(n, stack, depth)?;
            }
            "arrow_function" | "function_expression" => {
                if n.child_by_field_name("name").is_some() {
                    return Err("names a function expression".into());
                }
                self.function(n, stack, depth)?;
            }
            "statement_block" | "for_statement" | "for_in_statement" | "switch_body"
            | "catch_clause" => {
                let s = self.open(n, false);
                stack.push(s);
                if n.kind() == "catch_clause" {
                    if let Some(p) = n.child_by_field_name("parameter") {
                        let mut out = Vec::new();
                        self.declare_pattern(p, s, Kind::Catch, stack, depth, &mut out)?;
                    }
                    if let Some(body) = n.child_by_field_name("body") {
                        // The body's declarations share the clause's scope.
                        self.declare_children(body, stack, depth)?;
                    }
                } else if n.kind() == "for_in_statement" && n.child_by_field_name("kind").is_some()
                {
                    let kind = n
                        .child_by_field_name("kind")
                        .map(|k| self.text(k))
                        .unwrap_or("");
                    let (k, scope) = match kind {
                        "var" => (Kind::Var, self.function_scope(stack)),
                        "let" => (Kind::Let, s),
                        "const" => (Kind::Const, s),
                        other => return Err(format!("declares with {other}")),
                    };
                    let left = n
                        .child_by_field_name("left")
                        .ok_or("for without a target")?;
                    let mut out = Vec::new();
                    self.declare_pattern(left, scope, k, stack, depth, &mut out)?;
                    for c in named_children(n) {
                        if c.id() != left.id() {
                            self.declare(c, stack, depth + 1)?;
                        }
                    }
                } else {
                    self.declare_children(n, stack, depth)?;
                }
                stack.pop();
            }
            "lexical_declaration" | "variable_declaration" => {
                let kind = match n.child_by_field_name("kind").map(|k| self.text(k)) {
                    Some("let") => Kind::Let,
                    Some("const") => Kind::Const,
                    _ if n.kind() == "variable_declaration" => Kind::Var,
                    other => return Err(format!("declares with {}", other.unwrap_or("?"))),
                };
                let scope = if kind == Kind::Var {
                    self.function_scope(stack)
                } else {
                    *stack.last().ok_or("a declaration outside the program")?
                };
                for d in named_children(n) {
                    if d.kind() != "variable_declarator" {
                        return Err(format!("declares with {}", d.kind()));
                    }
                    let name = d
                        .child_by_field_name("name")
                        .ok_or("a declarator without a name")?;
                    let value = d.child_by_field_name("value");
                    let required = value.and_then(|v| self.required(v));
                    match name.kind() {
                        "identifier" => {
                            let holds = match (kind, value.map(unparen)) {
                                (Kind::Const, Some(v)) if is_function_literal(v) => {
                                    Holds::Function(v.id())
                                }
                                (Kind::Const, Some(_)) if required.is_some() => {
                                    Holds::Module(required.clone().unwrap_or_default())
                                }
                                _ => Holds::Data,
                            };
                            let b = self.add(scope, name, kind, holds)?;
                            // A plain declarator holds only numbers until shown otherwise.
                            self.num[b] = true;
                            if kind == Kind::Const {
                                self.bindings[b].init = value;
                            }
                        }
                        "object_pattern" if kind == Kind::Const && required.is_some() => {
                            let m = required.clone().unwrap_or_default();
                            for p in named_children(name) {
                                let (key, local) = match p.kind() {
                                    "shorthand_property_identifier_pattern" => (p, p),
                                    "pair_pattern" => {
                                        let k = p.child_by_field_name("key").ok_or("a pattern")?;
                                        let v =
                                            p.child_by_field_name("value").ok_or("a pattern")?;
                                        if k.kind() != "property_identifier"
                                            || v.kind() != "identifier"
                                        {
                                            return Err("destructures a module oddly".into());
                                        }
                                        (k, v)
                                    }
                                    k => return Err(format!("destructures a module with {k}")),
                                };
                                let member = self.text(key).to_string();
                                self.add(
                                    scope,
                                    local,
                                    kind,
                                    Holds::ModuleMember(m.clone(), member),
                                )?;
                            }
                        }
                        "object_pattern" | "array_pattern" => {
                            let mut out = Vec::new();
                            self.declare_pattern(name, scope, kind, stack, depth, &mut out)?;
                        }
                        k => return Err(format!("declares a {k}")),
                    }
                    if let Some(v) = value {
                        self.declare(v, stack, depth + 1)?;
                    }
                }
            }
            _ => self.declare_children(n, stack, depth)?,
        }
        Ok(())
    }

    fn declare_children(
        &mut self,
        n: Node<'t>,
        stack: &mut Vec<usize>,
        depth: usize,
    ) -> Result<(), String> {
        for c in named_children(n) {
            self.declare(c, stack, depth + 1)?;
        }
        Ok(())
    }

    /// A function's own scope: its parameters, and its body's declarations.
    fn function(
        &mut self,
        n: Node<'t>,
        stack: &mut Vec<usize>,
        depth: usize,
    ) -> Result<(), String> {
        let s = self.open(n, true);
        stack.push(s);
        let mut params = Vec::new();
        if let Some(p) = n.child_by_field_name("parameter") {
            params.push(self.add(s, p, Kind::Param, Holds::Data)?);
        }
        if let Some(ps) = n.child_by_field_name("parameters") {
            for p in named_children(ps) {
                self.declare_pattern(p, s, Kind::Param, stack, depth, &mut params)?;
            }
        }
        self.params.insert(n.id(), params);
        if let Some(body) = n.child_by_field_name("body") {
            if body.kind() == "statement_block" {
                self.declare_children(body, stack, depth)?;
            } else {
                self.declare(body, stack, depth + 1)?;
            }
        }
        stack.pop();
        Ok(())
    }

    /// The names a binding pattern declares (and the declarations inside its defaults).
    fn declare_pattern(
        &mut self,
        p: Node<'t>,
        scope: usize,
        kind: Kind,
        stack: &mut Vec<usize>,
        depth: usize,
        out: &mut Vec<usize>,
    ) -> Result<(), String> {
        self.count(depth)?;
        match p.kind() {
            "identifier" | "shorthand_property_identifier_pattern" => {
                out.push(self.add(scope, p, kind, Holds::Data)?);
            }
            "object_pattern" | "array_pattern" | "rest_pattern" => {
                for c in named_children(p) {
                    self.declare_pattern(c, scope, kind, stack, depth + 1, out)?;
                }
            }
            "pair_pattern" => {
                if let Some(k) = p.child_by_field_name("key") {
                    self.declare(k, stack, depth + 1)?;
                }
                let v = p
                    .child_by_field_name("value")
                    .ok_or("a pattern without a value")?;
                self.declare_pattern(v, scope, kind, stack, depth + 1, out)?;
            }
            "assignment_pattern" | "object_assignment_pattern" => {
                let l = p
                    .child_by_field_name("left")
                    .ok_or("a pattern without a target")?;
                self.declare_pattern(l, scope, kind, stack, depth + 1, out)?;
                if let Some(r) = p.child_by_field_name("right") {
                    self.declare(r, stack, depth + 1)?;
                }
            }
            k => return Err(format!("binds a {k}")),
        }
        Ok(())
    }

    /// `require('m')`: the literal it is given.
    fn required(&self, v: Node) -> Option<String> {
        let v = unparen(v);
        if v.kind() != "call_expression" {
            return None;
        }
        let f = v.child_by_field_name("function")?;
        if f.kind() != "identifier" || self.text(f) != "require" {
            return None;
        }
        let args = v.child_by_field_name("arguments")?;
        if args.kind() != "arguments" {
            return None;
        }
        match named_children(args).as_slice() {
            [a] => self.literal(*a),
            _ => None,
        }
    }

    /// Every identifier, resolved to the binding in scope where it is.
    fn resolve(&mut self, n: Node<'t>, stack: &mut Vec<usize>, depth: usize) -> Result<(), String> {
        self.count(depth)?;
        if n.kind() == "html_comment" {
            // Read as a comment by tree-sitter and by V8 in a script, as code in a module.
            return Err("uses an HTML-like comment".into());
        }
        let pushed = match self.scope_of.get(&n.id()) {
            Some(&s) => {
                stack.push(s);
                true
            }
            None => false,
        };
        if matches!(
            n.kind(),
            "identifier"
                | "shorthand_property_identifier"
                | "shorthand_property_identifier_pattern"
        ) {
            let name = self.text(n);
            if let Some(b) = stack
                .iter()
                .rev()
                .find_map(|s| self.scopes[*s].names.get(name).copied())
            {
                self.refs.insert(n.id(), b);
            }
        }
        for c in named_children(n) {
            self.resolve(c, stack, depth + 1)?;
        }
        if pushed {
            stack.pop();
        }
        Ok(())
    }

    fn binding(&self, n: Node) -> Option<usize> {
        self.refs.get(&n.id()).copied()
    }

    /// Record that binding `b` may hold `v`.
    fn holds(&mut self, b: usize, v: Val) {
        if v.raw {
            self.raw[b] = true;
        }
        if !v.num {
            self.num[b] = false;
        }
    }

    // -----------------------------------------------------------------------------------
    // Statements.

    fn statements(&mut self, n: Node<'t>, depth: usize) -> Result<(), String> {
        for c in named_children(n) {
            self.statement(c, depth + 1)?;
        }
        Ok(())
    }

    fn statement(&mut self, n: Node<'t>, depth: usize) -> Result<(), String> {
        self.count(depth)?;
        match n.kind() {
            "expression_statement" => {
                for c in named_children(n) {
                    self.expr(c, depth + 1)?;
                }
                Ok(())
            }
            "lexical_declaration" | "variable_declaration" => self.declaration(n, depth),
            "function_declaration" => self.function_literal(n, false, false, depth),
            "statement_block" => self.statements(n, depth),
            "if_statement" => {
                let c = n
                    .child_by_field_name("condition")
                    .ok_or("if without a condition")?;
                self.expr(c, depth + 1)?;
                let t = n
                    .child_by_field_name("consequence")
                    .ok_or("if without a body")?;
                self.statement(t, depth + 1)?;
                if let Some(e) = n.child_by_field_name("alternative") {
                    self.statements(e, depth + 1)?;
                }
                Ok(())
            }
            "for_statement" => {
                for f in ["initializer", "condition"] {
                    if let Some(c) = n.child_by_field_name(f) {
                        if matches!(
                            c.kind(),
                            "lexical_declaration"
                                | "variable_declaration"
                                | "expression_statement"
                                | "empty_statement"
                        ) {
                            self.statement(c, depth + 1)?;
                        } else {
                            self.expr(c, depth + 1)?;
                        }
                    }
                }
                if let Some(c) = n.child_by_field_name("increment") {
                    self.expr(c, depth + 1)?;
                }
                let body = n.child_by_field_name("body").ok_or("for without a body")?;
                self.statement(body, depth + 1)
            }
            "for_in_statement" => self.for_in(n, depth),
            "while_statement" => {
                let c = n
                    .child_by_field_name("condition")
                    .ok_or("while without a condition")?;
                self.expr(c, depth + 1)?;
                let body = n
                    .child_by_field_name("body")
                    .ok_or("while without a body")?;
                self.statement(body, depth + 1)
            }
            "do_statement" => {
                let body = n.child_by_field_name("body").ok_or("do without a body")?;
                self.statement(body, depth + 1)?;
                let c = n
                    .child_by_field_name("condition")
                    .ok_or("do without a condition")?;
                self.expr(c, depth + 1).map(|_| ())
            }
            "try_statement" => {
                let body = n.child_by_field_name("body").ok_or("try without a body")?;
                self.statements(body, depth + 1)?;
                if let Some(h) = n.child_by_field_name("handler") {
                    if let Some(p) = h.child_by_field_name("parameter") {
                        self.pattern(p, DATA, depth + 1)?;
                    }
                    let body = h
                        .child_by_field_name("body")
                        .ok_or("catch without a body")?;
                    self.statements(body, depth + 1)?;
                }
                if let Some(f) = n.child_by_field_name("finalizer") {
                    let body = f
                        .child_by_field_name("body")
                        .ok_or("finally without a body")?;
                    self.statements(body, depth + 1)?;
                }
                Ok(())
            }
            "return_statement" => {
                let Some(&may_be_raw) = self.returns.last() else {
                    return Err("returns outside a function".into());
                };
                if let Some(v) = named_children(n).first() {
                    let v = self.expr(*v, depth + 1)?;
                    if v.raw && !may_be_raw {
                        return Err(raw_kept("returns"));
                    }
                }
                Ok(())
            }
            "throw_statement" => {
                for c in named_children(n) {
                    self.keep(c, depth + 1, "throws")?;
                }
                Ok(())
            }
            "break_statement" | "continue_statement" => {
                if n.child_by_field_name("label").is_some() {
                    return Err("jumps to a label".into());
                }
                Ok(())
            }
            "switch_statement" => {
                let v = n
                    .child_by_field_name("value")
                    .ok_or("switch without a value")?;
                self.expr(v, depth + 1)?;
                let body = n
                    .child_by_field_name("body")
                    .ok_or("switch without a body")?;
                for case in named_children(body) {
                    match case.kind() {
                        "switch_case" | "switch_default" => {
                            if let Some(v) = case.child_by_field_name("value") {
                                self.expr(v, depth + 2)?;
                            }
                            let mut c = case.walk();
                            let body: Vec<Node> =
                                case.children_by_field_name("body", &mut c).collect();
                            for s in body {
                                self.statement(s, depth + 2)?;
                            }
                        }
                        k => return Err(format!("uses {k} in a switch")),
                    }
                }
                Ok(())
            }
            "empty_statement" | "hash_bang_line" => Ok(()),
            "class_declaration" => Err("defines a class".into()),
            "import_statement" | "export_statement" => Err("imports or exports a module".into()),
            "labeled_statement" => Err("uses a label".into()),
            "with_statement" => Err("uses with".into()),
            "generator_function_declaration" => Err("defines a generator".into()),
            "html_comment" => Err("uses an HTML-like comment".into()),
            k => Err(format!("uses {}", k.replace('_', " "))),
        }
    }

    fn declaration(&mut self, n: Node<'t>, depth: usize) -> Result<(), String> {
        for d in named_children(n) {
            let name = d
                .child_by_field_name("name")
                .ok_or("a declarator without a name")?;
            let value = d.child_by_field_name("value");
            if name.kind() == "identifier" {
                let b = self
                    .binding(name)
                    .ok_or("a declaration that did not resolve")?;
                match self.bindings[b].holds.clone() {
                    Holds::Function(_) => {
                        let f = value.map(unparen).ok_or("a function without a body")?;
                        self.function_literal(f, false, false, depth + 1)?;
                    }
                    Holds::Module(m) => {
                        self.module(&m)?;
                    }
                    Holds::ModuleMember(..) => return Err("binds a module member oddly".into()),
                    Holds::Data => {
                        if let Some(v) = value {
                            let v = self.expr(v, depth + 1)?;
                            self.holds(b, v);
                        }
                    }
                }
                continue;
            }
            let module = value.and_then(|v| self.required(v));
            match (name.kind(), module) {
                ("object_pattern", Some(m))
                    if self
                        .bindings_of(name)
                        .iter()
                        .all(|b| matches!(self.bindings[*b].holds, Holds::ModuleMember(..))) =>
                {
                    let m = self.module(&m)?;
                    for b in self.bindings_of(name) {
                        if let Holds::ModuleMember(_, member) = &self.bindings[b].holds {
                            let path = format!("{m}.{member}");
                            if !module_function(&path) {
                                return Err(format!("uses {path}"));
                            }
                        }
                    }
                }
                _ => {
                    let v = match value {
                        Some(v) => self.expr(v, depth + 1)?,
                        None => DATA,
                    };
                    self.pattern(name, v, depth + 1)?;
                }
            }
        }
        Ok(())
    }

    /// The bindings a module destructuring declares.
    fn bindings_of(&self, pattern: Node) -> Vec<usize> {
        named_children(pattern)
            .into_iter()
            .filter_map(|p| match p.kind() {
                "shorthand_property_identifier_pattern" => self.binding(p),
                "pair_pattern" => p.child_by_field_name("value").and_then(|v| self.binding(v)),
                _ => None,
            })
            .collect()
    }

    /// A module `require` may load: its canonical name.
    fn module(&mut self, m: &str) -> Result<&'static str, String> {
        let (_, canonical) = MODULES
            .iter()
            .find(|(name, _)| *name == m)
            .ok_or_else(|| format!("requires {m}"))?;
        if !self.pure.modules.iter().any(|x| x == canonical) {
            self.pure.modules.push((*canonical).to_string());
        }
        Ok(canonical)
    }

    fn for_in(&mut self, n: Node<'t>, depth: usize) -> Result<(), String> {
        let mut c = n.walk();
        if n.children(&mut c).any(|k| k.kind() == "await") {
            return Err("awaits".into());
        }
        let right = n
            .child_by_field_name("right")
            .ok_or("for without a source")?;
        let r = self.expr(right, depth + 1)?;
        let of = n
            .child_by_field_name("operator")
            .is_some_and(|o| self.text(o) == "of");
        // `for…of` yields the elements (raw when the source is); `for…in` yields key strings.
        let each = Val {
            raw: of && r.raw,
            num: false,
        };
        if n.child_by_field_name("value").is_some() {
            return Err("initialises a for-in target".into());
        }
        let left = n
            .child_by_field_name("left")
            .ok_or("for without a target")?;
        if n.child_by_field_name("kind").is_some() {
            self.pattern(left, each, depth + 1)?;
        } else {
            self.target(left, each, depth + 1)?;
        }
        let body = n.child_by_field_name("body").ok_or("for without a body")?;
        self.statement(body, depth + 1)
    }

    /// A binding pattern given a value: each name it binds may hold what it reads.
    fn pattern(&mut self, p: Node<'t>, v: Val, depth: usize) -> Result<(), String> {
        self.count(depth)?;
        let part = Val {
            raw: v.raw,
            num: false,
        };
        match p.kind() {
            "identifier" | "shorthand_property_identifier_pattern" => {
                if p.kind() == "shorthand_property_identifier_pattern" {
                    property(self.text(p))?;
                }
                let b = self.binding(p).ok_or("a binding that did not resolve")?;
                let raw = p.kind() == "shorthand_property_identifier_pattern"
                    && BUILTIN_METHODS.contains(&self.text(p));
                self.holds(
                    b,
                    Val {
                        raw: part.raw || raw,
                        num: v.num && p.kind() == "identifier",
                    },
                );
                Ok(())
            }
            "object_pattern" => {
                for c in named_children(p) {
                    match c.kind() {
                        "pair_pattern" => {
                            let k = c
                                .child_by_field_name("key")
                                .ok_or("a pattern without a key")?;
                            let raw = self.key(k, depth + 1)?;
                            let value = c.child_by_field_name("value").ok_or("a pattern")?;
                            self.pattern(
                                value,
                                Val {
                                    raw: part.raw || raw,
                                    num: false,
                                },
                                depth + 1,
                            )?;
                        }
                        "rest_pattern" => {
                            for r in named_children(c) {
                                self.pattern(r, part, depth + 1)?;
                            }
                        }
                        _ => self.pattern(c, part, depth + 1)?,
                    }
                }
                Ok(())
            }
            "array_pattern" | "rest_pattern" => {
                for c in named_children(p) {
                    self.pattern(c, part, depth + 1)?;
                }
                Ok(())
            }
            "assignment_pattern" | "object_assignment_pattern" => {
                let r = p
                    .child_by_field_name("right")
                    .ok_or("a default without a value")?;
                let d = self.expr(r, depth + 1)?;
                let l = p
                    .child_by_field_name("left")
                    .ok_or("a default without a target")?;
                self.pattern(
                    l,
                    Val {
                        raw: part.raw || d.raw,
                        num: false,
                    },
                    depth + 1,
                )
            }
            k => Err(format!("binds a {k}")),
        }
    }

    /// A destructuring key: whether what it reads is raw.
    fn key(&mut self, k: Node<'t>, depth: usize) -> Result<bool, String> {
        match k.kind() {
            "property_identifier" => {
                let name = self.text(k);
                property(name)?;
                Ok(BUILTIN_METHODS.contains(&name))
            }
            "string" => match self.literal(k) {
                Some(name) => {
                    property(&name)?;
                    Ok(BUILTIN_METHODS.contains(&name.as_str()))
                }
                None => Ok(true),
            },
            "number" => Ok(false),
            "computed_property_name" => {
                for c in named_children(k) {
                    self.expr(c, depth + 1)?;
                }
                Ok(true)
            }
            other => Err(format!("destructures by a {other}")),
        }
    }

    // -----------------------------------------------------------------------------------
    // Functions.

    /// A function of the code's own: its parameters, defaults and body. `returns_raw`:
    /// may it return a raw value; `params_raw`: may its parameters receive one.
    fn function_literal(
        &mut self,
        n: Node<'t>,
        returns_raw: bool,
        params_raw: bool,
        depth: usize,
    ) -> Result<(), String> {
        self.count(depth)?;
        let mut c = n.walk();
        if n.children(&mut c)
            .any(|k| matches!(k.kind(), "async" | "*"))
        {
            return Err("defines an async function or a generator".into());
        }
        if !matches!(
            n.kind(),
            "arrow_function" | "function_expression" | "function_declaration"
        ) {
            return Err(format!("uses a {}", n.kind().replace('_', " ")));
        }
        if params_raw {
            self.params_raw(n.id());
        }
        if let Some(ps) = n.child_by_field_name("parameters") {
            for p in named_children(ps) {
                self.pattern(p, DATA, depth + 1)?;
            }
        }
        let body = n
            .child_by_field_name("body")
            .ok_or("a function without a body")?;
        self.returns.push(returns_raw);
        let r = if body.kind() == "statement_block" {
            self.statements(body, depth + 1)
        } else {
            match self.expr(body, depth + 1) {
                Ok(v) if v.raw && !returns_raw => Err(raw_kept("returns")),
                Ok(_) => Ok(()),
                Err(e) => Err(e),
            }
        };
        self.returns.pop();
        r
    }

    fn params_raw(&mut self, function: usize) {
        if let Some(ps) = self.params.get(&function) {
            for &b in ps {
                self.raw[b] = true;
            }
        }
    }

    /// A callback handed to a builtin.
    fn callback(
        &mut self,
        a: Node<'t>,
        cb: Cb,
        params_raw: bool,
        depth: usize,
    ) -> Result<(), String> {
        let a = unparen(a);
        if is_function_literal(a) {
            return self.function_literal(a, cb.result_may_be_raw(), params_raw, depth + 1);
        }
        let converter = matches!(cb, Cb::Map | Cb::Pred | Cb::Each | Cb::From);
        match a.kind() {
            "identifier" => match self.binding(a) {
                Some(b) => match self.bindings[b].holds {
                    Holds::Function(f) => {
                        if params_raw {
                            self.params_raw(f);
                        }
                        Ok(())
                    }
                    _ => Err(format!(
                        "passes {} as a callback, which is not a function it defines",
                        self.text(a)
                    )),
                },
                None if converter && CONVERTERS.contains(&self.text(a)) => Ok(()),
                None => Err(format!("passes {} as a callback", self.text(a))),
            },
            "member_expression" if converter => match self.static_path(a)? {
                Some(p)
                    if p.strip_prefix("Math.")
                        .is_some_and(|f| MATH_FUNCTIONS.contains(&f)) =>
                {
                    Ok(())
                }
                _ => Err("passes a computed function as a callback".into()),
            },
            _ => Err("passes a computed function as a callback".into()),
        }
    }

    // -----------------------------------------------------------------------------------
    // Expressions.

    /// An expression whose value is kept: never raw.
    fn keep(&mut self, n: Node<'t>, depth: usize, how: &str) -> Result<Val, String> {
        let v = self.expr(n, depth)?;
        if v.raw {
            return Err(raw_kept(how));
        }
        Ok(v)
    }

    fn expr(&mut self, n: Node<'t>, depth: usize) -> Result<Val, String> {
        self.count(depth)?;
        match n.kind() {
            "identifier" | "shorthand_property_identifier" => self.name(n),
            "undefined" | "number" | "true" | "false" | "null" => Ok(NUM),
            "string" | "regex" => {
                if n.kind() == "string"
                    && named_children(n)
                        .iter()
                        .any(|c| !matches!(c.kind(), "string_fragment" | "escape_sequence"))
                {
                    return Err("uses an odd string".into());
                }
                Ok(DATA)
            }
            "template_string" => {
                for c in named_children(n) {
                    match c.kind() {
                        "string_fragment" | "escape_sequence" => {}
                        "template_substitution" => {
                            for e in named_children(c) {
                                self.expr(e, depth + 1)?;
                            }
                        }
                        k => return Err(format!("uses {k} in a template")),
                    }
                }
                Ok(DATA)
            }
            "parenthesized_expression" | "sequence_expression" => {
                let mut last = DATA;
                for c in named_children(n) {
                    last = self.expr(c, depth + 1)?;
                }
                Ok(last)
            }
            "member_expression" => self.member(n, depth),
            "subscript_expression" => self.subscript(n, depth),
            "call_expression" => self.call(n, depth),
            "new_expression" => self.construct(n, depth),
            "object" => self.object(n, depth),
            "array" => {
                for c in named_children(n) {
                    let c = if c.kind() == "spread_element" {
                        named_children(c)
                            .first()
                            .copied()
                            .ok_or("an empty spread")?
                    } else {
                        c
                    };
                    self.keep(c, depth + 1, "stores")?;
                }
                Ok(DATA)
            }
            "arrow_function" | "function_expression" => {
                Err("uses a function as a value (only as a callback)".into())
            }
            "assignment_expression" => {
                let r = n.child_by_field_name("right").ok_or("an assignment")?;
                let v = self.expr(r, depth + 1)?;
                let l = n.child_by_field_name("left").ok_or("an assignment")?;
                self.target(l, v, depth + 1)?;
                Ok(v)
            }
            "augmented_assignment_expression" => {
                let r = n.child_by_field_name("right").ok_or("an assignment")?;
                let r = self.expr(r, depth + 1)?;
                let l = n.child_by_field_name("left").ok_or("an assignment")?;
                let cur = self.expr(l, depth + 1)?;
                let op = n
                    .child_by_field_name("operator")
                    .map(|o| self.text(o))
                    .unwrap_or("");
                let stored = match op {
                    "||=" | "&&=" | "??=" => Val {
                        raw: cur.raw || r.raw,
                        num: cur.num && r.num,
                    },
                    "+=" => Val {
                        raw: false,
                        num: cur.num && r.num,
                    },
                    _ => NUM,
                };
                self.target(l, stored, depth + 1)?;
                Ok(stored)
            }
            "update_expression" => {
                let a = n.child_by_field_name("argument").ok_or("an update")?;
                self.expr(a, depth + 1)?;
                self.target(a, NUM, depth + 1)?;
                Ok(NUM)
            }
            "unary_expression" => {
                let op = n
                    .child_by_field_name("operator")
                    .map(|o| self.text(o))
                    .unwrap_or("");
                let a = n.child_by_field_name("argument").ok_or("a unary")?;
                match op {
                    "delete" => {
                        let t = unparen(a);
                        if !matches!(t.kind(), "member_expression" | "subscript_expression") {
                            return Err("deletes a name".into());
                        }
                        self.target(t, DATA, depth + 1)?;
                        Ok(NUM)
                    }
                    "typeof" => {
                        self.expr(a, depth + 1)?;
                        Ok(DATA)
                    }
                    "!" | "-" | "+" | "~" | "void" => {
                        self.expr(a, depth + 1)?;
                        Ok(NUM)
                    }
                    other => Err(format!("uses the operator {other}")),
                }
            }
            "binary_expression" => {
                let op = n
                    .child_by_field_name("operator")
                    .map(|o| self.text(o))
                    .unwrap_or("");
                let l = n.child_by_field_name("left").ok_or("a binary")?;
                let r = n.child_by_field_name("right").ok_or("a binary")?;
                if op == "instanceof" {
                    self.expr(l, depth + 1)?;
                    let r = unparen(r);
                    if r.kind() != "identifier"
                        || self.binding(r).is_some()
                        || !INSTANCEOF.contains(&self.text(r))
                    {
                        return Err("tests instanceof against a computed value".into());
                    }
                    return Ok(NUM);
                }
                let lv = self.expr(l, depth + 1)?;
                let rv = self.expr(r, depth + 1)?;
                Ok(match op {
                    "&&" | "||" | "??" => Val {
                        raw: lv.raw || rv.raw,
                        num: lv.num && rv.num,
                    },
                    "+" => Val {
                        raw: false,
                        num: lv.num && rv.num,
                    },
                    _ => NUM,
                })
            }
            "ternary_expression" => {
                let c = n.child_by_field_name("condition").ok_or("a ternary")?;
                self.expr(c, depth + 1)?;
                let a = n.child_by_field_name("consequence").ok_or("a ternary")?;
                let b = n.child_by_field_name("alternative").ok_or("a ternary")?;
                let a = self.expr(a, depth + 1)?;
                let b = self.expr(b, depth + 1)?;
                Ok(Val {
                    raw: a.raw || b.raw,
                    num: a.num && b.num,
                })
            }
            "this" => Err("uses this".into()),
            "super" => Err("uses super".into()),
            "await_expression" => Err("awaits".into()),
            "yield_expression" => Err("yields".into()),
            "class" => Err("defines a class".into()),
            "meta_property" => Err("uses new.target or import.meta".into()),
            "import" => Err("imports a module".into()),
            "generator_function" => Err("defines a generator".into()),
            "spread_element" => Err("spreads where the grammar does not follow it".into()),
            k if k.starts_with("jsx") => Err("uses JSX".into()),
            k => Err(format!("uses {}", k.replace('_', " "))),
        }
    }

    /// A name read as a value.
    fn name(&mut self, n: Node<'t>) -> Result<Val, String> {
        let name = self.text(n);
        match self.binding(n) {
            Some(b) => match self.bindings[b].holds {
                Holds::Data => Ok(Val {
                    raw: self.raw[b],
                    num: self.num[b],
                }),
                Holds::Function(_) => Err(format!(
                    "uses its function {name} as a value (only as a callee or callback)"
                )),
                Holds::Module(_) | Holds::ModuleMember(..) => {
                    Err(format!("uses the module binding {name} as a value"))
                }
            },
            None => match name {
                "undefined" | "NaN" | "Infinity" => Ok(NUM),
                "__dirname" | "__filename" => Ok(DATA),
                _ if ROOTS.contains(&name) || FREE_FUNCTIONS.contains(&name) => {
                    Err(format!("uses {name} as a value"))
                }
                _ => Err(format!("uses {name}")),
            },
        }
    }

    /// The dotted path of a member chain rooted at a global object or a module
    /// (`process.stdout.write`, `fs.readFileSync`, `require('os').homedir`), or `None`
    /// when it is rooted at a value.
    fn static_path(&mut self, n: Node<'t>) -> Result<Option<String>, String> {
        let mut names = Vec::new();
        let mut obj = unparen(n);
        while obj.kind() == "member_expression" {
            let p = obj
                .child_by_field_name("property")
                .ok_or("a member without a name")?;
            if p.kind() != "property_identifier" {
                return Err("uses a private name".into());
            }
            names.push(self.text(p).to_string());
            obj = unparen(
                obj.child_by_field_name("object")
                    .ok_or("a member without an object")?,
            );
        }
        names.reverse();
        let root = match obj.kind() {
            "identifier" => match self.binding(obj) {
                Some(b) => match self.bindings[b].holds.clone() {
                    Holds::Module(m) => self.module(&m)?.to_string(),
                    Holds::ModuleMember(m, member) => {
                        format!("{}.{member}", self.module(&m)?)
                    }
                    _ => return Ok(None),
                },
                None if ROOTS.contains(&self.text(obj)) => self.text(obj).to_string(),
                None => return Ok(None),
            },
            "call_expression" => match self.required(obj) {
                Some(m) => {
                    if let Some(args) = obj.child_by_field_name("arguments") {
                        for a in named_children(args) {
                            self.expr(a, 0)?;
                        }
                    }
                    self.module(&m)?.to_string()
                }
                None => return Ok(None),
            },
            _ => return Ok(None),
        };
        let mut path = root;
        for name in names {
            // What follows a listed value (`process.argv.length`) is read from that value.
            if global_value(&path).is_some() {
                return Ok(None);
            }
            path.push('.');
            path.push_str(&name);
        }
        Ok(Some(path))
    }

    /// `o.name` read as a value.
    fn member(&mut self, n: Node<'t>, depth: usize) -> Result<Val, String> {
        let p = n
            .child_by_field_name("property")
            .ok_or("a member without a name")?;
        if p.kind() != "property_identifier" {
            return Err("uses a private name".into());
        }
        let name = self.text(p);
        property(name)?;
        if let Some(path) = self.static_path(n)? {
            return match global_value(&path) {
                Some(true) => Ok(NUM),
                Some(false) => Ok(DATA),
                None => Err(format!("uses {path}")),
            };
        }
        let o = n
            .child_by_field_name("object")
            .ok_or("a member without an object")?;
        let o = self.expr(o, depth + 1)?;
        Ok(Val {
            raw: o.raw || BUILTIN_METHODS.contains(&name),
            num: false,
        })
    }

    /// `o[k]` read as a value.
    fn subscript(&mut self, n: Node<'t>, depth: usize) -> Result<Val, String> {
        let o = n
            .child_by_field_name("object")
            .ok_or("a subscript without an object")?;
        let ov = self.expr(o, depth + 1)?;
        let k = n
            .child_by_field_name("index")
            .ok_or("a subscript without a key")?;
        let raw = self.index(k, depth)?;
        Ok(Val {
            raw: ov.raw || raw,
            num: false,
        })
    }

    /// A subscript's key: whether what it reads is raw (any key but a literal name that
    /// is not a builtin method, a number, or an expression that is only ever a number).
    fn index(&mut self, k: Node<'t>, depth: usize) -> Result<bool, String> {
        let k = unparen(k);
        if matches!(k.kind(), "string" | "template_string") {
            if let Some(name) = self.literal(k) {
                property(&name)?;
                return Ok(BUILTIN_METHODS.contains(&name.as_str()));
            }
        }
        let v = self.expr(k, depth + 1)?;
        Ok(!v.num)
    }

    /// Where a value is stored: a name of the code's own, or a property of a value that
    /// is not raw (and never a raw value).
    fn target(&mut self, t: Node<'t>, v: Val, depth: usize) -> Result<(), String> {
        self.count(depth)?;
        match t.kind() {
            "identifier" => {
                let name = self.text(t);
                let b = self
                    .binding(t)
                    .ok_or_else(|| format!("assigns to {name}, which it does not declare"))?;
                if !matches!(
                    self.bindings[b].kind,
                    Kind::Let | Kind::Var | Kind::Param | Kind::Catch
                ) || self.bindings[b].holds != Holds::Data
                {
                    return Err(format!("assigns to {name}, which does not change"));
                }
                self.holds(b, v);
                Ok(())
            }
            "parenthesized_expression" => {
                let inner = unparen(t);
                if inner.id() == t.id() {
                    return Err("assigns to an odd target".into());
                }
                self.target(inner, v, depth + 1)
            }
            "member_expression" | "subscript_expression" => {
                let o = t
                    .child_by_field_name("object")
                    .ok_or("a target without an object")?;
                if let Some(path) = self.static_path(o)? {
                    return Err(format!("changes {path}"));
                }
                if t.kind() == "member_expression" {
                    let p = t
                        .child_by_field_name("property")
                        .ok_or("a member without a name")?;
                    if p.kind() != "property_identifier" {
                        return Err("uses a private name".into());
                    }
                    defined(self.text(p))?;
                } else {
                    let k = t
                        .child_by_field_name("index")
                        .ok_or("a subscript without a key")?;
                    match self.literal(unparen(k)) {
                        Some(name) => defined(&name)?,
                        None => {
                            self.expr(k, depth + 1)?;
                        }
                    }
                }
                let ov = self.expr(o, depth + 1)?;
                if ov.raw {
                    return Err("writes into a value read by a computed key".into());
                }
                if v.raw {
                    return Err(raw_kept("stores"));
                }
                Ok(())
            }
            "object_pattern" => {
                for c in named_children(t) {
                    match c.kind() {
                        "pair_pattern" => {
                            let k = c
                                .child_by_field_name("key")
                                .ok_or("a pattern without a key")?;
                            let raw = self.key(k, depth + 1)?;
                            let value = c.child_by_field_name("value").ok_or("a pattern")?;
                            self.target(
                                value,
                                Val {
                                    raw: v.raw || raw,
                                    num: false,
                                },
                                depth + 1,
                            )?;
                        }
                        "shorthand_property_identifier_pattern" => {
                            let name = self.text(c);
                            property(name)?;
                            let b = self
                                .binding(c)
                                .ok_or_else(|| format!("assigns to {name}"))?;
                            if !matches!(self.bindings[b].kind, Kind::Let | Kind::Var | Kind::Param)
                            {
                                return Err(format!("assigns to {name}, which does not change"));
                            }
                            self.holds(
                                b,
                                Val {
                                    raw: v.raw || BUILTIN_METHODS.contains(&name),
                                    num: false,
                                },
                            );
                        }
                        _ => return Err("assigns through an odd pattern".into()),
                    }
                }
                Ok(())
            }
            "array_pattern" => {
                for c in named_children(t) {
                    let c = if c.kind() == "rest_pattern" {
                        named_children(c).first().copied().ok_or("an empty rest")?
                    } else {
                        c
                    };
                    self.target(
                        c,
                        Val {
                            raw: v.raw,
                            num: false,
                        },
                        depth + 1,
                    )?;
                }
                Ok(())
            }
            k => Err(format!("assigns to a {}", k.replace('_', " "))),
        }
    }

    fn object(&mut self, n: Node<'t>, depth: usize) -> Result<Val, String> {
        for c in named_children(n) {
            match c.kind() {
                "pair" => {
                    let k = c.child_by_field_name("key").ok_or("a pair without a key")?;
                    match k.kind() {
                        "property_identifier" => defined(self.text(k))?,
                        "string" => match self.literal(k) {
                            Some(name) => defined(&name)?,
                            None => return Err("names a key with escapes".into()),
                        },
                        "number" => {}
                        "computed_property_name" => {
                            for e in named_children(k) {
                                self.expr(e, depth + 1)?;
                            }
                        }
                        other => return Err(format!("names a key with a {other}")),
                    }
                    let v = c
                        .child_by_field_name("value")
                        .ok_or("a pair without a value")?;
                    if is_function_literal(unparen(v)) {
                        return Err("defines a method".into());
                    }
                    self.keep(v, depth + 1, "stores")?;
                }
                "shorthand_property_identifier" => {
                    defined(self.text(c))?;
                    self.keep(c, depth + 1, "stores")?;
                }
                "spread_element" => {
                    for e in named_children(c) {
                        self.keep(e, depth + 1, "spreads")?;
                    }
                }
                "method_definition" => return Err("defines a method, getter or setter".into()),
                k => return Err(format!("uses {k} in an object")),
            }
        }
        Ok(DATA)
    }

    fn construct(&mut self, n: Node<'t>, depth: usize) -> Result<Val, String> {
        let c = n
            .child_by_field_name("constructor")
            .ok_or("new without a constructor")?;
        if c.kind() != "identifier" || self.binding(c).is_some() {
            return Err("constructs a computed value".into());
        }
        let name = self.text(c);
        let args = n.child_by_field_name("arguments");
        if name == "RegExp" {
            let ok = args.is_some_and(|a| {
                let a = named_children(a);
                !a.is_empty() && a.len() <= 2 && a.iter().all(|x| x.kind() == "string")
            });
            return if ok {
                Ok(DATA)
            } else {
                Err("builds a RegExp from other than literals".into())
            };
        }
        let s = constructor(name).ok_or_else(|| format!("constructs {name}"))?;
        match args {
            Some(a) => self.apply(s, name, None, a, depth).map(|_| DATA),
            None => Ok(DATA),
        }
    }

    fn call(&mut self, n: Node<'t>, depth: usize) -> Result<Val, String> {
        let args = n
            .child_by_field_name("arguments")
            .ok_or("a call without arguments")?;
        if args.kind() == "template_string" {
            return Err("uses a tagged template".into());
        }
        let f = unparen(
            n.child_by_field_name("function")
                .ok_or("a call without a callee")?,
        );
        match f.kind() {
            "identifier" => {
                let name = self.text(f);
                match self.binding(f) {
                    Some(b) => match self.bindings[b].holds.clone() {
                        Holds::Function(func) => {
                            let mut raw = false;
                            for a in named_children(args) {
                                let a = if a.kind() == "spread_element" {
                                    named_children(a)
                                        .first()
                                        .copied()
                                        .ok_or("an empty spread")?
                                } else {
                                    a
                                };
                                raw |= self.expr(a, depth + 1)?.raw;
                            }
                            if raw {
                                self.params_raw(func);
                            }
                            Ok(DATA)
                        }
                        Holds::ModuleMember(m, member) => {
                            let path = format!("{}.{member}", self.module(&m)?);
                            self.module_call(&path, args, depth)
                        }
                        _ => Err(format!("calls {name}, which is not a function it defines")),
                    },
                    None if name == "require" => match self.required(n) {
                        Some(m) if !MODULES.iter().any(|(x, _)| *x == m) => {
                            Err(format!("requires {m}"))
                        }
                        _ => Err(
                            "loads a module other than as a constant or a member's object".into(),
                        ),
                    },
                    None => match global_function(name) {
                        Some(s) if FREE_FUNCTIONS.contains(&name) => {
                            self.apply(s, name, None, args, depth)
                        }
                        _ => Err(format!("calls {name}")),
                    },
                }
            }
            "member_expression" => {
                let p = f
                    .child_by_field_name("property")
                    .ok_or("a member without a name")?;
                if p.kind() != "property_identifier" {
                    return Err("calls a private method".into());
                }
                let name = self.text(p);
                property(name)?;
                if let Some(path) = self.static_path(f)? {
                    if module_function(&path) {
                        return self.module_call(&path, args, depth);
                    }
                    return match global_function(&path) {
                        Some(s) => self.apply(s, &path, None, args, depth),
                        None => Err(format!("calls {path}")),
                    };
                }
                let o = f
                    .child_by_field_name("object")
                    .ok_or("a member without an object")?;
                let recv = self.expr(o, depth + 1)?;
                let (s, mutates) =
                    method(name).ok_or_else(|| format!("calls the method {name}"))?;
                if mutates && recv.raw {
                    return Err(format!("calls {name} on a value read by a computed key"));
                }
                self.apply(s, name, Some(recv), args, depth)
            }
            "import" => Err("imports a module at run time".into()),
            _ => {
                // Why the callee is out of reach, when it is (`[].map.constructor(…)()`).
                self.expr(f, depth + 1)?;
                Err("calls a computed function".into())
            }
        }
    }

    /// A call of a listed function or method: each argument judged by what the callee
    /// does with it.
    fn apply(
        &mut self,
        s: Sig,
        name: &str,
        recv: Option<Val>,
        args: Node<'t>,
        depth: usize,
    ) -> Result<Val, String> {
        let args = named_children(args);
        if args.len() > s.args.len() && s.rest.is_none() {
            return Err(format!(
                "passes {name} more arguments than the grammar reads"
            ));
        }
        let role = |i: usize| s.args.get(i).copied().or(s.rest).unwrap_or(Arg::Any);
        let recv_raw = recv.is_some_and(|r| r.raw);
        let mut vals = vec![DATA; args.len()];
        // Values first (a reducer's parameters receive its initial value).
        for (i, a) in args.iter().enumerate() {
            let r = role(i);
            if a.kind() == "spread_element" {
                if !matches!(r, Arg::Any | Arg::Keep) {
                    return Err(format!("spreads the arguments of {name}"));
                }
                let inner = named_children(*a)
                    .first()
                    .copied()
                    .ok_or("an empty spread")?;
                vals[i] = self.keep(inner, depth + 1, "spreads")?;
                continue;
            }
            match r {
                Arg::Any => vals[i] = self.expr(*a, depth + 1)?,
                Arg::Keep => vals[i] = self.keep(*a, depth + 1, "stores")?,
                Arg::Repl | Arg::Replacer if !self.is_callback(*a) => {
                    vals[i] = self.keep(*a, depth + 1, "passes on")?;
                }
                _ => {}
            }
        }
        for (i, a) in args.iter().enumerate() {
            let cb = match role(i) {
                Arg::Call(cb) => cb,
                Arg::Repl if self.is_callback(*a) => Cb::Replace,
                Arg::Replacer if self.is_callback(*a) => Cb::Stringify,
                _ => continue,
            };
            let params_raw = match cb {
                Cb::Pred | Cb::Each | Cb::Map | Cb::Sort => recv_raw,
                Cb::Reduce => recv_raw || vals.get(1).is_some_and(|v| v.raw),
                Cb::From | Cb::Stringify => vals.first().is_some_and(|v| v.raw),
                Cb::Replace | Cb::Reviver => false,
            };
            self.callback(*a, cb, params_raw, depth)?;
        }
        Ok(match s.res {
            Res::Plain => DATA,
            Res::Num => NUM,
            Res::Receiver => Val {
                raw: recv_raw,
                num: false,
            },
            Res::Arg0 => Val {
                raw: vals.first().is_some_and(|v| v.raw),
                num: false,
            },
        })
    }

    fn is_callback(&self, a: Node) -> bool {
        let a = unparen(a);
        is_function_literal(a)
            || (a.kind() == "identifier"
                && self
                    .binding(a)
                    .is_some_and(|b| matches!(self.bindings[b].holds, Holds::Function(_))))
    }

    /// A call of a module's function: `path`, `os` like global functions; `fs` by what it
    /// reads and writes.
    fn module_call(&mut self, path: &str, args: Node<'t>, depth: usize) -> Result<Val, String> {
        if !path.starts_with("fs.") {
            let s = global_function(path).ok_or_else(|| format!("calls {path}"))?;
            return self.apply(s, path, None, args, depth);
        }
        let a = named_children(args);
        if a.iter().any(|x| x.kind() == "spread_element") {
            return Err(format!("spreads the arguments of {path}"));
        }
        for x in &a {
            self.expr(*x, depth + 1)?;
        }
        let (max, options): (usize, &[&str]) = match path {
            "fs.readFileSync" => (2, &["encoding", "flag"]),
            "fs.existsSync" => (1, &[]),
            "fs.statSync" | "fs.lstatSync" => (2, &["throwIfNoEntry", "bigint"]),
            "fs.readdirSync" => (2, &["encoding", "withFileTypes"]),
            "fs.writeFileSync" | "fs.appendFileSync" => (3, &["encoding"]),
            "fs.mkdirSync" => (2, &["recursive"]),
            _ => return Err(format!("calls {path}")),
        };
        if a.is_empty() || a.len() > max {
            return Err(format!(
                "calls {path} with other arguments than the grammar reads"
            ));
        }
        let opts_at = if matches!(path, "fs.writeFileSync" | "fs.appendFileSync") {
            2
        } else {
            1
        };
        if let Some(o) = a.get(opts_at) {
            self.options(*o, options, path)?;
        }
        let first = unparen(a[0]);
        if path == "fs.readFileSync" && first.kind() == "number" {
            if self.text(first) != "0" {
                return Err("reads a file descriptor other than stdin".into());
            }
            self.pure.stdin = true;
            return Ok(DATA);
        }
        let target = self
            .path_of(first, 0)
            .ok_or_else(|| format!("{path} names a path computed at run time"))?;
        let target = checked(target).map_err(|why| format!("{path} names {why}"))?;
        if path == "fs.readFileSync" && target.base == Base::Plain && target.text == "/dev/stdin" {
            self.pure.stdin = true;
            return Ok(DATA);
        }
        match path {
            // What `stat` and `existsSync` see is where a link leads: a read of it.
            "fs.readFileSync" | "fs.existsSync" | "fs.statSync" => {
                self.pure.reads.push((target, Reach::File))
            }
            // Names (and types) of a directory, as `ls DIR` lists them; metadata of a link.
            "fs.readdirSync" | "fs.lstatSync" => self.pure.reads.push((target, Reach::Metadata)),
            "fs.writeFileSync" => self.pure.writes.push((target, WriteHow::Replace)),
            "fs.appendFileSync" => self.pure.writes.push((target, WriteHow::Append)),
            _ => self.pure.writes.push((target, WriteHow::Mkdir)),
        }
        Ok(DATA)
    }

    /// An `fs` call's options: an encoding name, or an object of listed literal options.
    fn options(&self, o: Node, allowed: &[&str], path: &str) -> Result<(), String> {
        let o = unparen(o);
        if o.kind() == "string" && self.literal(o).is_some() && allowed.contains(&"encoding") {
            return Ok(());
        }
        if o.kind() != "object" {
            return Err(format!("gives {path} options computed at run time"));
        }
        for p in named_children(o) {
            let (k, v) = match p.kind() {
                "pair" => (
                    p.child_by_field_name("key").ok_or("a pair without a key")?,
                    p.child_by_field_name("value")
                        .ok_or("a pair without a value")?,
                ),
                _ => return Err(format!("gives {path} options computed at run time")),
            };
            let key = match k.kind() {
                "property_identifier" => self.text(k).to_string(),
                "string" => self.literal(k).ok_or("an option with escapes")?,
                _ => return Err(format!("gives {path} options computed at run time")),
            };
            if !allowed.contains(&key.as_str()) {
                return Err(format!("gives {path} the option {key}"));
            }
            let v = unparen(v);
            let literal = matches!(v.kind(), "true" | "false")
                || (v.kind() == "string" && self.literal(v).is_some());
            if !literal {
                return Err(format!(
                    "gives {path} the option {key} computed at run time"
                ));
            }
            if key == "flag" && self.literal(v).as_deref() != Some("r") {
                return Err(format!("opens with {path} with another flag than r"));
            }
            if key == "recursive" && v.kind() == "string" {
                return Err(format!("gives {path} an odd recursive option"));
            }
        }
        Ok(())
    }

    /// A string literal's value (no escapes), or an untagged template without substitutions.
    fn literal(&self, n: Node) -> Option<String> {
        let n = unparen(n);
        if !matches!(n.kind(), "string" | "template_string") {
            return None;
        }
        let mut value = String::new();
        for c in named_children(n) {
            if c.kind() != "string_fragment" || self.text(c).contains('\\') {
                return None;
            }
            value.push_str(self.text(c));
        }
        Some(value)
    }

    /// The path an expression names when the code spells it out.
    fn path_of(&mut self, n: Node<'t>, depth: usize) -> Option<JsPath> {
        if depth > 16 {
            return None;
        }
        let n = unparen(n);
        match n.kind() {
            "string" => self.literal(n).map(|text| JsPath {
                base: Base::Plain,
                text,
            }),
            "template_string" => {
                let mut out = JsPath {
                    base: Base::Plain,
                    text: String::new(),
                };
                for (i, c) in named_children(n).into_iter().enumerate() {
                    let part = match c.kind() {
                        "string_fragment" if !self.text(c).contains('\\') => JsPath {
                            base: Base::Plain,
                            text: self.text(c).to_string(),
                        },
                        "template_substitution" => match named_children(c).as_slice() {
                            [e] => self.path_of(*e, depth + 1)?,
                            _ => return None,
                        },
                        _ => return None,
                    };
                    out = if i == 0 { part } else { concat(out, part)? };
                }
                Some(out)
            }
            "binary_expression" => {
                let op = n.child_by_field_name("operator").map(|o| self.text(o))?;
                if op != "+" {
                    return None;
                }
                let l = self.path_of(n.child_by_field_name("left")?, depth + 1)?;
                let r = self.path_of(n.child_by_field_name("right")?, depth + 1)?;
                concat(l, r)
            }
            "identifier" => match self.binding(n) {
                Some(b) => {
                    let binding = &self.bindings[b];
                    if binding.kind != Kind::Const || binding.holds != Holds::Data {
                        return None;
                    }
                    let init = binding.init?;
                    self.path_of(init, depth + 1)
                }
                None if self.text(n) == "__dirname" => Some(JsPath {
                    base: Base::Plain,
                    text: ".".into(),
                }),
                None => None,
            },
            "call_expression" => {
                let f = unparen(n.child_by_field_name("function")?);
                let path = match f.kind() {
                    "identifier" => match self.binding(f).map(|b| self.bindings[b].holds.clone()) {
                        Some(Holds::ModuleMember(m, member)) => {
                            let (_, c) = MODULES.iter().find(|(name, _)| *name == m)?;
                            format!("{c}.{member}")
                        }
                        _ => return None,
                    },
                    "member_expression" => self.static_path(f).ok()??,
                    _ => return None,
                };
                let args = named_children(n.child_by_field_name("arguments")?);
                match path.as_str() {
                    "os.homedir" if args.is_empty() => Some(JsPath {
                        base: Base::Home,
                        text: String::new(),
                    }),
                    "process.cwd" if args.is_empty() => Some(JsPath {
                        base: Base::Cwd,
                        text: String::new(),
                    }),
                    "path.join" | "path.resolve" | "path.normalize" if !args.is_empty() => {
                        let mut segs = Vec::new();
                        for a in args {
                            segs.push(self.path_of(a, depth + 1)?);
                        }
                        match path.as_str() {
                            "path.join" => join(segs),
                            "path.normalize" if segs.len() == 1 => join(segs),
                            "path.resolve" => resolve(segs),
                            _ => None,
                        }
                    }
                    _ => None,
                }
            }
            _ => None,
        }
    }
}

/// Why a raw value may not go where it would go.
fn raw_kept(how: &str) -> String {
    format!(
        "{how} a value read by a computed key or a method's name, which may be a function or a prototype"
    )
}

/// The `fs` functions in the grammar.
fn module_function(path: &str) -> bool {
    matches!(
        path,
        "fs.readFileSync"
            | "fs.existsSync"
            | "fs.statSync"
            | "fs.lstatSync"
            | "fs.readdirSync"
            | "fs.writeFileSync"
            | "fs.appendFileSync"
            | "fs.mkdirSync"
    ) || (path.starts_with("path.") || path.starts_with("os.")) && global_function(path).is_some()
}

/// `a + b` of two paths: only text may follow a base.
fn concat(a: JsPath, b: JsPath) -> Option<JsPath> {
    if b.base != Base::Plain {
        return None;
    }
    Some(JsPath {
        base: a.base,
        text: a.text + &b.text,
    })
}

/// `path.join(…)`: the segments joined by `/` (empty ones dropped), then normalised as Node
/// does; only the first may start at a base.
fn join(segs: Vec<JsPath>) -> Option<JsPath> {
    let mut it = segs.into_iter();
    let first = it.next()?;
    let mut text = first.text;
    for s in it {
        if s.base != Base::Plain {
            return None;
        }
        if s.text.is_empty() {
            continue;
        }
        if text.is_empty() && first.base == Base::Plain {
            text = s.text;
        } else {
            text.push('/');
            text.push_str(&s.text);
        }
    }
    normalized(JsPath {
        base: first.base,
        text,
    })
}

/// `path.resolve(…)`: from the last absolute segment on (a base is absolute), joined; a
/// relative result is relative to the working directory.
fn resolve(segs: Vec<JsPath>) -> Option<JsPath> {
    let from = segs
        .iter()
        .rposition(|s| s.base != Base::Plain || s.text.starts_with('/'))
        .unwrap_or(0);
    join(segs.into_iter().skip(from).collect())
}

/// Node's `path.normalize` of the text: `.` and empty components dropped, `a/..`
/// folded. A `..` that would climb into the base, or above a relative start, is refused.
fn normalized(p: JsPath) -> Option<JsPath> {
    let absolute = p.text.starts_with('/');
    let mut out: Vec<&str> = Vec::new();
    for c in p.text.split('/') {
        match c {
            "" | "." => {}
            ".." => {
                out.pop()?;
            }
            c => out.push(c),
        }
    }
    let joined = out.join("/");
    let text = match (p.base, absolute) {
        (Base::Plain, true) => format!("/{joined}"),
        (Base::Plain, false) if joined.is_empty() => ".".to_string(),
        (Base::Plain, false) => joined,
        // After a base, text that starts with `/` keeps it; text that continues the base's
        // last component (`homedir() + 'x'`) is refused by the caller's `..` check only.
        (_, true) if joined.is_empty() => String::new(),
        (_, true) => format!("/{joined}"),
        (_, false) => {
            if p.text.contains("..") {
                return None;
            }
            p.text
        }
    };
    Some(JsPath { base: p.base, text })
}

/// A path Node hands the kernel: not empty, no NUL, no `..` component (the kernel
/// resolves it after following links; no lexical placing can know where it lands).
fn checked(p: JsPath) -> Result<JsPath, String> {
    if p.base == Base::Plain && p.text.is_empty() {
        return Err("an empty path".into());
    }
    if p.text.contains('\0') {
        return Err("a path holding NUL".into());
    }
    if p.text.split('/').any(|c| c == "..") {
        return Err(format!("a path through .. ({})", p.text));
    }
    Ok(p)
}

#[cfg(test)]
#[path = "jsinline_tests.rs"]
mod tests;
