/// SplitMix64: a small deterministic generator for the seeded fuzz and property tests of every
/// test target, so a failing run replays exactly from the seed it names.
public struct SplitMix: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SplitMix {
    /// Any Unicode scalar, each UTF-8 length equally likely, so fuzzed text reaches multi-byte
    /// and astral characters as often as ASCII.
    public mutating func nextScalar() -> Unicode.Scalar {
        while true {
            let value: UInt32 = switch Int.random(in: 0 ..< 4, using: &self) {
            case 0: UInt32.random(in: 0 ... 0x7F, using: &self)
            case 1: UInt32.random(in: 0x80 ... 0x7FF, using: &self)
            case 2: UInt32.random(in: 0x800 ... 0xFFFF, using: &self)
            default: UInt32.random(in: 0x10000 ... 0x10FFFF, using: &self)
            }
            if let scalar = Unicode.Scalar(value) { return scalar }
        }
    }
}
