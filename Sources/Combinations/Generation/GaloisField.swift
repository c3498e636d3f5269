/// Arithmetic in the finite field GF(q) for a prime power q = p^m, as addition and
/// multiplication tables over the elements 0..<q (an element is a polynomial over GF(p) of
/// degree < m, written in base p).
///
/// The orthogonal-array construction evaluates polynomials over it. The reducing polynomial is
/// the first monic irreducible one of degree m in lexicographic order, found by trial, so no
/// table of polynomials is needed.
struct GaloisField {
    let order: Int
    let add: [[Int]]
    let multiply: [[Int]]

    /// The field of `order` elements, or `nil` when `order` is not a prime power.
    init?(order: Int) {
        guard order >= 2, let (prime, degree) = Self.primePower(order) else { return nil }
        self.order = order
        func digits(_ x: Int) -> [Int] { (0..<degree).map { (x / Self.power(prime, $0)) % prime } }
        func number(_ digits: [Int]) -> Int { digits.enumerated().reduce(0) { $0 + $1.element * Self.power(prime, $1.offset) } }
        add = (0..<order).map { a in (0..<order).map { b in number(zip(digits(a), digits(b)).map { ($0 + $1) % prime }) } }
        if degree == 1 {
            multiply = (0..<order).map { a in (0..<order).map { b in a * b % prime } }
            return
        }
        // The first monic irreducible polynomial of this degree: one with no root and no factor
        // of lower degree, tested by dividing by every monic polynomial of degree 1..degree/2.
        let modulus = Self.irreducible(prime: prime, degree: degree)
        func product(_ a: [Int], _ b: [Int]) -> [Int] {
            var result = [Int](repeating: 0, count: 2 * degree - 1)
            for (i, x) in a.enumerated() { for (j, y) in b.enumerated() { result[i + j] = (result[i + j] + x * y) % prime } }
            for power in stride(from: result.count - 1, through: degree, by: -1) where result[power] != 0 {
                let factor = result[power]
                for (i, coefficient) in modulus.enumerated() {
                    result[power - degree + i] = ((result[power - degree + i] - factor * coefficient) % prime + prime) % prime
                }
            }
            return Array(result.prefix(degree))
        }
        multiply = (0..<order).map { a in (0..<order).map { b in number(product(digits(a), digits(b))) } }
    }

    static func power(_ base: Int, _ exponent: Int) -> Int { (0..<exponent).reduce(1) { result, _ in result * base } }

    /// `(p, m)` with `p^m == n`, for a prime `p`.
    static func primePower(_ n: Int) -> (Int, Int)? {
        var prime = 2
        while prime * prime <= n && n % prime != 0 { prime += 1 }
        if n % prime != 0 { prime = n }
        var rest = n, degree = 0
        while rest % prime == 0 { rest /= prime; degree += 1 }
        return rest == 1 ? (prime, degree) : nil
    }

    /// The coefficients (lowest first, leading 1 included) of the first monic irreducible
    /// polynomial of `degree` over GF(`prime`).
    static func irreducible(prime: Int, degree: Int) -> [Int] {
        func remainder(_ a: [Int], _ b: [Int]) -> [Int] {
            var a = a
            let leading = b.count - 1
            for power in stride(from: a.count - 1, through: leading, by: -1) where a[power] != 0 {
                let factor = a[power]   // b is monic
                for (i, coefficient) in b.enumerated() { a[power - leading + i] = ((a[power - leading + i] - factor * coefficient) % prime + prime) % prime }
            }
            return Array(a.prefix(leading))
        }
        func monic(_ degree: Int) -> [[Int]] {
            (0..<power(prime, degree)).map { code in (0..<degree).map { (code / power(prime, $0)) % prime } + [1] }
        }
        for candidate in monic(degree) {
            let reducible = (1...(degree / 2)).contains { lower in monic(lower).contains { remainder(candidate, $0).allSatisfy { $0 == 0 } } }
            if !reducible { return candidate }
        }
        preconditionFailure("every degree has an irreducible polynomial")
    }
}
