// The translations as one module per language and text part (decision 079): `virtual:locale-bundles`
// holds, for each language folder of src/locales, one loader per part (`core`, and each part of
// src/app/textParts.ts), each importing `virtual:locale-bundle/<lang>/<part>`, which imports the
// part's JSON files. An import.meta.glob over the files gave every screen a loader per file (seven
// languages times twenty files), about 2 KB gzip before the first screen; these are fourteen.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { textPartOf } from '../src/app/textParts.ts';

const LOCALES = resolve(import.meta.dirname, '../src/locales');
const INDEX = 'virtual:locale-bundles';
const BUNDLE = 'virtual:locale-bundle/';
const CORE = 'core';

/** A language's feature files (its own name, language.json, is not one) by part. */
function filesByPart(language: string): Map<string, string[]> {
  const parts = new Map<string, string[]>();
  for (const file of readdirSync(`${LOCALES}/${language}`).sort()) {
    if (!file.endsWith('.json') || file === 'language.json') continue;
    const part = textPartOf(file) ?? CORE;
    parts.set(part, [...(parts.get(part) ?? []), file]);
  }
  return parts;
}

/** The chunk of a language part's module: `locale-fr` for French's core, `texts-admin-fr` for a part. */
export function localeBundleChunk(id: string): string | null {
  const match = new RegExp(`^\\0${BUNDLE}(\\w+)/(\\w+)$`).exec(id);
  if (!match) return null;
  const [, language, part] = match;
  return part === CORE ? `locale-${language}` : `texts-${part}-${language}`;
}

export function localeBundles(): Plugin {
  return {
    name: 'gs-locale-bundles',
    resolveId(id) {
      return id === INDEX || id.startsWith(BUNDLE) ? `\0${id}` : null;
    },
    load(id) {
      if (id === `\0${INDEX}`) {
        const languages = readdirSync(LOCALES, { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => entry.name);
        const loaders = languages.map((language) => {
          const parts = [...filesByPart(language).keys()].map(
            (part) =>
              `${JSON.stringify(part)}: () => import(${JSON.stringify(`${BUNDLE}${language}/${part}`)}).then((m) => m.default)`,
          );
          return `${JSON.stringify(language)}: { ${parts.join(', ')} }`;
        });
        return `export default { ${loaders.join(',\n')} };\n`;
      }
      if (id.startsWith(`\0${BUNDLE}`)) {
        const [language = '', part = ''] = id.slice(BUNDLE.length + 1).split('/');
        const files = filesByPart(language).get(part) ?? [];
        const imports = files.map(
          (file, i) => `import f${i} from ${JSON.stringify(`${LOCALES}/${language}/${file}`)};`,
        );
        const entries = files.map((file, i) => `${JSON.stringify(`../locales/${language}/${file}`)}: f${i}`);
        return `${imports.join('\n')}\nexport default { ${entries.join(', ')} };\n`;
      }
      return null;
    },
  };
}
