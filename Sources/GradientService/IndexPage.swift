/// The playground served at `/`: one self-contained page (inline style and script, no external assets) to build a
/// gradient URL by hand, preview the service's PNG beside the browser's own CSS rendering, and copy the URL, an
/// `<img>` tag, a CSS declaration or a `curl` command. `Sources/GradientService/Playground/playground.html`,
/// embedded at build time.
enum IndexPage {
    static let html: [UInt8] = PackageResources.playground_html

    /// The page's Content-Security-Policy: nothing but its own inline style and script (allowed by their SHA-256
    /// hashes, as `scripts/playground-csp.py` prints them), images and fetches from this origin. A test checks the
    /// hashes against the embedded page, so an edit to the page that forgets this value fails the build's tests.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self'; connect-src 'self'; style-src 'sha256-0lB+OCa+6Z4NPdMfQ6lzSek5CLzRDAY7AwS3ODXG1wU='; script-src 'sha256-g5GmSkFU8xcCHfiJe36DJxcPGwo1KWM+xzAmNbXU9CU='; require-trusted-types-for 'script'; trusted-types 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}
