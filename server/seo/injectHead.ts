// Puts a rendered page head into an HTML document: the document's own <title> (index.html has a
// generic one) and any description, canonical, robots, og: or twitter: tag it carries are
// replaced, so a page never has two; the head goes just before </head>.
const REPLACED = [
  /<title>[\s\S]*?<\/title>\s*/gi,
  /<meta\s+name="(?:description|robots|twitter:[^"]*)"[^>]*>\s*/gi,
  /<meta\s+property="og:[^"]*"[^>]*>\s*/gi,
  /<link\s+rel="canonical"[^>]*>\s*/gi,
];

export function injectPageHead(html: string, headHtml: string): string {
  const end = html.search(/<\/head>/i);
  if (end < 0) return html;
  let head = html.slice(0, end);
  for (const pattern of REPLACED) head = head.replace(pattern, '');
  const indented = headHtml
    .split('\n')
    .map((line) => `    ${line}\n`)
    .join('');
  return `${head}${indented}  ${html.slice(end)}`;
}
