// «Выгрузить в CSV» of a list screen: the export route with the screen's filters; shown only to a
// role that may export (managers and admins).
import type { z } from 'zod/mini';
import type { AdminRouteDef } from '../../../api/contract/admin/common';
import { useDownload } from '../data/download';
import { useCan } from '../data/hooks';
import { cx } from '../ui';
import s from '../admin.module.css';

export function ExportButton<Q extends z.ZodMiniType>({
  route,
  query,
  fileName,
}: {
  route: AdminRouteDef<z.ZodMiniType, Q>;
  query: z.input<Q>;
  fileName: string;
}) {
  const can = useCan(route);
  const { pending, download } = useDownload();
  if (!can) return null;
  return (
    <button
      type="button"
      className={cx(s.button, s.secondary)}
      disabled={pending}
      onClick={() => void download(route, query, fileName)}
    >
      {pending ? 'Выгрузка…' : 'Выгрузить в CSV'}
    </button>
  );
}
