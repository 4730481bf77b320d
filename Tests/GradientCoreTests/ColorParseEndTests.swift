import Testing

@testable import GradientCore

@Suite("Parsing a colour inside longer text")
struct ColorParseEndTests {
    private func parse(_ text: String, at start: Int = 0, bareHex: Bool = false) throws -> (CSSColor, Int) {
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { buffer throws(ColorSyntaxError) in
            let result = try CSSColor.parse(buffer, at: start, allowsBareHex: bareHex)
            return (result.color, result.end)
        }
    }

    @Test(arguments: [
        ("red 20%", 0, 3),
        ("rgb(1 2 3)),", 0, 10),
        ("#fff, blue", 0, 4),
        ("linear-gradient(red, blue)", 16, 19),
        ("linear-gradient(red, blue)", 21, 25),
        ("hsl(0 0% 0%)/x", 0, 12),
        ("oklch(0.5 0.1 20 / 50%) 10% 20%", 0, 23),
        ("rgba(1, 2, 3, 0.5)a", 0, 18),
        ("transparent)", 0, 11),
    ])
    func theEndIndexPointsJustPastTheColour(text: String, start: Int, end: Int) throws {
        let (_, parsedEnd) = try parse(text, at: start)
        #expect(parsedEnd == end)
    }

    @Test func bareHexStopsAtTheFirstNonNameByte() throws {
        let (parsed, end) = try parse("111 0.5", bareHex: true)
        #expect(end == 3)
        #expect(isClose(parsed.components, SIMD3(repeating: 17.0 / 255), tolerance: 1e-12))
    }

    @Test func errorOffsetsCountFromTheStartOfTheBuffer() {
        let bytes = Array("linear-gradient(red, bleu)".utf8)
        let error = bytes.withUnsafeBufferPointer { buffer -> ColorSyntaxError? in
            do throws(ColorSyntaxError) {
                _ = try CSSColor.parse(buffer, at: 21, allowsBareHex: false)
                return nil
            } catch {
                return error
            }
        }
        #expect(error == ColorSyntaxError(offset: 21, message: "unknown colour name \"bleu\" (did you mean \"blue\"?)"))
    }

    @Test func aStartPastTheEndIsAnErrorNotATrap() {
        let bytes = Array("red".utf8)
        let error = bytes.withUnsafeBufferPointer { buffer -> ColorSyntaxError? in
            do throws(ColorSyntaxError) {
                _ = try CSSColor.parse(buffer, at: 3, allowsBareHex: false)
                return nil
            } catch {
                return error
            }
        }
        #expect(error?.offset == 3)
    }
}

@Suite("Parsing a substring")
struct SubstringParsingTests {
    @Test func offsetsCountFromTheStartOfTheSubstring() {
        let text = "colors=rgb(1 2)"
        let slice = text[text.index(text.startIndex, offsetBy: 7)...]
        do throws(ColorSyntaxError) {
            _ = try CSSColor(parsing: slice)
            Issue.record("expected an error")
        } catch {
            #expect(error == ColorSyntaxError(offset: 7, message: "rgb() takes 3 channels"))
        }
    }

    @Test func aSliceInTheMiddleOfAStringParses() throws {
        let text = "é red,"
        let slice = text[text.index(text.startIndex, offsetBy: 2)..<text.index(before: text.endIndex)]
        #expect(try CSSColor(parsing: slice) == color("red"))
    }
}
