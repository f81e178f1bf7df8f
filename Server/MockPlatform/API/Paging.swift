extension Array {
    /// Page `number` (from 1) of pages of `size` elements; empty past the end.
    func page(_ number: Int, size: Int) -> [Element] {
        let start = (number - 1) * size
        guard start < count else { return [] }
        return Array(self[start..<Swift.min(count, start + size)])
    }
}
