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

const published =
  <Row, Shown>(actor: Actor, kind: EditedKind<Row, Shown>) =>
  async (): Promise<unknown> =>
    kind.publish?.(actor.ctx);

/** Creates the record: `insert` checks the input and writes it; audited as `<entity>.create` with after. */
export function createRecord<Row, Shown>(
  actor: Actor,
  kind: EditedKind<Row, Shown>,
  id: string,
  insert: (tx: Executor, now: Date) => Promise<Row>,
): Promise<Shown> {
  return staffEdit(
    actor,
    async (tx, record, now) => {
      const after = kind.show(await insert(tx, now));
      const { entity } = kind;
      await record({ action: `${entity}.create`, entity, entityId: id, after });
      return after;
    },
    published(actor, kind),
  );
}

/** Updates the record: `change` checks the patch and writes it, answering the new row (none: unchanged). */
export function updateRecord<Row, Shown>(
  actor: Actor,
  kind: EditedKind<Row, Shown>,
  id: string,
  change: (tx: Executor, before: Row, now: Date) => Promise<Row | null | undefined>,
): Promise<Shown> {
  return staffEdit(
    actor,
    async (tx, record, now) => {
      const before = await kind.require(tx, id);
      const after = kind.show((await change(tx, before, now)) ?? before);
      const { entity } = kind;
      await record({ action: `${entity}.update`, entity, entityId: id, before: kind.show(before), after });
      return after;
    },
    published(actor, kind),
  );
}

/** Deletes the record: `remove` refuses (a 409 of its own) or deletes it. */
export async function deleteRecord<Row, Shown>(
  actor: Actor,
  kind: EditedKind<Row, Shown>,
  id: string,
  remove: (tx: Executor, before: Row) => Promise<void>,
): Promise<void> {
  await staffEdit(
    actor,
    async (tx, record) => {
      const before = await kind.require(tx, id);
      await remove(tx, before);
      const { entity } = kind;
      await record({ action: `${entity}.delete`, entity, entityId: id, before: kind.show(before) });
    },
    published(actor, kind),
  );
}
