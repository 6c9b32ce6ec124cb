// A page's HTML from the built index.html: its title and head tags, and for a rendered page the
// markup inside #root followed by the state it was rendered from as a JSON data block (CSP runs
// no inline script; the client reads the block: src/views/app/hydration.tsx).
import { escapeHtml, jsonForScript } from '../seo/escape.js';

/** The data block's id; the client's SERVER_STATE_ID. */
export const SERVER_STATE_ID = 'storefront-state';
export const NOINDEX_META = '<meta name="robots" content="noindex" />';

export interface DocumentParts {
  /** Replaces the template's <title>, when given. */
  title?: string;
  /** A whole head (its own <title> and meta tags) replacing the template's <title>, when given. */
  head?: string;
  /** Raw tags added at the end of <head>. */
  headTags?: readonly string[];
  /** The rendered #root and its state; absent for a client-rendered page. */
  rendered?: { html: string; state: unknown };
}

const ROOT_OPEN = '<div id="root">';

/**
 * A rendered page paints from its HTML and runs its scripts only at the first input or when idle
 * (docs/SSR.md «Hydration»): they load at low priority, leaving the bandwidth to the pictures on screen.
 */
function scriptsAtLowPriority(html: string): string {
  return html
    .replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ')
    .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ');
}

export function pageDocument(template: string, parts: DocumentParts): string {
  let html = template;
  const title = /<title>[\s\S]*?<\/title>/;
  if (parts.head !== undefined) html = html.replace(title, () => parts.head ?? '');
  else if (parts.title !== undefined)
    html = html.replace(title, () => `<title>${escapeHtml(parts.title ?? '')}</title>`);
  const head = parts.headTags ?? [];
  if (head.length > 0 && html.includes('</head>'))
    html = html.replace('</head>', () => `${head.map((t) => `  ${t}\n`).join('')}  </head>`);
  const rendered = parts.rendered;
  if (rendered === undefined) return html;
  html = scriptsAtLowPriority(html);
  const start = html.indexOf(ROOT_OPEN);
  const bodyEnd = html.lastIndexOf('</body>');
  const rootEnd = bodyEnd < 0 ? -1 : html.lastIndexOf('</div>', bodyEnd);
  if (start < 0 || rootEnd < start) return html;
  // No whitespace inside #root: hydration expects exactly React's markup there.
  const root =
    `${ROOT_OPEN}${rendered.html}</div>\n` +
    `    <script type="application/json" id="${SERVER_STATE_ID}">${jsonForScript(rendered.state)}</script>`;
  return `${html.slice(0, start)}${root}${html.slice(rootEnd + '</div>'.length)}`;
}
