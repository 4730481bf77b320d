/// A math function that does not parse or does not type-check: the token at fault and what is wrong, for the
/// grammar that read it to report in its own terms.
struct CSSMathError: Error {
    /// The token the message is about.
    let token: CSSToken
    let message: String
}
