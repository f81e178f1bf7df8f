/// How much of each asset a list or search answers with (`fieldSet`).
public enum FieldSet: String, Sendable, Hashable, CaseIterable {
    /// Every field.
    case all = "ALL"
    /// Ids, titles, type, duration and episode numbering.
    case partial = "PARTIAL"
    /// The asset id only (add fields with `include(fields:)`).
    case none = "NONE"
}
