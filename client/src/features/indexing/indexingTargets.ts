// What an indexing address names, as the view works with it: the files to show and import, where
// to go afterwards (the archive's search screen or the inbox), and the address a burst leads to
// once its new file exists.
import { useMemo } from 'react';
import type { SourceFile } from './indexingApi';
import { readIndexingTarget, type IndexingTarget } from './indexingPath';

/** The history state key that carries the success message to the screen shown after a save. */
export const INDEXING_NOTICE_STATE = 'indexingNotice';

export const sourceFilesOf = (target: IndexingTarget): SourceFile[] =>
  target.inbox
    ? [{ name: target.inbox.fileName, inboxId: target.inbox.id }]
    : target.importDocs.map((name) => ({ name }));

/** The inbox results (spec §2 `/results/Inbox?db&inboxId`). */
export const inboxResultsPath = (db: number, inboxId: number): string =>
  `/results/Inbox?db=${db}&inboxId=${inboxId}`;

/** The address of the burst file: the same archive and return, the new file, nothing left to burst. */
export function burstResultTarget(target: IndexingTarget, newName: string): IndexingTarget {
  return {
    ...target,
    importDocs: target.inbox ? [] : [newName],
    importNames: [],
    inbox: target.inbox ? { id: target.inbox.id, fileName: newName } : undefined,
    requestedPages: [],
    deleteBurstedPages: false,
    fromIndexer: true,
  };
}

/** The indexing target of the address, the same object while the address does not change. */
export function useIndexingTarget(params: URLSearchParams): IndexingTarget | null {
  const text = params.toString();
  return useMemo(() => readIndexingTarget(new URLSearchParams(text)), [text]);
}
