// docs/algorithms.md as a static page of the demo site, dist/algorithms.html, so that the demo's
// help can link to a section (algorithms.html#s4-1). Rendered at build time with marked (GitHub
// flavoured Markdown); each section's anchor becomes its heading's id, the decisions' anchors
// stay in their table rows. The page loads nothing: no script, no font, no image (its icon is an
// empty data: URL), its style inline, under a Content-Security-Policy that forbids every request
// (tests/e2e/privacy.test.mjs).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { marked } from 'marked';
import { ALGORITHMS_DOC } from './citations.mjs';

export const ALGORITHMS_PAGE = 'algorithms.html';

const CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const STYLE = `
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 0 auto; padding: 1rem;
  color: #1d1d1f; background: #fff; }
pre, code { font: 0.9em/1.4 ui-monospace, monospace; }
pre { overflow-x: auto; background: #f5f5f7; padding: 0.6rem; }
table { border-collapse: collapse; display: block; overflow-x: auto; font-size: 0.9em; }
th, td { border: 1px solid #d2d2d7; padding: 0.2rem 0.4rem; vertical-align: top; }
:target, tr:has(:target) { background: #fff4c2; }
nav { font-size: 0.9em; }
@media (prefers-color-scheme: dark) {
  body { color: #f5f5f7; background: #1d1d1f; }
  pre { background: #2c2c2e; }
  :target, tr:has(:target) { background: #4a3f00; }
  a { color: #6cb4ff; }
}`;

/** The whole page for the given Markdown text. */
export function algorithmsPage(markdown) {
  // A section's anchor, alone in a paragraph before its heading, becomes the heading's id, so
  // that a link scrolls to the heading itself.
  const body = marked
    .parse(markdown, { gfm: true, async: false })
    .replace(/<p><a id="([^"]+)"><\/a><\/p>\n<(h[2-4])>/g, '<$2 id="$1">');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta http-equiv="Content-Security-Policy" content="${CSP}" />
    <link rel="icon" href="data:," />
    <title>onepass algorithms</title>
    <style>${STYLE}
    </style>
  </head>
  <body>
    <nav><a href="./">onepass demo</a> · ${ALGORITHMS_DOC}</nav>
${body}
  </body>
</html>
`;
}

/** Writes outDir/algorithms.html from the repository's docs/algorithms.md. */
export function writeAlgorithmsPage(root, outDir) {
  const markdown = readFileSync(join(root, ALGORITHMS_DOC), 'utf8');
  writeFileSync(join(outDir, ALGORITHMS_PAGE), algorithmsPage(markdown));
}
