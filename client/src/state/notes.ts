// Job notes for the notifications menu (spec §4: types 0 error, 1 export link, 2 info/success,
// 3 information, 4 open link, 5 copy/move/delete job, 6-8 errors, 9 other). Any feature adds a
// note through addNoteAtom; the header's notifications menu lists them, newest first.
import { atom } from 'jotai';

export const NoteType = {
  Error: 0,
  ExportLink: 1,
  Success: 2,
  Information: 3,
  OpenLink: 4,
  Job: 5,
  ErrorBatch: 6,
  ErrorWorkflow: 7,
  ErrorCapture: 8,
  Other: 9,
} as const;
export type NoteType = (typeof NoteType)[keyof typeof NoteType];

/** Types whose note carries a link (an export to download, a page to open). */
export const noteHasLink = (type: NoteType): boolean =>
  type === NoteType.ExportLink || type === NoteType.OpenLink;

/** Error types: 0 and 6 to 8. */
export const noteIsError = (type: NoteType): boolean => type === NoteType.Error || (type >= 6 && type <= 8);

export interface Note {
  id: number;
  type: NoteType;
  /** already translated text */
  text: string;
  /** for types with a link */
  href?: string;
  /** a job group (type 5): how many results came back good and bad, out of how many */
  job?: { total: number; success: number; danger: number; errors: string[] };
  createdAt: number;
  read: boolean;
}

export type NewNote = Omit<Note, 'id' | 'createdAt' | 'read'>;

export const notesAtom = atom<Note[]>([]);

let nextNoteId = 1;

/** Adds a note and returns its id (to update a job note as its results arrive). */
export const addNoteAtom = atom(null, (get, set, note: NewNote): number => {
  const id = nextNoteId++;
  set(notesAtom, [{ ...note, id, createdAt: Date.now(), read: false }, ...get(notesAtom)]);
  return id;
});

/** Replaces fields of a note (a job note counting its results). */
export const updateNoteAtom = atom(null, (get, set, id: number, patch: Partial<NewNote>) => {
  set(
    notesAtom,
    get(notesAtom).map((n) => (n.id === id ? { ...n, ...patch } : n)),
  );
});

export const unreadNotesAtom = atom((get) => get(notesAtom).filter((n) => !n.read).length);

export const markNotesReadAtom = atom(null, (get, set) => {
  set(
    notesAtom,
    get(notesAtom).map((n) => (n.read ? n : { ...n, read: true })),
  );
});
