"""Known SVG and CSS script and exfiltration vectors, each written into a vendor's proof,
for the output sanitiser's tests (tests/products/test_output_sanitiser.py, make hostile).

Each vector is one technique of a public list, written afresh for wsmark (no list is
copied): its ``source`` names where the technique is described. OWASP's "XSS Filter
Evasion Cheat Sheet" and "CSV Injection" (cheatsheetseries.owasp.org, CC BY-SA 4.0);
cure53's HTML5 Security Cheatsheet (html5sec.org); PortSwigger's "Cross-site scripting
cheat sheet" (portswigger.net/web-security/cross-site-scripting/cheat-sheet); allanlw's
"SVG SSRF Cheatsheet" (github.com/allanlw/svg-cheatsheet); the CSS Syntax 3 escapes
(w3.org/TR/css-syntax-3 section 4.3.7). ``{url}`` is where a fetch would go (the test's
own listener) and ``{js}`` a script that reports it ran (by fetching ``{url}``).
"""

from __future__ import annotations

OWASP = "OWASP XSS Filter Evasion Cheat Sheet"
H5SC = "cure53 HTML5 Security Cheatsheet"
PSWG = "PortSwigger XSS cheat sheet"
SSRF = "allanlw SVG SSRF Cheatsheet"
CSS3 = "CSS Syntax 3, 4.3.7 (escapes)"
XHTML = 'xmlns:h="http://www.w3.org/1999/xhtml"'

#: (name, fragment placed inside the vendor's <svg>, source)
VECTORS: list[tuple[str, str, str]] = [
    ("script", "<script>{js}</script>", OWASP),
    ("script-cdata", "<script><![CDATA[{js}]]></script>", H5SC),
    ("script-href", '<script href="{url}/script-href.js"/>', SSRF),
    ("xlink-script", '<script xmlns:xl="http://www.w3.org/1999/xlink" '
                     'xl:href="{url}/xlink-script.js"/>', SSRF),
    ("onload-g", '<g onload="{js}"><rect width="1" height="1"/></g>', OWASP),
    ("onload-svg", '<svg onload="{js}" width="1" height="1"/>', OWASP),
    ("onerror-image", '<image href="x:y" onerror="{js}" width="1" height="1"/>', PSWG),
    ("onbegin-animate", '<animate onbegin="{js}" attributeName="x" dur="1s"/>', PSWG),
    ("animate-href", '<a><animate attributeName="href" values="javascript:{js}"/>'
                     '<text y="20">x</text></a>', PSWG),
    ("set-href", '<a><set attributeName="href" to="javascript:{js}"/><rect width="5" '
                 'height="5"/></a>', H5SC),
    ("a-javascript", '<a href="javascript:{js}"><rect width="5" height="5"/></a>', OWASP),
    ("foreignobject-iframe", '<foreignObject width="9" height="9"><iframe '
     'xmlns="http://www.w3.org/1999/xhtml" src="{url}/fo-iframe"/></foreignObject>', H5SC),
    ("foreignobject-script", '<foreignObject width="9" height="9"><body '
     'xmlns="http://www.w3.org/1999/xhtml"><script>{js}</script></body></foreignObject>', H5SC),
    ("xhtml-frame", f'<h:frame {XHTML} src="javascript:{{js}}"/>', "found/turn4"),
    ("xhtml-iframe", f'<h:iframe {XHTML} src="{{url}}/h-iframe"/>', H5SC),
    ("xhtml-img", f'<h:img {XHTML} src="{{url}}/h-img.png"/>', "found/turn4"),
    ("xhtml-img-srcset", f'<h:img {XHTML} srcset="{{url}}/srcset.png 1x"/>', "found/turn4"),
    ("xhtml-link-css", f'<h:link {XHTML} rel="stylesheet" href="{{url}}/link.css"/>', SSRF),
    ("xhtml-object", f'<h:object {XHTML} data="{{url}}/object"/>', OWASP),
    ("xhtml-embed", f'<h:embed {XHTML} src="{{url}}/embed"/>', OWASP),
    ("image-http", '<image href="{url}/image.png" width="1" height="1"/>', SSRF),
    ("image-xlink", '<image xmlns:xl="http://www.w3.org/1999/xlink" xl:href="{url}/xl.png" '
                    'width="1" height="1"/>', SSRF),
    ("image-svg-data-script", '<image width="1" height="1" href="data:image/svg+xml;base64,'
     'PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoMSkiLz4="/>',
     H5SC),
    ("use-external", '<use href="{url}/use.svg#x"/>', SSRF),
    ("feimage", '<filter id="f"><feImage href="{url}/feimage.png"/></filter>', SSRF),
    ("css-url", "<style>svg {{ background-image: url({url}/css-url.png) }}</style>", OWASP),
    ("css-escaped-url", "<style>svg {{ background-image: \\75rl({url}/css-esc.png) }}</style>",
     CSS3),
    ("css-import", "<style>@import url({url}/import.css);</style>", OWASP),
    ("css-escaped-import", '<style>@\\69mport "{url}/import-esc.css";</style>', CSS3),
    ("css-comment-split", "<style>svg {{ background: u/**/rl({url}/comment.png) }}</style>",
     OWASP),
    ("css-font-face", "<style>@font-face {{ font-family: x; src: url({url}/font.woff) }} "
                      "text {{ font-family: x }}</style>", SSRF),
    ("css-image-set", "<style>svg {{ background: image-set('{url}/set.png' 1x) }}</style>",
     PSWG),
    ("style-attr-url", '<rect width="5" height="5" style="fill: url({url}/fill.png)"/>',
     OWASP),
    ("style-attr-escaped", '<rect width="5" height="5" style="background:\\75 rl('
                           '{url}/attr-esc.png)"/>', CSS3),
    ("fill-attr-url", '<rect width="5" height="5" fill="url({url}/paint.svg#g)"/>', SSRF),
    ("mask-attr-url", '<rect width="5" height="5" mask="url({url}/mask.svg#m)"/>', SSRF),
    ("cursor", '<cursor href="{url}/cursor.png"/>', SSRF),
    ("handler", '<handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">'
                "{js}</handler>", H5SC),
]
