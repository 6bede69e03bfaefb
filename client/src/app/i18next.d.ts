// Types translation keys from the English files, so a mistyped key fails the type-check. Every
// feature file of client/src/locales/en is listed here (i18n.ts merges them at run time).
import type account from '../locales/en/account.json';
import type admin from '../locales/en/admin.json';
import type analytics from '../locales/en/analytics.json';
import type annotations from '../locales/en/annotations.json';
import type batches from '../locales/en/batches.json';
import type bulk from '../locales/en/bulk.json';
import type bulkDialogs from '../locales/en/bulkDialogs.json';
import type capture from '../locales/en/capture.json';
import type captureCore from '../locales/en/captureCore.json';
import type captureScreens from '../locales/en/captureScreens.json';
import type documents from '../locales/en/documents.json';
import type docStates from '../locales/en/docStates.json';
import type inbox from '../locales/en/inbox.json';
import type inboxOps from '../locales/en/inboxOps.json';
import type indexing from '../locales/en/indexing.json';
import type keyfree from '../locales/en/keyfree.json';
import type language from '../locales/en/language.json';
import type paths from '../locales/en/paths.json';
import type security from '../locales/en/security.json';
import type serverTexts from '../locales/en/serverTexts.json';
import type translation from '../locales/en/translation.json';
import type viewer from '../locales/en/viewer.json';
import type workflow from '../locales/en/workflow.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof translation &
        typeof account &
        typeof admin &
        typeof analytics &
        typeof annotations &
        typeof batches &
        typeof capture &
        typeof captureCore &
        typeof captureScreens &
        typeof inbox &
        typeof inboxOps &
        typeof viewer &
        typeof documents &
        typeof docStates &
        typeof bulk &
        typeof bulkDialogs &
        typeof indexing &
        typeof keyfree &
        typeof language &
        typeof paths &
        typeof security &
        typeof serverTexts &
        typeof workflow;
    };
    returnNull: false;
  }
}
