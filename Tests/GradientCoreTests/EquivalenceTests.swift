import Testing

@testable import GradientCore

private func spec(_ query: String) throws -> GradientSpec {
    try GradientSpec(queryItems: try QueryString.decode(Substring(query)))
}

@Suite("Canonical form and stable hash")
struct EquivalenceTests {
    @Test(
        "queries that mean the same image share canonical form and hash",
        arguments: [
            [
                "colors=red,blue", "colors=ff0000,0000ff", "colors=%23f00,%230000ff",
                "colors=rgb(255+0+0),rgb(0,0,255)",
                "colors=RED,Blue&dir=vertical", "colors=red,blue&dir=to-bottom", "colors=red,blue&angle=180",
                "colors=red,blue&angle=0.5turn", "colors=red,blue&angle=200grad",
                "colors=red,blue&dir=to-left&angle=180",
                "colors=red@0,blue@1",
                "colors=red@0%25,blue@100%25",
                "colors=red,blue&width=512&height=512&scale=1&dither=on&depth=8&spread=pad",
                "colors=red,blue&start=0.5,0&end=0.5,1", "colors=hsl(0+100%25+50%25),blue",
                "colors=red,blue&space=srgb",
                "colors=red,blue&dither=true&format=png", "colors=red,blue&width=256&height=256&scale=2",
            ],
            [
                "colors=red,blue&dir=horizontal&width=1200&height=630",
                "colors=red,blue&angle=90deg&width=1200&height=630",
                "colors=red@0px,blue@1200px&dir=to-right&width=1200&height=630",
                "colors=red,50%25,blue&dir=to-right&width=1200&height=630",
            ],
            ["colors=red,blue&depth=16&dither=on", "colors=red,blue&depth=16&dither=off"],
            [
                "type=radial&colors=red,blue&width=200&height=100&shape=circle&size=farthest-corner",
                "type=radial&colors=red,blue&width=200&height=100&shape=circle&size=closest-corner&center=50%25,0.5",
            ],
        ])
    func equivalent(queries: [String]) throws {
        let reference = try spec(queries[0])
        for query in queries.dropFirst() {
            let other = try spec(query)
            #expect(other.canonicalForm == reference.canonicalForm, "\(query)")
            #expect(other.stableHash(version: "v") == reference.stableHash(version: "v"))
        }
    }

    @Test(
        "different images have different canonical forms",
        arguments: [
            ("colors=red,blue", "colors=red,blue&dither=off"), ("colors=red,blue", "colors=blue,red"),
            ("colors=red,blue", "colors=red,blue&width=513"), ("colors=red,blue", "colors=red,blue&space=oklab"),
            ("colors=red,blue&space=oklch", "colors=red,blue&space=oklch&hue=longer"),
            ("colors=red,blue", "colors=red,blue&spread=reflect"), ("colors=red,blue", "colors=red,blue&depth=16"),
            ("colors=red,blue", "colors=red,30%25,blue"), ("colors=red,blue", "colors=rgb(255+0+0+/+0.5),blue"),
        ])
    func different(a: String, b: String) throws {
        #expect(try spec(a).canonicalForm != spec(b).canonicalForm)
        #expect(try spec(a).stableHash(version: "v") != spec(b).stableHash(version: "v"))
    }

    @Test("the canonical form is readable and exact")
    func canonicalText() throws {
        let text = try spec("colors=red,blue&width=1920&height=1080").canonicalForm
        #expect(text == "1920x1080 d8 dither linear(960 0, 960 1080) pad srgb stops(1 0 0 / 1 @0; 0 0 1 / 1 @1)")
    }

    @Test("the hash includes the version and is SHA-256 of version, newline and canonical form")
    func hashDefinition() throws {
        let s = try spec("colors=red,blue")
        #expect(s.stableHash(version: "a") != s.stableHash(version: "b"))
        #expect(s.stableHash(version: "v1") == SHA256.hexDigest(of: Array(("v1\n" + s.canonicalForm).utf8)))
    }

    @Test(
        "SHA-256 matches the FIPS 180-4 test vectors",
        arguments: [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
        ])
    func sha256Vectors(message: String, digest: String) {
        #expect(SHA256.hexDigest(of: Array(message.utf8)) == digest)
    }

    @Test("SHA-256 of a million 'a's")
    func sha256Long() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hexDigest(of: message) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
