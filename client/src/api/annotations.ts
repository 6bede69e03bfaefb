// A document's annotations (contract annotations.ts): read the set, and replace it whole.
import { annotationPaths, type Annotation, type AnnotationInput } from '@gs/contract/annotations';
import type { DocumentRef } from './documents';
import type { Http } from './http';

export const getAnnotations = (http: Http, doc: DocumentRef): Promise<Annotation[]> =>
  http.request<Annotation[]>(annotationPaths.annotations(doc.db, doc.archive, doc.id), {
    query: { SecureId: doc.hash },
  });

/** `PUT` the document's whole set; the stored set (with the server's ids) comes back. */
export const saveAnnotations = (
  http: Http,
  doc: DocumentRef,
  annotations: AnnotationInput[],
): Promise<Annotation[]> =>
  http.request<Annotation[]>(annotationPaths.annotations(doc.db, doc.archive, doc.id), {
    method: 'PUT',
    query: { SecureId: doc.hash },
    body: annotations,
  });
