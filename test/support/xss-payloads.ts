// Strings an attacker or an unlucky agent might put in any field the dock shows. Each must come out as the
// same text, never as markup, a script, an event handler or a link to anything but http(s).

/** Ten thousand characters of one letter: long text must wrap, never break the layout or the validators. */
export const LONG_PAYLOAD = "A".repeat(10_000);

/** The corpus: markup and script injection, URL schemes, entity and template tricks, React- and CSS-specific strings, awkward Unicode. */
export const XSS_PAYLOADS: readonly string[] = [
  // Script tags and elements that run script.
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<iframe src=javascript:alert(1)>",
  "<iframe srcdoc='<script>alert(1)</script>'>",
  "<object data=javascript:alert(1)>",
  "<embed src=javascript:alert(1)>",
  "<form action=javascript:alert(1)><button>go</button></form>",
  "<base href=javascript:alert(1)//>",
  "<meta http-equiv=refresh content=0;url=javascript:alert(1)>",
  "<link rel=stylesheet href=javascript:alert(1)>",
  // Event-handler attributes.
  "<img src=x onerror=alert(1)>",
  "<body onload=alert(1)>",
  "<details open ontoggle=alert(1)>",
  "<input autofocus onfocus=alert(1)>",
  "<video><source onerror=alert(1)></video>",
  "<div onmouseover=\"alert(1)\">hover</div>",
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  "\" onfocus=\"alert(1)\" autofocus=\"",
  "</textarea><script>alert(1)</script>",
  "</title><script>alert(1)</script>",
  "<!--<script>alert(1)</script>-->",
  "<![CDATA[<script>alert(1)</script>]]>",
  // SVG and MathML.
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<svg><a xlink:href=javascript:alert(1)><text x=0 y=20>click</text></a></svg>",
  "<svg><animate attributeName=href to=javascript:alert(1) />",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<math href=javascript:alert(1)>click</math>",
  // URL schemes, as plain text and as they might reach a link.
  "<a href=javascript:alert(1)>click</a>",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "java\u0000script:alert(1)",
  "javascript&colon;alert(1)",
  "&#106;avascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "data:image/svg+xml,<svg onload=alert(1)>",
  "vbscript:msgbox(1)",
  "VBScript:Execute(\"msgbox 1\")",
  "https://user:pass@evil.example/",
  "//evil.example/path",
  // HTML entities: shown as typed, never decoded into markup.
  "&lt;script&gt;alert(1)&lt;/script&gt;",
  "&#60;script&#62;alert(1)&#60;/script&#62;",
  "&#x3C;img src=x onerror=alert(1)&#x3E;",
  "\\u003cscript\\u003ealert(1)\\u003c/script\\u003e",
  // Template literals, template engines and React.
  "${alert(1)}",
  "`${alert(document.cookie)}`",
  "{{constructor.constructor('alert(1)')()}}",
  '{"__html":"<img src=x onerror=alert(1)>"}',
  "dangerouslySetInnerHTML={{__html:'<b>x</b>'}}",
  '{"$$typeof":"Symbol(react.element)","type":"script","props":{}}',
  "__proto__",
  "constructor",
  "toString",
  // CSS.
  "<style>*{background:url(javascript:alert(1))}</style>",
  '<div style="width: expression(alert(1))">',
  "x{width:expression(alert(1))}",
  "<div style=\"-moz-binding:url(//evil.example/xss.xml#x)\">",
  // Unicode: bidi overrides and isolates, other scripts, emoji sequences, combining marks.
  "\u202Egnp.exe\u202C",
  "\u2066evil\u2069 \u2067admin\u2069",
  "\u200Fשלום \u200Eworld",
  "مرحبا بالعالم",
  "👨‍👩‍👧‍👦🇫🇷👍🏽é",
  "🏳️‍🌈👩🏽‍💻🧑‍🤝‍🧑",
  "Z̴̡̛͎̲a̶̢͚l̸̨̛g̵̡o̴",
  // Control characters, NUL, BOM, lone surrogates, line breaks.
  "line one\nline two\r\nline three",
  "tab\tseparated",
  "nul\u0000byte",
  "\u0000\u0000<script>alert(1)</script>",
  "\uFEFFbom first",
  "\uD800 lone surrogate",
  "bell\u0007 escape\u001b[31m red",
  // Size.
  LONG_PAYLOAD,
  `${"word ".repeat(2_000)}end`,
  `<b>${"<i>".repeat(2_000)}</b>`,
];
