-- A manager: what an operator may, plus the reports (average ratings); not the admin's edits.
alter table staff drop constraint if exists staff_role_check;
alter table staff add constraint staff_role_check check (role in ('admin', 'manager', 'operator'));
