#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Formats

/// A parsed JEXL targeting expression, evaluated as jexl-rs 0.4 (the engine the mobile Nimbus
/// SDK links) evaluates it against a client's targeting context.
///
/// The whole jexl-rs language: number, string, boolean and `null` literals, lists, objects;
/// identifiers, `.member`, `[index]` and filters `[.member == value]`; `+ - * / // % ^`;
/// `== != < <= > >= in`; `&& ||` (one precedence, left to right); `a ? b : c`; and the
/// transforms the host registers (`subject | name(arguments)`). See `JEXLParser` for the
/// grammar. The results are jexl-rs's, including where they surprise:
/// - every number literal and every arithmetic result is a float; a result that is not finite
///   (`1 / 0`) is `null`, as serde_json stores it;
/// - `==` between two numbers is a float comparison within 0.000001, but lists and objects
///   (and `in` over a list) compare with serde_json's equality, where the integer `3` is not the
///   float `3.0`;
/// - a missing member or index is `null`, while an undefined top-level identifier is an error;
/// - `&&`, `||` and `? :` treat an error on their left as false (so `missing || x` is `x`);
/// - there is no `!` and no unary minus: such an expression is a syntax error, as on a device.
///
/// `warnings` lists, in plain sentences, where jexl-rs reads the expression differently from
/// what its author probably meant.
///
/// ```swift
/// let expression = try JEXLExpression(parse: "language in ['en', 'de'] && days_since_install < 7")
/// try expression.evaluate(in: ["language": "en", "days_since_install": 3])  // .bool(true)
/// ```
public struct JEXLExpression: Sendable, Hashable {
    /// The expression as written.
    public let source: String
    /// Sentences about where jexl-rs's reading of this expression is likely not the intended one
    /// (`a || b && c`, `x in [1, 2]`, `a == b ? c : d`); empty for most expressions.
    public let warnings: [String]
    let root: JEXLNode

    public init(parse source: String) throws(JEXLError) {
        self.source = source
        (self.root, self.warnings) = try JEXLParser.parse(source)
    }

    /// The value of the expression with identifiers looked up in `context`.
    public func evaluate(in context: [String: JSONValue], transforms: JEXLTransforms = .stateless) throws(JEXLError) -> JSONValue {
        try Self.evaluate(root, in: context, transforms: transforms)
    }

    /// The value of the expression, which must be a boolean, as the Nimbus SDK requires of
    /// targeting (a string or number result is an error, not a truthy value).
    public func evaluateCondition(in context: [String: JSONValue], transforms: JEXLTransforms = .stateless) throws(JEXLError) -> Bool {
        let value = try evaluate(in: context, transforms: transforms)
        guard case .bool(let result) = value else {
            throw .typeMismatch("targeting must give a boolean, but `\(source)` gave \(value.kindAndText); the SDK reports this as an invalid expression")
        }
        return result
    }

    /// jexl-rs's truthiness (JavaScript's), which `&&`, `||`, `? :` and filters use: `false`,
    /// `null`, `0` and `""` are false; everything else, including empty lists and objects, is true.
    public static func isTruthy(_ value: JSONValue) -> Bool {
        switch value {
        case .null: false
        case .bool(let bool): bool
        case .int(let int): int != 0
        case .double(let double): double != 0 && !double.isNaN
        case .string(let string): !string.isEmpty
        case .array, .object: true
        }
    }

    // MARK: - Evaluation

    /// The outcome of evaluating `node`, an error included, for the operators that inspect one.
    static func attempt(_ node: JEXLNode, in context: [String: JSONValue], transforms: JEXLTransforms) -> Result<JSONValue, JEXLError> {
        do { return .success(try evaluate(node, in: context, transforms: transforms)) } catch { return .failure(error) }
    }

    /// jexl-eval's `impl Truthy for Result<Value>`: an error is false.
    static func isTruthy(_ outcome: Result<JSONValue, JEXLError>) -> Bool {
        if case .success(let value) = outcome { isTruthy(value) } else { false }
    }

    private static func evaluate(_ node: JEXLNode, in context: [String: JSONValue], transforms: JEXLTransforms) throws(JEXLError) -> JSONValue {
        switch node {
        case .literal(let value):
            return value
        case .identifier(let name):
            // jexl-eval: `context.get(&inner)` or `UndefinedIdentifier`; an attribute the SDK
            // serializes as `null` (an absent Option) is defined and null.
            guard let value = context[name] else { throw .undefinedIdentifier(name) }
            return value
        case .array(let elements):
            var values: [JSONValue] = []
            values.reserveCapacity(elements.count)
            for element in elements { values.append(try evaluate(element, in: context, transforms: transforms)) }
            return .array(values)
        case .object(let entries):
            var members: [String: JSONValue] = [:]
            for entry in entries {
                // The key is checked before its value is evaluated, as jexl-eval does. Keys are ASCII
                // (the lexer refuses anything else), so dictionary lookup is byte equality.
                if members[entry.key] != nil { throw .duplicateObjectKey(entry.key) }
                members[entry.key] = try evaluate(entry.value, in: context, transforms: transforms)
            }
            return .object(members)
        case .chain(let first, let links):
            return try evaluateChain(first, links, in: context, transforms: transforms)
        case .conditional(let condition, let branches):
            // jexl-eval: `if self.eval_ast(*left, context).is_truthy()`: an error in the
            // condition picks the false branch.
            var outcome = attempt(condition, in: context, transforms: transforms)
            for branch in branches {
                outcome = attempt(isTruthy(outcome) ? branch.truthy : branch.falsy, in: context, transforms: transforms)
            }
            return try outcome.get()
        case .postfix(let base, let steps):
            var value = try evaluate(base, in: context, transforms: transforms)
            for step in steps {
                value = try apply(step, to: value, in: context, transforms: transforms)
            }
            return value
        }
    }

    /// A loop over the chain, never recursion along it (see `JEXLNode`).
    ///
    /// `&&` and `||` follow jexl-eval's `eval_op`: the left side is kept as a `Result`, and
    /// `Or => if left.is_truthy() { left? } else { eval_right()? }`,
    /// `And => if left.is_truthy() { eval_right()? } else { left? }`, where an error is not
    /// truthy. So an error on the left of `||` is skipped (`missing || x` is `x`), one on the
    /// left of `&&` is the result, and one on the right of either is the result when that side
    /// is evaluated. This is how Experimenter's first-run targeting
    /// `(isFirstRun == 'true' || is_first_run == true) && days_since_install < 7` enrolls an iOS
    /// client, whose context has `is_first_run` but no `isFirstRun` (Nimbus's `targeting.rs`
    /// passes the context and the expression to jexl-eval unchanged).
    private static func evaluateChain(_ first: JEXLNode, _ links: [JEXLNode.Link],
                                      in context: [String: JSONValue], transforms: JEXLTransforms) throws(JEXLError) -> JSONValue {
        if links[0].op == .and || links[0].op == .or {
            var outcome = attempt(first, in: context, transforms: transforms)
            for link in links {
                let evaluateRight = link.op == .or ? !isTruthy(outcome) : isTruthy(outcome)
                if evaluateRight { outcome = attempt(link.operand, in: context, transforms: transforms) }
            }
            return try outcome.get()
        }
        var value = try evaluate(first, in: context, transforms: transforms)
        for (offset, link) in links.enumerated() {
            let right = try evaluate(link.operand, in: context, transforms: transforms)
            value = try apply(link.op, value, right, source: JEXLNode.sourceText(first, links[...offset]))
        }
        return value
    }

    private static func apply(_ step: JEXLNode.Step, to subject: JSONValue,
                              in context: [String: JSONValue], transforms: JEXLTransforms) throws(JEXLError) -> JSONValue {
        switch step {
        case .member(let name):
            // `subject.get(&ident).unwrap_or(null)`: a missing member, or any member of a
            // non-object, is null.
            return member(name, of: subject)
        case .index(let indexNode):
            let key = try evaluate(indexNode, in: context, transforms: transforms)
            switch key {
            case .string(let name):
                return member(name, of: subject)
            case .int, .double:
                // `as_f64().floor() as usize`: Rust's cast saturates, so a negative index is 0.
                guard case .array(let elements) = subject else { return .null }
                let floored = (key.numberValue ?? 0).rounded(.down)
                let offset = floored.isNaN || floored < 0 ? 0 : floored
                return offset < Double(elements.count) ? elements[Int(offset)] : .null
            default:
                throw .typeMismatch("cannot index with \(key.kindAndText): an index is a number (lists) or a string (objects)")
            }
        case .filter(let name, let op, let operandNode):
            guard case .array(let elements) = subject else {
                throw .typeMismatch("the filter `[.\(name) \(op.rawValue) …]` needs a list, found \(subject.kindName)")
            }
            let operand = try evaluate(operandNode, in: context, transforms: transforms)
            // An element whose comparison fails (an error) is left out, as jexl-eval does.
            return .array(elements.filter { element in
                guard let result = try? apply(op, member(name, of: element), operand, source: "") else { return false }
                return isTruthy(result)
            })
        case .transform(let name, let argumentNodes):
            var arguments: [JSONValue] = []
            arguments.reserveCapacity(argumentNodes.count)
            for node in argumentNodes { arguments.append(try evaluate(node, in: context, transforms: transforms)) }
            guard let transform = transforms.byName[name] else {
                throw .unknownTransform(name, known: transforms.byName.keys.sorted())
            }
            return try transform(subject, arguments)
        }
    }

    private static func member(_ name: String, of value: JSONValue) -> JSONValue {
        guard case .object(let members) = value else { return .null }
        return members[name] ?? .null
    }

    /// `left op right` as jexl-eval's `apply_op`, whose cases are tried in this order;
    /// `source` (the text of the operation, for errors) is only made when one is thrown.
    static func apply(_ op: JEXLNode.Operator, _ left: JSONValue, _ right: JSONValue,
                      source: @autoclosure () -> String) throws(JEXLError) -> JSONValue {
        switch op {
        case .equal: return .bool(looselyEqual(left, right))
        case .notEqual: return .bool(!looselyEqual(left, right))
        case .and: return isTruthy(left) ? right : left
        case .or: return isTruthy(left) ? left : right
        default: break
        }
        if let a = left.numberValue, let b = right.numberValue {
            switch op {
            case .add: return float(a + b)
            case .subtract: return float(a - b)
            case .multiply: return float(a * b)
            case .divide: return float(a / b)
            case .floorDivide: return float((a / b).rounded(.down))
            case .modulus: return float(a.truncatingRemainder(dividingBy: b))
            case .exponent: return float(pow(a, b))
            case .less: return .bool(a < b)
            case .greater: return .bool(a > b)
            case .lessEqual: return .bool(a <= b)
            case .greaterEqual: return .bool(a >= b)
            case .in: return .bool(false)
            case .equal, .notEqual, .and, .or: break
            }
        }
        if case .string(let a) = left, case .string(let b) = right {
            switch op {
            case .add: return .string(a + b)
            case .in: return .bool(containsBytes(b, a))
            case .less: return .bool(a.utf8.lexicographicallyPrecedes(b.utf8))
            case .greater: return .bool(b.utf8.lexicographicallyPrecedes(a.utf8))
            case .lessEqual: return .bool(!b.utf8.lexicographicallyPrecedes(a.utf8))
            case .greaterEqual: return .bool(!a.utf8.lexicographicallyPrecedes(b.utf8))
            default: throw invalidOperation(op, left, right, source())
            }
        }
        if op == .in {
            if case .array(let elements) = right { return .bool(elements.contains { strictlyEqual(left, $0) }) }
            if case .string(let key) = left, case .object(let members) = right {
                return .bool(members.keys.contains { sameText($0, key) })
            }
        }
        throw invalidOperation(op, left, right, source())
    }

    private static func invalidOperation(_ op: JEXLNode.Operator, _ left: JSONValue, _ right: JSONValue, _ source: String) -> JEXLError {
        let what = switch op {
        case .in: "`in` needs a string or list on its right (or a string key on its left and an object on its right)"
        case .add: "`+` adds two numbers or joins two strings"
        case .less, .lessEqual, .greater, .greaterEqual: "`\(op.rawValue)` compares two numbers or two strings"
        default: "`\(op.rawValue)` needs two numbers"
        }
        let place = source.isEmpty ? "" : " in `\(source)`"
        return .typeMismatch("\(what), found \(left.kindName) and \(right.kindName)\(place)")
    }

    /// A float result as serde_json stores it: not finite is `null`.
    private static func float(_ value: Double) -> JSONValue {
        value.isFinite ? .double(value) : .null
    }

    /// jexl-eval's `Equal`: numbers within 0.000001 of each other, strings byte for byte,
    /// booleans, nulls, and lists and objects by serde_json's (strict) equality.
    static func looselyEqual(_ left: JSONValue, _ right: JSONValue) -> Bool {
        if let a = left.numberValue, let b = right.numberValue { return abs(a - b) < 0.000001 }
        return strictlyEqual(left, right)
    }

    /// serde_json's `Value` equality: the integer 1 is not the float 1.0, strings compare by
    /// their bytes (not by Swift's canonical equivalence).
    static func strictlyEqual(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.string(let a), .string(let b)): return sameText(a, b)
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { strictlyEqual($0, $1) }
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { key, value in b[key].map { strictlyEqual(value, $0) } ?? false }
        default: return false
        }
    }

    /// Byte equality, compared in one `memcmp` over the strings' contiguous UTF-8 (native
    /// strings already are; `withUTF8` makes any other one so).
    private static func sameText(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a, b = b
        return a.withUTF8 { left in
            b.withUTF8 { right in left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
        }
    }

    /// Rust's `str::contains`: a byte substring (the empty string is in every string).
    private static func containsBytes(_ haystack: String, _ needle: String) -> Bool {
        let needle = Array(needle.utf8)
        if needle.isEmpty { return true }
        let haystack = Array(haystack.utf8)
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}

private extension JSONValue {
    /// A number as jexl-eval reads it (`as_f64`).
    var numberValue: Double? {
        switch self {
        case .int(let int): Double(int)
        case .double(let double): double
        default: nil
        }
    }
}
