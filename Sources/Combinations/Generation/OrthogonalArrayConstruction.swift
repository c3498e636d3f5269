/// Bush's orthogonal arrays OA(q^t; t, q+1, q) over GF(q), folded to fewer values per column.
///
/// Each row is a polynomial of degree below t over GF(q); its columns are the polynomial's
/// values at the q field elements, plus its leading coefficient (the point at infinity). Two
/// polynomials of degree below t that agree at t points are equal, so every t columns hold every
/// t-tuple exactly once: q^t rows, the fewest possible when all q+1 columns have q values. For
/// strength 3 and q a power of 2 a further column (the coefficient of x) keeps the property,
/// giving q+2 columns. A column with fewer values v takes each symbol modulo v, which keeps every
/// tuple covered; rows made equal by that are dropped.
enum OrthogonalArrayConstruction {
    /// The number of columns the array over GF(`q`) has at strength `t`.
    static func columnCount(q: Int, strength t: Int) -> Int {
        t == 3 && q.nonzeroBitCount == 1 && q >= 4 ? q + 2 : q + 1
    }

    /// The folded array for `levels` at `strength`, from the smallest prime power q at least the
    /// largest level that has enough columns, or `nil` when that would take more than `rowLimit` rows.
    static func rows(levels: [Int], strength t: Int, rowLimit: Int) -> [[Int32]]? {
        guard t >= 2, let largest = levels.max(), largest >= 2 else { return nil }
        var q = max(largest, t)
        while true {
            let size = GaloisField.power(q, t)
            if size > rowLimit || q > 256 { return nil }
            if columnCount(q: q, strength: t) >= levels.count, let field = GaloisField(order: q) {
                return build(field: field, levels: levels, strength: t)
            }
            q += 1
        }
    }

    static func build(field: GaloisField, levels: [Int], strength t: Int) -> [[Int32]] {
        let q = field.order
        var rows: [[Int32]] = []
        var seen = Set<[Int32]>()
        var coefficients = [Int](repeating: 0, count: t)
        for code in 0..<GaloisField.power(q, t) {
            var rest = code
            for index in 0..<t { coefficients[index] = rest % q; rest /= q }
            var full: [Int] = []
            for x in 0..<q {
                // Horner's rule, highest coefficient first.
                var y = 0
                for coefficient in coefficients.reversed() { y = field.add[field.multiply[y][x]][coefficient] }
                full.append(y)
            }
            full.append(coefficients[t - 1])
            if t == 3 { full.append(coefficients[1]) }
            let row = levels.indices.map { Int32(full[$0] % levels[$0]) }
            if seen.insert(row).inserted { rows.append(row) }
        }
        return rows
    }
}
