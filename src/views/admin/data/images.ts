// Picture upload through the image pipeline: the file goes as base64 JSON to POST /admin/images,
// which answers the /img URL to store in a product, group, story or slide.
import { useCallback, useState } from 'react';
import { adminUploadImage, type ImageKind } from '../../../api/contract/admin/menu';
import type { z } from 'zod/mini';
import { useAdminServices } from './context';
import { failureMessage } from '../../../api/adminApi';

export const MAX_IMAGE_BYTES = 6 * 1024 * 1024;

export function fileToBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.onload = () => {
      const result = String(reader.result);
      resolve(result.slice(result.indexOf(',') + 1));
    };
    reader.readAsDataURL(file);
  });
}

export function useImageUpload(kind: z.infer<typeof ImageKind>): { pending: boolean; upload: (file: File) => Promise<string | null> } {
  const { api, toasts } = useAdminServices();
  const [pending, setPending] = useState(false);
  const upload = useCallback(
    async (file: File) => {
      if (file.size > MAX_IMAGE_BYTES) {
        toasts.push('error', 'Картинка больше 6 МБ: уменьшите её и загрузите снова');
        return null;
      }
      setPending(true);
      try {
        const dataBase64 = await fileToBase64(file);
        const answer = await api.call(adminUploadImage, { body: { kind, dataBase64 } });
        toasts.push('success', 'Картинка загружена');
        return answer.imageUrl;
      } catch (error) {
        toasts.push('error', failureMessage(error));
        return null;
      } finally {
        setPending(false);
      }
    },
    [api, toasts, kind],
  );
  return { pending, upload };
}
