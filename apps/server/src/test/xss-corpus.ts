/**
 * Text a hostile user types into every field, to prove it is stored and shown as text, never run.
 * Each entry that could run tries to set `window.__xss` (the browser test reads it) or to open a
 * dialog; none starts or ends with spaces (fields are trimmed) and all fit the shortest text limit
 * (60 characters: nicknames, titles, folder names, profile texts).
 */
export const XSS_CORPUS: readonly string[] = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=2">',
  '<svg onload="window.__xss=3">',
  '"><script>window.__xss=4</script>',
  "'><img src=x onerror=window.__xss=5>",
  'javascript:window.__xss=6',
  '{{constructor.constructor("window.__xss=7")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
  '${window.__xss=8}`${alert(8)}`',
  '[click](javascript:window.__xss=9)',
  '<a href="javascript:window.__xss=10">link10</a>',
  '\\u003cimg src=x onerror=window.__xss=11\\u003e',
  '&lt;img src=x onerror=window.__xss=12&gt;',
  '<iframe srcdoc="<script>parent.__xss=13</script>">',
  '<details open ontoggle="window.__xss=14">',
  '</textarea><script>window.__xss=15</script>',
  '<b onmouseover=window.__xss=16>hover16</b>',
  '%3Cscript%3Ewindow.__xss=17%3C/script%3E',
  '<math><mtext><img src=x onerror=window.__xss=18>',
  '\u202E<img src=x onerror=window.__xss=19>',
  '<style>*{background:url("javascript:alert(20)")}</style>',
  '<input autofocus onfocus=window.__xss=21>',
  '](javascript:alert(22))<!--',
];

/** Portfolio links must be http(s) URLs: the hostile ones that still pass that rule. */
export const XSS_URLS: readonly string[] = [
  'https://e.example/"><svg/onload=window.__xss=30>',
  "https://e.example/'onmouseover='window.__xss=31",
];

/** Links that must be refused outright (the portfolio field takes http and https only). */
export const XSS_BAD_URLS: readonly string[] = [
  'javascript:window.__xss=40',
  'JaVaScRiPt:window.__xss=41',
  'data:text/html,<script>window.__xss=42</script>',
];

/** File names: the same attacks in a name (no slashes: a name is a name, not a path). */
export const XSS_FILE_NAMES: readonly string[] = [
  '<img src=x onerror=window.__xss=50>.png',
  '"><svg onload=window.__xss=51>.png',
  "'+alert(52)+'.png",
  '{{window.__xss=53}}.png',
  '\u202Egnp.<script>window.__xss=54<script>.png',
];
