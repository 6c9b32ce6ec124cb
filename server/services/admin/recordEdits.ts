// The create, update and delete that staff's edits of one record share: read it (404 when missing),
// let the kind check and write, audit `<entity>.<create|update|delete>` with before and after in
// the same transaction, and tell the storefronts once it has committed.
import type { AppContext } from '../../context.js';
import type { Executor } from '../../db/database.js';
import type { Actor } from './actor.js';
import { staffEdit } from './staffEdit.js';

/** How one kind of record is read, shown in the audit and the answer, and announced. */
export interface EditedKind<Row, Shown> {
  /** The audit's entity: 'product', 'zone'. */
  entity: string;
  /** The record, or the kind's 404. */
  require: (tx: Executor, id: string) => Promise<Row>;
  show: (row: Row) => Shown;
  /** What storefronts are told after the commit (none for records they do not show). */
  publish?: (ctx: AppContext) => Promise<unknown>;
}

/** Staff's edit of one record, audited as `<entity>.<verb>` with what the record shows before and after. */
function auditedEdit<Row, Shown, T>(
  actor: Actor,
  kind: EditedKind<Row, Shown>,
  id: string,
  verb: 'create' | 'update' | 'delete',
  edit: (tx: Executor, now: Date) => Promise<{ before?: Shown; after?: Shown; answer: T }>,
): Promise<T> {
  return staffEdit(
    actor,
    async (tx, record, now) => {
      const { before, after, answer } = await edit(tx, now);
      await record({ action: `${kind.entity}.${verb}`, entity: kind.entity, entityId: id, before, after });
      return answer;
    },
    async () => kind.publish?.(actor.ctx),
  );
}

/** Creates the record: `insert` checks the input and writes it; audited with after. */
export function createRecord<Row, Shown>(
  actor: Actor,
  kind: EditedKind<Row, Shown>,
  id: string,
  insert: (tx: Executor, now: Date) => Promise<Row>,
): Promise<Shown> {
  return auditedEdit(actor, kind, id, 'create', async (tx, now) => {
    const after = kind.show(await insert(tx, now));
    return { after, answer: after };
  });
}

/** Updates the record: `change` checks the patch and writes it, answering the new row (none: unchanged). */
export function updateRecord<Row, Shown>(
  actor: Actor,
  kind: EditedKind<Row, Shown>,
  id: string,
  change: (tx: Executor, before: Row, now: Date) => Promise<Row | null | undefined>,
): Promise<Shown> {
  return auditedEdit(actor, kind, id, 'update', async (tx, now) => {
    const before = await kind.require(tx, id);
    const after = kind.show((await change(tx, before, now)) ?? before);
    return { before: kind.show(before), after, answer: after };
  });
}

/** Deletes the record: `remove` refuses (a 409 of its own) or deletes it; audited with before. */
export async function deleteRecord<Row, Shown>(
  actor: Actor,
  kind: EditedKind<Row, Shown>,
  id: string,
  remove: (tx: Executor, before: Row) => Promise<void>,
): Promise<void> {
  await auditedEdit(actor, kind, id, 'delete', async (tx) => {
    const before = await kind.require(tx, id);
    await remove(tx, before);
    return { before: kind.show(before), answer: undefined };
  });
}
