// A strict XML reader for the tests (saxes, the well-formedness checker jsdom itself uses): a
// malformed document throws; elements come back as a small tree to query.
import { SaxesParser } from 'saxes';

export interface XmlElement {
  tagName: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  textContent: string;
  getAttribute(name: string): string | null;
  getElementsByTagName(name: string): XmlElement[];
}

function element(tagName: string, attributes: Record<string, string>): XmlElement {
  const el: XmlElement = {
    tagName,
    attributes,
    children: [],
    textContent: '',
    getAttribute: (name) => (Object.hasOwn(attributes, name) ? (attributes[name] ?? null) : null),
    getElementsByTagName: (name) =>
      el.children.flatMap((c) => [...(c.tagName === name ? [c] : []), ...c.getElementsByTagName(name)]),
  };
  return el;
}

export function parseXml(text: string): {
  documentElement: XmlElement;
  getElementsByTagName(name: string): XmlElement[];
} {
  const parser = new SaxesParser();
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  let failure: Error | null = null;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const attributes: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes)) attributes[name] = String(value);
    const el = element(tag.name, attributes);
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(el);
    else root = el;
    stack.push(el);
  });
  parser.on('text', (t) => {
    for (const el of stack) el.textContent += t;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(text).close();
  if (failure) throw new Error(`malformed XML: ${String(failure)}`);
  const top: XmlElement | null = root;
  if (top === null) throw new Error('no root element');
  const documentElement: XmlElement = top;
  return {
    documentElement,
    getElementsByTagName: (name) => [
      ...(documentElement.tagName === name ? [documentElement] : []),
      ...documentElement.getElementsByTagName(name),
    ],
  };
}
