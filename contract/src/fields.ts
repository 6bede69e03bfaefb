// Field definitions (archive fields and search result columns): square9api-wire.md §2.3.
import type { FieldTypeCode } from './flags';

export interface FieldDefinition {
  ID: number;
  Name: string;
  /** list id; 0 = none */
  List: number;
  Type: FieldTypeCode;
  Mask: string;
  Size: number;
  RegEx: string;
  Prop: number;
  /** parent field id of a dynamic list; 0 = none */
  Parent: number;
  ListF1: number;
  ListF2: number;
}

/** A document's value for one field. MVAL holds every value of a multi-value field. */
export interface FieldValue {
  ID: number;
  VAL: string;
  MVAL: string[];
}

export interface ListResponse {
  ID: number;
  Name: string;
  Items: string[];
}
