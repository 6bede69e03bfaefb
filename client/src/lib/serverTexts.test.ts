// The mapping of server texts to the client's own: known refusals and history actions come out in
// the user's language with their names and ids carried over; anything else is labelled or left as is.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { readOnlyDelegateMessage } from '@gs/contract/delegation';
import {
  DEFAULT_PASSWORD_MESSAGE,
  STRONG_PASSWORD_MESSAGE,
  EMAIL_REFUSED_MESSAGE,
} from '@gs/contract/account';
import { TASK_MOVED_MESSAGE, workflowAudit } from '@gs/contract/workflow';
import { ANNOTATION_HISTORY_MESSAGE } from '@gs/contract/annotations';
import { createI18nLoaded, LANGUAGES } from '../app/i18n';
import { ApiError } from '../api/http';
import {
  HISTORY_ACTION_KEYS,
  PERMISSION_WHAT_KEYS,
  SERVER_MESSAGE_KEYS,
  knownHistoryAction,
  knownServerMessage,
  serverReason,
  translateHistoryLine,
  translateServerDetail,
  translateServerError,
  translateServerMessage,
} from './serverTexts';

let de: TFunction;
let en: TFunction;
beforeAll(async () => {
  de = (await createI18nLoaded('de')).t;
  en = (await createI18nLoaded('en')).t;
});

const refusal = (status: number, body: object) =>
  new ApiError('http', status, 'Message' in body ? String(body.Message) : null, JSON.stringify(body));

describe('server messages', () => {
  it('knows the texts the server writes, from the contract where it has them', () => {
    for (const text of [
      readOnlyDelegateMessage('reader'),
      DEFAULT_PASSWORD_MESSAGE,
      STRONG_PASSWORD_MESSAGE,
      EMAIL_REFUSED_MESSAGE,
      TASK_MOVED_MESSAGE,
      "Field 'Quantity' holds values; delete it with Drop=true to drop them.",
      "'Emails' must be a list of e-mail addresses.",
    ])
      expect(knownServerMessage(text), text).not.toBeNull();
    expect(knownServerMessage('Something new happened.')).toBeNull();
  });

  it('translates a known message with its names, and labels an unknown one', () => {
    expect(translateServerMessage(de, readOnlyDelegateMessage('reader'))).toBe(
      'reader hat eine Nur-Lese-Lizenz und kann kein Vertreter sein.',
    );
    expect(
      translateServerMessage(de, "Field 'Quantity' holds values; delete it with Drop=true to drop them."),
    ).toBe(
      "Das Feld 'Quantity' enthält Werte: Wählen Sie zum Löschen auch, die enthaltenen Daten zu verwerfen.",
    );
    expect(translateServerMessage(de, STRONG_PASSWORD_MESSAGE)).toMatch(
      /^Das Passwort muss 8 bis 20 Zeichen/,
    );
    expect(translateServerMessage(en, STRONG_PASSWORD_MESSAGE)).toBe(STRONG_PASSWORD_MESSAGE);
    expect(translateServerMessage(de, 'Something new happened.')).toBe('Server: Something new happened.');
  });

  it("reads a 400's MessageDetail under the generic Message, else the Message", () => {
    const detail = refusal(400, {
      Message: 'The request is invalid.',
      MessageDetail: "'Emails' must be a list of e-mail addresses.",
    });
    expect(serverReason(detail)).toBe("'Emails' must be a list of e-mail addresses.");
    expect(translateServerError(de, detail)).toBe(
      'Jede zu benachrichtigende Adresse muss eine E-Mail-Adresse sein (name@domain).',
    );
    expect(serverReason(refusal(403, { Message: 'You are not permitted to delegate.' }))).toBe(
      'You are not permitted to delegate.',
    );
    expect(translateServerError(de, new Error('offline'))).toBeNull();
  });
});

describe('the refusals users meet most (decision 068)', () => {
  it('translates a permission refusal with the action it names, and labels one naming another action', () => {
    expect(
      translateServerMessage(de, "You do not have permission to delete documents in archive 'Invoices'."),
    ).toBe("Sie haben keine Berechtigung, im Archiv 'Invoices' Dokumente zu löschen.");
    expect(translateServerMessage(en, "You do not have permission to rename files in inbox 'Scans'.")).toBe(
      "You do not have permission to rename files in inbox 'Scans'.",
    );
    const other = "You do not have permission to paint walls in archive 'Invoices'.";
    expect(knownServerMessage(other)).toBeNull();
    expect(translateServerMessage(de, other)).toBe(`Server: ${other}`);
  });

  it("translates a user import's refusals, and the reason they quote when it is known", () => {
    expect(translateServerMessage(de, 'The user full.user already exists.')).toBe(
      'Der Benutzer full.user existiert bereits.',
    );
    expect(translateServerMessage(de, 'The user Anna cannot be added: Password is required.')).toBe(
      'Der Benutzer Anna kann nicht hinzugefügt werden: Ein Passwort ist erforderlich.',
    );
    // a reason the client does not know stays as written inside the translated sentence
    expect(translateServerMessage(de, 'The user Bob cannot be added: Invalid email address')).toBe(
      'Der Benutzer Bob kann nicht hinzugefügt werden: Invalid email address',
    );
  });

  it("translates the server's field checks with the value and the field", () => {
    expect(translateServerMessage(de, "'XY' is not an item of the list of 'Vendor'.")).toBe(
      "'XY' ist kein Eintrag der Liste von 'Vendor'.",
    );
    expect(translateServerMessage(de, "'Vendor' is required.")).toBe("'Vendor' ist ein Pflichtfeld.");
    expect(translateServerMessage(de, "The value is longer than the 20 characters of 'PO'.")).toBe(
      "Der Wert ist länger als die 20 Zeichen von 'PO'.",
    );
    expect(translateServerMessage(de, "'Doc ID' is a system field and cannot be changed.")).toBe(
      "'Doc ID' ist ein Systemfeld und kann nicht geändert werden.",
    );
  });

  it("translates an import log's first error, the cause it quotes left as written", () => {
    expect(translateServerMessage(de, 'The package BAD.gs is corrupted: bad zip')).toBe(
      'Das Paket BAD.gs ist beschädigt: bad zip',
    );
    expect(translateServerMessage(de, 'The import stopped when the server stopped; run it again.')).toBe(
      'Der Import wurde beim Anhalten des Servers abgebrochen; starten Sie ihn erneut.',
    );
  });

  it('translates not-found and rights refusals with their ids', () => {
    expect(translateServerMessage(de, 'Archive 4 was not found in database 2.')).toBe(
      'Das Archiv 4 wurde in der Datenbank 2 nicht gefunden.',
    );
    expect(translateServerMessage(de, 'Document 12 has no file.')).toBe('Dokument 12 hat keine Datei.');
    expect(translateServerMessage(de, 'You are not an administrator of database 3.')).toBe(
      'Sie sind nicht Administrator der Datenbank 3.',
    );
    expect(translateServerMessage(de, "Portal 'AP Scans' still holds 5 batches; delete them first.")).toBe(
      "Das Portal 'AP Scans' enthält noch 5 Stapel; löschen Sie diese zuerst.",
    );
    expect(translateServerMessage(de, 'The OCR engine did not answer within 120 seconds.')).toBe(
      'Die OCR-Engine hat nicht innerhalb von 120 Sekunden geantwortet.',
    );
    expect(translateServerMessage(de, 'Document 5 of batch 9 is indexed already.')).toBe(
      'Dokument 5 des Stapels 9 ist bereits indiziert.',
    );
  });

  it("reads the capture API's MessageDetail under any Message when asked", () => {
    const body = { Message: 'Conflict', MessageDetail: 'Document 5 of batch 9 is indexed already.' };
    const error = refusal(409, body);
    expect(serverReason(error)).toBe('Conflict');
    expect(translateServerError(de, error, { detailFirst: true })).toBe(
      'Dokument 5 des Stapels 9 ist bereits indiziert.',
    );
    expect(translateServerDetail(de, null)).toBeNull();
    expect(translateServerDetail(de, 'Anything else.')).toBe('Server: Anything else.');
  });
});

describe('history lines', () => {
  it('translates the audit actions, whatever their case', () => {
    expect(translateHistoryLine(de, 'Document Viewed')).toBe('Dokument angesehen');
    expect(translateHistoryLine(de, 'Document viewed')).toBe('Dokument angesehen');
    expect(translateHistoryLine(de, 'Index Data Changed')).toBe('Indexdaten geändert');
    expect(translateHistoryLine(de, ANNOTATION_HISTORY_MESSAGE)).toBe('Anmerkungen geändert');
    expect(translateHistoryLine(de, "Field 'Vendor' changed from 'A' to 'B'")).toBe(
      "Feld 'Vendor' von 'A' auf 'B' geändert",
    );
    expect(translateHistoryLine(de, workflowAudit.queueEntered('Approval', 7))).toBe(
      'In Warteschlange: Approval (Prozess 7)',
    );
    expect(translateHistoryLine(de, 'File Converted: .tif to .pdf (1 page)')).toBe(
      'Datei von .tif in PDF umgewandelt (1 Seite)',
    );
    expect(
      translateHistoryLine(
        de,
        "Bulk update: Field 'A' changed from '1' to '2'; Field 'B' changed from '' to 'x'",
      ),
    ).toBe("Massenänderung: Feld 'A' von '1' auf '2' geändert; Feld 'B' von '' auf 'x' geändert");
  });

  it('leaves a line it does not know as written (a note a user posted)', () => {
    expect(knownHistoryAction('Called the vendor')).toBeNull();
    expect(translateHistoryLine(de, 'Called the vendor')).toBe('Called the vendor');
  });

  it('has every action and message in all seven languages', async () => {
    const keys = [
      'serverMessage.unknown',
      'historyAction.bulkUpdate',
      ...SERVER_MESSAGE_KEYS.map((k) => `serverMessage.${k}`),
      ...PERMISSION_WHAT_KEYS.map((k) => `serverMessage.permissionTo.${k}`),
      ...HISTORY_ACTION_KEYS.map((k) => `historyAction.${k}`),
    ];
    for (const language of LANGUAGES) {
      const i18n = await createI18nLoaded(language);
      const has = (key: string) => i18n.exists(key, { lng: language, fallbackLng: [] });
      // a counted text is there as its plural forms (key_one and key_other) instead
      for (const key of keys)
        expect(has(key) || (has(`${key}_one`) && has(`${key}_other`)), `${language} ${key}`).toBe(true);
    }
  });
});
