/// Whether two header names are the same, ignoring ASCII case: header names are tokens (ASCII),
/// and Foundation's `caseInsensitiveCompare` (Unicode folding through CoreFoundation) was a
/// visible share of every request's CPU on Linux.
func equalIgnoringASCIICase<Name: Collection<UInt8>, Other: Collection<UInt8>>(_ name: Name, _ other: Other) -> Bool {
    name.count == other.count && zip(name, other).allSatisfy { lowered($0) == lowered($1) }
}

private func lowered(_ byte: UInt8) -> UInt8 {
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
}
