// Files from the admin API (the CSV exports): fetched with the staff token by AdminApi.download,
// then handed to the browser as a download through an object URL. A refusal becomes an error
// toast with the server's message.
import { useCallback, useState } from 'react';
import type { z } from 'zod/mini';
import { failureMessage } from '../../../api/adminApi';
import type { RouteDef } from '../../../api/route';
import { useAdminServices } from './context';


function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // the click has started the download; the URL is not needed after this turn
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownload(): {
  pending: boolean;
  download: <P extends z.ZodMiniType, Q extends z.ZodMiniType>(
    def: RouteDef<P, Q>,
    query: z.input<Q>,
    fallbackName: string,
  ) => Promise<void>;
} {
  const { api, toasts } = useAdminServices();
  const [pending, setPending] = useState(false);
  const download = useCallback(
    async <P extends z.ZodMiniType, Q extends z.ZodMiniType>(def: RouteDef<P, Q>, query: z.input<Q>, fallbackName: string) => {
      setPending(true);
      try {
        const file = await api.download(def, { query });
        save(file.blob, file.fileName ?? fallbackName);
      } catch (error) {
        toasts.push('error', failureMessage(error));
      } finally {
        setPending(false);
      }
    },
    [api, toasts],
  );
  return { pending, download };
}
