/// The page served at `/` until the playground exists: what the service does, with example links.
enum IndexPage {
    static let html: [UInt8] = Array(
        """
        <!doctype html>
        <html lang="en">
        <head><meta charset="utf-8"><title>gradientd</title>
        <meta name="viewport" content="width=device-width, initial-scale=1"></head>
        <body>
        <h1>gradientd</h1>
        <p>Turns a URL into a gradient PNG. Every parameter is described in <a href="/openapi.yaml">openapi.yaml</a>.</p>
        <ul>
        <li><a href="/gradient?colors=ff7e5f,feb47b&amp;dir=horizontal&amp;width=1200&amp;height=630">
        /gradient?colors=ff7e5f,feb47b&amp;dir=horizontal&amp;width=1200&amp;height=630</a></li>
        <li><a href="/gradient?colors=%23141e30,%23243b55&amp;width=512&amp;height=512">
        /gradient?colors=%23141e30,%23243b55&amp;width=512&amp;height=512</a></li>
        <li><a href="/gradient?type=radial&amp;colors=white,rebeccapurple&amp;width=400&amp;height=400">
        /gradient?type=radial&amp;colors=white,rebeccapurple&amp;width=400&amp;height=400</a></li>
        <li><a href="/gradient?type=conic&amp;colors=red,yellow,lime,aqua,blue,magenta,red&amp;space=oklch&amp;width=300&amp;height=300">
        /gradient?type=conic&amp;colors=red,yellow,lime,aqua,blue,magenta,red&amp;space=oklch&amp;width=300&amp;height=300</a></li>
        <li><a href="/gradient?colors=black,white&amp;angle=45deg&amp;width=256&amp;height=256&amp;scale=2">
        /gradient?colors=black,white&amp;angle=45deg&amp;width=256&amp;height=256&amp;scale=2</a></li>
        </ul>
        <p><a href="/healthz">/healthz</a> · <a href="/metrics">/metrics</a></p>
        </body>
        </html>

        """.utf8)
}
