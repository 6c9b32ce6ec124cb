// /api/v1/admin/menu*, /admin/images, /admin/stop-list*: the menu editor.
import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/api/contract/admin/menu.js';
import {
  createGroup,
  createProduct,
  deleteGroup,
  deleteProduct,
  getMenu,
  readStopList,
  storeImage,
  toggleStopList,
  updateGroup,
  updateProduct,
} from '../../services/admin/menu.js';
import { adminRoute } from './adminRoute.js';

export function registerAdminMenu(app: FastifyInstance): void {
  const ctx = app.ctx;
  adminRoute(app, c.adminGetMenu, () => ctx.db.run(getMenu));
  adminRoute(app, c.adminCreateGroup, ({ request, staff, body }) => createGroup({ ctx, request, staff }, body));
  adminRoute(app, c.adminUpdateGroup, ({ request, staff, params, body }) =>
    updateGroup({ ctx, request, staff }, params.id, body),
  );
  adminRoute(app, c.adminDeleteGroup, ({ request, staff, params }) => deleteGroup({ ctx, request, staff }, params.id));
  adminRoute(app, c.adminCreateProduct, ({ request, staff, body }) => createProduct({ ctx, request, staff }, body));
  adminRoute(app, c.adminUpdateProduct, ({ request, staff, params, body }) =>
    updateProduct({ ctx, request, staff }, params.id, body),
  );
  adminRoute(app, c.adminDeleteProduct, ({ request, staff, params }) =>
    deleteProduct({ ctx, request, staff }, params.id),
  );
  adminRoute(app, c.adminUploadImage, ({ request, staff, body }) =>
    storeImage({ ctx, request, staff }, body.kind, body.dataBase64),
  );
  adminRoute(app, c.adminGetStopList, async () => ({ stopList: await ctx.db.run(readStopList) }));
  adminRoute(app, c.adminToggleStopList, ({ request, staff, params, body }) =>
    toggleStopList({ ctx, request, staff }, params.deliveryTerminalId, params.productId, body.stopped),
  );
}
