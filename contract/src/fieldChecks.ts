// Field value checks and index data writes: `POST indexes`, `GET indexes/` (dynamic lists),
// `PUT UpdateDocument/.../FieldData` and `POST .../documents/{id}/save` (wire §2.5, spec §5 and §7).
// Requests are read in any key casing (HL sends Id/Val/Mval); responses use the casing below.
import type { FieldValue } from './fields';

/** Result codes of a field value check (spec §5); 0 is a valid value. */
export const FieldCheckCode = {
  Valid: 0,
  InvalidNumber: -1,
  InvalidDate: -2,
  LengthOverflow: -3,
  NotFound: -4,
  Required: -5,
  /** custom text: the field's RegEx message, a list or system-field refusal */
  Custom: -6,
} as const;
export type FieldCheckCodeValue = (typeof FieldCheckCode)[keyof typeof FieldCheckCode];

/**
 * The most significant digits a decimal field takes (decision 049): a decimal is stored as an
 * IEEE double, which keeps 15 significant decimal digits exactly. Counted from the first non-zero
 * digit of the whole part to the last non-zero digit of the fraction; more is refused with code
 * -1 by the server and INVALID_INT_OR_DEC by the client, never rounded.
 */
export const DECIMAL_MAX_DIGITS = 15;

/** The client's translation key for each code; -6 shows the server's Message itself. */
export const FIELD_CHECK_MESSAGE_KEYS: Readonly<Record<FieldCheckCodeValue, string | undefined>> = {
  [FieldCheckCode.Valid]: undefined,
  [FieldCheckCode.InvalidNumber]: 'INVALID_INT_OR_DEC',
  [FieldCheckCode.InvalidDate]: 'INVALID_DT',
  [FieldCheckCode.LengthOverflow]: 'FIELD_LENGTH_OVER',
  [FieldCheckCode.NotFound]: 'FIELD_NOT_FOUND',
  [FieldCheckCode.Required]: 'REQUIRED_FIELD',
  [FieldCheckCode.Custom]: undefined,
};

/**
 * `POST indexes?db=&archive=&token=` (db also as `database`; db, archive and token may instead be
 * keys of an object body). Body: an array of FieldValue, one FieldValue, or an object holding
 * the array under `Fields` or `IndexFields`.
 */
export type FieldCheckRequest = FieldValue[];

/** One entry per field sent, in the order sent. Message is '' when Valid. */
export interface FieldCheckResult {
  ID: number;
  Valid: boolean;
  Code: FieldCheckCodeValue;
  Message: string;
}
export type FieldCheckResponse = FieldCheckResult[];

/**
 * `GET indexes/?database=&Field=&Filter1=&Filter2=&Token=`: the items a list field offers, as a
 * bare array. A dynamic list (Prop 128) gives the list mapped to Filter1 (the parent's value) and
 * Filter2 (the second parent's value, optional), or the field's own list when Filter1 is empty;
 * any other field with a list gives that list; a field without one gives []. Only for a field of an
 * archive the caller may view (optional `Archive=` names it): otherwise 404, as an unknown field.
 */
export type DynamicListResponse = string[];

/** `PUT UpdateDocument/databases/{db}/archive/{a}/document/{id}/FieldData?secureId=` body. */
export type FieldDataRequest = FieldValue[];

/** `POST dbs/{db}/archives/{a}/documents/{id}/save?SecureId=` body. */
export interface SaveDocumentRequest {
  IndexData: { IndexFields: FieldValue[] };
}

/**
 * What both writes answer with 200 (the real server returns nothing useful): the document's
 * value of every field of its archive after the save, in the archive's field order. Dates come
 * back as MM/DD/YYYY, multi-value fields with VAL = their first value.
 * A refused write is a 400 (FieldDataErrorBody) whose Message names the field and its code, e.g.
 * `Field 'PO Date' (ID 4) is invalid (code -2): ...`, and nothing is written.
 */
export type FieldDataResponse = FieldValue[];

/** The 400 of a refused FieldData PUT or /save: the first invalid field in Message, all of them in Fields. */
export interface FieldDataErrorBody {
  Message: string;
  Fields: FieldCheckResult[];
}
