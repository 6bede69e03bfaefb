// Annotations of an archive document (spec §7, permission 2048; decision 006): the stamps placed in
// the viewer, kept by the server. The real server's annotation routes are not public, so these are
// the simulator's, under the document's address and with the wire's PascalCase keys:
// - `GET dbs/{db}/archives/{a}/documents/{id}/annotations?SecureId` → Annotation[] (drawing order:
//   later ones lie on top); needs View (1).
// - `PUT` the same address with the document's whole set (an array, or `{Annotations: [...]}`, any
//   key casing) replaces it in one transaction and answers the stored set; needs View, Modify
//   Annotations (2048) and a licence that may edit (not type 4), else 403 with a Message. A change
//   writes the history entry "Annotation Data Updated" (category annotation).
// - `GET .../documents/{id}/File?SecureId&Annotations=true` answers a PDF with the annotations drawn
//   on their pages (TIFF and image pages become PDF pages first) when the document has any; the
//   export zip (`POST dbs/{db}/export?WithAnnotations=true`) and the helper's email use it.

export const ANNOTATION_TYPES = ['stamp'] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];

/** The colour of an annotation sent without one (a stamp's red). */
export const DEFAULT_ANNOTATION_COLOR = '#c0262d';
/** Limits the server enforces (400 beyond them). */
export const MAX_ANNOTATIONS = 500;
export const MAX_ANNOTATION_TEXT = 500;

/** One annotation as the server answers it. */
export interface Annotation {
  /** the server's id; send it back in a PUT to keep the annotation's CreatedBy and Created */
  Id: number;
  /** 1-based page */
  Page: number;
  /** the top-left corner as fractions (0..1) of the page's width and height, as the page is shown */
  X: number;
  Y: number;
  Text: string;
  Type: AnnotationType;
  /** `#rrggbb` */
  Color: string;
  CreatedBy: string;
  /** .NET date */
  Created: string;
}

/** One annotation of a PUT: Id (of a stored one), Type and Color may be left out. */
export type AnnotationInput = Pick<Annotation, 'Page' | 'X' | 'Y' | 'Text'> &
  Partial<Pick<Annotation, 'Id' | 'Type' | 'Color'>>;

export const annotationPaths = {
  annotations: (db: number, archive: number, doc: number) =>
    `dbs/${db}/archives/${archive}/documents/${doc}/annotations`,
};

/** The history message of a change (category annotation). */
export const ANNOTATION_HISTORY_MESSAGE = 'Annotation Data Updated';
