// The workflow tests' set-up on the in-process server (realServer.ts): workflowWorld's invoices and
// workflow, with tasks entered through the API as a user would start them.
import { queueActionKey } from '@gs/contract/workflow';
import type { FakeAnswer, FakeHandler } from './fakeServer';
import { realServer, type RealServer } from './realServer';

export interface WorkflowServer extends RealServer {
  workflowId: number;
  /** the six invoices of workflowWorld (amounts 50, 500, 75, 5000, 20, 900) */
  docs: number[];
  /** three documents in Contracts */
  contracts: number[];
  review: string;
  exceptions: string;
  /** starts the workflow on these documents of `archive` (Invoices): each waits in Review */
  enter(docs: number[], archive?: number): Promise<void>;
  /** takes a queue action on tasks of `archive` (Invoices) as `login` */
  act(queue: string, action: string, docs: number[], login?: string, archive?: number): Promise<void>;
}

export function workflowServer(overrides: Record<string, FakeHandler | FakeAnswer> = {}): WorkflowServer {
  const server = realServer({ workflow: true, overrides });
  const { workflow, alpha, invoices } = server.w;
  if (!workflow) throw new Error('no workflow seeded');
  const hashes = (docs: number[]) =>
    Object.fromEntries(docs.map((d) => [String(d), server.hashOf(alpha, d)]));
  const { workflowId, docs, contracts } = workflow;
  return {
    ...server,
    workflowId,
    docs,
    contracts,
    review: `${workflowId}:3`,
    exceptions: `${workflowId}:6`,
    enter: async (entered, archive = invoices) => {
      await server.call(
        'full.user',
        'POST',
        `workflowdesigner/documents?dbid=${alpha}&workflowid=${workflowId}&archiveid=${archive}`,
        hashes(entered),
      );
    },
    act: async (queue, action, acted, login = 'full.user', archive = invoices) => {
      const id = encodeURIComponent(queueActionKey(queue, action));
      await server.call(
        login,
        'PUT',
        `useraction?Database=${alpha}&Archive=${archive}&ActionID=${id}`,
        hashes(acted),
      );
    },
  };
}
