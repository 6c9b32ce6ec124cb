// Pictures staff upload for products, groups, stories and slides.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { UPLOADS_DIR_NAME } from '../../config.js';
import { unprocessable } from '../../http/errors.js';
import type { Actor } from './actor.js';
import { audit } from './audit.js';
import { MENU_MESSAGES } from './menu.js';

export const MAX_IMAGE_BYTES = 6 * 1024 * 1024;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'gif', 'heif']);

/**
 * Stores an uploaded picture under DATA_DIR/uploads/<kind>/ as WebP (at most 2000 px wide,
 * metadata stripped) and answers its /img URL; the /img pipeline resizes it like seed pictures.
 */
export async function storeImage(
  { ctx, ip, staff }: Actor,
  kind: 'products' | 'groups' | 'stories' | 'slides',
  dataBase64: string,
): Promise<{ imageUrl: string; width: number; height: number }> {
  const input = Buffer.from(dataBase64.replace(/^data:[^,]*,/, ''), 'base64');
  if (input.length > MAX_IMAGE_BYTES) throw unprocessable(MENU_MESSAGES.imageTooBig, 'image-too-big');
  let output: { data: Buffer; info: OutputInfo };
  try {
    const meta = await sharp(input).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format)) throw new Error('format');
    output = await sharp(input)
      .rotate()
      .resize({ width: 2000, withoutEnlargement: true })
      .webp({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unprocessable(MENU_MESSAGES.badImage, 'bad-image');
  }
  const name = `${randomUUID()}.webp`;
  const dir = path.join(ctx.config.dataDir, UPLOADS_DIR_NAME, kind);
  await fs.promises.mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${name}.tmp`);
  await fs.promises.writeFile(temp, output.data);
  await fs.promises.rename(temp, path.join(dir, name));
  const imageUrl = `/img/${UPLOADS_DIR_NAME}/${kind}/${name}`;
  await ctx.db.run((db) =>
    audit(
      db,
      staff,
      ip,
      {
        action: 'image.upload',
        entity: 'image',
        entityId: imageUrl,
        after: { kind, bytes: output.data.length, width: output.info.width, height: output.info.height },
      },
      ctx.clock.now(),
    ),
  );
  return { imageUrl, width: output.info.width, height: output.info.height };
}
