#!/usr/bin/env python3
"""An independent reference for JEXL as jexl-rs 0.4 evaluates it, for the differential test
Tests/NimbusTests/Targeting/JEXLDifferentialTests.swift.

Written from mozilla/jexl-rs: the grammar jexl-parser/src/parser.lalrpop, the lexer
jexl-parser/src/lexer.rs and the evaluator jexl-eval/src/lib.rs (MPL 2.0), not from this
package's Swift code. It shares nothing with the product: its own lexer, a precedence-climbing
parser over the grammar's levels, and a tree-walking evaluator over Python values standing in
for serde_json ones (int for an integer Number, float for a float Number).

    python3 jexl_reference.py --count 6000 --seed 18

(When written, its results were also checked against jexl-eval 0.4 itself, built from source
with Debian's serde_json, on 100,000 expressions of seeds 18, 1, 2, 3 and 77: no difference.
That build is not part of this repository.)

It prints the context as JSON on the first line, then one JSON object per generated expression:
{"expression": ..., "result": CANONICAL} where CANONICAL is the value in the form the test
also builds ("i3", "f<ieee hex>", "s<utf-8 hex>", "[a,b]", "{<key hex>:v}", "null", "true",
"false") or "error".
"""
import argparse
import json
import math
import random
import struct


class JexlError(Exception):
    pass


# ---------------------------------------------------------------- lexer (lexer.rs)

SINGLE = set("+-*%^()[]{},:?")


def lex(text):
    if any(ord(c) > 127 for c in text):
        # chars().nth() against a byte length: every non-ASCII input ends in an error or panic.
        raise JexlError("non-ascii")
    tokens = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c in " \t\n\r\x0b\x0c":
            i += 1
            continue
        nxt = text[i + 1] if i + 1 < n else ""
        if c in SINGLE:
            tokens.append(("op", c)); i += 1
        elif c == "|":
            if nxt == "|":
                tokens.append(("op", "||")); i += 2
            else:
                tokens.append(("op", "|")); i += 1
        elif c == "/":
            if nxt == "/":
                tokens.append(("op", "//")); i += 2
            else:
                tokens.append(("op", "/")); i += 1
        elif c in "<>":
            if nxt == "=":
                tokens.append(("op", c + "=")); i += 2
            else:
                tokens.append(("op", c)); i += 1
        elif c == "=":
            if nxt != "=":
                raise JexlError("lone =")
            tokens.append(("op", "==")); i += 2
        elif c == "!":
            if nxt != "=":
                raise JexlError("no unary !")
            tokens.append(("op", "!=")); i += 2
        elif c == "&":
            if nxt != "&":
                raise JexlError("lone &")
            tokens.append(("op", "&&")); i += 2
        elif c in "'\"":
            j = i + 1
            out = []
            while True:
                if j >= n:
                    raise JexlError("unterminated")
                d = text[j]
                if d == c:
                    break
                if d == "\\":
                    if j + 1 < n and text[j + 1] == c:
                        out.append(c); j += 2
                        continue
                    raise JexlError("bad escape")
                out.append(d); j += 1
            tokens.append(("str", "".join(out)))
            i = j + 1
        elif c.isdigit() or (c == "." and nxt.isdigit()):
            j = i
            if c == ".":
                j += 1
                while j < n and text[j].isdigit():
                    j += 1
            else:
                while j < n and text[j].isdigit():
                    j += 1
                if j + 1 < n and text[j] == "." and text[j + 1].isdigit():
                    j += 1
                    while j < n and text[j].isdigit():
                        j += 1
            tokens.append(("num", float(text[i:j])))
            i = j
        elif c == ".":
            tokens.append(("op", ".")); i += 1
        elif c.isalpha() or c == "_":
            j = i
            while j < n and (text[j].isalnum() or text[j] == "_"):
                j += 1
            word = text[i:j]
            if word == "true":
                tokens.append(("lit", True))
            elif word == "false":
                tokens.append(("lit", False))
            elif word == "null":
                tokens.append(("lit", None))
            elif word == "in":
                tokens.append(("op", "in"))
            else:
                tokens.append(("id", word))
            i = j
        else:
            raise JexlError("unexpected character")
    tokens.append(("end", None))
    return tokens


# ---------------------------------------------------------------- parser (parser.lalrpop)

# Binary levels lowest first: Op10 .. Op50, all left-associative.
LEVELS = [
    {"&&", "||"},
    {"==", "!=", ">=", "<=", ">", "<", "in"},
    {"+", "-"},
    {"*", "//", "/"},
    {"%", "^"},
]
COMPARISONS = LEVELS[1]


class Parser:
    def __init__(self, tokens):
        self.tokens = tokens
        self.pos = 0

    def peek(self):
        return self.tokens[self.pos]

    def is_op(self, op):
        kind, value = self.peek()
        return kind == "op" and value == op

    def eat(self, op):
        if self.is_op(op):
            self.pos += 1
            return True
        return False

    def need(self, op):
        if not self.eat(op):
            raise JexlError("expected " + op)

    def expression(self, level=0):
        if level == len(LEVELS):
            return self.conditional()
        left = self.expression(level + 1)
        while True:
            kind, value = self.peek()
            if kind == "op" and value in LEVELS[level]:
                self.pos += 1
                right = self.expression(level + 1)
                left = ("bin", value, left, right)
            else:
                return left

    def conditional(self):
        # Expr50: Expr50 "?" Expr60 ":" Expr60
        node = self.transformed()
        while self.eat("?"):
            yes = self.transformed()
            self.need(":")
            no = self.transformed()
            node = ("cond", node, yes, no)
        return node

    def transformed(self):
        # Expr60: Expr60 "|" Identifier Args?
        node = self.dereferenced()
        while self.eat("|"):
            kind, name = self.peek()
            if kind != "id":
                raise JexlError("transform name")
            self.pos += 1
            args = None
            if self.eat("("):
                args = self.comma(")", self.expression)
            node = ("transform", name, node, args)
        return node

    def dereferenced(self):
        # Expr70: Expr70 Index | Expr70 "." Identifier
        node = self.primary()
        while True:
            if self.eat("."):
                kind, name = self.peek()
                if kind != "id":
                    raise JexlError("member name")
                self.pos += 1
                node = ("dot", node, name)
            elif self.eat("["):
                if self.eat("."):
                    kind, name = self.peek()
                    if kind != "id":
                        raise JexlError("filter name")
                    self.pos += 1
                    kind, op = self.peek()
                    if kind != "op" or op not in COMPARISONS:
                        raise JexlError("filter op")
                    self.pos += 1
                    right = self.primary()
                    self.need("]")
                    node = ("filter", node, name, op, right)
                else:
                    index = self.expression()
                    self.need("]")
                    node = ("index", node, index)
            else:
                return node

    def comma(self, closer, item):
        items = []
        while True:
            if self.eat(closer):
                return items
            items.append(item())
            if not self.eat(","):
                self.need(closer)
                return items

    def pair(self):
        kind, key = self.peek()
        if kind not in ("id", "str"):
            raise JexlError("object key")
        self.pos += 1
        self.need(":")
        return (key, self.expression())

    def primary(self):
        kind, value = self.peek()
        if kind == "num":
            self.pos += 1
            # json!(f64) of an infinite literal is Null.
            return ("value", number(float(value)))
        if kind in ("str", "lit"):
            self.pos += 1
            return ("value", value)
        if kind == "id":
            self.pos += 1
            return ("ident", value)
        if self.eat("("):
            inner = self.expression()
            self.need(")")
            return inner
        if self.eat("["):
            return ("list", self.comma("]", self.expression))
        if self.eat("{"):
            return ("obj", self.comma("}", self.pair))
        raise JexlError("unexpected token")


def parse(text):
    parser = Parser(lex(text))
    node = parser.expression()
    if parser.peek()[0] != "end":
        raise JexlError("trailing tokens")
    return node


# ---------------------------------------------------------------- values (serde_json)

def is_bool(v):
    return type(v) is bool


def is_number(v):
    return type(v) in (int, float)


def as_float(v):
    return float(v)


def same(a, b):
    """serde_json Value ==: integer and float Numbers differ."""
    if a is None or b is None:
        return a is None and b is None
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


def truthy(v):
    if v is None:
        return False
    if is_bool(v):
        return v
    if is_number(v):
        return as_float(v) != 0.0
    if isinstance(v, str):
        return v != ""
    return True


def number(x):
    """json!(f64): a Float, or Null when not finite."""
    if math.isnan(x) or math.isinf(x):
        return None
    return x


def arithmetic(op, a, b):
    try:
        if op == "+":
            return number(a + b)
        if op == "-":
            return number(a - b)
        if op == "*":
            return number(a * b)
        if op in ("/", "//"):
            if b == 0.0:
                return None  # inf or NaN
            q = a / b
            if op == "/":
                return number(q)
            if math.isinf(q):
                return None
            # Rust's f64::floor keeps the sign of zero; Python's math.floor returns an int.
            return q if q == 0.0 else float(math.floor(q))
        if op == "%":
            if b == 0.0:
                return None
            return number(math.fmod(a, b))
        if op == "^":
            return number(math.pow(a, b))
    except (OverflowError, ValueError, ZeroDivisionError):
        return None
    raise AssertionError(op)


def loose_equal(a, b):
    if is_number(a) and is_number(b):
        return abs(as_float(a) - as_float(b)) < 0.000001
    return same(a, b)


def binary(op, a, b):
    if op == "==":
        return loose_equal(a, b)
    if op == "!=":
        return not loose_equal(a, b)
    if is_number(a) and is_number(b):
        x, y = as_float(a), as_float(b)
        if op in ("+", "-", "*", "/", "//", "%", "^"):
            return arithmetic(op, x, y)
        if op == "<":
            return x < y
        if op == ">":
            return x > y
        if op == "<=":
            return x <= y
        if op == ">=":
            return x >= y
        if op == "in":
            return False
    if isinstance(a, str) and isinstance(b, str):
        if op == "+":
            return a + b
        if op == "in":
            return a in b
        if op == "<":
            return a < b
        if op == ">":
            return a > b
        if op == "<=":
            return a <= b
        if op == ">=":
            return a >= b
        raise JexlError("string op")
    if op == "in" and isinstance(b, list):
        return any(same(a, x) for x in b)
    if op == "in" and isinstance(a, str) and isinstance(b, dict):
        return a in b
    raise JexlError("invalid binary op")


def get_member(subject, name):
    if isinstance(subject, dict):
        return subject.get(name)
    return None


class Evaluator:
    def __init__(self, context, transforms):
        self.context = context
        self.transforms = transforms

    def attempt(self, node):
        try:
            return (True, self.eval(node))
        except JexlError:
            return (False, None)

    def eval(self, node):
        kind = node[0]
        if kind == "value":
            return node[1]
        if kind == "ident":
            if node[1] not in self.context:
                raise JexlError("undefined")
            return self.context[node[1]]
        if kind == "list":
            return [self.eval(x) for x in node[1]]
        if kind == "obj":
            result = {}
            for key, value in node[1]:
                if key in result:
                    raise JexlError("duplicate key")
                result[key] = self.eval(value)
            return result
        if kind == "dot":
            return get_member(self.eval(node[1]), node[2])
        if kind == "index":
            subject = self.eval(node[1])
            index = self.eval(node[2])
            if isinstance(index, str):
                return get_member(subject, index)
            if is_number(index):
                i = max(0, math.floor(as_float(index)))
                if isinstance(subject, list) and i < len(subject):
                    return subject[i]
                return None
            raise JexlError("index type")
        if kind == "filter":
            subject = self.eval(node[1])
            if not isinstance(subject, list):
                raise JexlError("filter subject")
            right = self.eval(node[4])
            kept = []
            for element in subject:
                try:
                    if truthy(binary(node[3], get_member(element, node[2]), right)):
                        kept.append(element)
                except JexlError:
                    pass
            return kept
        if kind == "transform":
            subject = self.eval(node[2])
            args = [subject] + [self.eval(a) for a in (node[3] or [])]
            if node[1] not in self.transforms:
                raise JexlError("unknown transform")
            return self.transforms[node[1]](args)
        if kind == "cond":
            ok, value = self.attempt(node[1])
            return self.eval(node[2] if ok and truthy(value) else node[3])
        if kind == "bin":
            op = node[1]
            ok, left = self.attempt(node[2])
            if op == "||":
                if ok and truthy(left):
                    return left
                return self.eval(node[3])
            if op == "&&":
                if ok and truthy(left):
                    return self.eval(node[3])
                if not ok:
                    raise JexlError("left of &&")
                return left
            if not ok:
                raise JexlError("left operand")
            return binary(op, left, self.eval(node[3]))
        raise AssertionError(kind)


def length(args):
    subject = args[0]
    if isinstance(subject, (str, list)):
        return len(subject)
    raise JexlError("length of a non-string")


TRANSFORMS = {"length": length}


def canonical(v):
    if v is None:
        return "null"
    if is_bool(v):
        return "true" if v else "false"
    if type(v) is int:
        return "i%d" % v
    if type(v) is float:
        return "f" + struct.pack(">d", v).hex()
    if isinstance(v, str):
        return "s" + v.encode("utf-8").hex()
    if isinstance(v, list):
        return "[" + ",".join(canonical(x) for x in v) + "]"
    keys = sorted(v, key=lambda k: k.encode("utf-8"))
    return "{" + ",".join(k.encode("utf-8").hex() + ":" + canonical(v[k]) for k in keys) + "}"


def evaluate(text, context):
    try:
        return canonical(Evaluator(context, TRANSFORMS).eval(parse(text)))
    except JexlError:
        return "error"
    except RecursionError:
        return "error"


# ---------------------------------------------------------------- generator

CONTEXT = {
    "zero": 0, "one": 1, "three": 3, "neg": -2, "big": 4000000000,
    "half": 0.5, "threef": 3.0, "pi": 3.14159,
    "empty": "", "en": "en", "locale": "en-US", "num_text": "3", "true_text": "true",
    "yes": True, "no": False, "nothing": None,
    "ints": [1, 2, 3], "floats": [1.0, 2.5], "mixed": [1, "a", None, True, [1]], "none": [],
    "words": ["en", "de", "fr"],
    "user": {"age": 3, "name": "ann", "theme": None, "tags": ["a", "b"], "prefs": {"dark": True}},
    "emap": {"exp-a": "control", "exp-b": "treatment"},
    "people": [{"age": 3, "name": "ann"}, {"age": 40, "name": "bob"}, {"name": "cy"}, 7, None],
    "is_first_run": True, "days_since_install": 3,
}
MISSING = ["missing", "isFirstRun", "undefined_thing"]
ATOMS = {
    "number": ["zero", "one", "three", "neg", "big", "half", "threef", "pi", "days_since_install", "user.age",
               "ints[0]", "ints[5]", "floats[1]", "people[1].age", "people[2].age", "missing", "nothing"],
    "string": ["en", "locale", "empty", "num_text", "true_text", "user.name", "words[0]", "emap['exp-a']",
               "user.theme", "user['name']", "isFirstRun", "nothing"],
    "bool": ["yes", "no", "is_first_run", "nothing", "missing", "isFirstRun", "user.prefs.dark", "user.nope"],
    "list": ["ints", "floats", "mixed", "none", "words", "people", "user.tags", "people[.age >= 3]",
             "people[.name in 'ann bob']", "ints[.x == null]", "missing"],
    "object": ["user", "emap", "user.prefs", "people[0]", "{}", "{a: 1, 'b': [2]}", "{age: 3}"],
}
KINDS = sorted(ATOMS)


class Generator:
    def __init__(self, seed):
        self.random = random.Random(seed)

    def chance(self, p):
        return self.random.random() < p

    def choice(self, items):
        return self.random.choice(items)

    def number(self):
        r = self.random.random()
        if r < 0.45:
            return str(self.random.randint(0, 5))
        if r < 0.65:
            return "%d.%s" % (self.random.randint(0, 4), self.choice(["0", "5", "25", "1", "000001"]))
        if r < 0.75:
            return "." + str(self.random.randint(0, 9))
        return str(self.choice([0, 1, 2, 3, 40, 4000000000, 99999999999999999999, int("9" * 400)]))

    def string(self):
        text = self.choice(["", "en", "de", "a", "b", "ann", "exp-a", "en-US", "3", "true", "US", "it\\'s", "-", "e"])
        if self.chance(0.15):
            return '"' + text.replace("\\'", "'") + '"'
        return "'" + text + "'"

    def atom(self, kind):
        if kind == "number" and self.chance(0.5):
            return self.number()
        if kind == "string" and self.chance(0.5):
            return self.string()
        if kind == "bool" and self.chance(0.3):
            return self.choice(["true", "false", "null"])
        if kind == "list" and self.chance(0.3):
            pool = self.choice(["number", "string", "bool"])
            items = [self.atom(pool) for _ in range(self.random.randint(0, 3))]
            return "[" + ", ".join(items) + ("," if items and self.chance(0.1) else "") + "]"
        if self.chance(0.04):
            return self.choice(KINDS and ATOMS[self.choice(KINDS)])
        return self.choice(ATOMS[kind])

    def expression(self, depth, kind=None):
        kind = kind or self.choice(KINDS + ["bool", "bool", "number"])
        if depth <= 0 or self.chance(0.2):
            return self.atom(kind)
        d = depth - 1
        r = self.random.random()
        if kind == "bool":
            if r < 0.35:
                operand = self.choice(["number", "number", "string"])
                op = self.choice(["==", "!=", "<", "<=", ">", ">="])
                other = operand if self.chance(0.85) else self.choice(KINDS)
                return self.expression(d, operand) + " " + op + " " + self.expression(d, other)
            if r < 0.5:
                right = self.choice(["list", "list", "string", "object"])
                left = "string" if right in ("string", "object") or self.chance(0.5) else self.choice(KINDS)
                return self.expression(d, left) + " in " + self.expression(d, right)
            if r < 0.8:
                terms = [self.expression(d, "bool" if self.chance(0.8) else None) for _ in range(self.random.randint(2, 4))]
                text = terms[0]
                for term in terms[1:]:
                    text += " " + self.choice(["&&", "||"]) + " " + term
                return text
            if r < 0.9:
                return "(" + self.expression(d, "bool") + ")"
            return self.conditional(d, kind)
        if kind == "number":
            if r < 0.55:
                op = self.choice(["+", "-", "*", "/", "//", "%", "^"])
                return self.expression(d, "number") + " " + op + " " + self.expression(d, "number" if self.chance(0.9) else None)
            if r < 0.7:
                return "(" + self.expression(d, "number") + ")"
            if r < 0.8:
                return self.expression(0, self.choice(["string", "list"])) + "|" + self.choice(["length", "length()", "unknown"])
            if r < 0.9:
                return self.conditional(d, kind)
            return self.expression(0, "list") + "[" + self.expression(d, "number") + "]"
        if kind == "string":
            if r < 0.4:
                return self.expression(d, "string") + " + " + self.expression(d, "string" if self.chance(0.9) else None)
            if r < 0.6:
                return self.conditional(d, kind)
            if r < 0.8:
                return self.expression(0, "object") + "[" + self.expression(d, "string") + "]"
            return "(" + self.expression(d, "string") + ")"
        if kind == "list":
            if r < 0.4:
                items = [self.expression(d) for _ in range(self.random.randint(0, 3))]
                return "[" + ", ".join(items) + "]"
            if r < 0.7:
                member = self.choice(["age", "name", "x"])
                op = self.choice(sorted(COMPARISONS))
                return self.atom("list") + "[.%s %s %s]" % (member, op, self.atom(self.choice(["number", "string"])))
            return self.conditional(d, kind)
        # object
        if r < 0.5:
            keys = [self.choice(["a", "b", "'c'", '"d"', "age", "'exp-a'"]) for _ in range(self.random.randint(0, 3))]
            return "{" + ", ".join("%s: %s" % (k, self.expression(d)) for k in keys) + "}"
        return self.expression(0, "object") + "." + self.choice(["prefs", "age", "x", "name"])

    def conditional(self, depth, kind):
        condition = self.expression(0, self.choice(["bool", "bool", "number", "string"]))
        text = condition + " ? " + self.atom(kind) + " : " + self.atom(kind)
        if self.chance(0.2):
            text += " ? " + self.atom(kind) + " : " + self.atom(kind)
        if self.chance(0.3):
            text = "(" + text + ")"
        return text

    def mutate(self, text):
        """Occasionally break the text, so errors are compared too."""
        r = self.random.random()
        if r < 0.02:
            return "!" + text
        if r < 0.03:
            return "-" + text
        if r < 0.05 and len(text) > 1:
            return text[:self.random.randint(1, len(text) - 1)]
        if r < 0.08:
            cut = self.random.randint(0, len(text))
            return text[:cut] + self.choice(["(", ")", "]", ",", "=", "&", ".", "?", ":", "|", "\u00e9", "\\", "[", "{"]) + text[cut:]
        if r < 0.10:
            return text + " " + self.choice(["&&", "||", "==", "+", "?", "|"]) + " " + self.expression(1)
        return text

    def generate(self):
        return self.mutate(self.expression(self.random.randint(1, 3)))


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--count", type=int, default=6000)
    arguments.add_argument("--seed", type=int, default=18)
    options = arguments.parse_args()
    generator = Generator(options.seed)
    print(json.dumps(CONTEXT))
    for _ in range(options.count):
        text = generator.generate()
        print(json.dumps({"expression": text, "result": evaluate(text, CONTEXT)}))


if __name__ == "__main__":
    main()
