/// A change of the journal, as its watchers hear of it.
package enum JournalChange: Sendable, Equatable {
    /// A request was recorded.
    case recorded(JournalEntry)
    /// Every entry was forgotten; ids start again from 1.
    case cleared
}
