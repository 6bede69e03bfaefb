// A workflow definition from the designer's POST body (contract WorkflowDefinition), checked whole
// before anything is written: one start node, unique node ids, every link to an existing node,
// queue action keys unique in their queue, bound and target archives of the database, condition
// and set-field fields of the database, and no loop through automatic nodes alone (a run must
// rest in a queue or end). 400 with what is wrong otherwise.
import { z } from 'zod';
import { WorkflowNodeType, type WorkflowDefinition, type WorkflowNode } from '@gs/contract/workflow';
import type { Repos } from '../../db/repos';
import { badRequest } from '../../domain/errors';
import { int32, parseBody, trimmed } from '../../lib/zodInput';

const id = int32.pipe(z.number().int().min(0));
const name = trimmed.pipe(z.string().min(1).max(100));
const optionalId = id.optional();

const nodeSchema = z.object({
  id: id.pipe(z.number().min(1)),
  type: z.enum(Object.values(WorkflowNodeType) as [string, ...string[]]),
  name,
  usersandgroups: z
    .array(trimmed.pipe(z.string().min(1).max(100)))
    .max(100)
    .optional(),
  actions: z
    .array(z.object({ key: trimmed.pipe(z.string().min(1).max(50)), name, next: id }))
    .max(50)
    .optional(),
  fieldid: optionalId,
  operator: int32.pipe(z.number().int().min(1).max(7)).optional(),
  value: z
    .union([z.string().max(1000), z.number()])
    .transform(String)
    .optional(),
  true: optionalId,
  false: optionalId,
  archiveid: optionalId,
  next: optionalId,
});

const definitionSchema = z.object({
  id: id.optional().default(0),
  name,
  boundarchives: z.array(id).max(1000).optional().default([]),
  nodes: z.array(nodeSchema).min(2).max(500),
});

const EXPECTED = 'a workflow {Id, Name, BoundArchives, Nodes: [{Id, Type, Name, ...}]}';

const AUTOMATIC = new Set<string>([
  WorkflowNodeType.Start,
  WorkflowNodeType.Condition,
  WorkflowNodeType.SetField,
  WorkflowNodeType.RouteToArchive,
]);

const linksOf = (n: WorkflowNode): number[] => {
  if (n.Type === WorkflowNodeType.Queue) return (n.Actions ?? []).map((a) => a.Next);
  if (n.Type === WorkflowNodeType.Condition) return [n.True ?? 0, n.False ?? 0];
  if (n.Type === WorkflowNodeType.End) return [];
  return [n.Next ?? 0];
};

/** A loop through automatic nodes only, as the node ids on it; undefined when there is none. */
function automaticLoop(nodes: Map<number, WorkflowNode>): number[] | undefined {
  const state = new Map<number, 'open' | 'done'>();
  const visit = (id: number, path: number[]): number[] | undefined => {
    const n = nodes.get(id);
    if (!n || !AUTOMATIC.has(n.Type) || state.get(id) === 'done') return undefined;
    if (state.get(id) === 'open') return [...path, id];
    state.set(id, 'open');
    for (const next of linksOf(n)) {
      const loop = visit(next, [...path, id]);
      if (loop) return loop;
    }
    state.set(id, 'done');
    return undefined;
  };
  for (const id of nodes.keys()) {
    const loop = visit(id, []);
    if (loop) return loop;
  }
  return undefined;
}

export function parseWorkflowDefinition(
  repos: Pick<Repos, 'workflows'>,
  databaseId: number,
  body: unknown,
): WorkflowDefinition {
  const raw = parseBody(definitionSchema, body, EXPECTED);
  const nodes: WorkflowNode[] = raw.nodes.map((n) => ({
    Id: n.id,
    Type: n.type as WorkflowNode['Type'],
    Name: n.name,
    ...(n.type === WorkflowNodeType.Queue
      ? {
          UsersAndGroups: n.usersandgroups ?? [],
          Actions: (n.actions ?? []).map((a) => ({ Key: a.key, Name: a.name, Next: a.next })),
        }
      : {}),
    ...(n.type === WorkflowNodeType.Condition
      ? { FieldId: n.fieldid, Operator: n.operator ?? 1, Value: n.value ?? '', True: n.true, False: n.false }
      : {}),
    ...(n.type === WorkflowNodeType.SetField ? { FieldId: n.fieldid, Value: n.value ?? '' } : {}),
    ...(n.type === WorkflowNodeType.RouteToArchive ? { ArchiveId: n.archiveid } : {}),
    ...(AUTOMATIC.has(n.type) && n.type !== WorkflowNodeType.Condition ? { Next: n.next } : {}),
  }));
  const byId = new Map(nodes.map((n) => [n.Id, n]));
  if (byId.size !== nodes.length) throw badRequest('Node ids must be unique in the workflow.');
  if (nodes.filter((n) => n.Type === WorkflowNodeType.Start).length !== 1)
    throw badRequest('A workflow has exactly one start node.');
  const archivesOfDb = new Set(repos.workflows.archiveIds(databaseId));
  const fieldsOfDb = new Set(repos.workflows.fields(databaseId).map((f) => f.Id));
  for (const n of nodes) {
    for (const next of linksOf(n))
      if (!byId.has(next))
        throw badRequest(`Node ${n.Id} (${n.Name}) leads to node ${next}, which does not exist.`);
    if (n.Type === WorkflowNodeType.Queue) {
      const keys = (n.Actions ?? []).map((a) => a.Key.toLowerCase());
      if (new Set(keys).size !== keys.length)
        throw badRequest(`Queue ${n.Name} has two actions with one key.`);
      if (keys.some((k) => k.includes(':'))) throw badRequest(`An action key cannot contain ':'.`);
    }
    if (
      (n.Type === WorkflowNodeType.Condition || n.Type === WorkflowNodeType.SetField) &&
      !fieldsOfDb.has(n.FieldId ?? -1)
    )
      throw badRequest(
        `Node ${n.Id} (${n.Name}) names field ${n.FieldId ?? 'none'}, not a field of database ${databaseId}.`,
      );
    if (n.Type === WorkflowNodeType.RouteToArchive && !archivesOfDb.has(n.ArchiveId ?? -1))
      throw badRequest(
        `Node ${n.Id} (${n.Name}) routes to archive ${n.ArchiveId ?? 'none'}, not an archive of database ${databaseId}.`,
      );
  }
  for (const a of raw.boundarchives)
    if (!archivesOfDb.has(a)) throw badRequest(`Archive ${a} is not an archive of database ${databaseId}.`);
  const loop = automaticLoop(byId);
  if (loop) throw badRequest(`Nodes ${loop.join(' -> ')} loop without a queue.`);
  return { Id: raw.id, Name: raw.name, BoundArchives: raw.boundarchives, Nodes: nodes };
}
