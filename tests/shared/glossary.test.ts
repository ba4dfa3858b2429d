// One voice (issue 13): no locale string uses a term docs/glossary.md rules out.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const glossary = fs.readFileSync(path.join(root, 'docs/glossary.md'), 'utf8');

/** The "Ruled out (nl)" and "Ruled out (en)" columns of the Terms table. */
export function ruledOutTerms(markdown: string): { nl: string[]; en: string[] } {
  const section = markdown.split('## Terms')[1]?.split('\n## ')[0] ?? '';
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2)
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const column = (index: number) =>
    rows.flatMap((cells) =>
      (cells[index] ?? '')
        .split(',')
        .map((term) => term.trim())
        .filter(Boolean),
    );
  return { nl: column(3), en: column(4) };
}

function strings(value: unknown, key = ''): [string, string][] {
  if (typeof value === 'string') return [[key, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([child, inner]) =>
      strings(inner, key ? `${key}.${child}` : child),
    );
  }
  return [];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whole words, case as written: "U" rules out the formal pronoun, not "uur". */
export function violations(
  locale: Record<string, unknown>,
  terms: string[],
): { key: string; term: string; text: string }[] {
  const found: { key: string; term: string; text: string }[] = [];
  for (const [key, text] of strings(locale)) {
    const prose = text.replace(/%\{[^}]*\}/g, ' ');
    for (const term of terms) {
      if (new RegExp(`(?<![\\p{L}\\p{N}-])${escape(term)}(?![\\p{L}\\p{N}-])`, 'u').test(prose)) {
        found.push({ key, term, text });
      }
    }
  }
  return found;
}

describe('docs/glossary.md', () => {
  const terms = ruledOutTerms(glossary);

  it('rules out terms in both languages', () => {
    expect(terms.nl).toContain('actie');
    expect(terms.nl).toContain('u');
    expect(terms.en).toContain('Action');
  });

  it.each(['nl', 'en'] as const)('no %s locale string uses a ruled-out term', (language) => {
    const locale = JSON.parse(
      fs.readFileSync(path.join(root, 'locales', `${language}.json`), 'utf8'),
    ) as Record<string, unknown>;
    expect(violations(locale, terms[language])).toEqual([]);
  });

  it('catches a ruled-out term (the check itself can fail)', () => {
    const sample = {
      a: 'Weet u zeker dat je deze actie wilt wissen?',
      b: 'Over %{smart_count} uur',
    };
    expect(violations(sample, terms.nl).map((hit) => hit.term)).toEqual(['u', 'actie']);
  });
});
