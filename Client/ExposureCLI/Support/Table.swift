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
        let all = [headers] + rows
        let widths = headers.indices.map { column in all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// `label  value` lines with the labels aligned; pairs with a nil value are left out.
    static func fields(_ pairs: [(String, String?)]) -> String {
        let present = pairs.compactMap { label, value in value.map { (label, $0) } }
        let width = present.map(\.0.count).max() ?? 0
        return present.map { "\($0.0.padding(toLength: width, withPad: " ", startingAt: 0))  \($0.1)" }.joined(separator: "\n")
    }
}
