import Foundation

/// Plain-text tables with aligned columns, for terminal output.
struct Table {
    let headers: [String]
    var rows: [[String]] = []

    init(_ headers: String...) { self.headers = headers }

    mutating func add(_ cells: String...) { rows.append(cells) }

    /// Columns separated by two spaces and padded to their widest cell; the last is not padded
    /// so lines carry no trailing blanks.
    var rendered: String {
        render(widths: naturalWidths).joined(separator: "\n")
    }

    /// The table with headers in bold where colour is allowed; with `shrinking`, within
    /// `style.width` columns: cells of that column (a title, say) are cut with `…` as far as needed.
    func rendered(_ style: TerminalStyle, shrinking column: Int? = nil) -> String {
        var widths = naturalWidths
        if let column {
            let total = widths.reduce(0, +) + 2 * (widths.count - 1)
            widths[column] = max(widths[column] - max(total - style.width, 0), 3)
        }
        let lines = render(widths: widths)
        return ([style.bold(lines[0])] + lines.dropFirst()).joined(separator: "\n")
    }

    private var naturalWidths: [Int] {
        let all = [headers] + rows
        return headers.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
    }

    private func render(widths: [Int]) -> [String] {
        ([headers] + rows).map { row in
            row.enumerated().map { column, cell in
                let fitted = cell.count > widths[column] ? cell.prefix(widths[column] - 1) + "…" : cell
                return column == row.count - 1 ? fitted : fitted.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
    }

    /// `label  value` lines with the labels aligned; pairs with a nil value are left out.
    static func fields(_ pairs: [(String, String?)]) -> String {
        let present = pairs.compactMap { label, value in value.map { (label, $0) } }
        let width = present.map(\.0.count).max() ?? 0
        return present.map { "\($0.0.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.1)" }.joined(separator: "\n")
    }
}
