// Moves the API's flat routes/, services/ and db/ into capability folders (issue 28 item 2,
// decision 070), driven by capabilityMap.json, and rewrites every relative path that named a moved
// file. Re-runnable on any later main: it refuses to move anything while a file of those folders is
// missing from the map (a test `x.test.ts` or `x.system.test.ts` follows its mapped `x.ts`).
//   npx tsx scripts/refactor/capabilityFolders.ts --check   only checks the map against the tree
//   npx tsx scripts/refactor/capabilityFolders.ts           moves (git mv) and rewrites, staged
// What it rewrites, found with the TypeScript parser (no text guessing inside code):
// - module specifiers: import/export ... from, import(), typeof import(), require(),
//   vi.mock/doMock/unmock/doUnmock/importActual/importMock, `new URL('./x', import.meta.url)`;
// - file paths joined onto the module's own folder: join/resolve(import.meta.dirname, 'a', 'b', ...);
// - repository paths in text (`simulator/api/src/routes/x.ts`) in code, config and docs (but the
//   decision records, which are history, and docs/ARCHITECTURE.md, rewritten by hand), and
//   src-relative mentions (`services/x.ts`) in the API's own comments and in docs/*.md.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join, posix, resolve } from 'node:path';
import ts from 'typescript';

interface CapabilityMap {
  root: string;
  scanned: string[];
  stay: string[];
  folders: Record<string, string[]>;
}

const repo = resolve(import.meta.dirname, '..', '..');
const checkOnly = process.argv.includes('--check');
const map = JSON.parse(
  readFileSync(join(import.meta.dirname, 'capabilityMap.json'), 'utf8'),
) as CapabilityMap;
const git = (...args: string[]): string =>
  execFileSync('git', args, { cwd: repo, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
const fail = (lines: string[]): never => {
  console.error(lines.join('\n'));
  process.exit(1);
};

// ---- 1. every file of the scanned folders gets a place, or nothing moves -------------------------
const root = map.root;
const tracked = git('ls-files', '-z', ...map.scanned.map((s) => `${root}/${s}`))
  .split('\0')
  .filter(Boolean)
  .map((p) => p.slice(root.length + 1));
const stay = new Set(map.stay);
const fileTo = new Map<string, string>(); // src-relative old file -> new folder
const dirTo = new Map<string, string>(); // src-relative old folder (ends with /) -> new folder
const problems: string[] = [];
for (const [folder, entries] of Object.entries(map.folders)) {
  for (const entry of entries) {
    const seen = entry.endsWith('/') ? dirTo.has(entry) : fileTo.has(entry);
    if (seen || stay.has(entry)) problems.push(`  mapped twice: ${entry}`);
    if (entry.endsWith('/')) dirTo.set(entry, folder);
    else fileTo.set(entry, folder);
  }
}
// where each mapped entry lands: a file found there is already in place (the map moved it to db/)
const landed = new Set<string>();
for (const [entry, folder] of fileTo) landed.add(posix.join(folder, posix.basename(entry)));
const moves = new Map<string, string>(); // src-relative old -> src-relative new
const followed: string[] = [];
const unmapped: string[] = [];
const sourceOfTest = (p: string): string | undefined => {
  const m = /^(.*)\.(system\.)?test\.ts$/.exec(p);
  return m ? `${m[1]}.ts` : undefined;
};
for (const file of tracked) {
  if (stay.has(file) || (landed.has(file) && !fileTo.has(file))) continue;
  const folder = fileTo.get(file);
  if (folder) {
    moves.set(file, posix.join(folder, posix.basename(file)));
    continue;
  }
  const dir = [...dirTo.keys()].find((d) => file.startsWith(d));
  if (dir) {
    moves.set(file, posix.join(dirTo.get(dir)!, posix.basename(dir), file.slice(dir.length)));
    continue;
  }
  const source = sourceOfTest(file);
  const sourceFolder =
    source && (fileTo.get(source) ?? (stay.has(source) ? posix.dirname(source) : undefined));
  if (source && sourceFolder) {
    // a test beside a source that stays where it is stays with it
    if (posix.join(sourceFolder, posix.basename(file)) === file) continue;
    moves.set(file, posix.join(sourceFolder, posix.basename(file)));
    followed.push(file);
    continue;
  }
  unmapped.push(file);
}
const trackedSet = new Set(tracked);
const gone = [...fileTo.keys()].filter((f) => !trackedSet.has(f));
const goneDirs = [...dirTo.keys()].filter((d) => !tracked.some((f) => f.startsWith(d)));
const targets = new Map<string, string>();
for (const [from, to] of moves) {
  const other = targets.get(to);
  if (other) problems.push(`  two files would become ${to}: ${other}, ${from}`);
  targets.set(to, from);
  if (existsSync(join(repo, root, to)) && !moves.has(to))
    problems.push(`  ${to} exists already (for ${from})`);
}
if (moves.size === 0 && unmapped.length === 0) {
  console.log(`Nothing to move under ${root}/{${map.scanned.join(',')}}: already in capability folders.`);
  process.exit(0);
}
if (unmapped.length > 0 || problems.length > 0) {
  fail([
    ...(unmapped.length > 0
      ? [
          `${unmapped.length} file(s) of ${root}/{${map.scanned.join(',')}} are not in scripts/refactor/capabilityMap.json`,
          'Give each a capability folder (or list it under "stay"), then run again:',
          ...unmapped.map((f) => `  ${f}`),
        ]
      : []),
    ...problems,
  ]);
}
for (const f of [...gone, ...goneDirs]) console.warn(`note: mapped but no longer in the tree: ${f}`);
console.log(`${moves.size} files to move (${followed.length} tests follow their source), ${stay.size} stay.`);
if (checkOnly) process.exit(0);
if (git('status', '--porcelain', '--untracked-files=no').trim() !== '') {
  fail(['The work tree has uncommitted changes: commit them first, so the move is one clean commit.']);
}

// ---- 2. old and new places, repository-relative ---------------------------------------------------
const movedRepo = new Map<string, string>();
for (const [from, to] of moves) movedRepo.set(`${root}/${from}`, `${root}/${to}`);
// a folder all of whose files went to one folder, keeping their relative paths
const movedDirs = new Map<string, string>();
{
  const candidates = new Map<string, string | null>();
  for (const [from, to] of movedRepo) {
    let d = posix.dirname(from);
    let suffix = posix.basename(from);
    while (d.startsWith(`${root}/`) && !map.scanned.includes(d.slice(root.length + 1))) {
      const target = to.endsWith(`/${suffix}`) ? to.slice(0, -suffix.length - 1) : null;
      const known = candidates.get(d);
      candidates.set(d, known === undefined ? target : known === target ? known : null);
      suffix = `${posix.basename(d)}/${suffix}`;
      d = posix.dirname(d);
    }
  }
  const all = git('ls-files', '-z', root).split('\0').filter(Boolean);
  for (const [d, target] of candidates) {
    if (target && all.every((f) => !f.startsWith(`${d}/`) || movedRepo.has(f))) movedDirs.set(d, target);
  }
}
const newPlaceOf = (repoPath: string): string | undefined => {
  const file = movedRepo.get(repoPath);
  if (file) return file;
  for (const [d, to] of movedDirs) {
    if (repoPath === d) return to;
    if (repoPath.startsWith(`${d}/`)) return `${to}${repoPath.slice(d.length)}`;
  }
  return undefined;
};

// ---- 3. relative paths in code ---------------------------------------------------------------------
const codeFiles = git('ls-files', '-z', '*.ts', '*.tsx', '*.mts', '*.cts', '*.js', '*.mjs', '*.cjs')
  .split('\0')
  .filter((f) => f && !f.includes('node_modules/') && !f.startsWith('scripts/refactor/'));
const SUFFIXES: Array<[string, string]> = [
  ['', ''],
  ['.ts', ''],
  ['.tsx', ''],
  ['/index.ts', ''],
  ['.ts', '.js'],
  ['.tsx', '.js'],
];
const isDir = (abs: string): boolean => existsSync(abs) && statSync(abs).isDirectory();
const isFile = (abs: string): boolean => existsSync(abs) && statSync(abs).isFile();

// the API's package name with its one wildcard export (`@gs/simulator-api/db/connection`)
const apiPackage = JSON.parse(readFileSync(join(repo, posix.dirname(root), 'package.json'), 'utf8')) as {
  name: string;
  exports?: Record<string, string>;
};
const wildcard = /^\.\/(.*)\*(.*)$/.exec(apiPackage.exports?.['./*'] ?? '');
function rewritePackage(spec: string): string | undefined {
  if (!wildcard || !spec.startsWith(`${apiPackage.name}/`)) return undefined;
  const [, before, after] = wildcard;
  const target = posix.join(
    posix.dirname(root),
    `${before}${spec.slice(apiPackage.name.length + 1)}${after}`,
  );
  const targetNew = newPlaceOf(target);
  if (!targetNew || !targetNew.endsWith(after!)) return undefined;
  const sub = targetNew.slice(posix.join(posix.dirname(root), before!).length + (before ? 0 : 1));
  return `${apiPackage.name}/${sub.replace(/^\//, '').slice(0, after ? -after.length : undefined)}`;
}

/** The specifier `spec` of the file that was at `fromOld` and will be at `fromNew`, or undefined. */
function rewrite(spec: string, fromOld: string, fromNew: string): string | undefined {
  const packaged = rewritePackage(spec);
  if (packaged !== undefined) return packaged;
  if (!spec.startsWith('.') || spec === '.' || spec === './') return undefined;
  const base = posix.normalize(posix.join(posix.dirname(fromOld), spec));
  for (const [add, drop] of SUFFIXES) {
    if (drop && !base.endsWith(drop)) continue;
    const target = `${drop ? base.slice(0, -drop.length) : base}${add}`;
    const abs = join(repo, target);
    if (!(add === '' && drop === '' ? isFile(abs) || isDir(abs) : isFile(abs))) continue;
    const targetNew = newPlaceOf(target) ?? target;
    if (targetNew === target && fromNew === fromOld) return undefined;
    let out = posix.relative(posix.dirname(fromNew), targetNew);
    if (add) out = `${out.slice(0, -add.length)}${drop}`;
    if (!out.startsWith('.')) out = `./${out}`;
    if (spec.endsWith('/') && !out.endsWith('/')) out = `${out}/`;
    return out === spec ? undefined : out;
  }
  return undefined;
}

const SPECIFIER_CALLS = new Set([
  'require',
  'require.resolve',
  'import.meta.resolve',
  'vi.mock',
  'vi.doMock',
  'vi.unmock',
  'vi.doUnmock',
  'vi.importActual',
  'vi.importMock',
]);
const OWN_FOLDER =
  /^(import\.meta\.dirname|__dirname|dirname\(fileURLToPath\(import\.meta\.url\)\)|fileURLToPath\(new URL\(['"]\.\/?['"], import\.meta\.url\)\))$/;
const isText = (n: ts.Node | undefined): n is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
  !!n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n));

interface Edit {
  start: number;
  end: number;
  text: string;
}
function codeEdits(text: string, fileName: string, fromOld: string, fromNew: string): Edit[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const edits: Edit[] = [];
  const quote = (lit: ts.Node): string => (text[lit.getStart(sf)] === '"' ? '"' : "'");
  const literal = (lit: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral): void => {
    const next = rewrite(lit.text, fromOld, fromNew);
    if (next === undefined) return;
    const q = ts.isNoSubstitutionTemplateLiteral(lit) ? '`' : quote(lit);
    edits.push({ start: lit.getStart(sf), end: lit.getEnd(), text: `${q}${next}${q}` });
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && isText(node.moduleSpecifier)) {
      literal(node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      if (isText(node.moduleReference.expression)) literal(node.moduleReference.expression);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      if (isText(node.argument.literal)) literal(node.argument.literal);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(sf);
      const [first, ...rest] = node.arguments;
      if (
        (node.expression.kind === ts.SyntaxKind.ImportKeyword || SPECIFIER_CALLS.has(callee)) &&
        isText(first)
      ) {
        literal(first);
      } else if (/^(path\.)?(join|resolve)$/.test(callee) && first && OWN_FOLDER.test(first.getText(sf))) {
        const parts: Array<ts.StringLiteral | ts.NoSubstitutionTemplateLiteral> = [];
        for (const arg of rest) {
          if (!isText(arg)) break;
          parts.push(arg);
        }
        if (parts.length > 0) {
          const joined = posix.join(...parts.map((p) => p.text));
          const next = rewrite(joined.startsWith('.') ? joined : `./${joined}`, fromOld, fromNew);
          if (next !== undefined) {
            edits.push({
              start: parts[0]!.getStart(sf),
              end: parts[parts.length - 1]!.getEnd(),
              text: `${quote(parts[0]!)}${next}${quote(parts[0]!)}`,
            });
          }
        }
      }
    } else if (ts.isNewExpression(node) && node.expression.getText(sf) === 'URL') {
      const [first, second] = node.arguments ?? [];
      if (isText(first) && second?.getText(sf) === 'import.meta.url') literal(first);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return edits;
}
const applyEdits = (text: string, edits: Edit[]): string =>
  [...edits]
    .sort((a, b) => b.start - a.start)
    .reduce((t, e) => t.slice(0, e.start) + e.text + t.slice(e.end), text);

// ---- 4. paths written as text ---------------------------------------------------------------------
const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
interface TextRule {
  re: RegExp;
  to: string;
}
const textRules = (prefixOld: string, prefixNew: string, srcRelative: boolean): TextRule[] => {
  const rules: Array<[string, string, string]> = [];
  for (const [from, to] of moves) {
    rules.push([`${prefixOld}${from}`, `${prefixNew}${to}`, '(?![\\w-])']);
    if (srcRelative) continue; // a bare `routes/x` or folder in a comment is too loose to rewrite
    if (from.endsWith('.ts')) {
      rules.push([`${prefixOld}${from.slice(0, -3)}`, `${prefixNew}${to.slice(0, -3)}`, '(?![\\w./-])']);
    }
  }
  for (const [d, to] of srcRelative ? [] : movedDirs) {
    rules.push([
      `${prefixOld}${d.slice(root.length + 1)}`,
      `${prefixNew}${to.slice(root.length + 1)}`,
      '(?![\\w.-])',
    ]);
  }
  return rules
    .sort((a, b) => b[0].length - a[0].length)
    .map(([from, to, right]) => ({
      re: new RegExp(`${srcRelative ? '(?<![\\w/.-])' : ''}${escape(from)}${right}`, 'g'),
      to,
    }));
};
const repoPathRules = textRules(`${root}/`, `${root}/`, false);
const srcPathRules = textRules('', '', true);
const applyRules = (text: string, rules: TextRule[]): string => {
  // one pass per rule on text not yet rewritten would need markers; rules are exact old paths, and a
  // new path never equals an old one, so the longest-first order keeps each mention rewritten once
  const hits: Array<{ start: number; end: number; to: string }> = [];
  for (const rule of rules) {
    for (const m of text.matchAll(rule.re)) {
      const start = m.index;
      const end = start + m[0].length;
      if (hits.some((h) => start < h.end && end > h.start)) continue;
      hits.push({ start, end, to: rule.to });
    }
  }
  return applyEdits(
    text,
    hits.map((h) => ({ start: h.start, end: h.end, text: h.to })),
  );
};
const textFiles = git('ls-files', '-z')
  .split('\0')
  .filter(
    (f) =>
      f &&
      /\.(ts|tsx|mts|cts|js|mjs|cjs|json|md|ya?ml|sh)$|^\.ci\//.test(f) &&
      !f.includes('node_modules/') &&
      !f.startsWith('docs/decisions/') &&
      f !== 'docs/ARCHITECTURE.md' &&
      !f.startsWith('scripts/refactor/') &&
      f !== 'package-lock.json',
  );

// ---- 5. compute every new text, then move, then write ------------------------------------------
const newTexts = new Map<string, string>(); // repo-relative NEW path -> text
const codeSet = new Set(codeFiles);
let specifiersRewritten = 0;
for (const file of new Set([...codeFiles, ...textFiles])) {
  const abs = join(repo, file);
  if (!isFile(abs)) continue;
  const before = readFileSync(abs, 'utf8');
  const fileNew = newPlaceOf(file) ?? file;
  let after = before;
  if (codeSet.has(file)) {
    const edits = codeEdits(before, file, file, fileNew);
    specifiersRewritten += edits.length;
    after = applyEdits(after, edits);
  }
  after = applyRules(after, repoPathRules);
  if (file.startsWith(`${root}/`) || /^docs\/[^/]+\.md$/.test(file)) after = applyRules(after, srcPathRules);
  if (after !== before) newTexts.set(fileNew, after);
}

const byFolder = new Map<string, string[]>();
for (const [from, to] of movedRepo) {
  const folder = posix.dirname(to);
  byFolder.set(folder, [...(byFolder.get(folder) ?? []), from]);
}
for (const [folder, files] of byFolder) {
  mkdirSync(join(repo, folder), { recursive: true });
  for (let i = 0; i < files.length; i += 100) git('mv', ...files.slice(i, i + 100), `${folder}/`);
}
// a longer path can push an import over the line width: format what was rewritten, as the house does
const prettier = await import('prettier');
for (const [file, text] of newTexts) {
  const abs = join(repo, file);
  const info = await prettier.getFileInfo(abs, { ignorePath: join(repo, '.prettierignore') });
  const options = await prettier.resolveConfig(abs);
  const out =
    info.ignored || !info.inferredParser ? text : await prettier.format(text, { ...options, filepath: abs });
  writeFileSync(abs, out);
}
if (newTexts.size > 0) git('add', '--', ...newTexts.keys());
const removeEmpty = (dir: string): void => {
  if (!isDir(dir)) return;
  for (const entry of readdirSync(dir)) removeEmpty(join(dir, entry));
  if (readdirSync(dir).length === 0) rmdirSync(dir);
};
for (const s of map.scanned) removeEmpty(join(repo, root, s));
console.log(
  `Moved ${movedRepo.size} files into ${byFolder.size} folders; rewrote ${specifiersRewritten} relative ` +
    `paths in code, ${newTexts.size} files changed in all. Staged: review with \`git status\` and commit.`,
);
