extension ExposureRequest {
    /// A copy with one change applied; builders' modifiers are one-liners on top of it.
    func refined(_ change: (inout Self) -> Void) -> Self {
        var copy = self
        change(&copy)
        return copy
    }
}
