// Once per run of the API project (vitest.config.ts): a database the migrations have made, which each
// test's database starts from instead of running every migration again. PGlite: a dump of it in a file
// (loading one takes a third of the time a new cluster's initdb does); PostgreSQL: a template database
// (CREATE DATABASE … TEMPLATE copies it). Tests that are about migrations still start from nothing
// (createPostgresDatabase without a template).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.ts";
import { createPostgresDatabase, testDatabaseKind } from "./processes.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite: the file holding the migrated database's dump. */
    pgliteImage: string;
    /** PostgreSQL: the migrated database's name. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (testDatabaseKind === "pglite") {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "cultivate-test-image-"));
    const file = path.join(work, "migrated.tar.gz");
    const database = await openDatabase({ kind: "pglite" });
    try {
      fs.writeFileSync(file, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()));
    } finally {
      await database.close();
    }
    project.provide("pgliteImage", file);
    return () => fs.rmSync(work, { recursive: true, force: true });
  }
  const template = await createPostgresDatabase("cultivate_template");
  try {
    await (await openDatabase({ kind: "postgres", url: template.url, poolSize: 1 })).close();
  } catch (err) {
    await template.drop();
    throw err;
  }
  project.provide("postgresTemplate", new URL(template.url).pathname.slice(1));
  return () => template.drop();
}
