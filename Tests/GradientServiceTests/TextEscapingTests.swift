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
        #expect(AccessLog.escapedForText(target) == expected)
    }

    @Test(arguments: [
        (["\"abc\""], true), (["W/\"abc\""], true), (["\"x\", \"abc\""], true), (["\"x\"", "\"abc\""], true),
        (["*"], true), (["\"abcd\""], false), (["abc"], false), (["\"a,b\", \"abc\""], true), ([""], false),
    ])
    func ifNoneMatchComparesWeakly(fields: [String], matches: Bool) {
        #expect(EntityTagCondition.matches(fieldValues: fields, etag: "\"abc\"") == matches)
    }
}
