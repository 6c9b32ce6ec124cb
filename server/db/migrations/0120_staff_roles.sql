-- 0120 staff roles beyond admin and operator: a manager (figures and exports), the call centre
-- (orders taken by phone) and couriers (their own deliveries). See docs/ADMIN.md «Roles».
alter table staff drop constraint if exists staff_role_check;
alter table staff add constraint staff_role_check
  check (role in ('admin', 'manager', 'operator', 'callcentre', 'courier'));
