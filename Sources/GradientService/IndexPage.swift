/// The playground served at `/`: one self-contained page (inline style and script, no external assets) to build a
/// gradient URL by hand (colour stops, presets from `/presets`, layered CSS with blend modes, a mesh edited by
/// dragging its vertices on the preview, grain), preview the service's image beside the browser's own CSS rendering
/// with the response's format, size and `Server-Timing` render time, download it, and copy the URL, an `<img>` tag,
/// a CSS declaration, a `curl` command or the text of `/gradient.css`.
/// `Sources/GradientService/Playground/playground.html`, embedded at build time.
enum IndexPage {
    static let html: [UInt8] = PackageResources.playground_html

    /// The page's Content-Security-Policy: nothing but its own inline style and script (allowed by their SHA-256
    /// hashes, as `scripts/playground-csp.py` prints them), images and fetches from this origin. A test checks the
    /// hashes against the embedded page, so an edit to the page that forgets this value fails the build's tests.
    static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self'; connect-src 'self'; style-src 'sha256-ejXU8Zse+OpvIGy87h41C9r7jCNU1Oevqq90TFH4eYI='; script-src 'sha256-BwtYxhM1rgBjK8ZZcWXK+GlUvNM3oE1ViSfYGwa7TKk='; require-trusted-types-for 'script'; trusted-types 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}
