#!/usr/bin/env python3
"""Keeps the layering of the workspace true; run by .ci/run.

Two checks, standard library only (CPython 3.9 or later):

1. No import circle inside a crate. A module is one .rs file under a
   crate's src/, reached from lib.rs or main.rs through `mod` declarations
   (an inline `mod name { ... }` belongs to the file it is written in). A
   file imports another when it names it: a `use` of `crate::`, `super::`,
   `self::` or a child module, or such a path written in code
   (`crate::x::f()`, `super::Type`, `child::f()`). A `mod` declaration is
   containment, not an import. A path goes to the longest module prefix
   that exists, then follows `use` bindings of that module (a `pub use`
   re-export or an import a child sees), so `use crate::Outcome` imports the
   file that defines `Outcome`, not lib.rs. A `pub use` is itself an import
   of the file it re-exports from. Comments, strings and doc links are not
   imports. The check fails when a file imports one that imports it,
   directly or through others, and prints every such circle with the line
   of each arrow.

2. No crate dependency arrow up. The layers, lowest first:
       nimber < engine < sequence < quotient < api < games, rules < cli, python, wasm
   A crate's [dependencies] and [build-dependencies] (target-specific ones
   too) may name only crates of lower layers. Its [dev-dependencies] may
   name crates of lower layers or of its own layer, never a higher one: a
   test may compare two peers (rules' example scripts against the games'
   built-in families), which builds nothing into either library; a
   dev-dependency on a crate above would link a second copy of the crate
   under test. Two peers may not name each other, in any kind of
   dependency. A crate directory missing from the layers fails the check
   too: a new crate must take its place here.

Prints `layers: N crates, M modules, no cycle, no arrow up` and exits 0, or
prints each offence and exits 1. Before the workspace it judges a few
planted crates (SELF_TEST) and exits 2 if it misjudges one, so the check
cannot silently stop finding circles.
"""

import os
import re
import sys

LAYERS = [
    ["nimber"],
    ["engine"],
    ["sequence"],
    ["quotient"],
    ["api"],
    ["games", "rules"],
    ["cli", "python", "wasm"],
]

ITEM_KEYWORDS = {"fn", "struct", "enum", "trait", "type", "const", "static", "union", "mod"}
PATH_ROOTS = {"crate", "super", "self"}


# ---------------------------------------------------------------------------
# Tokens


class Token:
    __slots__ = ("kind", "text", "line")

    def __init__(self, kind, text, line):
        self.kind = kind  # "id", "::" or "p" (any other punctuation)
        self.text = text
        self.line = line


def tokenize(src):
    """Identifiers, `::` and punctuation of Rust source, with line numbers;
    comments, string, char and number literals and lifetimes dropped."""
    tokens = []
    i, n, line = 0, len(src), 1

    def skip_quoted(j, quote):
        # j is just past the opening quote; returns the index past the closing one.
        nonlocal line
        while j < n:
            c = src[j]
            if c == "\\":
                j += 2
                continue
            if c == "\n":
                line += 1
            if c == quote:
                return j + 1
            j += 1
        return j

    while i < n:
        c = src[i]
        if c == "\n":
            line += 1
            i += 1
        elif c.isspace():
            i += 1
        elif src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
        elif src.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if src.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif src.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    if src[i] == "\n":
                        line += 1
                    i += 1
        elif c == '"':
            i = skip_quoted(i + 1, '"')
        elif c in "rbc" and re.match(r'(?:br|b|r|c|cr)#*"', src[i:i + 40]) and (
            i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")
        ):
            m = re.match(r'(br|b|r|c|cr)?(#*)"', src[i:])
            prefix, hashes = m.group(1) or "", m.group(2)
            j = i + m.end()
            if "r" in prefix:
                end = src.find('"' + hashes, j)
                end = n if end < 0 else end
                line += src.count("\n", j, end)
                i = end + 1 + len(hashes)
            else:
                i = skip_quoted(j, '"')
        elif c == "b" and src.startswith("b'", i) and (
            i == 0 or not (src[i - 1].isalnum() or src[i - 1] == "_")
        ):
            i = skip_quoted(i + 2, "'")
        elif c == "'":
            if i + 1 < n and src[i + 1] == "\\":
                i = skip_quoted(i + 1, "'")
            elif i + 2 < n and src[i + 2] == "'":
                i += 3
            else:  # a lifetime or a label
                j = i + 1
                while j < n and (src[j].isalnum() or src[j] == "_"):
                    j += 1
                i = j
        elif c.isalpha() or c == "_":
            j = i
            while j < n and (src[j].isalnum() or src[j] == "_"):
                j += 1
            word = src[i:j]
            if word == "r" and src.startswith("#", j):  # raw identifier r#name
                k = j + 1
                while k < n and (src[k].isalnum() or src[k] == "_"):
                    k += 1
                word, j = src[j + 1:k], k
            tokens.append(Token("id", word, line))
            i = j
        elif c.isdigit():
            j = i
            while j < n and (src[j].isalnum() or src[j] == "_" or
                             (src[j] == "." and j + 1 < n and src[j + 1].isdigit())):
                j += 1
            i = j
        elif src.startswith("::", i):
            tokens.append(Token("::", "::", line))
            i += 2
        else:
            tokens.append(Token("p", c, line))
            i += 1
    return tokens


# ---------------------------------------------------------------------------
# One file: its module scopes, declarations, use statements and code paths


class Use:
    """One leaf of a `use` tree: the path as written, the name it binds
    (None for a glob), whether it is `pub`, its line and the module scope
    (as a module path) it is written in."""

    __slots__ = ("path", "name", "public", "line", "scope", "module_level")

    def __init__(self, path, name, public, line, scope, module_level):
        self.path, self.name, self.public = path, name, public
        self.line, self.scope, self.module_level = line, scope, module_level


class FileInfo:
    def __init__(self, path, modpath):
        self.path = path  # file path
        self.modpath = modpath  # tuple: module path of the file
        self.child_files = []  # (module path, line) of `mod x;` declarations
        self.inline_mods = set()  # module paths of inline `mod x { }`
        self.defined = {}  # module path -> names of items defined there
        self.uses = []  # Use
        self.code_paths = []  # (scope, [segments], line)


def parse_use_tree(tokens, i, prefix, out):
    """Parses a use tree starting at tokens[i]; appends (path, name) leaves
    (name None for a glob) to out; returns the index after the tree."""
    path = list(prefix)
    leading = i < len(tokens) and tokens[i].kind == "::"
    if leading:  # `use ::ext::x`: an extern crate, never a module here
        path = ["::"]
        i += 1
    while i < len(tokens):
        t = tokens[i]
        if t.kind == "id":
            path.append(t.text)
            i += 1
            if i < len(tokens) and tokens[i].kind == "::":
                i += 1
                continue
            if i + 1 < len(tokens) and tokens[i].text == "as" and tokens[i].kind == "id":
                out.append((path, tokens[i + 1].text))
                return i + 2
            name = path[-2] if path[-1] == "self" and len(path) > 1 else path[-1]
            if path[-1] == "self":
                path = path[:-1]
            out.append((path, name))
            return i
        if t.text == "*":
            out.append((path, None))
            return i + 1
        if t.text == "{":
            i += 1
            while i < len(tokens) and tokens[i].text != "}":
                if tokens[i].text == ",":
                    i += 1
                    continue
                i = parse_use_tree(tokens, i, path, out)
            return i + 1
        return i
    return i


def scan_file(info, tokens):
    """Fills info from the tokens of its file."""
    scopes = [(info.modpath, 0)]  # (module path, brace depth at its body)
    depth = 0
    n = len(tokens)
    i = 0
    info.defined.setdefault(info.modpath, set())
    while i < n:
        t = tokens[i]
        scope, base = scopes[-1]
        if t.text == "{" and t.kind == "p":
            depth += 1
            i += 1
            continue
        if t.text == "}" and t.kind == "p":
            if depth == base and len(scopes) > 1:
                scopes.pop()
            depth -= 1
            i += 1
            continue
        if t.kind != "id":
            i += 1
            continue
        prev = tokens[i - 1] if i else None
        after_path_sep = prev is not None and prev.kind == "::"
        at_module_level = depth == base

        if t.text == "mod" and not after_path_sep and i + 1 < n and tokens[i + 1].kind == "id":
            name = tokens[i + 1].text
            nxt = tokens[i + 2] if i + 2 < n else None
            info.defined.setdefault(scope, set()).add(name)
            if nxt is not None and nxt.text == ";":
                info.child_files.append((scope + (name,), t.line))
                i += 3
                continue
            if nxt is not None and nxt.text == "{":
                inner = scope + (name,)
                info.inline_mods.add(inner)
                info.defined.setdefault(inner, set())
                depth += 1
                scopes.append((inner, depth))
                i += 3
                continue
        if t.text == "use" and not after_path_sep:
            public = prev is not None and (
                prev.text == "pub" or (prev.text == ")" and _pub_restricted(tokens, i - 1))
            )
            leaves = []
            j = parse_use_tree(tokens, i + 1, [], leaves)
            for path, name in leaves:
                info.uses.append(Use(path, name, public, t.line, scope, at_module_level))
            while j < n and tokens[j].text != ";":
                j += 1
            i = j + 1
            continue
        if at_module_level and t.text in ITEM_KEYWORDS and not after_path_sep and i + 1 < n:
            nxt = tokens[i + 1]
            if nxt.kind == "id" and nxt.text not in ITEM_KEYWORDS:
                info.defined.setdefault(scope, set()).add(nxt.text)
        if at_module_level and t.text == "macro_rules" and i + 2 < n and tokens[i + 1].text == "!":
            info.defined.setdefault(scope, set()).add(tokens[i + 2].text)
        # A path in code: the start of `a::b::c` (not a later segment).
        if not after_path_sep and i + 1 < n and tokens[i + 1].kind == "::" and t.text != "Self":
            segs = [t.text]
            j = i + 1
            while j + 1 < n and tokens[j].kind == "::" and tokens[j + 1].kind == "id":
                segs.append(tokens[j + 1].text)
                j += 2
            info.code_paths.append((scope, segs, t.line))
            i = j
            continue
        i += 1


def _pub_restricted(tokens, close):
    """True when tokens[close] is the `)` of `pub(crate)`, `pub(super)`,
    `pub(in path)`."""
    j = close
    while j > 0 and tokens[j].text != "(":
        j -= 1
    return j > 0 and tokens[j - 1].text == "pub"


# ---------------------------------------------------------------------------
# One crate: its module tree and the import graph between its files


class Crate:
    def __init__(self, name, src):
        self.name = name
        self.src = src
        self.files = {}  # file path -> FileInfo
        self.module_file = {}  # module path -> file path
        self.missing = []  # `mod x;` with no file
        self._bindings = {}  # module path -> its `use` bindings

    def load(self):
        root = None
        for candidate in ("lib.rs", "main.rs"):
            p = os.path.join(self.src, candidate)
            if os.path.exists(p):
                root = p
                break
        if root is None:
            return
        todo = [(root, ())]
        while todo:
            path, modpath = todo.pop()
            if path in self.files:
                continue
            with open(path, encoding="utf-8") as f:
                tokens = tokenize(f.read())
            info = FileInfo(path, modpath)
            scan_file(info, tokens)
            self.files[path] = info
            self.module_file[modpath] = path
            for inline in info.inline_mods:
                self.module_file[inline] = path
            base = os.path.basename(path)
            if base in ("lib.rs", "main.rs", "mod.rs"):
                folder = os.path.dirname(path)
            else:
                folder = path[:-3]
            for child, line in info.child_files:
                # An inline module's own `mod x;` lives in its folder.
                rel = child[len(modpath):]
                sub = os.path.join(folder, *rel[:-1])
                a = os.path.join(sub, rel[-1] + ".rs")
                b = os.path.join(sub, rel[-1], "mod.rs")
                if os.path.exists(a):
                    todo.append((a, child))
                elif os.path.exists(b):
                    todo.append((b, child))
                else:
                    self.missing.append((path, line, child))

    # -- resolution ---------------------------------------------------------

    def children(self, modpath):
        return {m[-1] for m in self.module_file if len(m) == len(modpath) + 1 and m[:-1] == modpath}

    def bindings(self, modpath):
        """The `use` bindings written at module level in modpath: name ->
        absolute path, and the glob sources."""
        cache = self._bindings
        if modpath in cache:
            return cache[modpath]
        named, globs = {}, []
        cache[modpath] = (named, globs)
        info = self.files.get(self.module_file.get(modpath))
        if info is not None:
            for u in info.uses:
                if u.scope != modpath or not u.module_level:
                    continue
                target = self.absolute(u.path, modpath, allow_bindings=False)
                if u.name is not None:
                    named[u.name] = target  # None: an item from outside the crate
                elif target is not None:
                    globs.append(target)
        return cache[modpath]

    def absolute(self, segs, scope, allow_bindings=True):
        """The crate-absolute form of a path written in module scope, or None
        when it names something outside the crate."""
        if not segs or segs[0] == "::":
            return None
        head = segs[0]
        if head == "crate":
            return tuple(segs[1:])
        if head in ("super", "self"):
            base = list(scope)
            k = 0
            while k < len(segs) and segs[k] in ("super", "self"):
                if segs[k] == "super":
                    if not base:
                        return None
                    base.pop()
                k += 1
            return tuple(base) + tuple(segs[k:])
        # A relative path (2018 uniform paths): a child module of this
        # scope, or a name a `use` of this scope binds.
        if head in self.children(scope):
            return tuple(scope) + tuple(segs)
        if allow_bindings:
            named, _ = self.bindings(scope)
            if named.get(head) is not None:
                return named[head] + tuple(segs[1:])
        return None

    def resolve(self, path, seen=None):
        """The module (path) where an absolute path's item is defined, as far
        as it can be told: the longest module prefix, then through the `use`
        bindings of that module. None when it leads out of the crate."""
        if path is None:
            return None
        seen = seen or set()
        if path in seen:
            return None
        seen.add(path)
        k = len(path)
        while k > 0 and path[:k] not in self.module_file:
            k -= 1
        module, rest = path[:k], path[k:]
        if not rest:
            return module
        name = rest[0]
        info = self.files[self.module_file[module]]
        if name in info.defined.get(module, ()):
            return module
        named, globs = self.bindings(module)
        if name in named:
            if named[name] is None:
                return None
            return self.resolve(named[name] + rest[1:], seen)
        for g in globs:
            source = self.resolve(g, set(seen))
            if source is None or source not in self.module_file:
                continue
            defined = self.files[self.module_file[source]].defined.get(source, ())
            if name in defined or name in self.bindings(source)[0]:
                return self.resolve(source + rest, seen)
        return module

    def edges(self):
        """file -> {file: (line, written path)}: the imports between files."""
        graph = {p: {} for p in self.files}
        for path, info in self.files.items():
            def add(target_mod, line, written):
                if target_mod is None:
                    return
                target = self.module_file.get(target_mod)
                if target is None or target == path:
                    return
                graph[path].setdefault(target, (line, written))

            for u in info.uses:
                absolute = self.absolute(u.path, u.scope)
                if absolute is None:
                    continue
                written = "use " + "::".join(u.path) + ("::*" if u.name is None else "")
                add(self.resolve(absolute), u.line, written)
            local = {}  # names that file-level and local `use`s bind to modules
            for u in info.uses:
                if u.name is None:
                    continue
                absolute = self.absolute(u.path, u.scope)
                if absolute is not None and absolute in self.module_file:
                    local[u.name] = absolute
            for scope, segs, line in info.code_paths:
                if segs[0] in PATH_ROOTS or segs[0] in self.children(scope):
                    absolute = self.absolute(segs, scope)
                elif segs[0] in local:
                    absolute = local[segs[0]] + tuple(segs[1:])
                else:
                    continue
                add(self.resolve(absolute), line, "::".join(segs))
        return graph


def cycles(graph):
    """The strongly connected components of more than one file (Tarjan,
    iterative): each holds at least one circle."""
    index, low, on_stack, stack = {}, {}, set(), []
    comps = []
    counter = [0]
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    advanced = True
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    comps.append(sorted(comp))
    return comps


def circle(graph, comp):
    """One shortest circle through the first file of a component."""
    members = set(comp)
    start = comp[0]
    prev = {start: None}
    queue = [start]
    for v in queue:
        for w in sorted(graph[v]):
            if w not in members:
                continue
            if w == start:
                path = [v]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if w not in prev:
                prev[w] = v
                queue.append(w)
    return comp + [start]


# ---------------------------------------------------------------------------
# Crate dependencies


def strip_comment(line):
    """A TOML line without its `#` comment (a `#` inside a string stays)."""
    quote = None
    for k, c in enumerate(line):
        if quote:
            if c == "\\" and quote == '"':
                continue
            if c == quote:
                quote = None
        elif c in "\"'":
            quote = c
        elif c == "#":
            return line[:k]
    return line


def manifest(path):
    """(package name, [(section kind, dependency package name, line)]) of a
    Cargo.toml, read line by line: enough for this workspace's manifests."""
    name = None
    deps = []
    section = None
    table_dep = None
    with open(path, encoding="utf-8") as f:
        for lineno, raw in enumerate(f, 1):
            line = strip_comment(raw).strip()
            if not line:
                continue
            m = re.match(r"^\[\s*([^\]]+?)\s*\]$", line)
            if m:
                header = m.group(1)
                table_dep = None
                section = None
                parts = header.rsplit(".", 1)
                kind = header
                if header.startswith("target."):
                    for k in ("dependencies", "dev-dependencies", "build-dependencies"):
                        if header.endswith("." + k):
                            kind = k
                        elif ("." + k + ".") in header:
                            kind = k
                            table_dep = header.split("." + k + ".", 1)[1].strip('"')
                elif len(parts) == 2 and parts[0] in ("dependencies", "dev-dependencies", "build-dependencies"):
                    kind, table_dep = parts[0], parts[1].strip('"')
                if kind in ("dependencies", "dev-dependencies", "build-dependencies"):
                    section = kind
                    if table_dep is not None:
                        deps.append([section, table_dep, lineno])
                elif header == "package":
                    section = "package"
                continue
            key_m = re.match(r'^"?([A-Za-z0-9_-]+)"?\s*(?:\.\s*[A-Za-z_]+\s*)?=\s*(.*)$', line)
            if not key_m:
                continue
            key, value = key_m.group(1), key_m.group(2)
            if section == "package" and key == "name" and name is None:
                name = value.strip().strip('"')
            elif section in ("dependencies", "dev-dependencies", "build-dependencies"):
                if table_dep is not None:
                    if key == "package":
                        deps[-1][1] = value.strip().strip('"')
                    continue
                renamed = re.search(r'package\s*=\s*"([^"]+)"', value)
                deps.append([section, renamed.group(1) if renamed else key, lineno])
    return name, [tuple(d) for d in deps]


def check_arrows(root, crate_dirs):
    layer_of = {c: k for k, layer in enumerate(LAYERS) for c in layer}
    problems = []
    packages = {}
    manifests = {}
    for d in crate_dirs:
        toml = os.path.join(root, "crates", d, "Cargo.toml")
        name, deps = manifest(toml)
        packages[name] = d
        manifests[d] = (toml, deps)
        if d not in layer_of:
            problems.append(f"crates/{d}: in no layer; give it one in .ci/layers.py")
    arrows = set()
    for d, (toml, deps) in sorted(manifests.items()):
        rel = os.path.relpath(toml, root)
        for kind, dep, line in deps:
            target = packages.get(dep)
            if target is None or d not in layer_of or target not in layer_of:
                continue
            arrows.add((d, target))
            a, b = layer_of[d], layer_of[target]
            if b > a:
                problems.append(f"{rel}:{line}: [{kind}] {d} -> {target}: an arrow up "
                                f"(layer {a} to layer {b})")
            elif b == a and target != d and kind != "dev-dependencies":
                problems.append(f"{rel}:{line}: [{kind}] {d} -> {target}: an arrow between "
                                f"peers of layer {a} (only a dev-dependency may)")
    for a, b in sorted(arrows):
        if a < b and (b, a) in arrows:
            problems.append(f"crates/{a} and crates/{b} name each other")
    return problems


# ---------------------------------------------------------------------------


# Planted crates the check must judge right before it judges the
# workspace: each file's text, and whether it holds a circle.
SELF_TEST = [
    ({"lib.rs": "mod a;\nmod b;\n", "a.rs": "use crate::b::g;\npub fn f() {}\n",
      "b.rs": "pub fn g() { crate::a::f() }\n"}, True),
    ({"lib.rs": "mod a;\npub use a::f;\npub struct T;\n",
      "a.rs": "pub fn f(_: super::T) {}\n"}, True),
    ({"lib.rs": "mod k;\n", "k/mod.rs": "mod m;\npub use m::X;\npub fn h() {}\n",
      "k/m.rs": "pub struct X;\nfn f() { super::h() }\n"}, True),
    # A facade only re-exports; the comment and the string name no module.
    ({"lib.rs": "mod a;\nmod t;\npub use a::f;\npub use t::T;\n",
      "a.rs": "use crate::T;\n// use crate::a;\npub fn f(_: T) { let _ = \"crate::a\"; }\n",
      "t.rs": "pub struct T;\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n"}, False),
]


def self_test():
    """Whether the check finds the circles planted in SELF_TEST, and only
    those."""
    import tempfile

    for files, circular in SELF_TEST:
        with tempfile.TemporaryDirectory() as src:
            for name, text in files.items():
                os.makedirs(os.path.dirname(os.path.join(src, name)), exist_ok=True)
                with open(os.path.join(src, name), "w", encoding="utf-8") as f:
                    f.write(text)
            crate = Crate("planted", src)
            crate.load()
            if bool(cycles(crate.edges())) != circular or len(crate.files) != len(files):
                return False
    return True


def main():
    if not self_test():
        print("layers: the check itself is broken: it misjudges a planted crate (SELF_TEST)")
        return 2
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    crates_dir = os.path.join(root, "crates")
    crate_dirs = sorted(
        d for d in os.listdir(crates_dir)
        if os.path.exists(os.path.join(crates_dir, d, "Cargo.toml"))
    )
    problems = []
    modules = 0
    for d in crate_dirs:
        crate = Crate(d, os.path.join(crates_dir, d, "src"))
        crate.load()
        modules += len(crate.files)
        for path, line, child in crate.missing:
            problems.append(f"{os.path.relpath(path, root)}:{line}: mod {child[-1]}: no file")
        graph = crate.edges()
        for comp in cycles(graph):
            ring = circle(graph, comp)
            steps = []
            for a, b in zip(ring, ring[1:]):
                line, written = graph[a][b]
                steps.append(f"{os.path.relpath(a, root)}:{line} ({written})")
            steps.append(os.path.relpath(ring[-1], root))
            others = len(comp) - (len(ring) - 1)
            more = f" (and {others} more file(s) in the same circle)" if others > 0 else ""
            problems.append("import circle: " + " -> ".join(steps) + more)
    problems += check_arrows(root, crate_dirs)
    if problems:
        for p in problems:
            print(f"layers: {p}")
        print(f"layers: {len(problems)} problem(s) in {len(crate_dirs)} crates, {modules} modules")
        return 1
    print(f"layers: {len(crate_dirs)} crates, {modules} modules, no cycle, no arrow up")
    return 0


if __name__ == "__main__":
    sys.exit(main())
