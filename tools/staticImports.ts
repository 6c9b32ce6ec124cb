// The modules a source file reaches through its static value imports (relative ones; `import type`
// is erased), read as text: what the bundler will put in the same load. Used by vite.config.ts to
// keep the client core in one chunk, and by tests/log/first-load-imports.test.ts to check it.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/** Relative specifiers a module imports or re-exports as values (`import type` and `export type` are erased). */
export function valueImports(source: string): string[] {
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+(?!type\s)([^;]*?)\s+from\s+'(\.[^']+)'/gms;
  for (const match of source.matchAll(statement)) {
    const clause = match[2] ?? '';
    // `import { type A, type B }` imports nothing at run time either.
    const names = /^\{([^}]*)\}$/.exec(clause.trim());
    if (names && (names[1] ?? '').split(',').every((n) => n.trim() === '' || n.trim().startsWith('type '))) continue;
    found.push(match[3] ?? '');
  }
  for (const match of source.matchAll(/^\s*import\s+'(\.[^']+)'/gm)) found.push(match[1] ?? '');
  return found;
}

/** The file a relative specifier names (.ts, .tsx or an index), or null. */
export function resolveModule(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/** Every module reached from `entry` through value imports, as paths relative to `root`. */
export function staticGraph(root: string, entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [resolve(root, entry)];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    const name = relative(root, file);
    if (seen.has(name)) continue;
    seen.add(name);
    for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
      const next = resolveModule(file, specifier);
      if (next !== null) queue.push(next);
    }
  }
  return seen;
}
