-- The four roles of part 1 §6. Users without any of them are plain signed-in users.
INSERT INTO "roles" ("name", "description") VALUES
  ('admin', 'Platform administrator: runs the installation'),
  ('org_owner', 'Organization owner: manages users and campaigns of the organization'),
  ('org_manager', 'Organization manager: manages campaigns and donors of the organization'),
  ('org_officer', 'Organization officer: works with donors and their own campaigns')
ON CONFLICT ("name") DO NOTHING;
