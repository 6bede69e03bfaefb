// User actions (GlobalAction "user action" buttons, spec §7, wire §2.5): what an archive offers and
// how one is started on checked documents.
//
// - `GET useraction?Database={db}&Archive={a}[&Document={id}&SecureId=][&Token]` answers one
//   UserActionQueue: its `Actions` are the actions the caller may start in that archive (an empty
//   list when none). With a Document, only that document's archive is asked about.
// - `PUT useraction?Database&Archive&ActionID={Key}&Token` with a body mapping document id to its
//   hash (`{"12":"<SecureId>", ...}`) starts the action on each of them; answers the number started.
// - `POST useraction?Database&Archive&Document&ActionId&SecureId` starts it on one document (HL).
// Unknown actions are 404, documents not in the archive 404, a hash that does not match 403.

export interface UserActionItem {
  Name: string;
  /** the ActionID to send back */
  Key: string;
}

export interface UserActionQueue {
  Key: string;
  ProcessId: number;
  Name: string;
  UsersAndGroups: string;
  Actions: UserActionItem[];
}

/** PUT body: document id (as a string key) -> the document's Hash (SecureId). */
export type UserActionDocuments = Record<string, string>;

export const userActionPath = 'useraction';
