// README's configuration table and .env.example describe exactly the variables of the schema:
// every one appears in both, and nothing else does.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VARIABLE_NAMES, variableDoc, type VariableName } from '../../server/config.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const schemaNames = [...VARIABLE_NAMES].sort();

/** The backticked names in the first column of the table under "## Configuration" (a row may group several). */
function readmeTableNames(): string[] {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Configuration\n'));
  if (section === undefined) throw new Error('README has no "## Configuration" section');
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2); // header and separator
  expect(rows.length).toBeGreaterThan(0);
  const names: string[] = [];
  for (const row of rows) {
    const first = row.split('|')[1] ?? '';
    const cells = [...first.matchAll(/`([^`]*)`/g)].map((m) => m[1] ?? '');
    expect(cells.length, `a row without a backticked variable: ${row}`).toBeGreaterThan(0);
    names.push(...cells);
  }
  return names;
}

/** The variables of the `# NAME=default` lines of .env.example. */
function envExampleLines(): { name: string; value: string }[] {
  const text = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8');
  // a live assignment would set a value where the file promises defaults only
  expect(text.split('\n').filter((line) => /^\s*[A-Za-z_][A-Za-z0-9_]*=/.test(line))).toEqual([]);
  return [...text.matchAll(/^#\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/gm)].map((m) => ({
    name: m[1] ?? '',
    value: m[2] ?? '',
  }));
}

describe('configuration documentation against the schema', () => {
  it("README's table names every variable once, and nothing that is not one", () => {
    const names = readmeTableNames();
    expect([...names].sort()).toEqual(schemaNames);
  });

  it('.env.example has a commented-out line for every variable, and no other', () => {
    const names = envExampleLines().map((line) => line.name);
    expect([...names].sort()).toEqual(schemaNames);
  });

  it('.env.example shows each default the schema documents (empty where there is none or it is derived)', () => {
    for (const { name, value } of envExampleLines()) {
      const documented = variableDoc(name as VariableName).default;
      const literal =
        documented === '—' || documented === 'per provider' || documented.includes('PORT') ? '' : documented;
      expect(value, name).toBe(literal);
    }
  });
});
