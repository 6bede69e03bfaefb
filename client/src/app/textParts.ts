// The feature files of a language (locales/<lang>/<file>.json) that load only with the screens
// that show them, as their own chunk per language (decision 079): the administration screens'
// texts, nearly a third of a language, are never shown on the others. Every other file is the
// language's core, loaded before the first screen (app/i18n.ts). Read by client/vite.config.ts
// (the chunks); scripts/bundleSize.system.test.ts counts a part with the routes WithTexts wraps.
export const TEXT_PARTS = {
  /** the screens of features/admin, security, analytics and paths (app/routes.tsx wraps them in WithTexts) */
  admin: { files: ['admin', 'security', 'analytics', 'paths'] },
  /** the bulk update, export and import dialogs (features/bulk, features/export), each wrapped in WithTexts where it opens */
  bulk: { files: ['bulkDialogs'] },
  /** the batch portal screens and the indexing view with KeyFree (routes.tsx and view/ViewPage.tsx wrap them); their server codes, the status names and the portals link are in captureCore.json */
  indexing: { files: ['batches', 'indexing', 'keyfree'] },
  /** the settings screen and dialog, the licence manager and the scan and extensions screens (routes.tsx, settings/SettingsDialogHost.tsx); capture.json keeps what other screens show */
  settings: { files: ['account', 'captureScreens'] },
} as const;

export type TextPart = keyof typeof TEXT_PARTS;

/** The part a language's feature file belongs to, `null` for the core. */
export function textPartOf(file: string): TextPart | null {
  const name = /([^/]+)\.json$/.exec(file)?.[1] ?? '';
  const parts = Object.keys(TEXT_PARTS) as TextPart[];
  return parts.find((part) => (TEXT_PARTS[part].files as readonly string[]).includes(name)) ?? null;
}
