// /api/v1/admin/menu*, /admin/images, /admin/stop-list*: the menu editor.
import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/api/contract/admin/menu.js';
import { storeImage } from '../../services/admin/images.js';
import { createGroup, deleteGroup, getMenu, updateGroup } from '../../services/admin/menu.js';
import { createProduct, deleteProduct, updateProduct } from '../../services/admin/products.js';
import { readStopList, toggleStopList } from '../../services/admin/stopList.js';
import { adminRoute } from './adminRoute.js';

export function registerAdminMenu(app: FastifyInstance): void {
  const ctx = app.ctx;
  adminRoute(app, c.adminGetMenu, () => ctx.db.run(getMenu));
  adminRoute(app, c.adminCreateGroup, ({ ip, staff, body }) => createGroup({ ctx, ip, staff }, body));
  adminRoute(app, c.adminUpdateGroup, ({ ip, staff, params, body }) =>
    updateGroup({ ctx, ip, staff }, params.id, body),
  );
  adminRoute(app, c.adminDeleteGroup, ({ ip, staff, params }) => deleteGroup({ ctx, ip, staff }, params.id));
  adminRoute(app, c.adminCreateProduct, ({ ip, staff, body }) => createProduct({ ctx, ip, staff }, body));
  adminRoute(app, c.adminUpdateProduct, ({ ip, staff, params, body }) =>
    updateProduct({ ctx, ip, staff }, params.id, body),
  );
  adminRoute(app, c.adminDeleteProduct, ({ ip, staff, params }) => deleteProduct({ ctx, ip, staff }, params.id));
  adminRoute(app, c.adminUploadImage, ({ ip, staff, body }) =>
    storeImage({ ctx, ip, staff }, body.kind, body.dataBase64),
  );
  adminRoute(app, c.adminGetStopList, async () => ({ stopList: await ctx.db.run(readStopList) }));
  adminRoute(app, c.adminToggleStopList, ({ ip, staff, params, body }) =>
    toggleStopList({ ctx, ip, staff }, params.deliveryTerminalId, params.productId, body.stopped),
  );
}
