import Foundation
import Testing

@testable import GradientService

struct TextEscapingTests {
    @Test(arguments: [
        ("plain", "\"plain\""), ("a\"b", "\"a\\\"b\""), ("back\\slash", "\"back\\\\slash\""),
        ("line\nfeed", "\"line\\nfeed\""),
        ("\u{01}\u{1F}\u{7F}", "\"\\u0001\\u001f\\u007f\""), ("é→🌈", "\"é→🌈\""), ("\u{2028}", "\"\\u2028\""),
        ("tab\there\r", "\"tab\\there\\r\""),
    ])
    func jsonStringsEscapeQuotesBackslashesAndControlsAndKeepUnicode(text: String, expected: String) throws {
        #expect(JSONText.quoted(text) == expected)
        let decoded = try JSONDecoder().decode([String].self, from: Data("[\(JSONText.quoted(text))]".utf8))
        #expect(decoded == [text])
    }

    @Test func problemBodiesAreValidJSON() throws {
        let problem = Problem.invalidParameter("co\"lors", detail: "bad \u{0}\n\\ token é")
        let decoded = try ProblemJSON(problem.body)
        #expect(decoded.parameter == "co\"lors" && decoded.detail == "bad \u{0}\n\\ token é")
        #expect(decoded.type == Problem.invalidParameterType)
    }

    @Test(arguments: [
        ("/gradient?colors=red", "/gradient?colors=red"), ("/a b", "/a\\x20b"), ("/\u{1B}[31m", "/\\x1b[31m"),
        ("/é", "/\\xc3\\xa9"), ("/back\\slash", "/back\\x5cslash"),
    ])
    func textLogLinesEscapeTargets(target: String, expected: String) {
        var line = LogLine(capacity: 16)
        line.appendEscapedForText(target)
        #expect(String(decoding: line.bytes, as: UTF8.self) == expected)
    }

    @Test(arguments: [
        ("/gradient?colors=red", #""/gradient?colors=red""#),
        ("q\"uo\\te\n\r\t\u{8}\u{C}", #""q\"uo\\te\n\r\t\b\f""#),
        ("\u{0}\u{1F}\u{7F}", #""\u0000\u001f\u007f""#), ("é ü 漢字 🌈", "\"é ü 漢字 🌈\""),
        ("a\u{2028}b\u{2029}c", #""a\u2028b\u2029c""#), ("\u{2026}", "\"\u{2026}\""),
    ])
    func jsonQuotingEscapesExactly(text: String, expected: String) {
        var line = LogLine(capacity: 16)
        line.appendJSONQuoted(text)
        #expect(String(decoding: line.bytes, as: UTF8.self) == expected)
        #expect(JSONText.quoted(text) == expected)
    }

    @Test(arguments: [
        (Duration.zero, "0.000"), (.microseconds(127), "0.127"), (.milliseconds(1234), "1234.000"),
        (.nanoseconds(1_500_999), "1.500"),
    ])
    func durationsAreMillisecondsWithThreeDecimals(duration: Duration, expected: String) {
        var line = LogLine(capacity: 16)
        line.appendMilliseconds(duration)
        #expect(String(decoding: line.bytes, as: UTF8.self) == expected)
    }

    @Test(arguments: [
        (["\"abc\""], true), (["W/\"abc\""], true), (["\"x\", \"abc\""], true), (["\"x\"", "\"abc\""], true),
        (["*"], true), (["\"abcd\""], false), (["abc"], false), (["\"a,b\", \"abc\""], true), ([""], false),
    ])
    func ifNoneMatchComparesWeakly(fields: [String], matches: Bool) {
        #expect(EntityTagCondition.matches(fieldValues: fields, etag: "\"abc\"") == matches)
    }
}
