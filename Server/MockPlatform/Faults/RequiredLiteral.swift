/// The longest piece of plain text every match of a regular expression must contain, so a rule
/// can skip its regex (about a microsecond on Linux) for paths that lack it (a few nanoseconds).
///
/// Conservative by design: patterns with alternation, inline options or lookaround get no
/// literal, and characters made optional by a quantifier are left out, so a path without the
/// literal can never match the pattern.
enum RequiredLiteral {
    static func of(_ pattern: String) -> String? {
        let characters = Array(pattern)
        if characters.contains("|") || pattern.contains("(?") { return nil }
        var best = ""
        var run = ""
        var depth = 0
        var inClass = false
        var index = 0
        func endRun() {
            if depth == 0, run.count > best.count { best = run }
            run = ""
        }
        while index < characters.count {
            let character = characters[index]
            var literal: Character?
            switch character {
            case "\\":
                guard index + 1 < characters.count else { return nil }
                let escaped = characters[index + 1]
                index += 1
                // \d, \w, \b, \Q… and friends are classes or assertions, not text.
                if !escaped.isLetter && !escaped.isNumber { literal = escaped }
            case "[": if !inClass { inClass = true }
            case "]": inClass = false
            case "(": if !inClass { depth += 1 }
            case ")": if !inClass { depth = max(0, depth - 1) }
            case "{":
                // A counted quantifier: its digits are not text. Skip to its end.
                while index + 1 < characters.count, characters[index + 1] != "}" { index += 1 }
            case ".", "^", "$", "*", "+", "?", "}": break
            default: literal = inClass ? nil : character
            }
            guard let literal, !inClass, depth == 0 else {
                endRun()
                index += 1
                continue
            }
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if next == "?" || next == "*" || next == "{" {
                endRun()  // this character may be absent
            } else {
                run.append(literal)
                if next == "+" { endRun() }
            }
            index += 1
        }
        endRun()
        return best.isEmpty ? nil : best
    }

    /// Whether `text` contains `literal`, compared byte by byte.
    static func text(_ text: String, contains literal: String) -> Bool {
        let haystack = Array(text.utf8)
        let needle = Array(literal.utf8)
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
